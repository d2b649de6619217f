/* test-event.c: the director's views and actions over a whole event.
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

#include <glib/gstdio.h>
#include <string.h>

#include "ctd-event.h"
#include "ctd-test-files.h"

#define H(x) ((CtdHalves) ((x) * 2))

/* The hand-worked sheets of test-chouette.c, as entered. four_sheet
 * needs the last segment highest-first (game 10's penalty goes to its
 * Captain, player 3); three_sheet was worked lowest-first. */
static const char * const four_sheet[CTD_N_GAMES] = {
  "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-", "Tb 1:2- 3:4 E:1>3:8",
  "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg", "Bg 1:8 2:8 4:4- E:4>1:8+",
  "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
};
/* With SPEC 5's payment for a taken extra: game 5 gives P1 -2 and P3 +2
 * more than it did without it (P1 pays P3 the 2 at which P1 passed), game
 * 9 P4 -4 and P1 +4 (P4 passed at 4). So after game 11: P1 -13 - 2 + 4 =
 * -11, P2 -9.5, P3 30.5 + 2 = 32.5, P4 -8 - 4 = -12; at the end: P1 -61 +
 * 2 = -59, P2 -13.5, P3 38.5 + 2 = 40.5, P4 36 - 4 = 32 (see
 * test-chouette.c for the game-by-game sheet). */
static const CtdHalves four_after_11[4] = { H (-11), H (-9.5), H (32.5), H (-12) };
static const CtdHalves four_totals[4] = { H (-59), H (-13.5), H (40.5), H (32) };

static const char * const three_sheet[CTD_N_GAMES] = {
  "T", "B 2:4-", "Tg 2:8 3:8 !T", "- 2:4- 3:8- E:2>3:4-", "Bb 1:2", "- 1:2+ 3:w",
  "T 1:4+ 3:16 F:1>2:2", "B 1:8", "T 1:4 2:1+ F:2>3:0.5", "Bg", "T 1:8 2:8", "Tg 2:16",
};
static const CtdHalves three_totals[3] = { H (-12), H (50.5), H (-38.5) };

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

static CtdStore *
create_event (const Fixture           *fixture,
              CtdLastSegmentDirection  direction)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Spring Chouette",
    .date = (char *) "2026-05-17",
    .venue = (char *) "Club house",
    .stake_cents = 100,
    .entry_fee_cents = 2200,
    .direction = direction,
  };
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);

  if (store == NULL)
    fail_msg ("%s", error->message);
  return store;
}

/* Registers, checks in and draws @n players; the seed fixes the draw. */
static void
draw_event (CtdStore *store,
            guint     n,
            guint64   seed)
{
  g_autoptr(GError) error = NULL;
  guint round = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %c", 'A' + i);
      gint64 id;

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, &id, &error));
      assert_true (ctd_store_set_checked_in (store, id, TRUE, &error));
    }
  if (!ctd_store_draw_round (store, seed, &round, &error))
    fail_msg ("draw: %s", error->message);
  assert_int_equal (round, 1);
}

static void
record_games (CtdStore           *store,
              guint               round,
              guint               chouette,
              const char * const *sheet,
              guint               first,
              guint               last)
{
  for (guint game = first; game <= last; game++)
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_store_record_game (store, round, chouette, game, sheet[game - 1], FALSE,
                                  &error))
        fail_msg ("%u.%u game %u “%s”: %s", round, chouette, game, sheet[game - 1],
                  error->message);
    }
}

static GPtrArray *
list_seats (CtdStore *store,
            guint     round)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *seats = ctd_store_list_chouettes (store, round, &error);

  assert_non_null (seats);
  return seats;
}

static const CtdStoreChouette *
seat (GPtrArray *seats,
      guint      chouette)
{
  return g_ptr_array_index (seats, chouette - 1);
}

static CtdStoreRound
get_round (CtdStore *store,
           guint     round)
{
  g_autoptr(GError) error = NULL;
  CtdStoreRound info = { 0, };

  if (!ctd_event_get_round (store, round, &info, &error))
    fail_msg ("round %u: %s", round, error->message);
  return info;
}

static guint
audit_length (CtdStore *store)
{
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (store, NULL);

  assert_non_null (entries);
  return entries->len;
}

