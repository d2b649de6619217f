/* ctd-pdf.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-pdf"

#include "config.h"

#include "ctd-pdf.h"

#include <cairo-pdf.h>
#include <string.h>
#include <pango/pangocairo.h>

/**
 * ctd_pdf_error_quark:
 *
 * Returns: the domain of %CTD_PDF_ERROR errors
 */
G_DEFINE_QUARK (ctd-pdf-error-quark, ctd_pdf_error)

/* A spreadsheet's column width unit (one character of its default font)
 * and default row, in points, so that both writers lay out the same page. */
#define POINTS_PER_CHAR 5.25
#define COLUMN_PADDING 3.75
#define DEFAULT_WIDTH 8.43
#define DEFAULT_HEIGHT 15.0
/* Room between the margin and the grid for the header and the footer, as
 * the XLSX writer asks of a spreadsheet (0.2 inch). */
#define BAND (0.2 * 72)
#define PAD 2.0         /* above and below text */
#define INDENT 4.0      /* left or right of text, as the XLSX indent */
/* A page fitted to one sheet is enlarged up to this much to fill it. */
#define MAX_ENLARGE 1.5
#define THIN 0.5
#define MEDIUM 1.5
#define HEADER_SIZE 8.0
/* A text that does not fit is shrunk, 5% of its size at a time, down to
 * 60% (8 steps), before it wraps; it is never cut. */
#define SHRINK_STEP  0.05
#define SHRINK_STEPS 8
/* Families after the layout's own, for the letters it lacks: pango takes
 * each character from the first of them that has it, so a name in Chinese,
 * Arabic or Hebrew prints as the name (fonts-noto-core, fonts-noto-cjk;
 * DejaVu Sans comes with every Debian). */
#define FALLBACK_FAMILIES \
  "Noto Sans, Noto Sans CJK SC, Noto Sans Arabic, Noto Sans Hebrew, DejaVu Sans, sans-serif"

static void
paper_free (gpointer data)
{
  CtdPdfPaper *paper = data;

  g_array_unref (paper->heights);
  g_free (paper);
}

static double
column_points (const CtdSheetPage *page,
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
    width += column_points (page, col);
  return width;
}

