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

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "ctd-template.h"

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

/* The test's own catalogue, in the language "xx": msgid, then msgstr. A
 * layout's text has the context "layout" (templates/texts.c). */
static const char *const catalogue[][2] = {
  { "", "Content-Type: text/plain; charset=UTF-8\n" },
  { "layout\004Rank", "Rang" },
  { "layout\004Standings: round {round}, {stage}", "Classement : tour {round}, {stage}" },
  { "layout\004Page {page} of {pages}", "Page {page} sur {pages}" },
  { "layout\004won roll-off", "a gagné le barrage" },
  /* A translator's slip: {roll} is no placeholder of the layout. */
  { "layout\004tied: roll-off", "ex aequo : {roll}" },
};

static int
compare_msgids (const void *a,
                const void *b)
{
  return strcmp (**(const char *const (*)[2]) a, **(const char *const (*)[2]) b);
}

static void
put_word (GByteArray *mo,
          guint32     word)
{
  g_byte_array_append (mo, (const guint8 *) &word, sizeof word);
}

/* A .mo file as msgfmt writes one (without its hash table, which
 * gettext does without): the header, both string tables, the strings.
 * The msgids are sorted, as gettext's search needs. */
static GBytes *
make_mo (void)
{
  const char *sorted[G_N_ELEMENTS (catalogue)][2];
  GByteArray *mo = g_byte_array_new ();
  guint32 n = G_N_ELEMENTS (catalogue);
  guint32 at = 28 + 16 * n;

  memcpy (sorted, catalogue, sizeof sorted);
  qsort (sorted, n, sizeof sorted[0], compare_msgids);
  put_word (mo, 0x950412de);
  put_word (mo, 0);
  put_word (mo, n);
  put_word (mo, 28);
  put_word (mo, 28 + 8 * n);
  put_word (mo, 0);
  put_word (mo, at);
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < n; i++)
      {
        put_word (mo, strlen (sorted[i][side]));
        put_word (mo, at);
        at += strlen (sorted[i][side]) + 1;
      }
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < n; i++)
      g_byte_array_append (mo, (const guint8 *) sorted[i][side], strlen (sorted[i][side]) + 1);
  return g_byte_array_free_to_bytes (mo);
}

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
  g_autofree char *locale_dir = g_dir_make_tmp ("ctd-locale-XXXXXX", NULL);
  g_autofree char *messages = g_build_filename (locale_dir, "xx", "LC_MESSAGES", NULL);
  g_autofree char *mo_name = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
  g_autofree char *mo_path = g_build_filename (messages, mo_name, NULL);
  g_autoptr(GBytes) mo = make_mo ();
  int failed;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_builtin_translated),
    cmocka_unit_test (test_copy_as_written),
  };

  /* Never the developer's own configuration, nor language. LANGUAGE
   * counts under any locale but C; C.UTF-8 is built into the C library. */
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("LANGUAGE", "xx", TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_printerr ("the C.UTF-8 locale is missing\n");
      return 1;
    }
  if (g_mkdir_with_parents (messages, 0700) != 0 ||
      !g_file_set_contents (mo_path, g_bytes_get_data (mo, NULL), g_bytes_get_size (mo), NULL))
    return 1;
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  failed = cmocka_run_group_tests (tests, NULL, NULL);

  g_unlink (mo_path);
  g_rmdir (messages);
  {
    g_autofree char *xx = g_build_filename (locale_dir, "xx", NULL);

    g_rmdir (xx);
  }
  g_rmdir (locale_dir);
  g_rmdir (config);
  return failed;
}
