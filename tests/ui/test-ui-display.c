/* test-ui-display.c: the public display window, opened by win.show-display
 * and read as the playing room reads it: the text of its labels. Above
 * all, no score of a Qualifying or Semi-final round before its release,
 * whatever the file holds; then the standings, who advances, the final
 * in the open and the placings. Changes come as the command line makes
 * them (a second CtdStore on the file) and as the director does.
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

#include "ctd-application.h"
#include "ctd-display-window.h"
#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-main-window.h"
#include "ctd-sample.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-play.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* What a test holds: the director's window on the event, the display it
 * opened, and the command line's own connection to the same file. */
typedef struct
{
  CtdApplication *app;
  CtdMainWindow  *window;
  CtdDocument    *document;
  CtdStore       *cli;
  GtkWindow      *display;
} Desk;

static void
desk_open (Desk       *desk,
           const char *path,
           guint       n_players)
{
  g_autoptr(GError) error = NULL;

  desk->cli = ctd_test_play_start (path, n_players, &error);
  assert_non_null (desk->cli);
  desk->document = ctd_document_open (path, &error);
  assert_non_null (desk->document);
  desk->app = ctd_test_new_application ();
  ctd_test_quiet_settings ();
  desk->window = ctd_main_window_new (desk->app);
  gtk_window_present (GTK_WINDOW (desk->window));
  ctd_main_window_set_document (desk->window, desk->document);
  g_action_group_activate_action (G_ACTION_GROUP (desk->window), "show-display", NULL);
  desk->display = ctd_test_find_toplevel (CTD_TYPE_DISPLAY_WINDOW);
  assert_non_null (desk->display);
}

static void
desk_close (Desk *desk)
{
  gtk_window_destroy (GTK_WINDOW (desk->window));
  ctd_test_drain ();
  g_clear_object (&desk->document);
  g_clear_pointer (&desk->cli, ctd_store_close);
  g_clear_object (&desk->app);
}

/* Every label's text under @root, one per line. */
static void
collect_text (GtkWidget *root,
              GString   *out)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (root)));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static char *
display_text (Desk *desk)
{
  GString *out = g_string_new (NULL);

  collect_text (GTK_WIDGET (desk->display), out);
  return g_string_free (out, FALSE);
}

/* Spins until a label of the display holds @text, for @ms at most. */
static gboolean
wait_for_text (Desk       *desk,
               const char *text,
               guint       ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (ctd_test_find_label (GTK_WIDGET (desk->display), text) == NULL)
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

/* A write by another program shows within a second (the document polls
 * the file; the display redraws on its "changed"). */
static void
assert_shows_soon (Desk       *desk,
                   const char *text)
{
  if (!wait_for_text (desk, text, 1000))
    {
      g_autofree char *shown = display_text (desk);

      fail_msg ("“%s” not shown within a second; the display reads:\n%s", text, shown);
    }
}

static gboolean
has_signed_number (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((*p == '+' || *p == '-') && g_ascii_isdigit (p[1]))
      return TRUE;
  return FALSE;
}

/* Rule 1.7: none of the round's scores, as core computes them for the
 * director, is anywhere in the display, nor any signed number at all. */
static void
assert_no_scores (Desk  *desk,
                  guint  round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) director = ctd_tournament_round_standings (desk->cli, round, FALSE, &error);
  g_autofree char *shown = display_text (desk);
  guint n_scored = 0;

  assert_non_null (director);
  for (gsize i = 0; i < ctd_standings_get_n_rows (director); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (director, i);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);

      if (row->score == 0)
        continue;
      n_scored++;
      if (strstr (shown, score) != NULL)
        fail_msg ("%s's score %s is on the display:\n%s", row->name, score, shown);
    }
  /* The check had scores to look for. */
  assert_true (n_scored > 0);
  if (has_signed_number (shown))
    fail_msg ("a score is on the display:\n%s", shown);
  assert_null (strstr (shown, "Standings"));
}

