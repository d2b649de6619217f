/* ctd-tournament.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Labels, lookups, a round's standings and advancement. The end of a
 * round and of the event is in ctd-tournament-finish.c.
 */

#define G_LOG_DOMAIN "ctd-event"

#include "config.h"

#include "ctd-tournament-private.h"

#include "ctd-link.h"
#include "ctd-text.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

/*
 * The event as the director works it: views and actions that need both
 * the records (ctd-store) and the rules (standings, advancement, money).
 * The CLI and the GUI call these, so neither decides a rule itself.
 */

/**
 * ctd_tournament_error_quark:
 *
 * The error domain %CTD_TOURNAMENT_ERROR, whose codes are #CtdTournamentError.
 * The functions here also pass on the errors of the modules they call
 * (%CTD_STORE_ERROR for a missing round or chouette, for instance).
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-tournament-error-quark, ctd_tournament_error)

/**
 * ctd_tournament_parse_label:
 * @label: "1.3": round 1, chouette 3
 * @out_round: (out): the round
 * @out_chouette: (out): the chouette's number in its round
 * @error: return location for a #GError
 *
 * Reads the ROUND.NUMBER label the sheets print and the director types.
 * Only the syntax is checked (both numbers 1 to 999): whether the event
 * has that chouette is for ctd_tournament_get_chouette() to say.
 *
 * Returns: whether @label is a chouette label; on refusal
 *   (%CTD_TOURNAMENT_ERROR_LABEL) the out arguments are untouched
 */
gboolean
ctd_tournament_parse_label (const char  *label,
                       guint       *out_round,
                       guint       *out_chouette,
                       GError     **error)
{
  g_auto(GStrv) parts = NULL;
  guint64 numbers[2];

  g_return_val_if_fail (label != NULL, FALSE);
  g_return_val_if_fail (out_round != NULL && out_chouette != NULL, FALSE);

  parts = g_strsplit (label, ".", -1);
  if (g_strv_length (parts) != 2 ||
      !g_ascii_string_to_unsigned (parts[0], 10, 1, 999, &numbers[0], NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 1, 999, &numbers[1], NULL))
    {
      g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_LABEL,
                   _("“%s” is not a chouette: write ROUND.NUMBER, e.g. 1.3 for chouette 3 "
                     "of round 1"), label);
      return FALSE;
    }
  *out_round = (guint) numbers[0];
  *out_chouette = (guint) numbers[1];
  return TRUE;
}

/**
 * ctd_tournament_get_round:
 * @store: an event
 * @round: a round number
 * @out_round: (out caller-allocates): the round's record and derived
 *   state; a plain value with nothing to free
 * @error: return location for a #GError
 *
 * Looks a round up by number, with its state derived from the records
 * as they are now.
 *
 * Returns: whether the round exists; if not, @error
 *   (%CTD_STORE_ERROR_NOT_FOUND) says so and @out_round is untouched
 */
gboolean
ctd_tournament_get_round (CtdStore       *store,
                     guint           round,
                     CtdStoreRound  *out_round,
                     GError        **error)
{
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, error);

  if (rounds == NULL)
    return FALSE;
  for (guint i = 0; i < rounds->len; i++)
    if (g_array_index (rounds, CtdStoreRound, i).number == round)
      {
        *out_round = g_array_index (rounds, CtdStoreRound, i);
        return TRUE;
      }
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
               rounds->len == 0 ? _("There is no round %u: nothing has been drawn yet")
                                : _("There is no round %u in this event"), round);
  return FALSE;
}

/**
 * ctd_tournament_link_accepts_entry:
 * @store: an event
 * @round: a round number
 * @out_accepts: (out): whether round @round's links open their chouettes
 *   for entry now: only while the round is in play and the event is open
 *   (ctd_link_accepts_entry())
 * @error: return location for a #GError
 *
 * The one reading of "may a table enter its games from its link now?",
 * for `links`, `serve` and the document the table server reads.
 *
 * Returns: whether the round and the event could be read; if not, @error
 *   says why (%CTD_STORE_ERROR_NOT_FOUND for a round that does not exist)
 */