static guint
n_rolloffs (CtdStore *store,
            guint     round)
{
  g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, round, NULL);

  assert_non_null (rolloffs);
  return rolloffs->len;
}

static guint
n_advancers (CtdStore *store,
             guint     round)
{
  g_autoptr(GArray) advancers = ctd_store_list_advancers (store, round, NULL);

  assert_non_null (advancers);
  return advancers->len;
}

#define assert_error(error, domain, code, text) \
  assert_error_impl ((error), (domain), (code), (text), __FILE__, __LINE__)

static void
assert_error_impl (const GError *error,
                   GQuark        domain,
                   int           code,
                   const char   *text,
                   const char   *file,
                   int           line)
{
  if (error == NULL)
    fail_msg ("%s:%d: no error, expected %s %d", file, line, g_quark_to_string (domain), code);
  if (error->domain != domain || error->code != code)
    fail_msg ("%s:%d: expected %s %d, got %s %d: %s", file, line, g_quark_to_string (domain),
              code, g_quark_to_string (error->domain), error->code, error->message);
  if (text != NULL && strstr (error->message, text) == NULL)
    fail_msg ("%s:%d: message “%s” lacks “%s”", file, line, error->message, text);
}

/* Whether @ids holds exactly @expected, in any order. */
static gboolean
same_ids (const GArray *ids,
          const gint64 *expected,
          guint         n_expected)
{
  if (ids == NULL || ids->len != n_expected)
    return FALSE;
  for (guint i = 0; i < n_expected; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < ids->len; j++)
        found |= g_array_index (ids, gint64, j) == expected[i];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static const CtdStandingsRow *
find_row (const CtdStandings *standings,
          gint64              player_id)
{
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    if (ctd_standings_get_row (standings, i)->player_id == player_id)
      return ctd_standings_get_row (standings, i);
  fail_msg ("player %" G_GINT64_FORMAT " is not in the standings", player_id);
  return NULL;
}

static void
assert_place (const CtdStandings *standings,
              gint64              player_id,
              CtdHalves           score,
              guint               rank,
              gboolean            tied)
{
  const CtdStandingsRow *row = find_row (standings, player_id);

  if (row->score != score || row->rank != rank || row->tied != tied)
    fail_msg ("%s: score %" G_GINT64_FORMAT " rank %u tied %d, expected %" G_GINT64_FORMAT
              " rank %u tied %d", row->name, row->score, row->rank, row->tied, score, rank,
              tied);
}

/* ---- labels ----------------------------------------------------------- */

typedef struct
{
  const char *label;
  gboolean    ok;
  guint       round;
  guint       chouette;
} LabelCase;

static const LabelCase label_cases[] = {
  { "1.3", TRUE, 1, 3 },
  { "2.1", TRUE, 2, 1 },
  { "12.10", TRUE, 12, 10 },
  { "1", FALSE },
  { "1.", FALSE },
  { ".3", FALSE },
  { "0.1", FALSE },
  { "1.0", FALSE },
  { "a.b", FALSE },
  { "1.3.4", FALSE },
  { "1-3", FALSE },
  { "", FALSE },
  { " 1.3", FALSE },
  { "1.3 ", FALSE },
  { "-1.3", FALSE },
  { "1.x3", FALSE },
};

static void
test_parse_label (void **state)
{
  for (gsize i = 0; i < G_N_ELEMENTS (label_cases); i++)
    {
      const LabelCase *c = &label_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *quoted = g_strdup_printf ("“%s”", c->label);
      guint round = 777;
      guint chouette = 777;
      gboolean ok = ctd_event_parse_label (c->label, &round, &chouette, &error);

      if (ok != c->ok)
        fail_msg ("“%s”: %s", c->label, ok ? "accepted" : error->message);
      if (c->ok)
        {
          assert_null (error);
          assert_int_equal (round, c->round);
          assert_int_equal (chouette, c->chouette);
          continue;
        }
      assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_LABEL, quoted);
      assert_non_null (strstr (error->message, "ROUND.NUMBER"));
      /* A refused label leaves the caller's values alone. */
      assert_int_equal (round, 777);
      assert_int_equal (chouette, 777);
    }
}

