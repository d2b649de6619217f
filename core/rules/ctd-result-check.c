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
      how = result_describe_cube (parser, extra->offerer);
      return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                          _("'%s': only a crew member who passed the Box's cube can offer an "
                            "extra, "
                            "but %s's cube %s; write e.g. '%u:%u-'"), token,
                          result_who (parser, extra->offerer), how, extra->offerer, start);
    }
  if (!took_a_double (parser, extra->taker))
    {
      how = result_describe_cube (parser, extra->taker);
      return result_fail (parser, error, CTD_RESULT_ERROR_EXTRA,
                          _("'%s': only a crew member who took a double from the Box can take an "
                            "extra, but %s's cube %s; expected %s's cube above its "
                            "starting value %u, e.g. '%u:%u'"),
                          token, result_who (parser, extra->taker), how,
                          result_who (parser, extra->taker), start, extra->taker, 2 * start);
    }
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

/* Whether @player may pay rule 2.5's penalty: it is for "offending
 * players who are already out of the current game", so a crew member
 * whose own cube had ended, passed either way or washed (SPEC 5). That
 * the payee is someone else is checked with the token. */
gboolean
result_may_pay_penalty (const CtdGameContext *context,
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
  const char *offender = result_who (parser, penalty->from);
  g_autofree char *how = NULL;
  g_autofree char *why = NULL;

  if (result_may_pay_penalty (parser->context, parser->result->cubes, penalty->from))
    return TRUE;
  if (penalty->from == parser->context->box)
    {
      /* Translators: ends "... is for a player already out of the game,
       * but %s". */
      why = g_strdup_printf (_("%s is the Box"), offender);
    }
  else
    {
      how = result_describe_cube (parser, penalty->from);
      /* Translators: a player, then how their cube ended, e.g. "was
       * played to the end at 2". */
      why = g_strdup_printf (_("%s's cube %s"), offender, how);
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
