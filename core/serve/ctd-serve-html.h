/* ctd-serve-html.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writing the server's pages: every text from the event escaped
 * (ctd-html.h, shared with the results file), and the one head every
 * page shares (the server's style sheet, no script).
 */

#pragma once

#include "ctd-html.h"

G_BEGIN_DECLS

void ctd_html_begin_page      (GString    *page,
                               const char *title);

G_END_DECLS
