/* ctd-template.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-template"

#include "config.h"

#include "ctd-template.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ctd-rules-enum-types.h"
#include "ctd-types.h"

/**
 * ctd_template_error_quark:
 *
 * Returns: the domain of %CTD_TEMPLATE_ERROR errors
 */
G_DEFINE_QUARK (ctd-template-error-quark, ctd_template_error)

/* The layouts ship inside the library, so the program prints with no file
 * installed; a club's copy of a file takes its place. */
static const char builtin_scoring_sheet_4[] = {
#include "ctd-template-scoring-sheet-4.h"
  , 0
};
static const char builtin_scoring_sheet_3[] = {
#include "ctd-template-scoring-sheet-3.h"
  , 0
};
static const char builtin_standings[] = {
#include "ctd-template-standings.h"
  , 0
};
static const char builtin_results[] = {
#include "ctd-template-results.h"
  , 0
};
static const char builtin_settlements[] = {
#include "ctd-template-settlements.h"
  , 0
};
static const char builtin_audit_log[] = {
#include "ctd-template-audit-log.h"
  , 0
};

static const struct
{
  const char *name;
  const char *data;
} builtins[] = {
  { "scoring-sheet-4.ini", builtin_scoring_sheet_4 },
  { "scoring-sheet-3.ini", builtin_scoring_sheet_3 },
  { "standings.ini", builtin_standings },
  { "results.ini", builtin_results },
  { "settlements.ini", builtin_settlements },
  { "audit-log.ini", builtin_audit_log },
};

static const char *const page_keys[] = {
  "Paper", "Orientation", "Margin", "Header", "Footer", NULL
};

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

/**
 * ctd_template_free:
 * @self: (nullable) (transfer full): a layout
 *
 * Frees @self; the fonts, texts and columns it handed out go with it.
 */
