/* test-standings.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ctd-rng.h"
#include "ctd-standings.h"

/* A round of three chouettes, entered in no useful order. Ids do not
 * follow names, so the display order can be told from either. Scores
 * are in half points: Hal has 3.5, Jo -5.5. */
static const CtdStandingsEntry round_entries[] = {
  { 10, "Jo", 3, -11 },
  { 4, "Dee", 1, CTD_HALVES (-9) },
  { 7, "Gus", 2, CTD_HALVES (-7) },
  { 9, "Ivy", 3, CTD_HALVES (2) },
  { 2, "Cy", 1, CTD_HALVES (2) },
  { 3, "Bob", 1, CTD_HALVES (2) },
  { 8, "Hal", 3, 7 },
  { 6, "Fay", 2, CTD_HALVES (2) },
  { 5, "Eve", 2, CTD_HALVES (5) },
  { 1, "Ann", 1, CTD_HALVES (5) },
};

typedef struct
{
  const char *name;
  guint       rank;
  gboolean    tied;
  guint       chouette_rank;
  gboolean    chouette_tied;
} Expected;

static CtdStandings *
new_round (void)
{
  return ctd_standings_new (round_entries, G_N_ELEMENTS (round_entries));
}

static void
assert_rows (const CtdStandings *standings,
             const Expected     *expected,
             gsize               n_expected)
{
  assert_int_equal (ctd_standings_get_n_rows (standings), n_expected);
  for (gsize i = 0; i < n_expected; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);

      assert_string_equal (row->name, expected[i].name);
      assert_int_equal (row->rank, expected[i].rank);
      assert_int_equal (row->tied, expected[i].tied);
      assert_int_equal (row->chouette_rank, expected[i].chouette_rank);
      assert_int_equal (row->chouette_tied, expected[i].chouette_tied);
    }
}

static const Expected round_expected[] = {
  { "Ann", 1, TRUE, 1, FALSE },
  { "Eve", 1, TRUE, 1, FALSE },
  { "Hal", 3, FALSE, 1, FALSE },
  { "Bob", 4, TRUE, 2, TRUE },
  { "Cy", 4, TRUE, 2, TRUE },
  { "Fay", 4, TRUE, 2, FALSE },
  { "Ivy", 4, TRUE, 2, FALSE },
  { "Jo", 8, FALSE, 3, FALSE },
  { "Gus", 9, FALSE, 3, FALSE },
  { "Dee", 10, FALSE, 4, FALSE },
};

static void
test_ranking_with_ties (void **state)
{
  g_autoptr(CtdStandings) standings = new_round ();
  const CtdStandingsRow *row;

  (void) state;

  assert_rows (standings, round_expected, G_N_ELEMENTS (round_expected));

  /* Rows keep the entry's id, chouette and score, and own their name. */
  row = ctd_standings_get_row (standings, 2);
  assert_int_equal (row->player_id, 8);
  assert_int_equal (row->chouette, 3);
  assert_int_equal (row->score, 7);
  assert_ptr_not_equal (row->name, round_entries[6].name);
}

static void
test_display_order_of_ties (void **state)
{
  /* Among unbroken ties: chouette first, then name, then id. */
  static const CtdStandingsEntry entries[] = {
    { 5, "Sam", 2, 4 },
    { 9, "Sam", 1, 4 },
    { 3, "Sam", 1, 4 },
    { 1, "Zed", 1, 4 },
    { 2, "Abe", 2, 4 },
  };
  static const gint64 expected_ids[] = { 3, 9, 1, 2, 5 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));

  (void) state;

  for (gsize i = 0; i < G_N_ELEMENTS (expected_ids); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);

      assert_int_equal (row->player_id, expected_ids[i]);
      assert_int_equal (row->rank, 1);
      assert_true (row->tied);
    }
}

