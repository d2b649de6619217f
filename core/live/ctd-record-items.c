/* ctd-record-items.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items of the document's lists: players, rounds, chouettes,
 * standings and the audit log. A chouette's games are in
 * ctd-game-items.c.
 */

#define G_LOG_DOMAIN "ctd-items"

#include "config.h"

#include "ctd-record-items.h"

#include <glib/gi18n-lib.h>

#include "ctd-enum-types.h"
#include "ctd-item-fields.h"

/* ---- players ---------------------------------------------------------- */

struct _CtdPlayerItem
{
  GObject   parent_instance;

  gint64    id;
  char     *name;
  char     *club;
  char     *member_id;
  gboolean  checked_in;
  gboolean  withdrawn;
  char     *seat;
};

static const CtdItemField player_fields[] = {
  { "id", G_TYPE_INT64, G_STRUCT_OFFSET (CtdPlayerItem, id) },
  { "name", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlayerItem, name) },
  { "club", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlayerItem, club) },
  { "member-id", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlayerItem, member_id) },
  { "checked-in", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdPlayerItem, checked_in) },
  { "withdrawn", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdPlayerItem, withdrawn) },
  /* The chouette the player sits in in the newest round ("1.3"), or "". */
  { "seat", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlayerItem, seat) },
};

CTD_ITEM_DEFINE_TYPE (CtdPlayerItem, ctd_player_item, player_fields)

/**
 * ctd_player_item_new:
 * @player: a player's record
 * @seat: (nullable): the label of the chouette the player sits in in the
 *   newest round
 *
 * Returns: (transfer full): a snapshot of @player
 */
CtdPlayerItem *
ctd_player_item_new (const CtdStorePlayer *player,
                     const char           *seat)
{
  CtdPlayerItem *self = g_object_new (CTD_TYPE_PLAYER_ITEM, NULL);

  self->id = player->id;
  self->name = g_strdup (player->name);
  self->club = g_strdup (player->club != NULL ? player->club : "");
  self->member_id = g_strdup (player->member_id != NULL ? player->member_id : "");
  self->checked_in = player->checked_in;
  self->withdrawn = player->withdrawn;
  self->seat = g_strdup (seat != NULL ? seat : "");
  return self;
}

/**
 * ctd_player_item_get_id:
 * @self: a player item
 *
 * Returns: the player's id
 */
gint64
ctd_player_item_get_id (CtdPlayerItem *self)
{
  g_return_val_if_fail (CTD_IS_PLAYER_ITEM (self), 0);
  return self->id;
}

/**
 * ctd_player_item_get_name:
 * @self: a player item
 *
 * Returns: (transfer none): the name
 */
const char *
ctd_player_item_get_name (CtdPlayerItem *self)
{
  g_return_val_if_fail (CTD_IS_PLAYER_ITEM (self), NULL);
  return self->name;
}

/**
 * ctd_player_item_get_checked_in:
 * @self: a player item
 *
 * Returns: whether the player is checked in
 */
gboolean
ctd_player_item_get_checked_in (CtdPlayerItem *self)
{
  g_return_val_if_fail (CTD_IS_PLAYER_ITEM (self), FALSE);
  return self->checked_in;
}

/**
 * ctd_player_item_get_withdrawn:
 * @self: a player item
 *
 * Returns: whether the player has withdrawn
 */
gboolean
ctd_player_item_get_withdrawn (CtdPlayerItem *self)
{
  g_return_val_if_fail (CTD_IS_PLAYER_ITEM (self), FALSE);
  return self->withdrawn;
}

/**
 * ctd_player_item_key:
 * @item: a #CtdPlayerItem
 *
 * Returns: its key in a list, the id
 */
gint64
ctd_player_item_key (gpointer item)
{
  return CTD_PLAYER_ITEM (item)->id;
}

/* ---- rounds ------------------------------------------------------------ */

struct _CtdRoundItem
{
  GObject        parent_instance;

  guint          number;
  CtdStage       stage;
  CtdRoundState  state;
  guint64        seed;
  guint          n_chouettes;
  gint           top_k;
  gint           wildcards;
  char          *title;
};

