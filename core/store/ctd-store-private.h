/* ctd-store-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/store/ctd-store*.c files. Never included outside them: it
 * is the only place sqlite3.h meets a Chouette TD type.
 *
 *   ctd-store.c          the file: open, create, pragmas
 *   ctd-store-migrate.c  the migration ladder, the backup before an upgrade
 *   ctd-store-validate.c what a file must be before anything reads it
 *   ctd-store-sql.c      statements, the action guard, failures and refusals
 *   ctd-store-settings.c event settings, the paper a new event takes
 *   ctd-store-players.c  players
 *   ctd-store-rounds.c   a round's stage, draws and redraws
 *   ctd-store-round-facts.c  round facts and state, kept across writes; hold-ups
 *   ctd-store-advance.c  roll-offs, release, advancement
 *   ctd-store-games.c    games, paper cross-checks, last-segment orders
 *   ctd-store-upgrade.c  the C steps of the migration ladder
 *   ctd-store-read.c     the listings
 *   ctd-store-history.c  audit triggers, undo, redo, the audit log
 *   ctd-store-changes.c  what each audit entry changed, for a window
 *   ctd-store-copy.c     a whole event written to a new file
 *   ctd-store-close.c    closing the event, and the guard of a closed one
 */

#pragma once

#include <sqlite3.h>

#include "ctd-round.h"
#include "ctd-store.h"

G_BEGIN_DECLS

/* Longest name, club or venue (the schema's CHECKs say the same). */
#define CTD_STORE_TEXT_MAX 200
/* Longest player ID. */
#define CTD_STORE_MEMBER_ID_MAX 64

struct _CtdStore
{
  /* owned */
  sqlite3    *db;
  char       *path;
  char       *display_name;
  GHashTable *columns;      /* logged table name -> GStrv of its columns */
  gboolean    read_only;    /* opened with ctd_store_open_read_only() or for an export */
  int         file_fd;      /* FILE and FILE-shm, for ctd_store_hold_locks(), or -1 */
  int         shm_fd;
  /* Every round as ctd_store_query_rounds() last read them, and when:
   * this connection's count of changed rows and the file's data version
   * (ctd-store-round-facts.c). */
  GArray     *rounds;
  GArray     *round_facts;  /* CtdRoundFacts, one for each of rounds */
  gboolean    rounds_followed;  /* followed a game the transaction wrote */
  gint64      rounds_changes;
  gint64      rounds_data_version;
  /* Every chouette's link as ctd_store_find_link() last read them, and
   * when (ctd-store-links.c), kept the same way. */
  GArray     *links;
  gint64      links_changes;
  gint64      links_data_version;
};

/* ---- statements ------------------------------------------------------ */

/* A prepared statement that goes back to its connection's cache at the
 * end of its scope: g_autoptr(CtdStmt) (see ctd_store_prepare()). */
typedef sqlite3_stmt CtdStmt;

void      ctd_store_release_statement (CtdStmt *stmt);
void      ctd_store_close_db          (sqlite3 *db);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStmt, ctd_store_release_statement)

typedef enum
{
  CTD_VALUE_INT,
  CTD_VALUE_TEXT,
} CtdValueType;

/* One parameter to bind, ?1 first: CTD_INT (n), CTD_TEXT (s). A %NULL
 * text binds SQL NULL. Texts are copied when bound. */
typedef struct
{
  CtdValueType  type;
  gint64        integer;
  const char   *text;
} CtdValue;

#define CTD_INT(value)  ((CtdValue) { CTD_VALUE_INT, (gint64) (value), NULL })
#define CTD_TEXT(value) ((CtdValue) { CTD_VALUE_TEXT, 0, (value) })
#define CTD_NULL        CTD_TEXT (NULL)
/* The parameters of a statement, as the two arguments values, n_values. */
#define CTD_ARGS(...) \
  ((const CtdValue[]) { __VA_ARGS__ }), G_N_ELEMENTS (((const CtdValue[]) { __VA_ARGS__ }))
#define CTD_NO_ARGS NULL, 0

/* What one step of a statement gave. */
typedef enum
{
  CTD_STEP_FAILED,  /* the error is set */
  CTD_STEP_DONE,    /* no (more) rows */
  CTD_STEP_ROW,
} CtdStep;

gboolean  ctd_store_fail        (CtdStore        *self,
                                 int              rc,
                                 GError         **error);
gboolean  ctd_store_refuse      (GError         **error,
                                 const char      *format,
                                 ...) G_GNUC_PRINTF (2, 3);
gboolean  ctd_store_refuse_not_event (CtdStore   *self,
                                      GError    **error);
gboolean  ctd_store_refuse_damaged   (CtdStore    *self,
                                      const char  *detail,
                                      GError     **error);
