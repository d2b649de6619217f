/* ctd-table-form.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pieces of a table's form (ctd-table-entry.c): its fields read back
 * and written with what they held, and the part a table opens when a
 * game had more than cubes: extras (rule 3.7), penalties (rule 2.5), the
 * "together" mark of rule 3.6 and a director's adjustment, each in words
 * with the players' names. What they offer is what the rules offer
 * (the cube values of ctd_result_cube_values(), the penalty of
 * ctd_result_penalty_amount()); a combination that breaks a rule still
 * makes its line, for ctd_chouette_record() to refuse in its own words.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-form.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "ctd-rules-enum-types.h"
#include "ctd-serve-html.h"

/* ---- fields ---------------------------------------------------------------- */

const char *
ctd_form_field (GHashTable *fields,
       const char *name)
{
  const char *value = fields != NULL ? g_hash_table_lookup (fields, name) : NULL;

  return value != NULL ? value : "";
}

gboolean
ctd_form_parse_uint (const char *text,
            guint       max,
            guint      *out_value)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &value, NULL))
    return FALSE;
  *out_value = (guint) value;
  return TRUE;
}

void
ctd_form_hidden (GString    *page,
        const char *name,
        const char *value)
{
  g_string_append_printf (page, "<input type=\"hidden\" name=\"%s\" value=\"", name);
  ctd_html_escaped (page, value);
  g_string_append (page, "\">\n");
}

static const char *
form_checked (GHashTable *fields,
         const char *name,
         const char *value,
         gboolean    by_default)
{
  const char *given = fields != NULL ? g_hash_table_lookup (fields, name) : NULL;

  if (given == NULL)
    return by_default ? " checked" : "";
  return strcmp (given, value) == 0 ? " checked" : "";
}

static void
begin_radio (GString    *page,
             GHashTable *fields,
             const char *name,
             const char *value,
             gboolean    by_default)
{
  /* The text in one element: the label lays out its box and its text
   * side by side, and each run of a sentence around a name's <bdi> would
   * be laid out apart ("Ann , the Box"). */
  g_string_append_printf (page, "<label class=\"choice\"><input type=\"radio\" name=\"%s\" "
                          "value=\"%s\"%s> <span>", name, value,
                          form_checked (fields, name, value, by_default));
}

void
ctd_form_radio (GString    *page,
       GHashTable *fields,
       const char *name,
       const char *value,
       gboolean    by_default,
       const char *label)
{
  begin_radio (page, fields, name, value, by_default);
  ctd_html_escaped (page, label);
  g_string_append (page, "</span></label>\n");
}

/* A choice whose label names a player: @format with one "%s", for
 * @player_name, isolated (ctd_html_printf_name()). */
void
ctd_form_radio_named (GString    *page,
                      GHashTable *fields,
                      const char *name,
                      const char *value,
                      const char *format,
                      const char *player_name)
{
  begin_radio (page, fields, name, value, FALSE);
  ctd_html_printf_name (page, format, player_name);
  g_string_append (page, "</span></label>\n");
}

void
ctd_form_begin_fieldset (GString    *page,
                         const char *legend)
{
  ctd_html_element (page, "<fieldset>\n<legend>", legend, "</legend>\n");
}

/* A fieldset whose legend names a player, as ctd_form_radio_named(). */
void
ctd_form_begin_fieldset_named (GString    *page,
                               const char *format,
                               const char *player_name)
{
  g_string_append (page, "<fieldset>\n<legend>");
  ctd_html_printf_name (page, format, player_name);
  g_string_append (page, "</legend>\n");
}

void
ctd_form_option (GString    *page,
        const char *value,
        gboolean    selected,
        const char *label)
{
  g_string_append (page, "<option value=\"");
  ctd_html_escaped (page, value);
  g_string_append_printf (page, "\"%s>", selected ? " selected" : "");
  ctd_html_escaped (page, label);
  g_string_append (page, "</option>\n");
}

/* How a crew member's cube ended, in words short enough for a closed
 * menu on a phone: the fieldset's legend names the player, and the Box
 * is the game's one Box (with the names, "the Box (Rachel Goldberg)
 * passed…" was cut at 390 px). */
const char *
ctd_form_describe_end (CtdCubeEnd end)
{
  switch (end)
    {
    case CTD_CUBE_PLAYED:
      return _("played to the end");
    case CTD_CUBE_TAKER_PASSED:
      return _("passed the Box's double");
    case CTD_CUBE_OWNER_PASSED:
      return _("the Box passed the double");
    case CTD_CUBE_WASH:
    default:
      return _("washed (rule 2.5: no points)");
    }
}


