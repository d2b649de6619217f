/* ctd-table-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table's page, written from the chouette's live view (the same
 * the desk's scoring page binds), so the phone and the desk cannot
 * disagree. Every text from the event goes through g_markup_escape_text():
 * a player may be named "<script>", and his name must show as those
 * letters. A page that waits for the other phone or the desk follows
 * them by itself (ctd_table_page_version(), table.js).
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-page.h"

#include <glib/gi18n-lib.h>

#include "ctd-record-items.h"
#include "ctd-serve-html.h"

/* "3 (Carol)": a player's number with the name the table knows him by. */
static void
append_player (GString           *page,
               const CtdChouette *table,
               guint              player)
{
  g_string_append_printf (page, "%u (", player);
  ctd_html_name (page, ctd_chouette_get_name (table, player));
  g_string_append_c (page, ')');
}

/* The same from the desk's view, for the games as recorded. */
static void
append_view_player (GString         *page,
                    CtdChouetteView *view,
                    guint            player)
{
  g_string_append_printf (page, "%u (", player);
  ctd_html_name (page, ctd_chouette_view_get_name (view, player));
  g_string_append_c (page, ')');
}

/* "Carol, Ann, Bob": players by name, in the given order. */
static void
append_names (GString           *page,
              const CtdChouette *table,
              const guint       *players,
              guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (page, ", ");
      ctd_html_name (page, ctd_chouette_get_name (table, players[i]));
    }
}

static void
append_enter_link (GString    *page,
                   const char *secret,
                   guint       game,
                   const char *text)
{
  g_string_append (page, "<a class=\"button\" href=\"/t/");
  ctd_html_escaped (page, secret);
  g_string_append_printf (page, "/enter/%u\">", game);
  ctd_html_escaped (page, text);
  g_string_append (page, "</a>");
}

/* The game to play now, as the table sees the chouette (its own lines
 * that wait counted in): who is in the box, who captains and the order
 * of cube decisions, what the table used to walk to the desk for. */
static void
append_next_game (GString           *page,
                  CtdChouetteView   *view,
                  const CtdChouette *table,
                  const char        *secret)
{
  CtdChouetteGame next;
  guint game = 0;

  for (guint g = 1; g <= CTD_N_GAMES && game == 0; g++)
    if (ctd_chouette_get_result (table, g) == NULL)
      game = g;
  g_string_append (page, "<section class=\"next\">\n<p><strong>");
  if (game == 0)
    {
      /* Sent is not recorded: the desk still has the last word, and
       * its view says whether it has every game. */
      ctd_html_escaped (page, !ctd_chouette_view_get_complete (view)
                              ? _("Every game is sent: the desk records them.")
                              : _("All games are entered."));
      g_string_append (page, "</strong></p>\n</section>\n");
      return;
    }
  ctd_chouette_get_sheet_game (table, game, &next);
  ctd_html_printf_escaped (page, _("Next: game %u"), game);
  g_string_append (page, "</strong></p>\n<p>");
  /* Translators: the Box and the Captain are the chouette's roles: the
   * player alone against the crew, and the crew's player at the board */
  ctd_html_escaped (page, _("Box: "));
  append_player (page, table, next.slot.box);
  if (next.slot.captain != 0)
    {
      g_string_append (page, "<br>");
      ctd_html_escaped (page, _("Captain: "));
      append_player (page, table, next.slot.captain);
      g_string_append (page, "<br>");
      ctd_html_escaped (page, _("Playing order: "));
      append_names (page, table, next.slot.playing_order, next.slot.n_crew);
    }
  g_string_append (page, "<br>");
  ctd_html_printf_escaped (page, _("Starting cube: %u"), next.slot.cube_start);
  g_string_append (page, "<br>");
  if (next.decision_known)
    {
      ctd_html_escaped (page, _("Cube-decision order: "));
      append_names (page, table, next.decision_order, next.slot.n_crew);
    }
  else
    {
      g_autofree char *pending = ctd_chouette_describe_pending (table, game);

      ctd_html_printf_escaped (page, _("Cube-decision order: known %s"), pending);
    }
  g_string_append (page, "</p>\n<p>");
  if (next.slot.captain != 0)
    {
      g_autofree char *enter = g_strdup_printf (_("Enter game %u"), game);

      append_enter_link (page, secret, game, enter);
    }
  g_string_append (page, "</p>\n</section>\n");
}

