/* ctd-chouette-page-sheet.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ctd-chouette-page-private.h"
#include "ctd-record-items.h"

/*
 * The chouette page's grid, as the paper sheet: the fixed columns are
 * in the template, each player's game score and running total are added
 * here for the chouette's size; below it, the totals, the amounts at the
 * stake and the paper's totals, one column a player. Every cell is a
 * label that follows its CtdGameItem (the view updates items in place)
 * and carries its own accessible name, so that a screen reader says
 * "Game 5, player 3, running total 7.5" rather than "7.5".
 */

typedef enum
{
  CELL_GAME,
  CELL_SEGMENT,
  CELL_BOX,
  CELL_CAPTAIN,
  CELL_PLAYING,
  CELL_CUBE,
  CELL_DECISIONS,
  CELL_RESULT,
  CELL_SCORE,
  CELL_TOTAL,
} CellKind;

/* The template's columns, in its order. */
static const CellKind fixed_cells[] = {
  CELL_GAME, CELL_SEGMENT, CELL_BOX, CELL_CAPTAIN, CELL_PLAYING, CELL_CUBE, CELL_DECISIONS,
  CELL_RESULT,
};

/* Columns of the players go after the result's: on a 1024-px screen the
 * sheet's seven columns and the line typed are in sight together, and a
 * chouette's scores scroll past them (on paper the result is last). */
#define FIRST_PLAYER_COLUMN 8

/* Widths in pixels that do not move as numbers come in. */
#define SCORE_WIDTH 60

/* A factory says which cell it makes: kind | player << 8. */
static const char cell_key[] = "ctd-cell";
static const char signals_key[] = "ctd-cell-signals";
/* The page a cell is on: the table's waiting lines are the page's. */
static const char page_key[] = "ctd-cell-page";

