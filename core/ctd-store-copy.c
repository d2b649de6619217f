/* ctd-store-copy.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>

/* Gives the copy's audit log times that do not depend on when it was
 * made: entry N (in the log's order) at @start + (N - 1) * @step_s. */
static int
retime_log (sqlite3    *db,
            GDateTime  *start,
            gint64      step_s)
{
  g_autoptr(GDateTime) utc = g_date_time_to_utc (start);
  g_autofree char *origin = g_date_time_format (utc, "%Y-%m-%d %H:%M:%S");
  sqlite3_stmt *stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db,
                           "UPDATE audit SET time = strftime ('%Y-%m-%dT%H:%M:%fZ', ?1, "
                           "  printf ('%+d seconds', (o.n - 1) * ?2)) "
                           "FROM (SELECT id, row_number () OVER (ORDER BY id) AS n FROM audit) AS o "
                           "WHERE audit.id = o.id",
                           -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_text (stmt, 1, origin, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, step_s);
  rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/**
 * ctd_store_write_copy:
 * @self: an open store
 * @target: where the copy goes; it must not exist
 * @log_start: (nullable): when given, the copy's audit log is re-timed
 *   to start at @log_start, one entry every @log_step, in its order;
 *   %NULL keeps the times as they were
 * @log_step: the time between two re-timed entries
 * @error: return location for a #GError
 *
 * Writes the event as it is now to @target as one compact file, with
 * no write-ahead log beside it: a file to ship or hand over whole. An
 * existing file is never touched; a copy that fails is removed again.
 * @self is not changed. Re-timing is for an event a program played
 * (a sample shipped with Chouette TD), whose file must be the same
 * whenever it is made; a director's own record keeps its real times.
 *
 * Returns: whether @target was written
 */
gboolean
ctd_store_write_copy (CtdStore    *self,
                      const char  *target,
                      GDateTime   *log_start,
                      GTimeSpan    log_step,
                      GError     **error)
{
  g_autofree char *target_display = NULL;
  sqlite3 *dest = NULL;
  int fd;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (log_step >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  target_display = g_filename_display_name (target);
  /* O_EXCL: the empty file is ours, so removing it on failure never
   * takes anything from anyone. */
  fd = g_open (target, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_STORE_ERROR,
                   saved_errno == EEXIST ? CTD_STORE_ERROR_EXISTS
                   : saved_errno == EACCES || saved_errno == EROFS ? CTD_STORE_ERROR_READ_ONLY
                   : CTD_STORE_ERROR_IO,
                   saved_errno == EEXIST ? "“%s” already exists; choose another name for the copy"
                   : "“%s” could not be created: %s",
                   target_display, g_strerror (saved_errno));
      return FALSE;
    }
  g_close (fd, NULL);
  /* VACUUM INTO reads one snapshot, WAL content included, into an
   * empty file. */
  if (!ctd_store_run (self, "VACUUM INTO ?1", CTD_ARGS (CTD_TEXT (target)), error))
    {
      g_prefix_error (error, "No copy was written to “%s”: ", target_display);
      g_unlink (target);
      return FALSE;
    }

  rc = sqlite3_open_v2 (target, &dest, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (rc == SQLITE_OK && log_start != NULL)
    rc = retime_log (dest, log_start, log_step / G_TIME_SPAN_SECOND);
  if (rc != SQLITE_OK)
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                 "No copy was written to “%s”: %s", target_display,
                 dest != NULL ? sqlite3_errmsg (dest) : sqlite3_errstr (rc));
  ctd_store_close_db (dest);
  if (rc != SQLITE_OK)
    {
      g_autofree char *journal = g_strconcat (target, "-journal", NULL);

      g_unlink (target);
      g_unlink (journal);
      return FALSE;
    }
  return TRUE;
}
