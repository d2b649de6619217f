/* ctd-chouette.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chouette in memory: its games, its last-segment order, its totals.
 * What its scoring sheet shows is in ctd-chouette-sheet.c.
 */

#define G_LOG_DOMAIN "ctd-chouette"

#include "config.h"

#include "ctd-chouette-private.h"

#include "ctd-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/**
 * ctd_chouette_error_quark:
 *
 * The error domain %CTD_CHOUETTE_ERROR, whose codes are #CtdChouetteError.
 * A result line refused by the rules comes in %CTD_RESULT_ERROR instead.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-chouette-error-quark, ctd_chouette_error)

/**
 * ctd_chouette_new:
 * @size: 3 or 4 players
 * @direction: the event's last-segment direction
 *
 * A chouette in memory: the director's entries and the rules derived
 * from them, without the event file. ctd-store loads one to check each
 * new result against the ones already recorded.
 *
 * Returns: (transfer full): a chouette with no game recorded, to free
 *   with ctd_chouette_free()
 */
CtdChouette *
ctd_chouette_new (guint                   size,
                  CtdLastSegmentDirection direction)
{
  CtdChouette *self;

  g_return_val_if_fail (ctd_schedule_size_is_valid (size), NULL);

  self = g_new0 (CtdChouette, 1);
  self->size = size;
  self->direction = direction;
  return self;
}

/**
 * ctd_chouette_free:
 * @self: (nullable) (transfer full): a chouette
 *
 * Frees @self and its recorded results: every #CtdResult borrowed from
 * it (ctd_chouette_get_result(), #CtdChouetteGame.result) dies with it.
 * %NULL is ignored.
 */
void
ctd_chouette_free (CtdChouette *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < CTD_N_GAMES; i++)
    g_clear_pointer (&self->results[i], ctd_result_free);
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    g_free (self->names[p]);
  g_free (self);
}

/**
 * ctd_chouette_set_names:
 * @self: a chouette
 * @names: (array) (nullable): the players' names, @names[p - 1] for
 *   player p (size entries, each nullable), copied; %NULL forgets them
 *
 * Lets ctd_chouette_record()'s refusals name each player as the
 * director knows them ("2 Dagný Jónsdóttir's cube value 3 ...", see
 * ctd_result_parse_named()). Names change no rule.
 */
void
ctd_chouette_set_names (CtdChouette        *self,
                        const char * const *names)
{
  g_return_if_fail (self != NULL);

  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      g_free (self->names[p]);
      self->names[p] = names != NULL && p < self->size ? g_strdup (names[p]) : NULL;
    }
}

/**
 * ctd_chouette_get_name:
 * @self: a chouette
 * @player: 1..size
 *
 * Returns: (nullable): player @player's name as ctd_chouette_set_names()
 *   gave it, or %NULL when it was not given
 */
const char *
ctd_chouette_get_name (const CtdChouette *self,
                       guint              player)
{
  g_return_val_if_fail (self != NULL, NULL);

  return player >= 1 && player <= self->size ? self->names[player - 1] : NULL;
}

/**
 * ctd_chouette_get_size:
 * @self: a chouette
 *
 * Returns: the number of players, 3 or 4; player numbers run 1..size
 */
guint
ctd_chouette_get_size (const CtdChouette *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->size;
}

/**
 * ctd_chouette_get_direction:
 * @self: a chouette
 *
 * Returns: whether the highest or the lowest score captains first in the
 *   last segment: the direction its fixed order was fixed under, else
 *   the one given to ctd_chouette_new() (the event's now)
 */
CtdLastSegmentDirection
ctd_chouette_get_direction (const CtdChouette *self)
{
  g_return_val_if_fail (self != NULL, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  return self->order_fixed ? self->order_direction : self->direction;
}

gboolean
chouette_valid_game (guint game)
{
  return game >= 1 && game <= CTD_N_GAMES;
}

/**
 * ctd_chouette_get_result:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 *
 * Returns: (transfer none) (nullable): the recorded result of @game,
 *   owned by @self and valid until that game is recorded again or
 *   cleared, or %NULL while the game is not recorded
 */
const CtdResult *
ctd_chouette_get_result (const CtdChouette *self,
                         guint              game)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (chouette_valid_game (game), NULL);
  return self->results[game - 1];
}

