/* test-standings-page.c: /standings served from the desk
 * (CtdTableServer): what the public display shows, read on a phone.
 * While the round is secret, each table's progress and no score; once
 * the director releases it, the standings with names and ranks.
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

#include <locale.h>
#include <string.h>

#include "ctd-serve-html.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* The hand-worked sheet's totals, players 1 to 4
 * (test-chouette-view-state.c), as the standings write them. */
static const char *const sheet_totals[4] = { "-59", "-13.5", "+40.5", "+32" };

static void
record_in (CtdDocument *document,
           guint        round,
           guint        chouette,
           guint        game)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, round, chouette, game,
                                 ctd_test_four_sheet[game - 1], FALSE, &error))
    fail_msg ("%u.%u game %u: %s", round, chouette, game, error->message);
}

static void
record (CtdDocument *document,
        guint        chouette,
        guint        game)
{
  record_in (document, 1, chouette, game);
}

static CtdTestAnswer *
get_standings (CtdTableServer *server,
               const char     *method)
{
  CtdTestAnswer *answer = ctd_test_http_get (ctd_table_server_get_port (server), method,
                                             "/standings");

  assert_int_equal (answer->status, 200);
  return answer;
}

static void
assert_security_headers (CtdTestAnswer *answer)
{
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "Content-Type"), "text/html"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "Content-Security-Policy"),
                                 "default-src 'none'; style-src 'self'; img-src 'self'; "
                                 "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "X-Content-Type-Options"),
                                 "nosniff"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "Referrer-Policy"),
                                 "same-origin"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "Cache-Control"), "no-store"));
  assert_true (g_str_has_prefix (ctd_test_answer_header (answer, "X-Frame-Options"), "DENY"));
}

/* No hostile name as markup: each shows as its letters. */
static void
assert_names_escaped (const char *page)
{
  assert_null (strstr (page, "<script"));
  assert_null (strstr (page, "<img"));
  assert_non_null (strstr (page, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert_non_null (strstr (page, "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"));
  assert_non_null (strstr (page, "Ann &amp; Bob"));
}

/* None of the scores the director's own standings hold (his screen
 * sees them while the room may not) is written on @page. */
static void
assert_no_director_score (CtdDocument *document,
                          const char  *page)
{
  g_autoptr(GError) error = NULL;
  const CtdStandings *standings = ctd_document_get_round_standings (document, 1, &error);
  guint n_nonzero = 0;

  if (standings == NULL)
    fail_msg ("standings: %s", error->message);
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);

      /* "0" would match any digit: a zero tells nothing anyway. */
      if (row->score == 0)
        continue;
      n_nonzero++;
      assert_null (strstr (page, score));
    }
  assert_true (n_nonzero >= 4);
}

/* A round being played, then over but not released: each chouette's
 * progress and no player's score, though 1.1's totals are known to
 * the desk. */
static void
test_secret_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autoptr(CtdTestAnswer) playing = NULL, over = NULL;

  for (guint game = 1; game <= 12; game++)
    record (document, 1, game);
  record (document, 2, 1);

  playing = get_standings (server, "GET");
  assert_security_headers (playing);
  {
    g_autofree char *link = g_strdup_printf ("<link rel=\"stylesheet\" href=\"%s\">",
                                             ctd_serve_style_path ());

    assert_non_null (strstr (playing->body, link));
  }
  assert_non_null (strstr (playing->body, "<h2>Round 1 · Qualifying</h2>"));
  assert_non_null (strstr (playing->body, "1 of 2 tables finished. Scores are posted when "
                                          "every table has finished."));
  assert_non_null (strstr (playing->body, "<strong>Chouette 1.1 at table 1</strong>: Finished"));
  assert_non_null (strstr (playing->body, "<strong>Chouette 1.2 at table 2</strong>: 1 of 12 games"));
  assert_names_escaped (playing->body);
  for (guint i = 0; i < G_N_ELEMENTS (sheet_totals); i++)
    assert_null (strstr (playing->body, sheet_totals[i]));
  assert_null (strstr (playing->body, "<table"));
  assert_no_director_score (document, playing->body);

  /* Every table done: still secret until the director releases. */
  for (guint game = 2; game <= 12; game++)
    record (document, 2, game);
  over = get_standings (server, "GET");
  assert_non_null (strstr (over->body, "Every table has finished. The standings are posted "
                                       "once the director releases them."));
  assert_non_null (strstr (over->body, "<strong>Chouette 1.2 at table 2</strong>: Finished"));
  for (guint i = 0; i < G_N_ELEMENTS (sheet_totals); i++)
    assert_null (strstr (over->body, sheet_totals[i]));
  assert_null (strstr (over->body, "<table"));
  assert_no_director_score (document, over->body);
}

