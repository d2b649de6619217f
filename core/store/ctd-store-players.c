/* ctd-store-players.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/*
 * The players, and the text the director types (shared with the
 * settings, ctd-store-settings.c). Every action runs between
 * ctd_store_action_begin() and ctd_store_action_commit(): it checks its
 * rule inside the transaction (so nothing another window wrote can slip
 * between check and write), and a refusal rolls everything back.
 *
 * Refusals by the rules of the game keep their own error domains
 * (CTD_RESULT_ERROR for a bad result line, CTD_CHOUETTE_ERROR,
 * CTD_DRAW_ERROR, CTD_ADVANCE_ERROR): their messages already say what
 * to do. Refusals about the event's records are CTD_STORE_ERROR.
 */

/* ---- text the director types ------------------------------------------ */

/* Names, clubs and venues are text the director typed: anything
 * printable, kept exactly as typed. Control characters would break
 * sheets and exports. */
gboolean
ctd_store_check_text (const char  *text,
                      const char  *what,
                      gsize        max_chars,
                      gboolean     required,
                      GError     **error)
{
  g_autofree char *stripped = NULL;

  if (text == NULL || *text == '\0')
    /* Translators: %s names a field, e.g. "club" or "venue". */
    return required ? ctd_store_refuse (error, _("The %s cannot be empty"), what) : TRUE;
  if (!g_utf8_validate (text, -1, NULL))
    return ctd_store_refuse (error, _("The %s is not valid text"), what);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_autofree char *shown = ctd_printable (text);

        return ctd_store_refuse (error, _("The %s “%s” contains a control character such as a "
                                   "line break"), what, shown);
      }
  if (g_utf8_strlen (text, -1) > (glong) max_chars)
    /* Translators: %s names a field, e.g. "club" or "venue". */
    return ctd_store_refuse (error, ngettext ("The %s is longer than %lu character",
                                              "The %s is longer than %lu characters",
                                              (gulong) max_chars),
                             what, (gulong) max_chars);
  stripped = g_strstrip (g_strdup (text));
  if (required && *stripped == '\0')
    return ctd_store_refuse (error, _("The %s cannot be only spaces"), what);
  return TRUE;
}

/* ---- players ------------------------------------------------------------- */

/* "Zoë", "ZOË" and "Zoe\u0308" are the same player; so are clubs and IDs
 * that differ only so. NULL and "" fold alike. */
static char *
name_key (const char *name)
{
  g_autofree char *normal = g_utf8_normalize (name != NULL ? name : "", -1, G_NORMALIZE_NFKC);
  g_autofree char *stripped = g_strstrip (g_strdup (normal));

  return g_utf8_casefold (stripped, -1);
}

/* "Riga, ID LV-7", "ID LV-7", "Riga" or NULL: what tells a player apart. */
static char *
identity_text (const char *club,
               const char *member_id)
{
  gboolean has_club = club != NULL && *club != '\0';
  gboolean has_id = member_id != NULL && *member_id != '\0';

  if (has_club && has_id)
    /* Translators: how a player is told apart from another of the same
     * name: their club, and ID their player ID (a club's or rating list's
     * number for them), e.g. "Ann Lee (Riga, ID 1234)". */
    return g_strdup_printf (_("%s, ID %s"), club, member_id);
  if (has_id)
    return g_strdup_printf (_("ID %s"), member_id);
  return has_club ? g_strdup (club) : NULL;
}

/**
 * ctd_store_describe_player:
 * @self: a store
 * @player_id: a player's id
 * @error: return location for a #GError
 *
 * How the audit log and messages name a player: the name, and when
 * another player (withdrawn ones included) has the same name, what
 * tells them apart: "Ann (Riga)", "Ann (ID LV-7)", else "Ann (#12)".
 *
 * Returns: (transfer full) (nullable): the text; %NULL with @error set
 *   (%CTD_STORE_ERROR_NOT_FOUND for an unknown player)
 */
