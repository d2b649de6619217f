/* ctd-xlsx.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-xlsx"

#include "config.h"

#include "ctd-xlsx.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>
#include <xlsxwriter.h>

/**
 * ctd_xlsx_error_quark:
 *
 * Returns: the domain of %CTD_XLSX_ERROR errors
 */
G_DEFINE_QUARK (ctd-xlsx-error-quark, ctd_xlsx_error)

/*
 * libxlsxwriter reports a failed write on stderr itself ("[ERROR]
 * workbook_close(): Error creating '…'. System error = …"), in words a
 * director cannot act on, naming the temporary file, and before our own
 * message: the caller's GError says it once, naming the file. So fd 2
 * points at /dev/null while the workbook closes, and back after.
 *
 * fd 2 belongs to the whole process: for that moment, another thread's
 * stderr is lost too (GLib's log handlers write there). The close is the
 * only call of the library that writes files; the lock keeps two closes
 * in two threads from restoring each other's descriptor.
 */
static GMutex quiet_lock;

static int
quiet_stderr (void)
{
  int saved, null;

  g_mutex_lock (&quiet_lock);
  fflush (stderr);
  saved = fcntl (STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
  null = open ("/dev/null", O_WRONLY | O_CLOEXEC);
  if (saved >= 0 && null >= 0)
    dup2 (null, STDERR_FILENO);
  if (null >= 0)
    close (null);
  return saved;
}

static void
restore_stderr (int saved)
{
  fflush (stderr);
  if (saved >= 0)
    {
      dup2 (saved, STDERR_FILENO);
      close (saved);
    }
  g_mutex_unlock (&quiet_lock);
}

/* Spreadsheet paper codes. */
#define PAPER_LETTER 1
#define PAPER_A4 9

static uint8_t
border_type (CtdSheetBorder border)
{
  switch (border)
    {
    case CTD_SHEET_BORDER_THIN:
      return LXW_BORDER_THIN;
    case CTD_SHEET_BORDER_MEDIUM:
      return LXW_BORDER_MEDIUM;
    case CTD_SHEET_BORDER_DASHED:
      return LXW_BORDER_DASHED;
    case CTD_SHEET_BORDER_NONE:
    default:
      return LXW_BORDER_NONE;
    }
}

static lxw_format *
make_format (lxw_workbook        *workbook,
             const CtdSheetStyle *style)
{
  static const uint8_t aligns[] = {
    [CTD_SHEET_ALIGN_LEFT] = LXW_ALIGN_LEFT,
    [CTD_SHEET_ALIGN_CENTER] = LXW_ALIGN_CENTER,
    [CTD_SHEET_ALIGN_RIGHT] = LXW_ALIGN_RIGHT,
  };
  lxw_format *format = workbook_add_format (workbook);

  format_set_font_name (format, style->font);
  format_set_font_size (format, style->size);
  if (style->bold)
    format_set_bold (format);
  if (style->italic)
    format_set_italic (format);
  format_set_align (format, aligns[style->align]);
  if (style->align != CTD_SHEET_ALIGN_CENTER)
    format_set_indent (format, 1);  /* keep text off the cell's border */
  format_set_align (format, LXW_ALIGN_VERTICAL_CENTER);
  if (style->wrap)
    format_set_text_wrap (format);
  else
    format_set_shrink (format);  /* a text too long for its cell is shown smaller, never cut */
  format_set_top (format, border_type (style->border[CTD_SHEET_SIDE_TOP]));
  format_set_bottom (format, border_type (style->border[CTD_SHEET_SIDE_BOTTOM]));
  format_set_left (format, border_type (style->border[CTD_SHEET_SIDE_LEFT]));
  format_set_right (format, border_type (style->border[CTD_SHEET_SIDE_RIGHT]));
  if (style->fill != CTD_SHEET_NO_FILL)
    {
      format_set_pattern (format, LXW_PATTERN_SOLID);
      format_set_bg_color (format, style->fill);
    }
  if (style->number_format != NULL)
    format_set_num_format (format, style->number_format);
  return format;
}

/* "left|centre|right" with {page} and {pages] as &L..&C..&R.. codes. An
 * ampersand in the text is doubled so it prints as itself. */
static char *
header_string (char *const *parts)
{
  static const char *const codes[] = { "&L", "&C", "&R" };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < 3; i++)
    {
      const char *p = parts[i];

      if (p == NULL || *p == '\0')
        continue;
      g_string_append (out, codes[i]);
      while (*p != '\0')
        {
          if (g_str_has_prefix (p, "{page}"))
            {
              g_string_append (out, "&P");
              p += 6;
            }
          else if (g_str_has_prefix (p, "{pages}"))
            {
              g_string_append (out, "&N");
              p += 7;
            }
          else if (*p == '&')
            {
              g_string_append (out, "&&");
              p++;
            }
          else
            g_string_append_c (out, *p++);
        }
    }
  return g_string_free (out, FALSE);
}

