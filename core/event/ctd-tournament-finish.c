/* ctd-tournament-finish.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The end of a round and of the event: ties and roll-offs, the final
 * placings, whether a round or the event is finished, closing it,
 * settling, and the cut a round is judged by.
 */

#define G_LOG_DOMAIN "ctd-event"

#include "config.h"

#include "ctd-tournament-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-text.h"

/* The first tie of the final's placings: every player level with the
 * best-placed player whose place no roll-off has settled. */
static GArray *
first_placing_tie (const CtdStandings *standings)
{
  gsize n = ctd_standings_get_n_rows (standings);

  for (gsize i = 0; i < n; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
      GArray *ids;

      if (!row->tied)
        continue;
      ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (gsize j = 0; j < n; j++)
        {
          const CtdStandingsRow *other = ctd_standings_get_row (standings, j);

          if (ctd_standings_compare (standings, row->player_id, other->player_id) == 0)
            g_array_append_val (ids, other->player_id);
        }
      return ids;
    }
  return NULL;
}

/**
 * ctd_tournament_find_tie:
 * @store: an event
 * @round: a complete round
 * @standings: (nullable): the round's standings (ctd_tournament_round_standings(),
 *   the director's view) when the caller has them, else %NULL
 * @top_k: the cut per chouette (ignored for the final)
 * @wildcards: the wildcards (ignored for the final)
 * @error: return location for a #GError
 *
 * The players a roll-off must order before the round can go on: those
 * tied across an advancement cut (the first such cut, as
 * ctd_advance_select() finds it), or, in the final, those tied for the
 * best place still tied. Nothing is stored.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): their ids,
 *   to free with g_array_unref(), or %NULL with @error set
 *   (%CTD_TOURNAMENT_ERROR_NO_TIE when nothing is tied,
 *   %CTD_TOURNAMENT_ERROR_INCOMPLETE before the round is complete)
 */
GArray *
ctd_tournament_find_tie (CtdStore            *store,
                    guint                round,
                    const CtdStandings  *standings,
                    guint                top_k,
                    guint                wildcards,
                    GError             **error)
{
  g_autoptr(CtdStandings) computed = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GError) local_error = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdStoreRound info;
  GArray *ids;

  g_return_val_if_fail (store != NULL, NULL);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return NULL;
  if (info.state < CTD_ROUND_COMPLETE)
    {
      g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                   _("Round %u is %s: roll-offs wait until every game is entered"),
                   round, ctd_round_state_to_title (info.state));
      return NULL;
    }
  if (standings == NULL &&
      (standings = computed = ctd_tournament_round_standings (store, round, FALSE, error)) == NULL)
    return NULL;

  if (info.stage == CTD_STAGE_FINAL)
    {
      ids = first_placing_tie (standings);
      if (ids == NULL)
        g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE,
                     _("No placing of the final (round %u) is tied"), round);
      return ids;
    }

  advancers = ctd_advance_select (standings, top_k, wildcards, &tie, &local_error);
  if (advancers != NULL)
    {
      g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE,
                   /* Translators: the cut is where the top K of each
                    * chouette and the wildcards (players advancing from
                    * outside the top K) end. */
                   ngettext ("Nothing is tied at the cut of round %u (top %u of each chouette, "
                             "%u wildcard)",
                             "Nothing is tied at the cut of round %u (top %u of each chouette, "
                             "%u wildcards)", wildcards), round, top_k, wildcards);
      return NULL;
    }
  if (!g_error_matches (local_error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  ids = g_steal_pointer (&tie.player_ids);
  ctd_advance_tie_clear (&tie);
  return ids;
}

/**
 * ctd_tournament_tiebreak:
 * @store: an event
 * @round: a complete round
 * @order: (array length=n_players): tied players, roll-off winner first
 * @n_players: how many
 * @seed: (nullable): the seed when the software rolled, %NULL when the
 *   players rolled at the table
 * @error: return location for a #GError
 *
 * Records a roll-off after checking it against the standings: the
 * players must be tied, and no earlier roll-off may have ordered them.
 * The store also refuses a round that is not complete, or closed by the
 * next round's draw. It is one action of the event file, undone like any
 * other.
 *
 * Returns: whether the roll-off was stored; on refusal nothing changed
 */
gboolean
ctd_tournament_tiebreak (CtdStore       *store,
                    guint           round,
                    const gint64   *order,
                    gsize           n_players,
                    const guint64  *seed,
                    GError        **error)
{
  g_autoptr(CtdStandings) standings = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (order != NULL || n_players == 0, FALSE);

  standings = ctd_tournament_round_standings (store, round, FALSE, error);
  if (standings == NULL || !ctd_standings_add_rolloff (standings, order, n_players, error))
    return FALSE;
  return ctd_store_add_rolloff (store, round, order, n_players, seed, error);
}

/**
 * ctd_tournament_final_placings:
 * @store: an event
 * @out_round: (out) (optional): the final's round number
 * @error: return location for a #GError
 *
 * Rule 1.9: the final's scores give 1st to 4th; ties stay flagged until
 * a roll-off orders them. The final need not be complete: the placings
 * follow the games entered so far, so callers check the round's state
 * before announcing them.
 *
 * Returns: (transfer full) (nullable): the final's standings, to free
 *   with ctd_standings_free(), or %NULL with @error set
 *   (%CTD_TOURNAMENT_ERROR_NO_FINAL while the newest round is not the final)
 */
CtdStandings *
ctd_tournament_final_placings (CtdStore  *store,
                          guint     *out_round,
                          GError   **error)
{
  CtdStoreRound last;

  g_return_val_if_fail (store != NULL, NULL);

  if (!ctd_tournament_get_last_round (store, &last, error))
    return NULL;
  if (last.stage != CTD_STAGE_FINAL)
    {
      if (last.stage == CTD_STAGE_QUALIFYING)
        g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_FINAL,
                     _("There is no final yet: the newest round, %u, is a qualifying round"),
                     last.number);
      else
        g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_FINAL,
                     _("There is no final yet: the newest round, %u, is a semi-final round"),
                     last.number);
      return NULL;
    }
  if (out_round != NULL)
    *out_round = last.number;
  return ctd_tournament_round_standings (store, last.number, FALSE, error);
}

