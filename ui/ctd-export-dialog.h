/* ctd-export-dialog.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_EXPORT_DIALOG (ctd_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CtdExportDialog, ctd_export_dialog, CTD, EXPORT_DIALOG, GtkWindow)

CtdExportDialog *ctd_export_dialog_new       (GtkWindow       *parent,
                                              CtdDocument     *document);
void             ctd_export_dialog_export_to (CtdExportDialog *self,
                                              GFile           *file);
gboolean         ctd_export_dialog_get_busy  (CtdExportDialog *self);
void             ctd_export_dialog_print_async (CtdExportDialog *self,
                                                GtkPrintOperationAction action,
                                                const char      *export_path,
                                                GAsyncReadyCallback callback,
                                                gpointer         user_data);
gboolean         ctd_export_dialog_print_finish (CtdExportDialog *self,
                                                 GAsyncResult    *result,
                                                 GError         **error);
void             ctd_export_dialog_set_links_base (CtdExportDialog *self,
                                                   const char      *links_base);
gboolean         ctd_export_dialog_select_chouette (CtdExportDialog *self,
                                                    guint            round,
                                                    guint            number);

G_END_DECLS
