/* test-chouette-view-state.c: what a chouette's page shows
 * (CtdChouetteView) beside its rows: totals and amounts, the last
 * segment's order, the preview of a line, a stored game described, and
 * a locked chouette.
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

/* Totals, the zero-sum check and the amounts at the stake, as on the
 * sheet; the settlement once every game is in. */
static void
test_totals_and_amounts (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  static const char *const totals[] = { "-59", "-13.5", "+40.5", "+32" };
  static const char *const amounts[] = { "-59.00", "-13.50", "40.50", "32.00" };
  CtdChouetteView *view;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  assert_false (ctd_chouette_view_get_totals_known (view));
  assert_string_equal (ctd_chouette_view_get_total_text (view, 1), "");
  assert_string_equal (ctd_chouette_view_get_amount_text (view, 1), "");
  assert_string_equal (ctd_chouette_view_get_zero_sum_text (view), "");
  assert_true (ctd_chouette_view_get_zero_sum (view));

  ctd_test_record_line (document, view, 1, ctd_test_four_sheet[0], FALSE);
  assert_true (ctd_chouette_view_get_totals_known (view));
  assert_string_equal (ctd_chouette_view_get_total_text (view, 1), "-3");
  assert_string_equal (ctd_chouette_view_get_amount_text (view, 1), "-3.00");
  assert_true (ctd_chouette_view_get_amounts_provisional (view));
  assert_string_equal (ctd_chouette_view_get_settlement (view), "");

  for (guint game = 2; game <= CTD_N_GAMES; game++)
    ctd_test_record_line (document, view, game, ctd_test_four_sheet[game - 1], FALSE);
  for (guint p = 1; p <= 4; p++)
    {
      assert_string_equal (ctd_chouette_view_get_total_text (view, p), totals[p - 1]);
      assert_string_equal (ctd_chouette_view_get_amount_text (view, p), amounts[p - 1]);
    }
  assert_int_equal (ctd_chouette_view_get_total (view, 2), H (-13.5));
  assert_true (ctd_chouette_view_get_zero_sum (view));
  assert_string_equal (ctd_chouette_view_get_zero_sum_text (view), "0");
  assert_false (ctd_chouette_view_get_amounts_provisional (view));
  assert_true (ctd_chouette_view_get_complete (view));
  assert_non_null (strstr (ctd_chouette_view_get_settlement (view), " pays "));
  /* The sheet's last row: game 12's running totals are the totals. */
  assert_string_equal (ctd_game_item_get_total_text (ctd_test_game_item (view, 12), 3), "+40.5");

  /* A new stake, forced past the settlement (SPEC 7), reaches the
   * amounts. */
  {
    g_auto(CtdEventSettings) settings = { 0, };
    g_autoptr(GError) error = NULL;

    assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
    settings.stake_cents = 250;
    assert_false (ctd_document_set_settings (document, &settings, &error));
    assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM));
    g_clear_error (&error);
    assert_true (ctd_document_set_settings_full (document, &settings, TRUE, &error));
  }
  assert_string_equal (ctd_chouette_view_get_stake (view), "2.50");
  assert_string_equal (ctd_chouette_view_get_amount_text (view, 2), "-33.75");
}

/* Rule 1.6 in words, with a tie; the last segment's Captains show as
 * soon as games 1-9 are in. */
static void
test_last_order_basis (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  CtdChouetteView *view;
  CtdGameItem *ten;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  ten = ctd_test_game_item (view, 10);
  assert_null (ctd_chouette_view_get_last_order (view));
  assert_string_equal (ctd_chouette_view_get_last_order_text (view), "");
  assert_int_equal (ctd_game_item_get_captain (ten), 0);
  assert_non_null (strstr (ctd_game_item_get_pending (ten), "the last-segment order needs games "
                                                            "1-9"));

  /* P1 -1, P2 -9, P3 -9 after game 9. */
  for (guint game = 1; game <= 9; game++)
    ctd_test_record_line (document, view, game, game == 1 ? "B" : "T", FALSE);
  assert_string_equal (ctd_chouette_view_get_last_order_text (view), "1 2 3");
  assert_string_equal (ctd_chouette_view_get_last_order_basis (view),
                       "By the scores after game 9, highest first; players 2 and 3 are tied at "
                       "-9, so the lower number goes first; fixed once a game of 10-12 is "
                       "entered");
  assert_false (ctd_chouette_view_get_last_order_fixed (view));
  assert_int_equal (ctd_chouette_view_get_last_order (view)[1], 2);
  assert_int_equal (ctd_game_item_get_captain (ten), 1);
  assert_string_equal (ctd_game_item_get_playing (ten), "1 2 3");
  assert_string_equal (ctd_game_item_get_pending (ten), "");

  ctd_test_record_line (document, view, 10, "T", FALSE);
  assert_true (ctd_chouette_view_get_last_order_fixed (view));
  assert_true (g_str_has_suffix (ctd_chouette_view_get_last_order_basis (view), "; fixed"));
  assert_false (ctd_chouette_view_get_last_order_stale (view));
}

