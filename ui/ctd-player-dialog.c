/* ctd-player-dialog.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-player-dialog"

#include "config.h"

#include "ctd-player-dialog.h"

#include <glib/gi18n.h>

#include "ctd-ui.h"

/*
 * Registers players one after another from the keyboard: type a name
 * (Tab to club and member ID if wanted), Enter adds the player and clears
 * the name and member ID for the next; a refusal keeps what was typed and
 * says why, in the store's words. Escape or Done closes. "Checked in"
 * stays as set from one player to the next: a director registering at
 * the desk on the day ticks it once. So does the club, as clubs come in
 * groups: Clear (Alt+E) empties it for a player of none.
 *
 * Editing one player (ctd_player_dialog_new_edit()) is the same form,
 * filled in: Enter saves and closes, Escape or Cancel changes nothing.
 * Checking in has its own command on the page, so the box is not shown.
 */

struct _CtdPlayerDialog
{
  GtkWindow       parent_instance;

  /* template widgets */
  GtkButton      *done_button;
  GtkButton      *cancel_button;
  GtkButton      *add_button;
  GtkButton      *save_button;
  GtkEntry       *name_entry;
  GtkEntry       *club_entry;
  GtkEntry       *member_entry;
  GtkLabel       *checked_in_label;
  GtkSwitch      *checked_in_switch;
  GtkLabel       *message_label;

  /* owned */
  CtdDocument    *document;
  gint64          player_id;  /* the player edited; 0 when adding */
};

G_DEFINE_FINAL_TYPE (CtdPlayerDialog, ctd_player_dialog, GTK_TYPE_WINDOW)

static void
show_message (CtdPlayerDialog *self,
              const char *text,
              gboolean    is_error)
{
  ctd_ui_show_message (self->message_label, NULL, text, is_error);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  CtdPlayerDialog *self = CTD_PLAYER_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)));
  g_autofree char *added = NULL;

  if (!ctd_document_add_player (self->document, name,
                                gtk_editable_get_text (GTK_EDITABLE (self->club_entry)),
                                gtk_editable_get_text (GTK_EDITABLE (self->member_entry)),
                                gtk_switch_get_active (self->checked_in_switch),
                                NULL, &error))
    {
      show_message (self, error->message, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
      return;
    }
  added = g_strdup_printf (_("Added %s. Type the next player, or press Escape."), name);
  show_message (self, added, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), "");
  gtk_editable_set_text (GTK_EDITABLE (self->member_entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
}

/* The club kept from the last player, emptied; the keyboard stays where
 * it was (most often the name, for the next player). */
static void
clear_club_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CtdPlayerDialog *self = CTD_PLAYER_DIALOG (widget);

  gtk_editable_set_text (GTK_EDITABLE (self->club_entry), "");
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdPlayerDialog *self = CTD_PLAYER_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (!ctd_document_edit_player (self->document, self->player_id,
                                 gtk_editable_get_text (GTK_EDITABLE (self->name_entry)),
                                 gtk_editable_get_text (GTK_EDITABLE (self->club_entry)),
                                 gtk_editable_get_text (GTK_EDITABLE (self->member_entry)),
                                 &error))
    {
      show_message (self, error->message, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
ctd_player_dialog_dispose (GObject *object)
{
  CtdPlayerDialog *self = CTD_PLAYER_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_PLAYER_DIALOG);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (ctd_player_dialog_parent_class)->dispose (object);
}

static void
ctd_player_dialog_class_init (CtdPlayerDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_player_dialog_dispose;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-player-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, done_button);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, club_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, member_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, checked_in_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, checked_in_switch);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayerDialog, message_label);
  gtk_widget_class_install_action (widget_class, "dialog.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "dialog.clear-club", NULL, clear_club_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ctd_player_dialog_init (CtdPlayerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", FALSE);
}

/**
 * ctd_player_dialog_new:
 * @parent: the window it belongs to
 * @document: the event to add players to
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
CtdPlayerDialog *
ctd_player_dialog_new (GtkWindow   *parent,
                       CtdDocument *document)
{
  CtdPlayerDialog *self;

  g_return_val_if_fail (CTD_IS_DOCUMENT (document), NULL);

  self = g_object_new (CTD_TYPE_PLAYER_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  return self;
}

/**
 * ctd_player_dialog_new_edit:
 * @parent: the window it belongs to
 * @document: the event the player is in
 * @player: the player to edit, as the page shows them
 *
 * The same form, filled in with @player's name, club and member ID;
 * Save changes them through the document and closes.
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
CtdPlayerDialog *
ctd_player_dialog_new_edit (GtkWindow     *parent,
                            CtdDocument   *document,
                            CtdPlayerItem *player)
{
  CtdPlayerDialog *self;
  g_autofree char *club = NULL;
  g_autofree char *member_id = NULL;

  g_return_val_if_fail (CTD_IS_PLAYER_ITEM (player), NULL);

  self = ctd_player_dialog_new (parent, document);
  self->player_id = ctd_player_item_get_id (player);
  gtk_window_set_title (GTK_WINDOW (self), _("Edit Player"));
  gtk_widget_set_visible (GTK_WIDGET (self->done_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->add_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->checked_in_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->checked_in_switch), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->save_button), TRUE);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->save_button));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.add", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", TRUE);

  g_object_get (player, "club", &club, "member-id", &member_id, NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), ctd_player_item_get_name (player));
  gtk_editable_set_text (GTK_EDITABLE (self->club_entry), club);
  gtk_editable_set_text (GTK_EDITABLE (self->member_entry), member_id);
  return self;
}
