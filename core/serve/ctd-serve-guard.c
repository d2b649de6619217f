/* ctd-serve-guard.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Failed guesses of a link, counted per client address (an IPv6
 * network as one) in a bounded table, the writes of each link in token
 * buckets, and the Host check against DNS rebinding: a page on another
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
  gint64 last;      /* the last wrong link */
  guint  failures;  /* since the address was last quiet for a window */
} Record;

struct _CtdServeGuard
{
  GHashTable *records;  /* address group -> Record */
  GHashTable *buckets;  /* "LINK" or "LINK#GAME" -> gint64: when the bucket is full again */
};

CtdServeGuard *
ctd_serve_guard_new (void)
{
  CtdServeGuard *self = g_new0 (CtdServeGuard, 1);

  self->records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
ctd_serve_guard_free (CtdServeGuard *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->records);
  g_hash_table_unref (self->buckets);
  g_free (self);
}

/**
 * ctd_serve_address_group:
 * @address: a client's address, as libsoup gives it
 *
 * One household of addresses: an IPv4 address itself (an IPv4-mapped
 * IPv6 address as IPv4), an IPv6 address's /64 network, since a phone
 * picks new addresses within its network at will.
 *
 * Returns: (transfer full): the group, "192.168.1.7" or "2001:db8:1:2::/64"
 */
char *
ctd_serve_address_group (const char *address)
{
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr(GInetAddress) network = NULL;
  g_autofree char *text = NULL;
  guint8 bytes[16] = { 0, };
  static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

  if (inet == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV6)
    return g_strdup (address);
  memcpy (bytes, g_inet_address_to_bytes (inet), 16);
  if (memcmp (bytes, mapped, sizeof mapped) == 0)
    {
      network = g_inet_address_new_from_bytes (bytes + 12, G_SOCKET_FAMILY_IPV4);
      return g_inet_address_to_string (network);
    }
  memset (bytes + 8, 0, 8);
  network = g_inet_address_new_from_bytes (bytes, G_SOCKET_FAMILY_IPV6);
  text = g_inet_address_to_string (network);
  return g_strconcat (text, "/64", NULL);
}

/* Room for one more key in @table, whose values start with a gint64
 * (a record's last failure, a bucket's full time): the stale ones go,
 * then, if the table is still full (a flood of addresses or items), an
 * eighth of it, so that a flood pays for one scan every few inserts,
 * not one each. */
static void
make_room (GHashTable *table,
           guint       most,
           gint64      stale_before)
{
  GHashTableIter iter;
  gpointer value;
  guint dropped = 0;

  if (g_hash_table_size (table) < most)
    return;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (*(const gint64 *) value <= stale_before)
      g_hash_table_iter_remove (&iter);
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_size (table) >= most - most / 8 && dropped < most &&
         g_hash_table_iter_next (&iter, NULL, NULL))
    {
      g_hash_table_iter_remove (&iter);
      dropped++;
    }
}

/**
 * ctd_serve_guard_fail:
 * @self: a guard
 * @address: the client's address
 * @now: g_get_monotonic_time()
 * @out_guesses: (out) (optional): the wrong links of its group in the window
 *
 * Counts one wrong link from @address's group (ctd_serve_address_group()).
 *
 * Returns: how long its answer waits, in microseconds: nothing for the
 *   first CTD_SERVE_GUARD_FREE_GUESSES, then twice as long each time
 */
gint64
ctd_serve_guard_fail (CtdServeGuard *self,
                      const char    *address,
                      gint64         now,
                      guint         *out_guesses)
{
  g_autofree char *group = ctd_serve_address_group (address);
  Record *record = g_hash_table_lookup (self->records, group);
  guint doublings;

  if (record == NULL)
    {
      make_room (self->records, CTD_SERVE_GUARD_MAX_ADDRESSES, now - CTD_SERVE_GUARD_WINDOW_US);
      record = g_new0 (Record, 1);
      g_hash_table_insert (self->records, g_steal_pointer (&group), record);
    }
  else if (now - record->last >= CTD_SERVE_GUARD_WINDOW_US)
    record->failures = 0;
  record->last = now;
  record->failures = MIN (record->failures + 1, G_MAXUINT - 1);
  if (out_guesses != NULL)
    *out_guesses = record->failures;
  if (record->failures <= CTD_SERVE_GUARD_FREE_GUESSES)
    return 0;
  doublings = MIN (record->failures - CTD_SERVE_GUARD_FREE_GUESSES - 1, 16);
  return MIN ((gint64) CTD_SERVE_GUARD_FIRST_DELAY_US << doublings, CTD_SERVE_GUARD_MAX_DELAY_US);
}

