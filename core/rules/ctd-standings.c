/* ctd-standings.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-standings"

#include "config.h"

#include "ctd-standings.h"

#include "ctd-rng.h"

#include <glib/gi18n-lib.h>

/*
 * CtdStandingsRows are ordered by score; roll-offs order players of equal score.
 * A player may take part in more than one roll-off (lose a roll-off for
 * the top spot of a chouette, then roll off with a player of another
 * chouette for a wildcard), so roll-offs are kept as a transitive
 * "finished ahead of" relation rather than as disjoint groups. Two
 * players of equal score that no chain of roll-offs orders are tied.
 */

struct _CtdStandings
{
  gsize            n_players;
  /* Owned, in the caller's entry order, which never changes. */
  CtdStandingsRow *players;
  /* Owned: indices into @players, best first. */
  gsize           *order;
  /* Owned: @n_players x @n_players; ahead[i * n + j] when roll-offs put
   * player i ahead of player j, directly or through other roll-offs. */
  guint8          *ahead;
  /* Owned: player id -> index + 1. */
  GHashTable      *index_of;
  /* A public view of a secret round: no scores, no ranks (rule 1.7). */
  gboolean         scores_hidden;
  /* Which ties decide something (needs_rolloff). */
  enum { MARK_NONE, MARK_CUT, MARK_PLACINGS } marks;
  guint            top_k;
  guint            wildcards;
};

/**
 * ctd_standings_error_quark:
 *
 * The error domain %CTD_STANDINGS_ERROR, whose codes are
 * #CtdStandingsError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-standings-error-quark, ctd_standings_error)

static gboolean
rolled_ahead (const CtdStandings *self,
              gsize               i,
              gsize               j)
{
  return self->ahead[i * self->n_players + j] != 0;
}

/* <0 when player i is ahead of player j, >0 when behind, 0 when tied. */
static gint
compare_players (const CtdStandings *self,
                 gsize               i,
                 gsize               j)
{
  CtdHalves score_i = self->players[i].score;
  CtdHalves score_j = self->players[j].score;

  if (score_i != score_j)
    return score_i > score_j ? -1 : 1;
  if (rolled_ahead (self, i, j))
    return -1;
  if (rolled_ahead (self, j, i))
    return 1;
  return 0;
}

static gboolean
lookup_player (const CtdStandings *self,
               gint64              player_id,
               gsize              *out_index)
{
  gpointer value = g_hash_table_lookup (self->index_of, &player_id);

  if (value == NULL)
    return FALSE;
  *out_index = GPOINTER_TO_SIZE (value) - 1;
  return TRUE;
}

static int
compare_display (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const CtdStandings *self = user_data;
  const CtdStandingsRow *row_a = &self->players[*(const gsize *) a];
  const CtdStandingsRow *row_b = &self->players[*(const gsize *) b];
  int cmp;

  /* Sorting by rank keeps every player behind all those ahead of it, even
   * where roll-offs order only some of the players of a score. */
  if (row_a->rank != row_b->rank)
    return row_a->rank < row_b->rank ? -1 : 1;
  if (row_a->chouette != row_b->chouette)
    return row_a->chouette < row_b->chouette ? -1 : 1;
  cmp = g_strcmp0 (row_a->name, row_b->name);
  if (cmp != 0)
    return cmp;
  return (row_a->player_id > row_b->player_id) - (row_a->player_id < row_b->player_id);
}

/* Best score first; with @by_chouette, chouette by chouette first. */
static gint
compare_for_groups (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const CtdStandings *self = user_data;
  const CtdStandingsRow *row_a = &self->players[*(const gsize *) a];
  const CtdStandingsRow *row_b = &self->players[*(const gsize *) b];

  if (row_a->score != row_b->score)
    return row_a->score > row_b->score ? -1 : 1;
  return (*(const gsize *) a > *(const gsize *) b) - (*(const gsize *) a < *(const gsize *) b);
}

static gint
compare_chouette_groups (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  const CtdStandings *self = user_data;
  guint chouette_a = self->players[*(const gsize *) a].chouette;
  guint chouette_b = self->players[*(const gsize *) b].chouette;

  if (chouette_a != chouette_b)
    return chouette_a < chouette_b ? -1 : 1;
  return compare_for_groups (a, b, user_data);
}

/* Every player's index, best score first (@by_chouette: chouette by
 * chouette, each best score first). */
