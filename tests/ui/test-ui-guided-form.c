/* test-ui-guided-form.c: the guided result form, driven through its real
 * widgets as a director would fill it in, found by their accessible
 * names as a screen reader finds them.
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

#include <stdio.h>
#include <string.h>

#include "ctd-guided-form.h"
#include "ctd-result.h"
#include "ctd-test-ui.h"

static const char *const names4[] = { "Ann", "Bob", "Cleo", "Dan" };
static const char *const names3[] = { "Eve", "Finn", "Gus" };

/* SPEC 3: game 1 of a 4-player chouette (Box 1, Captain 2, cube 1) and
 * game 7 of a 3-player one (Box 2, Captain 3, cube 4). */
static const CtdGameContext game4 = { 1, 4, 1, 2, 1 };
static const CtdGameContext game3 = { 7, 3, 2, 3, 4 };
/* SPEC 5's third worked example: Box 1, cube 4. */
static const CtdGameContext game4_cube4 = { 3, 4, 1, 4, 4 };

typedef struct
{
  GtkWindow     *window;
  CtdGuidedForm *form;
  guint          n_notified;
} Fixture;

static void
notation_notify_cb (CtdGuidedForm *form,
                    GParamSpec    *pspec,
                    Fixture       *fixture)
{
  g_autofree char *notation = NULL;

  /* The property and the getter always agree. */
  g_object_get (form, "notation", &notation, NULL);
  assert_string_equal (notation, ctd_guided_form_get_notation (form));
  fixture->n_notified++;
}

/* A window holding just the form, as the screenshot shows it. */
static int
setup (void **state)
{
  Fixture *fixture = g_new0 (Fixture, 1);

  ctd_test_quiet_settings ();
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (fixture->window, "Guided form");
  fixture->form = CTD_GUIDED_FORM (ctd_guided_form_new ());
  gtk_widget_set_margin_top (GTK_WIDGET (fixture->form), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (fixture->form), 18);
  gtk_widget_set_margin_start (GTK_WIDGET (fixture->form), 18);
  gtk_widget_set_margin_end (GTK_WIDGET (fixture->form), 18);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->form));
  g_signal_connect (fixture->form, "notify::notation", G_CALLBACK (notation_notify_cb), fixture);
  gtk_window_present (fixture->window);
  *state = fixture;
  return 0;
}

static int
teardown (void **state)
{
  Fixture *fixture = *state;

  gtk_window_destroy (fixture->window);
  g_free (fixture);
  return 0;
}

/* ---- widgets by their accessible names ------------------------------------ */

static GtkWidget *
named (Fixture    *fixture,
       const char *name)
{
  GtkWidget *widget = ctd_test_find_named (GTK_WIDGET (fixture->form), name);

  if (widget == NULL)
    fail_msg ("no control named \"%s\" in the form", name);
  return widget;
}

/* What @name offers, one string per item. */
static GStrv
items_of (Fixture    *fixture,
          const char *name)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (named (fixture, name)));
  g_autoptr(GStrvBuilder) items = g_strv_builder_new ();

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    g_strv_builder_add (items, gtk_string_list_get_string (GTK_STRING_LIST (model), i));
  return g_strv_builder_end (items);
}

static const char *
shown (Fixture    *fixture,
       const char *name)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (named (fixture, name));

  return gtk_string_object_get_string (gtk_drop_down_get_selected_item (dropdown));
}

/* Selects the item @label in the dropdown @name, as a click would. */
static void
pick (Fixture    *fixture,
      const char *name,
      const char *label)
{
  g_auto(GStrv) items = items_of (fixture, name);

  for (guint i = 0; items[i] != NULL; i++)
    if (strcmp (items[i], label) == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (named (fixture, name)), i);
        return;
      }
  fail_msg ("\"%s\" does not offer \"%s\"", name, label);
}

static void
check (Fixture    *fixture,
       const char *name)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (fixture, name)), TRUE);
}

static void
click (Fixture    *fixture,
       const char *name)
{
  g_signal_emit_by_name (named (fixture, name), "clicked");
}

