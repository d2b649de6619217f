/* test-store.c: the event file, its refusals, actions, audit and undo.
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
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "ctd-advance.h"
#include "ctd-event.h"
#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

/* The hand-worked 4-player sheet of tests/test-chouette.c; games 5 and 9
 * hold taken extras, whose ledgers schema 1 may have written stale. */
static const char *const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 E:1>3:8",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:8 4:4- E:4>1:8+",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

static const CtdEventSettings default_settings = {
  .name = (char *) "Spring Chouette",
  .date = (char *) "2026-05-17",
  .venue = (char *) "Club house",
  .stake_cents = 100,
  .entry_fee_cents = 2200,
  .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
};

static CtdStore *
create_default (const Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_create (fixture->path, &default_settings, &error);

  if (error != NULL)
    fail_msg ("%s", error->message);
  assert_non_null (store);
  return store;
}

/* Every table's rows as text, read through a separate connection: two
 * dumps are equal exactly when the file holds the same records. With
 * @records_only, the audit tables (which grow with every action, undo
 * included) are left out. */
static char *
dump (const char *path,
      gboolean    records_only)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *tables = NULL;

  assert_int_equal (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table' "
                                        "ORDER BY name", -1, &tables, NULL), SQLITE_OK);
  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (tables, 0);
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY rowid", table);
      sqlite3_stmt *rows = NULL;

      if (records_only && (g_str_has_prefix (table, "audit") || g_str_has_prefix (table, "sqlite_")))
        continue;
      g_string_append_printf (out, "[%s]\n", table);
      assert_int_equal (sqlite3_prepare_v2 (db, sql, -1, &rows, NULL), SQLITE_OK);
      while (sqlite3_step (rows) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (rows); c++)
            g_string_append_printf (out, "%d:%s|", sqlite3_column_type (rows, c),
                                    (const char *) sqlite3_column_text (rows, c));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (rows);
    }
  sqlite3_finalize (tables);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

static char *
read_bytes (const char *path,
            gsize      *out_length)
{
  char *contents = NULL;

  assert_true (g_file_get_contents (path, &contents, out_length, NULL));
  return contents;
}

/* A refused open must leave the file byte for byte as it was. */
static void
assert_open_refused (const char *path,
                     int         code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length = 0, after_length = 0;
  CtdStore *store;

  before = read_bytes (path, &before_length);
  store = ctd_store_open (path, &error);
  assert_null (store);
  assert_non_null (error);
  assert_true (error->domain == CTD_STORE_ERROR);
  if (error->code != code)
    fail_msg ("expected code %d, got %d: %s", code, error->code, error->message);
  /* The message names the file. */
  assert_non_null (strstr (error->message, "event.chouette"));
  after = read_bytes (path, &after_length);
  assert_int_equal (before_length, after_length);
  assert_memory_equal (before, after, before_length);
}

static CtdStorePlayer *
find_player (GPtrArray *players,
             gint64     id)
{
  for (guint i = 0; i < players->len; i++)
    if (((CtdStorePlayer *) g_ptr_array_index (players, i))->id == id)
      return g_ptr_array_index (players, i);
  return NULL;
}

static CtdStoreAuditEntry *
last_audit (CtdStore *store)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);
  CtdStoreAuditEntry *last;

  assert_non_null (entries);
  assert_true (entries->len > 0);
  last = g_ptr_array_steal_index (entries, entries->len - 1);
  return last;
}

static guint
audit_length (CtdStore *store)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);

  return entries->len;
}

/* Everything the store's listings say about the event, as text: two
 * listings are equal when a window would show the same event. */
static char *
listing (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, &error);
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);
  GString *out = g_string_new (NULL);

  assert_non_null (players);
  assert_non_null (rounds);
  for (guint i = 0; i < players->len; i++)
    {
      CtdStorePlayer *p = g_ptr_array_index (players, i);
      g_string_append_printf (out, "player %" G_GINT64_FORMAT " %s %s %s %d %d\n", p->id,
                              p->name, p->club ? p->club : "-", p->member_id ? p->member_id : "-",
                              p->checked_in, p->withdrawn);
    }
  for (guint r = 0; r < rounds->len; r++)
    {
      CtdStoreRound *round = &g_array_index (rounds, CtdStoreRound, r);
      g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round->number, &error);
      g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, round->number, &error);
      g_autoptr(GArray) advancers = ctd_store_list_advancers (store, round->number, &error);

      g_string_append_printf (out, "round %u %s %" G_GUINT64_FORMAT " %s %u %d %d\n",
                              round->number, ctd_stage_to_string (round->stage), round->seed,
                              ctd_round_state_to_string (round->state), round->n_chouettes,
                              round->top_k, round->wildcards);
      for (guint c = 0; c < chouettes->len; c++)
        {
          CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);
          g_autoptr(GPtrArray) games = ctd_store_list_games (store, round->number,
                                                             chouette->number, &error);
          CtdHalves paper[CTD_MAX_PLAYERS];
          gboolean given[CTD_MAX_PLAYERS];

          g_string_append_printf (out, " chouette %u table %u size %u fixed %d [%u %u %u]",
                                  chouette->number, chouette->table, chouette->size,
                                  chouette->order_fixed, chouette->last_order[0],
                                  chouette->last_order[1], chouette->last_order[2]);
          for (guint k = 0; k < chouette->size; k++)
            g_string_append_printf (out, " %" G_GINT64_FORMAT, chouette->players[k]);
          assert_true (ctd_store_get_crosscheck (store, round->number, chouette->number, paper,
                                                 given, &error));
          for (guint k = 0; k < chouette->size; k++)
            g_string_append_printf (out, given[k] ? " =%" G_GINT64_FORMAT : " =?", paper[k]);
          g_string_append_c (out, '\n');
          for (guint g = 0; g < games->len; g++)
            {
              CtdStoreGame *game = g_ptr_array_index (games, g);
              g_string_append_printf (out, "  game %u “%s” %s\n", game->game, game->entered,
                                      game->canonical);
            }
        }
      for (guint i = 0; i < rolloffs->len; i++)
        {
          GArray *order = g_ptr_array_index (rolloffs, i);
          g_string_append (out, " rolloff");
          for (guint k = 0; k < order->len; k++)
            g_string_append_printf (out, " %" G_GINT64_FORMAT, g_array_index (order, gint64, k));
          g_string_append_c (out, '\n');
        }
      for (guint i = 0; i < advancers->len; i++)
        g_string_append_printf (out, " advancer %" G_GINT64_FORMAT "\n",
                                g_array_index (advancers, gint64, i));
    }
  return g_string_free (out, FALSE);
}

/* The exact records and what the listings show, to compare a state of
 * the event with an earlier one. */
typedef struct
{
  char *rows;
  char *shown;
} Snapshot;

static Snapshot
snapshot_take (CtdStore *store)
{
  Snapshot snapshot = { dump (ctd_store_get_path (store), TRUE), listing (store) };
  return snapshot;
}

static void
snapshot_clear (Snapshot *snapshot)
{
  g_clear_pointer (&snapshot->rows, g_free);
  g_clear_pointer (&snapshot->shown, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Snapshot, snapshot_clear)

static void
assert_state (CtdStore       *store,
              const Snapshot *expected)
{
  g_auto(Snapshot) now = snapshot_take (store);

  assert_string_equal (now.shown, expected->shown);
  assert_string_equal (now.rows, expected->rows);
}

static void
assert_history (CtdStore   *store,
                const char *undo,
                const char *redo)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got_undo = NULL;
  g_autofree char *got_redo = NULL;

  assert_true (ctd_store_get_history (store, &got_undo, &got_redo, &error));
  if (g_strcmp0 (got_undo, undo) != 0 || g_strcmp0 (got_redo, redo) != 0)
    fail_msg ("history: undo “%s”, redo “%s”; expected “%s”, “%s”", got_undo, got_redo, undo,
              redo);
}

static void
assert_error_code_impl (const GError *error,
                        int           code)
{
  assert_non_null (error);
  if (error->domain != CTD_STORE_ERROR || error->code != code)
    fail_msg ("expected store error %d, got %s %d: %s", code, g_quark_to_string (error->domain),
              error->code, error->message);
}

/* ---- opening ------------------------------------------------------- */

