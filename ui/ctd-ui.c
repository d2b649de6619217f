/* ctd-ui.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-ui"

#include "config.h"

#include "ctd-ui.h"

#include "ctd-resources.h"

/**
 * ctd_ui_ensure_resources:
 *
 * Registers the UI resources (templates, CSS) once; every widget class
 * that loads a template calls it first, so tests can build a widget
 * without the application.
 */
void
ctd_ui_ensure_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      ctd_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}
