/* test-link.c: a chouette's link secret and when it opens for entry, no file.
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

#include <string.h>

#include "ctd-link.h"

/* New secrets are 32 lower-case hex digits, never twice the same, and
 * every digit turns up in every place (a source that left bits fixed,
 * or a secret cut short, would not). */
static void
test_new_secrets (void **state)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint used[CTD_LINK_SECRET_CHARS] = { 0, };

  for (guint n = 0; n < 2000; n++)
    {
      g_autoptr(GError) error = NULL;
      char secret[CTD_LINK_SECRET_CHARS + 1];

      memset (secret, 'x', sizeof secret);
      assert_true (ctd_link_secret_new (secret, &error));
      assert_null (error);
      assert_int_equal (strlen (secret), 32);
      assert_true (ctd_link_secret_is_valid (secret));
      assert_true (g_hash_table_add (seen, g_strdup (secret)));
      for (guint i = 0; i < CTD_LINK_SECRET_CHARS; i++)
        used[i] |= 1u << g_ascii_xdigit_value (secret[i]);
    }
  for (guint i = 0; i < CTD_LINK_SECRET_CHARS; i++)
    assert_int_equal (used[i], 0xffff);
}

static void
test_secret_format (void **state)
{
  assert_true (ctd_link_secret_is_valid ("0123456789abcdef0123456789abcdef"));
  assert_false (ctd_link_secret_is_valid (NULL));
  assert_false (ctd_link_secret_is_valid (""));
  assert_false (ctd_link_secret_is_valid ("0123456789abcdef0123456789abcde"));
  assert_false (ctd_link_secret_is_valid ("0123456789abcdef0123456789abcdef0"));
  assert_false (ctd_link_secret_is_valid ("0123456789ABCDEF0123456789abcdef"));
  assert_false (ctd_link_secret_is_valid ("0123456789abcdef0123456789abcdeg"));
  assert_false (ctd_link_secret_is_valid ("0123456789abcdef/123456789abcdef"));
}

/* Equal only to itself: not to a prefix, a longer text, another case. */
static void
test_secret_equal (void **state)
{
  const char *secret = "0123456789abcdef0123456789abcdef";

  assert_true (ctd_link_secret_equal (secret, "0123456789abcdef0123456789abcdef"));
  assert_false (ctd_link_secret_equal (secret, NULL));
  assert_false (ctd_link_secret_equal (secret, ""));
  assert_false (ctd_link_secret_equal (secret, "0123456789abcdef0123456789abcde"));
  assert_false (ctd_link_secret_equal (secret, "0123456789abcdef0123456789abcdef0"));
  assert_false (ctd_link_secret_equal (secret, "1123456789abcdef0123456789abcdef"));
  assert_false (ctd_link_secret_equal (secret, "0123456789abcdef0123456789abcdee"));
  assert_false (ctd_link_secret_equal (secret, "0123456789ABCDEF0123456789abcdef"));
  assert_false (ctd_link_secret_equal (secret, "0123456789abcdef0123456789abcdef"
                                               "0123456789abcdef0123456789abcdef"));
  /* Compared eight bytes a step: one character off in any of them. */
  for (gsize i = 0; i < strlen (secret); i++)
    {
      g_autofree char *near = g_strdup (secret);

      near[i] = near[i] == 'f' ? 'e' : 'f';
      assert_false (ctd_link_secret_equal (secret, near));
    }
}

/* The rule, state by state. */
static void
test_accepts_entry (void **state)
{
  static const struct
  {
    CtdRoundState state;
    gboolean      open;
  } cases[] = {
    { CTD_ROUND_DRAWN, TRUE },
    { CTD_ROUND_IN_PLAY, TRUE },
    { CTD_ROUND_COMPLETE, FALSE },
    { CTD_ROUND_RELEASED, FALSE },
    { CTD_ROUND_CLOSED, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (ctd_link_accepts_entry (cases[i].state, FALSE) != cases[i].open)
        fail_msg ("a round %s: expected its links %s", ctd_round_state_to_string (cases[i].state),
                  cases[i].open ? "open" : "closed");
      /* A closed event opens nothing. */
      assert_false (ctd_link_accepts_entry (cases[i].state, TRUE));
    }
}

/* The desk's address a director types: what is kept, and what refused
 * because a link under it would open nothing. */
static void
test_parse_base (void **state)
{
  static const struct
  {
    const char *text;
    const char *base;
  } good[] = {
    { "http://192.168.1.20:8080", "http://192.168.1.20:8080" },
    { "http://192.168.1.20:8080/", "http://192.168.1.20:8080" },
    { "http://desk//", "http://desk" },
    { "https://desk.local", "https://desk.local" },
    { "HTTP://Desk:80", "HTTP://Desk:80" },
    { "http://[fe80::1]:8080", "http://[fe80::1]:8080" },
  };
  static const char *const bad[] = {
    "", "desk", "192.168.1.20:8080", "ftp://desk", "http://", "http://:8080",
    "http://desk/chouette", "http://desk/t/", "http://desk/?a=1", "http://desk?a=1",
    "http://desk#top", "http://user:pw@desk", "http://desk:port", "file:///etc/passwd",
    "http://desk:8080 x",
  };
  const char *secret = "0123456789abcdef0123456789abcdef";

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *base = ctd_link_parse_base (good[i].text, &error);
      g_autofree char *url = NULL;
      g_autofree char *expected = NULL;

      if (base == NULL)
        fail_msg ("“%s” refused: %s", good[i].text, error->message);
      assert_string_equal (base, good[i].base);
      url = ctd_link_url (base, secret);
      expected = g_strconcat (good[i].base, "/t/", secret, NULL);
      assert_string_equal (url, expected);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *base = ctd_link_parse_base (bad[i], &error);

      if (base != NULL)
        fail_msg ("“%s” taken as the desk's address “%s”", bad[i], base);
      assert_true (g_error_matches (error, CTD_LINK_ERROR, CTD_LINK_ERROR_BASE));
      /* The message quotes what was typed and shows how to write it. */
      assert_non_null (strstr (error->message, bad[i]));
      assert_non_null (strstr (error->message, "http://ADDRESS:PORT"));
    }
}