/* ---- extras, penalties, adjustments ------------------------------------- */

static void
player_select (GString           *page,
               const CtdChouette *chouette,
               GHashTable        *fields,
               const char        *name,
               const char        *label,
               const char        *none,
               const guint       *players,
               guint              n_players)
{
  const char *given = ctd_form_field (fields, name);

  g_string_append (page, "<label>");
  ctd_html_escaped (page, label);
  g_string_append_printf (page, "<br><select name=\"%s\">\n", name);
  if (none != NULL)
    ctd_form_option (page, "", *given == '\0', none);
  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", players[i]);

      ctd_form_option (page, value, strcmp (given, value) == 0,
                       ctd_chouette_get_name (chouette, players[i]));
    }
  g_string_append (page, "</select></label>\n");
}

/* Why @player_name is not a penalty's payer (rule 2.5), in words: their
 * cube is still played or, @in_extra, an extra they are party to. The
 * name is set apart from the words around it (U+2068 ... U+2069): the
 * script and the refusal write it as text, where no bdi isolates it. */
static char *
payer_words (const char *player_name,
             gboolean    in_extra)
{
  g_autofree char *isolated = g_strconcat ("\u2068", player_name, "\u2069", NULL);

  if (in_extra)
    /* Translators: as "%s's cube is still being played.": an extra
     * (rule 3.7) this player offered or took was played to the end. */
    return g_strdup_printf (_("%s is in an extra still being played."), isolated);
  /* Translators: why a crew member is not offered as a penalty's payer
   * (rule 2.5), next to the menu, e.g. "Bob's cube is still being
   * played." */
  return g_strdup_printf (_("%s's cube is still being played."), isolated);
}

/* One attribute of a payer's option: @reason, in words. */
static void
payer_reason (GString    *page,
              const char *attribute,
              const char *reason)
{
  g_string_append_printf (page, " %s=\"", attribute);
  ctd_html_escaped (page, reason);
  g_string_append_c (page, '"');
}

/* Who pays a penalty: the crew, each option saying what keeps its seat
 * in the game, for table.js, which offers only the seats the answers
 * above make eligible (ctd_result_penalty_payers()'s rule: a cube that
 * ended, no extra still played) and says why in the note below; without
 * script every crew member is offered and ctd_chouette_record() refuses
 * an ineligible one in its words. */
static void
payer_select (GString           *page,
              const CtdChouette *chouette,
              GHashTable        *fields,
              const char        *name,
              const guint       *crew,
              guint              n_crew)
{
  const char *given = ctd_form_field (fields, name);

  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Paid by (a player already out of the game)"));
  g_string_append_printf (page, "<br><select name=\"%s\" data-payers>\n", name);
  ctd_form_option (page, "", *given == '\0', _("no penalty"));
  for (guint i = 0; i < n_crew; i++)
    {
      const char *player_name = ctd_chouette_get_name (chouette, crew[i]);
      g_autofree char *value = g_strdup_printf ("%u", crew[i]);
      g_autofree char *played = payer_words (player_name, FALSE);
      g_autofree char *extra = payer_words (player_name, TRUE);

      g_string_append_printf (page, "<option value=\"%u\" data-cube=\"end-%u\"", crew[i], crew[i]);
      payer_reason (page, "data-played", played);
      payer_reason (page, "data-extra", extra);
      g_string_append_printf (page, "%s>", strcmp (given, value) == 0 ? " selected" : "");
      ctd_html_escaped (page, player_name);
      g_string_append (page, "</option>\n");
    }
  g_string_append_printf (page, "</select></label>\n<p class=\"note\" id=\"%s-why\" "
                          "aria-live=\"polite\" hidden></p>\n", name);
}

static void
value_select (GString              *page,
              const CtdGameContext *context,
              GHashTable           *fields,
              const char           *name)
{
  /* An extra ends at a doubling of the cube its offerer passed, itself a
   * doubling of the starting cube: these values hold them all. */
  g_autoptr(GArray) values = ctd_result_cube_values (context, CTD_RESULT_FORM_DOUBLINGS + 1);
  const char *given = ctd_form_field (fields, name);

  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Worth"));
  g_string_append_printf (page, "<br><select name=\"%s\">\n", name);
  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", g_array_index (values, guint, i));

      ctd_form_option (page, value, strcmp (given, value) == 0, value);
    }
  g_string_append (page, "</select></label>\n");
}

