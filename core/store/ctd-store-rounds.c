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
#include "ctd-round.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/*
 * Rounds: their stage, whether one is open, the draw and redraw
 * (roll-offs, release and advancement are in ctd-store-advance.c). A
 * round's state is never stored (SPEC 6): only the release is; the rest
 * follows from facts counted in ctd-store-round-facts.c.
 */

CtdStage
ctd_store_stage_from_string (const char *stage)
{
  CtdStage parsed = CTD_STAGE_QUALIFYING;

  /* The schema's CHECK admits only the stages' words. */
  if (!ctd_stage_parse (stage, &parsed))
    g_critical ("The event file holds a round of stage '%s', which no stage is", stage);
  return parsed;
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

gboolean
ctd_store_get_round_stage (CtdStore   *self,
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
    return ctd_store_refuse (error, _("Round %u is closed: round %u is drawn, so its results can "
                               "no longer change"), round, round + 1);
  if (sqlite3_column_int64 (stmt, 0) != 0)
    return ctd_store_refuse (error, _("Round %u is released: its results can no longer change; "
                               "undo the release first"), round);
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

/* The registered players who are not checked in (not withdrawn either),
 * as the log names them: left out of a qualifying draw. */
static GPtrArray *
list_absent (CtdStore  *self,
             GError   **error)
{
  g_autoptr(GPtrArray) absent = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CtdStmt) stmt = NULL;
  g_autoptr(GArray) ids = NULL;

  stmt = ctd_store_prepare (self, "SELECT id FROM player WHERE checked_in = 0 AND withdrawn = 0 "
                            "ORDER BY id", CTD_NO_ARGS, error);
  ids = read_ids (self, stmt, error);
  if (ids == NULL)
    return NULL;
  for (guint i = 0; i < ids->len; i++)
    {
      char *label = ctd_store_describe_player (self, g_array_index (ids, gint64, i), error);

      if (label == NULL)
        return NULL;
      g_ptr_array_add (absent, label);
    }
  return g_steal_pointer (&absent);
}

/* A stage in a sentence of the log, "Drew round 1 (qualifying) ...":
 * the words of the file (ctd_stage_to_string()), translated. */
static const char *
stage_word (CtdStage stage)
{
  switch (stage)
    {
    case CTD_STAGE_QUALIFYING:
      return C_("stage in a sentence", "qualifying");
    case CTD_STAGE_SEMIFINAL:
      return C_("stage in a sentence", "semi-final");
    case CTD_STAGE_FINAL:
      return C_("stage in a sentence", "final");
    default:
      g_return_val_if_reached ("?");
    }
}

/* "; 2 registered players are not checked in: Ann, Bob" or "". */
static char *
describe_absent (const GPtrArray *absent)
{
  g_autofree char *names = NULL;

  if (absent == NULL || absent->len == 0)
    return g_strdup ("");
  /* "Ann, Bob and Carl", as the language lists them */
  names = ctd_text_join_and (absent);
  /* Translators: ends a refusal or a line of the event's log about a
   * draw; %s lists the players' names. */
  return g_strdup_printf (ngettext ("; %u registered player is not checked in: %s",
                                    "; %u registered players are not checked in: %s",
                                    absent->len), absent->len, names);
}

/* Who round @round is drawn from, by id (the draw is reproducible from
 * the seed and this list): the checked-in players for qualifying (with
 * *@out_absent, those registered but not checked in, left out), the
 * advancers of the round before otherwise. */
static GArray *
field_for_round (CtdStore    *self,
                 guint        round,
                 CtdStage    *out_stage,
                 GPtrArray  **out_absent,
                 GError     **error)
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
      if (field == NULL || (*out_absent = list_absent (self, error)) == NULL)
        return NULL;
      if (field->len == 0 && (*out_absent)->len > 0)
        {
          ctd_store_refuse (error, ngettext ("Nobody is checked in, and only checked-in players "
                                             "are drawn: check the players in as they arrive, "
                                             "or register those present as checked in; %u "
                                             "player is registered",
                                             "Nobody is checked in, and only checked-in players "
                                             "are drawn: check the players in as they arrive, "
                                             "or register those present as checked in; %u "
                                             "players are registered", (*out_absent)->len),
                            (*out_absent)->len);
          return NULL;
        }
      /* A field of 3 or 4 is one chouette: it is the whole event, and
       * its scores rank 1st to 4th (rule 1.9). */
      *out_stage = field->len >= CTD_MIN_PLAYERS && field->len <= CTD_MAX_PLAYERS
                   ? CTD_STAGE_FINAL : CTD_STAGE_QUALIFYING;
      return g_steal_pointer (&field);
    }

  if (!ctd_store_get_round_stage (self, round - 1, &previous, error) ||
      !ctd_store_get_round_state (self, round - 1, &state, error))
    return NULL;
  if (!ctd_stage_has_next (previous))
    {
      ctd_store_refuse (error, _("Round %u was the final: the event is over, and no round can "
                          "follow it"), round - 1);
      return NULL;
    }
  if (state != CTD_ROUND_RELEASED)
    {
      ctd_store_refuse (error, _("Round %u is %s: release it and choose who advances before "
                          "drawing round %u"), round - 1, ctd_round_state_to_title (state), round);
      return NULL;
    }
  field = ctd_store_query_advancers (self, round - 1, error);
  if (field == NULL)
    return NULL;
  if (field->len == 0)
    {
      ctd_store_refuse (error, _("Choose who advances from round %u before drawing round %u"),
                        round - 1, round);
      return NULL;
    }
  if (!ctd_advance_check_next_size (field->len, out_stage, error))
    return NULL;
  return g_steal_pointer (&field);
}

