/* ctd-store-history.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

/*
 * The audit log, undo, redo and the change feed (the comment at the top
 * of ctd-store.c says how the row images are kept).
 *
 * Undo reverts the newest entry that is not undone yet and is an action
 * or a redo. Redo is the undo of an undo: the redo entry R replays the
 * row images of an undo entry U backwards, which re-applies what U took
 * away, and is linked like an undo (R.undoes = U, U.undone_by = R). The
 * redo candidates are the undo entries not yet redone that come after
 * the newest action (an entry that is neither an undo nor a redo),
 * newest first; so any new action empties the redo list. For example
 * A, B, undo, undo, redo, redo re-applies A, then B; A, undo, C leaves
 * nothing to redo.
 */

/* The newest entry undo would revert, older than ?1. */
static const char undo_target_sql[] =
  "SELECT id FROM audit "
  "WHERE undone_by IS NULL AND action NOT IN ('create', 'undo') AND id < ?1 "
  "ORDER BY id DESC LIMIT 1";

/* The undo entry redo would revert, older than ?1. */
static const char redo_target_sql[] =
  "SELECT id FROM audit "
  "WHERE action = 'undo' AND undone_by IS NULL AND id < ?1 "
  "  AND id > coalesce ((SELECT id FROM audit WHERE action NOT IN ('undo', 'redo') "
  "                      ORDER BY id DESC LIMIT 1), 0) "
  "ORDER BY id DESC LIMIT 1";

/* The summary of the action an entry goes back to through its chain of
 * undos and redos (each points to an older entry, so the walk ends). */
static const char original_summary_sql[] =
  "WITH RECURSIVE chain (id, action, summary, undoes) AS ("
  "  SELECT id, action, summary, undoes FROM audit WHERE id = ?1 "
  "  UNION ALL "
  "  SELECT a.id, a.action, a.summary, a.undoes FROM audit AS a JOIN chain "
  "    ON a.id = chain.undoes AND a.id < chain.id "
  "  WHERE chain.action IN ('undo', 'redo')) "
  "SELECT summary FROM chain ORDER BY action IN ('undo', 'redo'), id LIMIT 1";

/* Finds the target of @target_sql (0 when there is none) and, if asked,
 * the summary of the action it goes back to. */
static gboolean
find_target (CtdStore    *self,
             const char  *target_sql,
             gint64       before_id,
             gint64      *out_target,
             char       **out_summary,
             GError     **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  if (!ctd_store_query_int64 (self, target_sql, CTD_ARGS (CTD_INT (before_id)), out_target,
                              error))
    return FALSE;
  if (*out_target == 0 || out_summary == NULL)
    return TRUE;
  stmt = ctd_store_prepare (self, original_summary_sql, CTD_ARGS (CTD_INT (*out_target)), error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW)
    return FALSE;
  *out_summary = ctd_store_column_dup (stmt, 0);
  return TRUE;
}

typedef struct
{
  char   *table;
  gint64  row_id;
  char   *before;
  char   *after;
} RowChange;

static void
row_change_free (RowChange *change)
{
  g_free (change->table);
  g_free (change->before);
  g_free (change->after);
  g_free (change);
}

/* Puts one row back as @change found it. The table must be one we log
 * and the values come from the stored JSON image, bound, never spliced. */
static gboolean
revert_change (CtdStore         *self,
               const RowChange  *change,
               GError          **error)
{
  const char * const *columns = g_hash_table_lookup (self->columns, change->table);
  g_autoptr(GString) sql = g_string_new (NULL);

  if (columns == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” has an audit entry for an unknown table “%s”; it cannot be undone",
                   self->display_name, change->table);
      return FALSE;
    }

  if (change->before == NULL)
    g_string_printf (sql, "DELETE FROM main.%s WHERE id = ?2", change->table);
  else if (change->after == NULL)
    {
      g_string_printf (sql, "INSERT INTO main.%s (", change->table);
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%s%s", i > 0 ? ", " : "", columns[i]);
      g_string_append (sql, ") VALUES (");
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%sjson_extract (?1, '$.%s')", i > 0 ? ", " : "",
                                columns[i]);
      g_string_append (sql, ")");
    }
  else
    {
      g_string_printf (sql, "UPDATE main.%s SET ", change->table);
      for (guint i = 0; columns[i] != NULL; i++)
        g_string_append_printf (sql, "%s%s = json_extract (?1, '$.%s')", i > 0 ? ", " : "",
                                columns[i], columns[i]);
      g_string_append (sql, " WHERE id = ?2");
    }

  if (!ctd_store_run (self, sql->str,
                      CTD_ARGS (CTD_TEXT (change->before), CTD_INT (change->row_id)), error))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” was changed outside Chouette TD; the last action cannot be undone",
                   self->display_name);
      return FALSE;
    }
  return TRUE;
}

