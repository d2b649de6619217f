/* test-result.c
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

/* Points as the SPEC tables write them (7.5), in half points. */
#define H(points) ((CtdHalves) ((points) * 2))

static CtdGameContext
make_context (guint game,
              guint size,
              guint box,
              guint captain,
              guint cube_start)
{
  return (CtdGameContext) {
    .game = game,
    .size = size,
    .box = box,
    .captain = captain,
    .cube_start = cube_start,
  };
}

static CtdResult *
parse_or_fail (const CtdGameContext *context,
               const char           *line)
{
  g_autoptr(GError) error = NULL;
  CtdResult *result = ctd_result_parse (context, line, &error);

  if (result == NULL)
    fail_msg ("'%s' was refused: %s", line, error->message);
  assert_null (error);
  return result;
}

static CtdHalves
sum_deltas (const CtdResult *result,
            const CtdHalves *deltas)
{
  CtdHalves sum = 0;

  for (guint p = 0; p < result->context.size; p++)
    sum += deltas[p];
  return sum;
}

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

  /* Extras every way. A taken extra first costs its offerer Q the value
   * Vq at which Q passed (Q pays the taker Vq), then ends like a cube. */
  /* P2 -1 (pass) -1 (Vq) -4 (2 x gammon); P3 +4 own cube +1 +4. */
  { 4, 1, 2, 1, "Tg 2:1- 3:2 4:2 E:2>3:2", { -7, -6, 9, 4 } },
  /* P3 refuses the offer itself at Vq = 2: no Vq paid, P3 pays P2 2. */
  { 4, 1, 2, 2, "B 2:2- 3:4 4:4 E:2>3:2-", { 10, 0, -6, -4 } },
  /* P2 -1 (pass) -1 (Vq) -4 (P2 passed P4's redouble at 4); P4 -2 +1 +4. */
  { 4, 1, 2, 1, "B 2:1- 3:2 4:2 E:2>4:4+", { 5, -6, -2, 3 } },
  /* P2 -1, then +12 -1 from P3 (4 x 3, Vq) and +6 -1 from P4 (2 x 3, Vq):
   * +15; P3 -6 -12 +1 = -17; P4 -6 -6 +1 = -11. */
  { 4, 1, 2, 1, "Bb 2:1- 3:2 4:2 E:2>3:4 E:2>4:2", { 13, 15, -17, -11 } },
  /* P2 -1, -6 -1 to P3 (2 x 3, Vq), +8 -1 from P4 (P4 passed at 8, Vq):
   * -1; P3 +6 +6 +1 = 13; P4 +12 -8 +1 = 5. */
  { 4, 1, 2, 1, "Tb 2:1- 3:2 4:4 E:2>3:2 E:2>4:8-", { -17, -1, 13, 5 } },
  /* Two passers both extra the one taker: P2 -1 -1 -4, P3 -1 -1 -8,
   * P4 +4 on his own cube, +1 +4 and +1 +8 on the extras. */
  { 4, 1, 2, 1, "Tg 2:1- 3:1- 4:2 E:2>4:2 E:3>4:4", { -2, -6, -10, 18 } },
  /* A taker who later passed the Box's redouble is a taker: P3 -1 -1 +2
   * (the extra won at 2); P4 -4 (passed at 4) +1 -2. */
  { 4, 1, 2, 1, "B 3:1- 4:4- E:3>4:2", { 6, -1, 0, -5 } },
  /* The taker refuses at Vq (no Vq paid: P3 -1 +1, P4 -2 -1) or passes
   * Q's redouble at 4 Vq (P3 -1 -1 +4, P4 -2 +1 -4). */
  { 4, 1, 2, 1, "B 3:1- 4:2 E:3>4:1-", { 4, -1, 0, -3 } },
  { 4, 1, 2, 1, "B 3:1- 4:2 E:3>4:4-", { 4, -1, 2, -5 } },
  /* Extras on a line whose outcome only the extra decides: P2 -1 -1 -2,
   * P4 +2 (the Box passed at 2) +1 +2. */
  { 4, 1, 2, 1, "T 2:1- 3:1- 4:2+ E:2>4:2", { 0, -4, -1, 5 } },

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
      CtdGameContext context = make_context (7, c->size, c->box, c->captain, c->cube_start);
      g_autoptr(CtdResult) result = parse_or_fail (&context, c->line);
      CtdHalves deltas[CTD_MAX_PLAYERS] = { 0 };

      ctd_result_deltas (result, deltas);
      for (guint p = 0; p < c->size; p++)
        if (deltas[p] != H (c->deltas[p]))
          fail_msg ("'%s': player %u's delta is %" G_GINT64_FORMAT " halves, expected %"
                    G_GINT64_FORMAT, c->line, p + 1, deltas[p], H (c->deltas[p]));
      assert_int_equal (sum_deltas (result, deltas), 0);
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
  CtdGameContext context = make_context (3, 4, 1, 2, 1);
  g_autoptr(CtdResult) result = parse_or_fail (&context, "  Bg\t4:2- E:4>3:4 E:4>2:2- 3:2 2:4- \n");

  assert_int_equal (result->context.game, 3);
  assert_int_equal (result->winner, CTD_WINNER_BOX);
  assert_int_equal (result->multiplier, 2);
  assert_false (result->together);
  assert_int_equal (result->cubes[0].end, CTD_CUBE_PLAYED);
  assert_int_equal (result->cubes[0].value, 0);
  assert_int_equal (result->cubes[1].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->cubes[1].value, 4);
  assert_int_equal (result->cubes[2].end, CTD_CUBE_PLAYED);
  assert_int_equal (result->cubes[2].value, 2);
  assert_int_equal (result->cubes[3].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->cubes[3].value, 2);
  assert_int_equal (result->n_extras, 2);
  assert_int_equal (result->extras[0].taker, 2);
  assert_int_equal (result->extras[0].end, CTD_CUBE_TAKER_PASSED);
  assert_int_equal (result->extras[0].value, 2);
  assert_int_equal (result->extras[1].taker, 3);
  assert_int_equal (result->extras[1].end, CTD_CUBE_PLAYED);
  assert_int_equal (result->extras[1].value, 4);
  assert_int_equal (result->n_penalties, 0);
}

