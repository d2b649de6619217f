/* ctd-print.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-print"

#include "config.h"

#include "ctd-print.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>

#include "ctd-pdf.h"
#include "ctd-print-preview.h"

/*
 * Printing draws the sheets the PDF export draws, with the same code
 * (ctd_pdf_paginate(), ctd_pdf_draw_paper()) on the printer's page: one
 * layout for paper, whether it is printed, previewed or saved.
 *
 * The paper is the event's (A4 or Letter, from its settings) until the
 * director chooses another in the print dialog; each sheet keeps its own
 * orientation (a scoring sheet is landscape, a list portrait) and is
 * scaled to fit the paper chosen. That choice and the printer's settings
 * are remembered per event (ctd_print_setup_save()).
 */

struct _CtdPrintJob
{
  CtdSheetDoc *doc;
  GPtrArray   *papers;  /* (element-type CtdPdfPaper) */
};

static void
print_job_clear (gpointer data)
{
  CtdPrintJob *job = data;

  g_clear_pointer (&job->papers, g_ptr_array_unref);
  g_clear_pointer (&job->doc, ctd_sheet_doc_free);
}

/**
 * ctd_print_job_new:
 * @doc: (transfer full): what to print, e.g. from ctd_report_round()
 *
 * Cuts @doc into sheets of paper, as the PDF export does.
 *
 * Returns: (transfer full): the job
 */
CtdPrintJob *
ctd_print_job_new (CtdSheetDoc *doc)
{
  CtdPrintJob *job;

  g_return_val_if_fail (doc != NULL, NULL);

  job = g_atomic_rc_box_new0 (CtdPrintJob);
  job->doc = doc;
  job->papers = ctd_pdf_paginate (doc);
  return job;
}

CtdPrintJob *
ctd_print_job_ref (CtdPrintJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);
  return g_atomic_rc_box_acquire (job);
}

void
ctd_print_job_unref (CtdPrintJob *job)
{
  g_atomic_rc_box_release_full (job, print_job_clear);
}

/**
 * ctd_print_job_get_doc:
 * @job: a print job
 *
 * Returns: (transfer none): the document it prints
 */
const CtdSheetDoc *
ctd_print_job_get_doc (CtdPrintJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);
  return job->doc;
}

/**
 * ctd_print_job_get_n_pages:
 * @job: a print job
 *
 * Returns: how many sheets of paper it prints on
 */
guint
ctd_print_job_get_n_pages (CtdPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);
  return job->papers->len;
}

/**
 * ctd_print_job_get_page_size:
 * @job: a print job
 * @page: a sheet, from 0
 * @out_width: (out): its width in points, as laid out
 * @out_height: (out): its height in points; less than the width for a
 *   landscape sheet
 */
void
ctd_print_job_get_page_size (CtdPrintJob *job,
                             guint        page,
                             double      *out_width,
                             double      *out_height)
{
  const CtdPdfPaper *paper;

  g_return_if_fail (job != NULL && page < job->papers->len);

  paper = g_ptr_array_index (job->papers, page);
  *out_width = paper->width;
  *out_height = paper->height;
}

/**
 * ctd_print_job_get_printed_size:
 * @job: a print job
 * @page: a sheet, from 0
 * @setup: (nullable): the paper chosen for the event (ctd_print_setup_load())
 * @out_width: (out): the width in points of the paper @page prints on
 * @out_height: (out): its height
 *
 * The paper of @setup turned as the sheet is (landscape or portrait), as
 * the print operation prints it; without @setup, the sheet's own paper.
 */
