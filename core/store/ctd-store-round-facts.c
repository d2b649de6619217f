/* ctd-store-round-facts.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include "ctd-round.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

/*
 * What a round's state follows from (SPEC 6), counted here in SQL
 * without replaying any chouette's notation, and kept across the writes
 * that change none of it or only one chouette's games; and the
 * chouettes that hold a round back. ctd_round_state_compute() applies
 * the rule to the facts.
 */

/* For a chouette "ch": bit p set for each player p + 1 whose typed paper
 * total is not the sum of the stored ledgers of its games (what they
 * received minus what they paid), the same sums the games give when
 * replayed. 0 when the paper agrees or none was typed. */
#define MISMATCHED_SQL \
  "(SELECT coalesce (sum (1 << t.key), 0) FROM crosscheck AS x, json_each (x.totals) AS t " \
  " WHERE x.chouette = ch.id AND t.type = 'integer' AND t.key < ch.size " \
  "   AND t.value IS NOT (SELECT coalesce (" \
  "         sum (CASE p.value ->> 'to' WHEN t.key + 1 THEN p.value ->> 'halves' ELSE 0 END) " \
  "       - sum (CASE p.value ->> 'from' WHEN t.key + 1 THEN p.value ->> 'halves' ELSE 0 END), 0) " \
  "     FROM game AS g, json_each (g.ledger) AS p WHERE g.chouette = ch.id))"

/* For a chouette "ch": its recorded games and whether its paper totals
 * disagree with them, as a round counts them. */
#define CHOUETTE_FACTS_SQL \
  "(SELECT count (*) FROM game WHERE game.chouette = ch.id), " MISMATCHED_SQL

/* One row per round (all rounds when ?1 = 0) with its facts: each
 * chouette's recorded games are counted, and its paper totals compared
 * with its games (MISMATCHED_SQL), once per chouette (MATERIALIZED: the
 * filters below would otherwise count each twice). */
static const char rounds_sql[] =
  "WITH c (id, round, size, n_games, mismatched) AS MATERIALIZED ("
  "  SELECT ch.id, ch.round, ch.size, " CHOUETTE_FACTS_SQL " FROM chouette AS ch) "
  "SELECT r.id, r.stage, r.seed, coalesce (r.top_k, -1), coalesce (r.wildcards, -1), "
  "  r.released, EXISTS (SELECT 1 FROM round AS later WHERE later.id > r.id), "
  "  count (c.id), "
  "  count (c.id) FILTER (WHERE c.n_games > 0), "
  "  count (c.id) FILTER (WHERE c.n_games >= ?2), "
  "  count (c.id) FILTER (WHERE c.mismatched != 0), "
  "  coalesce (sum (c.size), 0) "
  "FROM round AS r LEFT JOIN c ON c.round = r.id "
  "WHERE ?1 = 0 OR r.id = ?1 "
  "GROUP BY r.id ORDER BY r.id";

/* The rounds, and when @out_facts is given what their states follow
 * from, in the same order. */
static GArray *
read_rounds (CtdStore  *self,
             guint      round,
             GArray   **out_facts,
             GError   **error)
{
  g_autoptr(GArray) rounds = g_array_new (FALSE, TRUE, sizeof (CtdStoreRound));
  g_autoptr(GArray) every_facts = g_array_new (FALSE, TRUE, sizeof (CtdRoundFacts));
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, rounds_sql, CTD_ARGS (CTD_INT (round), CTD_INT (CTD_N_GAMES)),
                            error);
  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdRoundFacts facts = {
        .released = sqlite3_column_int64 (stmt, 5) != 0,
        .later_round_drawn = sqlite3_column_int64 (stmt, 6) != 0,
        .n_chouettes = (guint) sqlite3_column_int64 (stmt, 7),
        .n_chouettes_with_games = (guint) sqlite3_column_int64 (stmt, 8),
        .n_chouettes_complete = (guint) sqlite3_column_int64 (stmt, 9),
        .n_mismatched = (guint) sqlite3_column_int64 (stmt, 10),
      };
      CtdStoreRound info = {
        .number = (guint) sqlite3_column_int64 (stmt, 0),
        .stage = ctd_store_stage_from_string ((const char *) sqlite3_column_text (stmt, 1)),
        .seed = (guint64) sqlite3_column_int64 (stmt, 2),
        .top_k = (gint) sqlite3_column_int64 (stmt, 3),
        .wildcards = (gint) sqlite3_column_int64 (stmt, 4),
        .n_chouettes = facts.n_chouettes,
        .n_players = (guint) sqlite3_column_int64 (stmt, 11),
        .state = ctd_round_state_compute (&facts),
      };

      g_array_append_val (rounds, info);
      g_array_append_val (every_facts, facts);
    }
  if (step == CTD_STEP_FAILED)
    return NULL;
  if (round != 0 && rounds->len == 0)
    {
      ctd_store_no_round (error, round);
      return NULL;
    }
  if (out_facts != NULL)
    *out_facts = g_steal_pointer (&every_facts);
  return g_steal_pointer (&rounds);
}