/* Writes round @round's chouettes, seats and links from a draw of @field; a
 * field that cannot be drawn is refused with what to change, and
 * @absent_text (who is registered but not checked in) after it. */
static gboolean
write_draw (CtdStore      *self,
            guint          round,
            const GArray  *field,
            guint64        seed,
            const char    *absent_text,
            GError       **error)
{
  g_autoptr(CtdDraw) draw = NULL;
  g_autoptr(CtdStmt) chouette_stmt = NULL;
  g_autoptr(CtdStmt) seat_stmt = NULL;
  g_autoptr(GError) refusal = NULL;

  draw = ctd_draw_new (field->len, seed, &refusal);
  if (draw == NULL)
    {
      g_set_error (error, refusal->domain, refusal->code, "%s%s", refusal->message,
                   absent_text);
      return FALSE;
    }

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
  /* Each table's link, in the draw's transaction: no chouette is ever
   * drawn without one. */
  return ctd_store_issue_missing_links (self, error);
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
  g_autoptr(GPtrArray) absent = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *absent_text = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  guint round;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "draw-round", error) ||
      !get_last_round (self, &round, error))
    return FALSE;
  round++;
  field = field_for_round (self, round, &stage, &absent, error);
  if (field == NULL)
    return FALSE;
  absent_text = describe_absent (absent);
  if (!ctd_store_run (self, "INSERT INTO round (id, stage, seed) VALUES (?1, ?2, ?3)",
                      CTD_ARGS (CTD_INT (round), CTD_TEXT (ctd_stage_to_string (stage)),
                                CTD_INT (seed)), error) ||
      !write_draw (self, round, field, seed, absent_text, error))
    return FALSE;

  /* Translators: a line of the event's log: the round, its stage
   * (qualifying, semi-final or final), how many players, the random
   * generator's seed (a number), then maybe who was left out ("; 2
   * registered players are not checked in: ..."). */
  summary = g_strdup_printf (ngettext ("Drew round %u (%s) for %u player, seed %llu%s",
                                       "Drew round %u (%s) for %u players, seed %llu%s",
                                       field->len),
                             round, stage_word (stage), field->len, (unsigned long long) seed,
                             absent_text);
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
  g_autoptr(GPtrArray) absent = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *absent_text = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  CtdRoundState state;
  guint last_round;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "redraw-round", error) ||
      !ctd_store_get_round_state (self, round, &state, error) ||
      !get_last_round (self, &last_round, error))
    return FALSE;
  if (!ctd_round_can_redraw (state, round == last_round))
    return ctd_store_refuse (error, _("Round %u cannot be redrawn: it is %s (a round can be "
                               "redrawn only until its first result is entered)"), round,
                             ctd_round_state_to_title (state));
  field = field_for_round (self, round, &stage, &absent, error);
  if (field == NULL)
    return FALSE;
  absent_text = describe_absent (absent);
  if (!ctd_store_run (self, "DELETE FROM crosscheck WHERE chouette IN "
                      "  (SELECT id FROM chouette WHERE round = ?1)",
                      CTD_ARGS (CTD_INT (round)), error) ||
      !ctd_store_run (self, "DELETE FROM link WHERE chouette IN "
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
      !write_draw (self, round, field, seed, absent_text, error))
    return FALSE;

  /* Translators: a line of the event's log, as "Drew round %u ...". */
  summary = g_strdup_printf (ngettext ("Redrew round %u for %u player, seed %llu%s",
                                       "Redrew round %u for %u players, seed %llu%s", field->len),
                             round, field->len, (unsigned long long) seed, absent_text);
  return ctd_store_action_commit (&action, summary, error);
}
