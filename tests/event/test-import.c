/* test-import.c: player lists read from a spreadsheet's CSV.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ctd-import.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

/* What one row should read as; @skipped says only whether a reason is set. */
typedef struct
{
  guint       line;
  const char *name;
  const char *club;
  const char *member_id;
  gboolean    skipped;
} ExpectedRow;

typedef struct
{
  const char  *what;
  const char  *csv;
  guint        n_rows;
  ExpectedRow  rows[7];
} ParseCase;

static const ParseCase parse_cases[] = {
  { "plain rows, LF",
    "name,club,id\nAlice,Club A,101\nBob,Club B,102\n",
    2, { { 2, "Alice", "Club A", "101" }, { 3, "Bob", "Club B", "102" } } },
  { "no line break after the last row",
    "name\nAlice",
    1, { { 2, "Alice", NULL, NULL } } },
  { "header in any case and order",
    "Player ID,CLUB,Name\n7,Dublin,Alice\n8,Cork,Bob\n",
    2, { { 2, "Alice", "Dublin", "7" }, { 3, "Bob", "Cork", "8" } } },
  { "header names with spaces around them",
    " NAME , Club \nAlice,A\n",
    1, { { 2, "Alice", "A", NULL } } },
  { "other spellings of the columns",
    "member id,Player Name\nM-1,Alice\n",
    1, { { 2, "Alice", NULL, "M-1" } } },
  { "quoted commas and doubled quotes",
    "name,club\n\"Smith, John\",\"The \"\"Best\"\" Club\"\n\"\",Orphan\n",
    2, { { 2, "Smith, John", "The \"Best\" Club", NULL }, { 3, NULL, "Orphan", NULL, TRUE } } },
  /* A line break inside quotes is part of the field, and the rows after
   * it still report the line a text editor shows them on. */
  { "line breaks inside quotes",
    "name,club\n\"Multi\nLine\",X\nCarol,\"Two\nbreaks\nhere\"\nDan,Y\n",
    3, { { 2, "Multi\nLine", "X", NULL },
         { 4, "Carol", "Two\nbreaks\nhere", NULL },
         { 7, "Dan", "Y", NULL } } },
  { "CRLF line breaks",
    "name,club\r\nAlice,A\r\nBob,B\r\n",
    2, { { 2, "Alice", "A", NULL }, { 3, "Bob", "B", NULL } } },
  { "CRLF inside quotes",
    "name\r\n\"a\r\nb\"\r\nc\r\n",
    2, { { 2, "a\r\nb", NULL, NULL }, { 4, "c", NULL, NULL } } },
  { "UTF-8 byte-order mark",
    "\xef\xbb\xbfName,Club\r\nAlice,A\r\n",
    1, { { 2, "Alice", "A", NULL } } },
  { "blank lines skipped, before the header too",
    "\n\nname,club\n\nAlice,A\n   \n,\n \t , \nBob,B\n\n",
    2, { { 5, "Alice", "A", NULL }, { 9, "Bob", "B", NULL } } },
  { "leading and trailing spaces of a first-column name",
    "name\n  Alice  \n\tBob\t\n",
    2, { { 2, "Alice", NULL, NULL }, { 3, "Bob", NULL, NULL } } },
  /* Names are text, never formulas or markup (SPEC 8). */
  { "hostile and non-ASCII names kept as text",
    "name\n\"=HYPERLINK(\"\"x\"\")\"\n=1+1\n<b>bold</b>\n+1\n@x\nZoë\nŁukasz\n",
    7, { { 2, "=HYPERLINK(\"x\")" }, { 3, "=1+1" }, { 4, "<b>bold</b>" }, { 5, "+1" },
         { 6, "@x" }, { 7, "Zoë" }, { 8, "Łukasz" } } },
  { "a row without a name is kept, skipped, on its line",
    "name,club\nAlice,A\n,B\n   ,C\nDan,D\n",
    4, { { 2, "Alice", "A", NULL },
         { 3, NULL, "B", NULL, TRUE },
         { 4, NULL, "C", NULL, TRUE },
         { 5, "Dan", "D", NULL } } },
  { "extra columns ignored",
    "rating,name,notes,club,seat\n1500,Alice,\"x, y\",A,3\n",
    1, { { 2, "Alice", "A", NULL } } },
  { "short rows: missing columns are absent, not shifted",
    "name,id,club\nAlice,5\nBob\nCarol,,C\n",
    3, { { 2, "Alice", NULL, "5" }, { 3, "Bob", NULL, NULL }, { 4, "Carol", "C", NULL } } },
  { "a lone CR ends a row too",
    "name\rAlice\rBob\r",
    2, { { 2, "Alice", NULL, NULL }, { 3, "Bob", NULL, NULL } } },
  /* The separators spreadsheet programs write, told by the header. */
  { "semicolons (where the comma is the decimal mark)",
    "Name;Club;ID\nDupont, Jean;Lyon;F-1\n\"Ab;c\";\"x;y\";\n",
    2, { { 2, "Dupont, Jean", "Lyon", "F-1" }, { 3, "Ab;c", "x;y", NULL } } },
  { "tabs",
    "Player\tClub\r\nSmith, John\tA; B\r\nZoë\t\r\n",
    2, { { 2, "Smith, John", "A; B", NULL }, { 3, "Zoë", NULL, NULL } } },
  { "semicolons after a byte-order mark and blank lines",
    "\xef\xbb\xbf\n\nname;club\nAlice;A\n",
    1, { { 4, "Alice", "A", NULL } } },
  { "commas inside a quoted header field are not separators",
    "name;\"town, region, country\";\"notes, if, any\"\nAlice;Riga;x\n",
    1, { { 2, "Alice", NULL, NULL } } },
  { "one column: separators in the names are text",
    "name\nSmith; John\nDoe, Jane\n",
    2, { { 2, "Smith; John", NULL, NULL }, { 3, "Doe, Jane", NULL, NULL } } },
};

