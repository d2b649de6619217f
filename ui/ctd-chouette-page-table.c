/* ctd-chouette-page-table.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include <glib/gi18n.h>

#include "ctd-chouette-page-private.h"
#include "ctd-reject-dialog.h"
#include "ctd-ui.h"

/*
 * The lines the chouette's table entered and confirmed from its link,
 * waiting for the director (the document's list, core's words). A game
 * with one says so on its row; selected, its line is in the field and a
 * bar above it says who sent it, from where, and what it does: Enter
 * accepts it as the desk's own entry (a line that differs from the
 * desk's after the same confirmation as any correction), Reject… (Alt+J)
 * sends it back with a reason the table reads. Until then nothing of it
 * counts: the grid's scores and the totals are the view's, which reads
 * only recorded games.
 */

/**
 * ctd_chouette_page_waiting_line: (skip)
 * @self: the page
 * @game: 1..CTD_N_GAMES
 *
 * Returns: (transfer none) (nullable): the table's line for @game that
 *   waits for the director (the document's list holds it)
 */
CtdSubmissionItem *
ctd_chouette_page_waiting_line (CtdChouettePage *self,
                                guint            game)
{
  guint n = self->waiting != NULL ? g_list_model_get_n_items (self->waiting) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdSubmissionItem) item = g_list_model_get_item (self->waiting, i);

      if (ctd_submission_item_get_game (item) == game)
        return item;
    }
  return NULL;
}

/* Whether @line, as typed, is the table's @waiting line. */
static gboolean
is_table_line (CtdChouettePage   *self,
               CtdSubmissionItem *waiting,
               const char        *line)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (line));
  g_autofree char *canonical = NULL;
  guint game = ctd_submission_item_get_game (waiting);

  if (g_strcmp0 (trimmed, ctd_submission_item_get_line (waiting)) == 0)
    return TRUE;
  return *trimmed != '\0' &&
         ctd_chouette_view_preview (self->view, game, trimmed, NULL, NULL, &canonical, NULL) &&
         g_strcmp0 (canonical, ctd_submission_item_get_line (waiting)) == 0;
}

/**
 * ctd_chouette_page_field_holds_table_line: (skip)
 * @self: the page
 *
 * Returns: whether the field holds the selected game's waiting line
 */
gboolean
ctd_chouette_page_field_holds_table_line (CtdChouettePage *self)
{
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self,
                                                               ctd_chouette_page_selected_game (self));

  return waiting != NULL && is_table_line (self, waiting, ctd_chouette_page_notation_text (self));
}

/**
 * ctd_chouette_page_update_table_bar: (skip)
 * @self: the page
 *
 * The bar above the field: the selected game's waiting line, if any.
 */
void
ctd_chouette_page_update_table_bar (CtdChouettePage *self)
{
  guint game = ctd_chouette_page_selected_game (self);
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);
  gboolean differs, fits;
  g_autofree char *text = NULL;
  GtkWidget *bar = gtk_revealer_get_child (self->table_revealer);

  gboolean shown = waiting != NULL && self->view != NULL &&
                   ctd_chouette_view_get_editable (self->view);
  gboolean in_field;
  const char *hint;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chouette.accept-table-line", shown);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chouette.reject-table-line", shown);
  if (!shown)
    {
      gtk_revealer_set_reveal_child (self->table_revealer, FALSE);
      return;
    }
  differs = ctd_submission_item_get_state (waiting) == CTD_SUBMISSION_DISAGREES;
  fits = ctd_submission_item_get_fits (waiting);
  in_field = is_table_line (self, waiting, ctd_chouette_page_notation_text (self));
  if (!in_field)
    hint = _("Enter records the line typed instead, after a confirmation; Accept takes the "
             "table's, Reject sends it back.");
  else if (differs)
    hint = _("Enter puts it in place of the desk's line, after a confirmation; Reject sends it "
             "back.");
  else
    hint = _("Enter accepts it; Reject sends it back.");
  text = g_strdup_printf ("%s %s", ctd_submission_item_get_summary (waiting), hint);
  gtk_label_set_text (self->table_label, text);
  /* What the line does: said under the field while it holds the line
   * (ctd-chouette-page.c's preview), here once something else is typed;
   * for a disagreement, what replacing the desk's line changes. */
  gtk_label_set_text (self->table_detail_label,
                      differs ? ctd_submission_item_get_differences (waiting)
                              : ctd_submission_item_get_preview (waiting));
  gtk_widget_set_visible (GTK_WIDGET (self->table_detail_label), differs || !in_field);
  if (fits)
    gtk_widget_remove_css_class (GTK_WIDGET (self->table_detail_label), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->table_detail_label), "error");
  if (differs)
    gtk_widget_add_css_class (bar, "differs");
  else
    gtk_widget_remove_css_class (bar, "differs");
  gtk_revealer_set_reveal_child (self->table_revealer, TRUE);
}

