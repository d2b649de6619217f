/* test-store-accept-all.c: the tables' confirmed lines accepted at the
 * desk all at once (ctd_store_accept_submissions()): one action, one
 * undo, one log entry listing them; what disagrees with the desk stays.
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

/* Game @game's @line entered at table 1.@chouette by its Box and, with
 * @confirm, confirmed by its Captain, as the table server does. */
static void
table_sends (CtdStore   *store,
             guint       chouette,
             guint       game,
             const char *line,
             gboolean    confirm)
{
  static guint n_forms;
  g_autoptr(GError) error = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, chouette);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(CtdChouette) table = ctd_store_load_table_chouette (store, secret, NULL, NULL,
                                                                &error);
  CtdChouetteGame slot;
  gint64 id = 0;

  if (table == NULL)
    fail_msg ("%s", error->message);
  ctd_chouette_get_sheet_game (table, game, &slot);
  if (!ctd_store_submit (store, secret, game, line, slot.slot.box, request, "192.168.1.23",
                         CTD_TEST_PHONE_A, &id, &error) ||
      (confirm && !ctd_store_answer_submission (store, secret, id, slot.slot.captain, TRUE,
                                                "192.168.1.24", CTD_TEST_PHONE_B, NULL,
                                                &error)))
    fail_msg ("1.%u game %u “%s”: %s", chouette, game, line, error->message);
}

/* Where game @game of chouette 1.@chouette's newest line stands. */
static CtdSubmissionState
stands (CtdStore *store,
        guint     chouette,
        guint     game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = ctd_store_list_submissions (store, 1, chouette, &error);

  assert_non_null (lines);
  for (guint i = 0; i < lines->len; i++)
    if (((CtdStoreSubmission *) g_ptr_array_index (lines, i))->game == game)
      return ((CtdStoreSubmission *) g_ptr_array_index (lines, i))->state;
  fail_msg ("1.%u game %u: no line", chouette, game);
  return CTD_SUBMISSION_ENTERED;
}

static void
assert_tally (const CtdAcceptTally *tally,
              guint                 accepted,
              guint                 tables,
              guint                 differ,
              guint                 refused)
{
  if (tally->accepted != accepted || tally->tables != tables || tally->differ != differ ||
      tally->refused != refused)
    fail_msg ("tally %u lines, %u tables, %u differ, %u refused; expected %u, %u, %u, %u",
              tally->accepted, tally->tables, tally->differ, tally->refused, accepted, tables,
              differ, refused);
}

/* Two tables' lines accepted in one action: the log's one entry lists
 * each with where it came from, one undo puts every line back to wait
 * and redo records them again. The line that differs from the desk's
 * and the one not yet confirmed stay. */
