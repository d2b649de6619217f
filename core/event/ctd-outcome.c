/* ctd-outcome.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-results"

#include "config.h"

#include "ctd-outcome.h"

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/*
 * Nothing here decides a rule: the placings are ctd_tournament_final_placings()'s,
 * the settlements ctd_tournament_settle()'s, the progress the store's hold-ups,
 * what an audit entry changed ctd_store_list_changes_since()'s. This file
 * gathers them into what one page shows at once, in a director's words.
 */

/* ---- the final ----------------------------------------------------------- */

/**
 * ctd_outcome_ordinal:
 * @place: 1, 2, 3...
 *
 * Returns: (transfer full): "1st", "2nd", "3rd", "4th", "11th"...
 */
char *
ctd_outcome_ordinal (guint place)
{
  if (place == 1)
    /* Translators: a place in the final or a roll-off, by English's own
     * classes of ordinals; each context says which places it is for, so
     * that a language writing "1er" but "21e" can. */
    return g_strdup_printf (C_("ordinal of 1", "%ust"), place);
  if (place % 100 >= 11 && place % 100 <= 13)
    return g_strdup_printf (C_("ordinal of 11, 12, 13, 111...", "%uth"), place);
  switch (place % 10)
    {
    case 1:
      return g_strdup_printf (C_("ordinal of 21, 31, 101...", "%ust"), place);
    case 2:
      return g_strdup_printf (C_("ordinal of 2, 22, 32...", "%und"), place);
    case 3:
      return g_strdup_printf (C_("ordinal of 3, 23, 33...", "%urd"), place);
    default:
      return g_strdup_printf (C_("ordinal of 4 to 10, 14 to 20, 24...", "%uth"), place);
    }
}

/**
 * ctd_outcome_place_text:
 * @row: a row of the final's placings
 *
 * Returns: (transfer full): "1st", or "2nd=" for a place shared by a tie
 */
char *
ctd_outcome_place_text (const CtdStandingsRow *row)
{
  g_autofree char *place = NULL;

  g_return_val_if_fail (row != NULL, NULL);

  place = ctd_outcome_ordinal (row->rank);
  return g_strdup_printf ("%s%s", place, row->tied ? "=" : "");
}

/**
 * ctd_outcome_describe_ties:
 * @placings: the final's standings
 *
 * Every tie of the final that a roll-off must settle (rule 1.9 gives each
 * player a place: SPEC 6 never breaks a tie silently), one a line:
 * "Ann and Bob are tied for 1st place".
 *
 * Returns: (transfer full) (nullable): the lines, or %NULL when no place
 *   is tied
 */
