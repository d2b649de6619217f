/* test-money.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-rng.h"

static void
test_amount (void **state)
{
  /* points in half points, stake in cents */
  static const struct { CtdHalves points; CtdCents stake, amount; } cases[] = {
    { CTD_HALVES (1), 500, 500 },
    { CTD_HALVES (-6), 500, -3000 },
    { 1, 500, 250 },       /* 0.5 point at 5.00 */
    { 15, 1000, 7500 },    /* 7.5 points at 10.00 */
    { 1, 1, 1 },           /* half a cent rounds away from zero... */
    { -1, 1, -1 },         /* ...both ways, so debt and credit match */
    { 3, 3, 5 },           /* 1.5 x 0.03 = 0.045 */
    { -3, 3, -5 },
    { 0, 500, 0 },
    { CTD_HALVES (12), 0, 0 },
  };

  (void) state;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_int_equal (ctd_money_amount (cases[i].points, cases[i].stake), cases[i].amount);
}

typedef struct
{
  guint n_players;
  CtdHalves scores[CTD_MAX_PLAYERS];
  CtdCents stake;
  CtdCents amounts[CTD_MAX_PLAYERS];
  guint n_transfers;
  CtdTransfer transfers[CTD_MAX_PLAYERS - 1];
} SettleCase;

/* Worked out by hand; scores in half points, amounts in cents. */
static const SettleCase settle_cases[] = {
  /* SPEC's second worked example: +4, -1, +3, -6 at 5.00. No two or three
   * of them sum to zero, so it takes 3 payments. Player 4 owes most and
   * pays player 1 (owed most) 4; player 4's last 2 go to player 3; player
   * 2 pays player 3 the last 1. */
  { 4, { 8, -2, 6, -12 }, 500, { 2000, -500, 1500, -3000 },
    3, { { 2, 3, 2, 500 }, { 4, 1, 8, 2000 }, { 4, 3, 4, 1000 } } },
  /* +3, -3, +2, -2: two pairs settle in 2 payments, not 3. */
  { 4, { 6, -6, 4, -4 }, 100, { 300, -300, 200, -200 },
    2, { { 2, 1, 6, 300 }, { 4, 3, 4, 200 } } },
  /* +5, -5, +1, -1 at 2.00: the small pair settles on its own. */
  { 4, { 10, -10, 2, -2 }, 200, { 1000, -1000, 200, -200 },
    2, { { 2, 1, 10, 1000 }, { 4, 3, 2, 200 } } },
  /* +1, +1, -1, -1: two pairs; player 3 pays player 1, 4 pays 2. */
  { 4, { 2, 2, -2, -2 }, 100, { 100, 100, -100, -100 },
    2, { { 3, 1, 2, 100 }, { 4, 2, 2, 100 } } },
  /* Half points, SPEC's fourth example: +7.5, -6, -1, -0.5 at 10.00. */
  { 4, { 15, -12, -2, -1 }, 1000, { 7500, -6000, -1000, -500 },
    3, { { 2, 1, 12, 6000 }, { 3, 1, 2, 1000 }, { 4, 1, 1, 500 } } },
  /* Nobody won or lost: nothing to pay. */
  { 4, { 0, 0, 0, 0 }, 500, { 0, 0, 0, 0 }, 0, { { 0 } } },
  /* 3 players: +5, -2, -3 at 2.00. */
  { 3, { 10, -4, -6 }, 200, { 1000, -400, -600 },
    2, { { 2, 1, 4, 400 }, { 3, 1, 6, 600 } } },
  /* A player at 0 pays and receives nothing. */
  { 3, { 4, 0, -4 }, 100, { 200, 0, -200 }, 1, { { 3, 1, 4, 200 } } },
  { 2, { -4, 4 }, 250, { -500, 500 }, 1, { { 1, 2, 4, 500 } } },
  /* No stake: the points are still settled, for nothing. */
  { 4, { 6, -6, 0, 0 }, 0, { 0, 0, 0, 0 }, 1, { { 2, 1, 6, 0 } } },
  /* +0.5, +0.5, -1 at 0.03 (SPEC 7): 1.5, 1.5 and -3 cents round down
   * to 1, 1, -3; the missing cent goes to player 1 (the tie with player
   * 2 goes to the lower number), so player 3 pays 0.02 + 0.01, exactly
   * the amount. */
  { 3, { 1, 1, -2 }, 3, { 2, 1, -3 },
    2, { { 3, 1, 1, 2 }, { 3, 2, 1, 1 } } },
  /* SPEC 7's example: -1.5, +0.5, +0.5, +0.5 at 3.75 is -5.625 and
   * 1.875: -5.62, +1.88, +1.87, +1.87, and the payments add up. */
  { 4, { -3, 1, 1, 1 }, 375, { -562, 188, 187, 187 },
    3, { { 1, 2, 1, 188 }, { 1, 3, 1, 187 }, { 1, 4, 1, 187 } } },
  /* At 1.25: -1.875 and 0.625: -1.87, +0.63, +0.62, +0.62. */
  { 4, { -3, 1, 1, 1 }, 125, { -187, 63, 62, 62 },
    3, { { 1, 2, 1, 63 }, { 1, 3, 1, 62 }, { 1, 4, 1, 62 } } },
  /* At 0.05: +0.5, +0.5, -1 are 2.5, 2.5, -5 cents: 3, 2, -5. */
  { 3, { 1, 1, -2 }, 5, { 3, 2, -5 },
    2, { { 3, 1, 1, 3 }, { 3, 2, 1, 2 } } },
  /* A loser's amount can be the one that gains the cent: -0.5, -0.5,
   * +1 at 0.01 are -0.5, -0.5, +1 cents: -1, 0, +1. */
  { 3, { -1, -1, 2 }, 1, { 0, -1, 1 },
    1, { { 2, 3, 2, 1 } } },
};

