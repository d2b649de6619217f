/* test-report.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The printed documents as sheet models, checked cell by cell against a
 * chouette worked out by hand (the sheet of tests/test-chouette.c).
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>

#include "ctd-event.h"
#include "ctd-test-files.h"
#include "ctd-report.h"
#include "ctd-template.h"

#define H(x) ((CtdHalves) ((x) * 2))

static const char *const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 E:1>3:8",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:8 4:4- E:4>1:8+",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};
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

/* The names a director may meet: formulas, markup, accents, long ones. */
static const char *const hostile[] = {
  "=HYPERLINK(\"http://evil.example\",\"win\")", "<b>Bold</b> & Co", "Zoë Łukasz Ægirsdóttir",
  "+1 @risk -Maximilian Alexander von Hohenzollern-Sigmaringen",
};

/* Layout rows of a scoring sheet (templates/scoring-sheet-4.ini). */
#define ROW_NAMES 5
#define ROW_GAME1 7
#define ROW_TOTALS (ROW_GAME1 + CTD_N_GAMES)
#define ROW_AMOUNTS (ROW_TOTALS + 1)
#define COL_BOX 2
#define COL_CAPTAIN 3
#define COL_PLAYING 4
#define COL_CUBE 5
#define COL_DECISIONS 6
#define COL_PLAYER(k) (7 + 2 * (k))
#define COL_ZERO_SUM 16

typedef CtdTestFolder Fixture;

/* An event of @n players (the first four with hostile names), drawn. */
static CtdStore *
create_event (const Fixture *fixture,
              guint          n)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Spring Chouette",
    .date = (char *) "2026-05-17",
    .venue = (char *) "Club house",
    .stake_cents = 500,
    .entry_fee_cents = 11000,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);
  guint round;

  if (store == NULL)
    fail_msg ("%s", error->message);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = i < G_N_ELEMENTS (hostile) ? g_strdup (hostile[i])
                                                         : g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error));
    }
  if (!ctd_store_draw_round (store, 4242, &round, &error))
    fail_msg ("draw: %s", error->message);
  return store;
}

static void
record_sheet (CtdStore *store,
              guint     round,
              guint     chouette,
              guint     last)
{
  for (guint game = 1; game <= last; game++)
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_store_record_game (store, round, chouette, game, four_sheet[game - 1], FALSE,
                                  &error))
        fail_msg ("game %u: %s", game, error->message);
    }
}

static const CtdSheetCell *
cell_at (const CtdSheetPage *page,
         guint               row,
         guint               col)
{
  const CtdSheetCell *cell = ctd_sheet_page_find (page, row, col);

  if (cell == NULL)
    fail_msg ("%s: no cell at row %u, column %u", page->name, row, col);
  return cell;
}

static void
assert_number (const CtdSheetPage *page,
               guint               row,
               guint               col,
               double              expected)
{
  const CtdSheetCell *cell = cell_at (page, row, col);

  if (cell->kind == CTD_SHEET_CELL_TEXT || cell->number != expected)
    fail_msg ("%s row %u col %u: expected %g, found “%s”", page->name, row, col, expected,
              cell->text);
}

static void
assert_empty (const CtdSheetPage *page,
              guint               row,
              guint               col)
{
  const CtdSheetCell *cell = cell_at (page, row, col);

  if (cell->kind != CTD_SHEET_CELL_TEXT || *cell->text != '\0')
    fail_msg ("%s row %u col %u: expected a blank cell, found “%s”", page->name, row, col,
              cell->text);
}

