/* ctd-application.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-application"

#include "config.h"

#include "ctd-application.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>

#include "ctd-help.h"
#include "ctd-main-window.h"
#include "ctd-ui.h"

/*
 * However the program ends (Ctrl+Q, the last window closed, SIGTERM or
 * SIGHUP when the session ends, SIGINT in a terminal), every window is
 * destroyed before it does (ctd_application_shutdown()): each lets go of
 * its document, whose store closes and puts every change into the event
 * file itself, so that the file alone is the whole event.
 */

/* The signals that end the program as Ctrl+Q does. */
static const int quit_signals[] = { SIGTERM, SIGHUP, SIGINT };

struct _CtdApplication
{
  GtkApplication parent_instance;

  guint          signal_ids[G_N_ELEMENTS (quit_signals)];
};

G_DEFINE_FINAL_TYPE (CtdApplication, ctd_application, GTK_TYPE_APPLICATION)

CtdApplication *
ctd_application_new (void)
{
  static gsize named = 0;

  /* The desktop's recent files name the program that used them; GLib
   * takes the name once per process. */
  if (g_once_init_enter (&named))
    {
      g_set_application_name (PACKAGE_NAME);
      g_once_init_leave (&named, 1);
    }
  return g_object_new (CTD_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/chouettetd/ChouetteTD",
                       NULL);
}

static void
ctd_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  CtdApplication *self = user_data;
  /* Translators: the About dialog's list of authors */
  const char *authors[] = { _("The Chouette TD authors"), NULL };
  /* Translators: your names, one a line, for the About dialog's
   * credits; left untranslated, there are none */
  const char *credits = _("translator-credits");

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", PACKAGE_NAME,
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         /* Translators: the About dialog's description */
                         "comments", _("Director's desk software for ABA-format "
                                       "backgammon chouette tournaments"),
                         "authors", authors,
                         "translator-credits", g_str_equal (credits, "translator-credits")
                                               ? NULL : credits,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

/* F1: the user guide, in the help viewer; the window says when there is
 * none. */
static void
ctd_application_help_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  ctd_help_show (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
}

static void
ctd_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

/* SIGTERM, SIGHUP, SIGINT. */
static gboolean
quit_signal_cb (gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
  return G_SOURCE_CONTINUE;
}

static const GActionEntry app_actions[] = {
  { "about", ctd_application_about_action },
  { "help", ctd_application_help_action },
  { "quit", ctd_application_quit_action },
};

static const struct
{
  const char *action;
  const char *accels[3];
} accelerators[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.help", { "F1", NULL } },
  { "win.new-event", { "<Control>n", NULL } },
  { "win.open-event", { "<Control>o", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", NULL } },
  { "win.go-to-chouette", { "<Control>g", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.accept-table-lines", { "<Control><Shift>a", NULL } },
  /* GtkApplication's own, had it found gtk/help-overlay.ui. */
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
ctd_application_startup (GApplication *application)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  /* Before GtkApplication's own startup, which looks in the resources
   * for the application's icon. */
  ctd_ui_ensure_resources ();
  G_APPLICATION_CLASS (ctd_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  for (guint i = 0; i < G_N_ELEMENTS (accelerators); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application),
                                           accelerators[i].action, accelerators[i].accels);

  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    CTD_APPLICATION (application)->signal_ids[i] = g_unix_signal_add (quit_signals[i],
                                                                      quit_signal_cb,
                                                                      application);

  gtk_css_provider_load_from_resource (css, "/io/github/chouettetd/ChouetteTD/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* g_application_quit() only stops the main loop, leaving the windows
 * and their documents as they are: destroy them, so that every event
 * file is closed properly whichever way the program ends. */
static void
ctd_application_shutdown (GApplication *application)
{
  CtdApplication *self = CTD_APPLICATION (application);
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* (A window destroyed takes its display window with it: each is held
   * until the loop is done.) */
  for (GList *l = windows; l != NULL; l = l->next)
    g_object_ref (l->data);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free_full (windows, g_object_unref);
  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    g_clear_handle_id (&self->signal_ids[i], g_source_remove);
  G_APPLICATION_CLASS (ctd_application_parent_class)->shutdown (application);
}

static void
ctd_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (ctd_main_window_new (CTD_APPLICATION (application)));
  gtk_window_present (window);
}

/* One window per event file: a file that is open already is raised. */
static void
ctd_application_open (GApplication  *application,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      CtdMainWindow *window = NULL;

      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application));
           l != NULL && window == NULL; l = l->next)
        {
          CtdDocument *document;

          if (!CTD_IS_MAIN_WINDOW (l->data))
            continue;
          document = ctd_main_window_get_document (l->data);
          if (document != NULL && g_file_equal (ctd_document_get_file (document), files[i]))
            window = l->data;
        }
      if (window == NULL)
        {
          window = ctd_main_window_new (CTD_APPLICATION (application));
          ctd_main_window_open_file (window, files[i]);
        }
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
ctd_application_class_init (CtdApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = ctd_application_startup;
  app_class->shutdown = ctd_application_shutdown;
  app_class->activate = ctd_application_activate;
  app_class->open = ctd_application_open;
}

static void
ctd_application_init (CtdApplication *self)
{
}
