/* ctd-result-check.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The checks of a result line that need the whole line, made once
 * every token is read, and the result's normal form.
 */

#define G_LOG_DOMAIN "ctd-result"

#include "config.h"

#include "ctd-result-private.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

gboolean
result_check_line (const Parser  *parser,
                   const char    *notation,
                   GError       **error)
{
  /* Refused unread: never scan past the longest legal line. */
  if (memchr (notation, '\0', CTD_RESULT_MAX_LENGTH + 1) == NULL)
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        ngettext ("the result is longer than %d character; no game needs that "
                                  "many",
                                  "the result is longer than %d characters; no game needs that "
                                  "many", CTD_RESULT_MAX_LENGTH),
                        CTD_RESULT_MAX_LENGTH);
  if (!g_utf8_validate (notation, -1, NULL))
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("the result contains bytes that are not text (invalid UTF-8); retype "
                          "it"));
  if (notation[strspn (notation, WHITESPACE)] == '\0')
    return result_fail (parser, error, CTD_RESULT_ERROR_SYNTAX,
                        _("the result is empty; enter at least the outcome, e.g. 'B' or 'Tg 3:4'"));
  return TRUE;
}

/* Whether @player took a double from the Box (SPEC 5): the cube went
 * above its starting value, however it ended but a wash. A line the
 * event file holds is read by this, the rule of its day. */
static gboolean
took_a_double (const Parser *parser,
               guint         player)
{
  const CtdCube *cube = &parser->result->cubes[player - 1];

  return cube->end != CTD_CUBE_WASH && cube->value > parser->context->cube_start;
}

/* Whether @player took the Box's initial double (SPEC 5, rules 3.3 and
 * 3.7): played to the end at 2 V0 or more; passed by @player at 4 V0,
 * 16 V0, ... (the Box's redouble); passed by the Box at 2 V0, 8 V0, ...
 * (@player's redouble). "2:2-" at V0 = 1 is a crew member's own double
 * redoubled by the Box, not a take. */
static gboolean
took_the_initial_double (const Parser *parser,
                         guint         player)
{
  const CtdCube *cube = &parser->result->cubes[player - 1];
  guint start = parser->context->cube_start;

  switch (cube->end)
    {
    case CTD_CUBE_PLAYED:
      return cube->value >= 2 * start;
    case CTD_CUBE_TAKER_PASSED:
      for (guint64 v = 4 * (guint64) start; v <= cube->value; v *= 4)
        if (v == cube->value)
          return TRUE;
      return FALSE;
    case CTD_CUBE_OWNER_PASSED:
      for (guint64 v = 2 * (guint64) start; v <= cube->value; v *= 4)
        if (v == cube->value)
          return TRUE;
      return FALSE;
    case CTD_CUBE_WASH:
    default:
      return FALSE;
    }
}

/* "2, 4, 8, …", "4, 16, 64, …": @first and its multiples by @factor,
 * as far as the cap, four at most. */
static char *
describe_powers (guint64 first,
                 guint   factor)
{
  GString *text = g_string_new (NULL);
  guint64 v = first;

  for (guint i = 0; i < 3 && v <= CTD_CUBE_MAX_POINTS; i++, v *= factor)
    g_string_append_printf (text, "%s%" G_GUINT64_FORMAT, i > 0 ? ", " : "", v);
  if (v <= CTD_CUBE_MAX_POINTS)
    g_string_append (text, ", …");
  return g_string_free (text, FALSE);
}

/* SPEC 5: an extra's taker took the Box's initial double, which shows
 * in how the taker's own cube ended. */
static gboolean
check_taker (const Parser  *parser,
             guint          index,
             GError       **error)
{
  const CtdExtra *extra = &parser->result->extras[index];
  guint start = parser->context->cube_start;
  const char *taker = result_who (parser, extra->taker);
  g_autofree char *how = result_describe_cube (parser, extra->taker);
  g_autofree char *played = NULL;
  g_autofree char *passed = NULL;
  g_autofree char *box_passed = NULL;

  if (!took_a_double (parser, extra->taker))
    return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                        _("'%s': only a crew member who took a double from the Box can take an "
                          "extra, but %s's cube %s; expected %s's cube above its "
                          "starting value %u, e.g. '%u:%u'"),
                        parser->extra_tokens[index], taker, how, taker, start, extra->taker,
                        2 * start);
  if (parser->stored || took_the_initial_double (parser, extra->taker))
    return TRUE;
  played = describe_powers (2 * (guint64) start, 2);
  passed = describe_powers (4 * (guint64) start, 4);
  box_passed = describe_powers (2 * (guint64) start, 4);
  return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                      /* Translators: rules 3.3 and 3.7; the players are the taker each
                       * time, then the cube values as lists ("2, 4, 8, …"). */
                      _("'%s': only the crew member who took the Box's initial double can take "
                        "an extra (rules 3.3 and 3.7), but %s's cube %s, which is not that take "
                        "at a starting cube of %u; %s's cube should end played to the end at %s, "
                        "passed by %s at %s or passed by the Box at %s"),
                      parser->extra_tokens[index], taker, how, start, taker, played, taker,
                      passed, box_passed);
}

