/* ctd-report-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/output/ctd-report*.c files. Never included outside them.
 *
 *   ctd-report.c           the event's facts, layouts, drawing helpers; the documents
 *   ctd-report-sheet.c     the official scoring sheet
 *   ctd-report-standings.c a round's standings
 *   ctd-report-final.c     final results, settlements, the audit log
 *   ctd-report-link.c      a table's link and its QR code on its sheet
 *   ctd-report-slips.c     a round's link slips, one per table
 */

#pragma once

#include "ctd-tournament.h"
#include "ctd-report.h"
#include "ctd-outcome.h"
#include "ctd-template.h"

G_BEGIN_DECLS

/* What each layout must define (ctd-report.c). */
extern const CtdTemplateSpec report_sheet_4_spec;
extern const CtdTemplateSpec report_sheet_3_spec;
extern const CtdTemplateSpec report_standings_spec;
extern const CtdTemplateSpec report_results_spec;
extern const CtdTemplateSpec report_settlements_spec;
extern const CtdTemplateSpec report_log_spec;

/* Score cells: a sign on gains, as on the paper sheet; half points show. */
#define SCORE_FORMAT "+General;-General;0"
#define MONEY_FORMAT "#,##0.00;-#,##0.00;0.00"

#define SHADE 0xe9ecefu

enum
{
  WRAP = 1 << 0,          /* wrap long text within the cell */
  BOX = 1 << 1,           /* thin lines on all sides */
  SHADED = 1 << 2,        /* a grey fill: headings, cells not to write in */
  TOP_HEAVY = 1 << 3,     /* a medium line on top: a new segment */
  BOTTOM_HEAVY = 1 << 7,  /* a medium line under: a segment's last game */
  BOTTOM_LINE = 1 << 4,   /* a thin line under: where to sign */
  ITALIC = 1 << 5,
  OUTLINE = 1 << 6,       /* medium lines on all sides */
};

/* The event's facts every page prints, and the layout being built. */
typedef struct
{
  CtdStore               *store;
  const CtdReportOptions *options;
  CtdEventSettings        settings;
  CtdSheetDoc            *doc;
  CtdTemplate            *layout;  /* borrowed from @layouts */
  GHashTable             *layouts; /* spec -> CtdTemplate: each file read and checked once,
                                    * not once per scoring sheet */
  GHashTable             *chouettes; /* ctd_chouette_key() -> CtdChouette: the sheets, the
                                      * standings and the settlements read each once */
  GPtrArray              *names;   /* placeholder names, NULL-terminated */
  GPtrArray              *values;  /* their values */
  GHashTable             *links;   /* the tables' links the sheets print (a ref of the
                                    * options' or read from the event), or NULL */
} Report;

/*
 * Row heights follow the layout's fonts, so that a club that enlarges a
 * font gets taller rows instead of clipped text. A line of text takes
 * LINE_FACTOR times its font's size (spreadsheet programs space wrapped
 * lines about so); a row adds its own room around its lines, in points,
 * chosen so that the default layouts keep the heights they always had for
 * a row of one line. Where a row wraps, its lines are counted from the
 * characters that fit its width, fewer in a bigger font.
 */
#define LINE_FACTOR 1.35
/* The font size at which a column N characters wide holds N characters. */
#define REFERENCE_SIZE 10.0
/* A line of bold text holds this part of as many characters. */
#define BOLD_CHARS 0.88
/* Around the lines of a row of a list. */
#define LIST_ROOM 3.5
/* A cell's text holds this part of the characters its width says: the
 * rest is the cell's own padding. */
#define CELL_CHARS 0.95
/* Text across merged columns holds this part of the characters their
 * widths add up to. */
#define SPAN_CHARS 0.96

/* ---- ctd-report.c: the report and its drawing helpers ---------------- */

/* @heading: what the column's heading says, instead of the layout's */
typedef struct
{
  const char *key;
  CtdSheetAlign align;
  const char *heading;
} ListColumn;

void report_set_value (Report     *report,
                       const char *name,
                       const char *value);

const char *report_get_value (Report     *report,
                              const char *name);

gboolean report_use_layout (Report                *report,
                            const CtdTemplateSpec *spec,
                            GError               **error);

CtdChouette *report_load_chouette (Report  *report,
                                   guint    round,
                                   guint    number,
                                   GError **error);

char *report_layout_text (Report     *report,
                          const char *key);

guint report_style (Report        *report,
                    const char    *font_key,
                    CtdSheetAlign  align,
                    guint          flags,
                    const char    *number_format);

CtdSheetPage *report_add_page (Report     *report,
                               const char *name);

CtdSheetCell *report_put_text (CtdSheetPage *page,
                               guint         row,
                               guint         col,
                               guint         last_col,
                               const char   *text,
                               guint         style_index);

void report_put_blank (CtdSheetPage *page,
                       guint         row,
                       guint         col,
                       guint         last_col,
                       guint         style_index);

void report_put_score (CtdSheetPage *page,
                       guint         row,
                       guint         col,
                       CtdHalves     halves,
                       guint         style_index);

double report_tallest (Report     *report,
                       const char *first,
                       ...) G_GNUC_NULL_TERMINATED;

double report_row_height (double size,
                          guint  lines,
                          double room);

guint report_lines_needed (const char *text,
                           double      width,
                           double      size);
char *report_heading_text (const char *heading,
                           const char *text);

void report_set_round_values (Report              *report,
                              const CtdStoreRound *info);

gboolean report_round_is_public (const CtdStoreRound *info);

guint report_list_heading (Report           *report,
                           CtdSheetPage     *page,
                           const char       *title,
                           const char       *note,
                           const ListColumn *columns,
                           guint             n_columns);

void report_fit_row (Report           *report,
                     CtdSheetPage     *page,
                     guint             row,
                     const ListColumn *columns,
                     const char      **texts,
                     guint             n_columns,
                     double            size);

GHashTable *report_clubs_by_id (CtdStore  *store,
                                GError   **error);

char *report_rolloff_text (Report                *report,
                           const CtdStandingsRow *row);

/* ---- the parts --------------------------------------------------------- */

gboolean report_init_links (Report  *report,
                            GError **error);

const char *report_link_for (Report *report,
                             guint   round,
                             guint   chouette);

guint report_add_table_link (Report       *report,
                             CtdSheetPage *page,
                             guint         row,
                             guint         first_col,
                             guint         last_col,
                             const char   *label,
                             const char   *link,
                             const char   *codes,
                             GError      **error);
char *report_seat_code (const char *link,
                        guint       seat);
char *report_seat_codes (const char        *link,
                         guint              size,
                         char * const      *names);

gboolean report_add_slips (Report              *report,
                           const CtdStoreRound *info,
                           GError             **error);

gboolean report_add_chouette_sheet (Report                 *report,
                                    const CtdStoreRound    *info,
                                    const CtdStoreChouette *seats,
                                    GError                **error);

gboolean report_add_round_sheets (Report              *report,
                                  const CtdStoreRound *info,
                                  GError             **error);

gboolean report_add_standings (Report              *report,
                               const CtdStoreRound *info,
                               GError             **error);

gboolean report_add_results (Report  *report,
                             GError **error);

gboolean report_add_settlements (Report  *report,
                                 GArray  *rounds,
                                 GError **error);

gboolean report_add_audit_log (Report  *report,
                               GError **error);

G_END_DECLS
