/* ctd-test-play.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-play.h"

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-sample.h"

/* Events stopped anywhere along the way (a round half played, released,
 * the next one drawn), played through the store as the command line
 * plays them, with core's sample results (ctd-sample.c). */

/**
 * ctd_test_play_start:
 * @path: the event file to create
 * @n_players: the field, checked in
 * @error: return location for a #GError
 *
 * Creates "Club Open" with @n_players players, the first ones with names
 * that are markup, a formula and accented, and draws round 1 (seed 2026).
 *
 * Returns: (transfer full) (nullable): the event, open
 */
CtdStore *
ctd_test_play_start (const char  *path,
                     guint        n_players,
                     GError     **error)
{
  static const char *const names[] = { CTD_TEST_PLAY_MARKUP_NAME,
                                        "=HYPERLINK(\"http://x\",\"y\")", "Zoë Åberg",
                                        "Łukasz Brzęczyszczykiewicz" };
  const CtdEventSettings settings = {
    .name = (char *) "Club Open",
    .date = (char *) "2026-11-23",
    .venue = (char *) "Clubhouse",
    .stake_cents = 100,
    .entry_fee_cents = 2200,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autofree CtdNewPlayer *players = g_new0 (CtdNewPlayer, n_players);
  g_autofree char **reasons = g_new0 (char *, n_players);
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  gboolean imported;
  guint added;

  if (store == NULL)
    return NULL;
  for (guint i = 0; i < n_players; i++)
    {
      char *name = i < G_N_ELEMENTS (names) ? g_strdup (names[i])
                                           : g_strdup_printf ("Player %02u", i + 1);

      g_ptr_array_add (owned, name);
      players[i] = (CtdNewPlayer) { name, NULL, NULL };
    }
  imported = ctd_store_import_players (store, "test", players, n_players, TRUE, reasons, &added,
                                       error);
  for (guint i = 0; i < n_players; i++)
    g_free (reasons[i]);
  if (!imported || !ctd_store_draw_round (store, 2026, NULL, error))
    return NULL;
  return g_steal_pointer (&store);
}

/**
 * ctd_test_play_games:
 * @store: an event whose round @round is drawn
 * @round: the round
 * @up_to: the last game to enter in each chouette (1..12)
 * @seed: fixes the results
 * @error: return location for a #GError
 *
 * Records each chouette's games not yet entered, up to game @up_to.
 *
 * Returns: whether every game was recorded
 */
gboolean
ctd_test_play_games (CtdStore  *store,
                     guint      round,
                     guint      up_to,
                     guint64    seed,
                     GError   **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, error);
  CtdRng rng;

  if (chouettes == NULL)
    return FALSE;
  ctd_rng_init (&rng, seed);
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, seats->number,
                                                                 error);

      if (chouette == NULL)
        return FALSE;
      for (guint game = ctd_chouette_get_n_recorded (chouette) + 1; game <= up_to; game++)
        {
          CtdChouetteGame view;
          g_autofree char *notation = NULL;

          ctd_sample_view_game (chouette, game, &view);
          notation = ctd_sample_random_notation (&rng, &view.slot, seats->size);
          if (!ctd_store_record_game (store, round, seats->number, game, notation, FALSE, error) ||
              !ctd_chouette_record (chouette, game, notation, error))
            return FALSE;
        }
    }
  return TRUE;
}

/**
 * ctd_test_play_advance:
 * @store: an event whose round @round is complete
 * @round: the round
 * @error: return location for a #GError
 *
 * Goes on as a director does: roll-offs at the plan's cut, then the
 * advancers chosen (which releases the round). The next round is not
 * drawn.
 *
 * Returns: whether the advancers are stored
 */
gboolean
ctd_test_play_advance (CtdStore  *store,
                       guint      round,
                       GError   **error)
{
  g_autoptr(GArray) advancers = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  guint top_k, wildcards;

  if (!ctd_tournament_default_advancement (store, round, &top_k, &wildcards, error) ||
      !ctd_sample_roll_off_ties (store, round, top_k, wildcards, 7, error))
    return FALSE;
  advancers = ctd_tournament_advance (store, round, top_k, wildcards, &tie, error);
  ctd_advance_tie_clear (&tie);
  return advancers != NULL;
}
