/* test-types.c
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

#include "ctd-types.h"

static void
test_halves_to_string (void **state)
{
  static const struct { CtdHalves halves; gboolean sign; const char *text; } cases[] = {
    { 0, FALSE, "0" },
    { 0, TRUE, "0" },
    { 1, FALSE, "0.5" },
    { -1, FALSE, "-0.5" },
    { 7, TRUE, "+3.5" },
    { 7, FALSE, "3.5" },
    { -40, TRUE, "-20" },
    { 15, FALSE, "7.5" },
    { G_MININT64, FALSE, "-4611686018427387904" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ctd_halves_to_string (cases[i].halves, cases[i].sign);
      assert_string_equal (text, cases[i].text);
    }
}

static void
test_halves_parse (void **state)
{
  static const struct { const char *text; gboolean ok; CtdHalves halves; } cases[] = {
    { "0", TRUE, 0 },
    { "3", TRUE, 6 },
    { "3.5", TRUE, 7 },
    { "-0.5", TRUE, -1 },
    { "+12.5", TRUE, 25 },
    { "4.0", TRUE, 8 },
    { "4.50", TRUE, 9 },
    { "0.5000", TRUE, 1 },
    { "", FALSE, 0 },
    { "-", FALSE, 0 },
    { ".5", FALSE, 0 },
    { "1.", FALSE, 0 },
    { "1.25", FALSE, 0 },
    { "1.55", FALSE, 0 },
    { "1e3", FALSE, 0 },
    { "12 ", FALSE, 0 },
    { " 12", FALSE, 0 },
    { "--1", FALSE, 0 },
    { "1234567890123456", FALSE, 0 },
    { "½", FALSE, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CtdHalves halves = -999;
      gboolean ok = ctd_halves_parse (cases[i].text, &halves);

      assert_int_equal (ok, cases[i].ok);
      if (cases[i].ok)
        assert_int_equal (halves, cases[i].halves);
      else
        assert_int_equal (halves, -999);
    }
}

static void
test_halves_round_trip (void **state)
{
  for (CtdHalves h = -2001; h <= 2001; h++)
    {
      g_autofree char *plain = ctd_halves_to_string (h, FALSE);
      g_autofree char *signed_text = ctd_halves_to_string (h, TRUE);
      CtdHalves back = 0;

      assert_true (ctd_halves_parse (plain, &back));
      assert_int_equal (back, h);
      assert_true (ctd_halves_parse (signed_text, &back));
      assert_int_equal (back, h);
    }
}

static void
test_enum_strings (void **state)
{
  CtdLastSegmentDirection direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;

  assert_string_equal (ctd_stage_to_string (CTD_STAGE_QUALIFYING), "qualifying");
  assert_string_equal (ctd_stage_to_string (CTD_STAGE_SEMIFINAL), "semi-final");
  assert_string_equal (ctd_stage_to_string (CTD_STAGE_FINAL), "final");
  assert_string_equal (ctd_stage_to_title (CTD_STAGE_QUALIFYING), "Qualifying");
  assert_string_equal (ctd_stage_to_title (CTD_STAGE_SEMIFINAL), "Semi-final");
  assert_string_equal (ctd_stage_to_title (CTD_STAGE_FINAL), "Final");
  assert_string_equal (ctd_round_state_to_string (CTD_ROUND_DRAWN), "drawn");
  assert_string_equal (ctd_round_state_to_string (CTD_ROUND_IN_PLAY), "in play");
  assert_string_equal (ctd_round_state_to_string (CTD_ROUND_COMPLETE), "complete");
  assert_string_equal (ctd_round_state_to_string (CTD_ROUND_RELEASED), "released");
  assert_string_equal (ctd_round_state_to_string (CTD_ROUND_CLOSED), "closed");

  assert_true (ctd_last_segment_direction_parse ("lowest-first", &direction));
  assert_int_equal (direction, CTD_LAST_SEGMENT_LOWEST_FIRST);
  assert_string_equal (ctd_last_segment_direction_to_string (direction), "lowest-first");
  assert_true (ctd_last_segment_direction_parse ("highest-first", &direction));
  assert_int_equal (direction, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  assert_false (ctd_last_segment_direction_parse ("highest", &direction));
  assert_int_equal (direction, CTD_LAST_SEGMENT_HIGHEST_FIRST);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_halves_to_string),
    cmocka_unit_test (test_halves_parse),
    cmocka_unit_test (test_halves_round_trip),
    cmocka_unit_test (test_enum_strings),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
