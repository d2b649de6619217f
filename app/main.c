/* main.c: the chouette-td GUI entry point.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "ctd-app-locale.h"
#include "ctd-application.h"
#include "ctd-table-server.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CtdApplication) app = NULL;

  /* The window speaks the desktop's language where a translation exists,
   * run from the build tree or installed (ctd-app-locale.c). */
  ctd_app_locale_init ();

  /* A director who starts us over ssh or in a console gets one clear line,
   * not a GTK critical. */
  if (!gtk_init_check ())
    {
      fprintf (stderr, "chouette-td: %s\n",
               _("no graphical display found (DISPLAY or WAYLAND_DISPLAY); start it from a "
                 "desktop session, or use chouette-td-cli"));
      return 1;
    }

  /* The window serves the tables' phones (Table Entry): each connection
   * is a descriptor, and a desktop's soft limit of 1,024 is raised to
   * the hard one. */
  ctd_table_server_raise_file_limit ();
  app = ctd_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
