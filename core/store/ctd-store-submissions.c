/* ctd-store-submissions.c
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
 * The lines tables send from their phones, through their chouette's
 * link. Two people see each one at the table: the game's Box or Captain
 * enters it, the other confirms it (or says it is wrong); then the
 * director accepts it, which records the game as the desk's own entry
 * does, or rejects it with a reason the table reads.
 *
 * A submission is not a record of the event: the game table is. So a
 * submission's writes are not logged and undo never touches them
 * (a table's message is not the director's action), while accepting one
 * is a logged action like any entry. What a confirmed line is at the
 * desk is read, never stored: pending while the game has no result,
 * recorded once the game holds its line, a disagreement when it holds
 * another. Undoing an accepted line removes the game, and the line waits
 * for the desk again; it can never be recorded twice, as a game holds
 * one result.
 *
 * Only the newest submission of each game counts: a table that is sent
 * back enters the game again.
 */

/* The newest submission of each game of the chouettes WHERE picks, with
 * the game's line at the desk. Two statements, not one with "?1 IS NULL
 * OR": a table's page reads its own chouette's through the index. */
#define NEWEST_SQL(where) \
  "SELECT s.id, c.round, c.number, s.game, s.line, s.state, g.canonical, s.entered_by, " \
  "  s.confirmed_by, s.address, s.confirm_address, s.reason, s.sent, s.answered, s.decided, " \
  "  s.number, s.device, s.confirm_device " \
  "FROM submission AS s JOIN chouette AS c ON c.id = s.chouette " \
  "  LEFT JOIN game AS g ON g.chouette = s.chouette AND g.number = s.game " \
  "WHERE " where " AND s.id = " \
  "  (SELECT max (o.id) FROM submission AS o WHERE o.chouette = s.chouette AND o.game = s.game) " \
  "ORDER BY c.round, c.number, s.game"
static const char newest_of_chouette_sql[] = NEWEST_SQL ("s.chouette = ?1");
static const char newest_sql[] = NEWEST_SQL ("1");

/**
 * ctd_store_submission_free:
 * @submission: (nullable): a submission
 */
void
ctd_store_submission_free (CtdStoreSubmission *submission)
{
  if (submission == NULL)
    return;
  g_free (submission->line);
  g_free (submission->recorded);
  g_free (submission->address);
  g_free (submission->confirm_address);
  g_free (submission->reason);
  g_free (submission->sent);
  g_free (submission->answered);
  g_free (submission->decided);
  g_free (submission->device);
  g_free (submission->confirm_device);
  g_free (submission);
}

/**
 * ctd_submission_state_is_open:
 * @state: where a submission stands
 *
 * Returns: whether it still waits for somebody: the other side at the
 *   table, or the director
 */
gboolean
ctd_submission_state_is_open (CtdSubmissionState state)
{
  return state == CTD_SUBMISSION_ENTERED || state == CTD_SUBMISSION_PENDING ||
         state == CTD_SUBMISSION_DISAGREES;
}

static CtdSubmissionState
state_from_row (const char *stored,
                const char *line,
                const char *recorded)
{
  if (g_strcmp0 (stored, "entered") == 0)
    return CTD_SUBMISSION_ENTERED;
  if (g_strcmp0 (stored, "refused") == 0)
    return CTD_SUBMISSION_REFUSED;
  if (g_strcmp0 (stored, "rejected") == 0)
    return CTD_SUBMISSION_REJECTED;
  if (recorded == NULL)
    return CTD_SUBMISSION_PENDING;
  return g_strcmp0 (line, recorded) == 0 ? CTD_SUBMISSION_RECORDED : CTD_SUBMISSION_DISAGREES;
}