char *
ctd_store_describe_player (CtdStore  *self,
                           gint64     player_id,
                           GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *identity = NULL;
  const char *name;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT p.name, p.club, p.member_id, EXISTS (SELECT 1 "
                            "  FROM player AS q WHERE q.name_key = p.name_key AND q.id != p.id) "
                            "FROM player AS p WHERE p.id = ?1",
                            CTD_ARGS (CTD_INT (player_id)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return NULL;
  if (step == CTD_STEP_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   /* Translators: %lld is a player's number in the event file. */
                   _("There is no player %lld in this event"), (long long) player_id);
      return NULL;
    }
  name = (const char *) sqlite3_column_text (stmt, 0);
  if (sqlite3_column_int64 (stmt, 3) == 0)
    return g_strdup (name);
  identity = identity_text ((const char *) sqlite3_column_text (stmt, 1),
                            (const char *) sqlite3_column_text (stmt, 2));
  if (identity != NULL)
    return g_strdup_printf ("%s (%s)", name, identity);
  return g_strdup_printf ("%s (#%" G_GINT64_FORMAT ")", name, player_id);
}

/* The active player (other than @except) with the same name, club and
 * player ID, all folded: two players may share a name only when their
 * club or ID tells them apart. Sets *@out_clash to a description of it,
 * or NULL when there is none. */
static gboolean
find_identity_clash (CtdStore    *self,
                     const char  *name,
                     const char  *club,
                     const char  *member_id,
                     gint64       except,
                     char       **out_clash,
                     GError     **error)
{
  g_autofree char *key = name_key (name);
  g_autofree char *club_key = name_key (club);
  g_autofree char *id_key = name_key (member_id);
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  *out_clash = NULL;
  stmt = ctd_store_prepare (self, "SELECT id, name, club, member_id FROM player "
                            "WHERE name_key = ?1 AND withdrawn = 0 AND id != ?2",
                            CTD_ARGS (CTD_TEXT (key), CTD_INT (except)), error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      g_autofree char *other_club = name_key ((const char *) sqlite3_column_text (stmt, 2));
      g_autofree char *other_id = name_key ((const char *) sqlite3_column_text (stmt, 3));
      g_autofree char *identity = NULL;

      if (strcmp (club_key, other_club) != 0 || strcmp (id_key, other_id) != 0)
        continue;
      identity = identity_text ((const char *) sqlite3_column_text (stmt, 2),
                                (const char *) sqlite3_column_text (stmt, 3));
      *out_clash = g_strdup_printf ("#%" G_GINT64_FORMAT " %s%s%s%s",
                                    (gint64) sqlite3_column_int64 (stmt, 0),
                                    sqlite3_column_text (stmt, 1), identity ? " (" : "",
                                    identity ? identity : "", identity ? ")" : "");
      return TRUE;
    }
  return step == CTD_STEP_DONE;
}

/* A player's name, club and ID as they must be to be stored, whether
 * registered or edited: a name fit to print, a club and an ID within
 * their limits. */
static gboolean
check_player_text (const char  *name,
                   const char  *club,
                   const char  *member_id,
                   GError     **error)
{
  /* Translators: these name what the director typed, in "The %s
   * cannot be empty" and the like; a player ID is a club's or rating
   * list's number for the player. */
  return ctd_store_check_text (name, _("player's name"), CTD_STORE_TEXT_MAX, TRUE, error) &&
         ctd_store_check_text (club, _("club"), CTD_STORE_TEXT_MAX, FALSE, error) &&
         ctd_store_check_text (member_id, _("player ID"), CTD_STORE_MEMBER_ID_MAX, FALSE, error);
}

/* Adds one player inside the current action. The same name, club and
 * player ID as an active player (folded), or a name not fit to print, is
 * refused with CTD_STORE_ERROR_REFUSED, having changed nothing. */
static gboolean
insert_player (CtdStore    *self,
               const char  *name,
               const char  *club,
               const char  *member_id,
               gboolean     checked_in,
               gint64      *out_id,
               GError     **error)
{
  g_autofree char *key = NULL;
  g_autofree char *clash = NULL;

  if (!check_player_text (name, club, member_id, error) ||
      !find_identity_clash (self, name, club, member_id, 0, &clash, error))
    return FALSE;
  if (clash != NULL)
    return ctd_store_refuse (error, _("There is already a player %s; to register another player "
                               "of that name, give a club or player ID that tells them apart"),
                             clash);

  key = name_key (name);
  if (!ctd_store_run (self, "INSERT INTO player (name, name_key, club, member_id, checked_in) "
                      "VALUES (?1, ?2, ?3, ?4, ?5)",
                      CTD_ARGS (CTD_TEXT (name), CTD_TEXT (key),
                                CTD_TEXT (club != NULL && *club != '\0' ? club : NULL),
                                CTD_TEXT (member_id != NULL && *member_id != '\0' ? member_id : NULL),
                                CTD_INT (!!checked_in)),
                      error))
    return FALSE;
  if (out_id != NULL)
    *out_id = sqlite3_last_insert_rowid (self->db);
  return TRUE;
}

/**
 * ctd_store_add_player:
 * @self: a store
 * @name: the player's name, printed as typed
 * @club: (nullable): the player's club
 * @member_id: (nullable): the player's ID (e.g. a federation number)
 * @checked_in: whether the player is here now (an event where everyone
 *   registered is present); otherwise the director checks them in
 *   before the draw
 * @out_id: (out) (optional): the new player's id
 * @error: return location for a #GError
 *
 * Registers a player. Two players may share a name when their club or
 * player ID tells them apart; the same name, club and ID as an active
 * player (ignoring case) is refused, as is a name not fit to print.
 *
 * Returns: whether the player was added
 */
gboolean
ctd_store_add_player (CtdStore    *self,
                      const char  *name,
                      const char  *club,
                      const char  *member_id,
                      gboolean     checked_in,
                      gint64      *out_id,
                      GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  g_autofree char *label = NULL;
  gint64 id;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "add-player", error) ||
      !insert_player (self, name, club, member_id, checked_in, &id, error) ||
      (label = ctd_store_describe_player (self, id, error)) == NULL)
    return FALSE;
  /* Translators: lines of the event's log; %s is a player. */
  summary = checked_in ? g_strdup_printf (_("Added %s, checked in"), label)
                       : g_strdup_printf (_("Added %s"), label);
  if (!ctd_store_action_commit (&action, summary, error))
    return FALSE;
  if (out_id != NULL)
    *out_id = id;
  return TRUE;
}

