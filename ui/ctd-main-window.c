/* ctd-main-window.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include "ctd-main-window.h"

#include "ctd-advance.h"
#include "ctd-ui.h"

struct _CtdMainWindow
{
  GtkApplicationWindow parent_instance;

  /* Template widgets */
  GtkSpinButton *players_spin;
  GtkLabel      *plan_label;
};

G_DEFINE_FINAL_TYPE (CtdMainWindow, ctd_main_window, GTK_TYPE_APPLICATION_WINDOW)

/* The plan is core's (ctd_advance_plan); the window only shows it. */
static void
ctd_main_window_update_plan (CtdMainWindow *self)
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
  ctd_main_window_update_plan (self);
}

static void
ctd_main_window_class_init (CtdMainWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-main-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, players_spin);
  gtk_widget_class_bind_template_child (widget_class, CtdMainWindow, plan_label);
}

static void
ctd_main_window_init (CtdMainWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->players_spin, "value-changed",
                           G_CALLBACK (players_spin_value_changed_cb), self, G_CONNECT_SWAPPED);
  ctd_main_window_update_plan (self);
}

CtdMainWindow *
ctd_main_window_new (CtdApplication *application)
{
  return g_object_new (CTD_TYPE_MAIN_WINDOW, "application", application, NULL);
}
