/* ctd-chouette-page-actions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include <glib/gi18n.h>

#include "ctd-chouette-page-private.h"
#include "ctd-export-dialog.h"
#include "ctd-main-window.h"
#include "ctd-record-items.h"
#include "ctd-print.h"
#include "ctd-report.h"
#include "ctd-ui.h"

/*
 * What the director does on the chouette page, each through the
 * document: record the line typed (Enter), correct or clear an entered
 * game after core's description of what changes, choose the game, type
 * the paper's totals, export the sheet. The page then follows the view.
 */

/* ---- recording ------------------------------------------------------------ */

/* After game @game is stored: the next game to enter, or the one after,
 * in the field. */
void
ctd_chouette_page_move_on (CtdChouettePage *self,
                           guint            game)
{
  guint next = ctd_chouette_view_get_next_game (self->view);

  self->edited = FALSE;
  if (next == 0)
    next = MIN (game + 1, CTD_N_GAMES);
  if (next == ctd_chouette_page_selected_game (self))
    ctd_chouette_page_load_field (self, TRUE);
  else
    ctd_chouette_page_select_game (self, next);
  /* The keyboard goes back to the field for the next game, wherever the
   * line came from (the guided form's Alt+R, the Record button, a
   * confirmation); the form stays open on the next game. */
  if (gtk_widget_is_sensitive (GTK_WIDGET (self->notation_entry)))
    gtk_widget_grab_focus (GTK_WIDGET (self->notation_entry));
}

static void
replace_confirmed (gpointer user_data)
{
  CtdChouettePage *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint game = self->confirm_game;

  if (self->document == NULL || game == 0)
    return;
  if (!ctd_document_record_game (self->document, self->round, self->number, game,
                                 self->confirm_notation, TRUE, &error))
    {
      ctd_chouette_page_show_message (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("Game %u corrected: “%s”."), game, self->confirm_notation);
  ctd_chouette_page_show_message (self, text, FALSE);
  ctd_chouette_page_move_on (self, game);
}

static void
clear_confirmed (gpointer user_data)
{
  CtdChouettePage *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint game = self->confirm_game;

  if (self->document == NULL || game == 0)
    return;
  if (!ctd_document_clear_game (self->document, self->round, self->number, game, &error))
    {
      ctd_chouette_page_show_message (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("Game %u cleared."), game);
  ctd_chouette_page_show_message (self, text, FALSE);
  if (ctd_chouette_page_selected_game (self) == game)
    ctd_chouette_page_load_field (self, TRUE);
}

static void
ask_confirmation (CtdChouettePage *self,
                  guint            game,
                  const char      *notation,
                  const char      *question,
                  const char      *detail,
                  const char      *accept_label,
                  CtdUiConfirmed   confirmed)
{
  self->confirm_game = game;
  g_free (self->confirm_notation);
  self->confirm_notation = g_strdup (notation);
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, accept_label, confirmed, G_OBJECT (self));
}

/* Enter: the typed line for the selected game. A new game is recorded at
 * once; a different line for an entered game asks first, in core's
 * words; a refused line records nothing and stays for correction. */
static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  CtdGameItem *item = ctd_chouette_page_selected_item (self);
  g_autofree char *line = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *question = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint game;

  if (self->view == NULL || item == NULL)
    return;
  game = ctd_game_item_get_game (item);
  line = g_strstrip (g_strdup (ctd_chouette_page_notation_text (self)));
  /* The table's line, as it sent it: accepted (ctd-chouette-page-table.c). */
  if (ctd_chouette_page_accept_table_line (self, game, line))
    return;
  if (!ctd_game_item_get_recorded (item))
    {
      if (*line == '\0')
        {
          text = g_strdup_printf (_("Game %u has no result yet: type its line first."), game);
          ctd_chouette_page_set_preview (self, text, TRUE);
          return;
        }
      /* Another line than the table's that waits: asked first. */
      if (ctd_chouette_page_record_instead (self, game, line))
        return;
      if (!ctd_document_record_game (self->document, self->round, self->number, game, line,
                                     FALSE, &error))
        {
          ctd_chouette_page_set_preview (self, error->message, TRUE);
          return;
        }
      ctd_chouette_page_hide_message (self);
      ctd_chouette_page_move_on (self, game);
      return;
    }

  /* An entered game: Enter on its own line goes on to the next. */
  if (*line == '\0' || !self->edited)
    {
      ctd_chouette_page_select_game (self, MIN (game + 1, CTD_N_GAMES));
      return;
    }
  if (!ctd_chouette_view_preview (self->view, game, line, NULL, NULL, &canonical, &error))
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return;
    }
  if (g_strcmp0 (canonical, ctd_game_item_get_notation (item)) == 0)
    {
      ctd_chouette_page_select_game (self, MIN (game + 1, CTD_N_GAMES));
      return;
    }
  detail = ctd_chouette_view_describe_replacement (self->view, game, line, &error);
  if (detail == NULL)
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return;
    }
  question = g_strdup_printf (_("Replace the result of game %u?"), game);
  ask_confirmation (self, game, canonical, question, detail, _("_Replace"), replace_confirmed);
}