static void
test_filled_sheet (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;
  double sum = 0;

  record_sheet (store, 1, 1, CTD_N_GAMES);
  seats = ctd_event_get_chouette (store, 1, 1, &error);
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
      const CtdSheetCell *cell = cell_at (page, ROW_NAMES, COL_PLAYER (k));

      assert_int_equal (cell->kind, CTD_SHEET_CELL_TEXT);
      assert_string_equal (cell->text, heading);
      assert_int_equal (cell->last_col, COL_PLAYER (k) + 1);
    }

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;
      double running[4] = { 0 };

      assert_number (page, row, 0, game);
      assert_number (page, row, COL_BOX, four_box[game - 1]);
      assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      assert_number (page, row, COL_CUBE, four_cube[game - 1]);
      assert_string_equal (cell_at (page, row, COL_DECISIONS)->text, four_decisions[game - 1]);
      assert_string_equal (cell_at (page, row, COL_ZERO_SUM - 1)->text, four_sheet[game - 1]);
      for (guint k = 0; k < 4; k++)
        {
          const CtdSheetCell *total = cell_at (page, row, COL_PLAYER (k) + 1);
          g_autofree char *here = ctd_sheet_cell_ref (row, COL_PLAYER (k));
          g_autofree char *above = ctd_sheet_cell_ref (row - 1, COL_PLAYER (k) + 1);
          g_autofree char *formula = game == 1 ? g_strdup_printf ("=%s", here)
                                               : g_strdup_printf ("=%s+%s", above, here);

          for (guint g = 0; g < game; g++)
            running[k] += four_deltas[g][k];
          assert_number (page, row, COL_PLAYER (k), four_deltas[game - 1][k]);
          assert_int_equal (total->kind, CTD_SHEET_CELL_FORMULA);
          assert_string_equal (total->formula, formula);
          assert_float_equal (total->number, running[k], 0);
        }
    }

  for (guint k = 0; k < 4; k++)
    {
      const CtdSheetCell *total = cell_at (page, ROW_TOTALS, COL_PLAYER (k));
      const CtdSheetCell *amount = cell_at (page, ROW_AMOUNTS, COL_PLAYER (k));
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
  assert_int_equal (cell_at (page, ROW_TOTALS, COL_ZERO_SUM)->kind, CTD_SHEET_CELL_FORMULA);
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
  assert_float_equal (cell_at (page, ROW_TOTALS, COL_ZERO_SUM)->number, 0, 0);
}

/* Every page carries event, round, chouette label, table, date, stake and
 * seed, and every name stays text. */
static void
test_heading_and_names (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  const CtdSheetPage *page = g_ptr_array_index (doc->pages, 0);
  g_autoptr(GString) all = g_string_new (NULL);
  guint names_seen = 0;
  const char *expected[] = { "Spring Chouette, Club house", "2026-05-17", "5.00", "4242",
                             "1, Final", "1.1  (Table 1)" };

  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      g_string_append_printf (all, "%s\n", cell->text);
      for (guint k = 0; k < G_N_ELEMENTS (hostile); k++)
        if (strstr (cell->text, hostile[k]) != NULL)
          {
            assert_int_equal (cell->kind, CTD_SHEET_CELL_TEXT);
            names_seen++;
          }
    }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (all->str, expected[i]) == NULL)
      fail_msg ("the sheet does not show “%s”", expected[i]);
  assert_int_equal (names_seen, 2 * G_N_ELEMENTS (hostile));  /* heading and signature */
  /* Listed once each, for the PDF writer to check it can draw them. */
  assert_int_equal (doc->names->len, G_N_ELEMENTS (hostile));
  for (guint k = 0; k < G_N_ELEMENTS (hostile); k++)
    assert_true (g_ptr_array_find_with_equal_func (doc->names, hostile[k], g_str_equal, NULL));
  assert_non_null (strstr (page->footer[0], "4242"));
  assert_non_null (strstr (page->footer[2], "{page}"));
}

static void
test_blank_sheet (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  CtdReportOptions options = { NULL, FALSE, TRUE };
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;

  record_sheet (store, 1, 1, 9);  /* a blank sheet ignores what is entered */
  doc = ctd_report_chouette (store, 1, 1, &options, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      assert_number (page, row, COL_BOX, four_box[game - 1]);
      assert_number (page, row, COL_CUBE, four_cube[game - 1]);
      if (game < 10)
        {
          assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
          assert_string_equal (cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
        }
      else
        {
          /* Known only after game 9: the players write them in. */
          assert_empty (page, row, COL_CAPTAIN);
          assert_empty (page, row, COL_PLAYING);
        }
      if (game == 1)
        assert_string_equal (cell_at (page, row, COL_DECISIONS)->text, "2  3  4");
      else
        assert_empty (page, row, COL_DECISIONS);
      for (guint col = COL_PLAYER (0); col <= COL_ZERO_SUM; col++)
        assert_empty (page, row, col);
    }
  for (guint k = 0; k < 4; k++)
    assert_empty (page, ROW_TOTALS, COL_PLAYER (k));
}

static char *
page_text (const CtdSheetPage *page)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < page->cells->len; i++)
    g_string_append_printf (all, "%s\n", ((CtdSheetCell *) g_ptr_array_index (page->cells, i))->text);
  return g_string_free (all, FALSE);
}

/* Rule 1.6: once games 1-9 are in, the last segment's Captains and playing
 * orders are in the grid, not only in the footnote; a blank sheet shows
 * them only once the director has fixed the order. */