static void
test_create_open_round_trip (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  CtdEventSettings settings = { 0, };
  CtdEventSettings hostile = default_settings;

  hostile.name = (char *) "=HYPERLINK(\"x\") <b>Zoë's</b> \"cup\"";
  hostile.venue = (char *) "'; DROP TABLE event; --";
  hostile.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings (store, &hostile, &error));
  g_clear_pointer (&store, ctd_store_close);

  store = ctd_store_open (fixture->path, &error);
  assert_null (error);
  assert_non_null (store);
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.name, hostile.name);
  assert_string_equal (settings.venue, hostile.venue);
  assert_string_equal (settings.date, "2026-05-17");
  assert_int_equal (settings.stake_cents, 100);
  assert_int_equal (settings.entry_fee_cents, 2200);
  assert_int_equal (settings.direction, CTD_LAST_SEGMENT_LOWEST_FIRST);
  ctd_event_settings_clear (&settings);

  /* create, then set-settings, with before and after images. */
  assert_int_equal (audit_length (store), 2);
  entry = last_audit (store);
  assert_string_equal (entry->action, "set-settings");
  assert_non_null (strstr (entry->before, "Spring Chouette"));
  assert_non_null (strstr (entry->after, "HYPERLINK"));
  assert_non_null (strstr (entry->after, "lowest-first"));

  /* A bad setting is refused. */
  hostile.date = (char *) "17/05/2026";
  assert_false (ctd_store_set_settings (store, &hostile, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
}

static void
test_refuse_missing (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_open (fixture->path, &error);

  assert_null (store);
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  assert_non_null (strstr (error->message, "init"));
  assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_refuse_existing_on_create (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  CtdStore *store;

  assert_true (g_file_set_contents (fixture->path, "keep me", -1, NULL));
  store = ctd_store_create (fixture->path, &default_settings, &error);
  assert_null (store);
  assert_error_code_impl (error, CTD_STORE_ERROR_EXISTS);
  contents = read_bytes (fixture->path, NULL);
  assert_string_equal (contents, "keep me");
}

static void
test_refuse_not_event (void **state)
{
  Fixture *fixture = *state;
  guint8 noise[8192];
  GRand *rand = g_rand_new_with_seed (7);

  assert_true (g_file_set_contents (fixture->path, "Name,Club\nZoë,Paris\n", -1, NULL));
  assert_open_refused (fixture->path, CTD_STORE_ERROR_NOT_EVENT);

  assert_true (g_file_set_contents (fixture->path, "", 0, NULL));
  assert_open_refused (fixture->path, CTD_STORE_ERROR_NOT_EVENT);

  for (gsize i = 0; i < sizeof noise; i++)
    noise[i] = (guint8) g_rand_int_range (rand, 0, 256);
  g_rand_free (rand);
  assert_true (g_file_set_contents (fixture->path, (const char *) noise, sizeof noise, NULL));
  assert_open_refused (fixture->path, CTD_STORE_ERROR_NOT_EVENT);

  g_unlink (fixture->path);
  ctd_test_exec_sql (fixture->path, "CREATE TABLE expenses (item TEXT, cost REAL); "
            "INSERT INTO expenses VALUES ('dice', 4.5)");
  assert_open_refused (fixture->path, CTD_STORE_ERROR_NOT_EVENT);
}

static void
test_refuse_truncated (void **state)
{
  Fixture *fixture = *state;
  CtdStore *store = create_default (fixture);
  gsize length;

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i);
      assert_true (ctd_store_add_player (store, name, "A club with a long name", NULL, TRUE, NULL, NULL));
    }
  ctd_store_close (store);
  /* A copy of the file alone (closing checkpointed everything into it),
   * cut short. */
  {
    g_autofree char *wal = g_strconcat (fixture->path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (fixture->path, "-shm", NULL);

    g_unlink (wal);
    g_unlink (shm);
  }
  g_free (read_bytes (fixture->path, &length));
  assert_true (length > 3 * 4096);
  assert_int_equal (truncate (fixture->path, 3 * 4096), 0);
  assert_open_refused (fixture->path, CTD_STORE_ERROR_CORRUPT);
}

static void
test_refuse_too_new (void **state)
{
  Fixture *fixture = *state;

  ctd_store_close (create_default (fixture));
  ctd_test_exec_sql (fixture->path, "PRAGMA user_version = 99");
  assert_open_refused (fixture->path, CTD_STORE_ERROR_TOO_NEW);
}

/* An event file at schema 0 (ours, nothing built yet: a file with
 * tables at schema 0 is refused, test-validate.c) climbs the ladder,
 * after a backup of the old file is written beside it. */
static void
test_migrate_with_backup (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v0", NULL);
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GPtrArray) players = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  ctd_test_exec_sql (fixture->path, "PRAGMA application_id = 1129595973");
  store = ctd_store_open (fixture->path, &error);
  if (error != NULL)
    fail_msg ("%s", error->message);
  assert_non_null (store);
  assert_true (ctd_store_add_player (store, "Zoë", NULL, NULL, TRUE, NULL, &error));
  players = ctd_store_list_players (store, &error);
  assert_int_equal (players->len, 1);

  /* The backup is the file as it was. */
  assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  assert_int_equal (sqlite3_open_v2 (backup, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_prepare_v2 (db, "SELECT (SELECT user_version FROM pragma_user_version), "
                                        "(SELECT count (*) FROM sqlite_schema), "
                                        "(SELECT application_id FROM pragma_application_id)",
                                        -1, &stmt, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_step (stmt), SQLITE_ROW);
  assert_int_equal (sqlite3_column_int (stmt, 0), 0);
  assert_int_equal (sqlite3_column_int (stmt, 1), 0);
  assert_int_equal (sqlite3_column_int (stmt, 2), 1129595973);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  /* Opening again needs no migration and writes no second backup. */
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);
  {
    g_autofree char *second = g_strconcat (fixture->path, ".bak-v0.1", NULL);
    assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  }
}

static void add_checked_in (CtdStore *store, guint n);
static void record (CtdStore *store, guint round, guint chouette, guint game,
                    const char *notation);

/* A file of schema 1, built with that schema and holding a real history
 * (made by this version, then copied without what schema 2 added), is
 * upgraded on open: backed up, its paper set, its stale ledgers
 * recomputed in the games and in the audit log's images, so that the
 * paper agrees again and undo still works; a line that no longer reads
 * keeps its ledger. */
static void
test_upgrade_from_v1 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *source = g_build_filename (fixture->dir, "source.chouette", NULL);
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v1", NULL);
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GPtrArray) hold_ups = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };
  CtdEventSettings changed = default_settings;
  CtdHalves totals[CTD_MAX_PLAYERS];
  const char *games_sql = "SELECT chouette, number, canonical, ledger FROM game "
                          "WHERE canonical != 'B 2:3' ORDER BY id";
  const char *images_sql = "SELECT id, before, after FROM audit_change ORDER BY id";

  /* The history, made by this version. */
  store = ctd_store_create (source, &default_settings, &error);
  add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    record (store, 1, 1, g, g == 2 ? "T" : four_sheet[g - 1]);
  assert_true (ctd_store_record_game (store, 1, 1, 2, four_sheet[1], TRUE, &error));
  {
    g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, 1, 1, &error);
    ctd_chouette_get_totals (loaded, totals);
  }
  assert_true (ctd_store_set_crosscheck (store, 1, 1, totals, NULL, &error));
  changed.venue = (char *) "Upstairs";
  assert_true (ctd_store_set_settings (store, &changed, &error));
  g_clear_pointer (&store, ctd_store_close);

  /* The same history in a file of schema 1, with the ledgers of the
   * games with taken extras as schema 1 may have left them. */
  ctd_test_write_v1 (fixture->path, source,
    "INSERT INTO audit SELECT * FROM a.audit; "
    "INSERT INTO audit_change SELECT id, audit, tbl, row_id, "
    "  CASE tbl WHEN 'event' THEN json_remove (before, '$.paper', '$.closed') ELSE before END, "
    "  CASE tbl WHEN 'event' THEN json_remove (after, '$.paper', '$.closed') ELSE after END "
    "  FROM a.audit_change; "
    "UPDATE game SET ledger = '[]' WHERE canonical LIKE '%E:%'; "
    "UPDATE audit_change SET after = json_set (after, '$.ledger', '[]') "
    "  WHERE tbl = 'game' AND after ->> 'canonical' LIKE '%E:%'; "
    "INSERT INTO game (chouette, number, entered, canonical, ledger) "
    "  SELECT id, 1, 'B 2:3', 'B 2:3', '[]' FROM chouette WHERE number = 2");
  {
    g_autofree char *stale = ctd_test_query_text (fixture->path, "SELECT count (*) FROM game "
                                         "WHERE ledger = '[]'");
    assert_string_equal (stale, "3|\n");
  }

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);

  /* Backed up as it was; upgraded. */
  {
    g_autofree char *old = ctd_test_query_text (backup, "SELECT user_version FROM pragma_user_version");
    g_autofree char *now = ctd_test_query_text (fixture->path,
                                       "SELECT user_version FROM pragma_user_version");
    g_autofree char *current = g_strdup_printf ("%d|\n", CTD_STORE_SCHEMA_VERSION);

    assert_string_equal (old, "1|\n");
    assert_string_equal (now, current);
  }
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.venue, "Upstairs");
  assert_int_equal (settings.paper, ctd_store_default_paper ());

  /* Every ledger as the current rules write it, in the games and in the
   * images undo writes back: row for row what this version wrote. */
  {
    g_autofree char *expected = ctd_test_query_text (source, games_sql);
    g_autofree char *got = ctd_test_query_text (fixture->path, games_sql);
    g_autofree char *expected_images = ctd_test_query_text (source, images_sql);
    g_autofree char *got_images = ctd_test_query_text (fixture->path, images_sql);
    g_autofree char *kept = ctd_test_query_text (fixture->path, "SELECT ledger FROM game "
                                        "WHERE canonical = 'B 2:3'");

    assert_string_equal (got, expected);
    assert_string_equal (got_images, expected_images);
    assert_string_equal (kept, "[]|\n");
  }
  /* The paper agrees with the games again: only chouette 1.2 holds the
   * round up; its line that no longer reads is reported on loading. */
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 1);
  assert_int_equal (((CtdStoreHoldUp *) g_ptr_array_index (hold_ups, 0))->chouette, 2);
  assert_null (ctd_store_load_chouette (store, 1, 2, &error));
  assert_non_null (strstr (error->message, "no longer reads"));
  g_clear_error (&error);

  /* Undo across the upgrade: the settings (whose images gained the
   * paper), the paper totals, the correction. */
  assert_true (ctd_store_undo (store, NULL, &error));
  g_clear_pointer (&settings.name, g_free);
  ctd_event_settings_clear (&settings);
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.venue, default_settings.venue);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  {
    g_autoptr(GPtrArray) games = ctd_store_list_games (store, 1, 1, &error);
    g_autofree char *ledger = ctd_test_query_text (fixture->path, "SELECT ledger FROM game "
                                          "WHERE number = 5 AND canonical LIKE '%E:%'");

    assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "T");
    assert_string_not_equal (ledger, "[]|\n");
  }
}

/* The paper is an event setting: stored, changed (logged with what
 * changed), undone; anything but A4 and Letter refused. */
static void
test_paper_setting (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  CtdEventSettings settings = default_settings;

  settings.paper = CTD_SHEET_PAPER_LETTER;
  store = ctd_store_create (fixture->path, &settings, &error);
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_LETTER);
  ctd_event_settings_clear (&read);

  settings.paper = CTD_SHEET_PAPER_A4;
  settings.stake_cents = 500;
  assert_true (ctd_store_set_settings (store, &settings, &error));
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Changed the event settings: stake 5.00, paper A4");
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_A4);
  ctd_event_settings_clear (&read);

  settings.paper = (CtdSheetPaper) 7;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_LETTER);
  assert_int_equal (read.stake_cents, default_settings.stake_cents);
}

/* A stake or an entry fee past the bounds of ctd-money.h is refused
 * when the event is created and in its settings, naming the bound; the
 * bounds themselves are accepted. */
