/* test-result-score.c: results scored as the SPEC's tables score them,
 * the fields a line parses to, the bound on a game and the ledger.
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

#include <stdlib.h>
#include <string.h>

#include "ctd-result.h"
#include "ctd-rng.h"
#include "ctd-test-result.h"

/* ------------------------------------------------------------------ */
/* Scoring */

typedef struct
{
  guint       size;
  guint       box;
  guint       captain;
  guint       cube_start;
  const char *line;
  double      deltas[CTD_MAX_PLAYERS];
} ScoringCase;

/* The worked examples of SPEC section 5, copied from its table (a
 * 4-player chouette, Box = player 1, Captain = player 2). */
static const ScoringCase spec_examples[] = {
  { 4, 1, 2, 2, "Tg 3:8", { -20, 2, 16, 2 } },
  /* P3 passes (-1) and extras P4, who takes (P3 pays P4 1); the Box wins
   * a single: P4 pays P3 4 on the extra and the Box 2 on his own cube. */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:3>4:4", { 4, -1, 2, -5 } },
  { 4, 1, 2, 4, "T 2:16 3:8 4:4+ !T", { -28, 16, 8, 4 } },
  { 4, 1, 2, 1, "Bb 2:2 3:1 4:w F:4>1:0.5", { 7.5, -6, -1, -0.5 } },
};

