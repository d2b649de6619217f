/* ctd-store.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

/* The window reads the event through the document only (HACKING.md):
 * ui/ is compiled with CTD_COMPILING_UI, and this header refuses it. */
#ifdef CTD_COMPILING_UI
#error "ui/ reads the event through ctd-document.h, never the store"
#endif

#include "ctd-records.h"

G_BEGIN_DECLS

/* The schema version this code writes (PRAGMA user_version). */
#define CTD_STORE_SCHEMA_VERSION 7

/*
 * CtdStoreCloseHook:
 * @store: the store, inside the closing action (the event reads as closed)
 * @user_data: what was given with the hook
 * @error: return location for a #GError
 *
 * What must hold or succeed for the event to close (that it is
 * finished, then writing its archive), run by
 * ctd_store_close_event_full() before the action commits.
 *
 * Returns: whether the event may close; %FALSE (with @error) rolls back
 */
typedef gboolean (*CtdStoreCloseHook) (CtdStore  *store,
                                       gpointer   user_data,
                                       GError   **error);

CtdSheetPaper ctd_store_default_paper  (void);
char         *ctd_store_default_language (void);

char       *ctd_store_hold_up_describe (const CtdStoreHoldUp *hold_up);

/* Opening and closing */
CtdStore   *ctd_store_create           (const char             *path,
                                        const CtdEventSettings *settings,
                                        GError                **error);
CtdStore   *ctd_store_open             (const char             *path,
                                        GError                **error);
/* Opens an event for reading only: refused like ctd_store_open() when not an event,
 * damaged, too new; an older schema is refused with a message to open it for writing. */
CtdStore   *ctd_store_open_read_only   (const char             *path,
                                        GError                **error);
/* A second connection to the same file, for a worker thread: no inspection, no migration
 * (the file was validated when @self opened it); @read_only for exports. */
CtdStore   *ctd_store_open_again       (CtdStore               *self,
                                        gboolean                read_only,
                                        GError                **error);
void        ctd_store_close            (CtdStore               *self);
const char *ctd_store_get_path         (const CtdStore         *self);
gboolean    ctd_store_is_read_only     (CtdStore               *self);
void        ctd_store_hold_locks       (CtdStore               *self);
/* Commits that return before the disk has them, put there by ctd_store_sync_log(). */
void        ctd_store_defer_sync       (CtdStore               *self,
                                        gboolean                defer);
gboolean    ctd_store_sync_log         (const char             *path,
                                        GError                **error);
/* The log's commits into the file itself, waiting for nobody: whether the file alone is whole. */
gboolean    ctd_store_checkpoint       (CtdStore               *self);
/* PRAGMA data_version: changes when another connection commits to the file. */
gboolean    ctd_store_get_data_version (CtdStore               *self,
                                        gint64                 *out_version,
                                        GError                **error);
/* The event as it is now, as one compact file with no -wal (a file to ship);
 * @log_start re-times the copy's audit log (a program-made sample). */
gboolean    ctd_store_write_copy       (CtdStore               *self,
                                        const char             *target,
                                        GDateTime              *log_start,
                                        GTimeSpan               log_step,
                                        GError                **error);

/* Actions: each is one transaction and one audit entry */
gboolean    ctd_store_set_settings     (CtdStore               *self,
                                        const CtdEventSettings *settings,
                                        GError                **error);
gboolean    ctd_store_set_settings_full (CtdStore              *self,
                                         const CtdEventSettings *settings,
                                         gboolean               force,
                                         GError               **error);
gboolean    ctd_store_add_player       (CtdStore               *self,
                                        const char             *name,
                                        const char             *club,
                                        const char             *member_id,
                                        gboolean                checked_in,
                                        gint64                 *out_id,
                                        GError                **error);
gboolean    ctd_store_import_players   (CtdStore               *self,
                                        const char             *source,
                                        const CtdNewPlayer     *players,
                                        gsize                   n_players,
                                        gboolean                checked_in,
                                        char                  **out_reasons,
                                        guint                  *out_n_added,
                                        GError                **error);
