/* test-store-undo.c: games recorded and replaced, undo and redo.
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

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "ctd-advance.h"
#include "ctd-tournament.h"
#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

/* Six players drawn in round 1 (two chouettes of three), seed 42. */
static void
draw_six (CtdStore *store)
{
  g_autoptr(GError) error = NULL;

  ctd_test_add_checked_in (store, 6);
  assert_true (ctd_store_draw_round (store, 42, NULL, &error));
}

/* Chouette 1.1's games 1 to 9, as test_record_game enters them. */
static void
record_nine (CtdStore *store)
{
  ctd_test_record (store, 1, 1, 1, "T");
  ctd_test_record (store, 1, 1, 2, "  B   2:4- ");
  for (guint g = 3; g <= 8; g++)
    ctd_test_record (store, 1, 1, g, "B");
  ctd_test_record (store, 1, 1, 9, "T");
}

/* Five players cannot be drawn; six make a round of two chouettes of
 * three, redrawn before any result to the same draw with the same seed. */
static void
test_draw_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint round = 0;

  /* Five players cannot be drawn: refused, nothing changes. */
  ctd_test_add_checked_in (store, 5);
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_draw_round (store, 42, &round, &error));
  assert_non_null (error);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  assert_true (ctd_store_add_player (store, "Player F", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_set_checked_in (store, 6, TRUE, &error));
  assert_true (ctd_store_draw_round (store, 42, &round, &error));
  assert_int_equal (round, 1);

  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 1);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).seed, 42);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).stage, CTD_STAGE_QUALIFYING);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_DRAWN);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_chouettes, 2);

  chouettes = ctd_store_list_chouettes (store, 1, &error);
  assert_int_equal (chouettes->len, 2);
  for (guint c = 0; c < 2; c++)
    {
      CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);

      assert_int_equal (chouette->size, 3);
      assert_int_equal (chouette->number, c + 1);
      assert_false (chouette->order_fixed);
      for (guint k = 0; k < 3; k++)
        assert_true (g_str_has_prefix (chouette->names[k], "Player "));
    }

  /* Redraw is allowed before any result; the same seed, the same draw. */
  g_clear_pointer (&before, g_free);
  before = ctd_test_dump (fixture->path, TRUE);
  assert_true (ctd_store_redraw_round (store, 1, 7, &error));
  assert_true (ctd_store_redraw_round (store, 1, 42, &error));
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, TRUE);
  /* Row ids of chouettes differ; the drawn players and numbers match. */
  {
    g_autoptr(GPtrArray) again = ctd_store_list_chouettes (store, 1, &error);
    for (guint c = 0; c < 2; c++)
      for (guint k = 0; k < 3; k++)
        assert_int_equal (((CtdStoreChouette *) g_ptr_array_index (again, c))->players[k],
                          ((CtdStoreChouette *) g_ptr_array_index (chouettes, c))->players[k]);
  }

}

/* Games recorded in a drawn round: refused as they must be, changing
 * nothing; stored as entered and read back canonical; game 9 fixes the
 * last-segment order in the same action. */
static void
test_record_game (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  draw_six (store);

  /* Games 1-8 of a 3-player chouette, then the last segment. */
  ctd_test_record (store, 1, 1, 1, "T");
  assert_false (ctd_store_redraw_round (store, 1, 9, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);

  /* A last-segment game before the order can be known: refused. */
  g_clear_pointer (&before, g_free);
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_record_game (store, 1, 1, 9, "B", FALSE, &error));
  assert_non_null (strstr (error->message, "2"));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 1, 2, "B 2:3", FALSE, &error));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 1, 13, "B", FALSE, &error));
  g_clear_error (&error);
  assert_false (ctd_store_record_game (store, 1, 9, 2, "B", FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  ctd_test_record (store, 1, 1, 2, "  B   2:4- ");
  for (guint g = 3; g <= 8; g++)
    ctd_test_record (store, 1, 1, g, "B");
  ctd_test_record (store, 1, 1, 9, "T");

  /* Game 9 fixed the last-segment order, in the same action. */
  g_clear_pointer (&chouettes, g_ptr_array_unref);
  chouettes = ctd_store_list_chouettes (store, 1, &error);
  assert_true (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "record-game");
  assert_non_null (strstr (entry->after, "last_order"));

  /* Stored as entered, read back canonical. */
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_int_equal (games->len, 9);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->entered, "  B   2:4- ");
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "B 2:4-");

  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_non_null (loaded);
  assert_int_equal (ctd_chouette_get_n_recorded (loaded), 9);
  assert_non_null (ctd_chouette_get_last_segment_order (loaded));

  g_clear_pointer (&rounds, g_array_unref);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_IN_PLAY);

}

