/* ctd-pdf-draw.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawing the sheets of paper of a document: grid, borders, texts,
 * header and footer; writing the PDF file.
 */

#define G_LOG_DOMAIN "ctd-pdf"

#include "config.h"

#include "ctd-pdf-private.h"

#include <glib/gi18n-lib.h>

#include <cairo-pdf.h>
#include <string.h>

/* Where a sheet of paper's grid puts its columns and rows, before scaling. */
typedef struct
{
  guint           n_cols;
  const double   *col_x;    /* where each column starts, n_cols + 1 */
  const double   *row_y;    /* where each row starts on this sheet */
  const gboolean *shown;    /* whether the row is printed on this sheet */
  const GArray   *heights;  /* every row's height */
} Grid;

/* The box of the range from @row, @col to @last_row, @last_col on the
 * sheet; %FALSE when its first row is not printed there. */
static gboolean
range_box (const Grid *grid,
           guint       row,
           guint       col,
           guint       last_row,
           guint       last_col,
           double     *x0,
           double     *y0,
           double     *x1,
           double     *y1)
{
  guint n_rows = grid->heights->len;

  last_row = MIN (last_row, n_rows - 1);
  if (row >= n_rows || !grid->shown[row])
    return FALSE;
  *x0 = grid->col_x[col];
  *x1 = grid->col_x[MIN (last_col + 1, grid->n_cols)];
  *y0 = grid->row_y[row];
  *y1 = grid->row_y[last_row] + g_array_index (grid->heights, double, last_row);
  return TRUE;
}

/* @cell's box on the sheet; %FALSE when its row is not printed there. */
static gboolean
cell_box (const Grid         *grid,
          const CtdSheetCell *cell,
          double             *x0,
          double             *y0,
          double             *x1,
          double             *y1)
{
  return range_box (grid, cell->row, cell->col, cell->last_row, cell->last_col, x0, y0, x1, y1);
}

/* The page's QR codes, as vector squares over their ranges. */
static void
draw_images (cairo_t            *cr,
             const CtdSheetPage *page,
             const Grid         *grid)
{
  for (guint i = 0; i < page->images->len; i++)
    {
      const CtdSheetImage *image = g_ptr_array_index (page->images, i);
      double x0, x1, y0, y1, x, y, side;

      if (!range_box (grid, image->row, image->col, image->last_row, image->last_col, &x0, &y0,
                      &x1, &y1))
        continue;
      ctd_sheet_image_place (image, x1 - x0, y1 - y0, &x, &y, &side);
      ctd_qr_draw (image->qr, cr, x0 + x, y0 + y, side);
    }
}

/* A border line: @at is its y (a line across) or its x (a line down). */
typedef struct
{
  double at;
  double start;
  double end;
} Segment;