static const CtdItemField round_fields[] = {
  { "number", G_TYPE_UINT, G_STRUCT_OFFSET (CtdRoundItem, number) },
  { "stage", G_TYPE_ENUM, G_STRUCT_OFFSET (CtdRoundItem, stage), ctd_stage_get_type },
  { "state", G_TYPE_ENUM, G_STRUCT_OFFSET (CtdRoundItem, state), ctd_round_state_get_type },
  { "seed", G_TYPE_UINT64, G_STRUCT_OFFSET (CtdRoundItem, seed) },
  { "n-chouettes", G_TYPE_UINT, G_STRUCT_OFFSET (CtdRoundItem, n_chouettes) },
  /* -1 until the director chose who advances */
  { "top-k", G_TYPE_INT, G_STRUCT_OFFSET (CtdRoundItem, top_k) },
  { "wildcards", G_TYPE_INT, G_STRUCT_OFFSET (CtdRoundItem, wildcards) },
  /* "Round 2 · Semi-final" */
  { "title", G_TYPE_STRING, G_STRUCT_OFFSET (CtdRoundItem, title) },
};

CTD_ITEM_DEFINE_TYPE (CtdRoundItem, ctd_round_item, round_fields)

/**
 * ctd_round_item_new:
 * @round: a round's record
 *
 * Returns: (transfer full): a snapshot of @round
 */
CtdRoundItem *
ctd_round_item_new (const CtdStoreRound *round)
{
  CtdRoundItem *self = g_object_new (CTD_TYPE_ROUND_ITEM, NULL);

  self->number = round->number;
  self->stage = round->stage;
  self->state = round->state;
  self->seed = round->seed;
  self->n_chouettes = round->n_chouettes;
  self->top_k = round->top_k;
  self->wildcards = round->wildcards;
  /* Translators: a round's title: its number, then its stage ("Round 2 · Semi-final") */
  self->title = g_strdup_printf (_("Round %u · %s"), round->number,
                                 ctd_stage_to_title (round->stage));
  return self;
}

/**
 * ctd_round_item_get_number:
 * @self: a round item
 *
 * Returns: the round's number
 */
guint
ctd_round_item_get_number (CtdRoundItem *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_ITEM (self), 0);
  return self->number;
}

/**
 * ctd_round_item_get_state:
 * @self: a round item
 *
 * Returns: the round's state
 */
CtdRoundState
ctd_round_item_get_state (CtdRoundItem *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_ITEM (self), CTD_ROUND_DRAWN);
  return self->state;
}

/**
 * ctd_round_item_key:
 * @item: a #CtdRoundItem
 *
 * Returns: its key in a list, the number
 */
gint64
ctd_round_item_key (gpointer item)
{
  return CTD_ROUND_ITEM (item)->number;
}

/* ---- chouettes --------------------------------------------------------- */

struct _CtdChouetteItem
{
  GObject   parent_instance;

  guint     round;
  guint     number;
  char     *label;
  guint     table;
  guint     size;
  char     *players;
  guint     n_recorded;
  gboolean  complete;
  gboolean  mismatch;
  char     *status;
};

static const CtdItemField chouette_fields[] = {
  { "round", G_TYPE_UINT, G_STRUCT_OFFSET (CtdChouetteItem, round) },
  { "number", G_TYPE_UINT, G_STRUCT_OFFSET (CtdChouetteItem, number) },
  { "label", G_TYPE_STRING, G_STRUCT_OFFSET (CtdChouetteItem, label) },
  { "table", G_TYPE_UINT, G_STRUCT_OFFSET (CtdChouetteItem, table) },
  { "size", G_TYPE_UINT, G_STRUCT_OFFSET (CtdChouetteItem, size) },
  /* "1 Ann · 2 Bob · 3 Cy": the players by number */
  { "players", G_TYPE_STRING, G_STRUCT_OFFSET (CtdChouetteItem, players) },
  { "n-recorded", G_TYPE_UINT, G_STRUCT_OFFSET (CtdChouetteItem, n_recorded) },
  /* every game entered, and the typed paper totals (if any) agree */
  { "complete", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdChouetteItem, complete) },
  { "mismatch", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdChouetteItem, mismatch) },
  { "status", G_TYPE_STRING, G_STRUCT_OFFSET (CtdChouetteItem, status) },
};

CTD_ITEM_DEFINE_TYPE (CtdChouetteItem, ctd_chouette_item, chouette_fields)

