/* ctd-rng.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-rng"

#include "config.h"

#include "ctd-rng.h"

#include <glib/gi18n-lib.h>

static guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

/* splitmix64 spreads any seed, 0 included, over the 256-bit state. */
static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/**
 * ctd_rng_init:
 * @rng: (out caller-allocates): the generator to seed; it needs no
 *   freeing
 * @seed: any 64-bit value, 0 included
 *
 * Seeds @rng, overwriting whatever state it had. The same seed gives the
 * same sequence everywhere, which is what lets a stored seed replay a
 * draw or a roll-off.
 */
void
ctd_rng_init (CtdRng  *rng,
              guint64  seed)
{
  guint64 state = seed;

  g_return_if_fail (rng != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&state);
}

/**
 * ctd_rng_next:
 * @rng: a generator seeded with ctd_rng_init()
 *
 * Advances @rng by one step. For a value in a range, use
 * ctd_rng_uniform(): reducing these bits with a modulo is biased.
 *
 * Returns: the next 64 uniformly distributed bits (xoshiro256**)
 */
guint64
ctd_rng_next (CtdRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

/**
 * ctd_rng_uniform:
 * @rng: a generator seeded with ctd_rng_init()
 * @bound: the number of possible values, at least 1
 *
 * Draws uniformly from 0 .. @bound - 1. A plain modulo would favour the
 * low values whenever @bound does not divide 2^64, so draws from the
 * incomplete last block are rejected and drawn again.
 *
 * Returns: a value below @bound
 */
guint64
ctd_rng_uniform (CtdRng  *rng,
                 guint64  bound)
{
  guint64 limit;
  guint64 x;

  g_return_val_if_fail (rng != NULL, 0);
  g_return_val_if_fail (bound > 0, 0);

  /* (2^64 - bound) % bound == 2^64 % bound: the size of the biased tail. */
  limit = G_MAXUINT64 - ((G_MAXUINT64 - bound + 1) % bound);
  do
    x = ctd_rng_next (rng);
  while (x > limit);

  return x % bound;
}

/**
 * ctd_rng_shuffle:
 * @rng: a generator seeded with ctd_rng_init()
 * @items: (array length=n_items) (inout): the values to shuffle in place;
 *   may be %NULL when @n_items is 0
 * @n_items: how many
 *
 * An unbiased Fisher-Yates shuffle: every permutation is equally likely.
 * It advances @rng, so which shuffles and draws a generator serves, and
 * in which order, is part of what a seed reproduces.
 */
void
ctd_rng_shuffle (CtdRng *rng,
                 guint  *items,
                 gsize   n_items)
{
  g_return_if_fail (rng != NULL);
  g_return_if_fail (items != NULL || n_items == 0);

  for (gsize i = n_items; i > 1; i--)
    {
      gsize j = (gsize) ctd_rng_uniform (rng, i);
      guint tmp = items[i - 1];

      items[i - 1] = items[j];
      items[j] = tmp;
    }
}

/**
 * ctd_rng_fresh_seed:
 *
 * A seed for a new draw when the director gives none. It comes from the
 * system's entropy through GLib; the draw stores it, so it can be audited
 * and replayed like any chosen seed.
 *
 * Returns: a 64-bit seed
 */
guint64
ctd_rng_fresh_seed (void)
{
  return ((guint64) g_random_int () << 32) | (guint64) g_random_int ();
}

G_DEFINE_QUARK (ctd-rng-error-quark, ctd_rng_error)

/**
 * ctd_rng_parse_seed:
 * @text: a seed as the director types it
 * @out_seed: (out): the seed
 * @error: return location for a #GError
 *
 * Reads a draw's or a roll-off's seed: a whole number from 0 to
 * 2^64 - 1 in decimal, nothing around it. The window's fields and the
 * command line's --seed read it here, with one message.
 *
 * Returns: whether @text is a seed; if not, %CTD_RNG_ERROR_SEED
 */
gboolean
ctd_rng_parse_seed (const char  *text,
                    guint64     *out_seed,
                    GError     **error)
{
  g_autofree char *largest = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_seed != NULL, FALSE);

  if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out_seed, NULL))
    return TRUE;
  /* A format macro inside a translatable string would break it. */
  largest = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);
  g_set_error (error, CTD_RNG_ERROR, CTD_RNG_ERROR_SEED,
               _("The seed “%s” is not a whole number from 0 to %s"), text, largest);
  return FALSE;
}
