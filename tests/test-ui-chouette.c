/* test-ui-chouette.c: the chouette scoring page, reached as a director
 * reaches it (the Rounds page, "Go to chouette", win.show-chouette) and
 * used as a director uses it: whole chouettes typed into its field,
 * refused lines, previews, corrections, clearing, undo, another writer,
 * the paper cross-check and a locked round.
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

#include <glib/gstdio.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-guided-form.h"
#include "ctd-export-dialog.h"
#include "ctd-items.h"
#include "ctd-main-window.h"
#include "ctd-print.h"
#include "ctd-rounds-page.h"
#include "ctd-sample.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* A window on a 16-player event whose qualifying round is played. */
static CtdMainWindow *
open_event (CtdApplication *app,
            const char     *dir)
{
  return ctd_test_open_built_event (app, dir, "Played.chouette", 16, 11, FALSE);
}

static const char *
visible_page (CtdMainWindow *window)
{
  GtkStack *pages = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (ctd_test_find_page (window))));

  return gtk_stack_get_visible_child_name (pages);
}

static void
test_navigation (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_find_page (window);
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
  /* The keyboard went on to the chouette's notation field. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
    GtkWidget *field = GTK_WIDGET (ctd_test_notation_entry (page));

    assert_true (focus == field || gtk_widget_is_ancestor (focus, field));
  }

  /* A chouette that does not exist: core's words in the banner, and the
   * page keeps what it shows. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.9"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (window), "1.9"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("one"));
  assert_int_equal (ctd_chouette_page_get_number (page), 2);

  /* Ctrl+Page Down and Up go through the round's pile of sheets; at
   * either end the page says so and stays. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-chouette", NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 3);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 1);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                           NULL));
  assert_int_equal (ctd_chouette_page_get_number (page), 1);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        "Chouette 1.1 is the first of round 1."));
  {
    guint n = g_list_model_get_n_items (ctd_document_get_chouettes (
      ctd_main_window_get_document (window), 1));
    g_autofree char *last = g_strdup_printf ("1.%u", n);
    g_autofree char *said = g_strdup_printf ("Chouette 1.%u is the last of round 1.", n);

    g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                    g_variant_new_string (last));
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-chouette", NULL));
    assert_int_equal (ctd_chouette_page_get_number (page), n);
    assert_non_null (ctd_test_find_label (GTK_WIDGET (page), said));
  }

  /* The page's keys are in the shortcuts window. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (ctd_test_find_toplevel (
                                          GTK_TYPE_SHORTCUTS_WINDOW)), "Scoring a chouette"));
  gtk_window_destroy (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- a chouette at the director's desk ------------------------------------ */

/* The tests below open ctd_test_open_seven()'s event: 7 players at 5.00
 * a point, round 1 drawn, one chouette of 4 and one of 3. */

static gboolean
preview_is_error (CtdChouettePage *page)
{
  return gtk_widget_has_css_class (ctd_test_find_by_class (GTK_WIDGET (page), "preview"), "error");
}

/* The totals row under the grid: player @p's total. */
static const char *
shown_total (CtdChouettePage *page,
             guint            p)
{
  GtkWidget *grid = ctd_test_find_by_class (GTK_WIDGET (page), "totals");
  GtkWidget *label = gtk_grid_get_child_at (GTK_GRID (grid), p, 1);

  return gtk_label_get_text (GTK_LABEL (label));
}

/* Whether the grid, as drawn, shows @text in a mapped cell. */
static gboolean
find_shown (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0 &&
      gtk_widget_get_mapped (root))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_shown (child, text))
      return TRUE;
  return FALSE;
}

static gboolean
grid_shows (CtdMainWindow   *window,
            CtdChouettePage *page,
            const char      *text)
{
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return find_shown (GTK_WIDGET (ctd_test_page_grid (page)), text);
}

static const char *
chouette_status (CtdDocument *document,
                 guint        number)
{
  GListModel *chouettes = ctd_document_get_chouettes (document, 1);
  static char status[200];

  for (guint i = 0; i < g_list_model_get_n_items (chouettes); i++)
    {
      g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, i);
      g_autofree char *text = NULL;

      if (ctd_chouette_item_get_number (item) != number)
        continue;
      g_object_get (item, "status", &text, NULL);
      g_strlcpy (status, text, sizeof status);
      return status;
    }
  return "";
}

static GtkMessageDialog *
find_confirmation (void)
{
  GtkWindow *dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);

  assert_non_null (dialog);
  return GTK_MESSAGE_DIALOG (dialog);
}

static char *
confirmation_detail (GtkMessageDialog *dialog)
{
  char *detail = NULL;

  g_object_get (dialog, "secondary-text", &detail, NULL);
  return detail;
}

/* A whole chouette of 4 and one of 3, typed into the field alone: Enter
 * after each line, the next row selected each time; the totals are
 * core's, and the Rounds page says complete. */