/* A correction and a clear are undone like any action; undo goes back
 * to the empty event, and the log keeps every action and every undo. */
static void
test_undo_to_empty (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *empty = ctd_test_dump (fixture->path, TRUE);
  g_autofree char *after = NULL;

  draw_six (store);
  record_nine (store);
  /* Correction, then clear: both undoable. */
  ctd_test_correct (store, 1, 1, 1, "Tg");
  assert_true (ctd_store_clear_game (store, 1, 1, 3, &error));
  assert_false (ctd_store_clear_game (store, 1, 1, 3, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  g_clear_pointer (&games, g_ptr_array_unref);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_int_equal (games->len, 9);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 0))->canonical, "T");

  /* Undo everything back to the empty event. */
  while (ctd_store_undo (store, NULL, &error))
    ;
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, TRUE);
  assert_string_equal (empty, after);

  /* The log kept every action and every undo. */
  {
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    guint n_undo = 0, n_undone = 0;

    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        n_undo += strcmp (e->action, "undo") == 0;
        n_undone += e->undone_by != 0;
        assert_non_null (e->time);
      }
    assert_int_equal (n_undo, n_undone);
    assert_int_equal (n_undo + n_undone + 1, log->len);
  }
}

/* A result typed for a game that has one is refused unless the director
 * says to replace it; a replacement logs the old and the new line. */
static void
test_record_replace (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *summary = NULL;
  guint n;

  ctd_test_add_checked_in (store, 4);
  assert_true (ctd_store_draw_round (store, 8, NULL, &error));
  ctd_test_record (store, 1, 1, 1, "T");
  ctd_test_record (store, 1, 1, 2, "B 2:4");

  /* Without replace: refused, naming the game and the stored line. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_record_game (store, 1, 1, 2, "T 2:4", FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message, "Chouette 1.1 game 2 already has the result “B 2:4”; to "
                                       "replace it, confirm the replacement");
  g_clear_error (&error);
  /* A line that does not even read, typed into a taken row: the row is
   * what the director must hear about. */
  assert_false (ctd_store_record_game (store, 1, 1, 2, "Q", FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The same result again is no change, and no entry. */
  n = ctd_test_audit_length (store);
  assert_true (ctd_store_record_game (store, 1, 1, 2, "B  2:4", FALSE, &error));
  assert_int_equal (ctd_test_audit_length (store), n);

  /* With replace: stored, and logged with both lines. */
  ctd_test_correct (store, 1, 1, 2, "T 2:4");
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "record-game");
  assert_string_equal (entry->summary, "Chouette 1.1 game 2: “B 2:4” -> “T 2:4”");
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "T 2:4");
  /* Replace on an empty row simply records; a bad line is still refused. */
  ctd_test_correct (store, 1, 1, 3, "B");
  assert_false (ctd_store_record_game (store, 1, 1, 2, "Q", TRUE, &error));
  assert_false (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM));
  g_clear_error (&error);

  assert_true (ctd_store_clear_game (store, 1, 1, 3, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Chouette 1.1 game 3: cleared “B”");
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, &summary, &error));
  assert_string_equal (summary, "Chouette 1.1 game 2: “B 2:4” -> “T 2:4”");
  g_clear_pointer (&games, g_ptr_array_unref);
  games = ctd_store_list_games (store, 1, 1, &error);
  assert_string_equal (((CtdStoreGame *) g_ptr_array_index (games, 1))->canonical, "B 2:4");
}

