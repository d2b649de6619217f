/* ctd-result-parse.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading a result line: each token on its own, then the line.
 */

#define G_LOG_DOMAIN "ctd-result"

#include "config.h"

#include "ctd-result-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/* ---- reading each token ------------------------------------------------- */

static gboolean
read_number (const char **p,
             guint       *out_number)
{
  guint number = 0;
  guint n_digits = 0;
  gboolean any = FALSE;

  /* Leading zeros are read as the number they are ("004" is 4), so only
   * the digits from the first nonzero one count towards the limit. */
  for (; g_ascii_isdigit (**p); (*p)++)
    {
      any = TRUE;
      if (number == 0 && **p == '0')
        continue;
      if (++n_digits > MAX_DIGITS)
        number = G_MAXUINT;
      else
        number = number * 10 + (guint) (**p - '0');
    }
  *out_number = number;
  return any;
}

/* Reads how a cube ended, up to the end of the token: "w" (or "W"),
 * "V", "V-" or "V+". */
static gboolean
read_end (const char *p,
          CtdCubeEnd *out_end,
          guint      *out_value)
{
  if (g_ascii_strcasecmp (p, "w") == 0)
    {
      *out_end = CTD_CUBE_WASH;
      *out_value = 0;
      return TRUE;
    }
  if (!read_number (&p, out_value))
    return FALSE;

  *out_end = CTD_CUBE_PLAYED;
  if (*p == '-')
    *out_end = CTD_CUBE_TAKER_PASSED;
  else if (*p == '+')
    *out_end = CTD_CUBE_OWNER_PASSED;
  if (*out_end != CTD_CUBE_PLAYED)
    p++;
  return *p == '\0';
}

/* Whether @value is @base x 2^k for some k >= @min_k, within the cap. */
gboolean
result_is_doubling_of (guint value,
                       guint base,
                       guint min_k)
{
  g_assert (base > 0);
  for (guint64 v = (guint64) base << min_k; v <= value && v <= CTD_CUBE_MAX_POINTS; v *= 2)
    if (v == value)
      return TRUE;
  return FALSE;
}

/* "4, 8, 16, 32, …": the values a table plays, not the notation's cap,
 * which is named only to the one who typed a value beyond it. */
char *
result_describe_doublings (guint64 first,
                           guint   typed)
{
  GString *text = g_string_new (NULL);
  guint64 v = first;

  if (first > CTD_CUBE_MAX_POINTS)
    /* Translators: what a cube value may be, when it may be none:
     * "expected nothing, since no cube goes past 4096". */
    g_string_append_printf (text, _("nothing, since no cube goes past %u"), CTD_CUBE_MAX_POINTS);
  for (guint i = 0; i < 4 && v <= CTD_CUBE_MAX_POINTS; i++, v *= 2)
    g_string_append_printf (text, "%s%" G_GUINT64_FORMAT, i > 0 ? ", " : "", v);
  if (v <= CTD_CUBE_MAX_POINTS)
    g_string_append (text, ", …");
  if (typed > CTD_CUBE_MAX_POINTS && first <= CTD_CUBE_MAX_POINTS)
    /* Translators: follows a list of cube values, e.g. "1024, 2048,
     * 4096 (no cube goes past 4096)". */
    g_string_append_printf (text, _(" (no cube goes past %u)"), CTD_CUBE_MAX_POINTS);
  return g_string_free (text, FALSE);
}

char *
result_describe_cube (const Parser *parser,
                      guint         player)
{
  const CtdCube *cube = &parser->result->cubes[player - 1];

  if (!parser->listed[player - 1])
    /* Translators: these end a sentence whose subject is a crew member's
     * cube, "2 Ann's cube %s" ("... was passed by the Box at 4"); the Box
     * is the player alone against the crew (the others), and a washed
     * cube is cancelled, paying nothing. */
    return g_strdup_printf (_("is not listed, so it counts as played to the end at its "
                              "starting value %u"), cube->value);
  switch (cube->end)
    {
    case CTD_CUBE_PLAYED:
      return g_strdup_printf (_("was played to the end at %u"), cube->value);
    case CTD_CUBE_TAKER_PASSED:
      /* Translators: %s is the player who passed, %u the cube's value. */
      return g_strdup_printf (_("was passed by %s at %u"), result_who (parser, player),
                              cube->value);
    case CTD_CUBE_OWNER_PASSED:
      return g_strdup_printf (_("was passed by the Box at %u"), cube->value);
    case CTD_CUBE_WASH:
    default:
      return g_strdup (_("was washed"));
    }
}

