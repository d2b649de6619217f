/* test-document.c: the open event as a live document (CtdDocument).
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

#include "ctd-document.h"
#include "ctd-enum-types.h"
#include "ctd-event.h"
#include "ctd-items.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

/* The hand-worked 4-player sheet of test-chouette.c (highest first). */
static const char * const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 E:1>3:8",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:8 4:4- E:4>1:8+",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

typedef CtdTestFolder Fixture;

/* ---- watching a document ------------------------------------------------ */

typedef struct
{
  CtdChange what;
  guint     round;
  guint     chouette;
} Heard;

/* Every "changed" emission, and the notifies of the history properties. */
typedef struct
{
  GArray *heard;
  guint   can_undo_notifies;
  guint   can_redo_notifies;
} Listener;

static void
document_changed_cb (CtdDocument *document,
                     CtdChange    what,
                     guint        round,
                     guint        chouette,
                     Listener    *listener)
{
  Heard heard = { what, round, chouette };

  g_array_append_val (listener->heard, heard);
}

static void
can_undo_notify_cb (CtdDocument *document,
                    GParamSpec  *pspec,
                    Listener    *listener)
{
  listener->can_undo_notifies++;
}

static void
can_redo_notify_cb (CtdDocument *document,
                    GParamSpec  *pspec,
                    Listener    *listener)
{
  listener->can_redo_notifies++;
}

static void
listen (CtdDocument *document,
        Listener    *listener)
{
  listener->heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  g_signal_connect (document, "changed", G_CALLBACK (document_changed_cb), listener);
  g_signal_connect (document, "notify::can-undo", G_CALLBACK (can_undo_notify_cb), listener);
  g_signal_connect (document, "notify::can-redo", G_CALLBACK (can_redo_notify_cb), listener);
}

static void
listener_clear (Listener *listener)
{
  g_clear_pointer (&listener->heard, g_array_unref);
}

/* Asserts that exactly one change was heard since the last call, and
 * what it said. */
static void
assert_heard_one (Listener  *listener,
                  CtdChange  what,
                  guint      round,
                  guint      chouette)
{
  const Heard *heard;

  assert_int_equal (listener->heard->len, 1);
  heard = &g_array_index (listener->heard, Heard, 0);
  assert_int_equal (heard->what, what);
  assert_int_equal (heard->round, round);
  assert_int_equal (heard->chouette, chouette);
  g_array_set_size (listener->heard, 0);
}

static void
assert_heard_nothing (Listener *listener)
{
  assert_int_equal (listener->heard->len, 0);
}

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

/* ---- events -------------------------------------------------------------- */

static void
record (CtdDocument *document,
        guint        chouette,
        guint        game)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, chouette, game, four_sheet[game - 1], FALSE, &error))
    fail_msg ("game %u: %s", game, error->message);
}

static void
set_flag_cb (gboolean *flag)
{
  *flag = TRUE;
}

/* ---- the tests ------------------------------------------------------------ */

/* One "changed" per commit, saying what changed; none for a refusal or
 * for an action that changed nothing. */
