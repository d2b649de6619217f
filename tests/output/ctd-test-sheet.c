/* ctd-test-sheet.c: events for the printed documents and their sheet
 * models read cell by cell, for the test programs of the reports.
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

#include "ctd-test-sheet.h"
#include "ctd-test-store.h"

/* The names a director may meet: formulas, markup, accents, long ones. */
const char *const ctd_test_hostile[CTD_TEST_N_HOSTILE] = {
  "=HYPERLINK(\"http://evil.example\",\"win\")", "<b>Bold</b> & Co", "Zoë Łukasz Ægirsdóttir",
  "+1 @risk -Maximilian Alexander von Hohenzollern-Sigmaringen",
};

/* An event of @n players (the first four with hostile names), drawn. */
CtdStore *
ctd_test_create_event (const CtdTestFolder *fixture,
                       guint                n)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Spring Chouette",
    .date = (char *) "2026-05-17",
    .venue = (char *) "Club house",
    .stake_cents = 500,
    .entry_fee_cents = 11000,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
    /* In the language the test runs in. */
    .language = (char *) "",
  };
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);
  guint round;

  if (store == NULL)
    fail_msg ("%s", error->message);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = i < G_N_ELEMENTS (ctd_test_hostile)
                              ? g_strdup (ctd_test_hostile[i])
                              : g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error));
    }
  if (!ctd_store_draw_round (store, 4242, &round, &error))
    fail_msg ("draw: %s", error->message);
  return store;
}

void
ctd_test_record_sheet (CtdStore *store,
                       guint     round,
                       guint     chouette,
                       guint     last)
{
  for (guint game = 1; game <= last; game++)
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_store_record_game (store, round, chouette, game, ctd_test_four_sheet[game - 1],
                                  FALSE, &error))
        fail_msg ("game %u: %s", game, error->message);
    }
}

const CtdSheetCell *
ctd_test_cell_at (const CtdSheetPage *page,
                  guint               row,
                  guint               col)
{
  const CtdSheetCell *cell = ctd_sheet_page_find (page, row, col);

  if (cell == NULL)
    fail_msg ("%s: no cell at row %u, column %u", page->name, row, col);
  return cell;
}

void
ctd_test_assert_number (const CtdSheetPage *page,
                        guint               row,
                        guint               col,
                        double              expected)
{
  const CtdSheetCell *cell = ctd_test_cell_at (page, row, col);

  if (cell->kind == CTD_SHEET_CELL_TEXT || cell->number != expected)
    fail_msg ("%s row %u col %u: expected %g, found “%s”", page->name, row, col, expected,
              cell->text);
}

void
ctd_test_assert_empty (const CtdSheetPage *page,
                       guint               row,
                       guint               col)
{
  const CtdSheetCell *cell = ctd_test_cell_at (page, row, col);

  if (cell->kind != CTD_SHEET_CELL_TEXT || *cell->text != '\0')
    fail_msg ("%s row %u col %u: expected a blank cell, found “%s”", page->name, row, col,
              cell->text);
}

char *
ctd_test_page_text (const CtdSheetPage *page)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < page->cells->len; i++)
    g_string_append_printf (all, "%s\n", ((CtdSheetCell *) g_ptr_array_index (page->cells, i))->text);
  return g_string_free (all, FALSE);
}

gboolean
ctd_test_has_number_cells (const CtdSheetPage *page)
{
  for (guint i = 0; i < page->cells->len; i++)
    if (((CtdSheetCell *) g_ptr_array_index (page->cells, i))->kind != CTD_SHEET_CELL_TEXT)
      return TRUE;
  return FALSE;
}
