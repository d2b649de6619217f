/* ctd-store-changes.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <string.h>

/*
 * What each audit entry changed, for a window that must refresh exactly
 * the pages concerned after its own actions, undo, redo, or another
 * program's commit to the same file.
 */

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

/* One row per row image of each entry after ?1 (one row with a NULL
 * table for an entry without images), oldest first, with the round and
 * the chouette number the image belongs to, and whether it renamed a
 * player who sits in a chouette. A chouette is found in the entry's own
 * chouette images first (a redraw deletes it), then in the chouette
 * table; NULL when it is in neither. */
static const char changes_sql[] =
  "WITH images AS ("
  "  SELECT a.id AS audit, ch.id AS change, ch.tbl AS tbl, ch.row_id AS row_id, "
  "    ch.before IS NOT NULL AND ch.after IS NOT NULL AS updated, "
  "    coalesce (ch.after, ch.before) AS image, "
  "    ch.tbl = 'player' AND ch.before ->> 'name' IS NOT ch.after ->> 'name' "
  "      AND EXISTS (SELECT 1 FROM seat WHERE seat.player = ch.row_id) AS renamed_seated "
  "  FROM audit AS a LEFT JOIN audit_change AS ch ON ch.audit = a.id "
  "  WHERE a.id > ?1), "
  "located AS ("
  "  SELECT *, CASE tbl WHEN 'chouette' THEN row_id "
  "                     WHEN 'seat' THEN image ->> 'chouette' "
  "                     WHEN 'game' THEN image ->> 'chouette' "
  "                     WHEN 'crosscheck' THEN image ->> 'chouette' "
  "                     WHEN 'link' THEN image ->> 'chouette' END AS chouette_id "
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
  "       ELSE (SELECT number FROM chouette WHERE id = chouette_id) END, "
  "  renamed_seated "
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

/* Adds one row image of table @table to @sum, as ctd_store_list_changes_since()
 * says. */
static void
add_image (ChangeSum   *sum,
           const char  *table,
           gboolean     updated,
           gboolean     located,
           guint        round,
           guint        number,
           gboolean     renamed_seated)
{
  if (g_strcmp0 (table, "event") == 0)
    sum->change.what |= CTD_CHANGE_SETTINGS;
  else if (g_strcmp0 (table, "player") == 0)
    {
      sum->change.what |= CTD_CHANGE_PLAYERS;
      /* The chouettes and standings a player sits in show their name. */
      if (renamed_seated)
        {
          sum->change.what |= CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;
          note_round (sum, FALSE, 0);
        }
    }
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
  else if (g_strcmp0 (table, "link") == 0 && updated && located)
    {
      /* A reissued link: what the chouette's sheet prints. A draw's
       * links come and go with its chouettes (above). */
      sum->change.what |= CTD_CHANGE_CHOUETTE;
      note_chouette (sum, round, number);
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
 * player rows %CTD_CHANGE_PLAYERS (with %CTD_CHANGE_ROUNDS and
 * %CTD_CHANGE_STANDINGS of every round when a player who sits in a
 * chouette was renamed: those lists show the name); round rows and the
 * chouette and seat rows of a draw are %CTD_CHANGE_ROUNDS and
 * %CTD_CHANGE_STANDINGS of their round; games, paper totals and a fixed last-segment order are
 * %CTD_CHANGE_CHOUETTE (with %CTD_CHANGE_STANDINGS for games and paper
 * totals) of their chouette, or %CTD_CHANGE_ROUNDS with round 0 when
 * that chouette is gone; roll-offs and advancers are
 * %CTD_CHANGE_STANDINGS of their round; a reissued link is
 * %CTD_CHANGE_CHOUETTE of its chouette (a draw's links come and go with
 * its chouettes). An undo or a redo reports the
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
                 (guint) sqlite3_column_int64 (stmt, 4),
                 sqlite3_column_int64 (stmt, 5) != 0);
    }
  if (step == CTD_STEP_FAILED)
    return NULL;
  if (sum.change.audit_id != 0)
    append_sum (changes, &sum);
  return g_steal_pointer (&changes);
}
