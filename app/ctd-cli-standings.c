/* ctd-cli-standings.c: standings, placings, roll-offs and advancement.
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
#include "ctd-cut.h"
#include "ctd-outcome.h"
#include "ctd-store.h"

static const char *
name_of (const CtdStandings *standings,
         gint64              player_id)
{
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    if (ctd_standings_get_row (standings, i)->player_id == player_id)
      return ctd_standings_get_row (standings, i)->name;
  return "?";
}

static const CtdTournamentAdvancer *
find_advancer (const GArray *advancers,
               gint64        id)
{
  for (guint i = 0; advancers != NULL && i < advancers->len; i++)
    if (g_array_index (advancers, CtdTournamentAdvancer, i).player_id == id)
      return &g_array_index (advancers, CtdTournamentAdvancer, i);
  return NULL;
}

/* "1", "4=" (tied), or "" when the view carries no ranks. */
static char *
rank_text (const CtdStandingsRow *row)
{
  if (row->rank == 0)
    return g_strdup ("");
  return g_strdup_printf ("%u%s", row->rank, row->tied ? "=" : "");
}

/* Progress of a secret round, what may be posted instead of scores:
 * each chouette that holds the round up, and why (games to enter, paper
 * totals that disagree). */
static void
print_progress (CtdCli *cli,
                guint   round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (cli->store, round, &error);

  if (hold_ups == NULL)
    {
      g_printerr ("chouette-td-cli: %s\n", error->message);
      return;
    }
  for (guint i = 0; i < hold_ups->len; i++)
    {
      g_autofree char *line = ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, i));

      printf ("  %s\n", line);
    }
}

int
ctd_cli_standings (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GHashTable) notes = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  CtdStage next_stage = CTD_STAGE_FINAL;
  gboolean public_view = FALSE;
  int round = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, NULL, NULL },
    { "public", 0, 0, G_OPTION_ARG_NONE, &public_view, NULL, NULL },
    { NULL },
  };
  CtdStoreRound info;
  gboolean hidden;
  int status;

  if (!ctd_cli_parse_options (cli, "standings [--round N] [--public]", entries, 0, 0, &status))
    return status;
  if (round < 0)
    return ctd_cli_usage ("%s", _("--round takes a round number"));
  if (!(round > 0 ? ctd_tournament_get_round (cli->store, (guint) round, &info, &error)
                  : ctd_tournament_get_last_round (cli->store, &info, &error)))
    return ctd_cli_refused (g_steal_pointer (&error));
  /* The notes are the Standings page's: where each player goes, or
   * would go, and what a roll-off must decide or decided. */
  if ((standings = ctd_tournament_round_standings (cli->store, info.number, public_view,
                                              &error)) == NULL ||
      (advancers = ctd_tournament_list_advancers (cli->store, info.number, &next_stage,
                                             &error)) == NULL ||
      (notes = ctd_cut_notes (cli->store, info.number, NULL, public_view, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  hidden = ctd_standings_get_scores_hidden (standings);

  if (!cli->json)
    {
      /* Translators: the round's number, its stage ("Qualifying") and its
       * state ("in play"), both translated */
      printf (_("Round %u (%s): %s\n"), info.number, ctd_stage_to_title (info.stage),
              ctd_round_state_to_title (info.state));
      if (hidden)
        {
          printf (_("Scores stay secret until every chouette of the round is complete "
                    "(rule 1.7).\n"));
          print_progress (cli, info.number);
        }
    }
  json_builder_begin_array (builder);
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
      g_autofree char *label = g_strdup_printf ("%u.%u", info.number, row->chouette);
      const CtdTournamentAdvancer *advancer = find_advancer (advancers, row->player_id);
      const char *note = g_hash_table_lookup (notes, &row->player_id);

      if (!cli->json)
        {
          g_autofree char *rank = rank_text (row);
          g_autofree char *name = ctd_cli_pad (row->name, 28, FALSE);
          g_autofree char *score = hidden ? g_strdup ("") : ctd_halves_to_string (row->score, TRUE);

          printf ("%5s  %s %-6s %8s%s%s\n", rank, name, label, score,
                  note != NULL && *note != '\0' ? "  " : "", note != NULL ? note : "");
          continue;
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "rank");
      if (hidden)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, row->rank);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, row->name);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, label);
      if (!hidden)
        {
          ctd_cli_add_score (builder, "score", row->score);
          /* "tied": the rank is shared; "needs_roll_off": the tie decides
           * who advances or a place; "roll_off": the place a roll-off gave
           * among equal scores (1: won it). */
          json_builder_set_member_name (builder, "tied");
          json_builder_add_boolean_value (builder, row->tied);
          json_builder_set_member_name (builder, "needs_roll_off");
          json_builder_add_boolean_value (builder, row->needs_rolloff);
          json_builder_set_member_name (builder, "roll_off");
          if (row->rolloff_place > 0)
            json_builder_add_int_value (builder, row->rolloff_place);
          else
            json_builder_add_null_value (builder);
        }
      json_builder_set_member_name (builder, "advances");
      json_builder_add_boolean_value (builder, advancer != NULL);
      json_builder_set_member_name (builder, "next_round");
      if (advancer != NULL)
        json_builder_add_string_value (builder, ctd_stage_to_string (next_stage));
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "next_chouette");
      if (advancer != NULL && advancer->chouette != 0)
        {
          g_autofree char *next = g_strdup_printf ("%u.%u", info.number + 1, advancer->chouette);

          json_builder_add_string_value (builder, next);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

int
ctd_cli_results (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GHashTable) notes = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  CtdStoreRound info;
  guint round;
  int status;

  if (!ctd_cli_parse_options (cli, "results", (GOptionEntry[]) { { NULL } }, 0, 0, &status))
    return status;
  placings = ctd_tournament_final_placings (cli->store, &round, &error);
  if (placings == NULL || !ctd_tournament_get_round (cli->store, round, &info, &error) ||
      (notes = ctd_cut_notes (cli->store, round, NULL, FALSE, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));

  if (!cli->json && info.state < CTD_ROUND_COMPLETE)
    /* Translators: the final's state, translated ("drawn", "in play") */
    printf (_("The final is %s: these are the standings so far.\n"),
            ctd_round_state_to_title (info.state));
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, round);
  json_builder_set_member_name (builder, "final_complete");
  json_builder_add_boolean_value (builder, info.state >= CTD_ROUND_COMPLETE);
  json_builder_set_member_name (builder, "results");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (placings, i);
      g_autofree char *score = ctd_halves_to_string (row->score, TRUE);

      if (!cli->json)
        {
          g_autofree char *place = ctd_outcome_place_text (row);
          g_autofree char *name = ctd_cli_pad (row->name, 28, FALSE);
          const char *note = g_hash_table_lookup (notes, &row->player_id);
          /* A tie says what to do; a roll-off, what it decided. */
          g_autofree char *why = row->tied ? g_strdup (_("  (tied: record a roll-off)"))
                                 : note != NULL && *note != '\0' ? g_strdup_printf ("  (%s)", note)
                                                                 : g_strdup ("");

          printf ("%-5s %s %8s%s\n", place, name, score, why);
          continue;
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "place");
      json_builder_add_int_value (builder, row->rank);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, row->name);
      ctd_cli_add_score (builder, "score", row->score);
      json_builder_set_member_name (builder, "tied");
      json_builder_add_boolean_value (builder, row->tied);
      json_builder_set_member_name (builder, "roll_off");
      if (row->rolloff_place > 0)
        json_builder_add_int_value (builder, row->rolloff_place);
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

