/* test-store-changes.c: what changed, for a window, and a second handle
 * on the same file.
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

/* ---- what changed, for a window ------------------------------------------ */

/* The one entry logged since *@since says it changed @what in round
 * @round, chouette @chouette; *@since moves to it. */
static void
expect_change (CtdStore   *store,
               gint64     *since,
               const char *action,
               CtdChange   what,
               guint       round,
               guint       chouette)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) changes = ctd_store_list_changes_since (store, *since, &error);
  g_autoptr(CtdStoreAuditEntry) entry = ctd_test_last_audit (store);
  CtdStoreChange *change;

  assert_non_null (changes);
  if (changes->len != 1)
    fail_msg ("%s: %u changes since #%" G_GINT64_FORMAT, action, changes->len, *since);
  change = &g_array_index (changes, CtdStoreChange, 0);
  assert_string_equal (entry->action, action);
  assert_int_equal (change->audit_id, entry->id);
  assert_int_equal (ctd_store_get_last_audit_id (store, &error), entry->id);
  if (change->what != what || change->round != round || change->chouette != chouette)
    fail_msg ("%s (%s): what 0x%x round %u chouette %u; expected 0x%x round %u chouette %u",
              action, entry->summary, change->what, change->round, change->chouette, what,
              round, chouette);
  *since = entry->id;
}

/* Calls expect_change() when the test looks at the changes (@since not
 * NULL), so that one sequence of actions serves the test of their
 * changes and the tests that start after them. */
static void
maybe_expect (CtdStore   *store,
              gint64     *since,
              const char *action,
              CtdChange   what,
              guint       round,
              guint       chouette)
{
  if (since != NULL)
    expect_change (store, since, action, what, round, chouette);
}

static void
skip_to_last (CtdStore *store,
              gint64   *since)
{
  g_autoptr(GError) error = NULL;

  if (since != NULL)
    *since = ctd_store_get_last_audit_id (store, &error);
}

/* Eight players checked in, drawn (seed 5) and redrawn (seed 6): two
 * chouettes of four. */
static void
draw_eight (CtdStore *store,
            gint64   *since)
{
  g_autoptr(GError) error = NULL;
  const CtdChange draw = CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;

  ctd_test_add_checked_in (store, 8);
  skip_to_last (store, since);
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  maybe_expect (store, since, "draw-round", draw, 1, 0);
  assert_true (ctd_store_redraw_round (store, 1, 6, &error));
  maybe_expect (store, since, "redraw-round", draw, 1, 0);
}

/* Round 1 played, checked, released and advanced; round 2 drawn. */
static void
play_round_one (CtdStore *store,
                gint64   *since)
{
  g_autoptr(GError) error = NULL;
  const CtdChange chouette_games = CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS;
  const CtdChange draw = CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;

  ctd_test_record (store, 1, 2, 1, "T");
  maybe_expect (store, since, "record-game", chouette_games, 1, 2);
  assert_true (ctd_store_clear_game (store, 1, 2, 1, &error));
  maybe_expect (store, since, "clear-game", chouette_games, 1, 2);
  for (guint c = 1; c <= 2; c++)
    for (guint g = 1; g <= 9; g++)
      ctd_test_record (store, 1, c, g, g % 3 == 0 ? "T" : "B");
  skip_to_last (store, since);
  /* Fixing the order changes one chouette's sheet, not the standings. */
  assert_true (ctd_store_fix_last_segment_order (store, 1, 2, NULL, FALSE, &error));
  maybe_expect (store, since, "fix-last-segment-order", CTD_CHANGE_CHOUETTE, 1, 2);
  /* The first last-segment game of chouette 1 fixes its order too. */
  ctd_test_record (store, 1, 1, 10, "T");
  maybe_expect (store, since, "record-game", chouette_games, 1, 1);
  for (guint c = 1; c <= 2; c++)
    for (guint g = c == 1 ? 11 : 10; g <= 12; g++)
      ctd_test_record (store, 1, c, g, "B");
  skip_to_last (store, since);
  {
    g_autoptr(CtdChouette) loaded = ctd_store_load_chouette (store, 1, 2, &error);
    CtdHalves totals[CTD_MAX_PLAYERS];

    ctd_chouette_get_totals (loaded, totals);
    assert_true (ctd_store_set_crosscheck (store, 1, 2, totals, NULL, &error));
    maybe_expect (store, since, "set-crosscheck", chouette_games, 1, 2);
  }
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *first = g_ptr_array_index (chouettes, 0);
    CtdStoreChouette *second = g_ptr_array_index (chouettes, 1);
    gint64 advancers[4] = { first->players[0], first->players[1],
                            second->players[0], second->players[1] };

    assert_true (ctd_store_add_rolloff (store, 1, first->players, 2, NULL, &error));
    maybe_expect (store, since, "add-rolloff", CTD_CHANGE_STANDINGS, 1, 0);
    assert_true (ctd_store_release_round (store, 1, &error));
    maybe_expect (store, since, "release-round", draw, 1, 0);
    assert_true (ctd_store_set_advancement (store, 1, 2, 0, advancers, 4, &error));
    maybe_expect (store, since, "set-advancement", draw, 1, 0);
    /* The same top K again: only the advancers, the standings. */
    assert_true (ctd_store_set_advancement (store, 1, 2, 0, (gint64[]) {
                   first->players[0], first->players[2], second->players[0],
                   second->players[1] }, 4, &error));
    maybe_expect (store, since, "set-advancement", CTD_CHANGE_STANDINGS, 1, 0);
  }
  assert_true (ctd_store_draw_round (store, 7, NULL, &error));
  maybe_expect (store, since, "draw-round", draw, 2, 0);

}

