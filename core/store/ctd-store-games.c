/* ctd-store-games.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

#include "ctd-money.h"

#include <glib/gi18n-lib.h>

/*
 * One chouette's records: its games as typed (with their canonical line
 * and ledger), the paper totals of its returned sheet, and its fixed
 * last-segment order. Every rule is checked by CtdChouette, rebuilt from
 * the records inside the action's transaction.
 */

gboolean
ctd_store_find_chouette (CtdStore  *self,
                         guint      round,
                         guint      number,
                         gint64    *out_id,
                         guint     *out_size,
                         GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT id, size FROM chouette WHERE round = ?1 AND number = ?2",
                            CTD_ARGS (CTD_INT (round), CTD_INT (number)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("There is no chouette %u.%u in this event"), round, number);
      return FALSE;
    }
  *out_id = sqlite3_column_int64 (stmt, 0);
  if (out_size != NULL)
    *out_size = (guint) sqlite3_column_int64 (stmt, 1);
  return TRUE;
}

static gboolean
get_direction (CtdStore                 *self,
               CtdLastSegmentDirection  *out_direction,
               GError                  **error)
{
  g_auto(CtdEventSettings) settings = { 0, };

  if (!ctd_store_get_settings (self, &settings, error))
    return FALSE;
  *out_direction = settings.direction;
  return TRUE;
}

