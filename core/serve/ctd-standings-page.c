/* ctd-standings-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standings page, written from the public display's live view (the
 * one the projector's window binds), so a phone shows what the room's
 * screen shows and no more: the secrecy of a round is decided in core
 * (ctd-display.c), and this page only writes out the posting it is
 * given. While a round is secret that posting holds the tables'
 * progress and no score at all. The tables are written by the renderer
 * results.html shares (ctd-html.h), every text escaped.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-standings-page.h"

#include <glib/gi18n-lib.h>

#include "ctd-serve-html.h"

/**
 * ctd_standings_page_render:
 * @view: the public display's live view
 *
 * Returns: (transfer full): the standings page, a whole HTML document:
 *   the event's name, the round's title and status line, then the
 *   tables' progress or the posted standings or placings
 */
char *
ctd_standings_page_render (CtdDisplayView *view)
{
  g_autoptr(GString) page = g_string_new (NULL);
  const CtdDisplay *display;
  const char *event_name, *round_title;

  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (view), NULL);

  display = ctd_display_view_get_content (view);
  event_name = ctd_display_view_get_event_name (view);
  round_title = ctd_display_view_get_round_title (view);
  ctd_html_begin_page (page, _("Standings"));
  ctd_html_element (page, "<h1>", event_name != NULL && *event_name != '\0'
                                ? event_name : _("Chouette TD"), "</h1>\n");
  if (round_title != NULL && *round_title != '\0')
    ctd_html_element (page, "<h2>", round_title, "</h2>\n");
  ctd_html_element (page, "<p class=\"next\">", ctd_display_view_get_status (view), "</p>\n");
  /* Progress while the round is secret; the posting once it is not:
   * the same tables as results.html (core/output/ctd-html-results.c). */
  ctd_html_append_display (page, display);
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}
