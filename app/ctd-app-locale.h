/* ctd-app-locale.h: where the programs find their translations.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *ctd_app_locale_dir  (void);
void  ctd_app_locale_init (void);

G_END_DECLS