static lxw_error
write_cell (lxw_worksheet      *sheet,
            const CtdSheetCell *cell,
            lxw_format         *format)
{
  lxw_error status = LXW_NO_ERROR;
  gboolean merged = cell->last_row != cell->row || cell->last_col != cell->col;

  if (merged)
    {
      /* The range takes the format everywhere, so its borders print; the
       * first cell then gets its real content. */
      status = worksheet_merge_range (sheet, cell->row, cell->col, cell->last_row,
                                      cell->last_col, "", format);
      if (status != LXW_NO_ERROR)
        return status;
    }
  switch (cell->kind)
    {
    case CTD_SHEET_CELL_TEXT:
      if (*cell->text == '\0')
        return merged ? LXW_NO_ERROR : worksheet_write_blank (sheet, cell->row, cell->col, format);
      /* Always a string: a name such as "=HYPERLINK(...)" stays text. */
      return worksheet_write_string (sheet, cell->row, cell->col, cell->text, format);
    case CTD_SHEET_CELL_NUMBER:
      return worksheet_write_number (sheet, cell->row, cell->col, cell->number, format);
    case CTD_SHEET_CELL_FORMULA:
      return worksheet_write_formula_num (sheet, cell->row, cell->col, cell->formula, format,
                                          cell->number);
    default:
      g_assert_not_reached ();
    }
  return status;
}

/*
 * A column's and a row's size in pixels, as a spreadsheet computes them
 * for its default font (7 pixels a character and 5 of padding; 96 pixels
 * an inch), which is how libxlsxwriter anchors an image.
 */
static double
column_pixels (const CtdSheetPage *page,
               guint               col)
{
  double chars = ctd_sheet_page_get_width (page, col);

  if (chars <= 0)
    chars = 8.43;
  return chars < 1 ? (int) (chars * 12 + 0.5) : (int) (chars * 7 + 0.5) + 5;
}

static double
row_pixels (const CtdSheetPage *page,
            guint               row)
{
  double points = ctd_sheet_page_get_height (page, row);

  return (int) ((points > 0 ? points : 15) * 4 / 3);
}

/* Each QR code as a PNG over its range, where the PDF draws it. Its
 * modules are whole pixels (4 each) of an image scaled to the range, so
 * that a spreadsheet shows it sharp enough to be read from the screen. */
static lxw_error
write_images (lxw_worksheet      *sheet,
              const CtdSheetPage *page)
{
  for (guint i = 0; i < page->images->len; i++)
    {
      const CtdSheetImage *image = g_ptr_array_index (page->images, i);
      g_autoptr(GBytes) png = ctd_qr_to_png (image->qr, 4, NULL);
      /* Translators: a picture's description for screen readers; %s is the
       * link the QR code holds */
      g_autofree char *description = g_strdup_printf (_("QR code: %s"), image->qr->text);
      double width = 0, height = 0, x, y, side, pixels = image->qr->size * 4;
      lxw_image_options options = { 0 };
      const guint8 *data;
      gsize size;
      lxw_error status;

      if (png == NULL)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
      for (guint col = image->col; col <= image->last_col; col++)
        width += column_pixels (page, col);
      for (guint row = image->row; row <= image->last_row; row++)
        height += row_pixels (page, row);
      /* A pixel inside the range on every side: anchored to a column's or
       * a row's far edge, the image would stretch with it in a program
       * whose default font makes columns wider than Excel's (LibreOffice);
       * ending inside, it keeps its size. */
      ctd_sheet_image_place (image, width - 2, height - 2, &x, &y, &side);
      options.x_offset = (int32_t) x + 1;
      options.y_offset = (int32_t) y + 1;
      options.x_scale = options.y_scale = side / pixels;
      options.description = description;
      options.object_position = LXW_OBJECT_MOVE_DONT_SIZE;
      data = g_bytes_get_data (png, &size);
      status = worksheet_insert_image_buffer_opt (sheet, image->row, image->col, data, size,
                                                  &options);
      if (status != LXW_NO_ERROR)
        return status;
    }
  return LXW_NO_ERROR;
}