static int
compare_segments (gconstpointer a,
                  gconstpointer b)
{
  const Segment *x = a, *y = b;

  if (x->at != y->at)
    return x->at < y->at ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Adds @segments to the path, those that touch on one line as one line. */
static void
add_lines (cairo_t  *cr,
           GArray   *segments,
           gboolean  across)
{
  g_array_sort (segments, compare_segments);
  for (guint i = 0; i < segments->len;)
    {
      Segment line = g_array_index (segments, Segment, i++);

      for (; i < segments->len; i++)
        {
          const Segment *next = &g_array_index (segments, Segment, i);

          if (next->at != line.at || next->start > line.end)
            break;
          line.end = MAX (line.end, next->end);
        }
      if (across)
        {
          cairo_move_to (cr, line.start, line.at);
          cairo_line_to (cr, line.end, line.at);
        }
      else
        {
          cairo_move_to (cr, line.at, line.start);
          cairo_line_to (cr, line.at, line.end);
        }
    }
}

/*
 * Every border of @width on the shown cells, stroked once: the sides of
 * neighbouring cells that continue each other are one line (a grid's
 * row is one line across, not a side per cell and another for the next
 * cell's). A stroke per side of every cell had cairo's PDF surface spend
 * most of an export analysing and writing some 200,000 strokes. The
 * lines are black and opaque and their square ends overlap, so the page
 * looks the same.
 */
static void
draw_borders (cairo_t            *cr,
              const CtdSheetDoc  *doc,
              const CtdSheetPage *page,
              const Grid         *grid,
              CtdSheetBorder      width)
{
  g_autoptr(GArray) across = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr(GArray) down = g_array_new (FALSE, FALSE, sizeof (Segment));

  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);
      const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, cell->style);
      double x0, x1, y0, y1;

      if (!cell_box (grid, cell, &x0, &y0, &x1, &y1))
        continue;
      if (style->border[CTD_SHEET_SIDE_TOP] == width)
        g_array_append_val (across, ((Segment) { y0, x0, x1 }));
      if (style->border[CTD_SHEET_SIDE_BOTTOM] == width)
        g_array_append_val (across, ((Segment) { y1, x0, x1 }));
      if (style->border[CTD_SHEET_SIDE_LEFT] == width)
        g_array_append_val (down, ((Segment) { x0, y0, y1 }));
      if (style->border[CTD_SHEET_SIDE_RIGHT] == width)
        g_array_append_val (down, ((Segment) { x1, y0, y1 }));
    }
  if (across->len == 0 && down->len == 0)
    return;
  cairo_new_path (cr);  /* the texts' positions are no part of it */
  add_lines (cr, across, TRUE);
  add_lines (cr, down, FALSE);
  cairo_set_line_width (cr, width == CTD_SHEET_BORDER_MEDIUM ? MEDIUM : THIN);
  if (width == CTD_SHEET_BORDER_DASHED)
    cairo_set_dash (cr, (const double[]) { DASH, DASH }, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* Text in the margin, its top at @top: left, centre and right parts. */
static void
draw_band (cairo_t           *cr,
           Painter           *painter,
           const char *const *parts,
           double             left,
           double             right,
           double             top,
           guint              number,
           guint              count)
{
  PangoLayout *layout = painter->layout;

  pango_layout_set_font_description (layout, painter->band);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_width (layout, -1);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *text = NULL;
      int w, h;
      double x;

      if (parts[i] == NULL || *parts[i] == '\0')
        continue;
      text = ctd_sheet_expand_placeholders (parts[i], number, count);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_size (layout, &w, &h);
      x = i == 0 ? left : i == 1 ? (left + right - (double) w / PANGO_SCALE) / 2
                                 : right - (double) w / PANGO_SCALE;
      cairo_move_to (cr, x, top);
      pango_cairo_show_layout (cr, layout);
    }
}

/* ctd_pdf_draw_paper() with @painter's layout and fonts, which a whole
 * document's sheets share. */
