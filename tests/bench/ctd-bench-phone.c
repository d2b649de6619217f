/* ctd-bench-phone.c: a phone's HTTP/1.1, on one kept-alive connection.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain blocking sockets, in the phone's own thread: the server under
 * test runs on the main loop, and nothing here touches it. A request
 * and its answer as a browser sends and reads them: Content-Length
 * bodies, the connection kept for the next request unless the server
 * says "close", and opened again once when it was closed meanwhile.
 * Also the phones of the room's other runs (pausing, leaving before
 * their answer), and the desk's main loop with its dispatches timed.
 */

#include "config.h"

#include "ctd-bench-phone.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

void
ctd_bench_answer_clear (CtdBenchAnswer *answer)
{
  g_clear_pointer (&answer->body, g_free);
  g_clear_pointer (&answer->location, g_free);
  answer->status = 0;
}

void
ctd_bench_conn_close (CtdBenchConn *conn)
{
  if (conn->fd >= 0)
    close (conn->fd);
  conn->fd = -1;
  g_string_truncate (conn->raw, 0);
}

gboolean
ctd_bench_conn_open (CtdBenchConn *conn)
{
  struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons (conn->port) };
  struct timeval timeout = { CTD_BENCH_SOCKET_TIMEOUT_S, 0 };
  int one = 1;

  ctd_bench_conn_close (conn);
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  conn->fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (conn->fd < 0)
    return FALSE;
  setsockopt (conn->fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt (conn->fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  setsockopt (conn->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect (conn->fd, (struct sockaddr *) &address, sizeof address) != 0)
    {
      g_printerr ("bench-table-entry: connect: %s\n", g_strerror (errno));
      ctd_bench_conn_close (conn);
      return FALSE;
    }
  return TRUE;
}

gboolean
ctd_bench_conn_write (CtdBenchConn *conn,
                      const char   *request)
{
  gsize length = strlen (request), done = 0;

  if (conn->fd < 0 && !ctd_bench_conn_open (conn))
    return FALSE;
  while (done < length)
    {
      ssize_t n = send (conn->fd, request + done, length - done, MSG_NOSIGNAL);

      if (n <= 0)
        return FALSE;
      done += n;
    }
  return TRUE;
}

/* The header @name's value in @head (which starts at the status line). */
static char *
header_value (const char *head,
              const char *name)
{
  g_auto(GStrv) lines = g_strsplit (head, "\r\n", -1);

  for (guint i = 1; lines[i] != NULL; i++)
    {
      const char *colon = strchr (lines[i], ':');

      if (colon != NULL && (gsize) (colon - lines[i]) == strlen (name) &&
          g_ascii_strncasecmp (lines[i], name, strlen (name)) == 0)
        return g_strstrip (g_strdup (colon + 1));
    }
  return NULL;
}

/* Reads one whole answer: its head, then Content-Length bytes of body. */
gboolean
ctd_bench_conn_read (CtdBenchConn   *conn,
                     CtdBenchAnswer *out)
{
  char buffer[16384];
  const char *end;
  gsize head_length, body_length;
  g_autofree char *length = NULL;
  g_autofree char *connection = NULL;
  g_autofree char *head = NULL;

  while ((end = strstr (conn->raw->str, "\r\n\r\n")) == NULL)
    {
      ssize_t n = conn->fd >= 0 ? recv (conn->fd, buffer, sizeof buffer, 0) : -1;

      if (n <= 0)
        return FALSE;
      g_string_append_len (conn->raw, buffer, n);
    }
  head_length = end + 4 - conn->raw->str;
  head = g_strndup (conn->raw->str, head_length - 4);
  length = header_value (head, "Content-Length");
  connection = header_value (head, "Connection");
  body_length = length != NULL ? g_ascii_strtoull (length, NULL, 10) : 0;
  while (conn->raw->len < head_length + body_length)
    {
      ssize_t n = recv (conn->fd, buffer, sizeof buffer, 0);

      if (n <= 0)
        return FALSE;
      g_string_append_len (conn->raw, buffer, n);
    }
  out->status = g_str_has_prefix (head, "HTTP/1.1 ")
                ? (guint) g_ascii_strtoull (head + strlen ("HTTP/1.1 "), NULL, 10) : 0;
  out->body = g_strndup (conn->raw->str + head_length, body_length);
  out->location = header_value (head, "Location");
  g_string_erase (conn->raw, 0, head_length + body_length);
  if (connection != NULL && g_ascii_strcasecmp (connection, "close") == 0)
    ctd_bench_conn_close (conn);
  return TRUE;
}

/* One request and its answer; a kept-alive connection the server has
 * closed meanwhile is opened again once, as a browser does. */
gboolean
ctd_bench_exchange (CtdBenchConn   *conn,
                    const char     *request,
                    CtdBenchAnswer *out)
{
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      if (ctd_bench_conn_write (conn, request) && ctd_bench_conn_read (conn, out))
        return TRUE;
      ctd_bench_conn_close (conn);
    }
  return FALSE;
}