/* "Ann +2, Bob -1, Carol -1": what a line does, as the table sees it. */
static void
append_deltas (GString           *page,
               const CtdChouette *table,
               guint              game)
{
  CtdChouetteGame scored;

  ctd_chouette_get_game (table, game, &scored);
  if (scored.result == NULL)
    return;
  g_string_append (page, "<br>");
  for (guint p = 1; p <= ctd_chouette_get_size (table); p++)
    {
      g_autofree char *delta = ctd_halves_to_string (scored.deltas[p - 1], TRUE);

      if (p > 1)
        g_string_append (page, ", ");
      ctd_html_name (page, ctd_chouette_get_name (table, p));
      g_string_append_c (page, ' ');
      ctd_html_escaped (page, delta);
    }
}

/* A line the other side is asked to confirm, with both answers. */
static void
append_confirmation (GString                  *page,
                     const CtdChouette        *table,
                     const CtdStoreSubmission *line,
                     const char               *secret,
                     const char               *token)
{
  CtdChouetteGame sheet;
  guint confirmer;

  ctd_chouette_get_sheet_game (table, line->game, &sheet);
  confirmer = line->entered_by == sheet.slot.box ? sheet.slot.captain : sheet.slot.box;
  /* The phone that entered the line hands over first: the other side
   * confirms on their own phone, or here with their seat code. */
  if (line->here)
    {
      const char *name = ctd_chouette_get_name (table, confirmer);

      g_string_append (page, "<p class=\"hand-over\">");
      if (confirmer == sheet.slot.captain)
        /* Translators: the Captain's name, twice */
        ctd_html_printf_name (page, _("Hand the phone to %s (the Captain), or %s confirms "
                                      "on their own phone."), name);
      else
        /* Translators: the Box's name, twice */
        ctd_html_printf_name (page, _("Hand the phone to %s (the Box), or %s confirms on "
                                      "their own phone."), name);
      g_string_append (page, "</p>\n");
    }
  g_string_append (page, "<form method=\"post\" action=\"/t/");
  ctd_html_escaped (page, secret);
  g_string_append_printf (page, "/answer\">\n<input type=\"hidden\" name=\"token\" value=\"");
  ctd_html_escaped (page, token);
  g_string_append_printf (page, "\">\n<input type=\"hidden\" name=\"id\" value=\"%u\">\n"
                          "<input type=\"hidden\" name=\"by\" value=\"%u\">\n",
                          line->number, confirmer);
  if (line->here)
    {
      g_string_append_printf (page, "<p><label for=\"code-%u\">", line->game);
      ctd_html_printf_name (page, _("%s's seat code (on the table's sheet):"),
                            ctd_chouette_get_name (table, confirmer));
      g_string_append_printf (page, "</label> <input id=\"code-%u\" name=\"code\" "
                              "inputmode=\"numeric\" autocomplete=\"off\" maxlength=\"4\" "
                              "size=\"4\"></p>\n", line->game);
    }
  g_string_append (page, "<button type=\"submit\" name=\"answer\" value=\"confirm\">");
  ctd_html_printf_name (page, _("%s: this is right"), ctd_chouette_get_name (table, confirmer));
  g_string_append (page, "</button>\n");
  ctd_html_element (page, "<button type=\"submit\" class=\"secondary\" name=\"answer\" "
                    "value=\"refuse\">", _("It is wrong: send it back"), "</button>\n</form>\n");
}

/* Whether @line waits for the table itself: the other side's answer,
 * or the game entered again. */
static gboolean
line_asks_table (const CtdStoreSubmission *line)
{
  return line->state == CTD_SUBMISSION_ENTERED || line->state == CTD_SUBMISSION_REFUSED ||
         line->state == CTD_SUBMISSION_REJECTED;
}

/* A line that asks something of the table, as a card of its own under
 * the next game: the confirmation with its buttons, or the way to enter
 * the game again. */
