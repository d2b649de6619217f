/* ctd-guided-form-lists.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-guided-form"

#include "config.h"

#include "ctd-guided-form-private.h"

#include <glib/gi18n.h>

#include "ctd-enum-types.h"

/*
 * The guided form's three lists: extras (rule 3.7), penalties (rule 2.5)
 * and the director's adjustments. Each row's widgets come from
 * ctd-guided-form-rows.ui, one per column of the list's grid, so that
 * the columns line up. A row's choices follow each other (an extra's
 * taker is not its offerer, its values build on the offerer's passed
 * cube; a penalty goes to the Box or the Captain, from a player out of
 * the game), all from core; whether the whole line holds is core's to
 * say.
 */

#define ROWS_RESOURCE "/io/github/chouettetd/ChouetteTD/ctd-guided-form-rows.ui"
#define BIT           CTD_PLAYER_BIT

static CtdExtraRow *
extra_row (CtdGuidedForm *self,
           guint          index)
{
  return &g_array_index (self->extras, CtdExtraRow, index);
}

static CtdPaymentRow *
payment_row (GArray *rows,
             guint   index)
{
  return &g_array_index (rows, CtdPaymentRow, index);
}

/* ---- extras --------------------------------------------------------------- */

/* The taker's choices follow the offerer, the ends name both, and the
 * values follow the offerer's passed cube and the end. @value is kept
 * when core offers it, even past a form's doublings; 0 keeps the value
 * shown. */
static void
refresh_extra (CtdGuidedForm *self,
               guint          index,
               guint          value)
{
  CtdExtraRow *row = extra_row (self, index);
  g_autoptr(GEnumClass) ends = g_type_class_ref (CTD_TYPE_CUBE_END);
  g_auto(CtdChoices) choices = { 0 };
  g_autoptr(GArray) values = NULL;
  guint offerer = ctd_choices_get (row->offerer);
  guint taker;
  guint passed;
  CtdCubeEnd end;

  g_assert (offerer >= 1 && offerer <= self->context.size);
  ctd_guided_form_offer_players (self, row->taker, ctd_guided_form_crew (self) & ~BIT (offerer),
                                 ctd_choices_get (row->taker));
  taker = ctd_choices_get (row->taker);
  passed = ctd_choices_get (self->value_dropdowns[offerer - 1]);
  g_assert (passed >= 1);

  /* An end is offered when core has values for it: never a wash. */
  ctd_choices_init (&choices);
  for (guint i = 0; i < ends->n_values; i++)
    {
      CtdCubeEnd some_end = ends->values[i].value;
      g_autoptr(GArray) some = ctd_result_extra_values (&self->context, passed, some_end,
                                                        CTD_RESULT_FORM_DOUBLINGS);

      if (some->len > 0)
        ctd_choices_add (&choices, some_end,
                         ctd_guided_form_describe_end (some_end, taker, offerer));
    }
  ctd_choices_offer (row->end, &choices, ctd_choices_get (row->end));
  end = ctd_choices_get (row->end);

  if (value == 0)
    value = ctd_choices_get (row->value);
  values = ctd_guided_form_extra_values (&self->context, passed, end, value);
  ctd_guided_form_offer_values (row->value, values, value);
}

static void refresh_penalty (CtdGuidedForm *self,
                             guint          index);

/* After a crew cube changed: an extra builds on its offerer's cube, and
 * only a player whose cube ended may pay a penalty. */
void
ctd_guided_form_refresh_extras (CtdGuidedForm *self)
{
  for (guint i = 0; i < self->extras->len; i++)
    refresh_extra (self, i, 0);
  for (guint i = 0; i < self->penalties->len; i++)
    refresh_penalty (self, i);
}