static void
test_last_segment_in_grid (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  CtdReportOptions blank_options = { NULL, FALSE, TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) eight = NULL;
  g_autoptr(CtdSheetDoc) filled = NULL;
  g_autoptr(CtdSheetDoc) blank = NULL;
  g_autoptr(CtdSheetDoc) fixed = NULL;
  g_autofree char *blank_text = NULL;
  g_autofree char *fixed_text = NULL;
  const CtdSheetPage *page;

  record_sheet (store, 1, 1, 8);
  eight = ctd_report_chouette (store, 1, 1, NULL, &error);
  page = g_ptr_array_index (eight->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      assert_empty (page, ROW_GAME1 + game - 1, COL_CAPTAIN);
      assert_empty (page, ROW_GAME1 + game - 1, COL_PLAYING);
    }

  record_sheet (store, 1, 1, 9);  /* the order is known, not fixed yet */
  filled = ctd_report_chouette (store, 1, 1, NULL, &error);
  page = g_ptr_array_index (filled->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      /* Game 10's decision order needs only games 1-9. */
      if (game == 10)
        assert_string_equal (cell_at (page, row, COL_DECISIONS)->text, four_decisions[9]);
      else
        assert_empty (page, row, COL_DECISIONS);
    }

  blank = ctd_report_chouette (store, 1, 1, &blank_options, &error);
  page = g_ptr_array_index (blank->pages, 0);
  for (guint game = 10; game <= CTD_N_GAMES; game++)
    {
      assert_empty (page, ROW_GAME1 + game - 1, COL_CAPTAIN);
      assert_empty (page, ROW_GAME1 + game - 1, COL_PLAYING);
    }
  blank_text = page_text (page);
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

      assert_number (page, row, COL_CAPTAIN, four_captain[game - 1]);
      assert_string_equal (cell_at (page, row, COL_PLAYING)->text, four_playing[game - 1]);
      assert_empty (page, row, COL_DECISIONS);
      assert_empty (page, row, COL_PLAYER (0));
    }
  fixed_text = page_text (page);
  assert_non_null (strstr (fixed_text, "Captains of games 10 to 12: 3, 1, 2."));
}

/* Games recorded in part: totals so far, nothing invented for the rest. */
static void
test_partly_filled (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;

  g_autofree char *text = NULL;
  const CtdSheetCell *label;
  const CtdSheetCell *amount;

  record_sheet (store, 1, 1, 5);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  /* P3's game 5: 12 + 2 + 24 = 38; total 1 - 4 - 4 - 1 + 38 = 30. */
  assert_number (page, ROW_GAME1 + 4, COL_PLAYER (2), 38);
  assert_empty (page, ROW_GAME1 + 5, COL_PLAYER (2));
  assert_empty (page, ROW_GAME1 + 9, COL_CAPTAIN);
  assert_float_equal (cell_at (page, ROW_TOTALS, COL_PLAYER (2))->number, 30, 0);

  /* Rule 1.8: nobody pays before the end, so the amounts so far say they
   * are provisional, in italics, and no settlement is printed. */
  label = cell_at (page, ROW_AMOUNTS, 0);
  assert_string_equal (label->text,
                       "Amount at the stake (5.00), provisional: 5 of 12 games entered");
  amount = cell_at (page, ROW_AMOUNTS, COL_PLAYER (2));
  assert_float_equal (amount->number, 150, 0);
  assert_true (g_array_index (doc->styles, CtdSheetStyle, amount->style).italic);
  assert_true (g_array_index (doc->styles, CtdSheetStyle, label->style).italic);
  text = page_text (page);
  assert_non_null (strstr (text, "Settlement: when all 12 games are entered (rule 1.8); 5 of 12 "
                                 "so far."));
  assert_null (strstr (text, " pays "));
}

/* SPEC 5: a director's adjustment is printed as one, on its own line
 * under the game's result, never as a token of the result. */
static void
test_adjustment (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;
  const CtdSheetCell *notes;
  guint row = ROW_GAME1 + 4;

  record_sheet (store, 1, 1, 4);
  if (!ctd_store_record_game (store, 1, 1, 5, "Tb 1:2- 3:4 E:1>3:8 A:3>1:2 A:4>2:0.5", FALSE, &error))
    fail_msg ("%s", error->message);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  notes = cell_at (page, row, COL_ZERO_SUM - 1);
  assert_string_equal (notes->text, "Tb 1:2- 3:4 E:1>3:8\n"
                                    "Adjustment: 3 pays 1 2 points\n"
                                    "Adjustment: 4 pays 2 0.5 point");
  assert_true (g_array_index (doc->styles, CtdSheetStyle, notes->style).wrap);
  /* The game scores include what the adjustments moved: P1 -28 + 2,
   * P2 -12 + 0.5, P3 38 - 2, P4 2 - 0.5. */
  assert_number (page, row, COL_PLAYER (0), -26);
  assert_number (page, row, COL_PLAYER (1), -11.5);
  assert_number (page, row, COL_PLAYER (2), 36);
  assert_number (page, row, COL_PLAYER (3), 1.5);
  /* Room for its three lines. */
  assert_true (ctd_sheet_page_get_height (page, row) >
               2.5 * ctd_sheet_page_get_height (page, row - 1) - 12);
  assert_true (ctd_sheet_page_get_height (page, row - 1) ==
               ctd_sheet_page_get_height (page, row + 1));
}