static void
test_parse_fields_none (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = make_context (9, 3, 3, 1, 4);
  g_autoptr(CtdResult) result = parse_or_fail (&context, "- 1:4+ 2:w F:2>3:2 F:2>1:2.0 !T");

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
  CtdGameContext context = make_context (6, 4, 2, 3, 2);
  g_autoptr(CtdResult) result = parse_or_fail (&context, "T A:4>2:1.5 3:4 A:1>3:2 A:1>3:0.5");

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
  CtdGameContext context = make_context (2, 4, 1, 2, 1);
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(CtdResult) same = NULL;
  g_autoptr(GError) error = NULL;

  result = parse_or_fail (&context, "B 2:004 3:0000000000000001- 0000000004:0000000000002 "
                          "E:03>004:0000000000008 F:003>01:000.5 A:0003>2:00000000001048576");
  same = parse_or_fail (&context, "B 2:4 3:1- 4:2 E:3>4:8 F:3>1:0.5 A:3>2:1048576");
  assert_int_equal (result->cubes[1].value, 4);
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
  result = parse_or_fail (context, line->str);
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
  CtdGameContext context = make_context (1, 4, 1, 2, CTD_CUBE_MAX_POINTS / 2);
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
  CtdGameContext context = make_context (1, 4, 1, 2, 1);
  g_autoptr(CtdResult) extra = parse_or_fail (&context, "B E:3>4:4 2:1- 3:1- 4:2");
  g_autoptr(CtdResult) refused = parse_or_fail (&context, "B 2:1- 3:1- 4:2 E:3>4:1-");
  g_autoptr(CtdResult) penalty = parse_or_fail (&context, "Bb 2:2 3:1 4:w F:4>1:0.5");
  g_autoptr(CtdResult) washed = parse_or_fail (&context, "- 2:w 3:w 4:w");
  g_autoptr(CtdResult) adjusted = parse_or_fail (&context, "Bb 2:2 3:1 4:w A:1>4:3 F:4>1:0.5");
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

/* ------------------------------------------------------------------ */
/* Refusals */

typedef struct
{
  guint           size;
  guint           box;
  guint           captain;
  guint           cube_start;
  const char     *line;
  CtdResultError  code;
  const char     *needle;
  const char     *needle2;
} RefusalCase;

static const RefusalCase refusal_cases[] = {
  /* The line itself. */
  { 4, 1, 2, 2, "", CTD_RESULT_ERROR_SYNTAX, "the result is empty", "e.g. 'B'" },
  { 4, 1, 2, 2, " \t\n ", CTD_RESULT_ERROR_SYNTAX, "the result is empty", NULL },
  { 4, 1, 2, 2, "B \xff", CTD_RESULT_ERROR_SYNTAX, "UTF-8", NULL },
  { 4, 1, 2, 2, "B 3:4 \xc3", CTD_RESULT_ERROR_SYNTAX, "UTF-8", NULL },
  { 4, 1, 2, 2, "B 3:4 xyz", CTD_RESULT_ERROR_SYNTAX, "'xyz' is not result notation", "E:Q>P:V" },
  { 4, 1, 2, 2, "B 3:4 e:3>4:8", CTD_RESULT_ERROR_SYNTAX, "'e:3>4:8' is not result", NULL },
  { 4, 1, 2, 2, "B !t", CTD_RESULT_ERROR_SYNTAX, "'!t' is not result notation", NULL },
  { 4, 1, 2, 2, "B 3:4x", CTD_RESULT_ERROR_SYNTAX, "'3:4x' is not a cube", "e.g. '3:4-'" },
  { 4, 1, 2, 2, "B 3:", CTD_RESULT_ERROR_SYNTAX, "'3:' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3", CTD_RESULT_ERROR_SYNTAX, "'3' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:-4", CTD_RESULT_ERROR_SYNTAX, "'3:-4' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:4+-", CTD_RESULT_ERROR_SYNTAX, "'3:4+-' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:w-", CTD_RESULT_ERROR_SYNTAX, "'3:w-' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3::4", CTD_RESULT_ERROR_SYNTAX, "'3::4' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:W", CTD_RESULT_ERROR_SYNTAX, "'3:W' is not a cube", NULL },

  /* The outcome. */
  { 4, 1, 2, 2, "3:4 B", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome",
    "not with '3:4'" },
  { 4, 1, 2, 2, "bg 3:4", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome", "Bg" },
  { 4, 1, 2, 2, "B T", CTD_RESULT_ERROR_OUTCOME, "'T' is a second outcome", NULL },
  { 4, 1, 2, 2, "Bg 3:4 Bg", CTD_RESULT_ERROR_OUTCOME, "'Bg' is a second outcome", NULL },
  { 4, 1, 2, 2, "- 2:2- 3:2- -", CTD_RESULT_ERROR_OUTCOME, "'-' is a second outcome", NULL },
  /* A left-out crew member played at V0, so "-" cannot be right. */
  { 4, 1, 2, 2, "- 2:2- 3:2-", CTD_RESULT_ERROR_OUTCOME,
    "player 4's cube is not listed, so it counts as played to the end at its starting value 2",
    "'4:2-'" },
  { 4, 1, 2, 2, "- 2:2- 3:4 4:2-", CTD_RESULT_ERROR_OUTCOME,
    "the outcome is '-', but player 3's cube was played to the end at 4", "Tg" },
  { 4, 1, 2, 1, "- 2:1- 3:2- 4:1- E:2>3:2", CTD_RESULT_ERROR_OUTCOME,
    "the extra from player 2 to player 3 was played to the end ('E:2>3:2')", NULL },
  { 4, 1, 2, 2, "B 2:2- 3:2- 4:w", CTD_RESULT_ERROR_OUTCOME,
    "the outcome is 'B', but no cube was played to the end", "write '-'" },
  { 4, 1, 2, 2, "Tg 2:2+ 3:2+ 4:2+", CTD_RESULT_ERROR_OUTCOME, "the outcome is 'Tg'", NULL },
  { 3, 2, 3, 1, "Bb 1:1- 3:2- E:1>3:1-", CTD_RESULT_ERROR_OUTCOME, "the outcome is 'Bb'", NULL },

  /* Players. */
  { 4, 1, 2, 2, "B 5:4", CTD_RESULT_ERROR_PLAYER, "'5:4' names a player who is not in",
    "players are 1 to 4" },
  { 4, 1, 2, 2, "B 0:2", CTD_RESULT_ERROR_PLAYER, "'0:2' names a player", NULL },
  { 3, 1, 2, 2, "B 4:2", CTD_RESULT_ERROR_PLAYER, "'4:2' names a player", "players are 1 to 3" },
  { 4, 1, 2, 2, "B 99999999999999:2", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  { 4, 1, 2, 2, "B 1:4", CTD_RESULT_ERROR_PLAYER, "player 1 is the Box",
    "the Box holds no crew cube" },
  { 4, 3, 4, 2, "B 3:4", CTD_RESULT_ERROR_PLAYER, "'3:4': player 3 is the Box", NULL },
  { 3, 2, 1, 1, "T 2:w", CTD_RESULT_ERROR_PLAYER, "player 2 is the Box", NULL },
  { 4, 1, 2, 2, "B 3:4 3:8", CTD_RESULT_ERROR_PLAYER, "player 3's cube is listed twice",
    "'3:8'" },
  { 4, 1, 2, 2, "B 3:2 3:2", CTD_RESULT_ERROR_PLAYER, "player 3's cube is listed twice", NULL },

  /* Cube values. */
  { 4, 1, 2, 2, "B 3:3", CTD_RESULT_ERROR_VALUE,
    "player 3's cube value 3 cannot arise from a starting cube of 2; expected 2, 4, 8, 16, …",
    "(in '3:3')" },
  { 4, 1, 2, 2, "B 3:1", CTD_RESULT_ERROR_VALUE, "player 3's cube value 1 cannot arise", NULL },
  { 4, 1, 2, 4, "B 4:0", CTD_RESULT_ERROR_VALUE, "expected 4, 8, 16, 32, … (in", NULL },
  { 4, 1, 2, 2, "B 2:6-", CTD_RESULT_ERROR_VALUE, "player 2's cube value 6 cannot", NULL },
  { 4, 2, 3, 1, "- 1:12+", CTD_RESULT_ERROR_VALUE, "expected 1, 2, 4, 8, … (in", NULL },
  /* The list stops at the cap, which is named only to who went past it. */
  { 4, 1, 2, 262144, "B 3:3", CTD_RESULT_ERROR_VALUE,
    "expected 262144, 524288, 1048576 (in '3:3')", NULL },
  { 4, 1, 2, 1, "B 3:2097152", CTD_RESULT_ERROR_VALUE, "cube value 2097152 cannot arise",
    "expected 1, 2, 4, 8, … (no cube goes past 1048576)" },
  { 4, 1, 2, 1, "B 3:99999999999999999999", CTD_RESULT_ERROR_VALUE, "cannot arise",
    "'3:99999999999999999999'" },

  /* Extras. */
  { 4, 1, 2, 2, "B 3:4 4:2 E:3>4:8", CTD_RESULT_ERROR_EXTRA,
    "only a crew member who passed the Box's cube can offer an extra",
    "player 3's cube was played to the end at 4" },
  { 4, 1, 2, 2, "B 4:2 E:3>4:8", CTD_RESULT_ERROR_EXTRA,
    "player 3's cube is not listed, so it counts as played to the end", "'3:2-'" },
  { 4, 1, 2, 2, "B 3:2+ E:3>4:4", CTD_RESULT_ERROR_EXTRA, "was passed by the Box at 2", NULL },
  { 4, 1, 2, 2, "B 3:w E:3>4:4", CTD_RESULT_ERROR_EXTRA, "player 3's cube was washed", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:w", CTD_RESULT_ERROR_EXTRA, "an extra cannot be washed",
    "E:3>4:V" },
  { 4, 1, 2, 2, "B 3:2- E:3>3:4", CTD_RESULT_ERROR_EXTRA,
    "player 3 cannot take their own extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>1:4", CTD_RESULT_ERROR_EXTRA,
    "the Box (player 1) can neither offer nor take an extra", NULL },
  { 4, 2, 3, 2, "B 3:2- E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "the Box (player 2) can neither offer nor take", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:4 E:3>4:8", CTD_RESULT_ERROR_PLAYER,
    "the extra from player 3 to player 4 is listed twice", "'E:3>4:8'" },
  { 4, 1, 2, 2, "B 3:2- E:3>5:4", CTD_RESULT_ERROR_PLAYER, "'E:3>5:4' names a player", NULL },
  { 4, 1, 2, 2, "B 3:2- E:0>4:4", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3-4:4", CTD_RESULT_ERROR_SYNTAX, "'E:3-4:4' is not an extra",
    "'E:3>4:4'" },
  { 4, 1, 2, 2, "B 3:2- E:3>4", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:4x", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:>4:4", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },

  /* An extra's taker took a double from the Box: the cube went above V0
   * and was not washed. */
  { 4, 1, 2, 1, "B 3:1- E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "'E:3>4:2': only a crew member who took a double from the Box can take an extra, "
    "but player 4's cube is not listed, so it counts as played to the end at its starting "
    "value 1; expected player 4's cube above its starting value 1, e.g. '4:2'", NULL },
  { 4, 1, 2, 1, "B 3:1- 4:1 E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was played to the end at 1", "above its starting value 1" },
  { 4, 1, 2, 1, "B 3:1- 4:1- E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was passed by player 4 at 1", NULL },
  { 4, 1, 2, 1, "B 3:1- 4:1+ E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was passed by the Box at 1", NULL },
  { 4, 1, 2, 2, "B 3:2- 4:w E:3>4:4", CTD_RESULT_ERROR_EXTRA, "player 4's cube was washed",
    "e.g. '4:4'" },
  { 3, 2, 3, 4, "T 1:4- E:1>3:8", CTD_RESULT_ERROR_EXTRA, "player 3's cube is not listed",
    NULL },

  /* Extra values: Vq x 2^k, k >= 1 when played or passed by Q; passed by
   * P at Vq (refusing the offer) or at k >= 2. */
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:2", CTD_RESULT_ERROR_VALUE,
    "the extra from player 3 to player 4 cannot be played at 2: player 3 passed at 2, "
    "so expected 4, 8, 16, 32, …", "'E:3>4:2'" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:2+", CTD_RESULT_ERROR_VALUE, "cannot end passed at 2",
    "expected 4, 8, 16, 32, …" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:6-", CTD_RESULT_ERROR_VALUE, "cannot end passed at 6",
    "expected 2 (player 4 refusing the offer) or 8, 16, 32, 64, …" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:1-", CTD_RESULT_ERROR_VALUE,
    "expected 2 (player 4 refusing the offer) or 8, 16, 32, 64, …", NULL },
  /* Q can only redouble a cube Q owns: P cannot pass at 2 Vq. */
  { 4, 1, 2, 1, "B 2:1- 3:2 E:2>3:2-", CTD_RESULT_ERROR_VALUE,
    "the extra from player 2 to player 3 cannot end passed at 2: player 2 passed at 1, so "
    "expected 1 (player 3 refusing the offer) or 4, 8, 16, 32, …", "'E:2>3:2-'" },
  { 4, 1, 2, 1, "B 3:4- 4:2 E:3>4:4", CTD_RESULT_ERROR_VALUE, "player 3 passed at 4",
    "expected 8, 16, 32, 64, …" },
  { 4, 1, 2, 1, "B 3:1- 4:2 E:3>4:4194304", CTD_RESULT_ERROR_VALUE,
    "cannot be played at 4194304", "expected 2, 4, 8, 16, … (no cube goes past 1048576)" },
  { 4, 1, 2, 1, "- 2:1048576- 3:1048576- 4:1048576- E:2>3:1048576+", CTD_RESULT_ERROR_VALUE,
    "cannot end passed at 1048576", "expected nothing, since no cube goes past 1048576" },

  /* Penalties. */
  { 4, 1, 2, 2, "B F:3>4:1", CTD_RESULT_ERROR_PENALTY,
    "the aggrieved Box (player 1) or Captain (player 2), not to player 4", NULL },
  { 4, 3, 1, 2, "B F:4>2:1", CTD_RESULT_ERROR_PENALTY, "Box (player 3) or Captain (player 1)",
    NULL },
  { 4, 1, 2, 2, "B F:1>1:1", CTD_RESULT_ERROR_PENALTY,
    "player 1 cannot pay a penalty to themselves", NULL },
  { 4, 1, 2, 2, "B F:5>1:1", CTD_RESULT_ERROR_PLAYER, "'F:5>1:1' names a player", NULL },
  { 4, 1, 2, 2, "B F:3>7:1", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  /* Rule 2.5's amount: exactly half the starting cube. */
  { 4, 1, 2, 2, "B F:3>1:2", CTD_RESULT_ERROR_PENALTY,
    "'F:3>1:2': a penalty is half the game's starting cube of 2 (rule 2.5), so expected 1, "
    "not 2", NULL },
  { 4, 1, 2, 1, "B F:3>1:1", CTD_RESULT_ERROR_PENALTY, "starting cube of 1",
    "expected 0.5, not 1" },
  { 4, 1, 2, 4, "B F:3>1:1", CTD_RESULT_ERROR_PENALTY, "starting cube of 4",
    "expected 2, not 1" },
  { 4, 1, 2, 4, "B F:3>2:4", CTD_RESULT_ERROR_PENALTY, "expected 2, not 4", NULL },
  { 4, 1, 2, 2, "B F:3>1:0.5", CTD_RESULT_ERROR_PENALTY, "expected 1, not 0.5", NULL },
  { 4, 1, 2, 2, "B F:3>1:0", CTD_RESULT_ERROR_PENALTY, "expected 1, not 0", NULL },
  { 4, 1, 2, 2, "B F:3>1:-1", CTD_RESULT_ERROR_PENALTY, "expected 1, not -1", NULL },
  { 4, 1, 2, 2, "B F:3>1:0.25", CTD_RESULT_ERROR_PENALTY,
    "the penalty '0.25' is not a whole or half number of points", "expected 1" },
  { 4, 1, 2, 2, "B F:3>1:x", CTD_RESULT_ERROR_PENALTY, "not a whole or half", NULL },
  { 4, 1, 2, 2, "B F:3>1:9999999", CTD_RESULT_ERROR_PENALTY, "not 9999999", NULL },
  { 4, 1, 2, 2, "B F:3>1:", CTD_RESULT_ERROR_SYNTAX, "'F:3>1:' is not a penalty",
    "'F:4>1:0.5'" },
  { 4, 1, 2, 2, "B F:3:1", CTD_RESULT_ERROR_SYNTAX, "is not a penalty", NULL },
  { 4, 1, 2, 2,
    "B F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:4>2:1",
    CTD_RESULT_ERROR_PENALTY, "more than 8 penalties", "'F:4>2:1'" },
  /* Rule 2.5's penalty is for a player already out of the game: not
   * one whose cube is still played, nor the Box. */
  { 4, 1, 2, 1, "T 3:2 F:3>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 3 cannot pay a penalty ('F:3>1:0.5'): rule 2.5's penalty is for a player already "
    "out of the game, whose cube was passed or washed, but player 3's cube was played to the "
    "end at 2; a player still in the game loses their cube to the aggrieved player or has it "
    "washed (write how it ended), or the director records another payment with A:3>1:V",
    NULL },
  { 4, 1, 2, 1, "T F:1>2:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 1 cannot pay a penalty ('F:1>2:0.5')", "but player 1 is the Box; " },
  { 4, 1, 2, 1, "B 3:1- F:4>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "but player 4's cube is not listed, so it counts as played to the end", "A:4>1:V" },
  /* The Captain still in the game pays neither the Box nor anyone. */
  { 3, 3, 1, 2, "T 2:2- F:1>3:1", CTD_RESULT_ERROR_PENALTY, "player 1 cannot pay a penalty",
    NULL },
  /* An extra's taker who later passed is out; the offerer of an extra
   * they still play is out of their own cube, as the rule reads. */
  { 4, 1, 2, 1, "B 3:1- 4:2 E:3>4:4 F:4>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 4's cube was played to the end at 2", NULL },

  /* Director's adjustments. */
  { 4, 1, 2, 2, "B A:3>3:1", CTD_RESULT_ERROR_ADJUSTMENT,
    "'A:3>3:1': player 3 cannot pay an adjustment to themselves", NULL },
  { 4, 1, 2, 2, "B A:5>1:1", CTD_RESULT_ERROR_PLAYER, "'A:5>1:1' names a player",
    "players are 1 to 4" },
  { 3, 1, 2, 2, "B A:2>4:1", CTD_RESULT_ERROR_PLAYER, "'A:2>4:1' names a player", NULL },
  { 4, 1, 2, 2, "B A:3>1:0", CTD_RESULT_ERROR_ADJUSTMENT, "more than zero",
    "swap the players (A:1>3:...)" },
  { 4, 1, 2, 2, "B A:3>1:-2", CTD_RESULT_ERROR_ADJUSTMENT, "more than zero", NULL },
  { 4, 1, 2, 2, "B A:3>1:2097152", CTD_RESULT_ERROR_ADJUSTMENT, "at most 1048576 points",
    NULL },
  { 4, 1, 2, 2, "B A:3>1:0.25", CTD_RESULT_ERROR_ADJUSTMENT,
    "the adjustment '0.25' is not a whole or half number of points", NULL },
  { 4, 1, 2, 2, "B A:3>1:", CTD_RESULT_ERROR_SYNTAX, "'A:3>1:' is not an adjustment",
    "'A:3>1:2.5'" },
  { 4, 1, 2, 2, "B A:3:1", CTD_RESULT_ERROR_SYNTAX, "is not an adjustment", NULL },
  { 4, 1, 2, 2, "B a:3>1:1", CTD_RESULT_ERROR_SYNTAX, "'a:3>1:1' is not result notation",
    "A:Q>R:V" },
  { 4, 1, 2, 2, "A:3>1:1 B", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome", NULL },
  { 4, 1, 2, 2,
    "B A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:4>2:7",
    CTD_RESULT_ERROR_ADJUSTMENT, "more than 8 adjustments", "'A:4>2:7'" },
  /* An adjustment is not a cube: it cannot stand in for the outcome. */
  { 4, 1, 2, 2, "T 2:2- 3:2- 4:2- A:1>2:4", CTD_RESULT_ERROR_OUTCOME,
    "no cube was played to the end", NULL },

  /* Rule 3.6. */
  { 4, 1, 2, 2, "T 2:4 3:4 4:4 !T !T", CTD_RESULT_ERROR_SYNTAX, "'!T' appears twice", NULL },
  { 4, 1, 2, 2, "T 2:4 3:4 4:2 !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube was played to the end at 2, which contradicts it", "'4:2+'" },
  { 4, 1, 2, 2, "T 2:4 3:4 !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube is not listed, so it counts as played", "contradicts" },
  { 4, 1, 2, 1, "T 2:4 3:4 4:1- !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube was passed by player 4 at 1", "worth 2 or more" },
  { 4, 1, 2, 1, "T 2:4 3:1+ 4:1+ !T", CTD_RESULT_ERROR_MAJORITY,
    "majority of the cubes offered together (at least 2 of 3)", "1 taken and 2 passed" },
  { 4, 1, 2, 1, "T 2:4 3:w 4:1+ !T", CTD_RESULT_ERROR_MAJORITY,
    "majority of the cubes offered together (both of 2)", "1 taken and 1 passed" },
  { 3, 1, 2, 4, "T 2:8 3:4+ !T", CTD_RESULT_ERROR_MAJORITY, "(both of 2)",
    "1 taken and 1 passed" },
  { 3, 3, 1, 2, "- 1:2+ 2:4- !T", CTD_RESULT_ERROR_MAJORITY, "1 taken and 1 passed", NULL },
  { 4, 1, 2, 1, "- 2:w 3:w 4:w !T", CTD_RESULT_ERROR_MAJORITY, "every crew cube was washed",
    "remove '!T'" },
};

static void
test_refusal_table (void **state G_GNUC_UNUSED)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    {
      const RefusalCase *c = &refusal_cases[i];
      CtdGameContext context = make_context (5, c->size, c->box, c->captain, c->cube_start);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdResult) result = ctd_result_parse (&context, c->line, &error);

      if (result != NULL)
        fail_msg ("'%s' was accepted", c->line);
      assert_non_null (error);
      if (!g_error_matches (error, CTD_RESULT_ERROR, c->code)
          || !g_str_has_prefix (error->message, "Game 5: ")
          || strstr (error->message, c->needle) == NULL
          || (c->needle2 != NULL && strstr (error->message, c->needle2) == NULL))
        fail_msg ("'%s': unexpected error %d: %s", c->line, error->code, error->message);
    }
}

static void
test_refusal_exact_message (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = make_context (5, 4, 1, 2, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (&context, "B 3:3", &error);

  assert_null (result);
  assert_string_equal (error->message,
                       "Game 5: player 3's cube value 3 cannot arise from a starting cube of "
                       "2; expected 2, 4, 8, 16, … (in '3:3')");

  /* Without an error location the refusal is still a refusal. */
  assert_null (ctd_result_parse (&context, "B 3:3", NULL));
}

/* With the chouette's names, a message names each player as the
 * chouette's page previews a line, "2 Dagný Jónsdóttir"; a player
 * without a name stays "player 4". */
static void
test_refusal_names_players (void **state G_GNUC_UNUSED)
{
  const char *names[] = { "Ann", "Dagný Jónsdóttir", "Cid", "" };
  CtdGameContext context = make_context (1, 4, 1, 2, 1);
  g_autoptr(GError) error = NULL;

  assert_null (ctd_result_parse_named (&context, names, "T 2:3", &error));
  assert_string_equal (error->message,
                       "Game 1: 2 Dagný Jónsdóttir's cube value 3 cannot arise from a starting "
                       "cube of 1; expected 1, 2, 4, 8, … (in '2:3')");
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "T 3:2 F:3>1:0.5", &error));
  assert_true (g_str_has_prefix (error->message,
                                 "Game 1: 3 Cid cannot pay a penalty ('F:3>1:0.5'): rule 2.5's "
                                 "penalty is for a player already out of the game, whose cube "
                                 "was passed or washed, but 3 Cid's cube was played to the end "
                                 "at 2; "));
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "B 3:1- E:3>4:2", &error));
  assert_true (strstr (error->message, "but player 4's cube is not listed") != NULL);
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "B F:4>3:0.5", &error));
  assert_true (strstr (error->message, "the aggrieved Box (1 Ann) or Captain "
                                       "(2 Dagný Jónsdóttir), not to 3 Cid") != NULL);
  g_clear_error (&error);

  /* Names change messages, never results. */
  {
    g_autoptr(CtdResult) named = ctd_result_parse_named (&context, names, "B 3:1- F:3>2:0.5",
                                                         NULL);
    g_autoptr(CtdResult) plain = ctd_result_parse (&context, "B 3:1- F:3>2:0.5", NULL);

    assert_true (ctd_result_equal (named, plain));
  }
}

