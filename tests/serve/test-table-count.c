/* test-table-count.c: how many tables are connected (the server's
 * "n-tables"): distinct chouettes whose link opened a page in the last
 * five minutes, wrong links not counted, none once stopped.
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

#include "ctd-serve-visits.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"

typedef CtdTestFolder Fixture;

/* The window slides: a table seen again stays, one gone quiet goes. */
static void
test_visits_window (void **state)
{
  g_autoptr(CtdServeVisits) visits = ctd_serve_visits_new ();
  const gint64 start = 1000 * G_USEC_PER_SEC;
  const gint64 minute = 60 * G_USEC_PER_SEC;

  assert_int_equal (ctd_serve_visits_count (visits, start), 0);
  ctd_serve_visits_seen (visits, 1, 1, start);
  ctd_serve_visits_seen (visits, 1, 2, start);
  ctd_serve_visits_seen (visits, 1, 1, start + minute);
  /* 2.1 is not 1.2, nor 1.1 read twice two tables. */
  ctd_serve_visits_seen (visits, 2, 1, start + minute);
  assert_int_equal (ctd_serve_visits_count (visits, start + minute), 3);
  /* 1.2 last seen five minutes ago: gone; 1.1 and 2.1 a minute later. */
  assert_int_equal (ctd_serve_visits_count (visits, start + 5 * minute - 1), 3);
  assert_int_equal (ctd_serve_visits_count (visits, start + 5 * minute), 2);
  assert_int_equal (ctd_serve_visits_count (visits, start + 6 * minute), 0);
  ctd_serve_visits_seen (visits, 1, 2, start + 6 * minute);
  assert_int_equal (ctd_serve_visits_count (visits, start + 6 * minute), 1);
  ctd_serve_visits_clear (visits);
  assert_int_equal (ctd_serve_visits_count (visits, start + 6 * minute), 0);
}

/* A phone's GET of @path; returns the status. */
static guint
open_page (const char *base,
           const char *path)
{
  g_autofree char *url = g_strconcat (base, path, NULL);
  g_autofree char *page = NULL;
  guint status = 0;

  page = ctd_test_fetch (url, &status);
  return status;
}

static void
count_notify_cb (GObject    *server,
                 GParamSpec *pspec,
                 guint      *notified)
{
  (*notified)++;
}

/* Two links opened, one of them twice, and a wrong one: two tables,
 * told once each; stopped, none. */
static void
test_server_count (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *base = ctd_table_server_get_uri (server);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *two = ctd_test_serve_secret (document, 1, 2);
  g_autofree char *wrong = g_strdup (one);
  guint notified = 0, n_tables = 99;

  g_signal_connect (server, "notify::n-tables", G_CALLBACK (count_notify_cb), &notified);
  /* The same length, one digit changed: no chouette's link. */
  wrong[3] = wrong[3] == '0' ? '1' : '0';
  assert_int_equal (ctd_table_server_get_n_tables (server), 0);

  assert_int_equal (open_page (base, wrong), 404);
  assert_int_equal (ctd_table_server_get_n_tables (server), 0);
  assert_int_equal (open_page (base, "/standings"), 200);
  assert_int_equal (ctd_table_server_get_n_tables (server), 0);
  assert_int_equal (open_page (base, one), 200);
  assert_int_equal (ctd_table_server_get_n_tables (server), 1);
  assert_int_equal (open_page (base, one), 200);
  assert_int_equal (open_page (base, two), 200);
  g_object_get (server, "n-tables", &n_tables, NULL);
  assert_int_equal (n_tables, 2);
  assert_int_equal (notified, 2);

  ctd_table_server_stop (server);
  assert_int_equal (ctd_table_server_get_n_tables (server), 0);
  assert_int_equal (notified, 3);
}

/* Start and stop are told ("listening"), as the window follows them. */
static void
test_listening_notify (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_table_server_new (document);
  g_autoptr(GError) error = NULL;
  guint notified = 0;

  g_signal_connect (server, "notify::listening", G_CALLBACK (count_notify_cb), &notified);
  assert_true (ctd_table_server_listen (server, "127.0.0.1", 0, &error));
  assert_int_equal (notified, 1);
  ctd_table_server_stop (server);
  assert_int_equal (notified, 2);
  ctd_table_server_stop (server);
  assert_int_equal (notified, 2);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_visits_window),
    cmocka_unit_test_setup_teardown (test_server_count, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_listening_notify, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
