/* test-table-connections.c: the table server's connections under a
 * room's traffic and an attacker's: a phone that waits on a connection
 * is answered or told to reconnect, closed connections give back their
 * descriptors, a flood from one address leaves the others answered,
 * wrong links are slowed while the right ones are answered at once.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The server runs on the test's main loop; the clients are plain
 * sockets in a thread, which can pick their source address (127.0.0.2
 * is loopback too).
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ctd-serve-guard.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"

typedef CtdTestFolder Fixture;

/* ---- plain sockets, for the client thread ---- */

static int
connect_from (const char *source,
              guint       port)
{
  struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons (port) };
  int fd = socket (AF_INET, SOCK_STREAM, 0);

  if (fd < 0)
    return -1;
  if (source != NULL)
    {
      struct sockaddr_in local = { .sin_family = AF_INET };

      inet_pton (AF_INET, source, &local.sin_addr);
      if (bind (fd, (struct sockaddr *) &local, sizeof local) != 0)
        {
          close (fd);
          return -1;
        }
    }
  inet_pton (AF_INET, "127.0.0.1", &address.sin_addr);
  if (connect (fd, (struct sockaddr *) &address, sizeof address) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* Reads until @fd is readable or @ms passed: 1 readable, 0 not. */
static int
wait_readable (int  fd,
               int  ms)
{
  struct pollfd poll_fd = { .fd = fd, .events = POLLIN };

  return poll (&poll_fd, 1, ms) > 0;
}

/* One answer on @fd: its status, 0 when the connection closed first
 * (cleanly or reset), -1 when nothing came within @ms. The body is
 * read by its Content-Length; @out_closes says whether the server
 * announced the end of the connection. */
static int
read_answer (int       fd,
             int       ms,
             gboolean *out_closes)
{
  GString *raw = g_string_new (NULL);
  const char *end = NULL;
  const char *length;
  gsize body = 0;
  int status = -1;
  char buffer[4096];

  while (end == NULL || raw->len < (gsize) (end + 4 - raw->str) + body)
    {
      gssize n;

      if (!wait_readable (fd, ms))
        goto out;
      n = recv (fd, buffer, sizeof buffer, 0);
      if (n <= 0)
        {
          status = end != NULL ? status : 0;
          goto out;
        }
      g_string_append_len (raw, buffer, n);
      if (end == NULL && (end = strstr (raw->str, "\r\n\r\n")) != NULL)
        {
          status = (int) g_ascii_strtoll (raw->str + strlen ("HTTP/1.1 "), NULL, 10);
          length = strstr (raw->str, "Content-Length: ");
          body = length != NULL && length < end
                 ? g_ascii_strtoull (length + strlen ("Content-Length: "), NULL, 10) : 0;
          if (out_closes != NULL)
            *out_closes = strstr (raw->str, "Connection: close\r\n") != NULL;
        }
    }
out:
  g_string_free (raw, TRUE);
  return status;
}

static gboolean
send_get (int         fd,
          guint       port,
          const char *path)
{
  g_autofree char *request =
    g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n", path, port);

  return send (fd, request, strlen (request), MSG_NOSIGNAL) == (gssize) strlen (request);
}

/* A client's work in a thread while the main loop serves. */
typedef struct
{
  GThreadFunc func;
  gpointer    data;
  gboolean    done;
} Client;

static gpointer
client_thread (gpointer user_data)
{
  Client *client = user_data;

  client->func (client->data);
  g_atomic_int_set (&client->done, TRUE);
  return NULL;
}

static void
run_client (GThreadFunc func,
            gpointer    data,
            guint       ms)
{
  Client client = { func, data, FALSE };
  GThread *thread = g_thread_new ("ctd-test-client", client_thread, &client);

  if (!ctd_test_wait_until (&client.done, ms, "the clients"))
    fail_msg ("The clients did not finish within %u ms", ms);
  g_thread_join (thread);
}

/* The soft limit on open files for one test, as a desktop's. */
static void
limit_files (rlim_t soft)
{
  struct rlimit limit;

  assert_int_equal (getrlimit (RLIMIT_NOFILE, &limit), 0);
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < soft)
    skip ();
  limit.rlim_cur = soft;
  assert_int_equal (setrlimit (RLIMIT_NOFILE, &limit), 0);
}

/* A notice of the server, kept for the test. */
static void
collect_notice (GPtrArray  *notices,
                const char *text)
{
  g_ptr_array_add (notices, g_strdup (text));
}

/* ---- a phone that waits on its connection ---- */

typedef struct
{
  guint       port;
  const char *path;
  guint       idle_ms;
  int         first;
  gboolean    closes;
  int         again;
} Idle;

static gpointer
idle_client (gpointer data)
{
  Idle *idle = data;
  int fd = connect_from (NULL, idle->port);

  if (fd < 0)
    return NULL;
  send_get (fd, idle->port, idle->path);
  idle->first = read_answer (fd, 10000, &idle->closes);
  /* The phone fills in its form meanwhile: the pause is the scenario. */
  g_usleep (idle->idle_ms * 1000);
  /* A browser reuses the connection if the server left it open. */
  if (send_get (fd, idle->port, idle->path))
    idle->again = read_answer (fd, 10000, NULL);
  else
    idle->again = 0;
  close (fd);
  return NULL;
}

