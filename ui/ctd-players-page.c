/* ctd-players-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-players-page"

#include "config.h"

#include "ctd-players-page-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ctd-record-items.h"
#include "ctd-ui.h"

/*
 * The players of the open event: a sortable, searchable table over the
 * document's player list (it updates in place, so the selection stays
 * on its players), with registration, corrections, check-in and
 * withdrawal. Enter on a row checks the player in or out, F2 edits the
 * player's name, club and member ID (Enter stays check-in: at the desk it
 * is the key pressed most). Every change goes through the document; a
 * refusal is shown above the table in the store's words.
 *
 * The desk on the day: players arrive in a rush. A few letters of a name
 * in the search field, Enter checks in the one player they match (or the
 * one chosen among several: Down goes to the list), says so with the
 * count, and clears the field for the next arrival. Several rows can be
 * checked in or out at once, and an event where everyone registered is
 * present checks them all in after one confirmation; each is one action,
 * so one undo.
 *
 * The actions (registering, editing, check-in, withdrawal, import) are
 * in ctd-players-page-actions.c.
 */


enum
{
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CtdPlayersPage, ctd_players_page, GTK_TYPE_WIDGET)

static char *
player_status_text (gpointer  unused,
                    gboolean  checked_in,
                    gboolean  withdrawn)
{
  return g_strdup (withdrawn ? _("Withdrawn") : checked_in ? _("Checked in")
                                                           : _("Not checked in"));
}

void
ctd_players_page_show_message (CtdPlayersPage *self,
                               const char     *text,
                               gboolean        is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

/* The players selected in the table, in its order. */
GPtrArray *
ctd_players_page_selected_players (CtdPlayersPage *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);
  GtkBitsetIter iter;
  guint position;

  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    g_ptr_array_add (players, g_list_model_get_item (G_LIST_MODEL (self->selection), position));
  return players;
}

/* The one player selected, or NULL when none or several are: editing,
 * withdrawing and reinstating are about one player. */
CtdPlayerItem *
ctd_players_page_selected_player (CtdPlayersPage *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  if (gtk_bitset_get_size (selected) != 1)
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->selection), gtk_bitset_get_minimum (selected));
}

static gboolean
can_change (CtdPlayersPage *self)
{
  return self->document != NULL && !ctd_document_get_read_only (self->document) &&
         !ctd_document_get_busy (self->document);
}

/* Registered (not withdrawn) and checked-in players, under the table:
 * bound to both counts, each giving the whole line. */
static gboolean
counts_to_text (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  g_autoptr(GObject) source = g_binding_dup_source (binding);
  CtdDocument *document = CTD_DOCUMENT (source);

  g_value_take_string (to, g_strdup_printf (_("%u registered, %u checked in"),
                                            ctd_document_get_n_registered (document),
                                            ctd_document_get_n_checked_in (document)));
  return TRUE;
}

void
ctd_players_page_update_actions (CtdPlayersPage *self)
{
  g_autoptr(CtdPlayerItem) player = ctd_players_page_selected_player (self);
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  gboolean changeable = can_change (self);
  gboolean withdrawn = player != NULL && ctd_player_item_get_withdrawn (player);
  gboolean any = !gtk_bitset_is_empty (selected);
  guint registered = 0, checked_in = 0;

  if (self->document != NULL)
    {
      registered = ctd_document_get_n_registered (self->document);
      checked_in = ctd_document_get_n_checked_in (self->document);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.add", changeable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.import", changeable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.edit", changeable && player != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.check-in", changeable && any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.check-out", changeable && any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.check-in-all",
                                 changeable && checked_in < registered);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.withdraw",
                                 changeable && player != NULL && !withdrawn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.reinstate",
                                 changeable && withdrawn);
}

static void
document_changed_cb (CtdPlayersPage *self,
                     CtdChange       what,
                     guint           round,
                     guint           chouette,
                     CtdDocument    *document)
{
  ctd_ui_expire_message (self->message_revealer);
  /* The selected player's row changed in place (withdrawn, reinstated):
   * the list says nothing of it. */
  if (what & (CTD_CHANGE_PLAYERS | CTD_CHANGE_SETTINGS | CTD_CHANGE_ROUNDS))
    ctd_players_page_update_actions (self);
}

/* ---- check-in ---------------------------------------------------------- */

/* Checks @players in or out as one action, and says what it did with the
 * count the desk watches ("Anna Berg checked in (14 of 22 present).").
 * Returns whether anyone changed: a player already present is said to
 * be, and stays as they are. */
