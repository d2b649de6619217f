/* test-cut.c: the advancement cut as the desk works it: preview, notes,
 * the tie to roll off, a typed roll-off order.
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

#include "ctd-cut.h"
#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-test-files.h"

typedef CtdTestFolder Fixture;

/* Box results segment by segment, every cube played at its start value:
 * "BBB" wins the Box 1+2+4 from each crew member. Chouette 1 ends
 * +12, +4, -4, -12 by player number; chouette 2 +14, -2, -2, -10 (players
 * 2 and 3 tied for second). */
static const char *const distinct = "BBBTBBBTBTTB";
static const char *const tied = "BBBBTBBTBTTB";

static CtdStore *
draw_eight (const Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Cut Open",
    .date = (char *) "2026-11-23",
    .venue = (char *) "Club",
    .stake_cents = 100,
    .entry_fee_cents = 2200,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  CtdStore *store = ctd_store_create (fixture->path, &settings, &error);

  assert_non_null (store);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %c", 'A' + i);

      assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error));
    }
  assert_true (ctd_store_draw_round (store, 2026, NULL, &error));
  return store;
}

static void
play (CtdStore   *store,
      guint       chouette,
      const char *results,
      guint       n_games)
{
  for (guint game = 1; game <= n_games; game++)
    {
      g_autoptr(GError) error = NULL;
      char notation[2] = { results[game - 1], '\0' };

      if (!ctd_store_record_game (store, 1, chouette, game, notation, FALSE, &error))
        fail_msg ("1.%u game %u: %s", chouette, game, error->message);
    }
}

static CtdStoreChouette *
seats_of (CtdStore *store,
          guint     chouette)
{
  g_autoptr(GError) error = NULL;
  CtdStoreChouette *seats = ctd_tournament_get_chouette (store, 1, chouette, &error);

  assert_non_null (seats);
  return seats;
}

static const char *
note_of (GHashTable *notes,
         gint64      id)
{
  const char *note = g_hash_table_lookup (notes, &id);

  assert_non_null (note);
  return note;
}

/* An unfinished round: the cut's consequences are known, the refusal
 * says why nobody advances yet, and no note tells the scores' order. */
static void
test_unfinished (void **state)
{
  g_autoptr(CtdStore) store = draw_eight (*state);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) notes = NULL;
  g_autoptr(CtdStoreChouette) first = seats_of (store, 1);
  g_autofree char *text = NULL;
  CtdCutPreview preview;

  play (store, 1, distinct, 12);
  play (store, 2, tied, 6);
  assert_false (ctd_cut_preview (store, 1, 2, 0, &preview, &error));
  assert_true (g_error_matches (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE));
  assert_non_null (strstr (error->message, "1.2 has 6 of 12 games"));
  assert_true (preview.size_ok);
  assert_int_equal (preview.n_next, 4);
  assert_int_equal (preview.next_stage, CTD_STAGE_FINAL);
  assert_null (preview.advancers);
  text = ctd_cut_preview_describe (&preview);
  assert_non_null (strstr (text, "4 players go on to the final"));
  ctd_cut_preview_clear (&preview);
  g_clear_error (&error);

  notes = ctd_cut_notes (store, 1, NULL, TRUE, &error);
  assert_non_null (notes);
  assert_int_equal (g_hash_table_size (notes), 0);
  g_clear_pointer (&notes, g_hash_table_unref);
  notes = ctd_cut_notes (store, 1, NULL, FALSE, &error);
  assert_string_equal (note_of (notes, first->players[0]), "");

  g_clear_error (&error);
  assert_null (ctd_cut_find_tie (store, 1, NULL, &error));
  assert_true (g_error_matches (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_INCOMPLETE));
}

/* Cuts out of range, or sending on a field no round can be drawn from,
 * are refused with core's suggestion; a cut that works says where to. */
static void
test_sizes (void **state)
{
  g_autoptr(CtdStore) store = draw_eight (*state);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CtdCutPreview preview;

  play (store, 1, distinct, 12);
  play (store, 2, tied, 12);

  assert_false (ctd_cut_preview (store, 1, 1, 0, &preview, &error));
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_ROUND_SIZE));
  assert_non_null (strstr (error->message, "advance 3 or 4 for a final"));
  assert_false (preview.size_ok);
  text = ctd_cut_preview_describe (&preview);
  assert_string_equal (text, "");
  ctd_cut_preview_clear (&preview);
  g_clear_pointer (&text, g_free);
  g_clear_error (&error);

  assert_false (ctd_cut_preview (store, 1, 5, 0, &preview, &error));
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_INVALID));
  ctd_cut_preview_clear (&preview);
  g_clear_error (&error);

  assert_true (ctd_cut_preview (store, 1, 3, 0, &preview, &error));
  assert_int_equal (preview.n_next, 6);
  assert_int_equal (preview.next_stage, CTD_STAGE_SEMIFINAL);
  assert_int_equal (preview.advancers->len, 6);
  text = ctd_cut_preview_describe (&preview);
  assert_non_null (strstr (text, "Top 3 of each chouette and 0 wildcards: 6 players go on to "
                                 "the semi-finals."));
  assert_non_null (strstr (text, "Semi-final: 6 players in 2 chouettes of 3"));
  assert_non_null (strstr (text, "Final: 4 players"));
  assert_non_null (strstr (text, "Advancing: "));
  ctd_cut_preview_clear (&preview);
  assert_null (preview.advancers);
}

/* A tie at the proposed cut: found, noted, refused in the preview with
 * its players, settled by a typed order, then the advancers noted. */
