/* test-round-view.c: what the Standings and Rounds pages show of a round
 * (CtdRoundView): its draw, its hold-ups as games are recorded, its
 * release and undo, another program's writes, and the changes that must
 * not touch it.
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

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-round-view.h"
#include "ctd-tournament.h"
#include "ctd-test-build.h"
#include "ctd-test-document.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* The notifies of a view, by property name, and its "changed". */
typedef struct
{
  GHashTable *counts;
  guint       changed;
} Heard;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Heard      *heard)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (heard->counts, pspec->name));

  g_hash_table_insert (heard->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
changed_cb (CtdRoundView *view,
            Heard        *heard)
{
  heard->changed++;
}

static void
listen (CtdRoundView *view,
        Heard        *heard)
{
  heard->counts = g_hash_table_new (g_str_hash, g_str_equal);
  heard->changed = 0;
  g_signal_connect (view, "notify", G_CALLBACK (notify_cb), heard);
  g_signal_connect (view, "changed", G_CALLBACK (changed_cb), heard);
}

static guint
heard_notify (Heard      *heard,
              const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (heard->counts, name));
}

static guint
heard_any (Heard *heard)
{
  return g_hash_table_size (heard->counts) + heard->changed;
}

static void
forget (Heard *heard)
{
  g_hash_table_remove_all (heard->counts);
  heard->changed = 0;
}

static void
unlisten (CtdRoundView *view,
          Heard        *heard)
{
  g_signal_handlers_disconnect_by_data (view, heard);
  g_clear_pointer (&heard->counts, g_hash_table_unref);
}

static CtdRoundView *
get_view (CtdDocument *document,
          guint        round)
{
  g_autoptr(GError) error = NULL;
  CtdRoundView *view = ctd_document_get_round_view (document, round, &error);

  if (view == NULL)
    fail_msg ("round %u: %s", round, error->message);
  return view;
}

static void
assert_says (const char *text,
             const char *words)
{
  if (text == NULL || strstr (text, words) == NULL)
    fail_msg ("“%s” does not say “%s”", text != NULL ? text : "(nothing)", words);
}

/* Games @first to @last of round 1's chouette @chouette, from the
 * hand-worked sheet. */
static void
record_games (CtdDocument *document,
              guint        chouette,
              guint        first,
              guint        last)
{
  for (guint game = first; game <= last; game++)
    ctd_test_document_record (document, chouette, game);
}

/* A round drawn: its draw, its state and what holds it up, in words. */
static void
test_draw (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  CtdRoundView *view;
  const char *const *hold_ups;
  guint64 seed = 0;
  CtdStage stage = CTD_STAGE_FINAL;

  /* Nothing drawn: no view, and the refusal says why. */
  assert_null (ctd_document_get_round_view (document, 1, &error));
  assert_true (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND));
  g_clear_error (&error);

  ctd_test_draw_players (document, 8);
  view = get_view (document, 1);
  /* The same view for as long as the document lives. */
  assert_ptr_equal (view, get_view (document, 1));
  assert_true (ctd_round_view_get_exists (view));
  assert_int_equal (ctd_round_view_get_number (view), 1);
  g_object_get (view, "seed", &seed, "stage", &stage, NULL);
  assert_true (seed == 2026);
  assert_int_equal (stage, CTD_STAGE_QUALIFYING);
  assert_int_equal (ctd_round_view_get_n_chouettes (view), 2);
  assert_int_equal (ctd_round_view_get_n_players (view), 8);
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_DRAWN);
  assert_false (ctd_round_view_get_scores_public (view));
  assert_false (ctd_round_view_get_can_release (view));
  assert_false (ctd_round_view_get_can_advance (view));
  assert_says (ctd_round_view_get_publicity (view), "Its scores are secret until every "
                                                    "chouette is complete");
  assert_says (ctd_round_view_get_release (view), "Once every chouette is complete");
  hold_ups = ctd_round_view_get_hold_ups (view);
  assert_int_equal (g_strv_length ((char **) hold_ups), 2);
  assert_string_equal (hold_ups[0], "1.1: no game entered yet");
  assert_string_equal (hold_ups[1], "1.2: no game entered yet");
  /* The document's own lists, shared; the posting's once asked for. */
  assert_ptr_equal (ctd_round_view_get_standings (view, FALSE),
                    ctd_document_get_standings (document, 1, FALSE));
  assert_null (ctd_round_view_get_standings (view, TRUE));
  {
    Heard heard;
    GListModel *posting;

    listen (view, &heard);
    posting = ctd_document_get_standings (document, 1, TRUE);
    assert_ptr_equal (ctd_round_view_get_standings (view, TRUE), posting);
    assert_int_equal (heard_notify (&heard, "public-standings"), 1);
    assert_int_equal (g_list_model_get_n_items (posting), 8);
    unlisten (view, &heard);
  }
  assert_null (ctd_round_view_get_cut_tie (view));
}

