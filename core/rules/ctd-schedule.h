/* ctd-schedule.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_SCHEDULE_ERROR (ctd_schedule_error_quark ())

typedef enum
{
  CTD_SCHEDULE_ERROR_INVALID_ORDER,
} CtdScheduleError;

/*
 * CtdGameSlot:
 * @game: 1..12
 * @segment: 1..size: the segment number is also the Box's player number
 * @box: the Box's player number
 * @captain: the Captain's player number, or 0 in the last segment while
 *   its order is not known
 * @cube_start: the value every cube starts centred at: 1, 2 or 4
 * @last_segment: whether the game belongs to the last segment
 * @n_crew: size - 1
 * @playing_order: the crew in rolling order, Captain first; all zero
 *   while @captain is 0
 *
 * One row of the official scoring sheet, fixed by the schedule of rules
 * 1.3-1.6 (see SPEC section 3).
 */
typedef struct
{
  guint    game;
  guint    segment;
  guint    box;
  guint    captain;
  guint    cube_start;
  gboolean last_segment;
  guint    n_crew;
  guint    playing_order[CTD_MAX_PLAYERS - 1];
} CtdGameSlot;

GQuark   ctd_schedule_error_quark         (void);
gboolean ctd_schedule_size_is_valid       (guint size);
guint    ctd_schedule_first_last_game     (guint size);
guint    ctd_schedule_segment_of          (guint size,
                                           guint game);
guint    ctd_schedule_cube_start          (guint size,
                                           guint game);
void     ctd_schedule_slot                (guint        size,
                                           guint        game,
                                           const guint *last_segment_order,
                                           CtdGameSlot *out_slot);
void     ctd_schedule_last_segment_order  (guint                    size,
                                           const CtdHalves         *totals,
                                           CtdLastSegmentDirection  direction,
                                           guint                   *out_order);
gboolean ctd_schedule_check_last_segment_order (guint         size,
                                                const guint  *order,
                                                GError      **error);
void     ctd_schedule_decision_order      (const CtdGameSlot *slot,
                                           const CtdHalves   *totals,
                                           guint             *out_order);

G_END_DECLS
