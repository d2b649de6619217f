/* ctd-table-server.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A SoupServer on the main loop that answers the tables' phones. It
 * faces a room full of them, so it refuses before it reads: only GET
 * and HEAD, bounded request lines and headers, no body, a Host that
 * names this desk (DNS rebinding), and a deadline on every request; each
 * connection carries one request, within caps (ctd-table-connections.c).
 * A wrong, revoked or expired link answers the very bytes of a missing
 * page, later with each guess from its address (ctd-serve-guard.c).
 * No path reaches the disk: the only resource is the style sheet, held
 * in the binary (ctd-serve-html.c).
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-server.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "ctd-link.h"
#include "ctd-serve-guard.h"
#include "ctd-serve-html.h"
#include "ctd-serve-interfaces.h"
#include "ctd-serve-visits.h"
#include "ctd-table-server-private.h"
#include "ctd-standings-page.h"
#include "ctd-table-page.h"

/* What a refusal may load: nothing (a page: ctd_serve_page_policy()). */
#define CSP CTD_SERVE_POLICY


enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_LISTENING,
  PROP_N_TABLES,
  PROP_GUARD_REPORT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdTableServer, ctd_table_server, G_TYPE_OBJECT)

/* Headers on every answer: no script, no frame, no sniffing, and no
 * Referer that would carry the link's secret to another site. Not
 * "no-referrer": under it a browser posts a form with "Origin: null",
 * which the desk must refuse (a sandboxed page elsewhere sends it too);
 * "same-origin" keeps the Referer and the Origin within the desk. */
void
ctd_table_server_respond (SoupServerMessage *msg,
         guint              status,
         const char        *content_type,
         const char        *body)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Content-Security-Policy", ctd_serve_page_policy ());
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Referrer-Policy", "same-origin");
  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "X-Frame-Options", "DENY");
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY, body, strlen (body));
}

/* A refusal before the body. Once its headers are read, libsoup reads
 * a request's announced body before it answers; a client that announces
 * one and never sends it would hold the connection to the timeout. So
 * the connection is taken from libsoup, answered here and closed: no
 * byte of a refused body is read. */
static const char *const security_headers =
  "Content-Security-Policy: " CSP "\r\n"
  "X-Content-Type-Options: nosniff\r\n"
  "Referrer-Policy: same-origin\r\n"
  "Cache-Control: no-store\r\n"
  "X-Frame-Options: DENY\r\n";

static void
refusal_written (GObject      *output,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GIOStream) stream = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (output), result, NULL, &error))
    g_debug ("A refusal was not delivered: %s", error->message);
  g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
}

static void
refuse (SoupServerMessage *msg,
        guint              status,
        const char        *extra_headers,
        const char        *text)
{
  GIOStream *stream = soup_server_message_steal_connection (msg);
  GBytes *bytes;
  gsize size;
  const char *data;
  GString *answer;

  if (stream == NULL)
    return;
  answer = g_string_new (NULL);
  g_string_append_printf (answer, "HTTP/1.1 %u %s\r\n%s%s"
                          "Content-Type: text/plain; charset=utf-8\r\n"
                          "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                          status, status == 431 ? "Request Header Fields Too Large"
                                                : soup_status_get_phrase (status),
                          security_headers, extra_headers, strlen (text), text);
  bytes = g_string_free_to_bytes (answer);
  data = g_bytes_get_data (bytes, &size);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream), data, size,
                                   G_PRIORITY_DEFAULT, NULL, refusal_written, stream);
  /* The bytes live until the write is done: the stream's callback ends last. */
  g_object_set_data_full (G_OBJECT (stream), "ctd-refusal", bytes, (GDestroyNotify) g_bytes_unref);
}

static gsize
headers_size (SoupMessageHeaders *headers)
{
  SoupMessageHeadersIter iter;
  const char *name, *value;
  gsize size = 0;

  soup_message_headers_iter_init (&iter, headers);
  while (soup_message_headers_iter_next (&iter, &name, &value))
    size += strlen (name) + strlen (value) + 4;  /* ": " and CRLF */
  return size;
}