/* Replays entry @target's row images backwards. */
static gboolean
revert_entry (CtdStore  *self,
              gint64     target,
              GError   **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) row_change_free);
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  /* Read every image first: reverting writes new ones to the same table. */
  stmt = ctd_store_prepare (self, "SELECT tbl, row_id, before, after FROM audit_change "
                            "WHERE audit = ?1 ORDER BY id DESC", CTD_ARGS (CTD_INT (target)),
                            error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      RowChange *change = g_new0 (RowChange, 1);

      change->table = ctd_store_column_dup (stmt, 0);
      change->row_id = sqlite3_column_int64 (stmt, 1);
      change->before = ctd_store_column_dup (stmt, 2);
      change->after = ctd_store_column_dup (stmt, 3);
      g_ptr_array_add (changes, change);
    }
  if (step == CTD_STEP_FAILED)
    return FALSE;

  for (guint i = 0; i < changes->len; i++)
    if (!revert_change (self, g_ptr_array_index (changes, i), error))
      return FALSE;
  return TRUE;
}

/* Undo and redo: reverts the entry @target_sql finds, as an action
 * @name ("undo", "redo") summarised "@verb: ...". */
static gboolean
revert_newest (CtdStore    *self,
               const char  *name,
               const char  *target_sql,
               const char  *verb,
               char       **out_summary,
               GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *original = NULL;
  g_autofree char *summary = NULL;
  gint64 target = 0;

  if (!ctd_store_action_begin (self, &action, name, error) ||
      !find_target (self, target_sql, action.audit_id, &target, &original, error))
    return FALSE;
  if (target == 0)
    return ctd_store_refuse (error, "There is nothing to %s in “%s”", name, self->display_name);

  summary = g_strdup_printf ("%s: %s", verb, original);
  if (!revert_entry (self, target, error) ||
      !ctd_store_run (self, "UPDATE audit SET undone_by = ?2 WHERE id = ?1",
                      CTD_ARGS (CTD_INT (target), CTD_INT (action.audit_id)), error) ||
      !ctd_store_run (self, "UPDATE audit SET undoes = ?1 WHERE id = ?2",
                      CTD_ARGS (CTD_INT (target), CTD_INT (action.audit_id)), error) ||
      !ctd_store_action_commit (&action, summary, error))
    return FALSE;
  if (out_summary != NULL)
    *out_summary = g_steal_pointer (&original);
  return TRUE;
}

/**
 * ctd_store_undo:
 * @self: a store
 * @out_summary: (out) (optional) (transfer full): the summary of the
 *   action that was undone
 * @error: return location for a #GError
 *
 * Reverts the newest action (or redo) that is not undone yet. Repeating
 * it walks back through the actions to the newly created event. The
 * undo is itself an audit entry ("undo", summarised "Undid: ..."), and
 * the undone entry stays in the log, marked. With nothing left to undo
 * it is refused, changing nothing.
 *
 * Returns: whether an action was undone
 */
gboolean
ctd_store_undo (CtdStore  *self,
                char     **out_summary,
                GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return revert_newest (self, "undo", undo_target_sql, "Undid", out_summary, error);
}

/**
 * ctd_store_redo:
 * @self: a store
 * @out_summary: (out) (optional) (transfer full): the summary of the
 *   action that was re-applied
 * @error: return location for a #GError
 *
 * Re-applies the newest undone action, from the row images its undo
 * logged; repeating it re-applies the undone actions in the order they
 * were first made. The redo is itself an audit entry ("redo", summarised
 * "Redid: ..."), which undo can take back. Any new action empties the
 * redo list. With nothing to redo it is refused, changing nothing.
 *
 * Returns: whether an action was re-applied
 */
gboolean
ctd_store_redo (CtdStore  *self,
                char     **out_summary,
                GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return revert_newest (self, "redo", redo_target_sql, "Redid", out_summary, error);
}

/**
 * ctd_store_get_history:
 * @self: a store
 * @out_undo: (out) (optional) (transfer full) (nullable): the summary of
 *   the action ctd_store_undo() would take back now, %NULL when none
 * @out_redo: (out) (optional) (transfer full) (nullable): the summary of
 *   the action ctd_store_redo() would re-apply now, %NULL when none
 * @error: return location for a #GError
 *
 * What undo and redo would act on, for the labels of a window's
 * commands (e.g. "Chouette 1.3 game 5: B 2:2"): the original action's
 * summary, even when the entry is itself a redo.
 *
 * Returns: whether the history was read (both outputs %NULL on error)
 */
