/* ctd-sample.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ctd-chouette.h"
#include "ctd-rng.h"
#include "ctd-schedule.h"
#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_SAMPLE_ERROR (ctd_sample_error_quark ())

typedef enum
{
  CTD_SAMPLE_ERROR_UNSETTLED,  /* roll-offs kept leaving a tie that decides something */
  CTD_SAMPLE_ERROR_INVALID,    /* an option no event can be made with */
} CtdSampleError;

/*
 * CtdSampleOptions:
 * @settings: the event's settings (name, date, venue, stake, fee,
 *   direction, paper), as ctd_store_create() takes them
 * @players: (array length=n_players): the field, registered as one
 *   import and checked in
 * @n_players: how many
 * @source: (nullable): where the audit log says the players came from
 *   (a file name); %NULL for "sample"
 * @seed: fixes the draws, the results and the roll-offs
 * @play_all_rounds: go on through advancement to the final, with the
 *   format the plan proposes; otherwise only the qualifying round
 * @paper_totals: after each chouette's games, type its paper sheet's
 *   totals (they agree), as a director does with every returned sheet
 * @release_final: release the final once its placings are settled, so
 *   that its scores may be posted: the event is over
 * @log_start: (nullable): for ctd_sample_write_event(), when the file's
 *   audit log starts ("2026-05-16T13:30:00Z"); %NULL keeps the times
 *   at which the program played
 * @log_step_s: for ctd_sample_write_event(), the seconds between two
 *   entries of the re-timed log
 *
 * What ctd_sample_build_event() and ctd_sample_write_event() make.
 */
typedef struct
{
  CtdEventSettings    settings;
  const CtdNewPlayer *players;
  gsize               n_players;
  const char         *source;
  guint64             seed;
  gboolean            play_all_rounds;
  gboolean            paper_totals;
  gboolean            release_final;
  const char         *log_start;
  guint               log_step_s;
} CtdSampleOptions;

GQuark    ctd_sample_error_quark     (void);

char     *ctd_sample_random_notation (CtdRng                 *rng,
                                      const CtdGameSlot      *slot,
                                      guint                   size);
void      ctd_sample_view_game       (CtdChouette            *chouette,
                                      guint                   game,
                                      CtdChouetteGame        *out_view);
gboolean  ctd_sample_play_round      (CtdStore               *store,
                                      guint                   round,
                                      CtdRng                 *rng,
                                      gboolean                paper_totals,
                                      GError                **error);
gboolean  ctd_sample_roll_off_ties   (CtdStore               *store,
                                      guint                   round,
                                      guint                   top_k,
                                      guint                   wildcards,
                                      guint64                 seed,
                                      GError                **error);
gboolean  ctd_sample_build_event     (const char             *path,
                                      const CtdSampleOptions *options,
                                      GError                **error);
gboolean  ctd_sample_write_event     (const char             *path,
                                      const CtdSampleOptions *options,
                                      GError                **error);
const CtdSampleOptions *
          ctd_sample_get_shipped     (void);
char     *ctd_sample_save_new        (GBytes                 *contents,
                                      const char             *dir,
                                      const char             *base_name,
                                      GError                **error);

G_END_DECLS