/* SPEC 5, rules 3.3 and 3.7: extras only when the Box's initial
 * offering had a lone taker: every extra goes to one taker, and every
 * other crew member passed at the starting value. */
static gboolean
check_lone_taker (const Parser  *parser,
                  GError       **error)
{
  const CtdResult *result = parser->result;
  const CtdGameContext *context = parser->context;
  guint taker = result->extras[0].taker;
  guint start = context->cube_start;

  for (guint i = 1; i < result->n_extras; i++)
    if (result->extras[i].taker != taker)
      return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                          /* Translators: rules 3.3 and 3.7; two players, then the
                           * two tokens typed. */
                          _("extras are only for a lone crew member who took the Box's "
                            "initial double (rules 3.3 and 3.7), but the extras are taken by "
                            "%s ('%s') and by %s ('%s'); expected one taker"),
                          result_who (parser, taker), parser->extra_tokens[0],
                          result_who (parser, result->extras[i].taker),
                          parser->extra_tokens[i]);
  for (guint p = 1; p <= context->size; p++)
    {
      const CtdCube *cube = &result->cubes[p - 1];
      g_autofree char *how = NULL;

      if (p == context->box || p == taker
          || (cube->end == CTD_CUBE_TAKER_PASSED && cube->value == start))
        continue;
      how = result_describe_cube (parser, p);
      return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                          /* Translators: rules 3.3 and 3.7; the token typed, the
                           * starting cube, a player and how their cube ended ("was
                           * played to the end at 2"), then the token expected. */
                          _("'%s': extras are only for a lone crew member who took the Box's "
                            "initial double (rules 3.3 and 3.7), when every other crew member "
                            "passed it at the starting value %u, but %s's cube %s; expected "
                            "'%u:%u-'"),
                          parser->extra_tokens[0], start, result_who (parser, p), how, p,
                          start);
    }
  return TRUE;
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
      how = result_describe_cube (parser, extra->offerer);
      return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                          _("'%s': only a crew member who passed the Box's cube can offer an "
                            "extra, "
                            "but %s's cube %s; write e.g. '%u:%u-'"), token,
                          result_who (parser, extra->offerer), how, extra->offerer, start);
    }
  if (!check_taker (parser, index, error))
    return FALSE;
  if (by_taker ? extra->value != passed->value &&
                   !result_is_doubling_of (extra->value, passed->value, 2)
               : !result_is_doubling_of (extra->value, passed->value, 1))
    {
      guint64 first = (guint64) passed->value << (by_taker ? 2 : 1);
      g_autofree char *doublings = result_describe_doublings (first, extra->value);

      /* Translators: the cube values an extra may have: one value, a
       * player, then a list of values ("8, 16, 32, …"). */
      expected = by_taker ? g_strdup_printf (_("%u (%s refusing the offer) or %s"),
                                             passed->value, result_who (parser, extra->taker),
                                             doublings)
                          : g_steal_pointer (&doublings);
      if (extra->end == CTD_CUBE_PLAYED)
        return result_fail (parser, error, CTD_RESULT_ERROR_VALUE,
                            /* Translators: an extra is a cube a crew member who passed the
                             * Box's double offers to another crew member; the players are
                             * offerer, taker, then the offerer again. */
                            _("the extra from %s to %s cannot be played at %u: %s passed at %u, "
                              "so expected %s (in '%s')"),
                            result_who (parser, extra->offerer),
                            result_who (parser, extra->taker), extra->value,
                            result_who (parser, extra->offerer), passed->value, expected, token);
      return result_fail (parser, error, CTD_RESULT_ERROR_VALUE,
                          /* Translators: as "the extra from %s to %s cannot be played ...". */
                          _("the extra from %s to %s cannot end passed at %u: %s passed at %u, "
                            "so expected %s (in '%s')"),
                          result_who (parser, extra->offerer), result_who (parser, extra->taker),
                          extra->value, result_who (parser, extra->offerer), passed->value,
                          expected, token);
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
    return result_fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                        _("the outcome is '%s', but no cube was played to the end (every cube was "
                          "passed or washed); write '-' as the outcome"),
                        result_outcome_to_string (result->winner, result->multiplier));
  if (result->winner != CTD_WINNER_NONE)
    return TRUE;

  if (player != 0)
    {
      how = result_describe_cube (parser, player);
      return result_fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                          _("the outcome is '-', but %s's cube %s; give the winner (B, Bg, Bb, "
                            "T, Tg or Tb) or how that cube ended (e.g. '%u:%u-')"),
                          result_who (parser, player), how, player,
                          result->cubes[player - 1].value);
    }
  if (extra >= 0)
    return result_fail (parser, error, CTD_RESULT_ERROR_OUTCOME,
                        _("the outcome is '-', but the extra from %s to %s was played "
                          "to the end ('%s'); give the winner (B, Bg, Bb, T, Tg or Tb)"),
                        result_who (parser, result->extras[extra].offerer),
                        result_who (parser, result->extras[extra].taker),
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
          how = result_describe_cube (parser, p);
          return result_fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
                              _("'!T' says the whole crew doubled together, but %s's cube %s, "
                                "which contradicts it; a cube in that offering was passed by the "
                                "Box "
                                "('%u:%u+') or taken (worth %u or more)"),
                              result_who (parser, p), how, p,
                              context->cube_start, 2 * context->cube_start);
        }
    }

  if (n_offered == 0)
    return result_fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
                        _("'!T' says the whole crew doubled together, but every crew cube was "
                          "washed; remove '!T'"));
  if (n_passed == n_offered || 2 * n_taken > n_offered)
    return TRUE;
  /* Translators: how many of the cubes offered together the Box must
   * take, in "(%s of 3)": "both (of 2)" or "at least 2 (of 3)". */
  need = n_offered == 2 ? g_strdup (_("both"))
                        : g_strdup_printf (_("at least %u"), n_offered / 2 + 1);
  return result_fail (parser, error, CTD_RESULT_ERROR_MAJORITY,
                      _("with '!T' the Box must take a majority of the cubes offered together (%s "
                        "of "
                        "%u) or pass them all; the line shows %u taken and %u passed"),
                      need, n_offered, n_taken, n_passed);
}

