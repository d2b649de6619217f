/* ctd-link.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-result.h"
#include "ctd-types.h"

G_BEGIN_DECLS

/* A chouette's private link (/t/SECRET) carries 128 bits from the
 * operating system's random source, written as 32 lower-case hex digits. */
#define CTD_LINK_SECRET_BYTES 16
#define CTD_LINK_SECRET_CHARS (2 * CTD_LINK_SECRET_BYTES)

/* A phone's device token (its cookie at a link) is as random as a
 * secret; the file keeps only its SHA-256, in hex. */
#define CTD_LINK_DEVICE_HASH_CHARS 64
/* A seat's code, printed on the table's paper: 4 decimal digits. */
#define CTD_LINK_SEAT_CODE_CHARS 4

/* The highest cube a table's phone may send, in doublings of the
 * game's starting value: V0 x 64. A cube past it is possible at a
 * board but so rare that the director enters it at the desk. */
#define CTD_LINK_MAX_DOUBLINGS 6

#define CTD_LINK_ERROR (ctd_link_error_quark ())

typedef enum
{
  CTD_LINK_ERROR_RANDOM,  /* the system gave no random bytes */
  CTD_LINK_ERROR_BASE,    /* an address that is not the desk's (http://HOST:PORT) */
  CTD_LINK_ERROR_DESK,    /* a line only the director may enter */
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
gboolean ctd_link_check_line        (const CtdResult *result,
                                     GError         **error);
char    *ctd_link_hash              (const char  *text);
void     ctd_link_seat_code         (const char  *secret,
                                     guint        seat,
                                     char         out_code[CTD_LINK_SEAT_CODE_CHARS + 1]);
gboolean ctd_link_seat_code_is      (const char  *secret,
                                     guint        seat,
                                     const char  *candidate);

G_END_DECLS
