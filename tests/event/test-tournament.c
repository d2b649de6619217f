/* test-tournament.c: the director's views and actions over a whole event:
 * chouette labels and a 16-player event played to its final.
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

/* The hand-worked sheet of test-chouette.c, as entered
 * (ctd_test_four_sheet), needs the last segment highest-first (game
 * 10's penalty goes to its Captain, player 3). */
/* With SPEC 5's payment for a taken extra: game 5 gives P1 -2 and P3 +2
 * more than it did without it (P1 pays P3 the 2 at which P1 passed), game
 * 9 P4 -4 and P1 +4 (P4 passed at 4). So after game 11: P1 -13 - 2 + 4 =
 * -11, P2 -9.5, P3 30.5 + 2 = 32.5, P4 -8 - 4 = -12; at the end: P1 -61 +
 * 2 = -59, P2 -13.5, P3 38.5 + 2 = 40.5, P4 36 - 4 = 32 (see
 * test-chouette.c for the game-by-game sheet). */
static const CtdHalves four_after_11[4] = { H (-11), H (-9.5), H (32.5), H (-12) };
static const CtdHalves four_totals[4] = { H (-59), H (-13.5), H (40.5), H (32) };

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

/* ---- labels ----------------------------------------------------------- */

typedef struct
{
  const char *label;
  gboolean    ok;
  guint       round;
  guint       chouette;
} LabelCase;

static const LabelCase label_cases[] = {
  { "1.3", TRUE, 1, 3 },
  { "2.1", TRUE, 2, 1 },
  { "12.10", TRUE, 12, 10 },
  { "1", FALSE },
  { "1.", FALSE },
  { ".3", FALSE },
  { "0.1", FALSE },
  { "1.0", FALSE },
  { "a.b", FALSE },
  { "1.3.4", FALSE },
  { "1-3", FALSE },
  { "", FALSE },
  { " 1.3", FALSE },
  { "1.3 ", FALSE },
  { "-1.3", FALSE },
  { "1.x3", FALSE },
};

static void
test_parse_label (void **state)
{
  for (gsize i = 0; i < G_N_ELEMENTS (label_cases); i++)
    {
      const LabelCase *c = &label_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *quoted = g_strdup_printf ("“%s”", c->label);
      guint round = 777;
      guint chouette = 777;
      gboolean ok = ctd_tournament_parse_label (c->label, &round, &chouette, &error);

      if (ok != c->ok)
        fail_msg ("“%s”: %s", c->label, ok ? "accepted" : error->message);
      if (c->ok)
        {
          assert_null (error);
          assert_int_equal (round, c->round);
          assert_int_equal (chouette, c->chouette);
          continue;
        }
      assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_LABEL, quoted);
      assert_non_null (strstr (error->message, "ROUND.NUMBER"));
      /* A refused label leaves the caller's values alone. */
      assert_int_equal (round, 777);
      assert_int_equal (chouette, 777);
    }
}

/* ---- a 16-player event ------------------------------------------------ */

/*
 * Four chouettes of four, every one played as ctd_test_four_sheet, so each
 * chouette's player 3 ends on +40.5, player 4 on +32, player 2 on -13.5
 * and player 1 on -59: the round has four-way ties at every score. Each
 * test below starts from the event at the point it looks at, so that one
 * failure does not hide the next.
 */
typedef struct
{
  CtdStore  *store;
  GPtrArray *seats;
  gint64     threes[4];  /* each chouette's player 3 */
} Sixteen;

static void
sixteen_clear (Sixteen *event)
{
  g_clear_pointer (&event->seats, g_ptr_array_unref);
  g_clear_pointer (&event->store, ctd_store_close);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Sixteen, sixteen_clear)

/* The event drawn, its chouettes played through game @n_games, but
 * chouette 3's through game @n_games_of_3. */
