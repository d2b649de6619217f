/* test-chouette-view.c: what a chouette's page shows (CtdChouetteView):
 * its rows as games are recorded, replaced and written by another
 * writer, against what core computes.
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

#include "ctd-chouette-view.h"
#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-record-items.h"
#include "ctd-rng.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

/* ctd_test_four_sheet is the hand-worked 4-player sheet of
 * test-chouette.c (highest first): totals -59, -13.5, +40.5, +32; the
 * last segment is captained 3, 1, 2. */
#include "ctd-test-document.h"
#include "ctd-test-store.h"

/* The view of round 1's chouette of @size players. */
static CtdChouetteView *
view_of_size (CtdDocument *document,
              guint        size)
{
  GListModel *chouettes = ctd_document_get_chouettes (document, 1);

  for (guint i = 0; i < g_list_model_get_n_items (chouettes); i++)
    {
      CtdChouetteView *view = ctd_test_get_view (document, i + 1);

      if (ctd_chouette_view_get_size (view) == size)
        return view;
    }
  fail_msg ("no chouette of %u players", size);
  return NULL;
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
set_flag_cb (gpointer  instance,
             gboolean *flag)
{
  *flag = TRUE;
}

/* A legal line for a game, built as a result form builds one from the
 * values core offers: outcomes with gammons, cubes turned, passed or
 * washed, now and then a penalty. The parser is the judge. */
static char *
random_line (CtdRng            *rng,
             const CtdGameSlot *slot,
             guint              size)
{
  static const char *const outcomes[] = { "T", "B", "Tg", "Bg", "Tb", "Bb", "-" };
  static const char *const ends[] = { "", "-", "+" };
  CtdGameContext context = { slot->game, size, slot->box, slot->captain, slot->cube_start };
  g_autoptr(GArray) values = ctd_result_cube_values (&context, 3);
  g_autofree char *penalty = ctd_halves_to_string (ctd_result_penalty_amount (&context), FALSE);

  for (guint attempt = 0; attempt < 32; attempt++)
    {
      g_autoptr(GString) line = g_string_new (outcomes[ctd_rng_uniform (rng, 7)]);
      g_autoptr(CtdResult) result = NULL;

      for (guint p = 1; p <= size; p++)
        {
          guint choice = (guint) ctd_rng_uniform (rng, 8);

          if (p == slot->box || choice < 3)
            continue;
          if (choice == 3)
            g_string_append_printf (line, " %u:w", p);
          else
            g_string_append_printf (line, " %u:%u%s", p,
                                    g_array_index (values, guint,
                                                   ctd_rng_uniform (rng, values->len)),
                                    ends[ctd_rng_uniform (rng, 3)]);
        }
      if (ctd_rng_uniform (rng, 6) == 0)
        g_string_append_printf (line, " F:%u>%u:%s", slot->playing_order[size - 2], slot->box,
                                penalty);
      result = ctd_result_parse (&context, line->str, NULL);
      if (result != NULL)
        return ctd_result_format (result);
    }
  return g_strdup ("T");
}

/* ---- comparing with core ------------------------------------------------ */

static char *
players_text (const guint *players,
              guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", players[i]);
  return g_string_free (text, FALSE);
}

/* Every row of the view against the chouette as core derives it from
 * the file, as the printed sheet shows it. */
static void
assert_rows_match (CtdDocument     *document,
                   CtdChouetteView *view)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdChouette) chouette = NULL;
  guint size = ctd_chouette_view_get_size (view);
  CtdHalves totals[CTD_MAX_PLAYERS];

  chouette = ctd_store_load_chouette (ctd_document_get_store (document), 1,
                                      ctd_chouette_view_get_number (view), &error);
  assert_non_null (chouette);
  assert_int_equal (g_list_model_get_n_items (ctd_chouette_view_get_games (view)), CTD_N_GAMES);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      CtdGameItem *item = ctd_test_game_item (view, game);
      CtdChouetteGame expected;
      g_autofree char *playing = NULL;
      g_autofree char *decisions = NULL;
      g_autofree char *notation = NULL;
      g_autofree char *pending = ctd_chouette_describe_pending (chouette, game);
      guint segment, box, cube;

      ctd_chouette_get_sheet_game (chouette, game, &expected);
      g_object_get (item, "segment", &segment, "box", &box, "cube", &cube, NULL);
      assert_int_equal (ctd_game_item_get_game (item), game);
      assert_int_equal (segment, expected.slot.segment);
      assert_int_equal (box, expected.slot.box);
      assert_int_equal (cube, expected.slot.cube_start);
      assert_int_equal (ctd_game_item_get_captain (item), expected.slot.captain);
      playing = expected.slot.captain != 0
                  ? players_text (expected.slot.playing_order, expected.slot.n_crew)
                  : g_strdup ("");
      assert_string_equal (ctd_game_item_get_playing (item), playing);
      decisions = expected.decision_known
                    ? players_text (expected.decision_order, expected.slot.n_crew)
                    : g_strdup ("");
      assert_string_equal (ctd_game_item_get_decisions (item), decisions);
      assert_string_equal (ctd_game_item_get_pending (item), pending != NULL ? pending : "");
      /* Pending exactly when the decision order is not known. */
      assert_true ((*ctd_game_item_get_pending (item) != '\0') == !expected.decision_known);
      assert_int_equal (ctd_game_item_get_recorded (item), expected.result != NULL);
      notation = expected.result != NULL ? ctd_result_format (expected.result) : g_strdup ("");
      assert_string_equal (ctd_game_item_get_notation (item), notation);
      assert_int_equal (ctd_game_item_get_totals_known (item), expected.running_known);
      for (guint p = 1; p <= CTD_MAX_PLAYERS; p++)
        {
          gboolean here = p <= size;
          g_autofree char *delta = here && expected.result != NULL
                                     ? ctd_halves_to_string (expected.deltas[p - 1], TRUE)
                                     : g_strdup ("");
          g_autofree char *total = here && expected.running_known
                                     ? ctd_halves_to_string (expected.running[p - 1], TRUE)
                                     : g_strdup ("");

          assert_string_equal (ctd_game_item_get_delta_text (item, p), delta);
          assert_string_equal (ctd_game_item_get_total_text (item, p), total);
          if (here && expected.result != NULL)
            assert_int_equal (ctd_game_item_get_delta (item, p), expected.deltas[p - 1]);
          if (here && expected.running_known)
            assert_int_equal (ctd_game_item_get_total (item, p), expected.running[p - 1]);
        }
    }

  ctd_chouette_get_totals (chouette, totals);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), ctd_chouette_get_n_recorded (chouette));
  for (guint p = 1; p <= size && ctd_chouette_view_get_totals_known (view); p++)
    assert_int_equal (ctd_chouette_view_get_total (view, p), totals[p - 1]);
}

