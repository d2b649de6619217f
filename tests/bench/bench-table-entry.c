/* bench-table-entry.c: the tables' phones entering games at once.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-table-entry [--burst N]
 *
 * With --burst N, only the first burst runs, on N tables (1-64), and
 * what they sent is checked: a fixed request mix for a profiler, e.g.
 *   valgrind --tool=callgrind --toggle-collect=ctd_bench_run_desk \
 *            --separate-threads=yes bench-table-entry --burst 4
 * counts the desk's instructions while it serves (its thread's file).
 *
 * On a 512-player event drawn (128 chouettes of 4), the table server
 * listens on 127.0.0.1 on this program's main loop, as in the window,
 * and phones are threads speaking HTTP/1.1 on loopback (keep-alive, as
 * a browser does; the server closes each connection after its answer,
 * and the phone opens another). It prints (issue 21's targets beside each figure):
 *  - quiet: one table's page read again and again, before and after
 *    its 12 games are in (median 5 ms);
 *  - the burst: 64 tables at once, each entering games 1 to 12 as a
 *    phone does (the game's form, the check, the send posted twice at
 *    once with the same key as a retry would, the table's page for the
 *    confirm form's hidden id and seat, the other side's confirm, the
 *    page again), the event recording confirmed lines by itself:
 *    requests per second, each kind's median and p99 (p99 50 ms), and
 *    the main loop's longest single dispatch meanwhile: the window's
 *    frame work (16 ms), with the desk thread's CPU time per request;
 *  - the same burst on 63 other tables (the last chouette left to play,
 *    as a round whose every game is in closes its links), the loop made
 *    to take one ready connection per iteration, in turn: its longest
 *    dispatch is then the longest single request's work;
 *  - 16 phones that read a game's form, pause CTD_BENCH_PAUSE_S (15 s
 *    by default, past the server's 10 s request timeout) as a player
 *    filling it in, then check it on the same connection: each answered,
 *    the check's p99; then 2,000 connections from 8 clients, every other
 *    one closed before its answer: the answers' p99, and this process's
 *    descriptors before and after (libsoup 3.2.3 kept closed ones);
 *  - then checks that every one of the 1,524 lines was recorded exactly
 *    once: each game holds its line, one submission per game, recorded,
 *    one logged action each, no key twice; and every answer was the one
 *    a phone expects. It exits non-zero when not.
 * Bounded in count and time: it fails loudly when BENCH_DEADLINE_S
 * passes. Not a timed test: it reports, for a person or a CI log to read.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ctd-document-store.h"
#include "ctd-document.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"
#include "ctd-bench-phone.h"

#define N_PLAYERS    512
#define N_TABLES     64   /* of the 128 chouettes, those that enter at once */
#define N_ENTERED    (2 * N_TABLES - 1)  /* both bursts' */
#define N_QUIET      400  /* reads of one page, each phase */
#define BENCH_DEADLINE_S 300
#define N_PAUSING    16   /* phones pausing between the form and its check */
#define N_CLOSERS    8    /* clients closing half their connections */
#define N_CLOSED     2000 /* their connections */

typedef enum
{
  KIND_PAGE,    /* GET /t/S */
  KIND_FORM,    /* GET /t/S/enter/G */
  KIND_CHECK,   /* POST /t/S/check */
  KIND_SEND,    /* POST /t/S/send */
  KIND_ANSWER,  /* POST /t/S/answer */
  KIND_OPEN,    /* a new connection and the table's page on it, before */
  N_KINDS
} Kind;

static const char *const kind_names[N_KINDS] = {
  "page (GET /t/S)", "form (GET /t/S/enter/G)", "check (POST)", "send (POST, twice a key)",
  "answer (POST confirm)", "open (connect + page)",
};