static void
notation_activate_cb (CtdChouettePage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "chouette.record", NULL);
}

static void
clear_game_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *question = NULL;
  guint game = ctd_chouette_page_selected_game (self);

  if (self->view == NULL || game == 0)
    return;
  detail = ctd_chouette_view_describe_replacement (self->view, game, NULL, &error);
  if (detail == NULL)
    {
      ctd_chouette_page_show_message (self, error->message, TRUE);
      return;
    }
  question = g_strdup_printf (_("Clear the result of game %u?"), game);
  ask_confirmation (self, game, NULL, question, detail, _("_Clear"), clear_confirmed);
}

static void
previous_game_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  guint game = ctd_chouette_page_selected_game (self);

  if (game > 1)
    ctd_chouette_page_select_game (self, game - 1);
}

static void
next_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  guint game = ctd_chouette_page_selected_game (self);

  if (game >= 1 && game < CTD_N_GAMES)
    ctd_chouette_page_select_game (self, game + 1);
}

/* The neighbouring chouette of the round, through win.show-chouette as
 * any other way there: the director goes from sheet to sheet of the pile. */
static void
step_chouette (CtdChouettePage *self,
               int              step)
{
  guint round = ctd_chouette_page_get_round (self);
  guint number = ctd_chouette_page_get_number (self);
  guint n;
  g_autofree char *label = NULL;
  g_autofree char *message = NULL;

  if (self->document == NULL || round == 0)
    return;
  n = g_list_model_get_n_items (ctd_document_get_chouettes (self->document, round));
  if ((step < 0 && number <= 1) || (step > 0 && number >= n))
    {
      message = g_strdup_printf (step < 0 ? _("Chouette %u.%u is the first of round %u.")
                                          : _("Chouette %u.%u is the last of round %u."),
                                 round, number, round);
      ctd_chouette_page_show_message (self, message, FALSE);
      return;
    }
  label = g_strdup_printf ("%u.%u", round, number + step);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-chouette", "s", label);
}

static void
previous_chouette_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  step_chouette (CTD_CHOUETTE_PAGE (widget), -1);
}

static void
next_chouette_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  step_chouette (CTD_CHOUETTE_PAGE (widget), 1);
}

static void
guided_form_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);

  gtk_toggle_button_set_active (self->guided_button,
                                !gtk_toggle_button_get_active (self->guided_button));
}

/* ---- the paper's totals -------------------------------------------------- */

/**
 * ctd_chouette_page_apply_paper: (skip)
 * @self: the page
 *
 * Stores the paper totals typed (all empty: none) through the document;
 * the view then shows the cross-check in its words.
 */