/* A complete chouette's amounts are final: no provisional mark. */
static void
test_complete_amounts_are_final (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;
  const CtdSheetCell *label;
  const CtdSheetCell *amount;

  record_sheet (store, 1, 1, CTD_N_GAMES);
  doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (doc->pages, 0);
  label = cell_at (page, ROW_AMOUNTS, 0);
  amount = cell_at (page, ROW_AMOUNTS, COL_PLAYER (0));
  assert_string_equal (label->text, "Amount at the stake (5.00)");
  assert_false (g_array_index (doc->styles, CtdSheetStyle, amount->style).italic);
  assert_false (g_array_index (doc->styles, CtdSheetStyle, label->style).italic);
}

static gboolean
has_number_cells (const CtdSheetPage *page)
{
  for (guint i = 0; i < page->cells->len; i++)
    if (((CtdSheetCell *) g_ptr_array_index (page->cells, i))->kind != CTD_SHEET_CELL_TEXT)
      return TRUE;
  return FALSE;
}

/* Rule 1.7: a public copy of a Qualifying round in play shows no score. */
static void
test_secrecy (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 8);
  CtdReportOptions public_view = { NULL, TRUE, FALSE };
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(CtdSheetDoc) director = NULL;
  g_autoptr(GError) error = NULL;
  const CtdSheetPage *page;

  record_sheet (store, 1, 1, CTD_N_GAMES);
  assert_null (ctd_report_chouette (store, 1, 1, &public_view, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET));
  assert_non_null (strstr (error->message, "secret"));
  g_clear_error (&error);

  doc = ctd_report_round (store, 1, &public_view, &error);
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 1);
  page = g_ptr_array_index (doc->pages, 0);
  assert_string_equal (page->name, "Round 1 standings");
  assert_false (has_number_cells (page));
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      assert_null (strstr (cell->text, "40.5"));
      assert_null (strstr (cell->text, "-59"));
    }

  director = ctd_report_round (store, 1, NULL, &error);
  assert_int_equal (director->pages->len, 3);  /* 1.1, 1.2 and the standings */
  assert_true (has_number_cells (g_ptr_array_index (director->pages, 2)));

  /* Complete: the public copy now shows the sheets and the scores. */
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &public_view, &error);
  assert_int_equal (doc->pages->len, 3);
  assert_true (has_number_cells (g_ptr_array_index (doc->pages, 2)));
}

static void
test_archive (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 8);
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

  record_sheet (store, 1, 1, CTD_N_GAMES);
  record_sheet (store, 1, 2, CTD_N_GAMES);
  advancers = ctd_event_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  record_sheet (store, 2, 1, 7);

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

static void
assert_pages (const CtdSheetDoc  *doc,
              const char *const  *names,
              guint               n)
{
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, n);
  for (guint i = 0; i < n; i++)
    assert_string_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->name, names[i]);
}

/* What the desk prints one part at a time: blank sheets before play, the
 * standings (secret while the round is in play, as `export --public`
 * shows them), the final results and settlements. */