static void
end_select (GString           *page,
            const CtdChouette *chouette,
            GHashTable        *fields,
            const char        *name)
{
  const char *given = ctd_form_field (fields, name);
  static const struct { const char *nick; const char *label; } ends[] = {
    { "played", N_("played to the end") },
    /* Short, for a closed menu on a phone: the fieldset says it is the extra. */
    { "taker-passed", N_("the taker passed") },
    { "owner-passed", N_("the offerer passed") },
  };

  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("How it ended"));
  g_string_append_printf (page, "<br><select name=\"%s\">\n", name);
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    ctd_form_option (page, ends[i].nick, strcmp (given, ends[i].nick) == 0 || (i == 0 && *given == '\0'),
                     _(ends[i].label));
  g_string_append (page, "</select></label>\n");
}

/**
 * ctd_form_append_more:
 * @page: the form being written
 * @chouette: the chouette as its table sees it
 * @context: the game
 * @crew: the game's crew, in playing order
 * @n_crew: how many
 * @fields: (nullable): what the form held
 *
 * The part of the form for what a game had besides its cubes, folded
 * away (HTML's own details element: no script) unless it was filled.
 */
void
ctd_form_append_more (GString              *page,
                      const CtdChouette    *chouette,
                      const CtdGameContext *context,
                      const guint          *crew,
                      guint                 n_crew,
                      GHashTable           *fields)
{
  guint players[CTD_MAX_PLAYERS];
  guint payees[2] = { context->box, context->captain };
  gboolean open = fields != NULL &&
                  (*ctd_form_field (fields, "extra-1-by") != '\0' ||
                   *ctd_form_field (fields, "penalty-1-by") != '\0' ||
                   *ctd_form_field (fields, "adjust-by") != '\0' ||
                   *ctd_form_field (fields, "together") != '\0' ||
                   *ctd_form_field (fields, "more") != '\0');

  for (guint p = 1; p <= context->size; p++)
    players[p - 1] = p;
  g_string_append_printf (page, "<details%s>\n", open ? " open" : "");
  ctd_html_element (page, "<summary>", _("Extras, penalties, adjustments"), "</summary>\n");

  for (guint e = 1; e <= CTD_FORM_EXTRAS; e++)
    {
      g_autofree char *legend = g_strdup_printf (_("Extra %u (rule 3.7)"), e);
      g_autofree char *by = g_strdup_printf ("extra-%u-by", e);
      g_autofree char *to = g_strdup_printf ("extra-%u-to", e);
      g_autofree char *value = g_strdup_printf ("extra-%u-value", e);
      g_autofree char *end = g_strdup_printf ("extra-%u-end", e);

      ctd_form_begin_fieldset (page, legend);
      player_select (page, chouette, fields, by, _("Offered by (who passed the Box's cube)"),
                     _("no extra"), crew, n_crew);
      player_select (page, chouette, fields, to, _("Taken by"), NULL, crew, n_crew);
      value_select (page, context, fields, value);
      end_select (page, chouette, fields, end);
      g_string_append (page, "</fieldset>\n");
    }
  for (guint f = 1; f <= CTD_FORM_PENALTIES; f++)
    {
      g_autofree char *amount = ctd_halves_to_string (ctd_result_penalty_amount (context), FALSE);
      /* Half points: "0.5 point", "1 point", "1.5 points" */
      g_autofree char *legend =
        g_strdup_printf (ngettext ("Penalty %u (rule 2.5): %s point",
                                   "Penalty %u (rule 2.5): %s points",
                                   (ctd_result_penalty_amount (context) + 1) / 2),
                         f, amount);
      g_autofree char *by = g_strdup_printf ("penalty-%u-by", f);
      g_autofree char *to = g_strdup_printf ("penalty-%u-to", f);

      ctd_form_begin_fieldset (page, legend);
      payer_select (page, chouette, fields, by, crew, n_crew);
      player_select (page, chouette, fields, to, C_("paid to", "To"), NULL, payees, 2);
      g_string_append (page, "</fieldset>\n");
    }
  ctd_form_begin_fieldset (page, _("The director's adjustment"));
  player_select (page, chouette, fields, "adjust-by", _("Paid by"), _("no adjustment"), players,
                 context->size);
  player_select (page, chouette, fields, "adjust-to", C_("paid to", "To"), NULL, players,
                 context->size);
  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Points (as 1 or 1.5)"));
  g_string_append (page, "<br><input type=\"text\" name=\"adjust-points\" maxlength=\"12\" "
                   "inputmode=\"decimal\" autocomplete=\"off\" value=\"");
  ctd_html_escaped (page, ctd_form_field (fields, "adjust-points"));
  g_string_append (page, "\"></label>\n</fieldset>\n");

  g_string_append_printf (page, "<label class=\"choice\"><input type=\"checkbox\" "
                          "name=\"together\" value=\"1\"%s> <span>",
                          *ctd_form_field (fields, "together") != '\0' ? " checked" : "");
  ctd_html_escaped (page, _("The whole crew doubled together, as one initial offering (rule 3.6)"));
  g_string_append (page, "</span></label>\n");

  ctd_form_begin_fieldset (page, _("Anything else, in notation"));
  g_string_append (page, "<label>");
  ctd_html_escaped (page, _("Tokens as on the sheet (E:…, F:…, A:…)"));
  g_string_append_printf (page, "<br><input type=\"text\" name=\"more\" maxlength=\"%u\" "
                          "autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\" value=\"",
                          CTD_RESULT_MAX_LENGTH);
  ctd_html_escaped (page, ctd_form_field (fields, "more"));
  g_string_append (page, "\"></label>\n</fieldset>\n</details>\n");
  /* After the answers it reads; allowed by its hash (ctd_serve_page_policy()). */
  g_string_append_printf (page, "<script>%s</script>\n", ctd_serve_script ());
}