static gint64 deadline;  /* monotonic µs */

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *ms,
            guint   p)
{
  if (ms->len == 0)
    return 0;
  qsort (ms->data, ms->len, sizeof (double), compare_doubles);
  return g_array_index (ms, double, MIN (ms->len - 1, ms->len * p / 100));
}

static const char *
verdict (double value,
         double target)
{
  return value <= target ? "met" : "MISSED";
}

/* ---- a table's phones ------------------------------------------------------ */

typedef struct
{
  guint     port;
  char     *path;        /* /t/SECRET */
  guint     n_games;     /* 12 for the burst, 0 for the quiet reads */
  GArray   *ms[N_KINDS];
  guint     unexpected;  /* answers a phone would not expect */
  GString  *problems;
  gint     *n_opening;   /* phones still opening their page */
  gint     *go;          /* set once every phone has */
  gint     *n_running;
} Table;

static void
table_note (Table      *table,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
table_note (Table      *table,
            const char *format,
            ...)
{
  va_list args;

  table->unexpected++;
  if (table->problems->len > 4000)
    return;
  va_start (args, format);
  g_string_append_printf (table->problems, "  %s: ", table->path);
  g_string_append_vprintf (table->problems, format, args);
  g_string_append_c (table->problems, '\n');
  va_end (args);
}

/* Sends @request on @conn, timed as @kind; FALSE unless @status came. */
static gboolean
timed (Table          *table,
       CtdBenchConn   *conn,
       Kind            kind,
       const char     *request,
       guint           status,
       CtdBenchAnswer *out)
{
  gint64 start = g_get_monotonic_time ();

  ctd_bench_answer_clear (out);
  if (!ctd_bench_exchange (conn, request, out))
    {
      table_note (table, "%s: no answer", kind_names[kind]);
      return FALSE;
    }
  g_array_append_val (table->ms[kind], (double) { (g_get_monotonic_time () - start) / 1000.0 });
  if (out->status != status)
    {
      table_note (table, "%s: %u, expected %u", kind_names[kind], out->status, status);
      return FALSE;
    }
  return TRUE;
}

/* The send, posted on two connections at once with the same key (a
 * retry whose first answer was slow): both must come back to the page. */
static gboolean
send_twice (Table        *table,
            CtdBenchConn *conns,
            const char   *request)
{
  gint64 start = g_get_monotonic_time ();
  gboolean ok = TRUE;

  for (guint i = 0; i < 2; i++)
    if (!ctd_bench_conn_write (&conns[i], request) &&
        !(ctd_bench_conn_open (&conns[i]) && ctd_bench_conn_write (&conns[i], request)))
      {
        table_note (table, "send: not written");
        return FALSE;
      }
  for (guint i = 0; i < 2; i++)
    {
      CtdBenchAnswer answer = { 0, };

      /* A kept-alive connection the server closed while it was idle
       * (CTD_TABLE_SERVER_TIMEOUT) is opened again, as a browser does. */
      if (!ctd_bench_conn_read (&conns[i], &answer) &&
          !(ctd_bench_conn_open (&conns[i]) && ctd_bench_conn_write (&conns[i], request) &&
            ctd_bench_conn_read (&conns[i], &answer)))
        {
          table_note (table, "send %u of 2: no answer", i + 1);
          ctd_bench_conn_close (&conns[i]);
          ok = FALSE;
          continue;
        }
      g_array_append_val (table->ms[KIND_SEND],
                          (double) { (g_get_monotonic_time () - start) / 1000.0 });
      if (answer.status != 303 || g_strcmp0 (answer.location, table->path) != 0)
        {
          table_note (table, "send %u of 2: %u, expected 303", i + 1, answer.status);
          ok = FALSE;
        }
      ctd_bench_answer_clear (&answer);
    }
  return ok;
}

/* Game @game as a phone enters it; FALSE stops this table. */
static gboolean
enter_game (Table        *table,
            CtdBenchConn *conns,
            guint         game)
{
  g_autofree char *enter = g_strdup_printf ("%s/enter/%u", table->path, game);
  g_autofree char *check = g_strconcat (table->path, "/check", NULL);
  g_autofree char *send = g_strconcat (table->path, "/send", NULL);
  g_autofree char *answer_path = g_strconcat (table->path, "/answer", NULL);
  g_autofree char *request = NULL;
  g_autofree char *token = NULL;
  g_autofree char *by = NULL;
  g_autofree char *line = NULL;
  g_autofree char *key = NULL;
  g_autofree char *body = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *id = NULL;
  g_autofree char *confirmer = NULL;
  CtdBenchAnswer answer = { 0, };
  const char *form;
  gboolean ok = FALSE;

  /* The game's form: its token, and the Box's seat (the first choice). */
  request = ctd_bench_get_request (table->port, enter);
  if (!timed (table, &conns[0], KIND_FORM, request, 200, &answer))
    goto out;
  token = ctd_bench_field_value (answer.body, "token");
  by = ctd_bench_field_value (answer.body, "by");
  if (token == NULL || by == NULL)
    {
      table_note (table, "game %u's form has no token or seat", game);
      goto out;
    }
  /* Checked in notation: the preview's send form holds the line as read. */
  escaped = g_uri_escape_string (ctd_test_phone_sheet[game - 1], NULL, FALSE);
  body = g_strdup_printf ("token=%s&game=%u&by=%s&notation=%s", token, game, by, escaped);
  g_free (request);
  request = ctd_bench_post_request (table->port, check, body);
  if (!timed (table, &conns[0], KIND_CHECK, request, 200, &answer))
    goto out;
  line = ctd_bench_field_value (answer.body, "line");
  key = ctd_bench_field_value (answer.body, "request");
  if (line == NULL || key == NULL)
    {
      table_note (table, "game %u's check has no send form", game);
      goto out;
    }
  g_free (escaped);
  escaped = g_uri_escape_string (line, NULL, FALSE);
  g_free (body);
  body = g_strdup_printf ("token=%s&game=%u&by=%s&line=%s&request=%s", token, game, by, escaped,
                          key);
  g_free (request);
  request = ctd_bench_post_request (table->port, send, body);
  if (!send_twice (table, conns, request))
    goto out;

  /* The table's page, where the other side reads the line and answers. */
  g_free (request);
  request = ctd_bench_get_request (table->port, table->path);
  if (!timed (table, &conns[0], KIND_PAGE, request, 200, &answer))
    goto out;
  form = strstr (answer.body, "/answer\">");
  id = ctd_bench_field_value (form, "id");
  confirmer = ctd_bench_field_value (form, "by");
  if (id == NULL || confirmer == NULL)
    {
      table_note (table, "game %u: no confirm form on the table's page", game);
      goto out;
    }
  g_free (body);
  body = g_strdup_printf ("token=%s&id=%s&by=%s&answer=confirm", token, id, confirmer);
  g_free (request);
  request = ctd_bench_post_request (table->port, answer_path, body);
  if (!timed (table, &conns[0], KIND_ANSWER, request, 303, &answer))
    goto out;
  g_free (request);
  request = ctd_bench_get_request (table->port, table->path);
  ok = timed (table, &conns[0], KIND_PAGE, request, 200, &answer);

out:
  ctd_bench_answer_clear (&answer);
  return ok;
}

static gpointer
table_thread (gpointer data)
{
  Table *table = data;
  CtdBenchConn conns[2] = { { table->port, -1, g_string_new (NULL) },
                            { table->port, -1, g_string_new (NULL) } };
  g_autofree char *page = ctd_bench_get_request (table->port, table->path);
  CtdBenchAnswer opened = { 0, };

  /* The table's page open on both connections, as on a phone that
   * scanned its sheet's code; then every phone starts at once. */
  for (guint i = 0; i < 2; i++)
    timed (table, &conns[i], KIND_OPEN, page, 200, &opened);
  ctd_bench_answer_clear (&opened);
  g_atomic_int_dec_and_test (table->n_opening);
  while (!g_atomic_int_get (table->go) && g_get_monotonic_time () < deadline)
    g_usleep (1000);

  if (table->n_games == 0)
    {
      CtdBenchAnswer answer = { 0, };

      for (guint i = 0; i < N_QUIET && g_get_monotonic_time () < deadline; i++)
        if (!timed (table, &conns[0], KIND_PAGE, page, 200, &answer))
          break;
      ctd_bench_answer_clear (&answer);
    }
  for (guint game = 1; game <= table->n_games && g_get_monotonic_time () < deadline; game++)
    if (!enter_game (table, conns, game))
      break;
  for (guint i = 0; i < 2; i++)
    {
      ctd_bench_conn_close (&conns[i]);
      g_string_free (conns[i].raw, TRUE);
    }
  g_atomic_int_dec_and_test (table->n_running);
  return NULL;
}

/* Runs @n tables' phones (chouettes @first...) to their end. */
static gboolean
run_tables (CtdTableServer  *server,
            GPtrArray       *links,
            guint            first,
            guint            n,
            guint            n_games,
            GArray         **ms,
            CtdBenchFrames          *frames,
            double          *out_seconds,
            GString         *problems,
            guint           *out_requests)
{
  g_autofree Table *tables = g_new0 (Table, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  gint n_running = n, n_opening = n, go = FALSE;
  CtdBenchFrames opening = { .ms = g_array_new (FALSE, FALSE, sizeof (double)) };
  gint64 start;
  gboolean in_time;
  guint unexpected = 0;

  for (guint t = 0; t < n; t++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, first - 1 + t);

      /* Each phone writes its own figures; they are gathered after. */
      tables[t] = (Table) { ctd_table_server_get_port (server),
                            g_strconcat ("/t/", link->secret, NULL), n_games, { NULL, },
                            0, g_string_new (NULL), &n_opening, &go, &n_running };
      for (guint k = 0; k < N_KINDS; k++)
        tables[t].ms[k] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  for (guint t = 0; t < n; t++)
    threads[t] = g_thread_new ("ctd-bench-phone", table_thread, &tables[t]);
  in_time = ctd_bench_run_desk (deadline, &n_opening, &opening);
  g_array_unref (opening.ms);
  start = g_get_monotonic_time ();
  g_atomic_int_set (&go, TRUE);
  in_time = in_time && ctd_bench_run_desk (deadline, &n_running, frames);
  if (!in_time)
    {
      fprintf (stderr, "bench-table-entry: DEADLINE PASSED (%d s) with %d tables still "
               "entering: FAILED\n", BENCH_DEADLINE_S, g_atomic_int_get (&n_running));
      exit (2);
    }
  *out_seconds = (g_get_monotonic_time () - start) / 1e6;
  *out_requests = 0;
  for (guint t = 0; t < n; t++)
    {
      g_thread_join (threads[t]);
      for (guint k = 0; k < N_KINDS; k++)
        {
          *out_requests += k != KIND_OPEN ? tables[t].ms[k]->len : 0;
          g_array_append_vals (ms[k], tables[t].ms[k]->data, tables[t].ms[k]->len);
          g_array_unref (tables[t].ms[k]);
        }
      unexpected += tables[t].unexpected;
      g_string_append (problems, tables[t].problems->str);
      g_string_free (tables[t].problems, TRUE);
      g_free (tables[t].path);
    }
  return unexpected == 0;
}

/* ---- the event, and what it holds after ------------------------------------ */

/* N_PLAYERS checked in, round 1 drawn, nothing played. */
static gboolean
build_event (const char  *path,
             GError     **error)
{
  const CtdEventSettings settings = { (char *) "Bench", (char *) "2026-11-22", (char *) "", 100,
                                      2200, CTD_LAST_SEGMENT_HIGHEST_FIRST };
  g_autoptr(CtdStore) store = ctd_store_create (path, &settings, error);
  guint round;

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %03u", i + 1);

      if (!ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, error))
        return FALSE;
    }
  return ctd_store_draw_round (store, 2026, &round, error);
}

