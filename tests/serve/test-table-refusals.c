/* test-table-refusals.c: what the table server refuses, each refusal
 * with its status and the event file unchanged: wrong, revoked and
 * expired links answer the bytes of a missing page; other methods,
 * bodies, long addresses, huge headers, foreign Hosts, "..", slow
 * requests are refused before anything is read (repeated guesses are
 * slowed: test-table-connections.c).
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

#include <string.h>

#include "ctd-document-store.h"
#include "ctd-serve-guard.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* The page a missing path answers, for comparing byte for byte. */
static char *
missing_page (guint port)
{
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", "/no/such/page");

  assert_int_equal (answer->status, 404);
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "Referrer-Policy"),
                                 "same-origin"));
  return g_strdup (answer->body);
}

static void
assert_not_found (guint       port,
                  const char *path,
                  const char *missing)
{
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", path);

  if (answer->status != 404)
    fail_msg ("%s: %u, expected 404", path, answer->status);
  assert_string_equal (answer->body, missing);
}

/* A request written whole, its status checked; returns how long it took. */
static gint64
assert_refused (guint       port,
                const char *request,
                guint       status)
{
  gint64 elapsed = 0;
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_send (port, request, &elapsed);

  if (answer->status != status)
    fail_msg ("%.80s: %u, expected %u", request, answer->status, status);
  return elapsed;
}

/* Every hostile request of the list, refused, the file as it was. */
static void
test_hostile (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *missing = missing_page (port);
  g_autofree char *before = ctd_test_serve_snapshot (fixture->path);
  g_autofree char *after = NULL;
  g_autofree char *wrong = g_strdup (one);
  g_autofree char *upper = g_ascii_strup (one, -1);
  g_autofree char *long_path = g_strnfill (600, 'a');
  g_autofree char *big_value = g_strnfill (9000, 'x');
  g_autofree char *request = NULL;
  static const char *const missing_paths[] = {
    "/", "/t/", "/t", "/static/", "/static", "/standings/", "/Standings", "/STATIC/table.css",
    "/static/table.css/",
    "/static/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/favicon.ico",
  };

  /* A wrong secret, one digit off, and the right one in capitals.
   * (libsoup decodes what needs no encoding, "%2E" as ".", before we see it.) */
  wrong[strlen (wrong) - 1] = wrong[strlen (wrong) - 1] == '0' ? '1' : '0';
  assert_not_found (port, wrong, missing);
  upper[1] = 't';
  assert_not_found (port, upper, missing);
  /* An encoded slash: libsoup itself refuses it, before any handler,
   * with an empty 400. */
  {
    g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", "/t/..%2f..%2fetc%2fpasswd");

    assert_int_equal (answer->status, 400);
    assert_string_equal (answer->body, "");
  }
  for (guint i = 0; i < G_N_ELEMENTS (missing_paths); i++)
    assert_not_found (port, missing_paths[i], missing);
  /* The right one, with a query, still opens its page. */
  {
    g_autofree char *query = g_strconcat (one, "?x=1", NULL);
    g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", query);

    assert_int_equal (answer->status, 200);
  }

  /* Methods other than GET and HEAD: 405 at once, the body never read
   * (it is announced and never sent: a server that waited would time out). */
  request = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n"
                             "Content-Length: 100000\r\n\r\n", one, port);
  assert_true (assert_refused (port, request, 405) < 5 * G_USEC_PER_SEC);
  g_free (request);
  request = g_strdup_printf ("PUT %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n\r\n",
                             one, port);
  assert_refused (port, request, 405);
  g_free (request);
  request = g_strdup_printf ("DELETE %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n\r\n",
                             one, port);
  assert_refused (port, request, 405);
  g_free (request);
  /* A body on a GET. */
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n"
                             "Content-Length: 5000\r\n\r\n", one, port);
  assert_refused (port, request, 413);
  g_free (request);
  /* An address over 512 bytes. */
  request = g_strdup_printf ("GET /t/%s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n\r\n",
                             long_path, port);
  assert_refused (port, request, 414);
  g_free (request);
  /* Headers over 8 KiB. */
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nX-Big: %s\r\n"
                             "Connection: close\r\n\r\n", one, port, big_value);
  assert_refused (port, request, 431);
  g_free (request);
  /* Another site's name for this desk (DNS rebinding), or none. */
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: evil.example:%u\r\nConnection: close\r\n\r\n",
                             one, port);
  assert_refused (port, request, 421);
  g_free (request);
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: localhost:%u\r\nConnection: close\r\n\r\n",
                             one, port);
  assert_refused (port, request, 421);
  g_free (request);
  request = g_strdup_printf ("GET %s HTTP/1.0\r\n\r\n", one);
  assert_refused (port, request, 421);
  g_free (request);
  /* An IP literal is the desk's own address as a phone reads it. */
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", one);
  assert_refused (port, request, 200);

  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (after, before);
}