static void
test_length_limit (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = make_context (11, 4, 1, 2, 1);
  g_autofree char *longest = g_strnfill (CTD_RESULT_MAX_LENGTH, ' ');
  g_autofree char *too_long = g_strnfill (CTD_RESULT_MAX_LENGTH + 1, ' ');
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(GError) error = NULL;

  longest[0] = 'T';
  result = parse_or_fail (&context, longest);
  assert_int_equal (result->winner, CTD_WINNER_TEAM);

  too_long[0] = 'T';
  assert_null (ctd_result_parse (&context, too_long, &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_SYNTAX));
  assert_true (g_str_has_prefix (error->message, "Game 11: "));
  assert_non_null (strstr (error->message, "longer than 512 characters"));
}

/* ------------------------------------------------------------------ */
/* Canonical notation */

typedef struct
{
  guint       size;
  guint       box;
  guint       cube_start;
  const char *line;
  const char *canonical;
} FormatCase;

static const FormatCase format_cases[] = {
  { 4, 1, 2, "Tg   3:8", "Tg 3:8" },
  { 4, 1, 1, "B 4:1 3:1- 2:2", "B 2:2 3:1-" },
  { 4, 1, 1, "T 2:1 3:1 4:1", "T" },
  { 4, 1, 1, "Bg", "Bg" },
  { 4, 1, 4, "T !T 4:4+ 2:16 3:8", "T 2:16 3:8 4:4+ !T" },
  { 4, 1, 1, "B E:3>4:4 E:2>4:2 4:2 3:1- 2:1-", "B 2:1- 3:1- 4:2 E:2>4:2 E:3>4:4" },
  { 4, 1, 1, "B F:4>2:0.5 F:3>1:0.50 4:1+ F:3>1:0.5 3:1-",
    "B 3:1- 4:1+ F:3>1:0.5 F:3>1:0.5 F:4>2:0.5" },
  { 4, 1, 2, "B F:4>1:1.0 F:3>2:1 F:3>1:1 4:2- 3:w", "B 3:w 4:2- F:3>1:1 F:3>2:1 F:4>1:1" },
  { 4, 1, 2, "B 4:w F:4>1:+1", "B 4:w F:4>1:1" },
  { 4, 1, 4, "B 4:4- F:4>1:2.00", "B 4:4- F:4>1:2" },
  { 4, 1, 1, "-\t2:w  3:w\n4:w", "- 2:w 3:w 4:w" },
  { 4, 1, 1, "B 02:004", "B 2:4" },
  { 4, 1, 1, "Bb 2:2 3:1 4:w F:4>1:0.5", "Bb 2:2 4:w F:4>1:0.5" },
  { 4, 3, 2, "Tb 4:8- 2:2 1:4+", "Tb 1:4+ 4:8-" },
  { 3, 2, 4, "Bg 3:8 1:4- E:1>3:16+", "Bg 1:4- 3:8 E:1>3:16+" },
  { 3, 1, 1, " - 2:1+ 3:1+ !T ", "- 2:1+ 3:1+ !T" },
  /* Adjustments come after every other token, "!T" included. */
  { 4, 1, 1, "B A:4>2:1.0 A:3>1:0.50 2:2 F:4>1:0.5 4:w", "B 2:2 4:w F:4>1:0.5 A:3>1:0.5 A:4>2:1" },
  { 3, 1, 1, " - A:3>2:5 2:1+ 3:1+ !T A:1>3:+2.5", "- 2:1+ 3:1+ !T A:1>3:2.5 A:3>2:5" },
};