/* Every player's score, as the director's standings have it, on the
 * display beside the player's name (the label after the name's). */
static void
assert_scores_shown (Desk  *desk,
                     guint  round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) director = ctd_tournament_round_standings (desk->cli, round, FALSE, &error);

  assert_non_null (director);
  for (gsize i = 0; i < ctd_standings_get_n_rows (director); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (director, i);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);
      GtkWidget *name = NULL;
      GtkWidget *cell;
      GtkGrid *grid = GTK_GRID (ctd_test_find_widget (GTK_WIDGET (desk->display),
                                                      GTK_TYPE_GRID));
      int column, line;

      for (cell = gtk_widget_get_first_child (GTK_WIDGET (grid)); cell != NULL && name == NULL;
           cell = gtk_widget_get_next_sibling (cell))
        if (strcmp (gtk_label_get_text (GTK_LABEL (cell)), row->name) == 0)
          name = cell;
      if (name == NULL)
        fail_msg ("%s is not in the standings", row->name);
      gtk_grid_query_child (grid, name, &column, &line, NULL, NULL);
      cell = gtk_grid_get_child_at (grid, column + 2, line);
      assert_string_equal (gtk_label_get_text (GTK_LABEL (cell)), score);
    }
}

/* Sets the display to exactly @width x @height, as a projector or a
 * window would, and lets it fit its type to it. */
static void
resize_display (Desk *desk,
                int   width,
                int   height)
{
  GtkWidget *display = GTK_WIDGET (desk->display);

  /* Not before it is first drawn: the window system's answer to
   * showing it would set its default size back. */
  gtk_test_widget_wait_for_draw (display);
  gtk_widget_set_size_request (display, width, height);
  gtk_window_set_default_size (desk->display, width, height);
  /* The fit runs once the new size is known; the frames after show it. */
  assert_true (ctd_test_wait_for_layout (display, 5000, "the display at its new size"));
  assert_int_equal (gtk_widget_get_width (display), width);
  assert_int_equal (gtk_widget_get_height (display), height);
}

/* Every label under @root with text, as drawn: wholly inside the
 * window's @width x @height, and none shortened with an ellipsis. */
static guint
assert_labels_inside (GtkWidget *root,
                      GtkWidget *window,
                      int        width,
                      int        height)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (root))
    return 0;
  if (GTK_IS_LABEL (root) && *gtk_label_get_text (GTK_LABEL (root)) != '\0')
    {
      const char *text = gtk_label_get_text (GTK_LABEL (root));
      graphene_rect_t bounds;

      assert_true (gtk_widget_compute_bounds (root, window, &bounds));
      if (bounds.origin.x < 0 || bounds.origin.y < 0 ||
          bounds.origin.x + bounds.size.width > width + 0.5 ||
          bounds.origin.y + bounds.size.height > height + 0.5)
        fail_msg ("“%s” at %.0f,%.0f (%.0f x %.0f) is cut by the %d x %d window", text,
                  bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                  width, height);
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root))))
        fail_msg ("“%s” is shortened in the %d x %d window", text, width, height);
      n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += assert_labels_inside (child, window, width, height);
  return n;
}

/* At each size a director may meet, from a small laptop screen to a
 * projector's and a 4K television: all of the display inside the
 * window, nothing to scroll; a screenshot at each size named @prefix-1024x600.png... */
