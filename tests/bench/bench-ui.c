/* bench-ui.c: how fast the window opens an event and follows a change.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-ui [--cold-start [PAGE]] (under a display: xvfb-run -a
 * meson test -C build --benchmark); --cold-start stops after the first
 * figure, so that a profiler (valgrind --tool=callgrind) or a loop of
 * fresh processes can measure the start alone, on the players page or
 * on PAGE (event: where the program opens an event).
 *
 * On a 512-player event (every qualifying game recorded), prints (issue
 * 10's targets beside each figure):
 *  - cold start to the first frame of the opened event: a new window
 *    opens the file (in a worker thread) and draws its players page (0.4 s
 *    of wall-clock time), with the main thread's CPU time, the pages read
 *    from disk meanwhile (what a fresh machine's empty page cache costs)
 *    and the load average (what other programs took of the machine);
 *  - a change made through the live document (a player registered) to
 *    the players page showing it: the change applied and the page
 *    updated (synchronous), then the main loop's work until the frame
 *    that shows it is drawn (16 ms, one frame);
 *  - a game recorded through the live document (ctd_document_record_game)
 *    to the chouette page's grid showing its row: the store, the view,
 *    the page's cells and totals, then the frame, measured the same way
 *    (16 ms). Game 9 of chouette 1.1, cleared before each run: its row,
 *    and the last segment's Captains it gives in rows 10-12, change;
 *  - a keystroke in the chouette page's notation field (the field's text
 *    set to one more character of game 9's line, game 9 cleared) to the
 *    preview showing what the line would record: the view's preview and
 *    the label, then the frame, measured the same way (16 ms);
 *  - a game recorded through the live document to the Standings page
 *    showing the new score: game 9 of the leader's chouette, cleared
 *    before each run (which changes the leader's score), recorded again:
 *    the store, the round's standings and the page's notes, then the
 *    frame, measured the same way (16 ms); during play (another
 *    chouette's game 12 still to enter), then as the round's last game,
 *    which makes the round complete and its posting public each time.
 * A change's figures are the main thread's CPU time, from the call to
 * the frame drawn: the work, not the wait for the frame clock's tick,
 * and not what other programs take of the machine meanwhile.
 * Not a timed test: it reports, for a person or a CI log to read.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-players-page.h"
#include "ctd-standings-page.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

#define N_CHANGES 50

/* The game the chouette page's figure records, again and again. */
#define BENCH_GAME 9

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The main thread's CPU time, in microseconds: the work of a change,
 * whatever else the machine runs at the time (a CI neighbour, a build)
 * and however long the frame clock waits for its next tick. */
