/* test-store-settings.c: the event settings, and the results that fix
 * them.
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

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "ctd-advance.h"
#include "ctd-tournament.h"
#include "ctd-money.h"
#include "ctd-result.h"
#include "ctd-store.h"
#include "ctd-test-files.h"
#include "ctd-test-store.h"

/* Each test runs in a fresh temporary folder, removed afterwards. */
typedef CtdTestFolder Fixture;

/* The paper is an event setting: stored, changed (logged with what
 * changed), undone; anything but A4 and Letter refused. */
static void
test_paper_setting (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  CtdEventSettings settings = ctd_test_default_settings;

  settings.paper = CTD_SHEET_PAPER_LETTER;
  store = ctd_store_create (fixture->path, &settings, &error);
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_LETTER);
  ctd_event_settings_clear (&read);

  settings.paper = CTD_SHEET_PAPER_A4;
  settings.stake_cents = 500;
  assert_true (ctd_store_set_settings (store, &settings, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Changed the event settings: stake 5.00 and paper A4");
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_A4);
  ctd_event_settings_clear (&read);

  settings.paper = (CtdSheetPaper) 7;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  g_clear_error (&error);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.paper, CTD_SHEET_PAPER_LETTER);
  assert_int_equal (read.stake_cents, ctd_test_default_settings.stake_cents);
}

/* The language the sheets print in: a new event takes the director's
 * (gettext's first choice, as a bare code), a setting stored, logged and
 * undone; "" is the language of whoever prints; a code that is none is
 * refused and changes nothing. */
