/* test-xlsx.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writer on its own; tests/test-export.py reads real sheets back with
 * openpyxl and LibreOffice.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ctd-xlsx.h"

static CtdSheetDoc *
small_doc (void)
{
  CtdSheetDoc *doc = ctd_sheet_doc_new ("Test", 1779019200);
  CtdSheetStyle style = {
    .font = (char *) "Arial",
    .size = 10,
    .fill = 0xe9ecef,
    .number_format = (char *) "+General;-General;0",
  };
  guint index = ctd_sheet_doc_add_style (doc, &style);
  CtdSheetPage *page = ctd_sheet_doc_add_page (doc, "Chouette 1.1");

  page->landscape = TRUE;
  page->fit_one_page = TRUE;
  page->header[0] = g_strdup ("A & B");
  page->footer[2] = g_strdup ("{page} of {pages}");
  ctd_sheet_cell_merge (ctd_sheet_page_add_text (page, 0, 0, "=HYPERLINK(\"x\")", index), 0, 3);
  ctd_sheet_page_add_number (page, 1, 0, 12.5, "+12.5", index);
  ctd_sheet_page_add_number (page, 2, 0, -3, "-3", index);
  ctd_sheet_page_add_formula (page, 3, 0, "=SUM(A2:A3)", 9.5, "+9.5", index);
  ctd_sheet_page_set_width (page, 0, 12);
  ctd_sheet_page_set_height (page, 0, 30);
  return doc;
}

static void
test_write_and_repeat (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = small_doc ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-xlsx-XXXXXX", NULL);
  g_autofree char *first = g_build_filename (dir, "a.xlsx", NULL);
  g_autofree char *second = g_build_filename (dir, "b.xlsx", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gsize a_length, b_length;

  assert_true (ctd_xlsx_write (doc, first, &error));
  assert_true (ctd_xlsx_write (doc, second, &error));
  assert_true (g_file_get_contents (first, &a, &a_length, NULL));
  assert_true (g_file_get_contents (second, &b, &b_length, NULL));
  assert_true (a_length > 4 && memcmp (a, "PK\003\004", 4) == 0);  /* a zip */
  /* The same document, the same bytes: nothing depends on the clock. */
  assert_int_equal (a_length, b_length);
  assert_memory_equal (a, b, a_length);

  g_unlink (first);
  g_unlink (second);
  g_rmdir (dir);
}

static void
test_unwritable (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = small_doc ();
  g_autoptr(GError) error = NULL;
  const char *path = "/nonexistent-folder-for-ctd/out.xlsx";

  assert_false (ctd_xlsx_write (doc, path, &error));
  assert_true (g_error_matches (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE));
  assert_non_null (strstr (error->message, path));
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* What ctd_xlsx_write() printed on fd 2 (the library writes there
 * directly, not through GLib) while failing to write @path. */
static char *
write_capturing_stderr (const char *path,
                        GError    **error)
{
  g_autoptr(CtdSheetDoc) doc = small_doc ();
  g_autofree char *capture = NULL;
  char *printed = NULL;
  int fd = g_file_open_tmp ("test-xlsx-stderr-XXXXXX", &capture, NULL);
  int saved = dup (STDERR_FILENO);

  assert_true (fd >= 0 && saved >= 0);
  fflush (stderr);
  dup2 (fd, STDERR_FILENO);
  assert_false (ctd_xlsx_write (doc, path, error));
  fflush (stderr);
  dup2 (saved, STDERR_FILENO);
  close (saved);
  close (fd);
  assert_true (g_file_get_contents (capture, &printed, NULL, NULL));
  g_unlink (capture);
  return printed;
}

/* A folder that does not exist, or a "folder" that is a file: one
 * message, naming the file, and not a byte from the library on stderr
 * (it would print "[ERROR] workbook_close(): Error creating ..."). */
static void
test_unwritable_is_quiet (void **state G_GNUC_UNUSED)
{
  g_autofree char *dir = g_dir_make_tmp ("test-xlsx-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "a file", NULL);
  g_autofree char *missing = g_build_filename (dir, "no such folder", "out.xlsx", NULL);
  g_autofree char *under_file = g_build_filename (file, "out.xlsx", NULL);
  const char *paths[] = { missing, under_file };

  assert_true (g_file_set_contents (file, "x", 1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *printed = write_capturing_stderr (paths[i], &error);

      assert_string_equal (printed, "");
      assert_true (g_error_matches (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE));
      assert_non_null (strstr (error->message, paths[i]));
      assert_null (strchr (error->message, '\n'));
      assert_false (g_file_test (paths[i], G_FILE_TEST_EXISTS));
    }
  /* And stderr works again afterwards. */
  assert_true (fcntl (STDERR_FILENO, F_GETFD) >= 0);
  g_unlink (file);
  g_rmdir (dir);
}

static void
cancel_at_1_cb (guint    done,
                guint    total,
                gpointer user_data)
{
  g_cancellable_cancel (user_data);
}

/* A workbook cancelled after its first worksheet is dropped before any
 * byte reaches the disk. */
static void
test_cancel_writes_nothing (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdSheetDoc) doc = small_doc ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *dir = g_dir_make_tmp ("test-xlsx-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.xlsx", NULL);

  ctd_sheet_doc_add_page (doc, "Round 1 standings");
  assert_false (ctd_xlsx_write_full (doc, path, cancel_at_1_cb, cancellable, cancellable,
                                     &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_write_and_repeat),
    cmocka_unit_test (test_unwritable),
    cmocka_unit_test (test_unwritable_is_quiet),
    cmocka_unit_test (test_cancel_writes_nothing),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
