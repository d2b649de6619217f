/* ctd-table-entry.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game entered from the table's phone: the form that asks in words,
 * the line it makes, the check before sending, and the form token that
 * binds every POST to its link.
 */

#pragma once

#include "ctd-chouette.h"
#include "ctd-result.h"

G_BEGIN_DECLS

/* The server's key for form tokens, drawn when it starts: 256 bits as
 * 64 hex digits. */
#define CTD_TABLE_ENTRY_KEY_BYTES 64
/* A form's body is a few fields: more is refused before it is read. */
#define CTD_TABLE_ENTRY_MAX_BODY  4096
/* The longest text a form field holds (a line is at most CTD_RESULT_MAX_LENGTH). */
#define CTD_TABLE_ENTRY_MAX_FIELD 600

/* What a table's form posts to, under /t/SECRET/ */
#define CTD_TABLE_ENTRY_CHECK  "check"
#define CTD_TABLE_ENTRY_SEND   "send"
#define CTD_TABLE_ENTRY_ANSWER "answer"
/* A check's field that asks for the form again, holding its answers. */
#define CTD_TABLE_ENTRY_CHANGE "change"

char     *ctd_table_entry_token      (const guint8       *key,
                                      const char         *secret);
gboolean  ctd_table_entry_token_is   (const guint8       *key,
                                      const char         *secret,
                                      const char         *candidate);

char     *ctd_table_entry_line       (const CtdChouette  *chouette,
                                      guint               game,
                                      GHashTable         *fields,
                                      GError            **error);

char     *ctd_table_entry_form       (const CtdChouette  *chouette,
                                      const char         *label,
                                      const char         *secret,
                                      const char         *token,
                                      guint               game,
                                      GHashTable         *fields,
                                      const char         *problem);
char     *ctd_table_entry_preview    (const CtdChouette  *chouette,
                                      const char         *label,
                                      const char         *secret,
                                      const char         *token,
                                      guint               game,
                                      guint               entered_by,
                                      const char         *line,
                                      GHashTable         *fields,
                                      GError            **error);

G_END_DECLS
