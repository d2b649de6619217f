/* ctd-display-window.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-display-window"

#include "config.h"

#include "ctd-display-window.h"

#include <glib/gi18n.h>

#include "ctd-display.h"
#include "ctd-ui.h"

/*
 * The public display: a second window for a projector or a TV in the
 * playing room. It shows core's public posting of the event
 * (ctd_display_new()): the current round's progress per chouette, its
 * standings and who advances once the round is released, and at the end
 * the final placings. It decides nothing: what may be shown, core says.
 * It has no control; the director's keys are F11 (fullscreen), Escape
 * (leave fullscreen) and Ctrl+W (close). It follows the document's
 * "changed", which also reports other programs' writes (the document
 * polls the file several times a second).
 */

/* Standings longer than this go on in a further block of columns, up to
 * MAX_BLOCKS side by side; a round of more chouettes than COMPACT_CHOUETTES
 * (a field over 32) takes smaller type to stay on one screen. */
#define ROWS_PER_BLOCK 14
#define MAX_BLOCKS 3
#define COMPACT_CHOUETTES 8

struct _CtdDisplayWindow
{
  GtkWindow    parent_instance;

  /* template widgets */
  GtkLabel    *event_label;
  GtkLabel    *round_label;
  GtkLabel    *status_label;
  GtkFlowBox  *chouettes_box;
  GtkLabel    *standings_title;
  GtkGrid     *standings_grid;

  /* owned */
  CtdDocument *document;
  guint        refresh_id;
};

G_DEFINE_FINAL_TYPE (CtdDisplayWindow, ctd_display_window, GTK_TYPE_WINDOW)

/* ---- building blocks ---------------------------------------------------- */

/* A label of plain text: names are data, never markup. */
static GtkWidget *
text_label (const char *text,
            const char *css_class,
            float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
clear_chouettes (CtdDisplayWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chouettes_box))) != NULL)
    gtk_flow_box_remove (self->chouettes_box, child);
}

static void
clear_standings (CtdDisplayWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->standings_grid))) != NULL)
    gtk_grid_remove (self->standings_grid, child);
}

static char *
progress_text (const CtdDisplayChouette *chouette)
{
  if (chouette->n_recorded == CTD_N_GAMES)
    return g_strdup (_("Finished"));
  return g_strdup_printf (_("%u of %u games"), chouette->n_recorded, CTD_N_GAMES);
}

/* One chouette: its label and table, its players by number, its games. */
static GtkWidget *
chouette_card (guint                     round,
               const CtdDisplayChouette *chouette)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 16);
  g_autofree char *label = g_strdup_printf ("%u.%u", round, chouette->number);
  g_autofree char *table = g_strdup_printf (_("Table %u"), chouette->table);
  g_autofree char *progress = progress_text (chouette);
  GtkWidget *progress_label = text_label (progress, "display-progress", 0);
  GtkWidget *table_label = text_label (table, "display-table", 1);

  gtk_widget_add_css_class (card, "display-card");
  gtk_widget_set_hexpand (table_label, TRUE);
  gtk_widget_set_valign (table_label, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (head), text_label (label, "display-label", 0));
  gtk_box_append (GTK_BOX (head), table_label);
  gtk_box_append (GTK_BOX (card), head);
  for (guint k = 0; k < chouette->size; k++)
    {
      g_autofree char *number = g_strdup_printf ("%u", k + 1);
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 14);
      GtkWidget *name = text_label (chouette->names[k], "display-name", 0);

      /* A long name wraps inside its card rather than widen them all. */
      gtk_label_set_wrap (GTK_LABEL (name), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 16);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_box_append (GTK_BOX (line), text_label (number, "display-name", 0));
      gtk_box_append (GTK_BOX (line), name);
      gtk_box_append (GTK_BOX (card), line);
    }
  gtk_widget_set_vexpand (progress_label, TRUE);
  gtk_widget_set_valign (progress_label, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (card), progress_label);
  if (chouette->n_recorded == CTD_N_GAMES)
    {
      gtk_widget_add_css_class (card, "finished");
      gtk_widget_add_css_class (progress_label, "finished");
    }
  return card;
}