/* Settings and players: each action says what it changed. */
static void
test_changes_players (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  CtdEventSettings settings = ctd_test_default_settings;
  const CtdNewPlayer imported[] = { { "Iris", NULL, NULL }, { "Ivo", "Oslo", NULL } };
  char *reasons[G_N_ELEMENTS (imported)];
  gint64 since = ctd_store_get_last_audit_id (store, &error);
  gint64 anna;
  guint n_added;

  /* The entry that created the file changed nothing a window shows. */
  assert_int_equal (since, 1);
  {
    g_autoptr(GArray) all = ctd_store_list_changes_since (store, 0, &error);
    assert_int_equal (all->len, 1);
    assert_int_equal (g_array_index (all, CtdStoreChange, 0).audit_id, 1);
    assert_int_equal (g_array_index (all, CtdStoreChange, 0).what, 0);
  }

  settings.venue = (char *) "Town hall";
  assert_true (ctd_store_set_settings (store, &settings, &error));
  expect_change (store, &since, "set-settings", CTD_CHANGE_SETTINGS, 0, 0);
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, &anna, &error));
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_edit_player (store, anna, "Anna Lee", "Riga", NULL, &error));
  expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_import_players (store, "list.csv", imported, G_N_ELEMENTS (imported),
                                         TRUE, reasons, &n_added, &error));
  expect_change (store, &since, "import-players", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_set_checked_in (store, anna, FALSE, &error));
  expect_change (store, &since, "check-out", CTD_CHANGE_PLAYERS, 0, 0);
  assert_true (ctd_store_withdraw_player (store, anna, FALSE, &error));
  expect_change (store, &since, "withdraw-player", CTD_CHANGE_PLAYERS, 0, 0);
}

/* A draw and a redraw change the rounds and the standings; a seated
 * player's new name shows in every round's chouettes and standings, a new
 * club among the players only. */
static void
test_changes_draw (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  const CtdChange draw = CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;
  gint64 since = 0;

  draw_eight (store, &since);
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    gint64 seated = ((CtdStoreChouette *) g_ptr_array_index (chouettes, 1))->players[2];

    assert_true (ctd_store_edit_player (store, seated, "Renamed", NULL, NULL, &error));
    expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS | draw, 0, 0);
    assert_true (ctd_store_edit_player (store, seated, NULL, "Oslo", NULL, &error));
    expect_change (store, &since, "edit-player", CTD_CHANGE_PLAYERS, 0, 0);
    assert_true (ctd_store_undo (store, NULL, &error));
    expect_change (store, &since, "undo", CTD_CHANGE_PLAYERS, 0, 0);
    assert_true (ctd_store_undo (store, NULL, &error));
    expect_change (store, &since, "undo", CTD_CHANGE_PLAYERS | draw, 0, 0);
  }

}

/* Games, the order, paper totals, a roll-off, the release, advancement
 * and the next draw: each says which round and chouette it changed. */