static void
append_asking_line (GString                  *page,
                    const CtdChouette        *table,
                    const CtdStoreSubmission *line,
                    const char               *secret,
                    const char               *token)
{
  g_autofree char *heading = g_strdup_printf (_("Game %u:"), line->game);

  g_string_append_printf (page, "<div class=\"line-sent %s\" id=\"game-%u\">\n<p>",
                          line->state == CTD_SUBMISSION_ENTERED ? "asks" : "sent", line->game);
  ctd_html_element (page, "<strong>", heading, "</strong> ");
  ctd_html_element (page, "<code>", line->line, "</code>");
  if (line->state == CTD_SUBMISSION_ENTERED)
    {
      append_deltas (page, table, line->game);
      g_string_append (page, "<br>");
      if (line->here)
        ctd_html_printf_name (page, _("Entered by %s on this phone."),
                              ctd_chouette_get_name (table, line->entered_by));
      else
        ctd_html_printf_name (page, _("Entered by %s. Is it right?"),
                              ctd_chouette_get_name (table, line->entered_by));
      g_string_append (page, "</p>\n");
      append_confirmation (page, table, line, secret, token);
    }
  else
    {
      g_string_append (page, "<br>");
      if (line->state == CTD_SUBMISSION_REFUSED)
        ctd_html_escaped (page, _("Sent back at the table: enter it again."));
      else
        ctd_html_printf_escaped (page, _("The director sent it back: %s"), line->reason);
      g_string_append (page, "</p>\n");
      if (ctd_chouette_get_result (table, line->game) == NULL)
        {
          g_autofree char *again = g_strdup_printf (_("Enter game %u again"), line->game);

          g_string_append (page, "<p>");
          append_enter_link (page, secret, line->game, again);
          g_string_append (page, "</p>\n");
        }
    }
  g_string_append (page, "</div>\n");
}

/* What the table sent and where each line stands: first, under the next
 * game, each line that asks the table something; then, one short row
 * each, the lines that wait for the director, so that a round's worth
 * of them never pushes the next game off the screen. */
static void
append_lines (GString           *page,
              const CtdChouette *table,
              GPtrArray         *lines,
              const char        *secret,
              const char        *token)
{
  gboolean any = FALSE;

  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

      if (line_asks_table (line))
        append_asking_line (page, table, line, secret, token);
    }
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);
      g_autofree char *heading = NULL;

      if (line->state == CTD_SUBMISSION_RECORDED || line_asks_table (line))
        continue;
      if (!any)
        ctd_html_element (page, "<h2>", _("Lines from this table"), "</h2>\n"
                          "<ul class=\"waiting\">\n");
      any = TRUE;
      heading = g_strdup_printf (_("Game %u:"), line->game);
      g_string_append_printf (page, "<li id=\"game-%u\">", line->game);
      ctd_html_element (page, "<strong>", heading, "</strong> ");
      ctd_html_element (page, "<code>", line->line, "</code> ");
      if (line->state == CTD_SUBMISSION_PENDING && line->one_device)
        ctd_html_printf_name (page, _("Confirmed by %s on the phone that entered it: "
                                      "the director checks it before it counts."),
                              ctd_chouette_get_name (table, line->confirmed_by));
      else if (line->state == CTD_SUBMISSION_PENDING)
        ctd_html_printf_name (page, _("Confirmed by %s: waiting for the director."),
                              ctd_chouette_get_name (table, line->confirmed_by));
      else
        ctd_html_printf_escaped (page, _("The desk has “%s” for this game: the director "
                                         "decides."), line->recorded);
      g_string_append (page, "</li>\n");
    }
  if (any)
    g_string_append (page, "</ul>\n");
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
      ctd_html_name (page, ctd_chouette_view_get_name (view, p));
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

/* One row a game: who was in the box and who captained, the line as
 * recorded, then each player's score and running total. The playing and
 * decision orders are the next game's box's to say: in the grid, they
 * made a phone's page scroll sideways. */
