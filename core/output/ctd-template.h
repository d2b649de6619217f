/* ctd-template.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layout files from templates/: the page setup, fonts, texts and columns of
 * a printed document, in GKeyFile syntax. The builders in ctd-report say
 * which keys they need; a file with a missing, unknown or malformed key is
 * refused with its path and line, so a club can edit its copy safely.
 */

#pragma once

#include <glib.h>

#include "ctd-sheet.h"

G_BEGIN_DECLS

#define CTD_TEMPLATE_ERROR (ctd_template_error_quark ())

typedef enum
{
  CTD_TEMPLATE_ERROR_SYNTAX,   /* not GKeyFile syntax, or not UTF-8 */
  CTD_TEMPLATE_ERROR_MISSING,  /* a key the layout needs is absent */
  CTD_TEMPLATE_ERROR_UNKNOWN,  /* a group, key or placeholder we do not know */
  CTD_TEMPLATE_ERROR_VALUE,    /* a value that cannot be read */
} CtdTemplateError;

/*
 * CtdTemplateSpec:
 * @name: the file name, "scoring-sheet-4.ini"
 * @fonts, @texts, @columns: (array zero-terminated=1): the keys the layout
 *   needs in [Fonts], [Text] and [Columns]
 * @placeholders: (array zero-terminated=1): the {names} its texts may use,
 *   besides {page} and {pages} in the header and footer
 * @added: (array zero-terminated=1) (nullable): keys of @fonts, @texts and
 *   @columns that a later version added to the layout, as "Group/Key"
 *   ("Columns/Playing"): a club's copy made before lacks them, so a
 *   missing one takes the built-in layout's value instead of refusing
 *   the copy
 */
typedef struct
{
  const char        *name;
  const char *const *fonts;
  const char *const *texts;
  const char *const *columns;
  const char *const *placeholders;
  const char *const *added;
} CtdTemplateSpec;

typedef struct
{
  char     *family;
  double    size;
  gboolean  bold;
  gboolean  italic;
} CtdTemplateFont;

typedef struct
{
  char   *heading;
  double  width;
} CtdTemplateColumn;

typedef struct _CtdTemplate CtdTemplate;

GQuark       ctd_template_error_quark   (void);

CtdTemplate *ctd_template_load          (const CtdTemplateSpec  *spec,
                                         const char             *dir,
                                         GError                **error);
CtdTemplate *ctd_template_load_data     (const CtdTemplateSpec  *spec,
                                         const char             *source,
                                         const char             *data,
                                         gsize                   length,
                                         GError                **error);
void         ctd_template_free          (CtdTemplate            *self);
const char  *ctd_template_get_builtin   (const char             *name);

const char  *ctd_template_get_source    (const CtdTemplate      *self);
CtdSheetPaper ctd_template_get_paper    (const CtdTemplate      *self);
gboolean     ctd_template_get_landscape (const CtdTemplate      *self);
double       ctd_template_get_margin    (const CtdTemplate      *self);
const char  *ctd_template_get_header    (const CtdTemplate      *self,
                                         guint                   part);
const char  *ctd_template_get_footer    (const CtdTemplate      *self,
                                         guint                   part);
const CtdTemplateFont *
             ctd_template_get_font      (const CtdTemplate      *self,
                                         const char             *key);
const char  *ctd_template_get_text      (const CtdTemplate      *self,
                                         const char             *key);
const CtdTemplateColumn *
             ctd_template_get_column    (const CtdTemplate      *self,
                                         const char             *key);

char        *ctd_template_expand        (const char             *text,
                                         const char *const      *names,
                                         const char *const      *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdTemplate, ctd_template_free)

G_END_DECLS
