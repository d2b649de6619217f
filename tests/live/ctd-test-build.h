/* ctd-test-build.h: whole events for tests and benchmarks.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-document.h"
#include "ctd-sample.h"

G_BEGIN_DECLS

gboolean  ctd_test_build_event       (const char         *path,
                                      guint               n_players,
                                      guint64             seed,
                                      gboolean            play_all_rounds,
                                      GError            **error);
gboolean  ctd_test_build_named_event (const char         *path,
                                      const char *const  *names,
                                      guint               n_players,
                                      guint64             seed,
                                      gboolean            play_all_rounds,
                                      GError            **error);

CtdDocument *ctd_test_create_document (const char     *path);
char        *ctd_test_document_secret (CtdDocument    *document,
                                       guint           round,
                                       guint           number);
void         ctd_test_draw_players    (CtdDocument    *document,
                                       guint           n);
void         ctd_test_spin_until      (const gboolean *done,
                                       guint           ms);

/* Whether what a test waits for has happened. */
typedef gboolean (*CtdTestCondition) (gconstpointer user_data);

gboolean     ctd_test_wait_for        (CtdTestCondition condition,
                                       gconstpointer    user_data,
                                       guint            ms,
                                       const char      *what);
gboolean     ctd_test_wait_until      (const gboolean  *done,
                                       guint            ms,
                                       const char      *what);
void         ctd_test_drain           (void);

G_END_DECLS
