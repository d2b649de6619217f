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

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_format_for),
    cmocka_unit_test (test_write_replaces_whole),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
