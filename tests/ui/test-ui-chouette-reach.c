/* test-ui-chouette-reach.c: the chouette scoring page reached as a
 * director reaches it (the Rounds page, "Go to chouette",
 * win.show-chouette), a locked round, and its sheet exported and printed.
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

#include <glib/gstdio.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-guided-form.h"
#include "ctd-export-dialog.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-print.h"
#include "ctd-rounds-page.h"
#include "ctd-sample.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* A window on a 16-player event whose qualifying round is played. */
static CtdMainWindow *
open_event (CtdApplication *app,
            const char     *dir)
{
  return ctd_test_open_built_event (app, dir, "Played.chouette", 16, 11, FALSE);
}

static const char *
visible_page (CtdMainWindow *window)
{
  GtkStack *pages = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (ctd_test_find_page (window))));

  return gtk_stack_get_visible_child_name (pages);
}

static void
test_navigation (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_find_page (window);
  GtkWidget *rounds = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_ROUNDS_PAGE);
  GtkWidget *view = ctd_test_find_widget (rounds, GTK_TYPE_COLUMN_VIEW);
  GtkEntry *go_to = NULL;
  g_auto(GStrv) accels = NULL;

  /* The window's own action (exported on the session bus), not a
   * widget's. */
  assert_non_null (g_action_map_lookup_action (G_ACTION_MAP (window), "show-chouette"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.go-to-chouette");
  assert_string_equal (accels[0], "<Control>g");

  /* Activating a chouette on the Rounds page opens it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));
  g_signal_emit_by_name (view, "activate", 2);
  assert_string_equal (visible_page (window), "chouette");
  assert_int_equal (ctd_chouette_page_get_round (page), 1);
  assert_int_equal (ctd_chouette_page_get_number (page), 3);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Chouette 1.3"));

  /* Ctrl+G's action puts the keyboard in "Go to chouette"; 1.2 and Enter. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "go-to-chouette", NULL);
  for (GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window)); focus != NULL;
       focus = gtk_widget_get_parent (focus))
    if (GTK_IS_ENTRY (focus))
      {
        go_to = GTK_ENTRY (focus);
        break;
      }
  assert_non_null (go_to);
  gtk_editable_set_text (GTK_EDITABLE (go_to), "1.2");
  g_signal_emit_by_name (go_to, "activate");
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (go_to)), "");
  /* The keyboard went on to the chouette's notation field. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
    GtkWidget *field = GTK_WIDGET (ctd_test_notation_entry (page));

    assert_true (focus == field || gtk_widget_is_ancestor (focus, field));
  }

  /* A chouette that does not exist: core's words in the banner, and the
   * page keeps what it shows. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.9"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (window), "1.9"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("one"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);

  /* Ctrl+Page Down and Up go through the round's pile of sheets; at
   * either end the page says so and stays. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-chouette", NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 3);
  /* The heading follows the chouette shown. */
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Chouette 1.3 · table "));
  assert_null (ctd_test_find_label (GTK_WIDGET (page), "Chouette 1.2 · table "));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 1);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 1);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        "Chouette 1.1 is the first of round 1."));
  {
    guint n = g_list_model_get_n_items (ctd_document_get_chouettes (
      ctd_main_window_get_document (window), 1));
    g_autofree char *last = g_strdup_printf ("1.%u", n);
    g_autofree char *said = g_strdup_printf ("Chouette 1.%u is the last of round 1.", n);

    g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                    g_variant_new_string (last));
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-chouette", NULL));
    assert_int_equal (ctd_chouette_page_get_number (page), n);
    assert_non_null (ctd_test_find_label (GTK_WIDGET (page), said));
  }

  /* The page's keys are in the shortcuts window. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (ctd_test_find_toplevel (
                                          GTK_TYPE_SHORTCUTS_WINDOW)), "Scoring a chouette"));
  gtk_window_destroy (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A released round and a read-only file: nothing can be entered, and
 * the page says why in the view's words; undoing the release opens it. */
static void
test_locked (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdDocument *document = ctd_test_window_document (window);
  g_autofree char *path = g_strdup (ctd_document_get_path (document));
  g_autoptr(CtdDocument) read_only = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouettePage *page;
  CtdChouetteView *view;
  GtkWidget *focus;

  assert_true (ctd_document_release_round (document, 1, &error));
  page = ctd_test_show_chouette (window, 1, 1);
  view = ctd_chouette_page_get_view (page);
  assert_false (ctd_chouette_view_get_editable (view));
  assert_non_null (strstr (ctd_chouette_view_get_locked_reason (view), "released"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        ctd_chouette_view_get_locked_reason (view)));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_page_entry (page, 1))));
  /* The keyboard goes to the grid, to read it. */
  focus = gtk_root_get_focus (GTK_ROOT (window));
  assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (ctd_test_page_grid (page))) ||
               focus == GTK_WIDGET (ctd_test_page_grid (page)));
  gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), CTD_N_GAMES);

  /* Undo the release: the page opens again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_true (ctd_chouette_view_get_editable (view));
  assert_true (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));

  /* The same file, read-only. */
  read_only = ctd_document_open_read_only (path, &error);
  assert_non_null (read_only);
  ctd_main_window_set_document (window, read_only);
  page = ctd_test_show_chouette (window, 1, 2);
  view = ctd_chouette_page_get_view (page);
  assert_false (ctd_chouette_view_get_editable (view));
  /* The document's reason, as the window's banner gives it. */
  assert_string_equal (ctd_chouette_view_get_locked_reason (view),
                       ctd_document_get_read_only_reason (read_only));
  assert_non_null (strstr (ctd_chouette_view_get_locked_reason (view), "reading only"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        ctd_document_get_read_only_reason (read_only)));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Export Sheet… opens the export dialog on this chouette. */