static void
test_accept_all (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *dump_after = NULL;
  CtdAcceptTally tally;
  guint length;

  ctd_test_add_checked_in (store, 8);
  if (!ctd_store_draw_round (store, 7, NULL, &error))
    fail_msg ("%s", error->message);
  table_sends (store, 1, 1, ctd_test_four_sheet[0], TRUE);
  table_sends (store, 1, 2, ctd_test_four_sheet[1], TRUE);
  table_sends (store, 2, 1, ctd_test_four_sheet[0], TRUE);
  ctd_test_record (store, 1, 2, 2, ctd_test_four_sheet[1]);
  table_sends (store, 2, 2, ctd_test_four_sheet[2], TRUE);
  table_sends (store, 2, 3, ctd_test_four_sheet[2], FALSE);
  assert_int_equal (stands (store, 2, 2), CTD_SUBMISSION_DISAGREES);

  assert_true (ctd_store_tally_acceptable (store, 1, &tally, &error));
  assert_tally (&tally, 3, 2, 1, 0);
  length = ctd_test_audit_length (store);
  assert_true (ctd_store_accept_submissions (store, 1, &tally, &error));
  assert_null (error);
  assert_tally (&tally, 3, 2, 1, 0);
  assert_int_equal (ctd_test_audit_length (store), length + 1);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "accept-submission");
  assert_non_null (strstr (entry->summary, "3 tables' lines accepted at once: Chouette 1.1 game 1: "));
  assert_non_null (strstr (entry->summary, "Chouette 1.1 game 2: "));
  assert_non_null (strstr (entry->summary, "; Chouette 1.2 game 1: "));
  assert_non_null (strstr (entry->summary, "from table 1.2's link: entered by "));
  assert_non_null (strstr (entry->summary, "(192.168.1.23), confirmed by "));
  assert_null (strstr (entry->summary, "game 3"));
  assert_int_equal (stands (store, 1, 1), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (store, 1, 2), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (store, 2, 1), CTD_SUBMISSION_RECORDED);
  assert_int_equal (stands (store, 2, 2), CTD_SUBMISSION_DISAGREES);
  assert_int_equal (stands (store, 2, 3), CTD_SUBMISSION_ENTERED);
  assert_int_equal (ctd_test_n_games (store, 1), 2);
  assert_int_equal (ctd_test_n_games (store, 2), 2);

  /* One undo for the whole batch. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_int_equal (stands (store, 1, 1), CTD_SUBMISSION_PENDING);
  assert_int_equal (stands (store, 1, 2), CTD_SUBMISSION_PENDING);
  assert_int_equal (stands (store, 2, 1), CTD_SUBMISSION_PENDING);
  assert_int_equal (ctd_test_n_games (store, 1), 0);
  assert_int_equal (ctd_test_n_games (store, 2), 1);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_int_equal (ctd_test_n_games (store, 1), 2);
  assert_int_equal (ctd_test_n_games (store, 2), 2);

  /* Nothing left to accept: nothing written, the disagreement counted. */
  length = ctd_test_audit_length (store);
  dump = ctd_test_dump (fixture->path, FALSE);
  assert_true (ctd_store_accept_submissions (store, 0, &tally, &error));
  assert_tally (&tally, 0, 0, 1, 0);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);
  assert_int_equal (ctd_test_audit_length (store), length);

  /* A round that is not drawn is named, and nothing changes. */
  assert_false (ctd_store_accept_submissions (store, 2, &tally, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  assert_int_equal (ctd_test_audit_length (store), length);
}

/* The tally before the confirmation counts only the round asked for,
 * and a table once however many of its lines wait. */
static void
test_tally_round (void **state)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  const struct { guint round, chouette; CtdSubmissionState state; } rows[] = {
    { 1, 1, CTD_SUBMISSION_PENDING }, { 1, 1, CTD_SUBMISSION_PENDING },
    { 1, 2, CTD_SUBMISSION_DISAGREES }, { 1, 3, CTD_SUBMISSION_ENTERED },
    { 2, 1, CTD_SUBMISSION_PENDING }, { 2, 4, CTD_SUBMISSION_PENDING },
    { 2, 4, CTD_SUBMISSION_RECORDED }, { 2, 5, CTD_SUBMISSION_PENDING },
  };
  CtdAcceptTally tally;

  (void) state;
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      CtdStoreSubmission *line = g_new0 (CtdStoreSubmission, 1);

      line->round = rows[i].round;
      line->chouette = rows[i].chouette;
      line->game = (guint) i + 1;
      line->state = rows[i].state;
      g_ptr_array_add (lines, line);
    }
  ctd_store_tally_lines (lines, 0, &tally);
  assert_tally (&tally, 5, 4, 1, 0);
  ctd_store_tally_lines (lines, 1, &tally);
  assert_tally (&tally, 2, 1, 1, 0);
  ctd_store_tally_lines (lines, 2, &tally);
  assert_tally (&tally, 3, 3, 0, 0);
  ctd_store_tally_lines (lines, 3, &tally);
  assert_tally (&tally, 0, 0, 0, 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_accept_all, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test (test_tally_round),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