static void
test_enter_whole_chouettes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  CtdRng rng;

  ctd_rng_init (&rng, 77);
  for (guint size = 4; size >= 3; size--)
    {
      guint number = ctd_test_chouette_of_size (document, size);
      CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
      CtdChouetteView *view = ctd_chouette_page_get_view (page);
      GListModel *columns = gtk_column_view_get_columns (ctd_test_page_grid (page));
      GtkEntry *entry = ctd_test_notation_entry (page);
      g_autoptr(GtkColumnViewColumn) first_player = g_list_model_get_item (columns, 7);
      g_autoptr(GtkColumnViewColumn) result = g_list_model_get_item (columns, 7 + 2 * size);
      g_autoptr(CtdChouette) chouette = NULL;
      g_autofree char *heading = g_strdup_printf ("1 %s", ctd_chouette_view_get_name (view, 1));
      CtdHalves totals[CTD_MAX_PLAYERS];
      g_autoptr(GError) error = NULL;
      GtkWidget *focus;

      /* The paper's columns: 7 fixed, a score and a total a player, the
       * result. */
      assert_int_equal (g_list_model_get_n_items (columns), 8 + 2 * size);
      assert_string_equal (gtk_column_view_column_get_title (first_player), heading);
      assert_string_equal (gtk_column_view_column_get_title (result), "Result (notation)");

      /* The keyboard is in the field, on game 1. */
      focus = gtk_root_get_focus (GTK_ROOT (window));
      assert_true (focus == GTK_WIDGET (entry) ||
                   gtk_widget_is_ancestor (focus, GTK_WIDGET (entry)));
      for (guint game = 1; game <= CTD_N_GAMES; game++)
        {
          g_autofree char *line = NULL;

          assert_int_equal (ctd_test_selected_game (page), game);
          assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
          line = ctd_test_line_for (page, game, &rng);
          gtk_editable_set_text (GTK_EDITABLE (entry), line);
          assert_false (preview_is_error (page));
          assert_true (g_str_has_prefix (ctd_test_preview_text (page), "Records “"));
          g_signal_emit_by_name (entry, "activate");
          assert_int_equal (ctd_chouette_view_get_n_recorded (view), game);
          assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, game)), line);
        }
      assert_true (ctd_chouette_view_get_complete (view));
      /* The last game stays selected, with its line, for a correction. */
      assert_int_equal (ctd_test_selected_game (page), CTD_N_GAMES);

      /* The totals under the grid are the view's, and core's own sums. */
      chouette = ctd_store_load_chouette (ctd_document_get_store (document), 1, number, &error);
      assert_non_null (chouette);
      ctd_chouette_get_totals (chouette, totals);
      for (guint p = 1; p <= size; p++)
        {
          g_autofree char *total = ctd_halves_to_string (totals[p - 1], TRUE);

          assert_string_equal (ctd_chouette_view_get_total_text (view, p), total);
          assert_string_equal (shown_total (page, p), total);
          assert_string_equal (ctd_game_item_get_total_text (ctd_test_grid_row (page, CTD_N_GAMES),
                                                             p),
                               total);
        }
      assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Sum 0 ✓"));
      assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Settlement:"));
      assert_string_equal (chouette_status (document, number), "Complete");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A refused line shows core's message, naming the game and the player,
 * records nothing and stays for correction; a good line shows each
 * player's delta and new total before Enter. */
static void
test_refused_line_and_preview (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *canonical = NULL;
  CtdHalves deltas[CTD_MAX_PLAYERS], totals[CTD_MAX_PLAYERS];
  CtdRng rng;

  /* Enter on an empty field: nothing to record. */
  ctd_test_type_line (page, "");
  assert_true (preview_is_error (page));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);

  /* Game 1 starts at 1: a cube of 3 cannot arise. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "T 2:3");
  assert_true (preview_is_error (page));
  assert_false (ctd_chouette_view_preview (view, 1, "T 2:3", NULL, NULL, NULL, &error));
  assert_string_equal (ctd_test_preview_text (page), error->message);
  assert_non_null (strstr (ctd_test_preview_text (page), "Game 1"));
  /* The player as the preview's own figures name them, the values a
   * table reaches (the example, word for word). */
  {
    g_autofree char *expected = g_strdup_printf ("Game 1: 2 %s's cube value 3 cannot arise from "
                                                 "a starting cube of 1; expected 1, 2, 4, 8, … "
                                                 "(in '2:3')",
                                                 ctd_chouette_view_get_name (view, 2));

    assert_string_equal (ctd_test_preview_text (page), expected);
  }
  g_signal_emit_by_name (entry, "activate");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  assert_false (ctd_game_item_get_recorded (ctd_test_grid_row (page, 1)));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "T 2:3");
  assert_string_equal (ctd_test_preview_text (page), error->message);
  assert_int_equal (ctd_test_selected_game (page), 1);

  /* A good line: each player's delta and new total, nothing written. */
  ctd_rng_init (&rng, 5);
  line = ctd_test_line_for (page, 1, &rng);
  gtk_editable_set_text (GTK_EDITABLE (entry), line);
  assert_false (preview_is_error (page));
  assert_true (ctd_chouette_view_preview (view, 1, line, deltas, totals, &canonical, NULL));
  assert_non_null (strstr (ctd_test_preview_text (page), canonical));
  for (guint p = 1; p <= 4; p++)
    {
      g_autofree char *delta = ctd_halves_to_string (deltas[p - 1], TRUE);
      g_autofree char *total = ctd_halves_to_string (totals[p - 1], TRUE);
      g_autofree char *shown = g_strdup_printf ("%u %s %s (total %s)", p,
                                                ctd_chouette_view_get_name (view, p), delta,
                                                total);

      assert_non_null (strstr (ctd_test_preview_text (page), shown));
    }
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);

  /* Enter on a row of the grid: that game's line, in the field. */
  gtk_widget_grab_focus (GTK_WIDGET (ctd_test_page_grid (page)));
  g_signal_emit_by_name (ctd_test_page_grid (page), "activate", 2);
  assert_int_equal (ctd_test_selected_game (page), 3);
  assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (entry)));
  gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);

  /* F4's action shows the guided form's place, and hides it again. */
  {
    GtkWidget *guided = ctd_test_find_by_class (GTK_WIDGET (page), "guided");
    GtkRevealer *revealer = GTK_REVEALER (gtk_widget_get_ancestor (guided, GTK_TYPE_REVEALER));

    assert_false (gtk_revealer_get_reveal_child (revealer));
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
    assert_true (gtk_revealer_get_reveal_child (revealer));
    assert_true (gtk_widget_get_visible (GTK_WIDGET (revealer)));
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
    assert_false (gtk_revealer_get_reveal_child (revealer));
  }

  /* Down and Up (the field's shortcuts' actions) choose the game. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.next-game", NULL));
  assert_int_equal (ctd_test_selected_game (page), 2);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL));
  assert_int_equal (ctd_test_selected_game (page), 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The check button of @root whose label contains @text. */
static GtkCheckButton *
find_check (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_CHECK_BUTTON (root) && gtk_check_button_get_label (GTK_CHECK_BUTTON (root)) != NULL &&
      strstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (root)), text) != NULL)
    return GTK_CHECK_BUTTON (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkCheckButton *found = find_check (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The guided form writes its line into the field, and Enter records it
 * through the same path; a line typed is shown by the form. */
static void
test_guided_form (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  GtkWidget *form;
  GtkCheckButton *team;
  g_autofree char *clashes = NULL;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_non_null (form);
  assert_true (gtk_widget_get_mapped (form));
  /* The keyboard goes into the form. */
  assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), form));
  /* Every Alt+letter on screen does one thing: a shared one would only
   * move the focus between its widgets. */
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (window));
  if (clashes != NULL)
    fail_msg ("mnemonics shared by %s", clashes);

  /* The team won: the field says so, and the preview checks it. */
  team = find_check (form, "Team");
  assert_non_null (team);
  gtk_check_button_set_active (team, TRUE);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "T");
  assert_false (preview_is_error (page));
  g_signal_emit_by_name (entry, "activate");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
  assert_int_equal (ctd_test_selected_game (page), 2);
  /* The next game starts where the form does, the Box's win, in the
   * field too: Enter records it. */
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "B");
  assert_true (g_str_has_prefix (ctd_test_preview_text (page), "Records “B”"));
  g_signal_emit_by_name (entry, "activate");
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 2)), "B");
  assert_int_equal (ctd_test_selected_game (page), 3);

  /* A line typed into the field shows in the form. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "T");
  assert_true (gtk_check_button_get_active (find_check (form, "Team")));
  gtk_editable_set_text (GTK_EDITABLE (entry), "B");
  assert_true (gtk_check_button_get_active (find_check (form, "Box")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A correction asks first, in core's words (what changes downstream
 * included); Cancel changes nothing; accepted, it replaces. Clearing a
 * game asks the same way. */
