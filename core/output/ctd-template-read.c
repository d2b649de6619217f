/* ctd-template-read.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading a layout file and checking it against what its part needs,
 * with messages that give the file and the line.
 */

#define G_LOG_DOMAIN "ctd-template"

#include "config.h"

#include "ctd-template-private.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ctd-rules-enum-types.h"
#include "ctd-types.h"

static const char *const page_keys[] = {
  "Paper", "Orientation", "Margin", "Header", "Footer", NULL
};

static void
font_free (gpointer data)
{
  CtdTemplateFont *font = data;

  g_free (font->family);
  g_free (font);
}

static void
column_free (gpointer data)
{
  CtdTemplateColumn *column = data;

  g_free (column->heading);
  g_free (column);
}

/* Where the text is: the line of @key in [@group], else of [@group], else 1. */
static guint
find_line (const char *data,
           const char *group,
           const char *key)
{
  g_auto(GStrv) lines = g_strsplit (data, "\n", -1);
  gboolean in_group = FALSE;
  guint group_line = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *eq;

      while (g_ascii_isspace (*line))
        line++;
      if (*line == '[')
        {
          g_autofree char *name = g_strndup (line + 1, strcspn (line + 1, "]"));

          in_group = g_strcmp0 (name, group) == 0;
          if (in_group && group_line == 0)
            group_line = i + 1;
          continue;
        }
      eq = strchr (line, '=');
      if (in_group && key != NULL && eq != NULL)
        {
          g_autofree char *name = g_strndup (line, eq - line);

          if (g_strcmp0 (g_strstrip (name), key) == 0)
            return i + 1;
        }
    }
  return group_line != 0 ? group_line : 1;
}

/* Whether GKeyFile takes @name ("Title", "Name[fr]") as a key name:
 * no "=", "[" or "]" outside a locale suffix of letters, digits and
 * "-_.@", no space at either end. */
static gboolean
is_key_name (const char *name)
{
  gsize n = strcspn (name, "=[]");
  const char *p = name + n;

  if (n == 0 || name[0] == ' ' || name[n - 1] == ' ')
    return FALSE;
  if (*p == '[')
    {
      for (p++; *p != '\0' && *p != ']'; p = g_utf8_next_char (p))
        if (!g_unichar_isalnum (g_utf8_get_char (p)) && strchr ("-_.@", *p) == NULL)
          return FALSE;
      if (*p == ']')
        p++;
      else
        return FALSE;
    }
  return *p == '\0';
}

/*
 * describe_bad_line:
 * @data: a layout's text, which GKeyFile refused
 * @out_line: (out): the line to fix, counting from 1
 *
 * GKeyFile's messages name no line. This finds the first line it cannot
 * read, by its own rules: a line is blank, a # comment, a [Group] (a
 * name with no bracket or control character, then only spaces), or
 * Key=Value inside a group, with a Key GKeyFile accepts.
 *
 * Returns: (transfer full): what is wrong with it, for a director to fix
 */
static char *
describe_bad_line (const char *data,
                   guint      *out_line)
{
  g_auto(GStrv) lines = g_strsplit (data, "\n", -1);
  gboolean seen_group = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      gsize length;

      *out_line = i + 1;
      while (g_ascii_isspace (*line))
        line++;
      length = strlen (line);
      /* GKeyFile reads "\r\n" as a line's end. */
      if (length > 0 && line[length - 1] == '\r')
        line[--length] = '\0';
      if (*line == '\0' || *line == '#')
        continue;
      if (*line == '[')
        {
          const char *close = strrchr (line, ']');
          g_autofree char *name = NULL;

          if (close == NULL || close[1 + strspn (close + 1, " \t")] != '\0')
            /* Translators: group names in square brackets and key names are the
             * layout file's own words: keep them in English */
            return g_strdup (_("a “[” that does not end the line with “]”; expected a "
                               "group such as [Page]"));
          name = g_strndup (line + 1, close - line - 1);
          for (const char *p = name; *p != '\0'; p++)
            if (*p == '[' || *p == ']' || g_ascii_iscntrl (*p))
              /* Translators: group names in square brackets and key names are the
               * layout file's own words: keep them in English */
              return g_strdup_printf (_("[%s] is not a group name; a layout has [Page], "
                                        "[Fonts], [Text] and [Columns]"), name);
          if (*name == '\0')
            return g_strdup (_("[] names no group; a layout has [Page], [Fonts], [Text] "
                               "and [Columns]"));
          seen_group = TRUE;
          continue;
        }
      if (strchr (line, '=') == NULL || *line == '=')
        /* Translators: group names in square brackets and key names are the
         * layout file's own words: keep them in English */
        return g_strdup (_("this line is neither a [Group], a Key=Value nor a # comment"));
      if (!seen_group)
        return g_strdup (_("a Key=Value before the first [Group]; a layout starts with "
                           "[Page]"));
      {
        g_autofree char *key = g_strndup (line, strchr (line, '=') - line);

        g_strchomp (key);
        if (!is_key_name (key))
          return g_strdup_printf (_("“%s” is not a key name; a key has no “[”, “]” or "
                                    "leading space, such as “Title=…”"), key);
      }
    }
  *out_line = 1;
  return NULL;
}

