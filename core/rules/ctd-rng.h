/* ctd-rng.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CTD_RNG_ERROR (ctd_rng_error_quark ())

typedef enum
{
  CTD_RNG_ERROR_SEED,  /* a typed seed that is not a 64-bit whole number */
} CtdRngError;

/*
 * CtdRng:
 *
 * A small seeded pseudo-random generator (xoshiro256**, seeded through
 * splitmix64). Draws must be auditable: the same 64-bit seed always gives
 * the same sequence on every machine, which rand() and GRand do not
 * promise across versions.
 */
typedef struct
{
  guint64 s[4];
} CtdRng;

void     ctd_rng_init       (CtdRng  *rng,
                             guint64  seed);
guint64  ctd_rng_next       (CtdRng  *rng);
guint64  ctd_rng_uniform    (CtdRng  *rng,
                             guint64  bound);
void     ctd_rng_shuffle    (CtdRng  *rng,
                             guint   *items,
                             gsize    n_items);
guint64  ctd_rng_fresh_seed (void);
GQuark   ctd_rng_error_quark (void);
gboolean ctd_rng_parse_seed (const char  *text,
                             guint64     *out_seed,
                             GError     **error);

G_END_DECLS
