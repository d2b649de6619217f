-- ctd-schema.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 1 of a Chouette TD event file (*.chouette): the first
-- rung of the migration ladder in core/ctd-store.c, run inside the same
-- transaction that sets PRAGMA user_version = 1. Released files rest on
-- it: never edit it; a change of schema is a new rung
-- (ctd-schema-v2.sql, ...).
--
-- Only the director's actions are stored (SPEC 6): totals, decision
-- orders, standings and settlements are derived from these records by
-- core/ and never kept, so a correction cannot leave them stale.
-- Every table has an INTEGER PRIMARY KEY "id": undo restores rows by it.

-- The one event of the file. Its row exists from the first rung on, so
-- a file always has settings to show; init overwrites them.
CREATE TABLE event (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  name            TEXT NOT NULL CHECK (length (name) BETWEEN 1 AND 200),
  date            TEXT NOT NULL DEFAULT ''
                  CHECK (date = '' OR date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  venue           TEXT NOT NULL DEFAULT '' CHECK (length (venue) <= 200),
  stake_cents     INTEGER NOT NULL DEFAULT 0 CHECK (stake_cents >= 0),
  entry_fee_cents INTEGER NOT NULL DEFAULT 0 CHECK (entry_fee_cents >= 0),
  direction       TEXT NOT NULL DEFAULT 'highest-first'
                  CHECK (direction IN ('highest-first', 'lowest-first'))
) STRICT;

INSERT INTO event (id, name) VALUES (1, 'New event');

-- AUTOINCREMENT: a player's id is printed and exported, so an id freed
-- by undo is never given to somebody else.
CREATE TABLE player (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL CHECK (length (name) BETWEEN 1 AND 200),
  -- The name folded for comparison (Unicode case folding, NFKC), so that
  -- "Zoë" and "ZOË" are the same player; computed by ctd-store.c.
  name_key   TEXT NOT NULL CHECK (length (name_key) >= 1),
  club       TEXT CHECK (club IS NULL OR length (club) <= 200),
  member_id  TEXT CHECK (member_id IS NULL OR length (member_id) <= 64),
  checked_in INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
  withdrawn  INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
  CHECK (NOT (withdrawn AND checked_in))
) STRICT;

CREATE UNIQUE INDEX player_active_name ON player (name_key) WHERE withdrawn = 0;

-- A round is drawn, in play and complete by its games (derived); released
-- by the director (stored); closed once the next round is drawn (derived).
CREATE TABLE round (
  id        INTEGER PRIMARY KEY CHECK (id >= 1),
  stage     TEXT NOT NULL CHECK (stage IN ('qualifying', 'semi-final', 'final')),
  -- The 64-bit draw seed, stored as its two's-complement bit pattern.
  seed      INTEGER NOT NULL,
  released  INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
  -- The advancement choice (SPEC 6), once the director made it.
  top_k     INTEGER CHECK (top_k IS NULL OR top_k >= 0),
  wildcards INTEGER CHECK (wildcards IS NULL OR wildcards >= 0),
  CHECK ((top_k IS NULL) = (wildcards IS NULL)),
  CHECK (top_k IS NULL OR released = 1)
) STRICT;

CREATE TABLE chouette (
  id         INTEGER PRIMARY KEY,
  round      INTEGER NOT NULL REFERENCES round (id),
  number     INTEGER NOT NULL CHECK (number >= 1),
  table_no   INTEGER NOT NULL CHECK (table_no >= 1),
  size       INTEGER NOT NULL CHECK (size IN (3, 4)),
  -- Rule 1.6's crew order for the last segment once fixed: a JSON array
  -- of size - 1 player numbers, e.g. [3,2,4]; NULL while not fixed.
  last_order TEXT CHECK (last_order IS NULL
                         OR (json_valid (last_order)
                             AND json_type (last_order) = 'array'
                             AND json_array_length (last_order) = size - 1)),
  UNIQUE (round, number)
) STRICT;

-- Player number "position" of a chouette (the playing order, rule 1.6).
CREATE TABLE seat (
  id       INTEGER PRIMARY KEY,
  chouette INTEGER NOT NULL REFERENCES chouette (id),
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 4),
  player   INTEGER NOT NULL REFERENCES player (id),
  UNIQUE (chouette, position),
  UNIQUE (chouette, player)
) STRICT;

CREATE INDEX seat_player ON seat (player);

-- A game result: the line as the director typed it, the canonical line
-- it was read as, and the payments it made (for exports and the audit;
-- scores are always recomputed from the notation).
CREATE TABLE game (
  id        INTEGER PRIMARY KEY,
  chouette  INTEGER NOT NULL REFERENCES chouette (id),
  number    INTEGER NOT NULL CHECK (number BETWEEN 1 AND 12),
  entered   TEXT NOT NULL CHECK (length (entered) BETWEEN 1 AND 512),
  canonical TEXT NOT NULL CHECK (length (canonical) BETWEEN 1 AND 512),
  ledger    TEXT NOT NULL CHECK (json_valid (ledger) AND json_type (ledger) = 'array'),
  UNIQUE (chouette, number)
) STRICT;

-- The totals row of a returned paper sheet: a JSON array of size
-- entries, half points or null where the director typed nothing.
CREATE TABLE crosscheck (
  id       INTEGER PRIMARY KEY,
  chouette INTEGER NOT NULL UNIQUE REFERENCES chouette (id),
  totals   TEXT NOT NULL CHECK (json_valid (totals) AND json_type (totals) = 'array')
) STRICT;

-- A roll-off (SPEC 6): the tied players' ids, best first; the seed when
-- the software rolled, NULL when the director typed the result.
CREATE TABLE rolloff (
  id      INTEGER PRIMARY KEY,
  round   INTEGER NOT NULL REFERENCES round (id),
  players TEXT NOT NULL CHECK (json_valid (players) AND json_type (players) = 'array'
                               AND json_array_length (players) >= 2),
  seed    INTEGER
) STRICT;

CREATE INDEX rolloff_round ON rolloff (round);

-- The players the director chose to advance from a released round.
CREATE TABLE advancer (
  id     INTEGER PRIMARY KEY,
  round  INTEGER NOT NULL REFERENCES round (id),
  player INTEGER NOT NULL REFERENCES player (id),
  UNIQUE (round, player)
) STRICT;

-- One row per director action (SPEC 6). before/after are JSON arrays of
-- row images {"table", "id", "row"} of every row the action changed.
CREATE TABLE audit (
  id        INTEGER PRIMARY KEY,
  time      TEXT NOT NULL,
  action    TEXT NOT NULL CHECK (length (action) >= 1),
  summary   TEXT NOT NULL,
  before    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid (before)),
  after     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid (after)),
  -- For an undo: the action it reverted.
  undoes    INTEGER REFERENCES audit (id),
  -- For an action: the undo that reverted it.
  undone_by INTEGER REFERENCES audit (id)
) STRICT;

-- The row images behind audit.before/after, one per changed row, in the
-- order the changes happened: what undo replays backwards.
CREATE TABLE audit_change (
  id     INTEGER PRIMARY KEY,
  audit  INTEGER NOT NULL REFERENCES audit (id),
  tbl    TEXT NOT NULL,
  row_id INTEGER NOT NULL,
  before TEXT CHECK (before IS NULL OR json_valid (before)),
  after  TEXT CHECK (after IS NULL OR json_valid (after)),
  CHECK (before IS NOT NULL OR after IS NOT NULL)
) STRICT;

CREATE INDEX audit_change_audit ON audit_change (audit);
