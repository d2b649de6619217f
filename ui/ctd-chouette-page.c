/* ctd-chouette-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include "ctd-chouette-page.h"

#include <glib/gi18n.h>

#include "ctd-chouette-page-private.h"
#include "ctd-record-items.h"
#include "ctd-ui.h"

/*
 * One chouette, as the returned paper sheet is entered: reached from the
 * Rounds page, from "Go to chouette" and by win.show-chouette. The page
 * binds to the chouette's CtdChouetteView and shows only what it says:
 * the grid (ctd-chouette-page-sheet.c), the next game to enter selected,
 * its line checked by core as it is typed, the totals and the paper's.
 * Every change goes through the document; the view then says what
 * changed, whoever made the change (this page, undo, another program),
 * and the page follows it.
 */

G_DEFINE_FINAL_TYPE (CtdChouettePage, ctd_chouette_page, GTK_TYPE_WIDGET)

void
ctd_chouette_page_show_message (CtdChouettePage *self,
                                const char      *text,
                                gboolean         is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

void
ctd_chouette_page_hide_message (CtdChouettePage *self)
{
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
}

/* The game whose line is in the field (1..12), or 0. */
guint
ctd_chouette_page_selected_game (CtdChouettePage *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);

  return position == GTK_INVALID_LIST_POSITION ? 0 : position + 1;
}

CtdGameItem *
ctd_chouette_page_selected_item (CtdChouettePage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

void
ctd_chouette_page_select_game (CtdChouettePage *self,
                               guint            game)
{
  if (game >= 1 && game <= CTD_N_GAMES)
    gtk_single_selection_set_selected (self->selection, game - 1);
}

const char *
ctd_chouette_page_notation_text (CtdChouettePage *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->notation_entry));
}

/* ---- the line as it is typed --------------------------------------------- */

void
ctd_chouette_page_set_preview (CtdChouettePage *self,
                               const char      *text,
                               gboolean         is_error)
{
  gtk_label_set_text (self->preview_label, text);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->preview_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->preview_label), "error");
}

/* The selected game as the rules see it, and the players' names;
 * FALSE for a last-segment game whose Captain is not known yet. */
static gboolean
game_context (CtdChouettePage *self,
              CtdGameItem     *item,
              CtdGameContext  *out_context,
              const char     **out_names)
{
  out_context->game = ctd_game_item_get_game (item);
  out_context->size = ctd_chouette_view_get_size (self->view);
  out_context->captain = ctd_game_item_get_captain (item);
  g_object_get (item, "box", &out_context->box, "cube", &out_context->cube_start, NULL);
  for (guint p = 1; p <= out_context->size; p++)
    out_names[p - 1] = ctd_chouette_view_get_name (self->view, p);
  return out_context->captain != 0;
}

/* Rule 3.2 in words, when it made a gammon score single. */
static char *
describe_jacoby (CtdChouettePage *self,
                 CtdGameItem     *item,
                 const char      *canonical)
{
  const char *names[CTD_MAX_PLAYERS + 1] = { NULL, };
  CtdGameContext context = { 0, };
  g_autoptr(CtdResult) result = NULL;

  if (!game_context (self, item, &context, names))
    return NULL;
  result = ctd_result_parse (&context, canonical, NULL);
  return result != NULL ? ctd_result_describe_jacoby (result, names) : NULL;
}

