/* ctd-ui.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The MIME type of an event file (*.chouette), as the desktop knows it. */
#define CTD_EVENT_MIME_TYPE "application/x-chouette-td"

void ctd_ui_ensure_resources (void);

G_END_DECLS