static void
test_money_bounds (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdEventSettings settings = default_settings;

  settings.stake_cents = CTD_STAKE_MAX_CENTS + 1;
  assert_null (ctd_store_create (fixture->path, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message,
                       "The stake can be at most 1,000,000.00 a point, not 1,000,000.01");
  g_clear_error (&error);
  assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  settings.stake_cents = CTD_STAKE_MAX_CENTS;
  settings.entry_fee_cents = CTD_ENTRY_FEE_MAX_CENTS + 100;
  assert_null (ctd_store_create (fixture->path, &settings, &error));
  assert_string_equal (error->message,
                       "The entry fee can be at most 25,000,000.00, not 25,000,001.00");
  g_clear_error (&error);

  settings.entry_fee_cents = CTD_ENTRY_FEE_MAX_CENTS;
  store = ctd_store_create (fixture->path, &settings, &error);
  assert_non_null (store);

  before = dump (fixture->path, FALSE);
  settings.stake_cents = G_MAXINT64;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "The stake can be at most 1,000,000.00 a point, "
                       "not 92,233,720,368,547,758.07");
  g_clear_error (&error);
  settings.stake_cents = 500;
  settings.entry_fee_cents = G_MAXINT64;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_non_null (strstr (error->message, "entry fee can be at most 25,000,000.00"));
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.stake_cents, CTD_STAKE_MAX_CENTS);
  assert_int_equal (read.entry_fee_cents, CTD_ENTRY_FEE_MAX_CENTS);
}

/* SPEC 7: the stake and the last-segment direction are fixed by the
 * event's first result. A change is refused, naming the chouettes
 * settled and those with results, and changes nothing; other settings
 * still change; a forced change is made and logged with what it
 * touched. */
static void
test_settings_fixed_by_results (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdEventSettings settings = default_settings;
  guint round = 0;

  /* Before the first result both change freely. */
  add_checked_in (store, 12);
  assert_true (ctd_store_draw_round (store, 7, &round, &error));
  settings.stake_cents = 200;
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings (store, &settings, &error));
  settings.direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  assert_true (ctd_store_set_settings (store, &settings, &error));

  record (store, 1, 3, 1, "T");
  settings.stake_cents = 1000;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message,
                       "The stake is fixed once a result is entered, since settlements are "
                       "paid at the table: chouette 1.3 has results entered at it; a stake of "
                       "10.00 would change those settlements. Force the change to make it "
                       "anyway");
  g_clear_error (&error);

  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= CTD_N_GAMES; game++)
      record (store, 1, chouette, game, "T");
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_non_null (strstr (error->message, ": chouettes 1.1 and 1.2 were settled at 2.00 a "
                                           "point, and chouette 1.3 has results entered at it; "
                                           "a stake of 10.00 would change those settlements"));
  g_clear_error (&error);
  settings.stake_cents = 200;
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message,
                       "The last-segment direction is fixed once a result is entered, so that "
                       "no round mixes both: chouettes 1.1 and 1.2 were played highest-first, "
                       "and chouette 1.3 has results entered under it; with lowest-first their "
                       "last-segment orders would no longer follow the scores. Force the change "
                       "to make it anyway");
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The rest of the settings still change. */
  settings.direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  settings.name = (char *) "Spring Chouette Open";
  assert_true (ctd_store_set_settings (store, &settings, &error));

  /* Forced, the change is made and the log says what it re-priced. */
  settings.stake_cents = 1000;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  entry = last_audit (store);
  assert_string_equal (entry->summary,
                       "Changed the event settings: stake 10.00 (forced after results: "
                       "chouettes 1.1 and 1.2 were settled at 2.00 a point, and chouette 1.3 "
                       "has results entered at it; their settlements now count 10.00 a point)");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  entry = last_audit (store);
  assert_non_null (strstr (entry->summary, "last segment lowest-first (forced after results: "
                                           "chouettes 1.1 and 1.2 were played highest-first"));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.stake_cents, 1000);
  assert_int_equal (read.direction, CTD_LAST_SEGMENT_LOWEST_FIRST);
}

static void
test_refuse_read_only (void **state)
{
  Fixture *fixture = *state;

  ctd_store_close (create_default (fixture));
  assert_int_equal (g_chmod (fixture->path, 0444), 0);
  if (access (fixture->path, W_OK) == 0)
    skip ();  /* root: permissions do not stop writes */
  assert_open_refused (fixture->path, CTD_STORE_ERROR_READ_ONLY);
}