gboolean    ctd_store_withdraw_player  (CtdStore               *self,
                                        gint64                  player_id,
                                        gboolean                force,
                                        GError                **error);
gboolean    ctd_store_reinstate_player (CtdStore               *self,
                                        gint64                  player_id,
                                        GError                **error);
gboolean    ctd_store_edit_player      (CtdStore               *self,
                                        gint64                  player_id,
                                        const char             *name,
                                        const char             *club,
                                        const char             *member_id,
                                        GError                **error);
gboolean    ctd_store_set_checked_in   (CtdStore               *self,
                                        gint64                  player_id,
                                        gboolean                checked_in,
                                        GError                **error);
gboolean    ctd_store_set_checked_in_players (CtdStore         *self,
                                              const gint64     *player_ids,
                                              gsize             n_players,
                                              gboolean          checked_in,
                                              guint            *out_n_changed,
                                              GError          **error);
gboolean    ctd_store_draw_round       (CtdStore               *self,
                                        guint64                 seed,
                                        guint                  *out_round,
                                        GError                **error);
gboolean    ctd_store_redraw_round     (CtdStore               *self,
                                        guint                   round,
                                        guint64                 seed,
                                        GError                **error);
gboolean    ctd_store_record_game      (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        guint                   game,
                                        const char             *notation,
                                        gboolean                replace,
                                        GError                **error);
gboolean    ctd_store_clear_game       (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        guint                   game,
                                        GError                **error);
gboolean    ctd_store_fix_last_segment_order (CtdStore         *self,
                                              guint             round,
                                              guint             chouette,
                                              const guint      *order,
                                              gboolean          force,
                                              GError          **error);
gboolean    ctd_store_set_crosscheck   (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        const CtdHalves        *paper,
                                        const gboolean         *given,
                                        GError                **error);
gboolean    ctd_store_add_rolloff      (CtdStore               *self,
                                        guint                   round,
                                        const gint64           *order,
                                        gsize                   n_players,
                                        const guint64          *seed,
                                        GError                **error);
gboolean    ctd_store_release_round    (CtdStore               *self,
                                        guint                   round,
                                        GError                **error);
gboolean    ctd_store_set_advancement  (CtdStore               *self,
                                        guint                   round,
                                        guint                   top_k,
                                        guint                   wildcards,
                                        const gint64           *advancers,
                                        gsize                   n_advancers,
                                        GError                **error);
/* Replaces chouette ROUND.CHOUETTE's link secret: the old one no longer opens it. */
gboolean    ctd_store_reissue_link     (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        char                  **out_secret,
                                        GError                **error);
gboolean    ctd_store_undo             (CtdStore               *self,
                                        char                  **out_summary,
                                        GError                **error);
gboolean    ctd_store_redo             (CtdStore               *self,
                                        char                  **out_summary,
                                        GError                **error);
gboolean    ctd_store_close_event_full (CtdStore               *self,
                                        CtdStoreCloseHook       before_commit,
                                        gpointer                user_data,
                                        GError                **error);
/* When the event was closed (%NULL while open, and on error with @error set). */
GDateTime  *ctd_store_get_closed       (CtdStore               *self,
                                        GError                **error);
char       *ctd_store_describe_closed  (GDateTime              *closed);

/* Reading */
gboolean    ctd_store_get_settings     (CtdStore               *self,
                                        CtdEventSettings       *out_settings,
                                        GError                **error);
GPtrArray  *ctd_store_list_players     (CtdStore               *self,
                                        GError                **error);
char       *ctd_store_describe_player  (CtdStore               *self,
                                        gint64                  player_id,
                                        GError                **error);
GArray     *ctd_store_list_rounds      (CtdStore               *self,
                                        GError                **error);
GPtrArray  *ctd_store_list_chouettes   (CtdStore               *self,
                                        guint                   round,
                                        GError                **error);
GPtrArray  *ctd_store_list_games       (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        GError                **error);
CtdChouette *ctd_store_load_chouette   (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        GError                **error);
gboolean    ctd_store_get_crosscheck   (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        CtdHalves              *out_paper,
                                        gboolean               *out_given,
                                        GError                **error);
