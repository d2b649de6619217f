/* ctd-print-preview.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-print-preview"

#include "config.h"

#include "ctd-print-preview.h"

#include <glib/gi18n.h>

#include "ctd-ui.h"

/*
 * The pages as they will print, one at a time, on the paper last chosen
 * for the event, drawn by the printer's own code
 * (ctd_print_job_draw_page()) on the window: GTK 4.8's stock preview
 * hands a PDF to an external viewer (evince), which a desk laptop may not
 * have. Page Up and Page Down (or Previous and Next) turn the pages, Home
 * and End go to the first and the last, Print… opens the print dialog
 * for the same sheets, Escape closes.
 */

struct _CtdPrintPreview
{
  GtkWindow       parent_instance;

  /* template widgets */
  GtkDrawingArea *page_area;
  GtkLabel       *page_label;
  GtkLabel       *message_label;

  /* owned */
  CtdPrintJob    *job;
  char           *job_name;
  char           *event_path;
  GtkPageSetup   *setup;  /* the paper last chosen for the event, or NULL */
  guint           page;
};

G_DEFINE_FINAL_TYPE (CtdPrintPreview, ctd_print_preview, GTK_TYPE_WINDOW)

enum
{
  PAGE_DRAWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define PAPER_GAP 16.0  /* pixels of desk around the paper */

static void
update_page (CtdPrintPreview *self)
{
  guint n = ctd_print_job_get_n_pages (self->job);
  g_autofree char *text = g_strdup_printf (_("Page %u of %u"), self->page + 1, n);

  gtk_label_set_text (self->page_label, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.previous", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.first", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.next", self->page + 1 < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.last", self->page + 1 < n);
  gtk_widget_queue_draw (GTK_WIDGET (self->page_area));
}

/* The paper, as large as the window allows, with a shadow on the desk. */
static void
draw_page_cb (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  CtdPrintPreview *self = user_data;
  double paper_w, paper_h, scale, x, y;

  cairo_set_source_rgb (cr, 0.55, 0.57, 0.6);
  cairo_paint (cr);
  if (self->job == NULL)
    return;
  ctd_print_job_get_printed_size (self->job, self->page, self->setup, &paper_w, &paper_h);
  scale = MIN ((width - 2 * PAPER_GAP) / paper_w, (height - 2 * PAPER_GAP) / paper_h);
  if (scale <= 0)
    return;
  x = floor ((width - paper_w * scale) / 2);
  y = floor ((height - paper_h * scale) / 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_rectangle (cr, x + 3, y + 3, paper_w * scale, paper_h * scale);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, paper_w * scale, paper_h * scale);
  cairo_fill (cr);
  cairo_translate (cr, x, y);
  ctd_print_job_draw_page (self->job, cr, self->page, paper_w * scale, paper_h * scale);
  g_signal_emit (self, signals[PAGE_DRAWN], 0, self->page);
}

/**
 * ctd_print_preview_get_page:
 * @self: a preview
 *
 * Returns: the page shown, from 0
 */
guint
ctd_print_preview_get_page (CtdPrintPreview *self)
{
  g_return_val_if_fail (CTD_IS_PRINT_PREVIEW (self), 0);
  return self->page;
}

/**
 * ctd_print_preview_set_page:
 * @self: a preview
 * @page: the page to show, from 0; past the last, the last
 */
void
ctd_print_preview_set_page (CtdPrintPreview *self,
                            guint            page)
{
  guint n;

  g_return_if_fail (CTD_IS_PRINT_PREVIEW (self));

  n = ctd_print_job_get_n_pages (self->job);
  self->page = n == 0 ? 0 : MIN (page, n - 1);
  update_page (self);
}

/* ---- actions ---------------------------------------------------------- */

static void
turn_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdPrintPreview *self = CTD_PRINT_PREVIEW (widget);

