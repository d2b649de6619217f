/* ctd-standings-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_STANDINGS_PAGE (ctd_standings_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdStandingsPage, ctd_standings_page, CTD, STANDINGS_PAGE, GtkWidget)

void ctd_standings_page_set_document (CtdStandingsPage *self,
                                      CtdDocument      *document);

G_END_DECLS
