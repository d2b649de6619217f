/* test-ui-print-async.c: printing prepares its sheets in a worker
 * thread: the window answers meanwhile, Cancel and closing give up, and
 * a refusal reaches the director in words.
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
#include <stdio.h>
#include <string.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-document-store.h"
#include "ctd-export-dialog.h"
#include "ctd-main-window.h"
#include "ctd-print.h"
#include "ctd-report.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* One per process: a second one with the same ID would not register. */
static CtdApplication *app;

typedef struct
{
  GAsyncResult *result;
} Waiter;

static void
ready_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Waiter *waiter = user_data;

  waiter->result = g_object_ref (result);
}

/* Spins until @waiter has its result, 30 s at most. */
static void
wait_for_result (Waiter *waiter)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (waiter->result == NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_non_null (waiter->result);
}

static guint
pdf_n_pages (const char *path)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *info = NULL;
  const char *line;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &info, NULL, &status, &error))
    fail_msg ("pdfinfo: %s", error->message);
  line = strstr (info, "Pages:");
  assert_non_null (line);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

/* The choice (a toggle button) whose label contains @text. */
static void
choose (CtdExportDialog *dialog,
        const char      *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (dialog), text);

  if (label == NULL)
    fail_msg ("no choice “%s”", text);
  gtk_toggle_button_set_active (
    GTK_TOGGLE_BUTTON (gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_TOGGLE_BUTTON)),
    TRUE);
}

static char *
sibling (const Fixture *fixture,
         const char    *name)
{
  g_autofree char *dir = g_path_get_dirname (fixture->path);

  return g_build_filename (dir, name, NULL);
}

/* The whole event printed: the call returns at once, the dialog busy
 * with its Cancel, and the main loop runs on until the report is
 * ready; the printed sheets are those of the report core builds. */
static void
test_window_answers (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdSheetDoc) expected = NULL;
  g_autoptr(CtdPrintJob) job = NULL;
  g_autofree char *pdf = sibling (fixture, "event.pdf");
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  const CtdReportOptions options = { NULL, TRUE, FALSE, 0 };
  Waiter waiter = { NULL };
  CtdExportDialog *dialog;
  GtkProgressBar *progress;

  if (pdfinfo == NULL)
    skip ();
  assert_true (ctd_test_build_event (fixture->path, 16, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  choose (dialog, "whole event");
  gtk_switch_set_active (GTK_SWITCH (ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SWITCH)),
                         TRUE);

  ctd_export_dialog_print_async (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, ready_cb,
                                 &waiter);
  assert_null (waiter.result);
  assert_true (ctd_export_dialog_get_busy (dialog));
  progress = GTK_PROGRESS_BAR (ctd_test_find_widget (GTK_WIDGET (dialog),
                                                     GTK_TYPE_PROGRESS_BAR));
  assert_true (gtk_widget_is_visible (GTK_WIDGET (progress)));
  assert_string_equal (gtk_progress_bar_get_text (progress), "Preparing…");
  assert_true (gtk_widget_is_visible (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.cancel")));
  assert_false (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.print")));

  wait_for_result (&waiter);
  assert_true (ctd_export_dialog_print_finish (dialog, waiter.result, &error));
  g_clear_object (&waiter.result);
  assert_false (ctd_export_dialog_get_busy (dialog));
  assert_true (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.print")));

  /* The public archive of the event, as core builds it, page for page. */
  expected = ctd_report_build (ctd_document_get_store (document), 0, 0, &options, &error);
  assert_non_null (expected);
  job = ctd_print_job_new (g_steal_pointer (&expected));
  assert_true (ctd_print_job_get_n_pages (job) > 5);
  assert_int_equal (pdf_n_pages (pdf), ctd_print_job_get_n_pages (job));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Cancel while the sheets are prepared: nothing printed, nothing said,
 * and the dialog prints again; closing the dialog gives up too. */
static void
test_cancel_and_close (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autofree char *pdf = sibling (fixture, "cancelled.pdf");
  Waiter waiter = { NULL };
  CtdExportDialog *dialog;

  assert_true (ctd_test_build_event (fixture->path, 16, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  choose (dialog, "whole event");

  ctd_export_dialog_print_async (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, ready_cb,
                                 &waiter);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "export.cancel", NULL));
  wait_for_result (&waiter);
  assert_false (ctd_export_dialog_print_finish (dialog, waiter.result, &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  g_clear_error (&error);
  g_clear_object (&waiter.result);
  assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  assert_false (ctd_export_dialog_get_busy (dialog));
  assert_false (gtk_widget_is_visible (
    ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_PROGRESS_BAR)));
  assert_false (gtk_widget_is_visible (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.cancel")));
  assert_true (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.print")));

  /* Closed meanwhile, as a director closes it: given up, and nothing
   * touches the dialog. */
  g_object_ref (dialog);
  ctd_export_dialog_print_async (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, ready_cb,
                                 &waiter);
  gtk_window_close (GTK_WINDOW (dialog));
  wait_for_result (&waiter);
  assert_false (ctd_export_dialog_print_finish (dialog, waiter.result, &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  g_clear_object (&waiter.result);
  g_object_unref (dialog);
  assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

/* Another program undid the draw the dialog still offers: Print…
 * tells the director which round is missing. */
static void
test_round_gone (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autofree char *summary = NULL;
  CtdExportDialog *dialog;
  GtkLabel *message;
  gint64 deadline;

  ctd_test_draw_players (document, 8);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  choose (dialog, "Blank scoring sheets");

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_undo (other, &summary, &error));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "export.print", NULL));
  deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  while ((message = ctd_test_find_label (GTK_WIDGET (dialog), "There is no round 1")) == NULL &&
         g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_non_null (message);
  assert_string_equal (gtk_label_get_text (message),
                       "There is no round 1: nothing has been drawn yet");
  assert_true (gtk_widget_is_visible (GTK_WIDGET (message)));
  assert_false (ctd_export_dialog_get_busy (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A chouette page's print: given up when its window closes. */
static void
test_page_window_closed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (fixture->path);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  CtdMainWindow *window = ctd_test_open_built_event (app, dir, "Page.chouette", 16, 7, TRUE);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 3);
  Waiter waiter = { NULL };

  /* Printed, the page's sheet alone. */
  ctd_chouette_page_print_async (page, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, NULL, ready_cb,
                                 &waiter);
  assert_null (waiter.result);
  wait_for_result (&waiter);
  assert_true (ctd_chouette_page_print_finish (page, waiter.result, &error));
  g_clear_object (&waiter.result);
  assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_unlink (pdf);

  g_object_ref (page);
  ctd_chouette_page_print_async (page, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, NULL, ready_cb,
                                 &waiter);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_for_result (&waiter);
  assert_false (ctd_chouette_page_print_finish (page, waiter.result, &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  g_clear_object (&waiter.result);
  g_object_unref (page);
  assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_window_answers, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_cancel_and_close, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_gone, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_page_window_closed, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };
  int failed;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-print-async: no display, skipped\n");
      return 77;
    }
  app = ctd_test_new_application ();
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  g_object_unref (app);
  return failed;
}