/* ---- a 16-player event ------------------------------------------------ */

/*
 * Four chouettes of four, every one played as four_sheet, so each
 * chouette's player 3 ends on +40.5, player 4 on +32, player 2 on -13.5
 * and player 1 on -59: the round has four-way ties at every score.
 */
static void
test_sixteen_players (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(CtdStandings) director = NULL;
  g_autoptr(CtdStandings) posted = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) stored = NULL;
  g_autoptr(GArray) no_tie = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdSettlement settlement;
  CtdStoreRound info;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS] = { TRUE, TRUE, TRUE, TRUE };
  gint64 threes[4];
  guint top_k = 99;
  guint wildcards = 99;
  guint audit;

  draw_event (store, 16, 20260517);
  seats = list_seats (store, 1);
  assert_int_equal (seats->len, 4);
  for (guint c = 1; c <= 4; c++)
    {
      assert_int_equal (seat (seats, c)->size, 4);
      threes[c - 1] = seat (seats, c)->players[2];
    }

  assert_false (ctd_event_get_round (store, 2, &info, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND, "round 2");
  g_clear_error (&error);

  /* Rule 1.7 with four chouettes: the top player of each makes a final. */
  assert_true (ctd_event_default_advancement (store, 1, &top_k, &wildcards, &error));
  assert_int_equal (top_k, 1);
  assert_int_equal (wildcards, 0);

  /* Every game but the last of chouette 3. */
  for (guint c = 1; c <= 4; c++)
    record_games (store, 1, c, four_sheet, 1, c == 3 ? CTD_N_GAMES - 1 : CTD_N_GAMES);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_IN_PLAY);

  /* The director's screen shows the scores, the missing game included. */
  director = ctd_event_round_standings (store, 1, FALSE, &error);
  assert_non_null (director);
  assert_int_equal (ctd_standings_get_n_rows (director), 16);
  assert_false (ctd_standings_get_scores_hidden (director));
  for (guint c = 1; c <= 4; c++)
    /* 32.5 after 11 games: behind the three 40.5s only, ahead of the 32s. */
    assert_place (director, threes[c - 1], c == 3 ? four_after_11[2] : four_totals[2],
                  c == 3 ? 4 : 1, c != 3);
  /* -11 after 11 games: behind three 40.5s, 32.5, three 32s and -9.5 (8
   * players), ahead of its own chouette's -12. */
  assert_place (director, seat (seats, 3)->players[0], four_after_11[0], 9, FALSE);

  /* Posted standings of an unfinished round show no score, rank or tie. */
  posted = ctd_event_round_standings (store, 1, TRUE, &error);
  assert_non_null (posted);
  assert_true (ctd_standings_get_scores_hidden (posted));
  assert_int_equal (ctd_standings_get_n_rows (posted), 16);
  for (gsize i = 0; i < 16; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (posted, i);

      assert_int_equal (row->score, 0);
      assert_int_equal (row->rank, 0);
      assert_false (row->tied);
      assert_int_equal (row->chouette_rank, 0);
    }

  /* An unfinished chouette does not settle; a finished one does. */
  assert_false (ctd_event_settle (store, 1, 3, &settlement, &error));
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE, "1.3 has 11 of 12 games");
  g_clear_error (&error);

  /* Nobody advances from an unfinished round, and the refusal leaves no
   * trace: no advancers, no release, no audit entry. */
  audit = audit_length (store);
  advancers = ctd_event_advance (store, 1, 1, 0, &tie, &error);
  assert_null (advancers);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE, "1.3 has 11 of 12 games");
  assert_null (strstr (error->message, "1.1 "));
  g_clear_error (&error);
  assert_null (tie.player_ids);
  assert_int_equal (n_advancers (store, 1), 0);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  assert_int_equal (get_round (store, 1).top_k, -1);
  assert_int_equal (audit_length (store), audit);

  /* Roll-offs wait for the whole round. */
  no_tie = ctd_event_find_tie (store, 1, NULL, 1, 0, &error);
  assert_null (no_tie);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE, NULL);
  g_clear_error (&error);

  record_games (store, 1, 3, four_sheet, CTD_N_GAMES, CTD_N_GAMES);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_COMPLETE);

  /* A typed paper total that disagrees holds the round back. */
  memcpy (paper, four_totals, sizeof four_totals);
  paper[1] += H (1);
  paper[0] -= H (1);  /* a paper sheet balances, or it is refused */
  assert_true (ctd_store_set_crosscheck (store, 1, 2, paper, given, &error));
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  audit = audit_length (store);
  advancers = ctd_event_advance (store, 1, 1, 0, NULL, &error);
  assert_null (advancers);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE,
                "1.2 disagrees with its paper totals");
  assert_null (strstr (error->message, "1.3"));
  g_clear_error (&error);
  assert_int_equal (n_advancers (store, 1), 0);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_IN_PLAY);
  assert_int_equal (audit_length (store), audit);

  /* The paper agrees once typed right. */
  assert_true (ctd_store_set_crosscheck (store, 1, 2, four_totals, given, &error));
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_COMPLETE);

  /* The four player 3s share first place: 16 rows in four tied groups. */
  g_clear_pointer (&director, ctd_standings_free);
  director = ctd_event_round_standings (store, 1, FALSE, &error);
  assert_non_null (director);
  {
    /* Player number k + 1 of every chouette: rank, and rank in chouette. */
    static const guint rank_of[4] = { 13, 9, 1, 5 };
    static const guint chouette_rank_of[4] = { 4, 3, 1, 2 };

    for (guint c = 1; c <= 4; c++)
      for (guint k = 0; k < 4; k++)
        {
          const CtdStandingsRow *row = find_row (director, seat (seats, c)->players[k]);

          assert_place (director, row->player_id, four_totals[k], rank_of[k], TRUE);
          assert_int_equal (row->chouette, c);
          assert_int_equal (row->chouette_rank, chouette_rank_of[k]);
          assert_false (row->chouette_tied);
        }
    /* Display order: best first, four to a score. */
    for (gsize i = 0; i < 16; i++)
      assert_int_equal (ctd_standings_get_row (director, i)->rank, 1 + 4 * (i / 4));
  }

  /* Now the scores may be posted, the same as the director sees them. */
  g_clear_pointer (&posted, ctd_standings_free);
  posted = ctd_event_round_standings (store, 1, TRUE, &error);
  assert_non_null (posted);
  assert_false (ctd_standings_get_scores_hidden (posted));
  for (gsize i = 0; i < 16; i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (posted, i);
      const CtdStandingsRow *same = find_row (director, row->player_id);

      assert_int_equal (row->score, same->score);
      assert_int_equal (row->rank, same->rank);
      assert_int_equal (row->tied, same->tied);
    }

  /* Rule 1.8 at 1.00 a point: -59.00, -13.50, +40.50, +32.00; player 1
   * pays player 3 first (largest debtor to largest creditor), then the
   * rest of player 1's debt (59 - 40.5 = 18.5) and player 2's go to
   * player 4 (18.5 + 13.5 = 32). */
  assert_true (ctd_event_settle (store, 1, 1, &settlement, &error));
  assert_int_equal (settlement.stake, 100);
  assert_int_equal (settlement.n_players, 4);
  {
    static const CtdCents amounts[4] = { -5900, -1350, 4050, 3200 };
    static const CtdTransfer transfers[3] = {
      { 1, 3, H (40.5), 4050 },
      { 1, 4, H (18.5), 1850 },
      { 2, 4, H (13.5), 1350 },
    };

    for (guint p = 0; p < 4; p++)
      {
        assert_int_equal (settlement.scores[p], four_totals[p]);
        assert_int_equal (settlement.amounts[p], amounts[p]);
      }
    assert_int_equal (settlement.n_transfers, 3);
    for (guint t = 0; t < 3; t++)
      {
        assert_int_equal (settlement.transfers[t].from, transfers[t].from);
        assert_int_equal (settlement.transfers[t].to, transfers[t].to);
        assert_int_equal (settlement.transfers[t].points, transfers[t].points);
        assert_int_equal (settlement.transfers[t].amount, transfers[t].amount);
      }
  }

  /* No final yet. */
  {
    g_autoptr(CtdStandings) placings = ctd_event_final_placings (store, NULL, &error);

    assert_null (placings);
    assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_FINAL, "qualifying");
    g_clear_error (&error);
  }

  /* The cut falls between the 3s and the 4s of each chouette: no tie. */
  no_tie = ctd_event_find_tie (store, 1, NULL, 1, 0, &error);
  assert_null (no_tie);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_TIE, NULL);
  g_clear_error (&error);

  advancers = ctd_event_advance (store, 1, 1, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  assert_null (tie.player_ids);
  assert_true (same_ids (advancers, threes, 4));
  stored = ctd_store_list_advancers (store, 1, &error);
  assert_true (same_ids (stored, threes, 4));
  info = get_round (store, 1);
  assert_int_equal (info.state, CTD_ROUND_RELEASED);
  assert_int_equal (info.top_k, 1);
  assert_int_equal (info.wildcards, 0);

  /* The final is drawn from the four advancers. */
  assert_true (ctd_store_draw_round (store, 77, NULL, &error));
  info = get_round (store, 2);
  assert_int_equal (info.stage, CTD_STAGE_FINAL);
  assert_int_equal (info.n_chouettes, 1);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_CLOSED);
  {
    g_autoptr(GPtrArray) final = list_seats (store, 2);
    g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr(CtdStandings) placings = NULL;
    g_autoptr(GArray) advanced = NULL;
    guint final_round = 0;

    g_array_append_vals (table, seat (final, 1)->players, 4);
    assert_true (same_ids (table, threes, 4));

    placings = ctd_event_final_placings (store, &final_round, &error);
    assert_non_null (placings);
    assert_int_equal (final_round, 2);
    assert_int_equal (ctd_standings_get_n_rows (placings), 4);

    /* Nobody advances from a final, and a closed round cannot choose again. */
    advanced = ctd_event_advance (store, 2, 1, 0, NULL, &error);
    assert_null (advanced);
    assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
    g_clear_error (&error);
    assert_false (ctd_event_default_advancement (store, 2, &top_k, &wildcards, &error));
    assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
    g_clear_error (&error);
  }
}

