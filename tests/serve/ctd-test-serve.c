/* ctd-test-serve.c: a served event, and raw HTTP exchanges with it.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hostile request is one no polite client sends: an unnormalized
 * "..", a huge header, a POST that never sends its body, a request cut
 * off halfway. So these are written byte for byte on a socket, in a
 * thread of their own (the server answers on the test's main loop,
 * which spins meanwhile), and read back until the server closes.
 */

#include "config.h"

#include "ctd-test-serve.h"

#include <gio/gio.h>
#include <libsoup/soup.h>
#include <string.h>

#include "ctd-test-build.h"
#include "ctd-test-files.h"

/* Under AddressSanitizer, the full stacks tests/lsan.supp needs to tell
 * libsoup's own leak of accepted sockets from ours (see there); a plain
 * build never calls it. */
const char *__asan_default_options (void);

const char *
__asan_default_options (void)
{
  return "fast_unwind_on_malloc=0";
}

typedef struct
{
  guint     port;
  char     *request;
  GString  *answer;
  gboolean  done;
} Exchange;

static gpointer
exchange_thread (gpointer data)
{
  Exchange *exchange = data;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  char buffer[4096];
  gssize n;

  g_socket_client_set_timeout (client, 20);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", exchange->port, NULL, &error);
  if (connection == NULL)
    g_error ("connect: %s", error->message);
  if (!g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                  exchange->request, strlen (exchange->request), NULL, NULL,
                                  &error))
    g_debug ("write: %s", error->message);  /* a server may close before reading all */
  g_clear_error (&error);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                   buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (exchange->answer, buffer, n);
  g_atomic_int_set (&exchange->done, TRUE);
  return NULL;
}

void
ctd_test_answer_free (CtdTestAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->headers);
  g_free (answer->body);
  g_free (answer);
}

static CtdTestAnswer *
parse (const GString *raw)
{
  CtdTestAnswer *answer = g_new0 (CtdTestAnswer, 1);
  const char *end = strstr (raw->str, "\r\n\r\n");

  if (g_str_has_prefix (raw->str, "HTTP/1.1 ") && end != NULL)
    {
      answer->status = (guint) g_ascii_strtoull (raw->str + strlen ("HTTP/1.1 "), NULL, 10);
      answer->headers = g_strndup (raw->str, end + 2 - raw->str);
      answer->body = g_strdup (end + 4);
    }
  else
    {
      answer->headers = g_strdup ("");
      answer->body = g_strdup (raw->str);
    }
  return answer;
}

/**
 * ctd_test_http_send:
 * @port: the server's port on 127.0.0.1
 * @request: the request's bytes
 * @out_elapsed_us: (out) (optional): how long until the server closed
 *
 * Returns: (transfer full): what the server answered before it closed
 */
CtdTestAnswer *
ctd_test_http_send (guint       port,
                    const char *request,
                    gint64     *out_elapsed_us)
{
  Exchange exchange = { port, g_strdup (request), g_string_new (NULL), FALSE };
  gint64 start = g_get_monotonic_time ();
  GThread *thread = g_thread_new ("ctd-test-http", exchange_thread, &exchange);
  CtdTestAnswer *answer;

  if (!ctd_test_wait_until (&exchange.done, 30000, "the server's answer"))
    g_error ("No answer to %.60s", request);
  g_thread_join (thread);
  if (out_elapsed_us != NULL)
    *out_elapsed_us = g_get_monotonic_time () - start;
  answer = parse (exchange.answer);
  g_string_free (exchange.answer, TRUE);
  g_free (exchange.request);
  return answer;
}

/**
 * ctd_test_http_get:
 * @port: the server's port on 127.0.0.1
 * @method: "GET", "HEAD"...
 * @path: the request target, sent as is
 *
 * A well-formed request with the server's own Host, closing after.
 *
 * Returns: (transfer full): the answer
 */
