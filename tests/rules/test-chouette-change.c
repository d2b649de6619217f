/* test-chouette-change.c: what a replaced or cleared game changes, in
 * words worked out by hand from the sheet of tests/rules/test-chouette.c.
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

#include "ctd-chouette-change.h"

/* A 4-player chouette, highest-first: running totals after game 3 are
 * P1 +21, P2 -17, P3 -7, P4 +3; after game 9 P1 -11, P2 -16, P3 +37, so
 * the last segment is captained 3, 1, 2. Final totals P1 -59, P2 -13.5,
 * P3 +40.5, P4 +32. */
static const char *const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };

/* The chouette with games 1..@n of the sheet entered. */
static CtdChouette *
sheet_chouette (guint n)
{
  CtdChouette *chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);

  ctd_chouette_set_names (chouette, names);
  for (guint game = 1; game <= n; game++)
    {
      g_autoptr(GError) error = NULL;

      assert_true (ctd_chouette_record (chouette, game, four_sheet[game - 1], &error));
    }
  return chouette;
}

/* The sentences for @notation (NULL: clearing) at @game, as one text. */
static char *
describe (const CtdChouette *chouette,
          guint              game,
          const char        *notation)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = ctd_chouette_change_describe_line (chouette, game, notation, NULL, NULL,
                                                           &error);

  assert_null (error);
  assert_non_null (lines);
  return g_strjoinv ("\n", lines);
}

/* The Team's single becomes the Box's: the Box gains 6, each of the
 * crew loses 2; the scores keep their order, so no later game's does. */
static void
test_different_winner (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (3);
  g_autofree char *text = describe (chouette, 1, "B");
  g_autofree char *kept = NULL;

  assert_string_equal (text,
                       "Game 1: “T” is replaced by “B”.\n"
                       "Totals: player 1 (Ann) +27 instead of +21, player 2 (Bob) -19 instead "
                       "of -17, player 3 (Cid) -9 instead of -7, player 4 (Dee) +1 instead of "
                       "+3.\n"
                       "No later game's cube-decision order changes.");
  /* Described, not done. */
  kept = ctd_result_format (ctd_chouette_get_result (chouette, 1));
  assert_string_equal (kept, "T");
}

/* Player 3's cube redoubled to 8 instead of 4 at the Box's win: P3
 * pays 4 more, to the Box. */
static void
test_cube_value_changed (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (3);
  g_autofree char *text = describe (chouette, 2, "B 3:8");

  assert_string_equal (text,
                       "Game 2: “B 3:4” is replaced by “B 3:8”.\n"
                       "Totals: player 1 (Ann) +25 instead of +21, player 3 (Cid) -11 instead "
                       "of -7.\n"
                       "No later game's cube-decision order changes.");
}

/* The Box's gammon on player 2's cube of 8 was a single: 8, not 16;
 * the passed and dropped cubes pay as before. */
static void
test_gammon_becomes_single (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (3);
  g_autofree char *text = describe (chouette, 3, "B 2:8 3:4- 4:4+");

  assert_string_equal (text,
                       "Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “B 2:8 3:4- 4:4+”.\n"
                       "Totals: player 1 (Ann) +13 instead of +21, player 2 (Bob) -9 instead "
                       "of -17.\n"
                       "No later game's cube-decision order changes.");
}

/* Cleared, game 3 no longer counts, and game 4's decision order, which
 * rests on the scores after game 3, is pending again. */
