/* ctd-sheet.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-sheet"

#include "config.h"

#include "ctd-sheet.h"

#include <string.h>

static void
style_clear (gpointer data)
{
  CtdSheetStyle *style = data;

  g_free (style->font);
  g_free (style->number_format);
}

static void
cell_free (gpointer data)
{
  CtdSheetCell *cell = data;

  g_free (cell->text);
  g_free (cell->formula);
  g_free (cell);
}

static void
image_free (gpointer data)
{
  CtdSheetImage *image = data;

  ctd_qr_free (image->qr);
  g_free (image);
}

static void
page_free (gpointer data)
{
  CtdSheetPage *page = data;

  g_free (page->name);
  g_array_unref (page->widths);
  g_array_unref (page->heights);
  g_ptr_array_unref (page->cells);
  g_ptr_array_unref (page->images);
  for (guint i = 0; i < 3; i++)
    {
      g_free (page->header[i]);
      g_free (page->footer[i]);
    }
  g_free (page);
}

/**
 * ctd_sheet_doc_new:
 * @title: the document's title property
 * @created: the document time (seconds since the epoch)
 *
 * Returns: (transfer full): an empty document
 */
CtdSheetDoc *
ctd_sheet_doc_new (const char *title,
                   gint64      created)
{
  CtdSheetDoc *doc;

  g_return_val_if_fail (title != NULL, NULL);

  doc = g_new0 (CtdSheetDoc, 1);
  doc->title = g_strdup (title);
  doc->subject = g_strdup ("");
  doc->author = g_strdup ("Chouette TD");
  doc->created = created;
  doc->styles = g_array_new (FALSE, TRUE, sizeof (CtdSheetStyle));
  g_array_set_clear_func (doc->styles, style_clear);
  doc->pages = g_ptr_array_new_with_free_func (page_free);
  doc->names = g_ptr_array_new_with_free_func (g_free);
  doc->name_set = g_hash_table_new (g_str_hash, g_str_equal);
  return doc;
}

/**
 * ctd_sheet_doc_free:
 * @doc: (nullable) (transfer full): a document
 *
 * Frees @doc with its styles, pages and cells.
 */
void
ctd_sheet_doc_free (CtdSheetDoc *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->title);
  g_free (doc->subject);
  g_free (doc->author);
  g_array_unref (doc->styles);
  g_ptr_array_unref (doc->pages);
  g_hash_table_unref (doc->name_set);
  g_ptr_array_unref (doc->names);
  g_free (doc->language);
  g_free (doc->language_warning);
  g_free (doc);
}

/**
 * ctd_sheet_doc_add_name:
 * @doc: a document
 * @name: a player's name that the document prints (copied)
 *
 * Lists @name in @doc's names, once however often it is added, so that
 * a writer can tell which player a letter it cannot draw belongs to.
 */
void
ctd_sheet_doc_add_name (CtdSheetDoc *doc,
                        const char  *name)
{
  g_return_if_fail (doc != NULL && name != NULL);

  if (!g_hash_table_contains (doc->name_set, name))
    {
      char *copy = g_strdup (name);

      g_ptr_array_add (doc->names, copy);
      g_hash_table_add (doc->name_set, copy);
    }
}

static gboolean
style_equal (const CtdSheetStyle *a,
             const CtdSheetStyle *b)
{
  return g_strcmp0 (a->font, b->font) == 0 && a->size == b->size && a->bold == b->bold &&
         a->italic == b->italic && a->align == b->align && a->wrap == b->wrap &&
         memcmp (a->border, b->border, sizeof a->border) == 0 && a->fill == b->fill &&
         g_strcmp0 (a->number_format, b->number_format) == 0;
}

/**
 * ctd_sheet_doc_add_style:
 * @doc: a document
 * @style: a style (copied)
 *
 * Returns: the style's index, shared with an equal style already added
 */
guint
ctd_sheet_doc_add_style (CtdSheetDoc         *doc,
                         const CtdSheetStyle *style)
{
  CtdSheetStyle copy = *style;

  g_return_val_if_fail (doc != NULL && style != NULL && style->font != NULL, 0);
  g_return_val_if_fail (style->size > 0, 0);

  for (guint i = 0; i < doc->styles->len; i++)
    if (style_equal (&g_array_index (doc->styles, CtdSheetStyle, i), style))
      return i;
  copy.font = g_strdup (style->font);
  copy.number_format = g_strdup (style->number_format);
  g_array_append_val (doc->styles, copy);
  return doc->styles->len - 1;
}

