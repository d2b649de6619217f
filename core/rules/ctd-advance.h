/* ctd-advance.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-standings.h"
#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_ADVANCE_ERROR (ctd_advance_error_quark ())

typedef enum
{
  CTD_ADVANCE_ERROR_ROUND_SIZE,   /* the next round would have 5, or fewer than 3 players */
  CTD_ADVANCE_ERROR_TIE,          /* a tie straddles the cut */
  CTD_ADVANCE_ERROR_INVALID,      /* top K or wildcards out of range */
} CtdAdvanceError;

/*
 * CtdAdvanceTie:
 * @chouette: the chouette whose top-K cut the tie straddles, or 0 for
 *   the wildcard cut across the round
 * @player_ids: (element-type gint64): the ids of every player of the
 *   tie, in standings display order (by chouette, then name)
 *
 * Set on %CTD_ADVANCE_ERROR_TIE so the director can roll off exactly
 * those players.
 */
typedef struct
{
  guint   chouette;
  GArray *player_ids;
} CtdAdvanceTie;

/*
 * CtdPlanRound:
 * @stage: qualifying, semi-final or final
 * @n_players, @n_fours, @n_threes: the round's field and chouettes
 * @top_k, @wildcards: who goes on (both 0 for the final)
 */
typedef struct
{
  CtdStage stage;
  guint    n_players;
  guint    n_fours;
  guint    n_threes;
  guint    top_k;
  guint    wildcards;
} CtdPlanRound;

/*
 * CtdPlan:
 * @n_rounds: how many rounds, the last one the Final
 * @rounds: the rounds in order, from Qualifying
 * @beyond_aba: some round advances wildcards, which rule 1.7 (only "the
 *   top player(s) from each chouette") does not provide for; a plan
 *   proposed by ctd_advance_plan() has them only when no top-K plan
 *   reaches a Final, and ctd_advance_plan_describe() says so
 */
typedef struct
{
  guint        n_rounds;
  CtdPlanRound rounds[8];
  gboolean     beyond_aba;
} CtdPlan;

GQuark    ctd_advance_error_quark     (void);

gboolean  ctd_advance_check_next_size (guint          n_players,
                                       CtdStage      *out_stage,
                                       GError       **error);
GArray   *ctd_advance_select          (const CtdStandings *standings,
                                       guint               top_k,
                                       guint               wildcards,
                                       CtdAdvanceTie      *out_tie,
                                       GError            **error);
void      ctd_advance_tie_clear       (CtdAdvanceTie *tie);
gboolean  ctd_advance_plan            (guint          n_players,
                                       CtdPlan       *out_plan,
                                       GError       **error);
char     *ctd_advance_plan_describe   (const CtdPlan *plan);

G_END_DECLS