/* Without an address, the link is its path: what the desk serves. */
static void
test_url_path (void **state)
{
  g_autofree char *path = ctd_link_url (NULL, "0123456789abcdef0123456789abcdef");

  assert_string_equal (path, "/t/0123456789abcdef0123456789abcdef");
}

/* Each seat's code is four digits of HMAC-SHA256 keyed by the secret
 * (the values an independent HMAC gives); it is compared whole. */
static void
test_seat_codes (void **state)
{
  const char *secret = "0123456789abcdef0123456789abcdef";
  const char *expected[] = { "0462", "3830", "2516", "7038" };
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];
  g_autofree char *hash = ctd_link_hash (secret);

  for (guint seat = 1; seat <= 4; seat++)
    {
      ctd_link_seat_code (secret, seat, code);
      assert_string_equal (code, expected[seat - 1]);
      assert_true (ctd_link_seat_code_is (secret, seat, expected[seat - 1]));
    }
  assert_true (ctd_link_seat_code_is (secret, 2, " 3830 "));
  assert_false (ctd_link_seat_code_is (secret, 2, "0462"));
  assert_false (ctd_link_seat_code_is (secret, 2, "383"));
  assert_false (ctd_link_seat_code_is (secret, 2, "38300"));
  assert_false (ctd_link_seat_code_is (secret, 2, ""));
  assert_false (ctd_link_seat_code_is (secret, 2, NULL));
  /* Another link, other codes. */
  ctd_link_seat_code ("f123456789abcdef0123456789abcdef", 2, code);
  assert_string_not_equal (code, "3830");
  assert_string_equal (hash, "3eb1bd439947eb762998e566ccc2e099c791118b2f40579cc4f7da2b5061b7f9");
}

/* A phone sends no adjustment and no cube past V0 x 64, extras too. */
static void
test_check_line (void **state)
{
  const CtdGameContext two = { .game = 3, .size = 4, .box = 1, .captain = 2, .cube_start = 2 };
  const struct
  {
    const char *line;
    const char *refusal;  /* NULL: the phone may send it */
  } cases[] = {
    { "T 2:128", NULL },
    { "T 2:256", "Game 3: a cube at 256 is past what this table's phone may send (128 at most)" },
    { "B 2:2- 3:2- 4:4 E:3>4:256", "a cube at 256" },
    { "B 2:2- 3:2- 4:4 E:3>4:128", NULL },
    { "T A:3>2:1", "Game 3: an adjustment (A:) is the director's ruling" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdResult) result = ctd_result_parse (&two, cases[i].line, &error);

      if (result == NULL)
        fail_msg ("“%s”: %s", cases[i].line, error->message);
      if (cases[i].refusal == NULL)
        {
          if (!ctd_link_check_line (result, &error))
            fail_msg ("“%s” refused: %s", cases[i].line, error->message);
          continue;
        }
      assert_false (ctd_link_check_line (result, &error));
      assert_true (g_error_matches (error, CTD_LINK_ERROR, CTD_LINK_ERROR_DESK));
      if (strstr (error->message, cases[i].refusal) == NULL)
        fail_msg ("“%s”: “%s”", cases[i].line, error->message);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_new_secrets),
    cmocka_unit_test (test_secret_format),
    cmocka_unit_test (test_secret_equal),
    cmocka_unit_test (test_accepts_entry),
    cmocka_unit_test (test_parse_base),
    cmocka_unit_test (test_url_path),
    cmocka_unit_test (test_seat_codes),
    cmocka_unit_test (test_check_line),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