static void
fill_chouettes (CtdDisplayWindow *self,
                const CtdDisplay *display)
{
  clear_chouettes (self);
  gtk_flow_box_set_max_children_per_line (self->chouettes_box,
                                          display->chouettes->len > COMPACT_CHOUETTES ? 6 : 4);
  for (guint c = 0; c < display->chouettes->len; c++)
    {
      GtkWidget *card = chouette_card (display->round, g_ptr_array_index (display->chouettes, c));

      gtk_flow_box_append (self->chouettes_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
}

/* "1st", "2nd=": a placing of the final, "=" while a tie stands. */
static char *
placing_text (const CtdDisplayRow *row)
{
  const char *ordinal;

  switch (row->rank)
    {
    case 1: ordinal = _("1st"); break;
    case 2: ordinal = _("2nd"); break;
    case 3: ordinal = _("3rd"); break;
    default: ordinal = _("4th"); break;
    }
  return g_strconcat (ordinal, row->tied ? "=" : "", NULL);
}

static char *
rank_text (const CtdDisplay    *display,
           const CtdDisplayRow *row)
{
  if (display->mode == CTD_DISPLAY_PLACINGS)
    return placing_text (row);
  return g_strdup_printf ("%u%s", row->rank, row->tied ? "=" : "");
}

/* The cells of one line of the standings, at @column of @line. */
static void
attach_row (CtdDisplayWindow    *self,
            const CtdDisplay    *display,
            const CtdDisplayRow *row,
            int                  column,
            int                  line)
{
  g_autofree char *rank = rank_text (display, row);
  g_autofree char *label = g_strdup_printf ("%u.%u", display->round, row->chouette);
  g_autofree char *score = ctd_halves_to_string (row->score, TRUE);
  /* Translators: beside a player who advances; %s is the next round's
   * stage ("Semi-final", "Final") */
  g_autofree char *next = g_strdup_printf (_("→ %s"), ctd_stage_to_title (display->next_stage));
  GtkWidget *cells[] = {
    text_label (rank, "display-rank", 1),
    text_label (row->name, "display-player", 0),
    text_label (label, "display-chouette", 0),
    text_label (score, "display-score", 1),
    text_label (row->advances ? next : "", "display-advances", 0),
  };

  /* A long name is shortened only where the blocks would not fit across. */
  gtk_label_set_ellipsize (GTK_LABEL (cells[1]), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (cells[1]), 14);
  gtk_label_set_max_width_chars (GTK_LABEL (cells[1]), 26);
  for (int i = 0; i < (int) G_N_ELEMENTS (cells); i++)
    {
      gtk_widget_add_css_class (cells[i], "display-row");
      if (row->advances)
        gtk_widget_add_css_class (cells[i], "advances");
      if (display->mode == CTD_DISPLAY_PLACINGS && row->rank == 1)
        gtk_widget_add_css_class (cells[i], "winner");
      /* The final's placings need no chouette column: it is one table. */
      if (i == 2 && display->stage == CTD_STAGE_FINAL)
        gtk_widget_set_visible (cells[i], FALSE);
      gtk_grid_attach (self->standings_grid, cells[i], column + i, line, 1, 1);
    }
  gtk_widget_set_margin_start (cells[0], column > 0 ? 80 : 0);
}

static void
fill_standings (CtdDisplayWindow *self,
                const CtdDisplay *display)
{
  guint n = display->rows->len;
  guint n_blocks = MIN ((n + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK, MAX_BLOCKS);
  guint per_block = n_blocks > 0 ? (n + n_blocks - 1) / n_blocks : 0;

  clear_standings (self);
  for (guint i = 0; i < n; i++)
    attach_row (self, display, g_ptr_array_index (display->rows, i),
                (int) (i / per_block) * 5, (int) (i % per_block));
  if (display->mode == CTD_DISPLAY_PLACINGS)
    gtk_widget_add_css_class (GTK_WIDGET (self->standings_grid), "placings");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->standings_grid), "placings");
  gtk_widget_set_halign (GTK_WIDGET (self->standings_grid),
                         display->mode == CTD_DISPLAY_PLACINGS ? GTK_ALIGN_CENTER
                                                               : GTK_ALIGN_START);
  gtk_label_set_xalign (self->standings_title, display->mode == CTD_DISPLAY_PLACINGS ? 0.5 : 0);
}

/* ---- what the room reads ------------------------------------------------ */

static char *
status_text (const CtdDisplay *display)
{
  guint n = display->chouettes->len;

  switch (display->mode)
    {
    case CTD_DISPLAY_WAITING:
      return g_strdup (_("The draw has not been made yet."));
    case CTD_DISPLAY_PROGRESS:
      if (display->n_finished == n)
        return g_strdup (_("Every table has finished. The standings are posted once the "
                           "director releases them."));
      return g_strdup_printf (ngettext ("%u of %u table finished. Scores are posted when every "
                                        "table has finished.",
                                        "%u of %u tables finished. Scores are posted when every "
                                        "table has finished.", n),
                              display->n_finished, n);
    case CTD_DISPLAY_STANDINGS:
      if (display->stage == CTD_STAGE_FINAL)
        return g_strdup (_("The final is played in the open: its scores as they stand."));
      if (display->n_advancing == 0)
        return g_strdup (_("Who advances is announced shortly."));
      return g_strdup_printf (ngettext ("%u player advances to the %s.",
                                        "%u players advance to the %s.", display->n_advancing),
                              display->n_advancing, ctd_stage_to_title (display->next_stage));
    case CTD_DISPLAY_PLACINGS:
    default:
      return g_strdup (_("The event is over. Congratulations to the winners!"));
    }
}

static const char *
standings_heading (const CtdDisplay *display)
{
  if (display->mode == CTD_DISPLAY_PLACINGS)
    return _("Final placings");
  if (display->stage == CTD_STAGE_FINAL)
    return _("Final standings so far");
  return _("Standings");
}

static void
show_display (CtdDisplayWindow *self,
              const CtdDisplay *display)
{
  g_autofree char *round = NULL;
  g_autofree char *status = status_text (display);
  gboolean rows = display->rows->len > 0;
  /* Once a round's standings are up, its tables have all finished:
   * the room reads the standings, except at the final's one table. */
  gboolean cards = display->mode == CTD_DISPLAY_PROGRESS ||
                   (display->mode == CTD_DISPLAY_STANDINGS && display->stage == CTD_STAGE_FINAL);

  if (display->round > 0)
    /* Translators: %u is the round's number, %s its stage ("Qualifying") */
    round = g_strdup_printf (_("Round %u · %s"), display->round,
                             ctd_stage_to_title (display->stage));
  if (display->chouettes->len > COMPACT_CHOUETTES)
    gtk_widget_add_css_class (GTK_WIDGET (self), "compact");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "compact");
  gtk_label_set_text (self->event_label, display->event_name);
  gtk_label_set_text (self->round_label, round != NULL ? round : "");
  gtk_label_set_text (self->status_label, status);
  fill_chouettes (self, display);
  gtk_widget_set_visible (GTK_WIDGET (self->chouettes_box), cards);
  gtk_label_set_text (self->standings_title, rows ? standings_heading (display) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->standings_title), rows);
  fill_standings (self, display);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_grid), rows);
}

