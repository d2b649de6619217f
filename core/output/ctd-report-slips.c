/* ctd-report-slips.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A round's link slips (issue 21): one per chouette, handed to its table
 * before play, with the table's private link as a large QR code and
 * written out, the players' names and what to do with it; several slips
 * to a sheet of paper, dashed lines to cut along between them.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"

/* Slips to a sheet of paper: four fill A4 or Letter with the layout's
 * sizes nearly as laid out (a code of about 40 mm, read from arm's
 * length); each sheet has room for four, the last one too, so that
 * every slip prints the same size. */
#define SLIPS_PER_PAGE 4

/* The rows of a slip, from its top. */
enum
{
  SLIP_TOP,
  SLIP_EVENT,
  SLIP_TITLE,
  SLIP_GAP,
  SLIP_FIRST_PLAYER,
  SLIP_PLAYERS_END = SLIP_FIRST_PLAYER + CTD_MAX_PLAYERS,
  SLIP_LINK = SLIP_PLAYERS_END + 1,  /* after a gap */
  SLIP_NOTE,
  SLIP_BOTTOM,
  SLIP_N_ROWS,
};

/* The columns: the code, the room beside it, the texts. */
enum
{
  COL_CODE,
  COL_GAP,
  COL_DETAILS,
};

/* In points: the room above and below a slip's content, within its cut
 * lines, and between its parts. */
#define SLIP_EDGE 14
#define SLIP_PART_GAP 6
#define SLIP_ROOM 4

static const char *const slip_fonts[] = { "Event", "Title", "Body", "Link", "Small", NULL };
static const char *const slip_texts[] = { "Event", "Title", "Instruction", NULL };
static const char *const slip_columns[] = { "Code", "Gap", "Details", NULL };
static const char *const slip_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                 "label", "table", "link", NULL };

static const CtdTemplateSpec report_slips_spec = {
  "link-slips.ini", slip_fonts, slip_texts, slip_columns, slip_placeholders, NULL
};

/* Each slip's row heights, from the layout's fonts; a slip's rows start
 * at @first. */
static void
slip_set_heights (Report       *report,
                  CtdSheetPage *page,
                  guint         first)
{
  const struct
  {
    guint row;
    const char *font;
  } texts[] = {
    { SLIP_EVENT, "Event" },
    { SLIP_TITLE, "Title" },
    { SLIP_LINK, "Link" },
    { SLIP_NOTE, "Small" },
  };

  ctd_sheet_page_set_height (page, first + SLIP_TOP, SLIP_EDGE);
  ctd_sheet_page_set_height (page, first + SLIP_GAP, SLIP_PART_GAP);
  ctd_sheet_page_set_height (page, first + SLIP_PLAYERS_END, SLIP_PART_GAP);
  ctd_sheet_page_set_height (page, first + SLIP_BOTTOM, SLIP_EDGE);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    ctd_sheet_page_set_height (page, first + texts[i].row,
                               report_row_height (report_tallest (report, texts[i].font, NULL), 1,
                                                  SLIP_ROOM));
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    ctd_sheet_page_set_height (page, first + SLIP_FIRST_PLAYER + k,
                               report_row_height (report_tallest (report, "Body", NULL), 1,
                                                  SLIP_ROOM));
}

/* A sheet of paper's slips, from chouette @first to @last of the round,
 * its columns and, for all its slots, its rows. */
static CtdSheetPage *
slips_add_page (Report                 *report,
                const CtdStoreChouette *first,
                const CtdStoreChouette *last)
{
  g_autofree char *name = NULL;
  CtdSheetPage *page;

  /* Not "1.1-1.4" alone: a spreadsheet reads a name that starts with a
   * digit as a number (as for the sheets' "Chouette 1.3"). */
  if (first == last)
    /* Translators: a worksheet's name in the XLSX file, such as "Slip 1.3": at
     * most 31 characters, none of [ ] : * ? / \ */
    name = g_strdup_printf (_("Slip %u.%u"), first->round, first->number);
  else
    /* Translators: a worksheet's name in the XLSX file, such as "Slips 1.1-1.4": at
     * most 31 characters, none of [ ] : * ? / \ */
    name = g_strdup_printf (_("Slips %u.%u-%u.%u"), first->round, first->number, last->round,
                            last->number);
  page = report_add_page (report, name);
  page->fit_one_page = TRUE;
  for (guint col = COL_CODE; col <= COL_DETAILS; col++)
    ctd_sheet_page_set_width (page, col,
                              ctd_template_get_column (report->layout,
                                                       slip_columns[col])->width);
  for (guint slot = 0; slot < SLIPS_PER_PAGE; slot++)
    slip_set_heights (report, page, slot * SLIP_N_ROWS);
  return page;
}

/* One chouette's slip, its rows from @first; the cut lines are its top
 * edge when it starts a sheet, and its bottom edge. */
