/* ctd-report.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A report: the event's facts and the layouts every page of a document
 * shares, the drawing helpers of every part, and the documents
 * (ctd_report_chouette(), ctd_report_round(), ctd_report_archive()).
 * The parts are in ctd-report-sheet.c, ctd-report-standings.c and
 * ctd-report-final.c.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"
#include "ctd-locale.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/**
 * ctd_report_error_quark:
 *
 * Returns: the domain of %CTD_REPORT_ERROR errors
 */
G_DEFINE_QUARK (ctd-report-error-quark, ctd_report_error)

/* What each layout must define (the .ini files of templates/). */
static const char *const sheet_fonts[] = { "Title", "Label", "Value", "Heading", "Body", "Small",
                                           NULL };
static const char *const sheet_texts[] = {
  "Title", "Event", "Round", "Chouette", "Table", "Date", "Stake", "Seed", "Totals",
  "Amounts", "Provisional", "ZeroSum", "LastSegment", "LastSegmentKnown", "Settlement",
  "SettlementPending", "Pays", "Signatures", "Director", "Adjustment", "TableEntry", NULL
};
static const char *const sheet_columns[] = { "Game", "Segment", "Box", "Captain", "Playing",
                                             "Cube", "Decisions", "Score", "Total", "Result",
                                             "Initials", NULL };
static const char *const sheet_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                  "label", "table", "stake", "seed", "first",
                                                  "before", "direction", "order", "entered",
                                                  "payer", "payee", "points", "link",
                                                  NULL };

static const char *const list_fonts[] = { "Title", "Heading", "Body", "Small", NULL };
static const char *const standings_texts[] = { "Title", "Progress", "Secret", "Tied", "Advances",
                                               "RollOff", "RollOffWon", "RollOffPlace", "Place",
                                               NULL };
static const char *const standings_columns[] = { "Rank", "Name", "Club", "Chouette", "Score",
                                                 "Advances", NULL };
static const char *const standings_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                      "complete", "chouettes", "next", "place",
                                                      NULL };
static const char *const standings_added[] = { "Text/RollOffWon", "Text/RollOffPlace",
                                               "Text/Place", NULL };
static const char *const results_texts[] = { "Title", "Subtitle", "Unfinished", "Tied",
                                             "RollOffWon", "RollOffPlace", NULL };
static const char *const results_columns[] = { "Place", "Name", "Club", "Score", NULL };
static const char *const results_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                    "place", NULL };
static const char *const results_added[] = { "Text/RollOffWon", "Text/RollOffPlace", NULL };
static const char *const settlements_texts[] = { "Title", "Chouette", "Unfinished", "Pays", NULL };
static const char *const settlements_columns[] = { "Number", "Name", "Score", "Amount", "Payment",
                                                   NULL };
static const char *const settlements_placeholders[] = { "event", "date", "venue", "stake",
                                                        "label", NULL };
static const char *const log_texts[] = { "Title", "Undone", "Undoes", "Redone", "Redoes", NULL };
static const char *const log_columns[] = { "Number", "Time", "Action", "Summary", "Note", NULL };
static const char *const log_placeholders[] = { "event", "date", "venue", "id", NULL };
static const char *const log_added[] = { "Text/Redone", "Text/Redoes", NULL };

/* Keys the scoring sheets gained after clubs may have copied them. */
static const char *const sheet_added[] = { "Columns/Playing", "Text/Provisional",
                                           "Text/SettlementPending", "Text/Adjustment",
                                           "Text/TableEntry", NULL };

const CtdTemplateSpec report_sheet_4_spec = {
  "scoring-sheet-4.ini", sheet_fonts, sheet_texts, sheet_columns, sheet_placeholders, sheet_added
};
const CtdTemplateSpec report_sheet_3_spec = {
  "scoring-sheet-3.ini", sheet_fonts, sheet_texts, sheet_columns, sheet_placeholders, sheet_added
};
const CtdTemplateSpec report_standings_spec = {
  "standings.ini", list_fonts, standings_texts, standings_columns, standings_placeholders,
  standings_added
};
const CtdTemplateSpec report_results_spec = {
  "results.ini", list_fonts, results_texts, results_columns, results_placeholders, results_added
};
const CtdTemplateSpec report_settlements_spec = {
  "settlements.ini", list_fonts, settlements_texts, settlements_columns, settlements_placeholders
};
const CtdTemplateSpec report_log_spec = {
  "audit-log.ini", list_fonts, log_texts, log_columns, log_placeholders, log_added
};