/* Every field is trimmed, wherever its column is; a field of spaces is
 * empty. */
static const ParseCase trim_cases[] = {
  { "padded club after the name",
    "name,club\nAlice,  Club A  \n",
    1, { { 2, "Alice", "Club A", NULL } } },
  { "padded name in the second column",
    "club,name\nA,  Alice  \n",
    1, { { 2, "Alice", "A", NULL } } },
  { "a club of only spaces is no club",
    "name,club,id\nAlice,   , 7 \n",
    1, { { 2, "Alice", NULL, "7" } } },
};

/* Returns what is wrong with @rows, or %NULL; the caller fails only after
 * freeing them, so a failing case leaks nothing under the sanitizers. */
static char *
check_rows (const ParseCase *c,
            GPtrArray       *rows)
{
  if (rows->len != c->n_rows)
    return g_strdup_printf ("%s: %u rows, expected %u", c->what, rows->len, c->n_rows);
  for (guint i = 0; i < c->n_rows; i++)
    {
      const CtdImportRow *row = g_ptr_array_index (rows, i);
      const ExpectedRow *want = &c->rows[i];

      if (row->line != want->line)
        return g_strdup_printf ("%s: row %u is on line %u, expected %u", c->what, i + 1,
                                row->line, want->line);
      if (g_strcmp0 (row->name, want->name) != 0 || g_strcmp0 (row->club, want->club) != 0 ||
          g_strcmp0 (row->member_id, want->member_id) != 0)
        return g_strdup_printf ("%s: row %u reads [%s] [%s] [%s], expected [%s] [%s] [%s]",
                                c->what, i + 1, row->name, row->club, row->member_id,
                                want->name, want->club, want->member_id);
      if ((row->skipped != NULL) != want->skipped)
        return g_strdup_printf ("%s: row %u skipped = %s", c->what, i + 1, row->skipped);
      /* The reason tells the director what to fix. */
      if (row->skipped != NULL && strstr (row->skipped, "name") == NULL)
        return g_strdup_printf ("%s: row %u skipped for “%s”", c->what, i + 1, row->skipped);
    }
  return NULL;
}

