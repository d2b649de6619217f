/* ctd-report.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ctd-event.h"
#include "ctd-results.h"
#include "ctd-template.h"

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
  "SettlementPending", "Pays", "Signatures", "Director", "Adjustment", NULL
};
static const char *const sheet_columns[] = { "Game", "Segment", "Box", "Captain", "Playing",
                                             "Cube", "Decisions", "Score", "Total", "Result",
                                             "Initials", NULL };
static const char *const sheet_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                  "label", "table", "stake", "seed", "first",
                                                  "before", "direction", "order", "entered",
                                                  "payer", "payee", "points", NULL };

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
                                           "Text/SettlementPending", "Text/Adjustment", NULL };

static const CtdTemplateSpec sheet_4_spec = {
  "scoring-sheet-4.ini", sheet_fonts, sheet_texts, sheet_columns, sheet_placeholders, sheet_added
};
static const CtdTemplateSpec sheet_3_spec = {
  "scoring-sheet-3.ini", sheet_fonts, sheet_texts, sheet_columns, sheet_placeholders, sheet_added
};
static const CtdTemplateSpec standings_spec = {
  "standings.ini", list_fonts, standings_texts, standings_columns, standings_placeholders,
  standings_added
};
static const CtdTemplateSpec results_spec = {
  "results.ini", list_fonts, results_texts, results_columns, results_placeholders, results_added
};
static const CtdTemplateSpec settlements_spec = {
  "settlements.ini", list_fonts, settlements_texts, settlements_columns, settlements_placeholders
};
static const CtdTemplateSpec log_spec = {
  "audit-log.ini", list_fonts, log_texts, log_columns, log_placeholders, log_added
};

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
  GHashTable             *chouettes; /* round << 16 | number -> CtdChouette: the sheets, the
                                      * standings and the settlements read each once */
  GPtrArray              *names;   /* placeholder names, NULL-terminated */
  GPtrArray              *values;  /* their values */
} Report;

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
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Report, report_clear)