static void
test_format_table (void **state G_GNUC_UNUSED)
{
  for (gsize i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      const FormatCase *c = &format_cases[i];
      guint captain = c->box % c->size + 1;
      CtdGameContext context = make_context (2, c->size, c->box, captain, c->cube_start);
      g_autoptr(CtdResult) result = parse_or_fail (&context, c->line);
      g_autoptr(CtdResult) again = NULL;
      g_autofree char *text = ctd_result_format (result);

      if (strcmp (text, c->canonical) != 0)
        fail_msg ("'%s' formats as '%s', expected '%s'", c->line, text, c->canonical);
      again = parse_or_fail (&context, text);
      assert_true (ctd_result_equal (result, again));
    }
}

static void
test_equal_and_copy (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = make_context (4, 4, 1, 2, 1);
  CtdGameContext other_game = make_context (5, 4, 1, 2, 1);
  g_autoptr(CtdResult) a = parse_or_fail (&context, "Bg 2:1- 3:2 4:w E:2>3:4 F:4>1:0.5 "
                                          "F:2>1:0.5 A:2>1:3 A:1>4:0.5");
  g_autoptr(CtdResult) b = parse_or_fail (&context, "Bg A:1>4:0.5 F:2>1:0.5 F:4>1:0.5 E:2>3:4 "
                                          "4:w 3:2 A:2>1:3 2:1-");
  g_autoptr(CtdResult) c = parse_or_fail (&other_game, "Bg 2:1- 3:2 4:w E:2>3:4 F:4>1:0.5 "
                                          "F:2>1:0.5 A:2>1:3 A:1>4:0.5");
  g_autoptr(CtdResult) copy = ctd_result_copy (a);
  g_autoptr(CtdResult) changed = NULL;

  assert_true (ctd_result_equal (a, b));
  assert_true (ctd_result_equal (a, copy));
  assert_false (ctd_result_equal (a, c));

  changed = ctd_result_copy (a);
  changed->multiplier = 3;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->cubes[3].end = CTD_CUBE_TAKER_PASSED;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->cubes[2].value = 4;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->extras[0].value = 8;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->penalties[1].amount = 5;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->together = TRUE;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->n_penalties = 1;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->adjustments[1].amount = 5;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->adjustments[0].to = 3;
  assert_false (ctd_result_equal (a, changed));
  *changed = *a;
  changed->n_adjustments = 1;
  assert_false (ctd_result_equal (a, changed));
  /* The game's context alone: another Captain, another starting cube. */
  *changed = *a;
  changed->context.captain = 3;
  assert_true (ctd_result_equal (changed, changed));
  assert_false (ctd_result_equal (a, changed));
  assert_false (ctd_result_equal (changed, a));
  *changed = *a;
  changed->context.cube_start = 2;
  assert_true (ctd_result_equal (changed, changed));
  assert_false (ctd_result_equal (a, changed));
  assert_false (ctd_result_equal (changed, a));
  /* Another Box, or a chouette of another size, alone: the same cubes
   * and payments, but not the same game. */
  *changed = *a;
  changed->context.box = 3;
  assert_true (ctd_result_equal (changed, changed));
  assert_false (ctd_result_equal (a, changed));
  assert_false (ctd_result_equal (changed, a));
  *changed = *a;
  changed->context.size = 3;
  changed->context.captain = 2;
  changed->cubes[3] = (CtdCube) { 0 };
  changed->n_penalties = 1;
  changed->adjustments[0] = changed->adjustments[1];
  changed->n_adjustments = 1;
  assert_true (ctd_result_equal (changed, changed));
  *a = *changed;
  a->context.size = 4;
  assert_false (ctd_result_equal (a, changed));
  assert_false (ctd_result_equal (changed, a));
}

