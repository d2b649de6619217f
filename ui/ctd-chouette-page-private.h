/* ctd-chouette-page-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by ctd-chouette-page.c (the view and the field),
 * ctd-chouette-page-actions.c (what the director does),
 * ctd-chouette-page-sheet.c (the grid's cells and the totals below it),
 * ctd-chouette-page-bind.c (the widgets bound to the view) and
 * ctd-chouette-page-table.c (the lines the table sent from its link).
 */

#pragma once

#include "ctd-chouette-page.h"
#include "ctd-guided-form.h"
#include "ctd-record-items.h"
#include "ctd-submission-items.h"

G_BEGIN_DECLS

struct _CtdChouettePage
{
  GtkWidget           parent_instance;

  /* template widgets */
  GtkStack           *stack;
  GtkLabel           *none_label;
  GtkLabel           *title_label;
  GtkLabel           *players_label;
  GtkRevealer        *locked_revealer;
  GtkLabel           *locked_label;
  GtkColumnView      *column_view;
  GtkSingleSelection *selection;
  GtkWidget          *entry_box;
  GtkRevealer        *table_revealer;
  GtkLabel           *table_label;
  GtkLabel           *table_detail_label;
  GtkLabel           *game_label;
  GtkEntry           *notation_entry;
  GtkLabel           *preview_label;
  GtkToggleButton    *guided_button;
  GtkRevealer        *guided_revealer;
  GtkBox             *guided_box;
  GtkRevealer        *message_revealer;
  GtkLabel           *message_label;
  GtkGrid            *totals_grid;
  GtkLabel           *crosscheck_label;
  GtkLabel           *last_order_label;
  GtkLabel           *settlement_label;

  /* made for the chouette's size (ctd-chouette-page-sheet.c); the grid
   * and the column view own them */
  guint               built_size;
  GPtrArray          *player_columns;
  GtkLabel           *name_labels[CTD_MAX_PLAYERS];
  GtkLabel           *total_labels[CTD_MAX_PLAYERS];
  GtkLabel           *amount_labels[CTD_MAX_PLAYERS];
  GtkEntry           *paper_entries[CTD_MAX_PLAYERS];
  GtkLabel           *sum_label;
  GtkLabel           *amounts_note_label;
  CtdGuidedForm      *guided_form;
  gboolean            from_form;

  /* owned */
  CtdDocument        *document;
  CtdChouetteView    *view;
  GBindingGroup      *view_bindings;     /* source: the view shown */
  GSignalGroup       *view_signals;      /* target: the view shown */
  GSignalGroup       *document_signals;  /* target: the document */
  GListModel         *waiting;           /* the document's list of the table's waiting lines */
  char               *confirm_notation;  /* the line a confirmation is about */
  char               *none_hint;         /* what the page says with no chouette */

  guint               round;
  guint               number;
  guint               n_rounds;      /* the rounds drawn, as the page last saw them */
  guint               left_round;    /* the chouette the page left for a new round */
  guint               left_number;
  guint               confirm_game;
  gint64              confirm_submission;  /* the table's line a confirmation is about */
  guint               scroll_idle;   /* the grid's height changed: its row to show again */
  gboolean            loading;       /* the code, not the director, sets a field */
  gboolean            edited;        /* the field holds a line typed, not the one stored */
  gboolean            paper_edited;  /* the paper totals typed, not the ones stored */
};

/* ctd-chouette-page-sheet.c */
void ctd_chouette_page_init_columns  (CtdChouettePage *self);
void ctd_chouette_page_build_players (CtdChouettePage *self);
void ctd_chouette_page_update_totals (CtdChouettePage *self);
void ctd_chouette_page_bind_cells    (GtkWidgetClass  *widget_class);
void ctd_chouette_page_refresh_results (CtdChouettePage *self);

/* ctd-chouette-page-bind.c */
void ctd_chouette_page_bind_view   (CtdChouettePage *self);
void ctd_chouette_page_bind_totals (CtdChouettePage *self,
                                    guint            size,
                                    GtkLabel        *amounts_label);

/* ctd-chouette-page-actions.c */
void ctd_chouette_page_install_actions (GtkWidgetClass *widget_class);
void ctd_chouette_page_apply_paper     (CtdChouettePage *self);
void ctd_chouette_page_move_on         (CtdChouettePage *self,
                                        guint            game);

/* ctd-chouette-page-table.c */
CtdSubmissionItem *ctd_chouette_page_waiting_line (CtdChouettePage *self,
                                                   guint            game);
gboolean ctd_chouette_page_field_holds_table_line (CtdChouettePage *self);
void     ctd_chouette_page_update_table_bar       (CtdChouettePage *self);
void     ctd_chouette_page_follow_table_lines     (CtdChouettePage *self);
gboolean ctd_chouette_page_accept_table_line      (CtdChouettePage *self,
                                                   guint            game,
                                                   const char      *line);
gboolean ctd_chouette_page_record_instead         (CtdChouettePage *self,
                                                   guint            game,
                                                   const char      *line);
void     ctd_chouette_page_install_table_actions  (GtkWidgetClass  *widget_class);

/* ctd-chouette-page.c */
void         ctd_chouette_page_show_message  (CtdChouettePage *self,
                                              const char      *text,
                                              gboolean         is_error);
void         ctd_chouette_page_hide_message  (CtdChouettePage *self);
guint        ctd_chouette_page_selected_game (CtdChouettePage *self);
CtdGameItem *ctd_chouette_page_selected_item (CtdChouettePage *self);
void         ctd_chouette_page_select_game   (CtdChouettePage *self,
                                              guint            game);
const char  *ctd_chouette_page_notation_text (CtdChouettePage *self);
void         ctd_chouette_page_set_preview   (CtdChouettePage *self,
                                              const char      *text,
                                              gboolean         is_error);
void         ctd_chouette_page_load_field    (CtdChouettePage *self,
                                              gboolean         force);

G_END_DECLS
