/* ctd-serve-html.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writing the server's pages: every text from the event escaped
 * (ctd-html.h, shared with the results file), the one head every page
 * shares (the server's style sheet, at an address that names its
 * content), and the head of a page that waits (its refresh, its version
 * and the one script the server sends).
 */

#pragma once

#include "ctd-html.h"

G_BEGIN_DECLS

/* What an answer without a page of ours may load: nothing but its own
 * style sheet. A page has ctd_serve_page_policy(). */
#define CTD_SERVE_POLICY "default-src 'none'; style-src 'self'; img-src 'self'; " \
                         "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/* How long a page that waits takes to refresh itself without script. */
#define CTD_SERVE_REFRESH_S 10

void        ctd_html_begin_page         (GString    *page,
                                         const char *title);
void        ctd_html_begin_waiting_page (GString    *page,
                                         const char *title,
                                         const char *page_path,
                                         const char *version_path,
                                         const char *version);
char       *ctd_serve_version_of        (const char *text);
const char *ctd_serve_page_policy       (void);
const char *ctd_serve_style_path        (void);
const char *ctd_serve_style             (void);
const char *ctd_serve_script            (void);
void        ctd_html_name               (GString    *page,
                                         const char *name);
void        ctd_html_printf_name        (GString    *page,
                                         const char *format,
                                         const char *name);

G_END_DECLS