static void
set_error_at (GError    **error,
              int         code,
              const char *source,
              guint       line,
              const char *format,
              ...) G_GNUC_PRINTF (5, 6);

static void
set_error_at (GError    **error,
              int         code,
              const char *source,
              guint       line,
              const char *format,
              ...)
{
  g_autofree char *message = NULL;
  g_autofree char *one_line = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* One line, always: a value quoted in the message may hold a tab or a
   * newline written as an escape. */
  one_line = ctd_printable (message);
  g_set_error (error, CTD_TEMPLATE_ERROR, code, "%s:%u: %s", source, line, one_line);
}

static gboolean
in_list (const char *const *list,
         const char        *word)
{
  return list != NULL && g_strv_contains (list, word);
}

/* Checks that every {name} in @text is one the layout knows. */
static gboolean
check_placeholders (const CtdTemplateSpec *spec,
                    const char            *text,
                    gboolean               paged,
                    const char            *source,
                    guint                  line,
                    GError               **error)
{
  for (const char *p = strchr (text, '{'); p != NULL; p = strchr (p + 1, '{'))
    {
      const char *end = strchr (p, '}');
      g_autofree char *name = NULL;

      if (end == NULL)
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, source, line,
                        _("a “{” is not closed by “}”"));
          return FALSE;
        }
      name = g_strndup (p + 1, end - p - 1);
      if (!in_list (spec->placeholders, name) &&
          !(paged && (g_str_equal (name, "page") || g_str_equal (name, "pages"))))
        {
          g_autofree char *known = g_strjoinv ("}, {", (char **) spec->placeholders);

          /* Translators: the placeholders in braces are the layout's own
           * words: keep them in English; the second %s lists them */
          if (paged)
            set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, line,
                          _("unknown placeholder {%s}; this layout knows {%s}, {page} and "
                            "{pages}"), name, known);
          else
            set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, line,
                          _("unknown placeholder {%s}; this layout knows {%s}"), name, known);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_font (const char       *value,
            CtdTemplateFont  *out_font)
{
  g_auto(GStrv) words = g_strsplit_set (value, " \t", -1);
  g_autoptr(GString) family = g_string_new (NULL);
  guint n = g_strv_length (words);
  char *end = NULL;
  double size;

  while (n > 0 && *words[n - 1] == '\0')
    n--;
  if (n < 2)
    return FALSE;
  errno = 0;
  size = g_ascii_strtod (words[n - 1], &end);
  if (errno != 0 || end == words[n - 1] || *end != '\0' || size < 4 || size > 72)
    return FALSE;
  out_font->size = size;
  out_font->bold = out_font->italic = FALSE;
  for (guint i = 0; i + 1 < n; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (g_ascii_strcasecmp (words[i], "Bold") == 0)
        out_font->bold = TRUE;
      else if (g_ascii_strcasecmp (words[i], "Italic") == 0)
        out_font->italic = TRUE;
      else if (out_font->bold || out_font->italic)
        return FALSE;  /* "Arial Bold Narrow 9": styles come last */
      else
        g_string_append_printf (family, "%s%s", family->len > 0 ? " " : "", words[i]);
    }
  if (family->len == 0)
    return FALSE;
  out_font->family = g_string_free (g_steal_pointer (&family), FALSE);
  return TRUE;
}

static gboolean
parse_number (const char *value,
              double      min,
              double      max,
              double     *out)
{
  char *end = NULL;

  errno = 0;
  *out = g_ascii_strtod (value, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  return errno == 0 && end != value && *end == '\0' && *out >= min && *out <= max;
}

/* "A4", "letter": a paper's nick (CTD_TYPE_SHEET_PAPER) in any case. */
static gboolean
parse_paper (const char    *value,
             CtdSheetPaper *out_paper)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (CTD_TYPE_SHEET_PAPER);
  g_autofree char *lower = g_ascii_strdown (value, -1);
  GEnumValue *found = g_enum_get_value_by_nick (klass, lower);

  if (found == NULL)
    return FALSE;
  *out_paper = found->value;
  return TRUE;
}

