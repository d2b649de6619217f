/* ctd-table-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table's page: one chouette's scoring page as HTML for a phone,
 * every text escaped, no script.
 */

#pragma once

#include "ctd-chouette-view.h"

G_BEGIN_DECLS

char *ctd_table_page_render     (CtdChouetteView *view);
char *ctd_table_page_not_found  (void);

G_END_DECLS