/* The first extra @player is party to (as offerer or taker) that was
 * played to the end, or -1. */
static int
extra_in_play (const CtdExtra *extras,
               guint           n_extras,
               guint           player)
{
  for (guint i = 0; i < n_extras; i++)
    if ((extras[i].offerer == player || extras[i].taker == player)
        && extras[i].end == CTD_CUBE_PLAYED)
      return (int) i;
  return -1;
}

/* Whether @player may pay rule 2.5's penalty: it is for "offending
 * players who are already out of the current game", so a crew member
 * whose own cube had ended, passed either way or washed, and who is
 * party to no extra still played (SPEC 5). That the payee is someone
 * else is checked with the token. */
gboolean
result_may_pay_penalty (const CtdGameContext *context,
                        const CtdCube        *cubes,
                        const CtdExtra       *extras,
                        guint                 n_extras,
                        guint                 player)
{
  return player != context->box && cubes[player - 1].end != CTD_CUBE_PLAYED
         && extra_in_play (extras, n_extras, player) < 0;
}

static gboolean
check_penalty (const Parser  *parser,
               guint          index,
               GError       **error)
{
  const CtdResult *result = parser->result;
  const CtdPenalty *penalty = &result->penalties[index];
  const char *offender = result_who (parser, penalty->from);
  int extra = extra_in_play (result->extras, result->n_extras, penalty->from);
  g_autofree char *how = NULL;
  g_autofree char *why = NULL;

  if (result_may_pay_penalty (parser->context, result->cubes, result->extras,
                              result->n_extras, penalty->from))
    return TRUE;
  if (penalty->from == parser->context->box)
    {
      /* Translators: ends "... is for a player already out of the game,
       * but %s". */
      why = g_strdup_printf (_("%s is the Box"), offender);
    }
  else if (result->cubes[penalty->from - 1].end == CTD_CUBE_PLAYED)
    {
      how = result_describe_cube (parser, penalty->from);
      /* Translators: a player, then how their cube ended, e.g. "was
       * played to the end at 2". */
      why = g_strdup_printf (_("%s's cube %s"), offender, how);
    }
  else
    {
      /* Translators: ends "... is for a player already out of the game,
       * but %s"; the extra (rule 3.7) from one player to another, then
       * the token typed, e.g. "the extra from player 2 to player 4 was
       * played to the end ('E:2>4:4')". */
      why = g_strdup_printf (_("the extra from %s to %s was played to the end ('%s'), which "
                               "keeps %s in the game"),
                             result_who (parser, result->extras[extra].offerer),
                             result_who (parser, result->extras[extra].taker),
                             parser->extra_tokens[extra], offender);
    }
  return result_fail (parser, error, CTD_RESULT_ERROR_PENALTY,
                      _("%s cannot pay a penalty ('%s'): rule 2.5's penalty is for a player "
                        "already out of the game, whose cube was passed or washed, but %s; a "
                        "player still in the game loses their cube to the aggrieved player or has "
                        "it washed (write how it ended), or the director records another payment "
                        "with A:%u>%u:V"),
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

gboolean
result_finish (Parser  *parser,
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
  if (!parser->stored && result->n_extras > 0 && !check_lone_taker (parser, error))
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
