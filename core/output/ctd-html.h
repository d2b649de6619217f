/* ctd-html.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one HTML renderer of results: the table server's /standings page
 * (core/serve) and the results.html file (ctd-export.c) write their
 * heads, their standings and placings tables and every text through
 * these functions. Every text from the event is escaped; no page has a
 * script.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-display.h"
#include "ctd-sheet.h"

G_BEGIN_DECLS

/*
 * CtdHtmlCellKind:
 * @CTD_HTML_CELL_TEXT: plain text
 * @CTD_HTML_CELL_NAME: a player's name, with small notes under it
 * @CTD_HTML_CELL_NUMBER: a rank or a number, aligned right
 * @CTD_HTML_CELL_TOTAL: a score that the row is about, in bold
 * @CTD_HTML_CELL_CENTER: a short label, centred (a chouette's "1.2")
 */
typedef enum
{
  CTD_HTML_CELL_TEXT,
  CTD_HTML_CELL_NAME,
  CTD_HTML_CELL_NUMBER,
  CTD_HTML_CELL_TOTAL,
  CTD_HTML_CELL_CENTER,
} CtdHtmlCellKind;

/*
 * CtdHtmlCell:
 * @kind: how the cell shows
 * @text: (nullable): its text, escaped when written
 * @notes: (nullable): for a name, up to two small lines under it (the
 *   chouette, where the player goes), %NULL where there is none
 */
typedef struct
{
  CtdHtmlCellKind  kind;
  const char      *text;
  const char      *notes[2];
} CtdHtmlCell;

void  ctd_html_escaped         (GString            *page,
                                const char         *text);
void  ctd_html_printf_escaped  (GString            *page,
                                const char         *format,
                                ...) G_GNUC_PRINTF (2, 3);
void  ctd_html_element         (GString            *page,
                                const char         *open,
                                const char         *text,
                                const char         *close);
void  ctd_html_begin_document  (GString            *page,
                                const char         *title,
                                const char         *stylesheet_href);
void  ctd_html_end_page        (GString            *page);

void  ctd_html_begin_table     (GString            *page,
                                const char *const  *headings,
                                guint               n_columns);
void  ctd_html_table_row       (GString            *page,
                                gboolean            stands_out,
                                const CtdHtmlCell  *cells,
                                guint               n_cells);
void  ctd_html_table_block     (GString            *page,
                                const char         *text,
                                guint               n_columns);
void  ctd_html_end_table       (GString            *page);

void  ctd_html_append_display  (GString            *page,
                                const CtdDisplay   *display);
void  ctd_html_append_sheet    (GString            *page,
                                const CtdSheetDoc  *doc,
                                const CtdSheetPage *sheet);
char *ctd_html_render_results  (const CtdSheetDoc  *doc);
gboolean ctd_html_write_full   (const CtdSheetDoc  *doc,
                                const char         *path,
                                CtdExportProgress   progress,
                                gpointer            user_data,
                                GCancellable       *cancellable,
                                GError            **error);

G_END_DECLS
