/* test-close.c: closing an event, the store's refusals of a closed one,
 * its archive, and schema 3's upgrade.
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

#include "ctd-archive.h"
#include "ctd-tournament.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

/* Schemas 1 and 2 as released: test_upgrade_from_v2 builds a file with them. */
static const char schema_v1[] = {
#include "ctd-schema-sql.h"
  , 0
};
static const char schema_v2[] = {
#include "ctd-schema-v2-sql.h"
  , 0
};

#define CLOSED_MESSAGE "The event was closed on "

static void
assert_error (const GError *error,
              GQuark        domain,
              int           code,
              const char   *part)
{
  assert_non_null (error);
  if (error->domain != domain || error->code != code)
    fail_msg ("expected %s %d, got %s %d: %s", g_quark_to_string (domain), code,
              g_quark_to_string (error->domain), error->code, error->message);
  if (part != NULL && strstr (error->message, part) == NULL)
    fail_msg ("“%s” does not say “%s”", error->message, part);
}

/* Every row of every table, the audit log included: equal dumps are
 * the same file as far as anyone can tell. */
static char *
dump (const char *path)
{
  g_autofree char *tables = ctd_test_query_text (path, "SELECT name FROM sqlite_schema "
                                        "WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                                        "ORDER BY name");
  g_auto(GStrv) names = g_strsplit (tables, "|\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; names[i] != NULL && names[i][0] != '\0'; i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY rowid", names[i]);
      g_autofree char *rows = ctd_test_query_text (path, sql);

      g_string_append_printf (out, "[%s]\n%s", names[i], rows);
    }
  return g_string_free (out, FALSE);
}

/* An event of 8 players played to its final (round 2, one chouette). */
static CtdStore *
build_finished (const char *path)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store;

  if (!ctd_test_build_event (path, 8, 2026, TRUE, &error))
    fail_msg ("%s", error->message);
  store = ctd_store_open (path, &error);
  assert_non_null (store);
  return store;
}

/* ---- refusals before the end --------------------------------------- */

static void
assert_close_refused (CtdStore   *store,
                      const char *path,
                      GQuark      domain,
                      int         code,
                      const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (path);
  g_autofree char *after = NULL;
  g_autoptr(GDateTime) closed = NULL;

  assert_false (ctd_store_close_event (store, &error));
  assert_error (error, domain, code, part);
  assert_non_null (strstr (error->message, "The event is not finished: "));
  after = dump (path);
  assert_string_equal (before, after);
  g_clear_error (&error);
  closed = ctd_store_get_closed (store, &error);
  assert_null (closed);
  assert_null (error);
}

/* Before the final is drawn, while it is being played, and while its
 * placings are tied, closing is refused saying what is missing, and
 * changes nothing. */
static void
test_close_refused_until_finished (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *qualifying = g_build_filename (fixture->dir, "qualifying.chouette", NULL);
  g_autoptr(CtdStore) early = NULL;
  g_autoptr(CtdStore) store = NULL;

  assert_true (ctd_test_build_event (qualifying, 8, 7, FALSE, &error));
  early = ctd_store_open (qualifying, &error);
  assert_close_refused (early, qualifying, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_FINAL,
                        "There is no final yet");

  store = build_finished (fixture->path);
  assert_true (ctd_store_clear_game (store, 2, 1, 12, &error));
  assert_close_refused (store, fixture->path, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                        "the final (round 2) is not complete: 2.1: game 12 to enter");

  /* Every game a single won by the crew: everybody ends level, so every
   * placing is tied until a roll-off. */
  for (guint g = 1; g <= CTD_N_GAMES; g++)
    if (!ctd_store_record_game (store, 2, 1, g, "T", g != 12, &error))
      fail_msg ("game %u: %s", g, error->message);
  assert_close_refused (store, fixture->path, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE,
                        "record their roll-off first");
}

/* ---- a closed event --------------------------------------------------- */

/* Closed once finished, in one logged action; a second close is refused. */
static void
test_close_finished_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = build_finished (fixture->path);
  g_autoptr(GDateTime) closed = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GPtrArray) log = NULL;
  g_autofree char *described = NULL;
  const CtdStoreAuditEntry *last;

  assert_true (ctd_tournament_check_finished (store, &error));
  assert_true (ctd_store_close_event (store, &error));
  closed = ctd_store_get_closed (store, &error);
  assert_non_null (closed);
  assert_true (ABS (g_date_time_difference (now, closed)) < 60 * G_TIME_SPAN_SECOND);

  log = ctd_store_list_audit (store, &error);
  last = g_ptr_array_index (log, log->len - 1);
  assert_string_equal (last->action, "close-event");
  assert_string_equal (last->summary, "Closed the event");

  assert_false (ctd_store_close_event (store, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED, CLOSED_MESSAGE);
  described = ctd_store_describe_closed (closed);
  assert_string_equal (error->message, described);
  assert_non_null (strstr (described, "; it can no longer change"));
}

