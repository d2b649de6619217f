/* ctd-app-locale.c: where the programs find their translations.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td"

#include "config.h"

#include "ctd-app-locale.h"

#include <glib/gi18n.h>
#include <locale.h>

/*
 * A program speaks the desktop's language however it was started: from
 * the build tree (./run.sh, build/app/chouette-td-cli), installed, or
 * installed and moved (meson install --destdir). Each finds the
 * catalogues from its own location, so no variable is needed; the
 * install prefix's folder (LOCALEDIR) is the last resort.
 */

/* Whether @dir holds a catalogue of ours, in one of the languages of
 * data/po/LINGUAS. */
static gboolean
holds_catalogue (const char *dir)
{
  g_auto(GStrv) linguas = g_strsplit (CTD_LINGUAS, " ", -1);

  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *mo = NULL;

      if (linguas[i][0] == '\0')
        continue;
      mo = g_build_filename (dir, linguas[i], "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
      if (g_file_test (mo, G_FILE_TEST_IS_REGULAR))
        return TRUE;
    }
  return FALSE;
}

/* The catalogues beside the running program at @bindir: the build
 * tree's (the programs are built in BUILD/app/, the catalogues in
 * BUILD/data/po/), or the installed ones reached from bin/ as the
 * prefix lays them out (../share/locale), wherever the prefix now is. */
static char *
dir_beside (const char *bindir)
{
  g_autofree char *folder = g_path_get_basename (bindir);
  const char *beside[] = {
    g_str_equal (folder, "app") ? "../data/po" : "",
    CTD_LOCALEDIR_FROM_BINDIR,
  };

  for (guint i = 0; i < G_N_ELEMENTS (beside); i++)
    {
      g_autofree char *dir = NULL;

      if (beside[i][0] == '\0')
        continue;
      dir = g_canonicalize_filename (beside[i], bindir);
      if (holds_catalogue (dir))
        return g_steal_pointer (&dir);
    }
  return NULL;
}

/**
 * ctd_app_locale_dir:
 *
 * Where the running program's catalogues are: CTD_LOCALEDIR when set
 * (a test's choice, even a folder without catalogues), else the folder
 * found from the program's own file (/proc/self/exe), else the install
 * prefix's.
 *
 * Returns: (transfer full): a folder for bindtextdomain()
 */
char *
ctd_app_locale_dir (void)
{
  const char *chosen = g_getenv ("CTD_LOCALEDIR");
  g_autofree char *exe = NULL;

  if (chosen != NULL && chosen[0] != '\0')
    return g_strdup (chosen);

  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe != NULL)
    {
      g_autofree char *bindir = g_path_get_dirname (exe);
      char *found = dir_beside (bindir);

      if (found != NULL)
        return found;
    }
  return g_strdup (LOCALEDIR);
}

/**
 * ctd_app_locale_init:
 *
 * Sets the process's locale from the environment and binds our text
 * domain to ctd_app_locale_dir(), in UTF-8: the first thing each
 * program does.
 */
void
ctd_app_locale_init (void)
{
  g_autofree char *dir = NULL;

  setlocale (LC_ALL, "");
  dir = ctd_app_locale_dir ();
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
