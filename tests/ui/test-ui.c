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

#include <glib/gstdio.h>
#include <libintl.h>
#include <gtk/gtk.h>

#include "ctd-document-store.h"
#include "ctd-tournament.h"
#include "ctd-event-page.h"
#include "ctd-log-page.h"
#include "ctd-main-window.h"
#include "ctd-players-page.h"
#include "ctd-test-catalogue.h"
#include "ctd-test-files.h"
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
  CtdApplication *app = *state;
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

  /* The shortcuts window is built when first asked for, not with every
   * window (a twentieth of a window's start); Ctrl+? asks for it. */
  assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  {
    g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                  "win.show-help-overlay");

    assert_true (g_strv_contains ((const char *const *) accels, "<Control>question"));
  }
  /* It builds and lists the window's commands. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  assert_non_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  assert_true (gtk_widget_get_visible (GTK_WIDGET (
    gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)))));
  assert_non_null (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW)),
                                        "Undo"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
document_shown (gconstpointer window)
{
  return ctd_main_window_get_document ((CtdMainWindow *) window) != NULL;
}

static gboolean
widget_mapped (gconstpointer widget)
{
  return gtk_widget_get_mapped ((GtkWidget *) widget);
}

/* The stack that switches between the welcome view and the event. */
static GtkStack *
find_main_stack (GtkWidget *root)
{
  if (GTK_IS_STACK (root) && gtk_stack_get_child_by_name (GTK_STACK (root), "welcome") != NULL)
    return GTK_STACK (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkStack *found = find_main_stack (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* "Open Sample Event" on the welcome view opens a copy of the finished
 * sample from the data folder, a new copy each time; a folder that
 * cannot be made is reported in the banner. */
static void
test_open_sample (void **state)
{
  CtdApplication *app = *state;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "chouette-td", NULL);
  g_autofree char *copy = g_build_filename (dir, "Sample event.chouette", NULL);
  g_autofree char *second = g_build_filename (dir, "Sample event (2).chouette", NULL);
  g_autoptr(GBytes) shipped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  CtdMainWindow *window;
  GtkButton *button;
  GtkLabel *banner;
  CtdStore *store;

  /* The build put the sample among the resources. */
  shipped = g_resources_lookup_data ("/io/github/chouettetd/ChouetteTD/sample/sample.chouette",
                                     G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  assert_non_null (shipped);
  assert_true (g_bytes_get_size (shipped) > 1000);

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  button = GTK_BUTTON (ctd_test_find_action_button (GTK_WIDGET (window), "win.open-sample"));
  assert_non_null (button);
  assert_string_equal (gtk_button_get_label (button), "Open _Sample Event");
  assert_true (gtk_button_get_use_underline (button));

  /* Where the copy should go is a file: the banner says so, and the
   * window stays on the welcome view. */
  assert_int_equal (g_mkdir_with_parents (g_get_user_data_dir (), 0700), 0);
  assert_true (g_file_set_contents (dir, "in the way", -1, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (window), "open-sample", NULL);
  banner = ctd_test_find_label (GTK_WIDGET (window), "The sample event could not be opened");
  assert_non_null (banner);
  assert_true (gtk_revealer_get_reveal_child (
                 GTK_REVEALER (gtk_widget_get_ancestor (GTK_WIDGET (banner), GTK_TYPE_REVEALER))));
  assert_null (ctd_main_window_get_document (window));
  assert_int_equal (g_unlink (dir), 0);

  /* The button's action: the window shows the sample, named by its title. */
  gtk_widget_activate (GTK_WIDGET (button));
  assert_true (ctd_test_wait_for (document_shown, window, 20000, "the window to show the sample"));
  assert_string_equal (gtk_stack_get_visible_child_name (find_main_stack (GTK_WIDGET (window))),
                       "event");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Riverside Chouette Open");
  assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  assert_string_equal (ctd_document_get_path (ctd_main_window_get_document (window)), copy);
  /* A finished event draws: the rounds page with the final released. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));
  ctd_test_screenshot (GTK_WINDOW (window), NULL);

  /* It is the whole event: its field and the final's placings. */
  store = ctd_document_get_store (ctd_main_window_get_document (window));
  players = ctd_store_list_players (store, &error);
  assert_non_null (players);
  assert_int_equal (players->len, 26);
  placings = ctd_tournament_final_placings (store, NULL, &error);
  assert_non_null (placings);
  assert_int_equal (ctd_standings_get_n_rows (placings), 4);

  /* Again: a second copy, the first one left as the director has it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "open-sample", NULL);
  while (g_strcmp0 (ctd_document_get_path (ctd_main_window_get_document (window)), second) != 0)
    g_main_context_iteration (NULL, TRUE);
  assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Riverside Chouette Open");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Presses Tab (Shift+Tab when @backward) in @window as GTK delivers it:
 * first to the key controllers that listen before the focused widget
 * (capture phase, from the window down to it), then, unhandled, to the
 * window's own focus move. */
static void
press_tab (GtkWindow *window,
           gboolean   backward)
{
  GtkDirectionType direction = backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  gboolean handled = FALSE;

  for (GtkWidget *w = focus; w != NULL && w != GTK_WIDGET (window); w = gtk_widget_get_parent (w))
    g_ptr_array_insert (chain, 0, w);
  for (guint i = 0; i < chain->len && !handled; i++)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (chain->pdata[i]);

      for (guint j = 0; j < g_list_model_get_n_items (controllers) && !handled; j++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, j);

          if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
              gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
            g_signal_emit_by_name (controller, "key-pressed",
                                   backward ? GDK_KEY_ISO_Left_Tab : GDK_KEY_Tab, 0,
                                   backward ? GDK_SHIFT_MASK : (GdkModifierType) 0, &handled);
        }
    }
  if (handled)
    return;
  if (!gtk_widget_child_focus (GTK_WIDGET (window), direction))
    {
      gtk_window_set_focus (window, NULL);
      gtk_widget_child_focus (GTK_WIDGET (window), direction);
    }
}

/* The sidebar is one Tab stop, on the page shown: tabbing on from a
 * page's last control, forward or back, goes round the window without
 * ever changing the page. Each of its rows is named after its page. */
static void
test_sidebar (void **state)
{
  CtdApplication *app = *state;
  CtdTestFolder *folder = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  CtdMainWindow *window;
  GtkStack *pages;
  GtkWidget *sidebar, *players, *view;
  guint n_rows = 0;

  assert_int_equal (ctd_test_folder_setup ((void **) &folder), 0);
  path = g_build_filename (folder->dir, "Tabs.chouette", NULL);
  window = ctd_test_open_new_event (app, path);
  assert_true (ctd_document_add_player (ctd_main_window_get_document (window), "Ann", NULL, NULL,
                                        FALSE, NULL, &error));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  sidebar = ctd_test_find_widget (GTK_WIDGET (window), GTK_TYPE_STACK_SIDEBAR);
  pages = gtk_stack_sidebar_get_stack (GTK_STACK_SIDEBAR (sidebar));
  players = gtk_stack_get_child_by_name (pages, "players");
  view = ctd_test_find_widget (players, GTK_TYPE_COLUMN_VIEW);
  assert_true (ctd_test_wait_for (widget_mapped, view, 2000, "the players' table to be shown"));

  for (guint round = 0; round < 2; round++)
    {
      gboolean backward = round == 1;
      guint in_sidebar = 0;

      /* The table, the page's last control (backward: its first). */
      if (backward)
        gtk_widget_child_focus (players, GTK_DIR_TAB_FORWARD);
      else
        assert_true (gtk_widget_grab_focus (view));
      for (guint step = 0; step < 60; step++)
        {
          GtkWidget *focus;

          press_tab (GTK_WINDOW (window), backward);
          focus = gtk_root_get_focus (GTK_ROOT (window));
          assert_non_null (focus);
          assert_string_equal (gtk_stack_get_visible_child_name (pages), "players");
          if (gtk_widget_is_ancestor (focus, sidebar))
            {
              GtkWidget *row = GTK_IS_LIST_BOX_ROW (focus) ? focus
                               : gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW);
              g_autofree char *name = ctd_test_accessible_name (row);

              /* One stop, on the page shown. */
              in_sidebar++;
              assert_non_null (name);
              assert_string_equal (name, "Players");
              assert_true (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)));
              press_tab (GTK_WINDOW (window), backward);
              focus = gtk_root_get_focus (GTK_ROOT (window));
              assert_false (gtk_widget_is_ancestor (focus, sidebar));
              assert_string_equal (gtk_stack_get_visible_child_name (pages), "players");
            }
        }
      assert_true (in_sidebar >= 1);
    }

  /* Every row has its page's name. */
  for (GtkWidget *w = ctd_test_find_widget (sidebar, GTK_TYPE_LIST_BOX_ROW); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *label;
      g_autofree char *name = NULL;

      if (!GTK_IS_LIST_BOX_ROW (w))
        continue;  /* (a header between rows) */
      label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (w));
      name = ctd_test_accessible_name (w);
      assert_non_null (name);
      assert_string_equal (name, gtk_label_get_text (GTK_LABEL (label)));
      n_rows++;
    }
  assert_int_equal (n_rows, 7);
  assert_non_null (ctd_test_find_named (sidebar, "Final and Money"));

  gtk_window_destroy (GTK_WINDOW (window));
  ctd_test_folder_teardown ((void **) &folder);
}

