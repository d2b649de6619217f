/* ctd-test-table-entry.c: the Table Entry dialog driven as a director
 * drives it, for the UI test programs of that dialog.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ctd-test-table-entry.h"
#include "ctd-test-ui.h"

/* A window on a new event of 8 players, round 1 drawn: its links open. */
CtdMainWindow *
ctd_test_open_drawn_entry (CtdApplication *app,
                           const char     *dir)
{
  g_autofree char *path = g_build_filename (dir, "Entry.chouette", NULL);
  CtdMainWindow *window = ctd_test_open_new_event (app, path);

  ctd_test_draw_players (ctd_main_window_get_document (window), 8);
  return window;
}

/* win.table-entry, as the main menu's "Table Entry…" */
CtdTableEntryDialog *
ctd_test_open_table_entry (CtdMainWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *dialog = NULL;

  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "table-entry"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "table-entry", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (CTD_IS_TABLE_ENTRY_DIALOG (toplevel) &&
          gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        dialog = toplevel;
    }
  assert_non_null (dialog);
  assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  assert_ptr_equal (gtk_window_get_transient_for (dialog), GTK_WINDOW (window));
  return CTD_TABLE_ENTRY_DIALOG (dialog);
}

/* The dialog's input or button a screen reader calls @name. */
GtkWidget *
ctd_test_table_entry_input (CtdTableEntryDialog *dialog,
                            const char          *name,
                            GType                type)
{
  GtkWidget *widget = ctd_test_find_named_of_type (GTK_WIDGET (dialog), name, type);

  if (widget == NULL)
    fail_msg ("No %s named “%s” in the dialog", g_type_name (type), name);
  return widget;
}

/* The director's choice: the loopback interface and @port, typed. */
void
ctd_test_choose_loopback (CtdTableEntryDialog *dialog,
                          guint                port)
{
  /* (the name is on the drop-down's button: what takes the focus) */
  GtkWidget *button = ctd_test_table_entry_input (dialog, "Network interface",
                                                  GTK_TYPE_TOGGLE_BUTTON);
  GtkDropDown *dropdown = GTK_DROP_DOWN (gtk_widget_get_ancestor (button, GTK_TYPE_DROP_DOWN));
  GtkStringList *names = GTK_STRING_LIST (gtk_drop_down_get_model (dropdown));
  GtkWidget *spin = ctd_test_table_entry_input (dialog, "Port", GTK_TYPE_SPIN_BUTTON);
  g_autofree char *text = g_strdup_printf ("%u", port);
  guint loopback = GTK_INVALID_LIST_POSITION;

  assert_string_equal (gtk_string_list_get_string (names, 0), "All interfaces");
  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (names)); i++)
    if (g_str_has_suffix (gtk_string_list_get_string (names, i), " — 127.0.0.1"))
      loopback = i;
  assert_int_not_equal (loopback, GTK_INVALID_LIST_POSITION);
  gtk_drop_down_set_selected (dropdown, loopback);
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
}

/* Button @name pressed, shown and enabled. */
void
ctd_test_table_entry_click (CtdTableEntryDialog *dialog,
                            const char          *name)
{
  GtkWidget *button = ctd_test_table_entry_input (dialog, name, GTK_TYPE_BUTTON);

  assert_true (gtk_widget_get_visible (button));
  assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}
