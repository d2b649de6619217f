/* ctd-game-items.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items of a chouette's games, one row of its page each; the other
 * items are in ctd-record-items.c.
 */

#define G_LOG_DOMAIN "ctd-items"

#include "config.h"

#include "ctd-record-items.h"

#include <glib/gi18n-lib.h>

#include "ctd-item-fields.h"

/* ---- a chouette's games ------------------------------------------------- */

struct _CtdGameItem
{
  GObject    parent_instance;

  guint      game;
  guint      segment;
  guint      box;
  guint      captain;
  guint      cube;
  char      *playing;
  char      *decisions;
  char      *pending;
  gboolean   recorded;
  char      *notation;
  gboolean   totals_known;
  CtdHalves  delta[CTD_MAX_PLAYERS];
  char      *delta_text[CTD_MAX_PLAYERS];
  CtdHalves  total[CTD_MAX_PLAYERS];
  char      *total_text[CTD_MAX_PLAYERS];
  char      *accessible;
};

#define PER_PLAYER(name, type, field)                                            \
  { name "-1", type, G_STRUCT_OFFSET (CtdGameItem, field[0]) },                 \
  { name "-2", type, G_STRUCT_OFFSET (CtdGameItem, field[1]) },                 \
  { name "-3", type, G_STRUCT_OFFSET (CtdGameItem, field[2]) },                 \
  { name "-4", type, G_STRUCT_OFFSET (CtdGameItem, field[3]) }

/* The columns of the official scoring sheet, in its order. */
static const CtdItemField game_fields[] = {
  { "game", G_TYPE_UINT, G_STRUCT_OFFSET (CtdGameItem, game) },
  { "segment", G_TYPE_UINT, G_STRUCT_OFFSET (CtdGameItem, segment) },
  { "box", G_TYPE_UINT, G_STRUCT_OFFSET (CtdGameItem, box) },
  /* 0 while the last-segment order is not known */
  { "captain", G_TYPE_UINT, G_STRUCT_OFFSET (CtdGameItem, captain) },
  /* the playing order, "2 3 4", or "" while the Captain is not known */
  { "playing", G_TYPE_STRING, G_STRUCT_OFFSET (CtdGameItem, playing) },
  /* the starting cube */
  { "cube", G_TYPE_UINT, G_STRUCT_OFFSET (CtdGameItem, cube) },
  /* the cube-decision order (rule 3.8), "4 2 3", or "" while pending */
  { "decisions", G_TYPE_STRING, G_STRUCT_OFFSET (CtdGameItem, decisions) },
  /* why the decision order is pending, "after game 4 is entered", or "" */
  { "pending", G_TYPE_STRING, G_STRUCT_OFFSET (CtdGameItem, pending) },
  { "recorded", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdGameItem, recorded) },
  /* the result in canonical notation, or "" */
  { "notation", G_TYPE_STRING, G_STRUCT_OFFSET (CtdGameItem, notation) },
  /* whether games 1 to this one are all entered: the running totals */
  { "totals-known", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdGameItem, totals_known) },
  /* each player's score in the game, in half points, and as the sheet
   * prints it ("+3.5"; "" while the game is not entered) */
  PER_PLAYER ("delta", G_TYPE_INT64, delta),
  PER_PLAYER ("delta-text", G_TYPE_STRING, delta_text),
  /* the running totals after the game; "" while not known */
  PER_PLAYER ("total", G_TYPE_INT64, total),
  PER_PLAYER ("total-text", G_TYPE_STRING, total_text),
  /* the whole row in one sentence, for a screen reader */
  { "accessible", G_TYPE_STRING, G_STRUCT_OFFSET (CtdGameItem, accessible) },
};

#undef PER_PLAYER

CTD_ITEM_DEFINE_TYPE (CtdGameItem, ctd_game_item, game_fields)

/* "2 3 4" */
static char *
players_text (const guint *players,
              guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", players[i]);
  return g_string_free (text, FALSE);
}