/* A result built by code rather than parsed (a result form builds one
 * to format it) is walked only when its players exist: an extra taken
 * by a player past the chouette's size is refused by every public
 * function, with a critical warning, instead of being read out of
 * bounds or printed as a line. */
static void
test_hand_built_extra_taker (void **state G_GNUC_UNUSED)
{
  static const guint bad_takers[] = { 0, 4, 5, 99 };
  CtdResult built = { 0 };
  g_autofree char *line = NULL;

  built.context = make_context (8, 3, 1, 2, 1);
  built.winner = CTD_WINNER_BOX;
  built.multiplier = 1;
  built.cubes[1] = (CtdCube) { CTD_CUBE_TAKER_PASSED, 1 };
  built.cubes[2] = (CtdCube) { CTD_CUBE_PLAYED, 2 };
  built.n_extras = 1;
  built.extras[0] = (CtdExtra) { 2, 3, CTD_CUBE_PLAYED, 2 };

  /* As built, it is the line it parses from. */
  line = ctd_result_format (&built);
  assert_string_equal (line, "B 2:1- 3:2 E:2>3:2");
  {
    g_autoptr(CtdResult) parsed = parse_or_fail (&built.context, line);

    assert_true (ctd_result_equal (&built, parsed));
  }

  for (gsize i = 0; i < G_N_ELEMENTS (bad_takers); i++)
    {
      CtdResult bad = built;
      CtdHalves deltas[CTD_MAX_PLAYERS] = { 7, 7, 7, 7 };

      bad.extras[0].taker = bad_takers[i];
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*result_is_sane*");
      assert_null (ctd_result_format (&bad));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*result_is_sane*");
      assert_null (ctd_result_ledger (&bad));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*result_is_sane*");
      assert_false (ctd_result_equal (&bad, &bad));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*result_is_sane*");
      ctd_result_deltas (&bad, deltas);
      g_test_assert_expected_messages ();
      for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
        assert_int_equal (deltas[p], 7);
    }
}

/* A game context the schedule never makes (no Box, a Box or Captain
 * past the chouette, the Box captaining, no cube, a chouette of 2 or 5)
 * is refused by every function that takes one, with a critical warning,
 * and so is a result that carries one. */
static void
test_invalid_contexts (void **state G_GNUC_UNUSED)
{
  static const CtdGameContext bad[] = {
    { 1, 4, 0, 2, 1 },                        /* no Box */
    { 1, 4, 5, 2, 1 },
    { 1, 3, 4, 1, 1 },
    { 1, 4, 1, 0, 1 },                        /* no Captain */
    { 1, 4, 1, 5, 1 },
    { 1, 4, 2, 2, 1 },                        /* the Box captains */
    { 1, 4, 1, 2, 0 },                        /* no cube */
    { 1, 4, 1, 2, CTD_CUBE_MAX_POINTS * 2 },
    { 1, 2, 1, 2, 1 },
    { 1, 5, 1, 2, 1 },
  };
  CtdCube cubes[CTD_MAX_PLAYERS] = { { CTD_CUBE_WASH, 0 }, { CTD_CUBE_WASH, 0 },
                                     { CTD_CUBE_WASH, 0 }, { CTD_CUBE_WASH, 0 } };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      CtdResult result = { 0 };

      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*context_is_valid*");
      assert_null (ctd_result_parse (&bad[i], "- 2:w 3:w", NULL));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*context_is_valid*");
      assert_null (ctd_result_cube_values (&bad[i], 2));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*context_is_valid*");
      assert_null (ctd_result_penalty_payers (&bad[i], cubes));
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*context_is_valid*");
      assert_int_equal (ctd_result_penalty_amount (&bad[i]), 0);
      result.context = bad[i];
      g_test_expect_message ("ctd-result", G_LOG_LEVEL_CRITICAL, "*result_is_sane*");
      assert_null (ctd_result_format (&result));
      g_test_assert_expected_messages ();
    }
}

static void
test_payment_kinds (void **state G_GNUC_UNUSED)
{
  assert_string_equal (ctd_result_payment_kind_to_string (CTD_PAYMENT_CUBE), "cube");
  assert_string_equal (ctd_result_payment_kind_to_string (CTD_PAYMENT_EXTRA), "extra");
  assert_string_equal (ctd_result_payment_kind_to_string (CTD_PAYMENT_PENALTY), "penalty");
  assert_string_equal (ctd_result_payment_kind_to_string (CTD_PAYMENT_ADJUSTMENT),
                       "adjustment");
}

