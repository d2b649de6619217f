/* ctd-export-dialog.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-export-dialog"

#include "config.h"

#include "ctd-export-dialog.h"
#include "ctd-export-dialog-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ctd-main-window.h"
#include "ctd-record-items.h"
#include "ctd-report.h"
#include "ctd-ui.h"

/*
 * Print or Export: what (a round's blank sheets, its filled sheets, its
 * standings, one chouette's sheet, the final results and settlements,
 * the whole event; public or not), then how. "Print…" opens the print
 * dialog, "Preview" an in-app preview (ctd-print-preview.c), both
 * drawing the sheets with the PDF export's code (ctd-print.c); "Export…"
 * asks where (the desktop's chooser), then the document writes the XLSX
 * or PDF file (or the results as CSV, for a club database) in a worker
 * thread while a progress bar follows it; Cancel
 * (or closing the dialog) stops it and leaves no file. The rounds and
 * chouettes offered are the document's own list models, so a round drawn
 * meanwhile appears here too. A round drawn and not started offers its
 * blank sheets first: the most common print job of the day.
 */

G_DEFINE_FINAL_TYPE (CtdExportDialog, ctd_export_dialog, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

CtdExportFormat
ctd_export_dialog_chosen_format (CtdExportDialog *self)
{
  if (gtk_toggle_button_get_active (self->html_choice))
    return CTD_EXPORT_HTML;
  if (gtk_toggle_button_get_active (self->csv_choice))
    return CTD_EXPORT_CSV;
  return gtk_toggle_button_get_active (self->pdf_choice) ? CTD_EXPORT_PDF : CTD_EXPORT_XLSX;
}

/* ".xlsx", ".pdf", ".html" or ".csv": the chosen format's extension. */
char *
ctd_export_dialog_chosen_extension (CtdExportDialog *self)
{
  return g_strconcat (".", ctd_export_format_to_string (ctd_export_dialog_chosen_format (self)), NULL);
}

static CtdRoundItem *
chosen_round (CtdExportDialog *self)
{
  return gtk_drop_down_get_selected_item (self->round_dropdown);
}

static CtdChouetteItem *
chosen_chouette (CtdExportDialog *self)
{
  return gtk_drop_down_get_selected_item (self->chouette_dropdown);
}

static gboolean
is_chosen (GtkToggleButton *choice)
{
  return gtk_toggle_button_get_active (choice);
}

/* A web page posts results (core/output/ctd-html-results.c): a round's
 * standings, the final results and settlements, or all of them; never a
 * scoring sheet nor a table's link. */
static gboolean
get_web_page (CtdExportDialog   *self,
              CtdDocumentExport *out_what)
{
  out_what->options.links_base = NULL;
  if (is_chosen (self->all_choice))
    out_what->options.part = CTD_REPORT_PART_POSTING;
  else if (is_chosen (self->standings_choice))
    out_what->options.part = CTD_REPORT_PART_STANDINGS;
  else if (!is_chosen (self->results_choice))
    return FALSE;
  return TRUE;
}

/* Whether the choice is one of a round's documents. */
static gboolean
wants_round (CtdExportDialog *self)
{
  return !is_chosen (self->all_choice) && !is_chosen (self->results_choice);
}

/* The round's link slips: the director's copy, under the address the
 * tables' phones reach the desk at. */
static void
get_slips (CtdExportDialog   *self,
           CtdDocumentExport *out_what)
{
  out_what->options.public_view = FALSE;
  out_what->options.part = CTD_REPORT_PART_SLIPS;
  out_what->options.links_base = self->links_base;
}

/* The scoring sheets carry each table's link while the window's Table
 * Entry serves (the address phones open then), none otherwise: read when
 * the dialog opens and when a job starts, so that a print follows a
 * server started or stopped while the dialog is open. A dialog of no
 * main window keeps the address its caller gave. */
void
ctd_export_dialog_follow_links_base (CtdExportDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autofree char *links_base = NULL;

  if (!CTD_IS_MAIN_WINDOW (parent))
    return;
  links_base = ctd_main_window_dup_links_base (CTD_MAIN_WINDOW (parent));
  ctd_export_dialog_set_links_base (self, links_base);
}

/* What the choices ask for; FALSE while a round or chouette is wanted
 * and none is selected. */
gboolean
ctd_export_dialog_get_what (CtdExportDialog   *self,
                            CtdDocumentExport *out_what)
{
  memset (out_what, 0, sizeof *out_what);
  /* The results for a club database: the chosen round's (its standings
   * chosen) or every round's, always a public copy (they leave the desk;
   * ctd_results_csv_build()). */
  if (is_chosen (self->csv_choice))
    {
      out_what->options.public_view = TRUE;
      if (is_chosen (self->all_choice))
        return TRUE;
      if (!is_chosen (self->standings_choice) || chosen_round (self) == NULL)
        return FALSE;
      out_what->round = ctd_round_item_get_number (chosen_round (self));
      return TRUE;
    }
  out_what->options.public_view = gtk_switch_get_active (self->public_switch);
  /* A public copy is posted: it never carries the links (the secrets). */
  if (!out_what->options.public_view)
    out_what->options.links_base = self->links_base;
  if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_HTML && !get_web_page (self, out_what))
    return FALSE;
  if (is_chosen (self->all_choice))
    return TRUE;
  if (is_chosen (self->results_choice))
    {
      out_what->options.part = CTD_REPORT_PART_RESULTS;
      return TRUE;
    }
  if (chosen_round (self) == NULL)
    return FALSE;
  out_what->round = ctd_round_item_get_number (chosen_round (self));
  if (is_chosen (self->blank_choice))
    {
      /* No score on a blank sheet: nothing to keep secret. */
      out_what->options.public_view = FALSE;
      out_what->options.links_base = self->links_base;
      out_what->options.blank = TRUE;
      out_what->options.part = CTD_REPORT_PART_SHEETS;
      return TRUE;
    }
  if (is_chosen (self->slips_choice))
    {
      get_slips (self, out_what);
      return TRUE;
    }
  if (is_chosen (self->sheets_choice) || is_chosen (self->standings_choice))
    {
      out_what->options.part = is_chosen (self->sheets_choice) ? CTD_REPORT_PART_SHEETS
                                                               : CTD_REPORT_PART_STANDINGS;
      return TRUE;
    }
  if (chosen_chouette (self) == NULL)
    return FALSE;
  out_what->chouette = ctd_chouette_item_get_number (chosen_chouette (self));
  return TRUE;
}