static gint64
count_rows (const char *path,
            const char *sql)
{
  g_autofree char *text = ctd_test_query_text (path, sql);

  return g_ascii_strtoll (text, NULL, 10);
}

/* Every line of the burst recorded exactly once; what is wrong goes to
 * @problems. */
static gboolean
check_recorded (CtdDocument  *document,
                const char   *path,
                guint         n_entered,
                GString      *problems,
                GError      **error)
{
  g_autoptr(GPtrArray) lines = ctd_document_list_submissions (document, 1, 0, error);
  const guint expected = n_entered * 12;
  guint n_games = 0, n_lines = 0;
  guint seen[N_ENTERED][12] = { { 0, }, };
  gint64 rows, keys, logged;

  if (lines == NULL)
    return FALSE;
  g_assert (n_entered <= N_ENTERED);
  for (guint c = 1; c <= n_entered; c++)
    {
      g_autoptr(GPtrArray) games = ctd_store_list_games (ctd_document_get_store (document), 1, c,
                                                         error);

      if (games == NULL)
        return FALSE;
      n_games += games->len;
      if (games->len != 12)
        g_string_append_printf (problems, "  chouette 1.%u holds %u games, not 12\n", c,
                                games->len);
    }
  for (guint i = 0; i < lines->len; i++)
    {
      const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

      if (line->chouette > n_entered)
        {
          g_string_append_printf (problems, "  chouette 1.%u sent nothing, yet has a line\n",
                                  line->chouette);
          continue;
        }
      n_lines++;
      seen[line->chouette - 1][line->game - 1]++;
      if (line->state != CTD_SUBMISSION_RECORDED)
        g_string_append_printf (problems, "  1.%u game %u: its line is not the one recorded\n",
                                line->chouette, line->game);
    }
  for (guint c = 0; c < n_entered; c++)
    for (guint g = 0; g < 12; g++)
      if (seen[c][g] != 1)
        g_string_append_printf (problems, "  1.%u game %u: %u lines\n", c + 1, g + 1, seen[c][g]);
  /* Apart from the document: rows, keys, and one logged action each. */
  rows = count_rows (path, "SELECT count (*) FROM submission");
  keys = count_rows (path, "SELECT count (DISTINCT request) FROM submission");
  logged = count_rows (path, "SELECT count (*) FROM audit WHERE summary LIKE '%from table 1.%'");
  printf ("recorded: %u games of %u, %u lines (newest of each game), %" G_GINT64_FORMAT
          " submission rows, %" G_GINT64_FORMAT " keys, %" G_GINT64_FORMAT " logged accepts\n",
          n_games, expected, n_lines, rows, keys, logged);
  if (n_games != expected || n_lines != expected || rows != expected || keys != rows ||
      logged != expected)
    g_string_append_printf (problems, "  the counts above are not each %u: lines lost or "
                            "doubled\n", expected);
  return TRUE;
}

