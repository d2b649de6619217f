/* test-chouette.c: whole chouettes worked out by hand.
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

#include "ctd-chouette.h"

/* One row of a paper sheet: the entry, then what the director should see.
 * Scores are in half points. */
typedef struct
{
  const char *entry;
  guint       box, captain, cube;
  guint       decision[3];
  CtdHalves   deltas[4];
  CtdHalves   running[4];
} SheetRow;

#define H(x) ((CtdHalves) ((x) * 2))

/* A 4-player chouette, highest-first. Scores before the last segment:
 * P1 -11, P2 -16, P3 +37, so the last segment is captained 3, 1, 2.
 * Games 5 and 9 have taken extras: the offerer pays the taker the value
 * at which the offerer passed (SPEC 5), then the extra is settled. */
static const SheetRow four_sheet[CTD_N_GAMES] = {
  { "T", 1, 2, 1, { 2, 3, 4 },
    { H (-3), H (1), H (1), H (1) }, { H (-3), H (1), H (1), H (1) } },
  /* All crew tied at +1: decision order is the playing order 3, 4, 2. */
  { "B 3:4", 1, 3, 2, { 3, 4, 2 },
    { H (8), H (-2), H (-4), H (-2) }, { H (5), H (-1), H (-3), H (-1) } },
  /* P4 and P2 tied at -1: playing order 4, 2 decides. Gammon on a
   * turned cube counts; the Box passed P4's cube. */
  { "Bg 2:8 3:4- 4:4+", 1, 4, 4, { 4, 2, 3 },
    { H (16), H (-16), H (-4), H (4) }, { H (21), H (-17), H (-7), H (3) } },
  { "- 1:2- 3:1- 4:1-", 2, 3, 1, { 1, 4, 3 },
    { H (-2), H (4), H (-1), H (-1) }, { H (19), H (-13), H (-8), H (2) } },
  /* Backgammon; P1 and P4 passed at 2, and P1 offered an extra to P3,
   * the lone taker, who took it (P1 pays P3 2) and won it at 8 x 3; the
   * director ruled that the Box pays P4 4. P1 -2 -2 -24 = -28; P3 +12 +2
   * +24 = +38; P4 -2 +4 = +2; Box +2 -12 +2 -4. */
  { "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4", 2, 4, 2, { 1, 4, 3 },
    { H (-28), H (-12), H (38), H (2) }, { H (-9), H (-25), H (30), H (4) } },
  /* P1's cube washed, and P1 pays the Box half the starting cube. */
  { "B 1:w 3:16 F:1>2:2", 2, 1, 4, { 3, 4, 1 },
    { H (-2), H (22), H (-16), H (-4) }, { H (-11), H (-3), H (14), H (0) } },
  /* The whole crew doubled together; the Box took two of three. */
  { "T 1:2 2:1+ 4:4 !T", 3, 4, 1, { 4, 2, 1 },
    { H (2), H (1), H (-7), H (4) }, { H (-9), H (-2), H (7), H (4) } },
  { "Tg", 3, 1, 2, { 4, 2, 1 },
    { H (2), H (2), H (-6), H (2) }, { H (-7), H (0), H (1), H (6) } },
  /* P2 and P4 passed at 4, P4 offered an extra to P1, the lone taker,
   * who took it (P4 pays P1 4), and P4 then passed P1's redouble at 8;
   * the director ruled that P2 pays the Box 12. P1 -16 +4 +8 = -4; P2
   * -4 -12 = -16; P4 -4 -4 -8 = -16; Box +16 +4 +12 +4. */
  { "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12", 3, 2, 4, { 4, 2, 1 },
    { H (-4), H (-16), H (36), H (-16) }, { H (-11), H (-16), H (37), H (-10) } },
  { "B 1:2 2:1- F:2>3:0.5", 4, 3, 1, { 3, 1, 2 },
    { H (-2), H (-1.5), H (-0.5), H (4) }, { H (-13), H (-17.5), H (36.5), H (-6) } },
  { "T 2:8 3:4-", 4, 1, 2, { 3, 1, 2 },
    { H (2), H (8), H (-4), H (-6) }, { H (-11), H (-9.5), H (32.5), H (-12) } },
  { "Bb 1:16 3:8+", 4, 2, 4, { 3, 2, 1 },
    { H (-48), H (-4), H (8), H (44) }, { H (-59), H (-13.5), H (40.5), H (32) } },
};

