/* test-advance.c
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

#include "ctd-advance.h"
#include "ctd-draw.h"

/* Scores in the fixtures are whole points, written as such. */
#define P(points) CTD_HALVES (points)

/* Chouettes 1 and 2 of four players, chouette 3 of three. */
static const CtdStandingsEntry round_entries[] = {
  { 1, "Ann", 1, P (6) },
  { 2, "Bob", 1, P (3) },
  { 3, "Cy", 1, P (1) },
  { 4, "Dee", 1, P (-10) },
  { 5, "Eve", 2, P (5) },
  { 6, "Fay", 2, P (4) },
  { 7, "Gus", 2, P (0) },
  { 8, "Hal", 2, P (-9) },
  { 9, "Ivy", 3, P (2) },
  { 10, "Jo", 3, P (1) + 1 },
  { 11, "Kim", 3, P (-4) - 1 },
};

/* The same round with one score changed. */
static CtdStandings *
new_round_with (gint64    player_id,
                CtdHalves score)
{
  CtdStandingsEntry entries[G_N_ELEMENTS (round_entries)];

  memcpy (entries, round_entries, sizeof entries);
  for (gsize i = 0; i < G_N_ELEMENTS (entries); i++)
    if (entries[i].player_id == player_id)
      entries[i].score = score;
  return ctd_standings_new (entries, G_N_ELEMENTS (entries));
}

static void
assert_ids (const GArray *ids,
            const gint64 *expected,
            gsize         n_expected)
{
  assert_non_null (ids);
  assert_int_equal (ids->len, n_expected);
  for (gsize i = 0; i < n_expected; i++)
    assert_int_equal (g_array_index (ids, gint64, i), expected[i]);
}

static void
assert_selects (const CtdStandings *standings,
                guint               top_k,
                guint               wildcards,
                const gint64       *expected,
                gsize               n_expected)
{
  CtdAdvanceTie tie = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = ctd_advance_select (standings, top_k, wildcards, &tie, &error);

  assert_null (error);
  assert_ids (advancers, expected, n_expected);
  assert_null (tie.player_ids);
}

/* A refused tie names exactly @expected_ids, and clearing it empties it. */
static void
assert_tie (const CtdStandings *standings,
            guint               top_k,
            guint               wildcards,
            guint               expected_chouette,
            const gint64       *expected_ids,
            gsize               n_expected,
            const char         *expected_message)
{
  CtdAdvanceTie tie = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = ctd_advance_select (standings, top_k, wildcards, &tie, &error);

  assert_null (advancers);
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE));
  assert_string_equal (error->message, expected_message);
  assert_int_equal (tie.chouette, expected_chouette);
  assert_ids (tie.player_ids, expected_ids, n_expected);

  ctd_advance_tie_clear (&tie);
  assert_null (tie.player_ids);
  assert_int_equal (tie.chouette, 0);
  ctd_advance_tie_clear (&tie);
}

static void
assert_refused (const CtdStandings *standings,
                guint               top_k,
                guint               wildcards,
                CtdAdvanceError     code,
                const char         *expected_message)
{
  CtdAdvanceTie tie = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = ctd_advance_select (standings, top_k, wildcards, &tie, &error);

  assert_null (advancers);
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, (gint) code));
  assert_string_equal (error->message, expected_message);
  assert_null (tie.player_ids);
}

static void
test_check_next_size (void **state)
{
  (void) state;

  for (guint n = 0; n <= 20; n++)
    {
      g_autoptr(GError) error = NULL;
      CtdStage stage = (CtdStage) 99;
      gboolean ok = ctd_advance_check_next_size (n, &stage, &error);

      if (n < 3 || n == 5)
        {
          assert_false (ok);
          assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE));
          assert_int_equal (stage, 99);
        }
      else
        {
          assert_true (ok);
          assert_null (error);
          assert_int_equal (stage, n <= 4 ? CTD_STAGE_FINAL : CTD_STAGE_SEMIFINAL);
        }
    }
}

static void
test_check_next_size_messages (void **state)
{
  g_autoptr(GError) five = NULL;
  g_autoptr(GError) two = NULL;
  g_autoptr(GError) one = NULL;

  (void) state;

  assert_false (ctd_advance_check_next_size (5, NULL, &five));
  assert_string_equal (five->message, "5 players cannot make the next round: advance 4 for a "
                       "final or 6 for two 3-player semi-finals");
  assert_false (ctd_advance_check_next_size (2, NULL, &two));
  assert_string_equal (two->message,
                       "2 players cannot make the next round: advance 3 or 4 for a final");
  assert_false (ctd_advance_check_next_size (1, NULL, &one));
  assert_string_equal (one->message,
                       "1 player cannot make the next round: advance 3 or 4 for a final");
}

