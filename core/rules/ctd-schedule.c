/* ctd-schedule.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-schedule"

#include "config.h"

#include "ctd-schedule.h"

#include <glib/gi18n-lib.h>

/**
 * ctd_schedule_error_quark:
 *
 * The error domain %CTD_SCHEDULE_ERROR, whose codes are #CtdScheduleError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-schedule-error-quark, ctd_schedule_error)

/*
 * The schedule of SPEC section 3. A segment is the run of games one
 * player spends in the Box: three games in a 4-player chouette, four in
 * a 3-player one. Player k is the Box of segment k; the Captains follow
 * the rotation after the Box, except in the last segment, where the crew
 * captain in the last-segment order (rule 1.6).
 */

/**
 * ctd_schedule_size_is_valid:
 * @size: a number of players
 *
 * Only chouettes of 3 and 4 players have a schedule (rule 1.2). The
 * other functions of this module treat any other size as a programming
 * error, so a caller holding a size from outside checks it here first.
 *
 * Returns: whether @size is 3 or 4
 */
gboolean
ctd_schedule_size_is_valid (guint size)
{
  return size == 3 || size == 4;
}

static guint
segment_length (guint size)
{
  return CTD_N_GAMES / size;
}

/**
 * ctd_schedule_first_last_game:
 * @size: 3 or 4
 *
 * Returns: the first game of the last segment: 10 (4 players) or 9 (3)
 */
guint
ctd_schedule_first_last_game (guint size)
{
  g_return_val_if_fail (ctd_schedule_size_is_valid (size), 0);

  return CTD_N_GAMES - segment_length (size) + 1;
}

/**
 * ctd_schedule_segment_of:
 * @size: 3 or 4
 * @game: 1..CTD_N_GAMES
 *
 * A segment is the run of games one player spends in the Box: three
 * games in a 4-player chouette, four in a 3-player one.
 *
 * Returns: the segment @game belongs to, 1..@size; it is also the
 *   player number of the game's Box
 */
guint
ctd_schedule_segment_of (guint size,
                         guint game)
{
  g_return_val_if_fail (ctd_schedule_size_is_valid (size), 0);
  g_return_val_if_fail (game >= 1 && game <= CTD_N_GAMES, 0);

  return (game - 1) / segment_length (size) + 1;
}

/**
 * ctd_schedule_cube_start:
 * @size: 3 or 4
 * @game: 1..CTD_N_GAMES
 *
 * Rule 1.5: cubes start centred at 1, 2 and 4 for a Box's first three
 * games, and at 4 again for the fourth game of a 3-player segment.
 *
 * Returns: the starting cube value in points
 */
guint
ctd_schedule_cube_start (guint size,
                         guint game)
{
  static const guint starts[] = { 1, 2, 4, 4 };

  g_return_val_if_fail (ctd_schedule_size_is_valid (size), 0);
  g_return_val_if_fail (game >= 1 && game <= CTD_N_GAMES, 0);

  return starts[(game - 1) % segment_length (size)];
}

/* The crew of segment @box in rotation order, starting after the Box:
 * for Box 2 of 4 that is 3, 4, 1. */
static void
rotation_after (guint  size,
                guint  box,
                guint *out_crew)
{
  for (guint i = 0; i < size - 1; i++)
    out_crew[i] = (box + i) % size + 1;
}

/**
 * ctd_schedule_slot:
 * @size: 3 or 4
 * @game: 1..CTD_N_GAMES
 * @last_segment_order: (nullable) (array): the crew of the last segment
 *   in the order they captain (@size - 1 player numbers, as checked by
 *   ctd_schedule_check_last_segment_order()), or %NULL while unknown;
 *   ignored for the games before the last segment
 * @out_slot: (out caller-allocates): the game's row of the scoring sheet
 *
 * Fills in the Box, Captain, starting cube and playing order of @game.
 * The playing order is the Captain, then the rest of the crew in the
 * segment's rotation after the Captain; in the last segment the rotation
 * is the last-segment order. Without that order a last-segment game has
 * no Captain and no playing order yet (both 0).
 */