/* A 3-player chouette, lowest-first. Scores before the last segment:
 * P1 -26, P2 +12, so the last segment is captained 1, 2, 1, 2. */
static const SheetRow three_sheet[CTD_N_GAMES] = {
  { "T", 1, 2, 1, { 2, 3 }, { H (-2), H (1), H (1) }, { H (-2), H (1), H (1) } },
  { "B 2:4-", 1, 3, 2, { 3, 2 }, { H (6), H (-4), H (-2) }, { H (4), H (-3), H (-1) } },
  /* Two cubes doubled together: the Box must take both or pass both. */
  { "Tg 2:8 3:8 !T", 1, 2, 4, { 3, 2 },
    { H (-32), H (16), H (16) }, { H (-28), H (13), H (15) } },
  /* Every cube passed; P3, the lone taker, later passed the Box's
   * redouble at 16, and refused P2's extra at its offered value (Vq =
   * 4), so nothing was paid for taking it (SPEC 5); the director ruled
   * that the Box pays P3 8: P2 -4 +4 = 0, P3 -16 -4 +8 = -12, the Box +4
   * +16 -8 = 12. */
  { "- 2:4- 3:16- E:2>3:4- A:1>3:8", 1, 3, 4, { 3, 2 },
    { H (12), H (0), H (-12) }, { H (-16), H (13), H (3) } },
  { "Bb 1:2", 2, 3, 1, { 3, 1 }, { H (-6), H (7), H (-1) }, { H (-22), H (20), H (2) } },
  { "- 1:2+ 3:w", 2, 1, 2, { 3, 1 }, { H (2), H (-2), H (0) }, { H (-20), H (18), H (2) } },
  { "T 1:4+ 3:16 F:1>2:2", 2, 3, 4, { 3, 1 },
    { H (2), H (-18), H (16) }, { H (-18), H (0), H (18) } },
  { "B 1:8", 2, 1, 4, { 3, 1 }, { H (-8), H (12), H (-4) }, { H (-26), H (12), H (14) } },
  { "T 1:4 2:1+ F:2>3:0.5", 3, 1, 1, { 2, 1 },
    { H (4), H (0.5), H (-4.5) }, { H (-22), H (12.5), H (9.5) } },
  { "Bg", 3, 2, 2, { 2, 1 }, { H (-2), H (-2), H (4) }, { H (-24), H (10.5), H (13.5) } },
  { "T 1:8 2:8", 3, 1, 4, { 2, 1 }, { H (8), H (8), H (-16) }, { H (-16), H (18.5), H (-2.5) } },
  { "Tg 2:16", 3, 2, 4, { 2, 1 }, { H (4), H (32), H (-36) }, { H (-12), H (50.5), H (-38.5) } },
};

static void
record_all (CtdChouette    *chouette,
            const SheetRow *sheet)
{
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      g_autoptr(GError) error = NULL;
      gboolean ok = ctd_chouette_record (chouette, game, sheet[game - 1].entry, &error);

      if (!ok)
        fail_msg ("game %u: %s", game, error->message);
    }
}

static void
check_sheet (const CtdChouette *chouette,
             const SheetRow    *sheet)
{
  guint size = ctd_chouette_get_size (chouette);
  CtdHalves totals[CTD_MAX_PLAYERS];
  CtdHalves sum = 0;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      const SheetRow *row = &sheet[game - 1];
      CtdChouetteGame view;

      ctd_chouette_get_game (chouette, game, &view);
      assert_int_equal (view.slot.box, row->box);
      assert_int_equal (view.slot.captain, row->captain);
      assert_int_equal (view.slot.cube_start, row->cube);
      assert_true (view.decision_known);
      assert_true (view.running_known);
      assert_non_null (view.result);
      for (guint k = 0; k < size - 1; k++)
        assert_int_equal (view.decision_order[k], row->decision[k]);
      for (guint p = 0; p < size; p++)
        {
          assert_int_equal (view.deltas[p], row->deltas[p]);
          assert_int_equal (view.running[p], row->running[p]);
        }
    }

  ctd_chouette_get_totals (chouette, totals);
  for (guint p = 0; p < size; p++)
    {
      assert_int_equal (totals[p], sheet[CTD_N_GAMES - 1].running[p]);
      sum += totals[p];
    }
  assert_int_equal (sum, 0);
  assert_true (ctd_chouette_is_complete (chouette));
}