static void
set_value (Report     *report,
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

static const char *
get_value (Report     *report,
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

  report->store = store;
  report->options = options != NULL ? options : &defaults;
  if (!ctd_store_get_settings (store, &report->settings, error))
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
  set_value (report, "event", report->settings.name);
  set_value (report, "date", report->settings.date);
  set_value (report, "venue", report->settings.venue);
  set_value (report, "stake", stake);
  return TRUE;
}

static gboolean
use_layout (Report                *report,
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
static CtdChouette *
load_chouette (Report  *report,
               guint    round,
               guint    number,
               GError **error)
{
  gpointer key = GUINT_TO_POINTER (round << 16 | number);
  CtdChouette *chouette = g_hash_table_lookup (report->chouettes, key);

  g_assert (number < 1 << 16);
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

static char *
layout_text (Report     *report,
             const char *key)
{
  return expand (report, ctd_template_get_text (report->layout, key));
}

static guint
style (Report        *report,
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
static CtdSheetPage *
add_page (Report     *report,
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

static CtdSheetCell *
put_text (CtdSheetPage *page,
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
static void
put_blank (CtdSheetPage *page,
           guint         row,
           guint         col,
           guint         last_col,
           guint         style_index)
{
  put_text (page, row, col, last_col, "", style_index);
}

static void
put_score (CtdSheetPage *page,
           guint         row,
           guint         col,
           CtdHalves     halves,
           guint         style_index)
{
  g_autofree char *text = ctd_halves_to_string (halves, TRUE);

  ctd_sheet_page_add_number (page, row, col, halves / 2.0, text, style_index);
}

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

/* The size in points of the largest of the layout's fonts named: a row is
 * as tall as its tallest text. */
static double
tallest (Report     *report,
         const char *first,
         ...) G_GNUC_NULL_TERMINATED;

static double
tallest (Report     *report,
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
static double
row_height (double size,
            guint  lines,
            double room)
{
  return round ((size * LINE_FACTOR * lines + room) * 10) / 10;
}

/* Rows of wrapped text a cell of @width characters needs for @text in a
 * font of @size points (a rough count, on the generous side). */
static guint
lines_needed (const char *text,
              double      width,
              double      size)
{
  guint per_line = MAX (1, (guint) (width * 0.95 * REFERENCE_SIZE / size));
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

static void
set_round_values (Report              *report,
                  const CtdStoreRound *info)
{
  g_autofree char *number = g_strdup_printf ("%u", info->number);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, info->seed);

  set_value (report, "round", number);
  set_value (report, "stage", ctd_stage_to_title (info->stage));
  set_value (report, "seed", seed);
}

static gboolean
round_is_public (const CtdStoreRound *info)
{
  return ctd_standings_scores_are_public (info->stage, info->state);
}

/* ------------------------------------------------------------------------ */
/* The official scoring sheet (SPEC section 8)                               */

/* Columns of a sheet for @size players. */
typedef struct
{
  guint size;
  guint game, segment, box, captain, playing, cube, decisions;
  guint first_player;  /* player k's game score at first_player + 2k, total next */
  guint result, initials, last;
} SheetColumns;

static void
columns_for_size (guint         size,
                  SheetColumns *c)
{
  c->size = size;
  c->game = 0;
  c->segment = 1;
  c->box = 2;
  c->captain = 3;
  c->playing = 4;
  c->cube = 5;
  c->decisions = 6;
  c->first_player = 7;
  c->result = c->first_player + 2 * size;
  c->initials = c->result + 1;
  c->last = c->initials;
}

/* The layout's column for sheet column @col. */
static const CtdTemplateColumn *
sheet_column (Report             *report,
              const SheetColumns *c,
              guint               col)
{
  static const char *const fixed[] = { "Game",    "Segment", "Box",      "Captain",
                                       "Playing", "Cube",    "Decisions" };

  if (col < G_N_ELEMENTS (fixed))
    return ctd_template_get_column (report->layout, fixed[col]);
  if (col < c->result)
    return ctd_template_get_column (report->layout,
                                    (col - c->first_player) % 2 == 0 ? "Score" : "Total");
  return ctd_template_get_column (report->layout, col == c->result ? "Result" : "Initials");
}

/* Every column's width, from the layout. */
static void
set_sheet_widths (Report             *report,
                  CtdSheetPage       *page,
                  const SheetColumns *c)
{
  for (guint col = 0; col <= c->last; col++)
    ctd_sheet_page_set_width (page, col, sheet_column (report, c, col)->width);
}

/* The width of columns @first to @last, in characters. */
static double
span_width (const CtdSheetPage *page,
            guint               first,
            guint               last)
{
  double width = 0;

  for (guint col = first; col <= last; col++)
    width += ctd_sheet_page_get_width (page, col);
  return width;
}

static char *
player_heading (const CtdStoreChouette *seats,
                guint                   k)
{
  return g_strdup_printf ("%u  %s", k + 1, seats->names[k]);
}

static char *
order_text (const guint *order,
            guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? "  " : "", order[i]);
  return g_string_free (text, FALSE);
}

/* Rows 0-3: the title, and the facts of the event, round and chouette. */
static guint
sheet_heading (Report                 *report,
               CtdSheetPage           *page,
               const SheetColumns     *c,
               const CtdStoreChouette *seats)
{
  guint label = style (report, "Label", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint value = style (report, "Value", CTD_SHEET_ALIGN_LEFT, BOTTOM_LINE | WRAP, NULL);
  guint title = style (report, "Title", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint badge = style (report, "Title", CTD_SHEET_ALIGN_CENTER, OUTLINE | WRAP, NULL);
  guint mid = c->first_player + 1;
  guint right = c->result - 1;
  g_autofree char *title_text = layout_text (report, "Title");
  g_autofree char *badge_text = NULL;
  g_autofree char *round_text = NULL;
  g_autofree char *chouette_text = NULL;
  g_autofree char *stake_text = ctd_money_to_string (report->settings.stake_cents);
  const char *venue = report->settings.venue;
  g_autofree char *event_text = NULL;
  double size = tallest (report, "Value", NULL);
  struct
  {
    const char *label_key;
    const char *text;
  } left[3], middle[3];

  badge_text = g_strdup_printf ("%s %u.%u\n%s %u",
                                ctd_template_get_text (report->layout, "Chouette"), seats->round,
                                seats->number, ctd_template_get_text (report->layout, "Table"),
                                seats->table);
  round_text = g_strdup_printf ("%s, %s", get_value (report, "round"),
                                get_value (report, "stage"));
  chouette_text = g_strdup_printf ("%u.%u  (%s %u)", seats->round, seats->number,
                                   ctd_template_get_text (report->layout, "Table"), seats->table);
  event_text = venue != NULL && *venue != '\0'
                 ? g_strdup_printf ("%s, %s", report->settings.name, venue)
                 : g_strdup (report->settings.name);

  left[0].label_key = "Event", left[0].text = event_text;
  left[1].label_key = "Round", left[1].text = round_text;
  left[2].label_key = "Chouette", left[2].text = chouette_text;
  middle[0].label_key = "Date", middle[0].text = report->settings.date;
  middle[1].label_key = "Stake", middle[1].text = stake_text;
  middle[2].label_key = "Seed", middle[2].text = get_value (report, "seed");

  put_text (page, 0, 0, right, title_text, title);
  ctd_sheet_page_set_height (page, 0, row_height (tallest (report, "Title", NULL), 1, 4.4));
  ctd_sheet_cell_merge (put_text (page, 0, c->result, c->last, badge_text, badge), 3, c->last);

  for (guint i = 0; i < 3; i++)
    {
      guint row = 1 + i;
      /* A long event name or venue wraps; its row grows to show it all. */
      guint lines = MAX (lines_needed (left[i].text, span_width (page, 2, c->decisions), size),
                         lines_needed (middle[i].text, span_width (page, mid + 1, right), size));

      ctd_sheet_page_set_height (page, row, row_height (tallest (report, "Label", "Value", NULL),
                                                        lines, 3.5));
      put_text (page, row, 0, 1, ctd_template_get_text (report->layout, left[i].label_key), label);
      put_text (page, row, 2, c->decisions, left[i].text, value);
      put_text (page, row, c->first_player, mid,
                ctd_template_get_text (report->layout, middle[i].label_key), label);
      put_text (page, row, mid + 1, right, middle[i].text, value);
    }
  ctd_sheet_page_set_height (page, 4, 8);
  return 5;
}

/* Rows 5-6: the column headings, with each player's number and name. */
static guint
sheet_table_heading (Report                 *report,
                     CtdSheetPage           *page,
                     const SheetColumns     *c,
                     const CtdStoreChouette *seats,
                     guint                   row)
{
  guint heading = style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX | SHADED | WRAP, NULL);
  guint name = style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX | SHADED | WRAP, NULL);
  const char *keys[] = { "Game", "Segment", "Box", "Captain", "Playing", "Cube", "Decisions" };
  double size = tallest (report, "Heading", NULL);
  guint n_lines = 1;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, keys[i]);
      CtdSheetCell *cell = put_text (page, row, i, i, column->heading, heading);

      ctd_sheet_cell_merge (cell, row + 1, i);
    }
  for (guint k = 0; k < c->size; k++)
    {
      const CtdTemplateColumn *score = ctd_template_get_column (report->layout, "Score");
      const CtdTemplateColumn *total = ctd_template_get_column (report->layout, "Total");
      guint col = c->first_player + 2 * k;
      g_autofree char *text = player_heading (seats, k);

      put_text (page, row, col, col + 1, text, name);
      /* Bold and centred: fewer characters to a line. */
      n_lines = MAX (n_lines, lines_needed (text, (score->width + total->width) * 0.72, size));
      put_text (page, row + 1, col, col, score->heading, heading);
      put_text (page, row + 1, col + 1, col + 1, total->heading, heading);
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *key = i == 0 ? "Result" : "Initials";
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, key);
      guint col = i == 0 ? c->result : c->initials;

      ctd_sheet_cell_merge (put_text (page, row, col, col, column->heading, heading), row + 1, col);
    }
  /* Two lines at least: "Cube decisions" spans both rows. */
  ctd_sheet_page_set_height (page, row, row_height (size, MAX (2, n_lines), 6.4));
  ctd_sheet_page_set_height (page, row + 1, row_height (size, 1, 3.2));
  return row + 2;
}

/*
 * The last segment's order as the sheet prints it (rules 1.6, 3.8): a
 * filled sheet shows what the chouette's page shows
 * (ctd_chouette_get_sheet_last_order()); a blank one only a fixed order
 * (the director fixes it to print the sheet). NULL while it cannot be
 * known: the players write it in.
 */
static const guint *
sheet_last_order (const CtdChouette *chouette,
                  gboolean           blank,
                  guint             *computed)
{
  if (blank)
    return ctd_chouette_get_last_segment_order (chouette);
  return ctd_chouette_get_sheet_last_order (chouette, computed) ? computed : NULL;
}

/*
 * What the notes column shows for a recorded game: its result line, then
 * one line per director's adjustment (SPEC 5: "A:Q>R:V"), spelt out from
 * the ledger so that nobody reads it as part of the game's result.
 */
static char *
result_text (Report          *report,
             const CtdResult *result)
{
  g_autoptr(CtdResult) game = ctd_result_copy (result);
  g_autoptr(GArray) ledger = ctd_result_ledger (result);
  g_autofree char *notation = NULL;
  GString *text;

  game->n_adjustments = 0;
  notation = ctd_result_format (game);
  text = g_string_new (notation);
  for (guint i = 0; i < ledger->len; i++)
    {
      const CtdPayment *payment = &g_array_index (ledger, CtdPayment, i);
      g_autofree char *payer = NULL;
      g_autofree char *payee = NULL;
      g_autofree char *amount = NULL;
      g_autofree char *points = NULL;
      g_autofree char *line = NULL;

      if (payment->kind != CTD_PAYMENT_ADJUSTMENT)
        continue;
      payer = g_strdup_printf ("%u", payment->from);
      payee = g_strdup_printf ("%u", payment->to);
      amount = ctd_halves_to_string (payment->amount, FALSE);
      points = g_strdup_printf ("%s point%s", amount, payment->amount <= 2 ? "" : "s");
      set_value (report, "payer", payer);
      set_value (report, "payee", payee);
      set_value (report, "points", points);
      line = layout_text (report, "Adjustment");
      g_string_append_printf (text, "\n%s", line);
    }
  return g_string_free (text, FALSE);
}

/* Rows 7-18: one per game. Unknown facts stay blank for the pen. */
static guint
sheet_games (Report                 *report,
             CtdSheetPage           *page,
             const SheetColumns     *c,
             const CtdChouette      *chouette,
             gboolean                blank,
             guint                   first_row)
{
  double size = tallest (report, "Value", "Body", NULL);
  guint previous_segment = 0;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = first_row + game - 1;
      CtdChouetteGame view;
      gboolean new_segment, end_segment;
      gboolean recorded;
      guint flags;
      guint number, plain, score, note;
      char text[64];

      /* A blank sheet shows no order the scores give: only a fixed one. */
      if (blank)
        ctd_chouette_get_game (chouette, game, &view);
      else
        ctd_chouette_get_sheet_game (chouette, game, &view);
      recorded = !blank && view.result != NULL;
      new_segment = game > 1 && view.slot.segment != previous_segment;
      previous_segment = view.slot.segment;
      /* Both sides of a segment's border, as spreadsheets draw either. */
      end_segment = game < CTD_N_GAMES &&
                    ctd_schedule_segment_of (c->size, game + 1) != view.slot.segment;
      flags = BOX | (new_segment ? TOP_HEAVY : 0) | (end_segment ? BOTTOM_HEAVY : 0);
      number = style (report, "Value", CTD_SHEET_ALIGN_CENTER, flags, NULL);
      plain = style (report, "Body", CTD_SHEET_ALIGN_CENTER, flags, NULL);
      score = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, flags, SCORE_FORMAT);
      note = style (report, "Body", CTD_SHEET_ALIGN_LEFT, flags | WRAP, NULL);
      /* Room to write a result in by hand, too. */
      ctd_sheet_page_set_height (page, row, row_height (size, 1, 6));

      g_snprintf (text, sizeof text, "%u", game);
      ctd_sheet_page_add_number (page, row, c->game, game, text, number);
      g_snprintf (text, sizeof text, "%u", view.slot.segment);
      ctd_sheet_page_add_number (page, row, c->segment, view.slot.segment, text, plain);
      g_snprintf (text, sizeof text, "%u", view.slot.box);
      ctd_sheet_page_add_number (page, row, c->box, view.slot.box, text, number);
      /* Rules 1.1(b), 1.6, 3.8: the Captain and the playing order, the
       * last segment's once its order is known. */
      if (view.slot.captain != 0)
        {
          g_autofree char *playing = order_text (view.slot.playing_order, view.slot.n_crew);

          g_snprintf (text, sizeof text, "%u", view.slot.captain);
          ctd_sheet_page_add_number (page, row, c->captain, view.slot.captain, text, number);
          put_text (page, row, c->playing, c->playing, playing, plain);
        }
      else
        {
          put_blank (page, row, c->captain, c->captain, number);
          put_blank (page, row, c->playing, c->playing, plain);
        }
      g_snprintf (text, sizeof text, "%u", view.slot.cube_start);
      ctd_sheet_page_add_number (page, row, c->cube, view.slot.cube_start, text, plain);
      if (view.decision_known && (!blank || game == 1))
        {
          g_autofree char *decisions = order_text (view.decision_order, view.slot.n_crew);

          put_text (page, row, c->decisions, c->decisions, decisions, plain);
        }
      else
        put_blank (page, row, c->decisions, c->decisions, plain);

      for (guint k = 0; k < c->size; k++)
        {
          guint col = c->first_player + 2 * k;

          if (recorded)
            put_score (page, row, col, view.deltas[k], score);
          else
            put_blank (page, row, col, col, score);
          if (recorded && view.running_known)
            {
              g_autofree char *here = ctd_sheet_cell_ref (row, col);
              g_autofree char *above = ctd_sheet_cell_ref (row - 1, col + 1);
              g_autofree char *formula = game == 1 ? g_strdup_printf ("=%s", here)
                                                   : g_strdup_printf ("=%s+%s", above, here);
              g_autofree char *value = ctd_halves_to_string (view.running[k], TRUE);

              ctd_sheet_page_add_formula (page, row, col + 1, formula, view.running[k] / 2.0,
                                          value, score);
            }
          else
            put_blank (page, row, col + 1, col + 1, score);
        }
      if (recorded)
        {
          g_autofree char *notation = result_text (report, view.result);
          guint lines = lines_needed (notation, ctd_sheet_page_get_width (page, c->result),
                                      tallest (report, "Body", NULL));

          put_text (page, row, c->result, c->result, notation, note);
          /* An adjustment's line, or a long result, gets its own room. */
          if (lines > 1)
            ctd_sheet_page_set_height (page, row, row_height (size, lines, 6));
        }
      else
        put_blank (page, row, c->result, c->result, note);
      put_blank (page, row, c->initials, c->initials, plain);
    }
  return first_row + CTD_N_GAMES;
}

/* The totals, their zero-sum check and each player's amount at the stake. */
static guint
sheet_totals (Report                 *report,
              CtdSheetPage           *page,
              const SheetColumns     *c,
              const CtdChouette      *chouette,
              gboolean                blank,
              guint                   first_game_row,
              guint                   row)
{
  gboolean known = !blank && ctd_chouette_get_n_recorded (chouette) > 0;
  /* Rule 1.8: a chouette settles at its end; amounts before it are only
   * what the scores so far would come to, and say so. */
  gboolean provisional = known && !ctd_chouette_is_complete (chouette);
  guint label = style (report, "Heading", CTD_SHEET_ALIGN_RIGHT, BOX | SHADED | TOP_HEAVY, NULL);
  guint total = style (report, "Value", CTD_SHEET_ALIGN_RIGHT, BOX | TOP_HEAVY, SCORE_FORMAT);
  guint money = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX | (provisional ? ITALIC : 0),
                       MONEY_FORMAT);
  guint money_label = style (report, "Heading", CTD_SHEET_ALIGN_RIGHT,
                             BOX | SHADED | (provisional ? ITALIC : 0), NULL);
  guint check_label = style (report, "Small", CTD_SHEET_ALIGN_RIGHT, BOX | TOP_HEAVY | WRAP,
                             NULL);
  guint check = style (report, "Value", CTD_SHEET_ALIGN_CENTER, BOX | TOP_HEAVY, SCORE_FORMAT);
  guint empty = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX, NULL);
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autoptr(GString) all_totals = g_string_new ("=");
  g_autofree char *stake_text = ctd_money_to_string (report->settings.stake_cents);
  g_autoptr(GString) amount_label = g_string_new (NULL);
  CtdHalves sum = 0;

  g_string_printf (amount_label, "%s (%s)", ctd_template_get_text (report->layout, "Amounts"),
                   stake_text);
  if (provisional)
    {
      g_autofree char *note = layout_text (report, "Provisional");

      g_string_append_printf (amount_label, ", %s", note);
    }

  ctd_chouette_get_totals (chouette, totals);
  put_text (page, row, 0, c->decisions, ctd_template_get_text (report->layout, "Totals"), label);
  put_text (page, row + 1, 0, c->decisions, amount_label->str, money_label);
  ctd_sheet_page_set_height (page, row,
                             row_height (tallest (report, "Heading", "Value", "Small", NULL), 1,
                                         8.5));
  ctd_sheet_page_set_height (page, row + 1,
                             row_height (tallest (report, "Heading", "Body", NULL), 1, 4.5));

  for (guint k = 0; k < c->size; k++)
    {
      guint col = c->first_player + 2 * k;
      g_autofree char *first = ctd_sheet_cell_ref (first_game_row, col);
      g_autofree char *last = ctd_sheet_cell_ref (first_game_row + CTD_N_GAMES - 1, col);
      g_autofree char *here = ctd_sheet_cell_ref (row, col);
      CtdSheetCell *cell;

      g_string_append_printf (all_totals, "%s%s", k > 0 ? "+" : "", here);
      sum += totals[k];
      if (!known)
        {
          put_blank (page, row, col, col + 1, total);
          put_blank (page, row + 1, col, col + 1, money);
          continue;
        }
      {
        g_autofree char *formula = g_strdup_printf ("=SUM(%s:%s)", first, last);
        g_autofree char *text = ctd_halves_to_string (totals[k], TRUE);
        g_autofree char *amount_formula = g_strdup_printf ("=%s*%s", here, stake_text);
        CtdCents cents = ctd_money_amount (totals[k], report->settings.stake_cents);
        g_autofree char *amount = ctd_money_to_string (cents);

        cell = ctd_sheet_page_add_formula (page, row, col, formula, totals[k] / 2.0, text, total);
        ctd_sheet_cell_merge (cell, row, col + 1);
        cell = ctd_sheet_page_add_formula (page, row + 1, col, amount_formula, cents / 100.0,
                                           amount, money);
        ctd_sheet_cell_merge (cell, row + 1, col + 1);
      }
    }

  put_text (page, row, c->result, c->result, ctd_template_get_text (report->layout, "ZeroSum"),
            check_label);
  if (known)
    {
      g_autofree char *text = ctd_halves_to_string (sum, TRUE);

      ctd_sheet_page_add_formula (page, row, c->initials, all_totals->str, sum / 2.0, text, check);
    }
  else
    put_blank (page, row, c->initials, c->initials, check);
  put_blank (page, row + 1, c->result, c->initials, empty);
  return row + 2;
}

