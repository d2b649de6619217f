/* test-result-refusals.c: the lines a result refuses, with a message
 * that names the game and what was expected.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ctd-result.h"
#include "ctd-rng.h"
#include "ctd-test-result.h"

/* ------------------------------------------------------------------ */
/* Refusals */

typedef struct
{
  guint           size;
  guint           box;
  guint           captain;
  guint           cube_start;
  const char     *line;
  CtdResultError  code;
  const char     *needle;
  const char     *needle2;
} RefusalCase;

static const RefusalCase refusal_cases[] = {
  /* The line itself. */
  { 4, 1, 2, 2, "", CTD_RESULT_ERROR_SYNTAX, "the result is empty", "e.g. 'B'" },
  { 4, 1, 2, 2, " \t\n ", CTD_RESULT_ERROR_SYNTAX, "the result is empty", NULL },
  { 4, 1, 2, 2, "B \xff", CTD_RESULT_ERROR_SYNTAX, "UTF-8", NULL },
  { 4, 1, 2, 2, "B 3:4 \xc3", CTD_RESULT_ERROR_SYNTAX, "UTF-8", NULL },
  { 4, 1, 2, 2, "B 3:4 xyz", CTD_RESULT_ERROR_SYNTAX, "'xyz' is not result notation", "E:Q>P:V" },
  /* Letters in any case are notation (SPEC 5), so these are read, and
   * refused for what they say. */
  { 4, 1, 2, 2, "B 3:4 e:3>4:8", CTD_RESULT_ERROR_EXTRA,
    "only a crew member who passed the Box's cube can offer an extra", NULL },
  { 4, 1, 2, 2, "B !t", CTD_RESULT_ERROR_MAJORITY, "'!T' says the whole crew doubled", NULL },
  { 4, 1, 2, 2, "bg 3:4 BG", CTD_RESULT_ERROR_OUTCOME, "'BG' is a second outcome", NULL },
  { 4, 1, 2, 2, "B 3:ww", CTD_RESULT_ERROR_SYNTAX, "'3:ww' is not a cube", NULL },
  { 4, 1, 2, 2, "B g:3>1:1", CTD_RESULT_ERROR_SYNTAX, "'g:3>1:1' is not result notation", NULL },
  { 4, 1, 2, 2, "Gb 3:4", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome", NULL },
  { 4, 1, 2, 2, "B 3:4x", CTD_RESULT_ERROR_SYNTAX, "'3:4x' is not a cube", "e.g. '3:4-'" },
  { 4, 1, 2, 2, "B 3:", CTD_RESULT_ERROR_SYNTAX, "'3:' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3", CTD_RESULT_ERROR_SYNTAX, "'3' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:-4", CTD_RESULT_ERROR_SYNTAX, "'3:-4' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:4+-", CTD_RESULT_ERROR_SYNTAX, "'3:4+-' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3:w-", CTD_RESULT_ERROR_SYNTAX, "'3:w-' is not a cube", NULL },
  { 4, 1, 2, 2, "B 3::4", CTD_RESULT_ERROR_SYNTAX, "'3::4' is not a cube", NULL },

  /* The outcome. */
  { 4, 1, 2, 2, "3:4 B", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome",
    "not with '3:4'" },
  { 4, 1, 2, 2, "B T", CTD_RESULT_ERROR_OUTCOME, "'T' is a second outcome", NULL },
  { 4, 1, 2, 2, "Bg 3:4 Bg", CTD_RESULT_ERROR_OUTCOME, "'Bg' is a second outcome", NULL },
  { 4, 1, 2, 2, "- 2:2- 3:2- -", CTD_RESULT_ERROR_OUTCOME, "'-' is a second outcome", NULL },
  /* A left-out crew member played at V0, so "-" cannot be right. */
  { 4, 1, 2, 2, "- 2:2- 3:2-", CTD_RESULT_ERROR_OUTCOME,
    "player 4's cube is not listed, so it counts as played to the end at its starting value 2",
    "'4:2-'" },
  { 4, 1, 2, 2, "- 2:2- 3:4 4:2-", CTD_RESULT_ERROR_OUTCOME,
    "the outcome is '-', but player 3's cube was played to the end at 4", "Tg" },
  { 4, 1, 2, 1, "- 2:1- 3:4- 4:1- E:2>3:2", CTD_RESULT_ERROR_OUTCOME,
    "the extra from player 2 to player 3 was played to the end ('E:2>3:2')", NULL },
  { 4, 1, 2, 2, "B 2:2- 3:2- 4:w", CTD_RESULT_ERROR_OUTCOME,
    "the outcome is 'B', but no cube was played to the end", "write '-'" },
  { 4, 1, 2, 2, "Tg 2:2+ 3:2+ 4:2+", CTD_RESULT_ERROR_OUTCOME, "the outcome is 'Tg'", NULL },
  { 3, 2, 3, 1, "Bb 1:1- 3:4- E:1>3:1-", CTD_RESULT_ERROR_OUTCOME, "the outcome is 'Bb'", NULL },

  /* Players. */
  { 4, 1, 2, 2, "B 5:4", CTD_RESULT_ERROR_PLAYER, "'5:4' names a player who is not in",
    "players are 1 to 4" },
  { 4, 1, 2, 2, "B 0:2", CTD_RESULT_ERROR_PLAYER, "'0:2' names a player", NULL },
  { 3, 1, 2, 2, "B 4:2", CTD_RESULT_ERROR_PLAYER, "'4:2' names a player", "players are 1 to 3" },
  { 4, 1, 2, 2, "B 99999999999999:2", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  { 4, 1, 2, 2, "B 1:4", CTD_RESULT_ERROR_PLAYER, "player 1 is the Box",
    "the Box holds no crew cube" },
  { 4, 3, 4, 2, "B 3:4", CTD_RESULT_ERROR_PLAYER, "'3:4': player 3 is the Box", NULL },
  { 3, 2, 1, 1, "T 2:w", CTD_RESULT_ERROR_PLAYER, "player 2 is the Box", NULL },
  { 4, 1, 2, 2, "B 3:4 3:8", CTD_RESULT_ERROR_PLAYER, "player 3's cube is listed twice",
    "'3:8'" },
  { 4, 1, 2, 2, "B 3:2 3:2", CTD_RESULT_ERROR_PLAYER, "player 3's cube is listed twice", NULL },

  /* Cube values. */
  { 4, 1, 2, 2, "B 3:3", CTD_RESULT_ERROR_VALUE,
    "player 3's cube value 3 cannot arise from a starting cube of 2; expected 2, 4, 8, 16, …",
    "(in '3:3')" },
  { 4, 1, 2, 2, "B 3:1", CTD_RESULT_ERROR_VALUE, "player 3's cube value 1 cannot arise", NULL },
  { 4, 1, 2, 4, "B 4:0", CTD_RESULT_ERROR_VALUE, "expected 4, 8, 16, 32, … (in", NULL },
  { 4, 1, 2, 2, "B 2:6-", CTD_RESULT_ERROR_VALUE, "player 2's cube value 6 cannot", NULL },
  { 4, 2, 3, 1, "- 1:12+", CTD_RESULT_ERROR_VALUE, "expected 1, 2, 4, 8, … (in", NULL },
  /* The list stops at the cap, which is named only to who went past it. */
  { 4, 1, 2, 262144, "B 3:3", CTD_RESULT_ERROR_VALUE,
    "expected 262144, 524288, 1048576 (in '3:3')", NULL },
  { 4, 1, 2, 1, "B 3:2097152", CTD_RESULT_ERROR_VALUE, "cube value 2097152 cannot arise",
    "expected 1, 2, 4, 8, … (no cube goes past 1048576)" },
  { 4, 1, 2, 1, "B 3:99999999999999999999", CTD_RESULT_ERROR_VALUE, "cannot arise",
    "'3:99999999999999999999'" },

  /* Extras. */
  { 4, 1, 2, 2, "B 3:4 4:2 E:3>4:8", CTD_RESULT_ERROR_EXTRA,
    "only a crew member who passed the Box's cube can offer an extra",
    "player 3's cube was played to the end at 4" },
  { 4, 1, 2, 2, "B 4:2 E:3>4:8", CTD_RESULT_ERROR_EXTRA,
    "player 3's cube is not listed, so it counts as played to the end", "'3:2-'" },
  { 4, 1, 2, 2, "B 3:2+ E:3>4:4", CTD_RESULT_ERROR_EXTRA, "was passed by the Box at 2", NULL },
  { 4, 1, 2, 2, "B 3:w E:3>4:4", CTD_RESULT_ERROR_EXTRA, "player 3's cube was washed", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:w", CTD_RESULT_ERROR_EXTRA, "an extra cannot be washed",
    "E:3>4:V" },
  { 4, 1, 2, 2, "B 3:2- E:3>3:4", CTD_RESULT_ERROR_EXTRA,
    "player 3 cannot take their own extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>1:4", CTD_RESULT_ERROR_EXTRA,
    "the Box (player 1) can neither offer nor take an extra", NULL },
  { 4, 2, 3, 2, "B 3:2- E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "the Box (player 2) can neither offer nor take", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:4 E:3>4:8", CTD_RESULT_ERROR_PLAYER,
    "the extra from player 3 to player 4 is listed twice", "'E:3>4:8'" },
  { 4, 1, 2, 2, "B 3:2- E:3>5:4", CTD_RESULT_ERROR_PLAYER, "'E:3>5:4' names a player", NULL },
  { 4, 1, 2, 2, "B 3:2- E:0>4:4", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3-4:4", CTD_RESULT_ERROR_SYNTAX, "'E:3-4:4' is not an extra",
    "'E:3>4:4'" },
  { 4, 1, 2, 2, "B 3:2- E:3>4", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:3>4:4x", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },
  { 4, 1, 2, 2, "B 3:2- E:>4:4", CTD_RESULT_ERROR_SYNTAX, "is not an extra", NULL },

  /* An extra's taker took a double from the Box: the cube went above V0
   * and was not washed. */
  { 4, 1, 2, 1, "B 3:1- E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "'E:3>4:2': only a crew member who took a double from the Box can take an extra, "
    "but player 4's cube is not listed, so it counts as played to the end at its starting "
    "value 1; expected player 4's cube above its starting value 1, e.g. '4:2'", NULL },
  { 4, 1, 2, 1, "B 3:1- 4:1 E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was played to the end at 1", "above its starting value 1" },
  { 4, 1, 2, 1, "B 3:1- 4:1- E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was passed by player 4 at 1", NULL },
  { 4, 1, 2, 1, "B 3:1- 4:1+ E:3>4:2", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was passed by the Box at 1", NULL },
  { 4, 1, 2, 2, "B 3:2- 4:w E:3>4:4", CTD_RESULT_ERROR_EXTRA, "player 4's cube was washed",
    "e.g. '4:4'" },
  { 3, 2, 3, 4, "T 1:4- E:1>3:8", CTD_RESULT_ERROR_EXTRA, "player 3's cube is not listed",
    NULL },

  /* Extras only for a lone taker of the Box's initial offering (SPEC
   * 5, rules 3.3 and 3.7): "2:2-" at V0 = 1 is player 2's own double
   * redoubled by the Box, not a take. */
  { 4, 1, 2, 1, "B 2:2- 3:1- 4:1- E:3>2:4", CTD_RESULT_ERROR_EXTRA,
    "'E:3>2:4': only the crew member who took the Box's initial double can take an extra "
    "(rules 3.3 and 3.7), but player 2's cube was passed by player 2 at 2, which is not that "
    "take at a starting cube of 1; player 2's cube should end played to the end at 2, 4, 8, …, "
    "passed by player 2 at 4, 16, 64, … or passed by the Box at 2, 8, 32, …", NULL },
  { 4, 1, 2, 1, "B 2:1- 3:4+ 4:1- E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "player 3's cube was passed by the Box at 4, which is not that take", NULL },
  { 4, 1, 2, 1, "B 2:1- 3:2 4:2 E:2>3:4 E:2>4:4", CTD_RESULT_ERROR_EXTRA,
    "extras are only for a lone crew member who took the Box's initial double (rules 3.3 and "
    "3.7), but the extras are taken by player 3 ('E:2>3:4') and by player 4 ('E:2>4:4'); "
    "expected one taker", NULL },
  { 4, 1, 2, 1, "B 2:1- 3:2 4:2 E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "'E:2>3:4': extras are only for a lone crew member who took the Box's initial double "
    "(rules 3.3 and 3.7), when every other crew member passed it at the starting value 1, but "
    "player 4's cube was played to the end at 2; expected '4:1-'", NULL },
  { 4, 1, 2, 1, "B 2:4- 3:2 4:1- E:2>3:8", CTD_RESULT_ERROR_EXTRA,
    "but player 2's cube was passed by player 2 at 4; expected '2:1-'", NULL },
  { 4, 1, 2, 2, "T 2:2- 3:4 E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube is not listed, so it counts as played to the end at its starting value "
    "2; expected '4:2-'", NULL },
  { 4, 1, 2, 1, "B 2:1- 3:2 4:w E:2>3:4", CTD_RESULT_ERROR_EXTRA,
    "player 4's cube was washed; expected '4:1-'", NULL },

  /* Extra values: Vq x 2^k, k >= 1 when played or passed by Q; passed by
   * P at Vq (refusing the offer) or at k >= 2. */
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:2", CTD_RESULT_ERROR_VALUE,
    "the extra from player 3 to player 4 cannot be played at 2: player 3 passed at 2, "
    "so expected 4, 8, 16, 32, …", "'E:3>4:2'" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:2+", CTD_RESULT_ERROR_VALUE, "cannot end passed at 2",
    "expected 4, 8, 16, 32, …" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:6-", CTD_RESULT_ERROR_VALUE, "cannot end passed at 6",
    "expected 2 (player 4 refusing the offer) or 8, 16, 32, 64, …" },
  { 4, 1, 2, 2, "B 3:2- 4:4 E:3>4:1-", CTD_RESULT_ERROR_VALUE,
    "expected 2 (player 4 refusing the offer) or 8, 16, 32, 64, …", NULL },
  /* Q can only redouble a cube Q owns: P cannot pass at 2 Vq. */
  { 4, 1, 2, 1, "B 2:1- 3:2 E:2>3:2-", CTD_RESULT_ERROR_VALUE,
    "the extra from player 2 to player 3 cannot end passed at 2: player 2 passed at 1, so "
    "expected 1 (player 3 refusing the offer) or 4, 8, 16, 32, …", "'E:2>3:2-'" },
  { 4, 1, 2, 1, "B 3:4- 4:2 E:3>4:4", CTD_RESULT_ERROR_VALUE, "player 3 passed at 4",
    "expected 8, 16, 32, 64, …" },
  { 4, 1, 2, 1, "B 3:1- 4:2 E:3>4:4194304", CTD_RESULT_ERROR_VALUE,
    "cannot be played at 4194304", "expected 2, 4, 8, 16, … (no cube goes past 1048576)" },
  { 4, 1, 2, 1, "- 2:1048576- 3:1048576- 4:1048576- E:2>3:1048576+", CTD_RESULT_ERROR_VALUE,
    "cannot end passed at 1048576", "expected nothing, since no cube goes past 1048576" },

  /* Penalties. */
  { 4, 1, 2, 2, "B F:3>4:1", CTD_RESULT_ERROR_PENALTY,
    "the aggrieved Box (player 1) or Captain (player 2), not to player 4", NULL },
  { 4, 3, 1, 2, "B F:4>2:1", CTD_RESULT_ERROR_PENALTY, "Box (player 3) or Captain (player 1)",
    NULL },
  { 4, 1, 2, 2, "B F:1>1:1", CTD_RESULT_ERROR_PENALTY,
    "player 1 cannot pay a penalty to themselves", NULL },
  { 4, 1, 2, 2, "B F:5>1:1", CTD_RESULT_ERROR_PLAYER, "'F:5>1:1' names a player", NULL },
  { 4, 1, 2, 2, "B F:3>7:1", CTD_RESULT_ERROR_PLAYER, "names a player", NULL },
  /* Rule 2.5's amount: exactly half the starting cube. */
  { 4, 1, 2, 2, "B F:3>1:2", CTD_RESULT_ERROR_PENALTY,
    "'F:3>1:2': a penalty is half the game's starting cube of 2 (rule 2.5), so expected 1, "
    "not 2", NULL },
  { 4, 1, 2, 1, "B F:3>1:1", CTD_RESULT_ERROR_PENALTY, "starting cube of 1",
    "expected 0.5, not 1" },
  { 4, 1, 2, 4, "B F:3>1:1", CTD_RESULT_ERROR_PENALTY, "starting cube of 4",
    "expected 2, not 1" },
  { 4, 1, 2, 4, "B F:3>2:4", CTD_RESULT_ERROR_PENALTY, "expected 2, not 4", NULL },
  { 4, 1, 2, 2, "B F:3>1:0.5", CTD_RESULT_ERROR_PENALTY, "expected 1, not 0.5", NULL },
  { 4, 1, 2, 2, "B F:3>1:0", CTD_RESULT_ERROR_PENALTY, "expected 1, not 0", NULL },
  { 4, 1, 2, 2, "B F:3>1:-1", CTD_RESULT_ERROR_PENALTY, "expected 1, not -1", NULL },
  { 4, 1, 2, 2, "B F:3>1:0.25", CTD_RESULT_ERROR_PENALTY,
    "the penalty '0.25' is not a whole or half number of points", "expected 1" },
  { 4, 1, 2, 2, "B F:3>1:x", CTD_RESULT_ERROR_PENALTY, "not a whole or half", NULL },
  { 4, 1, 2, 2, "B F:3>1:9999999", CTD_RESULT_ERROR_PENALTY, "not 9999999", NULL },
  { 4, 1, 2, 2, "B F:3>1:", CTD_RESULT_ERROR_SYNTAX, "'F:3>1:' is not a penalty",
    "'F:4>1:0.5'" },
  { 4, 1, 2, 2, "B F:3:1", CTD_RESULT_ERROR_SYNTAX, "is not a penalty", NULL },
  { 4, 1, 2, 2,
    "B F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:3>1:1 F:4>2:1",
    CTD_RESULT_ERROR_PENALTY, "more than 8 penalties", "'F:4>2:1'" },
  /* Rule 2.5's penalty is for a player already out of the game: not
   * one whose cube is still played, nor the Box. */
  { 4, 1, 2, 1, "T 3:2 F:3>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 3 cannot pay a penalty ('F:3>1:0.5'): rule 2.5's penalty is for a player already "
    "out of the game, whose cube was passed or washed, but player 3's cube was played to the "
    "end at 2; a player still in the game loses their cube to the aggrieved player or has it "
    "washed (write how it ended), or the director records another payment with A:3>1:V",
    NULL },
  { 4, 1, 2, 1, "T F:1>2:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 1 cannot pay a penalty ('F:1>2:0.5')", "but player 1 is the Box; " },
  { 4, 1, 2, 1, "B 3:1- F:4>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "but player 4's cube is not listed, so it counts as played to the end", "A:4>1:V" },
  /* The Captain still in the game pays neither the Box nor anyone. */
  { 3, 3, 1, 2, "T 2:2- F:1>3:1", CTD_RESULT_ERROR_PENALTY, "player 1 cannot pay a penalty",
    NULL },
  /* An extra's taker who later passed is out; the offerer of an extra
   * they still play is out of their own cube, as the rule reads. */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:3>4:4 F:4>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 4's cube was played to the end at 2", NULL },
  /* An extra played to the end keeps its offerer in the game (SPEC 5);
   * one that ended by a pass does not (test-result-score.c). */
  { 4, 1, 2, 1, "B 2:1- 3:1- 4:2 E:2>4:4 F:2>1:0.5", CTD_RESULT_ERROR_PENALTY,
    "player 2 cannot pay a penalty ('F:2>1:0.5')",
    "but the extra from player 2 to player 4 was played to the end ('E:2>4:4'), which keeps "
    "player 2 in the game; " },
  { 4, 1, 2, 1, "Tg 2:1- 3:1- 4:2 E:2>4:2 E:3>4:4 F:3>2:0.5", CTD_RESULT_ERROR_PENALTY,
    "the extra from player 3 to player 4 was played to the end ('E:3>4:4')", NULL },

  /* Director's adjustments. */
  { 4, 1, 2, 2, "B A:3>3:1", CTD_RESULT_ERROR_ADJUSTMENT,
    "'A:3>3:1': player 3 cannot pay an adjustment to themselves", NULL },
  { 4, 1, 2, 2, "B A:5>1:1", CTD_RESULT_ERROR_PLAYER, "'A:5>1:1' names a player",
    "players are 1 to 4" },
  { 3, 1, 2, 2, "B A:2>4:1", CTD_RESULT_ERROR_PLAYER, "'A:2>4:1' names a player", NULL },
  { 4, 1, 2, 2, "B A:3>1:0", CTD_RESULT_ERROR_ADJUSTMENT, "more than zero",
    "swap the players (A:1>3:...)" },
  { 4, 1, 2, 2, "B A:3>1:-2", CTD_RESULT_ERROR_ADJUSTMENT, "more than zero", NULL },
  { 4, 1, 2, 2, "B A:3>1:2097152", CTD_RESULT_ERROR_ADJUSTMENT, "at most 1048576 points",
    NULL },
  /* Sixteen significant digits are past what a half point holds. */
  { 4, 1, 2, 2, "T A:1>2:1234567890123456", CTD_RESULT_ERROR_ADJUSTMENT,
    "the adjustment '1234567890123456' is not a whole or half number of points", NULL },
  { 4, 1, 2, 2, "T A:1>2:123456789012345", CTD_RESULT_ERROR_ADJUSTMENT, "at most 1048576 points",
    NULL },
  { 4, 1, 2, 2, "B A:3>1:0.25", CTD_RESULT_ERROR_ADJUSTMENT,
    "the adjustment '0.25' is not a whole or half number of points", NULL },
  { 4, 1, 2, 2, "B A:3>1:", CTD_RESULT_ERROR_SYNTAX, "'A:3>1:' is not an adjustment",
    "'A:3>1:2.5'" },
  { 4, 1, 2, 2, "B A:3:1", CTD_RESULT_ERROR_SYNTAX, "is not an adjustment", NULL },
  { 4, 1, 2, 2, "A:3>1:1 B", CTD_RESULT_ERROR_OUTCOME, "must start with the outcome", NULL },
  { 4, 1, 2, 2,
    "B A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:3>1:1 A:4>2:7",
    CTD_RESULT_ERROR_ADJUSTMENT, "more than 8 adjustments", "'A:4>2:7'" },
  /* An adjustment is not a cube: it cannot stand in for the outcome. */
  { 4, 1, 2, 2, "T 2:2- 3:2- 4:2- A:1>2:4", CTD_RESULT_ERROR_OUTCOME,
    "no cube was played to the end", NULL },

  /* Rule 3.6. */
  { 4, 1, 2, 2, "T 2:4 3:4 4:4 !T !T", CTD_RESULT_ERROR_SYNTAX, "'!T' appears twice", NULL },
  { 4, 1, 2, 2, "T 2:4 3:4 4:2 !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube was played to the end at 2, which contradicts it", "'4:2+'" },
  { 4, 1, 2, 2, "T 2:4 3:4 !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube is not listed, so it counts as played", "contradicts" },
  { 4, 1, 2, 1, "T 2:4 3:4 4:1- !T", CTD_RESULT_ERROR_MAJORITY,
    "player 4's cube was passed by player 4 at 1", "worth 2 or more" },
  { 4, 1, 2, 1, "T 2:4 3:1+ 4:1+ !T", CTD_RESULT_ERROR_MAJORITY,
    "majority of the cubes offered together (at least 2 of 3)", "1 taken and 2 passed" },
  { 4, 1, 2, 1, "T 2:4 3:w 4:1+ !T", CTD_RESULT_ERROR_MAJORITY,
    "majority of the cubes offered together (both of 2)", "1 taken and 1 passed" },
  { 3, 1, 2, 4, "T 2:8 3:4+ !T", CTD_RESULT_ERROR_MAJORITY, "(both of 2)",
    "1 taken and 1 passed" },
  { 3, 3, 1, 2, "- 1:2+ 2:4- !T", CTD_RESULT_ERROR_MAJORITY, "1 taken and 1 passed", NULL },
  { 4, 1, 2, 1, "- 2:w 3:w 4:w !T", CTD_RESULT_ERROR_MAJORITY, "every crew cube was washed",
    "remove '!T'" },
};

static void
test_refusal_table (void **state G_GNUC_UNUSED)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    {
      const RefusalCase *c = &refusal_cases[i];
      CtdGameContext context = ctd_test_make_context (5, c->size, c->box, c->captain,
                                                      c->cube_start);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdResult) result = ctd_result_parse (&context, c->line, &error);

      if (result != NULL)
        fail_msg ("'%s' was accepted", c->line);
      assert_non_null (error);
      if (!g_error_matches (error, CTD_RESULT_ERROR, c->code)
          || !g_str_has_prefix (error->message, "Game 5: ")
          || strstr (error->message, c->needle) == NULL
          || (c->needle2 != NULL && strstr (error->message, c->needle2) == NULL))
        fail_msg ("'%s': unexpected error %d: %s", c->line, error->code, error->message);
    }
}

static void
test_refusal_exact_message (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (5, 4, 1, 2, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdResult) result = ctd_result_parse (&context, "B 3:3", &error);

  assert_null (result);
  assert_string_equal (error->message,
                       "Game 5: player 3's cube value 3 cannot arise from a starting cube of "
                       "2; expected 2, 4, 8, 16, … (in '3:3')");

  /* Without an error location the refusal is still a refusal. */
  assert_null (ctd_result_parse (&context, "B 3:3", NULL));
}

/* With the chouette's names, a message names each player as the
 * chouette's page previews a line, "2 Dagný Jónsdóttir"; a player
 * without a name stays "player 4". */
static void
test_refusal_names_players (void **state G_GNUC_UNUSED)
{
  const char *names[] = { "Ann", "Dagný Jónsdóttir", "Cid", "" };
  CtdGameContext context = ctd_test_make_context (1, 4, 1, 2, 1);
  g_autoptr(GError) error = NULL;

  assert_null (ctd_result_parse_named (&context, names, "T 2:3", &error));
  assert_string_equal (error->message,
                       "Game 1: 2 Dagný Jónsdóttir's cube value 3 cannot arise from a starting "
                       "cube of 1; expected 1, 2, 4, 8, … (in '2:3')");
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "T 3:2 F:3>1:0.5", &error));
  assert_true (g_str_has_prefix (error->message,
                                 "Game 1: 3 Cid cannot pay a penalty ('F:3>1:0.5'): rule 2.5's "
                                 "penalty is for a player already out of the game, whose cube "
                                 "was passed or washed, but 3 Cid's cube was played to the end "
                                 "at 2; "));
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "B 3:1- E:3>4:2", &error));
  assert_true (strstr (error->message, "but player 4's cube is not listed") != NULL);
  g_clear_error (&error);
  assert_null (ctd_result_parse_named (&context, names, "B F:4>3:0.5", &error));
  assert_true (strstr (error->message, "the aggrieved Box (1 Ann) or Captain "
                                       "(2 Dagný Jónsdóttir), not to 3 Cid") != NULL);
  g_clear_error (&error);

  /* Names change messages, never results. */
  {
    g_autoptr(CtdResult) named = ctd_result_parse_named (&context, names, "B 3:1- F:3>2:0.5",
                                                         NULL);
    g_autoptr(CtdResult) plain = ctd_result_parse (&context, "B 3:1- F:3>2:0.5", NULL);

    assert_true (ctd_result_equal (named, plain));
  }
}

static void
test_length_limit (void **state G_GNUC_UNUSED)
{
  CtdGameContext context = ctd_test_make_context (11, 4, 1, 2, 1);
  g_autofree char *longest = g_strnfill (CTD_RESULT_MAX_LENGTH, ' ');
  g_autofree char *too_long = g_strnfill (CTD_RESULT_MAX_LENGTH + 1, ' ');
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(GError) error = NULL;

  longest[0] = 'T';
  result = ctd_test_parse_or_fail (&context, longest);
  assert_int_equal (result->winner, CTD_WINNER_TEAM);

  too_long[0] = 'T';
  assert_null (ctd_result_parse (&context, too_long, &error));
  assert_true (g_error_matches (error, CTD_RESULT_ERROR, CTD_RESULT_ERROR_SYNTAX));
  assert_true (g_str_has_prefix (error->message, "Game 11: "));
  assert_non_null (strstr (error->message, "longer than 512 characters"));
}


int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_refusal_table),
    cmocka_unit_test (test_refusal_exact_message),
    cmocka_unit_test (test_refusal_names_players),
    cmocka_unit_test (test_length_limit),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
