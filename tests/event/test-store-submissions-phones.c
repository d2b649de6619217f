/* test-store-submissions-phones.c: who may confirm a table's line, what
 * a phone may send, and what a link's reissue does to its lines.
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

#include "ctd-link.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

static const char address[] = "192.168.1.23";

static void
assert_refused (const GError *error,
                const char   *part)
{
  assert_non_null (error);
  if (strstr (error->message, part) == NULL)
    fail_msg ("“%s” does not say “%s”", error->message, part);
}

/* The phone that entered a line confirms it only with the confirmer's
 * seat code; then the event's auto-accept leaves it to the director,
 * whose log names one phone. Another phone confirms without a code. */
static void
test_one_phone (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreSubmission) line = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *k1 = ctd_test_request_key (1);
  g_autofree char *k2 = ctd_test_request_key (2);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];
  char box_code[CTD_LINK_SEAT_CODE_CHARS + 1];
  guint box, captain;
  gint64 id = 0;

  assert_true (ctd_store_get_settings (store, &settings, &error));
  settings.table_auto_accept = TRUE;
  assert_true (ctd_store_set_settings (store, &settings, &error));
  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  ctd_link_seat_code (secret, captain, code);
  ctd_link_seat_code (secret, box, box_code);
  assert_true (ctd_store_submit (store, secret, 1, "T", box, k1, address, CTD_TEST_PHONE_A,
                                 &id, &error));

  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                             CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, "on their own phone, or here with their seat code");
  assert_int_equal (error->code, CTD_STORE_ERROR_SEAT_CODE);
  g_clear_error (&error);
  /* The Box's own code proves nothing of the Captain. */
  assert_false (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                             CTD_TEST_PHONE_A, box_code, &error));
  assert_refused (error, "is not");
  assert_int_equal (error->code, CTD_STORE_ERROR_SEAT_CODE);
  g_clear_error (&error);
  assert_false (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                             "not a device", code, &error));
  assert_refused (error, "did not say which phone it is");
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (after, before);

  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                            CTD_TEST_PHONE_A, code, &error));
  line = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (line->state, CTD_SUBMISSION_PENDING);
  assert_true (line->one_device);
  assert_int_equal (ctd_test_n_games (store, 1), 0);
  assert_true (ctd_store_accept_submission (store, line->id, FALSE, &error));
  {
    g_autoptr(CtdStoreAuditEntry) entry = ctd_test_last_audit (store);

    assert_non_null (strstr (entry->summary, "on the same phone, with a seat code"));
  }
  g_clear_pointer (&line, ctd_store_submission_free);

  /* Game 2 from one phone, confirmed on another: recorded at once. */
  ctd_test_sides_of (store, secret, 2, &box, &captain, NULL, NULL);
  assert_true (ctd_store_submit (store, secret, 2, "T", box, k2, address, CTD_TEST_PHONE_A,
                                 &id, &error));
  assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, "192.168.1.24",
                                            CTD_TEST_PHONE_B, NULL, &error));
  line = ctd_test_newest_submission (store, 1, 2);
  assert_int_equal (line->state, CTD_SUBMISSION_RECORDED);
  assert_false (line->one_device);
  assert_int_equal (ctd_test_n_games (store, 1), 2);
}

/* A phone sends no adjustment and no cube past V0 x 64, however it is
 * written; the desk still enters both. */
static void
test_desk_only_lines (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *adjusted = NULL;
  g_autofree char *high = NULL;
  g_autofree char *highest = NULL;
  g_autofree char *k1 = ctd_test_request_key (1);
  guint box, captain, crew = 0;

  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  for (guint p = 1; p <= 4 && crew == 0; p++)
    if (p != box && p != captain)
      crew = p;
  adjusted = g_strdup_printf ("T A:%u>%u:1", crew, captain);
  high = g_strdup_printf ("T %u:128", captain);
  highest = g_strdup_printf ("T %u:64", captain);

  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_submit (store, secret, 1, adjusted, box, k1, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, "Game 1: an adjustment (A:) is the director's ruling");
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 1, high, box, k1, address, CTD_TEST_PHONE_A,
                                  NULL, &error));
  assert_refused (error, "Game 1: a cube at 128 is past what this table's phone may send "
                         "(64 at most)");
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (after, before);

  /* Six doublings of the starting cube are the table's to send. */
  assert_true (ctd_store_submit (store, secret, 1, highest, box, k1, address, CTD_TEST_PHONE_A,
                                 NULL, &error));
  /* The desk enters what the phones may not. */
  ctd_test_record (store, 1, 1, 1, high);
  assert_int_equal (ctd_test_n_games (store, 1), 1);
}

/* The cap counts the lines of the link in use: a flood that fills it is
 * cut off by a reissue, whose link opens a new count; the old link's
 * lines that wait leave the desk's list and the table's page says why,
 * while a recorded one stays. */
