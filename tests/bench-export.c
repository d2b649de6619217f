/* bench-export.c: how long `export --all` takes, and how much memory.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-export PATH/TO/chouette-td-cli [PLAYERS]
 *
 * Builds an event of PLAYERS (512) players with every game of every round
 * recorded, then runs the command-line tool's `export --all` on it, as a
 * director would, and reports the wall time and the peak resident memory of
 * that process. Targets (issue 4): at most 0.5 s and 60 MB for XLSX. Not a
 * timed test: it prints its figures, for a person or a CI log to read.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ctd-test-build.h"
#include "ctd-test-files.h"

#define TARGET_SECONDS 0.5
#define TARGET_MEGABYTES 60.0

/* Runs @argv; returns its wall time in seconds and peak RSS in MB. */
static gboolean
run_measured (char   **argv,
              double  *out_seconds,
              double  *out_megabytes)
{
  struct rusage usage;
  gint64 start = g_get_monotonic_time ();
  int status;
  pid_t pid = fork ();

  if (pid < 0)
    return FALSE;
  if (pid == 0)
    {
      int devnull = open ("/dev/null", O_WRONLY);

      if (devnull >= 0)
        dup2 (devnull, STDOUT_FILENO);
      execv (argv[0], argv);
      _exit (127);
    }
  if (wait4 (pid, &status, 0, &usage) != pid || !WIFEXITED (status) ||
      WEXITSTATUS (status) != 0)
    return FALSE;
  *out_seconds = (g_get_monotonic_time () - start) / 1e6;
  *out_megabytes = usage.ru_maxrss / 1024.0;  /* Linux: kilobytes */
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *event = NULL;
  guint players = argc > 2 ? (guint) atoi (argv[2]) : 512;
  const char *outputs[] = { "archive.xlsx", "archive.pdf" };
  gboolean ok = TRUE;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s PATH/TO/chouette-td-cli [PLAYERS]\n", argv[0]);
      return 2;
    }
  dir = g_dir_make_tmp ("ctd-bench-export-XXXXXX", &error);
  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  event = g_build_filename (dir, "bench.chouette", NULL);
  if (!ctd_test_build_event (event, players, 512, TRUE, &error))
    {
      fprintf (stderr, "building the event: %s\n", error->message);
      ctd_test_remove_tree (dir);
      return 1;
    }
  printf ("export --all of a %u-player event, every game of every round recorded\n", players);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *out = g_build_filename (dir, outputs[i], NULL);
      char *cmd[] = { argv[1], event, (char *) "export", out, (char *) "--all", NULL };
      gboolean xlsx = g_str_has_suffix (outputs[i], ".xlsx");
      double seconds = 0, megabytes = 0;
      GStatBuf st;

      if (!run_measured (cmd, &seconds, &megabytes) || g_stat (out, &st) != 0)
        {
          printf ("  %s: the export failed\n", outputs[i]);
          ok = FALSE;
          continue;
        }
      printf ("  %-13s %6.3f s  %6.1f MB peak  %7.1f KB written", outputs[i], seconds, megabytes,
              st.st_size / 1024.0);
      if (xlsx)
        printf ("   targets %.1f s, %.0f MB: %s", TARGET_SECONDS, TARGET_MEGABYTES,
                seconds <= TARGET_SECONDS && megabytes <= TARGET_MEGABYTES ? "MET" : "MISSED");
      printf ("\n");
    }
  ctd_test_remove_tree (dir);
  return ok ? 0 : 1;
}
