/* ctd-table-entry-dialog.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-table-entry-dialog"

#include "config.h"

#include "ctd-table-entry-dialog.h"

#include <glib/gi18n.h>

#include "ctd-serve-interfaces.h"
#include "ctd-ui.h"

/*
 * Table Entry: the window's own server for the tables' phones (issue
 * 21), started and stopped here. The director picks the network (all
 * of them, or one interface's address) and the port, presses Start
 * (or Enter), and reads the state: where the tables' links answer and
 * how many tables opened theirs lately. The server is the window's
 * (ctd-main-window-serve.c): closing this dialog only hides it, and the
 * server goes on serving until Stop, another event, or the event's close.
 *
 * It also says which chouettes' tables sent lines that wait for the
 * director (Go to takes the director to the first), and reissues one
 * chouette's link when its sheet or phone goes missing: asked first,
 * then one action, undone with Ctrl+Z here as in the window.
 */

struct _CtdTableEntryDialog
{
  GtkWindow       parent_instance;

  /* template widgets */
  GtkWidget      *settings_grid;
  GtkDropDown    *interface_dropdown;
  GtkSpinButton  *port_spin;
  GtkLabel       *state_label;
  GtkWidget      *start_button;
  GtkWidget      *stop_button;
  GtkLabel       *message_label;
  GtkLabel       *waiting_label;
  GtkFlowBox     *waiting_box;
  GtkEntry       *reissue_entry;
  GtkLabel       *reissue_label;

  /* owned */
  CtdTableServer *server;
  GSignalGroup   *server_signals;
  GSignalGroup   *document_signals;
  GPtrArray      *interfaces;  /* CtdServeInterface, as the drop-down lists them */
  guint           reissue_round;  /* the chouette asked about, until confirmed */
  guint           reissue_chouette;
};

G_DEFINE_FINAL_TYPE (CtdTableEntryDialog, ctd_table_entry_dialog, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_SERVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_message (CtdTableEntryDialog *self,
              const char          *text)
{
  if (text != NULL)
    ctd_ui_show_message (self->message_label, NULL, text, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), text != NULL);
}

/* Under the chouette field: a refusal, or what the reissue did. */
static void
show_reissue_message (CtdTableEntryDialog *self,
                      const char          *text,
                      gboolean             is_error)
{
  if (text != NULL)
    ctd_ui_show_message (self->reissue_label, NULL, text, is_error);
  gtk_widget_set_visible (GTK_WIDGET (self->reissue_label), text != NULL);
}

static gboolean
is_listening (CtdTableEntryDialog *self)
{
  return self->server != NULL && ctd_table_server_get_listening (self->server);
}

static gboolean
is_event_closed (CtdTableEntryDialog *self)
{
  CtdDocument *document = g_signal_group_dup_target (self->document_signals);
  gboolean closed = document != NULL && ctd_document_get_closed (document);

  g_clear_object (&document);
  return closed;
}

/* The networks offered: read again each time the dialog opens while
 * not serving (the venue's Wi-Fi may have joined meanwhile), the
 * choice kept when its address is still there. */
static void
fill_interfaces (CtdTableEntryDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *chosen = NULL;
  guint selected = 0;

  if (self->interfaces != NULL)
    {
      guint position = gtk_drop_down_get_selected (self->interface_dropdown);

      if (position < self->interfaces->len)
        chosen = g_strdup (((CtdServeInterface *) g_ptr_array_index (self->interfaces,
                                                                     position))->address);
    }
  g_clear_pointer (&self->interfaces, g_ptr_array_unref);
  self->interfaces = ctd_serve_list_interfaces ();
  for (guint i = 0; i < self->interfaces->len; i++)
    {
      CtdServeInterface *interface = g_ptr_array_index (self->interfaces, i);
      g_autofree char *name = NULL;

      if (interface->address == NULL)
        name = g_strdup (interface->name);
      else
        /* TRANSLATORS: a network interface and its address, "wlan0 — 192.168.1.20" */
        name = g_strdup_printf (_("%s — %s"), interface->name, interface->address);
      gtk_string_list_append (names, name);
      if (chosen != NULL && g_strcmp0 (interface->address, chosen) == 0)
        selected = i;
    }
  gtk_drop_down_set_model (self->interface_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->interface_dropdown, selected);
}