/* No event open (the main window closed it), or a file that cannot be
 * read now: the display shows nothing it cannot vouch for. */
static void
show_nothing (CtdDisplayWindow *self,
              const char       *why)
{
  gtk_label_set_text (self->event_label, _("Chouette TD"));
  gtk_label_set_text (self->round_label, "");
  gtk_label_set_text (self->status_label, why);
  clear_chouettes (self);
  clear_standings (self);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_title), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->standings_grid), FALSE);
}

static void
refresh (CtdDisplayWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDisplay) display = NULL;

  if (self->document == NULL)
    {
      show_nothing (self, _("No event is open."));
      return;
    }
  display = ctd_display_new (ctd_document_get_store (self->document), &error);
  if (display == NULL)
    {
      g_autofree char *why = g_strdup_printf (_("The event cannot be read just now: %s"),
                                              error->message);

      show_nothing (self, why);
      return;
    }
  show_display (self, display);
}

static gboolean
refresh_idle_cb (gpointer user_data)
{
  CtdDisplayWindow *self = user_data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* A burst of changes (an import, a catch-up after another program's
 * writes) redraws the display once. */
static void
document_changed_cb (CtdDisplayWindow *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
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

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_DISPLAY_WINDOW);
  G_OBJECT_CLASS (ctd_display_window_parent_class)->dispose (object);
}

static void
ctd_display_window_class_init (CtdDisplayWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_display_window_dispose;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-display-window.ui");
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
}

static void
ctd_display_window_init (CtdDisplayWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  refresh (self);
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

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  refresh (self);
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
