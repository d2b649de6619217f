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
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-player-dialog.h"
#include "ctd-players-page.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* Types a player into the dialog, ticks "Checked in" or not, and
 * presses Add. */
static void
dialog_add (CtdPlayerDialog *dialog,
            const char      *name,
            const char      *club,
            gboolean         checked_in)
{
  GtkWidget *grid = ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_GRID);
  GtkWidget *name_entry = gtk_grid_get_child_at (GTK_GRID (grid), 1, 0);
  GtkWidget *club_entry = gtk_grid_get_child_at (GTK_GRID (grid), 1, 1);
  GtkWidget *check = gtk_grid_get_child_at (GTK_GRID (grid), 1, 3);

  gtk_editable_set_text (GTK_EDITABLE (name_entry), name);
  gtk_editable_set_text (GTK_EDITABLE (club_entry), club);
  gtk_switch_set_active (GTK_SWITCH (check), checked_in);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add", NULL));
}

static gboolean
player_dialog_gone (gconstpointer unused)
{
  return ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG) == NULL;
}

static gboolean
editable_empty (gconstpointer editable)
{
  return *gtk_editable_get_text ((GtkEditable *) editable) == '\0';
}

typedef struct
{
  GtkRevealer *revealer;
  GtkLabel    *label;
  const char  *text;
} Notice;

/* Whether the page's notice is up and says @notice's text: its label may
 * still hold an earlier notice's words while closed. */
static gboolean
notice_shows (gconstpointer notice)
{
  const Notice *self = notice;

  return gtk_revealer_get_reveal_child (self->revealer) &&
         strstr (gtk_label_get_text (self->label), self->text) != NULL;
}

/* Waits for @page's notice to open saying @text (an import ends in a
 * worker thread; its rows may show, through the document's look at the
 * file, before the notice does); returns its revealer. */
static GtkRevealer *
wait_for_notice (CtdPlayersPage *page,
                 const char     *text)
{
  Notice notice = {
    GTK_REVEALER (gtk_widget_get_template_child (GTK_WIDGET (page), CTD_TYPE_PLAYERS_PAGE,
                                                 "message_revealer")),
    GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (page), CTD_TYPE_PLAYERS_PAGE,
                                              "message_label")),
    text,
  };
  g_autofree char *what = g_strdup_printf ("the notice “%s” to show", text);

  assert_non_null (notice.revealer);
  assert_non_null (notice.label);
  assert_true (ctd_test_wait_for (notice_shows, &notice, 20000, what));
  return notice.revealer;
}

/* The entry in row @row of a player dialog's form. */
static GtkEditable *
dialog_entry (CtdPlayerDialog *dialog,
              int              row)
{
  GtkWidget *grid = ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_GRID);

  return GTK_EDITABLE (gtk_grid_get_child_at (GTK_GRID (grid), 1, row));
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

/* The label with exactly @text under @root, or NULL. */
static GtkLabel *
find_exact_label (GtkWidget  *root,
                  const char *text)
{
  if (GTK_IS_LABEL (root) && strcmp (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_exact_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What the table's row of the player named @name shows, its cells'
 * texts joined by "|" (a cell's label sits in its cell, in its row). */
static char *
row_text (GtkColumnView *view,
          const char    *name)
{
  GtkLabel *label = find_exact_label (GTK_WIDGET (view), name);
  GtkWidget *row;
  GString *text = g_string_new (NULL);

  assert_non_null (label);
  row = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (label)));
  for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell))
    {
      GtkWidget *child = gtk_widget_get_first_child (cell);

      g_string_append_printf (text, "%s%s", text->len > 0 ? "|" : "",
                              GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : "?");
    }
  return g_string_free (text, FALSE);
}

/* The Players page of a window on the new event “Club Open” in @dir. */
typedef struct
{
  CtdMainWindow  *window;
  CtdPlayersPage *page;
  GtkColumnView  *view;
  GListModel     *rows;
  char           *path;
} PlayersPage;

