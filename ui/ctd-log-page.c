/* ctd-log-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-log-page"

#include "config.h"

#include "ctd-log-page.h"

#include <glib/gi18n.h>

#include "ctd-record-items.h"
#include "ctd-outcome.h"
#include "ctd-tournament.h"
#include "ctd-ui.h"

/*
 * The event's audit log as the director reads it: when (local time),
 * what, and the store's own summary, which names players, never ids;
 * newest first, every entry or those of one chouette. Undo and Redo are
 * the window's own actions (win.undo, win.redo), so there is one way
 * back whichever button or key is used; their tooltips say what they
 * would take back. The list is the document's live model: another
 * program's write appears as it is noticed.
 */

struct _CtdLogPage
{
  GtkWidget        parent_instance;

  /* template widgets */
  GtkDropDown     *filter_dropdown;
  GtkStringList   *filter_labels;
  GtkLabel        *count_label;
  GtkWidget       *undo_button;
  GtkWidget       *redo_button;
  GtkColumnView   *column_view;
  GtkScrolledWindow *scrolled;
  GtkSingleSelection *selection;
  GtkFilterListModel *filter_model;
  GtkCustomFilter *chouette_filter;

  /* owned */
  CtdDocument     *document;
  GBindingGroup   *bindings;   /* the tooltips of Undo and Redo */
  GSignalGroup    *signals;
  GHashTable      *chouettes;  /* audit id (gint64 *) -> "1.3" (interned) */
  GHashTable      *labels;     /* the labels of @chouettes, once each */
  gint64           known_id;   /* the newest entry whose chouette is known */
  gboolean         stale;      /* changed while hidden: read again when shown */
};

G_DEFINE_FINAL_TYPE (CtdLogPage, ctd_log_page, GTK_TYPE_WIDGET)

/* "Mon 23 Nov, 18:44:27", in the machine's time zone. */
static char *
local_time_text (gpointer    unused,
                 const char *iso_time)
{
  g_autoptr(GDateTime) utc = iso_time != NULL ? g_date_time_new_from_iso8601 (iso_time, NULL)
                                              : NULL;
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup (iso_time != NULL ? iso_time : "");
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%a %-d %b, %H:%M:%S");
}

/* What became of an entry: an undone action, or an undo taken back. */
static char *
audit_state_text (gpointer    unused,
                  gboolean    undone,
                  const char *action)
{
  if (!undone)
    return g_strdup ("");
  return g_strdup (g_strcmp0 (action, "undo") == 0 ? _("Redone") : _("Undone"));
}

static char *
audit_action_title (gpointer    unused,
                    const char *action)
{
  return g_strdup (ctd_audit_action_to_title (action));
}

static const char *
chosen_label (CtdLogPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->filter_dropdown);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    return NULL;
  return gtk_string_list_get_string (self->filter_labels, selected);
}

static gboolean learn_chouettes (CtdLogPage *self);

static gboolean
entry_matches (gpointer item,
               gpointer user_data)
{
  CtdLogPage *self = user_data;
  const char *label = chosen_label (self);
  gint64 id;

  if (label == NULL)
    return TRUE;
  id = ctd_audit_item_get_id (item);
  /* An entry newer than the page knows (the document lists it before it
   * says "changed"): its chouette is read now. */
  if (id > self->known_id && self->document != NULL)
    learn_chouettes (self);
  return g_strcmp0 (g_hash_table_lookup (self->chouettes, &id), label) == 0;
}

static gint
compare_labels (gconstpointer a,
                gconstpointer b)
{
  guint ra = 0, ca = 0, rb = 0, cb = 0;

  ctd_tournament_parse_label (*(const char * const *) a, &ra, &ca, NULL);
  ctd_tournament_parse_label (*(const char * const *) b, &rb, &cb, NULL);
  return ra != rb ? (ra < rb ? -1 : 1) : (ca < cb ? -1 : ca > cb);
}

/* "All", then every chouette the log concerns, in label order; the
 * chosen one stays chosen. */
