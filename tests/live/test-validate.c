/* test-validate.c: opening an event file is validating it.
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

#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-catalogue.h"
#include "ctd-test-files.h"

/*
 * Each bad file is a valid event, played through every round, changed
 * with plain SQLite the way a hand edit or another tool would; each must
 * be refused on open (for writing and for reading) with one line naming
 * the problem, and be left exactly as it was, with nothing beside it.
 */

typedef CtdTestFolder Fixture;

/* The valid event every test starts from, built once (main()). */
static char *base_dir;
static char *base_path;

/* The base event copied to the test's file, then @sql run on it. */
static void
make_bad (const Fixture *fixture,
          const char    *sql)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  assert_true (g_file_get_contents (base_path, &contents, &length, NULL));
  assert_true (g_file_set_contents (fixture->path, contents, (gssize) length, NULL));
  if (sql != NULL)
    ctd_test_exec_sql (fixture->path, sql);
}

static char *
file_hash (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in @dir, sorted, one per line. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  assert_non_null (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

/* One way of opening, refused with @code; the message is one line that
 * names the file and holds every word of @words; nothing changed. */
static void
assert_refused_by (const char  *path,
                   gboolean     read_only,
                   int          code,
                   const char  *const *words)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *hash = file_hash (path);
  g_autofree char *listing = list_dir (dir);
  g_autofree char *hash_after = NULL;
  g_autofree char *listing_after = NULL;
  g_autoptr(GError) error = NULL;
  CtdStore *store;

  store = read_only ? ctd_store_open_read_only (path, &error) : ctd_store_open (path, &error);
  if (store != NULL)
    {
      ctd_store_close (store);
      fail_msg ("%s accepted the bad file", read_only ? "open_read_only" : "open");
    }
  assert_non_null (error);
  if (error->domain != CTD_STORE_ERROR || error->code != code)
    fail_msg ("expected store error %d, got %s %d: %s", code, g_quark_to_string (error->domain),
              error->code, error->message);
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (error->message, words[i]) == NULL)
      fail_msg ("“%s” not in: %s", words[i], error->message);
  assert_null (strchr (error->message, '\n'));
  assert_true (g_utf8_validate (error->message, -1, NULL));
  /* And what the director can do. */
  if (code == CTD_STORE_ERROR_INVALID &&
      !g_str_has_suffix (error->message, "; open the copy it came from, or its most recent "
                         "backup, instead"))
    fail_msg ("no advice in: %s", error->message);

  hash_after = file_hash (path);
  listing_after = list_dir (dir);
  assert_string_equal (hash_after, hash);
  assert_string_equal (listing_after, listing);
  assert_null (strstr (listing_after, "-wal"));
  assert_null (strstr (listing_after, "-shm"));
  assert_null (strstr (listing_after, ".bak"));
}

/* Refused both for writing and for reading. */
#define assert_refused(path, code, ...) \
  G_STMT_START { \
    const char *const words_[] = { __VA_ARGS__, NULL }; \
    assert_refused_by ((path), FALSE, (code), words_); \
    assert_refused_by ((path), TRUE, (code), words_); \
  } G_STMT_END

#define assert_invalid(path, ...) assert_refused ((path), CTD_STORE_ERROR_INVALID, __VA_ARGS__)

static void
assert_opens (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_store_open (path, &error);
  g_autoptr(CtdStore) reader = NULL;

  if (store == NULL)
    fail_msg ("%s", error->message);
  reader = ctd_store_open_read_only (path, &error);
  if (reader == NULL)
    fail_msg ("%s", error->message);
}

/* The id of the first row @sql yields. */
static gint64
query_id (const char *path,
          const char *sql)
{
  g_autofree char *text = ctd_test_query_text (path, sql);

  return g_ascii_strtoll (text, NULL, 10);
}

/* ---- the valid files ------------------------------------------------------ */

static void
test_valid_fresh (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, NULL);
  assert_opens (fixture->path);
}

/* A file of schema 1 with records climbs the ladder (ALTER TABLE edits
 * its CREATE text) and opens again as a file of this version. */
