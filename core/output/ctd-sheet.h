/* ctd-sheet.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sheet model: what an exported or printed document holds, in terms
 * every writer understands (XLSX, PDF, the GUI's printing). A document is
 * a list of pages; a page is a grid of cells with column widths, row
 * heights, merged ranges and print setup; a cell holds text, a number, or a
 * formula with the value core computed for it. Writers read the structs
 * directly; builders fill them through the functions below.
 */

#pragma once

#include <glib.h>

/* CtdSheetPaper, which the event file stores too, is in ctd-types.h. */
#include "ctd-types.h"
#include "ctd-qr.h"

G_BEGIN_DECLS

typedef enum
{
  CTD_SHEET_ALIGN_LEFT,
  CTD_SHEET_ALIGN_CENTER,
  CTD_SHEET_ALIGN_RIGHT,
} CtdSheetAlign;

/* Borders, one per side: none, thin or medium; dashed is a thin line
 * to cut along (the link slips), not one to write on. */
typedef enum
{
  CTD_SHEET_BORDER_NONE,
  CTD_SHEET_BORDER_THIN,
  CTD_SHEET_BORDER_MEDIUM,
  CTD_SHEET_BORDER_DASHED,
} CtdSheetBorder;

/* Indexes into CtdSheetStyle.border, not a type of their own. */
enum /*< skip >*/
{
  CTD_SHEET_SIDE_TOP,
  CTD_SHEET_SIDE_BOTTOM,
  CTD_SHEET_SIDE_LEFT,
  CTD_SHEET_SIDE_RIGHT,
  CTD_SHEET_N_SIDES,
};

/* No fill: the page's own white. */
#define CTD_SHEET_NO_FILL 0xffffffffu

/*
 * CtdSheetStyle:
 * @font: a font family ("Arial")
 * @size: in points
 * @number_format: an XLSX number format ("+0.0;-0.0;0"), or %NULL for text
 *   and general numbers; the PDF writer shows the cell's @text instead
 * @fill: 0xRRGGBB, or %CTD_SHEET_NO_FILL
 */
typedef struct
{
  char           *font;
  double          size;
  gboolean        bold;
  gboolean        italic;
  CtdSheetAlign   align;
  gboolean        wrap;
  CtdSheetBorder  border[CTD_SHEET_N_SIDES];
  guint32         fill;
  char           *number_format;
} CtdSheetStyle;

typedef enum
{
  CTD_SHEET_CELL_TEXT,
  CTD_SHEET_CELL_NUMBER,
  CTD_SHEET_CELL_FORMULA,
} CtdSheetCellKind;

/*
 * CtdSheetCell:
 * @row, @col: zero-based
 * @last_row, @last_col: the merged range this cell starts (equal to @row
 *   and @col for a single cell)
 * @text: what a reader sees: the text of a text cell, the formatted value
 *   of a number or formula (so the PDF writer never formats numbers)
 * @number: the value of a number cell, the cached value of a formula
 * @formula: "=SUM(G8:G19)" for a formula cell, else %NULL
 * @style: an index into the document's styles
 */
typedef struct
{
  guint             row;
  guint             col;
  guint             last_row;
  guint             last_col;
  CtdSheetCellKind  kind;
  char             *text;
  double            number;
  char             *formula;
  guint             style;
} CtdSheetCell;

/*
 * CtdSheetImage:
 * @row, @col, @last_row, @last_col: the range of cells it is drawn over
 * @align: where in the range's width the image sits: a QR code is a
 *   square as tall as the range (or as wide, if narrower), left, centred
 *   or right
 * @qr: the QR code drawn, the only kind of image a sheet holds
 *
 * A picture over cells, as a spreadsheet anchors an image to its cells:
 * it holds no text; the cells under it hold none either.
 */
typedef struct
{
  guint          row;
  guint          col;
  guint          last_row;
  guint          last_col;
  CtdSheetAlign  align;
  CtdQr         *qr;
} CtdSheetImage;

/*
 * CtdSheetPage:
 * @name: the worksheet's name (at most 31 characters, none of []:*?/\)
 * @widths: (element-type double): column widths in characters of the
 *   default font, as a spreadsheet counts them
 * @heights: (element-type double): row heights in points, 0 for the default
 * @cells: (element-type CtdSheetCell): in the order they were added
 * @images: (element-type CtdSheetImage): drawn over the cells
 * @repeat_first, @repeat_last: rows printed again at the top of every
 *   paper page, or -1
 * @fit_one_page: the whole page on one sheet of paper (else fit the width)
 * @header, @footer: left, centre and right parts; "{page}" and "{pages}"
 *   stand for the page number and count
 */
