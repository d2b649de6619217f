/* test-crash.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing acknowledged is ever lost: a child process records results in a
 * loop and is killed with SIGKILL at random moments, many times. After each
 * kill the file opens, passes integrity_check, holds every result whose
 * command had returned, and no game is half-written.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ctd-tournament.h"
#include "ctd-sample.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

#define N_CHOUETTES 4
/* Kills in the suite; CTD_CRASH_KILLS=1000 is the long run (HACKING.md,
 * tests/fuzz/run.sh MINUTES crash). */
#define N_KILLS 40
/* Games 1-9 only: their Captains never depend on the scores. */
#define LAST_GAME 9
/* The most a child may take to acknowledge its first result: a bound
 * for a machine under heavy load in the sanitizer build, not a speed. */
#define FIRST_RESULT_MS 60000

/* What the child tells the parent through the pipe. */
typedef struct
{
  guint8 done;  /* 0: about to record; 1: the call returned success; 2: ready */
  guint8 chouette;
  guint8 game;
  char   notation[125];
} Message;

typedef struct
{
  char acked[N_CHOUETTES][LAST_GAME][125];  /* the last acknowledged line */
  Message in_flight;                        /* the last attempt, if unanswered */
  gboolean have_in_flight;
  guint n_acked;
} Ledger;

static void
write_all (int         fd,
           const void *data,
           gsize       length)
{
  const char *p = data;

  while (length > 0)
    {
      ssize_t n = write (fd, p, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        _exit (3);
      p += n;
      length -= (gsize) n;
    }
}

/* The child: records random legal games until it is killed. */
G_GNUC_NORETURN static void
child_main (const char *path,
            int         fd,
            guint64     seed)
{
  CtdStore *store = ctd_store_open (path, NULL);
  CtdRng rng;

  if (store == NULL)
    _exit (2);
  /* Opening is not what is under test: the parent's clock starts now,
   * however long a loaded machine or a sanitizer took to get here. */
  write_all (fd, &(Message) { .done = 2 }, sizeof (Message));
  ctd_rng_init (&rng, seed);
  for (;;)
    {
      Message message = { 0 };
      CtdGameSlot slot;
      g_autofree char *notation = NULL;

      message.chouette = (guint8) (1 + ctd_rng_uniform (&rng, N_CHOUETTES));
      message.game = (guint8) (1 + ctd_rng_uniform (&rng, LAST_GAME));
      ctd_schedule_slot (4, message.game, NULL, &slot);
      notation = ctd_sample_random_notation (&rng, &slot, 4);
      g_strlcpy (message.notation, notation, sizeof message.notation);
      write_all (fd, &message, sizeof message);
      if (!ctd_store_record_game (store, 1, message.chouette, message.game, notation, TRUE,
                                  NULL))
        _exit (4);
      message.done = 1;
      write_all (fd, &message, sizeof message);
    }
}

/* Blocks until the child has opened the event and starts recording. */
static void
wait_until_ready (int fd)
{
  Message message;
  ssize_t n;

  do
    n = read (fd, &message, sizeof message);
  while (n < 0 && errno == EINTR);
  if (n != sizeof message || message.done != 2)
    fail_msg ("the child did not open the event (read %zd bytes)", n);
}

/* Takes one message of the child into @ledger; returns whether it
 * acknowledged a result. */
static gboolean
ledger_take (Ledger        *ledger,
             const Message *message)
{
  char *slot = ledger->acked[message->chouette - 1][message->game - 1];

  if (!message->done)
    {
      ledger->in_flight = *message;
      ledger->have_in_flight = TRUE;
      return FALSE;
    }
  /* The same line again changes nothing and logs nothing. */
  if (!g_str_equal (slot, message->notation))
    ledger->n_acked++;
  g_strlcpy (slot, message->notation, sizeof ledger->acked[0][0]);
  ledger->have_in_flight = FALSE;
  return TRUE;
}

/* Blocks until the child has acknowledged its first result, taking what
 * it says meanwhile into @ledger: a kill then lands while results are
 * being recorded, however slowly a loaded machine or a sanitizer runs
 * the child, and every kill has something acknowledged to check. */
static void
wait_for_first_result (int     fd,
                       Ledger *ledger)
{
  Message message;
  ssize_t n;

  for (;;)
    {
      struct pollfd readable = { fd, POLLIN, 0 };
      int ready = poll (&readable, 1, FIRST_RESULT_MS);

      if (ready < 0 && errno == EINTR)
        continue;
      if (ready == 0)
        fail_msg ("the child acknowledged no result within %u s", FIRST_RESULT_MS / 1000);
      do
        n = read (fd, &message, sizeof message);
      while (n < 0 && errno == EINTR);
      if (n != sizeof message)
        fail_msg ("the child stopped before its first result (read %zd bytes)", n);
      if (ledger_take (ledger, &message))
        return;
    }
}

static void
read_messages (int     fd,
               Ledger *ledger)
{
  Message message;
  ssize_t n;

  ledger->have_in_flight = FALSE;
  while ((n = read (fd, &message, sizeof message)) == sizeof message)
    ledger_take (ledger, &message);
  /* A message cut in half by the kill was never acknowledged. */
  assert_true (n >= 0);
}

static void
assert_integrity (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *check = NULL;

  assert_int_equal (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &check, NULL),
                    SQLITE_OK);
  assert_int_equal (sqlite3_step (check), SQLITE_ROW);
  assert_string_equal ((const char *) sqlite3_column_text (check, 0), "ok");
  sqlite3_finalize (check);
  sqlite3_close (db);
}

