/* test-checkpoint.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The event file alone is the whole event: a director copies it, mails
 * it, puts it on a stick, without the FILE-wal and FILE-shm beside it.
 * Closing a store puts every change into the file and, for the last user,
 * removes the other two; while another program (or another connection of
 * this process) still has the file, the log stays for it and nothing is
 * lost, even after this process's own locks were dropped by a descriptor
 * closed elsewhere (GTK's file chooser); a document brings the file up to
 * date once the desk is quiet, and at once after Close Event.
 *
 * "Another program" is this test binary run again with --other-program:
 * a plain SQLite connection with SQLite's own defaults (checkpoint and
 * delete the log on closing when it finds itself alone), as Python's
 * sqlite3 or the sqlite3 shell would open the file.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ctd-archive.h"
#include "ctd-document.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

static const char *self_path;

/* ---- another program ---------------------------------------------------- */

static int
first_column_cb (void  *user_data,
                 int    n_columns,
                 char **values,
                 char **names)
{
  GString *answer = user_data;

  if (answer->len == 0 && n_columns > 0)
    g_string_assign (answer, values[0] != NULL ? values[0] : "NULL");
  return 0;
}

/* The other program: opens @path with SQLite's defaults, says "ready",
 * then runs each line of its standard input as SQL and answers with the
 * first column of the first row (or "ok"), until "close". */
static int
other_program (const char *path)
{
  sqlite3 *db = NULL;
  char line[1024];

  /* Open for SQLite once it has read something: a connection takes
   * the file's shared lock on its first read. */
  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
      sqlite3_busy_timeout (db, 2000) != SQLITE_OK ||
      sqlite3_exec (db, "SELECT count (*) FROM sqlite_schema", NULL, NULL, NULL) != SQLITE_OK)
    return 1;
  printf ("ready\n");
  fflush (stdout);
  while (fgets (line, sizeof line, stdin) != NULL)
    {
      g_autoptr(GString) answer = g_string_new (NULL);
      char *message = NULL;

      g_strchomp (line);
      if (strcmp (line, "close") == 0)
        break;
      if (sqlite3_exec (db, line, first_column_cb, answer, &message) != SQLITE_OK)
        printf ("error: %s\n", message);
      else
        printf ("%s\n", answer->len > 0 ? answer->str : "ok");
      fflush (stdout);
      sqlite3_free (message);
    }
  sqlite3_close (db);
  return 0;
}

typedef struct
{
  GPid  pid;
  FILE *in;
  FILE *out;
} Other;

/* Starts another program on @path and waits until it has the file open. */
static Other *
other_open (const char *path)
{
  const char *argv[] = { self_path, "--other-program", path, NULL };
  g_autoptr(GError) error = NULL;
  Other *other = g_new0 (Other, 1);
  int in_fd, out_fd;
  char line[256];

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                 NULL, &other->pid, &in_fd, &out_fd, NULL, &error))
    fail_msg ("%s", error->message);
  other->in = fdopen (in_fd, "w");
  other->out = fdopen (out_fd, "r");
  assert_non_null (fgets (line, sizeof line, other->out));
  assert_string_equal (line, "ready\n");
  return other;
}

/* Runs @sql in the other program; returns its answer. */
static char *
other_run (Other      *other,
           const char *sql)
{
  char line[1024];

  fprintf (other->in, "%s\n", sql);
  fflush (other->in);
  assert_non_null (fgets (line, sizeof line, other->out));
  return g_strdup (g_strchomp (line));
}

/* The other program closes the file and ends. */
static void
other_close (Other *other)
{
  int status = 0;

  fprintf (other->in, "close\n");
  fclose (other->in);
  fclose (other->out);
  assert_int_equal (waitpid (other->pid, &status, 0), other->pid);
  assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_spawn_close_pid (other->pid);
  g_free (other);
}

/* What another program opening the file now reads. */
static char *
other_query (const char *path,
             const char *sql)
{
  Other *other = other_open (path);
  char *answer = other_run (other, sql);

  other_close (other);
  return answer;
}