static void
test_settle_table (void **state)
{
  (void) state;

  for (guint c = 0; c < G_N_ELEMENTS (settle_cases); c++)
    {
      const SettleCase *expected = &settle_cases[c];
      g_autoptr(GError) error = NULL;
      CtdSettlement settlement;

      assert_true (ctd_money_settle (expected->scores, expected->n_players, expected->stake,
                                     &settlement, &error));
      assert_null (error);
      assert_int_equal (settlement.stake, expected->stake);
      assert_int_equal (settlement.n_players, expected->n_players);
      for (guint i = 0; i < expected->n_players; i++)
        {
          assert_int_equal (settlement.scores[i], expected->scores[i]);
          assert_int_equal (settlement.amounts[i], expected->amounts[i]);
        }
      assert_int_equal (settlement.n_transfers, expected->n_transfers);
      for (guint t = 0; t < expected->n_transfers; t++)
        {
          assert_int_equal (settlement.transfers[t].from, expected->transfers[t].from);
          assert_int_equal (settlement.transfers[t].to, expected->transfers[t].to);
          assert_int_equal (settlement.transfers[t].points, expected->transfers[t].points);
          assert_int_equal (settlement.transfers[t].amount, expected->transfers[t].amount);
        }
    }
}

static void
check_refused (const CtdHalves *scores,
               guint            n_players,
               CtdCents         stake,
               CtdMoneyError    code,
               const char      *message)
{
  g_autoptr(GError) error = NULL;
  CtdSettlement settlement = { .n_players = 77 };

  assert_false (ctd_money_settle (scores, n_players, stake, &settlement, &error));
  assert_true (g_error_matches (error, CTD_MONEY_ERROR, code));
  assert_string_equal (error->message, message);
  /* Nothing half-settled is handed back. */
  assert_int_equal (settlement.n_players, 77);
}

