/* ctd-money.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-money"

#include "config.h"

#include "ctd-money.h"

#include <stdlib.h>
#include <string.h>

#include "ctd-locale.h"
#include "ctd-result.h"

#include <glib/gi18n-lib.h>

/* The bounds hold what ctd-money.h says they hold: a whole chouette's
 * score at the largest stake fits a CtdCents, and so do the products the
 * fee check makes (25 x the stake, 10 x the fee). */
G_STATIC_ASSERT (CTD_CHOUETTE_HALVES_MAX <= G_MAXINT64 / CTD_STAKE_MAX_CENTS);
G_STATIC_ASSERT (CTD_STAKE_MAX_CENTS <= G_MAXINT64 / 25);
G_STATIC_ASSERT (CTD_ENTRY_FEE_MAX_CENTS <= G_MAXINT64 / 10);

/**
 * ctd_money_error_quark:
 *
 * The error domain %CTD_MONEY_ERROR, whose codes are #CtdMoneyError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-money-error-quark, ctd_money_error)

/* Rule 1.8: an entry fee of 20 to 25 times the stake per point. */
#define FEE_RATIO_MIN 20
#define FEE_RATIO_MAX 25

static guint64
magnitude (gint64 value)
{
  return value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;
}

/* Whether points x stake fits in CtdCents, so that amounts never wrap. */
static gboolean
amount_fits (CtdHalves points,
             CtdCents  stake)
{
  guint64 product;

  return g_uint64_checked_mul (&product, magnitude (points), magnitude (stake))
         && product <= G_MAXINT64;
}

/**
 * ctd_money_amount:
 * @points: a score or a payment in half points
 * @stake: the stake per point, in cents
 *
 * What @points are worth at @stake: points x stake. Scores are kept in
 * half points, so an odd score at an odd stake comes to half a cent; that
 * half cent is rounded away from zero (0.5 point at 0.01 is 0.01), so
 * that a debt and the matching credit have the same size.
 *
 * Returns: the amount in cents; positive when @points are won (at a
 *   positive stake); 0, with a critical warning, when the product does
 *   not fit in #CtdCents
 */
CtdCents
ctd_money_amount (CtdHalves points,
                  CtdCents  stake)
{
  guint64 doubled = magnitude (points) * magnitude (stake);
  CtdCents amount;

  g_return_val_if_fail (amount_fits (points, stake), 0);

  amount = (CtdCents) (doubled / 2 + doubled % 2);
  return (points < 0) != (stake < 0) ? -amount : amount;
}

/**
 * ctd_money_amounts:
 * @scores: (array length=n_players): scores in half points, @scores[k]
 *   for player number k + 1
 * @n_players: how many players, at most %CTD_MAX_PLAYERS
 * @stake: the stake per point, in cents
 * @out_amounts: (out caller-allocates) (array length=n_players): what
 *   each score comes to
 *
 * Each player's amount at the stake (SPEC 7): score x stake can fall
 * between cents (-1.5 x 3.75 = -5.625), so each amount is rounded down
 * to the cent, then the cents still missing for a zero sum go one each
 * to the players whose amounts lost the most in rounding, the lower
 * player number first. Every amount is within a cent of score x stake
 * and, when the scores sum to zero, so do the amounts (-1.5, +0.5, +0.5,
 * +0.5 at 3.75: -5.62, +1.88, +1.87, +1.87). Every place that shows a
 * chouette's amounts or settlement goes through this, so they agree.
 * Scores that do not sum to zero are each rounded as ctd_money_amount()
 * rounds them.
 */
