/* ctd-test-ui.c: finding and showing widgets, for the UI test programs.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ctd-test-ui.h"

#include "ctd-test-build.h"

#include <string.h>

/* The application, registered (startup has run: actions, accelerators,
 * resources) but never one instance with another test program's: tests
 * run side by side on one display, where GLib may start a session bus
 * they share, and a second instance of the same ID would only forward to
 * the first. The tests of one program share it, as the windows of one
 * process do: a registered application keeps its object path on the bus
 * until the process ends (GLib holds a reference of its own). */
CtdApplication *
ctd_test_new_application (void)
{
  static CtdApplication *app;
  g_autoptr(GError) error = NULL;

  if (app != NULL)
    return g_object_ref (app);
  app = ctd_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) |
                           G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("the application could not start: %s", error->message);
  return g_object_ref (app);
}

/* A window, presented, on a new event created at @path. */
CtdMainWindow *
ctd_test_open_new_event (CtdApplication *app,
                         const char     *path)
{
  g_autoptr(GError) error = NULL;
  CtdMainWindow *window;

  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  if (!ctd_main_window_create_event (window, path, &error))
    g_error ("%s could not be created: %s", path, error->message);
  return window;
}

/* A window, presented, on the event ctd_test_build_event() makes as
 * @file in @dir from @n_players, @seed and @play_all_rounds. */
CtdMainWindow *
ctd_test_open_built_event (CtdApplication *app,
                           const char     *dir,
                           const char     *file,
                           guint           n_players,
                           guint64         seed,
                           gboolean        play_all_rounds)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  CtdMainWindow *window;

  if (!ctd_test_build_event (path, n_players, seed, play_all_rounds, &error))
    g_error ("%s could not be built: %s", file, error->message);
  document = ctd_document_open (path, &error);
  if (document == NULL)
    g_error ("%s could not be opened: %s", file, error->message);
  ctd_test_quiet_settings ();
  window = ctd_main_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ctd_main_window_set_document (window, document);
  return window;
}

/* What a test draws is the end state, not a frame of a transition; and
 * a test leaves no trace in the desktop's recent files (GTK 4.8's recent
 * manager also leaks a GDateTime each time it saves the list). */
void
ctd_test_quiet_settings (void)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-recent-files-enabled", FALSE, NULL);
}

GtkWidget *
ctd_test_find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ctd_test_find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label under @root whose text contains @text, or NULL. */
GtkLabel *
ctd_test_find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = ctd_test_find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The visible button labelled @label (with its mnemonic) under @root,
 * or NULL. */
GtkWidget *
ctd_test_find_button (GtkWidget  *root,
                      const char *label)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_visible (root) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ctd_test_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button under @root that activates @action_name, as the director
 * would click it, or NULL. */