static void
test_four_player_chouette (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  const guint *order;

  record_all (chouette, four_sheet);
  check_sheet (chouette, four_sheet);

  order = ctd_chouette_get_last_segment_order (chouette);
  assert_non_null (order);
  assert_int_equal (order[0], 3);
  assert_int_equal (order[1], 1);
  assert_int_equal (order[2], 2);
  assert_false (ctd_chouette_last_segment_order_is_stale (chouette));
}

static void
test_three_player_chouette (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (3, CTD_LAST_SEGMENT_LOWEST_FIRST);
  const guint *order;

  record_all (chouette, three_sheet);
  check_sheet (chouette, three_sheet);

  order = ctd_chouette_get_last_segment_order (chouette);
  assert_int_equal (order[0], 1);
  assert_int_equal (order[1], 2);
}

/* With highest-first, the same 3-player games before the last segment
 * give the order 2, 1: game 9 is then captained by player 2, and the
 * entries of the lowest-first sheet no longer fit it. */
static void
test_direction_changes_last_segment (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (3, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  guint order[2];
  CtdChouetteGame view;

  for (guint game = 1; game <= 8; game++)
    assert_true (ctd_chouette_record (chouette, game, three_sheet[game - 1].entry, NULL));
  assert_true (ctd_chouette_compute_last_segment_order (chouette, order, NULL));
  assert_int_equal (order[0], 2);
  assert_int_equal (order[1], 1);

  /* Not fixed yet: the sheet shows the last segment without Captains. */
  assert_null (ctd_chouette_get_last_segment_order (chouette));
  ctd_chouette_get_game (chouette, 9, &view);
  assert_int_equal (view.slot.captain, 0);
  assert_false (view.decision_known);

  assert_true (ctd_chouette_record (chouette, 9, "T 2:4", NULL));
  ctd_chouette_get_game (chouette, 9, &view);
  assert_int_equal (view.slot.captain, 2);
  assert_int_equal (view.deltas[0], H (1));
  assert_int_equal (view.deltas[1], H (4));
}

static void
test_last_segment_needs_earlier_games (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GError) error = NULL;
  guint order[3];

  for (guint game = 1; game <= 9; game++)
    if (game != 4 && game != 7)
      assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1].entry, NULL));

  assert_false (ctd_chouette_record (chouette, 10, "T", &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES));
  assert_string_equal (error->message,
                       "Game 10 is in the last segment, whose order comes from the scores "
                       "after games 1-9; enter games 4 and 7 first");
  assert_null (ctd_chouette_get_result (chouette, 10));
  assert_null (ctd_chouette_get_last_segment_order (chouette));
  g_clear_error (&error);

  assert_false (ctd_chouette_compute_last_segment_order (chouette, order, &error));
  assert_non_null (strstr (error->message, "games 4 and 7 are not recorded yet"));
  g_clear_error (&error);
  assert_false (ctd_chouette_fix_last_segment_order (chouette, NULL, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES));
  g_clear_error (&error);

  assert_true (ctd_chouette_record (chouette, 4, four_sheet[3].entry, NULL));
  assert_false (ctd_chouette_record (chouette, 12, "T", &error));
  assert_non_null (strstr (error->message, "enter game 7 first"));
}

/* The decision order of a game is pending until every earlier game is in. */
static void
test_decision_order_pending (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  CtdChouetteGame view;

  ctd_chouette_get_game (chouette, 1, &view);
  assert_true (view.decision_known);
  assert_false (view.running_known);
  assert_null (view.result);

  assert_true (ctd_chouette_record (chouette, 3, four_sheet[2].entry, NULL));
  ctd_chouette_get_game (chouette, 3, &view);
  assert_false (view.decision_known);
  assert_false (view.running_known);
  assert_int_equal (view.deltas[1], H (-16));
  ctd_chouette_get_game (chouette, 4, &view);
  assert_false (view.decision_known);

  assert_true (ctd_chouette_record (chouette, 1, four_sheet[0].entry, NULL));
  assert_true (ctd_chouette_record (chouette, 2, four_sheet[1].entry, NULL));
  ctd_chouette_get_game (chouette, 4, &view);
  assert_true (view.decision_known);
  assert_int_equal (view.decision_order[0], 1);
  assert_int_equal (view.decision_order[1], 4);
  assert_int_equal (view.decision_order[2], 3);
  assert_int_equal (ctd_chouette_get_n_recorded (chouette), 3);
  assert_false (ctd_chouette_is_complete (chouette));
}