/* Splits "left|centre|right"; fewer parts leave the rest empty. */
static gboolean
parse_parts (const char *value,
             char      **out_parts)
{
  g_auto(GStrv) parts = g_strsplit (value, "|", -1);

  if (g_strv_length (parts) > 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    out_parts[i] = g_strdup (i < g_strv_length (parts) ? g_strstrip (parts[i]) : "");
  return TRUE;
}

/*
 * read_string:
 * @file: the layout as GKeyFile read it
 * @group, @key: the value to read
 * @source, @line: where it is, for the message
 * @error: return location for a #GError
 *
 * The value of @key with its escapes read (\s, \n, \t, \r, \\), as
 * g_key_file_get_string() reads them. Its own error names no line, and
 * GLib 2.74 sets it twice over for a value with two bad escapes.
 *
 * Returns: (transfer full) (nullable): the value; %NULL with @error unset
 *   when there is no such key, %NULL with @error set for a bad escape
 */
static char *
read_string (GKeyFile    *file,
             const char  *group,
             const char  *key,
             const char  *source,
             guint        line,
             GError     **error)
{
  g_autofree char *raw = g_key_file_get_value (file, group, key, NULL);
  g_autoptr(GString) value = NULL;

  if (raw == NULL)
    return NULL;
  value = g_string_sized_new (strlen (raw));
  for (const char *p = raw; *p != '\0'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (value, *p);
          continue;
        }
      switch (*++p)
        {
        case 's': g_string_append_c (value, ' '); break;
        case 'n': g_string_append_c (value, '\n'); break;
        case 't': g_string_append_c (value, '\t'); break;
        case 'r': g_string_append_c (value, '\r'); break;
        case '\\': g_string_append_c (value, '\\'); break;
        case '\0':
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, source, line,
                        _("%s ends with a “\\”; write “\\\\” for a backslash"), key);
          return NULL;
        default:
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, source, line,
                        /* Translators: the escapes after the backslashes are the
                         * file's own: keep them */
                        _("%s has “\\%.*s”, which is no escape; write “\\\\” for a "
                          "backslash (the escapes are \\s, \\n, \\t, \\r and \\\\)"), key,
                        (int) (g_utf8_next_char (p) - p), p);
          return NULL;
        }
    }
  return g_string_free (g_steal_pointer (&value), FALSE);
}

/* A built-in layout's text in the reader's language, from the context
 * "layout" of templates/texts.c. A translation that breaks a placeholder
 * gives way to the English text: a translator's slip never stops the
 * printing. */
static char *
translate (const CtdTemplateSpec *spec,
           const char            *text,
           gboolean               paged)
{
  const char *translated;

  /* gettext's "" is the catalogue's header, never a text. */
  if (*text == '\0')
    return g_strdup (text);
  translated = g_dpgettext2 (GETTEXT_PACKAGE, "layout", text);
  if (translated != text && !check_placeholders (spec, translated, paged, "", 0, NULL))
    return g_strdup (text);
  return g_strdup (translated);
}

static gboolean
read_page (CtdTemplate           *self,
           const CtdTemplateSpec *spec,
           GKeyFile              *file,
           const char            *data,
           GError               **error)
{
  for (guint i = 0; page_keys[i] != NULL; i++)
    {
      const char *key = page_keys[i];
      guint line = find_line (data, "Page", key);
      g_autofree char *value = read_string (file, "Page", key, self->source, line, error);
      char **parts = g_str_equal (key, "Header") ? self->header : self->footer;

      if (value == NULL && error != NULL && *error != NULL)
        return FALSE;
      if (value == NULL)
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_MISSING, self->source, line,
                        _("[Page] needs the key %s"), key);
          return FALSE;
        }
      g_strstrip (value);
      if (g_str_equal (key, "Paper"))
        {
          if (!parse_paper (value, &self->paper))
            {
              set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                            /* Translators: Paper, A4 and Letter are the file's own words */
                            _("Paper is “%s”; expected A4 or Letter"), value);
              return FALSE;
            }
        }
      else if (g_str_equal (key, "Orientation"))
        {
          if (g_ascii_strcasecmp (value, "landscape") == 0)
            self->landscape = TRUE;
          else if (g_ascii_strcasecmp (value, "portrait") == 0)
            self->landscape = FALSE;
          else
            {
              set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                            /* Translators: Orientation, landscape and portrait are the
                             * file's own words */
                            _("Orientation is “%s”; expected landscape or portrait"), value);
              return FALSE;
            }
        }
      else if (g_str_equal (key, "Margin"))
        {
          if (!parse_number (value, 0, 2, &self->margin))
            {
              set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                            /* Translators: Margin is the file's own word; the file
                             * writes 0.5 with a point, in every language */
                            _("Margin is “%s”; expected inches from 0 to 2, such as 0.5"),
                            value);
              return FALSE;
            }
        }
      else if (!parse_parts (value, parts))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        _("%s has more than three parts; expected left|centre|right"), key);
          return FALSE;
        }
      else if (!check_placeholders (spec, value, TRUE, self->source, line, error))
        return FALSE;
      else if (self->builtin)
        for (guint part = 0; part < 3; part++)
          {
            char *translated = translate (spec, parts[part], TRUE);

            g_free (parts[part]);
            parts[part] = translated;
          }
    }
  return TRUE;
}