/* Whether a POST may go to @path: a table's form, /t/SECRET/ACTION. */
static gboolean
is_form_path (const char *path)
{
  const char *rest;
  const char *slash;

  if (!g_str_has_prefix (path, "/t/"))
    return FALSE;
  rest = path + strlen ("/t/");
  slash = strchr (rest, '/');
  if (slash == NULL)
    return FALSE;
  return strcmp (slash + 1, CTD_TABLE_ENTRY_CHECK) == 0 ||
         strcmp (slash + 1, CTD_TABLE_ENTRY_SEND) == 0 ||
         strcmp (slash + 1, CTD_TABLE_ENTRY_ANSWER) == 0;
}

/* A form is posted by a page of this server: its Origin, when the
 * browser sends one (all do for a POST), is this server's; a page
 * elsewhere, or a sandboxed "null", posts nothing into the desk. */
static gboolean
origin_is_own (SoupMessageHeaders *headers)
{
  const char *origin = soup_message_headers_get_one (headers, "Origin");
  const char *host = soup_message_headers_get_one (headers, "Host");
  g_autofree char *own = NULL;

  if (origin == NULL)
    return TRUE;
  if (host == NULL)
    return FALSE;
  own = g_strconcat ("http://", host, NULL);
  return g_ascii_strcasecmp (origin, own) == 0;
}

/* A POST's body: announced by its length, small, and a form. */
static gboolean
refuse_form_body (SoupServerMessage  *msg,
                  SoupMessageHeaders *headers)
{
  const char *type = soup_message_headers_get_content_type (headers, NULL);

  if (soup_message_headers_get_encoding (headers) != SOUP_ENCODING_CONTENT_LENGTH)
    refuse (msg, SOUP_STATUS_LENGTH_REQUIRED, "", _("A form is sent with its length."));
  else if (soup_message_headers_get_content_length (headers) > CTD_TABLE_ENTRY_MAX_BODY)
    refuse (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, "", _("This form is too large."));
  else if (g_strcmp0 (type, "application/x-www-form-urlencoded") != 0)
    refuse (msg, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE, "", _("Only the table's forms are sent here."));
  else if (!origin_is_own (headers))
    refuse (msg, SOUP_STATUS_FORBIDDEN, "",
            _("This form comes from another site: use the link on your scoring sheet."));
  else
    return FALSE;
  return TRUE;
}

/* Called once the headers are read, before any body: what is refused
 * here is refused without reading more. */
static void
early_handler (SoupServer        *soup,
               SoupServerMessage *msg,
               const char        *path,
               GHashTable        *query,
               gpointer           user_data)
{
  CtdTableServer *self = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *method = soup_server_message_get_method (msg);
  GUri *uri = soup_server_message_get_uri (msg);
  const char *uri_query = g_uri_get_query (uri);
  gsize uri_length = strlen (g_uri_get_path (uri)) + (uri_query != NULL ? strlen (uri_query) + 1 : 0);
  gboolean post = g_strcmp0 (method, SOUP_METHOD_POST) == 0 && is_form_path (path);

  if (uri_length > CTD_TABLE_SERVER_MAX_URI)
    refuse (msg, SOUP_STATUS_REQUEST_URI_TOO_LONG, "", _("This address is too long."));
  else if (headers_size (headers) > CTD_TABLE_SERVER_MAX_HEADERS)
    refuse (msg, 431, "", _("This request's headers are too large."));
  else if (!post && g_strcmp0 (method, SOUP_METHOD_GET) != 0 &&
           g_strcmp0 (method, SOUP_METHOD_HEAD) != 0)
    refuse (msg, SOUP_STATUS_METHOD_NOT_ALLOWED,
            is_form_path (path) ? "Allow: POST\r\n" : "Allow: GET, HEAD\r\n",
            _("Only pages are read here, and the table's forms sent."));
  else if (!post && (soup_message_headers_get_content_length (headers) > 0 ||
                     soup_message_headers_get_one (headers, "Transfer-Encoding") != NULL))
    refuse (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, "", _("A page is read without a body."));
  else if (!ctd_serve_host_is_own (soup_message_headers_get_one (headers, "Host"),
                                   self->address, self->port))
    refuse (msg, SOUP_STATUS_MISDIRECTED_REQUEST, "",
            _("This server answers only at its own address: use the link on your scoring sheet."));
  else if (post)
    refuse_form_body (msg, headers);
}

