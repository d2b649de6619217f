/* test-report-language.c: the sheets and reports print in the event's
 * language, whatever the language of whoever prints, in any thread.
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

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ctd-export.h"
#include "ctd-output-language.h"
#include "ctd-report.h"
#include "ctd-store.h"
#include "ctd-test-catalogue.h"
#include "ctd-test-files.h"
#include "ctd-test-sheet.h"

typedef CtdTestFolder Fixture;

/* The test's own language, "xx" (ctd-test-catalogue.c): a page's name,
 * a built-in layout's heading (translated as the layout loads) and the
 * web page's language, which its writer prints. */
static const CtdTestMessage catalogue[] = {
  { "Chouette %s", "Chouettex %s" },
  { "Round %u standings", "Classemx du tour %u" },
  { "layout\004Rank", "Rangx" },
  { "HTML lang\004en", "xx" },
};

/* The folder of the test's catalogue, and of its locale. */
static char *catalogue_dir;
static char *locale_dir;

/* A locale named for "xx" (xx_XX.UTF-8, what the event's "xx" is looked
 * up as), copied from C.UTF-8, which glibc installs: no real language
 * need be installed. Found through LOCPATH, where newlocale() looks. */
static gboolean
install_locale (void)
{
  const char *source = "/usr/lib/locale/C.utf8";
  g_autofree char *target = NULL;
  g_autoptr(GDir) dir = g_dir_open (source, 0, NULL);
  const char *name;

  if (dir == NULL)
    return FALSE;
  locale_dir = g_dir_make_tmp ("ctd-locpath-XXXXXX", NULL);
  target = g_build_filename (locale_dir, "xx_XX.UTF-8", NULL);
  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *from = g_build_filename (source, name, NULL);
      g_autofree char *to = g_build_filename (target, name, NULL);
      g_autofree char *bytes = NULL;
      gsize length;

      /* LC_MESSAGES is a folder of one file. */
      if (g_file_test (from, G_FILE_TEST_IS_DIR))
        {
          g_autofree char *inner = g_build_filename (from, "SYS_LC_MESSAGES", NULL);

          g_assert_cmpint (g_mkdir (to, 0700), ==, 0);
          g_clear_pointer (&to, g_free);
          to = g_build_filename (target, name, "SYS_LC_MESSAGES", NULL);
          g_assert_true (g_file_get_contents (inner, &bytes, &length, NULL));
        }
      else
        g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
      g_assert_true (g_file_set_contents (to, bytes, length, NULL));
    }
  g_setenv ("LOCPATH", locale_dir, TRUE);
  return TRUE;
}

static void
remove_locale (void)
{
  g_autofree char *target = g_build_filename (locale_dir, "xx_XX.UTF-8", NULL);
  g_autoptr(GDir) dir = g_dir_open (target, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (target, name, NULL);
      g_autofree char *inner = g_build_filename (path, "SYS_LC_MESSAGES", NULL);

      g_unlink (inner);
      if (g_unlink (path) != 0)
        g_rmdir (path);
    }
  g_rmdir (target);
  g_rmdir (locale_dir);
}

static void
set_language (CtdStore   *store,
              const char *code)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { NULL, };

  assert_true (ctd_store_get_settings (store, &settings, &error));
  g_free (settings.language);
  settings.language = g_strdup (code);
  if (!ctd_store_set_settings (store, &settings, &error))
    fail_msg ("%s", error->message);
}

/* The names of @doc's pages and the text of its standings, one string. */
static char *
doc_text (const CtdSheetDoc *doc)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < doc->pages->len; i++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, i);
      g_autofree char *cells = ctd_test_page_text (page);

      g_string_append_printf (text, "[%s]\n%s\n", page->name, cells);
    }
  return g_string_free (text, FALSE);
}

/* The director's language stays English (no LANGUAGE, the C.UTF-8
 * locale): what the program's own messages say. */
static void
assert_director_english (void)
{
  assert_string_equal (_("Round %u standings"), "Round %u standings");
}

static gpointer
build_in_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;
  CtdSheetDoc *doc = ctd_report_build (data, 1, 0, NULL, &error);

  if (doc == NULL)
    g_error ("%s", error->message);
  return doc;
}

/* An event set to "xx" prints its sheets and standings in it, in the
 * caller's thread and in a worker; the director's messages stay
 * English, before and after. */
