/* ctd-advance.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-advance"

#include "config.h"

#include "ctd-advance.h"

#include "ctd-draw.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/* The largest field ctd_advance_plan() proposes a format for. */
#define MAX_PLAN_PLAYERS 256

/**
 * ctd_advance_error_quark:
 *
 * The error domain %CTD_ADVANCE_ERROR, whose codes are #CtdAdvanceError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-advance-error-quark, ctd_advance_error)

/**
 * ctd_advance_check_next_size:
 * @n_players: how many players would advance
 * @out_stage: (out) (optional): the next round's stage
 * @error: a #GError, or %NULL
 *
 * The next round must be drawable (SPEC 6): 3 or 4 players make the
 * Final, 6 or more another Semi-final round. 5, or fewer than 3, is
 * refused with the nearest numbers that work, so the director can change
 * the top K or the wildcards.
 *
 * Returns: %TRUE when @n_players can make the next round; on refusal
 *   @out_stage is left untouched
 */
gboolean
ctd_advance_check_next_size (guint      n_players,
                             CtdStage  *out_stage,
                             GError   **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players == 5)
    {
      g_set_error_literal (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE,
                           _("5 players cannot make the next round: advance 4 for a final "
                             "or 6 for two 3-player semi-finals"));
      return FALSE;
    }
  if (n_players < CTD_MIN_PLAYERS)
    {
      g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE,
                   ngettext ("%u player cannot make the next round: advance 3 or 4 for a final",
                             "%u players cannot make the next round: advance 3 or 4 for a final",
                             n_players),
                   n_players);
      return FALSE;
    }

  if (out_stage != NULL)
    *out_stage = n_players <= CTD_MAX_PLAYERS ? CTD_STAGE_FINAL : CTD_STAGE_SEMIFINAL;
  return TRUE;
}

/* Appends to @contenders (indices into @members, which are row indices in
 * standings order) the players a cut after the first @cut cannot place:
 * those who might finish inside or outside it depending on how an
 * unbroken tie is settled. A player's best place is 1 + those ahead, its
 * worst is the group size - those behind. */
static void
find_contenders (const CtdStandings *standings,
                 const GArray       *members,
                 guint               cut,
                 GArray             *contenders)
{
  for (guint i = 0; i < members->len; i++)
    {
      gint64 id = ctd_standings_get_row (standings, g_array_index (members, gsize, i))->player_id;
      guint ahead = 0;
      guint behind = 0;

      for (guint j = 0; j < members->len; j++)
        {
          gint64 other = ctd_standings_get_row (standings,
                                                g_array_index (members, gsize, j))->player_id;
          gint cmp = i == j ? 0 : ctd_standings_compare (standings, other, id);

          ahead += cmp < 0;
          behind += cmp > 0;
        }
      if (ahead + 1 <= cut && members->len - behind > cut)
        g_array_append_val (contenders, g_array_index (members, gsize, i));
    }
}

/* Refuses a cut that falls inside a tie: the director has to record a
 * roll-off between exactly the players named. */
static gboolean
fail_tie (const CtdStandings *standings,
          guint               chouette,
          guint               cut,
          const GArray       *contenders,
          CtdAdvanceTie      *out_tie,
          GError            **error)
{
  g_autoptr(GPtrArray) name_list = g_ptr_array_new ();
  g_autofree char *names = NULL;
  g_autofree char *where = NULL;
  g_autofree char *score = NULL;

  for (guint i = 0; i < contenders->len; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings,
                                                          g_array_index (contenders, gsize, i));

      g_ptr_array_add (name_list, row->name);
      if (out_tie != NULL)
        {
          if (out_tie->player_ids == NULL)
            out_tie->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_array_append_val (out_tie->player_ids, row->player_id);
        }
      /* Every contender has the same score: see find_contenders(). */
      if (score == NULL)
        score = ctd_halves_to_string (row->score, FALSE);
    }
  if (out_tie != NULL)
    out_tie->chouette = chouette;
  names = ctd_text_join_and (name_list);

  if (chouette != 0)
    /* Translators: said in "Tie at %s: ..."; the second %u is how
     * many players advance from each chouette (its top K). */
    where = g_strdup_printf (_("the cut of chouette %u (top %u)"), chouette, cut);
  else
    /* Translators: said in "Tie at %s: ..."; a wildcard is a player
     * who advances without being in the top K of a chouette. */
    where = g_strdup_printf (ngettext ("the wildcard cut (%u wildcard)",
                                       "the wildcard cut (%u wildcards)", cut), cut);
  if (contenders->len == 2)
    g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE,
                 /* Translators: the cut (the second %s is e.g. "the cut of chouette
                  * 2 (top 1)"), the two tied players' names, then their score. */
                 _("Tie at %s: %s both have %s; record a roll-off between them to decide who "
                   "advances"), where, names, score);
  else
    g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE,
                 /* Translators: the cut, the three or more tied players' names
                  * ("A, B and C"), then their score. */
                 _("Tie at %s: %s all have %s; record a roll-off between them to decide who "
                   "advances"), where, names, score);
  return FALSE;
}

