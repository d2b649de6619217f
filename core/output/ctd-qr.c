/* ctd-qr.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-qr"

#include "config.h"

#include "ctd-qr.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <qrencode.h>
#include <string.h>

/* The most bytes a QR code holds in 8-bit mode at error correction M
 * (version 40), to say what fits when a text does not. */
#define MAX_BYTES_M 2331

/**
 * ctd_qr_error_quark:
 *
 * Returns: the domain of %CTD_QR_ERROR errors
 */
G_DEFINE_QUARK (ctd-qr-error-quark, ctd_qr_error)

/**
 * ctd_qr_encode:
 * @text: the text to encode, a URL
 * @error: return location for a #GError
 *
 * Encodes @text byte for byte (8-bit mode, so a URL's case is kept), at
 * error correction M (15% of the code may be smudged or folded and it
 * still reads), in the smallest version that holds it.
 *
 * Returns: (transfer full): the matrix with its quiet zone, or %NULL
 *   with @error set when @text does not fit in a QR code
 */
CtdQr *
ctd_qr_encode (const char *text,
               GError    **error)
{
  QRcode *code;
  CtdQr *qr;
  guint width;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  errno = 0;
  code = QRcode_encodeString8bit (text, 0, QR_ECLEVEL_M);
  if (code == NULL)
    {
      if (errno == ERANGE || strlen (text) > MAX_BYTES_M)
        g_set_error (error, CTD_QR_ERROR, CTD_QR_ERROR_TOO_LONG,
                     _("The link is too long for a QR code: %zu bytes, at most %d"),
                     strlen (text), MAX_BYTES_M);
      else
        g_set_error (error, CTD_QR_ERROR, CTD_QR_ERROR_FAILED,
                     _("The link could not be made into a QR code: %s"), g_strerror (errno));
      return NULL;
    }

  width = (guint) code->width;
  qr = g_new0 (CtdQr, 1);
  qr->version = (guint) code->version;
  qr->size = width + 2 * CTD_QR_QUIET_ZONE;
  qr->modules = g_new0 (guint8, qr->size * qr->size);
  qr->text = g_strdup (text);
  /* libqrencode's bytes carry other flags; bit 0 is the module's colour. */
  for (guint y = 0; y < width; y++)
    for (guint x = 0; x < width; x++)
      qr->modules[(y + CTD_QR_QUIET_ZONE) * qr->size + x + CTD_QR_QUIET_ZONE] =
        code->data[y * width + x] & 1;
  QRcode_free (code);
  return qr;
}

/**
 * ctd_qr_copy:
 * @qr: a QR code
 *
 * Returns: (transfer full): a copy of @qr
 */
CtdQr *
ctd_qr_copy (const CtdQr *qr)
{
  CtdQr *copy;

  g_return_val_if_fail (qr != NULL, NULL);

  copy = g_new0 (CtdQr, 1);
  *copy = *qr;
  copy->modules = g_memdup2 (qr->modules, (gsize) qr->size * qr->size);
  copy->text = g_strdup (qr->text);
  return copy;
}

/**
 * ctd_qr_free:
 * @qr: (nullable) (transfer full): a QR code
 */
void
ctd_qr_free (CtdQr *qr)
{
  if (qr == NULL)
    return;
  g_free (qr->modules);
  g_free (qr->text);
  g_free (qr);
}

/**
 * ctd_qr_is_dark:
 * @qr: a QR code
 * @x: the module's column, from 0 at the left of the quiet zone
 * @y: its row, from 0 at the top
 *
 * Returns: whether the module is dark
 */
gboolean
ctd_qr_is_dark (const CtdQr *qr,
                guint        x,
                guint        y)
{
  g_return_val_if_fail (qr != NULL && x < qr->size && y < qr->size, FALSE);

  return qr->modules[y * qr->size + x] != 0;
}

/**
 * ctd_qr_draw:
 * @qr: a QR code
 * @cr: a cairo context
 * @x, @y: the top left corner of the quiet zone, in @cr's units
 * @side: the code's width and height, quiet zone included
 *
 * Paints the quiet zone white, then each row's runs of dark modules as
 * black rectangles: vector squares, crisp at any size, and one rectangle
 * per run so that a renderer leaves no hairline between two modules.
 * @cr's source and path are kept.
 */
void
ctd_qr_draw (const CtdQr *qr,
             cairo_t     *cr,
             double       x,
             double       y,
             double       side)
{
  double module;

  g_return_if_fail (qr != NULL && cr != NULL && side > 0);

  module = side / qr->size;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, side, side);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint row = 0; row < qr->size; row++)
    {
      guint col = 0;

      while (col < qr->size)
        {
          guint start;

          if (!ctd_qr_is_dark (qr, col, row))
            {
              col++;
              continue;
            }
          start = col;
          while (col < qr->size && ctd_qr_is_dark (qr, col, row))
            col++;
          cairo_rectangle (cr, x + start * module, y + row * module, (col - start) * module,
                           module);
        }
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * ctd_qr_to_png:
 * @qr: a QR code
 * @module_pixels: each module's side in pixels, at least 1
 * @error: return location for a #GError
 *
 * Renders @qr, its quiet zone included, as a black and white PNG whose
 * modules are whole pixels: what a spreadsheet shows as an image.
 *
 * Returns: (transfer full): the PNG file's bytes, or %NULL with @error set
 */
GBytes *
ctd_qr_to_png (const CtdQr *qr,
               guint        module_pixels,
               GError     **error)
{
  g_autoptr(GByteArray) png = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  int side;

  g_return_val_if_fail (qr != NULL && module_pixels > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  side = (int) (qr->size * module_pixels);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, side, side);
  cr = cairo_create (surface);
  ctd_qr_draw (qr, cr, 0, 0, side);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png_stream (surface, append_bytes, png);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CTD_QR_ERROR, CTD_QR_ERROR_FAILED,
                   _("The QR code could not be made into an image: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&png));
}
