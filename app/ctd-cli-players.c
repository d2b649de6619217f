/* ctd-cli-players.c: the player command: add, import, list, edit,
 * checkin, checkout, withdraw and reinstate.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "ctd-cli.h"
#include "ctd-import.h"
#include "ctd-store.h"

static void
add_player_json (JsonBuilder          *builder,
                 const CtdStorePlayer *player)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, player->id);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, player->name);
  ctd_cli_add_nullable_string (builder, "club", player->club);
  ctd_cli_add_nullable_string (builder, "player_id", player->member_id);
  json_builder_set_member_name (builder, "checked_in");
  json_builder_add_boolean_value (builder, player->checked_in);
  json_builder_set_member_name (builder, "withdrawn");
  json_builder_add_boolean_value (builder, player->withdrawn);
  json_builder_end_object (builder);
}

static const char *
player_status (const CtdStorePlayer *player)
{
  return player->withdrawn ? _("withdrawn")
         : player->checked_in ? _("checked in") : _("not checked in");
}

static void
print_player (CtdCli               *cli,
              const CtdStorePlayer *player)
{
  g_autofree char *number = NULL;

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      add_player_json (builder, player);
      ctd_cli_print_json (builder);
      return;
    }
  number = g_strdup_printf ("#%" G_GINT64_FORMAT, player->id);
  /* Whole lines, so that each language punctuates its own: "#3  Ann,
   * Riverside (ID R-1): checked in". */
  if (player->club != NULL && player->member_id != NULL)
    /* Translators: a player after a change: %1$s their number ("#3"),
     * %2$s their name, %3$s their club, %4$s their player ID, %5$s
     * their status ("checked in") */
    printf (_("%1$s  %2$s, %3$s (ID %4$s): %5$s\n"), number, player->name, player->club,
            player->member_id, player_status (player));
  else if (player->club != NULL)
    /* Translators: a player after a change: %1$s their number ("#3"),
     * %2$s their name, %3$s their club, %4$s their status ("checked in") */
    printf (_("%1$s  %2$s, %3$s: %4$s\n"), number, player->name, player->club,
            player_status (player));
  else if (player->member_id != NULL)
    /* Translators: a player after a change: %1$s their number ("#3"),
     * %2$s their name, %3$s their player ID, %4$s their status */
    printf (_("%1$s  %2$s (ID %3$s): %4$s\n"), number, player->name, player->member_id,
            player_status (player));
  else
    /* Translators: a player after a change: %1$s their number ("#3"),
     * %2$s their name, %3$s their status ("checked in") */
    printf (_("%1$s  %2$s: %3$s\n"), number, player->name, player_status (player));
}

