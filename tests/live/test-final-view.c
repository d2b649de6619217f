/* test-final-view.c: what the "Final and Money" page shows
 * (CtdFinalView): the Final before its draw, played game by game, tied
 * and rolled off, undone, written by another program; the settlements
 * of a round updated in place; and no notify for what a change leaves
 * alone.
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

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-final-view.h"
#include "ctd-outcome-items.h"
#include "ctd-test-build.h"
#include "ctd-test-document.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* ---- watching the view -------------------------------------------------- */

/* Every notify of the view, by property, and the lists' items-changed. */
typedef struct
{
  GHashTable *notifies;
  guint       placings_changed;
  guint       settlements_changed;
} Watch;

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 Watch      *watch)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (watch->notifies, pspec->name));

  g_hash_table_insert (watch->notifies, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
count_cb (gpointer    instance,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

static void
watch_view (CtdFinalView *view,
            Watch        *watch)
{
  watch->notifies = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (view, "notify", G_CALLBACK (count_notify_cb), watch);
  g_signal_connect (ctd_final_view_get_placings (view), "items-changed",
                    G_CALLBACK (ctd_test_items_changed_cb), &watch->placings_changed);
  g_signal_connect (ctd_final_view_get_settlements (view), "items-changed",
                    G_CALLBACK (ctd_test_items_changed_cb), &watch->settlements_changed);
}

static void
unwatch_view (CtdFinalView *view,
              Watch        *watch)
{
  g_signal_handlers_disconnect_by_data (view, watch);
  g_signal_handlers_disconnect_by_data (ctd_final_view_get_placings (view),
                                        &watch->placings_changed);
  g_signal_handlers_disconnect_by_data (ctd_final_view_get_settlements (view),
                                        &watch->settlements_changed);
  g_clear_pointer (&watch->notifies, g_hash_table_unref);
}

static guint
notifies (Watch      *watch,
          const char *property)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (watch->notifies, property));
}

/* Nothing notified and no list changed since the last reset. */
static void
assert_quiet (Watch *watch)
{
  assert_int_equal (g_hash_table_size (watch->notifies), 0);
  assert_int_equal (watch->placings_changed, 0);
  assert_int_equal (watch->settlements_changed, 0);
}

static void
reset (Watch *watch)
{
  g_hash_table_remove_all (watch->notifies);
  watch->placings_changed = 0;
  watch->settlements_changed = 0;
}

/* ---- reading it --------------------------------------------------------- */

static CtdFinalView *
final_view (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  CtdFinalView *view = ctd_document_get_final_view (document, &error);

  if (view == NULL)
    fail_msg ("%s", error->message);
  return view;
}

static char *
item_string (GListModel *model,
             guint       position,
             const char *property)
{
  g_autoptr(GObject) item = g_list_model_get_item (model, position);
  char *value = NULL;

  assert_non_null (item);
  g_object_get (item, property, &value, NULL);
  return value;
}

static void
assert_item (GListModel *model,
             guint       position,
             const char *property,
             const char *expected)
{
  g_autofree char *value = item_string (model, position, property);

  assert_string_equal (value, expected);
}

/* Player @seat of round 1's chouette 1, by name. */
static const char *
seat_name (CtdDocument *document,
           guint        seat)
{
  return ctd_chouette_view_get_name (ctd_test_get_view (document, 1), seat);
}

/* A 4-player event: round 1 is its Final, at 1.00 a point. */
static CtdDocument *
new_final (const Fixture *fixture)
{
  CtdDocument *document = ctd_test_create_document (fixture->path);

  ctd_test_draw_players (document, 4);
  return document;
}

static void
record (CtdDocument *document,
        guint        game,
        const char  *line)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, 1, game, line, FALSE, &error))
    fail_msg ("game %u: %s", game, error->message);
}

/* ---- the tests ---------------------------------------------------------- */