/**
 * ctd_store_import_players:
 * @self: a store
 * @source: where the players come from (a file name), for the audit log
 * @players: (array length=n_players): the players to register
 * @n_players: how many
 * @checked_in: whether they are all here now (see ctd_store_add_player())
 * @out_reasons: (out caller-allocates) (array length=n_players): for each
 *   player, %NULL when added, else why it was skipped (transfer full:
 *   free each)
 * @out_n_added: (out): how many were added
 * @error: return location for a #GError
 *
 * Registers a list of players as one action, so one undo takes the whole
 * import back. A player the rules refuse (the same name, club and ID as
 * an active player, an empty name) is skipped with its reason; the
 * others are added. Only a failure of the file itself stops the import,
 * and then nothing is added.
 *
 * Returns: whether the import ran (possibly adding nobody)
 */
gboolean
ctd_store_import_players (CtdStore            *self,
                          const char          *source,
                          const CtdNewPlayer  *players,
                          gsize                n_players,
                          gboolean             checked_in,
                          char               **out_reasons,
                          guint               *out_n_added,
                          GError             **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  gboolean failed = FALSE;
  guint n_added = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (players != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (out_reasons != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (gsize i = 0; i < n_players; i++)
    out_reasons[i] = NULL;
  if (!ctd_store_action_begin (self, &action, "import-players", error))
    return FALSE;

  for (gsize i = 0; i < n_players; i++)
    {
      g_autoptr(GError) refusal = NULL;

      if (insert_player (self, players[i].name, players[i].club, players[i].member_id,
                         checked_in, NULL, &refusal))
        n_added++;
      else if (g_error_matches (refusal, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED))
        out_reasons[i] = g_strdup (refusal->message);
      else
        {
          g_propagate_error (error, g_steal_pointer (&refusal));
          failed = TRUE;
          break;
        }
    }

  /* Nobody added: nothing to undo, so no audit entry (the guard rolls
   * the empty action back). */
  if (checked_in)
    /* Translators: lines of the event's log; %s is the file the players
     * came from. */
    summary = g_strdup_printf (ngettext ("Imported %u player from %s, checked in",
                                         "Imported %u players from %s, checked in", n_added),
                               n_added, source);
  else
    summary = g_strdup_printf (ngettext ("Imported %u player from %s",
                                         "Imported %u players from %s", n_added),
                               n_added, source);
  if (failed ||
      (n_added > 0 && !ctd_store_action_commit (&action, summary, error)))
    {
      for (gsize i = 0; i < n_players; i++)
        g_clear_pointer (&out_reasons[i], g_free);
      return FALSE;
    }
  *out_n_added = n_added;
  return TRUE;
}

/* Looks a player up inside an action: their description for the log,
 * and whether they have withdrawn. */
static gboolean
find_player (CtdStore   *self,
             gint64      player_id,
             char      **out_label,
             gboolean   *out_withdrawn,
             GError    **error)
{
  gint64 withdrawn = 0;

  *out_label = ctd_store_describe_player (self, player_id, error);
  if (*out_label == NULL ||
      !ctd_store_query_int64 (self, "SELECT withdrawn FROM player WHERE id = ?1",
                              CTD_ARGS (CTD_INT (player_id)), &withdrawn, error))
    return FALSE;
  *out_withdrawn = withdrawn != 0;
  return TRUE;
}

/**
 * ctd_store_set_checked_in:
 * @self: a store
 * @player_id: the player's id
 * @checked_in: whether the player is here to be drawn
 * @error: return location for a #GError
 *
 * Checks a player in or out; only checked-in players are drawn for
 * qualifying. A player already so leaves no audit entry; a withdrawn
 * player is refused (reinstate them first).
 *
 * Returns: whether the player is now as asked
 */
gboolean
ctd_store_set_checked_in (CtdStore  *self,
                          gint64     player_id,
                          gboolean   checked_in,
                          GError   **error)
{
  return ctd_store_set_checked_in_players (self, &player_id, 1, checked_in, NULL, error);
}

/* The names an audit summary lists before it says "and N more": enough
 * to tell a group that came together, short enough to read in the log. */
#define CHECK_IN_NAMES_SHOWN 10

/**
 * ctd_store_set_checked_in_players:
 * @self: a store
 * @player_ids: (array length=n_players): the players' ids
 * @n_players: how many
 * @checked_in: whether they are here to be drawn
 * @out_n_changed: (out) (optional): how many were not so before
 * @error: return location for a #GError
 *
 * Checks several players in or out as one action: one audit entry
 * ("Checked in 5 players: Ann, Bea, ..."; one player's reads as
 * ctd_store_set_checked_in()'s), so one undo takes the whole group back.
 * Players already so are left as they are; when all are, there is no
 * entry. An unknown player (%CTD_STORE_ERROR_NOT_FOUND) or a withdrawn one
 * (%CTD_STORE_ERROR_REFUSED, naming them) refuses the whole group, having
 * changed nothing.
 *
 * Returns: whether every player is now as asked
 */
gboolean
ctd_store_set_checked_in_players (CtdStore      *self,
                                  const gint64  *player_ids,
                                  gsize          n_players,
                                  gboolean       checked_in,
                                  guint         *out_n_changed,
                                  GError       **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) summary = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (player_ids != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, checked_in ? "check-in" : "check-out", error))
    return FALSE;
  for (gsize i = 0; i < n_players; i++)
    {
      g_autofree char *label = NULL;
      gboolean withdrawn;

      if (!find_player (self, player_ids[i], &label, &withdrawn, error))
        return FALSE;
      if (withdrawn)
        return ctd_store_refuse (error, _("%s has withdrawn from the event; reinstate them first"),
                                 label);
      if (!ctd_store_run (self, "UPDATE player SET checked_in = ?2 "
                          "WHERE id = ?1 AND checked_in IS NOT ?2",
                          CTD_ARGS (CTD_INT (player_ids[i]), CTD_INT (!!checked_in)), error))
        return FALSE;
      if (sqlite3_changes (self->db) > 0)
        g_ptr_array_add (changed, g_steal_pointer (&label));
    }

  if (changed->len == 1)
    /* Translators: lines of the event's log; %s is a player. */
    g_string_printf (summary, checked_in ? _("Checked in %s") : _("Checked out %s"),
                     (const char *) changed->pdata[0]);
  else if (changed->len > 1)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < MIN (changed->len, CHECK_IN_NAMES_SHOWN); i++)
        g_string_append_printf (names, "%s%s", i == 0 ? "" : ", ",
                                (const char *) changed->pdata[i]);
      if (changed->len > CHECK_IN_NAMES_SHOWN)
        {
          guint n_more = changed->len - CHECK_IN_NAMES_SHOWN;
          g_autofree char *shown = g_strdup (names->str);

          /* Translators: the first names of a list too long to give in
           * full, then how many more there are. */
          g_string_printf (names, ngettext ("%s and %u more", "%s and %u more", n_more), shown,
                           n_more);
        }
      if (checked_in)
        /* Translators: lines of the event's log: how many players, then
         * their names. */
        g_string_printf (summary, ngettext ("Checked in %u player: %s",
                                            "Checked in %u players: %s", changed->len),
                         changed->len, names->str);
      else
        g_string_printf (summary, ngettext ("Checked out %u player: %s",
                                            "Checked out %u players: %s", changed->len),
                         changed->len, names->str);
    }
  /* Nobody changed: the action changed no row and leaves no entry. */
  if (!ctd_store_action_commit (&action, summary->str, error))
    return FALSE;
  if (out_n_changed != NULL)
    *out_n_changed = changed->len;
  return TRUE;
}