/* The director fixes a chouette's last-segment order to print its sheet:
 * refused while an earlier game is missing, then stored, logged and
 * undoable like any action. Each test starts from round 1 of 8 players
 * with chouette 1.1 played through game @n_games. */
static CtdStore *
create_played_to (Fixture *fixture,
                  guint    n_games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 31, NULL, &error));
  for (guint g = 1; g <= 8; g++)
    ctd_test_record (store, 1, 1, g, g % 3 == 0 ? "Tg" : g % 2 == 0 ? "T" : "B");
  if (n_games == 9)
    ctd_test_record (store, 1, 1, 9, "B");
  return g_steal_pointer (&store);
}

/* The order the scores after game 9 give chouette 1.1, in @expected. */
static void
scores_order (CtdStore *store,
              guint     expected[CTD_MAX_PLAYERS - 1])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, 1, 1, &error);

  assert_non_null (loaded);
  assert_true (ctd_chouette_compute_last_segment_order (loaded, expected, &error));
}

/* Before game 9, refused; by hand, only when forced, and only for the
 * crew of the last segment. */
static void
test_fix_order_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_played_to (fixture, 8);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  /* Game 9 is missing: the scores before the last segment are not known. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, NULL, FALSE, &error));
  assert_true (g_error_matches (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_MISSING_GAMES));
  assert_non_null (strstr (error->message, "9"));
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* An order by hand cannot be checked yet: only when forced. */
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 2, 3 }, FALSE,
                                                  &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: the last-segment order comes "
                                                 "from the scores after games 1-9; game 9 is"));
  assert_non_null (strstr (error->message, "to fix it anyway, confirm it"));
  g_clear_error (&error);
  /* Not the crew of the last segment (player 4 is its Box): refused
   * even when forced. */
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 2, 4 }, TRUE,
                                                  &error));
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: "));
  g_clear_error (&error);
  assert_false (ctd_store_fix_last_segment_order (store, 1, 1, (guint[]) { 1, 1, 2 }, TRUE,
                                                  &error));
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

}

/* After game 9: stored, logged with numbers and names, no entry for the
 * same order again, and undone. */
static void
test_fix_order (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_played_to (fixture, 9);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = ctd_test_dump (fixture->path, TRUE);
  g_autofree char *after = NULL;
  g_autofree char *summary = NULL;
  guint expected[CTD_MAX_PLAYERS - 1];
  CtdStoreChouette *first;

  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  }
  scores_order (store, expected);

  assert_true (ctd_store_fix_last_segment_order (store, 1, 1, NULL, FALSE, &error));
  assert_null (error);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);

    first = g_ptr_array_index (chouettes, 0);
    assert_true (first->order_fixed);
    for (guint i = 0; i < 3; i++)
      assert_int_equal (first->last_order[i], expected[i]);
    /* Only that chouette's order is fixed. */
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 1))->order_fixed);
  }
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "fix-last-segment-order");
  {
    /* Logged with numbers and names: "... order 3, 1, 2 (Cid, Ann, Bob)". */
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *seats = g_ptr_array_index (chouettes, 0);
    g_autofree char *logged = g_strdup_printf ("Chouette 1.1: fixed the last-segment order "
                                               "%u, %u, %u (%s, %s, %s)", expected[0],
                                               expected[1], expected[2],
                                               seats->names[expected[0] - 1],
                                               seats->names[expected[1] - 1],
                                               seats->names[expected[2] - 1]);
    assert_string_equal (entry->summary, logged);
  }
  assert_non_null (strstr (entry->after, "last_order"));

  /* Fixing the same order again is no change: no entry. */
  {
    guint n = ctd_test_audit_length (store);
    assert_true (ctd_store_fix_last_segment_order (store, 1, 1, expected, FALSE, &error));
    assert_int_equal (ctd_test_audit_length (store), n);
  }

  assert_true (ctd_store_undo (store, &summary, &error));
  assert_string_equal (summary, entry->summary);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    assert_false (((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->order_fixed);
  }
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, TRUE);
  assert_string_equal (before, after);

}

