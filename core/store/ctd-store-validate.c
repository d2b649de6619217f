/* ctd-store-validate.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

#include "ctd-money.h"
#include "ctd-result.h"

#include <glib/gi18n-lib.h>

/*
 * Opening an event file is validating it. Files travel (last year's
 * archive from another club, a copy someone touched with another tool),
 * and the rest of the store trusts what it reads: a size indexes an
 * array, an order is a permutation, a sum of stored half points does not
 * overflow. So before any command reads a file, its inspection
 * connection (read-only, ctd-store.c) checks, in this order:
 *
 *   - the file format number is one this version knows, and a file of
 *     format 0 (ours, nothing built yet) holds no tables;
 *   - the schema is exactly what this version's migration ladder writes
 *     for that format: no table, index, trigger or view more or less, no
 *     definition changed. A trigger or view stored in the file therefore
 *     never runs: ours are TEMP triggers made at open
 *     (ctd-store-history.c), and CHECK constraints are evaluated below
 *     only once they are known to be ours;
 *   - SQLite's integrity_check: a damaged file is CTD_STORE_ERROR_CORRUPT;
 *     a whole file whose rows break its own CHECK constraints (written
 *     with the checks switched off) goes on to the record checks, which
 *     say which row and what was expected;
 *   - foreign keys, then the invariants the code relies on
 *     (record_checks[]), each one SQL query that yields the first row
 *     breaking it.
 *
 * A refusal is CTD_STORE_ERROR_INVALID, one line naming the first
 * problem. Nothing here writes: the file stays as it was.
 */

/* One row of sqlite_schema: type, name, tbl_name, sql (NULL for an
 * automatic index). */
typedef struct
{
  char *fields[4];
} SchemaEntry;

static void
schema_entry_free (SchemaEntry *entry)
{
  for (guint i = 0; i < G_N_ELEMENTS (entry->fields); i++)
    g_free (entry->fields[i]);
  g_free (entry);
}

/* The schema of @db by name (BINARY order, as strcmp() compares);
 * %NULL with @out_rc set when SQLite fails. */
static GPtrArray *
read_schema (sqlite3  *db,
             int      *out_rc)
{
  g_autoptr(GPtrArray) entries = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc;

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) schema_entry_free);
  rc = sqlite3_prepare_v2 (db, "SELECT type, name, tbl_name, sql FROM sqlite_schema "
                           "ORDER BY name", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        SchemaEntry *entry = g_new0 (SchemaEntry, 1);

        for (int c = 0; c < (int) G_N_ELEMENTS (entry->fields); c++)
          entry->fields[c] = g_strdup ((const char *) sqlite3_column_text (stmt, c));
        g_ptr_array_add (entries, entry);
      }
  sqlite3_finalize (stmt);
  *out_rc = rc;
  return rc == SQLITE_DONE ? g_steal_pointer (&entries) : NULL;
}

/* What this version writes for each file format, built once per process
 * by running the ladder's SQL in memory: exactly the text SQLite keeps,
 * ALTER TABLE's edits of a CREATE included, since every file (new or
 * upgraded) is made by climbing the same rungs. Never freed. */
static GMutex expected_lock;
static GPtrArray *expected_schemas[CTD_STORE_SCHEMA_VERSION + 1];

static GPtrArray *
expected_schema (gint64 version)
{
  GPtrArray *schema;

  g_assert (version >= 0 && version <= CTD_STORE_SCHEMA_VERSION);

  g_mutex_lock (&expected_lock);
  schema = expected_schemas[version];
  if (schema == NULL)
    {
      sqlite3 *db = NULL;
      int rc = sqlite3_open_v2 (":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                NULL);

      for (guint rung = 0; rc == SQLITE_OK && rung < version; rung++)
        rc = sqlite3_exec (db, ctd_store_migration_sql (rung), NULL, NULL, NULL);
      if (rc == SQLITE_OK)
        schema = read_schema (db, &rc);
      /* Our own SQL, run on an empty database in memory: only a build
       * that cannot run SQL at all gets here. */
      if (schema == NULL)
        g_error ("Chouette TD could not build its own schema %" G_GINT64_FORMAT ": %s",
                 version, sqlite3_errmsg (db));
      sqlite3_close (db);
      expected_schemas[version] = schema;
    }
  g_mutex_unlock (&expected_lock);
  return schema;
}

static gboolean refuse_invalid (CtdStore     *self,
                                GError      **error,
                                const char   *format,
                                ...) G_GNUC_PRINTF (3, 4);

/* DETAIL, printed from @format, on one line whatever the file holds
 * (ctd_printable()). */
static char *
printable_detail (const char *format,
                  va_list     args)
{
  g_autofree char *detail = g_strdup_vprintf (format, args);

  return ctd_printable (detail);
}

static gboolean refuse_record (GError      **error,
                               const char   *format,
                               ...) G_GNUC_PRINTF (2, 3);

/* CTD_STORE_ERROR_INVALID naming a record, without the file: the
 * callers of check_records() say what it stops. */
static gboolean
refuse_record (GError      **error,
               const char   *format,
               ...)
{
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  printable = printable_detail (format, args);
  va_end (args);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_INVALID, printable);
  return FALSE;
}

