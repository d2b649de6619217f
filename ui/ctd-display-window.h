/* ctd-display-window.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_DISPLAY_WINDOW (ctd_display_window_get_type ())

G_DECLARE_FINAL_TYPE (CtdDisplayWindow, ctd_display_window, CTD, DISPLAY_WINDOW, GtkWindow)

CtdDisplayWindow *ctd_display_window_new          (CtdDocument      *document);
void              ctd_display_window_set_document (CtdDisplayWindow *self,
                                                   CtdDocument      *document);
CtdDocument      *ctd_display_window_get_document (CtdDisplayWindow *self);
CtdDisplayWindow *ctd_display_window_show         (GtkWindow        *owner,
                                                   CtdDocument      *document);
void              ctd_display_window_follow       (GtkWindow        *owner,
                                                   CtdDocument      *document);

G_END_DECLS
