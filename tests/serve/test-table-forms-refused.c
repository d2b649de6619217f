/* test-table-forms-refused.c: what a stranger's phone, or a page
 * elsewhere, could post into the desk instead of a table's form: each
 * refused, nothing of the event file changed.
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

#include "ctd-serve-html.h"
#include "ctd-table-entry.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

static char *
token_of (guint       port,
          const char *path)
{
  g_autofree char *enter = g_strconcat (path, "/enter/1", NULL);
  g_autoptr(CtdTestAnswer) form = ctd_test_http_get (port, "GET", enter);
  const char *at = strstr (form->body, "name=\"token\" value=\"");

  assert_non_null (at);
  at += strlen ("name=\"token\" value=\"");
  return g_strndup (at, strchr (at, '"') - at);
}

/* A POST with these headers (after Host) and body; expects @status. */
static void
assert_post (guint       port,
             const char *path,
             const char *headers,
             const char *body,
             guint       status,
             const char *what)
{
  g_autofree char *request =
    g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%sContent-Length: %zu\r\n"
                     "Connection: close\r\n\r\n%s", path, port, headers, strlen (body), body);
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_send (port, request, NULL);

  if (answer->status != status)
    fail_msg ("%s: %u, expected %u\n%s", what, answer->status, status, answer->body);
}

#define FORM "Content-Type: application/x-www-form-urlencoded\r\n"

