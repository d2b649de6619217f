/* test-ui-chouette-entry.c: the chouette scoring page used as a
 * director uses it: whole chouettes typed into its field, refused lines,
 * previews, the guided form, corrections, clearing, undo, another writer
 * and a draw undone.
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
#include "ctd-document-store.h"
#include "ctd-guided-form.h"
#include "ctd-export-dialog.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-print.h"
#include "ctd-rounds-page.h"
#include "ctd-sample.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* The tests below open ctd_test_open_seven()'s event: 7 players at 5.00
 * a point, round 1 drawn, one chouette of 4 and one of 3. */

/* The totals row under the grid: player @p's total. */
static const char *
shown_total (CtdChouettePage *page,
             guint            p)
{
  GtkWidget *grid = ctd_test_find_by_class (GTK_WIDGET (page), "totals");
  GtkWidget *label = gtk_grid_get_child_at (GTK_GRID (grid), p, 1);

  return gtk_label_get_text (GTK_LABEL (label));
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
      g_autoptr(GtkColumnViewColumn) first_player = g_list_model_get_item (columns, 8);
      g_autoptr(GtkColumnViewColumn) result = g_list_model_get_item (columns, 7);
      g_autoptr(CtdChouette) chouette = NULL;
      g_autofree char *heading = g_strdup_printf ("1 %s", ctd_chouette_view_get_name (view, 1));
      CtdHalves totals[CTD_MAX_PLAYERS];
      g_autoptr(GError) error = NULL;
      GtkWidget *focus;

      /* The paper's columns: 7 fixed, the result (before the scores, in
       * sight on a 1024-px screen), a score and a total a player. */
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
          assert_false (ctd_test_preview_is_error (page));
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
      assert_string_equal (ctd_test_chouette_status (document, number), "Complete");
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
  assert_true (ctd_test_preview_is_error (page));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);

  /* Game 1 starts at 1: a cube of 3 cannot arise. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "T 2:3");
  assert_true (ctd_test_preview_is_error (page));
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
  assert_false (ctd_test_preview_is_error (page));
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

  /* Rule 3.2 in words: a gammon on unturned cubes scores single, and
   * the preview says why; in lower case, as a director may type it. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "bg");
  assert_false (ctd_test_preview_is_error (page));
  assert_true (g_str_has_prefix (ctd_test_preview_text (page), "Records “Bg”"));
  assert_true (g_str_has_suffix (ctd_test_preview_text (page),
                                 "\nJacoby rule (3.2): no cube was turned, so the gammon scores "
                                 "single"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Bg 2:2");
  {
    g_autofree char *expected = g_strdup_printf ("\nJacoby rule (3.2): the cubes of 3 %s and 4 %s "
                                                 "were not turned, so they score the gammon "
                                                 "single", ctd_chouette_view_get_name (view, 3),
                                                 ctd_chouette_view_get_name (view, 4));

    assert_true (g_str_has_suffix (ctd_test_preview_text (page), expected));
  }
  gtk_editable_set_text (GTK_EDITABLE (entry), "B");
  assert_null (strstr (ctd_test_preview_text (page), "Jacoby"));

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
  assert_false (ctd_test_preview_is_error (page));
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

/* The first games of the 4-player sheet of tests/rules/test-chouette.c:
 * running totals after game 3 are P1 +21, P2 -17, P3 -7, P4 +3, and
 * game 4's crew (1, 3, 4) decides in the order 1 4 3. */
static const char *const sheet_start[] = { "T", "B 3:4", "Bg 2:8 3:4- 4:4+" };

