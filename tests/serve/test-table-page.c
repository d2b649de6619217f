/* test-table-page.c: the table's page follows the other phone and the
 * desk by itself: its version changes when, and only when, what it
 * shows does; it refreshes without script, and its one script runs
 * under the page's policy by its hash. A form being filled, or a
 * refusal to read, never refreshes.
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
#include "ctd-table-server.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* The text between @before and the next @after on @page, or NULL. */
static char *
between (const char *page,
         const char *before,
         const char *after)
{
  const char *at = strstr (page, before);
  const char *end;

  if (at == NULL)
    return NULL;
  at += strlen (before);
  end = strstr (at, after);
  return end != NULL ? g_strndup (at, end - at) : NULL;
}

static char *
get_body (guint       port,
          const char *path,
          guint       status)
{
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", path);

  if (answer->status != status)
    fail_msg ("GET %s: %u, expected %u\n%s", path, answer->status, status, answer->body);
  return g_strdup (answer->body);
}

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

/* Game @game of 1.1 entered by its Box as the four-player sheet has it. */
static gint64
enter_game (CtdDocument *document,
            const char  *secret,
            guint        game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(CtdChouette) seen = ctd_document_load_table (document, secret, NULL, NULL, &lines,
                                                         &error);
  g_autofree char *request = g_strdup_printf ("%032x", game);
  CtdChouetteGame sheet;
  gint64 id = 0;

  assert_non_null (seen);
  ctd_chouette_get_sheet_game (seen, game, &sheet);
  if (!ctd_document_submit (document, secret, game, ctd_test_phone_sheet[game - 1],
                            sheet.slot.box, request, "127.0.0.1", CTD_TEST_PHONE_A, &id,
                            &error))
    fail_msg ("game %u: %s", game, error->message);
  return id;
}

/* The page's version is what /version answers; it moves when the other
 * phone enters a line, not before; the page refreshes itself to its own
 * address, and with script as soon as the version moves. */
static void
test_version_follows (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *version_path = g_strconcat (path, "/version", NULL);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *page = get_body (port, path, 200);
  g_autofree char *shown = between (page, "<meta name=\"ctd-version\" content=\"", "\"");
  g_autofree char *asked = get_body (port, version_path, 200);
  g_autofree char *again = get_body (port, version_path, 200);
  g_autofree char *refresh = g_strdup_printf ("<noscript><meta http-equiv=\"refresh\" "
                                              "content=\"%u; url=%s\"></noscript>",
                                              CTD_SERVE_REFRESH_S, path);
  g_autofree char *after = NULL;
  g_autofree char *new_page = NULL;
  g_autofree char *new_shown = NULL;

  assert_non_null (shown);
  assert_int_equal (strlen (shown), 16);
  assert_string_equal (asked, shown);
  assert_string_equal (again, shown);
  assert_non_null (strstr (page, refresh));
  {
    g_autofree char *meta = g_strdup_printf ("data-src=\"%s\" data-page=\"%s\"", version_path,
                                             path);

    assert_non_null (strstr (page, meta));
  }

  enter_game (document, path + strlen ("/t/"), 1);
  after = get_body (port, version_path, 200);
  assert_string_not_equal (after, shown);
  new_page = get_body (port, path, 200);
  new_shown = between (new_page, "<meta name=\"ctd-version\" content=\"", "\"");
  assert_string_equal (new_shown, after);
  assert_non_null (strstr (new_page, ": this is right"));
}

/* The one script a page holds is the one its policy allows by hash. */
static void
test_script_allowed_by_hash (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (ctd_table_server_get_port (server), "GET",
                                                       path);
  g_autofree char *script = between (answer->body, "<script>", "</script>");
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  g_autofree char *hash = NULL;
  g_autofree char *source = NULL;
  const char *policy = ctd_test_answer_header (answer, "Content-Security-Policy");

  assert_non_null (script);
  assert_int_equal (ctd_test_count_occurrences (answer->body, "<script"), 1);
  assert_string_equal (script, ctd_serve_script ());
  g_checksum_update (checksum, (const guchar *) script, strlen (script));
  g_checksum_get_digest (checksum, digest, &length);
  hash = g_base64_encode (digest, length);
  source = g_strdup_printf ("script-src 'sha256-%s'; connect-src 'self'\r\n", hash);
  assert_non_null (policy);
  assert_non_null (strstr (policy, source));
}

/* A form being filled and a refusal the table must read do not refresh. */
static void
test_no_refresh_on_forms (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *enter = g_strconcat (path, "/enter/1", NULL);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *form = get_body (port, enter, 200);
  g_autofree char *token = between (form, "name=\"token\" value=\"", "\"");
  g_autofree char *answer_path = g_strconcat (path, "/answer", NULL);
  g_autofree char *body = g_strdup_printf ("token=%s&id=999&by=2&answer=confirm", token);
  g_autoptr(CtdTestAnswer) refused = post (port, answer_path, body);

  assert_null (strstr (form, "http-equiv=\"refresh\""));
  /* The form's script (table.js) offers its penalty's payers; without the
   * version a waiting page carries, it never opens the page again. */
  assert_null (strstr (form, "<meta name=\"ctd-version\""));
  assert_int_equal (ctd_test_count_occurrences (form, "<script"), 1);
  assert_non_null (strstr (form, ctd_serve_script ()));
  assert_int_equal (refused->status, 409);
  assert_non_null (strstr (refused->body, "class=\"problem\""));
  assert_null (strstr (refused->body, "http-equiv=\"refresh\""));
  assert_null (strstr (refused->body, "<script"));
}

