/* ctd-cli-pending.c: the lines tables sent from their links, waiting
 * for the director: listed, accepted, rejected.
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
#include "ctd-store.h"

static gboolean
waits (const CtdStoreSubmission *submission)
{
  return submission->state == CTD_SUBMISSION_PENDING ||
         submission->state == CTD_SUBMISSION_DISAGREES;
}

static const char *
seat_name (const CtdChouette *chouette,
           guint              seat)
{
  return seat >= 1 && seat <= ctd_chouette_get_size (chouette)
         ? ctd_chouette_get_name (chouette, seat) : "?";
}

/* Where the confirmed line came from: the confirming phone's address. */
static const char *
address_of (const CtdStoreSubmission *submission)
{
  return submission->confirm_address != NULL ? submission->confirm_address
                                             : submission->address;
}

/* What recording @submission would do now, as `record` would: the
 * chouette after it (NULL with @out_why when the desk would refuse it,
 * e.g. game 10 before games 1-9 are in) and, for a line that replaces
 * the desk's, the sentences saying what changes. */
typedef struct
{
  CtdChouette *after;
  char        *why;
  GStrv        changes;
} Preview;

static void
preview_clear (Preview *preview)
{
  g_clear_pointer (&preview->after, ctd_chouette_free);
  g_clear_pointer (&preview->why, g_free);
  g_clear_pointer (&preview->changes, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Preview, preview_clear)

static gboolean
preview_submission (CtdCli                   *cli,
                    const CtdStoreSubmission *submission,
                    const CtdChouette        *desk,
                    Preview                  *out_preview,
                    GError                  **error)
{
  g_autoptr(GError) refused = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };

  out_preview->after = ctd_chouette_copy (desk);
  if (!ctd_chouette_record (out_preview->after, submission->game, submission->line, &refused))
    {
      g_clear_pointer (&out_preview->after, ctd_chouette_free);
      out_preview->why = g_strdup (refused->message);
      return TRUE;
    }
  if (submission->state != CTD_SUBMISSION_DISAGREES)
    return TRUE;
  if (!ctd_store_get_crosscheck (cli->store, submission->round, submission->chouette, paper,
                                 given, error))
    return FALSE;
  out_preview->changes = ctd_chouette_change_describe (desk, out_preview->after,
                                                       submission->game, paper, given);
  return TRUE;
}

static void
add_seat_json (JsonBuilder       *builder,
               const char        *member,
               const CtdChouette *chouette,
               guint              seat)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "player");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, seat_name (chouette, seat));
  json_builder_end_object (builder);
}

