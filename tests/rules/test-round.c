/* test-round.c: a round's state from its facts (SPEC section 6), no file.
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

#include "ctd-round.h"
#include "ctd-types.h"

static void
test_round_state_table (void **state)
{
  /* released, later drawn, chouettes, with games, complete, mismatched */
  static const struct
  {
    const char    *what;
    CtdRoundFacts  facts;
    CtdRoundState  expected;
  } cases[] = {
    { "just drawn", { FALSE, FALSE, 4, 0, 0, 0 }, CTD_ROUND_DRAWN },
    { "one game in one chouette", { FALSE, FALSE, 4, 1, 0, 0 }, CTD_ROUND_IN_PLAY },
    { "every chouette started", { FALSE, FALSE, 4, 4, 0, 0 }, CTD_ROUND_IN_PLAY },
    { "three of four complete", { FALSE, FALSE, 4, 4, 3, 0 }, CTD_ROUND_IN_PLAY },
    { "every chouette complete", { FALSE, FALSE, 4, 4, 4, 0 }, CTD_ROUND_COMPLETE },
    { "a single chouette complete", { FALSE, FALSE, 1, 1, 1, 0 }, CTD_ROUND_COMPLETE },
    { "complete but a paper total disagrees", { FALSE, FALSE, 4, 4, 4, 1 }, CTD_ROUND_IN_PLAY },
    { "every paper total disagrees", { FALSE, FALSE, 2, 2, 2, 2 }, CTD_ROUND_IN_PLAY },
    { "a paper total typed before any game", { FALSE, FALSE, 2, 0, 0, 1 }, CTD_ROUND_DRAWN },
    { "an incomplete chouette disagrees", { FALSE, FALSE, 2, 2, 1, 1 }, CTD_ROUND_IN_PLAY },
    { "released", { TRUE, FALSE, 4, 4, 4, 0 }, CTD_ROUND_RELEASED },
    /* Release freezes the state whatever the games say now. */
    { "released, games since undone", { TRUE, FALSE, 4, 4, 3, 0 }, CTD_ROUND_RELEASED },
    { "released with a mismatch", { TRUE, FALSE, 4, 4, 4, 1 }, CTD_ROUND_RELEASED },
    { "next round drawn", { TRUE, TRUE, 4, 4, 4, 0 }, CTD_ROUND_CLOSED },
    /* A later draw closes a round even if it was never released. */
    { "closed without a release", { FALSE, TRUE, 4, 4, 4, 0 }, CTD_ROUND_CLOSED },
    { "closed before any game", { FALSE, TRUE, 2, 0, 0, 0 }, CTD_ROUND_CLOSED },
    /* No draw makes a round without chouettes: nothing is left to play. */
    { "no chouettes", { FALSE, FALSE, 0, 0, 0, 0 }, CTD_ROUND_COMPLETE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CtdRoundState got = ctd_round_state_compute (&cases[i].facts);

      if (got != cases[i].expected)
        fail_msg ("%s: expected %s, got %s", cases[i].what,
                  ctd_round_state_to_string (cases[i].expected), ctd_round_state_to_string (got));
    }
}

/* A round is redrawn only while it is the newest and no table has
 * played: any result entered, a release or a later draw, and its
 * seating stands. */
static void
test_can_redraw (void **state G_GNUC_UNUSED)
{
  assert_true (ctd_round_can_redraw (CTD_ROUND_DRAWN, TRUE));
  assert_false (ctd_round_can_redraw (CTD_ROUND_DRAWN, FALSE));
  assert_false (ctd_round_can_redraw (CTD_ROUND_IN_PLAY, TRUE));
  assert_false (ctd_round_can_redraw (CTD_ROUND_COMPLETE, TRUE));
  assert_false (ctd_round_can_redraw (CTD_ROUND_RELEASED, TRUE));
  assert_false (ctd_round_can_redraw (CTD_ROUND_CLOSED, TRUE));
}

/* The words the file and the CLI use read back as what they name, and
 * nothing else reads. */
static void
test_words_round_trip (void **state G_GNUC_UNUSED)
{
  for (int stage = CTD_STAGE_QUALIFYING; stage <= CTD_STAGE_FINAL; stage++)
    {
      CtdStage parsed = stage == CTD_STAGE_FINAL ? CTD_STAGE_QUALIFYING : CTD_STAGE_FINAL;

      assert_true (ctd_stage_parse (ctd_stage_to_string (stage), &parsed));
      assert_int_equal (parsed, stage);
    }
  for (int word = CTD_ROUND_DRAWN; word <= CTD_ROUND_CLOSED; word++)
    {
      CtdRoundState parsed = word == CTD_ROUND_CLOSED ? CTD_ROUND_DRAWN : CTD_ROUND_CLOSED;

      assert_true (ctd_round_state_parse (ctd_round_state_to_string (word), &parsed));
      assert_int_equal (parsed, word);
    }
  {
    CtdStage stage = CTD_STAGE_SEMIFINAL;
    CtdRoundState round_state = CTD_ROUND_IN_PLAY;

    assert_false (ctd_stage_parse ("semifinal", &stage));
    assert_false (ctd_stage_parse ("", &stage));
    assert_int_equal (stage, CTD_STAGE_SEMIFINAL);
    assert_false (ctd_round_state_parse ("played", &round_state));
    assert_int_equal (round_state, CTD_ROUND_IN_PLAY);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_round_state_table),
    cmocka_unit_test (test_can_redraw),
    cmocka_unit_test (test_words_round_trip),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
