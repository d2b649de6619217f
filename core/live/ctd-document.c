/* ctd-document.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document: the object, and how it follows the file. Its properties
 * are in ctd-document-properties.c, its actions in ctd-document-actions.c, its list models and caches in
 * ctd-document-models.c, its work in a thread in ctd-document-tasks.c.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

/*
 * How the document stays true to the file. The audit log is the one
 * feed of changes: every commit, undo and redo, by this document or by
 * any other process, is an audit entry, and the store says what each
 * entry changed (ctd_store_list_changes_since()). The document remembers
 * the newest entry it has announced; after its own actions, and
 * whenever SQLite's data_version says another connection committed
 * (polled on the main loop), it reads the entries since, updates the
 * list models it handed out, then emits "changed" once per entry. A
 * write that left no entry (a hand edit of the file) is announced as
 * "everything changed". Nothing else is cached, so nothing can outlive a
 * change: pages re-read through the document when told.
 */

/* Often enough that another writer's change shows within a second. */
#define CTD_DOCUMENT_POLL_MS 250
/* How long the desk stays quiet after a commit before the file itself
 * is brought up to date (schedule_checkpoint()). */
#define CTD_DOCUMENT_IDLE_MS 1000

enum
{
  CHANGED,
  SUBMISSIONS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdDocument, ctd_document, G_TYPE_OBJECT)

/**
 * ctd_document_error_quark:
 *
 * The domain of #CtdDocumentError: refusals by the document itself (the
 * store's and the rules' keep their own domains).
 *
 * Returns: the quark of %CTD_DOCUMENT_ERROR
 */
G_DEFINE_QUARK (ctd-document-error-quark, ctd_document_error)

/* ---- following the file ------------------------------------------------ */


/* What a chouette view reads, as it is now. */
CtdChouetteViewSource
document_view_source (CtdDocument *self)
{
  CtdChouetteViewSource source = { self->store, self->read_only_reason, self->closed != NULL };

  return source;
}

/* Pushes one change into the chouette views handed out (they hold no
 * reference back to the document). */
static void
update_chouette_views (CtdDocument          *self,
                       const CtdStoreChange *change)
{
  CtdChouetteViewSource source = document_view_source (self);
  GHashTableIter iter;
  gpointer view;

  g_hash_table_iter_init (&iter, self->chouette_views);
  while (g_hash_table_iter_next (&iter, NULL, &view))
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_chouette_view_update (view, &source, change->what, change->round,
                                     change->chouette, &error))
        g_warning ("Chouette %s could not be read after a change: %s",
                   ctd_chouette_view_get_label (view), error->message);
    }
}

/* Announces one change: the lists and views first, so that a page
 * reading them from its handler sees the new state. */
static void
announce (CtdDocument          *self,
          const CtdStoreChange *change)
{
  g_autoptr(GError) error = NULL;

  if (((change->what & CTD_CHANGE_SETTINGS) &&
       (!document_update_name (self, &error) || !document_update_closed (self, &error))) ||
      !document_update_lists (self, change, &error))
    g_warning ("“%s” could not be read after a change: %s",
               ctd_document_get_path (self), error->message);
  update_chouette_views (self, change);
  document_update_final_view (self, change);
  document_update_display_view (self, change);
  document_update_round_views (self, change);
  g_signal_emit (self, signals[CHANGED], 0, change->what, change->round, change->chouette);
}

/* The file alone (what a director copies, mails, archives) holds only
 * what was checkpointed into it; the rest waits in FILE-wal. Once the
 * desk has been quiet for a moment, with no import writing, the file is
 * brought up to date: a copy taken during the day holds everything up to
 * the last quiet second. A commit is durable in the log before that (a
 * crash loses nothing acknowledged); this only keeps the file alone
 * whole. */
static gboolean
checkpoint_cb (gpointer user_data)
{
  CtdDocument *self = user_data;

  /* An import announces itself when it ends, which schedules again. */
  if (self->n_busy > 0 || ctd_store_checkpoint (self->store))
    {
      self->checkpoint_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Another program was reading an older state: again in a moment. */
  return G_SOURCE_CONTINUE;
}

/* (Re)starts the wait for a quiet desk, after each commit seen. */
static void
schedule_checkpoint (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  /* Not before the document follows the file, on its main context. */
  if (self->poll_id == 0)
    return;
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_IDLE_MS);
  g_source_set_callback (source, checkpoint_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] checkpoint when idle");
  self->checkpoint_id = g_source_attach (source, context);
}

