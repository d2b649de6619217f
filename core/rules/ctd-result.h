/* ctd-result.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_RESULT_ERROR (ctd_result_error_quark ())

typedef enum
{
  CTD_RESULT_ERROR_SYNTAX,      /* a token that is not notation */
  CTD_RESULT_ERROR_PLAYER,      /* no such player, the Box's own cube, a repeat */
  CTD_RESULT_ERROR_VALUE,       /* a cube value that cannot arise */
  CTD_RESULT_ERROR_OUTCOME,     /* outcome missing, misplaced or contradicting the cubes */
  CTD_RESULT_ERROR_EXTRA,       /* an offerer who did not pass, a taker who took no double */
  CTD_RESULT_ERROR_PENALTY,     /* a penalty to someone other than Box or Captain, not half V0,
                                 * or from a player still in the game */
  CTD_RESULT_ERROR_MAJORITY,    /* rule 3.6 */
  CTD_RESULT_ERROR_ADJUSTMENT,  /* a director's adjustment to oneself, of nothing, or too many */
} CtdResultError;

/* How one cube ended (rule 3.5: every cube ends in exactly one way); an
 * extra ends the same ways but is never washed. The nicks
 * (CTD_TYPE_CUBE_END, CTD_TYPE_WINNER) are the choices a result form offers. */
typedef enum
{
  /* played to the end: "P:V" */
  CTD_CUBE_PLAYED,        /*< nick=played >*/
  /* crew member (extra: the taker P) passed: "P:V-" */
  CTD_CUBE_TAKER_PASSED,  /*< nick=taker-passed >*/
  /* the Box (extra: the offerer Q) passed: "P:V+" */
  CTD_CUBE_OWNER_PASSED,  /*< nick=owner-passed >*/
  /* rule 2.5: removed, no points: "P:w" */
  CTD_CUBE_WASH,          /*< nick=wash >*/
} CtdCubeEnd;

typedef enum
{
  /* "-": every cube was passed or washed */
  CTD_WINNER_NONE,  /*< nick=none >*/
  /* "B" */
  CTD_WINNER_BOX,   /*< nick=box >*/
  /* "T" */
  CTD_WINNER_TEAM,  /*< nick=team >*/
} CtdWinner;

/*
 * CtdGameContext:
 *
 * What a result line is checked against: the game's number (for
 * messages), the chouette's size, and the game's Box, Captain and
 * starting cube from the schedule.
 */
typedef struct
{
  guint game;
  guint size;
  guint box;
  guint captain;
  guint cube_start;
} CtdGameContext;

/* A crew member's cube against the Box. @value is the cube's value in
 * points when it ended (for a pass: the value before the refused double). */
typedef struct
{
  CtdCubeEnd end;
  guint      value;
} CtdCube;

/* Rule 3.7: an extra offered by @offerer (who passed the Box's cube at
 * Vq) and taken by @taker (who took a double from the Box), for which
 * @offerer paid @taker Vq; @end and @value say how it ended (SPEC 5). */
typedef struct
{
  guint      offerer;
  guint      taker;
  CtdCubeEnd end;
  guint      value;
} CtdExtra;

/* Rule 2.5: @from, a crew member already out of the game (their cube
 * passed or washed), pays @to (the game's Box or Captain, not @from)
 * @amount half points, always half the game's starting cube. */
typedef struct
{
  guint     from;
  guint     to;
  CtdHalves amount;
} CtdPenalty;

/* SPEC 5: a director's adjustment, "A:Q>R:V": @from pays @to @amount
 * half points (more than zero) for a ruling that no other token
 * expresses, such as rule 2.5's option of making an offender liable for
 * another cube. Sheets and logs show it as an adjustment, never as a
 * game result. */
typedef struct
{
  guint     from;
  guint     to;
  CtdHalves amount;
} CtdAdjustment;

#define CTD_MAX_EXTRAS      6
#define CTD_MAX_PENALTIES   8
#define CTD_MAX_ADJUSTMENTS 8
/* No legal line is longer than this; longer input is refused unread. */
#define CTD_RESULT_MAX_LENGTH 512

/* No table doubles a cube past this many points; the cap keeps every
 * product of value, multiplier and half points far inside gint64. */
#define CTD_CUBE_MAX_POINTS (1u << 20)
/* More half points than one player can win or lose in one game, every
 * cube, extra, penalty and adjustment at its cap; and over the 12 games
 * of a chouette. A score, a paper total or a stored delta beyond these
 * cannot come from a legal sheet.
 *
 * Counted in half points, with M = CTD_CUBE_MAX_POINTS (a cube at M
 * points moves 2M half points), one crew member is party to at most:
 *   - their own cube, played to the end at M as a backgammon: 6M;
 *   - 4 extras (offering to or taking from each of the other 2 crew
 *     members of a 4-player chouette), each moving the value Vq paid for
 *     the take and 3V on the extra, V <= M and Vq <= V / 2: 7M each, 28M;
 *   - CTD_MAX_PENALTIES penalties of half a starting cube (<= M): 8M;
 *   - CTD_MAX_ADJUSTMENTS adjustments of at most M points: 16M;
 * 58M in all. The Box, who takes no part in extras, is party to at most
 * 3 x 6M + 8M + 16M = 42M. A legal line reaches 40M (test-result-score.c's
 * test_game_bound), so the bound is within a factor 1.5 of the truth. */