gboolean
ctd_store_get_history (CtdStore  *self,
                       char     **out_undo,
                       char     **out_redo,
                       GError   **error)
{
  g_auto(CtdStoreTransaction) snapshot = { NULL, };
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  gint64 target;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_transaction_begin (self, &snapshot, FALSE, error) ||
      !find_target (self, undo_target_sql, G_MAXINT64, &target, &undo, error) ||
      !find_target (self, redo_target_sql, G_MAXINT64, &target, &redo, error))
    return FALSE;
  if (out_undo != NULL)
    *out_undo = g_steal_pointer (&undo);
  if (out_redo != NULL)
    *out_redo = g_steal_pointer (&redo);
  return TRUE;
}

/**
 * ctd_store_list_audit:
 * @self: a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type CtdStoreAuditEntry) (nullable):
 *   the whole audit log, oldest first; %NULL with @error set
 */
GPtrArray *
ctd_store_list_audit (CtdStore  *self,
                      GError   **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT id, time, action, summary, before, after, "
                            "  coalesce (undoes, 0), coalesce (undone_by, 0) "
                            "FROM audit ORDER BY id", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return NULL;
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_audit_entry_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdStoreAuditEntry *entry = g_new0 (CtdStoreAuditEntry, 1);

      entry->id = sqlite3_column_int64 (stmt, 0);
      entry->time = ctd_store_column_dup (stmt, 1);
      entry->action = ctd_store_column_dup (stmt, 2);
      entry->summary = ctd_store_column_dup (stmt, 3);
      entry->before = ctd_store_column_dup (stmt, 4);
      entry->after = ctd_store_column_dup (stmt, 5);
      entry->undoes = sqlite3_column_int64 (stmt, 6);
      entry->undone_by = sqlite3_column_int64 (stmt, 7);
      g_ptr_array_add (entries, entry);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&entries) : NULL;
}

/**
 * ctd_store_get_last_audit_id:
 * @self: a store
 * @error: return location for a #GError
 *
 * The newest audit entry, where a window starts following
 * ctd_store_list_changes_since().
 *
 * Returns: its id; 0 on error (with @error set)
 */
gint64
ctd_store_get_last_audit_id (CtdStore  *self,
                             GError   **error)
{
  gint64 id = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!ctd_store_query_int64 (self, "SELECT coalesce (max (id), 0) FROM audit", CTD_NO_ARGS,
                              &id, error))
    return 0;
  return id;
}

/* ---- the change feed ------------------------------------------------------ */

/* One row per row image of each entry after ?1 (one row with a NULL
 * table for an entry without images), oldest first, with the round and
 * the chouette number the image belongs to. A chouette is found in the
 * entry's own chouette images first (a redraw deletes it), then in the
 * chouette table; NULL when it is in neither. */
static const char changes_sql[] =
  "WITH images AS ("
  "  SELECT a.id AS audit, ch.id AS change, ch.tbl AS tbl, ch.row_id AS row_id, "
  "    ch.before IS NOT NULL AND ch.after IS NOT NULL AS updated, "
  "    coalesce (ch.after, ch.before) AS image "
  "  FROM audit AS a LEFT JOIN audit_change AS ch ON ch.audit = a.id "
  "  WHERE a.id > ?1), "
  "located AS ("
  "  SELECT *, CASE tbl WHEN 'chouette' THEN row_id "
  "                     WHEN 'seat' THEN image ->> 'chouette' "
  "                     WHEN 'game' THEN image ->> 'chouette' "
  "                     WHEN 'crosscheck' THEN image ->> 'chouette' END AS chouette_id "
  "  FROM images), "
  "found AS ("
  "  SELECT *, (SELECT coalesce (o.after, o.before) FROM audit_change AS o "
  "             WHERE o.audit = located.audit AND o.tbl = 'chouette' "
  "               AND o.row_id = located.chouette_id ORDER BY o.id DESC LIMIT 1) AS own "
  "  FROM located) "
  "SELECT audit, tbl, updated, "
  "  CASE WHEN tbl = 'round' THEN row_id "
  "       WHEN tbl IN ('rolloff', 'advancer') THEN image ->> 'round' "
  "       WHEN own IS NOT NULL THEN own ->> 'round' "
  "       ELSE (SELECT round FROM chouette WHERE id = chouette_id) END, "
  "  CASE WHEN own IS NOT NULL THEN own ->> 'number' "
  "       ELSE (SELECT number FROM chouette WHERE id = chouette_id) END "
  "FROM found ORDER BY audit, change";

/* What one entry changed, gathered image by image. */
typedef struct
{
  CtdStoreChange change;
  gboolean       any_round;
  gboolean       several_rounds;
  gboolean       any_chouette;
  gboolean       several_chouettes;
  guint          chouette_round;
} ChangeSum;

static void
note_round (ChangeSum *sum,
            gboolean   known,
            guint      round)
{
  if (!known || (sum->any_round && sum->change.round != round))
    sum->several_rounds = TRUE;
  sum->any_round = TRUE;
  sum->change.round = round;
}