static void
sixteen_play (Fixture *fixture,
              Sixteen *event,
              guint    n_games,
              guint    n_games_of_3)
{
  event->store = ctd_test_new_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  ctd_test_draw_event (event->store, 16, 20260517);
  event->seats = ctd_test_list_seats (event->store, 1);
  assert_int_equal (event->seats->len, 4);
  for (guint c = 1; c <= 4; c++)
    {
      guint n = c == 3 ? n_games_of_3 : n_games;

      assert_int_equal (ctd_test_seat (event->seats, c)->size, 4);
      event->threes[c - 1] = ctd_test_seat (event->seats, c)->players[2];
      if (n > 0)
        ctd_test_record_games (event->store, 1, c, ctd_test_four_sheet, 1, n);
    }
}

/* Drawn: one round, whose plan (rule 1.7 with four chouettes) sends the
 * top player of each to a final. */
static void
test_sixteen_drawn (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  CtdStoreRound info;
  guint top_k = 99;
  guint wildcards = 99;

  sixteen_play (*state, &event, 0, 0);
  assert_false (ctd_tournament_get_round (event.store, 2, &info, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND, "round 2");
  g_clear_error (&error);

  assert_true (ctd_tournament_default_advancement (event.store, 1, &top_k, &wildcards, &error));
  assert_int_equal (top_k, 1);
  assert_int_equal (wildcards, 0);
}

/* Every game but the last of chouette 3: the director sees the scores,
 * the posting none; nothing settles, advances or rolls off yet. */
static void
test_sixteen_unfinished (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) director = NULL;
  g_autoptr(CtdStandings) posted = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) no_tie = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdSettlement settlement;
  CtdStore *store;
  guint audit;

  sixteen_play (*state, &event, CTD_N_GAMES, CTD_N_GAMES - 1);
  store = event.store;
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_IN_PLAY);

  /* The director's screen shows the scores, the missing game included. */
  director = ctd_tournament_round_standings (store, 1, FALSE, &error);
  assert_non_null (director);
  assert_int_equal (ctd_standings_get_n_rows (director), 16);
  assert_false (ctd_standings_get_scores_hidden (director));
  for (guint c = 1; c <= 4; c++)
    /* 32.5 after 11 games: behind the three 40.5s only, ahead of the 32s. */
    ctd_test_assert_place (director, event.threes[c - 1],
                           c == 3 ? four_after_11[2] : four_totals[2], c == 3 ? 4 : 1, c != 3);
  /* -11 after 11 games: behind three 40.5s, 32.5, three 32s and -9.5 (8
   * players), ahead of its own chouette's -12. */
  ctd_test_assert_place (director, ctd_test_seat (event.seats, 3)->players[0], four_after_11[0],
                         9, FALSE);

  /* Posted standings of an unfinished round show no score, rank or tie. */
  posted = ctd_tournament_round_standings (store, 1, TRUE, &error);
  assert_non_null (posted);
  assert_true (ctd_standings_get_scores_hidden (posted));
  assert_int_equal (ctd_standings_get_n_rows (posted), 16);
  for (gsize i = 0; i < 16; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (posted, i);

      assert_int_equal (row->score, 0);
      assert_int_equal (row->rank, 0);
      assert_false (row->tied);
      assert_int_equal (row->chouette_rank, 0);
    }

  /* An unfinished chouette does not settle. */
  assert_false (ctd_tournament_settle (store, 1, 3, &settlement, &error));
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE, "1.3 has 11 of 12 games");
  g_clear_error (&error);

  /* Nobody advances from an unfinished round, and the refusal leaves no
   * trace: no advancers, no release, no audit entry. */
  audit = ctd_test_audit_length (store);
  advancers = ctd_tournament_advance (store, 1, 1, 0, &tie, &error);
  assert_null (advancers);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE, "1.3 has 11 of 12 games");
  assert_null (strstr (error->message, "1.1 "));
  g_clear_error (&error);
  assert_null (tie.player_ids);
  assert_int_equal (ctd_test_n_advancers (store, 1), 0);
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  assert_int_equal (ctd_test_get_round (store, 1).top_k, -1);
  assert_int_equal (ctd_test_audit_length (store), audit);

  /* Roll-offs wait for the whole round. */
  no_tie = ctd_tournament_find_tie (store, 1, NULL, 1, 0, &error);
  assert_null (no_tie);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE, NULL);
  g_clear_error (&error);
}

