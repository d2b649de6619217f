/* ctd-test-files.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-files.h"

#include <glib/gstdio.h>

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
