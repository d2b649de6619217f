/* ctd-log-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_LOG_PAGE (ctd_log_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdLogPage, ctd_log_page, CTD, LOG_PAGE, GtkWidget)

void ctd_log_page_set_document (CtdLogPage  *self,
                                CtdDocument *document);

G_END_DECLS