static void
test_correct_and_clear (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autofree char *old_line = NULL;
  g_autofree char *new_line = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *old_total = NULL;
  g_autoptr(GError) error = NULL;
  GtkMessageDialog *dialog;
  CtdRng rng;

  ctd_rng_init (&rng, 11);
  for (guint game = 1; game <= 3; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_int_equal (ctd_test_selected_game (page), 4);

  /* Up to game 1: its line is in the field. */
  for (guint i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (page), 1);
  old_line = g_strdup (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), old_line);
  old_total = g_strdup (ctd_chouette_view_get_total_text (view, 1));
  do
    {
      g_free (new_line);
      new_line = ctd_test_line_for (page, 1, &rng);
    }
  while (g_str_equal (new_line, old_line));
  expected = ctd_chouette_view_describe_replacement (view, 1, new_line, &error);
  assert_non_null (expected);

  /* Enter: the question, with what the change does downstream. */
  ctd_test_type_line (page, new_line);
  dialog = find_confirmation ();
  detail = confirmation_detail (dialog);
  assert_string_equal (detail, expected);
  assert_non_null (strstr (detail, "Game 1: “"));
  assert_non_null (strstr (detail, "cube-decision order") != NULL
                     ? strstr (detail, "cube-decision order")
                     : strstr (detail, "Cube-decision orders"));

  /* Cancel: nothing changes, the typed line stays. */
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), old_line);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_string_equal (ctd_chouette_view_get_total_text (view, 1), old_total);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), new_line);
  assert_int_equal (ctd_test_selected_game (page), 1);

  /* Enter again and accept: replaced, and on to the next game to enter. */
  g_signal_emit_by_name (entry, "activate");
  gtk_dialog_response (GTK_DIALOG (find_confirmation ()), GTK_RESPONSE_ACCEPT);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), new_line);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_int_equal (ctd_test_selected_game (page), 4);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Game 1 corrected"));
  assert_string_equal (shown_total (page, 1), ctd_chouette_view_get_total_text (view, 1));

  /* Clearing a game without a result: core's words, no question. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "has no result for game 4"));

  /* Game 3 cleared, after the question. */
  gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (page), 3);
  g_clear_pointer (&expected, g_free);
  expected = ctd_chouette_view_describe_replacement (view, 3, NULL, &error);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL));
  dialog = find_confirmation ();
  g_clear_pointer (&detail, g_free);
  detail = confirmation_detail (dialog);
  assert_string_equal (detail, expected);
  assert_non_null (strstr (detail, "is cleared"));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 2);
  assert_false (ctd_game_item_get_recorded (ctd_test_grid_row (page, 3)));
  assert_int_equal (ctd_chouette_view_get_next_game (view), 3);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Undo and redo (the window's) and another program's writes reach the
 * grid as drawn; a line refused by the store because the page had not
 * seen the other write yet is shown in the store's words. */
static void
test_undo_and_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *mine = NULL;
  gint64 start;
  CtdRng rng;

  ctd_rng_init (&rng, 3);
  line = ctd_test_line_for (page, 1, &rng);
  ctd_test_type_line (page, line);
  assert_true (grid_shows (window, page, line));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  assert_false (grid_shows (window, page, line));
  assert_string_equal (shown_total (page, 1), "");
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_true (grid_shows (window, page, line));
  assert_string_equal (shown_total (page, 1), ctd_chouette_view_get_total_text (view, 1));

  /* Another program records game 2: shown within a second. */
  assert_int_equal (ctd_test_selected_game (page), 2);
  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  theirs = ctd_test_line_for (page, 2, &rng);
  assert_true (ctd_store_record_game (other, 1, number, 2, theirs, FALSE, &error));
  start = g_get_monotonic_time ();
  while (ctd_chouette_view_get_n_recorded (view) < 2 &&
         g_get_monotonic_time () - start < 2 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, FALSE);
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  assert_true (grid_shows (window, page, theirs));
  /* The field was not being typed in: it shows their line. */
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), theirs);

  /* Game 3, typed here while the other program records it too: the
   * store refuses, in its words, and keeps the director's line. */
  gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.next-game", NULL);
  g_clear_pointer (&theirs, g_free);
  theirs = ctd_test_line_for (page, 3, &rng);
  do
    {
      g_free (mine);
      mine = ctd_test_line_for (page, 3, &rng);
    }
  while (g_str_equal (mine, theirs));
  assert_true (ctd_store_record_game (other, 1, number, 3, theirs, FALSE, &error));
  ctd_test_type_line (page, mine);
  assert_true (preview_is_error (page));
  assert_non_null (strstr (ctd_test_preview_text (page), "already has the result"));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), mine);
  start = g_get_monotonic_time ();
  while (ctd_chouette_view_get_n_recorded (view) < 3 &&
         g_get_monotonic_time () - start < 2 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, FALSE);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 3)), theirs);
  /* Now the page knows: the line typed is a replacement to confirm. */
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), mine);
  assert_true (g_str_has_prefix (ctd_test_preview_text (page), "Replaces “"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A chouette whose draw is undone is gone from the page, in the view's
 * words; redone, it is back with its next game selected. */
static void
test_draw_undone (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 1);
  GtkStack *stack = GTK_STACK (ctd_test_find_widget (GTK_WIDGET (page), GTK_TYPE_STACK));

  assert_string_equal (gtk_stack_get_visible_child_name (stack), "chouette");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_false (ctd_chouette_view_get_exists (ctd_chouette_page_get_view (page)));
  assert_string_equal (gtk_stack_get_visible_child_name (stack), "none");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "There is no chouette 1.1"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_string_equal (gtk_stack_get_visible_child_name (stack), "chouette");
  assert_int_equal (ctd_test_selected_game (page), 1);
  assert_int_equal (g_list_model_get_n_items (gtk_column_view_get_columns (
                      ctd_test_page_grid (page))),
                    8 + 2 * ctd_chouette_view_get_size (ctd_chouette_page_get_view (page)));

  /* Another event: the page's hint again. */
  ctd_main_window_set_document (window, NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Choose a chouette"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
set_paper (CtdChouettePage *page,
           guint            p,
           CtdHalves        total)
{
  g_autofree char *text = ctd_halves_to_string (total, FALSE);

  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, p)), text);
}

