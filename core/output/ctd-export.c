/* ctd-export.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-export"

#include "config.h"

#include "ctd-export.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ctd-html.h"
#include "ctd-output-enum-types.h"
#include "ctd-output-language.h"
#include "ctd-pdf.h"
#include "ctd-results-csv.h"
#include "ctd-types.h"
#include "ctd-xlsx.h"

/**
 * ctd_export_error_quark:
 *
 * Returns: the domain of %CTD_EXPORT_ERROR errors
 */
G_DEFINE_QUARK (ctd-export-error-quark, ctd_export_error)

/**
 * ctd_export_format_for:
 * @path: a file name
 * @out_format: (out): the format its extension names
 * @error: return location for a #GError
 *
 * The extensions are the nicks of %CTD_TYPE_EXPORT_FORMAT, so a format
 * added to the enum is recognised here at once.
 *
 * Returns: whether @path ends in .xlsx, .pdf, .html or .csv (in any case)
 */
gboolean
ctd_export_format_for (const char       *path,
                       CtdExportFormat  *out_format,
                       GError          **error)
{
  g_autoptr(GEnumClass) klass = NULL;
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL && out_format != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  klass = g_type_class_ref (CTD_TYPE_EXPORT_FORMAT);
  lower = g_ascii_strdown (path, -1);
  for (guint i = 0; i < klass->n_values; i++)
    {
      const GEnumValue *value = &klass->values[i];
      gsize n = strlen (value->value_nick);
      gsize length = strlen (lower);

      if (length > n && lower[length - n - 1] == '.' &&
          g_str_equal (lower + length - n, value->value_nick))
        {
          *out_format = value->value;
          return TRUE;
        }
    }
  g_set_error (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_FORMAT,
               _("“%s”: name the file .xlsx (a spreadsheet), .pdf (to print), .html "
                 "(a web page) or .csv (results for a club database)"), path);
  return FALSE;
}

/**
 * ctd_export_format_to_string:
 * @format: a format
 *
 * Returns: (transfer none): the format's extension without the dot,
 *   "xlsx", "pdf", "html" or "csv", as the CLI's JSON names it
 */
const char *
ctd_export_format_to_string (CtdExportFormat format)
{
  const char *nick = ctd_enum_to_nick (CTD_TYPE_EXPORT_FORMAT, format);

  g_return_val_if_fail (nick != NULL, "unknown");
  return nick;
}

/**
 * ctd_export_count_pages:
 * @doc: the document
 *
 * How many pages of paper @doc prints on: what the PDF holds, and what a
 * spreadsheet program prints of the XLSX file, whose page setup asks for
 * the same (a scoring sheet fitted to one page, a list cut by rows under
 * its repeated headings). A document of 3 worksheets may well be 5
 * pages: a director counting sheets for the printer wants this number.
 *
 * Returns: the number of pages, from ctd_pdf_paginate()
 */
guint
ctd_export_count_pages (const CtdSheetDoc *doc)
{
  g_autoptr(GPtrArray) papers = NULL;

  g_return_val_if_fail (doc != NULL, 0);

  papers = ctd_pdf_paginate (doc);
  return papers->len;
}

/**
 * ctd_export_warnings:
 * @doc: the document
 * @format: the format it is written in
 *
 * What the director should know about @doc in @format before printing
 * it, without refusing the export: that it is not in the event's
 * language after all (CtdSheetDoc's @language_warning); a player's name
 * that the installed fonts cannot draw whole in a PDF
 * (ctd_pdf_check_glyphs()), once per player. A spreadsheet program
 * draws an XLSX file with its own fonts.
 *
 * Returns: (transfer full) (element-type utf8): one sentence per warning,
 *   naming the player; empty when there is nothing to say
 */
