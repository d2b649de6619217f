/* ctd-report-build.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one door every printed and exported document goes through: the
 * part a director chose, built in the event's language.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report.h"

#include "ctd-output-language.h"
#include "ctd-store.h"

/**
 * ctd_report_build:
 * @store: an event
 * @round: a round, or 0 for the whole event
 * @chouette: a chouette of @round, or 0 for the whole round
 * @options: (nullable): as for ctd_report_chouette()
 * @error: return location for a #GError
 *
 * The document `export --chouette`, `--round` and `--all` write, by
 * which numbers are given: ctd_report_chouette(), ctd_report_round() or
 * ctd_report_archive(). One choice for every caller that prints or
 * exports what a director chose, in the event's language
 * (ctd_output_language_begin(), the thread's alone): its texts, numbers
 * and dates, and the built-in layouts' texts.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdSheetDoc *
ctd_report_build (CtdStore               *store,
                  guint                   round,
                  guint                   chouette,
                  const CtdReportOptions *options,
                  GError                **error)
{
  g_auto(CtdEventSettings) settings = { NULL, };
  g_auto(CtdOutputLanguage) language = { 0, };
  g_autofree char *warning = NULL;
  CtdSheetDoc *doc;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (chouette == 0 || round != 0, NULL);

  if (!ctd_store_get_settings (store, &settings, error))
    return NULL;
  ctd_output_language_begin (&language, settings.language, &warning);
  if (chouette != 0)
    doc = ctd_report_chouette (store, round, chouette, options, error);
  else if (round != 0)
    doc = ctd_report_round (store, round, options, error);
  else
    doc = ctd_report_archive (store, options, error);
  if (doc != NULL)
    {
      doc->language = g_strdup (settings.language);
      doc->language_warning = g_steal_pointer (&warning);
    }
  return doc;
}