/* The form's line is @line, written by hand from SPEC 5, and parses. */
static void
assert_line (Fixture              *fixture,
             const CtdGameContext *context,
             const char           *line)
{
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(GError) error = NULL;

  assert_string_equal (ctd_guided_form_get_notation (fixture->form), line);
  result = ctd_result_parse (context, line, &error);
  if (result == NULL)
    fail_msg ("\"%s\" does not parse: %s", line, error->message);
}

static void
assert_items (GStrv              items,
              const char *const *expected)
{
  g_autofree char *got = g_strjoinv ("|", items);
  g_autofree char *want = g_strjoinv ("|", (GStrv) expected);

  assert_string_equal (got, want);
}

/* ---- tests ---------------------------------------------------------------------- */

static void
test_default (void **state)
{
  Fixture *fixture = *state;

  assert_string_equal (ctd_guided_form_get_notation (fixture->form), "");
  assert_false (ctd_guided_form_set_notation (fixture->form, "B"));

  /* Every cube played at its starting value, the Box wins a single. */
  ctd_guided_form_set_game (fixture->form, &game4, names4);
  assert_line (fixture, &game4, "B");
  assert_int_equal (fixture->n_notified, 1);
  assert_string_equal (shown (fixture, "Player 3's cube value"), "1");
  assert_string_equal (shown (fixture, "How player 3's cube ended"), "played");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (fixture->form), "1 Ann"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (fixture->form), "4 Dan"));
  /* The Box holds no cube: its row names it and offers nothing. */
  assert_false (gtk_widget_get_visible (named (fixture, "Player 1's cube value")));
  assert_false (gtk_widget_get_visible (named (fixture, "How player 1's cube ended")));

  ctd_guided_form_set_game (fixture->form, &game3, names3);
  assert_line (fixture, &game3, "B");
  assert_string_equal (shown (fixture, "Player 1's cube value"), "4");
  assert_true (gtk_widget_get_visible (named (fixture, "Player 1's cube value")));
  assert_false (gtk_widget_get_visible (named (fixture, "Player 2's cube value")));
  /* A 3-player chouette has no player 4. */
  assert_false (gtk_widget_get_visible (named (fixture, "Player 4's cube value")));
  assert_null (ctd_test_find_label (GTK_WIDGET (fixture->form), "4 Dan"));

  /* A new game forgets the last one's lines. */
  assert_true (ctd_guided_form_set_notation (fixture->form, "Tg 1:4- 3:16 F:1>2:2"));
  ctd_guided_form_set_game (fixture->form, &game3, names3);
  assert_line (fixture, &game3, "B");
  assert_true (gtk_widget_get_visible (named (fixture, "Add penalty")));
  assert_null (ctd_test_find_named (GTK_WIDGET (fixture->form), "Who pays penalty 1"));
  /* Rule 2.5: while every cube is in play nobody may pay a penalty. */
  assert_false (gtk_widget_is_sensitive (named (fixture, "Add penalty")));
}