/* @translated: whether @value is the built-in layout's, whose texts are
 * read in the reader's language. */
static gboolean
read_value (CtdTemplate           *self,
            const CtdTemplateSpec *spec,
            const char            *group,
            const char            *key,
            const char            *value,
            guint                  line,
            gboolean               translated,
            GError               **error)
{
  if (g_str_equal (group, "Fonts"))
    {
      CtdTemplateFont font = { 0 };

      if (!parse_font (value, &font))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        /* Translators: Bold and Italic are the file's own words */
                        _("the font %s is “%s”; expected a family, then Bold or Italic if "
                          "wanted, then a size in points from 4 to 72, such as “Arial Bold "
                          "10”"),
                        key, value);
          return FALSE;
        }
      g_hash_table_insert (self->fonts, g_strdup (key), g_memdup2 (&font, sizeof font));
    }
  else if (g_str_equal (group, "Text"))
    {
      if (!check_placeholders (spec, value, FALSE, self->source, line, error))
        return FALSE;
      g_hash_table_insert (self->texts, g_strdup (key),
                           translated ? translate (spec, value, FALSE) : g_strdup (value));
    }
  else
    {
      const char *bar = strrchr (value, '|');
      CtdTemplateColumn column = { 0 };

      if (bar == NULL || !parse_number (bar + 1, 1, 255, &column.width))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        _("the column %s is “%s”; expected a heading, “|” and a width in "
                          "characters from 1 to 255, such as “Name|30”"), key, value);
          return FALSE;
        }
      column.heading = g_strstrip (g_strndup (value, bar - value));
      if (translated)
        {
          char *heading = translate (spec, column.heading, FALSE);

          g_free (column.heading);
          column.heading = heading;
        }
      g_hash_table_insert (self->columns, g_strdup (key), g_memdup2 (&column, sizeof column));
    }
  return TRUE;
}

/* A key a later version added, missing from a club's older copy: the
 * built-in layout's value, so that an upgrade never refuses the copy.
 * Returns FALSE, with @error unset, when @key is not such a key. */
static gboolean
read_added (CtdTemplate           *self,
            const CtdTemplateSpec *spec,
            const char            *group,
            const char            *key,
            GError               **error)
{
  g_autofree char *name = g_strdup_printf ("%s/%s", group, key);
  g_autoptr(GKeyFile) builtin = NULL;
  g_autofree char *value = NULL;
  const char *data;

  guint line;

  if (!in_list (spec->added, name) || (data = ctd_template_get_builtin (spec->name)) == NULL)
    return FALSE;
  builtin = g_key_file_new ();
  line = find_line (data, group, key);
  if (!g_key_file_load_from_data (builtin, data, -1, G_KEY_FILE_NONE, NULL) ||
      (value = read_string (builtin, group, key, spec->name, line, NULL)) == NULL)
    return FALSE;
  return read_value (self, spec, group, key, g_strstrip (value), line, TRUE, error);
}

