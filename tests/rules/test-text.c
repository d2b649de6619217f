/* test-text.c: lists joined for a director to read, in the C locale.
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

#include <locale.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "ctd-text.h"

/* Joins the first @n of four names. */
static char *
join_names (guint n)
{
  static const char *names[] = { "Ann", "Bob", "Carl", "Dora" };
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  g_assert (n <= G_N_ELEMENTS (names));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, (gpointer) names[i]);
  return ctd_text_join_and (items);
}

/* English joins with commas and a last "and", with no comma before it:
 * the wording every English message of core had before the join was
 * translatable. */
static void
test_join_and (void **state)
{
  static const char *expected[] = { "", "Ann", "Ann and Bob", "Ann, Bob and Carl",
                                    "Ann, Bob, Carl and Dora" };

  for (guint n = 0; n < G_N_ELEMENTS (expected); n++)
    {
      g_autofree char *text = join_names (n);

      assert_string_equal (text, expected[n]);
    }
}

/* Items are taken as they are: a name holding a comma, "and" or a
 * printf directive is not read as a pattern. */
static void
test_join_items_verbatim (void **state)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  g_autofree char *text = NULL;

  g_ptr_array_add (items, (gpointer) "Smith, J.");
  g_ptr_array_add (items, (gpointer) "100%s");
  g_ptr_array_add (items, (gpointer) "Rock and Roll");
  text = ctd_text_join_and (items);
  assert_string_equal (text, "Smith, J., 100%s and Rock and Roll");
}

/* Notes on one thing, in English: "; " between them, none before the
 * first. */
static void
test_append_note (void **state)
{
  g_autoptr(GString) notes = g_string_new (NULL);

  ctd_text_append_note (notes, "in line to advance");
  ctd_text_append_note (notes, "tie at the cut");
  assert_string_equal (notes->str, "in line to advance; tie at the cut");
}

/* A catalogue for LANGUAGE=fr whose four list patterns each differ from
 * English's, so that a part built in code would show. */
static const char test_po[] =
  "msgid \"\"\n"
  "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
  "\n"
  "msgctxt \"list of two\"\nmsgid \"%s and %s\"\nmsgstr \"%s et %s\"\n\n"
  "msgctxt \"list start\"\nmsgid \"%s, %s\"\nmsgstr \"%s ; %s\"\n\n"
  "msgctxt \"list middle\"\nmsgid \"%s, %s\"\nmsgstr \"%s | %s\"\n\n"
  "msgctxt \"list end\"\nmsgid \"%s and %s\"\nmsgstr \"%s et enfin %s\"\n\n"
  "msgctxt \"list of notes\"\nmsgid \"%s; %s\"\nmsgstr \"%s\u00a0; %s\"\n";

/* Compiles test_po into @dir/fr/LC_MESSAGES, where bindtextdomain()
 * will look. */
static void
write_catalogue (const char *dir)
{
  g_autofree char *messages = g_build_filename (dir, "fr", "LC_MESSAGES", NULL);
  g_autofree char *po = g_build_filename (dir, "test.po", NULL);
  g_autofree char *mo = g_strconcat (messages, G_DIR_SEPARATOR_S, GETTEXT_PACKAGE, ".mo", NULL);
  const char *argv[] = { "msgfmt", "--check", "-o", mo, po, NULL };
  g_autoptr(GError) error = NULL;
  int status = -1;

  assert_int_equal (g_mkdir_with_parents (messages, 0700), 0);
  assert_true (g_file_set_contents (po, test_po, -1, &error));
  assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                             NULL, &status, &error));
  assert_null (error);
  assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
remove_catalogue (const char *dir)
{
  g_autofree char *messages = g_build_filename (dir, "fr", "LC_MESSAGES", NULL);
  g_autofree char *fr = g_build_filename (dir, "fr", NULL);
  g_autofree char *po = g_build_filename (dir, "test.po", NULL);
  g_autofree char *mo = g_strconcat (messages, G_DIR_SEPARATOR_S, GETTEXT_PACKAGE, ".mo", NULL);

  g_unlink (mo);
  g_unlink (po);
  g_rmdir (messages);
  g_rmdir (fr);
  assert_int_equal (g_rmdir (dir), 0);
}

/* The patterns are the translation's: a translated catalogue joins its
 * own way, in every part of a list (the English of each pattern would
 * show through if any were built in code). */
static void
test_join_translated (void **state)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-test-text-XXXXXX", &error);
  static const char *expected[] = { "", "Ann", "Ann et Bob", "Ann ; Bob et enfin Carl",
                                    "Ann ; Bob | Carl et enfin Dora" };

  assert_non_null (dir);
  write_catalogue (dir);
  assert_non_null (bindtextdomain (GETTEXT_PACKAGE, dir));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* glibc ignores LANGUAGE in the C locale, not in C.UTF-8. */
  g_setenv ("LANGUAGE", "fr", TRUE);
  assert_non_null (setlocale (LC_ALL, "C.UTF-8"));

  for (guint n = 0; n < G_N_ELEMENTS (expected); n++)
    {
      g_autofree char *text = join_names (n);

      assert_string_equal (text, expected[n]);
    }
  /* Notes on one thing take the translation's separator too (French
   * spaces its semicolon). */
  {
    g_autoptr(GString) notes = g_string_new (NULL);

    ctd_text_append_note (notes, "tie at the cut");
    assert_string_equal (notes->str, "tie at the cut");
    ctd_text_append_note (notes, "roll-off won");
    ctd_text_append_note (notes, "100%s");
    assert_string_equal (notes->str, "tie at the cut\u00a0; roll-off won\u00a0; 100%s");
  }

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C");
  remove_catalogue (dir);
}

/* The quick hash: one changed character, wherever it is (in a whole
 * word of eight bytes or in the last few), and one byte more or less,
 * each give another hash; the same bytes the same one. */
static void
test_hash_tells_apart (void **state)
{
  char text[] = "<p>Game 12: 1 (Ann) +3, 2 (Bob) -1; waiting since 21:04</p>";
  const gsize length = strlen (text);
  const guint64 original = ctd_text_hash (text, length);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree char *copy = g_strdup (text);

  (void) state;
  assert_int_equal (ctd_text_hash (text, length), original);
  assert_int_equal (ctd_text_hash (copy, length), original);
  for (gsize i = 0; i < length; i++)
    {
      char saved = text[i];

      text[i] ^= 1;
      assert_int_not_equal (ctd_text_hash (text, length), original);
      text[i] = saved;
    }
  for (gsize n = 0; n <= length; n++)
    {
      gint64 *hash = g_new (gint64, 1);

      *hash = (gint64) ctd_text_hash (text, n);
      assert_false (g_hash_table_contains (seen, hash));
      g_hash_table_add (seen, hash);
    }
  assert_int_equal (ctd_text_hash (text, length), original);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_hash_tells_apart),
    cmocka_unit_test (test_join_and),
    cmocka_unit_test (test_join_items_verbatim),
    cmocka_unit_test (test_join_translated),
    cmocka_unit_test (test_append_note),
  };

  setlocale (LC_ALL, "C");
  return cmocka_run_group_tests (tests, NULL, NULL);
}