static void
extra_changed_cb (GtkDropDown   *dropdown,
                  GParamSpec    *pspec,
                  CtdGuidedForm *self)
{
  if (self->updating > 0)
    return;
  for (guint i = 0; i < self->extras->len; i++)
    {
      CtdExtraRow *row = extra_row (self, i);

      if (dropdown == row->offerer || dropdown == row->taker || dropdown == row->end)
        {
          self->updating++;
          refresh_extra (self, i, 0);
          self->updating--;
        }
    }
  /* An extra still played keeps its players in the game (SPEC 5). */
  self->updating++;
  for (guint i = 0; i < self->penalties->len; i++)
    refresh_penalty (self, i);
  self->updating--;
  ctd_guided_form_update_list_actions (self);
  ctd_guided_form_update_notation (self);
}

/* ---- penalties and adjustments -------------------------------------------- */

/* Rule 2.5's payers as core sees them with the cubes as the form shows
 * them: the players already out of the game. */
static guint
penalty_payers (CtdGuidedForm *self)
{
  CtdCube cubes[CTD_MAX_PLAYERS] = { { 0 } };
  CtdExtra extras[CTD_MAX_EXTRAS] = { { 0 } };
  guint n_extras = 0;
  g_autoptr(GArray) payers = NULL;
  guint players = 0;

  for (guint p = 1; p <= self->context.size; p++)
    if (p != self->context.box)
      cubes[p - 1].end = ctd_choices_get (self->end_dropdowns[p - 1]);
  /* An extra still played keeps its players in the game (SPEC 5). */
  for (guint i = 0; i < self->extras->len && i < CTD_MAX_EXTRAS; i++)
    {
      CtdExtraRow *row = extra_row (self, i);

      extras[n_extras++] = (CtdExtra) { ctd_choices_get (row->offerer),
                                        ctd_choices_get (row->taker),
                                        ctd_choices_get (row->end), 0 };
    }
  payers = ctd_result_penalty_payers (&self->context, cubes, extras, n_extras);
  for (guint i = 0; i < payers->len; i++)
    players |= BIT (g_array_index (payers, guint, i));
  return players;
}

/* Rule 2.5: a player out of the game pays the aggrieved Box or Captain.
 * A payer whose cube is back in play stays, alone, until another may
 * pay: the line keeps its penalty, and core's refusal says why. */
static void
refresh_penalty (CtdGuidedForm *self,
                 guint          index)
{
  CtdPaymentRow *row = payment_row (self->penalties, index);
  guint payers = penalty_payers (self);
  guint payer = ctd_choices_get (row->payer);

  ctd_guided_form_offer_players (self, row->payer, payers != 0 ? payers : BIT (payer), payer);
  payer = ctd_choices_get (row->payer);
  ctd_guided_form_offer_players (self, row->payee,
                                 (BIT (self->context.box) | BIT (self->context.captain))
                                 & ~BIT (payer),
                                 ctd_choices_get (row->payee));
}

static void
refresh_adjustment (CtdGuidedForm *self,
                    guint          index)
{
  CtdPaymentRow *row = payment_row (self->adjustments, index);
  guint payer = ctd_choices_get (row->payer);

  ctd_guided_form_offer_players (self, row->payee, ctd_guided_form_everyone (self) & ~BIT (payer),
                                 ctd_choices_get (row->payee));
}

static void
payment_changed_cb (GtkDropDown   *dropdown,
                    GParamSpec    *pspec,
                    CtdGuidedForm *self)
{
  if (self->updating > 0)
    return;
  self->updating++;
  for (guint i = 0; i < self->penalties->len; i++)
    if (payment_row (self->penalties, i)->payer == dropdown)
      refresh_penalty (self, i);
  for (guint i = 0; i < self->adjustments->len; i++)
    if (payment_row (self->adjustments, i)->payer == dropdown)
      refresh_adjustment (self, i);
  self->updating--;
  ctd_guided_form_update_notation (self);
}

/* ---- rows ------------------------------------------------------------------ */

/* Builds the widgets @ids of one row from the rows' resource and puts
 * them in @grid's row @row, one column each. */
