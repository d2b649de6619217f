/* test-template.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>

#include "ctd-template.h"

static const char *const fonts[] = { "Body", "Title", NULL };
static const char *const texts[] = { "Title", "Note", NULL };
static const char *const columns[] = { "Name", "Score", NULL };
static const char *const placeholders[] = { "event", "round", NULL };
static const CtdTemplateSpec spec = { "test.ini", fonts, texts, columns, placeholders };

/* A good layout; each bad case below changes one line of it. */
static const char good[] =
  "# A test layout\n"                          /* 1 */
  "[Page]\n"                                   /* 2 */
  "Paper=Letter\n"                             /* 3 */
  "Orientation=landscape\n"                    /* 4 */
  "Margin=0.3\n"                               /* 5 */
  "Header={event}||Round {round}\n"            /* 6 */
  "Footer=A & B|Chouette TD|{page} of {pages}\n" /* 7 */
  "\n"                                         /* 8 */
  "[Fonts]\n"                                  /* 9 */
  "Body=DejaVu Sans 9.5\n"                     /* 10 */
  "Title=Arial Bold Italic 16\n"               /* 11 */
  "\n"                                         /* 12 */
  "[Text]\n"                                   /* 13 */
  "Title=Standings of {event}, round {round}\n" /* 14 */
  "Note=  Zoë's note  \n"                      /* 15 */
  "\n"                                         /* 16 */
  "[Columns]\n"                                /* 17 */
  "Name=Name of the player|34\n"               /* 18 */
  "Score=Score | 9\n";                         /* 19 */

static CtdTemplate *
load (const char  *data,
      GError     **error)
{
  return ctd_template_load_data (&spec, "club/test.ini", data, strlen (data), error);
}

static void
test_good_layout (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdTemplate) layout = load (good, &error);
  const CtdTemplateFont *font;
  const CtdTemplateColumn *column;

  assert_null (error);
  assert_non_null (layout);
  assert_string_equal (ctd_template_get_source (layout), "club/test.ini");
  assert_int_equal (ctd_template_get_paper (layout), CTD_SHEET_PAPER_LETTER);
  assert_true (ctd_template_get_landscape (layout));
  assert_float_equal (ctd_template_get_margin (layout), 0.3, 1e-9);
  assert_string_equal (ctd_template_get_header (layout, 0), "{event}");
  assert_string_equal (ctd_template_get_header (layout, 1), "");
  assert_string_equal (ctd_template_get_header (layout, 2), "Round {round}");
  assert_string_equal (ctd_template_get_footer (layout, 0), "A & B");
  assert_string_equal (ctd_template_get_footer (layout, 2), "{page} of {pages}");

  font = ctd_template_get_font (layout, "Body");
  assert_string_equal (font->family, "DejaVu Sans");
  assert_float_equal (font->size, 9.5, 1e-9);
  assert_false (font->bold);
  font = ctd_template_get_font (layout, "Title");
  assert_string_equal (font->family, "Arial");
  assert_true (font->bold && font->italic);

  assert_string_equal (ctd_template_get_text (layout, "Note"), "Zoë's note");
  column = ctd_template_get_column (layout, "Name");
  assert_string_equal (column->heading, "Name of the player");
  assert_float_equal (column->width, 34, 1e-9);
  column = ctd_template_get_column (layout, "Score");
  assert_string_equal (column->heading, "Score");
  assert_float_equal (column->width, 9, 1e-9);
}

/* Paper names as a club may type them: any case, spaces around. */
static void
test_paper_names (void **state G_GNUC_UNUSED)
{
  static const struct
  {
    const char *line;
    CtdSheetPaper paper;
  } cases[] = {
    { "Paper=A4\n", CTD_SHEET_PAPER_A4 },         { "Paper=a4\n", CTD_SHEET_PAPER_A4 },
    { "Paper= letter \n", CTD_SHEET_PAPER_LETTER }, { "Paper=LETTER\n", CTD_SHEET_PAPER_LETTER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) data = g_string_new (good);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdTemplate) layout = NULL;

      g_string_replace (data, "Paper=Letter\n", cases[i].line, 1);
      layout = load (data->str, &error);
      if (layout == NULL)
        fail_msg ("%s: %s", cases[i].line, error->message);
      assert_int_equal (ctd_template_get_paper (layout), cases[i].paper);
    }
}

