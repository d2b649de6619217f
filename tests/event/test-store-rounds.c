/* test-store-rounds.c: a round's life, paper totals and hold-ups, and
 * the rounds read again after every write.
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

/* A whole 4-player qualifying round, paper totals, release, roll-off,
 * advancement and the final; then undo all of it. Each test below starts
 * from the round at the point it looks at, so that one failure does not
 * hide the next. */

/* Round 1 of 8 players drawn and every game of its two chouettes entered. */
static void
play_complete_round (CtdStore *store)
{
  g_autoptr(GError) error = NULL;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= 12; g++)
      ctd_test_record (store, 1, c, g, g % 3 == 0 ? "T" : "B");
}

static CtdStore *
create_complete_round (Fixture *fixture)
{
  CtdStore *store = ctd_test_create_default (fixture);

  play_complete_round (store);
  return store;
}

/* Chouette 1.1's paper totals as it played them, @shift halves more for
 * its player 1 and as many less for its player 2. */
static void
set_paper_totals (CtdStore  *store,
                  CtdHalves  shift)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, 1, 1, &error);
  CtdHalves paper[CTD_MAX_PLAYERS] = { 0, };
  gboolean given[CTD_MAX_PLAYERS] = { FALSE, };

  assert_non_null (loaded);
  ctd_chouette_get_totals (loaded, paper);
  for (guint p = 0; p < 4; p++)
    given[p] = TRUE;
  paper[0] += shift;
  paper[1] -= shift;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
}

/* The top 2 of each chouette of round 1, in @advancers. */
static void
top_two_of_each (CtdStore *store,
                 gint64    advancers[4])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
  CtdStoreChouette *first = g_ptr_array_index (seats, 0);
  CtdStoreChouette *second = g_ptr_array_index (seats, 1);

  advancers[0] = first->players[0];
  advancers[1] = first->players[1];
  advancers[2] = second->players[0];
  advancers[3] = second->players[1];
}

static CtdRoundState
round_state (CtdStore *store,
             guint     round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);

  assert_non_null (rounds);
  assert_true (round <= rounds->len);
  return g_array_index (rounds, CtdStoreRound, round - 1).state;
}

/* A typed paper total that disagrees holds the round back: nobody
 * advances, the release is refused and changes nothing; typed right, the
 * totals are stored as given. */
