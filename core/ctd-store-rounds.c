/* ctd-store-rounds.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include "ctd-advance.h"
#include "ctd-draw.h"

/*
 * Rounds: their state, the draw and redraw, roll-offs, release and
 * advancement. A round's state is never stored (SPEC 6): only the
 * release is. The rest follows from facts counted here in SQL, without
 * replaying any chouette's notation, and ctd_round_state_compute()
 * applies the rule to them.
 */

CtdStage
ctd_store_stage_from_string (const char *stage)
{
  return g_strcmp0 (stage, "final") == 0 ? CTD_STAGE_FINAL
         : g_strcmp0 (stage, "semi-final") == 0 ? CTD_STAGE_SEMIFINAL
         : CTD_STAGE_QUALIFYING;
}

/* One row per round (all rounds when ?1 = 0) with its facts:
 * each chouette's recorded games are counted, and its paper totals are
 * compared with the stored ledgers of its games (a player's total is
 * what they received minus what they paid), the same sums the games
 * give when replayed. */
static const char rounds_sql[] =
  "SELECT r.id, r.stage, r.seed, coalesce (r.top_k, -1), coalesce (r.wildcards, -1), "
  "  r.released, EXISTS (SELECT 1 FROM round AS later WHERE later.id > r.id), "
  "  count (c.id), "
  "  count (c.id) FILTER (WHERE c.n_games > 0), "
  "  count (c.id) FILTER (WHERE c.n_games >= ?2), "
  "  count (c.id) FILTER (WHERE c.n_mismatched > 0) "
  "FROM round AS r LEFT JOIN ("
  "  SELECT ch.id, ch.round, "
  "    (SELECT count (*) FROM game WHERE game.chouette = ch.id) AS n_games, "
  "    (SELECT count (*) FROM crosscheck AS x, json_each (x.totals) AS t "
  "     WHERE x.chouette = ch.id AND t.type = 'integer' AND t.key < ch.size "
  "       AND t.value IS NOT (SELECT coalesce ("
  "             sum (CASE p.value ->> 'to' WHEN t.key + 1 THEN p.value ->> 'halves' ELSE 0 END) "
  "           - sum (CASE p.value ->> 'from' WHEN t.key + 1 THEN p.value ->> 'halves' ELSE 0 END), 0) "
  "         FROM game AS g, json_each (g.ledger) AS p WHERE g.chouette = ch.id)) AS n_mismatched "
  "  FROM chouette AS ch) AS c ON c.round = r.id "
  "WHERE ?1 = 0 OR r.id = ?1 "
  "GROUP BY r.id ORDER BY r.id";

GArray *
ctd_store_query_rounds (CtdStore  *self,
                        guint      round,
                        GError   **error)
{
  g_autoptr(GArray) rounds = g_array_new (FALSE, TRUE, sizeof (CtdStoreRound));
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, rounds_sql, CTD_ARGS (CTD_INT (round), CTD_INT (CTD_N_GAMES)),
                            error);
  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdRoundFacts facts = {
        .released = sqlite3_column_int64 (stmt, 5) != 0,
        .later_round_drawn = sqlite3_column_int64 (stmt, 6) != 0,
        .n_chouettes = (guint) sqlite3_column_int64 (stmt, 7),
        .n_chouettes_with_games = (guint) sqlite3_column_int64 (stmt, 8),
        .n_chouettes_complete = (guint) sqlite3_column_int64 (stmt, 9),
        .n_mismatched = (guint) sqlite3_column_int64 (stmt, 10),
      };
      CtdStoreRound info = {
        .number = (guint) sqlite3_column_int64 (stmt, 0),
        .stage = ctd_store_stage_from_string ((const char *) sqlite3_column_text (stmt, 1)),
        .seed = (guint64) sqlite3_column_int64 (stmt, 2),
        .top_k = (gint) sqlite3_column_int64 (stmt, 3),
        .wildcards = (gint) sqlite3_column_int64 (stmt, 4),
        .n_chouettes = facts.n_chouettes,
        .state = ctd_round_state_compute (&facts),
      };

      g_array_append_val (rounds, info);
    }
  if (step == CTD_STEP_FAILED)
    return NULL;
  if (round != 0 && rounds->len == 0)
    {
      ctd_store_no_round (error, round);
      return NULL;
    }
  return g_steal_pointer (&rounds);
}

