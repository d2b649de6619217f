/* ctd-store.c
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
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * An event is one SQLite file. This half of the module owns the file:
 * opening and refusing, the migration ladder, the pragmas, the
 * transaction every action runs in, the audit log and undo. The actions
 * themselves are in ctd-store-actions.c.
 *
 * How undo works. Every action runs as BEGIN IMMEDIATE; INSERT INTO
 * audit; ...changes...; COMMIT. While the connection is open, TEMP
 * triggers (generated at open from the tables' own column lists, so
 * they cannot drift from the schema) copy the image of every inserted,
 * updated or deleted row into audit_change under the newest audit row.
 * Undo takes the newest action not yet undone, replays its row images
 * backwards (an insert is deleted, a delete re-inserted, an update
 * written back) and logs itself as a new action whose own row images
 * are what it changed. Because undo always takes the newest remaining
 * action, everything after it has already been undone, so the images
 * still describe the rows as they are; repeated undo walks back to the
 * empty event. No SQL is stored in the file: undo builds its
 * statements from a fixed list of tables and binds the stored values,
 * so a crafted file cannot make undo run arbitrary SQL.
 */

/* "CTDE" in PRAGMA application_id: what makes an SQLite file ours. */
#define CTD_APPLICATION_ID 0x43544445
/* Long enough to ride out another window's short write, short enough
 * that a second writer hears "locked" at once rather than hanging. */
#define CTD_BUSY_TIMEOUT_MS 150

static const char ctd_schema_v1[] = {
#include "ctd-schema-sql.h"
  , 0
};

/* migrations[v] takes a file from user_version v to v + 1. */
static const char *const migrations[] = {
  ctd_schema_v1,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == CTD_STORE_SCHEMA_VERSION);

/* The tables holding the director's records: the ones the audit
 * triggers watch and undo may write. */
static const char *const logged_tables[] = {
  "event", "player", "round", "chouette", "seat", "game", "crosscheck",
  "rolloff", "advancer",
};

G_DEFINE_QUARK (ctd-store-error-quark, ctd_store_error)

/**
 * ctd_store_fail:
 * @self: a store
 * @rc: an SQLite result code that is an error
 * @error: return location for a #GError
 *
 * Translates an SQLite failure into a message that names the file and
 * says what the director can do.
 *
 * Returns: %FALSE, for `return ctd_store_fail (...)`
 */
gboolean
ctd_store_fail (CtdStore  *self,
                int        rc,
                GError   **error)
{
  const char *detail = self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_LOCKED,
                   "“%s” is being changed by another Chouette TD window or command; "
                   "try again when it has finished", self->display_name);
      break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
                   "“%s” cannot be changed: the file or its folder is read-only (%s)",
                   self->display_name, detail);
      break;
    case SQLITE_CORRUPT:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” is damaged (%s); open its most recent backup instead",
                   self->display_name, detail);
      break;
    case SQLITE_NOTADB:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                   "“%s” is not a Chouette TD event file", self->display_name);
      break;
    case SQLITE_CONSTRAINT:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "“%s” was not changed: the change breaks a rule of the event file (%s)",
                   self->display_name, detail);
      break;
    case SQLITE_FULL:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   "“%s” was not changed: the disk is full", self->display_name);
      break;
    default:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   "“%s” could not be read or written: %s", self->display_name, detail);
      break;
    }
  return FALSE;
}

sqlite3_stmt *
ctd_store_prepare (CtdStore    *self,
                   const char  *sql,
                   GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      ctd_store_fail (self, rc, error);
      return NULL;
    }
  return stmt;
}

gboolean
ctd_store_exec (CtdStore    *self,
                const char  *sql,
                GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return ctd_store_fail (self, rc, error);
  return TRUE;
}

