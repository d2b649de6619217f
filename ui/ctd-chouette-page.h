/* ctd-chouette-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_CHOUETTE_PAGE (ctd_chouette_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdChouettePage, ctd_chouette_page, CTD, CHOUETTE_PAGE, GtkWidget)

void     ctd_chouette_page_set_document (CtdChouettePage  *self,
                                         CtdDocument      *document);
gboolean ctd_chouette_page_show         (CtdChouettePage  *self,
                                         guint             round,
                                         guint             number,
                                         GError          **error);
guint    ctd_chouette_page_get_round    (CtdChouettePage  *self);
guint    ctd_chouette_page_get_number   (CtdChouettePage  *self);
CtdChouetteView *
         ctd_chouette_page_get_view     (CtdChouettePage  *self);

void     ctd_chouette_page_print_async  (CtdChouettePage          *self,
                                         GtkPrintOperationAction   action,
                                         const char               *export_path,
                                         GCancellable             *cancellable,
                                         GAsyncReadyCallback       callback,
                                         gpointer                  user_data);
gboolean ctd_chouette_page_print_finish (CtdChouettePage          *self,
                                         GAsyncResult             *result,
                                         GError                  **error);

G_END_DECLS