static const ScoringCase scoring_cases[] = {
  /* Nothing listed: every crew cube played at V0, and Jacoby (3.2)
   * cancels the gammon on all of them. */
  { 4, 1, 2, 1, "B", { 3, -1, -1, -1 } },
  { 4, 1, 2, 1, "Bg", { 3, -1, -1, -1 } },
  { 4, 1, 2, 4, "Tb", { -12, 4, 4, 4 } },
  /* A turned cube scores the gammon, an unturned one does not. */
  { 4, 1, 2, 1, "Tb 2:2", { -8, 6, 1, 1 } },
  { 4, 1, 2, 2, "Bg 2:4 3:8 4:2", { 26, -8, -16, -2 } },
  { 4, 1, 2, 2, "Bb 2:4", { 16, -12, -2, -2 } },
  /* Beavers: the first double taken at 4 x V0. */
  { 4, 1, 2, 1, "T 2:4 3:4", { -9, 4, 4, 1 } },
  { 4, 1, 2, 2, "Tg 2:8 3:4", { -26, 16, 8, 2 } },
  { 4, 1, 2, 2, "T 2:8+", { -12, 8, 2, 2 } },

  /* Every cube passed or washed. */
  { 4, 1, 2, 2, "- 2:2- 3:2+ 4:4-", { 4, -2, 2, -4 } },
  { 4, 1, 2, 1, "- 2:w 3:w 4:w", { 0, 0, 0, 0 } },
  { 4, 1, 2, 1, "- 2:1- 3:1- 4:1- F:2>1:0.5", { 3.5, -1.5, -1, -1 } },
  { 4, 1, 2, 4, "- 2:16- 3:8+ 4:w", { 8, -16, 8, 0 } },

  /* Extras every way, always to the lone taker of the Box's initial
   * offering, every other crew member passing at V0 (SPEC 5). A taken
   * extra first costs its offerer Q the value Vq at which Q passed (Q
   * pays the taker Vq), then ends like a cube. */
  /* P2 -1 (pass) -1 (Vq) -4 (2 x gammon); P3 -1; P4 +4 own cube +1 +4. */
  { 4, 1, 2, 1, "Tg 2:1- 3:1- 4:2 E:2>4:2", { -2, -6, -1, 9 } },
  /* P3 refuses the offer itself at Vq = 2: no Vq paid, P3 pays P2 2. */
  { 4, 1, 2, 2, "B 2:2- 3:4 4:2- E:2>3:2-", { 8, 0, -6, -2 } },
  /* P2 -1 (pass) -1 (Vq) -4 (P2 passed P4's redouble at 4); P4 -2 +1 +4. */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:2>4:4+", { 4, -6, -1, 3 } },
  /* P2 -1 -1 +12 (4 x 3) = +10; P3 -1 -1 +6 (2 x 3) = +4; P4 -6 +1 +1
   * -12 -6 = -22. */
  { 4, 1, 2, 1, "Bb 2:1- 3:1- 4:2 E:2>4:4 E:3>4:2", { 8, 10, 4, -22 } },
  /* P2 -1 -1 -6 (2 x 3) = -8; P3 -1 -1 +8 (P4 passed at 8) = +6; P4 +6
   * +1 +6 +1 -8 = +6. */
  { 4, 1, 2, 1, "Tb 2:1- 3:1- 4:2 E:2>4:2 E:3>4:8-", { -4, -8, 6, 6 } },
  /* Two passers both extra the one taker: P2 -1 -1 -4, P3 -1 -1 -8,
   * P4 +4 on his own cube, +1 +4 and +1 +8 on the extras. */
  { 4, 1, 2, 1, "Tg 2:1- 3:1- 4:2 E:2>4:2 E:3>4:4", { -2, -6, -10, 18 } },
  /* A taker who later passed the Box's redouble is a taker: P3 -1 -1 +2
   * (the extra won at 2); P4 -4 (passed at 4) +1 -2. */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:4- E:3>4:2", { 6, -1, 0, -5 } },
  /* The taker refuses at Vq (no Vq paid: P3 -1 +1, P4 -2 -1) or passes
   * Q's redouble at 4 Vq (P3 -1 -1 +4, P4 -2 +1 -4). */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:3>4:1-", { 4, -1, 0, -3 } },
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:3>4:4-", { 4, -1, 2, -5 } },
  /* Extras on a line whose outcome only the extra decides: P2 -1 -1 -2,
   * P4 +2 (the Box passed at 2) +1 +2. */
  { 4, 1, 2, 1, "T 2:1- 3:1- 4:2+ E:2>4:2", { 0, -4, -1, 5 } },
  /* An offerer whose extra ended by a pass is out of the game and may
   * pay a penalty: P3 -1 -1 +4 -0.5; P4 -2 +1 -4; the Box +1 +1 +2 +0.5. */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:3>4:4- F:3>1:0.5", { 4.5, -1, 1.5, -5 } },

  /* The largest cube the notation takes. */
  { 4, 1, 2, 1, "T 2:1048576", { -1048578, 1048576, 1, 1 } },

  /* Penalties of half the starting cube (0.5, 1 or 2), to the Box and to
   * the Captain, from a crew member already out of the game (rule 2.5):
   * their cube passed by the Box, passed by them, or washed. */
  { 4, 1, 2, 2, "T 3:4 4:2+ F:4>2:1", { -8, 3, 4, 1 } },
  /* The cubes may come after the penalties: P3 -1 -0.5, P4 -0.5. */
  { 4, 1, 2, 1, "B F:3>1:0.5 F:4>2:0.5 3:1- 4:w", { 2.5, -0.5, -1.5, -0.5 } },
  /* V0 = 4: each crew member loses 4; P3 pays the Captain 2. */
  { 4, 1, 2, 4, "B 3:4- F:3>2:2", { 12, -2, -6, -4 } },
  /* The Captain, out of the game, pays the Box: P2 -1 -0.5. */
  { 4, 1, 2, 1, "B 2:1- F:2>1:0.5", { 3.5, -1.5, -1, -1 } },
  { 4, 1, 2, 1, "B 4:w F:4>1:0.5 F:4>1:0.5", { 3, -1, -1, -1 } },

  /* A director's adjustment moves its amount and nothing else: P3 pays
   * the Box 2.5 on top of a single lost at 1. */
  { 4, 1, 2, 1, "B A:3>1:2.5", { 5.5, -1, -3.5, -1 } },
  /* Several, one repeated: P2 -2 -3 -3, P3 -2 +0.5, P4 -2 +3 +3 -0.5. */
  { 4, 1, 2, 2, "- 2:2- 3:2- 4:2- A:2>4:3 A:2>4:3 A:4>3:0.5", { 6, -8, -1.5, 3.5 } },
  /* From the Box, as large as any value: the Box -1 -1 -1048576. */
  { 3, 1, 2, 1, "T A:1>2:1048576", { -1048578, 1048577, 1 } },

  /* Every Box position of a 4-player chouette. */
  { 4, 2, 3, 1, "- 1:1- 3:2+ 4:1+", { -1, -2, 2, 1 } },
  { 4, 3, 4, 2, "Tg 1:4 2:2- 4:8", { 8, -2, -22, 16 } },
  { 4, 4, 1, 4, "Bb 1:8 2:4+ 3:16-", { -24, 4, -16, 36 } },
  { 4, 4, 3, 2, "Tg 1:2 2:2 3:2", { 2, 2, 2, -6 } },

  /* 3-player chouettes, every Box position. */
  { 3, 1, 2, 1, "B", { 2, -1, -1 } },
  { 3, 2, 3, 4, "Tg 1:8", { 16, -20, 4 } },
  /* Box 3: P1 -2 (pass) -2 (Vq) +4 (the extra won) = 0; P2 -4 (own
   * cube) +2 (Vq) -4 (the extra) = -6; the Box +2 +4. */
  { 3, 3, 1, 2, "B 1:2- 2:4 E:1>2:4", { 0, -6, 6 } },
  { 3, 2, 1, 4, "Bg 1:8 3:4- F:3>1:2", { -14, 20, -6 } },
  { 3, 3, 2, 4, "- 1:4+ 2:w", { 4, 0, -4 } },

  /* Rule 3.6: accepted majorities. */
  { 3, 1, 2, 1, "T 2:2 3:4 !T", { -6, 2, 4 } },
  { 3, 1, 2, 2, "- 2:2+ 3:2+ !T", { -4, 2, 2 } },
  { 4, 1, 2, 1, "- 2:1+ 3:1+ 4:1+ !T", { -3, 1, 1, 1 } },
  { 4, 1, 2, 1, "B 2:2- 3:1+ 4:4 !T", { 5, -2, 1, -4 } },
  { 4, 1, 2, 1, "T 2:2 3:2 4:w !T", { -4, 2, 2, 0 } },
  { 4, 1, 2, 1, "- 2:1+ 3:w 4:1+ !T", { -2, 1, 0, 1 } },
  { 4, 3, 1, 2, "Bg 1:4 2:16- 4:8+ !T", { -8, -16, 16, 8 } },
};

