/* ctd-serve-interfaces.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The interfaces come from getifaddrs(): every address a socket can be
 * bound to, each with its interface's name, so that the director can
 * tell the venue's Wi-Fi ("wlan0") from a cable or a virtual network.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-serve-interfaces.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>

void
ctd_serve_interface_free (CtdServeInterface *interface)
{
  if (interface == NULL)
    return;
  g_free (interface->name);
  g_free (interface->address);
  g_free (interface);
}

static CtdServeInterface *
interface_new (const char *name,
               char       *address,
               gboolean    is_loopback)
{
  CtdServeInterface *interface = g_new0 (CtdServeInterface, 1);

  interface->name = g_strdup (name);
  interface->address = address;
  interface->is_loopback = is_loopback;
  return interface;
}

/* An IPv6 link-local address (fe80::) is left out: it needs its
 * interface's scope to be reached, which no link on a sheet carries. */
static CtdServeInterface *
interface_from (const struct ifaddrs *entry)
{
  g_autoptr(GSocketAddress) socket_address = NULL;
  GInetAddress *inet;
  gsize size;

  if (entry->ifa_addr == NULL)
    return NULL;
  if (entry->ifa_addr->sa_family == AF_INET)
    size = sizeof (struct sockaddr_in);
  else if (entry->ifa_addr->sa_family == AF_INET6)
    size = sizeof (struct sockaddr_in6);
  else
    return NULL;
  socket_address = g_socket_address_new_from_native (entry->ifa_addr, size);
  if (socket_address == NULL || !G_IS_INET_SOCKET_ADDRESS (socket_address))
    return NULL;
  inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (socket_address));
  if (g_inet_address_get_is_link_local (inet))
    return NULL;
  return interface_new (entry->ifa_name, g_inet_address_to_string (inet),
                        g_inet_address_get_is_loopback (inet));
}

/**
 * ctd_serve_list_interfaces:
 *
 * What the server may listen on: "All interfaces" first (address
 * %NULL), then each address of each interface, IPv4 before IPv6, in the
 * system's order otherwise. Loopback is among them, for a test or a
 * phone-free check on the desk itself.
 *
 * Returns: (transfer full) (element-type CtdServeInterface): the choices
 */
GPtrArray *
ctd_serve_list_interfaces (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) ctd_serve_interface_free);
  struct ifaddrs *entries = NULL;

  g_ptr_array_add (list, interface_new (_("All interfaces"), NULL, FALSE));
  if (getifaddrs (&entries) != 0)
    {
      g_warning ("The network interfaces cannot be read: %s", g_strerror (errno));
      return list;
    }
  /* Two passes: the IPv4 address a director knows first. */
  for (int family = AF_INET; family != -1; family = family == AF_INET ? AF_INET6 : -1)
    for (const struct ifaddrs *entry = entries; entry != NULL; entry = entry->ifa_next)
      {
        CtdServeInterface *interface;

        if (entry->ifa_addr == NULL || entry->ifa_addr->sa_family != family)
          continue;
        if ((interface = interface_from (entry)) != NULL)
          g_ptr_array_add (list, interface);
      }
  freeifaddrs (entries);
  return list;
}

/**
 * ctd_serve_lan_address:
 *
 * The first IPv4 address of an interface other than loopback: what a
 * phone on the venue's Wi-Fi reaches when the server listens on all.
 *
 * Returns: (transfer full): that address, or "127.0.0.1" when the
 *   computer has no other
 */
char *
ctd_serve_lan_address (void)
{
  g_autoptr(GPtrArray) list = ctd_serve_list_interfaces ();

  for (guint i = 0; i < list->len; i++)
    {
      CtdServeInterface *interface = g_ptr_array_index (list, i);

      if (interface->address != NULL && !interface->is_loopback &&
          strchr (interface->address, ':') == NULL)
        return g_strdup (interface->address);
    }
  return g_strdup ("127.0.0.1");
}