static gint
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a;
  guint y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* The chouette numbers of the round, ascending, without repeats. */
static GArray *
list_chouettes (const CtdStandings *standings)
{
  GArray *chouettes = g_array_new (FALSE, FALSE, sizeof (guint));
  gsize n_rows = ctd_standings_get_n_rows (standings);
  guint kept = 0;

  for (gsize i = 0; i < n_rows; i++)
    g_array_append_val (chouettes, ctd_standings_get_row (standings, i)->chouette);
  g_array_sort (chouettes, compare_guint);
  for (guint i = 0; i < chouettes->len; i++)
    if (kept == 0 || g_array_index (chouettes, guint, i) != g_array_index (chouettes, guint, kept - 1))
      g_array_index (chouettes, guint, kept++) = g_array_index (chouettes, guint, i);
  g_array_set_size (chouettes, kept);
  return chouettes;
}

/* The row indices of @chouette's players (or, for 0, of every player not
 * yet chosen), in standings order. */
static GArray *
list_members (const CtdStandings *standings,
              guint               chouette,
              const gboolean     *chosen)
{
  GArray *members = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize n_rows = ctd_standings_get_n_rows (standings);

  for (gsize i = 0; i < n_rows; i++)
    if (chouette == 0 ? !chosen[i] : ctd_standings_get_row (standings, i)->chouette == chouette)
      g_array_append_val (members, i);
  return members;
}

/* Chooses the first @cut of @members, or refuses a tie across the cut. */
static gboolean
choose (const CtdStandings *standings,
        const GArray       *members,
        guint               chouette,
        guint               cut,
        gboolean           *chosen,
        CtdAdvanceTie      *out_tie,
        GError            **error)
{
  g_autoptr(GArray) contenders = g_array_new (FALSE, FALSE, sizeof (gsize));

  find_contenders (standings, members, cut, contenders);
  if (contenders->len > 0)
    return fail_tie (standings, chouette, cut, contenders, out_tie, error);
  /* With no contenders, the first @cut in standings order are exactly
   * the players certain to be inside the cut. */
  for (guint i = 0; i < cut && i < members->len; i++)
    chosen[g_array_index (members, gsize, i)] = TRUE;
  return TRUE;
}

/**
 * ctd_advance_select:
 * @standings: the standings of a complete round, roll-offs included
 * @top_k: how many advance from each chouette, at least 1
 * @wildcards: how many more advance on the best remaining scores
 * @out_tie: (out caller-allocates) (optional): on %CTD_ADVANCE_ERROR_TIE,
 *   the tie to roll off (the first cut found tied, chouettes before the
 *   wildcards); it must be empty on entry, is left empty on any other
 *   outcome, and the caller clears it with ctd_advance_tie_clear()
 * @error: a #GError, or %NULL
 *
 * Chooses who advances (rule 1.7, SPEC 6): the top @top_k of every
 * chouette, then @wildcards more across the round. A cut that falls inside
 * a tie is refused, naming the players to roll off, since ties are never
 * broken silently. The size of the next round is checked before any tie,
 * so the director does not hold a roll-off for a format that cannot work.
 *
 * Nothing is stored: ctd_tournament_advance() records the choice.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the
 *   advancers' ids in standings display order, to free with
 *   g_array_unref(), or %NULL with @error set
 */
