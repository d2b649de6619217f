/* ctd-test-build.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-build.h"

#include "ctd-event.h"
#include "ctd-result.h"

/* A crew member other than @not_this, drawn from @players[0..n). */
static guint
pick_player (CtdRng      *rng,
             const guint *players,
             guint        n,
             guint        not_this)
{
  guint candidates[CTD_MAX_PLAYERS];
  guint n_candidates = 0;

  for (guint i = 0; i < n; i++)
    if (players[i] != not_this)
      candidates[n_candidates++] = players[i];
  return n_candidates > 0 ? candidates[ctd_rng_uniform (rng, n_candidates)] : 0;
}

/* Now and then an extra (SPEC 5): from a crew member who passed the
 * Box's cube at Vq to one who took a double, ending at Vq x 2^k, k >= 1,
 * or passed by the taker at Vq or 4 Vq. */
static void
append_extra (CtdRng      *rng,
              GString     *line,
              const guint *passers,
              guint        n_passers,
              const guint *passed_at,
              const guint *takers,
              guint        n_takers)
{
  static const char *const ends[] = { "", "-", "+" };
  guint offerer;
  guint taker;
  guint end;
  guint shift;

  if (n_passers == 0 || ctd_rng_uniform (rng, 2) != 0)
    return;
  offerer = passers[ctd_rng_uniform (rng, n_passers)];
  taker = pick_player (rng, takers, n_takers, offerer);
  if (taker == 0)
    return;
  end = (guint) ctd_rng_uniform (rng, 3);
  shift = end == 1 ? 2 * (guint) ctd_rng_uniform (rng, 2) : 1 + (guint) ctd_rng_uniform (rng, 2);
  g_string_append_printf (line, " E:%u>%u:%u%s", offerer, taker,
                          passed_at[offerer - 1] << shift, ends[end]);
}

/**
 * ctd_test_random_notation:
 * @rng: the generator
 * @slot: the game (Box, Captain, starting cube)
 * @size: players in the chouette
 *
 * A varied, legal result line for the game: outcomes with gammons and
 * backgammons, cubes doubled, passed or washed, and now and then an
 * extra, a penalty (half the starting cube, to the Box or the Captain)
 * or a director's adjustment, drawn at random and kept only when the
 * rules accept them (the parser is the judge).
 *
 * Returns: (transfer full): the line, in canonical form
 */
char *
ctd_test_random_notation (CtdRng            *rng,
                          const CtdGameSlot *slot,
                          guint              size)
{
  static const char *const outcomes[] = { "T", "B", "Tg", "Bg", "Tb", "Bb", "-" };
  static const char *const ends[] = { "", "", "-", "+" };
  CtdGameContext context = { slot->game, size, slot->box, slot->captain, slot->cube_start };
  g_autofree char *penalty = ctd_halves_to_string ((CtdHalves) slot->cube_start, FALSE);

  for (guint attempt = 0; attempt < 64; attempt++)
    {
      g_autoptr(GString) line = g_string_new (outcomes[ctd_rng_uniform (rng, 7)]);
      g_autoptr(CtdResult) result = NULL;
      guint passers[CTD_MAX_PLAYERS], takers[CTD_MAX_PLAYERS], players[CTD_MAX_PLAYERS];
      guint passed_at[CTD_MAX_PLAYERS] = { 0 };
      guint n_passers = 0, n_takers = 0;

      for (guint p = 1; p <= size; p++)
        {
          guint choice = (guint) ctd_rng_uniform (rng, 6);
          guint value = slot->cube_start << (choice <= 3 ? 0 : choice - 3);
          const char *end;

          players[p - 1] = p;
          if (p == slot->box || choice < 3)
            continue;  /* played to the end at the starting cube */
          if (choice == 3 && ctd_rng_uniform (rng, 4) == 0)
            {
              g_string_append_printf (line, " %u:w", p);
              continue;
            }
          end = ends[ctd_rng_uniform (rng, 4)];
          g_string_append_printf (line, " %u:%u%s", p, value, end);
          /* SPEC 5: a taker's cube went above V0; an offerer passed. */
          if (value > slot->cube_start)
            takers[n_takers++] = p;
          if (g_str_equal (end, "-"))
            {
              passers[n_passers++] = p;
              passed_at[p - 1] = value;
            }
        }
      append_extra (rng, line, passers, n_passers, passed_at, takers, n_takers);
      if (ctd_rng_uniform (rng, 8) == 0)
        {
          guint to = ctd_rng_uniform (rng, 2) ? slot->box : slot->captain;

          g_string_append_printf (line, " F:%u>%u:%s", pick_player (rng, players, size, to), to,
                                  penalty);
        }
      if (ctd_rng_uniform (rng, 16) == 0)
        {
          guint from = 1 + (guint) ctd_rng_uniform (rng, size);

          g_string_append_printf (line, " A:%u>%u:%u.5", from,
                                  pick_player (rng, players, size, from),
                                  (guint) ctd_rng_uniform (rng, 5));
        }
      result = ctd_result_parse (&context, line->str, NULL);
      if (result != NULL)
        return ctd_result_format (result);
    }
  return g_strdup (ctd_rng_uniform (rng, 2) ? "T" : "B");
}

/**
 * ctd_test_view_game:
 * @chouette: a chouette recorded in order up to @game - 1
 * @game: the next game
 * @out_view: (out): the game, with its Captain known
 *
 * As ctd_chouette_get_game(), once the last segment's order is fixed as
 * the store fixes it when that segment's first game is entered.
 */