/* Another order than the scores give: refused, naming theirs, unless
 * forced; then it is logged as set by hand. */
static void
test_fix_order_by_hand (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_played_to (fixture, 9);
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = ctd_test_dump (fixture->path, TRUE);
  g_autofree char *after = NULL;
  guint expected[CTD_MAX_PLAYERS - 1];

  scores_order (store, expected);
  {
    guint swapped[3] = { expected[1], expected[0], expected[2] };
    g_autofree char *scores = g_strdup_printf ("give the last-segment order %u, %u, %u (",
                                               expected[0], expected[1], expected[2]);

    assert_false (ctd_store_fix_last_segment_order (store, 1, 1, swapped, FALSE, &error));
    ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
    assert_non_null (strstr (error->message, scores));
    g_clear_error (&error);
    g_clear_pointer (&after, g_free);
    after = ctd_test_dump (fixture->path, TRUE);
    assert_string_equal (before, after);

    assert_true (ctd_store_fix_last_segment_order (store, 1, 1, swapped, TRUE, &error));
    g_clear_pointer (&entry, ctd_store_audit_entry_free);
    entry = ctd_test_last_audit (store);
    assert_non_null (strstr (entry->summary, " by hand; the scores give "));
    g_clear_pointer (&loaded, ctd_chouette_free);
    loaded = ctd_store_load_chouette (store, 1, 1, &error);
    assert_int_equal (ctd_chouette_get_last_segment_order (loaded)[0], expected[1]);
  }
}

static void
undo_expect (CtdStore   *store,
             const char *summary)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *logged = g_strconcat ("Undid: ", summary, NULL);

  if (!ctd_store_undo (store, &got, &error))
    fail_msg ("undo: %s", error->message);
  assert_string_equal (got, summary);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "undo");
  assert_string_equal (entry->summary, logged);
}

static void
redo_expect (CtdStore   *store,
             const char *summary)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *logged = g_strconcat ("Redid: ", summary, NULL);

  if (!ctd_store_redo (store, &got, &error))
    fail_msg ("redo: %s", error->message);
  assert_string_equal (got, summary);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "redo");
  assert_string_equal (entry->summary, logged);
}

/* With nothing to redo, redo is refused and the file stays as it was. */
static void
assert_nothing_to_redo (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ctd_test_dump (ctd_store_get_path (store), FALSE);
  g_autofree char *after = NULL;
  g_autofree char *display = g_filename_display_name (ctd_store_get_path (store));
  g_autofree char *message = g_strdup_printf ("There is nothing to redo in “%s”", display);
  char *summary = NULL;

  assert_false (ctd_store_redo (store, &summary, &error));
  assert_null (summary);
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, message);
  after = ctd_test_dump (ctd_store_get_path (store), FALSE);
  assert_string_equal (before, after);
}

/* Undo and redo in the orders a director uses them, with what the
 * window's Undo and Redo would say at each step. */
