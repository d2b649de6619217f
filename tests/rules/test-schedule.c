/* test-schedule.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ctd-schedule.h"

/* The tables of SPEC section 3, written out game by game. */
typedef struct
{
  guint game, segment, box, captain, cube;
  guint order[3];
} Row;

/* 4 players, last-segment order 2, 3, 1. */
static const Row four_rows[] = {
  { 1, 1, 1, 2, 1, { 2, 3, 4 } },
  { 2, 1, 1, 3, 2, { 3, 4, 2 } },
  { 3, 1, 1, 4, 4, { 4, 2, 3 } },
  { 4, 2, 2, 3, 1, { 3, 4, 1 } },
  { 5, 2, 2, 4, 2, { 4, 1, 3 } },
  { 6, 2, 2, 1, 4, { 1, 3, 4 } },
  { 7, 3, 3, 4, 1, { 4, 1, 2 } },
  { 8, 3, 3, 1, 2, { 1, 2, 4 } },
  { 9, 3, 3, 2, 4, { 2, 4, 1 } },
  { 10, 4, 4, 2, 1, { 2, 3, 1 } },
  { 11, 4, 4, 3, 2, { 3, 1, 2 } },
  { 12, 4, 4, 1, 4, { 1, 2, 3 } },
};

/* 3 players, last-segment order 2, 1. */
static const Row three_rows[] = {
  { 1, 1, 1, 2, 1, { 2, 3 } },
  { 2, 1, 1, 3, 2, { 3, 2 } },
  { 3, 1, 1, 2, 4, { 2, 3 } },
  { 4, 1, 1, 3, 4, { 3, 2 } },
  { 5, 2, 2, 3, 1, { 3, 1 } },
  { 6, 2, 2, 1, 2, { 1, 3 } },
  { 7, 2, 2, 3, 4, { 3, 1 } },
  { 8, 2, 2, 1, 4, { 1, 3 } },
  { 9, 3, 3, 2, 1, { 2, 1 } },
  { 10, 3, 3, 1, 2, { 1, 2 } },
  { 11, 3, 3, 2, 4, { 2, 1 } },
  { 12, 3, 3, 1, 4, { 1, 2 } },
};

static void
check_rows (guint        size,
            const Row   *rows,
            const guint *last_order)
{
  for (guint i = 0; i < CTD_N_GAMES; i++)
    {
      CtdGameSlot slot;

      ctd_schedule_slot (size, rows[i].game, last_order, &slot);
      assert_int_equal (slot.game, rows[i].game);
      assert_int_equal (slot.segment, rows[i].segment);
      assert_int_equal (slot.box, rows[i].box);
      assert_int_equal (slot.captain, rows[i].captain);
      assert_int_equal (slot.cube_start, rows[i].cube);
      assert_int_equal (ctd_schedule_cube_start (size, rows[i].game), rows[i].cube);
      assert_int_equal (ctd_schedule_segment_of (size, rows[i].game), rows[i].segment);
      assert_int_equal (slot.n_crew, size - 1);
      assert_int_equal (slot.last_segment, rows[i].segment == size);
      for (guint k = 0; k < size - 1; k++)
        assert_int_equal (slot.playing_order[k], rows[i].order[k]);
    }
}

static void
test_four_player_table (void **state)
{
  static const guint last_order[] = { 2, 3, 1 };

  assert_int_equal (ctd_schedule_first_last_game (4), 10);
  check_rows (4, four_rows, last_order);
}

static void
test_three_player_table (void **state)
{
  static const guint last_order[] = { 2, 1 };

  assert_int_equal (ctd_schedule_first_last_game (3), 9);
  check_rows (3, three_rows, last_order);
}

/* Rules 1.3 and 1.4: every player is Box 3 (4) times, Captain 3 (4)
 * times, crew 6 (4) times, and in a 4-player chouette meets each other
 * player once as Box against Captain (twice in a 3-player one). */