static void
report_clear (Report *report)
{
  ctd_event_settings_clear (&report->settings);
  g_clear_pointer (&report->doc, ctd_sheet_doc_free);
  report->layout = NULL;
  g_clear_pointer (&report->layouts, g_hash_table_unref);
  g_clear_pointer (&report->chouettes, g_hash_table_unref);
  g_clear_pointer (&report->names, g_ptr_array_unref);
  g_clear_pointer (&report->values, g_ptr_array_unref);
  g_clear_pointer (&report->links, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Report, report_clear)

void
report_set_value (Report     *report,
                  const char *name,
                  const char *value)
{
  for (guint i = 0; i + 1 < report->names->len; i++)
    if (g_str_equal (g_ptr_array_index (report->names, i), name))
      {
        g_free (report->values->pdata[i]);
        report->values->pdata[i] = g_strdup (value);
        return;
      }
  g_ptr_array_insert (report->names, report->names->len - 1, g_strdup (name));
  g_ptr_array_add (report->values, g_strdup (value));
}

const char *
report_get_value (Report     *report,
                  const char *name)
{
  for (guint i = 0; i + 1 < report->names->len; i++)
    if (g_str_equal (g_ptr_array_index (report->names, i), name))
      return g_ptr_array_index (report->values, i);
  g_return_val_if_reached ("");
}

/* The document time: the event's date, so the same event gives the same
 * bytes whenever it is exported. */
static gint64
event_time (const CtdEventSettings *settings)
{
  g_autoptr(GDateTime) date = NULL;
  int y, m, d;

  if (settings->date != NULL && sscanf (settings->date, "%4d-%2d-%2d", &y, &m, &d) == 3)
    date = g_date_time_new_utc (y, m, d, 12, 0, 0);
  return date != NULL ? g_date_time_to_unix (date) : 946728000;  /* 2000-01-01 12:00 */
}

static gboolean
report_init (Report                 *report,
             CtdStore               *store,
             const CtdReportOptions *options,
             const char             *title,
             GError                **error)
{
  static const CtdReportOptions defaults = { NULL, FALSE, FALSE };
  g_autofree char *stake = NULL;
  g_autofree char *date = NULL;

  report->store = store;
  report->options = options != NULL ? options : &defaults;
  if (!ctd_store_get_settings (store, &report->settings, error) ||
      !report_init_links (report, error))
    return FALSE;
  report->doc = ctd_sheet_doc_new (title, event_time (&report->settings));
  g_free (report->doc->subject);
  report->doc->subject = g_strdup (report->settings.name);
  report->layouts = g_hash_table_new_full (NULL, NULL, NULL,
                                           (GDestroyNotify) ctd_template_free);
  report->chouettes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) ctd_chouette_free);
  report->names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (report->names, NULL);
  report->values = g_ptr_array_new_with_free_func (g_free);
  stake = ctd_money_to_string (report->settings.stake_cents);
  date = ctd_locale_date (report->settings.date);
  report_set_value (report, "event", report->settings.name);
  report_set_value (report, "date", date);
  report_set_value (report, "venue", report->settings.venue);
  report_set_value (report, "stake", stake);
  return TRUE;
}

gboolean
report_use_layout (Report                *report,
                   const CtdTemplateSpec *spec,
                   GError               **error)
{
  CtdTemplate *layout = g_hash_table_lookup (report->layouts, spec);

  if (layout == NULL)
    {
      layout = ctd_template_load (spec, report->options->template_dir, error);
      if (layout == NULL)
        return FALSE;
      g_hash_table_insert (report->layouts, (gpointer) spec, layout);
    }
  report->layout = layout;
  return TRUE;
}

/* Chouette @number of @round with its games, loaded once per document. */
CtdChouette *
report_load_chouette (Report  *report,
                      guint    round,
                      guint    number,
                      GError **error)
{
  gpointer key = ctd_chouette_key (round, number);
  CtdChouette *chouette = g_hash_table_lookup (report->chouettes, key);

  if (chouette == NULL)
    {
      chouette = ctd_store_load_chouette (report->store, round, number, error);
      if (chouette == NULL)
        return NULL;
      g_hash_table_insert (report->chouettes, key, chouette);
    }
  return chouette;
}

