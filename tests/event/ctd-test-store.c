/* ctd-test-store.c: events made through the store, and what the store
 * says about them, for the test programs of the event file.
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

#include <sqlite3.h>

#include "ctd-test-store.h"

/* The hand-worked 4-player sheet of tests/rules/test-chouette.c; games 5 and 9
 * hold taken extras, whose ledgers schema 1 may have written stale. */
const char *const ctd_test_four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

/* The same sheet as the table's phones send it: a phone sends no A:
 * (the director's adjustments are the desk's), so games 5 and 9 come
 * without theirs; every line is still legal, and the last segment's
 * order is the same (3 2 1). */
const char *const ctd_test_phone_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 4:2- E:1>3:8",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:4- 4:4- E:4>1:8+",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};

const CtdEventSettings ctd_test_default_settings = {
  .name = (char *) "Spring Chouette",
  .date = (char *) "2026-05-17",
  .venue = (char *) "Club house",
  .stake_cents = 100,
  .entry_fee_cents = 2200,
  .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  /* The tests' reports print in the language the test runs in. */
  .language = (char *) "",
};

CtdStore *
ctd_test_create_default (const CtdTestFolder *fixture)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_store_create (fixture->path, &ctd_test_default_settings, &error);

  if (error != NULL)
    fail_msg ("%s", error->message);
  assert_non_null (store);
  return store;
}

/* Every table's rows as text, read through a separate connection: two
 * dumps are equal exactly when the file holds the same records. With
 * @records_only, the audit tables (which grow with every action, undo
 * included) are left out. */
char *
ctd_test_dump (const char *path,
               gboolean    records_only)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *tables = NULL;

  assert_int_equal (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table' "
                                        "ORDER BY name", -1, &tables, NULL), SQLITE_OK);
  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (tables, 0);
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY rowid", table);
      sqlite3_stmt *rows = NULL;

      if (records_only && (g_str_has_prefix (table, "audit") || g_str_has_prefix (table, "sqlite_")))
        continue;
      g_string_append_printf (out, "[%s]\n", table);
      assert_int_equal (sqlite3_prepare_v2 (db, sql, -1, &rows, NULL), SQLITE_OK);
      while (sqlite3_step (rows) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (rows); c++)
            g_string_append_printf (out, "%d:%s|", sqlite3_column_type (rows, c),
                                    (const char *) sqlite3_column_text (rows, c));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (rows);
    }
  sqlite3_finalize (tables);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

CtdStoreAuditEntry *
ctd_test_last_audit (CtdStore *store)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);
  CtdStoreAuditEntry *last;

  assert_non_null (entries);
  assert_true (entries->len > 0);
  last = g_ptr_array_steal_index (entries, entries->len - 1);
  return last;
}

guint
ctd_test_audit_length (CtdStore *store)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);

  assert_non_null (entries);
  return entries->len;
}

/* Everything the store's listings say about the event, as text: two
 * listings are equal when a window would show the same event. */
