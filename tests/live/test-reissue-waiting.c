/* test-reissue-waiting.c: what the window's Table Entry asks of the
 * document. One chouette's link reissued (a sheet or a phone gone
 * missing): the old secret opens nothing, the new one opens that
 * chouette, the others keep theirs, undo brings the old one back, and a
 * chouette the event lacks or a closed event is refused before and at
 * the write, nothing changed. And the tables' lines that wait for the
 * director across the event: how many, and how many each chouette.
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

#include "ctd-document.h"
#include "ctd-test-build.h"
#include "ctd-test-document.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* Every chouette's secret, "1.1=…;1.2=…", to see that nothing changed. */
static char *
all_secrets (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_document_list_links (document, 0, &error);
  GString *text = g_string_new (NULL);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      g_string_append_printf (text, "%u.%u=%s;", link->round, link->chouette, link->secret);
    }
  return g_string_free (text, FALSE);
}

/* Which chouette @secret opens, "1.2", or "nothing". */
static char *
opens (CtdDocument *document,
       const char  *secret)
{
  g_autoptr(GError) error = NULL;
  guint round = 0, chouette = 0;

  if (!ctd_document_find_link (document, secret, &round, &chouette, &error))
    {
      assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
      return g_strdup ("nothing");
    }
  return g_strdup_printf ("%u.%u", round, chouette);
}

static void
assert_opens (CtdDocument *document,
              const char  *secret,
              const char  *expected)
{
  g_autofree char *found = opens (document, secret);

  assert_string_equal (found, expected);
}

/* "changed", heard (swapped: the count first). */
static void
count_cb (guint *count)
{
  (*count)++;
}

/* Chouette 1.1 gets a new link; 1.2 keeps its own; undo and redo. */
static void
test_reissue (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL;
  g_autofree char *other = NULL;
  g_autofree char *fresh = NULL;
  guint changed = 0;

  ctd_test_draw_players (document, 8);
  old = ctd_test_document_secret (document, 1, 1);
  other = ctd_test_document_secret (document, 1, 2);
  assert_opens (document, old, "1.1");
  assert_opens (document, other, "1.2");

  assert_true (ctd_document_check_reissue_link (document, 1, 1, &error));
  g_signal_connect_swapped (document, "changed", G_CALLBACK (count_cb), &changed);
  if (!ctd_document_reissue_link (document, 1, 1, &error))
    fail_msg ("reissue: %s", error->message);
  assert_int_equal (changed, 1);
  fresh = ctd_test_document_secret (document, 1, 1);
  assert_string_not_equal (fresh, old);
  assert_opens (document, old, "nothing");
  assert_opens (document, fresh, "1.1");
  assert_opens (document, other, "1.2");
  assert_true (ctd_document_get_can_undo (document));
  assert_string_equal (ctd_document_get_undo_summary (document),
                       "Issued a new link for chouette 1.1: the old one no longer opens it");

  /* Undo leaves the replaced link revoked: 1.1 gets a third one. */
  if (!ctd_document_undo (document, &error))
    fail_msg ("undo: %s", error->message);
  assert_opens (document, old, "nothing");
  assert_opens (document, fresh, "nothing");
  assert_opens (document, other, "1.2");
  {
    g_autofree char *third = ctd_test_document_secret (document, 1, 1);

    assert_opens (document, third, "1.1");
  }
  if (!ctd_document_redo (document, &error))
    fail_msg ("redo: %s", error->message);
  assert_opens (document, old, "nothing");
  assert_opens (document, fresh, "1.1");
}

/* A chouette the event lacks: told how many the round has, before and
 * at the write; nothing changes, nothing is logged. */