static char *
expand (Report     *report,
        const char *text)
{
  g_autofree char *expanded = ctd_template_expand (text,
                                                   (const char *const *) report->names->pdata,
                                                   (const char *const *) report->values->pdata);
  GString *tidy = g_string_new (expanded);

  /* "{event}, {venue}, {date}" for an event with no venue: no ", ,". */
  while (g_string_replace (tidy, ", , ", ", ", 0) > 0)
    ;
  if (g_str_has_prefix (tidy->str, ", "))
    g_string_erase (tidy, 0, 2);
  if (g_str_has_suffix (tidy->str, ","))
    g_string_truncate (tidy, tidy->len - 1);
  if (g_str_has_suffix (tidy->str, ", "))
    g_string_truncate (tidy, tidy->len - 2);
  return g_string_free (tidy, FALSE);
}

char *
report_layout_text (Report     *report,
                    const char *key)
{
  return expand (report, ctd_template_get_text (report->layout, key));
}

guint
report_style (Report        *report,
              const char    *font_key,
              CtdSheetAlign  align,
              guint          flags,
              const char    *number_format)
{
  const CtdTemplateFont *font = ctd_template_get_font (report->layout, font_key);
  CtdSheetBorder thin = CTD_SHEET_BORDER_THIN;
  CtdSheetStyle s = {
    .font = font->family,
    .size = font->size,
    .bold = font->bold,
    .italic = font->italic || (flags & ITALIC) != 0,
    .align = align,
    .wrap = (flags & WRAP) != 0,
    .fill = (flags & SHADED) != 0 ? SHADE : CTD_SHEET_NO_FILL,
    .number_format = (char *) number_format,
  };

  if (flags & (BOX | OUTLINE))
    for (guint side = 0; side < CTD_SHEET_N_SIDES; side++)
      s.border[side] = (flags & OUTLINE) ? CTD_SHEET_BORDER_MEDIUM : thin;
  if (flags & TOP_HEAVY)
    s.border[CTD_SHEET_SIDE_TOP] = CTD_SHEET_BORDER_MEDIUM;
  if (flags & BOTTOM_LINE)
    s.border[CTD_SHEET_SIDE_BOTTOM] = thin;
  if (flags & BOTTOM_HEAVY)
    s.border[CTD_SHEET_SIDE_BOTTOM] = CTD_SHEET_BORDER_MEDIUM;
  return ctd_sheet_doc_add_style (report->doc, &s);
}

/* A new page on the event's paper (an event setting, so that a club
 * prints on Letter without copying the layouts), with the layout's
 * orientation, margins, header and footer. */
CtdSheetPage *
report_add_page (Report     *report,
                 const char *name)
{
  CtdSheetPage *page = ctd_sheet_doc_add_page (report->doc, name);

  page->paper = report->settings.paper;
  page->landscape = ctd_template_get_landscape (report->layout);
  page->margin_inches = ctd_template_get_margin (report->layout);
  for (guint i = 0; i < 3; i++)
    {
      page->header[i] = expand (report, ctd_template_get_header (report->layout, i));
      page->footer[i] = expand (report, ctd_template_get_footer (report->layout, i));
    }
  return page;
}

CtdSheetCell *
report_put_text (CtdSheetPage *page,
                 guint         row,
                 guint         col,
                 guint         last_col,
                 const char   *text,
                 guint         style_index)
{
  CtdSheetCell *cell = ctd_sheet_page_add_text (page, row, col, text, style_index);

  ctd_sheet_cell_merge (cell, row, last_col);
  return cell;
}

/* Fills a blank range so its borders and shading print. */
void
report_put_blank (CtdSheetPage *page,
                  guint         row,
                  guint         col,
                  guint         last_col,
                  guint         style_index)
{
  report_put_text (page, row, col, last_col, "", style_index);
}

void
report_put_score (CtdSheetPage *page,
                  guint         row,
                  guint         col,
                  CtdHalves     halves,
                  guint         style_index)
{
  g_autofree char *text = ctd_halves_to_string (halves, TRUE);

  ctd_sheet_page_add_number (page, row, col, halves / 2.0, text, style_index);
}

/* The size in points of the largest of the layout's fonts named: a row is
 * as tall as its tallest text. */
double
report_tallest (Report     *report,
                const char *first,
                ...)
{
  double size = 0;
  va_list args;

  va_start (args, first);
  for (const char *key = first; key != NULL; key = va_arg (args, const char *))
    size = MAX (size, ctd_template_get_font (report->layout, key)->size);
  va_end (args);
  return size;
}

/* Rounded to a tenth of a point, so the XLSX file says "46.4", not
 * "46.40000000000001". */
double
report_row_height (double size,
                   guint  lines,
                   double room)
{
  return round ((size * LINE_FACTOR * lines + room) * 10) / 10;
}

