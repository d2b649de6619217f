/* test-qr.c: the QR code of a table's link, as a matrix, drawn and as a
 * PNG; tests/output/test-report-qr.c reads the printed sheets' codes back.
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

#include <string.h>

#include "ctd-qr.h"

/* 20 bytes: more than version 1 holds at M in 8-bit mode (14), less than
 * version 2 (26), so version 2, 25 modules, 33 with the quiet zone. */
#define KNOWN "https://example.org/"

/* The 7×7 finder pattern whose top left module is (@x, @y): a dark ring,
 * a light ring, a dark 3×3 centre; and the light separator around it. */
static void
assert_finder (const CtdQr *qr,
               guint        x,
               guint        y)
{
  for (int dy = -1; dy <= 7; dy++)
    for (int dx = -1; dx <= 7; dx++)
      {
        int ring = MAX (ABS (dx - 3), ABS (dy - 3));
        gboolean dark = ring == 3 || ring <= 1;

        if (ring == 4)
          dark = FALSE;  /* the separator */
        assert_int_equal (ctd_qr_is_dark (qr, x + dx, y + dy), dark);
      }
}

static void
test_known_text (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdQr) qr = ctd_qr_encode (KNOWN, &error);
  guint q = CTD_QR_QUIET_ZONE, far;

  assert_non_null (qr);
  assert_null (error);
  assert_int_equal (qr->version, 2);
  assert_int_equal (qr->size, 25 + 2 * q);
  assert_string_equal (qr->text, KNOWN);
  far = qr->size - q - 7;
  assert_finder (qr, q, q);
  assert_finder (qr, far, q);
  assert_finder (qr, q, far);
  /* No finder at the bottom right: that is how a reader turns the code. */
  assert_false (ctd_qr_is_dark (qr, far + 3, far + 3) && ctd_qr_is_dark (qr, far, far) &&
                ctd_qr_is_dark (qr, far + 6, far + 6) && !ctd_qr_is_dark (qr, far + 1, far + 1));
  /* The quiet zone is light all round. */
  for (guint i = 0; i < qr->size; i++)
    for (guint k = 0; k < q; k++)
      {
        assert_false (ctd_qr_is_dark (qr, i, k));
        assert_false (ctd_qr_is_dark (qr, i, qr->size - 1 - k));
        assert_false (ctd_qr_is_dark (qr, k, i));
        assert_false (ctd_qr_is_dark (qr, qr->size - 1 - k, i));
      }
  /* Timing pattern: row 6 of the symbol alternates between the finders. */
  for (guint x = q + 8; x < far - 1; x++)
    assert_int_equal (ctd_qr_is_dark (qr, x, q + 6), (x - q) % 2 == 0);
}

/* A longer link takes a larger version, and the largest code holds 2331
 * bytes at M: one more is refused with a message that says so. */
static void
test_too_long (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *most = g_strnfill (2331, 'a');
  g_autofree char *over = g_strnfill (2332, 'a');
  g_autoptr(CtdQr) big = ctd_qr_encode (most, &error);
  g_autoptr(CtdQr) none = NULL;

  assert_non_null (big);
  assert_int_equal (big->version, 40);
  assert_int_equal (big->size, 177 + 2 * CTD_QR_QUIET_ZONE);

  none = ctd_qr_encode (over, &error);
  assert_null (none);
  assert_true (g_error_matches (error, CTD_QR_ERROR, CTD_QR_ERROR_TOO_LONG));
  assert_non_null (strstr (error->message, "too long for a QR code"));
  assert_non_null (strstr (error->message, "2332"));
}

/* Whether the pixel at (@x, @y) of a 32-bit image surface is black,
 * white, or the grey the test filled it with. */
static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *) (data + y * stride + x * 4) & 0xffffff;
}

/* Every dark module is a black square, every light one white, exactly
 * where the matrix says, and nothing outside the code is painted. */
static void
test_draw_covers_modules (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdQr) qr = ctd_qr_encode (KNOWN, NULL);
  const int m = 3, at = 5, side = qr->size * m;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, side + 2 * at,
                                                         side + 2 * at);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 1, 0, 0);
  ctd_qr_draw (qr, cr, at, at, side);
  /* The caller's source is kept. */
  {
    double r, g, b;

    assert_int_equal (cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, NULL),
                      CAIRO_STATUS_SUCCESS);
    assert_true (r == 1 && g == 0 && b == 0);
  }
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int y = 0; y < side + 2 * at; y++)
    for (int x = 0; x < side + 2 * at; x++)
      {
        guint32 found = pixel (surface, x, y);

        if (x < at || y < at || x >= at + side || y >= at + side)
          assert_int_equal (found, 0x808080);
        else
          assert_int_equal (found, ctd_qr_is_dark (qr, (x - at) / m, (y - at) / m)
                                     ? 0x000000 : 0xffffff);
      }
  cairo_surface_destroy (surface);
}

typedef struct
{
  GBytes *bytes;
  gsize   offset;
} Reading;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  Reading *reading = closure;
  gsize size;
  const guint8 *all = g_bytes_get_data (reading->bytes, &size);

  if (reading->offset + length > size)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, all + reading->offset, length);
  reading->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The PNG is the matrix at whole pixels a module. */
static void
test_png (void **state G_GNUC_UNUSED)
{
  g_autoptr(CtdQr) qr = ctd_qr_encode (KNOWN, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = ctd_qr_to_png (qr, 4, &error);
  Reading reading = { png, 0 };
  cairo_surface_t *surface;

  assert_non_null (png);
  assert_memory_equal (g_bytes_get_data (png, NULL), "\x89PNG", 4);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reading);
  assert_int_equal (cairo_surface_status (surface), CAIRO_STATUS_SUCCESS);
  assert_int_equal (cairo_image_surface_get_width (surface), qr->size * 4);
  assert_int_equal (cairo_image_surface_get_height (surface), qr->size * 4);
  for (guint y = 0; y < qr->size * 4; y++)
    for (guint x = 0; x < qr->size * 4; x++)
      assert_int_equal (pixel (surface, x, y),
                        ctd_qr_is_dark (qr, x / 4, y / 4) ? 0x000000 : 0xffffff);
  cairo_surface_destroy (surface);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_known_text),
    cmocka_unit_test (test_too_long),
    cmocka_unit_test (test_draw_covers_modules),
    cmocka_unit_test (test_png),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