/* ---- the tests ------------------------------------------------------------ */

/* The 12 rows follow the file through a whole chouette of 4 and of 3,
 * entered out of order; each game keeps its item throughout. */
static void
test_rows_follow_recording (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  CtdRng rng;

  ctd_test_draw_players (document, 7);
  ctd_rng_init (&rng, 5150);
  for (guint size = 3; size <= 4; size++)
    {
      /* Any order, but the last segment after the games before it. */
      static const guint four_order[] = { 2, 1, 3, 5, 4, 6, 7, 9, 8, 10, 12, 11 };
      static const guint three_order[] = { 2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12 };
      const guint *order = size == 4 ? four_order : three_order;
      CtdChouetteView *view = view_of_size (document, size);
      GListModel *games = ctd_chouette_view_get_games (view);
      gpointer items[CTD_N_GAMES];
      guint items_changed = 0, n_turned = 0;
      g_autofree char *label = NULL;

      label = g_strdup_printf ("1.%u", ctd_chouette_view_get_number (view));
      assert_string_equal (ctd_chouette_view_get_label (view), label);
      assert_true (ctd_chouette_view_get_exists (view));
      assert_true (ctd_chouette_view_get_editable (view));
      assert_string_equal (ctd_chouette_view_get_locked_reason (view), "");
      assert_string_equal (ctd_chouette_view_get_stake (view), "1.00");
      assert_true (g_str_has_prefix (ctd_chouette_view_get_name (view, 1), "Player "));
      assert_string_equal (ctd_chouette_view_get_name (view, CTD_MAX_PLAYERS),
                           size == 4 ? ctd_chouette_view_get_name (view, 4) : "");
      assert_int_equal (g_list_model_get_item_type (games), CTD_TYPE_GAME_ITEM);
      for (guint g = 0; g < CTD_N_GAMES; g++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (games, g);

          items[g] = item;
        }
      g_signal_connect (games, "items-changed", G_CALLBACK (ctd_test_items_changed_cb),
                        &items_changed);

      assert_rows_match (document, view);
      assert_int_equal (ctd_chouette_view_get_next_game (view), 1);
      for (guint i = 0; i < CTD_N_GAMES; i++)
        {
          guint game = order[i];
          CtdGameItem *item = ctd_test_game_item (view, game);
          g_autofree char *line = NULL;
          g_autoptr(CtdChouette) chouette = NULL;
          CtdChouetteGame slot;

          chouette = ctd_store_load_chouette (ctd_document_get_store (document), 1,
                                              ctd_chouette_view_get_number (view), NULL);
          ctd_chouette_get_sheet_game (chouette, game, &slot);
          assert_int_not_equal (slot.slot.captain, 0);
          line = random_line (&rng, &slot.slot, size);
          n_turned += strchr (line, ':') != NULL;
          ctd_test_record_line (document, view, game, line, FALSE);
          assert_true (ctd_game_item_get_recorded (item));
          assert_rows_match (document, view);
        }
      assert_true (ctd_chouette_view_get_complete (view));
      assert_int_equal (ctd_chouette_view_get_next_game (view), 0);
      assert_int_equal (items_changed, 0);
      /* Not a chouette of plain singles. */
      assert_true (n_turned >= 6);
      for (guint g = 0; g < CTD_N_GAMES; g++)
        assert_ptr_equal (ctd_test_game_item (view, g + 1), items[g]);
      g_signal_handlers_disconnect_by_data (games, &items_changed);
    }
}

