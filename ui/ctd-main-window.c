/* ctd-main-window.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include "ctd-main-window.h"
#include "ctd-main-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ctd-advance.h"
#include "ctd-chouette-page.h"
#include "ctd-display-window.h"
#include "ctd-tournament.h"
#include "ctd-event-page.h"
#include "ctd-players-page.h"
#include "ctd-rounds-page.h"
#include "ctd-results-page.h"
#include "ctd-log-page.h"
#include "ctd-standings-page.h"
#include "ctd-ui.h"

/*
 * One window shows one event: the welcome view until an event is open,
 * then a sidebar of pages bound to the event's CtdDocument. The window
 * holds the commands a user or a script may call (its action map is
 * exported on the session bus): new, open, undo, redo, show a page
 * (ctd-main-window-actions.c).
 */

G_DEFINE_FINAL_TYPE (CtdMainWindow, ctd_main_window, GTK_TYPE_APPLICATION_WINDOW)

/* The plan is core's (ctd_advance_plan); the window only shows it. */
static void
update_plan (CtdMainWindow *self)
{
  guint n_players = (guint) gtk_spin_button_get_value_as_int (self->players_spin);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CtdPlan plan;

  if (ctd_advance_plan (n_players, &plan, &error))
    text = ctd_advance_plan_describe (&plan);
  else
    text = g_strdup (error->message);
  gtk_label_set_text (self->plan_label, g_strchomp (text));
}

static void
players_spin_value_changed_cb (CtdMainWindow *self,
                               GtkSpinButton *spin)
{
  update_plan (self);
}

/**
 * ctd_main_window_show_error:
 * @self: a window
 * @message: what went wrong, in a director's words
 *
 * Shows @message in the banner at the top of the window, for failures
 * that belong to no page (opening or creating a file).
 */
void
ctd_main_window_show_error (CtdMainWindow *self,
                            const char    *message)
{
  g_return_if_fail (CTD_IS_MAIN_WINDOW (self));

  gtk_widget_remove_css_class (gtk_widget_get_parent (GTK_WIDGET (self->banner_label)), "notice");
  gtk_label_set_text (self->banner_label, message);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

/**
 * ctd_main_window_show_notice: (skip)
 * @self: a window
 * @message: what was done, in a sentence or two
 *
 * The banner, for news that is no failure (what a batch did and left).
 */
void
ctd_main_window_show_notice (CtdMainWindow *self,
                             const char    *message)
{
  ctd_main_window_show_error (self, message);
  gtk_widget_add_css_class (gtk_widget_get_parent (GTK_WIDGET (self->banner_label)), "notice");
}

/**
 * ctd_main_window_get_page_name:
 * @self: a window
 *
 * Returns: (nullable): the name of the page shown ("players", "chouette",
 *   ...), or %NULL while no event is open
 */
const char *
ctd_main_window_get_page_name (CtdMainWindow *self)
{
  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), NULL);

  return self->document != NULL ? gtk_stack_get_visible_child_name (self->pages_stack) : NULL;
}

/* ---- following the document ------------------------------------------ */

/* The event's name is the window's title (bound in init), so that the
 * task switcher and window lists name the event; its file is below. */
static gboolean
path_to_display_name (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  const char *path = g_value_get_string (from);

  g_value_take_string (to, path != NULL ? g_filename_display_name (path) : NULL);
  return TRUE;
}

/* Undo and Redo in the menu say what they would act on. */
static void
update_history (CtdMainWindow *self)
{
  g_autofree char *undo_label = NULL;
  g_autofree char *redo_label = NULL;
  const char *undo = NULL, *redo = NULL;

  if (self->document != NULL)
    {
      undo = ctd_document_get_can_undo (self->document)
               ? ctd_document_get_undo_summary (self->document) : NULL;
      redo = ctd_document_get_can_redo (self->document)
               ? ctd_document_get_redo_summary (self->document) : NULL;
    }
  undo_label = undo != NULL ? g_strdup_printf (_("_Undo: %s"), undo) : g_strdup (_("_Undo"));
  redo_label = redo != NULL ? g_strdup_printf (_("_Redo: %s"), redo) : g_strdup (_("_Redo"));
  g_menu_remove_all (self->history_section);
  g_menu_append (self->history_section, undo_label, "win.undo");
  g_menu_append (self->history_section, redo_label, "win.redo");
}

/* A file open read-only, or a closed event (closed here, or by another
 * window or command): the banner says why; nothing that would change the
 * event is offered (the actions and pages bind "read-only"). */