static void
test_valid_upgraded_from_v1 (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v1", NULL);
  g_autofree char *games = NULL;
  g_autofree char *games_after = NULL;
  g_autofree char *schema = NULL;
  g_autofree char *fresh_schema = NULL;
  const char *games_sql = "SELECT chouette, number, canonical FROM game ORDER BY id";
  const char *schema_sql = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name";

  ctd_test_write_v1 (fixture->path, base_path,
                     "INSERT INTO rolloff SELECT * FROM a.rolloff; "
                     "INSERT INTO advancer SELECT * FROM a.advancer");
  games = ctd_test_query_text (fixture->path, games_sql);
  assert_true (strlen (games) > 100);

  assert_opens (fixture->path);
  assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  games_after = ctd_test_query_text (fixture->path, games_sql);
  assert_string_equal (games_after, games);
  /* Opened again: this version's schema, in the ALTERed form. */
  assert_opens (fixture->path);
  schema = ctd_test_query_text (fixture->path, schema_sql);
  fresh_schema = ctd_test_query_text (base_path, schema_sql);
  assert_string_equal (schema, fresh_schema);
  assert_non_null (strstr (schema, "paper"));
}

/* ---- the schema ------------------------------------------------------------- */

static void
test_extra_table (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('hi')");
  assert_invalid (fixture->path, "event.chouette", "cannot be used", "table “note”");
}

static void
test_extra_index (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "CREATE INDEX game_line ON game (canonical)");
  assert_invalid (fixture->path, "index “game_line”");
}

/* A trigger that would write on every action: refused, so it never
 * runs (the bytes are the same after both opens). */
static void
test_extra_trigger (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *name = NULL;

  make_bad (fixture, "CREATE TRIGGER stamp AFTER INSERT ON audit BEGIN "
            "  UPDATE event SET name = 'Hijacked'; END");
  assert_invalid (fixture->path, "trigger “stamp”");
  name = ctd_test_query_text (fixture->path, "SELECT name FROM event");
  assert_string_equal (name, "Benchmark Open|\n");
}

static void
test_extra_view (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "CREATE VIEW everyone AS SELECT name FROM player");
  assert_invalid (fixture->path, "view “everyone”");
}

/* A CHECK loosened in place: the table's text is not ours. */
static void
test_altered_check (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "PRAGMA writable_schema = ON; "
            "UPDATE sqlite_schema SET sql = replace (sql, 'size IN (3, 4)', 'size IN (3, 4, 5)') "
            "WHERE name = 'chouette'; "
            "PRAGMA writable_schema = OFF");
  assert_invalid (fixture->path, "table “chouette”", "not defined as Chouette TD defines it");
}

/* The seat table rebuilt without its UNIQUE constraints, holding a
 * position twice: refused for the table itself, before any row is read. */
static void
test_rebuilt_table (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "CREATE TABLE old_seat AS SELECT * FROM seat; DROP TABLE seat; "
            "CREATE TABLE seat (id INTEGER PRIMARY KEY, chouette INTEGER NOT NULL "
            "  REFERENCES chouette (id), "
            "  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 4), "
            "  player INTEGER NOT NULL REFERENCES player (id)) STRICT; "
            "INSERT INTO seat SELECT * FROM old_seat; DROP TABLE old_seat; "
            "CREATE INDEX seat_player ON seat (player); "
            "INSERT INTO seat (chouette, position, player) "
            "  SELECT chouette, position, player FROM seat WHERE id = (SELECT min (id) FROM seat)");
  assert_invalid (fixture->path, "table “seat”", "is not defined as Chouette TD defines");
}

static void
test_user_version (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "PRAGMA user_version = -1");
  assert_invalid (fixture->path, "file format -1");
  make_bad (fixture, "PRAGMA user_version = 99");
  assert_refused (fixture->path, CTD_STORE_ERROR_TOO_NEW, "newer");
  /* Tables without a format: no upgrade runs over them, no backup. */
  make_bad (fixture, "PRAGMA user_version = 0");
  assert_invalid (fixture->path, "user_version 0");
}

/* ---- the records ------------------------------------------------------------ */

static void
test_foreign_key (void **state)
{
  Fixture *fixture = *state;
  gint64 seat = query_id (base_path, "SELECT min (id) FROM seat");
  g_autofree char *where = g_strdup_printf ("table seat, row %" G_GINT64_FORMAT, seat);
  g_autofree char *sql = g_strdup_printf ("UPDATE seat SET player = 99999 WHERE id = %"
                                          G_GINT64_FORMAT, seat);

  make_bad (fixture, sql);
  assert_invalid (fixture->path, where, "player", "does not exist");
}

static void
test_chouette_size (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "PRAGMA ignore_check_constraints = ON; "
            "UPDATE chouette SET size = 5 WHERE id = 1");
  assert_invalid (fixture->path, "table chouette, row 1", "size 5 is not 3 or 4");
  make_bad (fixture, "PRAGMA ignore_check_constraints = ON; "
            "UPDATE chouette SET size = 2 WHERE id = 1");
  assert_invalid (fixture->path, "table chouette, row 1", "size 2 is not 3 or 4");
}