static void
test_select (void **state)
{
  static const gint64 top1_wild1[] = { 1, 5, 6, 9 };       /* Ann, Eve, Fay (wildcard), Ivy */
  static const gint64 top2[] = { 1, 5, 6, 2, 9, 10 };      /* standings order */
  static const gint64 top1[] = { 1, 5, 9 };
  static const gint64 top1_wild3[] = { 1, 5, 6, 2, 9, 10 };
  static const gint64 everyone[] = { 1, 5, 6, 2, 9, 10, 3, 7, 11, 8, 4 };
  g_autoptr(CtdStandings) standings = new_round_with (0, 0);

  (void) state;

  assert_selects (standings, 1, 1, top1_wild1, G_N_ELEMENTS (top1_wild1));
  assert_selects (standings, 2, 0, top2, G_N_ELEMENTS (top2));
  assert_selects (standings, 1, 0, top1, G_N_ELEMENTS (top1));
  assert_selects (standings, 1, 3, top1_wild3, G_N_ELEMENTS (top1_wild3));
  /* Top 3 may take all of chouette 3; the 2 wildcards are the last two. */
  assert_selects (standings, 3, 2, everyone, G_N_ELEMENTS (everyone));
}

static void
test_select_invalid (void **state)
{
  g_autoptr(CtdStandings) standings = new_round_with (0, 0);

  (void) state;

  assert_refused (standings, 0, 4, CTD_ADVANCE_ERROR_INVALID,
                  "Top 0 cannot be: the top player of every chouette advances (rule 1.7), "
                  "so top K must be 1 or more");
  assert_refused (standings, 4, 0, CTD_ADVANCE_ERROR_INVALID,
                  "Top 4 cannot advance from chouette 3, which has only 3 players: "
                  "choose a top K of 3 or less");
  assert_refused (standings, 1, 9, CTD_ADVANCE_ERROR_INVALID,
                  "9 wildcards cannot be chosen: only 8 players remain after the top 1 of "
                  "each chouette");
  assert_refused (standings, 3, 3, CTD_ADVANCE_ERROR_INVALID,
                  "3 wildcards cannot be chosen: only 2 players remain after the top 3 of "
                  "each chouette");
  assert_refused (standings, 1, 2, CTD_ADVANCE_ERROR_ROUND_SIZE,
                  "5 players cannot make the next round: advance 4 for a final or 6 for two "
                  "3-player semi-finals");
}

/* A top K larger than a chouette is refused wherever that chouette
 * stands: the round's only one, or its first. */
static void
test_select_top_k_past_a_chouette (void **state)
{
  static const CtdStandingsEntry lone[] = {
    { 1, "Ann", 1, P (4) }, { 2, "Bob", 1, P (-1) }, { 3, "Cy", 1, P (-3) },
  };
  CtdStandingsEntry first_small[G_N_ELEMENTS (round_entries)];
  g_autoptr(CtdStandings) final = ctd_standings_new (lone, G_N_ELEMENTS (lone));
  g_autoptr(CtdStandings) round = NULL;

  (void) state;

  assert_refused (final, 4, 0, CTD_ADVANCE_ERROR_INVALID,
                  "Top 4 cannot advance from chouette 1, which has only 3 players: "
                  "choose a top K of 3 or less");

  /* The round's 3-player chouette renumbered 1, the others 2 and 3. */
  memcpy (first_small, round_entries, sizeof first_small);
  for (gsize i = 0; i < G_N_ELEMENTS (first_small); i++)
    first_small[i].chouette = first_small[i].chouette % 3 + 1;
  round = ctd_standings_new (first_small, G_N_ELEMENTS (first_small));
  assert_refused (round, 4, 0, CTD_ADVANCE_ERROR_INVALID,
                  "Top 4 cannot advance from chouette 1, which has only 3 players: "
                  "choose a top K of 3 or less");
}