void
ctd_print_job_get_printed_size (CtdPrintJob  *job,
                                guint         page,
                                GtkPageSetup *setup,
                                double       *out_width,
                                double       *out_height)
{
  GtkPaperSize *size;
  double width, height, short_side, long_side;

  g_return_if_fail (job != NULL && page < job->papers->len);

  ctd_print_job_get_page_size (job, page, &width, &height);
  if (setup == NULL)
    {
      *out_width = width;
      *out_height = height;
      return;
    }
  size = gtk_page_setup_get_paper_size (setup);
  short_side = MIN (gtk_paper_size_get_width (size, GTK_UNIT_POINTS),
                    gtk_paper_size_get_height (size, GTK_UNIT_POINTS));
  long_side = MAX (gtk_paper_size_get_width (size, GTK_UNIT_POINTS),
                   gtk_paper_size_get_height (size, GTK_UNIT_POINTS));
  *out_width = width > height ? long_side : short_side;
  *out_height = width > height ? short_side : long_side;
}

/**
 * ctd_print_job_draw_page:
 * @job: a print job
 * @cr: where to draw, its origin at the paper's top left corner
 * @page: the sheet, from 0
 * @width: the paper's width, in @cr's units
 * @height: the paper's height
 *
 * Draws sheet @page scaled to fit @width × @height and centred: on the
 * sheet's own paper it is drawn as the PDF export draws it.
 */
void
ctd_print_job_draw_page (CtdPrintJob *job,
                         cairo_t     *cr,
                         guint        page,
                         double       width,
                         double       height)
{
  const CtdPdfPaper *paper;
  double scale;

  g_return_if_fail (job != NULL && cr != NULL && page < job->papers->len);

  paper = g_ptr_array_index (job->papers, page);
  scale = MIN (width / paper->width, height / paper->height);
  cairo_save (cr);
  cairo_translate (cr, (width - paper->width * scale) / 2, (height - paper->height * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, paper->width, paper->height);
  cairo_clip (cr);
  ctd_pdf_draw_paper (cr, job->doc, paper, page + 1, job->papers->len);
  cairo_restore (cr);
}

/* ---- the print operation ------------------------------------------------ */

/* The event's paper, by its name when GTK knows it (so that the dialog
 * offers it selected), as the first sheet lays it out. */
static GtkPageSetup *
default_page_setup (CtdPrintJob *job)
{
  const char *const names[] = {
    [CTD_SHEET_PAPER_A4] = GTK_PAPER_NAME_A4,
    [CTD_SHEET_PAPER_LETTER] = GTK_PAPER_NAME_LETTER,
  };
  GtkPageSetup *setup = gtk_page_setup_new ();
  double width, height;
  GtkPaperSize *size = NULL;

  if (job->papers->len > 0)
    ctd_print_job_get_page_size (job, 0, &width, &height);
  else
    ctd_sheet_paper_size (CTD_SHEET_PAPER_A4, &width, &height);
  for (guint i = 0; i < G_N_ELEMENTS (names) && size == NULL; i++)
    {
      GtkPaperSize *named = gtk_paper_size_new (names[i]);
      double w = gtk_paper_size_get_width (named, GTK_UNIT_POINTS);
      double h = gtk_paper_size_get_height (named, GTK_UNIT_POINTS);

      if (fabs (MIN (width, height) - w) < 2 && fabs (MAX (width, height) - h) < 2)
        size = named;
      else
        gtk_paper_size_free (named);
    }
  if (size == NULL)
    size = gtk_paper_size_new_custom ("ctd-sheet", "Chouette TD sheet", MIN (width, height),
                                      MAX (width, height), GTK_UNIT_POINTS);
  gtk_page_setup_set_paper_size_and_default_margins (setup, size);
  gtk_paper_size_free (size);
  return setup;
}

/* The paper is the operation's (the event's or the director's choice);
 * the orientation is each sheet's own. */
static void
request_page_setup_cb (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page_nr,
                       GtkPageSetup      *setup,
                       CtdPrintJob       *job)
{
  double width, height;

  ctd_print_job_get_page_size (job, (guint) page_nr, &width, &height);
  gtk_page_setup_set_orientation (setup, width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                        : GTK_PAGE_ORIENTATION_PORTRAIT);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              CtdPrintJob       *job)
{
  ctd_print_job_draw_page (job, gtk_print_context_get_cairo_context (context), (guint) page_nr,
                           gtk_print_context_get_width (context),
                           gtk_print_context_get_height (context));
}

/* A preview asked of the operation (GTK_PRINT_OPERATION_ACTION_PREVIEW, or
 * Preview in GTK's print dialog) opens the in-app preview: GTK 4.8's own
 * hands a PDF to an external viewer (evince), which a desk laptop may not
 * have. GTK wants a cairo context to lay pages out on; the preview window
 * draws on its own, so a 1×1 one does. The preview ends with the window. */
static gboolean
preview_cb (GtkPrintOperation        *operation,
            GtkPrintOperationPreview *preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            CtdPrintJob              *job)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *job_name = NULL;
  CtdPrintPreview *window;

  gtk_print_context_set_cairo_context (context, cr, 72, 72);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_object_get (operation, "job-name", &job_name, NULL);
  window = ctd_print_preview_new (parent, job, job_name,
                                  g_object_get_data (G_OBJECT (operation), "ctd-event-path"));
  g_signal_connect_object (window, "destroy", G_CALLBACK (gtk_print_operation_preview_end_preview),
                           preview, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (window));
  return TRUE;
}