static void
players_page_clear (PlayersPage *players)
{
  if (players->window != NULL)
    gtk_window_destroy (GTK_WINDOW (players->window));
  players->window = NULL;
  g_clear_pointer (&players->path, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PlayersPage, players_page_clear)

typedef struct
{
  const char *name, *club;
  gboolean    checked_in, withdrawn;
} Registered;

/* Two players, one of them checked in; then those the tests above leave
 * (Ann renamed, Cy withdrawn, Bob added elsewhere). */
static const Registered two_players[] = {
  { "Ann", "Riga", FALSE, FALSE }, { "Cy", NULL, TRUE, FALSE },
};
static const Registered three_players[] = {
  { "Ann Lee", "Riga", FALSE, FALSE }, { "Cy", NULL, FALSE, TRUE }, { "Bob", NULL, TRUE, FALSE },
};

/* Opens the page with the @n players @registered: the state each test
 * below starts from, each looking at one thing so that one failure does
 * not hide the next. */
static PlayersPage
open_players (CtdApplication   *app,
              const char       *dir,
              const Registered *registered,
              guint             n)
{
  g_autoptr(GError) error = NULL;
  PlayersPage players = { 0, };
  CtdDocument *document;

  players.path = g_build_filename (dir, "Club Open.chouette", NULL);
  players.window = ctd_test_open_new_event (app, players.path);
  document = ctd_main_window_get_document (players.window);
  for (guint i = 0; i < n; i++)
    {
      gint64 id = 0;

      assert_true (ctd_document_add_player (document, registered[i].name, registered[i].club,
                                            NULL, registered[i].checked_in, &id, &error));
      if (registered[i].withdrawn)
        assert_true (ctd_document_withdraw_player (document, id, FALSE, &error));
    }
  g_action_group_activate_action (G_ACTION_GROUP (players.window), "show-page",
                                  g_variant_new_string ("players"));
  players.page = CTD_PLAYERS_PAGE (ctd_test_find_widget (GTK_WIDGET (players.window),
                                                          CTD_TYPE_PLAYERS_PAGE));
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (players.page)));
  players.view = GTK_COLUMN_VIEW (ctd_test_find_widget (GTK_WIDGET (players.page),
                                                         GTK_TYPE_COLUMN_VIEW));
  players.rows = G_LIST_MODEL (gtk_column_view_get_model (players.view));
  assert_int_equal (g_list_model_get_n_items (players.rows), n);
  return players;
}

/* Players typed into the dialog, one after another, shown in words;
 * Enter on a row checks the player in or out. */
static void
test_players_add (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, NULL, 0);
  CtdMainWindow *window = players.window;
  CtdPlayersPage *page = players.page;
  CtdPlayerDialog *dialog;
  GtkColumnView *view = players.view;
  GListModel *rows = players.rows;
  gboolean before;
  char *text;

  /* The title names the event (task switchers and window lists show it). */
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Club Open");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "0 registered, 0 checked in"));

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.add", NULL));
  dialog = CTD_PLAYER_DIALOG (ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG));
  assert_non_null (dialog);
  dialog_add (dialog, "Ann", "Riga", FALSE);
  dialog_add (dialog, "Cy", "", TRUE);
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  /* Registered is not checked in, unless the director says so. */
  assert_false (item_checked_in (rows, 0));
  assert_true (item_checked_in (rows, 1));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "2 registered, 1 checked in"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), "Added Cy"));
  /* A refusal is shown in the dialog in the store's words, and adds nobody. */
  dialog_add (dialog, "ANN", "Riga", FALSE);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), "There is already a player"));
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  gtk_window_close (GTK_WINDOW (dialog));

  /* The table shows each player's state in words. */
  ctd_test_screenshot (GTK_WINDOW (window), NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (view), "hecked in"));

  /* Each column in its cell, in the table's order. */
  text = row_text (view, "Ann");
  assert_string_equal (text, "1|Ann|Riga||Not checked in|");
  g_free (text);

  /* Enter on a row checks the player in or out, and the count follows. */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 0, TRUE);
  before = item_checked_in (rows, 0);
  g_signal_emit_by_name (view, "activate", 0);
  assert_true (item_checked_in (rows, 0) != before);
  /* The row follows its player, in place. */
  text = row_text (view, "Ann");
  assert_string_equal (text, "1|Ann|Riga||Checked in|");
  g_free (text);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page),
                                           before ? "players.check-in" : "players.check-out",
                                           NULL));
  assert_true (item_checked_in (rows, 0) == before);

}

/* The form to edit Ann, the first row, as F2 or Edit… opens it. */
static CtdPlayerDialog *
open_edit (PlayersPage *players)
{
  CtdPlayerDialog *dialog;

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (players->rows), 0, TRUE);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (players->page), "players.edit", NULL));
  dialog = CTD_PLAYER_DIALOG (ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG));
  assert_non_null (dialog);
  return dialog;
}