#define ASSERT_CLOSED(call) \
  G_STMT_START { \
    g_autoptr(GError) refusal = NULL; \
    GError **error = &refusal; \
    if (call) \
      fail_msg ("%s was not refused", #call); \
    assert_error (refusal, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED, CLOSED_MESSAGE); \
  } G_STMT_END

/* Every write the store offers, each refused with the one message, and
 * the file exactly as it was; reopened, it shows everything and still
 * refuses, undo included. */
static void
test_closed_refuses_every_write (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) failure = NULL;
  g_autoptr(CtdStore) store = build_finished (fixture->path);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GPtrArray) reopened_players = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const CtdNewPlayer late[] = { { "Late Comer", NULL, NULL } };
  const guint order[] = { 2, 3, 4 };
  char *reasons[1] = { NULL, };
  guint n_added = 0;
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  const CtdStoreChouette *final;
  gint64 pair[2];

  assert_true (ctd_store_get_settings (store, &settings, &failure));
  players = ctd_store_list_players (store, &failure);
  chouettes = ctd_store_list_chouettes (store, 2, &failure);
  final = g_ptr_array_index (chouettes, 0);
  pair[0] = final->players[0];
  pair[1] = final->players[1];
  advancers = ctd_store_list_advancers (store, 1, &failure);
  assert_int_equal (advancers->len, 4);
  assert_true (ctd_store_close_event (store, &failure));
  before = dump (fixture->path);

  g_free (settings.venue);
  settings.venue = g_strdup ("Somewhere else");
  ASSERT_CLOSED (ctd_store_set_settings (store, &settings, error));
  ASSERT_CLOSED (ctd_store_add_player (store, "Late Comer", NULL, NULL, TRUE, NULL, error));
  ASSERT_CLOSED (ctd_store_import_players (store, "late.csv", late, 1, TRUE, reasons,
                                           &n_added, error));
  ASSERT_CLOSED (ctd_store_withdraw_player (store, pair[0], TRUE, error));
  ASSERT_CLOSED (ctd_store_reinstate_player (store, pair[0], error));
  ASSERT_CLOSED (ctd_store_edit_player (store, pair[0], "Renamed", NULL, NULL, error));
  ASSERT_CLOSED (ctd_store_set_checked_in (store, pair[0], FALSE, error));
  ASSERT_CLOSED (ctd_store_draw_round (store, 1, NULL, error));
  ASSERT_CLOSED (ctd_store_redraw_round (store, 2, 1, error));
  ASSERT_CLOSED (ctd_store_record_game (store, 2, 1, 12, "T", TRUE, error));
  ASSERT_CLOSED (ctd_store_clear_game (store, 2, 1, 12, error));
  ASSERT_CLOSED (ctd_store_fix_last_segment_order (store, 2, 1, order, TRUE, error));
  ASSERT_CLOSED (ctd_store_set_crosscheck (store, 2, 1, paper, NULL, error));
  ASSERT_CLOSED (ctd_store_add_rolloff (store, 2, pair, 2, NULL, error));
  ASSERT_CLOSED (ctd_store_release_round (store, 2, error));
  ASSERT_CLOSED (ctd_store_set_advancement (store, 1, 2, 0, (const gint64 *) advancers->data,
                                            advancers->len, error));
  ASSERT_CLOSED (ctd_store_undo (store, NULL, error));
  ASSERT_CLOSED (ctd_store_redo (store, NULL, error));
  ASSERT_CLOSED (ctd_store_close_event (store, error));
  after = dump (fixture->path);
  assert_string_equal (before, after);

  /* Reopened: everything is there, and it still refuses. */
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &failure);
  assert_non_null (store);
  {
    g_autoptr(GDateTime) closed = ctd_store_get_closed (store, &failure);

    assert_non_null (closed);
  }
  reopened_players = ctd_store_list_players (store, &failure);
  assert_int_equal (reopened_players->len, players->len);
  assert_true (ctd_tournament_check_finished (store, &failure));
  ASSERT_CLOSED (ctd_store_undo (store, NULL, error));
  ASSERT_CLOSED (ctd_store_add_player (store, "Late Comer", NULL, NULL, TRUE, NULL, error));
  g_free (after);
  after = dump (fixture->path);
  assert_string_equal (before, after);
}

/* ---- the archive -------------------------------------------------------- */

/* File names from hostile event names stay inside the folder, readable
 * on any file system. */