/* What the director reads: the state in words, the buttons that fit it. */
static void
update_state (CtdTableEntryDialog *self)
{
  gboolean listening = is_listening (self);
  gboolean closed = is_event_closed (self);
  g_autofree char *text = NULL;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  gboolean had_button_focus = focus == self->start_button || focus == self->stop_button;

  if (listening)
    {
      g_autofree char *uri = ctd_table_server_get_uri (self->server);
      guint n = ctd_table_server_get_n_tables (self->server);

      g_autofree char *report = ctd_table_server_dup_guard_report (self->server);

      text = g_strdup_printf (ngettext ("Serving at %s — %u table connected",
                                        "Serving at %s — %u tables connected", n), uri, n);
      /* Wrong links from an address, answered slowly: the director sees
       * who and how many (ctd_table_server_dup_guard_report()). */
      if (report != NULL)
        {
          g_autofree char *serving = g_steal_pointer (&text);

          text = g_strconcat (serving, ". ", report, NULL);
        }
      /* The port taken (any free one when 0 was asked) is kept for the
       * next Start: the sheets printed meanwhile carry it in their links. */
      gtk_spin_button_set_value (self->port_spin, ctd_table_server_get_port (self->server));
    }
  else if (self->server == NULL)
    text = g_strdup (_("Not serving. Open an event to serve its tables."));
  else if (closed)
    text = g_strdup (_("Not serving. The event is closed: its tables enter nothing more."));
  else
    text = g_strdup (_("Not serving."));
  gtk_label_set_text (self->state_label, text);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table-entry.start",
                                 self->server != NULL && !listening && !closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table-entry.stop", listening);
  gtk_widget_set_sensitive (self->settings_grid, self->server != NULL && !listening);
  gtk_widget_set_visible (self->start_button, !listening);
  gtk_widget_set_visible (self->stop_button, listening);
  /* Enter starts; once serving, Enter does nothing a director did not mean. */
  gtk_window_set_default_widget (GTK_WINDOW (self), listening ? NULL : self->start_button);
  /* The button pressed gives way to the other: the focus goes with it. */
  if (had_button_focus)
    gtk_widget_grab_focus (listening ? self->stop_button : self->start_button);
}

/* A button to chouette @waiting's scoring page: "1.3: 4 lines". */
static GtkWidget *
waiting_button_new (const CtdWaitingChouette *waiting)
{
  g_autofree char *label = g_strdup_printf ("%u.%u", waiting->round, waiting->chouette);
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  GtkWidget *button;

  /* TRANSLATORS: a button: a chouette ("1.3") and how many of its
   * table's lines wait for the director */
  text = g_strdup_printf (ngettext ("%s: %u line", "%s: %u lines", waiting->n_lines), label,
                          waiting->n_lines);
  /* TRANSLATORS: the same button's name for a screen reader */
  name = g_strdup_printf (ngettext ("Open chouette %s's scoring page: %u line waits",
                                    "Open chouette %s's scoring page: %u lines wait",
                                    waiting->n_lines), label, waiting->n_lines);
  button = gtk_button_new_with_label (text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "table-entry.show-chouette");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", label);
  return button;
}

/* Which chouettes' lines wait for the director: one button each, the
 * longest wait first; Alt+G goes to that one. */
static void
update_waiting (CtdTableEntryDialog *self)
{
  g_autoptr(CtdDocument) document = g_signal_group_dup_target (self->document_signals);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GVariant) focused = NULL;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  GtkWidget *child;

  /* The buttons are made again: the keyboard stays on its chouette's. */
  if (focus != NULL && GTK_IS_BUTTON (focus) &&
      gtk_widget_is_ancestor (focus, GTK_WIDGET (self->waiting_box)))
    focused = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (focus));
  if (focused != NULL)
    g_variant_ref (focused);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->waiting_box))) != NULL)
    gtk_flow_box_remove (self->waiting_box, child);
  if (document != NULL)
    chouettes = ctd_document_list_waiting_chouettes (document, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->waiting_label), document != NULL);
  if (chouettes == NULL || chouettes->len == 0)
    {
      gtk_label_set_use_underline (self->waiting_label, FALSE);
      gtk_label_set_text (self->waiting_label, error != NULL ? error->message
                                                             : _("No table's line waits for you."));
      gtk_label_set_mnemonic_widget (self->waiting_label, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->waiting_box), FALSE);
      if (focused != NULL)
        gtk_widget_grab_focus (gtk_widget_get_visible (self->start_button) ? self->start_button
                                                                           : self->stop_button);
      return;
    }
  for (guint i = 0; i < chouettes->len; i++)
    {
      GtkWidget *button = waiting_button_new (g_ptr_array_index (chouettes, i));
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));

      gtk_flow_box_append (self->waiting_box, button);
      /* The button takes the keyboard, not the box's child around it. */
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
      if (i == 0)
        gtk_label_set_mnemonic_widget (self->waiting_label, button);
      if (focused != NULL && (i == 0 || g_variant_equal (target, focused)))
        gtk_widget_grab_focus (button);
    }
  gtk_label_set_text_with_mnemonic (self->waiting_label,
                                    _("Waiting for you, the longest wait first (_Go to it):"));
  gtk_widget_set_visible (GTK_WIDGET (self->waiting_box), TRUE);
}