/* Before any draw, and after a qualifying round's: no final, no
 * placings; the stake from the settings. */
static void
test_before_final (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  CtdFinalView *view = final_view (document);

  assert_int_equal (ctd_final_view_get_round (view), 0);
  assert_false (ctd_final_view_get_complete (view));
  assert_string_equal (ctd_final_view_get_status (view),
                       "There is no final yet: no round has been drawn");
  assert_null (ctd_final_view_get_ties (view));
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_placings (view)), 0);
  assert_int_equal (ctd_final_view_get_settlement_round (view), 0);
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_settlements (view)), 0);
  /* 22.00 is 22 times 1.00: within rule 1.8's 20 to 25. */
  assert_string_equal (ctd_final_view_get_stake_text (view),
                       "At 1.00 a point: each chouette settles at its end (rule 1.8).");
  assert_null (ctd_final_view_get_fee_warning (view));
  /* One view per document. */
  assert_ptr_equal (final_view (document), view);

  /* Eight players: round 1 qualifies, two chouettes of four to settle. */
  ctd_test_draw_players (document, 8);
  assert_int_equal (ctd_final_view_get_round (view), 0);
  assert_string_equal (ctd_final_view_get_status (view),
                       "There is no final yet: the newest round, 1, is a qualifying round");
  assert_int_equal (ctd_final_view_get_settlement_round (view), 1);
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_settlements (view)), 2);
  assert_item (ctd_final_view_get_settlements (view), 0, "label", "1.1");
  assert_item (ctd_final_view_get_settlements (view), 1, "label", "1.2");
}

/* The Final played game by game (the hand-worked sheet: -59, -13.5,
 * +40.5, +32): its progress, then its placings; the settlement's item
 * stays the same object as each game changes it. */
static void
test_final_played (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = new_final (fixture);
  CtdFinalView *view = final_view (document);
  GListModel *placings = ctd_final_view_get_placings (view);
  GListModel *settlements = ctd_final_view_get_settlements (view);
  g_autoptr(GObject) settlement = NULL;
  g_autoptr(GObject) again = NULL;
  g_autofree char *amounts = NULL;
  g_autofree char *payment = NULL;
  guint payments_notifies = 0;
  Watch watch = { 0, };

  assert_int_equal (ctd_final_view_get_round (view), 1);
  assert_false (ctd_final_view_get_complete (view));
  assert_string_equal (ctd_final_view_get_status (view),
                       "The Final is not finished: 0 of 12 games entered");
  assert_int_equal (g_list_model_get_n_items (placings), 0);
  assert_int_equal (ctd_final_view_get_settlement_round (view), 1);
  assert_int_equal (g_list_model_get_n_items (settlements), 1);

  watch_view (view, &watch);
  settlement = g_list_model_get_item (settlements, 0);
  g_signal_connect (settlement, "notify::payments", G_CALLBACK (count_cb), &payments_notifies);
  for (guint game = 1; game <= 7; game++)
    ctd_test_document_record (document, 1, game);
  assert_string_equal (ctd_final_view_get_status (view),
                       "The Final is not finished: 7 of 12 games entered");
  /* One status a game; nothing else of the view changes. */
  assert_int_equal (notifies (&watch, "status"), 7);
  assert_int_equal (g_hash_table_size (watch.notifies), 1);
  assert_int_equal (watch.placings_changed, 0);
  assert_int_equal (watch.settlements_changed, 0);
  again = g_list_model_get_item (settlements, 0);
  assert_ptr_equal (again, settlement);
  assert_int_equal (payments_notifies, 7);
  assert_item (settlements, 0, "payments",
               "Chouette 1.1 has 7 of 12 games entered: it settles at its end (rule 1.8)");

  reset (&watch);
  for (guint game = 8; game <= CTD_N_GAMES; game++)
    ctd_test_document_record (document, 1, game);
  assert_true (ctd_final_view_get_complete (view));
  assert_null (ctd_final_view_get_status (view));
  assert_null (ctd_final_view_get_ties (view));
  assert_int_equal (notifies (&watch, "complete"), 1);
  assert_int_equal (notifies (&watch, "round"), 0);
  assert_int_equal (watch.placings_changed, 1);
  assert_int_equal (g_list_model_get_n_items (placings), 4);
  assert_item (placings, 0, "place", "1st");
  assert_item (placings, 0, "name", seat_name (document, 3));
  assert_item (placings, 0, "score-text", "+40.5");
  assert_item (placings, 1, "place", "2nd");
  assert_item (placings, 1, "name", seat_name (document, 4));
  assert_item (placings, 1, "score-text", "+32");
  assert_item (placings, 2, "place", "3rd");
  assert_item (placings, 2, "name", seat_name (document, 2));
  assert_item (placings, 2, "score-text", "-13.5");
  assert_item (placings, 3, "place", "4th");
  assert_item (placings, 3, "name", seat_name (document, 1));
  assert_item (placings, 3, "score-text", "-59");

  /* At 1.00 a point; the biggest loser pays the biggest winner first. */
  g_clear_object (&again);
  again = g_list_model_get_item (settlements, 0);
  assert_ptr_equal (again, settlement);
  assert_int_equal (watch.settlements_changed, 0);
  amounts = g_strdup_printf ("%s: -59 points, -59.00\n%s: -13.5 points, -13.50\n"
                             "%s: +40.5 points, 40.50\n%s: +32 points, 32.00",
                             seat_name (document, 1), seat_name (document, 2),
                             seat_name (document, 3), seat_name (document, 4));
  assert_item (settlements, 0, "amounts", amounts);
  payment = g_strdup_printf ("%s pays %s 40.50\n", seat_name (document, 1),
                             seat_name (document, 3));
  {
    g_autofree char *payments = item_string (settlements, 0, "payments");

    assert_true (g_str_has_prefix (payments, payment));
  }
  unwatch_view (view, &watch);
}