static void
set_cell (GtkWidget  *label,
          const char *text,
          const char *name)
{
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

/* The game's result, and the line its table sent when one waits for
 * the director: marked, never in the scores (they are the view's). */
static void
update_result_cell (GtkWidget   *label,
                    CtdGameItem *item)
{
  CtdChouettePage *page = g_object_get_data (G_OBJECT (label), page_key);
  guint game = ctd_game_item_get_game (item);
  const char *value = ctd_game_item_get_notation (item);
  CtdSubmissionItem *waiting = page != NULL ? ctd_chouette_page_waiting_line (page, game) : NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *spoken = NULL;

  name = ctd_game_item_get_recorded (item)
           ? g_strdup_printf (_("Game %u, result %s"), game, value)
           : g_strdup_printf (_("Game %u, result not entered"), game);
  if (waiting == NULL)
    {
      gtk_widget_remove_css_class (label, "table-line");
      /* A long line may be cut short by the column's width. */
      gtk_widget_set_tooltip_text (label, *value != '\0' ? value : NULL);
      set_cell (label, value, name);
      return;
    }
  gtk_widget_add_css_class (label, "table-line");
  /* TRANSLATORS: the desk's line, then the table's that differs from it */
  text = *value != '\0' ? g_strdup_printf (_("%s · %s"), value,
                                           ctd_submission_item_get_mark (waiting))
                        : g_strdup (ctd_submission_item_get_mark (waiting));
  tooltip = g_strdup_printf ("%s\n%s", ctd_submission_item_get_summary (waiting),
                             ctd_submission_item_get_preview (waiting));
  gtk_widget_set_tooltip_text (label, tooltip);
  spoken = g_strdup_printf ("%s. %s", name, ctd_submission_item_get_summary (waiting));
  set_cell (label, text, spoken);
}

/* The cell's text and name from the row as core gives it. */
static void
update_cell (GtkWidget   *label,
             CtdGameItem *item)
{
  guint cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (label), cell_key));
  guint player = cell >> 8;
  guint game = ctd_game_item_get_game (item);
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  const char *value;
  guint number;

  switch ((CellKind) (cell & 0xff))
    {
    case CELL_GAME:
      text = g_strdup_printf ("%u", game);
      /* The whole row, for a reader that lands on it. */
      set_cell (label, text, ctd_game_item_get_accessible (item));
      return;
    case CELL_SEGMENT:
      g_object_get (item, "segment", &number, NULL);
      text = g_strdup_printf ("%u", number);
      name = g_strdup_printf (_("Game %u, segment %u"), game, number);
      break;
    case CELL_BOX:
      g_object_get (item, "box", &number, NULL);
      text = g_strdup_printf ("%u", number);
      name = g_strdup_printf (_("Game %u, Box %u"), game, number);
      break;
    case CELL_CAPTAIN:
      number = ctd_game_item_get_captain (item);
      text = number != 0 ? g_strdup_printf ("%u", number) : g_strdup ("");
      name = number != 0 ? g_strdup_printf (_("Game %u, Captain %u"), game, number)
                         : g_strdup_printf (_("Game %u, Captain not known yet"), game);
      break;
    case CELL_PLAYING:
      value = ctd_game_item_get_playing (item);
      text = g_strdup (value);
      name = *value != '\0' ? g_strdup_printf (_("Game %u, playing order %s"), game, value)
                            : g_strdup_printf (_("Game %u, playing order not known yet"), game);
      break;
    case CELL_CUBE:
      g_object_get (item, "cube", &number, NULL);
      text = g_strdup_printf ("%u", number);
      name = g_strdup_printf (_("Game %u, starting cube %u"), game, number);
      break;
    case CELL_DECISIONS:
      value = ctd_game_item_get_decisions (item);
      if (*value != '\0')
        {
          text = g_strdup (value);
          name = g_strdup_printf (_("Game %u, cube decisions %s"), game, value);
          gtk_widget_set_tooltip_text (label, NULL);
          gtk_widget_remove_css_class (label, "dim-label");
        }
      else
        {
          /* The reason ("after game 4 is entered") is too long for the
           * column: it is the cell's tooltip and spoken name. */
          g_autofree char *why = g_strdup_printf (_("Pending: known %s"),
                                                  ctd_game_item_get_pending (item));

          text = g_strdup (_("pending"));
          name = g_strdup_printf (_("Game %u, cube decisions pending, known %s"), game,
                                  ctd_game_item_get_pending (item));
          gtk_widget_set_tooltip_text (label, why);
          gtk_widget_add_css_class (label, "dim-label");
        }
      break;
    case CELL_RESULT:
      update_result_cell (label, item);
      return;
    case CELL_SCORE:
      value = ctd_game_item_get_delta_text (item, player);
      text = g_strdup (value);
      name = ctd_game_item_get_recorded (item)
               ? g_strdup_printf (_("Game %u, player %u, game score %s"), game, player, value)
               : g_strdup_printf (_("Game %u, player %u, game score not entered"), game, player);
      break;
    case CELL_TOTAL:
    default:
      value = ctd_game_item_get_total_text (item, player);
      text = g_strdup (value);
      name = ctd_game_item_get_totals_known (item)
               ? g_strdup_printf (_("Game %u, player %u, running total %s"), game, player, value)
               : g_strdup_printf (_("Game %u, player %u, running total not known yet"), game,
                                  player);
      break;
    }
  set_cell (label, text, name);
}

/* Whether the cell shows @property: a row that changes notifies each
 * property on its own, and most cells show one or two of them. */
static gboolean
cell_shows (guint       cell,
            const char *property)
{
  guint player = cell >> 8;

  switch ((CellKind) (cell & 0xff))
    {
    case CELL_GAME:
      /* The row's sentence changes with anything in the row. */
      return g_str_equal (property, "accessible");
    case CELL_SEGMENT:
      return g_str_equal (property, "segment");
    case CELL_BOX:
      return g_str_equal (property, "box");
    case CELL_CAPTAIN:
      return g_str_equal (property, "captain");
    case CELL_PLAYING:
      return g_str_equal (property, "playing");
    case CELL_CUBE:
      return g_str_equal (property, "cube");
    case CELL_DECISIONS:
      return g_str_equal (property, "decisions") || g_str_equal (property, "pending");
    case CELL_RESULT:
      return g_str_equal (property, "notation") || g_str_equal (property, "recorded");
    case CELL_SCORE:
      return g_str_equal (property, "recorded") ||
             (g_str_has_prefix (property, "delta-text-") &&
              strtoul (property + strlen ("delta-text-"), NULL, 10) == player);
    case CELL_TOTAL:
    default:
      return g_str_equal (property, "totals-known") ||
             (g_str_has_prefix (property, "total-text-") &&
              strtoul (property + strlen ("total-text-"), NULL, 10) == player);
    }
}