/* The returned sheet's totals typed under the grid: agreeing, then
 * disagreeing, as the view words it; the Rounds page follows. */
static void
test_crosscheck (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 3);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkWidget *crosscheck;
  CtdHalves totals[3];
  CtdRng rng;

  ctd_rng_init (&rng, 19);
  for (guint game = 1; game <= 4; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  for (guint p = 1; p <= 3; p++)
    totals[p - 1] = ctd_chouette_view_get_total (view, p);

  /* Not a score: refused at the field, nothing stored. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, 1)), "four");
  g_signal_emit_by_name (ctd_test_page_entry (page, 1), "activate");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "“four” is not a score"));
  assert_false (ctd_chouette_view_get_paper_given (view));

  /* Totals that do not add up to zero: the store's words. */
  set_paper (page, 1, totals[0] + 2);
  set_paper (page, 2, totals[1]);
  set_paper (page, 3, totals[2]);
  g_signal_emit_by_name (ctd_test_page_entry (page, 3), "activate");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "add up to +1, not 0"));
  assert_false (ctd_chouette_view_get_paper_given (view));

  /* Agreeing, with Enter in a total. */
  set_paper (page, 1, totals[0]);
  g_signal_emit_by_name (ctd_test_page_entry (page, 2), "activate");
  assert_true (ctd_chouette_view_get_paper_given (view));
  assert_true (ctd_chouette_view_get_paper_agrees (view));
  crosscheck = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page), "The paper totals agree"));
  assert_non_null (crosscheck);
  assert_true (gtk_widget_get_visible (crosscheck));
  assert_false (gtk_widget_has_css_class (crosscheck, "error"));

  /* Disagreeing (2 and 3 swapped, or 1 point moved), with the button's
   * action: the view's words, game by game. */
  if (totals[1] != totals[2])
    {
      set_paper (page, 2, totals[2]);
      set_paper (page, 3, totals[1]);
    }
  else
    {
      set_paper (page, 2, totals[1] + 2);
      set_paper (page, 3, totals[2] - 2);
    }
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
  assert_false (ctd_chouette_view_get_paper_agrees (view));
  assert_string_equal (gtk_label_get_text (GTK_LABEL (crosscheck)),
                       ctd_chouette_view_get_crosscheck (view));
  assert_non_null (strstr (gtk_label_get_text (GTK_LABEL (crosscheck)), "the paper says"));
  assert_true (gtk_widget_has_css_class (crosscheck, "error"));
  assert_non_null (strstr (chouette_status (document, number), "disagrees with the paper"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A released round and a read-only file: nothing can be entered, and
 * the page says why in the view's words; undoing the release opens it. */
static void
test_locked (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdDocument *document = ctd_test_window_document (window);
  g_autofree char *path = g_strdup (ctd_document_get_path (document));
  g_autoptr(CtdDocument) read_only = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouettePage *page;
  CtdChouetteView *view;
  GtkWidget *focus;

  assert_true (ctd_document_release_round (document, 1, &error));
  page = ctd_test_show_chouette (window, 1, 1);
  view = ctd_chouette_page_get_view (page);
  assert_false (ctd_chouette_view_get_editable (view));
  assert_non_null (strstr (ctd_chouette_view_get_locked_reason (view), "released"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        ctd_chouette_view_get_locked_reason (view)));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_page_entry (page, 1))));
  /* The keyboard goes to the grid, to read it. */
  focus = gtk_root_get_focus (GTK_ROOT (window));
  assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (ctd_test_page_grid (page))) ||
               focus == GTK_WIDGET (ctd_test_page_grid (page)));
  gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), CTD_N_GAMES);

  /* Undo the release: the page opens again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_true (ctd_chouette_view_get_editable (view));
  assert_true (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));

  /* The same file, read-only. */
  read_only = ctd_document_open_read_only (path, &error);
  assert_non_null (read_only);
  ctd_main_window_set_document (window, read_only);
  page = ctd_test_show_chouette (window, 1, 2);
  view = ctd_chouette_page_get_view (page);
  assert_false (ctd_chouette_view_get_editable (view));
  /* The document's reason, as the window's banner gives it. */
  assert_string_equal (ctd_chouette_view_get_locked_reason (view),
                       ctd_document_get_read_only_reason (read_only));
  assert_non_null (strstr (ctd_chouette_view_get_locked_reason (view), "reading only"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page),
                                        ctd_document_get_read_only_reason (read_only)));
  assert_false (gtk_widget_is_sensitive (GTK_WIDGET (ctd_test_notation_entry (page))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Export Sheet… opens the export dialog on this chouette. */
static void
test_export_sheet (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 3);
  GtkWindow *dialog;
  GtkDropDown *chouettes;
  GtkToggleButton *one;
  GtkWidget *check;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.export-sheet", NULL));
  dialog = ctd_test_find_toplevel (CTD_TYPE_EXPORT_DIALOG);
  assert_non_null (dialog);
  /* "One chouette's scoring sheet", chosen, beside the round's chouettes
   * with 1.3 selected. */
  check = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (dialog), "houette's scoring sheet"));
  assert_non_null (check);
  one = GTK_TOGGLE_BUTTON (gtk_widget_get_ancestor (check, GTK_TYPE_TOGGLE_BUTTON));
  assert_true (gtk_toggle_button_get_active (one));
  chouettes = GTK_DROP_DOWN (gtk_widget_get_next_sibling (GTK_WIDGET (one)));
  assert_true (GTK_IS_DROP_DOWN (chouettes));
  assert_string_equal (ctd_chouette_item_get_label (gtk_drop_down_get_selected_item (chouettes)),
                       "1.3");
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Reads @pdf back with pdfinfo: its first page's size in points;
 * returns how many pages it has. */
