/* ctd-help.h: the user guide, found and opened in the help viewer.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The guide's help id: <datadir>/help/LANG/chouette-td/. */
#define CTD_HELP_ID "chouette-td"

const char *ctd_help_topic_for_page (const char  *window_page);
char       *ctd_help_dup_uri        (const char  *topic,
                                     char       **guide_dir);
char       *ctd_help_dup_dir        (void);
void        ctd_help_show           (GtkWindow   *parent);

G_END_DECLS