static void
test_seat_position (void **state)
{
  Fixture *fixture = *state;
  gint64 seat = query_id (base_path, "SELECT min (id) FROM seat");
  gint64 small_seat = query_id (base_path, "SELECT min (s.id) FROM seat AS s "
                                "JOIN chouette AS c ON c.id = s.chouette WHERE c.size = 3 "
                                "AND s.position = 1");
  g_autofree char *sql = g_strdup_printf ("PRAGMA ignore_check_constraints = ON; "
                                          "UPDATE seat SET position = 0 WHERE id = %"
                                          G_GINT64_FORMAT, seat);
  g_autofree char *where = g_strdup_printf ("table seat, row %" G_GINT64_FORMAT, seat);
  g_autofree char *small_sql = g_strdup_printf ("UPDATE seat SET position = 4 WHERE id = %"
                                                G_GINT64_FORMAT, small_seat);
  g_autofree char *small_where = g_strdup_printf ("table seat, row %" G_GINT64_FORMAT,
                                                  small_seat);

  make_bad (fixture, sql);
  assert_invalid (fixture->path, where, "position 0 is outside 1..4");
  /* Size + 1 in a 3-player chouette: the schema's CHECK allows 4. */
  assert_true (small_seat > 0);
  make_bad (fixture, small_sql);
  assert_invalid (fixture->path, small_where, "position 4 is outside 1..3");
}

static void
test_missing_seat (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "DELETE FROM seat WHERE chouette = 1 AND position = 2");
  assert_invalid (fixture->path, "table chouette, row 1", "3 seats are filled, expected 4");
}

static void
test_seated_twice (void **state)
{
  Fixture *fixture = *state;

  /* Chouette 2's first player also takes chouette 1's first seat. */
  make_bad (fixture, "UPDATE seat SET player = (SELECT s.player FROM seat AS s "
            "  JOIN chouette AS c ON c.id = s.chouette WHERE c.round = 1 AND c.number = 2 "
            "  AND s.position = 1) "
            "WHERE id = (SELECT s.id FROM seat AS s JOIN chouette AS c ON c.id = s.chouette "
            "  WHERE c.round = 1 AND c.number = 1 AND s.position = 1)");
  assert_invalid (fixture->path, "table seat", "is seated twice in round 1");
}

static void
test_order_not_permutation (void **state)
{
  Fixture *fixture = *state;
  gint64 chouette = query_id (base_path, "SELECT min (id) FROM chouette WHERE size = 4 "
                              "AND last_order IS NOT NULL");
  g_autofree char *sql = g_strdup_printf ("UPDATE chouette SET last_order = '[1,1,2]' "
                                          "WHERE id = %" G_GINT64_FORMAT, chouette);
  g_autofree char *where = g_strdup_printf ("table chouette, row %" G_GINT64_FORMAT, chouette);

  assert_true (chouette > 0);
  make_bad (fixture, sql);
  assert_invalid (fixture->path, where,
                  "last-segment order [1,1,2] is not an order of players 1..3");
  make_bad (fixture, "UPDATE chouette SET last_order = '[1,2,\"x\"]' WHERE size = 4");
  assert_invalid (fixture->path, "is not an order of players 1..3");
  /* A roll-off naming a player twice. */
  make_bad (fixture, "INSERT INTO rolloff (round, players) "
            "SELECT 1, json_array (player, player) FROM seat "
            "WHERE id = (SELECT min (id) FROM seat)");
  assert_invalid (fixture->path, "table rolloff", "lists a player twice");
}

static void
test_invalid_utf8_name (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "UPDATE player SET name = CAST (X'5A6FC328' AS TEXT) WHERE id = 2");
  /* The field in the reader's words (the test's catalogue): the word is
   * translated only once a problem is found. */
  assert_invalid (fixture->path, "table player, row 2", "the nom-xx is not valid text");
}

static void
test_long_name (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "PRAGMA ignore_check_constraints = ON; "
            "UPDATE player SET name = printf ('%.201c', 'x') WHERE id = 3");
  assert_invalid (fixture->path, "table player, row 3", "longer than 200 characters");
  /* A control character would break the lines of a sheet or a log. */
  make_bad (fixture, "UPDATE player SET name = 'Two' || char (10) || 'Lines' WHERE id = 3");
  assert_invalid (fixture->path, "table player, row 3", "control character", "Two\\nLines");
}