static void
test_round_paper_totals (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_complete_round (fixture);
  g_autoptr(CtdChouette) loaded = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdHalves totals[CTD_MAX_PLAYERS];
  CtdHalves read[CTD_MAX_PLAYERS];
  gboolean read_given[CTD_MAX_PLAYERS];
  gint64 four[4];

  assert_int_equal (round_state (store, 1), CTD_ROUND_COMPLETE);
  set_paper_totals (store, 2);
  assert_int_equal (round_state (store, 1), CTD_ROUND_IN_PLAY);
  top_two_of_each (store, four);
  assert_false (ctd_store_set_advancement (store, 1, 2, 0, four, 4, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_non_null (strstr (error->message, "in play"));
  g_clear_error (&error);
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_release_round (store, 1, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  set_paper_totals (store, 0);
  assert_int_equal (round_state (store, 1), CTD_ROUND_COMPLETE);
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  ctd_chouette_get_totals (loaded, totals);
  assert_true (ctd_store_get_crosscheck (store, 1, 1, read, read_given, &error));
  for (guint p = 0; p < 4; p++)
    {
      assert_true (read_given[p]);
      assert_int_equal (read[p], totals[p]);
    }
}

/* Roll-offs need a complete round; the players must have played. The
 * log names them, best first, with the seed rolled. */
static void
test_round_rolloff (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_complete_round (fixture);
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
  CtdStoreChouette *first = g_ptr_array_index (chouettes, 0);
  guint64 seed = 99;

  assert_true (ctd_store_add_rolloff (store, 1, first->players, 2, &seed, &error));
  {
    g_autoptr(CtdStoreAuditEntry) entry = ctd_test_last_audit (store);
    g_autofree char *expected = g_strdup_printf ("Round 1: roll-off, best first: %s, %s "
                                                 "(rolled with seed 99)", first->names[0],
                                                 first->names[1]);
    assert_string_equal (entry->summary, expected);
  }
  assert_false (ctd_store_add_rolloff (store, 1, (gint64[]) { first->players[0], 999 }, 2,
                                       NULL, &error));
  assert_string_equal (error->message, "There is no player 999 in this event");
  g_clear_error (&error);
  assert_false (ctd_store_add_rolloff (store, 1, (gint64[]) { first->players[1],
                                                              first->players[1] }, 2,
                                       NULL, &error));
  {
    g_autofree char *expected = g_strdup_printf ("%s is listed twice", first->names[1]);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  {
    g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, 1, &error);
    assert_int_equal (rolloffs->len, 1);
    assert_int_equal (g_array_index ((GArray *) g_ptr_array_index (rolloffs, 0), gint64, 1),
                      first->players[1]);
  }
}

/* Released, round 1's results cannot change; its advancers are logged by
 * name and make the final, after which round 1 is closed. */
static void
test_round_release_and_final (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_complete_round (fixture);
  g_autoptr(GArray) rounds = NULL;
  gint64 advancers[4];

  top_two_of_each (store, advancers);
  /* Five advancers could not make a next round. */
  assert_false (ctd_store_set_advancement (store, 1, 2, 0, advancers, 5, &error));
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE));
  g_clear_error (&error);
  assert_false (ctd_store_draw_round (store, 5, NULL, &error));
  g_clear_error (&error);

  assert_true (ctd_store_release_round (store, 1, &error));
  assert_false (ctd_store_record_game (store, 1, 1, 1, "T", FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "Round 1 is released: its results can no longer change; "
                                       "undo the release first");
  g_clear_error (&error);

  assert_true (ctd_store_set_advancement (store, 1, 2, 0, advancers, 4, &error));
  {
    g_autoptr(GArray) stored = ctd_store_list_advancers (store, 1, &error);
    g_autoptr(CtdStoreAuditEntry) entry = ctd_test_last_audit (store);
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (seats, 0);
    CtdStoreChouette *second = g_ptr_array_index (seats, 1);
    g_autofree char *expected = g_strdup_printf ("Round 1: top 2 and 0 wildcards advance: %s, "
                                                 "%s, %s, %s", first->names[0], first->names[1],
                                                 second->names[0], second->names[1]);

    assert_int_equal (stored->len, 4);
    assert_string_equal (entry->summary, expected);
  }
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 2);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_CLOSED);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).top_k, 2);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 1).stage, CTD_STAGE_FINAL);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 1).state, CTD_ROUND_DRAWN);
  assert_false (ctd_store_record_game (store, 1, 1, 1, "T", FALSE, &error));
  assert_string_equal (error->message, "Round 1 is closed: round 2 is drawn, so its results can "
                                       "no longer change");
  g_clear_error (&error);
  {
    g_autoptr(GPtrArray) final = ctd_store_list_chouettes (store, 2, &error);
    CtdStoreChouette *table = g_ptr_array_index (final, 0);

    assert_int_equal (final->len, 1);
    assert_int_equal (table->size, 4);
    for (guint k = 0; k < 4; k++)
      {
        gboolean found = FALSE;
        for (guint a = 0; a < 4; a++)
          found |= advancers[a] == table->players[k];
        assert_true (found);
      }
  }
}

/* Every kind of action of a round's life undone, back to the empty
 * event; redone, the event comes back row for row; then undo takes the
 * redone actions back again. */
static void
test_round_undo_everything (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autofree char *empty = ctd_test_dump (fixture->path, TRUE);
  g_autofree char *after = NULL;
  g_auto(CtdTestSnapshot) full = { NULL, NULL };
  g_autoptr(GPtrArray) chouettes = NULL;
  guint64 seed = 99;
  gint64 advancers[4];

  play_complete_round (store);
  set_paper_totals (store, 2);
  set_paper_totals (store, 0);
  chouettes = ctd_store_list_chouettes (store, 1, &error);
  assert_true (ctd_store_add_rolloff (store, 1,
                                      ((CtdStoreChouette *) g_ptr_array_index (chouettes, 0))->players,
                                      2, &seed, &error));
  assert_true (ctd_store_release_round (store, 1, &error));
  top_two_of_each (store, advancers);
  assert_true (ctd_store_set_advancement (store, 1, 2, 0, advancers, 4, &error));
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  assert_int_equal (round_state (store, 2), CTD_ROUND_DRAWN);

  full = ctd_test_snapshot_take (store);
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, TRUE);
  assert_string_equal (empty, after);

  while (ctd_store_redo (store, NULL, &error))
    ;
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  ctd_test_assert_state (store, &full);
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, TRUE);
  assert_string_equal (empty, after);
}

/* Round 1 of 8 players drawn; chouette 1.1 played to the end, 1.2
 * without its games 10 and 12. @names gets 1.1's players, @totals their
 * totals. */