/* ---- the tables connected ---- */

/* How often the count is looked at again while listening, so that a
 * table gone quiet stops counting within this of its five minutes. */
#define TABLES_CHECK_S 10

static void
update_n_tables (CtdTableServer *self)
{
  guint n = self->listening ? ctd_serve_visits_count (self->visits, g_get_monotonic_time ()) : 0;

  if (n == self->n_tables)
    return;
  self->n_tables = n;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TABLES]);
}

static gboolean
tables_timer_cb (gpointer user_data)
{
  update_n_tables (user_data);
  ctd_table_server_update_report (user_data);
  return G_SOURCE_CONTINUE;
}

/* A request at chouette @round.@chouette's link, which opened it: its
 * table is connected. */
void
ctd_table_server_note_table (CtdTableServer *self,
                             guint           round,
                             guint           chouette)
{
  ctd_serve_visits_seen (self->visits, round, chouette, g_get_monotonic_time ());
  update_n_tables (self);
}

/* The count's timer runs while the server listens and stops with it;
 * stopped, no table is connected. */
static void
follow_tables (CtdTableServer *self)
{
  g_clear_handle_id (&self->tables_timer, g_source_remove);
  if (self->listening)
    self->tables_timer = g_timeout_add_seconds (TABLES_CHECK_S, tables_timer_cb, self);
  else
    ctd_serve_visits_clear (self->visits);
  update_n_tables (self);
}

/* /standings: what the public display shows, no more; open to all,
 * as the projector in the room is. */
static gboolean
serve_standings (CtdTableServer    *self,
                 SoupServerMessage *msg)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *page = NULL;
  CtdDisplayView *view;

  /* Another program may have just released the round: look first. */
  ctd_document_check_for_changes (self->document);
  view = ctd_document_get_display_view (self->document, &error);
  if (view == NULL)
    {
      g_warning ("The standings cannot be read: %s", error->message);
      return FALSE;
    }
  page = ctd_standings_page_render (view);
  ctd_table_server_respond (msg, SOUP_STATUS_OK, "text/html; charset=utf-8", page);
  return TRUE;
}

/* Answers @msg, whose path is @path: the work of one request. */
static void
answer (CtdTableServer    *self,
        SoupServerMessage *msg,
        const char        *path)
{
  if (g_str_has_prefix (path, "/t/") &&
      g_strcmp0 (soup_server_message_get_method (msg), SOUP_METHOD_POST) == 0)
    {
      ctd_table_server_serve_post (self, msg, path + strlen ("/t/"));
      return;
    }
  if (g_str_has_prefix (path, "/t/") && ctd_table_server_serve_table (self, msg, path + strlen ("/t/")))
    return;
  if (strcmp (path, "/standings") == 0 && serve_standings (self, msg))
    return;
  ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, "text/html; charset=utf-8", self->not_found);
}

/* How long one turn of the main loop answers waiting requests: the
 * window's frame (16 ms) keeps most of its time. */
#define TURN_USEC 1000

/* Waiting requests answered for up to TURN_USEC per turn of the main
 * loop, at idle priority: when every table posts at once, GLib
 * dispatches all their connections' sources in one go, and answering
 * them there would hold the window's frame for all of them; queued, they
 * are answered in short dispatches of their own, and the window draws in
 * between. More than one a turn spares a turn of the loop (every
 * connection's sources polled) per request. */
