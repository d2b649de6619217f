/* test-checkin.c: checking several players in or out as one action.
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

#include "ctd-store.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

static const CtdEventSettings settings = {
  .name = (char *) "Desk Open",
  .date = (char *) "2026-05-17",
  .venue = (char *) "Club house",
  .stake_cents = 100,
  .entry_fee_cents = 2200,
  .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
};

static CtdStore *
create_with_players (const Fixture      *fixture,
                     const char *const  *names,
                     guint               n,
                     gint64             *ids)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);

  assert_non_null (store);
  for (guint i = 0; i < n; i++)
    {
      assert_true (ctd_store_add_player (store, names[i], NULL, NULL, FALSE, &ids[i], &error));
      assert_null (error);
    }
  return store;
}

/* Whose check-in the file holds, as "Ann+ Bea- ..." in the list's order. */
static char *
presence (CtdStore *store)
{
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, NULL);
  GString *out = g_string_new (NULL);

  assert_non_null (players);
  for (guint i = 0; i < players->len; i++)
    {
      const CtdStorePlayer *player = g_ptr_array_index (players, i);

      g_string_append_printf (out, "%s%s%s ", player->name,
                              player->withdrawn ? "!" : "", player->checked_in ? "+" : "-");
    }
  return g_string_free (out, FALSE);
}

static CtdStoreAuditEntry *
last_audit (CtdStore *store,
            guint    *out_length)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);

  assert_non_null (entries);
  *out_length = entries->len;
  return g_ptr_array_steal_index (entries, entries->len - 1);
}

/* A group at the desk: those not yet present are checked in by one
 * action, logged by name, and one undo takes them all back. */
static void
test_group (void **state)
{
  Fixture *fixture = *state;
  static const char *const names[] = { "Ann", "Bea", "Cy", "Di", "Ed" };
  gint64 ids[G_N_ELEMENTS (names)];
  g_autoptr(CtdStore) store = create_with_players (fixture, names, G_N_ELEMENTS (names), ids);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  guint n_changed = 99, length, length_before;

  assert_true (ctd_store_set_checked_in (store, ids[0], TRUE, &error));
  assert_true (ctd_store_set_checked_in (store, ids[3], TRUE, &error));
  before = presence (store);
  assert_string_equal (before, "Ann+ Bea- Cy- Di+ Ed- ");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store, &length_before);

  assert_true (ctd_store_set_checked_in_players (store, ids, G_N_ELEMENTS (ids), TRUE,
                                                 &n_changed, &error));
  assert_null (error);
  assert_int_equal (n_changed, 3);
  after = presence (store);
  assert_string_equal (after, "Ann+ Bea+ Cy+ Di+ Ed+ ");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store, &length);
  assert_int_equal (length, length_before + 1);
  assert_string_equal (entry->action, "check-in");
  assert_string_equal (entry->summary, "Checked in 3 players: Bea, Cy, Ed");

  /* One undo: the whole group, not its last player. */
  assert_true (ctd_store_undo (store, &undone, &error));
  assert_string_equal (undone, "Checked in 3 players: Bea, Cy, Ed");
  g_clear_pointer (&after, g_free);
  after = presence (store);
  assert_string_equal (after, before);

  /* Checking out two: the same action the other way. */
  {
    gint64 two[] = { ids[0], ids[3] };

    assert_true (ctd_store_set_checked_in_players (store, two, 2, FALSE, &n_changed, &error));
    assert_int_equal (n_changed, 2);
    g_clear_pointer (&entry, ctd_store_audit_entry_free);
    entry = last_audit (store, &length);
    assert_string_equal (entry->action, "check-out");
    assert_string_equal (entry->summary, "Checked out 2 players: Ann, Di");
  }

  /* One who changes reads as the one-player action does. */
  {
    gint64 mixed[] = { ids[1], ids[0] };

    assert_true (ctd_store_set_checked_in (store, ids[1], TRUE, &error));
    assert_true (ctd_store_set_checked_in_players (store, mixed, 2, TRUE, &n_changed, &error));
    assert_int_equal (n_changed, 1);
    g_clear_pointer (&entry, ctd_store_audit_entry_free);
    entry = last_audit (store, &length);
    assert_string_equal (entry->summary, "Checked in Ann");
  }

  /* Everyone already so: nothing to log, nothing to undo. */
  {
    gint64 present[] = { ids[0], ids[1] };

    length_before = length;
    assert_true (ctd_store_set_checked_in_players (store, present, 2, TRUE, &n_changed, &error));
    assert_int_equal (n_changed, 0);
    g_clear_pointer (&entry, ctd_store_audit_entry_free);
    entry = last_audit (store, &length);
    assert_int_equal (length, length_before);
  }
}

/* A withdrawn or unknown player in the group refuses the whole group,
 * naming them; nothing changes, nothing is logged. */
static void
test_refusals (void **state)
{
  Fixture *fixture = *state;
  static const char *const names[] = { "Ann", "Bea", "Cy" };
  gint64 ids[G_N_ELEMENTS (names)];
  g_autoptr(CtdStore) store = create_with_players (fixture, names, G_N_ELEMENTS (names), ids);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  guint n_changed = 99, length, length_before;

  assert_true (ctd_store_withdraw_player (store, ids[1], FALSE, &error));
  before = presence (store);
  entry = last_audit (store, &length_before);

  assert_false (ctd_store_set_checked_in_players (store, ids, G_N_ELEMENTS (ids), TRUE,
                                                  &n_changed, &error));
  assert_non_null (error);
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED));
  assert_string_equal (error->message, "Bea has withdrawn from the event; reinstate them first");
  assert_int_equal (n_changed, 99);
  g_clear_error (&error);

  {
    gint64 unknown[] = { ids[0], 999 };

    assert_false (ctd_store_set_checked_in_players (store, unknown, 2, TRUE, NULL, &error));
    assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
    g_clear_error (&error);
  }

  after = presence (store);
  assert_string_equal (after, before);
  assert_string_equal (after, "Ann- Bea!- Cy- ");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  entry = last_audit (store, &length);
  assert_int_equal (length, length_before);

  /* No players: nothing to do, and nothing done. */
  assert_true (ctd_store_set_checked_in_players (store, NULL, 0, TRUE, &n_changed, &error));
  assert_int_equal (n_changed, 0);
}

/* A whole field: the log names the first ten and counts the rest. */
static void
test_long_summary (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gint64 ids[13];
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  guint n_changed, length;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_ptr_array_add (names, g_strdup_printf ("P%02u", i + 1));
  store = create_with_players (fixture, (const char *const *) names->pdata, names->len, ids);
  assert_true (ctd_store_set_checked_in_players (store, ids, G_N_ELEMENTS (ids), TRUE,
                                                 &n_changed, &error));
  assert_int_equal (n_changed, 13);
  entry = last_audit (store, &length);
  assert_string_equal (entry->summary, "Checked in 13 players: P01, P02, P03, P04, P05, P06, "
                       "P07, P08, P09, P10 and 3 more");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_group, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refusals, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_long_summary, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
