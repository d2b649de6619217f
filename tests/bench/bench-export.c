/* bench-export.c: how long `export --all` takes, where the time goes, and
 * how much memory it needs.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-export PATH/TO/chouette-td-cli [PLAYERS]
 *
 * Builds an event of PLAYERS (512) players with every game of every round
 * recorded (ctd_sample_build_event()), then prints:
 *  - the command-line tool's `export --all` on it, as a director would run
 *    it: wall time and peak resident memory of that process (issue 4:
 *    at most 0.5 s and 60 MB for XLSX);
 *  - the same export in this process, split into (a) reading and
 *    computing (the reads and computations the report makes, done
 *    alone), (b) building the sheet model (the report's build less (a)),
 *    (c) writing the file; and (d) the floor: the libraries alone writing
 *    the same model (libxlsxwriter's calls for the same cells in the same
 *    formats; cairo and pango drawing the same cells with one layout and
 *    one font per style, nothing fitted). Issue 13's targets: the whole
 *    XLSX export within 1.5 times its floor, the PDF within 0.8 s;
 *  - that the writers take time linear in the text they draw: the same
 *    event with 20-character and with 200-character names, in time per
 *    character of the document's text (a writer quadratic in a text would
 *    take some ten times as long per character with the long names).
 * Each in-process figure is the best of a few runs: the machine is shared.
 * Not a timed test: it prints its figures, for a person or a CI log to read.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include "ctd-tournament.h"
#include "ctd-export.h"
#include "ctd-pdf.h"
#include "ctd-report.h"
#include "ctd-store.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"

#define TARGET_SECONDS 0.5
#define TARGET_MEGABYTES 60.0
#define TARGET_FLOOR_RATIO 1.5
#define TARGET_PDF_SECONDS 0.8
#define RUNS 3

/* Runs @argv; returns its wall time in seconds and peak RSS in MB. */
static gboolean
run_measured (char   **argv,
              double  *out_seconds,
              double  *out_megabytes)
{
  struct rusage usage;
  gint64 start = g_get_monotonic_time ();
  int status;
  pid_t pid = fork ();

  if (pid < 0)
    return FALSE;
  if (pid == 0)
    {
      int devnull = open ("/dev/null", O_WRONLY);

      if (devnull >= 0)
        dup2 (devnull, STDOUT_FILENO);
      execv (argv[0], argv);
      _exit (127);
    }
  if (wait4 (pid, &status, 0, &usage) != pid || !WIFEXITED (status) ||
      WEXITSTATUS (status) != 0)
    return FALSE;
  *out_seconds = (g_get_monotonic_time () - start) / 1e6;
  *out_megabytes = usage.ru_maxrss / 1024.0;  /* Linux: kilobytes */
  return TRUE;
}

/* (a): what the report reads and computes, without building anything:
 * the settings, every round's chouettes with their games, standings and
 * advancers, the players, the final placings and the audit log. */
static gboolean
read_event (CtdStore  *store,
            GError   **error)
{
  g_auto(CtdEventSettings) settings = { 0 };
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  g_autoptr(CtdStandings) placings = NULL;
  guint final_round;

  if (!ctd_store_get_settings (store, &settings, error) ||
      (rounds = ctd_store_list_rounds (store, error)) == NULL ||
      (players = ctd_store_list_players (store, error)) == NULL ||
      (audit = ctd_store_list_audit (store, error)) == NULL)
    return FALSE;
  for (guint r = 0; r < rounds->len; r++)
    {
      guint number = g_array_index (rounds, CtdStoreRound, r).number;
      g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (store, number, error);
      g_autoptr(CtdStandings) standings = NULL;
      g_autoptr(GArray) advancers = NULL;
      CtdStage next;

      if (chouettes == NULL ||
          (standings = ctd_tournament_round_standings (store, number, FALSE, error)) == NULL ||
          (advancers = ctd_tournament_list_advancers (store, number, &next, error)) == NULL)
        return FALSE;
      for (guint i = 0; i < chouettes->len; i++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
          g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, number, seats->number,
                                                                     error);

          if (chouette == NULL)
            return FALSE;
        }
    }
  placings = ctd_tournament_final_placings (store, &final_round, NULL);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* (d): the floors                                                           */

