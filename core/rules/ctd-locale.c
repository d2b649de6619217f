/* ctd-locale.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-locale"

#include "config.h"

#include "ctd-locale.h"

#include <langinfo.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

/*
 * The one place that knows how the director's locale writes a number.
 * Amounts and points are kept and written as plain ASCII decimals
 * ("-12.50"), which the notation, the event file and the CLI's JSON use
 * as they are; what a person reads goes through here on its way out.
 *
 * The separators are the current thread's LC_NUMERIC: nl_langinfo()
 * answers for the locale uselocale() set, so a report built in the
 * event's language writes that language's numbers while the window keeps
 * the director's.
 */

/* The decimal separator, "." when the locale names none. */
static char *
decimal_point (void)
{
  const char *point = nl_langinfo (RADIXCHAR);

  return g_strdup (point != NULL && *point != '\0' ? point : ".");
}

/* The thousands separator. The C locale names none, yet a message's
 * "1000000.00" still needs one to be read: "," beside a decimal point,
 * else a narrow no-break space, which no decimal separator is. */
static char *
thousands_separator (const char *point)
{
  const char *sep = nl_langinfo (THOUSEP);

  if (sep != NULL && *sep != '\0' && !g_str_equal (sep, point))
    return g_strdup (sep);
  return g_strdup (g_str_equal (point, ".") ? "," : "\u202f");
}

/**
 * ctd_locale_number:
 * @number: a decimal as the program writes it: "-12.50", "3", "+0.5"
 *
 * Writes @number as a person reads it in the current thread's locale:
 * its decimal point becomes the locale's ("-12,50" in French). Nothing
 * else changes, so a column of numbers keeps its width.
 *
 * Returns: (transfer full): the text
 */
char *
ctd_locale_number (const char *number)
{
  const char *dot;
  g_autofree char *point = NULL;

  g_return_val_if_fail (number != NULL, NULL);

  dot = strchr (number, '.');
  if (dot == NULL)
    return g_strdup (number);
  point = decimal_point ();
  return g_strdup_printf ("%.*s%s%s", (int) (dot - number), number, point, dot + 1);
}

/**
 * ctd_locale_group:
 * @number: a decimal as the program writes it: "-1234567.50", "364904448"
 *
 * Like ctd_locale_number(), and groups the whole part by thousands with
 * the locale's separator, for the large figures a message names
 * ("1,000,000.00", "1 000 000,00"), where a run of zeros is hard to
 * count. An optional sign and the fraction are kept; text that does not
 * start with digits is returned unchanged.
 *
 * Returns: (transfer full): the grouped text
 */
char *
ctd_locale_group (const char *number)
{
  g_autofree char *point = NULL;
  g_autofree char *sep = NULL;
  GString *text;
  gsize sign;
  gsize n_digits;

  g_return_val_if_fail (number != NULL, NULL);

  point = decimal_point ();
  sep = thousands_separator (point);
  sign = (number[0] == '-' || number[0] == '+') ? 1 : 0;
  n_digits = strspn (number + sign, "0123456789");
  if (n_digits == 0)
    return g_strdup (number);
  text = g_string_new_len (number, (gssize) sign);
  for (gsize i = 0; i < n_digits; i++)
    {
      if (i > 0 && (n_digits - i) % 3 == 0)
        g_string_append (text, sep);
      g_string_append_c (text, number[sign + i]);
    }
  if (number[sign + n_digits] == '.')
    {
      g_string_append (text, point);
      g_string_append (text, number + sign + n_digits + 1);
    }
  else
    g_string_append (text, number + sign + n_digits);
  return g_string_free (text, FALSE);
}

/**
 * ctd_locale_unlocalize:
 * @text: a number as a director typed it: "85,50" in French, "85.50"
 *
 * The other way: the text with the locale's decimal separator, when it
 * is not ".", read back as ".", so that a French director may type
 * "85,50" while "85.50" still works everywhere. Whether the result is a
 * number is for the caller's parser to say.
 *
 * Returns: (transfer full): the text with "." as its decimal point
 */
char *
ctd_locale_unlocalize (const char *text)
{
  g_autofree char *point = NULL;
  const char *found;

  g_return_val_if_fail (text != NULL, NULL);

  point = decimal_point ();
  if (g_str_equal (point, ".") || (found = strstr (text, point)) == NULL)
    return g_strdup (text);
  return g_strdup_printf ("%.*s.%s", (int) (found - text), text, found + strlen (point));
}

/**
 * ctd_locale_date:
 * @iso_date: (nullable): a date as the event keeps it, "2026-05-09"
 *
 * The date as it is printed on paper, in the current thread's locale
 * ("May 9, 2026", "9 mai 2026"): each translation picks its own order.
 *
 * Returns: (transfer full): the text; @iso_date itself (or "") when it is
 *   not a date
 */
char *
ctd_locale_date (const char *iso_date)
{
  g_autoptr(GDateTime) date = NULL;
  unsigned year, month, day;
  char tail;
  char *text = NULL;

  if (iso_date == NULL)
    return g_strdup ("");
  if (strlen (iso_date) == 10
      && sscanf (iso_date, "%4u-%2u-%2u%c", &year, &month, &day, &tail) == 3)
    date = g_date_time_new_utc ((int) year, (int) month, (int) day, 12, 0, 0);
  if (date != NULL)
    /* Translators: the event's date printed on sheets and reports, in
     * g_date_time_format()'s notation: %B is the month's name, %-d the
     * day, %Y the year. Put them in your language's order, e.g.
     * "%-d %B %Y". */
    text = g_date_time_format (date, C_("date on paper", "%B %-d, %Y"));
  return text != NULL ? text : g_strdup (iso_date);
}
