/* ctd-locale.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *ctd_locale_number      (const char *number);
char *ctd_locale_group       (const char *number);
char *ctd_locale_unlocalize  (const char *text);
char *ctd_locale_date        (const char *iso_date);

G_END_DECLS
