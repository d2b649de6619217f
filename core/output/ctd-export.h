/* ctd-export.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes a sheet model to a file, in the format its name asks for (.xlsx,
 * .pdf or .html, or .csv for the results of ctd_results_csv_build()), so that the file appears whole or not at all: the writer fills
 * a temporary file beside it, which is renamed only once complete.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

#define CTD_EXPORT_ERROR (ctd_export_error_quark ())

typedef enum
{
  CTD_EXPORT_ERROR_FORMAT,  /* the name ends in none of .xlsx, .pdf, .html and .csv */
  CTD_EXPORT_ERROR_WRITE,   /* the folder or the disk refused */
} CtdExportError;

/* The nicks (CTD_TYPE_EXPORT_FORMAT) are the file extensions. */
typedef enum
{
  CTD_EXPORT_XLSX,  /*< nick=xlsx >*/
  CTD_EXPORT_PDF,   /*< nick=pdf >*/
  CTD_EXPORT_HTML,  /*< nick=html >*/
  CTD_EXPORT_CSV,   /*< nick=csv >*/
} CtdExportFormat;

GQuark      ctd_export_error_quark      (void);

gboolean    ctd_export_format_for       (const char         *path,
                                         CtdExportFormat    *out_format,
                                         GError            **error);
const char *ctd_export_format_to_string (CtdExportFormat     format);
guint       ctd_export_count_pages      (const CtdSheetDoc  *doc);
GPtrArray  *ctd_export_warnings         (const CtdSheetDoc  *doc,
                                         CtdExportFormat     format);
gboolean    ctd_export_write            (const CtdSheetDoc  *doc,
                                         const char         *path,
                                         GError            **error);
gboolean    ctd_export_write_full       (const CtdSheetDoc  *doc,
                                         const char         *path,
                                         CtdExportProgress   progress,
                                         gpointer            user_data,
                                         GCancellable       *cancellable,
                                         GError            **error);

G_END_DECLS