/* A line tried for a game: the store's checks, nothing written. */
static void
test_preview (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) watcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *canonical = NULL;
  CtdHalves deltas[CTD_MAX_PLAYERS], totals[CTD_MAX_PLAYERS];
  CtdChouetteView *view;
  gint64 version, version_after;
  gint64 last_audit;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  ctd_test_record_line (document, view, 1, ctd_test_four_sheet[0], FALSE);
  /* Another connection sees every commit of the document's. */
  watcher = ctd_store_open_read_only (fixture->path, &error);
  assert_non_null (watcher);
  assert_true (ctd_store_get_data_version (watcher, &version, &error));
  last_audit = ctd_store_get_last_audit_id (ctd_document_get_store (document), &error);

  /* Game 2: Box 1, Captain 3, starting cube 2. P3's cube to 8, a gammon;
   * P2 and P4 unturned at 2, single (Jacoby). */
  assert_true (ctd_chouette_view_preview (view, 2, "  Tg  3:8 ", deltas, totals, &canonical,
                                          &error));
  assert_null (error);
  assert_string_equal (canonical, "Tg 3:8");
  assert_int_equal (deltas[0], H (-20));
  assert_int_equal (deltas[1], H (2));
  assert_int_equal (deltas[2], H (16));
  assert_int_equal (deltas[3], H (2));
  /* Game 1 ("T") was -3, +1, +1, +1. */
  assert_int_equal (totals[0], H (-23));
  assert_int_equal (totals[2], H (17));

  assert_false (ctd_chouette_view_preview (view, 2, "T 3:3", deltas, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_VALUE));
  assert_true (g_str_has_prefix (error->message, "Game 2: "));
  /* The player as the preview names them (the chouette's names come
   * with it from the store), the values a table plays. */
  {
    g_autofree char *expected = g_strdup_printf ("Game 2: 3 %s's cube value 3 cannot arise from "
                                                 "a starting cube of 2; expected 2, 4, 8, 16, "
                                                 "… (in '3:3')",
                                                 ctd_chouette_view_get_name (view, 3));

    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);

  /* Penalties name what was expected too. */
  assert_false (ctd_chouette_view_preview (view, 2, "T F:4>1:0.5", NULL, NULL, NULL, &error));
  assert_non_null (strstr (error->message, "expected 1"));
  g_clear_error (&error);

  /* The last segment waits for games 1-9, as the store says. */
  assert_false (ctd_chouette_view_preview (view, 10, "T", NULL, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES));
  assert_non_null (strstr (error->message, "enter games 2, 3, 4, 5, 6, 7, 8 and 9 first"));
  g_clear_error (&error);

  /* Nothing of this reached the file. */
  assert_true (ctd_store_get_data_version (watcher, &version_after, &error));
  assert_int_equal (version_after, version);
  assert_int_equal (ctd_store_get_last_audit_id (ctd_document_get_store (document), &error),
                    last_audit);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  assert_false (ctd_game_item_get_recorded (ctd_test_game_item (view, 2)));

  /* And the line previewed is what the store records. */
  ctd_test_record_line (document, view, 2, "  Tg  3:8 ", FALSE);
  assert_true (ctd_store_get_data_version (watcher, &version_after, &error));
  assert_int_not_equal (version_after, version);
  assert_string_equal (ctd_game_item_get_notation (ctd_test_game_item (view, 2)), "Tg 3:8");
  assert_string_equal (ctd_game_item_get_total_text (ctd_test_game_item (view, 2), 1), "-23");
}

/* The preview says when the line stored is not the one typed, and
 * why where the rules give a reason. */
