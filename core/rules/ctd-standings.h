/* ctd-standings.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_STANDINGS_ERROR (ctd_standings_error_quark ())

typedef enum
{
  CTD_STANDINGS_ERROR_UNKNOWN_PLAYER,
  CTD_STANDINGS_ERROR_NOT_TIED,
  CTD_STANDINGS_ERROR_ROLLOFF,
} CtdStandingsError;

/*
 * CtdStandingsEntry:
 * @player_id: the caller's id for the player (unique in the round)
 * @name: shown in messages and views
 * @chouette: the chouette's number in its round (1-based)
 * @score: the chouette total
 */
typedef struct
{
  gint64      player_id;
  const char *name;
  guint       chouette;
  CtdHalves   score;
} CtdStandingsEntry;

/*
 * CtdStandingsRow:
 * @rank: 1 + the number of players strictly ahead; tied players share it
 * @tied: another player shares @rank (a tie no roll-off has broken)
 * @chouette_rank: the same, counted inside the player's chouette
 * @chouette_tied: the same, inside the chouette
 * @rolloff_place: when roll-offs ordered the player among players of the
 *   same score, 1 + how many of them finished ahead (1: won the roll-off);
 *   0 when no roll-off concerns the player
 * @needs_rolloff: the player is in a tie that decides something, as
 *   ctd_standings_mark_cut() or ctd_standings_mark_placings() said: it
 *   straddles an advancement cut or a final placing, so a roll-off must
 *   settle it. A tie that decides nothing leaves it %FALSE (@tied still
 *   says the rank is shared)
 */
typedef struct
{
  gint64    player_id;
  char     *name;
  guint     chouette;
  CtdHalves score;
  guint     rank;
  gboolean  tied;
  guint     chouette_rank;
  gboolean  chouette_tied;
  guint     rolloff_place;
  gboolean  needs_rolloff;
} CtdStandingsRow;

typedef struct _CtdStandings CtdStandings;

GQuark        ctd_standings_error_quark (void);

CtdStandings *ctd_standings_new          (const CtdStandingsEntry *entries,
                                          gsize                    n_entries);
void          ctd_standings_free         (CtdStandings            *self);
CtdStandings *ctd_standings_copy         (const CtdStandings      *self);
gboolean      ctd_standings_add_rolloff  (CtdStandings            *self,
                                          const gint64            *player_ids,
                                          gsize                    n_players,
                                          GError                 **error);
void          ctd_standings_roll         (const gint64            *player_ids,
                                          gsize                    n_players,
                                          guint64                  seed,
                                          gint64                  *out_order);
gsize         ctd_standings_get_n_rows   (const CtdStandings      *self);
const CtdStandingsRow *
              ctd_standings_get_row      (const CtdStandings      *self,
                                          gsize                    index);
gint          ctd_standings_compare      (const CtdStandings      *self,
                                          gint64                   player_a,
                                          gint64                   player_b);
gboolean      ctd_standings_scores_are_public (CtdStage      stage,
                                               CtdRoundState state);
CtdStandings *ctd_standings_new_public   (const CtdStandingsEntry *entries,
                                          gsize                    n_entries,
                                          CtdStage                 stage,
                                          CtdRoundState            state);
gboolean      ctd_standings_get_scores_hidden (const CtdStandings *self);
void          ctd_standings_mark_cut     (CtdStandings            *self,
                                          guint                    top_k,
                                          guint                    wildcards);
void          ctd_standings_mark_placings (CtdStandings           *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStandings, ctd_standings_free)

G_END_DECLS
