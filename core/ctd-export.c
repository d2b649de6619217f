/* ctd-export.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-export"

#include "config.h"

#include "ctd-export.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ctd-pdf.h"
#include "ctd-xlsx.h"

G_DEFINE_QUARK (ctd-export-error-quark, ctd_export_error)

/**
 * ctd_export_format_for:
 * @path: a file name
 * @out_format: (out): the format its extension names
 * @error: return location for a #GError
 *
 * Returns: whether @path ends in .xlsx or .pdf (in any case)
 */
gboolean
ctd_export_format_for (const char       *path,
                       CtdExportFormat  *out_format,
                       GError          **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".xlsx"))
    *out_format = CTD_EXPORT_XLSX;
  else if (g_str_has_suffix (lower, ".pdf"))
    *out_format = CTD_EXPORT_PDF;
  else
    {
      g_set_error (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_FORMAT,
                   "“%s”: name the file .xlsx (a spreadsheet) or .pdf (to print)", path);
      return FALSE;
    }
  return TRUE;
}

/* A writer's message names the temporary file: name the real one instead. */
static void
set_write_error (GError    **error,
                 GError     *cause,
                 const char *temporary,
                 const char *path)
{
  g_autoptr(GString) message = g_string_new (cause->message);

  g_string_replace (message, temporary, path, 0);
  g_set_error_literal (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE, message->str);
}

/**
 * ctd_export_write:
 * @doc: the document
 * @path: the file to write; its extension chooses the format
 * @error: return location for a #GError
 *
 * Writes @doc to a temporary file in @path's folder, flushes it to the disk
 * and renames it to @path. On any failure the temporary file is removed and
 * an existing @path is left as it was; the message names @path.
 *
 * Returns: whether @path now holds the whole document
 */
gboolean
ctd_export_write (const CtdSheetDoc  *doc,
                  const char         *path,
                  GError            **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temporary = NULL;
  g_autoptr(GError) cause = NULL;
  CtdExportFormat format;
  gboolean written;
  int fd;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_export_format_for (path, &format, error))
    return FALSE;
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  temporary = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (temporary, O_RDWR, 0644);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE, "Could not write “%s”: %s",
                   path, g_strerror (saved_errno));
      return FALSE;
    }
  close (fd);

  written = format == CTD_EXPORT_XLSX ? ctd_xlsx_write (doc, temporary, &cause)
                                      : ctd_pdf_write (doc, temporary, &cause);
  if (written)
    {
      /* The bytes reach the disk before the name points at them. */
      fd = g_open (temporary, O_RDONLY, 0);
      if (fd < 0 || fsync (fd) != 0)
        {
          int saved_errno = errno;

          g_set_error (&cause, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE,
                       "Could not write “%s”: %s", temporary, g_strerror (saved_errno));
          written = FALSE;
        }
      if (fd >= 0)
        close (fd);
    }
  if (written && g_rename (temporary, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (&cause, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE, "Could not write “%s”: %s",
                   path, g_strerror (saved_errno));
      written = FALSE;
    }
  if (!written)
    {
      g_unlink (temporary);
      set_write_error (error, cause, temporary, path);
    }
  return written;
}
