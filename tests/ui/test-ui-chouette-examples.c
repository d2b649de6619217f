/* test-ui-chouette-examples.c: SPEC 5's worked examples typed and
 * through the form, the bad-input table, a correction's effect on the
 * later games, and the page's screenshots.
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

#include <glib/gstdio.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-guided-form.h"
#include "ctd-export-dialog.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-print.h"
#include "ctd-rounds-page.h"
#include "ctd-sample.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* ---- SPEC 5's worked examples, typed and through the form ----------------- */

static GtkWidget *
form_control (GtkWidget  *form,
              const char *name)
{
  GtkWidget *widget = ctd_test_find_named (form, name);

  if (widget == NULL)
    fail_msg ("no control named \"%s\" in the form", name);
  return widget;
}

/* Selects the first item of the dropdown @name that starts with @label
 * ("3 " for player 3, whatever the name), as a click would. */
static void
form_pick (GtkWidget  *form,
           const char *name,
           const char *label)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (form_control (form, name));
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      const char *item = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (g_str_has_prefix (item, label))
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  fail_msg ("\"%s\" does not offer \"%s\"", name, label);
}

static void
form_check (GtkWidget  *form,
            const char *name)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (form_control (form, name)), TRUE);
}

static void
form_click (GtkWidget  *form,
            const char *name)
{
  g_signal_emit_by_name (form_control (form, name), "clicked");
}

/* Selects @game's row, as a click on the grid would. */
static void
select_game (CtdChouettePage *page,
             guint            game)
{
  GtkSelectionModel *model = gtk_column_view_get_model (ctd_test_page_grid (page));

  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), game - 1);
  assert_int_equal (ctd_test_selected_game (page), game);
}

typedef struct
{
  guint       game;        /* of the 4-player schedule: Box 1, this cube */
  const char *typed;       /* SPEC's entry */
  const char *stored;      /* core's canonical line */
  CtdHalves   deltas[4];   /* SPEC's deltas, in half points */
} WorkedExample;

/* Drives the form's widgets to example @index's line. */
static void
fill_form (GtkWidget *form,
           guint      index)
{
  switch (index)
    {
    case 0: /* Tg 3:8 (game 2, cube 2) */
      form_check (form, "Team won");
      form_check (form, "Gammon");
      form_pick (form, "Player 3's cube value", "8");
      break;
    case 1: /* B 2:1- 3:1- 4:2 E:3>4:4 (game 1, cube 1) */
      form_check (form, "Box won");
      form_pick (form, "How player 2's cube ended", "passed by 2");
      form_pick (form, "How player 3's cube ended", "passed by 3");
      form_pick (form, "Player 4's cube value", "2");
      form_click (form, "Add extra");
      form_pick (form, "Who offered extra 1", "3 ");
      form_pick (form, "Who took extra 1", "4 ");
      form_pick (form, "Extra 1's value", "4");
      break;
    case 2: /* T 2:16 3:8 4:4+ !T (game 3, cube 4) */
      form_check (form, "Team won");
      form_pick (form, "Player 2's cube value", "16");
      form_pick (form, "Player 3's cube value", "8");
      form_pick (form, "How player 4's cube ended", "passed by the Box");
      form_check (form, "Crew doubled together");
      break;
    case 3: /* Bb 2:2 3:1 4:w F:4>1:0.5 (game 1, cube 1) */
      form_check (form, "Box won");
      form_check (form, "Backgammon");
      form_pick (form, "Player 2's cube value", "2");
      form_pick (form, "How player 4's cube ended", "wash");
      form_click (form, "Add penalty");
      form_pick (form, "Who pays penalty 1", "4 ");
      form_pick (form, "Who receives penalty 1", "1 ");
      break;
    default:
      g_assert_not_reached ();
    }
}

/* SPEC 5's four worked examples (a 4-player chouette, Box = player 1:
 * games 1-3, cubes 1, 2, 4), typed into the field, then, the game
 * cleared by undo, entered through the guided form's widgets: the same
 * stored line and SPEC's deltas both ways. */
