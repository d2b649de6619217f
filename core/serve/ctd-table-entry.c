/* ctd-table-entry.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game entered at the table, on a phone, without script: a form that
 * asks in words (who enters it, who won and how, each crew member's cube
 * and how it ended), a check that shows what each player wins or loses
 * before anything is sent, then the line sent to the other side for
 * confirmation (ctd_document_submit()). The form offers only what core
 * accepts (ctd_result_cube_values(), the ends of CtdCubeEnd), and the
 * line it makes is checked by ctd_chouette_record(), as the desk checks
 * a typed line; the notation fields are there for those who know it.
 *
 * Every form carries a token bound to its link: HMAC-SHA256 of the
 * link's secret under a key the server draws when it starts, so a page
 * elsewhere cannot post into the desk even if a phone visits it, and a
 * form outlives no restart of the server.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-entry.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "ctd-link.h"
#include "ctd-rules-enum-types.h"
#include "ctd-serve-html.h"
#include "ctd-table-form.h"

/**
 * ctd_table_entry_token:
 * @key: the server's key, CTD_TABLE_ENTRY_KEY_BYTES bytes
 * @secret: a link's secret
 *
 * Returns: (transfer full): the forms' token for that link, 64 hex digits
 */
char *
ctd_table_entry_token (const guint8 *key,
                       const char   *secret)
{
  g_autofree char *message = g_strconcat ("ctd-form:", secret, NULL);

  return g_compute_hmac_for_string (G_CHECKSUM_SHA256, key, CTD_TABLE_ENTRY_KEY_BYTES,
                                    message, -1);
}

/**
 * ctd_table_entry_token_is:
 * @key: the server's key
 * @secret: the link's secret the form was posted to
 * @candidate: (nullable): the token the form carried
 *
 * Compared in constant time: the answer comes no sooner for a token
 * that is nearly right.
 *
 * Returns: whether @candidate is the link's token
 */
