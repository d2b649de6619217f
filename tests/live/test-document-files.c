/* test-document-files.c: a document's work on files: export, import and
 * open in a worker thread, closing the event, and the locks of its file.
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

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>

#include "ctd-document.h"
#include "ctd-enum-types.h"
#include "ctd-tournament.h"
#include "ctd-record-items.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-document.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

typedef struct
{
  gboolean      done;
  GAsyncResult *result;
  guint         n_progress;
  guint         last_done;
  guint         last_total;
} Waiter;

static void
waiter_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Waiter *waiter = user_data;

  waiter->result = g_object_ref (result);
  waiter->done = TRUE;
}

static void
waiter_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  Waiter *waiter = user_data;

  assert_true (done >= waiter->last_done);
  assert_true (done <= total);
  waiter->n_progress++;
  waiter->last_done = done;
  waiter->last_total = total;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in a folder, sorted, as one line. */
static char *
list_folder (const char *dir)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while ((name = g_dir_read_name (folder)) != NULL)
    g_ptr_array_add (names, (gpointer) name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Exports run in a worker thread, report progress, and a cancelled one
 * leaves nothing behind. */
static void
test_export_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *xlsx = g_build_filename (fixture->dir, "round.xlsx", NULL);
  g_autofree char *pdf = g_build_filename (fixture->dir, "round.pdf", NULL);
  g_autofree char *files_before = NULL;
  g_autofree char *files_after = NULL;
  const CtdDocumentExport round = { .round = 1 };
  g_auto(CtdEventSettings) settings = { 0, };
  g_auto(GStrv) warnings = NULL;
  Waiter waiter = { 0, };

  ctd_test_draw_players (document, 8);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    ctd_test_document_record (document, 1, game);

  ctd_document_export_async (document, &round, xlsx, waiter_progress_cb, &waiter, NULL, NULL,
                             waiter_ready_cb, &waiter);
  assert_true (ctd_test_wait_until (&waiter.done, 30000, "the round's export to end"));
  assert_true (ctd_document_export_finish (document, waiter.result, &warnings, &error));
  g_clear_object (&waiter.result);
  assert_true (g_file_test (xlsx, G_FILE_TEST_IS_REGULAR));
  assert_true (waiter.n_progress >= 2);  /* two chouettes, then the standings */
  assert_int_equal (waiter.last_done, waiter.last_total);
  assert_int_equal (g_strv_length (warnings), 0);
  g_clear_pointer (&warnings, g_strfreev);

  /* An event in a language this computer cannot print: the file is
   * written, and the director is told, as the command line tells. */
  assert_true (ctd_document_get_settings (document, &settings, &error));
  g_free (settings.language);
  settings.language = g_strdup ("zz");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  memset (&waiter, 0, sizeof waiter);
  ctd_document_export_async (document, &round, xlsx, NULL, NULL, NULL, NULL, waiter_ready_cb,
                             &waiter);
  assert_true (ctd_test_wait_until (&waiter.done, 30000, "the round's export to end"));
  assert_true (ctd_document_export_finish (document, waiter.result, &warnings, &error));
  g_clear_object (&waiter.result);
  assert_int_equal (g_strv_length (warnings), 1);
  assert_non_null (strstr (warnings[0], "(zz)"));

  /* Cancelled while it runs: no file, no temporary file. (Cancelling
   * between two pages is the writers' own test, test-export.) */
  files_before = list_folder (fixture->dir);
  memset (&waiter, 0, sizeof waiter);
  ctd_document_export_async (document, &round, pdf, waiter_progress_cb, &waiter, NULL,
                             cancellable, waiter_ready_cb, &waiter);
  g_cancellable_cancel (cancellable);
  assert_true (ctd_test_wait_until (&waiter.done, 30000, "the cancelled export to end"));
  assert_false (ctd_document_export_finish (document, waiter.result, NULL, &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  g_clear_object (&waiter.result);
  files_after = list_folder (fixture->dir);
  assert_string_equal (files_after, files_before);
  assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

/* A player list is imported in a worker thread; meanwhile other actions
 * are refused as busy; the import is announced once, like any action. */
static void
test_import_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (fixture->dir, "players.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (csv);
  g_autoptr(CtdImportReport) report = NULL;
  GListModel *players = ctd_document_get_players (document);
  CtdTestListener listener = { 0, };
  Waiter waiter = { 0, };

  assert_true (g_file_set_contents (csv, "name,club\nAnn,Riga\nBob,\n,Oslo\nann,RIGA\nCy,Oslo\n",
                                    -1, &error));
  ctd_test_listen (document, &listener);

  ctd_document_import_players_async (document, file, TRUE, NULL, waiter_ready_cb, &waiter);
  assert_true (ctd_document_get_busy (document));
  assert_false (ctd_document_add_player (document, "Di", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_DOCUMENT_ERROR, CTD_DOCUMENT_ERROR_BUSY));
  g_clear_error (&error);

  assert_true (ctd_test_wait_until (&waiter.done, 10000, "the import to end"));
  report = ctd_document_import_players_finish (document, waiter.result, &error);
  g_clear_object (&waiter.result);
  assert_non_null (report);
  assert_false (ctd_document_get_busy (document));
  assert_int_equal (report->n_added, 3);
  assert_int_equal (report->skipped->len, 2);
  assert_int_equal (((CtdImportSkip *) g_ptr_array_index (report->skipped, 0))->line, 4);
  assert_int_equal (((CtdImportSkip *) g_ptr_array_index (report->skipped, 1))->line, 5);
  assert_int_equal (g_list_model_get_n_items (players), 3);
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);
  {
    g_autoptr(CtdPlayerItem) first = g_list_model_get_item (players, 0);
    g_autoptr(CtdPlayerItem) second = g_list_model_get_item (players, 1);
    guint registered, checked_in;

    /* One checked out, one withdrawn: 2 registered, 1 here. */
    assert_true (ctd_document_set_checked_in (document, ctd_player_item_get_id (first), FALSE,
                                              &error));
    assert_true (ctd_document_withdraw_player (document, ctd_player_item_get_id (second), FALSE,
                                               &error));
    ctd_document_count_players (document, &registered, &checked_in);
    assert_int_equal (registered, 2);
    assert_int_equal (checked_in, 1);
    g_array_set_size (listener.heard, 0);
  }
  assert_true (ctd_document_get_can_undo (document));

  /* No spurious "everything changed" from the import's own connection.
   * A fixed wait on purpose: that nothing comes is what is checked, and
   * the document polls the file every 250 ms (CTD_DOCUMENT_POLL_MS), so
   * 600 ms is two polls and more. */
  {
    gboolean never = FALSE;

    ctd_test_spin_until (&never, 600);
  }
  ctd_test_assert_heard_nothing (&listener);
  ctd_test_listener_clear (&listener);
}

/* Opening in a worker thread gives the same document. */
static void
test_open_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) created = ctd_test_create_document (fixture->path);
  g_autoptr(CtdDocument) opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (fixture->dir, "missing.chouette", NULL);
  Waiter waiter = { 0, };

  ctd_test_draw_players (created, 8);
  ctd_document_open_async (fixture->path, NULL, waiter_ready_cb, &waiter);
  assert_true (ctd_test_wait_until (&waiter.done, 10000, "the opening in a worker to end"));
  opened = ctd_document_open_finish (waiter.result, &error);
  g_clear_object (&waiter.result);
  assert_non_null (opened);
  assert_string_equal (ctd_document_get_name (opened), "Spring Chouette");
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_players (opened)), 8);
  assert_string_equal (ctd_document_get_undo_summary (opened),
                       ctd_document_get_undo_summary (created));

  memset (&waiter, 0, sizeof waiter);
  ctd_document_open_async (missing, NULL, waiter_ready_cb, &waiter);
  assert_true (ctd_test_wait_until (&waiter.done, 10000, "the opening of a missing file to end"));
  assert_null (ctd_document_open_finish (waiter.result, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_object (&waiter.result);
}

/* The files in @folder. */
static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* Closing: refused (nothing changes) until the final is complete; then
 * one announced change, after which the document is read-only with its
 * reason, undo off and refused, the archive in the folder; reopened, it
 * is still closed. */
static void
test_close_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdDocument) reopened = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "archive", NULL);
  CtdTestListener listener = { 0, };
  guint read_only_notifies = 0;

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error));
  assert_int_equal (g_mkdir (folder, 0755), 0);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  assert_false (ctd_document_get_closed (document));
  assert_false (ctd_document_get_read_only (document));
  assert_null (ctd_document_get_read_only_reason (document));

  assert_true (ctd_document_clear_game (document, 2, 1, 12, &error));
  assert_false (ctd_document_close_event (document, folder, &error));
  assert_non_null (strstr (error->message, "2.1: game 12 to enter"));
  g_clear_error (&error);
  assert_false (ctd_document_get_closed (document));
  assert_int_equal (count_files (folder), 0);
  assert_true (ctd_document_undo (document, &error));

  ctd_test_listen (document, &listener);
  g_signal_connect_swapped (document, "notify::read-only", G_CALLBACK (count_cb),
                            &read_only_notifies);
  assert_true (ctd_document_get_can_undo (document));
  assert_true (ctd_document_close_event (document, folder, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_SETTINGS, 0, 0);
  assert_int_equal (read_only_notifies, 1);
  assert_true (listener.can_undo_notifies >= 1);
  assert_true (ctd_document_get_closed (document));
  assert_true (ctd_document_get_read_only (document));
  assert_non_null (strstr (ctd_document_get_read_only_reason (document),
                           "The event was closed on "));
  assert_false (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  assert_int_equal (count_files (folder), 2);

  assert_false (ctd_document_undo (document, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  g_clear_error (&error);
  assert_false (ctd_document_add_player (document, "Late", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  g_clear_error (&error);
  ctd_test_assert_heard_nothing (&listener);

  reopened = ctd_document_open (fixture->path, &error);
  assert_non_null (reopened);
  assert_true (ctd_document_get_closed (reopened));
  assert_true (ctd_document_get_read_only (reopened));
  assert_false (ctd_document_get_can_undo (reopened));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_players (reopened)), 8);
  ctd_test_listener_clear (&listener);
}

/* Closed by another program (chouette-td-cli close): the window's
 * document notices, like any change, and turns read-only. */
static void
test_closed_by_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdStore) other = NULL;
  gboolean closed = FALSE;

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  g_signal_connect_swapped (document, "notify::closed", G_CALLBACK (ctd_test_set_flag_cb), &closed);
  other = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_close_event (other, &error));
  assert_true (ctd_test_wait_until (&closed, 2000, "the document to see the event closed elsewhere"));
  assert_true (ctd_document_get_read_only (document));
  assert_false (ctd_document_get_can_undo (document));
  assert_non_null (ctd_document_get_read_only_reason (document));
}

