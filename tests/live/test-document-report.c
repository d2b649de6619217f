/* test-document-report.c: the sheets to print, built in a worker thread
 * (ctd_document_build_report_async()): the same document as the
 * synchronous build, a cancel, a refusal in words, and the tables' links
 * on the sheets printed and exported.
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

#include <string.h>

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

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

/* Builds round @round's report (chouette @chouette, or 0) in the worker;
 * the callback comes on the main loop, never within the call. */
static CtdSheetDoc *
build (CtdDocument             *document,
       guint                    round,
       guint                    chouette,
       const CtdReportOptions  *options,
       GCancellable            *cancellable,
       GError                 **error)
{
  Waiter waiter = { FALSE, NULL };
  CtdSheetDoc *doc;

  ctd_document_build_report_async (document, round, chouette, options, cancellable,
                                   waiter_ready_cb, &waiter);
  assert_false (waiter.done);
  if (cancellable != NULL)
    g_cancellable_cancel (cancellable);
  assert_true (ctd_test_wait_until (&waiter.done, 30000, "the report to be built"));
  doc = ctd_document_build_report_finish (document, waiter.result, error);
  g_object_unref (waiter.result);
  return doc;
}

/* Every page, cell by cell, as the synchronous build has it. */
static void
assert_same_doc (const CtdSheetDoc *a,
                 const CtdSheetDoc *b)
{
  assert_string_equal (a->title, b->title);
  assert_int_equal (a->pages->len, b->pages->len);
  for (guint p = 0; p < a->pages->len; p++)
    {
      const CtdSheetPage *x = g_ptr_array_index (a->pages, p);
      const CtdSheetPage *y = g_ptr_array_index (b->pages, p);

      assert_string_equal (x->name, y->name);
      assert_int_equal (x->cells->len, y->cells->len);
      for (guint i = 0; i < x->cells->len; i++)
        {
          const CtdSheetCell *c = g_ptr_array_index (x->cells, i);
          const CtdSheetCell *d = g_ptr_array_index (y->cells, i);

          assert_int_equal (c->row, d->row);
          assert_int_equal (c->col, d->col);
          assert_string_equal (c->text, d->text);
        }
    }
}

/* A played event: round 1's sheets and standings, and one chouette's
 * sheet, as ctd_report_build() gives them. */
static void
test_same_as_synchronous (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdSheetDoc) round = NULL;
  g_autoptr(CtdSheetDoc) round_now = NULL;
  g_autoptr(CtdSheetDoc) chouette = NULL;
  g_autoptr(CtdSheetDoc) chouette_now = NULL;
  const CtdReportOptions options = { NULL, FALSE, FALSE, 0 };

  assert_true (ctd_test_build_event (fixture->path, 16, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);

  round = build (document, 1, 0, &options, NULL, &error);
  assert_non_null (round);
  round_now = ctd_report_build (ctd_document_get_store (document), 1, 0, &options, &error);
  assert_non_null (round_now);
  /* Four chouettes' sheets and the standings. */
  assert_true (round->pages->len >= 5);
  assert_same_doc (round, round_now);

  chouette = build (document, 1, 3, &options, NULL, &error);
  assert_non_null (chouette);
  chouette_now = ctd_report_build (ctd_document_get_store (document), 1, 3, &options, &error);
  assert_int_equal (chouette->pages->len, 1);
  assert_same_doc (chouette, chouette_now);
}

/* Cancelled: no report, whenever the worker ends. */
static void
test_cancelled (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const CtdReportOptions options = { NULL, FALSE, TRUE, 0 };
  CtdSheetDoc *doc;

  ctd_test_draw_players (document, 8);
  doc = build (document, 1, 0, &options, cancellable, &error);
  assert_null (doc);
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
}

/* A round that does not exist: refused, in words naming it. */
static void
test_no_such_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  const CtdReportOptions options = { NULL, FALSE, FALSE, 0 };
  CtdSheetDoc *doc;

  ctd_test_draw_players (document, 8);
  doc = build (document, 4, 0, &options, NULL, &error);
  assert_null (doc);
  assert_non_null (error);
  assert_string_equal (error->message, "There is no round 4 in this event");
}

#define BASE "http://192.168.1.20:8080"

/* Chouette 1.@chouette's link under BASE, as the event file holds it. */
static char *
stored_link (CtdDocument *document,
             guint        chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_store_list_links (ctd_document_get_store (document), 1,
                                                     &error);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == chouette)
        return g_strconcat (BASE "/t/", link->secret, NULL);
    }
  fail_msg ("chouette 1.%u has no link", chouette);
  return NULL;
}

/* What @argv prints; fails the test if it cannot run or fails. */
static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    fail_msg ("%s: %s (poppler-utils and zbar-tools are in .ci/setup.sh)", argv[0],
              error->message);
  return out;
}

/* The desk's address among the options, copied by the document for its
 * worker: the print copy's sheets carry each table's QR code, and the
 * exported PDF's first sheet reads back, as a phone reads it, as the
 * first table's link. */
static void
test_links_base (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *base = g_strdup (BASE);
  g_autofree char *pdf = g_build_filename (fixture->dir, "sheets.pdf", NULL);
  g_autofree char *png = g_build_filename (fixture->dir, "sheet", NULL);
  g_autofree char *decoded = NULL;
  g_autofree char *first = NULL;
  CtdReportOptions options = { .blank = TRUE, .part = CTD_REPORT_PART_SHEETS, .links_base = base };
  CtdDocumentExport what = { .round = 1, .options = options };
  Waiter waiter = { FALSE, NULL };

  ctd_test_draw_players (document, 8);
  doc = build (document, 1, 0, &options, NULL, &error);
  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 2);
  for (guint i = 0; i < doc->pages->len; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, i);
      g_autofree char *link = stored_link (document, i + 1);

      assert_int_equal (page->images->len, 1);
      assert_string_equal (((CtdSheetImage *) g_ptr_array_index (page->images, 0))->qr->text,
                           link);
    }

  ctd_document_export_async (document, &what, pdf, NULL, NULL, NULL, NULL, waiter_ready_cb,
                             &waiter);
  /* The worker has its own copy of the address. */
  g_clear_pointer (&base, g_free);
  assert_true (ctd_test_wait_until (&waiter.done, 30000, "the sheets' export to end"));
  assert_true (ctd_document_export_finish (document, waiter.result, NULL, &error));
  g_clear_object (&waiter.result);
  {
    const char *render[] = { "pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "1",
                             "-singlefile", pdf, png, NULL };
    g_autofree char *image = g_strconcat (png, ".png", NULL);
    const char *zbarimg[] = { "zbarimg", "-q", "--raw", image, NULL };

    g_free (run (render));
    decoded = run (zbarimg);
  }
  first = stored_link (document, 1);
  assert_string_equal (g_strchomp (decoded), first);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_same_as_synchronous, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_cancelled, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_no_such_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_links_base, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
