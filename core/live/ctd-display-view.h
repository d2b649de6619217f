/* ctd-display-view.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the public display in the playing room shows (core's posting,
 * ctd_display_new()), kept up to date: the event's name, the current
 * round, the line that says what of it is public, each table's
 * progress and, once they may be posted, the standings or placings. A
 * CtdDocument hands it out (ctd_document_get_display_view()) and pushes
 * each change into it (ctd_display_view_update()); the view knows the
 * store it is given, never the document.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-display.h"

G_BEGIN_DECLS

#define CTD_TYPE_DISPLAY_VIEW (ctd_display_view_get_type ())

G_DECLARE_FINAL_TYPE (CtdDisplayView, ctd_display_view, CTD, DISPLAY_VIEW, GObject)

CtdDisplayView   *ctd_display_view_new             (CtdStore        *store,
                                                    GError         **error);
gboolean          ctd_display_view_update          (CtdDisplayView  *self,
                                                    CtdStore        *store,
                                                    CtdChange        what,
                                                    guint            round,
                                                    guint            chouette,
                                                    GError         **error);

const CtdDisplay *ctd_display_view_get_content     (CtdDisplayView  *self);
const char       *ctd_display_view_get_event_name  (CtdDisplayView  *self);
guint             ctd_display_view_get_round       (CtdDisplayView  *self);
const char       *ctd_display_view_get_round_title (CtdDisplayView  *self);
const char       *ctd_display_view_get_status      (CtdDisplayView  *self);

G_END_DECLS
