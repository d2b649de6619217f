/* test-ui-table-entry.c: Table Entry in the window (win.table-entry):
 * the dialog starts and stops the window's server for the tables'
 * phones, says where it serves and how many tables opened their links,
 * tells an occupied port, stops with the event, and while it serves the
 * window's sheets carry each table's link.
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
#include <libsoup/soup.h>
#include <stdio.h>
#include <string.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-export-dialog.h"
#include "ctd-main-window.h"
#include "ctd-table-entry-dialog.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-table-entry.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* Enter in the port field: Start, the dialog's default. */
static void
press_enter_in_port (CtdTableEntryDialog *dialog)
{
  GtkWidget *spin = ctd_test_table_entry_input (dialog, "Port", GTK_TYPE_SPIN_BUTTON);

  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate");
}

/* The state label says @text exactly, within a few seconds. */
static void
wait_for_state (CtdTableEntryDialog *dialog,
                const char          *text)
{
  if (ctd_test_wait_for_label (GTK_WIDGET (dialog), text, 5000) == NULL)
    fail_msg ("The dialog never said “%s”", text);
}

static char *
serving_text (CtdMainWindow *window,
              guint          n_tables)
{
  guint port = ctd_table_server_get_port (ctd_main_window_get_table_server (window));

  return g_strdup_printf (n_tables == 1 ? "Serving at http://127.0.0.1:%u — %u table connected"
                                        : "Serving at http://127.0.0.1:%u — %u tables connected",
                          port, n_tables);
}

/* The URL of chouette 1.@chouette's link on the window's server. */
static char *
table_url (CtdMainWindow *window,
           guint          chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_document_list_links (ctd_main_window_get_document (window), 1,
                                                        &error);
  g_autofree char *base = ctd_main_window_dup_links_base (window);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == chouette)
        return g_strconcat (base, "/t/", link->secret, NULL);
    }
  fail_msg ("No link for chouette 1.%u", chouette);
  return NULL;
}

/* A phone opens @url, on the test's main loop as the window serves. */
static guint
open_page (const char *url)
{
  g_autofree char *page = NULL;
  guint status = 0;

  page = ctd_test_fetch (url, &status);
  return status;
}

static gboolean
is_listening (gconstpointer server)
{
  return ctd_table_server_get_listening ((CtdTableServer *) server);
}

/* Start with Enter, a phone opens its table's link: one table
 * connected; the dialog closed and opened again shows the same server
 * still serving; Stop. */
static void
test_start_and_stop (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdTableServer *server = ctd_main_window_get_table_server (window);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *none = NULL, *one = NULL, *url = NULL;
  g_autofree char *mnemonics = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));

  assert_null (mnemonics);
  assert_non_null (server);
  assert_ptr_equal (ctd_table_entry_dialog_get_server (dialog), server);
  wait_for_state (dialog, "Not serving.");
  assert_null (ctd_main_window_dup_links_base (window));
  /* Each input and button is named for a screen reader. */
  ctd_test_table_entry_input (dialog, "Network interface", GTK_TYPE_TOGGLE_BUTTON);
  ctd_test_table_entry_input (dialog, "Start serving", GTK_TYPE_BUTTON);
  assert_false (gtk_widget_get_visible (ctd_test_table_entry_input (dialog, "Stop serving",
                                                                    GTK_TYPE_BUTTON)));

  ctd_test_choose_loopback (dialog, 0);
  press_enter_in_port (dialog);
  /* (the default button activates a moment later, as a press shows) */
  assert_true (ctd_test_wait_for (is_listening, server, 5000, "Enter to start the server"));
  assert_int_not_equal (ctd_table_server_get_port (server), 0);
  none = serving_text (window, 0);
  wait_for_state (dialog, none);
  assert_false (gtk_widget_get_visible (ctd_test_table_entry_input (dialog, "Start serving",
                                                                    GTK_TYPE_BUTTON)));
  /* The port taken shows, for the next Start to take it again. */
  assert_int_equal (gtk_spin_button_get_value_as_int (
                      GTK_SPIN_BUTTON (ctd_test_table_entry_input (dialog, "Port",
                                                                   GTK_TYPE_SPIN_BUTTON))),
                    ctd_table_server_get_port (server));

  url = table_url (window, 1);
  assert_int_equal (open_page (url), 200);
  one = serving_text (window, 1);
  wait_for_state (dialog, one);

  /* Closed, the dialog only hides; the server goes on. */
  gtk_window_close (GTK_WINDOW (dialog));
  assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  assert_true (ctd_table_server_get_listening (server));
  assert_int_equal (open_page (url), 200);
  assert_ptr_equal (ctd_test_open_table_entry (window), dialog);
  wait_for_state (dialog, one);

  ctd_test_table_entry_click (dialog, "Stop serving");
  assert_false (ctd_table_server_get_listening (server));
  wait_for_state (dialog, "Not serving.");
  assert_null (ctd_main_window_dup_links_base (window));

  /* The window closed while serving: the server stops, the dialog goes. */
  ctd_test_table_entry_click (dialog, "Start serving");
  assert_true (ctd_table_server_get_listening (server));
  g_object_ref (server);
  gtk_window_destroy (GTK_WINDOW (window));
  assert_false (ctd_table_server_get_listening (server));
  g_object_unref (server);
  assert_null (ctd_test_find_toplevel (CTD_TYPE_TABLE_ENTRY_DIALOG));
}

