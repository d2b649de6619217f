/* test-export.c
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

#include "ctd-export.h"

static void
test_format_for (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    const char *path;
    gboolean ok;
    CtdExportFormat format;
  } cases[] = {
    { "sheets.xlsx", TRUE, CTD_EXPORT_XLSX },  { "SHEETS.XLSX", TRUE, CTD_EXPORT_XLSX },
    { "a/b.c/post.pdf", TRUE, CTD_EXPORT_PDF }, { "Post.Pdf", TRUE, CTD_EXPORT_PDF },
    { "results.csv", TRUE, CTD_EXPORT_CSV },   { "RESULTS.CSV", TRUE, CTD_EXPORT_CSV },
    { "sheets.xls", FALSE, 0 },                { "sheets.ods", FALSE, 0 },
    { "sheets", FALSE, 0 },                    { "xlsx", FALSE, 0 },
    { "pdf.xlsx.txt", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      CtdExportFormat format = 99;
      gboolean ok = ctd_export_format_for (cases[i].path, &format, &error);

      if (ok != cases[i].ok)
        fail_msg ("%s: expected %s", cases[i].path, cases[i].ok ? "a format" : "a refusal");
      if (ok)
        assert_int_equal (format, cases[i].format);
      else
        {
          assert_true (g_error_matches (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_FORMAT));
          assert_non_null (strstr (error->message, cases[i].path));
        }
    }
}

static CtdSheetDoc *
small_doc (void)
{
  CtdSheetDoc *doc = ctd_sheet_doc_new ("Test", 0);
  CtdSheetStyle style = { .font = (char *) "Arial", .size = 10, .fill = CTD_SHEET_NO_FILL };
  guint index = ctd_sheet_doc_add_style (doc, &style);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Round 1 standings");

  ctd_sheet_page_add_text (page, 0, 0, "Zoë", index);
  return doc;
}

/* Only the file itself remains: no temporary beside it. */
static void
assert_folder_holds (const char *dir,
                     const char *only)
{
  GDir *folder = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (folder)) != NULL)
    {
      if (only == NULL || !g_str_equal (name, only))
        fail_msg ("unexpected file %s in %s", name, dir);
      n++;
    }
  g_dir_close (folder);
  assert_int_equal (n, only != NULL ? 1 : 0);
}

static void
test_write_replaces_whole (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = small_doc ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  const char *names[] = { "out.xlsx", "out.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *data = NULL;

      assert_true (g_file_set_contents (path, "old", -1, NULL));
      assert_true (ctd_export_write (doc, path, &error));
      assert_true (g_file_get_contents (path, &data, NULL, NULL));
      assert_string_not_equal (data, "old");
      assert_folder_holds (dir, names[i]);
      g_unlink (path);
    }

  /* Refused: no file, and the message names the one asked for. */
  {
    g_autofree char *ods = g_build_filename (dir, "out.ods", NULL);
    g_autofree char *missing = g_build_filename (dir, "gone", "out.xlsx", NULL);

    assert_false (ctd_export_write (doc, ods, &error));
    assert_true (g_error_matches (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_FORMAT));
    g_clear_error (&error);
    assert_false (ctd_export_write (doc, missing, &error));
    assert_true (g_error_matches (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE));
    assert_non_null (strstr (error->message, missing));
    assert_folder_holds (dir, NULL);
  }
  g_rmdir (dir);
}

/* A document of @n_pages pages, each one sheet of paper and one worksheet. */
static CtdSheetDoc *
paged_doc (guint n_pages)
{
  CtdSheetDoc *doc = ctd_sheet_doc_new ("Test", 0);
  CtdSheetStyle style = { .font = (char *) "Arial", .size = 10, .fill = CTD_SHEET_NO_FILL };
  guint index = ctd_sheet_doc_add_style (doc, &style);

  for (guint i = 0; i < n_pages; i++)
    {
      g_autofree char *name = g_strdup_printf ("Page %u", i + 1);
      CtdSheetPage *page = ctd_sheet_doc_add_page (doc, name);

      ctd_sheet_page_add_text (page, 0, 0, name, index);
    }
  return doc;
}

typedef struct
{
  GArray       *done;        /* every @done reported, in order */
  guint         total;
  GCancellable *cancel_at_1;  /* cancelled once the first page is reported */
} Progress;

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_array_append_val (progress->done, done);
  if (progress->done->len > 1)
    assert_int_equal (total, progress->total);
  progress->total = total;
  if (progress->cancel_at_1 != NULL && done == 1)
    g_cancellable_cancel (progress->cancel_at_1);
}

static void
test_progress (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = paged_doc (3);
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  const char *names[] = { "out.xlsx", "out.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      Progress progress = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, NULL };

      /* A cancellable that is never cancelled changes nothing. */
      if (!ctd_export_write_full (doc, path, progress_cb, &progress, cancellable, &error))
        fail_msg ("%s: %s", names[i], error->message);
      assert_int_equal (progress.total, 3);
      assert_int_equal (progress.done->len, 3);
      for (guint k = 0; k < progress.done->len; k++)
        assert_int_equal (g_array_index (progress.done, guint, k), k + 1);
      assert_folder_holds (dir, names[i]);
      g_unlink (path);
      g_array_unref (progress.done);
    }
  g_rmdir (dir);
}

/* A Cancel from the progress bar after the first page: FALSE with
 * G_IO_ERROR_CANCELLED, no file at all, and no more pages written. */
static void
test_cancel_leaves_nothing (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = paged_doc (3);
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  const char *names[] = { "out.xlsx", "out.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      Progress progress = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, cancellable };

      assert_false (ctd_export_write_full (doc, path, progress_cb, &progress, cancellable,
                                           &error));
      assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      assert_int_equal (progress.done->len, 1);
      assert_folder_holds (dir, NULL);
      g_array_unref (progress.done);

      /* Cancelled before it starts: not even a temporary file is made. */
      g_clear_error (&error);
      assert_false (ctd_export_write_full (doc, path, NULL, NULL, cancellable, &error));
      assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      assert_folder_holds (dir, NULL);
    }
  g_rmdir (dir);
}

/* A cancelled export over last week's file keeps last week's file. */
static void
test_cancel_keeps_old_file (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = paged_doc (3);
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  const char *names[] = { "out.xlsx", "out.pdf" };
  static const char old[] = "last week's sheets";

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      Progress progress = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, cancellable };
      g_autofree char *data = NULL;
      gsize length;

      assert_true (g_file_set_contents (path, old, -1, NULL));
      assert_false (ctd_export_write_full (doc, path, progress_cb, &progress, cancellable,
                                           &error));
      assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      assert_true (g_file_get_contents (path, &data, &length, NULL));
      assert_int_equal (length, strlen (old));
      assert_memory_equal (data, old, length);
      assert_folder_holds (dir, names[i]);
      g_unlink (path);
      g_array_unref (progress.done);
    }
  g_rmdir (dir);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_format_for),
    cmocka_unit_test (test_write_replaces_whole),
    cmocka_unit_test (test_progress),
    cmocka_unit_test (test_cancel_leaves_nothing),
    cmocka_unit_test (test_cancel_keeps_old_file),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