static void
test_worked_examples (void **state)
{
  static const WorkedExample examples[] = {
    { 2, "Tg 3:8", "Tg 3:8", { -40, 4, 32, 4 } },
    { 1, "B 2:1- 3:1- 4:2 E:3>4:4", "B 2:1- 3:1- 4:2 E:3>4:4", { 8, -2, 4, -10 } },
    { 3, "T 2:16 3:8 4:4+ !T", "T 2:16 3:8 4:4+ !T", { -56, 32, 16, 8 } },
    { 1, "Bb 2:2 3:1 4:w F:4>1:0.5", "Bb 2:2 4:w F:4>1:0.5", { 15, -12, -2, -1 } },
  };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  GtkWidget *form;

  /* The schedule the examples need. */
  for (guint game = 1; game <= 3; game++)
    {
      guint box, cube;

      g_object_get (ctd_test_grid_row (page, game), "box", &box, "cube", &cube, NULL);
      assert_int_equal (box, 1);
      assert_int_equal (cube, 1u << (game - 1));
    }

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_non_null (form);

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      const WorkedExample *example = &examples[i];
      g_autofree char *typed_line = NULL;
      CtdHalves typed[4];

      /* Typed. */
      select_game (page, example->game);
      ctd_test_type_line (page, example->typed);
      if (ctd_chouette_view_get_n_recorded (view) != 1)
        fail_msg ("example %u \"%s\" not recorded: %s", i + 1, example->typed,
                  ctd_test_preview_text (page));
      typed_line = g_strdup (ctd_game_item_get_notation (ctd_test_grid_row (page, example->game)));
      assert_string_equal (typed_line, example->stored);
      for (guint p = 1; p <= 4; p++)
        {
          typed[p - 1] = ctd_game_item_get_delta (ctd_test_grid_row (page, example->game), p);
          if (typed[p - 1] != example->deltas[p - 1])
            fail_msg ("example %u, player %u: %d half points, SPEC says %d", i + 1, p,
                      (int) typed[p - 1], (int) example->deltas[p - 1]);
        }

      /* Undone: the game is fresh again. */
      g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);

      /* Through the form: open, it starts the fresh game at the Box's
       * win, in the field too. */
      select_game (page, example->game);
      if (!gtk_widget_get_mapped (form))
        assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
      assert_true (gtk_widget_get_mapped (form));
      assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "B");
      fill_form (form, i);
      assert_false (ctd_test_preview_is_error (page));
      g_signal_emit_by_name (entry, "activate");
      if (ctd_chouette_view_get_n_recorded (view) != 1)
        fail_msg ("example %u from the form \"%s\" not recorded: %s", i + 1,
                  gtk_editable_get_text (GTK_EDITABLE (entry)), ctd_test_preview_text (page));
      assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, example->game)),
                           typed_line);
      for (guint p = 1; p <= 4; p++)
        assert_int_equal (ctd_game_item_get_delta (ctd_test_grid_row (page, example->game), p),
                          typed[p - 1]);
      g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* tests/test-cli-results.py's table of bad input, the rows a director can type
 * into the field or Go to chouette: each refusal is shown at the field
 * (the preview, in its error state, with the words the command line
 * prints) and changes nothing. */