static int
pdf_page_size (const char *pdf,
               double     *out_width,
               double     *out_height)
{
  const char *info_argv[] = { "pdfinfo", pdf, NULL };
  g_autofree char *info = NULL;
  g_autoptr(GError) error = NULL;
  const char *line;
  int status, n_pages = 0;

  if (!g_spawn_sync (NULL, (char **) info_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &info,
                     NULL, &status, &error))
    fail_msg ("pdfinfo: %s", error->message);
  line = strstr (info, "Page size:");
  assert_non_null (line);
  assert_int_equal (sscanf (line, "Page size: %lf x %lf", out_width, out_height), 2);
  line = strstr (info, "Pages:");
  assert_non_null (line);
  assert_int_equal (sscanf (line, "Pages: %d", &n_pages), 1);
  return n_pages;
}

/* Printing draws the sheet the PDF export draws: in export mode,
 * GtkPrintOperation writes one landscape page holding the players, on
 * the paper last chosen for the event (A4, the C locale's, until then). */
static void
test_print_sheet (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture->dir);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 3);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  const char *event_path = ctd_document_get_path (ctd_main_window_get_document (window));
  g_autofree char *setup_path = ctd_print_setup_path (event_path);
  g_autofree char *pdf = g_build_filename (fixture->dir, "printed.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  const char *text_argv[] = { "pdftotext", "-layout", pdf, "-", NULL };
  g_autoptr(GtkPageSetup) letter = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) letter_size = gtk_paper_size_new (GTK_PAPER_NAME_LETTER);
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  double width = 0, height = 0;
  int status;

  g_unlink (setup_path);
  assert_true (ctd_chouette_page_print (page, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, &error));
  assert_true (g_spawn_sync (NULL, (char **) text_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                             &text, NULL, &status, &error));
  assert_true (g_spawn_check_wait_status (status, NULL));
  for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
    assert_non_null (strstr (text, ctd_chouette_view_get_name (view, p)));
  /* One page: no form feed between pages. */
  assert_null (strchr (g_strchomp (text), '\f'));
  assert_int_equal (pdf_page_size (pdf, &width, &height), 1);
  assert_float_equal (width, 842, 1);
  assert_float_equal (height, 595, 1);

  /* As the print dialog leaves it (ctd_print_run() saves it). */
  gtk_page_setup_set_paper_size (letter, letter_size);
  assert_true (ctd_print_setup_save (event_path, settings, letter, &error));
  assert_true (ctd_chouette_page_print (page, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, &error));
  assert_int_equal (pdf_page_size (pdf, &width, &height), 1);
  assert_float_equal (width, 792, 1);
  assert_float_equal (height, 612, 1);
  g_unlink (setup_path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- SPEC 5's worked examples, typed and through the form ----------------- */

static GtkWidget *
form_control (GtkWidget  *form,
              const char *name)
{
  GtkWidget *widget = ctd_test_find_named (form, name);

  if (widget == NULL)
    fail_msg ("no control named \"%s\" in the form", name);
  return widget;
}

/* Selects the first item of the dropdown @name that starts with @label
 * ("3 " for player 3, whatever the name), as a click would. */
static void
form_pick (GtkWidget  *form,
           const char *name,
           const char *label)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (form_control (form, name));
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      const char *item = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (g_str_has_prefix (item, label))
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  fail_msg ("\"%s\" does not offer \"%s\"", name, label);
}

static void
form_check (GtkWidget  *form,
            const char *name)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (form_control (form, name)), TRUE);
}

static void
form_click (GtkWidget  *form,
            const char *name)
{
  g_signal_emit_by_name (form_control (form, name), "clicked");
}

/* Selects @game's row, as a click on the grid would. */
static void
select_game (CtdChouettePage *page,
             guint            game)
{
  GtkSelectionModel *model = gtk_column_view_get_model (ctd_test_page_grid (page));

  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), game - 1);
  assert_int_equal (ctd_test_selected_game (page), game);
}

typedef struct
{
  guint       game;        /* of the 4-player schedule: Box 1, this cube */
  const char *typed;       /* SPEC's entry */
  const char *stored;      /* core's canonical line */
  CtdHalves   deltas[4];   /* SPEC's deltas, in half points */
} WorkedExample;

/* Drives the form's widgets to example @index's line. */
static void
fill_form (GtkWidget *form,
           guint      index)
{
  switch (index)
    {
    case 0: /* Tg 3:8 (game 2, cube 2) */
      form_check (form, "Team won");
      form_check (form, "Gammon");
      form_pick (form, "Player 3's cube value", "8");
      break;
    case 1: /* B 2:1- 3:1- 4:2 E:3>4:4 (game 1, cube 1) */
      form_check (form, "Box won");
      form_pick (form, "How player 2's cube ended", "passed by 2");
      form_pick (form, "How player 3's cube ended", "passed by 3");
      form_pick (form, "Player 4's cube value", "2");
      form_click (form, "Add extra");
      form_pick (form, "Who offered extra 1", "3 ");
      form_pick (form, "Who took extra 1", "4 ");
      form_pick (form, "Extra 1's value", "4");
      break;
    case 2: /* T 2:16 3:8 4:4+ !T (game 3, cube 4) */
      form_check (form, "Team won");
      form_pick (form, "Player 2's cube value", "16");
      form_pick (form, "Player 3's cube value", "8");
      form_pick (form, "How player 4's cube ended", "passed by the Box");
      form_check (form, "Crew doubled together");
      break;
    case 3: /* Bb 2:2 3:1 4:w F:4>1:0.5 (game 1, cube 1) */
      form_check (form, "Box won");
      form_check (form, "Backgammon");
      form_pick (form, "Player 2's cube value", "2");
      form_pick (form, "How player 4's cube ended", "wash");
      form_click (form, "Add penalty");
      form_pick (form, "Who pays penalty 1", "4 ");
      form_pick (form, "Who receives penalty 1", "1 ");
      break;
    default:
      g_assert_not_reached ();
    }
}

/* SPEC 5's four worked examples (a 4-player chouette, Box = player 1:
 * games 1-3, cubes 1, 2, 4), typed into the field, then, the game
 * cleared by undo, entered through the guided form's widgets: the same
 * stored line and SPEC's deltas both ways. */
