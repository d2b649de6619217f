-- ctd-schema-v5.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 5: the fifth rung of the migration ladder in
-- core/store/ctd-store-migrate.c, run after ctd-schema-v4.sql in the same
-- transaction that sets PRAGMA user_version = 5. Released files rest on
-- it: never edit it; a change of schema is a new rung.

-- Whether a line the table has entered and confirmed is recorded without
-- the director's click (off unless the director says so).
ALTER TABLE event ADD COLUMN table_auto_accept INTEGER NOT NULL DEFAULT 0
  CHECK (table_auto_accept IN (0, 1));

-- Undo writes every column of a row back from its image: the event's
-- images gain the new column (off, as it was for every event before), so
-- that an older image still puts back a whole row.
UPDATE audit_change SET
  before = CASE WHEN before IS NULL THEN NULL
                ELSE json_insert (before, '$.table_auto_accept', 0) END,
  after = CASE WHEN after IS NULL THEN NULL
               ELSE json_insert (after, '$.table_auto_accept', 0) END
WHERE tbl = 'event';

-- A game's result as a table sent it from a phone, through its chouette's
-- link (core/store/ctd-store-submissions.c). It is not the director's
-- record: only the game table is, and a submission reaches it when the
-- director accepts it (or the event accepts confirmed lines by itself),
-- as one logged action. So this table is outside the audit log and undo:
-- undoing an accepted line removes the game, and the submission, whose
-- line the game then no longer holds, waits for the desk again.
--
-- state: 'entered' by @entered_by (the game's Box or Captain, a seat
--   number), waiting for the other side; 'confirmed' by @confirmed_by,
--   waiting for the desk until the game holds its line; 'refused' by the
--   other side at the table; 'rejected' by the director, with @reason.
-- chouette: a redraw (or the undo of a draw) that removes the chouette
--   removes what its table sent.
-- request: the idempotency key of the form that sent it: a second POST
--   of the same form (a double tap, a retry) finds this row again.
-- address: the phone's address when entered, and when confirmed.
-- sent, answered, decided: when entered, confirmed or refused at the
--   table, and rejected by the director (ISO 8601, UTC).
-- revision: raised on every write (the newest is max (revision)), so a
--   window that did not write it sees that something changed.
CREATE TABLE submission (
  id              INTEGER PRIMARY KEY,
  chouette        INTEGER NOT NULL REFERENCES chouette (id) ON DELETE CASCADE,
  game            INTEGER NOT NULL CHECK (game BETWEEN 1 AND 12),
  line            TEXT NOT NULL CHECK (length (line) BETWEEN 1 AND 512),
  state           TEXT NOT NULL
                  CHECK (state IN ('entered', 'confirmed', 'refused', 'rejected')),
  entered_by      INTEGER NOT NULL CHECK (entered_by BETWEEN 1 AND 4),
  confirmed_by    INTEGER CHECK (confirmed_by BETWEEN 1 AND 4),
  request         TEXT NOT NULL UNIQUE
                  CHECK (length (request) = 32 AND request NOT GLOB '*[^0-9a-f]*'),
  address         TEXT NOT NULL CHECK (length (address) BETWEEN 1 AND 64),
  confirm_address TEXT CHECK (length (confirm_address) BETWEEN 1 AND 64),
  reason          TEXT CHECK (length (reason) BETWEEN 1 AND 200),
  sent            TEXT NOT NULL,
  answered        TEXT,
  decided         TEXT,
  revision        INTEGER NOT NULL
) STRICT;

CREATE INDEX submission_game ON submission (chouette, game);
CREATE INDEX submission_revision ON submission (revision);