/* A connection idle longer than the request timeout, then used again,
 * is answered or closed cleanly (the browser opens another): it never
 * hangs unanswered. The server says so with "Connection: close". */
static void
test_idle (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  Idle idle = { ctd_table_server_get_port (server), one, 2500, -1, FALSE, -1 };

  ctd_table_server_set_timeout (server, 1);
  run_client (idle_client, &idle, 60000);
  assert_int_equal (idle.first, 200);
  assert_true (idle.closes);
  /* 200 if answered, 0 if closed: -1 (no answer) is the failure. */
  assert_true (idle.again == 200 || idle.again == 0);
}

/* ---- connections closed by their clients ---- */

typedef struct
{
  guint port;
  guint n;
  guint answered;
} Many;

static gpointer
many_client (gpointer data)
{
  Many *many = data;

  for (guint i = 0; i < many->n; i++)
    {
      int fd = connect_from (NULL, many->port);

      if (fd < 0)
        break;
      /* Half read their answer whole, half leave in the middle of it. */
      if (send_get (fd, many->port, "/static/table.css") &&
          (i % 2 == 0 ? read_answer (fd, 10000, NULL) == 200 : wait_readable (fd, 10000)))
        many->answered++;
      close (fd);
      if (many->answered <= i)
        break;
    }
  return NULL;
}

static gboolean
descriptors_back (gconstpointer data)
{
  return ctd_test_count_descriptors () <= GPOINTER_TO_UINT (data);
}

/* 2,000 connections, each closed by its client after one request, under
 * a desktop's limit of 1,024 open files: all answered, and the
 * descriptors all given back (libsoup 3.2.3 kept each in CLOSE-WAIT). */
static void
test_closed_by_clients (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = NULL;
  Many many = { 0, 2000, 0 };
  guint before;

  limit_files (1024);
  server = ctd_test_serve_start (document);
  many.port = ctd_table_server_get_port (server);
  before = ctd_test_count_descriptors ();
  run_client (many_client, &many, 120000);
  assert_int_equal (many.answered, many.n);
  if (!ctd_test_wait_for (descriptors_back, GUINT_TO_POINTER (before + 2), 20000,
                          "the descriptors given back"))
    fail_msg ("%u descriptors open, %u before", ctd_test_count_descriptors (), before);
  assert_int_equal (ctd_table_server_get_n_connections (server), 0);
}

/* ---- a flood from one address ---- */

typedef struct
{
  guint  port;
  guint  n;
  int   *fds;
  guint  opened;
  int    other;
  gint64 other_us;
} Flood;

static gpointer
flood_client (gpointer data)
{
  Flood *flood = data;
  int fd;
  gint64 start;

  for (guint i = 0; i < flood->n; i++)
    if ((flood->fds[i] = connect_from ("127.0.0.1", flood->port)) >= 0)
      flood->opened++;
  /* Another phone of the room, while the flood holds on. */
  start = g_get_monotonic_time ();
  fd = connect_from ("127.0.0.2", flood->port);
  if (fd >= 0)
    {
      send_get (fd, flood->port, "/static/table.css");
      flood->other = read_answer (fd, 10000, NULL);
      close (fd);
    }
  flood->other_us = g_get_monotonic_time () - start;
  return NULL;
}

/* 1,100 connections held open from 127.0.0.1 leave 127.0.0.2 answered
 * within a second, and the flood is told to the director. */
static void
test_flood (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = NULL;
  g_autoptr(GPtrArray) notices = g_ptr_array_new_with_free_func (g_free);
  Flood flood = { 0, 1100, NULL, 0, -1, 0 };

  /* Room for the clients' 1,100 ends in this process too. */
  limit_files (2048);
  server = ctd_test_serve_start (document);
  g_signal_connect_swapped (server, "notice", G_CALLBACK (collect_notice), notices);
  flood.port = ctd_table_server_get_port (server);
  flood.fds = g_new (int, flood.n);
  run_client (flood_client, &flood, 120000);
  assert_int_equal (flood.opened, flood.n);
  assert_int_equal (flood.other, 200);
  if (flood.other_us >= G_USEC_PER_SEC)
    fail_msg ("127.0.0.2 answered after %" G_GINT64_FORMAT " ms", flood.other_us / 1000);
  assert_true (ctd_table_server_get_n_connections (server) <= CTD_TABLE_SERVER_MAX_PER_ADDRESS);
  assert_true (notices->len >= 1);
  assert_non_null (strstr (g_ptr_array_index (notices, 0), "127.0.0.1 opens too many connections"));
  for (guint i = 0; i < flood.n; i++)
    if (flood.fds[i] >= 0)
      close (flood.fds[i]);
  g_free (flood.fds);
}