static void
test_archive_file_names (void **state)
{
  static const struct
  {
    const char *event;
    const char *file;
  } names[] = {
    { "Club Open", "Club Open" },
    { "../x", "_x" },
    { "a/b", "a_b" },
    { "..", "Event" },
    { "/", "_" },
    { " .hidden. ", "hidden" },
    { "C:\\Temp\\x", "C__Temp_x" },
    { "Zoë: Open? <1> \"2\" |3| *", "Zoë_ Open_ _1_ _2_ _3_ _" },
    { "line\nbreak\ttab", "line_break_tab" },
    { "CON", "_CON" },
    { "lpt1.txt", "_lpt1.txt" },
    { "Console", "Console" },
    { "=HYPERLINK(\"x\")", "=HYPERLINK(_x_)" },
  };
  g_autoptr(GString) long_name = g_string_new (NULL);
  g_autofree char *cut = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = ctd_archive_file_name (names[i].event);

      if (g_strcmp0 (file, names[i].file) != 0)
        fail_msg ("“%s” gave “%s”, not “%s”", names[i].event, file, names[i].file);
    }

  /* 199 characters of two bytes each: cut at 150 bytes, on a character. */
  for (guint i = 0; i < 199; i++)
    g_string_append (long_name, "é");
  cut = ctd_archive_file_name (long_name->str);
  assert_true (g_utf8_validate (cut, -1, NULL));
  assert_int_equal (strlen (cut), 150);
}

/* The archive of a closed event: the workbook and the closed copy, side
 * by side under the event's (made safe) name; a second archive in the
 * same folder takes " (2)"; nothing leaves the folder. */
static void
test_archive_written (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = build_finished (fixture->path);
  g_autofree char *folder = g_build_filename (fixture->dir, "archive", "inner", NULL);
  g_autofree char *workbook = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *again_workbook = NULL;
  g_autofree char *again_copy = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(CtdStore) archived = NULL;
  g_autoptr(GDateTime) closed = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };
  g_autoptr(GDir) dir = NULL;
  gsize length = 0;
  guint n_files = 0;

  assert_int_equal (g_mkdir_with_parents (folder, 0755), 0);
  assert_true (ctd_store_get_settings (store, &settings, &error));
  g_free (settings.name);
  settings.name = g_strdup ("../../Evil/Name");
  assert_true (ctd_store_set_settings (store, &settings, &error));

  assert_true (ctd_archive_close_event (store, folder, &workbook, &copy, &error));
  {
    g_autofree char *expected_workbook = g_build_filename (folder, "_.._Evil_Name.xlsx", NULL);
    g_autofree char *expected_copy = g_build_filename (folder, "_.._Evil_Name.chouette", NULL);

    assert_string_equal (workbook, expected_workbook);
    assert_string_equal (copy, expected_copy);
  }
  /* A workbook is a zip file. */
  assert_true (g_file_get_contents (workbook, &contents, &length, NULL));
  assert_true (length > 1000);
  assert_memory_equal (contents, "PK", 2);

  /* The copy is the closed event, its closing logged. */
  archived = ctd_store_open_read_only (copy, &error);
  if (archived == NULL)
    fail_msg ("%s", error->message);
  closed = ctd_store_get_closed (archived, &error);
  assert_non_null (closed);
  log = ctd_store_list_audit (archived, &error);
  assert_string_equal (((CtdStoreAuditEntry *) g_ptr_array_index (log, log->len - 1))->summary,
                       "Closed the event");
  assert_true (ctd_tournament_check_finished (archived, &error));

  /* Written again (the event may be archived as often as wanted): never
   * over the first. */
  assert_true (ctd_archive_write (store, folder, &again_workbook, &again_copy, &error));
  assert_non_null (strstr (again_workbook, "_.._Evil_Name (2).xlsx"));
  assert_non_null (strstr (again_copy, "_.._Evil_Name (2).chouette"));

  /* Only these four files, and no scratch folder, in the folder. */
  dir = g_dir_open (folder, 0, &error);
  while (g_dir_read_name (dir) != NULL)
    n_files++;
  assert_int_equal (n_files, 4);
  g_clear_pointer (&dir, g_dir_close);
  dir = g_dir_open (fixture->dir, 0, &error);
  n_files = 0;
  while (g_dir_read_name (dir) != NULL)
    n_files++;
  /* event.chouette, its -wal and -shm, and the archive folder. */
  assert_int_equal (n_files, 4);
}

/* An archive that cannot be written leaves the event open and unchanged:
 * the closing is one with its archive. */
