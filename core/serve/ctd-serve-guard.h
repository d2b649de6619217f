/* ctd-serve-guard.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the table server checks before it answers: failed guesses of a
 * link counted per address (a wrong link is answered later and later,
 * a right one at once), the writes of each link and game (a token
 * bucket), and whether a Host header names this server.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Wrong links from one address answered at once: a phone that mistypes
 * its link is not slowed. */
#define CTD_SERVE_GUARD_FREE_GUESSES  3
/* Then each wrong link's answer waits twice as long as the last, from
 * this, up to the most (below the server's request timeout, 10 s). */
#define CTD_SERVE_GUARD_FIRST_DELAY_US (250 * 1000)
#define CTD_SERVE_GUARD_MAX_DELAY_US  (8 * G_USEC_PER_SEC)
/* An address quiet this long starts again from nothing. */
#define CTD_SERVE_GUARD_WINDOW_US     (10 * 60 * G_USEC_PER_SEC)
/* Addresses remembered at most: a flood of addresses cannot grow the
 * table. */
#define CTD_SERVE_GUARD_MAX_ADDRESSES 1024
/* Write buckets remembered at most: a room's links and the games and
 * lines of each (128 tables of 12 games, sent and answered, fit). */
#define CTD_SERVE_GUARD_MAX_BUCKETS   8192

/* Writes: a table sends a game and answers it, a few lines a minute;
 * a phone that comes back after a round offline sends twelve games and
 * their answers at once (each send perhaps tapped twice), 36 writes.
 * A link may write this many at once, then one more each
 * CTD_SERVE_GUARD_LINK_REFILL_US; one item of a link (a game sent, a
 * line answered) the same with its own, smaller, bucket. */
#define CTD_SERVE_GUARD_LINK_BURST     48
#define CTD_SERVE_GUARD_LINK_REFILL_US (2 * G_USEC_PER_SEC)
#define CTD_SERVE_GUARD_GAME_BURST     8
#define CTD_SERVE_GUARD_GAME_REFILL_US (20 * G_USEC_PER_SEC)

typedef struct _CtdServeGuard CtdServeGuard;

/*
 * CtdServeGuardEntry:
 * @group: the address, or its /64 network for IPv6
 * @guesses: its wrong links in the window
 */
typedef struct
{
  char  *group;
  guint  guesses;
} CtdServeGuardEntry;

CtdServeGuard *ctd_serve_guard_new          (void);
void           ctd_serve_guard_free         (CtdServeGuard *self);
gint64         ctd_serve_guard_fail         (CtdServeGuard *self,
                                             const char    *address,
                                             gint64         now,
                                             guint         *out_guesses);
GPtrArray     *ctd_serve_guard_list_slowed  (CtdServeGuard *self,
                                             gint64         now);
gboolean       ctd_serve_guard_take_write   (CtdServeGuard *self,
                                             const char    *link,
                                             const char    *item,
                                             gint64         now,
                                             guint         *out_retry_s);
guint          ctd_serve_guard_get_size     (CtdServeGuard *self,
                                             gboolean       buckets);

char          *ctd_serve_address_group      (const char    *address);
gboolean       ctd_serve_host_is_own        (const char    *host_header,
                                             const char    *own_host,
                                             guint          own_port);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdServeGuard, ctd_serve_guard_free)

G_END_DECLS