gboolean
ctd_table_entry_token_is (const guint8 *key,
                          const char   *secret,
                          const char   *candidate)
{
  g_autofree char *token = ctd_table_entry_token (key, secret);
  gsize length = strlen (token);
  guint difference = 0;

  if (candidate == NULL || strlen (candidate) != length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    difference |= (guint) (token[i] ^ candidate[i]);
  return difference == 0;
}

/* ---- the line from the form's words ------------------------------------- */

static gboolean
context_of (const CtdChouette  *chouette,
            guint               game,
            CtdGameContext     *out_context)
{
  CtdChouetteGame sheet;

  if (game < 1 || game > CTD_N_GAMES)
    return FALSE;
  ctd_chouette_get_sheet_game (chouette, game, &sheet);
  *out_context = (CtdGameContext) {
    .game = game,
    .size = ctd_chouette_get_size (chouette),
    .box = sheet.slot.box,
    .captain = sheet.slot.captain,
    .cube_start = sheet.slot.cube_start,
  };
  return sheet.slot.captain != 0;
}

/**
 * ctd_table_entry_line:
 * @chouette: the chouette as its table sees it
 * @game: the game entered
 * @fields: the form's fields
 * @error: return location for an error, in the table's words
 *
 * The line the form's words say: the "notation" field when it is
 * filled, otherwise who won and how, each crew member's cube, the
 * extras, penalties and adjustment (ctd_form_read_more()), and the
 * "more" field's tokens after them. Not checked against the rules here:
 * ctd_chouette_record() does that, with its own words.
 *
 * Returns: (transfer full): the line, or %NULL with @error set
 */
char *
ctd_table_entry_line (const CtdChouette  *chouette,
                      guint               game,
                      GHashTable         *fields,
                      GError            **error)
{
  g_autoptr(GEnumClass) ends = g_type_class_ref (CTD_TYPE_CUBE_END);
  g_autofree char *notation = g_strstrip (g_strdup (ctd_form_field (fields, "notation")));
  g_autofree char *more = g_strstrip (g_strdup (ctd_form_field (fields, "more")));
  g_autofree char *line = NULL;
  CtdResult result = { 0, };
  const char *winner = ctd_form_field (fields, "winner");
  const char *how = ctd_form_field (fields, "how");

  if (*notation != '\0')
    return g_steal_pointer (&notation);
  if (!context_of (chouette, game, &result.context))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Game %u's Captain is known once the games before the last segment are "
                     "in"), game);
      return NULL;
    }

  if (strcmp (winner, "box") == 0)
    result.winner = CTD_WINNER_BOX;
  else if (strcmp (winner, "team") == 0)
    result.winner = CTD_WINNER_TEAM;
  else if (strcmp (winner, "none") == 0)
    result.winner = CTD_WINNER_NONE;
  else
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Say who won the game: the Box, the crew, or nobody"));
      return NULL;
    }
  if (result.winner != CTD_WINNER_NONE)
    {
      result.multiplier = strcmp (how, "gammon") == 0 ? 2
                          : strcmp (how, "backgammon") == 0 ? 3
                          : strcmp (how, "single") == 0 ? 1 : 0;
      if (result.multiplier == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("Say how the game was won: single, gammon or backgammon"));
          return NULL;
        }
    }

  for (guint p = 1; p <= result.context.size; p++)
    {
      g_autofree char *value_name = g_strdup_printf ("value-%u", p);
      g_autofree char *end_name = g_strdup_printf ("end-%u", p);
      GEnumValue *end = g_enum_get_value_by_nick (ends, ctd_form_field (fields, end_name));
      guint value = result.context.cube_start;

      if (p == result.context.box)
        continue;
      if (end == NULL ||
          (end->value != CTD_CUBE_WASH &&
           !ctd_form_parse_uint (ctd_form_field (fields, value_name), CTD_CUBE_MAX_POINTS, &value)))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Say what %s's cube was worth and how it ended"),
                       ctd_chouette_get_name (chouette, p));
          return NULL;
        }
      result.cubes[p - 1] = (CtdCube) { end->value, end->value == CTD_CUBE_WASH ? 0 : value };
    }
  if (!ctd_form_read_more (fields, &result, error))
    return NULL;
  line = ctd_result_format (&result);
  if (*more != '\0')
    {
      char *whole = g_strconcat (line, " ", more, NULL);

      g_free (line);
      line = whole;
    }
  return g_steal_pointer (&line);
}

/* ---- the pages ------------------------------------------------------------ */

static void
append_cube (GString              *page,
             const CtdChouette    *chouette,
             const CtdGameContext *context,
             guint                 player,
             GHashTable           *fields)
{
  g_autoptr(GEnumClass) ends = g_type_class_ref (CTD_TYPE_CUBE_END);
  g_autoptr(GArray) values = ctd_result_cube_values (context, CTD_RESULT_FORM_DOUBLINGS);
  g_autofree char *value_name = g_strdup_printf ("value-%u", player);
  g_autofree char *end_name = g_strdup_printf ("end-%u", player);
  const char *given_value = fields != NULL ? g_hash_table_lookup (fields, value_name) : NULL;
  const char *given_end = fields != NULL ? g_hash_table_lookup (fields, end_name) : NULL;

  ctd_form_begin_fieldset_named (page, _("%s's cube"), ctd_chouette_get_name (chouette, player));
  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Value"));
  g_string_append_printf (page, "<br><select name=\"%s\">\n", value_name);
  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      guint value = g_array_index (values, guint, i);
      g_autofree char *text = g_strdup_printf ("%u", value);
      g_autofree char *label = g_strdup_printf (_("worth %u"), value);

      ctd_form_option (page, text, given_value != NULL ? strcmp (given_value, text) == 0
                                              : value == context->cube_start, label);
    }
  g_string_append (page, "</select></label>\n");
  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("How it ended"));
  g_string_append_printf (page, "<br><select name=\"%s\">\n", end_name);
  for (guint i = 0; i < ends->n_values; i++)
    {
      const char *label = ctd_form_describe_end (ends->values[i].value);

      ctd_form_option (page, ends->values[i].value_nick,
              given_end != NULL ? strcmp (given_end, ends->values[i].value_nick) == 0
                                : ends->values[i].value == CTD_CUBE_PLAYED, label);
    }
  g_string_append (page, "</select></label>\n</fieldset>\n");
}

