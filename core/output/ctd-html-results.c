/* ctd-html-results.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Results as HTML, from the two sources that may be posted: the public
 * display's posting (the table server's /standings page) and a report's
 * standings, final results and settlements (results.html). Neither
 * decides what is secret: the display's posting holds no score of a
 * round it may not show (ctd-display.c), and a public report holds what
 * the printed public copy holds (ctd-report.c); this file writes out
 * what it is given, through the one table of ctd-html.c.
 */

#define G_LOG_DOMAIN "ctd-html"

#include "config.h"

#include "ctd-html.h"

#include <glib/gi18n-lib.h>

/* Each chouette of the round: its table, its players and how many of
 * its games are entered. Never a score. */
static void
append_progress (GString          *page,
                 const CtdDisplay *display)
{
  if (display->chouettes->len == 0)
    return;
  ctd_html_element (page, "<h2>", _("Tables"), "</h2>\n<ul class=\"progress\">\n");
  for (guint c = 0; c < display->chouettes->len; c++)
    {
      const CtdDisplayChouette *chouette = g_ptr_array_index (display->chouettes, c);

      g_string_append (page, "<li><strong>");
      if (chouette->table != 0)
        ctd_html_printf_escaped (page, _("Chouette %u.%u at table %u"), display->round,
                                 chouette->number, chouette->table);
      else
        ctd_html_printf_escaped (page, _("Chouette %u.%u"), display->round, chouette->number);
      g_string_append (page, "</strong>: ");
      if (chouette->n_recorded == CTD_N_GAMES)
        ctd_html_escaped (page, _("Finished"));
      else
        ctd_html_printf_escaped (page, ngettext ("%u of %u game", "%u of %u games", CTD_N_GAMES),
                                 chouette->n_recorded, CTD_N_GAMES);
      g_string_append (page, "<br><span class=\"note\">");
      for (guint k = 0; k < chouette->size; k++)
        {
          if (k > 0)
            g_string_append (page, ", ");
          ctd_html_escaped (page, chouette->names[k]);
        }
      g_string_append (page, "</span></li>\n");
    }
  g_string_append (page, "</ul>\n");
}

/* The posted lines, best first: rank, name, chouette, score, and a
 * note for who goes on (made only from a round whose scores may be
 * posted: ctd_display_new()). */
static void
append_rows (GString          *page,
             const CtdDisplay *display)
{
  const char *headings[] = { _("Rank"), _("Name"), _("Score") };

  if (display->rows->len == 0)
    return;
  ctd_html_element (page, "<h2>", ctd_display_heading (display), "</h2>\n");
  ctd_html_begin_table (page, headings, G_N_ELEMENTS (headings));
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);
      g_autofree char *rank = ctd_display_rank_text (display, row);
      g_autofree char *chouette = g_strdup_printf ("%u.%u", display->round, row->chouette);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);
      g_autofree char *next = NULL;
      CtdHtmlCell cells[] = {
        { CTD_HTML_CELL_NUMBER, rank },
        { CTD_HTML_CELL_NAME, row->name, { chouette, NULL } },
        { CTD_HTML_CELL_TOTAL, score },
      };

      if (row->advances)
        /* Translators: under a player who advances; %s is the next
         * round's stage ("Semi-final") */
        cells[1].notes[1] = next = g_strdup_printf (_("→ %s"),
                                                    ctd_stage_to_title (display->next_stage));
      ctd_html_table_row (page, row->advances, cells, G_N_ELEMENTS (cells));
    }
  ctd_html_end_table (page);
}

/**
 * ctd_html_append_display:
 * @page: the page being written
 * @display: the public display's posting
 *
 * The tables' progress while the round is secret; the posted standings
 * or placings once they are not.
 */
void
ctd_html_append_display (GString          *page,
                         const CtdDisplay *display)
{
  g_return_if_fail (page != NULL && display != NULL);

  if (display->mode == CTD_DISPLAY_PROGRESS)
    append_progress (page, display);
  else
    append_rows (page, display);
}

