/* ctd-result.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-result"

#include "config.h"

#include "ctd-result.h"

#include "ctd-rules-enum-types.h"

#include <stdlib.h>
#include <string.h>

/*
 * A game's result line (SPEC section 5, "Result notation") is parsed in
 * two passes: each token is read and checked on its own, then the
 * checks that need the whole line (an extra's offerer passed, the
 * outcome matches the cubes, rule 3.6) run once every cube is known.
 * The money then flows through one ledger, from which the deltas come.
 */

/* Nine significant digits always fit a guint; longer numbers saturate,
 * and fail the range checks instead of overflowing. */
#define MAX_DIGITS 9
#define WHITESPACE " \t\n\v\f\r"
#define OUTCOMES   "B, Bg, Bb, T, Tg or Tb"

/* CTD_GAME_HALVES_MAX is derived for these (see ctd-result.h). */
G_STATIC_ASSERT (CTD_MAX_PLAYERS <= 4 && CTD_MAX_PENALTIES == 8 && CTD_MAX_ADJUSTMENTS == 8);

/**
 * ctd_result_error_quark:
 *
 * The error domain %CTD_RESULT_ERROR, whose codes are #CtdResultError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-result-error-quark, ctd_result_error)

static const struct
{
  const char *text;
  CtdWinner   winner;
  guint       multiplier;
} outcomes[] = {
  { "-", CTD_WINNER_NONE, 0 },
  { "B", CTD_WINNER_BOX, 1 },
  { "Bg", CTD_WINNER_BOX, 2 },
  { "Bb", CTD_WINNER_BOX, 3 },
  { "T", CTD_WINNER_TEAM, 1 },
  { "Tg", CTD_WINNER_TEAM, 2 },
  { "Tb", CTD_WINNER_TEAM, 3 },
};

typedef struct
{
  const CtdGameContext *context;
  CtdResult            *result;
  /* Which crew members the line lists; the others played at V0. */
  gboolean              listed[CTD_MAX_PLAYERS];
  /* The token of each extra and penalty, for the checks made after the
   * last token. */
  const char           *extra_tokens[CTD_MAX_EXTRAS];
  const char           *penalty_tokens[CTD_MAX_PENALTIES];
  /* The players' names, @names[p - 1] (nullable, as its entries), and
   * the texts who() made from them, freed with the parser. */
  const char *const    *names;
  GPtrArray            *texts;
  /* A line the event file holds, recorded under the rules of its day. */
  gboolean              stored;
} Parser;

/* Every message starts with the game, so a director entering a whole
 * sheet knows which line to fix. */
static gboolean G_GNUC_PRINTF (4, 5)
fail (const Parser    *parser,
      GError         **error,
      CtdResultError   code,
      const char      *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, CTD_RESULT_ERROR, (int) code, "Game %u: %s", parser->context->game, message);
  return FALSE;
}

/* A player as the director knows them, the way the chouette's page
 * previews a line ("2 Dagný Jónsdóttir"), or "player 2" when the
 * chouette's names are not known; owned by the parser. */
static const char *
who (const Parser *parser,
     guint         player)
{
  const char *name = parser->names != NULL && player >= 1 && player <= parser->context->size
                     ? parser->names[player - 1] : NULL;
  char *text = name != NULL && *name != '\0' ? g_strdup_printf ("%u %s", player, name)
                                             : g_strdup_printf ("player %u", player);

  g_ptr_array_add (parser->texts, text);
  return text;
}

static gboolean
context_is_valid (const CtdGameContext *context)
{
  return context != NULL
         && context->size >= CTD_MIN_PLAYERS && context->size <= CTD_MAX_PLAYERS
         && context->box >= 1 && context->box <= context->size
         && context->captain >= 1 && context->captain <= context->size
         && context->captain != context->box
         && context->cube_start >= 1 && context->cube_start <= CTD_CUBE_MAX_POINTS;
}

static gboolean
player_is_valid (const CtdResult *result,
                 guint            player)
{
  return player >= 1 && player <= result->context.size;
}

/* What the public functions need to walk @result without going astray. */
static gboolean
result_is_sane (const CtdResult *result)
{
  gboolean sane = result != NULL && context_is_valid (&result->context)
                  && result->n_extras <= CTD_MAX_EXTRAS
                  && result->n_penalties <= CTD_MAX_PENALTIES
                  && result->n_adjustments <= CTD_MAX_ADJUSTMENTS;

  for (guint i = 0; sane && i < result->n_extras; i++)
    sane = player_is_valid (result, result->extras[i].offerer)
           && player_is_valid (result, result->extras[i].taker);
  for (guint i = 0; sane && i < result->n_penalties; i++)
    sane = player_is_valid (result, result->penalties[i].from)
           && player_is_valid (result, result->penalties[i].to);
  for (guint i = 0; sane && i < result->n_adjustments; i++)
    sane = player_is_valid (result, result->adjustments[i].from)
           && player_is_valid (result, result->adjustments[i].to);
  return sane;
}

static const char *
outcome_to_string (CtdWinner winner,
                   guint     multiplier)
{
  for (gsize i = 0; i < G_N_ELEMENTS (outcomes); i++)
    if (outcomes[i].winner == winner
        && (winner == CTD_WINNER_NONE || outcomes[i].multiplier == multiplier))
      return outcomes[i].text;
  return winner == CTD_WINNER_BOX ? "B" : "T";
}

