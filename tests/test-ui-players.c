/* test-ui-players.c: the window's players page, driven as a director would.
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
#include "ctd-items.h"
#include "ctd-main-window.h"
#include "ctd-player-dialog.h"
#include "ctd-players-page.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label under @root whose text contains @text, or NULL. */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The toplevel of @type other than the main window, or NULL. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
deadline_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @model has @n items, or @ms have passed. */
static void
spin_until_n_items (GListModel *model,
                    guint       n,
                    guint       ms)
{
  gboolean timed_out = FALSE;
  guint deadline = g_timeout_add (ms, deadline_cb, &timed_out);

  while (g_list_model_get_n_items (model) != n && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (deadline);
}

static void
spin_a_little (void)
{
  gboolean done = FALSE;

  g_timeout_add (50, deadline_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Draws @window and, when CTD_SCREENSHOT_DIR is set, saves it there as
 * @name (the README's and the metainfo's screenshots come from here). */
static void
screenshot (GtkWindow  *window,
            const char *name)
{
  const char *dir = g_getenv ("CTD_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width, height;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  width = gdk_paintable_get_intrinsic_width (paintable);
  height = gdk_paintable_get_intrinsic_height (paintable);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, name, NULL);
  assert_true (gdk_texture_save_to_png (texture, path));
}

/* Types a player into the dialog and presses Add. */
static void
dialog_add (CtdPlayerDialog *dialog,
            const char      *name,
            const char      *club)
{
  GtkWidget *grid = find_widget (GTK_WIDGET (dialog), GTK_TYPE_GRID);
  GtkWidget *name_entry = gtk_grid_get_child_at (GTK_GRID (grid), 1, 0);
  GtkWidget *club_entry = gtk_grid_get_child_at (GTK_GRID (grid), 1, 1);

  gtk_editable_set_text (GTK_EDITABLE (name_entry), name);
  gtk_editable_set_text (GTK_EDITABLE (club_entry), club);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add", NULL));
}

static gboolean
item_checked_in (GListModel *model,
                 guint       position)
{
  g_autoptr(CtdPlayerItem) item = g_list_model_get_item (model, position);
  gboolean checked_in;

  g_object_get (item, "checked-in", &checked_in, NULL);
  return checked_in;
}

static void
test_players_page (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_application_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Club Open.chouette", NULL);
  g_autofree char *csv = g_build_filename (fixture->dir, "players.csv", NULL);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(CtdStore) other = NULL;
  CtdMainWindow *window;
  CtdPlayersPage *page;
  CtdPlayerDialog *dialog;
  GtkColumnView *view;
  GtkMessageDialog *confirm;
  GListModel *rows;
  gboolean before;

  assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  /* What is drawn is the end state, not a frame of a transition. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  assert_true (ctd_main_window_create_event (window, path, &error));
  /* The title names the event (task switchers and window lists show it). */
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Club Open");

  page = CTD_PLAYERS_PAGE (find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE));
  view = GTK_COLUMN_VIEW (find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW));
  rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  assert_int_equal (g_list_model_get_n_items (rows), 0);
  assert_non_null (find_label (GTK_WIDGET (page), "0 registered, 0 checked in"));

  /* Players typed into the dialog, one after another. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.add", NULL));
  dialog = CTD_PLAYER_DIALOG (find_toplevel (CTD_TYPE_PLAYER_DIALOG));
  assert_non_null (dialog);
  dialog_add (dialog, "Ann", "Riga");
  dialog_add (dialog, "Cy", "");
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  assert_non_null (find_label (GTK_WIDGET (dialog), "Added Cy"));
  /* A refusal is shown in the dialog in the store's words, and adds nobody. */
  dialog_add (dialog, "ANN", "");
  assert_non_null (find_label (GTK_WIDGET (dialog), "already a player called"));
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  gtk_window_close (GTK_WINDOW (dialog));

  /* The table shows each player's state in words. */
  screenshot (GTK_WINDOW (window), "players-adding.png");
  assert_non_null (find_label (GTK_WIDGET (view), "hecked in"));

  /* Enter on a row checks the player in or out, and the count follows. */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (rows), 0);
  before = item_checked_in (rows, 0);
  g_signal_emit_by_name (view, "activate", 0);
  assert_true (item_checked_in (rows, 0) != before);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.toggle-check-in", NULL));
  assert_true (item_checked_in (rows, 0) == before);

  /* Another writer (the CLI) adds a player: it shows within a second. */
  other = ctd_store_open (path, &error);
  assert_non_null (other);
  assert_true (ctd_store_add_player (other, "Bob", NULL, NULL, NULL, &error));
  spin_until_n_items (rows, 3, 1500);
  assert_int_equal (g_list_model_get_n_items (rows), 3);

  /* Search narrows the table. */
  gtk_editable_set_text (GTK_EDITABLE (find_widget (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY)),
                         "bo");
  spin_a_little ();
  assert_int_equal (g_list_model_get_n_items (rows), 1);
  gtk_editable_set_text (GTK_EDITABLE (find_widget (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY)),
                         "");
  spin_a_little ();
  assert_int_equal (g_list_model_get_n_items (rows), 3);

  /* Undo from the window takes back the newest action: Bob's entry. */
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "redo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (g_list_model_get_n_items (rows), 3);

  /* Withdrawing asks first. */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (rows), 1);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.withdraw", NULL));
  confirm = GTK_MESSAGE_DIALOG (find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (confirm);
  gtk_dialog_response (GTK_DIALOG (confirm), GTK_RESPONSE_ACCEPT);
  {
    g_autoptr(CtdPlayerItem) item = g_list_model_get_item (rows, 1);
    gboolean withdrawn;

    g_object_get (item, "withdrawn", &withdrawn, NULL);
    assert_true (withdrawn);
  }
  /* The response closed it. */
  assert_null (find_toplevel (GTK_TYPE_MESSAGE_DIALOG));

  /* A CSV list: imported in the background, the result shown above. */
  assert_true (g_file_set_contents (csv, "name,club\nDi,Oslo\nEd,\n,Bergen\n", -1, &error));
  ctd_players_page_import (page, csv_file);
  spin_until_n_items (rows, 5, 5000);
  assert_int_equal (g_list_model_get_n_items (rows), 5);
  spin_a_little ();
  assert_non_null (find_label (GTK_WIDGET (page), "Imported 2 players."));
  assert_non_null (find_label (GTK_WIDGET (page), "Skipped line 4"));
  screenshot (GTK_WINDOW (window), "players.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_players_page, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-players: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
