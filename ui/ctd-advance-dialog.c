/* ctd-advance-dialog.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-advance-dialog"

#include "config.h"

#include "ctd-advance-dialog.h"

#include <glib/gi18n.h>

#include "ctd-cut.h"
#include "ctd-tournament.h"
#include "ctd-rng.h"
#include "ctd-ui.h"

/*
 * Who goes on from a round, and the next round's draw (SPEC 6): top K
 * of each chouette and W wildcards, proposed by the plan and changed at
 * will; core's preview of that cut is shown live (the next round's size
 * and stage, who advances, the plan to the Final), or its refusal with
 * core's suggestion, and then Advance and Draw is off. Pressing it (or
 * Enter) is the confirmation: the advancers are stored and the next round
 * drawn with the seed shown, two actions that Undo takes back one by one.
 * Escape or Cancel changes nothing. The round is read through its view
 * (ctd_document_get_round_view()), which says when it changed.
 */

struct _CtdAdvanceDialog
{
  GtkWindow       parent_instance;

  /* template widgets */
  GtkLabel       *round_label;
  GtkSpinButton  *top_spin;
  GtkSpinButton  *wildcards_spin;
  GtkEntry       *seed_entry;
  GtkLabel       *plan_label;
  GtkLabel       *message_label;

  /* owned */
  CtdDocument    *document;
  CtdRoundView   *view;         /* the round advanced from */
  GSignalGroup   *view_signals;
  guint           round;
};

G_DEFINE_FINAL_TYPE (CtdAdvanceDialog, ctd_advance_dialog, GTK_TYPE_WINDOW)

enum
{
  ADVANCED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_message (CtdAdvanceDialog *self,
              const char       *text,
              gboolean          is_error)
{
  ctd_ui_show_message (self->message_label, NULL, text, is_error);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), text != NULL && *text != '\0');
}

static guint
get_top_k (CtdAdvanceDialog *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->top_spin);
}

static guint
get_wildcards (CtdAdvanceDialog *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->wildcards_spin);
}

/* Core's preview of the cut as set: the plan, or why it cannot be. */
static void
update_preview (CtdAdvanceDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *plan = NULL;
  CtdCutPreview preview = { 0 };
  gboolean ok;

  if (self->document == NULL || self->view == NULL)
    return;
  ok = ctd_round_view_preview_cut (self->view, get_top_k (self), get_wildcards (self), &preview,
                                   &error);
  plan = ctd_cut_preview_describe (&preview);
  ctd_cut_preview_clear (&preview);
  gtk_label_set_text (self->plan_label, g_strchomp (plan));
  gtk_widget_set_visible (GTK_WIDGET (self->plan_label), *plan != '\0');
  show_message (self, ok ? NULL : error->message, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.advance",
                                 ok && !ctd_document_get_read_only (self->document));
}

static void
cut_changed_cb (CtdAdvanceDialog *self,
                GtkSpinButton    *spin)
{
  update_preview (self);
}

/* "Round 1 (Qualifying): 12 players in 3 chouettes." */
static void
describe_round (CtdAdvanceDialog *self)
{
  g_autofree char *text = NULL;

  if (self->view == NULL || !ctd_round_view_get_exists (self->view))
    return;
  text = g_strdup_printf (_("Round %u (%s): %u players in %u chouettes. Choose who goes on: "
                            "the next round is drawn with them at once."),
                          ctd_round_view_get_number (self->view),
                          ctd_stage_to_title (ctd_round_view_get_stage (self->view)),
                          g_list_model_get_n_items (ctd_round_view_get_standings (self->view,
                                                                                  FALSE)),
                          ctd_round_view_get_n_chouettes (self->view));
  gtk_label_set_text (self->round_label, text);
}

/* The round changed (a game corrected, a roll-off, another program's
 * write): what the cut would do now. */
static void
view_changed_cb (CtdAdvanceDialog *self,
                 CtdRoundView     *view)
{
  describe_round (self);
  update_preview (self);
}