static gboolean
answer_next (gpointer user_data)
{
  CtdTableServer *self = user_data;
  gint64 until = g_get_monotonic_time () + TURN_USEC;

  do
    {
      g_autoptr(SoupServerMessage) msg = g_queue_pop_head (self->waiting);

      if (msg != NULL && g_object_get_data (G_OBJECT (msg), "ctd-finished") == NULL)
        {
          answer (self, msg, g_object_get_data (G_OBJECT (msg), "ctd-path"));
          /* A write answers once it is on the disk (ctd-table-requests.c). */
          if (g_object_get_data (G_OBJECT (msg), "ctd-held") == NULL)
            ctd_table_server_send_answer (self, msg);
        }
    }
  while (!g_queue_is_empty (self->waiting) && g_get_monotonic_time () < until);
  if (!g_queue_is_empty (self->waiting))
    return G_SOURCE_CONTINUE;
  self->answer_id = 0;
  return G_SOURCE_REMOVE;
}

/* Drops what waits: the server stops, or goes. */
static void
forget_waiting (CtdTableServer *self)
{
  GHashTableIter iter;
  gpointer msg, source;

  g_clear_handle_id (&self->answer_id, g_source_remove);
  g_queue_clear_full (self->waiting, g_object_unref);
  g_hash_table_iter_init (&iter, self->delayed);
  while (g_hash_table_iter_next (&iter, &msg, &source))
    {
      g_source_remove (GPOINTER_TO_UINT (source));
      g_object_unref (msg);
      g_hash_table_iter_remove (&iter);
    }
}

static void
handler (SoupServer        *soup,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  CtdTableServer *self = user_data;

  /* The style sheet: at its address of the moment, named after its
   * content, kept by the phones for good (1,158 downloads in a round, when
   * it was not); at the old address, as before, for a page still open. */
  if (strcmp (path, ctd_serve_style_path ()) == 0 || strcmp (path, "/static/table.css") == 0)
    {
      ctd_table_server_respond (msg, SOUP_STATUS_OK, "text/css; charset=utf-8",
                                ctd_serve_style ());
      if (strcmp (path, ctd_serve_style_path ()) == 0)
        soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                      "Cache-Control", "public, max-age=31536000, immutable");
      return;
    }
  g_object_set_data_full (G_OBJECT (msg), "ctd-path", g_strdup (path), g_free);
  soup_server_message_pause (msg);
  g_queue_push_tail (self->waiting, g_object_ref (msg));
  if (self->answer_id == 0)
    self->answer_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, answer_next, self, NULL);
}

static void
document_closed (CtdTableServer *self)
{
  if (ctd_document_get_closed (self->document))
    ctd_table_server_stop (self);
}

static void
ctd_table_server_constructed (GObject *object)
{
  CtdTableServer *self = CTD_TABLE_SERVER (object);

  G_OBJECT_CLASS (ctd_table_server_parent_class)->constructed (object);
  /* No "Server:" header: the desk does not say what it runs. */
  self->soup = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_early_handler (self->soup, NULL, early_handler, self, NULL);
  soup_server_add_handler (self->soup, NULL, handler, self, NULL);
  g_signal_connect_object (self->soup, "request-started",
                           G_CALLBACK (ctd_table_server_connection_started), self, 0);
  g_signal_connect_object (self->document, "notify::closed", G_CALLBACK (document_closed),
                           self, G_CONNECT_SWAPPED);
}

static void
ctd_table_server_dispose (GObject *object)
{
  CtdTableServer *self = CTD_TABLE_SERVER (object);

  g_clear_handle_id (&self->tables_timer, g_source_remove);
  forget_waiting (self);
  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (ctd_table_server_parent_class)->dispose (object);
}

static void
ctd_table_server_finalize (GObject *object)
{
  CtdTableServer *self = CTD_TABLE_SERVER (object);

  g_clear_pointer (&self->guard, ctd_serve_guard_free);
  g_clear_pointer (&self->visits, ctd_serve_visits_free);
  g_clear_pointer (&self->connections, ctd_table_connections_unref);
  g_clear_pointer (&self->delayed, g_hash_table_unref);
  g_free (self->guard_report);
  g_queue_free (self->waiting);
  g_free (self->not_found);
  g_free (self->address);
  G_OBJECT_CLASS (ctd_table_server_parent_class)->finalize (object);
}