void
ctd_template_free (CtdTemplate *self)
{
  if (self == NULL)
    return;
  g_free (self->source);
  for (guint i = 0; i < 3; i++)
    {
      g_free (self->header[i]);
      g_free (self->footer[i]);
    }
  g_clear_pointer (&self->fonts, g_hash_table_unref);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  g_clear_pointer (&self->columns, g_hash_table_unref);
  g_free (self);
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
            return g_strdup ("a “[” that does not end the line with “]”; expected a group "
                             "such as [Page]");
          name = g_strndup (line + 1, close - line - 1);
          for (const char *p = name; *p != '\0'; p++)
            if (*p == '[' || *p == ']' || g_ascii_iscntrl (*p))
              return g_strdup_printf ("[%s] is not a group name; a layout has [Page], [Fonts], "
                                      "[Text] and [Columns]", name);
          if (*name == '\0')
            return g_strdup ("[] names no group; a layout has [Page], [Fonts], [Text] and "
                             "[Columns]");
          seen_group = TRUE;
          continue;
        }
      if (strchr (line, '=') == NULL || *line == '=')
        return g_strdup ("this line is neither a [Group], a Key=Value nor a # comment");
      if (!seen_group)
        return g_strdup ("a Key=Value before the first [Group]; a layout starts with [Page]");
      {
        g_autofree char *key = g_strndup (line, strchr (line, '=') - line);

        g_strchomp (key);
        if (!is_key_name (key))
          return g_strdup_printf ("“%s” is not a key name; a key has no “[”, “]” or leading "
                                  "space, such as “Title=…”", key);
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
                        "a “{” is not closed by “}”");
          return FALSE;
        }
      name = g_strndup (p + 1, end - p - 1);
      if (!in_list (spec->placeholders, name) &&
          !(paged && (g_str_equal (name, "page") || g_str_equal (name, "pages"))))
        {
          g_autofree char *known = g_strjoinv ("}, {", (char **) spec->placeholders);

          set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, line,
                        "unknown placeholder {%s}; this layout knows {%s}%s", name, known,
                        paged ? ", {page} and {pages}" : "");
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
                        "%s ends with a “\\”; write “\\\\” for a backslash", key);
          return NULL;
        default:
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, source, line,
                        "%s has “\\%.*s”, which is no escape; write “\\\\” for a "
                        "backslash (the escapes are \\s, \\n, \\t, \\r and \\\\)", key,
                        (int) (g_utf8_next_char (p) - p), p);
          return NULL;
        }
    }
  return g_string_free (g_steal_pointer (&value), FALSE);
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
                        "[Page] needs the key %s", key);
          return FALSE;
        }
      g_strstrip (value);
      if (g_str_equal (key, "Paper"))
        {
          if (!parse_paper (value, &self->paper))
            {
              set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                            "Paper is “%s”; expected A4 or Letter", value);
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
                            "Orientation is “%s”; expected landscape or portrait", value);
              return FALSE;
            }
        }
      else if (g_str_equal (key, "Margin"))
        {
          if (!parse_number (value, 0, 2, &self->margin))
            {
              set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                            "Margin is “%s”; expected inches from 0 to 2, such as 0.5", value);
              return FALSE;
            }
        }
      else if (!parse_parts (value, parts))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        "%s has more than three parts; expected left|centre|right", key);
          return FALSE;
        }
      else if (!check_placeholders (spec, value, TRUE, self->source, line, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_value (CtdTemplate           *self,
            const CtdTemplateSpec *spec,
            const char            *group,
            const char            *key,
            const char            *value,
            guint                  line,
            GError               **error)
{
  if (g_str_equal (group, "Fonts"))
    {
      CtdTemplateFont font = { 0 };

      if (!parse_font (value, &font))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        "the font %s is “%s”; expected a family, then Bold or Italic if "
                        "wanted, then a size in points from 4 to 72, such as “Arial Bold 10”",
                        key, value);
          return FALSE;
        }
      g_hash_table_insert (self->fonts, g_strdup (key), g_memdup2 (&font, sizeof font));
    }
  else if (g_str_equal (group, "Text"))
    {
      if (!check_placeholders (spec, value, FALSE, self->source, line, error))
        return FALSE;
      g_hash_table_insert (self->texts, g_strdup (key), g_strdup (value));
    }
  else
    {
      const char *bar = strrchr (value, '|');
      CtdTemplateColumn column = { 0 };

      if (bar == NULL || !parse_number (bar + 1, 1, 255, &column.width))
        {
          set_error_at (error, CTD_TEMPLATE_ERROR_VALUE, self->source, line,
                        "the column %s is “%s”; expected a heading, “|” and a width in "
                        "characters from 1 to 255, such as “Name|30”", key, value);
          return FALSE;
        }
      column.heading = g_strstrip (g_strndup (value, bar - value));
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
  return read_value (self, spec, group, key, g_strstrip (value), line, error);
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
                        "unknown key %s in [%s]; this layout's keys are %s", keys[i], group,
                        known);
          return FALSE;
        }
      value = read_string (file, group, keys[i], self->source, line, error);
      if (value == NULL)
        return FALSE;
      if (!read_value (self, spec, group, keys[i], g_strstrip (value), line, error))
        return FALSE;
    }
  for (guint i = 0; needed[i] != NULL; i++)
    if (!g_key_file_has_key (file, group, needed[i], NULL) &&
        !read_added (self, spec, group, needed[i], error))
      {
        if (error == NULL || *error == NULL)
          set_error_at (error, CTD_TEMPLATE_ERROR_MISSING, self->source,
                        find_line (data, group, NULL), "[%s] needs the key %s", group,
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
  self->fonts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, font_free);
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, column_free);

  if (!g_utf8_validate (data, length, &bad))
    {
      guint line = 1;

      for (const char *p = data; p < bad; p++)
        line += *p == '\n';
      set_error_at (error, CTD_TEMPLATE_ERROR_SYNTAX, source, line,
                    "the text is not UTF-8; save the file as UTF-8");
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
                      "unknown group [%s]; a layout has [Page], [Fonts], [Text] and [Columns]",
                      found[i]);
        return NULL;
      }
  g_strfreev (found);
  found = g_key_file_get_keys (file, "Page", NULL, NULL);
  for (guint k = 0; found != NULL && found[k] != NULL; k++)
    if (!g_strv_contains (page_keys, found[k]))
      {
        set_error_at (error, CTD_TEMPLATE_ERROR_UNKNOWN, source, find_line (text, "Page", found[k]),
                      "unknown key %s in [Page]; its keys are Paper, Orientation, Margin, "
                      "Header and Footer", found[k]);
        return NULL;
      }

  if (!read_page (self, spec, file, text, error) ||
      !read_group (self, spec, file, text, "Fonts", spec->fonts, error) ||
      !read_group (self, spec, file, text, "Text", spec->texts, error) ||
      !read_group (self, spec, file, text, "Columns", spec->columns, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * ctd_template_get_builtin:
 * @name: a layout's file name, "standings.ini"
 *
 * The layout built into the program, as templates/ ships it: what a club
 * copies to its own folder to edit.
 *
 * Returns: (transfer none) (nullable): the file's text, or %NULL when no
 *   layout has that name
 */
const char *
ctd_template_get_builtin (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (builtins); i++)
    if (g_str_equal (builtins[i].name, name))
      return builtins[i].data;
  return NULL;
}

/**
 * ctd_template_load:
 * @spec: the layout's name and needs
 * @dir: (nullable): a folder to look in first (the --templates option)
 * @error: return location for a #GError
 *
 * Looks for the layout file in @dir, then in the user's
 * ~/.config/chouette-td/templates, and otherwise uses the copy built into
 * the program. A file found but broken is an error, never skipped; so is
 * a @dir that is not a folder.
 *
 * Returns: (transfer full) (nullable): the layout
 */
CtdTemplate *
ctd_template_load (const CtdTemplateSpec  *spec,
                   const char             *dir,
                   GError                **error)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_config_dir (), "chouette-td",
                                                "templates", NULL);
  const char *dirs[] = { dir, user_dir };
  const char *builtin;

  g_return_val_if_fail (spec != NULL && spec->name != NULL, NULL);

  /* A folder named on purpose that is not there is a typo, never a
   * reason to print with other layouts than the director chose. */
  if (dir != NULL && !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING,
                   g_file_test (dir, G_FILE_TEST_EXISTS)
                     ? "The layout folder %s is not a folder: name the folder that holds "
                       "your copies of the layout files (such as standings.ini)"
                     : "The layout folder %s does not exist: name the folder that holds "
                       "your copies of the layout files (such as standings.ini)", dir);
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *data = NULL;
      gsize length;

      if (dirs[i] == NULL)
        continue;
      path = g_build_filename (dirs[i], spec->name, NULL);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      if (!g_file_get_contents (path, &data, &length, error))
        return NULL;
      return ctd_template_load_data (spec, path, data, length, error);
    }

  builtin = ctd_template_get_builtin (spec->name);
  if (builtin != NULL)
    {
      g_autofree char *source = g_strdup_printf ("built-in %s", spec->name);

      return ctd_template_load_data (spec, source, builtin, strlen (builtin), error);
    }
  g_set_error (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING,
               "There is no layout %s", spec->name);
  return NULL;
}