/* Recorded games: the hold-ups shrink, the round turns complete and
 * public, the cut can be previewed; a game changes the standings and
 * state, never the draw. Then a release notifies its words once, and a
 * change that does not concern the round notifies nothing; undo brings
 * the words back. */
static void
test_games_and_release (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *plan = NULL;
  g_autofree char *typed = NULL;
  g_autoptr(GArray) order = NULL;
  CtdCutPreview preview = { 0, };
  CtdRoundView *view;
  Heard heard;

  ctd_test_draw_players (document, 8);
  view = get_view (document, 1);
  listen (view, &heard);

  ctd_test_document_record (document, 1, 1);
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_IN_PLAY);
  assert_says (ctd_round_view_get_hold_ups (view)[0], "1.1: games 2, 3, 4,");
  assert_says (ctd_round_view_get_hold_ups (view)[0], "11 and 12 to enter");
  assert_int_equal (heard_notify (&heard, "state"), 1);
  assert_int_equal (heard_notify (&heard, "hold-ups"), 1);
  assert_int_equal (heard.changed, 1);
  /* The draw did not change. */
  assert_int_equal (heard_notify (&heard, "seed"), 0);
  assert_int_equal (heard_notify (&heard, "n-chouettes"), 0);
  assert_int_equal (heard_notify (&heard, "n-players"), 0);
  assert_int_equal (heard_notify (&heard, "stage"), 0);
  /* Still secret: what is public did not change either. */
  assert_int_equal (heard_notify (&heard, "publicity"), 0);
  assert_int_equal (heard_notify (&heard, "release"), 0);
  forget (&heard);

  record_games (document, 1, 2, 12);
  assert_int_equal (g_strv_length ((char **) ctd_round_view_get_hold_ups (view)), 1);
  assert_string_equal (ctd_round_view_get_hold_ups (view)[0], "1.2: no game entered yet");
  assert_int_equal (heard_notify (&heard, "state"), 0);
  record_games (document, 2, 1, 12);
  assert_int_equal (g_strv_length ((char **) ctd_round_view_get_hold_ups (view)), 0);
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_COMPLETE);
  assert_true (ctd_round_view_get_scores_public (view));
  assert_true (ctd_round_view_get_can_release (view));
  assert_true (ctd_round_view_get_can_advance (view));
  assert_says (ctd_round_view_get_publicity (view), "Its scores may be posted, printed or "
                                                    "exported");
  assert_says (ctd_round_view_get_release (view), "Releasing the round puts every player's "
                                                  "score and rank on the public display");
  /* Top 2 of each chouette go on (the plan for 8 players), marked. */
  assert_int_equal (ctd_round_view_get_top_k (view), 2);
  assert_int_equal (ctd_round_view_get_wildcards (view), 0);
  assert_null (ctd_round_view_get_cut_tie (view));

  /* Any cut, previewed from what the view holds. */
  assert_true (ctd_round_view_preview_cut (view, 2, 0, &preview, &error));
  plan = ctd_cut_preview_describe (&preview);
  ctd_cut_preview_clear (&preview);
  assert_says (plan, "Top 2 of each chouette and 0 wildcards: 4 players go on to the final.");
  assert_false (ctd_round_view_preview_cut (view, 1, 3, &preview, &error));
  assert_says (error->message, "5 players cannot make the next round");
  ctd_cut_preview_clear (&preview);
  g_clear_error (&error);

  /* A roll-off as the director types it, by name or number. */
  assert_null (ctd_round_view_parse_cut_order (view, "Nobody, Player B", &error));
  assert_says (error->message, "“Nobody” is not a player of round 1");
  g_clear_error (&error);
  order = ctd_round_view_parse_cut_order (view, "player b, #1", &error);
  assert_non_null (order);
  assert_int_equal (order->len, 2);
  assert_true (g_array_index (order, gint64, 1) == 1);
  typed = ctd_round_view_describe_players (view, &g_array_index (order, gint64, 1), 1);
  assert_says (typed, "#1 Player A (");

  /* Released: its words notify once; the state once. */
  forget (&heard);
  assert_true (ctd_document_release_round (document, 1, &error));
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_RELEASED);
  assert_int_equal (heard_notify (&heard, "release"), 1);
  assert_int_equal (heard_notify (&heard, "publicity"), 1);
  assert_int_equal (heard_notify (&heard, "state"), 1);
  assert_int_equal (heard_notify (&heard, "can-release"), 1);
  assert_int_equal (heard_notify (&heard, "hold-ups"), 0);
  assert_int_equal (heard.changed, 1);
  assert_says (ctd_round_view_get_release (view), "Released: its scores and ranks are on the "
                                                  "public display");
  assert_says (ctd_round_view_get_publicity (view), "Its scores are public");
  assert_false (ctd_round_view_get_can_release (view));

  /* A player registered late and the event renamed change nothing the
   * round shows: not a notify. */
  forget (&heard);
  assert_true (ctd_document_add_player (document, "Late Entry", NULL, NULL, FALSE, NULL,
                                        &error));
  {
    g_auto(CtdEventSettings) settings = { 0, };

    assert_true (ctd_document_get_settings (document, &settings, &error));
    g_free (settings.name);
    settings.name = g_strdup ("Autumn Chouette");
    assert_true (ctd_document_set_settings (document, &settings, &error));
  }
  assert_int_equal (heard_any (&heard), 0);

  /* Undo (the settings, the late entry, then the release): the round is
   * complete again, and says so. */
  for (guint i = 0; i < 3; i++)
    assert_true (ctd_document_undo (document, &error));
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_COMPLETE);
  assert_says (ctd_round_view_get_release (view), "Releasing the round puts every player's "
                                                  "score and rank on the public display");
  assert_int_equal (heard_notify (&heard, "release"), 1);
  assert_true (ctd_round_view_get_can_release (view));

  unlisten (view, &heard);
}