static GtkBuilder *
build_row (GtkGrid           *grid,
           guint              row,
           const char *const *ids)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;

  if (!gtk_builder_add_objects_from_resource (builder, ROWS_RESOURCE, (const char **) ids, &error))
    g_error ("%s: %s", ROWS_RESOURCE, error->message);
  for (guint column = 0; ids[column] != NULL; column++)
    gtk_grid_attach (grid, GTK_WIDGET (gtk_builder_get_object (builder, ids[column])),
                     (int) column, (int) row, 1, 1);
  gtk_widget_set_visible (GTK_WIDGET (grid), TRUE);
  return g_steal_pointer (&builder);
}

static void
name_widget (GtkWidget *widget,
             char      *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_free (name);
}

/* The target comes first: GTK warns of a parametrised action named
 * without one. */
static void
name_remove_button (GtkWidget  *button,
                    const char *action_name,
                    guint       index,
                    char       *name)
{
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  gtk_widget_set_tooltip_text (button, name);
  name_widget (button, name);
}

/* The rows' names carry their number, which changes when one above them
 * goes. */
static void
name_rows (CtdGuidedForm *self)
{
  for (guint i = 0; i < self->extras->len; i++)
    {
      CtdExtraRow *row = extra_row (self, i);

      name_widget (GTK_WIDGET (row->offerer), g_strdup_printf (_("Who offered extra %u"), i + 1));
      name_widget (GTK_WIDGET (row->taker), g_strdup_printf (_("Who took extra %u"), i + 1));
      name_widget (GTK_WIDGET (row->value), g_strdup_printf (_("Extra %u's value"), i + 1));
      name_widget (GTK_WIDGET (row->end), g_strdup_printf (_("How extra %u ended"), i + 1));
      name_remove_button (row->remove, "guided-form.remove-extra", i,
                          g_strdup_printf (_("Remove extra %u"), i + 1));
    }
  for (guint i = 0; i < self->penalties->len; i++)
    {
      CtdPaymentRow *row = payment_row (self->penalties, i);

      name_widget (GTK_WIDGET (row->payer), g_strdup_printf (_("Who pays penalty %u"), i + 1));
      name_widget (GTK_WIDGET (row->payee), g_strdup_printf (_("Who receives penalty %u"), i + 1));
      name_remove_button (row->remove, "guided-form.remove-penalty", i,
                          g_strdup_printf (_("Remove penalty %u"), i + 1));
    }
  for (guint i = 0; i < self->adjustments->len; i++)
    {
      CtdPaymentRow *row = payment_row (self->adjustments, i);

      name_widget (GTK_WIDGET (row->payer), g_strdup_printf (_("Who pays adjustment %u"), i + 1));
      name_widget (GTK_WIDGET (row->payee),
                   g_strdup_printf (_("Who receives adjustment %u"), i + 1));
      name_widget (GTK_WIDGET (row->spin),
                   g_strdup_printf (_("Adjustment %u's amount in points"), i + 1));
      name_remove_button (row->remove, "guided-form.remove-adjustment", i,
                          g_strdup_printf (_("Remove adjustment %u"), i + 1));
    }
}

/* A list holds as many rows as a result can. */
void
ctd_guided_form_update_list_actions (CtdGuidedForm *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "guided-form.add-extra",
                                 self->has_game && self->extras->len < CTD_MAX_EXTRAS);
  gtk_widget_action_set_enabled (widget, "guided-form.add-penalty",
                                 self->has_game && self->penalties->len < CTD_MAX_PENALTIES
                                 && penalty_payers (self) != 0);
  gtk_widget_action_set_enabled (widget, "guided-form.add-adjustment",
                                 self->has_game && self->adjustments->len < CTD_MAX_ADJUSTMENTS);
}

