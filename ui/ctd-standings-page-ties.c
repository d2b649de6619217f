/* ctd-standings-page-ties.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Standings page's tie at the cut: its players, bound to the round
 * view, and the roll-off's result, typed or rolled by the software with
 * a stored seed.
 */

#define G_LOG_DOMAIN "ctd-standings-page"

#include "config.h"

#include "ctd-standings-page-private.h"

#include <glib/gi18n.h>

#include "ctd-rng.h"

/* "Tie at the cut: #12 Ann (+2), #15 Bob (+2). Type…", from the tied
 * players the view describes and its stage. */
static gboolean
tie_text_transform (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  g_autoptr(GObject) view = g_binding_dup_source (binding);
  const char *players = g_value_get_string (from);

  if (players == NULL || view == NULL)
    {
      g_value_set_string (to, "");
      return TRUE;
    }
  g_value_take_string (to, g_strdup_printf (ctd_round_view_get_stage (CTD_ROUND_VIEW (view)) ==
                                              CTD_STAGE_FINAL
                                              ? _("Tie for a place in the final: %s. Type the "
                                                  "roll-off result, winner first, or let the "
                                                  "software roll.")
                                              : _("Tie at the cut: %s. Type the roll-off result, "
                                                  "winner first, or let the software roll."),
                                            players));
  return TRUE;
}

static gboolean
is_set_transform (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_boxed (from) != NULL);
  return TRUE;
}

/* The tie box shows the view's tie, whenever it changes. */
void
standings_page_bind_tie (CtdStandingsPage *self)
{
  g_binding_group_bind_full (self->bindings, "cut-tie-players", self->tie_label, "label",
                             G_BINDING_SYNC_CREATE, tie_text_transform, NULL, NULL, NULL);
  g_binding_group_bind_full (self->bindings, "cut-tie", self->tie_box, "visible",
                             G_BINDING_SYNC_CREATE, is_set_transform, NULL, NULL, NULL);
}

static void
show_tie_error (CtdStandingsPage *self,
                const char       *text)
{
  gtk_label_set_text (self->tie_message_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->tie_message_label), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->rolloff_entry));
}

static void
record_rolloff_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->rolloff_entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) order = NULL;
  g_autofree char *players = NULL;
  g_autofree char *text = NULL;
  guint round;

  if (self->view == NULL)
    return;
  round = ctd_round_view_get_number (self->view);
  order = ctd_round_view_parse_cut_order (self->view, typed, &error);
  if (order != NULL)
    players = ctd_round_view_describe_players (self->view, (const gint64 *) order->data,
                                               order->len);
  if (order == NULL || !ctd_document_tiebreak (self->document, round, (const gint64 *) order->data,
                                               order->len, NULL, &error))
    {
      show_tie_error (self, error->message);
      return;
    }
  text = g_strdup_printf (_("Recorded the roll-off of round %u, winner first: %s."), round,
                          players);
  standings_page_show_message (self, text, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->rolloff_entry), "");
}

static void
rolloff_activate_cb (CtdStandingsPage *self,
                     GtkEntry         *entry)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "standings.record-rolloff", NULL);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  GArray *tie = self->view != NULL ? ctd_round_view_get_cut_tie (self->view) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *order = NULL;
  g_autofree char *players = NULL;
  g_autofree char *seed_words = NULL;
  g_autofree char *text = NULL;
  guint64 seed = ctd_rng_fresh_seed ();
  guint round, n;

  if (tie == NULL)
    return;
  round = ctd_round_view_get_number (self->view);
  n = tie->len;
  order = g_new (gint64, n);
  ctd_standings_roll ((const gint64 *) tie->data, n, seed, order);
  /* The tie goes once it is rolled off: the players are named first. */
  players = ctd_round_view_describe_players (self->view, order, n);
  if (!ctd_document_tiebreak (self->document, round, order, n, &seed, &error))
    {
      show_tie_error (self, error->message);
      return;
    }
  seed_words = standings_page_seed_text (seed);
  text = g_strdup_printf (_("Rolled off round %u with seed %s (stored), winner first: %s."),
                          round, seed_words, players);
  standings_page_show_message (self, text, FALSE);
}

void
standings_page_init_ties (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, rolloff_activate_cb);
  gtk_widget_class_install_action (widget_class, "standings.record-rolloff", NULL,
                                   record_rolloff_action);
  gtk_widget_class_install_action (widget_class, "standings.roll", NULL, roll_action);
}