static void
update_read_only (CtdMainWindow *self)
{
  g_autofree char *text = NULL;

  if (self->document == NULL || !ctd_document_get_read_only (self->document))
    return;
  if (ctd_document_get_closed (self->document))
    text = g_strdup_printf (_("%s. Everything is still shown, and can be exported."),
                            ctd_document_get_read_only_reason (self->document));
  ctd_main_window_show_error (self, text != NULL ? text
                              : _("This event file cannot be written (it is read-only "
                                  "or on read-only storage): everything is shown, and "
                                  "nothing can be changed."));
}

/* What the window shows of the document follows it through the groups,
 * made once: changing the document moves every binding and handler
 * together, so a document no longer shown reaches nothing. */
static void
follow_document (CtdMainWindow *self)
{
  self->document_bindings = g_binding_group_new ();
  g_binding_group_bind (self->document_bindings, "name", self, "title", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->document_bindings, "name", self->title_label, "label",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (self->document_bindings, "path", self->subtitle_label, "label",
                             G_BINDING_SYNC_CREATE, path_to_display_name, NULL, NULL, NULL);
  ctd_main_window_bind_actions (self);

  self->document_signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::can-undo",
                                 G_CALLBACK (update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::can-redo",
                                 G_CALLBACK (update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::undo-summary",
                                 G_CALLBACK (update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::redo-summary",
                                 G_CALLBACK (update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::read-only",
                                 G_CALLBACK (update_read_only), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "submissions-changed",
                                 G_CALLBACK (ctd_main_window_update_waiting), self,
                                 G_CONNECT_SWAPPED);
}

/**
 * ctd_main_window_set_document:
 * @self: a window
 * @document: (nullable): the event to show, or %NULL for the welcome view
 *
 * Binds every page to @document.
 */
void
ctd_main_window_set_document (CtdMainWindow *self,
                              CtdDocument   *document)
{
  g_return_if_fail (CTD_IS_MAIN_WINDOW (self));
  g_return_if_fail (document == NULL || CTD_IS_DOCUMENT (document));

  g_set_object (&self->document, document);
  ctd_main_window_follow_server (self);
  g_binding_group_set_source (self->document_bindings, document);
  g_signal_group_set_target (self->document_signals, document);
  ctd_main_window_enable_actions (self);
  ctd_event_page_set_document (self->event_page, document);
  ctd_players_page_set_document (self->players_page, document);
  ctd_rounds_page_set_document (self->rounds_page, document);
  ctd_standings_page_set_document (self->standings_page, document);
  ctd_results_page_set_document (self->results_page, document);
  ctd_log_page_set_document (self->log_page, document);
  ctd_chouette_page_set_document (self->chouette_page, document);
  gtk_widget_set_visible (GTK_WIDGET (self->goto_entry), document != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), document != NULL);
  ctd_display_window_follow (GTK_WINDOW (self), document);
  if (document != NULL)
    {
      g_autofree char *uri = g_file_get_uri (ctd_document_get_file (document));
      GtkRecentData recent = {
        .display_name = NULL,
        .mime_type = (char *) CTD_EVENT_MIME_TYPE,
        .app_name = (char *) g_get_application_name (),
        .app_exec = (char *) "chouette-td %u",
      };

      gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &recent);
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Chouette TD"));
      gtk_label_set_text (self->title_label, _("Chouette TD"));
    }
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
  update_read_only (self);
  ctd_main_window_update_waiting (self);
  gtk_stack_set_visible_child_name (self->main_stack, document != NULL ? "event" : "welcome");
  update_history (self);
}

/**
 * ctd_main_window_get_document:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the event shown
 */
CtdDocument *
ctd_main_window_get_document (CtdMainWindow *self)
{
  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), NULL);
  return self->document;
}

/* ---- opening and creating --------------------------------------------- */

/* While a file opens (a large event takes a moment), the welcome view
 * says which, and the director may cancel. */
static void
set_opening (CtdMainWindow *self,
             const char    *path)
{
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                            "cancel-open")),
                               path != NULL);
  gtk_widget_set_visible (self->opening_box, path != NULL);
  gtk_spinner_set_spinning (self->opening_spinner, path != NULL);
  if (path != NULL)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_autofree char *text = g_strdup_printf (_("Opening %s…"), display);

      gtk_label_set_text (self->opening_label, text);
    }
}