gboolean  ctd_store_refuse_read_only (CtdStore   *self,
                                      GError    **error);
gboolean  ctd_store_no_round    (GError         **error,
                                 guint            round);
gboolean  ctd_store_exec        (CtdStore        *self,
                                 const char      *sql,
                                 GError         **error);
CtdStmt  *ctd_store_prepare     (CtdStore        *self,
                                 const char      *sql,
                                 const CtdValue  *values,
                                 gsize            n_values,
                                 GError         **error);
void      ctd_store_rebind      (CtdStmt         *stmt,
                                 const CtdValue  *values,
                                 gsize            n_values);
CtdStep   ctd_store_step        (CtdStore        *self,
                                 CtdStmt         *stmt,
                                 GError         **error);
gboolean  ctd_store_step_done   (CtdStore        *self,
                                 CtdStmt         *stmt,
                                 GError         **error);
gboolean  ctd_store_run         (CtdStore        *self,
                                 const char      *sql,
                                 const CtdValue  *values,
                                 gsize            n_values,
                                 GError         **error);
gboolean  ctd_store_query_int64 (CtdStore        *self,
                                 const char      *sql,
                                 const CtdValue  *values,
                                 gsize            n_values,
                                 gint64          *out_value,
                                 GError         **error);
char     *ctd_store_column_dup  (CtdStmt         *stmt,
                                 int              column);

/* ---- transactions ------------------------------------------------------ */

/*
 * CtdStoreTransaction:
 *
 * A transaction that ends with its scope: declared
 * g_auto(CtdStoreTransaction) txn = { NULL, }; it rolls back unless
 * ctd_store_transaction_commit() succeeded. A read transaction (a
 * snapshot, so that several statements see one state of the file) begun
 * inside another transaction does nothing: the outer one already is one.
 */
typedef struct
{
  CtdStore *store;  /* borrowed; NULL when there is nothing to end */
} CtdStoreTransaction;

gboolean  ctd_store_transaction_begin  (CtdStore             *self,
                                        CtdStoreTransaction  *transaction,
                                        gboolean              write,
                                        GError              **error);
gboolean  ctd_store_transaction_commit (CtdStoreTransaction  *transaction,
                                        GError              **error);
void      ctd_store_transaction_clear  (CtdStoreTransaction  *transaction);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdStoreTransaction, ctd_store_transaction_clear)

/*
 * CtdStoreAction:
 *
 * One director's action: one write transaction and one audit entry.
 * Declared g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT; it rolls back
 * when it goes out of scope unless ctd_store_action_commit() succeeded,
 * so a refusal is a plain `return FALSE`.
 */
typedef struct
{
  CtdStoreTransaction transaction;
  gint64              audit_id;  /* the action's audit row */
  gint64              changes;   /* the connection's changes when it began, or when
                                  * its audit row was written */
} CtdStoreAction;

#define CTD_STORE_ACTION_INIT { { NULL, }, 0, 0 }

gboolean  ctd_store_action_begin  (CtdStore        *self,
                                   CtdStoreAction  *action,
                                   const char      *name,
                                   GError         **error);
gboolean  ctd_store_action_finish (CtdStoreAction  *action,
                                   const char      *summary,
                                   gboolean        *out_empty,
                                   GError         **error);
gboolean  ctd_store_action_commit (CtdStoreAction  *action,
                                   const char      *summary,
                                   GError         **error);
gboolean  ctd_store_action_begin_unlogged  (CtdStore        *self,
                                            CtdStoreAction  *action,
                                            GError         **error);
gboolean  ctd_store_action_log             (CtdStoreAction  *action,
                                            const char      *name,
                                            GError         **error);
gboolean  ctd_store_action_commit_unlogged (CtdStoreAction  *action,
                                            GError         **error);
/* Refuses (CTD_STORE_ERROR_CLOSED) once the event is closed (ctd-store-close.c). */
gboolean  ctd_store_check_not_closed (CtdStore    *self,
                                      GError     **error);
void      ctd_store_action_clear  (CtdStoreAction  *action);
void      ctd_store_keep_current  (CtdStore        *self,
                                   gint64           changes);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdStoreAction, ctd_store_action_clear)

gboolean  ctd_store_install_audit_triggers (CtdStore  *self,
                                            GError   **error);

/* ---- the file ------------------------------------------------------------ */

/* The SQL of rung @rung of the migration ladder (from user_version @rung
 * to @rung + 1), @rung < CTD_STORE_SCHEMA_VERSION (ctd-store-migrate.c). */
const char  *ctd_store_migration_sql  (guint      rung);
/* The ladder from @from up, inside the caller's transaction; and a
 * file's upgrade, backup first, in its own (ctd-store-migrate.c). */
gboolean     ctd_store_migrate        (CtdStore  *self,
                                       gint64     from,
                                       GError   **error);
