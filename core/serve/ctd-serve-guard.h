/* ctd-serve-guard.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the table server checks before it answers: failed guesses
 * counted per address, and whether a Host header names this server.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* After this many failed guesses within a window, an address is refused
 * (429) for a window: 128-bit secrets are not guessed, and a phone that
 * mistypes its link is not locked out for long. */
#define CTD_SERVE_GUARD_MAX_FAILURES 10
#define CTD_SERVE_GUARD_WINDOW_US    (60 * G_USEC_PER_SEC)
/* Addresses remembered at most: a flood of addresses cannot grow it. */
#define CTD_SERVE_GUARD_MAX_ADDRESSES 1024

typedef struct _CtdServeGuard CtdServeGuard;

CtdServeGuard *ctd_serve_guard_new        (void);
void           ctd_serve_guard_free       (CtdServeGuard *self);
gboolean       ctd_serve_guard_is_blocked (CtdServeGuard *self,
                                           const char    *address,
                                           gint64         now);
void           ctd_serve_guard_fail       (CtdServeGuard *self,
                                           const char    *address,
                                           gint64         now);
guint          ctd_serve_guard_get_size   (CtdServeGuard *self);

gboolean       ctd_serve_host_is_own      (const char    *host_header,
                                           const char    *own_host,
                                           guint          own_port);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdServeGuard, ctd_serve_guard_free)

G_END_DECLS
