/* ctd-rounds-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-rounds-page"

#include "config.h"

#include "ctd-rounds-page.h"

#include <glib/gi18n.h>

#include "ctd-advance.h"
#include "ctd-record-items.h"
#include "ctd-rng.h"
#include "ctd-round.h"
#include "ctd-standings.h"
#include "ctd-ui.h"

/*
 * The rounds of the event: core's proposed plan for the players checked
 * in, the draw of the next round with its seed (shown, editable, stored
 * and printed), a redraw until the first result, and the chosen round's
 * chouettes with their progress and the round's secrecy, from its view
 * (ctd_document_get_round_view()).
 */

struct _CtdRoundsPage
{
  GtkWidget           parent_instance;

  /* template widgets */
  GtkLabel           *plan_label;
  GtkEntry           *seed_entry;
  GtkRevealer        *message_revealer;
  GtkLabel           *message_label;
  GtkDropDown        *round_dropdown;
  GtkLabel           *round_seed_label;
  GtkLabel           *round_state_label;
  GtkSingleSelection *selection;

  /* owned */
  CtdDocument        *document;
  CtdRoundView       *view;        /* the round selected, or NULL */
  GBindingGroup      *bindings;    /* the labels bound to @view's properties */
  GSignalGroup       *view_signals;
  GSignalGroup       *document_signals;
  gboolean            can_redraw;  /* rounds.redraw's state, for Enter */
};

G_DEFINE_FINAL_TYPE (CtdRoundsPage, ctd_rounds_page, GTK_TYPE_WIDGET)

static void
show_message (CtdRoundsPage *self,
              const char    *text,
              gboolean       is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

/* A seed as the director reads and types it (translatable strings take
 * it as %s: a format macro inside one would break the translation). */
static char *
seed_text (guint64 seed)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
}

static void
new_seed (CtdRoundsPage *self)
{
  g_autofree char *text = seed_text (ctd_rng_fresh_seed ());

  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), text);
}

/* Core's plan for the players checked in now. */
static void
update_plan (CtdRoundsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *plan_text = NULL;
  g_autofree char *text = NULL;
  guint registered, n;
  CtdPlan plan;

  if (self->document == NULL)
    return;
  ctd_document_count_players (self->document, &registered, &n);
  if (ctd_advance_plan (n, &plan, &error))
    plan_text = ctd_advance_plan_describe (&plan);
  else
    plan_text = g_strdup (error->message);
  text = g_strdup_printf (g_dngettext (NULL, "%u player checked in. %s",
                                       "%u players checked in. %s", n),
                          n, g_strchomp (plan_text));
  gtk_label_set_text (self->plan_label, text);
}

static const char *
state_words (CtdRoundState state)
{
  switch (state)
    {
    case CTD_ROUND_DRAWN:
      return _("No result entered yet: it can still be redrawn.");
    case CTD_ROUND_IN_PLAY:
      return _("In play.");
    case CTD_ROUND_COMPLETE:
      return _("Complete: every game entered, every paper total agrees.");
    case CTD_ROUND_RELEASED:
      return _("Released.");
    case CTD_ROUND_CLOSED:
    default:
      return _("Closed: the next round is drawn.");
    }
}

/* "Drawn with seed 42.", bound to the round's seed. */
static gboolean
seed_line_transform (GBinding     *binding,
                     const GValue *from,
                     GValue       *to,
                     gpointer      user_data)
{
  g_autofree char *seed_words = seed_text (g_value_get_uint64 (from));

  g_value_take_string (to, g_strdup_printf (_("Drawn with seed %s."), seed_words));
  return TRUE;
}

/* The round's state and what of it is public, in core's words, as the
 * Standings page says it. */
static void
update_state (CtdRoundsPage *self)
{
  g_autofree char *text = NULL;

  if (self->view == NULL)
    {
      gtk_label_set_text (self->round_state_label, "");
      return;
    }
  text = g_strdup_printf ("%s %s", state_words (ctd_round_view_get_state (self->view)),
                          ctd_round_view_get_publicity (self->view));
  gtk_label_set_text (self->round_state_label, text);
}

/* Shows the selected round's seed (selectable, to copy: the seed field
 * beside the draw button is the next draw's), chouettes, state and
 * secrecy. */
