/* test-store-submissions.c: the lines tables send from their links,
 * confirmed at the table and accepted or rejected at the desk.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

static const char address[] = "192.168.1.23";
static const char confirm_address[] = "192.168.1.24";

static void
assert_state (CtdStore           *store,
              guint               chouette,
              guint               game,
              CtdSubmissionState  state)
{
  g_autoptr(CtdStoreSubmission) submission = ctd_test_newest_submission (store, chouette, game);

  assert_non_null (submission);
  if (submission->state != state)
    fail_msg ("1.%u game %u: state %d, expected %d", chouette, game, submission->state, state);
}

/* Game @game's line entered by its Box and confirmed by its Captain,
 * through chouette 1.@chouette's link: the submission's id. */
static gint64
send_confirmed (CtdStore   *store,
                guint       chouette,
                guint       game,
                const char *line,
                guint       key_n)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, chouette);
  g_autofree char *request = ctd_test_request_key (key_n);
  guint box, captain;
  gint64 id = 0;

  ctd_test_sides_of (store, secret, game, &box, &captain, NULL, NULL);
  if (!ctd_store_submit (store, secret, game, line, box, request, address,
                         CTD_TEST_PHONE_A, &id, &error) ||
      !ctd_store_answer_submission (store, secret, id, captain, TRUE, confirm_address,
                                    CTD_TEST_PHONE_B, NULL, &error))
    fail_msg ("1.%u game %u “%s”: %s", chouette, game, line, error->message);
  return id;
}

static void
assert_refused (const GError *error,
                int           code,
                const char   *words)
{
  ctd_test_assert_store_error (error, code);
  if (strstr (error->message, words) == NULL)
    fail_msg ("“%s” not in: %s", words, error->message);
}

/* Entered by the Box, confirmed by the Captain (never by the Box), then
 * accepted at the desk: one logged action saying where it came from,
 * which undo takes back to the desk's queue and redo records again.
 * Before the desk accepts it, nothing of the event moves. */
