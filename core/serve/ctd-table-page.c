/* ctd-table-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table's page, written from the chouette's live view (the same
 * the desk's scoring page binds), so the phone and the desk cannot
 * disagree. Every text from the event goes through g_markup_escape_text():
 * a player may be named "<script>", and his name must show as those
 * letters. The page needs no script and loads only /static/table.css.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-page.h"

#include <glib/gi18n-lib.h>

#include "ctd-record-items.h"
#include "ctd-serve-html.h"

/* "3 (Carol)": a player's number with the name the table knows him by. */
static void
append_player (GString         *page,
               CtdChouetteView *view,
               guint            player)
{
  ctd_html_printf_escaped (page, "%u (%s)", player, ctd_chouette_view_get_name (view, player));
}

static CtdGameItem *
get_game (CtdChouetteView *view,
          guint            game)
{
  GListModel *games = ctd_chouette_view_get_games (view);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(CtdGameItem) item = g_list_model_get_item (games, i);

      if (ctd_game_item_get_game (item) == game)
        return g_steal_pointer (&item);
    }
  return NULL;
}

/* The game to play now, with who is in the box, who captains and the
 * order of cube decisions: what the table used to walk to the desk for. */
static void
append_next_game (GString         *page,
                  CtdChouetteView *view)
{
  guint next = ctd_chouette_view_get_next_game (view);
  g_autoptr(CtdGameItem) item = next != 0 ? get_game (view, next) : NULL;
  guint box = 0, cube = 0;

  g_string_append (page, "<section class=\"next\">\n<p><strong>");
  if (item == NULL)
    {
      ctd_html_escaped (page, _("All games are entered."));
      g_string_append (page, "</strong></p>\n</section>\n");
      return;
    }
  g_object_get (item, "box", &box, "cube", &cube, NULL);
  ctd_html_printf_escaped (page, _("Next: game %u"), next);
  g_string_append (page, "</strong></p>\n<p>");
  ctd_html_escaped (page, _("Box: "));
  append_player (page, view, box);
  if (ctd_game_item_get_captain (item) != 0)
    {
      g_string_append (page, "<br>");
      ctd_html_escaped (page, _("Captain: "));
      append_player (page, view, ctd_game_item_get_captain (item));
      g_string_append (page, "<br>");
      ctd_html_printf_escaped (page, _("Playing order: %s"), ctd_game_item_get_playing (item));
    }
  g_string_append (page, "<br>");
  ctd_html_printf_escaped (page, _("Starting cube: %u"), cube);
  g_string_append (page, "<br>");
  if (*ctd_game_item_get_decisions (item) != '\0')
    ctd_html_printf_escaped (page, _("Cube-decision order: %s"), ctd_game_item_get_decisions (item));
  else
    ctd_html_printf_escaped (page, _("Cube-decision order: known %s"),
                           ctd_game_item_get_pending (item));
  g_string_append (page, "</p>\n</section>\n");
}

static void
append_players (GString         *page,
                CtdChouetteView *view)
{
  g_string_append (page, "<h2>");
  ctd_html_escaped (page, _("Players"));
  g_string_append (page, "</h2>\n<ol class=\"players\">\n");
  for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
    {
      g_string_append (page, "<li>");
      ctd_html_escaped (page, ctd_chouette_view_get_name (view, p));
      g_string_append (page, "</li>\n");
    }
  g_string_append (page, "</ol>\n");
}

static void
append_header_cell (GString    *page,
                    const char *text)
{
  g_string_append (page, "<th scope=\"col\">");
  ctd_html_escaped (page, text);
  g_string_append (page, "</th>");
}

/* One row a game, as the sheet has it: who plays, with what cube and in
 * which order the crew decides, then each player's score and running total. */
static void
append_game_row (GString         *page,
                 CtdChouetteView *view,
                 CtdGameItem     *item)
{
  guint size = ctd_chouette_view_get_size (view);
  guint box = 0, cube = 0;
  const char *decisions = ctd_game_item_get_decisions (item);

  g_object_get (item, "box", &box, "cube", &cube, NULL);
  g_string_append_printf (page, "<tr%s><td class=\"num\">%u</td><td class=\"num\">%u</td>",
                          ctd_game_item_get_recorded (item) ? "" : " class=\"pending\"",
                          ctd_game_item_get_game (item), box);
  if (ctd_game_item_get_captain (item) != 0)
    g_string_append_printf (page, "<td class=\"num\">%u</td>", ctd_game_item_get_captain (item));
  else
    g_string_append (page, "<td></td>");
  g_string_append (page, "<td>");
  ctd_html_escaped (page, ctd_game_item_get_playing (item));
  g_string_append_printf (page, "</td><td class=\"num\">%u</td><td>", cube);
  /* "pending", as the desk's grid says: the next game's box above says
   * what its order waits for, and a long reason in a narrow column
   * would make every row of a phone's screen tall. */
  ctd_html_escaped (page, *decisions != '\0' ? decisions : _("pending"));
  g_string_append (page, "</td>");
  for (guint p = 1; p <= size; p++)
    {
      g_string_append (page, "<td class=\"num\">");
      ctd_html_escaped (page, ctd_game_item_get_delta_text (item, p));
      if (ctd_game_item_get_totals_known (item) && ctd_game_item_get_recorded (item))
        {
          g_string_append (page, "<br><span class=\"total\">");
          ctd_html_escaped (page, ctd_game_item_get_total_text (item, p));
          g_string_append (page, "</span>");
        }
      g_string_append (page, "</td>");
    }
  g_string_append (page, "</tr>\n");
}

