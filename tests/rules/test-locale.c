/* test-locale.c: numbers and dates a person reads, in the thread's
 * locale; numbers a machine reads, with "." whatever the locale.
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

#include <locale.h>
#include <string.h>

#include <glib.h>

#include "ctd-locale.h"
#include "ctd-money.h"
#include "ctd-result.h"

/* A locale whose decimal separator is a comma, if the machine has one:
 * French first, as the clubs; NULL when none is installed. */
static locale_t
comma_locale (const char **out_name)
{
  static const char *names[] = { "fr_FR.UTF-8", "de_DE.UTF-8", "nl_NL.UTF-8" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      locale_t locale = newlocale (LC_ALL_MASK, names[i], (locale_t) 0);

      if (locale != (locale_t) 0)
        {
          *out_name = names[i];
          return locale;
        }
    }
  return (locale_t) 0;
}

/* Runs the test under a comma locale, for this thread only, as a report
 * built in the event's language is; skips when none is installed. */
static locale_t
enter_comma_locale (void)
{
  const char *name = NULL;
  locale_t locale = comma_locale (&name);

  if (locale == (locale_t) 0)
    {
      print_message ("no fr_FR.UTF-8 or de_DE.UTF-8 locale: skipped "
                     "(.ci/setup.sh generates fr_FR.UTF-8)\n");
      skip ();
    }
  uselocale (locale);
  return locale;
}

static void
leave_locale (locale_t locale)
{
  uselocale (LC_GLOBAL_LOCALE);
  freelocale (locale);
}

#define ASSERT_TEXT(call, expected) \
  G_STMT_START { \
    g_autofree char *text_ = (call); \
    assert_string_equal (text_, (expected)); \
  } G_STMT_END

/* In C, numbers are written as they always were. */
static void
test_c_locale (void **state)
{
  CtdCents cents = 0;
  CtdHalves halves = 0;

  ASSERT_TEXT (ctd_money_to_string (8500), "85.00");
  ASSERT_TEXT (ctd_money_to_string (-5), "-0.05");
  ASSERT_TEXT (ctd_halves_to_string (-1, TRUE), "-0.5");
  ASSERT_TEXT (ctd_halves_to_string (25, TRUE), "+12.5");
  ASSERT_TEXT (ctd_money_group_digits ("1000000.00"), "1,000,000.00");
  ASSERT_TEXT (ctd_locale_date ("2026-05-09"), "May 9, 2026");
  ASSERT_TEXT (ctd_locale_date ("soon"), "soon");
  ASSERT_TEXT (ctd_locale_date (NULL), "");
  assert_true (ctd_money_parse ("85.50", &cents));
  assert_int_equal (cents, 8550);
  /* A comma is no decimal separator here. */
  assert_false (ctd_money_parse ("85,50", &cents));
  assert_false (ctd_halves_parse ("2,5", &halves));
}

/* Under a comma locale the window's, the paper's and the pages' numbers
 * take the comma; the machine's forms keep the point. */
