/* ctd-main-window-accept.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-main-window"

#include "config.h"

#include "ctd-main-window-private.h"

#include <glib/gi18n.h>

#include "ctd-ui.h"

/*
 * Accept All Table Lines… (win.accept-table-lines, Ctrl+Shift+A): every
 * line the tables confirmed whose game has no result at the desk,
 * recorded at once after one confirmation that says how many lines from
 * how many tables; one undo takes them all back
 * (ctd_document_accept_submissions()). A line that differs from the
 * desk's waits on its scoring page for a decision one at a time; the
 * banner says how many were left, and why.
 */

/* What is left for the director after accepting at once, or "". */
static char *
describe_left (const CtdAcceptTally *tally)
{
  g_autofree char *differ = NULL;
  g_autofree char *refused = NULL;

  if (tally->differ > 0)
    differ = g_strdup_printf (ngettext ("%u line differs from the desk's and waits for you to "
                                        "decide it on its scoring page.",
                                        "%u lines differ from the desk's and wait for you to "
                                        "decide them one at a time on their scoring pages.",
                                        tally->differ), tally->differ);
  if (tally->refused > 0)
    refused = g_strdup_printf (ngettext ("%u line cannot be recorded yet and waits: its "
                                         "scoring page says why.",
                                         "%u lines cannot be recorded yet and wait: their "
                                         "scoring pages say why.",
                                         tally->refused), tally->refused);
  return g_strjoin (" ", differ != NULL ? differ : "", refused != NULL ? refused : "", NULL);
}

/* "5 tables' lines accepted, from 2 tables." */
static char *
describe_accepted (const CtdAcceptTally *tally)
{
  /* Translators: "from 2 tables" in "5 tables' lines accepted, from 2 tables." */
  g_autofree char *tables = g_strdup_printf (ngettext ("from %u table", "from %u tables",
                                                       tally->tables), tally->tables);

  /* Translators: how many lines, then "from 2 tables" */
  return g_strdup_printf (ngettext ("%u table's line accepted, %s.",
                                    "%u tables' lines accepted, %s.", tally->accepted),
                          tally->accepted, tables);
}

static void
show_outcome (CtdMainWindow        *self,
              const char           *done,
              const CtdAcceptTally *tally)
{
  g_autofree char *left = describe_left (tally);
  g_autofree char *text = g_strstrip (g_strdup_printf ("%s %s", done, left));

  ctd_main_window_show_notice (self, text);
}

static void
accept_confirmed (gpointer user_data)
{
  CtdMainWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  CtdAcceptTally tally;

  if (self->document == NULL)
    return;
  if (!ctd_document_accept_submissions (self->document, 0, &tally, &error))
    {
      ctd_main_window_show_error (self, error->message);
      return;
    }
  done = tally.accepted > 0 ? describe_accepted (&tally)
                            : g_strdup (_("Nothing was accepted: the lines changed meanwhile."));
  show_outcome (self, done, &tally);
}

/* win.accept-table-lines: asks, saying how many lines from how many
 * tables and what stays; with nothing to accept, says so. */
void
ctd_main_window_accept_table_lines_action (GSimpleAction *action,
                                           GVariant      *parameter,
                                           gpointer       user_data)
{
  CtdMainWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *question = NULL;
  g_autofree char *tables = NULL;
  g_autofree char *left = NULL;
  g_autofree char *detail = NULL;
  CtdAcceptTally tally;

  if (self->document == NULL)
    return;
  if (!ctd_document_tally_acceptable (self->document, 0, &tally, &error))
    {
      ctd_main_window_show_error (self, error->message);
      return;
    }
  if (tally.accepted == 0)
    {
      show_outcome (self, _("Nothing to accept at once: no confirmed line waits for a game "
                            "without a result."), &tally);
      return;
    }
  /* Translators: "from 2 tables" in "Accept 5 lines from 2 tables?" */
  tables = g_strdup_printf (ngettext ("from %u table", "from %u tables", tally.tables),
                            tally.tables);
  /* Translators: how many lines, then "from 2 tables" */
  question = g_strdup_printf (ngettext ("Accept %u table's line, %s?",
                                        "Accept %u tables' lines, %s?", tally.accepted),
                              tally.accepted, tables);
  left = describe_left (&tally);
  detail = g_strstrip (g_strdup_printf ("%s %s", _("Each is recorded as the desk's own entry, "
                                                   "with where it came from. One undo takes "
                                                   "them all back to wait."), left));
  ctd_ui_confirm (GTK_WIDGET (self), question, detail, _("_Accept All"), accept_confirmed,
                  G_OBJECT (self));
}