static void
update_controls (CtdExportDialog *self)
{
  GListModel *rounds = gtk_drop_down_get_model (self->round_dropdown);
  GListModel *chouettes = gtk_drop_down_get_model (self->chouette_dropdown);
  gboolean has_rounds = rounds != NULL && g_list_model_get_n_items (rounds) > 0;
  gboolean has_chouettes = chouettes != NULL && g_list_model_get_n_items (chouettes) > 0;
  gboolean busy = self->cancellable != NULL;
  gboolean csv = is_chosen (self->csv_choice);
  CtdDocumentExport what;

  GtkToggleButton *round_choices[] = { self->blank_choice, self->sheets_choice,
                                       self->standings_choice, self->chouette_choice,
                                       self->slips_choice };
  gboolean round_chosen = FALSE;
  gboolean web_page = ctd_export_dialog_chosen_format (self) == CTD_EXPORT_HTML;
  gboolean ready;

  /* Before the first draw, the whole event is all there is. (A round's
   * document chosen, not the moment inside a switch between two choices
   * when none is active: forcing one then would leave two.) */
  for (guint i = 0; i < G_N_ELEMENTS (round_choices); i++)
    round_chosen |= is_chosen (round_choices[i]);
  if (!has_rounds && round_chosen)
    gtk_toggle_button_set_active (self->all_choice, TRUE);
  /* A web page holds no sheet: a round's sheets chosen, the web page
   * takes the round's standings. */
  else if (web_page && round_chosen && !is_chosen (self->standings_choice))
    gtk_toggle_button_set_active (self->standings_choice, TRUE);
  /* What the whole event holds as a web page or a CSV file: no sheet
   * and no log. */
  gtk_label_set_text_with_mnemonic (self->all_label,
                                    web_page || csv
                                    ? _("The _whole event (every round's standings, "
                                        "the final results, the settlements)")
                                    : _("The _whole event (every round, results, "
                                        "settlements, the log)"));
  gtk_widget_set_sensitive (self->choices_grid, !busy);
  /* A CSV file holds results: a round's (its standings) or the event's. */
  for (guint i = 0; i < G_N_ELEMENTS (round_choices); i++)
    gtk_widget_set_sensitive (GTK_WIDGET (round_choices[i]),
                              has_rounds && (!(web_page || csv) ||
                                             round_choices[i] == self->standings_choice));
  gtk_widget_set_sensitive (GTK_WIDGET (self->results_choice), !csv);
  gtk_widget_set_sensitive (GTK_WIDGET (self->round_dropdown), has_rounds && wants_round (self));
  gtk_widget_set_sensitive (GTK_WIDGET (self->chouette_dropdown),
                            has_chouettes && is_chosen (self->chouette_choice));
  /* (the switch with its label) */
  gtk_widget_set_sensitive (gtk_widget_get_parent (GTK_WIDGET (self->public_switch)),
                            !is_chosen (self->blank_choice) && !is_chosen (self->slips_choice) &&
                            !csv);
  ready = !busy && self->document != NULL && ctd_export_dialog_get_what (self, &what);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.choose", ready);
  /* A CSV file is data for a database, not paper. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.print", ready && !csv);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.preview", ready && !csv);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.cancel", busy);
  gtk_widget_set_visible (self->cancel_button, busy);
}

/* (also while the template is built or torn down: then there is no
 * document, and nothing to update) */
static void
choice_toggled_cb (CtdExportDialog *self)
{
  if (self->document != NULL)
    update_controls (self);
}

/* A choice the CSV file cannot hold gives way to the round's standings
 * (the whole event's results after the final results). The public
 * switch shows what the file is, a public copy, and comes back as it
 * was with another format. */
static void
csv_toggled_cb (CtdExportDialog *self)
{
  if (self->document == NULL)
    return;
  if (!is_chosen (self->csv_choice))
    {
      gtk_switch_set_active (self->public_switch, self->public_before_csv);
      return;
    }
  self->public_before_csv = gtk_switch_get_active (self->public_switch);
  gtk_switch_set_active (self->public_switch, TRUE);
  if (!is_chosen (self->standings_choice) && !is_chosen (self->all_choice))
    gtk_toggle_button_set_active (wants_round (self) ? self->standings_choice : self->all_choice,
                                  TRUE);
  update_controls (self);
}

/* The chouettes offered are the selected round's. */
static void
round_dropdown_selected_cb (CtdExportDialog *self)
{
  CtdRoundItem *round;
  GListModel *chouettes = NULL;

  if (self->document == NULL)
    return;
  round = chosen_round (self);
  if (round != NULL)
    chouettes = ctd_document_get_chouettes (self->document, ctd_round_item_get_number (round));
  gtk_drop_down_set_model (self->chouette_dropdown, chouettes);
  update_controls (self);
}

static void
chouette_dropdown_selected_cb (CtdExportDialog *self)
{
  choice_toggled_cb (self);
}

static void
rounds_items_changed_cb (CtdExportDialog *self)
{
  update_controls (self);
}

void
ctd_export_dialog_show_message (CtdExportDialog *self,
                                const char      *text,
                                gboolean         is_error)
{
  ctd_ui_show_message (self->message_label, NULL, text, is_error);
  gtk_widget_set_visible (self->message_box, TRUE);
}

/* An export or a print being prepared runs until @cancellable (NULL:
 * none runs); meanwhile the choices wait and Cancel stops it. */
void
ctd_export_dialog_set_busy (CtdExportDialog *self,
                            GCancellable    *cancellable)
{
  g_set_object (&self->cancellable, cancellable);
  update_controls (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* ---- choosing a chouette ---------------------------------------------- */

/* The position of the item whose number is @number in @model, or
 * GTK_INVALID_LIST_POSITION. */
static guint
find_numbered (GListModel *model,
               guint       number,
               guint     (*get_number) (gpointer item))
{
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (get_number (item) == number)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static guint
round_number (gpointer item)
{
  return ctd_round_item_get_number (item);
}

static guint
chouette_number (gpointer item)
{
  return ctd_chouette_item_get_number (item);
}

/**
 * ctd_export_dialog_select_chouette:
 * @self: an export dialog
 * @round: a round
 * @number: a chouette of @round
 *
 * Chooses "One chouette" with chouette @round.@number, as its page's
 * "Export Sheet…" opens the dialog: the format and the file are the
 * director's next choice, and the export button has the focus.
 *
 * Returns: whether the chouette is among those offered
 */
gboolean
ctd_export_dialog_select_chouette (CtdExportDialog *self,
                                   guint            round,
                                   guint            number)
{
  guint position;

  g_return_val_if_fail (CTD_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (self->cancellable == NULL, FALSE);

  position = find_numbered (gtk_drop_down_get_model (self->round_dropdown), round, round_number);
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  /* The chouettes offered follow the round (round_dropdown_selected_cb). */
  gtk_drop_down_set_selected (self->round_dropdown, position);
  position = find_numbered (gtk_drop_down_get_model (self->chouette_dropdown), number,
                            chouette_number);
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  gtk_drop_down_set_selected (self->chouette_dropdown, position);
  gtk_toggle_button_set_active (self->chouette_choice, TRUE);
  update_controls (self);
  gtk_window_set_focus (GTK_WINDOW (self), self->export_button);
  return TRUE;
}

/* ---- actions ---------------------------------------------------------- */

static void
file_chosen (GFile    *file,
             gpointer  user_data)
{
  CtdExportDialog *self = user_data;

  if (file != NULL && self->cancellable == NULL)
    ctd_export_dialog_export_to (self, file);
}

static char *
suggest_name (CtdExportDialog *self)
{
  g_autofree char *name = ctd_export_dialog_describe_choice (self);
  g_autofree char *extension = ctd_export_dialog_chosen_extension (self);

  return g_strconcat (name, extension, NULL);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = suggest_name (self);

  if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_HTML)
    {
      gtk_file_filter_set_name (filter, _("Web pages (HTML)"));
      gtk_file_filter_add_pattern (filter, "*.html");
    }
  else if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_PDF)
    {
      gtk_file_filter_set_name (filter, _("PDF documents"));
      gtk_file_filter_add_pattern (filter, "*.pdf");
    }
  else if (ctd_export_dialog_chosen_format (self) == CTD_EXPORT_CSV)
    {
      gtk_file_filter_set_name (filter, _("Comma-separated values (CSV)"));
      gtk_file_filter_add_pattern (filter, "*.csv");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("Spreadsheets (XLSX)"));
      gtk_file_filter_add_pattern (filter, "*.xlsx");
    }
  ctd_ui_choose_file (widget, _("Export"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), filter,
                      name, file_chosen, G_OBJECT (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (widget);

  g_cancellable_cancel (self->cancellable);
}

static void
show_uri_ready_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CtdExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (self), result, &error) &&
      self->document != NULL)
    ctd_export_dialog_show_message (self, error->message, TRUE);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (widget);
  g_autofree char *uri = NULL;

  if (self->target == NULL)
    return;
  uri = g_file_get_uri (self->target);
  gtk_show_uri_full (GTK_WINDOW (self), uri, GDK_CURRENT_TIME, NULL, show_uri_ready_cb,
                     g_object_ref (self));
}

/* ---- the object -------------------------------------------------------- */

/* Closing stops a running export; it then leaves no file. */
static gboolean
close_request_cb (CtdExportDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  return FALSE;
}

static void
ctd_export_dialog_dispose (GObject *object)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (ctd_document_get_rounds (self->document), self);
  /* First: callbacks still to come see that the dialog is gone. */
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (ctd_export_dialog_parent_class)->dispose (object);
}