static void
test_describe_stored (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  CtdChouetteView *view;
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;
  g_autofree char *order = NULL;
  g_autofree char *same = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *box = NULL;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  /* Game 3: Box 1, Captain 4, starting cube 4. Player 3's cube played
   * to the end at 4 needs no token: "T" is stored. */
  one = ctd_chouette_view_describe_stored (view, 3, "T 3:4");
  assert_string_equal (one, "Stored as “T”: the cube of player 3 (Player C) was played at "
                            "its starting value, which the line leaves out.");
  two = ctd_chouette_view_describe_stored (view, 3, "Bg 4:4 2:8 3:4");
  assert_string_equal (two, "Stored as “Bg 2:8”: the cubes of player 3 (Player C), player 4 "
                            "(Player D) were played at their starting value, which the line "
                            "leaves out.");
  /* Only the order differs: named, with no reason. */
  order = ctd_chouette_view_describe_stored (view, 3, "T 4:8 2:16");
  assert_string_equal (order, "Stored as “T 2:16 4:8”.");
  /* Stored as typed, spaces aside; and a refused line, which the
   * preview's error explains: nothing to say. */
  same = ctd_chouette_view_describe_stored (view, 3, "  T  2:16 4:8 ");
  assert_null (same);
  refused = ctd_chouette_view_describe_stored (view, 3, "T 3:3");
  assert_null (refused);
  /* A passed cube at its starting value keeps its token. */
  box = ctd_chouette_view_describe_stored (view, 3, "T 3:4- 2:8");
  assert_string_equal (box, "Stored as “T 2:8 3:4-”.");
}

/* A file open read-only, and a chouette whose draw is undone, refuse
 * every preview with the store's reason. */
static void
test_locked (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdDocument) reader = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouetteView *view, *read_view;
  guint items_changed = 0;

  ctd_test_draw_players (document, 4);
  view = ctd_test_get_view (document, 1);
  reader = ctd_document_open_read_only (fixture->path, &error);
  assert_non_null (reader);
  read_view = ctd_test_get_view (reader, 1);
  assert_false (ctd_chouette_view_get_editable (read_view));
  assert_string_equal (ctd_chouette_view_get_locked_reason (read_view),
                       ctd_document_get_read_only_reason (reader));
  assert_non_null (strstr (ctd_chouette_view_get_locked_reason (read_view), "reading only"));
  assert_false (ctd_chouette_view_preview (read_view, 1, "T", NULL, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY));
  g_clear_error (&error);

  assert_null (ctd_document_get_chouette_view (document, 1, 2, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_error (&error);

  g_signal_connect (ctd_chouette_view_get_games (view), "items-changed",
                    G_CALLBACK (ctd_test_items_changed_cb), &items_changed);
  assert_true (ctd_document_undo (document, &error));
  assert_false (ctd_chouette_view_get_exists (view));
  assert_int_equal (g_list_model_get_n_items (ctd_chouette_view_get_games (view)), 0);
  assert_false (ctd_chouette_view_get_editable (view));
  assert_false (ctd_chouette_view_preview (view, 1, "T", NULL, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_error (&error);

  assert_true (ctd_document_redo (document, &error));
  assert_true (ctd_chouette_view_get_exists (view));
  assert_int_equal (g_list_model_get_n_items (ctd_chouette_view_get_games (view)), CTD_N_GAMES);
  assert_int_equal (items_changed, 2);
  assert_true (ctd_chouette_view_preview (view, 1, "T", NULL, NULL, NULL, &error));
}

/* A closed event's scoring pages say when it was closed, the reason
 * every refusal gives, not that the file is read-only: for the final
 * (open until then) and for a round long closed. */
static void
test_locked_closed_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  CtdChouetteView *final, *qualifying;
  const char *reason;

  if (!ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error))
    fail_msg ("%s", error->message);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  final = ctd_document_get_chouette_view (document, 2, 1, &error);
  qualifying = ctd_document_get_chouette_view (document, 1, 1, &error);
  assert_non_null (final);
  assert_non_null (qualifying);
  assert_true (ctd_chouette_view_get_editable (final));

  if (!ctd_document_close_event (document, fixture->dir, &error))
    fail_msg ("close: %s", error->message);
  reason = ctd_document_get_read_only_reason (document);
  assert_non_null (reason);
  assert_non_null (strstr (reason, "The event was closed on "));
  assert_false (ctd_chouette_view_get_editable (final));
  assert_string_equal (ctd_chouette_view_get_locked_reason (final), reason);
  assert_string_equal (ctd_chouette_view_get_locked_reason (qualifying), reason);
  assert_false (ctd_chouette_view_preview (final, 12, "T", NULL, NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  assert_string_equal (error->message, reason);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_totals_and_amounts, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_last_order_basis, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_preview, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_describe_stored, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_locked, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_locked_closed_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
