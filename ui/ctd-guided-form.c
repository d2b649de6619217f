/* ctd-guided-form.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-guided-form"

#include "config.h"

#include "ctd-guided-form-private.h"

#include <glib/gi18n.h>

#include "ctd-enum-types.h"
#include "ctd-ui.h"

/*
 * One game's result asked for in words, for a director who does not
 * know the notation: who won, each crew member's cube, extras,
 * penalties, the "together" mark and the director's adjustments. Every
 * change writes the line the widgets describe into "notation", so the
 * page that holds the form shows it in its notation field, where core
 * checks it, and records it the way a typed line is recorded.
 *
 * The form checks nothing: what it offers comes from core (the values
 * of ctd_result_cube_values() and ctd_result_extra_values(), the ends of
 * CtdCubeEnd, the penalty of ctd_result_penalty_amount()), and a
 * combination that breaks a rule still gives its line, for core's
 * message to explain. A line that parses is written in core's canonical
 * form, so the page's field shows what would be recorded.
 */

G_DEFINE_FINAL_TYPE (CtdGuidedForm, ctd_guided_form, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_NOTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- the outcome and the crew's cubes --------------------------------------- */

static void
offer_cube_ends (CtdGuidedForm *self,
                 guint          player,
                 CtdCubeEnd     keep)
{
  g_autoptr(GEnumClass) ends = g_type_class_ref (CTD_TYPE_CUBE_END);
  g_auto(CtdChoices) choices = { 0 };

  ctd_choices_init (&choices);
  for (guint i = 0; i < ends->n_values; i++)
    ctd_choices_add (&choices, (guint) ends->values[i].value,
                     ctd_guided_form_describe_end (ends->values[i].value, player, 0));
  ctd_choices_offer (self->end_dropdowns[player - 1], &choices, keep);
}

/* Single or gammon needs a winner; a washed cube has no value. */
static void
update_sensitivity (CtdGuidedForm *self)
{
  gtk_widget_set_sensitive (self->multiplier_box,
                            !gtk_check_button_get_active (self->none_button));
  for (guint p = 1; p <= self->context.size; p++)
    {
      gboolean washed = ctd_choices_get (self->end_dropdowns[p - 1]) == CTD_CUBE_WASH;

      gtk_widget_set_sensitive (GTK_WIDGET (self->value_dropdowns[p - 1]), !washed);
      gtk_widget_set_sensitive (self->value_captions[p - 1], !washed);
    }
  ctd_guided_form_update_list_actions (self);
}

/* ---- the line -------------------------------------------------------------- */

static CtdWinner
chosen_winner (CtdGuidedForm *self)
{
  if (gtk_check_button_get_active (self->team_button))
    return CTD_WINNER_TEAM;
  if (gtk_check_button_get_active (self->none_button))
    return CTD_WINNER_NONE;
  return CTD_WINNER_BOX;
}

static guint
chosen_multiplier (CtdGuidedForm *self)
{
  if (gtk_check_button_get_active (self->backgammon_button))
    return 3;
  if (gtk_check_button_get_active (self->gammon_button))
    return 2;
  return 1;
}

/* The result the widgets describe, as a line: in core's canonical form
 * when it parses (extras and penalties in order), else as the widgets
 * have it, for core's message to explain. */
static char *
describe (CtdGuidedForm *self)
{
  CtdResult result = { 0 };
  g_autoptr(CtdResult) parsed = NULL;
  g_autofree char *line = NULL;

  result.context = self->context;
  result.winner = chosen_winner (self);
  result.multiplier = result.winner == CTD_WINNER_NONE ? 0 : chosen_multiplier (self);
  for (guint p = 1; p <= self->context.size; p++)
    if (p != self->context.box)
      {
        CtdCube *cube = &result.cubes[p - 1];

        cube->end = ctd_choices_get (self->end_dropdowns[p - 1]);
        cube->value = cube->end == CTD_CUBE_WASH ? 0
                      : ctd_choices_get (self->value_dropdowns[p - 1]);
      }
  result.together = gtk_check_button_get_active (self->together_button);
  ctd_guided_form_describe_lists (self, &result);

  line = ctd_result_format (&result);
  parsed = ctd_result_parse (&self->context, line, NULL);
  if (parsed != NULL)
    return ctd_result_format (parsed);
  return g_steal_pointer (&line);
}

/* Every change ends here: the line, notified when it changed. */
void
ctd_guided_form_update_notation (CtdGuidedForm *self)
{
  g_autofree char *line = NULL;

  if (self->updating > 0)
    return;
  line = self->has_game ? describe (self) : g_strdup ("");
  if (g_strcmp0 (line, self->notation) == 0)
    return;
  g_free (self->notation);
  self->notation = g_steal_pointer (&line);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTATION]);
}

