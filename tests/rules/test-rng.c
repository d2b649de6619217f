/* test-rng.c
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

#include <math.h>

#include "ctd-rng.h"
#include "ctd-test-stats.h"

static double
chi2_statistic (const guint *counts,
                guint        n_cells,
                guint        n_trials)
{
  double expected = (double) n_trials / n_cells;
  double statistic = 0;

  for (guint i = 0; i < n_cells; i++)
    statistic += (counts[i] - expected) * (counts[i] - expected) / expected;
  return statistic;
}

/* The thresholds themselves, against values computed with mpmath. */
static void
test_chi2_threshold (void **state)
{
  (void) state;

  assert_true (fabs (ctd_test_chi2_threshold (2, 1e-6) - 27.6310211159) < 1e-6);
  assert_true (fabs (ctd_test_chi2_threshold (5, 1e-6) - 35.8881868797) < 1e-6);
  assert_true (fabs (ctd_test_chi2_threshold (9, 1e-6) - 44.8109378707) < 1e-6);
}

/*
 * Known answers, computed with an independent Python implementation of
 * the published reference algorithms (Blackman & Vigna), not with this C:
 *
 *   M = 2**64 - 1
 *   def rotl (x, k): return ((x << k) | (x >> (64 - k))) & M
 *   def init (seed):
 *     s = []
 *     for _ in range (4):
 *       seed = (seed + 0x9e3779b97f4a7c15) & M
 *       z = seed
 *       z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
 *       z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
 *       s.append (z ^ (z >> 31))
 *     return s
 *   def next (s):
 *     r = (rotl ((s[1] * 5) & M, 7) * 9) & M
 *     t = (s[1] << 17) & M
 *     s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
 *     s[3] = rotl (s[3], 45)
 *     return r
 *
 * The first splitmix64 output for seed 0, 0xe220a8397b1dcdaf, is also the
 * value published with splitmix64 itself.
 */
static void
test_known_answers (void **state)
{
  static const guint64 seed_0[] = {
    G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4), G_GUINT64_CONSTANT (0xbf6e1f784956452a),
    G_GUINT64_CONSTANT (0x1a5f849d4933e6e0), G_GUINT64_CONSTANT (0x6aa594f1262d2d2c),
    G_GUINT64_CONSTANT (0xbba5ad4a1f842e59), G_GUINT64_CONSTANT (0xffef8375d9ebcaca),
  };
  static const guint64 seed_0123456789abcdef[] = {
    G_GUINT64_CONSTANT (0xa2c2a42038d4ec3d), G_GUINT64_CONSTANT (0x05fc25d0738e7b0f),
    G_GUINT64_CONSTANT (0x625e7bff938e701e), G_GUINT64_CONSTANT (0x1ba4ddc6fe2b5726),
    G_GUINT64_CONSTANT (0xdf0a2482ac9254cf), G_GUINT64_CONSTANT (0x3939eda866ababe8),
  };
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 0);
  assert_true (rng.s[0] == G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  for (guint i = 0; i < G_N_ELEMENTS (seed_0); i++)
    assert_true (ctd_rng_next (&rng) == seed_0[i]);

  ctd_rng_init (&rng, G_GUINT64_CONSTANT (0x0123456789abcdef));
  for (guint i = 0; i < G_N_ELEMENTS (seed_0123456789abcdef); i++)
    assert_true (ctd_rng_next (&rng) == seed_0123456789abcdef[i]);
}

static void
test_uniform_below_bound (void **state)
{
  static const guint64 bounds[] = {
    1, 2, 3, 7,
    G_GUINT64_CONSTANT (0x8000000000000001),
    G_MAXUINT64,
  };
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 42);
  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    {
      guint64 largest = 0;

      for (guint i = 0; i < 10000; i++)
        {
          guint64 x = ctd_rng_uniform (&rng, bounds[b]);

          assert_true (x < bounds[b]);
          largest = MAX (largest, x);
        }
      /* The whole range is reached, not just low bits of it. */
      assert_true (largest >= bounds[b] - 1 - (bounds[b] - 1) / 100);
    }
}

/* With bound = 3 x 2^62, a plain modulo maps the top quarter of the 64-bit
 * range onto the values below 2^62 and makes them twice as likely (1/2
 * instead of 1/3). Only rejecting that quarter keeps the draw fair. */
static void
test_uniform_rejects_biased_tail (void **state)
{
  const guint64 bound = 3 * (G_GUINT64_CONSTANT (1) << 62);
  const guint n_draws = 30000;
  guint n_low = 0;
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 7);
  for (guint i = 0; i < n_draws; i++)
    if (ctd_rng_uniform (&rng, bound) < (G_GUINT64_CONSTANT (1) << 62))
      n_low++;

  /* 1/3 +- 0.03 is more than 10 standard deviations wide. */
  assert_true (fabs ((double) n_low / n_draws - 1.0 / 3) < 0.03);
}