static gboolean
read_outcome (const char *token,
              CtdWinner  *out_winner,
              guint      *out_multiplier)
{
  for (gsize i = 0; i < G_N_ELEMENTS (outcomes); i++)
    if (strcmp (token, outcomes[i].text) == 0)
      {
        *out_winner = outcomes[i].winner;
        *out_multiplier = outcomes[i].multiplier;
        return TRUE;
      }
  return FALSE;
}

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

/* Reads how a cube ended, up to the end of the token: "w", "V", "V-" or
 * "V+". */
static gboolean
read_end (const char *p,
          CtdCubeEnd *out_end,
          guint      *out_value)
{
  if (strcmp (p, "w") == 0)
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
static gboolean
is_doubling_of (guint value,
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
static char *
describe_doublings (guint64 first,
                    guint   typed)
{
  GString *text = g_string_new (NULL);
  guint64 v = first;

  if (first > CTD_CUBE_MAX_POINTS)
    g_string_append_printf (text, "nothing, since no cube goes past %u", CTD_CUBE_MAX_POINTS);
  for (guint i = 0; i < 4 && v <= CTD_CUBE_MAX_POINTS; i++, v *= 2)
    g_string_append_printf (text, "%s%" G_GUINT64_FORMAT, i > 0 ? ", " : "", v);
  if (v <= CTD_CUBE_MAX_POINTS)
    g_string_append (text, ", …");
  if (typed > CTD_CUBE_MAX_POINTS && first <= CTD_CUBE_MAX_POINTS)
    g_string_append_printf (text, " (no cube goes past %u)", CTD_CUBE_MAX_POINTS);
  return g_string_free (text, FALSE);
}

static char *
describe_cube (const Parser *parser,
               guint         player)
{
  const CtdCube *cube = &parser->result->cubes[player - 1];

  if (!parser->listed[player - 1])
    return g_strdup_printf ("is not listed, so it counts as played to the end at its "
                            "starting value %u", cube->value);
  switch (cube->end)
    {
    case CTD_CUBE_PLAYED:
      return g_strdup_printf ("was played to the end at %u", cube->value);
    case CTD_CUBE_TAKER_PASSED:
      return g_strdup_printf ("was passed by %s at %u", who (parser, player), cube->value);
    case CTD_CUBE_OWNER_PASSED:
      return g_strdup_printf ("was passed by the Box at %u", cube->value);
    case CTD_CUBE_WASH:
    default:
      return g_strdup ("was washed");
    }
}

static gboolean
check_player (const Parser *parser,
              const char   *token,
              guint         player,
              GError      **error)
{
  if (player_is_valid (parser->result, player))
    return TRUE;
  return fail (parser, error, CTD_RESULT_ERROR_PLAYER,
               "'%s' names a player who is not in this chouette; its players are 1 to %u",
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
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "'%s' is not a cube; write P:V (played to the end at V), P:V- (player P "
                 "passed at V), P:V+ (the Box passed at V) or P:w (wash), e.g. '3:4-'", token);
  if (!check_player (parser, token, player, error))
    return FALSE;
  if (player == parser->context->box)
    return fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                 "'%s': %s is the Box, and the Box holds no crew cube; list only the "
                 "crew's cubes", token, who (parser, player));
  if (parser->listed[player - 1])
    return fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                 "%s's cube is listed twice (again in '%s'); each cube ends in "
                 "exactly one way", who (parser, player), token);
  if (cube.end != CTD_CUBE_WASH && !is_doubling_of (cube.value, start, 0))
    {
      expected = describe_doublings (start, cube.value);
      return fail (parser, error, CTD_RESULT_ERROR_VALUE,
                   "%s's cube value %u cannot arise from a starting cube of %u; "
                   "expected %s (in '%s')", who (parser, player), cube.value, start, expected,
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
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "'%s' is not an extra; write E:Q>P:V for an extra from player Q taken by "
                 "player P, ending in - if P passed it or + if Q passed it, e.g. 'E:3>4:4'",
                 token);
  if (!check_player (parser, token, extra.offerer, error)
      || !check_player (parser, token, extra.taker, error))
    return FALSE;
  if (extra.offerer == box || extra.taker == box)
    return fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                 "'%s': the Box (%s) can neither offer nor take an extra; extras are "
                 "between crew members", token, who (parser, box));
  if (extra.offerer == extra.taker)
    return fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                 "'%s': %s cannot take their own extra; the taker is another crew "
                 "member", token, who (parser, extra.taker));
  if (extra.end == CTD_CUBE_WASH)
    return fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                 "'%s': an extra cannot be washed; write how it ended: E:%u>%u:V (played), "
                 "with - (%s passed) or + (%s passed)", token,
                 extra.offerer, extra.taker, who (parser, extra.taker),
                 who (parser, extra.offerer));
  for (guint i = 0; i < result->n_extras; i++)
    if (result->extras[i].offerer == extra.offerer && result->extras[i].taker == extra.taker)
      return fail (parser, error, CTD_RESULT_ERROR_PLAYER,
                   "the extra from %s to %s is listed twice (again in '%s')",
                   who (parser, extra.offerer), who (parser, extra.taker), token);

  /* Distinct pairs of distinct crew members: at most 3 x 2. */
  g_assert (result->n_extras < CTD_MAX_EXTRAS);
  parser->extra_tokens[result->n_extras] = token;
  result->extras[result->n_extras++] = extra;
  return TRUE;
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
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "'%s' is not a penalty; write F:Q>R:V for player Q paying player R V points, "
                 "e.g. 'F:4>1:0.5'", token);
  if (!check_player (parser, token, penalty.from, error)
      || !check_player (parser, token, penalty.to, error))
    return FALSE;
  if (penalty.to != context->box && penalty.to != context->captain)
    return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                 "'%s': a penalty is paid to the aggrieved Box (%s) or Captain "
                 "(%s), not to %s", token, who (parser, context->box),
                 who (parser, context->captain), who (parser, penalty.to));
  if (penalty.from == penalty.to)
    return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                 "'%s': %s cannot pay a penalty to themselves", token,
                 who (parser, penalty.to));
  /* Rule 2.5: "1/2 of the original starting cube value", which in half
   * points is the starting cube's value in points. */
  expected = ctd_halves_to_string ((CtdHalves) context->cube_start, FALSE);
  if (!ctd_halves_parse (p, &penalty.amount))
    return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                 "'%s': the penalty '%s' is not a whole or half number of points; "
                 "expected %s, half the starting cube of %u", token, p, expected,
                 context->cube_start);
  if (penalty.amount != (CtdHalves) context->cube_start)
    return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                 "'%s': a penalty is half the game's starting cube of %u (rule 2.5), so "
                 "expected %s, not %s", token, context->cube_start, expected, p);
  if (result->n_penalties == CTD_MAX_PENALTIES)
    return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                 "more than %d penalties ('%s' is one too many); a game records at most %d",
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
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "'%s' is not an adjustment; write A:Q>R:V for player Q paying player R V "
                 "points by the director's ruling, e.g. 'A:3>1:2.5'", token);
  if (!check_player (parser, token, adjustment.from, error)
      || !check_player (parser, token, adjustment.to, error))
    return FALSE;
  if (adjustment.from == adjustment.to)
    return fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                 "'%s': %s cannot pay an adjustment to themselves; name two "
                 "different players", token, who (parser, adjustment.to));
  if (!ctd_halves_parse (p, &adjustment.amount))
    return fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                 "'%s': the adjustment '%s' is not a whole or half number of points; "
                 "write e.g. 3 or 2.5", token, p);
  if (adjustment.amount <= 0 || adjustment.amount > CTD_HALVES (CTD_CUBE_MAX_POINTS))
    return fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                 "'%s': an adjustment must be more than zero and at most %u points; to "
                 "reverse one, swap the players (A:%u>%u:...)", token, CTD_CUBE_MAX_POINTS,
                 adjustment.to, adjustment.from);
  if (result->n_adjustments == CTD_MAX_ADJUSTMENTS)
    return fail (parser, error, CTD_RESULT_ERROR_ADJUSTMENT,
                 "more than %d adjustments ('%s' is one too many); a game records at most %d",
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

  if (read_outcome (token, &winner, &multiplier))
    {
      if (!first)
        return fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                     "'%s' is a second outcome; give the outcome once, at the start of the "
                     "line", token);
      result->winner = winner;
      result->multiplier = multiplier;
      return TRUE;
    }
  if (first)
    return fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                 "the line must start with the outcome (" OUTCOMES ", or - when every cube "
                 "was passed or washed), not with '%s'", token);

  if (g_ascii_isdigit (token[0]))
    return parse_cube (parser, token, error);
  if (g_str_has_prefix (token, "E:"))
    return parse_extra (parser, token, error);
  if (g_str_has_prefix (token, "F:"))
    return parse_penalty (parser, token, error);
  if (g_str_has_prefix (token, "A:"))
    return parse_adjustment (parser, token, error);
  if (strcmp (token, "!T") == 0)
    {
      if (result->together)
        return fail (parser, error, CTD_RESULT_ERROR_SYNTAX, "'!T' appears twice; write it once");
      result->together = TRUE;
      return TRUE;
    }
  return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
               "'%s' is not result notation; after the outcome come P:V, P:V-, P:V+, P:w, "
               "E:Q>P:V, F:Q>R:V, !T and A:Q>R:V", token);
}

