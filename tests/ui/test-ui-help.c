/* test-ui-help.c: F1 and the main menu's Help open the user guide: the
 * action resolves a URI the help viewer reads to the guide's index.page,
 * the desktop's viewer is launched with it, and without a viewer the
 * window says so in one line, naming where the guide is.
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

#include <errno.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include "ctd-application.h"
#include "ctd-help.h"
#include "ctd-main-window.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

/* The data folders the help viewer and GIO search, made for the test
 * (main()): no help viewer nor guide of the machine's counts. */
static char *data_root;

static char *
user_data_dir (void)
{
  return g_build_filename (data_root, "home", NULL);
}

/* Whether the menu @model, or one of its sections or submenus, has an
 * item for @action. */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = NULL;
      g_autoptr(GMenuModel) submenu = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        return TRUE;
      section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      submenu = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);
      if ((section != NULL && menu_has_action (section, action)) ||
          (submenu != NULL && menu_has_action (submenu, action)))
        return TRUE;
    }
  return FALSE;
}

/* Whether a menu button under @root offers @action. */
static gboolean
menus_offer (GtkWidget  *root,
             const char *action)
{
  if (GTK_IS_MENU_BUTTON (root))
    {
      GMenuModel *model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (root));

      if (model != NULL && menu_has_action (model, action))
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (menus_offer (child, action))
      return TRUE;
  return FALSE;
}

/* Whether the shortcuts window lists @action under @root. */
static gboolean
overlay_lists (GtkWidget  *root,
               const char *action)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_autofree char *name = NULL;

      g_object_get (root, "action-name", &name, NULL);
      if (g_strcmp0 (name, action) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (overlay_lists (child, action))
      return TRUE;
  return FALSE;
}

/* F1 is the guide's key, the main menu has Help, and the shortcuts window
 * lists it. */
static void
test_f1_and_menu (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(GStrv) actions = NULL;
  g_autoptr(GtkBuilder) builder = NULL;
  CtdMainWindow *window;

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F1");
  assert_non_null (actions);
  assert_true (g_strv_contains ((const char * const *) actions, "app.help"));
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "help"));
  assert_true (menus_offer (GTK_WIDGET (window), "app.help"));

  builder = gtk_builder_new_from_resource ("/io/github/chouettetd/ChouetteTD/help-overlay.ui");
  assert_true (overlay_lists (GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay")),
                              "app.help"));
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Run from the build tree, the URI reaches the build's copy of the guide
 * (pages and figures); installed where the viewer searches, it is
 * help:chouette-td. */
static void
test_uri (void **state)
{
  static const char * const window_pages[] = { "event", "players", "rounds", "chouette",
                                                "standings", "results", "log" };
  g_autofree char *dir = NULL;
  g_autofree char *uri = ctd_help_dup_uri (NULL, &dir);
  g_autofree char *scoring_uri = ctd_help_dup_uri ("scoring", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *expected_scoring = NULL;
  g_autofree char *index = NULL;
  g_autofree char *installed = g_build_filename (data_root, "sys", "help", "C", CTD_HELP_ID,
                                                 NULL);
  g_autofree char *installed_index = g_build_filename (installed, "index.page", NULL);
  g_autofree char *build_figure = g_build_filename (CTD_HELP_BUILD_DIR, "figures", "players.png",
                                                    NULL);
  g_autofree char *installed_dir = NULL;
  g_autofree char *installed_uri = NULL;
  g_autofree char *installed_scoring_uri = NULL;
  g_autoptr(GError) error = NULL;

  assert_non_null (uri);
  assert_non_null (dir);
  expected = g_strconcat ("ghelp:", dir, NULL);
  assert_string_equal (uri, expected);
  expected_scoring = g_strconcat ("ghelp:", dir, "?scoring", NULL);
  assert_string_equal (scoring_uri, expected_scoring);
  index = g_build_filename (dir, "index.page", NULL);
  assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  /* Not installed here: the build's copy, figures beside the pages. */
  if (!g_file_test (CTD_HELP_INSTALLED_DIR "/index.page", G_FILE_TEST_EXISTS))
    {
      assert_string_equal (dir, CTD_HELP_BUILD_DIR);
      assert_true (g_file_test (build_figure, G_FILE_TEST_IS_REGULAR));
    }

  assert_int_equal (g_mkdir_with_parents (installed, 0700), 0);
  assert_true (g_file_set_contents (installed_index, "<page/>", -1, &error));
  installed_uri = ctd_help_dup_uri (NULL, &installed_dir);
  assert_string_equal (installed_uri, "help:" CTD_HELP_ID);
  assert_string_equal (installed_dir, installed);
  installed_scoring_uri = ctd_help_dup_uri ("scoring", NULL);
  assert_string_equal (installed_scoring_uri, "help:" CTD_HELP_ID "/scoring");
  assert_int_equal (g_remove (installed_index), 0);

  /* Each page of the window has its page in the guide; the welcome
   * screen has the index. */
  assert_null (ctd_help_topic_for_page (NULL));
  for (guint i = 0; i < G_N_ELEMENTS (window_pages); i++)
    {
      const char *topic = ctd_help_topic_for_page (window_pages[i]);
      g_autofree char *file = NULL;

      assert_non_null (topic);
      file = g_strconcat (CTD_HELP_SOURCE_DIR, "/", topic, ".page", NULL);
      assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }
}

/* F1 with no help viewer: one line in the window, naming the folder. */
static void
test_no_viewer (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *dir = NULL;
  g_autofree char *uri = ctd_help_dup_uri (NULL, &dir);
  CtdMainWindow *window;
  GtkLabel *label;

  assert_null (g_app_info_get_default_for_uri_scheme ("ghelp"));
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);

  label = ctd_test_wait_for_label (GTK_WIDGET (window), "No help viewer is installed", 5000);
  assert_non_null (label);
  assert_non_null (strstr (gtk_label_get_text (label), dir));
  assert_null (strchr (gtk_label_get_text (label), '\n'));
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (
    gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_REVEALER))));
  ctd_test_screenshot (GTK_WINDOW (window), "help-no-viewer.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
viewer_registered (gconstpointer user_data)
{
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("ghelp");

  return viewer != NULL;
}

static gboolean
file_written (gconstpointer user_data)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (user_data, &contents, NULL, NULL) && contents[0] != '\0';
}