/* A typed paper total that disagrees holds the complete round back,
 * refusing to advance without a trace; typed right, it lets it go. */
static void
test_sixteen_paper_disagrees (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS] = { TRUE, TRUE, TRUE, TRUE };
  CtdStore *store;
  guint audit;

  sixteen_play (*state, &event, CTD_N_GAMES, CTD_N_GAMES);
  store = event.store;
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_COMPLETE);

  memcpy (paper, four_totals, sizeof four_totals);
  paper[1] += H (1);
  paper[0] -= H (1);  /* a paper sheet balances, or it is refused */
  assert_true (ctd_store_set_crosscheck (store, 1, 2, paper, given, &error));
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  audit = ctd_test_audit_length (store);
  advancers = ctd_tournament_advance (store, 1, 1, 0, NULL, &error);
  assert_null (advancers);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                "1.2 disagrees with its paper totals");
  assert_null (strstr (error->message, "1.3"));
  g_clear_error (&error);
  assert_int_equal (ctd_test_n_advancers (store, 1), 0);
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  assert_int_equal (ctd_test_audit_length (store), audit);

  /* The paper agrees once typed right. */
  assert_true (ctd_store_set_crosscheck (store, 1, 2, four_totals, given, &error));
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_COMPLETE);
}

/* Complete, the four player 3s share first place: 16 rows in four tied
 * groups; now the scores may be posted, the same as the director sees
 * them. */
static void
test_sixteen_complete_standings (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) director = NULL;
  g_autoptr(CtdStandings) posted = NULL;
  /* Player number k + 1 of every chouette: rank, and rank in chouette. */
  static const guint rank_of[4] = { 13, 9, 1, 5 };
  static const guint chouette_rank_of[4] = { 4, 3, 1, 2 };

  sixteen_play (*state, &event, CTD_N_GAMES, CTD_N_GAMES);
  director = ctd_tournament_round_standings (event.store, 1, FALSE, &error);
  assert_non_null (director);
  for (guint c = 1; c <= 4; c++)
    for (guint k = 0; k < 4; k++)
      {
        const CtdStandingsRow *row =
          ctd_test_find_row (director, ctd_test_seat (event.seats, c)->players[k]);

        ctd_test_assert_place (director, row->player_id, four_totals[k], rank_of[k], TRUE);
        assert_int_equal (row->chouette, c);
        assert_int_equal (row->chouette_rank, chouette_rank_of[k]);
        assert_false (row->chouette_tied);
      }
  /* Display order: best first, four to a score. */
  for (gsize i = 0; i < 16; i++)
    assert_int_equal (ctd_standings_get_row (director, i)->rank, 1 + 4 * (i / 4));

  posted = ctd_tournament_round_standings (event.store, 1, TRUE, &error);
  assert_non_null (posted);
  assert_false (ctd_standings_get_scores_hidden (posted));
  for (gsize i = 0; i < 16; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (posted, i);
      const CtdStandingsRow *same = ctd_test_find_row (director, row->player_id);

      assert_int_equal (row->score, same->score);
      assert_int_equal (row->rank, same->rank);
      assert_int_equal (row->tied, same->tied);
    }
}

/* Rule 1.8 at 1.00 a point: -59.00, -13.50, +40.50, +32.00; player 1
 * pays player 3 first (largest debtor to largest creditor), then the
 * rest of player 1's debt (59 - 40.5 = 18.5) and player 2's go to
 * player 4 (18.5 + 13.5 = 32). */
