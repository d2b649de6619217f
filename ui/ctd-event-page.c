/* ctd-event-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-event-page"

#include "config.h"

#include "ctd-event-page.h"

#include <glib/gi18n.h>

#include "ctd-money.h"
#include "ctd-ui.h"

/*
 * The event's settings as a form. What the director types is checked by
 * core when saved (one action, undoable); a refusal keeps the typed text
 * and says why. Core's fee-to-stake advice (rule 1.8) shows while typing.
 * Enter in any field saves. A stake or a last-segment direction that
 * core holds fixed by the results (SPEC 7) is changed only after the
 * director confirms core's account of what it changes.
 */

struct _CtdEventPage
{
  GtkWidget    parent_instance;

  /* template widgets */
  GtkEntry    *name_entry;
  GtkEntry    *date_entry;
  GtkEntry    *venue_entry;
  GtkEntry    *stake_entry;
  GtkEntry    *fee_entry;
  GtkDropDown *direction_dropdown;
  GtkDropDown *language_dropdown;
  GtkCheckButton *auto_accept_check;
  GtkLabel    *fee_label;
  GtkRevealer *message_revealer;
  GtkLabel    *message_label;

  /* owned */
  CtdDocument *document;
  GBindingGroup *bindings;  /* whether the form can be typed in */
  GSignalGroup  *signals;
  GPtrArray     *language_codes;  /* the drop-down's, in its order; "" first */
};

G_DEFINE_FINAL_TYPE (CtdEventPage, ctd_event_page, GTK_TYPE_WIDGET)

static void
show_message (CtdEventPage *self,
              const char *text,
              gboolean    is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

static void
set_money (GtkEntry *entry,
           CtdCents  amount)
{
  g_autofree char *text = ctd_money_to_string (amount);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* Languages by their own names, as a speaker looks for theirs; any
 * other shows as its code. Names of languages, not translated. */
static const struct
{
  const char *code;
  const char *name;
} language_names[] = {
  { "da", "Dansk" }, { "de", "Deutsch" }, { "el", "Ελληνικά" }, { "en", "English" },
  { "es", "Español" }, { "fr", "Français" }, { "it", "Italiano" }, { "ja", "日本語" },
  { "nb", "Norsk bokmål" }, { "nl", "Nederlands" }, { "pl", "Polski" },
  { "pt", "Português" }, { "pt_BR", "Português (Brasil)" }, { "ru", "Русский" },
  { "sv", "Svenska" }, { "tr", "Türkçe" },
};

/* "Français (fr)", or "de_AT" for a language without a name here. */
static char *
language_title (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (language_names); i++)
    if (g_str_equal (language_names[i].code, code))
      return g_strdup_printf ("%s (%s)", language_names[i].name, code);
  return g_strdup (code);
}

/* The drop-down's choices: the language of whoever prints, English,
 * then each language the program has a translation for (LINGUAS), and
 * the event's own when it is none of those (the director's, "fr_CA"),
 * so that the form shows what the event file says. Selects @current. */
static void
fill_languages (CtdEventPage *self,
                const char   *current)
{
  g_auto(GStrv) linguas = g_strsplit (CTD_LINGUAS, " ", -1);
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  guint selected = 0;

  g_ptr_array_set_size (self->language_codes, 0);
  g_ptr_array_add (self->language_codes, g_strdup (""));
  g_ptr_array_add (self->language_codes, g_strdup ("en"));
  for (guint i = 0; linguas[i] != NULL; i++)
    if (*linguas[i] != '\0' && !g_str_equal (linguas[i], "en"))
      g_ptr_array_add (self->language_codes, g_strdup (linguas[i]));
  if (current != NULL && *current != '\0' &&
      !g_ptr_array_find_with_equal_func (self->language_codes, current, g_str_equal, NULL))
    g_ptr_array_add (self->language_codes, g_strdup (current));

  gtk_string_list_append (titles, _("The language of the computer that prints"));
  for (guint i = 1; i < self->language_codes->len; i++)
    {
      const char *code = g_ptr_array_index (self->language_codes, i);
      g_autofree char *title = language_title (code);

      gtk_string_list_append (titles, title);
      if (g_strcmp0 (code, current) == 0)
        selected = i;
    }
  gtk_drop_down_set_model (self->language_dropdown, G_LIST_MODEL (titles));
  gtk_drop_down_set_selected (self->language_dropdown, selected);
}

/* Fills the form from the stored settings. */
static void
load_settings (CtdEventPage *self)
{
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  if (!ctd_document_get_settings (self->document, &settings, &error))
    {
      show_message (self, error->message, TRUE);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), settings.name);
  gtk_editable_set_text (GTK_EDITABLE (self->date_entry), settings.date);
  gtk_editable_set_text (GTK_EDITABLE (self->venue_entry), settings.venue);
  set_money (self->stake_entry, settings.stake_cents);
  set_money (self->fee_entry, settings.entry_fee_cents);
  gtk_drop_down_set_selected (self->direction_dropdown,
                              settings.direction == CTD_LAST_SEGMENT_LOWEST_FIRST ? 1 : 0);
  gtk_check_button_set_active (self->auto_accept_check, settings.table_auto_accept);
  fill_languages (self, settings.language);
}