static CtdStoreSubmission *
submission_from_row (CtdStmt *stmt)
{
  CtdStoreSubmission *submission = g_new0 (CtdStoreSubmission, 1);

  submission->id = sqlite3_column_int64 (stmt, 0);
  submission->round = (guint) sqlite3_column_int64 (stmt, 1);
  submission->chouette = (guint) sqlite3_column_int64 (stmt, 2);
  submission->game = (guint) sqlite3_column_int64 (stmt, 3);
  submission->line = ctd_store_column_dup (stmt, 4);
  submission->recorded = ctd_store_column_dup (stmt, 6);
  submission->state = state_from_row ((const char *) sqlite3_column_text (stmt, 5),
                                      submission->line, submission->recorded);
  submission->entered_by = (guint) sqlite3_column_int64 (stmt, 7);
  submission->confirmed_by = (guint) sqlite3_column_int64 (stmt, 8);
  submission->address = ctd_store_column_dup (stmt, 9);
  submission->confirm_address = ctd_store_column_dup (stmt, 10);
  submission->reason = ctd_store_column_dup (stmt, 11);
  submission->sent = ctd_store_column_dup (stmt, 12);
  submission->answered = ctd_store_column_dup (stmt, 13);
  submission->decided = ctd_store_column_dup (stmt, 14);
  submission->number = (guint) sqlite3_column_int64 (stmt, 15);
  submission->device = ctd_store_column_dup (stmt, 16);
  submission->confirm_device = ctd_store_column_dup (stmt, 17);
  submission->one_device = submission->device != NULL &&
                           g_strcmp0 (submission->device, submission->confirm_device) == 0;
  return submission;
}

/* The newest submission of each game of the chouette with id
 * @chouette_id (0: every chouette), in game order. */
static GPtrArray *
list_newest (CtdStore  *self,
             gint64     chouette_id,
             GError   **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_submission_free);
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  if (chouette_id != 0)
    stmt = ctd_store_prepare (self, newest_of_chouette_sql, CTD_ARGS (CTD_INT (chouette_id)),
                              error);
  else
    stmt = ctd_store_prepare (self, newest_sql, CTD_NO_ARGS, error);
  if (stmt == NULL)
    return NULL;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    g_ptr_array_add (list, submission_from_row (stmt));
  return step == CTD_STEP_DONE ? g_steal_pointer (&list) : NULL;
}

static CtdStoreSubmission *
find_newest (GPtrArray *list,
             guint      game)
{
  for (guint i = 0; i < list->len; i++)
    {
      CtdStoreSubmission *submission = g_ptr_array_index (list, i);

      if (submission->game == game)
        return submission;
    }
  return NULL;
}

/* The chouette a link opens, while its round is in play: any other
 * secret is NOT_FOUND, a link whose round is not in play CLOSED, with
 * the same words, so a phone learns nothing from the difference (the
 * server tells them apart only to count wrong guesses). */
static gboolean
open_link (CtdStore    *self,
           const char  *secret,
           guint       *out_round,
           guint       *out_number,
           gint64      *out_id,
           guint       *out_size,
           GError     **error)
{
  CtdRoundState state;

  if (!ctd_store_find_link (self, secret, out_round, out_number, error) ||
      !ctd_store_find_chouette (self, *out_round, *out_number, out_id, out_size, error) ||
      !ctd_store_get_round_state (self, *out_round, &state, error) ||
      /* A closed event is an archive: its links open nothing. */
      !ctd_store_check_not_closed (self, error))
    return FALSE;
  if (!ctd_link_accepts_entry (state, FALSE))
    {
      g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED,
                           _("No chouette of this event has this link"));
      return FALSE;
    }
  return TRUE;
}

/* Puts each open line of @list, but game @skip's, on @chouette in game
 * order; a line that no longer fits (an earlier game changed) is left
 * off, and the desk will say why when it comes to it. */
static void
apply_open_lines (CtdChouette *chouette,
                  GPtrArray   *list,
                  guint        skip)
{
  for (guint i = 0; i < list->len; i++)
    {
      CtdStoreSubmission *submission = g_ptr_array_index (list, i);
      g_autoptr(GError) ignored = NULL;

      if (submission->game == skip || submission->recorded != NULL ||
          !ctd_submission_state_is_open (submission->state))
        continue;
      if (!ctd_chouette_record (chouette, submission->game, submission->line, &ignored))
        g_debug ("Game %u's open line is left off: %s", submission->game, ignored->message);
    }
}

