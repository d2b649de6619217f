/* test-report-qr.c: each table's link on its chouette's scoring sheet
 * (issue 21), in the sheet model, and read back from the printed PDF and
 * the spreadsheet's image by a QR code reader (zbarimg, zbar-tools), as a
 * phone would read the paper.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CTD_SCREENSHOT_DIR set, the first A4 sheet is kept there as
 * sheet-qr.png, to be looked at.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-pdf.h"
#include "ctd-qr.h"
#include "ctd-report.h"
#include "ctd-template.h"
#include "ctd-test-sheet.h"
#include "ctd-xlsx.h"

/* Links as the server will make them: an address on the venue's network
 * and a secret of 128 bits, here made up. */
#define LINK_1 "http://192.168.1.20:8080/t/Xq3v-9KpLmN2bT7wRz4yHg"
#define LINK_2 "http://192.168.1.20:8080/t/aB0_cD1eF2gH3iJ4kL5mNw"

/* ctd_chouette_key() -> link, for round 1's two chouettes. */
static GHashTable *
round_links (void)
{
  GHashTable *links = g_hash_table_new (NULL, NULL);

  g_hash_table_insert (links, ctd_chouette_key (1, 1), (char *) LINK_1);
  g_hash_table_insert (links, ctd_chouette_key (1, 2), (char *) LINK_2);
  return links;
}

/* What @argv prints on stdout; fails the test if it cannot run or fails. */
static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error))
    fail_msg ("%s (zbar-tools, poppler-utils and unzip are in .ci/setup.sh)", error->message);
  if (!g_spawn_check_wait_status (status, &error))
    fail_msg ("%s: %s %s", argv[0], error->message, err);
  return out;
}

/* What zbarimg reads in the image @path: each code's text on a line. */
static char *
decode (const char *path)
{
  const char *argv[] = { "zbarimg", "-q", "--raw", path, NULL };
  char *text = run (argv);

  g_strchomp (text);
  return text;
}

/* The sheet's QR code is in the model, over the sheet's bottom right,
 * under the signatures, with the link written under it. */
static void
test_sheet_model (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autoptr(GHashTable) links = round_links ();
  CtdReportOptions options = { NULL, FALSE, FALSE, CTD_REPORT_PART_SHEETS, links };
  CtdReportOptions none = { NULL, FALSE, FALSE, CTD_REPORT_PART_SHEETS, NULL };
  CtdReportOptions public_view = { NULL, TRUE, FALSE, CTD_REPORT_PART_SHEETS, links };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = ctd_report_round (store, 1, &options, &error);
  g_autoptr(CtdSheetDoc) plain = ctd_report_round (store, 1, &none, &error);
  g_autoptr(CtdSheetDoc) posted = NULL;
  const char *expected[] = { LINK_1, LINK_2 };

  assert_non_null (doc);
  assert_non_null (plain);
  assert_int_equal (doc->pages->len, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, i);
      const CtdSheetPage *before = g_ptr_array_index (plain->pages, i);
      const CtdSheetImage *image;
      const CtdSheetCell *caption;
      g_autofree char *text = g_strdup_printf ("Enter this table's games: %s", expected[i]);
      guint n_rows = ctd_sheet_page_get_n_rows (before);

      assert_int_equal (page->images->len, 1);
      assert_int_equal (before->images->len, 0);
      image = g_ptr_array_index (page->images, 0);
      assert_string_equal (image->qr->text, expected[i]);
      /* Under everything the sheet had, at the right of the notes'
       * column, the last but one (within one column: see
       * report_add_table_link()). */
      assert_true (image->row > n_rows);
      assert_int_equal (image->row, image->last_row);
      assert_int_equal (image->col, ctd_sheet_page_get_n_cols (before) - 2);
      assert_int_equal (image->last_col, image->col);
      assert_int_equal (image->align, CTD_SHEET_ALIGN_RIGHT);
      caption = ctd_test_cell_at (page, image->last_row + 1, 7);
      assert_string_equal (caption->text, text);
      assert_int_equal (caption->last_col, image->last_col);
      /* The rest of the sheet as it was, cell for cell. */
      assert_int_equal (page->cells->len, before->cells->len + 1);
      for (guint k = 0; k < before->cells->len; k++)
        assert_string_equal (((CtdSheetCell *) g_ptr_array_index (page->cells, k))->text,
                             ((CtdSheetCell *) g_ptr_array_index (before->cells, k))->text);
      /* A player's name that looks like a formula is still text. */
      assert_int_equal (ctd_test_cell_at (page, ROW_NAMES, COL_PLAYER (0))->kind,
                        CTD_SHEET_CELL_TEXT);
    }

  /* The link is the table's secret: a public copy never shows it, even
   * of a complete round, whose sheets it prints. */
  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  posted = ctd_report_round (store, 1, &public_view, &error);
  assert_non_null (posted);
  assert_true (ctd_sheet_doc_has_page (posted, "Chouette 1.1"));
  for (guint i = 0; i < posted->pages->len; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (posted->pages, i);
      g_autofree char *text = ctd_test_page_text (page);

      assert_int_equal (page->images->len, 0);
      assert_null (strstr (text, "192.168.1.20"));
    }
}

