/* ctd-store-advance.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include "ctd-advance.h"

#include <glib/gi18n-lib.h>

/*
 * What follows a complete round: roll-offs that break its ties, its
 * release (its scores may be posted, its results no longer change) and
 * the players who advance from it to the next draw.
 */

/* "Ann, Bob (Riga), Cid": players as the log names them. */
static char *
describe_players (CtdStore      *self,
                  const gint64  *ids,
                  gsize          n_ids,
                  GError       **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (gsize i = 0; i < n_ids; i++)
    {
      g_autofree char *label = ctd_store_describe_player (self, ids[i], error);

      if (label == NULL)
        return NULL;
      g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", label);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Whether every id of @ids is seated in round @round, none twice. */
static gboolean
check_round_players (CtdStore      *self,
                     guint          round,
                     const gint64  *ids,
                     gsize          n_ids,
                     GError       **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  for (gsize i = 0; i < n_ids; i++)
    for (gsize j = 0; j < i; j++)
      if (ids[i] == ids[j])
        {
          g_autofree char *label = ctd_store_describe_player (self, ids[i], error);

          return label != NULL && ctd_store_refuse (error, _("%s is listed twice"), label);
        }

  stmt = ctd_store_prepare (self, "SELECT 1 FROM seat JOIN chouette ON chouette.id = seat.chouette "
                            "WHERE chouette.round = ?1 AND seat.player = ?2", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  for (gsize i = 0; i < n_ids; i++)
    {
      CtdStep step;

      ctd_store_rebind (stmt, CTD_ARGS (CTD_INT (round), CTD_INT (ids[i])));
      step = ctd_store_step (self, stmt, error);
      if (step == CTD_STEP_FAILED)
        return FALSE;
      if (step == CTD_STEP_DONE)
        {
          g_autofree char *label = ctd_store_describe_player (self, ids[i], NULL);

          if (label == NULL)
            /* Translators: %lld is a player's number in the event file. */
            return ctd_store_refuse (error, _("There is no player %lld in this event"),
                                     (long long) ids[i]);
          return ctd_store_refuse (error, _("%s did not play in round %u"), label, round);
        }
    }
  return TRUE;
}

static char *
ids_json (const gint64 *ids,
          gsize         n_ids)
{
  GString *json = g_string_new ("[");

  for (gsize i = 0; i < n_ids; i++)
    g_string_append_printf (json, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", ids[i]);
  g_string_append_c (json, ']');
  return g_string_free (json, FALSE);
}

/**
 * ctd_store_add_rolloff:
 * @self: a store
 * @round: a complete or released round whose next round is not drawn
 * @order: (array length=n_players): the tied players' ids, best first
 * @n_players: how many (at least two)
 * @seed: (nullable): the seed when the software rolled
 *   (ctd_standings_roll()); %NULL when the director typed the result
 * @error: return location for a #GError
 *
 * Stores a roll-off that breaks a tie (SPEC 6).
 *
 * Returns: whether the roll-off was stored
 */
gboolean
ctd_store_add_rolloff (CtdStore       *self,
                       guint           round,
                       const gint64   *order,
                       gsize           n_players,
                       const guint64  *seed,
                       GError        **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *json = NULL;
  g_autofree char *names = NULL;
  g_autofree char *summary = NULL;
  CtdRoundState state;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (order != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players < 2)
    return ctd_store_refuse (error, _("A roll-off needs at least two players"));
  if (!ctd_store_action_begin (self, &action, "add-rolloff", error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (state < CTD_ROUND_COMPLETE || state == CTD_ROUND_CLOSED)
    return ctd_store_refuse (error, _("Round %u is %s: roll-offs are for a complete round whose "
                               "next round is not drawn"), round, ctd_round_state_to_title (state));
  json = ids_json (order, n_players);
  if (!check_round_players (self, round, order, n_players, error) ||
      (names = describe_players (self, order, n_players, error)) == NULL)
    return FALSE;
  if (seed != NULL)
    /* Translators: a line of the event's log; the players' names,
     * winner first, then the random generator's seed (a number). */
    summary = g_strdup_printf (_("Round %u: roll-off, best first: %s (rolled with seed %llu)"),
                               round, names, (unsigned long long) *seed);
  else
    /* Translators: a line of the event's log; the players' names,
     * winner first. */
    summary = g_strdup_printf (_("Round %u: roll-off, best first: %s (as played, typed by the "
                                 "director)"), round, names);
  return ctd_store_run (self, "INSERT INTO rolloff (round, players, seed) VALUES (?1, ?2, ?3)",
                        CTD_ARGS (CTD_INT (round), CTD_TEXT (json),
                                  seed != NULL ? CTD_INT (*seed) : CTD_NULL), error) &&
         ctd_store_action_commit (&action, summary, error);
}

static gboolean
mark_released (CtdStore  *self,
               guint      round,
               GError   **error)
{
  return ctd_store_run (self, "UPDATE round SET released = 1 WHERE id = ?1",
                        CTD_ARGS (CTD_INT (round)), error);
}

/**
 * ctd_store_release_round:
 * @self: a store
 * @round: a complete round
 * @error: return location for a #GError
 *
 * Releases a complete round: its scores may be posted (rule 1.7) and
 * its advancers chosen; its results can no longer change.
 *
 * Returns: whether the round was released
 */
gboolean
ctd_store_release_round (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  CtdRoundState state;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "release-round", error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (state != CTD_ROUND_COMPLETE)
    return ctd_store_refuse (error, _("Round %u is %s: a round can be released once every game "
                               "of every chouette is entered and every typed paper total agrees"),
                             round, ctd_round_state_to_title (state));
  /* Translators: a line of the event's log. */
  summary = g_strdup_printf (_("Released round %u"), round);
  return mark_released (self, round, error) &&
         ctd_store_action_commit (&action, summary, error);
}

/* Replaces the stored advancers of @round. */
static gboolean
write_advancers (CtdStore      *self,
                 guint          round,
                 const gint64  *advancers,
                 gsize          n_advancers,
                 GError       **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  if (!ctd_store_run (self, "DELETE FROM advancer WHERE round = ?1", CTD_ARGS (CTD_INT (round)),
                      error))
    return FALSE;
  stmt = ctd_store_prepare (self, "INSERT INTO advancer (round, player) VALUES (?1, ?2)",
                            CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  for (gsize i = 0; i < n_advancers; i++)
    {
      ctd_store_rebind (stmt, CTD_ARGS (CTD_INT (round), CTD_INT (advancers[i])));
      if (!ctd_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * ctd_store_set_advancement:
 * @self: a store
 * @round: a complete or released round that is not the final
 * @top_k: the director's choice: how many advance from each chouette
 * @wildcards: and how many wildcards
 * @advancers: (array length=n_advancers): the players who go on, as
 *   ctd_advance_select() chose them
 * @n_advancers: how many
 * @error: return location for a #GError
 *
 * Stores who advances from a round (replacing an earlier choice),
 * releasing it if it was only complete, as one action;
 * ctd_store_draw_round() then draws the next round from them.
 *
 * Returns: whether the advancers were stored
 */
gboolean
ctd_store_set_advancement (CtdStore      *self,
                           guint          round,
                           guint          top_k,
                           guint          wildcards,
                           const gint64  *advancers,
                           gsize          n_advancers,
                           GError       **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  g_autofree char *names = NULL;
  CtdRoundState state;
  CtdStage stage;
  CtdStage next_stage;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (advancers != NULL || n_advancers == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_advance_check_next_size (n_advancers, &next_stage, error) ||
      !ctd_store_action_begin (self, &action, "set-advancement", error) ||
      !ctd_store_get_round_stage (self, round, &stage, error) ||
      !ctd_store_get_round_state (self, round, &state, error))
    return FALSE;
  if (stage == CTD_STAGE_FINAL)
    return ctd_store_refuse (error, _("Round %u is the final: nobody advances from it; its scores "
                               "give the placings"), round);
  if (state != CTD_ROUND_COMPLETE && state != CTD_ROUND_RELEASED)
    return ctd_store_refuse (error, _("Round %u is %s: advancers are chosen once every game of the "
                               "round is entered and before the next round is drawn"), round,
                             ctd_round_state_to_title (state));

  if (!check_round_players (self, round, advancers, n_advancers, error) ||
      (names = describe_players (self, advancers, n_advancers, error)) == NULL)
    return FALSE;
  /* Translators: a line of the event's log: the top K players of each
   * chouette and the wildcards (players advancing from outside the top
   * K) advance to the next round; %s lists their names. */
  summary = g_strdup_printf (ngettext ("Round %u: top %u and %u wildcard advance: %s",
                                       "Round %u: top %u and %u wildcards advance: %s", wildcards),
                             round, top_k, wildcards, names);
  /* Choosing the advancers releases a complete round (SPEC 6): one
   * action, so one undo takes both back. */
  return (state != CTD_ROUND_COMPLETE || mark_released (self, round, error)) &&
         write_advancers (self, round, advancers, n_advancers, error) &&
         ctd_store_run (self, "UPDATE round SET top_k = ?2, wildcards = ?3 WHERE id = ?1 "
                        "AND (top_k, wildcards) IS NOT (?2, ?3)",
                        CTD_ARGS (CTD_INT (round), CTD_INT (top_k), CTD_INT (wildcards)), error) &&
         ctd_store_action_commit (&action, summary, error);
}
