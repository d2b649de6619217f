/* ctd-standings-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-standings-page"

#include "config.h"

#include "ctd-standings-page-private.h"

#include <glib/gi18n.h>

#include "ctd-advance-dialog.h"
#include "ctd-display.h"
#include "ctd-record-items.h"
#include "ctd-ui.h"

/*
 * A round's standings, two ways: the director's (every score, rank, tie
 * and where each player goes) and, one toggle away, exactly what may be
 * posted, from the document's public model (rule 1.7: progress only
 * while a Qualifying or Semi-final round is unfinished). The page shows
 * the selected round's view (ctd_document_get_round_view()), its
 * properties bound, and draws in C only what a binding cannot: the
 * cells, and sentences made of several properties. A tie at the cut
 * shows its players and takes the roll-off's result
 * (ctd-standings-page-ties.c). Release and Advance… follow.
 */

/* What a cell drawn in C shows (the others bind item properties). */
typedef enum
{
  CELL_RANK = 1,
  CELL_CHOUETTE,
  CELL_NOTE,
  CELL_PUBLIC_NOTE,
} CellKind;

G_DEFINE_FINAL_TYPE (CtdStandingsPage, ctd_standings_page, GTK_TYPE_WIDGET)

void
standings_page_show_message (CtdStandingsPage *self,
                             const char       *text,
                             gboolean          is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

char *
standings_page_seed_text (guint64 seed)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
}
/* ---- cells ------------------------------------------------------------- */

static char *
cell_text (CtdStandingsPage *self,
           CtdStandingItem  *item,
           CellKind          kind)
{
  gint64 id = ctd_standing_item_get_player_id (item);
  guint rank, chouette;
  gboolean tied;

  switch (kind)
    {
    case CELL_RANK:
      g_object_get (item, "rank", &rank, "tied", &tied, NULL);
      return rank == 0 ? g_strdup ("") : g_strdup_printf ("%u%s", rank, tied ? "=" : "");
    case CELL_CHOUETTE:
      g_object_get (item, "chouette", &chouette, NULL);
      return g_strdup_printf ("%u.%u", self->view != NULL
                                         ? ctd_round_view_get_number (self->view) : 0,
                              chouette);
    case CELL_NOTE:
    case CELL_PUBLIC_NOTE:
    default:
      return g_strdup (self->view != NULL
                         ? ctd_round_view_get_cut_note (self->view, id, kind == CELL_PUBLIC_NOTE)
                         : NULL);
    }
}

static void
draw_cell (CtdStandingsPage *self,
           GtkListItem      *list_item)
{
  CellKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (list_item), "ctd-cell"));
  CtdStandingItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = item != NULL ? cell_text (self, item, kind) : NULL;

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text != NULL ? text : "");
}

static void
setup_label (GtkListItem *list_item,
             float        xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
start_label_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *list_item,
                      CtdStandingsPage         *self)
{
  setup_label (list_item, 0);
}

static void
end_label_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item,
                    CtdStandingsPage         *self)
{
  setup_label (list_item, 1);
}

static void
bind_cell (CtdStandingsPage *self,
           GtkListItem      *list_item,
           CellKind          kind)
{
  g_object_set_data (G_OBJECT (list_item), "ctd-cell", GINT_TO_POINTER (kind));
  g_ptr_array_add (self->cells, list_item);
  draw_cell (self, list_item);
}

static void
rank_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_RANK);
}

static void
chouette_bind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_CHOUETTE);
}

static void
note_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_NOTE);
}

static void
public_note_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *list_item,
                     CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_PUBLIC_NOTE);
}

static void
cell_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                CtdStandingsPage         *self)
{
  g_ptr_array_remove_fast (self->cells, list_item);
}

/* ---- the round --------------------------------------------------------- */

/* The notes by the cut changed: the cells drawn in C say them again
 * (@notes_only: only the notes' cells, the ranks and chouettes stand). */
static void
redraw_cells (CtdStandingsPage *self,
              gboolean          notes_only)
{
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkListItem *cell = g_ptr_array_index (self->cells, i);
      CellKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "ctd-cell"));

      if (!notes_only || kind == CELL_NOTE || kind == CELL_PUBLIC_NOTE)
        draw_cell (self, cell);
    }
}

static void
notes_changed_cb (CtdStandingsPage *self)
{
  redraw_cells (self, TRUE);
}

/* A widget's tooltip, set only when it says something new: setting one
 * asks the display where the pointer is (a round trip to the X server),
 * and the round's view notifies with each game recorded. */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