static void
test_bad_input_table (void **state)
{
  static const struct
  {
    guint       game;
    const char *line;
    const char *words;
  } lines[] = {
    { 2, "Q", "Game 2" },
    { 2, "B 1:2", "Game 2" },   /* the Box's own cube */
    { 2, "T 2:3", "Game 2" },   /* not a cube value */
    { 2, "T T", "Game 2" },
    { 2, "", "Game 2" },
    { 1, "B 1:2", "Game 1" },   /* a refused line keeps the earlier result */
  };
  static const char *const labels[] = { "1.9", "7.1", "x.y", "1.13" };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autofree char *total = NULL;

  ctd_test_type_line (page, "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  total = g_strdup (ctd_chouette_view_get_total_text (view, 1));

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      select_game (page, lines[i].game);
      gtk_editable_set_text (GTK_EDITABLE (entry), lines[i].line);
      g_signal_emit_by_name (entry, "activate");
      assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
      if (!ctd_test_preview_is_error (page) ||
          strstr (ctd_test_preview_text (page), lines[i].words) == NULL)
        fail_msg ("\"%s\" on game %u: the field shows \"%s\"%s, not \"%s\"", lines[i].line,
                  lines[i].game, ctd_test_preview_text (page),
                  ctd_test_preview_is_error (page) ? "" : " (not as an error)", lines[i].words);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
      assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
      assert_false (ctd_game_item_get_recorded (ctd_test_grid_row (page, 2)));
      assert_string_equal (ctd_chouette_view_get_total_text (view, 1), total);
      /* The line stays, to be corrected. */
      assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), lines[i].line);
      assert_int_equal (ctd_test_selected_game (page), lines[i].game);
    }

  /* "B" over game 1's "T": the command line refuses without --replace;
   * the page asks first, and Cancel changes nothing. */
  select_game (page, 1);
  ctd_test_type_line (page, "B");
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_confirmation ()), GTK_RESPONSE_CANCEL);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);

  /* Chouettes and games that do not exist: named in the window's banner,
   * and the page keeps its chouette. */
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                      g_variant_new_string (labels[i]));
      if (ctd_test_find_label (GTK_WIDGET (window), labels[i]) == NULL)
        fail_msg ("Go to \"%s\": no message names it", labels[i]);
      assert_int_equal (ctd_chouette_page_get_number (page), number);
      assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The players of a sheet's order text ("3 1 2", "3, 1, 2"), as digits. */
static void
order_digits (const char *text,
              char       *digits,
              gsize       size)
{
  gsize n = 0;

  for (const char *c = text; *c != '\0' && n + 1 < size; c++)
    if (g_ascii_isdigit (*c))
      digits[n++] = *c;
  digits[n] = '\0';
}

/* SPEC 4's decision order of @game, worked out here from the grid: its
 * playing order sorted by the totals before it, highest first, ties
 * keeping the playing order. */
static void
expected_decisions (CtdChouettePage *page,
                    guint            game,
                    char            *digits,
                    gsize            size)
{
  CtdHalves totals[CTD_MAX_PLAYERS + 1] = { 0, };
  char playing[CTD_MAX_PLAYERS + 1];
  guint n;

  for (guint earlier = 1; earlier < game; earlier++)
    for (guint p = 1; p <= 4; p++)
      totals[p] += ctd_game_item_get_delta (ctd_test_grid_row (page, earlier), p);
  order_digits (ctd_game_item_get_playing (ctd_test_grid_row (page, game)), playing,
                sizeof playing);
  n = strlen (playing);
  assert_true (n < size);
  /* A stable insertion sort. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && totals[playing[j] - '0'] > totals[playing[j - 1] - '0']; j--)
      {
        char swap = playing[j];

        playing[j] = playing[j - 1];
        playing[j - 1] = swap;
      }
  g_strlcpy (digits, playing, size);
}

/* Games 1 to 9 of the 4-player sheet of tests/rules/test-chouette.c: the
 * scores after game 9 are P1 -11, P2 -16, P3 +37, so the last segment
 * is captained 3, 1, 2. */
static const char *const sheet_nine[] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
};

/* A correction of game 3 after game 9 (the last-segment order fixed):
 * the question names each later game whose cube-decision order changes
 * and warns that the fixed order no longer matches the scores; accepted,
 * the grid's decision orders are SPEC 4's for the new scores. */
