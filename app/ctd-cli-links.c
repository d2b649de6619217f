/* ctd-cli-links.c: each chouette's private link, listed and reissued.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "chouette-td-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "ctd-cli.h"
#include "ctd-link.h"
#include "ctd-store.h"

static const char links_usage[] =
  "links [--round N] [--base URL] | links --reissue CHOUETTE [--base URL]";

/**
 * ctd_cli_print_links:
 * @store: an event
 * @round: one round's links, or 0 for every chouette's
 * @base: (nullable): the desk's address, to print whole links under;
 *   %NULL prints each link's path alone
 * @error: return location for a #GError
 *
 * Prints the links by round, each round headed by whether they open
 * their chouettes for entry now: what `links` lists and what `serve`
 * prints when it starts, one text for both.
 *
 * Returns: whether the links could be read
 */
gboolean
ctd_cli_print_links (CtdStore    *store,
                     guint        round,
                     const char  *base,
                     GError     **error)
{
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(GDateTime) closed = NULL;
  g_autoptr(GError) local_error = NULL;
  guint shown_round = 0;
  gboolean accepts = FALSE;

  closed = ctd_store_get_closed (store, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if ((links = ctd_store_list_links (store, round, error)) == NULL)
    return FALSE;
  if (links->len == 0)
    printf (_("No chouette is drawn yet: each one gets its link when its round is drawn.\n"));
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);
      g_autofree char *url = ctd_link_url (base, link->secret);

      if (link->round != shown_round)
        {
          if (!ctd_tournament_link_accepts_entry (store, link->round, &accepts, error))
            return FALSE;
          if (shown_round != 0)
            printf ("\n");
          /* Translators: the round's number, then what its links do */
          printf (_("Round %u: %s\n"), link->round,
                  accepts ? _("the links open their chouettes for entry")
                  : closed != NULL ? _("the event is closed: the links open nothing")
                  : _("the round is no longer played: the links open nothing"));
          shown_round = link->round;
        }
      printf ("  %u.%-4u %s\n", link->round, link->chouette, url);
    }
  return TRUE;
}

static void
add_link_json (JsonBuilder        *builder,
               const CtdStoreLink *link,
               const char         *path,
               const char         *url,
               gboolean            accepts)
{
  g_autofree char *label = g_strdup_printf ("%u.%u", link->round, link->chouette);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, label);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, link->round);
  json_builder_set_member_name (builder, "number");
  json_builder_add_int_value (builder, link->chouette);
  json_builder_set_member_name (builder, "path");
  json_builder_add_string_value (builder, path);
  if (url != NULL)
    {
      json_builder_set_member_name (builder, "url");
      json_builder_add_string_value (builder, url);
    }
  json_builder_set_member_name (builder, "issued");
  json_builder_add_string_value (builder, link->issued);
  json_builder_set_member_name (builder, "accepts_entry");
  json_builder_add_boolean_value (builder, accepts);
  json_builder_end_object (builder);
}

/* `links --reissue CHOUETTE`: one new secret, the old one dead. */
static int
reissue (CtdCli      *cli,
         const char  *label,
         const char  *base)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *path = NULL;
  g_autofree char *url = NULL;
  guint round, number;

  if (!ctd_tournament_parse_label (label, &round, &number, &error) ||
      !ctd_store_reissue_link (cli->store, round, number, &secret, &error))
    return ctd_cli_refused (g_steal_pointer (&error));
  path = ctd_link_url (NULL, secret);
  url = base != NULL ? ctd_link_url (base, secret) : NULL;
  if (!cli->json)
    {
      printf (_("Chouette %u.%u has a new link; the old one no longer opens it:\n%s\n"),
              round, number, url != NULL ? url : path);
      return CTD_CLI_OK;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chouette");
  json_builder_add_string_value (builder, label);
  json_builder_set_member_name (builder, "path");
  json_builder_add_string_value (builder, path);
  if (url != NULL)
    {
      json_builder_set_member_name (builder, "url");
      json_builder_add_string_value (builder, url);
    }
  json_builder_end_object (builder);
  ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}

int
ctd_cli_links (CtdCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *base_text = NULL;
  g_autofree char *base = NULL;
  g_autofree char *label = NULL;
  g_autofree char *usage = ctd_cli_synopsis (links_usage);
  guint shown_round = 0;
  gboolean accepts = FALSE;
  int round = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, NULL, NULL },
    { "base", 0, 0, G_OPTION_ARG_STRING, &base_text, NULL, NULL },
    { "reissue", 0, 0, G_OPTION_ARG_STRING, &label, NULL, NULL },
    { NULL },
  };
  int status;

  if (!ctd_cli_parse_options (cli, usage, entries, 0, 0, &status))
    return status;
  if (round < 0)
    return ctd_cli_usage (_("--round takes a round number (usage: %s)"), usage);
  if (label != NULL && round != 0)
    return ctd_cli_usage (_("--reissue replaces one chouette's link and takes no --round "
                            "(usage: %s)"), usage);
  if (base_text != NULL && (base = ctd_link_parse_base (base_text, &error)) == NULL)
    return ctd_cli_usage ("--base %s", error->message);
  if (label != NULL)
    return reissue (cli, label, base);

  if (!cli->json)
    return ctd_cli_print_links (cli->store, (guint) round, base, &error) ? CTD_CLI_OK
           : ctd_cli_refused (g_steal_pointer (&error));

  if ((links = ctd_store_list_links (cli->store, (guint) round, &error)) == NULL)
    return ctd_cli_refused (g_steal_pointer (&error));
  json_builder_begin_array (builder);
  for (guint i = 0; i < links->len; i++)
    {
      const CtdStoreLink *link = g_ptr_array_index (links, i);
      g_autofree char *path = ctd_link_url (NULL, link->secret);
      g_autofree char *url = base != NULL ? ctd_link_url (base, link->secret) : NULL;

      if (link->round != shown_round &&
          !ctd_tournament_link_accepts_entry (cli->store, link->round, &accepts, &error))
        return ctd_cli_refused (g_steal_pointer (&error));
      shown_round = link->round;
      add_link_json (builder, link, path, url, accepts);
    }
  json_builder_end_array (builder);
  if (cli->json)
    ctd_cli_print_json (builder);
  return CTD_CLI_OK;
}
