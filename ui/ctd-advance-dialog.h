/* ctd-advance-dialog.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_ADVANCE_DIALOG (ctd_advance_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CtdAdvanceDialog, ctd_advance_dialog, CTD, ADVANCE_DIALOG, GtkWindow)

CtdAdvanceDialog *ctd_advance_dialog_new (GtkWindow   *parent,
                                          CtdDocument *document,
                                          guint        round);

G_END_DECLS
