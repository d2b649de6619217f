/* ctd-cli-common.c: what every chouette-td-cli command shares.
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

/**
 * ctd_cli_refused:
 * @error: (transfer full): why the action was refused
 *
 * Prints the one line a director reads and returns the "refused" status.
 */
int
ctd_cli_refused (GError *error)
{
  /* One line, whatever a name or path in it holds. */
  g_autofree char *message = ctd_printable (error->message);

  fprintf (stderr, "chouette-td-cli: %s\n", message);
  g_error_free (error);
  return CTD_CLI_REFUSED;
}

/**
 * ctd_cli_refused_confirm:
 * @error: (transfer full): why the action was refused
 * @option: how this command confirms, e.g. "--replace"
 *
 * Like ctd_cli_refused(); when the store asks for a confirmation, the
 * line ends with the option that gives it on this command.
 */
int
ctd_cli_refused_confirm (GError     *error,
                         const char *option)
{
  if (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM))
    {
      g_autofree char *message = ctd_printable (error->message);

      fprintf (stderr, "chouette-td-cli: %s (%s)\n", message, option);
      g_error_free (error);
      return CTD_CLI_REFUSED;
    }
  return ctd_cli_refused (error);
}

/* The words in capitals that stand for what a director types in a
 * command's synopsis ("record CHOUETTE GAME 'NOTATION'"), each translated
 * once, so that every synopsis, --help's and a usage error's alike,
 * calls one thing by one name in a language. Single letters (N, K, W)
 * and formats (YYYY-MM-DD) are left as they are. */
static const struct
{
  const char *word;
  const char *translated;
} placeholders[] = {
  /* Translators: a placeholder in the CLI's synopses, for what the
   * director types: write it in capitals, without spaces; each is
   * translated once here and put in every synopsis. */
  { "NAME", NC_("placeholder", "NAME") },
  /* Translators: a placeholder in the CLI's synopses: an event file */
  { "FILE", NC_("placeholder", "FILE") },
  { "COMMAND", NC_("placeholder", "COMMAND") },
  /* Translators: a placeholder in the CLI's synopses: the command's arguments */
  { "ARGS", NC_("placeholder", "ARGS") },
  { "CHOUETTE", NC_("placeholder", "CHOUETTE") },
  /* Translators: a placeholder in the CLI's synopses: a round's number,
   * as in "ROUND.N" (chouette N of that round) */
  { "ROUND", NC_("placeholder", "ROUND") },
  /* Translators: a placeholder in the CLI's synopses: a game's number */
  { "GAME", NC_("placeholder", "GAME") },
  /* Translators: a placeholder in the CLI's synopses: a game's result line */
  { "NOTATION", NC_("placeholder", "NOTATION") },
  /* Translators: a placeholder in the CLI's synopses: a player's total
   * on the paper sheet */
  { "TOTAL", NC_("placeholder", "TOTAL") },
  /* Translators: a placeholder in the CLI's synopses: an order of seats */
  { "ORDER", NC_("placeholder", "ORDER") },
  { "PLAYER", NC_("placeholder", "PLAYER") },
  /* Translators: a placeholder in the CLI's synopses: a player's number
   * in player list, written after # */
  { "NUMBER", NC_("placeholder", "NUMBER") },
  /* Translators: a placeholder in the CLI's synopses: the file written,
   * before its extension ("OUT.pdf") */
  { "OUT", NC_("placeholder", "OUT") },
  /* Translators: a placeholder in the CLI's synopses: a folder */
  { "DIR", NC_("placeholder", "DIR") },
  /* Translators: a placeholder in the CLI's synopses: a computer's
   * address on the network, in "http://ADDRESS:PORT" */
  { "ADDRESS", NC_("placeholder", "ADDRESS") },
  { "PORT", NC_("placeholder", "PORT") },
  { "URL", NC_("placeholder", "URL") },
  /* Translators: a placeholder in the CLI's synopses: the secret part
   * of a table's link, "/t/SECRET" */
  { "SECRET", NC_("placeholder", "SECRET") },
  /* Translators: a placeholder in the CLI's synopses: words the table reads */
  { "TEXT", NC_("placeholder", "TEXT") },
  /* Translators: a placeholder in the CLI's synopses: a language's code */
  { "CODE", NC_("placeholder", "CODE") },
};

