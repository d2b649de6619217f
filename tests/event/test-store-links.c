/* test-store-links.c: each chouette's private link in the event file.
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
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

/* Schemas 1 to 3 as released: test_upgrade_from_v3 builds a file with them. */
static const char schema_v1[] = {
#include "ctd-schema-sql.h"
  , 0
};
static const char schema_v2[] = {
#include "ctd-schema-v2-sql.h"
  , 0
};
static const char schema_v3[] = {
#include "ctd-schema-v3-sql.h"
  , 0
};

/* "1.1 SECRET" lines, by round and chouette, every secret checked. */
static char *
links_text (CtdStore *store,
            guint     round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = ctd_store_list_links (store, round, &error);
  GString *text = g_string_new (NULL);

  if (links == NULL)
    fail_msg ("%s", error->message);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (!ctd_link_secret_is_valid (link->secret))
        fail_msg ("%u.%u: “%s” is not a secret", link->round, link->chouette, link->secret);
      assert_int_equal (strlen (link->issued), strlen ("2026-11-27T13:00:00Z"));
      g_string_append_printf (text, "%u.%u %s\n", link->round, link->chouette, link->secret);
    }
  return g_string_free (text, FALSE);
}

static void
assert_links (CtdStore   *store,
              guint       round,
              const char *expected)
{
  g_autofree char *got = links_text (store, round);

  assert_string_equal (got, expected);
}

static void
assert_found (CtdStore   *store,
              const char *secret,
              guint       round,
              guint       chouette)
{
  g_autoptr(GError) error = NULL;
  guint found_round = 0, found_chouette = 0;

  if (!ctd_store_find_link (store, secret, &found_round, &found_chouette, &error))
    fail_msg ("%s not found: %s", secret, error->message);
  assert_int_equal (found_round, round);
  assert_int_equal (found_chouette, chouette);
}

static void
assert_not_found (CtdStore   *store,
                  const char *secret)
{
  g_autoptr(GError) error = NULL;
  guint round = 99, chouette = 99;

  assert_false (ctd_store_find_link (store, secret, &round, &chouette, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  assert_int_equal (round, 99);
  assert_int_equal (chouette, 99);
}

/* A draw gives every chouette a secret: well formed, 128 bits, all
 * different, not from the (printed) draw seed, found again by itself
 * only, and kept in the file. */
static void
test_links_after_draw (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) links = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *other_path = g_build_filename (fixture->dir, "other.chouette", NULL);
  g_autoptr(CtdStore) other = NULL;
  g_autofree char *other_secret = NULL;

  assert_links (store, 0, "");
  ctd_test_add_checked_in (store, 32);
  assert_true (ctd_store_draw_round (store, 42, NULL, &error));
  links = ctd_store_list_links (store, 1, &error);
  assert_non_null (links);
  assert_int_equal (links->len, 8);
  assert_int_equal (CTD_LINK_SECRET_BYTES * 8, 128);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);
      g_autofree char *wrong = g_strdup (link->secret);

      assert_int_equal (link->round, 1);
      assert_int_equal (link->chouette, i + 1);
      assert_int_equal (strlen (link->secret), 32);
      assert_true (g_hash_table_add (seen, g_strdup (link->secret)));
      assert_found (store, link->secret, 1, i + 1);

      /* One character off, cut short, one more, upper case: nothing. */
      wrong[31] = wrong[31] == '0' ? '1' : '0';
      assert_not_found (store, wrong);
      wrong[31] = '\0';
      assert_not_found (store, wrong);
      g_free (wrong);
      wrong = g_strconcat (link->secret, "0", NULL);
      assert_not_found (store, wrong);
      g_free (wrong);
      wrong = g_ascii_strup (link->secret, -1);
      if (strcmp (wrong, link->secret) != 0)
        assert_not_found (store, wrong);
    }
  assert_not_found (store, "");
  assert_not_found (store, "../../etc/passwd");

  /* The same seed in another event draws the same tables, not the same links. */
  other = ctd_store_create (other_path, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (other, 32);
  assert_true (ctd_store_draw_round (other, 42, NULL, &error));
  other_secret = ctd_test_link_secret (other, 1, 1);
  assert_false (g_hash_table_contains (seen, other_secret));
  assert_not_found (store, other_secret);

  /* Reopened: the same secrets. */
  before = links_text (store, 0);
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);
  after = links_text (store, 0);
  assert_string_equal (after, before);

  /* A round that does not exist is not an empty list. */
  assert_null (ctd_store_list_links (store, 2, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
}

/* A redraw issues new links (the old ones open nothing); undo and redo
 * of draws take their links away and give the same ones back. */
static void
test_links_redraw_undo_redo (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autofree char *drawn = NULL;
  g_autofree char *redrawn = NULL;
  g_autofree char *first = NULL;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 1, NULL, &error));
  drawn = links_text (store, 1);
  first = ctd_test_link_secret (store, 1, 1);
  assert_true (ctd_store_redraw_round (store, 1, 2, &error));
  redrawn = links_text (store, 1);
  assert_int_equal (strlen (redrawn), strlen (drawn));
  assert_null (strstr (redrawn, first));
  assert_not_found (store, first);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_links (store, 1, drawn);
  assert_found (store, first, 1, 1);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_links (store, 1, redrawn);
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_links (store, 0, "");
  assert_not_found (store, first);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_links (store, 1, drawn);
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_links (store, 1, redrawn);
}