/* Fixes the chouette's stored last-segment order, if any, on @chouette. */
static gboolean
load_last_order (CtdStore     *self,
                 gint64        chouette_id,
                 CtdChouette  *chouette,
                 GError      **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  guint order[CTD_MAX_PLAYERS - 1] = { 0, };
  CtdStep step;

  CtdLastSegmentDirection direction;

  stmt = ctd_store_prepare (self, "SELECT json_extract (last_order, '$[0]'), "
                            "  json_extract (last_order, '$[1]'), "
                            "  json_extract (last_order, '$[2]'), last_direction "
                            "FROM chouette WHERE id = ?1 AND last_order IS NOT NULL",
                            CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    return TRUE;
  for (guint i = 0; i + 1 < ctd_chouette_get_size (chouette); i++)
    order[i] = (guint) sqlite3_column_int64 (stmt, (int) i);
  /* The order keeps the direction it was fixed under (SPEC 7); the
   * validation on open makes sure it has one. */
  if (!ctd_last_segment_direction_parse ((const char *) sqlite3_column_text (stmt, 3),
                                         &direction))
    direction = ctd_chouette_get_direction (chouette);
  return ctd_chouette_fix_last_segment_order_in (chouette, order, direction, error);
}

/* The players' names on @chouette, for its refusals' words. */
static gboolean
load_names (CtdStore     *self,
            gint64        chouette_id,
            CtdChouette  *chouette,
            GError      **error)
{
  char *names[CTD_MAX_PLAYERS];

  if (!ctd_store_get_seat_names (self, chouette_id, names, error))
    return FALSE;
  ctd_chouette_set_names (chouette, (const char *const *) names);
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_free (names[k]);
  return TRUE;
}

/* Rebuilds a chouette from its records: the fixed last-segment order
 * first (later games rest on it), then every game's canonical line, read
 * under the rules it was recorded by (ctd_chouette_record_stored()). */
CtdChouette *
ctd_store_load_chouette_by_id (CtdStore  *self,
                               gint64     chouette_id,
                               guint      size,
                               GError   **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  CtdLastSegmentDirection direction;
  CtdStep step;

  if (!get_direction (self, &direction, error))
    return NULL;
  chouette = ctd_chouette_new (size, direction);
  if (!load_names (self, chouette_id, chouette, error) ||
      !load_last_order (self, chouette_id, chouette, error))
    return NULL;

  stmt = ctd_store_prepare (self, "SELECT number, canonical FROM game WHERE chouette = ?1 "
                            "ORDER BY number", CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    if (!ctd_chouette_record_stored (chouette, (guint) sqlite3_column_int64 (stmt, 0),
                                     (const char *) sqlite3_column_text (stmt, 1), error))
      {
        g_prefix_error (error, _("“%s” holds a result that no longer reads: "), self->display_name);
        return NULL;
      }
  return step == CTD_STEP_DONE ? g_steal_pointer (&chouette) : NULL;
}

/* Finds chouette @round.@number inside an action that may change its
 * games: refused once the round is released or closed. */
static CtdChouette *
load_open_chouette (CtdStore  *self,
                    guint      round,
                    guint      number,
                    gint64    *out_id,
                    GError   **error)
{
  guint size;

  if (!ctd_store_find_chouette (self, round, number, out_id, &size, error) ||
      !ctd_store_check_round_open (self, round, error))
    return NULL;
  return ctd_store_load_chouette_by_id (self, *out_id, size, error);
}

/* The ledger as JSON: only numbers and fixed words, so no escaping. */
char *
ctd_store_ledger_json (const CtdResult *result)
{
  g_autoptr(GArray) ledger = ctd_result_ledger (result);
  GString *json = g_string_new ("[");

  for (guint i = 0; i < ledger->len; i++)
    {
      const CtdPayment *payment = &g_array_index (ledger, CtdPayment, i);

      g_string_append_printf (json, "%s{\"kind\":\"%s\",\"from\":%u,\"to\":%u,"
                              "\"halves\":%" G_GINT64_FORMAT "}",
                              i > 0 ? "," : "",
                              ctd_result_payment_kind_to_string (payment->kind),
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
  const char *direction = NULL;

  if (order != NULL)
    {
      json = order_json (order, ctd_chouette_get_size (chouette) - 1);
      direction = ctd_last_segment_direction_to_string (ctd_chouette_get_direction (chouette));
    }
  return ctd_store_run (self, "UPDATE chouette SET last_order = ?2, last_direction = ?3 "
                        "WHERE id = ?1 AND (last_order IS NOT ?2 OR last_direction IS NOT ?3)",
                        CTD_ARGS (CTD_INT (chouette_id), CTD_TEXT (json), CTD_TEXT (direction)),
                        error);
}

/**
 * ctd_store_record_game:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @game: 1..CTD_N_GAMES
 * @notation: the result line as the director typed it
 * @replace: whether the line may replace a result the game already has
 * @error: return location for a #GError
 *
 * Checks the line against the chouette (ctd_chouette_record()) and
 * stores it as typed, with its canonical form and ledger. A game that
 * already has a result keeps it unless @replace says to correct it:
 * without it the line is refused with %CTD_STORE_ERROR_CONFIRM, naming
 * the stored line (a result typed into the wrong row must not silently
 * overwrite another); the same line again is no change. A correction is
 * logged with the old and the new line. If the line fixed the
 * last-segment order, the order is stored in the same transaction.
 * Refused once the round is released or closed.
 *
 * Returns: whether the result was stored
 */
gboolean
ctd_store_record_game (CtdStore    *self,
                       guint        round,
                       guint        chouette,
                       guint        game,
                       const char  *notation,
                       gboolean     replace,
                       GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "record-game", error) ||
      !ctd_store_write_game (self, round, chouette, game, notation, replace, &summary, error))
    return FALSE;
  /* The same result again: nothing to store or log. */
  return summary == NULL || ctd_store_action_commit (&action, summary, error);
}

/* What ctd_store_record_game() does, inside the caller's action: sets
 * @out_summary to the audit log's line, or to %NULL when the game
 * already holds this very result (nothing written). What the store
 * keeps of the rounds follows the game (ctd_store_rounds_follow_game()):
 * the caller's action writes no other game and nothing else a round's
 * facts count. */
gboolean
ctd_store_write_game (CtdStore    *self,
                      guint        round,
                      guint        chouette,
                      guint        game,
                      const char  *notation,
                      gboolean     replace,
                      char       **out_summary,
                      GError     **error)
{
  g_autoptr(CtdChouette) loaded = NULL;
  g_autofree char *old = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *ledger = NULL;
  g_autofree char *summary = NULL;
  CtdStoreChouetteFacts before, after;
  gint64 chouette_id, changes;

  *out_summary = NULL;
  if (strlen (notation) > CTD_RESULT_MAX_LENGTH || !g_utf8_validate (notation, -1, NULL))
    return ctd_store_refuse (error, _("Game %u: that is not a result line"), game);
  loaded = load_open_chouette (self, round, chouette, &chouette_id, error);
  if (loaded == NULL)
    return FALSE;
  if (game >= 1 && game <= CTD_N_GAMES && ctd_chouette_get_result (loaded, game) != NULL)
    old = ctd_result_format (ctd_chouette_get_result (loaded, game));
  if (!ctd_chouette_record (loaded, game, notation, error))
    {
      /* A line typed into a row that is taken: the row is the news. */
      if (old != NULL && !replace)
        {
          g_clear_error (error);
          goto refuse_taken;
        }
      return FALSE;
    }

  canonical = ctd_result_format (ctd_chouette_get_result (loaded, game));
  if (old != NULL && !replace)
    {
      if (strcmp (old, canonical) != 0)
        goto refuse_taken;
      return TRUE;
    }
  if (!ctd_store_read_chouette_facts (self, chouette_id, &before, error))
    return FALSE;
  changes = sqlite3_total_changes64 (self->db);
  ledger = ctd_store_ledger_json (ctd_chouette_get_result (loaded, game));
  if (old != NULL && strcmp (old, canonical) != 0)
    /* Translators: a line of the event's log: chouette 2.3 is chouette
     * 3 of round 2; a game's result line before, then after. */
    summary = g_strdup_printf (_("Chouette %u.%u game %u: “%s” -> “%s”"), round, chouette, game,
                               old, canonical);
  else
    /* Translators: a line of the event's log: chouette 2.3 is chouette
     * 3 of round 2, then a game's result in notation ("Tg 3:4"). */
    summary = g_strdup_printf (_("Chouette %u.%u game %u: %s"), round, chouette, game, canonical);
  if (!ctd_store_run (self,
                      "INSERT INTO game (chouette, number, entered, canonical, ledger) "
                      "VALUES (?1, ?2, ?3, ?4, ?5) "
                      "ON CONFLICT (chouette, number) DO UPDATE SET "
                      "  entered = excluded.entered, canonical = excluded.canonical, "
                      "  ledger = excluded.ledger "
                      "WHERE (entered, canonical, ledger) IS NOT "
                      "  (excluded.entered, excluded.canonical, excluded.ledger)",
                      CTD_ARGS (CTD_INT (chouette_id), CTD_INT (game), CTD_TEXT (notation),
                                CTD_TEXT (canonical), CTD_TEXT (ledger)), error) ||
      !store_last_order (self, chouette_id, loaded, error) ||
      !ctd_store_read_chouette_facts (self, chouette_id, &after, error))
    return FALSE;
  ctd_store_rounds_follow_game (self, changes, round, &before, &after);
  *out_summary = g_steal_pointer (&summary);
  return TRUE;

refuse_taken:
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
               _("Chouette %u.%u game %u already has the result “%s”; to replace it, confirm "
                 "the replacement"), round, chouette, game, old);
  return FALSE;
}

/**
 * ctd_store_clear_game:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @game: 1..CTD_N_GAMES
 * @error: return location for a #GError
 *
 * Removes a game's result, as when it was entered in the wrong row.
 * Refused when the game has no result, or the round is released.
 *
 * Returns: whether the result was removed
 */
gboolean
ctd_store_clear_game (CtdStore  *self,
                      guint      round,
                      guint      chouette,
                      guint      game,
                      GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *summary = NULL;
  gint64 chouette_id;
  CtdStep step;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "clear-game", error) ||
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, NULL, error) ||
      !ctd_store_check_round_open (self, round, error))
    return FALSE;
  stmt = ctd_store_prepare (self, "SELECT canonical FROM game WHERE chouette = ?1 AND number = ?2",
                            CTD_ARGS (CTD_INT (chouette_id), CTD_INT (game)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("Chouette %u.%u has no result for game %u"), round, chouette, game);
      return FALSE;
    }
  /* Translators: a line of the event's log; a game's result line. */
  summary = g_strdup_printf (_("Chouette %u.%u game %u: cleared “%s”"), round, chouette, game,
                             sqlite3_column_text (stmt, 0));
  g_clear_pointer (&stmt, ctd_store_release_statement);
  return ctd_store_run (self, "DELETE FROM game WHERE chouette = ?1 AND number = ?2",
                        CTD_ARGS (CTD_INT (chouette_id), CTD_INT (game)), error) &&
         ctd_store_action_commit (&action, summary, error);
}

