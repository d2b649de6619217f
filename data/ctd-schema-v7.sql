-- ctd-schema-v7.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 7: the seventh rung of the migration ladder in
-- core/store/ctd-store-migrate.c, run after ctd-schema-v6.sql in the same
-- transaction that sets PRAGMA user_version = 7. Released files rest on
-- it: never edit it; a change of schema is a new rung.

-- Who a table's line came from, so that the second person is another
-- person (core/store/ctd-store-submissions.c):
-- device, confirm_device: the SHA-256 (hex) of the device token the
--   server gave the phone that entered, and the one that confirmed, in a
--   cookie of the link's path; never the token itself. NULL for the lines
--   sent before this schema, which came from no known device.
-- link: the SHA-256 (hex) of the link's secret the line came through, so
--   that a table's cap counts the lines of its current link and a
--   reissue disowns the old link's open lines; NULL before this schema.
-- number: the line's number within its chouette (1, 2, ...): the id a
--   table's phone sees, so that it cannot count the other tables' lines.
ALTER TABLE submission ADD COLUMN device TEXT
  CHECK (device IS NULL OR (length (device) = 64 AND device NOT GLOB '*[^0-9a-f]*'));
ALTER TABLE submission ADD COLUMN confirm_device TEXT
  CHECK (confirm_device IS NULL
         OR (length (confirm_device) = 64 AND confirm_device NOT GLOB '*[^0-9a-f]*'));
ALTER TABLE submission ADD COLUMN link TEXT
  CHECK (link IS NULL OR (length (link) = 64 AND link NOT GLOB '*[^0-9a-f]*'));
ALTER TABLE submission ADD COLUMN number INTEGER CHECK (number IS NULL OR number >= 1);

UPDATE submission SET number =
  (SELECT count (*) FROM submission AS o
   WHERE o.chouette = submission.chouette AND o.id <= submission.id);

CREATE UNIQUE INDEX submission_number ON submission (chouette, number);

-- The log (`log --json` prints its before and after) keeps no table's
-- link: the secret goes from the rows of the link table it holds. Only
-- the row images undo writes back (audit_change) keep it.
UPDATE audit SET
  before = (SELECT json_group_array (CASE json_extract (e.value, '$.table')
                                       WHEN 'link' THEN json_remove (e.value, '$.row.secret')
                                       ELSE json (e.value) END)
            FROM json_each (audit.before) AS e)
WHERE before IS NOT NULL AND json_valid (before) AND json_type (before) = 'array';
UPDATE audit SET
  after = (SELECT json_group_array (CASE json_extract (e.value, '$.table')
                                      WHEN 'link' THEN json_remove (e.value, '$.row.secret')
                                      ELSE json (e.value) END)
           FROM json_each (audit.after) AS e)
WHERE after IS NOT NULL AND json_valid (after) AND json_type (after) = 'array';

-- last_direction: the direction ('highest-first' or 'lowest-first') the
--   chouette's fixed last_order was taken under; NULL while no order is
--   fixed. A forced change of the event's direction (SPEC 7) leaves a
--   fixed order and its direction as they were, so that the order is
--   judged against the scores in its own direction, never reported
--   stale by the change. A file before this schema fixed its orders
--   under the event's direction of the day, which is taken as theirs.
ALTER TABLE chouette ADD COLUMN last_direction TEXT
  CHECK (last_direction IS NULL OR last_direction IN ('highest-first', 'lowest-first'));

UPDATE chouette SET last_direction = (SELECT direction FROM event WHERE id = 1)
WHERE last_order IS NOT NULL;

-- Undo writes every column of a row back from its image: the chouettes'
-- images gain the new column, their fixed orders the same direction.
UPDATE audit_change SET
  before = CASE WHEN before IS NULL THEN NULL
                ELSE json_insert (before, '$.last_direction',
                                  CASE WHEN json_extract (before, '$.last_order') IS NULL
                                       THEN NULL
                                       ELSE (SELECT direction FROM event WHERE id = 1) END) END,
  after = CASE WHEN after IS NULL THEN NULL
               ELSE json_insert (after, '$.last_direction',
                                 CASE WHEN json_extract (after, '$.last_order') IS NULL
                                      THEN NULL
                                      ELSE (SELECT direction FROM event WHERE id = 1) END) END
WHERE tbl = 'chouette';
