/* ctd-test-scoring.c: a chouette's scoring page driven as a director
 * drives it, for the UI test programs of that page.
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

#include "ctd-document-store.h"
#include "ctd-test-scoring.h"

#include "ctd-sample.h"
#include "ctd-test-store.h"
#include "ctd-test-ui.h"

/* A window, at its default size, on a new event of @names at 5.00 a
 * point, round 1 drawn, nothing entered. */
CtdMainWindow *
ctd_test_open_drawn_event (CtdApplication     *app,
                           const char         *path,
                           const char * const *names,
                           guint               n_names)
{
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window;
  CtdDocument *document;

  window = ctd_test_open_new_event (app, path);
  document = ctd_main_window_get_document (window);
  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  settings.stake_cents = 500;
  assert_true (ctd_document_set_settings (document, &settings, &error));
  for (guint i = 0; i < n_names; i++)
    assert_true (ctd_document_add_player (document, names[i], NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_document_draw_round (document, 2026, NULL, &error));
  return window;
}

/* Seven players: one chouette of 4 and one of 3. */
CtdMainWindow *
ctd_test_open_seven (CtdApplication *app,
                     const char     *path)
{
  static const char *const names[] = { "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus" };

  return ctd_test_open_drawn_event (app, path, names, G_N_ELEMENTS (names));
}

CtdDocument *
ctd_test_window_document (CtdMainWindow *window)
{
  return ctd_main_window_get_document (window);
}

CtdChouettePage *
ctd_test_find_page (CtdMainWindow *window)
{
  return CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_CHOUETTE_PAGE));
}

/* The number of round 1's chouette of @size players. */
guint
ctd_test_chouette_of_size (CtdDocument *document,
                           guint        size)
{
  GListModel *chouettes = ctd_document_get_chouettes (document, 1);

  for (guint i = 0; i < g_list_model_get_n_items (chouettes); i++)
    {
      g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, i);
      guint item_size;

      g_object_get (item, "size", &item_size, NULL);
      if (item_size == size)
        return ctd_chouette_item_get_number (item);
    }
  fail_msg ("no chouette of %u players", size);
  return 0;
}

/* Opens chouette @round.@number as a director does: win.show-chouette.
 * The window shows the scoring page, on that chouette. */
CtdChouettePage *
ctd_test_show_chouette (CtdMainWindow *window,
                        guint          round,
                        guint          number)
{
  g_autofree char *label = g_strdup_printf ("%u.%u", round, number);
  CtdChouettePage *page = ctd_test_find_page (window);
  GtkStack *pages = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (page)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string (label));
  assert_string_equal (gtk_stack_get_visible_child_name (pages), "chouette");
  assert_int_equal (ctd_chouette_page_get_round (page), round);
  assert_int_equal (ctd_chouette_page_get_number (page), number);
  assert_non_null (ctd_chouette_page_get_view (page));
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  return page;
}

/* The page's entries in the order of the page: the notation field, then
 * each player's paper total. */
static void
collect_entries (GtkWidget *root,
                 GPtrArray *entries)
{
  if (GTK_IS_ENTRY (root))
    {
      g_ptr_array_add (entries, root);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_entries (child, entries);
}

/* Entry @index of the page: 0 is the notation field, then each player's
 * paper total. */
GtkEntry *
ctd_test_page_entry (CtdChouettePage *page,
                     guint            index)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();

  collect_entries (GTK_WIDGET (page), entries);
  assert_true (index < entries->len);
  return g_ptr_array_index (entries, index);
}

GtkEntry *
ctd_test_notation_entry (CtdChouettePage *page)
{
  return ctd_test_page_entry (page, 0);
}

/* The first widget under @root with the CSS class @name. */
GtkWidget *
ctd_test_find_by_class (GtkWidget  *root,
                        const char *name)
{
  if (gtk_widget_has_css_class (root, name))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ctd_test_find_by_class (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What the preview under the field says of the line typed. */
const char *
ctd_test_preview_text (CtdChouettePage *page)
{
  GtkWidget *preview = ctd_test_find_by_class (GTK_WIDGET (page), "preview");

  assert_non_null (preview);
  return gtk_label_get_text (GTK_LABEL (preview));
}

GtkColumnView *
ctd_test_page_grid (CtdChouettePage *page)
{
  return GTK_COLUMN_VIEW (ctd_test_find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW));
}

/* The game whose row is selected, as the grid's model says. */
guint
ctd_test_selected_game (CtdChouettePage *page)
{
  GtkSelectionModel *model = gtk_column_view_get_model (ctd_test_page_grid (page));

  return gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)) + 1;
}

