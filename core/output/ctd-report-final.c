/* ctd-report-final.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The final results, the settlements of every chouette, and the audit
 * log.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"
#include "ctd-text.h"

gboolean
report_add_results (Report  *report,
                    GError **error)
{
  static const ListColumn columns[] = {
    { "Place", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Club", CTD_SHEET_ALIGN_LEFT },    { "Score", CTD_SHEET_ALIGN_RIGHT },
  };
  g_autoptr(CtdStandings) placings = NULL;
  g_autoptr(GHashTable) clubs = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  CtdStoreRound info;
  CtdSheetPage *page;
  guint round, row;
  guint body, left, number;

  placings = ctd_tournament_final_placings (report->store, &round, error);
  if (placings == NULL || !ctd_tournament_get_round (report->store, round, &info, error) ||
      !report_use_layout (report, &report_results_spec, error) ||
      (clubs = report_clubs_by_id (report->store, error)) == NULL)
    return FALSE;
  report_set_round_values (report, &info);
  title = report_layout_text (report, "Title");
  subtitle = report_layout_text (report, "Subtitle");
  g_string_append (note, subtitle);
  /* A line of its own: run on after the subtitle's date, the warning
   * read as part of it. */
  if (info.state < CTD_ROUND_COMPLETE)
    g_string_append_printf (note, "\n%s", ctd_template_get_text (report->layout, "Unfinished"));

  /* Translators: a worksheet's name in the XLSX file: at
   * most 31 characters, none of [ ] : * ? / \ */
  page = report_add_page (report, _("Final results"));
  row = report_list_heading (report, page, title, note->str, columns, G_N_ELEMENTS (columns));
  body = report_style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);
  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++, row++)
    {
      const CtdStandingsRow *r = ctd_standings_get_row (placings, i);
      const char *club = g_hash_table_lookup (clubs, &r->player_id);
      g_autofree char *place = ctd_outcome_place_text (r);
      g_autofree char *rolloff = report_rolloff_text (report, r);
      const char *remark = r->tied ? ctd_template_get_text (report->layout, "Tied") : rolloff;
      /* Translators: a player's name in the final results, then a note
       * on their place ("tied: roll-off to be recorded", "won roll-off") */
      g_autofree char *name = remark != NULL ? g_strdup_printf (C_("name and note", "%1$s (%2$s)"),
                                                                r->name, remark)
                                             : g_strdup (r->name);
      const char *texts[4] = { NULL, name, club, NULL };

      ctd_sheet_doc_add_name (report->doc, r->name);
      report_put_text (page, row, 0, 0, place, body);
      report_put_text (page, row, 1, 1, name, left);
      report_put_text (page, row, 2, 2, club != NULL ? club : "", left);
      report_put_score (page, row, 3, r->score, number);
      report_fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
                      report_tallest (report, "Heading", "Body", NULL));
    }
  return TRUE;
}

gboolean
report_add_settlements (Report  *report,
                        GArray  *rounds,
                        GError **error)
{
  static const ListColumn columns[] = {
    { "Number", CTD_SHEET_ALIGN_CENTER }, { "Name", CTD_SHEET_ALIGN_LEFT },
    { "Score", CTD_SHEET_ALIGN_RIGHT },   { "Amount", CTD_SHEET_ALIGN_RIGHT },
    { "Payment", CTD_SHEET_ALIGN_LEFT },
  };
  g_autofree char *title = NULL;
  CtdSheetPage *page;
  guint row, body, left, number, money, block;
  double block_size;

  if (!report_use_layout (report, &report_settlements_spec, error))
    return FALSE;
  title = report_layout_text (report, "Title");
  /* Translators: a worksheet's name in the XLSX file: at
   * most 31 characters, none of [ ] : * ? / \ */
  page = report_add_page (report, _("Settlements"));
  row = report_list_heading (report, page, title, NULL, columns, G_N_ELEMENTS (columns));
  body = report_style (report, "Body", CTD_SHEET_ALIGN_CENTER, BOX, NULL);
  left = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  number = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, SCORE_FORMAT);
  money = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, MONEY_FORMAT);
  block = report_style (report, "Heading", CTD_SHEET_ALIGN_LEFT, BOX | SHADED, NULL);
  block_size = report_tallest (report, "Heading", NULL);

  for (guint r = 0; r < rounds->len; r++)
    {
      const CtdStoreRound *info = &g_array_index (rounds, CtdStoreRound, r);
      g_autoptr(GPtrArray) chouettes = NULL;

      if (report->options->public_view && !report_round_is_public (info))
        continue;
      chouettes = ctd_store_list_chouettes (report->store, info->number, error);
      if (chouettes == NULL)
        return FALSE;
      for (guint i = 0; i < chouettes->len; i++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
          g_autofree char *label = g_strdup_printf ("%u.%u", seats->round, seats->number);
          g_autofree char *heading = NULL;
          CtdSettlement settlement;
          g_autoptr(GError) refusal = NULL;

          report_set_value (report, "label", label);
          heading = report_layout_text (report, "Chouette");
          CtdChouette *chouette = report_load_chouette (report, seats->round, seats->number, error);
          CtdHalves totals[CTD_MAX_PLAYERS];

          if (chouette == NULL)
            return FALSE;
          ctd_chouette_get_totals (chouette, totals);
          if (!ctd_chouette_is_complete (chouette) ||
              !ctd_money_settle (totals, seats->size, report->settings.stake_cents, &settlement,
                                 &refusal))
            {
              g_autofree char *line = NULL;

              if (refusal != NULL)
                {
                  g_propagate_error (error, g_steal_pointer (&refusal));
                  return FALSE;
                }
              line = report_heading_text (heading,
                                          ctd_template_get_text (report->layout, "Unfinished"));
              report_put_text (page, row, 0, G_N_ELEMENTS (columns) - 1, line, block);
              ctd_sheet_page_set_height (page, row++, report_row_height (block_size, 1, LIST_ROOM));
              continue;
            }
          report_put_text (page, row, 0, G_N_ELEMENTS (columns) - 1, heading, block);
          ctd_sheet_page_set_height (page, row++, report_row_height (block_size, 1, LIST_ROOM));
          for (guint k = 0; k < seats->size; k++, row++)
            {
              g_autoptr(GString) payments = g_string_new (NULL);
              g_autofree char *amount = ctd_money_to_string (settlement.amounts[k]);
              char no[16];
              const char *texts[5] = { NULL, seats->names[k], NULL, NULL, NULL };

              for (guint t = 0; t < settlement.n_transfers; t++)
                if (settlement.transfers[t].from == k + 1)
                  {
                    const CtdTransfer *transfer = &settlement.transfers[t];
                    g_autofree char *paid = ctd_money_to_string (transfer->amount);
                    g_autofree char *payment =
                      g_strdup_printf ("%s %u %s %s",
                                       ctd_template_get_text (report->layout, "Pays"),
                                       transfer->to, seats->names[transfer->to - 1], paid);

                    ctd_text_append_note (payments, payment);
                  }
              texts[4] = payments->str;
              ctd_sheet_doc_add_name (report->doc, seats->names[k]);
              g_snprintf (no, sizeof no, "%u", k + 1);
              ctd_sheet_page_add_number (page, row, 0, k + 1, no, body);
              report_put_text (page, row, 1, 1, seats->names[k], left);
              report_put_score (page, row, 2, settlement.scores[k], number);
              ctd_sheet_page_add_number (page, row, 3, settlement.amounts[k] / 100.0, amount,
                                         money);
              report_put_text (page, row, 4, 4, payments->str, left);
              report_fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
                              report_tallest (report, "Body", NULL));
            }
        }
    }
  return TRUE;
}