/* Fails the test with @problem, freeing it first: a failing case leaks
 * nothing under the sanitizers. */
static void
fail_owned (char *problem)
{
  char message[512];

  g_strlcpy (message, problem, sizeof message);
  g_free (problem);
  fail_msg ("%s", message);
}

static char *
parse_problem (const ParseCase *c)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = ctd_import_parse_csv (c->csv, strlen (c->csv), &error);

  if (rows == NULL)
    return g_strdup_printf ("%s: refused: %s", c->what, error->message);
  if (error != NULL)
    return g_strdup_printf ("%s: accepted, yet error set: %s", c->what, error->message);
  return check_rows (c, rows);
}

static void
run_parse_cases (const ParseCase *cases,
                 gsize            n_cases)
{
  for (gsize i = 0; i < n_cases; i++)
    {
      char *problem = parse_problem (&cases[i]);

      if (problem != NULL)
        fail_owned (problem);
    }
}

static void
test_parse (void **state)
{
  run_parse_cases (parse_cases, G_N_ELEMENTS (parse_cases));
}

/* Only the bytes given count: the same text cut short is read short. */
static void
test_length_is_respected (void **state)
{
  static const char csv[] = "name\nAlice\nBob\n";
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GError) error = NULL;

  rows = ctd_import_parse_csv (csv, strlen ("name\nAlice\n"), &error);
  assert_non_null (rows);
  assert_int_equal (rows->len, 1);
  assert_string_equal (((CtdImportRow *) g_ptr_array_index (rows, 0))->name, "Alice");

  none = ctd_import_parse_csv (NULL, 0, &error);
  assert_null (none);
  assert_true (g_error_matches (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_EMPTY));
}

static void
test_trim_every_field (void **state)
{
  run_parse_cases (trim_cases, G_N_ELEMENTS (trim_cases));
}

typedef struct
{
  const char *what;
  const char *csv;
  gsize       length;
  int         code;
  const char *message;
} RefuseCase;

#define CSV(s) s, sizeof (s) - 1

static const RefuseCase refuse_cases[] = {
  { "empty file", CSV (""), CTD_IMPORT_ERROR_EMPTY, "empty" },
  { "only blank lines", CSV ("\n\r\n   \n,,\n\t\n"), CTD_IMPORT_ERROR_EMPTY, "“name”" },
  { "only a byte-order mark", CSV ("\xef\xbb\xbf"), CTD_IMPORT_ERROR_EMPTY, "empty" },
  { "a header and no rows", CSV ("name,club\n\n ,\n"), CTD_IMPORT_ERROR_EMPTY,
    "no player rows" },
  { "Latin-1 on line 3", CSV ("name\nAlice\nZo\xeb\nBob\n"), CTD_IMPORT_ERROR_ENCODING,
    "Line 3 is not UTF-8" },
  { "invalid byte in the header", CSV ("na\xffme\nAlice\n"), CTD_IMPORT_ERROR_ENCODING,
    "Line 1 " },
  { "invalid byte after a quoted line break", CSV ("name\n\"A\nB\"\n\xc3\x28\n"),
    CTD_IMPORT_ERROR_ENCODING, "Line 4 " },
  { "a NUL byte", CSV ("name\nAl\0ice\n"), CTD_IMPORT_ERROR_ENCODING, "Line 2 " },
  { "no name column", CSV ("Surname,Club,Rating\nSmith,A,1500\n"), CTD_IMPORT_ERROR_COLUMNS,
    "The first row has no name column: it has “Surname”, “Club”, “Rating” (columns separated "
    "by commas); expected a column “name” (or “player”, “player name”) with the players' "
    "names, and optionally “club” and “id”" },
  { "no name column after blank lines", CSV ("\n\nid,club\n"), CTD_IMPORT_ERROR_COLUMNS,
    "“id”, “club”" },
  { "no name column, semicolons", CSV ("Nom;Club\nDupont;Lyon\n"), CTD_IMPORT_ERROR_COLUMNS,
    "it has “Nom”, “Club” (columns separated by semicolons)" },
  { "no name column, tabs", CSV ("Nom\tClub\nDupont\tLyon\n"), CTD_IMPORT_ERROR_COLUMNS,
    "(columns separated by tabs)" },
  { "one column that is not a name", CSV ("Surname\nSmith\n"), CTD_IMPORT_ERROR_COLUMNS,
    "it has “Surname” (one column, read with commas, semicolons or tabs between columns)" },
  { "unterminated quote", CSV ("name\nAlice\n\"Bob\nCarol\n"), CTD_IMPORT_ERROR_SYNTAX,
    "Line 3:" },
  { "unterminated quote after a quoted line break",
    CSV ("name,club\n\"A\nB\",X\nCarol,\"Y\n"), CTD_IMPORT_ERROR_SYNTAX, "Line 4:" },
  { "unterminated quote in the header", CSV ("\"name\nAlice\n"), CTD_IMPORT_ERROR_SYNTAX,
    "Line 1:" },
};

