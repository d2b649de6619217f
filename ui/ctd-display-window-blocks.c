/* ctd-display-window-blocks.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-display-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ctd-display-window-private.h"
#include "ctd-ui.h"

/*
 * The public display's building blocks: labels and boxes whose type and
 * spacing are a multiple of the window's unit, a chouette's card, the
 * lines of standings laid out in blocks side by side. The window
 * (ctd-display-window.c) fits the unit and decides what is shown.
 */

/* The cells of a line of standings: rank, name, chouette, score, next. */
#define N_CELLS 5

G_DEFINE_QUARK (ctd-display-scale, ctd_display_scale)

/* ---- building blocks ---------------------------------------------------- */

/* @widget's size, in hundredths of the unit: a label's type, a box's
 * spacing. */
void
ctd_display_window_set_scale (GtkWidget *widget,
                              guint      hundredths)
{
  g_object_set_qdata (G_OBJECT (widget), ctd_display_scale_quark (),
                      GUINT_TO_POINTER (hundredths));
}

int
ctd_display_window_scaled (int   unit,
                           guint hundredths)
{
  return MAX (1, (int) ((unit * (gint64) hundredths + 50) / 100));
}

/* A label of plain text (names are data, never markup), its type
 * @hundredths of the unit. */
static GtkWidget *
text_label (const char *text,
            const char *css_class,
            float       xalign,
            guint       hundredths)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, css_class);
  ctd_display_window_set_scale (label, hundredths);
  return label;
}

static GtkWidget *
scaled_box (GtkOrientation orientation,
            guint          hundredths)
{
  GtkWidget *box = gtk_box_new (orientation, 0);

  ctd_display_window_set_scale (box, hundredths);
  return box;
}

/* Every label and box under @widget at its multiple of @unit. */
void
ctd_display_window_scale_tree (GtkWidget *widget,
                               int        unit)
{
  guint hundredths = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (widget),
                                                          ctd_display_scale_quark ()));

  if (hundredths > 0 && GTK_IS_LABEL (widget))
    {
      g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
      int size = ctd_display_window_scaled (unit, hundredths) * PANGO_SCALE;

      pango_attr_list_insert (attributes, pango_attr_size_new_absolute (size));
      gtk_label_set_attributes (GTK_LABEL (widget), attributes);
    }
  else if (hundredths > 0 && GTK_IS_BOX (widget))
    gtk_box_set_spacing (GTK_BOX (widget), ctd_display_window_scaled (unit, hundredths));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ctd_display_window_scale_tree (child, unit);
}

void
ctd_display_window_clear_chouettes (CtdDisplayWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chouettes_box))) != NULL)
    gtk_flow_box_remove (self->chouettes_box, child);
}

void
ctd_display_window_clear_standings (CtdDisplayWindow *self)
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

/* What a card shows but its progress: a card with the same key needs
 * only its progress set (set_progress()). */
static char *
card_key (guint                     round,
          const CtdDisplayChouette *chouette)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%u.%u/%u", round, chouette->number, chouette->table);
  for (guint k = 0; k < chouette->size; k++)
    g_string_append_printf (key, "\n%s", chouette->names[k]);
  return g_string_free (key, FALSE);
}

static void
set_progress (GtkWidget                *card,
              const CtdDisplayChouette *chouette)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (card), "ctd-display-progress");
  g_autofree char *progress = progress_text (chouette);

  gtk_label_set_text (GTK_LABEL (label), progress);
  if (chouette->n_recorded == CTD_N_GAMES)
    {
      gtk_widget_add_css_class (card, "finished");
      gtk_widget_add_css_class (label, "finished");
    }
  else
    {
      gtk_widget_remove_css_class (card, "finished");
      gtk_widget_remove_css_class (label, "finished");
    }
}

/* One chouette: its label and table, its players by number, its games. */
static GtkWidget *
chouette_card (guint                     round,
               const CtdDisplayChouette *chouette)
{
  GtkWidget *card = scaled_box (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *head = scaled_box (GTK_ORIENTATION_HORIZONTAL, 50);
  g_autofree char *label = g_strdup_printf ("%u.%u", round, chouette->number);
  g_autofree char *table = g_strdup_printf (_("Table %u"), chouette->table);
  g_autofree char *progress = progress_text (chouette);
  GtkWidget *progress_label = text_label (progress, "display-progress", 0, 85);
  GtkWidget *table_label = text_label (table, "display-table", 1, 70);

  gtk_widget_add_css_class (card, "display-card");
  gtk_widget_set_hexpand (table_label, TRUE);
  gtk_widget_set_valign (table_label, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (head), text_label (label, "display-label", 0, 105));
  gtk_box_append (GTK_BOX (head), table_label);
  gtk_box_append (GTK_BOX (card), head);
  for (guint k = 0; k < chouette->size; k++)
    {
      g_autofree char *number = g_strdup_printf ("%u", k + 1);
      GtkWidget *line = scaled_box (GTK_ORIENTATION_HORIZONTAL, 45);
      GtkWidget *name = text_label (chouette->names[k], "display-name", 0, 80);

      gtk_widget_set_hexpand (name, TRUE);
      gtk_box_append (GTK_BOX (line), text_label (number, "display-name", 0, 80));
      gtk_box_append (GTK_BOX (line), name);
      gtk_box_append (GTK_BOX (card), line);
    }
  gtk_widget_set_vexpand (progress_label, TRUE);
  gtk_widget_set_valign (progress_label, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (card), progress_label);
  g_object_set_data (G_OBJECT (card), "ctd-display-progress", progress_label);
  g_object_set_data_full (G_OBJECT (card), "ctd-display-key", card_key (round, chouette), g_free);
  set_progress (card, chouette);
  return card;
}

/* The cards drawn are @display's but for their progress: a game
 * entered changes only that (a burst of them, another program's, needs
 * no card made again). */
static gboolean
update_progress (CtdDisplayWindow *self,
                 const CtdDisplay *display)
{
  GtkWidget *first = gtk_widget_get_first_child (GTK_WIDGET (self->chouettes_box));
  GtkWidget *child = first;

  for (guint c = 0; c < display->chouettes->len; c++, child = gtk_widget_get_next_sibling (child))
    {
      g_autofree char *key = card_key (display->round, g_ptr_array_index (display->chouettes, c));

      if (child == NULL ||
          g_strcmp0 (g_object_get_data (G_OBJECT (gtk_flow_box_child_get_child (
                                          GTK_FLOW_BOX_CHILD (child))), "ctd-display-key"),
                     key) != 0)
        return FALSE;
    }
  if (child != NULL)
    return FALSE;
  child = first;
  for (guint c = 0; c < display->chouettes->len; c++, child = gtk_widget_get_next_sibling (child))
    set_progress (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)),
                  g_ptr_array_index (display->chouettes, c));
  return TRUE;
}

