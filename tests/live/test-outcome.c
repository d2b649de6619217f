/* test-outcome.c: what the "Final and Money" and "Log" pages show, as
 * core derives it (core/event/ctd-outcome.c, core/live/ctd-outcome-items.c).
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

#include "ctd-tournament.h"
#include "ctd-item-list.h"
#include "ctd-outcome-items.h"
#include "ctd-outcome.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

#define H(x) ((CtdHalves) ((x) * 2))

/* test-tournament.c's hand-worked sheet: totals by player number -59, -13.5,
 * +40.5, +32 (highest-first last segment). */
static const char * const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

typedef CtdTestFolder Fixture;

/* A new event at @stake cents a point, @names checked in and drawn. */
static CtdStore *
drawn_event (const Fixture      *fixture,
             CtdCents            stake,
             const char * const *names,
             guint               n)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Club Final",
    .date = (char *) "2026-11-23",
    .venue = (char *) "",
    .stake_cents = stake,
    .entry_fee_cents = 20 * stake,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);

  assert_non_null (store);
  for (guint i = 0; i < n; i++)
    assert_true (ctd_store_add_player (store, names[i], NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  return store;
}

static void
record (CtdStore   *store,
        guint       round,
        guint       chouette,
        guint       first,
        guint       last,
        const char *const *sheet)
{
  g_autoptr(GError) error = NULL;

  for (guint game = first; game <= last; game++)
    if (!ctd_store_record_game (store, round, chouette, game, sheet[game - 1], FALSE, &error))
      fail_msg ("game %u: %s", game, error->message);
}

static void
test_ordinal (void **state)
{
  static const struct { guint n; const char *text; } cases[] = {
    { 1, "1st" }, { 2, "2nd" }, { 3, "3rd" }, { 4, "4th" }, { 11, "11th" }, { 12, "12th" },
    { 13, "13th" }, { 21, "21st" }, { 22, "22nd" }, { 103, "103rd" }, { 111, "111th" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ctd_outcome_ordinal (cases[i].n);

      assert_string_equal (text, cases[i].text);
    }
}

/* Four players: the field is the final (rule 1.9). Hand-checked at 5.00
 * a point: -59 x 5 = -295.00, -13.5 x 5 = -67.50, 40.5 x 5 = 202.50,
 * 32 x 5 = 160.00; no two of them cancel, so three payments. */
static void
test_final_by_hand (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "<b>x</b>", "=SUM(A1)" };
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = drawn_event (fixture, 500, names, 4);
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(GPtrArray) settlements = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  g_autofree char *amounts = NULL;
  g_autofree char *payments = NULL;
  g_autofree char *expected = NULL;
  const CtdOutcomeSettlement *one;
  CtdCents paid[CTD_MAX_PLAYERS] = { 0, };

  record (store, 1, 1, 1, CTD_N_GAMES, four_sheet);
  seats = ctd_tournament_get_chouette (store, 1, 1, &error);
  assert_non_null (seats);

  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_int_equal (final.round, 1);
  assert_true (final.complete);
  assert_null (final.status);
  assert_null (final.ties);
  assert_int_equal (ctd_standings_get_n_rows (final.placings), 4);
  assert_string_equal (ctd_standings_get_row (final.placings, 0)->name, seats->names[2]);
  assert_int_equal (ctd_standings_get_row (final.placings, 0)->score, H (40.5));
  assert_string_equal (ctd_standings_get_row (final.placings, 1)->name, seats->names[3]);
  assert_string_equal (ctd_standings_get_row (final.placings, 2)->name, seats->names[1]);
  assert_string_equal (ctd_standings_get_row (final.placings, 3)->name, seats->names[0]);
  {
    g_autofree char *place = ctd_outcome_place_text (ctd_standings_get_row (final.placings, 3));

    assert_string_equal (place, "4th");
  }

  settlements = ctd_outcome_settle_round (store, 1, &error);
  assert_non_null (settlements);
  assert_int_equal (settlements->len, 1);
  one = g_ptr_array_index (settlements, 0);
  assert_true (one->settled);
  amounts = ctd_outcome_describe_amounts (one);
  expected = g_strdup_printf ("%s: -59 points, -295.00\n%s: -13.5 points, -67.50\n"
                              "%s: +40.5 points, 202.50\n%s: +32 points, 160.00",
                              seats->names[0], seats->names[1], seats->names[2],
                              seats->names[3]);
  assert_string_equal (amounts, expected);
  assert_int_equal (one->settlement.n_transfers, 3);
  for (guint i = 0; i < one->settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &one->settlement.transfers[i];

      paid[t->from - 1] -= t->amount;
      paid[t->to - 1] += t->amount;
    }
  assert_int_equal (paid[0], -29500);
  assert_int_equal (paid[1], -6750);
  assert_int_equal (paid[2], 20250);
  assert_int_equal (paid[3], 16000);
  /* One line a payment, names as they are (no markup, no formula). */
  payments = ctd_outcome_describe_payments (one);
  for (guint i = 0; i < one->settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &one->settlement.transfers[i];
      g_autofree char *amount = ctd_money_to_string (t->amount);
      g_autofree char *line = g_strdup_printf ("%s pays %s %s", seats->names[t->from - 1],
                                               seats->names[t->to - 1], amount);

      assert_non_null (strstr (payments, line));
    }
  {
    g_auto(GStrv) lines = g_strsplit (payments, "\n", -1);

    assert_int_equal (g_strv_length (lines), one->settlement.n_transfers);
  }
}

/* The same numbers as the `results` and `settle` commands, on a whole
 * event played by core's sample (26 players, three rounds). */
static void
test_whole_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  guint final_round = 0;

  assert_true (ctd_test_build_event (fixture->path, 26, 7, TRUE, &error));
  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);

  assert_true (ctd_outcome_get_final (store, &final, &error));
  placings = ctd_tournament_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (final.round, final_round);
  assert_true (final.complete);
  assert_int_equal (ctd_standings_get_n_rows (final.placings),
                    ctd_standings_get_n_rows (placings));
  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++)
    {
      const CtdStandingsRow *a = ctd_standings_get_row (final.placings, i);
      const CtdStandingsRow *b = ctd_standings_get_row (placings, i);

      assert_int_equal (a->player_id, b->player_id);
      assert_int_equal (a->rank, b->rank);
      assert_int_equal (a->score, b->score);
    }

  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 3);
  for (guint r = 0; r < rounds->len; r++)
    {
      guint round = g_array_index (rounds, CtdStoreRound, r).number;
      g_autoptr(GPtrArray) settlements = ctd_outcome_settle_round (store, round, &error);

      assert_non_null (settlements);
      assert_int_equal (settlements->len, g_array_index (rounds, CtdStoreRound, r).n_chouettes);
      for (guint i = 0; i < settlements->len; i++)
        {
          const CtdOutcomeSettlement *one = g_ptr_array_index (settlements, i);
          CtdSettlement settlement;

          assert_int_equal (one->chouette, i + 1);
          assert_true (one->settled);
          assert_true (ctd_tournament_settle (store, round, one->chouette, &settlement, &error));
          assert_memory_equal (&one->settlement, &settlement, sizeof settlement);
        }
    }
}