char *
ctd_test_listing (CtdStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, &error);
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, &error);
  GString *out = g_string_new (NULL);

  assert_non_null (players);
  assert_non_null (rounds);
  for (guint i = 0; i < players->len; i++)
    {
      CtdStorePlayer *p = g_ptr_array_index (players, i);
      g_string_append_printf (out, "player %" G_GINT64_FORMAT " %s %s %s %d %d\n", p->id,
                              p->name, p->club ? p->club : "-", p->member_id ? p->member_id : "-",
                              p->checked_in, p->withdrawn);
    }
  for (guint r = 0; r < rounds->len; r++)
    {
      CtdStoreRound *round = &g_array_index (rounds, CtdStoreRound, r);
      g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round->number, &error);
      g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, round->number, &error);
      g_autoptr(GArray) advancers = ctd_store_list_advancers (store, round->number, &error);

      g_string_append_printf (out, "round %u %s %" G_GUINT64_FORMAT " %s %u %d %d\n",
                              round->number, ctd_stage_to_string (round->stage), round->seed,
                              ctd_round_state_to_string (round->state), round->n_chouettes,
                              round->top_k, round->wildcards);
      for (guint c = 0; c < chouettes->len; c++)
        {
          CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);
          g_autoptr(GPtrArray) games = ctd_store_list_games (store, round->number,
                                                             chouette->number, &error);
          CtdHalves paper[CTD_MAX_PLAYERS];
          gboolean given[CTD_MAX_PLAYERS];

          g_string_append_printf (out, " chouette %u table %u size %u fixed %d [%u %u %u]",
                                  chouette->number, chouette->table, chouette->size,
                                  chouette->order_fixed, chouette->last_order[0],
                                  chouette->last_order[1], chouette->last_order[2]);
          for (guint k = 0; k < chouette->size; k++)
            g_string_append_printf (out, " %" G_GINT64_FORMAT, chouette->players[k]);
          assert_true (ctd_store_get_crosscheck (store, round->number, chouette->number, paper,
                                                 given, &error));
          for (guint k = 0; k < chouette->size; k++)
            g_string_append_printf (out, given[k] ? " =%" G_GINT64_FORMAT : " =?", paper[k]);
          g_string_append_c (out, '\n');
          for (guint g = 0; g < games->len; g++)
            {
              CtdStoreGame *game = g_ptr_array_index (games, g);
              g_string_append_printf (out, "  game %u “%s” %s\n", game->game, game->entered,
                                      game->canonical);
            }
        }
      for (guint i = 0; i < rolloffs->len; i++)
        {
          GArray *order = g_ptr_array_index (rolloffs, i);
          g_string_append (out, " rolloff");
          for (guint k = 0; k < order->len; k++)
            g_string_append_printf (out, " %" G_GINT64_FORMAT, g_array_index (order, gint64, k));
          g_string_append_c (out, '\n');
        }
      for (guint i = 0; i < advancers->len; i++)
        g_string_append_printf (out, " advancer %" G_GINT64_FORMAT "\n",
                                g_array_index (advancers, gint64, i));
    }
  return g_string_free (out, FALSE);
}

CtdTestSnapshot
ctd_test_snapshot_take (CtdStore *store)
{
  CtdTestSnapshot snapshot = { ctd_test_dump (ctd_store_get_path (store), TRUE),
                               ctd_test_listing (store) };
  return snapshot;
}

void
ctd_test_snapshot_clear (CtdTestSnapshot *snapshot)
{
  g_clear_pointer (&snapshot->rows, g_free);
  g_clear_pointer (&snapshot->shown, g_free);
}

void
ctd_test_assert_state (CtdStore              *store,
                       const CtdTestSnapshot *expected)
{
  g_auto(CtdTestSnapshot) now = ctd_test_snapshot_take (store);

  assert_string_equal (now.shown, expected->shown);
  assert_string_equal (now.rows, expected->rows);
}

void
ctd_test_assert_history (CtdStore   *store,
                         const char *undo,
                         const char *redo)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got_undo = NULL;
  g_autofree char *got_redo = NULL;

  assert_true (ctd_store_get_history (store, &got_undo, &got_redo, &error));
  if (g_strcmp0 (got_undo, undo) != 0 || g_strcmp0 (got_redo, redo) != 0)
    fail_msg ("history: undo “%s”, redo “%s”; expected “%s”, “%s”", got_undo, got_redo, undo,
              redo);
}

void
ctd_test_assert_store_error (const GError *error,
                             int           code)
{
  assert_non_null (error);
  if (error->domain != CTD_STORE_ERROR || error->code != code)
    fail_msg ("expected store error %d, got %s %d: %s", code, g_quark_to_string (error->domain),
              error->code, error->message);
}

void
ctd_test_add_checked_in (CtdStore *store,
                         guint     n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("Player %c", 'A' + i);
      gint64 id;

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, &id, &error));
      assert_true (ctd_store_set_checked_in (store, id, TRUE, &error));
    }
}

/* A default event of @n checked-in players whose first round is drawn
 * (seed 7). */
CtdStore *
ctd_test_drawn_event (const CtdTestFolder *fixture,
                      guint                n)
{
  g_autoptr(GError) error = NULL;
  CtdStore *store = ctd_test_create_default (fixture);

  ctd_test_add_checked_in (store, n);
  if (!ctd_store_draw_round (store, 7, NULL, &error))
    fail_msg ("%s", error->message);
  return store;
}

/* A form's idempotency key, different for each @n. */
char *
ctd_test_request_key (guint n)
{
  return g_strdup_printf ("%032x", n);
}