/* Row @game of the grid's model (the view keeps it). */
CtdGameItem *
ctd_test_grid_row (CtdChouettePage *page,
                   guint            game)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (ctd_test_page_grid (page)));
  g_autoptr(CtdGameItem) item = g_list_model_get_item (model, game - 1);

  assert_non_null (item);
  return item;
}

/* A legal line for @game as the page's row shows it (Box, Captain,
 * starting cube), from core's generator of sample results. */
char *
ctd_test_line_for (CtdChouettePage *page,
                   guint            game,
                   CtdRng          *rng)
{
  CtdGameItem *item = ctd_test_grid_row (page, game);
  CtdChouetteView *view = ctd_chouette_page_get_view (page);
  CtdGameSlot slot = { 0, };

  slot.game = game;
  slot.captain = ctd_game_item_get_captain (item);
  g_object_get (item, "segment", &slot.segment, "box", &slot.box, "cube", &slot.cube_start, NULL);
  assert_int_not_equal (slot.captain, 0);
  return ctd_sample_random_notation (rng, &slot, ctd_chouette_view_get_size (view));
}

/* Types @line into the field and presses Enter. */
void
ctd_test_type_line (CtdChouettePage *page,
                    const char      *line)
{
  GtkEntry *entry = ctd_test_notation_entry (page);

  gtk_editable_set_text (GTK_EDITABLE (entry), line);
  g_signal_emit_by_name (entry, "activate");
}

/* Whether the line's preview shows a refusal. */
gboolean
ctd_test_preview_is_error (CtdChouettePage *page)
{
  return gtk_widget_has_css_class (ctd_test_find_by_class (GTK_WIDGET (page), "preview"), "error");
}

/* Whether the grid, as drawn, shows @text in a mapped cell. */
static gboolean
find_shown (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0 &&
      gtk_widget_get_mapped (root))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_shown (child, text))
      return TRUE;
  return FALSE;
}

/* The grid binds its rows as it lays them out: what it shows is read
 * once its layout has settled. */
gboolean
ctd_test_grid_shows (CtdMainWindow   *window,
                     CtdChouettePage *page,
                     const char      *text)
{
  GtkWidget *grid = GTK_WIDGET (ctd_test_page_grid (page));

  assert_ptr_equal (gtk_widget_get_root (grid), window);
  assert_true (ctd_test_wait_for_layout (grid, 5000, "the grid to be laid out"));
  return find_shown (grid, text);
}

const char *
ctd_test_chouette_status (CtdDocument *document,
                          guint        number)
{
  GListModel *chouettes = ctd_document_get_chouettes (document, 1);
  static char status[200];

  for (guint i = 0; i < g_list_model_get_n_items (chouettes); i++)
    {
      g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, i);
      g_autofree char *text = NULL;

      if (ctd_chouette_item_get_number (item) != number)
        continue;
      g_object_get (item, "status", &text, NULL);
      g_strlcpy (status, text, sizeof status);
      return status;
    }
  return "";
}

GtkMessageDialog *
ctd_test_find_confirmation (void)
{
  GtkWindow *dialog = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);

  assert_non_null (dialog);
  return GTK_MESSAGE_DIALOG (dialog);
}

char *
ctd_test_confirmation_detail (GtkMessageDialog *dialog)
{
  char *detail = NULL;

  g_object_get (dialog, "secondary-text", &detail, NULL);
  return detail;
}

void
ctd_test_set_paper (CtdChouettePage *page,
                    guint            p,
                    CtdHalves        total)
{
  g_autofree char *text = ctd_halves_to_string (total, FALSE);

  gtk_editable_set_text (GTK_EDITABLE (ctd_test_page_entry (page, p)), text);
}

/* Game @game's @line in the chouette @page shows, entered at the table
 * by its Box from one phone and confirmed by its Captain from another,
 * as the table server does: the page then offers to accept or reject
 * it. Returns the line's id. */
gint64
ctd_test_table_sends (CtdMainWindow   *window,
                      CtdChouettePage *page,
                      guint            game,
                      const char      *line)
{
  static guint n_forms;
  CtdDocument *document = ctd_main_window_get_document (window);
  guint number = ctd_chouette_page_get_number (page);
  CtdGameItem *row = ctd_test_grid_row (page, game);
  g_autofree char *secret = ctd_test_document_secret (document,
                                                      ctd_chouette_page_get_round (page), number);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(GError) error = NULL;
  guint box;
  gint64 id = 0;

  g_object_get (row, "box", &box, NULL);
  if (!ctd_document_submit (document, secret, game, line, box, request, "192.168.1.23",
                            CTD_TEST_PHONE_A, &id, &error) ||
      !ctd_document_answer_submission (document, secret, id, ctd_game_item_get_captain (row),
                                       TRUE, "192.168.1.24", CTD_TEST_PHONE_B, NULL, &error))
    fail_msg ("game %u “%s”: %s", game, line, error->message);
  return id;
}