/* SPEC 5's worked examples, filled in control by control. */
static void
test_drive_4_players (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdResult) spec = NULL;
  g_autofree char *canonical = NULL;
  GtkRoot *root = GTK_ROOT (fixture->window);
  guint notified;

  ctd_guided_form_set_game (fixture->form, &game4, names4);

  /* P2 and P3 pass, P4 takes. */
  notified = fixture->n_notified;
  pick (fixture, "How player 2's cube ended", "passed by 2");
  assert_line (fixture, &game4, "B 2:1-");
  assert_int_equal (fixture->n_notified, notified + 1);
  pick (fixture, "How player 3's cube ended", "passed by 3");
  pick (fixture, "Player 4's cube value", "2");
  assert_line (fixture, &game4, "B 2:1- 3:1- 4:2");

  /* P3 offers P4 an extra, which is played to the end at 4. The form's
   * first guess is the first crew member who passed and the first who
   * took: the director corrects the offerer. */
  click (fixture, "Add extra");
  assert_ptr_equal (gtk_widget_get_ancestor (gtk_root_get_focus (root), GTK_TYPE_DROP_DOWN),
                    named (fixture, "Who offered extra 1"));
  assert_string_equal (shown (fixture, "Who offered extra 1"), "2 Bob");
  assert_string_equal (shown (fixture, "Who took extra 1"), "4 Dan");
  pick (fixture, "Who offered extra 1", "3 Cleo");
  assert_string_equal (shown (fixture, "Who took extra 1"), "4 Dan");
  pick (fixture, "Extra 1's value", "4");
  assert_string_equal (shown (fixture, "How extra 1 ended"), "played");
  assert_line (fixture, &game4, "B 2:1- 3:1- 4:2 E:3>4:4");

  /* The same with the Team winning a gammon. */
  check (fixture, "Team won");
  check (fixture, "Gammon");
  assert_line (fixture, &game4, "Tg 2:1- 3:1- 4:2 E:3>4:4");

  /* Rule 2.5's penalty is paid by a player out of the game, here P2,
   * who passed: not P3, whose extra is still played, nor P4, who plays
   * his cube and the extra (SPEC 5). P2, the Captain, pays the Box. */
  click (fixture, "Add penalty");
  {
    const char *const payers[] = { "2 Bob", NULL };
    g_auto(GStrv) items = items_of (fixture, "Who pays penalty 1");

    assert_items (items, payers);
  }
  assert_string_equal (shown (fixture, "Who pays penalty 1"), "2 Bob");
  assert_string_equal (shown (fixture, "Who receives penalty 1"), "1 Ann");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (fixture->form), "0.5 points"));
  assert_line (fixture, &game4, "Tg 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5");
  /* An extra ended by a pass puts its offerer out of the game too. */
  pick (fixture, "How extra 1 ended", "passed by 3");
  {
    const char *const payers[] = { "2 Bob", "3 Cleo", NULL };
    g_auto(GStrv) items = items_of (fixture, "Who pays penalty 1");

    assert_items (items, payers);
  }
  pick (fixture, "How extra 1 ended", "played");
  pick (fixture, "Extra 1's value", "4");
  assert_line (fixture, &game4, "Tg 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5");

  /* The fourth example: SPEC writes "3:1", which core leaves out. */
  ctd_guided_form_set_game (fixture->form, &game4, names4);
  pick (fixture, "Player 2's cube value", "2");
  pick (fixture, "How player 4's cube ended", "wash");
  assert_false (gtk_widget_is_sensitive (named (fixture, "Player 4's cube value")));
  check (fixture, "Backgammon");
  click (fixture, "Add penalty");
  pick (fixture, "Who pays penalty 1", "4 Dan");
  assert_line (fixture, &game4, "Bb 2:2 4:w F:4>1:0.5");
  spec = ctd_result_parse (&game4, "Bb 2:2 3:1 4:w F:4>1:0.5", NULL);
  canonical = ctd_result_format (spec);
  assert_string_equal (canonical, "Bb 2:2 4:w F:4>1:0.5");

  /* Removing the penalty takes its token away. */
  click (fixture, "Remove penalty 1");
  assert_line (fixture, &game4, "Bb 2:2 4:w");
  assert_null (ctd_test_find_named (GTK_WIDGET (fixture->form), "Who pays penalty 1"));

  /* Every cube passed: no winner, so single or gammon is not asked. */
  ctd_guided_form_set_game (fixture->form, &game4, names4);
  check (fixture, "Every cube passed");
  assert_false (gtk_widget_is_sensitive (named (fixture, "Gammon")));
  pick (fixture, "How player 2's cube ended", "passed by 2");
  pick (fixture, "How player 3's cube ended", "passed by the Box");
  pick (fixture, "How player 4's cube ended", "wash");
  assert_line (fixture, &game4, "- 2:1- 3:1+ 4:w");
  check (fixture, "Box won");
  assert_true (gtk_widget_is_sensitive (named (fixture, "Gammon")));

  /* A line the rules refuse is still written, for core to explain; the
   * form shows nothing wrong itself. */
  assert_string_equal (ctd_guided_form_get_notation (fixture->form), "B 2:1- 3:1+ 4:w");
  assert_null (ctd_result_parse (&game4, "B 2:1- 3:1+ 4:w", NULL));

  /* The third example: the whole crew doubled together at 4. */
  ctd_guided_form_set_game (fixture->form, &game4_cube4, names4);
  check (fixture, "Team won");
  pick (fixture, "Player 2's cube value", "16");
  pick (fixture, "Player 3's cube value", "8");
  pick (fixture, "How player 4's cube ended", "passed by the Box");
  check (fixture, "Crew doubled together");
  assert_line (fixture, &game4_cube4, "T 2:16 3:8 4:4+ !T");

  /* A director's adjustment, in half points. */
  click (fixture, "Add adjustment");
  pick (fixture, "Who pays adjustment 1", "3 Cleo");
  pick (fixture, "Who receives adjustment 1", "2 Bob");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "Adjustment 1's amount in points")),
                             2.5);
  assert_line (fixture, &game4_cube4, "T 2:16 3:8 4:4+ !T A:3>2:2.5");
}