static void
ctd_export_dialog_finalize (GObject *object)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (object);

  g_clear_object (&self->target);
  g_free (self->links_base);
  G_OBJECT_CLASS (ctd_export_dialog_parent_class)->finalize (object);
}

static void
ctd_export_dialog_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CtdExportDialog *self = CTD_EXPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_export_dialog_class_init (CtdExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ctd_export_dialog_dispose;
  object_class->finalize = ctd_export_dialog_finalize;
  object_class->get_property = ctd_export_dialog_get_property;

  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CTD_TYPE_ROUND_ITEM);
  g_type_ensure (CTD_TYPE_CHOUETTE_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, choices_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, blank_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, sheets_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, standings_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, chouette_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, slips_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, results_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, all_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, all_label);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, chouette_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, pdf_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, html_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, csv_choice);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, public_switch);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, print_button);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, progress_box);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, message_box);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdExportDialog, open_button);
  gtk_widget_class_bind_template_callback (widget_class, choice_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, csv_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, round_dropdown_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, chouette_dropdown_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_request_cb);
  gtk_widget_class_install_action (widget_class, "export.choose", NULL, choose_action);
  ctd_export_dialog_install_print_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "export.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "export.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ctd_export_dialog_init (CtdExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_name_drop_down (self->round_dropdown, _("Round"));
  ctd_ui_name_drop_down (self->chouette_dropdown, _("Chouette"));
}

