/* test-text.c: lists joined for a director to read, in the C locale.
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

#include "ctd-text.h"

/* Joins the first @n of four names. */
static char *
join_names (guint n)
{
  static const char *names[] = { "Ann", "Bob", "Carl", "Dora" };
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  g_assert (n <= G_N_ELEMENTS (names));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, (gpointer) names[i]);
  return ctd_text_join_and (items);
}

/* English joins with commas and a last "and", with no comma before it:
 * the wording every English message of core had before the join was
 * translatable. */
static void
test_join_and (void **state)
{
  static const char *expected[] = { "", "Ann", "Ann and Bob", "Ann, Bob and Carl",
                                    "Ann, Bob, Carl and Dora" };

  for (guint n = 0; n < G_N_ELEMENTS (expected); n++)
    {
      g_autofree char *text = join_names (n);

      assert_string_equal (text, expected[n]);
    }
}

/* Items are taken as they are: a name holding a comma, "and" or a
 * printf directive is not read as a pattern. */
static void
test_join_items_verbatim (void **state)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  g_autofree char *text = NULL;

  g_ptr_array_add (items, (gpointer) "Smith, J.");
  g_ptr_array_add (items, (gpointer) "100%s");
  g_ptr_array_add (items, (gpointer) "Rock and Roll");
  text = ctd_text_join_and (items);
  assert_string_equal (text, "Smith, J., 100%s and Rock and Roll");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_join_and),
    cmocka_unit_test (test_join_items_verbatim),
  };

  setlocale (LC_ALL, "C");
  return cmocka_run_group_tests (tests, NULL, NULL);
}