void
ctd_schedule_slot (guint        size,
                   guint        game,
                   const guint *last_segment_order,
                   CtdGameSlot *out_slot)
{
  guint rotation[CTD_MAX_PLAYERS - 1];
  guint n_crew = size - 1;
  guint index;

  g_return_if_fail (ctd_schedule_size_is_valid (size));
  g_return_if_fail (game >= 1 && game <= CTD_N_GAMES);
  g_return_if_fail (out_slot != NULL);

  *out_slot = (CtdGameSlot) {
    .game = game,
    .segment = ctd_schedule_segment_of (size, game),
    .cube_start = ctd_schedule_cube_start (size, game),
    .last_segment = game >= ctd_schedule_first_last_game (size),
    .n_crew = n_crew,
  };
  out_slot->box = out_slot->segment;

  if (out_slot->last_segment)
    {
      if (last_segment_order == NULL)
        return;
      for (guint i = 0; i < n_crew; i++)
        rotation[i] = last_segment_order[i];
    }
  else
    {
      rotation_after (size, out_slot->box, rotation);
    }

  /* The k-th game of a segment is captained by the k-th crew member of
   * the rotation, wrapping round: a 3-player segment's four games are
   * captained X, Y, X, Y. */
  index = (game - 1) % segment_length (size) % n_crew;
  out_slot->captain = rotation[index];
  for (guint i = 0; i < n_crew; i++)
    out_slot->playing_order[i] = rotation[(index + i) % n_crew];
}

/**
 * ctd_schedule_last_segment_order:
 * @size: 3 or 4
 * @totals: (array): the chouette totals after the games before the last
 *   segment, @totals[p - 1] for player p (@size entries are read)
 * @direction: highest or lowest score captains first
 * @out_order: (out caller-allocates) (array): room for @size - 1 player
 *   numbers, the crew in the order they captain
 *
 * Rule 1.6: at the start of the last segment the crew (every player but
 * the last Box) is ordered by current score. Equal scores go to the lower
 * player number, whichever the direction, so the order never depends on
 * anything but the scores.
 */
void
ctd_schedule_last_segment_order (guint                    size,
                                 const CtdHalves         *totals,
                                 CtdLastSegmentDirection  direction,
                                 guint                   *out_order)
{
  g_return_if_fail (ctd_schedule_size_is_valid (size));
  g_return_if_fail (totals != NULL && out_order != NULL);

  /* Insertion sort: at most three players, and stable by construction. */
  for (guint i = 0; i < size - 1; i++)
    {
      guint player = i + 1;
      guint j = i;

      while (j > 0)
        {
          CtdHalves ahead = totals[out_order[j - 1] - 1];
          CtdHalves mine = totals[player - 1];
          gboolean before = direction == CTD_LAST_SEGMENT_HIGHEST_FIRST ? mine > ahead
                                                                         : mine < ahead;
          if (!before)
            break;
          out_order[j] = out_order[j - 1];
          j--;
        }
      out_order[j] = player;
    }
}

/**
 * ctd_schedule_check_last_segment_order:
 * @size: 3 or 4
 * @order: (array): @size - 1 player numbers, in captaining order
 * @error: return location for a #GError
 *
 * A last-segment order set by hand must name each crew member of the last
 * segment (players 1 .. size - 1) exactly once; the last Box, player
 * @size, is not in it. The refusal names the players expected.
 *
 * Returns: whether @order is a valid last-segment order
 */
gboolean
ctd_schedule_check_last_segment_order (guint         size,
                                       const guint  *order,
                                       GError      **error)
{
  gboolean seen[CTD_MAX_PLAYERS + 1] = { FALSE, };

  g_return_val_if_fail (ctd_schedule_size_is_valid (size), FALSE);
  g_return_val_if_fail (order != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < size - 1; i++)
    {
      if (order[i] < 1 || order[i] > size - 1 || seen[order[i]])
        {
          g_set_error (error, CTD_SCHEDULE_ERROR, CTD_SCHEDULE_ERROR_INVALID_ORDER,
                       /* Translators: the Box plays alone against the others; the
                        * last segment is the last games of the chouette's twelve. */
                       _("The last-segment order must list players 1 to %u once each "
                         "(player %u is the last Box)"), size - 1, size);
          return FALSE;
        }
      seen[order[i]] = TRUE;
    }
  return TRUE;
}

/**
 * ctd_schedule_decision_order:
 * @slot: a game whose playing order is known (@slot->captain not 0)
 * @totals: (array): the chouette totals before the game, @totals[p - 1]
 *   for player p; they are only meaningful once every earlier game is
 *   recorded
 * @out_order: (out caller-allocates) (array): room for @slot->n_crew
 *   player numbers
 *
 * Rule 3.8: the crew make their cube decisions in order of current score,
 * highest first; equal scores keep the game's playing order. Unlike the
 * last-segment order, it never depends on a direction setting.
 */
void
ctd_schedule_decision_order (const CtdGameSlot *slot,
                             const CtdHalves   *totals,
                             guint             *out_order)
{
  g_return_if_fail (slot != NULL && slot->captain != 0);
  g_return_if_fail (totals != NULL && out_order != NULL);

  for (guint i = 0; i < slot->n_crew; i++)
    {
      guint player = slot->playing_order[i];
      guint j = i;

      while (j > 0 && totals[player - 1] > totals[out_order[j - 1] - 1])
        {
          out_order[j] = out_order[j - 1];
          j--;
        }
      out_order[j] = player;
    }
}