/**
 * ctd_chouette_item_new:
 * @chouette: a chouette's record
 * @progress: what is entered of it
 *
 * Returns: (transfer full): a snapshot of @chouette
 */
CtdChouetteItem *
ctd_chouette_item_new (const CtdStoreChouette    *chouette,
                       const CtdChouetteProgress *progress)
{
  CtdChouetteItem *self = g_object_new (CTD_TYPE_CHOUETTE_ITEM, NULL);
  GString *players = g_string_new (NULL);

  self->round = chouette->round;
  self->number = chouette->number;
  self->label = g_strdup_printf ("%u.%u", chouette->round, chouette->number);
  self->table = chouette->table;
  self->size = chouette->size;
  for (guint k = 0; k < chouette->size; k++)
    g_string_append_printf (players, "%s%u %s", k > 0 ? " · " : "", k + 1,
                            chouette->names[k] != NULL ? chouette->names[k] : "");
  self->players = g_string_free (players, FALSE);
  self->n_recorded = progress->n_recorded;
  self->mismatch = progress->paper_given && !progress->paper_agrees;
  self->complete = progress->n_recorded == CTD_N_GAMES && !self->mismatch;
  /* What the window shows, in the director's language. */
  if (self->mismatch)
    self->status = g_strdup_printf (_("%u of %u games, disagrees with the paper totals"),
                                    progress->n_recorded, CTD_N_GAMES);
  else if (self->complete)
    self->status = g_strdup (progress->paper_given ? _("Complete, paper totals agree")
                                                   : _("Complete"));
  else if (progress->n_recorded > 0)
    self->status = g_strdup_printf (_("In play: %u of %u games"), progress->n_recorded,
                                    CTD_N_GAMES);
  else
    self->status = g_strdup (_("Not started"));
  return self;
}

/**
 * ctd_chouette_item_get_number:
 * @self: a chouette item
 *
 * Returns: N of ROUND.N
 */
guint
ctd_chouette_item_get_number (CtdChouetteItem *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_ITEM (self), 0);
  return self->number;
}

/**
 * ctd_chouette_item_get_label:
 * @self: a chouette item
 *
 * Returns: (transfer none): "1.3"
 */
const char *
ctd_chouette_item_get_label (CtdChouetteItem *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_ITEM (self), NULL);
  return self->label;
}

/**
 * ctd_chouette_item_key:
 * @item: a #CtdChouetteItem
 *
 * Returns: its key, the number
 */
gint64
ctd_chouette_item_key (gpointer item)
{
  return CTD_CHOUETTE_ITEM (item)->number;
}

/* ---- standings --------------------------------------------------------- */

struct _CtdStandingItem
{
  GObject    parent_instance;

  gint64     player_id;
  char      *name;
  guint      chouette;
  CtdHalves  score;
  char      *score_text;
  guint      rank;
  gboolean   tied;
  guint      chouette_rank;
  gboolean   chouette_tied;
  gboolean   scores_hidden;
};

static const CtdItemField standing_fields[] = {
  { "player-id", G_TYPE_INT64, G_STRUCT_OFFSET (CtdStandingItem, player_id) },
  { "name", G_TYPE_STRING, G_STRUCT_OFFSET (CtdStandingItem, name) },
  { "chouette", G_TYPE_UINT, G_STRUCT_OFFSET (CtdStandingItem, chouette) },
  /* half points; 0 while hidden */
  { "score", G_TYPE_INT64, G_STRUCT_OFFSET (CtdStandingItem, score) },
  /* "+3.5", or "" while the round's scores are secret (rule 1.7) */
  { "score-text", G_TYPE_STRING, G_STRUCT_OFFSET (CtdStandingItem, score_text) },
  { "rank", G_TYPE_UINT, G_STRUCT_OFFSET (CtdStandingItem, rank) },
  { "tied", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdStandingItem, tied) },
  { "chouette-rank", G_TYPE_UINT, G_STRUCT_OFFSET (CtdStandingItem, chouette_rank) },
  { "chouette-tied", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdStandingItem, chouette_tied) },
  { "scores-hidden", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdStandingItem, scores_hidden) },
};

CTD_ITEM_DEFINE_TYPE (CtdStandingItem, ctd_standing_item, standing_fields)

