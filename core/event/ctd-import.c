/* ctd-import.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-import"

#include "config.h"

#include "ctd-import.h"
#include "ctd-store.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/*
 * A player list from a spreadsheet, saved as CSV (RFC 4180: fields in
 * double quotes may hold separators, quotes doubled and line breaks;
 * CRLF or LF). Spreadsheet programs separate fields with commas,
 * semicolons (where the comma is the decimal mark) or tabs: the header
 * row says which. The first row names the columns; "name" is required,
 * "club" and "id" are optional, in any order, any case.
 */

/* The separators a spreadsheet program writes, the usual one first. */
static const char separators[] = { ',', ';', '\t' };

/**
 * ctd_import_error_quark:
 *
 * The error domain %CTD_IMPORT_ERROR, whose codes are #CtdImportError.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-import-error-quark, ctd_import_error)

static void
import_row_free (gpointer data)
{
  CtdImportRow *row = data;

  g_free (row->name);
  g_free (row->club);
  g_free (row->member_id);
  g_free (row->skipped);
  g_free (row);
}

/* A line break is LF, CRLF, or a lone CR (old Mac spreadsheets). */
static gboolean
ends_line (const char *p,
           const char *end)
{
  return *p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'));
}

/* Reads one record starting at *@p; advances *@p past it and its line
 * break, and *@line by the lines it spans. */
static GPtrArray *
read_record (const char  **p,
             const char   *end,
             char          separator,
             guint        *line,
             GError      **error)
{
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) field = g_string_new (NULL);
  guint first_line = *line;
  gboolean quoted = FALSE;
  gboolean was_quoted = FALSE;

  while (*p < end)
    {
      char c = **p;

      (*p)++;
      if (quoted)
        {
          if (c == '"' && *p < end && **p == '"')
            {
              g_string_append_c (field, '"');
              (*p)++;
            }
          else if (c == '"')
            quoted = FALSE;
          else
            {
              *line += ends_line (*p - 1, end);
              g_string_append_c (field, c);
            }
        }
      else if (c == '"' && field->len == 0 && !was_quoted)
        quoted = was_quoted = TRUE;
      else if (c == separator)
        {
          g_ptr_array_add (fields, g_string_free (g_steal_pointer (&field), FALSE));
          field = g_string_new (NULL);
          was_quoted = FALSE;
        }
      else if (c == '\n' || c == '\r')
        {
          if (c == '\r' && *p < end && **p == '\n')
            (*p)++;
          (*line)++;
          break;
        }
      else
        g_string_append_c (field, c);
    }

  if (quoted)
    {
      g_set_error (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_SYNTAX,
                   _("Line %u: a quoted field is never closed (a \" is missing)"), first_line);
      return NULL;
    }
  g_ptr_array_add (fields, g_string_free (g_steal_pointer (&field), FALSE));
  return g_steal_pointer (&fields);
}

/* Trims every field in place; returns whether the row is blank: every
 * field empty, or (a file of one column, read without a separator) made
 * of nothing but the separators of a spreadsheet's empty row (",,,"). */
static gboolean
trim_record (GPtrArray *fields)
{
  gboolean blank = TRUE;

  for (guint i = 0; i < fields->len; i++)
    {
      const char *field = g_strstrip ((char *) g_ptr_array_index (fields, i));

      blank &= field[strspn (field, ",;\t ")] == '\0';
    }
  return blank;
}


/* The separator of the file: the one the first non-blank line (the
 * header) uses most, outside quotes. A header without one names a single
 * column, so a comma or semicolon in the rows below is part of a name
 * ("Doe, Jane"): then there is no separator ('\0', which no text has). */
static char
detect_separator (const char *p,
                  const char *end)
{
  guint counts[G_N_ELEMENTS (separators)] = { 0, };
  gboolean quoted = FALSE;
  gboolean blank = TRUE;
  guint best = 0;

  for (; p < end; p++)
    {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && (*p == '\n' || *p == '\r'))
        {
          if (!blank)
            break;
          /* A blank row (",,," from a spreadsheet) says nothing. */
          memset (counts, 0, sizeof counts);
        }
      else if (!quoted)
        for (guint i = 0; i < G_N_ELEMENTS (separators); i++)
          counts[i] += *p == separators[i];
      blank &= g_ascii_isspace (*p) || *p == ',' || *p == ';';
    }
  for (guint i = 1; i < G_N_ELEMENTS (separators); i++)
    if (counts[i] > counts[best])
      best = i;
  return counts[best] > 0 || blank ? separators[best] : '\0';
}

