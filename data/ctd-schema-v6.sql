-- ctd-schema-v6.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 6: the sixth rung of the migration ladder in
-- core/store/ctd-store-migrate.c, run after ctd-schema-v5.sql in the same
-- transaction that sets PRAGMA user_version = 6. Released files rest on
-- it: never edit it; a change of schema is a new rung.

-- The language the event's sheets and reports print in, as a language
-- code ("fr", "pt_BR"); NULL prints them in the language of whoever
-- prints, as every event did before. A new event takes the director's.
ALTER TABLE event ADD COLUMN language TEXT
  CHECK (language IS NULL
         OR language GLOB '[a-z][a-z]'
         OR language GLOB '[a-z][a-z][a-z]'
         OR language GLOB '[a-z][a-z]_[A-Z][A-Z]'
         OR language GLOB '[a-z][a-z][a-z]_[A-Z][A-Z]');

-- Undo writes every column of a row back from its image: the event's
-- images gain the new column (NULL, as every event before had it), so
-- that an older image still puts back a whole row.
UPDATE audit_change SET
  before = CASE WHEN before IS NULL THEN NULL
                ELSE json_insert (before, '$.language', NULL) END,
  after = CASE WHEN after IS NULL THEN NULL
               ELSE json_insert (after, '$.language', NULL) END
WHERE tbl = 'event';
