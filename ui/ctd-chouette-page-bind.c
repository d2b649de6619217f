/* ctd-chouette-page-bind.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-page"

#include "config.h"

#include <glib/gi18n.h>

#include "ctd-chouette-page-private.h"

/*
 * The chouette page's widgets bound to the properties of the view shown:
 * one GBindingGroup whose source is the current view, so that showing
 * another chouette (or none) rebinds every label at once, and a value
 * the view changes reaches its label as the view notifies it. A label
 * made of several properties is bound to each of them with the same
 * transformation, which reads them all from the view. What the view
 * holds a player at a time (names, totals, paper totals) has no
 * property: the page reads it on the view's "changed".
 */

static CtdChouetteView *
binding_view (GBinding *binding)
{
  return CTD_CHOUETTE_VIEW (g_binding_dup_source (binding));
}

static gboolean
not_empty (GBinding     *binding,
           const GValue *from,
           GValue       *to,
           gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_boolean (to, text != NULL && *text != '\0');
  return TRUE;
}

/* The view's chouette gone (its draw undone): the page says why. */
static gboolean
stack_child (GBinding     *binding,
             const GValue *from,
             GValue       *to,
             gpointer      user_data)
{
  g_value_set_static_string (to, g_value_get_boolean (from) ? "chouette" : "none");
  return TRUE;
}

/* "Chouette 1.3 · table 2" */
static gboolean
title_text (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      user_data)
{
  g_autoptr(CtdChouetteView) view = binding_view (binding);

  g_value_take_string (to, g_strdup_printf (_("Chouette %s · table %u"),
                                            ctd_chouette_view_get_label (view),
                                            ctd_chouette_view_get_table (view)));
  return TRUE;
}

/* The last segment's Captains once the scores give them, and why. */
static gboolean
last_order_text (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_autoptr(CtdChouetteView) view = binding_view (binding);
  const char *order = ctd_chouette_view_get_last_order_text (view);
  const char *basis = ctd_chouette_view_get_last_order_basis (view);

  if (order != NULL && *order != '\0')
    g_value_take_string (to, g_strdup_printf (_("Last-segment order %s. %s."), order, basis));
  else
    g_value_take_string (to, g_strdup_printf (_("Last-segment order: %s."), basis));
  return TRUE;
}

static gboolean
settlement_text (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  const char *settlement = g_value_get_string (from);

  if (settlement != NULL && *settlement != '\0')
    g_value_take_string (to, g_strdup_printf (_("Settlement: %s."), settlement));
  else
    g_value_set_static_string (to, "");
  return TRUE;
}

/* The sheet's check: every game sums to zero, so must the totals. */
static gboolean
sum_text (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      user_data)
{
  g_autoptr(CtdChouetteView) view = binding_view (binding);

  if (!ctd_chouette_view_get_totals_known (view))
    g_value_set_static_string (to, "");
  else
    g_value_take_string (to, g_strdup_printf (ctd_chouette_view_get_zero_sum (view)
                                                ? _("Sum %s ✓") : _("Sum %s: not zero!"),
                                              ctd_chouette_view_get_zero_sum_text (view)));
  return TRUE;
}

static gboolean
amounts_text (GBinding     *binding,
              const GValue *from,
              GValue       *to,
              gpointer      user_data)
{
  g_value_take_string (to, g_strdup_printf (_("Amounts at %s a point"),
                                            g_value_get_string (from)));
  return TRUE;
}

static gboolean
provisional_text (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_autoptr(CtdChouetteView) view = binding_view (binding);

  if (ctd_chouette_view_get_amounts_provisional (view))
    g_value_take_string (to, g_strdup_printf (_("provisional: %u of %u games entered"),
                                              ctd_chouette_view_get_n_recorded (view),
                                              CTD_N_GAMES));
  else
    g_value_set_static_string (to, "");
  return TRUE;
}

/* A style class a widget has while a boolean of the view is @when. */
typedef struct
{
  const char *css_class;
  gboolean    when;
} CssFlag;

static const CssFlag paper_disagrees = { "error", FALSE };
static const CssFlag order_stale = { "warning", TRUE };
static const CssFlag sum_not_zero = { "error", FALSE };