/**
 * ctd_cli_synopsis:
 * @synopsis: a synopsis or an explanation of one, in the current
 *   language, with its placeholders as the program writes them
 *   ("export OUT.pdf --round N")
 *
 * @synopsis with each placeholder word (a whole word in capitals from
 * the table above) in the current language: "export SORTIE.pdf --round
 * N" in French. A word that is already translated is no placeholder and
 * stays, so this may be applied twice.
 *
 * Returns: (transfer full): the synopsis as the director reads it
 */
char *
ctd_cli_synopsis (const char *synopsis)
{
  GString *text = g_string_sized_new (strlen (synopsis));
  const char *p = synopsis;

  while (*p != '\0')
    {
      const char *end = p;
      gboolean found = FALSE;

      if (!g_ascii_isupper (*p) || (p > synopsis && g_ascii_isalnum (p[-1])))
        {
          g_string_append_c (text, *p++);
          continue;
        }
      while (g_ascii_isupper (*end))
        end++;
      if (!g_ascii_isalnum (*end))
        for (gsize i = 0; i < G_N_ELEMENTS (placeholders) && !found; i++)
          if (strlen (placeholders[i].word) == (gsize) (end - p) &&
              strncmp (p, placeholders[i].word, (gsize) (end - p)) == 0)
            {
              g_string_append (text, g_dpgettext2 (NULL, "placeholder",
                                                   placeholders[i].translated));
              found = TRUE;
            }
      if (!found)
        g_string_append_len (text, p, end - p);
      p = end;
    }
  return g_string_free (text, FALSE);
}

int
ctd_cli_usage (const char *format,
               ...)
{
  g_autofree char *message = NULL;
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* The arguments it echoes stay on the one line. */
  printable = ctd_printable (message);
  fprintf (stderr, "chouette-td-cli: %s\n", printable);
  return CTD_CLI_USAGE;
}

/* Puts back the word a "\x01N" placeholder stands for. */
static void
restore_quoted (char      **word,
                GPtrArray  *quoted)
{
  guint64 index;

  if (*word == NULL || (*word)[0] != '\x01')
    return;
  index = g_ascii_strtoull (*word + 1, NULL, 10);
  g_free (*word);
  *word = g_strdup (index < quoted->len ? g_ptr_array_index (quoted, index) : "");
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
  g_autoptr(GPtrArray) quoted = g_ptr_array_new ();
  g_autofree char *synopsis = ctd_cli_synopsis (usage);
  /* GOption wants a program name first and frees nothing it was given. */
  char **strv = g_new0 (char *, cli->argc + 2);
  int n = 1;

  /* "--" makes the next word a name even if it starts with "-" (and
   * only that word: options after the name are still options). GOption
   * would take everything after "--" as names, so the word goes in as a
   * placeholder GOption leaves alone, and comes back after parsing. */
  strv[0] = g_strdup ("chouette-td-cli");
  for (int i = 0; i < cli->argc; i++)
    {
      if (g_str_equal (cli->argv[i], "--") && i + 1 < cli->argc)
        {
          strv[n++] = g_strdup_printf ("\x01%u", quoted->len);
          g_ptr_array_add (quoted, cli->argv[++i]);
        }
      else if (!g_str_equal (cli->argv[i], "--"))
        strv[n++] = g_strdup (cli->argv[i]);
    }

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse_strv (context, &strv, &error))
    {
      /* Translators: what GLib found wrong in the options, then the usage */
      *out_status = ctd_cli_usage (_("%s (usage: %s)"), error->message, synopsis);
      g_strfreev (strv);
      return FALSE;
    }
  for (guint i = 1; strv[i] != NULL; i++)
    restore_quoted (&strv[i], quoted);
  /* "--club -- -Riga": the quoted word was an option's value. */
  for (GOptionEntry *entry = entries; entry->long_name != NULL; entry++)
    if (entry->arg == G_OPTION_ARG_STRING && entry->arg_data != NULL)
      restore_quoted (entry->arg_data, quoted);

  n = (int) g_strv_length (strv) - 1;
  if (n < min_args || (max_args >= 0 && n > max_args))
    {
      *out_status = ctd_cli_usage (n < min_args ? _("missing arguments (usage: %s)")
                                                : _("too many arguments (usage: %s)"),
                                   synopsis);
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

/* {"1": score, "2": score, ...} */
void
ctd_cli_add_scores (JsonBuilder     *builder,
                    const char      *member,
                    guint            size,
                    const CtdHalves *scores)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  for (guint p = 0; p < size; p++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "%u", p + 1);
      ctd_cli_add_score (builder, key, scores[p]);
    }
  json_builder_end_object (builder);
}

