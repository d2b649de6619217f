/* ctd-table-entry-dialog.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-table-server.h"

G_BEGIN_DECLS

#define CTD_TYPE_TABLE_ENTRY_DIALOG (ctd_table_entry_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CtdTableEntryDialog, ctd_table_entry_dialog, CTD, TABLE_ENTRY_DIALOG,
                      GtkWindow)

CtdTableEntryDialog *ctd_table_entry_dialog_new        (GtkWindow           *parent);
void                 ctd_table_entry_dialog_set_server (CtdTableEntryDialog *self,
                                                        CtdTableServer      *server);
CtdTableServer      *ctd_table_entry_dialog_get_server (CtdTableEntryDialog *self);

G_END_DECLS