/* Announces every audit entry since the last one announced. The data
 * version is taken first: a commit after it is seen by the next poll,
 * and the document's own worker connections (an import) are not taken
 * for another writer once their entries are announced here. */
void
document_catch_up (CtdDocument *self,
                   gboolean     outside)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) changes = NULL;
  gboolean games_changed = FALSE, sent;
  gint64 revision;

  if (!ctd_store_get_data_version (self->store, &self->data_version, &error) ||
      (changes = ctd_store_list_changes_since (self->store, self->last_audit_id,
                                               &error)) == NULL ||
      (revision = ctd_store_get_submissions_revision (self->store, &error)) < 0)
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  for (guint i = 0; i < changes->len; i++)
    {
      const CtdStoreChange *change = &g_array_index (changes, CtdStoreChange, i);

      self->last_audit_id = change->audit_id;
      games_changed |= (change->what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE |
                                        CTD_CHANGE_STANDINGS)) != 0;
      announce (self, change);
    }
  /* A table's line, or the director's answer to one, is no audit
   * entry: a write with neither is not Chouette TD's. */
  sent = revision != self->submissions_revision;
  self->submissions_revision = revision;
  if (changes->len == 0 && outside && !sent)
    {
      /* Written without an audit entry (not by Chouette TD): all of it. */
      const CtdStoreChange everything = { self->last_audit_id, CTD_CHANGE_ALL, 0, 0 };

      announce (self, &everything);
      games_changed = TRUE;
    }
  /* A game recorded, a round released or redrawn changes where the
   * tables' lines stand too. */
  /* The lists handed out follow any change (a player's name too); the
   * item that changed notifies. */
  if (sent || changes->len > 0 || games_changed)
    document_update_waiting_lines (self);
  if (sent || games_changed)
    g_signal_emit (self, signals[SUBMISSIONS_CHANGED], 0);
  /* A table's line alone is no entry of the log: undo and redo stand. */
  if (changes->len > 0 || games_changed)
    document_update_history (self);
  schedule_checkpoint (self);
}

/**
 * ctd_document_check_for_changes:
 * @self: a document
 *
 * Announces what another window or command committed to the file since
 * the last look. The document does this by itself on the main loop
 * several times a second; call it to look at once.
 */
void
ctd_document_check_for_changes (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  gint64 version;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  /* A file chooser may have dropped this process's own locks since. */
  ctd_store_hold_locks (self->store);
  if (!ctd_store_get_data_version (self->store, &version, &error))
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  if (version != self->data_version)
    document_catch_up (self, TRUE);
}