static void
test_dates (void **state)
{
  Fixture *fixture = *state;

  make_bad (fixture, "UPDATE event SET date = '2026-02-30'");
  assert_invalid (fixture->path, "table event, row 1", "date “2026-02-30” is not a day");
  make_bad (fixture, "UPDATE event SET closed = '2026-13-01T25:00:00Z'");
  assert_invalid (fixture->path, "table event, row 1", "closed", "does not read");
  make_bad (fixture, "UPDATE event SET date = '2026-02-28', closed = '2026-11-23T21:04:00Z'");
  assert_opens (fixture->path);
}

static void
test_stake_bound (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *sql = g_strdup_printf ("UPDATE event SET stake_cents = %" G_GINT64_FORMAT,
                                          CTD_STAKE_MAX_CENTS + 1);
  g_autofree char *fee_sql = g_strdup_printf ("UPDATE event SET entry_fee_cents = %"
                                              G_GINT64_FORMAT, CTD_ENTRY_FEE_MAX_CENTS + 1);

  make_bad (fixture, sql);
  assert_invalid (fixture->path, "table event, row 1", "stake", "outside 0..100000000");
  make_bad (fixture, fee_sql);
  assert_invalid (fixture->path, "table event, row 1", "entry fee");
  /* The bound itself is fine. */
  g_free (sql);
  sql = g_strdup_printf ("UPDATE event SET stake_cents = %" G_GINT64_FORMAT, CTD_STAKE_MAX_CENTS);
  make_bad (fixture, sql);
  assert_opens (fixture->path);
}

static void
test_paper_total_bound (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *sql = g_strdup_printf ("DELETE FROM crosscheck WHERE chouette = 1; "
                                          "INSERT INTO crosscheck (chouette, totals) "
                                          "VALUES (1, '[%" G_GINT64_FORMAT ", 0, null, 0]')",
                                          CTD_CHOUETTE_HALVES_MAX + 1);

  make_bad (fixture, sql);
  assert_invalid (fixture->path, "table crosscheck", "paper totals");
  make_bad (fixture, "DELETE FROM crosscheck WHERE chouette = 1; "
            "INSERT INTO crosscheck (chouette, totals) VALUES (1, '[1, 2]')");
  assert_invalid (fixture->path, "table crosscheck", "are not 4 totals");
}

/* Half points that would overflow the sums the round state makes. */
static void
test_result_overflow (void **state)
{
  Fixture *fixture = *state;
  gint64 game = query_id (base_path, "SELECT min (id) FROM game");
  g_autofree char *where = g_strdup_printf ("table game, row %" G_GINT64_FORMAT, game);
  g_autofree char *ledger_sql = g_strdup_printf (
    "UPDATE game SET ledger = '[{\"kind\":\"cube\",\"from\":1,\"to\":2,"
    "\"halves\":9223372036854775807}]' WHERE id = %" G_GINT64_FORMAT, game);
  g_autofree char *line_sql = g_strdup_printf (
    "UPDATE game SET canonical = 'B 2:99999999999' WHERE id = %" G_GINT64_FORMAT, game);

  make_bad (fixture, ledger_sql);
  assert_invalid (fixture->path, where, "beyond what a game can pay");
  make_bad (fixture, line_sql);
  assert_invalid (fixture->path, where, "beyond what a game can pay");
}

/* A line that no longer reads opens (an upgrade keeps such a line, for
 * the director to see): loading its chouette refuses, naming it. */
static void
test_result_unreadable (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdChouette) chouette = NULL;

  make_bad (fixture, "UPDATE game SET canonical = 'Q 9:zz' WHERE id = "
            "(SELECT min (g.id) FROM game AS g JOIN chouette AS c ON c.id = g.chouette "
            " WHERE c.round = 1 AND c.number = 1)");
  store = ctd_store_open_read_only (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  chouette = ctd_store_load_chouette (store, 1, 1, &error);
  assert_null (chouette);
  assert_non_null (error);
  assert_non_null (strstr (error->message, "no longer reads"));
}

/* Undo writes back row images from the file's audit log: a crafted
 * image is refused like the record it would make, changing nothing. */