static CtdStore *
create_partly_played (Fixture   *fixture,
                      char      *names[4],
                      CtdHalves  totals[CTD_MAX_PLAYERS])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdChouette) loaded = NULL;
  g_autoptr(GPtrArray) hold_ups = NULL;
  g_autofree char *text = NULL;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      names[k] = g_strdup (first->names[k]);
  }

  /* Nothing entered: both chouettes hold the round up. */
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 2);
  text = ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, 1));
  assert_string_equal (text, "1.2: no game entered yet");
  g_clear_pointer (&text, g_free);

  for (guint g = 1; g <= 12; g++)
    ctd_test_record (store, 1, 1, g, g % 3 == 0 ? "T" : "Bg");
  for (guint g = 1; g <= 9; g++)
    ctd_test_record (store, 1, 2, g, "B");
  ctd_test_record (store, 1, 2, 11, "B");
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  ctd_chouette_get_totals (loaded, totals);
  return g_steal_pointer (&store);
}

/* Paper totals must balance and name every player: refused, they change
 * nothing; at the bound of what 12 games can come to, they are totals. */
static void
test_crosscheck_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = g_new0 (char *, CTD_MAX_PLAYERS + 1);
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autoptr(CtdStore) store = create_partly_played (fixture, names, totals);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS] = { TRUE, TRUE, TRUE, TRUE };

  /* Refused, changing nothing: a missing total, a sheet that does not
   * add up to zero. */
  before = ctd_test_dump (fixture->path, FALSE);
  memcpy (paper, totals, sizeof paper);
  given[2] = FALSE;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: the paper totals need every "
                                                 "player's total; missing: player 3 (%s)",
                                                 names[2]);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  given[2] = TRUE;
  paper[3] += 1;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_true (g_str_has_prefix (error->message, "Chouette 1.1: the paper totals add up to "
                                                 "+0.5, not 0"));
  g_clear_error (&error);
  /* A total no 12 games can come to, even balanced by another one (the
   * sum of such totals would overflow before it came back to zero). */
  paper[3] -= 1;
  paper[1] = CTD_CHOUETTE_HALVES_MAX + 1;
  paper[2] = -CTD_CHOUETTE_HALVES_MAX - 1;
  paper[0] = -paper[3];
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: the paper total of player 2 "
                                                 "(%s), +364,904,448.5, is more than 12 games "
                                                 "can come to (at most 364,904,448 points "
                                                 "either way); check the sheet", names[1]);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  paper[1] = G_MAXINT64;
  paper[2] = G_MININT64 + 1;
  paper[0] = 1;
  paper[3] = -1;
  assert_false (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  assert_non_null (strstr (error->message, "player 2"));
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  /* At the bound, in either direction, a total is a total. */
  paper[0] = CTD_CHOUETTE_HALVES_MAX;
  paper[1] = -CTD_CHOUETTE_HALVES_MAX;
  paper[2] = 0;
  paper[3] = 0;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));

}

/* A disagreement is stored, and the round says which chouettes hold it
 * up and why, until the right totals and the last games let it go. */
static void
test_crosscheck_hold_ups (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = g_new0 (char *, CTD_MAX_PLAYERS + 1);
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autoptr(CtdStore) store = create_partly_played (fixture, names, totals);
  g_autoptr(GPtrArray) hold_ups = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *text = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS] = { TRUE, TRUE, TRUE, TRUE };
  CtdStoreHoldUp *hold_up;

  /* A balanced sheet that disagrees is stored, in points, with names. */
  memcpy (paper, totals, sizeof paper);
  paper[0] += 4;
  paper[2] -= 4;
  assert_true (ctd_store_set_crosscheck (store, 1, 1, paper, given, &error));
  entry = ctd_test_last_audit (store);
  {
    g_autofree char *p1 = ctd_halves_to_string (paper[0], TRUE);
    g_autofree char *p4 = ctd_halves_to_string (paper[3], TRUE);
    g_autofree char *expected = g_strdup_printf ("Chouette 1.1: paper totals %s %s, ", names[0],
                                                 p1);
    g_autofree char *end = g_strdup_printf (", %s %s", names[3], p4);

    assert_true (g_str_has_prefix (entry->summary, expected));
    assert_true (g_str_has_suffix (entry->summary, end));
  }

  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 2);
  hold_up = g_ptr_array_index (hold_ups, 0);
  assert_int_equal (hold_up->chouette, 1);
  assert_int_equal (hold_up->n_games, 12);
  assert_int_equal (hold_up->missing, 0);
  assert_int_equal (hold_up->mismatched, 0x5);
  text = ctd_store_hold_up_describe (hold_up);
  {
    g_autofree char *expected = g_strdup_printf ("1.1: the paper totals of %s and %s disagree "
                                                 "with the entered games", names[0], names[2]);
    assert_string_equal (text, expected);
  }
  g_clear_pointer (&text, g_free);
  hold_up = g_ptr_array_index (hold_ups, 1);
  assert_int_equal (hold_up->n_games, 10);
  assert_int_equal (hold_up->missing, (1u << 9) | (1u << 11));
  text = ctd_store_hold_up_describe (hold_up);
  assert_string_equal (text, "1.2: games 10 and 12 to enter");
  g_clear_pointer (&text, g_free);

  /* The right totals and the last games: nothing holds the round up. */
  assert_true (ctd_store_set_crosscheck (store, 1, 1, totals, NULL, &error));
  ctd_test_record (store, 1, 2, 10, "T");
  ctd_test_record (store, 1, 2, 12, "T");
  g_clear_pointer (&hold_ups, g_ptr_array_unref);
  hold_ups = ctd_store_list_hold_ups (store, 1, &error);
  assert_int_equal (hold_ups->len, 0);
  {
    g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);
    assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).state, CTD_ROUND_COMPLETE);
  }
  assert_null (ctd_store_list_hold_ups (store, 2, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
}

/* The state of round 1 as @store lists it. */
static CtdRoundState
round_one_state (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);

  assert_non_null (rounds);
  return g_array_index (rounds, CtdStoreRound, 0).state;
}

