/* ctd-chouette-sheet.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chouette as its scoring sheet shows it: copies for previews, the
 * sheet's games and order, and what is pending or what decided the
 * last segment's order.
 */

#define G_LOG_DOMAIN "ctd-chouette"

#include "config.h"

#include "ctd-chouette-private.h"

#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/* ---- the sheet's view ---------------------------------------------------- */

/**
 * ctd_chouette_copy:
 * @self: a chouette
 *
 * An independent copy, results, fixed order and names included: what a window
 * records a line into to show what it would do (ctd_chouette_record()
 * on the copy), without touching the chouette it came from.
 *
 * Returns: (transfer full): the copy, to free with ctd_chouette_free()
 */
CtdChouette *
ctd_chouette_copy (const CtdChouette *self)
{
  CtdChouette *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof (CtdChouette));
  for (guint i = 0; i < CTD_N_GAMES; i++)
    if (self->results[i] != NULL)
      copy->results[i] = ctd_result_copy (self->results[i]);
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    copy->names[p] = g_strdup (self->names[p]);
  return copy;
}

/**
 * ctd_chouette_get_sheet_last_order:
 * @self: a chouette
 * @out_order: (out caller-allocates) (array): room for size - 1 player
 *   numbers; untouched when the order is not known
 *
 * The last segment's order as a filled sheet prints it (rules 1.6, 3.8):
 * the fixed one, else the one the scores after game 9 (8) give once
 * every game before the last segment is entered. Unlike
 * ctd_chouette_compute_last_segment_order() it never ignores a fixed
 * order, and unlike ctd_chouette_get_last_segment_order() it does not
 * wait for the first last-segment result to fix it.
 *
 * Returns: whether the order is known
 */
gboolean
ctd_chouette_get_sheet_last_order (const CtdChouette *self,
                                   guint             *out_order)
{
  g_return_val_if_fail (self != NULL && out_order != NULL, FALSE);

  if (self->order_fixed)
    {
      for (guint i = 0; i < self->size - 1; i++)
        out_order[i] = self->order[i];
      return TRUE;
    }
  return ctd_chouette_compute_last_segment_order (self, out_order, NULL);
}

/**
 * ctd_chouette_get_sheet_game:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 * @out_game: (out caller-allocates): the game's row as a filled sheet
 *   and the chouette's page show it
 *
 * ctd_chouette_get_game(), with the last segment's Captain, playing
 * order and (once every earlier game is in) decision order taken from
 * ctd_chouette_get_sheet_last_order() while no order is fixed: the
 * players can be told who captains game 10 as soon as game 9 is entered,
 * before the first last-segment result fixes the order. The printed
 * sheet and the window both call this, so they show the same row.
 */
void
ctd_chouette_get_sheet_game (const CtdChouette *self,
                             guint              game,
                             CtdChouetteGame   *out_game)
{
  guint order[CTD_MAX_PLAYERS - 1];
  CtdHalves before[CTD_MAX_PLAYERS];

  g_return_if_fail (self != NULL);
  g_return_if_fail (chouette_valid_game (game));
  g_return_if_fail (out_game != NULL);

  ctd_chouette_get_game (self, game, out_game);
  if (out_game->slot.captain != 0 || !ctd_chouette_get_sheet_last_order (self, order))
    return;
  ctd_schedule_slot (self->size, game, order, &out_game->slot);
  out_game->decision_known = chouette_sum_games (self, game - 1, before);
  if (out_game->decision_known)
    ctd_schedule_decision_order (&out_game->slot, before, out_game->decision_order);
}

/**
 * ctd_chouette_describe_pending:
 * @self: a chouette
 * @game: 1..CTD_N_GAMES
 *
 * Why the sheet's row of @game (ctd_chouette_get_sheet_game()) cannot
 * show its cube-decision order yet, in words a director reads beside
 * the row: rule 3.8's order needs every earlier game, and a last-segment
 * game also waits for the last-segment order (rule 1.6).
 *
 * Returns: (transfer full) (nullable): "after games 4 and 7 are
 *   entered", "after game 4 is entered (the last-segment order needs
 *   games 1-9)", or %NULL when the decision order is known
 */
char *
ctd_chouette_describe_pending (const CtdChouette *self,
                               guint              game)
{
  CtdChouetteGame view;
  g_autofree char *missing = NULL;
  guint n_missing;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (chouette_valid_game (game), NULL);

  ctd_chouette_get_sheet_game (self, game, &view);
  if (view.decision_known || game == 1)
    return NULL;
  missing = ctd_chouette_describe_missing (self, 1, game - 1);
  if (missing == NULL)
    return NULL;
  n_missing = ctd_chouette_count_missing (self, 1, game - 1);
  if (view.slot.captain == 0)
    /* Translators: when a game's cube-decision order will be known; %s
     * is e.g. "game 4" or "games 4 and 7"; the last segment is the
     * chouette's last games, played in an order the scores decide. */
    return g_strdup_printf (ngettext ("after %s is entered (the last-segment order needs games "
                                      "1-%u)",
                                      "after %s are entered (the last-segment order needs games "
                                      "1-%u)", n_missing),
                            missing, ctd_schedule_first_last_game (self->size) - 1);
  /* Translators: when a game's cube-decision order will be known; %s
   * is e.g. "game 4" or "games 4 and 7". */
  return g_strdup_printf (ngettext ("after %s is entered", "after %s are entered", n_missing),
                          missing);
}

