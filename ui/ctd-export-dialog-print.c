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
  if (what.chouette != 0)
    g_string_append_printf (name, _(" - chouette %s"),
                            ctd_chouette_item_get_label (
                              gtk_drop_down_get_selected_item (self->chouette_dropdown)));
  else if (what.options.blank)
    g_string_append_printf (name, _(" - blank sheets, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_SHEETS)
    g_string_append_printf (name, _(" - sheets, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_STANDINGS)
    g_string_append_printf (name, _(" - standings, round %u"), what.round);
  else if (what.options.part == CTD_REPORT_PART_RESULTS)
    g_string_append (name, _(" - results and settlements"));
  if (what.options.public_view)
    g_string_append (name, _(" (public)"));
  g_strdelimit (name->str, G_DIR_SEPARATOR_S "/", '-');
  return g_string_free (g_steal_pointer (&name), FALSE);
}

/**
 * ctd_export_dialog_print:
 * @self: a print or export dialog
 * @action: %GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG (Print…),
 *   %GTK_PRINT_OPERATION_ACTION_PREVIEW (Preview: the in-app preview,
 *   ctd_print_run()), or
 *   %GTK_PRINT_OPERATION_ACTION_EXPORT with @export_path
 * @export_path: (nullable): the PDF a print in export mode writes
 * @error: return location for a #GError
 *
 * Prints what the choices say, as "Print…" and "Preview" do: the
 * document the export would write, drawn by the same code, with the
 * printer and paper last chosen for this event.
 *
 * Returns: whether the sheets went to the printer, the preview or the
 *   file (a print dialog cancelled is not a failure)
 */
gboolean
ctd_export_dialog_print (CtdExportDialog          *self,
                         GtkPrintOperationAction   action,
                         const char               *export_path,
                         GError                  **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *job_name = NULL;
  CtdDocumentExport what;
  CtdSheetDoc *doc;

  g_return_val_if_fail (CTD_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  if (!ctd_export_dialog_get_what (self, &what))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose a round or a chouette to print"));
      return FALSE;
    }
  doc = ctd_document_build_report (self->document, what.round, what.chouette, &what.options,
                                   error);
  if (doc == NULL)
    return FALSE;
  job_name = ctd_export_dialog_describe_choice (self);
  operation = ctd_print_operation_new (doc, job_name);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);
  return ctd_print_run (operation, ctd_document_get_path (self->document), action,
                        GTK_WINDOW (self), error) != GTK_PRINT_OPERATION_RESULT_ERROR;
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationAction action = g_str_equal (action_name, "export.preview")
                                     ? GTK_PRINT_OPERATION_ACTION_PREVIEW
                                     : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;

  gtk_widget_set_visible (self->message_box, FALSE);
  gtk_widget_set_visible (self->open_button, FALSE);
  if (!ctd_export_dialog_print (self, action, NULL, &error))
    ctd_export_dialog_show_message (self, error->message, TRUE);
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
