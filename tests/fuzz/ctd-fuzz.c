/* ctd-fuzz.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-fuzz.h"

#include <locale.h>

/**
 * ctd_fuzz_init:
 *
 * Sets up a harness's process once, before its first input: the C
 * locale's UTF-8, as the suite runs, and criticals fatal. A critical
 * reached from input is a precondition the parser let through: a bug,
 * whatever the function then returns. Idempotent.
 */
void
ctd_fuzz_init (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  setlocale (LC_ALL, "C.UTF-8");
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FATAL_MASK);
}
