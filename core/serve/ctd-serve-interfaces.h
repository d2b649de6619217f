/* ctd-serve-interfaces.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer's network interfaces, as the director picks where the
 * tables' server listens: the one place that reads them.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * CtdServeInterface:
 * @name: the interface's name ("wlan0"), or "All interfaces" (translated)
 *   for the choice of every one
 * @address: its IPv4 or IPv6 address as text ("192.168.1.20"), or %NULL
 *   for all interfaces
 * @is_loopback: whether only this computer reaches it (127.0.0.1, ::1)
 */
typedef struct
{
  char     *name;
  char     *address;
  gboolean  is_loopback;
} CtdServeInterface;

void       ctd_serve_interface_free    (CtdServeInterface *interface);
GPtrArray *ctd_serve_list_interfaces   (void);
char      *ctd_serve_lan_address       (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdServeInterface, ctd_serve_interface_free)

G_END_DECLS
