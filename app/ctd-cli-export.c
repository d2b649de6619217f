/* ctd-cli-export.c: official scoring sheets and reports as XLSX or PDF;
 * the results to post as one web page (HTML), and as CSV for club
 * databases.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "ctd-cli.h"
#include "ctd-export.h"
#include "ctd-link.h"
#include "ctd-report.h"
#include "ctd-results-csv.h"

/* What the writer counted: sheets of paper for a PDF, worksheets for
 * an XLSX file. */
static void
count_cb (guint    done,
          guint    total,
          gpointer user_data)
{
  *(guint *) user_data = total;
}

/* export results.csv --round N|--all: one row per player per round,
 * always a public copy (ctd_results_csv_build()), written as every
 * export is (whole or not at all). */
static int
export_results_csv (CtdCli     *cli,
                    const char *path,
                    guint       round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(JsonBuilder) builder = NULL;
  guint n_rows;

  doc = ctd_results_csv_build (cli->store, round, &error);
  if (doc == NULL || !ctd_export_write (doc, path, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  n_rows = ctd_sheet_page_get_n_rows (g_ptr_array_index (doc->pages, 0)) - 1;
  if (!cli->json)
    {
      printf (ngettext ("Wrote %s: %u row, one per player per round\n",
                        "Wrote %s: %u rows, one per player per round\n", n_rows), path, n_rows);
      return CTD_CLI_OK;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, path);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, ctd_export_format_to_string (CTD_EXPORT_CSV));
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, n_rows);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

int
ctd_cli_export (CtdCli *cli)
{
  g_autofree char *usage =
    ctd_cli_synopsis ("export OUT.xlsx|OUT.pdf|OUT.html --chouette CHOUETTE|--round N|--all "
                      "[--public] [--blank] [--templates DIR] [--links http://ADDRESS:PORT] "
                      "[--slips] | export OUT.csv --round N|--all");
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *label = NULL;
  g_autofree char *templates = NULL;
  g_autofree char *links_text = NULL;
  g_autofree char *links_base = NULL;
  gboolean all = FALSE;
  gboolean slips = FALSE;
  int round = 0;
  guint chosen_round, chouette = 0;
  CtdReportOptions options = { NULL, FALSE, FALSE };
  GOptionEntry entries[] = {
    { "chouette", 0, 0, G_OPTION_ARG_STRING, &label, NULL, NULL },
    { "round", 0, 0, G_OPTION_ARG_INT, &round, NULL, NULL },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, NULL, NULL },
    { "public", 0, 0, G_OPTION_ARG_NONE, &options.public_view, NULL, NULL },
    { "blank", 0, 0, G_OPTION_ARG_NONE, &options.blank, NULL, NULL },
    { "templates", 0, 0, G_OPTION_ARG_FILENAME, &templates, NULL, NULL },
    { "links", 0, 0, G_OPTION_ARG_STRING, &links_text, NULL, NULL },
    { "slips", 0, 0, G_OPTION_ARG_NONE, &slips, NULL, NULL },
    { NULL },
  };
  CtdExportFormat format;
  const char *path;
  guint n_pages = 0, n_sheets;
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 1, 1, &status))
    return status;
  path = cli->argv[0];
  if ((label != NULL) + (round != 0) + all != 1)
    return ctd_cli_usage (_("choose one of --chouette, --round and --all (usage: %s)"), usage);
  if (round < 0)
    return ctd_cli_usage (_("--round takes a round number (usage: %s)"), usage);
  if (!ctd_export_format_for (path, &format, &error))
    return ctd_cli_usage ("%s", error->message);
  /* A web page posts results: the standings, the final results and
   * the settlements, never a scoring sheet nor a table's link. */
  if (format == CTD_EXPORT_HTML &&
      (label != NULL || options.blank || slips || links_text != NULL))
    return ctd_cli_usage (_("a web page (.html) holds the results to post: give --round N or "
                            "--all, without --chouette, --blank, --slips or --links (usage: %s)"),
                          usage);
  if (format == CTD_EXPORT_HTML)
    options.part = CTD_REPORT_PART_POSTING;
  /* A .csv holds the results, a public copy by nature: nothing of the
   * printed documents applies to it. */
  if (format == CTD_EXPORT_CSV && label != NULL)
    return ctd_cli_usage (_("a .csv file holds the results of a round (--round N) or of every "
                            "round (--all), not one chouette's sheet (usage: %s)"), usage);
  if (format == CTD_EXPORT_CSV && (options.blank || slips || templates != NULL ||
                                   links_text != NULL))
    return ctd_cli_usage (_("--blank, --slips, --templates and --links are for the printed "
                            "documents: a .csv file holds the results alone (usage: %s)"), usage);
  if (format == CTD_EXPORT_CSV)
    return export_results_csv (cli, path, (guint) round);
  /* A slip is a table's secret, for one round's tables, and nothing
   * without its link. */
  if (slips && round == 0)
    return ctd_cli_usage (_("--slips prints one round's link slips: give --round N "
                            "(usage: %s)"), usage);
  if (slips && links_text == NULL)
    return ctd_cli_usage (_("--slips needs the desk's address to print the links under: "
                            "give --links http://ADDRESS:PORT (usage: %s)"), usage);
  if (slips && options.public_view)
    return ctd_cli_usage (_("--slips and --public: a link slip lets whoever holds it enter "
                            "its table's games, so it is never a public copy (usage: %s)"),
                          usage);
  if (slips && options.blank)
    return ctd_cli_usage (_("--slips prints the slips alone, with no scoring sheet: leave "
                            "out --blank (usage: %s)"), usage);
  if (slips)
    options.part = CTD_REPORT_PART_SLIPS;
  if (links_text != NULL && (links_base = ctd_link_parse_base (links_text, &error)) == NULL)
    return ctd_cli_usage ("--links %s", error->message);
  options.template_dir = templates;
  /* Each scoring sheet gets its table's link and QR code; the report
   * refuses them on a public copy. */
  options.links_base = links_base;

  /* --all is round 0, chouette 0: the whole event. */
  chosen_round = (guint) round;
  if (label == NULL || ctd_tournament_parse_label (label, &chosen_round, &chouette, &error))
    doc = ctd_report_build (cli->store, chosen_round, chouette, &options, &error);
  /* libxlsxwriter's own messages on stderr are silenced by the writer:
   * a failure is the one line that names the file. */
  if (doc == NULL || !ctd_export_write_full (doc, path, count_cb, &n_pages, NULL, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  warnings = ctd_export_warnings (doc, format);
  /* Pages of paper, as printed: not the document's worksheets. The PDF
   * writer counted them; an XLSX file's are counted the same way. */
  if (format == CTD_EXPORT_XLSX)
    n_pages = ctd_export_count_pages (doc);

  if (!cli->json)
    {
      g_autofree char *pages = g_strdup_printf (ngettext ("%u page", "%u pages", n_pages),
                                                n_pages);

      n_sheets = doc->pages->len;

      if (format == CTD_EXPORT_HTML)
        printf (ngettext ("Wrote %s: a web page of %u list\n",
                          "Wrote %s: a web page of %u lists\n", n_sheets), path, n_sheets);
      else if (format == CTD_EXPORT_PDF)
        /* Translators: the file, then "12 pages" */
        printf (_("Wrote %s: %s\n"), path, pages);
      else
        /* Translators: the file, the worksheets' count, then "12 pages" */
        printf (ngettext ("Wrote %s: %u worksheet, %s when printed\n",
                          "Wrote %s: %u worksheets, %s when printed\n", n_sheets),
                path, n_sheets, pages);
      for (guint i = 0; i < warnings->len; i++)
        printf (_("Warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
      return CTD_CLI_OK;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, path);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, ctd_export_format_to_string (format));
  json_builder_set_member_name (builder, "pages");
  json_builder_add_int_value (builder, n_pages);
  json_builder_set_member_name (builder, "worksheets");
  json_builder_begin_array (builder);
  for (guint i = 0; i < doc->pages->len; i++)
    json_builder_add_string_value (builder, ((CtdSheetPage *) g_ptr_array_index (doc->pages, i))->name);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "warnings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < warnings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (warnings, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}