/* Reads an amount; %FALSE (with the message shown) when it is not one. */
static gboolean
read_money (CtdEventPage *self,
            GtkEntry     *entry,
            gboolean      entry_fee,
            CtdCents     *out_amount)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *message = NULL;

  if (ctd_money_parse (*text != '\0' ? text : "0", out_amount) && *out_amount >= 0)
    return TRUE;
  message = ctd_money_describe_bad_amount (entry_fee, text);
  show_message (self, message, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  return FALSE;
}

static void
update_fee_advice (CtdEventPage *self)
{
  g_autofree char *advice = NULL;
  CtdCents stake, fee;

  if (ctd_money_parse (gtk_editable_get_text (GTK_EDITABLE (self->stake_entry)), &stake) &&
      ctd_money_parse (gtk_editable_get_text (GTK_EDITABLE (self->fee_entry)), &fee))
    advice = ctd_money_check_fee (fee, stake);
  gtk_label_set_text (self->fee_label, advice != NULL ? advice : "");
  gtk_widget_set_visible (GTK_WIDGET (self->fee_label), advice != NULL);
}

static void save_forced (gpointer user_data);

/* "Change the stake after results were entered?" */
static char *
fixed_question (CtdEventPage           *self,
                const CtdEventSettings *settings)
{
  g_auto(CtdEventSettings) stored = { 0, };
  gboolean stake, direction;

  if (!ctd_document_get_settings (self->document, &stored, NULL))
    return g_strdup (_("Change the settings after results were entered?"));
  stake = stored.stake_cents != settings->stake_cents;
  direction = stored.direction != settings->direction;
  if (stake && direction)
    return g_strdup (_("Change the stake and the last-segment direction after results were "
                       "entered?"));
  if (direction)
    return g_strdup (_("Change the last-segment direction after results were entered?"));
  return g_strdup (_("Change the stake after results were entered?"));
}

/* Stores the form; when core holds the stake or the direction fixed by
 * the results, asks before forcing it (SPEC 7). */
static void
save (CtdEventPage *self,
      gboolean      force)
{
  g_autoptr(GError) error = NULL;
  g_auto(CtdEventSettings) stored = { 0, };
  CtdEventSettings settings = { 0, };

  /* What the form does not show (the paper, chosen when printing) stays
   * as stored. */
  if (self->document != NULL && ctd_document_get_settings (self->document, &stored, NULL))
    settings.paper = stored.paper;
  if (self->document == NULL ||
      !read_money (self, self->stake_entry, FALSE, &settings.stake_cents) ||
      !read_money (self, self->fee_entry, TRUE, &settings.entry_fee_cents))
    return;
  settings.name = (char *) gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  settings.date = (char *) gtk_editable_get_text (GTK_EDITABLE (self->date_entry));
  settings.venue = (char *) gtk_editable_get_text (GTK_EDITABLE (self->venue_entry));
  settings.direction = gtk_drop_down_get_selected (self->direction_dropdown) == 1
                         ? CTD_LAST_SEGMENT_LOWEST_FIRST : CTD_LAST_SEGMENT_HIGHEST_FIRST;
  settings.table_auto_accept = gtk_check_button_get_active (self->auto_accept_check);
  {
    guint chosen = gtk_drop_down_get_selected (self->language_dropdown);

    settings.language = chosen < self->language_codes->len
                        ? g_ptr_array_index (self->language_codes, chosen) : NULL;
  }
  if (ctd_document_set_settings_full (self->document, &settings, force, &error))
    {
      show_message (self, _("Settings saved."), FALSE);
    }
  else if (!force && g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM))
    {
      g_autofree char *question = fixed_question (self, &settings);

      /* An earlier "Settings saved." would not be true of this form. */
      ctd_ui_expire_message (self->message_revealer);
      ctd_ui_confirm (GTK_WIDGET (self), question, error->message, _("Change _Anyway"),
                      save_forced, G_OBJECT (self));
    }
  else
    {
      show_message (self, error->message, TRUE);
    }
}

