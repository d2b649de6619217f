/* test-report-sheet.c: a chouette's scoring sheet as a sheet model,
 * checked cell by cell against the chouette of tests/rules/test-chouette.c
 * worked out by hand; what a public copy keeps secret, the archive.
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

#include <glib/gstdio.h>

#include "ctd-tournament.h"
#include "ctd-test-files.h"
#include "ctd-report.h"
#include "ctd-template.h"
#include "ctd-test-sheet.h"
#include "ctd-test-store.h"

/* The chouette of tests/rules/test-chouette.c, as its sheet shows it. */
static const guint four_box[CTD_N_GAMES] = { 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4 };
static const guint four_captain[CTD_N_GAMES] = { 2, 3, 4, 3, 4, 1, 4, 1, 2, 3, 1, 2 };
static const guint four_cube[CTD_N_GAMES] = { 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 2, 4 };
/* Rules 1.1(b), 1.6, 3.8: the Captain, then the crew in rotation after
 * the Captain; games 10-12 rotate in the last-segment order 3, 1, 2. */
static const char *const four_playing[CTD_N_GAMES] = {
  "2  3  4", "3  4  2", "4  2  3", "3  4  1", "4  1  3", "1  3  4",
  "4  1  2", "1  2  4", "2  4  1", "3  1  2", "1  2  3", "2  3  1",
};
static const char *const four_decisions[CTD_N_GAMES] = {
  "2  3  4", "3  4  2", "4  2  3", "1  4  3", "1  4  3", "3  4  1",
  "4  2  1", "4  2  1", "4  2  1", "3  1  2", "3  1  2", "3  2  1",
};
/* Games 5 and 9 include SPEC 5's payment for a taken extra: in game 5 P1
 * pays P3 the 2 at which P1 passed (P1 -2 -2 -24 = -28, P3 12 + 2 + 24 =
 * 38), in game 9 P4 pays P1 4 (P1 -16 + 4 + 8 = -4, P4 -4 - 4 - 8 = -16). */
static const double four_deltas[CTD_N_GAMES][4] = {
  { -3, 1, 1, 1 },     { 8, -2, -4, -2 },  { 16, -16, -4, 4 },  { -2, 4, -1, -1 },
  { -28, -12, 38, 2 }, { -2, 22, -16, -4 }, { 2, 1, -7, 4 },     { 2, 2, -6, 2 },
  { -4, -16, 36, -16 }, { -2, -1.5, -0.5, 4 }, { 2, 8, -4, -6 }, { -48, -4, 8, 44 },
};
/* The sums of the columns above: -61 - 2 + 4, -13.5, 38.5 + 2, 36 - 4. */
static const double four_totals[4] = { -59, -13.5, 40.5, 32 };

typedef CtdTestFolder Fixture;

/* The notes column of game @game of ctd_test_four_sheet: the line,
 * its director's adjustments on lines of their own (games 5 and 9). */
static const char *
four_notes (guint game)
{
  if (game == 5)
    return "Tb 1:2- 3:4 4:2- E:1>3:8\nAdjustment: 2 pays 4 4 points";
  if (game == 9)
    return "Bg 1:8 2:4- 4:4- E:4>1:8+\nAdjustment: 2 pays 3 12 points";
  return ctd_test_four_sheet[game - 1];
}

