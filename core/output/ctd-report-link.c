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
#include <string.h>

#include "ctd-link.h"
#include "ctd-store.h"

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
 * ctd_report_links_new:
 * @store: an event
 * @base: the desk's address as a director typed it, http://ADDRESS:PORT
 *   (ctd_link_parse_base())
 * @error: return location for a #GError
 *
 * Every chouette's link under @base, as `links --base` lists them, for
 * %CtdReportOptions's @links: what a round's sheets print before play,
 * so that each table opens its own chouette from its phone.
 *
 * Returns: (transfer full) (nullable) (element-type gpointer utf8): a
 *   table of ctd_chouette_key() -> BASE/t/SECRET, empty before the first
 *   draw; %NULL with %CTD_LINK_ERROR_BASE when @base is not such an
 *   address, or with the store's error
 */
GHashTable *
ctd_report_links_new (CtdStore    *store,
                      const char  *base,
                      GError     **error)
{
  g_autoptr(GHashTable) links = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autofree char *checked = NULL;

  g_return_val_if_fail (store != NULL && base != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  checked = ctd_link_parse_base (base, error);
  if (checked == NULL || (stored = ctd_store_list_links (store, 0, error)) == NULL)
    return NULL;
  links = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < stored->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (stored, i);

      g_hash_table_insert (links, ctd_chouette_key (link->round, link->chouette),
                           ctd_link_url (checked, link->secret));
    }
  return g_steal_pointer (&links);
}

/**
 * report_init_links:
 * @report: a report whose options are set
 * @error: return location for a #GError
 *
 * The links @report's sheets print: every chouette's under the options'
 * @links_base, or else the options' table. Links asked for a public
 * copy are refused: printed they would give each table's secret to the
 * room, and dropped silently they would leave a director with sheets
 * that lack what was asked.
 *
 * Returns: whether @report is ready to print its links
 */
gboolean
report_init_links (Report  *report,
                   GError **error)
{
  const CtdReportOptions *options = report->options;

  g_assert (report->links == NULL);

  if (options->links_base == NULL)
    {
      report->links = options->links != NULL ? g_hash_table_ref (options->links) : NULL;
      return TRUE;
    }
  if (options->public_view)
    {
      g_set_error_literal (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET,
                           _("A public copy never carries the tables' links: each one "
                             "lets whoever reads it enter its chouette's games; print the "
                             "links on the director's copy"));
      return FALSE;
    }
  report->links = ctd_report_links_new (report->store, options->links_base, error);
  return report->links != NULL;
}

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
  if (report->links == NULL || report->options->public_view)
    return NULL;
  return g_hash_table_lookup (report->links, ctd_chouette_key (round, chouette));
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
                       const char   *codes,
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
  row++;
  /* The seat codes, under the link: what proves a seat when a line is
   * confirmed on the phone that entered it. */
  if (codes == NULL)
    return row;
  report_put_text (page, row, first_col, last_col, codes, style);
  ctd_sheet_page_set_height (page, row, report_row_height (size, 1, LINK_TEXT_ROOM));
  return row + 1;
}

/**
 * report_seat_code:
 * @link: a table's link, http://HOST:PORT/t/SECRET
 * @seat: a seat of its chouette
 *
 * Returns: (transfer full) (nullable): the seat's code
 *   (ctd_link_seat_code()); %NULL for a link given by the caller that
 *   does not end in a secret
 */
char *
report_seat_code (const char *link,
                  guint       seat)
{
  const char *secret = strrchr (link, '/');
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];

  if (secret == NULL || !ctd_link_secret_is_valid (secret + 1))
    return NULL;
  ctd_link_seat_code (secret + 1, seat, code);
  return g_strdup (code);
}

/**
 * report_seat_codes:
 * @link: a table's link
 * @size: its chouette's size
 * @names: the players' names, by seat
 *
 * Returns: (transfer full) (nullable): one line with each seat's code:
 *   "Seat codes: 1 Ann 4821, 2 Bob 0932, ...", or %NULL as
 *   report_seat_code()
 */
char *
report_seat_codes (const char   *link,
                   guint         size,
                   char * const *names)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  for (guint k = 0; k < size; k++)
    {
      g_autofree char *code = report_seat_code (link, k + 1);

      if (code == NULL)
        return NULL;
      /* Translators: a seat's number, its player's name and its code */
      g_ptr_array_add (parts, g_strdup_printf (_("%u %s %s"), k + 1, names[k], code));
    }
  g_ptr_array_add (parts, NULL);
  list = g_strjoinv (", ", (char **) parts->pdata);
  /* Translators: each seat's number, name and code, after the table's
   * link on the scoring sheet */
  return g_strdup_printf (_("Seat codes (to confirm a line on the phone that entered it): %s"),
                          list);
}
