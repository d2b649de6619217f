/* ctd-display-window.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-display-window"

#include "config.h"

#include "ctd-display-window-private.h"

#include <glib/gi18n.h>

#include "ctd-ui.h"

/*
 * The public display: a second window for a projector or a TV in the
 * playing room. It shows core's public posting of the event
 * (ctd_display_new()): the current round's progress per chouette, its
 * standings and who advances once the round is released, and the
 * final's placings once it is complete. It decides nothing: what may be shown, core says.
 * It has no control; the director's keys are F11 (fullscreen), Escape
 * (leave fullscreen), Page Down (the next page of standings too long
 * for one screen) and Ctrl+W (close). It shows the document's display
 * view (ctd_document_get_display_view()), which the document keeps up
 * to date, other programs' writes included (it polls the file several
 * times a second): its lines are bound, its cards and standings drawn
 * again on its "changed".
 */

/* The type is scaled to the window, so that nothing is cut from
 * 1024x600 to 4K: every size is a multiple of one unit, the standings'
 * type in pixels (each label and box says its multiple, see
 * set_scale()), and the unit is the largest at which all of it fits,
 * found by measuring (fit()). Standings too long for one column go on
 * in up to MAX_BLOCKS blocks side by side, as many as make the type
 * largest. A field so large that even MIN_UNIT does not fit (over
 * about 80 players on 1024x600) is shown in pages that turn every
 * PAGE_SECONDS: every player finds their line, which the top part
 * alone would not give them. */
#define MAX_BLOCKS 4
#define MIN_UNIT 14
#define PAGE_SECONDS 10

G_DEFINE_FINAL_TYPE (CtdDisplayWindow, ctd_display_window, GTK_TYPE_WINDOW)

/* ---- the type, fitted to the window ------------------------------------- */

static void
apply_unit (CtdDisplayWindow *self,
            int               unit)
{
  self->unit = unit;
  gtk_widget_set_margin_top (self->content_box, ctd_display_window_scaled (unit, 80));
  gtk_widget_set_margin_bottom (self->content_box, ctd_display_window_scaled (unit, 80));
  gtk_widget_set_margin_start (self->content_box, ctd_display_window_scaled (unit, 90));
  gtk_widget_set_margin_end (self->content_box, ctd_display_window_scaled (unit, 90));
  gtk_flow_box_set_column_spacing (self->chouettes_box, ctd_display_window_scaled (unit, 60));
  gtk_flow_box_set_row_spacing (self->chouettes_box, ctd_display_window_scaled (unit, 60));
  gtk_grid_set_column_spacing (self->standings_grid, ctd_display_window_scaled (unit, 60));
  gtk_grid_set_row_spacing (self->standings_grid, ctd_display_window_scaled (unit, 10));
  ctd_display_window_scale_tree (self->content_box, unit);
  ctd_display_window_place_rows (self);
}

/* Whether all of the display fits @width x @height at the unit applied;
 * @ratio is how far it is off (below 1 when too large). Across, the
 * standings want their natural width (no name shortened) and the rest
 * its least (the headings wrap); down, what that width takes. */
static gboolean
fits (CtdDisplayWindow *self,
      int               width,
      int               height,
      double           *ratio)
{
  int least = 0;
  int across = 0;
  int down = 0;

  gtk_widget_measure (self->content_box, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL,
                      NULL);
  if (gtk_widget_get_visible (GTK_WIDGET (self->standings_grid)))
    gtk_widget_measure (GTK_WIDGET (self->standings_grid), GTK_ORIENTATION_HORIZONTAL, -1,
                        NULL, &across, NULL, NULL);
  across += gtk_widget_get_margin_start (self->content_box) +
            gtk_widget_get_margin_end (self->content_box);
  across = MAX (across, least);
  gtk_widget_measure (self->content_box, GTK_ORIENTATION_VERTICAL, MAX (width, across), NULL,
                      &down, NULL, NULL);
  *ratio = MIN ((double) width / MAX (across, 1), (double) height / MAX (down, 1));
  return across <= width && down <= height;
}

/* The largest unit up to @top at which all fits in @n_blocks blocks;
 * 0 when not even MIN_UNIT does. A search by halves: the cards reflow,
 * so the size needed is not proportional to the unit. */
static int
fit_unit (CtdDisplayWindow *self,
          guint             n_blocks,
          int               width,
          int               height,
          int               top)
{
  int fitting = MIN_UNIT;
  int too_large = top + 1;
  double ratio;

  self->n_blocks = n_blocks;
  apply_unit (self, MIN_UNIT);
  if (!fits (self, width, height, &ratio))
    return 0;
  while (too_large - fitting > 1)
    {
      int unit = fitting + (too_large - fitting) / 2;

      apply_unit (self, unit);
      if (fits (self, width, height, &ratio))
        fitting = unit;
      else
        too_large = unit;
    }
  return fitting;
}

