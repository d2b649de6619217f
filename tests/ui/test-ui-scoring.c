/* test-ui-scoring.c: the scoring page at the window's default size, as a
 * director meets it: its notices go when they stop being true, the
 * guided form shows whole, Alt+R hands the keyboard back to the field,
 * long names show in full over the grid, and the page follows a new
 * round when one is drawn.
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

#include "ctd-advance-dialog.h"
#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-guided-form.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-standings-page.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* ---- the page's notice and corrections ------------------------------------- */

/* The page's notice as the director sees it, or NULL when none shows:
 * the message label in its revealer (the locked reason has its own). */
static GtkLabel *
find_notice (GtkWidget *root)
{
  GtkWidget *parent = gtk_widget_get_parent (root);

  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, "message") &&
      !gtk_widget_has_css_class (root, "locked") && GTK_IS_REVEALER (parent))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_notice (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *
shown_notice (CtdChouettePage *page)
{
  GtkLabel *label = find_notice (GTK_WIDGET (page));
  GtkRevealer *revealer;

  assert_non_null (label);
  revealer = GTK_REVEALER (gtk_widget_get_parent (GTK_WIDGET (label)));
  if (!gtk_revealer_get_reveal_child (revealer) || !gtk_widget_get_visible (GTK_WIDGET (revealer)))
    return NULL;
  return gtk_label_get_text (label);
}

/* Game @game of the page replaced by a line other than its own, after
 * the confirmation: the page's notice says so. */
static char *
correct_game (CtdChouettePage *page,
              guint            game,
              CtdRng          *rng)
{
  const char *old = ctd_game_item_get_notation (ctd_test_grid_row (page, game));
  g_autofree char *line = NULL;
  g_autofree char *said = NULL;
  GtkWindow *dialog;

  do
    {
      g_free (line);
      line = ctd_test_line_for (page, game, rng);
    }
  while (g_str_equal (line, old));
  while (ctd_test_selected_game (page) > game)
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-game", NULL));
  while (ctd_test_selected_game (page) < game)
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-game", NULL));
  ctd_test_type_line (page, line);
  dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  assert_non_null (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, game)), line);
  said = g_strdup_printf ("Game %u corrected: “%s”.", game, line);
  assert_non_null (shown_notice (page));
  assert_string_equal (shown_notice (page), said);
  return g_steal_pointer (&line);
}

/* ---- notices ------------------------------------------------------------------ */

/* A notice says what the last action did, and goes when that stops being
 * true: an undo, a redo, another program's write, another chouette,
 * another page. */
static void
test_notices_expire (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  CtdDocument *document = ctd_test_window_document (window);
  guint number = ctd_test_chouette_of_size (document, 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL;
  g_autofree char *theirs = NULL;
  CtdRng rng;

  ctd_rng_init (&rng, 41);
  for (guint game = 1; game <= 5; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  assert_null (shown_notice (page));

  /* Ctrl+Z takes the correction back: the grid shows the old line, and
   * the notice of the correction goes. */
  old = g_strdup (ctd_game_item_get_notation (ctd_test_grid_row (page, 5)));
  g_free (correct_game (page, 5, &rng));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 5)), old);
  assert_null (shown_notice (page));

  /* A redo after a notice of its own. */
  g_free (correct_game (page, 4, &rng));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_null (shown_notice (page));
  g_free (correct_game (page, 3, &rng));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_null (shown_notice (page));

  /* Another program records game 6 while the notice shows. */
  g_free (correct_game (page, 2, &rng));
  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  theirs = ctd_test_line_for (page, 6, &rng);
  assert_true (ctd_store_record_game (other, 1, number, 6, theirs, FALSE, &error));
  ctd_document_check_for_changes (document);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 6)), theirs);
  assert_null (shown_notice (page));

  /* The next chouette of the round (Ctrl+Page Down, or Up from the last):
   * the notice was about this one. */
  g_free (correct_game (page, 1, &rng));
  if (number < g_list_model_get_n_items (ctd_document_get_chouettes (document, 1)))
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-chouette", NULL));
  else
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.previous-chouette",
                                             NULL));
  assert_int_not_equal (ctd_chouette_page_get_number (page), number);
  assert_null (shown_notice (page));

  /* Another page, and back. */
  page = ctd_test_show_chouette (window, 1, number);
  g_free (correct_game (page, 1, &rng));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("rounds"));
  assert_false (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("chouette"));
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  assert_null (shown_notice (page));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the guided form at the default size ------------------------------------ */