/* While the final is played: no placings, what is missing instead. */
static void
test_final_unfinished (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = drawn_event (fixture, 100, names, 4);
  g_autoptr(GPtrArray) settlements = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  g_autofree char *payments = NULL;
  g_autofree char *amounts = NULL;
  const CtdOutcomeSettlement *one;

  record (store, 1, 1, 1, 7, four_sheet);
  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_int_equal (final.round, 1);
  assert_false (final.complete);
  assert_null (final.placings);
  assert_string_equal (final.status, "The Final is not finished: 7 of 12 games entered");

  settlements = ctd_outcome_settle_round (store, 1, &error);
  assert_non_null (settlements);
  one = g_ptr_array_index (settlements, 0);
  assert_false (one->settled);
  payments = ctd_outcome_describe_payments (one);
  assert_string_equal (payments, "Chouette 1.1 has 7 of 12 games entered: it settles at its "
                                 "end (rule 1.8)");
  amounts = ctd_outcome_describe_amounts (one);
  assert_null (strstr (amounts, "points"));

  /* Every game, but paper totals that disagree: still not finished. */
  record (store, 1, 1, 8, CTD_N_GAMES, four_sheet);
  {
    const CtdHalves paper[4] = { H (-58), H (-14.5), H (40.5), H (32) };
    const gboolean given[4] = { TRUE, TRUE, TRUE, TRUE };

    assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  }
  ctd_outcome_final_clear (&final);
  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_false (final.complete);
  assert_null (final.placings);
  assert_non_null (strstr (final.status, "The Final is not finished: "));
  assert_non_null (strstr (final.status, "disagree"));
}

/* Twelve games the crew wins as singles: every player ends on 0, and
 * all four share 1st place until a roll-off. */
