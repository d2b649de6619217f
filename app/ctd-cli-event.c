/* ctd-cli-event.c: the event, its players, the plan, the log, undo and redo.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ctd-cli.h"
#include "ctd-import.h"
#include "ctd-store.h"

static void
add_nullable_string (JsonBuilder *builder,
                     const char  *member,
                     const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* "a4", "A4", "letter", "Letter": a paper's nick in any case. */
static gboolean
parse_paper (const char    *text,
             CtdSheetPaper *out_paper)
{
  if (g_ascii_strcasecmp (text, "a4") == 0)
    *out_paper = CTD_SHEET_PAPER_A4;
  else if (g_ascii_strcasecmp (text, "letter") == 0)
    *out_paper = CTD_SHEET_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

static const char *
paper_title (CtdSheetPaper paper)
{
  return paper == CTD_SHEET_PAPER_LETTER ? "Letter" : "A4";
}

/* The options init and settings share, as typed (NULL when not given). */
typedef struct
{
  char *name;
  char *date;
  char *venue;
  char *stake;
  char *fee;
  char *direction;
  char *paper;
  char *auto_accept;
} SettingsOptions;

static void
settings_options_clear (SettingsOptions *options)
{
  g_free (options->name);
  g_free (options->date);
  g_free (options->venue);
  g_free (options->stake);
  g_free (options->fee);
  g_free (options->direction);
  g_free (options->paper);
  g_free (options->auto_accept);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SettingsOptions, settings_options_clear)

/* Whether any setting was given: without one, settings only shows them
 * (also on a closed event, which refuses every change). */
static gboolean
settings_options_any (const SettingsOptions *options)
{
  return options->name != NULL || options->date != NULL || options->venue != NULL ||
         options->stake != NULL || options->fee != NULL || options->direction != NULL ||
         options->paper != NULL || options->auto_accept != NULL;
}

/* @force (nullable): where settings' --force goes; init has none. */
static gboolean
parse_settings (CtdCli           *cli,
                const char       *usage,
                SettingsOptions  *options,
                gboolean         *force,
                int              *out_status)
{
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &options->name, NULL, NULL },
    { "date", 0, 0, G_OPTION_ARG_STRING, &options->date, NULL, NULL },
    { "venue", 0, 0, G_OPTION_ARG_STRING, &options->venue, NULL, NULL },
    { "stake", 0, 0, G_OPTION_ARG_STRING, &options->stake, NULL, NULL },
    { "entry-fee", 0, 0, G_OPTION_ARG_STRING, &options->fee, NULL, NULL },
    { "last-segment", 0, 0, G_OPTION_ARG_STRING, &options->direction, NULL, NULL },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &options->paper, NULL, NULL },
    /* Last, so that init (settings only) ends the table here: an event
     * starts with the desk accepting every table's line. */
    { "table-auto-accept", 0, 0, G_OPTION_ARG_STRING, &options->auto_accept, NULL, NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, force, NULL, NULL },
    { NULL },
  };
  GOptionEntry *settings_only = &entries[G_N_ELEMENTS (entries) - 3];

  g_assert (g_str_equal (settings_only->long_name, "table-auto-accept"));
  if (force == NULL)
    *settings_only = (GOptionEntry) { NULL };
  return ctd_cli_parse_options (cli, usage, entries, 0, 0, out_status);
}

/* Applies the options given to @settings (whose strings stay borrowed
 * from @options); a bad value is a usage error. */
static gboolean
apply_settings (const SettingsOptions  *options,
                CtdEventSettings       *settings,
                int                    *out_status)
{
  g_autoptr(GError) error = NULL;

  if (options->name != NULL)
    settings->name = options->name;
  if (options->date != NULL)
    settings->date = options->date;
  if (options->venue != NULL)
    settings->venue = options->venue;
  if ((options->stake != NULL &&
       !ctd_cli_parse_money (options->stake, "stake", &settings->stake_cents, &error)) ||
      (options->fee != NULL &&
       !ctd_cli_parse_money (options->fee, "entry fee", &settings->entry_fee_cents, &error)))
    {
      *out_status = ctd_cli_usage ("%s", error->message);
      return FALSE;
    }
  if (options->direction != NULL &&
      !ctd_last_segment_direction_parse (options->direction, &settings->direction))
    {
      *out_status = ctd_cli_usage ("--last-segment is highest-first or lowest-first, not “%s”",
                                   options->direction);
      return FALSE;
    }
  if (options->paper != NULL && !parse_paper (options->paper, &settings->paper))
    {
      *out_status = ctd_cli_usage ("--paper is a4 or letter, not “%s”", options->paper);
      return FALSE;
    }
  if (options->auto_accept != NULL)
    {
      if (g_ascii_strcasecmp (options->auto_accept, "on") == 0)
        settings->table_auto_accept = TRUE;
      else if (g_ascii_strcasecmp (options->auto_accept, "off") == 0)
        settings->table_auto_accept = FALSE;
      else
        {
          *out_status = ctd_cli_usage ("--table-auto-accept is on or off, not “%s”",
                                       options->auto_accept);
          return FALSE;
        }
    }
  return TRUE;
}