static gboolean
check_player (const Parser *parser,
              const char   *token,
              guint         player,
              GError      **error)
{
  if (result_player_is_valid (parser->result, player))
    return TRUE;
  return result_fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                      _("'%s' names a player who is not in this chouette; its players are 1 to %u"),
                      token, parser->context->size);
}

static gboolean
parse_cube (Parser      *parser,
            const char  *token,
            GError     **error)
{
  guint start = parser->context->cube_start;
  const char *p = token;
  g_autofree char *expected = NULL;
  guint player;
  CtdCube cube;

  if (!read_number (&p, &player) || *p++ != ':' || !read_end (p, &cube.end, &cube.value))
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("'%s' is not a cube; write P:V (played to the end at V), P:V- (player P "
                          "passed at V), P:V+ (the Box passed at V) or P:w (wash), e.g. '3:4-'"),
                        token);
  if (!check_player (parser, token, player, error))
    return FALSE;
  if (player == parser->context->box)
    return result_fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                        _("'%s': %s is the Box, and the Box holds no crew cube; list only the "
                          "crew's cubes"), token, result_who (parser, player));
  if (parser->listed[player - 1])
    return result_fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                        _("%s's cube is listed twice (again in '%s'); each cube ends in "
                          "exactly one way"), result_who (parser, player), token);
  if (cube.end != CTD_CUBE_WASH && !result_is_doubling_of (cube.value, start, 0))
    {
      expected = result_describe_doublings (start, cube.value);
      return result_fail (parser, error, CTD_RESULT_ERROR_VALUE,
                          _("%s's cube value %u cannot arise from a starting cube of %u; "
                            "expected %s (in '%s')"),
                          result_who (parser, player), cube.value, start, expected,
                          token);
    }

  parser->listed[player - 1] = TRUE;
  parser->result->cubes[player - 1] = cube;
  return TRUE;
}

static gboolean
parse_extra (Parser      *parser,
             const char  *token,
             GError     **error)
{
  CtdResult *result = parser->result;
  guint box = parser->context->box;
  const char *p = token + strlen ("E:");
  CtdExtra extra;

  if (!read_number (&p, &extra.offerer) || *p++ != '>' || !read_number (&p, &extra.taker)
      || *p++ != ':' || !read_end (p, &extra.end, &extra.value))
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("'%s' is not an extra; write E:Q>P:V for an extra from player Q taken by "
                          "player P, ending in - if P passed it or + if Q passed it, e.g. "
                          "'E:3>4:4'"),
                        token);
  if (!check_player (parser, token, extra.offerer, error)
      || !check_player (parser, token, extra.taker, error))
    return FALSE;
  if (extra.offerer == box || extra.taker == box)
    return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                        _("'%s': the Box (%s) can neither offer nor take an extra; extras are "
                          "between crew members"), token, result_who (parser, box));
  if (extra.offerer == extra.taker)
    return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                        _("'%s': %s cannot take their own extra; the taker is another crew "
                          "member"), token, result_who (parser, extra.taker));
  if (extra.end == CTD_CUBE_WASH)
    return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                        _("'%s': an extra cannot be washed; write how it ended: E:%u>%u:V "
                          "(played), "
                          "with - (%s passed) or + (%s passed)"), token,
                        extra.offerer, extra.taker, result_who (parser, extra.taker),
                        result_who (parser, extra.offerer));
  for (guint i = 0; i < result->n_extras; i++)
    if (result->extras[i].offerer == extra.offerer && result->extras[i].taker == extra.taker)
      return result_fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                          _("the extra from %s to %s is listed twice (again in '%s')"),
                          result_who (parser, extra.offerer), result_who (parser, extra.taker),
                          token);

  /* Distinct pairs of distinct crew members: at most 3 x 2. */
  g_assert (result->n_extras < CTD_MAX_EXTRAS);
  parser->extra_tokens[result->n_extras] = token;
  result->extras[result->n_extras++] = extra;
  return TRUE;
}

