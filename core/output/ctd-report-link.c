/* ctd-report-link.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A table's private link on its chouette's scoring sheet (issue 21): the
 * QR code a phone reads, and the link written out for one that cannot.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

/* The QR code's side, in points before the sheet is fitted to its paper:
 * an inch, about 22 mm printed on A4, modules of half a millimetre for a
 * link of up to 62 characters (version 4), which a phone reads from a
 * hand's length; more would shrink the whole sheet on A4, which has
 * little room left under the signatures. */
#define LINK_QR_SIZE 72
/* The empty row between the signatures and the code. */
#define LINK_GAP 4
/* Around the line of text under the code. */
#define LINK_TEXT_ROOM 3.2

/**
 * report_link_for:
 * @report: a report
 * @round, @chouette: a chouette
 *
 * Returns: (nullable): the link @report prints on the chouette's sheet:
 *   none on a public copy, where it would give the table's secret away
 */
const char *
report_link_for (Report *report,
                 guint   round,
                 guint   chouette)
{
  if (report->options->links == NULL || report->options->public_view)
    return NULL;
  return g_hash_table_lookup (report->options->links, ctd_chouette_key (round, chouette));
}

/**
 * report_add_table_link:
 * @report: a report on a scoring sheet's layout
 * @page: the sheet
 * @row: the first row under the sheet's content
 * @first_col, @last_col: the columns the text under the code takes; the
 *   code sits at the right of @last_col
 * @label: the chouette, "1.3", for an error
 * @link: the table's link
 * @error: return location for a #GError
 *
 * Puts @link's QR code at the sheet's bottom right, under the signatures,
 * away from the grid the players and the director sign, and the layout's
 * TableEntry text with the link under the code, ending where it ends.
 *
 * The code stays within one column: a spreadsheet program whose default
 * font is wider than Excel's widens columns, and an image anchored across
 * two of them would stretch (LibreOffice does); within one it keeps its
 * size from the column's edge.
 *
 * Returns: the row after, or 0 with @error set when @link cannot be a QR
 *   code (too long); nothing is added then
 */
guint
report_add_table_link (Report       *report,
                       CtdSheetPage *page,
                       guint         row,
                       guint         first_col,
                       guint         last_col,
                       const char   *label,
                       const char   *link,
                       GError      **error)
{
  guint style = report_style (report, "Small", CTD_SHEET_ALIGN_RIGHT, 0, NULL);
  CtdQr *qr = ctd_qr_encode (link, error);
  g_autofree char *text = NULL;
  double size;

  if (qr == NULL)
    {
      g_prefix_error (error, _("Chouette %s: "), label);
      return 0;
    }
  text = report_layout_text (report, "TableEntry");
  ctd_sheet_page_set_height (page, row, LINK_GAP);
  row++;
  ctd_sheet_page_set_height (page, row, LINK_QR_SIZE);
  ctd_sheet_page_add_qr (page, row, last_col, row, last_col, CTD_SHEET_ALIGN_RIGHT, qr);
  row++;
  /* One line, right-aligned under the code: a link cut in two is hard to
   * type, so the text has the columns left of the code's too. */
  report_put_text (page, row, first_col, last_col, text, style);
  size = report_tallest (report, "Small", NULL);
  ctd_sheet_page_set_height (page, row, report_row_height (size, 1, LINK_TEXT_ROOM));
  return row + 1;
}