gboolean
ctd_tournament_link_accepts_entry (CtdStore  *store,
                                   guint      round,
                                   gboolean  *out_accepts,
                                   GError   **error)
{
  g_autoptr(GDateTime) closed = NULL;
  g_autoptr(GError) local_error = NULL;
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL && out_accepts != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return FALSE;
  /* NULL is both "open" and a failure: the error tells them apart. */
  closed = ctd_store_get_closed (store, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *out_accepts = ctd_link_accepts_entry (info.state, closed != NULL);
  return TRUE;
}

/**
 * ctd_tournament_get_chouette:
 * @store: an event
 * @round: a round number
 * @chouette: the chouette's number in the round
 * @error: return location for a #GError
 *
 * Looks a chouette up by its label's two numbers.
 *
 * Returns: (transfer full) (nullable): the chouette's seats, to free with
 *   ctd_store_chouette_free(), or %NULL with an error that says how many
 *   chouettes the round has
 */
CtdStoreChouette *
ctd_tournament_get_chouette (CtdStore  *store,
                        guint      round,
                        guint      chouette,
                        GError   **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, error);

  if (chouettes == NULL)
    return NULL;
  for (guint i = 0; i < chouettes->len; i++)
    if (((CtdStoreChouette *) g_ptr_array_index (chouettes, i))->number == chouette)
      return g_ptr_array_steal_index (chouettes, i);
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
               /* Translators: chouette 2.3 is chouette 3 of round 2. */
               ngettext ("There is no chouette %u.%u: round %u has %u chouette",
                         "There is no chouette %u.%u: round %u has %u chouettes", chouettes->len),
               round, chouette, round, chouettes->len);
  return NULL;
}

/**
 * ctd_tournament_get_last_round:
 * @store: an event
 * @out_round: (out caller-allocates): the newest round; a plain value
 *   with nothing to free
 * @error: return location for a #GError
 *
 * The round the director is working on: the one drawn last.
 *
 * Returns: whether any round has been drawn; if not, @error
 *   (%CTD_STORE_ERROR_NOT_FOUND) says to draw first and @out_round is
 *   untouched
 */
gboolean
ctd_tournament_get_last_round (CtdStore       *store,
                          CtdStoreRound  *out_round,
                          GError        **error)
{
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, error);

  if (rounds == NULL)
    return FALSE;
  if (rounds->len == 0)
    {
      g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                           _("Nothing has been drawn yet: draw the qualifying round first"));
      return FALSE;
    }
  *out_round = g_array_index (rounds, CtdStoreRound, rounds->len - 1);
  return TRUE;
}

/* Which ties the views mark as needing a roll-off (SPEC 6): every tie of
 * the final's placings; in another round, those across its advancement
 * cut, the director's once chosen, else the proposed plan's. */
static void
mark_deciding_ties (CtdStore            *store,
                    const CtdStoreRound *info,
                    CtdStandings        *standings)
{
  guint top_k, wildcards;

  if (info->stage == CTD_STAGE_FINAL)
    ctd_standings_mark_placings (standings);
  else if (ctd_tournament_get_cut (store, info->number, &top_k, &wildcards, NULL))
    ctd_standings_mark_cut (standings, top_k, wildcards);
}

/**
 * ctd_tournament_round_standings:
 * @store: an event
 * @round: a round number
 * @public_view: whether these standings are to be posted
 * @error: return location for a #GError
 *
 * Every player of the round by chouette total, with the stored roll-offs
 * applied. A public view of a secret round carries no scores (rule 1.7).
 * A roll-off that a later correction made moot (its players are no
 * longer tied) no longer applies: standings follow the games. Rows mark
 * the ties that decide something (@needs_rolloff): every tie of the
 * final, else those at the round's advancement cut (the director's once
 * chosen, else the proposed plan's, ctd_tournament_default_advancement()).
 *
 * Returns: (transfer full) (nullable): the standings, to free with
 *   ctd_standings_free(), or %NULL with @error set
 */
