/* ctd-document-submission-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lines each chouette's table sent that wait for the director, as
 * the lists a scoring page binds to: handed out by the document, one a
 * chouette, and brought up to date in place whenever where the lines
 * stand may have changed (a line sent, confirmed, accepted, rejected, a
 * game recorded or undone), before "submissions-changed" says so.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"
#include "ctd-submission-items.h"

/* Reads chouette @key's lines again into @list, through its view, from
 * @all (every chouette's newest lines), or from the file when %NULL. */
static gboolean
update_list (CtdDocument  *self,
             gpointer      key,
             CtdItemList  *list,
             GPtrArray    *all,
             GError      **error)
{
  guint round = ctd_chouette_key_round (key);
  guint number = GPOINTER_TO_UINT (key) & G_MAXUINT16;
  g_autoptr(GPtrArray) fresh = NULL;
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  CtdChouetteView *view;

  view = ctd_document_get_chouette_view (self, round, number, error);
  if (view == NULL)
    return FALSE;
  /* A chouette whose draw was undone waits for nobody. */
  if (ctd_chouette_view_get_exists (view))
    {
      if (all == NULL && (all = read = ctd_document_list_submissions (self, round, number,
                                                                      error)) == NULL)
        return FALSE;
      for (guint i = 0; i < all->len; i++)
        {
          CtdStoreSubmission *submission = g_ptr_array_index (all, i);

          if (submission->round == round && submission->chouette == number)
            g_ptr_array_add (mine, submission);
        }
    }
  fresh = ctd_submission_items_new (mine, view);
  ctd_item_list_update (list, fresh);
  return TRUE;
}

/* Brings every list handed out up to date (their views already are),
 * from one read of the file. */
void
document_update_waiting_lines (CtdDocument *self)
{
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer key, list;

  if (g_hash_table_size (self->waiting_lines) == 0)
    return;
  all = ctd_document_list_submissions (self, 0, 0, &error);
  if (all == NULL)
    {
      g_warning ("The tables' lines could not be read: %s", error->message);
      return;
    }
  g_hash_table_iter_init (&iter, self->waiting_lines);
  while (g_hash_table_iter_next (&iter, &key, &list))
    {
      g_clear_error (&error);
      if (!update_list (self, key, list, all, &error))
        g_warning ("The tables' lines of chouette %u.%u could not be read: %s",
                   ctd_chouette_key_round (key), GPOINTER_TO_UINT (key) & G_MAXUINT16,
                   error->message);
    }
}

/**
 * ctd_document_get_waiting_lines:
 * @self: a document
 * @round: a round's number
 * @chouette: the chouette's number in @round
 * @error: return location for a #GError
 *
 * The lines chouette @round.@chouette's table entered and confirmed
 * from its link that wait for the director: pending (the game has no
 * result) or disagreeing (the desk entered another line), in game
 * order, as #CtdSubmissionItem. None of them counts anywhere (totals,
 * standings, the display, exports) until ctd_document_accept_submission()
 * records it. The same list is returned for the same chouette for as
 * long as the document lives, updated in place (an item keeps its object
 * while its line waits, and notifies what changed) before
 * "submissions-changed" is emitted.
 *
 * Returns: (transfer none) (nullable): the list, or %NULL with @error set
 */
GListModel *
ctd_document_get_waiting_lines (CtdDocument  *self,
                                guint         round,
                                guint         chouette,
                                GError      **error)
{
  gpointer key;
  CtdItemList *list;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (chouette <= G_MAXUINT16, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  key = ctd_chouette_key (round, chouette);
  list = g_hash_table_lookup (self->waiting_lines, key);
  if (list == NULL)
    {
      g_autoptr(CtdItemList) fresh = ctd_item_list_new (CTD_TYPE_SUBMISSION_ITEM,
                                                        ctd_submission_item_key,
                                                        ctd_submission_item_assign);

      if (!update_list (self, key, fresh, NULL, error))
        return NULL;
      list = g_steal_pointer (&fresh);
      g_hash_table_insert (self->waiting_lines, key, list);
    }
  return G_LIST_MODEL (list);
}