/* Editing the selected player: F2, or Edit…, opens the form filled in. */
static void
test_edit_opens_filled_in (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  CtdPlayerDialog *dialog;
  GtkWidget *check;

  assert_true (ctd_test_has_shortcut (GTK_WIDGET (players.page), "F2", "players.edit"));
  assert_non_null (ctd_test_find_button (GTK_WIDGET (players.page), "_Edit…"));
  dialog = open_edit (&players);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "Edit Player");
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 0)), "Ann");
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 1)), "Riga");
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 2)), "");
  /* The add form's check-in switch and Add button are not there. */
  check = gtk_grid_get_child_at (GTK_GRID (ctd_test_find_widget (GTK_WIDGET (dialog),
                                                                 GTK_TYPE_GRID)), 1, 3);
  assert_false (gtk_widget_get_visible (check));
  assert_null (ctd_test_find_button (GTK_WIDGET (dialog), "_Add"));
  ctd_test_screenshot (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Cancel leaves the player as they were. */
static void
test_edit_cancel (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  g_autoptr(CtdPlayerItem) ann = g_list_model_get_item (players.rows, 0);
  CtdPlayerDialog *dialog = open_edit (&players);

  gtk_editable_set_text (dialog_entry (dialog, 0), "Ann Lee-Smith");
  g_signal_emit_by_name (ctd_test_find_button (GTK_WIDGET (dialog), "_Cancel"), "clicked");
  assert_null (ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG));
  assert_string_equal (ctd_player_item_get_name (ann), "Ann");
}

/* A refusal keeps the form open, in the store's words. */
static void
test_edit_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  g_autoptr(CtdPlayerItem) ann = g_list_model_get_item (players.rows, 0);
  CtdPlayerDialog *dialog = open_edit (&players);

  gtk_editable_set_text (dialog_entry (dialog, 0), " ");
  g_signal_emit_by_name (ctd_test_find_button (GTK_WIDGET (dialog), "_Save"), "clicked");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog),
                                        "Ann: The player's name cannot be only spaces"));
  assert_ptr_equal (ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG), dialog);
  assert_string_equal (ctd_player_item_get_name (ann), "Ann");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A new name typed, Enter: saved, closed, the same row renamed, its club
 * kept. */
static void
test_edit_enter_saves (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  g_autoptr(CtdPlayerItem) ann = g_list_model_get_item (players.rows, 0);
  CtdPlayerDialog *dialog = open_edit (&players);
  g_autoptr(CtdPlayerItem) row = NULL;
  g_autofree char *club = NULL;

  gtk_editable_set_text (dialog_entry (dialog, 0), "Ann Lee");
  g_signal_emit_by_name (gtk_editable_get_delegate (dialog_entry (dialog, 0)), "activate");
  assert_true (ctd_test_wait_for (player_dialog_gone, NULL, 20000,
                                  "the player dialog to close after Enter"));
  row = g_list_model_get_item (players.rows, 0);
  assert_ptr_equal (row, ann);
  assert_string_equal (ctd_player_item_get_name (row), "Ann Lee");
  g_object_get (row, "club", &club, NULL);
  assert_string_equal (club, "Riga");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (players.view), "Ann Lee"));
}

/* Another writer's player shows; search narrows the table; undo and redo
 * from the window. */
static void
test_players_follow (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  g_autoptr(CtdStore) other = NULL;
  CtdMainWindow *window = players.window;
  CtdPlayersPage *page = players.page;
  GListModel *rows = players.rows;


  /* Another writer (the CLI) adds a player: it shows within a second. */
  other = ctd_store_open (players.path, &error);
  assert_non_null (other);
  assert_true (ctd_store_add_player (other, "Bob", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_test_wait_for_n_items (rows, 3, 1500,
                                         "the player another writer added to show"));

  /* Search narrows the table. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY)),
                         "bo");
  assert_true (ctd_test_wait_for_n_items (rows, 1, 20000, "the search “bo” to leave Bob alone"));
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_find_widget (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY)),
                         "");
  assert_true (ctd_test_wait_for_n_items (rows, 3, 20000, "an empty search to show everyone"));

  /* Undo from the window takes back the newest action: Bob's entry. */
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (g_list_model_get_n_items (rows), 2);
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "redo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (g_list_model_get_n_items (rows), 3);

}

/* Withdrawing asks first; reinstated, the player is back, not checked in. */
static void
test_players_withdraw (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(PlayersPage) players = open_players (app, fixture->dir, two_players, 2);
  CtdMainWindow *window = players.window;
  CtdPlayersPage *page = players.page;
  GtkMessageDialog *confirm;
  GListModel *rows = players.rows;


  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 1, TRUE);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.withdraw", NULL));
  confirm = GTK_MESSAGE_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (confirm);
  gtk_dialog_response (GTK_DIALOG (confirm), GTK_RESPONSE_ACCEPT);
  {
    g_autoptr(CtdPlayerItem) item = g_list_model_get_item (rows, 1);
    gboolean withdrawn;

    g_object_get (item, "withdrawn", &withdrawn, NULL);
    assert_true (withdrawn);
  }
  /* The response closed it. */
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (window));

    assert_null (clashes);
  }
  /* Reinstated from the page: back in the field, not checked in. */
  assert_true (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page),
                                                                          "Reinstate"))));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.reinstate", NULL));
  {
    g_autoptr(CtdPlayerItem) item = g_list_model_get_item (rows, 1);

    assert_false (ctd_player_item_get_withdrawn (item));
    assert_false (ctd_player_item_get_checked_in (item));
  }
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page),
                                                                           "Reinstate"))));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.withdraw", NULL));
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG)),
                       GTK_RESPONSE_ACCEPT);

}