/* A row notifies only what changed in it; the view's "changed" comes
 * once per change that touched it, never for another chouette's. */
static void
test_rows_notify_real_changes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  CtdChouetteView *view, *other;
  CtdGameItem *five;
  guint five_notifies = 0, recorded_notifies = 0, pending_notifies = 0;
  guint view_changed = 0, n_recorded_notifies = 0;

  ctd_test_draw_players (document, 8);
  view = ctd_test_get_view (document, 1);
  other = ctd_test_get_view (document, 2);
  assert_ptr_equal (ctd_document_get_chouette_view (document, 1, 1, NULL), view);
  five = ctd_test_game_item (view, 5);
  g_signal_connect (five, "notify", G_CALLBACK (count_notify_cb), &five_notifies);
  g_signal_connect (five, "notify::recorded", G_CALLBACK (count_notify_cb), &recorded_notifies);
  g_signal_connect (five, "notify::pending", G_CALLBACK (count_notify_cb), &pending_notifies);
  g_signal_connect (view, "changed", G_CALLBACK (count_cb), &view_changed);
  g_signal_connect (view, "notify::n-recorded", G_CALLBACK (count_notify_cb),
                    &n_recorded_notifies);
  assert_string_equal (ctd_game_item_get_pending (five), "after games 1, 2, 3 and 4 are entered");

  /* Game 7 changes nothing in game 5's row. */
  ctd_test_record_line (document, view, 7, ctd_test_four_sheet[6], FALSE);
  assert_int_equal (view_changed, 1);
  assert_int_equal (n_recorded_notifies, 1);
  assert_int_equal (five_notifies, 0);

  /* Game 1 shortens its wait: the text, and the row's sentence. */
  ctd_test_record_line (document, view, 1, ctd_test_four_sheet[0], FALSE);
  assert_int_equal (pending_notifies, 1);
  assert_int_equal (recorded_notifies, 0);
  assert_int_equal (five_notifies, 2);
  assert_string_equal (ctd_game_item_get_pending (five), "after games 2, 3 and 4 are entered");
  five_notifies = 0;

  ctd_test_record_line (document, view, 5, ctd_test_four_sheet[4], FALSE);
  assert_int_equal (recorded_notifies, 1);
  assert_true (five_notifies > 1);
  assert_string_equal (ctd_game_item_get_notation (five), "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4");
  assert_string_equal (ctd_game_item_get_delta_text (five, 3), "+38");
  assert_string_equal (ctd_game_item_get_delta_text (five, 4), "+2");
  assert_string_equal (ctd_game_item_get_total_text (five, 3), "");
  assert_int_equal (view_changed, 3);

  /* Another chouette's game: nothing here moves. */
  five_notifies = 0;
  ctd_test_record_line (document, other, 1, ctd_test_four_sheet[0], FALSE);
  assert_int_equal (view_changed, 3);
  assert_int_equal (five_notifies, 0);

  /* The same line again is no change at all. */
  ctd_test_record_line (document, view, 5, ctd_test_four_sheet[4], FALSE);
  assert_int_equal (view_changed, 3);
}