static void
test_correction_downstream (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *fixed = NULL;
  GtkLabel *order_label;
  char before[CTD_N_GAMES + 1][CTD_MAX_PLAYERS + 1];
  guint n_changed = 0;

  for (guint game = 1; game <= 9; game++)
    ctd_test_type_line (page, sheet_nine[game - 1]);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 9);
  /* The director fixes the order to print the last segment's sheet. */
  assert_false (ctd_chouette_view_get_last_order_fixed (view));
  assert_true (ctd_document_fix_last_segment_order (document, 1, number,
                                                    ctd_chouette_view_get_last_order (view),
                                                    FALSE, &error));
  assert_true (ctd_chouette_view_get_last_order_fixed (view));
  fixed = g_strdup (ctd_chouette_view_get_last_order_text (view));
  for (guint game = 4; game <= 10; game++)
    order_digits (ctd_game_item_get_decisions (ctd_test_grid_row (page, game)), before[game],
                  sizeof before[game]);

  assert_string_equal (fixed, "3 1 2");
  order_label = ctd_test_find_label (GTK_WIDGET (page), "Last-segment order 3 1 2. ");
  assert_non_null (order_label);
  assert_false (gtk_widget_has_css_class (GTK_WIDGET (order_label), "warning"));

  /* Game 3 as a Team win: the Box (P1) pays each crew member 4 instead
   * of winning 16, 4 and losing 4; after game 9 P2 (+4) passes P1 (-39)
   * and game 4 (crew 1, 3, 4) decides 4 3 1 on P4 +3, P3 +1, P1 -7. */
  select_game (page, 3);
  ctd_test_type_line (page, "T");
  detail = ctd_test_confirmation_detail (ctd_test_find_confirmation ());
  expected = g_strdup_printf ("Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “T”.\n"
                              "Totals: player 1 (%s) -39 instead of -11, player 2 (%s) +4 "
                              "instead of -16, player 3 (%s) +45 instead of +37.\n"
                              "Cube-decision orders that change: game 4 becomes 4 3 1 (was "
                              "1 4 3); ",
                              ctd_chouette_view_get_name (view, 1),
                              ctd_chouette_view_get_name (view, 2),
                              ctd_chouette_view_get_name (view, 3));
  if (!g_str_has_prefix (detail, expected))
    fail_msg ("the question: %s", detail);
  if (!g_str_has_suffix (detail, "\nWarning: the last-segment order 3 1 2 is fixed and stays "
                                 "so (the last segment is played in it), but the scores after "
                                 "game 9 would then give 3 2 1: it no longer matches the "
                                 "scores."))
    fail_msg ("the question's warning: %s", detail);
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_confirmation ()), GTK_RESPONSE_ACCEPT);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 3)), "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 9);
  /* The fixed order stays, flagged as no longer matching. */
  assert_true (ctd_chouette_view_get_last_order_fixed (view));
  assert_string_equal (ctd_chouette_view_get_last_order_text (view), fixed);
  assert_true (ctd_chouette_view_get_last_order_stale (view));
  /* The page says so below the grid, flagged. */
  order_label = ctd_test_find_label (GTK_WIDGET (page), "Last-segment order 3 1 2. Fixed; the "
                                                        "scores after game 9 give 3 2 1 instead");
  assert_non_null (order_label);
  assert_true (gtk_widget_has_css_class (GTK_WIDGET (order_label), "warning"));

  for (guint game = 4; game <= 10; game++)
    {
      const char *shown = ctd_game_item_get_decisions (ctd_test_grid_row (page, game));
      char now[CTD_MAX_PLAYERS + 1], want[CTD_MAX_PLAYERS + 1];
      g_autofree char *named = g_strdup_printf ("game %u becomes", game);

      order_digits (shown, now, sizeof now);
      expected_decisions (page, game, want, sizeof want);
      if (strcmp (now, want) != 0)
        fail_msg ("game %u: the grid says %s, SPEC 4 gives %s", game, now, want);
      assert_true (ctd_test_grid_shows (window, page, shown));
      /* Named in the question exactly when it changed. */
      if (strcmp (now, before[game]) != 0)
        {
          n_changed++;
          if (strstr (detail, named) == NULL)
            fail_msg ("game %u's order changed (%s to %s), the question does not say: %s",
                      game, before[game], now, detail);
        }
      else
        assert_null (strstr (detail, named));
    }
  assert_true (n_changed > 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The README's picture: a 4-player chouette half entered, the next
 * game's line typed and previewed. */
static void
test_screenshot (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  g_autofree char *path = g_build_filename (fixture->dir, "Thursday Chouette.chouette", NULL);
  CtdMainWindow *window = ctd_test_open_seven (app, path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  g_autofree char *line = NULL;
  CtdRng rng;

  /* The window at its default size, as a director first sees it. */
  ctd_rng_init (&rng, 2026);
  for (guint game = 1; game <= 7; game++)
    {
      g_autofree char *typed = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, typed);
    }
  line = ctd_test_line_for (page, 8, &rng);
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (page)), line);
  gtk_editable_set_position (GTK_EDITABLE (ctd_test_notation_entry (page)), -1);
  assert_false (ctd_test_preview_is_error (page));
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-4.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A screenshot's window, at its default size (a laptop's screen), on
 * the chouette of @size players with games 1..@entered typed. */