static gsize *
sorted_players (const CtdStandings *self,
                gboolean            by_chouette)
{
  gsize *members = g_new (gsize, MAX (self->n_players, 1));

  for (gsize i = 0; i < self->n_players; i++)
    members[i] = i;
  g_qsort_with_data (members, (gint) self->n_players, sizeof (gsize),
                     by_chouette ? compare_chouette_groups : compare_for_groups,
                     (gpointer) self);
  return members;
}

/*
 * For each of @members (indices into @players, best score first), how
 * many of them are ahead of it (@out_ahead) and how many are level with
 * it, neither ahead nor behind (@out_level), indexed like @members.
 * Roll-offs only order players of one score, so only a score's group is
 * compared pairwise: linear in the players but for the ties.
 */
static void
count_places (const CtdStandings *self,
              const gsize        *members,
              gsize               n_members,
              guint              *out_ahead,
              guint              *out_level)
{
  gsize start = 0;

  while (start < n_members)
    {
      CtdHalves score = self->players[members[start]].score;
      gsize end = start + 1;

      while (end < n_members && self->players[members[end]].score == score)
        end++;
      for (gsize k = start; k < end; k++)
        {
          out_ahead[k] = (guint) start;
          out_level[k] = 0;
          for (gsize m = start; m < end; m++)
            if (m != k)
              {
                gint cmp = compare_players (self, members[m], members[k]);

                out_ahead[k] += cmp < 0;
                out_level[k] += cmp == 0;
              }
        }
      start = end;
    }
}

/*
 * Marks the players a cut after the first @cut of @members (indices into
 * @players, best score first) cannot place: those who might finish
 * inside or outside it depending on how an unbroken tie is settled. A
 * player's best place is 1 + those ahead, its worst the pool's size -
 * those behind (the rule ctd_advance_select() refuses a cut by).
 */
static void
mark_contenders (CtdStandings *self,
                 const gsize  *members,
                 gsize         n_members,
                 guint         cut)
{
  g_autofree guint *ahead = g_new (guint, MAX (n_members, 1));
  g_autofree guint *level = g_new (guint, MAX (n_members, 1));

  count_places (self, members, n_members, ahead, level);
  for (gsize k = 0; k < n_members; k++)
    {
      guint behind = (guint) n_members - 1 - ahead[k] - level[k];

      if (ahead[k] + 1 <= cut && n_members - behind > cut)
        self->players[members[k]].needs_rolloff = TRUE;
    }
}

/* Which ties decide something: at the final's placings, every one; at an
 * advancement cut, those across the top-K cut of a chouette, then those
 * across the wildcard cut among the players certainly outside their
 * chouette's top K (a chouette's tie at its cut is settled first, as
 * ctd_advance_select() asks, and its loser then joins the wildcards). */
static void
mark_needs_rolloff (CtdStandings *self)
{
  g_autofree gsize *by_chouette = NULL;
  g_autofree gsize *outside = NULL;
  gsize n_outside = 0;

  for (gsize i = 0; i < self->n_players; i++)
    self->players[i].needs_rolloff = self->marks == MARK_PLACINGS && self->players[i].tied;
  if (self->marks != MARK_CUT)
    return;

  by_chouette = sorted_players (self, TRUE);
  for (gsize start = 0, end; start < self->n_players; start = end)
    {
      guint chouette = self->players[by_chouette[start]].chouette;

      for (end = start + 1;
           end < self->n_players && self->players[by_chouette[end]].chouette == chouette; end++)
        ;
      mark_contenders (self, by_chouette + start, end - start, self->top_k);
    }
  /* Outside the top K for certain: K players of the chouette are ahead. */
  outside = sorted_players (self, FALSE);
  for (gsize k = 0; k < self->n_players; k++)
    if (self->players[outside[k]].chouette_rank > self->top_k)
      outside[n_outside++] = outside[k];
  mark_contenders (self, outside, n_outside, self->wildcards);
}

/* Recomputes every rank and flag, then the display order. A player is
 * flagged tied when some other player is neither ahead of it nor behind:
 * that is the tie no roll-off has broken, whatever the rank numbers say. */
