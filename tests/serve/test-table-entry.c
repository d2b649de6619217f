/* test-table-entry.c: a game entered from the table's phone, confirmed
 * by the other side, accepted at the desk; and every form a stranger's
 * phone could post instead, refused with the event file unchanged.
 * Raw HTTP on loopback, as a browser posts a form.
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
#include <string.h>
#include <unistd.h>

#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* A form as a browser posts it from the server's own page. */
static CtdTestAnswer *
post (guint       port,
      const char *path,
      const char *body)
{
  g_autofree char *request =
    g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nOrigin: http://127.0.0.1:%u\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\n"
                     "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                     path, port, port, strlen (body), body);

  return ctd_test_http_send (port, request, NULL);
}

/* The value of the first hidden input @name on @page. */
static char *
hidden_value (const char *page,
              const char *name)
{
  g_autofree char *marker = g_strdup_printf ("name=\"%s\" value=\"", name);
  const char *at = strstr (page, marker);
  const char *end;

  if (at == NULL)
    fail_msg ("No field %s on the page:\n%s", name, page);
  at += strlen (marker);
  end = strchr (at, '"');
  return g_strndup (at, end - at);
}

typedef struct
{
  CtdDocument    *document;
  CtdTableServer *server;
  guint           port;
  char           *path;   /* /t/SECRET of 1.1 */
  char           *token;
} Served;

static void
served_open (Served     *served,
             const char *file)
{
  g_autoptr(CtdTestAnswer) form = NULL;
  g_autofree char *enter = NULL;

  served->document = ctd_test_serve_document (file);
  served->server = ctd_test_serve_start (served->document);
  served->port = ctd_table_server_get_port (served->server);
  served->path = ctd_test_serve_secret (served->document, 1, 1);
  enter = g_strconcat (served->path, "/enter/1", NULL);
  form = ctd_test_http_get (served->port, "GET", enter);
  assert_int_equal (form->status, 200);
  served->token = hidden_value (form->body, "token");
}

static void
served_close (Served *served)
{
  g_clear_object (&served->server);
  g_clear_object (&served->document);
  g_clear_pointer (&served->path, g_free);
  g_clear_pointer (&served->token, g_free);
}

static GPtrArray *
lines_of (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = ctd_document_list_submissions (document, 1, 1, &error);

  if (lines == NULL)
    fail_msg ("%s", error->message);
  return lines;
}

/* Game 1 of 1.1 in words: seat 1 is its Box, seat 2 its Captain; the
 * crew won a gammon, seat 2's cube at 2, seat 4 passed at 2. */
#define GAME_1_WORDS "game=1&by=1&winner=team&how=gammon&value-2=2&end-2=played" \
                     "&value-3=1&end-3=played&value-4=2&end-4=taker-passed&more=&notation="
#define GAME_1_LINE  "Tg 2:2 4:2-"

/* The check page, then its send form posted: returns the request key. */
static char *
send_game_1 (Served *served)
{
  g_autofree char *check_path = g_strconcat (served->path, "/check", NULL);
  g_autofree char *send_path = g_strconcat (served->path, "/send", NULL);
  g_autofree char *body = g_strconcat ("token=", served->token, "&" GAME_1_WORDS, NULL);
  g_autoptr(CtdTestAnswer) preview = post (served->port, check_path, body);
  g_autoptr(CtdTestAnswer) sent = NULL;
  g_autofree char *request = NULL;
  g_autofree char *send_body = NULL;

  assert_int_equal (preview->status, 200);
  /* The line the words make, and what it does, before anything is sent. */
  assert_non_null (strstr (preview->body, "<code>" GAME_1_LINE "</code>"));
  assert_non_null (strstr (preview->body, "<td class=\"num\">+4</td>"));
  assert_non_null (strstr (preview->body, "<td class=\"num\">-2</td>"));
  /* Seat 3's cube was never turned: rule 3.2 says why it pays single. */
  assert_non_null (strstr (preview->body, "<p class=\"note\">Jacoby rule (3.2): 3 "));
  assert_non_null (strstr (preview->body, "s cube was not turned, so it scores the gammon "
                                          "single</p>"));
  request = hidden_value (preview->body, "request");
  send_body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s",
                               served->token, request);
  sent = post (served->port, send_path, send_body);
  assert_int_equal (sent->status, 303);
  assert_true (g_str_has_prefix (ctd_test_answer_header (sent, "Location"), served->path));
  return g_steal_pointer (&request);
}