/**
 * ctd_store_load_table:
 * @self: a store
 * @secret: a link's secret
 * @out_round: (out) (optional): the round of the chouette it opens
 * @out_chouette: (out) (optional): that chouette's number
 * @out_lines: (out) (optional) (transfer full) (element-type CtdStoreSubmission):
 *   the newest line the table sent for each game, with where it stands
 * @error: return location for a #GError
 *
 * The chouette as its table sees it, in one read: every recorded game,
 * and the lines it has sent that wait for somebody, in game order. What
 * the table plays next (its order of cube decisions, the last segment's
 * order) rests on them, while nothing at the desk does. NOT_FOUND for a
 * secret no chouette has, CLOSED for a link that opens nothing now
 * (ctd_link_accepts_entry()).
 *
 * Returns: (transfer full): the chouette, or %NULL with @error set
 */
CtdChouette *
ctd_store_load_table (CtdStore    *self,
                      const char  *secret,
                      guint       *out_round,
                      guint       *out_chouette,
                      GPtrArray  **out_lines,
                      GError     **error)
{
  g_auto(CtdStoreTransaction) transaction = { NULL, };
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(GPtrArray) list = NULL;
  guint round, number, size;
  gint64 chouette_id;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (secret != NULL, NULL);

  if (!ctd_store_transaction_begin (self, &transaction, FALSE, error) ||
      !open_link (self, secret, &round, &number, &chouette_id, &size, error) ||
      (chouette = ctd_store_load_chouette_by_id (self, chouette_id, size, error)) == NULL ||
      (list = list_newest (self, chouette_id, error)) == NULL)
    return NULL;
  apply_open_lines (chouette, list, 0);
  if (out_round != NULL)
    *out_round = round;
  if (out_chouette != NULL)
    *out_chouette = number;
  if (out_lines != NULL)
    *out_lines = g_steal_pointer (&list);
  return g_steal_pointer (&chouette);
}

/**
 * ctd_store_load_table_chouette:
 * @self: a store
 * @secret: a link's secret
 * @out_round: (out) (optional): the round of the chouette it opens
 * @out_chouette: (out) (optional): that chouette's number
 * @error: return location for a #GError
 *
 * ctd_store_load_table() without the lines.
 *
 * Returns: (transfer full): the chouette, or %NULL with @error set
 */
CtdChouette *
ctd_store_load_table_chouette (CtdStore    *self,
                               const char  *secret,
                               guint       *out_round,
                               guint       *out_chouette,
                               GError     **error)
{
  return ctd_store_load_table (self, secret, out_round, out_chouette, NULL, error);
}

/**
 * ctd_store_list_submissions:
 * @self: a store
 * @round: a round, or 0 for every round
 * @chouette: a chouette of @round, or 0 for all of them
 * @error: return location for a #GError
 *
 * The newest submission of each game, in round, chouette and game order,
 * with where it stands.
 *
 * Returns: (transfer full) (element-type CtdStoreSubmission): the list,
 *   or %NULL with @error set
 */
GPtrArray *
ctd_store_list_submissions (CtdStore  *self,
                            guint      round,
                            guint      chouette,
                            GError   **error)
{
  g_auto(CtdStoreTransaction) transaction = { NULL, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 chouette_id = 0;

  g_return_val_if_fail (self != NULL, NULL);

  if (!ctd_store_transaction_begin (self, &transaction, FALSE, error))
    return NULL;
  if (round != 0 && chouette != 0 &&
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, NULL, error))
    return NULL;
  all = list_newest (self, chouette_id, error);
  if (all == NULL || round == 0)
    return g_steal_pointer (&all);
  for (guint i = all->len; i > 0; i--)
    if (((CtdStoreSubmission *) g_ptr_array_index (all, i - 1))->round != round)
      g_ptr_array_remove_index (all, i - 1);
  return g_steal_pointer (&all);
}

/**
 * ctd_store_get_submissions_revision:
 * @self: a store
 * @error: return location for a #GError
 *
 * A number that grows with every submission written, by this program or
 * another: what a window compares to know that a table sent something.
 *
 * Returns: the revision (0 before any), or -1 with @error set
 */
gint64
ctd_store_get_submissions_revision (CtdStore  *self,
                                    GError   **error)
{
  gint64 revision = 0;

  g_return_val_if_fail (self != NULL, -1);
  if (!ctd_store_query_int64 (self, "SELECT coalesce (max (revision), 0) FROM submission",
                              CTD_NO_ARGS, &revision, error))
    return -1;
  return revision;
}

