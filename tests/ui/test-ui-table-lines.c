/* test-ui-table-lines.c: the lines tables confirm from their links, at
 * the desk: a waiting line shows on its game and in the field, Enter
 * records it and Ctrl+Z puts it back to waiting, Reject… sends it back
 * with a required reason, a line that differs from the desk's asks the
 * correction's confirmation, nothing of a waiting line moves the
 * totals, and the event page's check box writes the setting.
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
#include "ctd-event-page.h"
#include "ctd-main-window.h"
#include "ctd-reject-dialog.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

typedef struct
{
  CtdMainWindow   *window;
  CtdDocument     *document;
  CtdChouettePage *page;
  guint            number;
} Desk;

static void
open_desk (Desk           *desk,
           CtdApplication *app,
           const char     *path)
{
  desk->window = ctd_test_open_seven (app, path);
  desk->document = ctd_test_window_document (desk->window);
  desk->number = ctd_test_chouette_of_size (desk->document, 4);
  desk->page = ctd_test_show_chouette (desk->window, 1, desk->number);
}

/* Where the store says game @game's newest line stands. */
static CtdSubmissionState
stands (Desk  *desk,
        guint  game,
        char **out_reason)
{
  g_autoptr(GPtrArray) lines = ctd_document_list_submissions (desk->document, 1, desk->number,
                                                              NULL);

  assert_non_null (lines);
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

      if (line->game != game)
        continue;
      if (out_reason != NULL)
        *out_reason = g_strdup (line->reason);
      return line->state;
    }
  fail_msg ("no line for game %u", game);
  return CTD_SUBMISSION_ENTERED;
}

/* The bar above the field, or NULL when none shows. */
static const char *
bar_text (Desk *desk)
{
  GtkWidget *bar = ctd_test_find_by_class (GTK_WIDGET (desk->page), "table-bar");
  GtkWidget *revealer;

  assert_non_null (bar);
  revealer = gtk_widget_get_parent (bar);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)) ||
      !gtk_widget_get_visible (revealer))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (gtk_widget_get_first_child (bar))));
}

/* Every label of the totals under the grid, as one text. */
static char *
totals_text (Desk *desk)
{
  GtkWidget *grid = ctd_test_find_by_class (GTK_WIDGET (desk->page), "totals");
  GString *text = g_string_new (NULL);

  assert_non_null (grid);
  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      g_string_append_printf (text, "%s|", gtk_label_get_text (GTK_LABEL (child)));
  return g_string_free (text, FALSE);
}

/* Enter in the field, holding what it holds. */
static void
press_enter (Desk *desk)
{
  g_signal_emit_by_name (ctd_test_notation_entry (desk->page), "activate");
}

/* A confirmed line shows on its game and in the field; the totals stay;
 * Enter records it as the game's, Ctrl+Z puts it back to waiting. */
static void
test_accept_and_undo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *before = NULL;
  g_autofree char *during = NULL;
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *entered = NULL;
  CtdGameItem *row;
  guint box;
  Desk desk;

  open_desk (&desk, app, fixture->path);
  assert_null (bar_text (&desk));
  assert_int_equal (ctd_test_selected_game (desk.page), 1);
  before = totals_text (&desk);

  ctd_test_table_sends (desk.window, desk.page, 1, "T");
  row = ctd_test_grid_row (desk.page, 1);
  g_object_get (row, "box", &box, NULL);
  /* Both phones: where it was entered, where confirmed. */
  expected = g_strdup_printf ("Table 1.%u sent this line for game 1: “T” (entered by %s from "
                              "192.168.1.23, confirmed by %s, ", desk.number,
                              ctd_chouette_view_get_name (ctd_chouette_page_get_view (desk.page), box),
                              ctd_chouette_view_get_name (ctd_chouette_page_get_view (desk.page),
                                                          ctd_game_item_get_captain (row)));
  assert_non_null (bar_text (&desk));
  assert_true (g_str_has_prefix (bar_text (&desk), expected));
  assert_non_null (strstr (bar_text (&desk), "from 192.168.1.24). Enter accepts it; Reject sends "
                                             "it back."));
  assert_true (ctd_test_grid_shows (desk.window, desk.page, "“T” from the table"));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (desk.page))),
                       "T");
  assert_true (g_str_has_prefix (ctd_test_preview_text (desk.page), "Records “T”:"));
  /* The bar's Alt+A and Alt+J are the only ones on screen. */
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (desk.window));

    if (clashes != NULL)
      fail_msg ("mnemonics shared by %s", clashes);
  }
  /* Waiting, it counts nowhere. */
  during = totals_text (&desk);
  assert_string_equal (during, before);
  assert_false (ctd_game_item_get_recorded (row));

  /* Enter: the game's line, and on to game 2. */
  press_enter (&desk);
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_RECORDED);
  assert_true (ctd_game_item_get_recorded (row));
  assert_string_equal (ctd_game_item_get_notation (row), "T");
  assert_int_equal (ctd_test_selected_game (desk.page), 2);
  assert_null (bar_text (&desk));
  assert_false (ctd_test_grid_shows (desk.window, desk.page, "“T” from the table"));
  after = totals_text (&desk);
  assert_string_not_equal (after, before);
  entered = g_strdup_printf ("Game 1 recorded from table 1.%u's line: “T”.", desk.number);
  assert_non_null (ctd_test_wait_for_label (GTK_WIDGET (desk.page), entered, 1000));

  /* Ctrl+Z: the game is gone, the line waits again. */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_PENDING);
  assert_false (ctd_game_item_get_recorded (row));
  assert_true (ctd_test_grid_shows (desk.window, desk.page, "“T” from the table"));
  g_free (after);
  after = totals_text (&desk);
  assert_string_equal (after, before);
  gtk_widget_activate_action (GTK_WIDGET (desk.page), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (desk.page), 1);
  assert_true (g_str_has_prefix (bar_text (&desk), expected));

  /* The director types another line: the bar says Enter records that
   * one, after a confirmation; the table's then differs from the desk's. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (desk.page)), "B");
  assert_non_null (strstr (bar_text (&desk), "Enter records the line typed instead, after a "
                                             "confirmation"));
  press_enter (&desk);
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_confirmation ()), GTK_RESPONSE_ACCEPT);
  assert_string_equal (ctd_game_item_get_notation (row), "B");
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_DISAGREES);
  assert_true (ctd_test_grid_shows (desk.window, desk.page, "B · table's line differs: “T”"));
  gtk_window_destroy (GTK_WINDOW (desk.window));
}

static gboolean
rejected (gconstpointer user_data)
{
  return stands ((Desk *) user_data, 1, NULL) == CTD_SUBMISSION_REJECTED;
}

/* Reject…: a reason is required, and goes to the table; the line no
 * longer waits. */