/* Released: the standings, best first, with ranks, names, chouettes and
 * scores; HEAD answers the same headers without the page; once the
 * director chose, who goes on. */
static void
test_released_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autoptr(CtdTestAnswer) page = NULL, head = NULL, chosen = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *length = NULL;

  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= 12; game++)
      record (document, chouette, game);
  if (!ctd_document_release_round (document, 1, &error))
    fail_msg ("release: %s", error->message);

  page = get_standings (server, "GET");
  assert_security_headers (page);
  assert_non_null (strstr (page->body, "<h2>Standings</h2>"));
  assert_non_null (strstr (page->body, "<th scope=\"col\">Rank</th><th scope=\"col\">Name</th>"
                                       "<th scope=\"col\">Score</th>"));
  /* Both chouettes played the same sheet: each total twice, tied. */
  for (guint i = 0; i < G_N_ELEMENTS (sheet_totals); i++)
    {
      g_autofree char *cell = g_strdup_printf ("<td class=\"num total\">%s</td>", sheet_totals[i]);
      const char *at = strstr (page->body, cell);

      assert_non_null (at);
      assert_non_null (strstr (at + 1, cell));
    }
  /* Best first: the two +40.5 share first place, the two -59 the seventh. */
  assert_non_null (strstr (page->body, "<td class=\"num\">1=</td>"));
  assert_non_null (strstr (page->body, "<td class=\"num\">7=</td>"));
  assert_true (strstr (page->body, "+40.5") < strstr (page->body, "+32"));
  assert_true (strstr (page->body, "+32") < strstr (page->body, "-13.5"));
  assert_true (strstr (page->body, "-13.5") < strstr (page->body, "-59"));
  assert_non_null (strstr (page->body, "<br><span class=\"note\">1.1</span></td>"));
  assert_non_null (strstr (page->body, "<br><span class=\"note\">1.2</span></td>"));
  assert_names_escaped (page->body);
  for (guint i = 0; i < G_N_ELEMENTS (ctd_test_serve_names); i++)
    {
      g_autofree char *escaped = g_markup_escape_text (ctd_test_serve_names[i], -1);
      g_autofree char *cell = g_strdup_printf ("<td class=\"name\"><span>%s</span><br>", escaped);

      assert_non_null (strstr (page->body, cell));
    }
  assert_null (strstr (page->body, "Chouette 1.1 at table"));
  /* No one goes on yet. */
  assert_null (strstr (page->body, "→"));
  assert_null (strstr (page->body, "<tr class=\"advances\">"));

  head = get_standings (server, "HEAD");
  assert_security_headers (head);
  assert_string_equal (head->body, "");
  length = g_strdup_printf ("%zu\r\n", strlen (page->body));
  assert_true (g_str_has_prefix (ctd_test_answer_header (head, "Content-Length"), length));

  /* The director chose: the best two of each chouette go on to the
   * Final, and the page says so under their names. */
  advancers = ctd_document_advance (document, 1, 2, 0, NULL, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  chosen = get_standings (server, "GET");
  assert_non_null (strstr (chosen->body, "4 players advance to the final."));
  assert_int_equal (ctd_test_count_occurrences (chosen->body, "<tr class=\"advances\">"), 4);
  assert_int_equal (ctd_test_count_occurrences (chosen->body,
                                                " <span class=\"note\">→ Final</span></td>"), 4);
  assert_non_null (strstr (chosen->body, "<tr class=\"advances\"><td class=\"num\">1=</td>"
                                         "<td class=\"name\"><span>Edwin</span><br>"
                                         "<span class=\"note\">1.1</span> "
                                         "<span class=\"note\">→ Final</span></td>"));
}