static void
assert_fits_every_size (Desk       *desk,
                        const char *prefix)
{
  static const int sizes[][2] = {
    { 1024, 600 }, { 1280, 720 }, { 1920, 1080 }, { 3840, 2160 },
  };
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (
    ctd_test_find_widget (GTK_WIDGET (desk->display), GTK_TYPE_SCROLLED_WINDOW));

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      GtkAdjustment *down = gtk_scrolled_window_get_vadjustment (scroller);
      GtkAdjustment *across = gtk_scrolled_window_get_hadjustment (scroller);
      guint n;

      resize_display (desk, sizes[i][0], sizes[i][1]);
      n = assert_labels_inside (GTK_WIDGET (desk->display), GTK_WIDGET (desk->display),
                                sizes[i][0], sizes[i][1]);
      assert_true (n > 10);
      assert_true (gtk_adjustment_get_upper (down) <= gtk_adjustment_get_page_size (down) + 0.5);
      assert_true (gtk_adjustment_get_upper (across) <=
                   gtk_adjustment_get_page_size (across) + 0.5);
      /* 4K is checked, not kept: it reads as 1920x1080 does. */
      if (prefix != NULL && sizes[i][0] < 3840)
        {
          g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", prefix, sizes[i][0],
                                                   sizes[i][1]);

          ctd_test_screenshot (desk->display, file);
        }
    }
  gtk_widget_set_size_request (GTK_WIDGET (desk->display), -1, -1);
}

/* The height of @text's line as drawn, in pixels: its type's size. */
static int
type_size (Desk       *desk,
           const char *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (desk->display), text);
  int height = 0;

  assert_non_null (label);
  pango_layout_get_pixel_size (gtk_label_get_layout (label), NULL, &height);
  return height;
}

static guint
count_labels (GtkWidget  *root,
              const char *text)
{
  guint n = GTK_IS_LABEL (root) && strcmp (gtk_label_get_text (GTK_LABEL (root)), text) == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, text);
  return n;
}

static guint
count_focusable (GtkWidget *root)
{
  guint n = gtk_widget_get_focusable (root) && gtk_widget_get_visible (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_focusable (child);
  return n;
}

/* The display is a window of its own with no control; the main menu
 * opens it. */
static void
test_opened_by_action (void **state)
{
  Fixture *fixture = *state;
  Desk desk = { 0, };
  GtkWidget *button;
  GMenuModel *menu;
  gboolean in_menu = FALSE;

  desk_open (&desk, fixture->path, 8);
  assert_non_null (g_action_map_lookup_action (G_ACTION_MAP (desk.window), "show-display"));
  assert_string_equal (gtk_window_get_title (desk.display), "Chouette TD — Public display");
  assert_null (gtk_window_get_transient_for (desk.display));
  assert_true (gtk_widget_get_visible (GTK_WIDGET (desk.display)));

  /* Opening it again raises the same window. */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-display", NULL);
  assert_ptr_equal (ctd_test_find_toplevel (CTD_TYPE_DISPLAY_WINDOW), desk.display);

  button = ctd_test_find_widget (GTK_WIDGET (desk.window), GTK_TYPE_MENU_BUTTON);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
            in_menu |= g_strcmp0 (action, "win.show-display") == 0;
        }
    }
  assert_true (in_menu);

  /* No control: nothing to click, type into or tab to. */
  assert_null (ctd_test_find_widget (GTK_WIDGET (desk.display), GTK_TYPE_BUTTON));
  assert_null (ctd_test_find_widget (GTK_WIDGET (desk.display), GTK_TYPE_TEXT));
  assert_null (ctd_test_find_widget (GTK_WIDGET (desk.display), GTK_TYPE_DROP_DOWN));
  assert_int_equal (count_focusable (gtk_widget_get_first_child (GTK_WIDGET (desk.display))), 0);

  /* F11 and Escape: the window's own keys. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.display),
                                           "display.toggle-fullscreen", NULL));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.display),
                                           "display.leave-fullscreen", NULL));

  /* Ctrl+W closes it; the menu opens it again, on the same event. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.display), "window.close", NULL));
  ctd_test_drain ();
  assert_null (ctd_test_find_toplevel (CTD_TYPE_DISPLAY_WINDOW));
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-display", NULL);
  desk.display = ctd_test_find_toplevel (CTD_TYPE_DISPLAY_WINDOW);
  assert_non_null (desk.display);
  assert_ptr_equal (ctd_display_window_get_document (CTD_DISPLAY_WINDOW (desk.display)),
                    desk.document);
  /* A single monitor (Xvfb's): a window, which F11 makes fullscreen. */
  assert_false (gtk_window_is_fullscreen (desk.display));

  /* It closes with the director's window. */
  desk_close (&desk);
  assert_null (ctd_test_find_toplevel (CTD_TYPE_DISPLAY_WINDOW));
}