static gboolean
check_line (const Parser  *parser,
            const char    *notation,
            GError       **error)
{
  /* Refused unread: never scan past the longest legal line. */
  if (memchr (notation, '\0', CTD_RESULT_MAX_LENGTH + 1) == NULL)
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "the result is longer than %d characters; no game needs that many",
                 CTD_RESULT_MAX_LENGTH);
  if (!g_utf8_validate (notation, -1, NULL))
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "the result contains bytes that are not text (invalid UTF-8); retype it");
  if (notation[strspn (notation, WHITESPACE)] == '\0')
    return fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                 "the result is empty; enter at least the outcome, e.g. 'B' or 'Tg 3:4'");
  return TRUE;
}

/* Whether @player took a double from the Box (SPEC 5): the cube went
 * above its starting value, however it ended but a wash. */
static gboolean
took_a_double (const Parser *parser,
               guint         player)
{
  const CtdCube *cube = &parser->result->cubes[player - 1];

  return cube->end != CTD_CUBE_WASH && cube->value > parser->context->cube_start;
}

/* Rule 3.7 and SPEC 5: Q passed the Box's cube at Vq, P took a double
 * from the Box, and the extra ends at Vq x 2^k: k >= 1 when played or
 * passed by Q; passed by P at Vq (refusing the offer itself) or at k >= 2,
 * since after P's take only Q's redouble can be refused by P. */
