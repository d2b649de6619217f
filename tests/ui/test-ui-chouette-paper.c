/* test-ui-chouette-paper.c: the paper cross-check on the chouette
 * scoring page, and the games it suspects.
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

/* The tests below open ctd_test_open_seven()'s event: 7 players at 5.00
 * a point, round 1 drawn, one chouette of 4 and one of 3. */

/* The returned sheet's totals typed under the grid: agreeing, then
 * disagreeing, as the view words it; the Rounds page follows. */
static void
test_crosscheck (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 3);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkWidget *crosscheck;
  CtdHalves totals[3];
  CtdRng rng;

  ctd_rng_init (&rng, 19);
  for (guint game = 1; game <= 4; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  for (guint p = 1; p <= 3; p++)
    totals[p - 1] = ctd_chouette_view_get_total (view, p);

  /* Not a score: refused at the field, nothing stored. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, 1)), "four");
  g_signal_emit_by_name (ctd_test_page_entry (page, 1), "activate");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "“four” is not a score"));
  assert_false (ctd_chouette_view_get_paper_given (view));

  /* Totals that do not add up to zero: the store's words. */
  ctd_test_set_paper (page, 1, totals[0] + 2);
  ctd_test_set_paper (page, 2, totals[1]);
  ctd_test_set_paper (page, 3, totals[2]);
  g_signal_emit_by_name (ctd_test_page_entry (page, 3), "activate");
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "add up to +1, not 0"));
  assert_false (ctd_chouette_view_get_paper_given (view));

  /* Agreeing, with Enter in a total. */
  ctd_test_set_paper (page, 1, totals[0]);
  g_signal_emit_by_name (ctd_test_page_entry (page, 2), "activate");
  assert_true (ctd_chouette_view_get_paper_given (view));
  assert_true (ctd_chouette_view_get_paper_agrees (view));
  crosscheck = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page), "The paper totals agree"));
  assert_non_null (crosscheck);
  assert_true (gtk_widget_get_visible (crosscheck));
  assert_false (gtk_widget_has_css_class (crosscheck, "error"));

  /* Disagreeing (2 and 3 swapped, or 1 point moved), with the button's
   * action: the view's words, game by game. */
  if (totals[1] != totals[2])
    {
      ctd_test_set_paper (page, 2, totals[2]);
      ctd_test_set_paper (page, 3, totals[1]);
    }
  else
    {
      ctd_test_set_paper (page, 2, totals[1] + 2);
      ctd_test_set_paper (page, 3, totals[2] - 2);
    }
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
  assert_false (ctd_chouette_view_get_paper_agrees (view));
  assert_string_equal (gtk_label_get_text (GTK_LABEL (crosscheck)),
                       ctd_chouette_view_get_crosscheck (view));
  assert_non_null (strstr (gtk_label_get_text (GTK_LABEL (crosscheck)), "the paper says"));
  assert_true (gtk_widget_has_css_class (crosscheck, "error"));
  assert_non_null (strstr (ctd_test_chouette_status (document, number),
                           "disagrees with the paper"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A French director types paper totals with a decimal comma, "-3,5", and
 * reads the page's numbers so; a point still works. The window's thread
 * takes the locale's numbers, as the application's setlocale gives it. */
static void
test_crosscheck_comma_locale (void **state)
{
  Fixture *fixture = *state;
  locale_t french = newlocale (LC_ALL_MASK, "fr_FR.UTF-8", (locale_t) 0);
  g_autoptr(CtdApplication) app = NULL;
  CtdMainWindow *window;
  CtdDocument *document;
  CtdChouettePage *page;
  CtdChouetteView *view;
  CtdHalves totals[3];
  g_autofree char *too_many = NULL;
  g_autofree char *right = NULL;
  CtdRng rng;

  if (french == (locale_t) 0)
    {
      print_message ("no fr_FR.UTF-8 locale: skipped (.ci/setup.sh generates it)\n");
      skip ();
    }
  uselocale (french);
  app = ctd_test_new_application ();
  window = ctd_test_open_seven (app, fixture->path);
  document = ctd_test_window_document (window);
  page = ctd_test_show_chouette (window, 1, ctd_test_chouette_of_size (document, 3));
  view = ctd_chouette_page_get_view (page);
  ctd_rng_init (&rng, 19);
  for (guint game = 1; game <= 4; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  for (guint p = 1; p <= 3; p++)
    totals[p - 1] = ctd_chouette_view_get_total (view, p);

  /* Half a point too many, then the right total: one of the two is a
   * half, typed with a comma. The store's refusal writes the sum the
   * French way. */
  too_many = ctd_halves_to_string (totals[0] + 1, FALSE);
  right = ctd_halves_to_string (totals[0], FALSE);
  assert_true (strchr (too_many, ',') != NULL || strchr (right, ',') != NULL);
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, 1)), too_many);
  ctd_test_set_paper (page, 2, totals[1]);
  ctd_test_set_paper (page, 3, totals[2]);
  g_signal_emit_by_name (ctd_test_page_entry (page, 3), "activate");
  assert_null (ctd_test_find_label (GTK_WIDGET (page), "is not a score"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "add up to +0,5, not 0"));
  assert_false (ctd_chouette_view_get_paper_given (view));

  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, 1)), right);
  g_signal_emit_by_name (ctd_test_page_entry (page, 1), "activate");
  assert_true (ctd_chouette_view_get_paper_agrees (view));
  gtk_window_destroy (GTK_WINDOW (window));
  uselocale (LC_GLOBAL_LOCALE);
  freelocale (french);
}