static guint
append_extra (CtdGuidedForm *self)
{
  static const char *const ids[] = {
    "extra_from", "extra_offerer", "extra_to", "extra_taker", "extra_value_caption",
    "extra_value", "extra_end_caption", "extra_end", "extra_remove", NULL
  };
  g_autoptr(GtkBuilder) builder = build_row (self->extras_grid, self->extras->len, ids);
  CtdExtraRow row = {
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "extra_offerer")),
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "extra_taker")),
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "extra_value")),
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "extra_end")),
    GTK_WIDGET (gtk_builder_get_object (builder, "extra_remove")),
  };
  GtkDropDown *dropdowns[] = { row.offerer, row.taker, row.value, row.end };
  guint crew = ctd_guided_form_crew (self);
  guint offerer = 0;
  guint taker = 0;

  /* A first guess from the cubes as the form shows them: the offerer
   * passed the Box's cube, the taker's went up. The director changes
   * what does not fit, and core judges the line. */
  for (guint p = 1; p <= self->context.size && offerer == 0; p++)
    if ((crew & BIT (p)) && ctd_choices_get (self->end_dropdowns[p - 1]) == CTD_CUBE_TAKER_PASSED)
      offerer = p;
  for (guint p = 1; p <= self->context.size && offerer == 0; p++)
    if (crew & BIT (p))
      offerer = p;
  for (guint p = 1; p <= self->context.size && taker == 0; p++)
    if ((crew & BIT (p)) && p != offerer
        && ctd_choices_get (self->end_dropdowns[p - 1]) != CTD_CUBE_WASH
        && ctd_choices_get (self->value_dropdowns[p - 1]) > self->context.cube_start)
      taker = p;
  ctd_guided_form_offer_players (self, row.offerer, crew, offerer);
  ctd_guided_form_offer_players (self, row.taker, crew & ~BIT (offerer), taker);
  g_array_append_val (self->extras, row);
  refresh_extra (self, self->extras->len - 1, 0);
  for (guint i = 0; i < G_N_ELEMENTS (dropdowns); i++)
    g_signal_connect_object (dropdowns[i], "notify::selected", G_CALLBACK (extra_changed_cb),
                             self, 0);
  return self->extras->len - 1;
}

static guint
append_penalty (CtdGuidedForm *self)
{
  static const char *const ids[] = {
    "penalty_payer", "penalty_pays", "penalty_payee", "penalty_amount", "penalty_remove", NULL
  };
  g_autoptr(GtkBuilder) builder = build_row (self->penalties_grid, self->penalties->len, ids);
  CtdHalves amount = ctd_result_penalty_amount (&self->context);
  g_autofree char *points = ctd_halves_to_string (amount, FALSE);
  g_autofree char *text = NULL;
  CtdPaymentRow row = {
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "penalty_payer")),
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "penalty_payee")),
    GTK_LABEL (gtk_builder_get_object (builder, "penalty_amount")),
    NULL,
    GTK_WIDGET (gtk_builder_get_object (builder, "penalty_remove")),
  };
  guint payers = penalty_payers (self);
  guint payer = 0;

  /* A first guess: a player out of the game other than the Captain pays
   * the Box. */
  for (guint p = 1; p <= self->context.size && payer == 0; p++)
    if ((payers & BIT (p)) && p != self->context.captain)
      payer = p;
  ctd_guided_form_offer_players (self, row.payer, payers, payer);
  ctd_guided_form_offer_players (self, row.payee, BIT (self->context.box), self->context.box);
  /* The amount is core's; rule 2.5's only offence is consulting. */
  text = g_strdup_printf (ngettext ("%s point for consulting (rule 2.5)",
                                    "%s points for consulting (rule 2.5)",
                                    (gulong) (amount / 2)), points);
  gtk_label_set_text (row.amount, text);
  g_array_append_val (self->penalties, row);
  refresh_penalty (self, self->penalties->len - 1);
  g_signal_connect_object (row.payer, "notify::selected", G_CALLBACK (payment_changed_cb),
                           self, 0);
  g_signal_connect_object (row.payee, "notify::selected", G_CALLBACK (payment_changed_cb),
                           self, 0);
  return self->penalties->len - 1;
}