/* The Release button's tooltip: core's words for what releasing does. */
static void
update_release_tooltip (CtdStandingsPage *self)
{
  set_tooltip (self->release_button,
               self->view != NULL ? ctd_round_view_get_release (self->view)
                                  : ctd_display_describe_release (CTD_STAGE_QUALIFYING,
                                                                  CTD_ROUND_DRAWN));
}

/* What the posting shows instead of scores while they are secret: each
 * chouette that holds the round up, and why. */
static void
update_progress (CtdStandingsPage *self)
{
  g_autoptr(GString) text = NULL;
  const char *const *hold_ups;

  if (self->view == NULL)
    {
      gtk_label_set_text (self->progress_label, "");
      return;
    }
  if (ctd_round_view_get_scores_public (self->view))
    {
      gtk_label_set_text (self->progress_label, _("The scores of this round may be posted."));
      return;
    }
  text = g_string_new (_("Scores stay secret until every chouette of the round is complete "
                         "(rule 1.7)."));
  hold_ups = ctd_round_view_get_hold_ups (self->view);
  for (guint i = 0; hold_ups[i] != NULL; i++)
    g_string_append_printf (text, "\n%s", hold_ups[i]);
  gtk_label_set_text (self->progress_label, text->str);
}

void
standings_page_update_actions (CtdStandingsPage *self)
{
  gboolean can_change = self->document != NULL && !ctd_document_get_read_only (self->document) &&
                        self->view != NULL;
  gboolean tied = can_change && ctd_round_view_get_cut_tie (self->view) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.release",
                                 can_change && ctd_round_view_get_can_release (self->view));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.advance",
                                 can_change && ctd_round_view_get_can_advance (self->view));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.record-rolloff", tied);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.roll", tied);
}

/* The state on one line, and what of it is public, in core's words, as
 * the line's tooltip and accessible description: the line and the
 * Release button's tooltip (the view's "release") never disagree. One
 * line whatever the state: a line that wrapped as the round completed
 * changed the height of the list below it, and that frame laid out and
 * bound every row again (the round's last game took 20-30 ms to the
 * Standings page drawn, over the 16 ms of a frame). */
static void
update_state_label (CtdStandingsPage *self)
{
  g_autofree char *text = NULL;
  const char *publicity;
  CtdStage stage;
  guint round;

  if (self->view == NULL)
    {
      gtk_label_set_text (self->round_state_label, _("Nothing has been drawn yet."));
      set_tooltip (GTK_WIDGET (self->round_state_label), NULL);
      return;
    }
  stage = ctd_round_view_get_stage (self->view);
  round = ctd_round_view_get_number (self->view);
  publicity = ctd_round_view_get_publicity (self->view);
  /* Translators: the round's number, its stage ("Qualifying") and its
   * state ("in play"), on one line; what of it is public is its tooltip. */
  text = g_strdup_printf (_("Round %u (%s): %s."), round, ctd_stage_to_title (stage),
                          ctd_round_state_to_title (ctd_round_view_get_state (self->view)));
  gtk_label_set_text (self->round_state_label, text);
  /* (GTK gives a widget's tooltip as its accessible description too) */
  set_tooltip (GTK_WIDGET (self->round_state_label), publicity);
}

/* Any change of the round shown: a roll-off refused before no longer
 * stands. */
static void
view_changed_cb (CtdStandingsPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->tie_message_label), FALSE);
}

/* The view shown holds its list; the other holds none, so that a list
 * nobody sees relays nothing to hidden cells (a posting that turns
 * public replaces all its rows). The posting's list is made when first
 * shown: the round's view takes it then. */
static void
bind_lists (CtdStandingsPage *self)
{
  gboolean public_view = gtk_toggle_button_get_active (self->public_toggle);
  gboolean bound = self->view != NULL && gtk_widget_get_mapped (GTK_WIDGET (self));

  if (bound && public_view)
    ctd_document_get_standings (self->document, ctd_round_view_get_number (self->view), TRUE);
  gtk_single_selection_set_model (self->director_selection, bound && !public_view
                                  ? ctd_round_view_get_standings (self->view, FALSE) : NULL);
  gtk_no_selection_set_model (self->public_selection, bound && public_view
                              ? ctd_round_view_get_standings (self->view, TRUE) : NULL);
}

/* Shows the selected round's view. Off screen, the page takes none
 * (see ctd_standings_page_unmap()): it takes it when shown. */