/* Whether another process finds FILE-shm's "in use" lock (byte 128,
 * SQLite's DMS) held, as SQLite asks before emptying the memory. */
static gboolean
shm_held_for_others (const char *path)
{
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  int status = 0;
  pid_t child = fork ();

  if (child == 0)
    {
      struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 128,
                            .l_len = 1 };
      int fd = open (shm, O_RDONLY);

      if (fd < 0 || fcntl (fd, F_GETLK, &lock) != 0)
        _exit (2);
      _exit (lock.l_type == F_UNLCK ? 1 : 0);
    }
  assert_true (child > 0);
  assert_int_equal (waitpid (child, &status, 0), child);
  assert_true (WIFEXITED (status) && WEXITSTATUS (status) != 2);
  return WEXITSTATUS (status) == 0;
}

/* GTK's file chooser, listing the event's folder, opens and closes the
 * event's files: POSIX then drops every lock the window's process held
 * on them. The document's own hold on the shared memory is its
 * descriptor's, which survives that (and is taken again at every look),
 * so that a command-line program opening the event does not empty the
 * memory under the window (SIGBUS at the window's next commit). */
static void
test_shared_memory_held_after_lost_locks (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autofree char *shm = g_strconcat (fixture->path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  int sniffed;

  ctd_test_draw_players (document, 8);
  ctd_document_check_for_changes (document);
  assert_true (shm_held_for_others (fixture->path));

  sniffed = open (shm, O_RDONLY);
  assert_true (sniffed >= 0);
  close (sniffed);
  assert_true (shm_held_for_others (fixture->path));

  ctd_document_check_for_changes (document);
  assert_true (shm_held_for_others (fixture->path));
  assert_true (ctd_document_record_game (document, 1, 1, 1, ctd_test_four_sheet[0], FALSE, &error));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_shared_memory_held_after_lost_locks, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_export_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_import_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_open_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_close_event, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closed_by_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