static gboolean
check_extra (const Parser  *parser,
             guint          index,
             GError       **error)
{
  const CtdExtra *extra = &parser->result->extras[index];
  const char *token = parser->extra_tokens[index];
  const CtdCube *passed = &parser->result->cubes[extra->offerer - 1];
  guint start = parser->context->cube_start;
  gboolean by_taker = extra->end == CTD_CUBE_TAKER_PASSED;
  g_autofree char *expected = NULL;
  g_autofree char *how = NULL;

  if (passed->end != CTD_CUBE_TAKER_PASSED)
    {
      how = describe_cube (parser, extra->offerer);
      return fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                   "'%s': only a crew member who passed the Box's cube can offer an extra, "
                   "but %s's cube %s; write e.g. '%u:%u-'", token,
                   who (parser, extra->offerer), how, extra->offerer, start);
    }
  if (!took_a_double (parser, extra->taker))
    {
      how = describe_cube (parser, extra->taker);
      return fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                   "'%s': only a crew member who took a double from the Box can take an "
                   "extra, but %s's cube %s; expected %s's cube above its "
                   "starting value %u, e.g. '%u:%u'", token, who (parser, extra->taker), how,
                   who (parser, extra->taker), start, extra->taker, 2 * start);
    }
  if (by_taker ? extra->value != passed->value && !is_doubling_of (extra->value, passed->value, 2)
               : !is_doubling_of (extra->value, passed->value, 1))
    {
      guint64 first = (guint64) passed->value << (by_taker ? 2 : 1);
      g_autofree char *doublings = describe_doublings (first, extra->value);

      expected = by_taker ? g_strdup_printf ("%u (%s refusing the offer) or %s",
                                             passed->value, who (parser, extra->taker),
                                             doublings)
                          : g_steal_pointer (&doublings);
      return fail (parser, error, CTD_RESULT_ERROR_VALUE,
                   "the extra from %s to %s cannot %s at %u: %s passed at %u, so expected "
                   "%s (in '%s')", who (parser, extra->offerer), who (parser, extra->taker),
                   extra->end == CTD_CUBE_PLAYED ? "be played" : "end passed",
                   extra->value, who (parser, extra->offerer), passed->value, expected,
                   token);
    }
  return TRUE;
}

static gboolean
check_outcome (const Parser  *parser,
               GError       **error)
{
  const CtdResult *result = parser->result;
  guint player = 0;
  int extra = -1;
  g_autofree char *how = NULL;

  /* The first cube and the first extra played to the end, if any. */
  for (guint p = result->context.size; p >= 1; p--)
    if (p != result->context.box && result->cubes[p - 1].end == CTD_CUBE_PLAYED)
      player = p;
  for (int i = (int) result->n_extras - 1; i >= 0; i--)
    if (result->extras[i].end == CTD_CUBE_PLAYED)
      extra = i;

  if (result->winner != CTD_WINNER_NONE && player == 0 && extra < 0)
    return fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                 "the outcome is '%s', but no cube was played to the end (every cube was "
                 "passed or washed); write '-' as the outcome",
                 outcome_to_string (result->winner, result->multiplier));
  if (result->winner != CTD_WINNER_NONE)
    return TRUE;

  if (player != 0)
    {
      how = describe_cube (parser, player);
      return fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                   "the outcome is '-', but %s's cube %s; give the winner (" OUTCOMES
                   ") or how that cube ended (e.g. '%u:%u-')", who (parser, player), how, player,
                   result->cubes[player - 1].value);
    }
  if (extra >= 0)
    return fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                 "the outcome is '-', but the extra from %s to %s was played "
                 "to the end ('%s'); give the winner (" OUTCOMES ")",
                 who (parser, result->extras[extra].offerer),
                 who (parser, result->extras[extra].taker),
                 parser->extra_tokens[extra]);
  return TRUE;
}

/* Rule 3.6. With "!T" every cube that was not washed was in the initial
 * offering, so each shows either the Box's pass of that offering (at
 * V0) or a take (worth 2 V0 or more, however it ended later). */
static gboolean
check_majority (const Parser  *parser,
                GError       **error)
{
  const CtdGameContext *context = parser->context;
  guint n_offered = 0;
  guint n_taken = 0;
  guint n_passed = 0;
  g_autofree char *need = NULL;

  for (guint p = 1; p <= context->size; p++)
    {
      const CtdCube *cube = &parser->result->cubes[p - 1];
      g_autofree char *how = NULL;

      if (p == context->box || cube->end == CTD_CUBE_WASH)
        continue;
      n_offered++;
      if (cube->end == CTD_CUBE_OWNER_PASSED && cube->value == context->cube_start)
        n_passed++;
      else if (cube->value >= 2 * context->cube_start)
        n_taken++;
      else
        {
          how = describe_cube (parser, p);
          return fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
                       "'!T' says the whole crew doubled together, but %s's cube %s, "
                       "which contradicts it; a cube in that offering was passed by the Box "
                       "('%u:%u+') or taken (worth %u or more)", who (parser, p), how, p,
                       context->cube_start, 2 * context->cube_start);
        }
    }

  if (n_offered == 0)
    return fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
                 "'!T' says the whole crew doubled together, but every crew cube was "
                 "washed; remove '!T'");
  if (n_passed == n_offered || 2 * n_taken > n_offered)
    return TRUE;
  need = n_offered == 2 ? g_strdup ("both") : g_strdup_printf ("at least %u", n_offered / 2 + 1);
  return fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
               "with '!T' the Box must take a majority of the cubes offered together (%s of "
               "%u) or pass them all; the line shows %u taken and %u passed",
               need, n_offered, n_taken, n_passed);
}

