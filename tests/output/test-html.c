/* test-html.c: the one HTML renderer of results (core/output/ctd-html*.c):
 * its table escaped cell by cell, the public display's posting as the
 * /standings page writes it, and results.html from a report, public or
 * the director's, standing alone.
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

#include "ctd-html.h"
#include "ctd-report.h"
#include "ctd-test-files.h"
#include "ctd-test-sheet.h"
#include "ctd-tournament.h"

typedef CtdTestFolder Fixture;

#define SCRIPT "<script>alert(1)</script>"
#define IMG "\"><img src=x onerror=alert(1)>"

/* The hand-worked sheet's totals (ctd_test_four_sheet), players 1 to 4. */
static const char *const sheet_totals[4] = { "-59", "-13.5", "+40.5", "+32" };

/* Cells of every kind, and text that is markup: all of it letters. */
static void
test_table_escaped (void **state)
{
  g_autoptr(GString) page = g_string_new (NULL);
  const char *headings[] = { "Rank", "<b>Name</b>", "Score" };
  CtdHtmlCell cells[] = {
    { CTD_HTML_CELL_NUMBER, "1=" },
    { CTD_HTML_CELL_NAME, SCRIPT, { "1.2", IMG } },
    { CTD_HTML_CELL_TOTAL, "+40.5" },
  };
  CtdHtmlCell plain[] = {
    { CTD_HTML_CELL_CENTER, "1.1" },
    { CTD_HTML_CELL_TEXT, "=HYPERLINK(\"x\")" },
    { CTD_HTML_CELL_TEXT, NULL },
  };

  ctd_html_begin_table (page, headings, G_N_ELEMENTS (headings));
  ctd_html_table_row (page, TRUE, cells, G_N_ELEMENTS (cells));
  ctd_html_table_block (page, "Chouette <1.1>", 3);
  ctd_html_table_row (page, FALSE, plain, G_N_ELEMENTS (plain));
  ctd_html_end_table (page);

  assert_string_equal (page->str,
                       "<div class=\"scroll\">\n<table>\n<thead><tr>"
                       "<th scope=\"col\">Rank</th><th scope=\"col\">&lt;b&gt;Name&lt;/b&gt;</th>"
                       "<th scope=\"col\">Score</th></tr></thead>\n<tbody>\n"
                       "<tr class=\"advances\"><td class=\"num\">1=</td>"
                       "<td class=\"name\"><span>&lt;script&gt;alert(1)&lt;/script&gt;</span>"
                       "<br><span class=\"note\">1.2</span> <span class=\"note\">"
                       "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</span></td>"
                       "<td class=\"num total\">+40.5</td></tr>\n"
                       "<tr class=\"block\"><th colspan=\"3\" scope=\"rowgroup\">"
                       "Chouette &lt;1.1&gt;</th></tr>\n"
                       "<tr><td class=\"mid\">1.1</td><td>=HYPERLINK(&quot;x&quot;)</td>"
                       "<td></td></tr>\n"
                       "</tbody>\n</table>\n</div>\n");
}

static void
add_row (CtdDisplay *display,
         const char *name,
         guint       rank,
         CtdHalves   score,
         gboolean    advances)
{
  CtdDisplayRow *row = g_new0 (CtdDisplayRow, 1);

  row->name = g_strdup (name);
  row->chouette = 1;
  row->rank = rank;
  row->score = score;
  row->advances = advances;
  g_ptr_array_add (display->rows, row);
}

static void
row_free (gpointer data)
{
  CtdDisplayRow *row = data;

  g_free (row->name);
  g_free (row);
}

/* The public display's posting, as /standings shows it: progress
 * without a table while the round is secret, the standings with who
 * goes on once posted. */
static void
test_display (void **state)
{
  g_autoptr(CtdDisplay) display = g_new0 (CtdDisplay, 1);
  g_autoptr(GString) progress = g_string_new (NULL);
  g_autoptr(GString) posted = g_string_new (NULL);
  CtdDisplayChouette chouette = { 1, 3, 4, { SCRIPT, IMG, "Ann", "Bob" }, 5 };

  display->round = 1;
  display->stage = CTD_STAGE_QUALIFYING;
  display->chouettes = g_ptr_array_new_with_free_func (ctd_display_chouette_free);
  display->rows = g_ptr_array_new_with_free_func (row_free);
  g_ptr_array_add (display->chouettes, ctd_display_chouette_copy (&chouette));

  display->mode = CTD_DISPLAY_PROGRESS;
  ctd_html_append_display (progress, display);
  assert_non_null (strstr (progress->str, "<strong>Chouette 1.1 at table 3</strong>: "
                                          "5 of 12 games"));
  assert_non_null (strstr (progress->str, "&lt;script&gt;alert(1)&lt;/script&gt;, "
                                          "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;, Ann"));
  assert_null (strstr (progress->str, "<table"));

  display->mode = CTD_DISPLAY_STANDINGS;
  display->next_stage = CTD_STAGE_FINAL;
  display->n_advancing = 1;
  add_row (display, SCRIPT, 1, 81, TRUE);
  add_row (display, "Ann", 2, -27, FALSE);
  ctd_html_append_display (posted, display);
  assert_non_null (strstr (posted->str, "<h2>Standings</h2>"));
  assert_non_null (strstr (posted->str,
                           "<tr class=\"advances\"><td class=\"num\">1</td><td class=\"name\">"
                           "<span>&lt;script&gt;alert(1)&lt;/script&gt;</span><br>"
                           "<span class=\"note\">1.1</span> <span class=\"note\">→ Final</span>"
                           "</td><td class=\"num total\">+40.5</td></tr>"));
  assert_non_null (strstr (posted->str, "<tr><td class=\"num\">2</td><td class=\"name\">"
                                        "<span>Ann</span><br><span class=\"note\">1.1</span>"
                                        "</td><td class=\"num total\">-13.5</td></tr>"));
  assert_null (strstr (posted->str, "<script"));
}