static void
test_tie_and_advance (void **state)
{
  g_autoptr(CtdStore) store = draw_eight (*state);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) first = seats_of (store, 1);
  g_autoptr(CtdStoreChouette) second = seats_of (store, 2);
  g_autoptr(GArray) tie = NULL;
  g_autoptr(GArray) order = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GHashTable) notes = NULL;
  g_autofree char *typed = NULL;
  CtdCutPreview preview;
  guint round = 0;

  play (store, 1, distinct, 12);
  play (store, 2, tied, 12);

  tie = ctd_cut_find_tie (store, 1, NULL, &error);
  assert_non_null (tie);
  assert_int_equal (tie->len, 2);
  assert_true (g_array_index (tie, gint64, 0) == second->players[1] ||
               g_array_index (tie, gint64, 1) == second->players[1]);
  assert_true (g_array_index (tie, gint64, 0) == second->players[2] ||
               g_array_index (tie, gint64, 1) == second->players[2]);
  notes = ctd_cut_notes (store, 1, NULL, FALSE, &error);
  assert_string_equal (note_of (notes, second->players[1]), "tie at the cut");
  assert_string_equal (note_of (notes, second->players[2]), "tie at the cut");
  assert_string_equal (note_of (notes, first->players[3]), "");
  g_clear_pointer (&notes, g_hash_table_unref);

  assert_false (ctd_cut_preview (store, 1, 2, 0, &preview, &error));
  assert_true (g_error_matches (error, CTD_ADVANCE_ERROR, CTD_ADVANCE_ERROR_TIE));
  assert_true (preview.size_ok);
  assert_int_equal (preview.tie.player_ids->len, 2);
  ctd_cut_preview_clear (&preview);
  g_clear_error (&error);

  /* Typed: player 3 of 1.2 by number, player 2 by name in another case. */
  assert_null (ctd_cut_parse_order (store, 1, "Nobody, Player A", &error));
  assert_non_null (strstr (error->message, "“Nobody” is not a player of round 1"));
  g_clear_error (&error);
  assert_null (ctd_cut_parse_order (store, 1, "Player A", &error));
  assert_non_null (strstr (error->message, "at least two"));
  g_clear_error (&error);
  typed = g_strdup_printf (" #%" G_GINT64_FORMAT " ;%s ", second->players[2], second->names[1]);
  for (char *p = typed; *p != '\0'; p++)
    *p = g_ascii_toupper (*p);
  order = ctd_cut_parse_order (store, 1, typed, &error);
  assert_non_null (order);
  assert_int_equal (order->len, 2);
  assert_true (g_array_index (order, gint64, 0) == second->players[2]);
  assert_true (g_array_index (order, gint64, 1) == second->players[1]);
  assert_true (ctd_tournament_tiebreak (store, 1, (const gint64 *) order->data, order->len, NULL,
                                   &error));
  assert_null (ctd_cut_find_tie (store, 1, NULL, &error));
  assert_true (g_error_matches (error, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE));
  g_clear_error (&error);
  notes = ctd_cut_notes (store, 1, NULL, FALSE, &error);
  assert_string_equal (note_of (notes, second->players[2]), "in line to advance; roll-off won");
  assert_string_equal (note_of (notes, second->players[1]), "2nd in roll-off");
  assert_string_equal (note_of (notes, first->players[1]), "in line to advance");
  g_clear_pointer (&notes, g_hash_table_unref);
  notes = ctd_cut_notes (store, 1, NULL, TRUE, &error);
  assert_string_equal (note_of (notes, second->players[2]), "roll-off won");
  assert_string_equal (note_of (notes, first->players[1]), "");
  g_clear_pointer (&notes, g_hash_table_unref);

  /* Top 1 and 2 wildcards: the wildcards are said to be. */
  advancers = ctd_tournament_advance (store, 1, 1, 2, NULL, &error);
  assert_non_null (advancers);
  assert_true (ctd_store_draw_round (store, 99, &round, &error));
  notes = ctd_cut_notes (store, 1, NULL, TRUE, &error);
  assert_string_equal (note_of (notes, first->players[0]), "advances to the final (2.1)");
  assert_string_equal (note_of (notes, first->players[1]),
                       "wildcard: advances to the final (2.1)");
  assert_string_equal (note_of (notes, second->players[3]), "");
}

/* The final: every placing tie is the roll-off's, and nobody advances. */
static void
test_final (void **state)
{
  g_autoptr(CtdStore) store = draw_eight (*state);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GArray) tie = NULL;
  g_autoptr(GHashTable) notes = NULL;
  CtdCutPreview preview;
  guint round = 0;

  play (store, 1, distinct, 12);
  play (store, 2, distinct, 12);
  advancers = ctd_tournament_advance (store, 1, 2, 0, NULL, &error);
  assert_non_null (advancers);
  assert_true (ctd_store_draw_round (store, 7, &round, &error));
  for (guint game = 1; game <= 12; game++)
    assert_true (ctd_store_record_game (store, round, 1, game, "T", FALSE, &error));

  /* Every player of the final ends at 0: all four are tied. */
  tie = ctd_cut_find_tie (store, round, NULL, &error);
  assert_non_null (tie);
  assert_int_equal (tie->len, 4);
  notes = ctd_cut_notes (store, round, NULL, TRUE, &error);
  assert_string_equal (note_of (notes, g_array_index (tie, gint64, 0)), "tie for a place");
  assert_false (ctd_cut_preview (store, round, 1, 0, &preview, &error));
  assert_non_null (strstr (error->message, "is the final"));
  ctd_cut_preview_clear (&preview);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_unfinished, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_sizes, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_tie_and_advance, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_final, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