static void
free_names (char **names)
{
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_clear_pointer (&names[k], g_free);
}

/* "3, 1, 2 (Cid, Ann, Bob)" */
static char *
describe_order (const guint *order,
                guint        n,
                char       **names)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? ", " : "", order[i]);
  g_string_append (text, " (");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", names[order[i] - 1]);
  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/**
 * ctd_store_fix_last_segment_order:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @order: (nullable) (array): size - 1 player numbers, or %NULL for the
 *   order the scores give now
 * @force: whether an @order the scores do not give (or cannot give yet)
 *   is fixed anyway, as the director rules
 * @error: return location for a #GError
 *
 * Fixes a chouette's last-segment order, as when the director prints the
 * last segment's sheet (rule 1.6). @order must name each crew member of
 * the last segment once. Without @force it must be the order the scores
 * after the earlier segments give (%CTD_STORE_ERROR_CONFIRM otherwise,
 * naming that order, or the games still missing); %NULL is always that
 * order, and is refused while a game before the last segment is missing
 * (%CTD_CHOUETTE_ERROR_MISSING_GAMES, naming them). Logged with the
 * players' names, and as set by hand when forced against the scores.
 *
 * Returns: whether the order is fixed
 */
gboolean
ctd_store_fix_last_segment_order (CtdStore     *self,
                                  guint         round,
                                  guint         chouette,
                                  const guint  *order,
                                  gboolean      force,
                                  GError      **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(GError) unknown = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *fixed_text = NULL;
  g_autofree char *scores_text = NULL;
  char *names[CTD_MAX_PLAYERS] = { NULL, };
  guint scores_order[CTD_MAX_PLAYERS - 1];
  gboolean known;
  gint64 chouette_id;
  guint n_crew;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "fix-last-segment-order", error))
    return FALSE;
  loaded = load_open_chouette (self, round, chouette, &chouette_id, error);
  if (loaded == NULL)
    return FALSE;
  n_crew = ctd_chouette_get_size (loaded) - 1;
  if (order != NULL &&
      !ctd_schedule_check_last_segment_order (ctd_chouette_get_size (loaded), order, error))
    {
      g_prefix_error (error, _("Chouette %u.%u: "), round, chouette);
      return FALSE;
    }
  known = ctd_chouette_compute_last_segment_order (loaded, scores_order, &unknown);
  if (!ctd_store_get_seat_names (self, chouette_id, names, error))
    return FALSE;
  if (known)
    scores_text = describe_order (scores_order, n_crew, names);
  if (order != NULL)
    fixed_text = describe_order (order, n_crew, names);

  if (order != NULL && !force && !known)
    {
      /* "the last-segment order comes from ..." inside our sentence */
      unknown->message[0] = g_ascii_tolower (unknown->message[0]);
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                   _("Chouette %u.%u: %s, so the order %s cannot be checked against the scores; "
                     "to fix it anyway, confirm it"), round, chouette, unknown->message,
                   fixed_text);
      free_names (names);
      return FALSE;
    }
  if (order != NULL && !force && memcmp (order, scores_order, n_crew * sizeof (guint)) != 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                   _("Chouette %u.%u: the scores after games 1-%u give the last-segment order %s, "
                     "not %s; to fix it anyway, confirm it"),
                   round, chouette, ctd_schedule_first_last_game (n_crew + 1) - 1, scores_text,
                   fixed_text);
      free_names (names);
      return FALSE;
    }
  free_names (names);

  if (!ctd_chouette_fix_last_segment_order (loaded, order, error))
    return FALSE;
  if (order == NULL || (known && memcmp (order, scores_order, n_crew * sizeof (guint)) == 0))
    /* Translators: lines of the event's log; an order is players'
     * numbers and names, e.g. "3, 1, 2 (Cid, Ann, Bob)"; the last segment
     * is the chouette's last games, played in an order the scores give. */
    summary = g_strdup_printf (_("Chouette %u.%u: fixed the last-segment order %s"), round,
                               chouette, order == NULL ? scores_text : fixed_text);
  else if (known)
    summary = g_strdup_printf (_("Chouette %u.%u: fixed the last-segment order %s by hand; the "
                                 "scores give %s"), round, chouette, fixed_text, scores_text);
  else
    summary = g_strdup_printf (_("Chouette %u.%u: fixed the last-segment order %s by hand, "
                                 "before the scores could give it"), round, chouette, fixed_text);
  return store_last_order (self, chouette_id, loaded, error) &&
         ctd_store_action_commit (&action, summary, error);
}

