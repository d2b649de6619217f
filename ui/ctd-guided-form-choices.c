/* ctd-guided-form-choices.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-guided-form"

#include "config.h"

#include "ctd-guided-form-private.h"

#include <glib/gi18n.h>

/*
 * What the guided form's dropdowns offer. A dropdown shows strings; the
 * codes beside them (kept on the dropdown) say which player, value or
 * way of ending each one stands for, so that the form reads a choice
 * without parsing what it shows. The values are core's
 * (ctd_result_cube_values(), ctd_result_extra_values()).
 */

#define CODES_KEY "ctd-guided-form-codes"

void
ctd_choices_init (CtdChoices *choices)
{
  choices->codes = g_array_new (FALSE, FALSE, sizeof (guint));
  choices->labels = g_ptr_array_new_with_free_func (g_free);
}

void
ctd_choices_clear (CtdChoices *choices)
{
  g_clear_pointer (&choices->codes, g_array_unref);
  g_clear_pointer (&choices->labels, g_ptr_array_unref);
}

/* Adds @label (taken over) standing for @code. */
void
ctd_choices_add (CtdChoices *choices,
                 guint       code,
                 char       *label)
{
  g_array_append_val (choices->codes, code);
  g_ptr_array_add (choices->labels, label);
}

static gboolean
offers_same (GtkDropDown      *dropdown,
             const CtdChoices *choices)
{
  GArray *codes = g_object_get_data (G_OBJECT (dropdown), CODES_KEY);
  GListModel *model = gtk_drop_down_get_model (dropdown);

  if (codes == NULL || !GTK_IS_STRING_LIST (model) || codes->len != choices->codes->len)
    return FALSE;
  for (guint i = 0; i < codes->len; i++)
    if (g_array_index (codes, guint, i) != g_array_index (choices->codes, guint, i)
        || g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                      g_ptr_array_index (choices->labels, i)) != 0)
      return FALSE;
  return TRUE;
}

/* Offers @choices in @dropdown and selects @keep when it is one of them,
 * else the first. An unchanged list is left alone, so that a screen
 * reader hears nothing new. */
void
ctd_choices_offer (GtkDropDown      *dropdown,
                   const CtdChoices *choices,
                   guint             keep)
{
  guint position = 0;

  g_assert (choices->codes->len == choices->labels->len);
  for (guint i = choices->codes->len; i-- > 0;)
    if (g_array_index (choices->codes, guint, i) == keep)
      position = i;
  if (!offers_same (dropdown, choices))
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      for (guint i = 0; i < choices->labels->len; i++)
        gtk_string_list_append (model, g_ptr_array_index (choices->labels, i));
      g_object_set_data_full (G_OBJECT (dropdown), CODES_KEY, g_array_ref (choices->codes),
                              (GDestroyNotify) g_array_unref);
      gtk_drop_down_set_model (dropdown, G_LIST_MODEL (model));
    }
  gtk_drop_down_set_selected (dropdown, position);
}

/* What the selected item stands for; 0 with nothing offered. */
guint
ctd_choices_get (GtkDropDown *dropdown)
{
  GArray *codes = g_object_get_data (G_OBJECT (dropdown), CODES_KEY);
  guint position = gtk_drop_down_get_selected (dropdown);

  if (codes == NULL || position >= codes->len)
    return 0;
  return g_array_index (codes, guint, position);
}

/* Selects the item standing for @code, if offered. */
void
ctd_choices_set (GtkDropDown *dropdown,
                 guint        code)
{
  GArray *codes = g_object_get_data (G_OBJECT (dropdown), CODES_KEY);

  for (guint i = 0; codes != NULL && i < codes->len; i++)
    if (g_array_index (codes, guint, i) == code)
      {
        gtk_drop_down_set_selected (dropdown, i);
        return;
      }
}

guint
ctd_guided_form_everyone (CtdGuidedForm *self)
{
  return CTD_PLAYER_BIT (self->context.size + 1) - CTD_PLAYER_BIT (1);
}

guint
ctd_guided_form_crew (CtdGuidedForm *self)
{
  return ctd_guided_form_everyone (self) & ~CTD_PLAYER_BIT (self->context.box);
}

/* The players in @players (CTD_PLAYER_BIT), as "N Name". */
void
ctd_guided_form_offer_players (CtdGuidedForm *self,
                               GtkDropDown   *dropdown,
                               guint          players,
                               guint          keep)
{
  g_auto(CtdChoices) choices = { 0 };

  ctd_choices_init (&choices);
  for (guint p = 1; p <= self->context.size; p++)
    if (players & CTD_PLAYER_BIT (p))
      ctd_choices_add (&choices, p, g_strdup (self->names[p - 1]));
  ctd_choices_offer (dropdown, &choices, keep);
}

void
ctd_guided_form_offer_values (GtkDropDown *dropdown,
                              GArray      *values,
                              guint        keep)
{
  g_auto(CtdChoices) choices = { 0 };

  ctd_choices_init (&choices);
  for (guint i = 0; i < values->len; i++)
    {
      guint value = g_array_index (values, guint, i);

      ctd_choices_add (&choices, value, g_strdup_printf ("%u", value));
    }
  ctd_choices_offer (dropdown, &choices, keep);
}

static guint
largest (GArray *values)
{
  return values->len > 0 ? g_array_index (values, guint, values->len - 1) : 0;
}

/* Core's values for a form, or more doublings when @value lies past
 * them: a recorded line may hold a bigger cube than a form offers, and
 * the form shows it as it is. */
GArray *
ctd_guided_form_cube_values (const CtdGameContext *context,
                             guint                 value)
{
  GArray *values = ctd_result_cube_values (context, CTD_RESULT_FORM_DOUBLINGS);

  for (guint k = CTD_RESULT_FORM_DOUBLINGS + 1; value > largest (values) && k < 32; k++)
    {
      GArray *more = ctd_result_cube_values (context, k);
      gboolean grew = more->len > values->len;

      g_array_unref (values);
      values = more;
      if (!grew)
        break;
    }
  return values;
}

/* The same for an extra built on a cube passed at @passed_value. */
GArray *
ctd_guided_form_extra_values (const CtdGameContext *context,
                              guint                 passed_value,
                              CtdCubeEnd            end,
                              guint                 value)
{
  GArray *values = ctd_result_extra_values (context, passed_value, end, CTD_RESULT_FORM_DOUBLINGS);

  for (guint k = CTD_RESULT_FORM_DOUBLINGS + 1; value > largest (values) && k < 32; k++)
    {
      GArray *more = ctd_result_extra_values (context, passed_value, end, k);
      gboolean grew = more->len > values->len;

      g_array_unref (values);
      values = more;
      if (!grew)
        break;
    }
  return values;
}

/* How a crew member's cube (@offerer 0) or an extra ended, in words:
 * "passed by 3" names the player who passed. */
char *
ctd_guided_form_describe_end (CtdCubeEnd end,
                              guint      taker,
                              guint      offerer)
{
  switch (end)
    {
    case CTD_CUBE_PLAYED:
      return g_strdup (_("played"));
    case CTD_CUBE_TAKER_PASSED:
      return g_strdup_printf (_("passed by %u"), taker);
    case CTD_CUBE_OWNER_PASSED:
      return offerer == 0 ? g_strdup (_("passed by the Box"))
                          : g_strdup_printf (_("passed by %u"), offerer);
    case CTD_CUBE_WASH:
    default:
      return g_strdup (_("wash"));
    }
}