static void
test_language_setting (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  CtdEventSettings settings = ctd_test_default_settings;
  g_autofree char *saved_all = g_strdup (g_getenv ("LC_ALL"));
  g_autofree char *saved_language = g_strdup (g_getenv ("LANGUAGE"));
  const struct { const char *language, *lc_all, *code; } defaults[] = {
    { "pt_BR.UTF-8:fr", "C.UTF-8", "pt_BR" },
    { NULL, "de_DE.UTF-8@euro", "de_DE" },
    { "fr", "C", "fr" },
    { NULL, "sr_RS@latin", "sr_RS" },
    { NULL, "C", "en" },
    { NULL, "POSIX", "en" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    {
      g_autofree char *code = NULL;

      if (defaults[i].language != NULL)
        g_setenv ("LANGUAGE", defaults[i].language, TRUE);
      else
        g_unsetenv ("LANGUAGE");
      g_setenv ("LC_ALL", defaults[i].lc_all, TRUE);
      code = ctd_store_default_language ();
      assert_string_equal (code, defaults[i].code);
    }
  g_setenv ("LANGUAGE", "fr_FR.UTF-8", TRUE);
  settings.language = NULL;
  store = ctd_store_create (fixture->path, &settings, &error);
  if (saved_all != NULL)
    g_setenv ("LC_ALL", saved_all, TRUE);
  else
    g_unsetenv ("LC_ALL");
  if (saved_language != NULL)
    g_setenv ("LANGUAGE", saved_language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_clear_pointer (&store, ctd_store_close);
  store = ctd_store_open (fixture->path, &error);
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_string_equal (read.language, "fr_FR");
  ctd_event_settings_clear (&read);

  /* A change of other settings keeps it. */
  settings.venue = (char *) "Upstairs";
  assert_true (ctd_store_set_settings (store, &settings, &error));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_string_equal (read.language, "fr_FR");
  ctd_event_settings_clear (&read);

  settings.language = (char *) "pt_BR";
  assert_true (ctd_store_set_settings (store, &settings, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary, "Changed the event settings: sheets in language pt_BR");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_string_equal (read.language, "pt_BR");
  ctd_event_settings_clear (&read);

  settings.language = (char *) "";
  assert_true (ctd_store_set_settings (store, &settings, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary,
                       "Changed the event settings: sheets in the language of whoever prints");
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_null (read.language);
  ctd_event_settings_clear (&read);

  for (guint i = 0; i < 4; i++)
    {
      const char *bad[] = { "French", "fr-FR", "f", "fr_fr" };

      settings.language = (char *) bad[i];
      assert_false (ctd_store_set_settings (store, &settings, &error));
      ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
      assert_non_null (strstr (error->message, bad[i]));
      assert_non_null (strstr (error->message, "not a language code"));
      g_clear_error (&error);
    }
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_null (read.language);
  ctd_event_settings_clear (&read);

  assert_true (ctd_store_undo (store, NULL, &error));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_string_equal (read.language, "pt_BR");
}

/* A stake or an entry fee past the bounds of ctd-money.h is refused
 * when the event is created and in its settings, naming the bound; the
 * bounds themselves are accepted. */
static void
test_money_bounds (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdEventSettings settings = ctd_test_default_settings;

  settings.stake_cents = CTD_STAKE_MAX_CENTS + 1;
  assert_null (ctd_store_create (fixture->path, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message,
                       "The stake can be at most 1,000,000.00 a point, not 1,000,000.01");
  g_clear_error (&error);
  assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  settings.stake_cents = CTD_STAKE_MAX_CENTS;
  settings.entry_fee_cents = CTD_ENTRY_FEE_MAX_CENTS + 100;
  assert_null (ctd_store_create (fixture->path, &settings, &error));
  assert_string_equal (error->message,
                       "The entry fee can be at most 25,000,000.00, not 25,000,001.00");
  g_clear_error (&error);

  settings.entry_fee_cents = CTD_ENTRY_FEE_MAX_CENTS;
  store = ctd_store_create (fixture->path, &settings, &error);
  assert_non_null (store);

  before = ctd_test_dump (fixture->path, FALSE);
  settings.stake_cents = G_MAXINT64;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_REFUSED);
  assert_string_equal (error->message, "The stake can be at most 1,000,000.00 a point, "
                       "not 92,233,720,368,547,758.07");
  g_clear_error (&error);
  settings.stake_cents = 500;
  settings.entry_fee_cents = G_MAXINT64;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  assert_non_null (strstr (error->message, "entry fee can be at most 25,000,000.00"));
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.stake_cents, CTD_STAKE_MAX_CENTS);
  assert_int_equal (read.entry_fee_cents, CTD_ENTRY_FEE_MAX_CENTS);
}

/* SPEC 7: the stake and the last-segment direction are fixed by the
 * event's first result. A change is refused, naming the chouettes
 * settled and those with results, and changes nothing; other settings
 * still change; a forced change is made and logged with what it
 * touched. */
static void
test_settings_fixed_by_results (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_auto(CtdEventSettings) read = { NULL, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CtdEventSettings settings = ctd_test_default_settings;
  guint round = 0;

  /* Before the first result both change freely. */
  ctd_test_add_checked_in (store, 12);
  assert_true (ctd_store_draw_round (store, 7, &round, &error));
  settings.stake_cents = 200;
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings (store, &settings, &error));
  settings.direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  assert_true (ctd_store_set_settings (store, &settings, &error));

  ctd_test_record (store, 1, 3, 1, "T");
  settings.stake_cents = 1000;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message,
                       "The stake is fixed once a result is entered, since settlements are "
                       "paid at the table: chouette 1.3 has results entered at it; a stake of "
                       "10.00 would change those settlements. Force the change to make it "
                       "anyway");
  g_clear_error (&error);

  for (guint chouette = 1; chouette <= 2; chouette++)
    for (guint game = 1; game <= CTD_N_GAMES; game++)
      ctd_test_record (store, 1, chouette, game, "T");
  before = ctd_test_dump (fixture->path, FALSE);
  assert_false (ctd_store_set_settings (store, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_non_null (strstr (error->message, ": chouettes 1.1 and 1.2 were settled at 2.00 a "
                                           "point, and chouette 1.3 has results entered at it; "
                                           "a stake of 10.00 would change those settlements"));
  g_clear_error (&error);
  settings.stake_cents = 200;
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_false (ctd_store_set_settings (store, &settings, &error));
  ctd_test_assert_store_error (error, CTD_STORE_ERROR_CONFIRM);
  assert_string_equal (error->message,
                       "The last-segment direction is fixed once a result is entered, so that "
                       "no round mixes both: chouettes 1.1 and 1.2 were played highest-first, "
                       "and chouette 1.3 has results entered under it; with lowest-first their "
                       "last-segment orders would no longer follow the scores. Force the change "
                       "to make it anyway");
  g_clear_error (&error);
  after = ctd_test_dump (fixture->path, FALSE);
  assert_string_equal (before, after);

  /* The rest of the settings still change. */
  settings.direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  settings.name = (char *) "Spring Chouette Open";
  assert_true (ctd_store_set_settings (store, &settings, &error));

  /* Forced, the change is made and the log says what it re-priced. */
  settings.stake_cents = 1000;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  entry = ctd_test_last_audit (store);
  assert_string_equal (entry->summary,
                       "Changed the event settings: stake 10.00 (forced after results: "
                       "chouettes 1.1 and 1.2 were settled at 2.00 a point, and chouette 1.3 "
                       "has results entered at it; their settlements now count 10.00 a point)");
  g_clear_pointer (&entry, ctd_store_audit_entry_free);
  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  entry = ctd_test_last_audit (store);
  assert_non_null (strstr (entry->summary, "last segment lowest-first (forced after results: "
                                           "chouettes 1.1 and 1.2 were played highest-first"));
  assert_true (ctd_store_get_settings (store, &read, &error));
  assert_int_equal (read.stake_cents, 1000);
  assert_int_equal (read.direction, CTD_LAST_SEGMENT_LOWEST_FIRST);
}

/* SPEC 7 and issue 28: the direction forced after chouette 1.1's order
 * was fixed (game 10 entered) leaves that order, and the direction it
 * was fixed under, as they were: it is not reported stale, the log says
 * it keeps its order, and a chouette not fixed yet follows the new
 * direction. Undone and redone, nothing is stale either. */
static void
test_forced_direction_keeps_fixed_orders (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = ctd_test_create_default (fixture);
  g_autoptr(CtdStoreAuditEntry) entry = NULL;
  g_autoptr(CtdChouette) loaded = NULL;
  g_autofree char *stored = NULL;
  CtdEventSettings settings = ctd_test_default_settings;
  static const guint fixed[] = { 3, 1, 2 };

  ctd_test_add_checked_in (store, 8);
  assert_true (ctd_store_draw_round (store, 7, NULL, &error));
  for (guint game = 1; game <= 10; game++)
    ctd_test_record (store, 1, 1, game, ctd_test_four_sheet[game - 1]);
  ctd_test_record (store, 1, 2, 1, "T");

  settings.direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  assert_true (ctd_store_set_settings_full (store, &settings, TRUE, &error));
  entry = ctd_test_last_audit (store);
  assert_non_null (strstr (entry->summary, "; chouette 1.1 keeps its last-segment order, fixed "
                                           "highest-first; the last segments not fixed yet now "
                                           "go lowest-first)"));
  stored = ctd_test_query_text (fixture->path, "SELECT number, last_order, last_direction "
                                "FROM chouette ORDER BY number");
  assert_string_equal (stored, "1|[3,1,2]|highest-first|\n2|(null)|(null)|\n");

  for (guint undone = 0; undone <= 2; undone++)
    {
      /* As it is, after undoing the force, after redoing it. */
      if (undone == 1)
        assert_true (ctd_store_undo (store, NULL, &error));
      else if (undone == 2)
        assert_true (ctd_store_redo (store, NULL, &error));
      g_clear_pointer (&loaded, ctd_chouette_free);
      loaded = ctd_store_load_chouette (store, 1, 1, &error);
      assert_non_null (loaded);
      assert_memory_equal (ctd_chouette_get_last_segment_order (loaded), fixed, sizeof fixed);
      assert_int_equal (ctd_chouette_get_direction (loaded), CTD_LAST_SEGMENT_HIGHEST_FIRST);
      assert_false (ctd_chouette_last_segment_order_is_stale (loaded));
      g_clear_pointer (&loaded, ctd_chouette_free);
      loaded = ctd_store_load_chouette (store, 1, 2, &error);
      assert_int_equal (ctd_chouette_get_direction (loaded),
                        undone == 1 ? CTD_LAST_SEGMENT_HIGHEST_FIRST
                                    : CTD_LAST_SEGMENT_LOWEST_FIRST);
    }

  /* The last segment goes on in the order it was fixed in. */
  ctd_test_record (store, 1, 1, 11, ctd_test_four_sheet[10]);
  g_clear_pointer (&loaded, ctd_chouette_free);
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_false (ctd_chouette_last_segment_order_is_stale (loaded));
  /* A real correction of an earlier game still shows. */
  assert_true (ctd_store_record_game (store, 1, 1, 3, "T 2:8 3:4- 4:4+", TRUE, &error));
  g_clear_pointer (&loaded, ctd_chouette_free);
  loaded = ctd_store_load_chouette (store, 1, 1, &error);
  assert_true (ctd_chouette_last_segment_order_is_stale (loaded));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_paper_setting, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_language_setting, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_settings_fixed_by_results, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_money_bounds, ctd_test_folder_setup, ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_forced_direction_keeps_fixed_orders, ctd_test_folder_setup, ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
