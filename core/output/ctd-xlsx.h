/* ctd-xlsx.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes a sheet model as an XLSX workbook (libxlsxwriter): one worksheet
 * per page, with its print setup. Only this module knows libxlsxwriter.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

#define CTD_XLSX_ERROR (ctd_xlsx_error_quark ())

typedef enum
{
  CTD_XLSX_ERROR_WRITE,  /* the file could not be written */
} CtdXlsxError;

GQuark   ctd_xlsx_error_quark (void);

gboolean ctd_xlsx_write       (const CtdSheetDoc  *doc,
                               const char         *path,
                               GError            **error);
gboolean ctd_xlsx_write_full  (const CtdSheetDoc  *doc,
                               const char         *path,
                               CtdExportProgress   progress,
                               gpointer            user_data,
                               GCancellable       *cancellable,
                               GError            **error);

G_END_DECLS