/* Before an early game is replaced once the last-segment order is
 * fixed: SPEC 3's warning when the scores no longer give that order. */
static void
test_replacement_of_an_early_game (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *stale = NULL;
  g_autofree char *same = NULL;
  g_autofree char *cleared = NULL;
  g_autofree char *nothing = NULL;
  CtdChouetteView *view;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    ctd_test_record_line (document, view, game, ctd_test_four_sheet[game - 1], FALSE);
  assert_string_equal (ctd_chouette_view_get_last_order_text (view), "3 1 2");

  /* Game 3 as a Team win: P2 would then lead P1 before game 10. */
  stale = ctd_chouette_view_describe_replacement (view, 3, "T", &error);
  assert_non_null (stale);
  assert_true (g_str_has_prefix (stale, "Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “T”.\n"));
  assert_non_null (strstr (stale, "Warning: the last-segment order 3 1 2 is fixed and stays so"));
  assert_non_null (strstr (stale, "would then give 3 2 1"));
  assert_non_null (strstr (stale, "Cube-decision orders that change: game 4 becomes"));

  /* The Box passing P2's cube at 1 pays as the single did. */
  same = ctd_chouette_view_describe_replacement (view, 1, "T 2:1+", &error);
  assert_non_null (same);
  assert_non_null (strstr (same, "No total changes."));
  assert_non_null (strstr (same, "No later game's cube-decision order changes."));
  assert_non_null (strstr (same, "The fixed last-segment order 3 1 2 still matches"));
  assert_null (strstr (same, "Warning"));

  cleared = ctd_chouette_view_describe_replacement (view, 4, NULL, &error);
  assert_non_null (cleared);
  assert_true (g_str_has_prefix (cleared, "Game 4: “- 1:2- 3:1- 4:1-” is cleared."));
  assert_non_null (strstr (cleared, "cannot confirm it until game 4 is entered"));
  assert_non_null (strstr (cleared, "game 5 is pending after game 4 is entered"));

  nothing = ctd_chouette_view_describe_replacement (view, 2, "B  3:4", &error);
  assert_string_equal (nothing, "Game 2 already has the result “B 3:4”: nothing changes.");

  assert_null (ctd_chouette_view_describe_replacement (view, 3, "T 3:3", &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
  g_clear_error (&error);

  /* Described, not done; the store still wants the confirmation. */
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 3)),
                       "Bg 2:8 3:4- 4:4+");
  assert_false (ctd_document_record_game (document, 1, 1, 3, "T", FALSE, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM));
  g_clear_error (&error);
  ctd_test_record_line (document, view, 3, "T", TRUE);
  assert_true (ctd_chouette_view_get_last_order_stale (view));
  assert_true (g_str_has_prefix (ctd_chouette_view_get_last_order_basis (view),
                                 "Fixed; the scores after game 9 give 3 2 1 instead"));
}

/* A late game: no last-segment warning, and the later decision orders
 * that change are listed. */