static void
test_reject (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *reason = NULL;
  g_autofree char *said = NULL;
  GtkWindow *dialog;
  GtkEntry *entry;
  Desk desk;

  open_desk (&desk, app, fixture->path);
  ctd_test_table_sends (desk.window, desk.page, 1, "T");
  /* Alt+J on the bar's button, Ctrl+Shift+J from anywhere on the page. */
  assert_string_equal (gtk_button_get_label (GTK_BUTTON (ctd_test_find_named (GTK_WIDGET (desk.page),
                                                                           "Reject Table's Line"))),
                       "Re_ject…");
  assert_true (ctd_test_has_shortcut (GTK_WIDGET (desk.page), "<Shift><Control>j",
                                      "chouette.reject-table-line"));
  assert_non_null (ctd_test_find_named (GTK_WIDGET (desk.page), "Accept Table's Line"));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "chouette.reject-table-line",
                                           NULL));
  dialog = ctd_test_wait_for_toplevel (CTD_TYPE_REJECT_DIALOG, 2000, "the reject dialog");
  assert_non_null (dialog);
  entry = GTK_ENTRY (ctd_test_find_named_of_type (GTK_WIDGET (dialog), "Reason the table reads",
                                                  GTK_TYPE_ENTRY));
  assert_non_null (entry);
  assert_non_null (ctd_test_find_named (GTK_WIDGET (dialog), "Send Back"));

  /* No reason: refused in the dialog, nothing sent. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.send", NULL));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), "Write why the line goes back"));
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_PENDING);

  /* A reason, and Enter. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "The cube was on 4");
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (entry)), "activate");
  assert_true (ctd_test_wait_for (rejected, &desk, 3000, "the line to go back"));
  assert_int_equal (stands (&desk, 1, &reason), CTD_SUBMISSION_REJECTED);
  assert_string_equal (reason, "The cube was on 4");
  assert_null (bar_text (&desk));
  assert_false (ctd_test_grid_shows (desk.window, desk.page, "“T” from the table"));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (desk.page))),
                       "");
  said = g_strdup_printf ("Game 1's line went back to table 1.%u: “The cube was on 4”.",
                          desk.number);
  assert_non_null (ctd_test_wait_for_label (GTK_WIDGET (desk.page), said, 1000));
  gtk_window_destroy (GTK_WINDOW (desk.window));
}

/* The desk entered the game otherwise: both lines, what differs, and
 * the correction's confirmation before the table's line replaces it. */