/* Whether @player may pay rule 2.5's penalty: it is for "offending
 * players who are already out of the current game", so a crew member
 * whose own cube had ended, passed either way or washed (SPEC 5). That
 * the payee is someone else is checked with the token. */
static gboolean
may_pay_penalty (const CtdGameContext *context,
                 const CtdCube        *cubes,
                 guint                 player)
{
  return player != context->box && cubes[player - 1].end != CTD_CUBE_PLAYED;
}

static gboolean
check_penalty (const Parser  *parser,
               guint          index,
               GError       **error)
{
  const CtdPenalty *penalty = &parser->result->penalties[index];
  const char *offender = who (parser, penalty->from);
  g_autofree char *how = NULL;
  g_autofree char *why = NULL;

  if (may_pay_penalty (parser->context, parser->result->cubes, penalty->from))
    return TRUE;
  if (penalty->from == parser->context->box)
    {
      why = g_strdup_printf ("%s is the Box", offender);
    }
  else
    {
      how = describe_cube (parser, penalty->from);
      why = g_strdup_printf ("%s's cube %s", offender, how);
    }
  return fail (parser, error, CTD_RESULT_ERROR_PENALTY,
               "%s cannot pay a penalty ('%s'): rule 2.5's penalty is for a player already "
               "out of the game, whose cube was passed or washed, but %s; a player still in "
               "the game loses their cube to the aggrieved player or has it washed (write how "
               "it ended), or the director records another payment with A:%u>%u:V",
               offender, parser->penalty_tokens[index], why, penalty->from, penalty->to);
}

#define COMPARE(x, y) (((x) > (y)) - ((x) < (y)))

static int
compare_extras (const void *a,
                const void *b)
{
  const CtdExtra *x = a;
  const CtdExtra *y = b;

  return x->offerer != y->offerer ? COMPARE (x->offerer, y->offerer)
                                  : COMPARE (x->taker, y->taker);
}

static int
compare_penalties (const void *a,
                   const void *b)
{
  const CtdPenalty *x = a;
  const CtdPenalty *y = b;

  if (x->from != y->from)
    return COMPARE (x->from, y->from);
  return x->to != y->to ? COMPARE (x->to, y->to) : COMPARE (x->amount, y->amount);
}

static int
compare_adjustments (const void *a,
                     const void *b)
{
  const CtdAdjustment *x = a;
  const CtdAdjustment *y = b;

  if (x->from != y->from)
    return COMPARE (x->from, y->from);
  return x->to != y->to ? COMPARE (x->to, y->to) : COMPARE (x->amount, y->amount);
}

static gboolean
finish (Parser  *parser,
        GError **error)
{
  const CtdGameContext *context = parser->context;
  CtdResult *result = parser->result;

  for (guint p = 1; p <= context->size; p++)
    if (p != context->box && !parser->listed[p - 1])
      result->cubes[p - 1] = (CtdCube) { CTD_CUBE_PLAYED, context->cube_start };
  for (guint i = 0; i < result->n_extras; i++)
    if (!check_extra (parser, i, error))
      return FALSE;
  for (guint i = 0; !parser->stored && i < result->n_penalties; i++)
    if (!check_penalty (parser, i, error))
      return FALSE;
  if (!check_outcome (parser, error))
    return FALSE;
  if (result->together && !check_majority (parser, error))
    return FALSE;

  qsort (result->extras, result->n_extras, sizeof (CtdExtra), compare_extras);
  qsort (result->penalties, result->n_penalties, sizeof (CtdPenalty), compare_penalties);
  qsort (result->adjustments, result->n_adjustments, sizeof (CtdAdjustment),
         compare_adjustments);
  return TRUE;
}

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

  g_return_val_if_fail (context_is_valid (context), NULL);
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

  if (!check_line (&parser, notation, error))
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

  if (!finish (&parser, error))
    return NULL;
  return g_steal_pointer (&result);
}

static void
append_end (GString    *text,
            CtdCubeEnd  end,
            guint       value)
{
  static const char *suffixes[] = { "", "-", "+" };

  if (end == CTD_CUBE_WASH)
    g_string_append_c (text, 'w');
  else
    g_string_append_printf (text, "%u%s", value, suffixes[MIN ((guint) end, 2u)]);
}

/**
 * ctd_result_format:
 * @result: a result from ctd_result_parse()
 *
 * Writes the canonical notation: the outcome, the crew's cubes in player
 * order (leaving out those played to the end at the starting value), the
 * extras, the penalties, "!T" and last the director's adjustments.
 * Parsing it gives back an equal result, and two results of one game are
 * equal exactly when their canonical lines are, so sheets and the store
 * can show this form beside the line as typed.
 *
 * Returns: (transfer full): the notation, to free with g_free()
 */