/**
 * ctd_chouette_get_n_recorded:
 * @self: a chouette
 *
 * Counts the recorded games wherever they are, not the games recorded in
 * a row from game 1: games may be entered in any order from the sheets.
 *
 * Returns: how many of the CTD_N_GAMES games have a result
 */
guint
ctd_chouette_get_n_recorded (const CtdChouette *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < CTD_N_GAMES; i++)
    n += self->results[i] != NULL;
  return n;
}

/**
 * ctd_chouette_is_complete:
 * @self: a chouette
 *
 * A chouette with every game recorded. That alone does not make its
 * round complete: the paper totals must also agree (see
 * ctd_chouette_crosscheck()).
 *
 * Returns: whether all CTD_N_GAMES games have a result
 */
gboolean
ctd_chouette_is_complete (const CtdChouette *self)
{
  return ctd_chouette_get_n_recorded (self) == CTD_N_GAMES;
}

/**
 * ctd_chouette_describe_missing:
 * @self: a chouette
 * @first: first game to look at, 1..CTD_N_GAMES
 * @last: last game to look at, 1..CTD_N_GAMES
 *
 * Names the games still to enter, for messages that tell the director
 * what to do next.
 *
 * Returns: (transfer full) (nullable): "games 4 and 7", "game 2" or
 *   "games 1, 3 and 8" for the unrecorded games in @first..@last, or
 *   %NULL when all are recorded (or @first is past @last)
 */
char *
ctd_chouette_describe_missing (const CtdChouette *self,
                               guint              first,
                               guint              last)
{
  g_autoptr(GPtrArray) numbers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (chouette_valid_game (first) && chouette_valid_game (last), NULL);

  for (guint game = first; game <= last; game++)
    if (self->results[game - 1] == NULL)
      g_ptr_array_add (numbers, g_strdup_printf ("%u", game));
  if (numbers->len == 0)
    return NULL;

  list = ctd_text_join_and (numbers);
  /* Translators: %s is one game's number, or a list of them ("1, 3
   * and 8"), of the games of a chouette not entered yet. */
  return g_strdup_printf (ngettext ("game %s", "games %s", numbers->len), list);
}

/**
 * ctd_chouette_count_missing:
 * @self: a chouette
 * @first: the first game to look at, 1 to 12
 * @last: the last one
 *
 * How many of games @first..@last are not recorded: the count of
 * ctd_chouette_describe_missing()'s list, for the plural of a sentence
 * that says it (ngettext()), never read back from the translated text.
 *
 * Returns: the number of unrecorded games
 */
guint
ctd_chouette_count_missing (const CtdChouette *self,
                            guint              first,
                            guint              last)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (chouette_valid_game (first) && chouette_valid_game (last), 0);

  for (guint game = first; game <= last; game++)
    n += self->results[game - 1] == NULL;
  return n;
}

/* The totals after games 1..@last: the sum of the recorded ones. Returns
 * whether all of them are recorded. */
gboolean
chouette_sum_games (const CtdChouette *self,
                    guint              last,
                    CtdHalves         *out_totals)
{
  gboolean all = TRUE;

  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    out_totals[p] = 0;

  for (guint game = 1; game <= last; game++)
    {
      if (self->results[game - 1] == NULL)
        {
          all = FALSE;
          continue;
        }
      for (guint p = 0; p < self->size; p++)
        out_totals[p] += self->deltas[game - 1][p];
    }
  return all;
}

static gboolean compute_order (const CtdChouette        *self,
                               CtdLastSegmentDirection   direction,
                               guint                    *out_order,
                               GError                  **error);