typedef struct
{
  char           *name;
  gboolean        landscape;
  CtdSheetPaper   paper;
  double          margin_inches;
  GArray         *widths;
  GArray         *heights;
  GPtrArray      *cells;
  GPtrArray      *images;
  int             repeat_first;
  int             repeat_last;
  gboolean        fit_one_page;
  char           *header[3];
  char           *footer[3];
} CtdSheetPage;

/*
 * CtdSheetDoc:
 * @title, @subject, @author: document properties
 * @created: the document time, seconds since the epoch, taken from the
 *   event so that the same event always gives the same bytes
 * @styles: (element-type CtdSheetStyle)
 * @pages: (element-type CtdSheetPage)
 * @names: (element-type utf8): the players' names the document prints,
 *   each once, in the order first printed: a writer that draws letters
 *   itself checks that it can draw these (ctd_pdf_check_glyphs())
 * @name_set: the same names, to find one in time independent of how
 *   many there are (ctd_sheet_doc_add_name())
 * @language: (nullable): the language code it was built in (the
 *   event's), for a writer's own texts; %NULL for the director's
 * @language_warning: (nullable): why it is not in the event's language
 *   after all (ctd_output_language_begin()), for the export's warnings
 */
typedef struct
{
  char       *title;
  char       *subject;
  char       *author;
  gint64      created;
  GArray     *styles;
  GPtrArray  *pages;
  GPtrArray  *names;
  GHashTable *name_set;
  char       *language;
  char       *language_warning;
} CtdSheetDoc;

#define CTD_SHEET_MAX_NAME 31

/*
 * CtdExportProgress:
 * @done: pages of paper (PDF) or worksheets (XLSX) written so far, from 1
 * @total: how many the document will have
 * @user_data: the caller's data
 *
 * Called by the writers after each page, in the thread that writes: a
 * window exporting in a worker thread passes the numbers to its main loop
 * (g_main_context_invoke()) rather than touching widgets here.
 */
typedef void (*CtdExportProgress) (guint    done,
                                   guint    total,
                                   gpointer user_data);

CtdSheetDoc  *ctd_sheet_doc_new           (const char          *title,
                                           gint64               created);
void          ctd_sheet_doc_free          (CtdSheetDoc         *doc);
guint         ctd_sheet_doc_add_style     (CtdSheetDoc         *doc,
                                           const CtdSheetStyle *style);
CtdSheetPage *ctd_sheet_doc_add_page      (CtdSheetDoc         *doc,
                                           const char          *name);
gboolean      ctd_sheet_doc_has_page      (const CtdSheetDoc   *doc,
                                           const char          *name);
void          ctd_sheet_doc_add_name      (CtdSheetDoc         *doc,
                                           const char          *name);

void          ctd_sheet_page_set_width    (CtdSheetPage        *page,
                                           guint                col,
                                           double               width);
void          ctd_sheet_page_set_height   (CtdSheetPage        *page,
                                           guint                row,
                                           double               points);
double        ctd_sheet_page_get_width    (const CtdSheetPage  *page,
                                           guint                col);
double        ctd_sheet_page_get_height   (const CtdSheetPage  *page,
                                           guint                row);
guint         ctd_sheet_page_get_n_rows   (const CtdSheetPage  *page);
guint         ctd_sheet_page_get_n_cols   (const CtdSheetPage  *page);
CtdSheetCell *ctd_sheet_page_add_text     (CtdSheetPage        *page,
                                           guint                row,
                                           guint                col,
                                           const char          *text,
                                           guint                style);
CtdSheetCell *ctd_sheet_page_add_number   (CtdSheetPage        *page,
                                           guint                row,
                                           guint                col,
                                           double               number,
                                           const char          *text,
                                           guint                style);
CtdSheetCell *ctd_sheet_page_add_formula  (CtdSheetPage        *page,
                                           guint                row,
                                           guint                col,
                                           const char          *formula,
                                           double               cached,
                                           const char          *text,
                                           guint                style);
void          ctd_sheet_cell_merge        (CtdSheetCell        *cell,
                                           guint                last_row,
                                           guint                last_col);
const CtdSheetCell *ctd_sheet_page_find   (const CtdSheetPage  *page,
                                           guint                row,
                                           guint                col);
CtdSheetImage *ctd_sheet_page_add_qr      (CtdSheetPage        *page,
                                           guint                row,
                                           guint                col,
                                           guint                last_row,
                                           guint                last_col,
                                           CtdSheetAlign        align,
                                           CtdQr               *qr);
void          ctd_sheet_image_place       (const CtdSheetImage *image,
                                           double               width,
                                           double               height,
                                           double              *x,
                                           double              *y,
                                           double              *side);

char         *ctd_sheet_cell_ref          (guint                row,
                                           guint                col);
char         *ctd_sheet_expand_placeholders (const char        *text,
                                             guint              page,
                                             guint              pages);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdSheetDoc, ctd_sheet_doc_free)

G_END_DECLS
