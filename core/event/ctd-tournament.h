/* ctd-tournament.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-advance.h"
#include "ctd-money.h"
#include "ctd-standings.h"
#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_TOURNAMENT_ERROR (ctd_tournament_error_quark ())

typedef enum
{
  CTD_TOURNAMENT_ERROR_LABEL,       /* not a chouette label such as 1.3 */
  CTD_TOURNAMENT_ERROR_INCOMPLETE,  /* the round or chouette is not finished */
  CTD_TOURNAMENT_ERROR_NO_TIE,      /* a roll-off was asked for where nothing is tied */
  CTD_TOURNAMENT_ERROR_NO_FINAL,    /* no final has been drawn yet */
} CtdTournamentError;

/*
 * CtdTournamentAdvancer:
 * @player_id: a player chosen to advance
 * @chouette: the player's chouette in the next round, 0 until it is drawn
 */
typedef struct
{
  gint64 player_id;
  guint  chouette;
} CtdTournamentAdvancer;

GQuark        ctd_tournament_error_quark          (void);

gboolean      ctd_tournament_parse_label          (const char    *label,
                                              guint         *out_round,
                                              guint         *out_chouette,
                                              GError       **error);
gboolean      ctd_tournament_get_round            (CtdStore      *store,
                                              guint          round,
                                              CtdStoreRound *out_round,
                                              GError       **error);
CtdStoreChouette *
              ctd_tournament_get_chouette         (CtdStore      *store,
                                              guint          round,
                                              guint          chouette,
                                              GError       **error);
gboolean      ctd_tournament_link_accepts_entry   (CtdStore      *store,
                                              guint          round,
                                              gboolean      *out_accepts,
                                              GError       **error);
gboolean      ctd_tournament_get_last_round       (CtdStore      *store,
                                              CtdStoreRound *out_round,
                                              GError       **error);

CtdStandings *ctd_tournament_round_standings      (CtdStore      *store,
                                              guint          round,
                                              gboolean       public_view,
                                              GError       **error);

/* A chouette's totals, @out_totals[k] for player number k + 1. */
typedef gboolean (*CtdTournamentTotalsFunc) (CtdStore   *store,
                                        guint       round,
                                        guint       chouette,
                                        CtdHalves  *out_totals,
                                        gpointer    user_data,
                                        GError    **error);

gboolean      ctd_tournament_load_totals          (CtdStore            *store,
                                              guint                round,
                                              guint                chouette,
                                              CtdHalves           *out_totals,
                                              gpointer             user_data,
                                              GError             **error);
CtdStandings *ctd_tournament_round_standings_with (CtdStore            *store,
                                              guint                round,
                                              gboolean             public_view,
                                              CtdTournamentTotalsFunc   totals_func,
                                              gpointer             user_data,
                                              GError             **error);
gboolean      ctd_tournament_default_advancement  (CtdStore      *store,
                                              guint          round,
                                              guint         *out_top_k,
                                              guint         *out_wildcards,
                                              GError       **error);
GArray       *ctd_tournament_advance              (CtdStore      *store,
                                              guint          round,
                                              guint          top_k,
                                              guint          wildcards,
                                              CtdAdvanceTie *out_tie,
                                              GError       **error);
GArray       *ctd_tournament_find_tie             (CtdStore            *store,
                                              guint                round,
                                              const CtdStandings  *standings,
                                              guint                top_k,
                                              guint                wildcards,
                                              GError             **error);
gboolean      ctd_tournament_tiebreak             (CtdStore      *store,
                                              guint          round,
                                              const gint64  *order,
                                              gsize          n_players,
                                              const guint64 *seed,
                                              GError       **error);
GArray       *ctd_tournament_list_advancers       (CtdStore      *store,
                                              guint          round,
                                              CtdStage      *out_next_stage,
                                              GError       **error);
CtdStandings *ctd_tournament_final_placings       (CtdStore      *store,
                                              guint         *out_round,
                                              GError       **error);
gboolean      ctd_tournament_check_finished       (CtdStore      *store,
                                              GError       **error);
/* The store's closing with the event's rule: only a finished event closes. */
gboolean      ctd_store_close_event          (CtdStore      *self,
                                              GError       **error);
gboolean      ctd_tournament_settle               (CtdStore      *store,
                                              guint          round,
                                              guint          chouette,
                                              CtdSettlement *out_settlement,
                                              GError       **error);

/* The standings desk (the Standings page, the Advance dialog) */
gboolean      ctd_tournament_get_cut              (CtdStore      *store,
                                              guint          round,
                                              guint         *out_top_k,
                                              guint         *out_wildcards,
                                              GError       **error);
gboolean      ctd_tournament_check_round_finished (CtdStore      *store,
                                              guint          round,
                                              GError       **error);
gboolean      ctd_tournament_check_hold_ups       (const CtdStoreRound *info,
                                              const GPtrArray     *hold_ups,
                                              GError             **error);

G_END_DECLS
