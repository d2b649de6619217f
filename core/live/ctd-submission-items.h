/* ctd-submission-items.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lines a chouette's table sent from its link that wait for the
 * director (confirmed at the table: pending, or a disagreement with the
 * game's line at the desk), as thin items a scoring page binds to: who
 * entered and confirmed each, from where and when, what it would do to
 * the players' scores, and for a disagreement what differs. The document
 * hands out one list a chouette (ctd_document_get_waiting_lines()),
 * updated in place whenever where the lines stand may change.
 */

#pragma once

#include <glib-object.h>

#include "ctd-chouette-view.h"
#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_TYPE_SUBMISSION_ITEM (ctd_submission_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdSubmissionItem, ctd_submission_item, CTD, SUBMISSION_ITEM, GObject)

CtdSubmissionItem  *ctd_submission_item_new        (const CtdStoreSubmission *submission,
                                                    CtdChouetteView          *view);
gint64              ctd_submission_item_get_id     (CtdSubmissionItem        *self);
guint               ctd_submission_item_get_game   (CtdSubmissionItem        *self);
CtdSubmissionState  ctd_submission_item_get_state  (CtdSubmissionItem        *self);
const char         *ctd_submission_item_get_line   (CtdSubmissionItem        *self);
const char         *ctd_submission_item_get_recorded (CtdSubmissionItem      *self);
const char         *ctd_submission_item_get_mark   (CtdSubmissionItem        *self);
const char         *ctd_submission_item_get_summary (CtdSubmissionItem       *self);
const char         *ctd_submission_item_get_preview (CtdSubmissionItem       *self);
gboolean            ctd_submission_item_get_fits   (CtdSubmissionItem        *self);
const char         *ctd_submission_item_get_differences (CtdSubmissionItem   *self);
gint64              ctd_submission_item_key        (gpointer                  item);
void                ctd_submission_item_assign     (gpointer                  item,
                                                    gpointer                  fresh);
gboolean            ctd_submission_waits           (const CtdStoreSubmission *submission);
GPtrArray          *ctd_submission_items_new       (GPtrArray                *submissions,
                                                    CtdChouetteView          *view);

G_END_DECLS