char *
ctd_outcome_describe_ties (const CtdStandings *placings)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gsize n;

  g_return_val_if_fail (placings != NULL, NULL);

  n = ctd_standings_get_n_rows (placings);
  for (gsize i = 0; i < n;)
    {
      const CtdStandingsRow *first = ctd_standings_get_row (placings, i);
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      gsize j = i;

      for (; j < n && ctd_standings_get_row (placings, j)->rank == first->rank; j++)
        g_ptr_array_add (names, ctd_standings_get_row (placings, j)->name);
      if (first->tied && first->needs_rolloff && names->len > 1)
        {
          g_autofree char *place = ctd_outcome_ordinal (first->rank);
          g_autofree char *joined = ctd_text_join_and (names);

          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* Translators: two or more players' names ("Ann and Bob"),
           * then a place ("1st"). */
          g_string_append_printf (text, _("%s are tied for %s place"), joined, place);
        }
      i = j;
    }
  if (text->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Why the final has no placings yet: its games to enter, or its paper
 * totals that disagree (the store's words). */
static char *
final_progress (CtdStore  *store,
                guint      round,
                GError   **error)
{
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (store, round, error);
  const CtdStoreHoldUp *hold_up;
  g_autofree char *why = NULL;

  if (hold_ups == NULL)
    return NULL;
  if (hold_ups->len == 0)
    return g_strdup (_("The Final is not finished yet"));
  hold_up = g_ptr_array_index (hold_ups, 0);
  if (hold_up->n_games < CTD_N_GAMES)
    /* Translators: how many of the final's 12 games are entered. */
    return g_strdup_printf (_("The Final is not finished: %u of %u games entered"),
                            hold_up->n_games, CTD_N_GAMES);
  why = ctd_store_hold_up_describe (hold_up);
  /* Translators: %s is what holds the final up, e.g. "1.1: games 11
   * and 12 to enter". */
  return g_strdup_printf (_("The Final is not finished: %s"), why);
}

/**
 * ctd_outcome_get_final:
 * @store: an event
 * @out_final: (out caller-allocates): the final's placings or why there
 *   are none yet; clear it with ctd_outcome_final_clear()
 * @error: return location for a #GError
 *
 * Rule 1.9 on one page: once the final is complete, its placings 1st to
 * 4th and the ties a roll-off must settle; before, what holds it up (or
 * that there is no final yet). The `results` command prints the same
 * placings.
 *
 * Returns: whether the event could be read
 */
gboolean
ctd_outcome_get_final (CtdStore         *store,
                       CtdOutcomeFinal  *out_final,
                       GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  CtdStoreRound info;
  guint round = 0;

  g_return_val_if_fail (store != NULL && out_final != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *out_final = (CtdOutcomeFinal) { 0, };
  placings = ctd_tournament_final_placings (store, &round, &local_error);
  if (placings == NULL)
    {
      if (!g_error_matches (local_error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_FINAL) &&
          !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      /* No round at all is "not found": there is no final either. */
      out_final->status = g_error_matches (local_error, CTD_TOURNAMENT_ERROR,
                                           CTD_TOURNAMENT_ERROR_NO_FINAL)
                            ? g_strdup (local_error->message)
                            : g_strdup (_("There is no final yet: no round has been drawn"));
      return TRUE;
    }
  if (!ctd_tournament_get_round (store, round, &info, error))
    return FALSE;
  out_final->round = round;
  out_final->complete = info.state >= CTD_ROUND_COMPLETE;
  if (!out_final->complete)
    {
      out_final->status = final_progress (store, round, error);
      return out_final->status != NULL;
    }
  out_final->ties = ctd_outcome_describe_ties (placings);
  out_final->placings = g_steal_pointer (&placings);
  return TRUE;
}

/**
 * ctd_outcome_final_clear:
 * @final: what ctd_outcome_get_final() filled in
 *
 * Frees what @final holds and empties it.
 */
void
ctd_outcome_final_clear (CtdOutcomeFinal *final)
{
  g_return_if_fail (final != NULL);

  g_clear_pointer (&final->status, g_free);
  g_clear_pointer (&final->ties, g_free);
  g_clear_pointer (&final->placings, ctd_standings_free);
  final->round = 0;
  final->complete = FALSE;
}

/* ---- money --------------------------------------------------------------- */

/**
 * ctd_outcome_settlement_free:
 * @settlement: (nullable): an element of ctd_outcome_settle_round()
 */
void
ctd_outcome_settlement_free (CtdOutcomeSettlement *settlement)
{
  if (settlement == NULL)
    return;
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_free (settlement->names[k]);
  g_free (settlement->why_not);
  g_free (settlement);
}

static CtdOutcomeSettlement *
settle_seats (CtdStore               *store,
              const CtdStoreChouette *seats,
              GError                **error)
{
  g_autoptr(CtdOutcomeSettlement) one = g_new0 (CtdOutcomeSettlement, 1);
  g_autoptr(GError) refusal = NULL;

  one->round = seats->round;
  one->chouette = seats->number;
  one->size = seats->size;
  for (guint k = 0; k < seats->size; k++)
    one->names[k] = g_strdup (seats->names[k]);
  one->settled = ctd_tournament_settle (store, seats->round, seats->number, &one->settlement,
                                   &refusal);
  if (!one->settled)
    {
      if (!g_error_matches (refusal, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE))
        {
          g_propagate_error (error, g_steal_pointer (&refusal));
          return NULL;
        }
      one->why_not = g_strdup (refusal->message);
    }
  return g_steal_pointer (&one);
}

/**
 * ctd_outcome_settle_round:
 * @store: an event
 * @round: a round's number
 * @error: return location for a #GError
 *
 * Every chouette of @round as ctd_tournament_settle() settles it (the `settle`
 * command, for each chouette at once): who pays whom at the event's
 * stake, in the fewest payments; a chouette with games to enter is
 * listed with core's reason instead (rule 1.8: it settles at its end).
 *
 * Returns: (transfer full) (element-type CtdOutcomeSettlement) (nullable):
 *   the chouettes by number, or %NULL with @error set
 */
GPtrArray *
ctd_outcome_settle_round (CtdStore  *store,
                          guint      round,
                          GError   **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GPtrArray) settlements = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  chouettes = ctd_store_list_chouettes (store, round, error);
  if (chouettes == NULL)
    return NULL;
  settlements = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_outcome_settlement_free);
  for (guint i = 0; i < chouettes->len; i++)
    {
      CtdOutcomeSettlement *one = settle_seats (store, g_ptr_array_index (chouettes, i), error);

      if (one == NULL)
        return NULL;
      g_ptr_array_add (settlements, one);
    }
  return g_steal_pointer (&settlements);
}

/**
 * ctd_outcome_settle_chouette:
 * @store: an event
 * @round: the chouette's round
 * @chouette: its number
 * @error: return location for a #GError
 *
 * One chouette as ctd_outcome_settle_round() lists it, for a page that
 * follows one chouette's change.
 *
 * Returns: (transfer full) (nullable): its settlement, or %NULL with
 *   @error set
 */
CtdOutcomeSettlement *
ctd_outcome_settle_chouette (CtdStore  *store,
                             guint      round,
                             guint      chouette,
                             GError   **error)
{
  g_autoptr(CtdStoreChouette) seats = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  seats = ctd_tournament_get_chouette (store, round, chouette, error);
  if (seats == NULL)
    return NULL;
  return settle_seats (store, seats, error);
}

/**
 * ctd_outcome_describe_payments:
 * @settlement: a chouette's settlement
 *
 * The payments as the `settle` command prints them, one a line: "Ann
 * pays Bob 12.50"; "Nobody owes anything." when every score is 0; core's
 * reason when the chouette does not settle yet.
 *
 * Returns: (transfer full): the text
 */
char *
ctd_outcome_describe_payments (const CtdOutcomeSettlement *settlement)
{
  GString *text;

  g_return_val_if_fail (settlement != NULL, NULL);

  if (!settlement->settled)
    return g_strdup (settlement->why_not);
  if (settlement->settlement.n_transfers == 0)
    return g_strdup (_("Nobody owes anything."));
  text = g_string_new (NULL);
  for (guint i = 0; i < settlement->settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &settlement->settlement.transfers[i];
      g_autofree char *amount = ctd_money_to_string (t->amount);

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Translators: who pays, who is paid, then an amount of money. */
      g_string_append_printf (text, _("%s pays %s %s"), settlement->names[t->from - 1],
                              settlement->names[t->to - 1], amount);
    }
  return g_string_free (text, FALSE);
}

/**
 * ctd_outcome_describe_amounts:
 * @settlement: a chouette's settlement
 *
 * Each player's score and what it comes to at the stake, one a line:
 * "Ann: -59 points, -295.00"; before the chouette settles, the players
 * alone.
 *
 * Returns: (transfer full): the text
 */
char *
ctd_outcome_describe_amounts (const CtdOutcomeSettlement *settlement)
{
  GString *text;

  g_return_val_if_fail (settlement != NULL, NULL);

  text = g_string_new (NULL);
  for (guint k = 0; k < settlement->size; k++)
    {
      if (k > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, settlement->names[k]);
      if (settlement->settled)
        {
          g_autofree char *score = ctd_halves_to_string (settlement->settlement.scores[k], TRUE);
          g_autofree char *amount = ctd_money_to_string (settlement->settlement.amounts[k]);

          /* Translators: follows a player's name: their score in the
           * chouette (e.g. "-59" or "+3.5"), then what it comes to in
           * money at the stake. */
          g_string_append_printf (text, _(": %s points, %s"), score, amount);
        }
    }
  return g_string_free (text, FALSE);
}

/* ---- the log ------------------------------------------------------------- */

/**
 * ctd_outcome_list_audit_chouettes:
 * @store: an event
 * @after_id: 0 for the whole log, or the newest entry already known
 * @error: return location for a #GError
 *
 * The chouette each audit entry after @after_id concerns, for a log
 * filtered by chouette: the entries that changed one chouette's games,
 * paper totals or last-segment order (an undo or a redo of one of them
 * too), as ctd_store_list_changes_since() derives them from the rows the
 * entry changed. Entries that concern no chouette, or several, are left
 * out.
 *
 * Returns: (transfer full) (element-type CtdOutcomeAuditChouette)
 *   (nullable): the entries, oldest first, or %NULL with @error set
 */
GArray *
ctd_outcome_list_audit_chouettes (CtdStore  *store,
                                  gint64     after_id,
                                  GError   **error)
{
  g_autoptr(GArray) changes = NULL;
  GArray *concerned;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  changes = ctd_store_list_changes_since (store, after_id, error);
  if (changes == NULL)
    return NULL;
  concerned = g_array_new (FALSE, FALSE, sizeof (CtdOutcomeAuditChouette));
  for (guint i = 0; i < changes->len; i++)
    {
      const CtdStoreChange *change = &g_array_index (changes, CtdStoreChange, i);
      CtdOutcomeAuditChouette one = { change->audit_id, change->round, change->chouette };

      if ((change->what & CTD_CHANGE_CHOUETTE) && change->round != 0 && change->chouette != 0)
        g_array_append_val (concerned, one);
    }
  return concerned;
}