static void
assert_ids (const CtdStandings *standings,
            const gint64       *expected_ids,
            gsize               n_ids)
{
  assert_int_equal (ctd_standings_get_n_rows (standings), n_ids);
  for (gsize i = 0; i < n_ids; i++)
    if (ctd_standings_get_row (standings, i)->player_id != expected_ids[i])
      fail_msg ("row %zu is player %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT, i,
                ctd_standings_get_row (standings, i)->player_id, expected_ids[i]);
}

/* Two (here three) players of one chouette with the same name and the
 * same rank are told apart by id alone, the lower first, whatever order
 * they came in: on first ranking, after a roll-off reranks them, and on
 * a posting whose scores are secret. */
static void
test_same_name_same_rank (void **state G_GNUC_UNUSED)
{
  static const CtdStandingsEntry entries[] = {
    { 8, "Sam", 1, 4 },
    { 5, "Sam", 1, 4 },
    { 2, "Sam", 1, 4 },
    { 1, "Ann", 1, -12 },
  };
  static const gint64 ranked[] = { 2, 5, 8, 1 };
  /* 2 beat 8 in a roll-off: 2 and 5 (who rolled against neither) share
   * rank 1, 8 has rank 2. */
  static const gint64 two_beats_eight[] = { 2, 8 };
  static const gint64 rolled[] = { 2, 5, 8, 1 };
  static const gint64 eight_beats_two[] = { 8, 2 };
  static const gint64 rolled_back[] = { 5, 8, 2, 1 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));
  g_autoptr(CtdStandings) other = ctd_standings_new (entries, G_N_ELEMENTS (entries));
  g_autoptr(CtdStandings) secret = NULL;

  assert_ids (standings, ranked, G_N_ELEMENTS (ranked));
  for (gsize i = 0; i < 3; i++)
    assert_int_equal (ctd_standings_get_row (standings, i)->rank, 1);

  assert_true (ctd_standings_add_rolloff (standings, two_beats_eight, 2, NULL));
  assert_ids (standings, rolled, G_N_ELEMENTS (rolled));
  assert_int_equal (ctd_standings_get_row (standings, 0)->rank, 1);
  assert_int_equal (ctd_standings_get_row (standings, 1)->rank, 1);
  assert_int_equal (ctd_standings_get_row (standings, 2)->rank, 2);

  /* The other way round, 5 and 8 share 1st and are again by id. */
  assert_true (ctd_standings_add_rolloff (other, eight_beats_two, 2, NULL));
  assert_ids (other, rolled_back, G_N_ELEMENTS (rolled_back));
  assert_int_equal (ctd_standings_get_row (other, 1)->rank, 1);
  assert_int_equal (ctd_standings_get_row (other, 2)->rank, 2);

  secret = ctd_standings_new_public (entries, G_N_ELEMENTS (entries), CTD_STAGE_QUALIFYING,
                                     CTD_ROUND_IN_PLAY);
  {
    /* No ranks: chouette, then name (Ann first), then id. */
    static const gint64 by_name[] = { 1, 2, 5, 8 };

    assert_ids (secret, by_name, G_N_ELEMENTS (by_name));
  }
}

static void
test_single_player_and_empty (void **state)
{
  static const CtdStandingsEntry one[] = { { 1, "Ann", 1, 0 } };
  g_autoptr(CtdStandings) alone = ctd_standings_new (one, 1);
  g_autoptr(CtdStandings) empty = ctd_standings_new (NULL, 0);

  (void) state;

  assert_int_equal (ctd_standings_get_row (alone, 0)->rank, 1);
  assert_false (ctd_standings_get_row (alone, 0)->tied);
  assert_false (ctd_standings_get_row (alone, 0)->chouette_tied);
  assert_int_equal (ctd_standings_get_n_rows (empty), 0);
}

