/* ctd-results-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-results-page"

#include "config.h"

#include "ctd-results-page.h"

#include <glib/gi18n.h>

#include "ctd-record-items.h"
#include "ctd-outcome-items.h"
#include "ctd-ui.h"

/*
 * The end of the event: the Final's placings 1st to 4th (rule 1.9), or
 * what holds the Final up, with every tie a roll-off must settle; then
 * the money (rule 1.8): the entry fee against the stake, and for the
 * chosen round who pays whom in each chouette. Everything shown is the
 * document's final view (CtdFinalView, what `results` and `settle`
 * print), kept up to date by the document whoever changed the file: the
 * page binds to it, and its round chooser and the view's round to
 * settle follow each other.
 */

struct _CtdResultsPage
{
  GtkWidget       parent_instance;

  /* template widgets */
  GtkLabel       *final_status_label;
  GtkLabel       *ties_label;
  GtkWidget      *placings_frame;
  GtkNoSelection *placings_selection;
  GtkLabel       *fee_label;
  GtkDropDown    *round_dropdown;
  GtkLabel       *stake_label;
  GtkNoSelection *settlements_selection;

  /* owned */
  CtdDocument    *document;
  CtdFinalView   *view;   /* taken when first shown */
  GBindingGroup  *bindings;
};

G_DEFINE_FINAL_TYPE (CtdResultsPage, ctd_results_page, GTK_TYPE_WIDGET)

/* ---- from the view's values to the widgets' ----------------------------- */

/* A line the view may leave unset: shown only when set. */
static gboolean
text_or_empty (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL ? text : "");
  return TRUE;
}

static gboolean
is_set (GBinding     *binding,
        const GValue *from,
        GValue       *to,
        gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_boolean (to, text != NULL && *text != '\0');
  return TRUE;
}

/* Where the director settles a tie: this window's Standings page. */
static gboolean
ties_text (GBinding     *binding,
           const GValue *from,
           GValue       *to,
           gpointer      user_data)
{
  const char *ties = g_value_get_string (from);

  if (ties == NULL)
    g_value_set_string (to, "");
  else
    g_value_take_string (to, g_strdup_printf (_("%s: a roll-off decides. Resolve it on the "
                                                "Standings page."), ties));
  return TRUE;
}

/* The chooser lists the document's rounds; the view names a round by
 * its number. */
static gboolean
round_to_position (GBinding     *binding,
                   const GValue *from,
                   GValue       *to,
                   gpointer      user_data)
{
  CtdResultsPage *self = user_data;
  GListModel *rounds = gtk_drop_down_get_model (self->round_dropdown);
  guint round = g_value_get_uint (from);
  guint n = rounds != NULL ? g_list_model_get_n_items (rounds) : 0;

  g_value_set_uint (to, GTK_INVALID_LIST_POSITION);
  for (guint i = 0; i < n && round != 0; i++)
    {
      g_autoptr(CtdRoundItem) item = g_list_model_get_item (rounds, i);

      if (ctd_round_item_get_number (item) == round)
        g_value_set_uint (to, i);
    }
  return TRUE;
}

static gboolean
position_to_round (GBinding     *binding,
                   const GValue *from,
                   GValue       *to,
                   gpointer      user_data)
{
  CtdResultsPage *self = user_data;
  GListModel *rounds = gtk_drop_down_get_model (self->round_dropdown);
  guint position = g_value_get_uint (from);
  g_autoptr(CtdRoundItem) item = NULL;

  if (rounds != NULL && position != GTK_INVALID_LIST_POSITION)
    item = g_list_model_get_item (rounds, position);
  g_value_set_uint (to, item != NULL ? ctd_round_item_get_number (item) : 0);
  return TRUE;
}

