/* ctd-main-window-close.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include "ctd-main-window-close.h"

#include <glib/gi18n.h>

#include "ctd-tournament.h"
#include "ctd-ui.h"

/*
 * Close Event… (win.close-event): the director picks the archive's
 * folder, confirms, and the document closes the event with its archive
 * (ctd_document_close_event()). The window's read-only banner and the
 * pages then follow the document's "read-only" like any file open
 * read-only.
 */

/**
 * ctd_main_window_close_event:
 * @self: a window showing an event
 * @folder: the folder the archive goes in
 * @error: return location for a #GError
 *
 * Closes the event shown and writes its archive into @folder
 * (ctd_document_close_event()), without asking: what win.close-event
 * does once the director chose the folder and confirmed. The window then
 * shows the event read-only, with the reason and where the archive went.
 *
 * Returns: whether the event was closed; on refusal nothing changed
 */
gboolean
ctd_main_window_close_event (CtdMainWindow  *self,
                             const char     *folder,
                             GError        **error)
{
  CtdDocument *document;
  g_autofree char *display = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), FALSE);
  g_return_val_if_fail (folder != NULL, FALSE);
  document = ctd_main_window_get_document (self);
  g_return_val_if_fail (CTD_IS_DOCUMENT (document), FALSE);

  if (!ctd_document_close_event (document, folder, error))
    return FALSE;
  display = g_filename_display_name (folder);
  text = g_strdup_printf (_("%s. Its archive (the workbook and a copy of the event file) is in "
                            "“%s”."), ctd_document_get_read_only_reason (document), display);
  ctd_main_window_show_error (self, text);
  return TRUE;
}

#define ARCHIVE_FOLDER_KEY "ctd-archive-folder"

static void
close_confirmed (gpointer user_data)
{
  CtdMainWindow *self = user_data;
  const char *folder = g_object_get_data (G_OBJECT (self), ARCHIVE_FOLDER_KEY);
  g_autoptr(GError) error = NULL;

  if (ctd_main_window_get_document (self) != NULL && folder != NULL &&
      !ctd_main_window_close_event (self, folder, &error))
    ctd_main_window_show_error (self, error->message);
}

static void
archive_folder_chosen (GFile    *file,
                       gpointer  user_data)
{
  CtdMainWindow *self = user_data;
  CtdDocument *document = ctd_main_window_get_document (self);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  g_autofree char *display = NULL;
  g_autofree char *question = NULL;
  g_autofree char *detail = NULL;

  if (file == NULL || document == NULL)
    return;
  if (path == NULL)
    {
      ctd_main_window_show_error (self, _("Choose a folder on this computer for the archive"));
      return;
    }
  display = g_filename_display_name (path);
  question = g_strdup_printf (_("Close “%s”?"), ctd_document_get_name (document));
  detail = g_strdup_printf (_("It becomes read-only: no player, result or setting can change, "
                              "and undo cannot reopen it. The workbook of the whole event and a "
                              "copy of the event file go to “%s”."), display);
  g_object_set_data_full (G_OBJECT (self), ARCHIVE_FOLDER_KEY, g_steal_pointer (&path), g_free);
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, _("C_lose Event"), close_confirmed,
                  G_OBJECT (self));
}

/* Only a finished event closes: say what is missing before asking for
 * a folder. */
void
ctd_main_window_close_event_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  CtdDocument *document = ctd_main_window_get_document (self);
  g_autoptr(GError) error = NULL;

  if (document == NULL || ctd_document_get_read_only (document))
    return;
  if (!ctd_document_check_finished (document, &error))
    {
      ctd_main_window_show_error (self, error->message);
      return;
    }
  ctd_ui_choose_file (GTK_WIDGET (self), _("Choose the Folder for the Archive"),
                      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Choose"), NULL, NULL,
                      archive_folder_chosen, G_OBJECT (self));
}