void
ctd_display_window_fill_chouettes (CtdDisplayWindow *self,
                                   const CtdDisplay *display)
{
  if (update_progress (self, display))
    return;
  ctd_display_window_clear_chouettes (self);
  for (guint c = 0; c < display->chouettes->len; c++)
    {
      GtkWidget *card = chouette_card (display->round, g_ptr_array_index (display->chouettes, c));

      gtk_flow_box_append (self->chouettes_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
}

/* The cells of one line of the standings, on line @line of the first
 * block (place_rows() moves them to theirs). */
static void
attach_row (CtdDisplayWindow    *self,
            const CtdDisplay    *display,
            const CtdDisplayRow *row,
            int                  line)
{
  g_autofree char *rank = ctd_display_rank_text (display, row);
  g_autofree char *label = g_strdup_printf ("%u.%u", display->round, row->chouette);
  g_autofree char *score = ctd_halves_to_string (row->score, TRUE);
  /* Translators: beside a player who advances; %s is the next round's
   * stage ("Semi-final", "Final") */
  g_autofree char *next = g_strdup_printf (_("→ %s"), ctd_stage_to_title (display->next_stage));
  /* The final's four placings are the event's last word: larger. */
  guint size = display->mode == CTD_DISPLAY_PLACINGS ? 160 : 100;
  GtkWidget *cells[N_CELLS] = {
    text_label (rank, "display-rank", 1, size),
    text_label (row->name, "display-player", 0, size),
    text_label (label, "display-chouette", 0, size),
    text_label (score, "display-score", 1, size),
    text_label (row->advances ? next : "", "display-advances", 0, size),
  };

  for (int i = 0; i < N_CELLS; i++)
    {
      gtk_widget_add_css_class (cells[i], "display-row");
      if (row->advances)
        gtk_widget_add_css_class (cells[i], "advances");
      if (display->mode == CTD_DISPLAY_PLACINGS && row->rank == 1)
        gtk_widget_add_css_class (cells[i], "winner");
      /* The final's placings need no chouette column: it is one table. */
      if (i == 2 && display->stage == CTD_STAGE_FINAL)
        gtk_widget_set_visible (cells[i], FALSE);
      gtk_grid_attach (self->standings_grid, cells[i], i, line, 1, 1);
    }
}

/* The lines of the page shown, in self->n_blocks blocks side by side. */
void
ctd_display_window_place_rows (CtdDisplayWindow *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->standings_grid));
  guint n = 0;
  guint per_block;
  guint i = 0;

  for (GtkWidget *cell = gtk_widget_get_first_child (GTK_WIDGET (self->standings_grid));
       cell != NULL; cell = gtk_widget_get_next_sibling (cell))
    n++;
  n /= N_CELLS;
  per_block = MAX (1, (n + self->n_blocks - 1) / self->n_blocks);
  for (GtkWidget *cell = gtk_widget_get_first_child (GTK_WIDGET (self->standings_grid));
       cell != NULL; cell = gtk_widget_get_next_sibling (cell), i++)
    {
      GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout,
                                                                                            cell));
      guint line = i / N_CELLS;
      guint block = line / per_block;

      gtk_grid_layout_child_set_column (child, (int) (block * N_CELLS + i % N_CELLS));
      gtk_grid_layout_child_set_row (child, (int) (line % per_block));
      if (i % N_CELLS == 0)
        gtk_widget_set_margin_start (cell,
                                     block > 0 ? ctd_display_window_scaled (self->unit, 150) : 0);
    }
}

guint
ctd_display_window_rows_per_page (CtdDisplayWindow *self)
{
  guint n = self->display != NULL ? self->display->rows->len : 0;

  return self->n_pages > 0 ? (n + self->n_pages - 1) / self->n_pages : n;
}

/* The standings' lines of the page shown, and its heading. */
void
ctd_display_window_fill_standings (CtdDisplayWindow *self)
{
  const CtdDisplay *display = self->display;
  guint per_page = ctd_display_window_rows_per_page (self);
  guint first = self->page * per_page;
  guint n = display->rows->len;
  g_autofree char *heading = NULL;

  ctd_display_window_clear_standings (self);
  for (guint i = first; i < n && i < first + per_page; i++)
    attach_row (self, display, g_ptr_array_index (display->rows, i), (int) (i - first));
  ctd_display_window_place_rows (self);
  if (self->n_pages > 1)
    /* Translators: "Standings · page 1 of 3" */
    heading = g_strdup_printf (_("%s · page %u of %u"), ctd_display_heading (display),
                               self->page + 1, self->n_pages);
  gtk_label_set_text (self->standings_title,
                      heading != NULL ? heading : ctd_display_heading (display));
}