static gboolean
read_group (CtdTemplate           *self,
            const CtdTemplateSpec *spec,
            GKeyFile              *file,
            const char            *data,
            const char            *group,
            const char *const     *needed,
            GError               **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys (file, group, NULL, NULL);

  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;
      guint line = find_line (data, group, keys[i]);

      if (!in_list (needed, keys[i]))
        {
          g_autofree char *known = g_strjoinv (", ", (char **) needed);

          set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, self->source, line,
                        /* Translators: the third %s lists the keys */
                        _("unknown key %s in [%s]; this layout's keys are %s"), keys[i], group,
                        known);
          return FALSE;
        }
      value = read_string (file, group, keys[i], self->source, line, error);
      if (value == NULL)
        return FALSE;
      if (!read_value (self, spec, group, keys[i], g_strstrip (value), line, self->builtin,
                       error))
        return FALSE;
    }
  for (guint i = 0; needed[i] != NULL; i++)
    if (!g_key_file_has_key (file, group, needed[i], NULL) &&
        !read_added (self, spec, group, needed[i], error))
      {
        if (error == NULL || *error == NULL)
          set_error_at (error, CTD_TEMPLATE_ERROR_MISSING, self->source,
                        find_line (data, group, NULL), _("[%s] needs the key %s"), group,
                        needed[i]);
        return FALSE;
      }
  return TRUE;
}

/**
 * ctd_template_load_data:
 * @spec: what the layout needs
 * @source: the file's name for messages ("/home/x/standings.ini")
 * @data: the file's contents
 * @length: its length in bytes
 * @error: return location for a #GError
 *
 * Reads a layout and checks it against @spec: every key present and known,
 * every value readable. A key that @spec lists as added by a later version
 * may be missing: it takes the value of the built-in layout of the same
 * name, so a club's copy made before keeps working. Errors start with
 * "@source:LINE: ".
 *
 * Returns: (transfer full) (nullable): the layout, or %NULL with @error set
 */
CtdTemplate *
ctd_template_load_data (const CtdTemplateSpec  *spec,
                        const char             *source,
                        const char             *data,
                        gsize                   length,
                        GError                **error)
{
  return ctd_template_read (spec, source, data, length, FALSE, error);
}

/*
 * ctd_template_read:
 * @builtin: whether @data is the built-in layout, whose texts are read in
 *   the reader's language (a club's own copy prints as written)
 *
 * As ctd_template_load_data().
 */
CtdTemplate *
ctd_template_read (const CtdTemplateSpec  *spec,
                   const char             *source,
                   const char             *data,
                   gsize                   length,
                   gboolean                builtin,
                   GError                **error)
{
  static const char *const groups[] = { "Page", "Fonts", "Text", "Columns", NULL };
  g_autoptr(CtdTemplate) self = g_new0 (CtdTemplate, 1);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) found = NULL;
  const char *bad = NULL;

  g_return_val_if_fail (spec != NULL && source != NULL && data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->source = g_strdup (source);
  self->builtin = builtin;
  self->fonts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, font_free);
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, column_free);

  if (!g_utf8_validate (data, length, &bad))
    {
      guint line = 1;

      for (const char *p = data; p < bad; p++)
        line += *p == '\n';
      set_error_at (error, CTD_TEMPLATE_ERROR_SYNTAX, source, line,
                    _("the text is not UTF-8; save the file as UTF-8"));
      return NULL;
    }
  text = g_strndup (data, length);
  if (!g_key_file_load_from_data (file, text, length, G_KEY_FILE_NONE, &local_error))
    {
      guint line;
      g_autofree char *problem = describe_bad_line (text, &line);

      /* A refusal of GKeyFile's that the scan cannot place keeps its
       * words, at line 1. */
      set_error_at (error, CTD_TEMPLATE_ERROR_SYNTAX, source, line, "%s",
                    problem != NULL ? problem : local_error->message);
      return NULL;
    }

  found = g_key_file_get_groups (file, NULL);
  for (guint i = 0; found[i] != NULL; i++)
    if (!g_strv_contains (groups, found[i]))
      {
        set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, find_line (text, found[i], NULL),
                      _("unknown group [%s]; a layout has [Page], [Fonts], [Text] and "
                        "[Columns]"),
                      found[i]);
        return NULL;
      }
  g_strfreev (found);
  found = g_key_file_get_keys (file, "Page", NULL, NULL);
  for (guint k = 0; found != NULL && found[k] != NULL; k++)
    if (!g_strv_contains (page_keys, found[k]))
      {
        set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, find_line (text, "Page", found[k]),
                      /* Translators: the key names are the file's own words */
                      _("unknown key %s in [Page]; its keys are Paper, Orientation, "
                        "Margin, Header and Footer"), found[k]);
        return NULL;
      }

  if (!read_page (self, spec, file, text, error) ||
      !read_group (self, spec, file, text, "Fonts", spec->fonts, error) ||
      !read_group (self, spec, file, text, "Text", spec->texts, error) ||
      !read_group (self, spec, file, text, "Columns", spec->columns, error))
    return NULL;
  return g_steal_pointer (&self);
}