/* Runs a one-value query such as a PRAGMA; -1 for no row. */
static gboolean
query_int (CtdStore    *self,
           const char  *sql,
           gint64      *out_value,
           GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  stmt = ctd_store_prepare (self, sql, error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out_value = sqlite3_column_int64 (stmt, 0);
  else if (rc == SQLITE_DONE)
    *out_value = -1;
  else
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

static CtdStore *
store_new (const char *path)
{
  CtdStore *self = g_new0 (CtdStore, 1);

  self->path = g_strdup (path);
  self->display_name = g_filename_display_name (path);
  self->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_strfreev);
  return self;
}

/**
 * ctd_store_close:
 * @self: (transfer full) (nullable): a store
 *
 * Closes the event file. Everything acknowledged is already committed.
 */
void
ctd_store_close (CtdStore *self)
{
  if (self == NULL)
    return;
  /* Closing finalises nothing the store left open: every statement is
   * finalised where it was prepared. */
  if (self->db != NULL && sqlite3_close (self->db) != SQLITE_OK)
    g_warning ("Could not close “%s”: %s", self->display_name, sqlite3_errmsg (self->db));
  g_clear_pointer (&self->columns, g_hash_table_unref);
  g_free (self->path);
  g_free (self->display_name);
  g_free (self);
}

const char *
ctd_store_get_path (const CtdStore *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

/* Connection settings every store needs: durable commits (WAL with
 * synchronous=FULL), enforced foreign keys, a short busy wait, and the
 * defensive mode that keeps SQL from corrupting the file directly.
 * (trusted_schema stays on: SQLite 3.40 counts the JSON functions our
 * CHECK constraints use as unsafe.) */
static gboolean
configure_connection (CtdStore  *self,
                      GError   **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, CTD_BUSY_TIMEOUT_MS);
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);

  stmt = ctd_store_prepare (self, "PRAGMA journal_mode = WAL", error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") != 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   "“%s” cannot be used safely here: its folder does not allow a write-ahead log",
                   self->display_name);
      goto out;
    }
  if (!ctd_store_exec (self, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
is_plain_identifier (const char *name)
{
  if (name == NULL || !(g_ascii_islower (*name) || *name == '_'))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '_'))
      return FALSE;
  return TRUE;
}

/* json_object ('a', PREFIX.a, 'b', PREFIX.b, ...) over a table's columns. */
static char *
row_image_sql (const char * const *columns,
               const char         *prefix)
{
  GString *sql = g_string_new ("json_object (");

  for (guint i = 0; columns[i] != NULL; i++)
    g_string_append_printf (sql, "%s'%s', %s.%s", i > 0 ? ", " : "", columns[i], prefix,
                            columns[i]);
  g_string_append_c (sql, ')');
  return g_string_free (sql, FALSE);
}

/* Reads each logged table's columns and installs the TEMP triggers that
 * feed audit_change (see the comment at the top of this file). */
static gboolean
install_audit_triggers (CtdStore  *self,
                        GError   **error)
{
  for (guint t = 0; t < G_N_ELEMENTS (logged_tables); t++)
    {
      const char *table = logged_tables[t];
      g_autoptr(GPtrArray) columns = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *info_sql = g_strdup_printf ("PRAGMA main.table_info (%s)", table);
      g_autofree char *old_image = NULL;
      g_autofree char *new_image = NULL;
      g_autofree char *triggers = NULL;
      sqlite3_stmt *stmt = NULL;
      gboolean has_id = FALSE;
      int rc;

      stmt = ctd_store_prepare (self, info_sql, error);
      if (stmt == NULL)
        return FALSE;
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          const char *name = (const char *) sqlite3_column_text (stmt, 1);

          if (!is_plain_identifier (name))
            rc = SQLITE_NOTADB;
          else
            {
              has_id |= strcmp (name, "id") == 0;
              g_ptr_array_add (columns, g_strdup (name));
              continue;
            }
          break;
        }
      sqlite3_finalize (stmt);
      if (rc != SQLITE_DONE || !has_id)
        {
          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                       "“%s” is not a Chouette TD event file: its table “%s” is not ours",
                       self->display_name, table);
          return FALSE;
        }
      g_ptr_array_add (columns, NULL);

      old_image = row_image_sql ((const char * const *) columns->pdata, "old");
      new_image = row_image_sql ((const char * const *) columns->pdata, "new");
      triggers = g_strdup_printf (
        "CREATE TEMP TRIGGER ctd_log_%1$s_insert AFTER INSERT ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', new.id, NULL, %3$s); "
        "END; "
        "CREATE TEMP TRIGGER ctd_log_%1$s_update AFTER UPDATE ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', old.id, %2$s, %3$s); "
        "END; "
        "CREATE TEMP TRIGGER ctd_log_%1$s_delete AFTER DELETE ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', old.id, %2$s, NULL); "
        "END;",
        table, old_image, new_image);
      if (!ctd_store_exec (self, triggers, error))
        return FALSE;

      g_hash_table_insert (self->columns, g_strdup (table),
                           g_ptr_array_steal (columns, NULL));
    }
  return TRUE;
}