char *
ctd_result_format (const CtdResult *result)
{
  const CtdGameContext *context;
  GString *text;

  g_return_val_if_fail (result_is_sane (result), NULL);

  context = &result->context;
  text = g_string_new (outcome_to_string (result->winner, result->multiplier));
  for (guint p = 1; p <= context->size; p++)
    {
      const CtdCube *cube = &result->cubes[p - 1];

      if (p == context->box || (cube->end == CTD_CUBE_PLAYED && cube->value == context->cube_start))
        continue;
      g_string_append_printf (text, " %u:", p);
      append_end (text, cube->end, cube->value);
    }
  for (guint i = 0; i < result->n_extras; i++)
    {
      const CtdExtra *extra = &result->extras[i];

      g_string_append_printf (text, " E:%u>%u:", extra->offerer, extra->taker);
      append_end (text, extra->end, extra->value);
    }
  for (guint i = 0; i < result->n_penalties; i++)
    {
      const CtdPenalty *penalty = &result->penalties[i];
      g_autofree char *amount = ctd_halves_to_string (penalty->amount, FALSE);

      g_string_append_printf (text, " F:%u>%u:%s", penalty->from, penalty->to, amount);
    }
  if (result->together)
    g_string_append (text, " !T");
  for (guint i = 0; i < result->n_adjustments; i++)
    {
      const CtdAdjustment *adjustment = &result->adjustments[i];
      g_autofree char *amount = ctd_halves_to_string (adjustment->amount, FALSE);

      g_string_append_printf (text, " A:%u>%u:%s", adjustment->from, adjustment->to, amount);
    }
  return g_string_free (text, FALSE);
}

/**
 * ctd_result_equal:
 * @a: a result
 * @b: another result
 *
 * Compares field by field, never the padding, so results that were
 * copied or built on the stack compare as the rules see them. The game's
 * context is part of the comparison: one line entered for two different
 * games gives two unequal results.
 *
 * Returns: whether @a and @b record the same game result
 */
gboolean
ctd_result_equal (const CtdResult *a,
                  const CtdResult *b)
{
  g_return_val_if_fail (result_is_sane (a), FALSE);
  g_return_val_if_fail (result_is_sane (b), FALSE);

  if (a->context.game != b->context.game || a->context.size != b->context.size
      || a->context.box != b->context.box || a->context.captain != b->context.captain
      || a->context.cube_start != b->context.cube_start || a->winner != b->winner
      || a->multiplier != b->multiplier || a->together != b->together
      || a->n_extras != b->n_extras || a->n_penalties != b->n_penalties
      || a->n_adjustments != b->n_adjustments)
    return FALSE;
  for (guint i = 0; i < CTD_MAX_PLAYERS; i++)
    if (a->cubes[i].end != b->cubes[i].end || a->cubes[i].value != b->cubes[i].value)
      return FALSE;
  for (guint i = 0; i < a->n_extras; i++)
    if (a->extras[i].offerer != b->extras[i].offerer || a->extras[i].taker != b->extras[i].taker
        || a->extras[i].end != b->extras[i].end || a->extras[i].value != b->extras[i].value)
      return FALSE;
  for (guint i = 0; i < a->n_penalties; i++)
    if (a->penalties[i].from != b->penalties[i].from || a->penalties[i].to != b->penalties[i].to
        || a->penalties[i].amount != b->penalties[i].amount)
      return FALSE;
  for (guint i = 0; i < a->n_adjustments; i++)
    if (a->adjustments[i].from != b->adjustments[i].from
        || a->adjustments[i].to != b->adjustments[i].to
        || a->adjustments[i].amount != b->adjustments[i].amount)
      return FALSE;
  return TRUE;
}

/**
 * ctd_result_copy:
 * @result: a result
 *
 * A result holds no pointers, so the copy is independent of @result.
 *
 * Returns: (transfer full): a copy of @result, to free with
 *   ctd_result_free()
 */
CtdResult *
ctd_result_copy (const CtdResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  return g_memdup2 (result, sizeof (CtdResult));
}

/**
 * ctd_result_free:
 * @result: (nullable) (transfer full): a result from ctd_result_parse()
 *   or ctd_result_copy()
 *
 * Frees @result; %NULL is ignored.
 */
void
ctd_result_free (CtdResult *result)
{
  g_free (result);
}

static void
add_payment (GArray         *ledger,
             CtdPaymentKind  kind,
             guint           from,
             guint           to,
             CtdHalves       amount)
{
  CtdPayment payment = { kind, from, to, amount };

  if (amount != 0)
    g_array_append_val (ledger, payment);
}

/* One cube between @owner (the Box, or an extra's offerer, who sits on
 * the Box's side) and @taker (a crew member, or the extra's taker).
 * @multiplier already holds the Jacoby rule where it applies. */