static void
test_second_writer_locked (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStore) second = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  sqlite3 *other = NULL;
  gint64 start;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  before = dump (fixture->path, FALSE);

  assert_int_equal (sqlite3_open (fixture->path, &other), SQLITE_OK);
  assert_int_equal (sqlite3_exec (other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);

  start = g_get_monotonic_time ();
  assert_false (ctd_store_add_player (store, "Bert", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  assert_error_code_impl (error, CTD_STORE_ERROR_LOCKED);
  assert_non_null (strstr (error->message, "another Chouette TD"));
  assert_non_null (strstr (error->message, "event.chouette"));
  g_clear_error (&error);
  assert_false (ctd_store_undo (store, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_LOCKED);
  g_clear_error (&error);

  /* A second window can still open and read the event meanwhile. */
  second = ctd_store_open (fixture->path, &error);
  assert_null (error);
  assert_non_null (second);

  assert_int_equal (sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close (other);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The other window's change is seen at once by the first. */
  assert_true (ctd_store_add_player (second, "Bert", NULL, NULL, TRUE, NULL, &error));
  {
    g_autoptr(GPtrArray) players = ctd_store_list_players (store, &error);
    assert_int_equal (players->len, 2);
  }
}

/* ---- players ------------------------------------------------------- */

static void
test_players (void **state)
{
  Fixture *fixture = *state;
  static const char *const hostile[] = {
    "=HYPERLINK(\"http://x\",\"y\")", "<b>bold</b>", "Zoë", "'; DROP TABLE player; --",
    "+1", "@SUM(A1)", "-2", "O'Brien \"Obi\"", "日本語", "\\N", "%s%n",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 ids[G_N_ELEMENTS (hostile)];
  gint64 club_id;

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      assert_true (ctd_store_add_player (store, hostile[i], NULL, NULL, TRUE, &ids[i], &error));
      assert_null (error);
    }
  assert_true (ctd_store_add_player (store, "Anna", "=Club", "ABA-7", TRUE, &club_id, &error));
  entry = last_audit (store);
  assert_string_equal (entry->action, "add-player");
  assert_string_equal (entry->before, "[]");
  assert_non_null (strstr (entry->after, "ABA-7"));

  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  players = ctd_store_list_players (store, &error);
  assert_int_equal (players->len, G_N_ELEMENTS (hostile) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      CtdStorePlayer *player = find_player (players, ids[i]);
      assert_string_equal (player->name, hostile[i]);
      assert_null (player->club);
      /* Registered players start checked in. */
      assert_true (player->checked_in);
    }
  assert_string_equal (find_player (players, club_id)->club, "=Club");
  assert_string_equal (find_player (players, club_id)->member_id, "ABA-7");

  /* Refusals change nothing. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (store, "ZOË", NULL, NULL, TRUE, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_non_null (strstr (error->message, "Zoë"));
  g_clear_error (&error);
  /* The same name, club and ID, whatever their case. */
  assert_false (ctd_store_add_player (store, "anna", "=CLUB", "aba-7", TRUE, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "   ", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "Line\nbreak", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "\xff\xfe", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_set_checked_in (store, 999, TRUE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* Check out, check in, withdraw; a no-op leaves no audit entry. */
  assert_true (ctd_store_set_checked_in (store, club_id, FALSE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->action, "check-out");
  assert_string_equal (entry->summary, "Checked out Anna");
  assert_true (ctd_store_set_checked_in (store, club_id, TRUE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->action, "check-in");
  assert_string_equal (entry->summary, "Checked in Anna");
  {
    guint n = audit_length (store);
    assert_true (ctd_store_set_checked_in (store, club_id, TRUE, &error));
    assert_int_equal (audit_length (store), n);
  }
  assert_true (ctd_store_withdraw_player (store, club_id, FALSE, &error));
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_true (find_player (players, club_id)->withdrawn);
  assert_false (find_player (players, club_id)->checked_in);
  assert_false (ctd_store_set_checked_in (store, club_id, TRUE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  /* The name is free again once its holder withdrew. */
  assert_true (ctd_store_add_player (store, "ANNA", NULL, NULL, TRUE, NULL, &error));

  /* Undo: the new Anna, the withdrawal, the check-in. */
  {
    g_autofree char *summary = NULL;

    assert_true (ctd_store_undo (store, &summary, &error));
    assert_non_null (strstr (summary, "ANNA"));
    assert_true (ctd_store_undo (store, NULL, &error));
    assert_true (ctd_store_undo (store, NULL, &error));
  }
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_int_equal (players->len, G_N_ELEMENTS (hostile) + 1);
  assert_false (find_player (players, club_id)->withdrawn);
  assert_false (find_player (players, club_id)->checked_in);
}

/* Registration as a real event needs it: players start not checked in
 * unless the director says so, two players may share a name when club
 * or ID tells them apart, only checked-in players are drawn (the others
 * named in the log), a drawn or playing player is withdrawn only when
 * forced, and a withdrawn one can be reinstated. */
static void
test_registration (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *label = NULL;
  gint64 anna, anna_riga, anna_x, b, c, d, b_again;
  CtdNewPlayer listed[] = { { "Cleo", NULL, NULL }, { "Dora", "Oslo", NULL } };
  char *reasons[2];
  guint n_added;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, FALSE, &anna, &error));
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Added Anna");
  assert_true (ctd_store_add_player (store, "ANNA ", "Riga", NULL, TRUE, &anna_riga, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Added ANNA  (Riga), checked in");
  assert_true (ctd_store_add_player (store, "Anna", NULL, "X-1", FALSE, &anna_x, &error));

  /* The same name, club and ID as an active player: refused. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (store, "anna", " RIGA", NULL, TRUE, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("There is already a player #%" G_GINT64_FORMAT
                                                 " ANNA  (Riga); to register another player of "
                                                 "that name, give a club or player ID that "
                                                 "tells them apart", anna_riga);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "Anna", NULL, "x-1", TRUE, NULL, &error));
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  label = ctd_store_describe_player (store, anna, &error);
  {
    g_autofree char *expected = g_strdup_printf ("Anna (#%" G_GINT64_FORMAT ")", anna);
    assert_string_equal (label, expected);
  }

  /* The import's flag: here, not checked in. */
  assert_true (ctd_store_import_players (store, "list.csv", listed, 2, FALSE, reasons, &n_added,
                                         &error));
  assert_int_equal (n_added, 2);
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Imported 2 players from list.csv");
  players = ctd_store_list_players (store, &error);
  assert_false (find_player (players, anna)->checked_in);
  assert_true (find_player (players, anna_riga)->checked_in);
  assert_false (((CtdStorePlayer *) g_ptr_array_index (players, players->len - 1))->checked_in);
  c = ((CtdStorePlayer *) g_ptr_array_index (players, players->len - 2))->id;
  d = ((CtdStorePlayer *) g_ptr_array_index (players, players->len - 1))->id;

  /* Nobody but Anna of Riga checked in: refused, counting the others. */
  g_clear_pointer (&before, g_free);
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_draw_round (store, 3, NULL, &error));
  assert_non_null (strstr (error->message, "1 player cannot make a chouette"));
  assert_non_null (strstr (error->message, "; 4 registered players are not checked in: Anna (#"));
  g_clear_error (&error);
  assert_true (ctd_store_set_checked_in (store, anna_riga, FALSE, &error));
  assert_false (ctd_store_draw_round (store, 3, NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Nobody is checked in"));
  assert_non_null (strstr (error->message, "5 players are registered"));
  g_clear_error (&error);
  assert_true (ctd_store_undo (store, NULL, &error));

  /* Four checked in: drawn; the others named in the log. */
  assert_true (ctd_store_add_player (store, "Bea", NULL, NULL, TRUE, &b, &error));
  assert_true (ctd_store_set_checked_in (store, c, TRUE, &error));
  assert_true (ctd_store_set_checked_in (store, d, TRUE, &error));
  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  {
    g_autofree char *expected = g_strdup_printf ("Drew round 1 (final) for 4 players, seed 3; 2 "
                                                 "registered players are not checked in: Anna "
                                                 "(#%" G_GINT64_FORMAT "), Anna (ID X-1)", anna);
    assert_string_equal (entry->summary, expected);
  }
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *table = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      assert_true (table->players[k] != anna && table->players[k] != anna_x);
  }

  /* Drawn, not started: withdrawn only when forced, then redrawn. */
  g_clear_pointer (&before, g_free);
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_withdraw_player (store, b, FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message, "Bea is drawn in chouette 1.1, and round 1 has not "
                                       "started: to take them out, confirm the withdrawal, then "
                                       "redraw the round without them");
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  assert_true (ctd_store_withdraw_player (store, b, TRUE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Withdrew Bea (forced)");
  assert_true (ctd_store_set_checked_in (store, anna, TRUE, &error));
  assert_true (ctd_store_redraw_round (store, 1, 3, &error));
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *table = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      assert_true (table->players[k] != b);
  }

  /* In play: the Captain acts for an absent player (rule 3.1). */
  record (store, 1, 1, 1, "T");
  assert_false (ctd_store_withdraw_player (store, c, FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_non_null (strstr (error->message, "Cleo plays in chouette 1.1, which is in play (1 of "
                                           "12 games entered): under rule 3.1 the Captain acts "
                                           "for an absent player"));
  g_clear_error (&error);
  /* Not seated: withdrawn at once; and reinstated, not checked in. */
  assert_true (ctd_store_withdraw_player (store, anna_x, FALSE, &error));
  assert_false (ctd_store_withdraw_player (store, anna_x, FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  assert_true (ctd_store_reinstate_player (store, anna_x, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Reinstated Anna (ID X-1)");
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_false (find_player (players, anna_x)->withdrawn);
  assert_false (find_player (players, anna_x)->checked_in);
  assert_false (ctd_store_reinstate_player (store, anna_x, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_non_null (strstr (error->message, "has not withdrawn"));
  g_clear_error (&error);

  /* Bea's name was free; now her reinstatement would clash. */
  assert_true (ctd_store_add_player (store, "bea", NULL, NULL, FALSE, &b_again, &error));
  assert_false (ctd_store_reinstate_player (store, b, &error));
  {
    g_autofree char *expected = g_strdup_printf ("Bea (#%" G_GINT64_FORMAT ") cannot be "
                                                 "reinstated: #%" G_GINT64_FORMAT " bea, "
                                                 "registered since, has the same name, club "
                                                 "and player ID", b, b_again);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_set_checked_in (store, b, TRUE, &error));
  assert_non_null (strstr (error->message, "reinstate them first"));
}

/* Correcting a player's details: the same checks as registering, the
 * refusal naming the player, the log saying what changed, undo and redo,
 * and nothing logged when nothing changes. A seated player's new name
 * is what the draw and the standings show. */
static void
test_edit_player (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *long_name = g_strnfill (201, 'x');
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(Snapshot) unedited = { NULL, };
  g_auto(Snapshot) edited = { NULL, };
  gint64 ann, bob, cy, dee;
  guint n;

  assert_true (ctd_store_add_player (store, "Ann Lee", "Riga", NULL, TRUE, &ann, &error));
  assert_true (ctd_store_add_player (store, "Bob", "Oslo", "N-1", TRUE, &bob, &error));
  assert_true (ctd_store_add_player (store, "Cy", NULL, NULL, TRUE, &cy, &error));
  assert_true (ctd_store_add_player (store, "Dee", NULL, NULL, TRUE, &dee, &error));

  /* A new name; the club and ID left out stay as they were. */
  unedited = snapshot_take (store);
  assert_true (ctd_store_edit_player (store, ann, "Ann Lee-Smith", NULL, NULL, &error));
  assert_null (error);
  entry = last_audit (store);
  assert_string_equal (entry->action, "edit-player");
  assert_string_equal (entry->summary, "Edited Ann Lee: name “Ann Lee” -> “Ann Lee-Smith”");
  players = ctd_store_list_players (store, &error);
  assert_string_equal (find_player (players, ann)->name, "Ann Lee-Smith");
  assert_string_equal (find_player (players, ann)->club, "Riga");
  assert_true (find_player (players, ann)->checked_in);
  edited = snapshot_take (store);

  /* Undo puts every record back; redo makes the edit again. */
  assert_history (store, entry->summary, NULL);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_state (store, &unedited);
  assert_history (store, "Added Dee, checked in", entry->summary);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_state (store, &edited);

  /* "" clears a club or ID; every field that changed is logged. */
  assert_true (ctd_store_edit_player (store, bob, "Bob", "", "N-2", &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Edited Bob: club “Oslo” -> none, player ID “N-1” -> “N-2”");
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_null (find_player (players, bob)->club);
  assert_string_equal (find_player (players, bob)->member_id, "N-2");

  /* The same details, or none given: nothing to log, and no refusal. */
  n = audit_length (store);
  assert_true (ctd_store_edit_player (store, bob, "Bob", NULL, "N-2", &error));
  assert_true (ctd_store_edit_player (store, bob, NULL, NULL, NULL, &error));
  assert_null (error);
  assert_int_equal (audit_length (store), n);
  /* Only the case of one's own name: not a clash with oneself. */
  assert_true (ctd_store_edit_player (store, cy, "CY", NULL, NULL, &error));
  assert_int_equal (audit_length (store), n + 1);

  /* Refusals name the player and change nothing. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_edit_player (store, ann, "  ", NULL, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "Ann Lee-Smith: The player's name cannot be only spaces");
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, "Ann\nLee", NULL, NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Ann Lee-Smith: The player's name “Ann"));
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, long_name, NULL, NULL, &error));
  assert_string_equal (error->message,
                       "Ann Lee-Smith: The player's name is longer than 200 characters");
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, NULL, "Riga\tOld", NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Ann Lee-Smith: The club"));
  g_clear_error (&error);
  /* Dee may not become a second Bob with no club and ID N-2. */
  assert_false (ctd_store_edit_player (store, dee, "bob", NULL, "n-2", &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Dee cannot take these details: #%" G_GINT64_FORMAT
                                                 " Bob (ID N-2) has the same name, club and "
                                                 "player ID; give a club or player ID that "
                                                 "tells them apart", bob);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, 999, "Zed", NULL, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  /* A club tells them apart. */
  assert_true (ctd_store_edit_player (store, dee, "Bob", "Tartu", "N-2", &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Edited Dee: name “Dee” -> “Bob”, club none -> “Tartu”, "
                                       "player ID none -> “N-2”");
  assert_true (ctd_store_undo (store, NULL, &error));

  /* Seated: the draw and the standings read the name by id. */
  assert_true (ctd_store_draw_round (store, 11, NULL, &error));
  assert_true (ctd_store_edit_player (store, cy, "Cyrus", NULL, NULL, &error));
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    g_autoptr(CtdStandings) standings = ctd_event_round_standings (store, 1, FALSE, &error);
    CtdStoreChouette *table = g_ptr_array_index (chouettes, 0);
    guint seen = 0;

    for (guint k = 0; k < table->size; k++)
      if (table->players[k] == cy)
        seen += g_str_equal (table->names[k], "Cyrus");
    for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
      {
        const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
        if (row->player_id == cy)
          seen += g_str_equal (row->name, "Cyrus");
      }
    assert_int_equal (seen, 2);
  }

  /* A withdrawn player's details may match an active player's (their
   * name is free for a new entry): reinstating them is what is refused. */
  assert_true (ctd_store_add_player (store, "Eve", NULL, NULL, FALSE, NULL, &error));
  assert_true (ctd_store_withdraw_player (store, bob, TRUE, &error));
  assert_true (ctd_store_edit_player (store, bob, "Eve", NULL, "", &error));
  assert_false (ctd_store_reinstate_player (store, bob, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
}

/* ---- rounds, games, undo ------------------------------------------------ */

static void
add_checked_in (CtdStore *store,
                guint     n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("Player %c", 'A' + i);
      gint64 id;

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, &id, &error));
      assert_true (ctd_store_set_checked_in (store, id, TRUE, &error));
    }
}

static void
record_full (CtdStore   *store,
             guint       round,
             guint       chouette,
             guint       game,
             const char *notation,
             gboolean    replace)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_store_record_game (store, round, chouette, game, notation, replace, &error))
    fail_msg ("%u.%u game %u “%s”: %s", round, chouette, game, notation, error->message);
}

static void
record (CtdStore   *store,
        guint       round,
        guint       chouette,
        guint       game,
        const char *notation)
{
  record_full (store, round, chouette, game, notation, FALSE);
}

/* A correction: the director says to replace the game's result. */
static void
correct (CtdStore   *store,
         guint       round,
         guint       chouette,
         guint       game,
         const char *notation)
{
  record_full (store, round, chouette, game, notation, TRUE);
}

static void
test_draw_record_undo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *empty = dump (fixture->path, TRUE);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint round = 0;

  /* Five players cannot be drawn: refused, nothing changes. */
  add_checked_in (store, 5);
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_draw_round (store, 42, &round, &error));
  assert_non_null (error);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  assert_true (ctd_store_add_player (store, "Player F", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_set_checked_in (store, 6, TRUE, &error));
  assert_true (ctd_store_draw_round (store, 42, &round, &error));
  assert_int_equal (round, 1);

  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 1);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).seed, 42);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).stage, CTD_STAGE_QUALIFYING);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_DRAWN);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_chouettes, 2);

  chouettes = ctd_store_list_chouettes (store, 1, &error);
  assert_int_equal (chouettes->len, 2);
  for (guint c = 0; c < 2; c++)
    {
      CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);

      assert_int_equal (chouette->size, 3);
      assert_int_equal (chouette->number, c + 1);
      assert_false (chouette->order_fixed);
      for (guint k = 0; k < 3; k++)
        assert_true (g_str_has_prefix (chouette->names[k], "Player "));
    }

  /* Redraw is allowed before any result; the same seed, the same draw. */
  g_clear_pointer (&before, g_free);
  before = dump (fixture->path, TRUE);
  assert_true (ctd_store_redraw_round (store, 1, 7, &error));
  assert_true (ctd_store_redraw_round (store, 1, 42, &error));
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, TRUE);
  /* Row ids of chouettes differ; the drawn players and numbers match. */
  {
    g_autoptr(GPtrArray) again = ctd_store_list_chouettes (store, 1, &error);
    for (guint c = 0; c < 2; c++)
      for (guint k = 0; k < 3; k++)
        assert_int_equal (((CtdStoreChouette *) g_ptr_array_index (again, c))->players[k],
                          ((CtdStoreChouette *) g_ptr_array_index (chouettes, c))->players[k]);
  }

  /* Games 1-8 of a 3-player chouette, then the last segment. */
  record (store, 1, 1, 1, "T");
  assert_false (ctd_store_redraw_round (store, 1, 9, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);

  /* A last-segment game before the order can be known: refused. */
  g_clear_pointer (&before, g_free);
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_record_game (store, 1, 1, 9, "B", FALSE, &error));
  assert_non_null (strstr (error->message, "2"));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 1, 2, "B 2:3", FALSE, &error));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 1, 13, "B", FALSE, &error));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 9, 2, "B", FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  record (store, 1, 1, 2, "  B   2:4- ");
  for (guint g = 3; g <= 8; g++)
    record (store, 1, 1, g, "B");
  record (store, 1, 1, 9, "T");

  /* Game 9 fixed the last-segment order, in the same action. */
  g_clear_pointer (&chouettes, g_ptr_array_unref);
  chouettes = ctd_store_list_chouettes (store, 1, &error);
  assert_true (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  entry = last_audit (store);
  assert_string_equal (entry->action, "record-game");
  assert_non_null (strstr (entry->after, "last_order"));

  /* Stored as entered, read back canonical. */
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_int_equal (games->len, 9);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->entered, "  B   2:4- ");
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "B 2:4-");

  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_non_null (loaded);
  assert_int_equal (ctd_chouette_get_n_recorded (loaded), 9);
  assert_non_null (ctd_chouette_get_last_segment_order (loaded));

  g_clear_pointer (&rounds, g_array_unref);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_IN_PLAY);

  /* Correction, then clear: both undoable. */
  correct (store, 1, 1, 1, "Tg");
  assert_true (ctd_store_clear_game (store, 1, 1, 3, &error));
  assert_false (ctd_store_clear_game (store, 1, 1, 3, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  g_clear_pointer (&games, g_ptr_array_unref);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_int_equal (games->len, 9);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 0))->canonical, "T");

  /* Undo everything back to the empty event. */
  while (ctd_store_undo (store, NULL, &error))
    ;
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, TRUE);
  assert_string_equal (empty, after);

  /* The log kept every action and every undo. */
  {
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    guint n_undo = 0, n_undone = 0;

    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        n_undo += strcmp (e->action, "undo") == 0;
        n_undone += e->undone_by != 0;
        assert_non_null (e->time);
      }
    assert_int_equal (n_undo, n_undone);
    assert_int_equal (n_undo + n_undone + 1, log->len);
  }
}

/* A result typed for a game that has one is refused unless the director
 * says to replace it; a replacement logs the old and the new line. */
static void
test_record_replace (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *summary = NULL;
  guint n;

  add_checked_in (store, 4);
  assert_true (ctd_store_draw_round (store, 8, NULL, &error));
  record (store, 1, 1, 1, "T");
  record (store, 1, 1, 2, "B 2:4");

  /* Without replace: refused, naming the game and the stored line. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_record_game (store, 1, 1, 2, "T 2:4", FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message, "Chouette 1.1 game 2 already has the result “B 2:4”; to "
                                       "replace it, confirm the replacement");
  g_clear_error (&error);
  /* A line that does not even read, typed into a taken row: the row is
   * what the director must hear about. */
  assert_false (ctd_store_record_game (store, 1, 1, 2, "Q", FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The same result again is no change, and no entry. */
  n = audit_length (store);
  assert_true (ctd_store_record_game (store, 1, 1, 2, "B  2:4", FALSE, &error));
  assert_int_equal (audit_length (store), n);

  /* With replace: stored, and logged with both lines. */
  correct (store, 1, 1, 2, "T 2:4");
  entry = last_audit (store);
  assert_string_equal (entry->action, "record-game");
  assert_string_equal (entry->summary, "Chouette 1.1 game 2: “B 2:4” -> “T 2:4”");
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "T 2:4");
  /* Replace on an empty row simply records; a bad line is still refused. */
  correct (store, 1, 1, 3, "B");
  assert_false (ctd_store_record_game (store, 1, 1, 2, "Q", TRUE, &error));
  assert_false (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM));
  g_clear_error (&error);

  assert_true (ctd_store_clear_game (store, 1, 1, 3, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store);
  assert_string_equal (entry->summary, "Chouette 1.1 game 3: cleared “B”");
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, &summary, &error));
  assert_string_equal (summary, "Chouette 1.1 game 2: “B 2:4” -> “T 2:4”");
  g_clear_pointer (&games, g_ptr_array_unref);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "B 2:4");
}