static gboolean
turn_page_cb (gpointer user_data);

/* The unit, the blocks and the pages at which all of the display fits
 * the window: the largest type, then the fewest pages. */
static void
fit (CtdDisplayWindow *self)
{
  /* The window's child, not bound: the window unparents it itself. */
  GtkWidget *scroller = gtk_window_get_child (GTK_WINDOW (self));
  int width = scroller != NULL ? gtk_widget_get_width (scroller) : 0;
  int height = scroller != NULL ? gtk_widget_get_height (scroller) : 0;
  guint n_rows = self->display != NULL ? self->display->rows->len : 0;
  /* Four placings or one table's standings read best in one column. */
  guint max_blocks = self->display != NULL && self->display->stage == CTD_STAGE_FINAL
                       ? 1 : MAX_BLOCKS;
  int top = MAX (MIN_UNIT, MIN (height / 16, width / 28));
  guint page = self->page;
  int best = 0;
  guint best_blocks = 1;

  if (width <= 1 || height <= 1)
    return;
  self->fitted_width = width;
  self->fitted_height = height;
  for (self->n_pages = 1; ; self->n_pages++)
    {
      guint per_page = ctd_display_window_rows_per_page (self);

      self->page = MIN (page, self->n_pages - 1);
      if (n_rows > 0)
        ctd_display_window_fill_standings (self);
      for (guint b = 1; b <= max_blocks && (b == 1 || b <= per_page); b++)
        {
          int unit = fit_unit (self, b, width, height, top);

          if (unit > best)
            {
              best = unit;
              best_blocks = b;
            }
        }
      if (best > 0 || per_page <= 1)
        break;
    }
  self->n_blocks = best_blocks;
  apply_unit (self, best > 0 ? best : MIN_UNIT);
  if (self->n_pages > 1 && self->page_id == 0)
    self->page_id = g_timeout_add_seconds (PAGE_SECONDS, turn_page_cb, self);
  else if (self->n_pages <= 1)
    g_clear_handle_id (&self->page_id, g_source_remove);
}

static gboolean
turn_page_cb (gpointer user_data)
{
  CtdDisplayWindow *self = user_data;

  if (self->display == NULL || self->n_pages <= 1)
    {
      self->page_id = 0;
      return G_SOURCE_REMOVE;
    }
  self->page = (self->page + 1) % self->n_pages;
  /* Its names may be longer than the last page's. */
  fit (self);
  return self->page_id != 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Page Down: the director turns the page now; the next turns by
 * themselves follow from here. */
static void
next_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CtdDisplayWindow *self = CTD_DISPLAY_WINDOW (widget);

  if (self->page_id == 0)
    return;
  g_source_remove (self->page_id);
  self->page_id = g_timeout_add_seconds (PAGE_SECONDS, turn_page_cb, self);
  turn_page_cb (self);
}

static gboolean
fit_idle_cb (gpointer user_data)
{
  CtdDisplayWindow *self = user_data;

  self->fit_id = 0;
  fit (self);
  return G_SOURCE_REMOVE;
}

/* A new size (the window resized, made fullscreen, moved to another
 * monitor): the type is fitted again, once the size is known. */
static void
ctd_display_window_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  CtdDisplayWindow *self = CTD_DISPLAY_WINDOW (widget);
  GtkWidget *scroller = gtk_window_get_child (GTK_WINDOW (self));

  GTK_WIDGET_CLASS (ctd_display_window_parent_class)->size_allocate (widget, width, height,
                                                                     baseline);
  if (self->fit_id == 0 && scroller != NULL &&
      (gtk_widget_get_width (scroller) != self->fitted_width ||
       gtk_widget_get_height (scroller) != self->fitted_height))
    self->fit_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, fit_idle_cb, self, NULL);
}

/* ---- what the room reads ------------------------------------------------ */

/* Draws the view's content: the chouettes' cards and the standings,
 * then fits them to the window. (The title and the status line are
 * bound to the view.) */
