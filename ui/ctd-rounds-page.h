/* ctd-rounds-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_ROUNDS_PAGE (ctd_rounds_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdRoundsPage, ctd_rounds_page, CTD, ROUNDS_PAGE, GtkWidget)

void ctd_rounds_page_set_document (CtdRoundsPage *self,
                                   CtdDocument   *document);

G_END_DECLS