/* Whether core reads notation in small letters ("tg" as "Tg"). */
static gboolean
core_reads_small_letters (void)
{
  CtdGameContext context = { .game = 1, .size = 4, .box = 1, .captain = 2, .cube_start = 1 };
  g_autoptr(CtdResult) lower = ctd_result_parse (&context, "tg", NULL);

  return lower != NULL;
}

/* A phone types notation as it comes, small letters first: the fields
 * neither capitalize nor correct it. */
static void
test_notation_fields (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *enter = g_strconcat (path, "/enter/1", NULL);
  g_autofree char *form = get_body (ctd_table_server_get_port (server), enter, 200);

  assert_int_equal (ctd_test_count_occurrences (form, "autocapitalize=\"none\" "
                                                      "spellcheck=\"false\""), 2);
  assert_null (strstr (form, "autocapitalize=\"characters\""));
}

/* The line typed "tg 2:2 4:2-" is checked, sent and stored as the
 * canonical "Tg 2:2 4:2-". */
static void
send_small_letters (const char *file)
{
  g_autoptr(CtdDocument) document = ctd_test_serve_document (file);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *enter = g_strconcat (path, "/enter/1", NULL);
  g_autofree char *check_path = g_strconcat (path, "/check", NULL);
  g_autofree char *send_path = g_strconcat (path, "/send", NULL);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *form = get_body (port, enter, 200);
  g_autofree char *token = between (form, "name=\"token\" value=\"", "\"");
  g_autofree char *body = g_strdup_printf ("token=%s&game=1&by=1&notation=tg+2%%3A2+4%%3A2-",
                                           token);
  g_autoptr(CtdTestAnswer) preview = post (port, check_path, body);
  g_autoptr(CtdTestAnswer) sent = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *request = NULL;
  g_autofree char *send_body = NULL;

  assert_int_equal (preview->status, 200);
  assert_non_null (strstr (preview->body, "<code>Tg 2:2 4:2-</code>"));
  line = between (preview->body, "name=\"line\" value=\"", "\"");
  assert_string_equal (line, "Tg 2:2 4:2-");
  request = between (preview->body, "name=\"request\" value=\"", "\"");
  send_body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s", token,
                               request);
  sent = post (port, send_path, send_body);
  assert_int_equal (sent->status, 303);
  lines = ctd_document_list_submissions (document, 1, 1, &error);
  assert_non_null (lines);
  assert_int_equal (lines->len, 1);
  assert_string_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->line, "Tg 2:2 4:2-");
}

static void
test_notation_small_letters (void **state)
{
  Fixture *fixture = *state;

  /* Until core reads "tg" as "Tg" (another change), this waits for it:
   * skipped before anything is held (skip() leaves by longjmp). */
  if (!core_reads_small_letters ())
    skip ();
  send_small_letters (fixture->path);
}

/* A name may hold unbalanced direction controls (U+202E): each name is
 * isolated, so it cannot reverse the names and numbers after it. */
static void
test_names_isolated (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *path = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *enter = g_strconcat (path, "/enter/2", NULL);
  guint port = ctd_table_server_get_port (server);
  g_autofree char *page = NULL;
  g_autofree char *form = NULL;
  g_autofree char *order = NULL;

  enter_game (document, path + strlen ("/t/"), 1);
  page = get_body (port, path, 200);
  form = get_body (port, enter, 200);
  /* The players' list, the Box, the Captain, each name of the orders. */
  assert_int_equal (ctd_test_count_occurrences (page, "<li><bdi>"), 4);
  assert_non_null (strstr (page, "Box: 1 (<bdi>"));
  order = between (page, "Playing order: ", "<br>");
  assert_non_null (order);
  assert_int_equal (ctd_test_count_occurrences (order, "<bdi>"), 3);
  assert_int_equal (ctd_test_count_occurrences (order, "</bdi>"), 3);
  /* In a sentence, wherever the translation puts the name. */
  assert_non_null (strstr (page, "Entered by <bdi>"));
  assert_non_null (strstr (form, "</bdi>, the Box</span></label>"));
  assert_non_null (strstr (form, "The crew, Captain <bdi>"));
  assert_int_equal (ctd_test_count_occurrences (form, "</bdi>&apos;s cube</legend>"), 3);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_version_follows, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_script_allowed_by_hash, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_no_refresh_on_forms, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_notation_fields, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_notation_small_letters, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_names_isolated, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
