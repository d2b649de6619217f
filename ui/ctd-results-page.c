/* ctd-results-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-results-page"

#include "config.h"

#include "ctd-results-page.h"

#include <glib/gi18n.h>

#include "ctd-item-list.h"
#include "ctd-record-items.h"
#include "ctd-money.h"
#include "ctd-outcome-items.h"
#include "ctd-outcome.h"
#include "ctd-ui.h"

/*
 * The end of the event: the Final's placings 1st to 4th (rule 1.9), or
 * what holds the Final up, with every tie a roll-off must settle; then
 * the money (rule 1.8): the entry fee against the stake, and for the
 * chosen round who pays whom in each chouette. Everything shown is
 * core's (ctd-outcome.h, what `results` and `settle` print); the page
 * reads it again whenever the document says the event changed, another
 * program's writes included.
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
  CtdItemList    *placings;
  CtdItemList    *settlements;
  gboolean        stale;     /* changed while hidden: read again when shown */
  guint           n_rounds;  /* rounds drawn when last looked at */
};

G_DEFINE_FINAL_TYPE (CtdResultsPage, ctd_results_page, GTK_TYPE_WIDGET)

static void
show_line (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL);
}

static void
clear_list (CtdItemList *list)
{
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  ctd_item_list_update (list, none);
}

/* The placings once the Final is complete; before, why not. */
static void
update_final (CtdResultsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdOutcomeFinal) final = { 0, };
  g_autofree char *ties = NULL;

  if (self->document == NULL ||
      !ctd_document_get_final (self->document, &final, &error))
    {
      show_line (self->final_status_label, error != NULL ? error->message : NULL);
      show_line (self->ties_label, NULL);
      clear_list (self->placings);
      gtk_widget_set_visible (self->placings_frame, FALSE);
      return;
    }
  if (final.ties != NULL)
    ties = g_strdup_printf (_("%s: a roll-off decides. Resolve it on the Standings page."),
                            final.ties);
  show_line (self->final_status_label, final.status);
  show_line (self->ties_label, ties);
  if (final.placings != NULL)
    {
      g_autoptr(GPtrArray) items = ctd_placing_items_new (final.placings);

      ctd_item_list_update (self->placings, items);
    }
  else
    clear_list (self->placings);
  gtk_widget_set_visible (self->placings_frame, final.complete);
}

/* Rule 1.8's recommendation, in core's words, and the stake. */
static void
update_money (CtdResultsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  g_autofree char *warning = NULL;
  g_autofree char *stake = NULL;
  g_autofree char *text = NULL;

  if (self->document == NULL ||
      !ctd_document_get_settings (self->document, &settings, &error))
    {
      show_line (self->fee_label, error != NULL ? error->message : NULL);
      gtk_label_set_text (self->stake_label, "");
      return;
    }
  warning = ctd_money_check_fee (settings.entry_fee_cents, settings.stake_cents);
  show_line (self->fee_label, warning);
  stake = ctd_money_to_string (settings.stake_cents);
  text = g_strdup_printf (_("At %s a point: each chouette settles at its end (rule 1.8)."),
                          stake);
  gtk_label_set_text (self->stake_label, text);
}

static guint
selected_round (CtdResultsPage *self)
{
  CtdRoundItem *round = gtk_drop_down_get_selected_item (self->round_dropdown);

  return round != NULL ? ctd_round_item_get_number (round) : 0;
}

/* Every chouette of the chosen round, or only @chouette (not 0). */
static void
update_settlements (CtdResultsPage *self,
                    guint           chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) settlements = NULL;
  g_autoptr(GPtrArray) items = NULL;
  guint round = selected_round (self);

  if (round == 0)
    {
      clear_list (self->settlements);
      return;
    }
  if (chouette != 0)
    {
      g_autoptr(CtdOutcomeSettlement) one = ctd_document_settle_chouette (self->document, round,
                                                                          chouette,
                                                                         &error);
      g_autoptr(CtdSettlementItem) item = one != NULL ? ctd_settlement_item_new (one) : NULL;

      if (item != NULL && ctd_item_list_update_one (self->settlements, item))
        return;
      g_clear_error (&error);
    }
  settlements = ctd_document_settle_round (self->document, round, &error);
  if (settlements == NULL)
    {
      /* The round is gone (an undone draw): nothing to settle. */
      g_debug ("%s", error->message);
      clear_list (self->settlements);
      return;
    }
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < settlements->len; i++)
    g_ptr_array_add (items, ctd_settlement_item_new (g_ptr_array_index (settlements, i)));
  ctd_item_list_update (self->settlements, items);
}