/* ---- signals of the template's widgets ------------------------------------- */

static void
outcome_toggled_cb (CtdGuidedForm *self)
{
  if (self->updating > 0)
    return;
  update_sensitivity (self);
  ctd_guided_form_update_notation (self);
}

/* A cube's value is also the value an extra it offers builds on. */
static void
cube_changed_cb (CtdGuidedForm *self)
{
  if (self->updating > 0)
    return;
  self->updating++;
  ctd_guided_form_refresh_extras (self);
  self->updating--;
  update_sensitivity (self);
  ctd_guided_form_update_notation (self);
}

/* ---- public ------------------------------------------------------------------ */

/**
 * ctd_guided_form_new:
 *
 * A form that asks for one game's result in words; it has nothing to
 * describe until ctd_guided_form_set_game().
 *
 * Returns: (transfer floating): the form
 */
GtkWidget *
ctd_guided_form_new (void)
{
  return g_object_new (CTD_TYPE_GUIDED_FORM, NULL);
}

/**
 * ctd_guided_form_set_game:
 * @self: the form
 * @context: the game to describe: its schedule (Box, Captain, starting
 *   cube) and the chouette's size
 * @names: (array) (nullable): the chouette's player names by number,
 *   @names[0] for player 1, @context->size entries (a %NULL entry shows
 *   the number alone)
 *
 * Resets the form to "every cube played at its starting value, the Box
 * wins a single", the line "B", and offers only what this game allows.
 */
void
ctd_guided_form_set_game (CtdGuidedForm        *self,
                          const CtdGameContext *context,
                          const char * const   *names)
{
  g_return_if_fail (CTD_IS_GUIDED_FORM (self));
  g_return_if_fail (context != NULL);
  g_return_if_fail (context->size >= CTD_MIN_PLAYERS && context->size <= CTD_MAX_PLAYERS);
  g_return_if_fail (context->box >= 1 && context->box <= context->size);
  g_return_if_fail (context->captain >= 1 && context->captain <= context->size);
  g_return_if_fail (context->captain != context->box && context->cube_start >= 1);

  self->updating++;
  self->context = *context;
  self->has_game = TRUE;
  g_strfreev (self->names);
  self->names = g_new0 (char *, context->size + 1);
  for (guint p = 1; p <= context->size; p++)
    self->names[p - 1] = names != NULL && names[p - 1] != NULL
                         ? g_strdup_printf ("%u %s", p, names[p - 1])
                         : g_strdup_printf ("%u", p);

  ctd_guided_form_clear_lists (self);
  gtk_check_button_set_active (self->box_button, TRUE);
  gtk_check_button_set_active (self->single_button, TRUE);
  gtk_check_button_set_active (self->together_button, FALSE);
  for (guint p = 1; p <= CTD_MAX_PLAYERS; p++)
    {
      gboolean playing = p <= context->size;
      gboolean has_cube = playing && p != context->box;
      GtkWidget *row[] = {
        GTK_WIDGET (self->value_captions[p - 1]), GTK_WIDGET (self->value_dropdowns[p - 1]),
        GTK_WIDGET (self->end_captions[p - 1]), GTK_WIDGET (self->end_dropdowns[p - 1]),
      };

      gtk_widget_set_visible (GTK_WIDGET (self->name_labels[p - 1]), playing);
      gtk_widget_set_visible (GTK_WIDGET (self->role_labels[p - 1]), playing);
      for (guint i = 0; i < G_N_ELEMENTS (row); i++)
        gtk_widget_set_visible (row[i], has_cube);
      gtk_label_set_text (self->name_labels[p - 1], playing ? self->names[p - 1] : "");
      if (!playing)
        continue;
      gtk_label_set_text (self->role_labels[p - 1],
                          p == context->box ? _("Box")
                          : p == context->captain ? _("Captain") : "");
      if (has_cube)
        {
          g_autoptr(GArray) values = ctd_guided_form_cube_values (context, 0);

          ctd_guided_form_offer_values (self->value_dropdowns[p - 1], values, context->cube_start);
          offer_cube_ends (self, p, CTD_CUBE_PLAYED);
        }
    }
  gtk_label_set_mnemonic_widget (self->cubes_label,
                                 GTK_WIDGET (self->value_dropdowns[context->box == 1 ? 1 : 0]));
  gtk_widget_set_sensitive (self->content, TRUE);
  self->updating--;

  update_sensitivity (self);
  ctd_guided_form_update_notation (self);
}

