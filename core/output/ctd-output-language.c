/* ctd-output-language.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place where sheets and reports take the event's language.
 * gettext (glibc's) reads the language of a message from the calling
 * thread's LC_MESSAGES locale, so a document is built and written under
 * a thread locale made for the event (newlocale() + uselocale()): its
 * texts, and its numbers and dates, come out in the event's language in
 * a worker thread while the window goes on in the director's. Only
 * messages, numbers and dates follow the event; the character set stays
 * the director's (UTF-8).
 *
 * Limits, as glibc and GLib have them (HACKING.md): the LANGUAGE
 * variable, when set, goes before any locale, for every thread: the
 * export then says so in its warnings; the locale must be installed
 * (fr_FR.UTF-8 for "fr"), else the sheets print in the director's
 * language and the export says that too.
 */

#define G_LOG_DOMAIN "ctd-output"

#include "config.h"

#include "ctd-output-language.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#define EVENT_CATEGORIES (LC_MESSAGES_MASK | LC_NUMERIC_MASK | LC_TIME_MASK)

/* The locales a language code may be installed as, most likely first:
 * "fr" as fr_FR.UTF-8 (the language's own country) or fr.UTF-8,
 * "pt_BR" as pt_BR.UTF-8. */
static GPtrArray *
candidate_names (const char *code)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  if (strchr (code, '_') != NULL)
    {
      g_ptr_array_add (names, g_strconcat (code, ".UTF-8", NULL));
      return names;
    }
  {
    g_autofree char *country = g_ascii_strup (code, -1);

    g_ptr_array_add (names, g_strdup_printf ("%s_%s.UTF-8", code, country));
    g_ptr_array_add (names, g_strconcat (code, ".UTF-8", NULL));
  }
  return names;
}

/* The thread locale for @code's messages, numbers and dates, over a
 * copy of the process's for the rest; (locale_t) 0 when none of the
 * locales it may be installed as is. Sets @out_name to the one found. */
static locale_t
open_locale (const char  *code,
             char       **out_name)
{
  g_autoptr(GPtrArray) names = candidate_names (code);

  for (guint i = 0; i < names->len; i++)
    {
      locale_t base = duplocale (LC_GLOBAL_LOCALE);
      locale_t locale;

      if (base == (locale_t) 0)
        return (locale_t) 0;
      locale = newlocale (EVENT_CATEGORIES, g_ptr_array_index (names, i), base);
      if (locale != (locale_t) 0)
        {
          if (out_name != NULL)
            *out_name = g_strdup (g_ptr_array_index (names, i));
          return locale;
        }
      freelocale (base);
    }
  return (locale_t) 0;
}

/**
 * ctd_output_language_locale_name:
 * @code: a language code, as the event file holds it ("fr", "pt_BR")
 *
 * Which installed locale the sheets of an event in @code's language
 * print under.
 *
 * Returns: (transfer full) (nullable): its name ("fr_FR.UTF-8"; "C" for
 *   English without an English locale), %NULL when none is installed
 */
char *
ctd_output_language_locale_name (const char *code)
{
  char *name = NULL;
  locale_t locale;

  g_return_val_if_fail (code != NULL, NULL);

  locale = open_locale (code, &name);
  if (locale != (locale_t) 0)
    freelocale (locale);
  /* English needs none: the program's own texts, in the C locale. */
  if (name == NULL && g_str_equal (code, "en"))
    name = g_strdup ("C");
  return name;
}

static gboolean make_locale (CtdOutputLanguage  *scope,
                             const char         *code,
                             char              **out_warning);

/**
 * ctd_output_language_begin:
 * @scope: (out caller-allocates): what ctd_output_language_end() undoes
 * @code: (nullable): the event's language code; %NULL or "" for the
 *   language of whoever prints (nothing changes)
 * @out_warning: (out) (optional) (nullable): why the document does not
 *   print in @code's language after all, for the export's warnings
 *
 * Makes the calling thread's messages, numbers and dates those of @code
 * until ctd_output_language_end(). English ("en") is the program's own
 * texts whatever the director's language. When @code's locale is not
 * installed, or the LANGUAGE variable chooses every message's language,
 * the document prints in the director's language and @out_warning says
 * so. (A writer whose format wants numbers with a point whatever the
 * language makes sure of it itself: ctd_xlsx_write_full().)
 *
 * Returns: whether the thread now prints in @code's language
 */
gboolean
ctd_output_language_begin (CtdOutputLanguage  *scope,
                           const char         *code,
                           char              **out_warning)
{
  gboolean in_language;

  g_return_val_if_fail (scope != NULL, FALSE);

  in_language = make_locale (scope, code, out_warning);
  if (scope->locale != (locale_t) 0)
    scope->previous = uselocale (scope->locale);
  return in_language;
}

/* The thread locale for @code into @scope (not in use yet): %FALSE,
 * with none, when it prints in the director's language. */
static gboolean
make_locale (CtdOutputLanguage  *scope,
             const char         *code,
             char              **out_warning)
{
  const char *variable = g_getenv ("LANGUAGE");
  gboolean english = g_strcmp0 (code, "en") == 0;

  scope->locale = (locale_t) 0;
  scope->previous = (locale_t) 0;
  if (out_warning != NULL)
    *out_warning = NULL;
  if (code == NULL || *code == '\0')
    return FALSE;

  scope->locale = open_locale (code, NULL);
  if (scope->locale == (locale_t) 0 && english)
    scope->locale = duplocale (LC_GLOBAL_LOCALE);
  /* gettext leaves every text as written under the C locale, and reads
   * no LANGUAGE there: English whatever else is set. */
  if (scope->locale != (locale_t) 0 && english)
    {
      locale_t c_messages = newlocale (LC_MESSAGES_MASK, "C", scope->locale);

      if (c_messages == (locale_t) 0)
        g_clear_pointer (&scope->locale, freelocale);
      else
        scope->locale = c_messages;
    }
  if (scope->locale == (locale_t) 0)
    {
      if (out_warning != NULL)
        {
          g_autoptr(GPtrArray) names = candidate_names (code);

          /* Translators: the first %s is a language code, e.g. "fr",
           * the second a locale the system must have installed, e.g.
           * "fr_FR.UTF-8". */
          *out_warning = g_strdup_printf (_("the sheets are in this computer's language, not "
                                            "in the event's (%s): its locale is not installed "
                                            "here; install %s (the system's language "
                                            "settings) to print them in it"),
                                          code, (const char *) g_ptr_array_index (names, 0));
        }
      return FALSE;
    }
  if (!english && variable != NULL && *variable != '\0' && out_warning != NULL &&
      strncmp (variable, code, strcspn (code, "_")) != 0)
    /* Translators: LANGUAGE is the name of a variable; the first %s
     * its value ("de:en"), the second a language code, e.g. "fr". */
    *out_warning = g_strdup_printf (_("the LANGUAGE variable (“%s”) chooses the language of "
                                      "every text, so the sheets may not be in the event's "
                                      "language (%s); start Chouette TD without it to print "
                                      "them in it"), variable, code);
  return TRUE;
}

/**
 * ctd_output_language_end:
 * @scope: what ctd_output_language_begin() filled
 *
 * Gives the calling thread its locale back. Does nothing the second
 * time, nor after a begin that changed nothing.
 */
void
ctd_output_language_end (CtdOutputLanguage *scope)
{
  if (scope->locale == (locale_t) 0)
    return;
  uselocale (scope->previous);
  freelocale (scope->locale);
  scope->locale = (locale_t) 0;
}
