/* ctd-store-sql.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "ctd-text.h"

/*
 * The few shapes every store function is made of: prepare with bound
 * values, step, read a column; one action as one transaction that rolls
 * back unless it committed; SQLite's failures turned into messages a
 * director can act on. Everything else in the store is built from these,
 * so no function there finalises a statement or rolls back by hand.
 */

/* SQLite's own text (an error, an integrity_check report, which may run
 * over several lines) as one line of a message. */
static char *
one_line (const char *detail)
{
  g_autofree char *joined = g_strdelimit (g_strdup (detail), "\r\n", ' ');

  return ctd_printable (g_strstrip (joined));
}

/**
 * ctd_store_fail:
 * @self: a store
 * @rc: an SQLite result code that is an error
 * @error: return location for a #GError
 *
 * Translates an SQLite failure into a message that names the file and
 * says what the director can do.
 *
 * Returns: %FALSE, for `return ctd_store_fail (...)`
 */
gboolean
ctd_store_fail (CtdStore  *self,
                int        rc,
                GError   **error)
{
  g_autofree char *detail = one_line (self->db != NULL ? sqlite3_errmsg (self->db)
                                                      : sqlite3_errstr (rc));

  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_LOCKED,
                   _("“%s” is being changed by another Chouette TD window or command; "
                     "try again when it has finished"), self->display_name);
      break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
                   _("“%s” cannot be changed: the file or its folder is read-only (%s)"),
                   self->display_name, detail);
      break;
    case SQLITE_CORRUPT:
      return ctd_store_refuse_damaged (self, detail, error);
    case SQLITE_NOTADB:
      return ctd_store_refuse_not_event (self, error);
    case SQLITE_CONSTRAINT:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED,
                   _("“%s” was not changed: the change breaks a rule of the event file (%s)"),
                   self->display_name, detail);
      break;
    case SQLITE_FULL:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   _("“%s” was not changed: the disk is full"), self->display_name);
      break;
    default:
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                   _("“%s” could not be read or written: %s"), self->display_name, detail);
      break;
    }
  return FALSE;
}

/* A refusal by a rule of the event's records (CTD_STORE_ERROR_REFUSED). */
gboolean
ctd_store_refuse (GError     **error,
                  const char  *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, message);
  return FALSE;
}

/* The refusals written from more than one place. */

gboolean
ctd_store_refuse_not_event (CtdStore  *self,
                            GError   **error)
{
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
               _("“%s” is not a Chouette TD event file"), self->display_name);
  return FALSE;
}

gboolean
ctd_store_refuse_damaged (CtdStore    *self,
                          const char  *detail,
                          GError     **error)
{
  g_autofree char *line = one_line (detail);

  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
               _("“%s” is damaged (%s); open its most recent backup instead"),
               self->display_name, line);
  return FALSE;
}

gboolean
ctd_store_refuse_read_only (CtdStore  *self,
                            GError   **error)
{
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
               _("“%s” is open for reading only: open it for writing to change it"),
               self->display_name);
  return FALSE;
}

gboolean
ctd_store_no_round (GError **error,
                    guint    round)
{
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
               _("There is no round %u in this event"), round);
  return FALSE;
}

/* Runs SQL without parameters, possibly several statements (pragmas,
 * the schema, triggers, transaction control). */
gboolean
ctd_store_exec (CtdStore    *self,
                const char  *sql,
                GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return ctd_store_fail (self, rc, error);
  return TRUE;
}

/* Resets @stmt and binds @values to ?1, ?2...: for a statement run once
 * per item of a list. */
void
ctd_store_rebind (CtdStmt         *stmt,
                  const CtdValue  *values,
                  gsize            n_values)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  for (gsize i = 0; i < n_values; i++)
    {
      int index = (int) i + 1;

      if (values[i].type == CTD_VALUE_INT)
        sqlite3_bind_int64 (stmt, index, values[i].integer);
      else if (values[i].text != NULL)
        sqlite3_bind_text (stmt, index, values[i].text, -1, SQLITE_TRANSIENT);
      else
        sqlite3_bind_null (stmt, index);
    }
}