/* Runs the ladder from @from up to CTD_STORE_SCHEMA_VERSION, inside the
 * caller's transaction. */
static gboolean
migrate (CtdStore  *self,
         gint64     from,
         GError   **error)
{
  for (gint64 v = from; v < CTD_STORE_SCHEMA_VERSION; v++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT,
                                                      v + 1);

      if (!ctd_store_exec (self, migrations[v], error) ||
          !ctd_store_exec (self, set_version, error))
        {
          g_prefix_error (error, "Could not upgrade to schema %" G_GINT64_FORMAT ": ", v + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* Copies the whole database (WAL content included, as one consistent
 * snapshot) to FILE.bak-vN beside it, never over an existing file. The
 * caller holds the write lock, so the copy is exactly what the upgrade
 * starts from; it is read through a second connection because SQLite
 * will not back up from a connection that is inside a write. */
static gboolean
backup_before_migration (CtdStore  *self,
                         gint64     version,
                         GError   **error)
{
  g_autofree char *target = NULL;
  g_autofree char *target_display = NULL;
  sqlite3 *source = NULL;
  sqlite3 *dest = NULL;
  sqlite3_backup *backup;
  gboolean ok = FALSE;
  int rc;

  for (guint n = 0; target == NULL || g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = n == 0
        ? g_strdup_printf ("%s.bak-v%" G_GINT64_FORMAT, self->path, version)
        : g_strdup_printf ("%s.bak-v%" G_GINT64_FORMAT ".%u", self->path, version, n);
    }
  target_display = g_filename_display_name (target);

  rc = sqlite3_open_v2 (self->path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_open_v2 (target, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc == SQLITE_OK)
    {
      backup = sqlite3_backup_init (dest, "main", source, "main");
      if (backup == NULL)
        rc = sqlite3_errcode (dest);
      else
        {
          rc = sqlite3_backup_step (backup, -1);
          sqlite3_backup_finish (backup);
          rc = rc == SQLITE_DONE ? sqlite3_errcode (dest) : rc;
        }
    }
  if (rc == SQLITE_OK)
    {
      /* A backup is a plain file: leave no -wal beside it. */
      rc = sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
    }
  if (rc != SQLITE_OK)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   "“%s” was not upgraded: its backup “%s” could not be written (%s)",
                   self->display_name, target_display, sqlite3_errstr (rc));
      sqlite3_close (dest);
      dest = NULL;
      g_unlink (target);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_close (dest);
  sqlite3_close (source);
  return ok;
}

/* Looks at the file through a read-only connection, so that a file we
 * refuse is left exactly as it was. Returns its schema version. */
static gboolean
inspect_file (CtdStore  *self,
              gint64    *out_version,
              GError   **error)
{
  static const char magic[16] = "SQLite format 3";
  char header[16] = { 0, };
  gint64 application_id = 0;
  gint64 n_tables = 0;
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int fd;
  int rc;

  if (!g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "“%s” does not exist; create it with init", self->display_name);
      return FALSE;
    }
  fd = g_open (self->path, O_RDONLY, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_STORE_ERROR,
                   saved_errno == EACCES ? CTD_STORE_ERROR_READ_ONLY : CTD_STORE_ERROR_IO,
                   "“%s” could not be opened: %s", self->display_name, g_strerror (saved_errno));
      return FALSE;
    }
  rc = read (fd, header, sizeof header) == (gssize) sizeof header;
  g_close (fd, NULL);
  if (!rc || memcmp (header, magic, sizeof magic) != 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                   "“%s” is not a Chouette TD event file", self->display_name);
      return FALSE;
    }

  rc = sqlite3_open_v2 (self->path, &self->db, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  sqlite3_busy_timeout (self->db, CTD_BUSY_TIMEOUT_MS);

  if (!query_int (self, "PRAGMA application_id", &application_id, error) ||
      !query_int (self, "PRAGMA user_version", out_version, error) ||
      !query_int (self, "SELECT count (*) FROM sqlite_schema", &n_tables, error))
    goto out;
  if (application_id != CTD_APPLICATION_ID || (*out_version >= 1 && n_tables == 0))
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                   "“%s” is an SQLite database but not a Chouette TD event file",
                   self->display_name);
      goto out;
    }
  if (*out_version > CTD_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_TOO_NEW,
                   "“%s” was written by a newer Chouette TD (file format %" G_GINT64_FORMAT
                   ", this version reads up to %d); open it with the newer version",
                   self->display_name, *out_version, CTD_STORE_SCHEMA_VERSION);
      goto out;
    }

  stmt = ctd_store_prepare (self, "PRAGMA integrity_check (1)", error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") != 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” is damaged (%s); open its most recent backup instead",
                   self->display_name, sqlite3_column_text (stmt, 0));
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  sqlite3_close (self->db);
  self->db = NULL;
  return ok;
}