static void
rerank (CtdStandings *self)
{
  gsize n = self->n_players;
  g_autofree gsize *by_score = sorted_players (self, FALSE);
  g_autofree gsize *by_chouette = sorted_players (self, TRUE);
  g_autofree guint *ahead = g_new (guint, MAX (n, 1));
  g_autofree guint *level = g_new (guint, MAX (n, 1));

  count_places (self, by_score, n, ahead, level);
  for (gsize k = 0; k < n; k++)
    {
      CtdStandingsRow *row = &self->players[by_score[k]];
      guint rolled_ahead_of_row = 0;
      gboolean rolled = FALSE;

      row->rank = ahead[k] + 1;
      row->tied = level[k] > 0;
      /* Roll-offs only ever order players of the same score. */
      for (gsize m = k; m > 0 && self->players[by_score[m - 1]].score == row->score; m--)
        {
          rolled_ahead_of_row += rolled_ahead (self, by_score[m - 1], by_score[k]);
          rolled |= rolled_ahead (self, by_score[m - 1], by_score[k]) ||
                    rolled_ahead (self, by_score[k], by_score[m - 1]);
        }
      for (gsize m = k + 1; m < n && self->players[by_score[m]].score == row->score; m++)
        {
          rolled_ahead_of_row += rolled_ahead (self, by_score[m], by_score[k]);
          rolled |= rolled_ahead (self, by_score[m], by_score[k]) ||
                    rolled_ahead (self, by_score[k], by_score[m]);
        }
      row->rolloff_place = rolled ? rolled_ahead_of_row + 1 : 0;
    }
  for (gsize start = 0, end; start < n; start = end)
    {
      guint chouette = self->players[by_chouette[start]].chouette;

      for (end = start + 1; end < n && self->players[by_chouette[end]].chouette == chouette; end++)
        ;
      count_places (self, by_chouette + start, end - start, ahead + start, level + start);
      for (gsize k = start; k < end; k++)
        {
          self->players[by_chouette[k]].chouette_rank = ahead[k] + 1;
          self->players[by_chouette[k]].chouette_tied = level[k] > 0;
        }
    }
  mark_needs_rolloff (self);

  for (gsize i = 0; i < n; i++)
    self->order[i] = i;
  g_qsort_with_data (self->order, (gint) n, sizeof (gsize), compare_display, self);
}

/**
 * ctd_standings_new:
 * @entries: (array length=n_entries): every player of the round, each
 *   player id once; the names are copied
 * @n_entries: how many
 *
 * Ranks a round's players by score (SPEC section 6). Ties are kept, and
 * flagged, until the director records a roll-off: a tie is never broken
 * by the order the players were entered in.
 *
 * Returns: (transfer full) (nullable): the standings, to free with
 *   ctd_standings_free(), or %NULL (with a critical warning) if a player
 *   id repeats, which is a programming error
 */
CtdStandings *
ctd_standings_new (const CtdStandingsEntry *entries,
                   gsize                    n_entries)
{
  g_autoptr(CtdStandings) self = NULL;

  g_return_val_if_fail (entries != NULL || n_entries == 0, NULL);

  self = g_new0 (CtdStandings, 1);
  self->n_players = n_entries;
  self->players = g_new0 (CtdStandingsRow, n_entries);
  self->order = g_new0 (gsize, n_entries);
  self->ahead = g_new0 (guint8, n_entries * n_entries);
  self->index_of = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (gsize i = 0; i < n_entries; i++)
    {
      CtdStandingsRow *row = &self->players[i];

      row->player_id = entries[i].player_id;
      row->name = g_strdup (entries[i].name);
      row->chouette = entries[i].chouette;
      row->score = entries[i].score;
      /* The keys point into @players, which is never reallocated. */
      if (!g_hash_table_insert (self->index_of, &row->player_id, GSIZE_TO_POINTER (i + 1)))
        {
          g_critical ("%s: player id %" G_GINT64_FORMAT " is listed twice", G_STRFUNC,
                      row->player_id);
          return NULL;
        }
    }

  rerank (self);
  return g_steal_pointer (&self);
}

/**
 * ctd_standings_free:
 * @self: (nullable) (transfer full): standings
 *
 * Frees @self, and with it every row ctd_standings_get_row() lent out.
 * %NULL is ignored.
 */
void
ctd_standings_free (CtdStandings *self)
{
  if (self == NULL)
    return;

  for (gsize i = 0; i < self->n_players; i++)
    g_free (self->players[i].name);
  g_free (self->players);
  g_free (self->order);
  g_free (self->ahead);
  g_hash_table_unref (self->index_of);
  g_free (self);
}

