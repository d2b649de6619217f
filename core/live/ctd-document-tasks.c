/* ctd-document-tasks.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Slow work in a worker thread: opening, importing players, exporting,
 * building a report to print.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"
#include "ctd-results-csv.h"

/* ---- opening ----------------------------------------------------------- */

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  CtdDocument *document;

  /* The document is built here too: reading its settings and history
   * is part of opening a large file. It starts following the file in
   * _finish, on the caller's context. */
  document = document_open (task_data, &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else if (g_task_return_error_if_cancelled (task))
    g_object_unref (document);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

/**
 * ctd_document_open_async:
 * @path: an event file
 * @cancellable: (nullable): to give up waiting
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * ctd_document_open() in a worker thread, so that a window stays
 * responsive while a large event is checked and read.
 */
void
ctd_document_open_async (const char          *path,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_thread);
}

/**
 * ctd_document_open_finish:
 * @result: what ctd_document_open_async() gave its callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return document_follow (g_task_propagate_pointer (G_TASK (result), error));
}

/* ---- importing and exporting ------------------------------------------- */

typedef struct
{
  CtdStore *store;
  GFile    *csv;
  gboolean  checked_in;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  ctd_store_close (job->store);
  g_object_unref (job->csv);
  g_free (job);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autofree char *data = NULL;
  g_autofree char *source = g_file_get_basename (job->csv);
  GError *error = NULL;
  CtdImportReport *report;
  gsize length;

  if (!g_file_load_contents (job->csv, cancellable, &data, &length, NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* Past this point the import is one transaction: it happens whole. */
  report = ctd_import_players (job->store, source, data, length, job->checked_in, &error);
  if (report == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, report, (GDestroyNotify) ctd_import_report_free);
}

/**
 * ctd_document_import_players_async:
 * @self: a document
 * @csv: a CSV player list (ctd_import_players())
 * @checked_in: whether the players are present now
 * @cancellable: (nullable): cancels the import until it starts writing
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * Reads and registers a player list in a worker thread, through a
 * connection of its own; other actions are refused as busy meanwhile.
 * The import is announced like any action.
 */
void
ctd_document_import_players_async (CtdDocument         *self,
                                   GFile               *csv,
                                   gboolean             checked_in,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ImportJob *job;
  CtdStore *store;

  g_return_if_fail (CTD_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (csv));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_import_players_async);
  if (!document_action_begin (self, &error) ||
      (store = ctd_store_open_again (self->store, FALSE, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job = g_new0 (ImportJob, 1);
  job->store = store;
  job->csv = g_object_ref (csv);
  job->checked_in = checked_in;
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  document_busy_changed (self, +1);
  g_task_run_in_thread (task, import_thread);
}

/**
 * ctd_document_import_players_finish:
 * @self: a document
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): who was added and who skipped, why
 */
CtdImportReport *
ctd_document_import_players_finish (CtdDocument   *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  GTask *task = G_TASK (result);

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  /* A task refused before it ran never counted as busy. */
  if (g_task_get_task_data (task) != NULL)
    {
      document_busy_changed (self, -1);
      document_catch_up (self, FALSE);
    }
  return g_task_propagate_pointer (task, error);
}

typedef struct
{
  CtdStore          *store;
  CtdDocumentExport  what;
  char              *template_dir;
  char              *links_base;
  char              *path;
  CtdExportProgress  progress;
  gpointer           progress_data;
  GDestroyNotify     progress_data_free;
  GMainContext      *context;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  ctd_store_close (job->store);
  g_free (job->template_dir);
  g_free (job->links_base);
  g_free (job->path);
  if (job->progress_data_free != NULL)
    job->progress_data_free (job->progress_data);
  g_main_context_unref (job->context);
  g_free (job);
}

typedef struct
{
  ExportJob *job;
  GTask     *task;
  guint      done;
  guint      total;
} ExportStep;

static gboolean
export_step_cb (gpointer user_data)
{
  ExportStep *step = user_data;

  step->job->progress (step->done, step->total, step->job->progress_data);
  return G_SOURCE_REMOVE;
}

static void
export_step_free (gpointer user_data)
{
  ExportStep *step = user_data;

  g_object_unref (step->task);
  g_free (step);
}

/* In the worker: hands each step to the caller's main context. The step
 * holds the task, so the job outlives every step still queued. */
static void
export_progress_in_thread (guint    done,
                           guint    total,
                           gpointer user_data)
{
  GTask *task = user_data;
  ExportJob *job = g_task_get_task_data (task);
  ExportStep *step = g_new0 (ExportStep, 1);

  step->job = job;
  step->task = g_object_ref (task);
  step->done = done;
  step->total = total;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, export_step_cb, step,
                              export_step_free);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  const CtdDocumentExport *what = &job->what;
  g_autoptr(CtdSheetDoc) doc = NULL;
  GError *error = NULL;
  CtdExportFormat format = CTD_EXPORT_PDF;

  /* A .csv file holds the results for a club database, a public copy
   * whatever the options say. */
  if (ctd_export_format_for (job->path, &format, NULL) && format == CTD_EXPORT_CSV)
    doc = ctd_results_csv_build (job->store, what->round, &error);
  else
    doc = ctd_report_build (job->store, what->round, what->chouette, &what->options, &error);
  if (doc == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  if (!ctd_export_write_full (doc, job->path,
                              job->progress != NULL ? export_progress_in_thread : NULL, task,
                              cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* What the director should know of the file written: the event's
   * language not installed here, a name no font can draw. */
  {
    g_autoptr(GPtrArray) warnings = ctd_export_warnings (doc, format);

    g_ptr_array_add (warnings, NULL);
    g_task_return_pointer (task, g_ptr_array_steal (warnings, NULL), (GDestroyNotify) g_strfreev);
  }
}

/**
 * ctd_document_export_async:
 * @self: a document
 * @what: which sheets and reports
 * @path: the file to write; .xlsx, .pdf or .html, or .csv for the
 *   results of @what's round (0: every round) for a club database
 *   (ctd_results_csv_build(), always a public copy)
 * @progress: (nullable) (scope notified): told of each page or worksheet
 *   written, on the caller's main context
 * @progress_data: for @progress
 * @progress_data_free: (nullable): frees @progress_data when the export is over
 * @cancellable: (nullable): stops the export; a cancelled export leaves
 *   no file and no temporary file (an older file at @path is kept)
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * Builds the documents from a read-only connection of its own and
 * writes them (ctd_export_write_full()), in a worker thread. With
 * @what's options.links_base, each scoring sheet carries its table's
 * link and QR code, read there too (ctd_report_links_new()).
 */
void
ctd_document_export_async (CtdDocument             *self,
                           const CtdDocumentExport *what,
                           const char              *path,
                           CtdExportProgress        progress,
                           gpointer                 progress_data,
                           GDestroyNotify           progress_data_free,
                           GCancellable            *cancellable,
                           GAsyncReadyCallback      callback,
                           gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  ExportJob *job;

  g_return_if_fail (CTD_IS_DOCUMENT (self));
  g_return_if_fail (what != NULL && path != NULL);

  job = g_new0 (ExportJob, 1);
  job->what = *what;
  job->template_dir = g_strdup (what->options.template_dir);
  job->what.options.template_dir = job->template_dir;
  job->links_base = g_strdup (what->options.links_base);
  job->what.options.links_base = job->links_base;
  job->path = g_strdup (path);
  job->progress = progress;
  job->progress_data = progress_data;
  job->progress_data_free = progress_data_free;
  job->context = g_main_context_ref_thread_default ();

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_export_async);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  job->store = ctd_store_open_again (self->store, TRUE, &error);
  if (job->store == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_run_in_thread (task, export_thread);
}

/**
 * ctd_document_export_finish:
 * @self: a document
 * @result: what the callback was given
 * @out_warnings: (out) (optional) (transfer full): what the director
 *   should know of the file written, as the command line's export says
 *   it (ctd_export_warnings()); empty when all is well
 * @error: return location for a #GError
 *
 * Returns: whether the file was written whole
 */
gboolean
ctd_document_export_finish (CtdDocument   *self,
                            GAsyncResult  *result,
                            GStrv         *out_warnings,
                            GError       **error)
{
  GStrv warnings;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  warnings = g_task_propagate_pointer (G_TASK (result), error);
  if (warnings == NULL)
    return FALSE;
  if (out_warnings != NULL)
    *out_warnings = warnings;
  else
    g_strfreev (warnings);
  return TRUE;
}

/* ---- a report to print -------------------------------------------------- */

typedef struct
{
  CtdStore         *store;
  guint             round;
  guint             chouette;
  CtdReportOptions  options;
  char             *template_dir;
  char             *links_base;
} ReportJob;

static void
report_job_free (ReportJob *job)
{
  ctd_store_close (job->store);
  g_free (job->template_dir);
  g_free (job->links_base);
  g_free (job);
}

static void
report_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ReportJob *job = task_data;
  CtdSheetDoc *doc;
  GError *error = NULL;

  doc = ctd_report_build (job->store, job->round, job->chouette, &job->options, &error);
  if (doc == NULL)
    g_task_return_error (task, error);
  else if (g_task_return_error_if_cancelled (task))
    ctd_sheet_doc_free (doc);
  else
    g_task_return_pointer (task, doc, (GDestroyNotify) ctd_sheet_doc_free);
}

/**
 * ctd_document_build_report_async:
 * @self: a document
 * @round: a round's number, or 0 with @chouette 0 for the whole event
 * @chouette: a chouette's number in @round, or 0 for the whole round
 * @options: what to include
 * @cancellable: (nullable): to give up waiting: the callback is then
 *   told %G_IO_ERROR_CANCELLED, whenever the worker ends
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * Builds the sheets to print (ctd_report_build()) from a read-only
 * connection of its own, in a worker thread, so that the window stays
 * responsive while a large round or the whole event is laid out.
 * Nothing is written: actions go on meanwhile, and the report holds the
 * event as it was when the worker read it, the tables' links under
 * @options's links_base included.
 */
void
ctd_document_build_report_async (CtdDocument             *self,
                                 guint                    round,
                                 guint                    chouette,
                                 const CtdReportOptions  *options,
                                 GCancellable            *cancellable,
                                 GAsyncReadyCallback      callback,
                                 gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  ReportJob *job;

  g_return_if_fail (CTD_IS_DOCUMENT (self));
  g_return_if_fail (options != NULL);
  g_return_if_fail (chouette == 0 || round != 0);

  job = g_new0 (ReportJob, 1);
  job->round = round;
  job->chouette = chouette;
  job->options = *options;
  job->template_dir = g_strdup (options->template_dir);
  job->options.template_dir = job->template_dir;
  job->links_base = g_strdup (options->links_base);
  job->options.links_base = job->links_base;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_build_report_async);
  g_task_set_task_data (task, job, (GDestroyNotify) report_job_free);
  job->store = ctd_store_open_again (self->store, TRUE, &error);
  if (job->store == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_run_in_thread (task, report_thread);
}

/**
 * ctd_document_build_report_finish:
 * @self: a document
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the report, or %NULL with @error
 *   set (%G_IO_ERROR_CANCELLED when it was cancelled)
 */
CtdSheetDoc *
ctd_document_build_report_finish (CtdDocument   *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