/* "1 Ann -3, 2 Bob +1, ...": each player's seat, name and score, so
 * that no seat number reads as a game's ("1: +3, 2: -1" did). */
char *
ctd_cli_scores_text (const CtdChouette *chouette,
                     const CtdHalves   *scores)
{
  GString *text = g_string_new (NULL);

  for (guint p = 0; p < ctd_chouette_get_size (chouette); p++)
    {
      g_autofree char *score = ctd_halves_to_string (scores[p], TRUE);

      if (p > 0)
        /* Translators: between two players' scores, "1 Ann -3, 2 Bob +1" */
        g_string_append (text, _(", "));
      /* Translators: a player's seat, name and score in the game, "2 Bob +1" */
      g_string_append_printf (text, _("%u %s %s"), p + 1, ctd_chouette_get_name (chouette, p + 1),
                              score);
    }
  return g_string_free (text, FALSE);
}

/* Parses the CHOUETTE argument and loads its seats and games. */
gboolean
ctd_cli_load_chouette (CtdCli            *cli,
                       const char        *label,
                       guint             *out_round,
                       guint             *out_number,
                       CtdStoreChouette **out_seats,
                       CtdChouette      **out_chouette,
                       GError           **error)
{
  if (!ctd_tournament_parse_label (label, out_round, out_number, error))
    return FALSE;
  *out_seats = ctd_tournament_get_chouette (cli->store, *out_round, *out_number, error);
  if (*out_seats == NULL)
    return FALSE;
  *out_chouette = ctd_store_load_chouette (cli->store, *out_round, *out_number, error);
  if (*out_chouette == NULL)
    {
      g_clear_pointer (out_seats, ctd_store_chouette_free);
      return FALSE;
    }
  return TRUE;
}

/* Names compare as the store compares them: NFKC, trimmed, case-folded. */
static char *
fold (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text != NULL ? text : "", -1, G_NORMALIZE_NFKC);
  g_autofree char *stripped = g_strstrip (g_strdup (normal));

  return g_utf8_casefold (stripped, -1);
}

/* "#7 Ann (Riga, ID LV-7)": a candidate as the director tells it apart. */
static void
append_candidate (GString              *text,
                  const CtdStorePlayer *player)
{
  g_string_append_printf (text, "#%" G_GINT64_FORMAT " %s", player->id, player->name);
  if (player->club != NULL && player->member_id != NULL)
    /* Translators: a player's club and player ID, after the name */
    g_string_append_printf (text, _(" (%s, ID %s)"), player->club, player->member_id);
  else if (player->club != NULL)
    g_string_append_printf (text, " (%s)", player->club);
  else if (player->member_id != NULL)
    /* Translators: a player's player ID, after the name */
    g_string_append_printf (text, _(" (ID %s)"), player->member_id);
  if (player->withdrawn)
    g_string_append (text, _(", withdrawn"));
}

/**
 * ctd_cli_find_player_among:
 * @cli: the command line
 * @name_or_id: "#12" (the player's number in `player list`), a name
 *   (any case) or a player ID
 * @withdrawn_first: look among the withdrawn players first (to reinstate
 *   one), else among the active ones first
 * @out_player: (out) (transfer full): the player
 * @error: return location for a #GError
 *
 * Finds one player. A name two players share (their club or ID tells
 * them apart) is refused, listing the candidates with their numbers.
 *
 * Returns: whether exactly one player matched
 */
