/* test-serve-guard.c: the table server's guard, alone: wrong links
 * slowed more and more, never refused; an IPv6 network counted as one
 * address; writes rationed per link and per game; bounded tables.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ctd-serve-guard.h"

#define MINUTE (G_GINT64_CONSTANT (60) * G_USEC_PER_SEC)

/* The first few wrong links are answered at once, then each waits twice
 * as long as the last, up to the most; a quiet window forgets them. */
static void
test_delays (void **state)
{
  g_autoptr(CtdServeGuard) guard = ctd_serve_guard_new ();
  gint64 now = 1000 * MINUTE;
  gint64 expected = CTD_SERVE_GUARD_FIRST_DELAY_US;
  guint guesses = 0;

  for (guint i = 1; i <= CTD_SERVE_GUARD_FREE_GUESSES; i++)
    {
      assert_int_equal (ctd_serve_guard_fail (guard, "192.168.1.7", now, &guesses), 0);
      assert_int_equal (guesses, i);
    }
  for (guint i = 0; i < 12; i++)
    {
      assert_int_equal (ctd_serve_guard_fail (guard, "192.168.1.7", now, NULL), expected);
      expected = MIN (2 * expected, CTD_SERVE_GUARD_MAX_DELAY_US);
    }
  assert_int_equal (expected, CTD_SERVE_GUARD_MAX_DELAY_US);
  /* Another address of the room is not slowed by its neighbour. */
  assert_int_equal (ctd_serve_guard_fail (guard, "192.168.1.8", now, NULL), 0);
  /* Quiet for a window: answered at once again. */
  now += CTD_SERVE_GUARD_WINDOW_US;
  assert_int_equal (ctd_serve_guard_fail (guard, "192.168.1.7", now, &guesses), 0);
  assert_int_equal (guesses, 1);
}

/* An IPv6 address counts with its /64 network: rotating addresses within
 * it does not start afresh. An IPv4-mapped address is its IPv4 one. */
static void
test_groups (void **state)
{
  g_autoptr(CtdServeGuard) guard = ctd_serve_guard_new ();
  g_autoptr(GPtrArray) slowed = NULL;
  const CtdServeGuardEntry *entry;
  g_autofree char *v6 = ctd_serve_address_group ("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
  g_autofree char *mapped = ctd_serve_address_group ("::ffff:192.168.1.7");
  g_autofree char *v4 = ctd_serve_address_group ("192.168.1.7");
  gint64 now = 1000 * MINUTE;

  assert_string_equal (v6, "2001:db8:1:2::/64");
  assert_string_equal (mapped, "192.168.1.7");
  assert_string_equal (v4, "192.168.1.7");
  for (guint i = 0; i < CTD_SERVE_GUARD_FREE_GUESSES + 2; i++)
    {
      g_autofree char *address = g_strdup_printf ("2001:db8:1:2::%x", i + 1);

      ctd_serve_guard_fail (guard, address, now, NULL);
    }
  slowed = ctd_serve_guard_list_slowed (guard, now);
  assert_int_equal (slowed->len, 1);
  entry = g_ptr_array_index (slowed, 0);
  assert_string_equal (entry->group, "2001:db8:1:2::/64");
  assert_int_equal (entry->guesses, CTD_SERVE_GUARD_FREE_GUESSES + 2);
  /* Another /64 is another household. */
  assert_int_equal (ctd_serve_guard_fail (guard, "2001:db8:1:3::1", now, NULL), 0);
  g_clear_pointer (&slowed, g_ptr_array_unref);
  slowed = ctd_serve_guard_list_slowed (guard, now + CTD_SERVE_GUARD_WINDOW_US);
  assert_int_equal (slowed->len, 0);
}

/* Writes: a link's burst, then one each refill; a game's own bucket is
 * smaller; a refusal says when to come back and counts nothing. */
static void
test_writes (void **state)
{
  g_autoptr(CtdServeGuard) guard = ctd_serve_guard_new ();
  gint64 now = 1000 * MINUTE;
  guint retry = 0;
  guint allowed = 0;

  /* Sends of one game, back and forth with "it is wrong": the game's
   * bucket stops them first. */
  while (ctd_serve_guard_take_write (guard, "link-a", "game 1", now, &retry))
    allowed++;
  assert_int_equal (allowed, CTD_SERVE_GUARD_GAME_BURST);
  assert_int_equal (retry, CTD_SERVE_GUARD_GAME_REFILL_US / G_USEC_PER_SEC);
  assert_false (ctd_serve_guard_take_write (guard, "link-a", "game 1",
                                            now + CTD_SERVE_GUARD_GAME_REFILL_US - 1, &retry));
  assert_true (ctd_serve_guard_take_write (guard, "link-a", "game 1",
                                           now + CTD_SERVE_GUARD_GAME_REFILL_US, &retry));
  allowed++;
  /* Other games of the link, until the link's own bucket is empty. */
  for (guint game = 2;; game++)
    {
      g_autofree char *item = g_strdup_printf ("game %u", game);

      if (!ctd_serve_guard_take_write (guard, "link-a", item,
                                       now + CTD_SERVE_GUARD_GAME_REFILL_US, &retry))
        break;
      allowed++;
    }
  /* The link's bucket was full again by then (the game's first burst
   * took less than the game's refill to come back): a burst more, and
   * no more than that. */
  G_STATIC_ASSERT (CTD_SERVE_GUARD_GAME_BURST * CTD_SERVE_GUARD_LINK_REFILL_US <=
                   CTD_SERVE_GUARD_GAME_REFILL_US);
  assert_int_equal (allowed, CTD_SERVE_GUARD_GAME_BURST + CTD_SERVE_GUARD_LINK_BURST);
  assert_true (retry >= 1);
  /* Another table writes meanwhile. */
  assert_true (ctd_serve_guard_take_write (guard, "link-b", "game 1", now, &retry));
  /* A real table's pace, a game every few minutes, is never refused. */
  for (guint game = 1; game <= 100; game++)
    {
      g_autofree char *item = g_strdup_printf ("game %u", game);
      g_autofree char *line = g_strdup_printf ("line %u", game);
      gint64 at = now + 10 * MINUTE + game * MINUTE;

      assert_true (ctd_serve_guard_take_write (guard, "link-c", item, at, &retry));
      assert_true (ctd_serve_guard_take_write (guard, "link-c", line, at + 1, &retry));
    }
}

/* A flood of addresses or links: the tables stay bounded. */
static void
test_bounded (void **state)
{
  g_autoptr(CtdServeGuard) guard = ctd_serve_guard_new ();
  gint64 now = 1000 * MINUTE;
  guint retry = 0;

  for (guint i = 0; i < 3 * CTD_SERVE_GUARD_MAX_BUCKETS; i++)
    {
      g_autofree char *address = g_strdup_printf ("10.%u.%u.%u", i / 65536, i / 256 % 256,
                                                  i % 256);
      g_autofree char *link = g_strdup_printf ("link-%u", i);

      ctd_serve_guard_fail (guard, address, now + i, NULL);
      ctd_serve_guard_take_write (guard, link, "game 1", now + i, &retry);
    }
  assert_true (ctd_serve_guard_get_size (guard, FALSE) <= CTD_SERVE_GUARD_MAX_ADDRESSES);
  assert_true (ctd_serve_guard_get_size (guard, TRUE) <= CTD_SERVE_GUARD_MAX_BUCKETS);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_delays),
    cmocka_unit_test (test_groups),
    cmocka_unit_test (test_writes),
    cmocka_unit_test (test_bounded),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
