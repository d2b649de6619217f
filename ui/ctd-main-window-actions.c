/* ctd-main-window-actions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ctd-display-window.h"
#include "ctd-tournament.h"
#include "ctd-export-dialog.h"
#include "ctd-main-window-close.h"
#include "ctd-main-window-private.h"
#include "ctd-sample.h"
#include "ctd-ui.h"

/*
 * The window's commands, its action map (win.*, exported on the session
 * bus for scripts): new, open (a file, a recent one, the sample), cancel
 * an open, undo, redo, export, show a page, a chouette or the display,
 * go to a chouette, dismiss the banner, close the event. Those that act
 * on the event are enabled while one is shown; undo, redo and close
 * follow the document's properties through the window's binding group.
 */

/* ---- opening and creating --------------------------------------------- */

static void
cancel_open_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  g_cancellable_cancel (self->open_cancellable);
}

static void
open_recent_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  ctd_main_window_open_file (CTD_MAIN_WINDOW (user_data), file);
}

static GtkFileFilter *
event_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Chouette TD events"));
  gtk_file_filter_add_pattern (filter, "*.chouette");
  return filter;
}

static void
open_file_chosen (GFile    *file,
                  gpointer  user_data)
{
  if (file != NULL)
    ctd_main_window_open_file (CTD_MAIN_WINDOW (user_data), file);
}

static void
open_event_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  g_autoptr(GtkFileFilter) filter = event_filter ();

  ctd_ui_choose_file (GTK_WIDGET (user_data), _("Open Event"), GTK_FILE_CHOOSER_ACTION_OPEN,
                      _("_Open"), filter, NULL, open_file_chosen, user_data);
}

static void
new_file_chosen (GFile    *file,
                 gpointer  user_data)
{
  CtdMainWindow *self = user_data;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  path = g_file_get_path (file);
  /* The chooser selects the stem of "Event.chouette": a name typed over
   * it with its extension would end in ".chouette.chouette". */
  if (path != NULL && g_str_has_suffix (path, ".chouette.chouette"))
    path[strlen (path) - strlen (".chouette")] = '\0';
  if (path != NULL && !g_str_has_suffix (path, ".chouette"))
    {
      char *named = g_strconcat (path, ".chouette", NULL);

      g_free (path);
      path = named;
    }
  if (path == NULL || !ctd_main_window_create_event (self, path, &error))
    ctd_main_window_show_error (self, error != NULL ? error->message
                                                    : _("Choose a file on this computer"));
}

static void
new_event_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  g_autoptr(GtkFileFilter) filter = event_filter ();

  ctd_ui_choose_file (GTK_WIDGET (user_data), _("New Event"), GTK_FILE_CHOOSER_ACTION_SAVE,
                      _("_Create"), filter, _("Event.chouette"), new_file_chosen, user_data);
}

/* The sample event made at build time (data/meson.build). */
#define SAMPLE_RESOURCE "/io/github/chouettetd/ChouetteTD/sample/sample.chouette"

/* Opens a fresh copy of the shipped sample from the user's data folder:
 * the director may change it freely, and an earlier copy stays as it was. */
static void
open_sample_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "chouette-td", NULL);
  g_autoptr(GBytes) sample = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  sample = g_resources_lookup_data (SAMPLE_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (sample != NULL)
    path = ctd_sample_save_new (sample, dir, _("Sample event"), &error);
  if (path == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The sample event could not be opened: %s"),
                                                  error->message);

      ctd_main_window_show_error (self, message);
      return;
    }
  file = g_file_new_for_path (path);
  ctd_main_window_open_file (self, file);
}

/* ---- the other commands ---------------------------------------------- */

static void
undo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (self->document != NULL && !ctd_document_undo (self->document, &error))
    ctd_main_window_show_error (self, error->message);
}

static void
redo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (self->document != NULL && !ctd_document_redo (self->document, &error))
    ctd_main_window_show_error (self, error->message);
}

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  if (self->document != NULL)
    gtk_window_present (GTK_WINDOW (ctd_export_dialog_new (GTK_WINDOW (self), self->document)));
}

static void
show_page_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  const char *page = g_variant_get_string (parameter, NULL);

  if (self->document == NULL || gtk_stack_get_child_by_name (self->pages_stack, page) == NULL)
    return;
  gtk_stack_set_visible_child_name (self->pages_stack, page);
}

