/* test-ui-table-desk.c: the desk with many tables' lines waiting:
 * Accept All Table Lines… (Ctrl+Shift+A) records every line that
 * conflicts with nothing after one confirmation and one undo takes them
 * back; a line typed over a table's waiting line asks first, showing
 * both; after Reject… clicked with the mouse the keyboard is back in
 * the notation field.
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
#include "ctd-main-window.h"
#include "ctd-reject-dialog.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* Game @game's @line, entered at table 1.@number by its Box and
 * confirmed by its Captain, as the table server does. */
static void
table_sends (CtdDocument *document,
             guint        number,
             guint        game,
             const char  *line)
{
  static guint n_forms;
  g_autofree char *secret = ctd_test_document_secret (document, 1, number);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdChouette) table = NULL;
  CtdChouetteGame slot;
  gint64 id = 0;

  table = ctd_document_load_table (document, secret, NULL, NULL, NULL, &error);
  if (table == NULL)
    fail_msg ("%s", error->message);
  ctd_chouette_get_sheet_game (table, game, &slot);
  if (!ctd_document_submit (document, secret, game, line, slot.slot.box, request,
                            "192.168.1.23", CTD_TEST_PHONE_A, &id, &error) ||
      !ctd_document_answer_submission (document, secret, id, slot.slot.captain, TRUE,
                                       "192.168.1.24", CTD_TEST_PHONE_B, NULL, &error))
    fail_msg ("1.%u game %u “%s”: %s", number, game, line, error->message);
}

/* Where the store says game @game of chouette 1.@number stands. */
static CtdSubmissionState
stands (CtdDocument *document,
        guint        number,
        guint        game)
{
  g_autoptr(GPtrArray) lines = ctd_document_list_submissions (document, 1, number, NULL);

  assert_non_null (lines);
  for (guint i = 0; i < lines->len; i++)
    if (((CtdStoreSubmission *) g_ptr_array_index (lines, i))->game == game)
      return ((CtdStoreSubmission *) g_ptr_array_index (lines, i))->state;
  fail_msg ("1.%u: no line for game %u", number, game);
  return CTD_SUBMISSION_ENTERED;
}

static char *
question_of (GtkMessageDialog *dialog)
{
  char *text = NULL;

  g_object_get (dialog, "text", &text, NULL);
  return text;
}

/* The banner at the top of the window, or NULL when it is hidden. */
static const char *
banner_text (CtdMainWindow *window,
             const char    *starts)
{
  GtkLabel *label = ctd_test_wait_for_label (GTK_WIDGET (window), starts, 0);

  return label != NULL ? gtk_label_get_text (label) : NULL;
}

/* Three lines from two tables that conflict with nothing, and one that
 * differs from the desk's: Ctrl+Shift+A asks once, naming the counts;
 * one undo puts all three back to wait; with nothing left to accept,
 * it says so without asking. */
static void
test_accept_all (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_auto(GStrv) accels = NULL;
  g_autofree char *question = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *name = NULL;
  GtkMessageDialog *confirmation;
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint four = ctd_test_chouette_of_size (document, 4);
  guint three = ctd_test_chouette_of_size (document, 3);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, four);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                  "win.accept-table-lines");
  assert_non_null (accels[0]);
  assert_string_equal (accels[0], "<Shift><Control>a");

  ctd_test_type_line (page, "B");  /* the desk's game 1 */
  table_sends (document, four, 1, "T");
  table_sends (document, four, 2, "T");
  table_sends (document, four, 3, "B");
  table_sends (document, three, 1, "T");
  assert_int_equal (stands (document, four, 1), CTD_SUBMISSION_DISAGREES);

  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window),
                                                  "accept-table-lines"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "accept-table-lines", NULL);
  confirmation = ctd_test_find_confirmation ();
  question = question_of (confirmation);
  assert_string_equal (question, "Accept 3 tables' lines, from 2 tables?");
  name = ctd_test_accessible_name (GTK_WIDGET (confirmation));
  assert_string_equal (name, question);
  detail = ctd_test_confirmation_detail (confirmation);
  assert_non_null (strstr (detail, "One undo takes them all back to wait."));
  assert_non_null (strstr (detail, "1 line differs from the desk's and waits for you to decide "
                                   "it on its scoring page."));
  ctd_test_screenshot (GTK_WINDOW (confirmation), "accept-all-confirmation.png");
  /* Nothing moves before the director says so. */
  assert_int_equal (stands (document, four, 2), CTD_SUBMISSION_PENDING);
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_ACCEPT);

  assert_int_equal (stands (document, four, 2), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (document, four, 3), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (document, three, 1), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (document, four, 1), CTD_SUBMISSION_DISAGREES);
  assert_non_null (banner_text (window, "3 tables' lines accepted, from 2 tables. 1 line differs "
                                        "from the desk's"));
  /* News, not a failure. */
  assert_true (gtk_widget_has_css_class (gtk_widget_get_parent (GTK_WIDGET (
                 ctd_test_find_label (GTK_WIDGET (window), "3 tables' lines accepted"))), "notice"));
  ctd_test_screenshot (GTK_WINDOW (window), "accept-all-done.png");

  /* One undo: every line waits again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (stands (document, four, 2), CTD_SUBMISSION_PENDING);
  assert_int_equal (stands (document, four, 3), CTD_SUBMISSION_PENDING);
  assert_int_equal (stands (document, three, 1), CTD_SUBMISSION_PENDING);
  assert_int_equal (stands (document, four, 1), CTD_SUBMISSION_DISAGREES);
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (stands (document, three, 1), CTD_SUBMISSION_RECORDED);

  /* Nothing left to accept: said, with no question. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "accept-table-lines", NULL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (banner_text (window, "Nothing to accept at once: no confirmed line waits for "
                                        "a game without a result. 1 line differs"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the keyboard is in the notation field. */
