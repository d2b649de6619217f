/* ctd-pdf.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PDF from a sheet document: fonts, fitting text to its cell, and
 * cutting a page into sheets of paper. Drawing them is in
 * ctd-pdf-draw.c.
 */

#define G_LOG_DOMAIN "ctd-pdf"

#include "config.h"

#include "ctd-pdf-private.h"

#include <string.h>

/**
 * ctd_pdf_error_quark:
 *
 * Returns: the domain of %CTD_PDF_ERROR errors
 */
G_DEFINE_QUARK (ctd-pdf-error-quark, ctd_pdf_error)
static void
paper_free (gpointer data)
{
  CtdPdfPaper *paper = data;

  g_array_unref (paper->heights);
  g_free (paper);
}

double
pdf_column_points (const CtdSheetPage *page,
                   guint               col)
{
  double chars = ctd_sheet_page_get_width (page, col);

  return (chars > 0 ? chars : DEFAULT_WIDTH) * POINTS_PER_CHAR + COLUMN_PADDING;
}

static double
cell_width (const CtdSheetPage *page,
            const CtdSheetCell *cell)
{
  double width = 0;

  for (guint col = cell->col; col <= cell->last_col; col++)
    width += pdf_column_points (page, col);
  return width;
}

static void
paper_size (const CtdSheetPage *page,
            double             *out_width,
            double             *out_height)
{
  double w, h;

  ctd_sheet_paper_size (page->paper, &w, &h);

  *out_width = page->landscape ? h : w;
  *out_height = page->landscape ? w : h;
}

/* The grid's box on the paper, before scaling. */
static void
printable_area (const CtdSheetPage *page,
                double              paper_width,
                double              paper_height,
                double             *out_width,
                double             *out_height)
{
  double margin = page->margin_inches * 72;

  *out_width = paper_width - 2 * margin;
  *out_height = paper_height - 2 * (margin + BAND);
}

/* @family, then the families that cover the scripts it may lack. */
static PangoFontDescription *
family_font (const char *family)
{
  PangoFontDescription *font = pango_font_description_new ();
  g_autofree char *families = g_strdup_printf ("%s, %s", family, FALLBACK_FAMILIES);

  pango_font_description_set_family (font, families);
  return font;
}

