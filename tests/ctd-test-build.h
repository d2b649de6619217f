/* ctd-test-build.h: whole events for tests and benchmarks.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-chouette.h"
#include "ctd-rng.h"
#include "ctd-schedule.h"
#include "ctd-store.h"

G_BEGIN_DECLS

char     *ctd_test_random_notation (CtdRng            *rng,
                                    const CtdGameSlot *slot,
                                    guint              size);
void      ctd_test_view_game       (CtdChouette       *chouette,
                                    guint              game,
                                    CtdChouetteGame   *out_view);
gboolean  ctd_test_play_round      (CtdStore          *store,
                                    guint              round,
                                    CtdRng            *rng,
                                    GError           **error);
gboolean  ctd_test_build_event     (const char        *path,
                                    guint              n_players,
                                    guint64            seed,
                                    gboolean           play_all_rounds,
                                    GError           **error);

G_END_DECLS
