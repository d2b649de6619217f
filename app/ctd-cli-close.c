/* ctd-cli-close.c: closing the event, with its archive.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "ctd-archive.h"
#include "ctd-cli.h"
#include "ctd-store.h"

int
ctd_cli_close (CtdCli *cli)
{
  g_autofree char *usage = ctd_cli_synopsis ("close --archive DIR");
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) closed = NULL;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *workbook = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *when = NULL;
  GOptionEntry entries[] = {
    { "archive", 0, 0, G_OPTION_ARG_FILENAME, &folder, NULL, NULL },
    { NULL },
  };
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 0, 0, &status))
    return status;
  if (folder == NULL || *folder == '\0')
    return ctd_cli_usage (_("close needs the folder the archive goes in (usage: %s)"), usage);
  if (!ctd_archive_close_event (cli->store, folder, &workbook, &copy, &error) ||
      (closed = ctd_store_get_closed (cli->store, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));

  if (!cli->json)
    {
      g_autofree char *reason = ctd_store_describe_closed (closed);

      /* Translators: why the event is read-only, then the two files written */
      printf (_("%s.\nWrote %s\nWrote %s\n"), reason, workbook, copy);
      return CTD_CLI_OK;
    }
  when = g_date_time_format_iso8601 (closed);
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "closed");
  json_builder_add_string_value (builder, when);
  json_builder_set_member_name (builder, "workbook");
  json_builder_add_string_value (builder, workbook);
  json_builder_set_member_name (builder, "event_file");
  json_builder_add_string_value (builder, copy);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}
