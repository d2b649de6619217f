/* ctd-results-csv.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The results a club database or a rating list takes as a file: one row
 * per player per round, every round's rows under one header row. It is
 * always a public copy (it leaves the desk): a round's scores appear only
 * once rule 1.7 makes them public, by the same standings every posted
 * document is made from (ctd_tournament_round_standings() with
 * public_view), so a secret round lists who plays where and nothing else.
 *
 * The file: UTF-8 with a byte order mark (which spreadsheet programs
 * need to read the names' accents right; a database importer skips it
 * with the header row), RFC 4180 fields separated by commas, CRLF line
 * ends, every text quoted and every number bare, with a dot and no
 * thousands separator whatever the locale. A text that a spreadsheet
 * would read as a formula (starting with = + - @, a tab or a line break)
 * is written after a single quote, the usual defence against CSV
 * injection, so that a player named =HYPERLINK(...) stays a name.
 */

#define G_LOG_DOMAIN "ctd-results-csv"

#include "config.h"

#include "ctd-results-csv.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "ctd-export.h"
#include "ctd-report.h"
#include "ctd-store.h"
#include "ctd-tournament.h"

/* The header row: names a database maps its fields to, never translated
 * (like the CLI's JSON keys). chouette-td-cli(1), RESULTS AS CSV, explains each. */
enum
{
  COL_EVENT,
  COL_DATE,
  COL_ROUND,
  COL_STAGE,
  COL_CHOUETTE,
  COL_PLAYER,
  COL_CLUB,
  COL_PLAYER_ID,
  COL_SCORE,
  COL_RANK,
  COL_ADVANCED,
  COL_FINAL_PLACE,
  COL_AMOUNT,
  N_COLS
};

static const char *const headings[N_COLS] = {
  "event", "date", "round", "stage", "chouette", "player", "club", "player_id", "score", "rank",
  "advanced", "final_place", "amount",
};

/* The first characters that make a spreadsheet program read a cell as a
 * formula (or, for a tab and a line break, hide the one that follows). */
#define FORMULA_STARTS "=+-@\t\r\n"

typedef struct
{
  CtdSheetPage *page;
  guint         style;
  guint         row;
} Rows;

static void
put_text (Rows       *rows,
          guint       col,
          const char *text)
{
  if (text != NULL && *text != '\0')
    ctd_sheet_page_add_text (rows->page, rows->row, col, text, rows->style);
}

static void
put_number (Rows   *rows,
            guint   col,
            double  number)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (text, sizeof text, "%.15g", number);
  ctd_sheet_page_add_number (rows->page, rows->row, col, number, text, rows->style);
}

/* Each player's club and member number, by player id. */
static GHashTable *
players_by_id (CtdStore  *store,
               GError   **error)
{
  g_autoptr(GPtrArray) players = ctd_store_list_players (store, error);
  GHashTable *by_id;

  if (players == NULL)
    return NULL;
  by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                 (GDestroyNotify) ctd_store_player_free);
  for (guint i = 0; i < players->len; i++)
    {
      CtdStorePlayer *player = g_steal_pointer (&players->pdata[i]);

      g_hash_table_insert (by_id, &player->id, player);
    }
  return by_id;
}

/* What each player of @round won or lost, in cents, by player id: only
 * for a chouette that is complete, the amount its settlement pays. */
static GHashTable *
round_amounts (CtdStore  *store,
               guint      round,
               CtdCents   stake,
               GError   **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, round, error);
  g_autoptr(GHashTable) amounts = NULL;

  if (chouettes == NULL)
    return NULL;
  amounts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, c);
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, seats->number,
                                                                 error);
      CtdHalves totals[CTD_MAX_PLAYERS];
      CtdSettlement settlement;

      if (chouette == NULL)
        return NULL;
      if (!ctd_chouette_is_complete (chouette))
        continue;
      ctd_chouette_get_totals (chouette, totals);
      if (!ctd_money_settle (totals, seats->size, stake, &settlement, error))
        return NULL;
      for (guint k = 0; k < seats->size; k++)
        g_hash_table_insert (amounts, g_memdup2 (&seats->players[k], sizeof (gint64)),
                             g_memdup2 (&settlement.amounts[k], sizeof (CtdCents)));
    }
  return g_steal_pointer (&amounts);
}

