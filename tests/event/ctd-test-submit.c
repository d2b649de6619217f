/* ctd-test-submit.c: a table's line sent and confirmed through its
 * chouette's link, as a phone would, for the command line's tests
 * (tests/test-cli-pending.py) until they can post to the server.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: ctd-test-submit --by SEAT [--confirm-by SEAT] [--address A]
 *          [--] FILE CHOUETTE GAME LINE   ("--" before a line that starts with "-")
 * Prints the submission's id; without --confirm-by the line waits for
 * the other side. Exit 1 with the store's message when refused.
 */

#include "config.h"

#include <stdio.h>

#include "ctd-link.h"
#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-test-store.h"

/* The link's secret of chouette @round.@number. */
static char *
secret_of (CtdStore  *store,
           guint      round,
           guint      number,
           GError   **error)
{
  g_autoptr(GPtrArray) links = ctd_store_list_links (store, round, error);

  if (links == NULL)
    return NULL;
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);

      if (link->chouette == number)
        return g_strdup (link->secret);
    }
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND, "chouette %u.%u has no link",
               round, number);
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE CHOUETTE GAME LINE");
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStore) store = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *request = NULL;
  g_autofree char *address = NULL;
  int by = 0, confirm_by = 0;
  gboolean same_phone = FALSE;
  char code[CTD_LINK_SEAT_CODE_CHARS + 1] = "";
  GOptionEntry entries[] = {
    { "by", 0, 0, G_OPTION_ARG_INT, &by, "the seat that enters the line", "SEAT" },
    { "confirm-by", 0, 0, G_OPTION_ARG_INT, &confirm_by, "the seat that confirms it", "SEAT" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, "the phone's address", "A" },
    { "same-phone", 0, 0, G_OPTION_ARG_NONE, &same_phone,
      "confirm on the phone that entered it, with the seat code", NULL },
    { NULL },
  };
  guint round, number;
  guint64 game;
  gint64 id = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    argc = 0;
  /* GOption leaves the "--" it stopped at. */
  if (argc > 1 && g_str_equal (argv[1], "--"))
    {
      argv[1] = argv[0];
      argv++;
      argc--;
    }
  if (argc != 5 || by <= 0 ||
      !g_ascii_string_to_unsigned (argv[3], 10, 0, G_MAXUINT, &game, NULL))
    {
      fprintf (stderr, "usage: ctd-test-submit --by SEAT [--confirm-by SEAT] [--address A] "
                       "[--] FILE CHOUETTE GAME LINE%s%s\n",
               error != NULL ? ": " : "", error != NULL ? error->message : "");
      return 2;
    }
  /* A form's key, different for every form. */
  request = g_strdup_printf ("%08x%08x%08x%08x", g_random_int (), g_random_int (),
                             g_random_int (), g_random_int ());
  if ((store = ctd_store_open (argv[1], &error)) == NULL ||
      !ctd_tournament_parse_label (argv[2], &round, &number, &error) ||
      (secret = secret_of (store, round, number, &error)) == NULL)
    {
      fprintf (stderr, "ctd-test-submit: %s\n", error->message);
      return 1;
    }
  if (confirm_by > 0)
    ctd_link_seat_code (secret, (guint) confirm_by, code);
  if (!ctd_store_submit (store, secret, (guint) game, argv[4], (guint) by, request,
                         address != NULL ? address : "127.0.0.1", CTD_TEST_PHONE_A, &id,
                         &error) ||
      (confirm_by > 0 &&
       !ctd_store_answer_submission (store, secret, id, (guint) confirm_by, TRUE,
                                     address != NULL ? address : "127.0.0.1",
                                     same_phone ? CTD_TEST_PHONE_A : CTD_TEST_PHONE_B,
                                     same_phone ? code : NULL, &error)))
    {
      fprintf (stderr, "ctd-test-submit: %s\n", error->message);
      return 1;
    }
  printf ("%" G_GINT64_FORMAT "\n", id);
  return 0;
}