/* The seat that confirms a line @entered_by entered: the game's other
 * side; 0 when @entered_by is neither the Box nor the Captain. */
static guint
confirmer_of (const CtdGameSlot *slot,
              guint              entered_by)
{
  if (slot->captain == 0)
    return 0;
  if (entered_by == slot->box)
    return slot->captain;
  if (entered_by == slot->captain)
    return slot->box;
  return 0;
}

/* A seat's name, or words for a seat the scores do not give yet. */
const char *
ctd_store_seat_name (const CtdChouette *chouette,
                     guint              seat)
{
  if (seat == 0 || seat > ctd_chouette_get_size (chouette))
    return _("the other side");
  return ctd_chouette_get_name (chouette, seat);
}

static gboolean
refuse_game (GError     **error,
             guint        game,
             const char  *format,
             ...) G_GNUC_PRINTF (3, 4);

/* "Game 5: ..." with the table's words, as a refusal. */
static gboolean
refuse_game (GError     **error,
             guint        game,
             const char  *format,
             ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: a game's number, then why the table's line is refused */
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, _("Game %u: %s"), game, text);
  return FALSE;
}

static gboolean
check_address (const char  *address,
               GError     **error)
{
  if (address == NULL || *address == '\0' || strlen (address) > 64 ||
      !g_utf8_validate (address, -1, NULL))
    return ctd_store_refuse (error, "%s", _("The phone's address is not one"));
  return TRUE;
}

/* A device is known by the hash of its token (ctd_link_hash()). */
static gboolean
check_device (const char  *device,
              GError     **error)
{
  gsize i;

  for (i = 0; device != NULL && device[i] != '\0'; i++)
    if (!(g_ascii_isdigit (device[i]) || (device[i] >= 'a' && device[i] <= 'f')))
      break;
  if (device == NULL || device[i] != '\0' || i != CTD_LINK_DEVICE_HASH_CHARS)
    return ctd_store_refuse (error, "%s", _("This phone did not say which phone it is: open "
                                            "the table's page again"));
  return TRUE;
}

/**
 * ctd_store_submit:
 * @self: a store
 * @secret: the link's secret the line came through
 * @game: 1..CTD_N_GAMES
 * @line: the line in notation
 * @entered_by: the seat of the player who entered it: the game's Box or
 *   Captain
 * @request: the form's idempotency key (32 hex digits)
 * @address: the phone's address
 * @device: the hash of the phone's device token (ctd_link_hash())
 * @out_id: (out) (optional): the submission
 * @error: return location for a #GError
 *
 * Keeps a table's line for game @game, to wait for the other side's
 * confirmation. A phone may not send a director's adjustment nor a cube
 * no table reaches (ctd_link_check_line()). At most
 * %CTD_STORE_SUBMISSIONS_MAX lines come through one link: a reissued
 * link starts again. The line must be one the desk would accept now, with the
 * table's earlier lines that wait counted in. A form sent twice (a
 * double tap, a retry after a lost answer) finds its first submission
 * and writes nothing. Refused while the game's newest line still waits
 * for somebody, and for the very line the desk already holds.
 *
 * Returns: whether the line is kept (or was already)
 */
