/* test-template-i18n.c: a built-in layout's texts are read in the
 * reader's language; a club's own copy prints as written.
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

#include "ctd-template.h"
#include "ctd-test-catalogue.h"

static const char *const fonts[] = { "Title", "Heading", "Body", "Small", NULL };
static const char *const texts[] = { "Title", "Progress", "Secret", "Tied", "Advances",
                                     "RollOff", "RollOffWon", "RollOffPlace", "Place", NULL };
static const char *const columns[] = { "Rank", "Name", "Club", "Chouette", "Score", "Advances",
                                       NULL };
static const char *const placeholders[] = { "event", "date", "venue", "round", "stage",
                                            "complete", "chouettes", "next", "place", NULL };
static const char *const added[] = { "Text/RollOffWon", NULL };
static const CtdTemplateSpec standings = { "standings.ini", fonts, texts, columns,
                                           placeholders, added };

/* The test's own translations. A layout's text has the context "layout"
 * (templates/texts.c). */
static const CtdTestMessage catalogue[] = {
  { "layout\004Rank", "Rang" },
  { "layout\004Standings: round {round}, {stage}", "Classement : tour {round}, {stage}" },
  { "layout\004Page {page} of {pages}", "Page {page} sur {pages}" },
  { "layout\004won roll-off", "a gagné le barrage" },
  /* A translator's slip: {roll} is no placeholder of the layout. */
  { "layout\004tied: roll-off", "ex aequo : {roll}" },
};

/* The program's own layout: its texts and headings in the reader's
 * language, where the catalogue has them. */
static void
test_builtin_translated (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdTemplate) layout = ctd_template_load (&standings, NULL, &error);

  if (layout == NULL)
    fail_msg ("%s", error->message);
  assert_string_equal (ctd_template_get_text (layout, "Title"),
                       "Classement : tour {round}, {stage}");
  assert_string_equal (ctd_template_get_column (layout, "Rank")->heading, "Rang");
  assert_string_equal (ctd_template_get_footer (layout, 2), "Page {page} sur {pages}");
  /* Untranslated: the English text. */
  assert_string_equal (ctd_template_get_column (layout, "Name")->heading, "Name");
  /* A translation that breaks a placeholder gives way to the English. */
  assert_string_equal (ctd_template_get_text (layout, "Tied"), "tied: roll-off");
}

/* A club's copy prints as the club wrote it, even the built-in's own
 * words; a key its copy lacks takes the built-in text, translated. */
static void
test_copy_as_written (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-template-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "standings.ini", NULL);
  g_autoptr(GString) copy = g_string_new (ctd_template_get_builtin ("standings.ini"));
  g_autoptr(CtdTemplate) layout = NULL;

  assert_int_equal (g_string_replace (copy, "RollOffWon=won roll-off\n", "", 1), 1);
  assert_true (g_file_set_contents (path, copy->str, -1, NULL));
  layout = ctd_template_load (&standings, dir, &error);
  if (layout == NULL)
    fail_msg ("%s", error->message);
  assert_string_equal (ctd_template_get_text (layout, "Title"),
                       "Standings: round {round}, {stage}");
  assert_string_equal (ctd_template_get_column (layout, "Rank")->heading, "Rank");
  assert_string_equal (ctd_template_get_footer (layout, 2), "Page {page} of {pages}");
  assert_string_equal (ctd_template_get_text (layout, "RollOffWon"), "a gagné le barrage");
  g_unlink (path);
  g_rmdir (dir);
}

int
main (void)
{
  g_autofree char *config = g_dir_make_tmp ("ctd-config-XXXXXX", NULL);
  g_autofree char *locale_dir = NULL;
  int failed;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_builtin_translated),
    cmocka_unit_test (test_copy_as_written),
  };

  /* Never the developer's own configuration. */
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  locale_dir = ctd_test_catalogue_install (catalogue, G_N_ELEMENTS (catalogue));
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  ctd_test_catalogue_remove (locale_dir);
  g_rmdir (config);
  return failed;
}
