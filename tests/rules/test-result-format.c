/* test-result-format.c: results written back as lines, compared,
 * copied and built by hand.
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
  /* Any case is read (SPEC 5): the outcome's first letter is B or T,
   * its second g or b; the canonical line is written as ever. */
  { 4, 1, 1, "BG", "Bg" },
  { 4, 1, 1, "bg", "Bg" },
  { 4, 1, 1, "BB", "Bb" },
  { 4, 1, 1, "bB", "Bb" },
  { 4, 1, 1, "t", "T" },
  { 4, 1, 4, "TG 4:4", "Tg" },
  { 4, 1, 2, "TG 4:4", "Tg 4:4" },
  { 4, 1, 1, "T 2:W", "T 2:w" },
  { 4, 1, 1, "t 2:w", "T 2:w" },
  { 4, 1, 1, "b 2:1- 3:1- 4:2 e:3>4:4 f:2>1:0.5 a:2>1:1",
    "B 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5 A:2>1:1" },
  { 4, 1, 1, "tg 2:2 3:2 4:2 !t", "Tg 2:2 3:2 4:2 !T" },
};

static void
test_format_table (void **state G_GNUC_UNUSED)
{
  for (gsize i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      const FormatCase *c = &format_cases[i];
      guint captain = c->box % c->size + 1;
      CtdGameContext context = ctd_test_make_context (2, c->size, c->box, captain, c->cube_start);
      g_autoptr(CtdResult) result = ctd_test_parse_or_fail (&context, c->line);
      g_autoptr(CtdResult) again = NULL;
      g_autofree char *text = ctd_result_format (result);

      if (strcmp (text, c->canonical) != 0)
        fail_msg ("'%s' formats as '%s', expected '%s'", c->line, text, c->canonical);
      again = ctd_test_parse_or_fail (&context, text);
      assert_true (ctd_result_equal (result, again));
    }
}

static void
test_equal_and_copy (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (4, 4, 1, 2, 1);
  CtdGameContext other_game = ctd_test_make_context (5, 4, 1, 2, 1);
  g_autoptr(CtdResult) a =
    ctd_test_parse_or_fail (&context, "Bg 2:1- 3:2 4:1- E:2>3:4- F:4>1:0.5 "
                            "F:2>1:0.5 A:2>1:3 A:1>4:0.5");
  g_autoptr(CtdResult) b =
    ctd_test_parse_or_fail (&context, "Bg A:1>4:0.5 F:2>1:0.5 F:4>1:0.5 E:2>3:4- "
                            "4:1- 3:2 A:2>1:3 2:1-");
  g_autoptr(CtdResult) c =
    ctd_test_parse_or_fail (&other_game, "Bg 2:1- 3:2 4:1- E:2>3:4- F:4>1:0.5 "
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
  changed->cubes[3].end = CTD_CUBE_OWNER_PASSED;
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

  built.context = ctd_test_make_context (8, 3, 1, 2, 1);
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
    g_autoptr(CtdResult) parsed = ctd_test_parse_or_fail (&built.context, line);

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
      assert_null (ctd_result_penalty_payers (&bad[i], cubes, NULL, 0));
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


int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_format_table),
    cmocka_unit_test (test_equal_and_copy),
    cmocka_unit_test (test_hand_built_extra_taker),
    cmocka_unit_test (test_invalid_contexts),
    cmocka_unit_test (test_payment_kinds),
    cmocka_unit_test (test_error_quark),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