/* Refuses (CTD_STORE_ERROR_CONFIRM) to withdraw a player who sits in a
 * chouette that is drawn or in play, saying what the director can do. */
static gboolean
check_not_seated (CtdStore    *self,
                  gint64       player_id,
                  const char  *label,
                  GError     **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  guint round, number;
  gint64 n_games, round_games;
  CtdStep step;

  stmt = ctd_store_prepare (self,
                            "SELECT * FROM ("
                            "  SELECT c.round, c.number, "
                            "    (SELECT count (*) FROM game WHERE game.chouette = c.id) AS n_games, "
                            "    (SELECT count (*) FROM game JOIN chouette AS other "
                            "       ON other.id = game.chouette WHERE other.round = c.round) "
                            "  FROM seat AS s JOIN chouette AS c ON c.id = s.chouette "
                            "    JOIN round AS r ON r.id = c.round "
                            "  WHERE s.player = ?1 AND r.released = 0 "
                            "    AND NOT EXISTS (SELECT 1 FROM round AS later WHERE later.id > r.id)) "
                            "WHERE n_games < ?2 ORDER BY 1 DESC LIMIT 1",
                            CTD_ARGS (CTD_INT (player_id), CTD_INT (CTD_N_GAMES)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    return TRUE;
  round = (guint) sqlite3_column_int64 (stmt, 0);
  number = (guint) sqlite3_column_int64 (stmt, 1);
  n_games = sqlite3_column_int64 (stmt, 2);
  round_games = sqlite3_column_int64 (stmt, 3);
  if (round_games == 0)
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                 _("%s is drawn in chouette %u.%u, and round %u has not started: to take them "
                   "out, confirm the withdrawal, then redraw the round without them"),
                 label, round, number, round);
  else
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                 /* Translators: a player, the round and chouette numbers
                  * ("2.3" is chouette 3 of round 2), then how many of
                  * its games are entered (of 12); the Captain leads
                  * the crew, the players against the Box. */
                 _("%s plays in chouette %u.%u, which is in play (%lld of %d games entered): "
                   "under rule 3.1 the Captain acts for an absent player; to withdraw them "
                   "anyway, confirm the withdrawal"),
                 label, round, number, (long long) n_games, CTD_N_GAMES);
  return FALSE;
}