/* ---- ties at an advancement cut ---------------------------------------- */

/*
 * Two chouettes of three, both played as three_sheet: each chouette's
 * player 2 has +50.5, player 1 -12, player 3 -38.5. The top player of
 * each and one wildcard make a final of 3, and the wildcard falls
 * between the two players 1.
 */
static void
test_wildcard_tie (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_event (fixture, CTD_LAST_SEGMENT_LOWEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GPtrArray) rolloffs = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  gint64 ones[2], twos[2], threes[2];
  guint top_k = 0;
  guint wildcards = 99;
  guint audit;

  draw_event (store, 6, 606);
  seats = list_seats (store, 1);
  assert_int_equal (seats->len, 2);
  for (guint c = 1; c <= 2; c++)
    {
      assert_int_equal (seat (seats, c)->size, 3);
      record_games (store, 1, c, three_sheet, 1, CTD_N_GAMES);
      ones[c - 1] = seat (seats, c)->players[0];
      twos[c - 1] = seat (seats, c)->players[1];
      threes[c - 1] = seat (seats, c)->players[2];
    }
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_COMPLETE);

  /* Two chouettes: the plan takes the top 2 of each to a final of 4. */
  assert_true (ctd_event_default_advancement (store, 1, &top_k, &wildcards, &error));
  assert_int_equal (top_k, 2);
  assert_int_equal (wildcards, 0);

  standings = ctd_event_round_standings (store, 1, FALSE, &error);
  assert_non_null (standings);
  for (guint c = 0; c < 2; c++)
    {
      assert_place (standings, twos[c], three_totals[1], 1, TRUE);
      assert_place (standings, ones[c], three_totals[0], 3, TRUE);
      assert_place (standings, threes[c], three_totals[2], 5, TRUE);
    }
  /* At the plan's cut (top 2 of each) the equal scores of the two
   * chouettes decide nothing: no roll-off is asked for. */
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      assert_false (ctd_standings_get_row (standings, i)->needs_rolloff);
      assert_int_equal (ctd_standings_get_row (standings, i)->rolloff_place, 0);
    }

  /* Top 2 of each cuts between -12 and -38.5 inside each chouette. */
  found = ctd_event_find_tie (store, 1, NULL, 2, 0, &error);
  assert_null (found);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_TIE, "top 2");
  g_clear_error (&error);

  /* Top 1 and a wildcard: the two players 1 both have -12. */
  audit = audit_length (store);
  advancers = ctd_event_advance (store, 1, 1, 1, &tie, &error);
  assert_null (advancers);
  assert_error (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE, "wildcard");
  assert_non_null (strstr (error->message, "-12"));
  g_clear_error (&error);
  assert_int_equal (tie.chouette, 0);
  assert_true (same_ids (tie.player_ids, ones, 2));
  ctd_advance_tie_clear (&tie);
  assert_int_equal (n_advancers (store, 1), 0);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_COMPLETE);
  assert_int_equal (get_round (store, 1).top_k, -1);
  assert_int_equal (audit_length (store), audit);

  found = ctd_event_find_tie (store, 1, NULL, 1, 1, &error);
  assert_true (same_ids (found, ones, 2));
  g_clear_pointer (&found, g_array_unref);

  /* A roll-off between players who are not tied is refused, and so is
   * one with a stranger; neither is stored. */
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { ones[0], threes[0] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, "not tied");
  g_clear_error (&error);
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { ones[0], twos[1] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, NULL);
  g_clear_error (&error);
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { ones[0], 9999 }, 2, NULL, &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_UNKNOWN_PLAYER, NULL);
  g_clear_error (&error);
  assert_int_equal (n_rolloffs (store, 1), 0);
  assert_int_equal (audit_length (store), audit);

  /* Chouette 2's player 1 wins the roll-off. */
  assert_true (ctd_event_tiebreak (store, 1, (gint64[]) { ones[1], ones[0] }, 2, NULL, &error));
  rolloffs = ctd_store_list_rolloffs (store, 1, &error);
  assert_int_equal (rolloffs->len, 1);
  assert_int_equal (((GArray *) g_ptr_array_index (rolloffs, 0))->len, 2);
  assert_int_equal (g_array_index ((GArray *) g_ptr_array_index (rolloffs, 0), gint64, 0),
                    ones[1]);

  g_clear_pointer (&standings, ctd_standings_free);
  standings = ctd_event_round_standings (store, 1, FALSE, &error);
  assert_non_null (standings);
  assert_place (standings, ones[1], three_totals[0], 3, FALSE);
  assert_place (standings, ones[0], three_totals[0], 4, FALSE);
  /* The roll-off orders only its own players. */
  assert_place (standings, threes[0], three_totals[2], 5, TRUE);
  /* The rows carry it, for the posted standings to say who won it. */
  assert_int_equal (find_row (standings, ones[1])->rolloff_place, 1);
  assert_int_equal (find_row (standings, ones[0])->rolloff_place, 2);
  assert_int_equal (find_row (standings, threes[0])->rolloff_place, 0);

  /* Settled once: the same players cannot be rolled off again. */
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { ones[0], ones[1] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF, "earlier roll-off");
  g_clear_error (&error);
  assert_int_equal (n_rolloffs (store, 1), 1);
  /* Nor repeated in the same order: it is not stored a second time. */
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { ones[1], ones[0] }, 2, NULL,
                                    &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_ROLLOFF, "earlier roll-off");
  g_clear_error (&error);
  assert_int_equal (n_rolloffs (store, 1), 1);

  found = ctd_event_find_tie (store, 1, NULL, 1, 1, &error);
  assert_null (found);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_TIE, "1 wildcard)");
  g_clear_error (&error);

  advancers = ctd_event_advance (store, 1, 1, 1, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  assert_true (same_ids (advancers, (gint64[]) { twos[0], twos[1], ones[1] }, 3));
  assert_int_equal (n_advancers (store, 1), 3);
  assert_int_equal (get_round (store, 1).state, CTD_ROUND_RELEASED);
  assert_int_equal (get_round (store, 1).wildcards, 1);

  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  assert_int_equal (get_round (store, 2).stage, CTD_STAGE_FINAL);
  {
    g_autoptr(GPtrArray) final = list_seats (store, 2);

    assert_int_equal (seat (final, 1)->size, 3);
  }
}

