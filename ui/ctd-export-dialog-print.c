/* ctd-export-dialog-print.c: the Print or Export dialog's Print… and Preview.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-export-dialog"

#include "config.h"

#include "ctd-export-dialog-private.h"

#include <glib/gi18n.h>

#include "ctd-record-items.h"
#include "ctd-print.h"
#include "ctd-report.h"

/* "Club Open - standings, round 2 (public)": the event and the choice,
 * with no folder separator from the event's name; the print job's name,
 * and with the format's extension the file's. */
char *
ctd_export_dialog_describe_choice (CtdExportDialog *self)
{
  g_autoptr(GString) name = g_string_new (ctd_document_get_name (self->document));
  CtdDocumentExport what;

  ctd_export_dialog_get_what (self, &what);
  /* The CSV file's results: public by nature, not said. */
  if (gtk_toggle_button_get_active (self->csv_choice) && what.round != 0)
    g_string_append_printf (name, _(" - results, round %u"), what.round);
  else if (gtk_toggle_button_get_active (self->csv_choice))
    g_string_append (name, _(" - results"));
  else if (what.chouette != 0)
    g_string_append_printf (name, _(" - chouette %s"),
                            ctd_chouette_item_get_label (
                              gtk_drop_down_get_selected_item (self->chouette_dropdown)));
  else if (what.options.blank)
    g_string_append_printf (name, _(" - blank sheets, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_SHEETS)
    g_string_append_printf (name, _(" - sheets, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_SLIPS)
    g_string_append_printf (name, _(" - link slips, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_STANDINGS)
    g_string_append_printf (name, _(" - standings, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_RESULTS)
    g_string_append (name, _(" - results and settlements"));
  else if (what.options.part == CTD_REPORT_PART_POSTING)
    g_string_append (name, _(" - results"));
  if (what.options.public_view && !gtk_toggle_button_get_active (self->csv_choice))
    g_string_append (name, _(" (public)"));
  g_strdelimit (name->str, G_DIR_SEPARATOR_S "/", '-');
  return g_string_free (g_steal_pointer (&name), FALSE);
}

typedef struct
{
  GtkPrintOperationAction  action;
  char                    *export_path;
  char                    *job_name;
} PrintRequest;

static void
print_request_free (PrintRequest *request)
{
  g_free (request->export_path);
  g_free (request->job_name);
  g_free (request);
}

/* The report is built: to the printer, the preview or the file. */
static void
report_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CtdExportDialog *self = g_task_get_source_object (task);
  PrintRequest *request = g_task_get_task_data (task);
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;
  CtdSheetDoc *doc;

  doc = ctd_document_build_report_finish (CTD_DOCUMENT (source), result, &error);
  /* Closed meanwhile (which cancelled): nothing to show it in. */
  if (self->document != NULL)
    {
      gtk_widget_set_visible (self->progress_box, FALSE);
      ctd_export_dialog_set_busy (self, NULL);
      gtk_widget_grab_focus (self->print_button);
    }
  if (doc == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  operation = ctd_print_operation_new (doc, request->job_name);
  if (request->export_path != NULL)
    gtk_print_operation_set_export_filename (operation, request->export_path);
  if (ctd_print_run (operation, ctd_document_get_path (CTD_DOCUMENT (source)), request->action,
                     GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * ctd_export_dialog_print_async:
 * @self: a print or export dialog, not busy
 * @action: %GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG (Print…),
 *   %GTK_PRINT_OPERATION_ACTION_PREVIEW (Preview: the in-app preview,
 *   ctd_print_run()), or
 *   %GTK_PRINT_OPERATION_ACTION_EXPORT with @export_path
 * @export_path: (nullable): the PDF a print in export mode writes
 * @callback: called once the sheets went to the printer, the preview or
 *   the file, or could not
 * @user_data: for @callback
 *
 * Prints what the choices say, as "Print…" and "Preview" do: the
 * document the export would write, drawn by the same code, with the
 * printer and paper last chosen for this event. The document is built
 * in a worker thread (ctd_document_build_report_async()), the dialog
 * busy meanwhile: its Cancel, or closing it, gives up.
 */
void
ctd_export_dialog_print_async (CtdExportDialog          *self,
                               GtkPrintOperationAction   action,
                               const char               *export_path,
                               GAsyncReadyCallback       callback,
                               gpointer                  user_data)
{
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GTask) task = NULL;
  CtdDocumentExport what;
  PrintRequest *request;

  g_return_if_fail (CTD_IS_EXPORT_DIALOG (self));
  g_return_if_fail (self->document != NULL);
  g_return_if_fail (self->cancellable == NULL);

  cancellable = g_cancellable_new ();
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_export_dialog_print_async);
  ctd_export_dialog_follow_links_base (self);
  if (!ctd_export_dialog_get_what (self, &what))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                               _("Choose a round or a chouette to print"));
      return;
    }
  request = g_new0 (PrintRequest, 1);
  request->action = action;
  request->export_path = g_strdup (export_path);
  request->job_name = ctd_export_dialog_describe_choice (self);
  g_task_set_task_data (task, request, (GDestroyNotify) print_request_free);

  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_progress_bar_set_text (self->progress_bar, _("Preparing…"));
  gtk_widget_set_visible (self->progress_box, TRUE);
  ctd_export_dialog_set_busy (self, cancellable);
  ctd_document_build_report_async (self->document, what.round, what.chouette, &what.options,
                                   cancellable, report_ready_cb, g_steal_pointer (&task));
}

/**
 * ctd_export_dialog_print_finish:
 * @self: a print or export dialog
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: whether the sheets went to the printer, the preview or the
 *   file (a print dialog cancelled is not a failure; a print given up
 *   before, by Cancel or by closing the dialog, is %G_IO_ERROR_CANCELLED)
 */
gboolean
ctd_export_dialog_print_finish (CtdExportDialog  *self,
                                GAsyncResult     *result,
                                GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
print_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (source);
  g_autoptr(GError) error = NULL;

  if (!ctd_export_dialog_print_finish (self, result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->document != NULL)
    ctd_export_dialog_show_message (self, error->message, TRUE);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (widget);
  GtkPrintOperationAction action = g_str_equal (action_name, "export.preview")
                                     ? GTK_PRINT_OPERATION_ACTION_PREVIEW
                                     : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;

  gtk_widget_set_visible (self->message_box, FALSE);
  gtk_widget_set_visible (self->open_button, FALSE);
  ctd_export_dialog_print_async (self, action, NULL, print_ready_cb, NULL);
  gtk_widget_grab_focus (self->cancel_button);
}

/**
 * ctd_export_dialog_install_print_actions: (skip)
 * @widget_class: the dialog's class
 *
 * export.print (Print…) and export.preview (Preview).
 */
void
ctd_export_dialog_install_print_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "export.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "export.preview", NULL, print_action);
}
