/* ctd-serve-html.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writing the server's pages: every text from the event escaped, and
 * the one head every page shares (its style sheet, no script).
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void ctd_html_escaped         (GString    *page,
                               const char *text);
void ctd_html_printf_escaped  (GString    *page,
                               const char *format,
                               ...) G_GNUC_PRINTF (2, 3);
void ctd_html_element         (GString    *page,
                               const char *open,
                               const char *text,
                               const char *close);
void ctd_html_begin_page      (GString    *page,
                               const char *title);
void ctd_html_end_page        (GString    *page);

G_END_DECLS