static void
append_games (GString         *page,
              CtdChouetteView *view)
{
  GListModel *games = ctd_chouette_view_get_games (view);
  guint size = ctd_chouette_view_get_size (view);

  g_string_append (page, "<h2>");
  ctd_html_escaped (page, _("Games"));
  g_string_append (page, "</h2>\n<p class=\"note\">");
  ctd_html_escaped (page, _("Each player's score in the game, and below it the running total."));
  g_string_append (page, "</p>\n<div class=\"scroll\">\n<table>\n<thead><tr>");
  append_header_cell (page, _("Game"));
  append_header_cell (page, _("Box"));
  append_header_cell (page, _("Captain"));
  append_header_cell (page, _("Playing order"));
  append_header_cell (page, _("Cube"));
  append_header_cell (page, _("Cube-decision order"));
  for (guint p = 1; p <= size; p++)
    {
      g_string_append (page, "<th scope=\"col\">");
      append_player (page, view, p);
      g_string_append (page, "</th>");
    }
  g_string_append (page, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(CtdGameItem) item = g_list_model_get_item (games, i);

      append_game_row (page, view, item);
    }
  g_string_append (page, "</tbody>\n</table>\n</div>\n");
}

static void
append_totals (GString         *page,
               CtdChouetteView *view)
{
  const char *order = ctd_chouette_view_get_last_order_text (view);

  g_string_append (page, "<h2>");
  ctd_html_escaped (page, _("Totals"));
  g_string_append (page, "</h2>\n");
  if (!ctd_chouette_view_get_totals_known (view))
    {
      g_string_append (page, "<p>");
      ctd_html_escaped (page, _("The totals show once every game before them is entered."));
      g_string_append (page, "</p>\n");
    }
  else
    {
      g_string_append (page, "<ul>\n");
      for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
        {
          g_string_append (page, "<li>");
          append_player (page, view, p);
          g_string_append (page, ": <span class=\"total\">");
          ctd_html_escaped (page, ctd_chouette_view_get_total_text (view, p));
          g_string_append (page, "</span></li>\n");
        }
      g_string_append (page, "</ul>\n");
    }

  g_string_append (page, "<h2>");
  ctd_html_escaped (page, _("Last segment"));
  g_string_append (page, "</h2>\n<p>");
  if (*order != '\0')
    ctd_html_printf_escaped (page, _("Order: %s"), order);
  else
    ctd_html_escaped (page, _("The order is known once the first segment's scores give it."));
  g_string_append (page, "</p>\n<p class=\"note\">");
  ctd_html_escaped (page, ctd_chouette_view_get_last_order_basis (view));
  g_string_append (page, "</p>\n");
}

/**
 * ctd_table_page_render:
 * @view: the chouette's live view
 *
 * Returns: (transfer full): the table's page, a whole HTML document
 */
char *
ctd_table_page_render (CtdChouetteView *view)
{
  g_autoptr(GString) page = g_string_new (NULL);
  g_autofree char *title = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (view), NULL);

  title = g_strdup_printf (_("Chouette %s"), ctd_chouette_view_get_label (view));
  ctd_html_begin_page (page, title);
  g_string_append (page, "<h1>");
  ctd_html_escaped (page, title);
  if (ctd_chouette_view_get_table (view) != 0)
    ctd_html_printf_escaped (page, _(" at table %u"), ctd_chouette_view_get_table (view));
  g_string_append (page, "</h1>\n");
  append_next_game (page, view);
  append_players (page, view);
  append_games (page, view);
  append_totals (page, view);
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}

/**
 * ctd_table_page_not_found:
 *
 * The one answer to a missing page, a wrong or revoked link and a link
 * whose round is over alike: whoever guesses learns nothing from it.
 *
 * Returns: (transfer full): the page
 */
char *
ctd_table_page_not_found (void)
{
  g_autoptr(GString) page = g_string_new (NULL);

  ctd_html_begin_page (page, _("Not found"));
  g_string_append (page, "<h1>");
  ctd_html_escaped (page, _("Not found"));
  g_string_append (page, "</h1>\n<p>");
  ctd_html_escaped (page, _("This page does not exist. If it is your table's link, "
                          "ask the director for the link on your scoring sheet."));
  g_string_append (page, "</p>\n");
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}