/**
 * ctd_chouette_page_follow_table_lines: (skip)
 * @self: the page
 *
 * Where the tables' lines stand changed: the rows, the field (unless the
 * director is typing) and the bar say it again.
 */
void
ctd_chouette_page_follow_table_lines (CtdChouettePage *self)
{
  if (self->view == NULL)
    return;
  ctd_chouette_page_refresh_results (self);
  /* Also brings the bar up to date. */
  ctd_chouette_page_load_field (self, FALSE);
}

/* ---- accepting --------------------------------------------------------- */

/* A refusal goes under the field, as the desk's own entry's does. */
static gboolean
accept (CtdChouettePage *self,
        gint64           id,
        guint            game,
        gboolean         replace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);

  line = g_strdup (waiting != NULL ? ctd_submission_item_get_line (waiting) : "");
  if (!ctd_document_accept_submission (self->document, id, replace, &error))
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return FALSE;
    }
  text = g_strdup_printf (replace ? _("Game %u corrected with table %s's line: “%s”.")
                                  : _("Game %u recorded from table %s's line: “%s”."),
                          game, ctd_chouette_view_get_label (self->view), line);
  ctd_chouette_page_show_message (self, text, FALSE);
  ctd_chouette_page_move_on (self, game);
  return TRUE;
}

static void
replace_confirmed (gpointer user_data)
{
  CtdChouettePage *self = user_data;

  if (self->document != NULL && self->view != NULL && self->confirm_submission != 0)
    accept (self, self->confirm_submission, self->confirm_game, TRUE);
}

/**
 * ctd_chouette_page_accept_table_line: (skip)
 * @self: the page
 * @game: the selected game
 * @line: the line Enter is about
 *
 * Enter on the table's line: a pending one is recorded at once, one
 * that differs from the desk's after core's account of what changes.
 *
 * Returns: %FALSE when @line is not the table's line for @game (the
 *   desk's own entry goes on)
 */
gboolean
ctd_chouette_page_accept_table_line (CtdChouettePage *self,
                                     guint            game,
                                     const char      *line)
{
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);
  g_autoptr(GError) error = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *question = NULL;

  if (waiting == NULL || !is_table_line (self, waiting, line))
    return FALSE;
  if (ctd_submission_item_get_state (waiting) != CTD_SUBMISSION_DISAGREES)
    {
      accept (self, ctd_submission_item_get_id (waiting), game, FALSE);
      return TRUE;
    }
  detail = ctd_chouette_view_describe_replacement (self->view, game,
                                                   ctd_submission_item_get_line (waiting), &error);
  if (detail == NULL)
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return TRUE;
    }
  question = g_strdup_printf (_("Replace the result of game %u with table %s's line?"), game,
                              ctd_chouette_view_get_label (self->view));
  self->confirm_game = game;
  self->confirm_submission = ctd_submission_item_get_id (waiting);
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, _("_Replace"), replace_confirmed,
                  G_OBJECT (self));
  return TRUE;
}

static void
accept_table_line_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  guint game = ctd_chouette_page_selected_game (self);
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);

  if (self->view != NULL && waiting != NULL)
    ctd_chouette_page_accept_table_line (self, game, ctd_submission_item_get_line (waiting));
}

/* ---- the desk's line instead ------------------------------------------- */

static void
record_instead_confirmed (gpointer user_data)
{
  CtdChouettePage *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint game = self->confirm_game;

  if (self->document == NULL || self->view == NULL || game == 0)
    return;
  if (!ctd_document_record_game (self->document, self->round, self->number, game,
                                 self->confirm_notation, FALSE, &error))
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return;
    }
  /* Translators: the game, then the director's line; the table's line
   * now shows as differing from it */
  text = g_strdup_printf (_("Game %u recorded with your line “%s”; the table's line now "
                            "differs from it."), game, self->confirm_notation);
  ctd_chouette_page_show_message (self, text, FALSE);
  ctd_chouette_page_move_on (self, game);
}

