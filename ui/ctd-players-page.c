/* ctd-players-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-players-page"

#include "config.h"

#include "ctd-players-page.h"

#include <glib/gi18n.h>

#include "ctd-items.h"
#include "ctd-player-dialog.h"
#include "ctd-ui.h"

/*
 * The players of the open event: a sortable, searchable table over the
 * document's player list (it updates in place, so the selection stays
 * on its player), with registration, corrections, check-in and
 * withdrawal. Enter on a row checks the player in or out, F2 edits the
 * player's name, club and member ID (Enter stays check-in: at the desk it
 * is the key pressed most). Every change goes through the document; a
 * refusal is shown above the table in the store's words.
 */

struct _CtdPlayersPage
{
  GtkWidget            parent_instance;

  /* template widgets */
  GtkSearchEntry      *search_entry;
  GtkColumnView       *column_view;
  GtkSingleSelection  *selection;
  GtkSortListModel    *sort_model;
  GtkFilterListModel  *filter_model;
  GtkStringFilter     *name_filter;
  GtkRevealer         *message_revealer;
  GtkLabel            *message_label;
  GtkLabel            *count_label;
  GtkProgressBar      *import_progress;

  /* owned */
  CtdDocument         *document;
  GCancellable        *import_cancellable;
  guint                pulse_id;
  gint64               withdrawing;  /* the player a confirmation is about */
};

enum
{
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CtdPlayersPage, ctd_players_page, GTK_TYPE_WIDGET)

static char *
player_status_text (gpointer  unused,
                    gboolean  checked_in,
                    gboolean  withdrawn)
{
  return g_strdup (withdrawn ? _("Withdrawn") : checked_in ? _("Checked in")
                                                           : _("Not checked in"));
}

static void
show_message (CtdPlayersPage *self,
              const char *text,
              gboolean    is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

static CtdPlayerItem *
selected_player (CtdPlayersPage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

/* Registered (not withdrawn) and checked-in players, under the table. */
static void
update_counts (CtdPlayersPage *self)
{
  g_autofree char *text = NULL;
  guint registered, checked_in;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->count_label, "");
      return;
    }
  ctd_document_count_players (self->document, &registered, &checked_in);
  text = g_strdup_printf (_("%u registered, %u checked in"), registered, checked_in);
  gtk_label_set_text (self->count_label, text);
}

static void
update_actions (CtdPlayersPage *self)
{
  CtdPlayerItem *player = selected_player (self);
  gboolean can_change = self->document != NULL && !ctd_document_get_read_only (self->document) &&
                        !ctd_document_get_busy (self->document);
  gboolean withdrawn = player != NULL && ctd_player_item_get_withdrawn (player);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.add", can_change);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.import", can_change);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.edit", can_change && player != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.toggle-check-in",
                                 can_change && player != NULL && !withdrawn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.withdraw",
                                 can_change && player != NULL && !withdrawn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.reinstate",
                                 can_change && withdrawn);
}

static void
document_changed_cb (CtdPlayersPage *self,
                     CtdChange       what,
                     guint           round,
                     guint           chouette,
                     CtdDocument    *document)
{
  ctd_ui_expire_message (self->message_revealer);
  if (what & (CTD_CHANGE_PLAYERS | CTD_CHANGE_SETTINGS | CTD_CHANGE_ROUNDS))
    {
      update_counts (self);
      update_actions (self);
    }
}

static void
toggle_check_in (CtdPlayersPage *self,
                 CtdPlayerItem  *player)
{
  g_autoptr(GError) error = NULL;
  if (ctd_player_item_get_withdrawn (player))
    return;
  if (!ctd_document_set_checked_in (self->document, ctd_player_item_get_id (player),
                                    !ctd_player_item_get_checked_in (player), &error))
    show_message (self, error->message, TRUE);
}

static void
toggle_check_in_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  CtdPlayerItem *player = selected_player (self);

  if (player != NULL)
    toggle_check_in (self, player);
}