/**
 * ctd_export_dialog_new:
 * @parent: the window it belongs to
 * @document: the event to export
 *
 * Returns: (transfer none): the dialog, not yet shown, offering the
 *   newest round when there is one: its blank sheets before its play,
 *   its filled sheets after
 */
CtdExportDialog *
ctd_export_dialog_new (GtkWindow   *parent,
                       CtdDocument *document)
{
  CtdExportDialog *self;
  GListModel *rounds;
  guint n_rounds;

  g_return_val_if_fail (CTD_IS_DOCUMENT (document), NULL);

  self = g_object_new (CTD_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  rounds = ctd_document_get_rounds (document);
  g_signal_connect_object (rounds, "items-changed", G_CALLBACK (rounds_items_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_drop_down_set_model (self->round_dropdown, rounds);
  n_rounds = g_list_model_get_n_items (rounds);
  round_dropdown_selected_cb (self);
  /* Link slips are offered while the window serves the tables. */
  ctd_export_dialog_follow_links_base (self);
  if (n_rounds > 0)
    {
      g_autoptr(CtdRoundItem) newest = g_list_model_get_item (rounds, n_rounds - 1);
      GtkToggleButton *choice = self->sheets_choice;

      /* A director most often prints the round at hand: before its play,
       * its blank sheets. */
      if (ctd_round_item_get_state (newest) == CTD_ROUND_DRAWN)
        choice = self->blank_choice;
      gtk_drop_down_set_selected (self->round_dropdown, n_rounds - 1);
      gtk_toggle_button_set_active (choice, TRUE);
      /* The choice, not the header bar's Close, has the focus first. */
      gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (choice));
    }
  else
    gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->all_choice));
  return self;
}

/**
 * ctd_export_dialog_set_links_base:
 * @self: the dialog
 * @links_base: (nullable): the address the desk serves the tables'
 *   links at, http://ADDRESS:PORT, or %NULL while it serves none
 *
 * Offers a round's link slips while the tables have links to reach the
 * desk at, and only then: a slip printed under no address, or one the
 * desk no longer listens on, would send its table nowhere. With %NULL a
 * chosen slips choice gives way to the round's filled sheets.
 */
void
ctd_export_dialog_set_links_base (CtdExportDialog *self,
                                  const char      *links_base)
{
  g_return_if_fail (CTD_IS_EXPORT_DIALOG (self));

  g_free (self->links_base);
  self->links_base = g_strdup (links_base);
  if (links_base == NULL && is_chosen (self->slips_choice))
    gtk_toggle_button_set_active (self->sheets_choice, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->slips_choice), links_base != NULL);
  update_controls (self);
}
