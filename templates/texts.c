/* texts.c: written by templates/update-texts.py from templates/*.ini;
 * run the script rather than edit this file.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The texts of the built-in layouts, for xgettext alone: nothing compiles
 * this file. The program translates a built-in layout's [Text] values,
 * [Columns] headings and [Page] Header and Footer parts in the context
 * "layout" (core/output/ctd-template-read.c); a club's own copy of a
 * layout prints as written.
 */

#include <glib/gi18n-lib.h>

static const char *const texts[] = {
  /* Translators: audit-log.ini [Page] Header, audit-log.ini [Text] Title. */
  NC_("layout", "Audit log"),
  /* Translators: audit-log.ini [Page] Footer, results.ini [Page] Footer,
   * scoring-sheet-3.ini [Page] Footer, scoring-sheet-4.ini [Page] Footer,
   * settlements.ini [Page] Footer, standings.ini [Page] Footer. */
  NC_("layout", "Chouette TD"),
  /* Translators: audit-log.ini [Page] Footer, link-slips.ini [Page] Footer,
   * results.ini [Page] Footer, scoring-sheet-3.ini [Page] Footer,
   * scoring-sheet-4.ini [Page] Footer, settlements.ini [Page] Footer,
   * standings.ini [Page] Footer. Keep each {placeholder} as written. */
  NC_("layout", "Page {page} of {pages}"),
  /* Translators: audit-log.ini [Text] Undone. Keep each {placeholder} as
   * written. The last column: what an undo or a redo did, and what became of an
   * entry. */
  NC_("layout", "undone by #{id}"),
  /* Translators: audit-log.ini [Text] Undoes. Keep each {placeholder} as
   * written. */
  NC_("layout", "undoes #{id}"),
  /* Translators: audit-log.ini [Text] Redone. Keep each {placeholder} as
   * written. */
  NC_("layout", "redone by #{id}"),
  /* Translators: audit-log.ini [Text] Redoes. Keep each {placeholder} as
   * written. */
  NC_("layout", "redoes #{id}"),
  /* Translators: audit-log.ini [Columns] Time. */
  NC_("layout", "Time (UTC)"),
  /* Translators: audit-log.ini [Columns] Action. */
  NC_("layout", "Action"),
  /* Translators: audit-log.ini [Columns] Summary. */
  NC_("layout", "What was done"),
  /* Translators: audit-log.ini [Columns] Note. */
  NC_("layout", "Undo / redo"),
  /* Translators: link-slips.ini [Page] Header. Keep each {placeholder} as
   * written. */
  NC_("layout", "Round {round}: link slips"),
  /* Translators: link-slips.ini [Page] Footer. */
  NC_("layout", "Chouette TD: cut along the dashed lines"),
  /* Translators: link-slips.ini [Text] Title. Keep each {placeholder} as
   * written. */
  NC_("layout", "Table {table} — chouette {label}"),
  /* Translators: link-slips.ini [Text] Instruction. */
  NC_("layout", "Scan to enter this table's games; keep this slip at the "
                 "table."),
  /* Translators: results.ini [Text] Title. */
  NC_("layout", "Final results"),
  /* Translators: results.ini [Text] Unfinished. */
  NC_("layout", "The final is not complete: these are the standings so far."),
  /* Translators: results.ini [Text] Tied. */
  NC_("layout", "tied: roll-off to be recorded"),
  /* Translators: results.ini [Text] RollOffWon, standings.ini [Text]
   * RollOffWon. A place a roll-off decided; {place}: "2nd", "3rd"... {place}:
   * "2nd", "3rd"... */
  NC_("layout", "won roll-off"),
  /* Translators: results.ini [Text] RollOffPlace, standings.ini [Text]
   * RollOffPlace. Keep each {placeholder} as written. */
  NC_("layout", "{place} in roll-off"),
  /* Translators: results.ini [Columns] Place, standings.ini [Text] Place. The
   * last column's heading for the final, which gives the placings. */
  NC_("layout", "Place"),
  /* Translators: results.ini [Columns] Name, settlements.ini [Columns] Name,
   * standings.ini [Columns] Name. */
  NC_("layout", "Name"),
  /* Translators: results.ini [Columns] Club, standings.ini [Columns] Club. */
  NC_("layout", "Club"),
  /* Translators: results.ini [Columns] Score, settlements.ini [Columns] Score,
   * standings.ini [Columns] Score. */
  NC_("layout", "Score"),
  /* Translators: scoring-sheet-3.ini [Page] Header, scoring-sheet-4.ini [Page]
   * Header. Keep each {placeholder} as written. */
  NC_("layout", "{stage}, chouette {label}"),
  /* Translators: scoring-sheet-3.ini [Page] Footer, scoring-sheet-4.ini [Page]
   * Footer. Keep each {placeholder} as written. */
  NC_("layout", "Seed {seed}"),
  /* Translators: scoring-sheet-3.ini [Text] Title, scoring-sheet-4.ini [Text]
   * Title. */
  NC_("layout", "Official scoring sheet"),
  /* Translators: scoring-sheet-3.ini [Text] Event, scoring-sheet-4.ini [Text]
   * Event. */
  NC_("layout", "Event"),
  /* Translators: scoring-sheet-3.ini [Text] Round, scoring-sheet-4.ini [Text]
   * Round. */
  NC_("layout", "Round"),
  /* Translators: scoring-sheet-3.ini [Text] Chouette, scoring-sheet-4.ini
   * [Text] Chouette, standings.ini [Columns] Chouette. */
  NC_("layout", "Chouette"),
  /* Translators: scoring-sheet-3.ini [Text] Table, scoring-sheet-4.ini [Text]
   * Table. */
  NC_("layout", "Table"),
  /* Translators: scoring-sheet-3.ini [Text] Date, scoring-sheet-4.ini [Text]
   * Date. */
  NC_("layout", "Date"),
  /* Translators: scoring-sheet-3.ini [Text] Stake, scoring-sheet-4.ini [Text]
   * Stake. */
  NC_("layout", "Stake per point"),
  /* Translators: scoring-sheet-3.ini [Text] Seed, scoring-sheet-4.ini [Text]
   * Seed. */
  NC_("layout", "Draw seed"),
  /* Translators: scoring-sheet-3.ini [Text] Totals, scoring-sheet-4.ini [Text]
   * Totals. */
  NC_("layout", "Totals"),
  /* Translators: scoring-sheet-3.ini [Text] Amounts, scoring-sheet-4.ini [Text]
   * Amounts. */
  NC_("layout", "Amount at the stake"),
  /* Translators: scoring-sheet-3.ini [Text] Provisional, scoring-sheet-4.ini
   * [Text] Provisional. Keep each {placeholder} as written. */
  NC_("layout", "provisional: {entered} of 12 games entered"),
  /* Translators: scoring-sheet-3.ini [Text] ZeroSum, scoring-sheet-4.ini [Text]
   * ZeroSum. */
  NC_("layout", "Sum of the totals, must be 0"),
  /* Translators: scoring-sheet-3.ini [Text] LastSegment, scoring-sheet-4.ini
   * [Text] LastSegment. Keep each {placeholder} as written. */
  NC_("layout", "Games {first} to 12: the Captains take turns in order of "
                 "the scores after game {before}, {direction}; a tie goes to "
                 "the lower player number."),
  /* Translators: scoring-sheet-3.ini [Text] LastSegmentKnown,
   * scoring-sheet-4.ini [Text] LastSegmentKnown. Keep each {placeholder} as
   * written. */
  NC_("layout", "Captains of games {first} to 12: {order}."),
  /* Translators: scoring-sheet-3.ini [Text] Settlement, scoring-sheet-4.ini
   * [Text] Settlement. */
  NC_("layout", "Settlement"),
  /* Translators: scoring-sheet-3.ini [Text] SettlementPending,
   * scoring-sheet-4.ini [Text] SettlementPending. Keep each {placeholder} as
   * written. */
  NC_("layout", "when all 12 games are entered (rule 1.8); {entered} of 12 "
                 "so far."),
  /* Translators: scoring-sheet-3.ini [Text] Pays, scoring-sheet-4.ini [Text]
   * Pays, settlements.ini [Text] Pays. */
  NC_("layout", "pays"),
  /* Translators: scoring-sheet-3.ini [Text] Signatures, scoring-sheet-4.ini
   * [Text] Signatures. */
  NC_("layout", "Players' signatures: we agree with the results and totals "
                 "above."),
  /* Translators: scoring-sheet-3.ini [Text] Director, scoring-sheet-4.ini
   * [Text] Director. */
  NC_("layout", "Tournament director"),
  /* Translators: scoring-sheet-3.ini [Text] Adjustment, scoring-sheet-4.ini
   * [Text] Adjustment. Keep each {placeholder} as written. A director's
   * adjustment (A:Q>R:V), on its own line under the game's result: {payer} and
   * {payee} are player numbers, {points} "2 points". */
  NC_("layout", "Adjustment: {payer} pays {payee} {points}"),
  /* Translators: scoring-sheet-3.ini [Text] TableEntry, scoring-sheet-4.ini
   * [Text] TableEntry. Keep each {placeholder} as written. Under the QR code of
   * the table's private link (bottom right), when the director has given the
   * tables theirs: {link} is the link itself. */
  NC_("layout", "Enter this table's games: {link}"),
  /* Translators: scoring-sheet-3.ini [Columns] Game, scoring-sheet-3.ini
   * [Columns] Score, scoring-sheet-4.ini [Columns] Game, scoring-sheet-4.ini
   * [Columns] Score. */
  NC_("layout", "Game"),
  /* Translators: scoring-sheet-3.ini [Columns] Segment, scoring-sheet-4.ini
   * [Columns] Segment. */
  NC_("layout", "Seg."),
  /* Translators: scoring-sheet-3.ini [Columns] Box, scoring-sheet-4.ini
   * [Columns] Box. */
  NC_("layout", "Box"),
  /* Translators: scoring-sheet-3.ini [Columns] Captain, scoring-sheet-4.ini
   * [Columns] Captain. */
  NC_("layout", "Captain"),
  /* Translators: scoring-sheet-3.ini [Columns] Playing, scoring-sheet-4.ini
   * [Columns] Playing. */
  NC_("layout", "Playing order"),
  /* Translators: scoring-sheet-3.ini [Columns] Cube, scoring-sheet-4.ini
   * [Columns] Cube. */
  NC_("layout", "Cube"),
  /* Translators: scoring-sheet-3.ini [Columns] Decisions, scoring-sheet-4.ini
   * [Columns] Decisions. */
  NC_("layout", "Cube decisions"),
  /* Translators: scoring-sheet-3.ini [Columns] Total, scoring-sheet-4.ini
   * [Columns] Total. */
  NC_("layout", "Total"),
  /* Translators: scoring-sheet-3.ini [Columns] Result, scoring-sheet-4.ini
   * [Columns] Result. */
  NC_("layout", "Result (notation)"),
  /* Translators: scoring-sheet-3.ini [Columns] Initials, scoring-sheet-4.ini
   * [Columns] Initials. */
  NC_("layout", "Initials"),
  /* Translators: settlements.ini [Text] Title. Keep each {placeholder} as
   * written. */
  NC_("layout", "Settlements at {stake} per point"),
  /* Translators: settlements.ini [Text] Chouette. Keep each {placeholder} as
   * written. */
  NC_("layout", "Chouette {label}"),
  /* Translators: settlements.ini [Text] Unfinished. */
  NC_("layout", "not complete: settles when all 12 games are recorded"),
  /* Translators: settlements.ini [Columns] Number. */
  NC_("layout", "No."),
  /* Translators: settlements.ini [Columns] Amount. */
  NC_("layout", "Amount"),
  /* Translators: settlements.ini [Columns] Payment. */
  NC_("layout", "Payments"),
  /* Translators: standings.ini [Text] Title. Keep each {placeholder} as
   * written. */
  NC_("layout", "Standings: round {round}, {stage}"),
  /* Translators: standings.ini [Text] Progress. Keep each {placeholder} as
   * written. */
  NC_("layout", "{complete} of {chouettes} chouettes complete."),
  /* Translators: standings.ini [Text] Secret. */
  NC_("layout", "Scores stay secret until every chouette of the round is "
                 "complete."),
  /* Translators: standings.ini [Text] Tied. Tied marks a tie that decides who
   * advances or a place of the final; a tie that decides nothing is not marked.
   * */
  NC_("layout", "tied: roll-off"),
  /* Translators: standings.ini [Text] RollOff. */
  NC_("layout", "A tie marked \"tied: roll-off\" decides who advances or a "
                 "place: the players roll off."),
  /* Translators: standings.ini [Columns] Rank. */
  NC_("layout", "Rank"),
  /* Translators: standings.ini [Columns] Advances. */
  NC_("layout", "Next round"),
};