static gboolean
read_seed (CtdAdvanceDialog *self,
           guint64          *out_seed)
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
advance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdAdvanceDialog *self = CTD_ADVANCE_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autofree char *text = NULL;
  guint64 seed;
  guint drawn = 0;

  if (!read_seed (self, &seed))
    return;
  advancers = ctd_document_advance (self->document, self->round, get_top_k (self),
                                    get_wildcards (self), NULL, &error);
  if (advancers == NULL)
    {
      show_message (self, error->message, TRUE);
      return;
    }
  if (!ctd_document_draw_round (self->document, seed, &drawn, &error))
    {
      text = g_strdup_printf (_("The advancers are stored, but the next round could not be "
                                "drawn: %s"), error->message);
      show_message (self, text, TRUE);
      return;
    }
  g_signal_emit (self, signals[ADVANCED], 0, drawn, seed);
  gtk_window_close (GTK_WINDOW (self));
}

static void
ctd_advance_dialog_dispose (GObject *object)
{
  CtdAdvanceDialog *self = CTD_ADVANCE_DIALOG (object);

  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_ADVANCE_DIALOG);
  G_OBJECT_CLASS (ctd_advance_dialog_parent_class)->dispose (object);
}

static void
ctd_advance_dialog_class_init (CtdAdvanceDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_advance_dialog_dispose;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-advance-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, round_label);
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, top_spin);
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, wildcards_spin);
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, seed_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, plan_label);
  gtk_widget_class_bind_template_child (widget_class, CtdAdvanceDialog, message_label);
  gtk_widget_class_bind_template_callback (widget_class, cut_changed_cb);
  gtk_widget_class_install_action (widget_class, "dialog.advance", NULL, advance_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /**
   * CtdAdvanceDialog::advanced:
   * @self: the dialog
   * @round: the round just drawn from the advancers
   * @seed: its draw seed
   *
   * The advancers are stored and the next round drawn; the dialog closes.
   */
  signals[ADVANCED] = g_signal_new ("advanced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT64);
}

static void
ctd_advance_dialog_init (CtdAdvanceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->view_signals = g_signal_group_new (CTD_TYPE_ROUND_VIEW);
  g_signal_group_connect_object (self->view_signals, "changed", G_CALLBACK (view_changed_cb),
                                 self, G_CONNECT_SWAPPED);
}

/**
 * ctd_advance_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @document: the event
 * @round: the qualifying or semi-final round to advance from
 *
 * The dialog, its cut set to the round's (the director's stored choice,
 * else the proposed plan's: ctd_tournament_get_cut()) and a fresh draw seed.
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
CtdAdvanceDialog *
ctd_advance_dialog_new (GtkWindow   *parent,
                        CtdDocument *document,
                        guint        round)
{
  CtdAdvanceDialog *self;
  g_autofree char *title = NULL;
  g_autofree char *seed = NULL;
  guint top_k = 1;
  guint wildcards = 0;

  g_return_val_if_fail (CTD_IS_DOCUMENT (document), NULL);

  self = g_object_new (CTD_TYPE_ADVANCE_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  self->round = round;
  g_set_object (&self->view, ctd_document_get_round_view (document, round, NULL));
  g_signal_group_set_target (self->view_signals, self->view);
  title = g_strdup_printf (_("Advance from Round %u"), round);
  gtk_window_set_title (GTK_WINDOW (self), title);
  describe_round (self);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, ctd_rng_fresh_seed ());
  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), seed);
  /* The round's cut, else top 1 for the director to change. */
  if (self->view != NULL && ctd_round_view_get_top_k (self->view) > 0)
    {
      top_k = ctd_round_view_get_top_k (self->view);
      wildcards = ctd_round_view_get_wildcards (self->view);
    }
  gtk_spin_button_set_value (self->top_spin, top_k);
  gtk_spin_button_set_value (self->wildcards_spin, wildcards);
  update_preview (self);
  return self;
}