static void
check_scoring (const ScoringCase *cases,
               gsize              n_cases)
{
  for (gsize i = 0; i < n_cases; i++)
    {
      const ScoringCase *c = &cases[i];
      CtdGameContext context = ctd_test_make_context (7, c->size, c->box, c->captain,
                                                      c->cube_start);
      g_autoptr(CtdResult) result = ctd_test_parse_or_fail (&context, c->line);
      CtdHalves deltas[CTD_MAX_PLAYERS] = { 0 };

      ctd_result_deltas (result, deltas);
      for (guint p = 0; p < c->size; p++)
        if (deltas[p] != H (c->deltas[p]))
          fail_msg ("'%s': player %u's delta is %" G_GINT64_FORMAT " halves, expected %"
                    G_GINT64_FORMAT, c->line, p + 1, deltas[p], H (c->deltas[p]));
      assert_int_equal (ctd_test_sum_deltas (result, deltas), 0);
    }
}

static void
test_spec_examples (void **state G_GNUC_UNUSED)
{
  check_scoring (spec_examples, G_N_ELEMENTS (spec_examples));
}

static void
test_scoring_table (void **state G_GNUC_UNUSED)
{
  check_scoring (scoring_cases, G_N_ELEMENTS (scoring_cases));
}

/* The normalised fields, not just the money. */
static void
test_parse_fields (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (3, 4, 1, 2, 1);
  g_autoptr(CtdResult) result =
    ctd_test_parse_or_fail (&context, "  Bg\t4:1- E:4>3:4 E:2>3:1- 3:4- 2:1- \n");

  assert_int_equal (result->context.game, 3);
  assert_int_equal (result->winner, CTD_WINNER_BOX);
  assert_int_equal (result->multiplier, 2);
  assert_false (result->together);
  assert_int_equal (result->cubes[0].end, CTD_CUBE_PLAYED);
  assert_int_equal (result->cubes[0].value, 0);
  assert_int_equal (result->cubes[1].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->cubes[1].value, 1);
  assert_int_equal (result->cubes[2].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->cubes[2].value, 4);
  assert_int_equal (result->cubes[3].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->cubes[3].value, 1);
  assert_int_equal (result->n_extras, 2);
  assert_int_equal (result->extras[0].offerer, 2);
  assert_int_equal (result->extras[0].taker, 3);
  assert_int_equal (result->extras[0].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->extras[0].value, 1);
  assert_int_equal (result->extras[1].offerer, 4);
  assert_int_equal (result->extras[1].taker, 3);
  assert_int_equal (result->extras[1].end, CTD_CUBE_PLAYED);
  assert_int_equal (result->extras[1].value, 4);
  assert_int_equal (result->n_penalties, 0);
}