/* The last-segment rule and, once known, its order; then the settlement. */
static guint
sheet_notes (Report                 *report,
             CtdSheetPage           *page,
             const SheetColumns     *c,
             const CtdStoreChouette *seats,
             CtdChouette            *chouette,
             const guint            *order,
             gboolean                blank,
             guint                   row)
{
  guint text_style = style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint strong = style (report, "Heading", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint first = ctd_schedule_first_last_game (c->size);
  g_autofree char *first_text = g_strdup_printf ("%u", first);
  g_autofree char *before_text = g_strdup_printf ("%u", first - 1);
  CtdLastSegmentDirection direction = ctd_chouette_get_direction (chouette);
  g_autofree char *rule = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  double width = span_width (page, 0, c->last);
  double size;
  guint n_lines;

  set_value (report, "first", first_text);
  set_value (report, "before", before_text);
  set_value (report, "direction", direction == CTD_LAST_SEGMENT_HIGHEST_FIRST ? "highest first"
                                                                               : "lowest first");
  rule = layout_text (report, "LastSegment");
  g_string_append (line, rule);
  if (order != NULL)
    {
      /* The Captain of each game of the segment, as the players call it. */
      g_autoptr(GString) captains = g_string_new (NULL);
      g_autofree char *known = NULL;
      g_autofree char *order_str = NULL;

      for (guint game = first; game <= CTD_N_GAMES; game++)
        {
          CtdGameSlot slot;

          ctd_schedule_slot (c->size, game, order, &slot);
          g_string_append_printf (captains, "%s%u", game > first ? ", " : "", slot.captain);
        }
      order_str = g_string_free (g_steal_pointer (&captains), FALSE);

      set_value (report, "order", order_str);
      known = layout_text (report, "LastSegmentKnown");
      g_string_append_printf (line, " %s", known);
    }
  ctd_sheet_page_set_height (page, row, 8);
  row++;
  put_text (page, row, 0, c->last, line->str, text_style);
  size = tallest (report, "Small", NULL);
  ctd_sheet_page_set_height (page, row,
                             row_height (size, lines_needed (line->str, width, size), 3.2));
  row++;

  g_string_truncate (line, 0);
  g_string_append_printf (line, "%s: ", ctd_template_get_text (report->layout, "Settlement"));
  if (!blank && !ctd_chouette_is_complete (chouette) && ctd_chouette_get_n_recorded (chouette) > 0)
    {
      g_autofree char *pending = layout_text (report, "SettlementPending");

      g_string_append (line, pending);
    }
  else if (!blank && ctd_chouette_is_complete (chouette))
    {
      CtdSettlement settlement;
      g_autoptr(GError) error = NULL;

      CtdHalves totals[CTD_MAX_PLAYERS];

      ctd_chouette_get_totals (chouette, totals);
      if (ctd_money_settle (totals, c->size, report->settings.stake_cents, &settlement, &error))
        for (guint i = 0; i < settlement.n_transfers; i++)
          {
            const CtdTransfer *t = &settlement.transfers[i];
            g_autofree char *amount = ctd_money_to_string (t->amount);

            g_string_append_printf (line, "%s%u %s %s %u %s %s", i > 0 ? ";   " : "", t->from,
                                    seats->names[t->from - 1],
                                    ctd_template_get_text (report->layout, "Pays"), t->to,
                                    seats->names[t->to - 1], amount);
          }
      else
        g_string_append (line, error->message);
    }
  put_text (page, row, 0, c->last, line->str, strong);
  size = tallest (report, "Heading", NULL);
  n_lines = lines_needed (line->str, width * BOLD_CHARS, size);
  ctd_sheet_page_set_height (page, row, row_height (size, n_lines, 7.2));
  return row + 1;
}

/* Where the players and the director sign. */
static guint
sheet_signatures (Report                 *report,
                  CtdSheetPage           *page,
                  const SheetColumns     *c,
                  const CtdStoreChouette *seats,
                  guint                   row)
{
  guint text_style = style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint line = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOTTOM_LINE, NULL);
  guint caption = style (report, "Small", CTD_SHEET_ALIGN_CENTER, WRAP, NULL);
  double size = tallest (report, "Small", NULL);
  guint n_lines = 1;

  ctd_sheet_page_set_height (page, row, 8);
  row++;
  put_text (page, row, 0, c->decisions, ctd_template_get_text (report->layout, "Signatures"),
            text_style);
  ctd_sheet_cell_merge ((CtdSheetCell *) ctd_sheet_page_find (page, row, 0), row + 1,
                        c->decisions);
  for (guint k = 0; k < c->size; k++)
    {
      guint col = c->first_player + 2 * k;
      g_autofree char *name = player_heading (seats, k);

      put_blank (page, row, col, col + 1, line);
      put_text (page, row + 1, col, col + 1, name, caption);
      n_lines = MAX (n_lines, lines_needed (name, (ctd_sheet_page_get_width (page, col) +
                                                   ctd_sheet_page_get_width (page, col + 1)) * 0.96,
                                            size));
    }
  put_blank (page, row, c->result, c->initials, line);
  put_text (page, row + 1, c->result, c->initials,
            ctd_template_get_text (report->layout, "Director"), caption);
  /* Room to sign, whatever the fonts. */
  ctd_sheet_page_set_height (page, row, 30);
  ctd_sheet_page_set_height (page, row + 1, row_height (size, n_lines, 3.2));
  return row + 2;
}

