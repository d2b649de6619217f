/* test-ui-event.c: the window's event settings page.
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
#include "ctd-document-store.h"
#include "ctd-event-page.h"
#include "ctd-main-window.h"
#include "ctd-player-dialog.h"
#include "ctd-players-page.h"
#include "ctd-rounds-page.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* The entry in row @row of @page's form. */
static GtkEditable *
entry_at (GtkWidget *page,
          int        row)
{
  GtkWidget *grid = ctd_test_find_widget (page, GTK_TYPE_GRID);

  return GTK_EDITABLE (gtk_grid_get_child_at (GTK_GRID (grid), 1, row));
}

static void
test_event_page (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Club Open.chouette", NULL);
  g_auto(CtdEventSettings) stored = { 0, };
  CtdMainWindow *window;
  GtkWidget *page;
  GtkLabel *advice;

  window = ctd_test_open_new_event (app, path);
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);
  assert_non_null (page);

  /* The form shows what is stored: the name from the file, today's date;
   * the name has the focus, for the director to type over it. */
  assert_string_equal (gtk_editable_get_text (entry_at (page, 0)), "Club Open");
  assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                       GTK_WIDGET (entry_at (page, 0))));
  assert_int_equal (strlen (gtk_editable_get_text (entry_at (page, 1))), 10);

  /* Rule 1.8's advice while typing: 50 on a stake of 5 is 10 to 1. */
  gtk_editable_set_text (entry_at (page, 3), "5");
  gtk_editable_set_text (entry_at (page, 4), "50");
  advice = ctd_test_find_label (page, "entry fee");
  assert_non_null (advice);
  assert_true (gtk_widget_get_visible (GTK_WIDGET (advice)));
  gtk_editable_set_text (entry_at (page, 4), "110");
  assert_false (gtk_widget_get_visible (GTK_WIDGET (advice)));

  /* A bad date is refused where it was typed; nothing is stored. */
  gtk_editable_set_text (entry_at (page, 1), "2026-13-40");
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_non_null (ctd_test_find_label (page, "is not a date"));
  assert_true (ctd_store_get_settings (ctd_document_get_store (
                 ctd_main_window_get_document (window)), &stored, &error));
  assert_int_equal (stored.stake_cents, 0);
  ctd_event_settings_clear (&stored);

  /* Saved with Enter in a field: one action; the window takes the name. */
  gtk_editable_set_text (entry_at (page, 1), "2026-11-22");
  gtk_editable_set_text (entry_at (page, 0), "Riga Open");
  g_signal_emit_by_name (gtk_editable_get_delegate (entry_at (page, 0)), "activate");
  assert_non_null (ctd_test_find_label (page, "Settings saved"));
  ctd_test_screenshot (GTK_WINDOW (window), "event.png");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Riga Open");
  assert_true (ctd_store_get_settings (ctd_document_get_store (
                 ctd_main_window_get_document (window)), &stored, &error));
  assert_int_equal (stored.stake_cents, 500);
  assert_int_equal (stored.entry_fee_cents, 11000);
  assert_string_equal (stored.date, "2026-11-22");

  /* Undo puts the old settings back, in the form too. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_string_equal (gtk_editable_get_text (entry_at (page, 0)), "Club Open");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Club Open");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The language the sheets print in, chosen on the Event page from the
 * languages the program speaks: reached with its label's mnemonic
 * (its accessible name is the .ui's, read by the AT-SPI tests), stored with the other settings, undone with them. */
