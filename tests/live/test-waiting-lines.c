/* test-waiting-lines.c: the lines a table confirmed from its link that
 * wait for the director, as the list the document hands a scoring page
 * (ctd_document_get_waiting_lines()): it follows a line sent, confirmed,
 * accepted, undone, disagreeing with the desk, rejected and recorded by
 * the event's setting, also when another program on the file (the table
 * server) writes them, and notifies only what changed; while a line
 * waits, nothing the room or the desk counts moves.
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

#include "ctd-display-view.h"
#include "ctd-document.h"
#include "ctd-test-build.h"
#include "ctd-test-document.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* What the list and its first item said of themselves. */
typedef struct
{
  guint items_changed;
  guint item_notifies;
  guint submissions_changed;
  guint display_changed;
} Heard;

static void
list_changed_cb (GListModel *list,
                 guint       position,
                 guint       removed,
                 guint       added,
                 Heard      *heard)
{
  heard->items_changed++;
}

static void
item_notify_cb (GObject    *item,
                GParamSpec *pspec,
                Heard      *heard)
{
  heard->item_notifies++;
}

static void
count_cb (GObject *object,
          guint   *count)
{
  (*count)++;
}

/* The link's secret of chouette 1.@number. */
static char *
secret_of (CtdDocument *document,
           guint        number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_document_list_links (document, 1, &error);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == number)
        return g_strdup (link->secret);
    }
  fail_msg ("no link for 1.%u", number);
  return NULL;
}

/* Game @game's line @line entered at table 1.1 by its Box and, with
 * @confirm, confirmed by its Captain. Returns the submission's id. */
static gint64
send_line (CtdDocument *document,
           guint        game,
           const char  *line,
           gboolean     confirm)
{
  static guint n_forms;
  CtdChouetteView *view = ctd_test_get_view (document, 1);
  CtdGameItem *row = ctd_test_game_item (view, game);
  g_autofree char *secret = secret_of (document, 1);
  g_autofree char *request = g_strdup_printf ("%032x", ++n_forms);
  g_autoptr(GError) error = NULL;
  guint box, captain = ctd_game_item_get_captain (row);
  gint64 id = 0;

  g_object_get (row, "box", &box, NULL);
  if (!ctd_document_submit (document, secret, game, line, box, request, "192.168.1.23",
                            CTD_TEST_PHONE_A, &id, &error))
    fail_msg ("game %u “%s”: %s", game, line, error->message);
  if (confirm && !ctd_document_answer_submission (document, secret, id, captain, TRUE,
                                                  "192.168.1.24", CTD_TEST_PHONE_B, NULL,
                                                  &error))
    fail_msg ("game %u confirmed: %s", game, error->message);
  return id;
}

static CtdSubmissionItem *
item_at (GListModel *list,
         guint       position)
{
  g_autoptr(CtdSubmissionItem) item = g_list_model_get_item (list, position);

  assert_non_null (item);
  return item;
}

/* Where the store says game @game's newest line stands. */
static CtdSubmissionState
stands (CtdDocument *document,
        guint        game,
        char       **out_reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = ctd_document_list_submissions (document, 1, 1, &error);

  assert_non_null (lines);
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

      if (line->game != game)
        continue;
      if (out_reason != NULL)
        *out_reason = g_strdup (line->reason);
      return line->state;
    }
  fail_msg ("no line for game %u", game);
  return CTD_SUBMISSION_ENTERED;
}

/* Every player's total on the page and the standings' scores, as text. */
static char *
counted (CtdDocument *document)
{
  CtdChouetteView *view = ctd_test_get_view (document, 1);
  GListModel *standings = ctd_document_get_standings (document, 1, FALSE);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%u games;", ctd_chouette_view_get_n_recorded (view));
  for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
    g_string_append_printf (text, " %s", ctd_chouette_view_get_total_text (view, p));
  for (guint i = 0; i < g_list_model_get_n_items (standings); i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (standings, i);
      g_autofree char *score = NULL;

      g_object_get (row, "score-text", &score, NULL);
      g_string_append_printf (text, " %s", score);
    }
  return g_string_free (text, FALSE);
}

/* A line sent waits for the other side, then for the director; accepted
 * it is the game's and leaves the list, undone it waits again. While it
 * waits, the page's totals, the standings and the wall stay as they
 * were, and nothing is added to undo. */