static void
test_parse_fields_none (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (9, 3, 3, 1, 4);
  g_autoptr(CtdResult) result =
    ctd_test_parse_or_fail (&context, "- 1:4+ 2:w F:2>3:2 F:2>1:2.0 !T");

  assert_int_equal (result->winner, CTD_WINNER_NONE);
  assert_int_equal (result->multiplier, 0);
  assert_true (result->together);
  assert_int_equal (result->cubes[0].end, CTD_CUBE_OWNER_PASSED);
  assert_int_equal (result->cubes[0].value, 4);
  assert_int_equal (result->cubes[1].end, CTD_CUBE_WASH);
  assert_int_equal (result->cubes[2].value, 0);
  assert_int_equal (result->n_penalties, 2);
  assert_int_equal (result->penalties[0].to, 1);
  assert_int_equal (result->penalties[0].amount, 4);
  assert_int_equal (result->penalties[1].to, 3);
  assert_int_equal (result->penalties[1].amount, 4);
}

/* Adjustments are kept apart from the game's tokens and sorted. */
static void
test_parse_adjustments (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (6, 4, 2, 3, 2);
  g_autoptr(CtdResult) result =
    ctd_test_parse_or_fail (&context, "T A:4>2:1.5 3:4 A:1>3:2 A:1>3:0.5");

  assert_int_equal (result->n_penalties, 0);
  assert_int_equal (result->n_extras, 0);
  assert_int_equal (result->n_adjustments, 3);
  assert_int_equal (result->adjustments[0].from, 1);
  assert_int_equal (result->adjustments[0].to, 3);
  assert_int_equal (result->adjustments[0].amount, 1);
  assert_int_equal (result->adjustments[1].amount, 4);
  assert_int_equal (result->adjustments[2].from, 4);
  assert_int_equal (result->adjustments[2].to, 2);
  assert_int_equal (result->adjustments[2].amount, 3);
  assert_int_equal (result->cubes[2].value, 4);
}

/* SPEC 5: leading zeros are read as the number they are, in every
 * number of the line, however many there are ("2:004" is the cube 4). */
