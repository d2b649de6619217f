/* test-sample.c: whole events played through core, and the shipped sample.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-tournament.h"
#include "ctd-result.h"
#include "ctd-sample.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

/* The lines the samples, the crash test and the benchmarks are played
 * with: every one legal, and the rarer tokens among them. */
static void
test_random_notation_generator (void **state G_GNUC_UNUSED)
{
  CtdRng rng;
  guint n_extras = 0, n_penalties = 0, n_adjustments = 0, n_plain = 0;

  ctd_rng_init (&rng, 2026);
  for (guint i = 0; i < 4000; i++)
    {
      guint size = 3 + (guint) ctd_rng_uniform (&rng, 2);
      guint game = 1 + (guint) ctd_rng_uniform (&rng, CTD_N_GAMES);
      const CtdHalves even[CTD_MAX_PLAYERS] = { 0 };
      guint order[CTD_MAX_PLAYERS - 1];
      CtdGameSlot slot;
      CtdGameContext context;
      g_autofree char *line = NULL;
      g_autofree char *again = NULL;
      g_autoptr(CtdResult) result = NULL;
      g_autoptr(GError) error = NULL;

      ctd_schedule_last_segment_order (size, even, CTD_LAST_SEGMENT_HIGHEST_FIRST, order);
      ctd_schedule_slot (size, game, order, &slot);
      context = (CtdGameContext) { game, size, slot.box, slot.captain, slot.cube_start };
      line = ctd_sample_random_notation (&rng, &slot, size);
      result = ctd_result_parse (&context, line, &error);
      if (result == NULL)
        fail_msg ("'%s' was refused: %s", line, error->message);
      again = ctd_result_format (result);
      assert_string_equal (again, line);
      n_extras += result->n_extras > 0;
      n_penalties += result->n_penalties > 0;
      n_adjustments += result->n_adjustments > 0;
      n_plain += g_str_equal (line, "T") || g_str_equal (line, "B");
    }
  /* About 1 in 18 lines has an extra, 1 in 20 a penalty (1 in 8 asks
   * for one, given when a crew member is out of the game: rule 2.5), 1
   * in 16 an adjustment; fewer than 1 in 10 is a bare "T" or "B" (its
   * fallback). */
  assert_true (n_extras > 150);
  assert_true (n_penalties > 150);
  assert_true (n_adjustments > 100);
  assert_true (n_plain < 400);
}

/* Every game of every chouette of the event, in order, as one text. */
static char *
describe_games (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);
  g_autoptr(GString) text = g_string_new (NULL);

  assert_non_null (rounds);
  for (guint r = 0; r < rounds->len; r++)
    {
      guint round = g_array_index (rounds, CtdStoreRound, r).number;
      g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, &error);

      assert_non_null (chouettes);
      for (guint c = 0; c < chouettes->len; c++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);
          g_autoptr(GPtrArray) games = ctd_store_list_games (store, round, seats->number, &error);

          assert_non_null (games);
          g_string_append_printf (text, "%u.%u:", round, seats->number);
          for (guint k = 0; k < seats->size; k++)
            g_string_append_printf (text, " %s", seats->names[k]);
          g_string_append_c (text, '\n');
          for (guint g = 0; g < games->len; g++)
            {
              const CtdStoreGame *game = g_ptr_array_index (games, g);

              g_string_append_printf (text, "  %u %s\n", game->game, game->canonical);
            }
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The sample a director opens from the welcome view is a finished
 * event: its 26 players, every round complete with every game and every
 * paper sheet's totals, the final released with 1st to 4th. */
