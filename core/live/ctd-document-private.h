/* ctd-document-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/live/ctd-document*.c files. Never included outside them.
 *
 *   ctd-document.c         the object, following the file
 *   ctd-document-properties.c  its properties, set as it follows the file
 *   ctd-document-models.c  the list models and caches handed out
 *   ctd-document-actions.c the ctd_document_* writes
 *   ctd-document-tasks.c   opening, importing and exporting in a thread
 *   ctd-document-sync.c    the tables' writes put on the disk together
 */

#pragma once

#include "ctd-document.h"
#include "ctd-document-store.h"

#include "ctd-archive.h"
#include "ctd-enum-types.h"
#include "ctd-tournament.h"
#include "ctd-item-list.h"
#include "ctd-record-items.h"

G_BEGIN_DECLS

#define CTD_CHANGE_ALL (CTD_CHANGE_SETTINGS | CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | \
                        CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)

struct _CtdDocument
{
  GObject      parent_instance;

  /* owned */
  CtdStore    *store;
  GFile       *file;
  char        *name;
  char        *undo_summary;
  char        *redo_summary;
  GDateTime   *closed;      /* when the event was closed, NULL while open */
  char        *read_only_reason;
  CtdItemList *players;
  CtdItemList *rounds;
  CtdItemList *audit;
  GHashTable  *chouettes;   /* round -> CtdItemList of CtdChouetteItem */
  GHashTable  *standings;   /* round * 2 + public_view -> CtdItemList */
  GHashTable  *computed;    /* round -> CtdStandings, the director's, until the next change */
  GHashTable  *totals;      /* ctd_chouette_key() -> CtdHalves[CTD_MAX_PLAYERS] */

  /* the views handed out, pushed each change (ctd-document-views.c) */
  GHashTable  *chouette_views;  /* ctd_chouette_key() -> CtdChouetteView */
  GHashTable  *round_views;     /* round -> CtdRoundView */
  CtdDisplayView *display_view; /* NULL until asked for */
  CtdFinalView   *final_view;   /* NULL until asked for */
  GHashTable  *waiting_lines;   /* ctd_chouette_key() -> CtdItemList of CtdSubmissionItem */

  gint64       last_audit_id;
  gint64       data_version;
  gint64       submissions_revision;  /* ctd_store_get_submissions_revision() seen last */
  guint        poll_id;
  guint        checkpoint_id;
  guint        n_busy;      /* slow writes running in a worker thread */
  GPtrArray   *sync_waiting;   /* GTasks for the next flush (ctd-document-sync.c) */
  GPtrArray   *sync_flushing;  /* those the running flush answers, NULL if none runs */
  gboolean     can_undo;
  gboolean     can_redo;
  guint        n_registered;
  guint        n_checked_in;
};

/* ---- ctd-document.c ---------------------------------------------------- */

CtdChouetteViewSource document_view_source (CtdDocument *self);

void document_catch_up (CtdDocument *self,
                        gboolean     outside);

CtdDocument *document_follow (CtdDocument *self);

CtdDocument *document_open (const char  *path,
                            GError     **error);

/* ---- ctd-document-properties.c ---------------------------------------- */

void document_install_properties (GObjectClass *object_class);

gboolean document_update_name (CtdDocument  *self,
                               GError      **error);

gboolean document_update_closed (CtdDocument  *self,
                                 GError      **error);

void document_update_history (CtdDocument *self);

void document_update_counts (CtdDocument *self);

void document_busy_changed (CtdDocument *self,
                            gint         delta);

/* ---- ctd-document-models.c --------------------------------------------- */

gboolean document_update_lists (CtdDocument           *self,
                                const CtdStoreChange  *change,
                                GError               **error);


/* ---- ctd-document-views.c ---------------------------------------------- */

void document_update_final_view (CtdDocument          *self,
                                 const CtdStoreChange *change);
void document_update_display_view (CtdDocument          *self,
                                   const CtdStoreChange *change);
void document_update_round_views (CtdDocument          *self,
                                  const CtdStoreChange *change);

void document_offer_public_standings (CtdDocument *self,
                                      guint        round);

/* ---- ctd-document-submission-view.c ------------------------------------ */

void document_update_waiting_lines (CtdDocument *self);

/* ---- ctd-document-actions.c -------------------------------------------- */

gboolean document_action_begin (CtdDocument  *self,
                                GError      **error);

G_END_DECLS
