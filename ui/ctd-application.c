/* ctd-application.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-application"

#include "config.h"

#include "ctd-application.h"
#include "ctd-main-window.h"
#include "ctd-ui.h"

struct _CtdApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (CtdApplication, ctd_application, GTK_TYPE_APPLICATION)

CtdApplication *
ctd_application_new (void)
{
  return g_object_new (CTD_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/chouettetd/ChouetteTD",
                       NULL);
}

static void
ctd_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  CtdApplication *self = user_data;
  static const char *authors[] = { "The Chouette TD authors", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", PACKAGE_NAME,
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", "Director's desk software for ABA-format "
                                     "backgammon chouette tournaments",
                         "authors", authors,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
ctd_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", ctd_application_about_action },
  { "quit", ctd_application_quit_action },
};

static void
ctd_application_startup (GApplication *application)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (ctd_application_parent_class)->startup (application);

  ctd_ui_ensure_resources ();

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit", quit_accels);

  gtk_css_provider_load_from_resource (css, "/io/github/chouettetd/ChouetteTD/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
ctd_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (ctd_main_window_new (CTD_APPLICATION (application)));
  gtk_window_present (window);
}

static void
ctd_application_class_init (CtdApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = ctd_application_startup;
  app_class->activate = ctd_application_activate;
}

static void
ctd_application_init (CtdApplication *self)
{
}