gboolean     ctd_store_upgrade        (CtdStore  *self,
                                       gint64     version,
                                       GError   **error);
/* Refuses a file this version would not have written (ctd-store-validate.c). */
gboolean     ctd_store_validate_file  (CtdStore  *self,
                                       gint64     version,
                                       gint64     n_tables,
                                       GError   **error);
gboolean     ctd_store_add_check_functions (CtdStore  *self,
                                            GError   **error);
gboolean     ctd_store_check_records  (CtdStore    *self,
                                       const char  *action,
                                       GError     **error);

/* ---- shared by the action files ----------------------------------------- */

gboolean     ctd_store_check_text          (const char              *text,
                                            const char              *what,
                                            gsize                    max_chars,
                                            gboolean                 required,
                                            GError                 **error);
gboolean     ctd_store_validate_settings   (const CtdEventSettings  *settings,
                                            GError                 **error);
const char  *ctd_store_paper_to_string     (CtdSheetPaper            paper);
char        *ctd_store_ledger_json         (const CtdResult         *result);
/* The migration ladder's C steps (ctd-store-upgrade.c). */
gboolean     ctd_store_upgrade_to_v2       (CtdStore                *self,
                                            GError                 **error);
/* A link for every chouette that has none (a draw, an upgrade, an undo
 * that put back a chouette drawn before links existed: ctd-store-links.c). */
gboolean     ctd_store_issue_missing_links (CtdStore                *self,
                                            GError                 **error);
gboolean     ctd_store_upgrade_to_v4       (CtdStore                *self,
                                            GError                 **error);
gboolean     ctd_store_write_settings      (CtdStore                *self,
                                            const CtdEventSettings  *settings,
                                            GError                 **error);
CtdStage     ctd_store_stage_from_string   (const char              *stage);
gboolean     ctd_store_get_round_stage     (CtdStore                *self,
                                            guint                    round,
                                            CtdStage                *out_stage,
                                            GError                 **error);
gboolean     ctd_store_get_round_state     (CtdStore                *self,
                                            guint                    round,
                                            CtdRoundState           *out_state,
                                            GError                 **error);
gboolean     ctd_store_find_chouette       (CtdStore                *self,
                                            guint                    round,
                                            guint                    number,
                                            gint64                  *out_id,
                                            guint                   *out_size,
                                            GError                 **error);
gboolean     ctd_store_get_seat_names      (CtdStore                *self,
                                            gint64                   chouette_id,
                                            char                   **out_names,
                                            GError                 **error);
CtdChouette *ctd_store_load_chouette_by_id (CtdStore                *self,
                                            gint64                   chouette_id,
                                            guint                    size,
                                            GError                 **error);

/* A game's result written inside the caller's action (ctd-store-games.c). */
gboolean     ctd_store_write_game          (CtdStore                *self,
                                            guint                    round,
                                            guint                    chouette,
                                            guint                    game,
                                            const char              *notation,
                                            gboolean                 replace,
                                            char                   **out_summary,
                                            GError                 **error);
/* The tables' lines (ctd-store-submissions.c, -desk.c) */
CtdStoreSubmission *ctd_store_find_submission (CtdStore                *self,
                                               gint64                   chouette_id,
                                               gint64                   id,
                                               GError                 **error);
const char  *ctd_store_seat_name           (const CtdChouette       *chouette,
                                            guint                    seat);
gboolean     ctd_store_record_submission   (CtdStore                *self,
                                            CtdStoreAction          *action,
                                            const CtdStoreSubmission *submission,
                                            gboolean                 replace,
                                            GError                 **error);
gboolean     ctd_store_check_round_open    (CtdStore                *self,
                                            guint                    round,
                                            GError                 **error);
GArray      *ctd_store_query_advancers     (CtdStore                *self,
                                            guint                    round,
                                            GError                 **error);
/* Every round (@round = 0) or one round (NOT_FOUND when there is none),
 * with its state from ctd_round_state_compute() over counted facts. */
GArray      *ctd_store_query_rounds        (CtdStore                *self,
                                            guint                    round,
                                            GError                 **error);

/* What a round counts of one chouette (ctd-store-round-facts.c). */
typedef struct
{
  guint    n_games;
  gboolean mismatched;
} CtdStoreChouetteFacts;

gboolean     ctd_store_read_chouette_facts (CtdStore                    *self,
                                            gint64                       chouette_id,
                                            CtdStoreChouetteFacts       *out_facts,
                                            GError                     **error);
void         ctd_store_rounds_follow_game  (CtdStore                    *self,
                                            gint64                       changes,
                                            guint                        round,
                                            const CtdStoreChouetteFacts *before,
                                            const CtdStoreChouetteFacts *after);

G_END_DECLS
