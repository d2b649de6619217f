/* test-store-upgrade.c: event files of an older schema upgraded on open.
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
#include "ctd-tournament.h"
#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

/* Each test runs in a fresh temporary folder, removed afterwards. */

/* What schema 7 added, taken away again, for a file of an older schema. */
#define WITHOUT_V7 \
  "DROP INDEX submission_number; ALTER TABLE submission DROP COLUMN number; " \
  "ALTER TABLE submission DROP COLUMN device; " \
  "ALTER TABLE submission DROP COLUMN confirm_device; " \
  "ALTER TABLE submission DROP COLUMN link; " \
  "ALTER TABLE chouette DROP COLUMN last_direction; " \
  "UPDATE audit_change SET before = json_remove (before, '$.last_direction'), " \
  "  after = json_remove (after, '$.last_direction') WHERE tbl = 'chouette'; "
typedef CtdTestFolder Fixture;

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
  CtdEventSettings changed = ctd_test_default_settings;
  CtdHalves totals[CTD_MAX_PLAYERS];
  const char *games_sql = "SELECT chouette, number, canonical, ledger FROM game "
                          "WHERE canonical != 'B 2:3' ORDER BY id";
  const char *images_sql = "SELECT id, before, after FROM audit_change ORDER BY id";

  /* The history, made by this version. */
  store = ctd_store_create (source, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    ctd_test_record (store, 1, 1, g, g == 2 ? "T" : ctd_test_four_sheet[g - 1]);
  assert_true (ctd_store_record_game (store, 1, 1, 2, ctd_test_four_sheet[1], TRUE, &error));
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
    "  CASE tbl WHEN 'event' THEN json_remove (before, '$.paper', '$.closed', '$.table_auto_accept', '$.language') "
    "    WHEN 'chouette' THEN json_remove (before, '$.last_direction') ELSE before END, "
    "  CASE tbl WHEN 'event' THEN json_remove (after, '$.paper', '$.closed', '$.table_auto_accept', '$.language') "
    "    WHEN 'chouette' THEN json_remove (after, '$.last_direction') ELSE after END "
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
  assert_string_equal (settings.venue, ctd_test_default_settings.venue);
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

/* A file of schema 5 (no language) opens: backed up, upgraded, its
 * sheets in the language of whoever prints; its history undoes across
 * the upgrade, and the language is then set like any setting. */
static void
test_upgrade_from_v5 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v5", NULL);
  CtdEventSettings changed = ctd_test_default_settings;

  store = ctd_store_create (fixture->path, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (store, 4);
  changed.venue = (char *) "Upstairs";
  assert_true (ctd_store_set_settings (store, &changed, &error));
  g_clear_pointer (&store, ctd_store_close);
  ctd_test_exec_sql (fixture->path,
    WITHOUT_V7
    "ALTER TABLE event DROP COLUMN language; "
    "UPDATE audit_change SET before = json_remove (before, '$.language'), "
    "  after = json_remove (after, '$.language') WHERE tbl = 'event'; "
    "PRAGMA user_version = 5");

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  {
    g_autofree char *old = ctd_test_query_text (backup, "SELECT user_version FROM pragma_user_version");
    g_autofree char *now = ctd_test_query_text (fixture->path,
                                                "SELECT user_version FROM pragma_user_version");

    assert_string_equal (old, "5|\n");
    assert_string_equal (now, "7|\n");
  }
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.venue, "Upstairs");
  assert_null (settings.language);
  ctd_event_settings_clear (&settings);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.venue, ctd_test_default_settings.venue);
  assert_null (settings.language);
  ctd_event_settings_clear (&settings);

  changed.language = (char *) "fr";
  assert_true (ctd_store_set_settings (store, &changed, &error));
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.language, "fr");
}

/* A file of schema 6 with a table's lines opens: backed up, upgraded,
 * each line numbered within its chouette, from no known phone; the
 * numbers go on from there, and a hostile file without them is refused. */
