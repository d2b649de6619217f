/* ctd-cut.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-cut"

#include "config.h"

#include "ctd-cut.h"

#include <string.h>

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-outcome.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/*
 * The advancement cut of a round as the director's desk works it (SPEC
 * 6): what a cut would do before it is stored (the Advance dialog), what
 * each player's row says about it (the Standings page), the tie a
 * roll-off must settle, and a roll-off order as the director types it.
 * The rules are ctd-advance's and ctd-event's; this only asks them.
 */

/* "Ann, Bob and Cid" from a round's standings. */
static char *
join_names (const CtdStandings *standings,
            const GArray       *ids)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < ids->len; i++)
    for (gsize r = 0; r < ctd_standings_get_n_rows (standings); r++)
      {
        const CtdStandingsRow *row = ctd_standings_get_row (standings, r);

        if (row->player_id == g_array_index (ids, gint64, i))
          g_ptr_array_add (names, row->name);
      }
  return ctd_text_join_and (names);
}

/**
 * ctd_cut_preview:
 * @store: an event
 * @round: a qualifying or semi-final round
 * @top_k: how many would advance from each chouette
 * @wildcards: and how many more by best remaining score
 * @out_preview: (out caller-allocates): what the cut does; filled as far
 *   as the rules allow even on refusal (the next round's size and stage
 *   once they are known, the tie to roll off); clear it with
 *   ctd_cut_preview_clear()
 * @error: return location for a #GError
 *
 * What ctd_tournament_advance() would do with this cut, storing nothing: the
 * refusal is the one it would give (a cut out of range, a next round of
 * 5 or fewer than 3 with the nearest sizes that work, a tie at the cut,
 * an incomplete round), so a dialog can show it before the director
 * confirms (ctd_cut_preview_of()).
 *
 * Returns: whether advancing with this cut would be accepted now
 */
gboolean
ctd_cut_preview (CtdStore       *store,
                 guint           round,
                 guint           top_k,
                 guint           wildcards,
                 CtdCutPreview  *out_preview,
                 GError        **error)
{
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GError) unfinished = NULL;

  g_return_val_if_fail (store != NULL && out_preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *out_preview = (CtdCutPreview) { .top_k = top_k, .wildcards = wildcards };
  standings = ctd_tournament_round_standings (store, round, FALSE, error);
  if (standings == NULL || (chouettes = ctd_store_list_chouettes (store, round, error)) == NULL)
    return FALSE;
  if (!ctd_tournament_check_round_finished (store, round, &unfinished) &&
      !g_error_matches (unfinished, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE) &&
      !g_error_matches (unfinished, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED))
    {
      g_propagate_error (error, g_steal_pointer (&unfinished));
      return FALSE;
    }
  return ctd_cut_preview_of (standings, chouettes->len, unfinished, top_k, wildcards,
                             out_preview, error);
}

/**
 * ctd_cut_preview_of:
 * @standings: the round's standings, the director's view
 * @n_chouettes: the round's chouettes
 * @unfinished: (nullable): why nobody can advance from the round yet
 *   (ctd_tournament_check_hold_ups()), %NULL once it is finished
 * @top_k: how many would advance from each chouette
 * @wildcards: and how many more by best remaining score
 * @out_preview: (out caller-allocates): as ctd_cut_preview() fills it
 * @error: return location for a #GError
 *
 * ctd_cut_preview() from what a view of the round holds: no file read.
 *
 * Returns: whether advancing with this cut would be accepted now
 */
gboolean
ctd_cut_preview_of (const CtdStandings  *standings,
                    guint                n_chouettes,
                    const GError        *unfinished,
                    guint                top_k,
                    guint                wildcards,
                    CtdCutPreview       *out_preview,
                    GError             **error)
{
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GError) refusal = NULL;

  g_return_val_if_fail (standings != NULL && out_preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *out_preview = (CtdCutPreview) { .top_k = top_k, .wildcards = wildcards };
  if (n_chouettes == 0)
    return FALSE;
  out_preview->n_next = top_k * n_chouettes + wildcards;
  advancers = ctd_advance_select (standings, top_k, wildcards, &out_preview->tie, &refusal);
  if (advancers != NULL || g_error_matches (refusal, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE))
    out_preview->size_ok = ctd_advance_check_next_size (out_preview->n_next,
                                                        &out_preview->next_stage, NULL);
  /* An unfinished round is refused first: its ties may still change. */
  if (unfinished != NULL)
    {
      ctd_advance_tie_clear (&out_preview->tie);
      g_propagate_error (error, g_error_copy (unfinished));
      return FALSE;
    }
  if (advancers == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&refusal));
      return FALSE;
    }
  out_preview->advancer_names = join_names (standings, advancers);
  out_preview->advancers = g_steal_pointer (&advancers);
  return TRUE;
}