static void
save_forced (gpointer user_data)
{
  save (CTD_EVENT_PAGE (user_data), TRUE);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save (CTD_EVENT_PAGE (widget), FALSE);
}

static void
revert_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CtdEventPage *self = CTD_EVENT_PAGE (widget);

  load_settings (self);
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
}

static void
entry_activate_cb (CtdEventPage *self,
                   GtkEntry     *entry)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "event.save", NULL);
}

static void
document_changed_cb (CtdEventPage *self,
                     CtdChange     what,
                     guint         round,
                     guint         chouette,
                     CtdDocument  *document)
{
  ctd_ui_expire_message (self->message_revealer);
  /* Settings changed by an undo or another window: show what is stored. */
  if (what & CTD_CHANGE_SETTINGS)
    load_settings (self);
}

/* A file that cannot change (read-only, or a closed event) keeps its
 * settings readable and selectable, but nothing can be typed or saved:
 * the fields bind "read-only" (follow_document()), the actions follow it
 * here. */
static void
update_actions (CtdEventPage *self)
{
  gboolean can_change = self->document != NULL && !ctd_document_get_read_only (self->document);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "event.save", can_change);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "event.revert", can_change);
}

static void
follow_document (CtdEventPage *self)
{
  GtkEntry *entries[] = { self->name_entry, self->date_entry, self->venue_entry,
                          self->stake_entry, self->fee_entry };

  self->bindings = g_binding_group_new ();
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_binding_group_bind (self->bindings, "read-only", entries[i], "editable",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind (self->bindings, "read-only", self->direction_dropdown, "sensitive",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind (self->bindings, "read-only", self->auto_accept_check, "sensitive",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind (self->bindings, "read-only", self->language_dropdown, "sensitive",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);

  self->signals = g_signal_group_new (CTD_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->signals, "changed", G_CALLBACK (document_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "notify::read-only", G_CALLBACK (update_actions),
                                 self, G_CONNECT_SWAPPED);
}

/**
 * ctd_event_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's settings and follows their changes.
 */
void
ctd_event_page_set_document (CtdEventPage *self,
                             CtdDocument  *document)
{
  g_return_if_fail (CTD_IS_EVENT_PAGE (self));

  g_set_object (&self->document, document);
  g_binding_group_set_source (self->bindings, document);
  g_signal_group_set_target (self->signals, document);
  if (document == NULL)
    {
      GtkEntry *entries[] = { self->name_entry, self->date_entry, self->venue_entry,
                              self->stake_entry, self->fee_entry };

      for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
        gtk_editable_set_editable (GTK_EDITABLE (entries[i]), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->direction_dropdown), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->auto_accept_check), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->language_dropdown), FALSE);
    }
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  update_actions (self);
  load_settings (self);
}

static void
ctd_event_page_dispose (GObject *object)
{
  CtdEventPage *self = CTD_EVENT_PAGE (object);
  GtkWidget *child;

  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->document);
  g_clear_pointer (&self->language_codes, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_EVENT_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ctd_event_page_parent_class)->dispose (object);
}

/* Focus goes to the first field, the event's name. */
static gboolean
ctd_event_page_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (CTD_EVENT_PAGE (widget)->name_entry));
}

static void
ctd_event_page_class_init (CtdEventPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_event_page_dispose;
  widget_class->grab_focus = ctd_event_page_grab_focus;

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-event-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, name_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, date_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, venue_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, stake_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, fee_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, direction_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, auto_accept_check);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, fee_label);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdEventPage, message_label);
  gtk_widget_class_install_action (widget_class, "event.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "event.revert", NULL, revert_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_event_page_init (CtdEventPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->language_codes = g_ptr_array_new_with_free_func (g_free);
  fill_languages (self, NULL);
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  GtkEntry *entries[] = { self->name_entry, self->date_entry, self->venue_entry,
                          self->stake_entry, self->fee_entry };

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_signal_connect_object (entries[i], "activate", G_CALLBACK (entry_activate_cb), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stake_entry, "changed", G_CALLBACK (update_fee_advice), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fee_entry, "changed", G_CALLBACK (update_fee_advice), self,
                           G_CONNECT_SWAPPED);
  update_fee_advice (self);
  follow_document (self);
  ctd_event_page_set_document (self, NULL);
}