/**
 * ctd_chouette_compute_last_segment_order:
 * @self: a chouette
 * @out_order: (out caller-allocates) (array): room for size - 1 player
 *   numbers; untouched on failure
 * @error: return location for a #GError
 *
 * Rule 1.6's order from the scores at the start of the last segment, in
 * the chouette's direction (ctd_chouette_get_direction(): a fixed order's
 * own, whatever the event's is now). It can be known only once every game before
 * the last segment is recorded; otherwise the error
 * (%CTD_CHOUETTE_ERROR_MISSING_GAMES) lists those missing. It ignores
 * any fixed order: compare with ctd_chouette_get_last_segment_order().
 *
 * Returns: whether the order could be computed
 */
gboolean
ctd_chouette_compute_last_segment_order (const CtdChouette *self,
                                         guint             *out_order,
                                         GError           **error)
{
  g_return_val_if_fail (self != NULL && out_order != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return compute_order (self, ctd_chouette_get_direction (self), out_order, error);
}

/* ctd_chouette_compute_last_segment_order() in @direction. */
static gboolean
compute_order (const CtdChouette        *self,
               CtdLastSegmentDirection   direction,
               guint                    *out_order,
               GError                  **error)
{
  CtdHalves totals[CTD_MAX_PLAYERS];
  guint before = ctd_schedule_first_last_game (self->size) - 1;

  if (!chouette_sum_games (self, before, totals))
    {
      g_autofree char *missing = ctd_chouette_describe_missing (self, 1, before);

      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES,
                   /* Translators: the last segment is the chouette's last games,
                    * whose order of play the scores decide; %s is e.g. "game 4" or
                    * "games 4 and 7". */
                   ngettext ("The last-segment order comes from the scores after games 1-%u; "
                             "%s is not recorded yet",
                             "The last-segment order comes from the scores after games 1-%u; "
                             "%s are not recorded yet",
                             ctd_chouette_count_missing (self, 1, before)), before, missing);
      return FALSE;
    }
  ctd_schedule_last_segment_order (self->size, totals, direction, out_order);
  return TRUE;
}

static gboolean
has_last_segment_results (const CtdChouette *self)
{
  for (guint game = ctd_schedule_first_last_game (self->size); game <= CTD_N_GAMES; game++)
    if (self->results[game - 1] != NULL)
      return TRUE;
  return FALSE;
}

gboolean
chouette_same_order (guint        n,
                     const guint *a,
                     const guint *b)
{
  for (guint i = 0; i < n; i++)
    if (a[i] != b[i])
      return FALSE;
  return TRUE;
}

/**
 * ctd_chouette_fix_last_segment_order:
 * @self: a chouette
 * @order: (nullable) (array): the order to fix (size - 1 player numbers,
 *   copied), or %NULL for the one the scores give now
 * @error: return location for a #GError
 *
 * Fixes the last-segment order, as when the director prints the sheet
 * for the last segment; results entered later rest on it. While no
 * last-segment result is recorded a fixed order may be replaced; once
 * one is, only the same order is accepted
 * (%CTD_CHOUETTE_ERROR_ORDER_FIXED). A refusal changes nothing. An order
 * not fixed before is fixed under the chouette's direction; a fixed
 * one keeps the direction it was fixed under
 * (ctd_chouette_fix_last_segment_order_in()).
 *
 * Returns: whether the order is fixed
 */
gboolean
ctd_chouette_fix_last_segment_order (CtdChouette  *self,
                                     const guint  *order,
                                     GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return ctd_chouette_fix_last_segment_order_in (self, order, ctd_chouette_get_direction (self),
                                                 error);
}

/**
 * ctd_chouette_fix_last_segment_order_in:
 * @self: a chouette
 * @order: (nullable) (array): as for ctd_chouette_fix_last_segment_order()
 * @direction: the direction @order is (or was) taken under
 * @error: return location for a #GError
 *
 * ctd_chouette_fix_last_segment_order() for an order fixed under
 * @direction, as the event file keeps it: whether the order is stale
 * (ctd_chouette_last_segment_order_is_stale()) is judged in @direction,
 * even after the event's direction was forced to the other one.
 *
 * Returns: whether the order is fixed
 */