/* A name is data: markup and formulas show as typed. */
static void
test_names_as_text (void **state)
{
  Fixture *fixture = *state;
  Desk desk = { 0, };
  GtkLabel *label;

  desk_open (&desk, fixture->path, 8);
  label = ctd_test_find_label (GTK_WIDGET (desk.display), CTD_TEST_PLAY_MARKUP_NAME);
  assert_non_null (label);
  assert_false (gtk_label_get_use_markup (label));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "=HYPERLINK("));
  desk_close (&desk);
}

/* The display follows the event the director's window has open. */
static void
test_follows_the_main_window (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *other_path = g_build_filename (fixture->dir, "Other.chouette", NULL);
  g_autoptr(CtdDocument) other = ctd_test_create_document (other_path);
  Desk desk = { 0, };

  desk_open (&desk, fixture->path, 8);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Club Open"));

  ctd_main_window_set_document (desk.window, other);
  assert_ptr_equal (ctd_display_window_get_document (CTD_DISPLAY_WINDOW (desk.display)), other);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Spring Chouette"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "The draw has not been made"));
  assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Player 05"));

  ctd_main_window_set_document (desk.window, NULL);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "No event is open."));
  assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Spring Chouette"));
  desk_close (&desk);
}

/* Plays the current round of @desk to game @up_to through the command
 * line's connection. */
static void
cli_play (Desk    *desk,
          guint    round,
          guint    up_to,
          guint64  seed)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_test_play_games (desk->cli, round, up_to, seed, &error))
    fail_msg ("%s", error->message);
}

static void
cli_advance_and_draw (Desk       *desk,
                      guint       round,
                      guint       n_advancing,
                      const char *stage,
                      const char *screenshot)
{
  g_autoptr(GError) error = NULL;
  /* The sentence names the stage in its own words ("the semi-finals"),
   * the display's arrow by its title ("Semi-final"). */
  g_autofree char *advance = g_strdup_printf ("%u players advance to the %s.", n_advancing,
                                              g_str_equal (stage, "Final") ? "final"
                                                                           : "semi-finals");
  g_autofree char *next = g_strdup_printf ("→ %s", stage);

  assert_true (ctd_test_play_advance (desk->cli, round, &error));
  assert_shows_soon (desk, advance);
  assert_int_equal (count_labels (GTK_WIDGET (desk->display), next), n_advancing);
  assert_scores_shown (desk, round);
  if (screenshot != NULL)
    {
      resize_display (desk, 1920, 1080);
      assert_labels_inside (GTK_WIDGET (desk->display), GTK_WIDGET (desk->display), 1920, 1080);
      ctd_test_screenshot (desk->display, screenshot);
      gtk_widget_set_size_request (GTK_WIDGET (desk->display), -1, -1);
    }
  assert_true (ctd_store_draw_round (desk->cli, 50 + round, NULL, &error));
}