static void
test_sixteen_settlement (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  CtdSettlement settlement;
  static const CtdCents amounts[4] = { -5900, -1350, 4050, 3200 };
  static const CtdTransfer transfers[3] = {
    { 1, 3, H (40.5), 4050 },
    { 1, 4, H (18.5), 1850 },
    { 2, 4, H (13.5), 1350 },
  };

  sixteen_play (*state, &event, CTD_N_GAMES, CTD_N_GAMES);
  assert_true (ctd_tournament_settle (event.store, 1, 1, &settlement, &error));
  assert_int_equal (settlement.stake, 100);
  assert_int_equal (settlement.n_players, 4);
  for (guint p = 0; p < 4; p++)
    {
      assert_int_equal (settlement.scores[p], four_totals[p]);
      assert_int_equal (settlement.amounts[p], amounts[p]);
    }
  assert_int_equal (settlement.n_transfers, 3);
  for (guint t = 0; t < 3; t++)
    {
      assert_int_equal (settlement.transfers[t].from, transfers[t].from);
      assert_int_equal (settlement.transfers[t].to, transfers[t].to);
      assert_int_equal (settlement.transfers[t].points, transfers[t].points);
      assert_int_equal (settlement.transfers[t].amount, transfers[t].amount);
    }
}

/* The cut falls between the 3s and the 4s of each chouette: no tie; the
 * four advance and the final is drawn from them, after which nobody
 * advances and the closed round cannot choose again. */
static void
test_sixteen_advance_to_final (void **state)
{
  g_auto(Sixteen) event = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) stored = NULL;
  g_autoptr(GArray) no_tie = NULL;
  g_autoptr(GPtrArray) final = NULL;
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GArray) advanced = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdStoreRound info;
  CtdStore *store;
  guint final_round = 0;
  guint top_k = 99;
  guint wildcards = 99;

  sixteen_play (*state, &event, CTD_N_GAMES, CTD_N_GAMES);
  store = event.store;

  /* No final yet. */
  placings = ctd_tournament_final_placings (store, NULL, &error);
  assert_null (placings);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_FINAL, "qualifying");
  g_clear_error (&error);

  no_tie = ctd_tournament_find_tie (store, 1, NULL, 1, 0, &error);
  assert_null (no_tie);
  assert_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE, NULL);
  g_clear_error (&error);

  advancers = ctd_tournament_advance (store, 1, 1, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  assert_null (tie.player_ids);
  assert_true (ctd_test_same_ids (advancers, event.threes, 4));
  stored = ctd_store_list_advancers (store, 1, &error);
  assert_true (ctd_test_same_ids (stored, event.threes, 4));
  info = ctd_test_get_round (store, 1);
  assert_int_equal (info.state, CTD_ROUND_RELEASED);
  assert_int_equal (info.top_k, 1);
  assert_int_equal (info.wildcards, 0);

  /* The final is drawn from the four advancers. */
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  info = ctd_test_get_round (store, 2);
  assert_int_equal (info.stage, CTD_STAGE_FINAL);
  assert_int_equal (info.n_chouettes, 1);
  assert_int_equal (ctd_test_get_round (store, 1).state, CTD_ROUND_CLOSED);
  final = ctd_test_list_seats (store, 2);
  g_array_append_vals (table, ctd_test_seat (final, 1)->players, 4);
  assert_true (ctd_test_same_ids (table, event.threes, 4));

  placings = ctd_tournament_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (final_round, 2);
  assert_int_equal (ctd_standings_get_n_rows (placings), 4);

  /* Nobody advances from a final, and a closed round cannot choose again. */
  advanced = ctd_tournament_advance (store, 2, 1, 0, NULL, &error);
  assert_null (advanced);
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
  g_clear_error (&error);
  assert_false (ctd_tournament_default_advancement (store, 2, &top_k, &wildcards, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
  g_clear_error (&error);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_parse_label),
    cmocka_unit_test_setup_teardown (test_sixteen_drawn, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_unfinished, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_paper_disagrees, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_complete_standings, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_settlement, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_advance_to_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
