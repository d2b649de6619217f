/* ctd-test-files.h: temporary folders for the test programs.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void ctd_test_remove_tree (const char *path);

G_END_DECLS