/**
 * ctd_standings_copy:
 * @self: standings
 *
 * A copy that outlives @self, for a view that keeps the standings it
 * shows between the changes that recompute them.
 *
 * Returns: (transfer full): the copy; free it with ctd_standings_free()
 */
CtdStandings *
ctd_standings_copy (const CtdStandings *self)
{
  CtdStandings *copy;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);

  n = self->n_players;
  copy = g_memdup2 (self, sizeof *self);
  copy->players = g_memdup2 (self->players, n * sizeof *self->players);
  copy->order = g_memdup2 (self->order, n * sizeof *self->order);
  copy->ahead = g_memdup2 (self->ahead, n * n * sizeof *self->ahead);
  copy->index_of = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (gsize i = 0; i < n; i++)
    {
      copy->players[i].name = g_strdup (self->players[i].name);
      g_hash_table_insert (copy->index_of, &copy->players[i].player_id, GSIZE_TO_POINTER (i + 1));
    }
  return copy;
}

/* Checks a roll-off without changing anything; fills @indices. */
static gboolean
check_rolloff (const CtdStandings *self,
               const gint64       *player_ids,
               gsize               n_players,
               gsize              *indices,
               GError            **error)
{
  if (n_players < 2)
    {
      g_set_error_literal (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF,
                           _("Roll-off refused: a roll-off needs at least two tied players"));
      return FALSE;
    }

  for (gsize k = 0; k < n_players; k++)
    {
      if (!lookup_player (self, player_ids[k], &indices[k]))
        {
          g_set_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_UNKNOWN_PLAYER,
                       /* Translators: %lld is a player's number in the event file. */
                       _("Roll-off refused: player %lld is not in this round"),
                       (long long) player_ids[k]);
          return FALSE;
        }
    }

  for (gsize k = 0; k < n_players; k++)
    {
      const CtdStandingsRow *row = &self->players[indices[k]];
      const CtdStandingsRow *first = &self->players[indices[0]];

      for (gsize l = 0; l < k; l++)
        {
          if (indices[l] == indices[k])
            {
              g_set_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF,
                           _("Roll-off refused: %s is listed twice"), row->name);
              return FALSE;
            }
        }
      if (row->score != first->score)
        {
          g_autofree char *first_score = ctd_halves_to_string (first->score, FALSE);
          g_autofree char *score = ctd_halves_to_string (row->score, FALSE);

          g_set_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED,
                       /* Translators: two players' names, each with their score. */
                       _("Roll-off refused: %s (%s) and %s (%s) are not tied"),
                       first->name, first_score, row->name, score);
          return FALSE;
        }
    }

  /* A second roll-off may not reorder players an earlier one settled
   * (an order that agrees with it is the same roll-off, told whole);
   * refusing every reversed pair also keeps the relation free of
   * cycles. */
  for (gsize k = 0; k < n_players; k++)
    for (gsize l = k + 1; l < n_players; l++)
      if (rolled_ahead (self, indices[l], indices[k]))
        {
          g_set_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF,
                       _("Roll-off refused: an earlier roll-off already put %s ahead of %s"),
                       self->players[indices[l]].name, self->players[indices[k]].name);
          return FALSE;
        }
  /* One that agrees and adds nothing is a roll-off already recorded. */
  for (gsize k = 0; k + 1 < n_players; k++)
    if (!rolled_ahead (self, indices[k], indices[k + 1]))
      return TRUE;
  g_set_error_literal (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF,
                       _("Roll-off refused: earlier roll-offs already put these players in "
                         "this order"));
  return FALSE;
}

/**
 * ctd_standings_add_rolloff:
 * @self: standings with scores (not a public view of a secret round)
 * @player_ids: (array length=n_players): tied players, in the order
 *   they finished the roll-off, winner first
 * @n_players: how many, at least 2
 * @error: a #GError, or %NULL
 *
 * Records a roll-off the director held (or ctd_standings_roll() made),
 * breaking a tie at an advancement cut or a final placing (SPEC 6). A
 * player may be in several roll-offs, but no roll-off may reorder players
 * that an earlier one already ordered. A refused roll-off changes nothing.
 *
 * On success every rank, tie flag and the display order are recomputed,
 * so rows fetched before are stale.
 *
 * Returns: %TRUE on success; %FALSE with @error set for an unknown or
 *   repeated player, players whose scores differ, or players already ordered
 */