static void
test_pending (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *during = NULL;
  g_autofree char *undo_before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *secret = NULL;
  CtdSubmissionItem *item;
  CtdDisplayView *display;
  CtdChouetteView *view;
  Heard heard = { 0, };
  GListModel *list;
  gint64 id;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  list = ctd_document_get_waiting_lines (document, 1, 1, &error);
  assert_non_null (list);
  assert_ptr_equal (ctd_document_get_waiting_lines (document, 1, 1, &error), list);
  assert_int_equal (g_list_model_get_n_items (list), 0);
  display = ctd_document_get_display_view (document, &error);
  assert_non_null (display);
  g_signal_connect (list, "items-changed", G_CALLBACK (list_changed_cb), &heard);
  g_signal_connect (document, "submissions-changed", G_CALLBACK (count_cb),
                    &heard.submissions_changed);
  g_signal_connect (display, "changed", G_CALLBACK (count_cb), &heard.display_changed);
  before = counted (document);
  undo_before = g_strdup (ctd_document_get_undo_summary (document));

  /* Entered, not confirmed: the table's business, not the desk's yet. */
  id = send_line (document, 1, "T", FALSE);
  assert_int_equal (heard.submissions_changed, 1);
  assert_int_equal (heard.items_changed, 0);
  assert_int_equal (g_list_model_get_n_items (list), 0);

  /* Confirmed: it waits for the director, with who, where and what. */
  secret = secret_of (document, 1);
  assert_true (ctd_document_answer_submission (document, secret, id,
                                               ctd_game_item_get_captain (ctd_test_game_item (view, 1)),
                                               TRUE, "192.168.1.24", CTD_TEST_PHONE_B, NULL,
                                                  &error));
  assert_int_equal (heard.submissions_changed, 2);
  assert_int_equal (heard.items_changed, 1);
  assert_int_equal (g_list_model_get_n_items (list), 1);
  item = item_at (list, 0);
  assert_int_equal (ctd_submission_item_get_id (item), id);
  assert_int_equal (ctd_submission_item_get_game (item), 1);
  assert_int_equal (ctd_submission_item_get_state (item), CTD_SUBMISSION_PENDING);
  assert_string_equal (ctd_submission_item_get_line (item), "T");
  assert_string_equal (ctd_submission_item_get_recorded (item), "");
  assert_string_equal (ctd_submission_item_get_mark (item), "“T” from the table");
  assert_true (ctd_submission_item_get_fits (item));
  assert_string_equal (ctd_submission_item_get_differences (item), "");
  {
    guint box, captain = ctd_game_item_get_captain (ctd_test_game_item (view, 1));
    g_autofree char *summary = NULL;
    g_autofree char *entered = NULL;
    g_autofree char *confirmed = NULL;
    g_autofree char *address = NULL;

    g_object_get (ctd_test_game_item (view, 1), "box", &box, NULL);
    g_object_get (item, "entered-by", &entered, "confirmed-by", &confirmed, "address", &address,
                  NULL);
    assert_string_equal (entered, ctd_chouette_view_get_name (view, box));
    assert_string_equal (confirmed, ctd_chouette_view_get_name (view, captain));
    assert_string_equal (address, "192.168.1.24");
    /* Where each side came from. */
    summary = g_strdup_printf ("Table 1.1 sent this line for game 1: “T” (entered by %s from "
                               "192.168.1.23, confirmed by %s, ", entered, confirmed);
    assert_true (g_str_has_prefix (ctd_submission_item_get_summary (item), summary));
    assert_true (g_str_has_suffix (ctd_submission_item_get_summary (item),
                                   " from 192.168.1.24)."));
  }
  /* The preview is the field's: each player's game score and total. */
  {
    CtdHalves deltas[CTD_MAX_PLAYERS];
    g_autofree char *first = NULL;
    g_autofree char *delta = NULL;

    assert_true (ctd_chouette_view_preview (view, 1, "T", deltas, NULL, NULL, &error));
    delta = ctd_halves_to_string (deltas[0], TRUE);
    first = g_strdup_printf ("1 %s %s (total %s) · 2 %s", ctd_chouette_view_get_name (view, 1),
                             delta, delta, ctd_chouette_view_get_name (view, 2));
    assert_true (g_str_has_prefix (ctd_submission_item_get_preview (item), first));
  }

  /* Nothing counted moved, nothing the wall shows, nothing to undo. */
  during = counted (document);
  assert_string_equal (during, before);
  assert_int_equal (heard.display_changed, 0);
  assert_string_equal (ctd_document_get_undo_summary (document), undo_before);
  assert_int_equal (stands (document, 1, NULL), CTD_SUBMISSION_PENDING);

  /* Accepted: the game's line, and no longer waiting. */
  assert_true (ctd_document_accept_submission (document, id, FALSE, &error));
  assert_int_equal (g_list_model_get_n_items (list), 0);
  assert_int_equal (stands (document, 1, NULL), CTD_SUBMISSION_RECORDED);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 1)), "T");
  after = counted (document);
  assert_string_not_equal (after, before);
  assert_true (heard.display_changed > 0);
  assert_non_null (strstr (ctd_document_get_undo_summary (document), "from table 1.1's link"));

  /* Undone: the game is gone and the line waits again. */
  assert_true (ctd_document_undo (document, &error));
  assert_int_equal (g_list_model_get_n_items (list), 1);
  assert_int_equal (ctd_submission_item_get_id (item_at (list, 0)), id);
  assert_int_equal (stands (document, 1, NULL), CTD_SUBMISSION_PENDING);
  assert_false (ctd_game_item_get_recorded (ctd_test_game_item (view, 1)));
  g_free (after);
  after = counted (document);
  assert_string_equal (after, before);
}

/* The desk enters the game otherwise: the same item says so, with both
 * lines and what the table's would change; it is recorded only as a
 * confirmed replacement. A second line waiting leaves the first alone. */
