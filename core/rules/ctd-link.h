/* ctd-link.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

/* A chouette's private link (/t/SECRET) carries 128 bits from the
 * operating system's random source, written as 32 lower-case hex digits. */
#define CTD_LINK_SECRET_BYTES 16
#define CTD_LINK_SECRET_CHARS (2 * CTD_LINK_SECRET_BYTES)

#define CTD_LINK_ERROR (ctd_link_error_quark ())

typedef enum
{
  CTD_LINK_ERROR_RANDOM,  /* the system gave no random bytes */
  CTD_LINK_ERROR_BASE,    /* an address that is not the desk's (http://HOST:PORT) */
} CtdLinkError;

GQuark   ctd_link_error_quark       (void);

gboolean ctd_link_secret_new        (char        out_secret[CTD_LINK_SECRET_CHARS + 1],
                                     GError    **error);
gboolean ctd_link_secret_is_valid   (const char *secret);
gboolean ctd_link_secret_equal      (const char *secret,
                                     const char *candidate);
gboolean ctd_link_accepts_entry     (CtdRoundState state,
                                     gboolean      event_closed);
char    *ctd_link_parse_base        (const char  *text,
                                     GError     **error);
char    *ctd_link_url               (const char  *base,
                                     const char  *secret);

G_END_DECLS