static void
test_select_size_before_tie (void **state)
{
  /* Ivy and Jo tie at chouette 3's cut, but 5 advancers cannot work
   * whoever wins: the director hears about the format first. */
  g_autoptr(CtdStandings) standings = new_round_with (10, P (2));

  (void) state;

  assert_refused (standings, 1, 2, CTD_ADVANCE_ERROR_ROUND_SIZE,
                  "5 players cannot make the next round: advance 4 for a final or 6 for two "
                  "3-player semi-finals");
}

static void
test_select_tie_at_chouette_cut (void **state)
{
  static const gint64 tied[] = { 9, 10 };
  static const gint64 jo_wins[] = { 10, 9 };
  static const gint64 after[] = { 1, 5, 6, 10 };
  g_autoptr(CtdStandings) standings = new_round_with (10, P (2)); /* Jo ties Ivy */
  g_autoptr(GError) error = NULL;

  (void) state;

  assert_tie (standings, 1, 1, 3, tied, G_N_ELEMENTS (tied),
              "Tie at the cut of chouette 3 (top 1): Ivy and Jo both have 2; record a roll-off "
              "between them to decide who advances");

  assert_true (ctd_standings_add_rolloff (standings, jo_wins, 2, &error));
  assert_null (error);
  assert_selects (standings, 1, 1, after, G_N_ELEMENTS (after));
}

static void
test_select_three_way_tie (void **state)
{
  static const CtdStandingsEntry entries[] = {
    { 1, "Ann", 1, P (6) },
    { 2, "Bob", 1, P (3) },
    { 3, "Cy", 1, P (3) },
    { 4, "Dee", 1, P (3) },
    { 5, "Eve", 2, P (5) },
    { 6, "Fay", 2, P (4) },
    { 7, "Gus", 2, P (0) },
  };
  static const gint64 tied[] = { 2, 3, 4 };
  static const gint64 bob_beats_cy[] = { 2, 3 };
  static const gint64 still_tied[] = { 2, 4 };
  static const gint64 dee_beats_bob[] = { 4, 2 };
  static const gint64 after[] = { 1, 5, 6, 4 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));

  (void) state;

  /* Ann is surely in the top 2: only the three players of 3 roll off. */
  assert_tie (standings, 2, 0, 1, tied, G_N_ELEMENTS (tied),
              "Tie at the cut of chouette 1 (top 2): Bob, Cy and Dee all have 3; record a "
              "roll-off between them to decide who advances");

  /* Cy, beaten by Bob, is out; Dee has still not met Bob. */
  assert_true (ctd_standings_add_rolloff (standings, bob_beats_cy, 2, NULL));
  assert_tie (standings, 2, 0, 1, still_tied, G_N_ELEMENTS (still_tied),
              "Tie at the cut of chouette 1 (top 2): Bob and Dee both have 3; record a "
              "roll-off between them to decide who advances");

  assert_true (ctd_standings_add_rolloff (standings, dee_beats_bob, 2, NULL));
  assert_selects (standings, 2, 0, after, G_N_ELEMENTS (after));
}

static void
test_select_tie_at_wildcard_cut (void **state)
{
  static const gint64 tied[] = { 2, 6 };
  static const gint64 fay_wins[] = { 6, 2 };
  static const gint64 after[] = { 1, 5, 6, 9 };
  g_autoptr(CtdStandings) standings = new_round_with (2, P (4)); /* Bob ties Fay */

  (void) state;

  assert_tie (standings, 1, 1, 0, tied, G_N_ELEMENTS (tied),
              "Tie at the wildcard cut (1 wildcard): Bob and Fay both have 4; record a "
              "roll-off between them to decide who advances");
  /* With room for both, the tie does not matter. */
  assert_selects (standings, 1, 3, (const gint64[]) { 1, 5, 2, 6, 9, 10 }, 6);

  assert_true (ctd_standings_add_rolloff (standings, fay_wins, 2, NULL));
  assert_selects (standings, 1, 1, after, G_N_ELEMENTS (after));
}

/* The loser of a roll-off for a chouette's top place can tie again for a
 * wildcard, with a player of another chouette. */
