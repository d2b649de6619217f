/* ctd-store-links.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ctd-link.h"

/*
 * Each drawn chouette's private link (the table "link", schema 4): the
 * secret a table's phones use to enter that chouette's games. Every
 * chouette has one from its draw on: the draw and the redraw issue them
 * in their own transaction, the upgrade to schema 4 for the chouettes
 * drawn before, and undo for a chouette it puts back from before that
 * upgrade (ctd-store-history.c). Links are rows like any other, logged
 * by the audit triggers, so undo and redo remove and restore them with
 * their draw, and a reissue is undone like any action.
 */

/**
 * ctd_store_link_free:
 * @link: (transfer full) (nullable): an entry of ctd_store_list_links()
 */
void
ctd_store_link_free (CtdStoreLink *link)
{
  if (link == NULL)
    return;
  g_free (link->secret);
  g_free (link->issued);
  g_free (link);
}

/* Secrets are drawn one by one in C (SQLite's randomblob() is not the
 * system's source), for the chouettes read first. */
gboolean
ctd_store_issue_missing_links (CtdStore  *self,
                               GError   **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(CtdStmt) stmt = NULL;
  g_autoptr(CtdStmt) insert = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT c.id FROM chouette AS c "
                            "WHERE NOT EXISTS (SELECT 1 FROM link WHERE link.chouette = c.id) "
                            "ORDER BY c.id", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  if (step == CTD_STEP_FAILED)
    return FALSE;
  g_clear_pointer (&stmt, ctd_store_release_statement);
  if (ids->len == 0)
    return TRUE;

  insert = ctd_store_prepare (self, "INSERT INTO link (chouette, secret, issued) "
                              "VALUES (?1, ?2, strftime ('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                              CTD_NO_ARGS, error);
  if (insert == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      char secret[CTD_LINK_SECRET_CHARS + 1];

      if (!ctd_link_secret_new (secret, error))
        return FALSE;
      ctd_store_rebind (insert, CTD_ARGS (CTD_INT (g_array_index (ids, gint64, i)),
                                          CTD_TEXT (secret)));
      if (!ctd_store_step_done (self, insert, error))
        return FALSE;
    }
  return TRUE;
}

/* Schema 4's C step: the chouettes drawn before links existed get theirs. */
gboolean
ctd_store_upgrade_to_v4 (CtdStore  *self,
                         GError   **error)
{
  return ctd_store_issue_missing_links (self, error);
}

/**
 * ctd_store_list_links:
 * @self: a store
 * @round: a round number, or 0 for every round
 * @error: return location for a #GError
 *
 * Each chouette's link, by round and chouette number.
 *
 * Returns: (transfer full) (element-type CtdStoreLink) (nullable): the
 *   links; %NULL with @error set (%CTD_STORE_ERROR_NOT_FOUND for a round
 *   that does not exist)
 */
GPtrArray *
ctd_store_list_links (CtdStore  *self,
                      guint      round,
                      GError   **error)
{
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  gint64 found = 0;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (round != 0)
    {
      if (!ctd_store_query_int64 (self, "SELECT count (*) FROM round WHERE id = ?1",
                                  CTD_ARGS (CTD_INT (round)), &found, error))
        return NULL;
      if (found == 0)
        {
          ctd_store_no_round (error, round);
          return NULL;
        }
    }
  stmt = ctd_store_prepare (self, "SELECT c.round, c.number, l.secret, l.issued "
                            "FROM link AS l JOIN chouette AS c ON c.id = l.chouette "
                            "WHERE ?1 = 0 OR c.round = ?1 ORDER BY c.round, c.number",
                            CTD_ARGS (CTD_INT (round)), error);
  if (stmt == NULL)
    return NULL;
  links = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_link_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdStoreLink *link = g_new0 (CtdStoreLink, 1);

      link->round = (guint) sqlite3_column_int64 (stmt, 0);
      link->chouette = (guint) sqlite3_column_int64 (stmt, 1);
      link->secret = ctd_store_column_dup (stmt, 2);
      link->issued = ctd_store_column_dup (stmt, 3);
      g_ptr_array_add (links, link);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&links) : NULL;
}

/* A link as ctd_store_find_link() compares it. */
typedef struct
{
  guint round;
  guint chouette;
  char  secret[CTD_LINK_SECRET_CHARS + 1];
} KnownLink;

/* Every link, read again only when something was written since (as the
 * rounds are kept, ctd-store-round-facts.c: this connection's changed rows,
 * the file's data version, never from a write transaction): the table
 * server looks one up for each phone's request. %NULL without @error
 * inside a write transaction when they are not current: the caller
 * reads them itself. */
static GArray *
read_links (CtdStore  *self,
            GError   **error)
{
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (KnownLink));
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  stmt = ctd_store_prepare (self, "SELECT c.round, c.number, l.secret "
                            "FROM link AS l JOIN chouette AS c ON c.id = l.chouette",
                            CTD_NO_ARGS, error);
  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      KnownLink link = {
        .round = (guint) sqlite3_column_int64 (stmt, 0),
        .chouette = (guint) sqlite3_column_int64 (stmt, 1),
      };

      const char *secret = (const char *) sqlite3_column_text (stmt, 2);

      /* The file was validated when opened: a secret that is not one
       * opens nothing, whatever the candidate. */
      if (!ctd_link_secret_is_valid (secret))
        continue;
      g_strlcpy (link.secret, secret, sizeof link.secret);
      g_array_append_val (links, link);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&links) : NULL;
}

