/* ctd-chouette-view.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one chouette's page shows, as the official scoring sheet shows
 * it: the players, the 12 games (Box, Captain, playing order, cube,
 * decision order, each player's score and running total, the result),
 * the totals with their zero-sum check and amounts, the last-segment
 * order and why, and the paper cross-check. Everything is derived by
 * core from the event file; a page binds to it and holds no rule. A
 * CtdDocument hands a view out (ctd_document_get_chouette_view()) and
 * keeps it up to date in place, whoever changed the file, by pushing
 * each change into it (ctd_chouette_view_update()): the view knows the
 * store it is given, never the document.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-chouette.h"
#include "ctd-records.h"
#include "ctd-types.h"

G_BEGIN_DECLS

/**
 * CtdChouetteViewSource:
 * @store: the event file to read (borrowed for the call)
 * @read_only_reason: (nullable): why nothing can change, %NULL while
 *   results can change (ctd_document_get_read_only_reason())
 * @closed: whether that is because the event was closed
 *
 * What the view's keeper gives it with each change.
 */
typedef struct
{
  CtdStore   *store;
  const char *read_only_reason;
  gboolean    closed;
} CtdChouetteViewSource;

#define CTD_TYPE_CHOUETTE_VIEW (ctd_chouette_view_get_type ())

G_DECLARE_FINAL_TYPE (CtdChouetteView, ctd_chouette_view, CTD, CHOUETTE_VIEW, GObject)

CtdChouetteView *ctd_chouette_view_new             (const CtdChouetteViewSource *source,
                                                    guint             round,
                                                    guint             number,
                                                    GError          **error);
gboolean     ctd_chouette_view_update              (CtdChouetteView  *self,
                                                    const CtdChouetteViewSource *source,
                                                    CtdChange         what,
                                                    guint             round,
                                                    guint             chouette,
                                                    GError          **error);

/* The chouette */
guint        ctd_chouette_view_get_round           (CtdChouetteView  *self);
guint        ctd_chouette_view_get_number          (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_label           (CtdChouetteView  *self);
gboolean     ctd_chouette_view_get_exists          (CtdChouetteView  *self);
guint        ctd_chouette_view_get_table           (CtdChouetteView  *self);
guint        ctd_chouette_view_get_size            (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_name            (CtdChouetteView  *self,
                                                    guint             player);
const char  *ctd_chouette_view_get_stake           (CtdChouetteView  *self);
gboolean     ctd_chouette_view_get_editable        (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_locked_reason   (CtdChouetteView  *self);

/* The games */
GListModel  *ctd_chouette_view_get_games           (CtdChouetteView  *self);
guint        ctd_chouette_view_get_n_recorded      (CtdChouetteView  *self);
guint        ctd_chouette_view_get_next_game       (CtdChouetteView  *self);
gboolean     ctd_chouette_view_get_complete        (CtdChouetteView  *self);

/* The totals */
gboolean     ctd_chouette_view_get_totals_known    (CtdChouetteView  *self);
CtdHalves    ctd_chouette_view_get_total           (CtdChouetteView  *self,
                                                    guint             player);
const char  *ctd_chouette_view_get_total_text      (CtdChouetteView  *self,
                                                    guint             player);
gboolean     ctd_chouette_view_get_zero_sum        (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_zero_sum_text   (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_amount_text     (CtdChouetteView  *self,
                                                    guint             player);
gboolean     ctd_chouette_view_get_amounts_provisional (CtdChouetteView *self);
const char  *ctd_chouette_view_get_settlement      (CtdChouetteView  *self);

/* The last segment */
const guint *ctd_chouette_view_get_last_order      (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_last_order_text (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_last_order_basis (CtdChouetteView *self);
gboolean     ctd_chouette_view_get_last_order_fixed (CtdChouetteView *self);
gboolean     ctd_chouette_view_get_last_order_stale (CtdChouetteView *self);

/* The paper cross-check */
gboolean     ctd_chouette_view_get_paper_given     (CtdChouetteView  *self);
CtdHalves    ctd_chouette_view_get_paper           (CtdChouetteView  *self,
                                                    guint             player,
                                                    gboolean         *out_given);
const char  *ctd_chouette_view_get_paper_text      (CtdChouetteView  *self,
                                                    guint             player);
gboolean     ctd_chouette_view_get_paper_agrees    (CtdChouetteView  *self);
const char  *ctd_chouette_view_get_crosscheck      (CtdChouetteView  *self);

/* Before an action: what it would do, without writing anything */
gboolean     ctd_chouette_view_preview             (CtdChouetteView  *self,
                                                    guint             game,
                                                    const char       *notation,
                                                    CtdHalves        *out_deltas,
                                                    CtdHalves        *out_totals,
                                                    char            **out_canonical,
                                                    GError          **error);
char        *ctd_chouette_view_describe_stored     (CtdChouetteView  *self,
                                                    guint             game,
                                                    const char       *notation);
char        *ctd_chouette_view_describe_replacement (CtdChouetteView *self,
                                                     guint            game,
                                                     const char      *notation,
                                                     GError         **error);
char        *ctd_chouette_view_describe_instead    (CtdChouetteView  *self,
                                                    guint             game,
                                                    const char       *table_line,
                                                    const char       *notation,
                                                    GError          **error);

G_END_DECLS
