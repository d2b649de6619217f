/* ctd-cli-rounds.c: draws, chouette sheets, the last-segment order, money.
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
#include "ctd-store.h"
#include "ctd-text.h"

static void
add_players_json (JsonBuilder            *builder,
                  const CtdStoreChouette *seats)
{
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint k = 0; k < seats->size; k++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "number");
      json_builder_add_int_value (builder, k + 1);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, seats->names[k]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_numbers_json (JsonBuilder *builder,
                  const char  *member,
                  guint        n,
                  const guint *numbers)
{
  json_builder_set_member_name (builder, member);
  if (numbers == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (builder, numbers[i]);
  json_builder_end_array (builder);
}

static int
print_draw (CtdCli *cli,
            guint   round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (cli->store, round, &error);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  CtdStoreRound info;

  if (chouettes == NULL || !ctd_tournament_get_round (cli->store, round, &info, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (!cli->json)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, info.seed);

      /* Translators: the round's number, its stage, the draw's seed */
      printf (_("Round %u (%s), seed %s:\n"), round, ctd_stage_to_title (info.stage), seed);
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, round);
  json_builder_set_member_name (builder, "stage");
  json_builder_add_string_value (builder, ctd_stage_to_string (info.stage));
  /* A 64-bit seed does not fit a JSON number exactly: it is a string. */
  json_builder_set_member_name (builder, "seed");
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, info.seed);
    json_builder_add_string_value (builder, seed);
  }
  json_builder_set_member_name (builder, "chouettes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      g_autofree char *label = g_strdup_printf ("%u.%u", round, seats->number);

      if (!cli->json)
        {
          /* Translators: the chouette ("1.3") and its table; its players follow */
          printf (_("  %s  table %u:"), label, seats->table);
          for (guint k = 0; k < seats->size; k++)
            printf ("%s %u %s", k ? "," : "", k + 1, seats->names[k]);
          printf ("\n");
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, label);
      json_builder_set_member_name (builder, "table");
      json_builder_add_int_value (builder, seats->table);
      json_builder_set_member_name (builder, "size");
      json_builder_add_int_value (builder, seats->size);
      add_players_json (builder, seats);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  /* The qualifying draw takes the checked-in players only: say who was
   * registered and left out, so that a late arrival is not forgotten. */
  json_builder_set_member_name (builder, "not_checked_in");
  json_builder_begin_array (builder);
  if (round == 1)
    {
      g_autoptr(GPtrArray) players = ctd_store_list_players (cli->store, NULL);
      g_autoptr(GPtrArray) absent = g_ptr_array_new ();

      for (guint i = 0; players != NULL && i < players->len; i++)
        {
          const CtdStorePlayer *player = g_ptr_array_index (players, i);

          if (player->checked_in || player->withdrawn)
            continue;
          json_builder_add_string_value (builder, player->name);
          g_ptr_array_add (absent, player->name);
        }
      if (!cli->json && absent->len > 0)
        {
          g_autofree char *names = ctd_text_join_and (absent);

          /* Translators: how many players, then their names */
          printf (ngettext ("Not drawn: %u registered player is not checked in: %s\n",
                            "Not drawn: %u registered players are not checked in: %s\n",
                            absent->len), absent->len, names);
        }
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

static gboolean
parse_seed_option (const char  *text,
                   guint64     *out_seed,
                   int         *out_status)
{
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    {
      *out_seed = ctd_rng_fresh_seed ();
      return TRUE;
    }
  if (ctd_rng_parse_seed (text, out_seed, &error))
    return TRUE;
  *out_status = ctd_cli_usage ("%s", error->message);
  return FALSE;
}

/* draw and redraw: the same options, the newest round drawn again or
 * the next one drawn. */
static int
run_draw (CtdCli   *cli,
          gboolean  redraw)
{
  g_autofree char *seed_text = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, NULL, NULL },
    { NULL },
  };
  CtdStoreRound last;
  guint64 seed;
  guint round;
  int status;

  if (!ctd_cli_parse_options (cli, redraw ? "redraw [--seed N]" : "draw [--seed N]", entries,
                              0, 0, &status) ||
      !parse_seed_option (seed_text, &seed, &status))
    return status;
  if (redraw)
    {
      if (!ctd_tournament_get_last_round (cli->store, &last, &error) ||
          !ctd_store_redraw_round (cli->store, last.number, seed, &error))
        return ctd_cli_refused (g_steal_pointer (&error));
      round = last.number;
    }
  else if (!ctd_store_draw_round (cli->store, seed, &round, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  return print_draw (cli, round);
}

int
ctd_cli_draw (CtdCli *cli)
{
  return run_draw (cli, FALSE);
}

int
ctd_cli_redraw (CtdCli *cli)
{
  return run_draw (cli, TRUE);
}

/* The fixed last-segment order, else the one the scores give now: the
 * director prints the last segment's sheet from it. */
static const guint *
last_segment_order (const CtdChouette *chouette,
                    guint             *computed)
{
  return ctd_chouette_get_sheet_last_order (chouette, computed) ? computed : NULL;
}

/* The chouette's entry of ctd_store_list_hold_ups(), or %NULL when it
 * holds nothing up (or the list cannot be read). */
static CtdStoreHoldUp *
find_hold_up (CtdCli *cli,
              guint   round,
              guint   number)
{
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (cli->store, round, NULL);

  for (guint i = 0; hold_ups != NULL && i < hold_ups->len; i++)
    if (((CtdStoreHoldUp *) g_ptr_array_index (hold_ups, i))->chouette == number)
      return g_ptr_array_steal_index (hold_ups, i);
  return NULL;
}

static void
print_order (const guint *order,
             guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i ? " " : "", order[i]);
  printf ("%-8s", text->str);
  g_string_free (text, TRUE);
}

/* What `show` adds to the chouette itself: its paper totals, and what
 * keeps it from being complete. */
typedef struct
{
  CtdHalves       paper[CTD_MAX_PLAYERS];
  gboolean        given[CTD_MAX_PLAYERS];
  CtdStoreHoldUp *hold_up;  /* owned, nullable */
} ShowStatus;

/* "games 10 and 12 to enter; ...": the hold-up's text without its label. */
static char *
hold_up_reason (const CtdStoreHoldUp *hold_up)
{
  g_autofree char *text = ctd_store_hold_up_describe (hold_up);
  const char *reason = strstr (text, ": ");

  return g_strdup (reason != NULL ? reason + 2 : text);
}

static void
show_text (guint                   round,
           const CtdStoreChouette *seats,
           const CtdChouette      *chouette,
           const ShowStatus       *status)
{
  guint size = seats->size;
  guint computed[CTD_MAX_PLAYERS - 1];
  const guint *order = last_segment_order (chouette, computed);
  CtdHalves totals[CTD_MAX_PLAYERS];

  printf (_("Chouette %u.%u, table %u\n"), round, seats->number, seats->table);
  for (guint k = 0; k < size; k++)
    printf ("  %u  %s\n", k + 1, seats->names[k]);
  {
    /* Translators: the headings of show's games, each as wide as its
     * column: Game, Segment, Box, Captain, Cube, Playing order, Cube
     * decision order, Result; keep each word within its column */
    g_autofree char *headings = ctd_cli_pad (_("Game Seg Box Capt Cube Playing Decision Result"),
                                             67, FALSE);
    /* Translators: P1, P2...: the players' columns of show, "P" for player */
    g_autofree char *player = ctd_cli_pad (C_("player's column", "P"), 7, TRUE);

    printf ("\n%s", headings);
    for (guint k = 0; k < size; k++)
      printf ("%s%u", player, k + 1);
  }
  printf ("\n");

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      CtdChouetteGame view;
      g_autofree char *result = NULL;

      ctd_chouette_get_sheet_game (chouette, game, &view);
      if (view.result != NULL)
        result = ctd_result_format (view.result);
      printf ("%4u %3u %3u ", game, view.slot.segment, view.slot.box);
      if (view.slot.captain != 0)
        printf ("%4u ", view.slot.captain);
      else
        printf ("%4s ", "?");
      printf ("%4u ", view.slot.cube_start);
      if (view.slot.captain != 0)
        print_order (view.slot.playing_order, view.slot.n_crew);
      else
        printf ("%-8s", "?");
      if (view.decision_known)
        print_order (view.decision_order, view.slot.n_crew);
      else
        {
          /* Translators: a cube-decision order not known yet, in show's column
           * of 8 characters: keep it within 8 */
          g_autofree char *pending = ctd_cli_pad (C_("8-character column", "pending"), 8, FALSE);

          printf ("%s", pending);
        }
      printf (" %-26s", result != NULL ? result : "");
      for (guint k = 0; k < size && view.result != NULL; k++)
        {
          g_autofree char *delta = ctd_halves_to_string (view.deltas[k], TRUE);
          printf ("%8s", delta);
        }
      printf ("\n");
    }

  ctd_chouette_get_totals (chouette, totals);
  {
    g_autofree char *label = ctd_cli_pad (_("Totals"), 67, FALSE);

    printf ("%s", label);
  }
  for (guint k = 0; k < size; k++)
    {
      g_autofree char *total = ctd_halves_to_string (totals[k], TRUE);
      printf ("%8s", total);
    }
  if (status->given[0])
    {
      g_autofree char *label = ctd_cli_pad (_("Paper totals"), 67, FALSE);

      printf ("\n%s", label);
      for (guint k = 0; k < size; k++)
        {
          g_autofree char *total = ctd_halves_to_string (status->paper[k], TRUE);
          printf ("%8s", total);
        }
    }
  printf ("\n%s", _("Last-segment order: "));
  if (order != NULL)
    {
      print_order (order, size - 1);
      printf ("%s\n", ctd_chouette_get_last_segment_order (chouette) ? _("(fixed)")
                                                                   : _("(not fixed yet)"));
    }
  else
    printf (_("known once games 1-%u are entered\n"), ctd_schedule_first_last_game (size) - 1);
  if (ctd_chouette_last_segment_order_is_stale (chouette))
    printf (_("Warning: a correction changed the scores before the last segment; the order "
              "it was played in is kept\n"));
  if (status->hold_up != NULL)
    {
      g_autofree char *reason = hold_up_reason (status->hold_up);
      /* Translators: the round's number, then why the chouette holds it up */
      printf (_("Holds up round %u: %s\n"), round, reason);
    }
  else if (status->given[0])
    printf (ngettext ("Complete: all %d game entered, and the paper totals agree\n",
                      "Complete: all %d games entered, and the paper totals agree\n",
                      CTD_N_GAMES), CTD_N_GAMES);
  else
    printf (ngettext ("Complete: all %d game entered\n", "Complete: all %d games entered\n",
                      CTD_N_GAMES), CTD_N_GAMES);
}

