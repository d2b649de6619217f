/* test-ui-table-reissue.c: what the director does about the tables from
 * the Table Entry dialog besides serving: reissue one chouette's link
 * (a sheet or a phone gone missing) by keys, asked first, undone with
 * Ctrl+Z; a chouette the event lacks is told under the field and nothing
 * changes. And where the director looks for the tables' lines: the
 * sidebar's "Scoring" row says how many wait, the dialog which
 * chouettes and games, and Go to shows the first.
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
#include "ctd-record-items.h"
#include "ctd-table-entry-dialog.h"
#include "ctd-test-files.h"
#include "ctd-test-table-entry.h"
#include "ctd-test-ui.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* Under AddressSanitizer, the full stacks tests/lsan.supp needs to tell
 * libsoup's own leak of accepted sockets from ours (as
 * test-ui-table-entry.c); a plain build never calls it. */
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "fast_unwind_on_malloc=0";
}

/* The link's secret of chouette 1.@number. */
static char *
secret_of (CtdDocument *document,
           guint        number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_document_list_links (document, 1, &error);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == number)
        return g_strdup (link->secret);
    }
  fail_msg ("No link for chouette 1.%u", number);
  return NULL;
}

/* Whether @secret opens chouette 1.@number. */
static gboolean
opens (CtdDocument *document,
       const char  *secret,
       guint        number)
{
  guint round = 0, chouette = 0;

  return ctd_document_find_link (document, secret, &round, &chouette, NULL) && round == 1 &&
         chouette == number;
}

/* Typed in the chouette's field, then Enter. */
static void
type_chouette (CtdTableEntryDialog *dialog,
               const char          *label)
{
  GtkWidget *entry = ctd_test_table_entry_input (dialog, "Chouette to reissue", GTK_TYPE_ENTRY);

  gtk_editable_set_text (GTK_EDITABLE (entry), label);
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (entry)), "activate");
}

/* A label of @root that says @text and is shown. */
static void
assert_shows (GtkWidget  *root,
              const char *text)
{
  GtkLabel *label = ctd_test_wait_for_label (root, text, 5000);

  if (label == NULL || !gtk_widget_is_visible (GTK_WIDGET (label)))
    fail_msg ("Nothing shows “%s”", text);
}

/* The question asked: its words checked, then answered. */
static void
answer_question (const char *question,
                 const char *detail,
                 int         response)
{
  GtkWindow *asked = ctd_test_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG, 5000,
                                                 "the reissue's question");
  g_autofree char *text = NULL;
  g_autofree char *secondary = NULL;

  g_object_get (asked, "text", &text, "secondary-text", &secondary, NULL);
  assert_string_equal (text, question);
  assert_string_equal (secondary, detail);
  gtk_dialog_response (GTK_DIALOG (asked), response);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
}

/* Enter in the field asks, Reissue does it: 1.2's old link opens
 * nothing, its new one opens it, 1.1 keeps its own, and the dialog says
 * to print again. Ctrl+Z in the dialog undoes it as any action. */
static void
test_reissue_by_keys (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *mnemonics = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));
  g_autofree char *old = secret_of (document, 2);
  g_autofree char *kept = secret_of (document, 1);
  g_autofree char *fresh = NULL;
  const char *done = "Chouette 1.2 has a new link: print its sheet (or the round's link "
                     "slips) again.";

  assert_null (mnemonics);
  assert_shows (GTK_WIDGET (dialog), "A sheet or a phone gone missing?");
  ctd_test_table_entry_input (dialog, "Reissue Link…", GTK_TYPE_BUTTON);

  /* Cancelled, nothing changes. */
  type_chouette (dialog, "1.2");
  answer_question ("Reissue chouette 1.2's link?",
                   "Chouette 1.2's old link will open nothing; its table needs its sheet or "
                   "slip printed again.", GTK_RESPONSE_CANCEL);
  assert_true (opens (document, old, 2));

  type_chouette (dialog, " 1.2 ");
  answer_question ("Reissue chouette 1.2's link?",
                   "Chouette 1.2's old link will open nothing; its table needs its sheet or "
                   "slip printed again.", GTK_RESPONSE_ACCEPT);
  assert_shows (GTK_WIDGET (dialog), done);
  fresh = secret_of (document, 2);
  assert_false (opens (document, old, 2));
  assert_true (opens (document, fresh, 2));
  assert_true (opens (document, kept, 1));
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_table_entry_input (
                         dialog, "Chouette to reissue", GTK_TYPE_ENTRY))), "");
  ctd_test_screenshot (GTK_WINDOW (dialog), "table-entry-reissued.png");

  /* Ctrl+Z, here as in the window: the old link stays revoked (1.2 gets
   * a third one), and the message, no longer true, goes. */
  assert_true (ctd_test_has_shortcut (GTK_WIDGET (dialog), "<Control>z", "table-entry.undo"));
  assert_true (ctd_test_has_shortcut (GTK_WIDGET (dialog), "<Shift><Control>z",
                                      "table-entry.redo"));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "table-entry.undo", NULL));
  assert_false (opens (document, old, 2));
  assert_false (opens (document, fresh, 2));
  assert_false (gtk_widget_get_visible (GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (dialog),
                                                                        done))));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "table-entry.redo", NULL));
  assert_true (opens (document, fresh, 2));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every chouette's secret, to see that nothing changed. */