static gint64
cpu_now (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* The first figures of /proc/loadavg: how busy the machine was, since
 * the cold start is wall-clock time. */
static const char *
load_average (void)
{
  static char text[64] = "unknown";
  g_autofree char *contents = NULL;

  if (g_file_get_contents ("/proc/loadavg", &contents, NULL, NULL))
    {
      g_auto(GStrv) fields = g_strsplit (contents, " ", 4);

      if (g_strv_length (fields) >= 3)
        g_snprintf (text, sizeof text, "%s %s %s", fields[0], fields[1], fields[2]);
    }
  return text;
}

static void
document_notify_cb (CtdMainWindow *window,
                    GParamSpec    *pspec,
                    gboolean      *opened)
{
  *opened = TRUE;
}

/* What a cold start cost besides the wall-clock time. */
typedef struct
{
  double cpu_ms;        /* the main thread's CPU time */
  long   major_faults;  /* pages read from disk: what a fresh machine pays */
  long   read_kib;      /* what read() and page faults took from the disk */
} ColdCost;

/* Opens @path in a new window and returns the ms until its first frame
 * with the event shown; @cost: its CPU time and reads from disk. Named
 * apart from the store's open_event() and never inlined, so that
 * valgrind --tool=callgrind --collect-atstart=no
 * --toggle-collect=cold_start counts the start alone. */
static G_GNUC_NO_INLINE double
cold_start (CtdApplication *app,
            const char     *path,
            const char     *page,
            CtdMainWindow **out_window,
            ColdCost       *cost)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  struct rusage before, after;
  gint64 cpu_start = cpu_now ();
  gint64 start = g_get_monotonic_time ();
  CtdMainWindow *window;
  gboolean opened = FALSE;

  getrusage (RUSAGE_SELF, &before);
  window = ctd_main_window_new (app);

  g_signal_connect (window, "notify::title", G_CALLBACK (document_notify_cb), &opened);
  gtk_window_present (GTK_WINDOW (window));
  ctd_main_window_open_file (window, file);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string (page));
  while (!opened)
    g_main_context_iteration (NULL, TRUE);
  /* @opened dies with this frame; later titles must not write to it. */
  g_signal_handlers_disconnect_by_data (window, &opened);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string (page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  *out_window = window;
  getrusage (RUSAGE_SELF, &after);
  cost->cpu_ms = (cpu_now () - cpu_start) / 1000.0;
  cost->major_faults = after.ru_majflt - before.ru_majflt;
  /* ru_inblock counts 512-byte blocks, files read() included (fonts,
   * caches, the event's pages), not only mapped pages. */
  cost->read_kib = (after.ru_inblock - before.ru_inblock) / 2;
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
print_change (const char *what,
              const char *update_what,
              double     *change_ms,
              double     *update_ms,
              double     *frame_ms)
{
  qsort (change_ms, N_CHANGES, sizeof *change_ms, compare_doubles);
  qsort (update_ms, N_CHANGES, sizeof *update_ms, compare_doubles);
  qsort (frame_ms, N_CHANGES, sizeof *frame_ms, compare_doubles);
  printf ("  %-46s %8.1f ms   target  16 ms: %s (median of %d; p90 %.1f ms)\n", what,
          change_ms[N_CHANGES / 2], change_ms[N_CHANGES / 2] <= 16 ? "met" : "MISSED",
          N_CHANGES, change_ms[N_CHANGES * 9 / 10]);
  printf ("    of which: %-32s %8.1f ms (median)\n", update_what, update_ms[N_CHANGES / 2]);
  printf ("              until the frame is drawn         %8.1f ms (median)\n",
          frame_ms[N_CHANGES / 2]);
}

/* Whether the page shows the game just recorded (after the update, before
 * the frame): not timed. */
typedef void (*ShownCheck) (gpointer data);

/* Game BENCH_GAME of chouette 1.@chouette, its result @line, cleared (not
 * timed) and recorded again through the live document, N_CHANGES times:
 * from the record call to the end of the frame that shows it. */
static gboolean
time_recorded_game (CtdMainWindow *window,
                    guint          chouette,
                    const char    *line,
                    ShownCheck     check,
                    gpointer       check_data,
                    double        *change_ms,
                    double        *update_ms,
                    double        *frame_ms,
                    GError       **error)
{
  CtdDocument *document = ctd_main_window_get_document (window);

  for (guint i = 0; i < N_CHANGES; i++)
    {
      gint64 start;

      if (!ctd_document_clear_game (document, 1, chouette, BENCH_GAME, error))
        return FALSE;
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      start = cpu_now ();
      if (!ctd_document_record_game (document, 1, chouette, BENCH_GAME, line, FALSE, error))
        return FALSE;
      /* Signals are synchronous: the document's lists and the page are
       * up to date. */
      update_ms[i] = (cpu_now () - start) / 1000.0;
      check (check_data);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      frame_ms[i] = (cpu_now () - start) / 1000.0 - update_ms[i];
      change_ms[i] = update_ms[i] + frame_ms[i];
    }
  return TRUE;
}

static void
game_recorded_check (gpointer data)
{
  g_assert (ctd_game_item_get_recorded (data));
}

/* Chouette 1.1's page shown; @out_item: its game BENCH_GAME's row. */
static CtdChouettePage *
show_bench_chouette (CtdMainWindow  *window,
                     CtdGameItem   **out_item)
{
  CtdChouettePage *page;
  CtdChouetteView *view;

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.1"));
  page = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_CHOUETTE_PAGE));
  view = ctd_chouette_page_get_view (page);
  g_assert (view != NULL && gtk_widget_get_mapped (GTK_WIDGET (page)));
  *out_item = g_list_model_get_item (ctd_chouette_view_get_games (view), BENCH_GAME - 1);
  return page;
}

