/* ctd-test-store.h: events made through the store, and what the store
 * says about them, for the test programs of the event file.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-tournament.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

G_BEGIN_DECLS

/* Two phones at a table, as the store knows them: the hashes of their
 * device tokens (ctd_link_hash()). */
#define CTD_TEST_PHONE_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define CTD_TEST_PHONE_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

extern const char *const      ctd_test_four_sheet[CTD_N_GAMES];
extern const char *const      ctd_test_phone_sheet[CTD_N_GAMES];
extern const CtdEventSettings ctd_test_default_settings;

CtdStore           *ctd_test_create_default     (const CtdTestFolder *fixture);
char               *ctd_test_dump               (const char          *path,
                                                 gboolean             records_only);
CtdStoreAuditEntry *ctd_test_last_audit         (CtdStore            *store);
CtdStoreSubmission *ctd_test_newest_submission  (CtdStore            *store,
                                                 guint                chouette,
                                                 guint                game);
guint               ctd_test_audit_length       (CtdStore            *store);
char               *ctd_test_listing            (CtdStore            *store);
void                ctd_test_assert_history     (CtdStore            *store,
                                                 const char          *undo,
                                                 const char          *redo);
void                ctd_test_assert_store_error (const GError        *error,
                                                 int                  code);
void                ctd_test_add_checked_in     (CtdStore            *store,
                                                 guint                n);
CtdStore           *ctd_test_drawn_event        (const CtdTestFolder *fixture,
                                                 guint                n);
guint               ctd_test_n_games            (CtdStore            *store,
                                                 guint                chouette);
char               *ctd_test_request_key        (guint                n);
void                ctd_test_sides_of           (CtdStore            *store,
                                                 const char          *secret,
                                                 guint                game,
                                                 guint               *out_box,
                                                 guint               *out_captain,
                                                 char               **out_box_name,
                                                 char               **out_captain_name);
char               *ctd_test_link_secret        (CtdStore            *store,
                                                 guint                round,
                                                 guint                chouette);
void                ctd_test_assert_rounds_read (CtdStore            *store,
                                                 const char          *path);
void                ctd_test_record_full        (CtdStore            *store,
                                                 guint                round,
                                                 guint                chouette,
                                                 guint                game,
                                                 const char          *notation,
                                                 gboolean             replace);
void                ctd_test_record             (CtdStore            *store,
                                                 guint                round,
                                                 guint                chouette,
                                                 guint                game,
                                                 const char          *notation);
void                ctd_test_correct            (CtdStore            *store,
                                                 guint                round,
                                                 guint                chouette,
                                                 guint                game,
                                                 const char          *notation);

/* The exact records and what the listings show, to compare a state of
 * the event with an earlier one. */
typedef struct
{
  char *rows;
  char *shown;
} CtdTestSnapshot;

CtdTestSnapshot ctd_test_snapshot_take  (CtdStore              *store);
void            ctd_test_snapshot_clear (CtdTestSnapshot       *snapshot);
void            ctd_test_assert_state   (CtdStore              *store,
                                         const CtdTestSnapshot *expected);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdTestSnapshot, ctd_test_snapshot_clear)

G_END_DECLS
