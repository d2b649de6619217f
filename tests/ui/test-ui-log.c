/* test-ui-log.c: the Log page: the audit log newest first with names,
 * filtered by chouette, undo and redo from the page (the window's own
 * actions), and another program's writes as they are noticed.
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
#include "ctd-record-items.h"
#include "ctd-log-page.h"
#include "ctd-main-window.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

static const char * const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

/* Eight players drawn into 1.1 and 1.2; three games of 1.1 and two of
 * 1.2 entered, interleaved. */
static CtdMainWindow *
open_event (CtdApplication *app,
            const Fixture  *fixture)
{
  static const char *const names[] = { "Ann", "Bob", "<b>Cid</b>", "Dee", "Eve", "Fay", "Gus",
                                       "Hal" };
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window;
  CtdDocument *document;

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  assert_true (ctd_main_window_create_event (window, fixture->path, &error));
  document = ctd_main_window_get_document (window);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    assert_true (ctd_document_add_player (document, names[i], NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_document_draw_round (document, 2026, NULL, &error));
  for (guint game = 1; game <= 3; game++)
    {
      assert_true (ctd_document_record_game (document, 1, 1, game, four_sheet[game - 1], FALSE,
                                             &error));
      if (game < 3)
        assert_true (ctd_document_record_game (document, 1, 2, game, four_sheet[game - 1],
                                               FALSE, &error));
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("log"));
  return window;
}

static CtdLogPage *
log_page (CtdMainWindow *window)
{
  return CTD_LOG_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_LOG_PAGE));
}

/* The entries the page lists, in its order. */
static GListModel *
shown (CtdLogPage *page)
{
  GtkWidget *view = ctd_test_find_named (GTK_WIDGET (page), "The event's log");

  assert_non_null (view);
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
}

static CtdAuditItem *
shown_item (CtdLogPage *page,
            guint       position)
{
  CtdAuditItem *item = g_list_model_get_item (shown (page), position);

  assert_non_null (item);
  g_object_unref (item);  /* the model holds it */
  return item;
}

static char *
item_action (CtdAuditItem *item)
{
  char *action = NULL;

  g_object_get (item, "action", &action, NULL);
  return action;
}

static GtkDropDown *
filter_dropdown (CtdLogPage *page)
{
  GtkWidget *dropdown = ctd_test_find_named (GTK_WIDGET (page), "Show the entries of chouette");

  assert_non_null (dropdown);
  return GTK_DROP_DOWN (dropdown);
}