char *
ctd_bench_get_request (guint       port,
                       const char *path)
{
  return g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n", path, port);
}

/* A form as a browser posts it from the server's own page. */
char *
ctd_bench_post_request (guint       port,
                        const char *path,
                        const char *body)
{
  return g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nOrigin: http://127.0.0.1:%u\r\n"
                          "Content-Type: application/x-www-form-urlencoded\r\n"
                          "Content-Length: %zu\r\n\r\n%s", path, port, port, strlen (body), body);
}

/* The value of the first input @name at or after @from on a page,
 * unescaped as g_markup_escape_text() escaped it; %NULL if none. */
char *
ctd_bench_field_value (const char *from,
                       const char *name)
{
  static const char *const entities[][2] = {
    { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" }, { "&#39;", "'" },
  };
  g_autofree char *marker = g_strdup_printf ("name=\"%s\" value=\"", name);
  const char *at = from != NULL ? strstr (from, marker) : NULL;
  const char *end;
  GString *value;

  if (at == NULL)
    return NULL;
  at += strlen (marker);
  end = strchr (at, '"');
  value = g_string_new_len (at, end - at);
  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    g_string_replace (value, entities[i][0], entities[i][1], 0);
  return g_string_free (value, FALSE);
}

/* A phone that leaves its connection idle while the player fills in
 * the form: the server must answer the check, on that connection or,
 * once it closed it, on a new one (ctd_bench_exchange()). */
gpointer
ctd_bench_pausing_phone (gpointer data)
{
  CtdBenchPausing *phone = data;
  CtdBenchConn conn = { phone->port, -1, g_string_new (NULL) };
  CtdBenchAnswer answer = { 0, };
  g_autofree char *form_path = g_strconcat (phone->path, "/enter/1", NULL);
  g_autofree char *check_path = g_strconcat (phone->path, "/check", NULL);
  g_autofree char *form = ctd_bench_get_request (phone->port, form_path);
  g_autofree char *token = NULL;
  g_autofree char *body = NULL;
  g_autofree char *check = NULL;
  gint64 start;

  if (ctd_bench_exchange (&conn, form, &answer) && answer.status == 200 &&
      (token = ctd_bench_field_value (answer.body, "token")) != NULL)
    {
      g_usleep ((gulong) phone->pause_ms * 1000);
      body = g_strconcat ("token=", token, "&game=1&by=1&notation=T+2%3A2", NULL);
      check = ctd_bench_post_request (phone->port, check_path, body);
      ctd_bench_answer_clear (&answer);
      start = g_get_monotonic_time ();
      if (ctd_bench_exchange (&conn, check, &answer))
        phone->status = answer.status;
      phone->post_ms = (g_get_monotonic_time () - start) / 1000.0;
    }
  ctd_bench_answer_clear (&answer);
  ctd_bench_conn_close (&conn);
  g_string_free (conn.raw, TRUE);
  g_atomic_int_dec_and_test (phone->n_running);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* Half the connections leave before their answer, as phones put to
 * sleep or walking out of the Wi-Fi do. */
gpointer
ctd_bench_closing_client (gpointer data)
{
  CtdBenchCloser *closer = data;
  g_autofree char *request = ctd_bench_get_request (closer->port, closer->path);

  for (guint i = 0; i < closer->n; i++)
    {
      CtdBenchConn conn = { closer->port, -1, g_string_new (NULL) };
      CtdBenchAnswer answer = { 0, };
      gint64 start = g_get_monotonic_time ();

      if (ctd_bench_conn_write (&conn, request) && i % 2 == 0)
        {
          if (ctd_bench_conn_read (&conn, &answer) && answer.status == 200)
            g_array_append_val (closer->ms,
                                (double) { (g_get_monotonic_time () - start) / 1000.0 });
          else
            closer->unanswered++;
        }
      ctd_bench_answer_clear (&answer);
      ctd_bench_conn_close (&conn);
      g_string_free (conn.raw, TRUE);
    }
  g_atomic_int_dec_and_test (closer->n_running);
  g_main_context_wakeup (NULL);
  return NULL;
}



/* Runs the main loop, as the window's, until no table runs: each
 * dispatch (the sources' work, the poll's wait left out) is timed. */
gboolean
ctd_bench_run_desk (gint64          deadline,
                    const gint     *n_running,
                    CtdBenchFrames *frames)
{
  GMainContext *context = g_main_context_default ();
  g_autofree GPollFD *fds = g_new (GPollFD, 64);
  gint allocated = 64;
  struct timespec cpu_start, cpu_end;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu_start);
  g_main_context_acquire (context);
  while (g_atomic_int_get (n_running) > 0)
    {
      gint priority, timeout, n;

      if (g_get_monotonic_time () > deadline)
        {
          g_main_context_release (context);
          return FALSE;
        }
      g_main_context_prepare (context, &priority);
      while ((n = g_main_context_query (context, priority, &timeout, fds, allocated)) > allocated)
        {
          allocated = n;
          fds = g_renew (GPollFD, fds, allocated);
        }
      /* Wake now and then to see that the tables are done. */
      g_poll (fds, n, timeout < 0 || timeout > 50 ? 50 : timeout);
      /* The others stay ready, and the next iterations take them: so a
       * dispatch is one request's work, as a server that answered one
       * request per iteration would have it. */
      if (frames->one_ready && n > 0)
        {
          gint taken = -1;

          /* In turn, from after the last one taken: none waits long. */
          for (gint k = 0; k < n; k++)
            {
              gint i = (frames->turn + k) % n;

              if (taken >= 0)
                fds[i].revents = 0;
              else if (fds[i].revents != 0)
                taken = i;
            }
          if (taken >= 0)
            frames->turn = taken + 1;
        }
      if (g_main_context_check (context, priority, fds, n))
        {
          gint64 start = g_get_monotonic_time ();
          struct timespec cpu_before, cpu_after;
          double ms;

          clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu_before);
          g_main_context_dispatch (context);
          clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu_after);
          ms = (g_get_monotonic_time () - start) / 1000.0;
          frames->longest_cpu = MAX (frames->longest_cpu,
                                     (cpu_after.tv_sec - cpu_before.tv_sec) * 1e3 +
                                     (cpu_after.tv_nsec - cpu_before.tv_nsec) / 1e6);
          g_array_append_val (frames->ms, ms);
          frames->longest = MAX (frames->longest, ms);
          frames->over_16 += ms > 16;
          frames->total += ms;
        }
    }
  g_main_context_release (context);
  /* What the desk's thread itself did, apart from waiting for a core:
   * the figure that other programs on the machine disturb least. */
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu_end);
  frames->cpu = (cpu_end.tv_sec - cpu_start.tv_sec) * 1e3 +
                (cpu_end.tv_nsec - cpu_start.tv_nsec) / 1e6;
  return TRUE;
}