PangoFontDescription *
pdf_style_font (const CtdSheetStyle *style,
                double               factor)
{
  PangoFontDescription *font = family_font (style->font);

  pango_font_description_set_absolute_size (font, style->size * factor * PANGO_SCALE);
  pango_font_description_set_weight (font, style->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (font, style->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  return font;
}
/*
 * A text laid out by pdf_fit_text() for a cell of one style and size, kept
 * to be drawn again: most texts of a document recur (headings on every
 * scoring sheet, scores, names in every round's standings), and laying
 * one out (shaping it) is most of what drawing it costs.
 */
typedef struct
{
  guint        style;
  double       width;
  double       height;
  char        *text;
  PangoLayout *layout;
  double       text_width;
  double       text_height;
  double       offset;
} Fitted;

/* Past this many, the kept layouts are dropped and kept afresh, so that
 * a long document's memory stays bounded. */
#define MAX_FITTED 4096

static void
fitted_free (gpointer data)
{
  Fitted *fitted = data;

  g_free (fitted->text);
  g_clear_object (&fitted->layout);
  g_free (fitted);
}

/* A size's bits, folded (a height may be G_MAXDOUBLE). */
static guint
double_hash (double value)
{
  guint64 bits;

  value = value == 0 ? 0 : value;  /* -0 is 0 */
  memcpy (&bits, &value, sizeof bits);
  return (guint) (bits ^ bits >> 32);
}

static guint
fitted_hash (gconstpointer data)
{
  const Fitted *fitted = data;

  return g_str_hash (fitted->text) ^ (fitted->style * 2654435761u) ^
         double_hash (fitted->width) ^ (double_hash (fitted->height) * 31);
}

static gboolean
fitted_equal (gconstpointer a,
              gconstpointer b)
{
  const Fitted *x = a, *y = b;

  return x->style == y->style && x->width == y->width && x->height == y->height &&
         strcmp (x->text, y->text) == 0;
}

void
pdf_painter_clear (Painter *painter)
{
  for (guint i = 0; painter->fonts != NULL && i < painter->doc->styles->len * N_STEPS; i++)
    g_clear_pointer (&painter->fonts[i], pango_font_description_free);
  g_clear_pointer (&painter->fonts, g_free);
  g_clear_pointer (&painter->band, pango_font_description_free);
  g_clear_object (&painter->layout);
  g_clear_pointer (&painter->rtl_names, g_ptr_array_unref);
  g_clear_pointer (&painter->fitted, g_hash_table_unref);
  g_clear_pointer (&painter->ascii, g_free);
}

/* Style @style at pdf_fit_text()'s @step, whose size factor is @factor. */
static const PangoFontDescription *
painter_font (Painter *painter,
              guint    style,
              guint    step,
              double   factor)
{
  PangoFontDescription **font;

  g_assert (style < painter->doc->styles->len && step < N_STEPS);
  font = &painter->fonts[style * N_STEPS + step];
  if (*font == NULL)
    *font = pdf_style_font (&g_array_index (painter->doc->styles, CtdSheetStyle, style), factor);
  return *font;
}

/*
 * The room @layout's lines take as its own font sets them: fonts that a
 * fallback brings in for Arabic or Chinese letters keep more room above
 * and below their letters, so that a line of them is laid out taller
 * than the row's font. Such a line is fitted and placed as if it were of
 * the row's font: not shrunk for that empty room, and on the same
 * baseline as its neighbours. Returns the height (in pango units) and
 * sets @out_offset to what moves the layout's first baseline onto the
 * nominal one.
 */
static int
nominal_height (PangoLayout *layout,
                int          height,
                int         *out_offset)
{
  g_autoptr(PangoLayout) probe = NULL;
  int line_height = 0;
  int lines = pango_layout_get_line_count (layout);

  *out_offset = 0;
  if (g_str_is_ascii (pango_layout_get_text (layout)))
    return height;
  probe = pango_layout_copy (layout);
  pango_layout_set_text (probe, "Hg", -1);
  pango_layout_set_width (probe, -1);
  pango_layout_get_size (probe, NULL, &line_height);
  if (height <= lines * line_height)
    return height;
  *out_offset = pango_layout_get_baseline (probe) - pango_layout_get_baseline (layout);
  return lines * line_height;
}

/*
 * Lays @text out for a cell @width x @height points (inside the padding):
 * at its size if it fits, else smaller, down to 60%, and wrapped by words
 * when even that is too wide. Returns the extents in points, the
 * height as nominal_height() counts it, and in @out_offset how far to move
 * the layout down (up, if negative) from where that height is placed.
 */
static void
lay_out_text (Painter     *painter,
              PangoLayout *layout,
              guint        style_index,
              const char  *text,
              double       width,
              double       height,
              double      *out_width,
              double      *out_height,
              double      *out_offset)
{
  static const PangoAlignment aligns[] = {
    [CTD_SHEET_ALIGN_LEFT] = PANGO_ALIGN_LEFT,
    [CTD_SHEET_ALIGN_CENTER] = PANGO_ALIGN_CENTER,
    [CTD_SHEET_ALIGN_RIGHT] = PANGO_ALIGN_RIGHT,
  };
  const CtdSheetStyle *style = &g_array_index (painter->doc->styles, CtdSheetStyle, style_index);
  gboolean wrap = style->wrap;
  int w = 0, h = 0, offset = 0;
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_alignment (layout, aligns[style->align]);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  for (guint step = 0;; step++)
    {
      pango_layout_set_font_description (
        layout, painter_font (painter, style_index, step, 1.0 - SHRINK_STEP * step));
      pango_layout_set_width (layout, wrap ? (int) (MAX (width, 1) * PANGO_SCALE) : -1);
      pango_layout_get_size (layout, &w, &h);
      h = nominal_height (layout, h, &offset);
      if (w <= width * PANGO_SCALE && h <= height * PANGO_SCALE)
        break;
      if (step < SHRINK_STEPS)
        continue;
      /* As small as it gets and still too wide: wrap it, inside words if
       * need be, rather than cut it. */
      wrap = TRUE;
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
      pango_layout_get_size (layout, &w, &h);
      h = nominal_height (layout, h, &offset);
      break;
    }
  *out_width = (double) w / PANGO_SCALE;
  *out_height = (double) h / PANGO_SCALE;
  *out_offset = (double) offset / PANGO_SCALE;
}

/* Left stays left: a cell's alignment is the layout's, whichever way its
 * text runs. A name in Arabic or Hebrew still reads right to left within
 * its line, but "1  <name>" keeps its number first and a left-aligned
 * name does not jump to the right of its cell. */
void
pdf_keep_alignment (PangoLayout *layout)
{
  pango_context_set_base_dir (pango_layout_get_context (layout), PANGO_DIRECTION_LTR);
  pango_layout_set_auto_dir (layout, FALSE);
  pango_layout_context_changed (layout);
}

/*
 * @text laid out for a cell of @style_index, @width x @height points, as
 * lay_out_text() does, in a layout kept for the next cell that asks the
 * same. Returns that layout (borrowed, valid until the next call).
 */
PangoLayout *
pdf_fit_text (Painter    *painter,
              guint       style_index,
              const char *text,
              double      width,
              double      height,
              double     *out_width,
              double     *out_height,
              double     *out_offset)
{
  Fitted probe = { style_index, width, height, (char *) text, NULL, 0, 0, 0 };
  Fitted *fitted = g_hash_table_lookup (painter->fitted, &probe);

  if (fitted == NULL)
    {
      if (g_hash_table_size (painter->fitted) >= MAX_FITTED)
        g_hash_table_remove_all (painter->fitted);
      fitted = g_memdup2 (&probe, sizeof probe);
      fitted->text = g_strdup (text);
      fitted->layout = pango_layout_new (pango_layout_get_context (painter->layout));
      pdf_keep_alignment (fitted->layout);
      lay_out_text (painter, fitted->layout, style_index, text, width, height,
                    &fitted->text_width, &fitted->text_height, &fitted->offset);
      g_hash_table_add (painter->fitted, fitted);
    }
  *out_width = fitted->text_width;
  *out_height = fitted->text_height;
  *out_offset = fitted->offset;
  return fitted->layout;
}

static gboolean
has_right_to_left (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    switch (g_unichar_get_script (g_utf8_get_char (p)))
      {
      case G_UNICODE_SCRIPT_ARABIC:
      case G_UNICODE_SCRIPT_HEBREW:
      case G_UNICODE_SCRIPT_SYRIAC:
      case G_UNICODE_SCRIPT_THAANA:
      case G_UNICODE_SCRIPT_NKO:
      case G_UNICODE_SCRIPT_SAMARITAN:
      case G_UNICODE_SCRIPT_MANDAIC:
      case G_UNICODE_SCRIPT_ADLAM:
        return TRUE;
      default:
        break;
      }
  return FALSE;
}

/* The names of @doc with letters written right to left (Arabic, Hebrew...). */
static GPtrArray *
right_to_left_names (const CtdSheetDoc *doc)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < doc->names->len; i++)
    if (has_right_to_left (g_ptr_array_index (doc->names, i)))
      g_ptr_array_add (names, g_ptr_array_index (doc->names, i));
  return names;
}

