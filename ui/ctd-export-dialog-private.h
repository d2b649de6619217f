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
  /* (toggle buttons in groups, not radio check buttons: GTK 4.8 gives a
   * check button no accessible action, so a screen reader or a script
   * could not choose) */
  GtkToggleButton *blank_choice;
  GtkToggleButton *sheets_choice;
  GtkToggleButton *standings_choice;
  GtkToggleButton *chouette_choice;
  GtkToggleButton *slips_choice;
  GtkToggleButton *results_choice;
  GtkToggleButton *all_choice;
  GtkLabel       *all_label;
  GtkDropDown    *round_dropdown;
  GtkDropDown    *chouette_dropdown;
  GtkToggleButton *pdf_choice;
  GtkToggleButton *html_choice;
  GtkToggleButton *csv_choice;
  GtkSwitch      *public_switch;
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
  GCancellable   *cancellable;  /* while an export or a print's report runs */
  GFile          *target;       /* the file being or last written */
  gboolean        public_before_csv;  /* the switch as it was before CSV turned it on */
  char           *links_base;   /* the window's Table Entry address, read at each job
                                 * (ctd_export_dialog_follow_links_base()), or NULL:
                                 * then no link slips are offered */
};

gboolean ctd_export_dialog_get_what              (CtdExportDialog   *self,
                                                  CtdDocumentExport *out_what);
char    *ctd_export_dialog_describe_choice       (CtdExportDialog   *self);
CtdExportFormat ctd_export_dialog_chosen_format  (CtdExportDialog   *self);
char    *ctd_export_dialog_chosen_extension      (CtdExportDialog   *self);
void     ctd_export_dialog_follow_links_base     (CtdExportDialog   *self);
void     ctd_export_dialog_show_message          (CtdExportDialog   *self,
                                                  const char        *text,
                                                  gboolean           is_error);
void     ctd_export_dialog_set_busy              (CtdExportDialog   *self,
                                                  GCancellable      *cancellable);
void     ctd_export_dialog_install_print_actions (GtkWidgetClass    *widget_class);

G_END_DECLS