CtdTestAnswer *
ctd_test_http_get (guint       port,
                   const char *method,
                   const char *path)
{
  g_autofree char *request =
    g_strdup_printf ("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n\r\n",
                     method, path, port);

  return ctd_test_http_send (port, request, NULL);
}

/**
 * ctd_test_http_post_from:
 * @port: the server's port on 127.0.0.1
 * @path: a table's form, "/t/SECRET/send"
 * @body: the form's fields, URL-encoded
 * @cookie: (nullable): the phone's cookie ("ctd_device=TOKEN"), or %NULL
 *   for a phone the server has not met
 *
 * A form as a browser posts it from the server's own page.
 *
 * Returns: (transfer full): the answer
 */
CtdTestAnswer *
ctd_test_http_post_from (guint       port,
                         const char *path,
                         const char *body,
                         const char *cookie)
{
  g_autofree char *cookie_line = cookie != NULL ? g_strdup_printf ("Cookie: %s\r\n", cookie)
                                                : g_strdup ("");
  g_autofree char *request =
    g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nOrigin: http://127.0.0.1:%u\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\n%s"
                     "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                     path, port, port, cookie_line, strlen (body), body);

  return ctd_test_http_send (port, request, NULL);
}

/**
 * ctd_test_http_post:
 * @port: the server's port on 127.0.0.1
 * @path: a table's form, "/t/SECRET/send"
 * @body: the form's fields, URL-encoded
 *
 * ctd_test_http_post_from() from a phone the server has not met.
 *
 * Returns: (transfer full): the answer
 */
CtdTestAnswer *
ctd_test_http_post (guint       port,
                    const char *path,
                    const char *body)
{
  return ctd_test_http_post_from (port, path, body, NULL);
}

/**
 * ctd_test_http_get_from:
 * @port: the server's port on 127.0.0.1
 * @path: a page
 * @cookie: the phone's cookie ("ctd_device=TOKEN")
 *
 * A page as the phone holding @cookie reads it.
 *
 * Returns: (transfer full): the answer
 */
CtdTestAnswer *
ctd_test_http_get_from (guint       port,
                        const char *path,
                        const char *cookie)
{
  g_autofree char *request =
    g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nCookie: %s\r\n"
                     "Connection: close\r\n\r\n", path, port, cookie);

  return ctd_test_http_send (port, request, NULL);
}

/**
 * ctd_test_hidden_value:
 * @page: a page's HTML
 * @name: a hidden input's name
 *
 * Returns: (transfer full): the value of the first hidden input @name
 *   on @page; a page without one ends the test
 */
char *
ctd_test_hidden_value (const char *page,
                       const char *name)
{
  g_autofree char *marker = g_strdup_printf ("name=\"%s\" value=\"", name);
  const char *at = strstr (page, marker);

  if (at == NULL)
    g_error ("No field %s on the page:\n%s", name, page);
  at += strlen (marker);
  return g_strndup (at, strchr (at, '"') - at);
}

/**
 * ctd_test_answer_header:
 * @answer: an answer
 * @name: a header's name, as the server writes it
 *
 * Returns: (transfer none) (nullable): the start of its value (up to the
 *   end of the headers: compare with g_str_has_prefix()), or %NULL
 */
const char *
ctd_test_answer_header (CtdTestAnswer *answer,
                        const char    *name)
{
  g_autofree char *line = g_strdup_printf ("\r\n%s: ", name);
  const char *found = strstr (answer->headers, line);

  return found != NULL ? found + strlen (line) : NULL;
}

const char *const ctd_test_serve_names[8] = {
  "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>",
  "=HYPERLINK(\"http://x\",\"y\")", "Ann & Bob", "Cecil", "Dora", "Edwin", "Flora",
};

/**
 * ctd_test_serve_document:
 * @path: the event file to create
 *
 * Returns: (transfer full): an event of ctd_test_serve_names, round 1
 *   drawn (two chouettes of four) with seed 2026; a failure ends the test
 */