void
ctd_money_amounts (const CtdHalves *scores,
                   guint            n_players,
                   CtdCents         stake,
                   CtdCents        *out_amounts)
{
  gboolean lost[CTD_MAX_PLAYERS] = { FALSE, };
  CtdHalves sum = 0;
  CtdCents missing = 0;

  g_return_if_fail (scores != NULL || n_players == 0);
  g_return_if_fail (out_amounts != NULL || n_players == 0);
  g_return_if_fail (n_players <= CTD_MAX_PLAYERS);

  for (guint i = 0; i < n_players; i++)
    {
      g_return_if_fail (amount_fits (scores[i], stake)
                        && magnitude (scores[i]) <= G_MAXINT64 / CTD_MAX_PLAYERS);
      sum += scores[i];
    }
  if (sum != 0)
    {
      for (guint i = 0; i < n_players; i++)
        out_amounts[i] = ctd_money_amount (scores[i], stake);
      return;
    }

  for (guint i = 0; i < n_players; i++)
    {
      /* Half cents: an odd product lies half a cent above its floor. */
      guint64 doubled = magnitude (scores[i]) * magnitude (stake);
      gboolean negative = (scores[i] < 0) != (stake < 0);
      CtdCents half = (CtdCents) (doubled / 2);

      lost[i] = doubled % 2 != 0;
      out_amounts[i] = negative ? -half - (lost[i] ? 1 : 0) : half;
      missing -= out_amounts[i];
    }
  /* Every loss is the same half cent, so the lower numbers go first. */
  for (guint i = 0; i < n_players && missing > 0; i++)
    if (lost[i])
      {
        out_amounts[i]++;
        missing--;
      }
  g_assert (missing == 0);
}

static int
compare_transfers (const void *a,
                   const void *b)
{
  const CtdTransfer *ta = a;
  const CtdTransfer *tb = b;

  if (ta->from != tb->from)
    return ta->from < tb->from ? -1 : 1;
  return ta->to < tb->to ? -1 : ta->to > tb->to;
}

/*
 * The fewest payments. Leave out the players who are square; k players
 * remain. A group of them whose scores sum to zero can settle on its own
 * in one payment fewer than its size, so the fewest payments is k minus
 * the most zero-sum groups the k players split into.
 *
 * With at most 4 players there are at most two groups, and two groups can
 * only be two pairs {+a, -a} and {+b, -b} with a >= b: the largest debtor
 * (-a) paying the largest creditor (+a) clears the first pair at once, the
 * second pair takes one more payment. Otherwise k - 1 payments, each
 * clearing someone, are the fewest. So the largest debtor paying the
 * largest creditor, repeatedly, is optimal here. From 5 players on it is
 * not ({+3, -3, +2, +2, -4} would take 4 payments instead of 3): the
 * players would first have to be split into zero-sum groups.
 */
G_STATIC_ASSERT (CTD_MAX_PLAYERS <= 4);

/* The points a payment of @amount stands for at @stake, to the nearest
 * half point: amount / stake, in half points. */
static CtdHalves
points_for (CtdCents amount,
            CtdCents stake)
{
  g_assert (amount >= 0 && stake > 0);
  return 2 * (amount / stake) + (2 * (amount % stake) + stake / 2) / stake;
}

static void
settle_fewest (CtdSettlement *settlement)
{
  /* The amounts are what is paid, so the payments clear them exactly
   * (SPEC 7); with no stake, the points are settled, for nothing. */
  gboolean by_cents = settlement->stake > 0;
  gint64 balance[CTD_MAX_PLAYERS];

  for (guint i = 0; i < settlement->n_players; i++)
    balance[i] = by_cents ? settlement->amounts[i] : settlement->scores[i];

  for (;;)
    {
      guint debtor = 0;
      guint creditor = 0;
      gint64 value;
      CtdTransfer *transfer;

      /* Ties go to the lower player number. */
      for (guint i = 1; i < settlement->n_players; i++)
        {
          if (balance[i] < balance[debtor])
            debtor = i;
          if (balance[i] > balance[creditor])
            creditor = i;
        }
      if (balance[debtor] == 0)
        break;

      value = MIN (-balance[debtor], balance[creditor]);
      balance[debtor] += value;
      balance[creditor] -= value;

      g_assert (settlement->n_transfers < G_N_ELEMENTS (settlement->transfers));
      transfer = &settlement->transfers[settlement->n_transfers++];
      transfer->from = debtor + 1;
      transfer->to = creditor + 1;
      transfer->points = by_cents ? points_for (value, settlement->stake) : value;
      transfer->amount = by_cents ? value : 0;
    }

  qsort (settlement->transfers, settlement->n_transfers, sizeof (CtdTransfer),
         compare_transfers);
}

