/* ctd-main-window-close.h: the window's Close Event… (private to ui/).
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ctd-main-window.h"

G_BEGIN_DECLS

/* win.close-event's handler, for the window's action table. */
void ctd_main_window_close_event_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data);

G_END_DECLS