static void
item_notify_cb (GtkWidget   *label,
                GParamSpec  *pspec,
                CtdGameItem *item)
{
  guint cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (label), cell_key));

  if (cell_shows (cell, pspec->name))
    update_cell (label, item);
}

static void
cell_setup_cb (CtdChouettePage    *self,
               GtkListItem        *list_item,
               GtkListItemFactory *factory)
{
  guint cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), cell_key));
  GtkWidget *label = gtk_label_new (NULL);
  GSignalGroup *signals = g_signal_group_new (CTD_TYPE_GAME_ITEM);

  g_object_set_data (G_OBJECT (label), cell_key, GUINT_TO_POINTER (cell));
  g_object_set_data (G_OBJECT (label), page_key, self);
  /* The cell follows the row the list item holds, whichever it is now:
   * the row's item notifies each property the view changes in place. */
  g_signal_group_connect_object (signals, "notify", G_CALLBACK (item_notify_cb), label,
                                 G_CONNECT_SWAPPED);
  g_object_bind_property (list_item, "item", signals, "target", G_BINDING_SYNC_CREATE);
  g_object_set_data_full (G_OBJECT (label), signals_key, signals, g_object_unref);
  switch ((CellKind) (cell & 0xff))
    {
    case CELL_SCORE:
    case CELL_TOTAL:
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
      if ((cell & 0xff) == CELL_TOTAL)
        gtk_widget_add_css_class (label, "total");
      break;
    case CELL_PLAYING:
    case CELL_DECISIONS:
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      break;
    case CELL_RESULT:
      /* The line whole, never cut: on two lines where the column is
       * narrow (its heading's width on a 1024-px screen), so that the
       * players' columns keep their room. */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
      break;
    case CELL_GAME:
    case CELL_SEGMENT:
    case CELL_BOX:
    case CELL_CAPTAIN:
    case CELL_CUBE:
    default:
      gtk_label_set_xalign (GTK_LABEL (label), 0.5);
      gtk_widget_add_css_class (label, "numeric");
      break;
    }
  gtk_list_item_set_child (list_item, label);
}

static void
cell_bind_cb (CtdChouettePage    *self,
              GtkListItem        *list_item,
              GtkListItemFactory *factory)
{
  update_cell (gtk_list_item_get_child (list_item), gtk_list_item_get_item (list_item));
}

static void
refresh_results (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GSignalGroup *signals = g_object_get_data (G_OBJECT (child), signals_key);
      guint cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), cell_key));

      if (signals != NULL && (CellKind) (cell & 0xff) == CELL_RESULT)
        {
          g_autoptr(CtdGameItem) item = g_signal_group_dup_target (signals);

          if (item != NULL)
            update_result_cell (child, item);
        }
      else
        refresh_results (child);
    }
}

/**
 * ctd_chouette_page_refresh_results: (skip)
 * @self: the page
 *
 * The result cells again: where the table's lines stand changed (the
 * rows' items did not).
 */
void
ctd_chouette_page_refresh_results (CtdChouettePage *self)
{
  refresh_results (GTK_WIDGET (self->column_view));
}

/**
 * ctd_chouette_page_bind_cells: (skip)
 * @widget_class: the page's class
 *
 * The template's cell callbacks.
 */
void
ctd_chouette_page_bind_cells (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, cell_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, cell_bind_cb);
}

/* The label under @root that shows @text, or NULL. */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A fixed column's heading ("Playing order", "Cube decisions", "Result
 * (notation)") on two lines where the grid is narrow: the column is no
 * wider than its longest word needs, so that four players' columns fit
 * a 1280-px desk without scrolling across. GtkColumnView 4.8 makes the
 * heading's label itself, in the header (the view's first child). */
static void
wrap_heading (CtdChouettePage     *self,
              GtkColumnViewColumn *column)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
  GtkLabel *label = header != NULL
                    ? find_label (header, gtk_column_view_column_get_title (column)) : NULL;

  if (label == NULL)
    return;
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD);
}

/**
 * ctd_chouette_page_init_columns: (skip)
 * @self: the page, its template built
 *
 * Tells each fixed column's factory which cell it makes.
 */