/* Through a whole 26-player event, secrecy first. */
static void
test_secrecy_through_the_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rounds = NULL;
  Desk desk = { 0, };
  guint final;

  desk_open (&desk, fixture->path, 26);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Club Open"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Round 1 · Qualifying"));
  assert_int_equal (count_labels (GTK_WIDGET (desk.display), "0 of 12 games"), 7);

  /* Qualifying in play: progress, no score. */
  cli_play (&desk, 1, 7, 1);
  assert_shows_soon (&desk, "7 of 12 games");
  assert_int_equal (count_labels (GTK_WIDGET (desk.display), "7 of 12 games"), 7);
  assert_no_scores (&desk, 1);
  resize_display (&desk, 1920, 1080);
  assert_labels_inside (GTK_WIDGET (desk.display), GTK_WIDGET (desk.display), 1920, 1080);
  ctd_test_screenshot (desk.display, "display.png");
  gtk_widget_set_size_request (GTK_WIDGET (desk.display), -1, -1);

  /* Complete but not released: still none. */
  cli_play (&desk, 1, CTD_N_GAMES, 2);
  assert_shows_soon (&desk, "Every table has finished");
  assert_int_equal (count_labels (GTK_WIDGET (desk.display), "Finished"), 7);
  assert_no_scores (&desk, 1);

  /* The director releases it from the main window: the standings. */
  assert_true (ctd_document_release_round (desk.document, 1, &error));
  assert_shows_soon (&desk, "Standings");
  assert_scores_shown (&desk, 1);
  /* Undone by the director: secret again. */
  assert_true (ctd_document_undo (desk.document, &error));
  assert_shows_soon (&desk, "Every table has finished");
  assert_no_scores (&desk, 1);
  assert_true (ctd_document_redo (desk.document, &error));
  assert_shows_soon (&desk, "Standings");
  assert_scores_shown (&desk, 1);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "announced shortly"));
  cli_advance_and_draw (&desk, 1, 7, "Semi-final", "display-standings.png");

  /* The semi-final: secret again until released. */
  assert_shows_soon (&desk, "Round 2 · Semi-final");
  cli_play (&desk, 2, 5, 3);
  assert_shows_soon (&desk, "5 of 12 games");
  assert_no_scores (&desk, 2);
  cli_play (&desk, 2, CTD_N_GAMES, 4);
  assert_shows_soon (&desk, "Every table has finished");
  assert_no_scores (&desk, 2);
  cli_advance_and_draw (&desk, 2, 4, "Final", NULL);

  /* The final is played in the open; complete, its placings, with no
   * release: nothing asks for one, and Close Event needs none. */
  rounds = ctd_store_list_rounds (desk.cli, &error);
  final = g_array_index (rounds, CtdStoreRound, rounds->len - 1).number;
  cli_play (&desk, final, 4, 5);
  assert_shows_soon (&desk, "Final standings so far");
  assert_shows_soon (&desk, "4 of 12 games");
  assert_shows_soon (&desk, "The final is played in the open");
  assert_scores_shown (&desk, final);
  cli_play (&desk, final, CTD_N_GAMES, 6);
  assert_shows_soon (&desk, "Final placings");
  assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "so far"));
  assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "played in the open"));
  assert_scores_shown (&desk, final);
  assert_true (ctd_sample_roll_off_ties (desk.cli, final, 0, 0, 9, &error));
  assert_true (ctd_store_close_event (desk.cli, &error));
  assert_shows_soon (&desk, "The event is over");
  {
    g_autoptr(CtdStandings) placings = ctd_tournament_final_placings (desk.cli, NULL, &error);
    static const char *const places[] = { "1st", "2nd", "3rd", "4th" };

    for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++)
      {
        const CtdStandingsRow *row = ctd_standings_get_row (placings, i);

        assert_int_equal (row->rank, i + 1);
        assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), places[i]));
        assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), row->name));
      }
  }
  assert_scores_shown (&desk, final);
  assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "so far"));
  resize_display (&desk, 1920, 1080);
  ctd_test_screenshot (desk.display, "display-placings.png");
  desk_close (&desk);
}

/* Plays @desk's event from round @first on to its final, complete. */
static void
play_to_the_end (Desk  *desk,
                 guint  first)
{
  g_autoptr(GError) error = NULL;

  for (guint round = first; ; round++)
    {
      CtdStoreRound info;

      cli_play (desk, round, CTD_N_GAMES, 10 + round);
      assert_true (ctd_tournament_get_round (desk->cli, round, &info, &error));
      if (info.stage == CTD_STAGE_FINAL)
        break;
      assert_true (ctd_test_play_advance (desk->cli, round, &error));
      assert_true (ctd_store_draw_round (desk->cli, 60 + round, NULL, &error));
    }
}