/* A port another program holds: said, with what to do; nothing serves. */
static void
test_port_in_use (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GSocketListener) other = g_socket_listener_new ();
  g_autoptr(GSocketAddress) loopback = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr(GSocketAddress) taken = NULL;
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *expected = NULL;
  guint port;

  assert_true (g_socket_listener_add_address (other, loopback, G_SOCKET_TYPE_STREAM,
                                              G_SOCKET_PROTOCOL_TCP, NULL, &taken, &error));
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (taken));
  ctd_test_choose_loopback (dialog, port);
  ctd_test_table_entry_click (dialog, "Start serving");
  assert_false (ctd_table_server_get_listening (ctd_main_window_get_table_server (window)));
  expected = g_strdup_printf ("Port %u is in use by another program (perhaps another Chouette TD "
                              "serving): choose another port, such as %u, or 0 for any free one, "
                              "and press Start again.", port, port + 1);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (dialog), expected));
  wait_for_state (dialog, "Not serving.");
  ctd_test_screenshot (GTK_WINDOW (dialog), "table-entry-port-in-use.png");
  g_socket_listener_close (other);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Another event shown, or the event closed: the server stops. */
static void
test_stops_with_the_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "archive", NULL);
  g_autofree char *other_path = g_build_filename (fixture->dir, "Other.chouette", NULL);
  g_autoptr(CtdDocument) other = NULL;
  CtdMainWindow *window = ctd_test_open_built_event (app, fixture->dir, "Finished.chouette", 8,
                                                     2026, TRUE);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  CtdTableServer *first = ctd_main_window_get_table_server (window);
  CtdTableServer *second;

  ctd_test_choose_loopback (dialog, 0);
  ctd_test_table_entry_click (dialog, "Start serving");
  assert_true (ctd_table_server_get_listening (first));

  /* Another event: the first one's server stops, the new one's is idle. */
  assert_true (ctd_test_build_event (other_path, 8, 7, TRUE, &error));
  other = ctd_document_open (other_path, &error);
  assert_non_null (other);
  g_object_ref (first);
  ctd_main_window_set_document (window, other);
  assert_false (ctd_table_server_get_listening (first));
  g_object_unref (first);
  second = ctd_main_window_get_table_server (window);
  assert_ptr_not_equal (second, first);
  assert_ptr_equal (ctd_table_entry_dialog_get_server (dialog), second);
  wait_for_state (dialog, "Not serving.");

  /* Closing the event stops it, and nothing starts it again. */
  ctd_test_choose_loopback (dialog, 0);
  ctd_test_table_entry_click (dialog, "Start serving");
  assert_true (ctd_table_server_get_listening (second));
  assert_int_equal (g_mkdir (folder, 0755), 0);
  assert_true (ctd_main_window_close_event (window, folder, &error));
  assert_false (ctd_table_server_get_listening (second));
  wait_for_state (dialog, "Not serving. The event is closed: its tables enter nothing more.");
  assert_false (gtk_widget_is_sensitive (ctd_test_table_entry_input (dialog, "Start serving",
                                                                     GTK_TYPE_BUTTON)));
  assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "table-entry"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the XLSX at @path says, its shared strings. */
