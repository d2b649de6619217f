/* ctd-reject-dialog.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-reject-dialog"

#include "config.h"

#include "ctd-reject-dialog.h"

#include <glib/gi18n.h>

#include "ctd-ui.h"

/*
 * Sends a table's line back from the scoring page: the director writes
 * why, in words the table reads on its phone, and Enter (or Send Back)
 * sends it through the document. A reason is required; a refusal keeps
 * the dialog open with what was typed and says why. Escape or Cancel
 * sends nothing. "sent-back" tells the page, with the reason.
 */

struct _CtdRejectDialog
{
  GtkWindow    parent_instance;

  /* template widgets */
  GtkLabel    *question_label;
  GtkEntry    *reason_entry;
  GtkLabel    *message_label;

  /* owned */
  CtdDocument *document;
  gint64       submission;
};

enum
{
  SENT_BACK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdRejectDialog, ctd_reject_dialog, GTK_TYPE_WINDOW)

/* A refusal, under the field it concerns. */
static void
refuse (CtdRejectDialog *self,
        const char      *text)
{
  ctd_ui_show_message (self->message_label, NULL, text, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->reason_entry));
}

static void
send_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdRejectDialog *self = CTD_REJECT_DIALOG (widget);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->reason_entry));
  g_autofree char *reason = g_strstrip (g_strdup (typed));
  g_autoptr(GError) error = NULL;

  if (*reason == '\0')
    {
      refuse (self, _("Write why the line goes back: the table reads it before entering the "
                      "game again."));
      return;
    }
  if (!ctd_document_reject_submission (self->document, self->submission, reason, &error))
    {
      refuse (self, error->message);
      return;
    }
  g_signal_emit (self, signals[SENT_BACK], 0, reason);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
ctd_reject_dialog_dispose (GObject *object)
{
  CtdRejectDialog *self = CTD_REJECT_DIALOG (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_REJECT_DIALOG);
  G_OBJECT_CLASS (ctd_reject_dialog_parent_class)->dispose (object);
}

static void
ctd_reject_dialog_class_init (CtdRejectDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_reject_dialog_dispose;

  /**
   * CtdRejectDialog::sent-back:
   * @self: the dialog
   * @reason: the reason the table reads
   *
   * The line went back to its table; the dialog closes.
   */
  signals[SENT_BACK] = g_signal_new ("sent-back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-reject-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdRejectDialog, question_label);
  gtk_widget_class_bind_template_child (widget_class, CtdRejectDialog, reason_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdRejectDialog, message_label);
  gtk_widget_class_install_action (widget_class, "dialog.send", NULL, send_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ctd_reject_dialog_init (CtdRejectDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * ctd_reject_dialog_new:
 * @parent: (nullable): the window it is about
 * @document: the open event
 * @submission: the table's line that waits for the director
 * @question: what is asked, e.g. "Send game 5's line back to table 1.3?"
 *
 * Returns: (transfer none): the dialog, to present
 */
CtdRejectDialog *
ctd_reject_dialog_new (GtkWindow   *parent,
                       CtdDocument *document,
                       gint64       submission,
                       const char  *question)
{
  CtdRejectDialog *self;

  g_return_val_if_fail (CTD_IS_DOCUMENT (document), NULL);

  self = g_object_new (CTD_TYPE_REJECT_DIALOG, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  self->document = g_object_ref (document);
  self->submission = submission;
  gtk_label_set_text (self->question_label, question);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, question,
                                  -1);
  return self;
}
