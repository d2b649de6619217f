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

#include "ctd-enum-types.h"
#include "ctd-export.h"
#include "ctd-result.h"
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
    /* Leading zeros are the number they are, however many there are. */
    { "004", TRUE, 8 },
    { "-00000000000000000004.5", TRUE, -9 },
    { "0000000000000000000000", TRUE, 0 },
    { "000000000000000123456789012345", TRUE, 246913578024690 },
    { "0001234567890123456", FALSE, 0 },
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
  /* Names from files and arguments are echoed on one printable line. */
  {
    g_autofree char *shown = ctd_printable ("Ann\nB\tob\x1b[31m\xff\u202eX\u2028Zoë 👨\u200d👩");

    assert_string_equal (shown, "Ann\\nB\\tob\\u001B[31m\uFFFD\\u202EX\\u2028Zoë 👨\u200d👩");
  }
  /* Rule 1.9: the final ends the event. */
  assert_true (ctd_stage_has_next (CTD_STAGE_QUALIFYING));
  assert_true (ctd_stage_has_next (CTD_STAGE_SEMIFINAL));
  assert_false (ctd_stage_has_next (CTD_STAGE_FINAL));
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

/* Each registered enum, value by value, with the nick a file or a form
 * uses: changing a nick breaks every event file that stored the old one. */
static void
test_enum_types (void **state)
{
  static const struct
  {
    const char *type_name;
    int value;
    const char *nick;
  } cases[] = {
    { "CtdStage", CTD_STAGE_QUALIFYING, "qualifying" },
    { "CtdStage", CTD_STAGE_SEMIFINAL, "semi-final" },
    { "CtdStage", CTD_STAGE_FINAL, "final" },
    { "CtdRoundState", CTD_ROUND_DRAWN, "drawn" },
    { "CtdRoundState", CTD_ROUND_IN_PLAY, "in play" },
    { "CtdRoundState", CTD_ROUND_COMPLETE, "complete" },
    { "CtdRoundState", CTD_ROUND_RELEASED, "released" },
    { "CtdRoundState", CTD_ROUND_CLOSED, "closed" },
    { "CtdLastSegmentDirection", CTD_LAST_SEGMENT_HIGHEST_FIRST, "highest-first" },
    { "CtdLastSegmentDirection", CTD_LAST_SEGMENT_LOWEST_FIRST, "lowest-first" },
    { "CtdWinner", CTD_WINNER_NONE, "none" },
    { "CtdWinner", CTD_WINNER_BOX, "box" },
    { "CtdWinner", CTD_WINNER_TEAM, "team" },
    { "CtdCubeEnd", CTD_CUBE_PLAYED, "played" },
    { "CtdCubeEnd", CTD_CUBE_TAKER_PASSED, "taker-passed" },
    { "CtdCubeEnd", CTD_CUBE_OWNER_PASSED, "owner-passed" },
    { "CtdCubeEnd", CTD_CUBE_WASH, "wash" },
    { "CtdExportFormat", CTD_EXPORT_XLSX, "xlsx" },
    { "CtdExportFormat", CTD_EXPORT_PDF, "pdf" },
    { "CtdExportFormat", CTD_EXPORT_HTML, "html" },
    { "CtdExportFormat", CTD_EXPORT_CSV, "csv" },
    { "CtdSheetPaper", CTD_SHEET_PAPER_A4, "a4" },
    { "CtdSheetPaper", CTD_SHEET_PAPER_LETTER, "letter" },
  };
  const GType types[] = {
    CTD_TYPE_STAGE, CTD_TYPE_ROUND_STATE, CTD_TYPE_LAST_SEGMENT_DIRECTION, CTD_TYPE_WINNER,
    CTD_TYPE_CUBE_END, CTD_TYPE_EXPORT_FORMAT, CTD_TYPE_SHEET_PAPER,
  };

  /* The macros register the types; then they are found by name. */
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    assert_true (G_TYPE_IS_ENUM (types[i]));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GType type = g_type_from_name (cases[i].type_name);
      g_autoptr(GEnumClass) klass = NULL;
      GEnumValue *value;
      guint n_values = 0;

      if (type == G_TYPE_INVALID)
        fail_msg ("%s is not registered", cases[i].type_name);
      klass = g_type_class_ref (type);
      value = g_enum_get_value (klass, cases[i].value);
      assert_non_null (value);
      assert_string_equal (value->value_nick, cases[i].nick);
      assert_ptr_equal (g_enum_get_value_by_nick (klass, cases[i].nick), value);
      /* No value of the type is left out of the table. */
      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        n_values += g_str_equal (cases[j].type_name, cases[i].type_name);
      assert_int_equal (klass->n_values, n_values);
    }
}