#define CTD_GAME_HALVES_MAX      (G_GINT64_CONSTANT (58) * CTD_CUBE_MAX_POINTS)
#define CTD_CHOUETTE_HALVES_MAX  (CTD_N_GAMES * CTD_GAME_HALVES_MAX)

/*
 * CtdResult:
 * @context: the game the result belongs to
 * @winner: who won the game, or %CTD_WINNER_NONE
 * @multiplier: 1, 2 or 3 (single, gammon, backgammon); 0 with no winner
 * @cubes: @cubes[p - 1] is player p's cube; the Box's entry and those
 *   past the chouette's size are unused and zero. A crew member left out
 *   of the line played to the end at the start value.
 * @extras: sorted by offerer, then taker
 * @penalties: sorted by payer, payee, amount
 * @together: "!T": the whole crew doubled together as an initial
 *   offering (rule 3.6 majority check)
 * @adjustments: the director's adjustments, sorted by payer, payee,
 *   amount
 *
 * A parsed, validated and normalised game result. Two results for the
 * same game are equal exactly when their canonical notations are equal.
 */
typedef struct
{
  CtdGameContext context;
  CtdWinner      winner;
  guint          multiplier;
  CtdCube        cubes[CTD_MAX_PLAYERS];
  guint          n_extras;
  CtdExtra       extras[CTD_MAX_EXTRAS];
  guint          n_penalties;
  CtdPenalty     penalties[CTD_MAX_PENALTIES];
  gboolean       together;
  guint          n_adjustments;
  CtdAdjustment  adjustments[CTD_MAX_ADJUSTMENTS];
} CtdResult;

/* One payment of a game's ledger: @from pays @to @amount half points.
 * The kind says which token it comes from, so that a sheet or a log can
 * print an adjustment as such. */
typedef enum
{
  CTD_PAYMENT_CUBE,        /* a crew member's cube against the Box */
  CTD_PAYMENT_EXTRA,       /* an extra: taking it (Vq), then how it ended */
  CTD_PAYMENT_PENALTY,     /* rule 2.5's penalty */
  CTD_PAYMENT_ADJUSTMENT,  /* a director's adjustment */
} CtdPaymentKind;

typedef struct
{
  CtdPaymentKind kind;
  guint          from;
  guint          to;
  CtdHalves      amount;
} CtdPayment;

GQuark     ctd_result_error_quark (void);

CtdResult *ctd_result_parse   (const CtdGameContext *context,
                               const char           *notation,
                               GError              **error);
CtdResult *ctd_result_parse_named (const CtdGameContext *context,
                                   const char *const    *names,
                                   const char           *notation,
                                   GError              **error);
CtdResult *ctd_result_parse_stored (const CtdGameContext *context,
                                    const char *const    *names,
                                    const char           *notation,
                                    GError              **error);
char      *ctd_result_format  (const CtdResult      *result);
gboolean   ctd_result_equal   (const CtdResult      *a,
                               const CtdResult      *b);
CtdResult *ctd_result_copy    (const CtdResult      *result);
void       ctd_result_free    (CtdResult            *result);

GArray    *ctd_result_ledger  (const CtdResult      *result);
void       ctd_result_deltas  (const CtdResult      *result,
                               CtdHalves            *out_deltas);

const char *ctd_result_payment_kind_to_string (CtdPaymentKind kind);
char       *ctd_result_describe_jacoby (const CtdResult   *result,
                                        const char *const *names);

/* What a result form may offer: a cube's starting value and this many
 * doublings (64 x V0), more than a table plays and far inside what the
 * notation accepts; a bigger cube is typed as a line. */
#define CTD_RESULT_FORM_DOUBLINGS 6

GArray    *ctd_result_cube_values    (const CtdGameContext *context,
                                      guint                 max_doublings);
GArray    *ctd_result_extra_values   (const CtdGameContext *context,
                                      guint                 passed_value,
                                      CtdCubeEnd            end,
                                      guint                 max_doublings);
CtdHalves  ctd_result_penalty_amount (const CtdGameContext *context);
GArray    *ctd_result_penalty_payers (const CtdGameContext *context,
                                      const CtdCube        *cubes,
                                      const CtdExtra       *extras,
                                      guint                 n_extras);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdResult, ctd_result_free)

G_END_DECLS
