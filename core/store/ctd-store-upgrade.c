/* ctd-store-upgrade.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

/*
 * The C steps of the migration ladder (ctd-store.c runs each rung's SQL,
 * then its step, in the transaction that upgrades the file): what an
 * upgrade needs the rules for, not only SQL. The audit triggers are not
 * installed yet, so nothing here is logged as an action.
 */

/* The ledger of a canonical line for game @game of a chouette of @size
 * (its last-segment order @order, if fixed), by the current rules; %NULL
 * when the line no longer reads. */
static char *
ledger_for (guint        size,
            guint        game,
            const guint *order,
            const char  *canonical)
{
  g_autoptr(CtdResult) result = NULL;
  CtdGameContext context;
  CtdGameSlot slot;

  if (!ctd_schedule_size_is_valid (size) || game < 1 || game > CTD_N_GAMES || canonical == NULL)
    return NULL;
  ctd_schedule_slot (size, game, order, &slot);
  context = (CtdGameContext) { game, size, slot.box, slot.captain, slot.cube_start };
  result = ctd_result_parse (&context, canonical, NULL);
  return result != NULL ? ctd_store_ledger_json (result) : NULL;
}

typedef struct
{
  gint64  id;
  char   *before;
  char   *after;
} Image;

static void
image_free (Image *image)
{
  g_free (image->before);
  g_free (image->after);
  g_free (image);
}

/* The ledger of a game row's image ({"chouette": .., "number": ..,
 * "canonical": .., ...}) by the current rules, with its chouette's size
 * and fixed order as they are now; %NULL when that chouette is gone or
 * the line no longer reads. */
static char *
image_ledger (CtdStore    *self,
              const char  *image,
              GError     **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  guint order[CTD_MAX_PLAYERS - 1] = { 0, };
  gboolean fixed;
  guint size;

  stmt = ctd_store_prepare (self,
                            "SELECT c.size, c.last_order IS NOT NULL, "
                            "  json_extract (c.last_order, '$[0]'), "
                            "  json_extract (c.last_order, '$[1]'), "
                            "  json_extract (c.last_order, '$[2]'), "
                            "  ?1 ->> 'number', ?1 ->> 'canonical' "
                            "FROM chouette AS c WHERE c.id = ?1 ->> 'chouette'",
                            CTD_ARGS (CTD_TEXT (image)), error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW)
    return NULL;
  size = (guint) sqlite3_column_int64 (stmt, 0);
  fixed = sqlite3_column_int64 (stmt, 1) != 0;
  for (guint i = 0; i + 1 < CTD_MAX_PLAYERS; i++)
    order[i] = (guint) sqlite3_column_int64 (stmt, 2 + (int) i);
  if (fixed && !ctd_schedule_check_last_segment_order (size, order, NULL))
    return NULL;
  return ledger_for (size, (guint) sqlite3_column_int64 (stmt, 5), fixed ? order : NULL,
                     (const char *) sqlite3_column_text (stmt, 6));
}

/* Replaces the ledger inside a game row image (JSON text), or returns
 * %NULL to leave it. */
static char *
image_with_ledger (CtdStore    *self,
                   const char  *image,
                   GError     **error)
{
  g_autofree char *ledger = NULL;
  g_autoptr(CtdStmt) stmt = NULL;

  if (image == NULL || (ledger = image_ledger (self, image, error)) == NULL)
    return NULL;
  /* An image holds each column's value: the ledger as text, as stored. */
  stmt = ctd_store_prepare (self, "SELECT json_set (?1, '$.ledger', ?2)",
                            CTD_ARGS (CTD_TEXT (image), CTD_TEXT (ledger)), error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW)
    return NULL;
  return ctd_store_column_dup (stmt, 0);
}

/* Part of schema 2's upgrade: every stored game's ledger,
 * and the ledger in every game row image undo may put back, written
 * again from its canonical line by the current rules. A line that no
 * longer reads keeps its ledger (loading its chouette reports it). */