/* ---- wrong links ---- */

/* Wrong links are answered later and later; the right link, from the
 * same address, at once; the director reads who guessed and how often. */
static void
test_slowed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autoptr(GPtrArray) notices = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *report = NULL;
  guint port = ctd_table_server_get_port (server);
  g_autofree char *right = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n",
                                            one, port);
  gint64 elapsed = 0;
  guint guesses = 0;

  g_signal_connect_swapped (server, "notice", G_CALLBACK (collect_notice), notices);
  assert_null (ctd_table_server_dup_guard_report (server));
  /* The free guesses and the first three slowed ones: 0.25 + 0.5 + 1 s. */
  for (; guesses < CTD_SERVE_GUARD_FREE_GUESSES + 3; guesses++)
    {
      g_autofree char *guess = g_strdup_printf ("/t/%032x", guesses);
      g_autoptr(CtdTestAnswer) answer = ctd_test_http_get (port, "GET", guess);

      assert_int_equal (answer->status, 404);
    }
  /* The right link is not refused, and not kept waiting. */
  {
    g_autoptr(CtdTestAnswer) answer = ctd_test_http_send (port, right, &elapsed);

    assert_int_equal (answer->status, 200);
  }
  /* The next wrong one waits twice the last: 2 s at least. */
  {
    gint64 wrong = 0;
    g_autoptr(CtdTestAnswer) answer =
      ctd_test_http_send (port, "GET /t/00000000000000000000000000000fff HTTP/1.1\r\n"
                                "Host: 127.0.0.1\r\n\r\n", &wrong);

    assert_int_equal (answer->status, 404);
    guesses++;
    assert_true (wrong >= 2 * G_USEC_PER_SEC);
    assert_true (elapsed < wrong);
  }
  report = ctd_table_server_dup_guard_report (server);
  assert_non_null (report);
  assert_non_null (strstr (report, "127.0.0.1 (7 wrong links)"));
  assert_true (notices->len >= 1);
  assert_non_null (strstr (g_ptr_array_index (notices, 0), "127.0.0.1 tried 4 wrong links"));
}

/* ---- writes ---- */

/* A table that sends game 1 again and again (each time a new line, as
 * "it is wrong" and send would) is stopped after the game's ration,
 * with a Retry-After and words for the player, and nothing written;
 * its other games still go. */
static void
test_writes_rationed (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_test_serve_start (document);
  g_autofree char *one = ctd_test_serve_secret (document, 1, 1);
  g_autofree char *enter = g_strconcat (one, "/enter/1", NULL);
  g_autofree char *check = g_strconcat (one, "/check", NULL);
  g_autofree char *send = g_strconcat (one, "/send", NULL);
  guint port = ctd_table_server_get_port (server);
  g_autoptr(CtdTestAnswer) form = ctd_test_http_get (port, "GET", enter);
  g_autofree char *token = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint sent = 0;

  assert_int_equal (form->status, 200);
  token = ctd_test_hidden_value (form->body, "token");
  for (;; sent++)
    {
      g_autofree char *words =
        g_strconcat ("token=", token, "&game=1&by=1&winner=team&how=gammon&value-2=2"
                     "&end-2=played&value-3=1&end-3=played&value-4=2&end-4=taker-passed"
                     "&more=&notation=", NULL);
      g_autoptr(CtdTestAnswer) preview = ctd_test_http_post (port, check, words);
      g_autofree char *request = NULL;
      g_autofree char *body = NULL;
      g_autoptr(CtdTestAnswer) answer = NULL;

      assert_int_equal (preview->status, 200);
      request = ctd_test_hidden_value (preview->body, "request");
      body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s",
                              token, request);
      before = (g_free (before), ctd_test_serve_snapshot (fixture->path));
      answer = ctd_test_http_post (port, send, body);
      if (answer->status == 429)
        {
          guint64 retry = g_ascii_strtoull (ctd_test_answer_header (answer, "Retry-After"),
                                            NULL, 10);

          assert_true (retry >= 1 && retry <= CTD_SERVE_GUARD_GAME_REFILL_US / G_USEC_PER_SEC);
          assert_non_null (strstr (answer->body, "nothing was saved"));
          break;
        }
      assert_true (answer->status == 303 || answer->status == 409);
      if (sent > CTD_SERVE_GUARD_GAME_BURST)
        fail_msg ("%u sends of one game, none refused", sent);
    }
  assert_int_equal (sent, CTD_SERVE_GUARD_GAME_BURST);
  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (after, before);
  /* Game 2 has a ration of its own. */
  {
    g_autofree char *body = g_strdup_printf ("token=%s&game=2&by=1&line=Tg+2%%3A2+4%%3A2-"
                                             "&request=00000000000000000000000000000002", token);
    g_autoptr(CtdTestAnswer) answer = ctd_test_http_post (port, send, body);

    assert_int_not_equal (answer->status, 429);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_idle, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_slowed, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_writes_rationed, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_flood, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_closed_by_clients, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