/**
 * ctd_store_open:
 * @path: an event file made by ctd_store_create()
 * @error: return location for a #GError
 *
 * Opens an event. A missing file, a file that is not an event, a damaged
 * one or one from a newer version is refused and left untouched; an
 * older one is first copied to FILE.bak-vN beside it, then upgraded.
 *
 * Returns: (transfer full) (nullable): the store
 */
CtdStore *
ctd_store_open (const char  *path,
                GError     **error)
{
  g_autoptr(CtdStore) self = NULL;
  gint64 version = 0;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = store_new (path);
  if (!inspect_file (self, &version, error))
    return NULL;

  rc = sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE, NULL);
  if (rc != SQLITE_OK)
    {
      ctd_store_fail (self, rc, error);
      return NULL;
    }
  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
                   "“%s” is read-only: change its permissions, or copy it to a folder "
                   "where you can write", self->display_name);
      return NULL;
    }
  if (!configure_connection (self, error))
    return NULL;

  if (version < CTD_STORE_SCHEMA_VERSION)
    {
      /* Re-read the version under the write lock: another window may
       * have upgraded the file since we looked. */
      if (!ctd_store_exec (self, "BEGIN IMMEDIATE", error) ||
          !query_int (self, "PRAGMA user_version", &version, error))
        goto fail;
      if (version < CTD_STORE_SCHEMA_VERSION &&
          (!backup_before_migration (self, version, error) || !migrate (self, version, error)))
        goto fail;
      if (!ctd_store_exec (self, "COMMIT", error))
        goto fail;
    }

  if (!install_audit_triggers (self, error))
    return NULL;
  return g_steal_pointer (&self);

fail:
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return NULL;
}

static gboolean
validate_settings (const CtdEventSettings  *settings,
                   GError                 **error);

/**
 * ctd_store_create:
 * @path: where the new event file goes; it must not exist
 * @settings: the event's settings
 * @error: return location for a #GError
 *
 * Makes a new event file (what `init` does). An existing file is never
 * touched.
 *
 * Returns: (transfer full) (nullable): the store
 */
