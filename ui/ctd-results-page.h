/* ctd-results-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_RESULTS_PAGE (ctd_results_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdResultsPage, ctd_results_page, CTD, RESULTS_PAGE, GtkWidget)

void ctd_results_page_set_document (CtdResultsPage *self,
                                    CtdDocument    *document);

G_END_DECLS