static void
test_worked_examples (void **state)
{
  static const WorkedExample examples[] = {
    { 2, "Tg 3:8", "Tg 3:8", { -40, 4, 32, 4 } },
    { 1, "B 2:1- 3:1- 4:2 E:3>4:4", "B 2:1- 3:1- 4:2 E:3>4:4", { 8, -2, 4, -10 } },
    { 3, "T 2:16 3:8 4:4+ !T", "T 2:16 3:8 4:4+ !T", { -56, 32, 16, 8 } },
    { 1, "Bb 2:2 3:1 4:w F:4>1:0.5", "Bb 2:2 4:w F:4>1:0.5", { 15, -12, -2, -1 } },
  };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  GtkWidget *form;

  /* The schedule the examples need. */
  for (guint game = 1; game <= 3; game++)
    {
      guint box, cube;

      g_object_get (ctd_test_grid_row (page, game), "box", &box, "cube", &cube, NULL);
      assert_int_equal (box, 1);
      assert_int_equal (cube, 1u << (game - 1));
    }

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_non_null (form);

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      const WorkedExample *example = &examples[i];
      g_autofree char *typed_line = NULL;
      CtdHalves typed[4];

      /* Typed. */
      select_game (page, example->game);
      ctd_test_type_line (page, example->typed);
      if (ctd_chouette_view_get_n_recorded (view) != 1)
        fail_msg ("example %u \"%s\" not recorded: %s", i + 1, example->typed,
                  ctd_test_preview_text (page));
      typed_line = g_strdup (ctd_game_item_get_notation (ctd_test_grid_row (page, example->game)));
      assert_string_equal (typed_line, example->stored);
      for (guint p = 1; p <= 4; p++)
        {
          typed[p - 1] = ctd_game_item_get_delta (ctd_test_grid_row (page, example->game), p);
          if (typed[p - 1] != example->deltas[p - 1])
            fail_msg ("example %u, player %u: %d half points, SPEC says %d", i + 1, p,
                      (int) typed[p - 1], (int) example->deltas[p - 1]);
        }

      /* Undone: the game is fresh again. */
      g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);

      /* Through the form: open, it starts the fresh game at the Box's
       * win, in the field too. */
      select_game (page, example->game);
      if (!gtk_widget_get_mapped (form))
        assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
      assert_true (gtk_widget_get_mapped (form));
      assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "B");
      fill_form (form, i);
      assert_false (preview_is_error (page));
      g_signal_emit_by_name (entry, "activate");
      if (ctd_chouette_view_get_n_recorded (view) != 1)
        fail_msg ("example %u from the form \"%s\" not recorded: %s", i + 1,
                  gtk_editable_get_text (GTK_EDITABLE (entry)), ctd_test_preview_text (page));
      assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, example->game)),
                           typed_line);
      for (guint p = 1; p <= 4; p++)
        assert_int_equal (ctd_game_item_get_delta (ctd_test_grid_row (page, example->game), p),
                          typed[p - 1]);
      g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* tests/test-cli.py's table of bad input, the rows a director can type
 * into the field or Go to chouette: each refusal is shown at the field
 * (the preview, in its error state, with the words the command line
 * prints) and changes nothing. */
static void
test_bad_input_table (void **state)
{
  static const struct
  {
    guint       game;
    const char *line;
    const char *words;
  } lines[] = {
    { 2, "Q", "Game 2" },
    { 2, "B 1:2", "Game 2" },   /* the Box's own cube */
    { 2, "T 2:3", "Game 2" },   /* not a cube value */
    { 2, "T T", "Game 2" },
    { 2, "", "Game 2" },
    { 1, "B 1:2", "Game 1" },   /* a refused line keeps the earlier result */
  };
  static const char *const labels[] = { "1.9", "7.1", "x.y", "1.13" };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autofree char *total = NULL;

  ctd_test_type_line (page, "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  total = g_strdup (ctd_chouette_view_get_total_text (view, 1));

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      select_game (page, lines[i].game);
      gtk_editable_set_text (GTK_EDITABLE (entry), lines[i].line);
      g_signal_emit_by_name (entry, "activate");
      assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
      if (!preview_is_error (page) || strstr (ctd_test_preview_text (page), lines[i].words) == NULL)
        fail_msg ("\"%s\" on game %u: the field shows \"%s\"%s, not \"%s\"", lines[i].line,
                  lines[i].game, ctd_test_preview_text (page),
                  preview_is_error (page) ? "" : " (not as an error)", lines[i].words);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
      assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
      assert_false (ctd_game_item_get_recorded (ctd_test_grid_row (page, 2)));
      assert_string_equal (ctd_chouette_view_get_total_text (view, 1), total);
      /* The line stays, to be corrected. */
      assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), lines[i].line);
      assert_int_equal (ctd_test_selected_game (page), lines[i].game);
    }

  /* "B" over game 1's "T": the command line refuses without --replace;
   * the page asks first, and Cancel changes nothing. */
  select_game (page, 1);
  ctd_test_type_line (page, "B");
  gtk_dialog_response (GTK_DIALOG (find_confirmation ()), GTK_RESPONSE_CANCEL);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);

  /* Chouettes and games that do not exist: named in the window's banner,
   * and the page keeps its chouette. */
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                      g_variant_new_string (labels[i]));
      if (ctd_test_find_label (GTK_WIDGET (window), labels[i]) == NULL)
        fail_msg ("Go to \"%s\": no message names it", labels[i]);
      assert_int_equal (ctd_chouette_page_get_number (page), number);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The players of a sheet's order text ("3 1 2", "3, 1, 2"), as digits. */
static void
order_digits (const char *text,
              char       *digits,
              gsize       size)
{
  gsize n = 0;

  for (const char *c = text; *c != '\0' && n + 1 < size; c++)
    if (g_ascii_isdigit (*c))
      digits[n++] = *c;
  digits[n] = '\0';
}

/* SPEC 4's decision order of @game, worked out here from the grid: its
 * playing order sorted by the totals before it, highest first, ties
 * keeping the playing order. */
