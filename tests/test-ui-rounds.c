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
#include "ctd-items.h"
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

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  assert_true (ctd_main_window_create_event (window, path, &error));
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

  /* Core's plan for the 22 players checked in. */
  assert_non_null (ctd_test_find_label (page, "22 players checked in"));
  assert_non_null (ctd_test_find_label (page, "chouettes of 4"));

  /* A bad seed is refused at the field. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (page, GTK_TYPE_ENTRY)), "20x6");
  assert_true (gtk_widget_activate_action (page, "rounds.draw", NULL));
  assert_non_null (ctd_test_find_label (page, "not a whole number"));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 0);

  /* Drawn with the typed seed: what the page shows is what core stored. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (page, GTK_TYPE_ENTRY)), "2026");
  assert_true (gtk_widget_activate_action (page, "rounds.draw", NULL));
  assert_non_null (ctd_test_find_label (page, "Drew round 1 with seed 2026"));
  view = GTK_COLUMN_VIEW (ctd_test_find_widget (page, GTK_TYPE_COLUMN_VIEW));
  chouettes = G_LIST_MODEL (gtk_column_view_get_model (view));
  assert_int_equal (g_list_model_get_n_items (chouettes), 6);  /* 4 fours and 2 threes */
  drawn = ctd_store_list_chouettes (ctd_document_get_store (document), 1, &error);
  first = g_ptr_array_index (drawn, 0);
  for (guint k = 0; k < first->size; k++)
    g_string_append_printf (expected, "%s%u %s", k > 0 ? " · " : "", k + 1, first->names[k]);
  before = shown_players (chouettes, 0);
  assert_string_equal (before, expected->str);
  assert_non_null (ctd_test_find_label (page, "Drawn with seed 2026. No result entered yet"));
  assert_non_null (ctd_test_find_label (page, "secret"));
  ctd_test_screenshot (GTK_WINDOW (window), "rounds.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  ctd_test_screenshot (GTK_WINDOW (window), "players.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));

  /* A redraw asks first, then seats the tables again. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (page, GTK_TYPE_ENTRY)), "7");
  assert_true (gtk_widget_activate_action (page, "rounds.redraw", NULL));
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG)),
                       GTK_RESPONSE_ACCEPT);
  assert_non_null (ctd_test_find_label (page, "Redrew round 1 with seed 7"));
  after = shown_players (chouettes, 0);
  assert_string_not_equal (before, after);

  /* Once a result is in, the round is in play and can no longer be redrawn. */
  assert_true (ctd_document_record_game (document, 1, 1, 1, "T", FALSE, &error));
  assert_non_null (ctd_test_find_label (page, "In play"));
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (page, GTK_TYPE_ENTRY)), "8");
  /* (activating a disabled action still "finds" it: what counts is that
   * no confirmation appears) */
  gtk_widget_activate_action (page, "rounds.redraw", NULL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
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

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  assert_true (ctd_main_window_create_event (window, fixture->path, &error));
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

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-rounds: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