static void
test_drive_3_players (void **state)
{
  Fixture *fixture = *state;
  const char *const payees_of_1[] = { "2 Finn", "3 Gus", NULL };
  const char *const payees_of_3[] = { "2 Finn", NULL };
  const char *const payers_out[] = { "1 Eve", NULL };
  const char *const payers_both[] = { "1 Eve", "3 Gus", NULL };
  const char *const takers_of_1[] = { "3 Gus", NULL };
  g_auto(GStrv) payers = NULL;
  g_auto(GStrv) payees = NULL;
  g_auto(GStrv) takers = NULL;

  ctd_guided_form_set_game (fixture->form, &game3, names3);

  /* Box 2, cube 4: P1 passes, P3 takes and refuses P1's extra. */
  pick (fixture, "How player 1's cube ended", "passed by 1");
  pick (fixture, "Player 3's cube value", "8");
  assert_line (fixture, &game3, "B 1:4- 3:8");
  click (fixture, "Add extra");
  assert_string_equal (shown (fixture, "Who offered extra 1"), "1 Eve");
  takers = items_of (fixture, "Who took extra 1");
  assert_items (takers, takers_of_1);
  pick (fixture, "How extra 1 ended", "passed by 3");
  pick (fixture, "Extra 1's value", "4");
  assert_line (fixture, &game3, "B 1:4- 3:8 E:1>3:4-");

  /* The penalty goes to the Box or the Captain, from a player out of
   * the game (P1, who passed; not the Box, nor P3, who plays on), and
   * is half the cube of 4. */
  click (fixture, "Add penalty");
  payers = items_of (fixture, "Who pays penalty 1");
  assert_items (payers, payers_out);
  assert_string_equal (shown (fixture, "Who pays penalty 1"), "1 Eve");
  assert_string_equal (shown (fixture, "Who receives penalty 1"), "2 Finn");
  payees = items_of (fixture, "Who receives penalty 1");
  assert_items (payees, payees_of_1);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (fixture->form), "2 points"));
  assert_line (fixture, &game3, "B 1:4- 3:8 E:1>3:4- F:1>2:2");
  pick (fixture, "Who receives penalty 1", "3 Gus");
  assert_line (fixture, &game3, "B 1:4- 3:8 E:1>3:4- F:1>3:2");
  /* P3 out of the game too (the Box passed his cube): he may pay the
   * Box, and not himself. */
  pick (fixture, "How player 3's cube ended", "passed by the Box");
  g_clear_pointer (&payers, g_strfreev);
  payers = items_of (fixture, "Who pays penalty 1");
  assert_items (payers, payers_both);
  pick (fixture, "Who pays penalty 1", "3 Gus");
  g_clear_pointer (&payees, g_strfreev);
  payees = items_of (fixture, "Who receives penalty 1");
  assert_items (payees, payees_of_3);
  pick (fixture, "Who pays penalty 1", "1 Eve");
  pick (fixture, "Who receives penalty 1", "3 Gus");
  pick (fixture, "How player 3's cube ended", "played");
  assert_line (fixture, &game3, "B 1:4- 3:8 E:1>3:4- F:1>3:2");

  /* The Team wins a backgammon on P3's cube; the extra passed by P1. */
  check (fixture, "Team won");
  check (fixture, "Backgammon");
  pick (fixture, "How extra 1 ended", "passed by 1");
  pick (fixture, "Extra 1's value", "16");
  assert_line (fixture, &game3, "Tb 1:4- 3:8 E:1>3:16+ F:1>3:2");
  click (fixture, "Remove extra 1");
  assert_line (fixture, &game3, "Tb 1:4- 3:8 F:1>3:2");
}

