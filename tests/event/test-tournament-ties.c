/* test-tournament-ties.c: ties in a whole event: at an advancement cut, for
 * a place in the final, and the roll-offs the public view applies.
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

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-tournament.h"
#include "ctd-test-files.h"

#define H(x) ((CtdHalves) ((x) * 2))
#include "ctd-test-event.h"
#include "ctd-test-store.h"

/* The hand-worked 3-player sheet of test-chouette.c, as entered: it was
 * worked lowest-first. */
static const char * const three_sheet[CTD_N_GAMES] = {
  "T", "B 2:4-", "Tg 2:8 3:8 !T", "- 2:4- 3:16- E:2>3:4- A:1>3:8", "Bb 1:2", "- 1:2+ 3:w",
  "T 1:4+ 3:16 F:1>2:2", "B 1:8", "T 1:4 2:1+ F:2>3:0.5", "Bg", "T 1:8 2:8", "Tg 2:16",
};
static const CtdHalves three_totals[3] = { H (-12), H (50.5), H (-38.5) };

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

/* ---- ties at an advancement cut ---------------------------------------- */

/*
 * Two chouettes of three, both played as three_sheet: each chouette's
 * player 2 has +50.5, player 1 -12, player 3 -38.5. The top player of
 * each and one wildcard make a final of 3, and the wildcard falls
 * between the two players 1. Each test starts from the complete round.
 */
typedef struct
{
  CtdStore *store;
  gint64    ones[2], twos[2], threes[2];  /* players 1, 2, 3 of each chouette */
} Six;

static void
six_clear (Six *six)
{
  g_clear_pointer (&six->store, ctd_store_close);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Six, six_clear)

/* Plays both chouettes to the end; returns the event, which @six owns. */
static CtdStore *
six_play (Fixture *fixture,
          Six     *six)
{
  g_autoptr(GPtrArray) seats = NULL;

  six->store = ctd_test_new_event (fixture, CTD_LAST_SEGMENT_LOWEST_FIRST);
  ctd_test_draw_event (six->store, 6, 606);
  seats = ctd_test_list_seats (six->store, 1);
  assert_int_equal (seats->len, 2);
  for (guint c = 1; c <= 2; c++)
    {
      assert_int_equal (ctd_test_seat (seats, c)->size, 3);
      ctd_test_record_games (six->store, 1, c, three_sheet, 1, CTD_N_GAMES);
      six->ones[c - 1] = ctd_test_seat (seats, c)->players[0];
      six->twos[c - 1] = ctd_test_seat (seats, c)->players[1];
      six->threes[c - 1] = ctd_test_seat (seats, c)->players[2];
    }
  assert_int_equal (ctd_test_get_round (six->store, 1).state, CTD_ROUND_COMPLETE);
  return six->store;
}

/* The plan's cut, top 2 of each, has no tie to roll off. */
static void
test_wildcard_plan (void **state)
{
  g_auto(Six) six = { 0, };
  CtdStore *store = six_play (*state, &six);
  const gint64 *ones = six.ones, *twos = six.twos, *threes = six.threes;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  guint top_k = 0;
  guint wildcards = 99;

  /* Two chouettes: the plan takes the top 2 of each to a final of 4. */
  assert_true (ctd_tournament_default_advancement (store, 1, &top_k, &wildcards, &error));
  assert_int_equal (top_k, 2);
  assert_int_equal (wildcards, 0);

  standings = ctd_tournament_round_standings (store, 1, FALSE, &error);
  assert_non_null (standings);
  for (guint c = 0; c < 2; c++)
    {
      ctd_test_assert_place (standings, twos[c], three_totals[1], 1, TRUE);
      ctd_test_assert_place (standings, ones[c], three_totals[0], 3, TRUE);
      ctd_test_assert_place (standings, threes[c], three_totals[2], 5, TRUE);
    }
  /* At the plan's cut (top 2 of each) the equal scores of the two
   * chouettes decide nothing: no roll-off is asked for. */
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      assert_false (ctd_standings_get_row (standings, i)->needs_rolloff);
      assert_int_equal (ctd_standings_get_row (standings, i)->rolloff_place, 0);
    }

  /* Top 2 of each cuts between -12 and -38.5 inside each chouette. */
  found = ctd_tournament_find_tie (store, 1, NULL, 2, 0, &error);
  assert_null (found);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE, "top 2");
  g_clear_error (&error);

}

/* Top 1 and a wildcard: the two players 1 tie for it; advancing is
 * refused, and so is a roll-off of players who are not tied, leaving no
 * trace. */