CtdStandings *
ctd_tournament_round_standings (CtdStore  *store,
                           guint      round,
                           gboolean   public_view,
                           GError   **error)
{
  return ctd_tournament_round_standings_with (store, round, public_view, ctd_tournament_load_totals, NULL,
                                         error);
}

/**
 * ctd_tournament_load_totals:
 * @store: an event
 * @round: a round number
 * @chouette: the chouette's number in @round
 * @out_totals: (out caller-allocates) (array fixed-size=4): the totals,
 *   @out_totals[k] for player number k + 1
 * @user_data: unused
 * @error: return location for a #GError
 *
 * A chouette's totals as its games give them, replayed from the file:
 * the #CtdTournamentTotalsFunc of ctd_tournament_round_standings().
 *
 * Returns: whether the chouette was read
 */
gboolean
ctd_tournament_load_totals (CtdStore   *store,
                       guint       round,
                       guint       chouette,
                       CtdHalves  *out_totals,
                       gpointer    user_data,
                       GError    **error)
{
  g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, round, chouette, error);

  if (loaded == NULL)
    return FALSE;
  ctd_chouette_get_totals (loaded, out_totals);
  return TRUE;
}

/**
 * ctd_tournament_round_standings_with:
 * @store: an event
 * @round: a round number
 * @public_view: whether these standings are to be posted
 * @totals_func: (scope call): gives each chouette's totals, as
 *   ctd_tournament_load_totals() does; a caller that keeps totals between
 *   changes (a window) gives the ones it kept
 * @user_data: for @totals_func
 * @error: return location for a #GError
 *
 * ctd_tournament_round_standings(), with each chouette's totals from
 * @totals_func.
 *
 * Returns: (transfer full) (nullable): the standings, or %NULL with
 *   @error set
 */
CtdStandings *
ctd_tournament_round_standings_with (CtdStore            *store,
                                guint                round,
                                gboolean             public_view,
                                CtdTournamentTotalsFunc   totals_func,
                                gpointer             user_data,
                                GError             **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GPtrArray) rolloffs = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  CtdStoreRound info;
  gboolean secret;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return NULL;
  chouettes = ctd_store_list_chouettes (store, round, error);
  if (chouettes == NULL)
    return NULL;

  /* Posted standings of a secret round carry no scores: the games are
   * not even read for them. */
  secret = public_view && !ctd_standings_scores_are_public (info.stage, info.state);
  entries = g_array_new (FALSE, FALSE, sizeof (CtdStandingsEntry));
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);
      CtdHalves totals[CTD_MAX_PLAYERS] = { 0, };

      if (!secret && !totals_func (store, round, seats->number, totals, user_data, error))
        return NULL;
      for (guint k = 0; k < seats->size; k++)
        {
          CtdStandingsEntry entry = { seats->players[k], seats->names[k], seats->number,
                                      totals[k] };
          g_array_append_val (entries, entry);
        }
    }

  /* No roll-off applies to a secret posting either; once the scores are
   * public, they are the director's. */
  if (secret)
    return ctd_standings_new_public ((const CtdStandingsEntry *) entries->data, entries->len,
                                     info.stage, info.state);

  standings = ctd_standings_new ((const CtdStandingsEntry *) entries->data, entries->len);
  rolloffs = ctd_store_list_rolloffs (store, round, error);
  if (rolloffs == NULL)
    return NULL;
  for (guint i = 0; i < rolloffs->len; i++)
    {
      GArray *order = g_ptr_array_index (rolloffs, i);
      g_autoptr(GError) moot = NULL;

      if (!ctd_standings_add_rolloff (standings, (const gint64 *) order->data, order->len, &moot))
        g_debug ("Round %u: roll-off %u no longer applies: %s", round, i + 1, moot->message);
    }
  mark_deciding_ties (store, &info, standings);
  return g_steal_pointer (&standings);
}

