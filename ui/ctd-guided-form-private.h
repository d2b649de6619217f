/* ctd-guided-form-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the ui/ctd-guided-form*.c files; never included elsewhere.
 *
 *   ctd-guided-form.c          the template, the outcome and the cubes,
 *                              the line, the public functions
 *   ctd-guided-form-choices.c  what a dropdown offers, from core, and
 *                              what its choice stands for
 *   ctd-guided-form-lists.c    the extras, penalties and adjustments,
 *                              row by row, and their Add/Remove actions
 */

#pragma once

#include "ctd-guided-form.h"

G_BEGIN_DECLS

/* A set of players as bits, bit p for player p. */
#define CTD_PLAYER_BIT(player) (1u << (player))

/* The widgets of a row are the grid's; a row only borrows them. */
typedef struct
{
  GtkDropDown *offerer;
  GtkDropDown *taker;
  GtkDropDown *value;
  GtkDropDown *end;
  GtkWidget   *remove;
} CtdExtraRow;

/* A penalty (with its fixed @amount shown) or an adjustment (with its
 * @spin). */
typedef struct
{
  GtkDropDown   *payer;
  GtkDropDown   *payee;
  GtkLabel      *amount;
  GtkSpinButton *spin;
  GtkWidget     *remove;
} CtdPaymentRow;

struct _CtdGuidedForm
{
  GtkWidget       parent_instance;

  /* template widgets */
  GtkWidget      *content;
  GtkCheckButton *box_button;
  GtkCheckButton *team_button;
  GtkCheckButton *none_button;
  GtkWidget      *multiplier_box;
  GtkCheckButton *single_button;
  GtkCheckButton *gammon_button;
  GtkCheckButton *backgammon_button;
  GtkLabel       *cubes_label;
  GtkLabel       *name_labels[CTD_MAX_PLAYERS];
  GtkLabel       *role_labels[CTD_MAX_PLAYERS];
  GtkWidget      *value_captions[CTD_MAX_PLAYERS];
  GtkDropDown    *value_dropdowns[CTD_MAX_PLAYERS];
  GtkWidget      *end_captions[CTD_MAX_PLAYERS];
  GtkDropDown    *end_dropdowns[CTD_MAX_PLAYERS];
  GtkGrid        *extras_grid;
  GtkGrid        *penalties_grid;
  GtkGrid        *adjustments_grid;
  GtkWidget      *add_extra_button;
  GtkWidget      *add_penalty_button;
  GtkWidget      *add_adjustment_button;
  GtkCheckButton *together_button;

  /* owned */
  gboolean        has_game;
  CtdGameContext  context;
  char          **names;        /* "N Name", names[p - 1] for player p */
  GArray         *extras;       /* CtdExtraRow, in grid order */
  GArray         *penalties;    /* CtdPaymentRow */
  GArray         *adjustments;  /* CtdPaymentRow */
  char           *notation;
  /* Set while the form changes its own widgets: their signals then wait
   * for the one update at the end. */
  guint           updating;
};

/* ---- ctd-guided-form.c ---- */

void     ctd_guided_form_update_notation      (CtdGuidedForm        *self);

/* ---- ctd-guided-form-choices.c ---- */

/* What a dropdown offers: @labels shown, @codes (a player, a value or a
 * CtdCubeEnd) what each stands for. */
typedef struct
{
  GArray    *codes;
  GPtrArray *labels;
} CtdChoices;

void     ctd_choices_init                     (CtdChoices           *choices);
void     ctd_choices_clear                    (CtdChoices           *choices);
void     ctd_choices_add                      (CtdChoices           *choices,
                                               guint                 code,
                                               char                 *label);
void     ctd_choices_offer                    (GtkDropDown          *dropdown,
                                               const CtdChoices     *choices,
                                               guint                 keep);
guint    ctd_choices_get                      (GtkDropDown          *dropdown);
void     ctd_choices_set                      (GtkDropDown          *dropdown,
                                               guint                 code);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdChoices, ctd_choices_clear)

guint    ctd_guided_form_crew                 (CtdGuidedForm        *self);
guint    ctd_guided_form_everyone             (CtdGuidedForm        *self);
void     ctd_guided_form_offer_players        (CtdGuidedForm        *self,
                                               GtkDropDown          *dropdown,
                                               guint                 players,
                                               guint                 keep);
void     ctd_guided_form_offer_values         (GtkDropDown          *dropdown,
                                               GArray               *values,
                                               guint                 keep);
GArray  *ctd_guided_form_cube_values          (const CtdGameContext *context,
                                               guint                 value);
GArray  *ctd_guided_form_extra_values         (const CtdGameContext *context,
                                               guint                 passed_value,
                                               CtdCubeEnd            end,
                                               guint                 value);
char    *ctd_guided_form_describe_end         (CtdCubeEnd            end,
                                               guint                 taker,
                                               guint                 offerer);

/* ---- ctd-guided-form-lists.c ---- */

void     ctd_guided_form_install_list_actions (GtkWidgetClass       *widget_class);
void     ctd_guided_form_update_list_actions  (CtdGuidedForm        *self);
void     ctd_guided_form_clear_lists          (CtdGuidedForm        *self);
void     ctd_guided_form_refresh_extras       (CtdGuidedForm        *self);
void     ctd_guided_form_describe_lists       (CtdGuidedForm        *self,
                                               CtdResult            *result);
void     ctd_guided_form_show_lists           (CtdGuidedForm        *self,
                                               const CtdResult      *result);

G_END_DECLS