/* Another program's write (the CLI, a second window) reaches the view
 * when the document looks for changes; a game of another round does
 * not touch it, and an undone draw leaves it saying the round is gone. */
static void
test_other_writer_and_rounds (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdRoundView *view, *final;
  Heard heard;

  ctd_test_draw_players (document, 8);
  record_games (document, 1, 1, 12);
  record_games (document, 2, 1, 11);
  view = get_view (document, 1);
  listen (view, &heard);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_record_game (other, 1, 2, 12, ctd_test_four_sheet[11], FALSE, &error));
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_IN_PLAY);
  ctd_document_check_for_changes (document);
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_COMPLETE);
  assert_int_equal (g_strv_length ((char **) ctd_round_view_get_hold_ups (view)), 0);
  assert_int_equal (heard_notify (&heard, "state"), 1);
  assert_int_equal (heard_notify (&heard, "hold-ups"), 1);

  /* The final drawn from the top 2 of each: round 1 is closed, and its
   * notes say where its advancers went. */
  advancers = ctd_document_advance (document, 1, 2, 0, NULL, &error);
  assert_non_null (advancers);
  assert_true (ctd_document_draw_round (document, 7, NULL, &error));
  assert_int_equal (ctd_round_view_get_state (view), CTD_ROUND_CLOSED);
  assert_says (ctd_round_view_get_cut_note (view, g_array_index (advancers, gint64, 0), FALSE),
               "advances to the final (2.1)");
  final = get_view (document, 2);
  assert_int_equal (ctd_round_view_get_stage (final), CTD_STAGE_FINAL);
  assert_int_equal (ctd_round_view_get_n_players (final), 4);
  assert_false (ctd_round_view_get_can_advance (final));
  assert_says (ctd_round_view_get_release (final), "The Final has nothing to release");

  /* A game of the final touches nothing of round 1. */
  forget (&heard);
  assert_true (ctd_document_record_game (document, 2, 1, 1, "T", FALSE, &error));
  assert_int_equal (ctd_round_view_get_state (final), CTD_ROUND_IN_PLAY);
  assert_int_equal (heard_any (&heard), 0);

  /* The final's draw undone (its game first): its view says it is gone
   * and holds nothing; round 1 is no longer closed, and its advancers
   * have no seat yet. */
  assert_true (ctd_document_undo (document, &error));
  assert_true (ctd_document_undo (document, &error));
  assert_false (ctd_round_view_get_exists (final));
  assert_int_equal (g_strv_length ((char **) ctd_round_view_get_hold_ups (final)), 0);
  {
    CtdStoreRound info;

    assert_true (ctd_tournament_get_round (ctd_document_get_store (document), 1, &info, &error));
    assert_int_not_equal (info.state, CTD_ROUND_CLOSED);
    assert_int_equal (ctd_round_view_get_state (view), info.state);
  }
  assert_says (ctd_round_view_get_cut_note (view, g_array_index (advancers, gint64, 0), FALSE),
               "advances to the final");
  assert_null (strstr (ctd_round_view_get_cut_note (view, g_array_index (advancers, gint64, 0),
                                                    FALSE), "(2.1)"));
  assert_false (ctd_round_view_preview_cut (final, 1, 0, &(CtdCutPreview) { 0, }, &error));
  assert_says (error->message, "There is no round 2 in this event");

  unlisten (view, &heard);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_draw, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_games_and_release, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer_and_rounds, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
