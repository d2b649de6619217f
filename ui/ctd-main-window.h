/* ctd-main-window.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-application.h"
#include "ctd-document.h"
#include "ctd-table-server.h"

G_BEGIN_DECLS

#define CTD_TYPE_MAIN_WINDOW (ctd_main_window_get_type ())

G_DECLARE_FINAL_TYPE (CtdMainWindow, ctd_main_window, CTD, MAIN_WINDOW, GtkApplicationWindow)

CtdMainWindow *ctd_main_window_new          (CtdApplication  *application);
void           ctd_main_window_set_document (CtdMainWindow   *self,
                                             CtdDocument     *document);
CtdDocument   *ctd_main_window_get_document (CtdMainWindow   *self);
void           ctd_main_window_open_file    (CtdMainWindow   *self,
                                             GFile           *file);
gboolean       ctd_main_window_create_event (CtdMainWindow   *self,
                                             const char      *path,
                                             GError         **error);
void           ctd_main_window_show_error   (CtdMainWindow   *self,
                                             const char      *message);
const char    *ctd_main_window_get_page_name (CtdMainWindow  *self);
gboolean       ctd_main_window_close_event  (CtdMainWindow   *self,
                                             const char      *folder,
                                             GError         **error);
CtdTableServer *ctd_main_window_get_table_server (CtdMainWindow *self);
char           *ctd_main_window_dup_links_base   (CtdMainWindow *self);

G_END_DECLS
