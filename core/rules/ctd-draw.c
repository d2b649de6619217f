/* ctd-draw.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-draw"

#include "config.h"

#include "ctd-draw.h"

#include "ctd-rng.h"

#include <glib/gi18n-lib.h>

/**
 * ctd_draw_error_quark:
 *
 * The error domain %CTD_DRAW_ERROR, whose codes are #CtdDrawError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-draw-error-quark, ctd_draw_error)

/**
 * ctd_draw_sizes:
 * @n_players: how many players are to be drawn
 * @out_n_fours: (out) (optional): how many 4-player chouettes
 * @out_n_threes: (out) (optional): how many 3-player chouettes
 * @error: a #GError, or %NULL
 *
 * Splits a field into chouettes (rule 1.2, SPEC section 2): as many
 * 4-player chouettes as possible, filled with at most three 3-player ones.
 * Every field of 3 players or more can be split that way except 5, so
 * 0, 1, 2 and 5 are refused with the number of players to add or withdraw,
 * which is what the director has to decide at the check-in desk.
 *
 * Returns: %TRUE on success, %FALSE with @error set for 0, 1, 2 or 5;
 *   on refusal the out arguments are left untouched
 */
gboolean
ctd_draw_sizes (guint    n_players,
                guint   *out_n_fours,
                guint   *out_n_threes,
                GError **error)
{
  /* Three 3-player chouettes make 9 = 1 mod 4; 6 = 2 mod 4; 3 = 3 mod 4. */
  static const guint threes_for_remainder[4] = { 0, 3, 2, 1 };
  guint n_threes;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (n_players)
    {
    case 0:
      g_set_error_literal (error, CTD_DRAW_ERROR, CTD_DRAW_ERROR_FIELD_SIZE,
                           _("No players to draw: check in at least 3 players "
                             "(3 = one chouette of 3, 4 = one chouette of 4)"));
      return FALSE;
    case 1:
      g_set_error_literal (error, CTD_DRAW_ERROR, CTD_DRAW_ERROR_FIELD_SIZE,
                           _("1 player cannot make a chouette, which needs 3 or 4 players: "
                             "add 2 players (3 = one chouette of 3) "
                             "or 3 (4 = one chouette of 4)"));
      return FALSE;
    case 2:
      g_set_error_literal (error, CTD_DRAW_ERROR, CTD_DRAW_ERROR_FIELD_SIZE,
                           _("2 players cannot make a chouette, which needs 3 or 4 players: "
                             "add 1 player (3 = one chouette of 3) "
                             "or 2 (4 = one chouette of 4)"));
      return FALSE;
    case 5:
      g_set_error_literal (error, CTD_DRAW_ERROR, CTD_DRAW_ERROR_FIELD_SIZE,
                           _("5 players cannot be split into chouettes of 3 and 4: "
                             "add 1 player (6 = two chouettes of 3) "
                             "or withdraw 1 (4 = one chouette of 4)"));
      return FALSE;
    default:
      break;
    }

  n_threes = threes_for_remainder[n_players % 4];
  if (out_n_fours != NULL)
    *out_n_fours = (n_players - 3 * n_threes) / 4;
  if (out_n_threes != NULL)
    *out_n_threes = n_threes;
  return TRUE;
}

/**
 * ctd_draw_new:
 * @n_players: how many players are drawn
 * @seed: the seed stored with the round and printed on the sheets
 * @error: a #GError, or %NULL
 *
 * Draws the chouettes of a round. The caller numbers its players
 * 0 .. @n_players - 1 in a canonical order (for example by registration
 * id), so that the same seed and the same player list always reproduce
 * the same draw and a draw can be audited after the event.
 *
 * The algorithm is part of that promise and must not change: one
 * generator seeded with @seed first shuffles the whole field, which is
 * cut into consecutive chunks, the 4-player tables first, then the
 * 3-player ones; then, table by table, it shuffles each table's members
 * to give them player numbers 1 .. size (rule 1.6's second draw).
 *
 * Returns: (transfer full) (nullable): the draw, to free with
 *   ctd_draw_free(), or %NULL with @error set when the field cannot be
 *   split (see ctd_draw_sizes())
 */
CtdDraw *
ctd_draw_new (guint     n_players,
              guint64   seed,
              GError  **error)
{
  g_autoptr(CtdDraw) draw = NULL;
  g_autofree guint *order = NULL;
  guint n_fours;
  guint n_threes;
  guint next = 0;
  CtdRng rng;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ctd_draw_sizes (n_players, &n_fours, &n_threes, error))
    return NULL;

  order = g_new (guint, n_players);
  for (guint i = 0; i < n_players; i++)
    order[i] = i;

  ctd_rng_init (&rng, seed);
  ctd_rng_shuffle (&rng, order, n_players);

  draw = g_new0 (CtdDraw, 1);
  draw->seed = seed;
  draw->n_players = n_players;
  draw->n_tables = n_fours + n_threes;
  draw->tables = g_new0 (CtdDrawTable, draw->n_tables);

  for (guint t = 0; t < draw->n_tables; t++)
    {
      CtdDrawTable *table = &draw->tables[t];

      table->table = t + 1;
      table->size = t < n_fours ? 4 : 3;
      for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
        table->players[k] = k < table->size ? order[next + k] : G_MAXUINT;
      next += table->size;

      /* The first shuffle alone would already give uniform player numbers;
       * this second one is the rules' separate draw, kept so that the
       * procedure reads as the rules do. */
      ctd_rng_shuffle (&rng, table->players, table->size);
    }
  g_assert (next == n_players);

  return g_steal_pointer (&draw);
}

/**
 * ctd_draw_free:
 * @draw: (nullable) (transfer full): a draw from ctd_draw_new()
 *
 * Frees @draw and its tables; %NULL is ignored.
 */
void
ctd_draw_free (CtdDraw *draw)
{
  if (draw == NULL)
    return;

  g_free (draw->tables);
  g_free (draw);
}