/*
 * The statement cache. Parsing SQL costs more than running it for most of
 * the store's queries (listing one chouette's games took 57 µs, nearly
 * all of it in sqlite3_prepare), so a statement is prepared once per
 * connection and reused: at the end of its scope it is reset and put on
 * its connection's list of idle statements for that SQL text, and the
 * next ctd_store_prepare() of the same text takes it back. A nested use of
 * the same text finds no idle statement and prepares a second one. The
 * lists live in one table keyed by connection, because a statement's
 * cleanup knows only the statement; each connection is used by one
 * thread at a time, and the lock guards only the table.
 */

/* Idle statements kept per SQL text: enough for any nesting the store
 * does; more are finalised. */
#define CTD_STORE_IDLE_MAX 4

static GMutex statements_lock;
static GHashTable *idle_statements;  /* sqlite3 * -> (SQL text -> GPtrArray of sqlite3_stmt) */

/* The SQL texts are a few hundred bytes, looked up twice for each
 * statement run (dozens for a phone's request): hashed eight bytes a
 * step, where g_str_hash() takes one. */
static guint
sql_hash (gconstpointer sql)
{
  return (guint) ctd_text_hash (sql, strlen (sql));
}

static GHashTable *
idle_for (sqlite3  *db,
          gboolean  create)
{
  GHashTable *by_sql;

  if (idle_statements == NULL)
    {
      if (!create)
        return NULL;
      idle_statements = g_hash_table_new_full (NULL, NULL, NULL,
                                               (GDestroyNotify) g_hash_table_unref);
    }
  by_sql = g_hash_table_lookup (idle_statements, db);
  if (by_sql == NULL && create)
    {
      by_sql = g_hash_table_new_full (sql_hash, g_str_equal, g_free,
                                      (GDestroyNotify) g_ptr_array_unref);
      g_hash_table_insert (idle_statements, db, by_sql);
    }
  return by_sql;
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

/* Takes an idle statement for @sql, or %NULL. */
static sqlite3_stmt *
take_idle (sqlite3    *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  GHashTable *by_sql;
  GPtrArray *idle;

  g_mutex_lock (&statements_lock);
  by_sql = idle_for (db, FALSE);
  idle = by_sql != NULL ? g_hash_table_lookup (by_sql, sql) : NULL;
  if (idle != NULL && idle->len > 0)
    stmt = g_ptr_array_steal_index_fast (idle, idle->len - 1);
  g_mutex_unlock (&statements_lock);
  return stmt;
}

/**
 * ctd_store_release_statement:
 * @stmt: (transfer full): a statement from ctd_store_prepare()
 *
 * The cleanup of g_autoptr(CtdStmt): resets @stmt (which ends any read
 * it holds) and keeps it for the next use of its SQL text.
 */
void
ctd_store_release_statement (CtdStmt *stmt)
{
  sqlite3 *db = sqlite3_db_handle (stmt);
  GHashTable *by_sql;
  GPtrArray *idle;

  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  g_mutex_lock (&statements_lock);
  by_sql = idle_for (db, TRUE);
  idle = g_hash_table_lookup (by_sql, sqlite3_sql (stmt));
  if (idle == NULL)
    {
      idle = g_ptr_array_new_with_free_func (finalize_statement);
      g_hash_table_insert (by_sql, g_strdup (sqlite3_sql (stmt)), idle);
    }
  if (idle->len < CTD_STORE_IDLE_MAX)
    {
      g_ptr_array_add (idle, stmt);
      stmt = NULL;
    }
  g_mutex_unlock (&statements_lock);
  sqlite3_finalize (stmt);
}

/**
 * ctd_store_close_db:
 * @db: (transfer full) (nullable): a connection of a store
 *
 * Finalises the connection's idle statements and closes it. Every
 * statement in use must have been released.
 */
void
ctd_store_close_db (sqlite3 *db)
{
  GHashTable *by_sql = NULL;

  if (db == NULL)
    return;
  g_mutex_lock (&statements_lock);
  if (idle_statements != NULL && g_hash_table_steal_extended (idle_statements, db, NULL,
                                                              (gpointer *) &by_sql) &&
      g_hash_table_size (idle_statements) == 0)
    g_clear_pointer (&idle_statements, g_hash_table_unref);
  g_mutex_unlock (&statements_lock);
  g_clear_pointer (&by_sql, g_hash_table_unref);
  if (sqlite3_close (db) != SQLITE_OK)
    g_warning ("Could not close an event file: %s", sqlite3_errmsg (db));
}

/* Prepares one statement (or takes it from the cache) and binds @values
 * (CTD_ARGS (...)) to ?1, ?2... (a statement may leave some unused), or
 * none (CTD_NO_ARGS) for a statement without parameters or one that
 * ctd_store_rebind() fills per item. */
CtdStmt *
ctd_store_prepare (CtdStore        *self,
                   const char      *sql,
                   const CtdValue  *values,
                   gsize            n_values,
                   GError         **error)
{
  sqlite3_stmt *stmt = take_idle (self->db, sql);
  int rc;

  if (stmt == NULL)
    {
      rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
      if (rc != SQLITE_OK)
        {
          ctd_store_fail (self, rc, error);
          return NULL;
        }
    }
  g_assert (n_values == 0 || (gsize) sqlite3_bind_parameter_count (stmt) <= n_values);
  ctd_store_rebind (stmt, values, n_values);
  return stmt;
}

CtdStep
ctd_store_step (CtdStore  *self,
                CtdStmt   *stmt,
                GError   **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW)
    return CTD_STEP_ROW;
  if (rc == SQLITE_DONE)
    return CTD_STEP_DONE;
  ctd_store_fail (self, rc, error);
  return CTD_STEP_FAILED;
}

