/* ctd-players-page.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-document.h"

G_BEGIN_DECLS

#define CTD_TYPE_PLAYERS_PAGE (ctd_players_page_get_type ())

G_DECLARE_FINAL_TYPE (CtdPlayersPage, ctd_players_page, CTD, PLAYERS_PAGE, GtkWidget)

CtdDocument *ctd_players_page_get_document (CtdPlayersPage *self);
void         ctd_players_page_set_document (CtdPlayersPage *self,
                                            CtdDocument    *document);
void         ctd_players_page_import       (CtdPlayersPage *self,
                                            GFile          *file);

G_END_DECLS