static void
test_parts (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdReportOptions blank = { NULL, TRUE, TRUE, CTD_REPORT_PART_SHEETS };
  CtdReportOptions sheets = { NULL, TRUE, FALSE, CTD_REPORT_PART_SHEETS };
  CtdReportOptions standings = { NULL, TRUE, FALSE, CTD_REPORT_PART_STANDINGS };
  CtdReportOptions results = { NULL, FALSE, FALSE, CTD_REPORT_PART_RESULTS };
  const char *const two_sheets[] = { "Chouette 1.1", "Chouette 1.2" };
  const char *const round_1[] = { "Round 1 standings" };
  const char *const both_rounds[] = { "Round 1 standings", "Round 2 standings" };
  const char *const final[] = { "Final results", "Settlements" };
  CtdSheetDoc *doc;
  guint round;

  /* Blank sheets of a drawn round, for posting or not: no standings. */
  doc = ctd_report_round (store, 1, &blank, &error);
  assert_pages (doc, two_sheets, G_N_ELEMENTS (two_sheets));
  ctd_sheet_doc_free (doc);

  /* In play: the public standings alone, no score; the filled sheets
   * are for the director only. */
  record_sheet (store, 1, 1, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &standings, &error);
  assert_pages (doc, round_1, G_N_ELEMENTS (round_1));
  assert_false (has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);
  assert_null (ctd_report_round (store, 1, &sheets, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET));
  g_clear_error (&error);
  sheets.public_view = FALSE;
  doc = ctd_report_round (store, 1, &sheets, &error);
  assert_pages (doc, two_sheets, G_N_ELEMENTS (two_sheets));
  assert_true (has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);

  /* No final yet: the settlements of what is played. */
  results.part = CTD_REPORT_PART_RESULTS;
  doc = ctd_report_archive (store, &results, &error);
  assert_pages (doc, final + 1, 1);
  ctd_sheet_doc_free (doc);

  /* Complete: the posted standings show the scores. */
  record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &standings, &error);
  assert_pages (doc, round_1, G_N_ELEMENTS (round_1));
  assert_true (has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);

  advancers = ctd_event_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  record_sheet (store, 2, 1, CTD_N_GAMES);
  doc = ctd_report_archive (store, &results, &error);
  assert_pages (doc, final, G_N_ELEMENTS (final));
  ctd_sheet_doc_free (doc);
  standings.part = CTD_REPORT_PART_STANDINGS;
  doc = ctd_report_build (store, 0, 0, &standings, &error);
  assert_pages (doc, both_rounds, G_N_ELEMENTS (both_rounds));
  ctd_sheet_doc_free (doc);
  doc = ctd_report_build (store, 2, 1, NULL, &error);
  assert_string_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, 0))->name, "Chouette 2.1");
  ctd_sheet_doc_free (doc);

  /* A round's part with nothing in it says so. */
  assert_null (ctd_report_round (store, 2, &results, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY));
}

/* A 3-player chouette has its own layout: three player columns, cubes
 * 1/2/4/4, and the last segment from game 9. */
static void
test_three_player_sheet (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 3);
  g_autoptr(CtdSheetDoc) doc = ctd_report_chouette (store, 1, 1, NULL, NULL);
  g_autoptr(CtdSheetDoc) filled = NULL;
  const CtdSheetPage *page = g_ptr_array_index (doc->pages, 0);
  static const guint cubes[CTD_N_GAMES] = { 1, 2, 4, 4, 1, 2, 4, 4, 1, 2, 4, 4 };
  /* Segment 1 (Box 1): 2, 3 in turn; segment 2 (Box 2): 3, 1. With the
   * Team winning every game of segment 1 and the Box every game of
   * segment 2, the scores after game 8 are P1 -33, P2 +33, P3 0, so
   * player 2 captains first in the last segment. */
  static const char *const playing[CTD_N_GAMES] = {
    "2  3", "3  2", "2  3", "3  2", "3  1", "1  3", "3  1", "1  3", "2  1", "1  2", "2  1", "1  2",
  };
  static const guint captains[CTD_N_GAMES] = { 2, 3, 2, 3, 3, 1, 3, 1, 2, 1, 2, 1 };

  assert_int_equal (ctd_sheet_page_get_n_cols (page), 7 + 2 * 3 + 2);
  assert_string_equal (cell_at (page, ROW_NAMES, COL_PLAYER (3))->text, "Result (notation)");
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      assert_number (page, row, COL_CUBE, cubes[game - 1]);
      assert_number (page, row, COL_BOX, (game - 1) / 4 + 1);
      if (game <= 8)
        {
          assert_number (page, row, COL_CAPTAIN, captains[game - 1]);
          assert_string_equal (cell_at (page, row, COL_PLAYING)->text, playing[game - 1]);
        }
      else
        {
          assert_empty (page, row, COL_CAPTAIN);
          assert_empty (page, row, COL_PLAYING);
        }
    }

  for (guint game = 1; game <= 8; game++)
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_store_record_game (store, 1, 1, game, game <= 4 ? "T" : "B", FALSE, &error))
        fail_msg ("game %u: %s", game, error->message);
    }
  filled = ctd_report_chouette (store, 1, 1, NULL, NULL);
  page = g_ptr_array_index (filled->pages, 0);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      assert_number (page, row, COL_CAPTAIN, captains[game - 1]);
      assert_string_equal (cell_at (page, row, COL_PLAYING)->text, playing[game - 1]);
    }
  assert_float_equal (cell_at (page, ROW_GAME1 + 7, COL_PLAYER (1) + 1)->number, 33, 0);
  assert_string_equal (cell_at (page, ROW_GAME1 + 8, COL_DECISIONS)->text, "2  1");
}

/* The text of the "next round" column of @name's row of a standings page. */
static const char *
next_round_of (const CtdSheetPage *page,
               const char         *name)
{
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      if (cell->col == 1 && g_str_equal (cell->text, name))
        return cell_at (page, cell->row, 5)->text;
    }
  fail_msg ("%s: no row for %s", page->name, name);
  return NULL;
}