/* The rows of one round, in the order of its posted standings. */
static gboolean
add_round (Rows                   *rows,
           CtdStore               *store,
           const CtdEventSettings *settings,
           GHashTable             *players,
           guint                   round,
           GError                **error)
{
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GHashTable) amounts = NULL;
  g_autoptr(GHashTable) advancing = g_hash_table_new (g_int64_hash, g_int64_equal);
  CtdStoreRound info;
  gboolean hidden, final_placed;

  /* The same view as every public copy: a secret round's carries no
   * score, rank or tie, and its games are not even read. */
  if (!ctd_tournament_get_round (store, round, &info, error) ||
      (standings = ctd_tournament_round_standings (store, round, TRUE, error)) == NULL)
    return FALSE;
  hidden = ctd_standings_get_scores_hidden (standings);
  if (!hidden &&
      ((advancers = ctd_tournament_list_advancers (store, round, NULL, error)) == NULL ||
       (amounts = round_amounts (store, round, settings->stake_cents, error)) == NULL))
    return FALSE;
  for (guint i = 0; advancers != NULL && i < advancers->len; i++)
    g_hash_table_add (advancing,
                      &g_array_index (advancers, CtdTournamentAdvancer, i).player_id);
  /* Rule 1.9: the final's scores place the finalists once it is over. */
  final_placed = !hidden && info.stage == CTD_STAGE_FINAL && info.state >= CTD_ROUND_COMPLETE;

  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *row = ctd_standings_get_row (standings, i);
      const CtdStorePlayer *player = g_hash_table_lookup (players, &row->player_id);
      const CtdCents *amount = amounts != NULL ? g_hash_table_lookup (amounts, &row->player_id)
                                               : NULL;

      rows->row++;
      put_text (rows, COL_EVENT, settings->name);
      put_text (rows, COL_DATE, settings->date);
      put_number (rows, COL_ROUND, info.number);
      put_text (rows, COL_STAGE, ctd_stage_to_string (info.stage));
      put_number (rows, COL_CHOUETTE, row->chouette);
      put_text (rows, COL_PLAYER, row->name);
      if (player != NULL)
        {
          put_text (rows, COL_CLUB, player->club);
          put_text (rows, COL_PLAYER_ID, player->member_id);
        }
      if (hidden)
        continue;
      put_number (rows, COL_SCORE, row->score / 2.0);
      put_number (rows, COL_RANK, row->rank);
      /* Known once the director chose who goes on; the final has no
       * next round. */
      if (advancers->len > 0)
        put_text (rows, COL_ADVANCED,
                  g_hash_table_contains (advancing, &row->player_id) ? "yes" : "no");
      if (final_placed)
        put_number (rows, COL_FINAL_PLACE, row->rank);
      if (amount != NULL)
        put_number (rows, COL_AMOUNT, *amount / 100.0);
    }
  return TRUE;
}

/**
 * ctd_results_csv_build:
 * @store: an event
 * @round: a round, or 0 for every round
 * @error: return location for a #GError
 *
 * The results of @round (or of every round, first to last) as a
 * one-page sheet model: a header row, then one row per player per
 * round, each round's players in the order of its posted standings.
 * Always a public copy: a round whose scores are still secret (rule 1.7)
 * gives its players' event, round, chouette, name, club and member
 * number, and nothing that its scores would tell. Numbers are number
 * cells; a missing value (no club, no settlement yet) is no cell.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL with
 *   @error set (%CTD_REPORT_ERROR_EMPTY before the first draw)
 */
CtdSheetDoc *
ctd_results_csv_build (CtdStore  *store,
                       guint      round,
                       GError   **error)
{
  g_auto(CtdEventSettings) settings = { 0 };
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GHashTable) players = NULL;
  CtdSheetStyle style = { .font = (char *) "Sans", .size = 10, .fill = CTD_SHEET_NO_FILL };
  Rows rows = { 0 };

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ctd_store_get_settings (store, &settings, error) ||
      (rounds = ctd_store_list_rounds (store, error)) == NULL ||
      (players = players_by_id (store, error)) == NULL)
    return NULL;
  if (rounds->len == 0)
    {
      g_set_error_literal (error, CTD_REPORT_ERROR, CTD_REPORT_ERROR_EMPTY,
                           _("There are no results to export yet: draw the first round"));
      return NULL;
    }
  doc = ctd_sheet_doc_new ("Results", 0);
  g_free (doc->subject);
  doc->subject = g_strdup (settings.name);
  rows.style = ctd_sheet_doc_add_style (doc, &style);
  rows.page = ctd_sheet_doc_add_page (doc, "Results");
  for (guint col = 0; col < N_COLS; col++)
    ctd_sheet_page_add_text (rows.page, 0, col, headings[col], rows.style);

  for (guint r = 0; r < rounds->len; r++)
    {
      guint number = g_array_index (rounds, CtdStoreRound, r).number;

      if ((round == 0 || number == round) &&
          !add_round (&rows, store, &settings, players, number, error))
        return NULL;
    }
  /* A round that does not exist: the store's own message names it. */
  if (round != 0 && rows.row == 0)
    {
      CtdStoreRound info;

      if (!ctd_tournament_get_round (store, round, &info, error))
        return NULL;
    }
  return g_steal_pointer (&doc);
}

