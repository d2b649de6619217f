/* ctd-store-actions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include "ctd-advance.h"
#include "ctd-draw.h"

#include <string.h>

/*
 * The director's actions and the read side. Every action runs between
 * ctd_store_action_begin() and ctd_store_action_commit(): it checks its
 * rule inside the transaction (so nothing another window wrote can slip
 * between check and write) and a refusal rolls everything back.
 *
 * Refusals by the rules of the game keep their own error domains
 * (CTD_RESULT_ERROR for a bad result line, CTD_CHOUETTE_ERROR,
 * CTD_DRAW_ERROR, CTD_ADVANCE_ERROR): their messages already say what
 * to do. Refusals about the event's records are CTD_STORE_ERROR.
 */

void
ctd_event_settings_clear (CtdEventSettings *settings)
{
  g_clear_pointer (&settings->name, g_free);
  g_clear_pointer (&settings->date, g_free);
  g_clear_pointer (&settings->venue, g_free);
}

void
ctd_store_player_free (CtdStorePlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->club);
  g_free (player->member_id);
  g_free (player);
}

void
ctd_store_chouette_free (CtdStoreChouette *chouette)
{
  if (chouette == NULL)
    return;
  for (guint i = 0; i < CTD_MAX_PLAYERS; i++)
    g_free (chouette->names[i]);
  g_free (chouette);
}

void
ctd_store_game_free (CtdStoreGame *game)
{
  if (game == NULL)
    return;
  g_free (game->entered);
  g_free (game->canonical);
  g_free (game);
}

void
ctd_store_audit_entry_free (CtdStoreAuditEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->time);
  g_free (entry->action);
  g_free (entry->summary);
  g_free (entry->before);
  g_free (entry->after);
  g_free (entry);
}

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, message);
  return FALSE;
}

/* Steps a statement that returns no row. */
static gboolean
step_done (CtdStore      *self,
           sqlite3_stmt  *stmt,
           GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE)
    return ctd_store_fail (self, rc, error);
  return TRUE;
}

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, column));
}

/* ---- lookups ----------------------------------------------------- */

static gboolean
get_direction (CtdStore                 *self,
               CtdLastSegmentDirection  *out_direction,
               GError                  **error)
{
  CtdEventSettings settings = { 0, };

  if (!ctd_store_get_settings (self, &settings, error))
    return FALSE;
  *out_direction = settings.direction;
  ctd_event_settings_clear (&settings);
  return TRUE;
}