/* ---- ties for a place in the final ----------------------------------- */

/*
 * A field of 4 is drawn straight into the final. With no cube turned,
 * "T" pays every crew member the starting cube V0 from the Box (3 x V0
 * from the Box) and "B" the reverse, whoever is Captain, so the last
 * segment's order (1, 2, 3: players 1 and 2 are level at -3 and the
 * lower number goes first) does not change the totals:
 *
 *  game  Box  V0  entry   P1   P2   P3   P4
 *   1     1   1    B      +3   -1   -1   -1
 *   2     1   2    T      -6   +2   +2   +2
 *   3     1   4    T     -12   +4   +4   +4
 *   4     2   1    B      -1   +3   -1   -1
 *   5     2   2    T      +2   -6   +2   +2
 *   6     2   4    T      +4  -12   +4   +4
 *   7     3   1    T      +1   +1   -3   +1
 *   8     3   2    T      +2   +2   -6   +2
 *   9     3   4    T      +4   +4  -12   +4   -> -3  -3  -11  +17
 *  10     4   1    T      +1   +1   +1   -3
 *  11     4   2    T      +2   +2   +2   -6
 *  12     4   4    T      +4   +4   +4  -12   -> +4  +4   -4   -4
 *
 * Players 1 and 2 tie for 1st, players 3 and 4 for 3rd.
 */