/**
 * ctd_print_operation_new_for_job:
 * @job: what to print
 * @job_name: the job's name in the printer's queue
 *
 * A print operation for @job: one printed page per sheet, in points, on
 * the whole page (the sheets carry their own margins). Run it with
 * ctd_print_run(), which remembers the director's choices per event.
 *
 * Returns: (transfer full): the operation
 */
GtkPrintOperation *
ctd_print_operation_new_for_job (CtdPrintJob *job,
                                 const char  *job_name)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = NULL;

  g_return_val_if_fail (job != NULL, operation);

  ctd_print_job_ref (job);
  g_object_set_data_full (G_OBJECT (operation), "ctd-print-job", job,
                          (GDestroyNotify) ctd_print_job_unref);
  setup = default_page_setup (job);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_job_name (operation, job_name);
  gtk_print_operation_set_n_pages (operation, (int) ctd_print_job_get_n_pages (job));
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (request_page_setup_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "preview", G_CALLBACK (preview_cb), job);
  return operation;
}

/**
 * ctd_print_operation_new:
 * @doc: (transfer full): what to print, e.g. from ctd_report_chouette()
 * @job_name: the job's name in the printer's queue
 *
 * ctd_print_operation_new_for_job() on a new job for @doc.
 *
 * Returns: (transfer full): the operation
 */
GtkPrintOperation *
ctd_print_operation_new (CtdSheetDoc *doc,
                         const char  *job_name)
{
  g_autoptr(CtdPrintJob) job = NULL;

  g_return_val_if_fail (doc != NULL, gtk_print_operation_new ());

  job = ctd_print_job_new (doc);
  return ctd_print_operation_new_for_job (job, job_name);
}

/**
 * ctd_print_run:
 * @operation: from ctd_print_operation_new()
 * @event_path: (nullable): the event file printed from, whose printer and
 *   paper were remembered; %NULL remembers nothing
 * @action: as for gtk_print_operation_run()
 * @parent: (nullable): the window the print dialog belongs to
 * @error: return location for a #GError
 *
 * gtk_print_operation_run() with the printer, settings and paper last
 * chosen for this event; once the director printed from the print
 * dialog, their choices are remembered for the next print of the event.
 * %GTK_PRINT_OPERATION_ACTION_PREVIEW opens the in-app preview
 * (#CtdPrintPreview), as Preview in the print dialog does.
 * A failure to remember is only logged: the sheets are printed.
 *
 * Returns: what gtk_print_operation_run() returns
 *   (%GTK_PRINT_OPERATION_RESULT_IN_PROGRESS for a preview, shown)
 */
