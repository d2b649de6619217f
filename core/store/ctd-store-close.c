/* ctd-store-close.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <glib/gi18n-lib.h>

/*
 * Closing the event: once the final's placings are decided, the director
 * closes the event and it becomes its own archive. The moment is kept in
 * the event's row (schema 3), and the action guard (ctd-store-sql.c)
 * refuses every later action, undo and redo included, with one error
 * code: whatever program writes through the store obeys the same rule.
 */

/**
 * ctd_store_get_closed:
 * @self: a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): when the event was closed, %NULL
 *   while it is open (@error unset) or when it could not be read
 *   (@error set)
 */
GDateTime *
ctd_store_get_closed (CtdStore  *self,
                      GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  GDateTime *closed;
  const char *text;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = ctd_store_prepare (self, "SELECT closed FROM event WHERE id = 1", CTD_NO_ARGS, error);
  if (stmt == NULL || ctd_store_step (self, stmt, error) != CTD_STEP_ROW)
    return NULL;
  text = (const char *) sqlite3_column_text (stmt, 0);
  if (text == NULL)
    return NULL;
  closed = g_date_time_new_from_iso8601 (text, NULL);
  if (closed == NULL)
    ctd_store_refuse_damaged (self, _("the time the event was closed does not read"),
                              error);
  return closed;
}

/**
 * ctd_store_describe_closed:
 * @closed: when the event was closed (ctd_store_get_closed())
 *
 * Says why a closed event cannot change, at the local time it closed:
 * "The event was closed on 2026-11-23 at 21:04; it can no longer change".
 * It is the message of every refusal of a closed event.
 *
 * Returns: (transfer full): the text
 */
char *
ctd_store_describe_closed (GDateTime *closed)
{
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *day = NULL;
  g_autofree char *time = NULL;

  g_return_val_if_fail (closed != NULL, NULL);

  local = g_date_time_to_local (closed);
  day = g_date_time_format (local, "%Y-%m-%d");
  time = g_date_time_format (local, "%H:%M");
  /* Translators: a date (2026-05-17), then a time of day (18:30). */
  return g_strdup_printf (_("The event was closed on %s at %s; it can no longer change"), day,
                          time);
}

/* The action guard's check (ctd_store_action_begin()). */
gboolean
ctd_store_check_not_closed (CtdStore  *self,
                            GError   **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDateTime) closed = ctd_store_get_closed (self, &local_error);
  g_autofree char *message = NULL;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (closed == NULL)
    return TRUE;
  message = ctd_store_describe_closed (closed);
  g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED, message);
  return FALSE;
}

/**
 * ctd_store_close_event_full:
 * @self: a store
 * @before_commit: (nullable) (scope call): what must hold or succeed
 *   for the event to close: that it is finished
 *   (ctd_tournament_check_finished()), then work such as writing its
 *   archive; it runs inside the action, where the event already reads
 *   as closed (with its audit entry), and a failure rolls the closing
 *   back
 * @user_data: for @before_commit
 * @error: return location for a #GError
 *
 * Closes the event, as one action logged "Closed the event": once
 * closed, every action of the store is refused with
 * %CTD_STORE_ERROR_CLOSED, undo and redo included, so nothing can
 * reopen the event. The store knows records, not when an event is over:
 * the rule comes from above through @before_commit
 * (ctd_store_close_event(), ctd_archive_close_event()).
 *
 * Returns: whether the event was closed
 */
gboolean
ctd_store_close_event_full (CtdStore           *self,
                            CtdStoreCloseHook   before_commit,
                            gpointer            user_data,
                            GError            **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  gboolean empty = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_action_begin (self, &action, "close-event", error) ||
      !ctd_store_run (self, "UPDATE event SET closed = strftime ('%Y-%m-%dT%H:%M:%SZ', 'now') "
                      "WHERE id = 1", CTD_NO_ARGS, error) ||
      !ctd_store_action_finish (&action, _("Closed the event"), &empty, error))
    return FALSE;
  g_assert (!empty);
  if (before_commit != NULL && !before_commit (self, user_data, error))
    return FALSE;
  return ctd_store_transaction_commit (&action.transaction, error);
}
