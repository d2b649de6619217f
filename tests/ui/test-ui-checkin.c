/* test-ui-checkin.c: the players page as the check-in desk on the day,
 * from the keyboard: a few letters and Enter check the one match in and
 * clear the field for the next arrival; several matches ask for a choice
 * (Down); a group is checked in or out at once, and everyone at once
 * after a confirmation, each one undo.
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
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-players-page.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* ---- the desk ---------------------------------------------------------------- */

/* The Players page of a window on the new event “Desk” in a test's
 * folder: the state each test below starts from, each looking at one
 * thing so that one failure does not hide the next. */
typedef struct
{
  CtdMainWindow  *window;
  CtdDocument    *document;
  CtdPlayersPage *page;
  GtkColumnView  *view;
  GListModel     *rows;
} Desk;

static void
desk_clear (Desk *desk)
{
  if (desk->window != NULL)
    gtk_window_destroy (GTK_WINDOW (desk->window));
  desk->window = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Desk, desk_clear)

/* Five players registered, Ed Fox withdrawn and the players named in
 * @present (%NULL-terminated, or %NULL) checked in; the keyboard in the
 * search field. */
static Desk
open_desk (CtdApplication    *app,
           const char        *dir,
           const char *const *present)
{
  static const char *const names[] = { "Anna Berg", "Andy Cole", "Bob Dunn", "Dana Ng", "Ed Fox" };
  g_autofree char *path = g_build_filename (dir, "Desk.chouette", NULL);
  g_autoptr(GError) error = NULL;
  Desk desk = { 0, };
  gint64 ed = 0;

  desk.window = ctd_test_open_new_event (app, path);
  desk.document = ctd_main_window_get_document (desk.window);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gboolean checked_in = present != NULL && g_strv_contains (present, names[i]);

      assert_true (ctd_document_add_player (desk.document, names[i], NULL, NULL, checked_in, &ed,
                                            &error));
    }
  assert_true (ctd_document_withdraw_player (desk.document, ed, FALSE, &error));
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-page",
                                  g_variant_new_string ("players"));
  desk.page = CTD_PLAYERS_PAGE (ctd_test_find_widget (GTK_WIDGET (desk.window),
                                                       CTD_TYPE_PLAYERS_PAGE));
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (desk.page)));
  desk.view = GTK_COLUMN_VIEW (ctd_test_find_widget (GTK_WIDGET (desk.page),
                                                      GTK_TYPE_COLUMN_VIEW));
  desk.rows = G_LIST_MODEL (gtk_column_view_get_model (desk.view));
  gtk_widget_grab_focus (ctd_test_find_widget (GTK_WIDGET (desk.page), GTK_TYPE_SEARCH_ENTRY));
  return desk;
}

/* The search field of the desk (where the keys go). */
static GtkEditable *
search_field (Desk *desk)
{
  return GTK_EDITABLE (ctd_test_find_widget (GTK_WIDGET (desk->page), GTK_TYPE_SEARCH_ENTRY));
}

/* Types @text into the search field and presses Enter. */
static void
search_enter (Desk       *desk,
              const char *text)
{
  gtk_editable_set_text (search_field (desk), text);
  g_signal_emit_by_name (gtk_editable_get_delegate (search_field (desk)), "activate");
}

/* Presses @keyval in the search field, as its key controller hears it
 * (before the field's own text does). */
static gboolean
search_key (Desk  *desk,
            guint  keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (search_field (desk)));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, (GdkModifierType) 0,
                               &handled);
    }
  return handled;
}

/* Whether the keyboard is in @widget. */
static gboolean
has_focus_in (Desk      *desk,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (desk->window));

  return focus != NULL && gtk_widget_is_ancestor (focus, widget);
}

/* Whether player @name is checked in, from the document's own list. */
static gboolean
is_checked_in (Desk       *desk,
               const char *name)
{
  GListModel *all = ctd_document_get_players (desk->document);

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(CtdPlayerItem) player = g_list_model_get_item (all, i);

      if (g_str_equal (ctd_player_item_get_name (player), name))
        return ctd_player_item_get_checked_in (player);
    }
  fail_msg ("no player %s", name);
  return FALSE;
}

/* The position of player @name in the table. */
static guint
row_of (Desk       *desk,
        const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (desk->rows); i++)
    {
      g_autoptr(CtdPlayerItem) player = g_list_model_get_item (desk->rows, i);

      if (g_str_equal (ctd_player_item_get_name (player), name))
        return i;
    }
  fail_msg ("no row %s", name);
  return 0;
}

