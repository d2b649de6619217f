/* ctd-main-window.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-application.h"

G_BEGIN_DECLS

#define CTD_TYPE_MAIN_WINDOW (ctd_main_window_get_type ())

G_DECLARE_FINAL_TYPE (CtdMainWindow, ctd_main_window, CTD, MAIN_WINDOW, GtkApplicationWindow)

CtdMainWindow *ctd_main_window_new (CtdApplication *application);

G_END_DECLS
