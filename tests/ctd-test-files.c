/* ctd-test-files.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-files.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

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