GPtrArray  *ctd_store_list_hold_ups    (CtdStore               *self,
                                        guint                   round,
                                        GError                **error); /* element-type CtdStoreHoldUp */
GPtrArray  *ctd_store_list_rolloffs    (CtdStore               *self,
                                        guint                   round,
                                        GError                **error);
GArray     *ctd_store_list_advancers   (CtdStore               *self,
                                        guint                   round,
                                        GError                **error);
/* Every chouette's link (@round = 0) or one round's, by round and chouette. */
GPtrArray  *ctd_store_list_links       (CtdStore               *self,
                                        guint                   round,
                                        GError                **error); /* element-type CtdStoreLink */
/* The chouette a link's secret opens, compared in constant time; NOT_FOUND when none. */
gboolean    ctd_store_find_link        (CtdStore               *self,
                                        const char             *secret,
                                        guint                  *out_round,
                                        guint                  *out_chouette,
                                        GError                **error);
/* The lines tables send from their links (ctd-store-submissions.c); at
 * most this many a chouette, twenty tries a game. */
#define CTD_STORE_SUBMISSIONS_MAX (20 * CTD_N_GAMES)
gboolean    ctd_store_submit           (CtdStore               *self,
                                        const char             *secret,
                                        guint                   game,
                                        const char             *line,
                                        guint                   entered_by,
                                        const char             *request,
                                        const char             *address,
                                        const char             *device,
                                        gint64                 *out_id,
                                        GError                **error);
gboolean    ctd_store_answer_submission (CtdStore              *self,
                                         const char            *secret,
                                         gint64                 id,
                                         guint                  by,
                                         gboolean               confirm,
                                         const char            *address,
                                         const char            *device,
                                         const char            *seat_code,
                                         GError               **error);
gboolean    ctd_store_accept_submission (CtdStore              *self,
                                         gint64                 id,
                                         gboolean               replace,
                                         GError               **error);
gboolean    ctd_store_accept_submissions (CtdStore             *self,
                                          guint                 round,
                                          CtdAcceptTally       *out_tally,
                                          GError              **error);
gboolean    ctd_store_tally_acceptable (CtdStore               *self,
                                        guint                   round,
                                        CtdAcceptTally         *out_tally,
                                        GError                **error);
void        ctd_store_tally_lines      (GPtrArray              *lines,
                                        guint                   round,
                                        CtdAcceptTally         *out_tally);
gboolean    ctd_store_reject_submission (CtdStore              *self,
                                         gint64                 id,
                                         const char            *reason,
                                         GError               **error);
GPtrArray  *ctd_store_list_submissions (CtdStore               *self,
                                        guint                   round,
                                        guint                   chouette,
                                        GError                **error); /* element-type CtdStoreSubmission */
CtdChouette *ctd_store_load_table      (CtdStore               *self,
                                        const char             *secret,
                                        guint                  *out_round,
                                        guint                  *out_chouette,
                                        GPtrArray             **out_lines,
                                        GError                **error);
CtdChouette *ctd_store_load_table_chouette (CtdStore           *self,
                                            const char         *secret,
                                            guint              *out_round,
                                            guint              *out_chouette,
                                            GError            **error);
gint64      ctd_store_get_submissions_revision (CtdStore       *self,
                                                GError        **error);
GPtrArray  *ctd_store_list_audit       (CtdStore               *self,
                                        GError                **error);

/* History and changes, for a window */
gboolean    ctd_store_get_history      (CtdStore               *self,
                                        char                  **out_undo,
                                        char                  **out_redo,
                                        GError                **error);
/* Every audit entry with an id above @after_id, oldest first, with what it changed
 * (derived from its audit_change row images: table + the row's round/chouette ids). */
GArray     *ctd_store_list_changes_since (CtdStore             *self,
                                          gint64                after_id,
                                          GError              **error); /* element-type CtdStoreChange */
gint64      ctd_store_get_last_audit_id  (CtdStore             *self,
                                          GError              **error);  /* 0 on error (with error set) */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStore, ctd_store_close)

G_END_DECLS
