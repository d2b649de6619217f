/* test-ui-rounds.c: the window's rounds page: plan, draw, redraw.
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
#include "ctd-display.h"
#include "ctd-document-store.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-rounds-page.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* The players shown for chouette @index, as the page's model has them. */
static char *
shown_players (GListModel *chouettes,
               guint       index)
{
  g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, index);
  char *players = NULL;

  g_object_get (item, "players", &players, NULL);
  return players;
}

/* Enter, as the director presses it in @editable. */
static void
press_enter (GtkEditable *editable)
{
  g_signal_emit_by_name (gtk_editable_get_delegate (editable), "activate");
}

static void
test_rounds_page (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Riga Open.chouette", NULL);
  g_autoptr(GPtrArray) drawn = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  const CtdStoreChouette *first;
  CtdMainWindow *window;
  CtdDocument *document;
  GtkWidget *page;
  GtkColumnView *view;
  GListModel *chouettes;
  GtkEditable *seed;
  GtkLabel *plan;
  GtkLabel *round_seed;

  window = ctd_test_open_new_event (app, path);
  document = ctd_main_window_get_document (window);
  for (guint i = 0; i < 22; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02u", i + 1);

      assert_true (ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error));
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_ROUNDS_PAGE);
  assert_true (gtk_widget_get_mapped (page));

  /* Core's plan for the 22 players checked in, selectable to copy, and
   * nothing selected as the page opens (GTK would select a label's whole
   * text as it takes the focus). */
  plan = ctd_test_find_label (page, "22 players checked in");
  assert_non_null (plan);
  assert_non_null (ctd_test_find_label (page, "chouettes of 4"));
  assert_true (gtk_label_get_selectable (plan));
  assert_false (gtk_label_get_selection_bounds (plan, NULL, NULL));

  /* The field is the next draw's, by its name. */
  seed = GTK_EDITABLE (ctd_test_find_named_of_type (page, "Seed for the next draw",
                                                    GTK_TYPE_ENTRY));
  assert_non_null (seed);
  assert_non_null (ctd_test_find_label (page, "Seed for the next draw"));
  assert_non_null (ctd_test_find_label (page, "random seed unless you type one"));

  /* A bad seed is refused at the field. */
  gtk_editable_set_text (seed, "20x6");
  assert_true (gtk_widget_activate_action (page, "rounds.draw", NULL));
  assert_non_null (ctd_test_find_label (page, "not a whole number"));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 0);

  /* Enter in the field draws with the typed seed: what the page shows
   * is what core stored. */
  gtk_editable_set_text (seed, "2026");
  press_enter (seed);
  assert_non_null (ctd_test_find_label (page, "Drew round 1 with seed 2026"));
  /* The round shows the seed it was drawn with, to copy; the field
   * holds another one, the next draw's. */
  round_seed = ctd_test_find_label (page, "Drawn with seed 2026.");
  assert_non_null (round_seed);
  assert_true (gtk_label_get_selectable (round_seed));
  assert_false (gtk_label_get_selection_bounds (round_seed, NULL, NULL));
  assert_string_not_equal (gtk_editable_get_text (seed), "2026");
  assert_false (gtk_label_get_selection_bounds (plan, NULL, NULL));
  view = GTK_COLUMN_VIEW (ctd_test_find_widget (page, GTK_TYPE_COLUMN_VIEW));
  chouettes = G_LIST_MODEL (gtk_column_view_get_model (view));
  assert_int_equal (g_list_model_get_n_items (chouettes), 6);  /* 4 fours and 2 threes */
  drawn = ctd_store_list_chouettes (ctd_document_get_store (document), 1, &error);
  first = g_ptr_array_index (drawn, 0);
  for (guint k = 0; k < first->size; k++)
    g_string_append_printf (expected, "%s%u %s", k > 0 ? " · " : "", k + 1, first->names[k]);
  before = shown_players (chouettes, 0);
  assert_string_equal (before, expected->str);
  assert_non_null (ctd_test_find_label (page, "No result entered yet"));
  /* What is public, in the words the Standings page uses. */
  assert_non_null (ctd_test_find_label (page, "Its scores are secret until every chouette is "
                                        "complete (rule 1.7): the posting and the public display "
                                        "show only the tables' progress."));
  ctd_test_screenshot (GTK_WINDOW (window), "rounds.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  ctd_test_screenshot (GTK_WINDOW (window), "players.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));

  /* A redraw asks first, then seats the tables again: by its button, and
   * by Enter in the field while the round can be redrawn, after the same
   * question. */
  gtk_editable_set_text (seed, "7");
  assert_true (gtk_widget_activate_action (page, "rounds.redraw", NULL));
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG)),
                       GTK_RESPONSE_ACCEPT);
  assert_non_null (ctd_test_find_label (page, "Redrew round 1 with seed 7"));
  assert_non_null (ctd_test_find_label (page, "Drawn with seed 7."));
  after = shown_players (chouettes, 0);
  assert_string_not_equal (before, after);
  gtk_editable_set_text (seed, "2026");
  press_enter (seed);
  assert_non_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_null (ctd_test_find_label (page, "Redrew round 1 with seed 2026"));
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG)),
                       GTK_RESPONSE_ACCEPT);
  assert_non_null (ctd_test_find_label (page, "Redrew round 1 with seed 2026"));
  g_free (after);
  after = shown_players (chouettes, 0);
  assert_string_equal (before, after);

  /* Once a result is in, the round is in play and can no longer be redrawn. */
  assert_true (ctd_document_record_game (document, 1, 1, 1, "T", FALSE, &error));
  assert_non_null (ctd_test_find_label (page, "In play"));
  gtk_editable_set_text (seed, "8");
  /* (activating a disabled action still "finds" it: what counts is that
   * no confirmation appears) */
  gtk_widget_activate_action (page, "rounds.redraw", NULL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  /* Enter now asks for the next round, which core refuses here. */
  press_enter (seed);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 1);
  assert_non_null (ctd_test_find_label (page, "Drawn with seed 2026."));
  {
    g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, 0);
    guint n_recorded;

    g_object_get (item, "n-recorded", &n_recorded, NULL);
    assert_int_equal (n_recorded, 1);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Four players are their own final: nothing is drawn after it. */
static void
test_nothing_after_final (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window;
  CtdDocument *document;
  GtkWidget *page;
  GtkWidget *draw;

  window = ctd_test_open_new_event (app, fixture->path);
  document = ctd_main_window_get_document (window);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error));
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_ROUNDS_PAGE);
  /* The button's label: insensitive with it. */
  draw = GTK_WIDGET (ctd_test_find_label (page, "Draw Next Round"));
  assert_non_null (draw);
  assert_true (gtk_widget_is_sensitive (draw));
  assert_true (gtk_widget_activate_action (page, "rounds.draw", NULL));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 1);
  assert_false (gtk_widget_is_sensitive (draw));
  /* Undone, the draw is offered again. */
  assert_true (ctd_document_undo (document, &error));
  assert_true (gtk_widget_is_sensitive (draw));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_rounds_page, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_nothing_after_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The seed field is found by its accessible name, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-rounds: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