static gboolean
write_page (lxw_workbook        *workbook,
            lxw_format         **formats,
            const CtdSheetPage  *page,
            const char          *path,
            GError             **error)
{
  lxw_worksheet *sheet = workbook_add_worksheet (workbook, page->name);
  g_autofree char *header = header_string (page->header);
  g_autofree char *footer = header_string (page->footer);
  guint n_rows = ctd_sheet_page_get_n_rows (page);
  guint n_cols = ctd_sheet_page_get_n_cols (page);
  lxw_error status = LXW_NO_ERROR;

  if (sheet == NULL)
    {
      g_set_error (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE,
                   _("Could not write “%s”: “%s” is not a possible worksheet name"), path,
                   page->name);
      return FALSE;
    }

  for (guint col = 0; col < page->widths->len; col++)
    if (g_array_index (page->widths, double, col) > 0)
      worksheet_set_column (sheet, col, col, g_array_index (page->widths, double, col), NULL);
  for (guint row = 0; row < page->heights->len; row++)
    if (g_array_index (page->heights, double, row) > 0)
      worksheet_set_row (sheet, row, g_array_index (page->heights, double, row), NULL);
  for (guint i = 0; i < page->cells->len && status == LXW_NO_ERROR; i++)
    {
      const CtdSheetCell *cell = g_ptr_array_index (page->cells, i);

      status = write_cell (sheet, cell, formats[cell->style]);
    }
  if (status == LXW_NO_ERROR)
    status = write_images (sheet, page);
  if (status != LXW_NO_ERROR)
    {
      g_set_error (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE,
                   _("Could not write “%s”: worksheet “%s”: %s"), path, page->name,
                   lxw_strerror (status));
      return FALSE;
    }

  worksheet_gridlines (sheet, LXW_HIDE_ALL_GRIDLINES);
  worksheet_set_paper (sheet, page->paper == CTD_SHEET_PAPER_LETTER ? PAPER_LETTER : PAPER_A4);
  if (page->landscape)
    worksheet_set_landscape (sheet);
  else
    worksheet_set_portrait (sheet);
  worksheet_set_margins (sheet, page->margin_inches, page->margin_inches,
                         page->margin_inches + 0.2, page->margin_inches + 0.2);
  if (*header != '\0')
    worksheet_set_header (sheet, header);
  if (*footer != '\0')
    worksheet_set_footer (sheet, footer);
  worksheet_fit_to_pages (sheet, 1, page->fit_one_page ? 1 : 0);
  if (n_rows > 0 && n_cols > 0)
    worksheet_print_area (sheet, 0, 0, n_rows - 1, n_cols - 1);
  if (page->repeat_first >= 0)
    worksheet_repeat_rows (sheet, page->repeat_first, page->repeat_last);
  return TRUE;
}

/**
 * ctd_xlsx_write:
 * @doc: the document
 * @path: where to write it (the caller writes a temporary name and renames)
 * @error: return location for a #GError
 *
 * ctd_xlsx_write_full() without progress or cancellation.
 *
 * Returns: whether the file was written
 */
gboolean
ctd_xlsx_write (const CtdSheetDoc  *doc,
                const char         *path,
                GError            **error)
{
  return ctd_xlsx_write_full (doc, path, NULL, NULL, NULL, error);
}

