/* ctd-cli-record.c: entering a sheet's results and its paper totals.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "ctd-chouette-change.h"
#include "ctd-cli.h"

/* The line game @game holds now, if any, to say what a correction replaced. */
static gboolean
find_recorded (CtdCli   *cli,
               guint     round,
               guint     number,
               guint     game,
               char    **out_line,
               GError  **error)
{
  g_autoptr(GPtrArray) games = ctd_store_list_games (cli->store, round, number, error);

  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      CtdStoreGame *recorded = g_ptr_array_index (games, i);

      if (recorded->game == game)
        *out_line = g_strdup (recorded->canonical);
    }
  return TRUE;
}

int
ctd_cli_record (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(CtdChouette) before = NULL;
  g_autofree char *result = NULL;
  g_autofree char *replaced = NULL;
  g_auto(GStrv) changes = NULL;
  g_autofree char *usage = ctd_cli_synopsis ("record CHOUETTE GAME 'NOTATION' [--replace]");
  CtdHalves totals[CTD_MAX_PLAYERS];
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };
  CtdChouetteGame view;
  gboolean replace = FALSE;
  char *args[3];
  int n_args = 0;
  guint round, number;
  guint64 game;
  gboolean stale;

  /* No option parsing: a notation may start with "-" ("- 2:1- 3:1-").
   * "--replace" is the only option, anywhere; no line is spelt so. */
  for (int i = 0; i < cli->argc; i++)
    {
      if (strcmp (cli->argv[i], "--replace") == 0)
        replace = TRUE;
      else if (n_args < 3)
        args[n_args++] = cli->argv[i];
      else
        return ctd_cli_usage (_("too many arguments (usage: %s)"), usage);
    }
  if (n_args != 3)
    return ctd_cli_usage (_("missing arguments (usage: %s)"), usage);
  if (!g_ascii_string_to_unsigned (args[1], 10, 0, G_MAXUINT, &game, NULL))
    return ctd_cli_usage (_("“%s” is not a game number (usage: %s)"), args[1], usage);
  if (game < 1 || game > CTD_N_GAMES)
    return ctd_cli_refused (g_error_new (CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                                         _("There is no game %s: a chouette has games 1 to "
                                           "%d"), args[1], CTD_N_GAMES));
  if (!ctd_tournament_parse_label (args[0], &round, &number, &error) ||
      !find_recorded (cli, round, number, (guint) game, &replaced, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  /* A replacement says what it changed, as the chouette's page asks
   * before one: the chouette and its paper totals as they were. */
  if (replace && replaced != NULL &&
      ((before = ctd_store_load_chouette (cli->store, round, number, &error)) == NULL ||
       !ctd_store_get_crosscheck (cli->store, round, number, paper, given, &error)))
    return ctd_cli_refused (g_steal_pointer (&error));
  if (!ctd_store_record_game (cli->store, round, number, (guint) game, args[2], replace,
                              &error) ||
      !ctd_cli_load_chouette (cli, args[0], &round, &number, &seats, &chouette, &error))
    return ctd_cli_refused_confirm (g_steal_pointer (&error), "--replace");
  if (before != NULL)
    changes = ctd_chouette_change_describe (before, chouette, (guint) game, paper, given);

  ctd_chouette_get_game (chouette, (guint) game, &view);
  ctd_chouette_get_totals (chouette, totals);
  result = ctd_result_format (view.result);
  stale = ctd_chouette_last_segment_order_is_stale (chouette);
  if (g_strcmp0 (replaced, result) == 0)
    g_clear_pointer (&replaced, g_free);

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, args[0]);
      json_builder_set_member_name (builder, "game");
      json_builder_add_int_value (builder, (gint64) game);
      json_builder_set_member_name (builder, "result");
      json_builder_add_string_value (builder, result);
      json_builder_set_member_name (builder, "replaced");
      if (replaced != NULL)
        json_builder_add_string_value (builder, replaced);
      else
        json_builder_add_null_value (builder);
      ctd_cli_add_scores (builder, "deltas", seats->size, view.deltas);
      ctd_cli_add_scores (builder, "totals", seats->size, totals);
      json_builder_set_member_name (builder, "warning");
      if (stale)
        json_builder_add_string_value (builder, "the last-segment order no longer matches the "
                                                "scores before the last segment");
      else
        json_builder_add_null_value (builder);
      /* What the replacement changed, one sentence a string, or null. */
      json_builder_set_member_name (builder, "changes");
      if (changes != NULL)
        {
          json_builder_begin_array (builder);
          for (guint i = 0; changes[i] != NULL; i++)
            json_builder_add_string_value (builder, changes[i]);
          json_builder_end_array (builder);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
    }
  else
    {
      g_autofree char *deltas = ctd_cli_scores_text (chouette, view.deltas);
      g_autofree char *running = ctd_cli_scores_text (chouette, totals);

      /* Translators: the chouette ("1.3"), the game's number, then its line */
      printf (_("%u.%u game %u: %s"), round, number, (guint) game, result);
      if (replaced != NULL)
        /* Translators: the line the game held before */
        printf (_("  (replaced %s)"), replaced);
      printf ("\n");
      /* Translators: what each player wins or loses in the game, then
       * their running totals, each "1 Ann -3, 2 Bob +1, ..." */
      printf (_("  the game gives: %s\n  totals after it: %s\n"), deltas, running);
      if (stale)
        printf (_("Warning: the last segment was played in an order the corrected scores no "
                  "longer give; it is kept\n"));
      for (guint i = 0; changes != NULL && changes[i] != NULL; i++)
        printf ("%s\n", changes[i]);
    }
  return CTD_CLI_OK;
}