/* Whether the page's notice shows @text. */
static gboolean
notice_says (Desk       *desk,
             const char *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (desk->page), text);

  return label != NULL && gtk_widget_get_child_visible (gtk_widget_get_parent (GTK_WIDGET (label))) &&
         gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (GTK_WIDGET (label),
                                                                                GTK_TYPE_REVEALER)));
}

/* ---- a name typed -------------------------------------------------------------- */

/* One match: checked in, said with the count, the field empty and still
 * holding the keyboard. */
static void
test_one_match (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, NULL);

  search_enter (&desk, "bob");
  assert_true (is_checked_in (&desk, "Bob Dunn"));
  assert_true (notice_says (&desk, "Bob Dunn checked in (1 of 4 present)."));
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "");
  assert_true (has_focus_in (&desk, GTK_WIDGET (search_field (&desk))));
}

/* Already here: said so, and not checked out. */
static void
test_already_here (void **state)
{
  static const char *const present[] = { "Bob Dunn", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);

  search_enter (&desk, "bob");
  assert_true (is_checked_in (&desk, "Bob Dunn"));
  assert_true (notice_says (&desk, "Bob Dunn is already checked in (1 of 4 present)."));
}

/* Nobody: what to do, nothing changed. */
static void
test_no_match (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, NULL);

  search_enter (&desk, "zed");
  assert_true (notice_says (&desk, "No player matches “zed”."));
  assert_int_equal (ctd_document_get_n_checked_in (desk.document), 0);
}

/* Several: what to do, nothing changed, the letters kept. */
static void
test_several_match (void **state)
{
  static const char *const present[] = { "Bob Dunn", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);

  search_enter (&desk, "an");
  assert_int_equal (g_list_model_get_n_items (desk.rows), 3);
  assert_true (notice_says (&desk, "3 players match “an”: choose one with Down, or type more."));
  ctd_test_screenshot (GTK_WINDOW (desk.window), "players-checkin.png");
  assert_false (is_checked_in (&desk, "Anna Berg"));
  assert_false (is_checked_in (&desk, "Andy Cole"));
  assert_false (is_checked_in (&desk, "Dana Ng"));
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "an");
}

/* A withdrawn player: the store's refusal, the field kept; Escape
 * empties it, the whole list again. */
static void
test_withdrawn (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, NULL);

  search_enter (&desk, "ed f");
  assert_true (notice_says (&desk, "Ed Fox has withdrawn from the event; reinstate them first"));
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "ed f");
  assert_false (is_checked_in (&desk, "Ed Fox"));
  g_signal_emit_by_name (search_field (&desk), "stop-search");
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "");
  assert_int_equal (g_list_model_get_n_items (desk.rows), 5);
}

/* ---- one among several ----------------------------------------------------------- */

/* Down: into the list, its first row chosen (not onto a label), also
 * when the list's focus was on another row from an earlier search;
 * Return there (what the focused row does with it) checks in the first
 * match, Anna, not Dana. */
static void
test_down_into_list (void **state)
{
  static const char *const present[] = { "Bob Dunn", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);
  GtkWidget *focus;

  gtk_editable_set_text (search_field (&desk), "dana");
  gtk_widget_grab_focus (GTK_WIDGET (desk.view));
  gtk_editable_set_text (search_field (&desk), "an");
  gtk_widget_grab_focus (GTK_WIDGET (search_field (&desk)));
  assert_true (search_key (&desk, GDK_KEY_Down));
  assert_true (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (desk.rows), 0));
  assert_false (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (desk.rows), 2));
  assert_true (has_focus_in (&desk, GTK_WIDGET (desk.view)));

  focus = gtk_root_get_focus (GTK_ROOT (desk.window));
  g_signal_emit_by_name (focus, "activate-keybinding");
  assert_true (is_checked_in (&desk, "Anna Berg"));
  assert_false (is_checked_in (&desk, "Dana Ng"));
  assert_true (notice_says (&desk, "Anna Berg checked in (2 of 4 present)."));
  /* One undo takes it back. */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_false (is_checked_in (&desk, "Anna Berg"));
  assert_true (is_checked_in (&desk, "Bob Dunn"));
}

/* Enter on a row among several (Andy's): in, and the keyboard back in
 * the emptied field for the next arrival. */