/* The names of a chouette's players, by player number, for messages
 * and the audit log (the director reads names, not ids). */
gboolean
ctd_store_get_seat_names (CtdStore  *self,
                          gint64     chouette_id,
                          char     **out_names,
                          GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    out_names[k] = NULL;
  stmt = ctd_store_prepare (self, "SELECT seat.position, player.name FROM seat "
                            "JOIN player ON player.id = seat.player WHERE seat.chouette = ?1",
                            CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 position = sqlite3_column_int64 (stmt, 0);

      if (position >= 1 && position <= CTD_MAX_PLAYERS)
        {
          g_free (out_names[position - 1]);
          out_names[position - 1] = ctd_store_column_dup (stmt, 1);
        }
    }
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    if (out_names[k] == NULL)
      out_names[k] = g_strdup_printf (_("player %u"), k + 1);
  if (step == CTD_STEP_DONE)
    return TRUE;
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_clear_pointer (&out_names[k], g_free);
  return FALSE;
}

/**
 * ctd_store_set_crosscheck:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @paper: the totals row of the paper sheet, @paper[p - 1] for player p
 * @given: (nullable): which totals were typed; %NULL for all. None
 *   given removes the cross-check.
 * @error: return location for a #GError
 *
 * Stores the totals of a returned paper sheet. The row must give every
 * player's total, and they must add up to zero as every game does: a
 * paper sheet that does not balance is itself wrong, and is refused
 * with the sum it came to (fix the sheet's additions first). A total
 * that disagrees with the entered games is stored and holds the round
 * back from complete (ctd_store_list_hold_ups() says which and why).
 *
 * Returns: whether the totals were stored
 */