gboolean
ctd_players_page_set_checked_in (CtdPlayersPage *self,
                                 GPtrArray      *players,
                                 gboolean        checked_in)
{
  g_autoptr(GArray) ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), players->len);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_changed = 0, registered, present;
  const char *name;

  for (guint i = 0; i < players->len; i++)
    {
      gint64 id = ctd_player_item_get_id (g_ptr_array_index (players, i));

      g_array_append_val (ids, id);
    }
  if (!ctd_document_set_checked_in_players (self->document, (const gint64 *) ids->data, ids->len,
                                            checked_in, &n_changed, &error))
    {
      ctd_players_page_show_message (self, error->message, TRUE);
      return FALSE;
    }
  registered = ctd_document_get_n_registered (self->document);
  present = ctd_document_get_n_checked_in (self->document);
  name = ctd_player_item_get_name (g_ptr_array_index (players, 0));
  if (players->len == 1 && n_changed == 0)
    text = g_strdup_printf (checked_in ? _("%s is already checked in (%u of %u present).")
                                       : _("%s is not checked in (%u of %u present)."),
                            name, present, registered);
  else if (players->len == 1)
    text = g_strdup_printf (checked_in ? _("%s checked in (%u of %u present).")
                                       : _("%s checked out (%u of %u present)."),
                            name, present, registered);
  else if (n_changed == 0)
    text = g_strdup_printf (checked_in
                            ? _("The selected players are already checked in (%u of %u present).")
                            : _("None of the selected players is checked in (%u of %u present)."),
                            present, registered);
  else if (checked_in)
    text = g_strdup_printf (g_dngettext (NULL, "%u player checked in (%u of %u present).",
                                         "%u players checked in (%u of %u present).", n_changed),
                            n_changed, present, registered);
  else
    text = g_strdup_printf (g_dngettext (NULL, "%u player checked out (%u of %u present).",
                                         "%u players checked out (%u of %u present).", n_changed),
                            n_changed, present, registered);
  ctd_players_page_show_message (self, text, FALSE);
  return n_changed > 0;
}

/* Enter on a row: that player in or out. A name looked up at the desk
 * and checked in sends the keyboard back to the empty field, for the
 * next arrival. */
static void
column_view_activate_cb (CtdPlayersPage *self,
                         guint           position,
                         GtkColumnView  *column_view)
{
  g_autoptr(CtdPlayerItem) player = g_list_model_get_item (G_LIST_MODEL (self->selection),
                                                           position);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  gboolean checking_in, searching;

  if (player == NULL || !can_change (self))
    return;
  checking_in = !ctd_player_item_get_checked_in (player);
  searching = *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0';
  g_ptr_array_add (one, player);
  if (ctd_players_page_set_checked_in (self, one, checking_in) && checking_in && searching)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
    }
}

/* Enter in the search field: the one match checked in, or the ones
 * chosen among several; else what to do. */
static void
search_entry_activate_cb (CtdPlayersPage *self,
                          GtkSearchEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  GListModel *matches = G_LIST_MODEL (self->selection);
  guint n_matches = g_list_model_get_n_items (matches);
  g_autoptr(GPtrArray) chosen = NULL;
  g_autofree char *message = NULL;

  if (*text == '\0' || !can_change (self))
    return;
  if (n_matches == 0)
    {
      message = g_strdup_printf (_("No player matches “%s”."), text);
      ctd_players_page_show_message (self, message, TRUE);
      return;
    }
  if (n_matches == 1)
    {
      chosen = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (chosen, g_list_model_get_item (matches, 0));
    }
  else
    chosen = ctd_players_page_selected_players (self);
  if (chosen->len == 0)
    {
      message = g_strdup_printf (g_dngettext (NULL,
                                              "%u player matches “%s”: choose one with Down, "
                                              "or type more.",
                                              "%u players match “%s”: choose one with Down, "
                                              "or type more.", n_matches),
                                 n_matches, text);
      ctd_players_page_show_message (self, message, FALSE);
      return;
    }
  if (ctd_players_page_set_checked_in (self, chosen, TRUE))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

/* Escape empties the field (the whole list again). */
static void
search_entry_stop_search_cb (CtdPlayersPage *self,
                             GtkSearchEntry *entry)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

/* The list's first row, focused and chosen. GTK 4.8's column view has
 * no call for it, and its inner list view's focus stays on the row last
 * focused (the player of an earlier search): that view's own Home key
 * does it, so it is asked to. */
static void
focus_first_row (CtdPlayersPage *self)
{
  for (GtkWidget *view = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       view != NULL; view = gtk_widget_get_next_sibling (view))
    {
      g_autoptr(GListModel) controllers = NULL;

      if (!GTK_IS_LIST_VIEW (view))
        continue;
      controllers = gtk_widget_observe_controllers (view);
      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
                  gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Home &&
                  gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
                {
                  gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, view,
                                                gtk_shortcut_get_arguments (shortcut));
                  return;
                }
            }
        }
    }
}