/* A half point typed with a comma ("2,5", as French writes it): a line
 * is notation, which writes "." in every language, so the refusal says
 * so in words and gives the value as the line takes it. Returns FALSE,
 * with @error set, when @value holds a comma. */
static gboolean
refuse_comma (Parser          *parser,
              const char      *token,
              const char      *value,
              CtdResultError   code,
              GError         **error)
{
  g_autofree char *with_point = NULL;

  if (strchr (value, ',') == NULL)
    return TRUE;
  with_point = g_strdelimit (g_strdup (value), ",", '.');
  return result_fail (parser, error, code,
                      /* Translators: %1$s is the token typed ("A:3>1:2,5"),
                       * %2$s its amount as a line writes it ("2.5"), %3$s
                       * as typed ("2,5"). Result notation writes the half
                       * point with a point in every language: say so. */
                      _("'%1$s': a line writes the half point with a point, whatever the "
                        "language: %2$s, not %3$s"), token, with_point, value);
}

static gboolean
parse_penalty (Parser      *parser,
               const char  *token,
               GError     **error)
{
  const CtdGameContext *context = parser->context;
  CtdResult *result = parser->result;
  const char *p = token + strlen ("F:");
  g_autofree char *expected = NULL;
  CtdPenalty penalty;

  if (!read_number (&p, &penalty.from) || *p++ != '>' || !read_number (&p, &penalty.to)
      || *p++ != ':' || *p == '\0')
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("'%s' is not a penalty; write F:Q>R:V for player Q paying player R V "
                          "points, e.g. 'F:4>1:0.5'"), token);
  if (!check_player (parser, token, penalty.from, error)
      || !check_player (parser, token, penalty.to, error))
    return FALSE;
  if (penalty.to != context->box && penalty.to != context->captain)
    return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                        _("'%s': a penalty is paid to the aggrieved Box (%s) or Captain "
                          "(%s), not to %s"), token, result_who (parser, context->box),
                        result_who (parser, context->captain), result_who (parser, penalty.to));
  if (penalty.from == penalty.to)
    return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                        _("'%s': %s cannot pay a penalty to themselves"), token,
                        result_who (parser, penalty.to));
  /* Rule 2.5: "1/2 of the original starting cube value", which in half
   * points is the starting cube's value in points. Notation is written
   * with a point in every language, so what it expects is too. */
  expected = ctd_halves_to_ascii ((CtdHalves) context->cube_start, FALSE);
  if (!refuse_comma (parser, token, p, CTD_RESULT_ERROR_PENALTY, error))
    return FALSE;
  if (!ctd_halves_parse_ascii (p, &penalty.amount))
    return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                        _("'%s': the penalty '%s' is not a whole or half number of points; "
                          "expected %s, half the starting cube of %u"), token, p, expected,
                        context->cube_start);
  if (penalty.amount != (CtdHalves) context->cube_start)
    return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                        _("'%s': a penalty is half the game's starting cube of %u (rule 2.5), so "
                          "expected %s, not %s"), token, context->cube_start, expected, p);
  if (result->n_penalties == CTD_MAX_PENALTIES)
    return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                        /* Translators: rule 2.5's penalty, paid by a player
                         * out of the game; %s is the token typed. */
                        ngettext ("more than %d penalty ('%s' is one too many); a game records "
                                  "at most %d",
                                  "more than %d penalties ('%s' is one too many); a game records "
                                  "at most %d", CTD_MAX_PENALTIES),
                        CTD_MAX_PENALTIES, token, CTD_MAX_PENALTIES);

  parser->penalty_tokens[result->n_penalties] = token;
  result->penalties[result->n_penalties++] = penalty;
  return TRUE;
}

/* SPEC 5: "A:Q>R:V", whatever the director ruled that no other token
 * expresses. Only the bounds every value has are checked: any two
 * players, any positive whole or half amount. */
