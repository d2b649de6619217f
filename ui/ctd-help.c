/* ctd-help.c: the user guide, found and opened in the help viewer.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-help"

#include "config.h"

#include "ctd-help.h"

#include <glib/gi18n.h>

#include "ctd-main-window.h"

/*
 * The guide is Mallard (data/help/C/). Installed, it is in a data folder
 * the help viewer searches, and "help:chouette-td" reaches it in the
 * reader's language. Installed under a prefix the viewer does not search,
 * or run from the build tree (./run.sh), the viewer is given the folder
 * itself: "ghelp:/abs/folder", which yelp reads as that folder's
 * index.page (yelp-uri.c, resolve_ghelp_uri()).
 */

/* The folder with index.page where yelp looks for help:chouette-td: the
 * user's data folder, then the system's, each in the reader's languages
 * (yelp-uri.c, resolve_data_dirs()). */
static char *
find_in_data_dirs (void)
{
  const char * const *system_dirs = g_get_system_data_dirs ();
  const char * const *languages = g_get_language_names ();
  g_autoptr(GPtrArray) data_dirs = g_ptr_array_new ();

  g_ptr_array_add (data_dirs, (gpointer) g_get_user_data_dir ());
  for (guint i = 0; system_dirs[i] != NULL; i++)
    g_ptr_array_add (data_dirs, (gpointer) system_dirs[i]);
  for (guint i = 0; i < data_dirs->len; i++)
    for (guint j = 0; languages[j] != NULL; j++)
      {
        g_autofree char *dir = g_build_filename (g_ptr_array_index (data_dirs, i), "help",
                                                 languages[j], CTD_HELP_ID, NULL);
        g_autofree char *index = g_build_filename (dir, "index.page", NULL);

        if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
          return g_steal_pointer (&dir);
      }
  return NULL;
}

static gboolean
has_index (const char *dir)
{
  g_autofree char *index = g_build_filename (dir, "index.page", NULL);

  return g_file_test (index, G_FILE_TEST_IS_REGULAR);
}

/**
 * ctd_help_dup_dir:
 *
 * The folder holding the guide's index.page that the help viewer will
 * show: in a data folder it searches, else beside the program (an
 * install's `bin/../share/help/C/chouette-td`, also a moved one, or the
 * build tree's copy with its figures for `BUILD/app/chouette-td`), else
 * under the configured prefix, else the build tree's copy, else the
 * source's pages.
 *
 * Returns: (transfer full) (nullable): the folder, or %NULL when no guide
 *   is found anywhere
 */
char *
ctd_help_dup_dir (void)
{
  static const char * const others[] = { CTD_HELP_INSTALLED_DIR, CTD_HELP_BUILD_DIR,
                                         CTD_HELP_SOURCE_DIR };
  g_autofree char *program = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *bindir = program != NULL ? g_path_get_dirname (program) : NULL;
  /* From bin/ as the prefix lays it out (none when the folders are set
   * outside the prefix), and from a build tree's app/. */
  const char * const beside[] = { CTD_HELP_FROM_BINDIR, "../data/help/C" };
  char *dir = find_in_data_dirs ();

  for (guint i = 0; dir == NULL && bindir != NULL && i < G_N_ELEMENTS (beside); i++)
    if (beside[i][0] != '\0')
      {
        g_autoptr(GFile) folder = g_file_new_build_filename (bindir, beside[i], NULL);
        g_autofree char *path = g_file_get_path (folder);

        if (has_index (path))
          dir = g_steal_pointer (&path);
      }
  for (guint i = 0; dir == NULL && i < G_N_ELEMENTS (others); i++)
    if (has_index (others[i]))
      dir = g_strdup (others[i]);
  return dir;
}

/* The guide's page for each page of the window (its name in the window's
 * stack); the welcome screen, and a page not listed, open the index. */
static const struct
{
  const char *window_page;
  const char *guide_page;
} topics[] = {
  { "event", "before-event" },
  { "players", "registration" },
  { "rounds", "draw" },
  { "chouette", "scoring" },
  { "standings", "standings" },
  { "results", "final-money" },
  { "log", "corrections" },
};

/**
 * ctd_help_topic_for_page:
 * @window_page: (nullable): the name of the window's page shown, or %NULL
 *
 * Returns: (nullable): the guide's page about @window_page, or %NULL for
 *   the guide's index
 */