static void
test_enter_confirm_accept (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *request = ctd_test_request_key (1);
  g_autofree char *box_name = NULL;
  g_autofree char *captain_name = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *listing = ctd_test_listing (store);
  g_autofree char *now = NULL;
  guint box, captain, length = ctd_test_audit_length (store);
  gint64 id = 0, revision, entered_revision;

  ctd_test_sides_of (store, secret, 1, &box, &captain, &box_name, &captain_name);
  revision = ctd_store_get_submissions_revision (store, &error);
  assert_int_equal (revision, 0);
  assert_true (ctd_store_submit (store, secret, 1, ctd_test_four_sheet[0], box, request,
                                 address, CTD_TEST_PHONE_A, &id, &error));
  assert_true (id > 0);
  submission = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (submission->state, CTD_SUBMISSION_ENTERED);
  assert_int_equal (submission->entered_by, box);
  assert_int_equal (submission->confirmed_by, 0);
  assert_string_equal (submission->line, "T");
  assert_null (submission->recorded);
  assert_string_equal (submission->address, address);
  entered_revision = ctd_store_get_submissions_revision (store, &error);
  assert_true (entered_revision > revision);

  /* The one who entered it does not confirm it. */
  assert_false (ctd_store_answer_submission (store, secret, id, box, TRUE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  expected = g_strdup_printf ("Game 1: %s entered this line, so %s confirms it", box_name,
                              captain_name);
  assert_refused (error, CTD_STORE_ERROR_REFUSED, expected);
  g_clear_error (&error);
  assert_state (store, 1, 1, CTD_SUBMISSION_ENTERED);

  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, confirm_address,
                                            CTD_TEST_PHONE_B, NULL,
                                            &error));
  g_clear_pointer (&submission, ctd_store_submission_free);
  submission = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (submission->state, CTD_SUBMISSION_PENDING);
  assert_int_equal (submission->confirmed_by, captain);
  assert_string_equal (submission->confirm_address, confirm_address);
  assert_true (ctd_store_get_submissions_revision (store, &error) > entered_revision);
  /* A double tap on confirm: no change, no error. */
  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, confirm_address,
                                            CTD_TEST_PHONE_B, NULL,
                                            &error));

  /* Waiting for the director moves nothing. */
  now = ctd_test_listing (store);
  assert_string_equal (now, listing);
  assert_int_equal (ctd_test_audit_length (store), length);
  assert_int_equal (ctd_test_n_games (store, 1), 0);

  assert_true (ctd_store_accept_submission (store, id, FALSE, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_RECORDED);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_int_equal (games->len, 1);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 0))->canonical, "T");
  assert_int_equal (ctd_test_audit_length (store), length + 1);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "accept-submission");
  g_free (expected);
  /* Both phones' addresses: the desk sees where each side came from. */
  expected = g_strdup_printf ("Chouette 1.1 game 1: T (from table 1.1's link: entered by %s (%s), "
                              "confirmed by %s (%s))", box_name, address, captain_name,
                              confirm_address);
  assert_string_equal (entry->summary, expected);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_PENDING);
  assert_int_equal (ctd_test_n_games (store, 1), 0);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_RECORDED);
  assert_int_equal (ctd_test_n_games (store, 1), 1);

  /* Recorded once, never twice. */
  assert_false (ctd_store_accept_submission (store, id, FALSE, &error));
  assert_refused (error, CTD_STORE_ERROR_NOT_FOUND, "no line from the table waits");
  g_clear_error (&error);
  assert_false (ctd_store_accept_submission (store, id + 100, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  assert_int_equal (ctd_test_audit_length (store), length + 3);
}

/* A form sent twice is kept once; its key is the form's own. */
static void
test_idempotency (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *other = ctd_test_link_secret (store, 1, 2);
  g_autofree char *request = ctd_test_request_key (7);
  g_autofree char *count = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *dump_after = NULL;
  const char *bad_keys[] = { "", "7", "0000000000000000000000000000000G",
                             "0000000000000000000000000000000A",
                             "00000000000000000000000000000000a" };
  guint box, captain, other_box, other_captain;
  gint64 first = 0, again = 0;

  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  ctd_test_sides_of (store, other, 1, &other_box, &other_captain, NULL, NULL);
  assert_true (ctd_store_submit (store, secret, 1, "T", box, request, address,
                                 CTD_TEST_PHONE_A, &first, &error));
  assert_true (ctd_store_submit (store, secret, 1, "T", box, request, address,
                                 CTD_TEST_PHONE_A, &again, &error));
  assert_int_equal (again, first);
  /* Whatever the form said the second time, its first answer. */
  again = 0;
  assert_true (ctd_store_submit (store, secret, 1, "B", box, request, address,
                                 CTD_TEST_PHONE_A, &again, &error));
  assert_int_equal (again, first);
  count = ctd_test_query_text (fixture->path, "SELECT count (*), group_concat (line) "
                                              "FROM submission");
  assert_string_equal (count, "1|T|\n");

  dump = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_submit (store, other, 1, "T", other_box, request, address,
                                  CTD_TEST_PHONE_A, NULL,
                                  &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "not one of ours");
  g_clear_error (&error);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_keys); i++)
    {
      assert_false (ctd_store_submit (store, other, 1, "T", other_box, bad_keys[i], address,
                                      CTD_TEST_PHONE_A,
                                      NULL, &error));
      assert_refused (error, CTD_STORE_ERROR_REFUSED, "not one of ours");
      g_clear_error (&error);
    }
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);
}