static gboolean
read_player (GHashTable  *fields,
             const char  *name,
             guint        size,
             guint       *out_player)
{
  return ctd_form_parse_uint (ctd_form_field (fields, name), size, out_player) && *out_player >= 1;
}

static gboolean
say (GError     **error,
     const char  *text)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, text);
  return FALSE;
}

/**
 * ctd_form_read_more:
 * @fields: the form's fields
 * @result: (inout): the result being built, its context set
 * @error: return location for what the table must fill in
 *
 * Adds the extras, penalties, adjustment and "together" mark the form
 * gives to @result. A row left at "no extra" (and the like) adds
 * nothing; a row begun but not whole is refused with its words.
 *
 * Returns: whether the fields read
 */
gboolean
ctd_form_read_more (GHashTable  *fields,
                    CtdResult   *result,
                    GError     **error)
{
  g_autoptr(GEnumClass) ends = g_type_class_ref (CTD_TYPE_CUBE_END);
  guint size = result->context.size;

  for (guint e = 1; e <= CTD_FORM_EXTRAS; e++)
    {
      g_autofree char *by = g_strdup_printf ("extra-%u-by", e);
      g_autofree char *to = g_strdup_printf ("extra-%u-to", e);
      g_autofree char *value = g_strdup_printf ("extra-%u-value", e);
      g_autofree char *end = g_strdup_printf ("extra-%u-end", e);
      GEnumValue *ended = g_enum_get_value_by_nick (ends, ctd_form_field (fields, end));
      CtdExtra extra = { 0, };

      if (*ctd_form_field (fields, by) == '\0')
        continue;
      if (!read_player (fields, by, size, &extra.offerer) ||
          !read_player (fields, to, size, &extra.taker) ||
          !ctd_form_parse_uint (ctd_form_field (fields, value), CTD_CUBE_MAX_POINTS, &extra.value) ||
          ended == NULL || ended->value == CTD_CUBE_WASH)
        return say (error, _("Say who offered each extra, who took it, what it was worth and "
                             "how it ended"));
      extra.end = ended->value;
      result->extras[result->n_extras++] = extra;
    }
  for (guint f = 1; f <= CTD_FORM_PENALTIES; f++)
    {
      g_autofree char *by = g_strdup_printf ("penalty-%u-by", f);
      g_autofree char *to = g_strdup_printf ("penalty-%u-to", f);
      CtdPenalty penalty = { 0, };

      if (*ctd_form_field (fields, by) == '\0')
        continue;
      if (!read_player (fields, by, size, &penalty.from) ||
          !read_player (fields, to, size, &penalty.to))
        return say (error, _("Say who paid each penalty, and to whom"));
      penalty.amount = ctd_result_penalty_amount (&result->context);
      result->penalties[result->n_penalties++] = penalty;
    }
  if (*ctd_form_field (fields, "adjust-by") != '\0')
    {
      CtdAdjustment adjustment = { 0, };

      if (!read_player (fields, "adjust-by", size, &adjustment.from) ||
          !read_player (fields, "adjust-to", size, &adjustment.to) ||
          !ctd_halves_parse (ctd_form_field (fields, "adjust-points"), &adjustment.amount))
        return say (error, _("Say who pays the adjustment, to whom, and how many points"));
      result->adjustments[result->n_adjustments++] = adjustment;
    }
  result->together = *ctd_form_field (fields, "together") != '\0';
  return TRUE;
}

/* Why the form's first payer the rules refuse is still in the game, in
 * the words next to the menu (payer_words()): core decided who may pay
 * (ctd_result_penalty_payers()); this only says which answer keeps
 * them in. %NULL when no answer of the form does (a forged post). */