/*
 * @text with each of @names in it set apart by Unicode's first-strong
 * isolate and pop marks (invisible), or %NULL when none is in it. Without
 * them the bidi algorithm lets a Hebrew name take the number after it:
 * "pays 2 <name> 60.00" printed as "pays 2 60.00 <name>".
 */
char *
pdf_isolate_names (const char *text,
                   GPtrArray  *names)
{
  g_autoptr(GString) isolated = NULL;

  /* Only a text with letters written right to left can hold such a name:
   * the others, nearly all, are not searched for each of the names. */
  if (names->len == 0 || !has_right_to_left (text))
    return NULL;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *wrapped = NULL;

      if (strstr (isolated != NULL ? isolated->str : text, name) == NULL)
        continue;
      if (isolated == NULL)
        isolated = g_string_new (text);
      wrapped = g_strdup_printf ("\u2068%s\u2069", name);
      g_string_replace (isolated, name, wrapped, 0);
    }
  return isolated != NULL ? g_string_free (g_steal_pointer (&isolated), FALSE) : NULL;
}

PangoLayout *
pdf_measuring_layout (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (context);

  g_object_unref (context);
  return layout;
}

/* A painter drawing with @layout (taken), for @doc. */
void
pdf_painter_init (Painter           *painter,
                  const CtdSheetDoc *doc,
                  PangoLayout       *layout)
{
  const char *family = doc->styles->len > 0 ? g_array_index (doc->styles, CtdSheetStyle, 0).font
                                            : "Sans";

  painter->doc = doc;
  painter->layout = layout;
  pdf_keep_alignment (layout);
  painter->fonts = g_new0 (PangoFontDescription *, MAX (1, doc->styles->len * N_STEPS));
  painter->band = family_font (family);
  pango_font_description_set_absolute_size (painter->band, HEADER_SIZE * PANGO_SCALE);
  painter->rtl_names = right_to_left_names (doc);
  painter->fitted = g_hash_table_new_full (fitted_hash, fitted_equal, fitted_free, NULL);
  painter->ascii = g_new0 (int, MAX (1, doc->styles->len) * 128);
}

