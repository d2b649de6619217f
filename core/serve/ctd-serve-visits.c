/* ctd-serve-visits.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each chouette whose link opened a page, with when it last did. Only a
 * valid link is noted (the server notes it once the page is found), so
 * the table holds at most the event's chouettes; what is older than the
 * window goes whenever the count is read.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-serve-visits.h"

struct _CtdServeVisits
{
  GHashTable *last_seen;  /* "round.chouette" -> gint64, monotonic µs */
};

CtdServeVisits *
ctd_serve_visits_new (void)
{
  CtdServeVisits *self = g_new0 (CtdServeVisits, 1);

  self->last_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
ctd_serve_visits_free (CtdServeVisits *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->last_seen);
  g_free (self);
}

/**
 * ctd_serve_visits_seen:
 * @self: the visits
 * @round: the round of the chouette whose link opened a page
 * @chouette: its number in @round
 * @now: g_get_monotonic_time()
 *
 * Notes that chouette @round.@chouette's table is connected now.
 */
void
ctd_serve_visits_seen (CtdServeVisits *self,
                       guint           round,
                       guint           chouette,
                       gint64          now)
{
  gint64 *when = g_new (gint64, 1);

  g_return_if_fail (self != NULL);
  *when = now;
  g_hash_table_replace (self->last_seen, g_strdup_printf ("%u.%u", round, chouette), when);
}

static gboolean
expired (gpointer key,
         gpointer value,
         gpointer user_data)
{
  return *(const gint64 *) user_data - *(const gint64 *) value >= CTD_SERVE_VISITS_WINDOW_US;
}

/**
 * ctd_serve_visits_count:
 * @self: the visits
 * @now: g_get_monotonic_time()
 *
 * Forgets the tables not seen within %CTD_SERVE_VISITS_WINDOW_US.
 *
 * Returns: how many distinct chouettes' links opened a page within it
 */
guint
ctd_serve_visits_count (CtdServeVisits *self,
                        gint64          now)
{
  g_return_val_if_fail (self != NULL, 0);
  g_hash_table_foreach_remove (self->last_seen, expired, &now);
  return g_hash_table_size (self->last_seen);
}

/* When the server stops: a table connected before is not connected now. */
void
ctd_serve_visits_clear (CtdServeVisits *self)
{
  g_return_if_fail (self != NULL);
  g_hash_table_remove_all (self->last_seen);
}