GArray *
ctd_advance_select (const CtdStandings *standings,
                    guint               top_k,
                    guint               wildcards,
                    CtdAdvanceTie      *out_tie,
                    GError            **error)
{
  g_autoptr(GArray) chouettes = NULL;
  g_autoptr(GArray) remaining = NULL;
  g_autofree gboolean *chosen = NULL;
  GArray *advancers;
  gsize n_rows;
  guint n_remaining;

  g_return_val_if_fail (standings != NULL, NULL);
  g_return_val_if_fail (out_tie == NULL || out_tie->player_ids == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_rows = ctd_standings_get_n_rows (standings);
  chouettes = list_chouettes (standings);
  chosen = g_new0 (gboolean, MAX (n_rows, 1));

  if (top_k == 0)
    {
      g_set_error_literal (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_INVALID,
                           /* Translators: top K is how many players
                            * advance from each chouette. */
                           _("Top 0 cannot be: the top player of every chouette advances "
                             "(rule 1.7), so top K must be 1 or more"));
      return NULL;
    }
  for (guint c = 0; c < chouettes->len; c++)
    {
      guint chouette = g_array_index (chouettes, guint, c);
      g_autoptr(GArray) members = list_members (standings, chouette, chosen);

      if (members->len < top_k)
        {
          g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_INVALID,
                       ngettext ("Top %u cannot advance from chouette %u, which has only %u "
                                 "player: choose a top K of %u or less",
                                 "Top %u cannot advance from chouette %u, which has only %u "
                                 "players: choose a top K of %u or less", members->len),
                       top_k, chouette, members->len, members->len);
          return NULL;
        }
    }
  n_remaining = (guint) n_rows - top_k * chouettes->len;
  if (wildcards > n_remaining)
    {
      g_autofree char *left = g_strdup_printf (ngettext ("only %u player remains",
                                                         "only %u players remain",
                                                         n_remaining), n_remaining);

      g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_INVALID,
                   /* Translators: the second %s is e.g. "only 2 players remain". */
                   ngettext ("%u wildcard cannot be chosen: %s after the top %u of each "
                             "chouette",
                             "%u wildcards cannot be chosen: %s after the top %u of each "
                             "chouette", wildcards),
                   wildcards, left, top_k);
      return NULL;
    }
  if (!ctd_advance_check_next_size (top_k * chouettes->len + wildcards, NULL, error))
    return NULL;

  for (guint c = 0; c < chouettes->len; c++)
    {
      guint chouette = g_array_index (chouettes, guint, c);
      g_autoptr(GArray) members = list_members (standings, chouette, chosen);

      if (!choose (standings, members, chouette, top_k, chosen, out_tie, error))
        return NULL;
    }
  remaining = list_members (standings, 0, chosen);
  if (!choose (standings, remaining, 0, wildcards, chosen, out_tie, error))
    return NULL;

  advancers = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (gsize i = 0; i < n_rows; i++)
    if (chosen[i])
      g_array_append_val (advancers, ctd_standings_get_row (standings, i)->player_id);
  return advancers;
}

/**
 * ctd_advance_tie_clear:
 * @tie: a tie filled by ctd_advance_select() or ctd_tournament_advance(), or
 *   an empty one
 *
 * Frees what ctd_advance_select() put in @tie and empties it, so it can
 * be passed in again; clearing an empty tie does nothing. @tie itself
 * belongs to the caller and is not freed.
 */
void
ctd_advance_tie_clear (CtdAdvanceTie *tie)
{
  g_return_if_fail (tie != NULL);

  g_clear_pointer (&tie->player_ids, g_array_unref);
  tie->chouette = 0;
}

/* The chouettes of a field of @n players, or 0 for one the draw refuses. */
static guint
count_chouettes (guint  n,
                 guint *out_smallest)
{
  guint n_fours;
  guint n_threes;

  if (!ctd_draw_sizes (n, &n_fours, &n_threes, NULL))
    return 0;
  *out_smallest = n_threes > 0 ? 3 : 4;
  return n_fours + n_threes;
}

/*
 * Rule 1.7 advances "the top player(s) from each chouette" and nothing
 * else, so the proposal is a top K per round alone (SPEC 6). For every
 * field up to @n it finds, from the smallest up, the plan with the
 * fewest rounds to a Final of 3 or 4 and, among those, the smallest K in
 * each round (the tightest cut first). K stays below the smallest
 * chouette's size, so every chouette plays for something, and each
 * next round must be drawable (ctd_advance_check_next_size()).
 *
 * Fills @top_k[m] for every field m <= @n that has such a plan (0 for a
 * Final), and returns whether @n has one. Since a plan's tail is the
 * best plan of the round it starts from, a director who follows the
 * proposal round by round meets the same plan again.
 */
static gboolean
find_top_k_plans (guint  n,
                  guint *top_k,
                  guint *n_rounds)
{
  for (guint m = 0; m <= n; m++)
    {
      guint smallest = 0;
      guint n_chouettes = count_chouettes (m, &smallest);

      n_rounds[m] = 0;  /* no plan */
      top_k[m] = 0;
      if (n_chouettes == 1)
        n_rounds[m] = 1;
      for (guint k = 1; n_chouettes > 1 && k < smallest; k++)
        {
          guint next = k * n_chouettes;

          if (next < m && n_rounds[next] > 0
              && ctd_advance_check_next_size (next, NULL, NULL)
              && (n_rounds[m] == 0 || n_rounds[next] + 1 < n_rounds[m]))
            {
              n_rounds[m] = n_rounds[next] + 1;
              top_k[m] = k;
            }
        }
    }
  return n_rounds[n] > 0;
}