static void
check_uniform_chi2 (guint   bound,
                    guint64 seed)
{
  const guint n_draws = 100000;
  g_autofree guint *counts = g_new0 (guint, bound);
  double statistic;
  CtdRng rng;

  ctd_rng_init (&rng, seed);
  for (guint i = 0; i < n_draws; i++)
    counts[ctd_rng_uniform (&rng, bound)]++;

  statistic = chi2_statistic (counts, bound, n_draws);
  print_message ("bound %u: chi-square %.2f, threshold %.2f\n", bound, statistic,
                 ctd_test_chi2_threshold (bound - 1, 1e-6));
  assert_true (statistic < ctd_test_chi2_threshold (bound - 1, 1e-6));
}

static void
test_uniform_chi_square (void **state)
{
  (void) state;

  check_uniform_chi2 (3, 2026);
  check_uniform_chi2 (10, 2027);
}

static void
test_shuffle_is_permutation (void **state)
{
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 1);
  for (guint n = 0; n <= 64; n++)
    {
      guint items[64];
      gboolean seen[64] = { FALSE };
      gboolean moved = FALSE;

      for (guint i = 0; i < n; i++)
        items[i] = i;
      ctd_rng_shuffle (&rng, items, n);

      for (guint i = 0; i < n; i++)
        {
          assert_true (items[i] < n);
          assert_false (seen[items[i]]);
          seen[items[i]] = TRUE;
          moved |= items[i] != i;
        }
      /* The chance that 20 or more items all stay put is below 1 / 20!. */
      if (n >= 20)
        assert_true (moved);
    }
}

static void
test_shuffle_all_permutations (void **state)
{
  const guint n_shuffles = 60000;
  guint counts[6] = { 0 };
  CtdRng rng;

  (void) state;

  ctd_rng_init (&rng, 3);
  for (guint i = 0; i < n_shuffles; i++)
    {
      guint items[3] = { 0, 1, 2 };

      ctd_rng_shuffle (&rng, items, 3);
      /* Lehmer code: the first item (3 choices), then which of the other two. */
      counts[items[0] * 2 + (items[1] > items[2])]++;
    }

  for (guint i = 0; i < 6; i++)
    assert_true (counts[i] > 0);
  assert_true (chi2_statistic (counts, 6, n_shuffles) < ctd_test_chi2_threshold (5, 1e-6));
}

static void
test_reproducible (void **state)
{
  CtdRng a;
  CtdRng b;
  CtdRng c;
  guint items_a[32];
  guint items_b[32];

  (void) state;

  ctd_rng_init (&a, 123456789);
  ctd_rng_init (&b, 123456789);
  ctd_rng_init (&c, 123456790);
  assert_true (ctd_rng_next (&a) != ctd_rng_next (&c));
  ctd_rng_next (&b);

  for (guint i = 0; i < 1000; i++)
    {
      assert_true (ctd_rng_next (&a) == ctd_rng_next (&b));
      assert_true (ctd_rng_uniform (&a, 1000 + i) == ctd_rng_uniform (&b, 1000 + i));
    }

  for (guint i = 0; i < 32; i++)
    items_a[i] = items_b[i] = i;
  ctd_rng_shuffle (&a, items_a, 32);
  ctd_rng_shuffle (&b, items_b, 32);
  assert_memory_equal (items_a, items_b, sizeof items_a);
}

/* A typed seed: every 64-bit value, nothing else, one message. */
static void
test_parse_seed (void **state)
{
  static const char *const refused[] = { "", "-1", "18446744073709551616", "12a", " 7", "7 ",
                                         "0x10", "1e3" };
  guint64 seed = 99;

  assert_true (ctd_rng_parse_seed ("0", &seed, NULL));
  assert_int_equal (seed, 0);
  assert_true (ctd_rng_parse_seed ("2026", &seed, NULL));
  assert_int_equal (seed, 2026);
  assert_true (ctd_rng_parse_seed ("18446744073709551615", &seed, NULL));
  assert_true (seed == G_MAXUINT64);
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = g_strdup_printf (
        "The seed “%s” is not a whole number from 0 to 18446744073709551615", refused[i]);

      seed = 99;
      assert_false (ctd_rng_parse_seed (refused[i], &seed, &error));
      assert_true (g_error_matches (error, CTD_RNG_ERROR, CTD_RNG_ERROR_SEED));
      assert_string_equal (error->message, expected);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_chi2_threshold),
    cmocka_unit_test (test_known_answers),
    cmocka_unit_test (test_parse_seed),
    cmocka_unit_test (test_uniform_below_bound),
    cmocka_unit_test (test_uniform_rejects_biased_tail),
    cmocka_unit_test (test_uniform_chi_square),
    cmocka_unit_test (test_shuffle_is_permutation),
    cmocka_unit_test (test_shuffle_all_permutations),
    cmocka_unit_test (test_reproducible),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
