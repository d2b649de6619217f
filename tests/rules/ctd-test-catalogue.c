/* ctd-test-catalogue.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-catalogue.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

/* The test's own language: no real one is installed for it. */
#define LANGUAGE_CODE "xx"

static int
compare_msgids (const void *a,
                const void *b)
{
  return strcmp ((*(const CtdTestMessage *) a)[0], (*(const CtdTestMessage *) b)[0]);
}

static void
put_word (GByteArray *mo,
          guint32     word)
{
  g_byte_array_append (mo, (const guint8 *) &word, sizeof word);
}

/* A .mo file as msgfmt writes one, without its hash table (gettext does
 * without): the header, both string tables, then the strings. gettext
 * searches the msgids by halves: they are sorted. The catalogue's own
 * header (msgid "") says its strings are UTF-8. */
static GBytes *
make_mo (const CtdTestMessage *messages,
         gsize                 n_messages)
{
  g_autofree CtdTestMessage *sorted = g_new (CtdTestMessage, n_messages + 1);
  GByteArray *mo = g_byte_array_new ();
  guint32 n = n_messages + 1;
  guint32 at = 28 + 16 * n;

  sorted[0][0] = "";
  sorted[0][1] = "Content-Type: text/plain; charset=UTF-8\n";
  memcpy (sorted + 1, messages, n_messages * sizeof (CtdTestMessage));
  qsort (sorted, n, sizeof (CtdTestMessage), compare_msgids);
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

/**
 * ctd_test_catalogue_install:
 * @messages: (array length=n_messages): the translations
 * @n_messages: how many
 *
 * Writes @messages as the program's catalogue in the language "xx", in a
 * new temporary folder, and makes it the language of the messages from
 * now on (LANGUAGE, which gettext reads under any locale but C: the
 * locale becomes C.UTF-8, built into the C library). Call it before the
 * first message is translated: GLib decides once whether to translate.
 *
 * Returns: (transfer full): the folder, for ctd_test_catalogue_remove()
 */
char *
ctd_test_catalogue_install (const CtdTestMessage *messages,
                            gsize                 n_messages)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("ctd-locale-XXXXXX", &error);
  g_autofree char *messages_dir = NULL;
  g_autofree char *name = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GBytes) mo = make_mo (messages, n_messages);

  g_assert_no_error (error);
  messages_dir = g_build_filename (folder, LANGUAGE_CODE, "LC_MESSAGES", NULL);
  path = g_build_filename (messages_dir, name, NULL);
  g_assert_cmpint (g_mkdir_with_parents (messages_dir, 0700), ==, 0);
  g_file_set_contents (path, g_bytes_get_data (mo, NULL), g_bytes_get_size (mo), &error);
  g_assert_no_error (error);
  g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
  g_setenv ("LANGUAGE", LANGUAGE_CODE, TRUE);
  bindtextdomain (GETTEXT_PACKAGE, folder);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return folder;
}

/**
 * ctd_test_catalogue_remove:
 * @folder: what ctd_test_catalogue_install() returned
 *
 * Deletes the catalogue and its folder.
 */
void
ctd_test_catalogue_remove (const char *folder)
{
  g_autofree char *language = g_build_filename (folder, LANGUAGE_CODE, NULL);
  g_autofree char *messages_dir = g_build_filename (language, "LC_MESSAGES", NULL);
  g_autofree char *name = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
  g_autofree char *path = g_build_filename (messages_dir, name, NULL);

  g_unlink (path);
  g_rmdir (messages_dir);
  g_rmdir (language);
  g_rmdir (folder);
}
