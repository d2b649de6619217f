/* test-display.c: what the public display may show, above all that it
 * shows no score of a round kept secret (rule 1.7).
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ctd-display.h"
#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-outcome.h"
#include "ctd-sample.h"
#include "ctd-test-files.h"
#include "ctd-test-play.h"

typedef CtdTestFolder Fixture;

static CtdDisplay *
display_of (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  CtdDisplay *display = ctd_display_new (store, &error);

  assert_null (error);
  assert_non_null (display);
  return display;
}

/* Every stage and state: the display shows scores of a Qualifying or
 * Semi-final round only once released; the Final's always, and its
 * placings once it is complete, with no release (nothing to release). */
static void
test_shows_scores (void **state)
{
  static const struct
  {
    CtdRoundState state;
    gboolean rounds, final, placings, release;
  } table[] = {
    { CTD_ROUND_DRAWN, FALSE, TRUE, FALSE, FALSE },
    { CTD_ROUND_IN_PLAY, FALSE, TRUE, FALSE, FALSE },
    { CTD_ROUND_COMPLETE, FALSE, TRUE, TRUE, TRUE },
    { CTD_ROUND_RELEASED, TRUE, TRUE, TRUE, FALSE },
    { CTD_ROUND_CLOSED, TRUE, TRUE, TRUE, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (table); i++)
    {
      assert_int_equal (ctd_display_shows_scores (CTD_STAGE_QUALIFYING, table[i].state),
                        table[i].rounds);
      assert_int_equal (ctd_display_shows_scores (CTD_STAGE_SEMIFINAL, table[i].state),
                        table[i].rounds);
      assert_int_equal (ctd_display_shows_scores (CTD_STAGE_FINAL, table[i].state),
                        table[i].final);
      assert_false (ctd_display_shows_placings (CTD_STAGE_QUALIFYING, table[i].state));
      assert_false (ctd_display_shows_placings (CTD_STAGE_SEMIFINAL, table[i].state));
      assert_int_equal (ctd_display_shows_placings (CTD_STAGE_FINAL, table[i].state),
                        table[i].placings);
      assert_int_equal (ctd_display_can_release (CTD_STAGE_QUALIFYING, table[i].state),
                        table[i].release);
      assert_int_equal (ctd_display_can_release (CTD_STAGE_SEMIFINAL, table[i].state),
                        table[i].release);
      assert_false (ctd_display_can_release (CTD_STAGE_FINAL, table[i].state));
    }
}

/* What is public, and what a release does, in words a director reads:
 * each state's sentence is true of that state and of no other. */
static void
test_publicity_words (void **state)
{
  static const struct
  {
    CtdStage stage;
    CtdRoundState state;
    const char *public, *release;
  } table[] = {
    { CTD_STAGE_QUALIFYING, CTD_ROUND_DRAWN,
      "Its scores are secret until every chouette is complete (rule 1.7)",
      "Once every chouette is complete, releasing the round puts its scores" },
    { CTD_STAGE_SEMIFINAL, CTD_ROUND_IN_PLAY,
      "the posting and the public display show only the tables' progress",
      "Once every chouette is complete" },
    { CTD_STAGE_QUALIFYING, CTD_ROUND_COMPLETE,
      "Its scores may be posted, printed or exported; the public display shows them once you "
      "release the round.",
      "Releasing the round puts every player's score and rank on the public display" },
    { CTD_STAGE_SEMIFINAL, CTD_ROUND_RELEASED,
      "Its scores are public: the posting and the public display show them",
      "Released: its scores and ranks are on the public display" },
    { CTD_STAGE_QUALIFYING, CTD_ROUND_CLOSED,
      "Its scores are public", "Released:" },
    { CTD_STAGE_FINAL, CTD_ROUND_IN_PLAY,
      "The Final is played in the open: its scores are public as they stand, and its placings "
      "once every game is entered.",
      "The Final has nothing to release" },
    { CTD_STAGE_FINAL, CTD_ROUND_COMPLETE,
      "Its placings are public: the posting, the public display and the exports give them.",
      "The Final has nothing to release: its placings are public once it is complete." },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (table); i++)
    {
      const char *public = ctd_display_describe_publicity (table[i].stage, table[i].state);
      const char *release = ctd_display_describe_release (table[i].stage, table[i].state);

      assert_non_null (strstr (public, table[i].public));
      assert_non_null (strstr (release, table[i].release));
      /* Before the release, nothing says the scores are public. */
      if (table[i].stage != CTD_STAGE_FINAL && table[i].state < CTD_ROUND_RELEASED)
        {
          assert_null (strstr (public, "are public"));
          assert_null (strstr (release, "are on the public display"));
        }
    }
}

static void
test_waiting (void **state)
{
  Fixture *fixture = *state;
  const CtdEventSettings settings = { .name = (char *) "Empty Open", .stake_cents = 100 };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_store_create (fixture->path, &settings, &error);
  g_autoptr(CtdDisplay) display = NULL;

  assert_non_null (store);
  display = display_of (store);
  assert_string_equal (display->event_name, "Empty Open");
  assert_int_equal (display->mode, CTD_DISPLAY_WAITING);
  assert_int_equal (display->round, 0);
  assert_int_equal (display->chouettes->len, 0);
  assert_int_equal (display->rows->len, 0);
}

/* A round in play: each chouette's progress and players, no standings. */
static void
assert_progress_only (CtdStore *store,
                      guint     round,
                      CtdStage  stage,
                      guint     n_recorded)
{
  g_autoptr(CtdDisplay) display = display_of (store);
  g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, round, NULL);

  assert_int_equal (display->mode, CTD_DISPLAY_PROGRESS);
  assert_int_equal (display->round, round);
  assert_int_equal (display->stage, stage);
  assert_int_equal (display->rows->len, 0);
  assert_int_equal (display->chouettes->len, seats->len);
  for (guint c = 0; c < seats->len; c++)
    {
      const CtdDisplayChouette *chouette = g_ptr_array_index (display->chouettes, c);
      const CtdStoreChouette *record = g_ptr_array_index (seats, c);

      assert_int_equal (chouette->number, record->number);
      assert_int_equal (chouette->table, record->table);
      assert_int_equal (chouette->size, record->size);
      assert_int_equal (chouette->n_recorded, n_recorded);
      for (guint k = 0; k < record->size; k++)
        assert_string_equal (chouette->names[k], record->names[k]);
    }
  assert_int_equal (display->n_finished, n_recorded == CTD_N_GAMES ? seats->len : 0);
}