/* Down from the search field goes to the list's first row, chosen,
 * rather than to whatever lies below on screen (a label). */
static gboolean
search_entry_key_pressed_cb (CtdPlayersPage        *self,
                             guint                  keyval,
                             guint                  keycode,
                             GdkModifierType        state,
                             GtkEventControllerKey *controller)
{
  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down) ||
      (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    focus_first_row (self);
  return TRUE;
}

/* What is chosen is among what was typed: a new search starts with
 * nothing chosen, or with its one match, so that Enter in the field
 * never checks in a row chosen for an earlier name. */
static void
name_filter_changed_cb (CtdPlayersPage *self,
                        GtkFilterChange change,
                        GtkFilter      *filter)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 1)
    gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), 0, TRUE);
  else
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
}

/* ---- the table's cells --------------------------------------------------- */

/* What a column's cells show: a label of one property of the player (the
 * status: of two). The cells are plain labels made in C rather than
 * GtkBuilder templates: GTK 4.8's column view keeps up to 200 rows alive
 * whatever the window's height, six cells each, and a template per cell
 * was a quarter of the window's start on a 512-player event. */
typedef struct
{
  const char *factory;    /* the column's factory in the template */
  const char *property;   /* what its cells show; NULL: the status */
  float       xalign;
  gboolean    ellipsize;
} PlayerColumn;

static const PlayerColumn player_columns[] = {
  { "id_factory", "id", 1, FALSE },
  { "name_factory", "name", 0, TRUE },
  { "club_factory", "club", 0, TRUE },
  { "member_id_factory", "member-id", 0, FALSE },
  { "status_factory", NULL, 0, FALSE },
  { "seat_factory", "seat", 0, FALSE },
};

static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               const PlayerColumn       *column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column->xalign);
  if (column->ellipsize)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (list_item, label);
}

static void
draw_cell (GtkListItem        *list_item,
           const PlayerColumn *column)
{
  CtdPlayerItem *player = gtk_list_item_get_item (list_item);
  g_autofree char *text = NULL;

  if (player == NULL)
    ;
  else if (column->property == NULL)
    text = player_status_text (NULL, ctd_player_item_get_checked_in (player),
                               ctd_player_item_get_withdrawn (player));
  else
    {
      g_auto(GValue) value = G_VALUE_INIT;
      g_auto(GValue) string = G_VALUE_INIT;

      g_value_init (&string, G_TYPE_STRING);
      g_object_get_property (G_OBJECT (player), column->property, &value);
      if (g_value_transform (&value, &string))
        text = g_value_dup_string (&string);
    }
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text != NULL ? text : "");
}

/* A player corrected, checked in or seated: the items change in place. */
static void
player_notify_cb (CtdPlayerItem *player,
                  GParamSpec    *pspec,
                  GtkListItem   *list_item)
{
  const PlayerColumn *column = g_object_get_data (G_OBJECT (list_item), "ctd-column");

  if (column->property != NULL ? strcmp (pspec->name, column->property) == 0
                               : (strcmp (pspec->name, "checked-in") == 0 ||
                                  strcmp (pspec->name, "withdrawn") == 0))
    draw_cell (list_item, column);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              const PlayerColumn       *column)
{
  g_object_set_data (G_OBJECT (list_item), "ctd-column", (gpointer) column);
  g_signal_connect (gtk_list_item_get_item (list_item), "notify",
                    G_CALLBACK (player_notify_cb), list_item);
  draw_cell (list_item, column);
}

static void
cell_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                const PlayerColumn       *column)
{
  gpointer player = gtk_list_item_get_item (list_item);

  if (player != NULL)
    g_signal_handlers_disconnect_by_func (player, player_notify_cb, list_item);
}

static void
connect_cells (CtdPlayersPage *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (player_columns); i++)
    {
      const PlayerColumn *column = &player_columns[i];
      GObject *factory = gtk_widget_get_template_child (GTK_WIDGET (self), CTD_TYPE_PLAYERS_PAGE,
                                                        column->factory);

      g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), (gpointer) column);
      g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), (gpointer) column);
      g_signal_connect (factory, "unbind", G_CALLBACK (cell_unbind_cb), (gpointer) column);
    }
}

/* ---- the object -------------------------------------------------------- */

static void
selection_notify_cb (CtdPlayersPage *self,
                     GParamSpec     *pspec,
                     gpointer        source)
{
  ctd_players_page_update_actions (self);
}

