/* ctd-chouette-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include "ctd-chouette-page.h"

#include <glib/gi18n.h>

#include "ctd-event.h"
#include "ctd-items.h"
#include "ctd-ui.h"

/*
 * One chouette, as the returned paper sheet is entered: reached from the
 * Rounds page, from "Go to chouette" and by win.show-chouette.
 */

struct _CtdChouettePage
{
  GtkWidget     parent_instance;

  /* template widgets */
  GtkStack     *stack;
  GtkLabel     *title_label;
  GtkLabel     *players_label;

  /* owned */
  CtdDocument  *document;
  guint         round;
  guint         number;
};

G_DEFINE_FINAL_TYPE (CtdChouettePage, ctd_chouette_page, GTK_TYPE_WIDGET)

/* The chouette's heading, from the round's chouettes model. */
static void
update_heading (CtdChouettePage *self)
{
  GListModel *chouettes;
  guint n;

  if (self->document == NULL || self->round == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "none");
      return;
    }
  chouettes = ctd_document_get_chouettes (self->document, self->round);
  n = chouettes != NULL ? g_list_model_get_n_items (chouettes) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdChouetteItem) item = g_list_model_get_item (chouettes, i);
      g_autofree char *players = NULL;
      g_autofree char *title = NULL;
      guint table;

      if (ctd_chouette_item_get_number (item) != self->number)
        continue;
      g_object_get (item, "players", &players, "table", &table, NULL);
      title = g_strdup_printf (_("Chouette %s · table %u"), ctd_chouette_item_get_label (item),
                               table);
      gtk_label_set_text (self->title_label, title);
      gtk_label_set_text (self->players_label, players);
      gtk_stack_set_visible_child_name (self->stack, "chouette");
      return;
    }
  /* Gone (an undone draw): nothing to show. */
  self->round = self->number = 0;
  gtk_stack_set_visible_child_name (self->stack, "none");
}

static void
document_changed_cb (CtdChouettePage *self,
                     CtdChange        what,
                     guint            round,
                     guint            chouette,
                     CtdDocument     *document)
{
  update_heading (self);
}

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

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  self->round = self->number = 0;
  update_heading (self);
}

/**
 * ctd_chouette_page_show:
 * @self: a chouette page
 * @round: a round
 * @number: a chouette of @round
 * @error: return location for a #GError
 *
 * Shows chouette @round.@number; one that does not exist is refused in
 * core's words, and the page keeps what it shows.
 *
 * Returns: whether the chouette is shown
 */
gboolean
ctd_chouette_page_show (CtdChouettePage  *self,
                        guint             round,
                        guint             number,
                        GError          **error)
{
  g_autoptr(CtdStoreChouette) seats = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_PAGE (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  seats = ctd_event_get_chouette (ctd_document_get_store (self->document), round, number, error);
  if (seats == NULL)
    return FALSE;
  self->round = round;
  self->number = number;
  update_heading (self);
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

static void
ctd_chouette_page_dispose (GObject *object)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (object);
  GtkWidget *child;

  ctd_chouette_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_CHOUETTE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ctd_chouette_page_parent_class)->dispose (object);
}

static void
ctd_chouette_page_class_init (CtdChouettePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_chouette_page_dispose;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-chouette-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, stack);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CtdChouettePage, players_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_chouette_page_init (CtdChouettePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_chouette_page_set_document (self, NULL);
}