/* ---- the file alone ----------------------------------------------------- */

static gboolean
exists_beside (const char *path,
               const char *suffix)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);

  return g_file_test (name, G_FILE_TEST_EXISTS);
}

/* Copies the event file alone, as a director would, and reads @sql's
 * first column from the copy as it lies. */
static char *
query_alone (const char *path,
             const char *sql)
{
  g_autofree char *dir = g_dir_make_tmp ("ctd-copy-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.chouette", NULL);
  g_autofree char *uri = g_strconcat ("file://", copy, "?immutable=1", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GString) answer = g_string_new (NULL);
  sqlite3 *db = NULL;
  gsize length;

  assert_true (g_file_get_contents (path, &contents, &length, NULL));
  assert_true (g_file_set_contents (copy, contents, length, NULL));
  assert_int_equal (sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL),
                    SQLITE_OK);
  assert_int_equal (sqlite3_exec (db, sql, first_column_cb, answer, NULL), SQLITE_OK);
  sqlite3_close (db);
  ctd_test_remove_tree (dir);
  return g_string_free (g_steal_pointer (&answer), FALSE);
}

static CtdStore *
create_store (const char *path)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = { .name = (char *) "Spring Open", .date = (char *) "",
                                      .venue = (char *) "" };
  CtdStore *store = ctd_store_create (path, &settings, &error);

  if (store == NULL)
    fail_msg ("%s", error->message);
  return store;
}

static void
add_player (CtdStore   *store,
            const char *name)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error))
    fail_msg ("%s", error->message);
}

#define PLAYERS "SELECT group_concat (name, ',') FROM (SELECT name FROM player ORDER BY id)"

/* ---- closing ------------------------------------------------------------ */

/* The last user to close the file leaves it alone and whole. */
static void
test_close_leaves_file_whole (void **state)
{
  Fixture *fixture = *state;
  CtdStore *store = create_store (fixture->path);
  g_autofree char *players = NULL;

  add_player (store, "Ann");
  add_player (store, "Bob");
  ctd_store_close (store);

  assert_false (exists_beside (fixture->path, "-wal"));
  assert_false (exists_beside (fixture->path, "-shm"));
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann,Bob");
}

/* While another program has the file open, closing leaves the log to it:
 * the file alone holds what this store wrote, the other's later writes
 * are kept, and the other, closing last, removes the log. */
static void
test_other_program_keeps_log (void **state)
{
  Fixture *fixture = *state;
  CtdStore *store = create_store (fixture->path);
  Other *other = other_open (fixture->path);
  g_autofree char *answer = NULL;
  g_autofree char *players = NULL;
  g_autofree char *venue = NULL;

  ctd_store_hold_locks (store);
  add_player (store, "Ann");
  ctd_store_close (store);
  assert_true (exists_beside (fixture->path, "-wal"));
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann");

  answer = other_run (other, "UPDATE event SET venue = 'Hall B' WHERE id = 1");
  assert_string_equal (answer, "ok");
  other_close (other);
  assert_false (exists_beside (fixture->path, "-wal"));
  assert_false (exists_beside (fixture->path, "-shm"));
  g_free (players);
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann");
  venue = query_alone (fixture->path, "SELECT venue FROM event");
  assert_string_equal (venue, "Hall B");
}

/* GTK's file chooser, listing the event's folder, opens and closes the
 * event's three files: POSIX then drops every lock the window's process
 * held on them, SQLite's own included. Another program closing the file
 * next must still not take itself for its last user and delete the log
 * the window goes on writing to, nor empty its shared memory. */