static void
note_chouette (ChangeSum *sum,
               guint      round,
               guint      number)
{
  note_round (sum, TRUE, round);
  if (sum->any_chouette && (sum->chouette_round != round || sum->change.chouette != number))
    sum->several_chouettes = TRUE;
  sum->any_chouette = TRUE;
  sum->chouette_round = round;
  sum->change.chouette = number;
}

/* Adds one row image of table @table to @sum (SPEC: the CtdChange flags). */
static void
add_image (ChangeSum   *sum,
           const char  *table,
           gboolean     updated,
           gboolean     located,
           guint        round,
           guint        number)
{
  if (g_strcmp0 (table, "event") == 0)
    sum->change.what |= CTD_CHANGE_SETTINGS;
  else if (g_strcmp0 (table, "player") == 0)
    sum->change.what |= CTD_CHANGE_PLAYERS;
  else if (g_strcmp0 (table, "chouette") == 0 && updated)
    {
      /* Only the fixed last-segment order of a chouette ever changes. */
      sum->change.what |= CTD_CHANGE_CHOUETTE;
      note_chouette (sum, round, number);
    }
  else if (g_strcmp0 (table, "round") == 0 || g_strcmp0 (table, "chouette") == 0 ||
           g_strcmp0 (table, "seat") == 0)
    {
      sum->change.what |= CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;
      note_round (sum, located, round);
    }
  else if (g_strcmp0 (table, "game") == 0 || g_strcmp0 (table, "crosscheck") == 0)
    {
      if (located)
        {
          sum->change.what |= CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS;
          note_chouette (sum, round, number);
        }
      else
        {
          sum->change.what |= CTD_CHANGE_ROUNDS;
          note_round (sum, FALSE, 0);
        }
    }
  else if (g_strcmp0 (table, "rolloff") == 0 || g_strcmp0 (table, "advancer") == 0)
    {
      sum->change.what |= CTD_CHANGE_STANDINGS;
      note_round (sum, located, round);
    }
}

static void
append_sum (GArray    *changes,
            ChangeSum *sum)
{
  CtdStoreChange change = sum->change;

  if (sum->several_rounds || !sum->any_round)
    change.round = 0;
  if (change.round == 0 || sum->several_chouettes || !(change.what & CTD_CHANGE_CHOUETTE))
    change.chouette = 0;
  g_array_append_val (changes, change);
}

/**
 * ctd_store_list_changes_since:
 * @self: a store
 * @after_id: an audit entry's id, e.g. from ctd_store_get_last_audit_id()
 * @error: return location for a #GError
 *
 * What every audit entry after @after_id changed, oldest first, derived
 * from the entry's row images: the event row is %CTD_CHANGE_SETTINGS,
 * player rows %CTD_CHANGE_PLAYERS; round rows and the chouette and seat
 * rows of a draw are %CTD_CHANGE_ROUNDS and %CTD_CHANGE_STANDINGS of
 * their round; games, paper totals and a fixed last-segment order are
 * %CTD_CHANGE_CHOUETTE (with %CTD_CHANGE_STANDINGS for games and paper
 * totals) of their chouette, or %CTD_CHANGE_ROUNDS with round 0 when
 * that chouette is gone; roll-offs and advancers are
 * %CTD_CHANGE_STANDINGS of their round. An undo or a redo reports the
 * rows it changed itself. An entry without row images (the one that
 * created the file) changed nothing a window shows.
 *
 * Returns: (transfer full) (element-type CtdStoreChange) (nullable): the
 *   changes, possibly none; %NULL with @error set
 */
GArray *
ctd_store_list_changes_since (CtdStore  *self,
                              gint64     after_id,
                              GError   **error)
{
  g_autoptr(GArray) changes = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  ChangeSum sum = { { 0, }, };
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = ctd_store_prepare (self, changes_sql, CTD_ARGS (CTD_INT (after_id)), error);
  if (stmt == NULL)
    return NULL;
  changes = g_array_new (FALSE, TRUE, sizeof (CtdStoreChange));
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 audit_id = sqlite3_column_int64 (stmt, 0);

      if (audit_id != sum.change.audit_id)
        {
          if (sum.change.audit_id != 0)
            append_sum (changes, &sum);
          memset (&sum, 0, sizeof sum);
          sum.change.audit_id = audit_id;
        }
      add_image (&sum, (const char *) sqlite3_column_text (stmt, 1),
                 sqlite3_column_int64 (stmt, 2) != 0,
                 sqlite3_column_type (stmt, 3) != SQLITE_NULL,
                 (guint) sqlite3_column_int64 (stmt, 3),
                 (guint) sqlite3_column_int64 (stmt, 4));
    }
  if (step == CTD_STEP_FAILED)
    return NULL;
  if (sum.change.audit_id != 0)
    append_sum (changes, &sum);
  return g_steal_pointer (&changes);
}
