/* ctd-document.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The open event as a live document: the one door a window uses to read
 * and change an event file. It owns the file's CtdStore, runs every
 * action through it, and after each commit, undo or redo (its own, or
 * another window's or command's on the same file) emits "changed" with
 * what changed, and updates the list models it handed out in place.
 * Slow work (opening, importing, exporting) runs in a worker thread.
 */

#pragma once

#include <gio/gio.h>

#include "ctd-advance.h"
#include "ctd-chouette-view.h"
#include "ctd-round-view.h"
#include "ctd-cut.h"
#include "ctd-display-view.h"
#include "ctd-tournament.h"
#include "ctd-export.h"
#include "ctd-final-view.h"
#include "ctd-import.h"
#include "ctd-report.h"
#include "ctd-outcome.h"
#include "ctd-records.h"
#include "ctd-submission-items.h"

G_BEGIN_DECLS

#define CTD_DOCUMENT_ERROR (ctd_document_error_quark ())

typedef enum
{
  CTD_DOCUMENT_ERROR_BUSY,  /* a slow write (an import) is still running */
} CtdDocumentError;

/*
 * CtdDocumentExport:
 * @round: with @chouette 0, every sheet of the round and its standings;
 *   0 with @chouette 0: the whole event (the archive)
 * @chouette: one chouette's scoring sheet (of @round), or 0
 * @options: public copy, blank sheets, layout folder, and the desk's
 *   address (links_base) to print each table's link under on its
 *   scoring sheets; the strings are copied
 *
 * What ctd_document_export_async() writes: what `export --chouette`,
 * `--round` and `--all` write.
 */
typedef struct
{
  guint            round;
  guint            chouette;
  CtdReportOptions options;
} CtdDocumentExport;

#define CTD_TYPE_DOCUMENT (ctd_document_get_type ())

G_DECLARE_FINAL_TYPE (CtdDocument, ctd_document, CTD, DOCUMENT, GObject)

GQuark       ctd_document_error_quark          (void);

CtdDocument *ctd_document_create               (const char              *path,
                                                const CtdEventSettings  *settings,
                                                GError                 **error);
CtdDocument *ctd_document_open_read_only       (const char              *path,
                                                GError                 **error);
CtdDocument *ctd_document_open                 (const char              *path,
                                                GError                 **error);
