/* ctd-store-read.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>

/*
 * The read side: the records as plain structs, for views and exports.
 * None of these writes; each reads one consistent state of the file.
 */

/**
 * ctd_event_settings_clear:
 * @settings: settings filled by ctd_store_get_settings()
 *
 * Frees the settings' strings (not @settings itself).
 */
void
ctd_event_settings_clear (CtdEventSettings *settings)
{
  g_clear_pointer (&settings->name, g_free);
  g_clear_pointer (&settings->date, g_free);
  g_clear_pointer (&settings->venue, g_free);
  g_clear_pointer (&settings->language, g_free);
}

/**
 * ctd_store_player_free:
 * @player: (transfer full) (nullable): a player from ctd_store_list_players()
 */
void
ctd_store_player_free (CtdStorePlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->club);
  g_free (player->member_id);
  g_free (player);
}

/**
 * ctd_store_chouette_free:
 * @chouette: (transfer full) (nullable): a chouette from ctd_store_list_chouettes()
 */
void
ctd_store_chouette_free (CtdStoreChouette *chouette)
{
  if (chouette == NULL)
    return;
  for (guint i = 0; i < CTD_MAX_PLAYERS; i++)
    g_free (chouette->names[i]);
  g_free (chouette);
}

/**
 * ctd_store_game_free:
 * @game: (transfer full) (nullable): a game from ctd_store_list_games()
 */
void
ctd_store_game_free (CtdStoreGame *game)
{
  if (game == NULL)
    return;
  g_free (game->entered);
  g_free (game->canonical);
  g_free (game);
}

/**
 * ctd_store_audit_entry_free:
 * @entry: (transfer full) (nullable): an entry from ctd_store_list_audit()
 */
void
ctd_store_audit_entry_free (CtdStoreAuditEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->time);
  g_free (entry->action);
  g_free (entry->summary);
  g_free (entry->before);
  g_free (entry->after);
  g_free (entry);
}

/* The audit log's actions as the director reads them; the file keeps
 * the nicks, which are the CLI's and the JSON's words. The one table
 * for the window's log page, the CLI's log and the printed log. */
static const struct
{
  const char *action;
  const char *title;
} audit_titles[] = {
  /* Translators: the audit log's "Action" column, one entry each */
  { "create", N_("Event created") },
  { "set-settings", N_("Settings changed") },
  { "add-player", N_("Player added") },
  { "import-players", N_("Players imported") },
  { "edit-player", N_("Player edited") },
  { "check-in", N_("Checked in") },
  { "check-out", N_("Checked out") },
  { "withdraw-player", N_("Player withdrawn") },
  { "reinstate-player", N_("Player reinstated") },
  { "draw-round", N_("Round drawn") },
  { "redraw-round", N_("Round redrawn") },
  { "record-game", N_("Game recorded") },
  { "clear-game", N_("Game cleared") },
  { "accept-submission", N_("Table's line accepted") },
  { "reissue-link", N_("Link reissued") },
  { "set-crosscheck", N_("Paper totals checked") },
  { "fix-last-segment-order", N_("Last-segment order fixed") },
  { "add-rolloff", N_("Roll-off recorded") },
  { "release-round", N_("Round released") },
  { "set-advancement", N_("Advancement set") },
  { "close-event", N_("Event closed") },
  { "undo", N_("Undo") },
  { "redo", N_("Redo") },
};

/**
 * ctd_audit_action_to_title:
 * @action: an audit entry's action, as the file stores it ("record-game")
 *
 * Returns: (transfer none): the action in the director's language
 *   ("Game recorded"); @action itself when it is none we know (a file
 *   written by a later version)
 */
const char *
ctd_audit_action_to_title (const char *action)
{
  g_return_val_if_fail (action != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (audit_titles); i++)
    if (g_strcmp0 (action, audit_titles[i].action) == 0)
      return _(audit_titles[i].title);
  return action;
}

/**
 * ctd_store_list_players:
 * @self: a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type CtdStorePlayer) (nullable): every
 *   player, withdrawn ones included, by id; %NULL with @error set
 */
GPtrArray *
ctd_store_list_players (CtdStore  *self,
                        GError   **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT id, name, club, member_id, checked_in, withdrawn "
                            "FROM player ORDER BY id", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return NULL;
  players = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_player_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdStorePlayer *player = g_new0 (CtdStorePlayer, 1);

      player->id = sqlite3_column_int64 (stmt, 0);
      player->name = ctd_store_column_dup (stmt, 1);
      player->club = ctd_store_column_dup (stmt, 2);
      player->member_id = ctd_store_column_dup (stmt, 3);
      player->checked_in = sqlite3_column_int64 (stmt, 4) != 0;
      player->withdrawn = sqlite3_column_int64 (stmt, 5) != 0;
      g_ptr_array_add (players, player);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&players) : NULL;
}

/**
 * ctd_store_list_rounds:
 * @self: a store
 * @error: return location for a #GError
 *
 * Every round with its state (SPEC 6), worked out from counts of the
 * records: listing rounds replays no chouette.
 *
 * Returns: (transfer full) (element-type CtdStoreRound) (nullable): every
 *   round, first first; %NULL with @error set
 */
GArray *
ctd_store_list_rounds (CtdStore  *self,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  return ctd_store_query_rounds (self, 0, error);
}

/**
 * ctd_store_list_chouettes:
 * @self: a store
 * @round: a round number
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type CtdStoreChouette) (nullable): the
 *   round's chouettes by number, with their players (empty for a round
 *   that does not exist); %NULL with @error set
 */