static void
test_rolloff_two_way (void **state)
{
  static const gint64 order[] = { 3, 2 }; /* Bob beats Cy */
  static const Expected expected[] = {
    { "Ann", 1, TRUE, 1, FALSE },
    { "Eve", 1, TRUE, 1, FALSE },
    { "Hal", 3, FALSE, 1, FALSE },
    { "Bob", 4, TRUE, 2, FALSE },
    { "Fay", 4, TRUE, 2, FALSE },
    { "Ivy", 4, TRUE, 2, FALSE },
    /* Behind Bob, still tied with Fay and Ivy: flagged, not settled. */
    { "Cy", 5, TRUE, 3, FALSE },
    { "Jo", 8, FALSE, 3, FALSE },
    { "Gus", 9, FALSE, 3, FALSE },
    { "Dee", 10, FALSE, 4, FALSE },
  };
  g_autoptr(CtdStandings) standings = new_round ();
  g_autoptr(GError) error = NULL;

  (void) state;

  assert_true (ctd_standings_add_rolloff (standings, order, 2, &error));
  assert_null (error);
  assert_rows (standings, expected, G_N_ELEMENTS (expected));
}

static void
test_rolloff_three_way (void **state)
{
  static const CtdStandingsEntry entries[] = {
    { 1, "Ann", 1, 6 },
    { 2, "Bob", 1, 6 },
    { 3, "Cy", 1, 6 },
    { 4, "Dee", 1, -18 },
  };
  static const gint64 order[] = { 3, 1, 2 };
  static const Expected before[] = {
    { "Ann", 1, TRUE, 1, TRUE },
    { "Bob", 1, TRUE, 1, TRUE },
    { "Cy", 1, TRUE, 1, TRUE },
    { "Dee", 4, FALSE, 4, FALSE },
  };
  static const Expected after[] = {
    { "Cy", 1, FALSE, 1, FALSE },
    { "Ann", 2, FALSE, 2, FALSE },
    { "Bob", 3, FALSE, 3, FALSE },
    { "Dee", 4, FALSE, 4, FALSE },
  };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));

  (void) state;

  assert_rows (standings, before, G_N_ELEMENTS (before));
  assert_true (ctd_standings_add_rolloff (standings, order, 3, NULL));
  assert_rows (standings, after, G_N_ELEMENTS (after));
}

static void
assert_marked (const CtdStandings *standings,
               const char         *names)
{
  g_autoptr(GString) marked = g_string_new (NULL);

  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);

      if (row->needs_rolloff)
        g_string_append_printf (marked, "%s%s", marked->len > 0 ? " " : "", row->name);
    }
  assert_string_equal (marked->str, names);
}

static guint
rolloff_place (const CtdStandings *standings,
               gint64              player_id)
{
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    if (ctd_standings_get_row (standings, i)->player_id == player_id)
      return ctd_standings_get_row (standings, i)->rolloff_place;
  fail_msg ("no player %" G_GINT64_FORMAT, player_id);
  return 0;
}

/* SPEC 6: only a tie at an advancement cut or a placing asks for a
 * roll-off; a shared rank that decides nothing is not marked. */
static void
test_ties_that_decide (void **state)
{
  static const gint64 rolled[] = { 3, 2, 6, 9 };  /* Bob, Cy, Fay, Ivy */
  g_autoptr(CtdStandings) standings = new_round ();

  (void) state;

  /* Nothing said about cuts: nothing marked, ties flagged as before. */
  assert_marked (standings, "");
  assert_rows (standings, round_expected, G_N_ELEMENTS (round_expected));
  /* Top 1 of each chouette: Ann and Eve share first place, but each
   * tops her own chouette; the tie decides nothing. */
  ctd_standings_mark_cut (standings, 1, 0);
  assert_marked (standings, "");
  /* Top 2: Bob and Cy share chouette 1's second place. */
  ctd_standings_mark_cut (standings, 2, 0);
  assert_marked (standings, "Bob Cy");
  /* Top 1 and a wildcard: Bob, Cy, Fay and Ivy all have 2 for it; Jo,
   * Gus and Dee are behind them and decide nothing. */
  ctd_standings_mark_cut (standings, 1, 1);
  assert_marked (standings, "Bob Cy Fay Ivy");
  for (gsize i = 0; i < G_N_ELEMENTS (round_entries); i++)
    assert_int_equal (ctd_standings_get_row (standings, i)->rolloff_place, 0);

  /* The roll-off settles it; each player's place in it is kept. */
  assert_true (ctd_standings_add_rolloff (standings, rolled, G_N_ELEMENTS (rolled), NULL));
  assert_marked (standings, "");
  for (gsize i = 0; i < G_N_ELEMENTS (rolled); i++)
    assert_int_equal (rolloff_place (standings, rolled[i]), i + 1);
  assert_int_equal (rolloff_place (standings, 1), 0);  /* Ann */
  assert_int_equal (rolloff_place (standings, 10), 0); /* Jo */
}