static void
add_cube (GArray          *ledger,
          CtdPaymentKind   kind,
          const CtdResult *result,
          guint            owner,
          guint            taker,
          CtdCube          cube,
          guint            multiplier)
{
  CtdHalves amount = CTD_HALVES (cube.value);

  switch (cube.end)
    {
    case CTD_CUBE_PLAYED:
      if (result->winner == CTD_WINNER_BOX)
        add_payment (ledger, kind, taker, owner, amount * multiplier);
      else if (result->winner == CTD_WINNER_TEAM)
        add_payment (ledger, kind, owner, taker, amount * multiplier);
      break;
    case CTD_CUBE_TAKER_PASSED:
      add_payment (ledger, kind, taker, owner, amount);
      break;
    case CTD_CUBE_OWNER_PASSED:
      add_payment (ledger, kind, owner, taker, amount);
      break;
    case CTD_CUBE_WASH:
    default:
      break;
    }
}

/**
 * ctd_result_ledger:
 * @result: a result from ctd_result_parse()
 *
 * Lists who pays whom: the crew's cubes by player, then the extras, the
 * penalties and the director's adjustments, each with its
 * #CtdPaymentKind, leaving out payments of nothing (washed cubes). A taken
 * extra is two payments: the offerer pays the taker the value at which
 * the offerer passed the Box's cube, then the extra's own result (SPEC
 * 5); an extra the taker refused outright is only the taker's payment.
 * Rule 3.2 (Jacoby) is applied here: a cube still at its starting value
 * scores single. Scores, sheets and settlements all come from this one
 * list, so they cannot disagree.
 *
 * Returns: (transfer full) (element-type CtdPayment): the payments, in
 *   half points; free with g_array_unref()
 */
GArray *
ctd_result_ledger (const CtdResult *result)
{
  const CtdGameContext *context;
  GArray *ledger;

  g_return_val_if_fail (result_is_sane (result), NULL);

  context = &result->context;
  ledger = g_array_new (FALSE, FALSE, sizeof (CtdPayment));
  for (guint p = 1; p <= context->size; p++)
    {
      CtdCube cube = result->cubes[p - 1];
      /* Rule 3.2 (Jacoby): no gammons on a cube that was never turned. */
      guint multiplier = cube.value == context->cube_start ? 1 : result->multiplier;

      if (p != context->box)
        add_cube (ledger, CTD_PAYMENT_CUBE, result, context->box, p, cube, multiplier);
    }
  for (guint i = 0; i < result->n_extras; i++)
    {
      const CtdExtra *extra = &result->extras[i];
      guint passed = result->cubes[extra->offerer - 1].value;

      /* SPEC 5: taking the extra is paid for at once, the offerer paying
       * the value at which they passed the Box's cube. A taker who passes
       * at that very value refused the offer itself and was paid
       * nothing. */
      if (extra->end != CTD_CUBE_TAKER_PASSED || extra->value != passed)
        add_payment (ledger, CTD_PAYMENT_EXTRA, extra->offerer, extra->taker,
                     CTD_HALVES (passed));
      /* An extra is offered at twice the passed value: always turned. */
      add_cube (ledger, CTD_PAYMENT_EXTRA, result, extra->offerer, extra->taker,
                (CtdCube) { extra->end, extra->value }, result->multiplier);
    }
  for (guint i = 0; i < result->n_penalties; i++)
    add_payment (ledger, CTD_PAYMENT_PENALTY, result->penalties[i].from,
                 result->penalties[i].to, result->penalties[i].amount);
  for (guint i = 0; i < result->n_adjustments; i++)
    add_payment (ledger, CTD_PAYMENT_ADJUSTMENT, result->adjustments[i].from,
                 result->adjustments[i].to, result->adjustments[i].amount);
  return ledger;
}

/**
 * ctd_result_deltas:
 * @result: a result from ctd_result_parse()
 * @out_deltas: (out caller-allocates) (array): room for the chouette's
 *   size of score changes (%CTD_MAX_PLAYERS always fits), in half points,
 *   @out_deltas[p - 1] for player p; entries past the size are not
 *   touched
 *
 * Sums ctd_result_ledger() per player; the deltas always add up to zero.
 */
void
ctd_result_deltas (const CtdResult *result,
                   CtdHalves       *out_deltas)
{
  g_autoptr(GArray) ledger = NULL;

  g_return_if_fail (result_is_sane (result));
  g_return_if_fail (out_deltas != NULL);

  for (guint p = 0; p < result->context.size; p++)
    out_deltas[p] = 0;
  ledger = ctd_result_ledger (result);
  for (guint i = 0; i < ledger->len; i++)
    {
      const CtdPayment *payment = &g_array_index (ledger, CtdPayment, i);

      out_deltas[payment->from - 1] -= payment->amount;
      out_deltas[payment->to - 1] += payment->amount;
    }
}

/**
 * ctd_result_payment_kind_to_string:
 * @kind: a payment's kind
 *
 * A fixed English word for @kind ("cube", "extra", "penalty",
 * "adjustment"), for the event file's ledger and for logs, so that every
 * caller writes the same word and a new kind needs no table elsewhere.
 *
 * Returns: (transfer none): the word; "?", with a critical warning, for a
 *   value that is not a #CtdPaymentKind
 */
const char *
ctd_result_payment_kind_to_string (CtdPaymentKind kind)
{
  const char *nick = ctd_enum_to_nick (CTD_TYPE_PAYMENT_KIND, kind);

  g_return_val_if_fail (nick != NULL, "?");
  return nick;
}

/* ---- what a result form offers ------------------------------------------ */

