/* test-store-players.c: players, registration and their details.
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

static CtdStorePlayer *
find_player (GPtrArray *players,
             gint64     id)
{
  for (guint i = 0; i < players->len; i++)
    if (((CtdStorePlayer *) g_ptr_array_index (players, i))->id == id)
      return g_ptr_array_index (players, i);
  return NULL;
}

/* ---- players ------------------------------------------------------- */

static void
test_players (void **state)
{
  Fixture *fixture = *state;
  static const char *const hostile[] = {
    "=HYPERLINK(\"http://x\",\"y\")", "<b>bold</b>", "Zoë", "'; DROP TABLE player; --",
    "+1", "@SUM(A1)", "-2", "O'Brien \"Obi\"", "日本語", "\\N", "%s%n",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 ids[G_N_ELEMENTS (hostile)];
  gint64 club_id;

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      assert_true (ctd_store_add_player (store, hostile[i], NULL, NULL, TRUE, &ids[i], &error));
      assert_null (error);
    }
  assert_true (ctd_store_add_player (store, "Anna", "=Club", "ABA-7", TRUE, &club_id, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "add-player");
  assert_string_equal (entry->before, "[]");
  assert_non_null (strstr (entry->after, "ABA-7"));

  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  players = ctd_store_list_players (store, &error);
  assert_int_equal (players->len, G_N_ELEMENTS (hostile) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      CtdStorePlayer *player = find_player (players, ids[i]);
      assert_string_equal (player->name, hostile[i]);
      assert_null (player->club);
      /* Registered players start checked in. */
      assert_true (player->checked_in);
    }
  assert_string_equal (find_player (players, club_id)->club, "=Club");
  assert_string_equal (find_player (players, club_id)->member_id, "ABA-7");

  /* Refusals change nothing. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (store, "ZOË", NULL, NULL, TRUE, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_non_null (strstr (error->message, "Zoë"));
  g_clear_error (&error);
  /* The same name, club and ID, whatever their case. */
  assert_false (ctd_store_add_player (store, "anna", "=CLUB", "aba-7", TRUE, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "   ", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "Line\nbreak", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "\xff\xfe", NULL, NULL, TRUE, NULL, &error));
  g_clear_error (&error);
  assert_false (ctd_store_set_checked_in (store, 999, TRUE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* Check out, check in, withdraw; a no-op leaves no audit entry. */
  assert_true (ctd_store_set_checked_in (store, club_id, FALSE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "check-out");
  assert_string_equal (entry->summary, "Checked out Anna");
  assert_true (ctd_store_set_checked_in (store, club_id, TRUE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "check-in");
  assert_string_equal (entry->summary, "Checked in Anna");
  {
    guint n = ctd_test_audit_length (store);
    assert_true (ctd_store_set_checked_in (store, club_id, TRUE, &error));
    assert_int_equal (ctd_test_audit_length (store), n);
  }
  assert_true (ctd_store_withdraw_player (store, club_id, FALSE, &error));
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_true (find_player (players, club_id)->withdrawn);
  assert_false (find_player (players, club_id)->checked_in);
  assert_false (ctd_store_set_checked_in (store, club_id, TRUE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  /* The name is free again once its holder withdrew. */
  assert_true (ctd_store_add_player (store, "ANNA", NULL, NULL, TRUE, NULL, &error));

  /* Undo: the new Anna, the withdrawal, the check-in. */
  {
    g_autofree char *summary = NULL;

    assert_true (ctd_store_undo (store, &summary, &error));
    assert_non_null (strstr (summary, "ANNA"));
    assert_true (ctd_store_undo (store, NULL, &error));
    assert_true (ctd_store_undo (store, NULL, &error));
  }
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_int_equal (players->len, G_N_ELEMENTS (hostile) + 1);
  assert_false (find_player (players, club_id)->withdrawn);
  assert_false (find_player (players, club_id)->checked_in);
}

/* Registration as a real event needs it: players start not checked in
 * unless the director says so, two players may share a name when club
 * or ID tells them apart, only checked-in players are drawn (the others
 * named in the log), a drawn or playing player is withdrawn only when
 * forced, and a withdrawn one can be reinstated. */
typedef struct
{
  gint64 anna, anna_riga, anna_x;  /* three players named Anna */
  gint64 cleo, dora;               /* imported, not checked in */
} Registered;

/* Three Annas added (only the one of Riga checked in), and Cleo and Dora
 * imported: where the tests below start, each on its own so that one
 * failure does not hide the next. */
static CtdStore *
create_registered (Fixture    *fixture,
                   Registered *ids)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GPtrArray) players = NULL;
  CtdNewPlayer listed[] = { { "Cleo", NULL, NULL }, { "Dora", "Oslo", NULL } };
  char *reasons[2];
  guint n_added;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, FALSE, &ids->anna, &error));
  assert_true (ctd_store_add_player (store, "ANNA ", "Riga", NULL, TRUE, &ids->anna_riga, &error));
  assert_true (ctd_store_add_player (store, "Anna", NULL, "X-1", FALSE, &ids->anna_x, &error));
  assert_true (ctd_store_import_players (store, "list.csv", listed, 2, FALSE, reasons, &n_added,
                                         &error));
  assert_int_equal (n_added, 2);
  players = ctd_store_list_players (store, &error);
  ids->cleo = ((CtdStorePlayer *) g_ptr_array_index (players, players->len - 2))->id;
  ids->dora = ((CtdStorePlayer *) g_ptr_array_index (players, players->len - 1))->id;
  return g_steal_pointer (&store);
}

/* Players of one name told apart by club or ID; one that no detail
 * tells apart is refused, changing nothing. */
static void
test_registration_add (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *label = NULL;
  gint64 anna, anna_riga, anna_x;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, FALSE, &anna, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Added Anna");
  assert_true (ctd_store_add_player (store, "ANNA ", "Riga", NULL, TRUE, &anna_riga, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Added ANNA  (Riga), checked in");
  assert_true (ctd_store_add_player (store, "Anna", NULL, "X-1", FALSE, &anna_x, &error));

  /* The same name, club and ID as an active player: refused. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_add_player (store, "anna", " RIGA", NULL, TRUE, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("There is already a player #%" G_GINT64_FORMAT
                                                 " ANNA  (Riga); to register another player of "
                                                 "that name, give a club or player ID that "
                                                 "tells them apart", anna_riga);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_add_player (store, "Anna", NULL, "x-1", TRUE, NULL, &error));
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  label = ctd_store_describe_player (store, anna, &error);
  {
    g_autofree char *expected = g_strdup_printf ("Anna (#%" G_GINT64_FORMAT ")", anna);
    assert_string_equal (label, expected);
  }

}

/* The import's flag: here, not checked in; a draw of too few checked-in
 * players is refused, counting the others. */
static void
test_registration_import_and_draw_refused (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *before = NULL;
  gint64 anna, anna_riga;
  CtdNewPlayer listed[] = { { "Cleo", NULL, NULL }, { "Dora", "Oslo", NULL } };
  char *reasons[2];
  guint n_added;

  assert_true (ctd_store_add_player (store, "Anna", NULL, NULL, FALSE, &anna, &error));
  assert_true (ctd_store_add_player (store, "ANNA ", "Riga", NULL, TRUE, &anna_riga, &error));
  assert_true (ctd_store_add_player (store, "Anna", NULL, "X-1", FALSE, NULL, &error));
  /* The import's flag: here, not checked in. */
  assert_true (ctd_store_import_players (store, "list.csv", listed, 2, FALSE, reasons, &n_added,
                                         &error));
  assert_int_equal (n_added, 2);
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Imported 2 players from list.csv");
  players = ctd_store_list_players (store, &error);
  assert_false (find_player (players, anna)->checked_in);
  assert_true (find_player (players, anna_riga)->checked_in);
  assert_false (((CtdStorePlayer *) g_ptr_array_index (players, players->len - 1))->checked_in);

  /* Nobody but Anna of Riga checked in: refused, counting the others. */
  g_clear_pointer (&before, g_free);
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_draw_round (store, 3, NULL, &error));
  assert_non_null (strstr (error->message, "1 player cannot make a chouette"));
  assert_non_null (strstr (error->message, "; 4 registered players are not checked in: Anna (#"));
  g_clear_error (&error);
  assert_true (ctd_store_set_checked_in (store, anna_riga, FALSE, &error));
  assert_false (ctd_store_draw_round (store, 3, NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Nobody is checked in"));
  assert_non_null (strstr (error->message, "5 players are registered"));
  g_clear_error (&error);
  assert_true (ctd_store_undo (store, NULL, &error));

}

/* Four checked in: drawn, the others named in the log; a drawn player
 * withdraws only when forced, one in play not at all (rule 3.1); a
 * withdrawn player is reinstated, not checked in, unless the name is
 * taken since. */
static void
test_registration_drawn (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  Registered ids;
  g_autoptr(CtdStore) store = create_registered (fixture, &ids);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 anna = ids.anna, anna_x = ids.anna_x, c = ids.cleo, d = ids.dora;
  gint64 b, b_again;

  /* Four checked in: drawn; the others named in the log. */
  assert_true (ctd_store_add_player (store, "Bea", NULL, NULL, TRUE, &b, &error));
  assert_true (ctd_store_set_checked_in (store, c, TRUE, &error));
  assert_true (ctd_store_set_checked_in (store, d, TRUE, &error));
  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  {
    g_autofree char *expected = g_strdup_printf ("Drew round 1 (final) for 4 players, seed 3; 2 "
                                                 "registered players are not checked in: Anna "
                                                 "(#%" G_GINT64_FORMAT ") and Anna (ID X-1)", anna);
    assert_string_equal (entry->summary, expected);
  }
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *table = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      assert_true (table->players[k] != anna && table->players[k] != anna_x);
  }

  /* Drawn, not started: withdrawn only when forced, then redrawn. */
  g_clear_pointer (&before, g_free);
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_withdraw_player (store, b, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message, "Bea is drawn in chouette 1.1, and round 1 has not "
                                       "started: to take them out, confirm the withdrawal, then "
                                       "redraw the round without them");
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  assert_true (ctd_store_withdraw_player (store, b, TRUE, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Withdrew Bea (forced)");
  assert_true (ctd_store_set_checked_in (store, anna, TRUE, &error));
  assert_true (ctd_store_redraw_round (store, 1, 3, &error));
  {
    g_autoptr(GPtrArray) seats = ctd_store_list_chouettes (store, 1, &error);
    CtdStoreChouette *table = g_ptr_array_index (seats, 0);

    for (guint k = 0; k < 4; k++)
      assert_true (table->players[k] != b);
  }

  /* In play: the Captain acts for an absent player (rule 3.1). */
  ctd_test_record (store, 1, 1, 1, "T");
  assert_false (ctd_store_withdraw_player (store, c, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_non_null (strstr (error->message, "Cleo plays in chouette 1.1, which is in play (1 of "
                                           "12 games entered): under rule 3.1 the Captain acts "
                                           "for an absent player"));
  g_clear_error (&error);
  /* Not seated: withdrawn at once; and reinstated, not checked in. */
  assert_true (ctd_store_withdraw_player (store, anna_x, FALSE, &error));
  assert_false (ctd_store_withdraw_player (store, anna_x, FALSE, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);
  assert_true (ctd_store_reinstate_player (store, anna_x, &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Reinstated Anna (ID X-1)");
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_false (find_player (players, anna_x)->withdrawn);
  assert_false (find_player (players, anna_x)->checked_in);
  assert_false (ctd_store_reinstate_player (store, anna_x, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_non_null (strstr (error->message, "has not withdrawn"));
  g_clear_error (&error);

  /* Bea's name was free; now her reinstatement would clash. */
  assert_true (ctd_store_add_player (store, "bea", NULL, NULL, FALSE, &b_again, &error));
  assert_false (ctd_store_reinstate_player (store, b, &error));
  {
    g_autofree char *expected = g_strdup_printf ("Bea (#%" G_GINT64_FORMAT ") cannot be "
                                                 "reinstated: #%" G_GINT64_FORMAT " bea, "
                                                 "registered since, has the same name, club "
                                                 "and player ID", b, b_again);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_set_checked_in (store, b, TRUE, &error));
  assert_non_null (strstr (error->message, "reinstate them first"));
}

/* Correcting a player's details: the same checks as registering, the
 * refusal naming the player, the log saying what changed, undo and redo,
 * and nothing logged when nothing changes. A seated player's new name
 * is what the draw and the standings show. */
static void
test_edit_player (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *long_name = g_strnfill (201, 'x');
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(CtdTestSnapshot) unedited = { NULL, };
  g_auto(CtdTestSnapshot) edited = { NULL, };
  gint64 ann, bob, cy, dee;
  guint n;

  assert_true (ctd_store_add_player (store, "Ann Lee", "Riga", NULL, TRUE, &ann, &error));
  assert_true (ctd_store_add_player (store, "Bob", "Oslo", "N-1", TRUE, &bob, &error));
  assert_true (ctd_store_add_player (store, "Cy", NULL, NULL, TRUE, &cy, &error));
  assert_true (ctd_store_add_player (store, "Dee", NULL, NULL, TRUE, &dee, &error));

  /* A new name; the club and ID left out stay as they were. */
  unedited = ctd_test_snapshot_take (store);
  assert_true (ctd_store_edit_player (store, ann, "Ann Lee-Smith", NULL, NULL, &error));
  assert_null (error);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "edit-player");
  assert_string_equal (entry->summary, "Edited Ann Lee: name “Ann Lee” -> “Ann Lee-Smith”");
  players = ctd_store_list_players (store, &error);
  assert_string_equal (find_player (players, ann)->name, "Ann Lee-Smith");
  assert_string_equal (find_player (players, ann)->club, "Riga");
  assert_true (find_player (players, ann)->checked_in);
  edited = ctd_test_snapshot_take (store);

  /* Undo puts every record back; redo makes the edit again. */
  ctd_test_assert_history (store, entry->summary, NULL);
  assert_true (ctd_store_undo (store, NULL, &error));
  ctd_test_assert_state (store, &unedited);
  ctd_test_assert_history (store, "Added Dee, checked in", entry->summary);
  assert_true (ctd_store_redo (store, NULL, &error));
  ctd_test_assert_state (store, &edited);

  /* "" clears a club or ID; every field that changed is logged. */
  assert_true (ctd_store_edit_player (store, bob, "Bob", "", "N-2", &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Edited Bob: club “Oslo” -> none, player ID “N-1” -> “N-2”");
  g_clear_pointer (&players, g_ptr_array_unref);
  players = ctd_store_list_players (store, &error);
  assert_null (find_player (players, bob)->club);
  assert_string_equal (find_player (players, bob)->member_id, "N-2");

  /* The same details, or none given: nothing to log, and no refusal. */
  n = ctd_test_audit_length (store);
  assert_true (ctd_store_edit_player (store, bob, "Bob", NULL, "N-2", &error));
  assert_true (ctd_store_edit_player (store, bob, NULL, NULL, NULL, &error));
  assert_null (error);
  assert_int_equal (ctd_test_audit_length (store), n);
  /* Only the case of one's own name: not a clash with oneself. */
  assert_true (ctd_store_edit_player (store, cy, "CY", NULL, NULL, &error));
  assert_int_equal (ctd_test_audit_length (store), n + 1);

  /* Refusals name the player and change nothing. */
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_edit_player (store, ann, "  ", NULL, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "Ann Lee-Smith: The player's name cannot be only spaces");
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, "Ann\nLee", NULL, NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Ann Lee-Smith: The player's name “Ann"));
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, long_name, NULL, NULL, &error));
  assert_string_equal (error->message,
                       "Ann Lee-Smith: The player's name is longer than 200 characters");
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, ann, NULL, "Riga\tOld", NULL, &error));
  assert_true (g_str_has_prefix (error->message, "Ann Lee-Smith: The club"));
  g_clear_error (&error);
  /* Dee may not become a second Bob with no club and ID N-2. */
  assert_false (ctd_store_edit_player (store, dee, "bob", NULL, "n-2", &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  {
    g_autofree char *expected = g_strdup_printf ("Dee cannot take these details: #%" G_GINT64_FORMAT
                                                 " Bob (ID N-2) has the same name, club and "
                                                 "player ID; give a club or player ID that "
                                                 "tells them apart", bob);
    assert_string_equal (error->message, expected);
  }
  g_clear_error (&error);
  assert_false (ctd_store_edit_player (store, 999, "Zed", NULL, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);
  /* A club tells them apart. */
  assert_true (ctd_store_edit_player (store, dee, "Bob", "Tartu", "N-2", &error));
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Edited Dee: name “Dee” -> “Bob”, club none -> “Tartu”, "
                                       "player ID none -> “N-2”");
  assert_true (ctd_store_undo (store, NULL, &error));

  /* Seated: the draw and the standings read the name by id. */
  assert_true (ctd_store_draw_round (store, 11, NULL, &error));
  assert_true (ctd_store_edit_player (store, cy, "Cyrus", NULL, NULL, &error));
  {
    g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, 1, &error);
    g_autoptr(CtdStandings) standings = ctd_tournament_round_standings (store, 1, FALSE, &error);
    CtdStoreChouette *table = g_ptr_array_index (chouettes, 0);
    guint seen = 0;

    for (guint k = 0; k < table->size; k++)
      if (table->players[k] == cy)
        seen += g_str_equal (table->names[k], "Cyrus");
    for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
      {
        const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
        if (row->player_id == cy)
          seen += g_str_equal (row->name, "Cyrus");
      }
    assert_int_equal (seen, 2);
  }

  /* A withdrawn player's details may match an active player's (their
   * name is free for a new entry): reinstating them is what is refused. */
  assert_true (ctd_store_add_player (store, "Eve", NULL, NULL, FALSE, NULL, &error));
  assert_true (ctd_store_withdraw_player (store, bob, TRUE, &error));
  assert_true (ctd_store_edit_player (store, bob, "Eve", NULL, "", &error));
  assert_false (ctd_store_reinstate_player (store, bob, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_players, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_registration_add, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_registration_import_and_draw_refused,
                                     ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_registration_drawn, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_player, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