static void
update_filter_labels (CtdLogPage *self)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *chosen = g_strdup (chosen_label (self));
  GHashTableIter iter;
  gpointer label;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_labels));

  g_hash_table_iter_init (&iter, self->labels);
  while (g_hash_table_iter_next (&iter, &label, NULL))
    g_ptr_array_add (labels, label);
  g_ptr_array_sort (labels, compare_labels);
  g_ptr_array_insert (labels, 0, (gpointer) _("All"));
  g_ptr_array_add (labels, NULL);

  gtk_string_list_splice (self->filter_labels, 0, n, (const char * const *) labels->pdata);
  gtk_drop_down_set_selected (self->filter_dropdown, 0);
  for (guint i = 1; chosen != NULL && i < labels->len - 1; i++)
    if (g_str_equal (chosen, g_ptr_array_index (labels, i)))
      gtk_drop_down_set_selected (self->filter_dropdown, i);
}

/* Learns the chouette of each entry since the last look (an entry's
 * chouette never changes once written). Returns whether the log now
 * concerns a chouette it did not. */
static gboolean
learn_chouettes (CtdLogPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) concerned = NULL;
  gint64 newest = ctd_document_get_last_audit_id (self->document, &error);
  gboolean new_label = FALSE;

  if (error == NULL)
    concerned = ctd_document_list_audit_chouettes (self->document, self->known_id, &error);
  if (concerned == NULL)
    {
      g_warning ("The log could not be read: %s", error->message);
      return FALSE;
    }
  for (guint i = 0; i < concerned->len; i++)
    {
      const CtdOutcomeAuditChouette *one = &g_array_index (concerned, CtdOutcomeAuditChouette, i);
      g_autofree char *text = g_strdup_printf ("%u.%u", one->round, one->chouette);
      const char *label = g_intern_string (text);

      g_hash_table_insert (self->chouettes, g_memdup2 (&one->audit_id, sizeof (gint64)),
                           (gpointer) label);
      new_label |= g_hash_table_add (self->labels, (gpointer) label);
    }
  self->known_id = newest;
  return new_label;
}

/* The newest entry, chosen and in view, after the list changed under
 * the director's eyes. GTK 4.8's column view cannot scroll to a row
 * itself: its inner list view's own action can. */
static void
show_newest (CtdLogPage *self)
{
  gtk_single_selection_set_selected (self->selection, 0);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->column_view)) ||
      g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", 0);
}

static void
update_count (CtdLogPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  g_autofree char *text = g_strdup_printf (g_dngettext (NULL, "%u entry", "%u entries", n), n);

  gtk_label_set_text (self->count_label, text);
}

/* The buttons say what they would take back or bring again: each tooltip
 * is bound to both the summary and whether undo (redo) is offered. */
static gboolean
undo_to_tooltip (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_autoptr(GObject) source = g_binding_dup_source (binding);
  CtdDocument *document = CTD_DOCUMENT (source);

  if (ctd_document_get_can_undo (document))
    g_value_take_string (to, g_strdup_printf (_("Undo: %s"),
                                              ctd_document_get_undo_summary (document)));
  else
    g_value_set_string (to, _("Nothing to undo"));
  return TRUE;
}

static gboolean
redo_to_tooltip (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_autoptr(GObject) source = g_binding_dup_source (binding);
  CtdDocument *document = CTD_DOCUMENT (source);

  if (ctd_document_get_can_redo (document))
    g_value_take_string (to, g_strdup_printf (_("Redo: %s"),
                                              ctd_document_get_redo_summary (document)));
  else
    g_value_set_string (to, _("Nothing to redo"));
  return TRUE;
}