static char *
refusal_problem (const RefuseCase *c)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = ctd_import_parse_csv (c->csv, c->length, &error);

  if (rows != NULL)
    return g_strdup_printf ("%s: accepted with %u rows", c->what, rows->len);
  if (error == NULL)
    return g_strdup_printf ("%s: refused without an error", c->what);
  if (error->domain != CTD_IMPORT_ERROR || error->code != c->code)
    return g_strdup_printf ("%s: expected code %d, got %s %d: %s", c->what, c->code,
                            g_quark_to_string (error->domain), error->code, error->message);
  if (strstr (error->message, c->message) == NULL)
    return g_strdup_printf ("%s: message “%s” lacks “%s”", c->what, error->message,
                            c->message);
  return NULL;
}

static void
test_refusals (void **state)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refuse_cases); i++)
    {
      char *problem = refusal_problem (&refuse_cases[i]);

      if (problem != NULL)
        fail_owned (problem);
    }
}

/* A lone CR ends a line (old Mac spreadsheets save so), inside quotes
 * too: the line numbers of later rows and of a bad byte stay right. */
static const ParseCase lone_cr_case = {
  "CR line breaks, one inside quotes",
  "name\r\"a\rb\"\rc\r",
  2, { { 2, "a\rb", NULL, NULL }, { 4, "c", NULL, NULL } },
};
static const RefuseCase lone_cr_refusal = {
  "Latin-1 on line 3 of a CR-only file", CSV ("name\rAlice\rZo\xeb\r"),
  CTD_IMPORT_ERROR_ENCODING, "Line 3 ",
};

static void
test_lone_cr_line_numbers (void **state)
{
  char *parse = parse_problem (&lone_cr_case);
  char *refusal = refusal_problem (&lone_cr_refusal);
  char *both = NULL;

  if (parse != NULL || refusal != NULL)
    both = g_strdup_printf ("%s%s%s", parse ? parse : "", parse && refusal ? "; " : "",
                            refusal ? refusal : "");
  g_free (parse);
  g_free (refusal);
  if (both != NULL)
    fail_owned (both);
}

/* ------------------------------------------------------------------------ */
/* Importing into an event                                                   */

#define N_LARGE 2000

/* A list of N_LARGE players; @bad_line, if not 0, is the line that
 * @bad_row replaces. */
static GString *
large_list (guint       bad_line,
            const char *bad_row)
{
  GString *csv = g_string_new ("name,club,id\n");

  for (guint line = 2; line < N_LARGE + 2; line++)
    if (line == bad_line)
      g_string_append_printf (csv, "%s\n", bad_row);
    else
      g_string_append_printf (csv, "Player %04u,Club %u,M-%u\n", line - 1, line % 30, line);
  return csv;
}