static void
bind_view (CtdResultsPage *self)
{
  GBindingGroup *group = self->bindings;
  const GBindingFlags flags = G_BINDING_SYNC_CREATE;

  g_binding_group_bind_full (group, "status", self->final_status_label, "label", flags,
                             text_or_empty, NULL, NULL, NULL);
  g_binding_group_bind_full (group, "status", self->final_status_label, "visible", flags,
                             is_set, NULL, NULL, NULL);
  g_binding_group_bind_full (group, "ties", self->ties_label, "label", flags, ties_text, NULL,
                             NULL, NULL);
  g_binding_group_bind_full (group, "ties", self->ties_label, "visible", flags, is_set, NULL,
                             NULL, NULL);
  g_binding_group_bind (group, "complete", self->placings_frame, "visible", flags);
  g_binding_group_bind (group, "placings", self->placings_selection, "model", flags);
  g_binding_group_bind_full (group, "fee-warning", self->fee_label, "label", flags,
                             text_or_empty, NULL, NULL, NULL);
  g_binding_group_bind_full (group, "fee-warning", self->fee_label, "visible", flags, is_set,
                             NULL, NULL, NULL);
  g_binding_group_bind_full (group, "stake-text", self->stake_label, "label", flags,
                             text_or_empty, NULL, NULL, NULL);
  g_binding_group_bind (group, "settlements", self->settlements_selection, "model", flags);
  g_binding_group_bind_full (group, "settlement-round", self->round_dropdown, "selected",
                             flags | G_BINDING_BIDIRECTIONAL, round_to_position,
                             position_to_round, self, NULL);
}

/* No view bound (no event, or one that cannot be read): nothing of an
 * event shown before stays, and @message (nullable) says why. */
static void
show_nothing (CtdResultsPage *self,
              const char     *message)
{
  gtk_label_set_text (self->final_status_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->final_status_label), message != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->ties_label), FALSE);
  gtk_widget_set_visible (self->placings_frame, FALSE);
  gtk_no_selection_set_model (self->placings_selection, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->fee_label), FALSE);
  gtk_label_set_text (self->stake_label, "");
  gtk_no_selection_set_model (self->settlements_selection, NULL);
}

/* The document's final view, taken when the page is first shown: until
 * then neither opening the event nor each game recorded reads the
 * Final's placings and every round's settlements for a hidden page. */
static void
show_view (CtdResultsPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->view != NULL || self->document == NULL)
    return;
  self->view = ctd_document_get_final_view (self->document, &error);
  if (self->view == NULL)
    {
      show_nothing (self, error->message);
      return;
    }
  g_object_ref (self->view);
  g_binding_group_set_source (self->bindings, self->view);
}

static void
ctd_results_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ctd_results_page_parent_class)->map (widget);
  show_view (CTD_RESULTS_PAGE (widget));
}

/**
 * ctd_results_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's final and money, the newest round's settlements
 * first, and follows their changes.
 */
void
ctd_results_page_set_document (CtdResultsPage *self,
                               CtdDocument    *document)
{
  g_return_if_fail (CTD_IS_RESULTS_PAGE (self));

  /* The chooser's new list must not choose a round in the old view. */
  g_binding_group_set_source (self->bindings, NULL);
  g_clear_object (&self->view);
  gtk_drop_down_set_model (self->round_dropdown,
                           document != NULL ? ctd_document_get_rounds (document) : NULL);
  g_set_object (&self->document, document);
  show_nothing (self, NULL);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    show_view (self);
}

static void
ctd_results_page_dispose (GObject *object)
{
  CtdResultsPage *self = CTD_RESULTS_PAGE (object);
  GtkWidget *child;

  g_clear_object (&self->bindings);
  g_clear_object (&self->view);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_RESULTS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ctd_results_page_parent_class)->dispose (object);
}

static void
ctd_results_page_class_init (CtdResultsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_results_page_dispose;
  widget_class->map = ctd_results_page_map;

  g_type_ensure (CTD_TYPE_ROUND_ITEM);
  g_type_ensure (CTD_TYPE_PLACING_ITEM);
  g_type_ensure (CTD_TYPE_SETTLEMENT_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-results-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, final_status_label);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, ties_label);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, placings_frame);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, placings_selection);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, fee_label);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, stake_label);
  gtk_widget_class_bind_template_child (widget_class, CtdResultsPage, settlements_selection);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_results_page_init (CtdResultsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->bindings = g_binding_group_new ();
  bind_view (self);
  ctd_results_page_set_document (self, NULL);
}
