/* test-table-form.c: the table's form in words makes the very lines the
 * sheet has in notation: cubes, extras, penalties, the "together" mark
 * and an adjustment; a row begun but not whole is refused in words.
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

#include <string.h>

#include "ctd-serve-html.h"
#include "ctd-table-entry.h"
#include "ctd-table-form.h"
#include "ctd-test-store.h"

static CtdChouette *
chouette_new (void)
{
  static const char *const names[CTD_MAX_PLAYERS] = { "Ann", "Bob", "Cy", "Di" };
  CtdChouette *chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);

  ctd_chouette_set_names (chouette, names);
  return chouette;
}

/* Game 1's form of chouette 1.15 whose players are @names. */
static char *
form_of (const char *const names[CTD_MAX_PLAYERS])
{
  g_autoptr(CtdChouette) chouette = ctd_chouette_new (4, CTD_LAST_SEGMENT_HIGHEST_FIRST);

  ctd_chouette_set_names (chouette, names);
  return ctd_table_entry_form (chouette, "1.15", "0123456789abcdef0123456789abcdef", "token", 1,
                               NULL, NULL);
}

/* The form's fields from "name=value" pairs. */
static GHashTable *
fields_new (const char *const *pairs)
{
  GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (pairs[i], "=", 2);

      g_hash_table_insert (fields, g_strdup (pair[0]), g_strdup (pair[1]));
    }
  return fields;
}

/* The line @pairs make for @game reads as sheet line @notation does. */
static void
assert_words_make (guint              game,
                   const char *const *pairs,
                   const char        *notation)
{
  g_autoptr(CtdChouette) words = chouette_new ();
  g_autoptr(CtdChouette) typed = chouette_new ();
  g_autoptr(GHashTable) fields = fields_new (pairs);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = ctd_table_entry_line (words, game, fields, &error);
  g_autofree char *from_words = NULL;
  g_autofree char *from_sheet = NULL;

  if (line == NULL)
    fail_msg ("game %u: %s", game, error->message);
  if (!ctd_chouette_record (words, game, line, &error))
    fail_msg ("game %u, “%s”: %s", game, line, error->message);
  assert_true (ctd_chouette_record (typed, game, notation, NULL));
  from_words = ctd_result_format (ctd_chouette_get_result (words, game));
  from_sheet = ctd_result_format (ctd_chouette_get_result (typed, game));
  assert_string_equal (from_words, from_sheet);
}

static void
test_cubes_and_extra (void **state)
{
  /* Game 5: Bob in the box, cubes start at 2. */
  static const char *const extra[] = {
    "winner=team", "how=backgammon", "value-1=2", "end-1=taker-passed", "value-3=4",
    "end-3=played", "value-4=2", "end-4=taker-passed", "extra-1-by=1", "extra-1-to=3",
    "extra-1-value=8", "extra-1-end=played", "extra-2-by=", NULL,
  };

  assert_words_make (5, extra, "Tb 1:2- 3:4 4:2- E:1>3:8");
}

static void
test_wash_and_penalty (void **state)
{
  /* Game 6: Bob in the box, cubes start at 4; Ann washed, pays him the penalty. */
  static const char *const penalty[] = {
    "winner=box", "how=single", "value-1=4", "end-1=wash", "value-3=16", "end-3=played",
    "value-4=4", "end-4=played", "penalty-1-by=1", "penalty-1-to=2", NULL,
  };

  assert_words_make (6, penalty, "B 1:w 3:16 F:1>2:2");
}

static void
test_together_and_adjustment (void **state)
{
  /* Game 7: Cy in the box, cubes start at 1; the crew doubled together. */
  static const char *const together[] = {
    "winner=team", "how=single", "value-1=2", "end-1=played", "value-2=1",
    "end-2=owner-passed", "value-4=4", "end-4=played", "together=1", NULL,
  };
  /* Game 1, and the director's ruling: Di pays Ann 1.5 points. */
  static const char *const adjusted[] = {
    "winner=team", "how=single", "value-2=1", "end-2=played", "value-3=1", "end-3=played",
    "value-4=1", "end-4=played", "adjust-by=4", "adjust-to=1", "adjust-points=1.5", NULL,
  };

  assert_words_make (7, together, "T 1:2 2:1+ 4:4 !T");
  assert_words_make (1, adjusted, "T A:4>1:1.5");
}