gboolean
ctd_store_submit (CtdStore    *self,
                  const char  *secret,
                  guint        game,
                  const char  *line,
                  guint        entered_by,
                  const char  *request,
                  const char  *address,
                  const char  *device,
                  gint64      *out_id,
                  GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *recorded = NULL;
  g_autofree char *link = NULL;
  CtdStoreSubmission *newest;
  CtdChouetteGame slot;
  gint64 existing = 0, existing_chouette = 0, chouette_id;
  guint round, number, size;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (secret != NULL && line != NULL && request != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_link_secret_is_valid (request))
    return ctd_store_refuse (error, "%s", _("This form is not one of ours: open the table's "
                                            "page again"));
  if (!check_address (address, error) || !check_device (device, error))
    return FALSE;
  if (strlen (line) > CTD_RESULT_MAX_LENGTH || !g_utf8_validate (line, -1, NULL))
    return refuse_game (error, game, "%s", _("that is not a result line"));
  if (!ctd_store_action_begin_unlogged (self, &action, error) ||
      !open_link (self, secret, &round, &number, &chouette_id, &size, error))
    return FALSE;

  /* The same form again: its first answer, whatever it now says. */
  {
    g_autoptr(CtdStmt) stmt = ctd_store_prepare (self, "SELECT id, chouette FROM submission "
                                                 "WHERE request = ?1",
                                                 CTD_ARGS (CTD_TEXT (request)), error);
    CtdStep step;

    if (stmt == NULL || (step = ctd_store_step (self, stmt, error)) == CTD_STEP_FAILED)
      return FALSE;
    if (step == CTD_STEP_ROW)
      {
        existing = sqlite3_column_int64 (stmt, 0);
        existing_chouette = sqlite3_column_int64 (stmt, 1);
      }
  }
  if (existing != 0)
    {
      if (existing_chouette != chouette_id)
        return ctd_store_refuse (error, "%s", _("This form is not one of ours: open the "
                                                "table's page again"));
      if (out_id != NULL)
        *out_id = existing;
      return TRUE;
    }

  if (game < 1 || game > CTD_N_GAMES)
    return ctd_store_refuse (error, _("There is no game %u: a chouette plays games 1 to %u"),
                             game, CTD_N_GAMES);
  /* Whoever holds a link could send and refuse lines without end: the
   * file keeps a bounded number for each link, and a reissue (which a
   * flood calls for) opens a new count. */
  link = ctd_link_hash (secret);
  {
    gint64 n_sent = 0;

    if (!ctd_store_query_int64 (self, "SELECT count (*) FROM submission "
                                "WHERE chouette = ?1 AND link = ?2",
                                CTD_ARGS (CTD_INT (chouette_id), CTD_TEXT (link)), &n_sent,
                                error))
      return FALSE;
    if (n_sent >= CTD_STORE_SUBMISSIONS_MAX)
      return ctd_store_refuse (error, _("This table has sent %d lines, as many as the desk "
                                        "keeps: ask the director to enter the rest"),
                               CTD_STORE_SUBMISSIONS_MAX);
  }
  if ((chouette = ctd_store_load_chouette_by_id (self, chouette_id, size, error)) == NULL ||
      (list = list_newest (self, chouette_id, error)) == NULL)
    return FALSE;
  newest = find_newest (list, game);
  apply_open_lines (chouette, list, game);
  ctd_chouette_get_sheet_game (chouette, game, &slot);
  if (newest != NULL && newest->state == CTD_SUBMISSION_ENTERED)
    return refuse_game (error, game, _("its line waits for %s's confirmation; confirm it, "
                                       "or say it is wrong, first"),
                        ctd_store_seat_name (chouette, confirmer_of (&slot.slot, newest->entered_by)));
  if (newest != NULL && (newest->state == CTD_SUBMISSION_PENDING ||
                         newest->state == CTD_SUBMISSION_DISAGREES))
    return refuse_game (error, game, "%s", _("its line already waits for the director"));
  /* A last-segment game before its order is known has no Captain yet:
   * the rules say which games must come first, not that the Box is
   * neither. */
  if (slot.slot.captain == 0 && !ctd_chouette_record (chouette, game, line, error))
    return FALSE;
  if (confirmer_of (&slot.slot, entered_by) == 0)
    return refuse_game (error, game, _("the line is entered by its Box or its Captain "
                                       "(seat %u is neither)"), entered_by);
  /* The desk's line, whether or not it came from the table: open lines
   * of recorded games are not applied, so the game holds the desk's. */
  if (ctd_chouette_get_result (chouette, game) != NULL)
    recorded = ctd_result_format (ctd_chouette_get_result (chouette, game));
  if (!ctd_chouette_record (chouette, game, line, error) ||
      !ctd_link_check_line (ctd_chouette_get_result (chouette, game), error))
    return FALSE;
  canonical = ctd_result_format (ctd_chouette_get_result (chouette, game));
  if (g_strcmp0 (recorded, canonical) == 0)
    return refuse_game (error, game, "%s", _("the desk already has this very line"));

  if (!ctd_store_run (self,
                      "INSERT INTO submission (chouette, game, line, state, entered_by, request, "
                      "  address, sent, revision, device, link, number) "
                      "VALUES (?1, ?2, ?3, 'entered', ?4, ?5, ?6, "
                      "  strftime ('%Y-%m-%dT%H:%M:%SZ', 'now'), "
                      "  (SELECT coalesce (max (revision), 0) + 1 FROM submission), ?7, ?8, "
                      "  (SELECT coalesce (max (number), 0) + 1 FROM submission "
                      "   WHERE chouette = ?1))",
                      CTD_ARGS (CTD_INT (chouette_id), CTD_INT (game), CTD_TEXT (canonical),
                                CTD_INT (entered_by), CTD_TEXT (request), CTD_TEXT (address),
                                CTD_TEXT (device), CTD_TEXT (link)),
                      error))
    return FALSE;
  if (out_id != NULL)
    *out_id = sqlite3_last_insert_rowid (self->db);
  return ctd_store_action_commit_unlogged (&action, error);
}