/* How a report's cell shows: as its layout aligns it. */
static CtdHtmlCellKind
cell_kind (const CtdSheetDoc  *doc,
           const CtdSheetCell *cell)
{
  const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, cell->style);

  if (style->align == CTD_SHEET_ALIGN_RIGHT)
    return CTD_HTML_CELL_NUMBER;
  if (style->align == CTD_SHEET_ALIGN_CENTER)
    return CTD_HTML_CELL_CENTER;
  return CTD_HTML_CELL_TEXT;
}

/* Whether @cell starts a heading inside the list: one cell across all
 * its columns (a chouette of the settlements). */
static gboolean
is_block (const CtdSheetCell *cell,
          guint               n_cols)
{
  return cell != NULL && n_cols > 1 && cell->col == 0 && cell->last_col + 1 >= n_cols;
}

/* The columns the list's rows fill: a column empty in every row (the
 * clubs, in an event that records none) only takes a phone's width. */
static gboolean *
filled_columns (const CtdSheetPage *sheet,
                guint               first_row,
                guint               n_cols)
{
  gboolean *filled = g_new0 (gboolean, MAX (n_cols, 1));

  for (guint i = 0; i < sheet->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (sheet->cells, i);

      if (cell->row >= first_row && cell->col < n_cols && !is_block (cell, n_cols) &&
          cell->text != NULL && *cell->text != '\0')
        filled[cell->col] = TRUE;
    }
  return filled;
}

/* The texts of a row's filled cells ("" where none starts); returns how
 * many. */
static guint
row_texts (const CtdSheetPage *sheet,
           guint               row,
           guint               n_cols,
           const gboolean     *filled,
           const char        **texts)
{
  guint n = 0;

  for (guint c = 0; c < n_cols; c++)
    {
      const CtdSheetCell *cell = ctd_sheet_page_find (sheet, row, c);

      if (filled[c])
        texts[n++] = cell != NULL ? cell->text : "";
    }
  return n;
}

/* A row of the list under the headings: a heading of its own when one
 * cell spans it all (a chouette of the settlements), else its cells. */
static void
append_sheet_row (GString            *page,
                  const CtdSheetDoc  *doc,
                  const CtdSheetPage *sheet,
                  guint               row,
                  guint               n_cols,
                  const gboolean     *filled,
                  guint               n_filled)
{
  const CtdSheetCell *first = ctd_sheet_page_find (sheet, row, 0);
  g_autofree CtdHtmlCell *cells = g_new0 (CtdHtmlCell, MAX (n_filled, 1));
  gboolean any = FALSE;
  guint n = 0;

  if (is_block (first, n_cols))
    {
      ctd_html_table_block (page, first->text, n_filled);
      return;
    }
  for (guint c = 0; c < n_cols; c++)
    {
      const CtdSheetCell *cell = ctd_sheet_page_find (sheet, row, c);

      any |= cell != NULL;
      if (!filled[c])
        continue;
      cells[n].kind = cell != NULL ? cell_kind (doc, cell) : CTD_HTML_CELL_TEXT;
      cells[n++].text = cell != NULL ? cell->text : "";
    }
  /* The gap between a list's note and its headings is no row. */
  if (any)
    ctd_html_table_row (page, FALSE, cells, n);
}

/**
 * ctd_html_append_sheet:
 * @page: the page being written
 * @doc: the report @sheet belongs to (its styles)
 * @sheet: one of its lists: standings, final results, settlements
 *
 * A report's list as a section: its title and note above, the row its
 * printed pages repeat (@sheet's repeat_first) as the table's headings,
 * the rows under it as the table's, without the columns no row fills.
 * What is secret is not in @sheet to begin with (a public report leaves
 * it out).
 */
