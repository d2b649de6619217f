/* ctd-store-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by ctd-store.c (files, transactions, audit, undo) and
 * ctd-store-actions.c (the director's actions and the read side). Never
 * included outside core/ctd-store*.c: it is the only place sqlite3.h
 * meets a Chouette TD type.
 */

#pragma once

#include <sqlite3.h>

#include "ctd-store.h"

struct _CtdStore
{
  /* owned */
  sqlite3    *db;
  char       *path;
  char       *display_name;
  GHashTable *columns;      /* table name -> GStrv of its columns */
  /* the audit row of the action in progress, 0 outside one */
  gint64      audit_id;
};

gboolean      ctd_store_fail            (CtdStore     *self,
                                         int           rc,
                                         GError      **error);
sqlite3_stmt *ctd_store_prepare         (CtdStore     *self,
                                         const char   *sql,
                                         GError      **error);
gboolean      ctd_store_exec            (CtdStore     *self,
                                         const char   *sql,
                                         GError      **error);
gboolean      ctd_store_action_begin    (CtdStore     *self,
                                         const char   *action,
                                         GError      **error);
gboolean      ctd_store_action_commit   (CtdStore     *self,
                                         const char   *summary,
                                         GError      **error);
void          ctd_store_action_rollback (CtdStore     *self);
gboolean      ctd_store_validate_settings (const CtdEventSettings *settings,
                                           GError                **error);
