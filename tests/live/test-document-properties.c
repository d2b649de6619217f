/* test-document-properties.c: a document's properties, which pages bind:
 * each notifies once when its value changes, after an action, an undo, a
 * redo, another program's write or the event's closing, and never for a
 * change that leaves it as it was.
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

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-tournament.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-document.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* Every notify of a document, by property name. */
typedef struct
{
  GHashTable *counts;  /* property name (static) -> count */
  gulong      handler;
  CtdDocument *document;
} Notifies;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Notifies   *notifies)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (notifies->counts, pspec->name));

  g_hash_table_insert (notifies->counts, (gpointer) pspec->name, GUINT_TO_POINTER (count + 1));
}

static void
notifies_listen (Notifies    *notifies,
                 CtdDocument *document)
{
  notifies->counts = g_hash_table_new (g_str_hash, g_str_equal);
  notifies->document = document;
  notifies->handler = g_signal_connect (document, "notify", G_CALLBACK (notify_cb), notifies);
}

static void
notifies_clear (Notifies *notifies)
{
  g_clear_signal_handler (&notifies->handler, notifies->document);
  g_clear_pointer (&notifies->counts, g_hash_table_unref);
}

/* Exactly the properties named (NULL-terminated) notified, once each,
 * since the last look; then starts counting again. */
static void
assert_notified (Notifies *notifies,
                 ...)
{
  g_autoptr(GString) heard = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  GList *names = NULL;
  GList *keys;
  va_list args;
  const char *name;

  va_start (args, notifies);
  while ((name = va_arg (args, const char *)) != NULL)
    names = g_list_insert_sorted (names, (gpointer) name, (GCompareFunc) strcmp);
  va_end (args);
  for (GList *l = names; l != NULL; l = l->next)
    g_string_append_printf (expected, "%s ", (const char *) l->data);
  g_list_free (names);

  keys = g_list_sort (g_hash_table_get_keys (notifies->counts), (GCompareFunc) strcmp);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (notifies->counts, l->data));

      for (guint j = 0; j < count; j++)
        g_string_append_printf (heard, "%s ", (const char *) l->data);
    }
  g_list_free (keys);
  assert_string_equal (heard->str, expected->str);
  g_hash_table_remove_all (notifies->counts);
}

/* Undo and redo, their summaries and the player counts notify when they
 * change, after each action, undo and redo; the others stay quiet. */
static void
test_actions_undo_redo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  Notifies notifies = { 0, };
  gint64 ann, bob;

  assert_int_equal (ctd_document_get_n_registered (document), 0);
  notifies_listen (&notifies, document);

  assert_true (ctd_document_add_player (document, "Ann", "Riga", NULL, TRUE, &ann, &error));
  assert_notified (&notifies, "can-undo", "undo-summary", "n-registered", "n-checked-in", NULL);
  assert_true (ctd_document_get_can_undo (document));
  assert_int_equal (ctd_document_get_n_registered (document), 1);
  assert_int_equal (ctd_document_get_n_checked_in (document), 1);

  /* Registered, not here yet: one more registered, as many present. */
  assert_true (ctd_document_add_player (document, "Bob", NULL, NULL, FALSE, &bob, &error));
  assert_notified (&notifies, "undo-summary", "n-registered", NULL);

  /* A refusal, and an action that changes nothing: no notify. */
  assert_false (ctd_document_add_player (document, "ANN", "riga", NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_true (ctd_document_set_checked_in (document, ann, TRUE, &error));
  assert_notified (&notifies, NULL);

  assert_true (ctd_document_set_checked_in (document, bob, TRUE, &error));
  assert_notified (&notifies, "undo-summary", "n-checked-in", NULL);
  assert_int_equal (ctd_document_get_n_checked_in (document), 2);

  assert_true (ctd_document_undo (document, &error));
  assert_notified (&notifies, "can-redo", "redo-summary", "undo-summary", "n-checked-in", NULL);
  assert_true (ctd_document_get_can_redo (document));
  assert_int_equal (ctd_document_get_n_checked_in (document), 1);
  assert_int_equal (ctd_document_get_n_registered (document), 2);

  assert_true (ctd_document_redo (document, &error));
  assert_notified (&notifies, "can-redo", "redo-summary", "undo-summary", "n-checked-in", NULL);
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_redo_summary (document));

  /* The venue: the whole event is read again, and only the history
   * moves (the name and the counts are as they were). */
  assert_true (ctd_document_get_settings (document, &settings, &error));
  g_free (settings.venue);
  settings.venue = g_strdup ("Riga Chess Club");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  assert_notified (&notifies, "undo-summary", NULL);

  /* The name is a property too. */
  g_free (settings.name);
  settings.name = g_strdup ("Autumn Chouette");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  assert_notified (&notifies, "undo-summary", "name", NULL);
  assert_string_equal (ctd_document_get_name (document), "Autumn Chouette");

  /* Withdrawn: no longer registered, no longer present. */
  assert_true (ctd_document_withdraw_player (document, bob, FALSE, &error));
  assert_notified (&notifies, "undo-summary", "n-registered", "n-checked-in", NULL);
  assert_int_equal (ctd_document_get_n_registered (document), 1);

  notifies_clear (&notifies);
}