CtdStore *
ctd_store_create (const char              *path,
                  const CtdEventSettings  *settings,
                  GError                 **error)
{
  g_autoptr(CtdStore) self = NULL;
  g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d", CTD_APPLICATION_ID);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int fd;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = store_new (path);
  if (!validate_settings (settings, error))
    return NULL;

  /* O_EXCL: two windows creating the same file cannot both win. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_STORE_ERROR,
                   saved_errno == EEXIST ? CTD_STORE_ERROR_EXISTS
                   : saved_errno == EACCES || saved_errno == EROFS ? CTD_STORE_ERROR_READ_ONLY
                   : CTD_STORE_ERROR_IO,
                   saved_errno == EEXIST ? "“%s” already exists; open it, or choose another name"
                   : "“%s” could not be created: %s",
                   self->display_name, g_strerror (saved_errno));
      return NULL;
    }
  g_close (fd, NULL);

  rc = sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE, NULL);
  if (rc != SQLITE_OK)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (!ctd_store_exec (self, set_id, error) ||
      !configure_connection (self, error) ||
      !ctd_store_exec (self, "BEGIN IMMEDIATE", error) ||
      !migrate (self, 0, error))
    goto out;

  stmt = ctd_store_prepare (self,
                            "UPDATE event SET name = ?1, date = ?2, venue = ?3, stake_cents = ?4, "
                            "  entry_fee_cents = ?5, direction = ?6 WHERE id = 1; ",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_text (stmt, 1, settings->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, settings->date != NULL ? settings->date : "", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, settings->venue != NULL ? settings->venue : "", -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, settings->stake_cents);
  sqlite3_bind_int64 (stmt, 5, settings->entry_fee_cents);
  sqlite3_bind_text (stmt, 6, ctd_last_segment_direction_to_string (settings->direction), -1,
                     SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  /* The first audit entry records the settings; undo never goes past it. */
  stmt = ctd_store_prepare (self,
                            "INSERT INTO audit (time, action, summary, after) "
                            "SELECT strftime ('%Y-%m-%dT%H:%M:%fZ', 'now'), 'create', "
                            "  'Created the event', json_array (json_object ("
                            "    'table', 'event', 'id', 1, 'row', json_object ("
                            "      'name', name, 'date', date, 'venue', venue, "
                            "      'stake_cents', stake_cents, 'entry_fee_cents', entry_fee_cents, "
                            "      'direction', direction))) "
                            "FROM event WHERE id = 1",
                            error);
  if (stmt == NULL)
    goto out;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (!ctd_store_exec (self, "COMMIT", error) ||
      !install_audit_triggers (self, error))
    goto out;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (path, "-shm", NULL);

      /* The file is ours and holds nothing yet: leave no half-made event. */
      g_clear_pointer (&self->db, sqlite3_close);
      g_unlink (path);
      g_unlink (wal);
      g_unlink (shm);
      return NULL;
    }
  return g_steal_pointer (&self);
}

static gboolean
validate_settings (const CtdEventSettings  *settings,
                   GError                 **error)
{
  const char *date = settings->date != NULL ? settings->date : "";
  const char *venue = settings->venue != NULL ? settings->venue : "";

  g_autofree char *stripped = g_strstrip (g_strdup (settings->name != NULL ? settings->name : ""));

  if (settings->name == NULL || !g_utf8_validate (settings->name, -1, NULL) ||
      *stripped == '\0' || g_utf8_strlen (settings->name, -1) > 200)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "The event needs a name (up to 200 characters)");
      return FALSE;
    }
  if (*date != '\0')
    {
      guint y, m, d;
      char tail;

      if (strlen (date) != 10 || sscanf (date, "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 ||
          !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
        {
          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                       "The event date “%s” is not a date; write it as YYYY-MM-DD, e.g. 2026-05-17",
                       g_utf8_validate (date, -1, NULL) ? date : "?");
          return FALSE;
        }
    }
  if (!g_utf8_validate (venue, -1, NULL) || g_utf8_strlen (venue, -1) > 200)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "The venue must be text of up to 200 characters");
      return FALSE;
    }
  if (settings->stake_cents < 0 || settings->entry_fee_cents < 0)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "The stake and the entry fee cannot be negative");
      return FALSE;
    }
  if (settings->direction != CTD_LAST_SEGMENT_HIGHEST_FIRST &&
      settings->direction != CTD_LAST_SEGMENT_LOWEST_FIRST)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "Unknown last-segment direction");
      return FALSE;
    }
  return TRUE;
}