static CtdSheetPage *
find_page (const CtdSheetDoc *doc,
           const char        *name)
{
  for (guint i = 0; i < doc->pages->len; i++)
    if (g_str_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->name, name))
      return g_ptr_array_index (doc->pages, i);
  fail_msg ("no page %s", name);
  return NULL;
}

/* SPEC 6 on the posted standings: equal scores that decide nothing are
 * not marked, a roll-off shows who won it, and once advancers are chosen
 * the "next round" column says where they go. */
static void
test_standings_next_round (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 8);
  g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autofree char *text = NULL;
  const CtdStoreChouette *one = g_ptr_array_index (seats, 0);
  const CtdStoreChouette *two = g_ptr_array_index (seats, 1);
  gint64 fours[2] = { two->players[3], one->players[3] };
  CtdSheetPage *page;

  /* The same sheet in both chouettes: every score is shared across them,
   * but the plan's cut (top 2 of each) falls between 32 and -13.5 in
   * each chouette, so no tie decides anything. */
  record_sheet (store, 1, 1, CTD_N_GAMES);
  record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Round 1 standings");
  text = page_text (page);
  assert_non_null (strstr (text, "1=\n"));  /* the rank is still shared */
  assert_null (strstr (text, "tied"));
  assert_null (strstr (text, "roll-off"));
  for (guint k = 0; k < 4; k++)
    assert_string_equal (next_round_of (page, one->names[k]), "");

  /* The director rolls off the two players 4 for a wildcard instead. */
  if (!ctd_event_tiebreak (store, 1, fours, 2, NULL, &error))
    fail_msg ("%s", error->message);
  advancers = ctd_event_advance (store, 1, 1, 1, NULL, &error);
  if (advancers == NULL)
    fail_msg ("%s", error->message);
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Round 1 standings");
  assert_string_equal (next_round_of (page, two->names[3]), "Final; won roll-off");
  assert_string_equal (next_round_of (page, one->names[3]), "2nd in roll-off");
  assert_string_equal (next_round_of (page, one->names[2]), "Final");
  assert_string_equal (next_round_of (page, one->names[0]), "");

  /* Once the final is drawn, its chouette too. */
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Round 1 standings");
  assert_string_equal (next_round_of (page, two->names[3]), "Final 2.1; won roll-off");
  assert_string_equal (next_round_of (page, two->names[2]), "Final 2.1");
}

/* The final's standings give the placings in that column, and mark its
 * ties, which all decide a place (rule 1.9). */