/* A row begun and not finished says what is missing, in words. */
static void
test_half_rows (void **state)
{
  static const char *const half_extra[] = {
    "winner=team", "how=single", "value-2=1", "end-2=played", "value-3=1", "end-3=played",
    "value-4=1", "end-4=played", "extra-1-by=3", NULL,
  };
  static const char *const half_adjustment[] = {
    "winner=team", "how=single", "value-2=1", "end-2=played", "value-3=1", "end-3=played",
    "value-4=1", "end-4=played", "adjust-by=4", "adjust-to=1", "adjust-points=x", NULL,
  };
  static const char *const no_winner[] = { "how=single", NULL };
  const char *const *cases[] = { half_extra, half_adjustment, no_winner };
  const char *words[] = { "extra", "adjustment", "who won" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CtdChouette) chouette = chouette_new ();
      g_autoptr(GHashTable) fields = fields_new (cases[i]);
      g_autoptr(GError) error = NULL;
      g_autofree char *line = ctd_table_entry_line (chouette, 1, fields, &error);

      assert_null (line);
      if (strstr (error->message, words[i]) == NULL)
        fail_msg ("“%s” does not speak of the %s", error->message, words[i]);
    }
}

/* The cells of class @cell on @page, in order. */
static GPtrArray *
cells_of (const char *page,
          const char *cell)
{
  g_autofree char *marker = g_strdup_printf ("<td class=\"%s\">", cell);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  for (const char *at = strstr (page, marker); at != NULL; at = strstr (at, marker))
    {
      const char *end;

      at += strlen (marker);
      end = strstr (at, "</td>");
      g_ptr_array_add (cells, g_strndup (at, end - at));
    }
  return cells;
}

/* Game 4 entered again while the table's games 5 to 12 wait for the
 * desk: the check's "Total after it" is the total after game 4, the
 * games after it not counted (they were, once). */
static void
test_preview_totals_after_the_game (void **state)
{
  g_autoptr(CtdChouette) table = chouette_new ();
  g_autoptr(CtdChouette) alone = chouette_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GPtrArray) deltas = NULL;
  g_autofree char *page = NULL;
  CtdHalves expected[CTD_MAX_PLAYERS];

  /* As the table sees it: its lines 5 to 12 in, game 4 sent back. */
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    assert_true (ctd_chouette_record (table, g, ctd_test_four_sheet[g - 1], NULL));
  ctd_chouette_clear (table, 4);
  for (guint g = 1; g <= 3; g++)
    assert_true (ctd_chouette_record (alone, g, ctd_test_four_sheet[g - 1], NULL));
  assert_true (ctd_chouette_record (alone, 4, "T 1:2", NULL));
  ctd_chouette_get_totals (alone, expected);

  page = ctd_table_entry_preview (table, "1.15", "0123456789abcdef0123456789abcdef", "token", 4,
                                  2, "T 1:2", NULL, &error);
  if (page == NULL)
    fail_msg ("%s", error->message);
  assert_non_null (strstr (page, "Total after it"));
  totals = cells_of (page, "num total");
  deltas = cells_of (page, "num");
  assert_int_equal (totals->len, 4);
  assert_int_equal (deltas->len, 4);
  for (guint p = 1; p <= 4; p++)
    {
      g_autofree char *total = ctd_halves_to_string (expected[p - 1], TRUE);

      assert_string_equal (g_ptr_array_index (totals, p - 1), total);
    }

  /* With game 3 missing, no total is known after game 4: none shown. */
  ctd_chouette_clear (table, 3);
  g_clear_pointer (&page, g_free);
  g_clear_pointer (&totals, g_ptr_array_unref);
  page = ctd_table_entry_preview (table, "1.15", "0123456789abcdef0123456789abcdef", "token", 4,
                                  2, "T 1:2", NULL, &error);
  assert_non_null (page);
  totals = cells_of (page, "num total");
  assert_int_equal (totals->len, 0);
  assert_null (strstr (page, "Total after it"));
  assert_non_null (strstr (page, "The totals show once every game before them is entered."));
}

