/* ctd-display.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-records.h"

G_BEGIN_DECLS

/*
 * CtdDisplayMode:
 * @CTD_DISPLAY_WAITING: no round is drawn yet
 * @CTD_DISPLAY_PROGRESS: the current round is being played, or is over
 *   but not released: progress only, no score (rule 1.7)
 * @CTD_DISPLAY_STANDINGS: the current round's standings are posted (a
 *   released Qualifying or Semi-final round, or the Final while it is
 *   played, in the open), with who advances once the director chose
 * @CTD_DISPLAY_PLACINGS: the Final is complete: its placings stand (a
 *   tie shared until its roll-off is recorded)
 *
 * What the public display shows of the event right now.
 */
typedef enum
{
  CTD_DISPLAY_WAITING,
  CTD_DISPLAY_PROGRESS,
  CTD_DISPLAY_STANDINGS,
  CTD_DISPLAY_PLACINGS,
} CtdDisplayMode;

/*
 * CtdDisplayChouette:
 * @number: N of the label ROUND.N
 * @table: the table it plays at
 * @size: its players, 3 or 4
 * @names: their names by player number
 * @n_recorded: its games entered, of CTD_N_GAMES
 */
typedef struct
{
  guint  number;
  guint  table;
  guint  size;
  char  *names[CTD_MAX_PLAYERS];
  guint  n_recorded;
} CtdDisplayChouette;

/*
 * CtdDisplayRow:
 * @name: the player's name
 * @chouette: N of the player's chouette ROUND.N
 * @rank: 1 + the players ahead (roll-offs applied); tied players share it
 * @tied: the rank is shared by a tie no roll-off has broken
 * @score: the chouette total
 * @advances: the director chose the player to go on to the next round
 *
 * A line of posted standings: only ever made from a round whose scores
 * may be posted.
 */
typedef struct
{
  char      *name;
  guint      chouette;
  guint      rank;
  gboolean   tied;
  CtdHalves  score;
  gboolean   advances;
} CtdDisplayRow;

/*
 * CtdDisplay:
 * @event_name: the event's name
 * @mode: what is shown
 * @round: the current round (the newest drawn), 0 while waiting
 * @stage: its stage
 * @state: its state
 * @n_finished: its chouettes with every game entered
 * @chouettes: (element-type CtdDisplayChouette): its chouettes by number
 * @rows: (element-type CtdDisplayRow): its standings, best first; empty
 *   unless @mode is %CTD_DISPLAY_STANDINGS or %CTD_DISPLAY_PLACINGS
 * @n_advancing: how many of @rows advance (0 until the director chose)
 * @next_stage: the stage of the round they go to, when @n_advancing > 0
 *
 * The public posting of the event right now: what a projector in the
 * playing room may show, whatever the director's own screen shows.
 */
typedef struct
{
  char           *event_name;
  CtdDisplayMode  mode;
  guint           round;
  CtdStage        stage;
  CtdRoundState   state;
  guint           n_finished;
  GPtrArray      *chouettes;
  GPtrArray      *rows;
  guint           n_advancing;
  CtdStage        next_stage;
} CtdDisplay;

gboolean    ctd_display_shows_scores (CtdStage        stage,
                                      CtdRoundState   state);
gboolean    ctd_display_shows_placings (CtdStage      stage,
                                        CtdRoundState state);
gboolean    ctd_display_can_release  (CtdStage        stage,
                                      CtdRoundState   state);
const char *ctd_display_describe_publicity (CtdStage      stage,
                                            CtdRoundState state);
const char *ctd_display_describe_release   (CtdStage      stage,
                                            CtdRoundState state);
CtdDisplay *ctd_display_new          (CtdStore       *store,
                                      GError        **error);
char       *ctd_display_rank_text    (const CtdDisplay    *display,
                                      const CtdDisplayRow *row);
const char *ctd_display_heading      (const CtdDisplay    *display);
void        ctd_display_free         (CtdDisplay     *self);
CtdDisplayChouette *
            ctd_display_chouette_copy (const CtdDisplayChouette *chouette);
void        ctd_display_chouette_free (gpointer        data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdDisplay, ctd_display_free)

G_END_DECLS
