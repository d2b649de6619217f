/* ctd-event-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_EVENT_PAGE (ctd_event_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdEventPage, ctd_event_page, CTD, EVENT_PAGE, GtkWidget)

void ctd_event_page_set_document (CtdEventPage *self,
                                  CtdDocument  *document);

G_END_DECLS
