/* test-pdf.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE  /* memmem */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-pdf.h"

static guint
plain_style (CtdSheetDoc *doc,
             gboolean     wrap)
{
  CtdSheetStyle style = {
    .font = (char *) "DejaVu Sans",
    .size = 10,
    .wrap = wrap,
    .fill = CTD_SHEET_NO_FILL,
  };

  for (guint side = 0; side < CTD_SHEET_N_SIDES; side++)
    style.border[side] = CTD_SHEET_BORDER_THIN;
  return ctd_sheet_doc_add_style (doc, &style);
}

/* A list of @n_rows rows under a title and a repeated heading row. */
static CtdSheetPage *
add_list (CtdSheetDoc *doc,
          const char  *name,
          guint        n_rows)
{
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, name);
  guint style = plain_style (doc, TRUE);

  ctd_sheet_page_set_width (page, 0, 8);
  ctd_sheet_page_set_width (page, 1, 40);
  ctd_sheet_page_add_text (page, 0, 0, "Standings", style);
  ctd_sheet_page_set_height (page, 0, 28);
  ctd_sheet_page_add_text (page, 2, 0, "Rank", style);
  ctd_sheet_page_add_text (page, 2, 1, "Name", style);
  page->repeat_first = page->repeat_last = 2;
  for (guint i = 0; i < n_rows; i++)
    {
      g_autofree char *rank = g_strdup_printf ("%u", i + 1);
      g_autofree char *player = g_strdup_printf ("Player %u", i + 1);

      ctd_sheet_page_add_number (page, 3 + i, 0, i + 1, rank, style);
      ctd_sheet_page_add_text (page, 3 + i, 1, player, style);
    }
  return page;
}

static double
printed_height (const CtdSheetPage *page,
                const CtdPdfPaper  *paper)
{
  double h = 0;

  if (paper->first_row > (guint) page->repeat_last)
    for (int row = page->repeat_first; row <= page->repeat_last; row++)
      h += g_array_index (paper->heights, double, row);
  for (guint row = paper->first_row; row <= paper->last_row; row++)
    h += g_array_index (paper->heights, double, row);
  return h * paper->scale;
}

static void
test_one_landscape_page (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Sheet", 0);
  CtdSheetPage *page = add_list (doc, "Chouette 1.1", 60);
  g_autoptr(GPtrArray) papers = NULL;
  const CtdPdfPaper *paper;

  page->landscape = TRUE;
  page->fit_one_page = TRUE;
  papers = ctd_pdf_paginate (doc);
  assert_int_equal (papers->len, 1);
  paper = g_ptr_array_index (papers, 0);
  assert_true (paper->width > paper->height);
  assert_float_equal (paper->width, 841.89, 0.01);
  assert_int_equal (paper->first_row, 0);
  assert_int_equal (paper->last_row, 62);
  /* 63 rows of 15 pt do not fit 595 pt: reduced to fit the height. */
  assert_true (paper->scale < 1);
  assert_true (printed_height (page, paper) <= paper->height - 2 * (0.5 + 0.2) * 72 + 0.01);
}

static void
test_long_list_pages (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("List", 0);
  CtdSheetPage *page = add_list (doc, "Round 1 standings", 200);
  g_autoptr(GPtrArray) papers = ctd_pdf_paginate (doc);
  guint next = 0;

  assert_true (papers->len >= 4);
  for (guint i = 0; i < papers->len; i++)
    {
      const CtdPdfPaper *paper = g_ptr_array_index (papers, i);

      assert_int_equal (paper->page, 0);
      assert_true (paper->height > paper->width);  /* portrait */
      assert_float_equal (paper->scale, 1, 0);     /* two columns fit the width */
      assert_int_equal (paper->first_row, next);   /* every row once, in order */
      assert_true (paper->last_row >= paper->first_row);
      assert_true (printed_height (page, paper) <= paper->height - 2 * (0.5 + 0.2) * 72 + 0.01);
      next = paper->last_row + 1;
    }
  assert_int_equal (next, 203);
}

/* Rows joined by a merged cell go to the same sheet. */
static void
test_merges_are_not_split (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("List", 0);
  CtdSheetPage *page = add_list (doc, "Settlements", 200);
  g_autoptr(GPtrArray) papers = NULL;
  guint style = plain_style (doc, TRUE);

  for (guint row = 3; row < 200; row += 7)
    ctd_sheet_cell_merge (ctd_sheet_page_add_text (page, row, 2, "block", style), row + 6, 2);
  papers = ctd_pdf_paginate (doc);
  assert_true (papers->len > 1);
  for (guint i = 1; i < papers->len; i++)
    {
      const CtdPdfPaper *paper = g_ptr_array_index (papers, i);

      assert_int_equal ((paper->first_row - 3) % 7, 0);
    }
}

