/* ctd-application.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CTD_TYPE_APPLICATION (ctd_application_get_type ())

G_DECLARE_FINAL_TYPE (CtdApplication, ctd_application, CTD, APPLICATION, GtkApplication)

CtdApplication *ctd_application_new (void);

G_END_DECLS