/**
 * ctd_sheet_doc_add_page:
 * @doc: a document
 * @name: the page's name, unique in @doc, at most %CTD_SHEET_MAX_NAME
 *   characters and none of []:*?/\
 *
 * Returns: (transfer none): the new page, portrait A4, fitted to the width
 */
CtdSheetPage *
ctd_sheet_doc_add_page (CtdSheetDoc *doc,
                        const char  *name)
{
  CtdSheetPage *page;

  g_return_val_if_fail (doc != NULL && name != NULL && *name != '\0', NULL);
  g_return_val_if_fail (g_utf8_strlen (name, -1) <= CTD_SHEET_MAX_NAME, NULL);
  g_return_val_if_fail (strpbrk (name, "[]:*?/\\") == NULL, NULL);
  g_return_val_if_fail (!ctd_sheet_doc_has_page (doc, name), NULL);

  page = g_new0 (CtdSheetPage, 1);
  page->name = g_strdup (name);
  page->paper = CTD_SHEET_PAPER_A4;
  page->margin_inches = 0.5;
  page->widths = g_array_new (FALSE, TRUE, sizeof (double));
  page->heights = g_array_new (FALSE, TRUE, sizeof (double));
  page->cells = g_ptr_array_new_with_free_func (cell_free);
  page->images = g_ptr_array_new_with_free_func (image_free);
  page->repeat_first = -1;
  page->repeat_last = -1;
  g_ptr_array_add (doc->pages, page);
  return page;
}

/**
 * ctd_sheet_doc_has_page:
 * @doc: a document
 * @name: a page name
 *
 * A spreadsheet refuses two worksheets of the same name, so builders ask
 * before adding one.
 *
 * Returns: whether @doc has a page called @name
 */
gboolean
ctd_sheet_doc_has_page (const CtdSheetDoc *doc,
                        const char        *name)
{
  g_return_val_if_fail (doc != NULL && name != NULL, FALSE);

  for (guint i = 0; i < doc->pages->len; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, i);

      if (g_strcmp0 (page->name, name) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
set_double (GArray *array,
            guint   index,
            double  value)
{
  if (index >= array->len)
    g_array_set_size (array, index + 1);
  g_array_index (array, double, index) = value;
}

/**
 * ctd_sheet_page_set_width:
 * @page: a page
 * @col: a column, zero-based
 * @width: in characters of the default font, as a spreadsheet counts
 *   them; 0 for the default width
 */
void
ctd_sheet_page_set_width (CtdSheetPage *page,
                          guint         col,
                          double        width)
{
  g_return_if_fail (page != NULL && width >= 0);
  set_double (page->widths, col, width);
}

/**
 * ctd_sheet_page_set_height:
 * @page: a page
 * @row: a row, zero-based
 * @points: the row's height in points; 0 for the default height
 */
void
ctd_sheet_page_set_height (CtdSheetPage *page,
                           guint         row,
                           double        points)
{
  g_return_if_fail (page != NULL && points >= 0);
  set_double (page->heights, row, points);
}

/**
 * ctd_sheet_page_get_width:
 * @page: a page
 * @col: a column, zero-based
 *
 * Returns: the column's width in characters, 0 where none was set
 */
double
ctd_sheet_page_get_width (const CtdSheetPage *page,
                          guint               col)
{
  g_return_val_if_fail (page != NULL, 0);
  return col < page->widths->len ? g_array_index (page->widths, double, col) : 0;
}

/**
 * ctd_sheet_page_get_height:
 * @page: a page
 * @row: a row, zero-based
 *
 * Returns: the row's height in points, 0 for the default
 */
double
ctd_sheet_page_get_height (const CtdSheetPage *page,
                           guint               row)
{
  g_return_val_if_fail (page != NULL, 0);
  return row < page->heights->len ? g_array_index (page->heights, double, row) : 0;
}

/**
 * ctd_sheet_page_get_n_rows:
 * @page: a page
 *
 * Returns: one past the last row that holds a cell or a height
 */
guint
ctd_sheet_page_get_n_rows (const CtdSheetPage *page)
{
  guint n;

  g_return_val_if_fail (page != NULL, 0);

  n = page->heights->len;

  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      n = MAX (n, cell->last_row + 1);
    }
  for (guint i = 0; i < page->images->len; i++)
    {
      const CtdSheetImage *image = g_ptr_array_index (page->images, i);

      n = MAX (n, image->last_row + 1);
    }
  return n;
}

/**
 * ctd_sheet_page_get_n_cols:
 * @page: a page
 *
 * Returns: one past the last column that holds a cell or a width
 */
guint
ctd_sheet_page_get_n_cols (const CtdSheetPage *page)
{
  guint n;

  g_return_val_if_fail (page != NULL, 0);

  n = page->widths->len;

  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      n = MAX (n, cell->last_col + 1);
    }
  return n;
}

