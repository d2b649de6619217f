/* test-ui-mnemonics.c: the keyboard in every window and dialog, in the
 * language the test runs in (meson runs it in English and in each
 * language of data/po/LINGUAS): no two widgets shown together share an
 * Alt+letter (greyed out or not), and every shortcut a label or a
 * tooltip names ("(Alt+V)", "Ctrl+Maj+J", "F4") exists there.
 *
 * GTK 4 does not activate a mnemonic two widgets share: it only moves
 * the focus between them, so a clash is a dead key; and a translation
 * that moves a mnemonic must move the tooltip that names it.
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

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ctd-advance-dialog.h"
#include "ctd-chouette-page.h"
#include "ctd-display-window.h"
#include "ctd-export-dialog.h"
#include "ctd-main-window.h"
#include "ctd-player-dialog.h"
#include "ctd-players-page.h"
#include "ctd-print-preview.h"
#include "ctd-reject-dialog.h"
#include "ctd-standings-page.h"
#include "ctd-table-entry-dialog.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-scoring.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* What one window shows at one moment: its mnemonics (key to the
 * label's text) and the shortcuts its texts name. */
typedef struct
{
  GHashTable *mnemonics;
  GPtrArray  *named;     /* Named shortcuts, in the order found */
  GString    *failures;  /* Every failure of the whole run */
  const char *where;
} Scan;

typedef struct
{
  guint            keyval;
  GdkModifierType  modifiers;
  char            *written;  /* As the text writes it: "Ctrl+Maj+J" */
  char            *text;     /* The whole label or tooltip */
} Named;

static void
named_free (gpointer data)
{
  Named *named = data;

  g_free (named->written);
  g_free (named->text);
  g_free (named);
}

static GString *failures;
static CtdApplication *application;

/* The language the texts are in, for the failure messages. */
static const char *
language (void)
{
  const char *lang = g_getenv ("LANGUAGE");

  return lang != NULL && *lang != '\0' ? lang : "C";
}

/* Key names as the catalogues write them, English and French. */
static const struct { const char *name; guint keyval; } key_names[] = {
  { "Page Up", GDK_KEY_Page_Up }, { "Page préc.", GDK_KEY_Page_Up },
  { "Page Down", GDK_KEY_Page_Down }, { "Page suiv.", GDK_KEY_Page_Down },
  { "Delete", GDK_KEY_Delete }, { "Suppr", GDK_KEY_Delete },
  { "Enter", GDK_KEY_Return }, { "Entrée", GDK_KEY_Return },
  { "Escape", GDK_KEY_Escape }, { "Esc", GDK_KEY_Escape }, { "Échap", GDK_KEY_Escape },
  { "Tab", GDK_KEY_Tab },
};

static guint
keyval_of (const char *key)
{
  if (key[0] == 'F' && g_ascii_isdigit (key[1]))
    return GDK_KEY_F1 + (guint) g_ascii_strtoull (key + 1, NULL, 10) - 1;
  for (guint i = 0; i < G_N_ELEMENTS (key_names); i++)
    if (g_str_equal (key, key_names[i].name))
      return key_names[i].keyval;
  if (g_utf8_strlen (key, -1) == 1)
    return gdk_unicode_to_keyval (g_unichar_tolower (g_utf8_get_char (key)));
  return GDK_KEY_VoidSymbol;
}

/* Every shortcut @text names: modifiers joined by "+" to a key, or a
 * function key alone. */