/* The director fixes a chouette's last-segment order to print its sheet:
 * refused while an earlier game is missing, then stored, logged and
 * undoable like any action. */
static void
test_fix_last_segment_order (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *summary = NULL;
  guint expected[CTD_MAX_PLAYERS - 1];
  CtdStoreChouette *first;

  add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 31, NULL, &error));
  for (guint g = 1; g <= 8; g++)
    record (store, 1, 1, g, g % 3 == 0 ? "Tg" : g % 2 == 0 ? "T" : "B");

  /* Game 9 is missing: the scores before the last segment are not known. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, NULL, FALSE, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES));
  assert_non_null (strstr (error->message, "9"));
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* An order by hand cannot be checked yet: only when forced. */
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 2, 3 }, FALSE,
                                                  &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: the last-segment order comes "
                                                 "from the scores after games 1-9; game 9 is"));
  assert_non_null (strstr (error->message, "to fix it anyway, confirm it"));
  g_clear_error (&error);
  /* Not the crew of the last segment (player 4 is its Box): refused
   * even when forced. */
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 2, 4 }, TRUE,
                                                  &error));
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: "));
  g_clear_error (&error);
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 1, 2 }, TRUE,
                                                  &error));
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  record (store, 1, 1, 9, "B");
  g_clear_pointer (&before, g_free);
  before = dump (fixture->path, TRUE);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  }
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_true (ctd_chouette_compute_last_segment_order (loaded, expected, &error));

  assert_true (ctd_store_fix_last_segment_order (store, 1, 1, NULL, FALSE, &error));
  assert_null (error);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);

    first = g_ptr_array_index (chouettes, 0);
    assert_true (first->order_fixed);
    for (guint i = 0; i < 3; i++)
      assert_int_equal (first->last_order[i], expected[i]);
    /* Only that chouette's order is fixed. */
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 1))->order_fixed);
  }
  entry = last_audit (store);
  assert_string_equal (entry->action, "fix-last-segment-order");
  {
    /* Logged with numbers and names: "... order 3, 1, 2 (Cid, Ann, Bob)". */
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *seats = g_ptr_array_index (chouettes, 0);
    g_autofree char *logged = g_strdup_printf ("Chouette 1.1: fixed the last-segment order "
                                               "%u, %u, %u (%s, %s, %s)", expected[0],
                                               expected[1], expected[2],
                                               seats->names[expected[0] - 1],
                                               seats->names[expected[1] - 1],
                                               seats->names[expected[2] - 1]);
    assert_string_equal (entry->summary, logged);
  }
  assert_non_null (strstr (entry->after, "last_order"));

  /* Fixing the same order again is no change: no entry. */
  {
    guint n = audit_length (store);
    assert_true (ctd_store_fix_last_segment_order (store, 1, 1, expected, FALSE, &error));
    assert_int_equal (audit_length (store), n);
  }

  assert_true (ctd_store_undo (store, &summary, &error));
  assert_string_equal (summary, entry->summary);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  }
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, TRUE);
  assert_string_equal (before, after);

  /* Another order than the scores give: refused, naming theirs, unless
   * forced; then it is logged as set by hand. */
  {
    guint swapped[3] = { expected[1], expected[0], expected[2] };
    g_autofree char *scores = g_strdup_printf ("give the last-segment order %u, %u, %u (",
                                               expected[0], expected[1], expected[2]);

    assert_false (ctd_store_fix_last_segment_order (store, 1, 1, swapped, FALSE, &error));
    assert_error_code_impl (error, CTD_STORE_ERROR_CONFIRM);
    assert_non_null (strstr (error->message, scores));
    g_clear_error (&error);
    g_clear_pointer (&after, g_free);
    after = dump (fixture->path, TRUE);
    assert_string_equal (before, after);

    assert_true (ctd_store_fix_last_segment_order (store, 1, 1, swapped, TRUE, &error));
    g_clear_pointer (&entry, ctd_store_audit_entry_free);
    entry = last_audit (store);
    assert_non_null (strstr (entry->summary, " by hand; the scores give "));
    g_clear_pointer (&loaded, ctd_chouette_free);
    loaded = ctd_store_load_chouette (store, 1, 1, &error);
    assert_int_equal (ctd_chouette_get_last_segment_order (loaded)[0], expected[1]);
  }
}

static void
undo_expect (CtdStore   *store,
             const char *summary)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *logged = g_strconcat ("Undid: ", summary, NULL);

  if (!ctd_store_undo (store, &got, &error))
    fail_msg ("undo: %s", error->message);
  assert_string_equal (got, summary);
  entry = last_audit (store);
  assert_string_equal (entry->action, "undo");
  assert_string_equal (entry->summary, logged);
}