/* win.show-chouette "1.3": the chouette's scoring page. The window's
 * own action, so that it is exported on the session bus for scripts. */
static void
show_chouette_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  const char *label = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;
  guint round, number;

  if (self->document == NULL)
    return;
  if (!ctd_tournament_parse_label (label, &round, &number, &error) ||
      !ctd_chouette_page_show (self->chouette_page, round, number, &error))
    {
      ctd_main_window_show_error (self, error->message);
      return;
    }
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
  gtk_stack_set_visible_child_name (self->pages_stack, "chouette");
  gtk_widget_grab_focus (GTK_WIDGET (self->chouette_page));
}

/* win.show-display: the public display for the playing room, opened or
 * raised; exported on the session bus like win.show-chouette. */
static void
show_display_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  ctd_display_window_show (GTK_WINDOW (self), self->document);
}

static void
go_to_chouette_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  gtk_widget_grab_focus (GTK_WIDGET (self->goto_entry));
}

static void
dismiss_banner_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
}

/* The shortcuts window, built when first asked for: GtkApplication would
 * build it for each window as it opens (from gtk/help-overlay.ui), a
 * twentieth of the window's start for a window seldom opened. */
static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  GtkApplicationWindow *self = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (self);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/chouettetd/ChouetteTD/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* Modal, hidden on close, over this window; the window's own
       * show-help-overlay stays this one. */
      gtk_application_window_set_help_overlay (self, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry win_actions[] = {
  { "new-event", new_event_action },
  { "open-event", open_event_action },
  { "open-recent", open_recent_action, "s" },
  { "cancel-open", cancel_open_action },
  { "open-sample", open_sample_action },
  { "undo", undo_action },
  { "redo", redo_action },
  { "export", export_action },
  { "show-page", show_page_action, "s" },
  { "show-chouette", show_chouette_action, "s" },
  { "show-display", show_display_action },
  { "go-to-chouette", go_to_chouette_action },
  { "dismiss-banner", dismiss_banner_action },
  { "close-event", ctd_main_window_close_event_action },
  { "table-entry", ctd_main_window_table_entry_action },
  { "accept-table-lines", ctd_main_window_accept_table_lines_action },
  { "show-help-overlay", show_help_overlay_action },
};

/**
 * ctd_main_window_add_actions: (skip)
 * @self: a window
 *
 * Adds the window's actions to its action map.
 */
void
ctd_main_window_add_actions (CtdMainWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
}

static void
set_enabled (CtdMainWindow *self,
             const char    *name,
             gboolean       enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/**
 * ctd_main_window_bind_actions: (skip)
 * @self: a window
 *
 * Undo and redo are enabled while the document has something to undo or
 * redo, Close Event while it can change: bound in the window's group, so
 * they follow whichever document the window shows.
 */
void
ctd_main_window_bind_actions (CtdMainWindow *self)
{
  GActionMap *map = G_ACTION_MAP (self);

  g_binding_group_bind (self->document_bindings, "can-undo",
                        g_action_map_lookup_action (map, "undo"), "enabled",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->document_bindings, "can-redo",
                        g_action_map_lookup_action (map, "redo"), "enabled",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->document_bindings, "read-only",
                        g_action_map_lookup_action (map, "close-event"), "enabled",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  /* A closed event's tables enter nothing more: nothing to serve. */
  g_binding_group_bind (self->document_bindings, "closed",
                        g_action_map_lookup_action (map, "table-entry"), "enabled",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind (self->document_bindings, "read-only",
                        g_action_map_lookup_action (map, "accept-table-lines"), "enabled",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
}

/**
 * ctd_main_window_enable_actions: (skip)
 * @self: a window
 *
 * Enables what acts on an event while one is shown; with none, the
 * bound actions (which no document drives then) are off too.
 */
void
ctd_main_window_enable_actions (CtdMainWindow *self)
{
  gboolean shown = self->document != NULL;

  set_enabled (self, "export", shown);
  set_enabled (self, "go-to-chouette", shown);
  if (shown)
    return;
  set_enabled (self, "undo", FALSE);
  set_enabled (self, "redo", FALSE);
  set_enabled (self, "close-event", FALSE);
  set_enabled (self, "table-entry", FALSE);
  set_enabled (self, "accept-table-lines", FALSE);
}
