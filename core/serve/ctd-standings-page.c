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
 * progress and no score at all. Every text from the event is escaped.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-standings-page.h"

#include <glib/gi18n-lib.h>

#include "ctd-serve-html.h"

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

static void
append_header_cell (GString    *page,
                    const char *text)
{
  ctd_html_element (page, "<th scope=\"col\">", text, "</th>");
}

/* The posted lines, best first: rank, name, chouette, score, and a
 * note for who goes on (made only from a round whose scores may be
 * posted: ctd_display_new()). */
static void
append_rows (GString          *page,
             const CtdDisplay *display)
{
  if (display->rows->len == 0)
    return;
  ctd_html_element (page, "<h2>", ctd_display_heading (display), "</h2>\n");
  g_string_append (page, "<div class=\"scroll\">\n<table>\n<thead><tr>");
  append_header_cell (page, _("Rank"));
  append_header_cell (page, _("Name"));
  append_header_cell (page, _("Score"));
  g_string_append (page, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < display->rows->len; i++)
    {
      const CtdDisplayRow *row = g_ptr_array_index (display->rows, i);
      g_autofree char *rank = ctd_display_rank_text (display, row);
      g_autofree char *chouette = g_strdup_printf ("%u.%u", display->round, row->chouette);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);

      g_string_append (page, row->advances ? "<tr class=\"advances\">" : "<tr>");
      ctd_html_element (page, "<td class=\"num\">", rank, "</td>");
      ctd_html_element (page, "<td class=\"name\"><span>", row->name, "</span>");
      /* The chouette, and who goes on, under the name: a phone's width
       * is spent on the names and the scores. */
      ctd_html_element (page, "<br><span class=\"note\">", chouette, "</span>");
      if (row->advances)
        {
          g_string_append (page, " <span class=\"note\">");
          /* Translators: under a player who advances; %s is the next
           * round's stage ("Semi-final") */
          ctd_html_printf_escaped (page, _("→ %s"), ctd_stage_to_title (display->next_stage));
          g_string_append (page, "</span>");
        }
      g_string_append (page, "</td>");
      ctd_html_element (page, "<td class=\"num total\">", score, "</td>");
      g_string_append (page, "</tr>\n");
    }
  g_string_append (page, "</tbody>\n</table>\n</div>\n");
}

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
  /* Progress while the round is secret; the posting once it is not. */
  if (display->mode == CTD_DISPLAY_PROGRESS)
    append_progress (page, display);
  else
    append_rows (page, display);
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}