static void
test_signals_follow_actions (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  CtdEventSettings settings = { 0, };
  Listener listener = { 0, };
  gint64 id;

  listen (document, &listener);
  assert_string_equal (ctd_document_get_name (document), "Spring Chouette");

  assert_true (ctd_document_add_player (document, "Ann", "Riga", NULL, TRUE, &id, &error));
  assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);

  assert_false (ctd_document_add_player (document, "ANN", "riga", NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED));
  g_clear_error (&error);
  assert_heard_nothing (&listener);

  /* Registered players are checked in already: nothing changes. */
  assert_true (ctd_document_set_checked_in (document, id, TRUE, &error));
  assert_heard_nothing (&listener);

  for (guint i = 0; i < 7; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      assert_true (ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error));
    }
  g_array_set_size (listener.heard, 0);
  assert_true (ctd_document_draw_round (document, 7, NULL, &error));
  assert_heard_one (&listener, CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS, 1, 0);

  record (document, 2, 1);
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 2);

  assert_false (ctd_document_record_game (document, 1, 2, 2, "B 3:3", FALSE, &error));
  assert_non_null (error);
  g_clear_error (&error);
  assert_heard_nothing (&listener);

  assert_true (ctd_store_get_settings (ctd_document_get_store (document), &settings, &error));
  g_free (settings.name);
  settings.name = g_strdup ("Autumn Chouette");
  assert_true (ctd_document_set_settings (document, &settings, &error));
  ctd_event_settings_clear (&settings);
  assert_heard_one (&listener, CTD_CHANGE_SETTINGS, 0, 0);
  assert_string_equal (ctd_document_get_name (document), "Autumn Chouette");

  listener_clear (&listener);
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
  Listener listener = { 0, };

  assert_false (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_undo_summary (document));
  assert_false (ctd_document_undo (document, &error));
  g_clear_error (&error);

  ctd_test_draw_players (document, 8);
  listen (document, &listener);
  record (document, 1, 1);
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_true (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  undo_summary = g_strdup (ctd_document_get_undo_summary (document));
  assert_non_null (strstr (undo_summary, "1.1"));
  assert_non_null (strstr (undo_summary, "game 1"));

  assert_true (ctd_document_undo (document, &error));
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_true (ctd_document_get_can_redo (document));
  assert_int_equal (listener.can_redo_notifies, 1);
  assert_string_equal (ctd_document_get_redo_summary (document), undo_summary);
  /* Undo goes on to the draw. */
  assert_non_null (strstr (ctd_document_get_undo_summary (document), "round 1"));

  assert_true (ctd_document_redo (document, &error));
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  assert_false (ctd_document_get_can_redo (document));
  assert_int_equal (listener.can_redo_notifies, 2);
  assert_string_equal (ctd_document_get_undo_summary (document), undo_summary);
  assert_false (ctd_document_redo (document, &error));
  g_clear_error (&error);
  assert_heard_nothing (&listener);

  /* Undo, then a new action: nothing is left to redo. */
  assert_true (ctd_document_undo (document, &error));
  assert_true (ctd_document_get_can_redo (document));
  record (document, 1, 1);
  assert_false (ctd_document_get_can_redo (document));
  assert_null (ctd_document_get_redo_summary (document));
  assert_int_equal (listener.heard->len, 2);

  listener_clear (&listener);
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
  Listener listener = { 0, };
  GListModel *chouettes;
  g_autoptr(CtdChouetteItem) first = NULL;
  gboolean heard = FALSE;
  gint64 start;
  guint n_recorded = 99;

  ctd_test_draw_players (document, 8);
  chouettes = ctd_document_get_chouettes (document, 1);
  first = g_list_model_get_item (chouettes, 0);
  listen (document, &listener);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 1, 1, four_sheet[0], FALSE, &error));

  start = g_get_monotonic_time ();
  g_signal_connect_swapped (document, "changed", G_CALLBACK (set_flag_cb), &heard);
  ctd_test_spin_until (&heard, 2000);
  assert_true (heard);
  assert_true (g_get_monotonic_time () - start < G_USEC_PER_SEC);
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  g_object_get (first, "n-recorded", &n_recorded, NULL);
  assert_int_equal (n_recorded, 1);
  assert_true (ctd_document_get_can_undo (document));

  /* And an undo made there too. */
  heard = FALSE;
  assert_true (ctd_store_undo (other, NULL, &error));
  ctd_test_spin_until (&heard, 2000);
  assert_heard_one (&listener, CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS, 1, 1);
  g_object_get (first, "n-recorded", &n_recorded, NULL);
  assert_int_equal (n_recorded, 0);

  listener_clear (&listener);
}