typedef struct
{
  const char *what;
  const char *from;  /* a line of the good layout... */
  const char *to;    /* ...replaced by this */
  int         code;
  const char *message;  /* the whole message starts with this */
} BadCase;

static const BadCase bad_cases[] = {
  { "not a key or group", "Margin=0.3\n", "Margin 0.3\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:5: this line is neither" },
  { "an unclosed group", "[Fonts]\n", "[Fonts\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:9: " },
  { "a key before any group", "# A test layout\n", "Colour=red\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:1: " },
  { "not UTF-8", "Note=  Zoë's note  \n", "Note=Zo\xeb\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:15: the text is not UTF-8" },
  { "an unknown group", "[Text]\n", "[Texts]\n", CTD_TEMPLATE_ERROR_UNKNOWN,
    "club/test.ini:13: unknown group [Texts]" },
  { "an unknown page key", "Margin=0.3\n", "Margins=0.3\n", CTD_TEMPLATE_ERROR_UNKNOWN,
    "club/test.ini:5: unknown key Margins in [Page]" },
  { "an unknown font key", "Body=DejaVu Sans 9.5\n", "Bdoy=DejaVu Sans 9.5\n",
    CTD_TEMPLATE_ERROR_UNKNOWN, "club/test.ini:10: unknown key Bdoy in [Fonts]" },
  { "an unknown column", "Score=Score | 9\n", "Points=Score|9\n", CTD_TEMPLATE_ERROR_UNKNOWN,
    "club/test.ini:19: unknown key Points in [Columns]" },
  { "a missing text", "Note=  Zoë's note  \n", "\n", CTD_TEMPLATE_ERROR_MISSING,
    "club/test.ini:13: [Text] needs the key Note" },
  { "a missing page key", "Paper=Letter\n", "\n", CTD_TEMPLATE_ERROR_MISSING,
    "club/test.ini:2: [Page] needs the key Paper" },
  { "a bad paper", "Paper=Letter\n", "Paper=A5\n", CTD_TEMPLATE_ERROR_VALUE,
    "club/test.ini:3: Paper is “A5”; expected A4 or Letter" },
  { "a paper by its C name", "Paper=Letter\n", "Paper=CTD_SHEET_PAPER_A4\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:3: Paper is “CTD_SHEET_PAPER_A4”" },
  { "a bad orientation", "Orientation=landscape\n", "Orientation=sideways\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:4: Orientation is “sideways”" },
  { "a bad margin", "Margin=0.3\n", "Margin=3cm\n", CTD_TEMPLATE_ERROR_VALUE,
    "club/test.ini:5: Margin is “3cm”" },
  { "four header parts", "Header={event}||Round {round}\n", "Header=a|b|c|d\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:6: Header has more than three parts" },
  { "a font without size", "Body=DejaVu Sans 9.5\n", "Body=DejaVu Sans\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:10: the font Body is “DejaVu Sans”" },
  { "a font too large", "Body=DejaVu Sans 9.5\n", "Body=Arial 300\n", CTD_TEMPLATE_ERROR_VALUE,
    "club/test.ini:10: the font Body" },
  { "a style before the family", "Title=Arial Bold Italic 16\n", "Title=Bold Arial 16\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:11: the font Title" },
  { "a column without width", "Name=Name of the player|34\n", "Name=Name\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:18: the column Name is “Name”" },
  { "a column of width zero", "Name=Name of the player|34\n", "Name=Name|0\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:18: the column Name" },
  { "an unknown placeholder", "Title=Standings of {event}, round {round}\n",
    "Title=Standings of {evnet}\n", CTD_TEMPLATE_ERROR_UNKNOWN,
    "club/test.ini:14: unknown placeholder {evnet}" },
  { "{page} outside the header", "Title=Standings of {event}, round {round}\n",
    "Title=Page {page}\n", CTD_TEMPLATE_ERROR_UNKNOWN, "club/test.ini:14: unknown placeholder" },
  { "an unclosed brace", "Footer=A & B|Chouette TD|{page} of {pages}\n", "Footer={page\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:7: a “{” is not closed" },
  /* Issue 13: GKeyFile's own errors name no line; each names its line here. */
  { "a bad escape in a text", "Note=  Zoë's note  \n", "Note=See C:\\Users\\club\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:15: Note has “\\U”, which is no escape; write "
    "“\\\\” for a backslash" },
  /* GLib 2.74 sets its error twice over for this one. */
  { "two bad escapes", "Note=  Zoë's note  \n", "Note=\\q and \\z\n", CTD_TEMPLATE_ERROR_VALUE,
    "club/test.ini:15: Note has “\\q”" },
  { "a bad escape of a letter not ASCII", "Note=  Zoë's note  \n", "Note=\\ë\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:15: Note has “\\ë”" },
  { "a bad escape in [Page]", "Header={event}||Round {round}\n", "Header=\\x|b\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:6: Header has “\\x”" },
  { "a bad escape in a font", "Body=DejaVu Sans 9.5\n", "Body=DejaVu\\-Sans 9.5\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:10: Body has “\\-”" },
  { "a backslash ending a value", "Name=Name of the player|34\n", "Name=Name|34\\\n",
    CTD_TEMPLATE_ERROR_VALUE, "club/test.ini:18: Name ends with a “\\”" },
  { "a newline written as an escape, quoted", "Orientation=landscape\n",
    "Orientation=land\\nscape\n", CTD_TEMPLATE_ERROR_VALUE,
    "club/test.ini:4: Orientation is “land\\nscape”; expected landscape or portrait" },
  { "a bracket in a group name", "[Fonts]\n", "[Fo[nts]\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:9: [Fo[nts] is not a group name" },
  { "an empty group name", "[Fonts]\n", "[]\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:9: [] names no group" },
  { "a bracket in a key", "Body=DejaVu Sans 9.5\n", "Bo]dy=DejaVu Sans 9.5\n",
    CTD_TEMPLATE_ERROR_SYNTAX, "club/test.ini:10: “Bo]dy” is not a key name" },
  /* GKeyFile takes it as Body's French translation, which a layout has not. */
  { "a locale key", "Body=DejaVu Sans 9.5\n", "Body[fr]=DejaVu Sans 9.5\n",
    CTD_TEMPLATE_ERROR_MISSING, "club/test.ini:9: [Fonts] needs the key Body" },
  { "a key starting a line with =", "Margin=0.3\n", "=0.3\n", CTD_TEMPLATE_ERROR_SYNTAX,
    "club/test.ini:5: this line is neither" },
};

