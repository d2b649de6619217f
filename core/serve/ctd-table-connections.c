/* ctd-table-connections.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table server's connections: each has the server's timeout to
 * bring its request, is closed after its answer, and counts against a
 * cap in total and per address; wrong links are answered slowly, and
 * writes are rationed per link (ctd-serve-guard.c).
 *
 * Why a connection is closed after each answer: libsoup 3.2.3 (Debian
 * 12) never closes a kept-alive connection that its client closes, so
 * each stays in CLOSE-WAIT and holds a descriptor for good (fixed in
 * libsoup 3.3.0); and a connection kept alive past a request's timeout
 * is never answered again. A connection closed by the server after its
 * answer has neither problem; a phone pays one more handshake on the
 * room's network per page, well under a millisecond to a few.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/resource.h>

#include "ctd-table-server-private.h"
#include "ctd-text.h"

struct _CtdTableConnections
{
  GHashTable *open;     /* address group -> its open connections, as a pointer */
  guint       n_open;
  GHashTable *refused;  /* address group -> its connections refused, as a pointer */
};

static void
connections_clear (CtdTableConnections *connections)
{
  g_hash_table_unref (connections->open);
  g_hash_table_unref (connections->refused);
}

CtdTableConnections *
ctd_table_connections_new (void)
{
  CtdTableConnections *connections = g_rc_box_new0 (CtdTableConnections);

  connections->open = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  connections->refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return connections;
}

void
ctd_table_connections_unref (CtdTableConnections *connections)
{
  g_rc_box_release_full (connections, (GDestroyNotify) connections_clear);
}

/**
 * ctd_table_connections_get_open:
 * @connections: a server's connections
 *
 * Returns: how many connections are open now (for the tests)
 */
guint
ctd_table_connections_get_open (CtdTableConnections *connections)
{
  return connections->n_open;
}

/* Kept on its message: it lives no longer than the message, and the
 * connection counts as open while it lives. */
typedef struct
{
  SoupServerMessage   *msg;
  CtdTableConnections *connections;
  char                *group;
  guint                deadline;
} Connection;

static void
connection_free (gpointer data)
{
  Connection *connection = data;
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (connection->connections->open,
                                                   connection->group));

  g_clear_handle_id (&connection->deadline, g_source_remove);
  if (n > 1)
    g_hash_table_insert (connection->connections->open, g_strdup (connection->group),
                         GUINT_TO_POINTER (n - 1));
  else
    g_hash_table_remove (connection->connections->open, connection->group);
  connection->connections->n_open--;
  ctd_table_connections_unref (connection->connections);
  g_free (connection->group);
  g_free (connection);
}

static gboolean
deadline_passed (gpointer data)
{
  Connection *connection = data;
  GSocket *socket = soup_server_message_get_socket (connection->msg);

  g_debug ("A request took too long: its connection is cut");
  connection->deadline = 0;
  if (socket != NULL)
    g_socket_shutdown (socket, TRUE, TRUE, NULL);
  return G_SOURCE_REMOVE;
}

static void
request_finished (SoupServerMessage *msg)
{
  g_object_set_data (G_OBJECT (msg), "ctd-connection", NULL);
  /* Cut off while it waited for its answer: there is no one to answer. */
  g_object_set_data (G_OBJECT (msg), "ctd-finished", GINT_TO_POINTER (TRUE));
}

/* Whether @n is worth a line in the log: the first, then each power of
 * two, so that a flood leaves a trace without flooding the log. */
static gboolean
worth_a_line (guint n)
{
  return n == 1 || (n >= 8 && (n & (n - 1)) == 0);
}

/* A connection beyond the caps: told so in one write, which never
 * blocks, and shut, so that libsoup reads its end at once and closes it. */
static void
refuse_connection (CtdTableServer *self,
                   GSocket        *socket,
                   const char     *group)
{
  static const char busy[] =
    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\n"
    "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 0\r\n\r\n";
  CtdTableConnections *connections = self->connections;
  guint n;

  g_socket_send_with_blocking (socket, busy, strlen (busy), FALSE, NULL, NULL);
  g_socket_shutdown (socket, TRUE, TRUE, NULL);
  if (g_hash_table_size (connections->refused) >= CTD_TABLE_SERVER_MAX_CONNECTIONS)
    g_hash_table_remove_all (connections->refused);
  n = GPOINTER_TO_UINT (g_hash_table_lookup (connections->refused, group)) + 1;
  g_hash_table_insert (connections->refused, g_strdup (group), GUINT_TO_POINTER (n));
  if (worth_a_line (n))
    {
      g_autofree char *text = NULL;

      /* Translators: %s is a network address (192.168.1.7, or an IPv6
       * network); %u the connections it opened that the desk refused */
      text = g_strdup_printf (ngettext ("%s opens too many connections at once: %u refused so far.",
                                        "%s opens too many connections at once: %u refused so far.",
                                        n), group, n);
      ctd_table_server_notice (self, text);
    }
}

