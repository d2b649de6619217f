/* test-report-slips.c: a round's link slips (issue 21), one per table:
 * in the sheet model, with the links `links --base` lists, the players'
 * names as text, a code large enough to read once printed, and refused
 * where a slip would give a secret away or carry nothing to scan.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The printed codes are read back by zbarimg in
 * tests/test-cli-export-links.py.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-link.h"
#include "ctd-pdf.h"
#include "ctd-report.h"
#include "ctd-template.h"
#include "ctd-test-sheet.h"

#define BASE "http://192.168.1.20:8080"

/* A column as the PDF writer measures it (POINTS_PER_CHAR and
 * COLUMN_PADDING of ctd-pdf-private.h), in points. */
#define COLUMN_POINTS(chars) ((chars) * 5.25 + 3.75)
/* 30 mm, in points: the least side of a code of about 60 characters
 * (its modules, without the light border) for a phone held over the
 * table. */
#define LEAST_SIDE (30 / 25.4 * 72)

/* What `links --base BASE` lists for chouette @round.@number. */
static char *
stored_link (CtdStore *store,
             guint     round,
             guint     number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_store_list_links (store, round, &error);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == number)
        return ctd_link_url (BASE, link->secret);
    }
  fail_msg ("no link for %u.%u", round, number);
  return NULL;
}

/* Whether @page has a text cell that reads @text exactly. */
static gboolean
has_text (const CtdSheetPage *page,
          const char         *text)
{
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      if (cell->kind == CTD_SHEET_CELL_TEXT && g_str_equal (cell->text, text))
        return TRUE;
    }
  return FALSE;
}

/* A round of two chouettes: one slip each, on one sheet of paper, each
 * with its own table's link as its code and written out, its table and
 * chouette, the event, and its players in seat order, names as text
 * however they read (a formula, markup). */
static void
test_slips (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  CtdReportOptions options = { .part = CTD_REPORT_PART_SLIPS, .links_base = BASE };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
  g_autoptr(CtdSheetDoc) doc = ctd_report_build (store, 1, 0, &options, &error);
  const CtdSheetPage *page;
  guint hostile_seen = 0;

  assert_non_null (doc);
  assert_int_equal (chouettes->len, 2);
  assert_int_equal (doc->pages->len, 1);
  page = g_ptr_array_index (doc->pages, 0);
  assert_string_equal (page->name, "Slips 1.1-1.2");
  assert_true (page->fit_one_page);
  assert_int_equal (page->images->len, 2);
  assert_true (has_text (page, "Scan to enter this table's games; keep this slip at the table."));
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      const CtdSheetImage *image = g_ptr_array_index (page->images, i);
      g_autofree char *url = stored_link (store, 1, seats->number);
      g_autofree char *title = g_strdup_printf ("Table %u — chouette 1.%u", seats->table,
                                                seats->number);

      assert_string_equal (image->qr->text, url);
      assert_true (has_text (page, url));
      assert_true (has_text (page, title));
      for (guint k = 0; k < seats->size; k++)
        {
          char code[CTD_LINK_SEAT_CODE_CHARS + 1];
          g_autofree char *player = NULL;

          /* Each player beside the seat's code. */
          ctd_link_seat_code (strrchr (url, '/') + 1, k + 1, code);
          player = g_strdup_printf ("%u  %s  (seat code %s)", k + 1, seats->names[k], code);

          assert_true (has_text (page, player));
          for (guint h = 0; h < CTD_TEST_N_HOSTILE; h++)
            hostile_seen += g_str_equal (seats->names[k], ctd_test_hostile[h]);
        }
    }
  assert_int_equal (hostile_seen, CTD_TEST_N_HOSTILE);
  assert_true (has_text (page, "Spring Chouette"));
  /* Nothing a spreadsheet would compute: every cell is text. */
  assert_false (ctd_test_has_number_cells (page));
}

/* With CTD_SCREENSHOT_DIR set, the first sheet of paper is kept there as
 * link-slips.png, to be looked at. */
static void
keep_first_page (const CtdTestFolder *folder,
                 const CtdSheetDoc   *doc,
                 const char          *shots)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (folder->dir, "slips.pdf", NULL);
  g_autofree char *prefix = g_build_filename (shots, "link-slips", NULL);
  const char *argv[] = { "pdftoppm", "-r", "100", "-f", "1", "-l", "1", "-singlefile", "-png",
                         pdf, prefix, NULL };
  int status = 0;

  assert_true (ctd_pdf_write (doc, pdf, &error));
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    fail_msg ("pdftoppm: %s", error->message);
  g_unlink (pdf);
}

/* Printed on A4 and on Letter, each code is at least 30 mm a side, its
 * light border aside; a
 * sheet of paper holds four slips, the next ones go on the next sheet,
 * and a last sheet with one slip prints it the same size. */