/*
 * Whether @text surely sets on one line @width points wide in style
 * @style_index at its full size, and if so, that line's height in
 * @out_height (pango units). Such a text is printable ASCII whose
 * characters, each as wide as it is alone, add up to well under @width:
 * kerning and ligatures only narrow a Latin line, and the margin covers
 * the rare pair set apart. Its line then has the height of any line of
 * the style's font, with no fallback font in it. row_heights() asks this
 * of every wrapped cell of a list, and most (names, clubs, numbers,
 * dates) need not be laid out at all.
 */
static gboolean
sets_on_one_line (Painter    *painter,
                  guint       style_index,
                  const char *text,
                  double      width,
                  int        *out_height)
{
  int *ascii = &painter->ascii[style_index * 128];
  double sum = 0;

  if (ascii[0] == 0)
    {
      g_autoptr(PangoLayout) layout = pango_layout_new (pango_layout_get_context (painter->layout));
      char lines[2 * 95];

      pdf_keep_alignment (layout);
      pango_layout_set_font_description (layout, painter_font (painter, style_index, 0, 1.0));
      pango_layout_set_text (layout, "Hg", -1);
      pango_layout_get_size (layout, NULL, &ascii[0]);
      /* Each character on a line of its own: as wide as alone, measured
       * in one layout rather than 95. */
      for (guint c = ' '; c < 127; c++)
        {
          lines[2 * (c - ' ')] = (char) c;
          lines[2 * (c - ' ') + 1] = '\n';
        }
      pango_layout_set_text (layout, lines, sizeof lines - 1);
      for (guint c = ' '; c < 127; c++)
        {
          PangoRectangle logical;

          pango_layout_line_get_extents (pango_layout_get_line_readonly (layout, c - ' '), NULL,
                                         &logical);
          ascii[c] = logical.width;
        }
    }
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p < ' ' || *p >= 127)
        return FALSE;
      sum += ascii[(guchar) *p];
    }
  *out_height = ascii[0];
  return sum * 1.1 + PANGO_SCALE <= width * PANGO_SCALE;
}

/* Row heights as printed: where wrapped text needs more room than the
 * layout gave, the row grows (pages fitted to one sheet shrink text
 * instead, and keep their heights). */
static GArray *
row_heights (Painter            *painter,
             const CtdSheetPage *page)
{
  const CtdSheetDoc *doc = painter->doc;
  guint n_rows = ctd_sheet_page_get_n_rows (page);
  GArray *heights = g_array_sized_new (FALSE, TRUE, sizeof (double), n_rows);

  for (guint row = 0; row < n_rows; row++)
    {
      double h = ctd_sheet_page_get_height (page, row);

      h = h > 0 ? h : DEFAULT_HEIGHT;
      g_array_append_val (heights, h);
    }
  if (page->fit_one_page)
    return heights;
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);
      const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, cell->style);
      double *h = &g_array_index (heights, double, cell->row);
      double width = cell_width (page, cell) -
                     2 * (style->align == CTD_SHEET_ALIGN_CENTER ? PAD : INDENT);
      double text_width, text_height, offset;
      int line_height;

      if (cell->last_row != cell->row || *cell->text == '\0' || !style->wrap)
        continue;
      if (sets_on_one_line (painter, cell->style, cell->text, width, &line_height))
        text_height = (double) line_height / PANGO_SCALE;
      else
        pdf_fit_text (painter, cell->style, cell->text, width, G_MAXDOUBLE, &text_width,
                      &text_height, &offset);
      *h = MAX (*h, text_height + 2 * PAD);
    }
  return heights;
}

