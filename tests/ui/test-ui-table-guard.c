/* test-ui-table-guard.c: Table Entry tells the director which address
 * tries links that open nothing, and how many, while the server
 * answers them slowly.
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

#include <libsoup/soup.h>
#include <stdio.h>

#include "ctd-application.h"
#include "ctd-main-window.h"
#include "ctd-serve-guard.h"
#include "ctd-table-entry-dialog.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-table-entry.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* The slowed answer, whenever it comes (or the stop that cuts it). */
static void
last_sent_cb (GObject      *session,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GInputStream) stream = soup_session_send_finish (SOUP_SESSION (session), result, NULL);
}

/* Four wrong links from 127.0.0.1 (the fourth the first slowed): the
 * state says who and how many, under the address served. */
static void
test_guesses_shown (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_entry (app, fixture->dir);
  CtdTableServer *server = ctd_main_window_get_table_server (window);
  CtdTableEntryDialog *dialog = ctd_test_open_table_entry (window);
  g_autofree char *base = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *last_url = NULL;
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(SoupMessage) last = NULL;

  ctd_test_choose_loopback (dialog, 0);
  ctd_test_table_entry_click (dialog, "Start serving");
  assert_true (ctd_table_server_get_listening (server));
  base = ctd_main_window_dup_links_base (window);
  for (guint i = 0; i < CTD_SERVE_GUARD_FREE_GUESSES; i++)
    {
      g_autofree char *wrong = g_strdup_printf ("%s/t/%032x", base, i);
      g_autofree char *page = NULL;
      guint status = 0;

      page = ctd_test_fetch (wrong, &status);
      assert_int_equal (status, 404);
    }
  /* The first slowed one: its answer waits, the dialog says so meanwhile
   * (the answer is not awaited: under the sanitizer, drawing the state
   * takes the main loop longer than a fetch waits). */
  last_url = g_strdup_printf ("%s/t/%032x", base, CTD_SERVE_GUARD_FREE_GUESSES);
  last = soup_message_new ("GET", last_url);
  soup_session_send_async (session, last, G_PRIORITY_DEFAULT, NULL, last_sent_cb, NULL);
  expected = g_strdup_printf ("Serving at %s — 0 tables connected. "
                              "Links that open nothing came from 127.0.0.1 (4 wrong links): "
                              "the desk answers those slowly. The tables' own links are "
                              "answered at once.", base);
  if (ctd_test_wait_for_label (GTK_WIDGET (dialog), expected, 120000) == NULL)
    fail_msg ("The dialog never said “%s”", expected);
  /* Looked at as the director sees it (CTD_SCREENSHOT_DIR). */
  ctd_test_screenshot (GTK_WINDOW (dialog), "table-entry-guard.png");
  ctd_test_table_entry_click (dialog, "Stop serving");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_guesses_shown, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-table-guard: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
