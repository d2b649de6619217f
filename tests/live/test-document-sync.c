/* test-document-sync.c: the tables' writes commit without waiting for
 * the disk and are acknowledged once a flush of the event's log holds
 * them. Every call waiting for a flush is answered, in the order of the
 * calls, many sharing one; and a log that cannot be put on the disk is
 * an error that says so.
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
#include <unistd.h>

#include "ctd-document.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

#define N_CALLS 24

typedef struct
{
  CtdDocument *document;
  GArray      *answered;  /* the calls' numbers, as they were answered */
  guint        n_on_disk;
} Calls;

typedef struct
{
  Calls *calls;
  guint  number;
} Call;

static void
synced_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;

  if (ctd_document_sync_finish (CTD_DOCUMENT (source), result, &error))
    call->calls->n_on_disk++;
  else
    fail_msg ("call %u: %s", call->number, error->message);
  g_array_append_val (call->calls->answered, call->number);
}

/* Calls made one after another while flushes run: each answered, once,
 * in the order made. */
static void
test_every_call_answered (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(GArray) answered = g_array_new (FALSE, FALSE, sizeof (guint));
  Calls calls = { NULL, answered, 0 };
  Call each[N_CALLS];
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  if (!ctd_test_build_event (fixture->path, 8, 2026, FALSE, &error))
    fail_msg ("%s", error->message);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  calls.document = document;
  for (guint i = 0; i < N_CALLS; i++)
    {
      each[i] = (Call) { &calls, i };
      ctd_document_sync_async (document, synced_cb, &each[i]);
      /* Some while a flush runs, some between. */
      if (i % 5 == 4)
        g_main_context_iteration (NULL, FALSE);
    }
  while (answered->len < N_CALLS && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  assert_int_equal (answered->len, N_CALLS);
  assert_int_equal (calls.n_on_disk, N_CALLS);
  for (guint i = 0; i < N_CALLS; i++)
    assert_int_equal (g_array_index (answered, guint, i), i);
}

/* The log flushed by path, from any thread: none is nothing to do; one
 * that cannot be opened is an error a director reads. */
static void
test_sync_log (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *loop = g_strconcat (fixture->path, "-wal", NULL);
  g_autoptr(CtdDocument) document = NULL;

  assert_true (ctd_store_sync_log (fixture->path, &error));
  if (!ctd_test_build_event (fixture->path, 8, 2026, FALSE, &error))
    fail_msg ("%s", error->message);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  /* An open event has its log. */
  assert_true (g_file_test (loop, G_FILE_TEST_EXISTS));
  assert_true (ctd_store_sync_log (fixture->path, &error));
  g_clear_object (&document);

  /* A log that leads nowhere (a link to itself). */
  assert_int_equal (symlink (loop, loop), 0);
  assert_false (ctd_store_sync_log (fixture->path, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO));
  assert_non_null (strstr (error->message, "could not be saved on the disk"));
  g_unlink (loop);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_every_call_answered, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sync_log, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