static GArray *
known_links (CtdStore  *self,
             GError   **error)
{
  gint64 changes = sqlite3_total_changes64 (self->db);
  gint64 data_version = 0;
  GArray *links;

  if (!ctd_store_query_int64 (self, "PRAGMA data_version", CTD_NO_ARGS, &data_version, error))
    return NULL;
  if (self->links != NULL && self->links_changes == changes &&
      self->links_data_version == data_version)
    return g_array_ref (self->links);
  links = read_links (self, error);
  if (links == NULL || sqlite3_txn_state (self->db, "main") == SQLITE_TXN_WRITE)
    return links;
  g_clear_pointer (&self->links, g_array_unref);
  self->links = g_array_ref (links);
  self->links_changes = changes;
  self->links_data_version = data_version;
  return links;
}

/**
 * ctd_store_find_link:
 * @self: a store
 * @secret: what a request carried as a link's secret (any text)
 * @out_round: (out) (optional): the round of the chouette it opens
 * @out_chouette: (out) (optional): that chouette's number
 * @error: return location for a #GError
 *
 * The chouette a secret opens, whatever its round's state
 * (ctd_link_accepts_entry() says whether it may enter games). A lookup
 * must not tell a guesser by its timing how close a guess came: SQLite's
 * index on the secret compares byte by byte and stops at the first
 * difference. So every link (as the store keeps them, read again after
 * any write) is compared with
 * ctd_link_secret_equal(), which takes the same time wherever a secret
 * differs, without stopping at a match: an event holds at most a few
 * hundred chouettes, and the time then depends only on their count.
 *
 * Returns: whether a chouette has this link; %CTD_STORE_ERROR_NOT_FOUND
 *   when none has
 */
gboolean
ctd_store_find_link (CtdStore    *self,
                     const char  *secret,
                     guint       *out_round,
                     guint       *out_chouette,
                     GError     **error)
{
  g_autoptr(GArray) links = NULL;
  gboolean found = FALSE;
  guint round = 0, chouette = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (secret != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  links = known_links (self, error);
  if (links == NULL)
    return FALSE;
  for (guint i = 0; i < links->len; i++)
    {
      const KnownLink *link = &g_array_index (links, KnownLink, i);
      gboolean match = ctd_link_secret_equal (link->secret, secret);
      /* Kept without a branch on the match: no early exit. */
      guint mask = 0u - (guint) match;

      round |= mask & link->round;
      chouette |= mask & link->chouette;
      found |= match;
    }
  if (!found)
    {
      g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                           _("No chouette of this event has this link"));
      return FALSE;
    }
  if (out_round != NULL)
    *out_round = round;
  if (out_chouette != NULL)
    *out_chouette = chouette;
  return TRUE;
}

/**
 * ctd_store_reissue_link:
 * @self: a store
 * @round: a round number
 * @chouette: a chouette number in it
 * @out_secret: (out) (optional) (transfer full): the new secret
 * @error: return location for a #GError
 *
 * Replaces chouette ROUND.CHOUETTE's link with a new secret, as one
 * action: when a sheet with its link goes missing, the old one no
 * longer opens the chouette, and the other chouettes keep theirs. Undo
 * puts the old one back. Refused for a chouette that does not exist
 * (%CTD_STORE_ERROR_NOT_FOUND) and once the event is closed.
 *
 * Returns: whether the link was reissued
 */
gboolean
ctd_store_reissue_link (CtdStore    *self,
                        guint        round,
                        guint        chouette,
                        char       **out_secret,
                        GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autofree char *summary = NULL;
  char secret[CTD_LINK_SECRET_CHARS + 1];
  gint64 chouette_id;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "reissue-link", error) ||
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, NULL, error) ||
      !ctd_link_secret_new (secret, error) ||
      !ctd_store_run (self, "INSERT INTO link (chouette, secret, issued) "
                      "VALUES (?1, ?2, strftime ('%Y-%m-%dT%H:%M:%SZ', 'now')) "
                      "ON CONFLICT (chouette) DO UPDATE "
                      "SET secret = excluded.secret, issued = excluded.issued",
                      CTD_ARGS (CTD_INT (chouette_id), CTD_TEXT (secret)), error))
    return FALSE;
  /* What the old link sent and nobody has settled goes with it: it
   * leaves the desk's waiting list, and the table's page says why.
   * Submissions are outside the log: undo does not bring it back. */
  if (!ctd_store_run (self,
                      "UPDATE submission SET state = 'rejected', reason = ?2, "
                      "  decided = strftime ('%Y-%m-%dT%H:%M:%SZ', 'now'), "
                      "  revision = (SELECT max (revision) + 1 FROM submission) "
                      "WHERE chouette = ?1 AND (state = 'entered' OR (state = 'confirmed' "
                      "  AND line IS NOT (SELECT g.canonical FROM game AS g "
                      "                   WHERE g.chouette = submission.chouette "
                      "                     AND g.number = submission.game)))",
                      CTD_ARGS (CTD_INT (chouette_id),
                                CTD_TEXT (_("it came through the table's old link, which the "
                                            "director replaced: enter the game again"))),
                      error))
    return FALSE;
  summary = g_strdup_printf (_("Issued a new link for chouette %u.%u: the old one no longer "
                               "opens it"), round, chouette);
  if (!ctd_store_action_commit (&action, summary, error))
    return FALSE;
  if (out_secret != NULL)
    *out_secret = g_strdup (secret);
  return TRUE;
}