static void
test_error_quark (void **state G_GNUC_UNUSED)
{
  assert_string_equal (g_quark_to_string (CTD_RESULT_ERROR), "ctd-result-error-quark");
}

/* ------------------------------------------------------------------ */
/* Properties over random legal results and random garbage */

static guint
pick (CtdRng *rng,
      guint   n)
{
  return (guint) ctd_rng_uniform (rng, n);
}

static guint
pick_other (CtdRng *rng,
            guint   size,
            guint   not_this,
            guint   nor_this)
{
  guint p;

  do
    p = 1 + pick (rng, size);
  while (p == not_this || p == nor_this);
  return p;
}

/* An oracle for rule 3.6, written from the SPEC rather than the code. */
static gboolean
majority_is_legal (const CtdResult *r)
{
  guint v0 = r->context.cube_start;
  guint n = 0, taken = 0, passed = 0;

  for (guint p = 1; p <= r->context.size; p++)
    {
      const CtdCube *cube = &r->cubes[p - 1];

      if (p == r->context.box || cube->end == CTD_CUBE_WASH)
        continue;
      n++;
      if (cube->end == CTD_CUBE_OWNER_PASSED && cube->value == v0)
        passed++;
      else if (cube->value >= 2 * v0)
        taken++;
      else
        return FALSE;
    }
  return n > 0 && (passed == n || 2 * taken > n);
}

static CtdCube
random_cube (CtdRng   *rng,
             guint     v0,
             gboolean  offered_together)
{
  guint choice = pick (rng, 8);
  CtdCubeEnd end;

  if (choice == 0)
    return (CtdCube) { CTD_CUBE_WASH, 0 };
  if (offered_together && choice <= 3)
    return (CtdCube) { CTD_CUBE_OWNER_PASSED, v0 };

  end = (CtdCubeEnd) pick (rng, 3);
  if (offered_together)
    return (CtdCube) { end, v0 << (1 + pick (rng, 4)) };
  /* Played to the end at V0 half of the time: the omitted case. */
  if (end == CTD_CUBE_PLAYED && pick (rng, 2) == 0)
    return (CtdCube) { end, v0 };
  return (CtdCube) { end, v0 << pick (rng, 6) };
}

/* SPEC 5, written from the SPEC rather than the code: Q passed the Box's
 * cube at Vq, P's own cube went above V0 and was not washed; the extra
 * ends at Vq x 2^k, k >= 1, or passed by P at Vq or k >= 2. */
static void
add_random_extras (CtdRng    *rng,
                   CtdResult *r)
{
  static const guint taker_passed_k[] = { 0, 2, 3, 4 };

  for (guint q = 1; q <= r->context.size; q++)
    for (guint p = 1; p <= r->context.size; p++)
      {
        const CtdCube *passed = &r->cubes[q - 1];
        const CtdCube *taken = &r->cubes[p - 1];
        CtdCubeEnd end;
        guint k;

        if (q == r->context.box || p == r->context.box || p == q
            || passed->end != CTD_CUBE_TAKER_PASSED || taken->end == CTD_CUBE_WASH
            || taken->value <= r->context.cube_start || pick (rng, 2) != 0)
          continue;
        end = (CtdCubeEnd) pick (rng, 3);
        k = end == CTD_CUBE_TAKER_PASSED ? taker_passed_k[pick (rng, 4)] : 1 + pick (rng, 3);
        r->extras[r->n_extras++] = (CtdExtra) { q, p, end, passed->value << k };
      }
}

static gboolean
anything_played (const CtdResult *r)
{
  for (guint p = 1; p <= r->context.size; p++)
    if (p != r->context.box && r->cubes[p - 1].end == CTD_CUBE_PLAYED)
      return TRUE;
  for (guint i = 0; i < r->n_extras; i++)
    if (r->extras[i].end == CTD_CUBE_PLAYED)
      return TRUE;
  return FALSE;
}

static int
compare_penalties (const void *a,
                   const void *b)
{
  const CtdPenalty *x = a;
  const CtdPenalty *y = b;

  if (x->from != y->from)
    return (int) x->from - (int) y->from;
  if (x->to != y->to)
    return (int) x->to - (int) y->to;
  return (int) (x->amount - y->amount);
}

static void
add_random_penalties (CtdRng    *rng,
                      CtdResult *r)
{
  guint n = pick (rng, 10) == 0 ? CTD_MAX_PENALTIES : pick (rng, 4);

  for (guint i = 0; i < n; i++)
    {
      guint to = pick (rng, 2) ? r->context.box : r->context.captain;
      guint from = pick_other (rng, r->context.size, to, to);

      /* Rule 2.5: from a crew member whose cube ended (passed or
       * washed), half the starting cube, which in half points is V0. */
      if (from == r->context.box || r->cubes[from - 1].end == CTD_CUBE_PLAYED)
        continue;
      r->penalties[r->n_penalties++] = (CtdPenalty) { from, to, (CtdHalves) r->context.cube_start };
    }
  qsort (r->penalties, r->n_penalties, sizeof (CtdPenalty), compare_penalties);
}

static int
compare_adjustments (const void *a,
                     const void *b)
{
  const CtdAdjustment *x = a;
  const CtdAdjustment *y = b;

  if (x->from != y->from)
    return (int) x->from - (int) y->from;
  if (x->to != y->to)
    return (int) x->to - (int) y->to;
  return (int) (x->amount - y->amount);
}

/* SPEC 5: any two players, any positive whole or half amount. */
static void
add_random_adjustments (CtdRng    *rng,
                        CtdResult *r)
{
  guint n = pick (rng, 10) == 0 ? CTD_MAX_ADJUSTMENTS : pick (rng, 5) / 3;

  for (guint i = 0; i < n; i++)
    {
      guint from = 1 + pick (rng, r->context.size);
      guint to = pick_other (rng, r->context.size, from, from);

      CtdHalves amount = 1 + (CtdHalves) pick (rng, 40);

      r->adjustments[r->n_adjustments++] = (CtdAdjustment) { from, to, amount };
    }
  qsort (r->adjustments, r->n_adjustments, sizeof (CtdAdjustment), compare_adjustments);
}

/* A legal, normalised result built from its structure, not from text. */
static void
random_legal_result (CtdRng    *rng,
                     CtdResult *r)
{
  guint size = 3 + pick (rng, 2);
  guint box = 1 + pick (rng, size);
  gboolean offered_together = pick (rng, 3) == 0;

  memset (r, 0, sizeof *r);
  r->context = make_context (1 + pick (rng, CTD_N_GAMES), size, box,
                             pick_other (rng, size, box, box), 1u << pick (rng, 3));
  for (guint p = 1; p <= size; p++)
    if (p != box)
      r->cubes[p - 1] = random_cube (rng, r->context.cube_start, offered_together);
  add_random_extras (rng, r);
  if (anything_played (r))
    {
      r->winner = pick (rng, 2) ? CTD_WINNER_BOX : CTD_WINNER_TEAM;
      r->multiplier = 1 + pick (rng, 3);
    }
  add_random_penalties (rng, r);
  r->together = majority_is_legal (r) && (offered_together || pick (rng, 2) == 0);
  add_random_adjustments (rng, r);
}

/* Penalties and adjustments are the only payments in odd half points. */
static void
assert_deltas_consistent (const CtdResult *r)
{
  CtdHalves deltas[CTD_MAX_PLAYERS];
  CtdHalves halves[CTD_MAX_PLAYERS] = { 0 };

  ctd_result_deltas (r, deltas);
  assert_int_equal (sum_deltas (r, deltas), 0);
  for (guint i = 0; i < r->n_penalties; i++)
    {
      halves[r->penalties[i].from - 1] -= r->penalties[i].amount;
      halves[r->penalties[i].to - 1] += r->penalties[i].amount;
    }
  for (guint i = 0; i < r->n_adjustments; i++)
    {
      halves[r->adjustments[i].from - 1] -= r->adjustments[i].amount;
      halves[r->adjustments[i].to - 1] += r->adjustments[i].amount;
    }
  for (guint p = 0; p < r->context.size; p++)
    assert_int_equal ((deltas[p] - halves[p]) % 2, 0);
}

/* The same line with its tokens after the outcome in another order, an
 * omitted V0 cube written out, and odd whitespace: the same result. */
