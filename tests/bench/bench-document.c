/* bench-document.c: how fast the live document tells a window.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-document
 *
 * On a 512-player event (128 qualifying chouettes, every game recorded),
 * a result is recorded through the document again and again, and this
 * prints (issue 8's targets beside each figure):
 *  - the time from the store having committed the game to the "changed"
 *    signal (1 ms), and the whole call for comparison;
 *  - the time from the record call to an open chouette page's view
 *    (CtdChouetteView) having updated its games model (16 ms);
 *  - the time to reload the round's standings list after it (5 ms).
 * Not a timed test: it reports, for a person or a CI log to read.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-enum-types.h"
#include "ctd-tournament.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

#define N_RUNS 200

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
print_target (double median,
              double target)
{
  printf ("   target %g ms: %s\n", target, median <= target ? "met" : "MISSED");
}

/* Sorts @ms, prints its median and p99, and returns the median. */
static double
print_figure (const char *what,
              double     *ms,
              guint       n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  printf ("  %-44s median %7.3f ms  p99 %7.3f ms", what, ms[n / 2], ms[n * 99 / 100]);
  return ms[n / 2];
}

typedef struct
{
  gint64 committed;  /* when the store's commit returned */
  gint64 signalled;
  gint64 viewed;     /* when a chouette view said it was up to date */
} Clock;

static void
changed_cb (CtdDocument *document,
            CtdChange    what,
            guint        round,
            guint        chouette,
            Clock       *clock)
{
  clock->signalled = g_get_monotonic_time ();
}

/* A view emits "changed" once its games model and properties are up
 * to date: what a page waits for. */
static void
view_changed_cb (CtdChouetteView *view,
                 Clock           *clock)
{
  clock->viewed = g_get_monotonic_time ();
}

/* Clears and records game 12 of chouette @c again, timing the record. */
static gboolean
record_again (CtdDocument  *document,
              guint         c,
              const char   *line,
              gint64       *out_start,
              GError      **error)
{
  if (!ctd_document_clear_game (document, 1, c, CTD_N_GAMES, error))
    return FALSE;
  *out_start = g_get_monotonic_time ();
  return ctd_document_record_game (document, 1, c, CTD_N_GAMES, line, FALSE, error);
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-bench-document-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *to_signal = g_new (double, N_RUNS);
  g_autofree double *whole = g_new (double, N_RUNS);
  g_autofree double *with_list = g_new (double, N_RUNS);
  g_autofree double *standings_call = g_new (double, N_RUNS);
  g_autofree double *to_view = g_new (double, N_RUNS);
  g_autoptr(GPtrArray) chouettes = NULL;
  GListModel *standings;
  Clock clock = { 0, };
  double whole_median;
  gboolean ok = FALSE;

  if (dir == NULL)
    goto out;
  path = g_build_filename (dir, "doc512.chouette", NULL);
  if (!ctd_test_build_event (path, 512, 512, FALSE, &error) ||
      (document = ctd_document_open (path, &error)) == NULL ||
      (chouettes = ctd_store_list_chouettes (ctd_document_get_store (document), 1,
                                             &error)) == NULL)
    goto out;
  /* Each chouette's own game 12, recorded again as it was. */
  for (guint c = 1; c <= chouettes->len; c++)
    {
      g_autoptr(GPtrArray) games = ctd_store_list_games (ctd_document_get_store (document), 1,
                                                         c, &error);
      const CtdStoreGame *last;

      if (games == NULL)
        goto out;
      last = g_ptr_array_index (games, games->len - 1);
      g_ptr_array_add (lines, g_strdup (last->entered));
    }
  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &clock);

  printf ("record a result through the document, 512-player event (%u chouettes):\n",
          chouettes->len);
  for (guint i = 0; i < N_RUNS; i++)
    {
      guint c = 1 + i % chouettes->len;
      gint64 start;

      if (!record_again (document, c, g_ptr_array_index (lines, c - 1), &start, &error))
        goto out;
      whole[i] = (clock.signalled - start) / 1000.0;
      /* The commit's share: the same store call alone, without the
       * document, measured right after on the same game. */
      if (!ctd_store_clear_game (ctd_document_get_store (document), 1, c, CTD_N_GAMES, &error))
        goto out;
      start = g_get_monotonic_time ();
      if (!ctd_store_record_game (ctd_document_get_store (document), 1, c, CTD_N_GAMES,
                                  g_ptr_array_index (lines, c - 1), FALSE, &error))
        goto out;
      clock.committed = g_get_monotonic_time ();
      to_signal[i] = whole[i] - (clock.committed - start) / 1000.0;
      /* Let the document announce the two store calls before the next run. */
      ctd_document_check_for_changes (document);
    }
  print_target (print_figure ("commit -> \"changed\" (no list open)", to_signal, N_RUNS), 1);
  whole_median = print_figure ("record call -> \"changed\" (no list open)", whole, N_RUNS);
  printf ("\n");

  /* With the chouettes' pages open (as after a director visited each),
   * the view of the chouette recorded refreshes after the signal. */
  for (guint c = 1; c <= chouettes->len; c++)
    {
      CtdChouetteView *view = ctd_document_get_chouette_view (document, 1, c, &error);

      if (view == NULL)
        goto out;
      g_signal_connect (view, "changed", G_CALLBACK (view_changed_cb), &clock);
    }
  for (guint i = 0; i < N_RUNS; i++)
    {
      guint c = 1 + i % chouettes->len;
      gint64 start;

      if (!record_again (document, c, g_ptr_array_index (lines, c - 1), &start, &error))
        goto out;
      if (clock.viewed < start)
        {
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_FAILED, "chouette 1.%u's view did not "
                       "follow the recorded game", c);
          goto out;
        }
      to_view[i] = (clock.viewed - start) / 1000.0;
    }
  printf ("with every chouette's page view open (%u views):\n", chouettes->len);
  print_target (print_figure ("record call -> chouette view updated", to_view, N_RUNS), 16);
  printf ("\n");

  /* With the round's standings open, the document reloads them between
   * the commit and the signal: the reload is the difference. */
  standings = ctd_document_get_standings (document, 1, FALSE);
  for (guint i = 0; i < N_RUNS; i++)
    {
      guint c = 1 + i % chouettes->len;
      g_autoptr(CtdStandings) computed = NULL;
      gint64 start;

      if (!record_again (document, c, g_ptr_array_index (lines, c - 1), &start, &error))
        goto out;
      with_list[i] = (clock.signalled - start) / 1000.0;
      start = g_get_monotonic_time ();
      computed = ctd_tournament_round_standings (ctd_document_get_store (document), 1, FALSE, &error);
      if (computed == NULL)
        goto out;
      standings_call[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  printf ("with round 1's standings list open (%u rows):\n",
          g_list_model_get_n_items (standings));
  print_target (print_figure ("record call -> \"changed\" (list reloaded)", with_list, N_RUNS)
                - whole_median, 5);
  printf ("  (the target is for the reload: the difference of the two medians)\n");
  print_figure ("ctd_tournament_round_standings alone", standings_call, N_RUNS);
  printf ("\n");
  ok = TRUE;

out:
  if (!ok)
    fprintf (stderr, "bench-document: %s\n", error != NULL ? error->message : "no folder");
  g_clear_object (&document);
  if (dir != NULL)
    ctd_test_remove_tree (dir);
  return ok ? 0 : 1;
}