static guint
append_adjustment (CtdGuidedForm *self)
{
  static const char *const ids[] = {
    "adjustment_payer", "adjustment_pays", "adjustment_payee", "adjustment_amount",
    "adjustment_points", "adjustment_remove", NULL
  };
  g_autoptr(GtkBuilder) builder = build_row (self->adjustments_grid, self->adjustments->len,
                                             ids);
  CtdPaymentRow row = {
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "adjustment_payer")),
    GTK_DROP_DOWN (gtk_builder_get_object (builder, "adjustment_payee")),
    NULL,
    GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "adjustment_amount")),
    GTK_WIDGET (gtk_builder_get_object (builder, "adjustment_remove")),
  };
  guint payer = self->context.box == 1 ? 2 : 1;

  ctd_guided_form_offer_players (self, row.payer, ctd_guided_form_everyone (self), payer);
  ctd_guided_form_offer_players (self, row.payee, BIT (self->context.box), self->context.box);
  g_array_append_val (self->adjustments, row);
  refresh_adjustment (self, self->adjustments->len - 1);
  g_signal_connect_object (row.payer, "notify::selected", G_CALLBACK (payment_changed_cb),
                           self, 0);
  g_signal_connect_object (row.payee, "notify::selected", G_CALLBACK (payment_changed_cb),
                           self, 0);
  g_signal_connect_object (row.spin, "value-changed",
                           G_CALLBACK (ctd_guided_form_update_notation), self, G_CONNECT_SWAPPED);
  return self->adjustments->len - 1;
}

static void
remove_row (GtkGrid *grid,
            GArray  *rows,
            guint    index)
{
  gtk_grid_remove_row (grid, (int) index);
  g_array_remove_index (rows, index);
  gtk_widget_set_visible (GTK_WIDGET (grid), rows->len > 0);
}

void
ctd_guided_form_clear_lists (CtdGuidedForm *self)
{
  while (self->extras->len > 0)
    remove_row (self->extras_grid, self->extras, self->extras->len - 1);
  while (self->penalties->len > 0)
    remove_row (self->penalties_grid, self->penalties, self->penalties->len - 1);
  while (self->adjustments->len > 0)
    remove_row (self->adjustments_grid, self->adjustments, self->adjustments->len - 1);
  ctd_guided_form_update_list_actions (self);
}

/* A new row takes the keyboard, so the director goes on filling it in. */
static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (widget);
  GtkDropDown *first;

  if (!self->has_game)
    return;
  self->updating++;
  if (g_str_equal (action_name, "guided-form.add-extra"))
    first = extra_row (self, append_extra (self))->offerer;
  else if (g_str_equal (action_name, "guided-form.add-penalty"))
    first = payment_row (self->penalties, append_penalty (self))->payer;
  else
    first = payment_row (self->adjustments, append_adjustment (self))->payer;
  self->updating--;
  name_rows (self);
  ctd_guided_form_update_list_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (first));
  ctd_guided_form_update_notation (self);
}

/* The keyboard goes back to the list's Add button, which stays put. */
static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (widget);
  guint index = g_variant_get_uint32 (parameter);
  GtkGrid *grid = self->adjustments_grid;
  GArray *rows = self->adjustments;
  GtkWidget *add = self->add_adjustment_button;

  if (g_str_equal (action_name, "guided-form.remove-extra"))
    {
      grid = self->extras_grid;
      rows = self->extras;
      add = self->add_extra_button;
    }
  else if (g_str_equal (action_name, "guided-form.remove-penalty"))
    {
      grid = self->penalties_grid;
      rows = self->penalties;
      add = self->add_penalty_button;
    }
  if (index >= rows->len)
    return;
  remove_row (grid, rows, index);
  name_rows (self);
  ctd_guided_form_update_list_actions (self);
  gtk_widget_grab_focus (add);
  ctd_guided_form_update_notation (self);
}

