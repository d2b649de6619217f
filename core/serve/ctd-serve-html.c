/* ctd-serve-html.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The style sheet and the script are held in the binary. The style
 * sheet's address carries a hash of its content, so a phone keeps it for
 * good (ctd-table-server.c answers it "immutable") and a new program's
 * sheet is a new address; the script is inline, allowed by its hash in
 * the pages' policy, like results.css's inline style.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-serve-html.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ctd-text.h"

static const char table_css[] = {
#include "ctd-table-css.h"
  , 0
};

static const char table_js[] = {
#include "ctd-table-js.h"
  , 0
};

/**
 * ctd_serve_version_of:
 * @text: a text
 *
 * A page's version is asked by every waiting phone every few seconds,
 * and written in every page: a quick hash (ctd_text_hash()), not
 * SHA-256, which cost a table's page as much as writing it. Nothing
 * rests on it being hard to forge: a phone that sends another version
 * only reloads its own page.
 *
 * Returns: (transfer full): a short version of @text, 16 hex digits:
 *   another text has another version
 */
char *
ctd_serve_version_of (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x", ctd_text_hash (text, strlen (text)));
}

/**
 * ctd_serve_style:
 *
 * Returns: the server's style sheet, table.css
 */
const char *
ctd_serve_style (void)
{
  return table_css;
}

/**
 * ctd_serve_script:
 *
 * Returns: the script a page that waits runs, table.js
 */
const char *
ctd_serve_script (void)
{
  return table_js;
}

/**
 * ctd_serve_style_path:
 *
 * Returns: the style sheet's address, "/static/table-VERSION.css", its
 *   version that of its content (ctd_serve_version_of())
 */
const char *
ctd_serve_style_path (void)
{
  static gsize once;
  static char *path;

  if (g_once_init_enter (&once))
    {
      g_autofree char *version = ctd_serve_version_of (table_css);

      path = g_strdup_printf ("/static/table-%s.css", version);
      g_once_init_leave (&once, 1);
    }
  return path;
}

/**
 * ctd_serve_page_policy:
 *
 * Returns: the Content-Security-Policy of every answer: CTD_SERVE_POLICY,
 *   the script of ctd_serve_script() by its hash, and the version it
 *   asks of this server
 */
const char *
ctd_serve_page_policy (void)
{
  static gsize once;
  static char *policy;

  if (g_once_init_enter (&once))
    {
      g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
      guint8 digest[32];
      gsize length = sizeof digest;
      g_autofree char *hash = NULL;

      g_checksum_update (checksum, (const guchar *) table_js, strlen (table_js));
      g_checksum_get_digest (checksum, digest, &length);
      hash = g_base64_encode (digest, length);
      policy = g_strdup_printf (CTD_SERVE_POLICY "; script-src 'sha256-%s'; connect-src 'self'",
                                hash);
      g_once_init_leave (&once, 1);
    }
  return policy;
}

/**
 * ctd_html_begin_page:
 * @page: an empty page
 * @title: its title
 *
 * The head every page of the server has: ctd_html_begin_document()
 * linking the server's own style sheet, the only style its policy
 * allows (style-src 'self', no inline style: ctd-table-server.c).
 */
void
ctd_html_begin_page (GString    *page,
                     const char *title)
{
  ctd_html_begin_document (page, title, ctd_serve_style_path ());
}

/**
 * ctd_html_begin_waiting_page:
 * @page: an empty page
 * @title: its title
 * @page_path: the page's own address, which a refresh opens (a page
 *   answering a form would send the form again)
 * @version_path: the address of the page's version
 * @version: the version of what the page shows now
 *
 * The head of a page that waits for another phone or the desk: it opens
 * itself again every CTD_SERVE_REFRESH_S seconds without script, and
 * with it, as soon as its version changes (table.js). Never on a form
 * being filled: a refresh would lose it.
 */
void
ctd_html_begin_waiting_page (GString    *page,
                             const char *title,
                             const char *page_path,
                             const char *version_path,
                             const char *version)
{
  g_autoptr(GString) head = g_string_new (NULL);
  const char *end;

  ctd_html_begin_page (page, title);
  g_string_append_printf (head, "<noscript><meta http-equiv=\"refresh\" content=\"%u; url=",
                          CTD_SERVE_REFRESH_S);
  ctd_html_escaped (head, page_path);
  g_string_append (head, "\"></noscript>\n<meta name=\"ctd-version\" content=\"");
  ctd_html_escaped (head, version);
  g_string_append (head, "\" data-src=\"");
  ctd_html_escaped (head, version_path);
  g_string_append (head, "\" data-page=\"");
  ctd_html_escaped (head, page_path);
  g_string_append_printf (head, "\">\n<script>%s</script>\n", table_js);
  /* Into the head ctd_html_begin_document() wrote, before it closes. */
  end = g_strrstr (page->str, "</head>");
  g_assert (end != NULL);
  g_string_insert (page, end - page->str, head->str);
}

/**
 * ctd_html_name:
 * @page: the page being written
 * @name: a player's name
 *
 * Appends @name, escaped, isolated in a bdi element: a name may hold
 * unbalanced direction controls (U+202E, U+2067), which would otherwise
 * reverse the names and numbers after it on the line (a playing order,
 * a cube-decision order).
 */
void
ctd_html_name (GString    *page,
               const char *name)
{
  ctd_html_element (page, "<bdi>", name, "</bdi>");
}

/**
 * ctd_html_printf_name:
 * @page: the page being written
 * @format: a translated sentence whose every conversion is a "%s" for
 *   the same name (a sentence may name a player twice)
 * @name: a player's name, for each "%s"
 *
 * Appends the sentence, escaped, with @name in it as ctd_html_name()
 * writes it: isolated wherever the translation puts it.
 */
void
ctd_html_printf_name (GString    *page,
                      const char *format,
                      const char *name)
{
  const char *rest = format;
  const char *at;

  g_return_if_fail (strstr (format, "%s") != NULL);
  while ((at = strstr (rest, "%s")) != NULL)
    {
      g_autofree char *before = g_strndup (rest, at - rest);

      ctd_html_escaped (page, before);
      ctd_html_name (page, name);
      rest = at + 2;
    }
  ctd_html_escaped (page, rest);
}