static void
assert_round_trip (Fixture              *fixture,
                   const CtdGameContext *context,
                   const char *const    *names,
                   const char           *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (context, line, &error);
  g_autofree char *canonical = NULL;

  if (result == NULL)
    fail_msg ("\"%s\" does not parse: %s", line, error->message);
  canonical = ctd_result_format (result);
  ctd_guided_form_set_game (fixture->form, context, names);
  if (!ctd_guided_form_set_notation (fixture->form, line))
    fail_msg ("the form refused \"%s\"", line);
  assert_string_equal (ctd_guided_form_get_notation (fixture->form), canonical);
}

static void
test_round_trip (void **state)
{
  Fixture *fixture = *state;
  static const char *const lines4[] = {
    "B",
    "Tg 3:8",
    "B 2:1- 3:1- 4:2 E:3>4:4",
    "Bb 2:2 3:1 4:w F:4>1:0.5",
    "- 2:1- 3:2+ 4:w",
    "T 2:2 3:2 4:2 !T",
    "Tg 2:4 3:4 4:1+ !T",
    "Tb 2:64 3:1- 4:1- E:3>2:2+",
    "B 2:1- 3:4 4:1- E:2>3:8 E:4>3:4-",
    "B 2:1- 3:1- 4:2 E:2>4:1- E:3>4:8",
    /* Past the doublings a form offers: shown all the same. */
    "T 2:128 3:1- 4:1- E:3>2:256+",
    "B 3:2 A:2>1:2.5",
    "B 3:1- 4:w F:3>2:0.5 F:4>1:0.5 A:1>4:3 A:2>3:0.5",
    /* Not in canonical order: the form writes core's line. */
    "B 4:2 3:1- 2:1- E:3>4:4",
  };
  static const char *const lines3[] = {
    "B",
    "Tg 1:8 3:16",
    "- 1:4- 3:4+",
    "B 1:4- 3:8 E:1>3:4- F:1>2:2",
    "Tb 1:w 3:32 F:1>3:2 !T",
    "B 3:8 A:3>1:1.5",
  };
  guint notified;

  for (guint i = 0; i < G_N_ELEMENTS (lines4); i++)
    assert_round_trip (fixture, &game4, names4, lines4[i]);
  for (guint i = 0; i < G_N_ELEMENTS (lines3); i++)
    assert_round_trip (fixture, &game3, names3, lines3[i]);

  /* The widgets show the line. */
  assert_round_trip (fixture, &game4, names4, "Tg 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5");
  assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (named (fixture, "Team won"))));
  assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (named (fixture, "Gammon"))));
  assert_string_equal (shown (fixture, "How player 3's cube ended"), "passed by 3");
  assert_string_equal (shown (fixture, "Player 4's cube value"), "2");
  assert_string_equal (shown (fixture, "Who offered extra 1"), "3 Cleo");
  assert_string_equal (shown (fixture, "Who took extra 1"), "4 Dan");
  assert_string_equal (shown (fixture, "Extra 1's value"), "4");
  assert_string_equal (shown (fixture, "Who pays penalty 1"), "2 Bob");

  /* A line that does not parse for this game leaves everything as it
   * was, and says nothing. */
  notified = fixture->n_notified;
  assert_false (ctd_guided_form_set_notation (fixture->form, "B 2:3"));
  assert_false (ctd_guided_form_set_notation (fixture->form, "B 1:2"));
  assert_false (ctd_guided_form_set_notation (fixture->form, "Tg 2:2 5:2"));
  assert_false (ctd_guided_form_set_notation (fixture->form, ""));
  assert_int_equal (fixture->n_notified, notified);
  assert_string_equal (ctd_guided_form_get_notation (fixture->form),
                       "Tg 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5");
  assert_string_equal (shown (fixture, "Extra 1's value"), "4");
  assert_null (ctd_test_find_named (GTK_WIDGET (fixture->form), "Who offered extra 2"));

  /* The page may echo the form's own line back from its field: the
   * rows stay, and so does the keyboard. */
  {
    GtkWidget *offerer = named (fixture, "Who offered extra 1");

    gtk_widget_grab_focus (offerer);
    notified = fixture->n_notified;
    assert_true (ctd_guided_form_set_notation (fixture->form,
                                               "Tg 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5"));
    assert_true (ctd_guided_form_set_notation (fixture->form,
                                               "Tg 4:2 3:1- 2:1- F:2>1:0.5 E:3>4:4"));
    assert_ptr_equal (named (fixture, "Who offered extra 1"), offerer);
    assert_ptr_equal (gtk_widget_get_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)),
                                               GTK_TYPE_DROP_DOWN), offerer);
    assert_int_equal (fixture->n_notified, notified);
  }

  /* A line for a 4-player game is refused by a 3-player one. */
  ctd_guided_form_set_game (fixture->form, &game3, names3);
  assert_false (ctd_guided_form_set_notation (fixture->form, "B 4:8"));
  assert_string_equal (ctd_guided_form_get_notation (fixture->form), "B");
}

