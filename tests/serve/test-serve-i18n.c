/* test-serve-i18n.c: the tables' pages in the reader's language, and
 * saying which it is, so that a phone reads them aloud, hyphenates and
 * translates them as that language.
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

#include "ctd-serve-html.h"
#include "ctd-test-catalogue.h"

static const CtdTestMessage catalogue[] = {
  { "HTML lang\004en", "xx" },
};

/* Without a translation a page is English and says so; with one, it
 * names the translation's language. */
static void
test_page_language (void **state G_GNUC_UNUSED)
{
  g_autoptr(GString) page = g_string_new (NULL);
  g_autofree char *folder = NULL;

  ctd_html_begin_page (page, "Chouette 1.1");
  assert_non_null (strstr (page->str, "<html lang=\"en\">"));

  folder = ctd_test_catalogue_install (catalogue, G_N_ELEMENTS (catalogue));
  g_string_truncate (page, 0);
  ctd_html_begin_page (page, "Chouette 1.1");
  assert_non_null (strstr (page->str, "<html lang=\"xx\">"));
  assert_non_null (strstr (page->str, "<title>Chouette 1.1</title>"));
  ctd_test_catalogue_remove (folder);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_page_language),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