/* A text field: always quoted, its quotes doubled (RFC 4180), and after
 * a single quote when a spreadsheet would take it for a formula. */
static void
append_text (GString    *out,
             const char *text)
{
  g_string_append_c (out, '"');
  if (*text != '\0' && strchr (FORMULA_STARTS, *text) != NULL)
    g_string_append_c (out, '\'');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/**
 * ctd_csv_format:
 * @doc: a document of one page
 * @out_length: (out) (optional): the length of the text, in bytes
 *
 * The first page of @doc as CSV (see the top of this file): a UTF-8
 * byte order mark, then one line per row, ended by CRLF, as many fields
 * as the page has columns. A text cell is quoted and defended against
 * formulas; a number (or a formula's computed value) is written bare,
 * with a dot; a missing cell is an empty field.
 *
 * Returns: (transfer full): the text
 */
char *
ctd_csv_format (const CtdSheetDoc *doc,
                gsize             *out_length)
{
  const CtdSheetPage *page;
  GString *out = g_string_new ("\xEF\xBB\xBF");
  g_autofree const CtdSheetCell **grid = NULL;
  guint n_rows, n_cols;

  g_return_val_if_fail (doc != NULL && doc->pages->len > 0, g_string_free (out, FALSE));

  page = g_ptr_array_index (doc->pages, 0);
  n_rows = ctd_sheet_page_get_n_rows (page);
  n_cols = ctd_sheet_page_get_n_cols (page);
  /* One pass over the cells, not one search per field. */
  grid = g_new0 (const CtdSheetCell *, (gsize) MAX (n_rows * n_cols, 1));
  for (guint i = 0; i < page->cells->len; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      if (cell->row < n_rows && cell->col < n_cols)
        grid[cell->row * n_cols + cell->col] = cell;
    }
  for (guint row = 0; row < n_rows; row++)
    {
      for (guint col = 0; col < n_cols; col++)
        {
          const CtdSheetCell *cell = grid[row * n_cols + col];
          char number[G_ASCII_DTOSTR_BUF_SIZE];

          if (col > 0)
            g_string_append_c (out, ',');
          if (cell == NULL)
            continue;
          if (cell->kind == CTD_SHEET_CELL_TEXT)
            append_text (out, cell->text);
          else
            g_string_append (out, g_ascii_formatd (number, sizeof number, "%.15g",
                                                   cell->number));
        }
      g_string_append (out, "\r\n");
    }
  if (out_length != NULL)
    *out_length = out->len;
  return g_string_free (out, FALSE);
}

/**
 * ctd_csv_write_full:
 * @doc: a document of one page
 * @path: the file to write (ctd_export_write_full() gives a temporary one)
 * @progress: (nullable) (scope call): told once, when the file is written
 * @user_data: (closure): for @progress
 * @cancellable: (nullable): checked before writing
 * @error: return location for a #GError
 *
 * Writes ctd_csv_format() of @doc to @path.
 *
 * Returns: whether @path holds the whole text
 */
gboolean
ctd_csv_write_full (const CtdSheetDoc  *doc,
                    const char         *path,
                    CtdExportProgress   progress,
                    gpointer            user_data,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autofree char *text = NULL;
  gsize length;
  FILE *file;
  gboolean written;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  text = ctd_csv_format (doc, &length);
  file = g_fopen (path, "wb");
  written = file != NULL && fwrite (text, 1, length, file) == length;
  if (file != NULL && fclose (file) != 0)
    written = FALSE;
  if (!written)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_EXPORT_ERROR, CTD_EXPORT_ERROR_WRITE,
                   /* Translators: %s is a file name, then why it failed */
                   _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  if (progress != NULL)
    progress (1, 1, user_data);
  return TRUE;
}