static void
test_select_tie_at_both_cuts (void **state)
{
  static const CtdStandingsEntry entries[] = {
    { 1, "Ann", 1, P (6) },
    { 2, "Bob", 1, P (3) },
    { 3, "Cy", 1, P (1) },
    { 5, "Eve", 2, P (5) },
    { 6, "Fay", 2, P (2) },
    { 7, "Gus", 2, P (0) },
    { 9, "Ivy", 3, P (3) },
    { 10, "Jo", 3, P (3) },
    { 11, "Kim", 3, P (-6) },
  };
  static const gint64 first_tie[] = { 9, 10 };
  static const gint64 jo_wins[] = { 10, 9 };
  static const gint64 second_tie[] = { 2, 9 };
  static const gint64 ivy_wins[] = { 9, 2 };
  static const gint64 after[] = { 1, 5, 10, 9 };
  g_autoptr(CtdStandings) standings = ctd_standings_new (entries, G_N_ELEMENTS (entries));

  (void) state;

  assert_tie (standings, 1, 1, 3, first_tie, G_N_ELEMENTS (first_tie),
              "Tie at the cut of chouette 3 (top 1): Ivy and Jo both have 3; record a roll-off "
              "between them to decide who advances");
  assert_true (ctd_standings_add_rolloff (standings, jo_wins, 2, NULL));
  assert_tie (standings, 1, 1, 0, second_tie, G_N_ELEMENTS (second_tie),
              "Tie at the wildcard cut (1 wildcard): Bob and Ivy both have 3; record a "
              "roll-off between them to decide who advances");
  assert_true (ctd_standings_add_rolloff (standings, ivy_wins, 2, NULL));
  assert_selects (standings, 1, 1, after, G_N_ELEMENTS (after));
}

static void
test_select_tie_not_at_cut (void **state)
{
  static const gint64 top2[] = { 1, 2, 5, 6, 9, 10 };
  static const gint64 top1_wild1[] = { 1, 2, 5, 9 };
  g_autoptr(CtdStandings) standings = new_round_with (2, P (6)); /* Bob ties Ann for 1st */

  (void) state;

  assert_selects (standings, 2, 0, top2, G_N_ELEMENTS (top2));
  /* ...but with top 1, the same tie straddles the cut. */
  assert_tie (standings, 1, 1, 1, (const gint64[]) { 1, 2 }, 2,
              "Tie at the cut of chouette 1 (top 1): Ann and Bob both have 6; record a "
              "roll-off between them to decide who advances");
  /* Bob's tie with Ann does not reach the wildcard: Bob, second in his
   * chouette, is the best remaining score whoever wins the roll-off. */
  assert_true (ctd_standings_add_rolloff (standings, (const gint64[]) { 1, 2 }, 2, NULL));
  assert_selects (standings, 1, 1, top1_wild1, G_N_ELEMENTS (top1_wild1));
}

static void
test_select_without_tie_out (void **state)
{
  g_autoptr(CtdStandings) standings = new_round_with (10, P (2));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = ctd_advance_select (standings, 1, 1, NULL, &error);

  (void) state;

  assert_null (advancers);
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE));
}

typedef struct
{
  guint        n_players;
  guint        n_rounds;
  CtdPlanRound rounds[4];
} PlanCase;

#define Q CTD_STAGE_QUALIFYING
#define S CTD_STAGE_SEMIFINAL
#define F CTD_STAGE_FINAL

/* Worked out by hand from SPEC 6: top K per chouette alone, the fewest
 * rounds to a Final of 3 or 4, then the smallest K in each round; K stays
 * below the smallest chouette's size.
 * { stage, players, fours, threes, top K, wildcards }. */