CtdDocument *
ctd_test_serve_document (const char *path)
{
  g_autoptr(GError) error = NULL;
  CtdDocument *document = ctd_test_create_document (path);

  for (guint i = 0; i < G_N_ELEMENTS (ctd_test_serve_names); i++)
    if (!ctd_document_add_player (document, ctd_test_serve_names[i], NULL, NULL, TRUE, NULL,
                                  &error))
      g_error ("%s", error->message);
  if (!ctd_document_draw_round (document, 2026, NULL, &error))
    g_error ("%s", error->message);
  return document;
}

/* The path of chouette @round.@chouette's link, "/t/SECRET". */
char *
ctd_test_serve_secret (CtdDocument *document,
                       guint        round,
                       guint        chouette)
{
  g_autofree char *secret = ctd_test_document_secret (document, round, chouette);

  return g_strconcat ("/t/", secret, NULL);
}

/* A server of @document on 127.0.0.1, any free port. */
CtdTableServer *
ctd_test_serve_start (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  CtdTableServer *server = ctd_table_server_new (document);

  if (!ctd_table_server_listen (server, "127.0.0.1", 0, &error))
    g_error ("listen: %s", error->message);
  return server;
}

/* Every row of every table of the event file, read apart from the
 * document: what must not change when a refusal answers. */
char *
ctd_test_serve_snapshot (const char *path)
{
  g_autofree char *tables = ctd_test_query_text (path, "SELECT name FROM sqlite_schema "
                                                 "WHERE type = 'table' ORDER BY name");
  g_auto(GStrv) names = g_strsplit (tables, "|\n", -1);
  GString *rows = g_string_new (NULL);

  for (guint i = 0; names[i] != NULL && *names[i] != '\0'; i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\"", names[i]);
      g_autofree char *text = ctd_test_query_text (path, sql);

      g_string_append_printf (rows, "%s:\n%s", names[i], text);
    }
  return g_string_free (rows, FALSE);
}

typedef struct
{
  GBytes   *body;
  GError   *error;
  gboolean  done;
} Fetch;

static void
fetched_cb (GObject      *session,
            GAsyncResult *result,
            gpointer      user_data)
{
  Fetch *fetch = user_data;

  fetch->body = soup_session_send_and_read_finish (SOUP_SESSION (session), result, &fetch->error);
  fetch->done = TRUE;
}

/**
 * ctd_test_fetch_message:
 * @url: a page of a server on the test's main loop
 * @out_message: (out) (optional) (transfer full): the message, for its
 *   status and headers
 *
 * A phone's GET, as a browser sends it (a SoupSession of its own), the
 * main loop running meanwhile, as the window's does.
 *
 * Returns: (transfer full): the page
 */
char *
ctd_test_fetch_message (const char   *url,
                        SoupMessage **out_message)
{
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(SoupMessage) message = soup_message_new ("GET", url);
  Fetch fetch = { 0, };
  gsize size;
  const char *data;
  char *page;

  soup_session_send_and_read_async (session, message, G_PRIORITY_DEFAULT, NULL, fetched_cb, &fetch);
  if (!ctd_test_wait_until (&fetch.done, 20000, "the page"))
    g_error ("No answer from %s", url);
  if (fetch.error != NULL)
    g_error ("%s: %s", url, fetch.error->message);
  data = g_bytes_get_data (fetch.body, &size);
  page = g_strndup (data, size);
  g_bytes_unref (fetch.body);
  if (out_message != NULL)
    *out_message = g_steal_pointer (&message);
  return page;
}

/**
 * ctd_test_fetch:
 * @url: a page of a server on the test's main loop
 * @out_status: (out) (optional): the answer's status
 *
 * ctd_test_fetch_message(), for the status alone.
 *
 * Returns: (transfer full): the page
 */
char *
ctd_test_fetch (const char *url,
                guint      *out_status)
{
  g_autoptr(SoupMessage) message = NULL;
  char *page = ctd_test_fetch_message (url, &message);

  if (out_status != NULL)
    *out_status = soup_message_get_status (message);
  return page;
}

