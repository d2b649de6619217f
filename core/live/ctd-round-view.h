/* ctd-round-view.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the Standings page, the Rounds page and the Advance dialog show
 * of one round: its draw (stage, seed, chouettes, players), its state
 * and what of it is public, what holds it up, its standings (the
 * director's and the posting's), the notes on each row about the cut,
 * the tie a roll-off must settle, and the cut it is judged by. A
 * CtdDocument hands a view out (ctd_document_get_round_view()) and keeps
 * it up to date in place, whoever changed the file, by pushing each
 * change into it (ctd_round_view_update()): the view knows what it is
 * given with each change, never the document.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-cut.h"
#include "ctd-standings.h"
#include "ctd-records.h"
#include "ctd-types.h"

G_BEGIN_DECLS

/*
 * CtdRoundViewStandingsFunc:
 * @round: a round's number
 * @user_data: the data given with it
 * @error: return location for a #GError
 *
 * Returns: (transfer none) (nullable): the round's standings, the
 *   director's view, valid for the call
 */
typedef const CtdStandings *(*CtdRoundViewStandingsFunc) (guint     round,
                                                          gpointer  user_data,
                                                          GError  **error);

/**
 * CtdRoundViewSource:
 * @store: the event file to read (borrowed for the call)
 * @read_only: whether nothing can change (ctd_document_get_read_only())
 * @standings: the round's standings as the keeper computed them for its
 *   lists, so that a change costs one computation
 * @standings_data: for @standings
 * @public_standings: (nullable): the keeper's list of the round's
 *   posting, once it made one: a list follows every change of its round
 *   for as long as it lives, so it is made when a page first shows it
 *
 * What the view's keeper gives it with each change.
 */
typedef struct
{
  CtdStore                  *store;
  gboolean                   read_only;
  CtdRoundViewStandingsFunc  standings;
  gpointer                   standings_data;
  GListModel                *public_standings;
} CtdRoundViewSource;

#define CTD_TYPE_ROUND_VIEW (ctd_round_view_get_type ())

G_DECLARE_FINAL_TYPE (CtdRoundView, ctd_round_view, CTD, ROUND_VIEW, GObject)

CtdRoundView *ctd_round_view_new              (const CtdRoundViewSource *source,
                                               guint                     round,
                                               GListModel               *standings,
                                               GError                  **error);
gboolean     ctd_round_view_update            (CtdRoundView             *self,
                                               const CtdRoundViewSource *source,
                                               CtdChange                 what,
                                               guint                     round,
                                               guint                     chouette,
                                               GError                  **error);

/* The round's draw */
guint        ctd_round_view_get_number        (CtdRoundView  *self);
gboolean     ctd_round_view_get_exists        (CtdRoundView  *self);
CtdStage     ctd_round_view_get_stage         (CtdRoundView  *self);
guint64      ctd_round_view_get_seed          (CtdRoundView  *self);
guint        ctd_round_view_get_n_chouettes   (CtdRoundView  *self);
guint        ctd_round_view_get_n_players     (CtdRoundView  *self);

/* Its state, what of it is public, what holds it up */
CtdRoundState ctd_round_view_get_state        (CtdRoundView  *self);
gboolean     ctd_round_view_get_scores_public (CtdRoundView  *self);
const char  *ctd_round_view_get_publicity     (CtdRoundView  *self);
const char  *ctd_round_view_get_release       (CtdRoundView  *self);
gboolean     ctd_round_view_get_can_release   (CtdRoundView  *self);
gboolean     ctd_round_view_get_can_advance   (CtdRoundView  *self);
const char *const *ctd_round_view_get_hold_ups (CtdRoundView *self);

/* Its standings and the cut */
GListModel  *ctd_round_view_get_standings     (CtdRoundView  *self,
                                               gboolean       public_view);
const char  *ctd_round_view_get_cut_note      (CtdRoundView  *self,
                                               gint64         player_id,
                                               gboolean       public_view);
guint        ctd_round_view_get_top_k         (CtdRoundView  *self);
guint        ctd_round_view_get_wildcards     (CtdRoundView  *self);
GArray      *ctd_round_view_get_cut_tie       (CtdRoundView  *self);
const char  *ctd_round_view_get_cut_tie_players (CtdRoundView *self);
char        *ctd_round_view_describe_players  (CtdRoundView  *self,
                                               const gint64  *player_ids,
                                               gsize          n_players);

/* Before an action: what it would do, without writing anything */
gboolean     ctd_round_view_preview_cut       (CtdRoundView  *self,
                                               guint          top_k,
                                               guint          wildcards,
                                               CtdCutPreview *out_preview,
                                               GError       **error);
GArray      *ctd_round_view_parse_cut_order   (CtdRoundView  *self,
                                               const char    *text,
                                               GError       **error);

G_END_DECLS