static gboolean
parse_adjustment (Parser      *parser,
                  const char  *token,
                  GError     **error)
{
  CtdResult *result = parser->result;
  const char *p = token + strlen ("A:");
  CtdAdjustment adjustment;

  if (!read_number (&p, &adjustment.from) || *p++ != '>' || !read_number (&p, &adjustment.to)
      || *p++ != ':' || *p == '\0')
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("'%s' is not an adjustment; write A:Q>R:V for player Q paying player R V "
                          "points by the director's ruling, e.g. 'A:3>1:2.5'"), token);
  if (!check_player (parser, token, adjustment.from, error)
      || !check_player (parser, token, adjustment.to, error))
    return FALSE;
  if (adjustment.from == adjustment.to)
    return result_fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                        _("'%s': %s cannot pay an adjustment to themselves; name two "
                          "different players"), token, result_who (parser, adjustment.to));
  if (!refuse_comma (parser, token, p, CTD_RESULT_ERROR_ADJUSTMENT, error))
    return FALSE;
  if (!ctd_halves_parse_ascii (p, &adjustment.amount))
    return result_fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                        _("'%s': the adjustment '%s' is not a whole or half number of points; "
                          "write e.g. 3 or 2.5"), token, p);
  if (adjustment.amount <= 0 || adjustment.amount > CTD_HALVES (CTD_CUBE_MAX_POINTS))
    return result_fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                        _("'%s': an adjustment must be more than zero and at most %u points; to "
                          "reverse one, swap the players "
                          "(A:%u>%u:...)"), token, CTD_CUBE_MAX_POINTS,
                        adjustment.to, adjustment.from);
  if (result->n_adjustments == CTD_MAX_ADJUSTMENTS)
    return result_fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                        /* Translators: an adjustment is a payment the
                         * director rules; %s is the token typed. */
                        ngettext ("more than %d adjustment ('%s' is one too many); a game "
                                  "records at most %d",
                                  "more than %d adjustments ('%s' is one too many); a game "
                                  "records at most %d", CTD_MAX_ADJUSTMENTS),
                        CTD_MAX_ADJUSTMENTS, token, CTD_MAX_ADJUSTMENTS);

  result->adjustments[result->n_adjustments++] = adjustment;
  return TRUE;
}

static gboolean
parse_token (Parser      *parser,
             const char  *token,
             gboolean     first,
             GError     **error)
{
  CtdResult *result = parser->result;
  CtdWinner winner;
  guint multiplier;

  if (result_read_outcome (token, &winner, &multiplier))
    {
      if (!first)
        return result_fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                            _("'%s' is a second outcome; give the outcome once, at the start of "
                              "the "
                              "line"), token);
      result->winner = winner;
      result->multiplier = multiplier;
      return TRUE;
    }
  if (first)
    return result_fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                        _("the line must start with the outcome (B, Bg, Bb, T, Tg or Tb, or - "
                          "when every cube "
                          "was passed or washed), not with '%s'"), token);

  if (g_ascii_isdigit (token[0]))
    return parse_cube (parser, token, error);
  /* Letters in either case, wherever a line is typed (SPEC 5); the
   * line is stored in its canonical form, ctd_result_format()'s. */
  if (g_ascii_strncasecmp (token, "E:", 2) == 0)
    return parse_extra (parser, token, error);
  if (g_ascii_strncasecmp (token, "F:", 2) == 0)
    return parse_penalty (parser, token, error);
  if (g_ascii_strncasecmp (token, "A:", 2) == 0)
    return parse_adjustment (parser, token, error);
  if (g_ascii_strcasecmp (token, "!T") == 0)
    {
      if (result->together)
        return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                            _("'!T' appears twice; write it once"));
      result->together = TRUE;
      return TRUE;
    }
  return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                      _("'%s' is not result notation; after the outcome come P:V, P:V-, P:V+, P:w, "
                        "E:Q>P:V, F:Q>R:V, !T and A:Q>R:V"), token);
}

/* ---- the whole line ----------------------------------------------------- */

static CtdResult *parse (const CtdGameContext  *context,
                         const char *const     *names,
                         gboolean               stored,
                         const char            *notation,
                         GError               **error);