static void
test_event_language (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) english = NULL;
  g_autoptr(CtdSheetDoc) translated = NULL;
  g_autoptr(CtdSheetDoc) threaded = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *english_text = NULL;
  g_autofree char *translated_text = NULL;
  g_autofree char *threaded_text = NULL;

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);

  /* The director's language, as before the setting existed. */
  english = ctd_report_build (store, 1, 0, NULL, &error);
  assert_non_null (english);
  english_text = doc_text (english);
  assert_non_null (strstr (english_text, "[Chouette 1.1]"));
  assert_non_null (strstr (english_text, "[Round 1 standings]"));
  assert_non_null (strstr (english_text, "Rank"));

  set_language (store, "xx");
  translated = ctd_report_build (store, 1, 0, NULL, &error);
  assert_non_null (translated);
  translated_text = doc_text (translated);
  assert_non_null (strstr (translated_text, "[Chouettex 1.1]"));
  assert_non_null (strstr (translated_text, "[Classemx du tour 1]"));
  assert_non_null (strstr (translated_text, "Rangx"));
  assert_null (strstr (translated_text, "[Round 1 standings]"));
  assert_string_equal (translated->language, "xx");
  warnings = ctd_export_warnings (translated, CTD_EXPORT_XLSX);
  assert_int_equal (warnings->len, 0);
  assert_director_english ();

  threaded = g_thread_join (g_thread_new ("report", build_in_thread, store));
  threaded_text = doc_text (threaded);
  assert_string_equal (threaded_text, translated_text);
  assert_director_english ();
}

/* A writer's own texts follow the document: the web page says it is in
 * the event's language. */
static void
test_writer_language (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_create_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "results.html", NULL);
  g_autofree char *page = NULL;
  CtdReportOptions posting = { NULL, FALSE, FALSE, CTD_REPORT_PART_POSTING };

  ctd_test_record_sheet (store, 1, 1, CTD_N_GAMES);
  ctd_test_record_sheet (store, 1, 2, CTD_N_GAMES);
  set_language (store, "xx");
  doc = ctd_report_build (store, 1, 0, &posting, &error);
  assert_non_null (doc);
  if (!ctd_export_write (doc, path, &error))
    fail_msg ("%s", error->message);
  assert_true (g_file_get_contents (path, &page, NULL, NULL));
  assert_non_null (strstr (page, "lang=\"xx\""));
  assert_director_english ();
}

/* "en" is the program's own texts even where the LANGUAGE variable asks
 * for another; a language with no locale installed prints in the
 * director's and says so once, in the export's warnings. */
static void
test_english_and_missing (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_create_event (*state, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  CtdSheetDoc *doc;
  g_autofree char *text = NULL;
  g_autofree char *missing = NULL;

  g_setenv ("LANGUAGE", "xx", TRUE);
  set_language (store, "en");
  doc = ctd_report_build (store, 1, 0, NULL, &error);
  text = doc_text (doc);
  assert_non_null (strstr (text, "[Chouette 1.1]"));
  assert_null (strstr (text, "Chouettex"));
  warnings = ctd_export_warnings (doc, CTD_EXPORT_PDF);
  assert_int_equal (warnings->len, 0);
  g_clear_pointer (&warnings, g_ptr_array_unref);
  ctd_sheet_doc_free (doc);
  g_unsetenv ("LANGUAGE");

  missing = ctd_output_language_locale_name ("zz");
  assert_null (missing);
  set_language (store, "zz");
  doc = ctd_report_build (store, 1, 0, NULL, &error);
  g_clear_pointer (&text, g_free);
  text = doc_text (doc);
  assert_non_null (strstr (text, "[Chouette 1.1]"));
  warnings = ctd_export_warnings (doc, CTD_EXPORT_XLSX);
  assert_int_equal (warnings->len, 1);
  assert_non_null (strstr (g_ptr_array_index (warnings, 0), "(zz)"));
  assert_non_null (strstr (g_ptr_array_index (warnings, 0), "zz_ZZ.UTF-8"));
  ctd_sheet_doc_free (doc);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_event_language, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_writer_language, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_english_and_missing, ctd_test_folder_setup, ctd_test_folder_teardown),
  };
  int failed;

  if (!install_locale ())
    {
      g_print ("1..0 # SKIP no C.utf8 locale folder to make the test's locale from\n");
      return 77;
    }
  catalogue_dir = ctd_test_catalogue_install (catalogue, G_N_ELEMENTS (catalogue));
  /* The director reads English: the catalogue is the event's alone. */
  g_unsetenv ("LANGUAGE");
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  ctd_test_catalogue_remove (catalogue_dir);
  remove_locale ();
  return failed;
}
