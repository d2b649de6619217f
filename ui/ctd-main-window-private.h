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
};

/* ctd-main-window-actions.c */
void ctd_main_window_add_actions    (CtdMainWindow *self);
void ctd_main_window_bind_actions   (CtdMainWindow *self);
void ctd_main_window_enable_actions (CtdMainWindow *self);

G_END_DECLS