static void
find_named (Scan       *scan,
            const char *text)
{
  static GRegex *regex;
  g_autoptr(GMatchInfo) match = NULL;

  if (regex == NULL)
    regex = g_regex_new ("((?:(?:Ctrl|Shift|Maj|Alt|Super)\\+)+)"
                         "(Page Up|Page Down|Page préc\\.|Page suiv\\.|Delete|Suppr|Enter|"
                         "Entrée|Escape|Esc|Échap|Tab|F\\d\\d?|[[:alnum:]])(?![[:alnum:]])"
                         "|(?<![[:alnum:]+])(F\\d\\d?)(?![[:alnum:]])",
                         G_REGEX_OPTIMIZE, 0, NULL);
  g_regex_match (regex, text, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *modifiers = g_match_info_fetch (match, 1);
      g_autofree char *key = g_match_info_fetch (match, 2);
      g_autofree char *alone = g_match_info_fetch (match, 3);
      Named *named = g_new0 (Named, 1);

      named->written = g_match_info_fetch (match, 0);
      named->text = g_strdup (text);
      named->keyval = keyval_of (alone != NULL && *alone != '\0' ? alone : key);
      if (modifiers != NULL && strstr (modifiers, "Ctrl+") != NULL)
        named->modifiers |= GDK_CONTROL_MASK;
      if (modifiers != NULL && (strstr (modifiers, "Shift+") != NULL ||
                                strstr (modifiers, "Maj+") != NULL))
        named->modifiers |= GDK_SHIFT_MASK;
      if (modifiers != NULL && strstr (modifiers, "Alt+") != NULL)
        named->modifiers |= GDK_ALT_MASK;
      if (modifiers != NULL && strstr (modifiers, "Super+") != NULL)
        named->modifiers |= GDK_SUPER_MASK;
      g_ptr_array_add (scan->named, named);
    }
}

/* The mnemonics and named shortcuts of what @widget shows. A popover is
 * a scope of its own (its keys go to it while it is open): it is
 * scanned apart, open. */
static void
scan_widget (Scan      *scan,
             GtkWidget *widget)
{
  const char *tooltip;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      GtkLabel *label = GTK_LABEL (widget);
      guint key = gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (label));

      /* Insensitive ones too: a command greyed out now (Redo, Edit…)
       * becomes available in the same view, beside the same others. */
      if (gtk_label_get_use_underline (label) && key != GDK_KEY_VoidSymbol)
        {
          const char *earlier = g_hash_table_lookup (scan->mnemonics, GUINT_TO_POINTER (key));

          if (earlier != NULL)
            g_string_append_printf (scan->failures,
                                    "%s, %s: Alt+%s is both “%s” and “%s”\n", language (),
                                    scan->where, gdk_keyval_name (key), earlier,
                                    gtk_label_get_label (label));
          else
            g_hash_table_insert (scan->mnemonics, GUINT_TO_POINTER (key),
                                 (gpointer) gtk_label_get_label (label));
          g_debug ("%s: Alt+%s “%s”", scan->where, gdk_keyval_name (key),
                   gtk_label_get_label (label));
        }
      find_named (scan, gtk_label_get_text (label));
    }
  tooltip = gtk_widget_get_tooltip_text (widget);
  if (tooltip != NULL)
    find_named (scan, tooltip);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_POPOVER (child))
      scan_widget (scan, child);
}

static gboolean
trigger_matches (GtkShortcutTrigger *trigger,
                 GtkShortcutTrigger *wanted)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)),
                            wanted) ||
           trigger_matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)),
                            wanted);
  return gtk_shortcut_trigger_equal (trigger, wanted);
}

/* Whether a shortcut controller of @widget or of a widget under it
 * answers @wanted (a page's key bindings, a dialog's own keys). */
static gboolean
has_shortcut (GtkWidget          *widget,
              GtkShortcutTrigger *wanted)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_matches (gtk_shortcut_get_trigger (shortcut), wanted))
            return TRUE;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_shortcut (child, wanted))
      return TRUE;
  return FALSE;
}

/* Whether @named works in @root: an Alt+letter is one of its mnemonics
 * (or a key binding), anything else an accelerator of the application
 * or a shortcut of a widget in @root. */
static gboolean
named_exists (Scan      *scan,
              GtkWidget *root,
              Named     *named)
{
  g_autoptr(GtkShortcutTrigger) wanted = NULL;
  g_autofree char *accelerator = NULL;
  g_auto(GStrv) actions = NULL;

  if (named->keyval == GDK_KEY_VoidSymbol)
    return FALSE;
  if (named->modifiers == GDK_ALT_MASK &&
      g_hash_table_contains (scan->mnemonics, GUINT_TO_POINTER (named->keyval)))
    return TRUE;
  accelerator = gtk_accelerator_name (named->keyval, named->modifiers);
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (application), accelerator);
  if (actions != NULL && actions[0] != NULL)
    return TRUE;
  wanted = gtk_keyval_trigger_new (named->keyval, named->modifiers);
  return has_shortcut (root, wanted);
}