const char *
ctd_help_topic_for_page (const char *window_page)
{
  for (guint i = 0; window_page != NULL && i < G_N_ELEMENTS (topics); i++)
    if (g_str_equal (window_page, topics[i].window_page))
      return topics[i].guide_page;
  return NULL;
}

/**
 * ctd_help_dup_uri:
 * @topic: (nullable): the guide's page to open (such as "scoring"), or
 *   %NULL for its index
 * @guide_dir: (out) (optional) (transfer full): the folder the URI reaches
 *
 * The URI that opens the guide at @topic in the help viewer.
 *
 * Returns: (transfer full) (nullable): "help:chouette-td[/TOPIC]" when the
 *   guide is where the viewer searches, "ghelp:/FOLDER[?TOPIC]" when it is
 *   elsewhere, %NULL when there is no guide
 */
char *
ctd_help_dup_uri (const char  *topic,
                  char       **guide_dir)
{
  g_autofree char *searched = find_in_data_dirs ();
  g_autofree char *dir = NULL;
  char *uri;

  if (searched != NULL)
    {
      uri = g_strconcat ("help:" CTD_HELP_ID, topic != NULL ? "/" : NULL, topic, NULL);
      dir = g_steal_pointer (&searched);
    }
  else
    {
      dir = ctd_help_dup_dir ();
      uri = dir != NULL ? g_strconcat ("ghelp:", dir, topic != NULL ? "?" : NULL, topic, NULL)
                        : NULL;
    }
  if (guide_dir != NULL)
    *guide_dir = g_steal_pointer (&dir);
  return uri;
}

/* The one line the window shows when the guide cannot be opened. */
static void
say_cannot_open (GtkWindow  *parent,
                 const char *dir,
                 const char *why)
{
  g_autofree char *message = NULL;

  if (dir == NULL)
    message = g_strdup (_("The user guide is not installed with this copy of Chouette TD."));
  else if (why == NULL)
    /* Translators: %s is the folder holding the guide's pages (index.page). */
    message = g_strdup_printf (_("No help viewer is installed (such as Yelp): the user guide "
                                 "is in %s."), dir);
  else
    /* Translators: the first %s is why the help viewer did not start, the
     * second the folder holding the guide's pages (index.page). */
    message = g_strdup_printf (_("The help viewer did not open (%s): the user guide is in %s."),
                               why, dir);
  if (CTD_IS_MAIN_WINDOW (parent))
    ctd_main_window_show_error (CTD_MAIN_WINDOW (parent), message);
  else
    g_warning ("%s", message);
}

/* What the viewer's launch answers to: the window, unless it was closed
 * meanwhile. */
typedef struct
{
  GWeakRef  parent;
  char     *dir;
} Launch;

static void
launch_free (Launch *launch)
{
  g_weak_ref_clear (&launch->parent);
  g_free (launch->dir);
  g_free (launch);
}

static void
launch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkWindow) parent = g_weak_ref_get (&launch->parent);

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    say_cannot_open (parent, launch->dir, error->message);
  launch_free (launch);
}

/**
 * ctd_help_show:
 * @parent: (nullable): the window whose banner says why, if the guide
 *   cannot be shown
 *
 * Opens the guide in the desktop's help viewer, at the page about the
 * window's page shown; without a viewer, @parent's banner says so in one
 * line and names the guide's folder.
 */
void
ctd_help_show (GtkWindow *parent)
{
  const char *topic = CTD_IS_MAIN_WINDOW (parent)
                      ? ctd_help_topic_for_page (ctd_main_window_get_page_name (
                          CTD_MAIN_WINDOW (parent)))
                      : NULL;
  g_autofree char *dir = NULL;
  g_autofree char *uri = ctd_help_dup_uri (topic, &dir);
  g_autofree char *scheme = NULL;
  g_autoptr(GAppInfo) viewer = NULL;
  g_autoptr(GdkAppLaunchContext) context = NULL;
  Launch *launch;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  if (uri != NULL)
    {
      scheme = g_uri_parse_scheme (uri);
      viewer = g_app_info_get_default_for_uri_scheme (scheme);
    }
  if (viewer == NULL)
    {
      say_cannot_open (parent, dir, NULL);
      return;
    }
  context = gdk_display_get_app_launch_context (parent != NULL
                                                ? gtk_widget_get_display (GTK_WIDGET (parent))
                                                : gdk_display_get_default ());
  launch = g_new0 (Launch, 1);
  g_weak_ref_init (&launch->parent, parent);
  launch->dir = g_steal_pointer (&dir);
  g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           launch_done_cb, launch);
}