static const char * const tied_final[CTD_N_GAMES] = {
  "B", "T", "T", "B", "T", "T", "T", "T", "T", "T", "T", "T",
};
static const CtdHalves tied_totals[4] = { H (4), H (4), H (-4), H (-4) };

static void
test_final_tie (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GArray) found = NULL;
  CtdSettlement settlement;
  const gint64 *p;
  gint64 rolled[2];
  guint64 seed = 424242;
  guint final_round = 0;
  guint top_k, wildcards;

  draw_event (store, 4, 4);
  assert_int_equal (get_round (store, 1).stage, CTD_STAGE_FINAL);
  seats = list_seats (store, 1);
  p = seat (seats, 1)->players;

  assert_false (ctd_event_default_advancement (store, 1, &top_k, &wildcards, &error));
  assert_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_REFUSED, "final");
  g_clear_error (&error);

  record_games (store, 1, 1, tied_final, 1, CTD_N_GAMES - 1);
  found = ctd_event_find_tie (store, 1, NULL, 0, 0, &error);
  assert_null (found);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_INCOMPLETE, NULL);
  g_clear_error (&error);
  record_games (store, 1, 1, tied_final, CTD_N_GAMES, CTD_N_GAMES);

  placings = ctd_event_final_placings (store, &final_round, &error);
  assert_non_null (placings);
  assert_int_equal (final_round, 1);
  assert_place (placings, p[0], tied_totals[0], 1, TRUE);
  assert_place (placings, p[1], tied_totals[1], 1, TRUE);
  assert_place (placings, p[2], tied_totals[2], 3, TRUE);
  assert_place (placings, p[3], tied_totals[3], 3, TRUE);
  /* Every tie of the final decides a place. */
  for (gsize i = 0; i < 4; i++)
    assert_true (ctd_standings_get_row (placings, i)->needs_rolloff);

  /* The tie for 1st comes first. */
  found = ctd_event_find_tie (store, 1, NULL, 0, 0, &error);
  assert_true (same_ids (found, p, 2));
  g_clear_pointer (&found, g_array_unref);

  /* A 1st-v-3rd "roll-off" is refused. */
  assert_false (ctd_event_tiebreak (store, 1, (gint64[]) { p[0], p[2] }, 2, NULL, &error));
  assert_error (error, CTD_STANDINGS_ERROR, CTD_STANDINGS_ERROR_NOT_TIED, NULL);
  g_clear_error (&error);
  assert_int_equal (n_rolloffs (store, 1), 0);

  /* Player 2 wins the roll-off at the table. */
  assert_true (ctd_event_tiebreak (store, 1, (gint64[]) { p[1], p[0] }, 2, NULL, &error));
  g_clear_pointer (&placings, ctd_standings_free);
  placings = ctd_event_final_placings (store, NULL, &error);
  assert_place (placings, p[1], tied_totals[1], 1, FALSE);
  assert_place (placings, p[0], tied_totals[0], 2, FALSE);
  assert_place (placings, p[2], tied_totals[2], 3, TRUE);
  assert_place (placings, p[3], tied_totals[3], 3, TRUE);
  assert_int_equal (ctd_standings_get_row (placings, 0)->player_id, p[1]);
  assert_false (find_row (placings, p[1])->needs_rolloff);
  assert_int_equal (find_row (placings, p[1])->rolloff_place, 1);
  assert_true (find_row (placings, p[2])->needs_rolloff);

  /* Then 3rd place, rolled off by the software with a stored seed. */
  found = ctd_event_find_tie (store, 1, NULL, 0, 0, &error);
  assert_true (same_ids (found, p + 2, 2));
  ctd_standings_roll ((const gint64 *) found->data, found->len, seed, rolled);
  assert_true (ctd_event_tiebreak (store, 1, rolled, 2, &seed, &error));
  assert_int_equal (n_rolloffs (store, 1), 2);

  g_clear_pointer (&placings, ctd_standings_free);
  placings = ctd_event_final_placings (store, NULL, &error);
  assert_place (placings, rolled[0], H (-4), 3, FALSE);
  assert_place (placings, rolled[1], H (-4), 4, FALSE);
  for (gsize i = 0; i < 4; i++)
    {
      assert_int_equal (ctd_standings_get_row (placings, i)->rank, i + 1);
      assert_false (ctd_standings_get_row (placings, i)->tied);
    }

  g_clear_pointer (&found, g_array_unref);
  found = ctd_event_find_tie (store, 1, NULL, 0, 0, &error);
  assert_null (found);
  assert_error (error, CTD_EVENT_ERROR, CTD_EVENT_ERROR_NO_TIE, "final");
  g_clear_error (&error);

  /* Two pairs settle in two payments: 3 pays 1, 4 pays 2. */
  assert_true (ctd_event_settle (store, 1, 1, &settlement, &error));
  assert_int_equal (settlement.n_transfers, 2);
  assert_int_equal (settlement.transfers[0].from, 3);
  assert_int_equal (settlement.transfers[0].to, 1);
  assert_int_equal (settlement.transfers[0].amount, 400);
  assert_int_equal (settlement.transfers[1].from, 4);
  assert_int_equal (settlement.transfers[1].to, 2);
  assert_int_equal (settlement.transfers[1].amount, 400);
}