void
ctd_chouette_page_init_columns (CtdChouettePage *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  g_assert (g_list_model_get_n_items (columns) == G_N_ELEMENTS (fixed_cells));
  for (guint i = 0; i < G_N_ELEMENTS (fixed_cells); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      g_object_set_data (G_OBJECT (gtk_column_view_column_get_factory (column)), cell_key,
                         GUINT_TO_POINTER (fixed_cells[i]));
      wrap_heading (self, column);
    }
  self->player_columns = g_ptr_array_new_with_free_func (g_object_unref);
}

static GtkColumnViewColumn *
player_column (CtdChouettePage *self,
               CellKind         kind,
               guint            player,
               const char      *title)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), cell_key, GUINT_TO_POINTER (kind | player << 8));
  g_signal_connect_object (factory, "setup", G_CALLBACK (cell_setup_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (factory, "bind", G_CALLBACK (cell_bind_cb), self, G_CONNECT_SWAPPED);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_fixed_width (column, SCORE_WIDTH);
  return column;
}

/* Lines of a header at most this many characters long, where the name's
 * words allow; the totals under the grid have room for longer ones. */
#define HEADING_LINE_CHARS 10
#define TOTALS_LINE_CHARS  16

/* "1 Annikki Vähä-Mäkelä-Kristiansen" as lines of about @line_chars
 * characters, for a narrow header (10): "1 Annikki", "Vähä-", "Mäkelä-",
 * "Kristiansen". Lines break between words and after a hyphen, never
 * after the player's number. */
static char *
heading_lines (guint       player,
               const char *name,
               glong       line_chars)
{
  g_auto(GStrv) words = g_strsplit (name, " ", -1);
  GString *text = g_string_new (NULL);
  gboolean named = FALSE;  /* the number has its first word */
  glong line;

  g_string_printf (text, "%u", player);
  line = (glong) text->len;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *p = words[i];
      glong gap = 1;  /* a space before a word, none after its hyphen */

      while (*p != '\0')
        {
          const char *hyphen = strchr (p, '-');
          const char *end = hyphen != NULL && hyphen[1] != '\0' ? hyphen + 1 : p + strlen (p);
          glong n = g_utf8_strlen (p, end - p);

          if (named && line + gap + n > line_chars)
            {
              g_string_append_c (text, '\n');
              line = 0;
            }
          else
            {
              if (gap > 0)
                g_string_append_c (text, ' ');
              line += gap;
            }
          g_string_append_len (text, p, end - p);
          line += n;
          p = end;
          gap = 0;
          named = TRUE;
        }
    }
  return g_string_free (text, FALSE);
}

/* "3 Cid" over player 3's score column, the name in full: a long name
 * on more lines, and the column as wide as its widest line; the header
 * says the name on one line under the pointer and to a screen reader.
 * GtkColumnView 4.8 makes the header itself (its first child), whose
 * title widget is found by the label it shows. */