static void
print_settings (CtdCli                 *cli,
                const CtdEventSettings *settings,
                const char             *warning)
{
  g_autofree char *stake_text = ctd_money_to_string (settings->stake_cents);
  g_autofree char *fee_text = ctd_money_to_string (settings->entry_fee_cents);
  g_autoptr(GDateTime) closed = cli->store != NULL ? ctd_store_get_closed (cli->store, NULL)
                                                   : NULL;
  g_autoptr(GDateTime) closed_local = closed != NULL ? g_date_time_to_local (closed) : NULL;
  g_autofree char *closed_text = closed != NULL ? g_date_time_format_iso8601 (closed) : NULL;

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, settings->name);
      json_builder_set_member_name (builder, "date");
      json_builder_add_string_value (builder, settings->date);
      json_builder_set_member_name (builder, "venue");
      json_builder_add_string_value (builder, settings->venue);
      json_builder_set_member_name (builder, "stake");
      json_builder_add_string_value (builder, stake_text);
      json_builder_set_member_name (builder, "entry_fee");
      json_builder_add_string_value (builder, fee_text);
      json_builder_set_member_name (builder, "last_segment");
      json_builder_add_string_value (builder,
                                     ctd_last_segment_direction_to_string (settings->direction));
      json_builder_set_member_name (builder, "paper");
      json_builder_add_string_value (builder, settings->paper == CTD_SHEET_PAPER_LETTER
                                              ? "letter" : "a4");
      json_builder_set_member_name (builder, "table_auto_accept");
      json_builder_add_boolean_value (builder, settings->table_auto_accept);
      add_nullable_string (builder, "warning", warning);
      add_nullable_string (builder, "closed", closed_text);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
      return;
    }
  printf ("%s\n", settings->name);
  if (*settings->date != '\0')
    printf ("  date          %s\n", settings->date);
  if (*settings->venue != '\0')
    printf ("  venue         %s\n", settings->venue);
  printf ("  stake         %s a point\n", stake_text);
  printf ("  entry fee     %s\n", fee_text);
  printf ("  last segment  %s\n", ctd_last_segment_direction_to_string (settings->direction));
  printf ("  paper         %s\n", paper_title (settings->paper));
  printf ("  tables' lines %s\n", settings->table_auto_accept
          ? "recorded once confirmed at the table (--table-auto-accept on)"
          : "wait for the director (pending, accept, reject)");
  if (closed_local != NULL)
    {
      g_autofree char *when = g_date_time_format (closed_local, "%Y-%m-%d %H:%M");

      printf ("  closed        %s (read-only)\n", when);
    }
  if (warning != NULL)
    printf ("Warning: %s\n", warning);
}

