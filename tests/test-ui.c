/* test-ui.c: the main window under Xvfb.
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

#include <gtk/gtk.h>

#include "ctd-main-window.h"
#include "ctd-test-ui.h"

/* Depth-first search for the first widget of @type below @root. */
static GtkLabel *
find_plan_label (GtkWidget *root)
{
  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, "plan"))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_plan_label (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window opens with its title and shows core's plan for the field
 * size typed into the spin button. */
static void
test_main_window_plan (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window;
  GtkSpinButton *spin;
  GtkLabel *plan;

  assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));
  assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ctd_test_screenshot (GTK_WINDOW (window), "welcome.png");

  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Chouette TD");
  spin = GTK_SPIN_BUTTON (ctd_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON));
  plan = find_plan_label (GTK_WIDGET (window));
  assert_non_null (spin);
  assert_non_null (plan);

  /* 16 players: four qualifying chouettes, the winners play the final. */
  assert_int_equal (gtk_spin_button_get_value_as_int (spin), 16);
  assert_non_null (strstr (gtk_label_get_text (plan), "4 chouettes of 4"));
  assert_non_null (strstr (gtk_label_get_text (plan), "Final: 4 players"));

  /* 5 cannot be drawn: the window shows core's message, not a plan. */
  gtk_spin_button_set_value (spin, 5);
  assert_non_null (strstr (gtk_label_get_text (plan), "add 1"));

  gtk_spin_button_set_value (spin, 17);
  assert_non_null (strstr (gtk_label_get_text (plan), "Semi-final"));

  /* The shortcuts window builds and lists the window's commands. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  assert_non_null (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW)),
                                        "Undo"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_main_window_plan),
  };

  if (!gtk_init_check ())
    {
      /* No display: meson counts exit 77 as a skip. */
      fprintf (stderr, "test-ui: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
