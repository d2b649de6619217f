/* ctd-store-submissions-desk.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

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

/* Writes a confirmed @submission's line as the desk's own entry does,
 * in the caller's action: its log line, saying where it came from, in
 * @out_summary. */
static gboolean
write_submission (CtdStore                  *self,
                  const CtdStoreSubmission  *submission,
                  gboolean                   replace,
                  char                     **out_summary,
                  GError                   **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  g_autofree char *written = NULL;
  g_autofree char *source = NULL;
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
  *out_summary = g_strdup_printf ("%s (%s)", written, source);
  return TRUE;
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
  g_autofree char *summary = NULL;

  return write_submission (self, submission, replace, &summary, error) &&
         ctd_store_action_commit (action, summary, error);
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

/**
 * ctd_store_tally_lines:
 * @lines: (element-type CtdStoreSubmission): the newest lines
 *   (ctd_store_list_submissions()), in chouette order
 * @round: a round, or 0 for every round
 * @out_tally: (out): what accepting them all would do, as far as the
 *   lines tell: @refused is 0, as only recording them says
 *
 * How many lines conflict with nothing (their game has no result),
 * from how many tables, and how many differ from the desk's.
 */
void
ctd_store_tally_lines (GPtrArray      *lines,
                       guint           round,
                       CtdAcceptTally *out_tally)
{
  guint last_round = 0, last_chouette = 0;

  g_return_if_fail (lines != NULL && out_tally != NULL);

  memset (out_tally, 0, sizeof *out_tally);
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

      if (round != 0 && line->round != round)
        continue;
      if (line->state == CTD_SUBMISSION_DISAGREES)
        out_tally->differ++;
      if (line->state != CTD_SUBMISSION_PENDING)
        continue;
      out_tally->accepted++;
      /* The list is in chouette order: a new chouette, a new table. */
      if (line->round != last_round || line->chouette != last_chouette)
        out_tally->tables++;
      last_round = line->round;
      last_chouette = line->chouette;
    }
}

/**
 * ctd_store_tally_acceptable:
 * @self: a store
 * @round: a round, or 0 for every round
 * @out_tally: (out): what ctd_store_accept_submissions() would do, as
 *   far as the lines tell (ctd_store_tally_lines())
 * @error: return location for a #GError
 *
 * For the confirmation before the lines are accepted at once.
 *
 * Returns: whether the lines could be read
 */
gboolean
ctd_store_tally_acceptable (CtdStore        *self,
                            guint            round,
                            CtdAcceptTally  *out_tally,
                            GError         **error)
{
  g_autoptr(GPtrArray) lines = NULL;

  g_return_val_if_fail (self != NULL && out_tally != NULL, FALSE);

  lines = ctd_store_list_submissions (self, round, 0, error);
  if (lines == NULL)
    return FALSE;
  ctd_store_tally_lines (lines, round, out_tally);
  return TRUE;
}

/* Whether @error only refuses one line (the rules, a round no longer in
 * play), raised before anything of it was written: the batch goes on
 * without it. Anything else (the disk, the lock) stops the batch. */
static gboolean
refuses_only_the_line (const GError *error)
{
  return !g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO) &&
         !g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_LOCKED) &&
         !g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY) &&
         !g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT) &&
         !g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_INVALID);
}

/**
 * ctd_store_accept_submissions:
 * @self: a store
 * @round: a round, or 0 for every round
 * @out_tally: (out) (optional): what was done and what was left
 * @error: return location for a #GError
 *
 * Records at once every confirmed line that conflicts with nothing (its
 * game has no result at the desk), in chouette and game order: one
 * logged action listing them, which one undo takes back (each line then
 * waits again). A line that differs from the desk's stays for the
 * director's decision one by one, as does one the rules refuse now
 * (game 10 before game 9); the tally counts them. Nothing to accept
 * writes nothing.
 *
 * Returns: whether the lines were recorded (or none was to be)
 */
gboolean
ctd_store_accept_submissions (CtdStore        *self,
                              guint            round,
                              CtdAcceptTally  *out_tally,
                              GError         **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *listed = NULL;
  g_autofree char *summary = NULL;
  CtdAcceptTally tally;
  guint last_round = 0, last_chouette = 0;
  CtdRoundState state;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (out_tally != NULL)
    memset (out_tally, 0, sizeof *out_tally);
  /* Read first: with nothing to accept, the file is not even locked. */
  if ((round != 0 && !ctd_store_get_round_state (self, round, &state, error)) ||
      (lines = ctd_store_list_submissions (self, round, 0, error)) == NULL)
    return FALSE;
  ctd_store_tally_lines (lines, round, &tally);
  if (tally.accepted == 0)
    {
      if (out_tally != NULL)
        *out_tally = tally;
      return TRUE;
    }
  g_clear_pointer (&lines, g_ptr_array_unref);
  if (!ctd_store_action_begin (self, &action, "accept-submission", error) ||
      (lines = ctd_store_list_submissions (self, round, 0, error)) == NULL)
    return FALSE;
  ctd_store_tally_lines (lines, round, &tally);
  tally.accepted = tally.tables = 0;
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);
      g_autoptr(GError) refused = NULL;
      char *one = NULL;

      if (line->state != CTD_SUBMISSION_PENDING || (round != 0 && line->round != round))
        continue;
      if (!write_submission (self, line, FALSE, &one, &refused))
        {
          if (!refuses_only_the_line (refused))
            {
              g_propagate_error (error, g_steal_pointer (&refused));
              return FALSE;
            }
          g_debug ("%u.%u game %u stays: %s", line->round, line->chouette, line->game,
                   refused->message);
          tally.refused++;
          continue;
        }
      g_ptr_array_add (written, one);
      tally.accepted++;
      if (line->round != last_round || line->chouette != last_chouette)
        tally.tables++;
      last_round = line->round;
      last_chouette = line->chouette;
    }
  if (out_tally != NULL)
    *out_tally = tally;
  if (tally.accepted == 0)
    return TRUE;  /* the action rolls back: its audit row goes with it */
  g_ptr_array_add (written, NULL);
  /* TRANSLATORS: between two accepted lines of the log's one entry */
  listed = g_strjoinv (_("; "), (char **) written->pdata);
  /* Translators: a line of the event's log: how many tables' lines the
   * director accepted at once, then each, "Chouette 1.1 game 1: T (from
   * table 1.1's link ...); Chouette 1.1 game 2: ..." */
  summary = g_strdup_printf (ngettext ("%u table's line accepted at once: %s",
                                       "%u tables' lines accepted at once: %s", tally.accepted),
                             tally.accepted, listed);
  return ctd_store_action_commit (&action, summary, error);
}