gboolean
ctd_store_get_round_state (CtdStore       *self,
                           guint           round,
                           CtdRoundState  *out_state,
                           GError        **error)
{
  g_autoptr(GArray) rounds = ctd_store_query_rounds (self, round, error);

  if (rounds == NULL)
    return FALSE;
  *out_state = g_array_index (rounds, CtdStoreRound, 0).state;
  return TRUE;
}

/* The number of the newest round, or 0 before the first draw. */
static gboolean
get_last_round (CtdStore  *self,
                guint     *out_round,
                GError   **error)
{
  gint64 last = 0;

  if (!ctd_store_query_int64 (self, "SELECT coalesce (max (id), 0) FROM round", CTD_NO_ARGS,
                              &last, error))
    return FALSE;
  *out_round = (guint) last;
  return TRUE;
}

static gboolean
get_round_stage (CtdStore   *self,
                 guint       round,
                 CtdStage   *out_stage,
                 GError    **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT stage FROM round WHERE id = ?1",
                            CTD_ARGS (CTD_INT (round)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    return ctd_store_no_round (error, round);
  *out_stage = ctd_store_stage_from_string ((const char *) sqlite3_column_text (stmt, 0));
  return TRUE;
}

/* Results may change until the round's scores are released. Cheap: it
 * reads no game, so that recording one stays fast in a large round. */
gboolean
ctd_store_check_round_open (CtdStore  *self,
                            guint      round,
                            GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT released, EXISTS (SELECT 1 FROM round AS later "
                            "  WHERE later.id > round.id) FROM round WHERE id = ?1",
                            CTD_ARGS (CTD_INT (round)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    return ctd_store_no_round (error, round);
  if (sqlite3_column_int64 (stmt, 1) != 0)
    return ctd_store_refuse (error, "Round %u is closed: round %u is drawn, so its results can "
                             "no longer change", round, round + 1);
  if (sqlite3_column_int64 (stmt, 0) != 0)
    return ctd_store_refuse (error, "Round %u is released: its results can no longer change; "
                             "undo the release first", round);
  return TRUE;
}

/* ---- draws ---------------------------------------------------------------- */

/* Reads a list of player ids from the first column of @stmt. */
static GArray *
read_ids (CtdStore  *self,
          CtdStmt   *stmt,
          GError   **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  CtdStep step;

  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&ids) : NULL;
}

/* The advancers of round @round, by id. */
GArray *
ctd_store_query_advancers (CtdStore  *self,
                           guint      round,
                           GError   **error)
{
  g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, "SELECT player FROM advancer "
                                                "WHERE round = ?1 ORDER BY player",
                                                CTD_ARGS (CTD_INT (round)), error);

  return read_ids (self, stmt, error);
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
  g_autoptr(GArray) field = NULL;
  CtdRoundState state;
  CtdStage previous;

  if (round == 1)
    {
      g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, "SELECT id FROM player "
                                                   "WHERE checked_in = 1 AND withdrawn = 0 "
                                                   "ORDER BY id", CTD_NO_ARGS, error);

      field = read_ids (self, stmt, error);
      if (field == NULL)
        return NULL;
      /* A field of 3 or 4 is one chouette: it is the whole event, and
       * its scores rank 1st to 4th (rule 1.9). */
      *out_stage = field->len >= CTD_MIN_PLAYERS && field->len <= CTD_MAX_PLAYERS
                   ? CTD_STAGE_FINAL : CTD_STAGE_QUALIFYING;
      return g_steal_pointer (&field);
    }

  if (!get_round_stage (self, round - 1, &previous, error) ||
      !ctd_store_get_round_state (self, round - 1, &state, error))
    return NULL;
  if (previous == CTD_STAGE_FINAL)
    {
      ctd_store_refuse (error, "Round %u was the final: the event is over, and no round can "
                        "follow it", round - 1);
      return NULL;
    }
  if (state != CTD_ROUND_RELEASED)
    {
      ctd_store_refuse (error, "Round %u is %s: release it and choose who advances before "
                        "drawing round %u", round - 1, ctd_round_state_to_string (state), round);
      return NULL;
    }
  field = ctd_store_query_advancers (self, round - 1, error);
  if (field == NULL)
    return NULL;
  if (field->len == 0)
    {
      ctd_store_refuse (error, "Choose who advances from round %u before drawing round %u",
                        round - 1, round);
      return NULL;
    }
  if (!ctd_advance_check_next_size (field->len, out_stage, error))
    return NULL;
  return g_steal_pointer (&field);
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
  g_autoptr(CtdStmt) chouette_stmt = NULL;
  g_autoptr(CtdStmt) seat_stmt = NULL;

  draw = ctd_draw_new (field->len, seed, error);
  if (draw == NULL)
    return FALSE;

  chouette_stmt = ctd_store_prepare (self, "INSERT INTO chouette (round, number, table_no, size) "
                                     "VALUES (?1, ?2, ?3, ?4)", CTD_NO_ARGS, error);
  seat_stmt = chouette_stmt == NULL ? NULL
    : ctd_store_prepare (self, "INSERT INTO seat (chouette, position, player) VALUES (?1, ?2, ?3)",
                         CTD_NO_ARGS, error);
  if (seat_stmt == NULL)
    return FALSE;

  for (guint t = 0; t < draw->n_tables; t++)
    {
      const CtdDrawTable *table = &draw->tables[t];
      gint64 chouette_id;

      ctd_store_rebind (chouette_stmt, CTD_ARGS (CTD_INT (round), CTD_INT (t + 1),
                                                 CTD_INT (table->table), CTD_INT (table->size)));
      if (!ctd_store_step_done (self, chouette_stmt, error))
        return FALSE;
      chouette_id = sqlite3_last_insert_rowid (self->db);

      for (guint k = 0; k < table->size; k++)
        {
          g_assert (table->players[k] < field->len);
          ctd_store_rebind (seat_stmt, CTD_ARGS (CTD_INT (chouette_id), CTD_INT (k + 1),
                                                 CTD_INT (g_array_index (field, gint64,
                                                                         table->players[k]))));
          if (!ctd_store_step_done (self, seat_stmt, error))
            return FALSE;
        }
    }
  return TRUE;
}