/* A change (an undo, another table's line, the event closed) ends what
 * the reissue's message said; the reissue announces its change before
 * it shows its message. */
static void
document_changed_cb (CtdTableEntryDialog *self)
{
  show_reissue_message (self, NULL, FALSE);
}

/* ---- actions ---------------------------------------------------------- */

/* table-entry.undo and .redo: the window's win.undo and win.redo (the
 * dialog is a window of its own, outside the window's actions; it does
 * not hold them, which would keep the window alive). */
static void
window_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GtkWindow *window = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window),
                                g_str_equal (action_name, "table-entry.undo") ? "win.undo"
                                                                              : "win.redo",
                                NULL);
}

/* table-entry.show-chouette "1.3": the window's scoring page on it. */
static void
show_chouette_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GtkWindow *window = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (window == NULL)
    return;
  gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-chouette", parameter);
  gtk_window_present (window);
}

static void
reissue_confirmed (gpointer user_data)
{
  CtdTableEntryDialog *self = user_data;
  g_autoptr(CtdDocument) document = g_signal_group_dup_target (self->document_signals);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (document == NULL || self->reissue_round == 0)
    return;
  if (!ctd_document_reissue_link (document, self->reissue_round, self->reissue_chouette,
                                  &error))
    {
      show_reissue_message (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("Chouette %u.%u has a new link: print its sheet (or the round's link "
                            "slips) again."), self->reissue_round, self->reissue_chouette);
  gtk_editable_set_text (GTK_EDITABLE (self->reissue_entry), "");
  show_reissue_message (self, text, FALSE);
  self->reissue_round = self->reissue_chouette = 0;
}

/* Reissue Link… (or Enter in the chouette's field): checked first, so
 * that a chouette the event lacks is told before anything is asked. */
static void
reissue_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (widget);
  g_autoptr(CtdDocument) document = g_signal_group_dup_target (self->document_signals);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *question = NULL;
  g_autofree char *detail = NULL;
  guint round, chouette;

  if (document == NULL)
    return;
  label = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reissue_entry))));
  if (!ctd_tournament_parse_label (label, &round, &chouette, &error) ||
      !ctd_document_check_reissue_link (document, round, chouette, &error))
    {
      show_reissue_message (self, error->message, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->reissue_entry));
      return;
    }
  show_reissue_message (self, NULL, FALSE);
  self->reissue_round = round;
  self->reissue_chouette = chouette;
  question = g_strdup_printf (_("Reissue chouette %u.%u's link?"), round, chouette);
  detail = g_strdup_printf (_("Chouette %u.%u's old link will open nothing; its table needs its "
                              "sheet or slip printed again."), round, chouette);
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, _("_Reissue"), reissue_confirmed,
                  G_OBJECT (self));
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  const CtdServeInterface *interface;
  guint position, port;

  if (self->server == NULL || is_listening (self) || is_event_closed (self))
    return;
  /* A port typed and not yet taken by the spin button counts. */
  gtk_spin_button_update (self->port_spin);
  port = (guint) gtk_spin_button_get_value_as_int (self->port_spin);
  position = gtk_drop_down_get_selected (self->interface_dropdown);
  g_assert (self->interfaces != NULL && position < self->interfaces->len);
  interface = g_ptr_array_index (self->interfaces, position);
  if (ctd_table_server_listen (self->server, interface->address, port, &error))
    {
      show_message (self, NULL);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
    {
      g_autofree char *text =
        g_strdup_printf (_("Port %u is in use by another program (perhaps another Chouette TD "
                           "serving): choose another port, such as %u, or 0 for any free one, "
                           "and press Start again."), port, port < 65535 ? port + 1 : 8080);

      show_message (self, text);
    }
  else
    {
      g_autofree char *text =
        g_strdup_printf (_("Table Entry could not start on port %u: %s"), port, error->message);

      show_message (self, text);
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->port_spin));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (widget);

  if (self->server != NULL)
    ctd_table_server_stop (self->server);
}

static void
reissue_entry_activate_cb (CtdTableEntryDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "table-entry.reissue", NULL);
}

/* ---- the object -------------------------------------------------------- */

/**
 * ctd_table_entry_dialog_set_server:
 * @self: a Table Entry dialog
 * @server: (nullable): the window's server of the event shown, or %NULL
 *   with no event
 *
 * Shows and drives @server; the window calls it when its event changes.
 */