/* Submission @id of chouette @chouette_id, newest of its game; NOT_FOUND
 * for any other (an id of another chouette says nothing of it). */
CtdStoreSubmission *
ctd_store_find_submission (CtdStore  *self,
                           gint64     chouette_id,
                           gint64     id,
                           GError   **error)
{
  g_autoptr(GPtrArray) list = list_newest (self, chouette_id, error);

  if (list == NULL)
    return NULL;
  for (guint i = 0; i < list->len; i++)
    if (((CtdStoreSubmission *) g_ptr_array_index (list, i))->id == id)
      return g_ptr_array_steal_index (list, i);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                       _("This line is no longer the table's latest for its game: open the "
                         "table's page again"));
  return NULL;
}

/**
 * ctd_store_answer_submission:
 * @self: a store
 * @secret: the link's secret the answer came through
 * @id: the submission
 * @by: the seat of the player who answers
 * @confirm: %TRUE to confirm the line, %FALSE to say it is wrong
 * @address: the phone's address
 * @device: the hash of the phone's device token (ctd_link_hash())
 * @seat_code: (nullable): the confirmer's seat code, as typed
 *   (ctd_link_seat_code()): needed only on the phone that entered the line
 * @error: return location for a #GError
 *
 * The other side's answer to a line entered at the table: the Box
 * confirms what the Captain entered, or the reverse; either may say it
 * is wrong, which sends it back to be entered again. The same answer
 * twice is no change. A confirmation comes from another phone than the
 * entry's, or on the same phone with the confirmer's seat code, which is
 * printed on the table's paper: one phone alone, with the link, cannot
 * play both sides. When the event accepts confirmed lines by itself
 * (@table_auto_accept) and the game has no result, the confirmed line is
 * recorded in the same transaction, as the director's accept would;
 * never a line one phone entered and confirmed, which waits for the
 * director (CtdStoreSubmission.one_device says why).
 *
 * Returns: whether the answer is kept (or was already)
 */
