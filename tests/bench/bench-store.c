/* bench-store.c: how fast the event file records and reads.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-store
 *
 * Prints (issue 3's targets beside each figure):
 *  - recording 1,000 results, one transaction each, as the director types
 *    them: median and 99th percentile per record (2 ms, 10 ms);
 *  - opening a 512-player event with every game of every round recorded
 *    and computing all its standings and the final placings (100 ms);
 *  - importing a list of 10,000 players, the CSV file read and every
 *    player registered in one action (issue 13: 0.5 s).
 * Not a timed test: it reports, for a person or a CI log to read.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ctd-tournament.h"
#include "ctd-import.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

#define N_RECORDS 1000
#define N_IMPORTED 10000

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static const char *
verdict (double value,
         double target)
{
  return value <= target ? "met" : "MISSED";
}

/* Times each of N_RECORDS results recorded into a fresh qualifying round. */
static gboolean
bench_records (const char  *dir,
               GError     **error)
{
  const CtdEventSettings settings = { (char *) "Bench", (char *) "2026-11-22", (char *) "", 100,
                                      2200, CTD_LAST_SEGMENT_HIGHEST_FIRST };
  g_autofree char *path = g_build_filename (dir, "records.chouette", NULL);
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  g_autofree double *ms = g_new (double, N_RECORDS);
  guint n = 0, round;
  CtdRng rng;

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < 360; i++)  /* 90 chouettes of 4: 1,080 games */
    {
      g_autofree char *name = g_strdup_printf ("Player %03u", i + 1);

      if (!ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, error))
        return FALSE;
    }
  if (!ctd_store_draw_round (store, 1, &round, error))
    return FALSE;

  ctd_rng_init (&rng, 1);
  for (guint c = 1; n < N_RECORDS; c++)
    {
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, c, error);

      if (chouette == NULL)
        return FALSE;
      for (guint game = 1; game <= CTD_N_GAMES && n < N_RECORDS; game++, n++)
        {
          CtdChouetteGame view;
          g_autofree char *notation = NULL;
          gint64 start;

          ctd_sample_view_game (chouette, game, &view);
          notation = ctd_sample_random_notation (&rng, &view.slot, 4);
          start = g_get_monotonic_time ();
          if (!ctd_store_record_game (store, round, c, game, notation, FALSE, error))
            return FALSE;
          ms[n] = (g_get_monotonic_time () - start) / 1000.0;
          if (!ctd_chouette_record (chouette, game, notation, error))
            return FALSE;
        }
    }
  qsort (ms, N_RECORDS, sizeof *ms, compare_doubles);
  printf ("record a result (%d, one transaction each, synchronous=FULL):\n", N_RECORDS);
  printf ("  median %7.3f ms   target   2 ms: %s\n", ms[N_RECORDS / 2],
          verdict (ms[N_RECORDS / 2], 2));
  printf ("  p99    %7.3f ms   target  10 ms: %s\n", ms[N_RECORDS * 99 / 100],
          verdict (ms[N_RECORDS * 99 / 100], 10));
  printf ("  max    %7.3f ms\n", ms[N_RECORDS - 1]);
  return TRUE;
}

/* Opens the event and computes every standing it has; returns ms. */
static double
open_and_rank (const char  *path,
               guint       *out_rounds,
               GError     **error)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(CtdStore) store = ctd_store_open (path, error);
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  guint final_round;

  if (store == NULL || (rounds = ctd_store_list_rounds (store, error)) == NULL)
    return -1;
  for (guint i = 0; i < rounds->len; i++)
    {
      g_autoptr(CtdStandings) standings =
        ctd_tournament_round_standings (store, g_array_index (rounds, CtdStoreRound, i).number, FALSE,
                                   error);

      if (standings == NULL)
        return -1;
    }
  placings = ctd_tournament_final_placings (store, &final_round, error);
  if (placings == NULL)
    return -1;
  *out_rounds = rounds->len;
  g_clear_pointer (&store, ctd_store_close);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static gboolean
bench_open (const char  *dir,
            GError     **error)
{
  g_autofree char *path = g_build_filename (dir, "open512.chouette", NULL);
  double runs[5];
  guint n_rounds = 0;
  gint64 start = g_get_monotonic_time ();

  if (!ctd_test_build_event (path, 512, 512, TRUE, error))
    return FALSE;
  printf ("open a 512-player event and compute all standings (built in %.1f s):\n",
          (g_get_monotonic_time () - start) / 1e6);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    if ((runs[i] = open_and_rank (path, &n_rounds, error)) < 0)
      return FALSE;
  printf ("  first  %7.1f ms (%u rounds and the placings)\n", runs[0], n_rounds);
  qsort (runs, G_N_ELEMENTS (runs), sizeof *runs, compare_doubles);
  printf ("  median %7.1f ms of %u   target 100 ms: %s\n", runs[G_N_ELEMENTS (runs) / 2],
          (guint) G_N_ELEMENTS (runs), verdict (runs[G_N_ELEMENTS (runs) / 2], 100));
  return TRUE;
}

/* Imports N_IMPORTED players, with clubs and IDs, into a new event. */
static gboolean
bench_import (const char  *dir,
              GError     **error)
{
  const CtdEventSettings settings = { (char *) "Bench", (char *) "2026-11-22", (char *) "", 100,
                                      2200, CTD_LAST_SEGMENT_HIGHEST_FIRST };
  g_autofree char *path = g_build_filename (dir, "import.chouette", NULL);
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  g_autoptr(GString) csv = g_string_new ("name,club,id\n");
  g_autoptr(CtdImportReport) report = NULL;
  gint64 start;
  double ms;

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < N_IMPORTED; i++)
    g_string_append_printf (csv, "Player %05u,Club %u,M-%u\n", i + 1, i % 40, i + 1);
  start = g_get_monotonic_time ();
  report = ctd_import_players (store, "players.csv", csv->str, csv->len, TRUE, error);
  if (report == NULL)
    return FALSE;
  ms = (g_get_monotonic_time () - start) / 1000.0;
  printf ("import %d players from CSV (one action, synchronous=FULL):\n", N_IMPORTED);
  printf ("  %u added in %7.1f ms   target 500 ms: %s\n", report->n_added, ms,
          verdict (ms, 500));
  if (report->n_added != N_IMPORTED)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the import added %u players of %d",
                   report->n_added, N_IMPORTED);
      return FALSE;
    }
  return TRUE;
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-bench-store-XXXXXX", &error);
  gboolean ok;

  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  ok = bench_records (dir, &error) && bench_open (dir, &error) && bench_import (dir, &error);
  if (!ok)
    fprintf (stderr, "bench-store: %s\n", error->message);
  ctd_test_remove_tree (dir);
  return ok ? 0 : 1;
}
