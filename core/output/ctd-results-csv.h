/* ctd-results-csv.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Results for club databases and rating lists (issue 22): one row per
 * player per round, built as a one-page sheet model
 * (ctd_results_csv_build()) that ctd_export_write() writes as CSV
 * (ctd_csv_write_full()) when the file's name ends in .csv. The columns
 * are documented one by one in chouette-td-cli(1), RESULTS AS CSV.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-records.h"
#include "ctd-sheet.h"

G_BEGIN_DECLS

CtdSheetDoc *ctd_results_csv_build (CtdStore           *store,
                                    guint               round,
                                    GError            **error);
char        *ctd_csv_format        (const CtdSheetDoc  *doc,
                                    gsize              *out_length);
gboolean     ctd_csv_write_full    (const CtdSheetDoc  *doc,
                                    const char         *path,
                                    CtdExportProgress   progress,
                                    gpointer            user_data,
                                    GCancellable       *cancellable,
                                    GError            **error);

G_END_DECLS