static void
test_role_counts (void **state)
{
  static const guint orders[][3] = { { 1, 2, 3 }, { 3, 1, 2 }, { 2, 1, 0 } };

  for (guint size = 3; size <= 4; size++)
    for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
      {
        guint box[5] = { 0 }, captain[5] = { 0 }, crew[5] = { 0 };
        guint pairs[5][5] = { { 0 } };

        if ((size == 3) != (orders[o][2] == 0))
          continue;
        for (guint game = 1; game <= CTD_N_GAMES; game++)
          {
            CtdGameSlot slot;

            ctd_schedule_slot (size, game, orders[o], &slot);
            box[slot.box]++;
            captain[slot.captain]++;
            pairs[slot.box][slot.captain]++;
            for (guint k = 0; k < slot.n_crew; k++)
              {
                assert_int_not_equal (slot.playing_order[k], slot.box);
                crew[slot.playing_order[k]]++;
              }
          }
        for (guint p = 1; p <= size; p++)
          {
            assert_int_equal (box[p], size == 4 ? 3 : 4);
            assert_int_equal (captain[p], size == 4 ? 3 : 4);
            assert_int_equal (crew[p] - captain[p], size == 4 ? 6 : 4);
            for (guint q = 1; q <= size; q++)
              assert_int_equal (pairs[p][q], p == q ? 0 : (size == 4 ? 1 : 2));
          }
      }
}

static void
test_last_segment_unknown (void **state)
{
  for (guint size = 3; size <= 4; size++)
    for (guint game = ctd_schedule_first_last_game (size); game <= CTD_N_GAMES; game++)
      {
        CtdGameSlot slot;

        ctd_schedule_slot (size, game, NULL, &slot);
        assert_int_equal (slot.box, size);
        assert_int_equal (slot.captain, 0);
        assert_int_equal (slot.playing_order[0], 0);
        assert_true (slot.last_segment);
        assert_int_not_equal (slot.cube_start, 0);
      }
}

typedef struct
{
  guint size;
  CtdLastSegmentDirection direction;
  CtdHalves totals[4];
  guint expected[3];
} OrderCase;