void
ctd_test_view_game (CtdChouette     *chouette,
                    guint            game,
                    CtdChouetteGame *out_view)
{
  guint order[CTD_MAX_PLAYERS - 1];

  if (game >= ctd_schedule_first_last_game (ctd_chouette_get_size (chouette)) &&
      ctd_chouette_get_last_segment_order (chouette) == NULL &&
      ctd_chouette_compute_last_segment_order (chouette, order, NULL))
    ctd_chouette_fix_last_segment_order (chouette, order, NULL);
  ctd_chouette_get_game (chouette, game, out_view);
}

/**
 * ctd_test_play_round:
 * @store: an event whose round @round is drawn
 * @round: the round
 * @rng: the generator of the results
 * @error: return location for a #GError
 *
 * Records all 12 games of every chouette of the round, one action each.
 *
 * Returns: whether every game was recorded
 */
gboolean
ctd_test_play_round (CtdStore  *store,
                     guint      round,
                     CtdRng    *rng,
                     GError   **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, error);

  if (chouettes == NULL)
    return FALSE;
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, seats->number,
                                                                 error);

      if (chouette == NULL)
        return FALSE;
      for (guint game = 1; game <= CTD_N_GAMES; game++)
        {
          CtdChouetteGame view;
          g_autofree char *notation = NULL;

          ctd_test_view_game (chouette, game, &view);
          notation = ctd_test_random_notation (rng, &view.slot, seats->size);
          if (!ctd_store_record_game (store, round, seats->number, game, notation, FALSE, error) ||
              !ctd_chouette_record (chouette, game, notation, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Rolls off whatever tie stands at the cut, as a director would. */
static gboolean
roll_off_ties (CtdStore  *store,
               guint      round,
               guint      top_k,
               guint      wildcards,
               guint64    seed,
               GError   **error)
{
  for (guint i = 0; i < 64; i++)
    {
      g_autoptr(GError) none = NULL;
      g_autoptr(GArray) tied = ctd_event_find_tie (store, round, top_k, wildcards, &none);
      g_autofree gint64 *order = NULL;
      guint64 roll_seed = seed + i;

      if (tied == NULL)
        {
          if (g_error_matches (none, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_TIE))
            return TRUE;
          g_propagate_error (error, g_steal_pointer (&none));
          return FALSE;
        }
      order = g_new (gint64, tied->len);
      ctd_standings_roll ((const gint64 *) tied->data, tied->len, roll_seed, order);
      if (!ctd_event_tiebreak (store, round, order, tied->len, &roll_seed, error))
        return FALSE;
    }
  g_set_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE, "ties keep coming back");
  return FALSE;
}

/**
 * ctd_test_build_event:
 * @path: the event file to create
 * @n_players: how many players (a few with hostile or accented names)
 * @seed: fixes the draws, the results and the roll-offs
 * @play_all_rounds: go on to the final, with the format the plan proposes
 * @error: return location for a #GError
 *
 * An event with every game of its qualifying round recorded, and with
 * @play_all_rounds every round after it too, through roll-offs and
 * advancement, to the final's placings.
 *
 * Returns: whether the event was built
 */
gboolean
ctd_test_build_event (const char  *path,
                      guint        n_players,
                      guint64      seed,
                      gboolean     play_all_rounds,
                      GError     **error)
{
  static const char *const names[] = { "=HYPERLINK(\"http://x\",\"y\")", "Zoë Åberg",
                                       "Łukasz Brzęczyszczykiewicz", "<b>Bold</b> & Co" };
  const CtdEventSettings settings = {
    .name = (char *) "Benchmark Open",
    .date = (char *) "2026-11-22",
    .venue = (char *) "Clubhouse",
    .stake_cents = 100,
    .entry_fee_cents = 2200,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autofree CtdNewPlayer *players = g_new0 (CtdNewPlayer, n_players);
  g_autofree char **reasons = g_new0 (char *, n_players);
  CtdRng rng;
  guint added, round;

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < n_players; i++)
    {
      char *name = i < G_N_ELEMENTS (names) ? g_strdup (names[i])
                                           : g_strdup_printf ("Player %03u", i + 1);

      g_ptr_array_add (owned, name);
      players[i] = (CtdNewPlayer) { name, i % 3 == 0 ? "Riverside" : NULL, NULL };
    }
  if (!ctd_store_import_players (store, "bench", players, n_players, TRUE, reasons, &added,
                                 error))
    return FALSE;
  for (guint i = 0; i < n_players; i++)
    g_free (reasons[i]);

  ctd_rng_init (&rng, seed);
  for (guint64 draw_seed = seed;; draw_seed++)
    {
      CtdStoreRound info;
      guint top_k, wildcards;
      g_autoptr(GArray) advancers = NULL;
      CtdAdvanceTie tie = { 0, NULL };

      if (!ctd_store_draw_round (store, draw_seed, &round, error) ||
          !ctd_test_play_round (store, round, &rng, error) ||
          !ctd_event_get_round (store, round, &info, error))
        return FALSE;
      if (!play_all_rounds)
        return TRUE;
      if (info.stage == CTD_STAGE_FINAL)
        return roll_off_ties (store, round, 0, 0, draw_seed, error);
      /* The plan covers fields up to 256; above it, the winner of each
       * chouette goes on, as a director would choose. */
      if (!ctd_event_default_advancement (store, round, &top_k, &wildcards, NULL))
        {
          top_k = 1;
          wildcards = 0;
        }
      if (!roll_off_ties (store, round, top_k, wildcards, draw_seed, error))
        return FALSE;
      advancers = ctd_event_advance (store, round, top_k, wildcards, &tie, error);
      ctd_advance_tie_clear (&tie);
      if (advancers == NULL)
        return FALSE;
    }
}
