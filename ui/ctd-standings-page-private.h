/* ctd-standings-page-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the ui/ctd-standings-page*.c files. Never included outside them.
 *
 *   ctd-standings-page.c       the page, its cells, the round it shows, release, advance
 *   ctd-standings-page-ties.c  the tie at the cut and its roll-off
 */

#pragma once

#include "ctd-standings-page.h"

G_BEGIN_DECLS

struct _CtdStandingsPage
{
  GtkWidget           parent_instance;

  /* template widgets */
  GtkDropDown        *round_dropdown;
  GtkToggleButton    *director_toggle;
  GtkToggleButton    *public_toggle;
  GtkLabel           *round_state_label;
  GtkWidget          *release_button;
  GtkRevealer        *message_revealer;
  GtkLabel           *message_label;
  GtkStack           *view_stack;
  GtkWidget          *tie_box;
  GtkLabel           *tie_label;
  GtkLabel           *tie_message_label;
  GtkEntry           *rolloff_entry;
  GtkSingleSelection *director_selection;
  GtkNoSelection     *public_selection;
  GtkLabel           *progress_label;

  /* owned */
  CtdDocument        *document;
  CtdRoundView       *view;           /* the round shown, or NULL */
  GBindingGroup      *bindings;       /* the page's properties, bound to @view's */
  GSignalGroup       *view_signals;   /* what the page draws in C from @view */
  GSignalGroup       *document_signals;
  GPtrArray          *cells;          /* bound GtkListItems of C-drawn cells */
  guint               n_rounds;       /* the rounds drawn when last read */
};

/* ---- ctd-standings-page.c ---------------------------------------------- */

void standings_page_show_message (CtdStandingsPage *self,
                                  const char       *text,
                                  gboolean          is_error);

char *standings_page_seed_text (guint64 seed);

void standings_page_update_actions (CtdStandingsPage *self);

/* ---- ctd-standings-page-ties.c ----------------------------------------- */

void standings_page_bind_tie (CtdStandingsPage *self);

void standings_page_init_ties (GtkWidgetClass *widget_class);

G_END_DECLS