static void
test_bad_layouts (void **state G_GNUC_UNUSED)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autoptr(GString) data = g_string_new (good);
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdTemplate) layout = NULL;

      assert_int_equal (g_string_replace (data, c->from, c->to, 1), 1);
      layout = load (data->str, &error);
      if (layout != NULL || !g_error_matches (error, CTD_TEMPLATE_ERROR, c->code) ||
          !g_str_has_prefix (error->message, c->message))
        fail_msg ("%s: got “%s”", c->what, error != NULL ? error->message : "no error");
    }
}

/* Every layout shipped in templates/ loads against the spec of ctd-report;
 * an empty folder changes nothing, and a club's copy takes precedence. */
static void
test_override_folder (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ctd-template-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(CtdTemplate) copy = NULL;
  g_autoptr(GString) broken = g_string_new (good);
  static const CtdTemplateSpec missing = { "no-such-layout.ini", fonts, texts, columns,
                                           placeholders };

  assert_non_null (dir);
  assert_null (ctd_template_load (&missing, dir, &error));
  assert_true (g_error_matches (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING));
  g_clear_error (&error);

  path = g_build_filename (dir, "test.ini", NULL);
  assert_true (g_file_set_contents (path, good, -1, NULL));
  copy = ctd_template_load (&spec, dir, &error);
  assert_non_null (copy);
  assert_string_equal (ctd_template_get_source (copy), path);

  /* A broken copy is an error that names the file, never skipped. */
  g_string_replace (broken, "Score=Score | 9\n", "Score=Score|wide\n", 1);
  assert_true (g_file_set_contents (path, broken->str, -1, NULL));
  assert_null (ctd_template_load (&spec, dir, &error));
  assert_non_null (strstr (error->message, path));
  assert_non_null (strstr (error->message, ":19: "));
  g_clear_error (&error);

  /* --templates naming no folder is refused, whatever the layout. */
  {
    g_autofree char *typo = g_build_filename (dir, "no-such-folder", NULL);

    assert_null (ctd_template_load (&spec, typo, &error));
    assert_true (g_error_matches (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING));
    assert_non_null (strstr (error->message, typo));
    assert_non_null (strstr (error->message, "does not exist"));
    g_clear_error (&error);
    assert_null (ctd_template_load (&spec, path, &error));
    assert_non_null (strstr (error->message, "is not a folder"));
    g_clear_error (&error);
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* A file saved with Windows line ends reads the same, and its errors
 * name the same lines. */
static void
test_crlf (void **state G_GNUC_UNUSED)
{
  g_autoptr(GString) data = g_string_new (good);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdTemplate) layout = NULL;

  g_string_replace (data, "\n", "\r\n", 0);
  layout = load (data->str, &error);
  if (layout == NULL)
    fail_msg ("%s", error->message);
  assert_string_equal (ctd_template_get_text (layout, "Note"), "Zoë's note");
  g_string_replace (data, "Margin=0.3\r\n", "Margin 0.3\r\n", 1);
  assert_null (load (data->str, &error));
  assert_true (g_str_has_prefix (error->message, "club/test.ini:5: this line is neither"));
}

/* The layouts built into the program are there to copy, by file name. */
static void
test_builtin (void **state G_GNUC_UNUSED)
{
  const char *names[] = { "scoring-sheet-4.ini", "scoring-sheet-3.ini", "standings.ini",
                          "results.ini", "settlements.ini", "audit-log.ini",
                          "link-slips.ini" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *data = ctd_template_get_builtin (names[i]);

      assert_non_null (data);
      assert_true (g_str_has_prefix (data, "# Chouette TD layout"));
      assert_non_null (strstr (data, "\n[Fonts]\n"));
    }
  assert_null (ctd_template_get_builtin ("standings"));
  assert_null (ctd_template_get_builtin ("no-such-layout.ini"));
}

/* A club's copy made before a key was added to a layout still loads: the
 * new key takes the built-in value. Any other missing key is refused. */
static void
test_added_keys (void **state G_GNUC_UNUSED)
{
  static const char *const list_fonts[] = { "Title", "Heading", "Body", "Small", NULL };
  static const char *const list_texts[] = { "Title", "Progress", "Secret", "Tied", "Advances",
                                            "RollOff", "RollOffWon", "RollOffPlace", "Place",
                                            NULL };
  static const char *const list_columns[] = { "Rank", "Name", "Club", "Chouette", "Score",
                                              "Advances", NULL };
  static const char *const list_placeholders[] = { "event", "date", "venue", "round", "stage",
                                                   "complete", "chouettes", "next", "place",
                                                   NULL };
  static const char *const added[] = { "Text/RollOff", "Columns/Club", NULL };
  static const CtdTemplateSpec standings = { "standings.ini", list_fonts, list_texts,
                                             list_columns, list_placeholders, added };
  const char *builtin = ctd_template_get_builtin ("standings.ini");
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdTemplate) full = NULL;
  g_autoptr(CtdTemplate) old = NULL;
  g_autoptr(CtdTemplate) broken = NULL;
  g_auto(GStrv) lines = g_strsplit (builtin, "\n", -1);
  g_autoptr(GString) copy = g_string_new (NULL);
  g_autoptr(GString) without_tied = NULL;

  full = ctd_template_load_data (&standings, "built-in", builtin, strlen (builtin), &error);
  if (full == NULL)
    fail_msg ("%s", error->message);
  /* The club's copy: the built-in file without the added keys, and with
   * its own title. */
  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "RollOff=") && !g_str_has_prefix (lines[i], "Club="))
      g_string_append_printf (copy, "%s\n",
                              g_str_has_prefix (lines[i], "Title=Standings")
                                ? "Title=Our standings" : lines[i]);
  old = ctd_template_load_data (&standings, "club/standings.ini", copy->str, copy->len, &error);
  if (old == NULL)
    fail_msg ("%s", error->message);
  assert_string_equal (ctd_template_get_text (old, "Title"), "Our standings");
  assert_string_equal (ctd_template_get_text (old, "RollOff"),
                       ctd_template_get_text (full, "RollOff"));
  assert_string_equal (ctd_template_get_column (old, "Club")->heading,
                       ctd_template_get_column (full, "Club")->heading);
  assert_float_equal (ctd_template_get_column (old, "Club")->width,
                      ctd_template_get_column (full, "Club")->width, 0);

  /* A key that was always there must stay. */
  without_tied = g_string_new (copy->str);
  assert_true (g_string_replace (without_tied, "Tied=", "# Tied=", 1) == 1);
  broken = ctd_template_load_data (&standings, "club/standings.ini", without_tied->str,
                                   without_tied->len, &error);
  assert_null (broken);
  assert_true (g_error_matches (error, CTD_TEMPLATE_ERROR, CTD_TEMPLATE_ERROR_MISSING));
  assert_non_null (strstr (error->message, "needs the key Tied"));
}