static void
test_settle_refusals (void **state)
{
  static const CtdHalves not_zero[] = { 2, -4, 0, 0 };
  static const CtdHalves five[] = { 0, 0, 0, 0, 0 };
  static const CtdHalves fine[] = { 6, -6, 0, 0 };
  static const CtdHalves huge[] = { G_MAXINT64 / 2, -(G_MAXINT64 / 2) };
  static const CtdHalves large[] = { G_GINT64_CONSTANT (1000000000000),
                                     -G_GINT64_CONSTANT (1000000000000) };

  (void) state;

  check_refused (not_zero, 4, 500, CTD_MONEY_ERROR_NOT_ZERO_SUM,
                 "The chouette's scores add up to -1 instead of 0, so it cannot be "
                 "settled: check the entered results");
  check_refused (five, 1, 500, CTD_MONEY_ERROR_INVALID,
                 "A settlement is between 2 and 4 players, not 1");
  check_refused (five, 5, 500, CTD_MONEY_ERROR_INVALID,
                 "A settlement is between 2 and 4 players, not 5");
  check_refused (fine, 4, -100, CTD_MONEY_ERROR_INVALID,
                 "The stake (-1.00) is negative: set the event's stake per point to 0 "
                 "or more");
  check_refused (huge, 2, 0, CTD_MONEY_ERROR_INVALID,
                 "Player 1's score (+2305843009213693951.5) is too large to settle at a "
                 "stake of 0.00: check the chouette's results and the stake");
  /* 5e11 points at 1,000,000.00 do not fit in 64-bit cents. */
  check_refused (large, 2, 100000000, CTD_MONEY_ERROR_INVALID,
                 "Player 1's score (+500000000000) is too large to settle at a stake of "
                 "1000000.00: check the chouette's results and the stake");
}

/* An independent count of the fewest payments. A set of payments is a
 * graph on the players; some amounts on its edges square everyone exactly
 * when every connected part of the graph sums to zero. So try every set
 * of edges and keep the smallest that works. */
static guint
brute_force_fewest (const CtdHalves *scores,
                    guint            n_players)
{
  guint pairs[6][2];
  guint n_pairs = 0;
  guint fewest = G_MAXUINT;

  for (guint a = 0; a < n_players; a++)
    for (guint b = a + 1; b < n_players; b++)
      {
        pairs[n_pairs][0] = a;
        pairs[n_pairs][1] = b;
        n_pairs++;
      }

  for (guint edges = 0; edges < 1u << n_pairs; edges++)
    {
      guint part[CTD_MAX_PLAYERS];
      CtdHalves sums[CTD_MAX_PLAYERS] = { 0 };
      gboolean changed = TRUE;
      gboolean squares = TRUE;

      /* Label each part by its lowest player. */
      for (guint i = 0; i < n_players; i++)
        part[i] = i;
      while (changed)
        {
          changed = FALSE;
          for (guint e = 0; e < n_pairs; e++)
            {
              guint a = pairs[e][0];
              guint b = pairs[e][1];

              if ((edges & (1u << e)) && part[a] != part[b])
                {
                  part[a] = part[b] = MIN (part[a], part[b]);
                  changed = TRUE;
                }
            }
        }

      for (guint i = 0; i < n_players; i++)
        sums[part[i]] += scores[i];
      for (guint i = 0; i < n_players; i++)
        squares &= sums[i] == 0;
      if (squares)
        fewest = MIN (fewest, (guint) __builtin_popcount (edges));
    }
  return fewest;
}

