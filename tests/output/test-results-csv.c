/* test-results-csv.c: the results for club databases (issue 22): the
 * CSV text (quoting, numbers, the formula defence), the rows of a played
 * event, and the secrecy of a round in play.
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

#include "ctd-export.h"
#include "ctd-results-csv.h"
#include "ctd-test-files.h"
#include "ctd-test-sheet.h"
#include "ctd-test-store.h"
#include "ctd-tournament.h"

/* Columns of the header row (chouette-td-cli(1), RESULTS AS CSV). */
enum
{
  EVENT, DATE, ROUND, STAGE, CHOUETTE, PLAYER, CLUB, PLAYER_ID, SCORE, RANK, ADVANCED,
  FINAL_PLACE, AMOUNT, N_COLS
};

#define BOM "\xEF\xBB\xBF"

/* Text cells that spreadsheets would take for formulas, and plain ones
 * that must come out as they are. */
static void
test_format (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Test", 0);
  CtdSheetStyle style = { .font = (char *) "Sans", .size = 10, .fill = CTD_SHEET_NO_FILL };
  guint s = ctd_sheet_doc_add_style (doc, &style);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Results");
  static const char *const texts[] = {
    "=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tTab", "\rReturn",
    "<b>Bold</b> & Co", "Smith, \"Jr\"", "two\nlines", "Zoë 1=1",
  };
  static const char *const expected =
    BOM "\"'=HYPERLINK(\"\"http://x\"\")\"\r\n"
    "\"'+cmd|' /C calc'!A0\"\r\n"
    "\"'-2+3\"\r\n"
    "\"'@SUM(A1)\"\r\n"
    "\"'\tTab\"\r\n"
    "\"'\rReturn\"\r\n"
    "\"<b>Bold</b> & Co\"\r\n"
    "\"Smith, \"\"Jr\"\"\"\r\n"
    "\"two\nlines\"\r\n"
    "\"Zoë 1=1\"\r\n"
    /* Numbers bare, a dot whatever the locale, negatives not defended:
     * they are numbers, not texts; a missing cell is an empty field. */
    "12.5,-59,,0.1\r\n";
  g_autofree char *text = NULL;
  gsize length = 0;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    ctd_sheet_page_add_text (page, i, 0, texts[i], s);
  ctd_sheet_page_add_number (page, G_N_ELEMENTS (texts), 0, 12.5, "12,5", s);
  ctd_sheet_page_add_number (page, G_N_ELEMENTS (texts), 1, -59, "-59", s);
  ctd_sheet_page_add_formula (page, G_N_ELEMENTS (texts), 3, "=A1/125", 0.1, "0,1", s);

  text = ctd_csv_format (doc, &length);
  /* Every other row has three empty fields: the page is four wide. */
  {
    g_autoptr(GString) wide = g_string_new (expected);

    g_string_replace (wide, "\"\r\n", "\",,,\r\n", 0);
    assert_string_equal (text, wide->str);
  }
  assert_int_equal (length, strlen (text));
}

/* An event of 8 (the first four with hostile names), clubs and member
 * numbers for some, drawn: two chouettes of four. */
static CtdStore *
create_event (const CtdTestFolder *fixture)
{
  g_autoptr(GError) error = NULL;
  CtdEventSettings settings = ctd_test_default_settings;
  CtdStore *store;
  guint round;

  settings.name = (char *) "-Spring, \"Open\"";
  settings.date = (char *) "2026-05-17";
  settings.stake_cents = 500;
  store = ctd_store_create (fixture->path, &settings, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = i < CTD_TEST_N_HOSTILE ? g_strdup (ctd_test_hostile[i])
                                                     : g_strdup_printf ("Player %u", i + 1);
      g_autofree char *member = g_strdup_printf ("%05u", i + 1);

      if (!ctd_store_add_player (store, name, i % 2 ? "=Club" : "Paris BG", member, TRUE, NULL,
                                 &error))
        fail_msg ("%s", error->message);
    }
  if (!ctd_store_draw_round (store, 4242, &round, &error))
    fail_msg ("draw: %s", error->message);
  return store;
}

