/* test-report-documents.c: the other printed documents as sheet models:
 * the parts of a print, a 3-player sheet, standings, the audit log, and
 * the layouts that change them.
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

#include "ctd-tournament.h"
#include "ctd-test-files.h"
#include "ctd-report.h"
#include "ctd-template.h"
#include "ctd-test-sheet.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

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
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
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
  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &standings, &error);
  assert_pages (doc, round_1, G_N_ELEMENTS (round_1));
  assert_false (ctd_test_has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);
  assert_null (ctd_report_round (store, 1, &sheets, &error));
  assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET));
  g_clear_error (&error);
  sheets.public_view = FALSE;
  doc = ctd_report_round (store, 1, &sheets, &error);
  assert_pages (doc, two_sheets, G_N_ELEMENTS (two_sheets));
  assert_true (ctd_test_has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);

  /* No final yet: the settlements of what is played. */
  results.part = CTD_REPORT_PART_RESULTS;
  doc = ctd_report_archive (store, &results, &error);
  assert_pages (doc, final + 1, 1);
  ctd_sheet_doc_free (doc);

  /* Complete: the posted standings show the scores. */
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, &standings, &error);
  assert_pages (doc, round_1, G_N_ELEMENTS (round_1));
  assert_true (ctd_test_has_number_cells (g_ptr_array_index (doc->pages, 0)));
  ctd_sheet_doc_free (doc);

  advancers = ctd_tournament_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  ctd_test_record_sheet (store, 2, 1, CTD_N_GAMES);
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
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 3);
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
  assert_string_equal (ctd_test_cell_at (page, ROW_NAMES, COL_PLAYER (3))->text,
                       "Result (notation)");
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = ROW_GAME1 + game - 1;

      ctd_test_assert_number (page, row, COL_CUBE, cubes[game - 1]);
      ctd_test_assert_number (page, row, COL_BOX, (game - 1) / 4 + 1);
      if (game <= 8)
        {
          ctd_test_assert_number (page, row, COL_CAPTAIN, captains[game - 1]);
          assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text, playing[game - 1]);
        }
      else
        {
          ctd_test_assert_empty (page, row, COL_CAPTAIN);
          ctd_test_assert_empty (page, row, COL_PLAYING);
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

      ctd_test_assert_number (page, row, COL_CAPTAIN, captains[game - 1]);
      assert_string_equal (ctd_test_cell_at (page, row, COL_PLAYING)->text, playing[game - 1]);
    }
  assert_float_equal (ctd_test_cell_at (page, ROW_GAME1 + 7, COL_PLAYER (1) + 1)->number, 33, 0);
  assert_string_equal (ctd_test_cell_at (page, ROW_GAME1 + 8, COL_DECISIONS)->text, "2  1");
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
        return ctd_test_cell_at (page, cell->row, 5)->text;
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
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
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
  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Round 1 standings");
  text = ctd_test_page_text (page);
  assert_non_null (strstr (text, "1=\n"));  /* the rank is still shared */
  assert_null (strstr (text, "tied"));
  assert_null (strstr (text, "roll-off"));
  for (guint k = 0; k < 4; k++)
    assert_string_equal (next_round_of (page, one->names[k]), "");

  /* The director rolls off the two players 4 for a wildcard instead. */
  if (!ctd_tournament_tiebreak (store, 1, fours, 2, NULL, &error))
    fail_msg ("%s", error->message);
  advancers = ctd_tournament_advance (store, 1, 1, 1, NULL, &error);
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
  /* As in test-tournament.c: players 1 and 2 tie on +4, 3 and 4 on -4. */
  static const char *const tied_final[CTD_N_GAMES] = {
    "B", "T", "T", "B", "T", "T", "T", "T", "T", "T", "T", "T",
  };
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(CtdStoreChouette) seats = ctd_tournament_get_chouette (store, 1, 1, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *text = NULL;
  CtdSheetPage *page;

  for (guint game = 1; game <= 6; game++)
    assert_true (ctd_store_record_game (store, 1, 1, game, tied_final[game - 1], FALSE, NULL));
  /* Unfinished: the warning is a line of its own under the subtitle,
   * not run on after the date. */
  doc = ctd_report_round (store, 1, NULL, &error);
  page = find_page (doc, "Final results");
  assert_string_equal (ctd_test_cell_at (page, 1, 0)->text,
                       "Spring Chouette, Club house, May 17, 2026\n"
                       "The final is not complete: these are the standings so far.");
  g_clear_pointer (&doc, ctd_sheet_doc_free);
  for (guint game = 7; game <= CTD_N_GAMES; game++)
    assert_true (ctd_store_record_game (store, 1, 1, game, tied_final[game - 1], FALSE, NULL));
  doc = ctd_report_round (store, 1, NULL, &error);
  /* The final's round: its sheet, its standings and the final results. */
  assert_int_equal (doc->pages->len, 3);
  page = g_ptr_array_index (doc->pages, 2);
  assert_string_equal (page->name, "Final results");
  assert_string_equal (ctd_test_cell_at (page, 1, 0)->text,
                       "Spring Chouette, Club house, May 17, 2026");
  page = find_page (doc, "Round 1 standings");
  assert_string_equal (ctd_test_cell_at (page, 3, 5)->text, "Place");
  assert_string_equal (next_round_of (page, seats->names[0]), "1st=; tied: roll-off");
  assert_string_equal (next_round_of (page, seats->names[3]), "3rd=; tied: roll-off");
  text = ctd_test_page_text (page);
  assert_non_null (strstr (text, "A tie marked \"tied: roll-off\" decides who advances or a "
                                 "place"));

  if (!ctd_tournament_tiebreak (store, 1, (gint64[]) { seats->players[1], seats->players[0] }, 2,
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
  assert_string_equal (ctd_test_cell_at (page, 1, 0)->text, "Spring Chouette, May 17, 2026");
}

/* The audit log prints each summary as the store wrote it, and says what
 * an undo or a redo did and what became of an entry later. */
static void
test_audit_log (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *summary = NULL;
  CtdSheetPage *page;
  gint64 game1, game2, undo2, undo1, redo1;
  guint n;

  ctd_test_record_sheet (store, 1, 1, 2);
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
      /* The action in words, as the log page and the CLI's log say it;
       * the file keeps the nick. */
      assert_string_equal (ctd_test_cell_at (page, row, 2)->text,
                           ctd_audit_action_to_title (entry->action));
      if (g_str_equal (entry->action, "record-game"))
        assert_string_equal (ctd_test_cell_at (page, row, 2)->text, "Game recorded");
      assert_string_equal (ctd_test_cell_at (page, row, 3)->text, entry->summary);
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
      assert_string_equal (ctd_test_cell_at (page, row, 4)->text, expected);
    }
}

static void
test_broken_layout (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (fixture, 4);
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
  g_autoptr(CtdStore) store = ctd_test_create_event (fixture, 4);
  g_autofree char *dir = g_build_filename (fixture->dir, "layouts", NULL);
  CtdReportOptions options = { dir, FALSE, FALSE };
  g_autoptr(CtdSheetDoc) normal = NULL;
  g_autoptr(CtdSheetDoc) big = NULL;
  g_autoptr(CtdSheetDoc) big_body = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sheet_layout = g_build_filename (dir, "scoring-sheet-4.ini", NULL);
  const CtdSheetPage *sheet, *big_sheet, *list, *big_list;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
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