static gboolean
css_flag (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      user_data)
{
  const CssFlag *flag = user_data;
  g_autoptr(GObject) target = g_binding_dup_target (binding);
  g_auto(GStrv) classes = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (target == NULL)
    return FALSE;
  /* The widget's other classes stay as they are. */
  classes = gtk_widget_get_css_classes (GTK_WIDGET (target));
  for (guint i = 0; classes[i] != NULL; i++)
    if (!g_str_equal (classes[i], flag->css_class))
      g_strv_builder_add (builder, classes[i]);
  if (!!g_value_get_boolean (from) == flag->when)
    g_strv_builder_add (builder, flag->css_class);
  g_value_take_boxed (to, g_strv_builder_end (builder));
  return TRUE;
}

static void
bind_text (GBindingGroup         *group,
           const char            *property,
           gpointer               label,
           GBindingTransformFunc  transform)
{
  g_binding_group_bind_full (group, property, label, "label", G_BINDING_SYNC_CREATE, transform,
                             NULL, NULL, NULL);
}

static void
bind_css_flag (GBindingGroup *group,
               const char    *property,
               gpointer       widget,
               const CssFlag *flag)
{
  g_binding_group_bind_full (group, property, widget, "css-classes", G_BINDING_SYNC_CREATE,
                             css_flag, NULL, (gpointer) flag, NULL);
}

/**
 * ctd_chouette_page_bind_view: (skip)
 * @self: the page, its template built
 *
 * Binds the template's widgets to the view shown
 * (@self->view_bindings, whose source set_view() sets).
 */
void
ctd_chouette_page_bind_view (CtdChouettePage *self)
{
  GBindingGroup *group = self->view_bindings;

  g_binding_group_bind_full (group, "exists", self->stack, "visible-child-name",
                             G_BINDING_SYNC_CREATE, stack_child, NULL, NULL, NULL);
  /* Shown while the chouette is gone: the view's words for why. */
  g_binding_group_bind (group, "locked-reason", self->none_label, "label",
                        G_BINDING_SYNC_CREATE);
  bind_text (group, "label", self->title_label, title_text);
  bind_text (group, "table", self->title_label, title_text);
  g_binding_group_bind (group, "locked-reason", self->locked_label, "label",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (group, "editable", self->locked_revealer, "reveal-child",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind (group, "editable", self->entry_box, "sensitive", G_BINDING_SYNC_CREATE);

  g_binding_group_bind (group, "crosscheck", self->crosscheck_label, "label",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (group, "crosscheck", self->crosscheck_label, "visible",
                             G_BINDING_SYNC_CREATE, not_empty, NULL, NULL, NULL);
  bind_css_flag (group, "paper-agrees", self->crosscheck_label, &paper_disagrees);

  bind_text (group, "last-order", self->last_order_label, last_order_text);
  bind_text (group, "last-order-basis", self->last_order_label, last_order_text);
  bind_css_flag (group, "last-order-stale", self->last_order_label, &order_stale);

  bind_text (group, "settlement", self->settlement_label, settlement_text);
  g_binding_group_bind_full (group, "settlement", self->settlement_label, "visible",
                             G_BINDING_SYNC_CREATE, not_empty, NULL, NULL, NULL);
}

/**
 * ctd_chouette_page_bind_totals: (skip)
 * @self: the page
 * @size: the players' columns built
 * @amounts_label: the heading of the amounts' row
 *
 * Binds the totals grid just built for the chouette's size; its widgets
 * leave the group as they are destroyed with the next grid.
 */
void
ctd_chouette_page_bind_totals (CtdChouettePage *self,
                               guint            size,
                               GtkLabel        *amounts_label)
{
  GBindingGroup *group = self->view_bindings;

  bind_text (group, "totals-known", self->sum_label, sum_text);
  bind_text (group, "zero-sum", self->sum_label, sum_text);
  bind_text (group, "zero-sum-text", self->sum_label, sum_text);
  bind_css_flag (group, "zero-sum", self->sum_label, &sum_not_zero);
  bind_text (group, "stake", amounts_label, amounts_text);
  bind_text (group, "amounts-provisional", self->amounts_note_label, provisional_text);
  bind_text (group, "n-recorded", self->amounts_note_label, provisional_text);
  for (guint p = 0; p < size; p++)
    g_binding_group_bind (group, "editable", self->paper_entries[p], "sensitive",
                          G_BINDING_SYNC_CREATE);
}