/* What the typed line would do, in core's numbers or core's words. */
static void
update_preview (CtdChouettePage *self)
{
  CtdGameItem *item = ctd_chouette_page_selected_item (self);
  g_autofree char *line = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *jacoby = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = NULL;
  CtdHalves deltas[CTD_MAX_PLAYERS], totals[CTD_MAX_PLAYERS];
  guint game, size;

  if (self->view == NULL || item == NULL || !ctd_chouette_view_get_editable (self->view))
    {
      ctd_chouette_page_set_preview (self, "", FALSE);
      return;
    }
  game = ctd_game_item_get_game (item);
  line = g_strstrip (g_strdup (ctd_chouette_page_notation_text (self)));
  if (*line == '\0')
    {
      g_autofree char *hint = NULL;

      if (ctd_game_item_get_recorded (item))
        hint = g_strdup_printf (_("Game %u has a result; Delete clears it (after a "
                                  "confirmation)."), game);
      else
        hint = g_strdup_printf (_("Type game %u's result; Enter records it."), game);
      ctd_chouette_page_set_preview (self, hint, FALSE);
      return;
    }
  if (ctd_game_item_get_recorded (item) && !self->edited &&
      !ctd_chouette_page_field_holds_table_line (self))
    {
      g_autofree char *hint = g_strdup_printf (_("Game %u is entered. A line typed here replaces "
                                                 "it, after a confirmation; Enter moves on."),
                                               game);

      ctd_chouette_page_set_preview (self, hint, FALSE);
      return;
    }
  if (!ctd_chouette_view_preview (self->view, game, line, deltas, totals, &canonical, &error))
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return;
    }
  text = g_string_new (NULL);
  if (ctd_game_item_get_recorded (item))
    g_string_append_printf (text, _("Replaces “%s” with “%s”:"), ctd_game_item_get_notation (item),
                            canonical);
  else
    g_string_append_printf (text, _("Records “%s”:"), canonical);
  size = ctd_chouette_view_get_size (self->view);
  for (guint p = 1; p <= size; p++)
    {
      g_autofree char *delta = ctd_halves_to_string (deltas[p - 1], TRUE);
      g_autofree char *total = ctd_halves_to_string (totals[p - 1], TRUE);

      /* TRANSLATORS: "2 Bob +4 (total -2)", one a player */
      g_string_append_printf (text, _("%s %u %s %s (total %s)"), p > 1 ? " ·" : "", p,
                              ctd_chouette_view_get_name (self->view, p), delta, total);
    }
  /* "T 3:4" at a starting cube of 4 is stored as "T": said before Enter. */
  stored = ctd_chouette_view_describe_stored (self->view, game, line);
  if (stored != NULL)
    g_string_append_printf (text, "\n%s", stored);
  jacoby = describe_jacoby (self, item, canonical);
  if (jacoby != NULL)
    g_string_append_printf (text, "\n%s", jacoby);
  ctd_chouette_page_set_preview (self, text->str, FALSE);
}

static void
notation_changed_cb (CtdChouettePage *self)
{
  if (!self->loading)
    self->edited = TRUE;
  update_preview (self);
  ctd_chouette_page_update_table_bar (self);
  /* A line typed (or loaded) is shown by the form too, when it reads;
   * the form leaves its rows alone for the line it already describes. */
  if (!self->from_form && gtk_revealer_get_reveal_child (self->guided_revealer))
    ctd_guided_form_set_notation (self->guided_form, ctd_chouette_page_notation_text (self));
}

/* The selected game's stored line in the field, unless the director is
 * typing one. */
void
ctd_chouette_page_load_field (CtdChouettePage *self,
                              gboolean         force)
{
  CtdGameItem *item = ctd_chouette_page_selected_item (self);
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;
  guint game;

  if (item == NULL)
    return;
  game = ctd_game_item_get_game (item);
  /* TRANSLATORS: before the field; the underlined letter focuses it */
  label = g_strdup_printf (_("Game %u _notation"), game);
  gtk_label_set_text_with_mnemonic (self->game_label, label);
  name = g_strdup_printf (_("Result notation, game %u"), game);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->notation_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (force || !self->edited)
    {
      /* A line the table sent waits: it is what Enter accepts. */
      CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);

      self->loading = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->notation_entry),
                             waiting != NULL ? ctd_submission_item_get_line (waiting)
                                             : ctd_game_item_get_notation (item));
      gtk_editable_set_position (GTK_EDITABLE (self->notation_entry), -1);
      self->loading = FALSE;
      self->edited = FALSE;
    }
  update_preview (self);
  ctd_chouette_page_update_table_bar (self);
}