/* A file refused on open, @error set by refuse_record(): “FILE” cannot
 * be used: DETAIL, and what the director can do about it. */
static gboolean
refuse_file (CtdStore  *self,
             GError   **error)
{
  if (error != NULL && g_error_matches (*error, CTD_STORE_ERROR, CTD_STORE_ERROR_INVALID))
    {
      /* Translators: a file's name, then what is wrong with it. */
      g_autofree char *message = g_strdup_printf (_("“%s” cannot be used: %s; open the copy it "
                                                    "came from, or its most recent backup, "
                                                    "instead"),
                                                  self->display_name, (*error)->message);
      g_free ((*error)->message);
      (*error)->message = g_steal_pointer (&message);
    }
  return FALSE;
}

/* CTD_STORE_ERROR_INVALID: “FILE” cannot be used: DETAIL, and what to do. */
static gboolean
refuse_invalid (CtdStore     *self,
                GError      **error,
                const char   *format,
                ...)
{
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  printable = printable_detail (format, args);
  va_end (args);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_INVALID, printable);
  return refuse_file (self, error);
}

static gboolean
same_entry (const SchemaEntry *a,
            const SchemaEntry *b)
{
  for (guint i = 0; i < G_N_ELEMENTS (a->fields); i++)
    if (g_strcmp0 (a->fields[i], b->fields[i]) != 0)
      return FALSE;
  return TRUE;
}

/* The file's schema against what this version writes for @version: the
 * first name (in order) that is extra, missing or different. */
static gboolean
check_schema (CtdStore  *self,
              gint64     version,
              GError   **error)
{
  GPtrArray *expected = expected_schema (version);
  g_autoptr(GPtrArray) found = NULL;
  guint e = 0, f = 0;
  int rc;

  found = read_schema (self->db, &rc);
  if (found == NULL)
    return ctd_store_fail (self, rc, error);

  while (e < expected->len || f < found->len)
    {
      const SchemaEntry *want = e < expected->len ? g_ptr_array_index (expected, e) : NULL;
      const SchemaEntry *have = f < found->len ? g_ptr_array_index (found, f) : NULL;
      int order = want == NULL ? 1 : have == NULL ? -1
                  : g_strcmp0 (want->fields[1], have->fields[1]);

      if (order < 0)
        /* Translators: follows "“FILE” cannot be used: "; the first %s
         * is an SQLite word (table, index, trigger), the second its name. */
        return refuse_invalid (self, error, _("its %s “%s” is missing (file format %lld)"),
                               want->fields[0], want->fields[1], (long long) version);
      if (order > 0)
        /* Translators: the first %s is an SQLite word (table, index,
         * trigger), the second its name. */
        return refuse_invalid (self, error, _("it holds a %s “%s” that Chouette TD never writes "
                                 "(added by another program?)"), have->fields[0], have->fields[1]);
      if (!same_entry (want, have))
        /* Translators: the first %s is an SQLite word (table, index,
         * trigger), the second its name. */
        return refuse_invalid (self, error, _("its %s “%s” is not defined as Chouette TD "
                                              "defines it (file format %lld)"),
                               have->fields[0], have->fields[1], (long long) version);
      e++;
      f++;
    }
  return TRUE;
}

/* The fields the record checks name to ctd_text_problem(), as their
 * SQL writes them: listed here so that the words reach the template,
 * and translated where the problem is said. */