static void
test_wildcard_tie (void **state)
{
  g_auto(Six) six = { 0, };
  CtdStore *store = six_play (*state, &six);
  const gint64 *ones = six.ones, *twos = six.twos, *threes = six.threes;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) found = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  guint audit;

  /* Top 1 and a wildcard: the two players 1 both have -12. */
  audit = ctd_test_audit_length (store);
  advancers = ctd_tournament_advance (store, 1, 1, 1, &tie, &error);
  assert_null (advancers);
  assert_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE, "wildcard");
  assert_non_null (strstr (error->message, "-12"));
  g_clear_error (&error);
  assert_int_equal (tie.chouette, 0);
  assert_true (ctd_test_same_ids (tie.player_ids, ones, 2));
  ctd_advance_tie_clear (&tie);
  assert_int_equal (ctd_test_n_advancers (store, 1), 0);
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_COMPLETE);
  assert_int_equal (ctd_test_get_round (store, 1).top_k, -1);
  assert_int_equal (ctd_test_audit_length (store), audit);

  found = ctd_tournament_find_tie (store, 1, NULL, 1, 1, &error);
  assert_true (ctd_test_same_ids (found, ones, 2));
  g_clear_pointer (&found, g_array_unref);

  /* A roll-off between players who are not tied is refused, and so is
   * one with a stranger; neither is six.stored. */
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[0], threes[0] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, "not tied");
  g_clear_error (&error);
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[0], twos[1] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, NULL);
  g_clear_error (&error);
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[0], 9999 }, 2, NULL, &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_UNKNOWN_PLAYER, NULL);
  g_clear_error (&error);
  assert_int_equal (ctd_test_n_rolloffs (store, 1), 0);
  assert_int_equal (ctd_test_audit_length (store), audit);

}

/* A roll-off settles the wildcard once and for all: the standings carry
 * it, it cannot be rolled again, and the winner makes the final. */
static void
test_wildcard_rolloff (void **state)
{
  g_auto(Six) six = { 0, };
  CtdStore *store = six_play (*state, &six);
  const gint64 *ones = six.ones, *twos = six.twos, *threes = six.threes;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GPtrArray) rolloffs = NULL;
  CtdAdvanceTie tie = { 0, NULL };

  /* Chouette 2's player 1 wins the roll-off. */
  assert_true (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[1], ones[0] }, 2, NULL, &error));
  rolloffs = ctd_store_list_rolloffs (store, 1, &error);
  assert_int_equal (rolloffs->len, 1);
  assert_int_equal (((GArray *) g_ptr_array_index (rolloffs, 0))->len, 2);
  assert_int_equal (g_array_index ((GArray *) g_ptr_array_index (rolloffs, 0), gint64, 0),
                    ones[1]);

  g_clear_pointer (&standings, ctd_standings_free);
  standings = ctd_tournament_round_standings (store, 1, FALSE, &error);
  assert_non_null (standings);
  ctd_test_assert_place (standings, ones[1], three_totals[0], 3, FALSE);
  ctd_test_assert_place (standings, ones[0], three_totals[0], 4, FALSE);
  /* The roll-off orders only its own players. */
  ctd_test_assert_place (standings, threes[0], three_totals[2], 5, TRUE);
  /* The rows carry it, for the posted standings to say who won it. */
  assert_int_equal (ctd_test_find_row (standings, ones[1])->rolloff_place, 1);
  assert_int_equal (ctd_test_find_row (standings, ones[0])->rolloff_place, 2);
  assert_int_equal (ctd_test_find_row (standings, threes[0])->rolloff_place, 0);

  /* Settled once: the same players cannot be rolled off again. */
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[0], ones[1] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF, "earlier roll-off");
  g_clear_error (&error);
  assert_int_equal (ctd_test_n_rolloffs (store, 1), 1);
  /* Nor repeated in the same order: it is not six.stored a second time. */
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { ones[1], ones[0] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF, "earlier roll-off");
  g_clear_error (&error);
  assert_int_equal (ctd_test_n_rolloffs (store, 1), 1);

  found = ctd_tournament_find_tie (store, 1, NULL, 1, 1, &error);
  assert_null (found);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE, "1 wildcard)");
  g_clear_error (&error);

  advancers = ctd_tournament_advance (store, 1, 1, 1, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  assert_true (ctd_test_same_ids (advancers, (gint64[]) { twos[0], twos[1], ones[1] }, 3));
  assert_int_equal (ctd_test_n_advancers (store, 1), 3);
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_RELEASED);
  assert_int_equal (ctd_test_get_round (store, 1).wildcards, 1);

  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  assert_int_equal (ctd_test_get_round (store, 2).stage, CTD_STAGE_FINAL);
  {
    g_autoptr(GPtrArray) final = ctd_test_list_seats (store, 2);

    assert_int_equal (ctd_test_seat (final, 1)->size, 3);
  }
}

