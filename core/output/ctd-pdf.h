/* ctd-pdf.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints a sheet model with cairo and pango: to a PDF file with no display,
 * or page by page on any cairo context (the GUI's GtkPrintOperation). A
 * page of the model becomes one sheet of paper when it asks to fit on one,
 * else as many sheets as its rows need, fitted to the paper's width, with
 * its heading rows repeated on each.
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

#define CTD_PDF_ERROR (ctd_pdf_error_quark ())

typedef enum
{
  CTD_PDF_ERROR_WRITE,  /* the file could not be written */
} CtdPdfError;

/*
 * CtdPdfPaper:
 * @page: the index of the model's page in the document
 * @first_row, @last_row: the rows of that page printed on this sheet (the
 *   repeated heading rows come in addition, on every sheet but the first)
 * @width, @height: the sheet of paper, in points
 * @scale: how much the grid is reduced to fit (1 = as laid out)
 * @heights: (element-type double): every row's height as printed, before
 *   @scale (a row of wrapped text may be taller than the layout says)
 */
typedef struct
{
  guint   page;
  guint   first_row;
  guint   last_row;
  double  width;
  double  height;
  double  scale;
  GArray *heights;
} CtdPdfPaper;

GQuark    ctd_pdf_error_quark (void);

GPtrArray *ctd_pdf_paginate   (const CtdSheetDoc  *doc);
void      ctd_pdf_draw_paper  (cairo_t            *cr,
                               const CtdSheetDoc  *doc,
                               const CtdPdfPaper  *paper,
                               guint               number,
                               guint               count);
GPtrArray *ctd_pdf_check_glyphs (const CtdSheetDoc *doc);
gboolean  ctd_pdf_write       (const CtdSheetDoc  *doc,
                               const char         *path,
                               GError            **error);
gboolean  ctd_pdf_write_full  (const CtdSheetDoc  *doc,
                               const char         *path,
                               CtdExportProgress   progress,
                               gpointer            user_data,
                               GCancellable       *cancellable,
                               GError            **error);

G_END_DECLS
