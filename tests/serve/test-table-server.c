/* test-table-server.c: the table's page served from the desk
 * (CtdTableServer): what a phone reads at its chouette's link, escaped,
 * with the headers that keep the link secret, fetched by a SoupSession
 * on loopback as a phone's browser would.
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
#include <string.h>

#include "ctd-serve-html.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* The names as the page must write them: the same letters, as text. */
static const char *const escaped_names[8] = {
  "&lt;script&gt;alert(1)&lt;/script&gt;", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;",
  "=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)", "Ann &amp; Bob", "Cecil", "Dora", "Edwin",
  "Flora",
};

static void
record (CtdDocument *document,
        guint        chouette,
        guint        game)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, chouette, game, ctd_test_four_sheet[game - 1],
                                 FALSE, &error))
    fail_msg ("%u.%u game %u: %s", 1, chouette, game, error->message);
}

/* A played chouette's page: players, every game's Box, Captain, orders
 * and cube, the totals and the last segment's order; the other
 * chouette's page shows only its own players. */
static void
test_page (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autoptr(SoupMessage) message = NULL, other_message = NULL;
  g_autofree char *base = ctd_table_server_get_uri (server);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *two = ctd_test_serve_secret (document, 1, 2);
  g_autofree char *url = g_strconcat (base, one, NULL);
  g_autofree char *other_url = g_strconcat (base, two, NULL);
  g_autofree char *page = NULL, *other = NULL;
  SoupMessageHeaders *headers;
  g_autofree char *expected_base = g_strdup_printf ("http://127.0.0.1:%u",
                                                    ctd_table_server_get_port (server));

  assert_string_equal (base, expected_base);
  /* 1.1 played whole from the hand-worked sheet; 1.2 one game in. */
  for (guint game = 1; game <= 12; game++)
    record (document, 1, game);
  record (document, 2, 1);

  page = ctd_test_fetch_message (url, &message);
  assert_int_equal (soup_message_get_status (message), 200);
  headers = soup_message_get_response_headers (message);
  assert_string_equal (soup_message_headers_get_content_type (headers, NULL), "text/html");
  /* A page may load its style sheet, run the one script by its hash
   * (test-table-page.c) and ask this server for its version; nothing else. */
  assert_string_equal (soup_message_headers_get_one (headers, "Content-Security-Policy"),
                       ctd_serve_page_policy ());
  assert_true (g_str_has_prefix (ctd_serve_page_policy (),
                                 "default-src 'none'; style-src 'self'; img-src 'self'; "
                                 "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
                                 "script-src 'sha256-"));
  assert_true (g_str_has_suffix (ctd_serve_page_policy (), "'; connect-src 'self'"));
  assert_string_equal (soup_message_headers_get_one (headers, "X-Content-Type-Options"), "nosniff");
  assert_string_equal (soup_message_headers_get_one (headers, "Referrer-Policy"), "same-origin");
  assert_string_equal (soup_message_headers_get_one (headers, "Cache-Control"), "no-store");

  assert_non_null (strstr (page, "<meta name=\"viewport\" content=\"width=device-width"));
  {
    g_autofree char *link = g_strdup_printf ("<link rel=\"stylesheet\" href=\"%s\">",
                                             ctd_serve_style_path ());

    assert_non_null (strstr (page, link));
  }
  /* Every game in at the desk: the page waits for nothing. */
  assert_null (strstr (page, "<script"));
  assert_null (strstr (page, "http-equiv=\"refresh\""));
  assert_non_null (strstr (page, "<h1>Chouette 1.1 at table 1</h1>"));
  assert_non_null (strstr (page, "All games are entered."));
  /* What fits a phone: the game, its Box and Captain, the scores, and
   * the line below them (test-browser-table.mjs measures it). */
  assert_non_null (strstr (page, "<th scope=\"col\">Game</th><th scope=\"col\">Box</th>"
                                 "<th scope=\"col\">Captain</th><th scope=\"col\" class=\"num\">1"
                                 "</th>"));
  assert_null (strstr (page, "Playing order</th>"));
  /* Twelve rows of games, entered, each headed by its number, its line below. */
  assert_int_equal (ctd_test_count_occurrences (page, "<tr><th scope=\"row\" class=\"num\" "
                                                      "rowspan=\"2\">"), 12);
  assert_int_equal (ctd_test_count_occurrences (page, "<tr class=\"line\"><td colspan=\"6\">"), 12);
  assert_non_null (strstr (page, "<tr class=\"line\"><td colspan=\"6\"><code>Bb 1:16 3:8+</code>"));
  assert_int_equal (ctd_test_count_occurrences (page, "<tr class=\"pending\">"), 0);
  /* The sheet's totals (test-chouette-view-state.c), and the last
   * segment captained 3, 1, 2. */
  assert_non_null (strstr (page, ": <span class=\"total\">-59</span></li>"));
  assert_non_null (strstr (page, ": <span class=\"total\">-13.5</span></li>"));
  assert_non_null (strstr (page, ": <span class=\"total\">+40.5</span></li>"));
  assert_non_null (strstr (page, ": <span class=\"total\">+32</span></li>"));
  assert_non_null (strstr (page, "Order: 3 1 2"));

  other = ctd_test_fetch_message (other_url, &other_message);
  assert_int_equal (soup_message_get_status (other_message), 200);
  assert_non_null (strstr (other, "<h1>Chouette 1.2 at table 2</h1>"));
  assert_non_null (strstr (other, "Next: game 2"));
  assert_non_null (strstr (other, "Cube-decision order: "));
  assert_int_equal (ctd_test_count_occurrences (other, "<tr><th scope=\"row\" class=\"num\" "
                                                       "rowspan=\"2\">"), 1);
  assert_int_equal (ctd_test_count_occurrences (other, "<tr class=\"pending\">"), 11);
  assert_int_equal (ctd_test_count_occurrences (other, "<tr class=\"line\">"), 1);
  assert_non_null (strstr (other, "The order is known once the first segment&apos;s scores give it."));
  assert_null (strstr (other, "-59"));

  /* Each name shows, as text, on its own chouette's page only. */
  for (guint i = 0; i < G_N_ELEMENTS (escaped_names); i++)
    {
      guint here = ctd_test_count_occurrences (page, escaped_names[i]);
      guint there = ctd_test_count_occurrences (other, escaped_names[i]);

      assert_true ((here > 0) != (there > 0));
    }
  for (guint i = 0; i < 3; i++)
    {
      assert_null (strstr (page, ctd_test_serve_names[i]));
      assert_null (strstr (other, ctd_test_serve_names[i]));
    }
  assert_null (strstr (other, "<img"));
  assert_null (strstr (page, "<img"));
}

