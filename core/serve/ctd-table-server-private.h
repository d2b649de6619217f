/* ctd-table-server-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The server's parts, shared by its plumbing (ctd-table-server.c) and
 * its answers to the tables (ctd-table-requests.c).
 */

#pragma once

#include <libsoup/soup.h>

#include "ctd-serve-guard.h"
#include "ctd-serve-visits.h"
#include "ctd-table-entry.h"
#include "ctd-table-server.h"

G_BEGIN_DECLS

typedef struct _CtdTableConnections CtdTableConnections;

struct _CtdTableServer
{
  GObject         parent_instance;

  CtdDocument    *document;
  SoupServer     *soup;
  CtdServeGuard  *guard;
  char           *not_found;   /* the one 404 page, the same bytes every time */
  char           *address;     /* as given to listen(), or NULL for all */
  guint           port;
  guint           timeout;     /* seconds */
  gboolean        listening;
  guint8          key[CTD_TABLE_ENTRY_KEY_BYTES];  /* the forms' tokens (ctd-table-entry.c) */
  gboolean        key_ready;
  GQueue         *waiting;     /* requests paused until their turn (answer_next()) */
  guint           answer_id;
  CtdServeVisits *visits;      /* the tables connected lately */
  guint           n_tables;
  guint           tables_timer;
  CtdTableConnections *connections;  /* open per address (ctd-table-connections.c) */
  guint           max_connections;
  guint           max_per_address;
  GHashTable     *delayed;     /* wrong links' answers waiting: message -> source id */
  char           *guard_report;  /* the addresses slowed, in words, or NULL */
};

void     ctd_table_server_respond     (SoupServerMessage *msg,
                                       guint              status,
                                       const char        *content_type,
                                       const char        *body);
gboolean ctd_table_server_serve_table (CtdTableServer    *self,
                                       SoupServerMessage *msg,
                                       const char        *rest);
void     ctd_table_server_serve_post  (CtdTableServer    *self,
                                       SoupServerMessage *msg,
                                       const char        *rest);
void     ctd_table_server_note_table  (CtdTableServer    *self,
                                       guint              round,
                                       guint              chouette);

void     ctd_table_server_notice      (CtdTableServer    *self,
                                       const char        *text);
void     ctd_table_server_update_report (CtdTableServer  *self);

/* ctd-table-connections.c */
CtdTableConnections *ctd_table_connections_new      (void);
void                 ctd_table_connections_unref    (CtdTableConnections *connections);
guint                ctd_table_connections_get_open (CtdTableConnections *connections);
void     ctd_table_server_connection_started (SoupServer        *soup,
                                              SoupServerMessage *msg,
                                              gpointer           user_data);
void     ctd_table_server_note_guess  (CtdTableServer    *self,
                                       SoupServerMessage *msg);
gboolean ctd_table_server_take_write  (CtdTableServer    *self,
                                       SoupServerMessage *msg,
                                       const char        *secret,
                                       const char        *item);
void     ctd_table_server_set_caps    (CtdTableServer    *self);
void     ctd_table_server_send_answer (CtdTableServer    *self,
                                       SoupServerMessage *msg);

G_END_DECLS