static void
column_view_activate_cb (CtdPlayersPage *self,
                         guint           position,
                         GtkColumnView  *column_view)
{
  g_autoptr(CtdPlayerItem) player = g_list_model_get_item (G_LIST_MODEL (self->selection),
                                                           position);

  if (player != NULL && self->document != NULL && !ctd_document_get_read_only (self->document))
    toggle_check_in (self, player);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  gtk_window_present (GTK_WINDOW (ctd_player_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                                : NULL,
                                                          self->document)));
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  CtdPlayerItem *player = selected_player (self);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (player == NULL)
    return;
  gtk_window_present (GTK_WINDOW (ctd_player_dialog_new_edit (GTK_IS_WINDOW (root)
                                                              ? GTK_WINDOW (root) : NULL,
                                                              self->document, player)));
}

/* A seated player: the store said what withdrawing them means (a redraw;
 * the Captain acting for them), and the director still wants it. */
static void
withdraw_forced (gpointer user_data)
{
  CtdPlayersPage *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ctd_document_withdraw_player (self->document, self->withdrawing, TRUE, &error))
    show_message (self, error->message, TRUE);
}

/* The player to withdraw once the director confirms: the one selected
 * when asked. */
static void
withdraw_confirmed (gpointer user_data)
{
  CtdPlayersPage *self = user_data;
  g_autoptr(GError) error = NULL;

  if (ctd_document_withdraw_player (self->document, self->withdrawing, FALSE, &error))
    return;
  if (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM))
    ctd_ui_confirm (GTK_WIDGET (self), _("Withdraw a seated player?"), error->message,
                    _("Withdraw _Anyway"), withdraw_forced, G_OBJECT (self));
  else
    show_message (self, error->message, TRUE);
}

static void
withdraw_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  CtdPlayerItem *player = selected_player (self);
  g_autofree char *question = NULL;

  if (player == NULL)
    return;
  self->withdrawing = ctd_player_item_get_id (player);
  question = g_strdup_printf (_("Withdraw %s from the event?"),
                              ctd_player_item_get_name (player));
  ctd_ui_confirm (widget, question,
                  _("A withdrawn player is no longer drawn. Undo takes it back."),
                  _("_Withdraw"), withdraw_confirmed, G_OBJECT (self));
}

/* A withdrawn player back in the field, as core's reinstate says. */
static void
reinstate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  CtdPlayerItem *player = selected_player (self);
  g_autoptr(GError) error = NULL;

  if (player != NULL &&
      !ctd_document_reinstate_player (self->document, ctd_player_item_get_id (player), &error))
    show_message (self, error->message, TRUE);
}

/* ---- import ------------------------------------------------------------ */

static gboolean
pulse_cb (gpointer user_data)
{
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (user_data));
  return G_SOURCE_CONTINUE;
}

static void
import_done (CtdPlayersPage *self)
{
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  gtk_widget_set_visible (GTK_WIDGET (self->import_progress), FALSE);
  g_clear_object (&self->import_cancellable);
  update_actions (self);
}

static void
import_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CtdPlayersPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdImportReport) report = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  report = ctd_document_import_players_finish (CTD_DOCUMENT (source), result, &error);
  import_done (self);
  if (report == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_message (self, error->message, TRUE);
      return;
    }
  g_string_printf (text, g_dngettext (NULL, "Imported %u player.", "Imported %u players.",
                                      report->n_added),
                   report->n_added);
  for (guint i = 0; i < report->skipped->len; i++)
    {
      const CtdImportSkip *skip = g_ptr_array_index (report->skipped, i);

      g_string_append_c (text, '\n');
      if (skip->name != NULL)
        g_string_append_printf (text, _("Skipped line %u (%s): %s"), skip->line, skip->name,
                                skip->reason);
      else
        g_string_append_printf (text, _("Skipped line %u: %s"), skip->line, skip->reason);
    }
  show_message (self, text->str, report->skipped->len > 0);
}

/**
 * ctd_players_page_import:
 * @self: the page
 * @file: a CSV player list
 *
 * Imports @file through the document in a worker thread; the progress
 * bar pulses meanwhile, the page's other actions wait, and the result
 * (who was added, which lines were skipped and why) shows above the table.
 */