gboolean
ctd_store_set_crosscheck (CtdStore         *self,
                          guint             round,
                          guint             chouette,
                          const CtdHalves  *paper,
                          const gboolean   *given,
                          GError          **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(GString) missing = g_string_new (NULL);
  g_autoptr(GString) summary = g_string_new (NULL);
  char *names[CTD_MAX_PLAYERS] = { NULL, };
  CtdHalves sum = 0;
  guint n_given = 0;
  gint64 chouette_id;
  guint size;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (paper != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "set-crosscheck", error) ||
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, &size, error) ||
      !ctd_store_check_round_open (self, round, error) ||
      !ctd_store_get_seat_names (self, chouette_id, names, error))
    return FALSE;

  /* Translators: a line of the event's log, followed by each player's
   * name and total as written on the paper sheet. */
  g_string_printf (summary, _("Chouette %u.%u: paper totals"), round, chouette);
  for (guint p = 0; p < size; p++)
    {
      if (given == NULL || given[p])
        {
          g_autofree char *points = ctd_halves_to_string (paper[p], TRUE);

          /* Checked before the sum, which a total beyond the bound could
           * overflow: no sheet of legal games gets there (ctd-result.h). */
          if (paper[p] > CTD_CHOUETTE_HALVES_MAX || paper[p] < -CTD_CHOUETTE_HALVES_MAX)
            {
              g_autofree char *bound = ctd_halves_to_string (CTD_CHOUETTE_HALVES_MAX, FALSE);
              g_autofree char *grouped_bound = ctd_money_group_digits (bound);
              g_autofree char *grouped = ctd_money_group_digits (points);

              ctd_store_refuse (error, _("Chouette %u.%u: the paper total of player %u (%s), %s, "
                                  "is more than %d games can come to (at most %s points either "
                                  "way); check the sheet"), round, chouette, p + 1, names[p],
                                grouped, CTD_N_GAMES, grouped_bound);
              free_names (names);
              return FALSE;
            }

          g_string_append_printf (json, "%s%" G_GINT64_FORMAT, p > 0 ? "," : "", paper[p]);
          g_string_append_printf (summary, "%s %s %s", p > 0 ? "," : "", names[p], points);
          sum += paper[p];
          n_given++;
        }
      else
        {
          g_string_append_printf (json, "%snull", p > 0 ? "," : "");
          g_string_append_printf (missing, "%s%u (%s)", missing->len > 0 ? ", " : "", p + 1,
                                  names[p]);
        }
    }
  g_string_append_c (json, ']');
  free_names (names);

  if (n_given > 0 && n_given < size)
    /* Translators: the last %s lists players' numbers and names, e.g.
     * "3 (Cid), 4 (Dora)". */
    return ctd_store_refuse (error, _("Chouette %u.%u: the paper totals need every player's "
                               "total; missing: player %s"), round, chouette, missing->str);
  if (sum != 0)
    {
      g_autofree char *points = ctd_halves_to_string (sum, TRUE);

      return ctd_store_refuse (error, _("Chouette %u.%u: the paper totals add up to %s, not 0; "
                                 "every game's scores add up to zero, so the paper sheet itself "
                                 "is wrong: check its additions"), round, chouette, points);
    }

  if (n_given > 0)
    ok = ctd_store_run (self, "INSERT INTO crosscheck (chouette, totals) VALUES (?1, ?2) "
                        "ON CONFLICT (chouette) DO UPDATE SET totals = excluded.totals "
                        "WHERE totals IS NOT excluded.totals",
                        CTD_ARGS (CTD_INT (chouette_id), CTD_TEXT (json->str)), error);
  else
    {
      /* Translators: a line of the event's log. */
      g_string_printf (summary, _("Chouette %u.%u: removed the paper totals"), round, chouette);
      ok = ctd_store_run (self, "DELETE FROM crosscheck WHERE chouette = ?1",
                          CTD_ARGS (CTD_INT (chouette_id)), error);
    }
  return ok && ctd_store_action_commit (&action, summary->str, error);
}

