/* replay.c: feeds a harness every file of its corpus, outside libFuzzer.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: replay-HARNESS FILE-OR-FOLDER...; a folder's files are read in
 * name order, its subfolders are not. A finding that still crashes aborts
 * the program, which fails its test in the suite; an empty corpus fails
 * too, so that a wrong path cannot pass for a replay.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctd-fuzz.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
add_files (GPtrArray  *paths,
           const char *arg)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (!g_file_test (arg, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (paths, g_strdup (arg));
      return;
    }
  dir = g_dir_open (arg, 0, &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      exit (1);
    }
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (arg, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_steal_pointer (&path));
    }
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (paths, g_strdup (g_ptr_array_index (names, i)));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  for (int i = 1; i < argc; i++)
    add_files (paths, argv[i]);
  if (paths->len == 0)
    {
      g_printerr ("usage: %s FILE-OR-FOLDER...: no input file found\n", argv[0]);
      return 1;
    }
  ctd_fuzz_init ();
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_autofree guint8 *exact = NULL;
      gsize length;

      if (!g_file_get_contents (path, &data, &length, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      printf ("%s (%zu bytes)\n", path, length);
      fflush (stdout);
      /* Exactly the file's bytes, with no nul after them, as libFuzzer
       * passes them: a read past the end is the sanitizer build's to see. */
      exact = g_malloc (MAX (length, 1));
      memcpy (exact, data, length);
      LLVMFuzzerTestOneInput (exact, length);
    }
  printf ("%u inputs replayed\n", paths->len);
  return 0;
}