static void
answer (Served     *served,
        gint64      id,
        guint       by,
        const char *what,
        guint       status)
{
  g_autofree char *path = g_strconcat (served->path, "/answer", NULL);
  g_autofree char *body = g_strdup_printf ("token=%s&id=%" G_GINT64_FORMAT "&by=%u&answer=%s",
                                           served->token, id, by, what);
  g_autoptr(CtdTestAnswer) answered = post (served->port, path, body);

  if (answered->status != status)
    fail_msg ("answer %s by %u: %u, expected %u\n%s", what, by, answered->status, status,
              answered->body);
}

/* Entered by the Box in words, checked, sent twice (one line), confirmed
 * by the Captain (not the Box), then accepted at the desk: only then do
 * the desk's totals move, by one logged action. */
static void
test_enter_confirm_accept (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *request = NULL;
  CtdChouetteView *view;
  gint64 audit_before, id;

  served_open (&served, fixture->path);
  view = ctd_document_get_chouette_view (served.document, 1, 1, &error);
  audit_before = ctd_document_get_last_audit_id (served.document, &error);

  request = send_game_1 (&served);
  /* The same form again (a double tap): still one line. */
  {
    g_autofree char *send_path = g_strconcat (served.path, "/send", NULL);
    g_autofree char *again = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-"
                                              "&request=%s", served.token, request);
    g_autoptr(CtdTestAnswer) sent = post (served.port, send_path, again);

    assert_int_equal (sent->status, 303);
  }
  lines = lines_of (served.document);
  assert_int_equal (lines->len, 1);
  id = ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id;
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_ENTERED);
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* The table's page asks the Captain. */
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);
    g_autofree char *confirm = g_strdup_printf ("%s: this is right",
                                                ctd_chouette_view_get_name (view, 2));

    assert_non_null (strstr (page->body, "<code>" GAME_1_LINE "</code>"));
    assert_non_null (strstr (page->body, confirm));
    assert_non_null (strstr (page->body, "name=\"by\" value=\"2\""));
  }
  /* Not by the one who entered it. */
  answer (&served, id, 1, "confirm", 409);
  answer (&served, id, 2, "confirm", 303);
  answer (&served, id, 2, "confirm", 303);  /* a double tap */
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_PENDING);
  assert_string_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->address, "127.0.0.1");
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* Nothing at the desk moved: no game, no log entry. */
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  assert_int_equal (ctd_document_get_last_audit_id (served.document, &error), audit_before);

  assert_true (ctd_document_accept_submission (served.document, id, FALSE, &error));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_RECORDED);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);

    assert_null (strstr (page->body, "Lines from this table"));
    assert_non_null (strstr (page->body, "Next: game 2"));
  }
  served_close (&served);
}

/* A line is answered once the disk holds it: a log the desk cannot put
 * on the disk answers 503 in words, and the same form sent again once
 * it can is one line. */
static void
test_disk_refuses (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *log = g_strconcat (fixture->path, "-wal", NULL);
  g_autofree char *kept = g_strconcat (fixture->path, "-wal.kept", NULL);
  g_autofree char *check_path = NULL;
  g_autofree char *send_path = NULL;
  g_autofree char *body = NULL;
  g_autofree char *request = NULL;
  g_autoptr(CtdTestAnswer) preview = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  served_open (&served, fixture->path);
  check_path = g_strconcat (served.path, "/check", NULL);
  send_path = g_strconcat (served.path, "/send", NULL);
  body = g_strconcat ("token=", served.token, "&" GAME_1_WORDS, NULL);
  preview = post (served.port, check_path, body);
  request = hidden_value (preview->body, "request");
  g_free (body);
  body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s",
                          served.token, request);

  /* The log, still open to SQLite, is out of reach of a flush. */
  assert_int_equal (g_rename (log, kept), 0);
  assert_int_equal (symlink (log, log), 0);
  {
    g_autoptr(CtdTestAnswer) sent = post (served.port, send_path, body);

    assert_int_equal (sent->status, 503);
    assert_non_null (strstr (sent->body, "could not save this on its disk"));
  }
  assert_int_equal (g_unlink (log), 0);
  assert_int_equal (g_rename (kept, log), 0);
  {
    g_autoptr(CtdTestAnswer) sent = post (served.port, send_path, body);

    assert_int_equal (sent->status, 303);
  }
  lines = lines_of (served.document);
  assert_int_equal (lines->len, 1);
  assert_string_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->line, GAME_1_LINE);
  served_close (&served);
}