static void
assert_ledger_kept (const char *path,
                    Ledger     *ledger)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_store_open (path, &error);
  g_autoptr(GPtrArray) audit = NULL;
  guint n_records = 0;

  if (store == NULL)
    fail_msg ("the file does not open after a kill: %s", error->message);
  for (guint c = 1; c <= N_CHOUETTES; c++)
    {
      g_autoptr(GPtrArray) games = ctd_store_list_games (store, 1, c, &error);
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, 1, c, &error);
      const char *stored[LAST_GAME + 1] = { NULL };

      assert_non_null (games);
      assert_non_null (chouette);  /* every stored game reads back as a game */
      for (guint i = 0; i < games->len; i++)
        {
          const CtdStoreGame *game = g_ptr_array_index (games, i);

          assert_true (game->game >= 1 && game->game <= LAST_GAME);
          assert_true (game->entered != NULL && *game->entered != '\0');
          assert_true (game->canonical != NULL && *game->canonical != '\0');
          stored[game->game] = game->canonical;
        }
      for (guint g = 1; g <= LAST_GAME; g++)
        {
          const char *acked = ledger->acked[c - 1][g - 1];
          gboolean in_flight = ledger->have_in_flight && ledger->in_flight.chouette == c &&
                               ledger->in_flight.game == g;

          if (*acked == '\0' && (!in_flight || stored[g] == NULL))
            continue;  /* never acknowledged: there or not, both are fine */
          if (stored[g] == NULL)
            fail_msg ("chouette 1.%u game %u was acknowledged as “%s” and is gone", c, g, acked);
          if (!g_str_equal (stored[g], acked) &&
              !(in_flight && g_str_equal (stored[g], ledger->in_flight.notation)))
            fail_msg ("chouette 1.%u game %u holds “%s”, acknowledged “%s”", c, g, stored[g],
                      acked);
        }
      /* What the file holds now is what the next child starts from: an
       * attempt the kill left unacknowledged may have been committed. */
      for (guint g = 1; g <= LAST_GAME; g++)
        g_strlcpy (ledger->acked[c - 1][g - 1], stored[g] != NULL ? stored[g] : "",
                   sizeof ledger->acked[0][0]);
    }
  audit = ctd_store_list_audit (store, &error);
  for (guint i = 0; i < audit->len; i++)
    n_records += g_str_equal (((CtdStoreAuditEntry *) g_ptr_array_index (audit, i))->action,
                              "record-game");
  assert_true (n_records >= ledger->n_acked);
}

/* How many kills: N_KILLS, or CTD_CRASH_KILLS when set to a number. */
static guint
count_kills (void)
{
  const char *value = g_getenv ("CTD_CRASH_KILLS");
  guint64 n = 0;

  if (value == NULL)
    return N_KILLS;
  if (!g_ascii_string_to_unsigned (value, 10, 1, 1000000, &n, NULL))
    fail_msg ("CTD_CRASH_KILLS is “%s”; expected a number of kills from 1 to 1000000", value);
  return (guint) n;
}

static void
test_kill_while_recording (void **state G_GNUC_UNUSED)
{
  const guint n_kills = count_kills ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-crash-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "event.chouette", NULL);
  Ledger *ledger = g_new0 (Ledger, 1);
  CtdRng rng;

  /* 16 players: four chouettes of 4 in round 1, nothing recorded. */
  {
    const CtdEventSettings settings = { (char *) "Crash test", (char *) "", (char *) "", 100,
                                        2200, CTD_LAST_SEGMENT_HIGHEST_FIRST };
    g_autoptr(CtdStore) store = ctd_store_create (path, &settings, &error);
    guint round;

    assert_non_null (store);
    for (guint i = 0; i < 16; i++)
      {
        g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

        assert_true (ctd_store_add_player (store, name, NULL, NULL, TRUE, NULL, &error));
      }
    assert_true (ctd_store_draw_round (store, 16, &round, &error));
  }

  ctd_rng_init (&rng, 20261122);
  for (guint kill_no = 0; kill_no < n_kills; kill_no++)
    {
      int fds[2];
      pid_t pid;
      int status;

      assert_int_equal (pipe (fds), 0);
      pid = fork ();
      assert_true (pid >= 0);
      if (pid == 0)
        {
          close (fds[0]);
          child_main (path, fds[1], 1000 + kill_no);
        }
      close (fds[1]);
      wait_until_ready (fds[0]);
      wait_for_first_result (fds[0], ledger);
      /* Let it run between 1 and 60 ms more, so kills land everywhere: in
       * the middle of a transaction, of a commit, of a checkpoint. A
       * fixed, random wait on purpose: where the kill lands is what is
       * tested. */
      g_usleep (1000 + ctd_rng_uniform (&rng, 59000));
      assert_int_equal (kill (pid, SIGKILL), 0);
      assert_int_equal (waitpid (pid, &status, 0), pid);
      if (!WIFSIGNALED (status))
        fail_msg ("the child ended by itself (status %d) before kill %u", status, kill_no);
      read_messages (fds[0], ledger);
      close (fds[0]);

      assert_integrity (path);
      assert_ledger_kept (path, ledger);
    }
  /* The loop did real work: every kill came after an acknowledged result
   * (wait_for_first_result()), and the results changed the file. */
  assert_true (ledger->n_acked > 0);
  g_free (ledger);
  ctd_test_remove_tree (dir);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_kill_while_recording),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