gboolean
ctd_cli_find_player_among (CtdCli          *cli,
                           const char      *name_or_id,
                           gboolean         withdrawn_first,
                           CtdStorePlayer **out_player,
                           GError         **error)
{
  g_autoptr(GPtrArray) players = ctd_store_list_players (cli->store, error);
  g_autofree char *wanted = fold (name_or_id);
  g_autoptr(GString) candidates = g_string_new (NULL);
  guint64 number;

  if (players == NULL)
    return FALSE;
  if (name_or_id[0] == '#' &&
      g_ascii_string_to_unsigned (name_or_id + 1, 10, 1, G_MAXINT64, &number, NULL))
    {
      for (guint i = 0; i < players->len; i++)
        if (((CtdStorePlayer *) g_ptr_array_index (players, i))->id == (gint64) number)
          {
            *out_player = g_ptr_array_steal_index (players, i);
            return TRUE;
          }
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   /* Translators: "player list" is the command: keep it */
                   _("There is no player %s (see: player list)"), name_or_id);
      return FALSE;
    }

  /* The first group with a match decides: active players, then the
   * withdrawn (or the other way round). */
  for (guint pass = 0; pass < 2; pass++)
    {
      gboolean withdrawn = withdrawn_first ? pass == 0 : pass == 1;
      gint found = -1;
      guint n_found = 0;

      for (guint i = 0; i < players->len; i++)
        {
          CtdStorePlayer *player = g_ptr_array_index (players, i);
          g_autofree char *name = fold (player->name);
          g_autofree char *member = fold (player->member_id);

          if (player->withdrawn != withdrawn ||
              (strcmp (name, wanted) != 0 &&
               (player->member_id == NULL || strcmp (member, wanted) != 0)))
            continue;
          if (n_found++ > 0)
            g_string_append (candidates, ", ");
          append_candidate (candidates, player);
          found = (gint) i;
        }
      if (n_found == 1)
        {
          *out_player = g_ptr_array_steal_index (players, (guint) found);
          return TRUE;
        }
      if (n_found > 1)
        {
          g_autofree char *example =
            g_strdup_printf ("#%" G_GINT64_FORMAT,
                             ((CtdStorePlayer *) g_ptr_array_index (players, (guint) found))->id);

          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                       /* Translators: the name, how many players have it, the
                        * list of them, and one of their numbers ("#7") */
                       ngettext ("“%s” is %u player: %s; say which by number, e.g. %s",
                                 "“%s” is %u players: %s; say which by number, e.g. %s",
                                 n_found),
                       name_or_id, n_found, candidates->str, example);
          return FALSE;
        }
    }
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
               _("No player is called “%s” or has that player ID (see: player list)"),
               name_or_id);
  return FALSE;
}

/**
 * ctd_cli_find_player:
 * @cli: the command line
 * @name_or_id: "#12", a player's name (any case) or player ID
 * @out_player: (out) (transfer full): the player
 * @error: return location for a #GError
 *
 * ctd_cli_find_player_among() among the active players first: a
 * withdrawn player is found only when no active one matches. An
 * ambiguous name is refused with the candidates and their numbers.
 *
 * Returns: whether exactly one player matched
 */
gboolean
ctd_cli_find_player (CtdCli          *cli,
                     const char      *name_or_id,
                     CtdStorePlayer **out_player,
                     GError         **error)
{
  return ctd_cli_find_player_among (cli, name_or_id, FALSE, out_player, error);
}

/**
 * ctd_cli_text_width:
 * @text: UTF-8 text
 *
 * The columns @text takes on a terminal: East Asian wide characters
 * take two, combining marks none, everything else one, so that "Zoë",
 * "Zoe\u0308" and "日本" line up with ASCII names.
 *
 * Returns: the width in columns
 */
int
ctd_cli_text_width (const char *text)
{
  int width = 0;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

/**
 * ctd_cli_pad:
 * @text: UTF-8 text
 * @width: the column's width
 * @right: whether to align right (numbers) rather than left (names)
 *
 * @text padded with spaces to @width columns by ctd_cli_text_width(),
 * what printf's "%-24s" does for bytes; longer text is not cut.
 *
 * Returns: (transfer full): the padded text
 */
char *
ctd_cli_pad (const char *text,
             int         width,
             gboolean    right)
{
  int missing = width - ctd_cli_text_width (text);
  g_autofree char *spaces = g_strnfill (missing > 0 ? (gsize) missing : 0, ' ');

  return right ? g_strconcat (spaces, text, NULL) : g_strconcat (text, spaces, NULL);
}

gboolean
ctd_cli_parse_money (const char  *text,
                     gboolean     entry_fee,
                     gint64      *out_cents,
                     GError     **error)
{
  if (!ctd_money_parse (text, out_cents) || *out_cents < 0)
    {
      g_autofree char *message = ctd_money_describe_bad_amount (entry_fee, text);

      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, message);
      return FALSE;
    }
  return TRUE;
}

/**
 * ctd_cli_add_nullable_string:
 * @builder: a JSON object being built
 * @member: the member's name
 * @value: (nullable): its value; %NULL writes null
 */
void
ctd_cli_add_nullable_string (JsonBuilder *builder,
                             const char  *member,
                             const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}