static void
open_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CtdMainWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = ctd_document_open_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* The director cancelled: the welcome view is back. Otherwise a
       * newer open replaced this one (it owns the opening state), or the
       * window is gone. */
      if (self->open_cancellable != NULL && g_cancellable_is_cancelled (self->open_cancellable))
        {
          g_clear_object (&self->open_cancellable);
          set_opening (self, NULL);
        }
      return;
    }
  g_clear_object (&self->open_cancellable);
  set_opening (self, NULL);
  if (document == NULL)
    {
      ctd_main_window_show_error (self, error->message);
      return;
    }
  ctd_main_window_set_document (self, document);
}

/**
 * ctd_main_window_open_file:
 * @self: a window
 * @file: an event file
 *
 * Opens @file in a worker thread and shows it; a file that cannot be
 * opened is reported in the banner, and the window keeps what it shows.
 */
void
ctd_main_window_open_file (CtdMainWindow *self,
                           GFile         *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (CTD_IS_MAIN_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      ctd_main_window_show_error (self, _("Only event files on this computer can be opened"));
      return;
    }
  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  set_opening (self, path);
  ctd_document_open_async (path, self->open_cancellable, open_ready_cb, g_object_ref (self));
}

/**
 * ctd_main_window_create_event:
 * @self: a window
 * @path: where the new event file goes; it must not exist
 * @error: return location for a #GError
 *
 * Makes a new event named after the file, dated today, and shows it;
 * the director then types its settings.
 *
 * Returns: whether the event was created
 */
gboolean
ctd_main_window_create_event (CtdMainWindow  *self,
                              const char     *path,
                              GError        **error)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(CtdDocument) document = NULL;
  CtdEventSettings settings = { 0, };
  char *dot;

  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if ((dot = strrchr (base, '.')) != NULL && dot != base)
    *dot = '\0';
  settings.name = base;
  settings.date = date;
  settings.venue = (char *) "";
  settings.direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  document = ctd_document_create (path, &settings, error);
  if (document == NULL)
    return FALSE;
  ctd_main_window_set_document (self, document);
  /* The director types the event's settings next, starting with its
   * name (the file's, selected, so that typing replaces it). */
  gtk_stack_set_visible_child_name (self->pages_stack, "event");
  gtk_widget_grab_focus (GTK_WIDGET (self->event_page));
  return TRUE;
}

/* The header's "Go to chouette" field: win.show-chouette on what was
 * typed, the field emptied once the chouette shows. */
static void
goto_entry_activate_cb (CtdMainWindow *self,
                        GtkEntry      *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  g_action_group_activate_action (G_ACTION_GROUP (self), "show-chouette",
                                  g_variant_new_string (text));
  if (gtk_stack_get_visible_child (self->pages_stack) == GTK_WIDGET (self->chouette_page))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

/* ---- the sidebar -------------------------------------------------------- */

/* GtkStackSidebar's list selects the row the focus lands on, so Tab
 * walking through its rows changed the page at every step. Here the
 * sidebar is one stop: Tab into it lands on the shown page's row (the
 * list starts from its selected row), and Tab or Shift+Tab from there
 * leaves it, the page unchanged. Up, Down and Enter still choose a page:
 * that is the director's choice. The sidebar steps out of the focus chain
 * for the one move, so the window's own Tab goes on from it. */
static gboolean
sidebar_key_pressed_cb (CtdMainWindow         *self,
                        guint                  keyval,
                        guint                  keycode,
                        GdkModifierType        state,
                        GtkEventControllerKey *controller)
{
  GtkDirectionType direction;

  if (keyval == GDK_KEY_ISO_Left_Tab ||
      ((keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab) && (state & GDK_SHIFT_MASK) != 0))
    direction = GTK_DIR_TAB_BACKWARD;
  else if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab)
    direction = GTK_DIR_TAB_FORWARD;
  else
    return FALSE;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;

  gtk_widget_set_can_focus (self->sidebar, FALSE);
  if (!gtk_widget_child_focus (GTK_WIDGET (self), direction))
    {
      /* The end of the chain: around again, as the window's Tab goes. */
      gtk_window_set_focus (GTK_WINDOW (self), NULL);
      gtk_widget_child_focus (GTK_WIDGET (self), direction);
    }
  gtk_widget_set_can_focus (self->sidebar, TRUE);
  return TRUE;
}

/* GtkStackSidebar names only its rows' labels: each row is named after
 * its page too, so that a screen reader (and AT-SPI) hears "Players" on
 * the row itself. The sidebar makes its rows from the stack's pages:
 * named again whenever those change. */