/* The display's rows are the director's standings, in their order, with
 * their scores and ranks. */
static void
assert_rows_are_standings (const CtdDisplay *display,
                           CtdStore         *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) standings = ctd_tournament_round_standings (store, display->round, FALSE,
                                                                 &error);
  gboolean some_score = FALSE;

  assert_non_null (standings);
  assert_int_equal (display->rows->len, ctd_standings_get_n_rows (standings));
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);
      const CtdStandingsRow *expected = ctd_standings_get_row (standings, i);

      assert_string_equal (row->name, expected->name);
      assert_int_equal (row->score, expected->score);
      assert_int_equal (row->rank, expected->rank);
      assert_int_equal (row->tied, expected->tied);
      assert_int_equal (row->chouette, expected->chouette);
      some_score |= row->score != 0;
    }
  assert_true (some_score);
}

/* The display's placings are the Final and Money page's (and the
 * `results` command's, which prints ctd_outcome_get_final()'s): the
 * same players in the same places at the same moment. */
static void
assert_same_as_results (const CtdDisplay *display,
                        CtdStore         *store)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };

  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_true (final.complete);
  assert_non_null (final.placings);
  assert_int_equal (ctd_standings_get_n_rows (final.placings), display->rows->len);
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);
      const CtdStandingsRow *placing = ctd_standings_get_row (final.placings, i);

      assert_string_equal (row->name, placing->name);
      assert_int_equal (row->rank, placing->rank);
      assert_int_equal (row->tied, placing->tied);
    }
}

/* Through a whole event: secret while in play and while complete, posted
 * once released with who advances, the final in the open, placings at
 * the end. */