/* "Settlement: when all 12 games are entered": a layout's heading and
 * what follows it, with the punctuation between them the translation's
 * ("Règlement : ..." in French), not written here. */
char *
report_heading_text (const char *heading,
                     const char *text)
{
  /* Translators: a heading of a printed sheet (%1$s, "Settlement",
   * "Chouette 2.1") and what it says (%2$s) */
  return g_strdup_printf (C_("heading and text", "%1$s: %2$s"), heading, text);
}

/* Rows of wrapped text a cell of @width characters needs for @text in a
 * font of @size points (a rough count, on the generous side). */
guint
report_lines_needed (const char *text,
                     double      width,
                     double      size)
{
  guint per_line = MAX (1, (guint) (width * CELL_CHARS * REFERENCE_SIZE / size));
  guint lines = 0;

  /* Each line of a text that holds line breaks wraps on its own. */
  for (const char *start = text;; )
    {
      const char *end = strchr (start, '\n');
      glong length = g_utf8_strlen (start, end != NULL ? end - start : -1);

      lines += MAX (1, (guint) ((length + per_line - 1) / per_line));
      if (end == NULL)
        break;
      start = end + 1;
    }
  return lines;
}

void
report_set_round_values (Report              *report,
                         const CtdStoreRound *info)
{
  g_autofree char *number = g_strdup_printf ("%u", info->number);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, info->seed);

  report_set_value (report, "round", number);
  report_set_value (report, "stage", ctd_stage_to_title (info->stage));
  report_set_value (report, "seed", seed);
}

gboolean
report_round_is_public (const CtdStoreRound *info)
{
  return ctd_standings_scores_are_public (info->stage, info->state);
}

/* The rows above a list, their room around their lines in points
 * (report_row_height()), and the height of the empty row between the
 * note and the headings, in points. */
#define LIST_TITLE_ROOM 6.4
#define LIST_NOTE_ROOM 4.2
#define LIST_GAP 6
#define LIST_HEADING_ROOM 5.85

/* A title, an optional note, and the headings of a list; returns the first
 * row of the list. The headings repeat on every printed page. */
guint
report_list_heading (Report           *report,
                     CtdSheetPage     *page,
                     const char       *title,
                     const char       *note,
                     const ListColumn *columns,
                     guint             n_columns)
{
  guint title_style = report_style (report, "Title", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint note_style = report_style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP | ITALIC, NULL);
  double small = report_tallest (report, "Small", NULL);
  double heading = report_tallest (report, "Heading", NULL);
  double width = 0;
  guint row = 0;
  guint lines = 1;

  for (guint i = 0; i < n_columns; i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, columns[i].key);

      ctd_sheet_page_set_width (page, i, column->width);
      width += column->width;
    }
  report_put_text (page, row, 0, n_columns - 1, title, title_style);
  ctd_sheet_page_set_height (page, row++,
                             report_row_height (report_tallest (report, "Title", NULL), 1,
                                                LIST_TITLE_ROOM));
  if (note != NULL && *note != '\0')
    {
      report_put_text (page, row, 0, n_columns - 1, note, note_style);
      ctd_sheet_page_set_height (page, row++,
                                 report_row_height (small,
                                                    report_lines_needed (note, width * SPAN_CHARS,
                                                                         small),
                                                    LIST_NOTE_ROOM));
    }
  ctd_sheet_page_set_height (page, row++, LIST_GAP);
  for (guint i = 0; i < n_columns; i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, columns[i].key);

      const char *text = columns[i].heading != NULL ? columns[i].heading : column->heading;

      report_put_text (page, row, i, i, text,
                       report_style (report, "Heading", columns[i].align, BOX | SHADED | WRAP,
                                     NULL));
      lines = MAX (lines, report_lines_needed (text, column->width * BOLD_CHARS, heading));
    }
  ctd_sheet_page_set_height (page, row, report_row_height (heading, lines, LIST_HEADING_ROOM));
  page->repeat_first = page->repeat_last = (int) row;
  return row + 1;
}

/* Sets a list row's height to fit its longest wrapped text; @texts are in
 * the Body font, @size is the row's tallest. */