  if (g_str_equal (action_name, "preview.previous") && self->page > 0)
    ctd_print_preview_set_page (self, self->page - 1);
  else if (g_str_equal (action_name, "preview.next"))
    ctd_print_preview_set_page (self, self->page + 1);
  else if (g_str_equal (action_name, "preview.first"))
    ctd_print_preview_set_page (self, 0);
  else if (g_str_equal (action_name, "preview.last"))
    ctd_print_preview_set_page (self, G_MAXUINT);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CtdPrintPreview *self = CTD_PRINT_PREVIEW (widget);
  g_autoptr(GtkPrintOperation) operation = ctd_print_operation_new_for_job (self->job,
                                                                            self->job_name);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  result = ctd_print_run (operation, self->event_path, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                          GTK_WINDOW (self), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      ctd_ui_show_message (self->message_label, NULL, error->message, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    gtk_window_close (GTK_WINDOW (self));
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_print_preview_dispose (GObject *object)
{
  CtdPrintPreview *self = CTD_PRINT_PREVIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_PRINT_PREVIEW);
  G_OBJECT_CLASS (ctd_print_preview_parent_class)->dispose (object);
}

static void
ctd_print_preview_finalize (GObject *object)
{
  CtdPrintPreview *self = CTD_PRINT_PREVIEW (object);

  g_clear_pointer (&self->job, ctd_print_job_unref);
  g_clear_object (&self->setup);
  g_free (self->job_name);
  g_free (self->event_path);
  G_OBJECT_CLASS (ctd_print_preview_parent_class)->finalize (object);
}

static void
ctd_print_preview_class_init (CtdPrintPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ctd_print_preview_dispose;
  object_class->finalize = ctd_print_preview_finalize;

  /**
   * CtdPrintPreview::page-drawn:
   * @self: the preview
   * @page: the page, from 0
   *
   * A page was drawn on the screen (for tests and the benchmark).
   */
  signals[PAGE_DRAWN] = g_signal_new ("page-drawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-print-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdPrintPreview, page_area);
  gtk_widget_class_bind_template_child (widget_class, CtdPrintPreview, page_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPrintPreview, message_label);
  gtk_widget_class_install_action (widget_class, "preview.previous", NULL, turn_action);
  gtk_widget_class_install_action (widget_class, "preview.next", NULL, turn_action);
  gtk_widget_class_install_action (widget_class, "preview.first", NULL, turn_action);
  gtk_widget_class_install_action (widget_class, "preview.last", NULL, turn_action);
  gtk_widget_class_install_action (widget_class, "preview.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "preview.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "preview.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "preview.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "preview.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ctd_print_preview_init (CtdPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->page_area, draw_page_cb, self, NULL);
}

/**
 * ctd_print_preview_new:
 * @parent: (nullable): the window it belongs to
 * @job: the sheets to show
 * @job_name: the print job's name, also the window's subtitle
 * @event_path: (nullable): the event file, whose print settings Print…
 *   uses and remembers
 *
 * Returns: (transfer none): the preview, not yet shown, on the first page
 */
CtdPrintPreview *
ctd_print_preview_new (GtkWindow   *parent,
                       CtdPrintJob *job,
                       const char  *job_name,
                       const char  *event_path)
{
  CtdPrintPreview *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (job != NULL, NULL);

  self = g_object_new (CTD_TYPE_PRINT_PREVIEW, "transient-for", parent, NULL);
  self->job = ctd_print_job_ref (job);
  self->job_name = g_strdup (job_name);
  self->event_path = g_strdup (event_path);
  /* The paper it will print on, as the print dialog last left it. */
  if (event_path != NULL)
    {
      g_autoptr(GtkPrintSettings) settings = NULL;

      ctd_print_setup_load (event_path, &settings, &self->setup);
    }
  /* TRANSLATORS: the preview window's title, e.g. "Print Preview: Spring Open, round 1" */
  title = g_strdup_printf (_("Print Preview: %s"), job_name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  ctd_print_preview_set_page (self, 0);
  /* The keys turn the pages from the start. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->page_area));
  return self;
}
