/* ctd-text.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char   *ctd_text_join_and    (const GPtrArray *items);
void    ctd_text_append_note (GString         *text,
                              const char      *note);
guint64 ctd_text_hash        (const char      *text,
                              gsize            length);

G_END_DECLS