GtkWidget *
ctd_test_find_action_button (GtkWidget  *root,
                             const char *action_name)
{
  if (GTK_IS_BUTTON (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action_name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ctd_test_find_action_button (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The toplevel of @type other than the main window, or NULL. */
GtkWindow *
ctd_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
deadline_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

void
ctd_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, deadline_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
toplevel_shown (gconstpointer user_data)
{
  return ctd_test_find_toplevel (*(const GType *) user_data) != NULL;
}

/* Waits up to @ms for a visible toplevel of @type (a dialog a step
 * opens later, as GTK's own choosers do) and returns it, or NULL after
 * saying on stderr that @what did not open. */
GtkWindow *
ctd_test_wait_for_toplevel (GType       type,
                            guint       ms,
                            const char *what)
{
  g_autofree char *opened = g_strdup_printf ("%s to open", what);

  if (!ctd_test_wait_for (toplevel_shown, &type, ms, opened))
    return NULL;
  return ctd_test_find_toplevel (type);
}

typedef struct
{
  GListModel *model;
  guint       n;
} Count;

static gboolean
count_reached (gconstpointer user_data)
{
  const Count *count = user_data;

  return g_list_model_get_n_items (count->model) == count->n;
}

/* Waits up to @ms for @model to hold @n items; says on stderr what did
 * not happen (@what, and how many items there were) when it does not. */
gboolean
ctd_test_wait_for_n_items (GListModel *model,
                           guint       n,
                           guint       ms,
                           const char *what)
{
  Count count = { model, n };

  if (ctd_test_wait_for (count_reached, &count, ms, what))
    return TRUE;
  g_printerr ("(expected %u items, found %u)\n", n, g_list_model_get_n_items (model));
  return FALSE;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} Text;

static gboolean
label_found (gconstpointer user_data)
{
  const Text *label = user_data;

  return ctd_test_find_label (label->root, label->text) != NULL;
}

/* Waits up to @ms for a label showing @text under @root (a notice that
 * a worker's end puts up) and returns it, or NULL after saying so. */
GtkLabel *
ctd_test_wait_for_label (GtkWidget  *root,
                         const char *text,
                         guint       ms)
{
  Text label = { root, text };
  g_autofree char *what = g_strdup_printf ("a label “%s”", text);

  if (!ctd_test_wait_for (label_found, &label, ms, what))
    return NULL;
  return ctd_test_find_label (root, text);
}

typedef struct
{
  GtkWidget      *widget;
  guint           frames;  /* painted since the wait began */
  guint           steady;  /* of them in a row at the same sizes as the one before */
  int             width, height;
  graphene_rect_t bounds;
} Layout;

static void
layout_painted_cb (GdkFrameClock *clock,
                   Layout        *layout)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_native (layout->widget));
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  graphene_rect_t bounds;

  /* (a widget not laid out yet has no place: a size no layout gives) */
  if (!gtk_widget_compute_bounds (layout->widget, window, &bounds))
    graphene_rect_init (&bounds, 0, 0, -1, -1);
  if (layout->frames > 0 && width == layout->width && height == layout->height &&
      graphene_rect_equal (&bounds, &layout->bounds))
    layout->steady++;
  else
    layout->steady = 0;
  layout->width = width;
  layout->height = height;
  layout->bounds = bounds;
  layout->frames++;
  /* What this frame's layout asked of the windowing system (a new size
   * for a window that grows) is answered before the next frame, which
   * then shows it. */
  gdk_display_sync (gtk_widget_get_display (window));
}

static gboolean
layout_settled (gconstpointer user_data)
{
  const Layout *layout = user_data;

  return layout->frames >= 3 && layout->steady >= 2;
}

/* Waits up to @ms for @widget's window to be laid out at its size after
 * a change (a form opened, a size set): at least three frames painted
 * since the call, the last three with the window and @widget at the same
 * size and place. A window that grows to fit what it shows does so
 * within a frame or two (its new size comes back from the X server): a
 * test that measures it, or asserts that it did not grow, waits for
 * this first. Says on stderr what did not settle (@what) when it does
 * not. */
gboolean
ctd_test_wait_for_layout (GtkWidget  *widget,
                          guint       ms,
                          const char *what)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  Layout layout = { widget, 0, };
  gboolean settled;
  gulong painted;

  if (clock == NULL)
    {
      g_printerr ("%s: not shown, so never laid out\n", what);
      return FALSE;
    }
  g_object_ref (clock);
  /* Frames for as long as the wait lasts, not only when something is
   * queued: a frame with nothing new is how a settled layout shows. */
  gdk_frame_clock_begin_updating (clock);
  painted = g_signal_connect (clock, "after-paint", G_CALLBACK (layout_painted_cb), &layout);
  settled = ctd_test_wait_for (layout_settled, &layout, ms, what);
  g_signal_handler_disconnect (clock, painted);
  gdk_frame_clock_end_updating (clock);
  g_object_unref (clock);
  if (!settled)
    g_printerr ("(%u frames painted, the last %u alike; the window %d×%d, the widget %.0f×%.0f "
                "at %.0f,%.0f)\n", layout.frames, layout.frames > 0 ? layout.steady + 1 : 0,
                layout.width, layout.height,
                layout.bounds.size.width, layout.bounds.size.height, layout.bounds.origin.x,
                layout.bounds.origin.y);
  return settled;
}

/* Whether pressing @accelerator in @widget activates @action_name. */
gboolean
ctd_test_has_shortcut (GtkWidget  *widget,
                       const char *accelerator,
                       const char *action_name)
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
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_str_equal (trigger, accelerator) && GTK_IS_NAMED_ACTION (action) &&
              g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                           action_name))
            return TRUE;
        }
    }
  return FALSE;
}