/* The window and its pages follow the document they are given: after a
 * second event replaces the first, the first one's changes reach none of
 * them (the window's and pages' binding and signal groups moved to the
 * second), and the second one's do. */
static void
test_document_swap (void **state)
{
  CtdApplication *app = *state;
  g_autofree char *dir = g_dir_make_tmp ("ctd-test-swap-XXXXXX", NULL);
  g_autofree char *first_path = g_build_filename (dir, "First Open.chouette", NULL);
  g_autofree char *second_path = g_build_filename (dir, "Second Open.chouette", NULL);
  g_autoptr(CtdDocument) first = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  GActionGroup *actions;
  CtdMainWindow *window;
  GtkWidget *players, *event_page, *log_page, *undo_button, *grid;

  assert_non_null (dir);
  window = ctd_test_open_new_event (app, first_path);
  actions = G_ACTION_GROUP (window);
  players = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE);
  event_page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);
  log_page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_LOG_PAGE);
  undo_button = ctd_test_find_action_button (log_page, "win.undo");
  grid = ctd_test_find_widget (event_page, GTK_TYPE_GRID);
  first = g_object_ref (ctd_main_window_get_document (window));

  assert_true (ctd_document_add_player (first, "Ann", NULL, NULL, TRUE, NULL, &error));
  assert_non_null (ctd_test_find_label (players, "1 registered, 1 checked in"));
  assert_true (g_action_group_get_action_enabled (actions, "undo"));

  assert_true (ctd_main_window_create_event (window, second_path, &error));
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Second Open");
  assert_non_null (ctd_test_find_label (players, "0 registered, 0 checked in"));
  assert_false (g_action_group_get_action_enabled (actions, "undo"));
  assert_string_equal (gtk_widget_get_tooltip_text (undo_button), "Nothing to undo");

  /* The first event changes: its name, its players, what undo would do. */
  assert_true (ctd_document_add_player (first, "Bob", NULL, NULL, FALSE, NULL, &error));
  assert_true (ctd_document_get_settings (first, &settings, &error));
  g_free (settings.name);
  settings.name = g_strdup ("Renamed Open");
  assert_true (ctd_document_set_settings (first, &settings, &error));
  assert_true (ctd_document_undo (first, &error));
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Second Open");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (window), "Second Open"));
  assert_null (ctd_test_find_label (GTK_WIDGET (window), "Renamed Open"));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (gtk_grid_get_child_at (GTK_GRID (grid),
                                                                                    1, 0))),
                       "Second Open");
  assert_non_null (ctd_test_find_label (players, "0 registered, 0 checked in"));
  assert_false (g_action_group_get_action_enabled (actions, "undo"));
  assert_false (g_action_group_get_action_enabled (actions, "redo"));
  assert_string_equal (gtk_widget_get_tooltip_text (undo_button), "Nothing to undo");

  /* The second event's own change reaches them all. */
  assert_true (ctd_document_add_player (ctd_main_window_get_document (window), "Cy", NULL, NULL,
                                        FALSE, NULL, &error));
  assert_non_null (ctd_test_find_label (players, "1 registered, 0 checked in"));
  assert_true (g_action_group_get_action_enabled (actions, "undo"));
  assert_non_null (strstr (gtk_widget_get_tooltip_text (undo_button), "Undo: "));
  assert_non_null (strstr (gtk_widget_get_tooltip_text (undo_button), "Cy"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&first);
  ctd_test_remove_tree (dir);
}