/* The document's standings of round 1 are those the file gives now. */
static void
assert_standings_current (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStandings) fresh = ctd_event_round_standings (ctd_document_get_store (document),
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
  record (document, 1, 1);
  assert_standings_current (document);
  record (document, 2, 1);
  record (document, 2, 2);
  assert_standings_current (document);
  assert_true (ctd_document_undo (document, &error));
  assert_standings_current (document);
  assert_true (ctd_document_clear_game (document, 1, 1, 1, &error));
  assert_standings_current (document);

  other = ctd_store_open (ctd_document_get_path (document), &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 1, 1, four_sheet[0], FALSE, &error));
  g_signal_connect_swapped (document, "changed", G_CALLBACK (set_flag_cb), &heard);
  ctd_test_spin_until (&heard, 2000);
  assert_true (heard);
  assert_standings_current (document);

  /* Redrawn, the same chouettes seat other players. */
  assert_true (ctd_document_clear_game (document, 1, 1, 1, &error));
  assert_true (ctd_document_clear_game (document, 1, 2, 1, &error));
  assert_true (ctd_document_redraw_round (document, 1, 99, &error));
  record (document, 1, 1);
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
    record (document, 2, game);
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
  Listener listener = { 0, };
  guint name_notifies = 0;
  gint64 zed_id;
  GListModel *standings;
  guint found = 0;

  assert_true (ctd_document_add_player (document, "Zed", NULL, NULL, FALSE, &zed_id, &error));
  ctd_test_draw_players (document, 8);
  zed = g_list_model_get_item (players, 0);
  seated = g_list_model_get_item (players, 1);
  assert_int_equal (ctd_player_item_get_id (zed), zed_id);
  listen (document, &listener);
  g_signal_connect (players, "items-changed", G_CALLBACK (items_changed_cb), &player_changes);
  g_signal_connect (seated, "notify::name", G_CALLBACK (count_notify_cb), &name_notifies);

  /* Not drawn: only the players change. */
  assert_true (ctd_document_edit_player (document, zed_id, "Zed Z", "Riga", NULL, &error));
  assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);
  assert_string_equal (ctd_player_item_get_name (zed), "Zed Z");

  /* Seated: the same row object, its name notified, the chouette and
   * the standings showing the new name. */
  assert_true (ctd_document_edit_player (document, ctd_player_item_get_id (seated), "Player A Lee",
                                         NULL, NULL, &error));
  assert_heard_one (&listener, CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS,
                    0, 0);
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
  assert_heard_nothing (&listener);
  assert_string_equal (ctd_player_item_get_name (zed), "Zed Z");
  assert_int_equal (name_notifies, 1);

  /* Undo is one step back to the old name. */
  assert_true (ctd_document_undo (document, &error));
  assert_heard_one (&listener, CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | CTD_CHANGE_STANDINGS,
                    0, 0);
  assert_string_equal (ctd_player_item_get_name (seated), "Player A");

  listener_clear (&listener);
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
  record (document, 1, 1);
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

typedef struct
{
  gboolean      done;
  GAsyncResult *result;
  guint         n_progress;
  guint         last_done;
  guint         last_total;
} Waiter;

static void
waiter_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Waiter *waiter = user_data;

  waiter->result = g_object_ref (result);
  waiter->done = TRUE;
}

static void
waiter_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  Waiter *waiter = user_data;

  assert_true (done >= waiter->last_done);
  assert_true (done <= total);
  waiter->n_progress++;
  waiter->last_done = done;
  waiter->last_total = total;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in a folder, sorted, as one line. */