/* With a help viewer for the URI's scheme, F1 launches it with the URI
 * of the guide's page about the window's page shown. */
static void
test_viewer (void **state)
{
  const CtdTestFolder *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *home = user_data_dir ();
  g_autofree char *script = g_build_filename (home, "viewer.sh", NULL);
  g_autofree char *opened = g_build_filename (home, "opened", NULL);
  g_autofree char *desktop = g_build_filename (home, "applications", "ctd-test-viewer.desktop",
                                               NULL);
  g_autofree char *script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s' \"$1\" > '%s'\n",
                                                  opened);
  g_autofree char *desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\n"
                                                   "Name=Test Help Viewer\nExec=%s %%u\n"
                                                   "MimeType=x-scheme-handler/ghelp;"
                                                   "x-scheme-handler/help;\n", script);
  g_autofree char *mimeapps = g_build_filename (data_root, "config", "mimeapps.list", NULL);
  g_autofree char *uri = ctd_help_dup_uri ("registration", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window;

  assert_true (g_file_set_contents (script, script_text, -1, &error));
  assert_int_equal (g_chmod (script, 0700), 0);
  assert_true (g_file_set_contents (desktop, desktop_text, -1, &error));
  /* The desktop's choice, as a desktop with Yelp has it. */
  assert_true (g_file_set_contents (mimeapps, "[Default Applications]\n"
                                    "x-scheme-handler/ghelp=ctd-test-viewer.desktop\n"
                                    "x-scheme-handler/help=ctd-test-viewer.desktop\n", -1,
                                    &error));
  /* GIO notices the new application through its folders' monitors. */
  assert_true (ctd_test_wait_for (viewer_registered, NULL, 20000,
                                  "GIO to see the test's help viewer"));

  window = ctd_test_open_new_event (app, fixture->path);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  assert_string_equal (ctd_main_window_get_page_name (window), "players");
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  assert_true (ctd_test_wait_for (file_written, opened, 20000, "the help viewer to be started"));
  assert_true (g_file_get_contents (opened, &contents, NULL, &error));
  assert_string_equal (contents, uri);
  assert_null (ctd_test_find_label (GTK_WIDGET (window), "No help viewer"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_f1_and_menu),
    cmocka_unit_test (test_uri),
    cmocka_unit_test (test_no_viewer),
    cmocka_unit_test_setup_teardown (test_viewer, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *applications = NULL;
  g_autofree char *system = NULL;
  g_autofree char *home = NULL;
  g_autofree char *config = NULL;
  int status;

  /* Before anything asks GLib for them, which it reads once. */
  data_root = g_dir_make_tmp ("ctd-help-XXXXXX", &error);
  g_assert_no_error (error);
  applications = g_build_filename (data_root, "home", "applications", NULL);
  system = g_build_filename (data_root, "sys", NULL);
  g_mkdir_with_parents (applications, 0700);
  config = g_build_filename (data_root, "config", NULL);
  g_mkdir_with_parents (system, 0700);
  g_mkdir_with_parents (config, 0700);
  /* The system's file types and icons, without its applications. */
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "mime" : "icons";
      g_autofree char *link = g_build_filename (system, name, NULL);
      g_autofree char *target = g_build_filename ("/usr/share", name, NULL);

      if (symlink (target, link) != 0)
        g_error ("%s: %s", link, g_strerror (errno));
    }
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  home = user_data_dir ();
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_DATA_DIRS", system, TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-help: no display, skipped\n");
      return 77;
    }
  status = cmocka_run_group_tests (tests, NULL, NULL);
  ctd_test_remove_tree (data_root);
  g_free (data_root);
  return status;
}
