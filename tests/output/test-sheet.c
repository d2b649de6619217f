/* test-sheet.c
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

#include "ctd-sheet.h"

static void
test_cell_ref (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    guint row, col;
    const char *ref;
  } cases[] = {
    { 0, 0, "A1" },    { 6, 2, "C7" },     { 0, 25, "Z1" },     { 9, 26, "AA10" },
    { 0, 51, "AZ1" },  { 0, 52, "BA1" },   { 0, 701, "ZZ1" },   { 0, 702, "AAA1" },
    { 1048575, 16383, "XFD1048576" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *ref = ctd_sheet_cell_ref (cases[i].row, cases[i].col);

      assert_string_equal (ref, cases[i].ref);
    }
}

static void
test_styles_are_shared (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Test", 0);
  char font[] = "Arial";
  CtdSheetStyle plain = { .font = font, .size = 10, .fill = CTD_SHEET_NO_FILL };
  CtdSheetStyle bold = plain;
  CtdSheetStyle boxed = plain;
  CtdSheetStyle scored = plain;
  guint a, b, c, d;

  bold.bold = TRUE;
  boxed.border[CTD_SHEET_SIDE_TOP] = CTD_SHEET_BORDER_THIN;
  scored.number_format = (char *) "+General;-General;0";
  a = ctd_sheet_doc_add_style (doc, &plain);
  b = ctd_sheet_doc_add_style (doc, &bold);
  c = ctd_sheet_doc_add_style (doc, &boxed);
  d = ctd_sheet_doc_add_style (doc, &scored);
  assert_int_equal (doc->styles->len, 4);
  assert_true (a != b && b != c && c != d && a != d);
  /* An equal style is the same index, even with another copy of its font. */
  {
    g_autofree char *other = g_strdup ("Arial");
    CtdSheetStyle again = plain;

    again.font = other;
    assert_int_equal (ctd_sheet_doc_add_style (doc, &again), a);
  }
  assert_int_equal (ctd_sheet_doc_add_style (doc, &scored), d);
  assert_int_equal (doc->styles->len, 4);
}

static void
test_pages_and_cells (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Test", 1700000000);
  CtdSheetStyle plain = { .font = (char *) "Arial", .size = 10, .fill = CTD_SHEET_NO_FILL };
  guint style = ctd_sheet_doc_add_style (doc, &plain);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "1.3");
  CtdSheetCell *cell;
  const CtdSheetCell *found;

  assert_true (ctd_sheet_doc_has_page (doc, "1.3"));
  assert_false (ctd_sheet_doc_has_page (doc, "1.4"));
  assert_int_equal (page->repeat_first, -1);
  assert_int_equal (ctd_sheet_page_get_n_rows (page), 0);

  cell = ctd_sheet_page_add_text (page, 2, 1, "=HYPERLINK(\"x\")", style);
  ctd_sheet_cell_merge (cell, 3, 4);
  ctd_sheet_page_add_number (page, 0, 0, 12.5, "+12.5", style);
  ctd_sheet_page_add_formula (page, 5, 2, "=SUM(C1:C5)", -3, "-3", style);
  ctd_sheet_page_set_width (page, 6, 9);
  ctd_sheet_page_set_height (page, 1, 20);

  assert_int_equal (ctd_sheet_page_get_n_rows (page), 6);
  assert_int_equal (ctd_sheet_page_get_n_cols (page), 7);
  assert_float_equal (ctd_sheet_page_get_width (page, 6), 9, 0);
  assert_float_equal (ctd_sheet_page_get_width (page, 5), 0, 0);
  assert_float_equal (ctd_sheet_page_get_width (page, 60), 0, 0);
  assert_float_equal (ctd_sheet_page_get_height (page, 1), 20, 0);

  found = ctd_sheet_page_find (page, 2, 1);
  assert_ptr_equal (found, cell);
  assert_int_equal (found->kind, CTD_SHEET_CELL_TEXT);
  assert_string_equal (found->text, "=HYPERLINK(\"x\")");
  assert_null (found->formula);
  assert_int_equal (found->last_row, 3);
  assert_int_equal (found->last_col, 4);
  found = ctd_sheet_page_find (page, 5, 2);
  assert_int_equal (found->kind, CTD_SHEET_CELL_FORMULA);
  assert_string_equal (found->formula, "=SUM(C1:C5)");
  assert_float_equal (found->number, -3, 0);
  assert_null (ctd_sheet_page_find (page, 3, 4));  /* inside a merge, not its start */
}

/* A QR code over a range counts in the page's rows, and both writers
 * place it as a square as tall as the range, where its alignment says. */
static void
test_images (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Test", 1700000000);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Chouette 1.1");
  CtdQr *qr = ctd_qr_encode ("http://192.168.1.20:8080/t/x", NULL);
  CtdSheetImage *image;
  double x, y, side;

  image = ctd_sheet_page_add_qr (page, 30, 15, 31, 16, CTD_SHEET_ALIGN_RIGHT, qr);
  assert_int_equal (page->images->len, 1);
  assert_ptr_equal (image->qr, qr);
  assert_int_equal (ctd_sheet_page_get_n_rows (page), 32);
  assert_int_equal (ctd_sheet_page_get_n_cols (page), 0);  /* columns come from widths */

  ctd_sheet_image_place (image, 200, 72, &x, &y, &side);
  assert_float_equal (side, 72, 0);
  assert_float_equal (x, 128, 0);
  assert_float_equal (y, 0, 0);
  image->align = CTD_SHEET_ALIGN_CENTER;
  ctd_sheet_image_place (image, 200, 72, &x, &y, &side);
  assert_float_equal (x, 64, 0);
  image->align = CTD_SHEET_ALIGN_LEFT;
  ctd_sheet_image_place (image, 200, 72, &x, &y, &side);
  assert_float_equal (x, 0, 0);
  /* A range narrower than tall: as wide as it, centred in its height. */
  ctd_sheet_image_place (image, 50, 72, &x, &y, &side);
  assert_float_equal (side, 50, 0);
  assert_float_equal (y, 11, 0);
}

static void
test_placeholders (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    const char *text, *expected;
  } cases[] = {
    { "Page {page} of {pages}", "Page 3 of 12" },
    { "{pages}{page}", "123" },
    { "{page", "{page" },
    { "no placeholder", "no placeholder" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = ctd_sheet_expand_placeholders (cases[i].text, 3, 12);

      assert_string_equal (out, cases[i].expected);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cell_ref),
    cmocka_unit_test (test_styles_are_shared),
    cmocka_unit_test (test_pages_and_cells),
    cmocka_unit_test (test_images),
    cmocka_unit_test (test_placeholders),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