static void
paper_size (const CtdSheetPage *page,
            double             *out_width,
            double             *out_height)
{
  double w = page->paper == CTD_SHEET_PAPER_LETTER ? 612.0 : 595.276;
  double h = page->paper == CTD_SHEET_PAPER_LETTER ? 792.0 : 841.89;

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

static PangoFontDescription *
style_font (const CtdSheetStyle *style,
            double               factor)
{
  PangoFontDescription *font = family_font (style->font);

  pango_font_description_set_absolute_size (font, style->size * factor * PANGO_SCALE);
  pango_font_description_set_weight (font, style->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (font, style->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  return font;
}

/* The sizes fit_text() tries: 1, 0.95, ... 0.6. */
#define N_STEPS (SHRINK_STEPS + 1)

/*
 * What measuring and drawing reuse from one cell, and one sheet of paper,
 * to the next: one layout, and each style's font description at each size
 * fit_text() tries, made once rather than per cell. A description holds
 * the eight families of a fallback list, and a layout whose description
 * stays equal keeps pango's font lookups: making both per cell cost more
 * than the drawing.
 */
typedef struct
{
  const CtdSheetDoc     *doc;
  PangoLayout           *layout;
  PangoFontDescription **fonts;  /* [style * N_STEPS + step], made when first used */
  PangoFontDescription  *band;   /* the header's and footer's */
  GPtrArray             *rtl_names;
  GHashTable            *fitted; /* (element-type Fitted): fit_text()'s layouts */
  int                   *ascii;  /* [style * 128 + c], see sets_on_one_line() */
} Painter;

/*
 * A text laid out by fit_text() for a cell of one style and size, kept
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

static void
painter_clear (Painter *painter)
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

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Painter, painter_clear)

/* Style @style at fit_text()'s @step, whose size factor is @factor. */
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
    *font = style_font (&g_array_index (painter->doc->styles, CtdSheetStyle, style), factor);
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
static void
keep_alignment (PangoLayout *layout)
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
static PangoLayout *
fit_text (Painter    *painter,
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
      keep_alignment (fitted->layout);
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
static char *
isolate_names (const char *text,
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

static PangoLayout *
measuring_layout (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (context);

  g_object_unref (context);
  return layout;
}

/* A painter drawing with @layout (taken), for @doc. */
static void
painter_init (Painter           *painter,
              const CtdSheetDoc *doc,
              PangoLayout       *layout)
{
  const char *family = doc->styles->len > 0 ? g_array_index (doc->styles, CtdSheetStyle, 0).font
                                            : "Sans";

  painter->doc = doc;
  painter->layout = layout;
  keep_alignment (layout);
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

      keep_alignment (layout);
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
        fit_text (painter, cell->style, cell->text, width, G_MAXDOUBLE, &text_width, &text_height,
                  &offset);
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

  painter_init (&painter, doc, measuring_layout ());

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
        grid_w += column_points (page, col);
      for (guint row = 0; row < n_rows; row++)
        grid_h += g_array_index (heights, double, row);
      grid_w = MAX (grid_w, 1);  /* an empty page */
      grid_h = MAX (grid_h, 1);
      scale = MIN (1.0, area_w / grid_w);
      if (page->fit_one_page)
        scale = MIN (MAX_ENLARGE, MIN (area_w / grid_w, area_h / grid_h));

      /* joined[r]: row r may not start a sheet (a merge crosses into it). */
      for (guint i = 0; i < page->cells->len; i++)
        {
          const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

          for (guint r = cell->row + 1; r <= cell->last_row && r < n_rows; r++)
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

/* Where a sheet of paper's grid puts its columns and rows, before scaling. */
typedef struct
{
  guint           n_cols;
  const double   *col_x;    /* where each column starts, n_cols + 1 */
  const double   *row_y;    /* where each row starts on this sheet */
  const gboolean *shown;    /* whether the row is printed on this sheet */
  const GArray   *heights;  /* every row's height */
} Grid;

/* @cell's box on the sheet; %FALSE when its row is not printed there. */
static gboolean
cell_box (const Grid         *grid,
          const CtdSheetCell *cell,
          double             *x0,
          double             *y0,
          double             *x1,
          double             *y1)
{
  guint n_rows = grid->heights->len;
  guint last_row = MIN (cell->last_row, n_rows - 1);

  if (cell->row >= n_rows || !grid->shown[cell->row])
    return FALSE;
  *x0 = grid->col_x[cell->col];
  *x1 = grid->col_x[MIN (cell->last_col + 1, grid->n_cols)];
  *y0 = grid->row_y[cell->row];
  *y1 = grid->row_y[last_row] + g_array_index (grid->heights, double, last_row);
  return TRUE;
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
  cairo_stroke (cr);
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
    col_x[col + 1] = col_x[col] + column_points (page, col);
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
              g_autofree char *isolated = isolate_names (cell->text, painter->rtl_names);
              PangoLayout *layout = fit_text (painter, cell->style,
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
 * Draws the sheet: header, the grid's fills, texts and borders, footer.
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

  painter_init (&painter, doc, pango_cairo_create_layout (cr));
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
  g_autoptr(PangoLayout) layout = measuring_layout ();
  g_autoptr(GPtrArray) fonts = g_ptr_array_new_with_free_func (
    (GDestroyNotify) pango_font_description_free);

  g_return_val_if_fail (doc != NULL, missing);

  keep_alignment (layout);
  /* Coverage depends on the family and the weight and slant, not on the
   * size or the cell: one font description of each. */
  for (guint i = 0; i < doc->styles->len; i++)
    {
      PangoFontDescription *font = style_font (&g_array_index (doc->styles, CtdSheetStyle, i), 1);

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

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  papers = ctd_pdf_paginate (doc);
  surface = cairo_pdf_surface_create (path, 595.276, 841.89);
  created = g_date_time_new_from_unix_utc (doc->created);
  date = g_date_time_format (created, "%Y-%m-%dT%H:%M:%SZ");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, doc->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, doc->subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, doc->author);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Chouette TD");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
  cr = cairo_create (surface);
  /* One layout for every sheet: the context stays as each sheet starts. */
  painter_init (&painter, doc, pango_cairo_create_layout (cr));
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
  painter_clear (&painter);
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
      g_set_error (error, CTD_PDF_ERROR, CTD_PDF_ERROR_WRITE, "Could not write “%s”: %s", path,
                   status == CAIRO_STATUS_WRITE_ERROR ? "the disk refused (full, or not writable)"
                                                      : cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