/**
 * ctd_money_settle:
 * @scores: (array length=n_players): the chouette's final scores in half
 *   points, @scores[k] for player number k + 1
 * @n_players: how many players
 * @stake: the stake per point, in cents
 * @out_settlement: (out caller-allocates): the settlement; untouched on
 *   refusal
 * @error: a #GError, or %NULL
 *
 * Settles a chouette at its end (rule 1.8): each player's amount is score
 * x stake, and the list of who pays whom uses the fewest payments, so that
 * the table settles quickly. Payments only go from players who lost to
 * players who won; they are sorted by payer, then payee.
 *
 * Each player's amount is ctd_money_amounts()'s: within a cent of score
 * x stake, the amounts summing to zero; the payments are made of those
 * amounts, so a player's payments add up to their amount exactly, and a
 * payment's points are what it stands for at the stake (to the nearest
 * half point, when rounding moved a cent). With no stake, the points are
 * settled and every amount is 0.
 *
 * Returns: %TRUE on success; %FALSE with @error set when the scores do not
 *   sum to zero, the number of players or the stake is invalid, or an
 *   amount would be too large to represent
 */
gboolean
ctd_money_settle (const CtdHalves *scores,
                  guint            n_players,
                  CtdCents         stake,
                  CtdSettlement   *out_settlement,
                  GError         **error)
{
  CtdSettlement settlement = { 0 };
  CtdHalves sum = 0;

  g_return_val_if_fail (scores != NULL, FALSE);
  g_return_val_if_fail (out_settlement != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players < 2 || n_players > CTD_MAX_PLAYERS)
    {
      g_set_error (error, CTD_MONEY_ERROR, CTD_MONEY_ERROR_INVALID,
                   _("A settlement is between 2 and %d players, not %u"),
                   CTD_MAX_PLAYERS, n_players);
      return FALSE;
    }
  if (stake < 0)
    {
      g_autofree char *stake_text = ctd_money_to_string (stake);

      g_set_error (error, CTD_MONEY_ERROR, CTD_MONEY_ERROR_INVALID,
                   _("The stake (%s) is negative: set the event's stake per point "
                     "to 0 or more"), stake_text);
      return FALSE;
    }

  for (guint i = 0; i < n_players; i++)
    {
      /* The bound on each score also keeps their sum from overflowing. */
      if (!amount_fits (scores[i], stake)
          || magnitude (scores[i]) > G_MAXINT64 / CTD_MAX_PLAYERS)
        {
          g_autofree char *score_text = ctd_halves_to_string (scores[i], TRUE);
          g_autofree char *stake_text = ctd_money_to_string (stake);

          g_set_error (error, CTD_MONEY_ERROR, CTD_MONEY_ERROR_INVALID,
                       _("Player %u's score (%s) is too large to settle at a stake "
                         "of %s: check the chouette's results and the stake"),
                       i + 1, score_text, stake_text);
          return FALSE;
        }
      sum += scores[i];
    }
  if (sum != 0)
    {
      g_autofree char *sum_text = ctd_halves_to_string (sum, TRUE);

      g_set_error (error, CTD_MONEY_ERROR, CTD_MONEY_ERROR_NOT_ZERO_SUM,
                   _("The chouette's scores add up to %s instead of 0, so it "
                     "cannot be settled: check the entered results"), sum_text);
      return FALSE;
    }

  settlement.stake = stake;
  settlement.n_players = n_players;
  for (guint i = 0; i < n_players; i++)
    settlement.scores[i] = scores[i];
  ctd_money_amounts (scores, n_players, stake, settlement.amounts);
  settle_fewest (&settlement);

  *out_settlement = settlement;
  return TRUE;
}

