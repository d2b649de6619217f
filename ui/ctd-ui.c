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
 * without the application. It also sets up how every widget behaves
 * (ctd_ui_apply_settings()).
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
  ctd_ui_apply_settings ();
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

/**
 * ctd_ui_expire_message:
 * @revealer: the revealer of a page's message
 *
 * A message says what the director's last action did, and goes when that
 * stops being true: a page calls this when the event changes (its own
 * action announces its change before it shows its message; an undo, a
 * redo or another program's write comes after) and when it is left.
 */
void
ctd_ui_expire_message (GtkRevealer *revealer)
{
  g_return_if_fail (GTK_IS_REVEALER (revealer));

  gtk_revealer_set_reveal_child (revealer, FALSE);
}

/**
 * ctd_ui_expire_message_on_leave:
 * @page: a page
 * @revealer: the revealer of @page's message
 *
 * Leaving @page ends what its message was about: the message goes as
 * @page is unmapped (ctd_ui_expire_message()).
 */
void
ctd_ui_expire_message_on_leave (GtkWidget   *page,
                                GtkRevealer *revealer)
{
  g_return_if_fail (GTK_IS_WIDGET (page));
  g_return_if_fail (GTK_IS_REVEALER (revealer));

  g_signal_connect_object (page, "unmap", G_CALLBACK (ctd_ui_expire_message), revealer,
                           G_CONNECT_SWAPPED);
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

typedef struct
{
  CtdUiConfirmed confirmed;
  GWeakRef       receiver;
} Confirmation;

static void
confirm_response_cb (GtkDialog    *dialog,
                     int           response,
                     Confirmation *confirmation)
{
  g_autoptr(GObject) receiver = g_weak_ref_get (&confirmation->receiver);

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && receiver != NULL)
    confirmation->confirmed (receiver);
  g_weak_ref_clear (&confirmation->receiver);
  g_free (confirmation);
}

/* A button's accessible name is its label without the mnemonic mark
 * (GTK 4.8 would read "_Withdraw Withdraw"). */
static void
name_button (GtkDialog  *dialog,
             int         response,
             const char *label)
{
  GtkWidget *button = gtk_dialog_get_widget_for_response (dialog, response);
  g_autofree char *plain = NULL;
  PangoAttrList *attrs = NULL;

  if (!pango_parse_markup (label, -1, '_', &attrs, &plain, NULL, NULL))
    plain = g_strdup (label);
  g_clear_pointer (&attrs, pango_attr_list_unref);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain,
                                  -1);
}

/**
 * ctd_ui_confirm:
 * @widget: the widget the question is about (its window is the parent)
 * @question: what is asked, e.g. "Withdraw Ann from the event?"
 * @detail: what follows from it
 * @accept_label: the accepting button's label, with a mnemonic
 * @confirmed: called when the director accepts
 * @receiver: given to @confirmed; nothing is called once it is gone
 *
 * Asks before a change that cannot be made lightly; Enter accepts,
 * Escape cancels.
 */
void
ctd_ui_confirm (GtkWidget      *widget,
                const char     *question,
                const char     *detail,
                const char     *accept_label,
                CtdUiConfirmed  confirmed,
                GObject        *receiver)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  Confirmation *confirmation = g_new0 (Confirmation, 1);
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", question);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", detail);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          accept_label, GTK_RESPONSE_ACCEPT, NULL);
  name_button (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL, _("_Cancel"));
  name_button (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT, accept_label);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dialog), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  question, -1);
  confirmation->confirmed = confirmed;
  g_weak_ref_init (&confirmation->receiver, receiver);
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response_cb), confirmation);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * ctd_ui_apply_settings:
 *
 * Selectable text (a plan, a message, a seed) opens with nothing
 * selected: GTK selects a selectable label's whole text as it takes the
 * focus, and a page's first focusable widget takes it as the page opens,
 * which showed the text fully highlighted. The director still selects
 * with the mouse or Shift and the arrows, and Ctrl+A selects all. Done
 * for the display's settings, once there is a display (the application
 * calls ctd_ui_ensure_resources() before GTK opens it; each widget class
 * calls it again).
 */
void
ctd_ui_apply_settings (void)
{
  GtkSettings *settings = gtk_settings_get_default ();

  if (settings != NULL)
    g_object_set (settings, "gtk-label-select-on-focus", FALSE, NULL);
}

/**
 * ctd_ui_name_drop_down:
 * @dropdown: a drop-down
 * @name: its accessible name, as its template gives it
 *
 * Gives @dropdown's button (what takes the keyboard focus, and what
 * AT-SPI's "click" opens) the drop-down's name: GTK 4.8 leaves it
 * unnamed, and a screen reader read out "GtkToggleButton".
 */
void
ctd_ui_name_drop_down (GtkDropDown *dropdown,
                       const char  *name)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (dropdown)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
}