/* Every tie of the final decides a place (rule 1.9). */
static void
test_placing_ties (void **state)
{
  static const CtdStandingsEntry entries[] = {
    { 1, "Ann", 1, 6 }, { 2, "Bob", 1, -2 }, { 3, "Cy", 1, -2 }, { 4, "Dee", 1, -2 },
  };
  static const gint64 bob_beats_cy[] = { 2, 3 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));

  (void) state;

  ctd_standings_mark_placings (standings);
  assert_marked (standings, "Bob Cy Dee");
  /* Bob beat Cy, but Dee still shares a place with each of them. */
  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  assert_marked (standings, "Bob Dee Cy");
  assert_int_equal (rolloff_place (standings, 2), 1);
  assert_int_equal (rolloff_place (standings, 3), 2);
  assert_int_equal (rolloff_place (standings, 4), 0);
}

/* A player who lost one roll-off may roll off again with other players;
 * the roll-offs chain, and a later roll-off cannot contradict the chain. */
static void
test_rolloffs_chain (void **state)
{
  static const gint64 bob_beats_cy[] = { 3, 2 };
  static const gint64 cy_beats_fay[] = { 2, 6 };
  static const gint64 fay_beats_bob[] = { 6, 3 };
  g_autoptr(CtdStandings) standings = new_round ();
  g_autoptr(GError) error = NULL;

  (void) state;

  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  assert_true (ctd_standings_add_rolloff (standings, cy_beats_fay, 2, &error));
  assert_null (error);
  assert_true (ctd_standings_compare (standings, 3, 6) < 0);
  assert_int_equal (ctd_standings_compare (standings, 6, 9), 0);

  assert_false (ctd_standings_add_rolloff (standings, fay_beats_bob, 2, &error));
  assert_true (g_error_matches (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF));
  assert_string_equal (error->message,
                       "Roll-off refused: an earlier roll-off already put Bob ahead of Fay");
  assert_true (ctd_standings_compare (standings, 3, 6) < 0);
}

/* Three tied for two places: "P5 P3" first, then the full order that
 * agrees with it, "P5 P3 P8", is accepted; one that reverses it is not. */
static void
test_rolloff_agreeing_order (void **state)
{
  static const CtdStandingsEntry entries[] = {
    { 1, "Ann", 1, 6 }, { 3, "Cy", 1, -2 }, { 5, "Eve", 1, -2 }, { 8, "Hal", 1, -2 },
  };
  static const gint64 first[] = { 5, 3 };
  static const gint64 whole[] = { 5, 3, 8 };
  static const gint64 reversed[] = { 3, 5, 8 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));
  g_autoptr(CtdStandings) other = NULL;
  g_autoptr(GError) error = NULL;

  (void) state;

  ctd_standings_mark_placings (standings);
  assert_true (ctd_standings_add_rolloff (standings, first, 2, NULL));
  other = ctd_standings_copy (standings);
  assert_false (ctd_standings_add_rolloff (other, reversed, 3, &error));
  assert_string_equal (error->message,
                       "Roll-off refused: an earlier roll-off already put Eve ahead of Cy");
  g_clear_error (&error);
  assert_true (ctd_standings_add_rolloff (standings, whole, 3, &error));
  assert_null (error);
  assert_true (ctd_standings_compare (standings, 5, 3) < 0);
  assert_true (ctd_standings_compare (standings, 3, 8) < 0);
}