void         ctd_document_open_async           (const char              *path,
                                                GCancellable            *cancellable,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
CtdDocument *ctd_document_open_finish          (GAsyncResult            *result,
                                                GError                 **error);

const char  *ctd_document_get_path             (CtdDocument             *self);
GFile       *ctd_document_get_file             (CtdDocument             *self);
const char  *ctd_document_get_name             (CtdDocument             *self);
gboolean     ctd_document_get_read_only        (CtdDocument             *self);
const char  *ctd_document_get_read_only_reason (CtdDocument             *self);
gboolean     ctd_document_get_closed           (CtdDocument             *self);
gboolean     ctd_document_get_busy             (CtdDocument             *self);
gboolean     ctd_document_get_can_undo         (CtdDocument             *self);
gboolean     ctd_document_get_can_redo         (CtdDocument             *self);
const char  *ctd_document_get_undo_summary     (CtdDocument             *self);
const char  *ctd_document_get_redo_summary     (CtdDocument             *self);
void         ctd_document_check_for_changes    (CtdDocument             *self);

/* Actions: each is one store action; "changed" follows a commit */
gboolean     ctd_document_set_settings         (CtdDocument             *self,
                                                const CtdEventSettings  *settings,
                                                GError                 **error);
gboolean     ctd_document_set_settings_full    (CtdDocument             *self,
                                                const CtdEventSettings  *settings,
                                                gboolean                 force,
                                                GError                 **error);
gboolean     ctd_document_add_player           (CtdDocument             *self,
                                                const char              *name,
                                                const char              *club,
                                                const char              *member_id,
                                                gboolean                 checked_in,
                                                gint64                  *out_id,
                                                GError                 **error);
gboolean     ctd_document_withdraw_player      (CtdDocument             *self,
                                                gint64                   player_id,
                                                gboolean                 force,
                                                GError                 **error);
gboolean     ctd_document_reinstate_player     (CtdDocument             *self,
                                                gint64                   player_id,
                                                GError                 **error);
gboolean     ctd_document_edit_player          (CtdDocument             *self,
                                                gint64                   player_id,
                                                const char              *name,
                                                const char              *club,
                                                const char              *member_id,
                                                GError                 **error);
gboolean     ctd_document_set_checked_in       (CtdDocument             *self,
                                                gint64                   player_id,
                                                gboolean                 checked_in,
                                                GError                 **error);
gboolean     ctd_document_set_checked_in_players (CtdDocument           *self,
                                                  const gint64          *player_ids,
                                                  gsize                  n_players,
                                                  gboolean               checked_in,
                                                  guint                 *out_n_changed,
                                                  GError               **error);
gboolean     ctd_document_draw_round           (CtdDocument             *self,
                                                guint64                  seed,
                                                guint                   *out_round,
                                                GError                 **error);
gboolean     ctd_document_redraw_round         (CtdDocument             *self,
                                                guint                    round,
                                                guint64                  seed,
                                                GError                 **error);
gboolean     ctd_document_record_game          (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                guint                    game,
                                                const char              *notation,
                                                gboolean                 replace,
                                                GError                 **error);
/* The lines tables send from their links (ctd-document-submissions.c) */
GPtrArray   *ctd_document_list_submissions     (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                GError                 **error);
CtdChouette *ctd_document_load_table           (CtdDocument             *self,
                                                const char              *secret,
                                                guint                   *out_round,
                                                guint                   *out_chouette,
                                                GPtrArray              **out_lines,
                                                GError                 **error);
gboolean     ctd_document_submit               (CtdDocument             *self,
                                                const char              *secret,
                                                guint                    game,
                                                const char              *line,
                                                guint                    entered_by,
                                                const char              *request,
                                                const char              *address,
                                                const char              *device,
                                                gint64                  *out_id,
                                                GError                 **error);
gboolean     ctd_document_answer_submission    (CtdDocument             *self,
                                                const char              *secret,
                                                gint64                   id,
                                                guint                    by,
                                                gboolean                 confirm,
                                                const char              *address,
                                                const char              *device,
                                                const char              *seat_code,
                                                GError                 **error);
void         ctd_document_sync_async           (CtdDocument             *self,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
gboolean     ctd_document_sync_finish          (CtdDocument             *self,
                                                GAsyncResult            *result,
                                                GError                 **error);
gboolean     ctd_document_accept_submission    (CtdDocument             *self,
                                                gint64                   id,
                                                gboolean                 replace,
                                                GError                 **error);
gboolean     ctd_document_tally_acceptable     (CtdDocument             *self,
                                                guint                    round,
                                                CtdAcceptTally          *out_tally,
                                                GError                 **error);
gboolean     ctd_document_accept_submissions   (CtdDocument             *self,
                                                guint                    round,
                                                CtdAcceptTally          *out_tally,
                                                GError                 **error);
gboolean     ctd_document_reject_submission    (CtdDocument             *self,
                                                gint64                   id,
                                                const char              *reason,
                                                GError                 **error);
/* The confirmed lines that wait for the director, one list a chouette
 * (ctd-document-submission-view.c), kept up to date in place */
GListModel  *ctd_document_get_waiting_lines    (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                GError                 **error);
/* How many wait, and where, across the event (ctd-document-waiting.c) */
gboolean     ctd_document_count_waiting_lines  (CtdDocument             *self,
                                                guint                   *out_n_lines,
                                                GError                 **error);
/* A chouette whose tables' lines wait: how many, since when (the
 * oldest line's confirmation, ISO 8601 UTC) */
typedef struct
{
  guint  round;
  guint  chouette;
  guint  n_lines;
  char  *since;
} CtdWaitingChouette;
void         ctd_waiting_chouette_free         (CtdWaitingChouette      *waiting);
GPtrArray   *ctd_waiting_chouettes_group       (GPtrArray               *lines);
GPtrArray   *ctd_document_list_waiting_chouettes (CtdDocument           *self,
                                                  GError               **error);
gboolean     ctd_document_clear_game           (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                guint                    game,
                                                GError                 **error);
gboolean     ctd_document_fix_last_segment_order (CtdDocument           *self,
                                                  guint                  round,
                                                  guint                  chouette,
                                                  const guint           *order,
                                                  gboolean               force,
                                                  GError               **error);
gboolean     ctd_document_set_crosscheck       (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                const CtdHalves         *paper,
                                                const gboolean          *given,
                                                GError                 **error);
gboolean     ctd_document_tiebreak             (CtdDocument             *self,
                                                guint                    round,
                                                const gint64            *order,
                                                gsize                    n_players,
                                                const guint64           *seed,
                                                GError                 **error);
gboolean     ctd_document_release_round        (CtdDocument             *self,
                                                guint                    round,
                                                GError                 **error);
GArray      *ctd_document_advance              (CtdDocument             *self,
                                                guint                    round,
                                                guint                    top_k,
                                                guint                    wildcards,
                                                CtdAdvanceTie           *out_tie,
                                                GError                 **error);
gboolean     ctd_document_undo                 (CtdDocument             *self,
                                                GError                 **error);
gboolean     ctd_document_redo                 (CtdDocument             *self,
                                                GError                 **error);
gboolean     ctd_document_close_event          (CtdDocument             *self,
                                                const char              *archive_folder,
                                                GError                 **error);

void         ctd_document_import_players_async (CtdDocument             *self,
                                                GFile                   *csv,
                                                gboolean                 checked_in,
                                                GCancellable            *cancellable,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
CtdImportReport *
             ctd_document_import_players_finish (CtdDocument            *self,
                                                 GAsyncResult           *result,
                                                 GError                **error);

void         ctd_document_export_async         (CtdDocument             *self,
                                                const CtdDocumentExport *what,
                                                const char              *path,
                                                CtdExportProgress        progress,
                                                gpointer                 progress_data,
                                                GDestroyNotify           progress_data_free,
                                                GCancellable            *cancellable,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
gboolean     ctd_document_export_finish        (CtdDocument             *self,
                                                GAsyncResult            *result,
                                                GStrv                   *out_warnings,
                                                GError                 **error);

void         ctd_document_build_report_async   (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                const CtdReportOptions  *options,
                                                GCancellable            *cancellable,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
CtdSheetDoc *ctd_document_build_report_finish  (CtdDocument             *self,
                                                GAsyncResult            *result,
                                                GError                 **error);

/* Lists as models, updated in place */
GListModel  *ctd_document_get_players          (CtdDocument             *self);
void         ctd_document_count_players        (CtdDocument             *self,
                                                guint                   *out_registered,
                                                guint                   *out_checked_in);
guint        ctd_document_get_n_registered     (CtdDocument             *self);
guint        ctd_document_get_n_checked_in     (CtdDocument             *self);
GListModel  *ctd_document_get_rounds           (CtdDocument             *self);
GListModel  *ctd_document_get_chouettes        (CtdDocument             *self,
                                                guint                    round);
GListModel  *ctd_document_get_standings        (CtdDocument             *self,
                                                guint                    round,
                                                gboolean                 public_view);
const CtdStandings *ctd_document_get_round_standings (CtdDocument   *self,
                                                      guint          round,
                                                      GError       **error);
GListModel  *ctd_document_get_audit            (CtdDocument             *self);

/* A chouette's page, kept up to date in place */
CtdChouetteView *
             ctd_document_get_chouette_view    (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                GError                 **error);

/* The "Final and Money" page, kept up to date in place */
CtdFinalView *
             ctd_document_get_final_view       (CtdDocument             *self,
                                                GError                 **error);

/* The public display's content, kept up to date in place */
CtdDisplayView *
             ctd_document_get_display_view     (CtdDocument             *self,
                                                GError                 **error);

/* A round's pages, kept up to date in place */
CtdRoundView *
             ctd_document_get_round_view       (CtdDocument             *self,
                                                guint                    round,
                                                GError                 **error);

/* The chouettes' private links (ctd-document-links.c), for the table
 * server and the window's reissue. */
GPtrArray   *ctd_document_list_links           (CtdDocument             *self,
                                                guint                    round,
                                                GError                 **error); /* element-type CtdStoreLink */
gboolean     ctd_document_find_link            (CtdDocument             *self,
                                                const char              *secret,
                                                guint                   *out_round,
                                                guint                   *out_chouette,
                                                GError                 **error);
gboolean     ctd_document_link_accepts_entry   (CtdDocument             *self,
                                                guint                    round);
gboolean     ctd_document_check_reissue_link   (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                GError                 **error);
gboolean     ctd_document_reissue_link         (CtdDocument             *self,
                                                guint                    round,
                                                guint                    chouette,
                                                GError                 **error);

/* What the pages read, through the document (the store stays behind it). */
gboolean     ctd_document_get_settings         (CtdDocument             *self,
                                                CtdEventSettings        *out_settings,
                                                GError                 **error);
gboolean     ctd_document_check_finished       (CtdDocument             *self,
                                                GError                 **error);
gint64       ctd_document_get_last_audit_id    (CtdDocument             *self,
                                                GError                 **error);
GArray      *ctd_document_list_audit_chouettes (CtdDocument             *self,
                                                gint64                   after_id,
                                                GError                 **error);

G_END_DECLS