int
ctd_cli_init (CtdCli *cli)
{
  g_auto(SettingsOptions) options = { NULL, };
  g_autofree char *warning = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *usage = "init --name NAME [--date YYYY-MM-DD] [--venue V] [--stake N] "
                      "[--entry-fee N] [--last-segment highest-first|lowest-first] "
                      "[--paper a4|letter]";
  CtdEventSettings settings = { 0, };
  int status;

  if (!parse_settings (cli, usage, &options, NULL, &status))
    return status;
  if (options.name == NULL)
    return ctd_cli_usage ("init needs --name (usage: %s)", usage);

  settings.date = "";
  settings.venue = "";
  /* The locale's paper unless the director says: Letter in the US. */
  settings.paper = ctd_store_default_paper ();
  if (!apply_settings (&options, &settings, &status))
    return status;

  store = ctd_store_create (cli->path, &settings, &error);
  if (store == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  warning = ctd_money_check_fee (settings.entry_fee_cents, settings.stake_cents);

  if (!cli->json)
    printf ("Created %s: ", cli->path);
  print_settings (cli, &settings, warning);
  return CTD_CLI_OK;
}

int
ctd_cli_settings (CtdCli *cli)
{
  g_auto(SettingsOptions) options = { NULL, };
  g_auto(CtdEventSettings) stored = { NULL, };
  g_autofree char *warning = NULL;
  g_autoptr(GError) error = NULL;
  const char *usage = "settings [--name NAME] [--date YYYY-MM-DD] [--venue V] [--stake N] "
                      "[--entry-fee N] [--last-segment highest-first|lowest-first] "
                      "[--paper a4|letter] [--table-auto-accept on|off] [--force]";
  CtdEventSettings settings;
  gboolean force = FALSE;
  int status;

  if (!parse_settings (cli, usage, &options, &force, &status))
    return status;
  if (!ctd_store_get_settings (cli->store, &stored, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  settings = stored;
  if (!apply_settings (&options, &settings, &status))
    return status;
  /* SPEC 7: the stake and the last-segment direction are fixed by the
   * first result; --force changes them all the same, logged. */
  if (settings_options_any (&options) &&
      !ctd_store_set_settings_full (cli->store, &settings, force, &error))
    return ctd_cli_refused_confirm (g_steal_pointer (&error), "--force");
  warning = ctd_money_check_fee (settings.entry_fee_cents, settings.stake_cents);
  print_settings (cli, &settings, warning);
  return CTD_CLI_OK;
}

static void
add_player_json (JsonBuilder          *builder,
                 const CtdStorePlayer *player)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, player->id);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, player->name);
  add_nullable_string (builder, "club", player->club);
  add_nullable_string (builder, "player_id", player->member_id);
  json_builder_set_member_name (builder, "checked_in");
  json_builder_add_boolean_value (builder, player->checked_in);
  json_builder_set_member_name (builder, "withdrawn");
  json_builder_add_boolean_value (builder, player->withdrawn);
  json_builder_end_object (builder);
}

static const char *
player_status (const CtdStorePlayer *player)
{
  return player->withdrawn ? "withdrawn" : player->checked_in ? "checked in" : "not checked in";
}

static void
print_player (CtdCli               *cli,
              const CtdStorePlayer *player)
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      add_player_json (builder, player);
      ctd_cli_print_json (builder);
      return;
    }
  printf ("#%" G_GINT64_FORMAT "  %s", player->id, player->name);
  if (player->club != NULL)
    printf (", %s", player->club);
  if (player->member_id != NULL)
    printf (" (ID %s)", player->member_id);
  printf (": %s\n", player_status (player));
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
  if (!ctd_cli_parse_options (cli, "player add NAME [--club C] [--id X] [--checked-in] "
                              "(-- NAME for a name that starts with -)", entries, 1, 1, &status))
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
    printf ("Imported %u player%s from %s%s\n", report->n_added, report->n_added == 1 ? "" : "s",
            cli->argv[0], checked_in ? ", checked in"
                                     : " (not checked in: player checkin NAME as they arrive)");
  for (guint i = 0; i < report->skipped->len; i++)
    {
      const CtdImportSkip *skip = g_ptr_array_index (report->skipped, i);

      if (!cli->json)
        printf ("Skipped line %u%s%s%s: %s\n", skip->line, skip->name ? " (" : "",
                skip->name ? skip->name : "", skip->name ? ")" : "", skip->reason);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "line");
      json_builder_add_int_value (builder, skip->line);
      add_nullable_string (builder, "name", skip->name);
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
      int widths[4] = { 2, 4, 4, 2 };

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
        g_autofree char *name = ctd_cli_pad ("Name", widths[1], FALSE);
        g_autofree char *club = ctd_cli_pad ("Club", widths[2], FALSE);
        g_autofree char *id = ctd_cli_pad ("ID", widths[3], FALSE);
        g_autofree char *number = ctd_cli_pad ("", widths[0], TRUE);

        printf ("%s  %s  %s  %s  Status\n", number, name, club, id);
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
  const char *usage = "player edit NAME|#NUMBER|ID [--name N] [--club C] [--id X]";
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
    return ctd_cli_usage ("nothing to change: give --name, --club or --id (usage: %s)", usage);
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
  return ctd_cli_usage ("player takes add, import, list, edit, checkin, checkout, withdraw "
                        "or reinstate, not “%s”", sub);
}