static gboolean
add_chouette_sheet (Report                 *report,
                    const CtdStoreRound    *info,
                    const CtdStoreChouette *seats,
                    GError                **error)
{
  CtdChouette *chouette;
  SheetColumns c;
  CtdSheetPage *page;
  g_autofree char *name = g_strdup_printf ("%u.%u", seats->round, seats->number);
  g_autofree char *table = NULL;
  g_autofree char *sheet_name = NULL;
  g_autofree char *entered = NULL;
  gboolean blank = report->options->blank;
  guint computed[CTD_MAX_PLAYERS - 1];
  const guint *order;
  guint row, games;

  chouette = load_chouette (report, seats->round, seats->number, error);
  if (chouette == NULL ||
      !use_layout (report, seats->size == 4 ? &sheet_4_spec : &sheet_3_spec, error))
    return FALSE;

  table = g_strdup_printf ("%u", seats->table);
  set_round_values (report, info);
  set_value (report, "label", name);
  set_value (report, "table", table);
  entered = g_strdup_printf ("%u", ctd_chouette_get_n_recorded (chouette));
  set_value (report, "entered", entered);
  columns_for_size (seats->size, &c);
  /* Not "1.3" alone: a spreadsheet reads a name that starts with a digit,
   * unquoted in the print area, as a number. */
  sheet_name = g_strdup_printf ("Chouette %s", name);
  page = add_page (report, sheet_name);
  page->fit_one_page = TRUE;
  set_sheet_widths (report, page, &c);

  for (guint k = 0; k < seats->size; k++)
    ctd_sheet_doc_add_name (report->doc, seats->names[k]);
  row = sheet_heading (report, page, &c, seats);
  row = sheet_table_heading (report, page, &c, seats, row);
  games = row;
  order = sheet_last_order (chouette, blank, computed);
  row = sheet_games (report, page, &c, chouette, blank, games);
  row = sheet_totals (report, page, &c, chouette, blank, games, row);
  row = sheet_notes (report, page, &c, seats, chouette, order, blank, row);
  sheet_signatures (report, page, &c, seats, row);
  return TRUE;
}

