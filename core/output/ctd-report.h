/* ctd-report.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The printed documents of an event, as sheet models: the official scoring
 * sheet of a chouette (blank or filled), round standings, final results,
 * settlements and the audit log. Content comes from the event's records
 * through the same views the screens use; presentation comes from the
 * layouts in templates/.
 */

#pragma once

#include <glib.h>

#include "ctd-sheet.h"
#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_REPORT_ERROR (ctd_report_error_quark ())

typedef enum
{
  CTD_REPORT_ERROR_SECRET,  /* a public copy was asked of what is still secret */
  CTD_REPORT_ERROR_EMPTY,   /* the part asked for has nothing to print yet */
} CtdReportError;

/*
 * CtdReportPart:
 * @CTD_REPORT_PART_ALL: everything the document holds
 * @CTD_REPORT_PART_SHEETS: the scoring sheets only (blank sheets to hand
 *   out before play, or a round's filled sheets)
 * @CTD_REPORT_PART_STANDINGS: the round standings only
 * @CTD_REPORT_PART_RESULTS: the final results and the settlements only
 * @CTD_REPORT_PART_SLIPS: a round's link slips, one per table, to cut
 *   and hand out (issue 21): ctd_report_round() only, with the links
 *   (@links or @links_base) and never for a public copy
 * @CTD_REPORT_PART_POSTING: the results to post (results.html): the
 *   standings, and the final results and settlements, without the
 *   scoring sheets or the audit log
 *
 * Which part of a round or of the whole event a document holds: what a
 * director prints at the desk is most often one part, not the archive.
 */
typedef enum
{
  CTD_REPORT_PART_ALL,
  CTD_REPORT_PART_SHEETS,
  CTD_REPORT_PART_STANDINGS,
  CTD_REPORT_PART_RESULTS,
  CTD_REPORT_PART_SLIPS,
  CTD_REPORT_PART_POSTING,
} CtdReportPart;

/*
 * CtdReportOptions:
 * @template_dir: (nullable): a folder whose layout files replace the
 *   built-in ones (after ~/.config/chouette-td/templates)
 * @public_view: for posting: no score of a Qualifying or Semi-final round
 *   that is not complete, no scoring sheet of such a round, no audit log
 * @blank: scoring sheets without results, as printed before play
 * @part: which part of a round (ctd_report_round()) or of the event
 *   (ctd_report_archive()) to include; 0 (all) for the whole document
 * @links: (nullable) (element-type gpointer utf8): each chouette's private
 *   link, where its table enters its games from a phone (issue 21), keyed
 *   by ctd_chouette_key(): its scoring sheet prints the link and its QR
 *   code under the signatures. %NULL, or a chouette without one, prints
 *   the sheet as before; a public copy never prints a link (a secret)
 * @links_base: (nullable): the desk's address, http://ADDRESS:PORT, to
 *   print every chouette's link under, read from the event
 *   (ctd_report_links_new()), in place of @links; a public copy asked
 *   with it is refused (%CTD_REPORT_ERROR_SECRET) rather than printed
 *   without the links a director expects
 */
typedef struct
{
  const char   *template_dir;
  gboolean      public_view;
  gboolean      blank;
  CtdReportPart part;
  GHashTable   *links;
  const char   *links_base;
} CtdReportOptions;

GQuark       ctd_report_error_quark (void);

GHashTable  *ctd_report_links_new   (CtdStore               *store,
                                     const char             *base,
                                     GError                **error);

CtdSheetDoc *ctd_report_chouette    (CtdStore               *store,
                                     guint                   round,
                                     guint                   chouette,
                                     const CtdReportOptions *options,
                                     GError                **error);
CtdSheetDoc *ctd_report_round       (CtdStore               *store,
                                     guint                   round,
                                     const CtdReportOptions *options,
                                     GError                **error);
CtdSheetDoc *ctd_report_archive     (CtdStore               *store,
                                     const CtdReportOptions *options,
                                     GError                **error);
CtdSheetDoc *ctd_report_build       (CtdStore               *store,
                                     guint                   round,
                                     guint                   chouette,
                                     const CtdReportOptions *options,
                                     GError                **error);

G_END_DECLS
