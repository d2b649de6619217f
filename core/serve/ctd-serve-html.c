/* ctd-serve-html.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-serve-html.h"

#include <glib/gi18n-lib.h>

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

/**
 * ctd_html_begin_page:
 * @page: an empty page
 * @title: its title
 *
 * The head every page has: sized for a phone, no Referer (a link's
 * secret is in its address), the server's own style sheet only.
 */
void
ctd_html_begin_page (GString    *page,
                     const char *title)
{
  /* Translators: the code of the language of this translation, as a web
   * page declares it (BCP 47): "fr", "de", "pt-BR" */
  const char *lang = C_("HTML lang", "en");

  g_string_append (page, "<!DOCTYPE html>\n<html lang=\"");
  ctd_html_escaped (page, lang);
  g_string_append (page,
                   "\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                   "<meta name=\"referrer\" content=\"same-origin\">\n"
                   "<link rel=\"stylesheet\" href=\"/static/table.css\">\n");
  ctd_html_element (page, "<title>", title, "</title>\n</head>\n<body>\n");
}

/**
 * ctd_html_end_page:
 * @page: a page begun with ctd_html_begin_page()
 */
void
ctd_html_end_page (GString *page)
{
  g_string_append (page, "</body>\n</html>\n");
}