/* The same chain recorded the other way round: beating Cy also puts Bob
 * ahead of the player Cy had already beaten. */
static void
test_rolloffs_chain_backwards (void **state)
{
  static const gint64 cy_beats_fay[] = { 2, 6 };
  static const gint64 bob_beats_cy[] = { 3, 2 };
  g_autoptr(CtdStandings) standings = new_round ();

  (void) state;

  assert_true (ctd_standings_add_rolloff (standings, cy_beats_fay, 2, NULL));
  assert_int_equal (ctd_standings_compare (standings, 3, 6), 0);
  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  assert_true (ctd_standings_compare (standings, 3, 6) < 0);
  assert_true (ctd_standings_compare (standings, 6, 3) > 0);
}

typedef struct
{
  const gint64      *ids;
  gsize              n_ids;
  CtdStandingsError  code;
  const char        *message;
} Refusal;

static void
test_rolloff_refusals (void **state)
{
  static const gint64 bob_beats_cy[] = { 3, 2 };
  static const gint64 unknown[] = { 3, 42 };
  static const gint64 alone[] = { 3 };
  static const gint64 repeated[] = { 9, 6, 9 };
  static const gint64 not_tied[] = { 8, 6 };
  static const gint64 again[] = { 2, 3 };
  static const gint64 again_with_more[] = { 6, 9, 2, 3 };
  /* The earlier roll-off repeated as it went is no new information: it
   * is refused like one that contradicts it. */
  static const gint64 same_again[] = { 3, 2 };
  static const Refusal refusals[] = {
    { unknown, 2, CTD_STANDINGS_ERROR_UNKNOWN_PLAYER,
      "Roll-off refused: player 42 is not in this round" },
    { alone, 1, CTD_STANDINGS_ERROR_ROLLOFF,
      "Roll-off refused: a roll-off needs at least two tied players" },
    { NULL, 0, CTD_STANDINGS_ERROR_ROLLOFF,
      "Roll-off refused: a roll-off needs at least two tied players" },
    { repeated, 3, CTD_STANDINGS_ERROR_ROLLOFF, "Roll-off refused: Ivy is listed twice" },
    { not_tied, 2, CTD_STANDINGS_ERROR_NOT_TIED,
      "Roll-off refused: Hal (3.5) and Fay (2) are not tied" },
    { again, 2, CTD_STANDINGS_ERROR_ROLLOFF,
      "Roll-off refused: an earlier roll-off already put Bob ahead of Cy" },
    { again_with_more, 4, CTD_STANDINGS_ERROR_ROLLOFF,
      "Roll-off refused: an earlier roll-off already put Bob ahead of Cy" },
    /* The same order again adds nothing (with more players, it agrees:
     * test_rolloff_agreeing_order). */
    { same_again, 2, CTD_STANDINGS_ERROR_ROLLOFF,
      "Roll-off refused: earlier roll-offs already put these players in this order" },
  };
  static const Expected expected[] = {
    { "Ann", 1, TRUE, 1, FALSE },
    { "Eve", 1, TRUE, 1, FALSE },
    { "Hal", 3, FALSE, 1, FALSE },
    { "Bob", 4, TRUE, 2, FALSE },
    { "Fay", 4, TRUE, 2, FALSE },
    { "Ivy", 4, TRUE, 2, FALSE },
    { "Cy", 5, TRUE, 3, FALSE },
    { "Jo", 8, FALSE, 3, FALSE },
    { "Gus", 9, FALSE, 3, FALSE },
    { "Dee", 10, FALSE, 4, FALSE },
  };
  g_autoptr(CtdStandings) standings = new_round ();

  (void) state;

  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(GError) error = NULL;

      assert_false (ctd_standings_add_rolloff (standings, refusals[i].ids, refusals[i].n_ids,
                                               &error));
      assert_true (g_error_matches (error, CTD_STANDINGS_ERROR, (gint) refusals[i].code));
      assert_string_equal (error->message, refusals[i].message);
      /* Nothing changed: not the rows, and not the ties advancement reads. */
      assert_rows (standings, expected, G_N_ELEMENTS (expected));
      assert_int_equal (ctd_standings_compare (standings, 6, 9), 0);
      assert_int_equal (ctd_standings_compare (standings, 3, 6), 0);
    }
}

