/* test-serve-interfaces.c: the network interfaces offered for the
 * tables' server (ctd_serve_list_interfaces()), and the address a phone
 * is given when it listens on all of them.
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

#include <gio/gio.h>
#include <string.h>

#include "ctd-serve-interfaces.h"
#include "ctd-table-server.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"

typedef CtdTestFolder Fixture;

/* "All interfaces" first, then real addresses only, loopback among them. */
static void
test_list (void **state)
{
  g_autoptr(GPtrArray) list = ctd_serve_list_interfaces ();
  const CtdServeInterface *all;
  gboolean loopback = FALSE, seen_ipv6 = FALSE;

  assert_true (list->len >= 2);
  all = g_ptr_array_index (list, 0);
  assert_null (all->address);
  assert_string_equal (all->name, "All interfaces");
  assert_false (all->is_loopback);
  for (guint i = 1; i < list->len; i++)
    {
      const CtdServeInterface *interface = g_ptr_array_index (list, i);
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (interface->address);

      assert_non_null (interface->name);
      assert_non_null (inet);
      assert_int_equal (interface->is_loopback, g_inet_address_get_is_loopback (inet));
      assert_false (g_inet_address_get_is_link_local (inet));
      /* IPv4 before IPv6. */
      if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6)
        seen_ipv6 = TRUE;
      else
        assert_false (seen_ipv6);
      if (strcmp (interface->address, "127.0.0.1") == 0)
        {
          assert_true (interface->is_loopback);
          loopback = TRUE;
        }
    }
  assert_true (loopback);
}

/* On all interfaces, a phone is given the first address other than
 * loopback (a phone cannot reach 127.0.0.1), or loopback without one. */
static void
test_lan_address (void **state)
{
  g_autoptr(GPtrArray) list = ctd_serve_list_interfaces ();
  g_autofree char *lan = ctd_serve_lan_address ();
  const char *expected = "127.0.0.1";

  for (guint i = list->len; i-- > 1;)
    {
      const CtdServeInterface *interface = g_ptr_array_index (list, i);

      if (!interface->is_loopback && strchr (interface->address, ':') == NULL)
        expected = interface->address;
    }
  assert_string_equal (lan, expected);
}

/* The server's address when it listens on one interface is that one's
 * (on all of them it is ctd_serve_lan_address(); a test binds loopback only). */
static void
test_server_uri (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_serve_document (fixture->path);
  g_autoptr(CtdTableServer) server = ctd_table_server_new (document);
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL, *expected = NULL;

  assert_true (ctd_table_server_listen (server, "127.0.0.1", 0, &error));
  uri = ctd_table_server_get_uri (server);
  expected = g_strdup_printf ("http://127.0.0.1:%u", ctd_table_server_get_port (server));
  assert_string_equal (uri, expected);
  ctd_table_server_stop (server);
  assert_null (ctd_table_server_get_uri (server));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_list),
    cmocka_unit_test (test_lan_address),
    cmocka_unit_test_setup_teardown (test_server_uri, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
