/* test-waiting-chouettes.c: the tables' waiting lines as the Table
 * Entry dialog lists them (ctd_waiting_chouettes_group()): one entry a
 * chouette with how many lines wait, the longest wait first.
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

#include "ctd-document.h"

static void
add_line (GPtrArray          *lines,
          guint               chouette,
          guint               game,
          CtdSubmissionState  state,
          const char         *sent,
          const char         *answered)
{
  CtdStoreSubmission *line = g_new0 (CtdStoreSubmission, 1);

  line->round = 2;
  line->chouette = chouette;
  line->game = game;
  line->state = state;
  line->sent = g_strdup (sent);
  line->answered = g_strdup (answered);
  g_ptr_array_add (lines, line);
}

static void
assert_entry (GPtrArray  *chouettes,
              guint       i,
              guint       chouette,
              guint       n_lines,
              const char *since)
{
  const CtdWaitingChouette *waiting = g_ptr_array_index (chouettes, i);

  if (waiting->round != 2 || waiting->chouette != chouette || waiting->n_lines != n_lines ||
      g_strcmp0 (waiting->since, since) != 0)
    fail_msg ("entry %u: %u.%u, %u lines since %s; expected 2.%u, %u since %s", i,
              waiting->round, waiting->chouette, waiting->n_lines, waiting->since, chouette,
              n_lines, since);
}

/* Counted by chouette, only what waits for the director (pending or
 * differing from the desk), ordered by the oldest confirmation; a
 * chouette waiting as long as another comes in chouette order. */
static void
test_grouped_oldest_first (void **state)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_submission_free);
  g_autoptr(GPtrArray) chouettes = NULL;

  (void) state;
  add_line (lines, 1, 1, CTD_SUBMISSION_PENDING, "2026-05-17T10:00:00Z", "2026-05-17T10:05:00Z");
  add_line (lines, 1, 2, CTD_SUBMISSION_DISAGREES, "2026-05-17T10:20:00Z", "2026-05-17T10:21:00Z");
  add_line (lines, 1, 3, CTD_SUBMISSION_RECORDED, "2026-05-17T09:00:00Z", "2026-05-17T09:01:00Z");
  add_line (lines, 2, 1, CTD_SUBMISSION_ENTERED, "2026-05-17T08:00:00Z", NULL);
  add_line (lines, 3, 1, CTD_SUBMISSION_PENDING, "2026-05-17T10:01:00Z", "2026-05-17T10:02:00Z");
  add_line (lines, 3, 2, CTD_SUBMISSION_PENDING, "2026-05-17T10:02:00Z", "2026-05-17T10:03:00Z");
  add_line (lines, 3, 3, CTD_SUBMISSION_PENDING, "2026-05-17T10:09:00Z", "2026-05-17T10:10:00Z");
  add_line (lines, 4, 7, CTD_SUBMISSION_REJECTED, "2026-05-17T07:00:00Z", "2026-05-17T07:01:00Z");
  add_line (lines, 5, 1, CTD_SUBMISSION_PENDING, "2026-05-17T10:00:00Z", "2026-05-17T10:05:00Z");
  add_line (lines, 6, 4, CTD_SUBMISSION_PENDING, "2026-05-17T10:00:00Z", NULL);

  chouettes = ctd_waiting_chouettes_group (lines);
  assert_int_equal (chouettes->len, 4);
  assert_entry (chouettes, 0, 6, 1, "2026-05-17T10:00:00Z");
  assert_entry (chouettes, 1, 3, 3, "2026-05-17T10:02:00Z");
  assert_entry (chouettes, 2, 1, 2, "2026-05-17T10:05:00Z");
  assert_entry (chouettes, 3, 5, 1, "2026-05-17T10:05:00Z");
}

static void
test_none (void **state)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_submission_free);
  g_autoptr(GPtrArray) chouettes = NULL;

  (void) state;
  add_line (lines, 1, 1, CTD_SUBMISSION_RECORDED, "2026-05-17T10:00:00Z", "2026-05-17T10:05:00Z");
  chouettes = ctd_waiting_chouettes_group (lines);
  assert_int_equal (chouettes->len, 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_grouped_oldest_first),
    cmocka_unit_test (test_none),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