/* Only when no top-K plan reaches a Final: the top player of each
 * chouette plus enough wildcards to fill 4-player chouettes, as before
 * SPEC 6 chose rule 1.7's wording. With today's size rules every field
 * the draw accepts has a top-K plan (two chouettes send 2 to a final of
 * 4, five send 2 each to a round of 10, any other number sends its
 * winners on), so this stays as the flagged way out should those rules
 * ever close that door. */
static void
plan_wildcard_cut (guint  n_chouettes,
                   guint *out_top_k,
                   guint *out_wildcards)
{
  *out_top_k = n_chouettes == 2 ? 2 : 1;
  if (n_chouettes == 3)
    *out_wildcards = 1;
  else if (n_chouettes > 4)
    *out_wildcards = (4 - n_chouettes % 4) % 4;
  else
    *out_wildcards = 0;
}

/**
 * ctd_advance_plan:
 * @n_players: the field, 3 to 256 players
 * @out_plan: (out caller-allocates): the proposed rounds, the last one
 *   the Final; untouched on refusal
 * @error: a #GError, or %NULL
 *
 * Proposes a format for a field (SPEC 6, rule 1.7), which the director
 * may follow or change round by round: 4-player chouettes wherever
 * possible, and from each chouette its top K alone, with the fewest
 * rounds to a Final of 3 or 4 and then the smallest K in each round
 * (12 players: three chouettes, top 1 each, a Final of 3). Wildcards
 * appear only where no such plan exists, and then @out_plan's
 * beyond_aba is set.
 *
 * Returns: %TRUE with @out_plan filled; %FALSE with @error set for a
 *   field that cannot be drawn (%CTD_DRAW_ERROR) or is over 256 players
 */
gboolean
ctd_advance_plan (guint      n_players,
                  CtdPlan   *out_plan,
                  GError   **error)
{
  guint top_k[MAX_PLAN_PLAYERS + 1];
  guint n_rounds[MAX_PLAN_PLAYERS + 1];
  CtdPlan plan = { 0 };
  gboolean top_k_only;
  guint n = n_players;

  g_return_val_if_fail (out_plan != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_players > MAX_PLAN_PLAYERS)
    {
      g_set_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE,
                   ngettext ("No plan is proposed for %u player, only for fields of 3 to %u: "
                             "choose the top K and wildcards round by round",
                             "No plan is proposed for %u players, only for fields of 3 to %u: "
                             "choose the top K and wildcards round by round", n_players),
                   n_players, MAX_PLAN_PLAYERS);
      return FALSE;
    }

  top_k_only = find_top_k_plans (n_players, top_k, n_rounds);
  for (;;)
    {
      CtdPlanRound *round;
      guint n_chouettes;

      /* Each round keeps at most half the field before it (a quarter
       * with top 1 of fours), so 256 players need only a few rounds. */
      g_assert (plan.n_rounds < G_N_ELEMENTS (plan.rounds));
      round = &plan.rounds[plan.n_rounds++];
      if (!ctd_draw_sizes (n, &round->n_fours, &round->n_threes, error))
        return FALSE;
      round->n_players = n;
      n_chouettes = round->n_fours + round->n_threes;
      if (n_chouettes == 1)
        {
          round->stage = CTD_STAGE_FINAL;
          break;
        }
      round->stage = plan.n_rounds == 1 ? CTD_STAGE_QUALIFYING : CTD_STAGE_SEMIFINAL;
      if (top_k_only)
        round->top_k = top_k[n];
      else
        plan_wildcard_cut (n_chouettes, &round->top_k, &round->wildcards);
      plan.beyond_aba |= round->wildcards > 0;
      n = round->top_k * n_chouettes + round->wildcards;
    }

  *out_plan = plan;
  return TRUE;
}

/* "2 chouettes of 4 and 3 of 3", "1 chouette of 3" */
static char *
describe_chouettes (guint n_fours,
                    guint n_threes)
{
  guint first = n_fours > 0 ? n_fours : n_threes;
  g_autofree char *chouettes = NULL;

  /* Translators: how many chouettes (groups playing together), then
   * how many players each has (3 or 4). */
  chouettes = g_strdup_printf (ngettext ("%u chouette of %u", "%u chouettes of %u", first),
                               first, n_fours > 0 ? 4 : 3);
  if (n_fours == 0 || n_threes == 0)
    return g_steal_pointer (&chouettes);
  /* Translators: %s is e.g. "2 chouettes of 4", then how many
   * chouettes of 3 players there are too. */
  return g_strdup_printf (ngettext ("%s and %u of 3", "%s and %u of 3", n_threes), chouettes,
                          n_threes);
}