static gboolean
focus_in_field (CtdMainWindow   *window,
                CtdChouettePage *page)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
  GtkWidget *field = GTK_WIDGET (ctd_test_notation_entry (page));

  return focus != NULL && (focus == field || gtk_widget_is_ancestor (focus, field));
}

typedef struct
{
  CtdDocument *document;
  guint        number;
} Line;

static gboolean
sent_back (gconstpointer user_data)
{
  const Line *line = user_data;

  return stands (line->document, line->number, 1) == CTD_SUBMISSION_REJECTED &&
         ctd_test_find_toplevel (CTD_TYPE_REJECT_DIALOG) == NULL;
}

/* Reject… clicked with the mouse (the button takes the focus, then the
 * bar goes): once the line went back, the keyboard is in the notation
 * field, as after Alt+J. */
static void
test_reject_by_mouse (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint four = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, four);
  Line line = { document, four };
  GtkWidget *button;
  GtkWindow *dialog;
  GtkEntry *reason;

  table_sends (document, four, 1, "T");
  button = ctd_test_find_named (GTK_WIDGET (page), "Reject Table's Line");
  assert_non_null (button);
  /* A click: the button takes the focus, then is clicked. */
  assert_true (gtk_widget_grab_focus (button));
  gtk_widget_activate (button);
  dialog = ctd_test_wait_for_toplevel (CTD_TYPE_REJECT_DIALOG, 2000, "the reject dialog");
  assert_non_null (dialog);
  reason = GTK_ENTRY (ctd_test_find_named_of_type (GTK_WIDGET (dialog), "Reason the table reads",
                                                   GTK_TYPE_ENTRY));
  assert_non_null (reason);
  gtk_editable_set_text (GTK_EDITABLE (reason), "The cube was on 4");
  gtk_widget_activate (ctd_test_find_named (GTK_WIDGET (dialog), "Send Back"));
  assert_true (ctd_test_wait_for (sent_back, &line, 3000, "the line to go back"));
  assert_true (ctd_test_wait_for_layout (GTK_WIDGET (window), 2000, "the bar to go"));
  assert_true (focus_in_field (window, page));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The director types another line for a game whose table's confirmed
 * line waits: asked first, with both lines and what differs; Cancel
 * records nothing; Record keeps the desk's line, and the table's then
 * disagrees with it. The table's own line typed is simply accepted. */
static void
test_typed_over_table_line (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *question = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *both = NULL;
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint four = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, four);
  GtkMessageDialog *confirmation;
  CtdGameItem *row = ctd_test_grid_row (page, 1);

  table_sends (document, four, 1, "T");
  assert_int_equal (ctd_test_selected_game (page), 1);
  ctd_test_type_line (page, "B");
  confirmation = ctd_test_find_confirmation ();
  question = question_of (confirmation);
  expected = g_strdup_printf ("Record your line for game 1 instead of table 1.%u's?", four);
  assert_string_equal (question, expected);
  detail = ctd_test_confirmation_detail (confirmation);
  both = g_strdup_printf ("Table 1.%u sent “T”; you typed “B”.", four);
  assert_non_null (strstr (detail, both));
  assert_non_null (strstr (detail, "Game 1: “T” is replaced by “B”."));
  ctd_test_screenshot (GTK_WINDOW (confirmation), "typed-over-table-line.png");
  assert_false (ctd_game_item_get_recorded (row));
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_CANCEL);
  assert_false (ctd_game_item_get_recorded (row));
  assert_int_equal (stands (document, four, 1), CTD_SUBMISSION_PENDING);

  ctd_test_type_line (page, "B");
  confirmation = ctd_test_find_confirmation ();
  gtk_dialog_response (GTK_DIALOG (confirmation), GTK_RESPONSE_ACCEPT);
  assert_true (ctd_game_item_get_recorded (row));
  assert_string_equal (ctd_game_item_get_notation (row), "B");
  assert_int_equal (stands (document, four, 1), CTD_SUBMISSION_DISAGREES);
  assert_int_equal (ctd_test_selected_game (page), 2);
  assert_true (focus_in_field (window, page));

  /* The table's own line, typed: accepted, no question. */
  table_sends (document, four, 2, "T");
  ctd_test_type_line (page, "T");
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (stands (document, four, 2), CTD_SUBMISSION_RECORDED);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_accept_all, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reject_by_mouse, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_typed_over_table_line, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-table-desk: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