static void
assert_values (GStrv   items,
               GArray *values)
{
  assert_int_equal (g_strv_length (items), values->len);
  for (guint i = 0; i < values->len; i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", g_array_index (values, guint, i));

      assert_string_equal (items[i], value);
    }
}

/* The form offers what core says the notation accepts, nothing else. */
static void
test_values (void **state)
{
  Fixture *fixture = *state;
  const CtdGameContext cube2 = { 5, 4, 2, 4, 2 };
  const CtdGameContext *contexts[] = { &game4, &game3, &cube2, &game4_cube4 };
  const char *const *names[] = { names4, names3, names4, names4 };
  const char *const ends_of_3[] = { "played", "passed by 3", "passed by the Box", "wash", NULL };
  const char *const extra_ends[] = { "played", "passed by 4", "passed by 3", NULL };

  for (guint c = 0; c < G_N_ELEMENTS (contexts); c++)
    {
      const CtdGameContext *context = contexts[c];
      g_autoptr(GArray) values = ctd_result_cube_values (context, CTD_RESULT_FORM_DOUBLINGS);
      g_autofree char *points = ctd_halves_to_string (ctd_result_penalty_amount (context), FALSE);
      g_autofree char *amount = g_strdup_printf ("%s point", points);

      ctd_guided_form_set_game (fixture->form, context, names[c]);
      for (guint p = 1; p <= context->size; p++)
        if (p != context->box)
          {
            g_autofree char *name = g_strdup_printf ("Player %u's cube value", p);
            g_auto(GStrv) items = items_of (fixture, name);

            assert_values (items, values);
            assert_string_equal (items[0], shown (fixture, name));
          }
      /* A penalty needs a player out of the game: wash one cube. */
      {
        g_autofree char *how = g_strdup_printf ("How player %u's cube ended",
                                                context->box == 1 ? 2 : 1);

        pick (fixture, how, "wash");
      }
      click (fixture, "Add penalty");
      assert_non_null (ctd_test_find_label (GTK_WIDGET (fixture->form), amount));
    }

  /* The ends of a cube name who passed; an extra is never washed. */
  ctd_guided_form_set_game (fixture->form, &game4, names4);
  {
    g_auto(GStrv) ends = items_of (fixture, "How player 3's cube ended");

    assert_items (ends, ends_of_3);
  }
  assert_true (ctd_guided_form_set_notation (fixture->form, "B 2:1- 3:1- 4:4 E:3>4:8"));
  {
    g_auto(GStrv) ends = items_of (fixture, "How extra 1 ended");
    g_auto(GStrv) played = items_of (fixture, "Extra 1's value");
    g_autoptr(GArray) played_values = ctd_result_extra_values (&game4, 1, CTD_CUBE_PLAYED,
                                                               CTD_RESULT_FORM_DOUBLINGS);

    assert_items (ends, extra_ends);
    assert_values (played, played_values);
  }
  /* Passed by the taker: the offer refused (Vq) or a redouble (4 Vq up). */
  pick (fixture, "How extra 1 ended", "passed by 4");
  {
    g_auto(GStrv) passed = items_of (fixture, "Extra 1's value");
    g_autoptr(GArray) passed_values = ctd_result_extra_values (&game4, 1, CTD_CUBE_TAKER_PASSED,
                                                               CTD_RESULT_FORM_DOUBLINGS);

    assert_values (passed, passed_values);
    assert_line (fixture, &game4, "B 2:1- 3:1- 4:4 E:3>4:8-");
  }
  /* The offerer's cube is what the extra builds on. */
  pick (fixture, "Player 3's cube value", "4");
  {
    g_auto(GStrv) passed = items_of (fixture, "Extra 1's value");
    g_autoptr(GArray) passed_values = ctd_result_extra_values (&game4, 4, CTD_CUBE_TAKER_PASSED,
                                                               CTD_RESULT_FORM_DOUBLINGS);

    assert_values (passed, passed_values);
  }
}