static void
test_leading_zeros (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (2, 4, 1, 2, 1);
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(CtdResult) same = NULL;
  g_autoptr(GError) error = NULL;

  result = ctd_test_parse_or_fail (&context, "B 2:0001- 3:0000000000000001- 0000000004:0000000000002 "
                                   "E:03>004:0000000000008- F:003>01:000.5 "
                                   "A:0003>2:00000000001048576");
  same = ctd_test_parse_or_fail (&context, "B 2:1- 3:1- 4:2 E:3>4:8- F:3>1:0.5 A:3>2:1048576");
  assert_int_equal (result->cubes[1].value, 1);
  assert_int_equal (result->cubes[2].value, 1);
  assert_int_equal (result->cubes[3].value, 2);
  assert_int_equal (result->extras[0].value, 8);
  assert_int_equal (result->penalties[0].amount, 1);
  assert_int_equal (result->adjustments[0].amount, CTD_HALVES (1048576));
  assert_true (ctd_result_equal (result, same));

  /* The zeros do not hide a number past the cap. */
  assert_null (ctd_result_parse (&context, "B 2:0000000002097152", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
  g_clear_error (&error);
  assert_null (ctd_result_parse (&context, "B 2:00004294967300", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
}

static CtdHalves
largest_delta (const CtdGameContext *context,
               const char           *head,
               const char           *penalty,
               const char           *adjustment,
               guint                 player,
               CtdHalves             expected)
{
  g_autoptr(GString) line = g_string_new (head);
  g_autoptr(CtdResult) result = NULL;
  CtdHalves deltas[CTD_MAX_PLAYERS] = { 0 };
  CtdHalves largest = 0;

  for (guint i = 0; i < CTD_MAX_PENALTIES; i++)
    g_string_append_printf (line, " %s", penalty);
  for (guint i = 0; i < CTD_MAX_ADJUSTMENTS; i++)
    g_string_append_printf (line, " %s", adjustment);
  /* The bound holds for every line the event file may hold, those
   * recorded under the rules of their day included (a penalty from the
   * offerer of an extra still played): ctd_result_parse_stored(). */
  result = ctd_result_parse_stored (context, NULL, line->str, NULL);
  if (result == NULL)
    fail_msg ("'%s' was refused", line->str);
  ctd_result_deltas (result, deltas);
  for (guint p = 0; p < context->size; p++)
    {
      if (ABS (deltas[p]) > CTD_GAME_HALVES_MAX)
        fail_msg ("'%s': player %u's delta %" G_GINT64_FORMAT " is past the bound %"
                  G_GINT64_FORMAT, line->str, p + 1, deltas[p], CTD_GAME_HALVES_MAX);
      largest = MAX (largest, ABS (deltas[p]));
    }
  assert_int_equal (deltas[player - 1], expected);
  return largest;
}

/* CTD_GAME_HALVES_MAX (derived in ctd-result.h) holds for the largest
 * games the notation accepts, and is not far above them: every cube at
 * the cap of M points, the starting cube at M / 2 so that the cubes at
 * M are turned (gammons count) and a penalty is worth M / 2, every
 * extra, penalty and adjustment at its cap. */
static void
test_game_bound (void **state G_GNUC_UNUSED)
{
  /* Counted in units of M half points, as in ctd-result.h. */
  const CtdHalves m = CTD_CUBE_MAX_POINTS;
  CtdGameContext context = ctd_test_make_context (1, 4, 1, 2, CTD_CUBE_MAX_POINTS / 2);
  CtdHalves largest = 0;

  /* The Captain (2) takes both extras of the crew members who passed at
   * M / 2 and wins a backgammon: 6M on the cube, 2 x 7M on the extras,
   * 8 x M / 2 in penalties, 8 x 2M in adjustments. */
  largest = MAX (largest, largest_delta (&context,
                                         "Tb 2:1048576 3:524288- 4:524288- E:3>2:1048576 "
                                         "E:4>2:1048576", "F:3>2:262144", "A:3>2:1048576",
                                         2, 40 * m));
  /* The same crew member losing it all, out of the game to pay the
   * penalties (rule 2.5): passed at M, 2M; 2 x (6M - M), 4M, 16M. */
  largest = MAX (largest, largest_delta (&context,
                                         "Bb 2:1048576- 3:524288- 4:524288- E:3>2:1048576 "
                                         "E:4>2:1048576", "F:2>1:262144", "A:2>1:1048576",
                                         2, -32 * m));
  /* The Box winning a backgammon on two cubes at M, a third passed at M
   * by the penalties' payer: 12M + 2M, 4M, 16M. */
  largest = MAX (largest, largest_delta (&context, "Bb 2:1048576 3:1048576 4:1048576-",
                                         "F:4>1:262144", "A:4>1:1048576", 1, 34 * m));
  /* Not absurdly loose: a legal game comes within a factor 1.5. */
  assert_true (3 * largest >= 2 * CTD_GAME_HALVES_MAX);
}

static void
assert_payment (const GArray   *ledger,
                guint           index,
                CtdPaymentKind  kind,
                guint           from,
                guint           to,
                CtdHalves       amount)
{
  const CtdPayment *payment = &g_array_index (ledger, CtdPayment, index);

  assert_int_equal (payment->kind, kind);
  assert_int_equal (payment->from, from);
  assert_int_equal (payment->to, to);
  assert_int_equal (payment->amount, amount);
}

static void
test_ledger (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (1, 4, 1, 2, 1);
  g_autoptr(CtdResult) extra = ctd_test_parse_or_fail (&context, "B E:3>4:4 2:1- 3:1- 4:2");
  g_autoptr(CtdResult) refused = ctd_test_parse_or_fail (&context, "B 2:1- 3:1- 4:2 E:3>4:1-");
  g_autoptr(CtdResult) penalty = ctd_test_parse_or_fail (&context, "Bb 2:2 3:1 4:w F:4>1:0.5");
  g_autoptr(CtdResult) washed = ctd_test_parse_or_fail (&context, "- 2:w 3:w 4:w");
  g_autoptr(CtdResult) adjusted =
    ctd_test_parse_or_fail (&context, "Bb 2:2 3:1 4:w A:1>4:3 F:4>1:0.5");
  g_autoptr(GArray) ledger = ctd_result_ledger (extra);

  assert_int_equal (g_array_get_element_size (ledger), sizeof (CtdPayment));
  assert_int_equal (ledger->len, 5);
  assert_payment (ledger, 0, CTD_PAYMENT_CUBE, 2, 1, 2);
  assert_payment (ledger, 1, CTD_PAYMENT_CUBE, 3, 1, 2);
  assert_payment (ledger, 2, CTD_PAYMENT_CUBE, 4, 1, 4);
  /* P4 took P3's extra: P3 pays the 1 at which P3 passed, then P4 loses
   * the extra at 4. */
  assert_payment (ledger, 3, CTD_PAYMENT_EXTRA, 3, 4, 2);
  assert_payment (ledger, 4, CTD_PAYMENT_EXTRA, 4, 3, 8);
  g_array_unref (ledger);

  /* An extra refused at its offered value costs the taker that value
   * and nothing is paid for taking it. */
  ledger = ctd_result_ledger (refused);
  assert_int_equal (ledger->len, 4);
  assert_payment (ledger, 2, CTD_PAYMENT_CUBE, 4, 1, 4);
  assert_payment (ledger, 3, CTD_PAYMENT_EXTRA, 4, 3, 2);
  g_array_unref (ledger);

  /* The wash pays nothing and is left out. */
  ledger = ctd_result_ledger (penalty);
  assert_int_equal (ledger->len, 3);
  assert_payment (ledger, 0, CTD_PAYMENT_CUBE, 2, 1, 12);
  assert_payment (ledger, 1, CTD_PAYMENT_CUBE, 3, 1, 2);
  assert_payment (ledger, 2, CTD_PAYMENT_PENALTY, 4, 1, 1);
  g_array_unref (ledger);

  ledger = ctd_result_ledger (washed);
  assert_int_equal (ledger->len, 0);
  g_array_unref (ledger);

  /* An adjustment comes last, with its own kind. */
  ledger = ctd_result_ledger (adjusted);
  assert_int_equal (ledger->len, 4);
  assert_payment (ledger, 2, CTD_PAYMENT_PENALTY, 4, 1, 1);
  assert_payment (ledger, 3, CTD_PAYMENT_ADJUSTMENT, 1, 4, 6);
  g_array_unref (ledger);

  /* Built by hand, not parsed: a played cube with no winner pays
   * nothing, and a payment of nothing is left out; taking the extra was
   * still paid for. */
  extra->winner = CTD_WINNER_NONE;
  extra->multiplier = 0;
  extra->extras[0].end = CTD_CUBE_TAKER_PASSED;
  extra->extras[0].value = 0;
  ledger = ctd_result_ledger (extra);
  assert_int_equal (ledger->len, 3);
  assert_payment (ledger, 0, CTD_PAYMENT_CUBE, 2, 1, 2);
  assert_payment (ledger, 1, CTD_PAYMENT_CUBE, 3, 1, 2);
  assert_payment (ledger, 2, CTD_PAYMENT_EXTRA, 3, 4, 2);
}


/* Rule 3.2 said in words: why a gammon scores single. */
static void
test_jacoby_note (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    guint       cube_start;
    const char *line;
    const char *note;
  } cases[] = {
    { 1, "Bg", "Jacoby rule (3.2): no cube was turned, so the gammon scores single" },
    { 2, "Tb", "Jacoby rule (3.2): no cube was turned, so the backgammon scores single" },
    /* Cubes passed do not count; the ones played were not turned. */
    { 1, "Bg 2:2- 3:1+", "Jacoby rule (3.2): no cube was turned, so the gammon scores single" },
    /* Some turned: the others are named. */
    { 1, "Bg 2:2", "Jacoby rule (3.2): the cubes of 3 Cid and 4 Dan were not turned, so they "
      "score the gammon single" },
    { 1, "Tb 2:2 3:4", "Jacoby rule (3.2): 4 Dan's cube was not turned, so it scores the "
      "backgammon single" },
    /* An extra's game: the taker's cube was turned, the others passed. */
    { 1, "Tg 2:1- 3:1- 4:2 E:2>4:2", NULL },
    /* Nothing to say: a single, nobody won, every cube turned. */
    { 1, "B", NULL },
    { 1, "- 2:1- 3:1- 4:1-", NULL },
    { 1, "Bg 2:2 3:4 4:2", NULL },
    { 1, "Bg 2:2 3:4 4:w", NULL },
  };
  const char *const names[] = { "Ann", "Bob", "Cid", "Dan" };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CtdGameContext context = ctd_test_make_context (1, 4, 1, 2, cases[i].cube_start);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdResult) result = ctd_result_parse (&context, cases[i].line, &error);
      g_autofree char *note = NULL;

      if (result == NULL)
        fail_msg ("'%s': %s", cases[i].line, error->message);
      note = ctd_result_describe_jacoby (result, names);
      if (g_strcmp0 (note, cases[i].note) != 0)
        fail_msg ("'%s': '%s', expected '%s'", cases[i].line, note ? note : "(none)",
                  cases[i].note ? cases[i].note : "(none)");
    }
  {
    /* Without names, players by number. */
    CtdGameContext context = ctd_test_make_context (1, 4, 1, 2, 1);
    g_autoptr(CtdResult) result = ctd_test_parse_or_fail (&context, "Bg 2:2 3:2");
    g_autofree char *note = ctd_result_describe_jacoby (result, NULL);

    assert_string_equal (note, "Jacoby rule (3.2): player 4's cube was not turned, so it "
                         "scores the gammon single");
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_spec_examples),
    cmocka_unit_test (test_scoring_table),
    cmocka_unit_test (test_parse_fields),
    cmocka_unit_test (test_parse_fields_none),
    cmocka_unit_test (test_parse_adjustments),
    cmocka_unit_test (test_leading_zeros),
    cmocka_unit_test (test_game_bound),
    cmocka_unit_test (test_ledger),
    cmocka_unit_test (test_jacoby_note),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