/* Another program's write, noticed by ctd_document_check_for_changes(),
 * notifies like the document's own actions. */
static void
test_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  Notifies notifies = { 0, };

  notifies_listen (&notifies, document);
  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);

  assert_true (ctd_store_add_player (other, "Ann", NULL, NULL, FALSE, NULL, &error));
  ctd_document_check_for_changes (document);
  assert_notified (&notifies, "can-undo", "undo-summary", "n-registered", NULL);
  assert_int_equal (ctd_document_get_n_registered (document), 1);
  assert_int_equal (ctd_document_get_n_checked_in (document), 0);

  /* Nothing new: nothing notified. */
  ctd_document_check_for_changes (document);
  assert_notified (&notifies, NULL);

  assert_true (ctd_store_undo (other, NULL, &error));
  ctd_document_check_for_changes (document);
  assert_notified (&notifies, "can-undo", "undo-summary", "can-redo", "redo-summary",
                   "n-registered", NULL);
  assert_false (ctd_document_get_can_undo (document));
  assert_true (ctd_document_get_can_redo (document));
  assert_int_equal (ctd_document_get_n_registered (document), 0);

  notifies_clear (&notifies);
}

/* The event closed, here or by another program: closed, read-only and
 * its reason notify once, undo goes off; redo, off already, stays quiet. */
static void
test_closing (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdDocument) second = NULL;
  g_autoptr(CtdStore) other = NULL;
  g_autofree char *second_path = g_build_filename (fixture->dir, "second.chouette", NULL);
  g_autofree char *folder = g_build_filename (fixture->dir, "archive", NULL);
  Notifies notifies = { 0, };

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error));
  assert_int_equal (g_mkdir (folder, 0700), 0);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  assert_true (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_read_only_reason (document));
  notifies_listen (&notifies, document);

  assert_true (ctd_document_close_event (document, folder, &error));
  assert_notified (&notifies, "closed", "read-only", "read-only-reason", "can-undo",
                   "undo-summary", NULL);
  assert_true (ctd_document_get_closed (document));
  assert_false (ctd_document_get_can_undo (document));
  assert_non_null (strstr (ctd_document_get_read_only_reason (document), "closed"));
  notifies_clear (&notifies);

  /* Another program closes a second event. */
  assert_true (ctd_test_build_event (second_path, 8, 2027, TRUE, &error));
  second = ctd_document_open (second_path, &error);
  assert_non_null (second);
  notifies_listen (&notifies, second);
  other = ctd_store_open (second_path, &error);
  assert_true (ctd_store_close_event (other, &error));
  ctd_document_check_for_changes (second);
  assert_notified (&notifies, "closed", "read-only", "read-only-reason", "can-undo",
                   "undo-summary", NULL);
  assert_true (ctd_document_get_read_only (second));
  notifies_clear (&notifies);
}

typedef struct
{
  gboolean      done;
  GAsyncResult *result;
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

/* An import: busy on, then off, each notified once. */
static void
test_busy (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (fixture->dir, "players.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (csv);
  g_autoptr(CtdImportReport) report = NULL;
  Notifies notifies = { 0, };
  Waiter waiter = { 0, };

  assert_true (g_file_set_contents (csv, "name,club\nAnn,Riga\nBob,\nCy,Oslo\n", -1, &error));
  notifies_listen (&notifies, document);
  ctd_document_import_players_async (document, file, FALSE, NULL, waiter_ready_cb, &waiter);
  assert_true (ctd_document_get_busy (document));
  assert_notified (&notifies, "busy", NULL);
  assert_true (ctd_test_wait_until (&waiter.done, 10000, "the import to end"));
  report = ctd_document_import_players_finish (document, waiter.result, &error);
  g_clear_object (&waiter.result);
  assert_non_null (report);
  assert_false (ctd_document_get_busy (document));
  assert_notified (&notifies, "busy", "can-undo", "undo-summary", "n-registered", NULL);
  assert_int_equal (ctd_document_get_n_registered (document), 3);
  assert_int_equal (ctd_document_get_n_checked_in (document), 0);
  notifies_clear (&notifies);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_actions_undo_redo, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closing, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_busy, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