static uint8_t
floor_border (CtdSheetBorder border)
{
  return border == CTD_SHEET_BORDER_MEDIUM ? LXW_BORDER_MEDIUM
         : border == CTD_SHEET_BORDER_THIN ? LXW_BORDER_THIN
                                           : LXW_BORDER_NONE;
}

/* libxlsxwriter alone: the same worksheets, cells, merges, sizes and
 * formats, with no model to walk but the cells themselves. */
static gboolean
xlsx_floor (const CtdSheetDoc *doc,
            const char        *path)
{
  static const uint8_t aligns[] = { LXW_ALIGN_LEFT, LXW_ALIGN_CENTER, LXW_ALIGN_RIGHT };
  lxw_workbook *workbook = workbook_new (path);
  g_autofree lxw_format **formats = g_new0 (lxw_format *, doc->styles->len + 1);

  for (guint i = 0; i < doc->styles->len; i++)
    {
      const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, i);
      lxw_format *format = formats[i] = workbook_add_format (workbook);

      format_set_font_name (format, style->font);
      format_set_font_size (format, style->size);
      if (style->bold)
        format_set_bold (format);
      if (style->italic)
        format_set_italic (format);
      format_set_align (format, aligns[style->align]);
      format_set_align (format, LXW_ALIGN_VERTICAL_CENTER);
      if (style->wrap)
        format_set_text_wrap (format);
      else
        format_set_shrink (format);
      format_set_top (format, floor_border (style->border[CTD_SHEET_SIDE_TOP]));
      format_set_bottom (format, floor_border (style->border[CTD_SHEET_SIDE_BOTTOM]));
      format_set_left (format, floor_border (style->border[CTD_SHEET_SIDE_LEFT]));
      format_set_right (format, floor_border (style->border[CTD_SHEET_SIDE_RIGHT]));
      if (style->fill != CTD_SHEET_NO_FILL)
        {
          format_set_pattern (format, LXW_PATTERN_SOLID);
          format_set_bg_color (format, style->fill);
        }
      if (style->number_format != NULL)
        format_set_num_format (format, style->number_format);
    }
  for (guint p = 0; p < doc->pages->len; p++)
    {
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, p);
      lxw_worksheet *sheet = workbook_add_worksheet (workbook, page->name);

      for (guint col = 0; col < page->widths->len; col++)
        worksheet_set_column (sheet, col, col, g_array_index (page->widths, double, col), NULL);
      for (guint row = 0; row < page->heights->len; row++)
        worksheet_set_row (sheet, row, g_array_index (page->heights, double, row), NULL);
      for (guint i = 0; i < page->cells->len; i++)
        {
          const CtdSheetCell *c = g_ptr_array_index (page->cells, i);
          lxw_format *format = formats[c->style];

          if (c->last_row != c->row || c->last_col != c->col)
            worksheet_merge_range (sheet, c->row, c->col, c->last_row, c->last_col, "", format);
          if (c->kind == CTD_SHEET_CELL_NUMBER)
            worksheet_write_number (sheet, c->row, c->col, c->number, format);
          else if (c->kind == CTD_SHEET_CELL_FORMULA)
            worksheet_write_formula_num (sheet, c->row, c->col, c->formula, format, c->number);
          else if (*c->text != '\0')
            worksheet_write_string (sheet, c->row, c->col, c->text, format);
        }
      worksheet_set_landscape (sheet);
      worksheet_fit_to_pages (sheet, 1, page->fit_one_page ? 1 : 0);
    }
  return workbook_close (workbook) == LXW_NO_ERROR;
}

/* cairo and pango alone: each sheet of paper's fills, texts (at their
 * style's size, unfitted) and borders, with one layout and one font
 * description per style for the whole document. */
