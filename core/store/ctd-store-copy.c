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
#include <string.h>

#include <glib/gi18n-lib.h>

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

/* A re-timed copy is a sample a program played, shipped inside
 * Chouette TD: its file must be the same whenever it is made, and it is
 * public, so its links protect nothing. Each link secret (in the links
 * and in the audit log's images, which undo writes back) is replaced by
 * one derived from its order of appearance, and every issue time by
 * @origin. A director's own event never comes through here: its
 * secrets stay the system's random bytes. */
static int
rekey_links (sqlite3     *db,
             const char  *origin)
{
  sqlite3_stmt *stmt = NULL;
  sqlite3_stmt *insert = NULL;
  gint64 n = 0;
  int step = SQLITE_DONE;
  int rc;

  rc = sqlite3_exec (db, "CREATE TEMP TABLE rekey (old TEXT PRIMARY KEY, new TEXT NOT NULL)",
                     NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db,
                             "SELECT secret FROM ("
                             "  SELECT before ->> 'secret' AS secret, 2 * id AS o FROM audit_change "
                             "    WHERE tbl = 'link' AND before IS NOT NULL "
                             "  UNION ALL SELECT after ->> 'secret', 2 * id + 1 FROM audit_change "
                             "    WHERE tbl = 'link' AND after IS NOT NULL "
                             "  UNION ALL SELECT secret, 1 << 62 | id FROM link) "
                             "GROUP BY secret ORDER BY min (o)", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db, "INSERT INTO rekey (old, new) VALUES (?1, ?2)", -1, &insert,
                             NULL);
  while (rc == SQLITE_OK && (step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *seed = g_strdup_printf ("Chouette TD sample link %s %" G_GINT64_FORMAT,
                                               origin, ++n);
      g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, seed, -1);

      digest[32] = '\0';
      sqlite3_reset (insert);
      sqlite3_bind_text (insert, 1, (const char *) sqlite3_column_text (stmt, 0), -1,
                         SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 2, digest, -1, SQLITE_TRANSIENT);
      if (sqlite3_step (insert) != SQLITE_DONE)
        rc = sqlite3_errcode (db);
    }
  if (rc == SQLITE_OK && step != SQLITE_DONE)
    rc = step;
  sqlite3_finalize (stmt);
  sqlite3_finalize (insert);
  stmt = NULL;
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db,
      "UPDATE link SET secret = (SELECT new FROM rekey WHERE old = secret), issued = ?1",
      -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, origin, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode (db);
      sqlite3_finalize (stmt);
      stmt = NULL;
    }
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db,
      "UPDATE audit_change SET "
      "  before = CASE WHEN before IS NULL THEN NULL ELSE json_set (before, "
      "    '$.secret', (SELECT new FROM rekey WHERE old = before ->> 'secret'), "
      "    '$.issued', ?1) END, "
      "  after = CASE WHEN after IS NULL THEN NULL ELSE json_set (after, "
      "    '$.secret', (SELECT new FROM rekey WHERE old = after ->> 'secret'), "
      "    '$.issued', ?1) END "
      "WHERE tbl = 'link'", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, origin, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode (db);
      sqlite3_finalize (stmt);
    }
  /* Each entry's own summary of its images, written again from them as
   * ctd_store_action_finish() writes it. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db,
      "UPDATE audit SET "
      "  before = (SELECT json_group_array (json_object ("
      "              'table', tbl, 'id', row_id, 'row', json (before))) "
      "            FROM (SELECT * FROM audit_change "
      "                  WHERE audit = audit.id AND before IS NOT NULL ORDER BY id)), "
      "  after = (SELECT json_group_array (json_object ("
      "              'table', tbl, 'id', row_id, 'row', json (after))) "
      "           FROM (SELECT * FROM audit_change "
      "                 WHERE audit = audit.id AND after IS NOT NULL ORDER BY id)) "
      "WHERE id IN (SELECT audit FROM audit_change WHERE tbl = 'link'); "
      "DROP TABLE temp.rekey", NULL, NULL, NULL);
  /* The index of secrets was filled in a random order: built again from
   * the new ones, its pages are the same each time. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, "VACUUM", NULL, NULL, NULL);
  return rc;
}

/* Inside an action (closing the event writes its archive before it
 * commits) VACUUM INTO is refused, and another connection would not see
 * the action: the pages as this connection sees them are written out
 * instead, then checked. The header's page count is set from them, as
 * the commit would have set it. */