/* A refused line changes nothing; a good one replaces the old result. */
static void
test_refusal_and_correction (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GError) error = NULL;
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autofree char *text = NULL;

  assert_true (ctd_chouette_record (chouette, 2, "B 3:4", NULL));
  assert_false (ctd_chouette_record (chouette, 2, "B 3:3", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
  assert_true (g_str_has_prefix (error->message, "Game 2: "));
  g_clear_error (&error);

  text = ctd_result_format (ctd_chouette_get_result (chouette, 2));
  assert_string_equal (text, "B 3:4");
  ctd_chouette_get_totals (chouette, totals);
  assert_int_equal (totals[0], H (8));

  /* The Box of game 2 is player 1: its own cube does not exist. */
  assert_false (ctd_chouette_record (chouette, 2, "B 1:4", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_PLAYER));
  g_clear_error (&error);

  assert_false (ctd_chouette_record (chouette, 13, "T", &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID));
  assert_non_null (strstr (error->message, "no game 13"));
  g_clear_error (&error);
  assert_false (ctd_chouette_record (chouette, 0, "T", &error));
  g_clear_error (&error);

  assert_true (ctd_chouette_record (chouette, 2, "T", NULL));
  ctd_chouette_get_totals (chouette, totals);
  assert_int_equal (totals[0], H (-6));
  assert_int_equal (totals[2], H (2));

  ctd_chouette_clear (chouette, 2);
  assert_null (ctd_chouette_get_result (chouette, 2));
  ctd_chouette_get_totals (chouette, totals);
  assert_int_equal (totals[0], 0);
}

/* Rule 1.6 decision: a fixed last-segment order is not silently changed
 * by a correction to an earlier game; the chouette says it is stale. */
static void
test_stale_last_segment_order (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GError) error = NULL;
  static const guint other[] = { 1, 2, 3 };
  const guint *order;

  record_all (chouette, four_sheet);

  /* Game 3 corrected to a Team win: before game 10, P2 (-16 + 24 = +8)
   * now leads P1 (-11 - 24 = -35), but the last segment was played in
   * the order 3, 1, 2. */
  assert_true (ctd_chouette_record (chouette, 3, "T 2:8 3:4- 4:4+", NULL));
  order = ctd_chouette_get_last_segment_order (chouette);
  assert_int_equal (order[0], 3);
  assert_int_equal (order[1], 1);
  assert_int_equal (order[2], 2);
  assert_true (ctd_chouette_last_segment_order_is_stale (chouette));

  /* Results of games 10-12 rest on the fixed order. */
  assert_false (ctd_chouette_fix_last_segment_order (chouette, other, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_ORDER_FIXED));
  g_clear_error (&error);
  assert_false (ctd_chouette_unfix_last_segment_order (chouette, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_ORDER_FIXED));
  g_clear_error (&error);

  /* Cleared, the segment can be given a new order. */
  for (guint game = 10; game <= 12; game++)
    ctd_chouette_clear (chouette, game);
  assert_true (ctd_chouette_fix_last_segment_order (chouette, NULL, NULL));
  assert_false (ctd_chouette_last_segment_order_is_stale (chouette));
  assert_true (ctd_chouette_unfix_last_segment_order (chouette, NULL));
  assert_null (ctd_chouette_get_last_segment_order (chouette));
}

/* SPEC 7: a fixed order keeps the direction it was fixed under. The
 * event's direction forced to lowest-first after the order 3, 1, 2 was
 * fixed highest-first is no correction: the order is not stale, though
 * the scores give another order lowest-first. A real correction still
 * makes it stale. */
