/* ctd-make-sample.c: writes the sample event shipped inside the app.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-make-sample"

#include "config.h"

#include <stdio.h>

#include "ctd-sample.h"

/*
 * Run by the build (data/meson.build), never installed: the sample is
 * played through core at build time, so it is always a file of the
 * current schema that the current rules accept. It sets no locale:
 * nothing in the file may depend on the machine that built it.
 */
int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  if (argc != 2)
    {
      fprintf (stderr, "Usage: ctd-make-sample OUTPUT.chouette\n");
      return 2;
    }
  if (!ctd_sample_write_event (argv[1], ctd_sample_get_shipped (), &error))
    {
      fprintf (stderr, "ctd-make-sample: %s\n", error->message);
      return 1;
    }
  return 0;
}