/**
 * ctd_cut_preview_clear:
 * @preview: a preview filled by ctd_cut_preview(), or zeroed
 *
 * Frees what the preview holds and zeroes it.
 */
void
ctd_cut_preview_clear (CtdCutPreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_clear_pointer (&preview->advancers, g_array_unref);
  g_clear_pointer (&preview->advancer_names, g_free);
  ctd_advance_tie_clear (&preview->tie);
  *preview = (CtdCutPreview) { 0 };
}

/**
 * ctd_cut_preview_describe:
 * @preview: a preview from ctd_cut_preview()
 *
 * The cut as the director confirms it: how many go on to which round,
 * who they are once known, and the plan from there to the Final
 * (ctd_advance_plan_describe()). Empty when the cut is out of range.
 *
 * Returns: (transfer full): the text, to free with g_free()
 */
char *
ctd_cut_preview_describe (const CtdCutPreview *preview)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *rest = NULL;
  CtdPlan plan;

  g_return_val_if_fail (preview != NULL, NULL);

  if (!preview->size_ok)
    return g_string_free (g_steal_pointer (&text), FALSE);
  /* A sentence for each next stage: a heading's "Final" put into a
   * sentence kept its capital and took no article ("passent en
   * Finale"). */
  if (preview->next_stage == CTD_STAGE_FINAL)
    /* Translators: the top K players of each chouette and the
     * wildcards (players advancing from outside the top K), then how
     * many players that makes */
    g_string_append_printf (text, ngettext ("Top %u of each chouette and %u wildcard: %u players "
                                            "go on to the final.\n",
                                            "Top %u of each chouette and %u wildcards: %u "
                                            "players go on to the final.\n", preview->wildcards),
                            preview->top_k, preview->wildcards, preview->n_next);
  else
    /* Translators: as the sentence before, to the semi-finals */
    g_string_append_printf (text, ngettext ("Top %u of each chouette and %u wildcard: %u players "
                                            "go on to the semi-finals.\n",
                                            "Top %u of each chouette and %u wildcards: %u "
                                            "players go on to the semi-finals.\n",
                                            preview->wildcards),
                            preview->top_k, preview->wildcards, preview->n_next);
  if (preview->advancer_names != NULL)
    /* Translators: the names of the players who advance, "A, B and C". */
    g_string_append_printf (text, _("Advancing: %s.\n"), preview->advancer_names);
  if (ctd_advance_plan (preview->n_next, &plan, NULL))
    {
      /* The plan starts from a field; here that field is the next round. */
      plan.rounds[0].stage = preview->next_stage;
      rest = ctd_advance_plan_describe (&plan);
      g_string_append (text, rest);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const CtdTournamentAdvancer *
find_advancer (const GArray *advancers,
               gint64        id)
{
  for (guint i = 0; i < advancers->len; i++)
    if (g_array_index (advancers, CtdTournamentAdvancer, i).player_id == id)
      return &g_array_index (advancers, CtdTournamentAdvancer, i);
  return NULL;
}

static gboolean
contains_id (const GArray *ids,
             gint64        id)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == id)
      return TRUE;
  return FALSE;
}

/* Who the proposed cut would send on, while the director has chosen
 * nobody yet: only for a finished round with a cut that falls cleanly. */
static GArray *
propose (CtdStore            *store,
         const CtdStoreRound *info,
         const CtdStandings  *standings,
         guint               *out_top_k)
{
  guint wildcards;

  if (info->stage == CTD_STAGE_FINAL || info->state < CTD_ROUND_COMPLETE ||
      info->state == CTD_ROUND_CLOSED ||
      !ctd_tournament_get_cut (store, info->number, out_top_k, &wildcards, NULL))
    return NULL;
  return ctd_advance_select (standings, *out_top_k, wildcards, NULL, NULL);
}