/* Rows under one QR code go to the same sheet too: a code cut in two
 * reads as nothing. */
static void
test_images_are_not_split (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("List", 0);
  CtdSheetPage *page = add_list (doc, "Links", 200);
  g_autoptr(GPtrArray) papers = NULL;

  for (guint row = 3; row < 200; row += 7)
    ctd_sheet_page_add_qr (page, row, 2, row + 6, 2, CTD_SHEET_ALIGN_CENTER,
                           ctd_qr_encode ("http://192.168.1.20:8080/t/x", NULL));
  papers = ctd_pdf_paginate (doc);
  assert_true (papers->len > 1);
  for (guint i = 1; i < papers->len; i++)
    {
      const CtdPdfPaper *paper = g_ptr_array_index (papers, i);

      assert_int_equal ((paper->first_row - 3) % 7, 0);
    }
}

/* A long name in a narrow wrapped cell makes its row taller, not shorter
 * text; on a one-sheet page it shrinks instead. */
static void
test_wrapped_rows_grow (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("List", 0);
  CtdSheetPage *page = add_list (doc, "Standings", 3);
  g_autoptr(GPtrArray) papers = NULL;
  const CtdPdfPaper *paper;

  ctd_sheet_page_add_text (page, 6, 0, "Maximilian Alexander von Hohenzollern-Sigmaringen",
                           plain_style (doc, TRUE));
  papers = ctd_pdf_paginate (doc);
  paper = g_ptr_array_index (papers, 0);
  assert_true (g_array_index (paper->heights, double, 6) >
               2.5 * g_array_index (paper->heights, double, 5));

  page->fit_one_page = TRUE;
  g_clear_pointer (&papers, g_ptr_array_unref);
  papers = ctd_pdf_paginate (doc);
  paper = g_ptr_array_index (papers, 0);
  assert_float_equal (g_array_index (paper->heights, double, 6), 15, 0);
}

static guint
count_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  guint n = 0;

  assert_true (g_file_get_contents (path, &data, &length, NULL));
  assert_true (length > 5 && memcmp (data, "%PDF-", 5) == 0);
  /* The file holds binary streams: search bytes, not a string. */
  for (const char *p = data; (p = memmem (p, length - (p - data), "/Type /Page", 11)) != NULL;
       p++)
    n += p[11] != 's';
  return n;
}

static void
test_write (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Archive", 1779019200);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-pdf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.pdf", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "out.pdf", NULL);
  g_autoptr(GPtrArray) papers = NULL;
  CtdSheetPage *sheet = add_list (doc, "Chouette 1.1", 20);
  CtdSheetPage *names;
  guint style = plain_style (doc, FALSE);

  sheet->landscape = sheet->fit_one_page = TRUE;
  sheet->header[1] = g_strdup ("Club Open & Cup");
  sheet->footer[2] = g_strdup ("Page {page} of {pages}");
  names = add_list (doc, "Round 1 standings", 120);
  ctd_sheet_page_add_text (names, 5, 1, "=HYPERLINK(\"x\") <b>Zoë</b> Łukasz @risk", style);
  papers = ctd_pdf_paginate (doc);

  assert_true (ctd_pdf_write (doc, path, &error));
  assert_null (error);
  assert_int_equal (count_pages (path), papers->len);

  assert_false (ctd_pdf_write (doc, missing, &error));
  assert_true (g_error_matches (error, CTD_PDF_ERROR, CTD_PDF_ERROR_WRITE));
  assert_non_null (strstr (error->message, missing));
  assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  g_unlink (path);
  g_rmdir (dir);
}

/* A name in Chinese, Arabic or Hebrew prints as the name, in the layout's
 * font or a fallback with wide coverage (.ci/setup.sh installs them);
 * only a letter no installed font has is reported, by the player's name. */