static void
test_enum_round_trip (void **state)
{
  for (CtdStage stage = CTD_STAGE_QUALIFYING; stage <= CTD_STAGE_FINAL; stage++)
    {
      CtdStage back = 99;

      assert_true (ctd_stage_parse (ctd_stage_to_string (stage), &back));
      assert_int_equal (back, stage);
    }
  for (CtdRoundState s = CTD_ROUND_DRAWN; s <= CTD_ROUND_CLOSED; s++)
    {
      CtdRoundState back = 99;

      assert_true (ctd_round_state_parse (ctd_round_state_to_string (s), &back));
      assert_int_equal (back, s);
    }
  for (CtdLastSegmentDirection d = CTD_LAST_SEGMENT_HIGHEST_FIRST;
       d <= CTD_LAST_SEGMENT_LOWEST_FIRST; d++)
    {
      CtdLastSegmentDirection back = 99;

      assert_true (ctd_last_segment_direction_parse (ctd_last_segment_direction_to_string (d),
                                                     &back));
      assert_int_equal (back, d);
    }
}

/* Only the exact word: no title, no other case, no enum name, no padding. */
static void
test_enum_refused (void **state)
{
  static const char *const stages[] = {
    "", "Qualifying", "semifinal", "semi final", "CTD_STAGE_FINAL", "final ", "2", "drawn",
  };
  static const char *const states[] = {
    "", "in-play", "In play", "inplay", "CTD_ROUND_DRAWN", "closed\n", "qualifying",
  };
  static const char *const directions[] = { "", "highest", "Highest-first", "lowest first" };
  CtdStage stage = CTD_STAGE_SEMIFINAL;
  CtdRoundState round_state = CTD_ROUND_COMPLETE;
  CtdLastSegmentDirection direction = CTD_LAST_SEGMENT_LOWEST_FIRST;

  for (guint i = 0; i < G_N_ELEMENTS (stages); i++)
    assert_false (ctd_stage_parse (stages[i], &stage));
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    assert_false (ctd_round_state_parse (states[i], &round_state));
  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    assert_false (ctd_last_segment_direction_parse (directions[i], &direction));
  /* A refusal leaves the caller's value alone. */
  assert_int_equal (stage, CTD_STAGE_SEMIFINAL);
  assert_int_equal (round_state, CTD_ROUND_COMPLETE);
  assert_int_equal (direction, CTD_LAST_SEGMENT_LOWEST_FIRST);
}

/* The ledger's words for payments are the payment kinds' nicks; the
 * event file stores them, so they must not drift. */
static void
test_enum_nicks (void **state)
{
  static const struct { CtdPaymentKind kind; const char *word; } kinds[] = {
    { CTD_PAYMENT_CUBE, "cube" },
    { CTD_PAYMENT_EXTRA, "extra" },
    { CTD_PAYMENT_PENALTY, "penalty" },
    { CTD_PAYMENT_ADJUSTMENT, "adjustment" },
  };
  int value = -1;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      assert_string_equal (ctd_result_payment_kind_to_string (kinds[i].kind), kinds[i].word);
      assert_string_equal (ctd_enum_to_nick (CTD_TYPE_PAYMENT_KIND, kinds[i].kind),
                           kinds[i].word);
      assert_true (ctd_enum_from_nick (CTD_TYPE_PAYMENT_KIND, kinds[i].word, &value));
      assert_int_equal (value, kinds[i].kind);
    }
  assert_null (ctd_enum_to_nick (CTD_TYPE_PAYMENT_KIND, 99));
  value = -1;
  assert_false (ctd_enum_from_nick (CTD_TYPE_PAYMENT_KIND, "bonus", &value));
  assert_int_equal (value, -1);
  assert_string_equal (ctd_export_format_to_string (CTD_EXPORT_PDF), "pdf");
}

/* One key per round and chouette, the round read back from it: chouette
 * 1 of round 2 is not chouette 65537 of any round. */
static void
test_chouette_key (void **state)
{
  (void) state;

  assert_true (ctd_chouette_key (2, 1) != ctd_chouette_key (1, 2));
  assert_true (ctd_chouette_key (2, 1) != ctd_chouette_key (1, 1));
  assert_true (ctd_chouette_key (1, G_MAXUINT16) != ctd_chouette_key (2, 0));
  assert_int_equal (ctd_chouette_key_round (ctd_chouette_key (3, 7)), 3);
  assert_int_equal (ctd_chouette_key_round (ctd_chouette_key (3, G_MAXUINT16)), 3);
}

/* The sizes every writer and the print dialog take: A4 and Letter in
 * points, upright. */
static void
test_sheet_paper_size (void **state)
{
  double width = 0, height = 0;

  (void) state;

  ctd_sheet_paper_size (CTD_SHEET_PAPER_A4, &width, &height);
  assert_float_equal (width, 210 / 25.4 * 72, 0.001);
  assert_float_equal (height, 297 / 25.4 * 72, 0.001);
  ctd_sheet_paper_size (CTD_SHEET_PAPER_LETTER, &width, &height);
  assert_float_equal (width, 8.5 * 72, 0.001);
  assert_float_equal (height, 11 * 72, 0.001);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_enum_nicks),
    cmocka_unit_test (test_halves_to_string),
    cmocka_unit_test (test_halves_parse),
    cmocka_unit_test (test_halves_round_trip),
    cmocka_unit_test (test_enum_strings),
    cmocka_unit_test (test_enum_types),
    cmocka_unit_test (test_enum_round_trip),
    cmocka_unit_test (test_enum_refused),
    cmocka_unit_test (test_chouette_key),
    cmocka_unit_test (test_sheet_paper_size),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
