/* test-ui-event.c: the window's event settings page.
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
#include "ctd-event-page.h"
#include "ctd-main-window.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* The entry in row @row of @page's form. */
static GtkEditable *
entry_at (GtkWidget *page,
          int        row)
{
  GtkWidget *grid = ctd_test_find_widget (page, GTK_TYPE_GRID);

  return GTK_EDITABLE (gtk_grid_get_child_at (GTK_GRID (grid), 1, row));
}

static void
test_event_page (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Club Open.chouette", NULL);
  g_auto(CtdEventSettings) stored = { 0, };
  CtdMainWindow *window;
  GtkWidget *page;
  GtkLabel *advice;

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  assert_true (ctd_main_window_create_event (window, path, &error));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);
  assert_non_null (page);

  /* The form shows what is stored: the name from the file, today's date. */
  assert_string_equal (gtk_editable_get_text (entry_at (page, 0)), "Club Open");
  assert_int_equal (strlen (gtk_editable_get_text (entry_at (page, 1))), 10);

  /* Rule 1.8's advice while typing: 50 on a stake of 5 is 10 to 1. */
  gtk_editable_set_text (entry_at (page, 3), "5");
  gtk_editable_set_text (entry_at (page, 4), "50");
  advice = ctd_test_find_label (page, "entry fee");
  assert_non_null (advice);
  assert_true (gtk_widget_get_visible (GTK_WIDGET (advice)));
  gtk_editable_set_text (entry_at (page, 4), "110");
  assert_false (gtk_widget_get_visible (GTK_WIDGET (advice)));

  /* A bad date is refused where it was typed; nothing is stored. */
  gtk_editable_set_text (entry_at (page, 1), "2026-13-40");
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_non_null (ctd_test_find_label (page, "is not a date"));
  assert_true (ctd_store_get_settings (ctd_document_get_store (
                 ctd_main_window_get_document (window)), &stored, &error));
  assert_int_equal (stored.stake_cents, 0);
  ctd_event_settings_clear (&stored);

  /* Saved with Enter in a field: one action; the window takes the name. */
  gtk_editable_set_text (entry_at (page, 1), "2026-11-22");
  gtk_editable_set_text (entry_at (page, 0), "Riga Open");
  g_signal_emit_by_name (gtk_editable_get_delegate (entry_at (page, 0)), "activate");
  assert_non_null (ctd_test_find_label (page, "Settings saved"));
  ctd_test_screenshot (GTK_WINDOW (window), "event.png");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Riga Open");
  assert_true (ctd_store_get_settings (ctd_document_get_store (
                 ctd_main_window_get_document (window)), &stored, &error));
  assert_int_equal (stored.stake_cents, 500);
  assert_int_equal (stored.entry_fee_cents, 11000);
  assert_string_equal (stored.date, "2026-11-22");

  /* Undo puts the old settings back, in the form too. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_string_equal (gtk_editable_get_text (entry_at (page, 0)), "Club Open");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Club Open");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_event_page, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-event: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