/**
 * ctd_chouette_page_record_instead: (skip)
 * @self: the page
 * @game: the selected game, with no result yet
 * @line: the line the director typed, not the table's
 *
 * Enter on a line of the director's for a game whose table's confirmed
 * line waits: asks first, with both lines and what differs, in the
 * correction's words; then records the director's, and the table's
 * line differs from it (and still waits, to be sent back).
 *
 * Returns: %FALSE when no table's line waits for @game (the desk's
 *   entry goes on as usual)
 */
gboolean
ctd_chouette_page_record_instead (CtdChouettePage *self,
                                  guint            game,
                                  const char      *line)
{
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) unknown = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *both = NULL;
  g_autofree char *differences = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *question = NULL;
  const char *table_line;

  if (waiting == NULL || ctd_submission_item_get_state (waiting) != CTD_SUBMISSION_PENDING)
    return FALSE;
  if (!ctd_chouette_view_preview (self->view, game, line, NULL, NULL, &canonical, &error))
    {
      ctd_chouette_page_set_preview (self, error->message, TRUE);
      return TRUE;
    }
  table_line = ctd_submission_item_get_line (waiting);
  /* Translators: the table ("1.3"), its line, then the director's */
  both = g_strdup_printf (_("Table %s sent “%s”; you typed “%s”."),
                          ctd_chouette_view_get_label (self->view), table_line, canonical);
  /* The table's line may not be recordable yet (game 10 before game 9):
   * then the two lines say it all. */
  differences = ctd_chouette_view_describe_instead (self->view, game, table_line, canonical,
                                                    &unknown);
  detail = differences != NULL ? g_strjoin ("\n", both, differences, NULL) : g_strdup (both);
  /* Translators: the game, then the table ("1.3") */
  question = g_strdup_printf (_("Record your line for game %u instead of table %s's?"), game,
                              ctd_chouette_view_get_label (self->view));
  self->confirm_game = game;
  g_free (self->confirm_notation);
  self->confirm_notation = g_steal_pointer (&canonical);
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, _("_Record"), record_instead_confirmed,
                  G_OBJECT (self));
  return TRUE;
}

/* ---- sending back ------------------------------------------------------ */

static void
sent_back_cb (CtdChouettePage *self,
              const char      *reason,
              CtdRejectDialog *dialog)
{
  guint game = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "ctd-game"));
  g_autofree char *text = NULL;

  if (self->view == NULL)
    return;
  text = g_strdup_printf (_("Game %u's line went back to table %s: “%s”."), game,
                          ctd_chouette_view_get_label (self->view), reason);
  ctd_chouette_page_show_message (self, text, FALSE);
  /* Clicked with the mouse, Reject… held the focus, and the bar that
   * held it is gone: the keyboard goes back to the field, as after
   * Alt+J, for the window to give it back when the dialog closes. */
  if (gtk_widget_is_sensitive (GTK_WIDGET (self->notation_entry)))
    gtk_widget_grab_focus (GTK_WIDGET (self->notation_entry));
}

static void
reject_table_line_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  CtdChouettePage *self = CTD_CHOUETTE_PAGE (widget);
  guint game = ctd_chouette_page_selected_game (self);
  CtdSubmissionItem *waiting = ctd_chouette_page_waiting_line (self, game);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *question = NULL;
  CtdRejectDialog *dialog;

  if (self->view == NULL || self->document == NULL || waiting == NULL)
    return;
  question = g_strdup_printf (_("Send game %u's line “%s” back to table %s?"), game,
                              ctd_submission_item_get_line (waiting),
                              ctd_chouette_view_get_label (self->view));
  dialog = ctd_reject_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                  self->document, ctd_submission_item_get_id (waiting), question);
  g_object_set_data (G_OBJECT (dialog), "ctd-game", GUINT_TO_POINTER (game));
  g_signal_connect_object (dialog, "sent-back", G_CALLBACK (sent_back_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * ctd_chouette_page_install_table_actions: (skip)
 * @widget_class: the page's class
 *
 * Accept (Enter in the field, or the bar's button) and Reject… (Alt+J,
 * or Ctrl+Shift+J from anywhere on the page).
 */
void
ctd_chouette_page_install_table_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "chouette.accept-table-line", NULL,
                                   accept_table_line_action);
  gtk_widget_class_install_action (widget_class, "chouette.reject-table-line", NULL,
                                   reject_table_line_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_j,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "chouette.reject-table-line", NULL);
}
