/* ctd-document-links.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chouettes' private links, read through the document: what the
 * table server (core/serve) needs to open a chouette's page from its
 * secret, without a second way into the event file.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"
#include "ctd-link.h"

/**
 * ctd_document_list_links:
 * @self: a document
 * @round: one round's links, or 0 for every chouette's
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type CtdStoreLink): the links by
 *   round and chouette, or %NULL with @error set
 */
GPtrArray *
ctd_document_list_links (CtdDocument  *self,
                         guint         round,
                         GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return ctd_store_list_links (self->store, round, error);
}

/**
 * ctd_document_find_link:
 * @self: a document
 * @secret: what a table gave as its link's secret
 * @out_round: (out): the round of the chouette it opens
 * @out_chouette: (out): the chouette's number in its round
 * @error: return location for an error
 *
 * Finds the chouette a secret opens, compared in constant time by the
 * store: no answer comes sooner for a secret that is nearly right.
 *
 * Returns: %TRUE when a chouette has that secret; %FALSE with @error
 *   set otherwise (CTD_STORE_ERROR_NOT_FOUND when none has it)
 */
gboolean
ctd_document_find_link (CtdDocument  *self,
                        const char   *secret,
                        guint        *out_round,
                        guint        *out_chouette,
                        GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (secret != NULL, FALSE);
  return ctd_store_find_link (self->store, secret, out_round, out_chouette, error);
}

/**
 * ctd_document_link_accepts_entry:
 * @self: a document
 * @round: a round's number
 *
 * Whether the links of round @round open their chouettes now: only
 * while the round is in play and the event is open (ctd_link_accepts_entry()).
 *
 * Returns: %TRUE when they do; %FALSE too when the round cannot be read
 */
gboolean
ctd_document_link_accepts_entry (CtdDocument *self,
                                 guint        round)
{
  g_autoptr(GError) error = NULL;
  gboolean accepts = FALSE;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  if (!ctd_tournament_link_accepts_entry (self->store, round, &accepts, &error))
    {
      g_debug ("Round %u opens no link: %s", round, error->message);
      return FALSE;
    }
  return accepts;
}