/* Whether @widget is drawn whole: inside the window and inside every
 * scrolled area around it (what a scrolled window clips is not seen). */
static gboolean
shows_whole (GtkWidget *widget,
             GtkWidget *window)
{
  graphene_rect_t bounds, clip;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &bounds))
    return FALSE;
  if (bounds.size.width <= 0 || bounds.size.height <= 0)
    return FALSE;
  for (GtkWidget *clipper = gtk_widget_get_parent (widget); clipper != NULL;
       clipper = gtk_widget_get_parent (clipper))
    {
      if (clipper != window && !GTK_IS_SCROLLED_WINDOW (clipper) && !GTK_IS_VIEWPORT (clipper))
        continue;
      if (!gtk_widget_compute_bounds (clipper, window, &clip))
        return FALSE;
      if (clipper == window)
        graphene_rect_init (&clip, 0, 0, gtk_widget_get_width (window),
                            gtk_widget_get_height (window));
      if (bounds.origin.x < clip.origin.x - 0.5 || bounds.origin.y < clip.origin.y - 0.5 ||
          bounds.origin.x + bounds.size.width > clip.origin.x + clip.size.width + 0.5 ||
          bounds.origin.y + bounds.size.height > clip.origin.y + clip.size.height + 0.5)
        return FALSE;
    }
  return TRUE;
}

/* Every control and caption shown under @root drawn whole. */
static guint
assert_whole_under (GtkWidget  *root,
                    GtkWidget  *window,
                    const char *what)
{
  guint n = 0;

  if (!gtk_widget_get_visible (root))
    return 0;
  if (GTK_IS_LABEL (root) || GTK_IS_CHECK_BUTTON (root) || GTK_IS_DROP_DOWN (root) ||
      GTK_IS_BUTTON (root))
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);

      if (!shows_whole (root, window))
        {
          if (!gtk_widget_compute_bounds (root, window, &bounds))
            fail_msg ("%s: a %s is not in the window", what, G_OBJECT_TYPE_NAME (root));
          fail_msg ("%s: a %s at %.0f,%.0f (%.0f×%.0f) is cut off in a window of %d×%d", what,
                    G_OBJECT_TYPE_NAME (root), bounds.origin.x, bounds.origin.y,
                    bounds.size.width, bounds.size.height, gtk_widget_get_width (window),
                    gtk_widget_get_height (window));
        }
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += assert_whole_under (child, window, what);
  return n;
}

/* Whether row @game of the grid is on screen: its first cell, which
 * carries the row's sentence as its accessible name. */
static gboolean
row_shows (CtdChouettePage *page,
           guint            game,
           GtkWidget       *window)
{
  CtdGameItem *row = ctd_test_grid_row (page, game);
  GtkWidget *cell = ctd_test_find_named (GTK_WIDGET (ctd_test_page_grid (page)),
                                         ctd_game_item_get_accessible (row));

  return cell != NULL && shows_whole (cell, window);
}

typedef struct
{
  CtdChouettePage *page;
  guint            game;
} GridRow;

/* Whether the grid shows the row of @row's game, in its window. */
static gboolean
grid_row_shows (gconstpointer row)
{
  const GridRow *self = row;

  return row_shows (self->page, self->game,
                    GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self->page))));
}

/* The window at its default size (a laptop's), a chouette of 4, F4: every
 * row of the form, each player's above all, is on screen in full. */