GtkPrintOperationResult
ctd_print_run (GtkPrintOperation        *operation,
               const char               *event_path,
               GtkPrintOperationAction   action,
               GtkWindow                *parent,
               GError                  **error)
{
  g_autoptr(GtkPrintSettings) settings = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GError) save_error = NULL;
  GtkPrintOperationResult result;

  g_return_val_if_fail (GTK_IS_PRINT_OPERATION (operation), GTK_PRINT_OPERATION_RESULT_ERROR);

  /* For the preview's own Print…. */
  g_object_set_data_full (G_OBJECT (operation), "ctd-event-path", g_strdup (event_path), g_free);
  /* Run to its end, a preview would hold a main loop until its window
   * closes: it returns at once, the window open. */
  if (action == GTK_PRINT_OPERATION_ACTION_PREVIEW)
    gtk_print_operation_set_allow_async (operation, TRUE);
  if (event_path != NULL && ctd_print_setup_load (event_path, &settings, &setup))
    {
      if (settings != NULL)
        gtk_print_operation_set_print_settings (operation, settings);
      if (setup != NULL)
        gtk_print_operation_set_default_page_setup (operation, setup);
    }
  result = gtk_print_operation_run (operation, action, parent, error);
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY && event_path != NULL &&
      (action == GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG ||
       action == GTK_PRINT_OPERATION_ACTION_PRINT) &&
      !ctd_print_setup_save (event_path, gtk_print_operation_get_print_settings (operation),
                             gtk_print_operation_get_default_page_setup (operation),
                             &save_error))
    g_warning ("%s", save_error->message);
  return result;
}

/* ---- remembered per event ----------------------------------------------- */

/**
 * ctd_print_setup_path:
 * @event_path: an event file
 *
 * Where the print settings of @event_path are kept: a key file under
 * the user's configuration folder, named by a hash of the event's full
 * path (an event name may hold any character; a path is unique).
 *
 * Returns: (transfer full) (type filename): the key file's path
 */
char *
ctd_print_setup_path (const char *event_path)
{
  g_autofree char *absolute = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *base = NULL;

  g_return_val_if_fail (event_path != NULL, NULL);

  absolute = g_canonicalize_filename (event_path, NULL);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, absolute, -1);
  base = g_strconcat (hash, ".ini", NULL);
  return g_build_filename (g_get_user_config_dir (), "chouette-td", "print", base, NULL);
}

/**
 * ctd_print_setup_load:
 * @event_path: an event file
 * @out_settings: (out) (transfer full) (nullable): the printer's
 *   settings last used for the event
 * @out_page_setup: (out) (transfer full) (nullable): its paper
 *
 * Returns: whether anything was remembered for @event_path
 */
gboolean
ctd_print_setup_load (const char        *event_path,
                      GtkPrintSettings **out_settings,
                      GtkPageSetup     **out_page_setup)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *path = NULL;

  g_return_val_if_fail (event_path != NULL && out_settings != NULL && out_page_setup != NULL,
                        FALSE);

  *out_settings = NULL;
  *out_page_setup = NULL;
  path = ctd_print_setup_path (event_path);
  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return FALSE;
  *out_settings = gtk_print_settings_new_from_key_file (key_file, NULL, NULL);
  *out_page_setup = gtk_page_setup_new_from_key_file (key_file, NULL, NULL);
  return *out_settings != NULL || *out_page_setup != NULL;
}

/**
 * ctd_print_setup_save:
 * @event_path: an event file
 * @settings: (nullable): the printer's settings
 * @page_setup: (nullable): the paper
 * @error: return location for a #GError
 *
 * Remembers @settings and @page_setup for the next print of @event_path.
 *
 * Returns: whether they were written
 */
gboolean
ctd_print_setup_save (const char        *event_path,
                      GtkPrintSettings  *settings,
                      GtkPageSetup      *page_setup,
                      GError           **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (event_path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = ctd_print_setup_path (event_path);
  dir = g_path_get_dirname (path);
  /* Which event the hash stands for, for a person reading the folder. */
  g_key_file_set_string (key_file, "Event", "path", event_path);
  if (settings != NULL)
    gtk_print_settings_to_key_file (settings, key_file, NULL);
  if (page_setup != NULL)
    gtk_page_setup_to_key_file (page_setup, key_file, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "The print settings could not be kept in “%s”: %s", dir,
                   g_strerror (saved_errno));
      return FALSE;
    }
  return g_key_file_save_to_file (key_file, path, error);
}
