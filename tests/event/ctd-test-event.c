/* ctd-test-event.c: events registered, drawn and played through the
 * store, and what their rounds and standings say, for the test programs
 * of whole events.
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

#include <string.h>

#include "ctd-test-event.h"
#include "ctd-store.h"

/* A new event with @direction for its last segments. */
CtdStore *
ctd_test_new_event (const CtdTestFolder     *fixture,
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
void
ctd_test_draw_event (CtdStore *store,
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

void
ctd_test_record_games (CtdStore           *store,
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

GPtrArray *
ctd_test_list_seats (CtdStore *store,
                     guint     round)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *seats = ctd_store_list_chouettes (store, round, &error);

  assert_non_null (seats);
  return seats;
}

const CtdStoreChouette *
ctd_test_seat (GPtrArray *seats,
               guint      chouette)
{
  return g_ptr_array_index (seats, chouette - 1);
}

CtdStoreRound
ctd_test_get_round (CtdStore *store,
                    guint     round)
{
  g_autoptr(GError) error = NULL;
  CtdStoreRound info = { 0, };

  if (!ctd_tournament_get_round (store, round, &info, &error))
    fail_msg ("round %u: %s", round, error->message);
  return info;
}


guint
ctd_test_n_rolloffs (CtdStore *store,
                     guint     round)
{
  g_autoptr(GPtrArray) rolloffs = ctd_store_list_rolloffs (store, round, NULL);

  assert_non_null (rolloffs);
  return rolloffs->len;
}

guint
ctd_test_n_advancers (CtdStore *store,
                      guint     round)
{
  g_autoptr(GArray) advancers = ctd_store_list_advancers (store, round, NULL);

  assert_non_null (advancers);
  return advancers->len;
}

void
ctd_test_assert_error_impl (const GError *error,
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
gboolean
ctd_test_same_ids (const GArray *ids,
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

const CtdStandingsRow *
ctd_test_find_row (const CtdStandings *standings,
                   gint64              player_id)
{
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    if (ctd_standings_get_row (standings, i)->player_id == player_id)
      return ctd_standings_get_row (standings, i);
  fail_msg ("player %" G_GINT64_FORMAT " is not in the standings", player_id);
  return NULL;
}

void
ctd_test_assert_place (const CtdStandings *standings,
                       gint64              player_id,
                       CtdHalves           score,
                       guint               rank,
                       gboolean            tied)
{
  const CtdStandingsRow *row = ctd_test_find_row (standings, player_id);

  if (row->score != score || row->rank != rank || row->tied != tied)
    fail_msg ("%s: score %" G_GINT64_FORMAT " rank %u tied %d, expected %" G_GINT64_FORMAT
              " rank %u tied %d", row->name, row->score, row->rank, row->tied, score, rank,
              tied);
}