static void
refresh (CtdResultsPage *self)
{
  self->stale = FALSE;
  update_final (self);
  update_money (self);
  update_settlements (self, 0);
}

/* A hidden page only notes that it must read the event again when it is
 * shown: settling every chouette of a big round after each game would
 * slow the page the director is typing into. */
static gboolean
defer_if_hidden (CtdResultsPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;
  self->stale = TRUE;
  return TRUE;
}

/* A round drawn since the last look is the one to settle next: it is
 * selected, as the newest round is when the event opens. */
static void
follow_newest_round (CtdResultsPage *self)
{
  guint n = self->document != NULL
              ? g_list_model_get_n_items (ctd_document_get_rounds (self->document)) : 0;

  if (n > self->n_rounds)
    gtk_drop_down_set_selected (self->round_dropdown, n - 1);
  self->n_rounds = n;
}

static void
document_changed_cb (CtdResultsPage *self,
                     CtdChange       what,
                     guint           round,
                     guint           chouette,
                     CtdDocument    *document)
{
  if (what & CTD_CHANGE_ROUNDS)
    follow_newest_round (self);
  if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS |
                CTD_CHANGE_SETTINGS)) || defer_if_hidden (self))
    return;
  if (what & CTD_CHANGE_SETTINGS)
    update_money (self);
  update_final (self);
  /* A game of one chouette changes that chouette's row alone. */
  if ((what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_SETTINGS)) || round == 0)
    update_settlements (self, 0);
  else if ((what & CTD_CHANGE_CHOUETTE) && round == selected_round (self))
    update_settlements (self, chouette);
}

static void
round_selected_cb (CtdResultsPage *self,
                   GParamSpec     *pspec,
                   GtkDropDown    *dropdown)
{
  if (!defer_if_hidden (self))
    update_settlements (self, 0);
}

static void
ctd_results_page_map (GtkWidget *widget)
{
  CtdResultsPage *self = CTD_RESULTS_PAGE (widget);

  GTK_WIDGET_CLASS (ctd_results_page_parent_class)->map (widget);
  if (self->stale)
    refresh (self);
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
  GListModel *rounds;

  g_return_if_fail (CTD_IS_RESULTS_PAGE (self));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  rounds = document != NULL ? ctd_document_get_rounds (document) : NULL;
  gtk_drop_down_set_model (self->round_dropdown, rounds);
  self->n_rounds = 0;
  follow_newest_round (self);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  if (document == NULL || !defer_if_hidden (self))
    refresh (self);
}

static void
ctd_results_page_dispose (GObject *object)
{
  CtdResultsPage *self = CTD_RESULTS_PAGE (object);
  GtkWidget *child;

  if (self->placings != NULL)
    ctd_results_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_RESULTS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->placings);
  g_clear_object (&self->settlements);
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

  self->placings = ctd_item_list_new (CTD_TYPE_PLACING_ITEM, ctd_placing_item_key,
                                      ctd_placing_item_assign);
  self->settlements = ctd_item_list_new (CTD_TYPE_SETTLEMENT_ITEM, ctd_settlement_item_key,
                                         ctd_settlement_item_assign);
  gtk_no_selection_set_model (self->placings_selection, G_LIST_MODEL (self->placings));
  gtk_no_selection_set_model (self->settlements_selection, G_LIST_MODEL (self->settlements));
  g_signal_connect_object (self->round_dropdown, "notify::selected",
                           G_CALLBACK (round_selected_cb), self, G_CONNECT_SWAPPED);
  ctd_results_page_set_document (self, NULL);
}