/* "an entry fee of 200.00 to 250.00", or NULL when it is out of range. */
static char *
describe_fees (CtdCents stake)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  if (stake > G_MAXINT64 / FEE_RATIO_MAX)
    return NULL;

  low = ctd_money_to_string (stake * FEE_RATIO_MIN);
  high = ctd_money_to_string (stake * FEE_RATIO_MAX);
  /* Translators: two amounts of money. */
  return g_strdup_printf (_("an entry fee of %s to %s"), low, high);
}

/* "a stake of 4.00 to 5.00", or NULL when no whole number of cents fits. */
static char *
describe_stakes (CtdCents entry_fee)
{
  CtdCents low = entry_fee / FEE_RATIO_MAX + (entry_fee % FEE_RATIO_MAX != 0);
  CtdCents high = entry_fee / FEE_RATIO_MIN;
  g_autofree char *low_text = ctd_money_to_string (low);
  g_autofree char *high_text = ctd_money_to_string (high);

  if (low == 0 || low > high)
    return NULL;
  if (low == high)
    /* Translators: an amount of money per point of score. */
    return g_strdup_printf (_("a stake of %s"), low_text);
  /* Translators: two amounts of money per point of score. */
  return g_strdup_printf (_("a stake of %s to %s"), low_text, high_text);
}

/* The fee as a multiple of the stake, for a fee outside the recommended
 * range. A fraction is shown to one decimal, rounded away from the range,
 * so that a fee just short of 20 times the stake never reads "20.0". */
static char *
describe_ratio (CtdCents entry_fee,
                CtdCents stake,
                gboolean below)
{
  CtdCents tenths;
  g_autofree char *ascii = NULL;
  g_autofree char *number = NULL;

  if (entry_fee % stake == 0)
    /* Translators: these say how many times the stake the entry fee is,
     * in "The entry fee (10.00) is %s the stake (2.00)". */
    return g_strdup_printf (ngettext ("%lld time", "%lld times", (gulong) (entry_fee / stake)),
                            (long long) (entry_fee / stake));
  if (entry_fee > G_MAXINT64 / 10)
    return below ? g_strdup_printf (_("less than %d times"), FEE_RATIO_MIN)
                 : g_strdup_printf (_("more than %d times"), FEE_RATIO_MAX);

  tenths = below ? entry_fee * 10 / stake : (entry_fee * 10 - 1) / stake + 1;
  ascii = g_strdup_printf ("%" G_GINT64_FORMAT ".%d", tenths / 10, (int) (tenths % 10));
  number = ctd_locale_number (ascii);
  /* Translators: %s is a number with one decimal, e.g. "19.6". */
  return g_strdup_printf (_("about %s times"), number);
}

/**
 * ctd_money_check_fee:
 * @entry_fee: the event's entry fee, in cents; 0 when none is set
 * @stake: the stake per point, in cents; 0 when none is set
 *
 * Rule 1.8 recommends an entry fee of 20 to 25 times the stake, so that a
 * player's possible losses stay in proportion to what they paid to enter.
 * It is a recommendation, not a rule: the event may go ahead, but the
 * director should see the warning when setting up the event. The bounds
 * are inclusive and compared exactly, in whole cents.
 *
 * Returns: (transfer full) (nullable): %NULL when the ratio is within the
 *   recommendation, else a warning saying which fee or stake would be
 */