static void
ctd_table_server_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CtdTableServer *self = CTD_TABLE_SERVER (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_LISTENING:
      g_value_set_boolean (value, self->listening);
      break;
    case PROP_N_TABLES:
      g_value_set_uint (value, self->n_tables);
      break;
    case PROP_GUARD_REPORT:
      g_value_set_string (value, self->guard_report);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_table_server_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CtdTableServer *self = CTD_TABLE_SERVER (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      self->document = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_table_server_class_init (CtdTableServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ctd_table_server_constructed;
  object_class->dispose = ctd_table_server_dispose;
  object_class->finalize = ctd_table_server_finalize;
  object_class->get_property = ctd_table_server_get_property;
  object_class->set_property = ctd_table_server_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, CTD_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LISTENING] =
    g_param_spec_boolean ("listening", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* How many distinct chouettes' links opened a page in the last
   * CTD_SERVE_VISITS_WINDOW_US: the tables connected, as the director
   * sees them; 0 while not listening. */
  properties[PROP_N_TABLES] =
    g_param_spec_uint ("n-tables", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The addresses whose wrong links are answered slowly now, in words
   * for the director (ctd_table_server_dup_guard_report()), or NULL. */
  properties[PROP_GUARD_REPORT] =
    g_param_spec_string ("guard-report", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdTableServer::notice:
   * @text: a line for the director's log, translated
   *
   * An address starts being slowed for its wrong links, or opens too
   * many connections (at the first time, then at each power of two).
   * Without a handler the line goes to the log (g_message()).
   */
  signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ctd_table_server_init (CtdTableServer *self)
{
  g_autoptr(GError) error = NULL;
  char half[CTD_LINK_SECRET_CHARS + 1];

  self->guard = ctd_serve_guard_new ();
  self->visits = ctd_serve_visits_new ();
  self->waiting = g_queue_new ();
  self->connections = ctd_table_connections_new ();
  self->delayed = g_hash_table_new (NULL, NULL);
  ctd_table_server_set_caps (self);
  self->not_found = ctd_table_page_not_found ();
  /* The forms' key: 256 bits from the system's random source, as hex. */
  G_STATIC_ASSERT (CTD_TABLE_ENTRY_KEY_BYTES == 2 * CTD_LINK_SECRET_CHARS);
  for (guint i = 0; i < 2; i++)
    {
      if (!ctd_link_secret_new (half, &error))
        {
          g_warning ("The tables cannot send games: %s", error->message);
          break;
        }
      memcpy (self->key + i * CTD_LINK_SECRET_CHARS, half, CTD_LINK_SECRET_CHARS);
      self->key_ready = i == 1;
    }
  self->timeout = CTD_TABLE_SERVER_TIMEOUT;
}

/**
 * ctd_table_server_new:
 * @document: the open event
 *
 * Returns: (transfer full): a server of @document's tables, not yet listening
 */
CtdTableServer *
ctd_table_server_new (CtdDocument *document)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (document), NULL);
  return g_object_new (CTD_TYPE_TABLE_SERVER, "document", document, NULL);
}

/**
 * ctd_table_server_listen:
 * @self: a server
 * @address: (nullable): the address of one network interface, or %NULL for all
 * @port: the port, or 0 for any free one (ctd_table_server_get_port())
 * @error: return location for an error
 *
 * Starts answering on the main loop, until ctd_table_server_stop() or
 * until the event is closed.
 *
 * Returns: %TRUE when listening; %FALSE with @error set otherwise
 */
gboolean
ctd_table_server_listen (CtdTableServer  *self,
                         const char      *address,
                         guint            port,
                         GError         **error)
{
  g_autoptr(GSocketAddress) socket_address = NULL;
  GSList *listeners;
  gboolean ok;

  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), FALSE);
  g_return_val_if_fail (!self->listening, FALSE);

  if (port > 65535)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Port %u is not a port: give one from 1 to 65535, or 0 for any free one"),
                   port);
      return FALSE;
    }
  if (address == NULL)
    ok = soup_server_listen_all (self->soup, port, 0, error);
  else if ((socket_address = g_inet_socket_address_new_from_string (address, port)) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a network address of this computer: give one like "
                     "192.168.1.20, or none to serve on all"), address);
      return FALSE;
    }
  else
    ok = soup_server_listen (self->soup, socket_address, 0, error);
  if (!ok)
    return FALSE;

  /* The port chosen when given 0, read from the socket itself. */
  self->port = port;
  listeners = soup_server_get_listeners (self->soup);
  if (listeners != NULL)
    {
      g_autoptr(GSocketAddress) local = g_socket_get_local_address (listeners->data, NULL);

      if (local != NULL)
        self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
    }
  /* A room of phones connects at once: libsoup listens with GLib's
   * backlog of 10, and the kernel drops the rest, which retry only after
   * a second or three. Listening again with a longer backlog takes
   * effect on the same socket (Linux; GSocket will not set it once
   * listening). */
  for (GSList *l = listeners; l != NULL; l = l->next)
    if (listen (g_socket_get_fd (l->data), CTD_TABLE_SERVER_BACKLOG) != 0)
      g_debug ("The backlog stays GLib's: %s", g_strerror (errno));
  g_slist_free (listeners);
  g_free (self->address);
  self->address = g_strdup (address);
  ctd_table_server_set_caps (self);
  self->listening = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTENING]);
  follow_tables (self);
  return TRUE;
}

