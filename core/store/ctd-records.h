/* ctd-records.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The event's records as plain values: what the store reads and writes
 * (settings, players, rounds, chouettes, games, audit entries, changes)
 * and its error domain. No handle on the file and no way to reach it:
 * the layers above and the window pass these values around, while only
 * ctd-store.h opens, reads and writes the file. CtdStore is named here
 * only as an opaque type, for the prototypes of the layers that take one.
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
  CTD_STORE_ERROR_SEAT_CODE,  /* a line confirmed on the phone that entered it, without the
                               * confirmer's seat code or with a wrong one */
} CtdStoreError;

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
 * @table_auto_accept: whether a line a table entered and confirmed from
 *   its link is recorded without the director's click (off by default)
 * @language: (nullable): the language code ("fr", "pt_BR") the sheets
 *   and reports print in; %NULL or "" for the language of whoever prints
 *   (older files); a new event takes ctd_store_default_language() and
 *   ctd_store_set_settings() keeps the event's when it is %NULL
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
  gboolean                 table_auto_accept;
  char                    *language;
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

/*
 * CtdStoreLink:
 * @round, @chouette: the chouette ROUND.CHOUETTE the link opens
 * @secret: its secret, the path /t/SECRET (ctd-link.h): never print it
 *   but where the table or the director must read it
 * @issued: when it was issued (ISO 8601, UTC)
 */
typedef struct
{
  guint  round;
  guint  chouette;
  char  *secret;
  char  *issued;
} CtdStoreLink;

/* Where a table's line stands (ctd-store-submissions.c). The first four
 * are stored; the last three are what a confirmed line is next to the
 * game's record at the desk. */
typedef enum
{
  CTD_SUBMISSION_ENTERED,    /* waiting for the other side's confirmation */
  CTD_SUBMISSION_REFUSED,    /* the other side said it is wrong */
  CTD_SUBMISSION_REJECTED,   /* the director sent it back, with a reason */
  CTD_SUBMISSION_PENDING,    /* confirmed; the game has no result yet */
  CTD_SUBMISSION_DISAGREES,  /* confirmed; the game holds another line */
  CTD_SUBMISSION_RECORDED,   /* confirmed; the game holds this line */
} CtdSubmissionState;

/*
 * CtdStoreSubmission:
 * @id: the submission's id
 * @round, @chouette, @game: the game it is for
 * @line: the line, in canonical notation
 * @state: where it stands
 * @recorded: (nullable): the game's line at the desk, canonical
 * @entered_by, @confirmed_by: seat numbers (0: nobody yet)
 * @address, @confirm_address: (nullable): the phones' addresses
 * @reason: (nullable): the director's reason for a rejection
 * @sent, @answered, @decided: (nullable): when entered, confirmed or
 *   refused, rejected (ISO 8601, UTC)
 * @number: its number within its chouette: the id its table sees
 * @device, @confirm_device: (nullable): the hashes of the device tokens
 *   of the phones that entered and confirmed it (ctd_link_hash())
 * @one_device: whether one phone entered and confirmed it (a seat code
 *   proved the confirmer's seat): the desk must look, and the event
 *   never accepts it by itself
 * @here: set by whoever shows it to a phone: that phone entered it
 */
typedef struct
{
  gint64              id;
  guint               round;
  guint               chouette;
  guint               game;
  char               *line;
  CtdSubmissionState  state;
  char               *recorded;
  guint               entered_by;
  guint               confirmed_by;
  char               *address;
  char               *confirm_address;
  char               *reason;
  char               *sent;
  char               *answered;
  char               *decided;
  guint               number;
  char               *device;
  char               *confirm_device;
  gboolean            one_device;
  gboolean            here;
} CtdStoreSubmission;

/*
 * CtdAcceptTally:
 * @accepted: the tables' lines recorded at once (ctd-store-submissions-desk.c)
 * @tables: the chouettes they came from
 * @differ: lines left: they differ from the line the desk recorded
 * @refused: lines left: the rules refuse them now (game 10 before game 9)
 */
typedef struct
{
  guint  accepted;
  guint  tables;
  guint  differ;
  guint  refused;
} CtdAcceptTally;

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

GQuark      ctd_store_error_quark      (void);

void        ctd_event_settings_clear   (CtdEventSettings   *settings);
void        ctd_store_player_free      (CtdStorePlayer     *player);
void        ctd_store_chouette_free    (CtdStoreChouette   *chouette);
void        ctd_store_game_free        (CtdStoreGame       *game);
void        ctd_store_audit_entry_free (CtdStoreAuditEntry *entry);
void        ctd_store_hold_up_free     (CtdStoreHoldUp     *hold_up);
void        ctd_store_link_free        (CtdStoreLink       *link);
void        ctd_store_submission_free  (CtdStoreSubmission *submission);
gboolean    ctd_submission_state_is_open (CtdSubmissionState state);
const char *ctd_audit_action_to_title  (const char         *action);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdEventSettings, ctd_event_settings_clear)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStorePlayer, ctd_store_player_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreChouette, ctd_store_chouette_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreGame, ctd_store_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreAuditEntry, ctd_store_audit_entry_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreHoldUp, ctd_store_hold_up_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreLink, ctd_store_link_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdStoreSubmission, ctd_store_submission_free)

G_END_DECLS
