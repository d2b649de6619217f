/* ctd-tournament-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by core/event/ctd-tournament.c and ctd-tournament-finish.c. Never included
 * outside them.
 */

#pragma once

#include "ctd-store.h"
#include "ctd-tournament.h"

G_BEGIN_DECLS

gboolean event_check_round_finished (CtdStore             *store,
                                     const CtdStoreRound  *info,
                                     GError              **error);

G_END_DECLS