/* ---- the figures ------------------------------------------------------------ */

static void
print_quiet (const char *what,
             GArray     *ms,
             CtdBenchFrames     *frames)
{
  double median = percentile (ms, 50);

  printf ("  %-34s n %4u  median %7.3f ms  p99 %7.3f ms   target median 5 ms: %s\n", what,
          ms->len, median, percentile (ms, 99), verdict (median, 5));
  printf ("  %-34s longest main-loop dispatch %6.3f ms\n", "", frames->longest);
}

static void
print_frames (CtdBenchFrames *frames,
              guint   n_requests,
              double  seconds)
{
  printf ("  longest main-loop dispatch (the window's frame work): %7.3f ms   target 16 ms: %s\n",
          frames->longest, verdict (frames->longest, 16));
  printf ("    dispatches %u, p99 %.3f ms, over 16 ms: %u; the most CPU time one took: "
          "%.3f ms\n", frames->ms->len, percentile (frames->ms, 99), frames->over_16,
          frames->longest_cpu);
  if (!frames->one_ready)
    printf ("    (a dispatch runs every source ready at once: each request then waiting)\n");
  printf ("    the loop's work: %.2f s of the %.2f s (%.0f%%), %.3f ms per request\n",
          frames->total / 1000, seconds, frames->total / 10 / seconds, frames->total / n_requests);
  printf ("    the main thread's CPU time: %.2f s, %.3f ms per request\n", frames->cpu / 1000,
          frames->cpu / n_requests);
}

