/* ctd-fuzz-event.c: an event file as the event harnesses read it.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One temporary file per process, and the reading of `show`, `rounds`,
 * `standings`, `sheet` and `export`: settings, players, every round's
 * chouettes, games, paper totals, hold-ups and standings, the audit log,
 * and each round's report model. Any of these may refuse the file with a
 * message; none may crash. The reading is bounded (rounds, chouettes) so
 * that one input stays within milliseconds.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "ctd-tournament.h"
#include "ctd-fuzz-event.h"
#include "ctd-fuzz.h"
#include "ctd-report.h"
#include "ctd-standings.h"
#include "ctd-store.h"

#define MAX_ROUNDS    4
#define MAX_CHOUETTES 16

static char *event_path;

/**
 * ctd_fuzz_event_remove:
 *
 * Removes the event file of ctd_fuzz_event_get_path() and its -wal,
 * -shm and -journal, so that the next input starts from nothing.
 */
void
ctd_fuzz_event_remove (void)
{
  const char *path = ctd_fuzz_event_get_path ();

  for (const char *const *suffix = (const char *const[]) { "", "-wal", "-shm", "-journal", NULL };
       *suffix != NULL; suffix++)
    {
      g_autofree char *file = g_strconcat (path, *suffix, NULL);

      g_unlink (file);
    }
}

static void
remove_dir (void)
{
  g_autofree char *dir = g_path_get_dirname (event_path);

  ctd_fuzz_event_remove ();
  g_rmdir (dir);
  g_clear_pointer (&event_path, g_free);
}

static void
read_round (CtdStore *store,
            guint     round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, &error);
  g_autoptr(GPtrArray) hold_ups = NULL;
  const CtdReportOptions options = { NULL, FALSE, FALSE, CTD_REPORT_PART_ALL };

  if (chouettes == NULL)
    {
      ctd_fuzz_check_refusal (error, 0);
      return;
    }
  for (guint i = 0; i < MIN (chouettes->len, MAX_CHOUETTES); i++)
    {
      const CtdStoreChouette *chouette = g_ptr_array_index (chouettes, i);
      g_autoptr(CtdChouette) loaded = NULL;
      g_autoptr(GPtrArray) games = NULL;
      CtdHalves paper[CTD_MAX_PLAYERS];
      gboolean given[CTD_MAX_PLAYERS];

      games = ctd_store_list_games (store, round, chouette->number, &error);
      if (games == NULL)
        {
          ctd_fuzz_check_refusal (error, 0);
          g_clear_error (&error);
        }
      loaded = ctd_store_load_chouette (store, round, chouette->number, &error);
      if (loaded == NULL)
        {
          ctd_fuzz_check_refusal (error, 0);
          g_clear_error (&error);
        }
      else
        {
          CtdHalves totals[CTD_MAX_PLAYERS];

          ctd_chouette_get_totals (loaded, totals);
          g_free (ctd_chouette_describe_last_segment_order (loaded));
        }
      if (!ctd_store_get_crosscheck (store, round, chouette->number, paper, given, &error))
        {
          ctd_fuzz_check_refusal (error, 0);
          g_clear_error (&error);
        }
    }

  hold_ups = ctd_store_list_hold_ups (store, round, &error);
  if (hold_ups == NULL)
    {
      ctd_fuzz_check_refusal (error, 0);
      g_clear_error (&error);
    }
  else
    for (guint i = 0; i < hold_ups->len; i++)
      g_free (ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, i)));

  for (guint public_view = 0; public_view < 2; public_view++)
    {
      g_autoptr(CtdStandings) standings = ctd_tournament_round_standings (store, round, public_view,
                                                                     &error);

      if (standings == NULL)
        {
          ctd_fuzz_check_refusal (error, 0);
          g_clear_error (&error);
        }
      else
        for (gsize r = 0; r < ctd_standings_get_n_rows (standings); r++)
          ctd_standings_get_row (standings, r);
    }

  /* One round's sheets and standings, as `export --round` models them
   * (writing the PDF or XLSX is not reading the file). */
  {
    g_autoptr(CtdSheetDoc) doc = ctd_report_round (store, round, &options, &error);

    if (doc == NULL)
      ctd_fuzz_check_refusal (error, 0);
  }
}

static void
read_event (CtdStore *store)
{
  g_auto(CtdEventSettings) settings = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  g_autoptr(GDateTime) closed = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;

  if (!ctd_store_get_settings (store, &settings, &error))
    {
      ctd_fuzz_check_refusal (error, 0);
      return;
    }
  closed = ctd_store_get_closed (store, &error);
  g_clear_error (&error);
  players = ctd_store_list_players (store, &error);
  if (players == NULL)
    {
      ctd_fuzz_check_refusal (error, 0);
      return;
    }
  for (guint i = 0; i < MIN (players->len, 4); i++)
    {
      g_autofree char *described = ctd_store_describe_player (
        store, ((CtdStorePlayer *) g_ptr_array_index (players, i))->id, &error);

      if (described == NULL)
        {
          ctd_fuzz_check_refusal (error, 0);
          g_clear_error (&error);
        }
    }
  rounds = ctd_store_list_rounds (store, &error);
  if (rounds == NULL)
    {
      ctd_fuzz_check_refusal (error, 0);
      return;
    }
  for (guint i = 0; i < MIN (rounds->len, MAX_ROUNDS); i++)
    read_round (store, g_array_index (rounds, CtdStoreRound, i).number);

  audit = ctd_store_list_audit (store, &error);
  if (audit == NULL)
    {
      ctd_fuzz_check_refusal (error, 0);
      g_clear_error (&error);
    }
  if (!ctd_store_get_history (store, &undo, &redo, &error))
    ctd_fuzz_check_refusal (error, 0);
}

/**
 * ctd_fuzz_event_get_path:
 *
 * Returns: (transfer none): the path of this process's event file, in a
 *   temporary folder removed at exit
 */
const char *
ctd_fuzz_event_get_path (void)
{
  g_autoptr(GError) error = NULL;

  if (event_path == NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("ctd-fuzz-event-XXXXXX", &error);

      ctd_fuzz_check (dir != NULL, "no temporary folder: %s", error->message);
      event_path = g_build_filename (dir, "event.chouette", NULL);
      atexit (remove_dir);
    }
  return event_path;
}

/**
 * ctd_fuzz_event_read:
 *
 * Opens ctd_fuzz_event_get_path() read-only and, when it opens, reads it
 * as the read commands do; then removes it.
 */
void
ctd_fuzz_event_read (void)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_open_read_only (ctd_fuzz_event_get_path (), &error);

  if (store == NULL)
    ctd_fuzz_check_refusal (error, 0);
  else
    {
      read_event (store);
      ctd_store_close (store);
    }
  ctd_fuzz_event_remove ();
}
