/* test-display-view.c: the public display's content as a view the
 * document keeps up to date (CtdDisplayView): what a change alters on
 * the wall notifies, and nothing else does.
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

#include "ctd-display-view.h"
#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-test-build.h"
#include "ctd-test-document.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* How often each part of the view said it changed. */
typedef struct
{
  guint content;
  guint chouettes;
  guint rows;
  guint status;
  guint round_title;
  guint changed;
} Counts;

static void
notify_cb (GObject    *view,
           GParamSpec *pspec,
           Counts     *counts)
{
  const char *name = g_param_spec_get_name (pspec);

  if (strcmp (name, "content") == 0)
    counts->content++;
  else if (strcmp (name, "chouettes") == 0)
    counts->chouettes++;
  else if (strcmp (name, "rows") == 0)
    counts->rows++;
  else if (strcmp (name, "status") == 0)
    counts->status++;
  else if (strcmp (name, "round-title") == 0)
    counts->round_title++;
}

static void
changed_cb (CtdDisplayView *view,
            Counts         *counts)
{
  counts->changed++;
}

static CtdDisplayView *
get_view (CtdDocument *document,
          Counts      *counts)
{
  g_autoptr(GError) error = NULL;
  CtdDisplayView *view = ctd_document_get_display_view (document, &error);

  if (view == NULL)
    fail_msg ("display view: %s", error->message);
  g_signal_connect (view, "notify", G_CALLBACK (notify_cb), counts);
  g_signal_connect (view, "changed", G_CALLBACK (changed_cb), counts);
  return view;
}

/* The view holds what core's posting gives for the file now: the one
 * the window would have read itself. */
static void
assert_as_read_now (CtdDisplayView *view,
                    CtdDocument    *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDisplay) fresh = ctd_display_new (ctd_document_get_store (document), &error);
  const CtdDisplay *held = ctd_display_view_get_content (view);

  assert_non_null (fresh);
  assert_int_equal (held->mode, fresh->mode);
  assert_int_equal (held->round, fresh->round);
  assert_int_equal (held->state, fresh->state);
  assert_int_equal (held->n_finished, fresh->n_finished);
  assert_int_equal (held->chouettes->len, fresh->chouettes->len);
  for (guint c = 0; c < fresh->chouettes->len; c++)
    assert_int_equal (((CtdDisplayChouette *) g_ptr_array_index (held->chouettes, c))->n_recorded,
                      ((CtdDisplayChouette *) g_ptr_array_index (fresh->chouettes, c))->n_recorded);
  assert_int_equal (held->rows->len, fresh->rows->len);
  for (guint i = 0; i < fresh->rows->len; i++)
    {
      const CtdDisplayRow *a = g_ptr_array_index (held->rows, i);
      const CtdDisplayRow *b = g_ptr_array_index (fresh->rows, i);

      assert_string_equal (a->name, b->name);
      assert_int_equal (a->score, b->score);
      assert_int_equal (a->rank, b->rank);
    }
}

static void
record (CtdDocument *document,
        guint        chouette,
        guint        game)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, chouette, game, ctd_test_four_sheet[game - 1],
                                 FALSE, &error))
    fail_msg ("1.%u game %u: %s", chouette, game, error->message);
}

/* A Qualifying round played and released: while it is secret a game
 * changes only its table's progress, never the standings block; the
 * release posts them; a registration changes nothing on the wall. */