static void
test_check_glyphs (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Sheets", 1779019200);
  CtdSheetStyle bold = { .font = (char *) "Arial", .size = 9, .bold = TRUE,
                         .fill = CTD_SHEET_NO_FILL };
  const char *const names[] = {
    "Zoë Łukasz Ægirsdóttir", "王小明", "山田太郎", "김민준", "محمد الأحمد", "דוד כהן",
    "Private \xee\x80\x80 Use",  /* U+E000: in no font */
  };
  g_autoptr(GPtrArray) missing = NULL;
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Chouette 1.1");
  guint plain = plain_style (doc, FALSE);
  guint heading = ctd_sheet_doc_add_style (doc, &bold);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      ctd_sheet_page_add_text (page, i, 0, names[i], i % 2 ? plain : heading);
      ctd_sheet_doc_add_name (doc, names[i]);
      ctd_sheet_doc_add_name (doc, names[i]);  /* listed once */
    }
  assert_int_equal (doc->names->len, G_N_ELEMENTS (names));
  missing = ctd_pdf_check_glyphs (doc);
  if (missing->len != 1)
    fail_msg ("%u names with missing letters, the first “%s”: are fonts-noto-core and "
              "fonts-noto-cjk installed?", missing->len,
              missing->len > 0 ? (char *) g_ptr_array_index (missing, 0) : "");
  assert_string_equal (g_ptr_array_index (missing, 0), names[G_N_ELEMENTS (names) - 1]);
}

static void
count_cb (guint    done,
          guint    total,
          gpointer user_data)
{
  GArray *calls = user_data;
  guint call[2] = { done, total };

  g_array_append_vals (calls, call, 2);
}

static void
cancel_at_2_cb (guint    done,
                guint    total,
                gpointer user_data)
{
  if (done == 2)
    g_cancellable_cancel (user_data);
}

/* Progress counts sheets of paper, not the model's pages: a long list
 * prints on several. */
static void
test_write_progress (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Standings", 1779019200);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) calls = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *dir = g_dir_make_tmp ("test-pdf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.pdf", NULL);
  g_autoptr(GPtrArray) papers = NULL;

  add_list (doc, "Round 1 standings", 120);
  papers = ctd_pdf_paginate (doc);
  assert_true (papers->len >= 3);

  assert_true (ctd_pdf_write_full (doc, path, count_cb, calls, NULL, &error));
  assert_int_equal (calls->len, 2 * papers->len);
  for (guint i = 0; i < papers->len; i++)
    {
      assert_int_equal (g_array_index (calls, guint, 2 * i), i + 1);
      assert_int_equal (g_array_index (calls, guint, 2 * i + 1), papers->len);
    }

  /* Cancelled after the second sheet: no third is drawn. */
  assert_false (ctd_pdf_write_full (doc, path, cancel_at_2_cb, cancellable, cancellable,
                                    &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  assert_int_equal (count_pages (path), 2);

  g_unlink (path);
  g_rmdir (dir);
}

/* The grid's place on the paper as ctd-pdf.c lays it out: the margin,
 * then the header's band of 0.2 inch; a column is 5.25 points a
 * character plus 3.75. */
#define GRID_LEFT (0.5 * 72)
#define GRID_TOP (0.5 * 72 + 0.2 * 72)
#define COLUMN_POINTS(chars) ((chars) * 5.25 + 3.75)

/* @paper drawn on white at 2 pixels a point. */
static cairo_surface_t *
render (const CtdSheetDoc *doc,
        const CtdPdfPaper *paper,
        gboolean           oracle)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, paper->width * 2,
                                                       paper->height * 2);
  cairo_t *cr = cairo_create (image);
  const CtdSheetPage *page = g_ptr_array_index (doc->pages, paper->page);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, 2, 2);
  if (!oracle)
    ctd_pdf_draw_paper (cr, doc, paper, 1, 1);
  else
    {
      /* Each side of each cell its own stroke, as the sheet means it. */
      cairo_translate (cr, GRID_LEFT, GRID_TOP);
      cairo_scale (cr, paper->scale, paper->scale);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      cairo_set_source_rgb (cr, 0, 0, 0);
      for (guint i = 0; i < page->cells->len; i++)
        {
          const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);
          const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, cell->style);
          double x0 = 0, x1, y0 = 0, y1;

          for (guint col = 0; col < cell->col; col++)
            x0 += COLUMN_POINTS (ctd_sheet_page_get_width (page, col));
          x1 = x0;
          for (guint col = cell->col; col <= cell->last_col; col++)
            x1 += COLUMN_POINTS (ctd_sheet_page_get_width (page, col));
          for (guint row = 0; row < cell->row; row++)
            y0 += g_array_index (paper->heights, double, row);
          y1 = y0;
          for (guint row = cell->row; row <= cell->last_row; row++)
            y1 += g_array_index (paper->heights, double, row);
          for (guint side = 0; side < CTD_SHEET_N_SIDES; side++)
            {
              gboolean across = side == CTD_SHEET_SIDE_TOP || side == CTD_SHEET_SIDE_BOTTOM;
              double x = side == CTD_SHEET_SIDE_RIGHT ? x1 : x0;
              double y = side == CTD_SHEET_SIDE_BOTTOM ? y1 : y0;

              if (style->border[side] == CTD_SHEET_BORDER_NONE)
                continue;
              cairo_set_line_width (cr, style->border[side] == CTD_SHEET_BORDER_MEDIUM ? 1.5 : 0.5);
              cairo_move_to (cr, x, y);
              cairo_line_to (cr, across ? x1 : x, across ? y : y1);
              cairo_stroke (cr);
            }
        }
    }
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