static void
test_fixed_order_keeps_its_direction (void **state)
{
  g_autoptr(CtdChouette) played = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_LOWEST_FIRST);
  g_autoptr(CtdChouette) unfixed = ctd_chouette_new (4, CTD_LAST_SEGMENT_LOWEST_FIRST);
  g_autoptr(GError) error = NULL;
  g_autofree char *basis = NULL;
  static const guint fixed[] = { 3, 1, 2 };
  guint lowest[CTD_MAX_PLAYERS - 1];

  record_all (played, four_sheet);
  assert_memory_equal (ctd_chouette_get_last_segment_order (played), fixed, sizeof fixed);

  /* Not fixed yet, a chouette of the event follows its new direction. */
  for (guint game = 1; game < 10; game++)
    assert_true (ctd_chouette_record (unfixed, game, four_sheet[game - 1].entry, NULL));
  assert_true (ctd_chouette_compute_last_segment_order (unfixed, lowest, NULL));
  assert_memory_not_equal (lowest, fixed, sizeof fixed);
  assert_int_equal (ctd_chouette_get_direction (unfixed), CTD_LAST_SEGMENT_LOWEST_FIRST);

  /* The fixed one, as the event file keeps it, with its direction. */
  assert_true (ctd_chouette_fix_last_segment_order_in (chouette, fixed,
                                                       CTD_LAST_SEGMENT_HIGHEST_FIRST, &error));
  assert_null (error);
  record_all (chouette, four_sheet);
  assert_false (ctd_chouette_last_segment_order_is_stale (chouette));
  assert_int_equal (ctd_chouette_get_direction (chouette), CTD_LAST_SEGMENT_HIGHEST_FIRST);
  basis = ctd_chouette_describe_last_segment_order (chouette);
  assert_non_null (strstr (basis, "highest first"));
  assert_null (strstr (basis, "instead"));
  check_sheet (chouette, four_sheet);

  /* Fixing it again from the scores keeps it, and its direction. */
  assert_true (ctd_chouette_fix_last_segment_order (chouette, NULL, NULL));
  assert_memory_equal (ctd_chouette_get_last_segment_order (chouette), fixed, sizeof fixed);
  /* Results of games 10-12 rest on it: not re-fixed in the other one. */
  assert_false (ctd_chouette_fix_last_segment_order_in (chouette, fixed,
                                                        CTD_LAST_SEGMENT_LOWEST_FIRST, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_ORDER_FIXED));
  assert_int_equal (ctd_chouette_get_direction (chouette), CTD_LAST_SEGMENT_HIGHEST_FIRST);

  /* The correction of test_stale_last_segment_order() still shows. */
  assert_true (ctd_chouette_record (chouette, 3, "T 2:8 3:4- 4:4+", NULL));
  assert_true (ctd_chouette_last_segment_order_is_stale (chouette));
}

/* The director fixes the order by hand (e.g. to print the sheet); a bad
 * order is refused. */
static void
test_fix_order_by_hand (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GError) error = NULL;
  static const guint order[] = { 2, 1, 3 };
  static const guint bad[] = { 2, 4, 3 };
  CtdChouetteGame view;

  assert_false (ctd_chouette_fix_last_segment_order (chouette, bad, &error));
  assert_true (g_error_matches (error, CTD_SCHEDULE_ERROR, CTD_SCHEDULE_ERROR_INVALID_ORDER));
  assert_null (ctd_chouette_get_last_segment_order (chouette));

  assert_true (ctd_chouette_fix_last_segment_order (chouette, order, NULL));
  ctd_chouette_get_game (chouette, 11, &view);
  assert_int_equal (view.slot.captain, 1);
  assert_int_equal (view.slot.playing_order[1], 3);
  assert_int_equal (view.slot.playing_order[2], 2);
  /* With the order fixed, a last-segment result can be entered at once. */
  assert_true (ctd_chouette_record (chouette, 11, "T", NULL));
}