static void
test_replacement_of_a_late_game (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  CtdChouetteView *view;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    ctd_test_record_line (document, view, game, ctd_test_four_sheet[game - 1], FALSE);

  /* Game 10 as "Tg 2:4": P2 (-8) passes P1 (-10) before game 11; game
   * 12 keeps its order. */
  text = ctd_chouette_view_describe_replacement (view, 10, "Tg 2:4", &error);
  assert_non_null (text);
  expected = g_strdup_printf ("Game 10: “B 1:2 2:1- F:2>3:0.5” is replaced by “Tg 2:4”.\n"
                              "Totals: player 1 (%s) -56 instead of -59, player 2 (%s) -4 "
                              "instead of -13.5, player 3 (%s) +42 instead of +40.5, player 4 "
                              "(%s) +18 instead of +32.\n"
                              "Cube-decision orders that change: game 11 becomes 3 2 1 (was "
                              "3 1 2).",
                              ctd_chouette_view_get_name (view, 1),
                              ctd_chouette_view_get_name (view, 2),
                              ctd_chouette_view_get_name (view, 3),
                              ctd_chouette_view_get_name (view, 4));
  assert_string_equal (text, expected);

  /* Clearing the last game: nothing after it to change. */
  g_clear_pointer (&text, g_free);
  text = ctd_chouette_view_describe_replacement (view, 12, NULL, &error);
  assert_non_null (text);
  assert_null (strstr (text, "ube-decision"));
  assert_null (strstr (text, "last-segment"));
  assert_non_null (strstr (text, "Game 12: “Bb 1:16 3:8+” is cleared."));
}

/* Another program's commit to the file reaches the view. */
static void
test_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouetteView *view;
  gboolean changed = FALSE;
  gint64 start;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  g_signal_connect (view, "changed", G_CALLBACK (set_flag_cb), &changed);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 1, 1, ctd_test_four_sheet[0], FALSE, &error));
  start = g_get_monotonic_time ();
  assert_true (ctd_test_wait_until (&changed, 2000, "the other program's game to reach the view"));
  /* Within a second: the director sees it without asking. */
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_true (ctd_game_item_get_recorded (ctd_test_game_item (view, 1)));
  assert_string_equal (ctd_chouette_view_get_total_text (view, 1), "-3");
  assert_rows_match (document, view);

  /* And paper totals typed there. */
  changed = FALSE;
  {
    const CtdHalves paper[] = { H (-3), H (1), H (3), H (-1) };

    assert_true (ctd_store_set_crosscheck (other, 1, 1, paper, NULL, &error));
  }
  assert_true (ctd_test_wait_until (&changed, 2000,
                                    "the other program's paper totals to reach the view"));
  assert_true (ctd_chouette_view_get_paper_given (view));
  assert_false (ctd_chouette_view_get_paper_agrees (view));
  assert_string_equal (ctd_chouette_view_get_paper_text (view, 3), "+3");
  /* Game 1 gave P4 +1: on the paper as -1, its sign is the suspect. */
  {
    g_autofree char *p3 = g_strdup_printf ("Player 3 (%s): the paper says +3, the entered games "
                                           "+1; no single game explains the difference\n",
                                           ctd_chouette_view_get_name (view, 3));
    g_autofree char *p4 = g_strdup_printf ("Player 4 (%s): the paper says -1, the entered games "
                                           "+1; look first at game 1 (left off the paper, or "
                                           "entered with the wrong sign)\n",
                                           ctd_chouette_view_get_name (view, 4));
    const char *text = ctd_chouette_view_get_crosscheck (view);

    assert_true (g_str_has_prefix (text, p3));
    assert_non_null (strstr (text, p4));
    assert_true (g_str_has_suffix (text, "Not entered yet: games 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 "
                                         "and 12."));
  }

  /* The document's own action: the paper now agrees. */
  {
    const CtdHalves paper[] = { H (-3), H (1), H (1), H (1) };

    assert_true (ctd_document_set_crosscheck (document, 1, 1, paper, NULL, &error));
  }
  assert_true (ctd_chouette_view_get_paper_agrees (view));
  assert_string_equal (ctd_chouette_view_get_crosscheck (view),
                       "The paper totals agree with the entered games.");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_rows_follow_recording, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rows_notify_real_changes, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_replacement_of_an_early_game, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_replacement_of_a_late_game, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