char *
ctd_money_check_fee (CtdCents entry_fee,
                     CtdCents stake)
{
  g_autofree char *fee_text = ctd_money_to_string (entry_fee);
  g_autofree char *stake_text = ctd_money_to_string (stake);
  g_autofree char *fees = NULL;
  g_autofree char *stakes = NULL;
  g_autofree char *ratio = NULL;
  gboolean below;

  if (entry_fee < 0 || stake < 0)
    return g_strdup_printf (_("The entry fee (%s) and the stake (%s) cannot be negative."),
                            fee_text, stake_text);

  if (stake == 0)
    {
      if (entry_fee > 0)
        stakes = describe_stakes (entry_fee);
      if (stakes == NULL)
        return g_strdup (_("No stake is set: rule 1.8 recommends an entry fee of 20 to 25 "
                           "times the stake per point."));
      /* Translators: an amount of money, then e.g. "a stake of 4.00 to
       * 5.00". */
      return g_strdup_printf (_("No stake is set: rule 1.8 recommends an entry fee of 20 to 25 "
                                "times the stake per point: for an entry fee of %s, %s."),
                              fee_text, stakes);
    }

  fees = describe_fees (stake);
  if (entry_fee == 0)
    {
      if (fees == NULL)
        return g_strdup (_("No entry fee is set: rule 1.8 recommends 20 to 25 times the "
                           "stake."));
      /* Translators: an amount of money, then e.g. "an entry fee of
       * 80.00 to 100.00". */
      return g_strdup_printf (_("No entry fee is set: rule 1.8 recommends 20 to 25 times the "
                                "stake (%s): %s."), stake_text, fees);
    }

  /* 20 x stake <= fee <= 25 x stake, without multiplying: no overflow. */
  below = entry_fee / FEE_RATIO_MIN < stake;
  if (!below && entry_fee / FEE_RATIO_MAX + (entry_fee % FEE_RATIO_MAX != 0) <= stake)
    return NULL;

  ratio = describe_ratio (entry_fee, stake, below);
  stakes = describe_stakes (entry_fee);
  if (fees != NULL && stakes != NULL)
    /* Translators: the fee, how many times the stake it is ("12 times"),
     * the stake, then e.g. "an entry fee of 80.00 to 100.00" and "a
     * stake of 4.00 to 5.00". */
    return g_strdup_printf (_("The entry fee (%s) is %s the stake (%s); rule 1.8 recommends "
                              "20 to 25 times: %s, or %s."),
                            fee_text, ratio, stake_text, fees, stakes);
  if (fees != NULL || stakes != NULL)
    /* Translators: the fee, how many times the stake it is ("12 times"),
     * the stake, then e.g. "an entry fee of 80.00 to 100.00". */
    return g_strdup_printf (_("The entry fee (%s) is %s the stake (%s); rule 1.8 recommends "
                              "20 to 25 times: %s."),
                            fee_text, ratio, stake_text, fees != NULL ? fees : stakes);
  return g_strdup_printf (_("The entry fee (%s) is %s the stake (%s); rule 1.8 recommends "
                            "20 to 25 times."), fee_text, ratio, stake_text);
}

/**
 * ctd_money_to_ascii:
 * @amount: an amount in cents
 *
 * Formats an amount for a machine (the CLI's JSON, files), with "."
 * whatever the locale: "12.50", "-0.05", "0.00".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_money_to_ascii (CtdCents amount)
{
  guint64 cents = magnitude (amount);

  return g_strdup_printf ("%s%" G_GUINT64_FORMAT ".%02u", amount < 0 ? "-" : "",
                          cents / 100, (guint) (cents % 100));
}

/**
 * ctd_money_to_string:
 * @amount: an amount in cents
 *
 * Formats an amount as a director reads it on the sheet, without a
 * currency symbol (the event's currency is whatever the club plays for),
 * with the current thread's decimal separator (see ctd_locale_number()):
 * "12.50", "-0.05", "0.00"; in French "12,50".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_money_to_string (CtdCents amount)
{
  g_autofree char *ascii = ctd_money_to_ascii (amount);

  return ctd_locale_number (ascii);
}

/**
 * ctd_money_group_digits:
 * @number: a number as text, "-1234567.50", "364904448" or as
 *   ctd_money_to_string() wrote it
 *
 * Groups the whole part of @number by thousands with the locale's
 * separator, for the large figures a message names ("1,000,000.00";
 * "1 000 000,00" in French), where a run of zeros is hard to count. See
 * ctd_locale_group().
 *
 * Returns: (transfer full): the grouped text
 */