static void
test_last_segment_order (void **state)
{
  static const OrderCase cases[] = {
    /* Highest score captains first; the last Box's score plays no part. */
    { 4, CTD_LAST_SEGMENT_HIGHEST_FIRST, { -2, 6, 4, 99 }, { 2, 3, 1 } },
    { 4, CTD_LAST_SEGMENT_HIGHEST_FIRST, { 6, 6, -4, -8 }, { 1, 2, 3 } },
    /* Ties go to the lower player number. */
    { 4, CTD_LAST_SEGMENT_HIGHEST_FIRST, { 0, 3, 3, -6 }, { 2, 3, 1 } },
    { 4, CTD_LAST_SEGMENT_HIGHEST_FIRST, { 1, 1, 1, -3 }, { 1, 2, 3 } },
    { 4, CTD_LAST_SEGMENT_LOWEST_FIRST, { -2, 6, 4, 99 }, { 1, 3, 2 } },
    { 4, CTD_LAST_SEGMENT_LOWEST_FIRST, { 0, 3, 3, -6 }, { 1, 2, 3 } },
    { 4, CTD_LAST_SEGMENT_LOWEST_FIRST, { 5, -1, -1, -3 }, { 2, 3, 1 } },
    { 3, CTD_LAST_SEGMENT_HIGHEST_FIRST, { -1, 1, 0 }, { 2, 1 } },
    { 3, CTD_LAST_SEGMENT_HIGHEST_FIRST, { 2, 2, -4 }, { 1, 2 } },
    { 3, CTD_LAST_SEGMENT_LOWEST_FIRST, { -1, 1, 0 }, { 1, 2 } },
    { 3, CTD_LAST_SEGMENT_LOWEST_FIRST, { 2, 2, -4 }, { 1, 2 } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint order[3] = { 0 };

      ctd_schedule_last_segment_order (cases[i].size, cases[i].totals, cases[i].direction, order);
      for (guint k = 0; k < cases[i].size - 1; k++)
        assert_int_equal (order[k], cases[i].expected[k]);
    }
}

static void
test_check_last_segment_order (void **state)
{
  static const guint good4[] = { 3, 1, 2 };
  static const guint with_box[] = { 4, 1, 2 };
  static const guint repeat[] = { 1, 1, 2 };
  static const guint zero[] = { 0, 1, 2 };
  static const guint good3[] = { 2, 1 };
  static const guint bad3[] = { 3, 1 };
  g_autoptr(GError) error = NULL;

  assert_true (ctd_schedule_check_last_segment_order (4, good4, NULL));
  assert_true (ctd_schedule_check_last_segment_order (3, good3, NULL));
  assert_false (ctd_schedule_check_last_segment_order (4, repeat, NULL));
  assert_false (ctd_schedule_check_last_segment_order (4, zero, NULL));
  assert_false (ctd_schedule_check_last_segment_order (3, bad3, NULL));
  assert_false (ctd_schedule_check_last_segment_order (4, with_box, &error));
  assert_true (g_error_matches (error, CTD_SCHEDULE_ERROR, CTD_SCHEDULE_ERROR_INVALID_ORDER));
  assert_non_null (strstr (error->message, "players 1 to 3"));
  assert_non_null (strstr (error->message, "player 4 is the last Box"));
}

typedef struct
{
  guint size, game;
  CtdHalves totals[4];
  guint expected[3];
} DecisionCase;

static void
test_decision_order (void **state)
{
  static const guint last4[] = { 1, 2, 3 };
  static const guint last3[] = { 2, 1 };
  static const DecisionCase cases[] = {
    /* SPEC section 4: before game 6, P1 +3, P2 -2, P3 +3, P4 -4; Box 2,
     * Captain 1, playing order 1, 3, 4: P1 and P3 tie and keep playing
     * order. */
    { 4, 6, { 6, -4, 6, -8 }, { 1, 3, 4 } },
    { 4, 6, { 6, -4, 8, -8 }, { 3, 1, 4 } },
    /* Game 2: playing order 3, 4, 2. */
    { 4, 2, { -2, 2, 0, 0 }, { 2, 3, 4 } },
    { 4, 2, { 0, 0, 0, 0 }, { 3, 4, 2 } },
    { 4, 2, { 9, -1, -1, 1 }, { 4, 3, 2 } },
    /* The Box's own score plays no part. */
    { 4, 1, { 100, 1, 2, 3 }, { 4, 3, 2 } },
    /* Last segment, order 1, 2, 3: game 11 is captained by 2. */
    { 4, 11, { 1, 1, 1, -3 }, { 2, 3, 1 } },
    { 4, 11, { 5, 1, 1, -7 }, { 1, 2, 3 } },
    /* 3 players, game 7: Box 2, playing order 3, 1. */
    { 3, 7, { 4, 0, -4 }, { 1, 3 } },
    { 3, 7, { -4, 0, -4 }, { 3, 1 } },
    /* 3 players, game 10 with last order 2, 1: Captain 1, order 1, 2. */
    { 3, 10, { -1, 3, -2 }, { 2, 1 } },
    { 3, 10, { 3, 3, -6 }, { 1, 2 } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CtdGameSlot slot;
      guint order[3] = { 0 };

      ctd_schedule_slot (cases[i].size, cases[i].game,
                         cases[i].size == 4 ? last4 : last3, &slot);
      ctd_schedule_decision_order (&slot, cases[i].totals, order);
      for (guint k = 0; k < slot.n_crew; k++)
        assert_int_equal (order[k], cases[i].expected[k]);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_four_player_table),
    cmocka_unit_test (test_three_player_table),
    cmocka_unit_test (test_role_counts),
    cmocka_unit_test (test_last_segment_unknown),
    cmocka_unit_test (test_last_segment_order),
    cmocka_unit_test (test_check_last_segment_order),
    cmocka_unit_test (test_decision_order),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
