/* ctd-serve-visits.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which chouettes' links opened a page lately: how many tables the
 * director sees connected.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A table whose link opened no page for this long no longer counts as
 * connected: a phone reloads its page far more often during play. */
#define CTD_SERVE_VISITS_WINDOW_US (5 * 60 * G_USEC_PER_SEC)

typedef struct _CtdServeVisits CtdServeVisits;

CtdServeVisits *ctd_serve_visits_new   (void);
void            ctd_serve_visits_free  (CtdServeVisits *self);
void            ctd_serve_visits_seen  (CtdServeVisits *self,
                                        guint           round,
                                        guint           chouette,
                                        gint64          now);
guint           ctd_serve_visits_count (CtdServeVisits *self,
                                        gint64          now);
void            ctd_serve_visits_clear (CtdServeVisits *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdServeVisits, ctd_serve_visits_free)

G_END_DECLS