gboolean
ctd_chouette_fix_last_segment_order_in (CtdChouette              *self,
                                        const guint              *order,
                                        CtdLastSegmentDirection   direction,
                                        GError                  **error)
{
  guint computed[CTD_MAX_PLAYERS - 1];
  guint n_crew;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (direction == CTD_LAST_SEGMENT_HIGHEST_FIRST ||
                        direction == CTD_LAST_SEGMENT_LOWEST_FIRST, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n_crew = self->size - 1;
  if (order == NULL)
    {
      if (!compute_order (self, direction, computed, error))
        return FALSE;
      order = computed;
    }
  else if (!ctd_schedule_check_last_segment_order (self->size, order, error))
    {
      return FALSE;
    }

  if (self->order_fixed &&
      (!chouette_same_order (n_crew, self->order, order) || self->order_direction != direction) &&
      has_last_segment_results (self))
    {
      guint first = ctd_schedule_first_last_game (self->size);

      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_ORDER_FIXED,
                   _("The last-segment order is fixed: results of games %u-%u were "
                     "entered with it; clear them before changing the order"), first,
                   CTD_N_GAMES);
      return FALSE;
    }

  for (guint i = 0; i < n_crew; i++)
    self->order[i] = order[i];
  self->order_fixed = TRUE;
  self->order_direction = direction;
  return TRUE;
}

/**
 * ctd_chouette_unfix_last_segment_order:
 * @self: a chouette
 * @error: return location for a #GError
 *
 * Forgets a fixed last-segment order (undo of fixing it). Refused while
 * any last-segment result rests on it; releasing an order that is not
 * fixed succeeds and changes nothing.
 *
 * Returns: whether the order is no longer fixed
 */
gboolean
ctd_chouette_unfix_last_segment_order (CtdChouette  *self,
                                       GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (has_last_segment_results (self))
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_ORDER_FIXED,
                   _("The last-segment order cannot be released: games %u-%u "
                     "already have results entered with it"),
                   ctd_schedule_first_last_game (self->size), CTD_N_GAMES);
      return FALSE;
    }
  self->order_fixed = FALSE;
  return TRUE;
}

/**
 * ctd_chouette_get_last_segment_order:
 * @self: a chouette
 *
 * Returns: (transfer none) (nullable) (array): the fixed last-segment
 *   order (size - 1 player numbers), owned by @self and changed by the
 *   next fix, or %NULL while it is not fixed
 */
const guint *
ctd_chouette_get_last_segment_order (const CtdChouette *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->order_fixed ? self->order : NULL;
}

/**
 * ctd_chouette_last_segment_order_is_stale:
 * @self: a chouette
 *
 * A correction of an earlier game may change the scores the fixed
 * last-segment order was taken from. The order is not changed silently
 * (the last segment was played in it); this tells the director. The
 * scores are read in the direction the order was fixed under, so a
 * forced change of the event's direction is no correction (SPEC 7).
 *
 * Returns: whether the fixed order differs from what the scores give
 *   now in its direction; %FALSE when no order is fixed or it cannot be
 *   computed
 */
gboolean
ctd_chouette_last_segment_order_is_stale (const CtdChouette *self)
{
  guint computed[CTD_MAX_PLAYERS - 1];

  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->order_fixed || !ctd_chouette_compute_last_segment_order (self, computed, NULL))
    return FALSE;
  return !chouette_same_order (self->size - 1, self->order, computed);
}

static gboolean record (CtdChouette  *self,
                        guint         game,
                        const char   *notation,
                        gboolean      stored,
                        GError      **error);

