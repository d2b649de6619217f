/* ctd-test-play.h: events played part of the way, for the display's tests.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-store.h"

G_BEGIN_DECLS

/* The first names of a field made by ctd_test_play_start(): data that
 * must show as typed, never as markup or a formula. */
#define CTD_TEST_PLAY_MARKUP_NAME "<b>x</b>"

CtdStore *ctd_test_play_start   (const char  *path,
                                 guint        n_players,
                                 GError     **error);
gboolean  ctd_test_play_games   (CtdStore    *store,
                                 guint        round,
                                 guint        up_to,
                                 guint64      seed,
                                 GError     **error);
gboolean  ctd_test_play_advance (CtdStore    *store,
                                 guint        round,
                                 GError     **error);

G_END_DECLS
