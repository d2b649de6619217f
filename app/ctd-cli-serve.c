/* ctd-cli-serve.c: the tables' pages served headless, until Ctrl+C.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>

#include "ctd-cli.h"
#include "ctd-document-store.h"
#include "ctd-table-server.h"

static const char usage[] = "serve [--address A] [--port P]";

/* A line of the server's for the director: an address slowed for its
 * wrong links, a flood of connections. */
static void
notice_cb (CtdTableServer *server,
           const char     *text,
           gpointer        user_data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format (now, "%H:%M:%S");

  printf ("%s  %s\n", time, text);
  fflush (stdout);
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  /* Removed after the loop, with the other signal's source. */
  return G_SOURCE_CONTINUE;
}

static void
stopped_cb (CtdTableServer *server,
            GParamSpec     *pspec,
            GMainLoop      *loop)
{
  if (!ctd_table_server_get_listening (server))
    {
      printf (_("The event was closed: the server stopped.\n"));
      g_main_loop_quit (loop);
    }
}

int
ctd_cli_serve (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdTableServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *address = NULL;
  g_autofree char *uri = NULL;
  int port = 8080;
  GOptionEntry entries[] = {
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, NULL, NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, NULL, NULL },
    { NULL },
  };
  guint sigint, sigterm;
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 0, 0, &status))
    return status;
  /* Each phone's connection is a descriptor: a desktop's soft limit of
   * 1,024 is raised to the hard one. */
  ctd_table_server_raise_file_limit ();
  if (port < 0 || port > 65535)
    return ctd_cli_usage (_("--port takes a port from 1 to 65535, or 0 for any free one "
                            "(usage: %s)"), usage);

  /* The server reads and writes the event as the window does: through
   * a live document, which follows what the desk writes meanwhile. The
   * tables' lines are written here; the desk accepts them. */
  document = ctd_document_open (cli->path, &error);
  if (document == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  server = ctd_table_server_new (document);
  if (!ctd_table_server_listen (server, address, (guint) port, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  /* Ctrl+C or SIGTERM from the moment the address is printed: a script
   * that reads it and stops the server at once stops it cleanly. */
  loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, quit_cb, loop);
  sigterm = g_unix_signal_add (SIGTERM, quit_cb, loop);
  uri = ctd_table_server_get_uri (server);
  printf (_("Serving the tables' pages at %s (port %u); Ctrl+C stops.\n"),
          uri, ctd_table_server_get_port (server));
  /* Translators: %s/standings is the standings page's address: keep it */
  printf (_("The posting, for everyone (no link): %s/standings\n"), uri);
  /* Each chouette's whole link, as `links --base` lists them. */
  if (!ctd_cli_print_links (ctd_document_get_store (document), 0, uri, &error))
    {
      g_source_remove (sigint);
      g_source_remove (sigterm);
      return ctd_cli_refused (g_steal_pointer (&error));
    }
  fflush (stdout);

  g_signal_connect (server, "notify::listening", G_CALLBACK (stopped_cb), loop);
  g_signal_connect (server, "notice", G_CALLBACK (notice_cb), NULL);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  /* Stopped by Ctrl+C or SIGTERM, not by the event's close: the
   * server's own stop is not reported as one. */
  g_signal_handlers_disconnect_by_func (server, stopped_cb, loop);
  ctd_table_server_stop (server);
  /* Every table's line is written as it comes: nothing is left to save. */
  printf (_("The server stopped; the event is saved.\n"));
  return CTD_CLI_OK;
}