/* Reissuing one chouette's link: one action, the old secret dead, the
 * others untouched, undone like any action; refused for a chouette that
 * does not exist and in a closed event, changing nothing. */
static void
test_reissue (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(GArray) changes = NULL;
  g_autofree char *old = NULL;
  g_autofree char *fresh = NULL;
  g_autofree char *neighbour = NULL;
  g_autofree char *now = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *dump_after = NULL;
  const CtdStoreChange *change;
  gint64 last;
  guint length;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 1, NULL, &error));
  old = ctd_test_link_secret (store, 1, 2);
  neighbour = ctd_test_link_secret (store, 1, 1);
  last = ctd_store_get_last_audit_id (store, &error);

  assert_true (ctd_store_reissue_link (store, 1, 2, &fresh, &error));
  assert_true (ctd_link_secret_is_valid (fresh));
  assert_string_not_equal (fresh, old);
  now = ctd_test_link_secret (store, 1, 2);
  assert_string_equal (now, fresh);
  assert_not_found (store, old);
  assert_found (store, fresh, 1, 2);
  assert_found (store, neighbour, 1, 1);
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->action, "reissue-link");
  assert_string_equal (entry->summary,
                       "Issued a new link for chouette 1.2: the old one no longer opens it");
  /* A window redraws that chouette's sheet (its link is printed on it). */
  changes = ctd_store_list_changes_since (store, last, &error);
  assert_int_equal (changes->len, 1);
  change = &g_array_index (changes, CtdStoreChange, 0);
  assert_true (change->what & CTD_CHANGE_CHOUETTE);
  assert_int_equal (change->round, 1);
  assert_int_equal (change->chouette, 2);

  /* The log names the chouette, never a secret. */
  {
    g_autofree char *log = ctd_test_query_text (fixture->path, "SELECT group_concat (before || "
                                                "after || summary) FROM audit");

    assert_null (strstr (log, old));
    assert_null (strstr (log, fresh));
  }
  /* Undo leaves the replaced link revoked: 1.2 gets a third one, and the
   * log says so. Redo puts back the one undo replaced. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_not_found (store, old);
  assert_not_found (store, fresh);
  {
    g_autofree char *third = ctd_test_link_secret (store, 1, 2);
    g_autoptr(CtdStoreAuditEntry) undone = ctd_test_last_audit (store);

    assert_true (ctd_link_secret_is_valid (third));
    assert_found (store, third, 1, 2);
    assert_found (store, neighbour, 1, 1);
    assert_non_null (strstr (undone->summary, "the link it replaced stays revoked: a new one was "
                                              "issued, print the table's slip again"));
  }
  assert_true (ctd_store_redo (store, NULL, &error));
  assert_found (store, fresh, 1, 2);
  assert_not_found (store, old);

  /* No such chouette, no such round: refused, nothing written. */
  length = ctd_test_audit_length (store);
  dump = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_reissue_link (store, 1, 3, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  assert_non_null (strstr (error->message, "no chouette 1.3"));
  g_clear_error (&error);
  assert_false (ctd_store_reissue_link (store, 4, 1, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_int_equal (ctd_test_audit_length (store), length);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);

  /* A closed event is an archive. */
  g_clear_pointer (&store, ctd_store_close);
  ctd_test_exec_sql (fixture->path, "UPDATE event SET closed = '2026-05-16T22:00:00Z'");
  store = ctd_store_open (fixture->path, &error);
  assert_non_null (store);
  g_clear_pointer (&dump, g_free);
  dump = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_reissue_link (store, 1, 2, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CLOSED);
  g_clear_pointer (&dump_after, g_free);
  dump_after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (dump_after, dump);
  assert_found (store, fresh, 1, 2);
}

/* The rule on real rounds: a chouette's link accepts entries while its
 * round is drawn or in play, not once complete, released or closed by
 * the next draw, nor in a closed event. */
static void
test_link_validity_by_round (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  CtdStoreRound info;
  gboolean accepts = TRUE;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
#define ACCEPTS(closed) \
  (assert_true (ctd_tournament_get_round (store, 1, &info, &error)), \
   ctd_link_accepts_entry (info.state, (closed)))
/* What `links`, `serve` and the table server read: the same answer. */
#define ACCEPTS_NOW() \
  (assert_true (ctd_tournament_link_accepts_entry (store, 1, &accepts, &error)), accepts)
  assert_true (ACCEPTS (FALSE));
  assert_true (ACCEPTS_NOW ());
  assert_false (ACCEPTS (TRUE));
  ctd_test_record (store, 1, 1, 1, ctd_test_four_sheet[0]);
  assert_int_equal (info.state, CTD_ROUND_DRAWN);
  assert_true (ACCEPTS (FALSE));
  assert_true (ACCEPTS_NOW ());
  assert_int_equal (info.state, CTD_ROUND_IN_PLAY);
  for (guint c = 1; c <= 2; c++)
    for (guint g = c == 1 ? 2 : 1; g <= CTD_N_GAMES; g++)
      ctd_test_record (store, 1, c, g, ctd_test_four_sheet[g - 1]);
  assert_false (ACCEPTS (FALSE));
  assert_false (ACCEPTS_NOW ());
  assert_int_equal (info.state, CTD_ROUND_COMPLETE);
  /* A correction that reopens the round opens its links again. */
  assert_true (ctd_store_clear_game (store, 1, 2, 12, &error));
  assert_true (ACCEPTS (FALSE));
  assert_true (ACCEPTS_NOW ());
  ctd_test_record (store, 1, 2, 12, ctd_test_four_sheet[11]);
  assert_true (ctd_store_release_round (store, 1, &error));
  assert_false (ACCEPTS (FALSE));
  assert_false (ACCEPTS_NOW ());
  assert_int_equal (info.state, CTD_ROUND_RELEASED);
  /* A round that does not exist is an error, not a "no". */
  assert_false (ctd_tournament_link_accepts_entry (store, 9, &accepts, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
#undef ACCEPTS_NOW
#undef ACCEPTS
}

/* Whether a link opens is decided on the round as the link's own
 * transaction reads it, though the store keeps the rounds it read
 * outside one: another program that completes the round closes the
 * link at once, for a read and for a write, and this store's own
 * correction opens it again. */
static void
test_link_follows_other_program (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autoptr(CtdChouette) table = NULL;
  g_autofree char *secret = NULL;
  CtdStoreRound info;

  ctd_test_add_checked_in (store, 4);
  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  for (guint g = 1; g < CTD_N_GAMES; g++)
    ctd_test_record (store, 1, 1, g, ctd_test_four_sheet[g - 1]);
  secret = ctd_test_link_secret (store, 1, 1);
  assert_true (ctd_tournament_get_round (store, 1, &info, &error));
  assert_int_equal (info.state, CTD_ROUND_IN_PLAY);
  table = ctd_store_load_table_chouette (store, secret, NULL, NULL, &error);
  assert_non_null (table);
  g_clear_pointer (&table, ctd_chouette_free);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  ctd_test_record (other, 1, 1, CTD_N_GAMES, ctd_test_four_sheet[CTD_N_GAMES - 1]);
  assert_null (ctd_store_load_table_chouette (store, secret, NULL, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CLOSED);
  g_clear_error (&error);
  assert_false (ctd_store_submit (store, secret, 1, ctd_test_four_sheet[0], 1,
                                  "0123456789abcdef0123456789abcdef", "127.0.0.1", CTD_TEST_PHONE_A, NULL,
                                  &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CLOSED);
  g_clear_error (&error);

  assert_true (ctd_store_clear_game (store, 1, 1, CTD_N_GAMES, &error));
  table = ctd_store_load_table_chouette (store, secret, NULL, NULL, &error);
  assert_non_null (table);
  /* And the other program's store, which read nothing since its write. */
  assert_true (ctd_tournament_get_round (other, 1, &info, &error));
  assert_int_equal (info.state, CTD_ROUND_IN_PLAY);
}

/* A link another program reissues opens nothing here at once, though
 * this store had just found it: what it keeps of the links is read
 * again after any write, its own (a table's line) or another's. */
static void
test_reissued_elsewhere (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStore) other = NULL;
  g_autofree char *old = NULL;
  g_autofree char *now = NULL;
  guint round = 0, chouette = 0;

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 3, NULL, &error));
  old = ctd_test_link_secret (store, 1, 2);
  assert_true (ctd_store_find_link (store, old, &round, &chouette, &error));
  /* A table's line, written outside the log, keeps what is known. */
  assert_true (ctd_store_submit (store, old, 1, ctd_test_four_sheet[0], 1,
                                 "0123456789abcdef0123456789abcdef", "127.0.0.1", CTD_TEST_PHONE_A, NULL,
                                  &error));
  assert_true (ctd_store_find_link (store, old, &round, &chouette, &error));
  assert_int_equal (chouette, 2);

  other = ctd_store_open (fixture->path, &error);
  assert_non_null (other);
  assert_true (ctd_store_reissue_link (other, 1, 2, &now, &error));
  assert_false (ctd_store_find_link (store, old, NULL, NULL, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_true (ctd_store_find_link (store, now, &round, &chouette, &error));
  assert_int_equal (chouette, 2);
  /* And this store's own undo of it, written here: a third link. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_false (ctd_store_find_link (store, now, NULL, NULL, &error));
  g_clear_error (&error);
  {
    g_autofree char *third = ctd_test_link_secret (store, 1, 2);

    assert_true (ctd_store_find_link (store, third, NULL, NULL, &error));
  }
}

/* A file of schema 3 whose history holds a draw and a redraw (made by
 * this version, then copied without links): opened, it is backed up and
 * upgraded, every chouette gets a link; undo of the redraw puts back
 * chouettes drawn before links existed, which get theirs; undo of the
 * draw takes them away; redo puts both back, every chouette with a link. */
static void
test_upgrade_from_v3 (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *source = g_build_filename (fixture->dir, "source.chouette", NULL);
  g_autofree char *backup = g_strconcat (fixture->path, ".bak-v3", NULL);
  g_autofree char *copy_sql = NULL;
  g_autofree char *upgraded = NULL;
  g_autofree char *redone = NULL;
  g_autoptr(CtdStore) store = NULL;

  store = ctd_store_create (source, &ctd_test_default_settings, &error);
  ctd_test_add_checked_in (store, 12);
  assert_true (ctd_store_draw_round (store, 5, NULL, &error));
  assert_true (ctd_store_redraw_round (store, 1, 6, &error));
  ctd_test_record (store, 1, 1, 1, ctd_test_four_sheet[0]);
  g_clear_pointer (&store, ctd_store_close);

  ctd_test_exec_sql (fixture->path, schema_v1);
  ctd_test_exec_sql (fixture->path, schema_v2);
  ctd_test_exec_sql (fixture->path, schema_v3);
  copy_sql = g_strdup_printf (
    "PRAGMA application_id = 1129595973; "
    "ATTACH '%s' AS a; "
    "DELETE FROM event; "
    "INSERT INTO event SELECT id, name, date, venue, stake_cents, entry_fee_cents, direction, "
    "  paper, closed FROM a.event; "
    "INSERT INTO player SELECT * FROM a.player; "
    "INSERT INTO round SELECT * FROM a.round; "
    "INSERT INTO chouette SELECT id, round, number, table_no, size, last_order FROM a.chouette; "
    "INSERT INTO seat SELECT * FROM a.seat; "
    "INSERT INTO game SELECT * FROM a.game; "
    "INSERT INTO audit SELECT * FROM a.audit; "
    "INSERT INTO audit_change SELECT id, audit, tbl, row_id, "
    "  CASE tbl WHEN 'event' THEN json_remove (before, '$.table_auto_accept', '$.language') "
    "    WHEN 'chouette' THEN json_remove (before, '$.last_direction') ELSE before END, "
    "  CASE tbl WHEN 'event' THEN json_remove (after, '$.table_auto_accept', '$.language') "
    "    WHEN 'chouette' THEN json_remove (after, '$.last_direction') ELSE after END "
    "  FROM a.audit_change WHERE tbl != 'link'; "
    "DETACH a; "
    "PRAGMA user_version = 3", source);
  ctd_test_exec_sql (fixture->path, copy_sql);

  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
  {
    g_autofree char *old = ctd_test_query_text (backup, "SELECT user_version FROM pragma_user_version");
    g_autofree char *now = ctd_test_query_text (fixture->path,
                                                "SELECT user_version FROM pragma_user_version");

    assert_string_equal (old, "3|\n");
    assert_string_equal (now, "7|\n");
  }
  upgraded = links_text (store, 0);
  assert_string_not_equal (upgraded, "");
  {
    g_autofree char *counts = ctd_test_query_text (fixture->path,
      "SELECT (SELECT count (*) FROM chouette), count (*), count (DISTINCT secret) FROM link");

    assert_string_equal (counts, "3|3|3|\n");
  }

  /* The game, then the redraw: the first draw's chouettes are back, with links. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_undo (store, NULL, &error));
  {
    g_autofree char *first_draw = links_text (store, 1);

    assert_string_not_equal (first_draw, upgraded);
    assert_int_equal (strlen (first_draw), strlen (upgraded));
  }
  /* The draw: no chouette, no link. */
  assert_true (ctd_store_undo (store, NULL, &error));
  assert_links (store, 0, "");
  /* Redo all: the links as the upgrade issued them. */
  for (guint i = 0; i < 3; i++)
    if (!ctd_store_redo (store, NULL, &error))
      fail_msg ("redo %u: %s", i, error->message);
  redone = links_text (store, 0);
  assert_string_equal (redone, upgraded);

  /* And the file still opens. */
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  if (store == NULL)
    fail_msg ("%s", error->message);
}

/* A hand-edited link row is refused on open, the file left as it was. */
static void
assert_refused_link (const Fixture *fixture,
                     const char    *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autofree char *before = ctd_test_dump (fixture->path, FALSE);
  g_autofree char *after = NULL;

  store = ctd_store_open (fixture->path, &error);
  if (store != NULL)
    fail_msg ("the bad file was opened (expected “%s”)", words);
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_INVALID);
  if (strstr (error->message, words) == NULL)
    fail_msg ("“%s” not in: %s", words, error->message);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (after, before);
}

static void
test_validate_bad_links (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autofree char *good = g_build_filename (fixture->dir, "good.chouette", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  static const struct
  {
    const char *sql[3];
    const char *words;
  } edits[] = {
    /* A link for a chouette that does not exist (foreign keys are off in
     * a plain sqlite3 shell). */
    { { "INSERT INTO link (chouette, secret, issued) VALUES "
        "(99, '0123456789abcdef0123456789abcdef', '2026-05-16T10:00:00Z')" },
      "table link, row 3: its chouette refers to a row of table chouette that does not exist" },
    { { "PRAGMA ignore_check_constraints = ON; UPDATE link SET secret = 'ABCDEF' WHERE id = 1" },
      "table link, row 1: its secret is not 32 lower-case hexadecimal digits" },
    { { "PRAGMA ignore_check_constraints = ON; "
        "UPDATE link SET secret = '0123456789abcdef0123456789abcdeg' WHERE id = 2" },
      "table link, row 2: its secret is not 32 lower-case hexadecimal digits" },
    /* The unique index made plain for a moment, so that it takes a
     * duplicate, then declared unique again. */
    { { "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
        "  'CREATE INDEX link_secret ON link (secret)' WHERE name = 'link_secret'",
        "UPDATE link SET secret = (SELECT secret FROM link WHERE id = 1) WHERE id = 2",
        "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
        "  'CREATE UNIQUE INDEX link_secret ON link (secret)' WHERE name = 'link_secret'" },
      "table link, row 2: its secret is also the link of another chouette" },
    { { "PRAGMA ignore_check_constraints = ON; UPDATE link SET issued = 'yesterday' WHERE id = 1" },
      "table link, row 1: the time it was issued “yesterday” does not read" },
    { { "DELETE FROM link WHERE id = 2" },
      "table chouette, row 2: chouette 1.2 has no link" },
  };

  {
    g_autoptr(CtdStore) store = ctd_store_create (good, &ctd_test_default_settings, &error);

    ctd_test_add_checked_in (store, 8);
    assert_true (ctd_store_draw_round (store, 9, NULL, &error));
    assert_true (ctd_store_write_copy (store, fixture->path, NULL, 0, &error));
  }
  assert_true (g_file_get_contents (fixture->path, &contents, &length, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      assert_true (g_file_set_contents (fixture->path, contents, (gssize) length, NULL));
      for (guint k = 0; k < G_N_ELEMENTS (edits[i].sql) && edits[i].sql[k] != NULL; k++)
        ctd_test_exec_sql (fixture->path, edits[i].sql[k]);
      assert_refused_link (fixture, edits[i].words);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_links_after_draw, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_links_redraw_undo_redo, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissue, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_link_validity_by_round, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_link_follows_other_program, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_reissued_elsewhere, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_upgrade_from_v3, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_validate_bad_links, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
