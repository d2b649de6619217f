/* ctd-result.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's result: what the parts share, writing a result back as a
 * line, comparing and copying, and what a result form offers. Reading
 * a line is in ctd-result-parse.c and ctd-result-check.c, its money in
 * ctd-result-score.c.
 */

#define G_LOG_DOMAIN "ctd-result"

#include "config.h"

#include "ctd-result-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/*
 * A game's result line (SPEC section 5, "Result notation") is parsed in
 * two passes: each token is read and checked on its own, then the
 * checks that need the whole line (an extra's offerer passed, the
 * outcome matches the cubes, rule 3.6) run once every cube is known.
 * The money then flows through one ledger, from which the deltas come.
 */

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

/* Every message starts with the game, so a director entering a whole
 * sheet knows which line to fix. */
gboolean G_GNUC_PRINTF (4, 5)
result_fail (const Parser    *parser,
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

  /* Translators: a game's number, then what is wrong with its line. */
  g_set_error (error, CTD_RESULT_ERROR, (int) code, _("Game %u: %s"), parser->context->game,
               message);
  return FALSE;
}

/* A player as the director knows them, the way the chouette's page
 * previews a line ("2 Dagný Jónsdóttir"), or "player 2" when the
 * chouette's names are not known; owned by the parser. */
const char *
result_who (const Parser *parser,
            guint         player)
{
  const char *name = parser->names != NULL && player >= 1 && player <= parser->context->size
                     ? parser->names[player - 1] : NULL;
  char *text = name != NULL && *name != '\0' ? g_strdup_printf ("%u %s", player, name)
                                             : g_strdup_printf (_("player %u"), player);

  g_ptr_array_add (parser->texts, text);
  return text;
}

gboolean
result_context_is_valid (const CtdGameContext *context)
{
  return context != NULL
         && context->size >= CTD_MIN_PLAYERS && context->size <= CTD_MAX_PLAYERS
         && context->box >= 1 && context->box <= context->size
         && context->captain >= 1 && context->captain <= context->size
         && context->captain != context->box
         && context->cube_start >= 1 && context->cube_start <= CTD_CUBE_MAX_POINTS;
}

gboolean
result_player_is_valid (const CtdResult *result,
                        guint            player)
{
  return player >= 1 && player <= result->context.size;
}

/* What the public functions need to walk @result without going astray. */
gboolean
result_is_sane (const CtdResult *result)
{
  gboolean sane = result != NULL && result_context_is_valid (&result->context)
                  && result->n_extras <= CTD_MAX_EXTRAS
                  && result->n_penalties <= CTD_MAX_PENALTIES
                  && result->n_adjustments <= CTD_MAX_ADJUSTMENTS;

  for (guint i = 0; sane && i < result->n_extras; i++)
    sane = result_player_is_valid (result, result->extras[i].offerer)
           && result_player_is_valid (result, result->extras[i].taker);
  for (guint i = 0; sane && i < result->n_penalties; i++)
    sane = result_player_is_valid (result, result->penalties[i].from)
           && result_player_is_valid (result, result->penalties[i].to);
  for (guint i = 0; sane && i < result->n_adjustments; i++)
    sane = result_player_is_valid (result, result->adjustments[i].from)
           && result_player_is_valid (result, result->adjustments[i].to);
  return sane;
}

const char *
result_outcome_to_string (CtdWinner winner,
                          guint     multiplier)
{
  for (gsize i = 0; i < G_N_ELEMENTS (outcomes); i++)
    if (outcomes[i].winner == winner
        && (winner == CTD_WINNER_NONE || outcomes[i].multiplier == multiplier))
      return outcomes[i].text;
  return winner == CTD_WINNER_BOX ? "B" : "T";
}

/* In any case: the first letter is B or T, the second g or b, so
 * "bg", "BG" and "Bg" can only be one outcome (SPEC 5). */
gboolean
result_read_outcome (const char *token,
                     CtdWinner  *out_winner,
                     guint      *out_multiplier)
{
  for (gsize i = 0; i < G_N_ELEMENTS (outcomes); i++)
    if (g_ascii_strcasecmp (token, outcomes[i].text) == 0)
      {
        *out_winner = outcomes[i].winner;
        *out_multiplier = outcomes[i].multiplier;
        return TRUE;
      }
  return FALSE;
}

/* ---- writing a result --------------------------------------------------- */

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
  text = g_string_new (result_outcome_to_string (result->winner, result->multiplier));
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
      g_autofree char *amount = ctd_halves_to_ascii (penalty->amount, FALSE);

      g_string_append_printf (text, " F:%u>%u:%s", penalty->from, penalty->to, amount);
    }
  if (result->together)
    g_string_append (text, " !T");
  for (guint i = 0; i < result->n_adjustments; i++)
    {
      const CtdAdjustment *adjustment = &result->adjustments[i];
      g_autofree char *amount = ctd_halves_to_ascii (adjustment->amount, FALSE);

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

/* ---- what a result form offers ------------------------------------------ */

/* @base x 2^k for @min_k <= k <= @max_k, as far as the cap allows: the
 * very values result_is_doubling_of() accepts in that range. */
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

  g_return_val_if_fail (result_context_is_valid (context), NULL);

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

  g_return_val_if_fail (result_context_is_valid (context), NULL);
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
  g_return_val_if_fail (result_context_is_valid (context), 0);

  return (CtdHalves) context->cube_start;
}

/**
 * ctd_result_penalty_payers:
 * @context: the game
 * @cubes: (array): how the crew's cubes ended, @cubes[p - 1] for player
 *   p, as in #CtdResult (the Box's entry is not read)
 * @extras: (array length=n_extras) (nullable): the game's extras, as in
 *   #CtdResult
 * @n_extras: how many
 *
 * Who may pay rule 2.5's penalty: "offending players who are already
 * out of the current game", the crew members whose own cube had ended,
 * passed by them or by the Box, or washed, and who are party to no
 * extra still played to the end (SPEC 5). Each may pay the
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
                           const CtdCube        *cubes,
                           const CtdExtra       *extras,
                           guint                 n_extras)
{
  GArray *payers;

  g_return_val_if_fail (result_context_is_valid (context), NULL);
  g_return_val_if_fail (cubes != NULL, NULL);
  g_return_val_if_fail (extras != NULL || n_extras == 0, NULL);
  g_return_val_if_fail (n_extras <= CTD_MAX_EXTRAS, NULL);

  payers = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint p = 1; p <= context->size; p++)
    if (result_may_pay_penalty (context, cubes, extras, n_extras, p))
      g_array_append_val (payers, p);
  return payers;
}