/* A reissued link, a released round and a closed event open nothing;
 * the close stops the server. */
static void
test_expired (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autoptr(GError) error = NULL;
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *two = ctd_test_serve_secret (document, 1, 2);
  g_autofree char *renewed = NULL;
  g_autofree char *new_secret = NULL;
  guint port = ctd_table_server_get_port (server);
  g_autofree char *missing = missing_page (port);
  g_autoptr(CtdTestAnswer) opened = ctd_test_http_get (port, "GET", two);

  assert_int_equal (opened->status, 200);
  /* A lost phone: 1.1's link reissued by another program on the file. */
  {
    g_autoptr(CtdStore) other = ctd_store_open (fixture->path, &error);

    assert_non_null (other);
    assert_true (ctd_store_reissue_link (other, 1, 1, &new_secret, &error));
  }
  assert_not_found (port, one, missing);
  renewed = g_strconcat ("/t/", new_secret, NULL);
  {
    g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", renewed);

    assert_int_equal (answer->status, 200);
  }

  /* Every game in, the round released: its links open nothing. */
  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= 12; game++)
      assert_true (ctd_document_record_game (document, 1, chouette, game,
                                             ctd_test_four_sheet[game - 1], FALSE, &error));
  assert_true (ctd_document_release_round (document, 1, &error));
  assert_not_found (port, renewed, missing);
  assert_not_found (port, two, missing);
  assert_true (ctd_table_server_get_listening (server));

  /* Closed by another program: the server stops with the event. */
  ctd_test_exec_sql (fixture->path, "UPDATE event SET closed = '2026-05-17T21:00:00Z'");
  ctd_document_check_for_changes (document);
  assert_true (ctd_document_get_closed (document));
  assert_false (ctd_table_server_get_listening (server));
  assert_int_equal (ctd_table_server_get_port (server), 0);
}

/* A closed event's links open nothing even while a server listens. */
static void
test_closed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) drawn = ctd_test_serve_document (fixture->path);
  g_autofree char *one = ctd_test_serve_secret (drawn, 1, 1);
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdTableServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = NULL;
  guint port;

  g_clear_object (&drawn);
  ctd_test_exec_sql (fixture->path, "UPDATE event SET closed = '2026-05-17T21:00:00Z'");
  document = ctd_document_open_read_only (fixture->path, &error);
  assert_non_null (document);
  server = ctd_test_serve_start (document);
  port = ctd_table_server_get_port (server);
  missing = missing_page (port);
  assert_not_found (port, one, missing);
}

/* The Host header: an IP literal or the server's own name and port. */
static void
test_host (void **state)
{
  assert_true (ctd_serve_host_is_own ("192.168.1.20:8080", NULL, 8080));
  assert_true (ctd_serve_host_is_own ("192.168.1.20", NULL, 8080));
  assert_true (ctd_serve_host_is_own ("[fe80::1]:8080", NULL, 8080));
  assert_true (ctd_serve_host_is_own ("desk.local:8080", "desk.local", 8080));
  assert_false (ctd_serve_host_is_own ("desk.local:8081", "desk.local", 8080));
  assert_false (ctd_serve_host_is_own ("evil.example:8080", "desk.local", 8080));
  assert_false (ctd_serve_host_is_own ("evil.example", NULL, 8080));
  assert_false (ctd_serve_host_is_own ("192.168.1.20:99999", NULL, 8080));
  assert_false (ctd_serve_host_is_own ("192.168.1.20:x", NULL, 8080));
  assert_false (ctd_serve_host_is_own ("[fe80::1", NULL, 8080));
  assert_false (ctd_serve_host_is_own ("", NULL, 8080));
  assert_false (ctd_serve_host_is_own (NULL, NULL, 8080));
}

/* A request that never ends is cut off after the server's timeout. */
static void
test_slow (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  guint port = ctd_table_server_get_port (server);
  gint64 elapsed = 0;
  g_autoptr(CtdTestAnswer) answer = NULL;

  ctd_table_server_set_timeout (server, 1);
  answer = ctd_test_http_send (port, "GET /static/table.css HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                               &elapsed);
  assert_int_equal (answer->status, 0);
  assert_string_equal (answer->body, "");
  assert_true (elapsed >= G_USEC_PER_SEC / 2);
  assert_true (elapsed < 10 * G_USEC_PER_SEC);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_hostile, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_expired, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closed, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test (test_host),
    cmocka_unit_test_setup_teardown (test_slow, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