static void
test_changes_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  gint64 since = 0;

  draw_eight (store, NULL);
  skip_to_last (store, &since);
  play_round_one (store, &since);
}

/* An undo and a redo report the rows they changed themselves; the
 * changes are listed oldest first. */
static void
test_changes_undo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  const CtdChange chouette_games = CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS;
  const CtdChange draw = CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS;
  gint64 before_games;
  gint64 since;

  draw_eight (store, NULL);
  before_games = ctd_store_get_last_audit_id (store, &error);
  play_round_one (store, NULL);
  since = ctd_store_get_last_audit_id (store, &error);
  assert_true (ctd_store_undo (store, NULL, &error));
  expect_change (store, &since, "undo", draw, 2, 0);
  assert_true (ctd_store_redo (store, NULL, &error));
  expect_change (store, &since, "redo", draw, 2, 0);
  for (guint i = 0; i < 5; i++)
    assert_true (ctd_store_undo (store, NULL, &error));
  since = ctd_store_get_last_audit_id (store, &error);
  assert_true (ctd_store_undo (store, NULL, &error));
  expect_change (store, &since, "undo", chouette_games, 1, 2);
  assert_true (ctd_store_redo (store, NULL, &error));
  expect_change (store, &since, "redo", chouette_games, 1, 2);

  /* Oldest first, one per entry; once the draw is undone, the games of
   * its chouettes can only say "the rounds changed". */
  while (ctd_store_undo (store, NULL, &error))
    ;
  g_clear_error (&error);
  {
    g_autoptr(GArray) changes = ctd_store_list_changes_since (store, before_games, &error);
    g_autoptr(GPtrArray) log = ctd_store_list_audit (store, &error);
    CtdStoreChange *first = &g_array_index (changes, CtdStoreChange, 0);
    guint n_after = 0;

    for (guint i = 0; i < log->len; i++)
      n_after += ((CtdStoreAuditEntry *) g_ptr_array_index (log, i))->id > before_games;
    assert_int_equal (changes->len, n_after);
    for (guint i = 1; i < changes->len; i++)
      assert_true (g_array_index (changes, CtdStoreChange, i).audit_id >
                   g_array_index (changes, CtdStoreChange, i - 1).audit_id);
    assert_int_equal (first->audit_id, before_games + 1);
    assert_int_equal (first->what, CTD_CHANGE_ROUNDS);
    assert_int_equal (first->round, 0);
    assert_int_equal (first->chouette, 0);
  }
  /* Nothing since the newest entry. */
  {
    g_autoptr(GArray) none = ctd_store_list_changes_since (store,
                                                           ctd_store_get_last_audit_id (store, &error),
                                                           &error);
    assert_int_equal (none->len, 0);
  }
}

/* Another window or command writing to the same file: the first handle
 * sees its data version move and learns what changed. */
static void
test_second_handle (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(CtdStore) again = NULL;
  gint64 since = ctd_store_get_last_audit_id (store, &error);
  gint64 version, now;

  assert_true (ctd_store_get_data_version (store, &version, &error));
  /* Its own actions do not move it. */
  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_int_equal (now, version);
  since = ctd_store_get_last_audit_id (store, &error);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_add_player (other, "Bert", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_true (now != version);
  version = now;
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);

  /* A second connection for a worker thread writes with the same audit
   * triggers: its action is logged with row images, and undoable from
   * the first handle. */
  again = ctd_store_open_again (store, FALSE, &error);
  assert_non_null (again);
  assert_false (ctd_store_is_read_only (again));
  assert_true (ctd_store_add_player (again, "Cleo", NULL, NULL, TRUE, NULL, &error));
  assert_true (ctd_store_get_data_version (store, &now, &error));
  assert_true (now != version);
  expect_change (store, &since, "add-player", CTD_CHANGE_PLAYERS, 0, 0);
  {
    g_autoptr(CtdStoreAuditEntry) entry = ctd_test_last_audit (store);
    g_autofree char *summary = NULL;

    assert_non_null (strstr (entry->after, "Cleo"));
    assert_true (ctd_store_undo (store, &summary, &error));
    assert_string_equal (summary, "Added Cleo, checked in");
  }
  {
    g_autoptr(GPtrArray) players = ctd_store_list_players (again, &error);
    assert_int_equal (players->len, 2);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_changes_players, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_changes_draw, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_changes_round, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_changes_undo, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_second_handle, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