GPtrArray *
ctd_export_warnings (const CtdSheetDoc *doc,
                     CtdExportFormat    format)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = NULL;

  g_return_val_if_fail (doc != NULL, warnings);

  if (doc->language_warning != NULL)
    g_ptr_array_add (warnings, g_strdup (doc->language_warning));
  if (format != CTD_EXPORT_PDF)
    return warnings;
  names = ctd_pdf_check_glyphs (doc);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (warnings,
                     g_strdup_printf (_("no installed font has every letter of the name “%s”: "
                                        "the PDF shows empty boxes for the others; install "
                                        "fonts-noto-core and fonts-noto-cjk, or print the "
                                        "XLSX"),
                                      (const char *) g_ptr_array_index (names, i)));
  return warnings;
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
 * ctd_export_write_full() without progress or cancellation.
 *
 * Returns: whether @path now holds the whole document
 */
gboolean
ctd_export_write (const CtdSheetDoc  *doc,
                  const char         *path,
                  GError            **error)
{
  return ctd_export_write_full (doc, path, NULL, NULL, NULL, error);
}

/**
 * ctd_export_write_full:
 * @doc: the document
 * @path: the file to write; its extension chooses the format
 * @progress: (nullable) (scope call): told after each sheet of paper (PDF)
 *   or worksheet (XLSX), once for a CSV file, in the calling thread
 * @user_data: (closure): for @progress
 * @cancellable: (nullable): checked between pages and once more before
 *   the file takes its name
 * @error: return location for a #GError
 *
 * Writes @doc to a temporary file in @path's folder, flushes it to the disk
 * and renames it to @path. On any failure, and on cancellation, the
 * temporary file is removed and an existing @path is left as it was; a
 * failure's message names @path.
 *
 * May run in a worker thread: @doc is only read, and nothing else is
 * shared.
 *
 * Returns: whether @path now holds the whole document; %FALSE with
 *   %G_IO_ERROR_CANCELLED when @cancellable was cancelled
 */
gboolean
ctd_export_write_full (const CtdSheetDoc  *doc,
                       const char         *path,
                       CtdExportProgress   progress,
                       gpointer            user_data,
                       GCancellable       *cancellable,
                       GError            **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temporary = NULL;
  g_autoptr(GError) cause = NULL;
  g_auto(CtdOutputLanguage) language = { 0, };
  CtdExportFormat format;
  gboolean written;
  int fd;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_export_format_for (path, &format, error) ||
      g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  temporary = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (temporary, O_RDWR, 0644);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE,
                   _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  close (fd);

  /* The writers' own texts (a web page's title and language, a QR
   * code's description) in the language the document was built in. (A
   * workbook's and a CSV file's numbers keep their point in every
   * language: their writers see to it.) */
  ctd_output_language_begin (&language, doc->language, NULL);
  switch (format)
    {
    case CTD_EXPORT_XLSX:
      written = ctd_xlsx_write_full (doc, temporary, progress, user_data, cancellable, &cause);
      break;
    case CTD_EXPORT_HTML:
      written = ctd_html_write_full (doc, temporary, progress, user_data, cancellable, &cause);
      break;
    case CTD_EXPORT_CSV:
      written = ctd_csv_write_full (doc, temporary, progress, user_data, cancellable, &cause);
      break;
    case CTD_EXPORT_PDF:
    default:
      written = ctd_pdf_write_full (doc, temporary, progress, user_data, cancellable, &cause);
      break;
    }
  ctd_output_language_end (&language);
  if (written)
    {
      /* The bytes reach the disk before the name points at them. */
      fd = g_open (temporary, O_RDONLY, 0);
      if (fd < 0 || fsync (fd) != 0)
        {
          int saved_errno = errno;

          g_set_error (&cause, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE,
                       _("Could not write “%s”: %s"), temporary, g_strerror (saved_errno));
          written = FALSE;
        }
      if (fd >= 0)
        close (fd);
    }
  /* The last moment a Cancel can still keep the old file. */
  if (written && g_cancellable_set_error_if_cancelled (cancellable, &cause))
    written = FALSE;
  if (written && g_rename (temporary, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (&cause, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE,
                   _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
      written = FALSE;
    }
  if (!written)
    {
      g_unlink (temporary);
      /* A Cancel is not a failure to explain: the caller keeps its code. */
      if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&cause));
      else
        set_write_error (error, cause, temporary, path);
    }
  return written;
}