static void
test_undo_checked (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autofree char *records = NULL;
  g_autofree char *records_after = NULL;
  g_autofree char *sql = g_strdup_printf (
    "INSERT INTO audit (time, action, summary) "
    "  VALUES ('2026-11-22T10:00:00.000Z', 'set-settings', 'Changed the stake'); "
    "INSERT INTO audit_change (audit, tbl, row_id, before, after) "
    "  SELECT (SELECT max (id) FROM audit), 'event', 1, "
    "    json_object ('id', id, 'name', name, 'date', date, 'venue', venue, "
    "      'stake_cents', %" G_GINT64_FORMAT ", 'entry_fee_cents', entry_fee_cents, "
    "      'direction', direction, 'paper', paper, 'closed', closed, "
    "      'table_auto_accept', table_auto_accept, 'language', language), "
    "    json_object ('id', id, 'name', name, 'date', date, 'venue', venue, "
    "      'stake_cents', stake_cents, 'entry_fee_cents', entry_fee_cents, "
    "      'direction', direction, 'paper', paper, 'closed', closed, "
    "      'table_auto_accept', table_auto_accept, 'language', language) "
    "  FROM event",
    CTD_STAKE_MAX_CENTS * 1000);
  const char *records_sql = "SELECT * FROM event";

  make_bad (fixture, sql);
  records = ctd_test_query_text (fixture->path, records_sql);
  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  assert_false (ctd_store_undo (store, NULL, &error));
  assert_non_null (error);
  assert_int_equal (error->code, CTD_STORE_ERROR_INVALID);
  assert_non_null (strstr (error->message, "undo would write"));
  assert_non_null (strstr (error->message, "table event, row 1: the stake"));
  g_clear_pointer (&store, ctd_store_close);
  records_after = ctd_test_query_text (fixture->path, records_sql);
  assert_string_equal (records_after, records);
}

/* A file of schema 1 with a bad record is refused before its upgrade:
 * no backup is written. */
static void
test_old_file_refused_before_upgrade (void **state)
{
  Fixture *fixture = *state;

  ctd_test_write_v1 (fixture->path, base_path,
                     "UPDATE chouette SET last_order = '[3,3,3]' WHERE size = 4");
  assert_invalid (fixture->path, "table chouette", "is not an order of players 1..3");
}

/* A name from the file system or the file is echoed on one line. */
static void
test_one_line (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *odd = g_build_filename (fixture->dir, "two\nlines\x1b[31m.chouette", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  make_bad (fixture, "CREATE TABLE \"x\ny\" (a)");
  assert_invalid (fixture->path, "table “x\\ny”");
  assert_true (g_file_get_contents (fixture->path, &contents, &length, NULL));
  assert_true (g_file_set_contents (odd, contents, (gssize) length, NULL));
  assert_invalid (odd, "two\\nlines\\u001B[31m.chouette");
}

/* Each test in a fresh folder of its own. */
#define TEST(name) cmocka_unit_test_setup_teardown (name, ctd_test_folder_setup, \
                                                    ctd_test_folder_teardown)

/* A field's word in another language, for the messages that name it. */
static const CtdTestMessage catalogue[] = {
  { "file field\004name", "nom-xx" },
};

int
main (void)
{
  const struct CMUnitTest tests[] = {
    TEST (test_valid_fresh),
    TEST (test_valid_upgraded_from_v1),
    TEST (test_extra_table),
    TEST (test_extra_index),
    TEST (test_extra_trigger),
    TEST (test_extra_view),
    TEST (test_altered_check),
    TEST (test_rebuilt_table),
    TEST (test_user_version),
    TEST (test_foreign_key),
    TEST (test_chouette_size),
    TEST (test_seat_position),
    TEST (test_missing_seat),
    TEST (test_seated_twice),
    TEST (test_order_not_permutation),
    TEST (test_invalid_utf8_name),
    TEST (test_long_name),
    TEST (test_dates),
    TEST (test_stake_bound),
    TEST (test_paper_total_bound),
    TEST (test_result_overflow),
    TEST (test_result_unreadable),
    TEST (test_undo_checked),
    TEST (test_old_file_refused_before_upgrade),
    TEST (test_one_line),
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *locale_dir = NULL;
  int failed;

  locale_dir = ctd_test_catalogue_install (catalogue, G_N_ELEMENTS (catalogue));
  /* 11 players: chouettes of 4, 4 and 3, played through the final. */
  base_dir = g_dir_make_tmp ("ctd-test-validate-XXXXXX", &error);
  g_assert_no_error (error);
  base_path = g_build_filename (base_dir, "base.chouette", NULL);
  if (!ctd_test_build_event (base_path, 11, 2026, TRUE, &error))
    g_error ("%s", error->message);
  /* At rest: the write-ahead log folded in and gone. */
  ctd_test_exec_sql (base_path, "PRAGMA journal_mode = WAL");

  failed = cmocka_run_group_tests (tests, NULL, NULL);
  ctd_test_catalogue_remove (locale_dir);
  ctd_test_remove_tree (base_dir);
  g_free (base_dir);
  g_free (base_path);
  return failed;
}