/* Paper totals of which one crew member's is off by one game's result
 * (the Box's off the other way, so that they still add up to zero): the
 * page's cross-check names that player and, among the games to look at
 * first, that game; the players whose totals agree are not named. */
static void
test_crosscheck_suspects (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  CtdHalves totals[4], paper[4], delta = 0, difference;
  guint game = 0, player = 0, box = 0;
  g_auto(GStrv) lines = NULL;
  GtkWidget *crosscheck;
  const char *text;
  CtdRng rng;

  ctd_rng_init (&rng, 41);
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    {
      g_autofree char *line = ctd_test_line_for (page, g, &rng);

      ctd_test_type_line (page, line);
    }
  assert_true (ctd_chouette_view_get_complete (view));
  for (guint p = 1; p <= 4; p++)
    totals[p - 1] = paper[p - 1] = ctd_chouette_view_get_total (view, p);

  /* Game 5 or later, its Captain's own delta left off the paper. */
  for (guint g = 5; g <= CTD_N_GAMES && delta == 0; g++)
    {
      game = g;
      player = ctd_game_item_get_captain (ctd_test_grid_row (page, g));
      g_object_get (ctd_test_grid_row (page, g), "box", &box, NULL);
      delta = ctd_game_item_get_delta (ctd_test_grid_row (page, g), player);
    }
  assert_int_not_equal (delta, 0);
  paper[player - 1] -= delta;
  paper[box - 1] += delta;
  for (guint p = 1; p <= 4; p++)
    ctd_test_set_paper (page, p, paper[p - 1]);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.check-paper", NULL));
  assert_true (ctd_chouette_view_get_paper_given (view));
  assert_false (ctd_chouette_view_get_paper_agrees (view));

  text = ctd_chouette_view_get_crosscheck (view);
  crosscheck = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (page), "the paper says"));
  assert_non_null (crosscheck);
  assert_string_equal (gtk_label_get_text (GTK_LABEL (crosscheck)), text);
  assert_true (gtk_widget_get_visible (crosscheck));
  assert_true (gtk_widget_has_css_class (crosscheck, "error"));

  /* One line for the player, one for the Box; nobody else. */
  lines = g_strsplit (text, "\n", -1);
  assert_int_equal (g_strv_length (lines), 2);
  difference = paper[player - 1] - totals[player - 1];
  for (guint p = 1; p <= 4; p++)
    {
      g_autofree char *who = g_strdup_printf ("Player %u (%s): the paper says ", p,
                                              ctd_chouette_view_get_name (view, p));
      g_autofree char *says = ctd_halves_to_string (paper[p - 1], TRUE);
      g_autofree char *entered = ctd_halves_to_string (totals[p - 1], TRUE);
      g_autofree char *figures = g_strdup_printf ("%s%s, the entered games %s;", who, says,
                                                  entered);
      const char *mine = NULL;

      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], who))
          mine = lines[i];
      if (p != player && p != box)
        {
          assert_null (mine);
          continue;
        }
      if (mine == NULL)
        fail_msg ("player %u is not named: %s", p, text);
      assert_true (g_str_has_prefix (mine, figures));
      if (p == player)
        {
          /* The games that alone explain the difference (SPEC 5's
           * deltas: left off, or the wrong sign), game @game among them. */
          guint n = 0;

          for (guint g = 1; g <= CTD_N_GAMES; g++)
            {
              CtdHalves d = ctd_game_item_get_delta (ctd_test_grid_row (page, g), p);

              if (d != 0 && (difference == -d || difference == -2 * d))
                n++;
            }
          assert_true (n >= 1);
          assert_non_null (strstr (mine, "look first at game"));
          {
            g_autofree char *one = g_strdup_printf ("game %u ", game);
            g_autofree char *among = g_strdup_printf (" %u", game);
            const char *suspects = strstr (mine, "look first at ");

            if (n == 1)
              assert_non_null (strstr (suspects, one));
            else
              assert_non_null (strstr (suspects, among));
          }
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_crosscheck, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_suspects, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_comma_locale, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* The guided form's controls are found by their accessible names,
   * which GTK_A11Y=test keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-chouette-paper: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