/* A link no QR code can hold stops the sheet with a message naming the
 * chouette; nothing is half made. */
static void
test_link_too_long (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(GHashTable) links = g_hash_table_new (NULL, NULL);
  g_autofree char *link = g_strnfill (3000, 'x');
  CtdReportOptions options = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS, links };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;

  g_hash_table_insert (links, ctd_chouette_key (1, 1), link);
  doc = ctd_report_chouette (store, 1, 1, &options, &error);
  assert_null (doc);
  assert_true (g_error_matches (error, CTD_QR_ERROR, CTD_QR_ERROR_TOO_LONG));
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: "));
}

/* A club's copy of the layout made before the text under the code was
 * added still prints it, in the built-in words. */
static void
test_older_layout (void **state)
{
  const CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 4);
  g_autoptr(GHashTable) links = round_links ();
  g_autofree char *dir = g_build_filename (folder->dir, "templates", NULL);
  g_autofree char *copy = g_build_filename (dir, "scoring-sheet-4.ini", NULL);
  g_autoptr(GRegex) entry = g_regex_new ("^TableEntry=.*\\n", G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *older = g_regex_replace_literal (entry,
                                                    ctd_template_get_builtin ("scoring-sheet-4.ini"),
                                                    -1, 0, "", 0, NULL);
  CtdReportOptions options = { dir, FALSE, TRUE, CTD_REPORT_PART_SHEETS, links };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  const CtdSheetPage *page;
  const CtdSheetImage *image;

  assert_null (strstr (older, "TableEntry"));
  assert_int_equal (g_mkdir (dir, 0700), 0);
  assert_true (g_file_set_contents (copy, older, -1, NULL));
  doc = ctd_report_chouette (store, 1, 1, &options, &error);
  assert_non_null (doc);
  page = g_ptr_array_index (doc->pages, 0);
  image = g_ptr_array_index (page->images, 0);
  assert_string_equal (ctd_test_cell_at (page, image->row + 1, 7)->text,
                       "Enter this table's games: " LINK_1);
  g_unlink (copy);
  g_rmdir (dir);
}

/* Printed on A4 and on Letter at 200 dots an inch, each sheet's code
 * reads as its own table's link, and only that: a 4-player sheet and a
 * 3-player one, which is narrower. */
