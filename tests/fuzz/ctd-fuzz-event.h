/* ctd-fuzz-event.h: an event file as the event harnesses read it.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *ctd_fuzz_event_get_path (void);
void        ctd_fuzz_event_remove   (void);
void        ctd_fuzz_event_read     (void);

G_END_DECLS