static gboolean
slips_add_slip (Report                 *report,
                CtdSheetPage           *page,
                guint                   first,
                const CtdStoreChouette *seats,
                GError                **error)
{
  g_autofree char *label = g_strdup_printf ("%u.%u", seats->round, seats->number);
  g_autofree char *table = g_strdup_printf ("%u", seats->table);
  g_autofree char *event = NULL;
  g_autofree char *title = NULL;
  g_autofree char *note = NULL;
  CtdSheetBorder cut = CTD_SHEET_BORDER_DASHED;
  CtdSheetStyle edge = {
    .font = ctd_template_get_font (report->layout, "Small")->family,
    .size = ctd_template_get_font (report->layout, "Small")->size,
    .fill = CTD_SHEET_NO_FILL,
  };
  const char *link = report_link_for (report, seats->round, seats->number);
  CtdQr *qr;

  if (link == NULL)
    {
      g_set_error (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY,
                   _("Chouette %s has no link to print: reissue it (links --reissue %s)"),
                   label, label);
      return FALSE;
    }
  if ((qr = ctd_qr_encode (link, error)) == NULL)
    {
      g_prefix_error (error, _("Chouette %s: "), label);
      return FALSE;
    }
  report_set_value (report, "label", label);
  report_set_value (report, "table", table);
  report_set_value (report, "link", link);
  event = report_layout_text (report, "Event");
  title = report_layout_text (report, "Title");
  note = report_layout_text (report, "Instruction");

  if (first == 0)
    {
      edge.border[CTD_SHEET_SIDE_TOP] = cut;
      report_put_blank (page, first + SLIP_TOP, COL_CODE, COL_DETAILS,
                        ctd_sheet_doc_add_style (report->doc, &edge));
      edge.border[CTD_SHEET_SIDE_TOP] = CTD_SHEET_BORDER_NONE;
    }
  edge.border[CTD_SHEET_SIDE_BOTTOM] = cut;
  report_put_blank (page, first + SLIP_BOTTOM, COL_CODE, COL_DETAILS,
                    ctd_sheet_doc_add_style (report->doc, &edge));

  /* The code beside every line of text, as tall as they are, left. */
  ctd_sheet_page_add_qr (page, first + SLIP_EVENT, COL_CODE, first + SLIP_NOTE, COL_CODE,
                         CTD_SHEET_ALIGN_LEFT, qr);
  report_put_text (page, first + SLIP_EVENT, COL_DETAILS, COL_DETAILS, event,
                   report_style (report, "Event", CTD_SHEET_ALIGN_LEFT, 0, NULL));
  report_put_text (page, first + SLIP_TITLE, COL_DETAILS, COL_DETAILS, title,
                   report_style (report, "Title", CTD_SHEET_ALIGN_LEFT, 0, NULL));
  for (guint k = 0; k < seats->size; k++)
    {
      /* As the scoring sheet lists them: the seat, then the name. */
      g_autofree char *code = report_seat_code (link, k + 1);
      g_autofree char *player = code != NULL
                                /* Translators: a seat's number, its player's name, then
                                 * the seat's code, which confirms a line on the phone
                                 * that entered it */
                                ? g_strdup_printf (_("%u  %s  (seat code %s)"), k + 1,
                                                   seats->names[k], code)
                                : g_strdup_printf ("%u  %s", k + 1, seats->names[k]);

      report_put_text (page, first + SLIP_FIRST_PLAYER + k, COL_DETAILS, COL_DETAILS, player,
                       report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, 0, NULL));
      ctd_sheet_doc_add_name (report->doc, seats->names[k]);
    }
  report_put_text (page, first + SLIP_LINK, COL_DETAILS, COL_DETAILS, link,
                   report_style (report, "Link", CTD_SHEET_ALIGN_LEFT, 0, NULL));
  report_put_text (page, first + SLIP_NOTE, COL_DETAILS, COL_DETAILS, note,
                   report_style (report, "Small", CTD_SHEET_ALIGN_LEFT, 0, NULL));
  return TRUE;
}

/**
 * report_add_slips:
 * @report: a report whose options give the tables' links
 * @info: the round
 * @error: return location for a #GError
 *
 * The round's link slips, SLIPS_PER_PAGE to a page. A public copy is
 * refused: a slip is a table's secret; so are options without links,
 * which would print slips with nothing to scan.
 *
 * Returns: whether the slips were added
 */
gboolean
report_add_slips (Report              *report,
                  const CtdStoreRound *info,
                  GError             **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;
  CtdSheetPage *page = NULL;

  if (report->options->public_view)
    {
      g_set_error_literal (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET,
                           _("A public copy never carries the tables' links: a link slip "
                             "lets whoever holds it enter its chouette's games; print the "
                             "slips on the director's copy and hand each to its table"));
      return FALSE;
    }
  if (report->links == NULL)
    {
      g_set_error_literal (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY,
                           _("Link slips need the desk's address to print the links under "
                             "(http://ADDRESS:PORT, where the tables' phones reach the desk)"));
      return FALSE;
    }
  chouettes = ctd_store_list_chouettes (report->store, info->number, error);
  if (chouettes == NULL || !report_use_layout (report, &report_slips_spec, error))
    return FALSE;
  report_set_round_values (report, info);
  for (guint i = 0; i < chouettes->len; i++)
    {
      guint slot = i % SLIPS_PER_PAGE;

      if (slot == 0)
        {
          guint last = MIN (i + SLIPS_PER_PAGE, chouettes->len) - 1;

          page = slips_add_page (report, g_ptr_array_index (chouettes, i),
                                 g_ptr_array_index (chouettes, last));
        }
      if (!slips_add_slip (report, page, slot * SLIP_N_ROWS, g_ptr_array_index (chouettes, i),
                           error))
        return FALSE;
    }
  return TRUE;
}