static void
test_disagreement (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *detail = NULL;
  g_autofree char *expected = NULL;
  GtkMessageDialog *confirmation;
  CtdGameItem *row;
  Desk desk;

  open_desk (&desk, app, fixture->path);
  ctd_test_type_line (desk.page, "B");
  row = ctd_test_grid_row (desk.page, 1);
  assert_string_equal (ctd_game_item_get_notation (row), "B");
  ctd_test_table_sends (desk.window, desk.page, 1, "T");
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_DISAGREES);
  assert_true (ctd_test_grid_shows (desk.window, desk.page, "B · table's line differs: “T”"));
  gtk_widget_activate_action (GTK_WIDGET (desk.page), "chouette.previous-game", NULL);
  assert_int_equal (ctd_test_selected_game (desk.page), 1);
  expected = g_strdup_printf ("Table 1.%u's line for game 1 differs: desk “B”, table “T” (",
                              desk.number);
  assert_true (g_str_has_prefix (bar_text (&desk), expected));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.page), "Game 1: “B” is replaced by “T”."));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (desk.page))),
                       "T");
  assert_true (g_str_has_prefix (ctd_test_preview_text (desk.page), "Replaces “B” with “T”:"));

  /* Enter asks first, in core's words; the desk's line stays till then. */
  press_enter (&desk);
  confirmation = ctd_test_find_confirmation ();
  detail = ctd_test_confirmation_detail (confirmation);
  assert_non_null (strstr (detail, "Game 1: “B” is replaced by “T”."));
  assert_string_equal (ctd_game_item_get_notation (row), "B");
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_ACCEPT);
  assert_string_equal (ctd_game_item_get_notation (row), "T");
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_RECORDED);
  assert_null (bar_text (&desk));
  gtk_window_destroy (GTK_WINDOW (desk.window));
}

/* Half a sheet entered at the desk, the next game sent by the table:
 * the page as the README shows it. */
static void
test_among_entered_games (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *before = NULL;
  g_autofree char *during = NULL;
  g_autofree char *mark = NULL;
  g_autofree char *line = NULL;
  CtdRng rng;
  Desk desk;

  open_desk (&desk, app, fixture->path);
  ctd_rng_init (&rng, 21);
  for (guint game = 1; game <= 5; game++)
    {
      g_autofree char *typed = ctd_test_line_for (desk.page, game, &rng);

      ctd_test_type_line (desk.page, typed);
      assert_true (ctd_game_item_get_recorded (ctd_test_grid_row (desk.page, game)));
    }
  assert_int_equal (ctd_test_selected_game (desk.page), 6);
  before = totals_text (&desk);
  line = ctd_test_line_for (desk.page, 6, &rng);
  ctd_test_table_sends (desk.window, desk.page, 6, line);
  {
    g_autoptr(GPtrArray) lines = ctd_document_list_submissions (desk.document, 1, desk.number,
                                                                NULL);

    /* The line as core stores it: the mark shows that form. */
    mark = g_strdup_printf ("“%s” from the table",
                            ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->line);
  }
  assert_true (ctd_test_grid_shows (desk.window, desk.page, mark));
  assert_non_null (bar_text (&desk));
  during = totals_text (&desk);
  assert_string_equal (during, before);
  ctd_test_screenshot (GTK_WINDOW (desk.window), "scoring-table-line.png");
  press_enter (&desk);
  assert_int_equal (stands (&desk, 6, NULL), CTD_SUBMISSION_RECORDED);
  assert_int_equal (ctd_test_selected_game (desk.page), 7);
  gtk_window_destroy (GTK_WINDOW (desk.window));
}

/* The event's setting, off by default, written by the check box. */
static void
test_setting (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GError) error = NULL;
  GtkWidget *page, *check;
  Desk desk;

  open_desk (&desk, app, fixture->path);
  /* Letter, chosen when printing: the form does not show it, and keeps it. */
  assert_true (ctd_document_get_settings (desk.document, &settings, &error));
  settings.paper = CTD_SHEET_PAPER_LETTER;
  assert_true (ctd_document_set_settings (desk.document, &settings, &error));
  ctd_event_settings_clear (&settings);
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-page",
                                  g_variant_new_string ("event"));
  page = ctd_test_find_widget (GTK_WIDGET (desk.window), CTD_TYPE_EVENT_PAGE);
  check = ctd_test_find_named_of_type (page, "Record lines the tables confirm without waiting "
                                       "for the desk", GTK_TYPE_CHECK_BUTTON);
  assert_non_null (check);
  assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (desk.window));

    if (clashes != NULL)
      fail_msg ("mnemonics shared by %s", clashes);
  }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_true (ctd_document_get_settings (desk.document, &settings, &error));
  assert_true (settings.table_auto_accept);
  assert_int_equal (settings.stake_cents, 500);
  assert_int_equal (settings.paper, CTD_SHEET_PAPER_LETTER);

  /* Now a confirmed line is the game's at once, and nothing waits. */
  ctd_test_table_sends (desk.window, desk.page, 1, "T");
  assert_int_equal (stands (&desk, 1, NULL), CTD_SUBMISSION_RECORDED);

  /* Undone twice (the game, then the setting): the box follows. */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_window_destroy (GTK_WINDOW (desk.window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_accept_and_undo, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reject, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_disagreement, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_among_entered_games, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_setting, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-table-lines: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