static gboolean
write_serialized (CtdStore    *self,
                  const char  *target,
                  GError     **error)
{
  sqlite3_int64 size = 0;
  unsigned char *bytes = sqlite3_serialize (self->db, "main", &size, 0);
  g_autoptr(GError) local_error = NULL;
  guint page_size;
  guint32 n_pages;
  gboolean ok;

  if (bytes == NULL || size < 100)
    {
      sqlite3_free (bytes);
      return ctd_store_fail (self, SQLITE_NOMEM, error);
    }
  page_size = ((guint) bytes[16] << 8) | bytes[17];
  n_pages = (guint32) (size / (page_size == 1 ? 65536 : page_size));
  n_pages = GUINT32_TO_BE (n_pages);
  memcpy (bytes + 28, &n_pages, sizeof n_pages);
  ok = g_file_set_contents (target, (const char *) bytes, size, &local_error);
  sqlite3_free (bytes);
  if (!ok)
    g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO, local_error->message);
  return ok;
}

/* Fills the empty file @target with the event as @self sees it. */
static gboolean
fill_copy (CtdStore    *self,
           const char  *target,
           GError     **error)
{
  if (!sqlite3_get_autocommit (self->db))
    return write_serialized (self, target, error);
  /* VACUUM INTO reads one snapshot, WAL content included, into an
   * empty file. */
  return ctd_store_run (self, "VACUUM INTO ?1", CTD_ARGS (CTD_TEXT (target)), error);
}

/* The copy checked whole, for one written from pages (write_serialized()). */
static int
check_copy (sqlite3 *dest)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (dest, "PRAGMA integrity_check (1)", -1, &stmt, NULL);

  if (rc == SQLITE_OK && sqlite3_step (stmt) == SQLITE_ROW &&
      g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") != 0)
    rc = SQLITE_CORRUPT;
  sqlite3_finalize (stmt);
  return rc;
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
 * @self is not changed. Inside an action (the hook of
 * ctd_store_close_event_full()) the copy holds the action as it will be
 * committed. Re-timing is for an event a program played
 * (a sample shipped with Chouette TD), whose file must be the same
 * whenever it is made; a director's own record keeps its real times.
 * For the same reason a re-timed copy's link secrets are replaced by
 * ones derived from their order: a shipped file's links protect nothing.
 * A director's copy keeps its random ones.
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
                   saved_errno == EEXIST ? _("“%s” already exists; choose another name for the "
                                             "copy")
                   /* Translators: a file's name, then the system's reason. */
                   : _("“%s” could not be created: %s"),
                   target_display, g_strerror (saved_errno));
      return FALSE;
    }
  g_close (fd, NULL);
  if (!fill_copy (self, target, error))
    {
      g_prefix_error (error, _("No copy was written to “%s”: "), target_display);
      g_unlink (target);
      return FALSE;
    }

  rc = sqlite3_open_v2 (target, &dest, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = check_copy (dest);
  if (rc == SQLITE_OK && log_start != NULL)
    rc = retime_log (dest, log_start, log_step / G_TIME_SPAN_SECOND);
  if (rc == SQLITE_OK && log_start != NULL)
    {
      g_autoptr(GDateTime) utc = g_date_time_to_utc (log_start);
      g_autofree char *origin = g_date_time_format (utc, "%Y-%m-%dT%H:%M:%SZ");

      rc = rekey_links (dest, origin);
    }
  if (rc != SQLITE_OK)
    g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                 _("No copy was written to “%s”: %s"), target_display,
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