/* Every scoring sheet of a round, in chouette order. */
static gboolean
add_round_sheets (Report              *report,
                  const CtdStoreRound *info,
                  GError             **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (report->store, info->number, error);

  if (chouettes == NULL)
    return FALSE;
  for (guint i = 0; i < chouettes->len; i++)
    if (!add_chouette_sheet (report, info, g_ptr_array_index (chouettes, i), error))
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Lists: standings, final results, settlements, the audit log               */

/* @heading: what the column's heading says, instead of the layout's */
typedef struct
{
  const char *key;
  CtdSheetAlign align;
  const char *heading;
} ListColumn;

/* A title, an optional note, and the headings of a list; returns the first
 * row of the list. The headings repeat on every printed page. */
static guint
list_heading (Report           *report,
              CtdSheetPage     *page,
              const char       *title,
              const char       *note,
              const ListColumn *columns,
              guint             n_columns)
{
  guint title_style = style (report, "Title", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint note_style = style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP | ITALIC, NULL);
  double small = tallest (report, "Small", NULL);
  double heading = tallest (report, "Heading", NULL);
  double width = 0;
  guint row = 0;
  guint lines = 1;

  for (guint i = 0; i < n_columns; i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, columns[i].key);

      ctd_sheet_page_set_width (page, i, column->width);
      width += column->width;
    }
  put_text (page, row, 0, n_columns - 1, title, title_style);
  ctd_sheet_page_set_height (page, row++, row_height (tallest (report, "Title", NULL), 1, 6.4));
  if (note != NULL && *note != '\0')
    {
      put_text (page, row, 0, n_columns - 1, note, note_style);
      ctd_sheet_page_set_height (page, row++,
                                 row_height (small, lines_needed (note, width * 0.96, small), 4.2));
    }
  ctd_sheet_page_set_height (page, row++, 6);
  for (guint i = 0; i < n_columns; i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, columns[i].key);

      const char *text = columns[i].heading != NULL ? columns[i].heading : column->heading;

      put_text (page, row, i, i, text,
                style (report, "Heading", columns[i].align, BOX | SHADED | WRAP, NULL));
      lines = MAX (lines, lines_needed (text, column->width * BOLD_CHARS, heading));
    }
  ctd_sheet_page_set_height (page, row, row_height (heading, lines, 5.85));
  page->repeat_first = page->repeat_last = (int) row;
  return row + 1;
}

/* Sets a list row's height to fit its longest wrapped text; @texts are in
 * the Body font, @size is the row's tallest. */
static void
fit_row (Report           *report,
         CtdSheetPage     *page,
         guint             row,
         const ListColumn *columns,
         const char      **texts,
         guint             n_columns,
         double            size)
{
  double body = tallest (report, "Body", NULL);
  guint lines = 1;

  for (guint i = 0; i < n_columns; i++)
    if (texts[i] != NULL)
      {
        const CtdTemplateColumn *column = ctd_template_get_column (report->layout,
                                                                   columns[i].key);

        lines = MAX (lines, lines_needed (texts[i], column->width, body));
      }
  ctd_sheet_page_set_height (page, row, row_height (size, lines, LIST_ROOM));
}

