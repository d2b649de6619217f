/* ctd-test-stats.c: chi-square checks shared by the randomness tests.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-stats.h"

#include <math.h>

/* Upper tail of the chi-square distribution with @df degrees of freedom,
 * in closed form for whole @df (Abramowitz & Stegun 26.4.4 and 26.4.5). */
double
ctd_test_chi2_upper_tail (double x,
                          guint  df)
{
  double term;
  double sum = 0;

  if (df % 2 == 0)
    {
      term = 1;
      for (guint k = 0; k < df / 2; k++)
        {
          sum += term;
          term *= x / 2 / (k + 1);
        }
      return exp (-x / 2) * sum;
    }

  term = sqrt (x);
  for (guint r = 1; r <= (df - 1) / 2; r++)
    {
      sum += term;
      term *= x / (2 * r + 1);
    }
  return erfc (sqrt (x / 2)) + sqrt (2 / G_PI) * exp (-x / 2) * sum;
}

/* The statistic that a truly uniform source exceeds with probability @p.
 * The tests use fixed seeds, so they never flake: with p = 1e-6 a
 * correct generator would fail for about one seed in a million. */
double
ctd_test_chi2_threshold (guint  df,
                         double p)
{
  double low = 0;
  double high = 1000;

  for (guint i = 0; i < 100; i++)
    {
      double mid = (low + high) / 2;

      if (ctd_test_chi2_upper_tail (mid, df) > p)
        low = mid;
      else
        high = mid;
    }
  return high;
}
