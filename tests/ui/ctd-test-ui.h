/* ctd-test-ui.h: finding and showing widgets, for the UI test programs.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-application.h"
#include "ctd-main-window.h"
#include "ctd-test-build.h"

G_BEGIN_DECLS

CtdApplication *ctd_test_new_application (void);
CtdMainWindow  *ctd_test_open_new_event   (CtdApplication *app,
                                           const char     *path);
CtdMainWindow  *ctd_test_open_built_event (CtdApplication *app,
                                           const char     *dir,
                                           const char     *file,
                                           guint           n_players,
                                           guint64         seed,
                                           gboolean        play_all_rounds);
void       ctd_test_quiet_settings (void);
GtkWidget *ctd_test_find_widget   (GtkWidget  *root,
                                   GType       type);
GtkLabel  *ctd_test_find_label    (GtkWidget  *root,
                                   const char *text);
GtkWidget *ctd_test_find_button   (GtkWidget  *root,
                                   const char *label);
GtkWidget *ctd_test_find_action_button (GtkWidget  *root,
                                        const char *action_name);
GtkWindow *ctd_test_find_toplevel (GType       type);
gboolean   ctd_test_has_shortcut (GtkWidget  *widget,
                                  const char *accelerator,
                                  const char *action_name);
GtkWindow *ctd_test_wait_for_toplevel (GType       type,
                                       guint       ms,
                                       const char *what);
void       ctd_test_spin          (guint       ms);
gboolean   ctd_test_wait_for_n_items (GListModel *model,
                                      guint       n,
                                      guint       ms,
                                      const char *what);
GtkLabel  *ctd_test_wait_for_label (GtkWidget  *root,
                                    const char *text,
                                    guint       ms);
gboolean   ctd_test_wait_for_layout (GtkWidget  *widget,
                                     guint       ms,
                                     const char *what);
void       ctd_test_screenshot    (GtkWindow  *window,
                                   const char *name);
char      *ctd_test_accessible_name (GtkWidget *widget);
char      *ctd_test_mnemonic_clashes (GtkWidget *root);
GtkWidget *ctd_test_find_named    (GtkWidget  *root,
                                   const char *name);
GtkWidget *ctd_test_find_named_of_type (GtkWidget  *root,
                                        const char *name,
                                        GType       type);

G_END_DECLS