static int
player_add (CtdCli *cli)
{
  g_autofree char *club = NULL;
  g_autofree char *member_id = NULL;
  g_autoptr(CtdStorePlayer) player = NULL;
  g_autoptr(GError) error = NULL;
  gboolean checked_in = FALSE;
  GOptionEntry entries[] = {
    { "club", 0, 0, G_OPTION_ARG_STRING, &club, NULL, NULL },
    { "id", 0, 0, G_OPTION_ARG_STRING, &member_id, NULL, NULL },
    { "checked-in", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { NULL },
  };
  gint64 id;
  int status;

  entries[2].arg_data = &checked_in;
  /* Translators: the usage of player add: keep the command and the
   * options; the words in capitals and the explanation are yours */
  if (!ctd_cli_parse_options (cli, _("player add NAME [--club C] [--id X] [--checked-in] "
                                     "(-- NAME for a name that starts with -)"),
                              entries, 1, 1, &status))
    return status;
  if (!ctd_store_add_player (cli->store, cli->argv[0], club, member_id, checked_in, &id, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  player = g_new0 (CtdStorePlayer, 1);
  *player = (CtdStorePlayer) { id, g_strdup (cli->argv[0]), g_strdup (club),
                               g_strdup (member_id), checked_in, FALSE };
  print_player (cli, player);
  return CTD_CLI_OK;
}

static int
player_import (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(CtdImportReport) report = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  gboolean checked_in = FALSE;
  GOptionEntry entries[] = {
    { "checked-in", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { NULL },
  };
  gsize length;
  int status;

  entries[0].arg_data = &checked_in;
  if (!ctd_cli_parse_options (cli, "player import FILE.csv [--checked-in]", entries, 1, 1,
                              &status))
    return status;
  if (!g_file_get_contents (cli->argv[0], &data, &length, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  report = ctd_import_players (cli->store, cli->argv[0], data, length, checked_in, &error);
  if (report == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "added");
  json_builder_add_int_value (builder, report->n_added);
  json_builder_set_member_name (builder, "checked_in");
  json_builder_add_boolean_value (builder, checked_in);
  json_builder_set_member_name (builder, "skipped");
  json_builder_begin_array (builder);
  if (!cli->json)
    {
      if (checked_in)
        /* Translators: how many players, then the file */
        printf (ngettext ("Imported %u player from %s, checked in\n",
                          "Imported %u players from %s, checked in\n", report->n_added),
                report->n_added, cli->argv[0]);
      else
        /* Translators: how many players, then the file; "player checkin"
         * is the command */
        printf (ngettext ("Imported %u player from %s (not checked in: player checkin NAME "
                          "as they arrive)\n",
                          "Imported %u players from %s (not checked in: player checkin NAME "
                          "as they arrive)\n", report->n_added),
                report->n_added, cli->argv[0]);
    }
  for (guint i = 0; i < report->skipped->len; i++)
    {
      const CtdImportSkip *skip = g_ptr_array_index (report->skipped, i);

      if (!cli->json)
        {
          if (skip->name != NULL)
            /* Translators: the file's line, the player's name, why it was skipped */
            printf (_("Skipped line %u (%s): %s\n"), skip->line, skip->name, skip->reason);
          else
            printf (_("Skipped line %u: %s\n"), skip->line, skip->reason);
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "line");
      json_builder_add_int_value (builder, skip->line);
      ctd_cli_add_nullable_string (builder, "name", skip->name);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, skip->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

/* One row of `player list`, its columns padded by display width. */
static void
print_player_row (const CtdStorePlayer *player,
                  const int            *widths)
{
  g_autofree char *number = g_strdup_printf ("#%" G_GINT64_FORMAT, player->id);
  const char *cells[] = { number, player->name, player->club ? player->club : "",
                          player->member_id ? player->member_id : "", player_status (player) };

  for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
    {
      g_autofree char *cell = c + 1 < G_N_ELEMENTS (cells)
                              ? ctd_cli_pad (cells[c], widths[c], c == 0)
                              : g_strdup (cells[c]);

      printf ("%s%s", c > 0 ? "  " : "", cell);
    }
  printf ("\n");
}

static int
player_list (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = ctd_store_list_players (cli->store, &error);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (players == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  if (!cli->json)
    {
      /* Translators: the headings of player list */
      const char *headings[] = { _("Name"), _("Club"), C_("player ID", "ID"), _("Status") };
      int widths[4] = { 2, ctd_cli_text_width (headings[0]), ctd_cli_text_width (headings[1]),
                        ctd_cli_text_width (headings[2]) };

      for (guint i = 0; i < players->len; i++)
        {
          const CtdStorePlayer *player = g_ptr_array_index (players, i);
          g_autofree char *number = g_strdup_printf ("#%" G_GINT64_FORMAT, player->id);

          widths[0] = MAX (widths[0], ctd_cli_text_width (number));
          widths[1] = MAX (widths[1], ctd_cli_text_width (player->name));
          widths[2] = MAX (widths[2], ctd_cli_text_width (player->club));
          widths[3] = MAX (widths[3], ctd_cli_text_width (player->member_id));
        }
      {
        g_autofree char *name = ctd_cli_pad (headings[0], widths[1], FALSE);
        g_autofree char *club = ctd_cli_pad (headings[1], widths[2], FALSE);
        g_autofree char *id = ctd_cli_pad (headings[2], widths[3], FALSE);
        g_autofree char *number = ctd_cli_pad ("", widths[0], TRUE);

        printf ("%s  %s  %s  %s  %s\n", number, name, club, id, headings[3]);
      }
      for (guint i = 0; i < players->len; i++)
        print_player_row (g_ptr_array_index (players, i), widths);
      return CTD_CLI_OK;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < players->len; i++)
    add_player_json (builder, g_ptr_array_index (players, i));
  json_builder_end_array (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

/* withdraw, reinstate, checkin, checkout: one player, found by number,
 * name or player ID. */
static int
player_update (CtdCli     *cli,
               const char *verb)
{
  g_autoptr(CtdStorePlayer) player = NULL;
  g_autoptr(GError) error = NULL;
  gboolean withdraw = strcmp (verb, "withdraw") == 0;
  gboolean reinstate = strcmp (verb, "reinstate") == 0;
  g_autofree char *usage = g_strdup_printf ("player %s NAME|#NUMBER|ID%s", verb,
                                            withdraw ? " [--force]" : "");
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { NULL },
  };
  gboolean ok;
  int status;

  entries[0].arg_data = &force;
  if (!ctd_cli_parse_options (cli, usage, withdraw ? entries : entries + 1, 1, 1, &status))
    return status;
  if (!ctd_cli_find_player_among (cli, cli->argv[0], reinstate, &player, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (withdraw)
    ok = ctd_store_withdraw_player (cli->store, player->id, force, &error);
  else if (reinstate)
    ok = ctd_store_reinstate_player (cli->store, player->id, &error);
  else
    ok = ctd_store_set_checked_in (cli->store, player->id, strcmp (verb, "checkin") == 0, &error);
  if (!ok)
    return ctd_cli_refused_confirm (g_steal_pointer (&error), "--force");

  player->withdrawn = withdraw;
  player->checked_in = strcmp (verb, "checkin") == 0;
  print_player (cli, player);
  return CTD_CLI_OK;
}

/* edit: a player's name, club or ID corrected; what is not given stays. */
static int
player_edit (CtdCli *cli)
{
  g_autofree char *name = NULL;
  g_autofree char *club = NULL;
  g_autofree char *member_id = NULL;
  g_autofree char *number = NULL;
  g_autoptr(CtdStorePlayer) player = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *usage =
    ctd_cli_synopsis ("player edit NAME|#NUMBER|ID [--name N] [--club C] [--id X]");
  /* --member-id: the dialog's word for the same field. */
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, NULL, NULL },
    { "club", 0, 0, G_OPTION_ARG_STRING, &club, NULL, NULL },
    { "id", 0, 0, G_OPTION_ARG_STRING, &member_id, NULL, NULL },
    { "member-id", 0, 0, G_OPTION_ARG_STRING, &member_id, NULL, NULL },
    { NULL },
  };
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 1, 1, &status))
    return status;
  if (name == NULL && club == NULL && member_id == NULL)
    return ctd_cli_usage (_("nothing to change: give --name, --club or --id (usage: %s)"),
                          usage);
  if (!ctd_cli_find_player (cli, cli->argv[0], &player, &error) ||
      !ctd_store_edit_player (cli->store, player->id, name, club, member_id, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  /* The player as stored now: "" cleared a club or ID. */
  number = g_strdup_printf ("#%" G_GINT64_FORMAT, player->id);
  g_clear_pointer (&player, ctd_store_player_free);
  if (!ctd_cli_find_player (cli, number, &player, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  print_player (cli, player);
  return CTD_CLI_OK;
}

int
ctd_cli_player (CtdCli *cli)
{
  const char *sub = cli->argc > 0 ? cli->argv[0] : "";

  cli->argc--;
  cli->argv++;
  if (strcmp (sub, "add") == 0)
    return player_add (cli);
  if (strcmp (sub, "import") == 0)
    return player_import (cli);
  if (strcmp (sub, "list") == 0)
    return player_list (cli);
  if (strcmp (sub, "edit") == 0)
    return player_edit (cli);
  if (strcmp (sub, "withdraw") == 0 || strcmp (sub, "reinstate") == 0 ||
      strcmp (sub, "checkin") == 0 || strcmp (sub, "checkout") == 0)
    return player_update (cli, sub);
  /* Translators: the subcommands are the command's own words: keep them */
  return ctd_cli_usage (_("player takes add, import, list, edit, checkin, checkout, withdraw "
                          "or reinstate, not “%s”"), sub);
}