static void
frames_init (CtdBenchFrames *frames)
{
  g_clear_pointer (&frames->ms, g_array_unref);
  *frames = (CtdBenchFrames) { .ms = g_array_new (FALSE, FALSE, sizeof (double)) };
}

static void
kinds_init (GArray **ms)
{
  for (guint k = 0; k < N_KINDS; k++)
    {
      g_clear_pointer (&ms[k], g_array_unref);
      ms[k] = g_array_new (FALSE, FALSE, sizeof (double));
    }
}

/* @n tables from chouette @first entering their 12 games at once;
 * prints the figures. */
static gboolean
run_burst (CtdTableServer *server,
           GPtrArray      *links,
           guint           first,
           guint           n,
           gboolean        one_ready,
           GString        *problems)
{
  GArray *ms[N_KINDS] = { NULL, };
  CtdBenchFrames frames = { NULL, };
  double seconds, worst_p99 = 0;
  guint n_requests;
  gboolean answers_ok;

  kinds_init (ms);
  frames_init (&frames);
  frames.one_ready = one_ready;
  answers_ok = run_tables (server, links, first, n, 12, ms, &frames, &seconds, problems,
                           &n_requests);
  printf ("  %u requests in %.2f s: %.0f requests/s\n", n_requests, seconds,
          n_requests / seconds);
  for (guint k = 0; k < N_KINDS; k++)
    {
      double p99 = percentile (ms[k], 99);

      if (k == KIND_OPEN)
        printf ("  before it, each phone opening its table's page on 2 connections, all at "
                "once:\n");
      printf ("  %-26s n %5u  median %7.3f ms  p99 %7.3f ms  max %7.3f ms\n", kind_names[k],
              ms[k]->len, percentile (ms[k], 50), p99, percentile (ms[k], 100));
      if (k != KIND_OPEN)
        worst_p99 = MAX (worst_p99, p99);
    }
  printf ("  worst p99 of the kinds: %.3f ms   target 50 ms: %s\n", worst_p99,
          verdict (worst_p99, 50));
  print_frames (&frames, n_requests, seconds);
  for (guint k = 0; k < N_KINDS; k++)
    g_array_unref (ms[k]);
  g_array_unref (frames.ms);
  return answers_ok;
}

