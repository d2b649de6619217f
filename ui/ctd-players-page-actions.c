/* ctd-players-page-actions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-players-page"

#include "config.h"

#include <glib/gi18n.h>

#include "ctd-record-items.h"
#include "ctd-player-dialog.h"
#include "ctd-players-page-private.h"
#include "ctd-ui.h"

/*
 * What the director does on the players page, each through the
 * document: check players in or out (the selected ones, or everyone
 * registered), register, edit, withdraw and reinstate a player, import
 * a list. The page then follows the document.
 */

/* ---- check-in ---------------------------------------------------------- */

/* Check In and Check Out: every selected player, as one action. */
static void
check_in_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  g_autoptr(GPtrArray) players = ctd_players_page_selected_players (self);

  if (players->len > 0)
    ctd_players_page_set_checked_in (self, players, g_str_equal (action_name, "players.check-in"));
}

/* Everyone registered and not yet present, as the director confirmed. */
static void
check_in_all_confirmed (gpointer user_data)
{
  CtdPlayersPage *self = user_data;
  GListModel *all = ctd_document_get_players (self->document);
  g_autoptr(GPtrArray) absent = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(CtdPlayerItem) player = g_list_model_get_item (all, i);

      if (!ctd_player_item_get_withdrawn (player) && !ctd_player_item_get_checked_in (player))
        g_ptr_array_add (absent, g_steal_pointer (&player));
    }
  if (absent->len > 0)
    ctd_players_page_set_checked_in (self, absent, TRUE);
}

static void
check_in_all_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  g_autofree char *question = NULL;
  g_autofree char *detail = NULL;
  guint registered, present, absent;

  registered = ctd_document_get_n_registered (self->document);
  present = ctd_document_get_n_checked_in (self->document);
  absent = registered - present;
  if (absent == 0)
    {
      ctd_players_page_show_message (self, _("Everyone registered is checked in already."), FALSE);
      return;
    }
  question = g_strdup_printf (g_dngettext (NULL, "Check in the %u player not checked in yet?",
                                           "Check in all %u players not checked in yet?", absent),
                              absent);
  detail = g_strdup_printf (g_dngettext (NULL, "For an event where everyone registered is "
                                         "present: %u player becomes present, %u of %u in all. "
                                         "Undo takes it back.",
                                         "For an event where everyone registered is present: "
                                         "%u players become present, %u of %u in all. Undo "
                                         "takes it back.", absent),
                            absent, registered, registered);
  ctd_ui_confirm (widget, question, detail, _("Check _In All"), check_in_all_confirmed,
                  G_OBJECT (self));
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
  g_autoptr(CtdPlayerItem) player = ctd_players_page_selected_player (self);
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
    ctd_players_page_show_message (self, error->message, TRUE);
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
    ctd_players_page_show_message (self, error->message, TRUE);
}

static void
withdraw_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);
  g_autoptr(CtdPlayerItem) player = ctd_players_page_selected_player (self);
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
  g_autoptr(CtdPlayerItem) player = ctd_players_page_selected_player (self);
  g_autoptr(GError) error = NULL;

  if (player != NULL &&
      !ctd_document_reinstate_player (self->document, ctd_player_item_get_id (player), &error))
    ctd_players_page_show_message (self, error->message, TRUE);
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
  ctd_players_page_update_actions (self);
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
        ctd_players_page_show_message (self, error->message, TRUE);
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
  ctd_players_page_show_message (self, text->str, report->skipped->len > 0);
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
  ctd_players_page_update_actions (self);
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

/**
 * ctd_players_page_install_actions: (skip)
 * @widget_class: the page's class
 *
 * The page's actions and their keys.
 */
void
ctd_players_page_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "players.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "players.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "players.edit", NULL, edit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "players.edit", NULL);
  gtk_widget_class_install_action (widget_class, "players.check-in", NULL, check_in_action);
  gtk_widget_class_install_action (widget_class, "players.check-out", NULL, check_in_action);
  gtk_widget_class_install_action (widget_class, "players.check-in-all", NULL,
                                   check_in_all_action);
  gtk_widget_class_install_action (widget_class, "players.withdraw", NULL, withdraw_action);
  gtk_widget_class_install_action (widget_class, "players.reinstate", NULL, reinstate_action);
}