/**
 * ctd_store_withdraw_player:
 * @self: a store
 * @player_id: the player's id
 * @force: withdraw even a player who sits in a chouette that is drawn or
 *   in play
 * @error: return location for a #GError
 *
 * Withdraws a player from the event: they are no longer drawn, and their
 * name is free for a new entry. Their records in drawn rounds stay. A
 * player seated in a chouette that is drawn or in play is refused
 * unless @force (%CTD_STORE_ERROR_CONFIRM, saying what the director can
 * do: redraw a round that has not started; under rule 3.1 the Captain
 * acts for an absent player during play).
 *
 * Returns: whether the player is withdrawn
 */
gboolean
ctd_store_withdraw_player (CtdStore  *self,
                           gint64     player_id,
                           gboolean   force,
                           GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *label = NULL;
  g_autofree char *summary = NULL;
  gboolean withdrawn;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "withdraw-player", error) ||
      !find_player (self, player_id, &label, &withdrawn, error))
    return FALSE;
  if (withdrawn)
    return ctd_store_refuse (error, _("%s has withdrawn from the event already"), label);
  if (!force && !check_not_seated (self, player_id, label, error))
    return FALSE;
  /* Translators: lines of the event's log; %s is a player. */
  summary = g_strdup_printf (force ? _("Withdrew %s (forced)") : _("Withdrew %s"), label);
  return ctd_store_run (self, "UPDATE player SET checked_in = 0, withdrawn = 1 WHERE id = ?1",
                        CTD_ARGS (CTD_INT (player_id)), error) &&
         ctd_store_action_commit (&action, summary, error);
}

