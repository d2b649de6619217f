/* ctd-print-preview.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-print.h"

G_BEGIN_DECLS

#define CTD_TYPE_PRINT_PREVIEW (ctd_print_preview_get_type ())

G_DECLARE_FINAL_TYPE (CtdPrintPreview, ctd_print_preview, CTD, PRINT_PREVIEW, GtkWindow)

CtdPrintPreview *ctd_print_preview_new      (GtkWindow       *parent,
                                             CtdPrintJob     *job,
                                             const char      *job_name,
                                             const char      *event_path);
guint            ctd_print_preview_get_page (CtdPrintPreview *self);
void             ctd_print_preview_set_page (CtdPrintPreview *self,
                                             guint            page);

G_END_DECLS
