/* test-document-signals.c: a document's signals, undo and redo, another
 * writer, and the list models and standings that follow its changes.
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

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-enum-types.h"
#include "ctd-tournament.h"
#include "ctd-record-items.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-document.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* items-changed of a list model, as heard. */
typedef struct
{
  guint position;
  guint removed;
  guint added;
  guint count;
} ItemsChanged;

static void
items_changed_cb (GListModel   *model,
                  guint         position,
                  guint         removed,
                  guint         added,
                  ItemsChanged *changed)
{
  changed->position = position;
  changed->removed = removed;
  changed->added = added;
  changed->count++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* One "changed" per commit, saying what changed; none for a refusal or
 * for an action that changed nothing. */
static void
test_signals_follow_actions (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  CtdEventSettings settings = { 0, };
  CtdTestListener listener = { 0, };
  gint64 id;

  ctd_test_listen (document, &listener);
  assert_string_equal (ctd_document_get_name (document), "Spring Chouette");

  assert_true (ctd_document_add_player (document, "Ann", "Riga", NULL, TRUE, &id, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);

  assert_false (ctd_document_add_player (document, "ANN", "riga", NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED));
  g_clear_error (&error);
  ctd_test_assert_heard_nothing (&listener);

  /* Registered players are checked in already: nothing changes. */
  assert_true (ctd_document_set_checked_in (document, id, TRUE, &error));
  ctd_test_assert_heard_nothing (&listener);

  for (guint i = 0; i < 7; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error));
    }
  g_array_set_size (listener.heard, 0);
  assert_true (ctd_document_draw_round (document, 7, NULL, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS, 1, 0);

  ctd_test_document_record (document, 2, 1);
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 2);

  assert_false (ctd_document_record_game (document, 1, 2, 2, "B 3:3", FALSE, &error));
  assert_non_null (error);
  g_clear_error (&error);
  ctd_test_assert_heard_nothing (&listener);

  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  g_free (settings.name);
  settings.name = g_strdup ("Autumn Chouette");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  ctd_event_settings_clear (&settings);
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_SETTINGS, 0, 0);
  assert_string_equal (ctd_document_get_name (document), "Autumn Chouette");

  ctd_test_listener_clear (&listener);
}

/* can-undo, can-redo and their summaries follow every action, undo and
 * redo; a new action ends what could be redone. */
static void
test_undo_redo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *undo_summary = NULL;
  CtdTestListener listener = { 0, };

  assert_false (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_undo_summary (document));
  assert_false (ctd_document_undo (document, &error));
  g_clear_error (&error);

  ctd_test_draw_players (document, 8);
  ctd_test_listen (document, &listener);
  ctd_test_document_record (document, 1, 1);
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_true (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  undo_summary = g_strdup (ctd_document_get_undo_summary (document));
  assert_non_null (strstr (undo_summary, "1.1"));
  assert_non_null (strstr (undo_summary, "game 1"));

  assert_true (ctd_document_undo (document, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_true (ctd_document_get_can_redo (document));
  assert_int_equal (listener.can_redo_notifies, 1);
  assert_string_equal (ctd_document_get_redo_summary (document), undo_summary);
  /* Undo goes on to the draw. */
  assert_non_null (strstr (ctd_document_get_undo_summary (document), "round 1"));

  assert_true (ctd_document_redo (document, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_false (ctd_document_get_can_redo (document));
  assert_int_equal (listener.can_redo_notifies, 2);
  assert_string_equal (ctd_document_get_undo_summary (document), undo_summary);
  assert_false (ctd_document_redo (document, &error));
  g_clear_error (&error);
  ctd_test_assert_heard_nothing (&listener);

  /* Undo, then a new action: nothing is left to redo. */
  assert_true (ctd_document_undo (document, &error));
  assert_true (ctd_document_get_can_redo (document));
  ctd_test_document_record (document, 1, 1);
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_redo_summary (document));
  assert_int_equal (listener.heard->len, 2);

  ctd_test_listener_clear (&listener);
}

/* A change made through another connection (the CLI, a second window)
 * is announced within a second, and the lists follow it. */
static void
test_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  CtdTestListener listener = { 0, };
  GListModel *chouettes;
  g_autoptr(CtdChouetteItem) first = NULL;
  gboolean heard = FALSE;
  gint64 start;
  guint n_recorded = 99;

  ctd_test_draw_players (document, 8);
  chouettes = ctd_document_get_chouettes (document, 1);
  first = g_list_model_get_item (chouettes, 0);
  ctd_test_listen (document, &listener);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 1, 1, ctd_test_four_sheet[0], FALSE, &error));

  start = g_get_monotonic_time ();
  g_signal_connect_swapped (document, "changed", G_CALLBACK (ctd_test_set_flag_cb), &heard);
  assert_true (ctd_test_wait_until (&heard, 2000, "the document to hear another writer's record"));
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  g_object_get (first, "n-recorded", &n_recorded, NULL);
  assert_int_equal (n_recorded, 1);
  assert_true (ctd_document_get_can_undo (document));

  /* And an undo made there too. */
  heard = FALSE;
  assert_true (ctd_store_undo (other, NULL, &error));
  assert_true (ctd_test_wait_until (&heard, 2000, "the document to hear another writer's undo"));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  g_object_get (first, "n-recorded", &n_recorded, NULL);
  assert_int_equal (n_recorded, 0);

  ctd_test_listener_clear (&listener);
}