static void
begin_form (GString    *page,
            const char *secret,
            const char *action,
            const char *token)
{
  g_string_append (page, "<form method=\"post\" action=\"/t/");
  ctd_html_escaped (page, secret);
  g_string_append_printf (page, "/%s\">\n", action);
  ctd_form_hidden (page, "token", token);
}

static void
append_title (GString    *page,
              const char *label,
              guint       game)
{
  g_autofree char *title = g_strdup_printf (_("Chouette %s, game %u"), label, game);

  ctd_html_element (page, "<h1>", title, "</h1>\n");
}

static void
back_link (GString    *page,
           const char *secret,
           const char *text)
{
  g_string_append (page, "<p><a class=\"button secondary\" href=\"/t/");
  ctd_html_escaped (page, secret);
  g_string_append (page, "\">");
  ctd_html_escaped (page, text);
  g_string_append (page, "</a></p>\n");
}

/**
 * ctd_table_entry_form:
 * @chouette: the chouette as its table sees it
 * @label: its label, "1.3"
 * @secret: its link's secret
 * @token: its forms' token
 * @game: the game to enter
 * @fields: (nullable): what the form held when it comes back with @problem
 * @problem: (nullable): why it came back, in the table's words
 *
 * Returns: (transfer full): the page that asks for game @game in words
 */