/* Game BENCH_GAME of chouette 1.1 recorded again and again, its page
 * open: from the record call to the frame that shows the row. */
static gboolean
bench_chouette_page (CtdMainWindow *window,
                      GError       **error)
{
  g_autoptr(CtdGameItem) item = NULL;
  g_autofree char *line = NULL;
  double change_ms[N_CHANGES];
  double update_ms[N_CHANGES];
  double frame_ms[N_CHANGES];

  show_bench_chouette (window, &item);
  line = g_strdup (ctd_game_item_get_notation (item));
  if (!time_recorded_game (window, 1, line, game_recorded_check, item, change_ms,
                           update_ms, frame_ms, error))
    return FALSE;
  print_change ("a recorded game to the chouette page's grid", "stored and the page updated",
                change_ms, update_ms, frame_ms);
  return TRUE;
}

/* The standings' first row, the leader, as it was before the bench. */
typedef struct
{
  GListModel *standings;
  gint64      leader;
  char       *score_text;
} LeaderShown;

static char *
dup_score_text (gpointer item)
{
  char *text = NULL;

  g_object_get (item, "score-text", &text, NULL);
  return text;
}

static char *
score_text_of (GListModel *standings,
               gint64      player_id)
{
  for (guint i = 0; i < g_list_model_get_n_items (standings); i++)
    {
      g_autoptr(CtdStandingItem) item = g_list_model_get_item (standings, i);

      if (ctd_standing_item_get_player_id (item) == player_id)
        return dup_score_text (item);
    }
  g_assert_not_reached ();
  return NULL;
}

/* The first row is the leader again, with the score the game gives
 * back. */
static void
leader_shown_check (gpointer data)
{
  LeaderShown *shown = data;
  g_autoptr(CtdStandingItem) first = g_list_model_get_item (shown->standings, 0);
  g_autofree char *text = dup_score_text (first);

  g_assert (ctd_standing_item_get_player_id (first) == shown->leader);
  g_assert (strcmp (text, shown->score_text) == 0);
}

/* The notation of game @game of chouette 1.@chouette. */
static char *
dup_line (CtdDocument  *document,
          guint         chouette,
          guint         game,
          GError      **error)
{
  CtdChouetteView *view = ctd_document_get_chouette_view (document, 1, chouette, error);
  GListModel *games = view != NULL ? ctd_chouette_view_get_games (view) : NULL;

  for (guint i = 0; games != NULL && i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(CtdGameItem) item = g_list_model_get_item (games, i);
      guint number = 0;

      g_object_get (item, "game", &number, NULL);
      if (number == game)
        return g_strdup (ctd_game_item_get_notation (item));
    }
  return NULL;
}

/* The leader's chouette's game BENCH_GAME recorded again and again, the
 * Standings page open on the round: from the record call to the frame
 * that shows the leader's new score in the first row. Clearing the game
 * changes that score, so each record changes what the row shows. */
static gboolean
time_leader_shown (CtdMainWindow *window,
                   GtkWidget     *page,
                   const char    *what,
                   GError       **error)
{
  CtdDocument *document = ctd_main_window_get_document (window);
  g_autoptr(CtdStandingItem) first = NULL;
  g_autofree char *line = NULL;
  g_autofree char *cleared = NULL;
  LeaderShown shown = { ctd_document_get_standings (document, 1, FALSE), 0, NULL };
  double change_ms[N_CHANGES];
  double update_ms[N_CHANGES];
  double frame_ms[N_CHANGES];
  guint chouette = 0;
  gboolean ok;

  first = g_list_model_get_item (shown.standings, 0);
  g_object_get (first, "chouette", &chouette, NULL);
  shown.leader = ctd_standing_item_get_player_id (first);
  shown.score_text = dup_score_text (first);
  g_assert (ctd_test_find_label (page, shown.score_text) != NULL);
  line = dup_line (document, chouette, BENCH_GAME, error);
  if (line == NULL || !ctd_document_clear_game (document, 1, chouette, BENCH_GAME, error))
    return FALSE;
  cleared = score_text_of (shown.standings, shown.leader);
  g_assert (strcmp (cleared, shown.score_text) != 0);
  if (!ctd_document_record_game (document, 1, chouette, BENCH_GAME, line, FALSE, error))
    return FALSE;
  ok = time_recorded_game (window, chouette, line, leader_shown_check, &shown, change_ms,
                           update_ms, frame_ms, error);
  g_free (shown.score_text);
  if (!ok)
    return FALSE;
  print_change (what, "stored and the page updated", change_ms, update_ms, frame_ms);
  printf ("    (game %d of chouette 1.%u, the leader's: the first row's score)\n", BENCH_GAME,
          chouette);
  return TRUE;
}