/**
 * ctd_store_draw_round:
 * @self: a store
 * @seed: the draw's seed (e.g. ctd_rng_fresh_seed()); stored and printed
 * @out_round: (out) (optional): the new round's number
 * @error: return location for a #GError
 *
 * Draws the next round: qualifying from the checked-in players, later
 * rounds from the advancers of the released round before. A field that
 * cannot be drawn is refused with a message that says what to change.
 *
 * Returns: whether the round was drawn
 */
gboolean
ctd_store_draw_round (CtdStore  *self,
                      guint64    seed,
                      guint     *out_round,
                      GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(GArray) field = NULL;
  g_autofree char *summary = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  guint round;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "draw-round", error) ||
      !get_last_round (self, &round, error))
    return FALSE;
  round++;
  field = field_for_round (self, round, &stage, error);
  if (field == NULL ||
      !ctd_store_run (self, "INSERT INTO round (id, stage, seed) VALUES (?1, ?2, ?3)",
                      CTD_ARGS (CTD_INT (round), CTD_TEXT (ctd_stage_to_string (stage)),
                                CTD_INT (seed)), error) ||
      !write_draw (self, round, field, seed, error))
    return FALSE;

  summary = g_strdup_printf ("Drew round %u (%s) for %u players, seed %" G_GUINT64_FORMAT,
                             round, ctd_stage_to_string (stage), field->len, seed);
  if (!ctd_store_action_commit (&action, summary, error))
    return FALSE;
  if (out_round != NULL)
    *out_round = round;
  return TRUE;
}

/**
 * ctd_store_redraw_round:
 * @self: a store
 * @round: the newest round's number
 * @seed: the new draw's seed
 * @error: return location for a #GError
 *
 * Draws the newest round again with a new seed (and, for qualifying, the
 * players checked in now). Allowed until its first result is entered.
 *
 * Returns: whether the round was drawn again
 */