/* Submit and answer through a link; both refused with @code. */
static void
assert_link_refused (CtdStore   *store,
                     const char *path,
                     const char *secret,
                     gint64      id,
                     int         code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dump = ctd_test_dump (path, FALSE);
  g_autofree char *dump_after = NULL;
  g_autofree char *request = ctd_test_request_key (999);

  assert_false (ctd_store_submit (store, secret, 2, "T", 1, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  ctd_test_assert_store_error (error, code);
  g_clear_error (&error);
  assert_false (ctd_store_answer_submission (store, secret, id, 2, TRUE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  ctd_test_assert_store_error (error, code);
  dump_after = ctd_test_dump (path, FALSE);
  assert_string_equal (dump_after, dump);
}

/* A secret that opens nothing now writes nothing: a wrong one, a
 * reissued link's old one, a released round's, a closed event's. */
static void
test_link_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *wrong = g_strdup (secret);
  g_autofree char *old = ctd_test_link_secret (store, 1, 2);
  g_autofree char *request = ctd_test_request_key (1);
  guint box, captain;
  gint64 id = 0;

  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  assert_true (ctd_store_submit (store, secret, 1, "T", box, request, address,
                                 CTD_TEST_PHONE_A, &id, &error));
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  assert_link_refused (store, fixture->path, wrong, id, CTD_STORE_ERROR_NOT_FOUND);
  assert_link_refused (store, fixture->path, "", id, CTD_STORE_ERROR_NOT_FOUND);
  assert_true (ctd_store_reissue_link (store, 1, 2, NULL, &error));
  assert_link_refused (store, fixture->path, old, id, CTD_STORE_ERROR_NOT_FOUND);

  /* Both chouettes played out and the round released. */
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= CTD_N_GAMES; g++)
      ctd_test_record (store, 1, c, g, ctd_test_four_sheet[g - 1]);
  assert_true (ctd_store_release_round (store, 1, &error));
  /* The link is one, its round over: the words are the same, the code
   * lets the server tell a wrong guess apart. */
  assert_link_refused (store, fixture->path, secret, id, CTD_STORE_ERROR_CLOSED);

  /* A closed event is an archive (the round reopened, to tell the two apart). */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  g_clear_pointer (&store, ctd_store_close);
  ctd_test_exec_sql (fixture->path, "UPDATE event SET closed = '2026-05-16T22:00:00Z'");
  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);
  assert_link_refused (store, fixture->path, secret, id, CTD_STORE_ERROR_CLOSED);
}

/* What the desk would refuse, the table cannot send. */
static void
test_bad_lines (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *dump = ctd_test_dump (fixture->path, FALSE);
  g_autofree char *dump_after = NULL;
  g_autofree char *request = ctd_test_request_key (3);
  g_autofree char *neither = NULL;
  guint box, captain, other;

  ctd_test_sides_of (store, secret, 2, &box, &captain, NULL, NULL);
  /* Game 2 starts at a cube of 1: a cube of 3 is no value. */
  assert_false (ctd_store_submit (store, secret, 2, "B 3:3", box, request, address,
                                  CTD_TEST_PHONE_A, NULL,
                                  &error));
  if (strstr (error->message, "Game 2") == NULL)
    fail_msg ("no game number in: %s", error->message);
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 2, "hello", box, request, address,
                                  CTD_TEST_PHONE_A, NULL,
                                  &error));
  if (strstr (error->message, "Game 2") == NULL)
    fail_msg ("no game number in: %s", error->message);
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 13, "T", box, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "There is no game 13");
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 0, "T", box, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "There is no game 0");
  g_clear_error (&error);
  for (other = 1; other == box || other == captain; other++)
    ;
  assert_false (ctd_store_submit (store, secret, 2, "T", other, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  neither = g_strdup_printf ("Game 2: the line is entered by its Box or its Captain (seat %u is "
                             "neither)", other);
  assert_refused (error, CTD_STORE_ERROR_REFUSED, neither);
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 2, "T", 9, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "seat 9 is neither");
  g_clear_error (&error);
  /* Game 10 sent by its Box (seat 4) before its Captain is known: the
   * games missing are said, not that seat 4 is neither. */
  assert_false (ctd_store_submit (store, secret, 10, "T", 4, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_null (strstr (error->message, "neither"));
  assert_non_null (strstr (error->message, "Game 10 is in the last segment, whose order comes "
                                           "from the scores after games 1-9; enter games 1, 2, "
                                           "3, 4, 5, 6, 7, 8 and 9 first"));
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 2, "T", box, request, "",
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "address");
  g_clear_error (&error);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);
}

/* One line at a time per game: a second waits until the first is
 * answered; sent back (by the other side or the director), the game
 * may be entered again. */
