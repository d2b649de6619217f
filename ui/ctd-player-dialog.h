/* ctd-player-dialog.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"
#include "ctd-record-items.h"

G_BEGIN_DECLS

#define CTD_TYPE_PLAYER_DIALOG (ctd_player_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CtdPlayerDialog, ctd_player_dialog, CTD, PLAYER_DIALOG, GtkWindow)

CtdPlayerDialog *ctd_player_dialog_new      (GtkWindow     *parent,
                                             CtdDocument   *document);
CtdPlayerDialog *ctd_player_dialog_new_edit (GtkWindow     *parent,
                                             CtdDocument   *document,
                                             CtdPlayerItem *player);

G_END_DECLS