static void
update_round (CtdRoundsPage *self)
{
  CtdRoundItem *round = self->document != NULL
                          ? gtk_drop_down_get_selected_item (self->round_dropdown) : NULL;
  guint number = round != NULL ? ctd_round_item_get_number (round) : 0;
  CtdRoundView *view = NULL;

  /* Off screen, the page takes no view: a view follows every change
   * of its round for as long as the document lives. Shown, it does. */
  if (round != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if (round != NULL)
    view = ctd_document_get_round_view (self->document, number, NULL);
  if (view != self->view)
    {
      g_set_object (&self->view, view);
      g_binding_group_set_source (self->bindings, view);
      g_signal_group_set_target (self->view_signals, view);
    }
  gtk_single_selection_set_model (self->selection, view != NULL
                                  ? ctd_document_get_chouettes (self->document, number) : NULL);
  if (view == NULL)
    gtk_label_set_text (self->round_seed_label, "");
  update_state (self);
}

static void
update_actions (CtdRoundsPage *self)
{
  gboolean can_change = self->document != NULL && !ctd_document_get_read_only (self->document);
  GListModel *rounds = self->document != NULL ? ctd_document_get_rounds (self->document) : NULL;
  guint n_rounds = rounds != NULL ? g_list_model_get_n_items (rounds) : 0;
  gboolean can_redraw = FALSE;
  gboolean can_draw = TRUE;

  if (n_rounds > 0)
    {
      g_autoptr(CtdRoundItem) last = g_list_model_get_item (rounds, n_rounds - 1);
      CtdStage stage = CTD_STAGE_QUALIFYING;

      g_object_get (last, "stage", &stage, NULL);
      can_redraw = ctd_round_can_redraw (ctd_round_item_get_state (last), TRUE);
      can_draw = ctd_stage_has_next (stage);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.draw", can_change && can_draw);
  self->can_redraw = can_change && can_redraw;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.redraw", self->can_redraw);
}

static gboolean
read_seed (CtdRoundsPage *self,
           guint64       *out_seed)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->seed_entry));
  g_autoptr(GError) error = NULL;

  if (ctd_rng_parse_seed (text, out_seed, &error))
    return TRUE;
  show_message (self, error->message, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->seed_entry));
  return FALSE;
}

static void
select_last_round (CtdRoundsPage *self)
{
  guint n = g_list_model_get_n_items (ctd_document_get_rounds (self->document));

  if (n > 0)
    gtk_drop_down_set_selected (self->round_dropdown, n - 1);
  update_round (self);
}

static void
draw_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdRoundsPage *self = CTD_ROUNDS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *seed_words = NULL;
  guint64 seed;
  guint round;

  if (!read_seed (self, &seed))
    return;
  if (!ctd_document_draw_round (self->document, seed, &round, &error))
    {
      show_message (self, error->message, TRUE);
      return;
    }
  seed_words = seed_text (seed);
  text = g_strdup_printf (_("Drew round %u with seed %s."), round, seed_words);
  show_message (self, text, FALSE);
  select_last_round (self);
  new_seed (self);
}

static void
redraw_confirmed (gpointer user_data)
{
  CtdRoundsPage *self = user_data;
  g_autoptr(GError) error = NULL;
  GListModel *rounds = ctd_document_get_rounds (self->document);
  g_autoptr(CtdRoundItem) last = NULL;
  g_autofree char *seed_words = NULL;
  g_autofree char *text = NULL;
  guint64 seed;

  if (g_list_model_get_n_items (rounds) == 0 || !read_seed (self, &seed))
    return;
  last = g_list_model_get_item (rounds, g_list_model_get_n_items (rounds) - 1);
  if (!ctd_document_redraw_round (self->document, ctd_round_item_get_number (last), seed,
                                  &error))
    {
      show_message (self, error->message, TRUE);
      return;
    }
  seed_words = seed_text (seed);
  text = g_strdup_printf (_("Redrew round %u with seed %s."), ctd_round_item_get_number (last),
                          seed_words);
  show_message (self, text, FALSE);
  new_seed (self);
}