static const char *
separator_name (char separator)
{
  /* Translators: what separates a CSV file's columns, in "columns
   * separated by %s". */
  return separator == ';' ? _("semicolons") : separator == '\t' ? _("tabs") : _("commas");
}

static int
find_column (GPtrArray          *header,
             const char * const *names)
{
  for (guint i = 0; i < header->len; i++)
    {
      g_autofree char *folded = g_utf8_casefold (g_ptr_array_index (header, i), -1);

      if (g_strv_contains (names, g_strstrip (folded)))
        return (int) i;
    }
  return -1;
}

static char *
field_or_null (GPtrArray *fields,
               int        column)
{
  const char *text;

  if (column < 0 || (guint) column >= fields->len)
    return NULL;
  text = g_ptr_array_index (fields, column);
  return *text != '\0' ? g_strdup (text) : NULL;
}

/**
 * ctd_import_parse_csv:
 * @data: (array length=length): the file's bytes, not necessarily
 *   nul-terminated; may be %NULL when @length is 0
 * @length: how many
 * @error: return location for a #GError
 *
 * Reads a player list. A file that is empty, not UTF-8, unbalanced in
 * its quotes or without a name column is refused whole, with the line
 * to fix. A row without a name is kept with @skipped set (and @name
 * %NULL), so the director sees every row that did not become a player,
 * and why. Nothing is registered here: the caller adds the players.
 *
 * Returns: (transfer full) (nullable) (element-type CtdImportRow): one
 *   entry per data row that is not blank, in file order, or %NULL with
 *   @error set; unreffing the array frees the rows
 */
GPtrArray *
ctd_import_parse_csv (const char  *data,
                      gsize        length,
                      GError     **error)
{
  static const char * const name_columns[] = { "name", "player", "player name", NULL };
  static const char * const club_columns[] = { "club", NULL };
  static const char * const id_columns[] = { "id", "player id", "player_id", "member id", NULL };
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (import_row_free);
  g_autoptr(GPtrArray) header = NULL;
  const char *p = data;
  const char *end = data + length;
  const char *bad = NULL;
  char separator;
  guint line = 1;
  int name_column;
  int club_column;
  int id_column;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate_len (data, length, &bad))
    {
      guint bad_line = 1;

      for (const char *q = data; q < bad; q++)
        bad_line += ends_line (q, end);
      g_set_error (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_ENCODING,
                   /* Translators: “CSV UTF-8” is the name spreadsheet
                    * programs give this kind of file in their Save As. */
                   _("Line %u is not UTF-8 text: save the file as “CSV UTF-8” and import it "
                     "again"),
                   bad_line);
      return NULL;
    }
  /* A spreadsheet's "CSV UTF-8" starts with a byte-order mark. */
  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  separator = detect_separator (p, end);

  while (p < end && header == NULL)
    {
      header = read_record (&p, end, separator, &line, error);
      if (header == NULL)
        return NULL;
      if (trim_record (header))
        g_clear_pointer (&header, g_ptr_array_unref);
    }
  if (header == NULL)
    {
      g_set_error_literal (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_EMPTY,
                           /* Translators: “name” is a column's name in the
                            * file, which must be written in English. */
                           _("The file is empty: its first row must name the columns, one of "
                             "them “name”"));
      return NULL;
    }

  name_column = find_column (header, name_columns);
  club_column = find_column (header, club_columns);
  id_column = find_column (header, id_columns);
  if (name_column < 0)
    {
      g_autoptr(GString) found = g_string_new (NULL);

      for (guint i = 0; i < header->len; i++)
        g_string_append_printf (found, "%s“%s”", i > 0 ? ", " : "",
                                (const char *) g_ptr_array_index (header, i));
      if (header->len == 1)
        g_set_error (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_COLUMNS,
                     /* Translators: %s lists the file's column names; the quoted words
                      * “name”, “player”, “player name”, “club” and “id” are the column
                      * names the file must use, in English. */
                     _("The first row has no name column: it has %s (one column, read with "
                       "commas, semicolons or tabs between columns); expected a column “name” "
                       "(or “player”, “player name”) with the players' names, and optionally "
                       "“club” and “id”"), found->str);
      else
        g_set_error (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_COLUMNS,
                     /* Translators: as above; the second %s is "commas", "semicolons"
                      * or "tabs". */
                     _("The first row has no name column: it has %s (columns separated by %s); "
                       "expected a column “name” (or “player”, “player name”) with the "
                       "players' names, and optionally “club” and “id”"), found->str,
                     separator_name (separator));
      return NULL;
    }

  while (p < end)
    {
      guint row_line = line;
      g_autoptr(GPtrArray) fields = read_record (&p, end, separator, &line, error);
      CtdImportRow *row;

      if (fields == NULL)
        return NULL;
      if (trim_record (fields))
        continue;

      row = g_new0 (CtdImportRow, 1);
      row->line = row_line;
      row->name = field_or_null (fields, name_column);
      row->club = field_or_null (fields, club_column);
      row->member_id = field_or_null (fields, id_column);
      if (row->name == NULL)
        row->skipped = g_strdup (_("the name is empty"));
      g_ptr_array_add (rows, row);
    }
  if (rows->len == 0)
    {
      g_set_error_literal (error, CTD_IMPORT_ERROR, CTD_IMPORT_ERROR_EMPTY,
                           _("The file has a header row but no player rows below it"));
      return NULL;
    }
  return g_steal_pointer (&rows);
}

