-- ctd-schema-v2.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 2: the second rung of the migration ladder in
-- core/ctd-store.c, run after ctd-schema.sql (version 1) in the same
-- transaction that sets PRAGMA user_version = 2. The rung's C step then
-- sets the paper from the locale, adds it to the event's row images in
-- the audit log (so that undo can put an older row back) and recomputes
-- every game's ledger with the current rules.

-- The paper every export prints on, whatever the layout files say: an
-- event setting, so that a club prints on Letter without copying them.
ALTER TABLE event ADD COLUMN paper TEXT NOT NULL DEFAULT 'a4'
  CHECK (paper IN ('a4', 'letter'));

-- Two players may share a name when their club or player ID tells them
-- apart: an active player is unique by name, club and ID together
-- (ctd-store-players.c compares them folded, as it does names; this
-- index is the file's own guard).
DROP INDEX player_active_name;
CREATE UNIQUE INDEX player_active_identity
  ON player (name_key, lower (coalesce (club, '')), coalesce (member_id, ''))
  WHERE withdrawn = 0;