static void
test_export_sheet (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 3);
  GtkWindow *dialog;
  GtkDropDown *chouettes;
  GtkToggleButton *one;
  GtkWidget *check;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.export-sheet", NULL));
  dialog = ctd_test_find_toplevel (CTD_TYPE_EXPORT_DIALOG);
  assert_non_null (dialog);
  /* "One chouette's scoring sheet", chosen, beside the round's chouettes
   * with 1.3 selected. */
  check = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (dialog), "houette's scoring sheet"));
  assert_non_null (check);
  one = GTK_TOGGLE_BUTTON (gtk_widget_get_ancestor (check, GTK_TYPE_TOGGLE_BUTTON));
  assert_true (gtk_toggle_button_get_active (one));
  chouettes = GTK_DROP_DOWN (gtk_widget_get_next_sibling (GTK_WIDGET (one)));
  assert_true (GTK_IS_DROP_DOWN (chouettes));
  assert_string_equal (ctd_chouette_item_get_label (gtk_drop_down_get_selected_item (chouettes)),
                       "1.3");
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Reads @pdf back with pdfinfo: its first page's size in points;
 * returns how many pages it has. */
static int
pdf_page_size (const char *pdf,
               double     *out_width,
               double     *out_height)
{
  const char *info_argv[] = { "pdfinfo", pdf, NULL };
  g_autofree char *info = NULL;
  g_autoptr(GError) error = NULL;
  const char *line;
  int status, n_pages = 0;

  if (!g_spawn_sync (NULL, (char **) info_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &info,
                     NULL, &status, &error))
    fail_msg ("pdfinfo: %s", error->message);
  line = strstr (info, "Page size:");
  assert_non_null (line);
  assert_int_equal (sscanf (line, "Page size: %lf x %lf", out_width, out_height), 2);
  line = strstr (info, "Pages:");
  assert_non_null (line);
  assert_int_equal (sscanf (line, "Pages: %d", &n_pages), 1);
  return n_pages;
}

static void
print_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out_result = user_data;

  *out_result = g_object_ref (result);
}

/* Prints the page's sheet to @pdf, waiting (the sheet is built in a
 * worker thread) for 30 s at most. */
static gboolean
print_page (CtdChouettePage  *page,
            const char       *pdf,
            GError          **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  ctd_chouette_page_print_async (page, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, NULL,
                                 print_ready_cb, &result);
  while (result == NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_non_null (result);
  return ctd_chouette_page_print_finish (page, result, error);
}

/* Printing draws the sheet the PDF export draws: in export mode,
 * GtkPrintOperation writes one landscape page holding the players, on
 * the paper last chosen for the event (A4, the C locale's, until then). */
static void
test_print_sheet (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 3);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  const char *event_path = ctd_document_get_path (ctd_main_window_get_document (window));
  g_autofree char *setup_path = ctd_print_setup_path (event_path);
  g_autofree char *pdf = g_build_filename (fixture->dir, "printed.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  const char *text_argv[] = { "pdftotext", "-layout", pdf, "-", NULL };
  g_autoptr(GtkPageSetup) letter = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) letter_size = gtk_paper_size_new (GTK_PAPER_NAME_LETTER);
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  double width = 0, height = 0;
  int status;

  g_unlink (setup_path);
  assert_true (print_page (page, pdf, &error));
  assert_true (g_spawn_sync (NULL, (char **) text_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                             &text, NULL, &status, &error));
  assert_true (g_spawn_check_wait_status (status, NULL));
  for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
    assert_non_null (strstr (text, ctd_chouette_view_get_name (view, p)));
  /* One page: no form feed between pages. */
  assert_null (strchr (g_strchomp (text), '\f'));
  assert_int_equal (pdf_page_size (pdf, &width, &height), 1);
  assert_float_equal (width, 842, 1);
  assert_float_equal (height, 595, 1);

  /* As the print dialog leaves it (ctd_print_run() saves it). */
  gtk_page_setup_set_paper_size (letter, letter_size);
  assert_true (ctd_print_setup_save (event_path, settings, letter, &error));
  assert_true (print_page (page, pdf, &error));
  assert_int_equal (pdf_page_size (pdf, &width, &height), 1);
  assert_float_equal (width, 792, 1);
  assert_float_equal (height, 612, 1);
  g_unlink (setup_path);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_print_sheet, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_navigation, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_locked, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_export_sheet, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The guided form's controls are found by their accessible names,
   * which GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette-reach: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