/* Back to the process's locale, even after a failed test. */
static int
global_locale_teardown (void **state)
{
  uselocale (LC_GLOBAL_LOCALE);
  return ctd_test_folder_teardown (state);
}

/* The desk in French: the page writes the scores with the decimal comma
 * the room reads ("-13,5"), while a chouette stays "1.1", a label. */
static void
test_comma_locale (void **state)
{
  Fixture *fixture = *state;
  locale_t french = newlocale (LC_ALL_MASK, "fr_FR.UTF-8", (locale_t) 0);
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdTableServer) server = NULL;
  g_autoptr(CtdTestAnswer) page = NULL;
  g_autoptr(GError) error = NULL;

  if (french == (locale_t) 0)
    {
      print_message ("no fr_FR.UTF-8 locale: skipped (.ci/setup.sh generates it)\n");
      skip ();
    }
  uselocale (french);
  document = ctd_test_serve_document (fixture->path);
  server = ctd_test_serve_start (document);
  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= 12; game++)
      record (document, chouette, game);
  if (!ctd_document_release_round (document, 1, &error))
    fail_msg ("release: %s", error->message);
  page = get_standings (server, "GET");
  uselocale (LC_GLOBAL_LOCALE);
  freelocale (french);

  assert_non_null (strstr (page->body, "<td class=\"num total\">-13,5</td>"));
  assert_non_null (strstr (page->body, "<td class=\"num total\">+40,5</td>"));
  assert_null (strstr (page->body, "13.5"));
  assert_non_null (strstr (page->body, "<span class=\"note\">1.1</span>"));
}

/* The Final, played in the open and then complete: its placings stand,
 * "1st" to "4th", with the scores. */
static void
test_final_placings (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autoptr(CtdTestAnswer) playing = NULL, over = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GError) error = NULL;
  guint final = 0;

  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= 12; game++)
      record (document, chouette, game);
  if (!ctd_document_release_round (document, 1, &error))
    fail_msg ("release: %s", error->message);
  advancers = ctd_document_advance (document, 1, 2, 0, NULL, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  if (!ctd_document_draw_round (document, 7, &final, &error))
    fail_msg ("draw the final: %s", error->message);

  record_in (document, final, 1, 1);
  playing = get_standings (server, "GET");
  assert_non_null (strstr (playing->body, "<h2>Round 2 · Final</h2>"));
  assert_non_null (strstr (playing->body, "The final is played in the open: its scores as "
                                          "they stand."));
  assert_non_null (strstr (playing->body, "<h2>Final standings so far</h2>"));

  for (guint game = 2; game <= 12; game++)
    record_in (document, final, 1, game);
  over = get_standings (server, "GET");
  assert_non_null (strstr (over->body, "The event is over. Congratulations to the winners!"));
  assert_non_null (strstr (over->body, "<h2>Final placings</h2>"));
  assert_non_null (strstr (over->body, "<td class=\"num\">1st</td>"));
  assert_non_null (strstr (over->body, "<td class=\"num\">4th</td>"));
  assert_true (strstr (over->body, "1st") < strstr (over->body, "2nd"));
  assert_true (strstr (over->body, "2nd") < strstr (over->body, "3rd"));
  assert_true (strstr (over->body, "3rd") < strstr (over->body, "4th"));
  assert_non_null (strstr (over->body, "<td class=\"num total\">+40.5</td>"));
  assert_non_null (strstr (over->body, "<td class=\"num total\">-59</td>"));
  assert_null (strstr (over->body, "<script"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_secret_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_released_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_comma_locale, ctd_test_folder_setup,
                                     global_locale_teardown),
    cmocka_unit_test_setup_teardown (test_final_placings, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