char *
ctd_table_entry_form (const CtdChouette *chouette,
                      const char        *label,
                      const char        *secret,
                      const char        *token,
                      guint              game,
                      GHashTable        *fields,
                      const char        *problem)
{
  g_autoptr(GString) page = g_string_new (NULL);
  g_autofree char *title = g_strdup_printf (_("Chouette %s, game %u"), label, game);
  g_autofree char *game_text = g_strdup_printf ("%u", game);
  g_autofree char *box_text = NULL;
  g_autofree char *captain_text = NULL;
  CtdChouetteGame sheet;
  CtdGameContext context;

  ctd_html_begin_page (page, title);
  append_title (page, label, game);
  if (problem != NULL)
    ctd_html_element (page, "<p class=\"problem\" role=\"alert\">", problem, "</p>\n");
  if (!context_of (chouette, game, &context))
    {
      ctd_html_element (page, "<p>", _("This game's Captain is known once the games before "
                                       "the last segment are in: enter those first."), "</p>\n");
      back_link (page, secret, _("Back to the table"));
      ctd_html_end_page (page);
      return g_string_free (g_steal_pointer (&page), FALSE);
    }
  ctd_chouette_get_sheet_game (chouette, game, &sheet);
  box_text = g_strdup_printf ("%u", context.box);
  captain_text = g_strdup_printf ("%u", context.captain);

  begin_form (page, secret, CTD_TABLE_ENTRY_CHECK, token);
  ctd_form_hidden (page, "game", game_text);

  ctd_form_begin_fieldset (page, _("Who is entering this game?"));
  ctd_form_radio_named (page, fields, "by", box_text, _("%s, the Box"),
                        ctd_chouette_get_name (chouette, context.box));
  ctd_form_radio_named (page, fields, "by", captain_text, _("%s, the Captain"),
                        ctd_chouette_get_name (chouette, context.captain));
  ctd_html_element (page, "<p class=\"note\">", _("The other one confirms it before it goes to "
                                                  "the director."), "</p>\n</fieldset>\n");

  ctd_form_begin_fieldset (page, _("Who won?"));
  ctd_form_radio_named (page, fields, "winner", "box", _("The Box, %s"),
                        ctd_chouette_get_name (chouette, context.box));
  ctd_form_radio_named (page, fields, "winner", "team", _("The crew, Captain %s"),
                        ctd_chouette_get_name (chouette, context.captain));
  ctd_form_radio (page, fields, "winner", "none", FALSE,
                  _("Nobody played it out: every cube was passed or washed"));
  g_string_append (page, "</fieldset>\n");
  ctd_form_begin_fieldset (page, _("How?"));
  ctd_form_radio (page, fields, "how", "single", TRUE, _("Single game"));
  ctd_form_radio (page, fields, "how", "gammon", FALSE, _("Gammon"));
  ctd_form_radio (page, fields, "how", "backgammon", FALSE, _("Backgammon"));
  g_string_append (page, "</fieldset>\n");

  {
    g_autofree char *note = g_strdup_printf (_("Every cube starts at %u. A passed cube is "
                                               "worth what it was before the refused double."),
                                             context.cube_start);

    ctd_html_element (page, "<p class=\"note\">", note, "</p>\n");
  }
  for (guint i = 0; i < sheet.slot.n_crew; i++)
    append_cube (page, chouette, &context, sheet.slot.playing_order[i], fields);

  ctd_form_append_more (page, chouette, &context, sheet.slot.playing_order, sheet.slot.n_crew,
                        fields);
  ctd_form_begin_fieldset (page, _("Or the whole line in notation"));
  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Notation (replaces the answers above)"));
  g_string_append_printf (page, "<br><input type=\"text\" name=\"notation\" maxlength=\"%u\" "
                          "autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\" value=\"",
                          CTD_RESULT_MAX_LENGTH);
  ctd_html_escaped (page, ctd_form_field (fields, "notation"));
  g_string_append (page, "\"></label>\n</fieldset>\n");

  ctd_html_element (page, "<p><button type=\"submit\">", _("Check this line"),
                    "</button></p>\n</form>\n");
  back_link (page, secret, _("Back to the table"));
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* "Change it": the answers given, words and notation alike, posted back
 * to the check with CTD_TABLE_ENTRY_CHANGE, which opens the form holding
 * them (a link would open it blank: a page keeps no answers). */
static void
append_change_form (GString    *page,
                    const char *secret,
                    const char *token,
                    GHashTable *fields)
{
  g_autofree gpointer *names = NULL;
  guint n = 0;

  begin_form (page, secret, CTD_TABLE_ENTRY_CHECK, token);
  if (fields != NULL)
    {
      names = g_hash_table_get_keys_as_array (fields, &n);
      qsort (names, n, sizeof (gpointer), compare_names);
    }
  for (guint i = 0; i < n; i++)
    if (strcmp (names[i], "token") != 0 && strcmp (names[i], CTD_TABLE_ENTRY_CHANGE) != 0)
      ctd_form_hidden (page, names[i], g_hash_table_lookup (fields, names[i]));
  ctd_form_hidden (page, CTD_TABLE_ENTRY_CHANGE, "1");
  ctd_html_element (page, "<p><button type=\"submit\" class=\"secondary\">", _("Change it"),
                    "</button></p>\n</form>\n");
}

/**
 * ctd_table_entry_preview:
 * @chouette: the chouette as its table sees it
 * @label: its label, "1.3"
 * @secret: its link's secret
 * @token: its forms' token
 * @game: the game entered
 * @entered_by: the seat of who enters it
 * @line: the line the form made
 * @fields: (nullable): the form's answers, which "Change it" gives back
 * @error: return location for the rule's refusal
 *
 * What the line does, before it is sent: checked by ctd_chouette_record()
 * on a copy of the chouette, each player's score in the game and total
 * after it; and the form that sends it, with a new idempotency key.
 *
 * Returns: (transfer full): the page, or %NULL with @error set when the
 *   rules refuse the line
 */
char *
ctd_table_entry_preview (const CtdChouette  *chouette,
                         const char         *label,
                         const char         *secret,
                         const char         *token,
                         guint               game,
                         guint               entered_by,
                         const char         *line,
                         GHashTable         *fields,
                         GError            **error)
{
  g_autoptr(CtdChouette) copy = ctd_chouette_copy (chouette);
  g_autoptr(GString) page = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *title = g_strdup_printf (_("Chouette %s, game %u"), label, game);
  g_autofree char *game_text = g_strdup_printf ("%u", game);
  g_autofree char *by_text = g_strdup_printf ("%u", entered_by);
  char request[CTD_LINK_SECRET_CHARS + 1];
  CtdChouetteGame scored;
  CtdGameContext context;
  guint confirmer;

  if (!context_of (chouette, game, &context) ||
      (entered_by != context.box && entered_by != context.captain))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Say who is entering this game: its Box or its Captain"));
      return NULL;
    }
  /* What the store will refuse from a phone, said before the send. */
  if (!ctd_chouette_record (copy, game, line, error) ||
      !ctd_link_check_line (ctd_chouette_get_result (copy, game), error) ||
      !ctd_link_secret_new (request, error))
    return NULL;
  canonical = ctd_result_format (ctd_chouette_get_result (copy, game));
  /* The totals after this game, as the sheet's row has them: only what
   * precedes it counts, not the table's later lines that wait (a game
   * entered again after the desk sent it back). */
  ctd_chouette_get_game (copy, game, &scored);
  confirmer = entered_by == context.box ? context.captain : context.box;

  page = g_string_new (NULL);
  ctd_html_begin_page (page, title);
  append_title (page, label, game);
  ctd_html_element (page, "<p>", _("Check what this line does before you send it:"), "</p>\n");
  ctd_html_element (page, "<p class=\"line\"><code>", canonical, "</code></p>\n");
  g_string_append (page, "<table class=\"preview\">\n<thead><tr>");
  ctd_html_element (page, "<th scope=\"col\">", _("Player"), "</th>");
  ctd_html_element (page, "<th scope=\"col\">", _("This game"), "</th>");
  if (scored.running_known)
    ctd_html_element (page, "<th scope=\"col\">", _("Total after it"), "</th>");
  g_string_append (page, "</tr></thead>\n<tbody>\n");
  for (guint p = 1; p <= context.size; p++)
    {
      g_autofree char *delta = ctd_halves_to_string (scored.deltas[p - 1], TRUE);

      g_string_append (page, "<tr><td class=\"name\">");
      ctd_html_name (page, ctd_chouette_get_name (copy, p));
      g_string_append (page, "</td>");
      ctd_html_element (page, "<td class=\"num\">", delta, "</td>");
      if (scored.running_known)
        {
          g_autofree char *total = ctd_halves_to_string (scored.running[p - 1], TRUE);

          ctd_html_element (page, "<td class=\"num total\">", total, "</td>");
        }
      g_string_append (page, "</tr>\n");
    }
  g_string_append (page, "</tbody>\n</table>\n");
  if (!scored.running_known)
    ctd_html_element (page, "<p class=\"note\">",
                      _("The totals show once every game before them is entered."), "</p>\n");
  {
    /* Rule 3.2, when it made a gammon score single. */
    const char *names[CTD_MAX_PLAYERS] = { NULL, };
    g_autofree char *jacoby = NULL;

    for (guint p = 1; p <= context.size; p++)
      names[p - 1] = ctd_chouette_get_name (copy, p);
    jacoby = ctd_result_describe_jacoby (ctd_chouette_get_result (copy, game), names);
    if (jacoby != NULL)
      ctd_html_element (page, "<p class=\"note\">", jacoby, "</p>\n");
  }

  begin_form (page, secret, CTD_TABLE_ENTRY_SEND, token);
  ctd_form_hidden (page, "game", game_text);
  ctd_form_hidden (page, "by", by_text);
  ctd_form_hidden (page, "line", canonical);
  /* One key per check: a double tap or a retry of this form sends one line. */
  ctd_form_hidden (page, "request", request);
  {
    g_autofree char *send = g_strdup_printf (_("Send it to %s to confirm"),
                                             ctd_chouette_get_name (copy, confirmer));

    ctd_html_element (page, "<p><button type=\"submit\">", send, "</button></p>\n</form>\n");
  }
  append_change_form (page, secret, token, fields);
  ctd_html_end_page (page);
  return g_string_free (g_steal_pointer (&page), FALSE);
}