/* @base x 2^k for @min_k <= k <= @max_k, as far as the cap allows: the
 * very values is_doubling_of() accepts in that range. */
static void
append_doublings (GArray *values,
                  guint   base,
                  guint   min_k,
                  guint   max_k)
{
  for (guint k = min_k; k <= max_k && k < 32; k++)
    {
      guint64 value = (guint64) base << k;
      guint v = (guint) value;

      if (value > CTD_CUBE_MAX_POINTS)
        break;
      g_array_append_val (values, v);
    }
}

/**
 * ctd_result_cube_values:
 * @context: the game
 * @max_doublings: how many doublings of the starting cube to offer; a
 *   form passes %CTD_RESULT_FORM_DOUBLINGS
 *
 * The values a crew member's cube may end at, however it ended but a
 * wash (played to the end, passed by the crew member or by the Box): the
 * game's starting value V0 and its doublings V0 x 2^k for k up to
 * @max_doublings, as far as the notation accepts (SPEC 5). Every value
 * offered is one ctd_result_parse() accepts for "P:V", "P:V-" and
 * "P:V+", and it accepts no other value up to the largest one offered,
 * so a form built on this list never offers a value the line refuses.
 *
 * Returns: (transfer full) (element-type guint): the values, smallest
 *   first; free with g_array_unref()
 */
GArray *
ctd_result_cube_values (const CtdGameContext *context,
                        guint                 max_doublings)
{
  GArray *values;

  g_return_val_if_fail (context_is_valid (context), NULL);

  values = g_array_new (FALSE, FALSE, sizeof (guint));
  append_doublings (values, context->cube_start, 0, max_doublings);
  return values;
}

/**
 * ctd_result_extra_values:
 * @context: the game
 * @passed_value: Vq, the value at which the extra's offerer passed the
 *   Box's cube ("Q:Vq-")
 * @end: how the extra ended
 * @max_doublings: how many doublings of Vq to offer at most; a form
 *   passes %CTD_RESULT_FORM_DOUBLINGS
 *
 * The values an extra (rule 3.7, SPEC 5) may end at: offered at 2 Vq,
 * so played to the end or passed by the offerer at Vq x 2^k, k >= 1;
 * passed by the taker at Vq (refusing the offer itself) or at Vq x 2^k,
 * k >= 2 (a redouble by the offerer, who can only double a cube the
 * offerer owns). An extra is never washed: %CTD_CUBE_WASH gives none.
 * As with ctd_result_cube_values(), ctd_result_parse() accepts exactly
 * these values up to the largest one offered.
 *
 * Returns: (transfer full) (element-type guint): the values, smallest
 *   first; free with g_array_unref()
 */
GArray *
ctd_result_extra_values (const CtdGameContext *context,
                         guint                 passed_value,
                         CtdCubeEnd            end,
                         guint                 max_doublings)
{
  GArray *values;

  g_return_val_if_fail (context_is_valid (context), NULL);
  g_return_val_if_fail (passed_value >= 1, NULL);

  values = g_array_new (FALSE, FALSE, sizeof (guint));
  switch (end)
    {
    case CTD_CUBE_PLAYED:
    case CTD_CUBE_OWNER_PASSED:
      append_doublings (values, passed_value, 1, max_doublings);
      break;
    case CTD_CUBE_TAKER_PASSED:
      append_doublings (values, passed_value, 0, 0);
      append_doublings (values, passed_value, 2, max_doublings);
      break;
    case CTD_CUBE_WASH:
    default:
      break;
    }
  return values;
}

/**
 * ctd_result_penalty_amount:
 * @context: the game
 *
 * Rule 2.5's penalty, the only amount "F:Q>R:V" accepts: half the
 * game's starting cube. It is paid to the game's Box or Captain
 * (@context's box and captain) by a player already out of the game
 * (ctd_result_penalty_payers()).
 *
 * Returns: the amount in half points (1, 2 or 4: 0.5, 1 or 2 points)
 */
CtdHalves
ctd_result_penalty_amount (const CtdGameContext *context)
{
  g_return_val_if_fail (context_is_valid (context), 0);

  return (CtdHalves) context->cube_start;
}

/**
 * ctd_result_penalty_payers:
 * @context: the game
 * @cubes: (array): how the crew's cubes ended, @cubes[p - 1] for player
 *   p, as in #CtdResult (the Box's entry is not read)
 *
 * Who may pay rule 2.5's penalty: "offending players who are already
 * out of the current game", the crew members whose own cube had ended,
 * passed by them or by the Box, or washed (SPEC 5). Each may pay the
 * Box or the Captain, whichever of them is not the payer. These are the
 * very payers ctd_result_parse() accepts in "F:Q>R:V" with these cubes;
 * anyone else still in the game is dealt with through their cube or an
 * "A:" adjustment.
 *
 * Returns: (transfer full) (element-type guint): the player numbers,
 *   smallest first, possibly none; free with g_array_unref()
 */
GArray *
ctd_result_penalty_payers (const CtdGameContext *context,
                           const CtdCube        *cubes)
{
  GArray *payers;

  g_return_val_if_fail (context_is_valid (context), NULL);
  g_return_val_if_fail (cubes != NULL, NULL);

  payers = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint p = 1; p <= context->size; p++)
    if (may_pay_penalty (context, cubes, p))
      g_array_append_val (payers, p);
  return payers;
}