static void
redo_expect (CtdStore   *store,
             const char *summary)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *logged = g_strconcat ("Redid: ", summary, NULL);

  if (!ctd_store_redo (store, &got, &error))
    fail_msg ("redo: %s", error->message);
  assert_string_equal (got, summary);
  entry = last_audit (store);
  assert_string_equal (entry->action, "redo");
  assert_string_equal (entry->summary, logged);
}

/* With nothing to redo, redo is refused and the file stays as it was. */
static void
assert_nothing_to_redo (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (ctd_store_get_path (store), FALSE);
  g_autofree char *after = NULL;
  g_autofree char *display = g_filename_display_name (ctd_store_get_path (store));
  g_autofree char *message = g_strdup_printf ("There is nothing to redo in “%s”", display);
  char *summary = NULL;

  assert_false (ctd_store_redo (store, &summary, &error));
  assert_null (summary);
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, message);
  after = dump (ctd_store_get_path (store), FALSE);
  assert_string_equal (before, after);
}

/* Undo and redo in the orders a director uses them, with what the
 * window's Undo and Redo would say at each step. */
static void
test_redo_sequences (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_auto(Snapshot) empty = snapshot_take (store);
  g_auto(Snapshot) with_a = { NULL, NULL };
  g_auto(Snapshot) with_ab = { NULL, NULL };
  g_auto(Snapshot) with_ac = { NULL, NULL };
  const char *a = "Added Anna, checked in";
  const char *b = "Added Bert, checked in";
  const char *c = "Added Cleo, checked in";

  assert_history (store, NULL, NULL);
  assert_nothing_to_redo (store);

  /* A, B, undo, undo, redo, redo: A comes back, then B. */
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  with_a = snapshot_take (store);
  assert_true (ctd_store_add_player (store, "Bert", "Riga", "LV-7", TRUE, NULL, &error));
  with_ab = snapshot_take (store);
  assert_history (store, b, NULL);
  assert_nothing_to_redo (store);

  undo_expect (store, b);
  assert_state (store, &with_a);
  assert_history (store, a, b);
  undo_expect (store, a);
  assert_state (store, &empty);
  assert_history (store, NULL, a);

  redo_expect (store, a);
  assert_state (store, &with_a);
  assert_history (store, a, b);
  redo_expect (store, b);
  assert_state (store, &with_ab);
  assert_history (store, b, NULL);
  assert_nothing_to_redo (store);

  /* A redo is undone like an action, and the log never says
   * "Undid: Redid: ...". Back and forth, the rows are the same. */
  for (guint i = 0; i < 3; i++)
    {
      undo_expect (store, b);
      assert_state (store, &with_a);
      assert_history (store, a, b);
      redo_expect (store, b);
      assert_state (store, &with_ab);
    }
  undo_expect (store, b);
  undo_expect (store, a);
  assert_state (store, &empty);
  redo_expect (store, a);
  undo_expect (store, a);
  assert_history (store, NULL, a);
  redo_expect (store, a);
  redo_expect (store, b);
  assert_state (store, &with_ab);

  /* A, undo, C: a new action empties the redo list. */
  undo_expect (store, b);
  assert_history (store, a, b);
  assert_true (ctd_store_add_player (store, "Cleo", NULL, NULL, TRUE, NULL, &error));
  with_ac = snapshot_take (store);
  assert_history (store, c, NULL);
  assert_nothing_to_redo (store);

  /* Undo everything, then redo everything: the actions come back in the
   * order they were made, and B (undone before C) stays undone. */
  undo_expect (store, c);
  undo_expect (store, a);
  assert_state (store, &empty);
  assert_history (store, NULL, a);
  redo_expect (store, a);
  redo_expect (store, c);
  assert_state (store, &with_ac);
  assert_nothing_to_redo (store);

  /* The log links each undo to what it took back, and each redo to the
   * undo it took back. */
  {
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    GHashTable *by_id = g_hash_table_new (g_int64_hash, g_int64_equal);

    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        g_hash_table_insert (by_id, &e->id, e);
      }
    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        CtdStoreAuditEntry *target = g_hash_table_lookup (by_id, &e->undoes);

        if (strcmp (e->action, "undo") == 0 || strcmp (e->action, "redo") == 0)
          {
            assert_non_null (target);
            assert_int_equal (target->undone_by, e->id);
            assert_true (target->id < e->id);
            if (strcmp (e->action, "redo") == 0)
              assert_string_equal (target->action, "undo");
            assert_null (strstr (e->summary, "Redid: Redid"));
            assert_null (strstr (e->summary, ": Undid"));
            assert_null (strstr (e->summary, ": Redid"));
          }
        else
          assert_int_equal (e->undoes, 0);
      }
    g_hash_table_unref (by_id);
  }
}

/* A whole 4-player qualifying round, paper totals, release, roll-off,
 * advancement and the final; then undo all of it. */
static void
test_round_life_cycle (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autofree char *empty = dump (fixture->path, TRUE);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(Snapshot) full = { NULL, NULL };
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };
  gint64 advancers[4];
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autoptr(CtdChouette) loaded = NULL;

  add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= 12; g++)
      record (store, 1, c, g, g % 3 == 0 ? "T" : "B");

  g_clear_pointer (&rounds, g_array_unref);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_COMPLETE);

  /* A typed paper total that disagrees holds the round back. */
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  ctd_chouette_get_totals (loaded, totals);
  for (guint p = 0; p < 4; p++)
    {
      paper[p] = totals[p];
      given[p] = TRUE;
    }
  paper[0] += 2;
  paper[1] -= 2;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  g_clear_pointer (&rounds, g_array_unref);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_IN_PLAY);
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (seats, 0);
    CtdStoreChouette *second = g_ptr_array_index (seats, 1);
    gint64 four[4] = { first->players[0], first->players[1],
                       second->players[0], second->players[1] };

    /* A paper total disagrees: the round is not complete, nobody advances. */
    assert_false (ctd_store_set_advancement (store, 1, 2, 0, four, 4, &error));
    assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
    assert_non_null (strstr (error->message, "in play"));
    g_clear_error (&error);
  }
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_release_round (store, 1, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  for (guint p = 0; p < 4; p++)
    {
      paper[p] = totals[p];
      given[p] = TRUE;
    }
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  {
    CtdHalves read[CTD_MAX_PLAYERS];
    gboolean read_given[CTD_MAX_PLAYERS];

    assert_true (ctd_store_get_crosscheck (store, 1, 1, read, read_given, &error));
    for (guint p = 0; p < 4; p++)
      {
        assert_true (read_given[p]);
        assert_int_equal (read[p], totals[p]);
      }
  }

  chouettes = ctd_store_list_chouettes (store, 1, &error);
  {
    CtdStoreChouette *first = g_ptr_array_index (chouettes, 0);
    CtdStoreChouette *second = g_ptr_array_index (chouettes, 1);
    guint64 seed = 99;

    /* Roll-offs need a complete round; the players must have played. The
     * log names them, best first, with the seed rolled. */
    assert_true (ctd_store_add_rolloff (store, 1, first->players, 2, &seed, &error));
    {
      g_autoptr(CtdStoreAuditEntry) entry = last_audit (store);
      g_autofree char *expected = g_strdup_printf ("Round 1: roll-off, best first: %s, %s "
                                                   "(rolled with seed 99)", first->names[0],
                                                   first->names[1]);
      assert_string_equal (entry->summary, expected);
    }
    assert_false (ctd_store_add_rolloff (store, 1, (gint64[]) { first->players[0], 999 }, 2,
                                         NULL, &error));
    assert_string_equal (error->message, "There is no player 999 in this event");
    g_clear_error (&error);
    assert_false (ctd_store_add_rolloff (store, 1, (gint64[]) { first->players[1],
                                                                first->players[1] }, 2,
                                         NULL, &error));
    {
      g_autofree char *expected = g_strdup_printf ("%s is listed twice", first->names[1]);
      assert_string_equal (error->message, expected);
    }
    g_clear_error (&error);
    {
      g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, 1, &error);
      assert_int_equal (rolloffs->len, 1);
      assert_int_equal (g_array_index ((GArray *) g_ptr_array_index (rolloffs, 0), gint64, 1),
                        first->players[1]);
    }

    advancers[0] = first->players[0];
    advancers[1] = first->players[1];
    advancers[2] = second->players[0];
    advancers[3] = second->players[1];
  }
  /* Five advancers could not make a next round. */
  assert_false (ctd_store_set_advancement (store, 1, 2, 0, advancers, 5, &error));
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE));
  g_clear_error (&error);
  assert_false (ctd_store_draw_round (store, 5, NULL, &error));
  g_clear_error (&error);

  assert_true (ctd_store_release_round (store, 1, &error));
  /* Released results cannot change. */
  assert_false (ctd_store_record_game (store, 1, 1, 1, "T", FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "Round 1 is released: its results can no longer change; "
                                       "undo the release first");
  g_clear_error (&error);

  assert_true (ctd_store_set_advancement (store, 1, 2, 0, advancers, 4, &error));
  {
    g_autoptr(GArray) stored = ctd_store_list_advancers (store, 1, &error);
    g_autoptr(CtdStoreAuditEntry) entry = last_audit (store);
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (seats, 0);
    CtdStoreChouette *second = g_ptr_array_index (seats, 1);
    g_autofree char *expected = g_strdup_printf ("Round 1: top 2 and 0 wildcards advance: %s, "
                                                 "%s, %s, %s", first->names[0], first->names[1],
                                                 second->names[0], second->names[1]);

    assert_int_equal (stored->len, 4);
    assert_string_equal (entry->summary, expected);
  }
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  g_clear_pointer (&rounds, g_array_unref);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 2);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_CLOSED);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).top_k, 2);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 1).stage, CTD_STAGE_FINAL);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 1).state, CTD_ROUND_DRAWN);
  assert_false (ctd_store_record_game (store, 1, 1, 1, "T", FALSE, &error));
  assert_string_equal (error->message, "Round 1 is closed: round 2 is drawn, so its results can "
                                       "no longer change");
  g_clear_error (&error);
  {
    g_autoptr(GPtrArray) final = ctd_store_list_chouettes (store, 2, &error);
    CtdStoreChouette *table = g_ptr_array_index (final, 0);

    assert_int_equal (final->len, 1);
    assert_int_equal (table->size, 4);
    for (guint k = 0; k < 4; k++)
      {
        gboolean found = FALSE;
        for (guint a = 0; a < 4; a++)
          found |= advancers[a] == table->players[k];
        assert_true (found);
      }
  }

  /* Undo every kind of action, back to the empty event. */
  full = snapshot_take (store);
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, TRUE);
  assert_string_equal (empty, after);

  /* Redo every one of them: the event comes back row for row; then
   * undo takes the redone actions back again. */
  while (ctd_store_redo (store, NULL, &error))
    ;
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  assert_state (store, &full);
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = dump (fixture->path, TRUE);
  assert_string_equal (empty, after);
}