gboolean
ctd_store_validate_settings (const CtdEventSettings  *settings,
                             GError                 **error)
{
  return validate_settings (settings, error);
}

/**
 * ctd_store_action_begin:
 * @self: a store
 * @action: the audit log's name for the action
 * @error: return location for a #GError
 *
 * Starts an action: takes the write lock at once (so a second writer is
 * told "locked" before anything is read, and nothing read can change
 * under us) and opens its audit row, which the triggers file every
 * change under.
 */
gboolean
ctd_store_action_begin (CtdStore    *self,
                        const char  *action,
                        GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  g_assert (self->audit_id == 0);

  if (!ctd_store_exec (self, "BEGIN IMMEDIATE", error))
    return FALSE;

  stmt = ctd_store_prepare (self,
                            "INSERT INTO audit (time, action, summary) "
                            "VALUES (strftime ('%Y-%m-%dT%H:%M:%fZ', 'now'), ?1, '')",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_text (stmt, 1, action, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  self->audit_id = sqlite3_last_insert_rowid (self->db);
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return ok;
}

void
ctd_store_action_rollback (CtdStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  self->audit_id = 0;
}

/**
 * ctd_store_action_commit:
 * @self: a store
 * @summary: one line for the audit log
 * @error: return location for a #GError
 *
 * Ends an action: fills its audit row's before and after from the row
 * images and commits. An action that changed nothing (checking in a
 * player who is checked in) leaves no entry, so undo never has to undo
 * nothing.
 */
gboolean
ctd_store_action_commit (CtdStore    *self,
                         const char  *summary,
                         GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  gint64 n_changes = 0;
  gboolean ok = FALSE;
  int rc;

  g_assert (self->audit_id != 0);

  stmt = ctd_store_prepare (self, "SELECT count (*) FROM audit_change WHERE audit = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, self->audit_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  n_changes = sqlite3_column_int64 (stmt, 0);
  g_clear_pointer (&stmt, sqlite3_finalize);
  if (n_changes == 0)
    {
      ctd_store_action_rollback (self);
      return TRUE;
    }

  stmt = ctd_store_prepare (self,
                            "UPDATE audit SET summary = ?2, "
                            "  before = (SELECT json_group_array (json_object ("
                            "              'table', tbl, 'id', row_id, 'row', json (before))) "
                            "            FROM (SELECT * FROM audit_change "
                            "                  WHERE audit = ?1 AND before IS NOT NULL ORDER BY id)), "
                            "  after = (SELECT json_group_array (json_object ("
                            "              'table', tbl, 'id', row_id, 'row', json (after))) "
                            "           FROM (SELECT * FROM audit_change "
                            "                 WHERE audit = ?1 AND after IS NOT NULL ORDER BY id)) "
                            "WHERE id = ?1",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, self->audit_id);
  sqlite3_bind_text (stmt, 2, summary, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (!ctd_store_exec (self, "COMMIT", error))
    goto out;
  self->audit_id = 0;
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}

typedef struct
{
  char   *table;
  gint64  row_id;
  char   *before;
  char   *after;
} RowChange;

static void
row_change_free (RowChange *change)
{
  g_free (change->table);
  g_free (change->before);
  g_free (change->after);
  g_free (change);
}

/* Puts one row back as @change found it. The table must be one we log
 * and the values come from the stored JSON image, bound, never spliced. */
static gboolean
revert_change (CtdStore         *self,
               const RowChange  *change,
               GError          **error)
{
  const char * const *columns = g_hash_table_lookup (self->columns, change->table);
  g_autoptr(GString) sql = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;
  int rc;

  if (columns == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” has an audit entry for an unknown table “%s”; it cannot be undone",
                   self->display_name, change->table);
      return FALSE;
    }

  if (change->before == NULL)
    {
      g_string_printf (sql, "DELETE FROM main.%s WHERE id = ?2", change->table);
    }
  else if (change->after == NULL)
    {
      g_string_printf (sql, "INSERT INTO main.%s (", change->table);
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%s%s", i > 0 ? ", " : "", columns[i]);
      g_string_append (sql, ") VALUES (");
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%sjson_extract (?1, '$.%s')", i > 0 ? ", " : "",
                                columns[i]);
      g_string_append (sql, ")");
    }
  else
    {
      g_string_printf (sql, "UPDATE main.%s SET ", change->table);
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%s%s = json_extract (?1, '$.%s')", i > 0 ? ", " : "",
                                columns[i], columns[i]);
      g_string_append (sql, " WHERE id = ?2");
    }

  stmt = ctd_store_prepare (self, sql->str, error);
  if (stmt == NULL)
    goto out;
  if (change->before != NULL)
    sqlite3_bind_text (stmt, 1, change->before, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, change->row_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” was changed outside Chouette TD; the last action cannot be undone",
                   self->display_name);
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * ctd_store_undo:
 * @self: a store
 * @out_summary: (out) (optional) (transfer full): what was undone
 * @error: return location for a #GError
 *
 * Reverts the newest action that is not undone yet. Repeating it walks
 * back through the actions to the newly created event. The undo is
 * itself an audit entry ("undo"), and the undone action stays in the
 * log, marked.
 *
 * Returns: whether an action was undone
 */
gboolean
ctd_store_undo (CtdStore  *self,
                char     **out_summary,
                GError   **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) row_change_free);
  g_autofree char *target_summary = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 target = 0;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, "undo", error))
    return FALSE;

  stmt = ctd_store_prepare (self,
                            "SELECT id, summary FROM audit "
                            "WHERE undoes IS NULL AND undone_by IS NULL "
                            "  AND action NOT IN ('create', 'undo') AND id < ?1 "
                            "ORDER BY id DESC LIMIT 1",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, self->audit_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   "There is nothing to undo in “%s”", self->display_name);
      goto out;
    }
  if (rc != SQLITE_ROW)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  target = sqlite3_column_int64 (stmt, 0);
  target_summary = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  g_clear_pointer (&stmt, sqlite3_finalize);

  /* Read every image first: reverting writes new ones to the same table. */
  stmt = ctd_store_prepare (self,
                            "SELECT tbl, row_id, before, after FROM audit_change "
                            "WHERE audit = ?1 ORDER BY id DESC",
                            error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, target);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      RowChange *change = g_new0 (RowChange, 1);

      change->table = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      change->row_id = sqlite3_column_int64 (stmt, 1);
      change->before = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      change->after = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      g_ptr_array_add (changes, change);
    }
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  for (guint i = 0; i < changes->len; i++)
    if (!revert_change (self, g_ptr_array_index (changes, i), error))
      goto out;

  stmt = ctd_store_prepare (self,
                            "UPDATE audit SET undone_by = ?2 WHERE id = ?1; ", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, target);
  sqlite3_bind_int64 (stmt, 2, self->audit_id);
  rc = sqlite3_step (stmt);
  g_clear_pointer (&stmt, sqlite3_finalize);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  stmt = ctd_store_prepare (self, "UPDATE audit SET undoes = ?1 WHERE id = ?2", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, target);
  sqlite3_bind_int64 (stmt, 2, self->audit_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      ctd_store_fail (self, rc, error);
      goto out;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  summary = g_strdup_printf ("Undid: %s", target_summary);
  if (!ctd_store_action_commit (self, summary, error))
    goto out;
  if (out_summary != NULL)
    *out_summary = g_steal_pointer (&target_summary);
  ok = TRUE;

out:
  sqlite3_finalize (stmt);
  if (!ok)
    ctd_store_action_rollback (self);
  return ok;
}