static void
show_display (CtdDisplayWindow *self)
{
  const CtdDisplay *display = self->display;
  gboolean rows = display->rows->len > 0;
  /* Once a round's standings are up, its tables have all finished:
   * the room reads the standings, except at the final's one table. */
  gboolean cards = display->mode == CTD_DISPLAY_PROGRESS ||
                   (display->mode == CTD_DISPLAY_STANDINGS && display->stage == CTD_STAGE_FINAL);

  ctd_display_window_fill_chouettes (self, display);
  gtk_widget_set_visible (GTK_WIDGET (self->chouettes_box), cards);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_title), rows);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_grid), rows);
  if (display->mode == CTD_DISPLAY_PLACINGS)
    gtk_widget_add_css_class (GTK_WIDGET (self->standings_grid), "placings");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->standings_grid), "placings");
  gtk_widget_set_halign (GTK_WIDGET (self->standings_grid),
                         display->mode == CTD_DISPLAY_PLACINGS ? GTK_ALIGN_CENTER
                                                               : GTK_ALIGN_START);
  gtk_label_set_xalign (self->standings_title, display->mode == CTD_DISPLAY_PLACINGS ? 0.5 : 0);
  self->n_pages = 1;
  ctd_display_window_clear_standings (self);
  gtk_label_set_text (self->standings_title, "");
  if (rows)
    ctd_display_window_fill_standings (self);
  /* Fitted once a burst of changes is drawn, before the next frame. */
  if (self->fit_id == 0)
    self->fit_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, fit_idle_cb, self, NULL);
}

/* No event open (the main window closed it), or a file that cannot be
 * read now: the display shows nothing it cannot vouch for. */
static void
show_nothing (CtdDisplayWindow *self,
              const char       *why)
{
  g_binding_group_set_source (self->bindings, NULL);
  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->view);
  self->display = NULL;
  gtk_label_set_text (self->event_label, _("Chouette TD"));
  gtk_label_set_text (self->round_label, "");
  gtk_label_set_text (self->status_label, why);
  ctd_display_window_clear_chouettes (self);
  ctd_display_window_clear_standings (self);
  gtk_label_set_text (self->standings_title, "");
  gtk_widget_set_visible (GTK_WIDGET (self->standings_title), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_grid), FALSE);
  fit (self);
}

/* The view's content changed: what is drawn is the new one from now on
 * (the old is gone), drawn at once so that the cards and standings
 * never disagree with the lines above them. (The view says "changed"
 * only when the content did change.) */
static void
view_changed_cb (CtdDisplayWindow *self,
                 CtdDisplayView   *view)
{
  self->display = ctd_display_view_get_content (view);
  show_display (self);
}

/* Follows @document's display view, or shows why there is none. */
static void
follow (CtdDisplayWindow *self,
        CtdDocument      *document)
{
  g_autoptr(GError) error = NULL;
  CtdDisplayView *view;

  if (document == NULL)
    {
      show_nothing (self, _("No event is open."));
      return;
    }
  view = ctd_document_get_display_view (document, &error);
  if (view == NULL)
    {
      g_autofree char *why = g_strdup_printf (_("The event cannot be read just now: %s"),
                                              error->message);

      show_nothing (self, why);
      return;
    }
  g_set_object (&self->view, view);
  self->display = ctd_display_view_get_content (view);
  g_binding_group_set_source (self->bindings, view);
  g_signal_group_set_target (self->signals, view);
  show_display (self);
}

/* ---- fullscreen, on a monitor of its own -------------------------------- */

static void
toggle_fullscreen_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
leave_fullscreen_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  gtk_window_unfullscreen (GTK_WINDOW (widget));
}

/* A monitor other than @owner's, or NULL when there is only one;
 * borrowed: the display's list of monitors keeps it. */
static GdkMonitor *
other_monitor (GtkWindow *owner)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (owner));
  GListModel *monitors = gdk_display_get_monitors (display);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (owner));
  GdkMonitor *own = surface != NULL ? gdk_display_get_monitor_at_surface (display, surface)
                                    : NULL;
  guint n = g_list_model_get_n_items (monitors);

  for (guint i = 0; i < n && n > 1; i++)
    {
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, i);

      if (monitor != own && (own != NULL || i > 0))
        return monitor;
    }
  return NULL;
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_display_window_dispose (GObject *object)
{
  CtdDisplayWindow *self = CTD_DISPLAY_WINDOW (object);

  g_clear_handle_id (&self->fit_id, g_source_remove);
  g_clear_handle_id (&self->page_id, g_source_remove);
  if (self->bindings != NULL)
    g_binding_group_set_source (self->bindings, NULL);
  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  self->display = NULL;
  g_clear_object (&self->view);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_DISPLAY_WINDOW);
  G_OBJECT_CLASS (ctd_display_window_parent_class)->dispose (object);
}

static void
ctd_display_window_class_init (CtdDisplayWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_display_window_dispose;
  widget_class->size_allocate = ctd_display_window_size_allocate;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-display-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, title_box);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, event_label);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, round_label);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, chouettes_box);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, standings_title);
  gtk_widget_class_bind_template_child (widget_class, CtdDisplayWindow, standings_grid);

  gtk_widget_class_install_action (widget_class, "display.toggle-fullscreen", NULL,
                                   toggle_fullscreen_action);
  gtk_widget_class_install_action (widget_class, "display.leave-fullscreen", NULL,
                                   leave_fullscreen_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0,
                                       "display.toggle-fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "display.leave-fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "display.next-page", NULL, next_page_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0,
                                       "display.next-page", NULL);
}