static void
test_shipped_sample (void **state)
{
  Fixture *fixture = *state;
  const CtdSampleOptions *shipped = ctd_sample_get_shipped ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autofree char *wal = g_strconcat (fixture->path, "-wal", NULL);
  g_autofree char *bytes = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  gsize length;
  guint final_round = 0;

  assert_true (ctd_sample_write_event (fixture->path, shipped, &error));
  assert_null (error);

  /* One self-contained file, not in WAL mode (header bytes 18 and 19),
   * and nothing else left in the folder. */
  assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  assert_true (g_file_get_contents (fixture->path, &bytes, &length, NULL));
  assert_true (length > 100);
  assert_memory_equal (bytes, "SQLite format 3", 16);
  assert_int_equal (bytes[18], 1);
  assert_int_equal (bytes[19], 1);
  {
    g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (dir) != NULL)
      n++;
    assert_int_equal (n, 1);
  }

  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.name, "Riverside Chouette Open");
  assert_true (settings.stake_cents > 0);
  assert_true (settings.entry_fee_cents >= 20 * settings.stake_cents);

  players = ctd_store_list_players (store, &error);
  assert_non_null (players);
  assert_int_equal (players->len, 26);

  /* Qualifying, semi-final, final: every chouette has its 12 games and
   * its paper totals, which agree; nothing holds a round up. */
  rounds = ctd_store_list_rounds (store, &error);
  assert_non_null (rounds);
  assert_int_equal (rounds->len, 3);
  for (guint r = 0; r < rounds->len; r++)
    {
      const CtdStoreRound *info = &g_array_index (rounds, CtdStoreRound, r);
      g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, info->number, &error);
      g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (store, info->number, &error);

      assert_int_equal (info->stage, r == 0 ? CTD_STAGE_QUALIFYING
                                     : r == 1 ? CTD_STAGE_SEMIFINAL : CTD_STAGE_FINAL);
      assert_int_equal (info->state, r + 1 < rounds->len ? CTD_ROUND_CLOSED : CTD_ROUND_RELEASED);
      assert_non_null (hold_ups);
      assert_int_equal (hold_ups->len, 0);
      assert_non_null (chouettes);
      assert_int_equal (chouettes->len, info->n_chouettes);
      for (guint c = 0; c < chouettes->len; c++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);
          g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, info->number,
                                                                     seats->number, &error);
          CtdHalves paper[CTD_MAX_PLAYERS], totals[CTD_MAX_PLAYERS];
          gboolean given[CTD_MAX_PLAYERS];

          assert_non_null (chouette);
          assert_true (ctd_chouette_is_complete (chouette));
          assert_int_equal (ctd_chouette_get_n_recorded (chouette), CTD_N_GAMES);
          assert_true (ctd_store_get_crosscheck (store, info->number, seats->number, paper,
                                                 given, &error));
          ctd_chouette_get_totals (chouette, totals);
          for (guint p = 0; p < seats->size; p++)
            {
              assert_true (given[p]);
              assert_int_equal (paper[p], totals[p]);
            }
        }
    }
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_chouettes, 7);

  /* The final's placings are 1st, 2nd, 3rd and 4th, no tie left. */
  placings = ctd_tournament_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (final_round, 3);
  assert_int_equal (ctd_standings_get_n_rows (placings), 4);
  for (gsize i = 0; i < 4; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (placings, i);

      assert_int_equal (row->rank, i + 1);
      assert_false (row->needs_rolloff);
    }

  /* The audit log tells the day of the event, not the day of the build. */
  audit = ctd_store_list_audit (store, &error);
  assert_non_null (audit);
  assert_true (audit->len > 100);
  for (guint i = 0; i < audit->len; i++)
    {
      const CtdStoreAuditEntry *entry = g_ptr_array_index (audit, i);

      assert_true (g_str_has_prefix (entry->time, settings.date));
    }
}

/* The same options make the same file, byte for byte (the build ships
 * what it made); another seed makes another event. */