static char *
refused_payer (const CtdChouette *chouette,
               GHashTable        *fields)
{
  guint size = ctd_chouette_get_size (chouette);

  for (guint f = 1; f <= CTD_FORM_PENALTIES; f++)
    {
      g_autofree char *by = g_strdup_printf ("penalty-%u-by", f);
      g_autofree char *end = NULL;
      guint payer;

      if (!read_player (fields, by, size, &payer))
        continue;
      end = g_strdup_printf ("end-%u", payer);
      if (strcmp (ctd_form_field (fields, end), "played") == 0)
        return payer_words (ctd_chouette_get_name (chouette, payer), FALSE);
      for (guint e = 1; e <= CTD_FORM_EXTRAS; e++)
        {
          g_autofree char *offerer = g_strdup_printf ("extra-%u-by", e);
          g_autofree char *taker = g_strdup_printf ("extra-%u-to", e);
          g_autofree char *ended = g_strdup_printf ("extra-%u-end", e);
          guint in_extra[2];

          if (read_player (fields, offerer, size, &in_extra[0]) &&
              read_player (fields, taker, size, &in_extra[1]) &&
              (in_extra[0] == payer || in_extra[1] == payer) &&
              strcmp (ctd_form_field (fields, ended), "played") == 0)
            return payer_words (ctd_chouette_get_name (chouette, payer), TRUE);
        }
    }
  return NULL;
}

/**
 * ctd_form_explain_refusal:
 * @chouette: the chouette as its table sees it, for the players' names
 * @fields: the form's fields
 * @error: the rules' refusal of the line the fields made
 *
 * The rules speak notation ("write '-' as the outcome"); a table that
 * answered the form in words is told which of its answers to change, in
 * the form's own words. A line typed in notation, wholly or in part
 * (the "more" field), keeps the rules' words: they name its tokens.
 *
 * Returns: (transfer full) (nullable): the refusal in the form's words
 *   (a refused penalty's payer named, and what keeps them in the game), or
 *   %NULL to give @error's own
 */
char *
ctd_form_explain_refusal (const CtdChouette *chouette,
                          GHashTable        *fields,
                          const GError      *error)
{
  g_autofree char *notation = g_strstrip (g_strdup (ctd_form_field (fields, "notation")));
  g_autofree char *more = g_strstrip (g_strdup (ctd_form_field (fields, "more")));

  if (*notation != '\0' || *more != '\0' || error == NULL || error->domain != CTD_RESULT_ERROR)
    return NULL;
  switch (error->code)
    {
    case CTD_RESULT_ERROR_OUTCOME:
      if (strcmp (ctd_form_field (fields, "winner"), "none") == 0)
        return g_strdup (_("You answered that nobody played the game out, but a cube or an "
                           "extra was played to the end: say who won and how, or change how "
                           "that cube ended."));
      return g_strdup (_("You answered who won, but every cube was passed or washed: answer "
                         "“Nobody played it out”, or say which cube was played to the end."));
    case CTD_RESULT_ERROR_EXTRA:
      return g_strdup (_("An extra (rule 3.7) is offered by a crew member who passed the Box's "
                         "first double, and taken by a crew member who took it, when every "
                         "other one passed: change who offered or took the extra, or how their "
                         "cubes ended."));
    case CTD_RESULT_ERROR_PENALTY:
      {
        g_autofree char *why = refused_payer (chouette, fields);

        if (why != NULL)
          /* Translators: begins with why the payer is still in the game,
           * e.g. "Bob's cube is still being played." */
          return g_strdup_printf (_("%s A penalty (rule 2.5) is paid by a crew member already "
                                    "out of the game (their cube passed or washed) to the Box "
                                    "or the Captain: change who paid it, or how their cube "
                                    "ended."), why);
        return g_strdup (_("A penalty (rule 2.5) is paid by a crew member already out of the "
                           "game (their cube passed or washed) to the Box or the Captain: "
                           "change who paid it."));
      }
    case CTD_RESULT_ERROR_MAJORITY:
      return g_strdup (_("“The whole crew doubled together” (rule 3.6) means the Box passed "
                         "every cube at its start or took most of them: untick it, or change "
                         "how the cubes ended."));
    case CTD_RESULT_ERROR_VALUE:
      return g_strdup (_("A value in these answers cannot arise in this game: check what each "
                         "cube and each extra was worth."));
    case CTD_RESULT_ERROR_ADJUSTMENT:
      return g_strdup (_("The director's adjustment is paid by one player to another, more "
                         "than zero points: change who pays it, to whom, or how many points."));
    default:
      return NULL;
    }
}
