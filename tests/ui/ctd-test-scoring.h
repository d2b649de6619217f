/* ctd-test-scoring.h: a chouette's scoring page driven as a director
 * drives it, for the UI test programs of that page.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-rng.h"

G_BEGIN_DECLS

CtdMainWindow   *ctd_test_open_drawn_event (CtdApplication     *app,
                                            const char         *path,
                                            const char * const *names,
                                            guint               n_names);
CtdMainWindow   *ctd_test_open_seven       (CtdApplication     *app,
                                            const char         *path);
CtdDocument     *ctd_test_window_document  (CtdMainWindow      *window);
CtdChouettePage *ctd_test_find_page        (CtdMainWindow      *window);
guint            ctd_test_chouette_of_size (CtdDocument        *document,
                                            guint               size);
CtdChouettePage *ctd_test_show_chouette    (CtdMainWindow      *window,
                                            guint               round,
                                            guint               number);
GtkEntry        *ctd_test_page_entry       (CtdChouettePage    *page,
                                            guint               index);
GtkEntry        *ctd_test_notation_entry   (CtdChouettePage    *page);
GtkWidget       *ctd_test_find_by_class    (GtkWidget          *root,
                                            const char         *name);
const char      *ctd_test_preview_text     (CtdChouettePage    *page);
GtkColumnView   *ctd_test_page_grid        (CtdChouettePage    *page);
guint            ctd_test_selected_game    (CtdChouettePage    *page);
CtdGameItem     *ctd_test_grid_row         (CtdChouettePage    *page,
                                            guint               game);
char            *ctd_test_line_for         (CtdChouettePage    *page,
                                            guint               game,
                                            CtdRng             *rng);
void             ctd_test_type_line        (CtdChouettePage    *page,
                                            const char         *line);

/* What the page and the document show, and the dialog a change asks. */
gboolean          ctd_test_preview_is_error    (CtdChouettePage  *page);
gboolean          ctd_test_grid_shows          (CtdMainWindow    *window,
                                                CtdChouettePage  *page,
                                                const char       *text);
const char       *ctd_test_chouette_status     (CtdDocument      *document,
                                                guint             number);
GtkMessageDialog *ctd_test_find_confirmation   (void);
char             *ctd_test_confirmation_detail (GtkMessageDialog *dialog);
void              ctd_test_set_paper           (CtdChouettePage  *page,
                                                guint             p,
                                                CtdHalves         total);

gint64            ctd_test_table_sends         (CtdMainWindow    *window,
                                                CtdChouettePage  *page,
                                                guint             game,
                                                const char       *line);

G_END_DECLS