static void
show_selected_round (CtdStandingsPage *self)
{
  CtdRoundItem *item = self->document != NULL
                         ? gtk_drop_down_get_selected_item (self->round_dropdown) : NULL;
  CtdRoundView *view = NULL;

  if (item != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if (item != NULL)
    {
      g_autoptr(GError) error = NULL;

      view = ctd_document_get_round_view (self->document, ctd_round_item_get_number (item),
                                          &error);
      if (view == NULL)
        g_warning ("Round %u could not be read: %s", ctd_round_item_get_number (item),
                   error->message);
    }
  if (view != self->view)
    {
      g_set_object (&self->view, view);
      g_binding_group_set_source (self->bindings, view);
      g_signal_group_set_target (self->view_signals, view);
    }
  if (view == NULL)
    {
      gtk_widget_set_visible (self->tie_box, FALSE);
      gtk_label_set_text (self->tie_label, "");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tie_message_label), FALSE);
  bind_lists (self);
  redraw_cells (self, FALSE);
  update_state_label (self);
  update_release_tooltip (self);
  update_progress (self);
  standings_page_update_actions (self);
}

static void
select_last_round (CtdStandingsPage *self)
{
  guint n = g_list_model_get_n_items (ctd_document_get_rounds (self->document));

  self->n_rounds = n;
  if (n > 0)
    gtk_drop_down_set_selected (self->round_dropdown, n - 1);
  show_selected_round (self);
}

/* A round drawn (Advance and Draw, or another program) is the one to
 * follow, as the public display does; the rest follows the view. */
static void
document_changed_cb (CtdStandingsPage *self,
                     CtdChange         what,
                     guint             round,
                     guint             chouette,
                     CtdDocument      *document)
{
  guint n;

  ctd_ui_expire_message (self->message_revealer);
  if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_SETTINGS)))
    return;
  n = g_list_model_get_n_items (ctd_document_get_rounds (self->document));
  if (gtk_drop_down_get_selected (self->round_dropdown) == GTK_INVALID_LIST_POSITION ||
      n > self->n_rounds)
    select_last_round (self);
  else
    {
      self->n_rounds = n;
      /* Read-only now (the event closed): the actions say so. */
      standings_page_update_actions (self);
    }
}

static void
ctd_standings_page_map (GtkWidget *widget)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);

  GTK_WIDGET_CLASS (ctd_standings_page_parent_class)->map (widget);
  show_selected_round (self);
}

/* Off screen, the page lets go of the round's lists: the document then
 * updates rows nobody draws, instead of relaying every rank that a
 * recorded game moves into hidden cells. Shown again, it binds them. */
static void
ctd_standings_page_unmap (GtkWidget *widget)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);

  gtk_single_selection_set_model (self->director_selection, NULL);
  gtk_no_selection_set_model (self->public_selection, NULL);
  GTK_WIDGET_CLASS (ctd_standings_page_parent_class)->unmap (widget);
}

static void
round_selected_cb (CtdStandingsPage *self,
                   GParamSpec       *pspec,
                   GtkDropDown      *dropdown)
{
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  show_selected_round (self);
}

static void
view_toggled_cb (CtdStandingsPage *self,
                 GParamSpec       *pspec,
                 GtkToggleButton  *toggle)
{
  gtk_stack_set_visible_child_name (self->view_stack,
                                    gtk_toggle_button_get_active (self->public_toggle)
                                      ? "public" : "director");
  bind_lists (self);
}

/**
 * ctd_standings_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's standings, the newest round selected, and follows
 * their changes.
 */
void
ctd_standings_page_set_document (CtdStandingsPage *self,
                                 CtdDocument      *document)
{
  g_return_if_fail (CTD_IS_STANDINGS_PAGE (self));

  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  gtk_drop_down_set_model (self->round_dropdown,
                           document != NULL ? ctd_document_get_rounds (document) : NULL);
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->rolloff_entry), "");
  if (document == NULL)
    {
      show_selected_round (self);
      return;
    }
  select_last_round (self);
}

/* ---- actions ----------------------------------------------------------- */

static void
release_confirmed (gpointer user_data)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint round;

  if (self->view == NULL)
    return;
  round = ctd_round_view_get_number (self->view);
  if (!ctd_document_release_round (self->document, round, &error))
    {
      standings_page_show_message (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("Released round %u: its scores and ranks are on the public display."),
                          round);
  standings_page_show_message (self, text, FALSE);
}

/* A release makes the scores public: asked once, in the words of what
 * it does (the button's tooltip too). */
static void
release_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  g_autofree char *question = NULL;

  if (self->view == NULL)
    return;
  /* Translators: %s is the round's stage ("Qualifying"), %u its number */
  question = g_strdup_printf (_("Release %s round %u?"),
                              ctd_stage_to_title (ctd_round_view_get_stage (self->view)),
                              ctd_round_view_get_number (self->view));
  ctd_ui_confirm (widget, question, ctd_round_view_get_release (self->view),
                  _("_Release"), release_confirmed, G_OBJECT (self));
}