static char *
all_secrets (CtdDocument *document)
{
  g_autofree char *one = secret_of (document, 1);
  g_autofree char *two = secret_of (document, 2);

  return g_strconcat (one, " ", two, NULL);
}

/* No such chouette, or no chouette at all: told under the field, with
 * the keyboard back in it; nothing asked, nothing changed. */
static void
test_reissue_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *before = all_secrets (document);
  g_autofree char *after = NULL;
  g_autofree char *undo = g_strdup (ctd_document_get_undo_summary (document));
  GtkWidget *entry = ctd_test_table_entry_input (dialog, "Chouette to reissue", GTK_TYPE_ENTRY);
  GtkLabel *message;

  type_chouette (dialog, "1.9");
  message = ctd_test_wait_for_label (GTK_WIDGET (dialog),
                                     "There is no chouette 1.9: round 1 has 2 chouettes", 5000);
  assert_non_null (message);
  assert_true (gtk_widget_is_visible (GTK_WIDGET (message)));
  assert_true (gtk_widget_has_css_class (GTK_WIDGET (message), "error"));
  assert_true (gtk_widget_is_focus (GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (entry)))));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));

  ctd_test_table_entry_click (dialog, "Reissue Link…");
  assert_true (gtk_widget_is_visible (GTK_WIDGET (message)));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));

  type_chouette (dialog, "three");
  assert_shows (GTK_WIDGET (dialog), "“three” is not a chouette: write ROUND.NUMBER, e.g. 1.3 "
                                     "for chouette 3 of round 1");
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));

  after = all_secrets (document);
  assert_string_equal (after, before);
  assert_string_equal (ctd_document_get_undo_summary (document), undo);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A closed event can no longer change: said under the field, nothing
 * asked. */
static void
test_reissue_closed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_built_event (app, fixture->dir, "Closed.chouette", 8,
                                                     2026, TRUE);
  CtdDocument *document = ctd_main_window_get_document (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdTableEntryDialog *dialog;

  /* (the window offers Table Entry only while the event is open: the
   * dialog was open as it closed) */
  dialog = ctd_test_open_table_entry (window);
  if (!ctd_document_close_event (document, fixture->dir, &error))
    fail_msg ("close: %s", error->message);
  before = all_secrets (document);
  type_chouette (dialog, "1.1");
  assert_shows (GTK_WIDGET (dialog), ctd_document_get_read_only_reason (document));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  after = all_secrets (document);
  assert_string_equal (after, before);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Line @line for game @game of 1.@number, entered by its Box and
 * confirmed by its Captain, as two phones do. Returns its id. */
static gint64
send_confirmed (CtdDocument *document,
                guint        number,
                guint        game,
                const char  *line)
{
  static guint n_forms;
  CtdChouetteView *view = ctd_document_get_chouette_view (document, 1, number, NULL);
  g_autoptr(CtdGameItem) row = NULL;
  g_autofree char *secret = secret_of (document, number);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(GError) error = NULL;
  guint box, captain;
  gint64 id = 0;

  assert_non_null (view);
  row = g_list_model_get_item (ctd_chouette_view_get_games (view), game - 1);
  g_object_get (row, "box", &box, NULL);
  captain = ctd_game_item_get_captain (row);
  if (!ctd_document_submit (document, secret, game, line, box, request, "192.168.1.23",
                            CTD_TEST_PHONE_A, &id, &error) ||
      !ctd_document_answer_submission (document, secret, id, captain, TRUE, "192.168.1.24",
                                       CTD_TEST_PHONE_B, NULL, &error))
    fail_msg ("game %u “%s”: %s", game, line, error->message);
  return id;
}

/* The sidebar's scoring row says @text, and a screen reader hears it. */
static void
assert_scoring_row (CtdMainWindow *window,
                    const char    *text)
{
  GtkLabel *label = ctd_test_wait_for_label (GTK_WIDGET (window), text, 5000);
  GtkWidget *row;
  g_autofree char *name = NULL;

  if (label == NULL)
    fail_msg ("The sidebar never said “%s”", text);
  row = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_LIST_BOX_ROW);
  assert_non_null (row);
  name = ctd_test_accessible_name (row);
  assert_string_equal (name, text);
}