static CtdStore *
new_event (const char *path)
{
  const CtdEventSettings settings = { (char *) "Import Open", (char *) "2026-11-22",
                                      (char *) "", 100, 2200, CTD_LAST_SEGMENT_HIGHEST_FIRST };
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_create (path, &settings, &error);

  assert_null (error);
  assert_non_null (store);
  return store;
}

/* A large list is one action: every player registered, one audit entry
 * that one undo takes back. */
static void
test_large_import_is_one_entry (void **state)
{
  CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = new_event (folder->path);
  g_autoptr(GString) csv = large_list (0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdImportReport) report = NULL;
  g_autofree char *before = ctd_test_query_text (folder->path, "SELECT count(*) FROM audit");
  g_autofree char *after = NULL;
  g_autofree char *entry = NULL;
  g_autofree char *players = NULL;

  report = ctd_import_players (store, "players.csv", csv->str, csv->len, TRUE, &error);
  assert_null (error);
  assert_non_null (report);
  assert_int_equal (report->n_added, N_LARGE);
  assert_int_equal (report->skipped->len, 0);

  after = ctd_test_query_text (folder->path, "SELECT count(*) FROM audit");
  assert_int_equal (atoi (after), atoi (before) + 1);
  entry = ctd_test_query_text (folder->path,
                               "SELECT action, summary FROM audit ORDER BY id DESC LIMIT 1");
  assert_string_equal (entry, "import-players|Imported 2000 players from players.csv, "
                              "checked in|\n");
  players = ctd_test_query_text (folder->path,
                                 "SELECT count(*), min(name), max(name) FROM player");
  assert_string_equal (players, "2000|Player 0001|Player 2000|\n");
}

typedef struct
{
  const char *what;
  guint       line;
  const char *row;
  const char *message;
} BadRowCase;

/* A row the file itself makes unreadable, near the end of a large list:
 * the director is told the line, and not one player is registered. */
static const BadRowCase bad_rows[] = {
  { "Latin-1 in a name", 1777, "Zo\xeb \xc5" "berg,Club 1,M-1", "Line 1777 is not UTF-8" },
  { "a quote never closed", 1999, "\"Smith, John,Club 2,M-2", "Line 1999: a quoted field" },
};

static void
test_bad_row_refuses_whole_import (void **state)
{
  CtdTestFolder *folder = *state;
  g_autoptr(CtdStore) store = new_event (folder->path);
  const char *dump = "SELECT 'player', count(*) FROM player "
                     "UNION ALL SELECT 'audit', count(*) FROM audit "
                     "UNION ALL SELECT 'change', count(*) FROM audit_change";
  g_autofree char *before = ctd_test_query_text (folder->path, dump);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_rows); i++)
    {
      const BadRowCase *c = &bad_rows[i];
      g_autoptr(GString) csv = large_list (c->line, c->row);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdImportReport) report = NULL;
      g_autofree char *after = NULL;

      report = ctd_import_players (store, "players.csv", csv->str, csv->len, TRUE, &error);
      if (report != NULL || error == NULL)
        fail_msg ("%s: imported %u players", c->what, report != NULL ? report->n_added : 0);
      if (strstr (error->message, c->message) == NULL ||
          strstr (error->message, "players.csv") == NULL)
        fail_msg ("%s: message “%s” lacks “%s” or the file's name", c->what, error->message,
                  c->message);
      after = ctd_test_query_text (folder->path, dump);
      if (g_strcmp0 (before, after) != 0)
        fail_msg ("%s: the event changed:\n%s\nbecame\n%s", c->what, before, after);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_parse),
    cmocka_unit_test (test_length_is_respected),
    cmocka_unit_test (test_trim_every_field),
    cmocka_unit_test (test_refusals),
    cmocka_unit_test (test_lone_cr_line_numbers),
    cmocka_unit_test_setup_teardown (test_large_import_is_one_entry, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_bad_row_refuses_whole_import, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