/**
 * ctd_tournament_check_hold_ups:
 * @info: a round
 * @hold_ups: (element-type CtdStoreHoldUp) (nullable): what holds it up
 *   (ctd_store_list_hold_ups()); read only while it is not complete
 * @error: return location for a #GError
 *
 * Whether advancers may be chosen from @info's round, from what a view
 * of the round already holds: the refusal names what is missing,
 * chouette by chouette, as ctd_tournament_advance() would.
 *
 * Returns: whether the round is finished
 */
gboolean
ctd_tournament_check_hold_ups (const CtdStoreRound  *info,
                               const GPtrArray      *hold_ups,
                               GError              **error)
{
  g_autoptr(GString) missing = NULL;

  g_return_val_if_fail (info != NULL, FALSE);

  if (info->stage == CTD_STAGE_FINAL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   _("Round %u is the final: nobody advances from it; its scores give "
                     "the placings"), info->number);
      return FALSE;
    }
  if (info->state >= CTD_ROUND_COMPLETE)
    return TRUE;

  missing = g_string_new (NULL);
  for (guint i = 0; hold_ups != NULL && i < hold_ups->len; i++)
    {
      const CtdStoreHoldUp *hold_up = g_ptr_array_index (hold_ups, i);

      if (hold_up->n_games < CTD_N_GAMES)
        {
          /* Translators: a chouette ("1.3" is chouette 3 of round 1)
           * and how many of its 12 games are entered. */
          g_autofree char *games = g_strdup_printf (_("%u.%u has %u of %u games"), info->number,
                                                    hold_up->chouette, hold_up->n_games,
                                                    CTD_N_GAMES);

          ctd_text_append_note (missing, games);
        }
      else if (hold_up->mismatched != 0)
        {
          /* Translators: a chouette ("1.3" is chouette 3 of round 1). */
          g_autofree char *disagrees = g_strdup_printf (_("%u.%u disagrees with its paper "
                                                          "totals"), info->number,
                                                        hold_up->chouette);

          ctd_text_append_note (missing, disagrees);
        }
    }
  g_set_error (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
               _("Round %u is not complete, so nobody can advance yet: %s"), info->number,
               missing->str);
  return FALSE;
}

/* Refuses advancement from a round that is not finished, naming what is
 * missing chouette by chouette. */
gboolean
event_check_round_finished (CtdStore             *store,
                            const CtdStoreRound  *info,
                            GError              **error)
{
  g_autoptr(GPtrArray) hold_ups = NULL;

  if (info->stage != CTD_STAGE_FINAL && info->state < CTD_ROUND_COMPLETE &&
      (hold_ups = ctd_store_list_hold_ups (store, info->number, error)) == NULL)
    return FALSE;
  return ctd_tournament_check_hold_ups (info, hold_ups, error);
}

/**
 * ctd_tournament_default_advancement:
 * @store: an event
 * @round: a qualifying or semi-final round
 * @out_top_k: (out): how many advance from each chouette
 * @out_wildcards: (out): how many more by best remaining score
 * @error: return location for a #GError
 *
 * What the proposed plan (ctd_advance_plan()) says for a round of this
 * size, used when the director names no top K or wildcards. It looks at
 * the field size only: the round need not be complete, and nothing is
 * stored.
 *
 * Returns: whether the round has a proposed advancement; %FALSE with
 *   @error set for a round of one chouette (the final) or a field the
 *   plan does not cover, leaving the out arguments untouched
 */
gboolean
ctd_tournament_default_advancement (CtdStore  *store,
                               guint      round,
                               guint     *out_top_k,
                               guint     *out_wildcards,
                               GError   **error)
{
  CtdStoreRound info;
  CtdPlan plan;

  if (!ctd_tournament_get_round (store, round, &info, error) ||
      !ctd_advance_plan (info.n_players, &plan, error))
    return FALSE;
  if (plan.rounds[0].stage == CTD_STAGE_FINAL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   _("Round %u is the final: nobody advances from it"), round);
      return FALSE;
    }
  *out_top_k = plan.rounds[0].top_k;
  *out_wildcards = plan.rounds[0].wildcards;
  return TRUE;
}