/* A CSV list: imported in the background, the result shown above. */
static void
test_players_import (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (fixture->dir, "players.csv", NULL);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_auto(PlayersPage) players = open_players (app, fixture->dir, three_players, 3);
  CtdMainWindow *window = players.window;
  CtdPlayersPage *page = players.page;
  GListModel *rows = players.rows;

  /* The screenshot's table as the tests above leave it. */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 1, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (players.view));
  assert_true (g_file_set_contents (csv, "name,club\nDi,Oslo\nEd,\n,Bergen\n", -1, &error));
  ctd_players_page_import (page, csv_file);
  assert_true (ctd_test_wait_for_n_items (rows, 5, 20000, "the 2 imported players to show"));
  wait_for_notice (page, "Imported 2 players.");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Skipped line 4"));
  ctd_test_screenshot (GTK_WINDOW (window), "players-import.png");

  /* The notice goes when it stops being true: at the next change (an
   * undo takes the import back) and when the page is left. */
  {
    GtkRevealer *revealer = wait_for_notice (page, "Imported 2 players.");

    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
    assert_int_equal (g_list_model_get_n_items (rows), 3);
    assert_false (gtk_revealer_get_reveal_child (revealer));

    assert_true (g_file_set_contents (csv, "name\nFe\nGil\n", -1, &error));
    ctd_players_page_import (page, csv_file);
    assert_true (ctd_test_wait_for_n_items (rows, 5, 20000, "the 2 imported players to show"));
    /* The label still holds the first import's words: the notice is
     * this import's once it opens again, with no line skipped. */
    wait_for_notice (page, "Imported 2 players.");
    assert_null (ctd_test_find_label (GTK_WIDGET (page), "Skipped line 4"));
    g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                    g_variant_new_string ("rounds"));
    assert_false (gtk_widget_get_mapped (GTK_WIDGET (page)));
    g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                    g_variant_new_string ("players"));
    assert_false (gtk_revealer_get_reveal_child (revealer));
  }

}

/* A player already drawn: the store's refusal says what withdrawing
 * them means, and the director may confirm it. */