static GHashTable *
clubs_by_id (CtdStore  *store,
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
static char *
rolloff_text (Report                *report,
              const CtdStandingsRow *row)
{
  g_autofree char *place = NULL;

  if (row->rolloff_place == 0)
    return NULL;
  if (row->rolloff_place == 1)
    return layout_text (report, "RollOffWon");
  place = ctd_results_ordinal (row->rolloff_place);
  set_value (report, "place", place);
  return layout_text (report, "RollOffPlace");
}

/* The "next round" column: where an advancer goes ("Final 2.1"), the
 * final's placing ("2nd"), a tie that a roll-off must decide, and what a
 * roll-off decided. */
static char *
next_round_text (Report                 *report,
                 const CtdStoreRound    *info,
                 const CtdStandingsRow  *row,
                 const GArray           *advancers,
                 CtdStage                next_stage)
{
  GString *text = g_string_new (NULL);
  g_autofree char *rolloff = rolloff_text (report, row);

  if (info->stage == CTD_STAGE_FINAL)
    {
      g_autofree char *place = ctd_results_place_text (row);

      g_string_append (text, place);
    }
  for (guint i = 0; i < advancers->len; i++)
    {
      const CtdEventAdvancer *advancer = &g_array_index (advancers, CtdEventAdvancer, i);
      g_autofree char *next = NULL;
      g_autofree char *line = NULL;

      if (advancer->player_id != row->player_id)
        continue;
      next = advancer->chouette != 0 ? g_strdup_printf ("%s %u.%u",
                                                        ctd_stage_to_title (next_stage),
                                                        info->number + 1, advancer->chouette)
                                     : g_strdup (ctd_stage_to_title (next_stage));
      set_value (report, "next", next);
      line = layout_text (report, "Advances");
      g_string_append (text, line);
    }
  if (row->needs_rolloff)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "; " : "",
                            ctd_template_get_text (report->layout, "Tied"));
  if (rolloff != NULL)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "; " : "", rolloff);
  return g_string_free (text, FALSE);
}

static gboolean
add_standings (Report              *report,
               const CtdStoreRound *info,
               GError             **error)
{
  ListColumn all[] = {
    { "Rank", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Club", CTD_SHEET_ALIGN_LEFT },   { "Chouette", CTD_SHEET_ALIGN_CENTER },
    { "Score", CTD_SHEET_ALIGN_RIGHT }, { "Advances", CTD_SHEET_ALIGN_LEFT },
  };
  static const ListColumn secret[] = {
    { "Name", CTD_SHEET_ALIGN_LEFT }, { "Club", CTD_SHEET_ALIGN_LEFT },
    { "Chouette", CTD_SHEET_ALIGN_CENTER },
  };
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GHashTable) clubs = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *name = g_strdup_printf ("Round %u standings", info->number);
  g_autofree char *complete_text = NULL;
  g_autofree char *count_text = NULL;
  guint round = info->number;
  CtdSheetPage *page;
  const ListColumn *columns;
  guint n_columns, row, n_complete = 0;
  gboolean hidden, any_tie = FALSE;
  guint body, left, number;
  CtdStage next_stage = CTD_STAGE_FINAL;

  if (!use_layout (report, &standings_spec, error))
    return FALSE;
  standings = ctd_event_round_standings (report->store, round, report->options->public_view,
                                         error);
  if (standings == NULL || (clubs = clubs_by_id (report->store, error)) == NULL ||
      (advancers = ctd_event_list_advancers (report->store, round, &next_stage, error)) == NULL ||
      (chouettes = ctd_store_list_chouettes (report->store, round, error)) == NULL)
    return FALSE;
  /* The final has no next round: the column gives the placings. */
  if (info->stage == CTD_STAGE_FINAL)
    all[G_N_ELEMENTS (all) - 1].heading = ctd_template_get_text (report->layout, "Place");
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      CtdChouette *chouette = load_chouette (report, round, seats->number, error);

      if (chouette == NULL)
        return FALSE;
      n_complete += ctd_chouette_is_complete (chouette);
    }

  hidden = ctd_standings_get_scores_hidden (standings);
  columns = hidden ? secret : all;
  n_columns = hidden ? G_N_ELEMENTS (secret) : G_N_ELEMENTS (all);
  set_round_values (report, info);
  complete_text = g_strdup_printf ("%u", n_complete);
  count_text = g_strdup_printf ("%u", chouettes->len);
  set_value (report, "complete", complete_text);
  set_value (report, "chouettes", count_text);
  title = layout_text (report, "Title");
  {
    g_autofree char *progress = layout_text (report, "Progress");

    g_string_append (note, progress);
  }
  if (hidden)
    {
      g_autofree char *text = layout_text (report, "Secret");

      g_string_append_printf (note, " %s", text);
    }
  /* Only the ties that decide something ask for a roll-off. */
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    any_tie |= ctd_standings_get_row (standings, i)->needs_rolloff;
  if (!hidden && any_tie)
    {
      g_autofree char *text = layout_text (report, "RollOff");

      g_string_append_printf (note, " %s", text);
    }

  page = add_page (report, name);
  row = list_heading (report, page, title, note->str, columns, n_columns);
  body = style (report, "Body", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);

  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++, row++)
    {
      const CtdStandingsRow *r = ctd_standings_get_row (standings, i);
      const char *club = g_hash_table_lookup (clubs, &r->player_id);
      g_autofree char *label = g_strdup_printf ("%u.%u", round, r->chouette);
      const char *texts[6] = { NULL };
      /* Read by fit_row() below, so it lives as long as the row. */
      g_autofree char *mark = NULL;
      guint col = 0;

      ctd_sheet_doc_add_name (report->doc, r->name);
      if (!hidden)
        {
          g_autofree char *rank = g_strdup_printf ("%u%s", r->rank, r->tied ? "=" : "");

          mark = next_round_text (report, info, r, advancers, next_stage);
          put_text (page, row, col, col, rank, body);
          col++;
          texts[col] = r->name;
          put_text (page, row, col, col, r->name, left);
          col++;
          texts[col] = club;
          put_text (page, row, col, col, club != NULL ? club : "", left);
          col++;
          put_text (page, row, col, col, label, body);
          col++;
          put_score (page, row, col, r->score, number);
          col++;
          texts[col] = mark;
          put_text (page, row, col, col, mark, left);
        }
      else
        {
          texts[0] = r->name;
          texts[1] = club;
          put_text (page, row, 0, 0, r->name, left);
          put_text (page, row, 1, 1, club != NULL ? club : "", left);
          put_text (page, row, 2, 2, label, body);
        }
      fit_row (report, page, row, columns, texts, n_columns, tallest (report, "Body", NULL));
    }
  return TRUE;
}