/* How a cube ended is a closed menu: its choices are short enough for a
 * phone (the legend names the player, the game has one Box), not
 * "the Box (Rachel Goldberg) passed Maximilian Oberhauser's double". */
static void
test_end_choices_short (void **state)
{
  static const char *const names[CTD_MAX_PLAYERS] = {
    "Rachel Goldberg", "Maximilian Oberhauser", "Dagny Eriksen", "Fatima Zahra",
  };
  g_autofree char *page = form_of (names);
  guint n_choices = 0;

  for (const char *select = strstr (page, "<select name=\"end-"); select != NULL;
       select = strstr (select + 1, "<select name=\"end-"))
    {
      const char *close = strstr (select, "</select>");

      for (const char *option = strstr (select, "<option"); option != NULL && option < close;
           option = strstr (option + 1, "<option"))
        {
          const char *text = strchr (option, '>') + 1;
          g_autofree char *label = g_strndup (text, strstr (text, "</option>") - text);

          n_choices++;
          if (g_utf8_strlen (label, -1) > 28)
            fail_msg ("“%s” is too long for a closed menu on a phone", label);
          for (guint p = 0; p < 4; p++)
            if (strstr (label, names[p]) != NULL)
              fail_msg ("“%s” names %s, whom the legend names", label, names[p]);
        }
    }
  /* Three crew members, four ends each. */
  assert_int_equal (n_choices, 3 * 4);
}

/* The penalty's payers (rule 2.5): the crew, never the Box, each option
 * naming the answer that keeps its seat in the game (its cube's end) and
 * why in words, for the form's script (table.js), which the page holds
 * as the policy's hash allows it: the very script of ctd_serve_script(). */
static void
test_payers_say_what_makes_them_eligible (void **state)
{
  g_autoptr(CtdChouette) chouette = chouette_new ();
  g_autofree char *page = ctd_table_entry_form (chouette, "1.15", "0123456789abcdef0123456789abcdef",
                                                "token", 1, NULL, NULL);
  g_autofree char *script = g_strdup_printf ("<script>%s</script>", ctd_serve_script ());
  const char *select = strstr (page, "<select name=\"penalty-1-by\" data-payers>");
  const char *close;
  guint n_crew = 0;

  assert_non_null (select);
  close = strstr (select, "</select>");
  assert_non_null (strstr (close, "<p class=\"note\" id=\"penalty-1-by-why\" "));
  assert_non_null (strstr (page, script));
  /* Game 1: Ann is the Box, never offered; Bob, Cy and Di are the crew. */
  assert_true (strstr (select, "<option value=\"1\"") == NULL ||
               strstr (select, "<option value=\"1\"") > close);
  for (guint p = 2; p <= 4; p++)
    {
      static const char *const names[] = { NULL, NULL, "Bob", "Cy", "Di" };
      g_autofree char *option = g_strdup_printf ("<option value=\"%u\" data-cube=\"end-%u\" "
                                                 "data-played=\"\u2068%s\u2069&apos;s cube is still "
                                                 "being played.\" data-extra=\"\u2068%s\u2069 is "
                                                 "in an extra still being played.\">%s</option>",
                                                 p, p, names[p], names[p], names[p]);
      g_autofree char *cube = g_strdup_printf ("<select name=\"end-%u\">", p);
      const char *at = strstr (select, option);

      if (at == NULL || at > close)
        fail_msg ("no option %s in\n%.*s", option, (int) (close - select), select);
      assert_non_null (strstr (page, cube));
      n_crew++;
    }
  assert_int_equal (n_crew, 3);
}

/* A name in the reasons' attributes is text: quotes and markup escaped. */
static void
test_payer_reasons_escaped (void **state)
{
  static const char *const names[CTD_MAX_PLAYERS] = { "Ann", "\"><img src=x>", "Cy", "Di" };
  g_autofree char *page = form_of (names);

  assert_null (strstr (page, "<img"));
  assert_non_null (strstr (page, "data-played=\"\u2068&quot;&gt;&lt;img src=x&gt;\u2069&apos;s cube"));
}