static void
test_form_whole_at_default_size (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  int default_width, default_height;
  GtkWidget *form, *cubes;
  CtdRng rng;

  gtk_window_get_default_size (GTK_WINDOW (window), &default_width, &default_height);
  assert_true (default_width > 0 && default_height > 0);
  ctd_rng_init (&rng, 8);
  for (guint game = 1; game <= 2; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_true (ctd_test_wait_for_layout (form, 20000, "the form to be laid out in the window"));
  /* The window kept its size: the page did not push it taller. */
  assert_true (gtk_widget_get_width (GTK_WIDGET (window)) <= default_width);
  assert_true (gtk_widget_get_height (GTK_WIDGET (window)) <= default_height);

  /* The players' rows: player 4's ending dropdown sits in their grid. */
  cubes = gtk_widget_get_parent (ctd_test_find_named (form, "How player 4's cube ended"));
  assert_true (assert_whole_under (cubes, GTK_WIDGET (window), "the players' rows") >= 4 * 4);
  /* And the form's other rows: who won, the game, the lists' buttons. */
  assert_true (assert_whole_under (form, GTK_WIDGET (window), "the form") > 4 * 4);
  assert_true (shows_whole (GTK_WIDGET (ctd_test_notation_entry (page)), GTK_WIDGET (window)));

  /* An extra and a penalty make the form's right column wider: the form
   * still fits the window, whole. */
  gtk_editable_set_text (GTK_EDITABLE (ctd_test_notation_entry (page)),
                         "B 2:4- 3:8 4:4- E:2>3:8 F:4>1:2");
  assert_non_null (ctd_test_find_named (form, "Who offered extra 1"));
  assert_true (ctd_test_wait_for_layout (form, 20000,
                                         "the form with an extra to be laid out in the window"));
  assert_true (gtk_widget_get_width (GTK_WIDGET (window)) <= default_width);
  assert_true (gtk_widget_get_height (GTK_WIDGET (window)) <= default_height);
  assert_true (assert_whole_under (form, GTK_WIDGET (window), "the form with an extra") > 4 * 4);

  /* The grid, a few rows high now, keeps the selected game in sight: it
   * scrolls once laid out at its new height, which may take frames after
   * the form's own layout has settled. */
  assert_true (ctd_test_wait_for (grid_row_shows, &(GridRow) { page, 3 }, 20000,
                                  "the grid to keep game 3 in sight"));
  while (ctd_test_selected_game (page) < CTD_N_GAMES)
    assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.next-game", NULL));
  assert_true (ctd_test_wait_for (grid_row_shows, &(GridRow) { page, CTD_N_GAMES }, 20000,
                                  "the grid to scroll to the last game"));
  assert_true (assert_whole_under (cubes, GTK_WIDGET (window), "the players' rows") >= 4 * 4);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether @widget shows whole in its window. */
static gboolean
shows_whole_in_window (gconstpointer widget)
{
  GtkWidget *self = (GtkWidget *) widget;

  return shows_whole (self, GTK_WIDGET (gtk_widget_get_root (self)));
}

/* A smaller screen than the page needs with the form open: the window
 * keeps its size and the page scrolls, bringing the control Tab reaches
 * into sight. */
static void
test_form_on_a_small_screen (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  GtkWidget *form, *last;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 560);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_true (ctd_test_wait_for_layout (form, 20000,
                                         "the form to be laid out in a window of 1100×560"));
  assert_true (gtk_widget_get_height (GTK_WIDGET (window)) <= 560);
  assert_true (gtk_widget_get_width (GTK_WIDGET (window)) <= 1100);
  last = ctd_test_find_named (form, "Add adjustment");
  assert_non_null (last);
  gtk_widget_grab_focus (last);
  assert_true (ctd_test_wait_for (shows_whole_in_window, last, 20000,
                                  "the page to scroll “Add adjustment” into sight"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Alt+R from the form --------------------------------------------------- */

static gboolean
focus_in (CtdMainWindow *window,
          GtkWidget     *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Whether @view has a game recorded. */
static gboolean
one_recorded (gconstpointer view)
{
  return ctd_chouette_view_get_n_recorded ((CtdChouetteView *) view) > 0;
}

/* Alt+R records the form's line; the keyboard goes back to the field for
 * the next game, the form still open. */
static void
test_record_from_form_focus (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkWidget *form, *record, *team;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  form = ctd_test_find_widget (GTK_WIDGET (page), CTD_TYPE_GUIDED_FORM);
  assert_true (focus_in (window, form));
  team = ctd_test_find_named (form, "Team won");
  assert_non_null (team);
  gtk_widget_grab_focus (team);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (team), TRUE);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (ctd_test_notation_entry (page))), "T");

  /* Alt+R: the Record button's mnemonic (GTK presses the button). */
  record = ctd_test_find_button (GTK_WIDGET (page), "_Record");
  assert_non_null (record);
  assert_true (gtk_widget_mnemonic_activate (record, FALSE));
  assert_true (ctd_test_wait_for (one_recorded, view, 20000, "Alt+R to record the form's line"));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 1)), "T");
  assert_int_equal (ctd_test_selected_game (page), 2);
  assert_true (gtk_widget_get_mapped (form));
  assert_true (focus_in (window, GTK_WIDGET (ctd_test_notation_entry (page))));

  /* The Record button clicked, the same. */
  gtk_widget_grab_focus (ctd_test_find_named (form, "Team won"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (ctd_test_find_named (form, "Team won")), TRUE);
  g_signal_emit_by_name (record, "clicked");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 2);
  assert_int_equal (ctd_test_selected_game (page), 3);
  assert_true (focus_in (window, GTK_WIDGET (ctd_test_notation_entry (page))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the line as stored ------------------------------------------------- */

/* "T 3:4" where game 3's cubes start at 4 is stored as "T": the preview
 * says so, and why, before Enter. */
static void
test_preview_stored_as (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_seven (app, fixture->path);
  guint number = ctd_test_chouette_of_size (ctd_test_window_document (window), 4);
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, number);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GtkEntry *entry = ctd_test_notation_entry (page);
  g_autofree char *stored = NULL;
  guint cube, box;

  ctd_test_type_line (page, "T");
  ctd_test_type_line (page, "T");
  assert_int_equal (ctd_test_selected_game (page), 3);
  g_object_get (ctd_test_grid_row (page, 3), "cube", &cube, "box", &box, NULL);
  assert_int_equal (cube, 4);
  assert_int_not_equal (box, 3);
  gtk_editable_set_text (GTK_EDITABLE (entry), "T 3:4");
  assert_non_null (strstr (ctd_test_preview_text (page), "Records “T”:"));
  /* Player 3 named as the page names players (the seat's name is the
   * fixture's). */
  stored = g_strdup_printf ("Stored as “T”: the cube of player 3 (%s) was played at its "
                            "starting value, which the line leaves out.",
                            ctd_chouette_view_get_name (view, 3));
  assert_non_null (strstr (ctd_test_preview_text (page), stored));
  /* A line stored as typed says nothing of the kind. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "T 3:8");
  assert_null (strstr (ctd_test_preview_text (page), "Stored as"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "T 3:4");
  g_signal_emit_by_name (entry, "activate");
  assert_string_equal (ctd_game_item_get_notation (ctd_test_grid_row (page, 3)), "T");
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- long names over the grid ------------------------------------------- */

/* The first label under @root. */
static GtkLabel *
first_label (GtkWidget *root)
{
  if (GTK_IS_LABEL (root))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = first_label (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* @text on one line: a line broken after a hyphen joins without a space. */
static char *
one_line (const char *text)
{
  GString *line = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (*p != '\n')
      g_string_append_c (line, *p);
    else if (p > text && p[-1] != '-')
      g_string_append_c (line, ' ');
  return g_string_free (line, FALSE);
}

/* Scrolls the grid whose header is @header until @heading is in sight. */
static void
scroll_into_sight (GtkWidget *heading,
                   GtkWidget *header)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (header, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));
  graphene_rect_t bounds;

  assert_true (gtk_widget_compute_bounds (heading, header, &bounds));
  gtk_adjustment_set_value (adjustment, bounds.origin.x);
  assert_true (ctd_test_wait_for_layout (heading, 20000, "the grid to scroll to a header"));
}

/* A name of 31 characters over a narrow column: the header says it in
 * full, on screen, in its tooltip and in its accessible name. */
static void
test_long_names (void **state)
{
  static const char *const names[] = {
    "Annikki Vähä-Mäkelä-Kristiansen", "Bartholomew Fitzgerald-Oyelaran",
    "Chidi", "Dee",
  };
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_drawn_event (app, fixture->path, names,
                                                     G_N_ELEMENTS (names));
  CtdChouettePage *page = ctd_test_show_chouette (window, 1, 1);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  GListModel *columns = gtk_column_view_get_columns (ctd_test_page_grid (page));
  GtkWidget *header;
  CtdRng rng;

  assert_int_equal (g_utf8_strlen (names[0], -1), 31);
  ctd_rng_init (&rng, 12);
  for (guint game = 1; game <= 4; game++)
    {
      g_autofree char *line = ctd_test_line_for (page, game, &rng);

      ctd_test_type_line (page, line);
    }
  header = gtk_widget_get_first_child (GTK_WIDGET (ctd_test_page_grid (page)));
  assert_true (ctd_test_wait_for_layout (header, 20000, "the grid's header to be laid out"));
  for (guint p = 1; p <= 4; p++)
    {
      g_autofree char *title = g_strdup_printf ("%u %s", p, ctd_chouette_view_get_name (view, p));
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 8 + 2 * (p - 1));
      GtkWidget *heading;
      GtkLabel *label;
      g_autofree char *shown = NULL;
      g_autofree char *titled = NULL;
      const char *tooltip;
      int width, height;

      /* Said in full to a screen reader and under the pointer. */
      heading = ctd_test_find_named (header, title);
      if (heading == NULL)
        fail_msg ("no header is named “%s”", title);
      /* The players' columns come after the result, and may go past the
       * window's edge: the grid scrolled to this one, as a director would. */
      scroll_into_sight (heading, header);
      tooltip = gtk_widget_get_tooltip_text (heading);
      assert_non_null (tooltip);
      assert_string_equal (tooltip, title);
      /* And shown in full, on more lines when it is long. */
      titled = one_line (gtk_column_view_column_get_title (column));
      assert_string_equal (titled, title);
      label = first_label (heading);
      assert_non_null (label);
      shown = one_line (gtk_label_get_text (label));
      assert_string_equal (shown, title);
      if (g_utf8_strlen (title, -1) > 20)
        assert_non_null (strchr (gtk_label_get_text (label), '\n'));
      /* Drawn whole: as wide and as high as its lines need. */
      gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL,
                          NULL);
      assert_true (width <= gtk_widget_get_width (GTK_WIDGET (label)));
      gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_VERTICAL, -1, NULL, &height, NULL,
                          NULL);
      assert_true (height <= gtk_widget_get_height (GTK_WIDGET (label)));
      assert_true (shows_whole (GTK_WIDGET (label), GTK_WIDGET (window)));
      /* Within its column's header, which cuts what goes past it. */
      {
        graphene_rect_t bounds;

        assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), heading, &bounds));
        if (bounds.origin.x < -0.5 || bounds.origin.y < -0.5 ||
            bounds.origin.x + bounds.size.width > gtk_widget_get_width (heading) + 0.5 ||
            bounds.origin.y + bounds.size.height > gtk_widget_get_height (heading) + 0.5)
          fail_msg ("“%s” is %.0f×%.0f in a header of %d×%d", title, bounds.size.width,
                    bounds.size.height, gtk_widget_get_width (heading),
                    gtk_widget_get_height (heading));
      }
    }
  ctd_test_screenshot (GTK_WINDOW (window), "chouette-long-names.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- a new round ---------------------------------------------------------- */

/* Advance and Draw, from the Standings page: the scoring page goes on to
 * the new round's first chouette; undone, it is back where it was. */
static void
test_follows_new_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  CtdMainWindow *window = ctd_test_open_built_event (app, fixture->dir, "Played.chouette", 16, 11,
                                                     FALSE);
  CtdDocument *document = ctd_test_window_document (window);
  g_autoptr(GError) error = NULL;
  CtdChouettePage *page;
  GtkWidget *standings;
  GtkWindow *dialog;

  page = ctd_test_show_chouette (window, 1, 3);

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("standings"));
  standings = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_STANDINGS_PAGE);
  assert_true (gtk_widget_get_mapped (standings));
  assert_true (gtk_widget_activate_action (standings, "standings.advance", NULL));
  dialog = ctd_test_find_toplevel (CTD_TYPE_ADVANCE_DIALOG);
  assert_non_null (dialog);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.advance", NULL));
  /* The dialog closes as it draws the round, before the action returns. */
  assert_null (ctd_test_find_toplevel (CTD_TYPE_ADVANCE_DIALOG));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 2);

  /* The scoring page is on round 2's first sheet. */
  assert_int_equal (ctd_chouette_page_get_round (page), 2);
  assert_int_equal (ctd_chouette_page_get_number (page), 1);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("chouette"));
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Chouette 2.1"));
  assert_true (ctd_chouette_view_get_editable (ctd_chouette_page_get_view (page)));

  /* Undo the draw: back to the sheet the page showed; redo: round 2. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 1);
  assert_int_equal (ctd_chouette_page_get_round (page), 1);
  assert_int_equal (ctd_chouette_page_get_number (page), 3);
  assert_non_null (ctd_test_find_label (GTK_WIDGET (page), "Chouette 1.3"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  assert_int_equal (ctd_chouette_page_get_round (page), 2);
  assert_int_equal (ctd_chouette_page_get_number (page), 1);

  /* A chouette of round 1 opened on purpose stays open through other
   * changes to the rounds (a seated player renamed). */
  page = ctd_test_show_chouette (window, 1, 2);
  {
    g_autoptr(CtdPlayerItem) player = g_list_model_get_item (ctd_document_get_players (document),
                                                             0);

    assert_true (ctd_document_edit_player (document, ctd_player_item_get_id (player),
                                           "Renamed Player", NULL, NULL, &error));
  }
  assert_int_equal (ctd_chouette_page_get_round (page), 1);
  assert_int_equal (ctd_chouette_page_get_number (page), 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_notices_expire, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_form_whole_at_default_size, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_form_on_a_small_screen, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_record_from_form_focus, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_preview_stored_as, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_long_names, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_follows_new_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Controls are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-scoring: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