/**
 * ctd_table_server_stop:
 * @self: a server
 *
 * Closes the port and every connection; nothing is answered after.
 */
void
ctd_table_server_stop (CtdTableServer *self)
{
  g_return_if_fail (CTD_IS_TABLE_SERVER (self));
  if (!self->listening)
    return;
  forget_waiting (self);
  soup_server_disconnect (self->soup);
  self->listening = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTENING]);
  follow_tables (self);
}

/**
 * ctd_table_server_get_n_tables:
 * @self: a server
 *
 * Returns: how many tables are connected: distinct chouettes whose link
 *   opened a page in the last five minutes; 0 while not listening
 */
guint
ctd_table_server_get_n_tables (CtdTableServer *self)
{
  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), 0);
  return self->n_tables;
}

gboolean
ctd_table_server_get_listening (CtdTableServer *self)
{
  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), FALSE);
  return self->listening;
}

/**
 * ctd_table_server_get_port:
 * @self: a server
 *
 * Returns: the port it listens on (the one chosen when given 0), or 0
 */
guint
ctd_table_server_get_port (CtdTableServer *self)
{
  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), 0);
  return self->listening ? self->port : 0;
}

/**
 * ctd_table_server_get_uri:
 * @self: a listening server
 *
 * Returns: (transfer full) (nullable): the address phones open,
 *   "http://192.168.1.20:8080", without a trailing slash; %NULL when
 *   not listening
 */
char *
ctd_table_server_get_uri (CtdTableServer *self)
{
  g_autofree char *host = NULL;

  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), NULL);
  if (!self->listening)
    return NULL;
  host = self->address != NULL ? g_strdup (self->address) : ctd_serve_lan_address ();
  if (strchr (host, ':') != NULL)
    return g_strdup_printf ("http://[%s]:%u", host, self->port);
  return g_strdup_printf ("http://%s:%u", host, self->port);
}

/**
 * ctd_table_server_set_timeout:
 * @self: a server
 * @seconds: how long a request may take to arrive whole, at least 1
 *
 * For the tests: CTD_TABLE_SERVER_TIMEOUT is the default.
 */
void
ctd_table_server_set_timeout (CtdTableServer *self,
                              guint           seconds)
{
  g_return_if_fail (CTD_IS_TABLE_SERVER (self));
  self->timeout = MAX (seconds, 1);
}
