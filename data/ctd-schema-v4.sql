-- ctd-schema-v4.sql
--
-- Copyright 2026 The Chouette TD authors
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Schema version 4: the fourth rung of the migration ladder in
-- core/store/ctd-store-migrate.c, run after ctd-schema-v3.sql in the same
-- transaction that sets PRAGMA user_version = 4. The rung's C step then
-- issues a link for every chouette already drawn. Released files rest on
-- it: never edit it; a change of schema is a new rung.

-- Each drawn chouette's private link (/t/SECRET), through which its
-- table enters its own games: whoever holds the secret may write that
-- chouette's results, so it is 128 bits from the operating system's
-- random source (core/rules/ctd-link.c), never derived from the printed
-- draw seed. A draw issues one per chouette in its own transaction; the
-- director may reissue one (a sheet gone missing), which the old secret
-- no longer opens. "issued" is when (ISO 8601, UTC).
CREATE TABLE link (
  id       INTEGER PRIMARY KEY,
  chouette INTEGER NOT NULL UNIQUE REFERENCES chouette (id),
  secret   TEXT NOT NULL
           CHECK (length (secret) = 32 AND secret NOT GLOB '*[^0-9a-f]*'),
  issued   TEXT NOT NULL
           CHECK (issued GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')
) STRICT;

-- Two chouettes never share a secret (a lookup must find one chouette).
CREATE UNIQUE INDEX link_secret ON link (secret);
