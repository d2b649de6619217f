/* bench-print.c: how fast a whole round reaches the print preview.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-print (under a display: xvfb-run -a meson test -C build --benchmark)
 *
 * On a 512-player event (every qualifying game recorded: 128 chouettes),
 * prints (the target beside the figure):
 *  - Preview in the Print or Export dialog, the round's filled sheets
 *    chosen, to the preview's first page drawn on the screen: the report
 *    built, cut into sheets of paper, the window shown and its first
 *    frame painted (0.5 s); the median of a few runs, with the parts;
 *  - the same with the blank sheets chosen (no result to read);
 *  - for comparison, the whole round printed in export mode to a PDF.
 * Not a timed test: it reports, for a person or a CI log to read.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ctd-application.h"
#include "ctd-document-store.h"
#include "ctd-export-dialog.h"
#include "ctd-print-preview.h"
#include "ctd-report.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

#define N_RUNS 5

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
page_drawn_cb (CtdPrintPreview *preview,
               guint            page,
               gint64          *drawn_at)
{
  if (*drawn_at == 0)
    *drawn_at = g_get_monotonic_time ();
}

/* The choice (a toggle button) whose label contains @text. */
static void
choose (CtdExportDialog *dialog,
        const char      *text)
{
  GtkLabel *label = ctd_test_find_label (GTK_WIDGET (dialog), text);
  GtkWidget *choice;

  g_assert (label != NULL);
  choice = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_TOGGLE_BUTTON);
  g_assert (choice != NULL);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (choice), TRUE);
  g_assert (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (choice)));
}

/* ms from "Preview" to the first page on the screen. */
static double
time_preview (CtdExportDialog *dialog)
{
  gint64 start, drawn_at = 0;
  CtdPrintPreview *preview;

  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (dialog), "export.preview", NULL);
  /* The report is built in a worker thread; the preview opens after. */
  while ((preview = CTD_PRINT_PREVIEW (ctd_test_find_toplevel (CTD_TYPE_PRINT_PREVIEW))) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (preview, "page-drawn", G_CALLBACK (page_drawn_cb), &drawn_at);
  while (drawn_at == 0)
    g_main_context_iteration (NULL, TRUE);
  gtk_window_destroy (GTK_WINDOW (preview));
  return (drawn_at - start) / 1000.0;
}

/* The parts: the report, then its sheets of paper. */
static void
time_parts (CtdDocument            *document,
            const CtdReportOptions *options,
            double                 *report_ms,
            double                 *paginate_ms)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  CtdSheetDoc *doc = ctd_report_round (ctd_document_get_store (document), 1, options, &error);
  g_autoptr(CtdPrintJob) job = NULL;

  g_assert (doc != NULL);
  *report_ms = (g_get_monotonic_time () - start) / 1000.0;
  start = g_get_monotonic_time ();
  job = ctd_print_job_new (doc);
  *paginate_ms = (g_get_monotonic_time () - start) / 1000.0;
}

static void
print_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out_result = user_data;

  *out_result = g_object_ref (result);
}

static void
bench_preview (CtdExportDialog        *dialog,
               CtdDocument            *document,
               const char             *choice,
               const CtdReportOptions *options)
{
  double total[N_RUNS], report[N_RUNS], paginate[N_RUNS];

  choose (dialog, choice);
  for (guint i = 0; i < N_RUNS; i++)
    {
      total[i] = time_preview (dialog);
      time_parts (document, options, &report[i], &paginate[i]);
    }
  qsort (total, N_RUNS, sizeof *total, compare_doubles);
  qsort (report, N_RUNS, sizeof *report, compare_doubles);
  qsort (paginate, N_RUNS, sizeof *paginate, compare_doubles);
  printf ("  %-44s %8.1f ms   target 500 ms: %s (median of %d)\n", choice, total[N_RUNS / 2],
          total[N_RUNS / 2] <= 500 ? "met" : "MISSED", N_RUNS);
  printf ("    of which: the report built               %8.1f ms (median)\n", report[N_RUNS / 2]);
  printf ("              cut into sheets of paper       %8.1f ms (median)\n",
          paginate[N_RUNS / 2]);
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *pdf = NULL;
  g_autoptr(GAsyncResult) printed = NULL;
  g_autoptr(CtdApplication) app = NULL;
  g_autoptr(CtdDocument) document = NULL;
  const CtdReportOptions filled = { NULL, FALSE, FALSE, CTD_REPORT_PART_SHEETS };
  const CtdReportOptions blank = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS };
  CtdExportDialog *dialog;
  gint64 start;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-print: no display (run it under xvfb-run)\n");
      return 77;
    }
  dir = g_dir_make_tmp ("ctd-bench-print-XXXXXX", &error);
  path = dir != NULL ? g_build_filename (dir, "print512.chouette", NULL) : NULL;
  if (path == NULL || !ctd_test_build_event (path, 512, 512, FALSE, &error) ||
      (document = ctd_document_open (path, &error)) == NULL)
    {
      fprintf (stderr, "bench-print: %s\n", error->message);
      return 1;
    }
  app = ctd_test_new_application ();
  ctd_test_quiet_settings ();
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  printf ("printing a whole round of a 512-player event (128 chouettes):\n");
  printf (" Preview to the first page drawn:\n");
  bench_preview (dialog, document, "filled scoring sheets", &filled);
  bench_preview (dialog, document, "Blank scoring sheets", &blank);

  choose (dialog, "filled scoring sheets");
  pdf = g_build_filename (dir, "round.pdf", NULL);
  start = g_get_monotonic_time ();
  ctd_export_dialog_print_async (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT, pdf, print_ready_cb,
                                 &printed);
  while (printed == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!ctd_export_dialog_print_finish (dialog, printed, &error))
    {
      fprintf (stderr, "bench-print: %s\n", error->message);
      return 1;
    }
  printf (" the round's 128 sheets printed to a PDF       %8.1f ms\n",
          (g_get_monotonic_time () - start) / 1000.0);

  gtk_window_destroy (GTK_WINDOW (dialog));
  ctd_test_remove_tree (dir);
  return 0;
}
