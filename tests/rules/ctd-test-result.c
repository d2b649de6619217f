/* ctd-test-result.c: contexts, parsed lines and random legal results
 * for the test programs of results.
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

#include "ctd-test-result.h"

CtdGameContext
ctd_test_make_context (guint game,
                       guint size,
                       guint box,
                       guint captain,
                       guint cube_start)
{
  return (CtdGameContext) {
    .game = game,
    .size = size,
    .box = box,
    .captain = captain,
    .cube_start = cube_start,
  };
}

CtdResult *
ctd_test_parse_or_fail (const CtdGameContext *context,
                        const char           *line)
{
  g_autoptr(GError) error = NULL;
  CtdResult *result = ctd_result_parse (context, line, &error);

  if (result == NULL)
    fail_msg ("'%s' was refused: %s", line, error->message);
  assert_null (error);
  return result;
}

CtdHalves
ctd_test_sum_deltas (const CtdResult *result,
                     const CtdHalves *deltas)
{
  CtdHalves sum = 0;

  for (guint p = 0; p < result->context.size; p++)
    sum += deltas[p];
  return sum;
}

guint
ctd_test_pick (CtdRng *rng,
               guint   n)
{
  return (guint) ctd_rng_uniform (rng, n);
}

guint
ctd_test_pick_other (CtdRng *rng,
                     guint   size,
                     guint   not_this,
                     guint   nor_this)
{
  guint p;

  do
    p = 1 + ctd_test_pick (rng, size);
  while (p == not_this || p == nor_this);
  return p;
}

/* An oracle for rule 3.6, written from the SPEC rather than the code. */
static gboolean
majority_is_legal (const CtdResult *r)
{
  guint v0 = r->context.cube_start;
  guint n = 0, taken = 0, passed = 0;

  for (guint p = 1; p <= r->context.size; p++)
    {
      const CtdCube *cube = &r->cubes[p - 1];

      if (p == r->context.box || cube->end == CTD_CUBE_WASH)
        continue;
      n++;
      if (cube->end == CTD_CUBE_OWNER_PASSED && cube->value == v0)
        passed++;
      else if (cube->value >= 2 * v0)
        taken++;
      else
        return FALSE;
    }
  return n > 0 && (passed == n || 2 * taken > n);
}

static CtdCube
random_cube (CtdRng   *rng,
             guint     v0,
             gboolean  offered_together)
{
  guint choice = ctd_test_pick (rng, 8);
  CtdCubeEnd end;

  if (choice == 0)
    return (CtdCube) { CTD_CUBE_WASH, 0 };
  if (offered_together && choice <= 3)
    return (CtdCube) { CTD_CUBE_OWNER_PASSED, v0 };

  end = (CtdCubeEnd) ctd_test_pick (rng, 3);
  if (offered_together)
    return (CtdCube) { end, v0 << (1 + ctd_test_pick (rng, 4)) };
  /* Played to the end at V0 half of the time: the omitted case. */
  if (end == CTD_CUBE_PLAYED && ctd_test_pick (rng, 2) == 0)
    return (CtdCube) { end, v0 };
  return (CtdCube) { end, v0 << ctd_test_pick (rng, 6) };
}

/* SPEC 5, written from the SPEC rather than the code: extras only when
 * a lone crew member P took the Box's initial double, every other crew
 * member passing at V0 (so Vq = V0); P's own cube then ended played at
 * 2 V0 or more, passed by P at 4 V0, 16 V0, ... or passed by the Box at
 * 2 V0, 8 V0, ...; each extra ends at Vq x 2^k, k >= 1, or passed by P
 * at Vq or k >= 2. A third of the results are made that situation. */
static void
add_random_extras (CtdRng    *rng,
                   CtdResult *r)
{
  static const guint taker_passed_k[] = { 0, 2, 3, 4 };
  guint v0 = r->context.cube_start;
  guint p = ctd_test_pick_other (rng, r->context.size, r->context.box, r->context.box);
  CtdCubeEnd own = (CtdCubeEnd) ctd_test_pick (rng, 3);

  if (ctd_test_pick (rng, 3) != 0)
    return;
  for (guint q = 1; q <= r->context.size; q++)
    if (q != r->context.box && q != p)
      r->cubes[q - 1] = (CtdCube) { CTD_CUBE_TAKER_PASSED, v0 };
  r->cubes[p - 1] = (CtdCube) {
    own, own == CTD_CUBE_PLAYED ? v0 << (1 + ctd_test_pick (rng, 4))
         : own == CTD_CUBE_TAKER_PASSED ? v0 << (2 + 2 * ctd_test_pick (rng, 3))
                                        : v0 << (1 + 2 * ctd_test_pick (rng, 3))
  };
  for (guint q = 1; q <= r->context.size; q++)
    {
      CtdCubeEnd end;
      guint k;

      if (q == r->context.box || q == p || ctd_test_pick (rng, 4) == 0)
        continue;
      end = (CtdCubeEnd) ctd_test_pick (rng, 3);
      k = end == CTD_CUBE_TAKER_PASSED ? taker_passed_k[ctd_test_pick (rng, 4)]
                                       : 1 + ctd_test_pick (rng, 3);
      r->extras[r->n_extras++] = (CtdExtra) { q, p, end, v0 << k };
    }
}

