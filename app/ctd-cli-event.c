/* ctd-cli-event.c: the event's settings, the plan, the log, undo and redo.
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
#include "ctd-output-language.h"
#include "ctd-store.h"

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
  char *language;
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
  g_free (options->language);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SettingsOptions, settings_options_clear)

/* Whether any setting was given: without one, settings only shows them
 * (also on a closed event, which refuses every change). */
static gboolean
settings_options_any (const SettingsOptions *options)
{
  return options->name != NULL || options->date != NULL || options->venue != NULL ||
         options->stake != NULL || options->fee != NULL || options->direction != NULL ||
         options->paper != NULL || options->auto_accept != NULL || options->language != NULL;
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
    { "language", 0, 0, G_OPTION_ARG_STRING, &options->language, NULL, NULL },
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
       !ctd_cli_parse_money (options->stake, FALSE, &settings->stake_cents, &error)) ||
      (options->fee != NULL &&
       !ctd_cli_parse_money (options->fee, TRUE, &settings->entry_fee_cents, &error)))
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
  /* "" is the language of whoever prints; a code that is none is the
   * store's refusal, which names it. */
  if (options->language != NULL)
    settings->language = options->language;
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

/* The settings' lines: a label and its value, printed once all are
 * known so that the values line up after the widest label, whatever the
 * language's labels (French's "droit d'inscription" is 19 columns). */
typedef struct
{
  GPtrArray *labels;  /* borrowed strings */
  GPtrArray *values;  /* owned strings */
} SettingLines;

static void
add_setting (SettingLines *lines,
             const char   *label,
             char         *value)
{
  g_ptr_array_add (lines->labels, (gpointer) label);
  g_ptr_array_add (lines->values, value);
}

/* "  stake         5.00 a point": each setting, its value in line with
 * the others', by the columns a terminal shows (ctd_cli_text_width()). */
static void
print_setting_lines (SettingLines *lines)
{
  int width = 0;

  for (guint i = 0; i < lines->labels->len; i++)
    width = MAX (width, ctd_cli_text_width (g_ptr_array_index (lines->labels, i)));
  for (guint i = 0; i < lines->labels->len; i++)
    {
      g_autofree char *padded = ctd_cli_pad (g_ptr_array_index (lines->labels, i), width,
                                             FALSE);

      printf ("  %s %s\n", padded, (const char *) g_ptr_array_index (lines->values, i));
    }
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
  const char *language = settings->language != NULL && *settings->language
                         ? settings->language : NULL;
  g_autofree char *locale = language != NULL ? ctd_output_language_locale_name (language)
                                             : NULL;
  SettingLines lines;

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      /* JSON is for machines: amounts with "." whatever the locale. */
      g_autofree char *stake_ascii = ctd_money_to_ascii (settings->stake_cents);
      g_autofree char *fee_ascii = ctd_money_to_ascii (settings->entry_fee_cents);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, settings->name);
      json_builder_set_member_name (builder, "date");
      json_builder_add_string_value (builder, settings->date);
      json_builder_set_member_name (builder, "venue");
      json_builder_add_string_value (builder, settings->venue);
      json_builder_set_member_name (builder, "stake");
      json_builder_add_string_value (builder, stake_ascii);
      json_builder_set_member_name (builder, "entry_fee");
      json_builder_add_string_value (builder, fee_ascii);
      json_builder_set_member_name (builder, "last_segment");
      json_builder_add_string_value (builder,
                                     ctd_last_segment_direction_to_string (settings->direction));
      json_builder_set_member_name (builder, "paper");
      json_builder_add_string_value (builder, settings->paper == CTD_SHEET_PAPER_LETTER
                                              ? "letter" : "a4");
      json_builder_set_member_name (builder, "table_auto_accept");
      json_builder_add_boolean_value (builder, settings->table_auto_accept);
      ctd_cli_add_nullable_string (builder, "language", language);
      ctd_cli_add_nullable_string (builder, "language_locale", locale);
      ctd_cli_add_nullable_string (builder, "warning", warning);
      ctd_cli_add_nullable_string (builder, "closed", closed_text);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
      return;
    }
  lines.labels = g_ptr_array_new ();
  lines.values = g_ptr_array_new_with_free_func (g_free);
  printf ("%s\n", settings->name);
  /* Translators: the labels of the event's settings, one a line */
  if (*settings->date != '\0')
    add_setting (&lines, C_("setting", "date"), g_strdup (settings->date));
  if (*settings->venue != '\0')
    add_setting (&lines, C_("setting", "venue"), g_strdup (settings->venue));
  /* Translators: the stake, an amount */
  add_setting (&lines, C_("setting", "stake"), g_strdup_printf (_("%s a point"), stake_text));
  add_setting (&lines, C_("setting", "entry fee"), g_strdup (fee_text));
  /* The words a director reads; --last-segment and --paper take the
   * nicks, which the JSON prints. */
  add_setting (&lines, C_("setting", "last segment"),
               g_strdup (ctd_last_segment_direction_to_title (settings->direction)));
  add_setting (&lines, C_("setting", "paper"),
               g_strdup (ctd_sheet_paper_to_title (settings->paper)));
  {
    char *value = NULL;

    if (language == NULL)
      value = g_strdup (_("this computer's, wherever it prints (--language CODE to choose)"));
    else if (locale != NULL)
      /* Translators: a language code, e.g. "fr", then the locale the
       * sheets print under, e.g. "fr_FR.UTF-8". */
      value = g_strdup_printf (_("%s (sheets and reports printed under %s)"), language, locale);
    else
      /* Translators: a language code, e.g. "fr". */
      value = g_strdup_printf (_("%s (not installed here: sheets print in this computer's "
                                 "language)"), language);
    add_setting (&lines, C_("setting", "language"), value);
  }
  add_setting (&lines, C_("setting", "tables' lines"),
               g_strdup (settings->table_auto_accept
                         ? _("recorded once confirmed at the table (--table-auto-accept on)")
                         : _("wait for the director (pending, accept, reject)")));
  if (closed_local != NULL)
    {
      g_autofree char *when = g_date_time_format (closed_local, "%Y-%m-%d %H:%M");

      /* Translators: when the event was closed */
      add_setting (&lines, C_("setting", "closed"), g_strdup_printf (_("%s (read-only)"), when));
    }
  print_setting_lines (&lines);
  g_ptr_array_unref (lines.labels);
  g_ptr_array_unref (lines.values);
  if (warning != NULL)
    printf (_("Warning: %s\n"), warning);
}