/**
 * ctd_result_parse:
 * @context: the game the line belongs to, from the schedule; it is
 *   copied into the result
 * @notation: one result line, e.g. "B 2:1- 3:1- 4:2 E:3>4:4"; a line
 *   longer than %CTD_RESULT_MAX_LENGTH is refused unread
 * @error: return location for a #GError in %CTD_RESULT_ERROR
 *
 * Reads and checks a result line against the rules of SPEC section 5.
 * The result is normalised: every crew member's cube is filled in (one
 * left out played to the end at the starting value), extras, penalties
 * and adjustments are sorted. Every error message starts with "Game N: " and
 * names what was expected, since the director fixes the line from it.
 *
 * Returns: (transfer full) (nullable): the result, to free with
 *   ctd_result_free(), or %NULL with @error set
 */
CtdResult *
ctd_result_parse (const CtdGameContext  *context,
                  const char            *notation,
                  GError               **error)
{
  return ctd_result_parse_named (context, NULL, notation, error);
}

/**
 * ctd_result_parse_named:
 * @context: the game the line belongs to, as for ctd_result_parse()
 * @names: (array) (nullable): the chouette's player names,
 *   @names[p - 1] for player p (@context's size entries, each
 *   nullable), or %NULL
 * @notation: one result line
 * @error: return location for a #GError in %CTD_RESULT_ERROR
 *
 * ctd_result_parse(), whose messages name each player as the director
 * knows them, the way the chouette's page previews a line: "Game 1: 2
 * Dagný Jónsdóttir's cube value 3 cannot arise from a starting cube of
 * 1; expected 1, 2, 4, 8, …". A player without a name is "player 2".
 *
 * Returns: (transfer full) (nullable): the result, to free with
 *   ctd_result_free(), or %NULL with @error set
 */
CtdResult *
ctd_result_parse_named (const CtdGameContext  *context,
                        const char *const     *names,
                        const char            *notation,
                        GError               **error)
{
  return parse (context, names, FALSE, notation, error);
}

/**
 * ctd_result_parse_stored:
 * @context: the game the line belongs to, as for ctd_result_parse()
 * @names: (array) (nullable): the chouette's player names, as for
 *   ctd_result_parse_named()
 * @notation: a result line the event file holds
 * @error: return location for a #GError in %CTD_RESULT_ERROR
 *
 * ctd_result_parse_named() for a line already recorded, under the rules
 * of the day it was entered: a penalty from a player still in the game
 * (refused since SPEC 5 read rule 2.5's "already out of the current
 * game" strictly) still reads, with the same payments, so that an
 * event recorded before can be opened and the game corrected. Every
 * line typed now goes through ctd_result_parse_named().
 *
 * Returns: (transfer full) (nullable): the result, to free with
 *   ctd_result_free(), or %NULL with @error set
 */
CtdResult *
ctd_result_parse_stored (const CtdGameContext  *context,
                         const char *const     *names,
                         const char            *notation,
                         GError               **error)
{
  return parse (context, names, TRUE, notation, error);
}

static CtdResult *
parse (const CtdGameContext  *context,
       const char *const     *names,
       gboolean               stored,
       const char            *notation,
       GError               **error)
{
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_auto(GStrv) tokens = NULL;
  Parser parser = { 0 };
  gboolean first = TRUE;

  g_return_val_if_fail (result_context_is_valid (context), NULL);
  g_return_val_if_fail (notation != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  result = g_new0 (CtdResult, 1);
  result->context = *context;
  texts = g_ptr_array_new_with_free_func (g_free);
  parser.context = context;
  parser.result = result;
  parser.names = names;
  parser.texts = texts;
  parser.stored = stored;

  if (!result_check_line (&parser, notation, error))
    return NULL;

  tokens = g_strsplit_set (notation, WHITESPACE, -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      if (tokens[i][0] == '\0')
        continue;
      if (!parse_token (&parser, tokens[i], first, error))
        return NULL;
      first = FALSE;
    }

  if (!result_finish (&parser, error))
    return NULL;
  return g_steal_pointer (&result);
}
