/* ctd-ui.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-ui"

#include "config.h"

#include "ctd-ui.h"

#include <glib/gi18n.h>

#include "ctd-resources.h"

/**
 * ctd_ui_ensure_resources:
 *
 * Registers the UI resources (templates, CSS) once; every widget class
 * that loads a template calls it first, so tests can build a widget
 * without the application.
 */
void
ctd_ui_ensure_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      ctd_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

/**
 * ctd_ui_show_message:
 * @label: the label under the action that was taken
 * @revealer: (nullable): the revealer holding @label, opened
 * @text: a refusal in the store's words, or a confirmation
 * @is_error: whether @text is a refusal (styled as one)
 *
 * Says what happened where the director acted.
 */
void
ctd_ui_show_message (GtkLabel    *label,
                     GtkRevealer *revealer,
                     const char  *text,
                     gboolean     is_error)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_text (label, text);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "error");
  if (revealer != NULL)
    gtk_revealer_set_reveal_child (revealer, TRUE);
}

typedef struct
{
  CtdUiFileChosen  chosen;
  GWeakRef         receiver;
} Choice;

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     Choice          *choice)
{
  g_autoptr(GObject) receiver = g_weak_ref_get (&choice->receiver);
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (receiver != NULL)
    choice->chosen (file, receiver);
  g_weak_ref_clear (&choice->receiver);
  g_free (choice);
  g_object_unref (chooser);
}

/**
 * ctd_ui_choose_file:
 * @widget: the widget the choice is for (its window is the parent)
 * @title: the chooser's title
 * @action: open or save
 * @accept_label: the accept button's label, with a mnemonic
 * @filter: (nullable): the files offered
 * @current_name: (nullable): a suggested name, for saving
 * @chosen: called with the file, or %NULL when cancelled
 * @receiver: given to @chosen; nothing is called once it is gone
 *
 * Asks for a file with the desktop's own chooser (GtkFileChooserNative).
 */
void
ctd_ui_choose_file (GtkWidget            *widget,
                    const char           *title,
                    GtkFileChooserAction  action,
                    const char           *accept_label,
                    GtkFileFilter        *filter,
                    const char           *current_name,
                    CtdUiFileChosen       chosen,
                    GObject              *receiver)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;
  Choice *choice = g_new0 (Choice, 1);

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action, accept_label, _("_Cancel"));
  if (filter != NULL)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (current_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), current_name);
  choice->chosen = chosen;
  g_weak_ref_init (&choice->receiver, receiver);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
