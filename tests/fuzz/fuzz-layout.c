/* fuzz-layout.c: a club's copy of a layout file (templates/).
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is the file. A layout is refused with one line,
 * "standings.ini:LINE: message", or it has every key its spec needs and
 * every text expands.
 */

#include "config.h"

#include <string.h>

#include "ctd-fuzz.h"
#include "ctd-template.h"

#define SOURCE "club/standings.ini"

/* A spec of the shape ctd-report.c's have, named after a built-in layout
 * so that an added key missing from the input takes the built-in's
 * value: the parser's paths are the same whatever the keys are called. */
static const char *const fonts[] = { "Title", "Body", NULL };
static const char *const texts[] = { "Title", "Progress", "Place", NULL };
static const char *const columns[] = { "Name", "Score", NULL };
static const char *const placeholders[] = { "event", "round", "complete", "chouettes", NULL };
static const char *const added[] = { "Text/Place", "Columns/Score", NULL };
static const CtdTemplateSpec spec = { "standings.ini", fonts, texts, columns, placeholders, added };

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char *const values[] = { "Open", "1", "2", "3", NULL };
  g_autoptr(CtdTemplate) layout = NULL;
  g_autoptr(GError) error = NULL;
  const char *rest;
  char *end = NULL;

  ctd_fuzz_init ();
  layout = ctd_template_load_data (&spec, SOURCE, (const char *) data, size, &error);
  if (layout == NULL)
    {
      ctd_fuzz_check_refusal (error, CTD_TEMPLATE_ERROR);
      ctd_fuzz_check (g_str_has_prefix (error->message, SOURCE ":"),
                      "“%s” does not start with the file's name", error->message);
      rest = error->message + strlen (SOURCE ":");
      ctd_fuzz_check (g_ascii_isdigit (*rest) && g_ascii_strtoull (rest, &end, 10) >= 1 &&
                      g_str_has_prefix (end, ": "), "“%s” names no line", error->message);
      return 0;
    }
  for (guint part = 0; part < 3; part++)
    ctd_fuzz_check (ctd_template_get_header (layout, part) != NULL &&
                    ctd_template_get_footer (layout, part) != NULL, "a header or footer part lost");
  for (guint i = 0; fonts[i] != NULL; i++)
    {
      const CtdTemplateFont *font = ctd_template_get_font (layout, fonts[i]);

      ctd_fuzz_check (font->size >= 4 && font->size <= 72 && *font->family != '\0',
                      "the font %s is “%s” at %g points", fonts[i], font->family, font->size);
    }
  for (guint i = 0; texts[i] != NULL; i++)
    {
      g_autofree char *text = ctd_template_expand (ctd_template_get_text (layout, texts[i]),
                                                   placeholders, values);

      ctd_fuzz_check (g_utf8_validate (text, -1, NULL), "the text %s expands to non-UTF-8",
                      texts[i]);
    }
  for (guint i = 0; columns[i] != NULL; i++)
    ctd_fuzz_check (ctd_template_get_column (layout, columns[i])->width >= 1,
                    "the column %s has no width", columns[i]);
  return 0;
}
