/* ctd-template.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layouts: the built-in ones, loading a club's copy in their place,
 * what a layout says, and placeholders. Reading and checking a layout
 * file is in ctd-template-read.c.
 */

#define G_LOG_DOMAIN "ctd-template"

#include "config.h"

#include "ctd-template-private.h"

#include <glib/gi18n-lib.h>

#include <string.h>

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
static const char builtin_link_slips[] = {
#include "ctd-template-link-slips.h"
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
  { "link-slips.ini", builtin_link_slips },
};

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
                     ? _("The layout folder %s is not a folder: name the folder that holds "
                         "your copies of the layout files (such as standings.ini)")
                     : _("The layout folder %s does not exist: name the folder that holds "
                         "your copies of the layout files (such as standings.ini)"), dir);
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
      /* Translators: where a layout came from, as its messages name it:
       * "built-in standings.ini" */
      g_autofree char *source = g_strdup_printf (_("built-in %s"), spec->name);

      return ctd_template_read (spec, source, builtin, strlen (builtin), TRUE, error);
    }
  g_set_error (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING,
               _("There is no layout %s"), spec->name);
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