static gboolean
write_workbook (const CtdSheetDoc  *doc,
                const char         *path,
                CtdExportProgress   progress,
                gpointer            user_data,
                GCancellable       *cancellable,
                GError            **error)
{
  lxw_workbook_options options = { .constant_memory = LXW_FALSE, .tmpdir = NULL };
  lxw_doc_properties properties = {
    .title = doc->title,
    .subject = doc->subject,
    .author = doc->author,
    .created = (time_t) doc->created,
  };
  g_autofree lxw_format **formats = NULL;
  lxw_workbook *workbook;
  lxw_error status;
  int saved_errno, saved_stderr;

  g_return_val_if_fail (doc != NULL && path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  workbook = workbook_new_opt (path, &options);
  if (workbook == NULL)
    {
      g_set_error (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE,
                   _("Could not write “%s”: the workbook could not be started"), path);
      return FALSE;
    }
  workbook_set_properties (workbook, &properties);
  formats = g_new0 (lxw_format *, MAX (1, doc->styles->len));
  for (guint i = 0; i < doc->styles->len; i++)
    formats[i] = make_format (workbook, &g_array_index (doc->styles, CtdSheetStyle, i));

  for (guint i = 0; i < doc->pages->len; i++)
    {
      /* Nothing is on the disk yet: dropping the workbook leaves no file. */
      if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
          !write_page (workbook, formats, g_ptr_array_index (doc->pages, i), path, error))
        {
          lxw_workbook_free (workbook);
          return FALSE;
        }
      if (progress != NULL)
        progress (i + 1, doc->pages->len, user_data);
    }
  /* Assembling the file is the longest step: not worth starting if the
   * last progress call cancelled. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      lxw_workbook_free (workbook);
      return FALSE;
    }

  saved_stderr = quiet_stderr ();
  errno = 0;
  status = workbook_close (workbook);
  saved_errno = errno;
  restore_stderr (saved_stderr);
  if (status != LXW_NO_ERROR)
    {
      /* The system's reason ("No space left on device") says more than
       * the zip library's. */
      g_set_error (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE, _("Could not write “%s”: %s"),
                   path,
                   saved_errno != 0 ? g_strerror (saved_errno) : lxw_strerror (status));
      return FALSE;
    }
  return TRUE;
}

/**
 * ctd_xlsx_write_full:
 * @doc: the document
 * @path: where to write it (the caller writes a temporary name and renames)
 * @progress: (nullable) (scope call): told after each worksheet is built
 * @user_data: (closure): for @progress
 * @cancellable: (nullable): checked before each worksheet and before the
 *   workbook is assembled
 * @error: return location for a #GError
 *
 * Writes @doc as an XLSX workbook. The output depends only on @doc: its
 * time is @doc's, so the same document gives the same bytes. A failure
 * is @error alone, naming @path: the library's own messages on stderr
 * are silenced (see quiet_stderr()).
 *
 * libxlsxwriter keeps the worksheets in memory and writes the whole file
 * when the workbook closes, after the last call to @progress. A cancelled
 * or failed workbook is dropped unwritten, so @path is not even created;
 * if it was (a write failed half-way), the caller removes it.
 *
 * Returns: whether the file was written; %FALSE with %G_IO_ERROR_CANCELLED
 *   when @cancellable was cancelled
 */
gboolean
ctd_xlsx_write_full (const CtdSheetDoc  *doc,
                     const char         *path,
                     CtdExportProgress   progress,
                     gpointer            user_data,
                     GCancellable       *cancellable,
                     GError            **error)
{
  locale_t base;
  locale_t numeric_c;
  locale_t before;
  gboolean written;

  /* libxlsxwriter writes every double (a cell's number, a row's height)
   * with printf ("%.16G"), which takes LC_NUMERIC's decimal separator:
   * under a French locale the file would say "-1,5", which no
   * spreadsheet reads. This thread writes the workbook in the C locale's
   * numbers, and its own locale comes back after. The cells' texts were
   * written before, in the director's. */
  base = duplocale (uselocale ((locale_t) 0));
  numeric_c = base != (locale_t) 0 ? newlocale (LC_NUMERIC_MASK, "C", base) : (locale_t) 0;
  if (numeric_c == (locale_t) 0)
    {
      if (base != (locale_t) 0)
        freelocale (base);
      g_set_error (error, CTD_XLSX_ERROR, CTD_XLSX_ERROR_WRITE,
                   _("Could not write “%s”: out of memory"), path);
      return FALSE;
    }
  before = uselocale (numeric_c);
  written = write_workbook (doc, path, progress, user_data, cancellable, error);
  uselocale (before);
  freelocale (numeric_c);
  return written;
}