static void
test_enter_on_row (void **state)
{
  static const char *const present[] = { "Bob Dunn", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);

  gtk_editable_set_text (search_field (&desk), "an");
  gtk_widget_grab_focus (GTK_WIDGET (desk.view));
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (desk.rows), row_of (&desk, "Andy Cole"),
                                   TRUE);
  g_signal_emit_by_name (desk.view, "activate", row_of (&desk, "Andy Cole"));
  assert_true (is_checked_in (&desk, "Andy Cole"));
  assert_false (is_checked_in (&desk, "Anna Berg"));
  assert_true (notice_says (&desk, "Andy Cole checked in (2 of 4 present)."));
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "");
  assert_true (has_focus_in (&desk, GTK_WIDGET (search_field (&desk))));
}

/* The one chosen among several, Enter in the field: that one. A new
 * search starts with nothing chosen, so that Enter never checks in a
 * row chosen for an earlier name. */
static void
test_chosen_then_enter (void **state)
{
  static const char *const present[] = { "Bob Dunn", "Andy Cole", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);
  g_autoptr(GtkBitset) chosen = NULL;

  gtk_editable_set_text (search_field (&desk), "an");
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (desk.rows), row_of (&desk, "Anna Berg"),
                                   TRUE);
  gtk_editable_set_text (search_field (&desk), "");
  gtk_editable_set_text (search_field (&desk), "an");
  chosen = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (desk.rows));
  assert_true (gtk_bitset_is_empty (chosen));

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (desk.rows), row_of (&desk, "Dana Ng"),
                                   TRUE);
  g_signal_emit_by_name (gtk_editable_get_delegate (search_field (&desk)), "activate");
  assert_true (is_checked_in (&desk, "Dana Ng"));
  assert_false (is_checked_in (&desk, "Anna Berg"));
  assert_true (notice_says (&desk, "Dana Ng checked in (3 of 4 present)."));
  assert_string_equal (gtk_editable_get_text (search_field (&desk)), "");
}

/* ---- groups ---------------------------------------------------------------------- */

/* Several rows at once: one action, one undo. */
static void
test_several_rows (void **state)
{
  static const char *const present[] = { "Bob Dunn", "Andy Cole", "Dana Ng", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);
  GtkSelectionModel *rows = GTK_SELECTION_MODEL (desk.rows);

  gtk_selection_model_unselect_all (rows);
  gtk_selection_model_select_item (rows, row_of (&desk, "Andy Cole"), FALSE);
  gtk_selection_model_select_item (rows, row_of (&desk, "Bob Dunn"), FALSE);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "players.check-out", NULL));
  assert_false (is_checked_in (&desk, "Andy Cole"));
  assert_false (is_checked_in (&desk, "Bob Dunn"));
  assert_true (is_checked_in (&desk, "Dana Ng"));
  assert_true (notice_says (&desk, "2 players checked out (1 of 4 present)."));
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_true (is_checked_in (&desk, "Andy Cole"));
  assert_true (is_checked_in (&desk, "Bob Dunn"));
  assert_false (is_checked_in (&desk, "Anna Berg"));
}

/* Check In All: asks, saying how many, then everyone in one action,
 * which one undo takes back. */
static void
test_check_in_all (void **state)
{
  static const char *const present[] = { "Bob Dunn", "Andy Cole", "Dana Ng", NULL };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(Desk) desk = open_desk (app, fixture->dir, present);
  g_autofree char *question = NULL;
  g_autofree char *clashes = NULL;
  GtkWindow *confirm;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "players.check-in-all", NULL));
  confirm = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  assert_non_null (confirm);
  g_object_get (confirm, "text", &question, NULL);
  assert_string_equal (question, "Check in the 1 player not checked in yet?");
  gtk_dialog_response (GTK_DIALOG (confirm), GTK_RESPONSE_ACCEPT);
  assert_true (is_checked_in (&desk, "Anna Berg"));
  assert_true (notice_says (&desk, "Anna Berg checked in (4 of 4 present)."));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (desk.page),
                                                                           "Check In All"))));
  ctd_test_screenshot (GTK_WINDOW (desk.window), NULL);
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (desk.window));
  assert_null (clashes);

  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_false (is_checked_in (&desk, "Anna Berg"));
  assert_true (is_checked_in (&desk, "Dana Ng"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_one_match, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_already_here, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_no_match, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_several_match, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_withdrawn, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_down_into_list, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_enter_on_row, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_chosen_then_enter, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_several_rows, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_check_in_all, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-checkin: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
