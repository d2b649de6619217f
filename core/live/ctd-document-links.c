/* ctd-document-links.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chouettes' private links, through the document: what the table
 * server (core/serve) needs to open a chouette's page from its secret,
 * without a second way into the event file, and the window's reissue of
 * one chouette's link when its sheet or phone goes missing.
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

/**
 * ctd_document_check_reissue_link:
 * @self: a document
 * @round: a round's number
 * @chouette: a chouette's number in @round
 * @error: return location for an error
 *
 * What ctd_document_reissue_link() would refuse, asked before the
 * director confirms: no such chouette (the error says how many the
 * round has), an event closed or open for reading only, an import
 * still writing. Nothing is written.
 *
 * Returns: %TRUE when the link can be reissued now
 */
gboolean
ctd_document_check_reissue_link (CtdDocument  *self,
                                 guint         round,
                                 guint         chouette,
                                 GError      **error)
{
  g_autoptr(CtdStoreChouette) found = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);

  if (!document_action_begin (self, error))
    return FALSE;
  if (ctd_document_get_read_only (self))
    {
      g_set_error_literal (error, CTD_STORE_ERROR,
                           ctd_document_get_closed (self) ? CTD_STORE_ERROR_CLOSED
                                                          : CTD_STORE_ERROR_READ_ONLY,
                           ctd_document_get_read_only_reason (self));
      return FALSE;
    }
  found = ctd_tournament_get_chouette (self->store, round, chouette, error);
  return found != NULL;
}

/**
 * ctd_document_reissue_link:
 * @self: a document
 * @round: a round's number
 * @chouette: a chouette's number in @round
 * @error: return location for an error
 *
 * ctd_store_reissue_link(), announced: chouette @round.@chouette gets a
 * new secret (a sheet or a phone gone missing), its old link opens
 * nothing from now on, and every other chouette keeps its own. One
 * logged action, undone as any other (the old secret comes back).
 *
 * Returns: whether the link was reissued; refused with
 *   %CTD_STORE_ERROR_NOT_FOUND for no such chouette, and once the event
 *   is closed
 */
gboolean
ctd_document_reissue_link (CtdDocument  *self,
                           guint         round,
                           guint         chouette,
                           GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);

  if (!document_action_begin (self, error) ||
      !ctd_store_reissue_link (self->store, round, chouette, NULL, error))
    return FALSE;
  document_catch_up (self, FALSE);
  return TRUE;
}