static gboolean
pdf_floor (const CtdSheetDoc *doc,
           GPtrArray         *papers,
           const char        *path)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (path, 595.276, 841.89);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(GPtrArray) fonts = g_ptr_array_new_with_free_func (
    (GDestroyNotify) pango_font_description_free);
  cairo_status_t status;

  for (guint i = 0; i < doc->styles->len; i++)
    {
      const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, i);
      PangoFontDescription *font = pango_font_description_new ();

      pango_font_description_set_family (font, style->font);
      pango_font_description_set_absolute_size (font, style->size * PANGO_SCALE);
      pango_font_description_set_weight (font, style->bold ? PANGO_WEIGHT_BOLD
                                                           : PANGO_WEIGHT_NORMAL);
      g_ptr_array_add (fonts, font);
    }
  for (guint n = 0; n < papers->len; n++)
    {
      const CtdPdfPaper *paper = g_ptr_array_index (papers, n);
      const CtdSheetPage *page = g_ptr_array_index (doc->pages, paper->page);
      guint n_rows = paper->heights->len;
      guint n_cols = ctd_sheet_page_get_n_cols (page);
      g_autofree double *row_y = g_new0 (double, n_rows + 1);
      g_autofree double *col_x = g_new0 (double, n_cols + 1);
      double y = 0;

      for (guint row = paper->first_row; row <= paper->last_row && row < n_rows; row++)
        {
          row_y[row] = y;
          y += g_array_index (paper->heights, double, row);
        }
      for (guint col = 0; col < n_cols; col++)
        {
          double chars = ctd_sheet_page_get_width (page, col);

          col_x[col + 1] = col_x[col] + 5.25 * (chars > 0 ? chars : 8.43) + 3.75;
        }
      cairo_pdf_surface_set_size (surface, paper->width, paper->height);
      cairo_save (cr);
      cairo_translate (cr, 36, 50);
      cairo_scale (cr, paper->scale, paper->scale);
      for (guint pass = 0; pass < 3; pass++)
        {
          for (guint i = 0; i < page->cells->len; i++)
            {
              const CtdSheetCell *c = g_ptr_array_index (page->cells, i);
              const CtdSheetStyle *style = &g_array_index (doc->styles, CtdSheetStyle, c->style);
              double x0, y0, x1, y1;

              if (c->row < paper->first_row || c->row > paper->last_row)
                continue;
              x0 = col_x[c->col];
              x1 = col_x[c->last_col + 1];
              y0 = row_y[c->row];
              y1 = row_y[c->row] + g_array_index (paper->heights, double, c->row);
              if (pass == 0 && style->fill != CTD_SHEET_NO_FILL)
                cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
              else if (pass == 1 && *c->text != '\0')
                {
                  pango_layout_set_font_description (layout, g_ptr_array_index (fonts, c->style));
                  pango_layout_set_text (layout, c->text, -1);
                  cairo_move_to (cr, x0 + 4, y0 + 2);
                  pango_cairo_show_layout (cr, layout);
                }
              else if (pass == 2 && (style->border[CTD_SHEET_SIDE_TOP] ||
                                     style->border[CTD_SHEET_SIDE_BOTTOM] ||
                                     style->border[CTD_SHEET_SIDE_LEFT] ||
                                     style->border[CTD_SHEET_SIDE_RIGHT]))
                cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
            }
          /* One fill colour and one line width: the documents' shade
           * and their thin lines. */
          if (pass == 0)
            {
              cairo_set_source_rgb (cr, 0.91, 0.93, 0.94);
              cairo_fill (cr);
              cairo_set_source_rgb (cr, 0, 0, 0);
            }
          else if (pass == 2)
            {
              cairo_set_line_width (cr, 0.5);
              cairo_stroke (cr);
            }
          else
            cairo_new_path (cr);
        }
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  g_object_unref (layout);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status == CAIRO_STATUS_SUCCESS;
}

/* ------------------------------------------------------------------------ */

/* A step's time: wall clock, and the CPU time of this process, which a
 * machine busy with other work inflates less. */
typedef struct
{
  double wall;
  double cpu;
} Figure;

typedef struct
{
  gint64 wall;
  double cpu;
} Mark;

static Mark
mark_now (void)
{
  struct timespec cpu;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  return (Mark) { g_get_monotonic_time (), cpu.tv_sec + cpu.tv_nsec / 1e9 };
}

typedef struct
{
  Figure read;      /* (a) */
  Figure build;     /* (a) + (b): the report */
  Figure xlsx;      /* (c) */
  Figure pages;     /* the CLI's page count after an XLSX export */
  Figure pdf;       /* (c) */
  Figure xlsx_floor;
  Figure pdf_floor;
  gsize  text;      /* characters of the document's text */
} Split;

static void
keep_best (Figure *best,
           Mark    start)
{
  Mark end = mark_now ();
  double wall = (end.wall - start.wall) / 1e6;
  double cpu = end.cpu - start.cpu;

  if (best->wall == 0 || wall < best->wall)
    best->wall = wall;
  if (best->cpu == 0 || cpu < best->cpu)
    best->cpu = cpu;
}