static void
test_disagreement (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  CtdSubmissionItem *item;
  CtdChouetteView *view;
  Heard heard = { 0, };
  GListModel *list;
  gint64 id;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  list = ctd_document_get_waiting_lines (document, 1, 1, &error);
  id = send_line (document, 1, "T", TRUE);
  item = item_at (list, 0);
  g_signal_connect (item, "notify", G_CALLBACK (item_notify_cb), &heard);
  g_signal_connect (list, "items-changed", G_CALLBACK (list_changed_cb), &heard);

  /* Another game's line comes in: the first item hears nothing. */
  send_line (document, 2, "B", TRUE);
  assert_int_equal (g_list_model_get_n_items (list), 2);
  assert_int_equal (heard.items_changed, 1);
  assert_int_equal (heard.item_notifies, 0);
  assert_ptr_equal (item_at (list, 0), item);
  assert_int_equal (ctd_submission_item_get_game (item_at (list, 1)), 2);

  /* The desk records game 1 as "B": the same item, now a disagreement. */
  ctd_test_record_line (document, view, 1, "B", FALSE);
  assert_ptr_equal (item_at (list, 0), item);
  assert_true (heard.item_notifies > 0);
  assert_int_equal (ctd_submission_item_get_state (item), CTD_SUBMISSION_DISAGREES);
  assert_string_equal (ctd_submission_item_get_recorded (item), "B");
  assert_string_equal (ctd_submission_item_get_mark (item), "table's line differs: “T”");
  assert_true (g_str_has_prefix (ctd_submission_item_get_summary (item),
                                 "Table 1.1's line for game 1 differs: desk “B”, table “T” "
                                 "(entered by "));
  assert_non_null (strstr (ctd_submission_item_get_differences (item),
                           "Game 1: “B” is replaced by “T”."));
  assert_int_equal (stands (document, 1, NULL), CTD_SUBMISSION_DISAGREES);

  /* Only a confirmed replacement records it. */
  assert_false (ctd_document_accept_submission (document, id, FALSE, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM));
  g_clear_error (&error);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 1)), "B");
  assert_true (ctd_document_accept_submission (document, id, TRUE, &error));
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 1)), "T");
  assert_int_equal (g_list_model_get_n_items (list), 1);
  assert_int_equal (ctd_submission_item_get_game (item_at (list, 0)), 2);
}

/* Sent back with a reason: the reason is required, kept for the table,
 * and the line no longer waits. */
static void
test_reject (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  GListModel *list;
  gint64 id;

  ctd_test_draw_players (document, 4);
  list = ctd_document_get_waiting_lines (document, 1, 1, &error);
  id = send_line (document, 1, "T", TRUE);
  assert_false (ctd_document_reject_submission (document, id, "  ", &error));
  g_clear_error (&error);
  assert_int_equal (g_list_model_get_n_items (list), 1);
  assert_true (ctd_document_reject_submission (document, id, "The cube was on 4", &error));
  assert_int_equal (g_list_model_get_n_items (list), 0);
  assert_int_equal (stands (document, 1, &reason), CTD_SUBMISSION_REJECTED);
  assert_string_equal (reason, "The cube was on 4");
}

/* With the event's setting, a confirmed line is recorded at once, and
 * logged as the table's: nothing waits. */
static void
test_auto_accept (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GError) error = NULL;
  CtdChouetteView *view;
  GListModel *list;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  list = ctd_document_get_waiting_lines (document, 1, 1, &error);
  assert_true (ctd_document_get_settings (document, &settings, &error));
  assert_false (settings.table_auto_accept);
  settings.table_auto_accept = TRUE;
  assert_true (ctd_document_set_settings (document, &settings, &error));
  send_line (document, 1, "T", TRUE);
  assert_int_equal (g_list_model_get_n_items (list), 0);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 1)), "T");
  assert_non_null (strstr (ctd_document_get_undo_summary (document), "from table 1.1's link"));
  assert_int_equal (stands (document, 1, NULL), CTD_SUBMISSION_RECORDED);
}

static void
flag_cb (CtdDocument *document,
         gboolean    *flag)
{
  *flag = TRUE;
}

/* The table server is another program on the file: what it writes
 * reaches the desk's list at the desk's next look. */
static void
test_other_program (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) desk = ctd_test_create_document (fixture->path);
  g_autoptr(CtdDocument) server = NULL;
  g_autoptr(GError) error = NULL;
  gboolean heard = FALSE;
  GListModel *list;

  ctd_test_draw_players (desk, 4);
  list = ctd_document_get_waiting_lines (desk, 1, 1, &error);
  g_signal_connect (desk, "submissions-changed", G_CALLBACK (flag_cb), &heard);
  server = ctd_document_open (fixture->path, &error);
  assert_non_null (server);
  send_line (server, 1, "T", TRUE);
  assert_int_equal (g_list_model_get_n_items (list), 0);
  ctd_document_check_for_changes (desk);
  assert_true (heard);
  assert_int_equal (g_list_model_get_n_items (list), 1);
  assert_string_equal (ctd_submission_item_get_line (item_at (list, 0)), "T");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_pending, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_disagreement, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reject, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_auto_accept, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_program, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