/* Scans @root (a window, or an open popover) as it shows now, as @where. */
static void
check (GtkWidget  *root,
       const char *where)
{
  Scan scan = {
    .mnemonics = g_hash_table_new (NULL, NULL),
    .named = g_ptr_array_new_with_free_func (named_free),
    .failures = failures,
    .where = where,
  };

  assert_true (ctd_test_wait_for_layout (root, 20000, where));
  scan_widget (&scan, root);
  for (guint i = 0; i < scan.named->len; i++)
    {
      Named *named = g_ptr_array_index (scan.named, i);

      if (!named_exists (&scan, root, named))
        g_string_append_printf (failures, "%s, %s: “%s” names %s, which does nothing there\n",
                                language (), where, named->text, named->written);
    }
  g_hash_table_unref (scan.mnemonics);
  g_ptr_array_unref (scan.named);
}

/* The window's main menu, open. */
static void
check_main_menu (CtdMainWindow *window,
                 const char    *where)
{
  GtkWidget *button = ctd_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  GtkPopover *popover;

  assert_non_null (button);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  check (GTK_WIDGET (popover), where);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
}

/* The dialog of @type that @action opens, checked, then closed. */
static void
check_dialog (GtkWidget  *widget,
              const char *action,
              GType       type,
              const char *where)
{
  GtkWindow *dialog;

  assert_true (gtk_widget_activate_action (widget, action, NULL));
  dialog = ctd_test_wait_for_toplevel (type, 20000, where);
  assert_non_null (dialog);
  check (GTK_WIDGET (dialog), where);
  /* A question is answered, as Escape would (its answer frees what it
   * asked about); a dialog of ours is closed. */
  if (GTK_IS_DIALOG (dialog))
    gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  else
    gtk_window_destroy (dialog);
}

/* The export dialog, then its print preview (opened once the report,
 * built in a worker thread, is ready). */
static void
check_export (CtdMainWindow *window)
{
  GtkWindow *dialog;
  GtkWindow *preview;

  g_action_group_activate_action (G_ACTION_GROUP (window), "export", NULL);
  dialog = ctd_test_wait_for_toplevel (CTD_TYPE_EXPORT_DIALOG, 20000, "the export dialog");
  assert_non_null (dialog);
  check (GTK_WIDGET (dialog), "export dialog");
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "export.preview", NULL));
  preview = ctd_test_wait_for_toplevel (CTD_TYPE_PRINT_PREVIEW, 60000, "the print preview");
  assert_non_null (preview);
  check (GTK_WIDGET (preview), "print preview");
  gtk_window_destroy (preview);
  gtk_window_destroy (dialog);
}

static void
show_page (CtdMainWindow *window,
           const char    *page)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string (page));
}

/* The welcome view, each page of an event whose first round is played,
 * a chouette's scoring page with and without the guided form, the main
 * menu, each dialog the window opens there, and the public display. */