/* The advancement the director named, or the plan's for the round. */
static gboolean
choose_advancement (CtdCli  *cli,
                    guint    round,
                    int      top_k,
                    int      wildcards,
                    guint   *out_top_k,
                    guint   *out_wildcards,
                    GError **error)
{
  if (top_k < 0 || wildcards < 0)
    {
      if (!ctd_tournament_default_advancement (cli->store, round, out_top_k, out_wildcards, error))
        return FALSE;
    }
  if (top_k >= 0)
    *out_top_k = (guint) top_k;
  if (wildcards >= 0)
    *out_wildcards = (guint) wildcards;
  return TRUE;
}

/* The tie --roll settles when no names are given: the one the standings
 * flag, at the cut the round is judged by (ctd_cut_find_tie(), as on the
 * Standings page), or the one at the cut named with --top or --wildcards
 * (none in the final: its first tied placing). */
static GArray *
find_tie (CtdCli  *cli,
          guint    round,
          int      top_k,
          int      wildcards,
          GError **error)
{
  g_autoptr(GError) local_error = NULL;
  guint k = 0, w = 0;

  if (top_k < 0 && wildcards < 0)
    return ctd_cut_find_tie (cli->store, round, NULL, error);
  if (!choose_advancement (cli, round, top_k, wildcards, &k, &w, &local_error) &&
      !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return ctd_tournament_find_tie (cli->store, round, NULL, k, w, error);
}

int
ctd_cli_tiebreak (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(CtdStandings) standings = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree gint64 *order = NULL;
  gboolean roll = FALSE;
  int top_k = -1;
  int wildcards = -1;
  GOptionEntry entries[] = {
    { "roll", 0, 0, G_OPTION_ARG_NONE, &roll, NULL, NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, NULL, NULL },
    { "top", 0, 0, G_OPTION_ARG_INT, &top_k, NULL, NULL },
    { "wildcards", 0, 0, G_OPTION_ARG_INT, &wildcards, NULL, NULL },
    { NULL },
  };
  g_autofree char *usage =
    ctd_cli_synopsis ("tiebreak ROUND NAME NAME ... | tiebreak ROUND --roll [--seed N] [--top K] "
                      "[--wildcards W] [NAME ...]");
  guint64 round;
  guint64 seed = 0;
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 1, -1, &status))
    return status;
  if (!g_ascii_string_to_unsigned (cli->argv[0], 10, 1, G_MAXUINT, &round, NULL))
    return ctd_cli_usage (_("“%s” is not a round number (usage: %s)"), cli->argv[0], usage);
  if (!roll && (seed_text != NULL || cli->argc < 3))
    return ctd_cli_usage (_("name the tied players in roll-off order, winner first, or use "
                            "--roll (usage: %s)"), usage);
  if (roll && seed_text != NULL && !ctd_rng_parse_seed (seed_text, &seed, &error))
    return ctd_cli_usage ("%s", error->message);
  if (roll && seed_text == NULL)
    seed = ctd_rng_fresh_seed ();

  standings = ctd_tournament_round_standings (cli->store, (guint) round, FALSE, &error);
  if (standings == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  for (int i = 1; i < cli->argc; i++)
    {
      g_autoptr(CtdStorePlayer) player = NULL;

      if (!ctd_cli_find_player (cli, cli->argv[i], &player, &error))
        return ctd_cli_refused (g_steal_pointer (&error));
      g_array_append_val (ids, player->id);
    }
  if (roll && ids->len == 0)
    {
      g_clear_pointer (&ids, g_array_unref);
      ids = find_tie (cli, (guint) round, top_k, wildcards, &error);
      if (ids == NULL)
        return ctd_cli_refused (g_steal_pointer (&error));
    }

  order = g_new (gint64, MAX (ids->len, 1));
  if (roll)
    ctd_standings_roll ((const gint64 *) ids->data, ids->len, seed, order);
  else
    memcpy (order, ids->data, ids->len * sizeof (gint64));
  if (!ctd_tournament_tiebreak (cli->store, (guint) round, order, ids->len, roll ? &seed : NULL,
                           &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "round");
      json_builder_add_int_value (builder, (gint64) round);
      json_builder_set_member_name (builder, "order");
      json_builder_begin_array (builder);
      for (guint i = 0; i < ids->len; i++)
        json_builder_add_string_value (builder, name_of (standings, order[i]));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "seed");
      if (roll)
        {
          g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
          json_builder_add_string_value (builder, text);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
      return CTD_CLI_OK;
    }
  /* Translators: the round's number; the players' names follow */
  printf (_("Round %u roll-off, winner first:"), (guint) round);
  for (guint i = 0; i < ids->len; i++)
    printf ("%s %s", i ? "," : "", name_of (standings, order[i]));
  if (roll)
    {
      g_autofree char *seed_string = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

      /* Translators: the roll-off's seed */
      printf (_(" (rolled with seed %s)"), seed_string);
    }
  printf ("\n");
  return CTD_CLI_OK;
}