/**
 * ctd_chouette_record:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 * @notation: a result line such as "B 2:1- 3:1- 4:2 E:3>4:4" (SPEC
 *   section 5); it is parsed, not kept
 * @error: return location for a #GError
 *
 * Checks @notation against the game's Box, Captain and starting cube and
 * records it, replacing any earlier result of the game. A result of the
 * last segment first needs that segment's order: if it is not fixed yet,
 * it is computed from the scores and fixed here (which needs every game
 * before the segment, %CTD_CHOUETTE_ERROR_MISSING_GAMES naming those
 * missing). The rules' refusals come in %CTD_RESULT_ERROR, a game out
 * of range in %CTD_CHOUETTE_ERROR_INVALID.
 *
 * Returns: whether the game was recorded; on refusal nothing changed,
 *   neither the earlier result nor the last-segment order
 */
gboolean
ctd_chouette_record (CtdChouette  *self,
                     guint         game,
                     const char   *notation,
                     GError      **error)
{
  return record (self, game, notation, FALSE, error);
}

/**
 * ctd_chouette_record_stored:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 * @notation: a result line the event file holds
 * @error: return location for a #GError
 *
 * ctd_chouette_record() for a line recorded before, read under the rules
 * of its day (ctd_result_parse_stored()): what the store rebuilds a
 * chouette from, so that a game entered before a rule was made stricter
 * can still be seen and corrected.
 *
 * Returns: whether the game was recorded
 */
gboolean
ctd_chouette_record_stored (CtdChouette  *self,
                            guint         game,
                            const char   *notation,
                            GError      **error)
{
  return record (self, game, notation, TRUE, error);
}

static gboolean
record (CtdChouette  *self,
        guint         game,
        const char   *notation,
        gboolean      stored,
        GError      **error)
{
  guint order[CTD_MAX_PLAYERS - 1];
  const guint *last_order;
  CtdGameSlot slot;
  CtdGameContext context;
  CtdResult *result;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!chouette_valid_game (game))
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID,
                   _("There is no game %u: a chouette has games 1 to %u"), game, CTD_N_GAMES);
      return FALSE;
    }

  last_order = self->order_fixed ? self->order : NULL;
  if (game >= ctd_schedule_first_last_game (self->size) && last_order == NULL)
    {
      if (!ctd_chouette_compute_last_segment_order (self, order, NULL))
        {
          guint before = ctd_schedule_first_last_game (self->size) - 1;
          g_autofree char *missing = ctd_chouette_describe_missing (self, 1, before);

          g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES,
                       /* Translators: the last %s is e.g. "game 4" or
                        * "games 4 and 7". */
                       _("Game %u is in the last segment, whose order comes from the scores "
                         "after games 1-%u; enter %s first"), game, before, missing);
          return FALSE;
        }
      last_order = order;
    }

  ctd_schedule_slot (self->size, game, last_order, &slot);
  context = (CtdGameContext) {
    .game = game,
    .size = self->size,
    .box = slot.box,
    .captain = slot.captain,
    .cube_start = slot.cube_start,
  };
  result = (stored ? ctd_result_parse_stored
                   : ctd_result_parse_named) (&context, (const char *const *) self->names,
                                              notation, error);
  if (result == NULL)
    return FALSE;

  if (last_order == order)
    ctd_chouette_fix_last_segment_order (self, order, NULL);
  g_clear_pointer (&self->results[game - 1], ctd_result_free);
  self->results[game - 1] = result;
  memset (self->deltas[game - 1], 0, sizeof self->deltas[game - 1]);
  ctd_result_deltas (result, self->deltas[game - 1]);
  return TRUE;
}

/**
 * ctd_chouette_clear:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 *
 * Removes a game's result (as undo does). A fixed last-segment order
 * stays fixed: releasing it is a separate, explicit step.
 */
void
ctd_chouette_clear (CtdChouette *self,
                    guint        game)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (chouette_valid_game (game));

  g_clear_pointer (&self->results[game - 1], ctd_result_free);
}

/**
 * ctd_chouette_get_game:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 * @out_game: (out caller-allocates): the game's row as the sheet shows it
 *
 * Derives everything the sheet shows for one game, from the records as
 * they are now: schedule, result, deltas, decision order and running
 * totals. The decision order and running totals are marked unknown
 * rather than guessed while an earlier game is missing. @out_game's
 * result is borrowed from @self and valid until that game changes.
 */