/* One row's note: where it goes, or would go, and what ties concern it. */
static char *
note_for (const CtdStandingsRow   *row,
          const CtdStoreRound     *info,
          const CtdTournamentAdvancer  *advancer,
          CtdStage                 next_stage,
          gboolean                 proposed,
          guint                    top_k)
{
  g_autoptr(GString) note = g_string_new (NULL);
  gboolean wildcard = row->chouette_rank > top_k;

  if (advancer != NULL)
    {
      const char *advances;

      if (next_stage == CTD_STAGE_FINAL)
        /* Translators: a player's note in the standings; a wildcard
         * advances from outside the top K of their chouette. */
        advances = wildcard ? _("wildcard: advances to the final") : _("advances to the final");
      else
        /* Translators: a player's note in the standings; a wildcard
         * advances from outside the top K of their chouette. */
        advances = wildcard ? _("wildcard: advances to the semi-finals")
                            : _("advances to the semi-finals");
      if (advancer->chouette != 0)
        /* Translators: a player's note in the standings: %1$s says where
         * they advance ("advances to the final"), then the chouette
         * they were drawn into, round and number ("2.1") */
        g_string_append_printf (note, _("%1$s (%2$u.%3$u)"), advances, info->number + 1,
                                advancer->chouette);
      else
        g_string_append (note, advances);
    }
  else if (proposed)
    /* Translators: notes of a player in the standings, joined by "; "
     * when several apply; the cut is where the top K of each chouette
     * (and the wildcards) end; a roll-off decides a tie. */
    g_string_append (note, wildcard ? _("in line for a wildcard") : _("in line to advance"));
  if (row->needs_rolloff)
    ctd_text_append_note (note, info->stage == CTD_STAGE_FINAL ? _("tie for a place")
                                                               : _("tie at the cut"));
  if (row->rolloff_place == 1)
    ctd_text_append_note (note, _("roll-off won"));
  else if (row->rolloff_place > 1)
    {
      g_autofree char *place = ctd_outcome_ordinal (row->rolloff_place);
      /* Translators: %s is an ordinal place, "2nd", "3rd". */
      g_autofree char *in_rolloff = g_strdup_printf (_("%s in roll-off"), place);

      ctd_text_append_note (note, in_rolloff);
    }
  return g_string_free (g_steal_pointer (&note), FALSE);
}

/**
 * ctd_cut_notes:
 * @store: an event
 * @round: a round number
 * @standings: (nullable): the round's standings, the director's view
 *   (ctd_tournament_round_standings()), when the caller has them, else %NULL
 * @public_view: the notes of the posting rather than the director's
 * @error: return location for a #GError
 *
 * What each player's row of the standings says about the cut: "advances
 * to the Final (3.1)", "wildcard: advances to the Semi-final", while no
 * advancers are chosen "in line to advance" (the cut the round is judged
 * by, ctd_tournament_get_cut()), then "tie at the cut" (or "tie for a place"
 * in the final), "roll-off won", "2nd in roll-off". A posting says only
 * what is decided (no "in line to advance"), and a posting of a secret
 * round has no notes at all: they would tell the scores' order.
 *
 * Returns: (transfer full) (nullable): player id (gint64 *) -> note
 *   (char *, possibly empty), or %NULL with @error set
 */
GHashTable *
ctd_cut_notes (CtdStore            *store,
               guint                round,
               const CtdStandings  *standings,
               gboolean             public_view,
               GError             **error)
{
  g_autoptr(GHashTable) notes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(CtdStandings) computed = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) proposed = NULL;
  CtdStage next_stage = CTD_STAGE_FINAL;
  CtdStoreRound info;
  guint top_k = 0;

  g_return_val_if_fail (store != NULL, NULL);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return NULL;
  /* A secret posting: not even the games are read. */
  if (public_view && !ctd_standings_scores_are_public (info.stage, info.state))
    return g_steal_pointer (&notes);
  if ((standings == NULL &&
       (standings = computed = ctd_tournament_round_standings (store, round, FALSE, error)) == NULL) ||
      (advancers = ctd_tournament_list_advancers (store, round, &next_stage, error)) == NULL)
    return NULL;
  if (advancers->len > 0)
    top_k = info.top_k > 0 ? (guint) info.top_k : 1;
  else if (!public_view)
    proposed = propose (store, &info, standings, &top_k);

  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);

      g_hash_table_insert (notes, g_memdup2 (&row->player_id, sizeof (gint64)),
                           note_for (row, &info, find_advancer (advancers, row->player_id),
                                     next_stage, contains_id (proposed, row->player_id), top_k));
    }
  return g_steal_pointer (&notes);
}