/* Paper totals must balance and name every player; a disagreement is
 * stored, and the round says which chouettes hold it up and why. */
static void
test_crosscheck_and_hold_ups (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(GPtrArray) hold_ups = NULL;
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  CtdHalves totals[CTD_MAX_PLAYERS];
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS] = { TRUE, TRUE, TRUE, TRUE };
  CtdStoreHoldUp *hold_up;
  char *names[CTD_MAX_PLAYERS];

  add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      names[k] = g_strdup (first->names[k]);
  }

  /* Nothing entered: both chouettes hold the round up. */
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 2);
  text = ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, 1));
  assert_string_equal (text, "1.2: no game entered yet");
  g_clear_pointer (&text, g_free);

  for (guint g = 1; g <= 12; g++)
    record (store, 1, 1, g, g % 3 == 0 ? "T" : "Bg");
  for (guint g = 1; g <= 9; g++)
    record (store, 1, 2, g, "B");
  record (store, 1, 2, 11, "B");
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  ctd_chouette_get_totals (loaded, totals);

  /* Refused, changing nothing: a missing total, a sheet that does not
   * add up to zero. */
  before = dump (fixture->path, FALSE);
  memcpy (paper, totals, sizeof paper);
  given[2] = FALSE;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: the paper totals need every "
                                                 "player's total; missing: player 3 (%s)",
                                                 names[2]);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  given[2] = TRUE;
  paper[3] += 1;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: the paper totals add up to "
                                                 "+0.5, not 0"));
  g_clear_error (&error);
  /* A total no 12 games can come to, even balanced by another one (the
   * sum of such totals would overflow before it came back to zero). */
  paper[3] -= 1;
  paper[1] = CTD_CHOUETTE_HALVES_MAX + 1;
  paper[2] = -CTD_CHOUETTE_HALVES_MAX - 1;
  paper[0] = -paper[3];
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: the paper total of player 2 "
                                                 "(%s), +364,904,448.5, is more than 12 games "
                                                 "can come to (at most 364,904,448 points "
                                                 "either way); check the sheet", names[1]);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  paper[1] = G_MAXINT64;
  paper[2] = G_MININT64 + 1;
  paper[0] = 1;
  paper[3] = -1;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  assert_non_null (strstr (error->message, "player 2"));
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  /* At the bound, in either direction, a total is a total. */
  paper[0] = CTD_CHOUETTE_HALVES_MAX;
  paper[1] = -CTD_CHOUETTE_HALVES_MAX;
  paper[2] = 0;
  paper[3] = 0;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));

  /* A balanced sheet that disagrees is stored, in points, with names. */
  memcpy (paper, totals, sizeof paper);
  paper[0] += 4;
  paper[2] -= 4;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  entry = last_audit (store);
  {
    g_autofree char *p1 = ctd_halves_to_string (paper[0], TRUE);
    g_autofree char *p4 = ctd_halves_to_string (paper[3], TRUE);
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: paper totals %s %s, ", names[0],
                                                 p1);
    g_autofree char *end = g_strdup_printf (", %s %s", names[3], p4);

    assert_true (g_str_has_prefix (entry->summary, expected));
    assert_true (g_str_has_suffix (entry->summary, end));
  }

  g_clear_pointer (&hold_ups, g_ptr_array_unref);
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 2);
  hold_up = g_ptr_array_index (hold_ups, 0);
  assert_int_equal (hold_up->chouette, 1);
  assert_int_equal (hold_up->n_games, 12);
  assert_int_equal (hold_up->missing, 0);
  assert_int_equal (hold_up->mismatched, 0x5);
  text = ctd_store_hold_up_describe (hold_up);
  {
    g_autofree char *expected = g_strdup_printf ("1.1: the paper totals of %s and %s disagree "
                                                 "with the entered games", names[0], names[2]);
    assert_string_equal (text, expected);
  }
  g_clear_pointer (&text, g_free);
  hold_up = g_ptr_array_index (hold_ups, 1);
  assert_int_equal (hold_up->n_games, 10);
  assert_int_equal (hold_up->missing, (1u << 9) | (1u << 11));
  text = ctd_store_hold_up_describe (hold_up);
  assert_string_equal (text, "1.2: games 10 and 12 to enter");
  g_clear_pointer (&text, g_free);

  /* The right totals and the last games: nothing holds the round up. */
  assert_true (ctd_store_set_crosscheck (store, 1, 1, totals, NULL, &error));
  record (store, 1, 2, 10, "T");
  record (store, 1, 2, 12, "T");
  g_clear_pointer (&hold_ups, g_ptr_array_unref);
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 0);
  {
    g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);
    assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_COMPLETE);
  }
  assert_null (ctd_store_list_hold_ups (store, 2, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  for (guint k = 0; k < 4; k++)
    g_free (names[k]);
}

/* ---- what changed, for a window ------------------------------------------ */

/* The one entry logged since *@since says it changed @what in round
 * @round, chouette @chouette; *@since moves to it. */
static void
expect_change (CtdStore   *store,
               gint64     *since,
               const char *action,
               CtdChange   what,
               guint       round,
               guint       chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) changes = ctd_store_list_changes_since (store, *since, &error);
  g_autoptr(CtdStoreAuditEntry) entry = last_audit (store);
  CtdStoreChange *change;

  assert_non_null (changes);
  if (changes->len != 1)
    fail_msg ("%s: %u changes since #%" G_GINT64_FORMAT, action, changes->len, *since);
  change = &g_array_index (changes, CtdStoreChange, 0);
  assert_string_equal (entry->action, action);
  assert_int_equal (change->audit_id, entry->id);
  assert_int_equal (ctd_store_get_last_audit_id (store, &error), entry->id);
  if (change->what != what || change->round != round || change->chouette != chouette)
    fail_msg ("%s (%s): what 0x%x round %u chouette %u; expected 0x%x round %u chouette %u",
              action, entry->summary, change->what, change->round, change->chouette, what,
              round, chouette);
  *since = entry->id;
}

static void
test_changes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  CtdEventSettings settings = default_settings;
  const CtdNewPlayer imported[] = { { "Iris", NULL, NULL }, { "Ivo", "Oslo", NULL } };
  char *reasons[G_N_ELEMENTS (imported)];
  const CtdChange chouette_games = CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS;
  const CtdChange draw = CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;
  gint64 since = ctd_store_get_last_audit_id (store, &error);
  gint64 before_games;
  gint64 anna;
  guint n_added;

  /* The entry that created the file changed nothing a window shows. */
  assert_int_equal (since, 1);
  {
    g_autoptr(GArray) all = ctd_store_list_changes_since (store, 0, &error);
    assert_int_equal (all->len, 1);
    assert_int_equal (g_array_index (all, CtdStoreChange, 0).audit_id, 1);
    assert_int_equal (g_array_index (all, CtdStoreChange, 0).what, 0);
  }

  settings.venue = (char *) "Town hall";
  assert_true (ctd_store_set_settings (store, &settings, &error));
  expect_change (store, &since, "set-settings", CTD_CHANGE_SETTINGS, 0, 0);
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, &anna, &error));
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_edit_player (store, anna, "Anna Lee", "Riga", NULL, &error));
  expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_import_players (store, "list.csv", imported, G_N_ELEMENTS (imported),
                                         TRUE, reasons, &n_added, &error));
  expect_change (store, &since, "import-players", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_set_checked_in (store, anna, FALSE, &error));
  expect_change (store, &since, "check-out", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_withdraw_player (store, anna, FALSE, &error));
  expect_change (store, &since, "withdraw-player", CTD_CHANGE_PLAYERS, 0, 0);
  add_checked_in (store, 6);
  since = ctd_store_get_last_audit_id (store, &error);

  /* Eight players: two chouettes of four. */
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  expect_change (store, &since, "draw-round", draw, 1, 0);
  assert_true (ctd_store_redraw_round (store, 1, 6, &error));
  expect_change (store, &since, "redraw-round", draw, 1, 0);

  /* A seated player's new name shows in every round's chouettes and
   * standings; a new club shows among the players only. */
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    gint64 seated = ((CtdStoreChouette *) g_ptr_array_index (chouettes, 1))->players[2];

    assert_true (ctd_store_edit_player (store, seated, "Renamed", NULL, NULL, &error));
    expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS | draw, 0, 0);
    assert_true (ctd_store_edit_player (store, seated, NULL, "Oslo", NULL, &error));
    expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS, 0, 0);
    assert_true (ctd_store_undo (store, NULL, &error));
    expect_change (store, &since, "undo", CTD_CHANGE_PLAYERS, 0, 0);
    assert_true (ctd_store_undo (store, NULL, &error));
    expect_change (store, &since, "undo", CTD_CHANGE_PLAYERS | draw, 0, 0);
  }

  before_games = since;
  record (store, 1, 2, 1, "T");
  expect_change (store, &since, "record-game", chouette_games, 1, 2);
  assert_true (ctd_store_clear_game (store, 1, 2, 1, &error));
  expect_change (store, &since, "clear-game", chouette_games, 1, 2);
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= 9; g++)
      record (store, 1, c, g, g % 3 == 0 ? "T" : "B");
  since = ctd_store_get_last_audit_id (store, &error);
  /* Fixing the order changes one chouette's sheet, not the standings. */
  assert_true (ctd_store_fix_last_segment_order (store, 1, 2, NULL, FALSE, &error));
  expect_change (store, &since, "fix-last-segment-order", CTD_CHANGE_CHOUETTE, 1, 2);
  /* The first last-segment game of chouette 1 fixes its order too. */
  record (store, 1, 1, 10, "T");
  expect_change (store, &since, "record-game", chouette_games, 1, 1);
  for (guint c = 1; c <= 2; c++)
    for (guint g = c == 1 ? 11 : 10; g <= 12; g++)
      record (store, 1, c, g, "B");
  since = ctd_store_get_last_audit_id (store, &error);
  {
    g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, 1, 2, &error);
    CtdHalves totals[CTD_MAX_PLAYERS];

    ctd_chouette_get_totals (loaded, totals);
    assert_true (ctd_store_set_crosscheck (store, 1, 2, totals, NULL, &error));
    expect_change (store, &since, "set-crosscheck", chouette_games, 1, 2);
  }
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (chouettes, 0);
    CtdStoreChouette *second = g_ptr_array_index (chouettes, 1);
    gint64 advancers[4] = { first->players[0], first->players[1],
                            second->players[0], second->players[1] };

    assert_true (ctd_store_add_rolloff (store, 1, first->players, 2, NULL, &error));
    expect_change (store, &since, "add-rolloff", CTD_CHANGE_STANDINGS, 1, 0);
    assert_true (ctd_store_release_round (store, 1, &error));
    expect_change (store, &since, "release-round", draw, 1, 0);
    assert_true (ctd_store_set_advancement (store, 1, 2, 0, advancers, 4, &error));
    expect_change (store, &since, "set-advancement", draw, 1, 0);
    /* The same top K again: only the advancers, the standings. */
    assert_true (ctd_store_set_advancement (store, 1, 2, 0, (gint64[]) {
                   first->players[0], first->players[2], second->players[0],
                   second->players[1] }, 4, &error));
    expect_change (store, &since, "set-advancement", CTD_CHANGE_STANDINGS, 1, 0);
  }
  assert_true (ctd_store_draw_round (store, 7, NULL, &error));
  expect_change (store, &since, "draw-round", draw, 2, 0);

  /* An undo and a redo report the rows they changed themselves. */
  assert_true (ctd_store_undo (store, NULL, &error));
  expect_change (store, &since, "undo", draw, 2, 0);
  assert_true (ctd_store_redo (store, NULL, &error));
  expect_change (store, &since, "redo", draw, 2, 0);
  for (guint i = 0; i < 5; i++)
    assert_true (ctd_store_undo (store, NULL, &error));
  since = ctd_store_get_last_audit_id (store, &error);
  assert_true (ctd_store_undo (store, NULL, &error));
  expect_change (store, &since, "undo", chouette_games, 1, 2);
  assert_true (ctd_store_redo (store, NULL, &error));
  expect_change (store, &since, "redo", chouette_games, 1, 2);

  /* Oldest first, one per entry; once the draw is undone, the games of
   * its chouettes can only say "the rounds changed". */
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  {
    g_autoptr(GArray) changes = ctd_store_list_changes_since (store, before_games, &error);
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    CtdStoreChange *first = &g_array_index (changes, CtdStoreChange, 0);
    guint n_after = 0;

    for (guint i = 0; i < log->len; i++)
      n_after += ((CtdStoreAuditEntry *) g_ptr_array_index (log, i))->id > before_games;
    assert_int_equal (changes->len, n_after);
    for (guint i = 1; i < changes->len; i++)
      assert_true (g_array_index (changes, CtdStoreChange, i).audit_id >
                   g_array_index (changes, CtdStoreChange, i - 1).audit_id);
    assert_int_equal (first->audit_id, before_games + 1);
    assert_int_equal (first->what, CTD_CHANGE_ROUNDS);
    assert_int_equal (first->round, 0);
    assert_int_equal (first->chouette, 0);
  }
  /* Nothing since the newest entry. */
  {
    g_autoptr(GArray) none = ctd_store_list_changes_since (store,
                                                           ctd_store_get_last_audit_id (store, &error),
                                                           &error);
    assert_int_equal (none->len, 0);
  }
}

