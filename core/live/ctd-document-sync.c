/* ctd-document-sync.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

/*
 * The tables' writes reach the disk together. Their commits do not wait
 * for it (ctd_store_defer_sync()): the window's loop would wait with
 * them, on a slow disk for every table at once. A table's answer waits
 * instead, for one flush of the log in a worker thread, which every
 * commit made before it began shares (a group commit): 64 tables
 * confirming at once wait for a few flushes, not 64 in a row.
 */

static void start_flush (CtdDocument *self);

static void
flush_in_thread (GTask        *task,
                 gpointer      source,
                 gpointer      path,
                 GCancellable *cancellable)
{
  GError *error = NULL;

  if (ctd_store_sync_log (path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
flushed (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  CtdDocument *self = CTD_DOCUMENT (source);
  g_autoptr(GPtrArray) done = g_steal_pointer (&self->sync_flushing);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  if (error != NULL)
    g_warning ("“%s”: %s", ctd_document_get_path (self), error->message);
  for (guint i = 0; i < done->len; i++)
    {
      GTask *waiting = g_ptr_array_index (done, i);

      if (error != NULL)
        g_task_return_error (waiting, g_error_copy (error));
      else
        g_task_return_boolean (waiting, TRUE);
    }
  if (self->sync_waiting != NULL && self->sync_waiting->len > 0)
    start_flush (self);
}

/* One flush for every commit made until now: those waiting since. */
static void
start_flush (CtdDocument *self)
{
  g_autoptr(GTask) flush = g_task_new (self, NULL, flushed, NULL);

  g_assert (self->sync_flushing == NULL);
  self->sync_flushing = g_steal_pointer (&self->sync_waiting);
  g_task_set_source_tag (flush, start_flush);
  g_task_set_task_data (flush, g_strdup (ctd_document_get_path (self)), g_free);
  g_task_run_in_thread (flush, flush_in_thread);
}

/**
 * ctd_document_sync_async:
 * @self: a document
 * @callback: called once every commit made before this call is on the disk
 * @user_data: for @callback
 *
 * Waits for the disk to hold what the document committed without
 * waiting for it (ctd_document_submit(), ctd_document_answer_submission()),
 * before that is acknowledged to anyone. Flushes already running hold
 * only commits made before they began, so this waits for the next one.
 */
void
ctd_document_sync_async (CtdDocument         *self,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, ctd_document_sync_async);
  if (self->sync_waiting == NULL)
    self->sync_waiting = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->sync_waiting, task);
  if (self->sync_flushing == NULL)
    start_flush (self);
}

/**
 * ctd_document_sync_finish:
 * @self: a document
 * @result: what ctd_document_sync_async() gave its callback
 * @error: return location for an error
 *
 * Returns: whether what was committed is on the disk
 *   (%CTD_STORE_ERROR_IO if the disk refused it)
 */
gboolean
ctd_document_sync_finish (CtdDocument   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