static CtdSheetCell *
add_cell (CtdSheetPage     *page,
          guint             row,
          guint             col,
          CtdSheetCellKind  kind,
          const char       *text,
          guint             style)
{
  CtdSheetCell *cell = g_new0 (CtdSheetCell, 1);

  cell->row = cell->last_row = row;
  cell->col = cell->last_col = col;
  cell->kind = kind;
  cell->text = g_strdup (text != NULL ? text : "");
  cell->style = style;
  g_ptr_array_add (page->cells, cell);
  return cell;
}

/**
 * ctd_sheet_page_add_text:
 * @page: a page
 * @row: the cell's row, zero-based
 * @col: the cell's column, zero-based
 * @text: UTF-8 text, shown as it is whatever it starts with (copied)
 * @style: a style index of the page's document
 *
 * Returns: (transfer none): the cell, owned by @page, to merge if needed
 */
CtdSheetCell *
ctd_sheet_page_add_text (CtdSheetPage *page,
                         guint         row,
                         guint         col,
                         const char   *text,
                         guint         style)
{
  g_return_val_if_fail (page != NULL && text != NULL, NULL);
  g_return_val_if_fail (g_utf8_validate (text, -1, NULL), NULL);
  return add_cell (page, row, col, CTD_SHEET_CELL_TEXT, text, style);
}

/**
 * ctd_sheet_page_add_number:
 * @page: a page
 * @row: the cell's row, zero-based
 * @col: the cell's column, zero-based
 * @number: the value
 * @text: the value as a reader sees it ("+12.5"), which the PDF prints
 * @style: a style index of the page's document
 *
 * Returns: (transfer none): the cell, owned by @page
 */
CtdSheetCell *
ctd_sheet_page_add_number (CtdSheetPage *page,
                           guint         row,
                           guint         col,
                           double        number,
                           const char   *text,
                           guint         style)
{
  CtdSheetCell *cell;

  g_return_val_if_fail (page != NULL && text != NULL, NULL);
  cell = add_cell (page, row, col, CTD_SHEET_CELL_NUMBER, text, style);
  cell->number = number;
  return cell;
}

/**
 * ctd_sheet_page_add_formula:
 * @page: a page
 * @row: the cell's row, zero-based
 * @col: the cell's column, zero-based
 * @formula: "=SUM(B2:B13)", in the spreadsheet's English syntax
 * @cached: the value core computed, which the formula gives too: a
 *   viewer that does not calculate still shows the right number
 * @text: @cached as a reader sees it
 * @style: a style index of the page's document
 *
 * Returns: (transfer none): the cell, owned by @page
 */
CtdSheetCell *
ctd_sheet_page_add_formula (CtdSheetPage *page,
                            guint         row,
                            guint         col,
                            const char   *formula,
                            double        cached,
                            const char   *text,
                            guint         style)
{
  CtdSheetCell *cell;

  g_return_val_if_fail (page != NULL && formula != NULL && formula[0] == '=', NULL);
  g_return_val_if_fail (text != NULL, NULL);
  cell = add_cell (page, row, col, CTD_SHEET_CELL_FORMULA, text, style);
  cell->number = cached;
  cell->formula = g_strdup (formula);
  return cell;
}

/**
 * ctd_sheet_cell_merge:
 * @cell: a cell of a page
 * @last_row: the range's last row, not before @cell's
 * @last_col: the range's last column, not before @cell's
 *
 * Makes @cell the top-left of a merged range; the cells it covers should
 * stay empty, as a spreadsheet shows only the first.
 */
void
ctd_sheet_cell_merge (CtdSheetCell *cell,
                      guint         last_row,
                      guint         last_col)
{
  g_return_if_fail (cell != NULL && last_row >= cell->row && last_col >= cell->col);
  cell->last_row = last_row;
  cell->last_col = last_col;
}