static void
import_skip_free (CtdImportSkip *skip)
{
  g_free (skip->name);
  g_free (skip->reason);
  g_free (skip);
}

/**
 * ctd_import_report_free:
 * @report: (transfer full) (nullable): an import's report
 */
void
ctd_import_report_free (CtdImportReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->skipped, g_ptr_array_unref);
  g_free (report);
}

/**
 * ctd_import_players:
 * @store: the event
 * @source: where the list comes from (a file name), for messages and the log
 * @data: (array length=length): the CSV file's bytes
 * @length: how many
 * @checked_in: whether they are all here now (ctd_store_add_player())
 * @error: return location for a #GError
 *
 * Registers the players of a CSV list as one action (one undo takes the
 * import back): the rows the file itself rules out (no name) and the
 * players the event refuses (a name already taken) are skipped, each
 * with its line and reason. A file that cannot be read as a list, or a
 * failure of the event file, imports nobody.
 *
 * Returns: (transfer full) (nullable): what was added and skipped, or
 *   %NULL with @error set
 */
CtdImportReport *
ctd_import_players (CtdStore    *store,
                    const char  *source,
                    const char  *data,
                    gsize        length,
                    gboolean     checked_in,
                    GError     **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (CtdNewPlayer));
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CtdImportReport) report = g_new0 (CtdImportReport, 1);
  guint next = 0;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  rows = ctd_import_parse_csv (data, length, error);
  if (rows == NULL)
    {
      /* Translators: a file's name; what is wrong with it follows. */
      g_prefix_error (error, _("%s: "), source);
      return NULL;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const CtdImportRow *row = g_ptr_array_index (rows, i);
      CtdNewPlayer player = { row->name, row->club, row->member_id };

      if (row->skipped == NULL)
        g_array_append_val (players, player);
    }
  g_ptr_array_set_size (reasons, players->len);
  if (!ctd_store_import_players (store, source, (const CtdNewPlayer *) players->data,
                                 players->len, checked_in, (char **) reasons->pdata,
                                 &report->n_added, error))
    return NULL;

  report->skipped = g_ptr_array_new_with_free_func ((GDestroyNotify) import_skip_free);
  for (guint i = 0; i < rows->len; i++)
    {
      const CtdImportRow *row = g_ptr_array_index (rows, i);
      const char *reason = row->skipped != NULL ? row->skipped
                                                : g_ptr_array_index (reasons, next++);
      CtdImportSkip *skip;

      if (reason == NULL)
        continue;
      skip = g_new0 (CtdImportSkip, 1);
      skip->line = row->line;
      skip->name = g_strdup (row->name);
      skip->reason = g_strdup (reason);
      g_ptr_array_add (report->skipped, skip);
    }
  return g_steal_pointer (&report);
}