void
ctd_guided_form_install_list_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "guided-form.add-extra", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "guided-form.add-penalty", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "guided-form.add-adjustment", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "guided-form.remove-extra", "u", remove_action);
  gtk_widget_class_install_action (widget_class, "guided-form.remove-penalty", "u",
                                   remove_action);
  gtk_widget_class_install_action (widget_class, "guided-form.remove-adjustment", "u",
                                   remove_action);
}

/* ---- the lists and the result --------------------------------------------- */

/* Fills @result's extras, penalties and adjustments from the rows, as
 * they are: core judges them. */
void
ctd_guided_form_describe_lists (CtdGuidedForm *self,
                                CtdResult     *result)
{
  for (guint i = 0; i < self->extras->len && i < CTD_MAX_EXTRAS; i++)
    {
      CtdExtraRow *row = extra_row (self, i);

      result->extras[result->n_extras++] = (CtdExtra) {
        ctd_choices_get (row->offerer), ctd_choices_get (row->taker),
        ctd_choices_get (row->end), ctd_choices_get (row->value)
      };
    }
  for (guint i = 0; i < self->penalties->len && i < CTD_MAX_PENALTIES; i++)
    {
      CtdPaymentRow *row = payment_row (self->penalties, i);

      result->penalties[result->n_penalties++] = (CtdPenalty) {
        ctd_choices_get (row->payer), ctd_choices_get (row->payee),
        ctd_result_penalty_amount (&self->context)
      };
    }
  for (guint i = 0; i < self->adjustments->len && i < CTD_MAX_ADJUSTMENTS; i++)
    {
      CtdPaymentRow *row = payment_row (self->adjustments, i);
      /* The field snaps to half points and is never negative. */
      double points = gtk_spin_button_get_value (row->spin);

      result->adjustments[result->n_adjustments++] = (CtdAdjustment) {
        ctd_choices_get (row->payer), ctd_choices_get (row->payee),
        (CtdHalves) (points * 2 + 0.5)
      };
    }
}

/* One row per extra, penalty and adjustment of @result, in its order;
 * the crew's cubes are already shown (the extras build on them). */
void
ctd_guided_form_show_lists (CtdGuidedForm   *self,
                            const CtdResult *result)
{
  self->updating++;
  ctd_guided_form_clear_lists (self);
  for (guint i = 0; i < result->n_extras; i++)
    {
      const CtdExtra *extra = &result->extras[i];
      guint index = append_extra (self);

      ctd_choices_set (extra_row (self, index)->offerer, extra->offerer);
      refresh_extra (self, index, 0);
      ctd_choices_set (extra_row (self, index)->taker, extra->taker);
      refresh_extra (self, index, 0);
      ctd_choices_set (extra_row (self, index)->end, extra->end);
      refresh_extra (self, index, extra->value);
    }
  for (guint i = 0; i < result->n_penalties; i++)
    {
      guint index = append_penalty (self);

      ctd_choices_set (payment_row (self->penalties, index)->payer, result->penalties[i].from);
      refresh_penalty (self, index);
      ctd_choices_set (payment_row (self->penalties, index)->payee, result->penalties[i].to);
    }
  for (guint i = 0; i < result->n_adjustments; i++)
    {
      const CtdAdjustment *adjustment = &result->adjustments[i];
      guint index = append_adjustment (self);
      CtdPaymentRow *row = payment_row (self->adjustments, index);

      ctd_choices_set (row->payer, adjustment->from);
      refresh_adjustment (self, index);
      ctd_choices_set (row->payee, adjustment->to);
      gtk_spin_button_set_value (row->spin, (double) adjustment->amount / 2);
    }
  self->updating--;
  name_rows (self);
  ctd_guided_form_update_list_actions (self);
}