/**
 * ctd_guided_form_set_notation:
 * @self: the form
 * @notation: a result line, e.g. the recorded one or what the director
 *   typed
 *
 * Shows @notation in the form, when it parses for the game of
 * ctd_guided_form_set_game(); the form then describes core's canonical
 * line for it. A cube or an extra bigger than a form offers is offered
 * too, so nothing of the line is lost.
 *
 * Returns: %FALSE, leaving the form as it was, when @notation does not
 *   parse for this game (or no game is set)
 */
gboolean
ctd_guided_form_set_notation (CtdGuidedForm *self,
                              const char    *notation)
{
  g_autoptr(CtdResult) result = NULL;
  g_autofree char *canonical = NULL;
  GtkCheckButton *multipliers[] = { self->single_button, self->gammon_button,
                                    self->backgammon_button };

  g_return_val_if_fail (CTD_IS_GUIDED_FORM (self), FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);

  if (!self->has_game)
    return FALSE;
  result = ctd_result_parse (&self->context, notation, NULL);
  if (result == NULL)
    return FALSE;
  /* The line the form already describes (the page echoing it back from
   * its field): rebuilding the rows would take the keyboard away from
   * the control the director is on. */
  canonical = ctd_result_format (result);
  if (g_strcmp0 (canonical, self->notation) == 0)
    return TRUE;

  self->updating++;
  gtk_check_button_set_active (result->winner == CTD_WINNER_TEAM ? self->team_button
                               : result->winner == CTD_WINNER_NONE ? self->none_button
                               : self->box_button, TRUE);
  gtk_check_button_set_active (multipliers[CLAMP (result->multiplier, 1, 3) - 1], TRUE);
  for (guint p = 1; p <= self->context.size; p++)
    if (p != self->context.box)
      {
        const CtdCube *cube = &result->cubes[p - 1];
        guint value = cube->end == CTD_CUBE_WASH ? self->context.cube_start : cube->value;
        g_autoptr(GArray) values = ctd_guided_form_cube_values (&self->context, value);

        ctd_guided_form_offer_values (self->value_dropdowns[p - 1], values, value);
        ctd_choices_set (self->end_dropdowns[p - 1], cube->end);
      }
  gtk_check_button_set_active (self->together_button, result->together);
  ctd_guided_form_show_lists (self, result);
  self->updating--;

  update_sensitivity (self);
  ctd_guided_form_update_notation (self);
  return TRUE;
}

/**
 * ctd_guided_form_get_notation:
 * @self: the form
 *
 * The line the form describes now, which is also its "notation"
 * property: core's canonical line when it parses, else the widgets' own
 * (core's message then says what is wrong with it).
 *
 * Returns: (transfer none): the line; "" before a game is set
 */
const char *
ctd_guided_form_get_notation (CtdGuidedForm *self)
{
  g_return_val_if_fail (CTD_IS_GUIDED_FORM (self), NULL);

  return self->notation;
}

/* ---- GObject -------------------------------------------------------------- */

/* The keyboard starts where the paper does: who won. */
static gboolean
ctd_guided_form_grab_focus (GtkWidget *widget)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (widget);
  GtkCheckButton *winners[] = { self->box_button, self->team_button, self->none_button };

  if (!self->has_game)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (winners); i++)
    if (gtk_check_button_get_active (winners[i]))
      return gtk_widget_grab_focus (GTK_WIDGET (winners[i]));
  return gtk_widget_grab_focus (GTK_WIDGET (self->box_button));
}

static void
ctd_guided_form_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (object);

  switch (prop_id)
    {
    case PROP_NOTATION:
      g_value_set_string (value, self->notation);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_guided_form_dispose (GObject *object)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (object);
  GtkWidget *child;

  /* The lists' widgets go with their grids; the rows only borrowed them. */
  self->updating++;
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_GUIDED_FORM);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->extras != NULL)
    g_array_set_size (self->extras, 0);
  if (self->penalties != NULL)
    g_array_set_size (self->penalties, 0);
  if (self->adjustments != NULL)
    g_array_set_size (self->adjustments, 0);
  G_OBJECT_CLASS (ctd_guided_form_parent_class)->dispose (object);
}