static void
test_clear (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (4);
  g_autofree char *text = describe (chouette, 3, NULL);
  g_autoptr(GError) error = NULL;

  assert_string_equal (text,
                       "Game 3: “Bg 2:8 3:4- 4:4+” is cleared.\n"
                       "Totals: player 1 (Ann) +3 instead of +19, player 2 (Bob) +3 instead "
                       "of -13, player 3 (Cid) -4 instead of -8, player 4 (Dee) -2 instead of "
                       "+2.\n"
                       "Cube-decision orders that change: game 4 is pending after game 3 is "
                       "entered (was 1 4 3); game 5 is pending after game 3 is entered (was "
                       "1 4 3).");

  /* Nothing to clear, and no game 13. */
  assert_null (ctd_chouette_change_describe_line (chouette, 5, NULL, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID));
  assert_non_null (strstr (error->message, "Game 5 has no result to clear"));
  g_clear_error (&error);
  assert_null (ctd_chouette_change_describe_line (chouette, 13, "T", NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID));
  g_clear_error (&error);
  /* A refused line is refused in the rule's words. */
  assert_null (ctd_chouette_change_describe_line (chouette, 3, "T 3:3", NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
}

/* Game 3 as a Team win before the last segment is played: the Box (P1)
 * pays each crew member 4 instead of winning 16, 4 and losing 4, so P1
 * loses 28, P2 gains 20, P3 8. After game 9 P2 (+4) passes P1 (-39),
 * and the order not fixed yet follows the scores, as do game 4's
 * decisions (P4 +3, P3 +1, P1 -7 after game 3). */
static void
test_last_order_moves (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (9);
  g_autofree char *text = describe (chouette, 3, "T");

  assert_true (g_str_has_prefix (text, "Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “T”.\n"
                                       "Totals: player 1 (Ann) -39 instead of -11, player 2 "
                                       "(Bob) +4 instead of -16, player 3 (Cid) +45 instead "
                                       "of +37.\n"
                                       "Cube-decision orders that change: game 4 becomes 4 3 1 "
                                       "(was 1 4 3); "));
  assert_true (g_str_has_suffix (text, "\nThe last-segment order (not fixed yet) becomes 3 2 1 "
                                       "(was 3 1 2): games 10-12 get other Captains."));
}

/* Once the last segment is played its order is fixed and stays: the
 * director is warned that the scores would now give another. */
static void
test_fixed_order_warning (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (CTD_N_GAMES);
  g_autofree char *stale = describe (chouette, 3, "T");
  g_autofree char *missing = describe (chouette, 4, NULL);
  g_autofree char *same = describe (chouette, 1, "T 2:1+");

  assert_non_null (strstr (stale, "\nWarning: the last-segment order 3 1 2 is fixed and stays "
                                  "so (the last segment is played in it), but the scores after "
                                  "game 9 would then give 3 2 1: it no longer matches the "
                                  "scores."));
  assert_non_null (strstr (missing, "\nWarning: the last-segment order 3 1 2 is fixed and stays "
                                    "so; the scores after game 9 cannot confirm it until game 4 "
                                    "is entered."));
  /* The Box passing P2's cube at 1 pays as the single did. */
  assert_string_equal (same,
                       "Game 1: “T” is replaced by “T 2:1+”.\n"
                       "No total changes.\n"
                       "No later game's cube-decision order changes.\n"
                       "The fixed last-segment order 3 1 2 still matches the scores after "
                       "game 9.");
}

/* Two chouettes compared: a game entered, the same result, typed paper
 * totals that stop agreeing. */
static void
test_two_chouettes (void **state)
{
  g_autoptr(CtdChouette) before = sheet_chouette (CTD_N_GAMES - 1);
  g_autoptr(CtdChouette) after = sheet_chouette (CTD_N_GAMES);
  g_autoptr(CtdChouette) wrong = sheet_chouette (CTD_N_GAMES);
  const CtdHalves paper[] = { -59 * 2, -27, 81, 32 * 2 };
  const gboolean given[] = { TRUE, TRUE, TRUE, TRUE };
  g_auto(GStrv) entered = NULL;
  g_auto(GStrv) same = NULL;
  g_auto(GStrv) disagree = NULL;

  entered = ctd_chouette_change_describe (before, after, 12, NULL, NULL);
  assert_string_equal (entered[0], "Game 12: “Bb 1:16 3:8+” is entered.");
  assert_string_equal (entered[1], "Totals: player 1 (Ann) -59 instead of -11, player 2 (Bob) "
                                   "-13.5 instead of -9.5, player 3 (Cid) +40.5 instead of "
                                   "+32.5, player 4 (Dee) +32 instead of -12.");
  assert_null (entered[2]);

  same = ctd_chouette_change_describe (after, wrong, 12, paper, given);
  assert_string_equal (same[0], "Game 12 already has the result “Bb 1:16 3:8+”: nothing "
                                "changes.");
  assert_null (same[1]);

  ctd_chouette_clear (wrong, 12);
  assert_true (ctd_chouette_record (wrong, 12, "T", NULL));
  disagree = ctd_chouette_change_describe (after, wrong, 12, paper, given);
  assert_string_equal (disagree[g_strv_length (disagree) - 1],
                       "The paper totals will no longer agree with the entered games.");
}

/* "T 3:4" at game 3's starting cube of 4 is stored as "T". */
static void
test_stored (void **state)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (2);
  g_autofree char *one = ctd_chouette_change_describe_stored (chouette, 3, "T 3:4");
  g_autofree char *order = ctd_chouette_change_describe_stored (chouette, 3, "T 4:8 2:16");

  assert_string_equal (one, "Stored as “T”: the cube of player 3 (Cid) was played at its "
                            "starting value, which the line leaves out.");
  assert_string_equal (order, "Stored as “T 2:16 4:8”.");
  assert_null (ctd_chouette_change_describe_stored (chouette, 3, "  T  2:16 4:8 "));
  assert_null (ctd_chouette_change_describe_stored (chouette, 3, "T 3:3"));
  /* The last player too. */
  {
    g_autofree char *last = ctd_chouette_change_describe_stored (chouette, 3, "T 4:4");

    assert_non_null (last);
    assert_non_null (strstr (last, "the cube of player 4 ("));
    assert_non_null (strstr (last, "was played at its starting value"));
  }
}

/* With games 1..9 in, the last-segment order is known: clearing one of
 * them makes it unknown again, and says so; a correction that keeps
 * every game entered does not. */
static void
test_order_no_longer_known (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdChouette) chouette = sheet_chouette (9);
  g_autofree char *cleared = describe (chouette, 4, NULL);
  g_autofree char *replaced = describe (chouette, 1, "T 2:1+");

  assert_non_null (strstr (cleared, "\nThe last-segment order 3 1 2 is no longer known until "
                                    "this game is entered again."));
  assert_null (strstr (replaced, "no longer known"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_different_winner),
    cmocka_unit_test (test_cube_value_changed),
    cmocka_unit_test (test_gammon_becomes_single),
    cmocka_unit_test (test_clear),
    cmocka_unit_test (test_order_no_longer_known),
    cmocka_unit_test (test_last_order_moves),
    cmocka_unit_test (test_fixed_order_warning),
    cmocka_unit_test (test_two_chouettes),
    cmocka_unit_test (test_stored),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