static char *
xlsx_strings (const char *path)
{
  const char *argv[] = { "unzip", "-p", path, "xl/sharedStrings.xml", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error))
    fail_msg ("unzip: %s", error->message);
  return out;
}

static gboolean
export_over (gconstpointer dialog)
{
  return !ctd_export_dialog_get_busy ((CtdExportDialog *) dialog);
}

/* Round 1's blank sheets exported from the window (Print or Export) to @name. */
static char *
export_blank_sheets (CtdMainWindow *window,
                     const char    *dir,
                     const char    *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CtdExportDialog *export;

  g_action_group_activate_action (G_ACTION_GROUP (window), "export", NULL);
  export = CTD_EXPORT_DIALOG (ctd_test_find_toplevel (CTD_TYPE_EXPORT_DIALOG));
  assert_non_null (export);
  /* A drawn round not yet played: its blank sheets are offered first. */
  ctd_export_dialog_export_to (export, file);
  assert_true (ctd_test_wait_for (export_over, export, 60000, "the export to end"));
  gtk_window_destroy (GTK_WINDOW (export));
  assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  return xlsx_strings (path);
}

static gboolean
pointer_set (gconstpointer pointer)
{
  return *(gpointer const *) pointer != NULL;
}

static void
printed_cb (GObject      *page,
            GAsyncResult *result,
            gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* Chouette 1.2's sheet printed from its page (Print Sheet…) to a PDF
 * named @name: its text, as pdftotext reads it. */
static char *
print_chouette_sheet (CtdMainWindow *window,
                      const char    *dir,
                      const char    *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *argv[] = { "pdftotext", path, "-", NULL };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouettePage *page;
  char *text = NULL;
  int status;

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.2"));
  page = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_CHOUETTE_PAGE));
  ctd_chouette_page_print_async (page, GTK_PRINT_OPERATION_ACTION_EXPORT, path, NULL, printed_cb,
                                 &result);
  assert_true (ctd_test_wait_for (pointer_set, &result, 60000, "the sheet to print"));
  assert_true (ctd_chouette_page_print_finish (page, result, &error));
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &text, NULL, &status, &error))
    fail_msg ("pdftotext: %s", error->message);
  return text;
}

/* While the window serves, its sheets carry each table's link under the
 * server's address, from Print or Export and from a chouette's page;
 * stopped, none. */
static void
test_sheets_carry_links (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *url = NULL, *base = NULL, *served = NULL, *stopped = NULL;
  g_autofree char *printed = NULL, *printed_stopped = NULL;

  ctd_test_choose_loopback (dialog, 0);
  ctd_test_table_entry_click (dialog, "Start serving");
  base = ctd_main_window_dup_links_base (window);
  assert_true (g_str_has_prefix (base, "http://127.0.0.1:"));
  url = table_url (window, 2);
  served = export_blank_sheets (window, fixture->dir, "served.xlsx");
  assert_non_null (strstr (served, url));
  printed = print_chouette_sheet (window, fixture->dir, "served.pdf");
  assert_non_null (strstr (printed, url));

  ctd_test_table_entry_click (dialog, "Stop serving");
  stopped = export_blank_sheets (window, fixture->dir, "stopped.xlsx");
  assert_null (strstr (stopped, "/t/"));
  assert_null (strstr (stopped, base));
  printed_stopped = print_chouette_sheet (window, fixture->dir, "stopped.pdf");
  assert_null (strstr (printed_stopped, "/t/"));
  assert_non_null (strstr (printed_stopped, "1.2"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_start_and_stop, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_port_in_use, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_stops_with_the_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sheets_carry_links, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-table-entry: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