void
ctd_chouette_page_apply_paper (CtdChouettePage *self)
{
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };
  g_autoptr(GError) error = NULL;

  if (self->view == NULL || !ctd_chouette_view_get_editable (self->view))
    return;
  for (guint p = 1; p <= self->built_size; p++)
    {
      GtkEntry *entry = self->paper_entries[p - 1];
      g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

      if (*text == '\0')
        continue;
      if (!ctd_halves_parse (text, &paper[p - 1]))
        {
          g_autofree char *message = g_strdup_printf (_("Player %u's paper total “%s” is not a "
                                                        "score in whole or half points, such as "
                                                        "-4 or 12.5"), p, text);

          ctd_chouette_page_show_message (self, message, TRUE);
          gtk_widget_grab_focus (GTK_WIDGET (entry));
          return;
        }
      given[p - 1] = TRUE;
    }
  if (!ctd_document_set_crosscheck (self->document, self->round, self->number, paper, given,
                                    &error))
    {
      ctd_chouette_page_show_message (self, error->message, TRUE);
      return;
    }
  ctd_chouette_page_hide_message (self);
  self->paper_edited = FALSE;
  ctd_chouette_page_update_totals (self);
}

static void
check_paper_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ctd_chouette_page_apply_paper (CTD_CHOUETTE_PAGE (widget));
}

/* ---- printing ------------------------------------------------------------ */

static void
export_sheet_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  CtdExportDialog *dialog;

  if (self->document == NULL || self->view == NULL)
    return;
  dialog = ctd_export_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                  self->document);
  ctd_export_dialog_select_chouette (dialog, self->round, self->number);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* While a print's report is built: the request, as the page's data. */
#define PRINTING_KEY "ctd-chouette-page-printing"

typedef struct
{
  GtkPrintOperationAction  action;
  char                    *export_path;
  char                    *job_name;
  char                    *event_path;
  GCancellable            *cancellable;
  gulong                   root_id;
} PrintRequest;

static void
print_request_free (PrintRequest *request)
{
  g_free (request->export_path);
  g_free (request->job_name);
  g_free (request->event_path);
  g_object_unref (request->cancellable);
  g_free (request);
}

