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

/* A phone that reads a game's form, is filled in for @pause_ms, then
 * checks it on the same connection, as a browser reuses it. */
typedef struct
{
  guint       port;
  const char *path;       /* /t/SECRET */
  guint       pause_ms;
  gint       *n_running;  /* decremented when done */
  double      post_ms;    /* the check's answer, after the pause */
  guint       status;     /* 0: no answer */
} CtdBenchPausing;

/* A client of @n connections to @path, each with one request, every
 * other one closed before its answer. */
typedef struct
{
  guint       port;
  const char *path;
  guint       n;
  gint       *n_running;
  GArray     *ms;          /* the answers read, in ms */
  guint       unanswered;  /* of those it waited for */
} CtdBenchCloser;

/* The main loop's dispatches, in ms. */
typedef struct
{
  GArray   *ms;           /* each dispatch's work, as the clock on the wall saw it */
  double    longest;
  double    longest_cpu;  /* the most CPU time one dispatch took */
  guint     over_16;
  double    total;        /* the sum of the dispatches' work */
  double    cpu;          /* the main thread's CPU time meanwhile */
  gboolean  one_ready;    /* dispatch one ready connection per iteration */
  gint      turn;         /* with one_ready: where the next search starts */
} CtdBenchFrames;

gboolean  ctd_bench_run_desk      (gint64          deadline,
                                   const gint     *n_running,
                                   CtdBenchFrames *frames);
gpointer  ctd_bench_pausing_phone (gpointer        data);
gpointer  ctd_bench_closing_client (gpointer       data);

G_END_DECLS