static void
test_filled_sheet (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;
  double sum = 0;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  seats = ctd_tournament_get_chouette (store, 1, 1, &error);
  doc = ctd_report_chouette (store, 1, 1, NULL, &error);
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 1);
  page = g_ptr_array_index (doc->pages, 0);
  assert_string_equal (page->name, "Chouette 1.1");
  assert_true (page->landscape && page->fit_one_page);
  /* The same event always gives the same document time: its date. */
  assert_int_equal (doc->created, 1779019200);  /* 2026-05-17 12:00 UTC */

  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *heading = g_strdup_printf ("%u  %s", k + 1, seats->names[k]);
      const CtdSheetCell *cell = ctd_test_cell_at (page, ROW_NAMES, COL_PLAYER (k));

      assert_int_equal (cell->kind, CTD_SHEET_CELL_TEXT);
      assert_string_equal (cell->text, heading);
      assert_int_equal (cell->last_col, COL_PLAYER (k) + 1);
    }

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;
      double running[4] = { 0 };

      ctd_test_assert_number (page, row, 0, game);
      ctd_test_assert_number (page, row, COL_BOX, four_box[game - 1]);
      ctd_test_assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      ctd_test_assert_number (page, row, COL_CUBE, four_cube[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_DECISIONS)->text,
                           four_decisions[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_ZERO_SUM - 1)->text,
                           four_notes (game));
      for (guint k = 0; k < 4; k++)
        {
          const CtdSheetCell *total = ctd_test_cell_at (page, row, COL_PLAYER (k) + 1);
          g_autofree char *here = ctd_sheet_cell_ref (row, COL_PLAYER (k));
          g_autofree char *above = ctd_sheet_cell_ref (row - 1, COL_PLAYER (k) + 1);
          g_autofree char *formula = game == 1 ? g_strdup_printf ("=%s", here)
                                               : g_strdup_printf ("=%s+%s", above, here);

          for (guint g = 0; g < game; g++)
            running[k] += four_deltas[g][k];
          ctd_test_assert_number (page, row, COL_PLAYER (k), four_deltas[game - 1][k]);
          assert_int_equal (total->kind, CTD_SHEET_CELL_FORMULA);
          assert_string_equal (total->formula, formula);
          assert_float_equal (total->number, running[k], 0);
        }
    }

  for (guint k = 0; k < 4; k++)
    {
      const CtdSheetCell *total = ctd_test_cell_at (page, ROW_TOTALS, COL_PLAYER (k));
      const CtdSheetCell *amount = ctd_test_cell_at (page, ROW_AMOUNTS, COL_PLAYER (k));
      g_autofree char *first = ctd_sheet_cell_ref (ROW_GAME1, COL_PLAYER (k));
      g_autofree char *last = ctd_sheet_cell_ref (ROW_GAME1 + 11, COL_PLAYER (k));
      g_autofree char *formula = g_strdup_printf ("=SUM(%s:%s)", first, last);

      assert_int_equal (total->kind, CTD_SHEET_CELL_FORMULA);
      assert_string_equal (total->formula, formula);
      assert_float_equal (total->number, four_totals[k], 0);
      assert_float_equal (amount->number, four_totals[k] * 5, 1e-9);
      sum += total->number;
    }
  assert_float_equal (sum, 0, 0);
  assert_int_equal (ctd_test_cell_at (page, ROW_TOTALS, COL_ZERO_SUM)->kind,
                    CTD_SHEET_CELL_FORMULA);
  {
    g_autoptr(GString) all = g_string_new (NULL);

    for (guint i = 0; i < page->cells->len; i++)
      g_string_append_printf (all, "%s\n", ((CtdSheetCell *) g_ptr_array_index (page->cells, i))->text);
    assert_non_null (strstr (all->str, "Captains of games 10 to 12: 3, 1, 2."));
    g_autofree char *settlement = NULL;

    /* The settlement: fewest payments, at 5.00 a point: P1's 295.00 goes
     * to P3 (40.5 x 5 = 202.50) and P4 (295 - 202.50 = 92.50), P2's 67.50
     * to P4 (92.50 + 67.50 = 160.00 = 32 x 5). */
    settlement = g_strdup_printf ("Settlement: 1 %s pays 3 %s 202.50;   1 %s pays 4 %s 92.50;   "
                                  "2 %s pays 4 %s 67.50\n", seats->names[0], seats->names[2],
                                  seats->names[0], seats->names[3], seats->names[1],
                                  seats->names[3]);
    assert_non_null (strstr (all->str, settlement));
  }
  assert_float_equal (ctd_test_cell_at (page, ROW_TOTALS, COL_ZERO_SUM)->number, 0, 0);
}

/* Every page carries event, round, chouette label, table, date, stake and
 * seed, and every name stays text. */
static void
test_heading_and_names (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  const CtdSheetPage *page = g_ptr_array_index (doc->pages, 0);
  g_autoptr(GString) all = g_string_new (NULL);
  guint names_seen = 0;
  const char *expected[] = { "Spring Chouette, Club house", "May 17, 2026", "5.00", "4242",
                             "1, Final", "1.1  (Table 1)" };

  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      g_string_append_printf (all, "%s\n", cell->text);
      for (guint k = 0; k < G_N_ELEMENTS (ctd_test_hostile); k++)
        if (strstr (cell->text, ctd_test_hostile[k]) != NULL)
          {
            assert_int_equal (cell->kind, CTD_SHEET_CELL_TEXT);
            names_seen++;
          }
    }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (all->str, expected[i]) == NULL)
      fail_msg ("the sheet does not show “%s”", expected[i]);
  assert_int_equal (names_seen, 2 * G_N_ELEMENTS (ctd_test_hostile));  /* heading and signature */
  /* Listed once each, for the PDF writer to check it can draw them. */
  assert_int_equal (doc->names->len, G_N_ELEMENTS (ctd_test_hostile));
  for (guint k = 0; k < G_N_ELEMENTS (ctd_test_hostile); k++)
    assert_true (g_ptr_array_find_with_equal_func (doc->names, ctd_test_hostile[k], g_str_equal,
                                                   NULL));
  assert_non_null (strstr (page->footer[0], "4242"));
  assert_non_null (strstr (page->footer[2], "{page}"));
}