static void
draw_paper (cairo_t           *cr,
            Painter           *painter,
            const CtdPdfPaper *paper,
            guint              number,
            guint              count)
{
  const CtdSheetDoc *doc = painter->doc;
  const CtdSheetPage *page = g_ptr_array_index (doc->pages, paper->page);
  g_autofree double *col_x = NULL;
  g_autofree double *row_y = NULL;
  g_autofree gboolean *shown = NULL;
  guint n_cols = ctd_sheet_page_get_n_cols (page);
  guint n_rows = paper->heights->len;
  double margin = page->margin_inches * 72, y = 0;
  guint32 fill = CTD_SHEET_NO_FILL;
  Grid grid;

  /* Where each column and row starts on this sheet, before scaling; a row
   * not printed here has no place (shown[row] is FALSE). */
  col_x = g_new0 (double, n_cols + 1);
  for (guint col = 0; col < n_cols; col++)
    col_x[col + 1] = col_x[col] + pdf_column_points (page, col);
  row_y = g_new0 (double, n_rows + 1);
  shown = g_new0 (gboolean, n_rows + 1);
  if (paper->first_row > 0 && page->repeat_first >= 0 &&
      paper->first_row > (guint) page->repeat_last)
    for (guint row = (guint) page->repeat_first; row <= (guint) page->repeat_last; row++)
      {
        row_y[row] = y;
        shown[row] = TRUE;
        y += g_array_index (paper->heights, double, row);
      }
  for (guint row = paper->first_row; row <= paper->last_row && row < n_rows; row++)
    {
      row_y[row] = y;
      shown[row] = TRUE;
      y += g_array_index (paper->heights, double, row);
    }

  grid = (Grid) { n_cols, col_x, row_y, shown, paper->heights };

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_band (cr, painter, (const char *const *) page->header, margin, paper->width - margin,
             MAX (12, margin / 2), number, count);
  draw_band (cr, painter, (const char *const *) page->footer, margin, paper->width - margin,
             paper->height - MAX (12, margin / 2) - HEADER_SIZE * 1.3, number, count);

  cairo_translate (cr, margin, margin + BAND);
  cairo_scale (cr, paper->scale, paper->scale);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);

  /* Fills first, so that no fill hides a neighbour's border. Cells of one
   * colour that follow each other are one fill, as for the borders; the
   * order of the colours is kept. */
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1 && fill != CTD_SHEET_NO_FILL)
        {
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 0, 0, 0);
        }
      for (guint i = 0; i < page->cells->len; i++)
        {
          const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);
          const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, cell->style);
          double x0, x1, y0, y1;

          if (!cell_box (&grid, cell, &x0, &y0, &x1, &y1))
            continue;

          if (pass == 0 && style->fill != CTD_SHEET_NO_FILL)
            {
              if (style->fill != fill && fill != CTD_SHEET_NO_FILL)
                cairo_fill (cr);
              fill = style->fill;
              cairo_set_source_rgb (cr, ((fill >> 16) & 0xff) / 255.0, ((fill >> 8) & 0xff) / 255.0,
                                    (fill & 0xff) / 255.0);
              cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
            }
          else if (pass == 1 && *cell->text != '\0')
            {
              double indent = style->align == CTD_SHEET_ALIGN_CENTER ? PAD : INDENT;
              double inner_w = x1 - x0 - 2 * indent, inner_h = y1 - y0 - 2 * PAD;
              double text_w, text_h, offset, x;
              g_autofree char *isolated = pdf_isolate_names (cell->text, painter->rtl_names);
              PangoLayout *layout = pdf_fit_text (painter, cell->style,
                                                  isolated != NULL ? isolated : cell->text, inner_w,
                                                  inner_h, &text_w, &text_h, &offset);

              if (pango_layout_get_width (layout) >= 0)
                x = x0 + indent;  /* wrapped: the layout aligns its lines */
              else if (style->align == CTD_SHEET_ALIGN_LEFT)
                x = x0 + indent;
              else if (style->align == CTD_SHEET_ALIGN_RIGHT)
                x = x1 - indent - text_w;
              else
                x = x0 + (x1 - x0 - text_w) / 2;
              cairo_move_to (cr, x, y0 + MAX (0, (y1 - y0 - text_h) / 2) + offset);
              pango_cairo_show_layout (cr, layout);
            }
        }
    }
  draw_borders (cr, doc, page, &grid, CTD_SHEET_BORDER_THIN);
  draw_borders (cr, doc, page, &grid, CTD_SHEET_BORDER_MEDIUM);
  draw_borders (cr, doc, page, &grid, CTD_SHEET_BORDER_DASHED);
  draw_images (cr, page, &grid);
  cairo_restore (cr);
}

/**
 * ctd_pdf_draw_paper:
 * @cr: a cairo context whose units are points, on a page of @paper's size
 * @doc: the document
 * @paper: one sheet from ctd_pdf_paginate()
 * @number: the sheet's number in the document, from 1
 * @count: how many sheets the document has
 *
 * Draws the sheet: header, the grid's fills, texts and borders, its QR codes,
 * footer.
 */
void
ctd_pdf_draw_paper (cairo_t           *cr,
                    const CtdSheetDoc *doc,
                    const CtdPdfPaper *paper,
                    guint              number,
                    guint              count)
{
  g_auto(Painter) painter = { 0 };

  g_return_if_fail (cr != NULL && doc != NULL && paper != NULL);
  g_return_if_fail (paper->page < doc->pages->len);

  pdf_painter_init (&painter, doc, pango_cairo_create_layout (cr));
  draw_paper (cr, &painter, paper, number, count);
}

/**
 * ctd_pdf_check_glyphs:
 * @doc: a document
 *
 * Which of the players' names @doc prints (@doc->names) the installed
 * fonts cannot draw whole, in any of its styles' fonts and their
 * fallbacks: the PDF would show empty boxes for some of their letters.
 * The export warns about each, once, naming the player, so the director
 * can install a font (fonts-noto-core, fonts-noto-cjk) before printing.
 *
 * Returns: (transfer full) (element-type utf8): those names, in the
 *   order of @doc->names; empty when every name can be drawn
 */