/* A correction asks first, saying what changes downstream; Cancel
 * changes nothing; accepted, it replaces. Clearing a game asks the
 * same way. */
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
  g_autofree char *expected = NULL;
  g_autofree char *detail = NULL;
  GtkMessageDialog *dialog;

  for (guint game = 1; game <= 3; game++)
    ctd_test_type_line (page, sheet_start[game - 1]);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_int_equal (ctd_test_selected_game (page), 4);

  /* Up to game 1: its line is in the field. */
  for (guint i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (page), 1);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "T");
  assert_string_equal (shown_total (page, 1), "+21");

  /* Enter on "B": the question, with what the change does downstream.
   * The Box (P1) wins 3 instead of losing 3, each crew member loses 1
   * instead of winning 1; the scores keep their order. */
  ctd_test_type_line (page, "B");
  dialog = ctd_test_find_confirmation ();
  detail = ctd_test_confirmation_detail (dialog);
  expected = g_strdup_printf ("Game 1: “T” is replaced by “B”.\n"
                              "Totals: player 1 (%s) +27 instead of +21, player 2 (%s) -19 "
                              "instead of -17, player 3 (%s) -9 instead of -7, player 4 (%s) "
                              "+1 instead of +3.\n"
                              "No later game's cube-decision order changes.",
                              ctd_chouette_view_get_name (view, 1),
                              ctd_chouette_view_get_name (view, 2),
                              ctd_chouette_view_get_name (view, 3),
                              ctd_chouette_view_get_name (view, 4));
  assert_string_equal (detail, expected);

  /* Cancel: nothing changes, the typed line stays. */
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_string_equal (shown_total (page, 1), "+21");
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "B");
  assert_int_equal (ctd_test_selected_game (page), 1);

  /* Enter again and accept: replaced, and on to the next game to enter. */
  g_signal_emit_by_name (entry, "activate");
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_confirmation ()), GTK_RESPONSE_ACCEPT);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "B");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  assert_int_equal (ctd_test_selected_game (page), 4);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Game 1 corrected: “B”."));
  assert_string_equal (shown_total (page, 1), "+27");

  /* Clearing a game without a result: core's words, no question. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "has no result for game 4"));

  /* Game 3 cleared, after the question: game 4's decisions wait for it. */
  gtk_widget_activate_action (GTK_WIDGET (entry), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (page), 3);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Game 3: “Bg 2:8 3:4- 4:4+” is cleared.\n"
                              "Totals: player 1 (%s) +11 instead of +27, player 2 (%s) -3 "
                              "instead of -19, player 3 (%s) -5 instead of -9, player 4 (%s) "
                              "-3 instead of +1.\n"
                              "Cube-decision orders that change: game 4 is pending after game "
                              "3 is entered (was 1 4 3).",
                              ctd_chouette_view_get_name (view, 1),
                              ctd_chouette_view_get_name (view, 2),
                              ctd_chouette_view_get_name (view, 3),
                              ctd_chouette_view_get_name (view, 4));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.clear-game", NULL));
  dialog = ctd_test_find_confirmation ();
  g_clear_pointer (&detail, g_free);
  detail = ctd_test_confirmation_detail (dialog);
  assert_string_equal (detail, expected);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 2);
  assert_false (ctd_game_item_get_recorded (ctd_test_grid_row (page, 3)));
  assert_int_equal (ctd_chouette_view_get_next_game (view), 3);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "");
  assert_string_equal (shown_total (page, 1), "+11");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether @view has (at least) two games recorded; three. */
static gboolean
two_recorded (gconstpointer view)
{
  return ctd_chouette_view_get_n_recorded ((CtdChouetteView *) view) >= 2;
}

static gboolean
three_recorded (gconstpointer view)
{
  return ctd_chouette_view_get_n_recorded ((CtdChouetteView *) view) >= 3;
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
  assert_true (ctd_test_grid_shows (window, page, line));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  assert_false (ctd_test_grid_shows (window, page, line));
  assert_string_equal (shown_total (page, 1), "");
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_true (ctd_test_grid_shows (window, page, line));
  assert_string_equal (shown_total (page, 1), ctd_chouette_view_get_total_text (view, 1));

  /* Another program records game 2: shown within a second. */
  assert_int_equal (ctd_test_selected_game (page), 2);
  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  theirs = ctd_test_line_for (page, 2, &rng);
  assert_true (ctd_store_record_game (other, 1, number, 2, theirs, FALSE, &error));
  start = g_get_monotonic_time ();
  assert_true (ctd_test_wait_for (two_recorded, view, 2000, "the other program's game 2 to show"));
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  assert_true (ctd_test_grid_shows (window, page, theirs));
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
  assert_true (ctd_test_preview_is_error (page));
  assert_non_null (strstr (ctd_test_preview_text (page), "already has the result"));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), mine);
  assert_true (ctd_test_wait_for (three_recorded, view, 2000,
                                  "the other program's game 3 to show"));
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

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_guided_form, ctd_test_folder_setup,
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
  };

  /* The guided form's controls are found by their accessible names,
   * which GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette-entry: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
