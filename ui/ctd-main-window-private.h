/* ctd-main-window-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by ctd-main-window.c (the window, opening and creating events)
 * and ctd-main-window-actions.c (the commands of its action map).
 */

#pragma once

#include "ctd-chouette-page.h"
#include "ctd-event-page.h"
#include "ctd-log-page.h"
#include "ctd-main-window.h"
#include "ctd-players-page.h"
#include "ctd-results-page.h"
#include "ctd-rounds-page.h"
#include "ctd-standings-page.h"
#include "ctd-table-entry-dialog.h"

G_BEGIN_DECLS

struct _CtdMainWindow
{
  GtkApplicationWindow parent_instance;

  /* template widgets */
  GtkLabel            *title_label;
  GtkLabel            *subtitle_label;
  GtkRevealer         *banner_revealer;
  GtkLabel            *banner_label;
  GtkStack            *main_stack;
  GtkStack            *pages_stack;
  GtkWidget           *sidebar;
  GtkListBox          *recent_list;
  GtkLabel            *recent_title;
  GtkSpinButton       *players_spin;
  GtkLabel            *plan_label;
  CtdEventPage        *event_page;
  CtdPlayersPage      *players_page;
  CtdRoundsPage       *rounds_page;
  CtdResultsPage      *results_page;
  CtdLogPage          *log_page;
  CtdChouettePage     *chouette_page;
  CtdStandingsPage    *standings_page;
  GtkEntry            *goto_entry;
  GMenu               *history_section;
  GMenu               *recent_menu;
  GtkWidget           *opening_box;
  GtkSpinner          *opening_spinner;
  GtkLabel            *opening_label;

  /* owned */
  CtdDocument         *document;
  GBindingGroup       *document_bindings;  /* the document's properties shown */
  GSignalGroup        *document_signals;
  GCancellable        *open_cancellable;
  CtdTableServer      *table_server;       /* Table Entry, of the event shown */

  /* borrowed: the toplevels own it; NULL once destroyed */
  CtdTableEntryDialog *table_entry_dialog;
};

/* ctd-main-window-actions.c */
void ctd_main_window_add_actions    (CtdMainWindow *self);
void ctd_main_window_bind_actions   (CtdMainWindow *self);
void ctd_main_window_enable_actions (CtdMainWindow *self);

/* ctd-main-window-serve.c */
void ctd_main_window_follow_server      (CtdMainWindow *self);
void ctd_main_window_drop_server        (CtdMainWindow *self);
void ctd_main_window_update_waiting     (CtdMainWindow *self);
void ctd_main_window_show_notice    (CtdMainWindow *self,
                                     const char    *message);
void ctd_main_window_accept_table_lines_action (GSimpleAction *action,
                                                GVariant      *parameter,
                                                gpointer       user_data);
void ctd_main_window_table_entry_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data);

G_END_DECLS