/* Nothing is cut from 1024x600 to a projector's 1920x1080: a 22-player
 * event's standings and its placings, every row inside the window, the
 * type larger on a larger window; the qualifying round of 64 players in
 * blocks side by side. */
static void
test_fits_any_window (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *large_path = g_build_filename (fixture->dir, "Large.chouette", NULL);
  g_autoptr(GError) error = NULL;
  Desk desk = { 0, };
  int small, large;

  desk_open (&desk, fixture->path, 22);
  cli_play (&desk, 1, CTD_N_GAMES, 1);
  assert_true (ctd_test_play_advance (desk.cli, 1, &error));
  assert_shows_soon (&desk, "players advance to the");
  assert_fits_every_size (&desk, "display-standings");

  /* The type follows the window. */
  resize_display (&desk, 1024, 600);
  small = type_size (&desk, "Player 05");
  resize_display (&desk, 1920, 1080);
  large = type_size (&desk, "Player 05");
  gtk_widget_set_size_request (GTK_WIDGET (desk.display), -1, -1);
  assert_true (small >= 16);
  assert_true (large > small * 3 / 2);

  assert_true (ctd_store_draw_round (desk.cli, 71, NULL, &error));
  play_to_the_end (&desk, 2);
  assert_shows_soon (&desk, "Final placings");
  assert_fits_every_size (&desk, "display");
  desk_close (&desk);

  /* 64 players: the qualifying round's standings in blocks. */
  desk_open (&desk, large_path, 64);
  cli_play (&desk, 1, CTD_N_GAMES, 2);
  assert_true (ctd_test_play_advance (desk.cli, 1, &error));
  assert_shows_soon (&desk, "players advance to the");
  /* Every player on the one page: in blocks, not pages. */
  {
    GtkWidget *grid = ctd_test_find_widget (GTK_WIDGET (desk.display), GTK_TYPE_GRID);

    assert_int_equal (count_labels (grid, "Player 64"), 1);
    assert_int_equal (count_labels (grid, "Player 05"), 1);
    assert_null (ctd_test_find_label (GTK_WIDGET (desk.display), "page 1 of"));
  }
  assert_fits_every_size (&desk, "display-64");

  /* On 1024x600 the two longest names in two blocks do not fit even
   * small type: two pages, turned by themselves or with Page Down. */
  resize_display (&desk, 1024, 600);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Standings · page 1 of 2"));
  {
    GtkWidget *grid = ctd_test_find_widget (GTK_WIDGET (desk.display), GTK_TYPE_GRID);
    g_autoptr(CtdStandings) standings = ctd_tournament_round_standings (desk.cli, 1, FALSE, &error);
    const char *first = ctd_standings_get_row (standings, 0)->name;
    const char *last = ctd_standings_get_row (standings, 63)->name;

    assert_int_equal (count_labels (grid, first), 1);
    assert_int_equal (count_labels (grid, last), 0);
    assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.display), "display.next-page",
                                             NULL));
    assert_non_null (ctd_test_find_label (GTK_WIDGET (desk.display), "Standings · page 2 of 2"));
    assert_int_equal (count_labels (grid, first), 0);
    assert_int_equal (count_labels (grid, last), 1);
    gtk_test_widget_wait_for_draw (GTK_WIDGET (desk.display));
    assert_labels_inside (GTK_WIDGET (desk.display), GTK_WIDGET (desk.display), 1024, 600);
  }
  desk_close (&desk);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_opened_by_action, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_names_as_text, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_follows_the_main_window, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_secrecy_through_the_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fits_any_window, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-display: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