static void
test_describe_missing (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (3, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autofree char *all = NULL;
  g_autofree char *three = NULL;
  g_autofree char *none = NULL;

  all = ctd_chouette_describe_missing (chouette, 1, 3);
  assert_string_equal (all, "games 1, 2 and 3");
  assert_int_equal (ctd_chouette_count_missing (chouette, 1, 3), 3);
  assert_true (ctd_chouette_record (chouette, 2, "T", NULL));
  three = ctd_chouette_describe_missing (chouette, 2, 3);
  assert_string_equal (three, "game 3");
  /* The count a sentence's plural takes, never read back from the
   * (translated) text. */
  assert_int_equal (ctd_chouette_count_missing (chouette, 2, 3), 1);
  assert_int_equal (ctd_chouette_count_missing (chouette, 1, 12), 11);
  none = ctd_chouette_describe_missing (chouette, 2, 2);
  assert_null (none);
  assert_int_equal (ctd_chouette_count_missing (chouette, 2, 2), 0);
}

/* Cross-check: the paper totals row against the entered games. */
static void
test_crosscheck (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  CtdHalves paper[4] = { H (-59), H (-13.5), H (40.5), H (32) };
  gboolean given[4] = { TRUE, TRUE, TRUE, FALSE };
  g_autoptr(GArray) agree = NULL;
  g_autoptr(GArray) flipped = NULL;
  g_autoptr(GArray) partial = NULL;
  const CtdCrosscheckMismatch *m;

  record_all (chouette, four_sheet);
  agree = ctd_chouette_crosscheck (chouette, paper, NULL);
  assert_int_equal (agree->len, 0);

  /* P3's paper total is 8 more than the games give, P4's 32 less. */
  paper[2] = H (48.5);
  paper[3] = H (0);
  flipped = ctd_chouette_crosscheck (chouette, paper, NULL);
  assert_int_equal (flipped->len, 2);
  m = &g_array_index (flipped, CtdCrosscheckMismatch, 0);
  assert_int_equal (m->player, 3);
  assert_int_equal (m->paper, H (48.5));
  assert_int_equal (m->computed, H (40.5));
  /* +8 is a -4 entered with the wrong sign: games 2, 3 and 11. */
  assert_int_equal (m->suspects, (1u << 1) | (1u << 2) | (1u << 10));
  m = &g_array_index (flipped, CtdCrosscheckMismatch, 1);
  assert_int_equal (m->player, 4);
  /* No single game of P4's is +32 or +16 (game 9's is -16). */
  assert_int_equal (m->suspects, 0);

  /* Only the typed totals are compared. */
  partial = ctd_chouette_crosscheck (chouette, paper, given);
  assert_int_equal (partial->len, 1);
  assert_int_equal (g_array_index (partial, CtdCrosscheckMismatch, 0).player, 3);
}

/* The first game is searched like any other: P1's -3 in game 1 is the
 * only one of P1's games worth -3, so a paper that left it off (3 more)
 * or entered it as +3 (6 more) names game 1, and game 1 alone. */
static void
test_crosscheck_game_one (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  CtdHalves paper[4] = { H (-56), H (-13.5), H (40.5), H (32) };
  g_autoptr(GArray) left_off = NULL;
  g_autoptr(GArray) sign = NULL;
  const CtdCrosscheckMismatch *m;

  record_all (chouette, four_sheet);
  left_off = ctd_chouette_crosscheck (chouette, paper, NULL);
  assert_int_equal (left_off->len, 1);
  m = &g_array_index (left_off, CtdCrosscheckMismatch, 0);
  assert_int_equal (m->player, 1);
  assert_int_equal (m->suspects, 1u << 0);

  paper[0] = H (-53);
  sign = ctd_chouette_crosscheck (chouette, paper, NULL);
  assert_int_equal (sign->len, 1);
  assert_int_equal (g_array_index (sign, CtdCrosscheckMismatch, 0).suspects, 1u << 0);
}

/* A sheet returned before its chouette ends, checked against the games
 * entered so far (1-5): the last two entered are suspects like any
 * other. P1's paper left game 5's -28 off; P2's has game 4's +4 as -4. */
static void
test_crosscheck_partly_entered (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  CtdHalves paper[4] = { H (-9 + 28), H (-25 - 8), H (30), H (4) };
  g_autoptr(GArray) mismatches = NULL;
  const CtdCrosscheckMismatch *m;

  for (guint game = 1; game <= 5; game++)
    assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1].entry, NULL));
  mismatches = ctd_chouette_crosscheck (chouette, paper, NULL);
  assert_int_equal (mismatches->len, 2);
  m = &g_array_index (mismatches, CtdCrosscheckMismatch, 0);
  assert_int_equal (m->player, 1);
  assert_int_equal (m->computed, H (-9));
  assert_int_equal (m->suspects, 1u << 4);
  m = &g_array_index (mismatches, CtdCrosscheckMismatch, 1);
  assert_int_equal (m->player, 2);
  assert_int_equal (m->suspects, 1u << 3);
}

/* A line recorded before rule 2.5's offender was read strictly (the Box
 * paying a penalty) still reads from the file, with its payments, so
 * the game can be seen and corrected; typed now, it is refused. */