GPtrArray *
ctd_pdf_check_glyphs (const CtdSheetDoc *doc)
{
  GPtrArray *missing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PangoLayout) layout = pdf_measuring_layout ();
  g_autoptr(GPtrArray) fonts = g_ptr_array_new_with_free_func (
    (GDestroyNotify) pango_font_description_free);

  g_return_val_if_fail (doc != NULL, missing);

  pdf_keep_alignment (layout);
  /* Coverage depends on the family and the weight and slant, not on the
   * size or the cell: one font description of each. */
  for (guint i = 0; i < doc->styles->len; i++)
    {
      PangoFontDescription *font = pdf_style_font (&g_array_index (doc->styles, CtdSheetStyle, i),
                                                   1);

      pango_font_description_set_absolute_size (font, 10 * PANGO_SCALE);
      if (g_ptr_array_find_with_equal_func (fonts, font, (GEqualFunc) pango_font_description_equal,
                                            NULL))
        pango_font_description_free (font);
      else
        g_ptr_array_add (fonts, font);
    }
  for (guint n = 0; n < doc->names->len; n++)
    {
      const char *name = g_ptr_array_index (doc->names, n);

      pango_layout_set_text (layout, name, -1);
      for (guint f = 0; f < fonts->len; f++)
        {
          pango_layout_set_font_description (layout, g_ptr_array_index (fonts, f));
          if (pango_layout_get_unknown_glyphs_count (layout) > 0)
            {
              g_ptr_array_add (missing, g_strdup (name));
              break;
            }
        }
    }
  return missing;
}

/**
 * ctd_pdf_write:
 * @doc: the document
 * @path: where to write it (the caller writes a temporary name and renames)
 * @error: return location for a #GError
 *
 * ctd_pdf_write_full() without progress or cancellation.
 *
 * Returns: whether the whole PDF was written
 */
gboolean
ctd_pdf_write (const CtdSheetDoc  *doc,
               const char         *path,
               GError            **error)
{
  return ctd_pdf_write_full (doc, path, NULL, NULL, NULL, error);
}

/**
 * ctd_pdf_write_full:
 * @doc: the document
 * @path: where to write it (the caller writes a temporary name and renames)
 * @progress: (nullable) (scope call): told after each sheet of paper
 * @user_data: (closure): for @progress
 * @cancellable: (nullable): checked before each sheet of paper
 * @error: return location for a #GError
 *
 * Prints @doc to a PDF file, one sheet of paper after the other as
 * ctd_pdf_paginate() cuts them. The file's dates are @doc's, so the same
 * document gives the same bytes.
 *
 * On failure or cancellation @path holds the sheets drawn so far, for the
 * caller to remove.
 *
 * Returns: whether the whole PDF was written; %FALSE with
 *   %G_IO_ERROR_CANCELLED when @cancellable was cancelled
 */
gboolean
ctd_pdf_write_full (const CtdSheetDoc  *doc,
                    const char         *path,
                    CtdExportProgress   progress,
                    gpointer            user_data,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autoptr(GPtrArray) papers = NULL;
  g_autoptr(GDateTime) created = NULL;
  g_autoptr(GError) cancelled = NULL;
  g_autofree char *date = NULL;
  g_auto(Painter) painter = { 0 };
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  double a4_width, a4_height;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  papers = ctd_pdf_paginate (doc);
  /* Each paper sets its own size below: this one is never used as is. */
  ctd_sheet_paper_size (CTD_SHEET_PAPER_A4, &a4_width, &a4_height);
  surface = cairo_pdf_surface_create (path, a4_width, a4_height);
  created = g_date_time_new_from_unix_utc (doc->created);
  date = g_date_time_format (created, "%Y-%m-%dT%H:%M:%SZ");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, doc->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, doc->subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, doc->author);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Chouette TD");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
  cr = cairo_create (surface);
  /* One layout for every sheet: the context stays as each sheet starts. */
  pdf_painter_init (&painter, doc, pango_cairo_create_layout (cr));
  for (guint i = 0; i < papers->len && cairo_status (cr) == CAIRO_STATUS_SUCCESS; i++)
    {
      const CtdPdfPaper *paper = g_ptr_array_index (papers, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, &cancelled))
        break;
      cairo_pdf_surface_set_size (surface, paper->width, paper->height);
      draw_paper (cr, &painter, paper, i + 1, papers->len);
      cairo_show_page (cr);
      if (progress != NULL && cairo_status (cr) == CAIRO_STATUS_SUCCESS)
        progress (i + 1, papers->len, user_data);
    }
  status = cairo_status (cr);
  pdf_painter_clear (&painter);
  cairo_destroy (cr);
  /* Finishing closes the file, even a cancelled one. */
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (cancelled != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&cancelled));
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CTD_PDF_ERROR, CTD_PDF_ERROR_WRITE, _("Could not write “%s”: %s"),
                   path,
                   status == CAIRO_STATUS_WRITE_ERROR
                     ? _("the disk refused (full, or not writable)")
                     : cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