int
ctd_cli_advance (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int top_k = -1;
  int wildcards = -1;
  GOptionEntry entries[] = {
    { "top", 0, 0, G_OPTION_ARG_INT, &top_k, NULL, NULL },
    { "wildcards", 0, 0, G_OPTION_ARG_INT, &wildcards, NULL, NULL },
    { NULL },
  };
  CtdStoreRound last;
  CtdStage next_stage;
  guint k = 0, w = 0;
  int status;

  if (!ctd_cli_parse_options (cli, "advance [--top K] [--wildcards W]", entries, 0, 0, &status))
    return status;
  if (!ctd_tournament_get_last_round (cli->store, &last, &error) ||
      !choose_advancement (cli, last.number, top_k, wildcards, &k, &w, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  advancers = ctd_tournament_advance (cli->store, last.number, k, w, NULL, &error);
  if (advancers == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  standings = ctd_tournament_round_standings (cli->store, last.number, FALSE, &error);
  if (standings == NULL || !ctd_advance_check_next_size (advancers->len, &next_stage, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (!cli->json)
    {
      guint n = advancers->len;

      if (next_stage == CTD_STAGE_FINAL)
        /* Translators: the first line of advance's answer: the round's
         * number, how many players advance, how many from the top of
         * each chouette, then how many wildcards; the names follow */
        printf (ngettext ("Round %1$u: %2$u player advances to the final (top %3$u of each "
                          "chouette; wildcards: %4$u):\n",
                          "Round %1$u: %2$u players advance to the final (top %3$u of each "
                          "chouette; wildcards: %4$u):\n", n),
                last.number, n, k, w);
      else
        /* Translators: as the line before, to the semi-finals */
        printf (ngettext ("Round %1$u: %2$u player advances to the semi-finals (top %3$u of "
                          "each chouette; wildcards: %4$u):\n",
                          "Round %1$u: %2$u players advance to the semi-finals (top %3$u of "
                          "each chouette; wildcards: %4$u):\n", n),
                last.number, n, k, w);
      for (guint i = 0; i < advancers->len; i++)
        printf ("  %s\n", name_of (standings, g_array_index (advancers, gint64, i)));
      return CTD_CLI_OK;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, last.number);
  json_builder_set_member_name (builder, "top_k");
  json_builder_add_int_value (builder, k);
  json_builder_set_member_name (builder, "wildcards");
  json_builder_add_int_value (builder, w);
  json_builder_set_member_name (builder, "next_stage");
  json_builder_add_string_value (builder, ctd_stage_to_string (next_stage));
  json_builder_set_member_name (builder, "advancers");
  json_builder_begin_array (builder);
  for (guint i = 0; i < advancers->len; i++)
    json_builder_add_string_value (builder,
                                   name_of (standings, g_array_index (advancers, gint64, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}