/* A change the page does not show: no notify, no list changed. */
static void
test_unrelated_change (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = new_final (fixture);
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  CtdFinalView *view = final_view (document);
  Watch watch = { 0, };

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    ctd_test_document_record (document, 1, game);
  watch_view (view, &watch);

  assert_true (ctd_document_add_player (document, "Late Larry", NULL, NULL, TRUE, NULL,
                                        &error));
  assert_quiet (&watch);

  /* A new venue: the settings are read again, nothing shown differs. */
  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  g_free (settings.venue);
  settings.venue = g_strdup ("The back room");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  assert_quiet (&watch);

  /* A new stake is shown, and changes the amounts in place. */
  settings.stake_cents = 200;
  assert_true (ctd_document_set_settings_full (document, &settings, TRUE, &error));
  assert_string_equal (ctd_final_view_get_stake_text (view),
                       "At 2.00 a point: each chouette settles at its end (rule 1.8).");
  assert_int_equal (notifies (&watch, "stake-text"), 1);
  /* 22.00 is 11 times 2.00. */
  assert_non_null (ctd_final_view_get_fee_warning (view));
  assert_int_equal (notifies (&watch, "fee-warning"), 1);
  assert_int_equal (watch.settlements_changed, 0);
  assert_int_equal (watch.placings_changed, 0);
  {
    g_autofree char *amounts = item_string (ctd_final_view_get_settlements (view), 0, "amounts");

    assert_non_null (strstr (amounts, ": -59 points, -118.00"));
  }
  unwatch_view (view, &watch);
}

/* Every game won by the crew as a single: all four end on 0 and share
 * 1st place until a roll-off. */
