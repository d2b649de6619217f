/* ctd-fuzz.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-fuzz.h"

#include <string.h>

#include <locale.h>

/* A critical reached from input is a precondition the code let through,
 * and a warning (a GError set twice, a file left open) a bug too: both
 * abort, which libFuzzer catches and saves the input for. GLib's own
 * fatal messages raise SIGTRAP, which libFuzzer does not catch. */
static GLogWriterOutput
write_log (GLogLevelFlags   log_level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         user_data)
{
  GLogWriterOutput output = g_log_writer_default (log_level, fields, n_fields, user_data);

  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return output;
}

/**
 * ctd_fuzz_init:
 *
 * Sets up a harness's process once, before its first input: the C
 * locale's UTF-8, as the suite runs, and criticals and warnings fatal
 * (by abort()). Idempotent.
 */
void
ctd_fuzz_init (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  setlocale (LC_ALL, "C.UTF-8");
  g_log_set_writer_func (write_log, NULL, NULL);
}

/**
 * ctd_fuzz_check_refusal:
 * @error: what a refused input set
 * @domain: the error domain expected, or 0 for any
 *
 * A refusal says something, on one line of valid UTF-8, whatever the
 * input held: what every harness asks of the messages a director reads.
 */
void
ctd_fuzz_check_refusal (const GError *error,
                        GQuark        domain)
{
  ctd_fuzz_check (error != NULL && *error->message != '\0', "a refusal with no message");
  ctd_fuzz_check (domain == 0 || error->domain == domain, "a refusal of another domain: %s",
                  error->message);
  ctd_fuzz_check (g_utf8_validate (error->message, -1, NULL), "a refusal not in UTF-8");
  ctd_fuzz_check (strchr (error->message, '\n') == NULL, "a refusal of several lines: %s",
                  error->message);
}