static void
test_record_stored (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GError) error = NULL;
  CtdChouetteGame view;

  assert_false (ctd_chouette_record (chouette, 1, "T F:1>2:0.5", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_PENALTY));
  g_clear_error (&error);
  assert_null (ctd_chouette_get_result (chouette, 1));

  assert_true (ctd_chouette_record_stored (chouette, 1, "T F:1>2:0.5", &error));
  ctd_chouette_get_game (chouette, 1, &view);
  assert_int_equal (view.deltas[0], H (-3.5));
  assert_int_equal (view.deltas[1], H (1.5));
  /* Every other rule still holds for a stored line. */
  assert_false (ctd_chouette_record_stored (chouette, 2, "T 2:3", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
  g_clear_error (&error);
  /* The correction is typed, and checked. */
  assert_true (ctd_chouette_record (chouette, 1, "T A:1>2:0.5", &error));
  ctd_chouette_get_game (chouette, 1, &view);
  assert_int_equal (view.deltas[0], H (-3.5));
}

/* Games 1-9 of a 4-player chouette where the Team wins every game as a
 * single but game 1: after game 9, P1 -1, P2 -9, P3 -9, P4 +19, so
 * players 2 and 3 tie for the last segment. */
static void
record_tied (CtdChouette *chouette)
{
  for (guint game = 1; game <= 9; game++)
    assert_true (ctd_chouette_record (chouette, game, game == 1 ? "B" : "T", NULL));
}

/* The sheet's row of a last-segment game shows the order the scores
 * give as soon as games 1-9 are in, before the first last-segment
 * result fixes it; otherwise it is ctd_chouette_get_game(). */
static void
test_sheet_game (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  CtdChouetteGame plain, sheet;
  guint order[3] = { 0, };

  assert_false (ctd_chouette_get_sheet_last_order (chouette, order));
  assert_int_equal (order[0], 0);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      ctd_chouette_get_game (chouette, game, &plain);
      ctd_chouette_get_sheet_game (chouette, game, &sheet);
      assert_memory_equal (&plain, &sheet, sizeof plain);
    }

  for (guint game = 1; game <= 9; game++)
    assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1].entry, NULL));
  assert_true (ctd_chouette_get_sheet_last_order (chouette, order));
  assert_int_equal (order[0], 3);
  assert_int_equal (order[1], 1);
  assert_int_equal (order[2], 2);
  assert_null (ctd_chouette_get_last_segment_order (chouette));

  ctd_chouette_get_game (chouette, 10, &plain);
  assert_int_equal (plain.slot.captain, 0);
  assert_false (plain.decision_known);
  ctd_chouette_get_sheet_game (chouette, 10, &sheet);
  assert_int_equal (sheet.slot.captain, four_sheet[9].captain);
  assert_true (sheet.decision_known);
  for (guint k = 0; k < 3; k++)
    assert_int_equal (sheet.decision_order[k], four_sheet[9].decision[k]);
  /* Game 11 has its Captain, and waits for game 10's scores. */
  ctd_chouette_get_sheet_game (chouette, 11, &sheet);
  assert_int_equal (sheet.slot.captain, four_sheet[10].captain);
  assert_false (sheet.decision_known);

  /* Once fixed, both agree again. */
  record_all (chouette, four_sheet);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      ctd_chouette_get_game (chouette, game, &plain);
      ctd_chouette_get_sheet_game (chouette, game, &sheet);
      assert_memory_equal (&plain, &sheet, sizeof plain);
    }
}

/* A copy takes a line without changing the chouette it came from. */
static void
test_copy (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(CtdChouette) copy = NULL;
  CtdHalves before[CTD_MAX_PLAYERS], after[CTD_MAX_PLAYERS];

  for (guint game = 1; game <= 10; game++)
    assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1].entry, NULL));
  ctd_chouette_get_totals (chouette, before);
  copy = ctd_chouette_copy (chouette);
  assert_int_equal (ctd_chouette_get_n_recorded (copy), 10);
  assert_int_equal (ctd_chouette_get_last_segment_order (copy)[0], 3);
  assert_true (ctd_result_equal (ctd_chouette_get_result (copy, 5),
                                 ctd_chouette_get_result (chouette, 5)));

  assert_true (ctd_chouette_record (copy, 11, four_sheet[10].entry, NULL));
  assert_true (ctd_chouette_record (copy, 1, "B", NULL));
  ctd_chouette_clear (copy, 2);
  assert_int_equal (ctd_chouette_get_n_recorded (chouette), 10);
  assert_null (ctd_chouette_get_result (chouette, 11));
  ctd_chouette_get_totals (chouette, after);
  assert_memory_equal (before, after, sizeof before);
}