/* The names of the controls the keyboard reaches, in order, from the
 * form's first control. */
static GPtrArray *
focus_chain (Fixture *fixture)
{
  GPtrArray *chain = g_ptr_array_new_with_free_func (g_free);
  GtkRoot *root = GTK_ROOT (fixture->window);

  assert_true (gtk_widget_grab_focus (GTK_WIDGET (fixture->form)));
  do
    {
      GtkWidget *focus = gtk_root_get_focus (root);
      char *name = NULL;

      for (GtkWidget *w = focus; w != NULL && name == NULL; w = gtk_widget_get_parent (w))
        name = ctd_test_accessible_name (w);
      g_ptr_array_add (chain, name != NULL ? name : g_strdup (G_OBJECT_TYPE_NAME (focus)));
      assert_true (chain->len < 100);
    }
  while (gtk_widget_child_focus (GTK_WIDGET (fixture->form), GTK_DIR_TAB_FORWARD));
  g_ptr_array_add (chain, NULL);
  return chain;
}

static void
test_keyboard (void **state)
{
  Fixture *fixture = *state;
  static const char *const paper[] = {
    "Box won", "Single game",
    "Player 2's cube value", "How player 2's cube ended",
    "Player 3's cube value", "How player 3's cube ended",
    "Player 4's cube value", "How player 4's cube ended",
    "Who offered extra 1", "Who took extra 1", "Extra 1's value", "How extra 1 ended",
    "Remove extra 1", "Add extra",
    "Who pays penalty 1", "Who receives penalty 1", "Remove penalty 1", "Add penalty",
    "Crew doubled together",
    "Who pays adjustment 1", "Who receives adjustment 1", "Adjustment 1's amount in points",
    "Remove adjustment 1", "Add adjustment",
    NULL
  };
  g_autoptr(GPtrArray) chain = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;
  GtkRoot *root = GTK_ROOT (fixture->window);
  g_autofree char *first = NULL;

  ctd_guided_form_set_game (fixture->form, &game4, names4);
  assert_true (ctd_guided_form_set_notation (fixture->form,
                                             "B 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5 A:2>3:1"));
  ctd_test_screenshot (fixture->window, NULL);

  /* Tab visits every control once, in the order of the paper's line;
   * a group of radio buttons is one stop. */
  chain = focus_chain (fixture);
  got = g_strjoinv (" / ", (GStrv) chain->pdata);
  want = g_strjoinv (" / ", (GStrv) paper);
  assert_string_equal (got, want);

  /* The arrows choose within a group. */
  assert_true (gtk_widget_grab_focus (GTK_WIDGET (fixture->form)));
  assert_true (gtk_widget_child_focus (GTK_WIDGET (fixture->form), GTK_DIR_RIGHT));
  first = ctd_test_accessible_name (gtk_root_get_focus (root));
  assert_string_equal (first, "Team won");
  assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (named (fixture, "Team won"))));
  assert_line (fixture, &game4, "T 2:1- 3:1- 4:2 E:3>4:4 F:2>1:0.5 A:2>3:1");

  /* Add puts the keyboard in the new row; Remove gives it back to Add. */
  click (fixture, "Add extra");
  assert_ptr_equal (gtk_widget_get_ancestor (gtk_root_get_focus (root), GTK_TYPE_DROP_DOWN),
                    named (fixture, "Who offered extra 2"));
  click (fixture, "Remove extra 1");
  assert_ptr_equal (gtk_root_get_focus (root), named (fixture, "Add extra"));
  /* The rows below the removed one are renumbered. */
  assert_non_null (ctd_test_find_named (GTK_WIDGET (fixture->form), "Who offered extra 1"));
  assert_null (ctd_test_find_named (GTK_WIDGET (fixture->form), "Who offered extra 2"));

  /* Alt+C (the "Cubes" group's mnemonic) reaches the first crew cube. */
  {
    GtkLabel *cubes = ctd_test_find_label (GTK_WIDGET (fixture->form), "Cubes");
    g_autofree char *target = NULL;

    assert_int_equal (gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (cubes)), GDK_KEY_c);
    target = ctd_test_accessible_name (gtk_label_get_mnemonic_widget (cubes));
    assert_string_equal (target, "Player 2's cube value");
    ctd_guided_form_set_game (fixture->form, &game3, names3);
    g_free (target);
    target = ctd_test_accessible_name (gtk_label_get_mnemonic_widget (cubes));
    assert_string_equal (target, "Player 1's cube value");
  }
}