static void
expected_decisions (CtdChouettePage *page,
                    guint            game,
                    char            *digits,
                    gsize            size)
{
  CtdHalves totals[CTD_MAX_PLAYERS + 1] = { 0, };
  char playing[CTD_MAX_PLAYERS + 1];
  guint n;

  for (guint earlier = 1; earlier < game; earlier++)
    for (guint p = 1; p <= 4; p++)
      totals[p] += ctd_game_item_get_delta (ctd_test_grid_row (page, earlier), p);
  order_digits (ctd_game_item_get_playing (ctd_test_grid_row (page, game)), playing,
                sizeof playing);
  n = strlen (playing);
  assert_true (n < size);
  /* A stable insertion sort. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && totals[playing[j] - '0'] > totals[playing[j - 1] - '0']; j--)
      {
        char swap = playing[j];

        playing[j] = playing[j - 1];
        playing[j - 1] = swap;
      }
  g_strlcpy (digits, playing, size);
}

/* A correction of game 3 after game 9 (the last-segment order fixed):
 * the question names each later game whose cube-decision order changes
 * and warns that the fixed order no longer matches the scores; accepted,
 * the grid's decision orders are SPEC 4's for the new scores. */
static void
test_correction_downstream (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  g_autoptr(GError) error = NULL;
  g_autofree char *new_line = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *fixed = NULL;
  char before[CTD_N_GAMES + 1][CTD_MAX_PLAYERS + 1];
  guint n_changed = 0;
  CtdRng rng;

  ctd_rng_init (&rng, 93);
  for (guint game = 1; game <= 9; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 9);
  /* The director fixes the order to print the last segment's sheet. */
  assert_false (ctd_chouette_view_get_last_order_fixed (view));
  assert_true (ctd_document_fix_last_segment_order (document, 1, number,
                                                    ctd_chouette_view_get_last_order (view),
                                                    FALSE, &error));
  assert_true (ctd_chouette_view_get_last_order_fixed (view));
  fixed = g_strdup (ctd_chouette_view_get_last_order_text (view));
  for (guint game = 4; game <= 10; game++)
    order_digits (ctd_game_item_get_decisions (ctd_test_grid_row (page, game)), before[game],
                  sizeof before[game]);

  /* A line for game 3 that moves later decision orders and the
   * scores' last-segment order: found among core's sample lines. */
  for (guint tries = 0; tries < 500 && new_line == NULL; tries++)
    {
      g_autofree char *line = ctd_test_line_for (page, 3, &rng);
      g_autofree char *text = ctd_chouette_view_describe_replacement (view, 3, line, NULL);

      if (text != NULL && strstr (text, "Cube-decision orders that change") != NULL &&
          strstr (text, "no longer matches the scores") != NULL)
        new_line = g_steal_pointer (&line);
    }
  assert_non_null (new_line);
  expected = ctd_chouette_view_describe_replacement (view, 3, new_line, &error);

  select_game (page, 3);
  ctd_test_type_line (page, new_line);
  detail = confirmation_detail (find_confirmation ());
  assert_string_equal (detail, expected);
  assert_non_null (strstr (detail, "Game 3: “"));
  assert_non_null (strstr (detail, "Warning: the last-segment order"));
  assert_non_null (strstr (detail, fixed));
  gtk_dialog_response (GTK_DIALOG (find_confirmation ()), GTK_RESPONSE_ACCEPT);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 3)), new_line);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 9);
  /* The fixed order stays, flagged as no longer matching. */
  assert_true (ctd_chouette_view_get_last_order_fixed (view));
  assert_string_equal (ctd_chouette_view_get_last_order_text (view), fixed);
  assert_true (ctd_chouette_view_get_last_order_stale (view));

  for (guint game = 4; game <= 10; game++)
    {
      const char *shown = ctd_game_item_get_decisions (ctd_test_grid_row (page, game));
      char now[CTD_MAX_PLAYERS + 1], want[CTD_MAX_PLAYERS + 1];
      g_autofree char *named = g_strdup_printf ("game %u becomes", game);

      order_digits (shown, now, sizeof now);
      expected_decisions (page, game, want, sizeof want);
      if (strcmp (now, want) != 0)
        fail_msg ("game %u: the grid says %s, SPEC 4 gives %s", game, now, want);
      assert_true (grid_shows (window, page, shown));
      /* Named in the question exactly when it changed. */
      if (strcmp (now, before[game]) != 0)
        {
          n_changed++;
          if (strstr (detail, named) == NULL)
            fail_msg ("game %u's order changed (%s to %s), the question does not say: %s",
                      game, before[game], now, detail);
        }
      else
        assert_null (strstr (detail, named));
    }
  assert_true (n_changed > 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Paper totals of which one crew member's is off by one game's result
 * (the Box's off the other way, so that they still add up to zero): the
 * page's cross-check names that player and, among the games to look at
 * first, that game; the players whose totals agree are not named. */
static void
test_crosscheck_suspects (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  CtdHalves totals[4], paper[4], delta = 0, difference;
  guint game = 0, player = 0, box = 0;
  g_auto(GStrv) lines = NULL;
  GtkWidget *crosscheck;
  const char *text;
  CtdRng rng;

  ctd_rng_init (&rng, 41);
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    {
      g_autofree char *line = ctd_test_line_for (page, g, &rng);

      ctd_test_type_line (page, line);
    }
  assert_true (ctd_chouette_view_get_complete (view));
  for (guint p = 1; p <= 4; p++)
    totals[p - 1] = paper[p - 1] = ctd_chouette_view_get_total (view, p);

  /* Game 5 or later, its Captain's own delta left off the paper. */
  for (guint g = 5; g <= CTD_N_GAMES && delta == 0; g++)
    {
      game = g;
      player = ctd_game_item_get_captain (ctd_test_grid_row (page, g));
      g_object_get (ctd_test_grid_row (page, g), "box", &box, NULL);
      delta = ctd_game_item_get_delta (ctd_test_grid_row (page, g), player);
    }
  assert_int_not_equal (delta, 0);
  paper[player - 1] -= delta;
  paper[box - 1] += delta;
  for (guint p = 1; p <= 4; p++)
    set_paper (page, p, paper[p - 1]);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
  assert_true (ctd_chouette_view_get_paper_given (view));
  assert_false (ctd_chouette_view_get_paper_agrees (view));

  text = ctd_chouette_view_get_crosscheck (view);
  crosscheck = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page), "the paper says"));
  assert_non_null (crosscheck);
  assert_string_equal (gtk_label_get_text (GTK_LABEL (crosscheck)), text);
  assert_true (gtk_widget_get_visible (crosscheck));
  assert_true (gtk_widget_has_css_class (crosscheck, "error"));

  /* One line for the player, one for the Box; nobody else. */
  lines = g_strsplit (text, "\n", -1);
  assert_int_equal (g_strv_length (lines), 2);
  difference = paper[player - 1] - totals[player - 1];
  for (guint p = 1; p <= 4; p++)
    {
      g_autofree char *who = g_strdup_printf ("Player %u (%s): the paper says ", p,
                                              ctd_chouette_view_get_name (view, p));
      g_autofree char *says = ctd_halves_to_string (paper[p - 1], TRUE);
      g_autofree char *entered = ctd_halves_to_string (totals[p - 1], TRUE);
      g_autofree char *figures = g_strdup_printf ("%s%s, the entered games %s;", who, says,
                                                  entered);
      const char *mine = NULL;

      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], who))
          mine = lines[i];
      if (p != player && p != box)
        {
          assert_null (mine);
          continue;
        }
      if (mine == NULL)
        fail_msg ("player %u is not named: %s", p, text);
      assert_true (g_str_has_prefix (mine, figures));
      if (p == player)
        {
          /* The games that alone explain the difference (SPEC 5's
           * deltas: left off, or the wrong sign), game @game among them. */
          guint n = 0;

          for (guint g = 1; g <= CTD_N_GAMES; g++)
            {
              CtdHalves d = ctd_game_item_get_delta (ctd_test_grid_row (page, g), p);

              if (d != 0 && (difference == -d || difference == -2 * d))
                n++;
            }
          assert_true (n >= 1);
          assert_non_null (strstr (mine, "look first at game"));
          {
            g_autofree char *one = g_strdup_printf ("game %u ", game);
            g_autofree char *among = g_strdup_printf (" %u", game);
            const char *suspects = strstr (mine, "look first at ");

            if (n == 1)
              assert_non_null (strstr (suspects, one));
            else
              assert_non_null (strstr (suspects, among));
          }
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The README's picture: a 4-player chouette half entered, the next
 * game's line typed and previewed. */
static void
test_screenshot (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *path = g_build_filename (fixture->dir, "Thursday Chouette.chouette", NULL);
  CtdMainWindow *window = ctd_test_open_seven (app, path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  g_autofree char *line = NULL;
  CtdRng rng;

  /* The window at its default size, as a director first sees it. */
  ctd_rng_init (&rng, 2026);
  for (guint game = 1; game <= 7; game++)
    {
      g_autofree char *typed = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, typed);
    }
  line = ctd_test_line_for (page, 8, &rng);
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (page)), line);
  gtk_editable_set_position (GTK_EDITABLE (ctd_test_notation_entry (page)), -1);
  assert_false (preview_is_error (page));
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-4.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A screenshot's window, at its default size (a laptop's screen), on
 * the chouette of @size players with games 1..@entered typed. */