static void
test_secret_round_then_release (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GError) error = NULL;
  Counts counts = { 0, };
  const CtdDisplay *content;
  CtdDisplayView *view;

  /* Eight players: two chouettes of four. */
  ctd_test_draw_players (document, 8);
  view = get_view (document, &counts);
  assert_ptr_equal (ctd_document_get_display_view (document, &error), view);
  assert_int_equal (ctd_display_view_get_round (view), 1);
  assert_string_equal (ctd_display_view_get_round_title (view), "Round 1 · Qualifying");
  assert_string_equal (ctd_display_view_get_status (view),
                       "0 of 2 tables finished. Scores are posted when every table has "
                       "finished.");

  record (document, 1, 1);
  assert_int_equal (counts.chouettes, 1);
  assert_int_equal (counts.rows, 0);
  assert_int_equal (counts.changed, 1);
  assert_int_equal (counts.content, 1);
  /* Nothing else on the wall reads otherwise. */
  assert_int_equal (counts.status, 0);
  assert_int_equal (counts.round_title, 0);
  content = ctd_display_view_get_content (view);
  assert_int_equal (((CtdDisplayChouette *) g_ptr_array_index (content->chouettes, 0))->n_recorded,
                    1);
  assert_as_read_now (view, document);

  /* A player registered late: nothing the room sees. */
  memset (&counts, 0, sizeof counts);
  assert_true (ctd_document_add_player (document, "Latecomer", NULL, NULL, TRUE, NULL, &error));
  assert_int_equal (counts.changed, 0);
  assert_int_equal (counts.content, 0);

  /* Every game: progress only, one table finished then both. */
  for (guint game = 2; game <= CTD_N_GAMES; game++)
    record (document, 1, game);
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    record (document, 2, game);
  assert_int_equal (counts.chouettes, 2 * CTD_N_GAMES - 1);
  assert_int_equal (counts.rows, 0);
  assert_int_equal (counts.changed, 2 * CTD_N_GAMES - 1);
  /* "1 of 2", then every table */
  assert_int_equal (counts.status, 2);
  assert_string_equal (ctd_display_view_get_status (view),
                       "Every table has finished. The standings are posted once the director "
                       "releases them.");
  assert_int_equal (ctd_display_view_get_content (view)->rows->len, 0);
  assert_as_read_now (view, document);

  /* The release posts the standings: the block changes, once. */
  memset (&counts, 0, sizeof counts);
  assert_true (ctd_document_release_round (document, 1, &error));
  assert_int_equal (counts.rows, 1);
  assert_int_equal (counts.changed, 1);
  assert_int_equal (counts.chouettes, 0);
  assert_string_equal (ctd_display_view_get_status (view), "Who advances is announced shortly.");
  content = ctd_display_view_get_content (view);
  assert_int_equal (content->mode, CTD_DISPLAY_STANDINGS);
  assert_int_equal (content->rows->len, 8);
  assert_as_read_now (view, document);

  /* Undone: secret again, the block empty. */
  memset (&counts, 0, sizeof counts);
  assert_true (ctd_document_undo (document, &error));
  assert_int_equal (counts.rows, 1);
  assert_int_equal (counts.changed, 1);
  assert_int_equal (ctd_display_view_get_content (view)->rows->len, 0);
  assert_as_read_now (view, document);
}

/* Another program's write reaches the view like the document's own;
 * a game of an older round changes nothing on the wall. */
static void
test_other_writer (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdStore) other = NULL;
  Counts counts = { 0, };
  CtdDisplayView *view;

  /* 16 players played through: the Final is the current round. */
  assert_true (ctd_test_build_event (fixture->path, 16, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  view = get_view (document, &counts);
  assert_int_equal (ctd_display_view_get_content (view)->mode, CTD_DISPLAY_PLACINGS);
  assert_as_read_now (view, document);

  /* The event renamed by another program. */
  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  {
    g_auto(CtdEventSettings) settings = { 0, };

    assert_true (ctd_store_get_settings (other, &settings, &error));
    g_free (settings.name);
    settings.name = g_strdup ("Renamed Open");
    assert_true (ctd_store_set_settings (other, &settings, &error));
  }
  ctd_document_check_for_changes (document);
  assert_int_equal (counts.changed, 1);
  assert_int_equal (counts.rows, 0);
  assert_string_equal (ctd_display_view_get_event_name (view), "Renamed Open");
  assert_as_read_now (view, document);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_secret_round_then_release, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_other_writer, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