static void
test_reissue_disowns (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) waiting = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *fresh = NULL;
  g_autofree char *last = ctd_test_request_key (10000);
  guint box, captain;
  guint n = 0;

  /* Game 1 recorded, game 2 confirmed and waiting, game 3 entered. */
  for (guint game = 1; game <= 3; game++)
    {
      g_autofree char *k = ctd_test_request_key (5000 + game);
      gint64 id = 0;

      ctd_test_sides_of (store, secret, game, &box, &captain, NULL, NULL);
      assert_true (ctd_store_submit (store, secret, game, "T", box, k, address,
                                     CTD_TEST_PHONE_A, &id, &error));
      if (game < 3)
        assert_true (ctd_store_answer_submission (store, secret, id, captain, TRUE, address,
                                                  CTD_TEST_PHONE_B, NULL, &error));
      if (game == 1)
        {
          g_autoptr(CtdStoreSubmission) line = ctd_test_newest_submission (store, 1, 1);

          assert_true (ctd_store_accept_submission (store, line->id, FALSE, &error));
        }
    }
  /* The rest of the cap, on game 4, sent and sent back. */
  ctd_test_sides_of (store, secret, 4, &box, &captain, NULL, NULL);
  while (TRUE)
    {
      g_autofree char *k = ctd_test_request_key (n++);
      gint64 id = 0;

      if (!ctd_store_submit (store, secret, 4, "T", box, k, address, CTD_TEST_PHONE_A, &id,
                             &error))
        break;
      assert_true (ctd_store_answer_submission (store, secret, id, captain, FALSE, address,
                                                CTD_TEST_PHONE_B, NULL, &error));
    }
  assert_refused (error, "ask the director");
  g_clear_error (&error);
  assert_int_equal (n - 1 + 3, CTD_STORE_SUBMISSIONS_MAX);

  assert_true (ctd_store_reissue_link (store, 1, 1, &fresh, &error));
  waiting = ctd_store_list_submissions (store, 1, 1, &error);
  for (guint i = 0; i < waiting->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (waiting, i);

      if (line->game == 1)
        assert_int_equal (line->state, CTD_SUBMISSION_RECORDED);
      else if (line->game <= 3)
        {
          assert_int_equal (line->state, CTD_SUBMISSION_REJECTED);
          assert_non_null (strstr (line->reason, "the table's old link"));
        }
    }
  /* The new link sends again, game 2 included. */
  ctd_test_sides_of (store, fresh, 2, &box, &captain, NULL, NULL);
  assert_true (ctd_store_submit (store, fresh, 2, "B", box, last, address, CTD_TEST_PHONE_A,
                                 NULL, &error));
}

/* A table's lines are numbered within its chouette: what its page shows
 * says nothing of the other tables' lines, while the desk keeps its ids. */
static void
test_numbers (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_drawn_event (fixture, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreSubmission) line = NULL;
  g_autofree char *first = ctd_test_link_secret (store, 1, 1);
  g_autofree char *second = ctd_test_link_secret (store, 1, 2);
  guint box, captain;

  ctd_test_sides_of (store, first, 1, &box, &captain, NULL, NULL);
  for (guint n = 0; n < 3; n++)
    {
      g_autofree char *k = ctd_test_request_key (n);
      gint64 id = 0;

      assert_true (ctd_store_submit (store, first, 1, "T", box, k, address, CTD_TEST_PHONE_A,
                                     &id, &error));
      assert_true (ctd_store_answer_submission (store, first, id, captain, FALSE, address,
                                                CTD_TEST_PHONE_B, NULL, &error));
    }
  line = ctd_test_newest_submission (store, 1, 1);
  assert_int_equal (line->number, 3);
  g_clear_pointer (&line, ctd_store_submission_free);

  ctd_test_sides_of (store, second, 1, &box, &captain, NULL, NULL);
  {
    g_autofree char *k = ctd_test_request_key (10);

    assert_true (ctd_store_submit (store, second, 1, "T", box, k, address, CTD_TEST_PHONE_A,
                                   NULL, &error));
  }
  line = ctd_test_newest_submission (store, 2, 1);
  assert_int_equal (line->number, 1);
  assert_int_equal (line->id, 4);
}

/* A link's holder cannot fill the file: a table keeps at most
 * CTD_STORE_SUBMISSIONS_MAX lines, sent and sent back. */
static void
test_bounded (void **state)
{
  g_autoptr(CtdStore) store = ctd_test_drawn_event (*state, 8);
  g_autoptr(GError) error = NULL;
  g_autofree char *secret = ctd_test_link_secret (store, 1, 1);
  g_autofree char *last = ctd_test_request_key (CTD_STORE_SUBMISSIONS_MAX);
  guint box, captain;

  ctd_test_sides_of (store, secret, 1, &box, &captain, NULL, NULL);
  for (guint n = 0; n < CTD_STORE_SUBMISSIONS_MAX; n++)
    {
      g_autofree char *request = ctd_test_request_key (n);
      gint64 id = 0;

      if (!ctd_store_submit (store, secret, 1, "T", box, request, address,
                             CTD_TEST_PHONE_A, &id, &error) ||
          !ctd_store_answer_submission (store, secret, id, captain, FALSE, address,
                                        CTD_TEST_PHONE_B, NULL, &error))
        fail_msg ("line %u: %s", n, error->message);
    }
  assert_false (ctd_store_submit (store, secret, 1, "T", box, last, address,
                                  CTD_TEST_PHONE_A, NULL, &error));
  assert_refused (error, "ask the director");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_one_phone, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_desk_only_lines, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue_disowns, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_numbers, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_bounded, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