static void
test_one_line_at_a_time (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(CtdStoreSubmission) rejected = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *box_name = NULL;
  g_autofree char *captain_name = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *k1 = ctd_test_request_key (1), *k2 = ctd_test_request_key (2), *k3 = ctd_test_request_key (3), *k4 = ctd_test_request_key (4);
  guint box, captain;
  gint64 id = 0, second = 0;

  ctd_test_sides_of (store, secret, 1, &box, &captain, &box_name, &captain_name);
  assert_true (ctd_store_submit (store, secret, 1, "T", box, k1, address,
                                 CTD_TEST_PHONE_A, &id, &error));
  assert_false (ctd_store_submit (store, secret, 1, "B", captain, k2, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  expected = g_strdup_printf ("Game 1: its line waits for %s's confirmation", captain_name);
  assert_refused (error, CTD_STORE_ERROR_REFUSED, expected);
  g_clear_error (&error);

  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                            CTD_TEST_PHONE_B, NULL, &error));
  assert_false (ctd_store_submit (store, secret, 1, "B", captain, k2, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "Game 1: its line already waits for the "
                                                  "director");
  g_clear_error (&error);

  /* The director sends it back, with a reason the table reads. */
  assert_true (ctd_store_reject_submission (store, id, "  The Box doubled before game 1  ",
                                            &error));
  rejected = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (rejected->state, CTD_SUBMISSION_REJECTED);
  assert_string_equal (rejected->reason, "The Box doubled before game 1");
  assert_non_null (rejected->decided);
  assert_false (ctd_store_accept_submission (store, id, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* Answering it now says it was sent back. */
  assert_false (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "Game 1: this line was sent back");
  g_clear_error (&error);
  assert_false (ctd_store_answer_submission (store, secret, id, captain, FALSE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "Game 1: this line was sent back");
  g_clear_error (&error);

  /* Entered again, this time by the Captain; the Box says it is wrong. */
  assert_true (ctd_store_submit (store, secret, 1, "B", captain, k3, address,
                                 CTD_TEST_PHONE_A, &second, &error));
  assert_true (second > id);
  assert_state (store, 1, 1, CTD_SUBMISSION_ENTERED);
  assert_true (ctd_store_answer_submission (store, secret, second, box, FALSE, address,
                                            CTD_TEST_PHONE_B, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_REFUSED);
  /* A sent-back line is confirmed no more. */
  assert_false (ctd_store_answer_submission (store, secret, second, box, TRUE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "sent back");
  g_clear_error (&error);
  assert_true (ctd_store_submit (store, secret, 1, "T", box, k4, address,
                                 CTD_TEST_PHONE_A, &id, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_ENTERED);
  /* Only the newest line of a game is answered. */
  assert_false (ctd_store_answer_submission (store, secret, second, box, TRUE, address,
                                             CTD_TEST_PHONE_B, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                            CTD_TEST_PHONE_B, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_PENDING);
  assert_int_equal (ctd_test_n_games (store, 1), 0);
}

/* The desk has game 1 as one line and the table sends another: a
 * disagreement the director settles, never silently. */
static void
test_disagreement (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(CtdStoreSubmission) submission = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *long_reason = g_strnfill (201, 'x');
  g_autofree char *dump = NULL;
  g_autofree char *dump_after = NULL;
  const char *bad_reasons[] = { "", "   ", long_reason, "one\ntwo", "bell\a" };
  guint length;
  gint64 id;

  ctd_test_record (store, 1, 1, 1, "T");
  id = send_confirmed (store, 1, 1, "B", 1);
  submission = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (submission->state, CTD_SUBMISSION_DISAGREES);
  assert_string_equal (submission->recorded, "T");
  assert_string_equal (submission->line, "B");

  length = ctd_test_audit_length (store);
  dump = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_accept_submission (store, id, FALSE, &error));
  assert_refused (error, CTD_STORE_ERROR_CONFIRM, "Chouette 1.1 game 1 already has the result "
                                                  "“T”, and the table sent “B”");
  g_clear_error (&error);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_reasons); i++)
    {
      assert_false (ctd_store_reject_submission (store, id, bad_reasons[i], &error));
      ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
      g_clear_error (&error);
    }
  assert_false (ctd_store_reject_submission (store, id, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);

  assert_true (ctd_store_reject_submission (store, id, "The desk's sheet says T", &error));
  g_clear_pointer (&submission, ctd_store_submission_free);
  submission = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (submission->state, CTD_SUBMISSION_REJECTED);
  assert_string_equal (submission->reason, "The desk's sheet says T");
  assert_int_equal (ctd_test_audit_length (store), length);

  /* Sent again; this time the director takes the table's line. */
  id = send_confirmed (store, 1, 1, "B", 2);
  assert_state (store, 1, 1, CTD_SUBMISSION_DISAGREES);
  assert_true (ctd_store_accept_submission (store, id, TRUE, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_RECORDED);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 0))->canonical, "B");
  entry = ctd_test_last_audit (store);
  assert_true (g_str_has_prefix (entry->summary, "Chouette 1.1 game 1: “T” -> “B” (from table "
                                                 "1.1's link: entered by "));
  assert_non_null (strstr (entry->summary, "(192.168.1.24))"));
  /* Undone: the desk's line is back, the table's disagrees again. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_DISAGREES);
}

/* The table's very line, which the desk already holds, is no news. */
static void
test_same_as_desk (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *request = ctd_test_request_key (1);
  g_autofree char *dump = NULL;
  g_autofree char *dump_after = NULL;
  guint box, captain;

  ctd_test_record (store, 1, 1, 1, "T");
  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  dump = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_submit (store, secret, 1, "T", box, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "Game 1: the desk already has this very line");
  g_clear_error (&error);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);

  /* And after a line of the table was recorded, the same again. */
  assert_true (ctd_store_accept_submission (store, send_confirmed (store, 1, 2, "T", 2), FALSE,
                                            &error));
  g_free (request);
  request = ctd_test_request_key (3);
  assert_false (ctd_store_submit (store, secret, 2, "T", box, request, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, CTD_STORE_ERROR_REFUSED, "Game 2: the desk already has this very line");
}

static void
set_auto_accept (CtdStore *store,
                 gboolean  on)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  CtdEventSettings changed;

  assert_true (ctd_store_get_settings (store, &settings, &error));
  assert_false (settings.table_auto_accept == on);
  changed = settings;
  changed.table_auto_accept = on;
  if (!ctd_store_set_settings (store, &changed, &error))
    fail_msg ("%s", error->message);
}

/* With the event's setting on, a confirmed line is recorded at once, as
 * the director's accept would; one the desk cannot take yet waits. */
static void
test_auto_accept (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(CtdStoreSubmission) submission = NULL;
  guint length;

  /* Off by default: games 1-9 of 1.2 wait. */
  for (guint g = 1; g <= 9; g++)
    send_confirmed (store, 2, g, ctd_test_phone_sheet[g - 1], g);
  assert_int_equal (ctd_test_n_games (store, 2), 0);

  set_auto_accept (store, TRUE);
  length = ctd_test_audit_length (store);
  send_confirmed (store, 1, 1, "T", 20);
  assert_state (store, 1, 1, CTD_SUBMISSION_RECORDED);
  assert_int_equal (ctd_test_n_games (store, 1), 1);
  assert_int_equal (ctd_test_audit_length (store), length + 1);
  entry = ctd_test_last_audit (store);
  assert_true (g_str_has_prefix (entry->summary, "Chouette 1.1 game 1: T (from table 1.1's "
                                                 "link: entered by "));
  assert_non_null (strstr (entry->summary, "(192.168.1.23), confirmed by "));
  /* Undo takes it back to the desk's queue, as an accepted line. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_state (store, 1, 1, CTD_SUBMISSION_PENDING);
  assert_true (ctd_store_redo (store, NULL, &error));

  /* Game 10 of 1.2, whose games 1-9 the desk has not: it waits. */
  length = ctd_test_audit_length (store);
  send_confirmed (store, 2, 10, ctd_test_phone_sheet[9], 21);
  submission = ctd_test_newest_submission (store, 2, 10);
  assert_int_equal (submission->state, CTD_SUBMISSION_PENDING);
  assert_int_equal (ctd_test_n_games (store, 2), 0);
  assert_int_equal (ctd_test_audit_length (store), length);
  /* Game 1 the desk has: the table's other line disagrees and waits. */
  send_confirmed (store, 1, 1, "B", 22);
  assert_state (store, 1, 1, CTD_SUBMISSION_DISAGREES);
  assert_int_equal (ctd_test_audit_length (store), length);
}

/* The table plays on from its own lines: after games 1-9 sent and
 * confirmed, it knows the last segment's order and may send game 10,
 * while the desk's chouette holds nothing yet. */
static void
test_table_chouette (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(CtdChouette) table = NULL;
  g_autoptr(CtdChouette) desk = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *request = ctd_test_request_key (50);
  CtdChouetteGame slot;
  guint order[CTD_MAX_PLAYERS - 1];
  guint round = 0, number = 0;
  gint64 id = 0;

  /* Before games 1-9, game 10 is nobody's to enter. */
  table = ctd_store_load_table_chouette (store, secret, &round, &number, &error);
  assert_int_equal (round, 1);
  assert_int_equal (number, 1);
  assert_false (ctd_chouette_get_sheet_last_order (table, order));
  ctd_chouette_get_sheet_game (table, 10, &slot);
  assert_int_equal (slot.slot.captain, 0);
  g_clear_pointer (&table, ctd_chouette_free);

  for (guint g = 1; g <= 9; g++)
    send_confirmed (store, 1, g, ctd_test_phone_sheet[g - 1], g);
  table = ctd_store_load_table_chouette (store, secret, NULL, NULL, &error);
  assert_non_null (table);
  assert_true (ctd_chouette_get_sheet_last_order (table, order));
  ctd_chouette_get_sheet_game (table, 10, &slot);
  assert_int_not_equal (slot.slot.captain, 0);
  assert_true (ctd_store_submit (store, secret, 10, ctd_test_phone_sheet[9], slot.slot.box,
                                 request, address, CTD_TEST_PHONE_A, &id, &error));
  assert_state (store, 1, 10, CTD_SUBMISSION_ENTERED);

  desk = ctd_store_load_chouette (store, 1, 1, &error);
  assert_null (ctd_chouette_get_result (desk, 1));
  assert_int_equal (ctd_test_n_games (store, 1), 0);

  /* A wrong secret opens no chouette. */
  assert_null (ctd_store_load_table_chouette (store, "0123456789abcdef0123456789abcdef", NULL,
                                              NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
}

/* A redraw takes away what the old tables sent; the file still opens. A
 * line naming a seat its chouette has not is a hand edit, refused. */
static void
test_redraw_and_validate (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 7);
  g_autofree char *count = NULL;
  g_autofree char *good = g_build_filename (fixture->dir, "good.chouette", NULL);
  g_autofree char *sizes = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *request = ctd_test_request_key (5);
  g_autofree char *secret = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  guint box, captain;

  sizes = ctd_test_query_text (fixture->path, "SELECT group_concat (size) FROM "
                                              "(SELECT size FROM chouette ORDER BY number)");
  assert_string_equal (sizes, "4,3|\n");
  send_confirmed (store, 1, 1, "T", 1);
  send_confirmed (store, 2, 1, "T", 2);
  secret = ctd_test_link_secret (store, 1, 2);
  ctd_test_sides_of (store, secret, 4, &box, &captain, NULL, NULL);
  assert_true (ctd_store_submit (store, secret, 4, "T", box, request, address,
                                 CTD_TEST_PHONE_A, NULL, &error));
  assert_true (ctd_store_write_copy (store, good, NULL, 0, &error));

  assert_true (ctd_store_redraw_round (store, 1, 8, &error));
  count = ctd_test_query_text (fixture->path, "SELECT count (*) FROM submission");
  assert_string_equal (count, "0|\n");
  assert_null (ctd_test_newest_submission (store, 1, 1));
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  g_clear_pointer (&store, ctd_store_close);

  /* Seat 4 of the 3-player chouette 1.2. */
  assert_true (g_file_get_contents (good, &contents, &length, &error));
  assert_true (g_file_set_contents (fixture->path, contents, (gssize) length, &error));
  ctd_test_exec_sql (fixture->path, "UPDATE submission SET entered_by = 4 WHERE game = 4");
  before = ctd_test_dump (fixture->path, FALSE);
  store = ctd_store_open (fixture->path, &error);
  assert_null (store);
  assert_refused (error, CTD_STORE_ERROR_INVALID,
                  "table submission, row 3: it names a player past its chouette's size");
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (after, before);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_enter_confirm_accept, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_idempotency, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_link_refused, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_bad_lines, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_one_line_at_a_time, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_disagreement, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_same_as_desk, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_auto_accept, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_table_chouette, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_redraw_and_validate, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