static CtdMainWindow *
screenshot_window (CtdApplication   *app,
                   Fixture          *fixture,
                   const char       *file,
                   guint             size,
                   guint             entered,
                   CtdRng           *rng,
                   CtdChouettePage **out_page)
{
  g_autofree char *path = g_build_filename (fixture->dir, file, NULL);
  CtdMainWindow *window = ctd_test_open_seven (app, path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), size);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);

  for (guint game = 1; game <= entered; game++)
    {
      g_autofree char *typed = ctd_test_line_for (page, game, rng);

      ctd_test_type_line (page, typed);
    }
  assert_int_equal (ctd_chouette_view_get_n_recorded (ctd_chouette_page_get_view (page)), entered);
  *out_page = page;
  return window;
}

/* The README's other pictures of the page: a 3-player chouette mid-entry,
 * a refused line, the guided form open, a cross-check mismatch. */
static void
test_screenshots (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdChouettePage *page;
  CtdMainWindow *window;
  CtdRng rng;

  /* A 3-player chouette, game 7's line typed and previewed. */
  ctd_rng_init (&rng, 2027);
  window = screenshot_window (app, fixture, "Thursday Chouette.chouette", 3, 6, &rng, &page);
  {
    g_autofree char *line = ctd_test_line_for (page, 7, &rng);

    gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (page)), line);
    gtk_editable_set_position (GTK_EDITABLE (ctd_test_notation_entry (page)), -1);
    assert_false (ctd_test_preview_is_error (page));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-3.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A cube value that cannot arise, refused with core's words. */
  ctd_rng_init (&rng, 2028);
  window = screenshot_window (app, fixture, "Friday Chouette.chouette", 4, 3, &rng, &page);
  ctd_test_type_line (page, "T 3:3 4:2");
  assert_true (ctd_test_preview_is_error (page));
  assert_non_null (strstr (ctd_test_preview_text (page), "Game 4"));
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-refused.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The guided form open on game 3, SPEC 5's third example filled in. */
  ctd_rng_init (&rng, 2029);
  window = screenshot_window (app, fixture, "Saturday Chouette.chouette", 4, 2, &rng, &page);
  {
    GtkWidget *form;

    /* The form whole below the grid, which gives up rows for it. */
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
    form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
    fill_form (form, 2);
    assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (page))),
                         "T 2:16 3:8 4:4+ !T");
    assert_false (ctd_test_preview_is_error (page));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-guided.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A whole 3-player chouette whose paper left a Captain's game off. */
  ctd_rng_init (&rng, 2030);
  window = screenshot_window (app, fixture, "Sunday Chouette.chouette", 3, CTD_N_GAMES, &rng, &page);
  {
    CtdChouetteView *view = ctd_chouette_page_get_view (page);
    CtdHalves paper[3], delta = 0;
    guint player = 0, box = 0;

    for (guint p = 1; p <= 3; p++)
      paper[p - 1] = ctd_chouette_view_get_total (view, p);
    for (guint game = 6; game <= CTD_N_GAMES && delta == 0; game++)
      {
        player = ctd_game_item_get_captain (ctd_test_grid_row (page, game));
        g_object_get (ctd_test_grid_row (page, game), "box", &box, NULL);
        delta = ctd_game_item_get_delta (ctd_test_grid_row (page, game), player);
      }
    assert_int_not_equal (delta, 0);
    paper[player - 1] -= delta;
    paper[box - 1] += delta;
    for (guint p = 1; p <= 3; p++)
      ctd_test_set_paper (page, p, paper[p - 1]);
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
    assert_false (ctd_chouette_view_get_paper_agrees (view));
  }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-crosscheck.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_worked_examples, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_bad_input_table, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_correction_downstream, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_screenshot, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_screenshots, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The guided form's controls are found by their accessible names,
   * which GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette-examples: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
