/* ctd-document-waiting.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tables' lines that wait for the director across the event, told
 * where the director looks: how many (the window's "Scoring" row) and
 * how many each chouette, the longest wait first (the Table Entry
 * dialog). A line waits as ctd_submission_waits() says, the rule the
 * scoring page's list follows.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

/* The event's waiting lines, in chouette and game order. */
static GPtrArray *
list_waiting (CtdDocument  *self,
              GError      **error)
{
  g_autoptr(GPtrArray) all = ctd_document_list_submissions (self, 0, 0, error);
  GPtrArray *waiting;

  if (all == NULL)
    return NULL;
  waiting = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_submission_free);
  /* Each line goes to the list or is freed here: @all lets go of them. */
  g_ptr_array_set_free_func (all, NULL);
  for (guint i = 0; i < all->len; i++)
    {
      CtdStoreSubmission *line = g_ptr_array_index (all, i);

      if (ctd_submission_waits (line))
        g_ptr_array_add (waiting, line);
      else
        ctd_store_submission_free (line);
    }
  return waiting;
}

/**
 * ctd_document_count_waiting_lines:
 * @self: a document
 * @out_n_lines: (out): how many lines wait, in every chouette
 * @error: return location for an error
 *
 * How many lines the tables confirmed from their links wait for the
 * director to accept or reject, across the event: the sum of every
 * chouette's ctd_document_get_waiting_lines(). It changes as
 * "submissions-changed" says.
 *
 * Returns: whether the lines could be read; @out_n_lines is untouched
 *   otherwise
 */
gboolean
ctd_document_count_waiting_lines (CtdDocument  *self,
                                  guint        *out_n_lines,
                                  GError      **error)
{
  g_autoptr(GPtrArray) waiting = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (out_n_lines != NULL, FALSE);

  waiting = list_waiting (self, error);
  if (waiting == NULL)
    return FALSE;
  *out_n_lines = waiting->len;
  return TRUE;
}

/**
 * ctd_waiting_chouette_free:
 * @waiting: (nullable): a chouette's waiting lines
 */
void
ctd_waiting_chouette_free (CtdWaitingChouette *waiting)
{
  if (waiting == NULL)
    return;
  g_free (waiting->since);
  g_free (waiting);
}

/* Oldest wait first; the same second, in chouette order. */
static int
compare_waits (gconstpointer a,
               gconstpointer b)
{
  const CtdWaitingChouette *one = *(CtdWaitingChouette * const *) a;
  const CtdWaitingChouette *two = *(CtdWaitingChouette * const *) b;
  int by_time = g_strcmp0 (one->since, two->since);

  if (by_time != 0)
    return by_time;
  if (one->round != two->round)
    return one->round < two->round ? -1 : 1;
  return one->chouette < two->chouette ? -1 : one->chouette > two->chouette;
}

/**
 * ctd_waiting_chouettes_group:
 * @lines: (element-type CtdStoreSubmission): the newest lines of each
 *   game, in chouette order (ctd_document_list_submissions())
 *
 * The lines that wait for the director (ctd_submission_waits()), one
 * entry a chouette with how many and since when, the longest wait
 * first: where a director with many tables goes next.
 *
 * Returns: (transfer full) (element-type CtdWaitingChouette): the
 *   chouettes, empty when none waits
 */
GPtrArray *
ctd_waiting_chouettes_group (GPtrArray *lines)
{
  GPtrArray *chouettes = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_waiting_chouette_free);
  CtdWaitingChouette *current = NULL;

  g_return_val_if_fail (lines != NULL, chouettes);

  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);
      const char *since = line->answered != NULL ? line->answered : line->sent;

      if (!ctd_submission_waits (line))
        continue;
      if (current == NULL || current->round != line->round || current->chouette != line->chouette)
        {
          current = g_new0 (CtdWaitingChouette, 1);
          current->round = line->round;
          current->chouette = line->chouette;
          g_ptr_array_add (chouettes, current);
        }
      current->n_lines++;
      if (current->since == NULL || g_strcmp0 (since, current->since) < 0)
        {
          g_free (current->since);
          current->since = g_strdup (since);
        }
    }
  g_ptr_array_sort (chouettes, compare_waits);
  return chouettes;
}

/**
 * ctd_document_list_waiting_chouettes:
 * @self: a document
 * @error: return location for an error
 *
 * ctd_waiting_chouettes_group() for the event's lines: the Table Entry
 * dialog's "Waiting for you", one button a chouette. It changes as
 * "submissions-changed" says.
 *
 * Returns: (transfer full) (element-type CtdWaitingChouette): the
 *   chouettes, or %NULL with @error set
 */
GPtrArray *
ctd_document_list_waiting_chouettes (CtdDocument  *self,
                                     GError      **error)
{
  g_autoptr(GPtrArray) lines = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  lines = ctd_document_list_submissions (self, 0, 0, error);
  return lines != NULL ? ctd_waiting_chouettes_group (lines) : NULL;
}