/* The document's standings of round 1 are those the file gives now. */
static void
assert_standings_current (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) fresh = ctd_tournament_round_standings (ctd_document_get_store (document),
                                                             1, FALSE, &error);
  const CtdStandings *kept = ctd_document_get_round_standings (document, 1, &error);

  assert_non_null (fresh);
  assert_non_null (kept);
  assert_int_equal (ctd_standings_get_n_rows (kept), ctd_standings_get_n_rows (fresh));
  for (gsize i = 0; i < ctd_standings_get_n_rows (fresh); i++)
    {
      const CtdStandingsRow *want = ctd_standings_get_row (fresh, i);
      const CtdStandingsRow *got = ctd_standings_get_row (kept, i);

      assert_int_equal (got->player_id, want->player_id);
      assert_int_equal (got->chouette, want->chouette);
      assert_int_equal (got->score, want->score);
      assert_int_equal (got->rank, want->rank);
    }
}

/* The standings a window shows keep each chouette's totals between
 * changes: they follow every change all the same, the document's own,
 * its undo, another program's, and a redraw. */
static void
test_standings_follow_changes (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  gboolean heard = FALSE;

  ctd_test_draw_players (document, 8);
  assert_standings_current (document);
  ctd_test_document_record (document, 1, 1);
  assert_standings_current (document);
  ctd_test_document_record (document, 2, 1);
  ctd_test_document_record (document, 2, 2);
  assert_standings_current (document);
  assert_true (ctd_document_undo (document, &error));
  assert_standings_current (document);
  assert_true (ctd_document_clear_game (document, 1, 1, 1, &error));
  assert_standings_current (document);

  other = ctd_store_open (ctd_document_get_path (document), &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 1, 1, ctd_test_four_sheet[0], FALSE, &error));
  g_signal_connect_swapped (document, "changed", G_CALLBACK (ctd_test_set_flag_cb), &heard);
  assert_true (ctd_test_wait_until (&heard, 2000, "the document to hear another writer's record"));
  assert_standings_current (document);

  /* Redrawn, the same chouettes seat other players. */
  assert_true (ctd_document_clear_game (document, 1, 1, 1, &error));
  assert_true (ctd_document_clear_game (document, 1, 2, 1, &error));
  assert_true (ctd_document_redraw_round (document, 1, 99, &error));
  ctd_test_document_record (document, 1, 1);
  assert_standings_current (document);
  g_signal_handlers_disconnect_by_data (document, &heard);
}

/* The lists change in place: added rows are announced where they are,
 * changed rows keep their objects and notify. */