static void
test_compare (void **state)
{
  static const gint64 bob_beats_cy[] = { 3, 2 };
  g_autoptr(CtdStandings) standings = new_round ();

  (void) state;

  assert_true (ctd_standings_compare (standings, 1, 8) < 0);   /* Ann 5, Hal 3.5 */
  assert_true (ctd_standings_compare (standings, 8, 1) > 0);
  assert_true (ctd_standings_compare (standings, 10, 7) < 0);  /* Jo -5.5, Gus -7 */
  assert_int_equal (ctd_standings_compare (standings, 1, 5), 0);
  assert_int_equal (ctd_standings_compare (standings, 2, 3), 0);
  assert_int_equal (ctd_standings_compare (standings, 2, 2), 0);

  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  assert_true (ctd_standings_compare (standings, 3, 2) < 0);
  assert_true (ctd_standings_compare (standings, 2, 3) > 0);
  assert_int_equal (ctd_standings_compare (standings, 2, 6), 0);
  /* A roll-off never lifts a player over a better score. */
  assert_true (ctd_standings_compare (standings, 8, 3) < 0);
}

static void
test_roll (void **state)
{
  static const gint64 ids[] = { 11, 22, 33, 44, 55 };
  gint64 first[G_N_ELEMENTS (ids)];
  gint64 again[G_N_ELEMENTS (ids)];
  gboolean orders_differ = FALSE;

  (void) state;

  for (guint64 seed = 0; seed < 20; seed++)
    {
      guint expected[G_N_ELEMENTS (ids)] = { 0, 1, 2, 3, 4 };
      gint64 in_place[G_N_ELEMENTS (ids)];
      gboolean seen[G_N_ELEMENTS (ids)] = { FALSE };
      CtdRng rng;

      ctd_standings_roll (ids, G_N_ELEMENTS (ids), seed, first);
      ctd_standings_roll (ids, G_N_ELEMENTS (ids), seed, again);
      assert_memory_equal (first, again, sizeof first);

      /* The documented algorithm: the seed shuffles the players' indices. */
      ctd_rng_init (&rng, seed);
      ctd_rng_shuffle (&rng, expected, G_N_ELEMENTS (expected));
      for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
        {
          assert_int_equal (first[i], ids[expected[i]]);
          assert_false (seen[expected[i]]);
          seen[expected[i]] = TRUE;
        }

      memcpy (in_place, ids, sizeof ids);
      ctd_standings_roll (in_place, G_N_ELEMENTS (ids), seed, in_place);
      assert_memory_equal (in_place, first, sizeof first);

      if (seed > 0)
        {
          ctd_standings_roll (ids, G_N_ELEMENTS (ids), seed - 1, again);
          orders_differ |= memcmp (first, again, sizeof first) != 0;
        }
    }
  assert_true (orders_differ);
}