gboolean
ctd_standings_add_rolloff (CtdStandings  *self,
                           const gint64  *player_ids,
                           gsize          n_players,
                           GError       **error)
{
  g_autofree gsize *indices = NULL;
  gsize n;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->scores_hidden, FALSE);
  g_return_val_if_fail (player_ids != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  indices = g_new (gsize, MAX (n_players, 1));
  if (!check_rolloff (self, player_ids, n_players, indices, error))
    return FALSE;

  /* Each winner goes ahead of the next player and, through the players
   * already around them, keeps the relation transitive. */
  n = self->n_players;
  for (gsize k = 0; k + 1 < n_players; k++)
    {
      gsize winner = indices[k];
      gsize loser = indices[k + 1];

      for (gsize p = 0; p < n; p++)
        {
          if (p != winner && !rolled_ahead (self, p, winner))
            continue;
          for (gsize q = 0; q < n; q++)
            if (q == loser || rolled_ahead (self, loser, q))
              self->ahead[p * n + q] = 1;
        }
    }

  rerank (self);
  return TRUE;
}

/**
 * ctd_standings_roll:
 * @player_ids: (array length=n_players): the tied players
 * @n_players: how many
 * @seed: the seed the director stores with the roll-off
 * @out_order: (out caller-allocates) (array length=n_players): the same
 *   players in finishing order, winner first; may be @player_ids itself
 *
 * Rolls off a tie in software when the director prefers not to have the
 * players roll dice. The result depends only on @seed and the order of
 * @player_ids, so a stored seed lets anyone replay and audit it. Nothing
 * is recorded: pass @out_order to ctd_standings_add_rolloff(), or store
 * it with the seed.
 */
void
ctd_standings_roll (const gint64 *player_ids,
                    gsize         n_players,
                    guint64       seed,
                    gint64       *out_order)
{
  g_autofree gint64 *ids = NULL;
  g_autofree guint *order = NULL;
  CtdRng rng;

  g_return_if_fail (player_ids != NULL || n_players == 0);
  g_return_if_fail (out_order != NULL || n_players == 0);
  g_return_if_fail (n_players <= G_MAXUINT);

  ids = g_memdup2 (player_ids, n_players * sizeof (gint64));
  order = g_new (guint, MAX (n_players, 1));
  for (gsize i = 0; i < n_players; i++)
    order[i] = (guint) i;

  ctd_rng_init (&rng, seed);
  ctd_rng_shuffle (&rng, order, n_players);
  for (gsize i = 0; i < n_players; i++)
    out_order[i] = ids[order[i]];
}

/**
 * ctd_standings_get_n_rows:
 * @self: standings
 *
 * Returns: how many players the standings hold, one row each
 */
gsize
ctd_standings_get_n_rows (const CtdStandings *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_players;
}

/**
 * ctd_standings_get_row:
 * @self: standings
 * @index: 0 for the best player, below ctd_standings_get_n_rows()
 *
 * The display order puts tied players by chouette, then name: it is for
 * reading, not for deciding a cut (see ctd_standings_compare()).
 *
 * Returns: (transfer none): the row at @index in display order, owned by
 *   @self; the pointer stays valid until the standings are freed, but the
 *   row at an index may change when a roll-off is added
 */
const CtdStandingsRow *
ctd_standings_get_row (const CtdStandings *self,
                       gsize               index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_players, NULL);

  return &self->players[self->order[index]];
}

/**
 * ctd_standings_compare:
 * @self: standings
 * @player_a: a player id of the round
 * @player_b: another
 *
 * The order advancement cuts by (SPEC 6): unlike the display order, it
 * says when two players are really tied, so a cut between them can be
 * refused instead of decided by their names.
 *
 * Returns: <0 when @player_a is ahead, >0 when @player_b is ahead, 0 when
 *   they have the same score and no roll-off orders them
 */
gint
ctd_standings_compare (const CtdStandings *self,
                       gint64              player_a,
                       gint64              player_b)
{
  gsize a = 0;
  gsize b = 0;
  gboolean known;

  g_return_val_if_fail (self != NULL, 0);

  known = lookup_player (self, player_a, &a) && lookup_player (self, player_b, &b);
  g_return_val_if_fail (known, 0);

  return compare_players (self, a, b);
}

