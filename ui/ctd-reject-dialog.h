/* ctd-reject-dialog.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_REJECT_DIALOG (ctd_reject_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CtdRejectDialog, ctd_reject_dialog, CTD, REJECT_DIALOG, GtkWindow)

CtdRejectDialog *ctd_reject_dialog_new (GtkWindow   *parent,
                                        CtdDocument *document,
                                        gint64       submission,
                                        const char  *question);

G_END_DECLS