/* ---- ties for a place in the final ----------------------------------- */

/*
 * A field of 4 is drawn straight into the final. With no cube turned,
 * "T" pays every crew member the starting cube V0 from the Box (3 x V0
 * from the Box) and "B" the reverse, whoever is Captain, so the last
 * segment's order (1, 2, 3: players 1 and 2 are level at -3 and the
 * lower number goes first) does not change the totals:
 *
 *  game  Box  V0  entry   P1   P2   P3   P4
 *   1     1   1    B      +3   -1   -1   -1
 *   2     1   2    T      -6   +2   +2   +2
 *   3     1   4    T     -12   +4   +4   +4
 *   4     2   1    B      -1   +3   -1   -1
 *   5     2   2    T      +2   -6   +2   +2
 *   6     2   4    T      +4  -12   +4   +4
 *   7     3   1    T      +1   +1   -3   +1
 *   8     3   2    T      +2   +2   -6   +2
 *   9     3   4    T      +4   +4  -12   +4   -> -3  -3  -11  +17
 *  10     4   1    T      +1   +1   +1   -3
 *  11     4   2    T      +2   +2   +2   -6
 *  12     4   4    T      +4   +4   +4  -12   -> +4  +4   -4   -4
 *
 * Players 1 and 2 tie for 1st, players 3 and 4 for 3rd.
 */
static const char * const tied_final[CTD_N_GAMES] = {
  "B", "T", "T", "B", "T", "T", "T", "T", "T", "T", "T", "T",
};
static const CtdHalves tied_totals[4] = { H (4), H (4), H (-4), H (-4) };