/**
 * ctd_table_server_connection_started:
 * @soup: the server's SoupServer
 * @msg: a request starting on a connection
 * @user_data: the table server
 *
 * A new connection (each carries one request: the answer closes it):
 * refused beyond the caps, or given the server's timeout to bring its
 * request whole, so that a trickle of bytes cannot hold it open.
 */
void
ctd_table_server_connection_started (SoupServer        *soup,
                                     SoupServerMessage *msg,
                                     gpointer           user_data)
{
  CtdTableServer *self = user_data;
  GSocket *socket = soup_server_message_get_socket (msg);
  const char *client = soup_server_message_get_remote_host (msg);
  g_autofree char *group = NULL;
  Connection *connection;
  guint n;

  if (socket == NULL)
    return;
  group = ctd_serve_address_group (client != NULL ? client : "");
  n = GPOINTER_TO_UINT (g_hash_table_lookup (self->connections->open, group));
  if (self->connections->n_open >= self->max_connections || n >= self->max_per_address)
    {
      refuse_connection (self, socket, group);
      return;
    }
  g_hash_table_insert (self->connections->open, g_strdup (group), GUINT_TO_POINTER (n + 1));
  self->connections->n_open++;
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Connection", "close");
  g_socket_set_timeout (socket, self->timeout);
  connection = g_new0 (Connection, 1);
  connection->msg = msg;
  connection->connections = g_rc_box_acquire (self->connections);
  connection->group = g_steal_pointer (&group);
  connection->deadline = g_timeout_add_seconds (self->timeout, deadline_passed, connection);
  g_object_set_data_full (G_OBJECT (msg), "ctd-connection", connection, connection_free);
  g_signal_connect (msg, "finished", G_CALLBACK (request_finished), NULL);
}

/**
 * ctd_table_server_note_guess:
 * @self: a server
 * @msg: a request at a link that opens nothing
 *
 * Counts a wrong link from @msg's address; its answer waits
 * (answer_next() reads "ctd-delay"), longer with each guess, and the
 * director is told when an address starts being slowed.
 */
void
ctd_table_server_note_guess (CtdTableServer    *self,
                             SoupServerMessage *msg)
{
  const char *client = soup_server_message_get_remote_host (msg);
  guint guesses = 0;
  gint64 delay;

  if (client == NULL)
    return;
  delay = ctd_serve_guard_fail (self->guard, client, g_get_monotonic_time (), &guesses);
  g_object_set_data (G_OBJECT (msg), "ctd-delay", GSIZE_TO_POINTER ((gsize) delay));
  if (guesses > CTD_SERVE_GUARD_FREE_GUESSES &&
      worth_a_line (guesses - CTD_SERVE_GUARD_FREE_GUESSES))
    {
      g_autofree char *group = ctd_serve_address_group (client);
      g_autofree char *text = NULL;

      /* Translators: %s is a network address (192.168.1.7, or an IPv6
       * network); %u how many links it tried that open nothing */
      text = g_strdup_printf (ngettext ("%s tried %u wrong link: the desk answers its wrong links "
                                        "slowly; the tables' own links are answered at once.",
                                        "%s tried %u wrong links: the desk answers its wrong links "
                                        "slowly; the tables' own links are answered at once.",
                                        guesses), group, guesses);
      ctd_table_server_notice (self, text);
    }
  ctd_table_server_update_report (self);
}

/**
 * ctd_table_server_take_write:
 * @self: a server
 * @msg: a form that writes
 * @secret: its link's secret
 * @item: (nullable): what it writes, "game 5" or "line 12"
 *
 * Returns: whether the write may go on; if not, @msg is answered (429,
 *   with Retry-After)
 */
gboolean
ctd_table_server_take_write (CtdTableServer    *self,
                             SoupServerMessage *msg,
                             const char        *secret,
                             const char        *item)
{
  g_autofree char *retry = NULL;
  g_autofree char *text = NULL;
  guint seconds = 0;

  if (ctd_serve_guard_take_write (self->guard, secret, item, g_get_monotonic_time (), &seconds))
    return TRUE;
  retry = g_strdup_printf ("%u", seconds);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Retry-After", retry);
  /* Translators: %u is a number of seconds */
  text = g_strdup_printf (ngettext ("This table has sent more, and faster, than a table plays: "
                                    "nothing was saved. Wait %u second, then go back and send "
                                    "again, or ask the director.",
                                    "This table has sent more, and faster, than a table plays: "
                                    "nothing was saved. Wait %u seconds, then go back and send "
                                    "again, or ask the director.",
                                    seconds), seconds);
  ctd_table_server_respond (msg, 429, "text/plain; charset=utf-8", text);
  return FALSE;
}

/**
 * ctd_table_server_raise_file_limit:
 *
 * Raises the soft limit on open files to the hard one: each phone's
 * connection is a descriptor, and a desktop's soft limit (1,024) is
 * what a room and a flood share. Called once at start.
 *
 * Returns: the soft limit now
 */
