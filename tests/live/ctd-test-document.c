/* ctd-test-document.c: a live document watched and played, for the test
 * programs of CtdDocument.
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

#include "ctd-test-document.h"
#include "ctd-test-store.h"

/* ---- watching a document ------------------------------------------------ */

static void
document_changed_cb (CtdDocument     *document,
                     CtdChange        what,
                     guint            round,
                     guint            chouette,
                     CtdTestListener *listener)
{
  CtdTestHeard heard = { what, round, chouette };

  g_array_append_val (listener->heard, heard);
}

static void
can_undo_notify_cb (CtdDocument     *document,
                    GParamSpec      *pspec,
                    CtdTestListener *listener)
{
  listener->can_undo_notifies++;
}

static void
can_redo_notify_cb (CtdDocument     *document,
                    GParamSpec      *pspec,
                    CtdTestListener *listener)
{
  listener->can_redo_notifies++;
}

void
ctd_test_listen (CtdDocument     *document,
                 CtdTestListener *listener)
{
  listener->heard = g_array_new (FALSE, FALSE, sizeof (CtdTestHeard));
  g_signal_connect (document, "changed", G_CALLBACK (document_changed_cb), listener);
  g_signal_connect (document, "notify::can-undo", G_CALLBACK (can_undo_notify_cb), listener);
  g_signal_connect (document, "notify::can-redo", G_CALLBACK (can_redo_notify_cb), listener);
}

void
ctd_test_listener_clear (CtdTestListener *listener)
{
  g_clear_pointer (&listener->heard, g_array_unref);
}

/* Asserts that exactly one change was heard since the last call, and
 * what it said. */
void
ctd_test_assert_heard_one (CtdTestListener *listener,
                           CtdChange        what,
                           guint            round,
                           guint            chouette)
{
  const CtdTestHeard *heard;

  assert_int_equal (listener->heard->len, 1);
  heard = &g_array_index (listener->heard, CtdTestHeard, 0);
  assert_int_equal (heard->what, what);
  assert_int_equal (heard->round, round);
  assert_int_equal (heard->chouette, chouette);
  g_array_set_size (listener->heard, 0);
}

void
ctd_test_assert_heard_nothing (CtdTestListener *listener)
{
  assert_int_equal (listener->heard->len, 0);
}

/* ---- events -------------------------------------------------------------- */

/* Game @game of round 1's chouette @chouette, as the hand-worked sheet
 * has it. */
void
ctd_test_document_record (CtdDocument *document,
                          guint        chouette,
                          guint        game)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, chouette, game, ctd_test_four_sheet[game - 1],
                                 FALSE, &error))
    fail_msg ("game %u: %s", game, error->message);
}

void
ctd_test_set_flag_cb (gboolean *flag)
{
  *flag = TRUE;
}

/* ---- a chouette's view ------------------------------------------------ */

/* Round 1's chouette @number, as its page shows it. */
CtdChouetteView *
ctd_test_get_view (CtdDocument *document,
                   guint        number)
{
  g_autoptr(GError) error = NULL;
  CtdChouetteView *view = ctd_document_get_chouette_view (document, 1, number, &error);

  if (view == NULL)
    fail_msg ("1.%u: %s", number, error->message);
  return view;
}

/* @line for @game of @view's chouette, replacing a result with @replace. */
void
ctd_test_record_line (CtdDocument     *document,
                      CtdChouetteView *view,
                      guint            game,
                      const char      *line,
                      gboolean         replace)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_document_record_game (document, 1, ctd_chouette_view_get_number (view), game, line,
                                 replace, &error))
    fail_msg ("game %u “%s”: %s", game, line, error->message);
}

CtdGameItem *
ctd_test_game_item (CtdChouetteView *view,
                    guint            game)
{
  g_autoptr(CtdGameItem) item = g_list_model_get_item (ctd_chouette_view_get_games (view),
                                                       game - 1);

  assert_non_null (item);
  /* The view keeps it: borrowed. */
  return item;
}

/* items-changed, counted. */
void
ctd_test_items_changed_cb (GListModel *model,
                           guint       position,
                           guint       removed,
                           guint       added,
                           guint      *count)
{
  (*count)++;
}
