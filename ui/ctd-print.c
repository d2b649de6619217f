/* ctd-print.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-print"

#include "config.h"

#include "ctd-print.h"

#include "ctd-pdf.h"

/*
 * Printing draws the sheets the PDF export draws, with the same code
 * (ctd_pdf_paginate(), ctd_pdf_draw_paper()) on the printer's page: one
 * layout for paper, whether it is printed or saved.
 */

typedef struct
{
  CtdSheetDoc *doc;
  GPtrArray   *papers;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_pointer (&job->papers, g_ptr_array_unref);
  g_clear_pointer (&job->doc, ctd_sheet_doc_free);
  g_free (job);
}

/* Each sheet on a page of its own size and orientation. */
static void
request_page_setup_cb (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page_nr,
                       GtkPageSetup      *setup,
                       PrintJob          *job)
{
  const CtdPdfPaper *paper = g_ptr_array_index (job->papers, page_nr);
  gboolean landscape = paper->width > paper->height;
  GtkPaperSize *size = gtk_paper_size_new_custom ("ctd-sheet", "Chouette TD sheet",
                                                  landscape ? paper->height : paper->width,
                                                  landscape ? paper->width : paper->height,
                                                  GTK_UNIT_POINTS);

  gtk_page_setup_set_paper_size (setup, size);
  gtk_page_setup_set_orientation (setup, landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                   : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_paper_size_free (size);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  ctd_pdf_draw_paper (gtk_print_context_get_cairo_context (context), job->doc,
                      g_ptr_array_index (job->papers, page_nr), (guint) page_nr + 1,
                      job->papers->len);
}

/**
 * ctd_print_operation_new:
 * @doc: (transfer full): what to print, e.g. from ctd_report_chouette()
 * @job_name: the job's name in the printer's queue
 *
 * A print operation for @doc: one printed page per sheet of its PDF, in
 * points, on the whole page (the sheets carry their own margins). Run it
 * with gtk_print_operation_run().
 *
 * Returns: (transfer full): the operation
 */
GtkPrintOperation *
ctd_print_operation_new (CtdSheetDoc *doc,
                         const char  *job_name)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  PrintJob *job = g_new0 (PrintJob, 1);

  g_return_val_if_fail (doc != NULL, operation);

  job->doc = doc;
  job->papers = ctd_pdf_paginate (doc);
  g_object_set_data_full (G_OBJECT (operation), "ctd-print-job", job, print_job_free);
  gtk_print_operation_set_job_name (operation, job_name);
  gtk_print_operation_set_n_pages (operation, (int) job->papers->len);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, FALSE);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (request_page_setup_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  return operation;
}