/* Steps a statement that returns no row. */
gboolean
ctd_store_step_done (CtdStore  *self,
                     CtdStmt   *stmt,
                     GError   **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE)
    return ctd_store_fail (self, rc, error);
  return TRUE;
}

/* Prepares, binds and runs one statement that returns no row. */
gboolean
ctd_store_run (CtdStore        *self,
               const char      *sql,
               const CtdValue  *values,
               gsize            n_values,
               GError         **error)
{
  g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, sql, values, n_values, error);

  return stmt != NULL && ctd_store_step_done (self, stmt, error);
}

/* Runs a query that yields one integer (a count, a PRAGMA): the first
 * column of its first row, 0 when it yields no row. */
gboolean
ctd_store_query_int64 (CtdStore        *self,
                       const char      *sql,
                       const CtdValue  *values,
                       gsize            n_values,
                       gint64          *out_value,
                       GError         **error)
{
  g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, sql, values, n_values, error);
  CtdStep step;

  if (stmt == NULL)
    return FALSE;
  step = ctd_store_step (self, stmt, error);
  if (step == CTD_STEP_FAILED)
    return FALSE;
  *out_value = step == CTD_STEP_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

char *
ctd_store_column_dup (CtdStmt *stmt,
                      int      column)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, column));
}

/* ---- transactions -------------------------------------------------------- */

gboolean
ctd_store_transaction_begin (CtdStore             *self,
                             CtdStoreTransaction  *transaction,
                             gboolean              write,
                             GError              **error)
{
  g_assert (transaction->store == NULL);

  if (!sqlite3_get_autocommit (self->db))
    {
      /* Writes do not nest: each action is one transaction. */
      g_assert (!write);
      return TRUE;
    }
  /* IMMEDIATE takes the write lock at once, so a second writer is told
   * "locked" before anything is read, and nothing read can change under
   * the writer. */
  /* Prepared once, like every statement (ctd_store_prepare()): a window
   * begins and commits hundreds of transactions a minute. */
  if (!ctd_store_run (self, write ? "BEGIN IMMEDIATE" : "BEGIN", CTD_NO_ARGS, error))
    return FALSE;
  transaction->store = self;
  return TRUE;
}

gboolean
ctd_store_transaction_commit (CtdStoreTransaction  *transaction,
                              GError              **error)
{
  CtdStore *self = transaction->store;

  if (self == NULL)
    return TRUE;
  if (!ctd_store_run (self, "COMMIT", CTD_NO_ARGS, error))
    {
      ctd_store_transaction_clear (transaction);
      return FALSE;
    }
  self->rounds_followed = FALSE;
  transaction->store = NULL;
  return TRUE;
}