static void
test_blank_sheet (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  CtdReportOptions options = { NULL, FALSE, TRUE };
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;

  ctd_test_record_sheet (store, 1, 1, 9);  /* a blank sheet ignores what is entered */
  doc = ctd_report_chouette (store, 1, 1, &options, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      ctd_test_assert_number (page, row, COL_BOX, four_box[game - 1]);
      ctd_test_assert_number (page, row, COL_CUBE, four_cube[game - 1]);
      if (game < 10)
        {
          ctd_test_assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
          assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text,
                               four_playing[game - 1]);
        }
      else
        {
          /* Known only after game 9: the players write them in. */
          ctd_test_assert_empty (page, row, COL_CAPTAIN);
          ctd_test_assert_empty (page, row, COL_PLAYING);
        }
      if (game == 1)
        assert_string_equal (ctd_test_cell_at (page, row, COL_DECISIONS)->text, "2  3  4");
      else
        ctd_test_assert_empty (page, row, COL_DECISIONS);
      for (guint col = COL_PLAYER (0); col <= COL_ZERO_SUM; col++)
        ctd_test_assert_empty (page, row, col);
    }
  for (guint k = 0; k < 4; k++)
    ctd_test_assert_empty (page, ROW_TOTALS, COL_PLAYER (k));
}

/* Rule 1.6: once games 1-9 are in, the last segment's Captains and playing
 * orders are in the grid, not only in the footnote; a blank sheet shows
 * them only once the director has fixed the order. */
static void
test_last_segment_in_grid (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  CtdReportOptions blank_options = { NULL, FALSE, TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) eight = NULL;
  g_autoptr(CtdSheetDoc) filled = NULL;
  g_autoptr(CtdSheetDoc) blank = NULL;
  g_autoptr(CtdSheetDoc) fixed = NULL;
  g_autofree char *blank_text = NULL;
  g_autofree char *fixed_text = NULL;
  const CtdSheetPage *page;

  ctd_test_record_sheet (store, 1, 1, 8);
  eight = ctd_report_chouette (store, 1, 1, NULL, &error);
  page = g_ptr_array_index (eight->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      ctd_test_assert_empty (page, ROW_GAME1 + game - 1, COL_CAPTAIN);
      ctd_test_assert_empty (page, ROW_GAME1 + game - 1, COL_PLAYING);
    }

  ctd_test_record_sheet (store, 1, 1, 9);  /* the order is known, not fixed yet */
  filled = ctd_report_chouette (store, 1, 1, NULL, &error);
  page = g_ptr_array_index (filled->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      ctd_test_assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      /* Game 10's decision order needs only games 1-9. */
      if (game == 10)
        assert_string_equal (ctd_test_cell_at (page, row, COL_DECISIONS)->text, four_decisions[9]);
      else
        ctd_test_assert_empty (page, row, COL_DECISIONS);
    }

  blank = ctd_report_chouette (store, 1, 1, &blank_options, &error);
  page = g_ptr_array_index (blank->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      ctd_test_assert_empty (page, ROW_GAME1 + game - 1, COL_CAPTAIN);
      ctd_test_assert_empty (page, ROW_GAME1 + game - 1, COL_PLAYING);
    }
  blank_text = ctd_test_page_text (page);
  assert_non_null (strstr (blank_text, "Games 10 to 12: the Captains take turns"));
  assert_null (strstr (blank_text, "Captains of games 10 to 12"));

  /* The director fixes the order to print the sheets of the last segment. */
  if (!ctd_store_fix_last_segment_order (store, 1, 1, NULL, FALSE, &error))
    fail_msg ("%s", error->message);
  fixed = ctd_report_chouette (store, 1, 1, &blank_options, &error);
  page = g_ptr_array_index (fixed->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      ctd_test_assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      ctd_test_assert_empty (page, row, COL_DECISIONS);
      ctd_test_assert_empty (page, row, COL_PLAYER (0));
    }
  fixed_text = ctd_test_page_text (page);
  assert_non_null (strstr (fixed_text, "Captains of games 10 to 12: 3, 1, 2."));
}