/**
 * ctd_standings_scores_are_public:
 * @stage: the round's stage
 * @state: the round's state
 *
 * Rule 1.7: individual scores of a Qualifying or Semi-final round stay
 * secret until every chouette of the round is complete; anything posted
 * before then shows progress only. The Final is played in the open.
 *
 * Returns: whether posted standings may show the round's scores
 */
gboolean
ctd_standings_scores_are_public (CtdStage      stage,
                                 CtdRoundState state)
{
  if (stage == CTD_STAGE_FINAL)
    return TRUE;
  return state != CTD_ROUND_DRAWN && state != CTD_ROUND_IN_PLAY;
}

/**
 * ctd_standings_new_public:
 * @entries: (array length=n_entries): every player of the round
 * @n_entries: how many
 * @stage: the round's stage
 * @state: the round's state
 *
 * The standings as they may be posted (rule 1.7). While the scores of a
 * Qualifying or Semi-final round are secret, the view lists the players
 * by chouette and name with every score, rank and tie flag zeroed: the
 * scores are never copied into it, so no printout or export made from it
 * can leak them. Once the scores are public it is ctd_standings_new().
 *
 * Returns: (transfer full) (nullable): the view, to free with
 *   ctd_standings_free(), or %NULL (with a critical warning) if a player
 *   id repeats; a hidden view refuses roll-offs
 */
CtdStandings *
ctd_standings_new_public (const CtdStandingsEntry *entries,
                          gsize                    n_entries,
                          CtdStage                 stage,
                          CtdRoundState            state)
{
  g_autofree CtdStandingsEntry *hidden = NULL;
  CtdStandings *self;

  g_return_val_if_fail (entries != NULL || n_entries == 0, NULL);

  if (ctd_standings_scores_are_public (stage, state))
    return ctd_standings_new (entries, n_entries);

  hidden = g_new0 (CtdStandingsEntry, MAX (n_entries, 1));
  for (gsize i = 0; i < n_entries; i++)
    hidden[i] = (CtdStandingsEntry) { entries[i].player_id, entries[i].name, entries[i].chouette, 0 };

  self = ctd_standings_new (hidden, n_entries);
  if (self == NULL)
    return NULL;

  self->scores_hidden = TRUE;
  for (gsize i = 0; i < n_entries; i++)
    {
      self->players[i].rank = 0;
      self->players[i].tied = FALSE;
      self->players[i].chouette_rank = 0;
      self->players[i].chouette_tied = FALSE;
      self->players[i].rolloff_place = 0;
      self->players[i].needs_rolloff = FALSE;
    }
  /* Equal ranks: the display order falls to chouette, name, id. */
  g_qsort_with_data (self->order, (gint) n_entries, sizeof (gsize), compare_display, self);
  return self;
}

/**
 * ctd_standings_get_scores_hidden:
 * @self: standings
 *
 * Views, printouts and exports ask this to leave out the score and rank
 * columns, rather than show the zeros such rows carry.
 *
 * Returns: whether these are the public standings of a secret round,
 *   whose rows carry no score, rank or tie
 */
gboolean
ctd_standings_get_scores_hidden (const CtdStandings *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->scores_hidden;
}

/**
 * ctd_standings_mark_cut:
 * @self: standings of a Qualifying or Semi-final round
 * @top_k: how many advance from each chouette
 * @wildcards: how many more advance by best remaining score
 *
 * Says which ties decide who advances (SPEC 6), for the views to mark
 * them: a row's @needs_rolloff is set when its tie straddles the top-K
 * cut of its chouette or the wildcard cut. Other ties decide nothing and
 * are not marked. The marks follow later roll-offs. A hidden public view
 * carries no ties and stays unmarked.
 */
void
ctd_standings_mark_cut (CtdStandings *self,
                        guint         top_k,
                        guint         wildcards)
{
  g_return_if_fail (self != NULL);

  if (self->scores_hidden)
    return;
  self->marks = MARK_CUT;
  self->top_k = top_k;
  self->wildcards = wildcards;
  mark_needs_rolloff (self);
}

/**
 * ctd_standings_mark_placings:
 * @self: the final's standings
 *
 * Rule 1.9: every place of the final is a placing, so every unbroken tie
 * decides one: sets @needs_rolloff wherever @tied is set, now and after
 * later roll-offs.
 */
void
ctd_standings_mark_placings (CtdStandings *self)
{
  g_return_if_fail (self != NULL);

  if (self->scores_hidden)
    return;
  self->marks = MARK_PLACINGS;
  mark_needs_rolloff (self);
}