static void
test_final_standings (void **state)
{
  /* As in test-event.c: players 1 and 2 tie on +4, 3 and 4 on -4. */
  static const char *const tied_final[CTD_N_GAMES] = {
    "B", "T", "T", "B", "T", "T", "T", "T", "T", "T", "T", "T",
  };
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(CtdStoreChouette) seats = ctd_event_get_chouette (store, 1, 1, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *text = NULL;
  CtdSheetPage *page;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    assert_true (ctd_store_record_game (store, 1, 1, game, tied_final[game - 1], FALSE, NULL));
  doc = ctd_report_round (store, 1, NULL, &error);
  /* The final's round: its sheet, its standings and the final results. */
  assert_int_equal (doc->pages->len, 3);
  page = g_ptr_array_index (doc->pages, 2);
  assert_string_equal (page->name, "Final results");
  assert_string_equal (cell_at (page, 1, 0)->text, "Spring Chouette, Club house, 2026-05-17");
  page = find_page (doc, "Round 1 standings");
  assert_string_equal (cell_at (page, 3, 5)->text, "Place");
  assert_string_equal (next_round_of (page, seats->names[0]), "1st=; tied: roll-off");
  assert_string_equal (next_round_of (page, seats->names[3]), "3rd=; tied: roll-off");
  text = page_text (page);
  assert_non_null (strstr (text, "A tie marked \"tied: roll-off\" decides who advances or a "
                                 "place"));

  if (!ctd_event_tiebreak (store, 1, (gint64[]) { seats->players[1], seats->players[0] }, 2,
                           NULL, &error))
    fail_msg ("%s", error->message);
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Round 1 standings");
  assert_string_equal (next_round_of (page, seats->names[1]), "1st; won roll-off");
  assert_string_equal (next_round_of (page, seats->names[0]), "2nd; 2nd in roll-off");
  assert_string_equal (next_round_of (page, seats->names[2]), "3rd=; tied: roll-off");

  /* An event without a venue: its results say so without a gap. */
  {
    g_auto(CtdEventSettings) settings = { 0 };

    assert_true (ctd_store_get_settings (store, &settings, NULL));
    g_free (settings.venue);
    settings.venue = g_strdup ("");
    assert_true (ctd_store_set_settings (store, &settings, NULL));
  }
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Final results");
  assert_string_equal (cell_at (page, 1, 0)->text, "Spring Chouette, 2026-05-17");
}

/* The audit log prints each summary as the store wrote it, and says what
 * an undo or a redo did and what became of an entry later. */
static void
test_audit_log (void **state)
{
  g_autoptr(CtdStore) store = create_event (*state, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *summary = NULL;
  CtdSheetPage *page;
  gint64 game1, game2, undo2, undo1, redo1;
  guint n;

  record_sheet (store, 1, 1, 2);
  assert_true (ctd_store_undo (store, &summary, &error));   /* game 2 */
  g_clear_pointer (&summary, g_free);
  assert_true (ctd_store_undo (store, &summary, &error));   /* game 1 */
  g_clear_pointer (&summary, g_free);
  assert_true (ctd_store_redo (store, &summary, &error));   /* game 1 again */
  entries = ctd_store_list_audit (store, &error);
  n = entries->len;
  game1 = ((CtdStoreAuditEntry *) g_ptr_array_index (entries, n - 5))->id;
  game2 = ((CtdStoreAuditEntry *) g_ptr_array_index (entries, n - 4))->id;
  undo2 = ((CtdStoreAuditEntry *) g_ptr_array_index (entries, n - 3))->id;
  undo1 = ((CtdStoreAuditEntry *) g_ptr_array_index (entries, n - 2))->id;
  redo1 = ((CtdStoreAuditEntry *) g_ptr_array_index (entries, n - 1))->id;

  doc = ctd_report_archive (store, NULL, &error);
  page = find_page (doc, "Audit log");
  for (guint i = 0; i < n; i++)
    {
      const CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);
      guint row = 0;
      g_autofree char *expected = NULL;

      for (guint c = 0; c < page->cells->len; c++)
        {
          const CtdSheetCell *cell = g_ptr_array_index (page->cells, c);

          if (cell->col == 0 && cell->kind == CTD_SHEET_CELL_NUMBER && cell->number == entry->id)
            row = cell->row;
        }
      assert_true (row > 0);
      assert_string_equal (cell_at (page, row, 2)->text, entry->action);
      assert_string_equal (cell_at (page, row, 3)->text, entry->summary);
      if (entry->id == game1)
        expected = g_strdup_printf ("undone by #%" G_GINT64_FORMAT "; redone by #%" G_GINT64_FORMAT,
                                    undo1, redo1);
      else if (entry->id == game2)
        expected = g_strdup_printf ("undone by #%" G_GINT64_FORMAT, undo2);
      else if (entry->id == undo2)
        expected = g_strdup_printf ("undoes #%" G_GINT64_FORMAT, game2);
      else if (entry->id == undo1)
        expected = g_strdup_printf ("undoes #%" G_GINT64_FORMAT "; redone by #%" G_GINT64_FORMAT,
                                    game1, redo1);
      else if (entry->id == redo1)
        expected = g_strdup_printf ("redoes #%" G_GINT64_FORMAT, game1);
      else
        expected = g_strdup ("");
      assert_string_equal (cell_at (page, row, 4)->text, expected);
    }
}

static void
test_broken_layout (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = create_event (fixture, 4);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (fixture->dir, "layouts", NULL);
  g_autofree char *path = g_build_filename (dir, "scoring-sheet-4.ini", NULL);
  CtdReportOptions options = { dir, FALSE, FALSE };

  assert_int_equal (g_mkdir (dir, 0700), 0);
  assert_true (g_file_set_contents (path, "[Page]\nPaper=A3\n", -1, NULL));
  assert_null (ctd_report_chouette (store, 1, 1, &options, &error));
  assert_true (g_error_matches (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_VALUE));
  assert_non_null (strstr (error->message, path));
  assert_non_null (strstr (error->message, ":2: "));
}

/* Writes the built-in layout @name to @dir with the size of every font of
 * [Fonts] (or of the font @only) multiplied by @factor, as a club would
 * enlarge it in its own copy. */
static void
write_scaled_layout (const char *dir,
                     const char *name,
                     const char *only,
                     double      factor)
{
  const char *data = ctd_template_get_builtin (name);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  gboolean in_fonts = FALSE;
  guint n_scaled = 0;

  assert_non_null (data);
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *eq = strchr (line, '=');
      const char *space = strrchr (line, ' ');

      if (*line == '[')
        in_fonts = g_str_equal (line, "[Fonts]");
      if (in_fonts && eq != NULL && space != NULL &&
          (only == NULL || (strncmp (line, only, eq - line) == 0 && only[eq - line] == '\0')))
        {
          char size[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_dtostr (size, sizeof size, g_ascii_strtod (space + 1, NULL) * factor);
          g_string_append_printf (out, "%.*s%s\n", (int) (space + 1 - line), line, size);
          n_scaled++;
          continue;
        }
      g_string_append_printf (out, "%s%s", line, lines[i + 1] != NULL ? "\n" : "");
    }
  assert_true (n_scaled > 0);
  assert_true (g_file_set_contents (path, out->str, -1, NULL));
}

static gboolean
row_has_text (const CtdSheetPage *page,
              guint               row)
{
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      if (cell->row == row && *cell->text != '\0')
        return TRUE;
    }
  return FALSE;
}