static void
test_whole_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_play_start (fixture->path, 26, &error);
  g_autoptr(CtdDisplay) display = NULL;
  guint round = 0;

  assert_non_null (store);
  assert_progress_only (store, 1, CTD_STAGE_QUALIFYING, 0);
  assert_true (ctd_test_play_games (store, 1, 7, 1, &error));
  assert_progress_only (store, 1, CTD_STAGE_QUALIFYING, 7);
  /* Complete is not yet posted: the director releases it. */
  assert_true (ctd_test_play_games (store, 1, CTD_N_GAMES, 2, &error));
  assert_progress_only (store, 1, CTD_STAGE_QUALIFYING, CTD_N_GAMES);

  assert_true (ctd_store_release_round (store, 1, &error));
  display = display_of (store);
  assert_int_equal (display->mode, CTD_DISPLAY_STANDINGS);
  assert_int_equal (display->n_advancing, 0);
  assert_rows_are_standings (display, store);
  g_clear_pointer (&display, ctd_display_free);

  /* Who advances: the plan's top 1 of each of the 7 chouettes. */
  assert_true (ctd_test_play_advance (store, 1, &error));
  display = display_of (store);
  assert_int_equal (display->n_advancing, 7);
  assert_int_equal (display->next_stage, CTD_STAGE_SEMIFINAL);
  /* Each advances as the best of their chouette (ties are rolled off),
   * not as one of the round's best 7. */
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);

      for (guint j = 0; row->advances && j < display->rows->len; j++)
        {
          const CtdDisplayRow *other = g_ptr_array_index (display->rows, j);

          assert_false (other->chouette == row->chouette && other->score > row->score);
        }
    }
  g_clear_pointer (&display, ctd_display_free);

  /* The semi-final is the current round: secret again. */
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  assert_int_equal (round, 2);
  assert_progress_only (store, 2, CTD_STAGE_SEMIFINAL, 0);
  assert_true (ctd_test_play_games (store, 2, 5, 3, &error));
  assert_progress_only (store, 2, CTD_STAGE_SEMIFINAL, 5);
  assert_true (ctd_test_play_games (store, 2, CTD_N_GAMES, 4, &error));
  assert_progress_only (store, 2, CTD_STAGE_SEMIFINAL, CTD_N_GAMES);
  assert_true (ctd_test_play_advance (store, 2, &error));
  display = display_of (store);
  assert_int_equal (display->mode, CTD_DISPLAY_STANDINGS);
  assert_int_equal (display->stage, CTD_STAGE_SEMIFINAL);
  assert_int_equal (display->n_advancing, 4);
  assert_int_equal (display->next_stage, CTD_STAGE_FINAL);
  assert_rows_are_standings (display, store);
  g_clear_pointer (&display, ctd_display_free);

  /* The final is played in the open; complete, it is the placings, with
   * no release: the tie still to roll off shows as a shared place. */
  assert_true (ctd_store_draw_round (store, 100, &round, &error));
  assert_true (ctd_test_play_games (store, round, 3, 5, &error));
  display = display_of (store);
  assert_int_equal (display->stage, CTD_STAGE_FINAL);
  assert_int_equal (display->mode, CTD_DISPLAY_STANDINGS);
  assert_int_equal (display->rows->len, 4);
  assert_int_equal (display->n_advancing, 0);
  g_clear_pointer (&display, ctd_display_free);
  assert_true (ctd_test_play_games (store, round, CTD_N_GAMES, 6, &error));
  display = display_of (store);
  assert_int_equal (display->state, CTD_ROUND_COMPLETE);
  assert_int_equal (display->mode, CTD_DISPLAY_PLACINGS);
  assert_rows_are_standings (display, store);
  assert_same_as_results (display, store);
  g_clear_pointer (&display, ctd_display_free);
  assert_true (ctd_sample_roll_off_ties (store, round, 0, 0, 8, &error));
  /* Closing needs no release of the final either, and the placings stay. */
  assert_true (ctd_store_close_event (store, &error));
  display = display_of (store);
  assert_int_equal (display->state, CTD_ROUND_COMPLETE);
  assert_int_equal (display->mode, CTD_DISPLAY_PLACINGS);
  assert_rows_are_standings (display, store);
  assert_same_as_results (display, store);
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);

      assert_int_equal (row->rank, i + 1);
      assert_false (row->tied);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_shows_scores),
    cmocka_unit_test (test_publicity_words),
    cmocka_unit_test_setup_teardown (test_waiting, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_whole_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