static char *
game_accessible (const CtdGameItem *self,
                 guint              size)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, _("Game %u, segment %u: Box %u"), self->game, self->segment,
                          self->box);
  if (self->captain != 0)
    g_string_append_printf (text, _(", Captain %u, playing order %s"), self->captain,
                            self->playing);
  else
    g_string_append (text, _(", Captain not known yet"));
  g_string_append_printf (text, _(", cube %u"), self->cube);
  if (*self->decisions != '\0')
    g_string_append_printf (text, _(", decision order %s"), self->decisions);
  else if (*self->pending != '\0')
    g_string_append_printf (text, _(", decision order known %s"), self->pending);
  if (!self->recorded)
    {
      g_string_append (text, _(". Not entered."));
      return g_string_free (text, FALSE);
    }
  g_string_append_printf (text, _(". Result %s:"), self->notation);
  for (guint p = 1; p <= size; p++)
    {
      g_string_append_printf (text, _(" player %u %s"), p, self->delta_text[p - 1]);
      if (self->totals_known)
        g_string_append_printf (text, _(", total %s"), self->total_text[p - 1]);
      g_string_append_c (text, p < size ? ';' : '.');
    }
  return g_string_free (text, FALSE);
}

/**
 * ctd_game_item_new:
 * @game: a game's row as the sheet shows it (ctd_chouette_get_sheet_game())
 * @size: the chouette's players
 * @pending: (nullable): why its decision order is not known yet
 *   (ctd_chouette_describe_pending())
 *
 * Returns: (transfer full): a snapshot of the row
 */
CtdGameItem *
ctd_game_item_new (const CtdChouetteGame *game,
                   guint                  size,
                   const char            *pending)
{
  CtdGameItem *self;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (size >= CTD_MIN_PLAYERS && size <= CTD_MAX_PLAYERS, NULL);

  self = g_object_new (CTD_TYPE_GAME_ITEM, NULL);
  self->game = game->slot.game;
  self->segment = game->slot.segment;
  self->box = game->slot.box;
  self->captain = game->slot.captain;
  self->cube = game->slot.cube_start;
  self->playing = game->slot.captain != 0
                    ? players_text (game->slot.playing_order, game->slot.n_crew)
                    : g_strdup ("");
  self->decisions = game->decision_known
                      ? players_text (game->decision_order, game->slot.n_crew)
                      : g_strdup ("");
  self->pending = g_strdup (!game->decision_known && pending != NULL ? pending : "");
  self->recorded = game->result != NULL;
  self->notation = self->recorded ? ctd_result_format (game->result) : g_strdup ("");
  self->totals_known = game->running_known;
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      gboolean here = p < size;

      self->delta[p] = here && self->recorded ? game->deltas[p] : 0;
      self->delta_text[p] = here && self->recorded ? ctd_halves_to_string (game->deltas[p], TRUE)
                                                   : g_strdup ("");
      self->total[p] = here && self->totals_known ? game->running[p] : 0;
      self->total_text[p] = here && self->totals_known
                              ? ctd_halves_to_string (game->running[p], TRUE)
                              : g_strdup ("");
    }
  self->accessible = game_accessible (self, size);
  return self;
}

/**
 * ctd_game_item_get_game:
 * @self: a game item
 *
 * Returns: the game's number, 1..CTD_N_GAMES
 */
guint
ctd_game_item_get_game (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), 0);
  return self->game;
}

/**
 * ctd_game_item_get_captain:
 * @self: a game item
 *
 * Returns: the Captain's player number, 0 while the last-segment order
 *   is not known
 */
guint
ctd_game_item_get_captain (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), 0);
  return self->captain;
}

/**
 * ctd_game_item_get_playing:
 * @self: a game item
 *
 * Returns: (transfer none): the playing order, "2 3 4", or "" while the
 *   Captain is not known
 */
const char *
ctd_game_item_get_playing (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  return self->playing;
}