static void
check_settlement (const CtdSettlement *settlement,
                  const CtdHalves     *scores,
                  guint                n_players,
                  CtdCents             stake)
{
  CtdHalves balance[CTD_MAX_PLAYERS];
  CtdCents paid[CTD_MAX_PLAYERS] = { 0 };
  CtdCents sum = 0;

  for (guint i = 0; i < n_players; i++)
    {
      /* Within a cent of score x stake (SPEC 7), in half cents. */
      gint64 exact = scores[i] * stake;

      assert_true (ABS (2 * settlement->amounts[i] - exact) <= 1);
      sum += settlement->amounts[i];
      balance[i] = scores[i];
    }
  assert_int_equal (sum, 0);
  /* The fewest payments of what is paid: the amounts (the points, at no
   * stake). */
  assert_int_equal (settlement->n_transfers,
                    brute_force_fewest (stake > 0 ? settlement->amounts : scores, n_players));

  for (guint t = 0; t < settlement->n_transfers; t++)
    {
      const CtdTransfer *transfer = &settlement->transfers[t];

      assert_in_range (transfer->from, 1, n_players);
      assert_in_range (transfer->to, 1, n_players);
      /* Only losers pay, only winners are paid. */
      assert_true (scores[transfer->from - 1] < 0);
      assert_true (scores[transfer->to - 1] > 0);
      assert_true (transfer->points > 0 || (stake > 0 && transfer->amount > 0));
      if (stake == 0)
        assert_int_equal (transfer->amount, 0);
      if (t > 0)
        {
          const CtdTransfer *before = transfer - 1;

          assert_true (before->from < transfer->from
                       || (before->from == transfer->from && before->to < transfer->to));
        }

      balance[transfer->from - 1] += transfer->points;
      balance[transfer->to - 1] -= transfer->points;
      paid[transfer->from - 1] -= transfer->amount;
      paid[transfer->to - 1] += transfer->amount;
    }

  for (guint i = 0; i < n_players; i++)
    {
      /* The payments add up to each amount exactly (SPEC 7). */
      assert_int_equal (paid[i], settlement->amounts[i]);
      /* At no stake, the points are settled. */
      if (stake == 0)
        assert_int_equal (balance[i], 0);
    }
}

/* SPEC 7 at every stake from 0.05 to 9.99, seeded random scores that
 * sum to zero, half points included. */
static void
test_settle_cents (void **state)
{
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 20261207);
  for (CtdCents stake = 5; stake <= 999; stake++)
    for (guint round = 0; round < 8; round++)
      {
        guint n_players = 3 + (guint) ctd_rng_uniform (&rng, 2);
        CtdHalves scores[CTD_MAX_PLAYERS] = { 0 };
        CtdSettlement settlement;

        for (guint i = 0; i + 1 < n_players; i++)
          {
            scores[i] = (CtdHalves) ctd_rng_uniform (&rng, 401) - 200;
            scores[n_players - 1] -= scores[i];
          }
        assert_true (ctd_money_settle (scores, n_players, stake, &settlement, NULL));
        check_settlement (&settlement, scores, n_players, stake);
      }
}

static void
test_settle_random (void **state)
{
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 20260101);
  for (guint round = 0; round < 20000; round++)
    {
      guint n_players = 2 + (guint) ctd_rng_uniform (&rng, CTD_MAX_PLAYERS - 1);
      /* Small scores make zero-sum pairs and ties common. */
      gint64 spread = round % 2 ? 4 : 200;
      CtdCents stake = (CtdCents) ctd_rng_uniform (&rng, 10001);
      CtdHalves scores[CTD_MAX_PLAYERS] = { 0 };
      CtdSettlement settlement;

      for (guint i = 0; i + 1 < n_players; i++)
        {
          scores[i] = (CtdHalves) ctd_rng_uniform (&rng, 2 * spread + 1) - spread;
          scores[n_players - 1] -= scores[i];
        }

      assert_true (ctd_money_settle (scores, n_players, stake, &settlement, NULL));
      check_settlement (&settlement, scores, n_players, stake);
    }
}