/* Rule 2.5 and SPEC 5: whether @player is out of the game: not the Box,
 * their cube ended, and no extra they are party to is still played. */
static gboolean
is_out_of_the_game (const CtdResult *r,
                    guint            player)
{
  if (player == r->context.box || r->cubes[player - 1].end == CTD_CUBE_PLAYED)
    return FALSE;
  for (guint i = 0; i < r->n_extras; i++)
    if ((r->extras[i].offerer == player || r->extras[i].taker == player)
        && r->extras[i].end == CTD_CUBE_PLAYED)
      return FALSE;
  return TRUE;
}

static gboolean
anything_played (const CtdResult *r)
{
  for (guint p = 1; p <= r->context.size; p++)
    if (p != r->context.box && r->cubes[p - 1].end == CTD_CUBE_PLAYED)
      return TRUE;
  for (guint i = 0; i < r->n_extras; i++)
    if (r->extras[i].end == CTD_CUBE_PLAYED)
      return TRUE;
  return FALSE;
}

static int
compare_penalties (const void *a,
                   const void *b)
{
  const CtdPenalty *x = a;
  const CtdPenalty *y = b;

  if (x->from != y->from)
    return (int) x->from - (int) y->from;
  if (x->to != y->to)
    return (int) x->to - (int) y->to;
  return (int) (x->amount - y->amount);
}

static void
add_random_penalties (CtdRng    *rng,
                      CtdResult *r)
{
  guint n = ctd_test_pick (rng, 10) == 0 ? CTD_MAX_PENALTIES : ctd_test_pick (rng, 4);

  for (guint i = 0; i < n; i++)
    {
      guint to = ctd_test_pick (rng, 2) ? r->context.box : r->context.captain;
      guint from = ctd_test_pick_other (rng, r->context.size, to, to);

      /* Rule 2.5: from a crew member out of the game, half the
       * starting cube, which in half points is V0. */
      if (!is_out_of_the_game (r, from))
        continue;
      r->penalties[r->n_penalties++] = (CtdPenalty) { from, to, (CtdHalves) r->context.cube_start };
    }
  qsort (r->penalties, r->n_penalties, sizeof (CtdPenalty), compare_penalties);
}

static int
compare_adjustments (const void *a,
                     const void *b)
{
  const CtdAdjustment *x = a;
  const CtdAdjustment *y = b;

  if (x->from != y->from)
    return (int) x->from - (int) y->from;
  if (x->to != y->to)
    return (int) x->to - (int) y->to;
  return (int) (x->amount - y->amount);
}

/* SPEC 5: any two players, any positive whole or half amount. */
static void
add_random_adjustments (CtdRng    *rng,
                        CtdResult *r)
{
  guint n = ctd_test_pick (rng, 10) == 0 ? CTD_MAX_ADJUSTMENTS : ctd_test_pick (rng, 5) / 3;

  for (guint i = 0; i < n; i++)
    {
      guint from = 1 + ctd_test_pick (rng, r->context.size);
      guint to = ctd_test_pick_other (rng, r->context.size, from, from);

      CtdHalves amount = 1 + (CtdHalves) ctd_test_pick (rng, 40);

      r->adjustments[r->n_adjustments++] = (CtdAdjustment) { from, to, amount };
    }
  qsort (r->adjustments, r->n_adjustments, sizeof (CtdAdjustment), compare_adjustments);
}

/* A legal, normalised result built from its structure, not from text. */
void
ctd_test_random_legal_result (CtdRng    *rng,
                              CtdResult *r)
{
  guint size = 3 + ctd_test_pick (rng, 2);
  guint box = 1 + ctd_test_pick (rng, size);
  gboolean offered_together = ctd_test_pick (rng, 3) == 0;

  memset (r, 0, sizeof *r);
  r->context = ctd_test_make_context (1 + ctd_test_pick (rng, CTD_N_GAMES), size, box,
                                      ctd_test_pick_other (rng, size, box, box),
                                      1u << ctd_test_pick (rng, 3));
  for (guint p = 1; p <= size; p++)
    if (p != box)
      r->cubes[p - 1] = random_cube (rng, r->context.cube_start, offered_together);
  add_random_extras (rng, r);
  if (anything_played (r))
    {
      r->winner = ctd_test_pick (rng, 2) ? CTD_WINNER_BOX : CTD_WINNER_TEAM;
      r->multiplier = 1 + ctd_test_pick (rng, 3);
    }
  add_random_penalties (rng, r);
  r->together = majority_is_legal (r) && (offered_together || ctd_test_pick (rng, 2) == 0);
  add_random_adjustments (rng, r);
}
