-- ctd-schema-v3.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 3: the third rung of the migration ladder in
-- core/ctd-store.c, run after ctd-schema-v2.sql in the same transaction
-- that sets PRAGMA user_version = 3. Released files rest on it: never
-- edit it; a change of schema is a new rung.

-- When the director closed the event (ISO 8601, UTC), NULL while it is
-- open. A closed event is an archive: the store refuses every action on
-- it, undo included (ctd-store-sql.c, the action guard).
ALTER TABLE event ADD COLUMN closed TEXT
  CHECK (closed IS NULL
         OR closed GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z');

-- Undo writes every column of a row back from its image: the event's
-- images gain the new column (open, as every event was before), so that
-- an older image still puts back a whole row.
UPDATE audit_change SET
  before = CASE WHEN before IS NULL THEN NULL ELSE json_insert (before, '$.closed', NULL) END,
  after = CASE WHEN after IS NULL THEN NULL ELSE json_insert (after, '$.closed', NULL) END
WHERE tbl = 'event';