/* Without a folder, the user's ~/.config/chouette-td/templates is read. */
static void
test_user_folder (void **state G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "chouette-td", "templates",
                                           NULL);
  g_autofree char *path = g_build_filename (dir, "test.ini", NULL);
  g_autoptr(CtdTemplate) layout = NULL;

  assert_int_equal (g_mkdir_with_parents (dir, 0700), 0);
  assert_true (g_file_set_contents (path, good, -1, NULL));
  layout = ctd_template_load (&spec, NULL, &error);
  assert_non_null (layout);
  assert_string_equal (ctd_template_get_source (layout), path);
  g_unlink (path);
}

static void
test_expand (void **state G_GNUC_UNUSED)
{
  static const char *const names[] = { "event", "round", NULL };
  static const char *const values[] = { "Club {round} Open", "2" };
  static const struct
  {
    const char *text, *expected;
  } cases[] = {
    { "", "" },
    { "{event}", "Club {round} Open" },  /* values are not expanded again */
    { "Round {round} of {event}.", "Round 2 of Club {round} Open." },
    { "{page} of {pages}", "{page} of {pages}" },
    { "{", "{" },
    { "{round", "{round" },
    { "{{round}}", "{2}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = ctd_template_expand (cases[i].text, names, values);

      assert_string_equal (out, cases[i].expected);
    }
}

int
main (void)
{
  g_autofree char *config = g_dir_make_tmp ("ctd-config-XXXXXX", NULL);
  int failed;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_good_layout),
    cmocka_unit_test (test_paper_names),
    cmocka_unit_test (test_bad_layouts),
    cmocka_unit_test (test_override_folder),
    cmocka_unit_test (test_crlf),
    cmocka_unit_test (test_user_folder),
    cmocka_unit_test (test_builtin),
    cmocka_unit_test (test_added_keys),
    cmocka_unit_test (test_expand),
  };

  /* Never the developer's own configuration. */
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  {
    g_autofree char *templates = g_build_filename (config, "chouette-td", "templates", NULL);
    g_autofree char *app = g_build_filename (config, "chouette-td", NULL);

    g_rmdir (templates);
    g_rmdir (app);
    g_rmdir (config);
  }
  return failed;
}