int
ctd_cli_plan (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, NULL, NULL, NULL },
    { NULL },
  };
  int n_players = -1;
  CtdPlan plan;
  int status;

  entries[0].arg_data = &n_players;
  if (!ctd_cli_parse_options (cli, "plan [--players N]", entries, 0, 0, &status))
    return status;
  if (n_players < 0)
    {
      /* The field is whoever is checked in now; before anyone is, the
       * players registered (who are expected). */
      g_autoptr(GPtrArray) players = ctd_store_list_players (cli->store, &error);
      int n_registered = 0;

      if (players == NULL)
        return ctd_cli_refused (g_steal_pointer (&error));
      n_players = 0;
      for (guint i = 0; i < players->len; i++)
        {
          const CtdStorePlayer *player = g_ptr_array_index (players, i);

          n_players += player->checked_in;
          n_registered += !player->withdrawn;
        }
      if (n_players == 0 && n_registered > 0)
        {
          n_players = n_registered;
          if (!cli->json)
            printf ("Nobody is checked in yet: the plan for the %d registered players.\n",
                    n_registered);
        }
    }
  if (!ctd_advance_plan ((guint) n_players, &plan, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (!cli->json)
    {
      g_autofree char *text = ctd_advance_plan_describe (&plan);

      fputs (text, stdout);
      return CTD_CLI_OK;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_add_int_value (builder, n_players);
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  for (guint i = 0; i < plan.n_rounds; i++)
    {
      const CtdPlanRound *round = &plan.rounds[i];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "stage");
      json_builder_add_string_value (builder, ctd_stage_to_string (round->stage));
      json_builder_set_member_name (builder, "players");
      json_builder_add_int_value (builder, round->n_players);
      json_builder_set_member_name (builder, "fours");
      json_builder_add_int_value (builder, round->n_fours);
      json_builder_set_member_name (builder, "threes");
      json_builder_add_int_value (builder, round->n_threes);
      json_builder_set_member_name (builder, "top_k");
      json_builder_add_int_value (builder, round->top_k);
      json_builder_set_member_name (builder, "wildcards");
      json_builder_add_int_value (builder, round->wildcards);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

static void
add_audit_id (JsonBuilder *builder,
              const char  *member,
              gint64       id)
{
  json_builder_set_member_name (builder, member);
  if (id != 0)
    json_builder_add_int_value (builder, id);
  else
    json_builder_add_null_value (builder);
}

int
ctd_cli_log (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int status;

  if (!ctd_cli_parse_options (cli, "log", (GOptionEntry[]) { { NULL } }, 0, 0, &status))
    return status;
  entries = ctd_store_list_audit (cli->store, &error);
  if (entries == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));

  json_builder_begin_array (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      const CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);

      if (!cli->json)
        {
          printf ("#%" G_GINT64_FORMAT "  %s  %s: %s", entry->id, entry->time, entry->action,
                  entry->summary);
          /* An undo is taken back by a redo. */
          if (entry->undone_by != 0)
            printf ("  [%s by #%" G_GINT64_FORMAT "]",
                    strcmp (entry->action, "undo") == 0 ? "redone" : "undone", entry->undone_by);
          printf ("\n");
          continue;
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_int_value (builder, entry->id);
      json_builder_set_member_name (builder, "time");
      json_builder_add_string_value (builder, entry->time);
      json_builder_set_member_name (builder, "action");
      json_builder_add_string_value (builder, entry->action);
      json_builder_set_member_name (builder, "summary");
      json_builder_add_string_value (builder, entry->summary);
      json_builder_set_member_name (builder, "before");
      json_builder_add_value (builder, json_from_string (entry->before, NULL));
      json_builder_set_member_name (builder, "after");
      json_builder_add_value (builder, json_from_string (entry->after, NULL));
      add_audit_id (builder, "undoes", entry->undoes);
      add_audit_id (builder, "undone_by", entry->undone_by);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

/* undo and redo: one entry of the history, taken back or re-applied;
 * @key names the summary in JSON, @verb starts the line of text. */
static int
step_history (CtdCli      *cli,
              const char  *command,
              gboolean   (*step) (CtdStore *, char **, GError **),
              const char  *key,
              const char  *verb)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  int status;

  if (!ctd_cli_parse_options (cli, command, (GOptionEntry[]) { { NULL } }, 0, 0, &status))
    return status;
  if (!step (cli->store, &summary, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, key);
      json_builder_add_string_value (builder, summary);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
    }
  else
    printf ("%s: %s\n", verb, summary);
  return CTD_CLI_OK;
}

int
ctd_cli_undo (CtdCli *cli)
{
  return step_history (cli, "undo", ctd_store_undo, "undone", "Undone");
}

int
ctd_cli_redo (CtdCli *cli)
{
  return step_history (cli, "redo", ctd_store_redo, "redone", "Redone");
}
