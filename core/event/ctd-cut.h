/* ctd-cut.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-advance.h"
#include "ctd-records.h"

G_BEGIN_DECLS

/*
 * CtdCutPreview:
 * @top_k, @wildcards: the cut previewed
 * @n_next: how many players it sends on (top K x chouettes + wildcards)
 * @size_ok: @n_next can make the next round; @next_stage is its stage
 * @next_stage: the next round's stage, when @size_ok
 * @advancers: (element-type gint64) (nullable): who would go on, in
 *   standings order, once the cut falls between two scores
 * @advancer_names: (nullable): their names, "Ann, Bob and Cid"
 * @tie: the players to roll off when the cut falls inside a tie
 *
 * What advancing from a round with this cut would do, nothing stored.
 */
typedef struct
{
  guint          top_k;
  guint          wildcards;
  guint          n_next;
  gboolean       size_ok;
  CtdStage       next_stage;
  GArray        *advancers;
  char          *advancer_names;
  CtdAdvanceTie  tie;
} CtdCutPreview;

gboolean    ctd_cut_preview          (CtdStore       *store,
                                      guint           round,
                                      guint           top_k,
                                      guint           wildcards,
                                      CtdCutPreview  *out_preview,
                                      GError        **error);
gboolean    ctd_cut_preview_of       (const CtdStandings  *standings,
                                      guint                n_chouettes,
                                      const GError        *unfinished,
                                      guint                top_k,
                                      guint                wildcards,
                                      CtdCutPreview       *out_preview,
                                      GError             **error);
void        ctd_cut_preview_clear    (CtdCutPreview  *preview);
char       *ctd_cut_preview_describe (const CtdCutPreview *preview);
GHashTable *ctd_cut_notes            (CtdStore            *store,
                                      guint                round,
                                      const CtdStandings  *standings,
                                      gboolean             public_view,
                                      GError             **error);
GArray     *ctd_cut_find_tie         (CtdStore            *store,
                                      guint                round,
                                      const CtdStandings  *standings,
                                      GError             **error);
GArray     *ctd_cut_parse_order      (CtdStore       *store,
                                      guint           round,
                                      const char     *text,
                                      GError        **error);
GArray     *ctd_cut_parse_order_in   (const GPtrArray  *chouettes,
                                      guint             round,
                                      const char       *text,
                                      GError          **error);

G_END_DECLS