/* The style sheet from the binary, and HEAD without a body. */
static void
test_resources (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  guint port = ctd_table_server_get_port (server);
  g_autoptr(CtdTestAnswer) css = ctd_test_http_get (port, "GET", ctd_serve_style_path ());
  g_autoptr(CtdTestAnswer) old_css = ctd_test_http_get (port, "GET", "/static/table.css");
  g_autoptr(CtdTestAnswer) get = ctd_test_http_get (port, "GET", one);
  g_autoptr(CtdTestAnswer) head = ctd_test_http_get (port, "HEAD", one);
  g_autofree char *length = g_strdup_printf ("%zu\r\n", strlen (get->body));

  assert_int_equal (css->status, 200);
  assert_true (g_str_has_prefix (ctd_test_answer_header (css, "Content-Type"), "text/css"));
  assert_non_null (strstr (css->body, "body {"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (css, "Referrer-Policy"), "same-origin"));
  /* Kept by the phone for good: its address names its content. */
  assert_true (g_str_has_prefix (ctd_test_answer_header (css, "Cache-Control"),
                                 "public, max-age=31536000, immutable\r\n"));
  assert_true (g_str_has_prefix (ctd_serve_style_path (), "/static/table-"));
  {
    g_autofree char *version = ctd_serve_version_of (ctd_serve_style ());
    g_autofree char *expected = g_strdup_printf ("/static/table-%s.css", version);

    assert_string_equal (ctd_serve_style_path (), expected);
  }
  /* The old address, for a page still open, is not kept; a page never is. */
  assert_int_equal (old_css->status, 200);
  assert_string_equal (old_css->body, css->body);
  assert_true (g_str_has_prefix (ctd_test_answer_header (old_css, "Cache-Control"), "no-store"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (get, "Cache-Control"), "no-store"));

  assert_int_equal (get->status, 200);
  assert_int_equal (head->status, 200);
  assert_string_equal (head->body, "");
  assert_true (g_str_has_prefix (ctd_test_answer_header (head, "Content-Length"), length));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_page, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_resources, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
