/* ctd-test-event.h: events registered, drawn and played through the
 * store, and what their rounds and standings say, for the test programs
 * of whole events.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-tournament.h"
#include "ctd-test-files.h"

G_BEGIN_DECLS

CtdStore               *ctd_test_new_event    (const CtdTestFolder     *fixture,
                                               CtdLastSegmentDirection  direction);
void                    ctd_test_draw_event   (CtdStore                *store,
                                               guint                    n,
                                               guint64                  seed);
void                    ctd_test_record_games (CtdStore                *store,
                                               guint                    round,
                                               guint                    chouette,
                                               const char * const      *sheet,
                                               guint                    first,
                                               guint                    last);
GPtrArray              *ctd_test_list_seats   (CtdStore                *store,
                                               guint                    round);
const CtdStoreChouette *ctd_test_seat         (GPtrArray               *seats,
                                               guint                    chouette);
CtdStoreRound           ctd_test_get_round    (CtdStore                *store,
                                               guint                    round);
guint                   ctd_test_n_rolloffs   (CtdStore                *store,
                                               guint                    round);
guint                   ctd_test_n_advancers  (CtdStore                *store,
                                               guint                    round);
gboolean                ctd_test_same_ids     (const GArray            *ids,
                                               const gint64            *expected,
                                               guint                    n_expected);
const CtdStandingsRow  *ctd_test_find_row     (const CtdStandings      *standings,
                                               gint64                   player_id);
void                    ctd_test_assert_place (const CtdStandings      *standings,
                                               gint64                   player_id,
                                               CtdHalves                score,
                                               guint                    rank,
                                               gboolean                 tied);

/* Fails unless @error is @domain's @code and its message holds @text
 * (when not %NULL), naming the test's line. */
#define assert_error(error, domain, code, text) \
  ctd_test_assert_error_impl ((error), (domain), (code), (text), __FILE__, __LINE__)

void ctd_test_assert_error_impl (const GError *error,
                                 GQuark        domain,
                                 int           code,
                                 const char   *text,
                                 const char   *file,
                                 int           line);

G_END_DECLS