/* Phones that pause between the form and its check (CTD_BENCH_PAUSE_S,
 * 15 s by default: past the server's 10 s request timeout), then
 * clients that close half their connections before the answer: each
 * post answered, and the descriptors given back. */
static gboolean
run_room (CtdTableServer *server,
          const char     *path,
          GString        *problems)
{
  const char *pause_s = g_getenv ("CTD_BENCH_PAUSE_S");
  guint pause_ms = (pause_s != NULL ? (guint) g_ascii_strtoull (pause_s, NULL, 10) : 15) * 1000;
  CtdBenchPausing phones[N_PAUSING];
  CtdBenchCloser closers[N_CLOSERS];
  g_autoptr(GArray) post_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) read_ms = g_array_new (FALSE, FALSE, sizeof (double));
  CtdBenchFrames frames = { .ms = g_array_new (FALSE, FALSE, sizeof (double)) };
  guint port = ctd_table_server_get_port (server), unanswered = 0, before, after;
  gint n_running = N_PAUSING;
  gboolean ok;

  printf ("%u phones at once pausing %u s between the form and its check, on the same "
          "connection:\n", N_PAUSING, pause_ms / 1000);
  for (guint i = 0; i < N_PAUSING; i++)
    {
      phones[i] = (CtdBenchPausing) { port, path, pause_ms, &n_running, 0, 0 };
      g_thread_unref (g_thread_new ("ctd-bench-pausing", ctd_bench_pausing_phone, &phones[i]));
    }
  ok = ctd_bench_run_desk (deadline, &n_running, &frames);
  for (guint i = 0; i < N_PAUSING; i++)
    {
      unanswered += phones[i].status != 200 && phones[i].status != 422;
      g_array_append_val (post_ms, phones[i].post_ms);
    }
  printf ("  check after the pause      n %5u  median %7.3f ms  p99 %7.3f ms  unanswered %u\n",
          post_ms->len, percentile (post_ms, 50), percentile (post_ms, 99), unanswered);
  if (unanswered > 0)
    g_string_append_printf (problems, "  %u checks after a pause unanswered\n", unanswered);

  before = ctd_test_count_descriptors ();
  n_running = N_CLOSERS;
  for (guint i = 0; i < N_CLOSERS; i++)
    {
      closers[i] = (CtdBenchCloser) { port, path, N_CLOSED / N_CLOSERS, &n_running, read_ms, 0 };
      closers[i].ms = g_array_new (FALSE, FALSE, sizeof (double));
      g_thread_unref (g_thread_new ("ctd-bench-closer", ctd_bench_closing_client, &closers[i]));
    }
  ok &= ctd_bench_run_desk (deadline, &n_running, &frames);
  unanswered = 0;
  for (guint i = 0; i < N_CLOSERS; i++)
    {
      g_array_append_vals (read_ms, closers[i].ms->data, closers[i].ms->len);
      unanswered += closers[i].unanswered;
      g_array_unref (closers[i].ms);
    }
  /* The last connections' ends, read on the loop's next turns. */
  for (gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       ctd_test_count_descriptors () > before + 2 && g_get_monotonic_time () < until;)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  after = ctd_test_count_descriptors ();
  printf ("%u connections from %u clients at once, every other one closed before its answer:\n"
          "  page (GET /t/S) read       n %5u  median %7.3f ms  p99 %7.3f ms  unanswered %u\n",
          N_CLOSED, N_CLOSERS, read_ms->len, percentile (read_ms, 50), percentile (read_ms, 99),
          unanswered);
  printf ("  descriptors open: %u before, %u after (the server's connections among them: %u)\n",
          before, after, ctd_table_server_get_n_connections (server));
  if (unanswered > 0 || after > before + 2)
    g_string_append_printf (problems, "  %u pages unanswered, descriptors %u then %u\n",
                            unanswered, before, after);
  g_array_unref (frames.ms);
  return ok;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-bench-table-entry-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autoptr(CtdTableServer) server = NULL;
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *room_path = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  GArray *ms[N_KINDS] = { NULL, };
  CtdBenchFrames frames = { NULL, };
  double seconds;
  guint n_requests;
  gboolean ok = FALSE, answers_ok;
  guint n_burst = 0;  /* --burst N: the first burst alone, on N tables */

  if (argc == 3 && strcmp (argv[1], "--burst") == 0)
    n_burst = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  if (argc != 1 && (n_burst < 1 || n_burst > N_TABLES))
    {
      fprintf (stderr, "Usage: bench-table-entry [--burst N], N from 1 to %u\n", N_TABLES);
      return 2;
    }
  /* The hard bound: the phones stop at the deadline, the desk fails
   * loudly, and should the desk itself hang, the alarm ends it. */
  deadline = g_get_monotonic_time () + BENCH_DEADLINE_S * G_USEC_PER_SEC;
  alarm (BENCH_DEADLINE_S + 60);
  if (dir == NULL)
    goto out;
  path = g_build_filename (dir, "entry512.chouette", NULL);
  if (!build_event (path, &error) || (document = ctd_document_open (path, &error)) == NULL ||
      !ctd_document_get_settings (document, &settings, &error))
    goto out;
  settings.table_auto_accept = TRUE;
  if (!ctd_document_set_settings (document, &settings, &error) ||
      (links = ctd_document_list_links (document, 1, &error)) == NULL)
    goto out;
  g_assert (links->len == N_PLAYERS / 4);
  for (guint i = 0; i < links->len; i++)
    g_assert (((CtdStoreLink *) g_ptr_array_index (links, i))->chouette == i + 1);
  server = ctd_table_server_new (document);
  if (!ctd_table_server_listen (server, "127.0.0.1", 0, &error))
    goto out;

  printf ("the tables' phones on loopback, %u-player event (%u chouettes of 4), "
          "the server on the main loop:\n", N_PLAYERS, links->len);
  if (n_burst > 0)
    {
      printf ("burst: %u tables at once (1.1-1.%u), games 1-12 each:\n", n_burst, n_burst);
      answers_ok = run_burst (server, links, 1, n_burst, FALSE, problems);
      if (!check_recorded (document, path, n_burst, problems, &error))
        goto out;
      goto checked;
    }
  printf ("quiet, one phone reading its table's page:\n");
  kinds_init (ms);
  frames_init (&frames);
  answers_ok = run_tables (server, links, 1, 1, 0, ms, &frames, &seconds, problems, &n_requests);
  print_quiet ("no game in yet", ms[KIND_PAGE], &frames);

  printf ("burst: %u tables at once (1.1-1.%u), games 1-12 each, every send posted twice with "
          "its key, confirmed lines recorded by the event:\n", N_TABLES, N_TABLES);
  answers_ok &= run_burst (server, links, 1, N_TABLES, FALSE, problems);
  /* One chouette is left to play: once every game of the round is in,
   * its links open nothing. */
  printf ("the same burst on %u other tables (1.%u-1.%u), the loop taking one ready "
          "connection per iteration, in turn:\n", N_TABLES - 1, N_TABLES + 1, 2 * N_TABLES - 1);
  answers_ok &= run_burst (server, links, N_TABLES + 1, N_TABLES - 1, TRUE, problems);

  printf ("quiet again, the same page with its 12 games in:\n");
  kinds_init (ms);
  frames_init (&frames);
  answers_ok &= run_tables (server, links, 1, 1, 0, ms, &frames, &seconds, problems, &n_requests);
  print_quiet ("12 games in", ms[KIND_PAGE], &frames);

  /* The last chouette: its round still open, its links answer. */
  room_path = g_strconcat ("/t/", ((CtdStoreLink *) g_ptr_array_index (links, links->len - 1))
                                    ->secret, NULL);
  answers_ok &= run_room (server, room_path, problems);
  if (!check_recorded (document, path, N_ENTERED, problems, &error))
    goto out;
checked:
  if (!answers_ok || problems->len > 0)
    {
      fprintf (stderr, "bench-table-entry: FAILED, what a phone did not expect or the event "
               "does not hold:\n%s", problems->str);
      goto out;
    }
  printf ("every line recorded exactly once, every answer the one expected\n");
  ok = TRUE;

out:
  if (!ok && error != NULL)
    fprintf (stderr, "bench-table-entry: %s\n", error->message);
  for (guint k = 0; k < N_KINDS; k++)
    g_clear_pointer (&ms[k], g_array_unref);
  g_clear_pointer (&frames.ms, g_array_unref);
  g_clear_object (&server);
  g_clear_object (&document);
  if (dir != NULL)
    ctd_test_remove_tree (dir);
  return ok ? 0 : 1;
}
