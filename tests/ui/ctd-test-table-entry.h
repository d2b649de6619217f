/* ctd-test-table-entry.h: the Table Entry dialog driven as a director
 * drives it, for the UI test programs of that dialog.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-application.h"
#include "ctd-main-window.h"
#include "ctd-table-entry-dialog.h"

G_BEGIN_DECLS

CtdMainWindow       *ctd_test_open_drawn_entry  (CtdApplication      *app,
                                                 const char          *dir);
CtdTableEntryDialog *ctd_test_open_table_entry  (CtdMainWindow       *window);
GtkWidget           *ctd_test_table_entry_input (CtdTableEntryDialog *dialog,
                                                 const char          *name,
                                                 GType                type);
void                 ctd_test_choose_loopback   (CtdTableEntryDialog *dialog,
                                                 guint                port);
void                 ctd_test_table_entry_click (CtdTableEntryDialog *dialog,
                                                 const char          *name);

G_END_DECLS
