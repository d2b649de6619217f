/* test-ui-export-slips.c: the export dialog offers a round's link slips
 * only while the desk serves the tables' links (issue 21).
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
#include "ctd-export-dialog.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

#define BASE "http://127.0.0.1:8080"

/* One per process: a second one with the same ID would not register. */
static CtdApplication *app;

static gboolean
export_over (gconstpointer dialog)
{
  return !ctd_export_dialog_get_busy ((CtdExportDialog *) dialog);
}

/* The choice (a toggle button) whose label contains @text. */
static GtkToggleButton *
find_choice (GtkWidget  *root,
             const char *text)
{
  GtkLabel *label = ctd_test_find_label (root, text);

  assert_non_null (label);
  return GTK_TOGGLE_BUTTON (gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_TOGGLE_BUTTON));
}

/* The text pdftotext reads in @path. */
static char *
pdf_text (const char *path)
{
  const char *argv[] = { "pdftotext", path, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    fail_msg ("pdftotext: %s", error->message);
  return out;
}

/* No address, no slips offered; given one, the slips of the chosen
 * round are offered, never public, and exported with every table's
 * link under that address; taken away, the choice goes. */
static void
test_slips_choice (void **state)
{
  CtdTestFolder *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autofree char *dir = g_path_get_dirname (fixture->path);
  g_autofree char *pdf = g_build_filename (dir, "slips.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autofree char *text = NULL;
  g_autofree char *clashes = NULL;
  CtdExportDialog *dialog;
  GtkToggleButton *slips;
  GtkWidget *public_row;

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, FALSE, &error));
  ctd_test_quiet_settings ();
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  slips = find_choice (GTK_WIDGET (dialog), "Link slips");
  public_row = gtk_widget_get_parent (
    ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SWITCH));
  assert_false (gtk_widget_get_visible (GTK_WIDGET (slips)));

  ctd_export_dialog_set_links_base (dialog, BASE);
  assert_true (gtk_widget_get_visible (GTK_WIDGET (slips)));
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));
  assert_null (clashes);
  gtk_toggle_button_set_active (slips, TRUE);
  assert_false (gtk_widget_get_sensitive (public_row));
  assert_true (gtk_widget_get_sensitive (GTK_WIDGET (slips)));
  gtk_toggle_button_set_active (find_choice (GTK_WIDGET (dialog), "PDF"), TRUE);
  ctd_export_dialog_export_to (dialog, file);
  assert_true (ctd_test_wait_for (export_over, dialog, 60000, "the export to end"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), "Wrote "));
  text = pdf_text (pdf);
  assert_non_null (strstr (text, "Table 1 — chouette 1.1"));
  assert_non_null (strstr (text, "Table 2 — chouette 1.2"));
  assert_non_null (strstr (text, BASE "/t/"));
  assert_non_null (strstr (text, "Scan to enter this table's games"));
  ctd_test_screenshot (GTK_WINDOW (dialog), "export-slips.png");

  ctd_export_dialog_set_links_base (dialog, NULL);
  assert_false (gtk_widget_get_visible (GTK_WIDGET (slips)));
  assert_false (gtk_toggle_button_get_active (slips));
  assert_true (gtk_toggle_button_get_active (find_choice (GTK_WIDGET (dialog), "filled scoring")));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_slips_choice, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };
  int failed;

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-export-slips: no display, skipped\n");
      return 77;
    }
  app = ctd_test_new_application ();
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  g_object_unref (app);
  return failed;
}