void
ctd_store_transaction_clear (CtdStoreTransaction *transaction)
{
  CtdStore *self = g_steal_pointer (&transaction->store);

  if (self == NULL)
    return;
  /* The rounds as the store kept them followed a game written here
   * (ctd_store_rounds_follow_game()): rolled back, it was never made. */
  if (self->rounds_followed)
    self->rounds_changes = -1;
  self->rounds_followed = FALSE;
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/**
 * ctd_store_keep_current:
 * @self: a store in a write transaction
 * @changes: sqlite3_total_changes64() before writes that changed no
 *   round's facts and no link (an audit row, a table's line)
 *
 * What the store keeps of the rounds and the links (ctd-store-round-facts.c,
 * ctd-store-links.c) is current while the connection's count of changed
 * rows has not moved since they were read. Writes that change neither
 * move it; those that were current before them are then still current,
 * and the action's next reads need not count every chouette's games
 * again; as they are after a rollback, which changes nothing they count.
 */
void
ctd_store_keep_current (CtdStore *self,
                        gint64    changes)
{
  gint64 now = sqlite3_total_changes64 (self->db);

  if (self->rounds != NULL && self->rounds_changes == changes)
    self->rounds_changes = now;
  if (self->links != NULL && self->links_changes == changes)
    self->links_changes = now;
}

/* ---- the action guard ------------------------------------------------------ */

/**
 * ctd_store_action_begin:
 * @self: a store
 * @action: (out caller-allocates): a guard set to CTD_STORE_ACTION_INIT,
 *   declared g_auto
 * @name: the audit log's name for the action
 * @error: return location for a #GError
 *
 * Starts an action: takes the write lock and opens its audit row, which
 * the triggers file every change under.
 */
gboolean
ctd_store_action_begin (CtdStore        *self,
                        CtdStoreAction  *action,
                        const char      *name,
                        GError         **error)
{
  return ctd_store_action_begin_unlogged (self, action, error) &&
         ctd_store_action_log (action, name, error);
}

/* Rolls the action back unless it was committed. */
void
ctd_store_action_clear (CtdStoreAction *action)
{
  ctd_store_transaction_clear (&action->transaction);
  action->audit_id = 0;
}

/* How many logged rows the action changed so far; rolled back on failure. */
static gboolean
count_changes (CtdStoreAction  *action,
               gint64          *out_n,
               GError         **error)
{
  g_assert (action->transaction.store != NULL && action->audit_id != 0);

  if (ctd_store_query_int64 (action->transaction.store,
                             "SELECT count (*) FROM audit_change WHERE audit = ?1",
                             CTD_ARGS (CTD_INT (action->audit_id)), out_n, error))
    return TRUE;
  ctd_store_action_clear (action);
  return FALSE;
}

/**
 * ctd_store_action_finish:
 * @action: a begun action
 * @summary: one line for the audit log
 * @out_empty: (out): set when the action changed nothing: it was rolled
 *   back, and leaves no entry
 * @error: return location for a #GError
 *
 * Fills the action's audit row's summary, before and after from the row
 * images, without committing: what the action wrote reads as it will be
 * once committed (ctd_store_close_event_full() writes the archive then).
 * On failure the action is rolled back.
 */
gboolean
ctd_store_action_finish (CtdStoreAction  *action,
                         const char      *summary,
                         gboolean        *out_empty,
                         GError         **error)
{
  CtdStore *self = action->transaction.store;
  gint64 n_changes = 0, changes;

  *out_empty = FALSE;
  if (!count_changes (action, &n_changes, error))
    return FALSE;
  if (n_changes == 0)
    {
      *out_empty = TRUE;
      ctd_store_action_clear (action);
      return TRUE;
    }
  changes = sqlite3_total_changes64 (self->db);
  if (!ctd_store_run (self,
                      /* The log, which `log --json` prints, never holds a
                       * table's link: only undo's images do. */
                      "UPDATE audit SET summary = ?2, "
                      "  before = (SELECT json_group_array (json_object ("
                      "              'table', tbl, 'id', row_id, 'row', "
                      "              CASE tbl WHEN 'link' THEN json_remove (before, '$.secret') "
                      "                ELSE json (before) END)) "
                      "            FROM (SELECT * FROM audit_change "
                      "                  WHERE audit = ?1 AND before IS NOT NULL ORDER BY id)), "
                      "  after = (SELECT json_group_array (json_object ("
                      "              'table', tbl, 'id', row_id, 'row', "
                      "              CASE tbl WHEN 'link' THEN json_remove (after, '$.secret') "
                      "                ELSE json (after) END)) "
                      "           FROM (SELECT * FROM audit_change "
                      "                 WHERE audit = ?1 AND after IS NOT NULL ORDER BY id)) "
                      "WHERE id = ?1",
                      CTD_ARGS (CTD_INT (action->audit_id), CTD_TEXT (summary)), error))
    {
      ctd_store_action_clear (action);
      return FALSE;
    }
  ctd_store_keep_current (self, changes);  /* the audit row only */
  return TRUE;
}

/**
 * ctd_store_action_commit:
 * @action: a begun action
 * @summary: one line for the audit log, already translated
 * @error: return location for a #GError
 *
 * Ends an action: fills its audit row (ctd_store_action_finish()) and
 * commits. The summary is stored as the director read it, in the
 * language the action was made in, and the log and undo show it as
 * stored: it records what was said at the time, and a file passed
 * between directors keeps each line readable as written (files from
 * before translation hold English lines, which stay so). An action
 * that changed nothing (checking in a player who is checked in)
 * leaves no entry, so undo never has to undo nothing. On
 * failure the action is rolled back.
 */
gboolean
ctd_store_action_commit (CtdStoreAction  *action,
                         const char      *summary,
                         GError         **error)
{
  gboolean empty = FALSE;

  if (!ctd_store_action_finish (action, summary, &empty, error))
    return FALSE;
  if (empty)
    return TRUE;
  if (!ctd_store_transaction_commit (&action->transaction, error))
    {
      action->audit_id = 0;
      return FALSE;
    }
  action->audit_id = 0;
  return TRUE;
}

/**
 * ctd_store_action_begin_unlogged:
 * @self: a store
 * @action: (out caller-allocates): a guard set to CTD_STORE_ACTION_INIT,
 *   declared g_auto
 * @error: return location for a #GError
 *
 * Starts an action that writes only rows outside the audit log, such as
 * a table's submission, which is no action of the director's and which
 * undo never touches (ctd-store-submissions.c): the write lock, a
 * writable file and an open event, as for any action, but no audit row,
 * until ctd_store_action_log() opens one for a logged change. Nothing is
 * written here, so what the store keeps of the rounds still holds for
 * the action's first reads.
 */
gboolean
ctd_store_action_begin_unlogged (CtdStore        *self,
                                 CtdStoreAction  *action,
                                 GError         **error)
{
  if (self->read_only)
    return ctd_store_refuse_read_only (self, error);
  /* Every write is an action, so this is where a closed event refuses
   * them all: checked under the write lock, so no other window or
   * command can close it in between. */
  if (!ctd_store_transaction_begin (self, &action->transaction, TRUE, error) ||
      !ctd_store_check_not_closed (self, error))
    {
      ctd_store_action_clear (action);
      return FALSE;
    }
  action->changes = sqlite3_total_changes64 (self->db);
  return TRUE;
}

/**
 * ctd_store_action_log:
 * @action: an action begun unlogged
 * @name: the audit log's name for what follows
 * @error: return location for a #GError
 *
 * Opens the action's audit row, inside its transaction: the logged
 * changes after it are filed under it, and the action ends with
 * ctd_store_action_commit().
 */
gboolean
ctd_store_action_log (CtdStoreAction  *action,
                      const char      *name,
                      GError         **error)
{
  CtdStore *self = action->transaction.store;

  g_assert (self != NULL && action->audit_id == 0);

  /* What an unlogged action wrote so far is outside the log: no round's
   * facts, no link; nor is the audit row. */
  ctd_store_keep_current (self, action->changes);
  action->changes = sqlite3_total_changes64 (self->db);
  if (!ctd_store_run (self, "INSERT INTO audit (time, action, summary) "
                      "VALUES (strftime ('%Y-%m-%dT%H:%M:%fZ', 'now'), ?1, '')",
                      CTD_ARGS (CTD_TEXT (name)), error))
    {
      ctd_store_action_clear (action);
      return FALSE;
    }
  ctd_store_keep_current (self, action->changes);
  action->audit_id = sqlite3_last_insert_rowid (self->db);
  return TRUE;
}

/**
 * ctd_store_action_commit_unlogged:
 * @action: an action begun with ctd_store_action_begin_unlogged(), that
 *   opened no audit row
 * @error: return location for a #GError
 *
 * Commits an action that leaves no entry in the audit log.
 */
gboolean
ctd_store_action_commit_unlogged (CtdStoreAction  *action,
                                  GError         **error)
{
  CtdStore *self = action->transaction.store;

  g_assert (self != NULL && action->audit_id == 0);

  /* Rows outside the log change no round's facts and no link. */
  ctd_store_keep_current (self, action->changes);
  if (!ctd_store_transaction_commit (&action->transaction, error))
    {
      ctd_store_action_clear (action);
      return FALSE;
    }
  return TRUE;
}