/* Page by page and row by row, @big is never shorter than @normal; the
 * number of rows with text that grew is returned. */
static guint
compare_heights (const CtdSheetDoc *normal,
                 const CtdSheetDoc *big)
{
  guint n_taller = 0;

  assert_int_equal (big->pages->len, normal->pages->len);
  for (guint p = 0; p < normal->pages->len; p++)
    {
      const CtdSheetPage *a = g_ptr_array_index (normal->pages, p);
      const CtdSheetPage *b = g_ptr_array_index (big->pages, p);

      assert_int_equal (ctd_sheet_page_get_n_rows (b), ctd_sheet_page_get_n_rows (a));
      for (guint row = 0; row < ctd_sheet_page_get_n_rows (a); row++)
        {
          double before = ctd_sheet_page_get_height (a, row);
          double after = ctd_sheet_page_get_height (b, row);

          if (after < before)
            fail_msg ("%s row %u: %g pt with the larger fonts, %g pt before", a->name, row,
                      after, before);
          n_taller += after > before && row_has_text (a, row);
        }
    }
  return n_taller;
}

/* A club that doubles the fonts of its layouts gets taller rows, not
 * clipped text; doubling one font grows only the rows that use it. */
static void
test_fonts_set_row_heights (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = create_event (fixture, 4);
  g_autofree char *dir = g_build_filename (fixture->dir, "layouts", NULL);
  CtdReportOptions options = { dir, FALSE, FALSE };
  g_autoptr(CtdSheetDoc) normal = NULL;
  g_autoptr(CtdSheetDoc) big = NULL;
  g_autoptr(CtdSheetDoc) big_body = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sheet_layout = g_build_filename (dir, "scoring-sheet-4.ini", NULL);
  const CtdSheetPage *sheet, *big_sheet, *list, *big_list;

  record_sheet (store, 1, 1, CTD_N_GAMES);
  assert_int_equal (g_mkdir (dir, 0700), 0);
  normal = ctd_report_round (store, 1, NULL, &error);
  assert_non_null (normal);

  write_scaled_layout (dir, "scoring-sheet-4.ini", NULL, 2);
  write_scaled_layout (dir, "standings.ini", NULL, 2);
  big = ctd_report_round (store, 1, &options, &error);
  if (big == NULL)
    fail_msg ("%s", error->message);
  compare_heights (normal, big);
  sheet = g_ptr_array_index (normal->pages, 0);
  big_sheet = g_ptr_array_index (big->pages, 0);
  list = g_ptr_array_index (normal->pages, 1);
  big_list = g_ptr_array_index (big->pages, 1);
  /* The title, the players' names, every game, the totals. */
  assert_true (ctd_sheet_page_get_height (big_sheet, 0) > ctd_sheet_page_get_height (sheet, 0));
  assert_true (ctd_sheet_page_get_height (big_sheet, ROW_NAMES) >
               ctd_sheet_page_get_height (sheet, ROW_NAMES));
  for (guint row = ROW_GAME1; row <= ROW_AMOUNTS; row++)
    assert_true (ctd_sheet_page_get_height (big_sheet, row) >
                 ctd_sheet_page_get_height (sheet, row));
  /* Every row of the standings that holds text. */
  for (guint row = 0; row < ctd_sheet_page_get_n_rows (list); row++)
    if (row_has_text (list, row))
      assert_true (ctd_sheet_page_get_height (big_list, row) >
                   ctd_sheet_page_get_height (list, row));

  /* Only the standings' Body font: its rows grow, the title does not. */
  g_unlink (sheet_layout);
  write_scaled_layout (dir, "standings.ini", "Body", 2);
  big_body = ctd_report_round (store, 1, &options, &error);
  assert_non_null (big_body);
  assert_int_equal (compare_heights (normal, big_body), 4);  /* one row per player */
  big_list = g_ptr_array_index (big_body->pages, 1);
  assert_float_equal (ctd_sheet_page_get_height (big_list, 0), ctd_sheet_page_get_height (list, 0),
                      0);
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
    cmocka_unit_test_setup_teardown (test_adjustment, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_secrecy, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_archive, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_parts, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_three_player_sheet, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_standings_next_round, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_standings, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_audit_log, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_broken_layout, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fonts_set_row_heights, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