static char *
list_folder (const char *dir)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while ((name = g_dir_read_name (folder)) != NULL)
    g_ptr_array_add (names, (gpointer) name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Exports run in a worker thread, report progress, and a cancelled one
 * leaves nothing behind. */
static void
test_export_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *xlsx = g_build_filename (fixture->dir, "round.xlsx", NULL);
  g_autofree char *pdf = g_build_filename (fixture->dir, "round.pdf", NULL);
  g_autofree char *files_before = NULL;
  g_autofree char *files_after = NULL;
  const CtdDocumentExport round = { .round = 1 };
  Waiter waiter = { 0, };

  ctd_test_draw_players (document, 8);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    record (document, 1, game);

  ctd_document_export_async (document, &round, xlsx, waiter_progress_cb, &waiter, NULL, NULL,
                             waiter_ready_cb, &waiter);
  ctd_test_spin_until (&waiter.done, 30000);
  assert_true (waiter.done);
  assert_true (ctd_document_export_finish (document, waiter.result, &error));
  g_clear_object (&waiter.result);
  assert_true (g_file_test (xlsx, G_FILE_TEST_IS_REGULAR));
  assert_true (waiter.n_progress >= 2);  /* two chouettes, then the standings */
  assert_int_equal (waiter.last_done, waiter.last_total);

  /* Cancelled while it runs: no file, no temporary file. (Cancelling
   * between two pages is the writers' own test, test-export.) */
  files_before = list_folder (fixture->dir);
  memset (&waiter, 0, sizeof waiter);
  ctd_document_export_async (document, &round, pdf, waiter_progress_cb, &waiter, NULL,
                             cancellable, waiter_ready_cb, &waiter);
  g_cancellable_cancel (cancellable);
  ctd_test_spin_until (&waiter.done, 30000);
  assert_false (ctd_document_export_finish (document, waiter.result, &error));
  assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  g_clear_object (&waiter.result);
  files_after = list_folder (fixture->dir);
  assert_string_equal (files_after, files_before);
  assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

/* A player list is imported in a worker thread; meanwhile other actions
 * are refused as busy; the import is announced once, like any action. */
static void
test_import_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (fixture->dir, "players.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (csv);
  g_autoptr(CtdImportReport) report = NULL;
  GListModel *players = ctd_document_get_players (document);
  Listener listener = { 0, };
  Waiter waiter = { 0, };

  assert_true (g_file_set_contents (csv, "name,club\nAnn,Riga\nBob,\n,Oslo\nann,RIGA\nCy,Oslo\n",
                                    -1, &error));
  listen (document, &listener);

  ctd_document_import_players_async (document, file, TRUE, NULL, waiter_ready_cb, &waiter);
  assert_true (ctd_document_get_busy (document));
  assert_false (ctd_document_add_player (document, "Di", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_DOCUMENT_ERROR, CTD_DOCUMENT_ERROR_BUSY));
  g_clear_error (&error);

  ctd_test_spin_until (&waiter.done, 10000);
  report = ctd_document_import_players_finish (document, waiter.result, &error);
  g_clear_object (&waiter.result);
  assert_non_null (report);
  assert_false (ctd_document_get_busy (document));
  assert_int_equal (report->n_added, 3);
  assert_int_equal (report->skipped->len, 2);
  assert_int_equal (((CtdImportSkip *) g_ptr_array_index (report->skipped, 0))->line, 4);
  assert_int_equal (((CtdImportSkip *) g_ptr_array_index (report->skipped, 1))->line, 5);
  assert_int_equal (g_list_model_get_n_items (players), 3);
  assert_heard_one (&listener, CTD_CHANGE_PLAYERS, 0, 0);
  {
    g_autoptr(CtdPlayerItem) first = g_list_model_get_item (players, 0);
    g_autoptr(CtdPlayerItem) second = g_list_model_get_item (players, 1);
    guint registered, checked_in;

    /* One checked out, one withdrawn: 2 registered, 1 here. */
    assert_true (ctd_document_set_checked_in (document, ctd_player_item_get_id (first), FALSE,
                                              &error));
    assert_true (ctd_document_withdraw_player (document, ctd_player_item_get_id (second), FALSE,
                                               &error));
    ctd_document_count_players (document, &registered, &checked_in);
    assert_int_equal (registered, 2);
    assert_int_equal (checked_in, 1);
    g_array_set_size (listener.heard, 0);
  }
  assert_true (ctd_document_get_can_undo (document));

  /* No spurious "everything changed" from the import's own connection. */
  {
    gboolean never = FALSE;

    ctd_test_spin_until (&never, 600);
  }
  assert_heard_nothing (&listener);
  listener_clear (&listener);
}

/* Opening in a worker thread gives the same document. */
static void
test_open_async (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) created = ctd_test_create_document (fixture->path);
  g_autoptr(CtdDocument) opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (fixture->dir, "missing.chouette", NULL);
  Waiter waiter = { 0, };

  ctd_test_draw_players (created, 8);
  ctd_document_open_async (fixture->path, NULL, waiter_ready_cb, &waiter);
  ctd_test_spin_until (&waiter.done, 10000);
  opened = ctd_document_open_finish (waiter.result, &error);
  g_clear_object (&waiter.result);
  assert_non_null (opened);
  assert_string_equal (ctd_document_get_name (opened), "Spring Chouette");
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_players (opened)), 8);
  assert_string_equal (ctd_document_get_undo_summary (opened),
                       ctd_document_get_undo_summary (created));

  memset (&waiter, 0, sizeof waiter);
  ctd_document_open_async (missing, NULL, waiter_ready_cb, &waiter);
  ctd_test_spin_until (&waiter.done, 10000);
  assert_null (ctd_document_open_finish (waiter.result, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_object (&waiter.result);
}

/* The files in @folder. */
static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* Closing: refused (nothing changes) until the final is complete; then
 * one announced change, after which the document is read-only with its
 * reason, undo off and refused, the archive in the folder; reopened, it
 * is still closed. */
static void
test_close_event (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdDocument) reopened = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "archive", NULL);
  Listener listener = { 0, };
  guint read_only_notifies = 0;

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error));
  assert_int_equal (g_mkdir (folder, 0755), 0);
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  assert_false (ctd_document_get_closed (document));
  assert_false (ctd_document_get_read_only (document));
  assert_null (ctd_document_get_read_only_reason (document));

  assert_true (ctd_document_clear_game (document, 2, 1, 12, &error));
  assert_false (ctd_document_close_event (document, folder, &error));
  assert_non_null (strstr (error->message, "2.1: game 12 to enter"));
  g_clear_error (&error);
  assert_false (ctd_document_get_closed (document));
  assert_int_equal (count_files (folder), 0);
  assert_true (ctd_document_undo (document, &error));

  listen (document, &listener);
  g_signal_connect_swapped (document, "notify::read-only", G_CALLBACK (count_cb),
                            &read_only_notifies);
  assert_true (ctd_document_get_can_undo (document));
  assert_true (ctd_document_close_event (document, folder, &error));
  assert_heard_one (&listener, CTD_CHANGE_SETTINGS, 0, 0);
  assert_int_equal (read_only_notifies, 1);
  assert_true (listener.can_undo_notifies >= 1);
  assert_true (ctd_document_get_closed (document));
  assert_true (ctd_document_get_read_only (document));
  assert_non_null (strstr (ctd_document_get_read_only_reason (document),
                           "The event was closed on "));
  assert_false (ctd_document_get_can_undo (document));
  assert_false (ctd_document_get_can_redo (document));
  assert_int_equal (count_files (folder), 2);

  assert_false (ctd_document_undo (document, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  g_clear_error (&error);
  assert_false (ctd_document_add_player (document, "Late", NULL, NULL, TRUE, NULL, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED));
  g_clear_error (&error);
  assert_heard_nothing (&listener);

  reopened = ctd_document_open (fixture->path, &error);
  assert_non_null (reopened);
  assert_true (ctd_document_get_closed (reopened));
  assert_true (ctd_document_get_read_only (reopened));
  assert_false (ctd_document_get_can_undo (reopened));
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_players (reopened)), 8);
  listener_clear (&listener);
}