static void guided_notation_cb (CtdChouettePage *self);

/* The guided form describes the selected game (its schedule, the
 * players' names) and starts from the line in the field, if it reads.
 * Hidden, it waits until it is shown (guided_revealed_cb()): a game
 * typed in the field would rebuild its lists for nobody. */
static void
update_guided_form (CtdChouettePage *self)
{
  CtdGameItem *item = ctd_chouette_page_selected_item (self);
  const char *names[CTD_MAX_PLAYERS + 1] = { NULL, };
  CtdGameContext context = { 0, };
  gboolean known;

  if (item == NULL || self->view == NULL || !gtk_revealer_get_reveal_child (self->guided_revealer))
    return;
  known = game_context (self, item, &context, names);
  /* A last-segment game before games 1..9 are in has no Captain yet: no
   * form to fill (the field's preview says what is missing). */
  gtk_widget_set_sensitive (GTK_WIDGET (self->guided_form), known);
  if (!known)
    return;
  self->from_form = TRUE;
  ctd_guided_form_set_game (self->guided_form, &context, names);
  self->from_form = FALSE;
  /* The field's line, when there is one; else, with the form open, the
   * form's starting line goes into the field: the two never disagree. */
  if (*ctd_chouette_page_notation_text (self) != '\0')
    ctd_guided_form_set_notation (self->guided_form, ctd_chouette_page_notation_text (self));
  else
    guided_notation_cb (self);
}

/* The form writes its line into the field, whose preview checks it and
 * whose Enter records it: one path for both ways of entering a game. */
static void
guided_notation_cb (CtdChouettePage *self)
{
  const char *line = ctd_guided_form_get_notation (self->guided_form);

  if (self->from_form || !gtk_revealer_get_reveal_child (self->guided_revealer) ||
      g_strcmp0 (line, ctd_chouette_page_notation_text (self)) == 0)
    return;
  self->from_form = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->notation_entry), line);
  gtk_editable_set_position (GTK_EDITABLE (self->notation_entry), -1);
  self->from_form = FALSE;
}

/* The selected row in sight: the grid has few rows while the guided form
 * is open. GtkColumnView 4.8 scrolls only through its list's action. */
static void
scroll_to_selected (CtdChouettePage *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position == GTK_INVALID_LIST_POSITION)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

static gboolean
scroll_idle_cb (gpointer user_data)
{
  CtdChouettePage *self = user_data;

  self->scroll_idle = 0;
  scroll_to_selected (self);
  return G_SOURCE_REMOVE;
}

/* The grid grew or shrank (the form shown, an extra added, the window
 * resized): once laid out, its selected row in sight again. */
static void
grid_resized_cb (CtdChouettePage *self)
{
  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add (scroll_idle_cb, self);
}

/* The grid's least height: seven rows under the field where a line is
 * typed (the template's), the header and two rows under the guided form,
 * whole on a laptop's screen. */
#define GRID_HEIGHT_WITH_FORM 74
#define GRID_HEIGHT           300

/* Shown (F4, the button): the form takes the game and the keyboard, and
 * the grid's room; hidden: the keyboard goes back to the field. */
static void
guided_revealed_cb (CtdChouettePage *self)
{
  gboolean shown = gtk_revealer_get_reveal_child (self->guided_revealer);
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (self->column_view));

  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              shown ? GRID_HEIGHT_WITH_FORM : GRID_HEIGHT);
  if (shown)
    {
      update_guided_form (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->guided_form));
      scroll_to_selected (self);
    }
  else if (gtk_widget_is_sensitive (GTK_WIDGET (self->notation_entry)))
    gtk_widget_grab_focus (GTK_WIDGET (self->notation_entry));
}