static const char *const text_fields[] = {
  /* Translators: fields of an event file, in "the %s is not valid
   * UTF-8 text" and the like, said of a file another program changed. */
  NC_("file field", "event name"), NC_("file field", "venue"), NC_("file field", "name"),
  NC_("file field", "club"), NC_("file field", "player ID"), NC_("file field", "result line"),
  NC_("file field", "line"), NC_("file field", "address"), NC_("file field", "reason"),
  NC_("file field", "action"), NC_("file field", "summary"),
};

static const char *
field_word (const char *what)
{
  for (gsize i = 0; i < G_N_ELEMENTS (text_fields); i++)
    if (g_strcmp0 (what, text_fields[i]) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "file field", text_fields[i]);
  return what;
}

/* ctd_text_problem (VALUE, WHAT, MAX_CHARS, REQUIRED): NULL when VALUE
 * is a text the store would have accepted (ctd_store_check_text(); with
 * MAX_CHARS < 0 only valid UTF-8 is asked), else the refusal, e.g. "the
 * name is not valid text". */
static void
text_problem (sqlite3_context  *context,
              int               n_args,
              sqlite3_value   **args)
{
  const char *text = (const char *) sqlite3_value_text (args[0]);
  /* The field's word is translated only for a problem to say: this runs
   * for every text of the file as it opens. */
  const char *field = (const char *) sqlite3_value_text (args[1]);
  gint64 max_chars = sqlite3_value_int64 (args[2]);
  gboolean required = sqlite3_value_int (args[3]) != 0;
  g_autoptr(GError) refusal = NULL;
  char *problem;

  g_assert (n_args == 4);

  if (text != NULL && (gsize) sqlite3_value_bytes (args[0]) != strlen (text))
    /* Translators: %s names a field of the file, e.g. "club". */
    problem = g_strdup_printf (_("the %s holds a NUL character"), field_word (field));
  else if (max_chars < 0)
    problem = text == NULL || g_utf8_validate (text, -1, NULL) ? NULL
      /* Translators: %s names a field of the file, e.g. "club". */
      : g_strdup_printf (_("the %s is not valid UTF-8 text"), field_word (field));
  else if (!ctd_store_check_text (text, field, (gsize) max_chars, required, &refusal))
    {
      /* Said again with the field's word in the reader's language. */
      g_clear_error (&refusal);
      ctd_store_check_text (text, field_word (field), (gsize) max_chars, required, &refusal);
      problem = g_strdup (refusal->message);
      problem[0] = g_ascii_tolower (problem[0]);
    }
  else
    problem = NULL;

  if (problem != NULL)
    sqlite3_result_text (context, problem, -1, g_free);
  else
    sqlite3_result_null (context);
}

/* ctd_longest_digits (TEXT): the length of the longest run of digits. */
static void
longest_digits (sqlite3_context  *context,
                int               n_args,
                sqlite3_value   **args)
{
  const char *text = (const char *) sqlite3_value_text (args[0]);
  gint64 longest = 0, run = 0;

  g_assert (n_args == 1);

  for (const char *p = text; p != NULL && *p != '\0'; p++)
    {
      run = g_ascii_isdigit (*p) ? run + 1 : 0;
      longest = MAX (longest, run);
    }
  sqlite3_result_int64 (context, longest);
}

/**
 * ctd_store_add_check_functions:
 * @self: a store whose connection was just opened
 * @error: return location for a #GError
 *
 * Defines the SQL functions the record checks use (ctd_text_problem,
 * ctd_longest_digits) on @self's connection, once, when it opens: a
 * function defined later would make SQLite prepare every cached
 * statement again. SQLITE_DIRECTONLY: no trigger, view or CHECK stored
 * in a file can call them.
 *
 * Returns: whether they were defined
 */