static void
test_forms_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *two = ctd_test_serve_secret (document, 1, 2);
  g_autofree char *token = token_of (port, one);
  g_autofree char *token_two = token_of (port, two);
  g_autofree char *origin = g_strdup_printf (FORM "Origin: http://127.0.0.1:%u\r\n", port);
  g_autofree char *check = g_strconcat (one, "/check", NULL);
  g_autofree char *send = g_strconcat (one, "/send", NULL);
  g_autofree char *answer = g_strconcat (one, "/answer", NULL);
  g_autofree char *wrong = g_strdup (one);
  g_autofree char *wrong_send = NULL;
  g_autofree char *good = NULL, *other_token = NULL, *no_token = NULL, *long_field = NULL;
  g_autofree char *bad_key = NULL, *not_seat = NULL, *other_id = NULL, *bad_line = NULL;
  g_autofree char *filler = g_strnfill (CTD_TABLE_ENTRY_MAX_FIELD + 1, 'x');
  g_autofree char *before = NULL, *after = NULL;

  wrong[strlen (wrong) - 1] = wrong[strlen (wrong) - 1] == '0' ? '1' : '0';
  wrong_send = g_strconcat (wrong, "/send", NULL);
  good = g_strdup_printf ("token=%s&game=1&by=1&line=T&request=%032x", token, 7);
  other_token = g_strdup_printf ("token=%s&game=1&by=1&line=T&request=%032x", token_two, 7);
  no_token = g_strdup_printf ("game=1&by=1&line=T&request=%032x", 7);
  long_field = g_strdup_printf ("token=%s&game=1&by=1&line=%s&request=%032x", token, filler, 7);
  bad_key = g_strdup_printf ("token=%s&game=1&by=1&line=T&request=..%%2F..", token);
  not_seat = g_strdup_printf ("token=%s&game=1&by=3&line=T&request=%032x", token, 8);
  other_id = g_strdup_printf ("token=%s&id=1&by=2&answer=confirm", token);
  bad_line = g_strdup_printf ("token=%s&game=1&by=1&line=T+9%%3A9&request=%032x", token, 9);

  before = ctd_test_serve_snapshot (fixture->path);

  /* The link: a wrong one is the missing page, as for a GET. */
  assert_post (port, wrong_send, origin, good, 404, "a wrong link");
  /* The token: none, another table's, a made-up one. */
  assert_post (port, send, origin, no_token, 403, "no token");
  assert_post (port, send, origin, other_token, 403, "another table's token");
  /* From a page elsewhere, or a sandboxed frame. */
  {
    g_autofree char *evil = g_strdup_printf (FORM "Origin: http://evil.example\r\n");
    g_autofree char *rebound = g_strdup_printf (FORM "Origin: http://127.0.0.1:%u\r\n", port + 1);

    assert_post (port, send, evil, good, 403, "another site's page");
    assert_post (port, send, FORM "Origin: null\r\n", good, 403, "a null origin");
    assert_post (port, send, rebound, good, 403, "another port's page");
  }
  /* Not a form, or not one of ours. */
  assert_post (port, send, "Origin: http://127.0.0.1\r\nContent-Type: application/json\r\n", "{}",
               415, "JSON");
  assert_post (port, send, "Content-Type: multipart/form-data; boundary=x\r\n", good, 415,
               "multipart");
  assert_post (port, send, origin, long_field, 400, "a field past its bound");
  assert_post (port, send, origin, "token=%ZZ&&==&", 403, "a broken form");
  assert_post (port, send, origin, bad_key, 409, "an idempotency key that is not one");
  assert_post (port, send, origin, not_seat, 409, "entered by neither Box nor Captain");
  assert_post (port, send, origin, bad_line, 409, "a line the rules refuse");
  assert_post (port, answer, origin, other_id, 409, "an answer to no line");
  /* Markup typed into the form comes back on it as text, refused. */
  {
    g_autofree char *markup = g_strdup_printf ("token=%s&game=1&by=1&notation=%%3Cscript%%3E"
                                               "alert(1)%%3C%%2Fscript%%3E&more=%%22%%3E%%3Cimg",
                                               token);
    g_autofree char *request =
      g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%sContent-Length: %zu\r\n"
                       "Connection: close\r\n\r\n%s", check, port, origin, strlen (markup),
                       markup);
    g_autoptr(CtdTestAnswer) refused = ctd_test_http_send (port, request, NULL);
    g_autofree char *own_script = g_strdup_printf ("<script>%s</script>", ctd_serve_script ());

    assert_int_equal (refused->status, 422);
    /* No script but the page's own (table.js), which names make none of. */
    assert_int_equal (ctd_test_count_occurrences (refused->body, "<script"),
                      ctd_test_count_occurrences (refused->body, own_script));
    assert_null (strstr (refused->body, "<img"));
    assert_non_null (strstr (refused->body, "value=\"&lt;script&gt;alert(1)&lt;/script&gt;\""));
  }
  /* Another action, or a form posted where a page is. */
  {
    g_autofree char *unknown = g_strconcat (one, "/delete", NULL);

    assert_post (port, unknown, origin, good, 405, "an action that does not exist");
    assert_post (port, one, origin, good, 405, "a POST to the page");
  }
  /* The body is bounded before it is read, and announced. */
  {
    g_autofree char *request =
      g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%sContent-Length: %u\r\n\r\n",
                       send, port, origin, CTD_TABLE_ENTRY_MAX_BODY + 1);
    g_autoptr(CtdTestAnswer) refused = ctd_test_http_send (port, request, NULL);

    assert_int_equal (refused->status, 413);
    g_free (request);
    request = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%s"
                               "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
                               send, port, origin);
    g_clear_pointer (&refused, ctd_test_answer_free);
    refused = ctd_test_http_send (port, request, NULL);
    assert_int_equal (refused->status, 411);
  }

  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (before, after);
}

/* A released round's link, and a closed event's, take no form. */
static void
test_round_over (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *token = token_of (port, one);
  g_autofree char *origin = g_strdup_printf (FORM "Origin: http://127.0.0.1:%u\r\n", port);
  g_autofree char *send = g_strconcat (one, "/send", NULL);
  g_autofree char *good = g_strdup_printf ("token=%s&game=1&by=1&line=T&request=%032x", token, 7);
  g_autofree char *before = NULL, *after = NULL;

  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= CTD_N_GAMES; g++)
      if (!ctd_document_record_game (document, 1, c, g, ctd_test_four_sheet[g - 1], FALSE, &error))
        fail_msg ("%s", error->message);
  assert_true (ctd_document_release_round (document, 1, &error));
  before = ctd_test_serve_snapshot (fixture->path);
  assert_post (port, send, origin, good, 404, "a released round's link");
  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (before, after);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_forms_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_over, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
