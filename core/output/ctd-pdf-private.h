/* ctd-pdf-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/output/ctd-pdf*.c files. Never included outside
 * them.
 *
 *   ctd-pdf.c      fonts, fitting text, paginating
 *   ctd-pdf-draw.c drawing the sheets of paper, writing the file
 */

#pragma once

#include "ctd-pdf.h"

#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* A spreadsheet's column width unit (one character of its default font)
 * and default row, in points, so that both writers lay out the same page. */
#define POINTS_PER_CHAR 5.25
#define COLUMN_PADDING 3.75
#define DEFAULT_WIDTH 8.43
#define DEFAULT_HEIGHT 15.0
/* Room between the margin and the grid for the header and the footer, as
 * the XLSX writer asks of a spreadsheet (0.2 inch). */
#define BAND (0.2 * 72)
#define PAD 2.0         /* above and below text */
#define INDENT 4.0      /* left or right of text, as the XLSX indent */
/* A page fitted to one sheet is enlarged up to this much to fill it. */
#define MAX_ENLARGE 1.5
#define THIN 0.5
#define MEDIUM 1.5
#define DASH 3.0        /* a cut line's dashes and gaps */
#define HEADER_SIZE 8.0
/* A text that does not fit is shrunk, 5% of its size at a time, down to
 * 60% (8 steps), before it wraps; it is never cut. */
#define SHRINK_STEP  0.05
#define SHRINK_STEPS 8
/* Families after the layout's own, for the letters it lacks: pango takes
 * each character from the first of them that has it, so a name in Chinese,
 * Arabic or Hebrew prints as the name (fonts-noto-core, fonts-noto-cjk;
 * DejaVu Sans comes with every Debian). */
#define FALLBACK_FAMILIES \
  "Noto Sans, Noto Sans CJK SC, Noto Sans Arabic, Noto Sans Hebrew, DejaVu Sans, sans-serif"

/* The sizes pdf_fit_text() tries: 1, 0.95, ... 0.6. */
#define N_STEPS (SHRINK_STEPS + 1)

/*
 * What measuring and drawing reuse from one cell, and one sheet of paper,
 * to the next: one layout, and each style's font description at each size
 * pdf_fit_text() tries, made once rather than per cell. A description holds
 * the eight families of a fallback list, and a layout whose description
 * stays equal keeps pango's font lookups: making both per cell cost more
 * than the drawing.
 */
typedef struct
{
  const CtdSheetDoc     *doc;
  PangoLayout           *layout;
  PangoFontDescription **fonts;  /* [style * N_STEPS + step], made when first used */
  PangoFontDescription  *band;   /* the header's and footer's */
  GPtrArray             *rtl_names;
  GHashTable            *fitted; /* (element-type Fitted): pdf_fit_text()'s layouts */
  int                   *ascii;  /* [style * 128 + c], see sets_on_one_line() */
} Painter;

/* ---- ctd-pdf.c --------------------------------------------------------- */

double pdf_column_points (const CtdSheetPage *page,
                          guint               col);

PangoFontDescription *pdf_style_font (const CtdSheetStyle *style,
                                      double               factor);

void pdf_painter_clear (Painter *painter);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Painter, pdf_painter_clear)

void pdf_keep_alignment (PangoLayout *layout);

PangoLayout *pdf_fit_text (Painter    *painter,
                           guint       style_index,
                           const char *text,
                           double      width,
                           double      height,
                           double     *out_width,
                           double     *out_height,
                           double     *out_offset);

char *pdf_isolate_names (const char *text,
                         GPtrArray  *names);

PangoLayout *pdf_measuring_layout (void);

void pdf_painter_init (Painter           *painter,
                       const CtdSheetDoc *doc,
                       PangoLayout       *layout);

G_END_DECLS
