/* ctd-table-form.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pieces of a table's entry form (ctd-table-form.c).
 */

#pragma once

#include "ctd-chouette.h"
#include "ctd-result.h"

G_BEGIN_DECLS

/* Rows the form offers; a game with more is typed in notation. */
#define CTD_FORM_EXTRAS    2
#define CTD_FORM_PENALTIES 2

const char *ctd_form_field          (GHashTable           *fields,
                                     const char           *name);
gboolean    ctd_form_parse_uint     (const char           *text,
                                     guint                 max,
                                     guint                *out_value);
void        ctd_form_hidden         (GString              *page,
                                     const char           *name,
                                     const char           *value);
void        ctd_form_radio          (GString              *page,
                                     GHashTable           *fields,
                                     const char           *name,
                                     const char           *value,
                                     gboolean              by_default,
                                     const char           *label);
void        ctd_form_radio_named    (GString              *page,
                                     GHashTable           *fields,
                                     const char           *name,
                                     const char           *value,
                                     const char           *format,
                                     const char           *player_name);
void        ctd_form_begin_fieldset (GString              *page,
                                     const char           *legend);
void        ctd_form_begin_fieldset_named (GString        *page,
                                           const char     *format,
                                           const char     *player_name);
void        ctd_form_option         (GString              *page,
                                     const char           *value,
                                     gboolean              selected,
                                     const char           *label);
const char *ctd_form_describe_end   (CtdCubeEnd            end);
void        ctd_form_append_more    (GString              *page,
                                     const CtdChouette    *chouette,
                                     const CtdGameContext *context,
                                     const guint          *crew,
                                     guint                 n_crew,
                                     GHashTable           *fields);
gboolean    ctd_form_read_more      (GHashTable           *fields,
                                     CtdResult            *result,
                                     GError              **error);
char       *ctd_form_explain_refusal (const CtdChouette   *chouette,
                                      GHashTable          *fields,
                                      const GError        *error);

G_END_DECLS