static const PlanCase plan_cases[] = {
  { 3, 1, { { F, 3, 0, 1, 0, 0 } } },
  { 4, 1, { { F, 4, 1, 0, 0, 0 } } },
  /* Two chouettes: top 1 would leave 2, so top 2 make a final of 4. */
  { 6, 2, { { Q, 6, 0, 2, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 7, 2, { { Q, 7, 1, 1, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 8, 2, { { Q, 8, 2, 0, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  /* Three chouettes: their winners are a final of 3 (rule 1.9's "as
   * applicable"), no wildcard. */
  { 9, 2, { { Q, 9, 0, 3, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  { 10, 2, { { Q, 10, 1, 2, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  { 12, 2, { { Q, 12, 3, 0, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  { 13, 2, { { Q, 13, 1, 3, 1, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 16, 2, { { Q, 16, 4, 0, 1, 0 }, { F, 4, 1, 0, 0, 0 } } },
  /* Five chouettes: top 1 would be 5; top 2 make 10, whose three
   * chouettes send their winners to a final of 3 (top 3 of 20 would
   * also take 3 rounds, but with a looser cut). */
  { 17, 3, { { Q, 17, 2, 3, 2, 0 }, { S, 10, 1, 2, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  { 20, 3, { { Q, 20, 5, 0, 2, 0 }, { S, 10, 1, 2, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  /* Six chouettes: 6 winners play two 3-player semi-finals. */
  { 21, 3, { { Q, 21, 3, 3, 1, 0 }, { S, 6, 0, 2, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 26, 3, { { Q, 26, 5, 2, 1, 0 }, { S, 7, 1, 1, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 32, 3, { { Q, 32, 8, 0, 1, 0 }, { S, 8, 2, 0, 2, 0 }, { F, 4, 1, 0, 0, 0 } } },
  { 33, 3, { { Q, 33, 6, 3, 1, 0 }, { S, 9, 0, 3, 1, 0 }, { F, 3, 0, 1, 0, 0 } } },
  { 64, 3, { { Q, 64, 16, 0, 1, 0 }, { S, 16, 4, 0, 1, 0 }, { F, 4, 1, 0, 0, 0 } } },
  /* No 3-round plan: 25 x K is never 6 to 16. */
  { 100, 4, { { Q, 100, 25, 0, 1, 0 }, { S, 25, 4, 3, 1, 0 }, { S, 7, 1, 1, 2, 0 },
              { F, 4, 1, 0, 0, 0 } } },
  { 256, 4, { { Q, 256, 64, 0, 1, 0 }, { S, 64, 16, 0, 1, 0 }, { S, 16, 4, 0, 1, 0 },
              { F, 4, 1, 0, 0, 0 } } },
};

static void
test_plan_cases (void **state)
{
  (void) state;

  for (gsize i = 0; i < G_N_ELEMENTS (plan_cases); i++)
    {
      const PlanCase *expected = &plan_cases[i];
      g_autoptr(GError) error = NULL;
      CtdPlan plan;

      assert_true (ctd_advance_plan (expected->n_players, &plan, &error));
      assert_null (error);
      assert_false (plan.beyond_aba);
      assert_int_equal (plan.n_rounds, expected->n_rounds);
      for (guint r = 0; r < expected->n_rounds; r++)
        {
          const CtdPlanRound *want = &expected->rounds[r];
          const CtdPlanRound *got = &plan.rounds[r];

          assert_int_equal (got->stage, want->stage);
          assert_int_equal (got->n_players, want->n_players);
          assert_int_equal (got->n_fours, want->n_fours);
          assert_int_equal (got->n_threes, want->n_threes);
          assert_int_equal (got->top_k, want->top_k);
          assert_int_equal (got->wildcards, want->wildcards);
        }
    }
}

static void
test_plan_refused (void **state)
{
  static const guint undrawable[] = { 0, 1, 2, 5 };

  (void) state;

  for (gsize i = 0; i < G_N_ELEMENTS (undrawable); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) draw_error = NULL;
      CtdPlan plan;

      assert_false (ctd_advance_plan (undrawable[i], &plan, &error));
      assert_false (ctd_draw_sizes (undrawable[i], NULL, NULL, &draw_error));
      assert_true (g_error_matches (error, CTD_DRAW_ERROR, CTD_DRAW_ERROR_FIELD_SIZE));
      assert_string_equal (error->message, draw_error->message);
    }

  {
    g_autoptr(GError) error = NULL;
    CtdPlan plan;

    assert_false (ctd_advance_plan (257, &plan, &error));
    assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE));
    assert_string_equal (error->message, "No plan is proposed for 257 players, only for fields "
                         "of 3 to 256: choose the top K and wildcards round by round");
  }
}

/* An oracle written from SPEC 6, not from the code: the fewest rounds
 * from a field of @n to a Final, advancing a top K alone (1 <= K < the
 * smallest chouette) into a field ctd_advance_check_next_size() accepts;
 * 0 when there is no such plan. Plain recursion, no shared tables. */
static guint
fewest_rounds (guint  n,
               guint *out_smallest_k)
{
  guint fours;
  guint threes;
  guint best = 0;

  *out_smallest_k = 0;
  if (!ctd_draw_sizes (n, &fours, &threes, NULL))
    return 0;
  if (fours + threes == 1)
    return 1;
  for (guint k = 1; k < (threes > 0 ? 3u : 4u); k++)
    {
      guint next = k * (fours + threes);
      guint ignored;
      guint rounds;

      if (next >= n || !ctd_advance_check_next_size (next, NULL, NULL))
        continue;
      rounds = fewest_rounds (next, &ignored);
      if (rounds > 0 && (best == 0 || rounds + 1 < best))
        {
          best = rounds + 1;
          *out_smallest_k = k;
        }
    }
  return best;
}

static void
test_plan_property (void **state)
{
  (void) state;

  for (guint n = 3; n <= 256; n++)
    {
      CtdPlan plan;
      guint field = n;
      guint best_k;

      if (n == 5)
        continue;
      assert_true (ctd_advance_plan (n, &plan, NULL));
      assert_in_range (plan.n_rounds, 1, G_N_ELEMENTS (plan.rounds));
      /* Rule 1.7 reaches a Final from every field the draw accepts, so
       * no proposal has wildcards. */
      assert_false (plan.beyond_aba);
      /* The fewest rounds, by the oracle (kept to the fields where its
       * plain recursion is quick). */
      if (n <= 64)
        {
          assert_int_equal (plan.n_rounds, fewest_rounds (n, &best_k));
          assert_int_equal (plan.rounds[0].top_k, best_k);
        }

      for (guint r = 0; r < plan.n_rounds; r++)
        {
          const CtdPlanRound *round = &plan.rounds[r];
          gboolean last = r + 1 == plan.n_rounds;
          guint n_chouettes = round->n_fours + round->n_threes;
          guint fours;
          guint threes;
          guint advancing;
          CtdStage next_stage;

          /* Each round is drawn from exactly the previous round's advancers. */
          assert_int_equal (round->n_players, field);
          assert_true (ctd_draw_sizes (field, &fours, &threes, NULL));
          assert_int_equal (round->n_fours, fours);
          assert_int_equal (round->n_threes, threes);
          assert_int_equal (round->wildcards, 0);

          if (last)
            {
              assert_int_equal (round->stage, CTD_STAGE_FINAL);
              assert_int_equal (n_chouettes, 1);
              assert_in_range (round->n_players, 3, 4);
              assert_int_equal (round->top_k, 0);
              continue;
            }

          assert_int_equal (round->stage, r == 0 ? CTD_STAGE_QUALIFYING : CTD_STAGE_SEMIFINAL);
          /* Every chouette plays for something: K below its size. */
          assert_in_range (round->top_k, 1, threes > 0 ? 2 : 3);
          advancing = round->top_k * n_chouettes;
          assert_true (advancing < field);
          assert_true (ctd_advance_check_next_size (advancing, &next_stage, NULL));
          assert_int_equal (next_stage, plan.rounds[r + 1].stage);
          field = advancing;
        }

      /* Followed round by round, the proposal stays the same: the plan
       * for the second round's field is the rest of this one. */
      if (plan.n_rounds > 1)
        {
          CtdPlan rest;

          assert_true (ctd_advance_plan (plan.rounds[1].n_players, &rest, NULL));
          assert_int_equal (rest.n_rounds, plan.n_rounds - 1);
          for (guint r = 0; r < rest.n_rounds; r++)
            {
              assert_int_equal (rest.rounds[r].n_players, plan.rounds[r + 1].n_players);
              assert_int_equal (rest.rounds[r].top_k, plan.rounds[r + 1].top_k);
            }
        }
    }
}

static void
test_plan_describe (void **state)
{
  static const struct
  {
    guint       n_players;
    const char *text;
  } cases[] = {
    { 3, "Final: 3 players in 1 chouette of 3.\n" },
    { 7, "Qualifying: 7 players in 1 chouette of 4 and 1 of 3; top 2 of each advances "
         "(4 players).\nFinal: 4 players in 1 chouette of 4.\n" },
    { 9, "Qualifying: 9 players in 3 chouettes of 3; top 1 of each advances (3 players).\n"
         "Final: 3 players in 1 chouette of 3.\n" },
    { 16, "Qualifying: 16 players in 4 chouettes of 4; top 1 of each advances (4 players).\n"
          "Final: 4 players in 1 chouette of 4.\n" },
    { 17, "Qualifying: 17 players in 2 chouettes of 4 and 3 of 3; top 2 of each advances "
          "(10 players).\n"
          "Semi-final: 10 players in 1 chouette of 4 and 2 of 3; top 1 of each advances "
          "(3 players).\n"
          "Final: 3 players in 1 chouette of 3.\n" },
    /* SPEC 6: the smallest field that needs a second Semi-final says so. */
    { 64, "Qualifying: 64 players in 16 chouettes of 4; top 1 of each advances (16 players).\n"
          "Semi-final: 16 players in 4 chouettes of 4; top 1 of each advances (4 players).\n"
          "Final: 4 players in 1 chouette of 4.\n" },
    { 65, "Qualifying: 65 players in 14 chouettes of 4 and 3 of 3; top 1 of each advances "
          "(17 players).\n"
          "Semi-final: 17 players in 2 chouettes of 4 and 3 of 3; top 2 of each advances "
          "(10 players).\n"
          "Semi-final: 10 players in 1 chouette of 4 and 2 of 3; top 1 of each advances "
          "(3 players).\n"
          "Final: 3 players in 1 chouette of 3.\n"
          "A second Semi-final round goes beyond the ABA rules: rule 1.7 names one Semi-final "
          "stage, and a field of 65 is too large to reach a Final through one, even with only "
          "the top player of each chouette advancing.\n" },
  };

  (void) state;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      CtdPlan plan;

      assert_true (ctd_advance_plan (cases[i].n_players, &plan, NULL));
      text = ctd_advance_plan_describe (&plan);
      assert_string_equal (text, cases[i].text);
    }
}

/* A plan with wildcards, as a director may choose one: the text says
 * that they go beyond the ABA rules, flagged or not. */
static void
test_plan_describe_wildcards (void **state)
{
  CtdPlan plan = {
    .n_rounds = 2,
    .rounds = { { CTD_STAGE_QUALIFYING, 9, 0, 3, 1, 1 }, { CTD_STAGE_FINAL, 4, 1, 0, 0, 0 } },
    .beyond_aba = TRUE,
  };
  const char *expected = "Qualifying: 9 players in 3 chouettes of 3; top 1 of each and 1 "
                         "wildcard advance (4 players).\n"
                         "Final: 4 players in 1 chouette of 4.\n"
                         "Wildcards go beyond the ABA rules: rule 1.7 advances only the top "
                         "player(s) of each chouette.\n";
  g_autofree char *flagged = NULL;
  g_autofree char *unflagged = NULL;

  (void) state;

  flagged = ctd_advance_plan_describe (&plan);
  assert_string_equal (flagged, expected);
  plan.beyond_aba = FALSE;
  unflagged = ctd_advance_plan_describe (&plan);
  assert_string_equal (unflagged, expected);
}

/* The field the note on extra Semi-final rounds names is the event's,
 * the Qualifying round's, whatever the later rounds hold. */
static void
test_plan_describe_three_semifinals (void **state G_GNUC_UNUSED)
{
  CtdPlan plan = {
    5,
    {
      { CTD_STAGE_QUALIFYING, 1024, 256, 0, 1, 0 },
      { CTD_STAGE_SEMIFINAL, 256, 64, 0, 1, 0 },
      { CTD_STAGE_SEMIFINAL, 64, 16, 0, 1, 0 },
      { CTD_STAGE_SEMIFINAL, 16, 4, 0, 1, 0 },
      { CTD_STAGE_FINAL, 4, 1, 0, 0, 0 },
    },
    FALSE,
  };
  g_autofree char *text = ctd_advance_plan_describe (&plan);

  assert_non_null (strstr (text, "3 Semi-final rounds go beyond the ABA rules: rule 1.7 names "
                                 "one Semi-final stage, and a field of 1024 is too large"));
  assert_null (strstr (text, "field of 256"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_check_next_size),
    cmocka_unit_test (test_check_next_size_messages),
    cmocka_unit_test (test_select),
    cmocka_unit_test (test_select_invalid),
    cmocka_unit_test (test_select_top_k_past_a_chouette),
    cmocka_unit_test (test_select_size_before_tie),
    cmocka_unit_test (test_select_tie_at_chouette_cut),
    cmocka_unit_test (test_select_three_way_tie),
    cmocka_unit_test (test_select_tie_at_wildcard_cut),
    cmocka_unit_test (test_select_tie_at_both_cuts),
    cmocka_unit_test (test_select_tie_not_at_cut),
    cmocka_unit_test (test_select_without_tie_out),
    cmocka_unit_test (test_plan_cases),
    cmocka_unit_test (test_plan_refused),
    cmocka_unit_test (test_plan_property),
    cmocka_unit_test (test_plan_describe),
    cmocka_unit_test (test_plan_describe_wildcards),
    cmocka_unit_test (test_plan_describe_three_semifinals),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
