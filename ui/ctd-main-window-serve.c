/* ctd-main-window-serve.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include "ctd-main-window-private.h"

#include <glib/gi18n.h>

#include "ctd-table-entry-dialog.h"

/*
 * Table Entry… (win.table-entry): the window's server for the tables'
 * phones, one per event shown, on the window's main loop and through
 * its document. It is made idle with the event, started and stopped
 * in the Table Entry dialog (which only hides when closed, the server
 * going on), and stopped when the window shows another event or none,
 * when it goes, or when the event is closed (the server follows its
 * document's "closed" itself). While it serves, the sheets the window
 * prints or exports carry each table's link under its address
 * (ctd_main_window_dup_links_base()).
 */

/**
 * ctd_main_window_follow_server: (skip)
 * @self: a window
 *
 * Gives the event now shown a server of its own, not listening; the
 * previous event's server stops. Called when the document changes.
 */
void
ctd_main_window_follow_server (CtdMainWindow *self)
{
  if (self->table_server != NULL)
    {
      g_autoptr(CtdDocument) served = NULL;

      g_object_get (self->table_server, "document", &served, NULL);
      if (served == self->document)
        return;
      ctd_table_server_stop (self->table_server);
      g_clear_object (&self->table_server);
    }
  if (self->document != NULL)
    self->table_server = ctd_table_server_new (self->document);
  if (self->table_entry_dialog != NULL)
    ctd_table_entry_dialog_set_server (self->table_entry_dialog, self->table_server);
}

/**
 * ctd_main_window_update_waiting: (skip)
 * @self: a window
 *
 * The sidebar's "Scoring" row says how many of the tables' lines wait
 * for the director across the event ("Scoring · 3 waiting"), where the
 * director looks between two entries: read again as the document says
 * where the lines stand changed, and when it changes.
 */
void
ctd_main_window_update_waiting (CtdMainWindow *self)
{
  GtkStackPage *page = gtk_stack_get_page (self->pages_stack, GTK_WIDGET (self->chouette_page));
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  guint n = 0;

  if (self->document != NULL && !ctd_document_count_waiting_lines (self->document, &n, &error))
    g_warning ("The tables' waiting lines could not be counted: %s", error->message);
  if (n == 0)
    title = g_strdup (_("Scoring"));
  else
    /* TRANSLATORS: the sidebar's row of the scoring page, with how many
     * lines the tables sent wait for the director */
    title = g_strdup_printf (ngettext ("Scoring · %u waiting", "Scoring · %u waiting", n), n);
  gtk_stack_page_set_title (page, title);
}

/**
 * ctd_main_window_drop_server: (skip)
 * @self: a window being disposed
 *
 * Stops the server and lets the dialog go with the window.
 */
void
ctd_main_window_drop_server (CtdMainWindow *self)
{
  if (self->table_server != NULL)
    ctd_table_server_stop (self->table_server);
  g_clear_object (&self->table_server);
  if (self->table_entry_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->table_entry_dialog));
}

/* However it goes (with the window, or the application ending first),
 * the window stops reaching it. */
static void
table_entry_dialog_destroy_cb (CtdMainWindow *self)
{
  self->table_entry_dialog = NULL;
}

/* win.table-entry: the dialog, made once and shown again. */
void
ctd_main_window_table_entry_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  CtdMainWindow *self = user_data;

  if (self->document == NULL)
    return;
  if (self->table_entry_dialog == NULL)
    {
      self->table_entry_dialog = ctd_table_entry_dialog_new (GTK_WINDOW (self));
      g_signal_connect_object (self->table_entry_dialog, "destroy",
                               G_CALLBACK (table_entry_dialog_destroy_cb), self,
                               G_CONNECT_SWAPPED);
      ctd_table_entry_dialog_set_server (self->table_entry_dialog, self->table_server);
    }
  gtk_window_present (GTK_WINDOW (self->table_entry_dialog));
}

/**
 * ctd_main_window_get_table_server:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the server of the event shown
 *   (listening or not), or %NULL with none shown
 */
CtdTableServer *
ctd_main_window_get_table_server (CtdMainWindow *self)
{
  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), NULL);
  return self->table_server;
}

/**
 * ctd_main_window_dup_links_base:
 * @self: a window
 *
 * What the window's prints and exports of scoring sheets put each
 * table's link under: the server's address while it serves, so that a
 * sheet printed then carries the link and QR code that open its page.
 *
 * Returns: (transfer full) (nullable): "http://192.168.1.20:8080", or
 *   %NULL while not serving (the sheets are then printed without links)
 */
char *
ctd_main_window_dup_links_base (CtdMainWindow *self)
{
  g_return_val_if_fail (CTD_IS_MAIN_WINDOW (self), NULL);
  if (self->table_server == NULL)
    return NULL;
  return ctd_table_server_get_uri (self->table_server);
}