static void
collect_mnemonics (GtkWidget *widget,
                   GString   *keys)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      guint key = gtk_label_get_mnemonic_keyval (GTK_LABEL (widget));

      if (key != GDK_KEY_VoidSymbol)
        g_string_append_c (keys, (char) gdk_keyval_to_lower (key));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_mnemonics (child, keys);
}

/* Whether @form has a row for penalty 1. */
static gboolean
penalty_shown (gconstpointer form)
{
  return ctd_test_find_named ((GtkWidget *) form, "Who pays penalty 1") != NULL;
}

/* Alt and a letter reaches each group without the mouse, and no two
 * groups share a letter (a shared one only moves between them). */
static void
test_mnemonics (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GString) keys = g_string_new (NULL);

  ctd_guided_form_set_game (fixture->form, &game4, names4);
  assert_true (ctd_guided_form_set_notation (fixture->form, "B 2:1- 3:1- 4:2 E:3>4:4"));
  ctd_test_screenshot (fixture->window, NULL);
  collect_mnemonics (GTK_WIDGET (fixture->form), keys);
  assert_int_equal (keys->len, 11);
  for (guint i = 0; i < keys->len; i++)
    if (strchr (keys->str + i + 1, keys->str[i]) != NULL)
      fail_msg ("Alt+%c is used twice in the form (%s)", keys->str[i], keys->str);

  /* Alt+P adds a penalty (a button clicks after its press shows); Alt+V
   * says every cube was passed. */
  assert_true (gtk_widget_mnemonic_activate (named (fixture, "Add penalty"), FALSE));
  assert_true (ctd_test_wait_for (penalty_shown, fixture->form, 2000,
                                  "Alt+P to add a penalty's row"));
  assert_true (gtk_widget_mnemonic_activate (named (fixture, "Every cube passed"), FALSE));
  assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (named (fixture,
                                                                     "Every cube passed"))));
}

/* The README's picture: a 4-player game with an extra. */
static void
test_screenshot (void **state)
{
  Fixture *fixture = *state;

  ctd_guided_form_set_game (fixture->form, &game4, names4);
  assert_true (ctd_guided_form_set_notation (fixture->form, "Tg 2:1- 3:1- 4:2 E:3>4:4"));
  ctd_test_screenshot (fixture->window, "guided-form.png");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_default, setup, teardown),
    cmocka_unit_test_setup_teardown (test_drive_4_players, setup, teardown),
    cmocka_unit_test_setup_teardown (test_drive_3_players, setup, teardown),
    cmocka_unit_test_setup_teardown (test_round_trip, setup, teardown),
    cmocka_unit_test_setup_teardown (test_values, setup, teardown),
    cmocka_unit_test_setup_teardown (test_keyboard, setup, teardown),
    cmocka_unit_test_setup_teardown (test_mnemonics, setup, teardown),
    cmocka_unit_test_setup_teardown (test_screenshot, setup, teardown),
  };

  /* GTK 4.8 reads no accessible name back but through its test context,
   * which GTK_A11Y=none (the other UI tests') does not create. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-guided-form: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