/**
 * ctd_standing_item_new:
 * @row: a row of a round's standings
 * @scores_hidden: whether the standings are a posting of a secret round
 *
 * Returns: (transfer full): a snapshot of @row
 */
CtdStandingItem *
ctd_standing_item_new (const CtdStandingsRow *row,
                       gboolean               scores_hidden)
{
  CtdStandingItem *self = g_object_new (CTD_TYPE_STANDING_ITEM, NULL);

  self->player_id = row->player_id;
  self->name = g_strdup (row->name);
  self->chouette = row->chouette;
  self->scores_hidden = scores_hidden;
  self->score = scores_hidden ? 0 : row->score;
  self->score_text = scores_hidden ? g_strdup ("") : ctd_halves_to_string (row->score, TRUE);
  self->rank = row->rank;
  self->tied = row->tied;
  self->chouette_rank = row->chouette_rank;
  self->chouette_tied = row->chouette_tied;
  return self;
}

/**
 * ctd_standing_item_get_player_id:
 * @self: a standings row
 *
 * Returns: the player's id
 */
gint64
ctd_standing_item_get_player_id (CtdStandingItem *self)
{
  g_return_val_if_fail (CTD_IS_STANDING_ITEM (self), 0);
  return self->player_id;
}

/**
 * ctd_standing_item_key:
 * @item: a #CtdStandingItem
 *
 * Returns: its key, the player's id
 */
gint64
ctd_standing_item_key (gpointer item)
{
  return CTD_STANDING_ITEM (item)->player_id;
}

/* ---- the audit log ------------------------------------------------------ */

struct _CtdAuditItem
{
  GObject   parent_instance;

  gint64    id;
  char     *time;
  char     *action;
  char     *summary;
  gint64    undoes;
  gboolean  undone;
};

static const CtdItemField audit_fields[] = {
  { "id", G_TYPE_INT64, G_STRUCT_OFFSET (CtdAuditItem, id) },
  /* ISO 8601, UTC */
  { "time", G_TYPE_STRING, G_STRUCT_OFFSET (CtdAuditItem, time) },
  { "action", G_TYPE_STRING, G_STRUCT_OFFSET (CtdAuditItem, action) },
  { "summary", G_TYPE_STRING, G_STRUCT_OFFSET (CtdAuditItem, summary) },
  /* for an undo or a redo: the entry it reverted, else 0 */
  { "undoes", G_TYPE_INT64, G_STRUCT_OFFSET (CtdAuditItem, undoes) },
  /* whether a later undo reverted this entry */
  { "undone", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdAuditItem, undone) },
};

CTD_ITEM_DEFINE_TYPE (CtdAuditItem, ctd_audit_item, audit_fields)

/**
 * ctd_audit_item_new:
 * @entry: an audit entry
 *
 * Returns: (transfer full): a snapshot of @entry
 */
CtdAuditItem *
ctd_audit_item_new (const CtdStoreAuditEntry *entry)
{
  CtdAuditItem *self = g_object_new (CTD_TYPE_AUDIT_ITEM, NULL);

  self->id = entry->id;
  self->time = g_strdup (entry->time);
  self->action = g_strdup (entry->action);
  self->summary = g_strdup (entry->summary);
  self->undoes = entry->undoes;
  self->undone = entry->undone_by != 0;
  return self;
}

/**
 * ctd_audit_item_get_id:
 * @self: an audit item
 *
 * Returns: the entry's id
 */
gint64
ctd_audit_item_get_id (CtdAuditItem *self)
{
  g_return_val_if_fail (CTD_IS_AUDIT_ITEM (self), 0);
  return self->id;
}

/**
 * ctd_audit_item_get_summary:
 * @self: an audit item
 *
 * Returns: (transfer none): its line
 */
const char *
ctd_audit_item_get_summary (CtdAuditItem *self)
{
  g_return_val_if_fail (CTD_IS_AUDIT_ITEM (self), NULL);
  return self->summary;
}

/**
 * ctd_audit_item_key:
 * @item: a #CtdAuditItem
 *
 * Returns: its key, the entry's id
 */
gint64
ctd_audit_item_key (gpointer item)
{
  return CTD_AUDIT_ITEM (item)->id;
}
