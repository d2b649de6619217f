/* ctd-test-document.h: a live document watched and played, for the test
 * programs of CtdDocument.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-chouette-view.h"
#include "ctd-document.h"
#include "ctd-record-items.h"

G_BEGIN_DECLS

/* Points as the SPEC tables write them, in half points. */
#define H(points) ((CtdHalves) ((points) * 2))

typedef struct
{
  CtdChange what;
  guint     round;
  guint     chouette;
} CtdTestHeard;

/* Every "changed" emission, and the notifies of the history properties. */
typedef struct
{
  GArray *heard;
  guint   can_undo_notifies;
  guint   can_redo_notifies;
} CtdTestListener;

void ctd_test_listen               (CtdDocument     *document,
                                    CtdTestListener *listener);
void ctd_test_listener_clear       (CtdTestListener *listener);
void ctd_test_assert_heard_one     (CtdTestListener *listener,
                                    CtdChange        what,
                                    guint            round,
                                    guint            chouette);
void ctd_test_assert_heard_nothing (CtdTestListener *listener);
void ctd_test_document_record      (CtdDocument     *document,
                                    guint            chouette,
                                    guint            game);
void ctd_test_set_flag_cb          (gboolean        *flag);

CtdChouetteView *ctd_test_get_view         (CtdDocument     *document,
                                            guint            number);
void             ctd_test_record_line      (CtdDocument     *document,
                                            CtdChouetteView *view,
                                            guint            game,
                                            const char      *line,
                                            gboolean         replace);
CtdGameItem     *ctd_test_game_item        (CtdChouetteView *view,
                                            guint            game);
void             ctd_test_items_changed_cb (GListModel      *model,
                                            guint            position,
                                            guint            removed,
                                            guint            added,
                                            guint           *count);

G_END_DECLS