/* A row activated (Enter, double click): the player's chouette on the
 * scoring page, through the window's action. */
static void
row_activated_cb (CtdStandingsPage *self,
                  guint             position,
                  GtkColumnView    *view)
{
  g_autoptr(CtdStandingItem) item = g_list_model_get_item (G_LIST_MODEL (self->director_selection),
                                                           position);
  g_autofree char *label = NULL;

  if (item == NULL)
    return;
  label = cell_text (self, item, CELL_CHOUETTE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-chouette", "s", label);
}

static void
advanced_cb (CtdStandingsPage *self,
             guint             round,
             guint64           seed,
             CtdAdvanceDialog *dialog)
{
  g_autofree char *seed_words = standings_page_seed_text (seed);
  g_autofree char *text = g_strdup_printf (_("Drew round %u from the advancers with seed %s: "
                                             "its sheets are on the Rounds page."),
                                           round, seed_words);

  standings_page_show_message (self, text, FALSE);
}

static void
advance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  CtdAdvanceDialog *dialog;

  if (self->view == NULL)
    return;
  dialog = ctd_advance_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   self->document, ctd_round_view_get_number (self->view));
  g_signal_connect_object (dialog, "advanced", G_CALLBACK (advanced_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- the type ---------------------------------------------------------- */

static void
ctd_standings_page_dispose (GObject *object)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (object);
  GtkWidget *child;

  ctd_standings_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_STANDINGS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->bindings);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->view);
  G_OBJECT_CLASS (ctd_standings_page_parent_class)->dispose (object);
}
static void
ctd_standings_page_finalize (GObject *object)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (object);

  g_ptr_array_unref (self->cells);
  G_OBJECT_CLASS (ctd_standings_page_parent_class)->finalize (object);
}

static void
bind_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, director_toggle);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, public_toggle);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, round_state_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, release_button);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_box);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, rolloff_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, director_selection);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, public_selection);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, progress_label);
  gtk_widget_class_bind_template_callback (widget_class, start_label_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_label_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, rank_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, chouette_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, note_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, public_note_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, cell_unbind_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
ctd_standings_page_class_init (CtdStandingsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_standings_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = ctd_standings_page_finalize;
  widget_class->map = ctd_standings_page_map;
  widget_class->unmap = ctd_standings_page_unmap;

  g_type_ensure (CTD_TYPE_ROUND_ITEM);
  g_type_ensure (CTD_TYPE_STANDING_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-standings-page.ui");
  bind_template (widget_class);
  gtk_widget_class_install_action (widget_class, "standings.release", NULL, release_action);
  gtk_widget_class_install_action (widget_class, "standings.advance", NULL, advance_action);
  standings_page_init_ties (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
connect_view (CtdStandingsPage *self,
              const char       *detailed_signal,
              GCallback         callback)
{
  g_signal_group_connect_object (self->view_signals, detailed_signal, callback, self,
                                 G_CONNECT_SWAPPED);
}

static void
ctd_standings_page_init (CtdStandingsPage *self)
{
  self->cells = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  g_signal_connect_object (self->round_dropdown, "notify::selected",
                           G_CALLBACK (round_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->public_toggle, "notify::active",
                           G_CALLBACK (view_toggled_cb), self, G_CONNECT_SWAPPED);

  /* The round shown: its properties bound, the rest drawn when they
   * notify. */
  self->bindings = g_binding_group_new ();
  standings_page_bind_tie (self);
  self->view_signals = g_signal_group_new (CTD_TYPE_ROUND_VIEW);
  connect_view (self, "notify::state", G_CALLBACK (update_state_label));
  connect_view (self, "notify::publicity", G_CALLBACK (update_state_label));
  connect_view (self, "notify::release", G_CALLBACK (update_release_tooltip));
  connect_view (self, "notify::scores-public", G_CALLBACK (update_progress));
  connect_view (self, "notify::hold-ups", G_CALLBACK (update_progress));
  connect_view (self, "notify::cut-notes", G_CALLBACK (notes_changed_cb));
  connect_view (self, "notify::public-cut-notes", G_CALLBACK (notes_changed_cb));
  connect_view (self, "notify::can-release", G_CALLBACK (standings_page_update_actions));
  connect_view (self, "notify::can-advance", G_CALLBACK (standings_page_update_actions));
  connect_view (self, "notify::cut-tie", G_CALLBACK (standings_page_update_actions));
  connect_view (self, "changed", G_CALLBACK (view_changed_cb));
  self->document_signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "changed",
                                 G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  ctd_standings_page_set_document (self, NULL);
}