static void
test_redo_sequences (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_auto(CtdTestSnapshot) empty = ctd_test_snapshot_take (store);
  g_auto(CtdTestSnapshot) with_a = { NULL, NULL };
  g_auto(CtdTestSnapshot) with_ab = { NULL, NULL };
  g_auto(CtdTestSnapshot) with_ac = { NULL, NULL };
  const char *a = "Added Anna, checked in";
  const char *b = "Added Bert, checked in";
  const char *c = "Added Cleo, checked in";

  ctd_test_assert_history (store, NULL, NULL);
  assert_nothing_to_redo (store);

  /* A, B, undo, undo, redo, redo: A comes back, then B. */
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  with_a = ctd_test_snapshot_take (store);
  assert_true (ctd_store_add_player (store, "Bert", "Riga", "LV-7", TRUE, NULL, &error));
  with_ab = ctd_test_snapshot_take (store);
  ctd_test_assert_history (store, b, NULL);
  assert_nothing_to_redo (store);

  undo_expect (store, b);
  ctd_test_assert_state (store, &with_a);
  ctd_test_assert_history (store, a, b);
  undo_expect (store, a);
  ctd_test_assert_state (store, &empty);
  ctd_test_assert_history (store, NULL, a);

  redo_expect (store, a);
  ctd_test_assert_state (store, &with_a);
  ctd_test_assert_history (store, a, b);
  redo_expect (store, b);
  ctd_test_assert_state (store, &with_ab);
  ctd_test_assert_history (store, b, NULL);
  assert_nothing_to_redo (store);

  /* A redo is undone like an action, and the log never says
   * "Undid: Redid: ...". Back and forth, the rows are the same. */
  for (guint i = 0; i < 3; i++)
    {
      undo_expect (store, b);
      ctd_test_assert_state (store, &with_a);
      ctd_test_assert_history (store, a, b);
      redo_expect (store, b);
      ctd_test_assert_state (store, &with_ab);
    }
  undo_expect (store, b);
  undo_expect (store, a);
  ctd_test_assert_state (store, &empty);
  redo_expect (store, a);
  undo_expect (store, a);
  ctd_test_assert_history (store, NULL, a);
  redo_expect (store, a);
  redo_expect (store, b);
  ctd_test_assert_state (store, &with_ab);

  /* A, undo, C: a new action empties the redo list. */
  undo_expect (store, b);
  ctd_test_assert_history (store, a, b);
  assert_true (ctd_store_add_player (store, "Cleo", NULL, NULL, TRUE, NULL, &error));
  with_ac = ctd_test_snapshot_take (store);
  ctd_test_assert_history (store, c, NULL);
  assert_nothing_to_redo (store);

  /* Undo everything, then redo everything: the actions come back in the
   * order they were made, and B (undone before C) stays undone. */
  undo_expect (store, c);
  undo_expect (store, a);
  ctd_test_assert_state (store, &empty);
  ctd_test_assert_history (store, NULL, a);
  redo_expect (store, a);
  redo_expect (store, c);
  ctd_test_assert_state (store, &with_ac);
  assert_nothing_to_redo (store);

  /* The log links each undo to what it took back, and each redo to the
   * undo it took back. */
  {
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    GHashTable *by_id = g_hash_table_new (g_int64_hash, g_int64_equal);

    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        g_hash_table_insert (by_id, &e->id, e);
      }
    for (guint i = 0; i < log->len; i++)
      {
        CtdStoreAuditEntry *e = g_ptr_array_index (log, i);
        CtdStoreAuditEntry *target = g_hash_table_lookup (by_id, &e->undoes);

        if (strcmp (e->action, "undo") == 0 || strcmp (e->action, "redo") == 0)
          {
            assert_non_null (target);
            assert_int_equal (target->undone_by, e->id);
            assert_true (target->id < e->id);
            if (strcmp (e->action, "redo") == 0)
              assert_string_equal (target->action, "undo");
            assert_null (strstr (e->summary, "Redid: Redid"));
            assert_null (strstr (e->summary, ": Undid"));
            assert_null (strstr (e->summary, ": Redid"));
          }
        else
          assert_int_equal (e->undoes, 0);
      }
    g_hash_table_unref (by_id);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_draw_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_record_game, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_to_empty, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_record_replace, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fix_order_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fix_order, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_fix_order_by_hand, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_redo_sequences, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
