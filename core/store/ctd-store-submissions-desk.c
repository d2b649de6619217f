/* ctd-store-submissions-desk.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>

/*
 * The director's side of the tables' lines (ctd-store-submissions.c):
 * a confirmed line accepted, recorded as the desk's own entry in one
 * logged action that says where it came from, or rejected with a reason
 * the table reads.
 */

/* Where a submission came from, for the audit log: "from table 1.3's
 * link: entered by Ann (192.168.1.23), confirmed by Bob
 * (192.168.1.40)", and when one phone did both, that it did. */
static char *
describe_source (const CtdStoreSubmission *submission,
                 const CtdChouette        *chouette)
{
  const char *confirmed_from = submission->confirm_address != NULL
                               ? submission->confirm_address : submission->address;

  if (submission->one_device)
    /* Translators: the chouette ("1.3"), who entered the line, the
     * phone's address, then who confirmed it on that phone */
    return g_strdup_printf (_("from table %u.%u's link: entered by %s (%s), confirmed by %s "
                              "on the same phone, with a seat code"),
                            submission->round, submission->chouette,
                            ctd_store_seat_name (chouette, submission->entered_by),
                            submission->address,
                            ctd_store_seat_name (chouette, submission->confirmed_by));
  /* Translators: the chouette ("1.3"), who entered the line and from
   * which address, then who confirmed it and from which address */
  return g_strdup_printf (_("from table %u.%u's link: entered by %s (%s), confirmed by %s (%s)"),
                          submission->round, submission->chouette,
                          ctd_store_seat_name (chouette, submission->entered_by),
                          submission->address,
                          ctd_store_seat_name (chouette, submission->confirmed_by),
                          confirmed_from);
}

/* Records a confirmed @submission in the caller's action, as the desk's
 * own entry does, and logs where it came from. */
gboolean
ctd_store_record_submission (CtdStore                  *self,
                             CtdStoreAction            *action,
                             const CtdStoreSubmission  *submission,
                             gboolean                   replace,
                             GError                   **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  g_autofree char *written = NULL;
  g_autofree char *source = NULL;
  g_autofree char *summary = NULL;
  gint64 chouette_id;
  guint size;

  if (!ctd_store_find_chouette (self, submission->round, submission->chouette, &chouette_id,
                                &size, error) ||
      (chouette = ctd_store_load_chouette_by_id (self, chouette_id, size, error)) == NULL ||
      !ctd_store_write_game (self, submission->round, submission->chouette, submission->game,
                             submission->line, replace, &written, error))
    return FALSE;
  g_assert (written != NULL);  /* the game did not hold this line */
  source = describe_source (submission, chouette);
  summary = g_strdup_printf ("%s (%s)", written, source);
  return ctd_store_action_commit (action, summary, error);
}

/* Submission @id as the director sees it, with its chouette's id; it
 * must still wait for the director. */
static CtdStoreSubmission *
find_waiting (CtdStore  *self,
              gint64     id,
              GError   **error)
{
  g_autoptr(CtdStoreSubmission) submission = NULL;
  gint64 chouette_id = 0;

  if (!ctd_store_query_int64 (self, "SELECT chouette FROM submission WHERE id = ?1",
                              CTD_ARGS (CTD_INT (id)), &chouette_id, error))
    return NULL;
  if (chouette_id == 0)
    {
      /* The number as text: a format macro inside the message would cut
       * it short for the translators' tools. */
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("There is no table's line %s in this event"), number);
      return NULL;
    }
  submission = ctd_store_find_submission (self, chouette_id, id, error);
  if (submission == NULL)
    return NULL;
  if (submission->state != CTD_SUBMISSION_PENDING && submission->state != CTD_SUBMISSION_DISAGREES)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("Chouette %u.%u game %u: no line from the table waits for the director"),
                   submission->round, submission->chouette, submission->game);
      return NULL;
    }
  return g_steal_pointer (&submission);
}

/**
 * ctd_store_accept_submission:
 * @self: a store
 * @id: a confirmed submission that waits for the director
 * @replace: whether it may replace the different line the game holds
 * @error: return location for a #GError
 *
 * Records a table's confirmed line as the director's Enter does: the
 * same checks, one logged action that undo reverts, its log line saying
 * where it came from. A game that holds another line keeps it unless
 * @replace says to correct it (%CTD_STORE_ERROR_CONFIRM otherwise,
 * naming both lines). NOT_FOUND when the line no longer waits (recorded,
 * sent back, or replaced by a newer one).
 *
 * Returns: whether the line was recorded
 */
gboolean
ctd_store_accept_submission (CtdStore  *self,
                             gint64     id,
                             gboolean   replace,
                             GError   **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdStoreSubmission) submission = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "accept-submission", error) ||
      (submission = find_waiting (self, id, error)) == NULL)
    return FALSE;
  if (submission->state == CTD_SUBMISSION_DISAGREES && !replace)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                   _("Chouette %u.%u game %u already has the result “%s”, and the table sent "
                     "“%s”; to replace it with the table's line, confirm the replacement"),
                   submission->round, submission->chouette, submission->game,
                   submission->recorded, submission->line);
      return FALSE;
    }
  return ctd_store_record_submission (self, &action, submission, TRUE, error);
}

/**
 * ctd_store_reject_submission:
 * @self: a store
 * @id: a confirmed submission that waits for the director
 * @reason: why, in words the table reads (1 to 200 characters)
 * @error: return location for a #GError
 *
 * Sends a table's line back with a reason; the table may enter the game
 * again. Nothing of the event changes, so nothing is logged.
 *
 * Returns: whether the line was sent back
 */
gboolean
ctd_store_reject_submission (CtdStore    *self,
                             gint64       id,
                             const char  *reason,
                             GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = g_strstrip (g_strdup (reason != NULL ? reason : ""));
  if (!ctd_store_check_text (trimmed, _("reason"), 200, TRUE, error) ||
      !ctd_store_action_begin_unlogged (self, &action, error) ||
      (submission = find_waiting (self, id, error)) == NULL ||
      !ctd_store_run (self,
                      "UPDATE submission SET state = 'rejected', reason = ?2, "
                      "  decided = strftime ('%Y-%m-%dT%H:%M:%SZ', 'now'), "
                      "  revision = (SELECT max (revision) + 1 FROM submission) "
                      "WHERE id = ?1",
                      CTD_ARGS (CTD_INT (id), CTD_TEXT (trimmed)), error))
    return FALSE;
  return ctd_store_action_commit_unlogged (&action, error);
}
