/* ctd-test-files.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-files.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

/* Removes @path and everything below it (a test's own temporary folder). */
void
ctd_test_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ctd_test_remove_tree (child);
      else
        {
          g_chmod (child, 0644);  /* a test may have made it read-only */
          g_unlink (child);
        }
    }
  g_clear_pointer (&dir, g_dir_close);
  g_rmdir (path);
}

/* cmocka setup: a new folder and the path of "event.chouette" in it. */
int
ctd_test_folder_setup (void **state)
{
  CtdTestFolder *folder = g_new0 (CtdTestFolder, 1);

  folder->dir = g_dir_make_tmp ("ctd-test-XXXXXX", NULL);
  if (folder->dir == NULL)
    {
      g_free (folder);
      return -1;
    }
  folder->path = g_build_filename (folder->dir, "event.chouette", NULL);
  *state = folder;
  return 0;
}

/* cmocka teardown: the folder and all it holds go. */
int
ctd_test_folder_teardown (void **state)
{
  CtdTestFolder *folder = *state;

  ctd_test_remove_tree (folder->dir);
  g_free (folder->dir);
  g_free (folder->path);
  g_free (folder);
  return 0;
}

/**
 * ctd_test_query_text:
 * @path: an event file
 * @sql: a query
 *
 * The rows of @sql (every column as text, "|" between, a line per row),
 * through a separate read-only connection: what a test compares before
 * and after an action that must change nothing.
 *
 * Returns: (transfer full): the rows; a query SQLite refuses stops the test
 */
char *
ctd_test_query_text (const char *path,
                     const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        g_string_append_printf (out, "%s|", (const char *) sqlite3_column_text (stmt, c));
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

/**
 * ctd_test_exec_sql:
 * @path: a database file, created if missing
 * @sql: statements
 *
 * Runs @sql on @path through a connection of its own, as a hand edit or
 * another tool would: how a test builds an old or a damaged file.
 * A statement SQLite refuses stops the test.
 */
void
ctd_test_exec_sql (const char *path,
                   const char *sql)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
      sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message != NULL ? message : sqlite3_errmsg (db));
  if (sqlite3_close (db) != SQLITE_OK)
    g_error ("%s: not closed", path);
}

/* Schema 1 as released. */
static const char schema_v1[] = {
#include "ctd-schema-sql.h"
  , 0
};

/**
 * ctd_test_write_v1:
 * @path: a file that does not exist yet
 * @source: an event file of this version
 * @more_sql: (nullable): statements run after the copy, before the file
 *   is marked as schema 1 (with the source attached as "a"), or %NULL
 *
 * Writes at @path a file of schema 1, as Chouette TD's first version
 * wrote them, holding @source's event, players, rounds, seats, games and
 * paper totals: what the upgrade tests start from.
 */
void
ctd_test_write_v1 (const char *path,
                   const char *source,
                   const char *more_sql)
{
  g_autofree char *copy_sql = NULL;

  ctd_test_exec_sql (path, schema_v1);
  copy_sql = g_strdup_printf (
    "PRAGMA application_id = 1129595973; "
    "ATTACH '%s' AS a; "
    "DELETE FROM event; "
    "INSERT INTO event SELECT id, name, date, venue, stake_cents, entry_fee_cents, direction "
    "  FROM a.event; "
    "INSERT INTO player SELECT * FROM a.player; "
    "INSERT INTO round SELECT * FROM a.round; "
    "INSERT INTO chouette SELECT id, round, number, table_no, size, last_order FROM a.chouette; "
    "INSERT INTO seat SELECT * FROM a.seat; "
    "INSERT INTO game SELECT * FROM a.game; "
    "INSERT INTO crosscheck SELECT * FROM a.crosscheck; "
    "%s; "
    "DETACH a; "
    "PRAGMA user_version = 1",
    source, more_sql != NULL ? more_sql : "");
  ctd_test_exec_sql (path, copy_sql);
}

/**
 * ctd_test_count_occurrences:
 * @text: a text a test made (a page, a file's contents)
 * @what: the string to look for
 *
 * How many times @what occurs in @text, overlapping ones included: what
 * a test compares with the rows or cells it expects a page to hold.
 *
 * Returns: the number of occurrences
 */
guint
ctd_test_count_occurrences (const char *text,
                            const char *what)
{
  guint n = 0;

  for (const char *at = strstr (text, what); at != NULL; at = strstr (at + 1, what))
    n++;
  return n;
}

/* This process's open descriptors (/proc/self/fd): a server's
 * connections among them, for the tests and benchmarks of its leaks. */
guint
ctd_test_count_descriptors (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}