gboolean
ctd_store_add_check_functions (CtdStore  *self,
                               GError   **error)
{
  int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY;
  int rc;

  rc = sqlite3_create_function_v2 (self->db, "ctd_text_problem", 4, flags, NULL, text_problem,
                                   NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function_v2 (self->db, "ctd_longest_digits", 1, flags, NULL,
                                     longest_digits, NULL, NULL, NULL);
  return rc == SQLITE_OK || ctd_store_fail (self, rc, error);
}

/*
 * The invariants, in the order they are checked. Each query yields the
 * first row that breaks one: its id (NULL for the table as a whole) and
 * what is wrong. Bound: ?1 CTD_STAKE_MAX_CENTS, ?2
 * CTD_ENTRY_FEE_MAX_CENTS, ?3 CTD_GAME_HALVES_MAX, ?4
 * CTD_CHOUETTE_HALVES_MAX, ?5 CTD_STORE_TEXT_MAX, ?6
 * CTD_STORE_MEMBER_ID_MAX. Nearly all read only columns of schema 1, so
 * an old file is checked before its upgrade (whose C step reads it) runs.
 */
static const struct
{
  const char *table;
  const char *sql;
  gint64      since;  /* the file format whose columns it reads, when above 1 */
} record_checks[] = {
  { "event",
    "SELECT NULL, 'it holds ' || count (*) || ' rows, expected 1' FROM event "
    "HAVING count (*) != 1" },
  { "event",
    "SELECT id, coalesce (ctd_text_problem (name, 'event name', ?5, 1), "
    "  ctd_text_problem (venue, 'venue', ?5, 0)) AS problem "
    "FROM event WHERE problem IS NOT NULL" },
  /* The CHECKs take any digits; the settings take a day that exists
   * (julianday() carries 02-30 over to March, so it is not the same). */
  { "event",
    "SELECT id, 'the date “' || date || '” is not a day, expected YYYY-MM-DD' FROM event "
    "WHERE date != '' AND date (julianday (date)) IS NOT date" },
  { "event",
    "SELECT id, 'the time it was closed “' || closed || '” does not read, expected "
    "YYYY-MM-DDTHH:MM:SSZ' FROM event "
    "WHERE closed IS NOT NULL "
    "  AND strftime ('%Y-%m-%dT%H:%M:%SZ', julianday (closed)) IS NOT closed", 3 },
  { "event",
    "SELECT id, 'the stake of ' || stake_cents || ' cents is outside 0..' || ?1 "
    "FROM event WHERE stake_cents NOT BETWEEN 0 AND ?1" },
  { "event",
    "SELECT id, 'the entry fee of ' || entry_fee_cents || ' cents is outside 0..' || ?2 "
    "FROM event WHERE entry_fee_cents NOT BETWEEN 0 AND ?2" },
  { "player",
    "SELECT id, coalesce (ctd_text_problem (name, 'name', ?5, 1), "
    "  ctd_text_problem (club, 'club', ?5, 0), "
    "  ctd_text_problem (member_id, 'player ID', ?6, 0)) AS problem "
    "FROM player WHERE problem IS NOT NULL ORDER BY id LIMIT 1" },
  /* Rounds are drawn one after the other and undone from the last. */
  { "round",
    "SELECT id, 'round ' || id || ' has no round ' || (id - 1) || ' before it' FROM round "
    "WHERE id > 1 AND NOT EXISTS (SELECT 1 FROM round AS r WHERE r.id = round.id - 1) "
    "ORDER BY id LIMIT 1" },
  { "round",
    "SELECT id, 'top ' || top_k || ' and ' || wildcards || ' wildcards, expected at most the "
    "' || (SELECT count (*) FROM player) || ' players' FROM round "
    "WHERE max (top_k, wildcards) > (SELECT count (*) FROM player) ORDER BY id LIMIT 1" },
  { "chouette",
    "SELECT id, 'size ' || size || ' is not 3 or 4' FROM chouette WHERE size NOT IN (3, 4) "
    "ORDER BY id LIMIT 1" },
  { "chouette",
    "SELECT c.id, 'number ' || c.number || ' is outside 1..' || r.n || ' (the chouettes of "
    "round ' || c.round || ')' "
    "FROM chouette AS c JOIN (SELECT round, count (*) AS n FROM chouette GROUP BY round) AS r "
    "  ON r.round = c.round "
    "WHERE c.number NOT BETWEEN 1 AND r.n ORDER BY c.id LIMIT 1" },
  { "chouette",
    "SELECT id, 'table ' || table_no || ' is outside 1..2147483647' FROM chouette "
    "WHERE table_no NOT BETWEEN 1 AND 2147483647 ORDER BY id LIMIT 1" },
  { "seat",
    "SELECT s.id, 'position ' || s.position || ' is outside 1..' || c.size "
    "FROM seat AS s JOIN chouette AS c ON c.id = s.chouette "
    "WHERE s.position NOT BETWEEN 1 AND c.size ORDER BY s.id LIMIT 1" },
  { "chouette",
    "SELECT c.id, count (s.id) || ' seats are filled, expected ' || c.size "
    "FROM chouette AS c LEFT JOIN seat AS s ON s.chouette = c.id "
    "GROUP BY c.id HAVING count (s.id) != c.size ORDER BY c.id LIMIT 1" },
  { "seat",
    "SELECT max (s.id), 'player ' || s.player || ' is seated twice in round ' || c.round "
    "FROM seat AS s JOIN chouette AS c ON c.id = s.chouette "
    "GROUP BY c.round, s.player HAVING count (*) > 1 ORDER BY 1 LIMIT 1" },
  /* Rule 1.6's crew order: each of players 1..size - 1 once. */
  { "chouette",
    "SELECT id, 'the last-segment order ' || substr (last_order, 1, 40) || ' is not an order of "
    "players 1..' || (size - 1) FROM chouette WHERE last_order IS NOT NULL AND ("
    "  json_array_length (last_order) != size - 1 OR "
    "  (SELECT count (DISTINCT j.value) FROM json_each (last_order) AS j "
    "   WHERE j.type = 'integer' AND j.value BETWEEN 1 AND chouette.size - 1) != size - 1) "
    "ORDER BY id LIMIT 1" },
  /* A fixed order is judged in the direction it was fixed under (SPEC
   * 7), so each has one, and an order not fixed has none. */
  { "chouette",
    "SELECT id, CASE WHEN last_order IS NOT NULL AND last_direction IS NULL "
    "  THEN 'the last-segment order is fixed without the direction it was fixed under' "
    "  WHEN last_order IS NULL THEN 'a last-segment direction is set with no order fixed' "
    "  ELSE 'the last-segment direction ' || substr (last_direction, 1, 40) || ' is neither "
    "highest-first nor lowest-first' END "
    "FROM chouette WHERE (last_order IS NULL) != (last_direction IS NULL) "
    "  OR last_direction NOT IN ('highest-first', 'lowest-first') "
    "ORDER BY id LIMIT 1", 7 },
  /* What a window shows: the line as typed is text; the canonical line
   * is written by ctd-result.c in printable ASCII. The read paths
   * re-parse the canonical line (ctd-result.c bounds it) and sum the
   * stored ledgers' half points (ctd-store-round-facts.c): no number of
   * either may come near what int64 sums overflow on. Ten digits is more
   * than any line or payment holds (CTD_GAME_HALVES_MAX has nine); a
   * text test, as parsing every ledger's JSON (13 ms for the 512-player
   * sample) or GLOB (8 ms) took longer than opening the file does. */
  { "game",
    "SELECT id, coalesce (ctd_text_problem (entered, 'result line', -1, 1), "
    "  CASE WHEN canonical GLOB '*[^ -~]*' THEN 'the canonical line holds a character "
    "  Chouette TD never writes there' "
    "  WHEN max (ctd_longest_digits (canonical), ctd_longest_digits (ledger)) > 9 "
    "  THEN 'its line or ledger holds a number beyond what a game can pay (at most ' || ?3 "
    "    || ' half points)' END) AS problem "
    "FROM game WHERE problem IS NOT NULL ORDER BY id LIMIT 1" },
  { "crosscheck",
    "SELECT x.id, 'its paper totals are not ' || c.size || ' totals (or blanks) within "
    "±' || ?4 || ' half points' "
    "FROM crosscheck AS x JOIN chouette AS c ON c.id = x.chouette "
    "WHERE json_array_length (x.totals) != c.size "
    "  OR EXISTS (SELECT 1 FROM json_each (x.totals) AS t "
    "             WHERE t.type NOT IN ('null', 'integer') "
    "               OR (t.type = 'integer' AND t.value NOT BETWEEN -?4 AND ?4)) "
    "ORDER BY x.id LIMIT 1" },
  { "rolloff",
    "SELECT r.id, 'the roll-off lists a player twice, or one not seated in round ' || r.round "
    "FROM rolloff AS r WHERE json_array_length (r.players) != "
    "  (SELECT count (DISTINCT s.player) FROM json_each (r.players) AS j "
    "   JOIN seat AS s ON s.player = j.value "
    "   JOIN chouette AS c ON c.id = s.chouette AND c.round = r.round "
    "   WHERE j.type = 'integer') "
    "ORDER BY r.id LIMIT 1" },
  /* A chouette's link is a secret the store compares as 32 hex digits
   * (ctd-link.c) and finds by it: one per chouette, none shared. Bytes,
   * not characters, are counted: a NUL would end the text early. */
  { "link",
    "SELECT id, 'its secret is not 32 lower-case hexadecimal digits' FROM link "
    "WHERE length (CAST (secret AS BLOB)) != 32 OR secret GLOB '*[^0-9a-f]*' "
    "ORDER BY id LIMIT 1", 4 },
  { "link",
    "SELECT max (id), 'its secret is also the link of another chouette' FROM link "
    "GROUP BY secret HAVING count (*) > 1 ORDER BY 1 LIMIT 1", 4 },
  { "link",
    "SELECT id, 'the time it was issued “' || issued || '” does not read, expected "
    "YYYY-MM-DDTHH:MM:SSZ' FROM link "
    "WHERE strftime ('%Y-%m-%dT%H:%M:%SZ', julianday (issued)) IS NOT issued "
    "ORDER BY id LIMIT 1", 4 },
  { "chouette",
    "SELECT c.id, 'chouette ' || c.round || '.' || c.number || ' has no link' "
    "FROM chouette AS c WHERE NOT EXISTS (SELECT 1 FROM link WHERE link.chouette = c.id) "
    "ORDER BY c.id LIMIT 1", 4 },
  /* What a table sent: for a chouette of the event, by its seats, with
   * texts the pages and the log print as they are. */
  { "submission",
    "SELECT s.id, 'it names a player past its chouette''s size, or no chouette' "
    "FROM submission AS s LEFT JOIN chouette AS c ON c.id = s.chouette "
    "WHERE c.id IS NULL OR s.entered_by > c.size OR s.confirmed_by > c.size "
    "ORDER BY s.id LIMIT 1", 5 },
  { "submission",
    "SELECT id, coalesce (ctd_text_problem (line, 'line', 512, 1), "
    "  ctd_text_problem (address, 'address', 64, 1), "
    "  ctd_text_problem (confirm_address, 'address', 64, 0), "
    "  ctd_text_problem (reason, 'reason', 200, 0)) AS problem "
    "FROM submission WHERE problem IS NOT NULL ORDER BY id LIMIT 1", 5 },
  /* A table answers its lines by their number (schema 7). */
  { "submission",
    "SELECT id, 'it has no number within its chouette' FROM submission "
    "WHERE number IS NULL ORDER BY id LIMIT 1", 7 },
  { "audit",
    "SELECT id, coalesce (ctd_text_problem (action, 'action', -1, 1), "
    "  ctd_text_problem (summary, 'summary', -1, 0)) AS problem "
    "FROM audit WHERE problem IS NOT NULL ORDER BY id LIMIT 1" },
};

/* The first row (of the first query that yields one) breaking a
 * foreign key or an invariant. */
static gboolean
check_records (CtdStore  *self,
               gint64     version,
               GError   **error)
{
  g_autoptr(CtdStmt) foreign = NULL;
  CtdStep step;

  foreign = ctd_store_prepare (self,
                               "SELECT f.\"table\", f.rowid, f.parent, "
                               "  (SELECT k.\"from\" FROM pragma_foreign_key_list (f.\"table\") "
                               "   AS k WHERE k.id = f.fkid) "
                               "FROM pragma_foreign_key_check AS f LIMIT 1", CTD_NO_ARGS, error);
  if (foreign == NULL || (step = ctd_store_step (self, foreign, error)) == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_ROW)
    /* Translators: names of the file's tables and columns, and a row's
     * number in its table. */
    return refuse_record (error, _("table %s, row %lld: its %s refers to a row of table %s "
                                   "that does not exist"),
                          (const char *) sqlite3_column_text (foreign, 0),
                          (long long) sqlite3_column_int64 (foreign, 1),
                          (const char *) sqlite3_column_text (foreign, 3),
                          (const char *) sqlite3_column_text (foreign, 2));

  for (gsize i = 0; i < G_N_ELEMENTS (record_checks); i++)
    {
      g_autoptr(CtdStmt) stmt = NULL;

      if (record_checks[i].since > version)
        continue;
      stmt = ctd_store_prepare (self, record_checks[i].sql,
                                CTD_ARGS (CTD_INT (CTD_STAKE_MAX_CENTS),
                                          CTD_INT (CTD_ENTRY_FEE_MAX_CENTS),
                                          CTD_INT (CTD_GAME_HALVES_MAX),
                                          CTD_INT (CTD_CHOUETTE_HALVES_MAX),
                                          CTD_INT (CTD_STORE_TEXT_MAX),
                                          CTD_INT (CTD_STORE_MEMBER_ID_MAX)), error);
      if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
        return FALSE;
      if (step == CTD_STEP_DONE)
        continue;
      if (sqlite3_column_type (stmt, 0) == SQLITE_NULL)
        /* Translators: a table of the file, then what is wrong in it. */
        return refuse_record (error, _("table %s: %s"), record_checks[i].table,
                              (const char *) sqlite3_column_text (stmt, 1));
      /* Translators: a table of the file, a row's number in it, then
       * what is wrong in the row. */
      return refuse_record (error, _("table %s, row %lld: %s"),
                            record_checks[i].table, (long long) sqlite3_column_int64 (stmt, 0),
                            (const char *) sqlite3_column_text (stmt, 1));
    }
  return TRUE;
}

/**
 * ctd_store_check_records:
 * @self: a store inside an action that may have written what its audit
 *   log held (undo, redo)
 * @action: what it is, for the message ("undo")
 * @error: return location for a #GError
 *
 * The record checks of opening a file, on what @self is about to
 * commit: the row images undo writes back come from the file, so a
 * crafted log must not write, in a session, what opening the file
 * would refuse. Refused with %CTD_STORE_ERROR_INVALID.
 *
 * Returns: whether the records are as this version writes them
 */
gboolean
ctd_store_check_records (CtdStore    *self,
                         const char  *action,
                         GError     **error)
{
  if (check_records (self, CTD_STORE_SCHEMA_VERSION, error))
    return TRUE;
  if (error != NULL && g_error_matches (*error, CTD_STORE_ERROR, CTD_STORE_ERROR_INVALID))
    g_prefix_error (error, _("“%s” was not changed: %s would write what Chouette TD never "
                      "writes: "), self->display_name, action);
  return FALSE;
}

/* Whether an integrity_check line is about rows that break the schema's
 * own constraints (NOT NULL, CHECK, UNIQUE, STRICT types) in a file
 * whose pages are whole: such lines are reported after every check of
 * the pages, so with integrity_check (1) the first line is one only
 * when the pages are sound. */
static gboolean
is_constraint_problem (const char *line)
{
  return g_str_has_prefix (line, "CHECK constraint failed") ||
         g_str_has_prefix (line, "non-unique entry in index ") ||
         strstr (line, " value in ") != NULL;
}

/**
 * ctd_store_validate_file:
 * @self: a store whose connection is the read-only inspection
 * @version: the file's user_version (already known not to be too new)
 * @n_tables: how many entries the file's schema has
 * @error: return location for a #GError
 *
 * Refuses a file this version would not have written (see above),
 * before anything else reads it and before any upgrade or backup.
 *
 * Returns: whether the file may be opened
 */
gboolean
ctd_store_validate_file (CtdStore  *self,
                         gint64     version,
                         gint64     n_tables,
                         GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *integrity = NULL;

  if (version < 0)
    return refuse_invalid (self, error, _("its file format %lld is not one Chouette TD writes "
                                          "(0..%d)"), (long long) version,
                           CTD_STORE_SCHEMA_VERSION);
  if (version == 0 && n_tables > 0)
    return refuse_invalid (self, error, _("it holds tables but no file format (user_version 0); "
                             "Chouette TD writes its tables and the format together"));
  if (!check_schema (self, version, error))
    return FALSE;

  stmt = ctd_store_prepare (self, "PRAGMA integrity_check (1)", CTD_NO_ARGS, error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) == CTD_STEP_FAILED)
    return FALSE;
  integrity = ctd_store_column_dup (stmt, 0);
  g_clear_pointer (&stmt, ctd_store_release_statement);
  if (integrity == NULL || (strcmp (integrity, "ok") != 0 && !is_constraint_problem (integrity)))
    return ctd_store_refuse_damaged (self, integrity != NULL ? integrity
                                                             : _("no integrity report"), error);

  /* Format 0 has no tables (checked above): no records to check. */
  if (version > 0 && !check_records (self, version, error))
    return refuse_file (self, error);
  /* Rows that break a constraint the record checks do not name. */
  if (g_strcmp0 (integrity, "ok") != 0)
    return refuse_invalid (self, error, _("its rows break the file's own rules (%s)"), integrity);
  return TRUE;
}