static void
test_language_choice (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *path = g_build_filename (fixture->dir, "Club Open.chouette", NULL);
  g_autofree char *director = ctd_store_default_language ();
  g_auto(CtdEventSettings) stored = { 0, };
  CtdMainWindow *window;
  GtkWidget *page, *grid;
  GtkDropDown *dropdown;
  GListModel *titles;
  CtdStore *store;

  window = ctd_test_open_new_event (app, path);
  store = ctd_document_get_store (ctd_main_window_get_document (window));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);
  grid = ctd_test_find_widget (page, GTK_TYPE_GRID);
  dropdown = GTK_DROP_DOWN (gtk_grid_get_child_at (GTK_GRID (grid), 1, 6));
  assert_true (GTK_IS_DROP_DOWN (dropdown));
  assert_ptr_equal (gtk_label_get_mnemonic_widget (
                      GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 6))),
                    GTK_WIDGET (dropdown));
  assert_string_equal (gtk_label_get_label (
                         GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 6))),
                       "_Print sheets in");

  /* Whoever prints, English, the translations; a new event shows the
   * director's language, which it stored. */
  titles = gtk_drop_down_get_model (dropdown);
  assert_true (g_list_model_get_n_items (titles) >= 2);
  assert_string_equal (gtk_string_list_get_string (GTK_STRING_LIST (titles), 0),
                       "The language of the computer that prints");
  assert_string_equal (gtk_string_list_get_string (GTK_STRING_LIST (titles), 1),
                       "English (en)");
  assert_true (ctd_store_get_settings (store, &stored, NULL));
  assert_string_equal (stored.language, director);
  ctd_event_settings_clear (&stored);
  assert_non_null (strstr (gtk_string_list_get_string (GTK_STRING_LIST (titles),
                                                       gtk_drop_down_get_selected (dropdown)),
                           director));

  /* Chosen and saved: one action; undo puts the director's back. */
  gtk_drop_down_set_selected (dropdown, 0);
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_true (ctd_store_get_settings (store, &stored, NULL));
  assert_null (stored.language);
  ctd_event_settings_clear (&stored);
  gtk_drop_down_set_selected (dropdown, 1);
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_true (ctd_store_get_settings (store, &stored, NULL));
  assert_string_equal (stored.language, "en");
  ctd_event_settings_clear (&stored);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (gtk_drop_down_get_selected (dropdown), 0);
  ctd_test_screenshot (GTK_WINDOW (window), "event-language.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

static gint64
stored_stake (CtdMainWindow *window)
{
  g_auto(CtdEventSettings) stored = { 0, };

  assert_true (ctd_store_get_settings (ctd_document_get_store (
                 ctd_main_window_get_document (window)), &stored, NULL));
  return stored.stake_cents;
}

/* SPEC 7: once a result is entered the stake is fixed. Saving a new one
 * asks first, with core's account of the chouettes it re-prices: Cancel
 * changes nothing; Change Anyway stores it, logged as forced. */
static void
test_fixed_stake_confirmation (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Club Open.chouette", NULL);
  g_autofree char *detail = NULL;
  g_autoptr(GPtrArray) log = NULL;
  CtdMainWindow *window;
  CtdDocument *document;
  GtkWindow *dialog;
  GtkWidget *page;
  const char *summary;

  window = ctd_test_open_new_event (app, path);
  document = ctd_main_window_get_document (window);
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);

  /* Before the first result the stake changes without a question. */
  gtk_editable_set_text (entry_at (page, 3), "5");
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (stored_stake (window), 500);

  ctd_test_draw_players (document, 4);
  assert_true (ctd_document_record_game (document, 1, 1, 1, "T", FALSE, &error));

  gtk_editable_set_text (entry_at (page, 3), "8");
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  assert_non_null (dialog);
  g_object_get (dialog, "secondary-text", &detail, NULL);
  assert_string_equal (detail, "The stake is fixed once a result is entered, since settlements "
                               "are paid at the table: chouette 1.1 has results entered at it; "
                               "a stake of 8.00 would change those settlements. Force the change "
                               "to make it anyway");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog),
                                        "Change the stake after results were entered?"));
  ctd_test_screenshot (dialog, "event-fixed-stake.png");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (stored_stake (window), 500);
  assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (
    GTK_WIDGET (ctd_test_find_label (page, "Settings saved")), GTK_TYPE_REVEALER))));

  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  assert_non_null (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_int_equal (stored_stake (window), 800);
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (
    GTK_WIDGET (ctd_test_find_label (page, "Settings saved")), GTK_TYPE_REVEALER))));
  log = ctd_store_list_audit (ctd_document_get_store (document), &error);
  summary = ((CtdStoreAuditEntry *) g_ptr_array_index (log, log->len - 1))->summary;
  assert_non_null (strstr (summary, "stake 8.00 (forced after results: chouette 1.1"));

  /* The direction alone: its own question. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ctd_test_find_widget (page, GTK_TYPE_DROP_DOWN)), 1);
  assert_true (gtk_widget_activate_action (page, "event.save", NULL));
  dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  assert_non_null (dialog);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), "Change the last-segment direction "
                                                            "after results were entered?"));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file opened to look at: a banner says why nothing can change, and
 * every changing action is off. */
