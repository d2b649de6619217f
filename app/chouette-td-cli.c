/* chouette-td-cli.c: the command-line companion.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "ctd-app-locale.h"
#include "ctd-cli.h"
#include "ctd-store.h"

/* How a command opens the event file. A command that only reads opens
 * it read-only: it never switches the file's journal (a file that came
 * in rollback mode stays byte for byte as it was) and cannot change it
 * by mistake. */
typedef enum
{
  WRITES,
  READS,
  CREATES,          /* init: the file must not exist */
  READS_BARE,       /* reads when given no arguments (settings shows them) */
  READS_LIST,       /* reads for its "list" subcommand (player list) */
  READS_UNLESS_REISSUE,  /* links: reads, unless --reissue replaces one */
  OPENS_DOCUMENT,   /* serve: opens the file itself, as a live document */
} Access;

static const struct
{
  const char    *name;
  CtdCliCommand  run;
  Access         access;
  const char    *summary;
} commands[] = {
  /* Translators: the commands' summaries in --help: keep the command
   * names and the options (--name) as they are, and the words in
   * capitals (NAME, CHOUETTE, ROUND.N) in English: each is translated
   * once, as a "placeholder", and put in every summary; the
   * explanations in brackets are yours */
  { "init", ctd_cli_init, CREATES,
    N_("init --name NAME [--date YYYY-MM-DD] [--venue V] [--stake N] "
       "[--entry-fee N] [--last-segment highest-first|lowest-first] "
       "[--paper a4|letter]") },
  { "settings", ctd_cli_settings, READS_BARE,
    N_("settings [--name NAME] [--date D] [--venue V] [--stake N] "
       "[--entry-fee N] [--last-segment ...] [--paper a4|letter]\n"
       "    [--table-auto-accept on|off] [--force]") },
  { "player", ctd_cli_player, READS_LIST,
    N_("player add NAME [--club C] [--id X] [--checked-in] | "
       "import FILE.csv [--checked-in] | list | "
       "checkin|checkout|reinstate PLAYER | withdraw PLAYER [--force] |\n"
       "    edit PLAYER [--name N] [--club C] [--id X] "
       "(--club \"\" or --id \"\" clears it)\n"
       "    (PLAYER: a name, a player ID or #NUMBER from player list;\n"
       "    -- NAME: a name that starts with -)") },
  { "draw", ctd_cli_draw, WRITES, N_("draw [--seed N]") },
  { "redraw", ctd_cli_redraw, WRITES, N_("redraw [--seed N]") },
  { "show", ctd_cli_show, READS, N_("show CHOUETTE") },
  { "record", ctd_cli_record, WRITES, N_("record CHOUETTE GAME 'NOTATION' [--replace]") },
  { "crosscheck", ctd_cli_crosscheck, WRITES,
    N_("crosscheck CHOUETTE 1=TOTAL 2=TOTAL ... (every player)") },
  { "fix-order", ctd_cli_fix_order, WRITES,
    N_("fix-order CHOUETTE [ORDER, e.g. 3,1,2] [--force]") },
  { "standings", ctd_cli_standings, READS, N_("standings [--round N] [--public]") },
  { "results", ctd_cli_results, READS, "results" },
  { "plan", ctd_cli_plan, READS, N_("plan [--players N]") },
  { "settle", ctd_cli_settle, READS, N_("settle CHOUETTE") },
  { "log", ctd_cli_log, READS, "log" },
  { "undo", ctd_cli_undo, WRITES, "undo" },
  { "redo", ctd_cli_redo, WRITES, "redo" },
  { "tiebreak", ctd_cli_tiebreak, WRITES,
    N_("tiebreak ROUND NAME NAME ... | tiebreak ROUND --roll "
       "[--seed N] [--top K] [--wildcards W]") },
  { "advance", ctd_cli_advance, WRITES, N_("advance [--top K] [--wildcards W]") },
  { "export", ctd_cli_export, READS,
    N_("export OUT.xlsx|OUT.pdf --chouette CHOUETTE|--round N|--all "
       "[--public] [--blank] [--templates DIR] [--links http://ADDRESS:PORT]\n"
       "    (OUT.html --round N|--all [--public]: the results to post, one web page)\n"
       "    (--round N --links ... --slips: the round's link slips, one per table)\n"
       "    export OUT.csv --round N|--all (the results for a club database, public)") },
  { "links", ctd_cli_links, READS_UNLESS_REISSUE,
    N_("links [--round N] [--base URL] | links --reissue CHOUETTE [--base URL]\n"
       "    (each chouette's private link /t/SECRET for its table's phones;\n"
       "    --base http://ADDRESS:PORT prints whole addresses)") },
  { "pending", ctd_cli_pending, READS,
    N_("pending   (the lines tables sent and confirmed from their links, waiting\n"
       "    for the director: each with what it gives and where it came from)") },
  { "accept", ctd_cli_accept, WRITES,
    N_("accept CHOUETTE GAME [--replace] | accept --all [--round N]\n"
       "    (records the table's waiting line as record would; --replace when the\n"
       "    game holds another line; --all: every line whose game has no result)") },
  { "reject", ctd_cli_reject, WRITES,
    N_("reject CHOUETTE GAME --reason TEXT   (sends the table's line back; the\n"
       "    table reads the reason and may enter the game again)") },
  { "serve", ctd_cli_serve, OPENS_DOCUMENT,
    N_("serve [--address A] [--port P]   (each table's page at its link, on\n"
       "    all the computer's addresses or A, port P (8080; 0: any free), until Ctrl+C)") },
  { "close", ctd_cli_close, WRITES,
    N_("close --archive DIR   (after the final: the event becomes "
       "read-only;\n    DIR gets the --all workbook and a copy of the "
       "event file)") },
};