/* The Standings page during play (another chouette's last game still to
 * enter: the round is secret, its posting shows no scores), then with
 * every other game in, so that each record completes the round and the
 * posting turns public. */
static gboolean
bench_standings_page (CtdMainWindow *window,
                      GError       **error)
{
  CtdDocument *document = ctd_main_window_get_document (window);
  GListModel *standings = ctd_document_get_standings (document, 1, FALSE);
  g_autoptr(CtdStandingItem) last = NULL;
  g_autofree char *waiting = NULL;
  GtkWidget *page;
  guint other = 0;

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string ("standings"));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_STANDINGS_PAGE);
  g_assert (page != NULL && gtk_widget_get_mapped (page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* The last row's chouette, unless it is the leader's. */
  {
    g_autoptr(CtdStandingItem) first = g_list_model_get_item (standings, 0);
    guint n = g_list_model_get_n_items (standings);
    guint leaders = 0;

    g_object_get (first, "chouette", &leaders, NULL);
    for (guint i = n; i-- > 0 && (other == 0 || other == leaders);)
      {
        g_clear_object (&last);
        last = g_list_model_get_item (standings, i);
        g_object_get (last, "chouette", &other, NULL);
      }
  }
  waiting = dup_line (document, other, CTD_N_GAMES, error);
  if (waiting == NULL || !ctd_document_clear_game (document, 1, other, CTD_N_GAMES, error))
    return FALSE;
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  if (!time_leader_shown (window, page, "a recorded game to the standings page", error))
    return FALSE;
  printf ("    (the round in play: game %d of chouette 1.%u still to enter)\n", CTD_N_GAMES, other);

  if (!ctd_document_record_game (document, 1, other, CTD_N_GAMES, waiting, FALSE, error))
    return FALSE;
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return time_leader_shown (window, page, "the round's last game to the standings page", error);
}

/* The first widget under @root of @type, or with the CSS class @name. */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *name)
{
  if ((type != G_TYPE_NONE && G_TYPE_CHECK_INSTANCE_TYPE (root, type)) ||
      (name != NULL && gtk_widget_has_css_class (root, name)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Game BENCH_GAME of chouette 1.1 cleared and its line typed, the last
 * character again and again: from the field's new text to the frame
 * that shows the preview. */
static gboolean
bench_keystroke (CtdMainWindow *window,
                 GError       **error)
{
  CtdDocument *document = ctd_main_window_get_document (window);
  CtdChouettePage *page;
  GtkEditable *field;
  GtkLabel *preview;
  g_autoptr(CtdGameItem) item = NULL;
  g_autofree char *line = NULL;
  g_autofree char *prefix = NULL;
  double change_ms[N_CHANGES];
  double update_ms[N_CHANGES];
  double frame_ms[N_CHANGES];

  page = show_bench_chouette (window, &item);
  line = g_strdup (ctd_game_item_get_notation (item));
  g_assert (strlen (line) >= 2);
  prefix = g_strndup (line, strlen (line) - 1);
  if (!ctd_document_clear_game (document, 1, 1, BENCH_GAME, error))
    return FALSE;
  /* The field (the page's first entry) on the cleared game. */
  field = GTK_EDITABLE (find_widget (GTK_WIDGET (page), GTK_TYPE_ENTRY, NULL));
  preview = GTK_LABEL (find_widget (GTK_WIDGET (page), G_TYPE_NONE, "preview"));
  g_assert (field != NULL && preview != NULL);
  {
    GtkSelectionModel *model = gtk_column_view_get_model (
      GTK_COLUMN_VIEW (find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW, NULL)));

    gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), BENCH_GAME - 1);
  }
  for (guint i = 0; i < N_CHANGES; i++)
    {
      g_autofree char *before = NULL;
      gint64 start;

      gtk_editable_set_text (field, prefix);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      before = g_strdup (gtk_label_get_text (preview));
      start = cpu_now ();
      gtk_editable_set_text (field, line);
      /* The preview follows the field's "changed", synchronously. */
      update_ms[i] = (cpu_now () - start) / 1000.0;
      g_assert (strcmp (gtk_label_get_text (preview), before) != 0);
      g_assert (strstr (gtk_label_get_text (preview), line) != NULL);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      frame_ms[i] = (cpu_now () - start) / 1000.0 - update_ms[i];
      change_ms[i] = update_ms[i] + frame_ms[i];
    }
  print_change ("a keystroke to the notation's preview", "previewed and the label set",
                change_ms, update_ms, frame_ms);
  printf ("    (the line \"%s\", game %d of chouette 1.1)\n", line, BENCH_GAME);
  /* The event as it was. */
  gtk_editable_set_text (field, "");
  return ctd_document_record_game (document, 1, 1, BENCH_GAME, line, FALSE, error);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(CtdApplication) app = NULL;
  double change_ms[N_CHANGES];
  double update_ms[N_CHANGES];
  double frame_ms[N_CHANGES];
  CtdMainWindow *window = NULL;
  CtdDocument *document;
  GListModel *players;
  ColdCost cold_cost;
  double cold;
  gboolean cold_only;
  const char *page;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-ui: no display (run it under xvfb-run)\n");
      return 77;
    }
  dir = g_dir_make_tmp ("ctd-bench-ui-XXXXXX", &error);
  path = dir != NULL ? g_build_filename (dir, "ui512.chouette", NULL) : NULL;
  if (path == NULL || !ctd_test_build_event (path, 512, 512, FALSE, &error))
    {
      fprintf (stderr, "bench-ui: %s\n", error->message);
      return 1;
    }
  app = ctd_test_new_application ();
  ctd_test_quiet_settings ();

  cold_only = argc > 1 && g_strcmp0 (argv[1], "--cold-start") == 0;
  page = cold_only && argc > 2 ? argv[2] : "players";
  cold = cold_start (app, path, page, &window, &cold_cost);
  document = ctd_main_window_get_document (window);
  players = ctd_document_get_players (document);
  printf ("the window on a 512-player event (%u players), its %s page:\n",
          g_list_model_get_n_items (players), page);
  printf ("  cold start to the first frame of the event   %8.1f ms   target 400 ms: %s\n", cold,
          cold <= 400 ? "met" : "MISSED");
  printf ("    of which: the main thread's CPU time         %8.1f ms; %ld pages faulted in "
          "from disk, %ld KiB read from it\n",
          cold_cost.cpu_ms, cold_cost.major_faults, cold_cost.read_kib);
  printf ("    (load average %s)\n", load_average ());
  if (cold_only)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      ctd_test_remove_tree (dir);
      return 0;
    }

  for (guint i = 0; i < N_CHANGES; i++)
    {
      g_autofree char *name = g_strdup_printf ("Late entry %02u", i + 1);
      guint before = g_list_model_get_n_items (players);
      gint64 start;

      start = cpu_now ();
      if (!ctd_document_add_player (document, name, NULL, NULL, TRUE, NULL, &error))
        {
          fprintf (stderr, "bench-ui: %s\n", error->message);
          return 1;
        }
      /* Signals are synchronous: the list and the page are up to date. */
      update_ms[i] = (cpu_now () - start) / 1000.0;
      g_assert (g_list_model_get_n_items (players) == before + 1);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      frame_ms[i] = (cpu_now () - start) / 1000.0 - update_ms[i];
      change_ms[i] = update_ms[i] + frame_ms[i];
    }
  print_change ("a change to the players page shown", "stored and the page updated",
                change_ms, update_ms, frame_ms);
  if (!bench_chouette_page (window, &error) || !bench_keystroke (window, &error) ||
      !bench_standings_page (window, &error))
    {
      fprintf (stderr, "bench-ui: %s\n", error->message);
      return 1;
    }

  gtk_window_destroy (GTK_WINDOW (window));
  ctd_test_remove_tree (dir);
  return 0;
}