/* The Captain says it is wrong: the line goes back, and the game can be
 * entered again. */
static void
test_refused_at_table (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  served_open (&served, fixture->path);
  first = send_game_1 (&served);
  lines = lines_of (served.document);
  answer (&served, ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id, 2, "refuse", 303);
  g_clear_pointer (&lines, g_ptr_array_unref);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);

    assert_non_null (strstr (page->body, "Sent back at the table"));
    assert_non_null (strstr (page->body, "Enter game 1 again"));
  }
  second = send_game_1 (&served);
  assert_string_not_equal (first, second);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_ENTERED);
  served_close (&served);
}

/* A line the rules refuse comes back on its form, in the rule's words
 * and with the game's number; nothing is written. */
static void
test_rule_refusal (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *path = NULL;
  g_autofree char *body = NULL;
  g_autoptr(CtdTestAnswer) refused = NULL;

  served_open (&served, fixture->path);
  before = ctd_test_serve_snapshot (fixture->path);
  path = g_strconcat (served.path, "/check", NULL);
  body = g_strconcat ("token=", served.token, "&game=1&by=1&notation=T+2%3A3", NULL);
  refused = post (served.port, path, body);
  assert_int_equal (refused->status, 422);
  assert_non_null (strstr (refused->body, "class=\"problem\""));
  assert_non_null (strstr (refused->body, "Game 1"));
  /* The form comes back as it was. */
  assert_non_null (strstr (refused->body, "value=\"T 2:3\""));
  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (before, after);
  served_close (&served);
}

/* Every name on the form and the check page is text. */
static void
test_names_escaped (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *enter = NULL;
  g_autofree char *check_path = NULL;
  g_autofree char *body = NULL;
  g_autoptr(CtdTestAnswer) form = NULL;
  g_autoptr(CtdTestAnswer) preview = NULL;

  served_open (&served, fixture->path);
  enter = g_strconcat (served.path, "/enter/1", NULL);
  form = ctd_test_http_get (served.port, "GET", enter);
  check_path = g_strconcat (served.path, "/check", NULL);
  body = g_strconcat ("token=", served.token, "&" GAME_1_WORDS, NULL);
  preview = post (served.port, check_path, body);
  for (guint i = 0; i < 2; i++)
    {
      const char *page = i == 0 ? form->body : preview->body;

      assert_null (strstr (page, "<script"));
      assert_null (strstr (page, "<img"));
      assert_int_equal (ctd_test_count_occurrences (page, "<form"), 1);
    }
  served_close (&served);
}

/* A line the event records by itself once confirmed, with its source. */
static void
test_auto_accept (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  g_autofree char *request = NULL;

  served_open (&served, fixture->path);
  assert_true (ctd_document_get_settings (served.document, &settings, &error));
  settings.table_auto_accept = TRUE;
  assert_true (ctd_document_set_settings (served.document, &settings, &error));
  request = send_game_1 (&served);
  lines = lines_of (served.document);
  answer (&served, ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id, 2, "confirm", 303);
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_RECORDED);
  {
    g_autofree char *last = ctd_test_query_text (fixture->path, "SELECT summary FROM audit "
                                                 "ORDER BY id DESC LIMIT 1");

    assert_non_null (strstr (last, "game 1: " GAME_1_LINE " (from table 1.1's link "
                             "(127.0.0.1): entered by"));
  }
  served_close (&served);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_enter_confirm_accept, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_disk_refuses, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refused_at_table, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rule_refusal, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_names_escaped, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_auto_accept, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
