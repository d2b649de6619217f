/* test-report-links.c: every table's link read from the event for its
 * chouette's scoring sheet, under the desk's address (issue 21).
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

#include "ctd-link.h"
#include "ctd-report.h"
#include "ctd-test-sheet.h"

#define BASE "http://192.168.1.20:8080"

/* What `links --base` lists: each chouette's BASE/t/SECRET, from the
 * event file, by ctd_chouette_key(). */
static GHashTable *
stored_links (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_store_list_links (store, 0, &error);
  GHashTable *urls = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      g_hash_table_insert (urls, ctd_chouette_key (link->round, link->chouette),
                           g_strconcat (BASE "/t/", link->secret, NULL));
    }
  return urls;
}

/* Every chouette's link, once, under the address as typed (a trailing
 * slash dropped); an address that is not the desk's gives no table. */
static void
test_links_new (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 12);
  g_autoptr(GHashTable) expected = stored_links (store);
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer key, value;

  assert_int_equal (g_hash_table_size (expected), 3);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GHashTable) links = ctd_report_links_new (store, i == 0 ? BASE : BASE "/",
                                                          &error);

      assert_non_null (links);
      assert_int_equal (g_hash_table_size (links), g_hash_table_size (expected));
      g_hash_table_iter_init (&iter, expected);
      while (g_hash_table_iter_next (&iter, &key, &value))
        assert_string_equal (g_hash_table_lookup (links, key), value);
    }

  for (guint i = 0; i < 4; i++)
    {
      static const char *const bad[] = { "192.168.1.20:8080", "ftp://desk", BASE "/desk",
                                         BASE "/?a=1" };
      g_autoptr(GHashTable) links = ctd_report_links_new (store, bad[i], &error);

      assert_null (links);
      assert_true (g_error_matches (error, CTD_LINK_ERROR, CTD_LINK_ERROR_BASE));
      assert_non_null (strstr (error->message, bad[i]));
      g_clear_error (&error);
    }
}

/* Options that name the address print each chouette's own link on its
 * sheet, blank or filled, as a code with the link under it. */
static void
test_sheets_carry_links (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 12);
  g_autoptr(GHashTable) expected = stored_links (store);
  CtdReportOptions blank = { .blank = TRUE, .part = CTD_REPORT_PART_SHEETS, .links_base = BASE };
  CtdReportOptions one = { .links_base = BASE "/" };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = ctd_report_build (store, 1, 0, &blank, &error);
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
  g_autoptr(CtdSheetDoc) sheet = NULL;
  const CtdSheetImage *image;

  assert_non_null (doc);
  assert_int_equal (doc->pages->len, 3);
  for (guint i = 0; i < doc->pages->len; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, i);
      const char *url = g_hash_table_lookup (expected, ctd_chouette_key (1, i + 1));
      g_autofree char *name = g_strdup_printf ("Chouette 1.%u", i + 1);
      g_autofree char *text = ctd_test_page_text (page);
      g_autofree char *caption = g_strdup_printf ("Enter this table's games: %s", url);

      assert_string_equal (page->name, name);
      assert_int_equal (page->images->len, 1);
      image = g_ptr_array_index (page->images, 0);
      assert_string_equal (image->qr->text, url);
      assert_non_null (strstr (text, caption));
      /* Under it, seat 1's code, which proves the seat on a phone that
       * entered a line. */
      {
        char code[CTD_LINK_SEAT_CODE_CHARS + 1];
        g_autofree char *first = NULL;

        ctd_link_seat_code (strrchr (url, '/') + 1, 1, code);
        first = g_strdup_printf ("Seat codes (to confirm a line on the phone that entered it): "
                                 "1 %s %s, 2 ",
                                 ((CtdStoreChouette *) g_ptr_array_index (chouettes, i))->names[0],
                                 code);
        if (strstr (text, first) == NULL)
          fail_msg ("No “%s” in:\n%s", first, text);
      }
    }

  ctd_test_record_sheet (store, 1, 2, 3);
  sheet = ctd_report_build (store, 1, 2, &one, &error);
  assert_non_null (sheet);
  image = g_ptr_array_index (((CtdSheetPage *) g_ptr_array_index (sheet->pages, 0))->images, 0);
  assert_string_equal (image->qr->text, g_hash_table_lookup (expected, ctd_chouette_key (1, 2)));
}

/* A public copy asked with the links is refused, not printed without
 * them; so is an address that is not the desk's. */
static void
test_refused (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  CtdReportOptions posted = { .public_view = TRUE, .links_base = BASE };
  CtdReportOptions posted_blank = { .public_view = TRUE, .blank = TRUE,
                                    .part = CTD_REPORT_PART_SHEETS, .links_base = BASE };
  CtdReportOptions elsewhere = { .blank = TRUE, .links_base = "http://desk/chouette" };
  const CtdReportOptions *refused[] = { &posted, &posted_blank };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    for (guint round = 0; round <= 1; round++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(CtdSheetDoc) doc = ctd_report_build (store, round, 0, refused[i], &error);

        assert_null (doc);
        assert_true (g_error_matches (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_SECRET));
        assert_non_null (strstr (error->message, "A public copy never carries the tables' links"));
      }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CtdSheetDoc) doc = ctd_report_build (store, 1, 1, &elsewhere, &error);

    assert_null (doc);
    assert_true (g_error_matches (error, CTD_LINK_ERROR, CTD_LINK_ERROR_BASE));
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_links_new, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sheets_carry_links, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