static gboolean
add_results (Report  *report,
             GError **error)
{
  static const ListColumn columns[] = {
    { "Place", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Club", CTD_SHEET_ALIGN_LEFT },    { "Score", CTD_SHEET_ALIGN_RIGHT },
  };
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GHashTable) clubs = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  CtdStoreRound info;
  CtdSheetPage *page;
  guint round, row;
  guint body, left, number;

  placings = ctd_event_final_placings (report->store, &round, error);
  if (placings == NULL || !ctd_event_get_round (report->store, round, &info, error) ||
      !use_layout (report, &results_spec, error) ||
      (clubs = clubs_by_id (report->store, error)) == NULL)
    return FALSE;
  set_round_values (report, &info);
  title = layout_text (report, "Title");
  subtitle = layout_text (report, "Subtitle");
  g_string_append (note, subtitle);
  if (info.state < CTD_ROUND_COMPLETE)
    g_string_append_printf (note, " %s", ctd_template_get_text (report->layout, "Unfinished"));

  page = add_page (report, "Final results");
  row = list_heading (report, page, title, note->str, columns, G_N_ELEMENTS (columns));
  body = style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);
  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++, row++)
    {
      const CtdStandingsRow *r = ctd_standings_get_row (placings, i);
      const char *club = g_hash_table_lookup (clubs, &r->player_id);
      g_autofree char *place = ctd_results_place_text (r);
      g_autofree char *rolloff = rolloff_text (report, r);
      g_autofree char *name = r->tied ? g_strdup_printf ("%s (%s)", r->name,
                                                         ctd_template_get_text (report->layout,
                                                                                "Tied"))
                              : rolloff != NULL ? g_strdup_printf ("%s (%s)", r->name, rolloff)
                                                : g_strdup (r->name);
      const char *texts[4] = { NULL, name, club, NULL };

      ctd_sheet_doc_add_name (report->doc, r->name);
      put_text (page, row, 0, 0, place, body);
      put_text (page, row, 1, 1, name, left);
      put_text (page, row, 2, 2, club != NULL ? club : "", left);
      put_score (page, row, 3, r->score, number);
      fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
               tallest (report, "Heading", "Body", NULL));
    }
  return TRUE;
}

static gboolean
add_settlements (Report  *report,
                 GArray  *rounds,
                 GError **error)
{
  static const ListColumn columns[] = {
    { "Number", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Score", CTD_SHEET_ALIGN_RIGHT },   { "Amount", CTD_SHEET_ALIGN_RIGHT },
    { "Payment", CTD_SHEET_ALIGN_LEFT },
  };
  g_autofree char *title = NULL;
  CtdSheetPage *page;
  guint row, body, left, number, money, block;
  double block_size;

  if (!use_layout (report, &settlements_spec, error))
    return FALSE;
  title = layout_text (report, "Title");
  page = add_page (report, "Settlements");
  row = list_heading (report, page, title, NULL, columns, G_N_ELEMENTS (columns));
  body = style (report, "Body", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);
  money = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, MONEY_FORMAT);
  block = style (report, "Heading", CTD_SHEET_ALIGN_LEFT, BOX | SHADED, NULL);
  block_size = tallest (report, "Heading", NULL);

  for (guint r = 0; r < rounds->len; r++)
    {
      const CtdStoreRound *info = &g_array_index (rounds, CtdStoreRound, r);
      g_autoptr(GPtrArray) chouettes = NULL;

      if (report->options->public_view && !round_is_public (info))
        continue;
      chouettes = ctd_store_list_chouettes (report->store, info->number, error);
      if (chouettes == NULL)
        return FALSE;
      for (guint i = 0; i < chouettes->len; i++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
          g_autofree char *label = g_strdup_printf ("%u.%u", seats->round, seats->number);
          g_autofree char *heading = NULL;
          CtdSettlement settlement;
          g_autoptr(GError) refusal = NULL;

          set_value (report, "label", label);
          heading = layout_text (report, "Chouette");
          CtdChouette *chouette = load_chouette (report, seats->round, seats->number, error);
          CtdHalves totals[CTD_MAX_PLAYERS];

          if (chouette == NULL)
            return FALSE;
          ctd_chouette_get_totals (chouette, totals);
          if (!ctd_chouette_is_complete (chouette) ||
              !ctd_money_settle (totals, seats->size, report->settings.stake_cents, &settlement,
                                 &refusal))
            {
              g_autofree char *line = NULL;

              if (refusal != NULL)
                {
                  g_propagate_error (error, g_steal_pointer (&refusal));
                  return FALSE;
                }
              line = g_strdup_printf ("%s: %s", heading,
                                      ctd_template_get_text (report->layout, "Unfinished"));
              put_text (page, row, 0, G_N_ELEMENTS (columns) - 1, line, block);
              ctd_sheet_page_set_height (page, row++, row_height (block_size, 1, LIST_ROOM));
              continue;
            }
          put_text (page, row, 0, G_N_ELEMENTS (columns) - 1, heading, block);
          ctd_sheet_page_set_height (page, row++, row_height (block_size, 1, LIST_ROOM));
          for (guint k = 0; k < seats->size; k++, row++)
            {
              g_autoptr(GString) payments = g_string_new (NULL);
              g_autofree char *amount = ctd_money_to_string (settlement.amounts[k]);
              char no[16];
              const char *texts[5] = { NULL, seats->names[k], NULL, NULL, NULL };

              for (guint t = 0; t < settlement.n_transfers; t++)
                if (settlement.transfers[t].from == k + 1)
                  {
                    const CtdTransfer *transfer = &settlement.transfers[t];
                    g_autofree char *paid = ctd_money_to_string (transfer->amount);

                    g_string_append_printf (payments, "%s%s %u %s %s",
                                            payments->len > 0 ? "; " : "",
                                            ctd_template_get_text (report->layout, "Pays"),
                                            transfer->to, seats->names[transfer->to - 1], paid);
                  }
              texts[4] = payments->str;
              ctd_sheet_doc_add_name (report->doc, seats->names[k]);
              g_snprintf (no, sizeof no, "%u", k + 1);
              ctd_sheet_page_add_number (page, row, 0, k + 1, no, body);
              put_text (page, row, 1, 1, seats->names[k], left);
              put_score (page, row, 2, settlement.scores[k], number);
              ctd_sheet_page_add_number (page, row, 3, settlement.amounts[k] / 100.0, amount,
                                         money);
              put_text (page, row, 4, 4, payments->str, left);
              fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
                       tallest (report, "Body", NULL));
            }
        }
    }
  return TRUE;
}

static void
append_note (Report     *report,
             GString    *note,
             const char *key,
             gint64      id)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_autofree char *text = NULL;

  set_value (report, "id", number);
  text = layout_text (report, key);
  g_string_append_printf (note, "%s%s", note->len > 0 ? "; " : "", text);
}

/*
 * The log's last column: what an undo or a redo did, and what became of
 * an entry later ("undone by #12; redone by #14"), so that the log says
 * so whatever the summary's wording. For an undo, "undoes" the entry it
 * reverted; for a redo, "redoes" the action it brought back (the entry
 * the reverted undo had undone).
 */
static char *
log_note (Report                   *report,
          const CtdStoreAuditEntry *entry,
          GHashTable               *by_id)
{
  GString *note = g_string_new (NULL);
  gboolean redo = g_str_equal (entry->action, "redo");

  if (entry->undoes != 0)
    {
      const CtdStoreAuditEntry *undo = g_hash_table_lookup (by_id, &entry->undoes);

      if (redo && undo != NULL && undo->undoes != 0)
        append_note (report, note, "Redoes", undo->undoes);
      else
        append_note (report, note, redo ? "Redoes" : "Undoes", entry->undoes);
    }
  /* Then each later reversal: an undo of this entry, a redo of that
   * undo, an undo of that redo... */
  for (const CtdStoreAuditEntry *at = entry; at != NULL && at->undone_by != 0;
       at = g_hash_table_lookup (by_id, &at->undone_by))
    {
      const CtdStoreAuditEntry *by = g_hash_table_lookup (by_id, &at->undone_by);

      append_note (report, note,
                   by != NULL && g_str_equal (by->action, "redo") ? "Redone" : "Undone",
                   at->undone_by);
    }
  return g_string_free (note, FALSE);
}