char *
ctd_money_group_digits (const char *number)
{
  return ctd_locale_group (number);
}

/**
 * ctd_money_parse:
 * @text: "12", "12.5", "12.50", "-3", "+3"; in French also "12,50"
 * @out_amount: (out): the amount in cents; untouched when @text is refused
 *
 * Reads an amount typed by the director, with "." or the current
 * locale's decimal separator. Only whole cents are money, so
 * "12.505" is refused rather than rounded, as is anything that is not a
 * plain decimal number ("", "abc", "1e3", " 12", "12.") or that does not
 * fit: a long run of digits is refused, never wrapped round. Leading
 * zeros are read as the number they are ("007.10" is 7.10).
 *
 * Returns: whether @text is an amount
 */
gboolean
ctd_money_parse (const char *text,
                 CtdCents   *out_amount)
{
  g_autofree char *ascii = NULL;
  const char *p;
  gboolean negative = FALSE;
  guint64 cents = 0;
  guint fraction = 0;
  guint n_digits = 0;
  guint n_decimals = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_amount != NULL, FALSE);

  ascii = ctd_locale_unlocalize (text);
  p = ascii;
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';

  for (; g_ascii_isdigit (*p); p++, n_digits++)
    if (!g_uint64_checked_mul (&cents, cents, 10)
        || !g_uint64_checked_add (&cents, cents, (guint64) (*p - '0')))
      return FALSE;
  if (n_digits == 0)
    return FALSE;

  if (*p == '.')
    {
      for (p++; g_ascii_isdigit (*p); p++, n_decimals++)
        {
          /* "12.500" is still whole cents; "12.505" is not. */
          if (n_decimals >= 2 && *p != '0')
            return FALSE;
          if (n_decimals < 2)
            fraction += (guint) (*p - '0') * (n_decimals == 0 ? 10 : 1);
        }
      if (n_decimals == 0)
        return FALSE;
    }
  if (*p != '\0')
    return FALSE;

  if (!g_uint64_checked_mul (&cents, cents, 100)
      || !g_uint64_checked_add (&cents, cents, fraction)
      || cents > G_MAXINT64)
    return FALSE;

  *out_amount = negative ? -(CtdCents) cents : (CtdCents) cents;
  return TRUE;
}

/**
 * ctd_money_describe_bad_amount:
 * @entry_fee: whether the amount was an entry fee, else a stake
 * @typed: what the director typed
 *
 * The refusal of an amount ctd_money_parse() did not read, as one
 * sentence per setting (the stake and the entry fee differ in gender in
 * many languages, so neither is put into the other's sentence), for the
 * window and the CLI alike.
 *
 * Returns: (transfer full): the message
 */
char *
ctd_money_describe_bad_amount (gboolean    entry_fee,
                               const char *typed)
{
  g_return_val_if_fail (typed != NULL, NULL);

  if (entry_fee)
    /* Translators: %s is what the director typed. Write the example
     * amounts as your locale does ("110,50"): both separators are read. */
    return g_strdup_printf (_("The entry fee “%s” is not an amount: write it as 110 or "
                              "110.50"), typed);
  /* Translators: %s is what the director typed. Write the example
   * amounts as your locale does ("2,50"): both separators are read. */
  return g_strdup_printf (_("The stake “%s” is not an amount: write it as 5 or 2.50"), typed);
}