/* The dialog's picture, serving: on a fixed port, so that the picture
 * stays the same from one run to the next, or on any free one if
 * another program holds it (the picture then differs, the test not). */
static void
serve_for_screenshot (CtdMainWindow       *window,
                      CtdTableEntryDialog *dialog)
{
  CtdTableServer *server = ctd_main_window_get_table_server (window);
  g_autofree char *state = NULL;

  ctd_test_choose_loopback (dialog, 48123);
  ctd_test_table_entry_click (dialog, "Start serving");
  if (!ctd_table_server_get_listening (server))
    {
      ctd_test_choose_loopback (dialog, 0);
      ctd_test_table_entry_click (dialog, "Start serving");
    }
  assert_true (ctd_table_server_get_listening (server));
  state = g_strdup_printf ("Serving at http://127.0.0.1:%u — 0 tables connected",
                           ctd_table_server_get_port (server));
  assert_shows (GTK_WIDGET (dialog), state);
  ctd_test_screenshot (GTK_WINDOW (dialog), "table-entry.png");
}

static gboolean
shows_first (gconstpointer user_data)
{
  return ctd_chouette_page_get_number (CTD_CHOUETTE_PAGE ((gpointer) user_data)) == 1;
}

/* Three lines sent and confirmed from two tables: "Scoring · 3
 * waiting" in the sidebar; in the dialog one button a chouette, with
 * its count, which opens its scoring page; Alt+G is the first. Accepted
 * one by one, the counts drop and go. */
