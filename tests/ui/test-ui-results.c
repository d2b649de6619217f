/* test-ui-results.c: the "Final and Money" page, on a whole played event
 * and on a final typed game by game: the placings and the settlements
 * are core's, ties and unfinished finals are said so, names are text.
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

#include <stdio.h>
#include <string.h>

#include "ctd-application.h"
#include "ctd-document-store.h"
#include "ctd-tournament.h"
#include "ctd-main-window.h"
#include "ctd-outcome-items.h"
#include "ctd-results-page.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* test-tournament.c's hand-worked sheet: totals by player number -59, -13.5,
 * +40.5, +32. */
static const char * const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

static CtdResultsPage *
results_page (CtdMainWindow *window)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("results"));
  return CTD_RESULTS_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_RESULTS_PAGE));
}

/* The page's table named @name (its accessible name), as a list. */
static GListModel *
table_model (CtdResultsPage *page,
             const char     *name)
{
  GtkWidget *view = ctd_test_find_named (GTK_WIDGET (page), name);

  assert_non_null (view);
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
}

static GListModel *
placings_model (CtdResultsPage *page)
{
  return table_model (page, "Placings, 1st to 4th");
}

static GListModel *
settlements_model (CtdResultsPage *page)
{
  return table_model (page, "Settlements of the round's chouettes");
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

/* Whether a label of the page, shown, holds @text exactly as text. */
static gboolean
shows_text (CtdResultsPage *page,
            const char     *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (page), text);

  return label != NULL && gtk_widget_is_visible (GTK_WIDGET (label)) &&
         !gtk_label_get_use_markup (label);
}

/* Whether no label of the page that holds @text is shown. */
static gboolean
hides_text (CtdResultsPage *page,
            const char     *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (page), text);

  return label == NULL || !gtk_widget_is_visible (GTK_WIDGET (label));
}

static CtdMainWindow *
open_window (CtdApplication *app,
             CtdDocument    *document)
{
  CtdMainWindow *window;

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  ctd_main_window_set_document (window, document);
  return window;
}

/* The payments of ROUND.CHOUETTE as `settle` prints them, from core. */
static GPtrArray *
expected_payments (CtdStore *store,
                   guint     round,
                   guint     chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = ctd_tournament_get_chouette (store, round, chouette, &error);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  CtdSettlement settlement;

  assert_non_null (seats);
  assert_true (ctd_tournament_settle (store, round, chouette, &settlement, &error));
  for (guint i = 0; i < settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &settlement.transfers[i];
      g_autofree char *amount = ctd_money_to_string (t->amount);

      g_ptr_array_add (lines, g_strdup_printf ("%s pays %s %s", seats->names[t->from - 1],
                                               seats->names[t->to - 1], amount));
    }
  return lines;
}

static void
assert_payments (const char *shown,
                 GPtrArray  *lines)
{
  g_auto(GStrv) shown_lines = g_strsplit (shown, "\n", -1);

  if (lines->len == 0)
    {
      assert_string_equal (shown, "Nobody owes anything.");
      return;
    }
  assert_int_equal (g_strv_length (shown_lines), lines->len);
  for (guint i = 0; i < lines->len; i++)
    assert_string_equal (shown_lines[i], g_ptr_array_index (lines, i));
}

/* A whole event played by core's sample (26 players, three rounds, the
 * first names hostile to markup and spreadsheets): what the page shows is
 * what `results` and `settle` print. */