static void
test_secrecy (void **state)
{
  /* Rows: qualifying, semi-final, final; columns: drawn .. closed. */
  static const gboolean expected[3][5] = {
    { FALSE, FALSE, TRUE, TRUE, TRUE },
    { FALSE, FALSE, TRUE, TRUE, TRUE },
    { TRUE, TRUE, TRUE, TRUE, TRUE },
  };

  (void) state;

  for (CtdStage stage = CTD_STAGE_QUALIFYING; stage <= CTD_STAGE_FINAL; stage++)
    for (CtdRoundState round_state = CTD_ROUND_DRAWN; round_state <= CTD_ROUND_CLOSED;
         round_state++)
      assert_int_equal (ctd_standings_scores_are_public (stage, round_state),
                        expected[stage][round_state]);
}

/* Rule 1.7: the posted standings of an unfinished qualifying round carry
 * no score, rank or tie, and list the players by chouette and name. */
static void
test_public_view_of_secret_round (void **state)
{
  static const char *by_chouette[] = {
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
  };
  g_autoptr(CtdStandings) secret = NULL;
  g_autoptr(CtdStandings) semi = NULL;
  g_autoptr(CtdStandings) final = NULL;
  g_autoptr(CtdStandings) complete = NULL;

  (void) state;

  secret = ctd_standings_new_public (round_entries, G_N_ELEMENTS (round_entries),
                                     CTD_STAGE_QUALIFYING, CTD_ROUND_IN_PLAY);
  assert_true (ctd_standings_get_scores_hidden (secret));
  assert_int_equal (ctd_standings_get_n_rows (secret), G_N_ELEMENTS (by_chouette));
  for (gsize i = 0; i < G_N_ELEMENTS (by_chouette); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (secret, i);

      assert_string_equal (row->name, by_chouette[i]);
      assert_int_equal (row->score, 0);
      assert_int_equal (row->rank, 0);
      assert_false (row->tied);
      assert_int_equal (row->chouette_rank, 0);
      assert_false (row->chouette_tied);
    }
  assert_int_equal (ctd_standings_get_row (secret, 0)->chouette, 1);
  assert_int_equal (ctd_standings_get_row (secret, 9)->chouette, 3);

  semi = ctd_standings_new_public (round_entries, G_N_ELEMENTS (round_entries),
                                   CTD_STAGE_SEMIFINAL, CTD_ROUND_DRAWN);
  assert_true (ctd_standings_get_scores_hidden (semi));

  /* The final is played in the open; a complete round may be posted. */
  final = ctd_standings_new_public (round_entries, G_N_ELEMENTS (round_entries),
                                    CTD_STAGE_FINAL, CTD_ROUND_IN_PLAY);
  assert_false (ctd_standings_get_scores_hidden (final));
  assert_rows (final, round_expected, G_N_ELEMENTS (round_expected));
  complete = ctd_standings_new_public (round_entries, G_N_ELEMENTS (round_entries),
                                       CTD_STAGE_QUALIFYING, CTD_ROUND_COMPLETE);
  assert_false (ctd_standings_get_scores_hidden (complete));
  assert_int_equal (ctd_standings_get_row (complete, 2)->score, 7);
}

/* The ranks and marks the standings give, against the definitions worked
 * pair by pair (what the code did before it compared only a score's
 * group): many random rounds with few scores, so ties are common, and
 * random roll-offs among them. */
