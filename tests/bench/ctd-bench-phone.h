/* ctd-bench-phone.h: a phone's HTTP/1.1, on one kept-alive connection.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A request unanswered this long is a failure, not a wait. */
#define CTD_BENCH_SOCKET_TIMEOUT_S 30

typedef struct
{
  guint    port;
  int      fd;        /* -1 when closed */
  GString *raw;       /* what came after the last answer (nothing, normally) */
} CtdBenchConn;

typedef struct
{
  guint  status;  /* 0: the connection closed without an answer */
  char  *body;
  char  *location;
} CtdBenchAnswer;

void      ctd_bench_answer_clear  (CtdBenchAnswer *answer);
void      ctd_bench_conn_close    (CtdBenchConn   *conn);
gboolean  ctd_bench_conn_open     (CtdBenchConn   *conn);
gboolean  ctd_bench_conn_write    (CtdBenchConn   *conn,
                                   const char     *request);
gboolean  ctd_bench_conn_read     (CtdBenchConn   *conn,
                                   CtdBenchAnswer *out);
gboolean  ctd_bench_exchange      (CtdBenchConn   *conn,
                                   const char     *request,
                                   CtdBenchAnswer *out);
char     *ctd_bench_get_request   (guint           port,
                                   const char     *path);
char     *ctd_bench_post_request  (guint           port,
                                   const char     *path,
                                   const char     *body);
char     *ctd_bench_field_value   (const char     *from,
                                   const char     *name);

G_END_DECLS