/**
 * ctd_sheet_page_find:
 * @page: a page
 * @row: a row, zero-based
 * @col: a column, zero-based
 *
 * Returns: (transfer none) (nullable): the cell that starts at @row, @col,
 *   the last added if there are two, or %NULL
 */
const CtdSheetCell *
ctd_sheet_page_find (const CtdSheetPage *page,
                     guint               row,
                     guint               col)
{
  g_return_val_if_fail (page != NULL, NULL);

  for (guint i = page->cells->len; i > 0; i--)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i - 1);

      if (cell->row == row && cell->col == col)
        return cell;
    }
  return NULL;
}

/**
 * ctd_sheet_page_add_qr:
 * @page: a page
 * @row, @col: the range's first cell
 * @last_row, @last_col: its last cell, at or after the first
 * @align: where the code sits in the range's width
 * @qr: (transfer full): the QR code
 *
 * Puts @qr over a range of cells, as large as the range's height (or its
 * width, if narrower) allows: the writers draw it there, the PDF as
 * vector squares, the spreadsheet as an image anchored to the range.
 *
 * Returns: (transfer none): the image
 */
CtdSheetImage *
ctd_sheet_page_add_qr (CtdSheetPage *page,
                       guint         row,
                       guint         col,
                       guint         last_row,
                       guint         last_col,
                       CtdSheetAlign align,
                       CtdQr        *qr)
{
  CtdSheetImage *image;

  g_return_val_if_fail (page != NULL && qr != NULL, NULL);
  g_return_val_if_fail (last_row >= row && last_col >= col, NULL);

  image = g_new0 (CtdSheetImage, 1);
  *image = (CtdSheetImage) { row, col, last_row, last_col, align, qr };
  g_ptr_array_add (page->images, image);
  return image;
}

/**
 * ctd_sheet_image_place:
 * @image: an image
 * @width, @height: its range's size, in any unit
 * @x, @y: (out): where the image's top left corner goes, from the range's
 * @side: (out): the image's side, in the same unit
 *
 * Where both writers put an image in its range, so that the PDF and the
 * spreadsheet show it at the same place.
 */
void
ctd_sheet_image_place (const CtdSheetImage *image,
                       double               width,
                       double               height,
                       double              *x,
                       double              *y,
                       double              *side)
{
  g_return_if_fail (image != NULL && x != NULL && y != NULL && side != NULL);

  *side = MIN (width, height);
  *y = (height - *side) / 2;
  if (image->align == CTD_SHEET_ALIGN_LEFT)
    *x = 0;
  else if (image->align == CTD_SHEET_ALIGN_RIGHT)
    *x = width - *side;
  else
    *x = (width - *side) / 2;
}

/**
 * ctd_sheet_cell_ref:
 * @row: zero-based
 * @col: zero-based
 *
 * Returns: (transfer full): the cell's A1 reference ("C7", "AA12")
 */
char *
ctd_sheet_cell_ref (guint row,
                    guint col)
{
  /* Written backwards from the end: every formula of every sheet names
   * cells, and a GString with a printf per reference was a tenth of
   * building a document. */
  char ref[32];
  char *p = ref + sizeof ref - 1;
  guint rest = row + 1;

  *p = '\0';
  do
    *--p = (char) ('0' + rest % 10);
  while ((rest /= 10) > 0);
  for (rest = col + 1; rest > 0; rest = (rest - 1) / 26)
    *--p = (char) ('A' + (rest - 1) % 26);
  return g_strdup (p);
}

/**
 * ctd_sheet_expand_placeholders:
 * @text: a header or footer part
 * @page: the paper page number, from 1
 * @pages: how many paper pages
 *
 * Returns: (transfer full): @text with "{page}" and "{pages}" replaced
 */
char *
ctd_sheet_expand_placeholders (const char *text,
                               guint       page,
                               guint       pages)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (text != NULL, NULL);

  for (const char *p = text; *p != '\0';)
    {
      if (g_str_has_prefix (p, "{page}"))
        {
          g_string_append_printf (out, "%u", page);
          p += strlen ("{page}");
        }
      else if (g_str_has_prefix (p, "{pages}"))
        {
          g_string_append_printf (out, "%u", pages);
          p += strlen ("{pages}");
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}