/* "3 1 2" */
static char *
order_to_string (const guint *order,
                 guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", order[i]);
  return g_string_free (text, FALSE);
}

/* Rule 1.6's basis in words: "highest first; players 2 and 3 are tied
 * at +1.5, so the lower number goes first". Equal scores sit next to
 * each other in @order, which ctd_schedule_last_segment_order() sorted
 * by number among equals. */
static char *
describe_basis (const CtdChouette *self,
                const guint       *order)
{
  guint before = ctd_schedule_first_last_game (self->size) - 1;
  guint n_crew = self->size - 1;
  CtdHalves totals[CTD_MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  chouette_sum_games (self, before, totals);
  /* Translators: the last segment's order: the highest (lowest) score
   * plays first. */
  g_string_append (text, ctd_chouette_get_direction (self) == CTD_LAST_SEGMENT_HIGHEST_FIRST
                         ? _("highest first") : _("lowest first"));
  for (guint i = 0; i < n_crew;)
    {
      guint j = i + 1;
      g_autofree char *score = NULL;
      g_autofree char *players = NULL;
      g_autoptr(GPtrArray) numbers = NULL;

      while (j < n_crew && totals[order[j] - 1] == totals[order[i] - 1])
        j++;
      if (j - i < 2)
        {
          i = j;
          continue;
        }
      score = ctd_halves_to_string (totals[order[i] - 1], TRUE);
      numbers = g_ptr_array_new_with_free_func (g_free);
      for (guint k = i; k < j; k++)
        g_ptr_array_add (numbers, g_strdup_printf ("%u", order[k]));
      players = ctd_text_join_and (numbers);
      /* Translators: continues "highest first"; the first %s lists the
       * tied players' numbers ("2 and 3"), the second their score. */
      g_string_append_printf (text, _("; players %s are tied at %s, so the lower number goes "
                                      "first"), players, score);
      i = j;
    }
  return g_string_free (text, FALSE);
}

/**
 * ctd_chouette_describe_last_segment_order:
 * @self: a chouette
 *
 * Where the last-segment order comes from (rule 1.6, SPEC 3), for the
 * director: the scores it was taken from, the direction and how equal
 * scores were ordered; whether it is fixed, and a fixed order that the
 * scores no longer give (a correction of an earlier game, or an order
 * the director set by hand) or cannot confirm (an earlier game
 * missing).
 *
 * Returns: (transfer full): e.g. "By the scores after game 9, highest
 *   first; players 2 and 3 are tied at +1.5, so the lower number goes
 *   first; fixed", or "Fixed; the scores after game 9 give 2 1 3
 *   instead"
 */
char *
ctd_chouette_describe_last_segment_order (const CtdChouette *self)
{
  guint computed[CTD_MAX_PLAYERS - 1];
  guint first, before;
  g_autofree char *basis = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *order_text = NULL;
  gboolean known;

  g_return_val_if_fail (self != NULL, NULL);

  first = ctd_schedule_first_last_game (self->size);
  before = first - 1;
  known = ctd_chouette_compute_last_segment_order (self, computed, NULL);
  if (!known)
    {
      guint n_missing = ctd_chouette_count_missing (self, 1, before);

      missing = ctd_chouette_describe_missing (self, 1, before);
      if (self->order_fixed)
        /* Translators: the last-segment order; %s is e.g. "game 4" or
         * "games 4 and 7". */
        return g_strdup_printf (ngettext ("Fixed; the scores after game %u cannot confirm it "
                                          "until %s is entered",
                                          "Fixed; the scores after game %u cannot confirm it "
                                          "until %s are entered", n_missing), before, missing);
      if (self->direction == CTD_LAST_SEGMENT_HIGHEST_FIRST)
        /* Translators: the last-segment order; %s is e.g. "game 4" or
         * "games 4 and 7". */
        return g_strdup_printf (ngettext ("Given by the scores after game %u, highest first, "
                                          "once %s is entered",
                                          "Given by the scores after game %u, highest first, "
                                          "once %s are entered", n_missing), before, missing);
      /* Translators: the last-segment order; %s is e.g. "game 4" or
       * "games 4 and 7". */
      return g_strdup_printf (ngettext ("Given by the scores after game %u, lowest first, "
                                        "once %s is entered",
                                        "Given by the scores after game %u, lowest first, "
                                        "once %s are entered", n_missing), before, missing);
    }

  basis = describe_basis (self, computed);
  if (!self->order_fixed)
    /* Translators: %s is how the order follows from the scores, e.g.
     * "highest first; players 2 and 3 are tied at +1.5, so the lower
     * number goes first". */
    return g_strdup_printf (_("By the scores after game %u, %s; fixed once a game of %u-%u is "
                              "entered"), before, basis, first, CTD_N_GAMES);
  if (chouette_same_order (self->size - 1, self->order, computed))
    /* Translators: %s is how the order follows from the scores, e.g.
     * "highest first". */
    return g_strdup_printf (_("By the scores after game %u, %s; fixed"), before, basis);
  order_text = order_to_string (computed, self->size - 1);
  /* Translators: the first %s is an order of players' numbers ("2 1
   * 3"), the second how it follows from the scores ("highest first"). */
  return g_strdup_printf (_("Fixed; the scores after game %u give %s instead (%s)"), before,
                          order_text, basis);
}
