/* ctd-table-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table's page: one chouette's scoring page as HTML for a phone,
 * the lines its table sent and the next game to enter; every text
 * escaped, no script.
 */

#pragma once

#include "ctd-chouette-view.h"

G_BEGIN_DECLS

/* What a table's page asks, under /t/SECRET/, to know whether it changed. */
#define CTD_TABLE_PAGE_VERSION "version"

char *ctd_table_page_render     (CtdChouetteView   *view,
                                 const CtdChouette *table,
                                 GPtrArray         *lines,
                                 const char        *secret,
                                 const char        *token,
                                 const char        *problem);
char *ctd_table_page_version    (CtdChouetteView   *view,
                                 const CtdChouette *table,
                                 GPtrArray         *lines,
                                 const char        *secret,
                                 const char        *token);
char *ctd_table_page_not_found  (void);

G_END_DECLS
