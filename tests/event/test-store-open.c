/* test-store-open.c: the event file created and opened, its refusals,
 * read-only opening and a second writer.
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
typedef CtdTestFolder Fixture;


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

/* ---- opening ------------------------------------------------------- */

static void
test_create_open_round_trip (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  CtdEventSettings settings = { 0, };
  CtdEventSettings hostile = ctd_test_default_settings;

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
  assert_int_equal (ctd_test_audit_length (store), 2);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "set-settings");
  assert_non_null (strstr (entry->before, "Spring Chouette"));
  assert_non_null (strstr (entry->after, "HYPERLINK"));
  assert_non_null (strstr (entry->after, "lowest-first"));

  /* A bad setting is refused. */
  hostile.date = (char *) "17/05/2026";
  assert_false (ctd_store_set_settings (store, &hostile, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
}

static void
test_refuse_missing (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_open (fixture->path, &error);

  assert_null (store);
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
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
  store = ctd_store_create (fixture->path, &ctd_test_default_settings, &error);
  assert_null (store);
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_EXISTS);
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
  CtdStore *store = ctd_test_create_default (fixture);
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

  ctd_store_close (ctd_test_create_default (fixture));
  ctd_test_exec_sql (fixture->path, "PRAGMA user_version = 99");
  assert_open_refused (fixture->path, CTD_STORE_ERROR_TOO_NEW);
}

static void
test_refuse_read_only (void **state)
{
  Fixture *fixture = *state;

  ctd_store_close (ctd_test_create_default (fixture));
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
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStore) second = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  sqlite3 *other = NULL;
  gint64 start;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  before = ctd_test_dump (fixture->path, FALSE);

  assert_int_equal (sqlite3_open (fixture->path, &other), SQLITE_OK);
  assert_int_equal (sqlite3_exec (other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);

  start = g_get_monotonic_time ();
  assert_false (ctd_store_add_player (store, "Bert", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_LOCKED);
  assert_non_null (strstr (error->message, "another Chouette TD"));
  assert_non_null (strstr (error->message, "event.chouette"));
  g_clear_error (&error);
  assert_false (ctd_store_undo (store, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_LOCKED);
  g_clear_error (&error);

  /* A second window can still open and read the event meanwhile. */
  second = ctd_store_open (fixture->path, &error);
  assert_null (error);
  assert_non_null (second);

  assert_int_equal (sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close (other);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The other window's change is seen at once by the first. */
  assert_true (ctd_store_add_player (second, "Bert", NULL, NULL, TRUE, NULL, &error));
  {
    g_autoptr(GPtrArray) players = ctd_store_list_players (store, &error);
    assert_int_equal (players->len, 2);
  }
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
  ctd_test_assert_store_error (error, code);
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
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  writer = ctd_test_create_default (fixture);
  ctd_test_add_checked_in (writer, 4);
  assert_true (ctd_store_draw_round (writer, 3, NULL, &error));
  ctd_test_record (writer, 1, 1, 1, "T");
  shown = ctd_test_listing (writer);

  reader = ctd_store_open_read_only (fixture->path, &error);
  assert_null (error);
  assert_non_null (reader);
  assert_true (ctd_store_is_read_only (reader));
  assert_false (ctd_store_is_read_only (writer));
  shown_read = ctd_test_listing (reader);
  assert_string_equal (shown_read, shown);

  /* Every action is refused, and the file is left as it was. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (reader, "Zoë", NULL, NULL, TRUE, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
  assert_non_null (strstr (error->message, "open for reading only"));
  assert_non_null (strstr (error->message, "event.chouette"));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (reader, 1, 1, 2, "T", FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  assert_false (ctd_store_undo (reader, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  assert_false (ctd_store_redo (reader, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* A reader sees what the writer commits, and knows it changed. */
  {
    gint64 version, now;

    assert_true (ctd_store_get_data_version (reader, &version, &error));
    ctd_test_record (writer, 1, 1, 2, "B");
    assert_true (ctd_store_get_data_version (reader, &now, &error));
    assert_true (now != version);
    assert_int_equal (ctd_store_get_last_audit_id (reader, &error),
                      ctd_store_get_last_audit_id (writer, &error));
    g_clear_pointer (&shown, g_free);
    g_clear_pointer (&shown_read, g_free);
    shown = ctd_test_listing (writer);
    shown_read = ctd_test_listing (reader);
    assert_string_equal (shown_read, shown);
  }

  /* A reader gives only readers, usable from a worker thread. */
  assert_null (ctd_store_open_again (reader, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  again = ctd_store_open_again (writer, TRUE, &error);
  assert_non_null (again);
  assert_true (ctd_store_is_read_only (again));
  assert_false (ctd_store_set_checked_in (again, 1, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_READ_ONLY);
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
    cmocka_unit_test_setup_teardown (test_refuse_read_only, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_second_writer_locked, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_open_read_only, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