static void
ctd_guided_form_finalize (GObject *object)
{
  CtdGuidedForm *self = CTD_GUIDED_FORM (object);

  g_strfreev (self->names);
  g_clear_pointer (&self->extras, g_array_unref);
  g_clear_pointer (&self->penalties, g_array_unref);
  g_clear_pointer (&self->adjustments, g_array_unref);
  g_free (self->notation);
  G_OBJECT_CLASS (ctd_guided_form_parent_class)->finalize (object);
}

#define BIND_CUBE_ROW(widget_class, p)                                                       \
  G_STMT_START                                                                               \
  {                                                                                          \
    gtk_widget_class_bind_template_child_full (widget_class, "name_label_" #p, FALSE,        \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                name_labels[p - 1]));        \
    gtk_widget_class_bind_template_child_full (widget_class, "role_label_" #p, FALSE,        \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                role_labels[p - 1]));        \
    gtk_widget_class_bind_template_child_full (widget_class, "value_caption_" #p, FALSE,     \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                value_captions[p - 1]));     \
    gtk_widget_class_bind_template_child_full (widget_class, "value_dropdown_" #p, FALSE,    \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                value_dropdowns[p - 1]));    \
    gtk_widget_class_bind_template_child_full (widget_class, "end_caption_" #p, FALSE,       \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                end_captions[p - 1]));       \
    gtk_widget_class_bind_template_child_full (widget_class, "end_dropdown_" #p, FALSE,      \
                                               G_STRUCT_OFFSET (CtdGuidedForm,               \
                                                                end_dropdowns[p - 1]));      \
  }                                                                                          \
  G_STMT_END

static void
ctd_guided_form_class_init (CtdGuidedFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ctd_guided_form_get_property;
  object_class->dispose = ctd_guided_form_dispose;
  object_class->finalize = ctd_guided_form_finalize;
  widget_class->grab_focus = ctd_guided_form_grab_focus;

  /**
   * CtdGuidedForm:notation:
   *
   * The line the form describes (ctd_guided_form_get_notation()),
   * notified on every change.
   */
  properties[PROP_NOTATION] =
    g_param_spec_string ("notation", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/chouettetd/ChouetteTD/ctd-guided-form.ui");
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, content);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, box_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, team_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, none_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, multiplier_box);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, single_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, gammon_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, backgammon_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, cubes_label);
  BIND_CUBE_ROW (widget_class, 1);
  BIND_CUBE_ROW (widget_class, 2);
  BIND_CUBE_ROW (widget_class, 3);
  BIND_CUBE_ROW (widget_class, 4);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, extras_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, penalties_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, adjustments_grid);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, add_extra_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, add_penalty_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, add_adjustment_button);
  gtk_widget_class_bind_template_child (widget_class, CtdGuidedForm, together_button);
  ctd_guided_form_install_list_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_guided_form_init (CtdGuidedForm *self)
{
  self->extras = g_array_new (FALSE, TRUE, sizeof (CtdExtraRow));
  self->penalties = g_array_new (FALSE, TRUE, sizeof (CtdPaymentRow));
  self->adjustments = g_array_new (FALSE, TRUE, sizeof (CtdPaymentRow));
  self->notation = g_strdup ("");

  gtk_widget_init_template (GTK_WIDGET (self));

  GtkCheckButton *toggles[] = { self->box_button, self->team_button, self->none_button,
                                self->single_button, self->gammon_button,
                                self->backgammon_button, self->together_button };

  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    g_signal_connect_object (toggles[i], "toggled", G_CALLBACK (outcome_toggled_cb), self,
                             G_CONNECT_SWAPPED);
  for (guint p = 1; p <= CTD_MAX_PLAYERS; p++)
    {
      g_signal_connect_object (self->value_dropdowns[p - 1], "notify::selected",
                               G_CALLBACK (cube_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->end_dropdowns[p - 1], "notify::selected",
                               G_CALLBACK (cube_changed_cb), self, G_CONNECT_SWAPPED);
    }
  update_sensitivity (self);
}