/**
 * ctd_tournament_advance:
 * @store: an event
 * @round: a complete qualifying or semi-final round
 * @top_k: how many advance from each chouette
 * @wildcards: how many more advance by best remaining score
 * @out_tie: (out caller-allocates) (optional): on a tie at the cut, the
 *   players to roll off; it must be empty on entry; clear it with
 *   ctd_advance_tie_clear()
 * @error: return location for a #GError
 *
 * Chooses and stores who advances (SPEC 6), as one action of the event
 * file. Refused while the round is incomplete (every game entered and
 * the paper totals agreeing), for the final, while a tie straddles a
 * cut, or when the next round would be 5 or fewer than 3 players; a
 * refusal changes nothing.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the
 *   advancers' ids in standings display order, to free with
 *   g_array_unref(), or %NULL with @error set
 */
GArray *
ctd_tournament_advance (CtdStore       *store,
                   guint           round,
                   guint           top_k,
                   guint           wildcards,
                   CtdAdvanceTie  *out_tie,
                   GError        **error)
{
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdStoreRound info;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ctd_tournament_get_round (store, round, &info, error) ||
      !event_check_round_finished (store, &info, error))
    return NULL;
  standings = ctd_tournament_round_standings (store, round, FALSE, error);
  if (standings == NULL)
    return NULL;
  advancers = ctd_advance_select (standings, top_k, wildcards, out_tie, error);
  if (advancers == NULL)
    return NULL;
  if (!ctd_store_set_advancement (store, round, top_k, wildcards,
                                  (const gint64 *) advancers->data, advancers->len, error))
    return NULL;
  return g_steal_pointer (&advancers);
}

/**
 * ctd_tournament_list_advancers:
 * @store: an event
 * @round: a round number
 * @out_next_stage: (out) (optional): the stage of the round they go to:
 *   the drawn next round's, else what their number makes it
 *   (ctd_advance_check_next_size()); untouched when nobody advances
 * @error: return location for a #GError
 *
 * Who goes on from @round, and where, for the "next round" column of the
 * standings: each advancer with its chouette in the next round once that
 * round is drawn.
 *
 * Returns: (transfer full) (nullable) (element-type CtdTournamentAdvancer):
 *   the advancers in id order, empty while none are chosen (and for the
 *   final), or %NULL with @error set
 */
GArray *
ctd_tournament_list_advancers (CtdStore  *store,
                          guint      round,
                          CtdStage  *out_next_stage,
                          GError   **error)
{
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GPtrArray) next = NULL;
  g_autoptr(GArray) rounds = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ids = ctd_store_list_advancers (store, round, error);
  rounds = ids != NULL ? ctd_store_list_rounds (store, error) : NULL;
  if (rounds == NULL)
    return NULL;
  advancers = g_array_sized_new (FALSE, TRUE, sizeof (CtdTournamentAdvancer), ids->len);
  if (ids->len == 0)
    return g_steal_pointer (&advancers);

  for (guint r = 0; r < rounds->len && next == NULL; r++)
    {
      const CtdStoreRound *info = &g_array_index (rounds, CtdStoreRound, r);

      if (info->number != round + 1)
        continue;
      if (out_next_stage != NULL)
        *out_next_stage = info->stage;
      next = ctd_store_list_chouettes (store, info->number, error);
      if (next == NULL)
        return NULL;
    }
  if (next == NULL && out_next_stage != NULL &&
      !ctd_advance_check_next_size (ids->len, out_next_stage, NULL))
    *out_next_stage = CTD_STAGE_SEMIFINAL;
  for (guint i = 0; i < ids->len; i++)
    {
      CtdTournamentAdvancer advancer = { g_array_index (ids, gint64, i), 0 };

      for (guint c = 0; next != NULL && c < next->len && advancer.chouette == 0; c++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (next, c);

          for (guint k = 0; k < seats->size; k++)
            if (seats->players[k] == advancer.player_id)
              advancer.chouette = seats->number;
        }
      g_array_append_val (advancers, advancer);
    }
  return g_steal_pointer (&advancers);
}