static void
test_read_only (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Archive.chouette", NULL);
  const CtdEventSettings settings = { .name = (char *) "Archive", .date = (char *) "2026-01-01",
                                      .venue = (char *) "" };
  g_autoptr(CtdDocument) writer = ctd_document_create (path, &settings, &error);
  g_autoptr(CtdDocument) reader = NULL;
  CtdMainWindow *window;
  GtkWidget *page;
  GtkLabel *banner;

  assert_non_null (writer);
  assert_true (ctd_document_add_player (writer, "Ann", NULL, NULL, TRUE, NULL, &error));
  reader = ctd_document_open_read_only (path, &error);
  assert_non_null (reader);

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ctd_main_window_set_document (window, reader);
  banner = ctd_test_find_label (GTK_WIDGET (window), "cannot be written");
  assert_non_null (banner);
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (
                 gtk_widget_get_ancestor (GTK_WIDGET (banner), GTK_TYPE_REVEALER))));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_EVENT_PAGE);
  assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  /* The settings stay readable; nothing can be typed, reverted or saved. */
  assert_false (gtk_editable_get_editable (
    GTK_EDITABLE (ctd_test_find_widget (page, GTK_TYPE_ENTRY))));
  assert_false (gtk_widget_get_sensitive (gtk_widget_get_ancestor (
    GTK_WIDGET (ctd_test_find_label (page, "Revert")), GTK_TYPE_BUTTON)));
  assert_false (gtk_widget_get_sensitive (gtk_widget_get_ancestor (
    GTK_WIDGET (ctd_test_find_label (page, "Save Settings")), GTK_TYPE_BUTTON)));
  {
    GtkWidget *players = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE);
    GtkWidget *rounds = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_ROUNDS_PAGE);
    g_auto(CtdEventSettings) stored = { 0, };

    /* Activating a disabled action does nothing: the file is as it was. */
    gtk_editable_set_text (entry_at (page, 0), "Changed");
    gtk_widget_activate_action (page, "event.save", NULL);
    gtk_widget_activate_action (players, "players.add", NULL);
    gtk_widget_activate_action (rounds, "rounds.draw", NULL);
    assert_null (ctd_test_find_toplevel (CTD_TYPE_PLAYER_DIALOG));
    assert_true (ctd_store_get_settings (ctd_document_get_store (writer), &stored, &error));
    assert_string_equal (stored.name, "Archive");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
document_shown (gconstpointer window)
{
  return ctd_main_window_get_document ((CtdMainWindow *) window) != NULL;
}

/* A recent event, opened from the menu: the window says it is opening
 * it, and the director may cancel; then it opens. */
static void
test_open_recent (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Spring Open.chouette", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  const CtdEventSettings settings = { .name = (char *) "Spring Open",
                                      .date = (char *) "2026-04-01", .venue = (char *) "" };
  CtdDocument *created = ctd_document_create (path, &settings, &error);
  GActionGroup *actions;
  CtdMainWindow *window;

  assert_non_null (created);
  g_object_unref (created);
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  actions = G_ACTION_GROUP (window);
  gtk_window_present (GTK_WINDOW (window));
  assert_false (g_action_group_get_action_enabled (actions, "cancel-open"));

  /* Cancelled at once: still the welcome view, and nothing is opening. */
  g_action_group_activate_action (actions, "open-recent", g_variant_new_string (uri));
  assert_true (g_action_group_get_action_enabled (actions, "cancel-open"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (window), "Opening "));
  g_action_group_activate_action (actions, "cancel-open", NULL);
  /* A fixed wait on purpose: what is checked is that the cancelled open,
   * still in its worker thread, never shows its event later; its end
   * announces itself to no one. */
  ctd_test_spin (300);
  assert_null (ctd_main_window_get_document (window));
  assert_false (g_action_group_get_action_enabled (actions, "cancel-open"));

  /* Opened. */
  g_action_group_activate_action (actions, "open-recent", g_variant_new_string (uri));
  assert_true (ctd_test_wait_for (document_shown, window, 2000,
                                  "the window to open the recent event"));
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Spring Open");
  assert_false (g_action_group_get_action_enabled (actions, "cancel-open"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_language_choice, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_event_page, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fixed_stake_confirmation, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_read_only, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_open_recent, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-event: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