int
ctd_cli_init (CtdCli *cli)
{
  g_auto(SettingsOptions) options = { NULL, };
  g_autofree char *warning = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *usage =
    ctd_cli_synopsis ("init --name NAME [--date YYYY-MM-DD] [--venue V] [--stake N] [--entry-fee "
                      "N] [--last-segment highest-first|lowest-first] [--paper a4|letter] "
                      "[--language CODE]");
  g_autofree char *language = ctd_store_default_language ();
  CtdEventSettings settings = { 0, };
  int status;

  if (!parse_settings (cli, usage, &options, NULL, &status))
    return status;
  if (options.name == NULL)
    return ctd_cli_usage (_("init needs --name (usage: %s)"), usage);

  settings.date = "";
  settings.venue = "";
  /* The locale's paper unless the director says: Letter in the US. */
  settings.paper = ctd_store_default_paper ();
  /* And the director's language (what the event file will say). */
  settings.language = language;
  if (!apply_settings (&options, &settings, &status))
    return status;

  store = ctd_store_create (cli->path, &settings, &error);
  if (store == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  warning = ctd_money_check_fee (settings.entry_fee_cents, settings.stake_cents);

  if (!cli->json)
    /* Translators: the file; the event's settings follow */
    printf (_("Created %s: "), cli->path);
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
                      "[--paper a4|letter] [--language CODE|\"\"] [--table-auto-accept on|off] "
                      "[--force]";
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
            printf (ngettext ("Nobody is checked in yet: the plan for the %d registered "
                              "player.\n",
                              "Nobody is checked in yet: the plan for the %d registered "
                              "players.\n", n_registered),
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
          g_autofree char *number = g_strdup_printf ("#%" G_GINT64_FORMAT, entry->id);

          /* Translators: one entry of the CLI's log: %1$s its number
           * ("#12"), %2$s its time, %3$s what was done ("Game recorded"),
           * %4$s what it did ("Chouette 1.1 game 3: 1:D2 ...") */
          printf (_("%1$s  %2$s  %3$s: %4$s"), number, entry->time,
                  ctd_audit_action_to_title (entry->action), entry->summary);
          /* An undo is taken back by a redo. */
          if (entry->undone_by != 0)
            {
              g_autofree char *by = g_strdup_printf ("#%" G_GINT64_FORMAT, entry->undone_by);

              /* Translators: %s is the entry that undid or redid this one, "#12" */
              printf (strcmp (entry->action, "undo") == 0 ? _("  [redone by %s]")
                                                          : _("  [undone by %s]"), by);
            }
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
    /* Translators: "Undone" or "Redone", then what was */
    printf (_("%s: %s\n"), verb, summary);
  return CTD_CLI_OK;
}

int
ctd_cli_undo (CtdCli *cli)
{
  return step_history (cli, "undo", ctd_store_undo, "undone", _("Undone"));
}

int
ctd_cli_redo (CtdCli *cli)
{
  return step_history (cli, "redo", ctd_store_redo, "redone", _("Redone"));
}