static void
test_pdf_decodes (void **state)
{
  const CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 7);
  g_autoptr(GHashTable) links = round_links ();
  CtdReportOptions options = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS, links };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = ctd_report_round (store, 1, &options, &error);
  const CtdSheetPaper papers[] = { CTD_SHEET_PAPER_A4, CTD_SHEET_PAPER_LETTER };
  const char *shots = g_getenv ("CTD_SCREENSHOT_DIR");

  assert_non_null (doc);
  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autofree char *pdf = g_build_filename (folder->dir, "sheets.pdf", NULL);
      g_autofree char *prefix = g_build_filename (folder->dir, "sheet", NULL);
      const char *render[] = { "pdftoppm", "-r", "200", "-png", pdf, prefix, NULL };

      for (guint i = 0; i < doc->pages->len; i++)
        ((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->paper = papers[p];
      assert_true (ctd_pdf_write (doc, pdf, &error));
      g_free (run (render));
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *name = g_strdup_printf ("sheet-%u.png", i + 1);
          g_autofree char *png = g_build_filename (folder->dir, name, NULL);
          g_autofree char *text = decode (png);

          assert_string_equal (text, i == 0 ? LINK_1 : LINK_2);
          if (shots != NULL && p == 0 && i == 0)
            {
              g_autofree char *kept = g_build_filename (shots, "sheet-qr.png", NULL);
              g_autofree char *bytes = NULL;
              gsize length;

              assert_true (g_file_get_contents (png, &bytes, &length, NULL));
              assert_true (g_file_set_contents (kept, bytes, length, NULL));
            }
        }
    }
}

/* The spreadsheet holds each sheet's code as an image, which reads as
 * its table's link; without links it holds none. */
static void
test_xlsx_image_decodes (void **state)
{
  const CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autoptr(GHashTable) links = round_links ();
  CtdReportOptions options = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS, links };
  CtdReportOptions none = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = ctd_report_round (store, 1, &options, &error);
  g_autoptr(CtdSheetDoc) plain = ctd_report_round (store, 1, &none, &error);
  g_autofree char *xlsx = g_build_filename (folder->dir, "sheets.xlsx", NULL);
  g_autofree char *bare = g_build_filename (folder->dir, "plain.xlsx", NULL);
  const char *list[] = { "unzip", "-Z1", xlsx, NULL };
  const char *list_bare[] = { "unzip", "-Z1", bare, NULL };
  g_autofree char *names = NULL;
  g_autofree char *bare_names = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_images = 0;

  assert_true (ctd_xlsx_write (doc, xlsx, &error));
  assert_true (ctd_xlsx_write (plain, bare, &error));
  bare_names = run (list_bare);
  assert_null (strstr (bare_names, "xl/media/"));

  names = run (list);
  lines = g_strsplit (names, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "xl/media/"))
      {
        g_autofree char *media = g_build_filename (folder->dir, "media", NULL);
        const char *extract[] = { "unzip", "-q", "-o", "-j", "-d", media, xlsx, lines[i], NULL };
        g_autofree char *base = g_path_get_basename (lines[i]);
        g_autofree char *png = g_build_filename (media, base, NULL);
        g_autofree char *text = NULL;

        assert_true (g_str_has_suffix (lines[i], ".png"));
        g_free (run (extract));
        text = decode (png);
        /* libxlsxwriter numbers the images in the order of the sheets. */
        assert_string_equal (text, n_images == 0 ? LINK_1 : LINK_2);
        g_unlink (png);
        g_rmdir (media);
        n_images++;
      }
  assert_int_equal (n_images, 2);

  /* Square, and from a cell's edge to inside that same cell: a program
   * whose columns are wider than Excel's (LibreOffice) keeps it square. */
  {
    const char *drawing[] = { "unzip", "-p", xlsx, "xl/drawings/drawing1.xml", NULL };
    g_autofree char *xml = run (drawing);
    g_autoptr(GRegex) anchor = g_regex_new ("<xdr:from><xdr:col>(\\d+)</xdr:col>.*?"
                                            "<xdr:row>(\\d+)</xdr:row>.*?"
                                            "<xdr:to><xdr:col>(\\d+)</xdr:col>.*?"
                                            "<xdr:row>(\\d+)</xdr:row>.*?"
                                            "<a:ext cx=\"(\\d+)\" cy=\"(\\d+)\"",
                                            0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_auto(GStrv) parts = NULL;

    assert_true (g_regex_match (anchor, xml, 0, &match));
    parts = g_match_info_fetch_all (match);
    assert_string_equal (parts[1], parts[3]);
    assert_string_equal (parts[2], parts[4]);
    assert_string_equal (parts[5], parts[6]);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_sheet_model, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_link_too_long, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_older_layout, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_pdf_decodes, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_xlsx_image_decodes, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