/* Enter (or a double click) on a row: its line, in the field. */
static void
grid_activate_cb (CtdChouettePage *self,
                  guint            position)
{
  ctd_chouette_page_select_game (self, position + 1);
  if (gtk_widget_is_sensitive (GTK_WIDGET (self->notation_entry)))
    gtk_widget_grab_focus (GTK_WIDGET (self->notation_entry));
}

static void
selection_changed_cb (CtdChouettePage *self)
{
  ctd_chouette_page_load_field (self, TRUE);
  update_guided_form (self);
  scroll_to_selected (self);
}

/* ---- following the view -------------------------------------------------- */

/* "1 Ann · 2 Bob — stake 5.00 a point": the names have no property. */
static void
update_players (CtdChouettePage *self)
{
  CtdChouetteView *view = self->view;
  g_autoptr(GString) players = g_string_new (NULL);
  guint size = ctd_chouette_view_get_size (view);

  for (guint p = 1; p <= size; p++)
    g_string_append_printf (players, "%s%u %s", p > 1 ? " · " : "", p,
                            ctd_chouette_view_get_name (view, p));
  /* TRANSLATORS: after the players, the stake: "1 Ann · 2 Bob — stake 5.00 a point" */
  g_string_append_printf (players, _(" — stake %s a point"), ctd_chouette_view_get_stake (view));
  gtk_label_set_text (self->players_label, players->str);
}

/* Nothing can be entered: the page's commands say so too (the field
 * and the paper totals follow "editable" through their bindings). */
static void
editable_changed_cb (CtdChouettePage *self)
{
  gboolean editable = self->view != NULL && ctd_chouette_view_get_editable (self->view);
  static const char *const actions[] = { "chouette.record", "chouette.clear-game",
                                         "chouette.check-paper", "chouette.guided-form" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], editable);
  if (!editable)
    gtk_toggle_button_set_active (self->guided_button, FALSE);
  ctd_chouette_page_update_table_bar (self);
}

/* What the view's properties do not carry, again: the players' columns,
 * names and totals, and the selected game's line; the rows follow their
 * items, the rest its bindings (ctd-chouette-page-bind.c). */
static void
follow_view (CtdChouettePage *self)
{
  if (self->view == NULL || !ctd_chouette_view_get_exists (self->view))
    return;
  ctd_chouette_page_build_players (self);
  update_players (self);
  ctd_chouette_page_update_totals (self);
  if (gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION)
    ctd_chouette_page_select_game (self, MAX (ctd_chouette_view_get_next_game (self->view), 1));
  /* The selected game's line may have changed (an undo, another
   * program); what the director is typing stays, checked again. */
  ctd_chouette_page_load_field (self, FALSE);
  update_guided_form (self);
}

static void
view_changed_cb (CtdChouettePage *self)
{
  ctd_ui_expire_message (self->message_revealer);
  follow_view (self);
}

static void
set_view (CtdChouettePage *self,
          CtdChouetteView *view)
{
  if (self->view == view)
    return;
  g_set_object (&self->view, view);
  g_clear_object (&self->waiting);
  if (view != NULL && self->document != NULL)
    {
      g_autoptr(GError) error = NULL;
      GListModel *waiting = ctd_document_get_waiting_lines (self->document,
                                                            ctd_chouette_view_get_round (view),
                                                            ctd_chouette_view_get_number (view),
                                                            &error);

      if (waiting == NULL)
        g_warning ("The table's lines of chouette %s cannot be read: %s",
                   ctd_chouette_view_get_label (view), error->message);
      self->waiting = waiting != NULL ? g_object_ref (waiting) : NULL;
    }
  gtk_single_selection_set_model (self->selection,
                                  view != NULL ? ctd_chouette_view_get_games (view) : NULL);
  self->paper_edited = FALSE;
  self->edited = FALSE;
  /* Every bound widget and handler moves to the new view at once. */
  g_binding_group_set_source (self->view_bindings, view);
  g_signal_group_set_target (self->view_signals, view);
  ctd_chouette_page_build_players (self);
}

