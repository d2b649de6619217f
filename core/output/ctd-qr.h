/* ctd-qr.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A QR code of a text (a table's private link, issue 21), as a matrix of
 * modules, drawn as vector squares on a cairo context (crisp in a PDF at
 * any size) or rendered as a PNG (for a spreadsheet's image).
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

#define CTD_QR_ERROR (ctd_qr_error_quark ())

typedef enum
{
  CTD_QR_ERROR_TOO_LONG,  /* more bytes than the largest QR code holds */
  CTD_QR_ERROR_FAILED,    /* the encoder failed otherwise */
} CtdQrError;

/* The light border every side of a QR code needs to be read (ISO/IEC
 * 18004), in modules; part of CtdQr.size. */
#define CTD_QR_QUIET_ZONE 4

/*
 * CtdQr:
 * @size: modules per side, the quiet zone included
 * @version: the QR code's version (1 to 40), chosen for the text
 * @modules: @size × @size bytes, row after row from the top left, 1 for a
 *   dark module and 0 for a light one
 * @text: the text encoded
 */
typedef struct
{
  guint   size;
  guint   version;
  guint8 *modules;
  char   *text;
} CtdQr;

GQuark   ctd_qr_error_quark (void);

CtdQr   *ctd_qr_encode      (const char    *text,
                             GError       **error);
CtdQr   *ctd_qr_copy        (const CtdQr   *qr);
void     ctd_qr_free        (CtdQr         *qr);
gboolean ctd_qr_is_dark     (const CtdQr   *qr,
                             guint          x,
                             guint          y);
void     ctd_qr_draw        (const CtdQr   *qr,
                             cairo_t       *cr,
                             double         x,
                             double         y,
                             double         side);
GBytes  *ctd_qr_to_png      (const CtdQr   *qr,
                             guint          module_pixels,
                             GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdQr, ctd_qr_free)

G_END_DECLS