/* Everything again, when shown after changes or bound to a document. */
static void
refresh (CtdLogPage *self)
{
  GListModel *audit = self->document != NULL ? ctd_document_get_audit (self->document) : NULL;

  self->stale = FALSE;
  if (gtk_filter_list_model_get_model (self->filter_model) != audit)
    gtk_filter_list_model_set_model (self->filter_model, audit);
  if (self->document != NULL)
    learn_chouettes (self);
  update_filter_labels (self);
  gtk_filter_changed (GTK_FILTER (self->chouette_filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
  show_newest (self);
}

/* The entries themselves follow the document's live list; a new
 * chouette joins the filter, and the newest entry is shown. A hidden
 * page waits until it is shown. */
static void
document_changed_cb (CtdLogPage  *self,
                     CtdChange    what,
                     guint        round,
                     guint        chouette,
                     CtdDocument *document)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  if (learn_chouettes (self))
    update_filter_labels (self);
  update_count (self);
  show_newest (self);
}

static void
ctd_log_page_map (GtkWidget *widget)
{
  CtdLogPage *self = CTD_LOG_PAGE (widget);

  GTK_WIDGET_CLASS (ctd_log_page_parent_class)->map (widget);
  if (self->stale)
    refresh (self);
}

static void
filter_selected_cb (CtdLogPage  *self,
                    GParamSpec  *pspec,
                    GtkDropDown *dropdown)
{
  gtk_filter_changed (GTK_FILTER (self->chouette_filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
  show_newest (self);
}

/* Enter on an entry about a chouette: its scoring page. */
static void
entry_activated_cb (CtdLogPage    *self,
                    guint          position,
                    GtkColumnView *view)
{
  g_autoptr(CtdAuditItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  const char *label;
  gint64 id;

  if (item == NULL)
    return;
  id = ctd_audit_item_get_id (item);
  label = g_hash_table_lookup (self->chouettes, &id);
  if (label != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-chouette", "s", label);
}

/* The tooltips and the entries follow whichever document the page
 * shows: the groups move every binding and handler together. */
static void
follow_document (CtdLogPage *self)
{
  self->bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->bindings, "can-undo", self->undo_button, "tooltip-text",
                             G_BINDING_SYNC_CREATE, undo_to_tooltip, NULL, NULL, NULL);
  g_binding_group_bind_full (self->bindings, "undo-summary", self->undo_button, "tooltip-text",
                             G_BINDING_SYNC_CREATE, undo_to_tooltip, NULL, NULL, NULL);
  g_binding_group_bind_full (self->bindings, "can-redo", self->redo_button, "tooltip-text",
                             G_BINDING_SYNC_CREATE, redo_to_tooltip, NULL, NULL, NULL);
  g_binding_group_bind_full (self->bindings, "redo-summary", self->redo_button, "tooltip-text",
                             G_BINDING_SYNC_CREATE, redo_to_tooltip, NULL, NULL, NULL);

  self->signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->signals, "changed", G_CALLBACK (document_changed_cb),
                                 self, G_CONNECT_SWAPPED);
}

/**
 * ctd_log_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's log, every entry, and follows it.
 */
void
ctd_log_page_set_document (CtdLogPage  *self,
                           CtdDocument *document)
{
  g_return_if_fail (CTD_IS_LOG_PAGE (self));

  g_set_object (&self->document, document);
  g_binding_group_set_source (self->bindings, document);
  g_signal_group_set_target (self->signals, document);
  g_hash_table_remove_all (self->chouettes);
  g_hash_table_remove_all (self->labels);
  self->known_id = 0;
  gtk_drop_down_set_selected (self->filter_dropdown, 0);
  if (document == NULL)
    {
      gtk_widget_set_tooltip_text (self->undo_button, _("Nothing to undo"));
      gtk_widget_set_tooltip_text (self->redo_button, _("Nothing to redo"));
    }
  /* Sorting a long log, newest first, waits until the page is shown. */
  gtk_filter_list_model_set_model (self->filter_model, NULL);
  if (document == NULL || gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  else
    self->stale = TRUE;
}

static void
ctd_log_page_dispose (GObject *object)
{
  CtdLogPage *self = CTD_LOG_PAGE (object);
  GtkWidget *child;

  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_LOG_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->chouettes, g_hash_table_unref);
  g_clear_pointer (&self->labels, g_hash_table_unref);
  G_OBJECT_CLASS (ctd_log_page_parent_class)->dispose (object);
}

static void
ctd_log_page_class_init (CtdLogPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_log_page_dispose;
  widget_class->map = ctd_log_page_map;

  g_type_ensure (CTD_TYPE_AUDIT_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-log-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, filter_labels);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, redo_button);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, scrolled);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, selection);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, filter_model);
  gtk_widget_class_bind_template_child (widget_class, CtdLogPage, chouette_filter);
  gtk_widget_class_bind_template_callback (widget_class, local_time_text);
  gtk_widget_class_bind_template_callback (widget_class, audit_state_text);
  gtk_widget_class_bind_template_callback (widget_class, audit_action_title);
  gtk_widget_class_bind_template_callback (widget_class, entry_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_log_page_init (CtdLogPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->chouettes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->labels = g_hash_table_new (NULL, NULL);
  gtk_custom_filter_set_filter_func (self->chouette_filter, entry_matches, self, NULL);
  g_signal_connect_object (self->filter_dropdown, "notify::selected",
                           G_CALLBACK (filter_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filter_model, "items-changed", G_CALLBACK (update_count), self,
                           G_CONNECT_SWAPPED);
  follow_document (self);
  ctd_log_page_set_document (self, NULL);
}