/* Games recorded in part: totals so far, nothing invented for the rest. */
static void
test_partly_filled (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;

  g_autofree char *text = NULL;
  const CtdSheetCell *label;
  const CtdSheetCell *amount;

  ctd_test_record_sheet (store, 1, 1, 5);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  /* P3's game 5: 12 + 2 + 24 = 38; total 1 - 4 - 4 - 1 + 38 = 30. */
  ctd_test_assert_number (page, ROW_GAME1 + 4, COL_PLAYER (2), 38);
  ctd_test_assert_empty (page, ROW_GAME1 + 5, COL_PLAYER (2));
  ctd_test_assert_empty (page, ROW_GAME1 + 9, COL_CAPTAIN);
  assert_float_equal (ctd_test_cell_at (page, ROW_TOTALS, COL_PLAYER (2))->number, 30, 0);

  /* Rule 1.8: nobody pays before the end, so the amounts so far say they
   * are provisional, in italics, and no settlement is printed. */
  label = ctd_test_cell_at (page, ROW_AMOUNTS, 0);
  assert_string_equal (label->text,
                       "Amount at the stake (5.00), provisional: 5 of 12 games entered");
  amount = ctd_test_cell_at (page, ROW_AMOUNTS, COL_PLAYER (2));
  assert_float_equal (amount->number, 150, 0);
  assert_true (g_array_index (doc->styles, CtdSheetStyle, amount->style).italic);
  assert_true (g_array_index (doc->styles, CtdSheetStyle, label->style).italic);
  text = ctd_test_page_text (page);
  assert_non_null (strstr (text, "Settlement: when all 12 games are entered (rule 1.8); 5 of 12 "
                                 "so far."));
  assert_null (strstr (text, "Settlement: 1"));
}

/* SPEC 5: a director's adjustment is printed as one, on its own line
 * under the game's result, never as a token of the result. */
static void
test_adjustment (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;
  const CtdSheetCell *notes;
  guint row = ROW_GAME1 + 4;

  ctd_test_record_sheet (store, 1, 1, 4);
  if (!ctd_store_record_game (store, 1, 1, 5, "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4 A:3>1:2 A:4>2:0.5", FALSE, &error))
    fail_msg ("%s", error->message);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  notes = ctd_test_cell_at (page, row, COL_ZERO_SUM - 1);
  assert_string_equal (notes->text, "Tb 1:2- 3:4 4:2- E:1>3:8\n"
                                    "Adjustment: 2 pays 4 4 points\n"
                                    "Adjustment: 3 pays 1 2 points\n"
                                    "Adjustment: 4 pays 2 0.5 point");
  assert_true (g_array_index (doc->styles, CtdSheetStyle, notes->style).wrap);
  /* The game scores include what the adjustments moved: P1 -28 + 2,
   * P2 -12 + 0.5, P3 38 - 2, P4 2 - 0.5. */
  ctd_test_assert_number (page, row, COL_PLAYER (0), -26);
  ctd_test_assert_number (page, row, COL_PLAYER (1), -11.5);
  ctd_test_assert_number (page, row, COL_PLAYER (2), 36);
  ctd_test_assert_number (page, row, COL_PLAYER (3), 1.5);
  /* Room for its four lines. */
  assert_true (ctd_sheet_page_get_height (page, row) >
               2.5 * ctd_sheet_page_get_height (page, row - 1) - 12);
  assert_true (ctd_sheet_page_get_height (page, row - 1) ==
               ctd_sheet_page_get_height (page, row + 1));
}

/* A complete chouette's amounts are final: no provisional mark. */
static void
test_complete_amounts_are_final (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;
  const CtdSheetCell *label;
  const CtdSheetCell *amount;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  label = ctd_test_cell_at (page, ROW_AMOUNTS, 0);
  amount = ctd_test_cell_at (page, ROW_AMOUNTS, COL_PLAYER (0));
  assert_string_equal (label->text, "Amount at the stake (5.00)");
  assert_false (g_array_index (doc->styles, CtdSheetStyle, amount->style).italic);
  assert_false (g_array_index (doc->styles, CtdSheetStyle, label->style).italic);
}