/* Whether the command's arguments hold @option (as "--opt" or "--opt=V"). */
static gboolean
has_option (const CtdCli *cli,
            const char   *option)
{
  gsize length = strlen (option);

  for (int i = 0; i < cli->argc; i++)
    if (strncmp (cli->argv[i], option, length) == 0 &&
        (cli->argv[i][length] == '\0' || cli->argv[i][length] == '='))
      return TRUE;
  return FALSE;
}

static void
print_usage (FILE *out)
{
  /* Translators: keep the words in capitals in English, as in the
   * commands' summaries: each is put in as its "placeholder" */
  g_autofree char *head = ctd_cli_synopsis (_("Usage: chouette-td-cli [--json] FILE COMMAND "
                                              "[ARGS]\n\n"
                                              "FILE is an event file (*.chouette); CHOUETTE is "
                                              "ROUND.N, e.g. 1.3.\n"
                                              "Commands:\n"));

  fputs (head, out);
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *summary = ctd_cli_synopsis (_(commands[i].summary));

      fprintf (out, "  %s\n", summary);
    }
  fprintf (out, _("\nExit status: 0 done, 1 refused (nothing changed), 2 usage error,\n"
                  "3 crosscheck stored paper totals that disagree with the entered games.\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char **args = g_new0 (char *, argc + 1);
  CtdCli cli = { 0, };
  int n_args = 0;

  /* Messages in the director's language where a translation exists; the
   * JSON output and the exit statuses stay as scripts expect them;
   * run from the build tree or installed (ctd-app-locale.c). */
  ctd_app_locale_init ();

  /* --json may stand anywhere; everything else is positional up to the
   * command, whose own options its function parses. */
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        cli.json = TRUE;
      else if (strcmp (argv[i], "--help") == 0 && n_args < 2)
        {
          print_usage (stdout);
          return CTD_CLI_OK;
        }
      else if (strcmp (argv[i], "--version") == 0 && n_args == 0)
        {
          printf ("chouette-td-cli %s\n", PACKAGE_VERSION);
          return CTD_CLI_OK;
        }
      else
        args[n_args++] = argv[i];
    }
  if (n_args < 2)
    {
      print_usage (stderr);
      return CTD_CLI_USAGE;
    }

  cli.path = args[0];
  cli.argc = n_args - 2;
  cli.argv = args + 2;
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      int status;

      if (strcmp (args[1], commands[i].name) != 0)
        continue;
      /* init creates the file, serve opens it as a document; every
       * other command needs it to exist and opens its store. */
      if (commands[i].access != CREATES && commands[i].access != OPENS_DOCUMENT)
        {
          gboolean reads = commands[i].access == READS ||
                           (commands[i].access == READS_BARE && cli.argc == 0) ||
                           (commands[i].access == READS_LIST && cli.argc > 0 &&
                            strcmp (cli.argv[0], "list") == 0) ||
                          (commands[i].access == READS_UNLESS_REISSUE &&
                           !has_option (&cli, "--reissue"));

          store = reads ? ctd_store_open_read_only (cli.path, &error)
                        : ctd_store_open (cli.path, &error);
          if (store == NULL)
            return ctd_cli_refused (g_steal_pointer (&error));
          cli.store = store;
        }
      status = commands[i].run (&cli);
      g_strfreev (cli.parsed);
      return status;
    }
  return ctd_cli_usage (_("unknown command “%s”; see chouette-td-cli --help"), args[1]);
}
