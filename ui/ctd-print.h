/* ctd-print.h: official sheets and reports on the printer.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

/* A document cut into sheets of paper, shared by the printer and the
 * preview: both draw its pages with the PDF export's own code. */
typedef struct _CtdPrintJob CtdPrintJob;

CtdPrintJob       *ctd_print_job_new            (CtdSheetDoc        *doc);
CtdPrintJob       *ctd_print_job_ref            (CtdPrintJob        *job);
void               ctd_print_job_unref          (CtdPrintJob        *job);
const CtdSheetDoc *ctd_print_job_get_doc        (CtdPrintJob        *job);
guint              ctd_print_job_get_n_pages    (CtdPrintJob        *job);
void               ctd_print_job_get_page_size  (CtdPrintJob        *job,
                                                 guint               page,
                                                 double             *out_width,
                                                 double             *out_height);
void               ctd_print_job_get_printed_size (CtdPrintJob  *job,
                                                   guint         page,
                                                   GtkPageSetup *setup,
                                                   double       *out_width,
                                                   double       *out_height);
void               ctd_print_job_draw_page      (CtdPrintJob        *job,
                                                 cairo_t            *cr,
                                                 guint               page,
                                                 double              width,
                                                 double              height);

GtkPrintOperation *ctd_print_operation_new      (CtdSheetDoc        *doc,
                                                 const char         *job_name);
GtkPrintOperation *ctd_print_operation_new_for_job (CtdPrintJob     *job,
                                                    const char      *job_name);
GtkPrintOperationResult
                   ctd_print_run                (GtkPrintOperation  *operation,
                                                 const char         *event_path,
                                                 GtkPrintOperationAction action,
                                                 GtkWindow          *parent,
                                                 GError            **error);

char              *ctd_print_setup_path         (const char         *event_path);
gboolean           ctd_print_setup_load         (const char         *event_path,
                                                 GtkPrintSettings  **out_settings,
                                                 GtkPageSetup      **out_page_setup);
gboolean           ctd_print_setup_save         (const char         *event_path,
                                                 GtkPrintSettings   *settings,
                                                 GtkPageSetup       *page_setup,
                                                 GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdPrintJob, ctd_print_job_unref)

G_END_DECLS
