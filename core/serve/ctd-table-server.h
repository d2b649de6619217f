/* ctd-table-server.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desk's server for the playing room: each chouette's page at its
 * private link (/t/SECRET), over HTTP on the main loop, read through the
 * live document only. Read-only for now: entry of games comes later.
 */

#pragma once

#include "ctd-document.h"

G_BEGIN_DECLS

/* Requests larger than these are refused before anything else is read. */
#define CTD_TABLE_SERVER_MAX_URI     512
#define CTD_TABLE_SERVER_MAX_HEADERS (8 * 1024)
/* Connections waiting to be accepted: a room of phones at once. */
#define CTD_TABLE_SERVER_BACKLOG     128
/* A request not whole after this long is cut off (seconds). */
#define CTD_TABLE_SERVER_TIMEOUT     10
/* Connections open at once, in all and from one address (an IPv6 /64):
 * each carries one request and closes with its answer, so a room of
 * phones holds a few dozen; the total is also at most half the limit on
 * open files (ctd_table_server_raise_file_limit()). */
#define CTD_TABLE_SERVER_MAX_CONNECTIONS 768
#define CTD_TABLE_SERVER_MAX_PER_ADDRESS 128

#define CTD_TYPE_TABLE_SERVER (ctd_table_server_get_type ())

G_DECLARE_FINAL_TYPE (CtdTableServer, ctd_table_server, CTD, TABLE_SERVER, GObject)

CtdTableServer *ctd_table_server_new          (CtdDocument     *document);
gboolean        ctd_table_server_listen       (CtdTableServer  *self,
                                               const char      *address,
                                               guint            port,
                                               GError         **error);
void            ctd_table_server_stop         (CtdTableServer  *self);
gboolean        ctd_table_server_get_listening (CtdTableServer *self);
guint           ctd_table_server_get_n_tables (CtdTableServer *self);
guint           ctd_table_server_get_port     (CtdTableServer  *self);
char           *ctd_table_server_get_uri      (CtdTableServer  *self);
void            ctd_table_server_set_timeout  (CtdTableServer  *self,
                                               guint            seconds);
char           *ctd_table_server_dup_guard_report (CtdTableServer *self);
guint           ctd_table_server_get_n_connections (CtdTableServer *self);
guint64         ctd_table_server_raise_file_limit (void);

G_END_DECLS
