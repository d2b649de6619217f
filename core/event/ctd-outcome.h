/* ctd-outcome.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the director's "Final and Money" and "Log" pages show, derived
 * from the event's records by the functions the command line's
 * `results`, `settle` and `log` use: the final's placings with their
 * ties, every chouette's settlement of a round, and the chouette each
 * audit entry concerns.
 */

#pragma once

#include <glib.h>

#include "ctd-money.h"
#include "ctd-standings.h"
#include "ctd-records.h"

G_BEGIN_DECLS

/*
 * CtdOutcomeFinal:
 * @round: the final's round number; 0 when no final has been drawn
 * @complete: whether the final is complete (all its games entered, its
 *   typed paper totals agree): only then are there placings
 * @status: (nullable): why there are no placings yet ("The Final is not
 *   finished: 7 of 12 games entered", "There is no final yet: ..."),
 *   %NULL when complete
 * @placings: (nullable): the final's standings (1st to 4th, roll-offs
 *   applied) when complete
 * @ties: (nullable): the ties that wait for a roll-off ("Ann and Bob are
 *   tied for 1st place"), one a line, %NULL when there is none
 */
typedef struct
{
  guint         round;
  gboolean      complete;
  char         *status;
  CtdStandings *placings;
  char         *ties;
} CtdOutcomeFinal;

/*
 * CtdOutcomeSettlement:
 * @round, @chouette: the chouette ROUND.CHOUETTE
 * @size: its players
 * @names: their names, by player number
 * @settled: whether all its games are entered, so that it settles
 * @why_not: (nullable): core's words when it does not settle yet
 * @settlement: who pays whom, when @settled
 */
typedef struct
{
  guint          round;
  guint          chouette;
  guint          size;
  char          *names[CTD_MAX_PLAYERS];
  gboolean       settled;
  char          *why_not;
  CtdSettlement  settlement;
} CtdOutcomeSettlement;

/*
 * CtdOutcomeAuditChouette:
 * @audit_id: an audit entry
 * @round, @chouette: the one chouette whose games, paper totals or
 *   last-segment order it changed
 */
typedef struct
{
  gint64 audit_id;
  guint  round;
  guint  chouette;
} CtdOutcomeAuditChouette;

gboolean   ctd_outcome_get_final          (CtdStore                   *store,
                                           CtdOutcomeFinal            *out_final,
                                           GError                    **error);
void       ctd_outcome_final_clear        (CtdOutcomeFinal            *final);
char      *ctd_outcome_describe_ties      (const CtdStandings         *placings);
char      *ctd_outcome_ordinal            (guint                       place);
char      *ctd_outcome_place_text         (const CtdStandingsRow      *row);

GPtrArray *ctd_outcome_settle_round       (CtdStore                   *store,
                                           guint                       round,
                                           GError                    **error);
CtdOutcomeSettlement *
           ctd_outcome_settle_chouette    (CtdStore                   *store,
                                           guint                       round,
                                           guint                       chouette,
                                           GError                    **error);
void       ctd_outcome_settlement_free    (CtdOutcomeSettlement       *settlement);
char      *ctd_outcome_describe_payments  (const CtdOutcomeSettlement *settlement);
char      *ctd_outcome_describe_amounts   (const CtdOutcomeSettlement *settlement);

GArray    *ctd_outcome_list_audit_chouettes (CtdStore                 *store,
                                             gint64                    after_id,
                                             GError                  **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdOutcomeFinal, ctd_outcome_final_clear)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdOutcomeSettlement, ctd_outcome_settlement_free)

G_END_DECLS