static CtdMainWindow *
screenshot_window (CtdApplication   *app,
                   Fixture          *fixture,
                   const char       *file,
                   guint             size,
                   guint             entered,
                   CtdRng           *rng,
                   CtdChouettePage **out_page)
{
  g_autofree char *path = g_build_filename (fixture->dir, file, NULL);
  CtdMainWindow *window = ctd_test_open_seven (app, path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), size);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);

  for (guint game = 1; game <= entered; game++)
    {
      g_autofree char *typed = ctd_test_line_for (page, game, rng);

      ctd_test_type_line (page, typed);
    }
  assert_int_equal (ctd_chouette_view_get_n_recorded (ctd_chouette_page_get_view (page)), entered);
  *out_page = page;
  return window;
}

/* The README's other pictures of the page: a 3-player chouette mid-entry,
 * a refused line, the guided form open, a cross-check mismatch. */
static void
test_screenshots (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdChouettePage *page;
  CtdMainWindow *window;
  CtdRng rng;

  /* A 3-player chouette, game 7's line typed and previewed. */
  ctd_rng_init (&rng, 2027);
  window = screenshot_window (app, fixture, "Thursday Chouette.chouette", 3, 6, &rng, &page);
  {
    g_autofree char *line = ctd_test_line_for (page, 7, &rng);

    gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (page)), line);
    gtk_editable_set_position (GTK_EDITABLE (ctd_test_notation_entry (page)), -1);
    assert_false (preview_is_error (page));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-3.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A cube value that cannot arise, refused with core's words. */
  ctd_rng_init (&rng, 2028);
  window = screenshot_window (app, fixture, "Friday Chouette.chouette", 4, 3, &rng, &page);
  ctd_test_type_line (page, "T 3:3 4:2");
  assert_true (preview_is_error (page));
  assert_non_null (strstr (ctd_test_preview_text (page), "Game 4"));
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-refused.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The guided form open on game 3, SPEC 5's third example filled in. */
  ctd_rng_init (&rng, 2029);
  window = screenshot_window (app, fixture, "Saturday Chouette.chouette", 4, 2, &rng, &page);
  {
    GtkWidget *form;

    /* The form whole below the grid, which gives up rows for it. */
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
    form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
    fill_form (form, 2);
    assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (page))),
                         "T 2:16 3:8 4:4+ !T");
    assert_false (preview_is_error (page));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-guided.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A whole 3-player chouette whose paper left a Captain's game off. */
  ctd_rng_init (&rng, 2030);
  window = screenshot_window (app, fixture, "Sunday Chouette.chouette", 3, CTD_N_GAMES, &rng, &page);
  {
    CtdChouetteView *view = ctd_chouette_page_get_view (page);
    CtdHalves paper[3], delta = 0;
    guint player = 0, box = 0;

    for (guint p = 1; p <= 3; p++)
      paper[p - 1] = ctd_chouette_view_get_total (view, p);
    for (guint game = 6; game <= CTD_N_GAMES && delta == 0; game++)
      {
        player = ctd_game_item_get_captain (ctd_test_grid_row (page, game));
        g_object_get (ctd_test_grid_row (page, game), "box", &box, NULL);
        delta = ctd_game_item_get_delta (ctd_test_grid_row (page, game), player);
      }
    assert_int_not_equal (delta, 0);
    paper[player - 1] -= delta;
    paper[box - 1] += delta;
    for (guint p = 1; p <= 3; p++)
      set_paper (page, p, paper[p - 1]);
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
    assert_false (ctd_chouette_view_get_paper_agrees (view));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-crosscheck.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_print_sheet, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_guided_form, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_navigation, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_enter_whole_chouettes, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refused_line_and_preview, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_correct_and_clear, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_and_other_writer, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_draw_undone, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_locked, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_export_sheet, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_worked_examples, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_bad_input_table, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_correction_downstream, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_suspects, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_screenshot, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_screenshots, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The guided form's controls are found by their accessible names,
   * which GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