int
ctd_cli_crosscheck (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(GArray) mismatches = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *usage = ctd_cli_synopsis ("crosscheck CHOUETTE 1=TOTAL 2=TOTAL ...");
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };
  guint round, number;

  /* No option parsing: a total may be negative ("2=-3.5"). */
  if (cli->argc < 2)
    return ctd_cli_usage (_("missing arguments (usage: %s)"), usage);
  if (!ctd_cli_load_chouette (cli, cli->argv[0], &round, &number, &seats, &chouette, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  for (int i = 1; i < cli->argc; i++)
    {
      g_auto(GStrv) parts = g_strsplit (cli->argv[i], "=", 2);
      guint64 player;

      if (g_strv_length (parts) != 2 ||
          !g_ascii_string_to_unsigned (parts[0], 10, 1, seats->size, &player, NULL) ||
          !ctd_halves_parse (parts[1], &paper[player - 1]))
        /* Translators: PLAYER=TOTAL is the argument's form, as the usage
         * writes it */
        return ctd_cli_usage (_("“%s” is not PLAYER=TOTAL with a player from 1 to %u and a "
                                "total in whole or half points (usage: %s)"), cli->argv[i],
                              seats->size, usage);
      if (given[player - 1])
        return ctd_cli_usage (_("player %u is given twice (usage: %s)"), (guint) player, usage);
      given[player - 1] = TRUE;
    }
  if (!ctd_store_set_crosscheck (cli->store, round, number, paper, given, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  mismatches = ctd_chouette_crosscheck (chouette, paper, given);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, cli->argv[0]);
  json_builder_set_member_name (builder, "agrees");
  json_builder_add_boolean_value (builder, mismatches->len == 0);
  json_builder_set_member_name (builder, "mismatches");
  json_builder_begin_array (builder);
  if (!cli->json)
    /* Translators: the chouette, "1.3" */
    printf (mismatches->len == 0 ? _("%s: the paper totals agree with the entered games\n")
                                 : _("%s: the paper totals disagree with the entered games\n"),
            cli->argv[0]);
  for (guint i = 0; i < mismatches->len; i++)
    {
      const CtdCrosscheckMismatch *m = &g_array_index (mismatches, CtdCrosscheckMismatch, i);
      g_autofree char *on_paper = ctd_halves_to_string (m->paper, TRUE);
      g_autofree char *computed = ctd_halves_to_string (m->computed, TRUE);

      g_autoptr(GString) suspects = g_string_new (NULL);
      guint n_suspects = 0;

      if (!cli->json)
        /* Translators: the player's number and name, the total on paper,
         * the total of the entered games */
        printf (_("  player %u, %s: paper %s, games %s"), m->player,
                seats->names[m->player - 1], on_paper, computed);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "player");
      json_builder_add_int_value (builder, m->player);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, seats->names[m->player - 1]);
      ctd_cli_add_score (builder, "paper", m->paper);
      ctd_cli_add_score (builder, "computed", m->computed);
      json_builder_set_member_name (builder, "suspect_games");
      json_builder_begin_array (builder);
      for (guint game = 1; game <= CTD_N_GAMES; game++)
        if (m->suspects & (1u << (game - 1)))
          {
            json_builder_add_int_value (builder, game);
            g_string_append_printf (suspects, "%s%u", n_suspects++ > 0 ? ", " : "", game);
          }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      if (!cli->json && n_suspects > 0)
        /* Translators: the games' numbers, "3, 5" */
        printf (ngettext ("; look first at game %s", "; look first at games %s", n_suspects),
                suspects->str);
      if (!cli->json)
        printf ("\n");
    }
  json_builder_end_array (builder);

  /* The running totals, row by row as the paper sheet shows them. */
  json_builder_set_member_name (builder, "running_totals");
  json_builder_begin_array (builder);
  if (!cli->json && mismatches->len > 0)
    printf (_("Running totals of the entered games:\n"));
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      CtdChouetteGame view;

      ctd_chouette_get_game (chouette, game, &view);
      if (view.result == NULL)
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_int_value (builder, game);
      ctd_cli_add_scores (builder, "totals", seats->size, view.running);
      json_builder_end_object (builder);
      if (!cli->json && mismatches->len > 0)
        {
          g_autofree char *running = ctd_cli_scores_text (chouette, view.running);
          /* Translators: the game's number, then the running totals */
          printf (_("  game %2u  %s\n"), game, running);
        }
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "missing_games");
  json_builder_begin_array (builder);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    if (ctd_chouette_get_result (chouette, game) == NULL)
      json_builder_add_int_value (builder, game);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  else if (mismatches->len > 0 && !ctd_chouette_is_complete (chouette))
    {
      g_autofree char *missing = ctd_chouette_describe_missing (chouette, 1, CTD_N_GAMES);
      guint n_missing = 0;

      for (guint game = 1; game <= CTD_N_GAMES; game++)
        n_missing += ctd_chouette_get_result (chouette, game) == NULL;
      /* Translators: the games missing, "game 4" or "games 4 and 6" */
      printf (ngettext ("Note: %s is not entered yet\n", "Note: %s are not entered yet\n",
                        n_missing), missing);
    }
  /* Stored either way; a script hears that the paper disagrees. */
  return mismatches->len > 0 ? CTD_CLI_DISAGREES : CTD_CLI_OK;
}
