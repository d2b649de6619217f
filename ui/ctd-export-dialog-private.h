/* ctd-export-dialog-private.h: what the Print or Export dialog's files share.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ctd-export-dialog.h"

G_BEGIN_DECLS

struct _CtdExportDialog
{
  GtkWindow       parent_instance;

  /* template widgets */
  GtkWidget      *choices_grid;
  GtkCheckButton *blank_check;
  GtkCheckButton *sheets_check;
  GtkCheckButton *standings_check;
  GtkCheckButton *chouette_check;
  GtkCheckButton *results_check;
  GtkCheckButton *all_check;
  GtkDropDown    *round_dropdown;
  GtkDropDown    *chouette_dropdown;
  GtkCheckButton *pdf_check;
  GtkCheckButton *public_check;
  GtkWidget      *print_button;
  GtkWidget      *export_button;
  GtkWidget      *progress_box;
  GtkProgressBar *progress_bar;
  GtkWidget      *cancel_button;
  GtkWidget      *message_box;
  GtkLabel       *message_label;
  GtkWidget      *open_button;

  /* owned */
  CtdDocument    *document;
  GCancellable   *cancellable;  /* while an export runs */
  GFile          *target;       /* the file being or last written */
};

gboolean ctd_export_dialog_get_what              (CtdExportDialog   *self,
                                                  CtdDocumentExport *out_what);
char    *ctd_export_dialog_describe_choice       (CtdExportDialog   *self);
void     ctd_export_dialog_show_message          (CtdExportDialog   *self,
                                                  const char        *text,
                                                  gboolean           is_error);
void     ctd_export_dialog_install_print_actions (GtkWidgetClass    *widget_class);

G_END_DECLS
