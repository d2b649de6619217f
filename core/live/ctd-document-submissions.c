/* ctd-document-submissions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lines tables send from their links, through the document: the
 * table server writes them here (no second way into the event file) and
 * the desk reads, accepts and rejects them here. Each write is announced
 * as any other: an accepted line is a recorded game ("changed"), and
 * every change to where the lines stand is "submissions-changed".
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

/* After a write: announce it (and whatever came before it). */
static gboolean
written (CtdDocument *self,
         gboolean     committed)
{
  if (committed)
    document_catch_up (self, FALSE);
  return committed;
}

/**
 * ctd_document_list_submissions:
 * @self: a document
 * @round: a round, or 0 for all
 * @chouette: a chouette of @round, or 0 for all
 * @error: return location for an error
 *
 * The newest line each table sent for each game, with where it stands
 * (ctd_store_list_submissions()).
 *
 * Returns: (transfer full) (element-type CtdStoreSubmission): the lines,
 *   or %NULL with @error set
 */
GPtrArray *
ctd_document_list_submissions (CtdDocument  *self,
                               guint         round,
                               guint         chouette,
                               GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return ctd_store_list_submissions (self->store, round, chouette, error);
}

/**
 * ctd_document_load_table:
 * @self: a document
 * @secret: a link's secret
 * @out_round: (out) (optional): its chouette's round
 * @out_chouette: (out) (optional): its chouette's number
 * @out_lines: (out) (optional) (transfer full) (element-type CtdStoreSubmission):
 *   the newest line the table sent for each game
 * @error: return location for an error
 *
 * The chouette as its table sees it, its own waiting lines counted in,
 * in one read (ctd_store_load_table()).
 *
 * Returns: (transfer full): the chouette, or %NULL with @error set
 */
CtdChouette *
ctd_document_load_table (CtdDocument  *self,
                         const char   *secret,
                         guint        *out_round,
                         guint        *out_chouette,
                         GPtrArray   **out_lines,
                         GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return ctd_store_load_table (self->store, secret, out_round, out_chouette, out_lines, error);
}

/**
 * ctd_document_submit:
 * @self: a document
 * @secret: the link's secret the line came through
 * @game: 1..CTD_N_GAMES
 * @line: the line
 * @entered_by: the seat of the Box or Captain who entered it
 * @request: the form's idempotency key
 * @address: the phone's address
 * @device: the hash of the phone's device token (ctd_link_hash())
 * @out_id: (out) (optional): the submission
 * @error: return location for an error
 *
 * ctd_store_submit(), announced. Committed without waiting for the disk:
 * acknowledge it once ctd_document_sync_async() says the disk holds it.
 *
 * Returns: whether the line is kept (or was already)
 */
gboolean
ctd_document_submit (CtdDocument  *self,
                     const char   *secret,
                     guint         game,
                     const char   *line,
                     guint         entered_by,
                     const char   *request,
                     const char   *address,
                     const char   *device,
                     gint64       *out_id,
                     GError      **error)
{
  gboolean committed;

  if (!document_action_begin (self, error))
    return FALSE;
  ctd_store_defer_sync (self->store, TRUE);
  committed = ctd_store_submit (self->store, secret, game, line, entered_by, request, address,
                                device, out_id, error);
  ctd_store_defer_sync (self->store, FALSE);
  return written (self, committed);
}

/**
 * ctd_document_answer_submission:
 * @self: a document
 * @secret: the link's secret the answer came through
 * @id: the submission
 * @by: the seat of the player who answers
 * @confirm: confirm the line, or say it is wrong
 * @address: the phone's address
 * @device: the hash of the phone's device token
 * @seat_code: (nullable): the confirmer's seat code, as typed
 * @error: return location for an error
 *
 * ctd_store_answer_submission(), announced (a game when the event
 * records confirmed lines by itself). Committed without waiting for the
 * disk, as ctd_document_submit() is.
 *
 * Returns: whether the answer is kept
 */
gboolean
ctd_document_answer_submission (CtdDocument  *self,
                                const char   *secret,
                                gint64        id,
                                guint         by,
                                gboolean      confirm,
                                const char   *address,
                                const char   *device,
                                const char   *seat_code,
                                GError      **error)
{
  gboolean committed;

  if (!document_action_begin (self, error))
    return FALSE;
  ctd_store_defer_sync (self->store, TRUE);
  committed = ctd_store_answer_submission (self->store, secret, id, by, confirm, address,
                                           device, seat_code, error);
  ctd_store_defer_sync (self->store, FALSE);
  return written (self, committed);
}

/**
 * ctd_document_accept_submission:
 * @self: a document
 * @id: a line that waits for the director
 * @replace: whether it may replace the other line its game holds
 * @error: return location for an error
 *
 * ctd_store_accept_submission(), announced: the desk's Enter on a
 * table's line.
 *
 * Returns: whether the line was recorded
 */
gboolean
ctd_document_accept_submission (CtdDocument  *self,
                                gint64        id,
                                gboolean      replace,
                                GError      **error)
{
  return document_action_begin (self, error) &&
         written (self, ctd_store_accept_submission (self->store, id, replace, error));
}

/**
 * ctd_document_tally_acceptable:
 * @self: a document
 * @round: a round, or 0 for every round
 * @out_tally: (out): what ctd_document_accept_submissions() would do, as
 *   far as the lines tell (ctd_store_tally_lines())
 * @error: return location for an error
 *
 * For the confirmation before the tables' lines are accepted at once.
 *
 * Returns: whether the lines could be read
 */
gboolean
ctd_document_tally_acceptable (CtdDocument     *self,
                               guint            round,
                               CtdAcceptTally  *out_tally,
                               GError         **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return ctd_store_tally_acceptable (self->store, round, out_tally, error);
}

/**
 * ctd_document_accept_submissions:
 * @self: a document
 * @round: a round, or 0 for every round
 * @out_tally: (out) (optional): what was accepted, and what was left
 * @error: return location for an error
 *
 * ctd_store_accept_submissions(), announced: every confirmed line that
 * conflicts with nothing, in one action that one undo takes back.
 *
 * Returns: whether the lines were recorded (or none was to be)
 */
gboolean
ctd_document_accept_submissions (CtdDocument     *self,
                                 guint            round,
                                 CtdAcceptTally  *out_tally,
                                 GError         **error)
{
  return document_action_begin (self, error) &&
         written (self, ctd_store_accept_submissions (self->store, round, out_tally, error));
}

/**
 * ctd_document_reject_submission:
 * @self: a document
 * @id: a line that waits for the director
 * @reason: why, as the table will read it
 * @error: return location for an error
 *
 * ctd_store_reject_submission(), announced.
 *
 * Returns: whether the line was sent back
 */
gboolean
ctd_document_reject_submission (CtdDocument  *self,
                                gint64        id,
                                const char   *reason,
                                GError      **error)
{
  return document_action_begin (self, error) &&
         written (self, ctd_store_reject_submission (self->store, id, reason, error));
}