/* Every round's facts, read again only when something was written since
 * the last read: this connection changed rows (sqlite3_total_changes64()
 * counts them, rolled back or not) or another one committed (the data
 * version, which a transaction's snapshot fixes). A window asks for them
 * several times per change (the lists, the notes, the cut), the table
 * server once or twice per request, and each read counts every
 * chouette's games and compares its paper totals. Kept only from a read
 * outside a write transaction (outside any, or inside one that only
 * reads: its snapshot holds committed rows), as what a write transaction
 * reads may yet be rolled back; but used inside one too while nothing
 * was written since, as the transaction then reads the very rows they
 * were read from. %NULL without @error inside a write transaction when
 * they are not current. */
static GArray *
read_every_round (CtdStore  *self,
                  GError   **error)
{
  gint64 changes = sqlite3_total_changes64 (self->db);
  gint64 data_version = 0;

  if (!ctd_store_query_int64 (self, "PRAGMA data_version", CTD_NO_ARGS, &data_version, error))
    return NULL;
  if (self->rounds == NULL || self->rounds_changes != changes ||
      self->rounds_data_version != data_version)
    {
      GArray *rounds, *facts = NULL;

      if (sqlite3_txn_state (self->db, "main") == SQLITE_TXN_WRITE)
        return NULL;
      rounds = read_rounds (self, 0, &facts, error);
      if (rounds == NULL)
        return NULL;
      g_clear_pointer (&self->rounds, g_array_unref);
      g_clear_pointer (&self->round_facts, g_array_unref);
      self->rounds = rounds;
      self->round_facts = facts;
      self->rounds_changes = changes;
      self->rounds_data_version = data_version;
    }
  return g_array_copy (self->rounds);
}

GArray *
ctd_store_query_rounds (CtdStore  *self,
                        guint      round,
                        GError   **error)
{
  g_autoptr(GArray) every = NULL;
  GError *failed = NULL;
  GArray *one;

  every = read_every_round (self, &failed);
  if (failed != NULL)
    {
      g_propagate_error (error, failed);
      return NULL;
    }
  if (every == NULL)
    return read_rounds (self, round, NULL, error);
  if (round == 0)
    return g_steal_pointer (&every);
  one = g_array_new (FALSE, TRUE, sizeof (CtdStoreRound));
  for (guint i = 0; i < every->len; i++)
    if (g_array_index (every, CtdStoreRound, i).number == round)
      g_array_append_val (one, g_array_index (every, CtdStoreRound, i));
  if (one->len == 0)
    {
      g_array_unref (one);
      ctd_store_no_round (error, round);
      return NULL;
    }
  return one;
}

/* One chouette's facts, read as the rounds count them. */
gboolean
ctd_store_read_chouette_facts (CtdStore               *self,
                               gint64                  chouette_id,
                               CtdStoreChouetteFacts  *out_facts,
                               GError                **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT " CHOUETTE_FACTS_SQL " FROM chouette AS ch WHERE ch.id = ?1",
                            CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
    return FALSE;
  g_assert (step == CTD_STEP_ROW);  /* the caller read the chouette */
  out_facts->n_games = (guint) sqlite3_column_int64 (stmt, 0);
  out_facts->mismatched = sqlite3_column_int64 (stmt, 1) != 0;
  return ctd_store_step_done (self, stmt, error);
}