/* "2.1: game 12 to enter; 2.1: ..." for a round that is not complete. */
static char *
describe_hold_ups (CtdStore  *store,
                   guint      round,
                   GError   **error)
{
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (store, round, error);
  g_autoptr(GString) text = g_string_new (NULL);

  if (hold_ups == NULL)
    return NULL;
  for (guint i = 0; i < hold_ups->len; i++)
    {
      g_autofree char *line = ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, i));

      ctd_text_append_note (text, line);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * ctd_tournament_check_finished:
 * @store: an event
 * @error: return location for a #GError
 *
 * Whether the event is over: its final complete (every game entered,
 * every typed paper total agreeing) and its placings decided (no tie
 * left without a roll-off, ctd_tournament_final_placings()). What the event
 * must be for the director to close it (ctd_store_close_event()).
 *
 * Returns: whether the event is finished; if not, @error
 *   (%CTD_TOURNAMENT_ERROR_NO_FINAL, %CTD_TOURNAMENT_ERROR_INCOMPLETE, or the
 *   store's %CTD_STORE_ERROR_NOT_FOUND before any draw) says what is
 *   missing, starting "The event is not finished: "
 */
gboolean
ctd_tournament_check_finished (CtdStore  *store,
                          GError   **error)
{
  g_autoptr(CtdStandings) placings = NULL;
  g_autofree char *missing = NULL;
  g_autoptr(GPtrArray) tied = NULL;
  g_autofree char *names = NULL;
  CtdStoreRound info;
  guint round = 0;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  placings = ctd_tournament_final_placings (store, &round, error);
  if (placings == NULL || !ctd_tournament_get_round (store, round, &info, error))
    {
      g_prefix_error (error, _("The event is not finished: "));
      return FALSE;
    }
  if (info.state < CTD_ROUND_COMPLETE)
    {
      missing = describe_hold_ups (store, round, error);
      if (missing != NULL)
        g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                     _("The event is not finished: the final (round %u) is not complete: %s"),
                     round, missing);
      return FALSE;
    }
  tied = g_ptr_array_new ();
  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (placings, i);

      if (row->tied)
        g_ptr_array_add (tied, row->name);
    }
  if (tied->len == 0)
    return TRUE;
  names = ctd_text_join_and (tied);
  g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
               /* Translators: the last %s lists players' names. */
               _("The event is not finished: places in the final (round %u) are tied between "
                 "%s; record their roll-off first"), round, names);
  return FALSE;
}

