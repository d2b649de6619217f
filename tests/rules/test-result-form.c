/* test-result-form.c: what a result form offers, against what the
 * parser accepts.
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
        CtdGameContext context = ctd_test_make_context (5, size, 1, 2, start);
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
    /* Every other crew member passed at V0 (SPEC 5): Vq = V0. */
    for (guint passed = start; passed <= start; passed *= 2)
      {
        CtdGameContext context = ctd_test_make_context (2, 4, 1, 2, start);

        for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
          {
            g_autoptr(GArray) values = ctd_result_extra_values (&context, passed, ends[e].end,
                                                                CTD_RESULT_FORM_DOUBLINGS);
            guint bound = passed << CTD_RESULT_FORM_DOUBLINGS;

            assert_true (values->len >= CTD_RESULT_FORM_DOUBLINGS - 1);
            assert_int_equal (g_array_index (values, guint, values->len - 1), bound);
            for (guint value = 0; value <= 2 * bound + 1; value++)
              {
                /* Players 2 and 4 passed the Box at Vq; player 3 took. */
                g_autofree char *line = g_strdup_printf ("B 2:%u- 3:%u 4:%u- E:2>3:%u%s",
                                                         passed, 2 * start, passed, value,
                                                         ends[e].suffix);
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
    CtdGameContext context = ctd_test_make_context (2, 4, 1, 2, 1);

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
          CtdGameContext context = ctd_test_make_context (6, size, box, box % size + 1, 2);
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
          payers = ctd_result_penalty_payers (&context, cubes, NULL, 0);
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

      ctd_test_random_legal_result (&rng, &expected);
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
      again = ctd_test_parse_or_fail (context, line);
      if (!ctd_result_equal (again, &expected))
        fail_msg ("'%s' reads back as another result", line);
      n_extras += expected.n_extras > 0;
    }
  assert_true (n_extras > 300);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cube_values_match_parser),
    cmocka_unit_test (test_extra_values_match_parser),
    cmocka_unit_test (test_penalty_payers_match_parser),
    cmocka_unit_test (test_form_round_trip),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