/* What a round counts of a chouette once, for the difference made by
 * one write: -1, 0 or +1. */
static void
follow (guint    *count,
        gboolean  before,
        gboolean  after)
{
  if (after && !before)
    (*count)++;
  else if (before && !after)
    (*count)--;
}

/* After a game of a chouette of @round was written inside the current
 * write transaction, and nothing else a round's facts count (its audit
 * row, the chouette's last-segment order), since the connection had
 * made @changes: the chouette's facts @before and @after bring what the
 * store keeps of the rounds up to date, if it was current before, rather
 * than every chouette's games being counted again at the next read (the
 * tables' lines are recorded one by one, each followed by reads of the
 * rounds). Until the transaction commits: a rollback forgets it
 * (ctd_store_transaction_clear()). */
void
ctd_store_rounds_follow_game (CtdStore                    *self,
                              gint64                       changes,
                              guint                        round,
                              const CtdStoreChouetteFacts *before,
                              const CtdStoreChouetteFacts *after)
{
  if (self->rounds == NULL || self->rounds_changes != changes)
    {
      ctd_store_keep_current (self, changes);  /* the links */
      return;
    }
  for (guint i = 0; i < self->rounds->len; i++)
    {
      CtdStoreRound *info = &g_array_index (self->rounds, CtdStoreRound, i);
      CtdRoundFacts *facts = &g_array_index (self->round_facts, CtdRoundFacts, i);

      if (info->number != round)
        continue;
      follow (&facts->n_chouettes_with_games, before->n_games > 0, after->n_games > 0);
      follow (&facts->n_chouettes_complete, before->n_games >= CTD_N_GAMES,
              after->n_games >= CTD_N_GAMES);
      follow (&facts->n_mismatched, before->mismatched, after->mismatched);
      info->state = ctd_round_state_compute (facts);
      self->rounds_followed = TRUE;
      ctd_store_keep_current (self, changes);
      return;
    }
  ctd_store_keep_current (self, changes);
  self->rounds_changes = -1;  /* a round the store did not know of */
}

gboolean
ctd_store_get_round_state (CtdStore       *self,
                           guint           round,
                           CtdRoundState  *out_state,
                           GError        **error)
{
  g_autoptr(GArray) rounds = ctd_store_query_rounds (self, round, error);

  if (rounds == NULL)
    return FALSE;
  *out_state = g_array_index (rounds, CtdStoreRound, 0).state;
  return TRUE;
}

/* Each chouette of round ?1 that holds it back: its games entered (as
 * bits g - 1) and its players whose paper total disagrees (bits p - 1). */
static const char hold_ups_sql[] =
  "SELECT * FROM ("
  "  SELECT ch.number, ch.id, ch.size, "
  "    (SELECT coalesce (sum (1 << (game.number - 1)), 0) FROM game "
  "     WHERE game.chouette = ch.id) AS entered, "
  "    " MISMATCHED_SQL " AS mismatched "
  "  FROM chouette AS ch WHERE ch.round = ?1) "
  "WHERE entered != ?2 OR mismatched != 0 ORDER BY number";

/**
 * ctd_store_hold_up_free:
 * @hold_up: (transfer full) (nullable): an entry of ctd_store_list_hold_ups()
 */
void
ctd_store_hold_up_free (CtdStoreHoldUp *hold_up)
{
  if (hold_up == NULL)
    return;
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_free (hold_up->names[k]);
  g_free (hold_up);
}

/**
 * ctd_store_list_hold_ups:
 * @self: a store
 * @round: a round number
 * @error: return location for a #GError
 *
 * What keeps a round from being complete (SPEC 6), chouette by chouette:
 * the games still to enter, and the players whose typed paper total
 * disagrees with the entered games. It is worked out from the same
 * counts as the round's state, so a round is complete exactly when this
 * list is empty (before it is released). For progress lines and a
 * window's round page; ctd_store_hold_up_describe() gives the text.
 *
 * Returns: (transfer full) (element-type CtdStoreHoldUp) (nullable): the
 *   chouettes that hold the round up, by number; %NULL with @error set
 *   (%CTD_STORE_ERROR_NOT_FOUND when there is no such round)
 */