/**
 * ctd_template_get_source:
 * @self: a layout
 *
 * Returns: (transfer none): where the layout came from, as its messages
 *   name it: a path, or "built-in standings.ini"
 */
const char *
ctd_template_get_source (const CtdTemplate *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->source;
}

/**
 * ctd_template_get_paper:
 * @self: a layout
 *
 * Returns: the paper of [Page] Paper
 */
CtdSheetPaper
ctd_template_get_paper (const CtdTemplate *self)
{
  g_return_val_if_fail (self != NULL, CTD_SHEET_PAPER_A4);
  return self->paper;
}

/**
 * ctd_template_get_landscape:
 * @self: a layout
 *
 * Returns: whether [Page] Orientation is landscape
 */
gboolean
ctd_template_get_landscape (const CtdTemplate *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->landscape;
}

/**
 * ctd_template_get_margin:
 * @self: a layout
 *
 * Returns: the margin on every side, in inches
 */
double
ctd_template_get_margin (const CtdTemplate *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->margin;
}

/**
 * ctd_template_get_header:
 * @self: a layout
 * @part: 0 left, 1 centre, 2 right
 *
 * Returns: (transfer none): that part of the header, "" when empty; its
 *   placeholders are not expanded
 */
const char *
ctd_template_get_header (const CtdTemplate *self,
                         guint              part)
{
  g_return_val_if_fail (self != NULL && part < 3, NULL);
  return self->header[part];
}