static void
test_withdraw_seated (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Drawn.chouette", NULL);
  static const char *const names[] = { "Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus" };
  CtdMainWindow *window;
  CtdPlayersPage *page;
  GtkMessageDialog *confirm;
  GListModel *rows;
  guint round;

  window = ctd_test_open_new_event (app, path);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    assert_true (ctd_document_add_player (ctd_main_window_get_document (window), names[i], NULL,
                                          NULL, TRUE, NULL, &error));
  assert_true (ctd_document_draw_round (ctd_main_window_get_document (window), 7, &round,
                                        &error));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  page = CTD_PLAYERS_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE));
  rows = G_LIST_MODEL (gtk_column_view_get_model (
    GTK_COLUMN_VIEW (ctd_test_find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW))));

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 1, TRUE);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "players.withdraw", NULL));
  confirm = GTK_MESSAGE_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  gtk_dialog_response (GTK_DIALOG (confirm), GTK_RESPONSE_ACCEPT);
  /* Asked again, in the store's words, without command-line syntax. */
  confirm = GTK_MESSAGE_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (confirm);
  {
    g_autofree char *detail = NULL;

    g_object_get (confirm, "secondary-text", &detail, NULL);
    assert_non_null (strstr (detail, "Bea is drawn in chouette 1."));
    assert_null (strstr (detail, "--force"));
  }
  gtk_dialog_response (GTK_DIALOG (confirm), GTK_RESPONSE_ACCEPT);
  {
    g_autoptr(CtdPlayerItem) item = g_list_model_get_item (rows, 1);

    assert_true (ctd_player_item_get_withdrawn (item));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Clubs come in groups: the club stays from one player to the next, the
 * name is emptied for the next one, and Clear (Alt+E) empties the club. */
static void
test_dialog_keeps_club (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *path = g_build_filename (fixture->dir, "Clubs.chouette", NULL);
  CtdMainWindow *window;
  CtdPlayerDialog *dialog;
  GtkWidget *clear;
  GListModel *all;

  window = ctd_test_open_new_event (app, path);
  all = ctd_document_get_players (ctd_main_window_get_document (window));
  dialog = ctd_player_dialog_new (GTK_WINDOW (window), ctd_main_window_get_document (window));
  gtk_window_present (GTK_WINDOW (dialog));

  gtk_editable_set_text (dialog_entry (dialog, 0), "Ann");
  gtk_editable_set_text (dialog_entry (dialog, 1), "Riga");
  gtk_editable_set_text (dialog_entry (dialog, 2), "LV-1");
  /* (Enter presses Add, whose click comes a moment later) */
  g_signal_emit_by_name (gtk_editable_get_delegate (dialog_entry (dialog, 0)), "activate");
  assert_true (ctd_test_wait_for_n_items (all, 1, 20000, "Enter to add Ann"));
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 0)), "");
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 1)), "Riga");
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 2)), "");
  assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)),
                                       GTK_WIDGET (dialog_entry (dialog, 0))));

  /* The next of the group: only the name typed. */
  gtk_editable_set_text (dialog_entry (dialog, 0), "Bea");
  g_signal_emit_by_name (gtk_editable_get_delegate (dialog_entry (dialog, 0)), "activate");
  assert_true (ctd_test_wait_for_n_items (all, 2, 20000, "Enter to add Bea"));
  {
    g_autoptr(CtdPlayerItem) bea = g_list_model_get_item (all, 1);
    g_autofree char *club = NULL;

    g_object_get (bea, "club", &club, NULL);
    assert_string_equal (ctd_player_item_get_name (bea), "Bea");
    assert_string_equal (club, "Riga");
  }

  /* Clear, by its mnemonic: the club empty, the name still to type. */
  clear = ctd_test_find_named (GTK_WIDGET (dialog), "Clear club");
  assert_non_null (clear);
  assert_true (gtk_widget_mnemonic_activate (clear, FALSE));
  assert_true (ctd_test_wait_for (editable_empty, dialog_entry (dialog, 1), 20000,
                                  "Clear to empty the club"));
  assert_string_equal (gtk_editable_get_text (dialog_entry (dialog, 1)), "");
  assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)),
                                       GTK_WIDGET (dialog_entry (dialog, 0))));
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));

    assert_null (clashes);
  }
  ctd_test_screenshot (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window opens an event on its Event page: the players' rows (GTK
 * 4.8's column view makes 200 at once) wait until their page is shown,
 * then show every player. */
static void
test_rows_when_shown (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_built_event (app, fixture->dir, "rows.chouette", 8, 7,
                                                     FALSE);
  GtkWidget *page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE);
  GtkColumnView *view = GTK_COLUMN_VIEW (ctd_test_find_widget (page, GTK_TYPE_COLUMN_VIEW));
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(CtdPlayerItem) first = NULL;
  char *text;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  assert_false (gtk_widget_get_mapped (page));
  assert_int_equal (g_list_model_get_n_items (rows), 0);
  assert_null (find_exact_label (GTK_WIDGET (view), "Checked in"));
  /* The count under the table follows the document, shown or not. */
  assert_non_null (ctd_test_find_label (page, "8 registered"));

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("players"));
  assert_true (gtk_widget_get_mapped (page));
  assert_int_equal (g_list_model_get_n_items (rows), 8);
  first = g_list_model_get_item (rows, 0);
  text = row_text (view, ctd_player_item_get_name (first));
  assert_non_null (strstr (text, ctd_player_item_get_name (first)));
  g_free (text);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_players_add, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_opens_filled_in, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_cancel, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_enter_saves, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_players_follow, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_players_withdraw, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_players_import, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_withdraw_seated, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_dialog_keeps_club, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rows_when_shown, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The dialog's Clear is found by its accessible name, which
   * GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-players: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