static void
name_sidebar_rows (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX_ROW (widget))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));

      if (GTK_IS_LABEL (label))
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        gtk_label_get_text (GTK_LABEL (label)), -1);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_sidebar_rows (child);
}

static void
pages_changed_cb (CtdMainWindow *self,
                  guint          position,
                  guint          removed,
                  guint          added,
                  GListModel    *pages)
{
  name_sidebar_rows (self->sidebar);
}

/* ---- recent events ------------------------------------------------------ */

static void
recent_row_activated_cb (CtdMainWindow *self,
                         GtkListBoxRow *row,
                         GtkListBox    *list)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "uri");
  g_autoptr(GFile) file = g_file_new_for_uri (uri);

  ctd_main_window_open_file (self, file);
}

/* The event files the desktop remembers, newest first, that still exist. */
static void
fill_recent (CtdMainWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autofree char *path = g_filename_from_uri (uri, NULL, NULL);
      g_autofree char *display = NULL;
      GtkWidget *row, *label;

      if (path == NULL || !g_str_has_suffix (path, ".chouette") ||
          !g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      display = g_filename_display_name (path);
      label = gtk_label_new (display);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      row = gtk_list_box_row_new ();
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      display, -1);
      g_object_set_data_full (G_OBJECT (row), "uri", g_strdup (uri), g_free);
      gtk_list_box_append (self->recent_list, row);
      {
        g_autoptr(GMenuItem) item = g_menu_item_new (NULL, NULL);
        g_autofree char *base = g_path_get_basename (path);
        g_autofree char *name = g_filename_display_name (base);

        g_menu_item_set_label (item, name);
        g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
        g_menu_append_item (self->recent_menu, item);
      }
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_title), n > 0);
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_main_window_dispose (GObject *object)
{
  CtdMainWindow *self = CTD_MAIN_WINDOW (object);

  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  ctd_main_window_drop_server (self);
  g_clear_object (&self->document_bindings);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_MAIN_WINDOW);
  G_OBJECT_CLASS (ctd_main_window_parent_class)->dispose (object);
}

static void
ctd_main_window_class_init (CtdMainWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_main_window_dispose;

  g_type_ensure (CTD_TYPE_EVENT_PAGE);
  g_type_ensure (CTD_TYPE_PLAYERS_PAGE);
  g_type_ensure (CTD_TYPE_ROUNDS_PAGE);
  g_type_ensure (CTD_TYPE_RESULTS_PAGE);
  g_type_ensure (CTD_TYPE_LOG_PAGE);
  g_type_ensure (CTD_TYPE_CHOUETTE_PAGE);
  g_type_ensure (CTD_TYPE_STANDINGS_PAGE);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-main-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, pages_stack);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, recent_title);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, players_spin);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, plan_label);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, event_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, players_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, rounds_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, results_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, log_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, chouette_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, standings_page);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, goto_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, history_section);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, opening_box);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, opening_spinner);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, opening_label);
}

static void
ctd_main_window_init (CtdMainWindow *self)
{
  g_autoptr(GListModel) pages = NULL;
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));

  ctd_main_window_add_actions (self);
  follow_document (self);
  g_signal_connect_object (self->players_spin, "value-changed",
                           G_CALLBACK (players_spin_value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->goto_entry, "activate",
                           G_CALLBACK (goto_entry_activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->recent_list, "row-activated",
                           G_CALLBACK (recent_row_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (fill_recent), self, G_CONNECT_SWAPPED);
  /* Before the rows see Tab. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (sidebar_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->sidebar, keys);
  pages = G_LIST_MODEL (gtk_stack_get_pages (self->pages_stack));
  g_signal_connect_object (pages, "items-changed", G_CALLBACK (pages_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* A row's title changes with the lines waiting ("Scoring · 3
   * waiting"): its name follows, after the sidebar's own label. */
  g_signal_connect_object (gtk_stack_get_page (self->pages_stack, GTK_WIDGET (self->chouette_page)),
                           "notify::title", G_CALLBACK (name_sidebar_rows), self->sidebar,
                           G_CONNECT_SWAPPED);
  name_sidebar_rows (self->sidebar);
  update_plan (self);
  fill_recent (self);
  set_opening (self, NULL);
  ctd_main_window_set_document (self, NULL);
}

/**
 * ctd_main_window_new:
 * @application: the application
 *
 * Returns: (transfer none): a window on the welcome view
 */
CtdMainWindow *
ctd_main_window_new (CtdApplication *application)
{
  return g_object_new (CTD_TYPE_MAIN_WINDOW, "application", application, NULL);
}