GPtrArray *
ctd_store_list_chouettes (CtdStore  *self,
                          guint      round,
                          GError   **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStoreChouette *current = NULL;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self,
                            "SELECT c.number, c.table_no, c.size, c.last_order, "
                            "  s.position, p.id, p.name, "
                            "  json_extract (c.last_order, '$[0]'), "
                            "  json_extract (c.last_order, '$[1]'), "
                            "  json_extract (c.last_order, '$[2]') "
                            "FROM chouette AS c JOIN seat AS s ON s.chouette = c.id "
                            "  JOIN player AS p ON p.id = s.player "
                            "WHERE c.round = ?1 ORDER BY c.number, s.position",
                            CTD_ARGS (CTD_INT (round)), error);
  if (stmt == NULL)
    return NULL;
  chouettes = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_chouette_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      guint number = (guint) sqlite3_column_int64 (stmt, 0);
      gint64 position = sqlite3_column_int64 (stmt, 4);

      if (current == NULL || current->number != number)
        {
          current = g_new0 (CtdStoreChouette, 1);
          current->round = round;
          current->number = number;
          current->table = (guint) sqlite3_column_int64 (stmt, 1);
          current->size = (guint) sqlite3_column_int64 (stmt, 2);
          current->order_fixed = sqlite3_column_type (stmt, 3) != SQLITE_NULL;
          for (guint i = 0; current->order_fixed && i + 1 < current->size; i++)
            current->last_order[i] = (guint) sqlite3_column_int64 (stmt, 7 + (int) i);
          g_ptr_array_add (chouettes, current);
        }
      if (position >= 1 && position <= CTD_MAX_PLAYERS)
        {
          current->players[position - 1] = sqlite3_column_int64 (stmt, 5);
          g_free (current->names[position - 1]);
          current->names[position - 1] = ctd_store_column_dup (stmt, 6);
        }
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&chouettes) : NULL;
}

/**
 * ctd_store_list_games:
 * @self: a store
 * @round: a round number
 * @chouette: the chouette's number in @round
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type CtdStoreGame) (nullable): the
 *   entered games of a chouette, by game number; %NULL with @error set
 *   (%CTD_STORE_ERROR_NOT_FOUND for a chouette that does not exist)
 */
GPtrArray *
ctd_store_list_games (CtdStore  *self,
                      guint      round,
                      guint      chouette,
                      GError   **error)
{
  g_auto(CtdStoreTransaction) snapshot = { NULL, };
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  gint64 chouette_id;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);

  if (!ctd_store_transaction_begin (self, &snapshot, FALSE, error) ||
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, NULL, error))
    return NULL;
  stmt = ctd_store_prepare (self, "SELECT number, entered, canonical FROM game "
                            "WHERE chouette = ?1 ORDER BY number",
                            CTD_ARGS (CTD_INT (chouette_id)), error);
  if (stmt == NULL)
    return NULL;
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_store_game_free);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      CtdStoreGame *game = g_new0 (CtdStoreGame, 1);

      game->game = (guint) sqlite3_column_int64 (stmt, 0);
      game->entered = ctd_store_column_dup (stmt, 1);
      game->canonical = ctd_store_column_dup (stmt, 2);
      g_ptr_array_add (games, game);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&games) : NULL;
}

/**
 * ctd_store_load_chouette:
 * @self: a store
 * @round: a round number
 * @chouette: the chouette's number in @round
 * @error: return location for a #GError
 *
 * Rebuilds a chouette from its records, for views (totals, decision
 * orders, the sheet).
 *
 * Returns: (transfer full) (nullable): the chouette; %NULL with @error set
 */
CtdChouette *
ctd_store_load_chouette (CtdStore  *self,
                         guint      round,
                         guint      chouette,
                         GError   **error)
{
  g_auto(CtdStoreTransaction) snapshot = { NULL, };
  gint64 chouette_id;
  guint size;

  g_return_val_if_fail (self != NULL, NULL);

  if (!ctd_store_transaction_begin (self, &snapshot, FALSE, error) ||
      !ctd_store_find_chouette (self, round, chouette, &chouette_id, &size, error))
    return NULL;
  return ctd_store_load_chouette_by_id (self, chouette_id, size, error);
}

/**
 * ctd_store_list_rolloffs:
 * @self: a store
 * @round: a round number
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type GArray) (nullable): one #GArray
 *   of player ids (gint64, best first) per roll-off, in the order they
 *   were stored; %NULL with @error set
 */
GPtrArray *
ctd_store_list_rolloffs (CtdStore  *self,
                         guint      round,
                         GError   **error)
{
  g_autoptr(GPtrArray) rolloffs = NULL;
  g_autoptr(CtdStmt) stmt = NULL;
  GArray *current = NULL;
  gint64 current_id = -1;
  CtdStep step;

  g_return_val_if_fail (self != NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT rolloff.id, j.value "
                            "FROM rolloff, json_each (rolloff.players) AS j "
                            "WHERE rolloff.round = ?1 ORDER BY rolloff.id, j.key",
                            CTD_ARGS (CTD_INT (round)), error);
  if (stmt == NULL)
    return NULL;
  rolloffs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    {
      gint64 player = sqlite3_column_int64 (stmt, 1);

      if (sqlite3_column_int64 (stmt, 0) != current_id)
        {
          current_id = sqlite3_column_int64 (stmt, 0);
          current = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_ptr_array_add (rolloffs, current);
        }
      g_array_append_val (current, player);
    }
  return step == CTD_STEP_DONE ? g_steal_pointer (&rolloffs) : NULL;
}

/**
 * ctd_store_list_advancers:
 * @self: a store
 * @round: a round number
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type gint64) (nullable): the ids of
 *   the players chosen to advance from @round, in id order; %NULL with
 *   @error set
 */
GArray *
ctd_store_list_advancers (CtdStore  *self,
                          guint      round,
                          GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  return ctd_store_query_advancers (self, round, error);
}