static char *
scramble (CtdRng          *rng,
          const CtdResult *r,
          const char      *line)
{
  g_auto(GStrv) tokens = g_strsplit (line, " ", -1);
  guint n = g_strv_length (tokens);
  GString *text = g_string_new (tokens[0]);
  static const char *spaces[] = { " ", "  ", "\t", " \n " };

  for (guint i = n - 1; i > 1; i--)
    {
      guint j = 1 + pick (rng, i);
      char *swap = tokens[i];

      tokens[i] = tokens[j];
      tokens[j] = swap;
    }
  for (guint i = 1; i < n; i++)
    g_string_append_printf (text, "%s%s", spaces[pick (rng, 4)], tokens[i]);
  for (guint p = 1; p <= r->context.size; p++)
    if (p != r->context.box && r->cubes[p - 1].end == CTD_CUBE_PLAYED
        && r->cubes[p - 1].value == r->context.cube_start && pick (rng, 2))
      g_string_append_printf (text, " %u:%u", p, r->context.cube_start);
  return g_string_free (text, FALSE);
}

static void
test_random_legal_results (void **state G_GNUC_UNUSED)
{
  CtdRng rng;
  guint n_together = 0, n_extras = 0, n_none = 0, n_adjusted = 0;

  ctd_rng_init (&rng, 20260601);
  for (guint i = 0; i < 5000; i++)
    {
      CtdResult expected;
      g_autofree char *line = NULL;
      g_autofree char *scrambled = NULL;
      g_autoptr(CtdResult) parsed = NULL;
      g_autoptr(CtdResult) reparsed = NULL;

      random_legal_result (&rng, &expected);
      line = ctd_result_format (&expected);
      parsed = parse_or_fail (&expected.context, line);
      if (!ctd_result_equal (&expected, parsed))
        fail_msg ("'%s' does not parse back to the result it was made from", line);
      assert_deltas_consistent (parsed);

      scrambled = scramble (&rng, &expected, line);
      reparsed = parse_or_fail (&expected.context, scrambled);
      if (!ctd_result_equal (&expected, reparsed))
        fail_msg ("'%s' (from '%s') is not the same result", scrambled, line);

      n_together += expected.together;
      n_extras += expected.n_extras > 0;
      n_none += expected.winner == CTD_WINNER_NONE;
      n_adjusted += expected.n_adjustments > 0;
    }
  /* The generator reaches the interesting corners. */
  assert_true (n_together > 500);
  assert_true (n_extras > 500);
  assert_true (n_none > 100);
  assert_true (n_adjusted > 500);
}

/* ---- what a result form offers ------------------------------------------ */

static gboolean
offers (GArray *values,
        guint   value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, guint, i) == value)
      return TRUE;
  return FALSE;
}

static gboolean
accepts (const CtdGameContext *context,
         const char           *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (context, line, &error);

  if (result == NULL)
    assert_true (g_str_has_prefix (error->message, "Game "));
  return result != NULL;
}

/* A form offers exactly the values the parser accepts for "P:V", "P:V-"
 * and "P:V+" up to its largest offer, and nothing the parser refuses. */
static void
test_cube_values_match_parser (void **state G_GNUC_UNUSED)
{
  static const char *const ends[] = { "", "-", "+" };
  static const guint doublings[] = { 0, 3, CTD_RESULT_FORM_DOUBLINGS };

  for (guint size = 3; size <= 4; size++)
    for (guint start = 1; start <= 4; start *= 2)
      {
        CtdGameContext context = make_context (5, size, 1, 2, start);
        g_autoptr(GArray) all = ctd_result_cube_values (&context, 40);
        guint largest;

        for (guint d = 0; d < G_N_ELEMENTS (doublings); d++)
          {
            g_autoptr(GArray) values = ctd_result_cube_values (&context, doublings[d]);
            guint bound = start << doublings[d];

            assert_int_equal (values->len, doublings[d] + 1);
            assert_int_equal (g_array_index (values, guint, 0), start);
            assert_int_equal (g_array_index (values, guint, values->len - 1), bound);
            for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
              for (guint value = 0; value <= 2 * bound + 1; value++)
                {
                  g_autofree char *line = g_strdup_printf ("T 2:%u%s", value, ends[e]);
                  gboolean accepted = accepts (&context, line);

                  if (value <= bound && accepted != offers (values, value))
                    fail_msg ("'%s' at a starting cube of %u: %s but %s", line, start,
                              accepted ? "accepted" : "refused",
                              offers (values, value) ? "offered" : "not offered");
                  if (value > bound)
                    assert_false (offers (values, value));
                }
          }

        /* Asked for more than the notation takes: up to its cap, no further. */
        largest = g_array_index (all, guint, all->len - 1);
        assert_int_equal (all->len, 21 - (start == 1 ? 0 : start == 2 ? 1 : 2));
        {
          g_autofree char *at_cap = g_strdup_printf ("T 2:%u", largest);
          g_autofree char *past_cap = g_strdup_printf ("T 2:%u", largest * 2);

          assert_true (accepts (&context, at_cap));
          assert_false (accepts (&context, past_cap));
        }
      }
}

/* The same for an extra: offered at 2 Vq, refused by the taker at Vq,
 * redoubled from 4 Vq; never washed. */
static void
test_extra_values_match_parser (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    CtdCubeEnd  end;
    const char *suffix;
  } ends[] = {
    { CTD_CUBE_PLAYED, "" },
    { CTD_CUBE_TAKER_PASSED, "-" },
    { CTD_CUBE_OWNER_PASSED, "+" },
  };
  g_autoptr(GArray) washed = NULL;

  for (guint start = 1; start <= 4; start *= 2)
    for (guint passed = start; passed <= 2 * start; passed *= 2)
      {
        CtdGameContext context = make_context (2, 4, 1, 2, start);

        for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
          {
            g_autoptr(GArray) values = ctd_result_extra_values (&context, passed, ends[e].end,
                                                                CTD_RESULT_FORM_DOUBLINGS);
            guint bound = passed << CTD_RESULT_FORM_DOUBLINGS;

            assert_true (values->len >= CTD_RESULT_FORM_DOUBLINGS - 1);
            assert_int_equal (g_array_index (values, guint, values->len - 1), bound);
            for (guint value = 0; value <= 2 * bound + 1; value++)
              {
                /* Player 2 passed the Box at Vq; player 3 took a double. */
                g_autofree char *line = g_strdup_printf ("B 2:%u- 3:%u E:2>3:%u%s", passed,
                                                         2 * start, value, ends[e].suffix);
                gboolean accepted = accepts (&context, line);

                if (value <= bound && accepted != offers (values, value))
                  fail_msg ("'%s': %s but %s", line, accepted ? "accepted" : "refused",
                            offers (values, value) ? "offered" : "not offered");
                if (value > bound)
                  assert_false (offers (values, value));
              }
          }
      }
  {
    CtdGameContext context = make_context (2, 4, 1, 2, 1);

    washed = ctd_result_extra_values (&context, 1, CTD_CUBE_WASH, CTD_RESULT_FORM_DOUBLINGS);
    assert_int_equal (washed->len, 0);
    for (guint start = 1; start <= 4; start *= 2)
      {
        g_autofree char *line = NULL;
        g_autofree char *amount = NULL;

        context.cube_start = start;
        amount = ctd_halves_to_string (ctd_result_penalty_amount (&context), FALSE);
        line = g_strdup_printf ("T 3:%u- F:3>1:%s", start, amount);
        assert_true (accepts (&context, line));
      }
  }
}

/* A form offers as a penalty's payer exactly the players the parser
 * accepts in "F:Q>R:V" with the cubes as they ended, whichever of the
 * Box and the Captain is paid: for every Box and Captain of both sizes,
 * every way each crew cube can end. */
static void
test_penalty_payers_match_parser (void **state G_GNUC_UNUSED)
{
  static const char *suffixes[] = { "", "-", "+", "w" };
  guint n_offered = 0;

  for (guint size = CTD_MIN_PLAYERS; size <= CTD_MAX_PLAYERS; size++)
    for (guint box = 1; box <= size; box++)
      for (guint code = 0; code < (1u << (2 * size)); code++)
        {
          CtdGameContext context = make_context (6, size, box, box % size + 1, 2);
          CtdCube cubes[CTD_MAX_PLAYERS] = { 0 };
          g_autoptr(GString) head = g_string_new (NULL);
          g_autoptr(GArray) payers = NULL;
          gboolean any_played = FALSE;

          /* Two bits per player; the Box's are ignored, so skip repeats. */
          if ((code >> (2 * (box - 1))) & 3)
            continue;
          for (guint p = 1; p <= size; p++)
            {
              CtdCubeEnd end = (CtdCubeEnd) ((code >> (2 * (p - 1))) & 3);

              if (p == box)
                continue;
              cubes[p - 1] = (CtdCube) { end, end == CTD_CUBE_WASH ? 0 : 2 };
              any_played |= end == CTD_CUBE_PLAYED;
              if (end == CTD_CUBE_WASH)
                g_string_append_printf (head, " %u:w", p);
              else
                g_string_append_printf (head, " %u:2%s", p, suffixes[end]);
            }
          payers = ctd_result_penalty_payers (&context, cubes);
          for (guint p = 1; p <= size; p++)
            {
              guint to[] = { context.box, context.captain };

              for (guint i = 0; i < G_N_ELEMENTS (to); i++)
                {
                  g_autofree char *line = NULL;

                  if (to[i] == p)
                    continue;
                  line = g_strdup_printf ("%s%s F:%u>%u:1", any_played ? "T" : "-", head->str,
                                          p, to[i]);
                  if (accepts (&context, line) != offers (payers, p))
                    fail_msg ("'%s': %s but %s", line,
                              offers (payers, p) ? "offered" : "not offered",
                              accepts (&context, line) ? "accepted" : "refused");
                }
            }
          n_offered += payers->len;
        }
  assert_true (n_offered > 100);
}

