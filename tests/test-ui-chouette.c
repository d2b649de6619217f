/* test-ui-chouette.c: the chouette scoring page, reached as a director
 * reaches it: from the Rounds page, "Go to chouette" and win.show-chouette.
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
#include "ctd-chouette-page.h"
#include "ctd-items.h"
#include "ctd-main-window.h"
#include "ctd-rounds-page.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* A window on a 16-player event whose qualifying round is played. */
static CtdMainWindow *
open_event (CtdApplication *app,
            const char     *dir)
{
  g_autofree char *path = g_build_filename (dir, "Played.chouette", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  CtdMainWindow *window;

  assert_true (ctd_test_build_event (path, 16, 11, FALSE, &error));
  document = ctd_document_open (path, &error);
  assert_non_null (document);
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ctd_main_window_set_document (window, document);
  return window;
}

static const char *
visible_page (CtdMainWindow *window)
{
  GtkStack *pages = GTK_STACK (gtk_widget_get_parent (
    ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_CHOUETTE_PAGE)));

  return gtk_stack_get_visible_child_name (pages);
}

static void
test_navigation (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window),
                                                                   CTD_TYPE_CHOUETTE_PAGE));
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

  /* A chouette that does not exist: core's words in the banner, and the
   * page keeps what it shows. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.9"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (window), "1.9"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("one"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_navigation, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