/**
 * ctd_cut_find_tie:
 * @store: an event
 * @round: a complete round
 * @standings: (nullable): the round's standings, the director's view,
 *   when the caller has them, else %NULL
 * @error: return location for a #GError
 *
 * The tie a roll-off must settle before the round can go on, against
 * the cut the round is judged by (ctd_tournament_get_cut()); in the final,
 * the first tied placing (ctd_tournament_find_tie()).
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the tied
 *   players' ids in standings order, or %NULL with @error set
 *   (%CTD_TOURNAMENT_ERROR_NO_TIE when nothing is tied)
 */
GArray *
ctd_cut_find_tie (CtdStore            *store,
                  guint                round,
                  const CtdStandings  *standings,
                  GError             **error)
{
  CtdStoreRound info;
  guint top_k = 0;
  guint wildcards = 0;

  g_return_val_if_fail (store != NULL, NULL);

  if (!ctd_tournament_get_round (store, round, &info, error))
    return NULL;
  if (info.stage != CTD_STAGE_FINAL &&
      !ctd_tournament_get_cut (store, round, &top_k, &wildcards, error))
    return NULL;
  return ctd_tournament_find_tie (store, round, standings, top_k, wildcards, error);
}

/* The player of the round that @word names: "#12" (the player's
 * number) or a name, in any case. */
static gboolean
find_seated (const GPtrArray  *chouettes,
             guint             round,
             const char       *word,
             gint64           *out_id,
             GError          **error)
{
  g_autofree char *wanted = g_utf8_casefold (word, -1);
  guint64 number = 0;
  guint n_found = 0;

  if (word[0] == '#' && !g_ascii_string_to_unsigned (word + 1, 10, 1, G_MAXINT64, &number, NULL))
    number = G_MAXUINT64;
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);

      for (guint k = 0; k < seats->size; k++)
        {
          g_autofree char *name = g_utf8_casefold (seats->names[k], -1);

          if (word[0] == '#' ? seats->players[k] == (gint64) number : strcmp (name, wanted) == 0)
            {
              *out_id = seats->players[k];
              n_found++;
            }
        }
    }
  if (n_found == 1)
    return TRUE;
  if (n_found == 0)
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                 /* Translators: %s is what the director typed. */
                 _("“%s” is not a player of round %u: type names or #numbers, winner first, "
                   "separated by commas"), word, round);
  else
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                 _("Several players of round %u are called “%s”: type their #numbers instead"),
                 round, word);
  return FALSE;
}

/**
 * ctd_cut_parse_order:
 * @store: an event
 * @round: the round of the roll-off
 * @text: the roll-off's result as the director types it, winner first:
 *   names (any case) or #numbers, separated by commas or semicolons
 * @error: return location for a #GError
 *
 * Reads a typed roll-off order. Whether these players are tied, and
 * whether the round takes a roll-off, is for ctd_tournament_tiebreak().
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the ids in
 *   the order typed, or %NULL with @error set
 */
GArray *
ctd_cut_parse_order (CtdStore    *store,
                     guint        round,
                     const char  *text,
                     GError     **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;

  g_return_val_if_fail (store != NULL && text != NULL, NULL);

  chouettes = ctd_store_list_chouettes (store, round, error);
  return chouettes != NULL ? ctd_cut_parse_order_in (chouettes, round, text, error) : NULL;
}

/**
 * ctd_cut_parse_order_in:
 * @chouettes: (element-type CtdStoreChouette): the round's chouettes
 *   (ctd_store_list_chouettes())
 * @round: the round of the roll-off
 * @text: the roll-off's result as the director types it
 * @error: return location for a #GError
 *
 * ctd_cut_parse_order() among the players seated in @chouettes, as a
 * view of the round holds them: no file read.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the ids in
 *   the order typed, or %NULL with @error set
 */
GArray *
ctd_cut_parse_order_in (const GPtrArray  *chouettes,
                        guint             round,
                        const char       *text,
                        GError          **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto(GStrv) words = NULL;

  g_return_val_if_fail (chouettes != NULL && text != NULL, NULL);

  words = g_regex_split_simple ("[,;\n]", text, 0, 0);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = g_strstrip (words[i]);
      gint64 id = 0;

      if (*word == '\0')
        continue;
      if (!find_seated (chouettes, round, word, &id, error))
        return NULL;
      g_array_append_val (ids, id);
    }
  if (ids->len < 2)
    {
      g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                           _("Type the tied players in roll-off order, winner first, separated "
                             "by commas: at least two"));
      return NULL;
    }
  return g_steal_pointer (&ids);
}