guint64
ctd_table_server_raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0)
    return 0;
  if (limit.rlim_cur < limit.rlim_max)
    {
      rlim_t soft = limit.rlim_cur;

      limit.rlim_cur = limit.rlim_max;
      if (setrlimit (RLIMIT_NOFILE, &limit) != 0)
        limit.rlim_cur = soft;
    }
  return limit.rlim_cur == RLIM_INFINITY ? G_MAXUINT64 : (guint64) limit.rlim_cur;
}

/* The caps, from the limit on open files: half of the descriptors for
 * the phones, the rest for the event file, the window and the fonts. */
void
ctd_table_server_set_caps (CtdTableServer *self)
{
  struct rlimit limit;
  guint64 files = getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                  ? (guint64) limit.rlim_cur : G_MAXUINT64;

  self->max_connections = (guint) CLAMP (files / 2, 16, CTD_TABLE_SERVER_MAX_CONNECTIONS);
  self->max_per_address = MIN (CTD_TABLE_SERVER_MAX_PER_ADDRESS, MAX (4, self->max_connections / 4));
}

static gboolean
delay_passed (gpointer user_data)
{
  SoupServerMessage *msg = user_data;
  CtdTableServer *self = g_object_get_data (G_OBJECT (msg), "ctd-server");

  g_hash_table_steal (self->delayed, msg);
  if (g_object_get_data (G_OBJECT (msg), "ctd-finished") == NULL)
    soup_server_message_unpause (msg);
  g_object_unref (msg);
  return G_SOURCE_REMOVE;
}

/* A wrong link's answer is sent once its delay has passed
 * (ctd_table_server_note_guess()): guessing is slowed, and no address,
 * right links included, is ever refused for it. */
void
ctd_table_server_send_answer (CtdTableServer    *self,
                              SoupServerMessage *msg)
{
  gsize delay_us = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (msg), "ctd-delay"));
  guint source;

  if (delay_us == 0)
    {
      soup_server_message_unpause (msg);
      return;
    }
  g_object_set_data (G_OBJECT (msg), "ctd-server", self);
  source = g_timeout_add ((guint) (delay_us / 1000), delay_passed, g_object_ref (msg));
  g_hash_table_insert (self->delayed, msg, GUINT_TO_POINTER (source));
}

void
ctd_table_server_notice (CtdTableServer *self,
                         const char     *text)
{
  guint notice = g_signal_lookup ("notice", CTD_TYPE_TABLE_SERVER);

  if (g_signal_has_handler_pending (self, notice, 0, FALSE))
    g_signal_emit (self, notice, 0, text);
  else
    g_message ("%s", text);
}

/* The report follows the guard: a wrong link counted, or an address
 * quiet long enough to be forgotten. */
void
ctd_table_server_update_report (CtdTableServer *self)
{
  g_autofree char *report = ctd_table_server_dup_guard_report (self);

  if (g_strcmp0 (report, self->guard_report) == 0)
    return;
  g_free (self->guard_report);
  self->guard_report = g_steal_pointer (&report);
  g_object_notify (G_OBJECT (self), "guard-report");
}

/**
 * ctd_table_server_dup_guard_report:
 * @self: a server
 *
 * Returns: (transfer full) (nullable): the addresses whose wrong links
 *   are answered slowly now and how many each tried, in a sentence for
 *   the director; %NULL when there are none
 */
char *
ctd_table_server_dup_guard_report (CtdTableServer *self)
{
  g_autoptr(GPtrArray) slowed = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autofree char *list = NULL;

  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), NULL);
  slowed = ctd_serve_guard_list_slowed (self->guard, g_get_monotonic_time ());
  if (slowed->len == 0)
    return NULL;
  items = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < slowed->len; i++)
    {
      const CtdServeGuardEntry *entry = g_ptr_array_index (slowed, i);

      /* Translators: %s is a network address, %u how many wrong links
       * it tried; the items are joined into the next message */
      g_ptr_array_add (items, g_strdup_printf (ngettext ("%s (%u wrong link)",
                                                         "%s (%u wrong links)", entry->guesses),
                                               entry->group, entry->guesses));
    }
  list = ctd_text_join_and (items);
  /* Translators: %s lists addresses with their wrong links:
   * "192.168.1.7 (14 wrong links) and 10.0.0.3 (5 wrong links)" */
  return g_strdup_printf (_("Links that open nothing came from %s: the desk answers those "
                            "slowly. The tables' own links are answered at once."), list);
}

/**
 * ctd_table_server_get_n_connections:
 * @self: a server
 *
 * Returns: how many connections are open now
 */
guint
ctd_table_server_get_n_connections (CtdTableServer *self)
{
  g_return_val_if_fail (CTD_IS_TABLE_SERVER (self), 0);
  return ctd_table_connections_get_open (self->connections);
}
