/* ctd-test-stats.h: chi-square checks shared by the randomness tests.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

double ctd_test_chi2_upper_tail (double x,
                                 guint  df);
double ctd_test_chi2_threshold  (guint  df,
                                 double p);

G_END_DECLS
