/* ctd-cli-common.c: what every chouette-td-cli command shares.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <stdio.h>

#include <string.h>

#include "ctd-cli.h"

/**
 * ctd_cli_refused:
 * @error: (transfer full): why the action was refused
 *
 * Prints the one line a director reads and returns the "refused" status.
 */
int
ctd_cli_refused (GError *error)
{
  fprintf (stderr, "chouette-td-cli: %s\n", error->message);
  g_error_free (error);
  return CTD_CLI_REFUSED;
}

int
ctd_cli_usage (const char *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "chouette-td-cli: %s\n", message);
  return CTD_CLI_USAGE;
}

/**
 * ctd_cli_parse_options:
 * @cli: the command line; its argc/argv become the positional arguments
 * @usage: the command's synopsis, for errors
 * @entries: the command's options
 * @min_args: fewest positional arguments
 * @max_args: most positional arguments, or -1 for no limit
 * @out_status: (out): the exit status when parsing fails
 *
 * Returns: whether the command may run
 */
gboolean
ctd_cli_parse_options (CtdCli       *cli,
                       const char   *usage,
                       GOptionEntry *entries,
                       int           min_args,
                       int           max_args,
                       int          *out_status)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  /* GOption wants a program name first and frees nothing it was given. */
  char **strv = g_new0 (char *, cli->argc + 2);
  int n;

  strv[0] = g_strdup ("chouette-td-cli");
  for (int i = 0; i < cli->argc; i++)
    strv[i + 1] = g_strdup (cli->argv[i]);

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse_strv (context, &strv, &error))
    {
      *out_status = ctd_cli_usage ("%s (usage: %s)", error->message, usage);
      g_strfreev (strv);
      return FALSE;
    }
  /* GOption keeps the "--" that lets a name start with "-": drop it. */
  for (guint i = 1; strv[i] != NULL; i++)
    if (g_str_equal (strv[i], "--"))
      {
        g_free (strv[i]);
        memmove (&strv[i], &strv[i + 1], (g_strv_length (strv + i + 1) + 1) * sizeof (char *));
        break;
      }

  n = (int) g_strv_length (strv) - 1;
  if (n < min_args || (max_args >= 0 && n > max_args))
    {
      *out_status = ctd_cli_usage ("%s arguments (usage: %s)", n < min_args ? "missing" : "too many",
                                   usage);
      g_strfreev (strv);
      return FALSE;
    }
  g_strfreev (cli->parsed);
  cli->parsed = strv;
  cli->argc = n;
  cli->argv = strv + 1;
  return TRUE;
}

void
ctd_cli_print_json (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

/* Scores are numbers in JSON; half points are .5 (and whole points have
 * no fraction, so scripts can compare them as integers). */
void
ctd_cli_add_score (JsonBuilder *builder,
                   const char  *member,
                   CtdHalves    halves)
{
  if (member != NULL)
    json_builder_set_member_name (builder, member);
  if (halves % 2 == 0)
    json_builder_add_int_value (builder, halves / 2);
  else
    json_builder_add_double_value (builder, halves / 2.0);
}

/**
 * ctd_cli_find_player:
 * @cli: the command line
 * @name_or_id: a player's name (any case) or player ID
 * @out_player: (out) (transfer full): the player
 * @error: return location for a #GError
 *
 * A withdrawn player is found only when nobody active has the name.
 *
 * Returns: whether exactly one player matched
 */
gboolean
ctd_cli_find_player (CtdCli          *cli,
                     const char      *name_or_id,
                     CtdStorePlayer **out_player,
                     GError         **error)
{
  g_autoptr(GPtrArray) players = ctd_store_list_players (cli->store, error);
  g_autofree char *wanted = g_utf8_casefold (name_or_id, -1);
  CtdStorePlayer *found = NULL;
  guint found_index = 0;

  if (players == NULL)
    return FALSE;
  for (guint i = 0; i < players->len; i++)
    {
      CtdStorePlayer *player = g_ptr_array_index (players, i);
      g_autofree char *name = g_utf8_casefold (player->name, -1);
      gboolean match = g_strcmp0 (name, wanted) == 0 ||
                       g_strcmp0 (player->member_id, name_or_id) == 0;

      if (match && (found == NULL || (found->withdrawn && !player->withdrawn)))
        {
          found = player;
          found_index = i;
        }
    }
  if (found == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "No player is called “%s” or has that player ID (see: player list)",
                   name_or_id);
      return FALSE;
    }
  *out_player = g_ptr_array_steal_index (players, found_index);
  return TRUE;
}

gboolean
ctd_cli_parse_seed (const char  *text,
                    guint64     *out_seed,
                    GError     **error)
{
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out_seed, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "“%s” is not a seed: a seed is a whole number from 0 to %" G_GUINT64_FORMAT,
                   text, G_MAXUINT64);
      return FALSE;
    }
  return TRUE;
}

gboolean
ctd_cli_parse_money (const char  *text,
                     const char  *what,
                     gint64      *out_cents,
                     GError     **error)
{
  if (!ctd_money_parse (text, out_cents) || *out_cents < 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "“%s” is not a %s: write an amount such as 5 or 2.50", text, what);
      return FALSE;
    }
  return TRUE;
}