static void
add_submission_json (JsonBuilder              *builder,
                     const CtdStoreSubmission *submission,
                     const CtdChouette        *desk,
                     const Preview            *preview)
{
  g_autofree char *label = g_strdup_printf ("%u.%u", submission->round, submission->chouette);
  CtdChouetteGame view;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, label);
  json_builder_set_member_name (builder, "game");
  json_builder_add_int_value (builder, submission->game);
  json_builder_set_member_name (builder, "line");
  json_builder_add_string_value (builder, submission->line);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, submission->state == CTD_SUBMISSION_DISAGREES
                                          ? "disagrees" : "pending");
  json_builder_set_member_name (builder, "recorded");
  if (submission->recorded != NULL)
    json_builder_add_string_value (builder, submission->recorded);
  else
    json_builder_add_null_value (builder);
  /* What each player would win or lose: what `record` would give. */
  if (preview->after != NULL)
    {
      ctd_chouette_get_game (preview->after, submission->game, &view);
      ctd_cli_add_scores (builder, "deltas", ctd_chouette_get_size (desk), view.deltas);
    }
  else
    {
      json_builder_set_member_name (builder, "deltas");
      json_builder_add_null_value (builder);
    }
  /* Why the desk cannot take it now, or null. */
  json_builder_set_member_name (builder, "refused");
  if (preview->why != NULL)
    json_builder_add_string_value (builder, preview->why);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "changes");
  if (preview->changes != NULL)
    {
      json_builder_begin_array (builder);
      for (guint i = 0; preview->changes[i] != NULL; i++)
        json_builder_add_string_value (builder, preview->changes[i]);
      json_builder_end_array (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "confirmed");
  json_builder_add_string_value (builder, submission->answered != NULL ? submission->answered
                                                                       : submission->sent);
  json_builder_set_member_name (builder, "address");
  json_builder_add_string_value (builder, address_of (submission));
  json_builder_set_member_name (builder, "entered_from");
  json_builder_add_string_value (builder, submission->address);
  /* One phone entered and confirmed it (with a seat code). */
  json_builder_set_member_name (builder, "one_device");
  json_builder_add_boolean_value (builder, submission->one_device);
  add_seat_json (builder, "entered_by", desk, submission->entered_by);
  add_seat_json (builder, "confirmed_by", desk, submission->confirmed_by);
  /* Each seat's player, as "deltas" numbers them. */
  json_builder_set_member_name (builder, "players");
  json_builder_begin_object (builder);
  for (guint p = 1; p <= ctd_chouette_get_size (desk); p++)
    {
      g_autofree char *seat = g_strdup_printf ("%u", p);

      json_builder_set_member_name (builder, seat);
      json_builder_add_string_value (builder, seat_name (desk, p));
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

static void
print_submission (const CtdStoreSubmission *submission,
                  const CtdChouette        *desk,
                  const Preview            *preview)
{
  /* Translators: the chouette ("1.3"), the game's number, then its line */
  printf (_("%u.%u game %u: %s"), submission->round, submission->chouette, submission->game,
          submission->line);
  if (submission->state == CTD_SUBMISSION_DISAGREES)
    /* Translators: the line the desk recorded for the game */
    printf (_("  (disagrees with the desk's %s: accept --replace takes the table's)"),
            submission->recorded);
  printf ("\n");
  /* Translators: who entered the line and from which address, who
   * confirmed it, from which address and when */
  printf (_("  entered by %s from %s; confirmed by %s from %s, %s\n"),
          seat_name (desk, submission->entered_by), submission->address,
          seat_name (desk, submission->confirmed_by), address_of (submission),
          submission->answered != NULL ? submission->answered : submission->sent);
  if (submission->one_device)
    printf ("  %s\n", _("One phone entered and confirmed it, with a seat code: check it "
                         "before you accept"));
  if (preview->after != NULL)
    {
      g_autofree char *deltas = NULL;
      CtdChouetteGame view;

      ctd_chouette_get_game (preview->after, submission->game, &view);
      deltas = ctd_cli_scores_text (desk, view.deltas);
      /* Translators: what each player would win or lose in the game,
       * "1 Ann -3, 2 Bob +1, ..." */
      printf (_("  the line gives: %s\n"), deltas);
    }
  else
    printf (_("  The desk cannot record it now: %s\n"), preview->why);
  for (guint i = 0; preview->changes != NULL && preview->changes[i] != NULL; i++)
    printf ("  %s\n", preview->changes[i]);
}

int
ctd_cli_pending (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(CtdChouette) desk = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  GOptionEntry entries[] = { { NULL } };
  guint loaded_round = 0, loaded_chouette = 0, shown = 0;
  int status;

  if (!ctd_cli_parse_options (cli, "pending", entries, 0, 0, &status))
    return status;
  if ((list = ctd_store_list_submissions (cli->store, 0, 0, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));

  json_builder_begin_array (builder);
  for (guint i = 0; i < list->len; i++)
    {
      const CtdStoreSubmission *submission = g_ptr_array_index (list, i);
      g_auto(Preview) preview = { NULL, };

      if (!waits (submission))
        continue;
      /* In round and chouette order: one chouette loaded at a time. */
      if (desk == NULL || submission->round != loaded_round ||
          submission->chouette != loaded_chouette)
        {
          g_clear_pointer (&desk, ctd_chouette_free);
          desk = ctd_store_load_chouette (cli->store, submission->round, submission->chouette,
                                          &error);
          if (desk == NULL)
            return ctd_cli_refused (g_steal_pointer (&error));
          loaded_round = submission->round;
          loaded_chouette = submission->chouette;
        }
      if (!preview_submission (cli, submission, desk, &preview, &error))
        return ctd_cli_refused (g_steal_pointer (&error));
      if (cli->json)
        add_submission_json (builder, submission, desk, &preview);
      else
        print_submission (submission, desk, &preview);
      shown++;
    }
  json_builder_end_array (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  else if (shown == 0)
    printf (_("No line from the tables waits for the director.\n"));
  return CTD_CLI_OK;
}

/* The newest line of game GAME of CHOUETTE that waits for the director,
 * from `accept`'s or `reject`'s two arguments. */
static CtdStoreSubmission *
find_waiting (CtdCli      *cli,
              const char  *label,
              const char  *game_text,
              const char  *usage,
              int         *out_status)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  guint round, number;
  guint64 game;

  if (!g_ascii_string_to_unsigned (game_text, 10, 0, G_MAXUINT, &game, NULL))
    {
      *out_status = ctd_cli_usage (_("“%s” is not a game number (usage: %s)"), game_text,
                                   usage);
      return NULL;
    }
  if (game < 1 || game > CTD_N_GAMES)
    {
      *out_status = ctd_cli_refused (g_error_new (CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                                                  _("There is no game %s: a chouette has games "
                                                    "1 to %d"), game_text, CTD_N_GAMES));
      return NULL;
    }
  if (!ctd_tournament_parse_label (label, &round, &number, &error) ||
      (list = ctd_store_list_submissions (cli->store, round, number, &error)) == NULL)
    {
      *out_status = ctd_cli_refused (g_steal_pointer (&error));
      return NULL;
    }
  for (guint i = 0; i < list->len; i++)
    {
      CtdStoreSubmission *submission = g_ptr_array_index (list, i);

      if (submission->game == game && waits (submission))
        return g_ptr_array_steal_index (list, i);
    }
  *out_status = ctd_cli_refused (g_error_new (CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                                              _("Chouette %u.%u game %s: no line from the "
                                                "table waits for the director"), round,
                                              number, game_text));
  return NULL;
}

/* `accept --all`: every confirmed line whose game has no result, in one
 * action (ctd_store_accept_submissions()); what is left, and why. */
static int
accept_all (CtdCli *cli,
            guint   round)
{
  g_autoptr(GError) error = NULL;
  CtdAcceptTally tally;

  if (!ctd_store_accept_submissions (cli->store, round, &tally, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "accepted");
      json_builder_add_int_value (builder, tally.accepted);
      json_builder_set_member_name (builder, "tables");
      json_builder_add_int_value (builder, tally.tables);
      json_builder_set_member_name (builder, "differ");
      json_builder_add_int_value (builder, tally.differ);
      json_builder_set_member_name (builder, "refused");
      json_builder_add_int_value (builder, tally.refused);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
      return CTD_CLI_OK;
    }
  if (tally.accepted == 0)
    printf (_("Nothing to accept at once: no confirmed line waits for a game without a "
              "result.\n"));
  else
    {
      /* Translators: how many tables the lines came from, "from 2 tables"
       * in "5 tables' lines accepted, from 2 tables." */
      g_autofree char *tables = g_strdup_printf (ngettext ("from %u table", "from %u tables",
                                                           tally.tables), tally.tables);

      /* Translators: how many lines, then "from 2 tables" */
      printf (ngettext ("%u table's line accepted, %s.\n", "%u tables' lines accepted, %s.\n",
                        tally.accepted), tally.accepted, tables);
    }
  if (tally.differ > 0)
    printf (ngettext ("%u line differs from the desk's and waits for you, one at a time: "
                      "pending shows it; accept --replace or reject decides it.\n",
                      "%u lines differ from the desk's and wait for you, one at a time: "
                      "pending shows them; accept --replace or reject decides each.\n",
                      tally.differ), tally.differ);
  if (tally.refused > 0)
    printf (ngettext ("%u line cannot be recorded yet and waits: pending says why.\n",
                      "%u lines cannot be recorded yet and wait: pending says why.\n",
                      tally.refused), tally.refused);
  return CTD_CLI_OK;
}

int
ctd_cli_accept (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(CtdChouette) before = NULL;
  g_auto(Preview) preview = { NULL, };
  g_autofree char *usage =
    ctd_cli_synopsis ("accept CHOUETTE GAME [--replace] | accept --all [--round N]");
  CtdHalves totals[CTD_MAX_PLAYERS];
  CtdChouetteGame view;
  gboolean replace = FALSE, all = FALSE;
  int round = 0;
  GOptionEntry entries[] = {
    { "replace", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { "all", 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    { "round", 0, 0, G_OPTION_ARG_INT, NULL, NULL, NULL },
    { NULL },
  };
  int status;

  entries[0].arg_data = &replace;
  entries[1].arg_data = &all;
  entries[2].arg_data = &round;
  if (!ctd_cli_parse_options (cli, usage, entries, 0, 2, &status))
    return status;
  if (all)
    {
      if (cli->argc != 0 || replace)
        return ctd_cli_usage (_("accept --all takes every line that conflicts with nothing, "
                                "so no chouette, game or --replace (usage: %s)"), usage);
      if (round < 0)
        return ctd_cli_usage (_("--round takes a round number (usage: %s)"), usage);
      return accept_all (cli, (guint) round);
    }
  if (round != 0)
    return ctd_cli_usage (_("--round goes with --all (usage: %s)"), usage);
  if (cli->argc != 2)
    return ctd_cli_usage (_("missing arguments (usage: %s)"), usage);
  if ((submission = find_waiting (cli, cli->argv[0], cli->argv[1], usage, &status)) == NULL)
    return status;
  /* What a replacement changed, said as `record --replace` says it. */
  if (submission->state == CTD_SUBMISSION_DISAGREES && replace &&
      ((before = ctd_store_load_chouette (cli->store, submission->round, submission->chouette,
                                          &error)) == NULL ||
       !preview_submission (cli, submission, before, &preview, &error)))
    return ctd_cli_refused (g_steal_pointer (&error));
  if (!ctd_store_accept_submission (cli->store, submission->id, replace, &error))
    return ctd_cli_refused_confirm (g_steal_pointer (&error), "--replace");
  chouette = ctd_store_load_chouette (cli->store, submission->round, submission->chouette,
                                      &error);
  if (chouette == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  ctd_chouette_get_game (chouette, submission->game, &view);
  ctd_chouette_get_totals (chouette, totals);

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autofree char *label = g_strdup_printf ("%u.%u", submission->round,
                                                submission->chouette);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, label);
      json_builder_set_member_name (builder, "game");
      json_builder_add_int_value (builder, submission->game);
      json_builder_set_member_name (builder, "result");
      json_builder_add_string_value (builder, submission->line);
      json_builder_set_member_name (builder, "replaced");
      if (submission->recorded != NULL)
        json_builder_add_string_value (builder, submission->recorded);
      else
        json_builder_add_null_value (builder);
      ctd_cli_add_scores (builder, "deltas", ctd_chouette_get_size (chouette), view.deltas);
      ctd_cli_add_scores (builder, "totals", ctd_chouette_get_size (chouette), totals);
      json_builder_set_member_name (builder, "address");
      json_builder_add_string_value (builder, address_of (submission));
      add_seat_json (builder, "entered_by", chouette, submission->entered_by);
      add_seat_json (builder, "confirmed_by", chouette, submission->confirmed_by);
      /* What the replacement changed, as record --replace says it, or null. */
      json_builder_set_member_name (builder, "changes");
      if (preview.changes != NULL)
        {
          json_builder_begin_array (builder);
          for (guint i = 0; preview.changes[i] != NULL; i++)
            json_builder_add_string_value (builder, preview.changes[i]);
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

      printf (_("%u.%u game %u: %s"), submission->round, submission->chouette,
              submission->game, submission->line);
      if (submission->recorded != NULL)
        /* Translators: the line the game held before */
        printf (_("  (replaced %s)"), submission->recorded);
      /* Translators: the players who entered and confirmed the line,
       * each with their phone's address */
      printf (_("  from the table: entered by %s (%s), confirmed by %s (%s)\n"),
              seat_name (chouette, submission->entered_by), submission->address,
              seat_name (chouette, submission->confirmed_by), address_of (submission));
      /* Translators: what each player wins or loses in the game, then
       * their running totals, each "1 Ann -3, 2 Bob +1, ..." */
      printf (_("  the game gives: %s\n  totals after it: %s\n"), deltas, running);
      for (guint i = 0; preview.changes != NULL && preview.changes[i] != NULL; i++)
        printf ("%s\n", preview.changes[i]);
    }
  return CTD_CLI_OK;
}

int
ctd_cli_reject (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *usage = ctd_cli_synopsis ("reject CHOUETTE GAME --reason TEXT");
  GOptionEntry entries[] = {
    { "reason", 0, 0, G_OPTION_ARG_STRING, NULL, NULL, NULL },
    { NULL },
  };
  int status;

  entries[0].arg_data = &reason;
  if (!ctd_cli_parse_options (cli, usage, entries, 2, 2, &status))
    return status;
  if (reason == NULL)
    return ctd_cli_usage (_("reject needs --reason, which the table reads (usage: %s)"),
                          usage);
  if ((submission = find_waiting (cli, cli->argv[0], cli->argv[1], usage, &status)) == NULL)
    return status;
  if (!ctd_store_reject_submission (cli->store, submission->id, reason, &error))
    return ctd_cli_refused (g_steal_pointer (&error));

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autofree char *label = g_strdup_printf ("%u.%u", submission->round,
                                                submission->chouette);
      g_autofree char *trimmed = g_strstrip (g_strdup (reason));

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "chouette");
      json_builder_add_string_value (builder, label);
      json_builder_set_member_name (builder, "game");
      json_builder_add_int_value (builder, submission->game);
      json_builder_set_member_name (builder, "line");
      json_builder_add_string_value (builder, submission->line);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, trimmed);
      json_builder_end_object (builder);
      ctd_cli_print_json (builder);
    }
  else
    /* Translators: the chouette ("1.3"), the game's number, the line */
    printf (_("%u.%u game %u: the table's %s is sent back; the table may enter the game "
              "again\n"),
            submission->round, submission->chouette, submission->game, submission->line);
  return CTD_CLI_OK;
}