/* Closed by another program (chouette-td-cli close): the window's
 * document notices, like any change, and turns read-only. */
static void
test_closed_by_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdStore) other = NULL;
  gboolean closed = FALSE;

  assert_true (ctd_test_build_event (fixture->path, 8, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  g_signal_connect_swapped (document, "notify::closed", G_CALLBACK (set_flag_cb), &closed);
  other = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_close_event (other, &error));
  ctd_test_spin_until (&closed, 2000);
  assert_true (closed);
  assert_true (ctd_document_get_read_only (document));
  assert_false (ctd_document_get_can_undo (document));
  assert_non_null (ctd_document_get_read_only_reason (document));
}

/* Whether another process finds FILE-shm's "in use" lock (byte 128,
 * SQLite's DMS) held, as SQLite asks before emptying the memory. */
static gboolean
shm_held_for_others (const char *path)
{
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  int status = 0;
  pid_t child = fork ();

  if (child == 0)
    {
      struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 128,
                            .l_len = 1 };
      int fd = open (shm, O_RDONLY);

      if (fd < 0 || fcntl (fd, F_GETLK, &lock) != 0)
        _exit (2);
      _exit (lock.l_type == F_UNLCK ? 1 : 0);
    }
  assert_true (child > 0);
  assert_int_equal (waitpid (child, &status, 0), child);
  assert_true (WIFEXITED (status) && WEXITSTATUS (status) != 2);
  return WEXITSTATUS (status) == 0;
}

/* GTK's file chooser, listing the event's folder, opens and closes the
 * event's files: POSIX then drops every lock the window's process held
 * on them. The document's own hold on the shared memory is its
 * descriptor's, which survives that (and is taken again at every look),
 * so that a command-line program opening the event does not empty the
 * memory under the window (SIGBUS at the window's next commit). */
static void
test_shared_memory_held_after_lost_locks (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autofree char *shm = g_strconcat (fixture->path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  int sniffed;

  ctd_test_draw_players (document, 8);
  ctd_document_check_for_changes (document);
  assert_true (shm_held_for_others (fixture->path));

  sniffed = open (shm, O_RDONLY);
  assert_true (sniffed >= 0);
  close (sniffed);
  assert_true (shm_held_for_others (fixture->path));

  ctd_document_check_for_changes (document);
  assert_true (shm_held_for_others (fixture->path));
  assert_true (ctd_document_record_game (document, 1, 1, 1, four_sheet[0], FALSE, &error));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_signals_follow_actions, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_undo_redo, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_shared_memory_held_after_lost_locks, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_list_models, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_edit_player, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_public_standings_hide_scores, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_standings_follow_changes, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_export_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_import_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_open_async, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_close_event, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closed_by_other_writer, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