static gboolean
poll_cb (gpointer user_data)
{
  ctd_document_check_for_changes (CTD_DOCUMENT (user_data));
  return G_SOURCE_CONTINUE;
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_document_dispose (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  G_OBJECT_CLASS (ctd_document_parent_class)->dispose (object);
}

static void
ctd_document_finalize (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  /* A page may still hold the final view: it must not read the store
   * closed below. */
  if (self->final_view != NULL)
    ctd_final_view_forget_store (self->final_view);
  g_clear_object (&self->final_view);
  g_clear_object (&self->display_view);
  g_clear_pointer (&self->sync_waiting, g_ptr_array_unref);
  g_clear_pointer (&self->waiting_lines, g_hash_table_unref);
  g_clear_pointer (&self->round_views, g_hash_table_unref);
  g_clear_pointer (&self->chouette_views, g_hash_table_unref);
  g_clear_object (&self->players);
  g_clear_object (&self->rounds);
  g_clear_object (&self->audit);
  g_clear_pointer (&self->chouettes, g_hash_table_unref);
  g_clear_pointer (&self->standings, g_hash_table_unref);
  g_clear_pointer (&self->computed, g_hash_table_unref);
  g_clear_pointer (&self->totals, g_hash_table_unref);
  g_clear_pointer (&self->store, ctd_store_close);
  g_clear_object (&self->file);
  g_free (self->name);
  g_free (self->undo_summary);
  g_free (self->redo_summary);
  g_clear_pointer (&self->closed, g_date_time_unref);
  g_free (self->read_only_reason);
  G_OBJECT_CLASS (ctd_document_parent_class)->finalize (object);
}

static void
ctd_document_class_init (CtdDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ctd_document_dispose;
  object_class->finalize = ctd_document_finalize;
  document_install_properties (object_class);

  /**
   * CtdDocument::changed:
   * @self: the document
   * @what: what changed
   * @round: the round concerned, 0 when several or none
   * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
   *
   * Emitted once for each commit, undo or redo, whoever made it, after
   * the document's list models and views were brought up to date.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                   CTD_TYPE_CHANGE, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * CtdDocument::submissions-changed:
   * @self: the document
   *
   * Emitted when what the tables sent from their links may stand
   * otherwise (ctd_document_list_submissions()): a line sent, confirmed,
   * accepted or rejected, here or by another program, or a game
   * recorded, a round released or redrawn.
   */
  signals[SUBMISSIONS_CHANGED] = g_signal_new ("submissions-changed", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 0);
}

static void
ctd_document_init (CtdDocument *self)
{
  self->chouettes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->standings = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->computed = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) ctd_standings_free);
  self->totals = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->chouette_views = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->round_views = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->waiting_lines = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
}

/* Takes @store: the document starts following the file from its newest
 * audit entry. */
static CtdDocument *
document_new (CtdStore  *store,
              GError   **error)
{
  g_autoptr(CtdDocument) self = g_object_new (CTD_TYPE_DOCUMENT, NULL);
  g_autoptr(GError) local_error = NULL;

  self->store = store;
  self->file = g_file_new_for_path (ctd_store_get_path (store));
  self->last_audit_id = ctd_store_get_last_audit_id (store, &local_error);
  if (local_error != NULL ||
      !ctd_store_get_data_version (store, &self->data_version, &local_error) ||
      (self->submissions_revision = ctd_store_get_submissions_revision (store,
                                                                        &local_error)) < 0 ||
      !document_update_name (self, &local_error) ||
      !document_update_closed (self, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  document_update_history (self);
  ctd_store_hold_locks (store);
  return g_steal_pointer (&self);
}

/* Starts watching for other writers on the caller's main context. */
CtdDocument *
document_follow (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  if (self == NULL)
    return NULL;
  g_assert (self->poll_id == 0);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_POLL_MS);
  g_source_set_callback (source, poll_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] other writers");
  self->poll_id = g_source_attach (source, context);
  /* The player list, and the counts beside it, follow every change from
   * now on. */
  document_update_counts (self);
  /* A log left by a program that ended without closing the file goes
   * into it too. */
  schedule_checkpoint (self);
  return self;
}

/**
 * ctd_document_create:
 * @path: where the new event file goes; it must not exist
 * @settings: the event's settings
 * @error: return location for a #GError
 *
 * Makes a new event file (ctd_store_create()) and opens it.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_create (const char              *path,
                     const CtdEventSettings  *settings,
                     GError                 **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL && settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_create (path, settings, error);
  return store != NULL ? document_follow (document_new (store, error)) : NULL;
}

CtdDocument *
document_open (const char  *path,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  CtdStore *store;

  store = ctd_store_open (path, &local_error);
  if (store == NULL && g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY))
    {
      g_clear_error (&local_error);
      store = ctd_store_open_read_only (path, &local_error);
    }
  if (store == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return document_new (store, error);
}

/**
 * ctd_document_open:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event (ctd_store_open(): a file that is not an event, is
 * damaged or too new is refused untouched; an older one is upgraded
 * after a backup). A file that cannot be written opens read-only.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open (const char  *path,
                   GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return document_follow (document_open (path, error));
}

/**
 * ctd_document_open_read_only:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event to look at it (ctd_store_open_read_only()): every
 * action is refused, and nothing in the file changes.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open_read_only (const char  *path,
                             GError     **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_open_read_only (path, error);
  return store != NULL ? document_follow (document_new (store, error)) : NULL;
}

