/* ctd-import.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_IMPORT_ERROR (ctd_import_error_quark ())

typedef enum
{
  CTD_IMPORT_ERROR_EMPTY,     /* no header row, or no player row */
  CTD_IMPORT_ERROR_ENCODING,  /* not UTF-8 */
  CTD_IMPORT_ERROR_COLUMNS,   /* no name column (the message lists the columns found) */
  CTD_IMPORT_ERROR_SYNTAX,    /* an unterminated quoted field */
} CtdImportError;

/*
 * CtdImportRow:
 * @line: the line the row starts on in the file, counting from 1
 * @name: (nullable): the player's name, trimmed; %NULL when @skipped
 * @club: (nullable): the club column, trimmed, %NULL when empty or absent
 * @member_id: (nullable): the player ID column, likewise
 * @skipped: (nullable): why the row cannot be a player, or %NULL
 */
typedef struct
{
  guint  line;
  char  *name;
  char  *club;
  char  *member_id;
  char  *skipped;
} CtdImportRow;

/*
 * CtdImportSkip:
 * @line: the row's line in the file
 * @name: (nullable): the name it held
 * @reason: why it is not a player, for the director to fix the file
 */
typedef struct
{
  guint  line;
  char  *name;
  char  *reason;
} CtdImportSkip;

/*
 * CtdImportReport:
 * @n_added: players registered
 * @skipped: (element-type CtdImportSkip): every row that was not, in file order
 */
typedef struct
{
  guint      n_added;
  GPtrArray *skipped;
} CtdImportReport;

GQuark     ctd_import_error_quark (void);

GPtrArray *ctd_import_parse_csv   (const char  *data,
                                   gsize        length,
                                   GError     **error);

void       ctd_import_report_free (CtdImportReport *report);
CtdImportReport *
           ctd_import_players     (CtdStore    *store,
                                   const char  *source,
                                   const char  *data,
                                   gsize        length,
                                   gboolean     checked_in,
                                   GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdImportReport, ctd_import_report_free)

G_END_DECLS