static gboolean
recompute_ledgers (CtdStore  *self,
                   GError   **error)
{
  g_autoptr(GPtrArray) images = g_ptr_array_new_with_free_func ((GDestroyNotify) image_free);
  g_autoptr(CtdStmt) stmt = NULL;
  g_autoptr(CtdStmt) update = NULL;
  CtdStep step;

  /* The games as rows of their own: their images, read before writing. */
  stmt = ctd_store_prepare (self, "SELECT g.id, json_object ('chouette', g.chouette, "
                            "  'number', g.number, 'canonical', g.canonical, 'ledger', g.ledger) "
                            "FROM game AS g ORDER BY g.id", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      Image *image = g_new0 (Image, 1);

      image->id = sqlite3_column_int64 (stmt, 0);
      image->after = ctd_store_column_dup (stmt, 1);
      g_ptr_array_add (images, image);
    }
  if (step == CTD_STEP_FAILED)
    return FALSE;
  g_clear_pointer (&stmt, ctd_store_release_statement);

  update = ctd_store_prepare (self, "UPDATE game SET ledger = ?2 ->> 'ledger' "
                              "WHERE id = ?1 AND ledger IS NOT ?2 ->> 'ledger'", CTD_NO_ARGS,
                              error);
  if (update == NULL)
    return FALSE;
  for (guint i = 0; i < images->len; i++)
    {
      Image *image = g_ptr_array_index (images, i);
      g_autoptr(GError) failure = NULL;
      g_autofree char *fresh = image_with_ledger (self, image->after, &failure);

      if (failure != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&failure));
          return FALSE;
        }
      if (fresh == NULL)
        continue;
      ctd_store_rebind (update, CTD_ARGS (CTD_INT (image->id), CTD_TEXT (fresh)));
      if (!ctd_store_step_done (self, update, error))
        return FALSE;
    }
  g_clear_pointer (&update, ctd_store_release_statement);
  g_ptr_array_set_size (images, 0);

  /* The audit log's row images of games, which undo and redo write back. */
  stmt = ctd_store_prepare (self, "SELECT id, before, after FROM audit_change "
                            "WHERE tbl = 'game' ORDER BY id", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      Image *image = g_new0 (Image, 1);

      image->id = sqlite3_column_int64 (stmt, 0);
      image->before = ctd_store_column_dup (stmt, 1);
      image->after = ctd_store_column_dup (stmt, 2);
      g_ptr_array_add (images, image);
    }
  if (step == CTD_STEP_FAILED)
    return FALSE;
  g_clear_pointer (&stmt, ctd_store_release_statement);

  update = ctd_store_prepare (self, "UPDATE audit_change SET before = coalesce (?2, before), "
                              "  after = coalesce (?3, after) WHERE id = ?1", CTD_NO_ARGS, error);
  if (update == NULL)
    return FALSE;
  for (guint i = 0; i < images->len; i++)
    {
      Image *image = g_ptr_array_index (images, i);
      g_autoptr(GError) failure = NULL;
      g_autofree char *before = image_with_ledger (self, image->before, &failure);
      g_autofree char *after = NULL;

      if (failure == NULL)
        after = image_with_ledger (self, image->after, &failure);
      if (failure != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&failure));
          return FALSE;
        }
      if (before == NULL && after == NULL)
        continue;
      ctd_store_rebind (update, CTD_ARGS (CTD_INT (image->id), CTD_TEXT (before),
                                          CTD_TEXT (after)));
      if (!ctd_store_step_done (self, update, error))
        return FALSE;
    }
  return TRUE;
}

/* Schema 2's C step. The paper is the locale's (what `init` would choose
 * now); the event's row images in the audit log gain it, so that undo
 * can still put back an older row (undo writes every column). Every
 * game's ledger is recomputed: since a taken extra is paid for (SPEC 5),
 * ledgers written by schema 1 may be stale, and the round's state sums
 * them against the paper totals. */
gboolean
ctd_store_upgrade_to_v2 (CtdStore  *self,
                         GError   **error)
{
  const char *paper = ctd_store_paper_to_string (ctd_store_default_paper ());

  return ctd_store_run (self, "UPDATE event SET paper = ?1", CTD_ARGS (CTD_TEXT (paper)),
                        error) &&
         ctd_store_run (self, "UPDATE audit_change SET "
                        "  before = CASE WHEN before IS NULL THEN NULL "
                        "                ELSE json_insert (before, '$.paper', ?1) END, "
                        "  after = CASE WHEN after IS NULL THEN NULL "
                        "               ELSE json_insert (after, '$.paper', ?1) END "
                        "WHERE tbl = 'event'", CTD_ARGS (CTD_TEXT (paper)), error) &&
         recompute_ledgers (self, error);
}