static void
append_note (Report     *report,
             GString    *note,
             const char *key,
             gint64      id)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_autofree char *text = NULL;

  report_set_value (report, "id", number);
  text = report_layout_text (report, key);
  ctd_text_append_note (note, text);
}

/*
 * The log's last column: what an undo or a redo did, and what became of
 * an entry later ("undone by #12; redone by #14"), so that the log says
 * so whatever the summary's wording. For an undo, "undoes" the entry it
 * reverted; for a redo, "redoes" the action it brought back (the entry
 * the reverted undo had undone).
 */
static char *
log_note (Report                   *report,
          const CtdStoreAuditEntry *entry,
          GHashTable               *by_id)
{
  GString *note = g_string_new (NULL);
  gboolean redo = g_str_equal (entry->action, "redo");

  if (entry->undoes != 0)
    {
      const CtdStoreAuditEntry *undo = g_hash_table_lookup (by_id, &entry->undoes);

      if (redo && undo != NULL && undo->undoes != 0)
        append_note (report, note, "Redoes", undo->undoes);
      else
        append_note (report, note, redo ? "Redoes" : "Undoes", entry->undoes);
    }
  /* Then each later reversal: an undo of this entry, a redo of that
   * undo, an undo of that redo... */
  for (const CtdStoreAuditEntry *at = entry; at != NULL && at->undone_by != 0;
       at = g_hash_table_lookup (by_id, &at->undone_by))
    {
      const CtdStoreAuditEntry *by = g_hash_table_lookup (by_id, &at->undone_by);

      append_note (report, note,
                   by != NULL && g_str_equal (by->action, "redo") ? "Redone" : "Undone",
                   at->undone_by);
    }
  return g_string_free (note, FALSE);
}

gboolean
report_add_audit_log (Report  *report,
                      GError **error)
{
  static const ListColumn columns[] = {
    { "Number", CTD_SHEET_ALIGN_RIGHT }, { "Time", CTD_SHEET_ALIGN_LEFT },
    { "Action", CTD_SHEET_ALIGN_LEFT },  { "Summary", CTD_SHEET_ALIGN_LEFT },
    { "Note", CTD_SHEET_ALIGN_LEFT },
  };
  g_autoptr(GPtrArray) entries = ctd_store_list_audit (report->store, error);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree char *title = NULL;
  CtdSheetPage *page;
  guint row, body, left;

  if (entries == NULL || !report_use_layout (report, &report_log_spec, error))
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);

      g_hash_table_insert (by_id, &entry->id, entry);
    }
  title = report_layout_text (report, "Title");
  /* Translators: a worksheet's name in the XLSX file: at
   * most 31 characters, none of [ ] : * ? / \ */
  page = report_add_page (report, _("Audit log"));
  row = report_list_heading (report, page, title, NULL, columns, G_N_ELEMENTS (columns));
  body = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, BOX, NULL);
  left = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX | WRAP, NULL);
  for (guint i = 0; i < entries->len; i++, row++)
    {
      const CtdStoreAuditEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, entry->id);
      g_autofree char *note = log_note (report, entry, by_id);
      /* The action in the document's language; the file keeps its nick. */
      const char *action = ctd_audit_action_to_title (entry->action);
      const char *texts[5] = { NULL, NULL, action, entry->summary, note };

      ctd_sheet_page_add_number (page, row, 0, (double) entry->id, id, body);
      report_put_text (page, row, 1, 1, entry->time, left);
      report_put_text (page, row, 2, 2, action, left);
      /* The store's summary as it is: it names the players and points. */
      report_put_text (page, row, 3, 3, entry->summary, left);
      report_put_text (page, row, 4, 4, note, left);
      report_fit_row (report, page, row, columns, texts, G_N_ELEMENTS (columns),
                      report_tallest (report, "Body", NULL));
    }
  return TRUE;
}
