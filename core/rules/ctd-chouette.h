/* ctd-chouette.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-result.h"
#include "ctd-schedule.h"
#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_CHOUETTE_ERROR (ctd_chouette_error_quark ())

typedef enum
{
  CTD_CHOUETTE_ERROR_MISSING_GAMES,  /* the last-segment order cannot be known yet */
  CTD_CHOUETTE_ERROR_ORDER_FIXED,    /* last-segment results rest on the fixed order */
  CTD_CHOUETTE_ERROR_INVALID,        /* no such game or player */
} CtdChouetteError;

/*
 * CtdChouetteGame:
 * @slot: the game's row of the schedule
 * @decision_known: whether every earlier game is recorded (rule 3.8's
 *   order depends on the scores before the game)
 * @decision_order: the crew in cube decision order, when known
 * @result: (nullable): the recorded result, borrowed from the chouette
 * @deltas: what each player won or lost in the game (zero if unrecorded)
 * @running_known: whether games 1 .. @slot.game are all recorded
 * @running: the totals after this game, as the paper sheet shows them
 *   (the sum of the recorded games up to this one)
 */
typedef struct
{
  CtdGameSlot      slot;
  gboolean         decision_known;
  guint            decision_order[CTD_MAX_PLAYERS - 1];
  const CtdResult *result;
  CtdHalves        deltas[CTD_MAX_PLAYERS];
  gboolean         running_known;
  CtdHalves        running[CTD_MAX_PLAYERS];
} CtdChouetteGame;

/*
 * CtdCrosscheckMismatch:
 * @player: player number whose paper total disagrees
 * @paper: the total written on the paper sheet
 * @computed: the total of the entered games
 * @suspects: bit g - 1 set for each recorded game g that alone explains
 *   the difference: left off the paper, or entered with the wrong sign
 */
typedef struct
{
  guint     player;
  CtdHalves paper;
  CtdHalves computed;
  guint     suspects;
} CtdCrosscheckMismatch;

typedef struct _CtdChouette CtdChouette;

GQuark       ctd_chouette_error_quark  (void);

CtdChouette *ctd_chouette_new          (guint                    size,
                                        CtdLastSegmentDirection  direction);
void         ctd_chouette_free         (CtdChouette             *self);
guint        ctd_chouette_get_size     (const CtdChouette       *self);
CtdLastSegmentDirection
             ctd_chouette_get_direction (const CtdChouette      *self);
void         ctd_chouette_set_names    (CtdChouette             *self,
                                        const char * const      *names);
const char  *ctd_chouette_get_name     (const CtdChouette       *self,
                                        guint                    player);

gboolean     ctd_chouette_record       (CtdChouette             *self,
                                        guint                    game,
                                        const char              *notation,
                                        GError                 **error);
gboolean     ctd_chouette_record_stored (CtdChouette            *self,
                                         guint                   game,
                                         const char             *notation,
                                         GError                **error);
void         ctd_chouette_clear        (CtdChouette             *self,
                                        guint                    game);
const CtdResult *
             ctd_chouette_get_result   (const CtdChouette       *self,
                                        guint                    game);
guint        ctd_chouette_get_n_recorded (const CtdChouette     *self);
gboolean     ctd_chouette_is_complete  (const CtdChouette       *self);
char        *ctd_chouette_describe_missing (const CtdChouette   *self,
                                            guint                first,
                                            guint                last);
guint        ctd_chouette_count_missing (const CtdChouette      *self,
                                         guint                   first,
                                         guint                   last);

gboolean     ctd_chouette_compute_last_segment_order (const CtdChouette *self,
                                                      guint             *out_order,
                                                      GError           **error);
gboolean     ctd_chouette_fix_last_segment_order     (CtdChouette       *self,
                                                      const guint       *order,
                                                      GError           **error);
gboolean     ctd_chouette_fix_last_segment_order_in  (CtdChouette              *self,
                                                      const guint              *order,
                                                      CtdLastSegmentDirection   direction,
                                                      GError                  **error);
gboolean     ctd_chouette_unfix_last_segment_order   (CtdChouette       *self,
                                                      GError           **error);
const guint *ctd_chouette_get_last_segment_order     (const CtdChouette *self);
gboolean     ctd_chouette_last_segment_order_is_stale (const CtdChouette *self);

void         ctd_chouette_get_game     (const CtdChouette       *self,
                                        guint                    game,
                                        CtdChouetteGame         *out_game);
void         ctd_chouette_get_totals   (const CtdChouette       *self,
                                        CtdHalves               *out_totals);
GArray      *ctd_chouette_crosscheck   (const CtdChouette       *self,
                                        const CtdHalves         *paper,
                                        const gboolean          *given);

/* The sheet's view: the last segment's order and its games as the
 * printed sheet and the chouette's page show them */
CtdChouette *ctd_chouette_copy         (const CtdChouette       *self);
gboolean     ctd_chouette_get_sheet_last_order (const CtdChouette *self,
                                                guint             *out_order);
void         ctd_chouette_get_sheet_game (const CtdChouette     *self,
                                          guint                  game,
                                          CtdChouetteGame       *out_game);
char        *ctd_chouette_describe_pending (const CtdChouette   *self,
                                            guint                game);
char        *ctd_chouette_describe_last_segment_order (const CtdChouette *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdChouette, ctd_chouette_free)

G_END_DECLS