/* A form builds a result field by field from the values it offers, in
 * its own order; the line ctd_result_format() makes of it reads back as
 * the same result. Every random legal result can be built so. */
static void
test_form_round_trip (void **state G_GNUC_UNUSED)
{
  CtdRng rng;
  guint n_extras = 0;

  ctd_rng_init (&rng, 20261122);
  for (guint i = 0; i < 3000; i++)
    {
      CtdResult expected;
      CtdResult built = { 0, };
      const CtdGameContext *context = &expected.context;
      g_autofree char *line = NULL;
      g_autoptr(CtdResult) again = NULL;
      g_autoptr(GArray) cube_values = NULL;

      random_legal_result (&rng, &expected);
      cube_values = ctd_result_cube_values (context, CTD_RESULT_FORM_DOUBLINGS);
      built.context = *context;
      built.winner = expected.winner;
      built.multiplier = expected.multiplier;
      built.together = expected.together;
      for (guint p = 1; p <= context->size; p++)
        {
          const CtdCube *cube = &expected.cubes[p - 1];

          if (p == context->box)
            continue;
          /* Every crew cube set, the untouched ones at V0 too. */
          if (cube->end != CTD_CUBE_WASH)
            assert_true (offers (cube_values, cube->value));
          built.cubes[p - 1] = *cube;
        }
      /* Extras, penalties and adjustments in the reverse of the
       * canonical order: the parser sorts them. */
      for (guint k = expected.n_extras; k-- > 0;)
        {
          const CtdExtra *extra = &expected.extras[k];
          g_autoptr(GArray) values = NULL;

          values = ctd_result_extra_values (context, expected.cubes[extra->offerer - 1].value,
                                            extra->end, CTD_RESULT_FORM_DOUBLINGS);
          assert_true (offers (values, extra->value));
          built.extras[built.n_extras++] = *extra;
        }
      for (guint k = expected.n_penalties; k-- > 0;)
        {
          assert_int_equal (expected.penalties[k].amount, ctd_result_penalty_amount (context));
          built.penalties[built.n_penalties++] = expected.penalties[k];
        }
      for (guint k = expected.n_adjustments; k-- > 0;)
        built.adjustments[built.n_adjustments++] = expected.adjustments[k];

      line = ctd_result_format (&built);
      again = parse_or_fail (context, line);
      if (!ctd_result_equal (again, &expected))
        fail_msg ("'%s' reads back as another result", line);
      n_extras += expected.n_extras > 0;
    }
  assert_true (n_extras > 300);
}

/* Whatever comes in: a refusal that names the game, or a result that
 * balances and survives its own round trip. */
static gboolean
check_any_line (const CtdGameContext *context,
                const char           *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (context, line, &error);
  g_autofree char *prefix = g_strdup_printf ("Game %u: ", context->game);
  g_autofree char *text = NULL;
  g_autoptr(CtdResult) again = NULL;

  if (result == NULL)
    {
      assert_non_null (error);
      assert_true (error->domain == CTD_RESULT_ERROR);
      assert_true (g_str_has_prefix (error->message, prefix));
      return FALSE;
    }
  assert_null (error);
  assert_deltas_consistent (result);
  text = ctd_result_format (result);
  again = parse_or_fail (context, text);
  assert_true (ctd_result_equal (result, again));
  return TRUE;
}

static CtdGameContext
random_context (CtdRng *rng)
{
  guint size = 3 + pick (rng, 2);
  guint box = 1 + pick (rng, size);

  return make_context (1 + pick (rng, CTD_N_GAMES), size, box,
                       pick_other (rng, size, box, box), 1u << pick (rng, 3));
}

static void
test_random_bytes (void **state G_GNUC_UNUSED)
{
  CtdRng rng;

  ctd_rng_init (&rng, 7);
  for (guint i = 0; i < 5000; i++)
    {
      CtdGameContext context = random_context (&rng);
      guint length = pick (&rng, 80);
      guint top = pick (&rng, 2) ? 127 : 255;
      g_autofree char *line = g_malloc (length + 1);

      for (guint j = 0; j < length; j++)
        line[j] = (char) (1 + pick (&rng, top));
      line[length] = '\0';
      check_any_line (&context, line);
    }
}

static const char *soup[] = {
  "B", "Bg", "Bb", "T", "Tg", "Tb", "-", "+", "!T", "E:", "F:", ":", ">", "w", "0", "1",
  "2", "3", "4", "5", "8", "16", "0.5", ".5", "1.5", " ", " ", " ", "\t", "2:", "3:", "4:",
  "1:", "E:2>3:", "E:3>4:", "F:4>1:", "F:3>2:", "99999999999", "é", "A:", "A:3>1:", "A:1>2:",
  "2.5",
};

static void
test_random_token_soup (void **state G_GNUC_UNUSED)
{
  CtdRng rng;

  ctd_rng_init (&rng, 11);
  for (guint i = 0; i < 10000; i++)
    {
      CtdGameContext context = random_context (&rng);
      g_autoptr(GString) line = g_string_new (NULL);
      guint n = pick (&rng, 30);

      for (guint j = 0; j < n; j++)
        g_string_append (line, soup[pick (&rng, G_N_ELEMENTS (soup))]);
      check_any_line (&context, line->str);
    }
}

static void
mutate (CtdRng  *rng,
        GString *line)
{
  static const char alphabet[] = "BTgbw-+:>EFA!.0123456789 \t";
  guint at = line->len > 0 ? pick (rng, line->len) : 0;

  switch (pick (rng, 5))
    {
    case 0:
      if (line->len > 0)
        g_string_erase (line, at, 1);
      break;
    case 1:
      g_string_insert_c (line, at, alphabet[pick (rng, sizeof alphabet - 1)]);
      break;
    case 2:
      if (line->len > 0)
        line->str[at] = alphabet[pick (rng, sizeof alphabet - 1)];
      break;
    case 3:
      /* Repeat a stretch: duplicated tokens, outcomes, "!T". */
      g_string_append_len (line, line->str + at, MIN (line->len - at, 1 + pick (rng, 8)));
      break;
    default:
      g_string_insert (line, at, " E:2>3:4 ");
      break;
    }
}

static void
test_random_mutations (void **state G_GNUC_UNUSED)
{
  CtdRng rng;
  guint n_accepted = 0;

  ctd_rng_init (&rng, 13);
  for (guint i = 0; i < 10000; i++)
    {
      CtdResult legal;
      g_autofree char *text = NULL;
      g_autoptr(GString) line = NULL;
      guint n = 1 + pick (&rng, 3);

      random_legal_result (&rng, &legal);
      text = ctd_result_format (&legal);
      line = g_string_new (text);
      for (guint j = 0; j < n; j++)
        mutate (&rng, line);
      n_accepted += check_any_line (&legal.context, line->str);
    }
  /* Both branches of check_any_line are exercised. */
  assert_true (n_accepted > 100);
  assert_true (n_accepted < 9500);
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
    cmocka_unit_test (test_refusal_table),
    cmocka_unit_test (test_refusal_exact_message),
    cmocka_unit_test (test_refusal_names_players),
    cmocka_unit_test (test_length_limit),
    cmocka_unit_test (test_format_table),
    cmocka_unit_test (test_equal_and_copy),
    cmocka_unit_test (test_hand_built_extra_taker),
    cmocka_unit_test (test_invalid_contexts),
    cmocka_unit_test (test_payment_kinds),
    cmocka_unit_test (test_error_quark),
    cmocka_unit_test (test_random_legal_results),
    cmocka_unit_test (test_cube_values_match_parser),
    cmocka_unit_test (test_extra_values_match_parser),
    cmocka_unit_test (test_penalty_payers_match_parser),
    cmocka_unit_test (test_form_round_trip),
    cmocka_unit_test (test_random_bytes),
    cmocka_unit_test (test_random_token_soup),
    cmocka_unit_test (test_random_mutations),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