/* Rounds are read again only after a write, but after every write: this
 * handle's and another handle's; a refused action changes nothing. */
static void
test_rounds_follow_writes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GArray) rounds = NULL;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  assert_int_equal (round_one_state (store), CTD_ROUND_DRAWN);
  rounds = ctd_store_list_rounds (store, &error);
  assert_int_equal (rounds->len, 1);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_players, 8);
  assert_int_equal (g_array_index (rounds, CtdStoreRound, 0).n_chouettes, 2);

  ctd_test_record (store, 1, 1, 1, ctd_test_four_sheet[0]);
  assert_int_equal (round_one_state (store), CTD_ROUND_IN_PLAY);

  /* A refused result leaves the round as it was. */
  assert_false (ctd_store_record_game (store, 1, 1, 2, "B 9:2", FALSE, &error));
  g_clear_error (&error);
  assert_int_equal (round_one_state (store), CTD_ROUND_IN_PLAY);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_int_equal (round_one_state (other), CTD_ROUND_IN_PLAY);
  assert_true (ctd_store_clear_game (other, 1, 1, 1, &error));
  assert_int_equal (round_one_state (store), CTD_ROUND_DRAWN);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_int_equal (round_one_state (other), CTD_ROUND_IN_PLAY);
}

/* The rounds the store keeps across the games it records one by one
 * (rather than counting every chouette's games again after each) are
 * what a fresh reading finds: a chouette's first game, its last, its
 * paper totals agreeing again, and the round's last game. */
static void
test_rounds_kept_across_games (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= 12; g++)
      {
        /* Read, so that the store keeps them; then one game. */
        ctd_test_assert_rounds_read (store, fixture->path);
        ctd_test_record (store, 1, c, g, ctd_test_four_sheet[g - 1]);
        ctd_test_assert_rounds_read (store, fixture->path);
        assert_int_equal (round_one_state (store), c == 2 && g == 12 ? CTD_ROUND_COMPLETE
                                                                     : CTD_ROUND_IN_PLAY);
        /* The paper totals of 1.1, typed with its game 12 missing,
         * disagree until it is in again. */
        if (c == 2 && g == 6)
          {
            set_paper_totals (store, 0);
            assert_true (ctd_store_clear_game (store, 1, 1, 12, &error));
            ctd_test_assert_rounds_read (store, fixture->path);
            ctd_test_record (store, 1, 1, 12, ctd_test_four_sheet[11]);
            ctd_test_assert_rounds_read (store, fixture->path);
            assert_true (ctd_store_clear_game (store, 1, 1, 11, &error));
            ctd_test_record (store, 1, 1, 11, "B");
            ctd_test_assert_rounds_read (store, fixture->path);
            ctd_test_record_full (store, 1, 1, 11, ctd_test_four_sheet[10], TRUE);
            ctd_test_assert_rounds_read (store, fixture->path);
          }
      }
  /* A game written and then rolled back (its action refused later)
   * leaves nothing kept of it. */
  assert_false (ctd_store_record_game (store, 1, 2, 12, "B 9:2", TRUE, &error));
  g_clear_error (&error);
  ctd_test_assert_rounds_read (store, fixture->path);
  assert_int_equal (round_one_state (store), CTD_ROUND_COMPLETE);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_round_paper_totals, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_rolloff, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_release_and_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_round_undo_everything, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_refused, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_crosscheck_hold_ups, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rounds_follow_writes, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rounds_kept_across_games, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
