/* ctd-test-build.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-build.h"

/* What a test needs beyond core's sample (core/event/ctd-sample.c): a field of
 * any size whose first names are hostile to spreadsheets, markup and
 * fonts, so that every export and view meets them. */

/**
 * ctd_test_build_named_event:
 * @path: the event file to create
 * @names: (array length=n_players): the players' names
 * @n_players: how many players
 * @seed: fixes the draws, the results and the roll-offs
 * @play_all_rounds: go on to the final, with the format the plan proposes
 * @error: return location for a #GError
 *
 * An event with every game of its qualifying round recorded, and with
 * @play_all_rounds every round after it too, through roll-offs and
 * advancement, to the final's placings (ctd_sample_build_event()).
 * Every third player is of a club.
 *
 * Returns: whether the event was built
 */
gboolean
ctd_test_build_named_event (const char        *path,
                            const char *const *names,
                            guint              n_players,
                            guint64            seed,
                            gboolean           play_all_rounds,
                            GError           **error)
{
  g_autofree CtdNewPlayer *players = g_new0 (CtdNewPlayer, n_players);
  const CtdSampleOptions options = {
    .settings = {
      .name = (char *) "Benchmark Open",
      .date = (char *) "2026-11-22",
      .venue = (char *) "Clubhouse",
      .stake_cents = 100,
      .entry_fee_cents = 2200,
      .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
    },
    .players = players,
    .n_players = n_players,
    .source = "bench",
    .seed = seed,
    .play_all_rounds = play_all_rounds,
  };

  for (guint i = 0; i < n_players; i++)
    players[i] = (CtdNewPlayer) { (char *) names[i], i % 3 == 0 ? "Riverside" : NULL, NULL };
  return ctd_sample_build_event (path, &options, error);
}

/**
 * ctd_test_build_event:
 * @path: the event file to create
 * @n_players: how many players (a few with hostile or accented names)
 * @seed: fixes the draws, the results and the roll-offs
 * @play_all_rounds: go on to the final, with the format the plan proposes
 * @error: return location for a #GError
 *
 * ctd_test_build_named_event() with "Player 005" and the like, the first
 * names hostile to spreadsheets, markup and fonts.
 *
 * Returns: whether the event was built
 */
gboolean
ctd_test_build_event (const char  *path,
                      guint        n_players,
                      guint64      seed,
                      gboolean     play_all_rounds,
                      GError     **error)
{
  static const char *const hostile[] = { "=HYPERLINK(\"http://x\",\"y\")", "Zoë Åberg",
                                         "Łukasz Brzęczyszczykiewicz", "<b>Bold</b> & Co" };
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_players; i++)
    g_ptr_array_add (names, i < G_N_ELEMENTS (hostile) ? g_strdup (hostile[i])
                                                       : g_strdup_printf ("Player %03u", i + 1));
  return ctd_test_build_named_event (path, (const char *const *) names->pdata, n_players, seed,
                                     play_all_rounds, error);
}

/**
 * ctd_test_create_document:
 * @path: the event file to create
 *
 * Returns: (transfer full): a new event, "Spring Chouette", stake 1.00,
 *   entry fee 22.00; a failure ends the test program
 */
CtdDocument *
ctd_test_create_document (const char *path)
{
  g_autoptr(GError) error = NULL;
  const CtdEventSettings settings = {
    .name = (char *) "Spring Chouette",
    .date = (char *) "2026-05-17",
    .venue = (char *) "Club house",
    .stake_cents = 100,
    .entry_fee_cents = 2200,
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
  };
  CtdDocument *document = ctd_document_create (path, &settings, &error);

  if (document == NULL)
    g_error ("%s", error->message);
  return document;
}

/**
 * ctd_test_draw_players:
 * @document: an event without players
 * @n: how many to register, checked in ("Player A"...)
 *
 * Registers @n players and draws round 1 with seed 2026; a failure ends
 * the test program.
 */
void
ctd_test_draw_players (CtdDocument *document,
                       guint        n)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %c", 'A' + i);

      if (!ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error))
        g_error ("%s", error->message);
    }
  if (!ctd_document_draw_round (document, 2026, NULL, &error))
    g_error ("%s", error->message);
}

static gboolean
deadline_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/**
 * ctd_test_spin_until:
 * @done: set when what is awaited has happened
 * @ms: the most to wait
 *
 * Runs the main loop until *@done or @ms milliseconds have passed.
 */
void
ctd_test_spin_until (const gboolean *done,
                     guint           ms)
{
  gboolean timed_out = FALSE;
  guint deadline = g_timeout_add (ms, deadline_cb, &timed_out);

  while (!*done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (deadline);
}

static gboolean
tick_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/**
 * ctd_test_wait_for:
 * @condition: what is awaited
 * @user_data: for @condition
 * @ms: the most to wait
 * @what: what should happen, in words, for the message
 *
 * Runs the main loop until @condition holds or @ms milliseconds have
 * passed. @condition is asked after every iteration, and at least every
 * 10 ms for a state that no source of the loop announces (a file another
 * process writes). On a timeout it says on stderr what did not happen.
 *
 * Returns: whether @condition holds, for assert_true()
 */
gboolean
ctd_test_wait_for (CtdTestCondition condition,
                   gconstpointer    user_data,
                   guint            ms,
                   const char      *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * G_TIME_SPAN_MILLISECOND;
  guint tick = g_timeout_add (10, tick_cb, NULL);
  gboolean held;

  while (!(held = condition (user_data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  if (!held)
    g_printerr ("Waited %u ms for %s: it did not happen\n", ms, what);
  return held;
}

static gboolean
flag_set (gconstpointer user_data)
{
  return *(const gboolean *) user_data;
}

/**
 * ctd_test_wait_until:
 * @done: set when what is awaited has happened (by a callback)
 * @ms: the most to wait
 * @what: what should happen, in words, for the message
 *
 * ctd_test_wait_for() on a flag.
 *
 * Returns: *@done, for assert_true()
 */
gboolean
ctd_test_wait_until (const gboolean *done,
                     guint           ms,
                     const char     *what)
{
  return ctd_test_wait_for (flag_set, done, ms, what);
}

/**
 * ctd_test_drain:
 *
 * Runs what the main loop has ready (idles, queued signals, redraws)
 * without waiting for anything more: after a step that should have done
 * nothing, before asserting that nothing happened.
 */
void
ctd_test_drain (void)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

/* The private link's secret of chouette @round.@number (a copy); the
 * test ends when it has none. */
char *
ctd_test_document_secret (CtdDocument *document,
                          guint        round,
                          guint        number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_document_list_links (document, round, &error);

  if (links == NULL)
    g_error ("the links of round %u: %s", round, error->message);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == number)
        return g_strdup (link->secret);
    }
  g_error ("chouette %u.%u has no link", round, number);
  return NULL;
}
