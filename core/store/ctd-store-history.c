/* ctd-store-history.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "ctd-link.h"

/*
 * The audit log: the triggers that keep its row images, undo and redo
 * (the comment at the top of ctd-store.c says how).
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

/* The tables holding the director's records: the ones the audit
 * triggers watch and undo may write. */
static const char *const logged_tables[] = {
  "event", "player", "round", "chouette", "seat", "game", "crosscheck",
  "rolloff", "advancer", "link",
};

static gboolean
is_plain_identifier (const char *name)
{
  if (name == NULL || !(g_ascii_islower (*name) || *name == '_'))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '_'))
      return FALSE;
  return TRUE;
}

/* json_object ('a', PREFIX.a, 'b', PREFIX.b, ...) over a table's columns. */
static char *
row_image_sql (const char * const *columns,
               const char         *prefix)
{
  GString *sql = g_string_new ("json_object (");

  for (guint i = 0; columns[i] != NULL; i++)
    g_string_append_printf (sql, "%s'%s', %s.%s", i > 0 ? ", " : "", columns[i], prefix,
                            columns[i]);
  g_string_append_c (sql, ')');
  return g_string_free (sql, FALSE);
}

/* A logged table's columns, refused unless they are plain names with an
 * "id" among them. */
static GPtrArray *
read_columns (CtdStore    *self,
              const char  *table,
              GError     **error)
{
  g_autoptr(GPtrArray) columns = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *sql = g_strdup_printf ("PRAGMA main.table_info (%s)", table);
  g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, sql, CTD_NO_ARGS, error);
  gboolean has_id = FALSE;
  CtdStep step;

  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 1);

      if (!is_plain_identifier (name))
        break;
      has_id |= strcmp (name, "id") == 0;
      g_ptr_array_add (columns, g_strdup (name));
    }
  if (step == CTD_STEP_FAILED)
    return NULL;
  if (step != CTD_STEP_DONE || !has_id)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                   _("“%s” is not a Chouette TD event file: its table “%s” is not ours"),
                   self->display_name, table);
      return NULL;
    }
  g_ptr_array_add (columns, NULL);
  return g_steal_pointer (&columns);
}

/* Reads each logged table's columns and installs the TEMP triggers that
 * feed audit_change (see the comment at the top of ctd-store.c). */
gboolean
ctd_store_install_audit_triggers (CtdStore  *self,
                                  GError   **error)
{
  for (guint t = 0; t < G_N_ELEMENTS (logged_tables); t++)
    {
      const char *table = logged_tables[t];
      g_autoptr(GPtrArray) columns = read_columns (self, table, error);
      g_autofree char *old_image = NULL;
      g_autofree char *new_image = NULL;
      g_autofree char *triggers = NULL;

      if (columns == NULL)
        return FALSE;
      old_image = row_image_sql ((const char * const *) columns->pdata, "old");
      new_image = row_image_sql ((const char * const *) columns->pdata, "new");
      triggers = g_strdup_printf (
        "CREATE TEMP TRIGGER ctd_log_%1$s_insert AFTER INSERT ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', new.id, NULL, %3$s); "
        "END; "
        "CREATE TEMP TRIGGER ctd_log_%1$s_update AFTER UPDATE ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', old.id, %2$s, %3$s); "
        "END; "
        "CREATE TEMP TRIGGER ctd_log_%1$s_delete AFTER DELETE ON main.%1$s BEGIN "
        "  INSERT INTO audit_change (audit, tbl, row_id, before, after) "
        "  VALUES ((SELECT max (id) FROM audit), '%1$s', old.id, %2$s, NULL); "
        "END;",
        table, old_image, new_image);
      if (!ctd_store_exec (self, triggers, error))
        return FALSE;

      g_hash_table_insert (self->columns, g_strdup (table), g_ptr_array_steal (columns, NULL));
    }
  return TRUE;
}

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
 * and the values come from the stored JSON image, bound, never spliced.
 * But an undo never puts back a link's secret that an action replaced
 * (a reissue: the old link may be the one that went missing): the row
 * gets a new secret, and @out_new_link says so. A redo puts back what
 * the undo replaced. */
