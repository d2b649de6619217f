/* ctd-archive.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A closed event's archive: the whole-event workbook (what `export --all`
 * writes) and a copy of the event file, side by side in a folder the
 * director picks, named after the event.
 */

#pragma once

#include <glib.h>

#include "ctd-records.h"

G_BEGIN_DECLS

char     *ctd_archive_file_name   (const char  *event_name);
gboolean  ctd_archive_write       (CtdStore    *store,
                                   const char  *folder,
                                   char       **out_workbook,
                                   char       **out_copy,
                                   GError     **error);
gboolean  ctd_archive_close_event (CtdStore    *store,
                                   const char  *folder,
                                   char       **out_workbook,
                                   char       **out_copy,
                                   GError     **error);

G_END_DECLS
