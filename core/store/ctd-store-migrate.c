/* ctd-store-migrate.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The migration ladder: each schema's SQL, running the rungs, and the
 * backup an older file gets beside it before it is upgraded.
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

static const char ctd_schema_v1[] = {
#include "ctd-schema-sql.h"
  , 0
};
static const char ctd_schema_v2[] = {
#include "ctd-schema-v2-sql.h"
  , 0
};
static const char ctd_schema_v3[] = {
#include "ctd-schema-v3-sql.h"
  , 0
};
static const char ctd_schema_v4[] = {
#include "ctd-schema-v4-sql.h"
  , 0
};

static const char ctd_schema_v5[] = {
#include "ctd-schema-v5-sql.h"
  , 0
};

static const char ctd_schema_v6[] = {
#include "ctd-schema-v6-sql.h"
  , 0
};

/* migrations[v] takes a file from user_version v to v + 1: its SQL,
 * then (when the records need the rules, not just SQL) its C step. A
 * released rung never changes; a new schema is a new rung. */
static const char ctd_schema_v7[] = {
#include "ctd-schema-v7-sql.h"
  , 0
};

static const struct
{
  const char *sql;
  gboolean  (*step) (CtdStore  *self,
                     GError   **error);
} migrations[] = {
  { ctd_schema_v1, NULL },
  { ctd_schema_v2, ctd_store_upgrade_to_v2 },
  { ctd_schema_v3, NULL },
  { ctd_schema_v4, ctd_store_upgrade_to_v4 },
  { ctd_schema_v5, NULL },
  { ctd_schema_v6, NULL },
  { ctd_schema_v7, NULL },
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == CTD_STORE_SCHEMA_VERSION);

const char *
ctd_store_migration_sql (guint rung)
{
  g_assert (rung < G_N_ELEMENTS (migrations));
  return migrations[rung].sql;
}

/* Other SQLite connections this file opens for a moment (inspection,
 * backups), closed at the end of their scope. */
typedef sqlite3 CtdConnection;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdConnection, ctd_store_close_db)

/* Runs the ladder from @from up to CTD_STORE_SCHEMA_VERSION, inside the
 * caller's transaction. */
gboolean
ctd_store_migrate (CtdStore  *self,
                   gint64     from,
                   GError   **error)
{
  for (gint64 v = from; v < CTD_STORE_SCHEMA_VERSION; v++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT,
                                                      v + 1);

      if (!ctd_store_exec (self, migrations[v].sql, error) ||
          (migrations[v].step != NULL && !migrations[v].step (self, error)) ||
          !ctd_store_exec (self, set_version, error))
        {
          /* Translators: a file format's number; a reason follows. */
          g_prefix_error (error, _("Could not upgrade to schema %lld: "),
                          (long long) (v + 1));
          return FALSE;
        }
    }
  return TRUE;
}

/* Copies the database at @source_path (WAL content included, as one
 * consistent snapshot) to a new plain file @target. */
static int
copy_database (const char *source_path,
               const char *target)
{
  g_autoptr(CtdConnection) source = NULL;
  g_autoptr(CtdConnection) dest = NULL;
  sqlite3_backup *backup;
  int rc;

  rc = sqlite3_open_v2 (source_path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    return rc;
  rc = sqlite3_open_v2 (target, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    return rc;
  backup = sqlite3_backup_init (dest, "main", source, "main");
  if (backup == NULL)
    return sqlite3_errcode (dest);
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    return rc;
  rc = sqlite3_errcode (dest);
  if (rc != SQLITE_OK)
    return rc;
  /* A backup is a plain file: leave no -wal beside it. */
  return sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
}

/* Copies the whole database to FILE.bak-vN beside it, never over an
 * existing file. The caller holds the write lock, so the copy is exactly
 * what the upgrade starts from; it is read through a second connection
 * because SQLite will not back up from a connection that is inside a
 * write. */
static gboolean
backup_before_migration (CtdStore  *self,
                         gint64     version,
                         GError   **error)
{
  g_autofree char *target = NULL;
  g_autofree char *target_display = NULL;
  int rc;

  for (guint n = 0; target == NULL || g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = n == 0
        ? g_strdup_printf ("%s.bak-v%" G_GINT64_FORMAT, self->path, version)
        : g_strdup_printf ("%s.bak-v%" G_GINT64_FORMAT ".%u", self->path, version, n);
    }

  rc = copy_database (self->path, target);
  if (rc != SQLITE_OK)
    {
      target_display = g_filename_display_name (target);
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   _("“%s” was not upgraded: its backup “%s” could not be written (%s)"),
                   self->display_name, target_display, sqlite3_errstr (rc));
      g_unlink (target);
      return FALSE;
    }
  return TRUE;
}

/* Brings the file from @version up to the current schema, unless
 * another window did so since we looked: the version is read again
 * under the write lock. */
gboolean
ctd_store_upgrade (CtdStore  *self,
                   gint64     version,
                   GError   **error)
{
  g_auto(CtdStoreTransaction) transaction = { NULL, };

  if (!ctd_store_transaction_begin (self, &transaction, TRUE, error) ||
      !ctd_store_query_int64 (self, "PRAGMA user_version", CTD_NO_ARGS, &version, error))
    return FALSE;
  if (version < CTD_STORE_SCHEMA_VERSION &&
      (!backup_before_migration (self, version, error) ||
       !ctd_store_migrate (self, version, error)))
    return FALSE;
  return ctd_store_transaction_commit (&transaction, error);
}
