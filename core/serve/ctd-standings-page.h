/* ctd-standings-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standings page: what the public display in the playing room
 * shows, as HTML for a phone, every text escaped, no script.
 */

#pragma once

#include "ctd-display-view.h"

G_BEGIN_DECLS

char *ctd_standings_page_render (CtdDisplayView *view);

G_END_DECLS