static void
show_json (guint                   round,
           const CtdStoreChouette *seats,
           const CtdChouette      *chouette,
           const ShowStatus       *status)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *label = g_strdup_printf ("%u.%u", round, seats->number);
  guint computed[CTD_MAX_PLAYERS - 1];
  const guint *order = last_segment_order (chouette, computed);
  CtdHalves totals[CTD_MAX_PLAYERS];

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, label);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, round);
  json_builder_set_member_name (builder, "table");
  json_builder_add_int_value (builder, seats->table);
  json_builder_set_member_name (builder, "size");
  json_builder_add_int_value (builder, seats->size);
  add_players_json (builder, seats);

  json_builder_set_member_name (builder, "games");
  json_builder_begin_array (builder);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      CtdChouetteGame view;

      ctd_chouette_get_sheet_game (chouette, game, &view);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_int_value (builder, game);
      json_builder_set_member_name (builder, "segment");
      json_builder_add_int_value (builder, view.slot.segment);
      json_builder_set_member_name (builder, "box");
      json_builder_add_int_value (builder, view.slot.box);
      json_builder_set_member_name (builder, "captain");
      if (view.slot.captain != 0)
        json_builder_add_int_value (builder, view.slot.captain);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "cube");
      json_builder_add_int_value (builder, view.slot.cube_start);
      add_numbers_json (builder, "playing_order", view.slot.captain ? view.slot.n_crew : 0,
                        view.slot.playing_order);
      add_numbers_json (builder, "decision_order", view.slot.n_crew,
                        view.decision_known ? view.decision_order : NULL);
      json_builder_set_member_name (builder, "result");
      if (view.result != NULL)
        {
          g_autofree char *result = ctd_result_format (view.result);
          json_builder_add_string_value (builder, result);
          ctd_cli_add_scores (builder, "deltas", seats->size, view.deltas);
        }
      else
        {
          json_builder_add_null_value (builder);
          json_builder_set_member_name (builder, "deltas");
          json_builder_add_null_value (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  ctd_chouette_get_totals (chouette, totals);
  ctd_cli_add_scores (builder, "totals", seats->size, totals);
  add_numbers_json (builder, "last_segment_order", seats->size - 1, order);
  json_builder_set_member_name (builder, "last_segment_order_fixed");
  json_builder_add_boolean_value (builder, ctd_chouette_get_last_segment_order (chouette) != NULL);
  if (status->given[0])
    ctd_cli_add_scores (builder, "paper_totals", seats->size, status->paper);
  else
    {
      json_builder_set_member_name (builder, "paper_totals");
      json_builder_add_null_value (builder);
    }
  /* Why the chouette keeps its round from complete, or null. */
  json_builder_set_member_name (builder, "hold_up");
  if (status->hold_up != NULL)
    {
      g_autofree char *reason = hold_up_reason (status->hold_up);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "missing_games");
      json_builder_begin_array (builder);
      for (guint game = 1; game <= CTD_N_GAMES; game++)
        if (status->hold_up->missing & (1u << (game - 1)))
          json_builder_add_int_value (builder, game);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "mismatched_players");
      json_builder_begin_array (builder);
      for (guint k = 0; k < seats->size; k++)
        if (status->hold_up->mismatched & (1u << k))
          json_builder_add_int_value (builder, k + 1);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, reason);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
}