/* Without script every crew member is offered; the rules refuse one
 * still in the game, and the form says who and why in its words. */
static void
test_refused_payer_named (void **state)
{
  /* Game 1: Ann in the box, cubes start at 1. Bob's cube played; then
   * Bob passed, but took Cy's extra, played to the end. */
  static const char *const played[] = {
    "winner=team", "how=single", "value-2=1", "end-2=played", "value-3=1", "end-3=played",
    "value-4=1", "end-4=taker-passed", "penalty-1-by=2", "penalty-1-to=1", NULL,
  };
  static const char *const in_extra[] = {
    "winner=team", "how=single", "value-2=2", "end-2=played", "value-3=1",
    "end-3=taker-passed", "value-4=1", "end-4=taker-passed", "extra-1-by=3", "extra-1-to=2",
    "extra-1-value=4", "extra-1-end=played", "penalty-1-by=3", "penalty-1-to=1", NULL,
  };
  const char *const *cases[] = { played, in_extra };
  const char *const expected[] = {
    "\u2068Bob\u2069's cube is still being played. A penalty (rule 2.5)",
    "\u2068Cy\u2069 is in an extra still being played. A penalty (rule 2.5)",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CtdChouette) chouette = chouette_new ();
      g_autoptr(GHashTable) fields = fields_new (cases[i]);
      g_autoptr(GError) error = NULL;
      g_autofree char *line = ctd_table_entry_line (chouette, 1, fields, &error);
      g_autofree char *words = NULL;

      if (line == NULL)
        fail_msg ("case %u: %s", i, error->message);
      assert_false (ctd_chouette_record (chouette, 1, line, &error));
      assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_PENALTY));
      words = ctd_form_explain_refusal (chouette, fields, error);
      assert_non_null (words);
      if (!g_str_has_prefix (words, expected[i]))
        fail_msg ("case %u: “%s”", i, words);
      /* Nothing recorded. */
      assert_null (ctd_chouette_get_result (chouette, 1));
    }
}

/* A choice's label lays out its box and its text side by side: its text
 * is one element, so a sentence around a name's <bdi> stays one line of
 * words ("Dagny Eriksen, the Box", not "Dagny Eriksen , the Box" with
 * the runs laid out apart, nor "The crew, | Fatima Zahra | Captain"). */
static void
test_choice_text_one_element (void **state)
{
  static const char *const names[CTD_MAX_PLAYERS] = {
    "Rachel Goldberg", "Maximilian Oberhauser", "Dagny Eriksen", "Fatima Zahra",
  };
  g_autofree char *page = form_of (names);
  guint n_choices = 0, n_named = 0;

  for (const char *label = strstr (page, "<label class=\"choice\">"); label != NULL;
       label = strstr (label + 1, "<label class=\"choice\">"))
    {
      const char *end = strstr (label, "</label>");
      const char *box = strchr (label + 1, '>') + 1;
      const char *after_box = strchr (box, '>') + 1;
      g_autofree char *text = g_strndup (after_box, end - after_box);

      n_choices++;
      if (!g_str_has_prefix (box, "<input ") || !g_str_has_prefix (text, " <span>") ||
          !g_str_has_suffix (text, "</span>") || strstr (text + 7, "<span>") != NULL)
        fail_msg ("a choice's text is not one element: “%s”", text);
      if (strstr (text, "<bdi>") != NULL)
        n_named++;
    }
  /* Who enters (Box and Captain), who won (the Box, the crew), at least. */
  assert_true (n_choices >= 6);
  assert_true (n_named >= 4);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cubes_and_extra),
    cmocka_unit_test (test_choice_text_one_element),
    cmocka_unit_test (test_wash_and_penalty),
    cmocka_unit_test (test_together_and_adjustment),
    cmocka_unit_test (test_half_rows),
    cmocka_unit_test (test_preview_totals_after_the_game),
    cmocka_unit_test (test_end_choices_short),
    cmocka_unit_test (test_payers_say_what_makes_them_eligible),
    cmocka_unit_test (test_payer_reasons_escaped),
    cmocka_unit_test (test_refused_payer_named),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