/**
 * ctd_game_item_get_decisions:
 * @self: a game item
 *
 * Returns: (transfer none): the cube-decision order, "4 2 3", or "" while
 *   it is pending
 */
const char *
ctd_game_item_get_decisions (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  return self->decisions;
}

/**
 * ctd_game_item_get_pending:
 * @self: a game item
 *
 * Returns: (transfer none): why the decision order is pending ("after
 *   game 4 is entered"), or "" when it is known
 */
const char *
ctd_game_item_get_pending (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  return self->pending;
}

/**
 * ctd_game_item_get_recorded:
 * @self: a game item
 *
 * Returns: whether the game has a result
 */
gboolean
ctd_game_item_get_recorded (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), FALSE);
  return self->recorded;
}

/**
 * ctd_game_item_get_notation:
 * @self: a game item
 *
 * Returns: (transfer none): the result in canonical notation, or ""
 */
const char *
ctd_game_item_get_notation (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  return self->notation;
}

/**
 * ctd_game_item_get_totals_known:
 * @self: a game item
 *
 * Returns: whether the running totals after the game are known: it and
 *   every earlier game are entered
 */
gboolean
ctd_game_item_get_totals_known (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), FALSE);
  return self->totals_known;
}

static gboolean
player_in_range (guint player)
{
  return player >= 1 && player <= CTD_MAX_PLAYERS;
}

/**
 * ctd_game_item_get_delta:
 * @self: a game item
 * @player: 1..CTD_MAX_PLAYERS
 *
 * Returns: what @player won or lost in the game, in half points; 0 while
 *   the game is not entered, or for a player past the chouette's size
 */
CtdHalves
ctd_game_item_get_delta (CtdGameItem *self,
                         guint        player)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), 0);
  g_return_val_if_fail (player_in_range (player), 0);
  return self->delta[player - 1];
}

/**
 * ctd_game_item_get_delta_text:
 * @self: a game item
 * @player: 1..CTD_MAX_PLAYERS
 *
 * Returns: (transfer none): @player's score in the game as the sheet
 *   prints it ("+3.5", "-2", "0"), or "" while the game is not entered
 */
const char *
ctd_game_item_get_delta_text (CtdGameItem *self,
                              guint        player)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  g_return_val_if_fail (player_in_range (player), NULL);
  return self->delta_text[player - 1];
}

/**
 * ctd_game_item_get_total:
 * @self: a game item
 * @player: 1..CTD_MAX_PLAYERS
 *
 * Returns: @player's running total after the game, in half points; 0
 *   while it is not known (ctd_game_item_get_totals_known())
 */
CtdHalves
ctd_game_item_get_total (CtdGameItem *self,
                         guint        player)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), 0);
  g_return_val_if_fail (player_in_range (player), 0);
  return self->total[player - 1];
}

/**
 * ctd_game_item_get_total_text:
 * @self: a game item
 * @player: 1..CTD_MAX_PLAYERS
 *
 * Returns: (transfer none): @player's running total after the game as
 *   the sheet prints it, or "" while it is not known
 */
const char *
ctd_game_item_get_total_text (CtdGameItem *self,
                              guint        player)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  g_return_val_if_fail (player_in_range (player), NULL);
  return self->total_text[player - 1];
}

/**
 * ctd_game_item_get_accessible:
 * @self: a game item
 *
 * Returns: (transfer none): the whole row in one sentence, for a screen
 *   reader: "Game 5, segment 2: Box 2, Captain 4, playing order 4 1 3,
 *   cube 2, decision order 1 4 3. Result T: player 1 +2, total -5; ..."
 */
const char *
ctd_game_item_get_accessible (CtdGameItem *self)
{
  g_return_val_if_fail (CTD_IS_GAME_ITEM (self), NULL);
  return self->accessible;
}

/**
 * ctd_game_item_key:
 * @item: a #CtdGameItem
 *
 * Returns: its key, the game's number
 */
gint64
ctd_game_item_key (gpointer item)
{
  return CTD_GAME_ITEM (item)->game;
}
