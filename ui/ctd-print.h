/* ctd-print.h: official sheets and reports on the printer.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

GtkPrintOperation *ctd_print_operation_new (CtdSheetDoc *doc,
                                            const char  *job_name);

G_END_DECLS
