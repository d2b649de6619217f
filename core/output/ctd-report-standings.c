/* ctd-report-standings.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A round's standings page.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"
#include "ctd-text.h"

/* The "next round" column: where an advancer goes ("Final 2.1"), the
 * final's placing ("2nd"), a tie that a roll-off must decide, and what a
 * roll-off decided. */
static char *
next_round_text (Report                 *report,
                 const CtdStoreRound    *info,
                 const CtdStandingsRow  *row,
                 const GArray           *advancers,
                 CtdStage                next_stage)
{
  GString *text = g_string_new (NULL);
  g_autofree char *rolloff = report_rolloff_text (report, row);

  if (info->stage == CTD_STAGE_FINAL)
    {
      g_autofree char *place = ctd_outcome_place_text (row);

      g_string_append (text, place);
    }
  for (guint i = 0; i < advancers->len; i++)
    {
      const CtdTournamentAdvancer *advancer = &g_array_index (advancers, CtdTournamentAdvancer, i);
      g_autofree char *next = NULL;
      g_autofree char *line = NULL;

      if (advancer->player_id != row->player_id)
        continue;
      next = advancer->chouette != 0 ? g_strdup_printf ("%s %u.%u",
                                                        ctd_stage_to_title (next_stage),
                                                        info->number + 1, advancer->chouette)
                                     : g_strdup (ctd_stage_to_title (next_stage));
      report_set_value (report, "next", next);
      line = report_layout_text (report, "Advances");
      g_string_append (text, line);
    }
  if (row->needs_rolloff)
    ctd_text_append_note (text, ctd_template_get_text (report->layout, "Tied"));
  if (rolloff != NULL)
    ctd_text_append_note (text, rolloff);
  return g_string_free (text, FALSE);
}

gboolean
report_add_standings (Report              *report,
                      const CtdStoreRound *info,
                      GError             **error)
{
  ListColumn all[] = {
    { "Rank", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Club", CTD_SHEET_ALIGN_LEFT },   { "Chouette", CTD_SHEET_ALIGN_CENTER },
    { "Score", CTD_SHEET_ALIGN_RIGHT }, { "Advances", CTD_SHEET_ALIGN_LEFT },
  };
  static const ListColumn secret[] = {
    { "Name", CTD_SHEET_ALIGN_LEFT }, { "Club", CTD_SHEET_ALIGN_LEFT },
    { "Chouette", CTD_SHEET_ALIGN_CENTER },
  };
  g_autoptr(CtdStandings) standings = NULL;
  g_autoptr(GHashTable) clubs = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *title = NULL;
  /* Translators: a worksheet's name in the XLSX file: at
   * most 31 characters, none of [ ] : * ? / \ */
  g_autofree char *name = g_strdup_printf (_("Round %u standings"), info->number);
  g_autofree char *complete_text = NULL;
  g_autofree char *count_text = NULL;
  guint round = info->number;
  CtdSheetPage *page;
  const ListColumn *columns;
  guint n_columns, row, n_complete = 0;
  gboolean hidden, any_tie = FALSE;
  guint body, left, number;
  CtdStage next_stage = CTD_STAGE_FINAL;

  if (!report_use_layout (report, &report_standings_spec, error))
    return FALSE;
  standings = ctd_tournament_round_standings (report->store, round, report->options->public_view,
                                         error);
  if (standings == NULL || (clubs = report_clubs_by_id (report->store, error)) == NULL ||
      (advancers = ctd_tournament_list_advancers (report->store, round, &next_stage, error)) == NULL ||
      (chouettes = ctd_store_list_chouettes (report->store, round, error)) == NULL)
    return FALSE;
  /* The final has no next round: the column gives the placings. */
  if (info->stage == CTD_STAGE_FINAL)
    all[G_N_ELEMENTS (all) - 1].heading = ctd_template_get_text (report->layout, "Place");
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      CtdChouette *chouette = report_load_chouette (report, round, seats->number, error);

      if (chouette == NULL)
        return FALSE;
      n_complete += ctd_chouette_is_complete (chouette);
    }

  hidden = ctd_standings_get_scores_hidden (standings);
  columns = hidden ? secret : all;
  n_columns = hidden ? G_N_ELEMENTS (secret) : G_N_ELEMENTS (all);
  report_set_round_values (report, info);
  complete_text = g_strdup_printf ("%u", n_complete);
  count_text = g_strdup_printf ("%u", chouettes->len);
  report_set_value (report, "complete", complete_text);
  report_set_value (report, "chouettes", count_text);
  title = report_layout_text (report, "Title");
  {
    g_autofree char *progress = report_layout_text (report, "Progress");

    g_string_append (note, progress);
  }
  if (hidden)
    {
      g_autofree char *text = report_layout_text (report, "Secret");

      g_string_append_printf (note, " %s", text);
    }
  /* Only the ties that decide something ask for a roll-off. */
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    any_tie |= ctd_standings_get_row (standings, i)->needs_rolloff;
  if (!hidden && any_tie)
    {
      g_autofree char *text = report_layout_text (report, "RollOff");

      g_string_append_printf (note, " %s", text);
    }

  page = report_add_page (report, name);
  row = report_list_heading (report, page, title, note->str, columns, n_columns);
  body = report_style (report, "Body", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);

  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++, row++)
    {
      const CtdStandingsRow *r = ctd_standings_get_row (standings, i);
      const char *club = g_hash_table_lookup (clubs, &r->player_id);
      g_autofree char *label = g_strdup_printf ("%u.%u", round, r->chouette);
      const char *texts[6] = { NULL };
      /* Read by report_fit_row() below, so it lives as long as the row. */
      g_autofree char *mark = NULL;
      guint col = 0;

      ctd_sheet_doc_add_name (report->doc, r->name);
      if (!hidden)
        {
          g_autofree char *rank = g_strdup_printf ("%u%s", r->rank, r->tied ? "=" : "");

          mark = next_round_text (report, info, r, advancers, next_stage);
          report_put_text (page, row, col, col, rank, body);
          col++;
          texts[col] = r->name;
          report_put_text (page, row, col, col, r->name, left);
          col++;
          texts[col] = club;
          report_put_text (page, row, col, col, club != NULL ? club : "", left);
          col++;
          report_put_text (page, row, col, col, label, body);
          col++;
          report_put_score (page, row, col, r->score, number);
          col++;
          texts[col] = mark;
          report_put_text (page, row, col, col, mark, left);
        }
      else
        {
          texts[0] = r->name;
          texts[1] = club;
          report_put_text (page, row, 0, 0, r->name, left);
          report_put_text (page, row, 1, 1, club != NULL ? club : "", left);
          report_put_text (page, row, 2, 2, label, body);
        }
      report_fit_row (report, page, row, columns, texts, n_columns,
                      report_tallest (report, "Body", NULL));
    }
  return TRUE;
}
