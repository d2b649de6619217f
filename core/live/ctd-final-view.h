/* ctd-final-view.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the "Final and Money" page shows: the Final's placings 1st to 4th
 * (rule 1.9) or what holds them up, the ties a roll-off must settle, the
 * stake and rule 1.8's word on the entry fee, and every chouette's
 * settlement for one round. Everything is core's (ctd-outcome.h, what
 * `results` and `settle` print). A CtdDocument hands the view out
 * (ctd_document_get_final_view()) and keeps it up to date in place,
 * whoever changed the file, by pushing each change into it
 * (ctd_final_view_update()): the view reads the store it is given,
 * never the document.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_TYPE_FINAL_VIEW (ctd_final_view_get_type ())

G_DECLARE_FINAL_TYPE (CtdFinalView, ctd_final_view, CTD, FINAL_VIEW, GObject)

CtdFinalView *ctd_final_view_new                  (CtdStore      *store,
                                                   GError       **error);
gboolean     ctd_final_view_update                (CtdFinalView  *self,
                                                   CtdStore      *store,
                                                   CtdChange      what,
                                                   guint          round,
                                                   guint          chouette,
                                                   GError       **error);
void         ctd_final_view_forget_store          (CtdFinalView  *self);

/* The Final */
guint        ctd_final_view_get_round             (CtdFinalView  *self);
gboolean     ctd_final_view_get_complete          (CtdFinalView  *self);
const char  *ctd_final_view_get_status            (CtdFinalView  *self);
const char  *ctd_final_view_get_ties              (CtdFinalView  *self);
GListModel  *ctd_final_view_get_placings          (CtdFinalView  *self);

/* The money */
const char  *ctd_final_view_get_stake_text        (CtdFinalView  *self);
const char  *ctd_final_view_get_fee_warning       (CtdFinalView  *self);
guint        ctd_final_view_get_settlement_round  (CtdFinalView  *self);
gboolean     ctd_final_view_set_settlement_round  (CtdFinalView  *self,
                                                   guint          round,
                                                   GError       **error);
GListModel  *ctd_final_view_get_settlements       (CtdFinalView  *self);

G_END_DECLS
