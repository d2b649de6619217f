/* make-event-seed.c: the small event the event-file harness starts from.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: make-event-seed OUT.chouette. Eight players, the qualifying
 * round drawn, a few games of each chouette recorded, one paper total
 * typed: every table a read command reads holds rows. Made at build time
 * by the code of the build, so the seed follows the schema and no
 * binary file is committed.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "ctd-sample.h"
#include "ctd-schedule.h"
#include "ctd-store.h"

#define N_PLAYERS 8

static gboolean
make_event (const char  *path,
            const char  *out,
            GError     **error)
{
  const CtdEventSettings settings = { (char *) "Fuzz seed", (char *) "2026-05-16",
                                      (char *) "Club", 100, 2200,
                                      CTD_LAST_SEGMENT_HIGHEST_FIRST, CTD_SHEET_PAPER_A4 };
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  g_autoptr(GPtrArray) chouettes = NULL;
  CtdRng rng;
  guint round;

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      if (!ctd_store_add_player (store, name, i % 2 == 0 ? "Club" : NULL, NULL, TRUE, NULL,
                                 error))
        return FALSE;
    }
  if (!ctd_store_draw_round (store, 8, &round, error) ||
      (chouettes = ctd_store_list_chouettes (store, round, error)) == NULL)
    return FALSE;
  ctd_rng_init (&rng, 8);
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);

      /* Games whose Box and Captain never depend on the scores. */
      for (guint game = 1; game <= 3 + c; game++)
        {
          g_autofree char *notation = NULL;
          CtdGameSlot slot;

          ctd_schedule_slot (chouette->size, game, NULL, &slot);
          notation = ctd_sample_random_notation (&rng, &slot, chouette->size);
          if (!ctd_store_record_game (store, round, chouette->number, game, notation, FALSE,
                                      error))
            return FALSE;
        }
    }
  /* Chouette 1's paper totals, typed as they agree with its games. */
  {
    g_autoptr(CtdChouette) first = ctd_store_load_chouette (store, round, 1, error);
    CtdHalves paper[CTD_MAX_PLAYERS] = { 0 };
    gboolean given[CTD_MAX_PLAYERS] = { FALSE };

    if (first == NULL)
      return FALSE;
    for (guint p = 0; p < ctd_chouette_get_size (first); p++)
      given[p] = TRUE;
    ctd_chouette_get_totals (first, paper);
    if (!ctd_store_set_crosscheck (store, round, 1, paper, given, error))
      return FALSE;
  }
  return ctd_store_write_copy (store, out, NULL, 0, error);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  gboolean ok;

  if (argc != 2)
    {
      g_printerr ("usage: %s OUT.chouette\n", argv[0]);
      return 2;
    }
  dir = g_dir_make_tmp ("ctd-fuzz-seed-XXXXXX", &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  path = g_build_filename (dir, "seed.chouette", NULL);
  g_unlink (argv[1]);
  ok = make_event (path, argv[1], &error);
  for (const char *const *suffix = (const char *const[]) { "", "-wal", "-shm", NULL };
       *suffix != NULL; suffix++)
    {
      g_autofree char *file = g_strconcat (path, *suffix, NULL);

      g_unlink (file);
    }
  g_rmdir (dir);
  if (!ok)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}