/* The export of @event in this process, each step the best of RUNS. */
static gboolean
measure_split (const char  *event,
               const char  *dir,
               Split       *split,
               GError     **error)
{
  g_autofree char *xlsx = g_build_filename (dir, "split.xlsx", NULL);
  g_autofree char *pdf = g_build_filename (dir, "split.pdf", NULL);
  g_autofree char *floor_xlsx = g_build_filename (dir, "floor.xlsx", NULL);
  g_autofree char *floor_pdf = g_build_filename (dir, "floor.pdf", NULL);

  memset (split, 0, sizeof *split);
  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(CtdStore) store = NULL;
      g_autoptr(CtdSheetDoc) doc = NULL;
      g_autoptr(GPtrArray) papers = NULL;
      Mark start = mark_now ();

      /* A fresh connection each time: the file's pages are in the
       * system's cache, SQLite's own cache starts empty, as in the CLI. */
      if ((store = ctd_store_open_read_only (event, error)) == NULL || !read_event (store, error))
        return FALSE;
      keep_best (&split->read, start);
      g_clear_pointer (&store, ctd_store_close);

      start = mark_now ();
      if ((store = ctd_store_open_read_only (event, error)) == NULL ||
          (doc = ctd_report_build (store, 0, 0, NULL, error)) == NULL)
        return FALSE;
      keep_best (&split->build, start);

      start = mark_now ();
      if (!ctd_export_write (doc, xlsx, error))
        return FALSE;
      keep_best (&split->xlsx, start);
      start = mark_now ();
      ctd_export_count_pages (doc);
      keep_best (&split->pages, start);
      start = mark_now ();
      if (!ctd_export_write (doc, pdf, error))
        return FALSE;
      keep_best (&split->pdf, start);

      start = mark_now ();
      if (!xlsx_floor (doc, floor_xlsx))
        return FALSE;
      keep_best (&split->xlsx_floor, start);
      papers = ctd_pdf_paginate (doc);
      start = mark_now ();
      if (!pdf_floor (doc, papers, floor_pdf))
        return FALSE;
      keep_best (&split->pdf_floor, start);

      split->text = 0;
      for (guint p = 0; p < doc->pages->len; p++)
        {
          const CtdSheetPage *page = g_ptr_array_index (doc->pages, p);

          for (guint i = 0; i < page->cells->len; i++)
            split->text += g_utf8_strlen (((CtdSheetCell *) g_ptr_array_index (page->cells, i))->text,
                                          -1);
        }
    }
  return TRUE;
}

/* An event of @n_players whose names are @length characters long, in
 * words, as a name of 200 characters may be. */
static gboolean
build_named_event (const char  *path,
                   guint        n_players,
                   guint        length,
                   GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_players; i++)
    {
      GString *name = g_string_new (NULL);

      g_string_printf (name, "%03u", i + 1);
      while (name->len < length)
        g_string_append (name, " Brzęczyszczykiewicz");
      /* Whole characters: the filler's letters take two bytes or one. */
      g_string_truncate (name, g_utf8_offset_to_pointer (name->str, length) - name->str);
      g_ptr_array_add (names, g_string_free (name, FALSE));
    }
  return ctd_test_build_named_event (path, (const char *const *) names->pdata, n_players, 13,
                                     TRUE, error);
}

static const char *
verdict (gboolean met)
{
  return met ? "MET" : "MISSED";
}