static const CtdSheetCell *
cell (const CtdSheetPage *page,
      guint               row,
      guint               col)
{
  return ctd_sheet_page_find (page, row, col);
}

/* The row of @name in @page, after the header. */
static guint
row_of (const CtdSheetPage *page,
        guint               round,
        const char         *name)
{
  for (guint row = 1; row < ctd_sheet_page_get_n_rows (page); row++)
    if (g_str_equal (cell (page, row, PLAYER)->text, name) &&
        cell (page, row, ROUND)->number == round)
      return row;
  fail_msg ("no row for %s in round %u", name, round);
  return 0;
}

static void
assert_number_at (const CtdSheetPage *page,
                  guint               row,
                  guint               col,
                  double              expected)
{
  const CtdSheetCell *found = cell (page, row, col);

  if (found == NULL || found->kind != CTD_SHEET_CELL_NUMBER || found->number != expected)
    fail_msg ("row %u column %u: expected the number %g, found %s", row, col, expected,
              found != NULL ? found->text : "nothing");
}

static void
assert_text_at (const CtdSheetPage *page,
                guint               row,
                guint               col,
                const char         *expected)
{
  const CtdSheetCell *found = cell (page, row, col);

  if (expected == NULL)
    {
      if (found != NULL)
        fail_msg ("row %u column %u: expected nothing, found %s", row, col, found->text);
      return;
    }
  if (found == NULL || found->kind != CTD_SHEET_CELL_TEXT || !g_str_equal (found->text, expected))
    fail_msg ("row %u column %u: expected the text %s, found %s", row, col, expected,
              found != NULL ? found->text : "nothing");
}

/* The 4-player sheet's totals and amounts at 5.00 a point, by player
 * number. */
static const double four_totals[] = { -59, -13.5, 40.5, 32 };
static const double four_amounts[] = { -295, -67.5, 202.5, 160 };

/* Every row of a played event, against the standings and the sheets;
 * then the whole event with its final. */
static void
test_rows (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(CtdStoreChouette) final = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  const CtdSheetPage *page;
  guint round;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_results_csv_build (store, 1, &error);
  if (doc == NULL)
    fail_msg ("%s", error->message);
  page = g_ptr_array_index (doc->pages, 0);
  assert_int_equal (ctd_sheet_page_get_n_rows (page), 1 + 8);
  assert_int_equal (ctd_sheet_page_get_n_cols (page), N_COLS);
  assert_text_at (page, 0, PLAYER_ID, "player_id");
  assert_text_at (page, 0, FINAL_PLACE, "final_place");

  chouettes = ctd_store_list_chouettes (store, 1, &error);
  standings = ctd_tournament_round_standings (store, 1, TRUE, &error);
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);

      for (guint k = 0; k < seats->size; k++)
        {
          guint row = row_of (page, 1, seats->names[k]);
          gint64 id = seats->players[k];
          const CtdStandingsRow *ranked = NULL;

          for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
            if (ctd_standings_get_row (standings, i)->player_id == id)
              ranked = ctd_standings_get_row (standings, i);
          assert_non_null (ranked);
          assert_text_at (page, row, EVENT, "-Spring, \"Open\"");
          assert_text_at (page, row, DATE, "2026-05-17");
          assert_number_at (page, row, ROUND, 1);
          assert_text_at (page, row, STAGE, "qualifying");
          assert_number_at (page, row, CHOUETTE, seats->number);
          assert_text_at (page, row, CLUB, id % 2 ? "Paris BG" : "=Club");
          {
            g_autofree char *member = g_strdup_printf ("%05u", (guint) id);

            assert_text_at (page, row, PLAYER_ID, member);
          }
          assert_number_at (page, row, SCORE, four_totals[k]);
          assert_number_at (page, row, RANK, ranked->rank);
          /* Nobody chosen to go on yet; no final. */
          assert_text_at (page, row, ADVANCED, NULL);
          assert_text_at (page, row, FINAL_PLACE, NULL);
          assert_number_at (page, row, AMOUNT, four_amounts[k]);
        }
    }

  /* The top 2 of each go on to a final of four. */
  advancers = ctd_tournament_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  ctd_test_record_sheet (store, 2, 1, CTD_N_GAMES);
  ctd_sheet_doc_free (g_steal_pointer (&doc));
  doc = ctd_results_csv_build (store, 0, &error);
  page = g_ptr_array_index (doc->pages, 0);
  assert_int_equal (ctd_sheet_page_get_n_rows (page), 1 + 8 + 4);
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);

      for (guint k = 0; k < seats->size; k++)
        assert_text_at (page, row_of (page, 1, seats->names[k]), ADVANCED,
                        k >= 2 ? "yes" : "no");
    }
  final = ctd_tournament_get_chouette (store, 2, 1, &error);
  for (guint k = 0; k < final->size; k++)
    {
      guint row = row_of (page, 2, final->names[k]);
      /* -59, -13.5, 40.5, 32: places 4, 3, 1, 2. */
      static const guint places[] = { 4, 3, 1, 2 };

      assert_text_at (page, row, STAGE, "final");
      assert_number_at (page, row, SCORE, four_totals[k]);
      assert_number_at (page, row, RANK, places[k]);
      assert_number_at (page, row, FINAL_PLACE, places[k]);
      assert_text_at (page, row, ADVANCED, NULL);
      assert_number_at (page, row, AMOUNT, four_amounts[k]);
    }
}