/**
 * ctd_pdf_paginate:
 * @doc: a document
 *
 * Cuts each page of @doc into sheets of paper: one for a page fitted to
 * one sheet, else as many as its rows need at the scale that fits its
 * width. A row, or rows joined by a merged cell, never split.
 *
 * Returns: (transfer full) (element-type CtdPdfPaper): the sheets in order
 */
GPtrArray *
ctd_pdf_paginate (const CtdSheetDoc *doc)
{
  GPtrArray *papers = g_ptr_array_new_with_free_func (paper_free);
  g_auto(Painter) painter = { 0 };

  g_return_val_if_fail (doc != NULL, papers);

  pdf_painter_init (&painter, doc, pdf_measuring_layout ());

  for (guint p = 0; p < doc->pages->len; p++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, p);
      g_autoptr(GArray) heights = row_heights (&painter, page);
      guint n_rows = heights->len;
      guint n_cols = ctd_sheet_page_get_n_cols (page);
      g_autofree gboolean *joined = g_new0 (gboolean, n_rows + 1);
      double paper_w, paper_h, area_w, area_h, grid_w = 0, grid_h = 0, scale, repeat_h = 0;
      guint first = 0;

      paper_size (page, &paper_w, &paper_h);
      printable_area (page, paper_w, paper_h, &area_w, &area_h);
      for (guint col = 0; col < n_cols; col++)
        grid_w += pdf_column_points (page, col);
      for (guint row = 0; row < n_rows; row++)
        grid_h += g_array_index (heights, double, row);
      grid_w = MAX (grid_w, 1);  /* an empty page */
      grid_h = MAX (grid_h, 1);
      scale = MIN (1.0, area_w / grid_w);
      if (page->fit_one_page)
        scale = MIN (MAX_ENLARGE, MIN (area_w / grid_w, area_h / grid_h));

      /* joined[r]: row r may not start a sheet (a merge or an image
       * crosses into it). */
      for (guint i = 0; i < page->cells->len; i++)
        {
          const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

          for (guint r = cell->row + 1; r <= cell->last_row && r < n_rows; r++)
            joined[r] = TRUE;
        }
      for (guint i = 0; i < page->images->len; i++)
        {
          const CtdSheetImage *image = g_ptr_array_index (page->images, i);

          for (guint r = image->row + 1; r <= image->last_row && r < n_rows; r++)
            joined[r] = TRUE;
        }
      if (page->repeat_first >= 0)
        for (int r = page->repeat_first; r <= page->repeat_last && r < (int) n_rows; r++)
          repeat_h += g_array_index (heights, double, r);

      while (first < n_rows || (first == 0 && n_rows == 0))
        {
          CtdPdfPaper *paper = g_new0 (CtdPdfPaper, 1);
          double used = first > 0 && page->repeat_first >= 0 &&
                        first > (guint) page->repeat_last ? repeat_h : 0;
          guint last = first;
          guint end = first;

          /* Whole blocks while they fit; at least one block per sheet. */
          while (end < n_rows)
            {
              guint block_end = end + 1;
              double block_h = g_array_index (heights, double, end);

              while (block_end < n_rows && joined[block_end])
                block_h += g_array_index (heights, double, block_end++);
              if (!page->fit_one_page && end > first && (used + block_h) * scale > area_h)
                break;
              used += block_h;
              end = block_end;
            }
          last = end > first ? end - 1 : first;

          paper->page = p;
          paper->first_row = first;
          paper->last_row = last;
          paper->width = paper_w;
          paper->height = paper_h;
          paper->scale = scale;
          paper->heights = g_array_ref (heights);
          g_ptr_array_add (papers, paper);
          if (n_rows == 0)
            break;
          first = last + 1;
        }
    }
  return papers;
}