/**
 * ctd_advance_plan_describe:
 * @plan: a plan from ctd_advance_plan()
 *
 * The plan as a director reads it, one line per round ending in a line
 * break, for the setup screen and the printed format sheet. A plan with
 * wildcards ends with a line saying that they go beyond the ABA rules,
 * and so does one with more than one Semi-final round (SPEC 6's
 * decision for fields too large for one).
 *
 * Returns: (transfer full): the text, to free with g_free()
 */
char *
ctd_advance_plan_describe (const CtdPlan *plan)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean any_wildcards = FALSE;
  guint n_semifinals = 0;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (plan->n_rounds <= G_N_ELEMENTS (plan->rounds), NULL);

  for (guint r = 0; r < plan->n_rounds; r++)
    {
      const CtdPlanRound *round = &plan->rounds[r];
      guint n_chouettes = round->n_fours + round->n_threes;
      guint n_advancing = round->top_k * n_chouettes + round->wildcards;
      g_autofree char *chouettes = describe_chouettes (round->n_fours, round->n_threes);
      g_autofree char *advancing = NULL;
      g_autofree char *who = NULL;

      if (round->stage == CTD_STAGE_FINAL)
        {
          /* Translators: the stage ("Final"), how many players, and the
           * chouettes they play in (e.g. "1 chouette of 4"). */
          g_string_append_printf (text, ngettext ("%s: %u player in %s.\n",
                                                  "%s: %u players in %s.\n", round->n_players),
                                  ctd_stage_to_title (round->stage), round->n_players,
                                  chouettes);
          continue;
        }
      advancing = g_strdup_printf (ngettext ("%u player", "%u players", n_advancing),
                                   n_advancing);
      if (round->wildcards > 0)
        /* Translators: "top 1 of each" is the top player of each
         * chouette; a wildcard is a player advancing from outside the
         * top K; the last %s is e.g. "5 players", who advance in all. */
        who = g_strdup_printf (ngettext ("top %u of each and %u wildcard advance (%s)",
                                         "top %u of each and %u wildcards advance (%s)",
                                         round->wildcards),
                               round->top_k, round->wildcards, advancing);
      else
        /* Translators: the top K players of each chouette advance; %s is
         * e.g. "4 players", who advance in all. */
        who = g_strdup_printf (_("top %u of each advances (%s)"), round->top_k, advancing);
      /* Translators: the stage ("Qualifying"), how many players, the
       * chouettes they play in (e.g. "2 chouettes of 4 and 1 of 3"), then
       * who advances (e.g. "top 1 of each advances (3 players)"). */
      g_string_append_printf (text, ngettext ("%s: %u player in %s; %s.\n",
                                              "%s: %u players in %s; %s.\n", round->n_players),
                              ctd_stage_to_title (round->stage), round->n_players, chouettes,
                              who);
      any_wildcards |= round->wildcards > 0;
      n_semifinals += round->stage == CTD_STAGE_SEMIFINAL;
    }
  if (plan->beyond_aba || any_wildcards)
    /* Translators: ABA is the American Backgammon Association, whose
     * chouette tournament rules these are. */
    g_string_append (text, _("Wildcards go beyond the ABA rules: rule 1.7 advances only the "
                             "top player(s) of each chouette.\n"));
  /* SPEC 6's decision, said where it applies, as the wildcards are. */
  if (n_semifinals == 2)
    /* Translators: %u is how many players the event starts with. */
    g_string_append_printf (text, _("A second Semi-final round goes beyond the ABA rules: rule "
                                    "1.7 names one Semi-final stage, and a field of %u is too "
                                    "large to reach a Final through one, even with only the "
                                    "top player of each chouette advancing.\n"),
                            plan->rounds[0].n_players);
  else if (n_semifinals > 2)
    /* Translators: how many Semi-final rounds, then how many players
     * the event starts with. */
    g_string_append_printf (text, ngettext ("%u Semi-final round goes beyond the ABA rules: "
                                            "rule 1.7 names one Semi-final stage, and a field "
                                            "of %u is too large to reach a Final through one, "
                                            "even with only the top player of each chouette "
                                            "advancing.\n",
                                            "%u Semi-final rounds go beyond the ABA rules: "
                                            "rule 1.7 names one Semi-final stage, and a field "
                                            "of %u is too large to reach a Final through one, "
                                            "even with only the top player of each chouette "
                                            "advancing.\n", n_semifinals),
                            n_semifinals, plan->rounds[0].n_players);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