/* A round in play is secret (rule 1.7): its rows say who plays where,
 * and the file holds none of its scores, ranks or amounts, even of a
 * chouette already complete. */
static void
test_secret_round (void **state)
{
  const CtdTestFolder *fixture = *state;
  g_autoptr(CtdStore) store = create_event (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "results.csv", NULL);
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  const CtdSheetPage *page;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, 7);
  doc = ctd_results_csv_build (store, 0, &error);
  if (doc == NULL)
    fail_msg ("%s", error->message);
  page = g_ptr_array_index (doc->pages, 0);
  assert_int_equal (ctd_sheet_page_get_n_rows (page), 1 + 8);
  for (guint row = 1; row <= 8; row++)
    {
      assert_non_null (cell (page, row, PLAYER));
      assert_number_at (page, row, ROUND, 1);
      for (guint col = SCORE; col < N_COLS; col++)
        assert_text_at (page, row, col, NULL);
    }

  /* Written through the export, whole: no score in the bytes. */
  if (!ctd_export_write (doc, path, &error))
    fail_msg ("%s", error->message);
  assert_true (g_file_get_contents (path, &written, NULL, NULL));
  expected = ctd_csv_format (doc, NULL);
  assert_string_equal (written, expected);
  assert_true (g_str_has_prefix (written, BOM "\"event\",\"date\",\"round\""));
  assert_null (strstr (written, "40.5"));
  assert_null (strstr (written, "202.5"));
  assert_null (strstr (written, "-59"));
  /* The hostile names, as names. */
  assert_non_null (strstr (written, "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"win\"\")\""));
  assert_non_null (strstr (written, "\"'+1 @risk -Maximilian"));
  assert_non_null (strstr (written, "\"<b>Bold</b> & Co\""));
  assert_non_null (strstr (written, "\"'-Spring, \"\"Open\"\"\""));
  assert_non_null (strstr (written, "\"'=Club\""));

  /* Once complete, the round's scores are public. */
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  ctd_sheet_doc_free (g_steal_pointer (&doc));
  doc = ctd_results_csv_build (store, 1, &error);
  page = g_ptr_array_index (doc->pages, 0);
  for (guint row = 1; row <= 8; row++)
    assert_non_null (cell (page, row, SCORE));
}

/* Nothing to export before the first draw; a round that does not exist
 * is named. */
static void
test_refusals (void **state)
{
  const CtdTestFolder *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_store_create (fixture->path, &ctd_test_default_settings,
                                                &error);
  guint round;

  assert_non_null (store);
  assert_null (ctd_results_csv_build (store, 0, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY));
  g_clear_error (&error);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error));
    }
  assert_true (ctd_store_draw_round (store, 1, &round, &error));
  assert_null (ctd_results_csv_build (store, 3, &error));
  assert_non_null (error);
  assert_non_null (strstr (error->message, "3"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_format),
    cmocka_unit_test_setup_teardown (test_rows, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_secret_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refusals, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
