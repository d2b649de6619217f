/* ctd-chouette-change.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a change to one game of a chouette changes, in the director's
 * words, before it is made: the page's confirmation and the CLI's
 * `record --replace` say the same sentences.
 */

#pragma once

#include <glib.h>

#include "ctd-chouette.h"

G_BEGIN_DECLS

GStrv ctd_chouette_change_describe        (const CtdChouette *before,
                                           const CtdChouette *after,
                                           guint              game,
                                           const CtdHalves   *paper,
                                           const gboolean    *paper_given);
GStrv ctd_chouette_change_describe_line   (const CtdChouette *chouette,
                                           guint              game,
                                           const char        *notation,
                                           const CtdHalves   *paper,
                                           const gboolean    *paper_given,
                                           GError           **error);
char *ctd_chouette_change_describe_stored (const CtdChouette *chouette,
                                           guint              game,
                                           const char        *notation);

G_END_DECLS