/* Borders are drawn joined into whole lines (ctd-pdf-draw.c's draw_borders()):
 * every side of every cell must still be there, in its width, and no line
 * where no cell has one. The pixels differ by antialiasing only: where
 * two cells share a side, the sides drawn one by one ink its edge pixels
 * twice, darker. So a pixel dark in one (a line) must be inked in the
 * other, and one white in one must be nearly white in the other. */
static void
test_borders_as_drawn (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = ctd_sheet_doc_new ("Borders", 0);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Grid");
  CtdSheetStyle box = { .font = (char *) "DejaVu Sans", .size = 10, .fill = CTD_SHEET_NO_FILL };
  CtdSheetStyle heavy = box, bare = box, left = box;
  g_autoptr(GPtrArray) papers = NULL;
  const CtdPdfPaper *paper;
  cairo_surface_t *drawn, *meant;
  guint styles[4], missing = 0, extra = 0;
  int stride;

  for (guint side = 0; side < CTD_SHEET_N_SIDES; side++)
    box.border[side] = heavy.border[side] = CTD_SHEET_BORDER_THIN;
  heavy.border[CTD_SHEET_SIDE_BOTTOM] = heavy.border[CTD_SHEET_SIDE_TOP] = CTD_SHEET_BORDER_MEDIUM;
  left.border[CTD_SHEET_SIDE_LEFT] = CTD_SHEET_BORDER_MEDIUM;
  styles[0] = ctd_sheet_doc_add_style (doc, &box);
  styles[1] = ctd_sheet_doc_add_style (doc, &heavy);
  styles[2] = ctd_sheet_doc_add_style (doc, &bare);
  styles[3] = ctd_sheet_doc_add_style (doc, &left);
  for (guint col = 0; col < 6; col++)
    ctd_sheet_page_set_width (page, col, 4 + 3 * col);
  /* Rows of boxes with gaps, heavy rows, a merged cell, lone sides. */
  for (guint row = 0; row < 9; row++)
    for (guint col = 0; col < 6; col++)
      if ((row * 7 + col * 3) % 5 != 0 && !(row == 4 && col == 2))
        ctd_sheet_page_add_text (page, row, col, "", styles[(row + col * row) % 4]);
  ctd_sheet_cell_merge (ctd_sheet_page_add_text (page, 4, 2, "", styles[1]), 5, 3);
  ctd_sheet_page_set_height (page, 3, 30);

  papers = ctd_pdf_paginate (doc);
  assert_int_equal (papers->len, 1);
  paper = g_ptr_array_index (papers, 0);
  drawn = render (doc, paper, FALSE);
  meant = render (doc, paper, TRUE);
  stride = cairo_image_surface_get_stride (drawn);
  for (int y = 0; y < cairo_image_surface_get_height (drawn); y++)
    for (int x = 0; x < cairo_image_surface_get_width (drawn) * 4; x++)
      {
        guint a = cairo_image_surface_get_data (drawn)[y * stride + x];
        guint b = cairo_image_surface_get_data (meant)[y * stride + x];

        missing += b < 128 && a >= 224;
        extra += b >= 250 && a < 200;
      }
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (meant);
  if (missing > 0 || extra > 0)
    fail_msg ("against the cells' borders drawn one by one, %u pixel channels lack a line "
              "and %u have one too many", missing, extra);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_one_landscape_page),
    cmocka_unit_test (test_long_list_pages),
    cmocka_unit_test (test_merges_are_not_split),
    cmocka_unit_test (test_images_are_not_split),
    cmocka_unit_test (test_wrapped_rows_grow),
    cmocka_unit_test (test_write),
    cmocka_unit_test (test_check_glyphs),
    cmocka_unit_test (test_write_progress),
    cmocka_unit_test (test_borders_as_drawn),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