/* The Box and Captain of game @game as the table sees it (its lines
 * that wait counted in), and, where asked, the names of the seats. */
void
ctd_test_sides_of (CtdStore    *store,
                   const char  *secret,
                   guint        game,
                   guint       *out_box,
                   guint       *out_captain,
                   char       **out_box_name,
                   char       **out_captain_name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdChouette) chouette = ctd_store_load_table_chouette (store, secret, NULL, NULL,
                                                                   &error);
  CtdChouetteGame slot;

  if (chouette == NULL)
    fail_msg ("%s", error->message);
  ctd_chouette_get_sheet_game (chouette, game, &slot);
  *out_box = slot.slot.box;
  *out_captain = slot.slot.captain;
  assert_int_not_equal (*out_captain, 0);
  if (out_box_name != NULL)
    *out_box_name = g_strdup (ctd_chouette_get_name (chouette, slot.slot.box));
  if (out_captain_name != NULL)
    *out_captain_name = g_strdup (ctd_chouette_get_name (chouette, slot.slot.captain));
}

/* How many games chouette 1.@chouette holds. */
guint
ctd_test_n_games (CtdStore *store,
                  guint     chouette)
{
  g_autoptr(GPtrArray) games = ctd_store_list_games (store, 1, chouette, NULL);

  assert_non_null (games);
  return games->len;
}

void
ctd_test_record_full (CtdStore   *store,
                      guint       round,
                      guint       chouette,
                      guint       game,
                      const char *notation,
                      gboolean    replace)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_store_record_game (store, round, chouette, game, notation, replace, &error))
    fail_msg ("%u.%u game %u “%s”: %s", round, chouette, game, notation, error->message);
}

void
ctd_test_record (CtdStore   *store,
                 guint       round,
                 guint       chouette,
                 guint       game,
                 const char *notation)
{
  ctd_test_record_full (store, round, chouette, game, notation, FALSE);
}

/* A correction: the director says to replace the game's result. */
void
ctd_test_correct (CtdStore   *store,
                  guint       round,
                  guint       chouette,
                  guint       game,
                  const char *notation)
{
  ctd_test_record_full (store, round, chouette, game, notation, TRUE);
}

/* The secret of chouette @round.@chouette's link. */
char *
ctd_test_link_secret (CtdStore *store,
                      guint     round,
                      guint     chouette)
{
  g_autoptr(GPtrArray) links = ctd_store_list_links (store, round, NULL);

  assert_non_null (links);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == chouette)
        return g_strdup (link->secret);
    }
  fail_msg ("chouette %u.%u has no link", round, chouette);
  return NULL;
}

/* What @store says of the rounds, from what it keeps across its own
 * writes, is what a fresh reading of @path finds. */
void
ctd_test_assert_rounds_read (CtdStore   *store,
                             const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) fresh = ctd_store_open_read_only (path, &error);
  g_autoptr(GArray) kept = ctd_store_list_rounds (store, &error);
  g_autoptr(GArray) read = NULL;

  assert_non_null (fresh);
  assert_non_null (kept);
  read = ctd_store_list_rounds (fresh, &error);
  assert_non_null (read);
  assert_int_equal (kept->len, read->len);
  for (guint i = 0; i < read->len; i++)
    {
      const CtdStoreRound *a = &g_array_index (kept, CtdStoreRound, i);
      const CtdStoreRound *b = &g_array_index (read, CtdStoreRound, i);

      assert_int_equal (a->number, b->number);
      assert_int_equal (a->state, b->state);
      assert_int_equal (a->n_chouettes, b->n_chouettes);
      assert_int_equal (a->n_players, b->n_players);
    }
}

/* The newest line chouette 1.@chouette's table sent for game @game, or
 * NULL. */
CtdStoreSubmission *
ctd_test_newest_submission (CtdStore *store,
                            guint     chouette,
                            guint     game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = ctd_store_list_submissions (store, 1, chouette, &error);

  if (list == NULL)
    fail_msg ("%s", error->message);
  for (guint i = 0; i < list->len; i++)
    if (((CtdStoreSubmission *) g_ptr_array_index (list, i))->game == game)
      return g_ptr_array_steal_index (list, i);
  return NULL;
}