gboolean
ctd_store_redraw_round (CtdStore  *self,
                        guint      round,
                        guint64    seed,
                        GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(GArray) field = NULL;
  g_autofree char *summary = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  CtdRoundState state;
  guint last_round;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "redraw-round", error) ||
      !ctd_store_get_round_state (self, round, &state, error) ||
      !get_last_round (self, &last_round, error))
    return FALSE;
  if (state != CTD_ROUND_DRAWN || round != last_round)
    return ctd_store_refuse (error, "Round %u cannot be redrawn: it is %s (a round can be "
                             "redrawn only until its first result is entered)", round,
                             ctd_round_state_to_string (state));
  field = field_for_round (self, round, &stage, error);
  if (field == NULL ||
      !ctd_store_run (self, "DELETE FROM crosscheck WHERE chouette IN "
                      "  (SELECT id FROM chouette WHERE round = ?1)",
                      CTD_ARGS (CTD_INT (round)), error) ||
      !ctd_store_run (self, "DELETE FROM seat WHERE chouette IN "
                      "  (SELECT id FROM chouette WHERE round = ?1)",
                      CTD_ARGS (CTD_INT (round)), error) ||
      !ctd_store_run (self, "DELETE FROM chouette WHERE round = ?1",
                      CTD_ARGS (CTD_INT (round)), error) ||
      !ctd_store_run (self, "UPDATE round SET seed = ?2, stage = ?3 WHERE id = ?1",
                      CTD_ARGS (CTD_INT (round), CTD_INT (seed),
                                CTD_TEXT (ctd_stage_to_string (stage))), error) ||
      !write_draw (self, round, field, seed, error))
    return FALSE;

  summary = g_strdup_printf ("Redrew round %u for %u players, seed %" G_GUINT64_FORMAT,
                             round, field->len, seed);
  return ctd_store_action_commit (&action, summary, error);
}

/* ---- roll-offs, release, advancement ---------------------------------------- */