static void
test_list_models (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  GListModel *players = ctd_document_get_players (document);
  GListModel *audit = ctd_document_get_audit (document);
  GListModel *chouettes;
  GListModel *standings;
  g_autoptr(CtdPlayerItem) ann = NULL;
  g_autoptr(CtdChouetteItem) second = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  ItemsChanged player_changes = { 0, }, chouette_changes = { 0, }, audit_changes = { 0, };
  g_autofree char *seat = NULL;
  g_autofree char *seat_before = NULL;
  g_autofree char *seat_after = NULL;
  guint checked_in_notifies = 0, recorded_notifies = 0;
  guint n_audit;
  gint64 id;

  assert_int_equal (g_list_model_get_item_type (players), CTD_TYPE_PLAYER_ITEM);
  assert_int_equal (g_list_model_get_n_items (players), 0);
  g_signal_connect (players, "items-changed", G_CALLBACK (items_changed_cb), &player_changes);
  g_signal_connect (audit, "items-changed", G_CALLBACK (items_changed_cb), &audit_changes);
  n_audit = g_list_model_get_n_items (audit);

  assert_true (ctd_document_add_player (document, "Ann", NULL, NULL, TRUE, &id, &error));
  assert_int_equal (player_changes.count, 1);
  assert_int_equal (player_changes.position, 0);
  assert_int_equal (player_changes.removed, 0);
  assert_int_equal (player_changes.added, 1);
  assert_int_equal (audit_changes.count, 1);
  assert_int_equal (audit_changes.position, n_audit);
  assert_int_equal (audit_changes.added, 1);

  ann = g_list_model_get_item (players, 0);
  assert_string_equal (ctd_player_item_get_name (ann), "Ann");
  g_signal_connect (ann, "notify::checked-in", G_CALLBACK (count_notify_cb), &checked_in_notifies);
  assert_true (ctd_document_set_checked_in (document, id, FALSE, &error));
  assert_int_equal (player_changes.count, 1);
  assert_int_equal (checked_in_notifies, 1);
  assert_true (ctd_document_set_checked_in (document, id, TRUE, &error));
  assert_int_equal (checked_in_notifies, 2);

  for (guint i = 0; i < 7; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error));
    }
  assert_int_equal (player_changes.count, 8);
  assert_int_equal (player_changes.position, 7);
  assert_true (ctd_document_draw_round (document, 5, NULL, &error));
  /* Drawing seats the players: each row says where, in place. */
  assert_int_equal (player_changes.count, 8);
  g_object_get (ann, "seat", &seat, NULL);
  assert_true (g_str_equal (seat, "1.1") || g_str_equal (seat, "1.2"));

  chouettes = ctd_document_get_chouettes (document, 1);
  assert_int_equal (g_list_model_get_n_items (chouettes), 2);
  g_signal_connect (chouettes, "items-changed", G_CALLBACK (items_changed_cb), &chouette_changes);
  second = g_list_model_get_item (chouettes, 1);
  assert_string_equal (ctd_chouette_item_get_label (second), "1.2");
  g_signal_connect (second, "notify::n-recorded", G_CALLBACK (count_notify_cb),
                    &recorded_notifies);

  standings = ctd_document_get_standings (document, 1, FALSE);
  assert_int_equal (g_list_model_get_n_items (standings), 8);
  for (guint i = 0; i < 8; i++)
    g_ptr_array_add (before, g_list_model_get_item (standings, i));

  for (guint game = 1; game <= 3; game++)
    ctd_test_document_record (document, 2, game);
  assert_int_equal (chouette_changes.count, 0);
  assert_int_equal (recorded_notifies, 3);

  /* Reordered by score, every player keeps the same row object. */
  assert_int_equal (g_list_model_get_n_items (standings), 8);
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(CtdStandingItem) now = g_list_model_get_item (standings, i);
      gboolean same = FALSE;

      for (guint j = 0; j < before->len; j++)
        same |= g_ptr_array_index (before, j) == (gpointer) now;
      assert_true (same);
    }

  /* A redraw is refused once results are in; after undoing them, it
   * seats other players at the same two tables: the rows stay, their
   * players change. */
  assert_false (ctd_document_redraw_round (document, 1, 6, &error));
  g_clear_error (&error);
  for (guint i = 0; i < 3; i++)
    assert_true (ctd_document_undo (document, &error));
  assert_int_equal (recorded_notifies, 6);
  g_object_get (second, "players", &seat_before, NULL);
  assert_true (ctd_document_redraw_round (document, 1, 6, &error));
  g_object_get (second, "players", &seat_after, NULL);
  assert_int_equal (chouette_changes.count, 0);
  assert_int_equal (g_list_model_get_n_items (chouettes), 2);
  assert_string_not_equal (seat_before, seat_after);
}

/* Editing a player: one "changed", the player's row changed in place;
 * a seated player's new name reaches the round's chouettes and
 * standings; a refusal or an edit that changes nothing is not heard. */