void
report_fit_row (Report           *report,
                CtdSheetPage     *page,
                guint             row,
                const ListColumn *columns,
                const char      **texts,
                guint             n_columns,
                double            size)
{
  double body = report_tallest (report, "Body", NULL);
  guint lines = 1;

  for (guint i = 0; i < n_columns; i++)
    if (texts[i] != NULL)
      {
        const CtdTemplateColumn *column = ctd_template_get_column (report->layout,
                                                                   columns[i].key);

        lines = MAX (lines, report_lines_needed (texts[i], column->width, body));
      }
  ctd_sheet_page_set_height (page, row, report_row_height (size, lines, LIST_ROOM));
}

GHashTable *
report_clubs_by_id (CtdStore  *store,
                    GError   **error)
{
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, error);
  GHashTable *clubs;

  if (players == NULL)
    return NULL;
  clubs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  for (guint i = 0; i < players->len; i++)
    {
      const CtdStorePlayer *player = g_ptr_array_index (players, i);

      g_hash_table_insert (clubs, g_memdup2 (&player->id, sizeof player->id),
                           g_strdup (player->club != NULL ? player->club : ""));
    }
  return clubs;
}

/* "won roll-off", "2nd in roll-off", or NULL: what a roll-off that
 * ordered the player among equal scores decided (SPEC 6). */
char *
report_rolloff_text (Report                *report,
                     const CtdStandingsRow *row)
{
  g_autofree char *place = NULL;

  if (row->rolloff_place == 0)
    return NULL;
  if (row->rolloff_place == 1)
    return report_layout_text (report, "RollOffWon");
  place = ctd_outcome_ordinal (row->rolloff_place);
  report_set_value (report, "place", place);
  return report_layout_text (report, "RollOffPlace");
}

/* ------------------------------------------------------------------------ */
/* Documents                                                                 */

/* The archive's title, or the part's when it holds one part. */
static const char *
report_part_title (CtdReportPart part)
{
  switch (part)
    {
    case CTD_REPORT_PART_SHEETS:
      return _("Scoring sheets");
    case CTD_REPORT_PART_STANDINGS:
      return _("Standings");
    case CTD_REPORT_PART_RESULTS:
      return _("Final results and settlements");
    case CTD_REPORT_PART_POSTING:
      /* Translators: the title of the results posted as a web page */
      return _("Results");
    case CTD_REPORT_PART_ALL:
    default:
      return _("Event archive");
    }
}

static gboolean
check_public (Report              *report,
              const CtdStoreRound *info,
              GError             **error)
{
  if (!report->options->public_view || report_round_is_public (info))
    return TRUE;
  g_set_error (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET,
               _("Round %u's scores are secret until all its chouettes are complete: a "
                 "public copy can hold only its standings; print or export its sheets as "
                 "the director's copy (not public)"), info->number);
  return FALSE;
}

/**
 * ctd_report_chouette:
 * @store: an event
 * @round: the round's number
 * @chouette: the chouette's number in @round
 * @options: (nullable): the layouts folder, blank or filled, public or not
 * @error: return location for a #GError
 *
 * The official scoring sheet of one chouette, one landscape page.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdSheetDoc *
ctd_report_chouette (CtdStore               *store,
                     guint                   round,
                     guint                   chouette,
                     const CtdReportOptions *options,
                     GError                **error)
{
  g_auto(Report) report = { 0 };
  /* Translators: a document's title: round and chouette, "Scoring sheet 2.3" */
  g_autofree char *title = g_strdup_printf (_("Scoring sheet %u.%u"), round, chouette);
  g_autoptr(CtdStoreChouette) seats = NULL;
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!report_init (&report, store, options, title, error) ||
      !ctd_tournament_get_round (store, round, &info, error) ||
      !check_public (&report, &info, error) ||
      (seats = ctd_tournament_get_chouette (store, round, chouette, error)) == NULL ||
      !report_add_chouette_sheet (&report, &info, seats, error))
    return NULL;
  return g_steal_pointer (&report.doc);
}

/* Whether @options ask for @part (all of the document asks for every part). */
static gboolean
wants (Report        *report,
       CtdReportPart  part)
{
  CtdReportPart asked = report->options->part;

  /* What is posted: every list, none of the sheets. */
  if (asked == CTD_REPORT_PART_POSTING)
    return part == CTD_REPORT_PART_STANDINGS || part == CTD_REPORT_PART_RESULTS;
  return asked == CTD_REPORT_PART_ALL || asked == part;
}