/* The About dialog speaks the director's language: its description and
 * authors went through no translation (issue 30). */
static void
test_about_translated (void **state)
{
  static const CtdTestMessage catalogue[] = {
    { "Director's desk software for ABA-format backgammon chouette tournaments",
      "xx description" },
    { "The Chouette TD authors", "xx authors" },
  };
  CtdApplication *app = *state;
  g_autofree char *folder = ctd_test_catalogue_install (catalogue, G_N_ELEMENTS (catalogue));
  CtdMainWindow *window = ctd_main_window_new (app);
  GtkAboutDialog *about = NULL;
  g_autoptr(GListModel) toplevels = gtk_window_get_toplevels ();

  /* The window's _() is gettext(), in the domain main() names. */
  textdomain (GETTEXT_PACKAGE);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  for (guint i = 0; about == NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_ABOUT_DIALOG (toplevel))
        about = GTK_ABOUT_DIALOG (toplevel);
    }
  assert_non_null (about);
  assert_string_equal (gtk_about_dialog_get_comments (about), "xx description");
  assert_string_equal (gtk_about_dialog_get_authors (about)[0], "xx authors");
  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
  ctd_test_catalogue_remove (folder);
  g_unsetenv ("LANGUAGE");
}

/* One application for the whole program: a second one could not export
 * its actions on the session bus while the first one lives. */
static int
application_setup (void **state)
{
  *state = ctd_test_new_application ();
  return 0;
}

static int
application_teardown (void **state)
{
  g_clear_object ((CtdApplication **) state);
  return 0;
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_main_window_plan),
    cmocka_unit_test (test_open_sample),
    cmocka_unit_test (test_sidebar),
    cmocka_unit_test (test_document_swap),
    cmocka_unit_test (test_about_translated),
  };
  g_autofree char *data_home = NULL;
  int failed;

  /* The sample's copies go to a data folder of this run's own, set
   * before anything asks GLib where it is (GLib keeps the answer). */
  data_home = g_dir_make_tmp ("ctd-test-ui-XXXXXX", NULL);
  if (data_home == NULL)
    return 1;
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* The sidebar's rows are checked by their accessible names, which
   * GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      /* No display: meson counts exit 77 as a skip. */
      fprintf (stderr, "test-ui: no display, skipped\n");
      ctd_test_remove_tree (data_home);
      return 77;
    }
  failed = cmocka_run_group_tests (tests, application_setup, application_teardown);
  ctd_test_remove_tree (data_home);
  return failed;
}