int
ctd_cli_show (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  ShowStatus shown = { { 0, }, };
  guint round, number;
  int status;

  if (!ctd_cli_parse_options (cli, "show CHOUETTE", (GOptionEntry[]) { { NULL } }, 1, 1, &status))
    return status;
  if (!ctd_cli_load_chouette (cli, cli->argv[0], &round, &number, &seats, &chouette, &error) ||
      !ctd_store_get_crosscheck (cli->store, round, number, shown.paper, shown.given, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  shown.hold_up = find_hold_up (cli, round, number);
  if (cli->json)
    show_json (round, seats, chouette, &shown);
  else
    show_text (round, seats, chouette, &shown);
  g_clear_pointer (&shown.hold_up, ctd_store_hold_up_free);
  return CTD_CLI_OK;
}

int
ctd_cli_fix_order (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autofree char *usage = ctd_cli_synopsis ("fix-order CHOUETTE [ORDER, e.g. 3,1,2] [--force]");
  GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { NULL },
  };
  guint order[CTD_MAX_PLAYERS - 1] = { 0, };
  gboolean force = FALSE;
  const guint *fixed;
  guint round, number;
  int status;

  entries[0].arg_data = &force;
  if (!ctd_cli_parse_options (cli, usage, entries, 1, 2, &status))
    return status;
  if (!ctd_tournament_parse_label (cli->argv[0], &round, &number, &error) ||
      (seats = ctd_tournament_get_chouette (cli->store, round, number, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  if (cli->argc == 2)
    {
      g_auto(GStrv) parts = g_strsplit (cli->argv[1], ",", -1);
      guint n = g_strv_length (parts);

      for (guint i = 0; i < n; i++)
        {
          guint64 player;

          if (!g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, CTD_MAX_PLAYERS,
                                           &player, NULL))
            return ctd_cli_usage (_("“%s” is not an order: write the player numbers of the "
                                    "last segment's crew, Captain first, e.g. 3,1,2 (usage: "
                                    "%s)"),
                                  cli->argv[1], usage);
          if (i < G_N_ELEMENTS (order))
            order[i] = (guint) player;
        }
      if (n != seats->size - 1)
        return ctd_cli_refused (g_error_new (CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                                             /* Translators: the chouette, its players'
                                              * count, the crew's, an order "3,1,2" */
                                             _("Chouette %s has %u players: its "
                                               "last-segment order names the %u of the "
                                               "crew, e.g. %s"),
                                             cli->argv[0], seats->size, seats->size - 1,
                                             seats->size == 4 ? "3,1,2" : "2,1"));
    }
  if (!ctd_store_fix_last_segment_order (cli->store, round, number,
                                         cli->argc == 2 ? order : NULL, force, &error) ||
      (chouette = ctd_store_load_chouette (cli->store, round, number, &error)) == NULL)
    return ctd_cli_refused_confirm (g_steal_pointer (&error), "--force");

  fixed = ctd_chouette_get_last_segment_order (chouette);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, cli->argv[0]);
      add_numbers_json (builder, "last_segment_order", seats->size - 1, fixed);
      json_builder_set_member_name (builder, "matches_scores");
      json_builder_add_boolean_value (builder,
                                      !ctd_chouette_last_segment_order_is_stale (chouette));
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
      return CTD_CLI_OK;
    }
  /* Translators: the chouette; the numbers and names of the Captains
   * follow, then "(fixed)" */
  printf (_("Chouette %s: the last segment is captained by"), cli->argv[0]);
  for (guint i = 0; i + 1 < seats->size; i++)
    printf ("%s %u %s", i > 0 ? "," : "", fixed[i], seats->names[fixed[i] - 1]);
  printf (" %s\n", _("(fixed)"));
  return CTD_CLI_OK;
}

int
ctd_cli_settle (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *stake = NULL;
  g_autofree char *stake_ascii = NULL;
  CtdSettlement settlement;
  guint round, number;
  int status;

  if (!ctd_cli_parse_options (cli, "settle CHOUETTE", (GOptionEntry[]) { { NULL } }, 1, 1, &status))
    return status;
  if (!ctd_tournament_parse_label (cli->argv[0], &round, &number, &error) ||
      (seats = ctd_tournament_get_chouette (cli->store, round, number, &error)) == NULL ||
      !ctd_tournament_settle (cli->store, round, number, &settlement, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  stake = ctd_money_to_string (settlement.stake);
  /* The JSON's amounts are for machines: "." whatever the locale. */
  stake_ascii = ctd_money_to_ascii (settlement.stake);

  if (!cli->json)
    /* Translators: the chouette, then the stake */
    printf (_("Chouette %s at %s a point:\n"), cli->argv[0], stake);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, cli->argv[0]);
  json_builder_set_member_name (builder, "stake");
  json_builder_add_string_value (builder, stake_ascii);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint k = 0; k < settlement.n_players; k++)
    {
      g_autofree char *score = ctd_halves_to_string (settlement.scores[k], TRUE);
      g_autofree char *amount = ctd_money_to_string (settlement.amounts[k]);
      g_autofree char *amount_ascii = ctd_money_to_ascii (settlement.amounts[k]);

      if (!cli->json)
        {
          g_autofree char *name = ctd_cli_pad (seats->names[k], 24, FALSE);
          printf ("  %u %s %8s  %10s\n", k + 1, name, score, amount);
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "number");
      json_builder_add_int_value (builder, k + 1);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, seats->names[k]);
      ctd_cli_add_score (builder, "score", settlement.scores[k]);
      json_builder_set_member_name (builder, "amount");
      json_builder_add_string_value (builder, amount_ascii);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "payments");
  json_builder_begin_array (builder);
  if (!cli->json)
    printf ("%s", settlement.n_transfers ? _("Payments:\n") : _("Nobody owes anything.\n"));
  for (guint i = 0; i < settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &settlement.transfers[i];
      g_autofree char *amount = ctd_money_to_string (t->amount);
      g_autofree char *amount_ascii = ctd_money_to_ascii (t->amount);

      if (!cli->json)
        /* Translators: who pays, to whom, how much */
        printf (_("  %s pays %s %s\n"), seats->names[t->from - 1], seats->names[t->to - 1],
                amount);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "from");
      json_builder_add_int_value (builder, t->from);
      json_builder_set_member_name (builder, "to");
      json_builder_add_int_value (builder, t->to);
      ctd_cli_add_score (builder, "points", t->points);
      json_builder_set_member_name (builder, "amount");
      json_builder_add_string_value (builder, amount_ascii);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}