static void
set_player_title (CtdChouettePage     *self,
                  GtkColumnViewColumn *column,
                  guint                player)
{
  const char *name = ctd_chouette_view_get_name (self->view, player);
  g_autofree char *title = g_strdup_printf (_("%u %s"), player, name);
  g_autofree char *lines = heading_lines (player, name, HEADING_LINE_CHARS);
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
  GtkWidget *heading;
  GtkLabel *label;
  int width;

  /* Unchanged (the totals shown again): the header is as it was made. */
  if (g_strcmp0 (gtk_column_view_column_get_title (column), lines) == 0)
    return;
  gtk_column_view_column_set_title (column, lines);
  label = header != NULL ? find_label (header, lines) : NULL;
  if (label == NULL)
    return;
  /* The label sits in a box in the column's title widget. */
  heading = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (label)));
  gtk_widget_set_tooltip_text (heading, title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  /* A header measures as wide as a fixed width says: its own width is
   * the one it has without. */
  gtk_column_view_column_set_fixed_width (column, -1);
  gtk_widget_measure (heading, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_column_view_column_set_fixed_width (column, MAX (SCORE_WIDTH, width));
}

static GtkWidget *
grid_label (const char *text,
            float       xalign,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  /* Headings and numbers of a row share their baseline. */
  gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
paper_changed_cb (CtdChouettePage *self)
{
  if (!self->loading)
    self->paper_edited = TRUE;
}

static void
paper_activate_cb (CtdChouettePage *self)
{
  ctd_chouette_page_apply_paper (self);
}

/* The totals, amounts and paper rows, one column a player. */
static void
build_totals (CtdChouettePage *self,
              guint            size)
{
  GtkGrid *grid = self->totals_grid;
  GtkWidget *child, *label, *button, *amounts;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
  memset (self->name_labels, 0, sizeof self->name_labels);
  memset (self->total_labels, 0, sizeof self->total_labels);
  memset (self->amount_labels, 0, sizeof self->amount_labels);
  memset (self->paper_entries, 0, sizeof self->paper_entries);
  self->sum_label = self->amounts_note_label = NULL;
  if (size == 0)
    return;

  gtk_grid_attach (grid, grid_label (_("Totals"), 0, "heading"), 0, 1, 1, 1);
  /* The grid fits a 1024-px screen with four long names (in French
   * too): the words around the numbers wrap, and the button goes under
   * the paper totals rather than beside them. */
  amounts = grid_label (NULL, 0, NULL);
  gtk_label_set_wrap (GTK_LABEL (amounts), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (amounts), 16);
  gtk_grid_attach (grid, amounts, 0, 2, 1, 1);
  label = grid_label (_("Paper t_otals"), 0, NULL);
  gtk_label_set_use_underline (GTK_LABEL (label), TRUE);
  gtk_grid_attach (grid, label, 0, 3, 1, 1);
  for (guint p = 1; p <= size; p++)
    {
      g_autofree char *name = g_strdup_printf (_("Paper total, player %u"), p);
      GtkWidget *entry = gtk_entry_new ();

      /* A long name on more lines, as over the grid's columns. */
      self->name_labels[p - 1] = GTK_LABEL (grid_label (NULL, 1, "heading"));
      gtk_label_set_justify (self->name_labels[p - 1], GTK_JUSTIFY_RIGHT);
      gtk_widget_set_valign (GTK_WIDGET (self->name_labels[p - 1]), GTK_ALIGN_END);
      gtk_grid_attach (grid, GTK_WIDGET (self->name_labels[p - 1]), p, 0, 1, 1);
      self->total_labels[p - 1] = GTK_LABEL (grid_label (NULL, 1, "numeric"));
      gtk_widget_add_css_class (GTK_WIDGET (self->total_labels[p - 1]), "total");
      gtk_grid_attach (grid, GTK_WIDGET (self->total_labels[p - 1]), p, 1, 1, 1);
      self->amount_labels[p - 1] = GTK_LABEL (grid_label (NULL, 1, "numeric"));
      gtk_grid_attach (grid, GTK_WIDGET (self->amount_labels[p - 1]), p, 2, 1, 1);

      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 7);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 7);
      gtk_editable_set_alignment (GTK_EDITABLE (entry), 1);
      gtk_entry_set_input_hints (GTK_ENTRY (entry), GTK_INPUT_HINT_NO_SPELLCHECK);
      gtk_widget_add_css_class (entry, "numeric");
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
      gtk_widget_set_tooltip_text (entry, _("The total the returned paper sheet shows; "
                                            "Enter checks them against the games"));
      g_signal_connect_object (entry, "changed", G_CALLBACK (paper_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (entry, "activate", G_CALLBACK (paper_activate_cb), self,
                               G_CONNECT_SWAPPED);
      self->paper_entries[p - 1] = GTK_ENTRY (entry);
      gtk_grid_attach (grid, entry, p, 3, 1, 1);
      if (p == 1)
        gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
    }
  self->sum_label = GTK_LABEL (grid_label (NULL, 0, NULL));
  gtk_grid_attach (grid, GTK_WIDGET (self->sum_label), size + 1, 1, 1, 1);
  self->amounts_note_label = GTK_LABEL (grid_label (NULL, 0, "dim-label"));
  gtk_label_set_wrap (self->amounts_note_label, TRUE);
  gtk_label_set_max_width_chars (self->amounts_note_label, 20);
  gtk_grid_attach (grid, GTK_WIDGET (self->amounts_note_label), size + 1, 2, 1, 1);
  button = gtk_button_new_with_mnemonic (_("Chec_k Paper Totals"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "chouette.check-paper");
  gtk_widget_set_halign (button, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (button, _("Store the paper sheet's totals and compare them with "
                                         "the entered games (Enter in a paper total)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Check Paper Totals"), -1);
  gtk_grid_attach (grid, button, 1, 4, size, 1);
  ctd_chouette_page_bind_totals (self, size, GTK_LABEL (amounts));
}

/**
 * ctd_chouette_page_build_players: (skip)
 * @self: the page
 *
 * Makes the players' columns and totals for the view's chouette size,
 * when it changed: a game score and a running total for each player,
 * after the result (FIRST_PLAYER_COLUMN).
 */
void
ctd_chouette_page_build_players (CtdChouettePage *self)
{
  guint size = self->view != NULL ? ctd_chouette_view_get_size (self->view) : 0;

  if (size == self->built_size)
    return;
  for (guint i = 0; i < self->player_columns->len; i++)
    gtk_column_view_remove_column (self->column_view, g_ptr_array_index (self->player_columns, i));
  g_ptr_array_set_size (self->player_columns, 0);
  for (guint p = 1; p <= size; p++)
    {
      g_autofree char *total_title = g_strdup_printf (_("Total %u"), p);
      GtkColumnViewColumn *score = player_column (self, CELL_SCORE, p, NULL);
      GtkColumnViewColumn *total = player_column (self, CELL_TOTAL, p, total_title);

      gtk_column_view_insert_column (self->column_view, FIRST_PLAYER_COLUMN + 2 * (p - 1), score);
      gtk_column_view_insert_column (self->column_view, FIRST_PLAYER_COLUMN + 2 * (p - 1) + 1,
                                     total);
      set_player_title (self, score, p);
      g_ptr_array_add (self->player_columns, score);
      g_ptr_array_add (self->player_columns, total);
    }
  build_totals (self, size);
  self->built_size = size;
}

/**
 * ctd_chouette_page_update_totals: (skip)
 * @self: the page
 *
 * Shows the view's totals, amounts, names and (unless the director is
 * typing them) paper totals: what it holds a player at a time, which
 * no property carries (the sum and the amounts' notes are bound,
 * ctd_chouette_page_bind_totals()).
 */
void
ctd_chouette_page_update_totals (CtdChouettePage *self)
{
  CtdChouetteView *view = self->view;
  GListModel *columns = gtk_column_view_get_columns (self->column_view);
  guint size = self->built_size;

  if (view == NULL || size == 0)
    return;
  for (guint p = 1; p <= size; p++)
    {
      const char *name = ctd_chouette_view_get_name (view, p);
      g_autofree char *heading = g_strdup_printf (_("%u %s"), p, name);
      g_autofree char *lines = heading_lines (p, name, TOTALS_LINE_CHARS);
      g_autofree char *total_name = NULL;
      g_autofree char *amount_name = NULL;
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns,
                                                                     FIRST_PLAYER_COLUMN +
                                                                     2 * (p - 1));

      /* A name edited on the Players page. */
      set_player_title (self, column, p);
      gtk_label_set_text (self->name_labels[p - 1], lines);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_labels[p - 1]), heading);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->name_labels[p - 1]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);

      gtk_label_set_text (self->total_labels[p - 1], ctd_chouette_view_get_total_text (view, p));
      total_name = ctd_chouette_view_get_totals_known (view)
                     ? g_strdup_printf (_("Total, player %u, %s"), p,
                                        ctd_chouette_view_get_total_text (view, p))
                     : g_strdup_printf (_("Total, player %u, no game entered"), p);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->total_labels[p - 1]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, total_name, -1);

      gtk_label_set_text (self->amount_labels[p - 1], ctd_chouette_view_get_amount_text (view, p));
      amount_name = g_strdup_printf (_("Amount, player %u, %s"), p,
                                     ctd_chouette_view_get_amount_text (view, p));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->amount_labels[p - 1]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, amount_name, -1);

      if (!self->paper_edited)
        {
          self->loading = TRUE;
          gtk_editable_set_text (GTK_EDITABLE (self->paper_entries[p - 1]),
                                 ctd_chouette_view_get_paper_text (view, p));
          self->loading = FALSE;
        }
    }
}