static void
test_reissue_no_such_chouette (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *summary = NULL;

  ctd_test_draw_players (document, 8);
  before = all_secrets (document);
  summary = g_strdup (ctd_document_get_undo_summary (document));

  assert_false (ctd_document_check_reissue_link (document, 1, 9, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  assert_string_equal (error->message, "There is no chouette 1.9: round 1 has 2 chouettes");
  g_clear_error (&error);
  assert_false (ctd_document_check_reissue_link (document, 2, 1, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_error (&error);
  assert_false (ctd_document_reissue_link (document, 1, 9, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  assert_non_null (strstr (error->message, "1.9"));

  after = all_secrets (document);
  assert_string_equal (after, before);
  assert_string_equal (ctd_document_get_undo_summary (document), summary);
}

/* A closed event can no longer change: no link is reissued. */
static void
test_reissue_closed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (!ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error))
    fail_msg ("%s", error->message);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  if (!ctd_document_close_event (document, fixture->dir, &error))
    fail_msg ("close: %s", error->message);
  before = all_secrets (document);

  assert_false (ctd_document_check_reissue_link (document, 1, 1, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  assert_string_equal (error->message, ctd_document_get_read_only_reason (document));
  assert_non_null (strstr (error->message, "The event was closed on "));
  g_clear_error (&error);
  assert_false (ctd_document_reissue_link (document, 1, 1, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));

  after = all_secrets (document);
  assert_string_equal (after, before);
}

/* Line @id of game @game, confirmed at table 1.@number by its Captain. */
static void
confirm_line (CtdDocument *document,
              guint        number,
              guint        game,
              gint64       id)
{
  CtdGameItem *row = ctd_test_game_item (ctd_test_get_view (document, number), game);
  g_autofree char *secret = ctd_test_document_secret (document, 1, number);
  g_autoptr(GError) error = NULL;

  if (!ctd_document_answer_submission (document, secret, id, ctd_game_item_get_captain (row),
                                       TRUE, "192.168.1.24", CTD_TEST_PHONE_B, NULL, &error))
    fail_msg ("1.%u game %u confirmed: %s", number, game, error->message);
}

/* Game @game's line @line entered at table 1.@number by its Box and,
 * with @confirm, confirmed by its Captain. Returns the line's id. */
static gint64
send_line (CtdDocument *document,
           guint        number,
           guint        game,
           const char  *line,
           gboolean     confirm)
{
  static guint n_forms;
  CtdGameItem *row = ctd_test_game_item (ctd_test_get_view (document, number), game);
  g_autofree char *secret = ctd_test_document_secret (document, 1, number);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(GError) error = NULL;
  guint box;
  gint64 id = 0;

  g_object_get (row, "box", &box, NULL);
  if (!ctd_document_submit (document, secret, game, line, box, request, "192.168.1.23",
                            CTD_TEST_PHONE_A, &id, &error))
    fail_msg ("1.%u game %u “%s”: %s", number, game, line, error->message);
  if (confirm)
    confirm_line (document, number, game, id);
  return id;
}

static guint
count_waiting (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  guint n = G_MAXUINT;

  if (!ctd_document_count_waiting_lines (document, &n, &error))
    fail_msg ("count: %s", error->message);
  return n;
}

/* Each chouette with waiting lines and how many, in chouette order
 * ("1.1: 2, 1.2: 1"), as the Table Entry dialog's buttons count them
 * (their order, the longest wait first, is test-waiting-chouettes.c's:
 * here the lines may be confirmed within one second or across two). */
static void
assert_waiting (CtdDocument *document,
                const char  *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) chouettes = ctd_document_list_waiting_chouettes (document, &error);
  g_autoptr(GString) found = g_string_new (NULL);

  if (chouettes == NULL)
    fail_msg ("list: %s", error->message);
  for (guint number = 1; number <= 2; number++)
    for (guint i = 0; i < chouettes->len; i++)
      {
        const CtdWaitingChouette *waiting = g_ptr_array_index (chouettes, i);

        assert_non_null (waiting->since);
        if (waiting->chouette == number)
          g_string_append_printf (found, "%s1.%u: %u", found->len > 0 ? ", " : "", number,
                                  waiting->n_lines);
      }
  assert_string_equal (found->str, expected);
}

/* Only confirmed lines the game does not hold wait: a line entered and
 * not confirmed does not, nor one accepted; one the desk disagrees
 * with does. Each chouette's are counted. */
static void
test_waiting (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  gint64 first, unconfirmed;

  ctd_test_draw_players (document, 8);
  assert_int_equal (count_waiting (document), 0);
  assert_waiting (document, "");

  unconfirmed = send_line (document, 2, 1, "T", FALSE);
  assert_int_equal (count_waiting (document), 0);
  assert_waiting (document, "");

  confirm_line (document, 2, 1, unconfirmed);
  assert_int_equal (count_waiting (document), 1);
  assert_waiting (document, "1.2: 1");

  first = send_line (document, 1, 3, "T", TRUE);
  send_line (document, 1, 4, "T", TRUE);
  assert_int_equal (count_waiting (document), 3);
  assert_waiting (document, "1.1: 2, 1.2: 1");

  send_line (document, 1, 1, "T", TRUE);
  assert_waiting (document, "1.1: 3, 1.2: 1");

  /* Recorded the same at the desk, or accepted: the game's, it waits
   * no more. */
  ctd_test_record_line (document, ctd_test_get_view (document, 1), 4, "T", FALSE);
  assert_int_equal (count_waiting (document), 3);
  assert_waiting (document, "1.1: 2, 1.2: 1");
  if (!ctd_document_accept_submission (document, first, FALSE, &error))
    fail_msg ("accept: %s", error->message);
  assert_int_equal (count_waiting (document), 2);
  assert_waiting (document, "1.1: 1, 1.2: 1");

  /* The desk enters another line for 1.2's game 1: the table's waits
   * still, as a disagreement. */
  ctd_test_record_line (document, ctd_test_get_view (document, 2), 1, "B", FALSE);
  assert_int_equal (count_waiting (document), 2);
  assert_waiting (document, "1.1: 1, 1.2: 1");

  /* Undone, the accepted line waits again. */
  if (!ctd_document_undo (document, &error) || !ctd_document_undo (document, &error))
    fail_msg ("undo: %s", error->message);
  assert_int_equal (count_waiting (document), 3);
  assert_waiting (document, "1.1: 2, 1.2: 1");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_reissue, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue_no_such_chouette, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue_closed, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_waiting, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