static void
selection_changed_cb (CtdPlayersPage     *self,
                      guint               position,
                      guint               n_items,
                      GtkSelectionModel  *selection)
{
  ctd_players_page_update_actions (self);
}

/* A selected player filtered out is no longer selected. */
static void
items_changed_cb (CtdPlayersPage *self,
                  guint           position,
                  guint           removed,
                  guint           added,
                  GListModel     *model)
{
  ctd_players_page_update_actions (self);
}

/* The counts and the actions follow whichever document the page shows:
 * the groups move every binding and handler together. */
static void
follow_document (CtdPlayersPage *self)
{
  const char *const notifies[] = { "notify::busy", "notify::read-only", "notify::n-registered",
                                   "notify::n-checked-in" };

  self->bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->bindings, "n-registered", self->count_label, "label",
                             G_BINDING_SYNC_CREATE, counts_to_text, NULL, NULL, NULL);
  g_binding_group_bind_full (self->bindings, "n-checked-in", self->count_label, "label",
                             G_BINDING_SYNC_CREATE, counts_to_text, NULL, NULL, NULL);

  self->signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->signals, "changed", G_CALLBACK (document_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (notifies); i++)
    g_signal_group_connect_object (self->signals, notifies[i], G_CALLBACK (selection_notify_cb),
                                   self, G_CONNECT_SWAPPED);
}

/**
 * ctd_players_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's players; the page follows its changes.
 */
void
ctd_players_page_set_document (CtdPlayersPage *self,
                               CtdDocument    *document)
{
  g_return_if_fail (CTD_IS_PLAYERS_PAGE (self));
  g_return_if_fail (document == NULL || CTD_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  g_set_object (&self->document, document);
  /* The rows wait until the page is shown (ctd_players_page_map()): GTK
   * 4.8's column view makes 200 at once, whatever its height, and the
   * window opens an event on another page. */
  self->rows_pending = document != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self));
  gtk_filter_list_model_set_model (self->filter_model,
                                   document != NULL && !self->rows_pending
                                     ? ctd_document_get_players (document) : NULL);
  g_binding_group_set_source (self->bindings, document);
  g_signal_group_set_target (self->signals, document);
  if (document == NULL)
    gtk_label_set_text (self->count_label, "");
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  ctd_players_page_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/**
 * ctd_players_page_get_document:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the event shown
 */
CtdDocument *
ctd_players_page_get_document (CtdPlayersPage *self)
{
  g_return_val_if_fail (CTD_IS_PLAYERS_PAGE (self), NULL);
  return self->document;
}

static void
ctd_players_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_players_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      ctd_players_page_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_players_page_map (GtkWidget *widget)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (widget);

  if (self->rows_pending)
    {
      self->rows_pending = FALSE;
      gtk_filter_list_model_set_model (self->filter_model,
                                       ctd_document_get_players (self->document));
    }
  GTK_WIDGET_CLASS (ctd_players_page_parent_class)->map (widget);
}

static void
ctd_players_page_dispose (GObject *object)
{
  CtdPlayersPage *self = CTD_PLAYERS_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->import_cancellable);
  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_PLAYERS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ctd_players_page_parent_class)->dispose (object);
}

static void
ctd_players_page_class_init (CtdPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ctd_players_page_dispose;
  object_class->get_property = ctd_players_page_get_property;
  object_class->set_property = ctd_players_page_set_property;
  widget_class->map = ctd_players_page_map;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, CTD_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CTD_TYPE_PLAYER_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, selection);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, sort_model);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, filter_model);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, name_filter);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, CtdPlayersPage, import_progress);
  for (guint i = 0; i < G_N_ELEMENTS (player_columns); i++)
    gtk_widget_class_bind_template_child_full (widget_class, player_columns[i].factory, FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, player_status_text);

  ctd_players_page_install_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_players_page_init (CtdPlayersPage *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  connect_cells (self);
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  gtk_sort_list_model_set_sorter (self->sort_model,
                                  gtk_column_view_get_sorter (self->column_view));
  g_object_bind_property (self->search_entry, "text", self->name_filter, "search",
                          G_BINDING_DEFAULT);
  g_signal_connect_object (self->selection, "selection-changed",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed",
                           G_CALLBACK (items_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->name_filter, "changed", G_CALLBACK (name_filter_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (column_view_activate_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "activate",
                           G_CALLBACK (search_entry_activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "stop-search",
                           G_CALLBACK (search_entry_stop_search_cb), self, G_CONNECT_SWAPPED);
  /* Before the field's own text handles Down (as a move to the label
   * below). */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (search_entry_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  follow_document (self);
  ctd_players_page_update_actions (self);
}
