/* ctd-types.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Largest chouette: 4 players; the smallest is 3. */
#define CTD_MAX_PLAYERS 4
#define CTD_MIN_PLAYERS 3
/* Every chouette plays 12 games (rules 1.3-1.5). */
#define CTD_N_GAMES 12

/* A chouette is numbered from 1 within its round; the two numbers make
 * one hash-table key, the round in the high bits and the chouette in the
 * low 16 (a round has far fewer than 65536 chouettes). */
static inline gpointer
ctd_chouette_key (guint round,
                  guint chouette)
{
  g_assert (chouette <= G_MAXUINT16);
  return GUINT_TO_POINTER (round << 16 | chouette);
}

/* The round of a key made by ctd_chouette_key(). */
static inline guint
ctd_chouette_key_round (gconstpointer key)
{
  return GPOINTER_TO_UINT (key) >> 16;
}

/*
 * CtdHalves:
 *
 * A score in half points. Rule 2.5's penalty is half of a starting cube
 * of 1, so every score in the game is a whole number of half points; we
 * store them as integers and only show them as "3.5".
 */
typedef gint64 CtdHalves;

#define CTD_HALVES(points) ((CtdHalves) (points) * 2)

/* The nicks (CTD_TYPE_STAGE, ctd-enum-types.h) are the words stored in an
 * event file and printed by the CLI: changing one breaks old files. */
typedef enum
{
  CTD_STAGE_QUALIFYING,  /*< nick=qualifying >*/
  CTD_STAGE_SEMIFINAL,   /*< nick=semi-final >*/
  CTD_STAGE_FINAL,       /*< nick=final >*/
} CtdStage;

typedef enum
{
  CTD_ROUND_DRAWN,     /*< nick=drawn >*/
  CTD_ROUND_IN_PLAY,   /*< nick=in play >*/
  CTD_ROUND_COMPLETE,  /*< nick=complete >*/
  CTD_ROUND_RELEASED,  /*< nick=released >*/
  CTD_ROUND_CLOSED,    /*< nick=closed >*/
} CtdRoundState;

/* Rule 1.6: the crew's order for the last segment, by current score. */
typedef enum
{
  CTD_LAST_SEGMENT_HIGHEST_FIRST,  /*< nick=highest-first >*/
  CTD_LAST_SEGMENT_LOWEST_FIRST,   /*< nick=lowest-first >*/
} CtdLastSegmentDirection;

/* The paper a printed sheet is laid out for: an event's setting, kept
 * here, below the store that saves it and the output that uses it. The
 * nicks are a layout file's Paper values, read in any case. */
typedef enum
{
  CTD_SHEET_PAPER_A4,      /*< nick=a4 >*/
  CTD_SHEET_PAPER_LETTER,  /*< nick=letter >*/
} CtdSheetPaper;

char       *ctd_halves_to_string   (CtdHalves halves,
                                    gboolean  explicit_sign);
char       *ctd_halves_to_ascii    (CtdHalves halves,
                                    gboolean  explicit_sign);
gboolean    ctd_halves_parse       (const char *text,
                                    CtdHalves  *out_halves);
gboolean    ctd_halves_parse_ascii (const char *text,
                                    CtdHalves  *out_halves);

char       *ctd_printable        (const char *text);

const char *ctd_enum_to_nick     (GType       type,
                                  int         value);
gboolean    ctd_enum_from_nick   (GType       type,
                                  const char *text,
                                  int        *out_value);

const char *ctd_stage_to_string  (CtdStage stage);
gboolean    ctd_stage_parse      (const char *text,
                                  CtdStage   *out_stage);
const char *ctd_stage_to_title   (CtdStage stage);
gboolean    ctd_stage_has_next   (CtdStage stage);

const char *ctd_round_state_to_string (CtdRoundState state);
const char *ctd_round_state_to_title  (CtdRoundState state);
gboolean    ctd_round_state_parse     (const char    *text,
                                       CtdRoundState *out_state);

const char *ctd_last_segment_direction_to_string (CtdLastSegmentDirection direction);
gboolean    ctd_last_segment_direction_parse     (const char              *text,
                                                  CtdLastSegmentDirection *out_direction);
const char *ctd_last_segment_direction_to_title  (CtdLastSegmentDirection direction);
const char *ctd_sheet_paper_to_title             (CtdSheetPaper           paper);

void        ctd_sheet_paper_size (CtdSheetPaper paper,
                                  double       *out_width,
                                  double       *out_height);

G_END_DECLS