/* The number of the newest round, or 0 before the first draw. */
static gboolean
get_last_round (CtdStore  *self,
                guint     *out_round,
                GError   **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  stmt = ctd_store_prepare (self, "SELECT coalesce (max (id), 0) FROM round", error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  *out_round = (guint) sqlite3_column_int64 (stmt, 0);
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
find_chouette (CtdStore  *self,
               guint      round,
               guint      number,
               gint64    *out_id,
               guint     *out_size,
               GError   **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  stmt = ctd_store_prepare (self, "SELECT id, size FROM chouette WHERE round = ?1 AND number = ?2",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  sqlite3_bind_int64 (stmt, 2, number);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "There is no chouette %u.%u in this event", round, number);
      goto out;
    }
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  *out_id = sqlite3_column_int64 (stmt, 0);
  if (out_size != NULL)
    *out_size = (guint) sqlite3_column_int64 (stmt, 1);
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

/* Rebuilds a chouette from its records: the fixed last-segment order
 * first (later games rest on it), then every game's canonical line. */
static CtdChouette *
load_chouette (CtdStore  *self,
               gint64     chouette_id,
               guint      size,
               GError   **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  CtdLastSegmentDirection direction;
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  if (!get_direction (self, &direction, error))
    return NULL;
  chouette = ctd_chouette_new (size, direction);

  stmt = ctd_store_prepare (self,
                            "SELECT json_extract (last_order, '$[0]'), "
                            "  json_extract (last_order, '$[1]'), json_extract (last_order, '$[2]') "
                            "FROM chouette WHERE id = ?1 AND last_order IS NOT NULL",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      guint order[CTD_MAX_PLAYERS - 1] = { 0, };

      for (guint i = 0; i < size - 1; i++)
        order[i] = (guint) sqlite3_column_int64 (stmt, (int) i);
      if (!ctd_chouette_fix_last_segment_order (chouette, order, error))
        goto out;
    }
  else if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  stmt = ctd_store_prepare (self, "SELECT number, canonical FROM game WHERE chouette = ?1 "
                            "ORDER BY number", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      guint game = (guint) sqlite3_column_int64 (stmt, 0);

      if (!ctd_chouette_record (chouette, game, (const char *) sqlite3_column_text (stmt, 1),
                                error))
        {
          g_prefix_error (error, "“%s” holds a result that no longer reads: ",
                          self->display_name);
          goto out;
        }
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&chouette) : NULL;
}

/* Whether the paper totals typed for a chouette (if any) agree. */
static gboolean
crosscheck_agrees (CtdStore           *self,
                   const CtdChouette  *chouette,
                   guint               round,
                   guint               number,
                   gboolean           *out_agrees,
                   GError            **error)
{
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS];
  g_autoptr(GArray) mismatches = NULL;

  if (!ctd_store_get_crosscheck (self, round, number, paper, given, error))
    return FALSE;
  mismatches = ctd_chouette_crosscheck (chouette, paper, given);
  *out_agrees = mismatches->len == 0;
  return TRUE;
}

/* SPEC 6: drawn -> in play -> complete -> released -> closed. Only
 * "released" is stored; the rest follows from the records. */
/* Whether the round's results are frozen: CLOSED once a later round is
 * drawn, RELEASED once posted; else *@out_frozen is FALSE. Cheap: it reads
 * no game, so that recording one stays fast in a large round. */
static gboolean
get_round_frozen (CtdStore       *self,
                  guint           round,
                  gboolean       *out_frozen,
                  CtdRoundState  *out_state,
                  GError        **error)
{
  sqlite3_stmt *stmt = NULL;
  guint last_round;
  gboolean ok = FALSE;
  int rc;

  if (!get_last_round (self, &last_round, error))
    return FALSE;

  stmt = ctd_store_prepare (self, "SELECT released FROM round WHERE id = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "There is no round %u in this event", round);
      goto out;
    }
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  *out_frozen = round < last_round || sqlite3_column_int64 (stmt, 0) != 0;
  *out_state = round < last_round ? CTD_ROUND_CLOSED : CTD_ROUND_RELEASED;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
get_round_state (CtdStore       *self,
                 guint           round,
                 CtdRoundState  *out_state,
                 GError        **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean frozen;
  gboolean any_game = FALSE;
  gboolean complete = TRUE;
  gboolean ok = FALSE;
  int rc;

  if (!get_round_frozen (self, round, &frozen, out_state, error))
    return FALSE;
  if (frozen)
    return TRUE;

  stmt = ctd_store_prepare (self, "SELECT id, number, size FROM chouette WHERE round = ?1",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(CtdChouette) chouette = NULL;
      gboolean agrees = FALSE;

      chouette = load_chouette (self, sqlite3_column_int64 (stmt, 0),
                                (guint) sqlite3_column_int64 (stmt, 2), error);
      if (chouette == NULL)
        goto out;
      any_game |= ctd_chouette_get_n_recorded (chouette) > 0;
      if (!crosscheck_agrees (self, chouette, round, (guint) sqlite3_column_int64 (stmt, 1),
                              &agrees, error))
        goto out;
      complete &= ctd_chouette_is_complete (chouette) && agrees;
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  *out_state = complete ? CTD_ROUND_COMPLETE : any_game ? CTD_ROUND_IN_PLAY : CTD_ROUND_DRAWN;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

/* Results may change until the round's scores are released. */
static gboolean
check_round_open (CtdStore  *self,
                  guint      round,
                  GError   **error)
{
  CtdRoundState state;
  gboolean frozen;

  if (!get_round_frozen (self, round, &frozen, &state, error))
    return FALSE;
  if (frozen && state == CTD_ROUND_CLOSED)
    return refuse (error, "Round %u is closed: round %u is drawn, so its results can no longer "
                   "change", round, round + 1);
  if (frozen)
    return refuse (error, "Round %u is released: its results can no longer change; "
                   "undo the release first", round);
  return TRUE;
}

/* ---- event settings ------------------------------------------------ */

/**
 * ctd_store_get_settings:
 * @self: a store
 * @out_settings: (out caller-allocates): clear with ctd_event_settings_clear()
 * @error: return location for a #GError
 */
gboolean
ctd_store_get_settings (CtdStore          *self,
                        CtdEventSettings  *out_settings,
                        GError           **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_settings != NULL, FALSE);

  stmt = ctd_store_prepare (self,
                            "SELECT name, date, venue, stake_cents, entry_fee_cents, direction "
                            "FROM event WHERE id = 1",
                            error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                     "“%s” has lost its event settings", self->display_name);
      else
        ctd_store_fail (self, rc, error);
      goto out;
    }
  out_settings->name = column_dup (stmt, 0);
  out_settings->date = column_dup (stmt, 1);
  out_settings->venue = column_dup (stmt, 2);
  out_settings->stake_cents = sqlite3_column_int64 (stmt, 3);
  out_settings->entry_fee_cents = sqlite3_column_int64 (stmt, 4);
  if (!ctd_last_segment_direction_parse ((const char *) sqlite3_column_text (stmt, 5),
                                         &out_settings->direction))
    out_settings->direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

gboolean
ctd_store_set_settings (CtdStore                *self,
                        const CtdEventSettings  *settings,
                        GError                 **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_validate_settings (settings, error) ||
      !ctd_store_action_begin (self, "set-settings", error))
    return FALSE;

  stmt = ctd_store_prepare (self,
                            "UPDATE event SET name = ?1, date = ?2, venue = ?3, stake_cents = ?4, "
                            "  entry_fee_cents = ?5, direction = ?6 "
                            "WHERE id = 1 AND (name, date, venue, stake_cents, entry_fee_cents, "
                            "  direction) IS NOT (?1, ?2, ?3, ?4, ?5, ?6)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_text (stmt, 1, settings->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, settings->date != NULL ? settings->date : "", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, settings->venue != NULL ? settings->venue : "", -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, settings->stake_cents);
  sqlite3_bind_int64 (stmt, 5, settings->entry_fee_cents);
  sqlite3_bind_text (stmt, 6, ctd_last_segment_direction_to_string (settings->direction), -1,
                     SQLITE_STATIC);
  if (!step_done (self, stmt, error) ||
      !ctd_store_action_commit (self, "Changed the event settings", error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/* ---- players --------------------------------------------------------- */

/* Names are text the director typed: anything printable, kept exactly
 * as typed. Control characters would break sheets and exports. */
static gboolean
check_text (const char  *text,
            const char  *what,
            gsize        max_chars,
            gboolean     required,
            GError     **error)
{
  g_autofree char *stripped = NULL;

  if (text == NULL || *text == '\0')
    return required ? refuse (error, "The %s cannot be empty", what) : TRUE;
  if (!g_utf8_validate (text, -1, NULL))
    return refuse (error, "The %s is not valid text", what);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return refuse (error, "The %s “%s” contains a control character such as a line break",
                     what, text);
  if (g_utf8_strlen (text, -1) > (glong) max_chars)
    return refuse (error, "The %s is longer than %" G_GSIZE_FORMAT " characters", what,
                   max_chars);
  stripped = g_strstrip (g_strdup (text));
  if (required && *stripped == '\0')
    return refuse (error, "The %s cannot be only spaces", what);
  return TRUE;
}

/* "Zoë", "ZOË" and "Zoe\u0308" are the same player. */
static char *
name_key (const char *name)
{
  g_autofree char *normal = g_utf8_normalize (name, -1, G_NORMALIZE_NFKC);
  g_autofree char *stripped = g_strstrip (g_strdup (normal));

  return g_utf8_casefold (stripped, -1);
}

/* Adds one player inside the current action. A name already taken (by a
 * player who has not withdrawn, ignoring case) or not fit to print is
 * refused with CTD_STORE_ERROR_REFUSED, having changed nothing. */
static gboolean
insert_player (CtdStore    *self,
               const char  *name,
               const char  *club,
               const char  *member_id,
               gint64      *out_id,
               GError     **error)
{
  g_autofree char *key = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  if (!check_text (name, "player's name", 200, TRUE, error) ||
      !check_text (club, "club", 200, FALSE, error) ||
      !check_text (member_id, "player ID", 64, FALSE, error))
    return FALSE;
  key = name_key (name);

  stmt = ctd_store_prepare (self, "SELECT name FROM player WHERE name_key = ?1 AND withdrawn = 0",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      refuse (error, "There is already a player called “%s”; add a club or initial to tell "
              "them apart", sqlite3_column_text (stmt, 0));
      goto out;
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  /* Registered players start checked in. */
  stmt = ctd_store_prepare (self,
                            "INSERT INTO player (name, name_key, club, member_id, checked_in) "
                            "VALUES (?1, ?2, ?3, ?4, 1)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_STATIC);
  if (club != NULL && *club != '\0')
    sqlite3_bind_text (stmt, 3, club, -1, SQLITE_STATIC);
  if (member_id != NULL && *member_id != '\0')
    sqlite3_bind_text (stmt, 4, member_id, -1, SQLITE_STATIC);
  if (!step_done (self, stmt, error))
    goto out;
  if (out_id != NULL)
    *out_id = sqlite3_last_insert_rowid (self->db);
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * ctd_store_add_player:
 * @self: a store
 * @name: the player's name, printed as typed
 * @club: (nullable): the player's club
 * @member_id: (nullable): the player's ID (e.g. a federation number)
 * @out_id: (out) (optional): the new player's id
 * @error: return location for a #GError
 *
 * Registers a player, checked in.
 *
 * Returns: whether the player was added
 */
gboolean
ctd_store_add_player (CtdStore    *self,
                      const char  *name,
                      const char  *club,
                      const char  *member_id,
                      gint64      *out_id,
                      GError     **error)
{
  g_autofree char *summary = NULL;
  gint64 id;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "add-player", error))
    return FALSE;
  if (!insert_player (self, name, club, member_id, &id, error))
    goto fail;
  summary = g_strdup_printf ("Added player %" G_GINT64_FORMAT ", %s", id, name);
  if (!ctd_store_action_commit (self, summary, error))
    goto fail;
  if (out_id != NULL)
    *out_id = id;
  return TRUE;

fail:
  ctd_store_action_rollback (self);
  return FALSE;
}

/**
 * ctd_store_import_players:
 * @self: a store
 * @source: where the players come from (a file name), for the audit log
 * @players: (array length=n_players): the players to register
 * @n_players: how many
 * @out_reasons: (out caller-allocates) (array length=n_players): for each
 *   player, %NULL when added, else why it was skipped (free each)
 * @out_n_added: (out): how many were added
 * @error: return location for a #GError
 *
 * Registers a list of players as one action, so one undo takes the whole
 * import back. A player the rules refuse (a name already taken, an empty
 * name) is skipped with its reason; the others are added. Only a failure
 * of the file itself stops the import, and then nothing is added.
 *
 * Returns: whether the import ran (possibly adding nobody)
 */
gboolean
ctd_store_import_players (CtdStore            *self,
                          const char          *source,
                          const CtdNewPlayer  *players,
                          gsize                n_players,
                          char               **out_reasons,
                          guint               *out_n_added,
                          GError             **error)
{
  g_autofree char *summary = NULL;
  guint n_added = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (players != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (out_reasons != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (gsize i = 0; i < n_players; i++)
    out_reasons[i] = NULL;
  if (!ctd_store_action_begin (self, "import-players", error))
    return FALSE;

  for (gsize i = 0; i < n_players; i++)
    {
      g_autoptr(GError) refusal = NULL;

      if (insert_player (self, players[i].name, players[i].club, players[i].member_id, NULL,
                         &refusal))
        n_added++;
      else if (g_error_matches (refusal, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED))
        out_reasons[i] = g_strdup (refusal->message);
      else
        {
          g_propagate_error (error, g_steal_pointer (&refusal));
          goto fail;
        }
    }

  if (n_added == 0)
    {
      /* Nothing to undo: no audit entry. */
      ctd_store_action_rollback (self);
    }
  else
    {
      summary = g_strdup_printf ("Imported %u player%s from %s", n_added, n_added == 1 ? "" : "s",
                                 source);
      if (!ctd_store_action_commit (self, summary, error))
        goto fail;
    }
  *out_n_added = n_added;
  return TRUE;

fail:
  ctd_store_action_rollback (self);
  for (gsize i = 0; i < n_players; i++)
    g_clear_pointer (&out_reasons[i], g_free);
  return FALSE;
}

/* Updates one player's flags; refuses an unknown player. */
static gboolean
update_player (CtdStore    *self,
               const char  *action,
               gint64       player_id,
               gboolean     checked_in,
               gboolean     withdrawn,
               GError     **error)
{
  g_autofree char *name = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean was_withdrawn;
  gboolean ok = FALSE;
  int rc;

  if (!ctd_store_action_begin (self, action, error))
    return FALSE;

  stmt = ctd_store_prepare (self, "SELECT name, withdrawn FROM player WHERE id = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, player_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                     "There is no player %" G_GINT64_FORMAT " in this event", player_id);
      else
        ctd_store_fail (self, rc, error);
      goto out;
    }
  name = column_dup (stmt, 0);
  was_withdrawn = sqlite3_column_int64 (stmt, 1) != 0;
  g_clear_pointer (&stmt, sqlite3_finalize);

  if (was_withdrawn)
    {
      refuse (error, "%s has withdrawn from the event", name);
      goto out;
    }

  stmt = ctd_store_prepare (self,
                            "UPDATE player SET checked_in = ?2, withdrawn = ?3 "
                            "WHERE id = ?1 AND (checked_in, withdrawn) IS NOT (?2, ?3)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, player_id);
  sqlite3_bind_int (stmt, 2, checked_in);
  sqlite3_bind_int (stmt, 3, withdrawn);
  if (!step_done (self, stmt, error))
    goto out;

  summary = g_strdup_printf (withdrawn ? "Withdrew %s" : checked_in ? "Checked in %s"
                             : "Checked out %s", name);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_withdraw_player:
 *
 * Withdraws a player from the event: they are no longer drawn, and their
 * name is free for a new entry. Their records in drawn rounds stay.
 */
gboolean
ctd_store_withdraw_player (CtdStore  *self,
                           gint64     player_id,
                           GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_player (self, "withdraw-player", player_id, FALSE, TRUE, error);
}

gboolean
ctd_store_set_checked_in (CtdStore  *self,
                          gint64     player_id,
                          gboolean   checked_in,
                          GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_player (self, checked_in ? "check-in" : "check-out", player_id, !!checked_in,
                        FALSE, error);
}

/**
 * ctd_store_list_players:
 *
 * Returns: (transfer full) (element-type CtdStorePlayer): every player,
 *   withdrawn ones included, by id
 */
GPtrArray *
ctd_store_list_players (CtdStore  *self,
                        GError   **error)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_player_free);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self,
                            "SELECT id, name, club, member_id, checked_in, withdrawn "
                            "FROM player ORDER BY id",
                            error);
  if (stmt == NULL)
    goto out;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      CtdStorePlayer *player = g_new0 (CtdStorePlayer, 1);

      player->id = sqlite3_column_int64 (stmt, 0);
      player->name = column_dup (stmt, 1);
      player->club = column_dup (stmt, 2);
      player->member_id = column_dup (stmt, 3);
      player->checked_in = sqlite3_column_int64 (stmt, 4) != 0;
      player->withdrawn = sqlite3_column_int64 (stmt, 5) != 0;
      g_ptr_array_add (players, player);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&players) : NULL;
}

/* ---- draws ------------------------------------------------------------ */

static CtdStage
stage_from_string (const char *stage)
{
  return g_strcmp0 (stage, "final") == 0 ? CTD_STAGE_FINAL
         : g_strcmp0 (stage, "semi-final") == 0 ? CTD_STAGE_SEMIFINAL
         : CTD_STAGE_QUALIFYING;
}

static gboolean
get_round_stage (CtdStore   *self,
                 guint       round,
                 CtdStage   *out_stage,
                 GError    **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  stmt = ctd_store_prepare (self, "SELECT stage FROM round WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, round);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *out_stage = stage_from_string ((const char *) sqlite3_column_text (stmt, 0));
      ok = TRUE;
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                 "There is no round %u in this event", round);
  else
    ctd_store_fail (self, rc, error);
  sqlite3_finalize (stmt);
  return ok;
}

/* Who round @round is drawn from, by id (the draw is reproducible from
 * the seed and this list): the checked-in players for qualifying, the
 * advancers of the round before otherwise. */
static GArray *
field_for_round (CtdStore  *self,
                 guint      round,
                 CtdStage  *out_stage,
                 GError   **error)
{
  g_autoptr(GArray) field = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  if (round == 1)
    {
      *out_stage = CTD_STAGE_QUALIFYING;
      stmt = ctd_store_prepare (self, "SELECT id FROM player WHERE checked_in = 1 "
                                "AND withdrawn = 0 ORDER BY id", error);
    }
  else
    {
      CtdRoundState state;
      CtdStage previous;

      if (!get_round_stage (self, round - 1, &previous, error) ||
          !get_round_state (self, round - 1, &state, error))
        goto out;
      if (previous == CTD_STAGE_FINAL)
        {
          refuse (error, "Round %u was the final: the event is over, and no round can "
                  "follow it", round - 1);
          goto out;
        }
      if (state != CTD_ROUND_RELEASED)
        {
          refuse (error, "Round %u is %s: release it and choose who advances before drawing "
                  "round %u", round - 1, ctd_round_state_to_string (state), round);
          goto out;
        }
      stmt = ctd_store_prepare (self, "SELECT player FROM advancer WHERE round = ?1 "
                                "ORDER BY player", error);
    }
  if (stmt == NULL)
    goto out;
  if (round > 1)
    sqlite3_bind_int64 (stmt, 1, round - 1);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (field, id);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  /* A field of 3 or 4 is one chouette: it is the whole event, and its
   * scores rank 1st to 4th (rule 1.9). */
  if (round == 1 && field->len >= CTD_MIN_PLAYERS && field->len <= CTD_MAX_PLAYERS)
    *out_stage = CTD_STAGE_FINAL;
  if (round > 1)
    {
      if (field->len == 0)
        {
          refuse (error, "Choose who advances from round %u before drawing round %u",
                  round - 1, round);
          goto out;
        }
      if (!ctd_advance_check_next_size (field->len, out_stage, error))
        goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&field) : NULL;
}

/* Writes round @round's chouettes and seats from a draw of @field. */
static gboolean
write_draw (CtdStore      *self,
            guint          round,
            const GArray  *field,
            guint64        seed,
            GError       **error)
{
  g_autoptr(CtdDraw) draw = NULL;
  sqlite3_stmt *chouette_stmt = NULL;
  sqlite3_stmt *seat_stmt = NULL;
  gboolean ok = FALSE;

  draw = ctd_draw_new (field->len, seed, error);
  if (draw == NULL)
    return FALSE;

  chouette_stmt = ctd_store_prepare (self, "INSERT INTO chouette (round, number, table_no, size) "
                                     "VALUES (?1, ?2, ?3, ?4)", error);
  seat_stmt = chouette_stmt == NULL ? NULL
    : ctd_store_prepare (self, "INSERT INTO seat (chouette, position, player) "
                         "VALUES (?1, ?2, ?3)", error);
  if (seat_stmt == NULL)
    goto out;

  for (guint t = 0; t < draw->n_tables; t++)
    {
      const CtdDrawTable *table = &draw->tables[t];
      gint64 chouette_id;

      sqlite3_reset (chouette_stmt);
      sqlite3_bind_int64 (chouette_stmt, 1, round);
      sqlite3_bind_int64 (chouette_stmt, 2, t + 1);
      sqlite3_bind_int64 (chouette_stmt, 3, table->table);
      sqlite3_bind_int64 (chouette_stmt, 4, table->size);
      if (!step_done (self, chouette_stmt, error))
        goto out;
      chouette_id = sqlite3_last_insert_rowid (self->db);

      for (guint k = 0; k < table->size; k++)
        {
          g_assert (table->players[k] < field->len);
          sqlite3_reset (seat_stmt);
          sqlite3_bind_int64 (seat_stmt, 1, chouette_id);
          sqlite3_bind_int64 (seat_stmt, 2, k + 1);
          sqlite3_bind_int64 (seat_stmt, 3, g_array_index (field, gint64, table->players[k]));
          if (!step_done (self, seat_stmt, error))
            goto out;
        }
    }
  ok = TRUE;

out:
  sqlite3_finalize (chouette_stmt);
  sqlite3_finalize (seat_stmt);
  return ok;
}

/**
 * ctd_store_draw_round:
 * @self: a store
 * @seed: the draw's seed (e.g. ctd_rng_fresh_seed()); stored and printed
 * @out_round: (out) (optional): the new round's number
 * @error: return location for a #GError
 *
 * Draws the next round: qualifying from the checked-in players, later
 * rounds from the advancers of the released round before.
 */
gboolean
ctd_store_draw_round (CtdStore  *self,
                      guint64    seed,
                      guint     *out_round,
                      GError   **error)
{
  g_autoptr(GArray) field = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  guint round;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "draw-round", error))
    return FALSE;
  if (!get_last_round (self, &round, error))
    goto out;
  round++;

  field = field_for_round (self, round, &stage, error);
  if (field == NULL)
    goto out;

  stmt = ctd_store_prepare (self, "INSERT INTO round (id, stage, seed) VALUES (?1, ?2, ?3)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  sqlite3_bind_text (stmt, 2, ctd_stage_to_string (stage), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (gint64) seed);
  if (!step_done (self, stmt, error) ||
      !write_draw (self, round, field, seed, error))
    goto out;

  summary = g_strdup_printf ("Drew round %u (%s) for %u players, seed %" G_GUINT64_FORMAT,
                             round, ctd_stage_to_string (stage), field->len, seed);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  if (out_round != NULL)
    *out_round = round;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_redraw_round:
 *
 * Draws the newest round again with a new seed (and, for qualifying, the
 * players checked in now). Allowed until its first result is entered.
 */
gboolean
ctd_store_redraw_round (CtdStore  *self,
                        guint      round,
                        guint64    seed,
                        GError   **error)
{
  g_autoptr(GArray) field = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  CtdRoundState state;
  guint last_round;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "redraw-round", error))
    return FALSE;
  if (!get_round_state (self, round, &state, error) ||
      !get_last_round (self, &last_round, error))
    goto out;
  if (state != CTD_ROUND_DRAWN || round != last_round)
    {
      refuse (error, "Round %u cannot be redrawn: it is %s (a round can be redrawn only until "
              "its first result is entered)", round, ctd_round_state_to_string (state));
      goto out;
    }
  field = field_for_round (self, round, &stage, error);
  if (field == NULL)
    goto out;

  stmt = ctd_store_prepare (self,
                            "DELETE FROM crosscheck WHERE chouette IN "
                            "  (SELECT id FROM chouette WHERE round = ?1); "
                            , error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  if (!step_done (self, stmt, error))
    goto out;
  g_clear_pointer (&stmt, sqlite3_finalize);
  stmt = ctd_store_prepare (self, "DELETE FROM seat WHERE chouette IN "
                            "  (SELECT id FROM chouette WHERE round = ?1)", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  if (!step_done (self, stmt, error))
    goto out;
  g_clear_pointer (&stmt, sqlite3_finalize);
  stmt = ctd_store_prepare (self, "DELETE FROM chouette WHERE round = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  if (!step_done (self, stmt, error))
    goto out;
  g_clear_pointer (&stmt, sqlite3_finalize);
  stmt = ctd_store_prepare (self, "UPDATE round SET seed = ?2, stage = ?3 WHERE id = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  sqlite3_bind_int64 (stmt, 2, (gint64) seed);
  sqlite3_bind_text (stmt, 3, ctd_stage_to_string (stage), -1, SQLITE_STATIC);
  if (!step_done (self, stmt, error) ||
      !write_draw (self, round, field, seed, error))
    goto out;

  summary = g_strdup_printf ("Redrew round %u for %u players, seed %" G_GUINT64_FORMAT,
                             round, field->len, seed);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/* ---- games ------------------------------------------------------------- */

/* The ledger as JSON: only numbers and fixed words, so no escaping. */
static char *
ledger_json (const CtdResult *result)
{
  static const char *const kinds[] = { "cube", "extra", "penalty" };
  g_autoptr(GArray) ledger = ctd_result_ledger (result);
  GString *json = g_string_new ("[");

  for (guint i = 0; i < ledger->len; i++)
    {
      const CtdPayment *payment = &g_array_index (ledger, CtdPayment, i);

      g_string_append_printf (json, "%s{\"kind\":\"%s\",\"from\":%u,\"to\":%u,"
                              "\"halves\":%" G_GINT64_FORMAT "}",
                              i > 0 ? "," : "",
                              (guint) payment->kind < G_N_ELEMENTS (kinds) ? kinds[payment->kind] : "?",
                              payment->from, payment->to, payment->amount);
    }
  g_string_append_c (json, ']');
  return g_string_free (json, FALSE);
}

static char *
order_json (const guint *order,
            guint        n)
{
  GString *json = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s%u", i > 0 ? "," : "", order[i]);
  g_string_append_c (json, ']');
  return g_string_free (json, FALSE);
}

static gboolean
store_last_order (CtdStore           *self,
                  gint64              chouette_id,
                  const CtdChouette  *chouette,
                  GError            **error)
{
  const guint *order = ctd_chouette_get_last_segment_order (chouette);
  g_autofree char *json = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  stmt = ctd_store_prepare (self, "UPDATE chouette SET last_order = ?2 "
                            "WHERE id = ?1 AND last_order IS NOT ?2", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  if (order != NULL)
    {
      json = order_json (order, ctd_chouette_get_size (chouette) - 1);
      sqlite3_bind_text (stmt, 2, json, -1, SQLITE_STATIC);
    }
  ok = step_done (self, stmt, error);
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * ctd_store_record_game:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @game: 1..12
 * @notation: the result line as the director typed it
 * @error: return location for a #GError
 *
 * Checks the line against the chouette (ctd_chouette_record()) and
 * stores it as typed, with its canonical form and ledger; a correction
 * replaces the game's earlier result. If the line fixed the last-segment
 * order, the order is stored in the same transaction.
 */
gboolean
ctd_store_record_game (CtdStore    *self,
                       guint        round,
                       guint        chouette,
                       guint        game,
                       const char  *notation,
                       GError     **error)
{
  g_autoptr(CtdChouette) loaded = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *ledger = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 chouette_id;
  guint size;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (strlen (notation) > CTD_RESULT_MAX_LENGTH || !g_utf8_validate (notation, -1, NULL))
    return refuse (error, "Game %u: that is not a result line", game);

  if (!ctd_store_action_begin (self, "record-game", error))
    return FALSE;
  if (!find_chouette (self, round, chouette, &chouette_id, &size, error) ||
      !check_round_open (self, round, error))
    goto out;
  loaded = load_chouette (self, chouette_id, size, error);
  if (loaded == NULL || !ctd_chouette_record (loaded, game, notation, error))
    goto out;

  canonical = ctd_result_format (ctd_chouette_get_result (loaded, game));
  ledger = ledger_json (ctd_chouette_get_result (loaded, game));

  stmt = ctd_store_prepare (self,
                            "INSERT INTO game (chouette, number, entered, canonical, ledger) "
                            "VALUES (?1, ?2, ?3, ?4, ?5) "
                            "ON CONFLICT (chouette, number) DO UPDATE SET "
                            "  entered = excluded.entered, canonical = excluded.canonical, "
                            "  ledger = excluded.ledger "
                            "WHERE (entered, canonical, ledger) IS NOT "
                            "  (excluded.entered, excluded.canonical, excluded.ledger)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  sqlite3_bind_int64 (stmt, 2, game);
  sqlite3_bind_text (stmt, 3, notation, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, canonical, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, ledger, -1, SQLITE_STATIC);
  if (!step_done (self, stmt, error) ||
      !store_last_order (self, chouette_id, loaded, error))
    goto out;

  summary = g_strdup_printf ("Chouette %u.%u game %u: %s", round, chouette, game, canonical);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

gboolean
ctd_store_clear_game (CtdStore  *self,
                      guint      round,
                      guint      chouette,
                      guint      game,
                      GError   **error)
{
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 chouette_id;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "clear-game", error))
    return FALSE;
  if (!find_chouette (self, round, chouette, &chouette_id, NULL, error) ||
      !check_round_open (self, round, error))
    goto out;

  stmt = ctd_store_prepare (self, "DELETE FROM game WHERE chouette = ?1 AND number = ?2", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  sqlite3_bind_int64 (stmt, 2, game);
  if (!step_done (self, stmt, error))
    goto out;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "Chouette %u.%u has no result for game %u", round, chouette, game);
      goto out;
    }

  summary = g_strdup_printf ("Chouette %u.%u game %u: cleared", round, chouette, game);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_fix_last_segment_order:
 * @order: (nullable): size - 1 player numbers, or %NULL for the order
 *   the scores give now
 *
 * Fixes a chouette's last-segment order, as when the director prints the
 * last segment's sheet (rule 1.6).
 */
gboolean
ctd_store_fix_last_segment_order (CtdStore     *self,
                                  guint         round,
                                  guint         chouette,
                                  const guint  *order,
                                  GError      **error)
{
  g_autoptr(CtdChouette) loaded = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *json = NULL;
  gint64 chouette_id;
  guint size;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "fix-last-segment-order", error))
    return FALSE;
  if (!find_chouette (self, round, chouette, &chouette_id, &size, error) ||
      !check_round_open (self, round, error))
    goto out;
  loaded = load_chouette (self, chouette_id, size, error);
  if (loaded == NULL ||
      !ctd_chouette_fix_last_segment_order (loaded, order, error) ||
      !store_last_order (self, chouette_id, loaded, error))
    goto out;

  json = order_json (ctd_chouette_get_last_segment_order (loaded), size - 1);
  summary = g_strdup_printf ("Chouette %u.%u: fixed the last-segment order %s", round, chouette,
                             json);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/* ---- cross-checks, roll-offs, release, advancement ---------------------- */

/**
 * ctd_store_set_crosscheck:
 * @paper: the totals row of the paper sheet, @paper[p - 1] for player p
 * @given: (nullable): which totals were typed; %NULL for all. None
 *   given removes the cross-check.
 */
gboolean
ctd_store_set_crosscheck (CtdStore         *self,
                          guint             round,
                          guint             chouette,
                          const CtdHalves  *paper,
                          const gboolean   *given,
                          GError          **error)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean any = FALSE;
  gint64 chouette_id;
  guint size;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (paper != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "set-crosscheck", error))
    return FALSE;
  if (!find_chouette (self, round, chouette, &chouette_id, &size, error) ||
      !check_round_open (self, round, error))
    goto out;

  for (guint p = 0; p < size; p++)
    {
      if (given == NULL || given[p])
        g_string_append_printf (json, "%s%" G_GINT64_FORMAT, p > 0 ? "," : "", paper[p]);
      else
        g_string_append_printf (json, "%snull", p > 0 ? "," : "");
      any |= given == NULL || given[p];
    }
  g_string_append_c (json, ']');

  stmt = any
    ? ctd_store_prepare (self, "INSERT INTO crosscheck (chouette, totals) VALUES (?1, ?2) "
                         "ON CONFLICT (chouette) DO UPDATE SET totals = excluded.totals "
                         "WHERE totals IS NOT excluded.totals", error)
    : ctd_store_prepare (self, "DELETE FROM crosscheck WHERE chouette = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  if (any)
    sqlite3_bind_text (stmt, 2, json->str, -1, SQLITE_STATIC);
  if (!step_done (self, stmt, error))
    goto out;

  summary = any ? g_strdup_printf ("Chouette %u.%u: paper totals %s (half points)", round,
                                   chouette, json->str)
                : g_strdup_printf ("Chouette %u.%u: removed the paper totals", round, chouette);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_get_crosscheck:
 * @out_paper: (out caller-allocates): CTD_MAX_PLAYERS totals
 * @out_given: (out caller-allocates): which were typed; all %FALSE when
 *   the director typed none
 */
gboolean
ctd_store_get_crosscheck (CtdStore   *self,
                          guint       round,
                          guint       chouette,
                          CtdHalves  *out_paper,
                          gboolean   *out_given,
                          GError    **error)
{
  sqlite3_stmt *stmt = NULL;
  gint64 chouette_id;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);

  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      out_paper[p] = 0;
      out_given[p] = FALSE;
    }
  if (!find_chouette (self, round, chouette, &chouette_id, NULL, error))
    return FALSE;

  stmt = ctd_store_prepare (self,
                            "SELECT j.key, j.value FROM crosscheck, json_each (crosscheck.totals) AS j "
                            "WHERE crosscheck.chouette = ?1 AND j.type = 'integer'",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 p = sqlite3_column_int64 (stmt, 0);

      if (p >= 0 && p < CTD_MAX_PLAYERS)
        {
          out_paper[p] = sqlite3_column_int64 (stmt, 1);
          out_given[p] = TRUE;
        }
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

/* Whether every id of @ids is seated in round @round, none twice. */
static gboolean
check_round_players (CtdStore      *self,
                     guint          round,
                     const gint64  *ids,
                     gsize          n_ids,
                     GError       **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  for (gsize i = 0; i < n_ids; i++)
    for (gsize j = 0; j < i; j++)
      if (ids[i] == ids[j])
        return refuse (error, "Player %" G_GINT64_FORMAT " is listed twice", ids[i]);

  stmt = ctd_store_prepare (self, "SELECT 1 FROM seat JOIN chouette ON chouette.id = seat.chouette "
                            "WHERE chouette.round = ?1 AND seat.player = ?2", error);
  if (stmt == NULL)
    goto out;
  for (gsize i = 0; i < n_ids; i++)
    {
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, round);
      sqlite3_bind_int64 (stmt, 2, ids[i]);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_DONE)
        {
          refuse (error, "Player %" G_GINT64_FORMAT " did not play in round %u", ids[i], round);
          goto out;
        }
      if (rc != SQLITE_ROW)
        {
          ctd_store_fail (self, rc, error);
          goto out;
        }
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

static char *
ids_json (const gint64 *ids,
          gsize         n_ids)
{
  GString *json = g_string_new ("[");

  for (gsize i = 0; i < n_ids; i++)
    g_string_append_printf (json, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", ids[i]);
  g_string_append_c (json, ']');
  return g_string_free (json, FALSE);
}

/**
 * ctd_store_add_rolloff:
 * @order: the tied players' ids, best first
 * @seed: (nullable): the seed when the software rolled
 *   (ctd_standings_roll()); %NULL when the director typed the result
 *
 * Stores a roll-off that breaks a tie in a complete round (SPEC 6).
 */
gboolean
ctd_store_add_rolloff (CtdStore       *self,
                       guint           round,
                       const gint64   *order,
                       gsize           n_players,
                       const guint64  *seed,
                       GError        **error)
{
  g_autofree char *json = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  CtdRoundState state;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (order != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players < 2)
    return refuse (error, "A roll-off needs at least two players");
  if (!ctd_store_action_begin (self, "add-rolloff", error))
    return FALSE;
  if (!get_round_state (self, round, &state, error))
    goto out;
  if (state < CTD_ROUND_COMPLETE || state == CTD_ROUND_CLOSED)
    {
      refuse (error, "Round %u is %s: roll-offs are for a complete round whose next round is "
              "not drawn", round, ctd_round_state_to_string (state));
      goto out;
    }
  if (!check_round_players (self, round, order, n_players, error))
    goto out;

  json = ids_json (order, n_players);
  stmt = ctd_store_prepare (self, "INSERT INTO rolloff (round, players, seed) VALUES (?1, ?2, ?3)",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  sqlite3_bind_text (stmt, 2, json, -1, SQLITE_STATIC);
  if (seed != NULL)
    sqlite3_bind_int64 (stmt, 3, (gint64) *seed);
  if (!step_done (self, stmt, error))
    goto out;

  summary = g_strdup_printf ("Round %u: roll-off %s", round, json);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_list_rolloffs:
 *
 * Returns: (transfer full) (element-type GArray): one #GArray of player
 *   ids (gint64, best first) per roll-off, in the order they were stored
 */
GPtrArray *
ctd_store_list_rolloffs (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_autoptr(GPtrArray) rolloffs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  sqlite3_stmt *stmt = NULL;
  GArray *current = NULL;
  gint64 current_id = -1;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT rolloff.id, j.value FROM rolloff, json_each (rolloff.players) AS j "
                            "WHERE rolloff.round = ?1 ORDER BY rolloff.id, j.key", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 player = sqlite3_column_int64 (stmt, 1);

      if (sqlite3_column_int64 (stmt, 0) != current_id)
        {
          current_id = sqlite3_column_int64 (stmt, 0);
          current = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_ptr_array_add (rolloffs, current);
        }
      g_array_append_val (current, player);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&rolloffs) : NULL;
}

static gboolean
mark_released (CtdStore  *self,
              guint      round,
              GError   **error)
{
  sqlite3_stmt *stmt = ctd_store_prepare (self, "UPDATE round SET released = 1 WHERE id = ?1",
                                          error);
  gboolean ok;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, round);
  ok = step_done (self, stmt, error);
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * ctd_store_release_round:
 *
 * Releases a complete round: its scores may be posted (rule 1.7) and
 * its advancers chosen.
 */
gboolean
ctd_store_release_round (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  CtdRoundState state;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "release-round", error))
    return FALSE;
  if (!get_round_state (self, round, &state, error))
    goto out;
  if (state != CTD_ROUND_COMPLETE)
    {
      refuse (error, "Round %u is %s: a round can be released once every game of every "
              "chouette is entered and every typed paper total agrees", round,
              ctd_round_state_to_string (state));
      goto out;
    }
  if (!mark_released (self, round, error))
    goto out;
  summary = g_strdup_printf ("Released round %u", round);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_set_advancement:
 * @top_k, @wildcards: the director's choice
 * @advancers: the players who go on, as ctd_advance_select() chose them
 *
 * Stores who advances from a released round (replacing an earlier
 * choice); ctd_store_draw_round() then draws the next round from them.
 */
gboolean
ctd_store_set_advancement (CtdStore      *self,
                           guint          round,
                           guint          top_k,
                           guint          wildcards,
                           const gint64  *advancers,
                           gsize          n_advancers,
                           GError       **error)
{
  g_autofree char *summary = NULL;
  g_autofree char *json = NULL;
  sqlite3_stmt *stmt = NULL;
  CtdRoundState state;
  CtdStage stage;
  CtdStage next_stage;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (advancers != NULL || n_advancers == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_advance_check_next_size (n_advancers, &next_stage, error))
    return FALSE;
  if (!ctd_store_action_begin (self, "set-advancement", error))
    return FALSE;
  if (!get_round_stage (self, round, &stage, error) ||
      !get_round_state (self, round, &state, error))
    goto out;
  if (stage == CTD_STAGE_FINAL)
    {
      refuse (error, "Round %u is the final: nobody advances from it; its scores give the "
              "placings", round);
      goto out;
    }
  if (state != CTD_ROUND_COMPLETE && state != CTD_ROUND_RELEASED)
    {
      refuse (error, "Round %u is %s: advancers are chosen once every game of the round is "
              "entered and before the next round is drawn", round,
              ctd_round_state_to_string (state));
      goto out;
    }
  /* Choosing the advancers releases a complete round (SPEC 6): one
   * action, so one undo takes both back. */
  if (state == CTD_ROUND_COMPLETE &&
      !mark_released (self, round, error))
    goto out;
  if (!check_round_players (self, round, advancers, n_advancers, error))
    goto out;

  stmt = ctd_store_prepare (self, "DELETE FROM advancer WHERE round = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  if (!step_done (self, stmt, error))
    goto out;
  g_clear_pointer (&stmt, sqlite3_finalize);

  stmt = ctd_store_prepare (self, "INSERT INTO advancer (round, player) VALUES (?1, ?2)", error);
  if (stmt == NULL)
    goto out;
  for (gsize i = 0; i < n_advancers; i++)
    {
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, round);
      sqlite3_bind_int64 (stmt, 2, advancers[i]);
      if (!step_done (self, stmt, error))
        goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  stmt = ctd_store_prepare (self, "UPDATE round SET top_k = ?2, wildcards = ?3 WHERE id = ?1 "
                            "AND (top_k, wildcards) IS NOT (?2, ?3)", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  sqlite3_bind_int64 (stmt, 2, top_k);
  sqlite3_bind_int64 (stmt, 3, wildcards);
  if (!step_done (self, stmt, error))
    goto out;

  json = ids_json (advancers, n_advancers);
  summary = g_strdup_printf ("Round %u: top %u and %u wildcards advance: %s", round, top_k,
                             wildcards, json);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

/**
 * ctd_store_list_advancers:
 *
 * Returns: (transfer full) (element-type gint64): the advancers' ids
 */
GArray *
ctd_store_list_advancers (CtdStore  *self,
                          guint      round,
                          GError   **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT player FROM advancer WHERE round = ?1 ORDER BY player",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&ids) : NULL;
}

/* ---- the read side --------------------------------------------------- */

/**
 * ctd_store_list_rounds:
 *
 * Returns: (transfer full) (element-type CtdStoreRound): every round, first first
 */
GArray *
ctd_store_list_rounds (CtdStore  *self,
                       GError   **error)
{
  g_autoptr(GArray) rounds = g_array_new (FALSE, TRUE, sizeof (CtdStoreRound));
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self,
                            "SELECT id, stage, seed, coalesce (top_k, -1), coalesce (wildcards, -1), "
                            "  (SELECT count (*) FROM chouette WHERE round = round.id) "
                            "FROM round ORDER BY id",
                            error);
  if (stmt == NULL)
    goto out;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *stage = (const char *) sqlite3_column_text (stmt, 1);
      CtdStoreRound round = {
        .number = (guint) sqlite3_column_int64 (stmt, 0),
        .stage = stage_from_string (stage),
        .seed = (guint64) sqlite3_column_int64 (stmt, 2),
        .top_k = (gint) sqlite3_column_int64 (stmt, 3),
        .wildcards = (gint) sqlite3_column_int64 (stmt, 4),
        .n_chouettes = (guint) sqlite3_column_int64 (stmt, 5),
      };
      g_array_append_val (rounds, round);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  for (guint i = 0; i < rounds->len; i++)
    {
      CtdStoreRound *round = &g_array_index (rounds, CtdStoreRound, i);

      if (!get_round_state (self, round->number, &round->state, error))
        goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&rounds) : NULL;
}

/**
 * ctd_store_list_chouettes:
 *
 * Returns: (transfer full) (element-type CtdStoreChouette): the round's
 *   chouettes by number, with their players
 */
GPtrArray *
ctd_store_list_chouettes (CtdStore  *self,
                          guint      round,
                          GError   **error)
{
  g_autoptr(GPtrArray) chouettes = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_chouette_free);
  sqlite3_stmt *stmt = NULL;
  CtdStoreChouette *current = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self,
                            "SELECT c.number, c.table_no, c.size, c.last_order, "
                            "  s.position, p.id, p.name, "
                            "  json_extract (c.last_order, '$[0]'), json_extract (c.last_order, '$[1]'), "
                            "  json_extract (c.last_order, '$[2]') "
                            "FROM chouette AS c JOIN seat AS s ON s.chouette = c.id "
                            "  JOIN player AS p ON p.id = s.player "
                            "WHERE c.round = ?1 ORDER BY c.number, s.position",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, round);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      guint number = (guint) sqlite3_column_int64 (stmt, 0);
      gint64 position = sqlite3_column_int64 (stmt, 4);

      if (current == NULL || current->number != number)
        {
          current = g_new0 (CtdStoreChouette, 1);
          current->round = round;
          current->number = number;
          current->table = (guint) sqlite3_column_int64 (stmt, 1);
          current->size = (guint) sqlite3_column_int64 (stmt, 2);
          current->order_fixed = sqlite3_column_type (stmt, 3) != SQLITE_NULL;
          for (guint i = 0; current->order_fixed && i + 1 < current->size; i++)
            current->last_order[i] = (guint) sqlite3_column_int64 (stmt, 7 + (int) i);
          g_ptr_array_add (chouettes, current);
        }
      if (position >= 1 && position <= CTD_MAX_PLAYERS)
        {
          current->players[position - 1] = sqlite3_column_int64 (stmt, 5);
          g_free (current->names[position - 1]);
          current->names[position - 1] = column_dup (stmt, 6);
        }
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&chouettes) : NULL;
}

/**
 * ctd_store_list_games:
 *
 * Returns: (transfer full) (element-type CtdStoreGame): the entered
 *   games of a chouette, by game number
 */
GPtrArray *
ctd_store_list_games (CtdStore  *self,
                      guint      round,
                      guint      chouette,
                      GError   **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_game_free);
  sqlite3_stmt *stmt = NULL;
  gint64 chouette_id;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  if (!find_chouette (self, round, chouette, &chouette_id, NULL, error))
    return NULL;
  stmt = ctd_store_prepare (self, "SELECT number, entered, canonical FROM game "
                            "WHERE chouette = ?1 ORDER BY number", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, chouette_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      CtdStoreGame *game = g_new0 (CtdStoreGame, 1);

      game->game = (guint) sqlite3_column_int64 (stmt, 0);
      game->entered = column_dup (stmt, 1);
      game->canonical = column_dup (stmt, 2);
      g_ptr_array_add (games, game);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&games) : NULL;
}

/**
 * ctd_store_load_chouette:
 *
 * Returns: (transfer full) (nullable): the chouette rebuilt from its
 *   records, for views (totals, decision orders, sheet)
 */
CtdChouette *
ctd_store_load_chouette (CtdStore  *self,
                         guint      round,
                         guint      chouette,
                         GError   **error)
{
  gint64 chouette_id;
  guint size;

  g_return_val_if_fail (self != NULL, NULL);

  if (!find_chouette (self, round, chouette, &chouette_id, &size, error))
    return NULL;
  return load_chouette (self, chouette_id, size, error);
}

/**
 * ctd_store_list_audit:
 *
 * Returns: (transfer full) (element-type CtdStoreAuditEntry): the whole
 *   audit log, oldest first
 */
GPtrArray *
ctd_store_list_audit (CtdStore  *self,
                      GError   **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_audit_entry_free);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self,
                            "SELECT id, time, action, summary, before, after, "
                            "  coalesce (undoes, 0), coalesce (undone_by, 0) "
                            "FROM audit ORDER BY id",
                            error);
  if (stmt == NULL)
    goto out;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      CtdStoreAuditEntry *entry = g_new0 (CtdStoreAuditEntry, 1);

      entry->id = sqlite3_column_int64 (stmt, 0);
      entry->time = column_dup (stmt, 1);
      entry->action = column_dup (stmt, 2);
      entry->summary = column_dup (stmt, 3);
      entry->before = column_dup (stmt, 4);
      entry->after = column_dup (stmt, 5);
      entry->undoes = sqlite3_column_int64 (stmt, 6);
      entry->undone_by = sqlite3_column_int64 (stmt, 7);
      g_ptr_array_add (entries, entry);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok ? g_steal_pointer (&entries) : NULL;
}