static void
test_same_seed_same_event (void **state)
{
  Fixture *fixture = *state;
  const CtdSampleOptions *shipped = ctd_sample_get_shipped ();
  CtdSampleOptions other = *shipped;
  g_autofree char *again = g_build_filename (fixture->dir, "again.chouette", NULL);
  g_autofree char *reseeded = g_build_filename (fixture->dir, "reseeded.chouette", NULL);
  g_autofree char *live = g_build_filename (fixture->dir, "live.chouette", NULL);
  g_autofree char *first = NULL, *second = NULL;
  g_autofree char *games = NULL, *games_again = NULL, *games_reseeded = NULL;
  g_autoptr(GError) error = NULL;
  gsize first_length, second_length;

  assert_true (ctd_sample_write_event (fixture->path, shipped, &error));
  assert_true (ctd_sample_write_event (again, shipped, &error));
  assert_true (g_file_get_contents (fixture->path, &first, &first_length, NULL));
  assert_true (g_file_get_contents (again, &second, &second_length, NULL));
  assert_int_equal (first_length, second_length);
  assert_memory_equal (first, second, first_length);

  /* Written again over itself: the build's second run replaces it. */
  assert_true (ctd_sample_write_event (again, shipped, &error));

  /* The live event (as the tests and benchmarks build it) has the same
   * games; another seed, other games. */
  other.seed++;
  assert_true (ctd_sample_build_event (live, shipped, &error));
  assert_true (ctd_sample_write_event (reseeded, &other, &error));
  {
    g_autoptr(CtdStore) a = ctd_store_open (fixture->path, &error);
    g_autoptr(CtdStore) b = ctd_store_open (live, &error);
    g_autoptr(CtdStore) c = ctd_store_open (reseeded, &error);

    assert_non_null (a);
    assert_non_null (b);
    assert_non_null (c);
    games = describe_games (a);
    games_again = describe_games (b);
    games_reseeded = describe_games (c);
  }
  assert_string_equal (games, games_again);
  assert_string_not_equal (games, games_reseeded);
}

/* A sample that cannot be made leaves nothing: not the file, not the
 * working folder beside it. */
static void
test_failure_leaves_nothing (void **state)
{
  Fixture *fixture = *state;
  const CtdNewPlayer five[] = { { "A", NULL, NULL }, { "B", NULL, NULL }, { "C", NULL, NULL },
                                { "D", NULL, NULL }, { "E", NULL, NULL } };
  CtdSampleOptions options = *ctd_sample_get_shipped ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;

  /* Five players cannot be drawn into chouettes of 3 to 7 (rule 1.3). */
  options.players = five;
  options.n_players = G_N_ELEMENTS (five);
  assert_false (ctd_sample_build_event (fixture->path, &options, &error));
  assert_non_null (error);
  g_clear_error (&error);
  assert_false (ctd_sample_write_event (fixture->path, &options, &error));
  assert_non_null (error);
  g_clear_error (&error);

  options = *ctd_sample_get_shipped ();
  options.log_start = "the morning";
  assert_false (ctd_sample_write_event (fixture->path, &options, &error));
  assert_true (g_error_matches (error, CTD_SAMPLE_ERROR, CTD_SAMPLE_ERROR_INVALID));

  dir = g_dir_open (fixture->dir, 0, NULL);
  assert_null (g_dir_read_name (dir));
}

/* ctd_store_write_copy(): a live event (in WAL mode, with its log)
 * becomes one plain file with the same records; it never writes over a
 * file, and leaves the event as it was. */