static gboolean
revert_change (CtdStore         *self,
               const RowChange  *change,
               gboolean          undo,
               gboolean         *out_new_link,
               GError          **error)
{
  const char * const *columns = g_hash_table_lookup (self->columns, change->table);
  g_autoptr(GString) sql = g_string_new (NULL);
  char secret[CTD_LINK_SECRET_CHARS + 1] = "";
  gboolean new_link = undo && change->before != NULL && change->after != NULL &&
                      strcmp (change->table, "link") == 0;

  if (columns == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   _("“%s” has an audit entry for an unknown table “%s”; it cannot be undone"),
                   self->display_name, change->table);
      return FALSE;
    }

  /* A chouette drawn before links existed (schema 3) has no link image
   * in its draw's entry, yet has a link since the upgrade: it goes with
   * its chouette (logged in this entry, so a redo puts it back). */
  if (change->before == NULL && strcmp (change->table, "chouette") == 0 &&
      !ctd_store_run (self, "DELETE FROM main.link WHERE chouette = ?1",
                      CTD_ARGS (CTD_INT (change->row_id)), error))
    return FALSE;

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
        if (new_link && strcmp (columns[i], "secret") == 0)
          g_string_append_printf (sql, "%ssecret = ?3", i > 0 ? ", " : "");
        else
          g_string_append_printf (sql, "%s%s = json_extract (?1, '$.%s')", i > 0 ? ", " : "",
                                  columns[i], columns[i]);
      g_string_append (sql, " WHERE id = ?2");
    }

  if (new_link && !ctd_link_secret_new (secret, error))
    return FALSE;
  if (!ctd_store_run (self, sql->str,
                      CTD_ARGS (CTD_TEXT (change->before), CTD_INT (change->row_id),
                                new_link ? CTD_TEXT (secret) : CTD_NULL), error))
    return FALSE;
  if (new_link)
    *out_new_link = TRUE;
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   _("“%s” was changed outside Chouette TD; the last action cannot be undone"),
                   self->display_name);
      return FALSE;
    }
  return TRUE;
}

/* Replays entry @target's row images backwards. */
static gboolean
revert_entry (CtdStore  *self,
              gint64     target,
              gboolean   undo,
              gboolean  *out_new_link,
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
    if (!revert_change (self, g_ptr_array_index (changes, i), undo, out_new_link, error))
      return FALSE;
  return TRUE;
}

/* Undo and redo: reverts the entry @target_sql finds, as an action
 * "undo" summarised "Undid: ...", or "redo" summarised "Redid: ...". */
static gboolean
revert_newest (CtdStore    *self,
               gboolean     undo,
               const char  *target_sql,
               char       **out_summary,
               GError     **error)
{
  const char *name = undo ? "undo" : "redo";
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *original = NULL;
  g_autofree char *summary = NULL;
  gboolean new_link = FALSE;
  gint64 target = 0;

  if (!ctd_store_action_begin (self, &action, name, error) ||
      !find_target (self, target_sql, action.audit_id, &target, &original, error))
    return FALSE;
  if (target == 0)
    return undo ? ctd_store_refuse (error, _("There is nothing to undo in “%s”"),
                                    self->display_name)
                : ctd_store_refuse (error, _("There is nothing to redo in “%s”"),
                                    self->display_name);

  /* Translators: lines of the event's log: the line of the action
   * undone (or redone) follows, as it was logged. */
  if (!revert_entry (self, target, undo, &new_link, error))
    return FALSE;
  if (new_link)
    {
      /* Translators: the line of the action undone, as it was logged,
       * which had replaced a table's link */
      char *said = g_strdup_printf (_("%s; the link it replaced stays revoked: a new one was "
                                      "issued, print the table's slip again"), original);

      g_free (original);
      original = said;
    }
  summary = undo ? g_strdup_printf (_("Undid: %s"), original)
                 : g_strdup_printf (_("Redid: %s"), original);
  /* A chouette put back from before links existed gets one. */
  if (!ctd_store_issue_missing_links (self, error) ||
      /* The images came from the file: written back, they must still
       * be what opening the file accepts. */
      !ctd_store_check_records (self, name, error) ||
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

  return revert_newest (self, TRUE, undo_target_sql, out_summary, error);
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

  return revert_newest (self, FALSE, redo_target_sql, out_summary, error);
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