void
ctd_players_page_import (CtdPlayersPage *self,
                         GFile          *file)
{
  g_return_if_fail (CTD_IS_PLAYERS_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));

  g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->import_cancellable);
  self->import_cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self->import_progress), TRUE);
  self->pulse_id = g_timeout_add (100, pulse_cb, self->import_progress);
  /* A list is registrations: players are checked in at the desk. */
  ctd_document_import_players_async (self->document, file, FALSE, self->import_cancellable,
                                     import_ready_cb, g_object_ref (self));
  update_actions (self);
}

static void
import_file_chosen (GFile    *file,
                    gpointer  user_data)
{
  if (file != NULL)
    ctd_players_page_import (CTD_PLAYERS_PAGE (user_data), file);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();

  gtk_file_filter_set_name (csv, _("Player lists (CSV)"));
  gtk_file_filter_add_pattern (csv, "*.csv");
  gtk_file_filter_add_pattern (csv, "*.CSV");
  gtk_file_filter_add_mime_type (csv, "text/csv");
  ctd_ui_choose_file (widget, _("Import Players"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                      csv, NULL, import_file_chosen, G_OBJECT (widget));
}

/* ---- the object -------------------------------------------------------- */

static void
selection_notify_cb (CtdPlayersPage *self,
                     GParamSpec     *pspec,
                     gpointer        source)
{
  update_actions (self);
}

/**
 * ctd_players_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's players; the page follows its changes.
 */
void
ctd_players_page_set_document (CtdPlayersPage *self,
                               CtdDocument    *document)
{
  g_return_if_fail (CTD_IS_PLAYERS_PAGE (self));
  g_return_if_fail (document == NULL || CTD_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  gtk_filter_list_model_set_model (self->filter_model,
                                   document != NULL ? ctd_document_get_players (document) : NULL);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::busy", G_CALLBACK (selection_notify_cb), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  update_counts (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/**
 * ctd_players_page_get_document:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the event shown
 */
CtdDocument *
ctd_players_page_get_document (CtdPlayersPage *self)
{
  g_return_val_if_fail (CTD_IS_PLAYERS_PAGE (self), NULL);
  return self->document;
}

static void
ctd_players_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_players_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      ctd_players_page_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_players_page_dispose (GObject *object)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->import_cancellable);
  ctd_players_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_PLAYERS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ctd_players_page_parent_class)->dispose (object);
}

static void
ctd_players_page_class_init (CtdPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ctd_players_page_dispose;
  object_class->get_property = ctd_players_page_get_property;
  object_class->set_property = ctd_players_page_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, CTD_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CTD_TYPE_PLAYER_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, selection);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, sort_model);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, filter_model);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, name_filter);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, import_progress);
  gtk_widget_class_bind_template_callback (widget_class, player_status_text);

  gtk_widget_class_install_action (widget_class, "players.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "players.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "players.edit", NULL, edit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "players.edit", NULL);
  gtk_widget_class_install_action (widget_class, "players.toggle-check-in", NULL,
                                   toggle_check_in_action);
  gtk_widget_class_install_action (widget_class, "players.withdraw", NULL, withdraw_action);
  gtk_widget_class_install_action (widget_class, "players.reinstate", NULL, reinstate_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_players_page_init (CtdPlayersPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Leaving the page ends what its message was about. */
  g_signal_connect_object (self, "unmap", G_CALLBACK (ctd_ui_expire_message),
                           self->message_revealer, G_CONNECT_SWAPPED);

  gtk_sort_list_model_set_sorter (self->sort_model,
                                  gtk_column_view_get_sorter (self->column_view));
  g_object_bind_property (self->search_entry, "text", self->name_filter, "search",
                          G_BINDING_DEFAULT);
  g_signal_connect_object (self->selection, "notify::selected-item",
                           G_CALLBACK (selection_notify_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (column_view_activate_cb),
                           self, G_CONNECT_SWAPPED);
  update_actions (self);
}