/* The inline style sheet is exactly the one the page's policy admits
 * by its hash, and nothing else is let in. */
static void
assert_stands_alone (const char *html)
{
  const char *open = strstr (html, "<style>");
  const char *close = strstr (html, "</style>");
  g_autofree char *css = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *policy = NULL;
  guint8 digest[32];
  gsize length = sizeof digest;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  assert_non_null (open);
  assert_non_null (close);
  css = g_strndup (open + strlen ("<style>"), close - open - strlen ("<style>"));
  g_checksum_update (checksum, (const guchar *) css, strlen (css));
  g_checksum_get_digest (checksum, digest, &length);
  hash = g_base64_encode (digest, length);
  policy = g_strdup_printf ("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                            "'none'; style-src 'sha256-%s';", hash);
  assert_non_null (strstr (html, policy));
  assert_non_null (strstr (css, "@media print"));
  assert_non_null (strstr (html, "<meta name=\"viewport\" content=\"width=device-width"));
  assert_int_equal (ctd_test_count_occurrences (html, "<style>"), 1);
  assert_null (strstr (html, "<script"));
  assert_null (strstr (html, "<link"));
  assert_null (strstr (html, "<img"));
  /* Nothing fetched: no attribute names an address (a name may hold
   * "http://" as text, escaped; our attributes are double-quoted, and a
   * quote in a name is &quot;). */
  assert_null (strstr (html, "src=\""));
  assert_null (strstr (html, "href=\""));
  assert_null (strstr (html, "url("));
  assert_null (strstr (html, "@import"));
  for (guint i = 0; i < CTD_TEST_N_HOSTILE; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (ctd_test_hostile[i], -1);

      assert_non_null (strstr (html, escaped));
    }
}

static char *
render (CtdStore         *store,
        guint             round,
        CtdReportOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;

  options->part = CTD_REPORT_PART_POSTING;
  doc = ctd_report_build (store, round, 0, options, &error);
  if (doc == NULL)
    fail_msg ("report: %s", error->message);
  return ctd_html_render_results (doc);
}

/* results.html: a round in play posts its players and no score; the
 * director's copy has them; the whole event adds the final results and
 * the settlements of every chouette. */
static void
test_results_file (void **state)
{
  const Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *director = NULL;
  g_autofree char *all = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "results.html", NULL);
  g_autofree char *written = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  CtdReportOptions public_copy = { NULL, TRUE };
  CtdReportOptions own_copy = { NULL, FALSE };
  CtdAdvanceTie tie = { 0, NULL };
  guint round;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  secret = render (store, 1, &public_copy);
  assert_stands_alone (secret);
  assert_non_null (strstr (secret, "Scores stay secret"));
  for (guint i = 0; i < G_N_ELEMENTS (sheet_totals); i++)
    assert_null (strstr (secret, sheet_totals[i]));
  assert_int_equal (ctd_test_count_occurrences (secret, "<section>"), 1);

  director = render (store, 1, &own_copy);
  assert_stands_alone (director);
  for (guint i = 0; i < G_N_ELEMENTS (sheet_totals); i++)
    assert_non_null (strstr (director, sheet_totals[i]));

  /* Played out: round 1 advances two to a final of four. */
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  advancers = ctd_tournament_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  ctd_test_record_sheet (store, 2, 1, CTD_N_GAMES);
  all = render (store, 0, &public_copy);
  assert_stands_alone (all);
  /* Two rounds' standings, the final results, the settlements. */
  assert_int_equal (ctd_test_count_occurrences (all, "<section>"), 4);
  assert_non_null (strstr (all, "<p class=\"next\">Results</p>"));
  assert_int_equal (ctd_test_count_occurrences (all, "<tr class=\"block\"><th colspan=\"5\""), 3);
  assert_non_null (strstr (all, "<td class=\"mid\">1st</td>"));
  assert_non_null (strstr (all, "<td class=\"num\">+40.5</td>"));
  /* The chouette of four at a 5.00 stake: the Box's -59 points. */
  assert_non_null (strstr (all, "<td class=\"num\">-295.00</td>"));
  assert_null (strstr (all, "Audit log"));
  /* No player has a club: no empty column takes a phone's width. */
  assert_non_null (strstr (all, "<th scope=\"col\">Chouette</th>"));
  assert_null (strstr (all, "<th scope=\"col\">Club</th>"));
  assert_null (strstr (all, "Chouette 1.1</h2>"));

  /* The file is the page, whole. */
  public_copy.part = CTD_REPORT_PART_POSTING;
  doc = ctd_report_build (store, 0, 0, &public_copy, &error);
  assert_non_null (doc);
  assert_true (ctd_html_write_full (doc, path, NULL, NULL, NULL, &error));
  assert_true (g_file_get_contents (path, &written, NULL, &error));
  assert_string_equal (written, all);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_table_escaped),
    cmocka_unit_test (test_display),
    cmocka_unit_test_setup_teardown (test_results_file, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