static int
by_guesses (gconstpointer a,
            gconstpointer b)
{
  const CtdServeGuardEntry *first = *(CtdServeGuardEntry *const *) a;
  const CtdServeGuardEntry *second = *(CtdServeGuardEntry *const *) b;

  if (first->guesses != second->guesses)
    return first->guesses > second->guesses ? -1 : 1;
  return g_strcmp0 (first->group, second->group);
}

static void
entry_free (gpointer data)
{
  CtdServeGuardEntry *entry = data;

  g_free (entry->group);
  g_free (entry);
}

/**
 * ctd_serve_guard_list_slowed:
 * @self: a guard
 * @now: g_get_monotonic_time()
 *
 * Returns: (transfer full) (element-type CtdServeGuardEntry): the
 *   address groups whose wrong links are answered slowly now, the most
 *   guesses first
 */
GPtrArray *
ctd_serve_guard_list_slowed (CtdServeGuard *self,
                             gint64         now)
{
  GPtrArray *slowed = g_ptr_array_new_with_free_func (entry_free);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->records);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Record *record = value;
      CtdServeGuardEntry *entry;

      if (record->failures <= CTD_SERVE_GUARD_FREE_GUESSES ||
          now - record->last >= CTD_SERVE_GUARD_WINDOW_US)
        continue;
      entry = g_new0 (CtdServeGuardEntry, 1);
      entry->group = g_strdup (key);
      entry->guesses = record->failures;
      g_ptr_array_add (slowed, entry);
    }
  g_ptr_array_sort (slowed, by_guesses);
  return slowed;
}

/* A token bucket kept as the time it is full again (GCRA): a write is
 * allowed while that time is less than @burst writes ahead of @now. */
static gboolean
bucket_allows (GHashTable *buckets,
               const char *key,
               guint       burst,
               gint64      refill_us,
               gint64      now,
               gint64     *out_wait_us)
{
  gint64 *full_at = g_hash_table_lookup (buckets, key);
  gint64 ahead = full_at != NULL ? MAX (*full_at, now) - now : 0;

  *out_wait_us = ahead + refill_us - (gint64) burst * refill_us;
  return *out_wait_us <= 0;
}

static void
bucket_take (GHashTable *buckets,
             const char *key,
             gint64      refill_us,
             gint64      now)
{
  gint64 *full_at = g_hash_table_lookup (buckets, key);

  if (full_at == NULL)
    {
      make_room (buckets, CTD_SERVE_GUARD_MAX_BUCKETS, now);
      full_at = g_new0 (gint64, 1);
      *full_at = now;
      g_hash_table_insert (buckets, g_strdup (key), full_at);
    }
  *full_at = MAX (*full_at, now) + refill_us;
}

/**
 * ctd_serve_guard_take_write:
 * @self: a guard
 * @link: the link's secret
 * @item: (nullable): what of the link is written: "game 5", "line 12"
 * @now: g_get_monotonic_time()
 * @out_retry_s: (out): when refused, in how many seconds a write is allowed
 *
 * Counts one write of @link (and of its @item) if both buckets allow it.
 *
 * Returns: whether the write may go on
 */
gboolean
ctd_serve_guard_take_write (CtdServeGuard *self,
                            const char    *link,
                            const char    *item,
                            gint64         now,
                            guint         *out_retry_s)
{
  g_autofree char *game_key = item != NULL ? g_strconcat (link, "#", item, NULL) : NULL;
  gint64 link_wait, game_wait = 0;
  gboolean allowed;

  allowed = bucket_allows (self->buckets, link, CTD_SERVE_GUARD_LINK_BURST,
                           CTD_SERVE_GUARD_LINK_REFILL_US, now, &link_wait);
  if (game_key != NULL &&
      !bucket_allows (self->buckets, game_key, CTD_SERVE_GUARD_GAME_BURST,
                      CTD_SERVE_GUARD_GAME_REFILL_US, now, &game_wait))
    allowed = FALSE;
  if (!allowed)
    {
      gint64 wait = MAX (link_wait, game_wait);

      *out_retry_s = (guint) MAX (1, (wait + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
      return FALSE;
    }
  bucket_take (self->buckets, link, CTD_SERVE_GUARD_LINK_REFILL_US, now);
  if (game_key != NULL)
    bucket_take (self->buckets, game_key, CTD_SERVE_GUARD_GAME_REFILL_US, now);
  *out_retry_s = 0;
  return TRUE;
}

/* How many addresses (@buckets FALSE) or write buckets the guard
 * remembers, for the tests of its bounds. */
guint
ctd_serve_guard_get_size (CtdServeGuard *self,
                          gboolean       buckets)
{
  return g_hash_table_size (buckets ? self->buckets : self->records);
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