static void
test_archive_failure_keeps_event_open (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = build_finished (fixture->path);
  g_autofree char *not_folder = g_build_filename (fixture->dir, "file.txt", NULL);
  g_autofree char *before = dump (fixture->path);
  g_autofree char *after = NULL;
  g_autoptr(GDateTime) closed = NULL;

  assert_true (g_file_set_contents (not_folder, "x", -1, NULL));
  assert_false (ctd_archive_close_event (store, not_folder, NULL, NULL, &error));
  assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY, "is not a folder");
  g_clear_error (&error);

  /* A folder nobody may write in, root included. */
  if (g_file_test ("/proc/self", G_FILE_TEST_IS_DIR))
    {
      assert_false (ctd_archive_close_event (store, "/proc/self", NULL, NULL, &error));
      assert_non_null (error);
      assert_non_null (strstr (error->message, "The archive could not be written to “/proc/self”"));
      g_clear_error (&error);
    }
  after = dump (fixture->path);
  assert_string_equal (before, after);
  closed = ctd_store_get_closed (store, &error);
  assert_null (closed);
  assert_null (error);
  /* Still open: an action works. */
  assert_true (ctd_store_add_player (store, "Late Comer", NULL, NULL, FALSE, NULL, &error));
}

/* ---- schema 3 ------------------------------------------------------------- */

/* A file of schema 2 with a history is upgraded on open: backed up, its
 * event open, the event's row images in the audit log as this version
 * writes them, so that undo still puts the older settings back. */
static void
test_upgrade_from_v2 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *source = g_build_filename (fixture->dir, "source.chouette", NULL);
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v2", NULL);
  g_autofree char *copy_sql = NULL;
  g_autofree char *current = g_strdup_printf ("%d|\n", CTD_STORE_SCHEMA_VERSION);
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GDateTime) closed = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };
  const char *images_sql = "SELECT id, tbl, before, after FROM audit_change ORDER BY id";
  const CtdEventSettings first = { .name = (char *) "Autumn Open", .date = (char *) "2026-10-01",
                                   .venue = (char *) "Club", .stake_cents = 100,
                                   .entry_fee_cents = 2200, .language = (char *) "" };
  CtdEventSettings changed = first;

  store = ctd_store_create (source, &first, &error);
  assert_non_null (store);
  assert_true (ctd_store_add_player (store, "Ann", NULL, NULL, TRUE, NULL, &error));
  changed.venue = (char *) "Upstairs";
  assert_true (ctd_store_set_settings (store, &changed, &error));
  g_clear_pointer (&store, ctd_store_close);

  ctd_test_exec_sql (fixture->path, schema_v1);
  ctd_test_exec_sql (fixture->path, schema_v2);
  copy_sql = g_strdup_printf (
    "PRAGMA application_id = 1129595973; "
    "ATTACH '%s' AS a; "
    "DELETE FROM event; "
    "INSERT INTO event SELECT id, name, date, venue, stake_cents, entry_fee_cents, direction, "
    "  paper FROM a.event; "
    "INSERT INTO player SELECT * FROM a.player; "
    "INSERT INTO audit SELECT * FROM a.audit; "
    "INSERT INTO audit_change SELECT id, audit, tbl, row_id, "
    "  CASE tbl WHEN 'event' THEN json_remove (before, '$.closed', '$.table_auto_accept', '$.language') ELSE before END, "
    "  CASE tbl WHEN 'event' THEN json_remove (after, '$.closed', '$.table_auto_accept', '$.language') ELSE after END "
    "  FROM a.audit_change; "
    "DETACH a; "
    "PRAGMA user_version = 2",
    source);
  ctd_test_exec_sql (fixture->path, copy_sql);
  {
    g_autofree char *stripped = ctd_test_query_text (fixture->path, "SELECT count (*) FROM audit_change "
                                            "WHERE tbl = 'event' AND after LIKE '%closed%'");

    assert_string_equal (stripped, "0|\n");
  }

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  {
    g_autofree char *old = ctd_test_query_text (backup, "SELECT user_version FROM pragma_user_version");
    g_autofree char *now = ctd_test_query_text (fixture->path,
                                       "SELECT user_version FROM pragma_user_version");
    g_autofree char *expected_images = ctd_test_query_text (source, images_sql);
    g_autofree char *got_images = ctd_test_query_text (fixture->path, images_sql);

    assert_string_equal (old, "2|\n");
    assert_string_equal (now, current);
    assert_string_equal (got_images, expected_images);
  }
  closed = ctd_store_get_closed (store, &error);
  assert_null (closed);
  assert_null (error);

  /* Undo across the upgrade writes the whole older row back. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_string_equal (settings.venue, "Club");
  assert_true (ctd_store_redo (store, NULL, &error));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_close_refused_until_finished, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_close_finished_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closed_refuses_every_write, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test (test_archive_file_names),
    cmocka_unit_test_setup_teardown (test_archive_written, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_archive_failure_keeps_event_open,
                                     ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v2, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