static void
test_ties (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = new_final (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) first = NULL;
  g_autoptr(GObject) same = NULL;
  CtdFinalView *view = final_view (document);
  GListModel *placings = ctd_final_view_get_placings (view);
  gint64 order[4];
  Watch watch = { 0, };

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    record (document, game, "T");
  assert_true (ctd_final_view_get_complete (view));
  assert_non_null (ctd_final_view_get_ties (view));
  assert_true (g_str_has_suffix (ctd_final_view_get_ties (view), " are tied for 1st place"));
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (placings, i);
      g_autofree char *name = NULL;

      g_object_get (item, "name", &name, "player-id", &order[i], NULL);
      assert_item (placings, i, "place", "1st=");
      assert_item (placings, i, "score-text", "0");
      assert_item (placings, i, "note", "tied: a roll-off decides");
      assert_non_null (strstr (ctd_final_view_get_ties (view), name));
    }

  /* The roll-off as typed: the places follow, the rows stay. */
  watch_view (view, &watch);
  first = g_list_model_get_item (placings, 0);
  assert_true (ctd_document_tiebreak (document, 1, order, 4, NULL, &error));
  assert_null (ctd_final_view_get_ties (view));
  assert_int_equal (notifies (&watch, "ties"), 1);
  assert_int_equal (notifies (&watch, "complete"), 0);
  assert_int_equal (watch.placings_changed, 0);
  same = g_list_model_get_item (placings, 0);
  assert_ptr_equal (same, first);
  assert_item (placings, 0, "place", "1st");
  assert_item (placings, 0, "note", "won the roll-off");
  assert_item (placings, 3, "place", "4th");
  unwatch_view (view, &watch);
}

/* Undo and redo, down to before the draw, and a game typed by another
 * program (`chouette-td-cli`, another connection to the file). */
static void
test_undo_and_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = new_final (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) settlement = NULL;
  g_autoptr(GObject) same = NULL;
  CtdFinalView *view = final_view (document);
  GListModel *placings = ctd_final_view_get_placings (view);

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    ctd_test_document_record (document, 1, game);
  assert_int_equal (g_list_model_get_n_items (placings), 4);

  assert_true (ctd_document_undo (document, &error));
  assert_false (ctd_final_view_get_complete (view));
  assert_string_equal (ctd_final_view_get_status (view),
                       "The Final is not finished: 11 of 12 games entered");
  assert_int_equal (g_list_model_get_n_items (placings), 0);
  assert_true (ctd_document_redo (document, &error));
  assert_true (ctd_final_view_get_complete (view));
  assert_item (placings, 0, "score-text", "+40.5");

  /* Every game and the draw undone: no round, nothing to settle. */
  while (ctd_document_get_can_undo (document) &&
         g_list_model_get_n_items (ctd_document_get_rounds (document)) > 0)
    assert_true (ctd_document_undo (document, &error));
  assert_int_equal (ctd_final_view_get_round (view), 0);
  assert_string_equal (ctd_final_view_get_status (view),
                       "There is no final yet: no round has been drawn");
  assert_int_equal (ctd_final_view_get_settlement_round (view), 0);
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_settlements (view)), 0);

  /* The draw redone: the Final is back, its round the one to settle. */
  assert_true (ctd_document_redo (document, &error));
  assert_int_equal (ctd_final_view_get_round (view), 1);
  assert_int_equal (ctd_final_view_get_settlement_round (view), 1);
  settlement = g_list_model_get_item (ctd_final_view_get_settlements (view), 0);
  assert_non_null (settlement);

  /* Another program types three games; the document notices. */
  {
    g_autoptr(CtdStore) other = ctd_store_open (fixture->path, &error);

    assert_non_null (other);
    for (guint game = 1; game <= 3; game++)
      ctd_test_record (other, 1, 1, game, ctd_test_four_sheet[game - 1]);
  }
  ctd_document_check_for_changes (document);
  assert_string_equal (ctd_final_view_get_status (view),
                       "The Final is not finished: 3 of 12 games entered");
  same = g_list_model_get_item (ctd_final_view_get_settlements (view), 0);
  assert_ptr_equal (same, settlement);
  assert_item (ctd_final_view_get_settlements (view), 0, "payments",
               "Chouette 1.1 has 3 of 12 games entered: it settles at its end (rule 1.8)");
}

