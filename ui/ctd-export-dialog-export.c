/* ctd-export-dialog-export.c: the Print or Export dialog's export to a
 * file, in a worker thread of the document, with its progress.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-export-dialog"

#include "config.h"

#include "ctd-export-dialog.h"
#include "ctd-export-dialog-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ctd-main-window.h"
#include "ctd-record-items.h"
#include "ctd-report.h"
#include "ctd-ui.h"

/* On the dialog's main context, after each page or worksheet. */
static void
export_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  CtdExportDialog *self = user_data;
  g_autofree char *text = NULL;

  /* A step queued just before the end is old news. */
  if (self->document == NULL || self->cancellable == NULL || total == 0)
    return;
  if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_HTML)
    text = g_strdup (_("Web page written"));
  else if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_PDF)
    text = g_strdup_printf (_("Page %u of %u"), done, total);
  else if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_XLSX)
    text = g_strdup_printf (_("Worksheet %u of %u"), done, total);
  /* (a CSV file is written in one step: the bar alone says it) */
  gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
export_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CtdExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) warnings = NULL;
  gboolean written;

  written = ctd_document_export_finish (CTD_DOCUMENT (source), result, &warnings, &error);
  /* Closed meanwhile: nothing left to tell. */
  if (self->document == NULL)
    return;
  path = g_file_get_path (self->target);
  display = g_filename_display_name (path);
  if (written)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, 1.0);
      gtk_progress_bar_set_text (self->progress_bar, _("Done"));
      g_autoptr(GString) message = g_string_new (NULL);

      g_string_printf (message, _("Wrote %s"), display);
      /* As the command line says them: what the director should know of
       * the file (the event's language missing here, a name no font
       * draws). */
      for (guint i = 0; warnings[i] != NULL; i++)
        {
          g_string_append_c (message, '\n');
          g_string_append_printf (message, _("Warning: %s"), warnings[i]);
        }
      ctd_export_dialog_show_message (self, message->str, warnings[0] != NULL);
      gtk_widget_set_visible (self->open_button, TRUE);
      ctd_export_dialog_set_busy (self, NULL);
      gtk_widget_grab_focus (self->open_button);
      return;
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      gtk_widget_set_visible (self->progress_box, FALSE);
      text = g_strdup_printf (_("Export cancelled: %s was not written."), display);
      ctd_export_dialog_show_message (self, text, FALSE);
    }
  else
    {
      gtk_widget_set_visible (self->progress_box, FALSE);
      /* The writer's messages name the file already; a report's do not. */
      if (strstr (error->message, path) != NULL)
        text = g_strdup (error->message);
      else
        text = g_strdup_printf (_("%s was not written: %s"), display, error->message);
      ctd_export_dialog_show_message (self, text, TRUE);
    }
  ctd_export_dialog_set_busy (self, NULL);
  gtk_widget_grab_focus (self->export_button);
}

/**
 * ctd_export_dialog_export_to:
 * @self: an export dialog
 * @file: the file to write; the format's extension is added when missing
 *
 * Exports what the dialog's choices say to @file, in a worker thread,
 * showing the progress; what the file chooser does once the director
 * chose a file.
 */
void
ctd_export_dialog_export_to (CtdExportDialog *self,
                             GFile           *file)
{
  g_autoptr(GCancellable) cancellable = NULL;
  g_autofree char *path = NULL;
  g_autofree char *extension = NULL;
  CtdDocumentExport what;

  g_return_if_fail (CTD_IS_EXPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (self->cancellable == NULL);

  gtk_widget_set_visible (self->message_box, FALSE);
  gtk_widget_set_visible (self->open_button, FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      ctd_export_dialog_show_message (self, _("Choose a file on this computer"), TRUE);
      return;
    }
  ctd_export_dialog_follow_links_base (self);
  if (!ctd_export_dialog_get_what (self, &what))
    {
      ctd_export_dialog_show_message (self, _("Choose a round or a chouette to export"), TRUE);
      return;
    }
  extension = ctd_export_dialog_chosen_extension (self);
  if (!g_str_has_suffix (path, extension))
    {
      char *named = g_strconcat (path, extension, NULL);

      g_free (path);
      path = named;
    }
  g_clear_object (&self->target);
  self->target = g_file_new_for_path (path);

  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_progress_bar_set_text (self->progress_bar, _("Preparing…"));
  gtk_widget_set_visible (self->progress_box, TRUE);
  cancellable = g_cancellable_new ();
  ctd_export_dialog_set_busy (self, cancellable);
  ctd_document_export_async (self->document, &what, path, export_progress_cb,
                             g_object_ref (self), g_object_unref, cancellable, export_ready_cb,
                             g_object_ref (self));
  gtk_widget_grab_focus (self->cancel_button);
}

/**
 * ctd_export_dialog_get_busy:
 * @self: an export dialog
 *
 * Returns: whether an export is running, or a print being prepared
 */
gboolean
ctd_export_dialog_get_busy (CtdExportDialog *self)
{
  g_return_val_if_fail (CTD_IS_EXPORT_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}
