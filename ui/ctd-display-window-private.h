/* ctd-display-window-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by ctd-display-window.c (the window: the type fitted to it,
 * what the room reads, fullscreen) and ctd-display-window-blocks.c (the
 * labels, cards and lines of standings it is made of).
 */

#pragma once

#include "ctd-display-view.h"
#include "ctd-display-window.h"

G_BEGIN_DECLS

struct _CtdDisplayWindow
{
  GtkWindow          parent_instance;

  /* template widgets */
  GtkWidget         *content_box;
  GtkWidget         *title_box;
  GtkLabel          *event_label;
  GtkLabel          *round_label;
  GtkLabel          *status_label;
  GtkFlowBox        *chouettes_box;
  GtkLabel          *standings_title;
  GtkGrid           *standings_grid;

  /* owned */
  CtdDocument       *document;
  CtdDisplayView    *view;         /* the document's, NULL for nothing */
  GBindingGroup     *bindings;     /* the view's lines on the labels */
  GSignalGroup      *signals;      /* its "changed" */
  guint              fit_id;
  guint              page_id;
  int                fitted_width; /* the scroller's size the type fits */
  int                fitted_height;
  int                unit;         /* the standings' type, in pixels */
  guint              n_blocks;     /* of standings side by side */
  guint              n_pages;
  guint              page;         /* of the standings shown, from 0 */

  /* borrowed */
  const CtdDisplay  *display;      /* the view's content, NULL for nothing */
};

/* ctd-display-window-blocks.c */
GQuark ctd_display_scale_quark            (void);
void   ctd_display_window_set_scale       (GtkWidget        *widget,
                                           guint             hundredths);
int    ctd_display_window_scaled          (int               unit,
                                           guint             hundredths);
void   ctd_display_window_scale_tree      (GtkWidget        *widget,
                                           int               unit);
void   ctd_display_window_clear_chouettes (CtdDisplayWindow *self);
void   ctd_display_window_clear_standings (CtdDisplayWindow *self);
void   ctd_display_window_fill_chouettes  (CtdDisplayWindow *self,
                                           const CtdDisplay *display);
void   ctd_display_window_place_rows      (CtdDisplayWindow *self);
guint  ctd_display_window_rows_per_page   (CtdDisplayWindow *self);
void   ctd_display_window_fill_standings  (CtdDisplayWindow *self);

G_END_DECLS