static void
test_slips_size (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 20);
  CtdReportOptions options = { .part = CTD_REPORT_PART_SLIPS, .links_base = BASE };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = ctd_report_round (store, 1, &options, &error);
  const CtdSheetPaper papers[] = { CTD_SHEET_PAPER_LETTER, CTD_SHEET_PAPER_A4 };
  const char *shots = g_getenv ("CTD_SCREENSHOT_DIR");

  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 2);
  assert_string_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, 0))->name,
                       "Slips 1.1-1.4");
  assert_string_equal (((CtdSheetPage *) g_ptr_array_index (doc->pages, 1))->name, "Slip 1.5");
  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autoptr(GPtrArray) sheets = NULL;
      double scales[2];

      for (guint i = 0; i < doc->pages->len; i++)
        ((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->paper = papers[p];
      sheets = ctd_pdf_paginate (doc);
      assert_int_equal (sheets->len, 2);
      for (guint s = 0; s < sheets->len; s++)
        {
          const CtdPdfPaper *paper = g_ptr_array_index (sheets, s);
          const CtdSheetPage *page = g_ptr_array_index (doc->pages, paper->page);

          scales[s] = paper->scale;
          for (guint i = 0; i < page->images->len; i++)
            {
              const CtdSheetImage *image = g_ptr_array_index (page->images, i);
              double height = 0, width = 0;

              for (guint row = image->row; row <= image->last_row; row++)
                height += g_array_index (paper->heights, double, row);
              for (guint col = image->col; col <= image->last_col; col++)
                width += COLUMN_POINTS (ctd_sheet_page_get_width (page, col));
              /* The code's modules, without the light border around them. */
              assert_true (MIN (width, height) * paper->scale *
                           (image->qr->size - 2 * CTD_QR_QUIET_ZONE) / image->qr->size
                           >= LEAST_SIDE);
            }
        }
      assert_float_equal (scales[0], scales[1], 1e-9);
    }
  if (shots != NULL)
    keep_first_page (*state, doc, shots);
}

/* A club's copy of the layout changes the words. */
static void
test_slips_layout (void **state)
{
  const CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autofree char *dir = g_build_filename (folder->dir, "templates", NULL);
  g_autofree char *copy = g_build_filename (dir, "link-slips.ini", NULL);
  g_autoptr(GString) layout = g_string_new (ctd_template_get_builtin ("link-slips.ini"));
  CtdReportOptions options = { .template_dir = dir, .part = CTD_REPORT_PART_SLIPS,
                               .links_base = BASE };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *text = NULL;
  const CtdSheetPage *page;

  assert_true (g_string_replace (layout, "Title=Table {table} — chouette {label}",
                                 "Title=Mesa {table} ({label})", 1) == 1);
  assert_true (g_string_replace (layout, "Instruction=Scan to enter",
                                 "Instruction=Escanee para anotar", 1) == 1);
  assert_int_equal (g_mkdir (dir, 0700), 0);
  assert_true (g_file_set_contents (copy, layout->str, -1, NULL));
  doc = ctd_report_round (store, 1, &options, &error);
  assert_non_null (doc);
  page = g_ptr_array_index (doc->pages, 0);
  text = ctd_test_page_text (page);
  assert_non_null (strstr (text, "Escanee para anotar this table's games"));
  assert_non_null (strstr (text, "Mesa 1 (1.1)"));
  assert_null (strstr (text, "Table 1"));
  g_unlink (copy);
  g_rmdir (dir);
}

/* Refused, and why: a public copy (a slip is a table's secret), no
 * links (nothing to scan), and the whole event (slips are a round's). */
static void
test_slips_refused (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  CtdReportOptions posted = { .public_view = TRUE, .part = CTD_REPORT_PART_SLIPS };
  CtdReportOptions posted_base = { .public_view = TRUE, .part = CTD_REPORT_PART_SLIPS,
                                   .links_base = BASE };
  CtdReportOptions no_links = { .part = CTD_REPORT_PART_SLIPS };
  CtdReportOptions all = { .part = CTD_REPORT_PART_SLIPS, .links_base = BASE };
  struct
  {
    const CtdReportOptions *options;
    guint round;
    int code;
    const char *says;
  } refusals[] = {
    { &posted, 1, CTD_REPORT_ERROR_SECRET, "A public copy never carries the tables' links" },
    { &posted_base, 1, CTD_REPORT_ERROR_SECRET, "A public copy never carries" },
    { &no_links, 1, CTD_REPORT_ERROR_EMPTY, "Link slips need the desk's address" },
    { &all, 0, CTD_REPORT_ERROR_EMPTY, "link slips are printed for one round" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdSheetDoc) doc = ctd_report_build (store, refusals[i].round, 0,
                                                     refusals[i].options, &error);

      assert_null (doc);
      assert_true (g_error_matches (error, CTD_REPORT_ERROR, refusals[i].code));
      if (strstr (error->message, refusals[i].says) == NULL)
        fail_msg ("refusal %u says “%s”", i, error->message);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_slips, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_slips_size, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_slips_layout, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_slips_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