/* A whole event (qualifying round, semi-finals, Final): the round to
 * settle is chosen, follows a new draw and gives way when undone. */
static void
test_settlement_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  CtdFinalView *view;
  GListModel *settlements;
  guint final_round, n_first;
  Watch watch = { 0, };

  assert_true (ctd_test_build_event (fixture->path, 26, 7, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  view = final_view (document);
  settlements = ctd_final_view_get_settlements (view);
  final_round = ctd_final_view_get_round (view);
  assert_true (final_round > 1);
  assert_true (ctd_final_view_get_complete (view));
  /* The newest round first: the Final, one chouette. */
  assert_int_equal (ctd_final_view_get_settlement_round (view), final_round);
  assert_int_equal (g_list_model_get_n_items (settlements), 1);

  watch_view (view, &watch);
  assert_true (ctd_final_view_set_settlement_round (view, 1, &error));
  assert_int_equal (notifies (&watch, "settlement-round"), 1);
  assert_int_equal (watch.settlements_changed, 1);
  /* 26 players: chouettes of 4 to 6, at least 5 of them. */
  n_first = g_list_model_get_n_items (settlements);
  assert_true (n_first >= 5);
  for (guint i = 0; i < n_first; i++)
    {
      g_autofree char *label = g_strdup_printf ("1.%u", i + 1);

      assert_item (settlements, i, "label", label);
    }
  /* The same round again: nothing. */
  reset (&watch);
  assert_true (ctd_final_view_set_settlement_round (view, 1, &error));
  assert_quiet (&watch);
  /* A round never drawn has nothing to settle. */
  g_object_set (view, "settlement-round", 99, NULL);
  assert_int_equal (ctd_final_view_get_settlement_round (view), 99);
  assert_int_equal (g_list_model_get_n_items (settlements), 0);

  /* The Final chosen, then its draw undone: the round before it. */
  assert_true (ctd_final_view_set_settlement_round (view, final_round, &error));
  while (g_list_model_get_n_items (ctd_document_get_rounds (document)) == final_round)
    assert_true (ctd_document_undo (document, &error));
  assert_int_equal (ctd_final_view_get_round (view), 0);
  assert_null (ctd_final_view_get_ties (view));
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_placings (view)), 0);
  assert_int_equal (ctd_final_view_get_settlement_round (view), final_round - 1);
  assert_true (g_list_model_get_n_items (settlements) > 1);

  /* The round before chosen, the Final drawn again: the new round. */
  assert_true (ctd_final_view_set_settlement_round (view, 1, &error));
  assert_true (ctd_document_redo (document, &error));
  assert_int_equal (ctd_final_view_get_round (view), final_round);
  assert_int_equal (ctd_final_view_get_settlement_round (view), final_round);
  assert_int_equal (g_list_model_get_n_items (settlements), 1);
  unwatch_view (view, &watch);
}

/* A page may hold the view a moment longer than the document: the file
 * closed, the view shows what it showed and reads nothing. */
static void
test_outlives_document (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = new_final (fixture);
  g_autoptr(CtdFinalView) view = g_object_ref (final_view (document));
  g_autoptr(GError) error = NULL;

  g_clear_object (&document);
  assert_int_equal (ctd_final_view_get_round (view), 1);
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_settlements (view)), 1);
  assert_true (ctd_final_view_set_settlement_round (view, 0, &error));
  assert_true (ctd_final_view_set_settlement_round (view, 1, &error));
  assert_int_equal (g_list_model_get_n_items (ctd_final_view_get_settlements (view)), 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_before_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_played, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_unrelated_change, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_ties, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_and_other_writer, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_settlement_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_outlives_document, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