static void
test_waiting_lines (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  CtdChouettePage *page = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window),
                                                                   CTD_TYPE_CHOUETTE_PAGE));
  g_autoptr(GError) error = NULL;
  g_autofree char *mnemonics = NULL;
  GtkWidget *one, *two;
  GtkLabel *heading;
  gint64 first, second, third;

  assert_scoring_row (window, "Scoring");
  assert_shows (GTK_WIDGET (dialog), "No table's line waits for you.");
  assert_null (ctd_test_find_named (GTK_WIDGET (dialog), "Open chouette 1.1's scoring page: 1 "
                                                         "line waits"));

  first = send_confirmed (document, 1, 1, "T");
  second = send_confirmed (document, 1, 2, "B");
  third = send_confirmed (document, 2, 1, "T");
  assert_scoring_row (window, "Scoring · 3 waiting");
  assert_shows (GTK_WIDGET (dialog), "Waiting for you, the longest wait first (Go to it):");
  one = ctd_test_table_entry_input (dialog, "Open chouette 1.1's scoring page: 2 lines wait",
                                    GTK_TYPE_BUTTON);
  two = ctd_test_table_entry_input (dialog, "Open chouette 1.2's scoring page: 1 line waits",
                                    GTK_TYPE_BUTTON);
  assert_string_equal (gtk_button_get_label (GTK_BUTTON (one)), "1.1: 2 lines");
  assert_string_equal (gtk_button_get_label (GTK_BUTTON (two)), "1.2: 1 line");
  /* No game numbers: one short button a table, however many games. */
  assert_null (ctd_test_find_label (GTK_WIDGET (dialog), "games 1 and 2"));
  heading = ctd_test_find_label (GTK_WIDGET (dialog), "Waiting for you");
  assert_ptr_equal (gtk_label_get_mnemonic_widget (heading), one);
  assert_true (gtk_widget_get_focusable (one));
  mnemonics = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));
  assert_null (mnemonics);
  serve_for_screenshot (window, dialog);

  ctd_test_table_entry_click (dialog, "Open chouette 1.2's scoring page: 1 line waits");
  assert_ptr_equal (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (
                      GTK_WIDGET (page)))), page);
  assert_int_equal (ctd_chouette_page_get_round (page), 1);
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  /* Alt+G: the first (a button activated shows itself pressed first). */
  assert_true (gtk_widget_mnemonic_activate (one, FALSE));
  assert_true (ctd_test_wait_for (shows_first, page, 3000, "chouette 1.1's page"));
  ctd_test_screenshot (GTK_WINDOW (window), "scoring-lines-waiting.png");

  /* The keyboard on 1.2's button stays there as the buttons change. */
  assert_true (gtk_widget_grab_focus (two));
  if (!ctd_document_accept_submission (document, first, FALSE, &error))
    fail_msg ("accept: %s", error->message);
  assert_scoring_row (window, "Scoring · 2 waiting");
  assert_non_null (ctd_test_table_entry_input (dialog, "Open chouette 1.1's scoring page: 1 "
                                                       "line waits", GTK_TYPE_BUTTON));
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));
    g_autofree char *focused = ctd_test_accessible_name (focus);

    /* The new button, in the dialog: not the one that went. */
    assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (dialog)));
    assert_string_equal (focused, "Open chouette 1.2's scoring page: 1 line waits");
  }
  if (!ctd_document_accept_submission (document, second, FALSE, &error) ||
      !ctd_document_accept_submission (document, third, FALSE, &error))
    fail_msg ("accept: %s", error->message);
  assert_scoring_row (window, "Scoring");
  assert_shows (GTK_WIDGET (dialog), "No table's line waits for you.");
  assert_null (ctd_test_find_named (GTK_WIDGET (dialog), "Open chouette 1.2's scoring page: 1 "
                                                         "line waits"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Sixty-four players' tables with lines waiting: one short button each,
 * no paragraph of game numbers, all in the dialog as it opens. */
static void
test_sixteen_tables (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *path = g_build_filename (fixture->dir, "Sixteen.chouette", NULL);
  CtdMainWindow *window = ctd_test_open_new_event (app, path);
  CtdDocument *document = ctd_main_window_get_document (window);
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(GError) error = NULL;
  CtdTableEntryDialog *dialog;
  guint n_buttons = 0;
  GtkWidget *box;

  for (guint i = 1; i <= 64; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02u", i);

      if (!ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error))
        fail_msg ("%s", error->message);
    }
  if (!ctd_document_draw_round (document, 2026, NULL, &error))
    fail_msg ("%s", error->message);
  links = ctd_document_list_links (document, 1, NULL);
  assert_true (links->len >= 10);
  dialog = ctd_test_open_table_entry (window);
  for (guint number = 1; number <= links->len; number++)
    for (guint game = 1; game <= 1 + number % 3; game++)
      send_confirmed (document, number, game, "T");
  assert_shows (GTK_WIDGET (dialog), "Waiting for you, the longest wait first");
  ctd_test_table_entry_input (dialog, "Open chouette 1.10's scoring page: 2 lines wait",
                              GTK_TYPE_BUTTON);
  ctd_test_table_entry_input (dialog, "Open chouette 1.2's scoring page: 3 lines wait",
                              GTK_TYPE_BUTTON);
  box = ctd_test_find_named (GTK_WIDGET (dialog), "Chouettes whose lines wait");
  assert_non_null (box);
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n_buttons++;
  assert_int_equal (n_buttons, links->len);
  assert_true (ctd_test_wait_for_layout (GTK_WIDGET (dialog), 3000, "the dialog's buttons"));
  /* Every button inside the dialog as it opens: nothing scrolled away. */
  assert_true (gtk_widget_get_height (box) < gtk_widget_get_height (GTK_WIDGET (dialog)));
  ctd_test_screenshot (GTK_WINDOW (dialog), "table-entry-sixteen.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_reissue_by_keys, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sixteen_tables, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue_closed, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_waiting_lines, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-table-reissue: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
