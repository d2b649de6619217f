/* ctd-test-serve.h: a served event, and raw HTTP exchanges with it.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <libsoup/soup.h>

#include "ctd-table-server.h"

G_BEGIN_DECLS

/*
 * CtdTestAnswer:
 * @status: the status code, 0 when the server closed without answering
 * @headers: the response's header lines, as sent
 * @body: what followed them
 */
typedef struct
{
  guint  status;
  char  *headers;
  char  *body;
} CtdTestAnswer;

void           ctd_test_answer_free  (CtdTestAnswer *answer);
CtdTestAnswer *ctd_test_http_send    (guint          port,
                                      const char    *request,
                                      gint64        *out_elapsed_us);
CtdTestAnswer *ctd_test_http_get     (guint          port,
                                      const char    *method,
                                      const char    *path);
CtdTestAnswer *ctd_test_http_post    (guint          port,
                                      const char    *path,
                                      const char    *body);
CtdTestAnswer *ctd_test_http_post_from (guint        port,
                                        const char  *path,
                                        const char  *body,
                                        const char  *cookie);
CtdTestAnswer *ctd_test_http_get_from (guint         port,
                                       const char   *path,
                                       const char   *cookie);
char          *ctd_test_hidden_value (const char    *page,
                                      const char    *name);
const char    *ctd_test_answer_header (CtdTestAnswer *answer,
                                       const char    *name);
char          *ctd_test_fetch        (const char    *url,
                                      guint         *out_status);
char          *ctd_test_fetch_message (const char   *url,
                                       SoupMessage **out_message);

/* The players of ctd_test_serve_document(), hostile names first. */
extern const char *const ctd_test_serve_names[8];

CtdDocument    *ctd_test_serve_document (const char     *path);
char           *ctd_test_serve_secret   (CtdDocument    *document,
                                         guint           round,
                                         guint           chouette);
CtdTableServer *ctd_test_serve_start    (CtdDocument    *document);
char           *ctd_test_serve_snapshot (const char     *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdTestAnswer, ctd_test_answer_free)

G_END_DECLS
