/* ctd-html.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pieces every results page is written with: escaping, the head, and
 * the standings table. ctd-html-results.c fills the table from the
 * public display (/standings) or from a report (results.html).
 */

#define G_LOG_DOMAIN "ctd-html"

#include "config.h"

#include "ctd-html.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The results' own style sheet, put inline in a file that must carry
 * everything it needs (results.css). */
static const char results_css[] = {
#include "ctd-results-css.h"
  , 0
};

/**
 * ctd_html_escaped:
 * @page: the page being written
 * @text: (nullable): any text
 *
 * Appends @text escaped for element content and for quoted attributes
 * alike (g_markup_escape_text() escapes both kinds of quote): a player
 * may be named "<script>", and his name must show as those letters.
 */
void
ctd_html_escaped (GString    *page,
                  const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (page, escaped);
}

/**
 * ctd_html_printf_escaped:
 * @page: the page being written
 * @format: our format
 * @...: its arguments, which may come from anyone
 *
 * Appends the format's result escaped.
 */
void
ctd_html_printf_escaped (GString    *page,
                         const char *format,
                         ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ctd_html_escaped (page, text);
}

/**
 * ctd_html_element:
 * @page: the page being written
 * @open: our markup before the text
 * @text: (nullable): any text, escaped
 * @close: our markup after it
 */
void
ctd_html_element (GString    *page,
                  const char *open,
                  const char *text,
                  const char *close)
{
  g_string_append (page, open);
  ctd_html_escaped (page, text);
  g_string_append (page, close);
}

/*
 * A file opened from the disk has no server to send it a policy: it
 * carries its own, as strict as the table server's (no script, no
 * image, no font, nothing fetched from anywhere), and lets in exactly
 * its one inline style sheet by that sheet's hash rather than by
 * 'unsafe-inline', so that a style smuggled in by a name could not apply
 * either (none can: every text is escaped).
 */
static void
append_inline_style (GString *page)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  g_autofree char *hash = NULL;

  g_checksum_update (checksum, (const guchar *) results_css, strlen (results_css));
  g_checksum_get_digest (checksum, digest, &length);
  hash = g_base64_encode (digest, length);
  g_string_append_printf (page,
                          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                          "'none'; style-src 'sha256-%s'; base-uri 'none'; form-action "
                          "'none'\">\n<style>%s</style>\n",
                          hash, results_css);
}

/**
 * ctd_html_begin_document:
 * @page: an empty page
 * @title: its title
 * @stylesheet_href: (nullable): the address of the style sheet to link,
 *   as the table server serves it (its policy allows style from itself
 *   only: no inline style); %NULL for a file that stands alone, whose
 *   style sheet is written inline
 *
 * The head every page has: sized for a phone, no Referer (a link's
 * secret is in its address), one style sheet and no script.
 */
void
ctd_html_begin_document (GString    *page,
                         const char *title,
                         const char *stylesheet_href)
{
  g_string_append (page, "<!DOCTYPE html>\n<html lang=\"");
  /* Translators: the code of the language of this translation, as a web
   * page declares it (BCP 47): "fr", "de", "pt-BR" */
  ctd_html_escaped (page, C_("HTML lang", "en"));
  g_string_append (page,
                   "\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                   "<meta name=\"referrer\" content=\"same-origin\">\n");
  if (stylesheet_href != NULL)
    ctd_html_element (page, "<link rel=\"stylesheet\" href=\"", stylesheet_href, "\">\n");
  else
    append_inline_style (page);
  ctd_html_element (page, "<title>", title, "</title>\n</head>\n<body>\n");
}

/**
 * ctd_html_end_page:
 * @page: a page begun with ctd_html_begin_document()
 */
void
ctd_html_end_page (GString *page)
{
  g_string_append (page, "</body>\n</html>\n");
}

/**
 * ctd_html_begin_table:
 * @page: the page being written
 * @headings: (array length=n_columns) (nullable): the columns' headings
 * @n_columns: how many; 0 for a table without headings
 *
 * Opens a table that scrolls sideways on a narrow phone rather than
 * squeezing the names; rows follow (ctd_html_table_row()), then
 * ctd_html_end_table().
 */
void
ctd_html_begin_table (GString           *page,
                      const char *const *headings,
                      guint              n_columns)
{
  g_string_append (page, "<div class=\"scroll\">\n<table>\n");
  if (n_columns > 0)
    {
      g_string_append (page, "<thead><tr>");
      for (guint i = 0; i < n_columns; i++)
        ctd_html_element (page, "<th scope=\"col\">", headings[i], "</th>");
      g_string_append (page, "</tr></thead>\n");
    }
  g_string_append (page, "<tbody>\n");
}

/**
 * ctd_html_table_row:
 * @page: the page being written
 * @stands_out: the row is in bold (a player who advances)
 * @cells: (array length=n_cells): the row's cells
 * @n_cells: how many
 */
void
ctd_html_table_row (GString           *page,
                    gboolean           stands_out,
                    const CtdHtmlCell *cells,
                    guint              n_cells)
{
  static const char *const opening[] = {
    [CTD_HTML_CELL_TEXT] = "<td>",
    [CTD_HTML_CELL_NAME] = "<td class=\"name\"><span>",
    [CTD_HTML_CELL_NUMBER] = "<td class=\"num\">",
    [CTD_HTML_CELL_TOTAL] = "<td class=\"num total\">",
    [CTD_HTML_CELL_CENTER] = "<td class=\"mid\">",
  };

  g_string_append (page, stands_out ? "<tr class=\"advances\">" : "<tr>");
  for (guint i = 0; i < n_cells; i++)
    {
      const CtdHtmlCell *cell = &cells[i];

      g_assert (cell->kind < G_N_ELEMENTS (opening));
      ctd_html_element (page, opening[cell->kind], cell->text,
                        cell->kind == CTD_HTML_CELL_NAME ? "</span>" : "");
      /* The notes under the name: a phone's width is spent on the
       * names and the scores. */
      if (cell->kind == CTD_HTML_CELL_NAME && cell->notes[0] != NULL)
        ctd_html_element (page, "<br><span class=\"note\">", cell->notes[0], "</span>");
      if (cell->kind == CTD_HTML_CELL_NAME && cell->notes[1] != NULL)
        ctd_html_element (page, " <span class=\"note\">", cell->notes[1], "</span>");
      g_string_append (page, "</td>");
    }
  g_string_append (page, "</tr>\n");
}

/**
 * ctd_html_table_block:
 * @page: the page being written
 * @text: a heading inside the table (a chouette of the settlements)
 * @n_columns: the table's columns, which it spans
 */
void
ctd_html_table_block (GString    *page,
                      const char *text,
                      guint       n_columns)
{
  g_string_append_printf (page, "<tr class=\"block\"><th colspan=\"%u\" scope=\"rowgroup\">",
                          MAX (n_columns, 1));
  ctd_html_escaped (page, text);
  g_string_append (page, "</th></tr>\n");
}

/**
 * ctd_html_end_table:
 * @page: a table begun with ctd_html_begin_table()
 */
void
ctd_html_end_table (GString *page)
{
  g_string_append (page, "</tbody>\n</table>\n</div>\n");
}
