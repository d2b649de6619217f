/* ctd-test-catalogue.h: a translation made by the test itself, so that a
 * test sees which texts go through gettext with no language installed.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One entry: the msgid ("context\004msgid" for a text with a context),
 * then its translation. */
typedef const char *CtdTestMessage[2];

char *ctd_test_catalogue_install (const CtdTestMessage *messages,
                                  gsize                 n_messages);
void  ctd_test_catalogue_remove  (const char           *folder);

G_END_DECLS