/* Once a round's scores are public (the final, a complete round), the
 * posted standings are the director's, roll-offs applied: a posted
 * final never lists two winners whom a roll-off has ordered. */
static void
test_public_view_applies_rolloffs (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = create_event (fixture, CTD_LAST_SEGMENT_HIGHEST_FIRST);
  g_autoptr(GPtrArray) seats = NULL;
  g_autoptr(CtdStandings) posted = NULL;
  CtdStandingsRow winner, runner_up;
  gboolean hidden;
  const gint64 *p;

  draw_event (store, 4, 4);
  seats = list_seats (store, 1);
  p = seat (seats, 1)->players;
  record_games (store, 1, 1, tied_final, 1, CTD_N_GAMES);
  assert_true (ctd_event_tiebreak (store, 1, (gint64[]) { p[1], p[0] }, 2, NULL, &error));

  posted = ctd_event_round_standings (store, 1, TRUE, &error);
  assert_non_null (posted);
  hidden = ctd_standings_get_scores_hidden (posted);
  winner = *find_row (posted, p[1]);
  runner_up = *find_row (posted, p[0]);

  /* Free everything first: a failure here leaks nothing. */
  g_clear_pointer (&posted, ctd_standings_free);
  g_clear_pointer (&seats, g_ptr_array_unref);
  g_clear_pointer (&store, ctd_store_close);

  assert_false (hidden);
  assert_int_equal (winner.score, tied_totals[1]);
  assert_int_equal (runner_up.score, tied_totals[0]);
  /* Posted as the director sees it: player 2 first, player 1 second. */
  assert_int_equal (winner.rank, 1);
  assert_false (winner.tied);
  assert_int_equal (runner_up.rank, 2);
  assert_false (runner_up.tied);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_parse_label),
    cmocka_unit_test_setup_teardown (test_sixteen_players, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_wildcard_tie, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final_tie, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_public_view_applies_rolloffs, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