/* The closing's hook: the event must be finished. */
static gboolean
check_finished_hook (CtdStore  *store,
                     gpointer   user_data,
                     GError   **error)
{
  return ctd_tournament_check_finished (store, error);
}

/**
 * ctd_store_close_event:
 * @self: a store
 * @error: return location for a #GError
 *
 * Closes the event (ctd_store_close_event_full()) once it is finished
 * (ctd_tournament_check_finished()): otherwise it is refused, changing
 * nothing. It lives here, above the store, because whether an event is
 * over is a rule of the records, not of the file.
 *
 * Returns: whether the event was closed
 */
gboolean
ctd_store_close_event (CtdStore  *self,
                       GError   **error)
{
  return ctd_store_close_event_full (self, check_finished_hook, NULL, error);
}

/**
 * ctd_tournament_settle:
 * @store: an event
 * @round: the chouette's round
 * @chouette: the chouette's number
 * @out_settlement: (out caller-allocates): who pays whom; untouched on
 *   refusal
 * @error: return location for a #GError
 *
 * Rule 1.8: a chouette settles at its end, at the event's stake, so a
 * chouette with a game missing is refused (%CTD_TOURNAMENT_ERROR_INCOMPLETE).
 * The paper cross-check is not required. Nothing is stored: the
 * settlement is derived again whenever it is asked for.
 *
 * Returns: whether the chouette could be settled
 */
gboolean
ctd_tournament_settle (CtdStore       *store,
                  guint           round,
                  guint           chouette,
                  CtdSettlement  *out_settlement,
                  GError        **error)
{
  g_autoptr(CtdChouette) loaded = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  CtdHalves totals[CTD_MAX_PLAYERS];
  guint n;

  g_return_val_if_fail (store != NULL && out_settlement != NULL, FALSE);

  loaded = ctd_store_load_chouette (store, round, chouette, error);
  if (loaded == NULL || !ctd_store_get_settings (store, &settings, error))
    return FALSE;
  n = ctd_chouette_get_n_recorded (loaded);
  if (n < CTD_N_GAMES)
    {
      g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                   _("Chouette %u.%u has %u of %u games entered: it settles at its end "
                     "(rule 1.8)"), round, chouette, n, CTD_N_GAMES);
      return FALSE;
    }
  ctd_chouette_get_totals (loaded, totals);
  return ctd_money_settle (totals, ctd_chouette_get_size (loaded), settings.stake_cents,
                           out_settlement, error);
}

/* ---- the standings desk: the cut a round is judged by ------------------ */

/**
 * ctd_tournament_get_cut:
 * @store: an event
 * @round: a qualifying or semi-final round
 * @out_top_k: (out): how many advance from each chouette
 * @out_wildcards: (out): how many more by best remaining score
 * @error: return location for a #GError
 *
 * The advancement cut a round's ties are judged by (SPEC 6): the
 * director's stored choice once made, else the proposed plan's
 * (ctd_tournament_default_advancement()). The standings mark their ties
 * against it, and the Standings page offers its roll-off.
 *
 * Returns: whether the round has a cut; %FALSE with @error set for the
 *   final or a field the plan does not cover
 */
gboolean
ctd_tournament_get_cut (CtdStore  *store,
                   guint      round,
                   guint     *out_top_k,
                   guint     *out_wildcards,
                   GError   **error)
{
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (out_top_k != NULL && out_wildcards != NULL, FALSE);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return FALSE;
  if (info.stage != CTD_STAGE_FINAL && info.top_k > 0 && info.wildcards >= 0)
    {
      *out_top_k = (guint) info.top_k;
      *out_wildcards = (guint) info.wildcards;
      return TRUE;
    }
  return ctd_tournament_default_advancement (store, round, out_top_k, out_wildcards, error);
}

/**
 * ctd_tournament_check_round_finished:
 * @store: an event
 * @round: a round number
 * @error: return location for a #GError
 *
 * Whether advancers may be chosen from @round: it is not the final, and
 * it is complete (every game entered, every typed paper total agreeing).
 * The refusal names what is missing, chouette by chouette, as
 * ctd_tournament_advance() would.
 *
 * Returns: whether the round is finished
 */
gboolean
ctd_tournament_check_round_finished (CtdStore  *store,
                                guint      round,
                                GError   **error)
{
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL, FALSE);

  return ctd_tournament_get_round (store, round, &info, error) &&
         event_check_round_finished (store, &info, error);
}