/* Another window or command writing to the same file: the first handle
 * sees its data version move and learns what changed. */
static void
test_second_handle (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(CtdStore) again = NULL;
  gint64 since = ctd_store_get_last_audit_id (store, &error);
  gint64 version, now;

  assert_true (ctd_store_get_data_version (store, &version, &error));
  /* Its own actions do not move it. */
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_int_equal (now, version);
  since = ctd_store_get_last_audit_id (store, &error);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_add_player (other, "Bert", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_true (now != version);
  version = now;
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);

  /* A second connection for a worker thread writes with the same audit
   * triggers: its action is logged with row images, and undoable from
   * the first handle. */
  again = ctd_store_open_again (store, FALSE, &error);
  assert_non_null (again);
  assert_false (ctd_store_is_read_only (again));
  assert_true (ctd_store_add_player (again, "Cleo", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_true (now != version);
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);
  {
    g_autoptr(CtdStoreAuditEntry) entry = last_audit (store);
    g_autofree char *summary = NULL;

    assert_non_null (strstr (entry->after, "Cleo"));
    assert_true (ctd_store_undo (store, &summary, &error));
    assert_string_equal (summary, "Added Cleo, checked in");
  }
  {
    g_autoptr(GPtrArray) players = ctd_store_list_players (again, &error);
    assert_int_equal (players->len, 2);
  }
}

/* The state of round 1 as @store lists it. */
static CtdRoundState
round_one_state (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);

  assert_non_null (rounds);
  return g_array_index (rounds, CtdStoreRound, 0).state;
}

/* Rounds are read again only after a write, but after every write: this
 * handle's and another handle's; a refused action changes nothing. */
static void
test_rounds_follow_writes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GArray) rounds = NULL;

  add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  assert_int_equal (round_one_state (store), CTD_ROUND_DRAWN);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 1);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_players, 8);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_chouettes, 2);

  record (store, 1, 1, 1, four_sheet[0]);
  assert_int_equal (round_one_state (store), CTD_ROUND_IN_PLAY);

  /* A refused result leaves the round as it was. */
  assert_false (ctd_store_record_game (store, 1, 1, 2, "B 9:2", FALSE, &error));
  g_clear_error (&error);
  assert_int_equal (round_one_state (store), CTD_ROUND_IN_PLAY);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_int_equal (round_one_state (other), CTD_ROUND_IN_PLAY);
  assert_true (ctd_store_clear_game (other, 1, 1, 1, &error));
  assert_int_equal (round_one_state (store), CTD_ROUND_DRAWN);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_int_equal (round_one_state (other), CTD_ROUND_IN_PLAY);
}

static gpointer
count_players_thread (gpointer data)
{
  CtdStore *store = data;
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, NULL);

  return GUINT_TO_POINTER (players != NULL ? players->len + 1 : 0);
}

static void
assert_read_only_refused (const char *path,
                          int         code,
                          const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length = 0, after_length = 0;

  before = read_bytes (path, &before_length);
  assert_null (ctd_store_open_read_only (path, &error));
  assert_error_code_impl (error, code);
  assert_non_null (strstr (error->message, "event.chouette"));
  if (message != NULL && strstr (error->message, message) == NULL)
    fail_msg ("“%s” not in “%s”", message, error->message);
  after = read_bytes (path, &after_length);
  assert_int_equal (before_length, after_length);
  assert_memory_equal (before, after, before_length);
}

static void
test_open_read_only (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) writer = NULL;
  g_autoptr(CtdStore) reader = NULL;
  g_autoptr(CtdStore) again = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *shown_read = NULL;
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v0", NULL);
  GThread *thread;

  assert_null (ctd_store_open_read_only (fixture->path, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  writer = create_default (fixture);
  add_checked_in (writer, 4);
  assert_true (ctd_store_draw_round (writer, 3, NULL, &error));
  record (writer, 1, 1, 1, "T");
  shown = listing (writer);

  reader = ctd_store_open_read_only (fixture->path, &error);
  assert_null (error);
  assert_non_null (reader);
  assert_true (ctd_store_is_read_only (reader));
  assert_false (ctd_store_is_read_only (writer));
  shown_read = listing (reader);
  assert_string_equal (shown_read, shown);

  /* Every action is refused, and the file is left as it was. */
  before = dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (reader, "Zoë", NULL, NULL, TRUE, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  assert_non_null (strstr (error->message, "open for reading only"));
  assert_non_null (strstr (error->message, "event.chouette"));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (reader, 1, 1, 2, "T", FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  assert_false (ctd_store_undo (reader, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  assert_false (ctd_store_redo (reader, NULL, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  after = dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* A reader sees what the writer commits, and knows it changed. */
  {
    gint64 version, now;

    assert_true (ctd_store_get_data_version (reader, &version, &error));
    record (writer, 1, 1, 2, "B");
    assert_true (ctd_store_get_data_version (reader, &now, &error));
    assert_true (now != version);
    assert_int_equal (ctd_store_get_last_audit_id (reader, &error),
                      ctd_store_get_last_audit_id (writer, &error));
    g_clear_pointer (&shown, g_free);
    g_clear_pointer (&shown_read, g_free);
    shown = listing (writer);
    shown_read = listing (reader);
    assert_string_equal (shown_read, shown);
  }

  /* A reader gives only readers, usable from a worker thread. */
  assert_null (ctd_store_open_again (reader, FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  again = ctd_store_open_again (writer, TRUE, &error);
  assert_non_null (again);
  assert_true (ctd_store_is_read_only (again));
  assert_false (ctd_store_set_checked_in (again, 1, FALSE, &error));
  assert_error_code_impl (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  thread = g_thread_new ("export", count_players_thread, again);
  assert_int_equal (GPOINTER_TO_UINT (g_thread_join (thread)), 4 + 1);
  g_clear_pointer (&again, ctd_store_close);
  g_clear_pointer (&reader, ctd_store_close);
  g_clear_pointer (&writer, ctd_store_close);

  /* Refused like a writer would be: too new, not an event, damaged. */
  ctd_test_exec_sql (fixture->path, "PRAGMA user_version = 99");
  assert_read_only_refused (fixture->path, CTD_STORE_ERROR_TOO_NEW, "newer");
  g_unlink (fixture->path);
  assert_true (g_file_set_contents (fixture->path, "Name,Club\nZoë,Paris\n", -1, NULL));
  assert_read_only_refused (fixture->path, CTD_STORE_ERROR_NOT_EVENT, NULL);
  g_unlink (fixture->path);

  /* An older schema is upgraded only by a writer. */
  ctd_test_exec_sql (fixture->path, "PRAGMA application_id = 1129595973");
  assert_read_only_refused (fixture->path, CTD_STORE_ERROR_READ_ONLY, "open it for writing");
  assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_create_open_round_trip, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_missing, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_existing_on_create, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_not_event, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_truncated, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_too_new, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_migrate_with_backup, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v1, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_paper_setting, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_settings_fixed_by_results, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_money_bounds, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refuse_read_only, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_second_writer_locked, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_players, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_registration, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_player, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_draw_record_undo, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_record_replace, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fix_last_segment_order, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_redo_sequences, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_life_cycle, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_and_hold_ups, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_changes, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_second_handle, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rounds_follow_writes, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_open_read_only, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
