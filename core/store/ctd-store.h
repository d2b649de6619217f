/* ctd-store.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-chouette.h"
#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_STORE_ERROR (ctd_store_error_quark ())

typedef enum
{
  CTD_STORE_ERROR_NOT_FOUND,  /* no such file, player, round, chouette or game */
  CTD_STORE_ERROR_NOT_EVENT,  /* not an SQLite file, or not one of ours */
  CTD_STORE_ERROR_CORRUPT,    /* integrity_check failed */
  CTD_STORE_ERROR_TOO_NEW,    /* written by a newer Chouette TD */
  CTD_STORE_ERROR_LOCKED,     /* another window or command is writing */
  CTD_STORE_ERROR_READ_ONLY,  /* the file or its folder cannot be written */
  CTD_STORE_ERROR_EXISTS,     /* init on a file that exists */
  CTD_STORE_ERROR_REFUSED,    /* the action breaks a rule of the event */
  CTD_STORE_ERROR_IO,         /* anything else SQLite or the disk reports */
  CTD_STORE_ERROR_CONFIRM,    /* allowed only when the director says so (replace, force) */
  CTD_STORE_ERROR_CLOSED,     /* the event was closed: it can no longer change */
  CTD_STORE_ERROR_INVALID,    /* a schema or records this version never writes (a hand edit) */
} CtdStoreError;

/* The schema version this code writes (PRAGMA user_version). */
#define CTD_STORE_SCHEMA_VERSION 3

/*
 * CtdEventSettings:
 * @name: the event's name (required)
 * @date: "YYYY-MM-DD" or "" (nullable on input: "")
 * @venue: free text (nullable on input: "")
 * @stake_cents: stake per point, in the currency's minor unit
 * @entry_fee_cents: entry fee, same unit
 * @direction: rule 1.6's last-segment order
 * @paper: the paper every export prints on (ctd_store_default_paper()
 *   for a new event), whatever the layout files say
 */
typedef struct
{
  char                    *name;
  char                    *date;
  char                    *venue;
  gint64                   stake_cents;
  gint64                   entry_fee_cents;
  CtdLastSegmentDirection  direction;
  CtdSheetPaper            paper;
} CtdEventSettings;

typedef struct
{
  gint64    id;
  char     *name;
  char     *club;       /* nullable */
  char     *member_id;  /* nullable */
  gboolean  checked_in;
  gboolean  withdrawn;
} CtdStorePlayer;

/*
 * CtdStoreRound:
 * @number: 1 for qualifying, then 2, 3...
 * @state: derived from the records as SPEC section 6 says
 *   (ctd_round_state_compute() over counts of them)
 * @top_k, @wildcards: the advancement choice, or -1 while none is stored
 * @n_players: how many players its chouettes seat
 */
typedef struct
{
  guint         number;
  CtdStage      stage;
  guint64       seed;
  CtdRoundState state;
  guint         n_chouettes;
  gint          top_k;
  gint          wildcards;
  guint         n_players;
} CtdStoreRound;

/*
 * CtdStoreChouette:
 * @number: N of the label ROUND.N
 * @players: @players[k] is the id of player number k + 1
 * @names: their names, same order
 * @order_fixed: whether @last_order holds the fixed last-segment order
 */
typedef struct
{
  guint     round;
  guint     number;
  guint     table;
  guint     size;
  gint64    players[CTD_MAX_PLAYERS];
  char     *names[CTD_MAX_PLAYERS];
  gboolean  order_fixed;
  guint     last_order[CTD_MAX_PLAYERS - 1];
} CtdStoreChouette;

/*
 * CtdStoreHoldUp:
 * @round, @chouette: the chouette ROUND.CHOUETTE that holds its round up
 * @size: its players
 * @n_games: its games entered so far
 * @missing: bit g - 1 set for each game g not entered yet
 * @mismatched: bit p - 1 set for each player p whose typed paper total
 *   disagrees with the entered games
 * @names: the players' names, by player number
 *
 * Why a chouette keeps its round from being complete (SPEC 6).
 */
typedef struct
{
  guint  round;
  guint  chouette;
  guint  size;
  guint  n_games;
  guint  missing;
  guint  mismatched;
  char  *names[CTD_MAX_PLAYERS];
} CtdStoreHoldUp;

/* A game as entered: @entered as typed, @canonical as it was read. */
typedef struct
{
  guint  game;
  char  *entered;
  char  *canonical;
} CtdStoreGame;

/*
 * CtdStoreAuditEntry:
 * @time: ISO 8601, UTC
 * @action: "add-player", "record-game", "undo", "redo"...
 * @summary: one line a director reads ("Undid: ..." and "Redid: ..."
 *   followed by the original action's summary for an undo and a redo)
 * @before, @after: JSON arrays of the changed rows' images
 * @undoes: for an undo, the id of the entry it reverted (an action or a
 *   redo); for a redo, the id of the undo it reverted; else 0
 * @undone_by: the id of the undo that reverted this action or redo, or
 *   of the redo that reverted this undo; else 0
 */
typedef struct
{
  gint64  id;
  char   *time;
  char   *action;
  char   *summary;
  char   *before;
  char   *after;
  gint64  undoes;
  gint64  undone_by;
} CtdStoreAuditEntry;

/* A player to register: what the director typed or a CSV row held. */
typedef struct
{
  const char *name;
  const char *club;       /* nullable */
  const char *member_id;  /* nullable */
} CtdNewPlayer;

typedef enum /*< flags >*/
{
  CTD_CHANGE_SETTINGS  = 1 << 0,  /* the event row */
  CTD_CHANGE_PLAYERS   = 1 << 1,  /* player rows */
  CTD_CHANGE_ROUNDS    = 1 << 2,  /* rounds drawn, redrawn or removed (round, chouette, seat rows); a seated player renamed */
  CTD_CHANGE_CHOUETTE  = 1 << 3,  /* one chouette's games, paper totals or last-segment order */
  CTD_CHANGE_STANDINGS = 1 << 4,  /* a round's standings: results, paper totals, roll-offs, release, advancers */
} CtdChange;

typedef struct
{
  gint64    audit_id;  /* the audit entry (an action, an undo or a redo) */
  CtdChange what;
  guint     round;     /* the round concerned, 0 when several or none */
  guint     chouette;  /* with CTD_CHANGE_CHOUETTE: the chouette's number in @round, 0 when several */
} CtdStoreChange;

typedef struct _CtdStore CtdStore;

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

GQuark      ctd_store_error_quark      (void);
CtdSheetPaper ctd_store_default_paper  (void);

void        ctd_event_settings_clear   (CtdEventSettings   *settings);
void        ctd_store_player_free      (CtdStorePlayer     *player);
void        ctd_store_chouette_free    (CtdStoreChouette   *chouette);
void        ctd_store_game_free        (CtdStoreGame       *game);
void        ctd_store_audit_entry_free (CtdStoreAuditEntry *entry);
void        ctd_store_hold_up_free     (CtdStoreHoldUp     *hold_up);
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

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdEventSettings, ctd_event_settings_clear)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStore, ctd_store_close)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStorePlayer, ctd_store_player_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreChouette, ctd_store_chouette_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreGame, ctd_store_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreAuditEntry, ctd_store_audit_entry_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreHoldUp, ctd_store_hold_up_free)

G_END_DECLS