static void
test_final_tie (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };
  static const char *const singles[CTD_N_GAMES] = { "T", "T", "T", "T", "T", "T",
                                                    "T", "T", "T", "T", "T", "T" };
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = drawn_event (fixture, 100, names, 4);
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GPtrArray) settlements = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *payments = NULL;
  const CtdStandings *p;

  record (store, 1, 1, 1, CTD_N_GAMES, singles);
  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_true (final.complete);
  p = final.placings;
  expected = g_strdup_printf ("%s, %s, %s and %s are tied for 1st place",
                              ctd_standings_get_row (p, 0)->name,
                              ctd_standings_get_row (p, 1)->name,
                              ctd_standings_get_row (p, 2)->name,
                              ctd_standings_get_row (p, 3)->name);
  assert_string_equal (final.ties, expected);
  items = ctd_placing_items_new (p);
  assert_string_equal (ctd_placing_item_get_place (g_ptr_array_index (items, 3)), "1st=");

  settlements = ctd_outcome_settle_round (store, 1, &error);
  payments = ctd_outcome_describe_payments (g_ptr_array_index (settlements, 0));
  assert_string_equal (payments, "Nobody owes anything.");

  /* A roll-off settles it: no tie is left to flag. */
  {
    gint64 order[4];

    for (guint i = 0; i < 4; i++)
      order[i] = ctd_standings_get_row (p, 3 - i)->player_id;
    assert_true (ctd_tournament_tiebreak (store, 1, order, 4, NULL, &error));
  }
  ctd_outcome_final_clear (&final);
  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_null (final.ties);
  g_clear_pointer (&items, g_ptr_array_unref);
  items = ctd_placing_items_new (final.placings);
  assert_string_equal (ctd_placing_item_get_place (g_ptr_array_index (items, 0)), "1st");
}

/* Before the final: core's reason, no placings. */
static void
test_no_final (void **state)
{
  static const char *const names[] = { "A", "B", "C", "D", "E", "F", "G", "H" };
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  g_autoptr(CtdStore) store = NULL;
  const CtdEventSettings settings = { .name = (char *) "Empty", .stake_cents = 100 };

  {
    g_autofree char *path = g_build_filename (fixture->dir, "Empty.chouette", NULL);
    g_autoptr(CtdStore) empty = ctd_store_create (path, &settings, &error);

    assert_non_null (empty);
    assert_true (ctd_outcome_get_final (empty, &final, &error));
    assert_string_equal (final.status, "There is no final yet: no round has been drawn");
    assert_null (final.placings);
  }
  store = drawn_event (fixture, 100, names, 8);
  ctd_outcome_final_clear (&final);
  assert_true (ctd_outcome_get_final (store, &final, &error));
  assert_int_equal (final.round, 0);
  assert_non_null (strstr (final.status, "There is no final yet"));
}

/* The log's filter: which chouette each entry concerns. */
static void
test_audit_chouettes (void **state)
{
  static const char *const names[] = { "A", "B", "C", "D", "E", "F", "G", "H" };
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = drawn_event (fixture, 100, names, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) later = NULL;
  gint64 before;

  record (store, 1, 2, 1, 2, four_sheet);
  record (store, 1, 1, 1, 1, four_sheet);
  before = ctd_store_get_last_audit_id (store, &error);
  assert_true (ctd_store_undo (store, NULL, &error));

  all = ctd_outcome_list_audit_chouettes (store, 0, &error);
  assert_non_null (all);
  /* 8 players added and a draw concern no chouette. */
  assert_int_equal (all->len, 4);
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 0).chouette, 2);
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 1).chouette, 2);
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 2).chouette, 1);
  /* The undo of 1.1's game concerns 1.1 too. */
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 3).chouette, 1);
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 3).round, 1);
  assert_int_equal (g_array_index (all, CtdOutcomeAuditChouette, 3).audit_id, before + 1);

  later = ctd_outcome_list_audit_chouettes (store, before, &error);
  assert_int_equal (later->len, 1);
  assert_int_equal (g_array_index (later, CtdOutcomeAuditChouette, 0).audit_id, before + 1);
}

/* The page's lists update in place: a chouette's row stays the same
 * object when its settlement changes. */
static void
test_items_update_in_place (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = drawn_event (fixture, 100, names, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdItemList) list = ctd_item_list_new (CTD_TYPE_SETTLEMENT_ITEM,
                                                   ctd_settlement_item_key,
                                                   ctd_settlement_item_assign);
  g_autoptr(CtdSettlementItem) first = NULL;
  g_autoptr(CtdSettlementItem) second = NULL;

  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GPtrArray) settlements = ctd_outcome_settle_round (store, 1, &error);
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < settlements->len; i++)
        g_ptr_array_add (items, ctd_settlement_item_new (g_ptr_array_index (settlements, i)));
      ctd_item_list_update (list, items);
      if (pass == 0)
        {
          first = g_list_model_get_item (G_LIST_MODEL (list), 0);
          assert_null (strstr (ctd_settlement_item_get_payments (first), "pays"));
          record (store, 1, 1, 1, CTD_N_GAMES, four_sheet);
        }
    }
  second = g_list_model_get_item (G_LIST_MODEL (list), 0);
  assert_ptr_equal (first, second);
  assert_string_equal (ctd_settlement_item_get_label (second), "1.1");
  assert_non_null (strstr (ctd_settlement_item_get_payments (second), " pays "));
  assert_non_null (strstr (ctd_settlement_item_get_amounts (second), "+40.5 points, 40.50"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_ordinal),
    cmocka_unit_test_setup_teardown (test_final_by_hand, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_whole_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_unfinished, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_tie, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_no_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_audit_chouettes, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_items_update_in_place, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