/* The page left its window (the window closed): the print is given up. */
static void
print_root_changed_cb (CtdChouettePage *self,
                       GParamSpec      *pspec,
                       GCancellable    *cancellable)
{
  if (gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
    g_cancellable_cancel (cancellable);
}

static void
print_report_ready_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CtdChouettePage *self = g_task_get_source_object (task);
  PrintRequest *request = g_task_get_task_data (task);
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  CtdSheetDoc *doc;

  g_clear_signal_handler (&request->root_id, self);
  g_object_set_data (G_OBJECT (self), PRINTING_KEY, NULL);
  doc = ctd_document_build_report_finish (CTD_DOCUMENT (source), result, &error);
  if (doc == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  operation = ctd_print_operation_new (doc, request->job_name);
  if (request->export_path != NULL)
    gtk_print_operation_set_export_filename (operation, request->export_path);
  /* The printer and paper last chosen for this event, as the Print or
   * Export dialog prints with, and remembered from this dialog too. */
  if (ctd_print_run (operation, request->event_path, request->action,
                     GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                     &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * ctd_chouette_page_print_async:
 * @self: a chouette page
 * @action: %GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, or
 *   %GTK_PRINT_OPERATION_ACTION_EXPORT with @export_path
 * @export_path: (nullable): the PDF to write for an export
 * @cancellable: (nullable): to give up while the sheet is prepared;
 *   the page leaving its window (the window closed) gives up too
 * @callback: called once the sheet went to the printer (or the file),
 *   or could not
 * @user_data: for @callback
 *
 * Prints this chouette's filled scoring sheet: the sheet the export
 * writes, drawn by the same code, built in a worker thread
 * (ctd_document_build_report_async()) while the page stays responsive.
 * Nothing is printed while another print of the page is prepared.
 */
void
ctd_chouette_page_print_async (CtdChouettePage          *self,
                               GtkPrintOperationAction   action,
                               const char               *export_path,
                               GCancellable             *cancellable,
                               GAsyncReadyCallback       callback,
                               gpointer                  user_data)
{
  CtdReportOptions options = { NULL, FALSE, FALSE };
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *links_base = NULL;
  g_autoptr(GTask) task = NULL;
  PrintRequest *request;

  g_return_if_fail (CTD_IS_CHOUETTE_PAGE (self));

  request = g_new0 (PrintRequest, 1);
  request->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  task = g_task_new (self, request->cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_chouette_page_print_async);
  g_task_set_task_data (task, request, (GDestroyNotify) print_request_free);
  if (self->document == NULL || self->view == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (g_object_get_data (G_OBJECT (self), PRINTING_KEY) != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "%s",
                               _("The sheet is being prepared for printing already"));
      return;
    }
  request->action = action;
  request->export_path = g_strdup (export_path);
  /* TRANSLATORS: a print job's name, e.g. "Spring Open, chouette 1.3" */
  request->job_name = g_strdup_printf (_("%s, chouette %s"),
                                       ctd_document_get_name (self->document),
                                       ctd_chouette_view_get_label (self->view));
  request->event_path = g_strdup (ctd_document_get_path (self->document));
  request->root_id = g_signal_connect_object (self, "notify::root",
                                              G_CALLBACK (print_root_changed_cb),
                                              request->cancellable, 0);
  g_object_set_data (G_OBJECT (self), PRINTING_KEY, request);
  /* While the window's Table Entry serves, the sheet carries its table's
   * link and QR code, as the Print or Export dialog's do. */
  if (CTD_IS_MAIN_WINDOW (root))
    links_base = ctd_main_window_dup_links_base (CTD_MAIN_WINDOW (root));
  options.links_base = links_base;
  ctd_document_build_report_async (self->document, self->round, self->number, &options,
                                   request->cancellable, print_report_ready_cb,
                                   g_steal_pointer (&task));
}

/**
 * ctd_chouette_page_print_finish:
 * @self: a chouette page
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: whether the sheet went to the printer (or the file); a
 *   print given up is %G_IO_ERROR_CANCELLED
 */
gboolean
ctd_chouette_page_print_finish (CtdChouettePage  *self,
                                GAsyncResult     *result,
                                GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
print_sheet_ready_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (source);
  g_autoptr(GError) error = NULL;

  if (!ctd_chouette_page_print_finish (self, result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING))
    ctd_chouette_page_show_message (self, error->message, TRUE);
}

static void
print_sheet_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ctd_chouette_page_print_async (CTD_CHOUETTE_PAGE (widget),
                                 GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, NULL,
                                 print_sheet_ready_cb, NULL);
}

/**
 * ctd_chouette_page_install_actions: (skip)
 * @widget_class: the page's class
 *
 * The page's actions, their keys and the field's Enter.
 */
void
ctd_chouette_page_install_actions (GtkWidgetClass *widget_class)
{
  ctd_chouette_page_install_table_actions (widget_class);
  gtk_widget_class_bind_template_callback (widget_class, notation_activate_cb);
  gtk_widget_class_install_action (widget_class, "chouette.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "chouette.clear-game", NULL, clear_game_action);
  gtk_widget_class_install_action (widget_class, "chouette.previous-game", NULL,
                                   previous_game_action);
  gtk_widget_class_install_action (widget_class, "chouette.next-game", NULL, next_game_action);
  gtk_widget_class_install_action (widget_class, "chouette.guided-form", NULL,
                                   guided_form_action);
  gtk_widget_class_install_action (widget_class, "chouette.previous-chouette", NULL,
                                   previous_chouette_action);
  gtk_widget_class_install_action (widget_class, "chouette.next-chouette", NULL,
                                   next_chouette_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK,
                                       "chouette.previous-chouette", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK,
                                       "chouette.next-chouette", NULL);
  gtk_widget_class_install_action (widget_class, "chouette.check-paper", NULL,
                                   check_paper_action);
  gtk_widget_class_install_action (widget_class, "chouette.export-sheet", NULL,
                                   export_sheet_action);
  gtk_widget_class_install_action (widget_class, "chouette.print-sheet", NULL,
                                   print_sheet_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "chouette.print-sheet", NULL);
  /* Delete reaches the page from the grid (a field keeps it for its text);
   * Ctrl+Shift+Delete from anywhere on the page. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "chouette.clear-game",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "chouette.clear-game",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F4, 0, "chouette.guided-form", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "chouette.export-sheet", NULL);
}