static void
print_figure (const char *what,
              double      wall,
              double      cpu)
{
  printf ("  %-34s %6.3f s  (%6.3f s CPU)\n", what, wall, cpu);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *event = NULL;
  guint players = argc > 2 ? (guint) atoi (argv[2]) : 512;
  const char *outputs[] = { "archive.xlsx", "archive.pdf" };
  const guint lengths[] = { 20, 200 };
  double per_char[G_N_ELEMENTS (lengths)][2];
  Split split;
  double whole;
  gboolean ok = TRUE;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s PATH/TO/chouette-td-cli [PLAYERS]\n", argv[0]);
      return 2;
    }
  dir = g_dir_make_tmp ("ctd-bench-export-XXXXXX", &error);
  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  event = g_build_filename (dir, "bench.chouette", NULL);
  if (!ctd_test_build_event (event, players, 512, TRUE, &error))
    {
      fprintf (stderr, "building the event: %s\n", error->message);
      ctd_test_remove_tree (dir);
      return 1;
    }
  printf ("export --all of a %u-player event, every game of every round recorded\n", players);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *out = g_build_filename (dir, outputs[i], NULL);
      char *cmd[] = { argv[1], event, (char *) "export", out, (char *) "--all", NULL };
      gboolean xlsx = g_str_has_suffix (outputs[i], ".xlsx");
      double seconds = 0, megabytes = 0;
      GStatBuf st;

      if (!run_measured (cmd, &seconds, &megabytes) || g_stat (out, &st) != 0)
        {
          printf ("  %s: the export failed\n", outputs[i]);
          ok = FALSE;
          continue;
        }
      printf ("  CLI %-13s %6.3f s  %6.1f MB peak  %7.1f KB written", outputs[i], seconds,
              megabytes, st.st_size / 1024.0);
      if (xlsx)
        printf ("   targets %.1f s, %.0f MB: %s", TARGET_SECONDS, TARGET_MEGABYTES,
                verdict (seconds <= TARGET_SECONDS && megabytes <= TARGET_MEGABYTES));
      printf ("\n");
    }

  if (!measure_split (event, dir, &split, &error))
    {
      printf ("  in process: %s\n", error->message);
      ctd_test_remove_tree (dir);
      return 1;
    }
  printf ("in this process, best of %u, wall clock (CPU time; the targets are judged on it, "
          "the machine being shared):\n", RUNS);
  print_figure ("(a) reading and computing", split.read.wall, split.read.cpu);
  print_figure ("(b) building the sheet model", MAX (0, split.build.wall - split.read.wall),
                MAX (0, split.build.cpu - split.read.cpu));
  print_figure ("(c) writing XLSX", split.xlsx.wall, split.xlsx.cpu);
  print_figure ("    counting its pages (the CLI)", split.pages.wall, split.pages.cpu);
  print_figure ("(d) libxlsxwriter alone", split.xlsx_floor.wall, split.xlsx_floor.cpu);
  whole = split.build.cpu + split.xlsx.cpu;
  print_figure ("    whole XLSX export (a+b+c)", split.build.wall + split.xlsx.wall, whole);
  printf ("      %.2f x the floor   target %.1f x: %s\n", whole / split.xlsx_floor.cpu,
          TARGET_FLOOR_RATIO, verdict (whole <= TARGET_FLOOR_RATIO * split.xlsx_floor.cpu));
  print_figure ("(c) writing PDF", split.pdf.wall, split.pdf.cpu);
  print_figure ("(d) cairo and pango alone", split.pdf_floor.wall, split.pdf_floor.cpu);
  whole = split.build.cpu + split.pdf.cpu;
  print_figure ("    whole PDF export (a+b+c)", split.build.wall + split.pdf.wall, whole);
  printf ("      %.2f x the floor   target %.1f s: %s\n", whole / split.pdf_floor.cpu,
          TARGET_PDF_SECONDS, verdict (whole <= TARGET_PDF_SECONDS));

  printf ("linear in the text: 32 players' event, names of 20 and of 200 characters\n");
  for (guint i = 0; i < G_N_ELEMENTS (lengths) && ok; i++)
    {
      g_autofree char *base = g_strdup_printf ("names-%u.chouette", lengths[i]);
      g_autofree char *path = g_build_filename (dir, base, NULL);
      Split named;

      if (!build_named_event (path, 32, lengths[i], &error) ||
          !measure_split (path, dir, &named, &error))
        {
          printf ("  names of %u characters: %s\n", lengths[i], error->message);
          ok = FALSE;
          break;
        }
      per_char[i][0] = named.xlsx.cpu / named.text * 1e6;
      per_char[i][1] = named.pdf.cpu / named.text * 1e6;
      printf ("  names of %3u characters: %7zu characters of text; XLSX %6.3f s CPU (%.2f µs "
              "a character), PDF %6.3f s CPU (%.2f µs a character)\n",
              lengths[i], named.text, named.xlsx.cpu, per_char[i][0], named.pdf.cpu,
              per_char[i][1]);
    }
  if (ok)
    printf ("  per character, 200 against 20: XLSX %.2f, PDF %.2f   (linear: about 1; "
            "quadratic: about 10)\n",
            per_char[1][0] / per_char[0][0], per_char[1][1] / per_char[0][1]);
  ctd_test_remove_tree (dir);
  return ok ? 0 : 1;
}
