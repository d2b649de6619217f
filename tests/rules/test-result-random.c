/* test-result-random.c: properties over random legal results and
 * random garbage.
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

/* Penalties and adjustments are the only payments in odd half points. */
static void
assert_deltas_consistent (const CtdResult *r)
{
  CtdHalves deltas[CTD_MAX_PLAYERS];
  CtdHalves halves[CTD_MAX_PLAYERS] = { 0 };

  ctd_result_deltas (r, deltas);
  assert_int_equal (ctd_test_sum_deltas (r, deltas), 0);
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
      guint j = 1 + ctd_test_pick (rng, i);
      char *swap = tokens[i];

      tokens[i] = tokens[j];
      tokens[j] = swap;
    }
  for (guint i = 1; i < n; i++)
    g_string_append_printf (text, "%s%s", spaces[ctd_test_pick (rng, 4)], tokens[i]);
  for (guint p = 1; p <= r->context.size; p++)
    if (p != r->context.box && r->cubes[p - 1].end == CTD_CUBE_PLAYED
        && r->cubes[p - 1].value == r->context.cube_start && ctd_test_pick (rng, 2))
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

      ctd_test_random_legal_result (&rng, &expected);
      line = ctd_result_format (&expected);
      parsed = ctd_test_parse_or_fail (&expected.context, line);
      if (!ctd_result_equal (&expected, parsed))
        fail_msg ("'%s' does not parse back to the result it was made from", line);
      assert_deltas_consistent (parsed);

      scrambled = scramble (&rng, &expected, line);
      reparsed = ctd_test_parse_or_fail (&expected.context, scrambled);
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
  again = ctd_test_parse_or_fail (context, text);
  assert_true (ctd_result_equal (result, again));
  return TRUE;
}

static CtdGameContext
random_context (CtdRng *rng)
{
  guint size = 3 + ctd_test_pick (rng, 2);
  guint box = 1 + ctd_test_pick (rng, size);

  return ctd_test_make_context (1 + ctd_test_pick (rng, CTD_N_GAMES), size, box,
                                ctd_test_pick_other (rng, size, box, box),
                                1u << ctd_test_pick (rng, 3));
}

static void
test_random_bytes (void **state G_GNUC_UNUSED)
{
  CtdRng rng;

  ctd_rng_init (&rng, 7);
  for (guint i = 0; i < 5000; i++)
    {
      CtdGameContext context = random_context (&rng);
      guint length = ctd_test_pick (&rng, 80);
      guint top = ctd_test_pick (&rng, 2) ? 127 : 255;
      g_autofree char *line = g_malloc (length + 1);

      for (guint j = 0; j < length; j++)
        line[j] = (char) (1 + ctd_test_pick (&rng, top));
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
      guint n = ctd_test_pick (&rng, 30);

      for (guint j = 0; j < n; j++)
        g_string_append (line, soup[ctd_test_pick (&rng, G_N_ELEMENTS (soup))]);
      check_any_line (&context, line->str);
    }
}

static void
mutate (CtdRng  *rng,
        GString *line)
{
  static const char alphabet[] = "BTgbw-+:>EFA!.0123456789 \t";
  guint at = line->len > 0 ? ctd_test_pick (rng, line->len) : 0;

  switch (ctd_test_pick (rng, 5))
    {
    case 0:
      if (line->len > 0)
        g_string_erase (line, at, 1);
      break;
    case 1:
      g_string_insert_c (line, at, alphabet[ctd_test_pick (rng, sizeof alphabet - 1)]);
      break;
    case 2:
      if (line->len > 0)
        line->str[at] = alphabet[ctd_test_pick (rng, sizeof alphabet - 1)];
      break;
    case 3:
      /* Repeat a stretch: duplicated tokens, outcomes, "!T". */
      g_string_append_len (line, line->str + at, MIN (line->len - at, 1 + ctd_test_pick (rng, 8)));
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
      guint n = 1 + ctd_test_pick (&rng, 3);

      ctd_test_random_legal_result (&rng, &legal);
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
    cmocka_unit_test (test_random_legal_results),
    cmocka_unit_test (test_random_bytes),
    cmocka_unit_test (test_random_token_soup),
    cmocka_unit_test (test_random_mutations),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