static void
test_played_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GArray) rounds = NULL;
  CtdMainWindow *window;
  CtdResultsPage *page;
  GtkDropDown *dropdown;
  CtdStore *store;
  guint final_round;

  assert_true (ctd_test_build_event (fixture->path, 26, 7, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  window = open_window (app, document);
  /* Hidden, the page has read nothing: the event opens without the
   * Final's placings and the settlements, and no game recorded brings
   * them up to date for a page nobody sees. */
  page = CTD_RESULTS_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_RESULTS_PAGE));
  assert_false (gtk_widget_get_mapped (GTK_WIDGET (page)));
  assert_int_equal (g_list_model_get_n_items (placings_model (page)), 0);
  assert_int_equal (g_list_model_get_n_items (settlements_model (page)), 0);
  page = results_page (window);
  store = ctd_document_get_store (document);

  /* The placings, row by row, are ctd_tournament_final_placings()'s. */
  placings = ctd_tournament_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (g_list_model_get_n_items (placings_model (page)),
                    ctd_standings_get_n_rows (placings));
  for (guint i = 0; i < ctd_standings_get_n_rows (placings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (placings, i);
      g_autofree char *name = item_string (placings_model (page), i, "name");
      g_autofree char *score = item_string (placings_model (page), i, "score-text");
      g_autofree char *place = item_string (placings_model (page), i, "place");
      g_autofree char *expected_score = ctd_halves_to_string (row->score, TRUE);
      g_autofree char *expected_place = g_strdup_printf ("%u%s", row->rank,
                                                         row->rank == 1 ? "st" : row->rank == 2
                                                         ? "nd" : row->rank == 3 ? "rd" : "th");

      assert_string_equal (name, row->name);
      assert_string_equal (score, expected_score);
      assert_false (row->tied);
      assert_string_equal (place, expected_place);
      assert_true (shows_text (page, row->name));
    }
  assert_true (hides_text (page, "not finished"));

  /* Every chouette of every round settles as ctd_tournament_settle() says. */
  dropdown = GTK_DROP_DOWN (ctd_test_find_named (GTK_WIDGET (page), "Round to settle"));
  assert_non_null (dropdown);
  assert_int_equal (gtk_drop_down_get_selected (dropdown), final_round - 1);
  rounds = ctd_store_list_rounds (store, &error);
  for (guint r = 0; r < rounds->len; r++)
    {
      const CtdStoreRound *round = &g_array_index (rounds, CtdStoreRound, r);
      GListModel *model;

      gtk_drop_down_set_selected (dropdown, r);
      model = settlements_model (page);
      assert_int_equal (g_list_model_get_n_items (model), round->n_chouettes);
      for (guint c = 0; c < round->n_chouettes; c++)
        {
          g_autoptr(GPtrArray) lines = expected_payments (store, round->number, c + 1);
          g_autofree char *payments = item_string (model, c, "payments");
          g_autofree char *label = item_string (model, c, "label");
          g_autofree char *expected_label = g_strdup_printf ("%u.%u", round->number, c + 1);

          assert_string_equal (label, expected_label);
          assert_payments (payments, lines);
        }
    }

  /* The final undone back to before its draw, then drawn again: the
   * newly drawn round is the one shown, whichever was looked at. */
  gtk_drop_down_set_selected (dropdown, 0);
  while (g_list_model_get_n_items (ctd_document_get_rounds (document)) == rounds->len)
    assert_true (ctd_document_undo (document, &error));
  assert_int_equal (gtk_drop_down_get_selected (dropdown), 0);
  assert_true (ctd_document_redo (document, &error));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), rounds->len);
  assert_int_equal (gtk_drop_down_get_selected (dropdown), rounds->len - 1);

  /* The qualifying round shows names as they were typed: markup and a
   * formula are text. */
  gtk_drop_down_set_selected (dropdown, 0);
  ctd_test_screenshot (GTK_WINDOW (window), NULL);
  {
    GtkLabel *bold = ctd_test_find_label (GTK_WIDGET (page), "<b>Bold</b> & Co: ");
    GtkLabel *formula = ctd_test_find_label (GTK_WIDGET (page), "=HYPERLINK(\"http://x\",\"y\")");

    assert_non_null (bold);
    assert_false (gtk_label_get_use_markup (bold));
    assert_non_null (formula);
    assert_false (gtk_label_get_use_markup (formula));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A 4-player event is its own final. */
static CtdMainWindow *
open_final (CtdApplication     *app,
            const Fixture      *fixture,
            const char * const *names,
            CtdCents            stake,
            CtdCents            fee)
{
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window = open_window (app, NULL);
  CtdDocument *document;

  assert_true (ctd_main_window_create_event (window, fixture->path, &error));
  document = ctd_main_window_get_document (window);
  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  settings.stake_cents = stake;
  settings.entry_fee_cents = fee;
  assert_true (ctd_document_set_settings (document, &settings, &error));
  for (guint i = 0; i < 4; i++)
    assert_true (ctd_document_add_player (document, names[i], NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_document_draw_round (document, 2026, NULL, &error));
  return window;
}

/* Checked by hand: at 5.00 a point, -59, -13.5, +40.5 and +32 points
 * are -295.00, -67.50, 202.50 and 160.00. The final's games come
 * first from the window, then from another program. */
static void
test_final_by_hand (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "<b>x</b>", "=HYPERLINK(\"x\")" };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *first = NULL;
  g_autofree char *amounts = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *payments = NULL;
  CtdMainWindow *window = open_final (app, fixture, names, 500, 10000);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdResultsPage *page = results_page (window);

  for (guint game = 1; game <= 7; game++)
    assert_true (ctd_document_record_game (document, 1, 1, game, four_sheet[game - 1], FALSE,
                                           &error));
  assert_true (shows_text (page, "The Final is not finished: 7 of 12 games entered"));
  assert_int_equal (g_list_model_get_n_items (placings_model (page)), 0);
  assert_false (gtk_widget_is_visible (ctd_test_find_named (GTK_WIDGET (page),
                                                             "Placings, 1st to 4th")));
  payments = item_string (settlements_model (page), 0, "payments");
  assert_string_equal (payments, "Chouette 1.1 has 7 of 12 games entered: it settles at its end "
                                 "(rule 1.8)");
  ctd_test_screenshot (GTK_WINDOW (window), NULL);

  /* The rest typed by `chouette-td-cli` (another connection to the
   * file), noticed by the document. */
  {
    g_autoptr(CtdStore) other = ctd_store_open (fixture->path, &error);

    assert_non_null (other);
    for (guint game = 8; game <= CTD_N_GAMES; game++)
      assert_true (ctd_store_record_game (other, 1, 1, game, four_sheet[game - 1], FALSE,
                                          &error));
  }
  ctd_document_check_for_changes (document);

  seats = ctd_tournament_get_chouette (ctd_document_get_store (document), 1, 1, &error);
  assert_int_equal (g_list_model_get_n_items (placings_model (page)), 4);
  first = item_string (placings_model (page), 0, "name");
  assert_string_equal (first, seats->names[2]);
  g_clear_pointer (&first, g_free);
  first = item_string (placings_model (page), 0, "score-text");
  assert_string_equal (first, "+40.5");
  assert_true (hides_text (page, "not finished"));

  amounts = item_string (settlements_model (page), 0, "amounts");
  expected = g_strdup_printf ("%s: -59 points, -295.00\n%s: -13.5 points, -67.50\n"
                              "%s: +40.5 points, 202.50\n%s: +32 points, 160.00",
                              seats->names[0], seats->names[1], seats->names[2], seats->names[3]);
  assert_string_equal (amounts, expected);
  g_clear_pointer (&payments, g_free);
  payments = item_string (settlements_model (page), 0, "payments");
  lines = expected_payments (ctd_document_get_store (document), 1, 1);
  assert_int_equal (lines->len, 3);
  assert_payments (payments, lines);
  /* By hand: the biggest loser pays the biggest winner first. */
  {
    g_autofree char *line = g_strdup_printf ("%s pays %s 202.50", seats->names[0],
                                             seats->names[2]);

    assert_string_equal (g_ptr_array_index (lines, 0), line);
  }

  /* Names are text wherever they show. */
  assert_true (shows_text (page, "<b>x</b>"));
  assert_true (shows_text (page, "=HYPERLINK(\"x\")"));
  /* Entry fee 100.00 at 5.00 a point is 20:1: no warning. */
  assert_true (hides_text (page, "rule 1.8 recommends"));
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (window));

    assert_null (clashes);
  }
  ctd_test_screenshot (GTK_WINDOW (window), "results.png");

  /* Back to the welcome view: nothing of the event stays on the page;
   * the event again: all of it is back. */
  {
    g_autoptr(CtdDocument) kept = g_object_ref (document);

    ctd_main_window_set_document (window, NULL);
    assert_int_equal (g_list_model_get_n_items (placings_model (page)), 0);
    assert_int_equal (g_list_model_get_n_items (settlements_model (page)), 0);
    assert_true (hides_text (page, "At 5.00 a point"));
    ctd_main_window_set_document (window, kept);
    assert_int_equal (g_list_model_get_n_items (placings_model (page)), 4);
    assert_int_equal (g_list_model_get_n_items (settlements_model (page)), 1);
    assert_true (shows_text (page, "At 5.00 a point: each chouette settles at its end "
                                   "(rule 1.8)."));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every game won by the crew as a single: all four end on 0 and share
 * 1st place until a roll-off. */
static void
test_tie (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window = open_final (app, fixture, names, 100, 2000);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdResultsPage *page = results_page (window);
  GtkLabel *tie;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    assert_true (ctd_document_record_game (document, 1, 1, game, "T", FALSE, &error));
  tie = ctd_test_find_label (GTK_WIDGET (page), "are tied for 1st place");
  assert_non_null (tie);
  assert_true (gtk_widget_is_visible (GTK_WIDGET (tie)));
  assert_non_null (strstr (gtk_label_get_text (tie), "Resolve it on the Standings page"));
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *place = item_string (placings_model (page), i, "place");
      g_autofree char *name = item_string (placings_model (page), i, "name");

      assert_string_equal (place, "1st=");
      assert_non_null (strstr (gtk_label_get_text (tie), name));
    }

  /* A roll-off (the Standings page's business) ends the flag. */
  {
    g_autoptr(CtdStandings) placings = ctd_tournament_final_placings (ctd_document_get_store (document),
                                                                 NULL, &error);
    gint64 order[4];

    for (guint i = 0; i < 4; i++)
      order[i] = ctd_standings_get_row (placings, i)->player_id;
    assert_true (ctd_document_tiebreak (document, 1, order, 4, NULL, &error));
  }
  assert_false (gtk_widget_is_visible (GTK_WIDGET (tie)));
  {
    g_autofree char *place = item_string (placings_model (page), 0, "place");

    assert_string_equal (place, "1st");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Rule 1.8's 20:1 to 25:1, following the settings. */
static void
test_fee_warning (void **state)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee" };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  /* By hand: 100.00 is 100 times 1.00; 20 to 25 times is 20.00 to
   * 25.00, and 100.00 is 20 to 25 times 4.00 to 5.00. */
  static const char *const warning = "The entry fee (100.00) is 100 times the stake (1.00); "
                                     "rule 1.8 recommends 20 to 25 times: an entry fee of "
                                     "20.00 to 25.00, or a stake of 4.00 to 5.00.";
  CtdMainWindow *window = open_final (app, fixture, names, 100, 10000);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdResultsPage *page = results_page (window);
  GtkLabel *shown;

  shown = ctd_test_find_label (GTK_WIDGET (page), warning);
  assert_non_null (shown);
  assert_string_equal (gtk_label_get_text (shown), warning);
  assert_true (gtk_widget_is_visible (GTK_WIDGET (shown)));
  assert_true (shows_text (page, "At 1.00 a point: each chouette settles at its end (rule 1.8)."));

  /* 25 times the stake: within the rule, no warning. */
  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  settings.entry_fee_cents = 2500;
  assert_true (ctd_document_set_settings (document, &settings, &error));
  assert_false (gtk_widget_is_visible (GTK_WIDGET (shown)));
  /* No final before the draw's round is the final: core's words. */
  assert_true (ctd_document_undo (document, &error));
  assert_true (ctd_document_undo (document, &error));
  assert_true (shows_text (page, "There is no final yet"));
  assert_int_equal (g_list_model_get_n_items (settlements_model (page)), 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_played_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_by_hand, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_tie, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fee_warning, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Tables are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-results: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