/**
 * ctd_store_reinstate_player:
 * @self: a store
 * @player_id: a withdrawn player's id
 * @error: return location for a #GError
 *
 * Takes a withdrawal back (the player came after all): the player is
 * registered again, not checked in. Refused when the player has not
 * withdrawn, or when an active player now has the same name, club and
 * player ID.
 *
 * Returns: whether the player is registered again
 */
gboolean
ctd_store_reinstate_player (CtdStore  *self,
                            gint64     player_id,
                            GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *label = NULL;
  g_autofree char *clash = NULL;
  g_autofree char *summary = NULL;
  gboolean withdrawn;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "reinstate-player", error) ||
      !find_player (self, player_id, &label, &withdrawn, error))
    return FALSE;
  if (!withdrawn)
    return ctd_store_refuse (error, _("%s has not withdrawn: there is nothing to reinstate"),
                             label);
  stmt = ctd_store_prepare (self, "SELECT name, club, member_id FROM player WHERE id = ?1",
                            CTD_ARGS (CTD_INT (player_id)), error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW ||
      !find_identity_clash (self, (const char *) sqlite3_column_text (stmt, 0),
                            (const char *) sqlite3_column_text (stmt, 1),
                            (const char *) sqlite3_column_text (stmt, 2), player_id, &clash,
                            error))
    return FALSE;
  if (clash != NULL)
    return ctd_store_refuse (error, _("%s cannot be reinstated: %s, registered since, has the "
                               "same name, club and player ID"), label, clash);
  g_clear_pointer (&stmt, ctd_store_release_statement);
  /* Translators: a line of the event's log; %s is a player. */
  summary = g_strdup_printf (_("Reinstated %s"), label);
  return ctd_store_run (self, "UPDATE player SET withdrawn = 0 WHERE id = ?1",
                        CTD_ARGS (CTD_INT (player_id)), error) &&
         ctd_store_action_commit (&action, summary, error);
}

/* Appends one field's change ("name “Ann” -> “Ann Lee”") to @changes,
 * after those before it, when @before and @after (%NULL for none) differ. */
static void
append_field_change (GString     *changes,
                     const char  *field,
                     const char  *before,
                     const char  *after)
{
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  g_autofree char *change = NULL;
  g_autofree char *so_far = NULL;

  if (g_strcmp0 (before, after) == 0)
    return;
  /* Translators: a value the director typed, quoted in the event's
   * log, or "none" for a club or player ID left empty. */
  old_text = before != NULL ? g_strdup_printf (_("“%s”"), before)
                            : g_strdup (C_("player field", "none"));
  new_text = after != NULL ? g_strdup_printf (_("“%s”"), after)
                           : g_strdup (C_("player field", "none"));
  /* Translators: in "Edited Ann: name “Ann” -> “Ann Lee”, club ...":
   * what changed (name, club or player ID), its old and new values. */
  change = g_strdup_printf (_("%s %s -> %s"), field, old_text, new_text);
  if (changes->len == 0)
    {
      g_string_append (changes, change);
      return;
    }
  so_far = g_strdup (changes->str);
  /* Translators: a player's changes one after another in the event's
   * log: those so far (first %s) and one more ("name “Ann” -> “Ann
   * Lee”, club none -> “Riga”"). */
  g_string_printf (changes, C_("list of changes", "%s, %s"), so_far, change);
}

