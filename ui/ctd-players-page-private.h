/* ctd-players-page-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by ctd-players-page.c (the table, the search field at the desk)
 * and ctd-players-page-actions.c (what the director does).
 */

#pragma once

#include "ctd-record-items.h"
#include "ctd-players-page.h"

G_BEGIN_DECLS

struct _CtdPlayersPage
{
  GtkWidget            parent_instance;

  /* template widgets */
  GtkSearchEntry      *search_entry;
  GtkColumnView       *column_view;
  GtkMultiSelection   *selection;
  GtkSortListModel    *sort_model;
  GtkFilterListModel  *filter_model;
  GtkStringFilter     *name_filter;
  GtkRevealer         *message_revealer;
  GtkLabel            *message_label;
  GtkLabel            *count_label;
  GtkProgressBar      *import_progress;

  /* owned */
  CtdDocument         *document;
  GBindingGroup       *bindings;  /* the counts under the table */
  GSignalGroup        *signals;
  GCancellable        *import_cancellable;
  guint                pulse_id;
  gint64               withdrawing;  /* the player a confirmation is about */
  gboolean             rows_pending; /* the players wait for the page to be shown */
};

/* ctd-players-page-actions.c */
void ctd_players_page_install_actions (GtkWidgetClass *widget_class);

/* ctd-players-page.c */
void           ctd_players_page_show_message     (CtdPlayersPage *self,
                                                  const char     *text,
                                                  gboolean        is_error);
GPtrArray     *ctd_players_page_selected_players (CtdPlayersPage *self);
CtdPlayerItem *ctd_players_page_selected_player  (CtdPlayersPage *self);
gboolean       ctd_players_page_set_checked_in   (CtdPlayersPage *self,
                                                  GPtrArray      *players,
                                                  gboolean        checked_in);
void           ctd_players_page_update_actions   (CtdPlayersPage *self);

G_END_DECLS