static void
test_describe_pending (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autofree char *two = NULL;
  g_autofree char *four = NULL;
  g_autofree char *ten = NULL;
  g_autofree char *eleven = NULL;

  assert_true (ctd_chouette_record (chouette, 3, four_sheet[2].entry, NULL));
  assert_null (ctd_chouette_describe_pending (chouette, 1));
  two = ctd_chouette_describe_pending (chouette, 2);
  assert_string_equal (two, "after game 1 is entered");
  four = ctd_chouette_describe_pending (chouette, 4);
  assert_string_equal (four, "after games 1 and 2 are entered");
  ten = ctd_chouette_describe_pending (chouette, 10);
  assert_string_equal (ten, "after games 1, 2, 4, 5, 6, 7, 8 and 9 are entered (the "
                       "last-segment order needs games 1-9)");

  for (guint game = 1; game <= 9; game++)
    assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1].entry, NULL));
  assert_null (ctd_chouette_describe_pending (chouette, 10));
  /* The Captain is known; only game 10's scores are missing. */
  eleven = ctd_chouette_describe_pending (chouette, 11);
  assert_string_equal (eleven, "after game 10 is entered");
}

/* Rule 1.6's basis, ties and staleness in words. */
static void
test_describe_last_segment_order (void **state)
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(CtdChouette) three = ctd_chouette_new (3, CTD_LAST_SEGMENT_LOWEST_FIRST);
  char *text;

  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_string_equal (text, "Given by the scores after game 9, highest first, once games 1, "
                       "2, 3, 4, 5, 6, 7, 8 and 9 are entered");
  g_free (text);

  record_tied (chouette);
  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_string_equal (text, "By the scores after game 9, highest first; players 2 and 3 are "
                       "tied at -9, so the lower number goes first; fixed once a game of "
                       "10-12 is entered");
  g_free (text);

  assert_true (ctd_chouette_record (chouette, 10, "T", NULL));
  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_true (g_str_has_suffix (text, "goes first; fixed"));
  g_free (text);
  /* Later games change the scores, never the basis: still game 9's. */
  assert_true (ctd_chouette_record (chouette, 11, "T", NULL));
  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_string_equal (text, "By the scores after game 9, highest first; players 2 and 3 are "
                       "tied at -9, so the lower number goes first; fixed");
  g_free (text);

  /* Game 3 corrected: P1 -13, P2 -9, P3 +3; the order played stays. */
  assert_true (ctd_chouette_record (chouette, 3, "Tg 3:8", NULL));
  assert_true (ctd_chouette_last_segment_order_is_stale (chouette));
  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_string_equal (text, "Fixed; the scores after game 9 give 3 2 1 instead (highest "
                       "first)");
  g_free (text);

  ctd_chouette_clear (chouette, 4);
  text = ctd_chouette_describe_last_segment_order (chouette);
  assert_string_equal (text, "Fixed; the scores after game 9 cannot confirm it until game 4 "
                       "is entered");
  g_free (text);

  /* Every game a single Team win: after game 8 the crew of the last
   * segment are level at -11, and captain in number order. */
  for (guint game = 1; game <= 8; game++)
    assert_true (ctd_chouette_record (three, game, "T", NULL));
  text = ctd_chouette_describe_last_segment_order (three);
  assert_string_equal (text, "By the scores after game 8, lowest first; players 1 and 2 are "
                       "tied at -11, so the lower number goes first; fixed once a game of 9-12 "
                       "is entered");
  g_free (text);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_four_player_chouette),
    cmocka_unit_test (test_three_player_chouette),
    cmocka_unit_test (test_direction_changes_last_segment),
    cmocka_unit_test (test_last_segment_needs_earlier_games),
    cmocka_unit_test (test_decision_order_pending),
    cmocka_unit_test (test_refusal_and_correction),
    cmocka_unit_test (test_stale_last_segment_order),
    cmocka_unit_test (test_fixed_order_keeps_its_direction),
    cmocka_unit_test (test_fix_order_by_hand),
    cmocka_unit_test (test_describe_missing),
    cmocka_unit_test (test_crosscheck),
    cmocka_unit_test (test_crosscheck_game_one),
    cmocka_unit_test (test_crosscheck_partly_entered),
    cmocka_unit_test (test_record_stored),
    cmocka_unit_test (test_sheet_game),
    cmocka_unit_test (test_copy),
    cmocka_unit_test (test_describe_pending),
    cmocka_unit_test (test_describe_last_segment_order),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