/* No chouette asked for yet. */
static void
show_none (CtdChouettePage *self)
{
  gtk_label_set_text (self->none_label, self->none_hint);
  gtk_stack_set_visible_child_name (self->stack, "none");
}

/* A new round drawn (Advance and Draw, a redo, another program): the
 * page goes on to its first chouette, the next sheets to enter; the
 * round undone, it goes back to the chouette it left. A page showing no
 * chouette stays so. */
static void
document_changed_cb (CtdChouettePage *self,
                     CtdChange        what,
                     guint            round,
                     guint            chouette)
{
  guint n, from_round = self->round, from_number = self->number;

  if (!(what & CTD_CHANGE_ROUNDS))
    return;
  n = g_list_model_get_n_items (ctd_document_get_rounds (self->document));
  if (n > self->n_rounds && from_round != 0 && from_round < n)
    {
      if (ctd_chouette_page_show (self, n, 1, NULL))
        {
          self->left_round = from_round;
          self->left_number = from_number;
        }
    }
  else if (n < self->n_rounds && from_round > n && self->left_round != 0 && self->left_round <= n)
    ctd_chouette_page_show (self, self->left_round, self->left_number, NULL);
  self->n_rounds = n;
}

/* ---- the page ------------------------------------------------------------ */

/**
 * ctd_chouette_page_set_document:
 * @self: a chouette page
 * @document: (nullable): the open event
 *
 * Follows @document; no chouette is shown until one is asked for.
 */
void
ctd_chouette_page_set_document (CtdChouettePage *self,
                                CtdDocument     *document)
{
  g_return_if_fail (CTD_IS_CHOUETTE_PAGE (self));

  set_view (self, NULL);
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  self->n_rounds = document != NULL
                   ? g_list_model_get_n_items (ctd_document_get_rounds (document)) : 0;
  self->round = self->number = 0;
  self->left_round = self->left_number = 0;
  ctd_chouette_page_hide_message (self);
  show_none (self);
}

/**
 * ctd_chouette_page_show:
 * @self: a chouette page
 * @round: a round
 * @number: a chouette of @round
 * @error: return location for a #GError
 *
 * Shows chouette @round.@number with its next game to enter selected;
 * one that does not exist is refused in core's words, and the page
 * keeps what it shows.
 *
 * Returns: whether the chouette is shown
 */
gboolean
ctd_chouette_page_show (CtdChouettePage  *self,
                        guint             round,
                        guint             number,
                        GError          **error)
{
  CtdChouetteView *view;
  guint next;

  g_return_val_if_fail (CTD_IS_CHOUETTE_PAGE (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  view = ctd_document_get_chouette_view (self->document, round, number, error);
  if (view == NULL)
    return FALSE;
  if (!ctd_chouette_view_get_exists (view))
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND, "%s",
                   ctd_chouette_view_get_locked_reason (view));
      return FALSE;
    }
  set_view (self, view);
  self->round = round;
  self->number = number;
  ctd_chouette_page_hide_message (self);
  /* The next game to enter; all entered: the last, to correct. */
  next = ctd_chouette_view_get_next_game (view);
  ctd_chouette_page_select_game (self, next != 0 ? next : CTD_N_GAMES);
  ctd_chouette_page_load_field (self, TRUE);
  follow_view (self);
  return TRUE;
}

/**
 * ctd_chouette_page_get_round:
 * @self: a chouette page
 *
 * Returns: the round of the chouette shown, or 0
 */
guint
ctd_chouette_page_get_round (CtdChouettePage *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_PAGE (self), 0);
  return self->round;
}

/**
 * ctd_chouette_page_get_number:
 * @self: a chouette page
 *
 * Returns: the number of the chouette shown in its round, or 0
 */
guint
ctd_chouette_page_get_number (CtdChouettePage *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_PAGE (self), 0);
  return self->number;
}

