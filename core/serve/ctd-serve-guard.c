/* ctd-serve-guard.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Failed guesses of a link, counted per client address in a bounded
 * table, and the Host check against DNS rebinding: a page on another
 * site whose name is made to resolve to the desk must not read from it,
 * so only the desk's own address (or any IP literal) is a valid Host.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-serve-guard.h"

#include <gio/gio.h>
#include <string.h>

typedef struct
{
  gint64 window_start;   /* when the first failure of the window came */
  guint  failures;
  gint64 blocked_until;  /* 0 while not blocked */
} Record;

struct _CtdServeGuard
{
  GHashTable *records;  /* address -> Record */
};

CtdServeGuard *
ctd_serve_guard_new (void)
{
  CtdServeGuard *self = g_new0 (CtdServeGuard, 1);

  self->records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
ctd_serve_guard_free (CtdServeGuard *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->records);
  g_free (self);
}

static gboolean
expired (gpointer key,
         gpointer value,
         gpointer user_data)
{
  const Record *record = value;
  gint64 now = *(const gint64 *) user_data;

  return record->blocked_until <= now &&
         now - record->window_start >= CTD_SERVE_GUARD_WINDOW_US;
}

/**
 * ctd_serve_guard_is_blocked:
 * @self: a guard
 * @address: the client's address
 * @now: g_get_monotonic_time()
 *
 * Returns: whether @address made too many failed guesses lately
 */
gboolean
ctd_serve_guard_is_blocked (CtdServeGuard *self,
                            const char    *address,
                            gint64         now)
{
  Record *record = g_hash_table_lookup (self->records, address);

  return record != NULL && record->blocked_until > now;
}

/**
 * ctd_serve_guard_fail:
 * @self: a guard
 * @address: the client's address
 * @now: g_get_monotonic_time()
 *
 * Counts one failed guess from @address; the last one allowed in the
 * window blocks it for a window.
 */
void
ctd_serve_guard_fail (CtdServeGuard *self,
                      const char    *address,
                      gint64         now)
{
  Record *record = g_hash_table_lookup (self->records, address);

  if (record == NULL)
    {
      if (g_hash_table_size (self->records) >= CTD_SERVE_GUARD_MAX_ADDRESSES)
        g_hash_table_foreach_remove (self->records, expired, &now);
      /* Still full of live records (a flood of addresses): one is
       * forgotten to count the new one, the table stays bounded. */
      if (g_hash_table_size (self->records) >= CTD_SERVE_GUARD_MAX_ADDRESSES)
        {
          GHashTableIter iter;
          gpointer key;

          g_hash_table_iter_init (&iter, self->records);
          if (g_hash_table_iter_next (&iter, &key, NULL))
            g_hash_table_iter_remove (&iter);
        }
      record = g_new0 (Record, 1);
      record->window_start = now;
      g_hash_table_insert (self->records, g_strdup (address), record);
    }
  if (now - record->window_start >= CTD_SERVE_GUARD_WINDOW_US)
    {
      record->window_start = now;
      record->failures = 0;
    }
  if (++record->failures >= CTD_SERVE_GUARD_MAX_FAILURES)
    {
      record->blocked_until = now + CTD_SERVE_GUARD_WINDOW_US;
      record->window_start = now;
      record->failures = 0;
    }
}

/* How many addresses the guard remembers, for the tests of its bound. */
guint
ctd_serve_guard_get_size (CtdServeGuard *self)
{
  return g_hash_table_size (self->records);
}

/**
 * ctd_serve_host_is_own:
 * @host_header: (nullable): the request's Host header
 * @own_host: (nullable): the address the server listens on as given,
 *   %NULL for all
 * @own_port: its port
 *
 * Returns: whether @host_header names this server: an IP literal (the
 *   address a phone reads on the sheet), or @own_host:@own_port
 */
gboolean
ctd_serve_host_is_own (const char *host_header,
                       const char *own_host,
                       guint       own_port)
{
  g_autofree char *host = NULL;
  const char *colon;
  guint64 port = 80;

  if (host_header == NULL || *host_header == '\0' || strlen (host_header) > 255)
    return FALSE;
  if (host_header[0] == '[')
    {
      const char *end = strchr (host_header, ']');

      if (end == NULL)
        return FALSE;
      host = g_strndup (host_header + 1, end - host_header - 1);
      colon = end[1] == ':' ? end + 1 : NULL;
      if (end[1] != '\0' && colon == NULL)
        return FALSE;
    }
  else
    {
      colon = strchr (host_header, ':');
      host = colon != NULL ? g_strndup (host_header, colon - host_header) : g_strdup (host_header);
    }
  if (colon != NULL &&
      !g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &port, NULL))
    return FALSE;
  if (g_hostname_is_ip_address (host))
    return TRUE;
  return own_host != NULL && g_ascii_strcasecmp (host, own_host) == 0 && port == own_port;
}