/**
 * ctd_template_get_footer:
 * @self: a layout
 * @part: 0 left, 1 centre, 2 right
 *
 * Returns: (transfer none): that part of the footer, "" when empty
 */
const char *
ctd_template_get_footer (const CtdTemplate *self,
                         guint              part)
{
  g_return_val_if_fail (self != NULL && part < 3, NULL);
  return self->footer[part];
}

/**
 * ctd_template_get_font:
 * @self: a layout
 * @key: a key of the spec's fonts
 *
 * Asking for a key the spec does not list is a programming error: a
 * loaded layout has every key its spec needs.
 *
 * Returns: (transfer none): the font named @key in [Fonts]
 */
const CtdTemplateFont *
ctd_template_get_font (const CtdTemplate *self,
                       const char        *key)
{
  const CtdTemplateFont *font;

  g_return_val_if_fail (self != NULL && key != NULL, NULL);
  font = g_hash_table_lookup (self->fonts, key);
  g_return_val_if_fail (font != NULL, NULL);
  return font;
}

/**
 * ctd_template_get_text:
 * @self: a layout
 * @key: a key of the spec's texts
 *
 * Returns: (transfer none): the text of @key in [Text], placeholders
 *   unexpanded (see ctd_template_expand())
 */
const char *
ctd_template_get_text (const CtdTemplate *self,
                       const char        *key)
{
  const char *text;

  g_return_val_if_fail (self != NULL && key != NULL, NULL);
  text = g_hash_table_lookup (self->texts, key);
  g_return_val_if_fail (text != NULL, NULL);
  return text;
}

/**
 * ctd_template_get_column:
 * @self: a layout
 * @key: a key of the spec's columns
 *
 * Returns: (transfer none): the heading and width of @key in [Columns]
 */
const CtdTemplateColumn *
ctd_template_get_column (const CtdTemplate *self,
                         const char        *key)
{
  const CtdTemplateColumn *column;

  g_return_val_if_fail (self != NULL && key != NULL, NULL);
  column = g_hash_table_lookup (self->columns, key);
  g_return_val_if_fail (column != NULL, NULL);
  return column;
}

/**
 * ctd_template_expand:
 * @text: a text of a layout
 * @names: (array zero-terminated=1): placeholder names, without braces
 * @values: (array): their values, in the same order
 *
 * Replaces each {name} of @names; other braces are kept as written (the
 * header's {page} is the writer's to fill).
 *
 * Returns: (transfer full): the text
 */
char *
ctd_template_expand (const char        *text,
                     const char *const *names,
                     const char *const *values)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (text != NULL && names != NULL && values != NULL, NULL);

  for (const char *p = text; *p != '\0';)
    {
      gboolean replaced = FALSE;

      if (*p == '{')
        for (guint i = 0; names[i] != NULL; i++)
          {
            gsize n = strlen (names[i]);

            if (strncmp (p + 1, names[i], n) == 0 && p[n + 1] == '}')
              {
                g_string_append (out, values[i]);
                p += n + 2;
                replaced = TRUE;
                break;
              }
          }
      if (!replaced)
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}