/* Whether every id of @ids is seated in round @round, none twice. */
static gboolean
check_round_players (CtdStore      *self,
                     guint          round,
                     const gint64  *ids,
                     gsize          n_ids,
                     GError       **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  for (gsize i = 0; i < n_ids; i++)
    for (gsize j = 0; j < i; j++)
      if (ids[i] == ids[j])
        return ctd_store_refuse (error, "Player %" G_GINT64_FORMAT " is listed twice", ids[i]);

  stmt = ctd_store_prepare (self, "SELECT 1 FROM seat JOIN chouette ON chouette.id = seat.chouette "
                            "WHERE chouette.round = ?1 AND seat.player = ?2", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  for (gsize i = 0; i < n_ids; i++)
    {
      CtdStep step;

      ctd_store_rebind (stmt, CTD_ARGS (CTD_INT (round), CTD_INT (ids[i])));
      step = ctd_store_step (self, stmt, error);
      if (step == CTD_STEP_FAILED)
        return FALSE;
      if (step == CTD_STEP_DONE)
        return ctd_store_refuse (error, "Player %" G_GINT64_FORMAT " did not play in round %u",
                                 ids[i], round);
    }
  return TRUE;
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
 * @self: a store
 * @round: a complete or released round whose next round is not drawn
 * @order: (array length=n_players): the tied players' ids, best first
 * @n_players: how many (at least two)
 * @seed: (nullable): the seed when the software rolled
 *   (ctd_standings_roll()); %NULL when the director typed the result
 * @error: return location for a #GError
 *
 * Stores a roll-off that breaks a tie (SPEC 6).
 *
 * Returns: whether the roll-off was stored
 */
gboolean
ctd_store_add_rolloff (CtdStore       *self,
                       guint           round,
                       const gint64   *order,
                       gsize           n_players,
                       const guint64  *seed,
                       GError        **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *json = NULL;
  g_autofree char *summary = NULL;
  CtdRoundState state;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (order != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players < 2)
    return ctd_store_refuse (error, "A roll-off needs at least two players");
  if (!ctd_store_action_begin (self, &action, "add-rolloff", error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (state < CTD_ROUND_COMPLETE || state == CTD_ROUND_CLOSED)
    return ctd_store_refuse (error, "Round %u is %s: roll-offs are for a complete round whose "
                             "next round is not drawn", round, ctd_round_state_to_string (state));
  json = ids_json (order, n_players);
  summary = g_strdup_printf ("Round %u: roll-off %s", round, json);
  return check_round_players (self, round, order, n_players, error) &&
         ctd_store_run (self, "INSERT INTO rolloff (round, players, seed) VALUES (?1, ?2, ?3)",
                        CTD_ARGS (CTD_INT (round), CTD_TEXT (json),
                                  seed != NULL ? CTD_INT (*seed) : CTD_NULL), error) &&
         ctd_store_action_commit (&action, summary, error);
}

static gboolean
mark_released (CtdStore  *self,
               guint      round,
               GError   **error)
{
  return ctd_store_run (self, "UPDATE round SET released = 1 WHERE id = ?1",
                        CTD_ARGS (CTD_INT (round)), error);
}

/**
 * ctd_store_release_round:
 * @self: a store
 * @round: a complete round
 * @error: return location for a #GError
 *
 * Releases a complete round: its scores may be posted (rule 1.7) and
 * its advancers chosen; its results can no longer change.
 *
 * Returns: whether the round was released
 */
gboolean
ctd_store_release_round (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  CtdRoundState state;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "release-round", error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (state != CTD_ROUND_COMPLETE)
    return ctd_store_refuse (error, "Round %u is %s: a round can be released once every game "
                             "of every chouette is entered and every typed paper total agrees",
                             round, ctd_round_state_to_string (state));
  summary = g_strdup_printf ("Released round %u", round);
  return mark_released (self, round, error) &&
         ctd_store_action_commit (&action, summary, error);
}

/* Replaces the stored advancers of @round. */
static gboolean
write_advancers (CtdStore      *self,
                 guint          round,
                 const gint64  *advancers,
                 gsize          n_advancers,
                 GError       **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  if (!ctd_store_run (self, "DELETE FROM advancer WHERE round = ?1", CTD_ARGS (CTD_INT (round)),
                      error))
    return FALSE;
  stmt = ctd_store_prepare (self, "INSERT INTO advancer (round, player) VALUES (?1, ?2)",
                            CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  for (gsize i = 0; i < n_advancers; i++)
    {
      ctd_store_rebind (stmt, CTD_ARGS (CTD_INT (round), CTD_INT (advancers[i])));
      if (!ctd_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * ctd_store_set_advancement:
 * @self: a store
 * @round: a complete or released round that is not the final
 * @top_k: the director's choice: how many advance from each chouette
 * @wildcards: and how many wildcards
 * @advancers: (array length=n_advancers): the players who go on, as
 *   ctd_advance_select() chose them
 * @n_advancers: how many
 * @error: return location for a #GError
 *
 * Stores who advances from a round (replacing an earlier choice),
 * releasing it if it was only complete, as one action;
 * ctd_store_draw_round() then draws the next round from them.
 *
 * Returns: whether the advancers were stored
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
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  g_autofree char *json = NULL;
  CtdRoundState state;
  CtdStage stage;
  CtdStage next_stage;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (advancers != NULL || n_advancers == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_advance_check_next_size (n_advancers, &next_stage, error) ||
      !ctd_store_action_begin (self, &action, "set-advancement", error) ||
      !get_round_stage (self, round, &stage, error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (stage == CTD_STAGE_FINAL)
    return ctd_store_refuse (error, "Round %u is the final: nobody advances from it; its scores "
                             "give the placings", round);
  if (state != CTD_ROUND_COMPLETE && state != CTD_ROUND_RELEASED)
    return ctd_store_refuse (error, "Round %u is %s: advancers are chosen once every game of the "
                             "round is entered and before the next round is drawn", round,
                             ctd_round_state_to_string (state));

  json = ids_json (advancers, n_advancers);
  summary = g_strdup_printf ("Round %u: top %u and %u wildcards advance: %s", round, top_k,
                             wildcards, json);
  /* Choosing the advancers releases a complete round (SPEC 6): one
   * action, so one undo takes both back. */
  return (state != CTD_ROUND_COMPLETE || mark_released (self, round, error)) &&
         check_round_players (self, round, advancers, n_advancers, error) &&
         write_advancers (self, round, advancers, n_advancers, error) &&
         ctd_store_run (self, "UPDATE round SET top_k = ?2, wildcards = ?3 WHERE id = ?1 "
                        "AND (top_k, wildcards) IS NOT (?2, ?3)",
                        CTD_ARGS (CTD_INT (round), CTD_INT (top_k), CTD_INT (wildcards)), error) &&
         ctd_store_action_commit (&action, summary, error);
}