static void
append_game_row (GString         *page,
                 CtdChouetteView *view,
                 CtdGameItem     *item)
{
  guint size = ctd_chouette_view_get_size (view);
  guint box = 0;

  g_object_get (item, "box", &box, NULL);
  /* The line on a row of its own under the numbers, as wide as they are
   * together: in a column, it was a tall strip a few letters wide. */
  g_string_append_printf (page, "<tr%s><th scope=\"row\" class=\"num\"%s>%u</th>",
                          ctd_game_item_get_recorded (item) ? "" : " class=\"pending\"",
                          ctd_game_item_get_recorded (item) ? " rowspan=\"2\"" : "",
                          ctd_game_item_get_game (item));
  g_string_append_printf (page, "<td class=\"num\">%u</td>", box);
  if (ctd_game_item_get_captain (item) != 0)
    g_string_append_printf (page, "<td class=\"num\">%u</td>", ctd_game_item_get_captain (item));
  else
    g_string_append (page, "<td></td>");
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
  if (ctd_game_item_get_recorded (item))
    {
      g_string_append_printf (page, "<tr class=\"line\"><td colspan=\"%u\"><code>", size + 2);
      ctd_html_escaped (page, ctd_game_item_get_notation (item));
      g_string_append (page, "</code></td></tr>\n");
    }
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
  g_string_append (page, "</p>\n<div class=\"scroll\">\n<table class=\"games\">\n<thead><tr>");
  append_header_cell (page, _("Game"));
  /* Translators: headings of the games' table: the Box and the Captain
   * are the chouette's roles */
  append_header_cell (page, _("Box"));
  append_header_cell (page, _("Captain"));
  /* The players by number, as the list above names them: a name in
   * each heading would push the scores off a phone's screen. */
  for (guint p = 1; p <= size; p++)
    g_string_append_printf (page, "<th scope=\"col\" class=\"num\">%u</th>", p);
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
          append_view_player (page, view, p);
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

/* What the page shows of the chouette, below its title and any
 * refusal: what its version is the version of. */
static GString *
render_body (CtdChouetteView   *view,
             const CtdChouette *table,
             GPtrArray         *lines,
             const char        *secret,
             const char        *token)
{
  GString *body = g_string_new (NULL);

  append_next_game (body, view, table, secret);
  append_lines (body, table, lines, secret, token);
  append_players (body, view);
  append_games (body, view);
  append_totals (body, view);
  return body;
}

/**
 * ctd_table_page_version:
 * @view: the chouette's live view
 * @table: the chouette as its table sees it
 * @lines: (element-type CtdStoreSubmission): its lines
 * @secret: the link's secret
 * @token: the link's form token
 *
 * What a phone asks every few seconds (table.js): a few bytes that
 * change when, and only when, the table's page would show something
 * else.
 *
 * Returns: (transfer full): the version of the table's page
 */
char *
ctd_table_page_version (CtdChouetteView   *view,
                        const CtdChouette *table,
                        GPtrArray         *lines,
                        const char        *secret,
                        const char        *token)
{
  g_autoptr(GString) body = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (view), NULL);
  g_return_val_if_fail (table != NULL && lines != NULL, NULL);
  body = render_body (view, table, lines, secret, token);
  return ctd_serve_version_of (body->str);
}

/**
 * ctd_table_page_render:
 * @view: the chouette's live view: its games as recorded at the desk
 * @table: the chouette as its table sees it (its lines that wait counted in)
 * @lines: (element-type CtdStoreSubmission): the newest line the table
 *   sent for each game
 * @secret: the link's secret, for the page's own links and forms
 * @token: the link's form token
 * @problem: (nullable): why the table's last answer was refused
 *
 * A page that waits while the chouette is not complete at the desk: it
 * opens itself again when its version changes (ctd_table_page_version()),
 * or every few seconds without script; but not while it shows
 * @problem, which the table must read first.
 *
 * Returns: (transfer full): the table's page, a whole HTML document
 */
char *
ctd_table_page_render (CtdChouetteView   *view,
                       const CtdChouette *table,
                       GPtrArray         *lines,
                       const char        *secret,
                       const char        *token,
                       const char        *problem)
{
  g_autoptr(GString) page = g_string_new (NULL);
  g_autoptr(GString) body = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (view), NULL);
  g_return_val_if_fail (table != NULL && lines != NULL, NULL);

  title = g_strdup_printf (_("Chouette %s"), ctd_chouette_view_get_label (view));
  body = render_body (view, table, lines, secret, token);
  if (problem == NULL && !ctd_chouette_view_get_complete (view))
    {
      g_autofree char *version = ctd_serve_version_of (body->str);
      g_autofree char *page_path = g_strconcat ("/t/", secret, NULL);
      g_autofree char *version_path = g_strconcat ("/t/", secret, "/" CTD_TABLE_PAGE_VERSION,
                                                   NULL);

      ctd_html_begin_waiting_page (page, title, page_path, version_path, version);
    }
  else
    ctd_html_begin_page (page, title);
  g_string_append (page, "<h1>");
  if (ctd_chouette_view_get_table (view) != 0)
    ctd_html_printf_escaped (page, _("Chouette %s at table %u"),
                             ctd_chouette_view_get_label (view),
                             ctd_chouette_view_get_table (view));
  else
    ctd_html_escaped (page, title);
  g_string_append (page, "</h1>\n");
  if (problem != NULL)
    ctd_html_element (page, "<p class=\"problem\" role=\"alert\">", problem, "</p>\n");
  g_string_append_len (page, body->str, body->len);
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