static void
test_final_tie (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_new_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GArray) found = NULL;
  CtdSettlement settlement;
  const gint64 *p;
  gint64 rolled[2];
  guint64 seed = 424242;
  guint final_round = 0;
  guint top_k, wildcards;

  ctd_test_draw_event (store, 4, 4);
  assert_int_equal (ctd_test_get_round (store, 1).stage, CTD_STAGE_FINAL);
  seats = ctd_test_list_seats (store, 1);
  p = ctd_test_seat (seats, 1)->players;

  assert_false (ctd_tournament_default_advancement (store, 1, &top_k, &wildcards, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
  g_clear_error (&error);

  ctd_test_record_games (store, 1, 1, tied_final, 1, CTD_N_GAMES - 1);
  found = ctd_tournament_find_tie (store, 1, NULL, 0, 0, &error);
  assert_null (found);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE, NULL);
  g_clear_error (&error);
  ctd_test_record_games (store, 1, 1, tied_final, CTD_N_GAMES, CTD_N_GAMES);

  placings = ctd_tournament_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (final_round, 1);
  ctd_test_assert_place (placings, p[0], tied_totals[0], 1, TRUE);
  ctd_test_assert_place (placings, p[1], tied_totals[1], 1, TRUE);
  ctd_test_assert_place (placings, p[2], tied_totals[2], 3, TRUE);
  ctd_test_assert_place (placings, p[3], tied_totals[3], 3, TRUE);
  /* Every tie of the final decides a place. */
  for (gsize i = 0; i < 4; i++)
    assert_true (ctd_standings_get_row (placings, i)->needs_rolloff);

  /* The tie for 1st comes first. */
  found = ctd_tournament_find_tie (store, 1, NULL, 0, 0, &error);
  assert_true (ctd_test_same_ids (found, p, 2));
  g_clear_pointer (&found, g_array_unref);

  /* A 1st-v-3rd "roll-off" is refused. */
  assert_false (ctd_tournament_tiebreak (store, 1, (gint64[]) { p[0], p[2] }, 2, NULL, &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, NULL);
  g_clear_error (&error);
  assert_int_equal (ctd_test_n_rolloffs (store, 1), 0);

  /* Player 2 wins the roll-off at the table. */
  assert_true (ctd_tournament_tiebreak (store, 1, (gint64[]) { p[1], p[0] }, 2, NULL, &error));
  g_clear_pointer (&placings, ctd_standings_free);
  placings = ctd_tournament_final_placings (store, NULL, &error);
  ctd_test_assert_place (placings, p[1], tied_totals[1], 1, FALSE);
  ctd_test_assert_place (placings, p[0], tied_totals[0], 2, FALSE);
  ctd_test_assert_place (placings, p[2], tied_totals[2], 3, TRUE);
  ctd_test_assert_place (placings, p[3], tied_totals[3], 3, TRUE);
  assert_int_equal (ctd_standings_get_row (placings, 0)->player_id, p[1]);
  assert_false (ctd_test_find_row (placings, p[1])->needs_rolloff);
  assert_int_equal (ctd_test_find_row (placings, p[1])->rolloff_place, 1);
  assert_true (ctd_test_find_row (placings, p[2])->needs_rolloff);

  /* Then 3rd place, rolled off by the software with a stored seed. */
  found = ctd_tournament_find_tie (store, 1, NULL, 0, 0, &error);
  assert_true (ctd_test_same_ids (found, p + 2, 2));
  ctd_standings_roll ((const gint64 *) found->data, found->len, seed, rolled);
  assert_true (ctd_tournament_tiebreak (store, 1, rolled, 2, &seed, &error));
  assert_int_equal (ctd_test_n_rolloffs (store, 1), 2);

  g_clear_pointer (&placings, ctd_standings_free);
  placings = ctd_tournament_final_placings (store, NULL, &error);
  ctd_test_assert_place (placings, rolled[0], H (-4), 3, FALSE);
  ctd_test_assert_place (placings, rolled[1], H (-4), 4, FALSE);
  for (gsize i = 0; i < 4; i++)
    {
      assert_int_equal (ctd_standings_get_row (placings, i)->rank, i + 1);
      assert_false (ctd_standings_get_row (placings, i)->tied);
    }

  g_clear_pointer (&found, g_array_unref);
  found = ctd_tournament_find_tie (store, 1, NULL, 0, 0, &error);
  assert_null (found);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE, "final");
  g_clear_error (&error);

  /* Two pairs settle in two payments: 3 pays 1, 4 pays 2. */
  assert_true (ctd_tournament_settle (store, 1, 1, &settlement, &error));
  assert_int_equal (settlement.n_transfers, 2);
  assert_int_equal (settlement.transfers[0].from, 3);
  assert_int_equal (settlement.transfers[0].to, 1);
  assert_int_equal (settlement.transfers[0].amount, 400);
  assert_int_equal (settlement.transfers[1].from, 4);
  assert_int_equal (settlement.transfers[1].to, 2);
  assert_int_equal (settlement.transfers[1].amount, 400);
}

/* Once a round's scores are public (the final, a complete round), the
 * posted standings are the director's, roll-offs applied: a posted
 * final never lists two winners whom a roll-off has ordered. */
static void
test_public_view_applies_rolloffs (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_new_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(CtdStandings) posted = NULL;
  CtdStandingsRow winner, runner_up;
  gboolean hidden;
  const gint64 *p;

  ctd_test_draw_event (store, 4, 4);
  seats = ctd_test_list_seats (store, 1);
  p = ctd_test_seat (seats, 1)->players;
  ctd_test_record_games (store, 1, 1, tied_final, 1, CTD_N_GAMES);
  assert_true (ctd_tournament_tiebreak (store, 1, (gint64[]) { p[1], p[0] }, 2, NULL, &error));

  posted = ctd_tournament_round_standings (store, 1, TRUE, &error);
  assert_non_null (posted);
  hidden = ctd_standings_get_scores_hidden (posted);
  winner = *ctd_test_find_row (posted, p[1]);
  runner_up = *ctd_test_find_row (posted, p[0]);

  /* Free everything first: a failure here leaks nothing. */
  g_clear_pointer (&posted, ctd_standings_free);
  g_clear_pointer (&seats, g_ptr_array_unref);
  g_clear_pointer (&store, ctd_store_close);

  assert_false (hidden);
  assert_int_equal (winner.score, tied_totals[1]);
  assert_int_equal (runner_up.score, tied_totals[0]);
  /* Posted as the director sees it: player 2 first, player 1 second. */
  assert_int_equal (winner.rank, 1);
  assert_false (winner.tied);
  assert_int_equal (runner_up.rank, 2);
  assert_false (runner_up.tied);
}


int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_wildcard_plan, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_wildcard_tie, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_wildcard_rolloff, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_tie, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_public_view_applies_rolloffs, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