static void
test_lost_locks_keep_log (void **state)
{
  Fixture *fixture = *state;
  CtdStore *store = create_store (fixture->path);
  g_autofree char *answer = NULL;
  g_autofree char *players = NULL;
  Other *other;

  ctd_store_hold_locks (store);
  add_player (store, "Ann");
  for (guint i = 0; i < 3; i++)
    {
      const char *suffix[] = { "", "-wal", "-shm" };
      g_autofree char *name = g_strconcat (fixture->path, suffix[i], NULL);
      int sniffed = open (name, O_RDONLY);

      assert_true (sniffed >= 0);
      close (sniffed);
    }

  /* A program that writes and closes while the window looks away. */
  other = other_open (fixture->path);
  answer = other_run (other, "UPDATE event SET venue = 'Hall B' WHERE id = 1");
  assert_string_equal (answer, "ok");
  other_close (other);
  assert_true (exists_beside (fixture->path, "-wal"));
  assert_true (exists_beside (fixture->path, "-shm"));

  /* The window's next change reaches the file for everybody. */
  add_player (store, "Bob");
  players = other_query (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann,Bob");

  ctd_store_close (store);
  assert_false (exists_beside (fixture->path, "-wal"));
  g_free (players);
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann,Bob");
}

/* A second connection of this process (an import's, an export's) counts
 * as a user of the file whichever closes first. */
static void
test_second_connection_keeps_log (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *players = NULL;

  for (guint first = 0; first < 2; first++)
    {
      g_autofree char *name = g_strdup_printf ("%u.chouette", first);
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      CtdStore *stores[2];

      stores[0] = create_store (path);
      ctd_store_hold_locks (stores[0]);
      stores[1] = ctd_store_open_again (stores[0], FALSE, &error);
      assert_non_null (stores[1]);
      add_player (stores[0], "Ann");
      add_player (stores[1], "Bob");

      ctd_store_close (stores[first]);
      assert_true (exists_beside (path, "-wal"));
      add_player (stores[!first], "Cy");
      g_free (players);
      players = other_query (path, PLAYERS);
      assert_string_equal (players, "Ann,Bob,Cy");

      ctd_store_close (stores[!first]);
      assert_false (exists_beside (path, "-wal"));
      assert_false (exists_beside (path, "-shm"));
      g_free (players);
      players = query_alone (path, PLAYERS);
      assert_string_equal (players, "Ann,Bob,Cy");
    }
}

/* ---- while the document is open ---------------------------------------- */

/* A copy taken during the day holds everything up to the last quiet
 * second, and the document goes on writing after it. */
static void
test_idle_checkpoint (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *players = NULL;
  gboolean never = FALSE;

  assert_true (ctd_document_add_player (document, "Ann", NULL, NULL, TRUE, NULL, &error));
  /* A fixed wait on purpose: what is tested is that one quiet second
   * (CTD_DOCUMENT_IDLE_MS) is enough for the checkpoint, and nothing the
   * document announces marks it. */
  ctd_test_spin_until (&never, 1500);
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann");
  assert_true (exists_beside (fixture->path, "-wal"));

  assert_true (ctd_document_add_player (document, "Bob", NULL, NULL, TRUE, NULL, &error));
  ctd_test_spin_until (&never, 1500);  /* again one quiet second, on purpose */
  g_free (players);
  players = query_alone (fixture->path, PLAYERS);
  assert_string_equal (players, "Ann,Bob");
}

/* Close Event leaves the event file whole at once, not a second later. */
static void
test_close_event_checkpoints (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autofree char *archive = g_build_filename (fixture->dir, "archive", NULL);
  g_autofree char *closed = NULL;

  if (!ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error))
    fail_msg ("%s", error->message);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  assert_int_equal (g_mkdir (archive, 0755), 0);

  assert_true (ctd_document_close_event (document, archive, &error));
  closed = query_alone (fixture->path, "SELECT closed IS NOT NULL FROM event");
  assert_string_equal (closed, "1");
}

int
main (int   argc,
      char *argv[])
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_close_leaves_file_whole, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_program_keeps_log, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_lost_locks_keep_log, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_second_connection_keeps_log, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_idle_checkpoint, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_close_event_checkpoints, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  if (argc == 3 && strcmp (argv[1], "--other-program") == 0)
    return other_program (argv[2]);
  self_path = argv[0];
  return cmocka_run_group_tests (tests, NULL, NULL);
}