static void
test_comma_locale (void **state)
{
  locale_t locale = enter_comma_locale ();
  CtdCents cents = 0;
  CtdHalves halves = 0;
  g_autofree char *grouped = NULL;
  g_autofree char *ratio = NULL;

  ASSERT_TEXT (ctd_money_to_string (8500), "85,00");
  ASSERT_TEXT (ctd_money_to_string (-5), "-0,05");
  ASSERT_TEXT (ctd_money_to_ascii (8500), "85.00");
  ASSERT_TEXT (ctd_halves_to_string (-1, TRUE), "-0,5");
  ASSERT_TEXT (ctd_halves_to_string (6, TRUE), "+3");
  ASSERT_TEXT (ctd_halves_to_ascii (-1, TRUE), "-0.5");

  /* The grouping is the locale's (a narrow no-break space in French, a
   * point in German), never the English comma. */
  grouped = ctd_money_group_digits ("1000000.00");
  assert_true (g_str_has_prefix (grouped, "1"));
  assert_true (g_str_has_suffix (grouped, "000,00"));
  assert_null (strstr (grouped, ",000"));
  assert_true (strlen (grouped) > strlen ("1000000,00"));

  /* A message's one-decimal figure is the locale's too. */
  ratio = ctd_money_check_fee (1960, 100);
  assert_non_null (strstr (ratio, "19,6"));

  /* A French director may type a comma; a point still works. */
  assert_true (ctd_money_parse ("85,50", &cents));
  assert_int_equal (cents, 8550);
  assert_true (ctd_money_parse ("85.50", &cents));
  assert_int_equal (cents, 8550);
  assert_false (ctd_money_parse ("85,505", &cents));
  assert_true (ctd_halves_parse ("2,5", &halves));
  assert_int_equal (halves, 5);
  assert_true (ctd_halves_parse ("-0.5", &halves));
  assert_int_equal (halves, -1);

  /* Result notation is typed notation: "." only, in and out. */
  assert_false (ctd_halves_parse_ascii ("2,5", &halves));
  /* Fifteen significant digits at most, leading zeros aside. */
  assert_false (ctd_halves_parse_ascii ("1234567890123456", &halves));
  assert_true (ctd_halves_parse_ascii ("000123456789012345", &halves));
  assert_int_equal (halves, G_GINT64_CONSTANT (246913578024690));
  {
    CtdGameContext context = { .game = 1, .size = 4, .box = 1, .captain = 2, .cube_start = 1 };
    g_autoptr(CtdResult) result = ctd_result_parse (&context, "B 3:1- 4:1+ F:3>1:0.5", NULL);
    g_autofree char *line = NULL;

    assert_non_null (result);
    assert_null (ctd_result_parse (&context, "B 3:1- 4:1+ F:3>1:0,5", NULL));
    line = ctd_result_format (result);
    assert_string_equal (line, "B 3:1- 4:1+ F:3>1:0.5");
  }

  leave_locale (locale);
}

/* The date on paper takes the locale's month names. */
static void
test_comma_locale_date (void **state)
{
  locale_t locale = enter_comma_locale ();
  g_autofree char *date = ctd_locale_date ("2026-05-09");

  assert_null (strstr (date, "May"));
  assert_non_null (strstr (date, "2026"));
  assert_non_null (strstr (date, "9"));
  leave_locale (locale);
}

/* Notation is written with a point in every language: a refused
 * penalty asks for what the line accepts, "0.5", not "0,5". */
static void
test_comma_locale_notation (void **state G_GNUC_UNUSED)
{
  locale_t locale = enter_comma_locale ();
  CtdGameContext context = { 5, 4, 1, 2, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (&context, "B 3:1- F:3>1:0,5", &error);

  assert_null (result);
  assert_non_null (strstr (error->message, "'F:3>1:0,5': a line writes the half point with a "
                                           "point, whatever the language: 0.5, not 0,5"));
  g_clear_error (&error);
  /* The same for a director's adjustment (issue 30: "2,5" was "not a
   * half point"). */
  assert_null (ctd_result_parse (&context, "B 3:1- A:3>1:2,5", &error));
  assert_non_null (strstr (error->message, "'A:3>1:2,5': a line writes the half point with a "
                                           "point, whatever the language: 2.5, not 2,5"));
  g_clear_error (&error);
  assert_null (ctd_result_parse (&context, "B 3:1- F:3>1:1", &error));
  assert_non_null (strstr (error->message, "so expected 0.5, not 1"));
  leave_locale (locale);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_c_locale),
    cmocka_unit_test (test_comma_locale),
    cmocka_unit_test (test_comma_locale_date),
    cmocka_unit_test (test_comma_locale_notation),
  };

  setlocale (LC_ALL, "C");
  return cmocka_run_group_tests (tests, NULL, NULL);
}
