/* ctd-output-language.h: sheets and reports in the event's language.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <locale.h>

G_BEGIN_DECLS

/*
 * CtdOutputLanguage:
 *
 * The calling thread's locale while a document is built or written in
 * an event's language (ctd_output_language_begin()): the thread's own,
 * set by uselocale(), so that other threads (the window) keep theirs.
 */
typedef struct
{
  locale_t locale;    /* the event's, or (locale_t) 0 when nothing changed */
  locale_t previous;  /* the thread's before, put back at the end */
} CtdOutputLanguage;

char     *ctd_output_language_locale_name (const char        *code);
gboolean  ctd_output_language_begin       (CtdOutputLanguage *scope,
                                           const char        *code,
                                           char             **out_warning);
void      ctd_output_language_end         (CtdOutputLanguage *scope);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtdOutputLanguage, ctd_output_language_end)

G_END_DECLS
