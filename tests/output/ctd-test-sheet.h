/* ctd-test-sheet.h: events for the printed documents and their sheet
 * models read cell by cell, for the test programs of the reports.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-report.h"
#include "ctd-store.h"
#include "ctd-test-files.h"

G_BEGIN_DECLS

/* Layout rows of a scoring sheet (templates/scoring-sheet-4.ini). */
#define ROW_NAMES 5
#define ROW_GAME1 7
#define ROW_TOTALS (ROW_GAME1 + CTD_N_GAMES)
#define ROW_AMOUNTS (ROW_TOTALS + 1)
#define COL_BOX 2
#define COL_CAPTAIN 3
#define COL_PLAYING 4
#define COL_CUBE 5
#define COL_DECISIONS 6
#define COL_PLAYER(k) (7 + 2 * (k))
#define COL_ZERO_SUM 16

#define CTD_TEST_N_HOSTILE 4
extern const char *const ctd_test_hostile[CTD_TEST_N_HOSTILE];

CtdStore           *ctd_test_create_event     (const CtdTestFolder *fixture,
                                               guint                n);
void                ctd_test_record_sheet     (CtdStore            *store,
                                               guint                round,
                                               guint                chouette,
                                               guint                last);
const CtdSheetCell *ctd_test_cell_at          (const CtdSheetPage  *page,
                                               guint                row,
                                               guint                col);
void                ctd_test_assert_number    (const CtdSheetPage  *page,
                                               guint                row,
                                               guint                col,
                                               double               expected);
void                ctd_test_assert_empty     (const CtdSheetPage  *page,
                                               guint                row,
                                               guint                col);
char               *ctd_test_page_text        (const CtdSheetPage  *page);
gboolean            ctd_test_has_number_cells (const CtdSheetPage  *page);

G_END_DECLS