/**
 * ctd_store_edit_player:
 * @self: a store
 * @player_id: the player's id
 * @name: (nullable): the player's name, printed as typed; %NULL keeps it
 * @club: (nullable): the player's club, "" for none; %NULL keeps it
 * @member_id: (nullable): the player's ID, "" for none; %NULL keeps it
 * @error: return location for a #GError
 *
 * Corrects a player's name, club or player ID (an action: logged with
 * what changed, undoable). The draw, standings, sheets and exports read
 * a player's name by id, so they show the new one; earlier log entries
 * keep what they said. The new details pass the checks of
 * ctd_store_add_player(): a name fit to print, and, for a player who has
 * not withdrawn, not the same name, club and ID as another active
 * player (a withdrawn player's details are checked when they are
 * reinstated). A refusal names the player and changes nothing. Details
 * that are the same as before leave no audit entry.
 *
 * Returns: whether the player now has the details asked for
 */
gboolean
ctd_store_edit_player (CtdStore    *self,
                       gint64       player_id,
                       const char  *name,
                       const char  *club,
                       const char  *member_id,
                       GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdStmt) stmt = NULL;
  g_autoptr(GString) changes = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *label = NULL;
  g_autofree char *old_name = NULL;
  g_autofree char *old_club = NULL;
  g_autofree char *old_member_id = NULL;
  g_autofree char *clash = NULL;
  g_autofree char *key = NULL;
  gboolean withdrawn;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "edit-player", error) ||
      !find_player (self, player_id, &label, &withdrawn, error))
    return FALSE;
  stmt = ctd_store_prepare (self, "SELECT name, club, member_id FROM player WHERE id = ?1",
                            CTD_ARGS (CTD_INT (player_id)), error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW)
    return FALSE;
  old_name = ctd_store_column_dup (stmt, 0);
  old_club = ctd_store_column_dup (stmt, 1);
  old_member_id = ctd_store_column_dup (stmt, 2);
  g_clear_pointer (&stmt, ctd_store_release_statement);

  /* Stored as add stores them: no club or ID is NULL, never "". */
  name = name != NULL ? name : old_name;
  club = club == NULL ? old_club : *club != '\0' ? club : NULL;
  member_id = member_id == NULL ? old_member_id : *member_id != '\0' ? member_id : NULL;

  /* A withdrawn player's name is free for a new entry: only their
   * reinstatement must not clash. */
  if (!check_player_text (name, club, member_id, error) ||
      (!withdrawn &&
       !find_identity_clash (self, name, club, member_id, player_id, &clash, error)))
    {
      g_prefix_error (error, _("%s: "), label);
      return FALSE;
    }
  if (clash != NULL)
    return ctd_store_refuse (error, _("%s cannot take these details: %s has the same name, club "
                               "and player ID; give a club or player ID that tells them apart"),
                             label, clash);

  changes = g_string_new (NULL);
  append_field_change (changes, C_("player field", "name"), old_name, name);
  append_field_change (changes, C_("player field", "club"), old_club, club);
  append_field_change (changes, C_("player field", "player ID"), old_member_id, member_id);
  /* Translators: a line of the event's log: the player (%1$s) and
   * what changed ("name “Ann” -> “Ann Lee”, club none -> “Riga”"). */
  summary = changes->len > 0 ? g_strdup_printf (_("Edited %1$s: %2$s"), label, changes->str)
                             /* Translators: a line of the event's log; %s is a player. */
                             : g_strdup_printf (_("Edited %s"), label);
  key = name_key (name);
  /* Nothing different: no row changes, so the action leaves no entry. */
  return ctd_store_run (self, "UPDATE player SET name = ?2, name_key = ?3, club = ?4, "
                        "  member_id = ?5 "
                        "WHERE id = ?1 AND (name IS NOT ?2 OR club IS NOT ?4 "
                        "                   OR member_id IS NOT ?5)",
                        CTD_ARGS (CTD_INT (player_id), CTD_TEXT (name), CTD_TEXT (key),
                                  CTD_TEXT (club), CTD_TEXT (member_id)),
                        error) &&
         ctd_store_action_commit (&action, summary, error);
}
