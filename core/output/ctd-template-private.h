/* ctd-template-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/output/ctd-template*.c files. Never included
 * outside them.
 */

#pragma once

#include "ctd-template.h"

G_BEGIN_DECLS

struct _CtdTemplate
{
  char          *source;
  CtdSheetPaper  paper;
  gboolean       landscape;
  double         margin;
  char          *header[3];
  char          *footer[3];
  GHashTable    *fonts;    /* key -> CtdTemplateFont */
  GHashTable    *texts;    /* key -> char * */
  GHashTable    *columns;  /* key -> CtdTemplateColumn */
  gboolean       builtin;  /* its texts are read in the reader's language */
};

CtdTemplate *ctd_template_read (const CtdTemplateSpec  *spec,
                                const char             *source,
                                const char             *data,
                                gsize                   length,
                                gboolean                builtin,
                                GError                **error);

G_END_DECLS
