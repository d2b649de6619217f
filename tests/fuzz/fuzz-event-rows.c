/* fuzz-event-rows.c: the seed event with rows edited, opened and read.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Byte mutations of an SQLite file mostly make a file that SQLite itself
 * refuses. Here the input is a list of row edits that SQLite applies to
 * the seed event (make-event-seed, built with this harness), checks and
 * foreign keys off, as a hand-edited or damaged file may hold: a seat's
 * player number out of range, a chouette of 7, a game 13, a NULL name, a
 * row gone or doubled. The file is then read as the read commands read
 * it (ctd-fuzz-event.c).
 *
 * Each edit is EDIT_BYTES bytes: table, row, column, what to do, then
 * eight bytes of value (see apply_edit()).
 */

#include "config.h"

#include <sqlite3.h>
#include <string.h>

#include "ctd-fuzz-event.h"
#include "ctd-fuzz.h"

#define EDIT_BYTES 12
#define MAX_EDITS  16

typedef struct
{
  char      *name;
  GPtrArray *columns;  /* char *, in the table's order */
} Table;

static GBytes *seed;
static GPtrArray *tables;  /* Table, by name */

static void
table_free (gpointer data)
{
  Table *table = data;

  g_free (table->name);
  g_ptr_array_unref (table->columns);
  g_free (table);
}

/* The seed's bytes and its tables' columns, read once. */
static void
load_seed (void)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize length;
  sqlite3 *db = NULL;
  sqlite3_stmt *list = NULL;

  ctd_fuzz_check (g_file_get_contents (CTD_FUZZ_EVENT_SEED, &data, &length, &error),
                  "no seed event: %s", error->message);
  seed = g_bytes_new_take (data, length);
  tables = g_ptr_array_new_with_free_func (table_free);
  ctd_fuzz_check (sqlite3_open_v2 (CTD_FUZZ_EVENT_SEED, &db, SQLITE_OPEN_READONLY, NULL) ==
                  SQLITE_OK, "the seed event does not open");
  sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND "
                          "name NOT LIKE 'sqlite%' ORDER BY name", -1, &list, NULL);
  while (sqlite3_step (list) == SQLITE_ROW)
    {
      Table *table = g_new0 (Table, 1);
      g_autofree char *sql = NULL;
      sqlite3_stmt *info = NULL;

      table->name = g_strdup ((const char *) sqlite3_column_text (list, 0));
      table->columns = g_ptr_array_new_with_free_func (g_free);
      sql = g_strdup_printf ("SELECT name FROM pragma_table_info('%s') ORDER BY cid", table->name);
      sqlite3_prepare_v2 (db, sql, -1, &info, NULL);
      while (sqlite3_step (info) == SQLITE_ROW)
        g_ptr_array_add (table->columns, g_strdup ((const char *) sqlite3_column_text (info, 0)));
      sqlite3_finalize (info);
      g_ptr_array_add (tables, table);
    }
  sqlite3_finalize (list);
  sqlite3_close (db);
  ctd_fuzz_check (tables->len > 0, "the seed event has no table");
}

/*
 * apply_edit:
 * @db: the copy of the seed
 * @edit: EDIT_BYTES bytes: [0] the table, [1] the row (its place in
 *   rowid order, modulo the rows), [2] the column, [3] the operation,
 *   [4..11] the value: 0 an integer of the eight bytes, 1 a small integer
 *   (byte 4, signed), 2 NULL, 3 a text of up to eight bytes, 4 the value
 *   plus a small integer, 5 the row deleted, 6 the row copied with that
 *   column set to a small integer
 *
 * An edit SQLite refuses (a type a STRICT table does not take, a unique
 * key taken) changes nothing.
 */
static void
apply_edit (sqlite3      *db,
            const guint8 *edit)
{
  const Table *table = g_ptr_array_index (tables, edit[0] % tables->len);
  const char *column = g_ptr_array_index (table->columns, edit[2] % table->columns->len);
  g_autofree char *row = g_strdup_printf ("(SELECT rowid FROM \"%s\" ORDER BY rowid LIMIT 1 "
                                          "OFFSET %u %% max(1, (SELECT count(*) FROM \"%s\")))",
                                          table->name, edit[1], table->name);
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 number;

  switch (edit[3] % 7)
    {
    case 5:
      sql = g_strdup_printf ("DELETE FROM \"%s\" WHERE rowid = %s", table->name, row);
      break;
    case 6:
      {
        g_autoptr(GString) values = g_string_new (NULL);
        g_autofree char *names = NULL;

        for (guint i = 0; i < table->columns->len; i++)
          {
            const char *name = g_ptr_array_index (table->columns, i);

            g_string_append_printf (values, "%s%s", i > 0 ? ", " : "",
                                    g_str_equal (name, column) ? "?1" : name);
          }
        g_ptr_array_add (table->columns, NULL);
        names = g_strjoinv (", ", (char **) table->columns->pdata);
        g_ptr_array_remove_index (table->columns, table->columns->len - 1);
        sql = g_strdup_printf ("INSERT INTO \"%s\" (%s) SELECT %s FROM \"%s\" WHERE rowid = %s",
                               table->name, names, values->str, table->name, row);
        break;
      }
    case 4:
      sql = g_strdup_printf ("UPDATE \"%s\" SET \"%s\" = \"%s\" + ?1 WHERE rowid = %s",
                             table->name, column, column, row);
      break;
    default:
      sql = g_strdup_printf ("UPDATE \"%s\" SET \"%s\" = ?1 WHERE rowid = %s", table->name,
                             column, row);
      break;
    }
  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return;
  switch (edit[3] % 7)
    {
    case 0:
      memcpy (&number, edit + 4, sizeof number);
      sqlite3_bind_int64 (stmt, 1, number);
      break;
    case 2:
      sqlite3_bind_null (stmt, 1);
      break;
    case 3:
      sqlite3_bind_text (stmt, 1, (const char *) edit + 4, strnlen ((const char *) edit + 4, 8),
                         SQLITE_TRANSIENT);
      break;
    default:
      sqlite3_bind_int64 (stmt, 1, (gint8) edit[4]);
      break;
    }
  sqlite3_step (stmt);
  sqlite3_finalize (stmt);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  gsize length;
  const char *bytes;

  ctd_fuzz_init ();
  if (seed == NULL)
    load_seed ();
  ctd_fuzz_event_remove ();
  bytes = g_bytes_get_data (seed, &length);
  ctd_fuzz_check (g_file_set_contents (ctd_fuzz_event_get_path (), bytes, length, &error),
                  "%s", error->message);
  ctd_fuzz_check (sqlite3_open (ctd_fuzz_event_get_path (), &db) == SQLITE_OK,
                  "the copy of the seed does not open");
  sqlite3_exec (db, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON",
                NULL, NULL, NULL);
  for (gsize i = 0; i + EDIT_BYTES <= size && i / EDIT_BYTES < MAX_EDITS; i += EDIT_BYTES)
    apply_edit (db, data + i);
  ctd_fuzz_check (sqlite3_close (db) == SQLITE_OK, "the edited copy does not close");
  ctd_fuzz_event_read ();
  return 0;
}