static void
test_matches_pairwise_definition (void **state)
{
  CtdRng rng;

  ctd_rng_init (&rng, 20261123);
  for (guint round = 0; round < 200; round++)
    {
      gsize n = 3 + ctd_rng_uniform (&rng, 40);
      g_autofree CtdStandingsEntry *entries = g_new0 (CtdStandingsEntry, n);
      g_autoptr(CtdStandings) standings = NULL;
      g_autofree const CtdStandingsRow **rows = g_new0 (const CtdStandingsRow *, n);
      guint top_k = 1 + (guint) ctd_rng_uniform (&rng, 2);
      guint wildcards = (guint) ctd_rng_uniform (&rng, 3);

      for (gsize i = 0; i < n; i++)
        {
          entries[i].player_id = (gint64) (100 + i);
          entries[i].name = "P";
          entries[i].chouette = 1 + (guint) (i / 4);
          entries[i].score = (CtdHalves) ctd_rng_uniform (&rng, 4) - 2;
        }
      standings = ctd_standings_new (entries, n);
      /* A few roll-offs between two players of one score. */
      for (guint r = 0; r < 3; r++)
        {
          gsize a = ctd_rng_uniform (&rng, n), b = ctd_rng_uniform (&rng, n);
          gint64 ids[2] = { entries[a].player_id, entries[b].player_id };

          if (a != b && entries[a].score == entries[b].score)
            ctd_standings_add_rolloff (standings, ids, 2, NULL);
        }
      ctd_standings_mark_cut (standings, top_k, wildcards);
      for (gsize k = 0; k < n; k++)
        {
          const CtdStandingsRow *row = ctd_standings_get_row (standings, k);

          rows[row->player_id - 100] = row;
        }
      for (gsize i = 0; i < n; i++)
        {
          guint rank = 1, chouette_rank = 1;
          gboolean tied = FALSE, chouette_tied = FALSE;

          for (gsize j = 0; j < n; j++)
            {
              gint cmp;

              if (j == i)
                continue;
              cmp = ctd_standings_compare (standings, rows[j]->player_id, rows[i]->player_id);
              rank += cmp < 0;
              tied |= cmp == 0;
              if (rows[j]->chouette == rows[i]->chouette)
                {
                  chouette_rank += cmp < 0;
                  chouette_tied |= cmp == 0;
                }
            }
          assert_int_equal (rows[i]->rank, rank);
          assert_int_equal (rows[i]->tied, tied);
          assert_int_equal (rows[i]->chouette_rank, chouette_rank);
          assert_int_equal (rows[i]->chouette_tied, chouette_tied);
        }
      /* needs_rolloff: a tie straddling a chouette's top K, or the
       * wildcard cut among those outside their top K. */
      for (gsize i = 0; i < n; i++)
        {
          gboolean expected = FALSE;

          for (guint pool = 0; pool < 2; pool++)
            {
              guint ahead = 0, behind = 0, size = 0, cut = pool == 0 ? top_k : wildcards;
              gboolean in_pool = pool == 0 || rows[i]->chouette_rank > top_k;

              if (!in_pool)
                continue;
              for (gsize j = 0; j < n; j++)
                {
                  gboolean member = pool == 0 ? rows[j]->chouette == rows[i]->chouette
                                              : rows[j]->chouette_rank > top_k;
                  gint cmp;

                  if (!member)
                    continue;
                  cmp = j == i ? 0
                               : ctd_standings_compare (standings, rows[j]->player_id,
                                                        rows[i]->player_id);
                  size++;
                  ahead += cmp < 0;
                  behind += cmp > 0;
                }
              expected |= ahead + 1 <= cut && size - behind > cut;
            }
          assert_int_equal (rows[i]->needs_rolloff, expected);
        }
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_ranking_with_ties),
    cmocka_unit_test (test_matches_pairwise_definition),
    cmocka_unit_test (test_display_order_of_ties),
    cmocka_unit_test (test_same_name_same_rank),
    cmocka_unit_test (test_single_player_and_empty),
    cmocka_unit_test (test_rolloff_two_way),
    cmocka_unit_test (test_rolloff_three_way),
    cmocka_unit_test (test_ties_that_decide),
    cmocka_unit_test (test_placing_ties),
    cmocka_unit_test (test_rolloffs_chain),
    cmocka_unit_test (test_rolloff_agreeing_order),
    cmocka_unit_test (test_rolloffs_chain_backwards),
    cmocka_unit_test (test_rolloff_refusals),
    cmocka_unit_test (test_compare),
    cmocka_unit_test (test_roll),
    cmocka_unit_test (test_secrecy),
    cmocka_unit_test (test_public_view_of_secret_round),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
