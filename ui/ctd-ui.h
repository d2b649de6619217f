/* ctd-ui.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The MIME type of an event file (*.chouette), as the desktop knows it. */
#define CTD_EVENT_MIME_TYPE "application/x-chouette-td"

/* Called with the chosen file, or %NULL when the director cancelled. */
typedef void (*CtdUiFileChosen) (GFile    *file,
                                 gpointer  user_data);

/* Called when the director accepted a confirmation. */
typedef void (*CtdUiConfirmed) (gpointer user_data);

void ctd_ui_ensure_resources (void);
void ctd_ui_confirm          (GtkWidget            *widget,
                              const char           *question,
                              const char           *detail,
                              const char           *accept_label,
                              CtdUiConfirmed        confirmed,
                              GObject              *receiver);
void ctd_ui_show_message     (GtkLabel             *label,
                              GtkRevealer          *revealer,
                              const char           *text,
                              gboolean              is_error);
void ctd_ui_expire_message   (GtkRevealer          *revealer);
void ctd_ui_expire_message_on_leave (GtkWidget   *page,
                                     GtkRevealer *revealer);
void ctd_ui_choose_file      (GtkWidget            *widget,
                              const char           *title,
                              GtkFileChooserAction  action,
                              const char           *accept_label,
                              GtkFileFilter        *filter,
                              const char           *current_name,
                              CtdUiFileChosen       chosen,
                              GObject              *receiver);
void ctd_ui_apply_settings   (void);
void ctd_ui_name_drop_down   (GtkDropDown          *dropdown,
                              const char           *name);

G_END_DECLS