static void
redraw_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ctd_ui_confirm (widget, _("Draw the newest round again with the seed typed?"),
                  _("Every chouette of the round is replaced: sheets already printed no "
                    "longer apply."),
                  _("_Redraw"), redraw_confirmed, G_OBJECT (widget));
}

/* Enter in the seed field draws with it as the buttons do: the newest
 * round again while it can be redrawn (after the same confirmation),
 * else the next round. */
static void
seed_activated_cb (CtdRoundsPage *self,
                   GtkEntry      *entry)
{
  gtk_widget_activate_action (GTK_WIDGET (self),
                              self->can_redraw ? "rounds.redraw" : "rounds.draw", NULL);
}

/* The round shown follows its view; the plan and the draw buttons
 * follow the players and the newest round. */
static void
document_changed_cb (CtdRoundsPage *self,
                     CtdChange      what,
                     guint          round,
                     guint          chouette,
                     CtdDocument   *document)
{
  ctd_ui_expire_message (self->message_revealer);
  if (what & (CTD_CHANGE_PLAYERS | CTD_CHANGE_SETTINGS))
    update_plan (self);
  if (what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS |
              CTD_CHANGE_SETTINGS))
    update_actions (self);
}

static void
round_selected_cb (CtdRoundsPage *self,
                   GParamSpec    *pspec,
                   GtkDropDown   *dropdown)
{
  update_round (self);
}

/**
 * ctd_rounds_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's rounds, the newest selected, and follows their changes.
 */
void
ctd_rounds_page_set_document (CtdRoundsPage *self,
                              CtdDocument   *document)
{
  g_return_if_fail (CTD_IS_ROUNDS_PAGE (self));

  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  gtk_drop_down_set_model (self->round_dropdown,
                           document != NULL ? ctd_document_get_rounds (document) : NULL);
  if (document != NULL)
    {
      select_last_round (self);
      update_plan (self);
    }
  else
    update_round (self);
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  new_seed (self);
  update_actions (self);
}

/* A chouette activated (Enter, double click): its scoring page, through
 * the window's action. */
static void
chouette_activated_cb (CtdRoundsPage *self,
                       guint          position,
                       GtkColumnView *view)
{
  g_autoptr(CtdChouetteItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection),
                                                           position);

  if (item != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-chouette", "s",
                                ctd_chouette_item_get_label (item));
}

static void
ctd_rounds_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ctd_rounds_page_parent_class)->map (widget);
  update_round (CTD_ROUNDS_PAGE (widget));
}

static void
ctd_rounds_page_dispose (GObject *object)
{
  CtdRoundsPage *self = CTD_ROUNDS_PAGE (object);
  GtkWidget *child;

  ctd_rounds_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_ROUNDS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->bindings);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->view);
  G_OBJECT_CLASS (ctd_rounds_page_parent_class)->dispose (object);
}

static void
ctd_rounds_page_class_init (CtdRoundsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_rounds_page_dispose;
  widget_class->map = ctd_rounds_page_map;

  g_type_ensure (CTD_TYPE_ROUND_ITEM);
  g_type_ensure (CTD_TYPE_CHOUETTE_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-rounds-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, plan_label);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, seed_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, round_seed_label);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, round_state_label);
  gtk_widget_class_bind_template_child (widget_class, CtdRoundsPage, selection);
  gtk_widget_class_bind_template_callback (widget_class, chouette_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_activated_cb);
  gtk_widget_class_install_action (widget_class, "rounds.draw", NULL, draw_action);
  gtk_widget_class_install_action (widget_class, "rounds.redraw", NULL, redraw_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_rounds_page_init (CtdRoundsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_name_drop_down (self->round_dropdown, _("Round"));
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  g_signal_connect_object (self->round_dropdown, "notify::selected",
                           G_CALLBACK (round_selected_cb), self, G_CONNECT_SWAPPED);

  self->bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->bindings, "seed", self->round_seed_label, "label",
                             G_BINDING_SYNC_CREATE, seed_line_transform, NULL, NULL, NULL);
  self->view_signals = g_signal_group_new (CTD_TYPE_ROUND_VIEW);
  g_signal_group_connect_object (self->view_signals, "notify::state",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::publicity",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  self->document_signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "changed",
                                 G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  ctd_rounds_page_set_document (self, NULL);
}