void
ctd_html_append_sheet (GString            *page,
                       const CtdSheetDoc  *doc,
                       const CtdSheetPage *sheet)
{
  guint n_rows, n_cols, n_filled = 0, first_row = 0;
  g_autofree gboolean *filled = NULL;
  g_autofree const char **texts = NULL;
  gboolean titled = FALSE;

  g_return_if_fail (page != NULL && doc != NULL && sheet != NULL);

  n_rows = ctd_sheet_page_get_n_rows (sheet);
  n_cols = ctd_sheet_page_get_n_cols (sheet);
  first_row = sheet->repeat_first >= 0 ? (guint) sheet->repeat_first + 1 : 0;
  filled = filled_columns (sheet, first_row, n_cols);
  for (guint c = 0; c < n_cols; c++)
    n_filled += filled[c];
  texts = g_new0 (const char *, MAX (n_filled, 1));
  g_string_append (page, "<section>\n");
  if (sheet->repeat_first >= 0)
    {
      for (guint row = 0; row < (guint) sheet->repeat_first; row++)
        {
          const CtdSheetCell *cell = ctd_sheet_page_find (sheet, row, 0);

          if (cell == NULL)
            continue;
          ctd_html_element (page, titled ? "<p class=\"note\">" : "<h2>", cell->text,
                            titled ? "</p>\n" : "</h2>\n");
          titled = TRUE;
        }
      ctd_html_begin_table (page, texts,
                            row_texts (sheet, sheet->repeat_first, n_cols, filled, texts));
    }
  else
    {
      ctd_html_element (page, "<h2>", sheet->name, "</h2>\n");
      ctd_html_begin_table (page, NULL, 0);
    }
  for (guint row = first_row; row < n_rows; row++)
    append_sheet_row (page, doc, sheet, row, n_cols, filled, n_filled);
  ctd_html_end_table (page);
  g_string_append (page, "</section>\n");
}

/**
 * ctd_html_render_results:
 * @doc: a report: a round's standings, or the event's standings, final
 *   results and settlements (%CTD_REPORT_PART_POSTING)
 *
 * Returns: (transfer full): a whole HTML document that needs nothing
 *   else: its style sheet inline, no script, no image, no font, nothing
 *   fetched; readable on a phone and printable
 */
char *
ctd_html_render_results (const CtdSheetDoc *doc)
{
  g_autoptr(GString) page = g_string_new (NULL);
  g_autofree char *title = NULL;

  g_return_val_if_fail (doc != NULL, NULL);

  /* Translators: the web page's title: the event's name, then what the
   * page holds ("Club Open — Round 1") */
  title = g_strdup_printf (_("%s — %s"), doc->subject != NULL ? doc->subject : "", doc->title);
  ctd_html_begin_document (page, title, NULL);
  g_string_append (page, "<header>\n");
  ctd_html_element (page, "<h1>", doc->subject != NULL && *doc->subject != '\0'
                                ? doc->subject : _("Chouette TD"), "</h1>\n");
  ctd_html_element (page, "<p class=\"next\">", doc->title, "</p>\n</header>\n<main>\n");
  for (guint i = 0; i < doc->pages->len; i++)
    ctd_html_append_sheet (page, doc, g_ptr_array_index (doc->pages, i));
  g_string_append (page, "</main>\n");
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}

/**
 * ctd_html_write_full:
 * @doc: a report
 * @path: the file to write (ctd_export_write_full() gives a temporary
 *   one, renamed once whole)
 * @progress: (nullable) (scope call): told once, when the page is written
 * @user_data: (closure): for @progress
 * @cancellable: (nullable): checked before writing
 * @error: return location for a #GError
 *
 * Writes ctd_html_render_results() to @path, UTF-8.
 *
 * Returns: whether @path holds the page
 */
gboolean
ctd_html_write_full (const CtdSheetDoc  *doc,
                     const char         *path,
                     CtdExportProgress   progress,
                     gpointer            user_data,
                     GCancellable       *cancellable,
                     GError            **error)
{
  g_autofree char *html = NULL;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  html = ctd_html_render_results (doc);
  /* The caller's temporary file, flushed and renamed by the caller. */
  if (!g_file_set_contents_full (path, html, -1, G_FILE_SET_CONTENTS_NONE, 0644, error))
    return FALSE;
  if (progress != NULL)
    progress (1, 1, user_data);
  return TRUE;
}