/* A sheet built where the decimal separator is a comma (as the report's
 * thread is for a French event) prints "5,00" and the date in words,
 * while the workbook's formulas, which a spreadsheet reads, keep "5.00". */
static void
test_comma_locale (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  locale_t locale = newlocale (LC_ALL_MASK, "fr_FR.UTF-8", (locale_t) 0);
  const CtdSheetPage *page;
  const CtdSheetCell *label;
  const CtdSheetCell *amount;
  gboolean dated = FALSE;

  if (locale == (locale_t) 0)
    locale = newlocale (LC_ALL_MASK, "de_DE.UTF-8", (locale_t) 0);
  if (locale == (locale_t) 0)
    {
      print_message ("no fr_FR.UTF-8 or de_DE.UTF-8 locale: skipped "
                     "(.ci/setup.sh generates fr_FR.UTF-8)\n");
      skip ();
    }
  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  uselocale (locale);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  uselocale (LC_GLOBAL_LOCALE);
  freelocale (locale);

  page = g_ptr_array_index (doc->pages, 0);
  label = ctd_test_cell_at (page, ROW_AMOUNTS, 0);
  amount = ctd_test_cell_at (page, ROW_AMOUNTS, COL_PLAYER (0));
  assert_string_equal (label->text, "Amount at the stake (5,00)");
  assert_non_null (strstr (amount->text, ",00"));
  /* The amount as paid (SPEC 7's cents), a number whatever the locale. */
  assert_null (amount->formula);
  assert_int_equal (amount->kind, CTD_SHEET_CELL_NUMBER);
  assert_true (amount->number == -295.0);
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      assert_null (strstr (cell->text, "2026-05-17"));
      dated |= strstr (cell->text, "2026") != NULL && strstr (cell->text, "17") != NULL;
    }
  assert_true (dated);
}

/* Rule 1.7: a public copy of a Qualifying round in play shows no score. */
static void
test_secrecy (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  CtdReportOptions public_view = { NULL, TRUE, FALSE };
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(CtdSheetDoc) director = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  assert_null (ctd_report_chouette (store, 1, 1, &public_view, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET));
  assert_non_null (strstr (error->message, "secret"));
  g_clear_error (&error);

  doc = ctd_report_round (store, 1, &public_view, &error);
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 1);
  page = g_ptr_array_index (doc->pages, 0);
  assert_string_equal (page->name, "Round 1 standings");
  assert_false (ctd_test_has_number_cells (page));
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      assert_null (strstr (cell->text, "40.5"));
      assert_null (strstr (cell->text, "-59"));
    }

  director = ctd_report_round (store, 1, NULL, &error);
  assert_int_equal (director->pages->len, 3);  /* 1.1, 1.2 and the standings */
  assert_true (ctd_test_has_number_cells (g_ptr_array_index (director->pages, 2)));

  /* Complete: the public copy now shows the sheets and the scores. */
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &public_view, &error);
  assert_int_equal (doc->pages->len, 3);
  assert_true (ctd_test_has_number_cells (g_ptr_array_index (doc->pages, 2)));
}

static void
test_archive (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(CtdSheetDoc) public_doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdReportOptions public_view = { NULL, TRUE, FALSE };
  CtdAdvanceTie tie = { 0, NULL };
  guint round;
  const char *const pages[] = { "Chouette 1.1", "Chouette 1.2", "Round 1 standings",
                                "Chouette 2.1", "Round 2 standings",
                                "Final results", "Settlements", "Audit log" };

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  advancers = ctd_tournament_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  ctd_test_record_sheet (store, 2, 1, 7);

  doc = ctd_report_archive (store, NULL, &error);
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, G_N_ELEMENTS (pages));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    assert_string_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->name, pages[i]);

  /* The posted copy leaves out the audit log; the final in play still
   * shows its scores (the Final is never secret). */
  public_doc = ctd_report_archive (store, &public_view, &error);
  assert_non_null (public_doc);
  assert_false (ctd_sheet_doc_has_page (public_doc, "Audit log"));
  assert_true (ctd_sheet_doc_has_page (public_doc, "Chouette 2.1"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_filled_sheet, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_heading_and_names, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_blank_sheet, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_last_segment_in_grid, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_partly_filled, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_complete_amounts_are_final, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_comma_locale, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_adjustment, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_secrecy, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_archive, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