/**
 * ctd_store_get_crosscheck:
 * @self: a store
 * @round: the round
 * @chouette: the chouette's number in the round
 * @out_paper: (out caller-allocates) (array fixed-size=4): CTD_MAX_PLAYERS
 *   totals, zero where none was typed
 * @out_given: (out caller-allocates) (array fixed-size=4): which were
 *   typed; all %FALSE when the director typed none
 * @error: return location for a #GError
 *
 * Returns: whether the chouette exists and its paper totals were read
 */
gboolean
ctd_store_get_crosscheck (CtdStore   *self,
                          guint       round,
                          guint       chouette,
                          CtdHalves  *out_paper,
                          gboolean   *out_given,
                          GError    **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  gint64 chouette_id;
  CtdStep step;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_paper != NULL && out_given != NULL, FALSE);

  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      out_paper[p] = 0;
      out_given[p] = FALSE;
    }
  if (!ctd_store_find_chouette (self, round, chouette, &chouette_id, NULL, error))
    return FALSE;

  stmt = ctd_store_prepare (self, "SELECT j.key, j.value "
                            "FROM crosscheck, json_each (crosscheck.totals) AS j "
                            "WHERE crosscheck.chouette = ?1 AND j.type = 'integer'",
                            CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 p = sqlite3_column_int64 (stmt, 0);

      if (p >= 0 && p < CTD_MAX_PLAYERS)
        {
          out_paper[p] = sqlite3_column_int64 (stmt, 1);
          out_given[p] = TRUE;
        }
    }
  return step == CTD_STEP_DONE;
}