/* Chooses @label ("All", "1.2") in the filter. */
static void
choose (CtdLogPage *page,
        const char *label)
{
  GtkDropDown *dropdown = filter_dropdown (page);
  GListModel *labels = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
    {
      g_autoptr(GtkStringObject) string = g_list_model_get_item (labels, i);

      if (g_str_equal (gtk_string_object_get_string (string), label))
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  fail_msg ("no “%s” in the filter", label);
}

static void
test_entries (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = open_event (app, fixture);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdLogPage *page = log_page (window);
  GListModel *audit = ctd_document_get_audit (document);
  guint n = g_list_model_get_n_items (audit);
  gboolean named = FALSE;

  /* Everything, newest first: the model's order reversed. */
  assert_int_equal (g_list_model_get_n_items (shown (page)), n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdAuditItem) oldest_first = g_list_model_get_item (audit, n - 1 - i);

      assert_int_equal (ctd_audit_item_get_id (shown_item (page, i)),
                        ctd_audit_item_get_id (oldest_first));
    }
  assert_non_null (strstr (ctd_audit_item_get_summary (shown_item (page, 0)),
                           "Chouette 1.1 game 3: "));
  /* Names, not ids, as the store wrote them; markup in a name is text. */
  for (guint i = 0; i < n; i++)
    named |= g_str_equal (ctd_audit_item_get_summary (shown_item (page, i)),
                          "Added <b>Cid</b>, checked in");
  assert_true (named);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Added Ann, checked in"));
  {
    GtkLabel *cid = ctd_test_find_label (GTK_WIDGET (page), "Added <b>Cid</b>");

    assert_non_null (cid);
    assert_false (gtk_label_get_use_markup (cid));
  }

  /* The time in local, readable form, not the stored ISO text. */
  {
    char *iso = NULL;
    g_autoptr(GDateTime) utc = NULL;
    g_autoptr(GDateTime) local = NULL;
    g_autofree char *clock = NULL;

    g_object_get (shown_item (page, 0), "time", &iso, NULL);
    utc = g_date_time_new_from_iso8601 (iso, NULL);
    assert_non_null (utc);
    local = g_date_time_to_local (utc);
    clock = g_date_time_format (local, ", %H:%M:%S");
    assert_non_null (ctd_test_find_label (GTK_WIDGET (page), clock));
    assert_null (ctd_test_find_label (GTK_WIDGET (page), iso));
    g_free (iso);
  }
  {
    g_autofree char *count = g_strdup_printf ("%u entries", n);

    assert_int_equal (n, 1 + 8 + 1 + 5);  /* created, players, draw, games */
    assert_non_null (ctd_test_find_label (GTK_WIDGET (page), count));
  }

  /* The filter: "All", then the chouettes the log concerns. */
  {
    GListModel *labels = gtk_drop_down_get_model (filter_dropdown (page));
    const char *expected[] = { "All", "1.1", "1.2" };

    assert_int_equal (g_list_model_get_n_items (labels), G_N_ELEMENTS (expected));
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        g_autoptr(GtkStringObject) string = g_list_model_get_item (labels, i);

        assert_string_equal (gtk_string_object_get_string (string), expected[i]);
      }
  }
  choose (page, "1.2");
  assert_int_equal (g_list_model_get_n_items (shown (page)), 2);
  for (guint i = 0; i < 2; i++)
    assert_non_null (strstr (ctd_audit_item_get_summary (shown_item (page, i)),
                             "Chouette 1.2 game "));
  assert_non_null (strstr (ctd_audit_item_get_summary (shown_item (page, 0)), "game 2"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "2 entries"));
  choose (page, "1.1");
  assert_int_equal (g_list_model_get_n_items (shown (page)), 3);
  choose (page, "All");
  assert_int_equal (g_list_model_get_n_items (shown (page)), n);

  /* Enter on an entry about a chouette opens its scoring page. */
  choose (page, "1.2");
  g_signal_emit_by_name (ctd_test_find_named (GTK_WIDGET (page), "The event's log"), "activate",
                         0);
  {
    CtdChouettePage *scoring = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window),
                                                                        CTD_TYPE_CHOUETTE_PAGE));
    GtkStack *stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (scoring)));

    assert_string_equal (gtk_stack_get_visible_child_name (stack), "chouette");
    assert_int_equal (ctd_chouette_page_get_number (scoring), 2);
  }

  /* The page's keys are in the shortcuts window. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (ctd_test_find_toplevel (
                                          GTK_TYPE_SHORTCUTS_WINDOW)),
                                        "Open the scoring page of the selected entry's chouette"));
  gtk_window_destroy (ctd_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_undo_redo_and_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window = open_event (app, fixture);
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdLogPage *page = log_page (window);
  GtkWidget *undo = ctd_test_find_named (GTK_WIDGET (page), "Undo");
  GtkWidget *redo = ctd_test_find_named (GTK_WIDGET (page), "Redo");
  g_autofree char *undo_tip = NULL;
  g_autofree char *action = NULL;
  gint64 undone_id;

  assert_non_null (undo);
  assert_non_null (redo);
  assert_true (GTK_IS_BUTTON (undo));
  assert_string_equal (gtk_actionable_get_action_name (GTK_ACTIONABLE (undo)), "win.undo");
  assert_string_equal (gtk_actionable_get_action_name (GTK_ACTIONABLE (redo)), "win.redo");
  undo_tip = g_strdup_printf ("Undo: %s", ctd_document_get_undo_summary (document));
  assert_string_equal (gtk_widget_get_tooltip_text (undo), undo_tip);
  assert_string_equal (gtk_widget_get_tooltip_text (redo), "Nothing to redo");
  assert_false (gtk_widget_get_sensitive (redo));

  /* Filtered to 1.1, Undo from the page takes back 1.1's game 3: the
   * undo shows on top, the game's entry marked undone. */
  choose (page, "1.1");
  undone_id = ctd_audit_item_get_id (shown_item (page, 0));
  g_signal_emit_by_name (undo, "clicked");
  assert_int_equal (g_list_model_get_n_items (shown (page)), 4);
  action = item_action (shown_item (page, 0));
  assert_string_equal (action, "undo");
  assert_int_equal (ctd_audit_item_get_id (shown_item (page, 1)), undone_id);
  {
    gboolean undone = FALSE;

    g_object_get (shown_item (page, 1), "undone", &undone, NULL);
    assert_true (undone);
  }
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Undone"));
  assert_true (ctd_document_get_can_redo (document));
  assert_non_null (strstr (gtk_widget_get_tooltip_text (redo), "Redo: Chouette 1.1 game 3: "));
  g_signal_emit_by_name (redo, "clicked");
  assert_int_equal (g_list_model_get_n_items (shown (page)), 5);
  g_clear_pointer (&action, g_free);
  action = item_action (shown_item (page, 0));
  assert_string_equal (action, "redo");

  /* Another program records 1.2's game 3 on the same file: the page
   * lists it once the document notices, under its chouette. */
  {
    g_autoptr(CtdStore) other = ctd_store_open (fixture->path, &error);

    assert_non_null (other);
    assert_true (ctd_store_record_game (other, 1, 2, 3, four_sheet[2], FALSE, &error));
  }
  ctd_document_check_for_changes (document);
  assert_int_equal (g_list_model_get_n_items (shown (page)), 5);
  choose (page, "1.2");
  assert_int_equal (g_list_model_get_n_items (shown (page)), 3);
  assert_string_equal (ctd_audit_item_get_summary (shown_item (page, 0)),
                       "Chouette 1.2 game 3: Bg 2:8 3:4- 4:4+");
  choose (page, "All");
  assert_non_null (strstr (ctd_audit_item_get_summary (shown_item (page, 0)),
                           "Chouette 1.2 game 3"));

  /* Keyboard: every Alt+letter once, and one into the list. */
  {
    g_autofree char *clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (window));
    GtkLabel *entries = ctd_test_find_label (GTK_WIDGET (page), "Entries, newest first");

    assert_null (clashes);
    assert_non_null (entries);
    assert_true (gtk_label_get_mnemonic_widget (entries) ==
                 ctd_test_find_named (GTK_WIDGET (page), "The event's log"));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "log.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_entries, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_redo_and_other_writer, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-log: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