typedef struct
{
  GdkPaintable  *paintable;
  GskRenderNode *node;
  int            width, height;
} Drawing;

/* Whether the window draws something: what it draws, kept. */
static gboolean
window_drawn (gconstpointer user_data)
{
  Drawing *drawing = (Drawing *) user_data;
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  drawing->width = gdk_paintable_get_intrinsic_width (drawing->paintable);
  drawing->height = gdk_paintable_get_intrinsic_height (drawing->paintable);
  gdk_paintable_snapshot (drawing->paintable, snapshot, drawing->width, drawing->height);
  g_clear_pointer (&drawing->node, gsk_render_node_unref);
  drawing->node = gtk_snapshot_free_to_node (snapshot);
  return drawing->node != NULL;
}

/* Draws @window and, when CTD_SCREENSHOT_DIR is set and @name is not
 * %NULL, saves it there as @name: the README's and the metainfo's
 * screenshots in data/screenshots come from here. */
void
ctd_test_screenshot (GtkWindow  *window,
                     const char *name)
{
  const char *dir = g_getenv ("CTD_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  g_autofree char *what = NULL;
  GskRenderer *renderer;
  Drawing drawing = { NULL, };

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  if (dir == NULL || name == NULL)
    return;
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  drawing.paintable = paintable;
  /* A window that a closed dialog (a file chooser) left unmapped for a
   * moment draws nothing: wait for it to come back. */
  what = g_strdup_printf ("the window to draw something for %s", name);
  if (!ctd_test_wait_for (window_drawn, &drawing, 2000, what))
    g_error ("%s: the window drew nothing", name);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  texture = gsk_renderer_render_texture (renderer, drawing.node,
                                         &GRAPHENE_RECT_INIT (0, 0, drawing.width,
                                                              drawing.height));
  gsk_render_node_unref (drawing.node);
  path = g_build_filename (dir, name, NULL);
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("could not save %s", path);
}

/* The accessible name given to @widget, or NULL. GTK 4.8 has no getter;
 * its test context (GTK_A11Y=test, set by the test program before
 * gtk_init) answers a check against a name nobody uses with the name it
 * holds. */
char *
ctd_test_accessible_name (GtkWidget *widget)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                             GTK_ACCESSIBLE_PROPERTY_LABEL, "\x01");
}

/* The first widget of @type below @root (or @root) whose accessible name
 * is @name: an input's type tells it from the label that names it, which
 * shares its name. */
GtkWidget *
ctd_test_find_named_of_type (GtkWidget  *root,
                             const char *name,
                             GType       type)
{
  g_autofree char *own = ctd_test_accessible_name (root);

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && g_strcmp0 (own, name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ctd_test_find_named_of_type (child, name, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first widget below @root (or @root) whose accessible name is @name. */
GtkWidget *
ctd_test_find_named (GtkWidget  *root,
                     const char *name)
{
  return ctd_test_find_named_of_type (root, name, GTK_TYPE_WIDGET);
}

static void
collect_mnemonics (GtkWidget  *widget,
                   GHashTable *seen,
                   GString    *clashes)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)))
    {
      guint key = gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (widget)));
      const char *text = gtk_label_get_label (GTK_LABEL (widget));
      const char *earlier;

      if (key != GDK_KEY_VoidSymbol)
        {
          earlier = g_hash_table_lookup (seen, GUINT_TO_POINTER (key));
          if (earlier != NULL)
            g_string_append_printf (clashes, "“%s” and “%s”; ", earlier, text);
          else
            g_hash_table_insert (seen, GUINT_TO_POINTER (key), (gpointer) text);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_mnemonics (child, seen, clashes);
}

/* GTK only cycles the focus between the widgets that share a mnemonic,
 * without activating any: every Alt+letter must be unique on screen. */
char *
ctd_test_mnemonic_clashes (GtkWidget *root)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GString) clashes = g_string_new (NULL);

  collect_mnemonics (root, seen, clashes);
  if (clashes->len == 0)
    return NULL;
  return g_strdup (clashes->str);
}
