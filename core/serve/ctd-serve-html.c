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
  ctd_html_begin_document (page, title, "/static/table.css");
}
