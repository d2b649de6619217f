/* ctd-fuzz.h: what the fuzz harnesses share with libFuzzer and replay.c.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each harness defines LLVMFuzzerTestOneInput(). A -Dfuzzing=true build
 * links it with libFuzzer's main; every build links it with replay.c,
 * which feeds it each file of the corpus, so that the suite replays
 * every finding with gcc too.
 */

#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <glib.h>

G_BEGIN_DECLS

int  LLVMFuzzerTestOneInput (const uint8_t *data,
                             size_t         size);

void ctd_fuzz_init          (void);
void ctd_fuzz_check_refusal (const GError *error,
                             GQuark        domain);

/* A violated property: print it and abort, so both libFuzzer and the
 * suite stop on it with the input that caused it. */
#define ctd_fuzz_check(expr, ...) \
  G_STMT_START \
    { \
      if (G_UNLIKELY (!(expr))) \
        { \
          g_printerr ("fuzz property violated: %s: ", #expr); \
          g_printerr (__VA_ARGS__); \
          g_printerr ("\n"); \
          abort (); \
        } \
    } \
  G_STMT_END

G_END_DECLS