static void
test_window (void **state)
{
  static const char *const pages[] = {
    "event", "players", "rounds", "chouette", "standings", "results", "log",
  };
  Fixture *fixture = *state;
  g_autofree char *path = g_build_filename (fixture->dir, "keys.chouette", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  CtdMainWindow *window;
  GtkWindow *display;
  GtkWidget *page;

  application = ctd_test_new_application ();
  failures = g_string_new (NULL);
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  gtk_window_present (GTK_WINDOW (window));
  check (GTK_WIDGET (window), "main window, welcome");
  check_main_menu (window, "main menu, welcome");

  assert_true (ctd_test_build_event (path, 16, 7, FALSE, &error));
  document = ctd_document_open (path, &error);
  assert_non_null (document);
  ctd_main_window_set_document (window, document);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *where = g_strdup_printf ("main window, page “%s”", pages[i]);
      g_autofree char *name = g_strdup_printf ("keys-%s-%s.png", pages[i], language ());

      show_page (window, pages[i]);
      check (GTK_WIDGET (window), where);
      ctd_test_screenshot (GTK_WINDOW (window), name);
    }
  check_main_menu (window, "main menu");

  /* A chouette of the played round: its sheet, then the guided form. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-chouette",
                                  g_variant_new_string ("1.1"));
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_CHOUETTE_PAGE);
  assert_true (gtk_widget_get_mapped (page));
  check (GTK_WIDGET (window), "main window, chouette 1.1");
  assert_true (gtk_widget_activate_action (page, "chouette.guided-form", NULL));
  check (GTK_WIDGET (window), "main window, chouette 1.1 with the guided form");

  show_page (window, "players");
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_PLAYERS_PAGE);
  check_dialog (page, "players.add", CTD_TYPE_PLAYER_DIALOG, "player dialog");
  {
    GtkWidget *view = ctd_test_find_widget (page, GTK_TYPE_COLUMN_VIEW);

    assert_non_null (view);
    gtk_selection_model_select_item (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)), 0, TRUE);
    check (GTK_WIDGET (window), "main window, page “players”, a player selected");
    check_dialog (page, "players.edit", CTD_TYPE_PLAYER_DIALOG, "player dialog, editing");
  }
  show_page (window, "standings");
  page = ctd_test_find_widget (GTK_WIDGET (window), CTD_TYPE_STANDINGS_PAGE);
  check_dialog (page, "standings.advance", CTD_TYPE_ADVANCE_DIALOG, "advance dialog");
  check_export (window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-display", NULL);
  display = ctd_test_wait_for_toplevel (CTD_TYPE_DISPLAY_WINDOW, 20000, "the public display");
  assert_non_null (display);
  check (GTK_WIDGET (display), "public display");
  gtk_window_destroy (display);
  check_dialog (GTK_WIDGET (window), "win.table-entry", CTD_TYPE_TABLE_ENTRY_DIALOG,
                "Table Entry");

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&application);
  if (failures->len > 0)
    fail_msg ("%s", failures->str);
  g_string_free (failures, TRUE);
}

static gboolean
reject_shown (gconstpointer page)
{
  GtkWidget *button = ctd_test_find_action_button (GTK_WIDGET (page),
                                                   "chouette.reject-table-line");

  return button != NULL && gtk_widget_get_mapped (button);
}

/* A table's line waiting on the scoring page (Accept, Re_ject…), and
 * the dialog that sends it back. */
static void
test_table_line (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *path = g_build_filename (fixture->dir, "line.chouette", NULL);
  CtdMainWindow *window;
  CtdChouettePage *page;
  guint number;

  application = ctd_test_new_application ();
  failures = g_string_new (NULL);
  window = ctd_test_open_seven (application, path);
  number = ctd_test_chouette_of_size (ctd_main_window_get_document (window), 4);
  page = ctd_test_show_chouette (window, 1, number);
  ctd_test_table_sends (window, page, 1, "T");
  assert_true (ctd_test_wait_for (reject_shown, page, 20000, "the line's Reject button"));
  check (GTK_WIDGET (window), "main window, a table's line waiting");
  assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "chouette.guided-form", NULL));
  check (GTK_WIDGET (window), "main window, a table's line waiting, with the guided form");
  {
    g_autofree char *name = g_strdup_printf ("keys-line-waiting-%s.png", language ());

    ctd_test_screenshot (GTK_WINDOW (window), name);
  }
  check_dialog (GTK_WIDGET (page), "chouette.reject-table-line", CTD_TYPE_REJECT_DIALOG,
                "reject dialog");
  check_dialog (GTK_WIDGET (window), "win.accept-table-lines", GTK_TYPE_MESSAGE_DIALOG,
                "Accept All Table Lines question");

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&application);
  if (failures->len > 0)
    fail_msg ("%s", failures->str);
  g_string_free (failures, TRUE);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_window, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_table_line, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };
  const char *lang = language ();

  /* The language meson runs the test in, from the build's catalogues
   * (as app/main.c sets them up). */
  if (setlocale (LC_ALL, "") == NULL)
    {
      fprintf (stderr, "test-ui-mnemonics: locale %s not installed, skipped\n",
               g_getenv ("LC_ALL"));
      return 77;
    }
  if (g_getenv ("CTD_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CTD_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (!g_str_equal (lang, "C") && g_str_equal (_("Undo"), "Undo"))
    {
      fprintf (stderr, "test-ui-mnemonics: no catalogue for %s: it would check English\n", lang);
      return 1;
    }
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-mnemonics: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