static void
test_check_fee (void **state)
{
  static const struct { CtdCents fee, stake; const char *warning; } cases[] = {
    /* Inside 20:1 to 25:1, bounds included. */
    { 20000, 1000, NULL },
    { 25000, 1000, NULL },
    { 22500, 1000, NULL },
    { 60, 3, NULL },
    { 75, 3, NULL },
    { 20001, 1000, NULL },
    /* Just outside, compared exactly. */
    { 59, 3, "The entry fee (0.59) is about 19.6 times the stake (0.03); rule 1.8 "
             "recommends 20 to 25 times: an entry fee of 0.60 to 0.75." },
    { 19999, 1000, "The entry fee (199.99) is about 19.9 times the stake (10.00); rule "
                   "1.8 recommends 20 to 25 times: an entry fee of 200.00 to 250.00, or a "
                   "stake of 8.00 to 9.99." },
    { 25001, 1000, "The entry fee (250.01) is about 25.1 times the stake (10.00); rule "
                   "1.8 recommends 20 to 25 times: an entry fee of 200.00 to 250.00, or a "
                   "stake of 10.01 to 12.50." },
    { 10000, 1000, "The entry fee (100.00) is 10 times the stake (10.00); rule 1.8 "
                   "recommends 20 to 25 times: an entry fee of 200.00 to 250.00, or a "
                   "stake of 4.00 to 5.00." },
    { 50000, 1000, "The entry fee (500.00) is 50 times the stake (10.00); rule 1.8 "
                   "recommends 20 to 25 times: an entry fee of 200.00 to 250.00, or a "
                   "stake of 20.00 to 25.00." },
    /* Only one stake in whole cents fits, or none. */
    { 101, 1000, "The entry fee (1.01) is about 0.1 times the stake (10.00); rule 1.8 "
                 "recommends 20 to 25 times: an entry fee of 200.00 to 250.00, or a stake "
                 "of 0.05." },
    { 30, 100, "The entry fee (0.30) is about 0.3 times the stake (1.00); rule 1.8 "
               "recommends 20 to 25 times: an entry fee of 20.00 to 25.00." },
    /* Nothing set. */
    { 0, 1000, "No entry fee is set: rule 1.8 recommends 20 to 25 times the stake "
               "(10.00): an entry fee of 200.00 to 250.00." },
    { 10000, 0, "No stake is set: rule 1.8 recommends an entry fee of 20 to 25 times "
                "the stake per point: for an entry fee of 100.00, a stake of 4.00 to "
                "5.00." },
    { 0, 0, "No stake is set: rule 1.8 recommends an entry fee of 20 to 25 times the "
            "stake per point." },
    { -100, 1000, "The entry fee (-1.00) and the stake (10.00) cannot be negative." },
  };

  (void) state;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *warning = ctd_money_check_fee (cases[i].fee, cases[i].stake);

      if (cases[i].warning == NULL)
        assert_null (warning);
      else
        assert_string_equal (warning, cases[i].warning);
    }
}

static void
test_to_string (void **state)
{
  static const struct { CtdCents amount; const char *text; } cases[] = {
    { 1250, "12.50" },
    { -5, "-0.05" },
    { 0, "0.00" },
    { 100, "1.00" },
    { -123456, "-1234.56" },
    { G_MAXINT64, "92233720368547758.07" },
    { G_MININT64, "-92233720368547758.08" },
  };

  (void) state;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ctd_money_to_string (cases[i].amount);

      assert_string_equal (text, cases[i].text);
    }
}

static void
test_parse (void **state)
{
  static const struct { const char *text; CtdCents amount; } accepted[] = {
    { "12", 1200 },
    { "12.5", 1250 },
    { "12.50", 1250 },
    { "12.500", 1250 },
    { "-3", -300 },
    { "+3", 300 },
    { "-0.05", -5 },
    { "0", 0 },
    { "007.10", 710 },
    { "92233720368547758.07", G_MAXINT64 },
    /* Leading zeros are the number they are; trailing zeros of whole
     * cents are nothing; neither is limited in number. */
    { "000000000000000000000000000000000000000012.50", 1250 },
    { "-0000000000000000000000000000000000000000000.05", -5 },
    { "12.50000000000000000000000000000000000000000000", 1250 },
    { "000000000000000000000092233720368547758.07", G_MAXINT64 },
  };
  static const char *refused[] = {
    "12.505", "abc", "", "-", "+", ".5", "12.", "1 2", " 12", "12 ", "12a", "1e3",
    "--3", "1,5", "12.5.0", "92233720368547758.08", "-92233720368547758.08",
    "99999999999999999999", "184467440737095516.16",
    /* Long digit strings are refused, never wrapped round to a small
     * amount (10^20 + 1 wraps to 7766279631452241921 in 64 bits, and
     * 2^64 + 1250 to 12.50). */
    "100000000000000000001", "18446744073709552866", "184467440737095528.66",
    "99999999999999999999999999999999999999999999999999999999999999999999.99",
  };

  (void) state;

  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      CtdCents amount = -1;

      assert_true (ctd_money_parse (accepted[i].text, &amount));
      assert_int_equal (amount, accepted[i].amount);
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      CtdCents amount = 4242;

      assert_false (ctd_money_parse (refused[i], &amount));
      assert_int_equal (amount, 4242);
    }
}