void
ctd_chouette_get_game (const CtdChouette *self,
                       guint              game,
                       CtdChouetteGame   *out_game)
{
  CtdHalves before[CTD_MAX_PLAYERS];
  gboolean all_before;

  g_return_if_fail (self != NULL);
  g_return_if_fail (chouette_valid_game (game));
  g_return_if_fail (out_game != NULL);

  *out_game = (CtdChouetteGame) { 0, };
  ctd_schedule_slot (self->size, game, ctd_chouette_get_last_segment_order (self),
                     &out_game->slot);
  out_game->result = self->results[game - 1];
  if (out_game->result != NULL)
    memcpy (out_game->deltas, self->deltas[game - 1], sizeof out_game->deltas);

  all_before = chouette_sum_games (self, game - 1, before);
  out_game->decision_known = all_before && out_game->slot.captain != 0;
  if (out_game->decision_known)
    ctd_schedule_decision_order (&out_game->slot, before, out_game->decision_order);

  out_game->running_known = all_before && out_game->result != NULL;
  for (guint p = 0; p < self->size; p++)
    out_game->running[p] = before[p] + out_game->deltas[p];
}

/**
 * ctd_chouette_get_totals:
 * @self: a chouette
 * @out_totals: (out caller-allocates) (array fixed-size=4): room for
 *   %CTD_MAX_PLAYERS totals, @out_totals[p - 1] for player p; those past
 *   the size are zero
 *
 * The chouette's score: the sum of every recorded game, in half points.
 * It does not wait for the missing games; ctd_chouette_is_complete() says
 * whether it is final.
 */
void
ctd_chouette_get_totals (const CtdChouette *self,
                         CtdHalves         *out_totals)
{
  g_return_if_fail (self != NULL && out_totals != NULL);

  chouette_sum_games (self, CTD_N_GAMES, out_totals);
}

/**
 * ctd_chouette_crosscheck:
 * @self: a chouette
 * @paper: (array): the totals row of the returned paper sheet, in half
 *   points, @paper[p - 1] for player p (size entries are read)
 * @given: (nullable) (array): which players' totals were typed,
 *   @given[p - 1] for player p; %NULL for all
 *
 * Compares the paper totals with the entered games. For each
 * disagreement it names the recorded games that alone would explain it
 * (a game left off the paper, or entered with the wrong sign on one
 * side) so the director knows which rows to look at first. A game not
 * entered yet is never a suspect: it has no score to compare.
 *
 * Returns: (transfer full) (element-type CtdCrosscheckMismatch): the
 *   mismatches, by player number, empty when the sheet agrees; free with
 *   g_array_unref()
 */
GArray *
ctd_chouette_crosscheck (const CtdChouette *self,
                         const CtdHalves   *paper,
                         const gboolean    *given)
{
  CtdHalves totals[CTD_MAX_PLAYERS];
  GArray *mismatches;

  g_return_val_if_fail (self != NULL && paper != NULL, NULL);

  mismatches = g_array_new (FALSE, FALSE, sizeof (CtdCrosscheckMismatch));
  ctd_chouette_get_totals (self, totals);

  for (guint p = 0; p < self->size; p++)
    {
      CtdCrosscheckMismatch mismatch = { p + 1, paper[p], totals[p], 0 };
      CtdHalves difference = paper[p] - totals[p];

      if ((given != NULL && !given[p]) || difference == 0)
        continue;

      for (guint game = 1; game <= CTD_N_GAMES; game++)
        {
          const CtdHalves *deltas = self->deltas[game - 1];

          if (self->results[game - 1] == NULL)
            continue;
          if (deltas[p] != 0 && (difference == -deltas[p] || difference == -2 * deltas[p]))
            mismatch.suspects |= 1u << (game - 1);
        }
      g_array_append_val (mismatches, mismatch);
    }
  return mismatches;
}