static gboolean
add_audit_log (Report  *report,
               GError **error)
{
  static const ListColumn columns[] = {
    { "Number", CTD_SHEET_ALIGN_RIGHT }, { "Time", CTD_SHEET_ALIGN_LEFT },
    { "Action", CTD_SHEET_ALIGN_LEFT },  { "Summary", CTD_SHEET_ALIGN_LEFT },
    { "Note", CTD_SHEET_ALIGN_LEFT },
  };
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (report->store, error);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree char *title = NULL;
  CtdSheetPage *page;
  guint row, body, left;

  if (entries == NULL || !use_layout (report, &log_spec, error))
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);

      g_hash_table_insert (by_id, &entry->id, entry);
    }
  title = layout_text (report, "Title");
  page = add_page (report, "Audit log");
  row = list_heading (report, page, title, NULL, columns, G_N_ELEMENTS (columns));
  body = style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, NULL);
  left = style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  for (guint i = 0; i < entries->len; i++, row++)
    {
      const CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, entry->id);
      g_autofree char *note = log_note (report, entry, by_id);
      const char *texts[5] = { NULL, NULL, NULL, entry->summary, note };

      ctd_sheet_page_add_number (page, row, 0, (double) entry->id, id, body);
      put_text (page, row, 1, 1, entry->time, left);
      put_text (page, row, 2, 2, entry->action, left);
      /* The store's summary as it is: it names the players and points. */
      put_text (page, row, 3, 3, entry->summary, left);
      put_text (page, row, 4, 4, note, left);
      fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
               tallest (report, "Body", NULL));
    }
  return TRUE;
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
      return "Scoring sheets";
    case CTD_REPORT_PART_STANDINGS:
      return "Standings";
    case CTD_REPORT_PART_RESULTS:
      return "Final results and settlements";
    case CTD_REPORT_PART_ALL:
    default:
      return "Event archive";
    }
}

static gboolean
check_public (Report              *report,
              const CtdStoreRound *info,
              GError             **error)
{
  if (!report->options->public_view || round_is_public (info))
    return TRUE;
  g_set_error (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET,
               "Round %u's scores are secret until all its chouettes are complete: a public "
               "copy can hold only its standings; print or export its sheets as the "
               "director's copy (not public)", info->number);
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
  g_autofree char *title = g_strdup_printf ("Scoring sheet %u.%u", round, chouette);
  g_autoptr(CtdStoreChouette) seats = NULL;
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!report_init (&report, store, options, title, error) ||
      !ctd_event_get_round (store, round, &info, error) ||
      !check_public (&report, &info, error) ||
      (seats = ctd_event_get_chouette (store, round, chouette, error)) == NULL ||
      !add_chouette_sheet (&report, &info, seats, error))
    return NULL;
  return g_steal_pointer (&report.doc);
}

/* Whether @options ask for @part (all of the document asks for every part). */
static gboolean
wants (Report        *report,
       CtdReportPart  part)
{
  return report->options->part == CTD_REPORT_PART_ALL || report->options->part == part;
}

/* A part with nothing in it is not a document to print: say why. */
static CtdSheetDoc *
finish (Report  *report,
        GError **error)
{
  static const char *const missing[] = {
    [CTD_REPORT_PART_ALL] = "there is nothing to print yet",
    [CTD_REPORT_PART_SHEETS] = "there is no scoring sheet to print yet",
    [CTD_REPORT_PART_STANDINGS] = "there are no standings to print yet: draw a round first",
    [CTD_REPORT_PART_RESULTS] = "there are no final results or settlements to print yet",
  };

  if (report->doc->pages->len == 0)
    {
      g_set_error (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY, "%s",
                   missing[report->options->part]);
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
 * the final results. A public copy of a round that is still secret holds
 * the standings page only, without scores; its sheets alone are refused
 * (%CTD_REPORT_ERROR_SECRET), as ctd_report_chouette() refuses one, except
 * blank sheets, which hold no score.
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
  g_autofree char *title = g_strdup_printf ("Round %u", round);
  CtdStoreRound info;
  gboolean sheets_only;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!report_init (&report, store, options, title, error) ||
      !ctd_event_get_round (store, round, &info, error))
    return NULL;
  sheets_only = report.options->part == CTD_REPORT_PART_SHEETS;
  if (sheets_only && !report.options->blank && !check_public (&report, &info, error))
    return NULL;
  if (wants (&report, CTD_REPORT_PART_SHEETS) &&
      (!report.options->public_view || round_is_public (&info) || sheets_only) &&
      !add_round_sheets (&report, &info, error))
    return NULL;
  if (wants (&report, CTD_REPORT_PART_STANDINGS) && !add_standings (&report, &info, error))
    return NULL;
  if (report.options->part == CTD_REPORT_PART_ALL && info.stage == CTD_STAGE_FINAL &&
      !add_results (&report, error))
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
          (!report.options->public_view || round_is_public (info)) &&
          !add_round_sheets (&report, info, error))
        return NULL;
      if (wants (&report, CTD_REPORT_PART_STANDINGS) && !add_standings (&report, info, error))
        return NULL;
    }
  if (wants (&report, CTD_REPORT_PART_RESULTS))
    {
      placings = ctd_event_final_placings (store, &final_round, &no_final);
      if (placings != NULL && !add_results (&report, error))
        return NULL;
      if (!add_settlements (&report, rounds, error))
        return NULL;
    }
  if (report.options->part == CTD_REPORT_PART_ALL && !report.options->public_view &&
      !add_audit_log (&report, error))
    return NULL;
  return finish (&report, error);
}

/**
 * ctd_report_build:
 * @store: an event
 * @round: a round, or 0 for the whole event
 * @chouette: a chouette of @round, or 0 for the whole round
 * @options: (nullable): as for ctd_report_chouette()
 * @error: return location for a #GError
 *
 * The document `export --chouette`, `--round` and `--all` write, by
 * which numbers are given: ctd_report_chouette(), ctd_report_round() or
 * ctd_report_archive(). One choice for every caller that prints or
 * exports what a director chose.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdSheetDoc *
ctd_report_build (CtdStore               *store,
                  guint                   round,
                  guint                   chouette,
                  const CtdReportOptions *options,
                  GError                **error)
{
  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (chouette == 0 || round != 0, NULL);

  if (chouette != 0)
    return ctd_report_chouette (store, round, chouette, options, error);
  if (round != 0)
    return ctd_report_round (store, round, options, error);
  return ctd_report_archive (store, options, error);
}
