/* ctd-result-score.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The money of a result: its ledger of payments, and each player's
 * score from it.
 */

#define G_LOG_DOMAIN "ctd-result"

#include "config.h"

#include "ctd-result-private.h"

#include "ctd-rules-enum-types.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

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

/**
 * ctd_result_describe_jacoby:
 * @result: a result from ctd_result_parse()
 * @names: (array) (nullable): the chouette's player names, as for
 *   ctd_result_parse_named(), or %NULL ("player 3")
 *
 * Why a gammon or backgammon scores single (rule 3.2, Jacoby): a cube
 * played to the end at its starting value was never turned, so it pays
 * single. Nothing when the game was single, nobody won, or every cube
 * played to the end was turned (an extra always was).
 *
 * Returns: (transfer full) (nullable): "Jacoby rule (3.2): no cube was
 *   turned, so the gammon scores single", or the players whose cubes
 *   score it single when others' were turned; %NULL when the rule
 *   changed nothing; free with g_free()
 */
char *
ctd_result_describe_jacoby (const CtdResult   *result,
                            const char *const *names)
{
  const CtdGameContext *context;
  g_autoptr(GPtrArray) unturned = NULL;
  gboolean any_turned = FALSE;

  g_return_val_if_fail (result_is_sane (result), NULL);

  context = &result->context;
  if (result->winner == CTD_WINNER_NONE || result->multiplier < 2)
    return NULL;
  unturned = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 1; p <= context->size; p++)
    {
      const CtdCube *cube = &result->cubes[p - 1];
      const char *name = names != NULL ? names[p - 1] : NULL;

      if (p == context->box || cube->end != CTD_CUBE_PLAYED)
        continue;
      if (cube->value > context->cube_start)
        any_turned = TRUE;
      else
        g_ptr_array_add (unturned, name != NULL && *name != '\0'
                                   ? g_strdup_printf ("%u %s", p, name)
                                   : g_strdup_printf (_("player %u"), p));
    }
  for (guint i = 0; i < result->n_extras; i++)
    any_turned |= result->extras[i].end == CTD_CUBE_PLAYED;

  if (unturned->len == 0)
    return NULL;
  if (!any_turned)
    /* Translators: rule 3.2 (Jacoby): a cube never doubled pays single
     * even when the game ends in a gammon or backgammon. */
    return g_strdup (result->multiplier == 2
                     ? _("Jacoby rule (3.2): no cube was turned, so the gammon scores single")
                     : _("Jacoby rule (3.2): no cube was turned, so the backgammon scores "
                         "single"));
  {
    g_autofree char *who = ctd_text_join_and (unturned);

    if (result->multiplier == 2)
      /* Translators: rule 3.2 (Jacoby); %s is one player ("3 Cid") or a
       * list of them ("3 Cid and 4 Dan"). */
      return g_strdup_printf (ngettext ("Jacoby rule (3.2): %s's cube was not turned, so it "
                                        "scores the gammon single",
                                        "Jacoby rule (3.2): the cubes of %s were not turned, "
                                        "so they score the gammon single", unturned->len),
                              who);
    /* Translators: as the gammon's, for a backgammon. */
    return g_strdup_printf (ngettext ("Jacoby rule (3.2): %s's cube was not turned, so it "
                                      "scores the backgammon single",
                                      "Jacoby rule (3.2): the cubes of %s were not turned, "
                                      "so they score the backgammon single", unturned->len),
                            who);
  }
}