static void
ctd_display_window_init (CtdDisplayWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The template's type and spacing, in hundredths of the unit. */
  ctd_display_window_set_scale (self->content_box, 50);
  ctd_display_window_set_scale (self->title_box, 120);
  ctd_display_window_set_scale (GTK_WIDGET (self->event_label), 140);
  ctd_display_window_set_scale (GTK_WIDGET (self->round_label), 105);
  ctd_display_window_set_scale (GTK_WIDGET (self->status_label), 80);
  ctd_display_window_set_scale (GTK_WIDGET (self->standings_title), 105);
  self->n_blocks = 1;
  self->n_pages = 1;

  self->bindings = g_binding_group_new ();
  g_binding_group_bind (self->bindings, "event-name", self->event_label, "label",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->bindings, "round-title", self->round_label, "label",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->bindings, "status", self->status_label, "label",
                        G_BINDING_SYNC_CREATE);
  self->signals = g_signal_group_new (CTD_TYPE_DISPLAY_VIEW);
  g_signal_group_connect_object (self->signals, "changed", G_CALLBACK (view_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  follow (self, NULL);
}

/**
 * ctd_display_window_new:
 * @document: (nullable): the event to show
 *
 * Returns: (transfer none): a new public display, not yet shown; like
 *   every toplevel, GTK keeps it until it is destroyed
 */
CtdDisplayWindow *
ctd_display_window_new (CtdDocument *document)
{
  CtdDisplayWindow *self = g_object_new (CTD_TYPE_DISPLAY_WINDOW, NULL);

  ctd_display_window_set_document (self, document);
  return self;
}

/**
 * ctd_display_window_set_document:
 * @self: a display
 * @document: (nullable): the event to show, %NULL for none
 *
 * Shows @document's public posting from now on, kept up to date.
 */
void
ctd_display_window_set_document (CtdDisplayWindow *self,
                                 CtdDocument      *document)
{
  g_return_if_fail (CTD_IS_DISPLAY_WINDOW (self));
  g_return_if_fail (document == NULL || CTD_IS_DOCUMENT (document));

  g_set_object (&self->document, document);
  follow (self, document);
}

/**
 * ctd_display_window_get_document:
 * @self: a display
 *
 * Returns: (transfer none) (nullable): the event shown
 */
CtdDocument *
ctd_display_window_get_document (CtdDisplayWindow *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_WINDOW (self), NULL);
  return self->document;
}

#define DISPLAY_KEY "ctd-display-window"

static void
owner_gone_cb (CtdDisplayWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
display_gone_cb (GtkWindow *owner)
{
  g_object_set_data (G_OBJECT (owner), DISPLAY_KEY, NULL);
}

/**
 * ctd_display_window_show:
 * @owner: the director's window
 * @document: (nullable): the event it has open
 *
 * Opens @owner's public display, or raises it. With more than one
 * monitor it goes fullscreen on one that @owner is not on; with one, it
 * opens as a window that F11 makes fullscreen. It closes with @owner.
 *
 * Returns: (transfer none): the display
 */
CtdDisplayWindow *
ctd_display_window_show (GtkWindow   *owner,
                         CtdDocument *document)
{
  CtdDisplayWindow *self;
  GdkMonitor *monitor;

  g_return_val_if_fail (GTK_IS_WINDOW (owner), NULL);

  self = g_object_get_data (G_OBJECT (owner), DISPLAY_KEY);
  if (self == NULL)
    {
      self = ctd_display_window_new (document);
      g_object_set_data (G_OBJECT (owner), DISPLAY_KEY, self);
      g_signal_connect_object (owner, "destroy", G_CALLBACK (owner_gone_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self, "destroy", G_CALLBACK (display_gone_cb), owner,
                               G_CONNECT_SWAPPED);
      monitor = other_monitor (owner);
      if (monitor != NULL)
        gtk_window_fullscreen_on_monitor (GTK_WINDOW (self), monitor);
    }
  else
    ctd_display_window_set_document (self, document);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

/**
 * ctd_display_window_follow:
 * @owner: the director's window
 * @document: (nullable): the event it has open now
 *
 * Has @owner's public display, if it is open, show @document: the
 * display follows the event its director's window has open.
 */
void
ctd_display_window_follow (GtkWindow   *owner,
                           CtdDocument *document)
{
  CtdDisplayWindow *self;

  g_return_if_fail (GTK_IS_WINDOW (owner));

  self = g_object_get_data (G_OBJECT (owner), DISPLAY_KEY);
  if (self != NULL && self->document != document)
    ctd_display_window_set_document (self, document);
}
