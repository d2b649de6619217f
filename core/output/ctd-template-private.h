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
};

G_END_DECLS