static void
test_edit_player (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  GListModel *players = ctd_document_get_players (document);
  g_autoptr(CtdPlayerItem) zed = NULL;
  g_autoptr(CtdPlayerItem) seated = NULL;
  g_autoptr(CtdChouetteItem) table = NULL;
  g_autofree char *table_players = NULL;
  ItemsChanged player_changes = { 0, };
  CtdTestListener listener = { 0, };
  guint name_notifies = 0;
  gint64 zed_id;
  GListModel *standings;
  guint found = 0;

  assert_true (ctd_document_add_player (document, "Zed", NULL, NULL, FALSE, &zed_id, &error));
  ctd_test_draw_players (document, 8);
  zed = g_list_model_get_item (players, 0);
  seated = g_list_model_get_item (players, 1);
  assert_int_equal (ctd_player_item_get_id (zed), zed_id);
  ctd_test_listen (document, &listener);
  g_signal_connect (players, "items-changed", G_CALLBACK (items_changed_cb), &player_changes);
  g_signal_connect (seated, "notify::name", G_CALLBACK (count_notify_cb), &name_notifies);

  /* Not drawn: only the players change. */
  assert_true (ctd_document_edit_player (document, zed_id, "Zed Z", "Riga", NULL, &error));
  ctd_test_assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);
  assert_string_equal (ctd_player_item_get_name (zed), "Zed Z");

  /* Seated: the same row object, its name notified, the chouette and
   * the standings showing the new name. */
  assert_true (ctd_document_edit_player (document, ctd_player_item_get_id (seated), "Player A Lee",
                                         NULL, NULL, &error));
  ctd_test_assert_heard_one (&listener,
                             CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS, 0, 0);
  assert_int_equal (player_changes.count, 0);
  assert_int_equal (name_notifies, 1);
  assert_string_equal (ctd_player_item_get_name (seated), "Player A Lee");
  {
    g_autoptr(CtdPlayerItem) again = g_list_model_get_item (players, 1);
    assert_ptr_equal (again, seated);
  }
  for (guint c = 0; c < g_list_model_get_n_items (ctd_document_get_chouettes (document, 1)); c++)
    {
      g_clear_object (&table);
      g_clear_pointer (&table_players, g_free);
      table = g_list_model_get_item (ctd_document_get_chouettes (document, 1), c);
      g_object_get (table, "players", &table_players, NULL);
      found += strstr (table_players, "Player A Lee") != NULL;
    }
  standings = ctd_document_get_standings (document, 1, FALSE);
  for (guint i = 0; i < g_list_model_get_n_items (standings); i++)
    {
      g_autoptr(CtdStandingItem) row = g_list_model_get_item (standings, i);
      g_autofree char *name = NULL;

      g_object_get (row, "name", &name, NULL);
      found += g_str_equal (name, "Player A Lee");
    }
  assert_int_equal (found, 2);

  /* A refusal and an edit to the same details: nothing heard, nothing changed. */
  assert_false (ctd_document_edit_player (document, zed_id, "", NULL, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED));
  assert_non_null (strstr (error->message, "Zed Z"));
  g_clear_error (&error);
  assert_true (ctd_document_edit_player (document, zed_id, "Zed Z", "Riga", "", &error));
  ctd_test_assert_heard_nothing (&listener);
  assert_string_equal (ctd_player_item_get_name (zed), "Zed Z");
  assert_int_equal (name_notifies, 1);

  /* Undo is one step back to the old name. */
  assert_true (ctd_document_undo (document, &error));
  ctd_test_assert_heard_one (&listener,
                             CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS, 0, 0);
  assert_string_equal (ctd_player_item_get_name (seated), "Player A");

  ctd_test_listener_clear (&listener);
}

/* The public view of a round in play has no score. */
static void
test_public_standings_hide_scores (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  GListModel *posted;
  GListModel *director;

  ctd_test_draw_players (document, 8);
  ctd_test_document_record (document, 1, 1);
  posted = ctd_document_get_standings (document, 1, TRUE);
  director = ctd_document_get_standings (document, 1, FALSE);
  assert_int_equal (g_list_model_get_n_items (posted), 8);
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(CtdStandingItem) row = g_list_model_get_item (posted, i);
      g_autofree char *text = NULL;
      gboolean hidden;
      gint64 score;

      g_object_get (row, "score-text", &text, "scores-hidden", &hidden, "score", &score, NULL);
      assert_string_equal (text, "");
      assert_true (hidden);
      assert_int_equal (score, 0);
    }
  {
    g_autoptr(CtdStandingItem) best = g_list_model_get_item (director, 0);
    g_autofree char *text = NULL;

    g_object_get (best, "score-text", &text, NULL);
    assert_string_not_equal (text, "");
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_signals_follow_actions, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_redo, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_list_models, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_player, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_public_standings_hide_scores, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_standings_follow_changes, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