static void
test_round_trip (void **state)
{
  static const CtdCents edges[] = { 0, 1, -1, 99, -99, 100, 1234567, G_MAXINT64, -G_MAXINT64 };
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 5);
  for (guint i = 0; i < 1000 + G_N_ELEMENTS (edges); i++)
    {
      CtdCents amount = i < G_N_ELEMENTS (edges)
                        ? edges[i]
                        : (CtdCents) ctd_rng_uniform (&rng, 2000001) - 1000000;
      g_autofree char *text = ctd_money_to_string (amount);
      CtdCents parsed;

      assert_true (ctd_money_parse (text, &parsed));
      assert_int_equal (parsed, amount);
    }
}

/* At the largest stake, the largest scores a chouette can come to
 * settle (ctd-money.h), to the cent; and the fee check at the largest
 * stake and fee still says something sensible. */
static void
test_bounds (void **state G_GNUC_UNUSED)
{
  const CtdHalves most = CTD_CHOUETTE_HALVES_MAX;
  const CtdHalves scores[4] = { most, -most, most - 1, -(most - 1) };
  CtdSettlement settlement;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_bounds = NULL;
  g_autofree char *group = NULL;

  assert_true (ctd_money_settle (scores, 4, CTD_STAKE_MAX_CENTS, &settlement, &error));
  assert_int_equal (settlement.amounts[0], most / 2 * CTD_STAKE_MAX_CENTS);
  assert_int_equal (settlement.amounts[1], -most / 2 * CTD_STAKE_MAX_CENTS);
  /* An odd number of half points at an even stake: no rounding. */
  assert_int_equal (settlement.amounts[2], (most - 1) * (CTD_STAKE_MAX_CENTS / 2));
  assert_int_equal (settlement.n_transfers, 2);
  assert_int_equal (settlement.transfers[0].amount, most / 2 * CTD_STAKE_MAX_CENTS);

  at_bounds = ctd_money_check_fee (CTD_ENTRY_FEE_MAX_CENTS, CTD_STAKE_MAX_CENTS);
  /* At both bounds the fee is within the advice. */
  assert_null (at_bounds);

  group = ctd_money_group_digits ("-92233720368547758.07");
  assert_string_equal (group, "-92,233,720,368,547,758.07");
  g_clear_pointer (&group, g_free);
  group = ctd_money_group_digits ("100.00");
  assert_string_equal (group, "100.00");
  g_clear_pointer (&group, g_free);
  group = ctd_money_group_digits ("+1000");
  assert_string_equal (group, "+1,000");
  g_clear_pointer (&group, g_free);
  group = ctd_money_group_digits ("");
  assert_string_equal (group, "");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_amount),
    cmocka_unit_test (test_settle_table),
    cmocka_unit_test (test_settle_refusals),
    cmocka_unit_test (test_settle_random),
    cmocka_unit_test (test_settle_cents),
    cmocka_unit_test (test_check_fee),
    cmocka_unit_test (test_to_string),
    cmocka_unit_test (test_parse),
    cmocka_unit_test (test_round_trip),
    cmocka_unit_test (test_bounds),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