/**
 * ctd_chouette_page_get_view:
 * @self: a chouette page
 *
 * Returns: (transfer none) (nullable): the view of the chouette shown
 */
CtdChouetteView *
ctd_chouette_page_get_view (CtdChouettePage *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_PAGE (self), NULL);
  return self->view;
}

/* The window focuses the page after win.show-chouette: the keyboard goes
 * to the field, or to the grid while nothing can be entered. */
static gboolean
ctd_chouette_page_grab_focus (GtkWidget *widget)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);

  if (self->view == NULL || !ctd_chouette_view_get_exists (self->view))
    return GTK_WIDGET_CLASS (ctd_chouette_page_parent_class)->grab_focus (widget);
  if (ctd_chouette_view_get_editable (self->view))
    return gtk_widget_grab_focus (GTK_WIDGET (self->notation_entry));
  return gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
ctd_chouette_page_dispose (GObject *object)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (object);
  GtkWidget *child;

  set_view (self, NULL);
  g_clear_object (&self->view_bindings);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_CHOUETTE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->player_columns, g_ptr_array_unref);
  G_OBJECT_CLASS (ctd_chouette_page_parent_class)->dispose (object);
}

static void
ctd_chouette_page_finalize (GObject *object)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (object);

  g_free (self->confirm_notation);
  g_free (self->none_hint);
  G_OBJECT_CLASS (ctd_chouette_page_parent_class)->finalize (object);
}

static void
ctd_chouette_page_class_init (CtdChouettePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_chouette_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = ctd_chouette_page_finalize;
  widget_class->grab_focus = ctd_chouette_page_grab_focus;

  g_type_ensure (CTD_TYPE_GAME_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-chouette-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, stack);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, none_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, players_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, locked_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, locked_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, column_view);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, selection);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, entry_box);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, table_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, table_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, table_detail_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, game_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, notation_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, preview_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, guided_button);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, guided_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, guided_box);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, totals_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, crosscheck_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, last_order_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, settlement_label);
  gtk_widget_class_bind_template_callback (widget_class, notation_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, grid_activate_cb);
  ctd_chouette_page_bind_cells (widget_class);

  ctd_chouette_page_install_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_chouette_page_init (CtdChouettePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  self->none_hint = g_strdup (gtk_label_get_text (self->none_label));
  self->view_bindings = g_binding_group_new ();
  ctd_chouette_page_bind_view (self);
  self->view_signals = g_signal_group_new (CTD_TYPE_CHOUETTE_VIEW);
  g_signal_group_connect_object (self->view_signals, "changed", G_CALLBACK (view_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::editable",
                                 G_CALLBACK (editable_changed_cb), self, G_CONNECT_SWAPPED);
  /* A view shown: the commands as it says, before any change. */
  g_signal_connect_object (self->view_signals, "bind", G_CALLBACK (editable_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->document_signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  /* After the chouettes' views read the change: the page may show one. */
  g_signal_group_connect_object (self->document_signals, "changed",
                                 G_CALLBACK (document_changed_cb), self,
                                 G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* The document's lists of the tables' lines are up to date by then. */
  g_signal_group_connect_object (self->document_signals, "submissions-changed",
                                 G_CALLBACK (ctd_chouette_page_follow_table_lines), self,
                                 G_CONNECT_SWAPPED);
  ctd_chouette_page_init_columns (self);
  self->guided_form = CTD_GUIDED_FORM (ctd_guided_form_new ());
  gtk_box_append (self->guided_box, GTK_WIDGET (self->guided_form));
  g_signal_connect_object (self->guided_form, "notify::notation",
                           G_CALLBACK (guided_notation_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->guided_revealer, "notify::reveal-child",
                           G_CALLBACK (guided_revealed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->column_view)),
                           "changed", G_CALLBACK (grid_resized_cb), self, G_CONNECT_SWAPPED);
  ctd_chouette_page_set_document (self, NULL);
}