GPtrArray *
ctd_store_list_hold_ups (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_auto(CtdStoreTransaction) snapshot = { NULL, };
  g_autoptr(GPtrArray) hold_ups = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStage stage;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ctd_store_transaction_begin (self, &snapshot, FALSE, error) ||
      !ctd_store_get_round_stage (self, round, &stage, error))
    return NULL;
  stmt = ctd_store_prepare (self, hold_ups_sql,
                            CTD_ARGS (CTD_INT (round), CTD_INT ((1 << CTD_N_GAMES) - 1)), error);
  if (stmt == NULL)
    return NULL;
  hold_ups = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_hold_up_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdStoreHoldUp *hold_up = g_new0 (CtdStoreHoldUp, 1);
      guint entered = (guint) sqlite3_column_int64 (stmt, 3);

      g_ptr_array_add (hold_ups, hold_up);
      hold_up->round = round;
      hold_up->chouette = (guint) sqlite3_column_int64 (stmt, 0);
      hold_up->size = (guint) sqlite3_column_int64 (stmt, 2);
      hold_up->missing = ~entered & ((1u << CTD_N_GAMES) - 1);
      for (guint g = 0; g < CTD_N_GAMES; g++)
        hold_up->n_games += (entered >> g) & 1;
      hold_up->mismatched = (guint) sqlite3_column_int64 (stmt, 4);
      if (!ctd_store_get_seat_names (self, sqlite3_column_int64 (stmt, 1), hold_up->names, error))
        return NULL;
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&hold_ups) : NULL;
}

/* "3", "3 and 7", "1, 3 and 8" for the set bits of @bits (bit i: i + 1),
 * or their names when @names is given. */
static char *
describe_list (guint               bits,
               const char * const *names)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < 32; i++)
    if ((bits >> i) & 1)
      g_ptr_array_add (items, names != NULL ? g_strdup (names[i]) : g_strdup_printf ("%u", i + 1));
  return ctd_text_join_and (items);
}

/**
 * ctd_store_hold_up_describe:
 * @hold_up: an entry of ctd_store_list_hold_ups()
 *
 * Says in a line why a chouette holds its round up, e.g. "1.3: games 10,
 * 11 and 12 to enter" or "1.2: the paper totals of Ann and Dan disagree
 * with the entered games" (both, separated by "; ", when both apply).
 *
 * Returns: (transfer full): the text
 */
char *
ctd_store_hold_up_describe (const CtdStoreHoldUp *hold_up)
{
  GString *text;
  guint n_missing = 0, n_mismatched = 0;

  g_return_val_if_fail (hold_up != NULL, NULL);

  text = g_string_new (NULL);
  for (guint i = 0; i < 32; i++)
    {
      n_missing += (hold_up->missing >> i) & 1;
      n_mismatched += (hold_up->mismatched >> i) & 1;
    }
  /* Translators: a chouette's number, "1.3" for chouette 3 of round 1;
   * why it holds its round up follows. */
  g_string_printf (text, _("%u.%u: "), hold_up->round, hold_up->chouette);
  if (n_missing == CTD_N_GAMES)
    g_string_append (text, _("no game entered yet"));
  else if (n_missing > 0)
    {
      g_autofree char *games = describe_list (hold_up->missing, NULL);

      /* Translators: %s is a game's number or a list of them ("10, 11
       * and 12"). */
      g_string_append_printf (text, ngettext ("game %s to enter", "games %s to enter", n_missing),
                              games);
    }
  if (n_mismatched > 0)
    {
      g_autofree char *players = describe_list (hold_up->mismatched,
                                                (const char * const *) hold_up->names);

      if (n_missing > 0)
        g_string_append (text, "; ");
      /* Translators: %s is a player's name or a list of them ("Ann and
       * Dan"), whose totals on the paper sheet differ from the games'. */
      g_string_append_printf (text, ngettext ("the paper totals of %s disagree with the entered "
                                              "games",
                                              "the paper totals of %s disagree with the entered "
                                              "games", n_mismatched), players);
    }
  return g_string_free (text, FALSE);
}