/* A part with nothing in it is not a document to print: say why. */
static CtdSheetDoc *
finish (Report  *report,
        GError **error)
{
  static const char *const missing[] = {
    [CTD_REPORT_PART_ALL] = N_("there is nothing to print yet"),
    [CTD_REPORT_PART_SHEETS] = N_("there is no scoring sheet to print yet"),
    [CTD_REPORT_PART_STANDINGS] = N_("there are no standings to print yet: draw a round first"),
    [CTD_REPORT_PART_RESULTS] = N_("there are no final results or settlements to print yet"),
    [CTD_REPORT_PART_SLIPS] = N_("link slips are printed for one round: choose a round"),
    [CTD_REPORT_PART_POSTING] = N_("there are no results to post yet: draw a round first"),
  };

  if (report->doc->pages->len == 0)
    {
      g_set_error (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY, "%s",
                   _(missing[report->options->part]));
      return NULL;
    }
  return g_steal_pointer (&report->doc);
}

/**
 * ctd_report_round:
 * @store: an event
 * @round: which round
 * @options: (nullable): as for ctd_report_chouette(); their @part may ask
 *   for the sheets alone or the standings alone
 * @error: return location for a #GError
 *
 * Every scoring sheet of the round, then its standings, and for the final
 * the final results; or its link slips alone (%CTD_REPORT_PART_SLIPS).
 * A public copy of a round that is still secret holds the standings page
 * only, without scores; its sheets alone are refused
 * (%CTD_REPORT_ERROR_SECRET), as ctd_report_chouette() refuses one,
 * except blank sheets, which hold no score.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdSheetDoc *
ctd_report_round (CtdStore               *store,
                  guint                   round,
                  const CtdReportOptions *options,
                  GError                **error)
{
  g_auto(Report) report = { 0 };
  g_autofree char *title = g_strdup_printf (_("Round %u"), round);
  CtdStoreRound info;
  gboolean sheets_only;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!report_init (&report, store, options, title, error) ||
      !ctd_tournament_get_round (store, round, &info, error))
    return NULL;
  if (report.options->part == CTD_REPORT_PART_SLIPS)
    return report_add_slips (&report, &info, error) ? finish (&report, error) : NULL;
  sheets_only = report.options->part == CTD_REPORT_PART_SHEETS;
  if (sheets_only && !report.options->blank && !check_public (&report, &info, error))
    return NULL;
  if (wants (&report, CTD_REPORT_PART_SHEETS) &&
      (!report.options->public_view || report_round_is_public (&info) || sheets_only) &&
      !report_add_round_sheets (&report, &info, error))
    return NULL;
  if (wants (&report, CTD_REPORT_PART_STANDINGS) && !report_add_standings (&report, &info, error))
    return NULL;
  if ((report.options->part == CTD_REPORT_PART_ALL ||
       report.options->part == CTD_REPORT_PART_POSTING) && info.stage == CTD_STAGE_FINAL &&
      !report_add_results (&report, error))
    return NULL;
  return finish (&report, error);
}

/**
 * ctd_report_archive:
 * @store: an event
 * @options: (nullable): as for ctd_report_chouette(); their @part may ask
 *   for one part of every round, or for the final results and the
 *   settlements alone
 * @error: return location for a #GError
 *
 * The whole event: every round's sheets and standings, the final results,
 * the settlements and, for the director's copy, the audit log.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdSheetDoc *
ctd_report_archive (CtdStore               *store,
                    const CtdReportOptions *options,
                    GError                **error)
{
  g_auto(Report) report = { 0 };
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GError) no_final = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  guint final_round;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!report_init (&report, store, options,
                    report_part_title (options != NULL ? options->part : CTD_REPORT_PART_ALL),
                    error) ||
      (rounds = ctd_store_list_rounds (store, error)) == NULL)
    return NULL;
  for (guint r = 0; r < rounds->len; r++)
    {
      const CtdStoreRound *info = &g_array_index (rounds, CtdStoreRound, r);

      if (wants (&report, CTD_REPORT_PART_SHEETS) &&
          (!report.options->public_view || report_round_is_public (info)) &&
          !report_add_round_sheets (&report, info, error))
        return NULL;
      if (wants (&report, CTD_REPORT_PART_STANDINGS) &&
          !report_add_standings (&report, info, error))
        return NULL;
    }
  if (wants (&report, CTD_REPORT_PART_RESULTS))
    {
      placings = ctd_tournament_final_placings (store, &final_round, &no_final);
      if (placings != NULL && !report_add_results (&report, error))
        return NULL;
      if (!report_add_settlements (&report, rounds, error))
        return NULL;
    }
  if (report.options->part == CTD_REPORT_PART_ALL && !report.options->public_view &&
      !report_add_audit_log (&report, error))
    return NULL;
  return finish (&report, error);
}
