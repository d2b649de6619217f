/* ctd-test-result.h: contexts, parsed lines and random legal results
 * for the test programs of results.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-result.h"
#include "ctd-rng.h"

G_BEGIN_DECLS

/* Points as the SPEC tables write them (7.5), in half points. */
#define H(points) ((CtdHalves) ((points) * 2))

CtdGameContext ctd_test_make_context        (guint                 game,
                                             guint                 size,
                                             guint                 box,
                                             guint                 captain,
                                             guint                 cube_start);
CtdResult     *ctd_test_parse_or_fail       (const CtdGameContext *context,
                                             const char           *line);
CtdHalves      ctd_test_sum_deltas          (const CtdResult      *result,
                                             const CtdHalves      *deltas);
guint          ctd_test_pick                (CtdRng               *rng,
                                             guint                 n);
guint          ctd_test_pick_other          (CtdRng               *rng,
                                             guint                 size,
                                             guint                 not_this,
                                             guint                 nor_this);
void           ctd_test_random_legal_result (CtdRng               *rng,
                                             CtdResult            *r);

G_END_DECLS