static void
test_upgrade_from_v6 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *numbers = NULL;
  guint box = 0;

  store = ctd_store_create (fixture->path, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 7, NULL, &error));
  secret = ctd_test_link_secret (store, 1, 2);
  {
    g_autoptr(CtdChouette) table = ctd_store_load_table_chouette (store, secret, NULL, NULL,
                                                                  &error);
    CtdChouetteGame slot;

    ctd_chouette_get_sheet_game (table, 1, &slot);
    box = slot.slot.box;
  }
  assert_true (ctd_store_submit (store, secret, 1, "T", box, "0000000000000000000000000000000a",
                                 "10.0.0.1", CTD_TEST_PHONE_A, NULL, &error));
  assert_true (ctd_store_reissue_link (store, 1, 1, NULL, &error));
  g_clear_pointer (&store, ctd_store_close);
  /* Schema 6 logged the links' secrets, as undo's images have them. */
  ctd_test_exec_sql (fixture->path,
    WITHOUT_V7
    "UPDATE audit SET "
    "  before = (SELECT json_group_array (json_object ('table', tbl, 'id', row_id, "
    "            'row', json (c.before))) FROM audit_change AS c "
    "            WHERE c.audit = audit.id AND c.before IS NOT NULL), "
    "  after = (SELECT json_group_array (json_object ('table', tbl, 'id', row_id, "
    "           'row', json (c.after))) FROM audit_change AS c "
    "           WHERE c.audit = audit.id AND c.after IS NOT NULL) "
    "WHERE action = 'reissue-link'; "
    "PRAGMA user_version = 6");
  {
    g_autofree char *logged = ctd_test_query_text (fixture->path,
                                                   "SELECT count (*) FROM audit "
                                                   "WHERE after LIKE '%\"secret\"%'");

    assert_string_equal (logged, "1|\n");
  }

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  numbers = ctd_test_query_text (fixture->path, "SELECT number, device IS NULL, link IS NULL "
                                 "FROM submission");
  assert_string_equal (numbers, "1|1|1|\n");
  /* The log keeps the reissue, not its secrets. */
  {
    g_autofree char *logged = ctd_test_query_text (fixture->path,
                                                   "SELECT count (*), "
                                                   "  sum (after LIKE '%\"secret\"%' "
                                                   "       OR before LIKE '%\"secret\"%'), "
                                                   "  sum (after LIKE '%\"issued\"%') "
                                                   "FROM audit WHERE action = 'reissue-link'");

    assert_string_equal (logged, "1|0|1|\n");
  }
  lines = ctd_store_list_submissions (store, 1, 2, &error);
  assert_int_equal (lines->len, 1);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->number, 1);
  assert_false (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->one_device);
  /* Sent back, then sent again: the next number. */
  assert_true (ctd_store_answer_submission (store, secret,
                                            ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id,
                                            box, FALSE, "10.0.0.1", CTD_TEST_PHONE_A, NULL,
                                            &error));
  g_clear_pointer (&lines, g_ptr_array_unref);
  assert_true (ctd_store_submit (store, secret, 1, "B", box, "0000000000000000000000000000000b",
                                 "10.0.0.1", CTD_TEST_PHONE_A, NULL, &error));
  lines = ctd_store_list_submissions (store, 1, 2, &error);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->number, 2);
  g_clear_pointer (&store, ctd_store_close);

  /* A line without its number is not one this version writes. */
  ctd_test_exec_sql (fixture->path, "UPDATE submission SET number = NULL WHERE number = 2");
  store = ctd_store_open (fixture->path, &error);
  assert_null (store);
  assert_non_null (strstr (error->message, "it has no number within its chouette"));
}

/* Issue 28: a file of schema 6 kept no direction with a fixed order;
 * upgraded, its orders (and the chouettes' images undo writes back)
 * take the event's direction, so that a later forced change of direction
 * reports none stale. A hostile file with an order and no direction, or
 * a direction and no order, is refused. */
static void
test_upgrade_fixed_orders_from_v6 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdChouette) loaded = NULL;
  CtdEventSettings settings = ctd_test_default_settings;
  const char *rows_sql = "SELECT number, last_order, last_direction FROM chouette "
                         "ORDER BY number";
  const char *images_sql = "SELECT count (*), "
                           "  sum (after ->> 'last_direction' IS 'highest-first'), "
                           "  sum (after ->> 'last_order' IS NOT NULL) "
                           "FROM audit_change WHERE tbl = 'chouette' AND after IS NOT NULL "
                           "  AND after ->> 'last_order' IS NOT NULL";

  store = ctd_store_create (fixture->path, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 7, NULL, &error));
  for (guint game = 1; game <= 10; game++)
    ctd_test_record (store, 1, 1, game, ctd_test_four_sheet[game - 1]);
  g_clear_pointer (&store, ctd_store_close);
  ctd_test_exec_sql (fixture->path, WITHOUT_V7 "PRAGMA user_version = 6");

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  {
    g_autofree char *rows = ctd_test_query_text (fixture->path, rows_sql);
    g_autofree char *images = ctd_test_query_text (fixture->path, images_sql);

    assert_string_equal (rows, "1|[3,1,2]|highest-first|\n2|(null)|(null)|\n");
    assert_string_equal (images, "1|1|1|\n");
  }

  /* Undone across the upgrade, game 10 releases the order and its
   * direction; redone, both come back. */
  assert_true (ctd_store_undo (store, NULL, &error));
  {
    g_autofree char *rows = ctd_test_query_text (fixture->path, rows_sql);

    assert_string_equal (rows, "1|(null)|(null)|\n2|(null)|(null)|\n");
  }
  assert_true (ctd_store_redo (store, NULL, &error));
  {
    g_autofree char *rows = ctd_test_query_text (fixture->path, rows_sql);

    assert_string_equal (rows, "1|[3,1,2]|highest-first|\n2|(null)|(null)|\n");
  }

  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_non_null (loaded);
  assert_int_equal (ctd_chouette_get_direction (loaded), CTD_LAST_SEGMENT_HIGHEST_FIRST);
  assert_false (ctd_chouette_last_segment_order_is_stale (loaded));
  g_clear_pointer (&store, ctd_store_close);

  ctd_test_exec_sql (fixture->path, "UPDATE chouette SET last_direction = NULL WHERE number = 1");
  store = ctd_store_open (fixture->path, &error);
  assert_null (store);
  assert_non_null (strstr (error->message, "the last-segment order is fixed without the "
                                           "direction it was fixed under"));
  g_clear_error (&error);
  ctd_test_exec_sql (fixture->path, "UPDATE chouette SET last_direction = 'lowest-first'");
  store = ctd_store_open (fixture->path, &error);
  assert_null (store);
  assert_non_null (strstr (error->message, "a last-segment direction is set with no order "
                                           "fixed"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_migrate_with_backup, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v1, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v5, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v6, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_fixed_orders_from_v6, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