gboolean
ctd_store_answer_submission (CtdStore    *self,
                             const char  *secret,
                             gint64       id,
                             guint        by,
                             gboolean     confirm,
                             const char  *address,
                             const char  *device,
                             const char  *seat_code,
                             GError     **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(CtdChouette) desk = NULL;
  g_autoptr(GPtrArray) list = NULL;
  CtdChouetteGame slot;
  gint64 chouette_id;
  guint round, number, size, confirmer;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (secret != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_address (address, error) || !check_device (device, error) ||
      !ctd_store_action_begin_unlogged (self, &action, error) ||
      !open_link (self, secret, &round, &number, &chouette_id, &size, error) ||
      (submission = ctd_store_find_submission (self, chouette_id, id, error)) == NULL)
    return FALSE;
  if ((confirm && submission->state != CTD_SUBMISSION_ENTERED &&
       submission->state != CTD_SUBMISSION_REFUSED &&
       submission->state != CTD_SUBMISSION_REJECTED) ||
      (!confirm && submission->state == CTD_SUBMISSION_REFUSED))
    return TRUE;  /* a double tap: the answer is in */
  if (submission->state != CTD_SUBMISSION_ENTERED)
    return refuse_game (error, submission->game, "%s",
                        submission->state == CTD_SUBMISSION_REFUSED ||
                        submission->state == CTD_SUBMISSION_REJECTED
                        ? _("this line was sent back; enter the game again")
                        : _("this line is already confirmed; the director decides now"));

  if ((chouette = ctd_store_load_chouette_by_id (self, chouette_id, size, error)) == NULL ||
      (list = list_newest (self, chouette_id, error)) == NULL)
    return FALSE;
  /* The games as the desk holds them, for the auto-accept below: a copy
   * costs a small part of reading them again. */
  desk = ctd_chouette_copy (chouette);
  apply_open_lines (chouette, list, submission->game);
  ctd_chouette_get_sheet_game (chouette, submission->game, &slot);
  confirmer = confirmer_of (&slot.slot, submission->entered_by);
  if (confirm && by != confirmer)
    return refuse_game (error, submission->game,
                        _("%s entered this line, so %s confirms it"),
                        ctd_store_seat_name (chouette, submission->entered_by), ctd_store_seat_name (chouette, confirmer));
  if (!confirm && by != confirmer && by != submission->entered_by)
    return refuse_game (error, submission->game, _("only %s or %s can send this line back"),
                        ctd_store_seat_name (chouette, submission->entered_by), ctd_store_seat_name (chouette, confirmer));
  /* The phone that entered the line confirms it only with the
   * confirmer's code from the paper: otherwise one phone holding the
   * link could enter as one side and confirm as the other. */
  if (confirm && g_strcmp0 (submission->device, device) == 0 &&
      !ctd_link_seat_code_is (secret, confirmer, seat_code))
    {
      refuse_game (error, submission->game,
                   seat_code == NULL || *seat_code == '\0'
                   ? _("this phone entered the line, so %s confirms it on their own phone, "
                       "or here with their seat code from the table's sheet")
                   : _("that is not %s's seat code: it is printed on the table's sheet, "
                       "beside the QR code"),
                   ctd_store_seat_name (chouette, confirmer));
      if (error != NULL)
        (*error)->code = CTD_STORE_ERROR_SEAT_CODE;
      return FALSE;
    }

  if (!ctd_store_run (self,
                      "UPDATE submission SET state = ?2, confirmed_by = ?3, confirm_address = ?4, "
                      "  confirm_device = ?5, "
                      "  answered = strftime ('%Y-%m-%dT%H:%M:%SZ', 'now'), "
                      "  revision = (SELECT max (revision) + 1 FROM submission) "
                      "WHERE id = ?1",
                      CTD_ARGS (CTD_INT (id), CTD_TEXT (confirm ? "confirmed" : "refused"),
                                confirm ? CTD_INT (by) : CTD_NULL, CTD_TEXT (address),
                                CTD_TEXT (device)),
                      error))
    return FALSE;
  if (!confirm)
    return ctd_store_action_commit_unlogged (&action, error);

  if (!ctd_store_get_settings (self, &settings, error))
    return FALSE;
  g_free (submission->confirm_device);
  submission->confirm_device = g_strdup (device);
  submission->one_device = g_strcmp0 (submission->device, device) == 0;
  /* One phone entered and confirmed it, with a seat code: the director
   * looks before it counts (the waiting list says so). */
  if (submission->one_device)
    g_debug ("Game %u waits for the director: one phone entered and confirmed it",
             submission->game);
  else if (settings.table_auto_accept && submission->recorded == NULL)
    {
      g_autoptr(GError) not_yet = NULL;

      /* A line the desk cannot take yet (game 10 before games 1-9 are
       * in) waits for the director, who will see why. */
      if (ctd_chouette_record (desk, submission->game, submission->line, &not_yet))
        {
          submission->confirmed_by = by;
          g_free (submission->confirm_address);
          submission->confirm_address = g_strdup (address);
          return ctd_store_action_log (&action, "accept-submission", error) &&
                 ctd_store_record_submission (self, &action, submission, FALSE, error);
        }
      g_debug ("Game %u waits for the director: %s", submission->game, not_yet->message);
    }
  return ctd_store_action_commit_unlogged (&action, error);
}