void
ctd_table_entry_dialog_set_server (CtdTableEntryDialog *self,
                                   CtdTableServer      *server)
{
  g_autoptr(CtdDocument) document = NULL;

  g_return_if_fail (CTD_IS_TABLE_ENTRY_DIALOG (self));
  g_return_if_fail (server == NULL || CTD_IS_TABLE_SERVER (server));

  if (!g_set_object (&self->server, server))
    return;
  if (server != NULL)
    g_object_get (server, "document", &document, NULL);
  g_signal_group_set_target (self->server_signals, server);
  g_signal_group_set_target (self->document_signals, document);
  show_message (self, NULL);
  show_reissue_message (self, NULL, FALSE);
  update_state (self);
  update_waiting (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
}

/**
 * ctd_table_entry_dialog_get_server:
 * @self: a Table Entry dialog
 *
 * Returns: (transfer none) (nullable): the server it drives
 */
CtdTableServer *
ctd_table_entry_dialog_get_server (CtdTableEntryDialog *self)
{
  g_return_val_if_fail (CTD_IS_TABLE_ENTRY_DIALOG (self), NULL);
  return self->server;
}

static void
ctd_table_entry_dialog_show (GtkWidget *widget)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (widget);

  if (!is_listening (self))
    fill_interfaces (self);
  update_state (self);
  GTK_WIDGET_CLASS (ctd_table_entry_dialog_parent_class)->show (widget);
  /* Enter starts at once with the choices shown. */
  if (!is_listening (self))
    gtk_window_set_focus (GTK_WINDOW (self), self->start_button);
}

static void
ctd_table_entry_dialog_dispose (GObject *object)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (object);

  g_clear_object (&self->server_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->server);
  g_clear_pointer (&self->interfaces, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_TABLE_ENTRY_DIALOG);
  G_OBJECT_CLASS (ctd_table_entry_dialog_parent_class)->dispose (object);
}

static void
ctd_table_entry_dialog_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_table_entry_dialog_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  CtdTableEntryDialog *self = CTD_TABLE_ENTRY_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      ctd_table_entry_dialog_set_server (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_table_entry_dialog_class_init (CtdTableEntryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ctd_table_entry_dialog_dispose;
  object_class->get_property = ctd_table_entry_dialog_get_property;
  object_class->set_property = ctd_table_entry_dialog_set_property;
  widget_class->show = ctd_table_entry_dialog_show;

  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL, CTD_TYPE_TABLE_SERVER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-table-entry-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, settings_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, interface_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, state_label);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, stop_button);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, waiting_label);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, waiting_box);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, reissue_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdTableEntryDialog, reissue_label);
  gtk_widget_class_install_action (widget_class, "table-entry.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "table-entry.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "table-entry.reissue", NULL, reissue_action);
  gtk_widget_class_install_action (widget_class, "table-entry.show-chouette", "s",
                                   show_chouette_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  /* The window's undo and redo, here too: a reissue is undone where it
   * was made. */
  gtk_widget_class_install_action (widget_class, "table-entry.undo", NULL, window_action);
  gtk_widget_class_install_action (widget_class, "table-entry.redo", NULL, window_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "table-entry.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "table-entry.redo", NULL);
}

static void
ctd_table_entry_dialog_init (CtdTableEntryDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_name_drop_down (self->interface_dropdown, _("Network interface"));
  /* Enter in the port starts, as on the button. */
  gtk_text_set_activates_default (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (self->port_spin))),
                                  TRUE);
  /* Enter in the chouette's field reissues (Start stays the default);
   * Ctrl+Z there undoes the window's last action, not the typing. */
  g_signal_connect_object (self->reissue_entry, "activate", G_CALLBACK (reissue_entry_activate_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_editable_set_enable_undo (GTK_EDITABLE (self->reissue_entry), FALSE);
  self->server_signals = g_signal_group_new (CTD_TYPE_TABLE_SERVER);
  g_signal_group_connect_object (self->server_signals, "notify::listening",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->server_signals, "notify::n-tables",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->server_signals, "notify::guard-report",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  self->document_signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::closed",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "submissions-changed",
                                 G_CALLBACK (update_waiting), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "changed",
                                 G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  fill_interfaces (self);
  update_state (self);
  update_waiting (self);
}

/**
 * ctd_table_entry_dialog_new:
 * @parent: the window whose server it drives
 *
 * Returns: (transfer none): the dialog, not yet shown, with no server
 *   (ctd_table_entry_dialog_set_server())
 */
CtdTableEntryDialog *
ctd_table_entry_dialog_new (GtkWindow *parent)
{
  return g_object_new (CTD_TYPE_TABLE_ENTRY_DIALOG, "transient-for", parent, NULL);
}