static void
test_write_copy (void **state)
{
  Fixture *fixture = *state;
  const CtdEventSettings settings = { .name = (char *) "Copy Open", .date = (char *) "",
                                      .venue = (char *) "" };
  g_autofree char *copy = g_build_filename (fixture->dir, "copy.chouette", NULL);
  g_autofree char *copy_wal = g_strconcat (copy, "-wal", NULL);
  g_autofree char *retimed = g_build_filename (fixture->dir, "retimed.chouette", NULL);
  g_autoptr(GDateTime) start = g_date_time_new_utc (2026, 5, 16, 9, 30, 0);
  g_autoptr(CtdStore) store = ctd_store_create (fixture->path, &settings, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  gsize kept_length;

  assert_non_null (store);
  assert_true (ctd_store_add_player (store, "Zoë", "Riga", NULL, TRUE, NULL, &error));
  assert_true (ctd_store_add_player (store, "Ann", NULL, NULL, TRUE, NULL, &error));

  assert_true (ctd_store_write_copy (store, copy, NULL, 0, &error));
  assert_false (g_file_test (copy_wal, G_FILE_TEST_EXISTS));
  {
    g_autoptr(CtdStore) read = ctd_store_open_read_only (copy, &error);
    g_autoptr(GPtrArray) players = NULL;
    g_autoptr(GPtrArray) audit = NULL;
    g_autoptr(GPtrArray) original = ctd_store_list_audit (store, &error);

    assert_non_null (read);
    players = ctd_store_list_players (read, &error);
    assert_int_equal (players->len, 2);
    audit = ctd_store_list_audit (read, &error);
    assert_int_equal (audit->len, 3);
    /* Without a start, the times are the event's own. */
    for (guint i = 0; i < audit->len; i++)
      assert_string_equal (((CtdStoreAuditEntry *) g_ptr_array_index (audit, i))->time,
                           ((CtdStoreAuditEntry *) g_ptr_array_index (original, i))->time);
  }

  /* Never over a file: the one there keeps its bytes. */
  assert_true (g_file_get_contents (copy, &kept, &kept_length, NULL));
  assert_false (ctd_store_write_copy (store, copy, NULL, 0, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_EXISTS));
  g_clear_error (&error);
  {
    g_autofree char *now = NULL;
    gsize now_length;

    assert_true (g_file_get_contents (copy, &now, &now_length, NULL));
    assert_int_equal (now_length, kept_length);
    assert_memory_equal (now, kept, kept_length);
  }

  /* Re-timed: entry N at the start plus N - 1 steps; the event itself
   * keeps its times. */
  assert_true (ctd_store_write_copy (store, retimed, start, 3 * G_TIME_SPAN_MINUTE, &error));
  {
    g_autoptr(CtdStore) read = ctd_store_open_read_only (retimed, &error);
    g_autoptr(GPtrArray) audit = ctd_store_list_audit (read, &error);
    g_autoptr(GPtrArray) original = ctd_store_list_audit (store, &error);

    assert_int_equal (audit->len, 3);
    assert_string_equal (((CtdStoreAuditEntry *) g_ptr_array_index (audit, 0))->time,
                         "2026-05-16T09:30:00.000Z");
    assert_string_equal (((CtdStoreAuditEntry *) g_ptr_array_index (audit, 2))->time,
                         "2026-05-16T09:36:00.000Z");
    assert_false (g_str_has_prefix (((CtdStoreAuditEntry *) g_ptr_array_index (original, 0))->time,
                                    "2026-05-16T09:30"));
  }
}

/* The window's copy of the sample: a new file each time, never over
 * one a director kept, in a folder made when missing. */
static void
test_save_new (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GBytes) contents = g_bytes_new_static ("event", 5);
  g_autofree char *dir = g_build_filename (fixture->dir, "data", "chouette-td", NULL);
  g_autofree char *first = NULL, *second = NULL, *third = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;

  first = ctd_sample_save_new (contents, dir, "Sample event", &error);
  assert_non_null (first);
  assert_string_equal (strrchr (first, G_DIR_SEPARATOR) + 1, "Sample event.chouette");
  /* The director played with the first copy: it stays as it is. */
  assert_true (g_file_set_contents (first, "played", -1, NULL));
  second = ctd_sample_save_new (contents, dir, "Sample event", &error);
  assert_non_null (second);
  assert_string_equal (strrchr (second, G_DIR_SEPARATOR) + 1, "Sample event (2).chouette");
  third = ctd_sample_save_new (contents, dir, "Sample event", &error);
  assert_string_equal (strrchr (third, G_DIR_SEPARATOR) + 1, "Sample event (3).chouette");
  assert_true (g_file_get_contents (first, &kept, NULL, NULL));
  assert_string_equal (kept, "played");
  g_clear_pointer (&kept, g_free);
  assert_true (g_file_get_contents (third, &kept, NULL, NULL));
  assert_string_equal (kept, "event");

  /* A folder that cannot be made is said so. */
  {
    g_autofree char *blocked = g_build_filename (first, "below", NULL);
    g_autofree char *none = ctd_sample_save_new (contents, blocked, "Sample event", &error);

    assert_null (none);
    assert_non_null (error);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_random_notation_generator),
    cmocka_unit_test_setup_teardown (test_shipped_sample, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_same_seed_same_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_failure_leaves_nothing, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_write_copy, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_save_new, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
