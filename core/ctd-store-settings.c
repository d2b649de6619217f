/* ctd-store-settings.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "ctd-enum-types.h"
#include "ctd-money.h"

/*
 * The event's settings: its name, date, venue, money, last-segment
 * direction and the paper every export prints on; the paper a new event
 * takes from the locale.
 */

/* The word the event file stores: the paper's nick ("a4", "letter"). */
const char *
ctd_store_paper_to_string (CtdSheetPaper paper)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (CTD_TYPE_SHEET_PAPER);
  GEnumValue *value = g_enum_get_value (klass, (int) paper);

  return value != NULL ? value->value_nick : "a4";
}

static CtdSheetPaper
paper_from_string (const char *text)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (CTD_TYPE_SHEET_PAPER);
  GEnumValue *value = text != NULL ? g_enum_get_value_by_nick (klass, text) : NULL;

  return value != NULL ? (CtdSheetPaper) value->value : CTD_SHEET_PAPER_A4;
}

/* Whether a locale name ("en_US.UTF-8", "fr_CA@euro") is of a country
 * that prints on Letter. */
static gboolean
locale_uses_letter (const char *name)
{
  static const char *const letter[] = { "US", "CA", "MX", "PR", "PH", "CL", "CO", "VE", NULL };
  const char *territory = name != NULL ? strchr (name, '_') : NULL;
  char code[3] = { 0, };

  if (territory == NULL || strlen (territory) < 3)
    return FALSE;
  code[0] = territory[1];
  code[1] = territory[2];
  return g_strv_contains (letter, code);
}

/**
 * ctd_store_default_paper:
 *
 * The paper a new event prints on unless the director says otherwise:
 * the one of the LC_PAPER locale (glibc knows its width once the program
 * called setlocale()), else the country of $LC_ALL, $LC_PAPER or $LANG:
 * Letter in the United States, Canada and the other Letter countries,
 * A4 everywhere else.
 *
 * Returns: %CTD_SHEET_PAPER_A4 or %CTD_SHEET_PAPER_LETTER
 */
CtdSheetPaper
ctd_store_default_paper (void)
{
  const char *current = setlocale (LC_PAPER, NULL);
  const char *const variables[] = { "LC_ALL", "LC_PAPER", "LANG" };

#ifdef __GLIBC__
  if (current != NULL && strcmp (current, "C") != 0 && strcmp (current, "POSIX") != 0 &&
      !g_str_has_prefix (current, "C."))
    {
      /* glibc hands the width in millimetres over as the pointer's bits. */
      union { unsigned int word; char *string; } width;

      width.string = nl_langinfo (_NL_PAPER_WIDTH);
      if (width.word == 216)
        return CTD_SHEET_PAPER_LETTER;
      if (width.word != 0)
        return CTD_SHEET_PAPER_A4;
    }
#endif
  /* The locale itself may not be installed: its name still tells. */
  for (guint i = 0; i < G_N_ELEMENTS (variables); i++)
    {
      const char *value = g_getenv (variables[i]);

      if (value != NULL && *value != '\0')
        return locale_uses_letter (value) ? CTD_SHEET_PAPER_LETTER : CTD_SHEET_PAPER_A4;
    }
  return CTD_SHEET_PAPER_A4;
}

/* "The stake can be at most 1,000,000.00 a point, not 2,500,000.00":
 * grouped by thousands, since the bound is a run of zeros. */
static gboolean
refuse_amount (GError     **error,
               const char  *what,
               const char  *unit,
               CtdCents     bound,
               CtdCents     amount)
{
  g_autofree char *bound_text = ctd_money_to_string (bound);
  g_autofree char *amount_text = ctd_money_to_string (amount);
  g_autofree char *bound_grouped = ctd_money_group_digits (bound_text);
  g_autofree char *amount_grouped = ctd_money_group_digits (amount_text);

  return ctd_store_refuse (error, "The %s can be at most %s%s, not %s", what, bound_grouped,
                           unit, amount_grouped);
}

/* Refuses settings the event file cannot hold or a sheet cannot print. */
gboolean
ctd_store_validate_settings (const CtdEventSettings  *settings,
                             GError                 **error)
{
  const char *date = settings->date != NULL ? settings->date : "";

  if (!ctd_store_check_text (settings->name, "event's name", CTD_STORE_TEXT_MAX, TRUE, error) ||
      !ctd_store_check_text (settings->venue, "venue", CTD_STORE_TEXT_MAX, FALSE, error))
    return FALSE;
  if (*date != '\0')
    {
      guint y, m, d;
      char tail;

      if (strlen (date) != 10 || sscanf (date, "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 ||
          !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
        return ctd_store_refuse (error, "The event date “%s” is not a date; write it as "
                                 "YYYY-MM-DD, e.g. 2026-05-17",
                                 g_utf8_validate (date, -1, NULL) ? date : "?");
    }
  if (settings->stake_cents < 0 || settings->entry_fee_cents < 0)
    return ctd_store_refuse (error, "The stake and the entry fee cannot be negative");
  /* Beyond these a chouette's settlement would not fit (ctd-money.h). */
  if (settings->stake_cents > CTD_STAKE_MAX_CENTS)
    return refuse_amount (error, "stake", " a point", CTD_STAKE_MAX_CENTS,
                          settings->stake_cents);
  if (settings->entry_fee_cents > CTD_ENTRY_FEE_MAX_CENTS)
    return refuse_amount (error, "entry fee", "", CTD_ENTRY_FEE_MAX_CENTS,
                          settings->entry_fee_cents);
  if (settings->direction != CTD_LAST_SEGMENT_HIGHEST_FIRST &&
      settings->direction != CTD_LAST_SEGMENT_LOWEST_FIRST)
    return ctd_store_refuse (error, "Unknown last-segment direction");
  if (settings->paper != CTD_SHEET_PAPER_A4 && settings->paper != CTD_SHEET_PAPER_LETTER)
    return ctd_store_refuse (error, "Unknown paper: the event prints on A4 or Letter");
  return TRUE;
}

/**
 * ctd_store_get_settings:
 * @self: a store
 * @out_settings: (out caller-allocates): the event's settings; clear
 *   them with ctd_event_settings_clear()
 * @error: return location for a #GError
 *
 * Returns: whether @out_settings was filled
 */
gboolean
ctd_store_get_settings (CtdStore          *self,
                        CtdEventSettings  *out_settings,
                        GError           **error)
{
  g_autoptr(CtdStmt) stmt = NULL;
  CtdStep step;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_settings != NULL, FALSE);

  stmt = ctd_store_prepare (self, "SELECT name, date, venue, stake_cents, entry_fee_cents, "
                            "  direction, paper FROM event WHERE id = 1", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  step = ctd_store_step (self, stmt, error);
  if (step == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   "“%s” has lost its event settings", self->display_name);
      return FALSE;
    }
  out_settings->name = ctd_store_column_dup (stmt, 0);
  out_settings->date = ctd_store_column_dup (stmt, 1);
  out_settings->venue = ctd_store_column_dup (stmt, 2);
  out_settings->stake_cents = sqlite3_column_int64 (stmt, 3);
  out_settings->entry_fee_cents = sqlite3_column_int64 (stmt, 4);
  if (!ctd_last_segment_direction_parse ((const char *) sqlite3_column_text (stmt, 5),
                                         &out_settings->direction))
    out_settings->direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  out_settings->paper = paper_from_string ((const char *) sqlite3_column_text (stmt, 6));
  return TRUE;
}

/* Writes @settings to the event row, inside the caller's transaction;
 * the same settings again change no row (and so log nothing). */
gboolean
ctd_store_write_settings (CtdStore                *self,
                          const CtdEventSettings  *settings,
                          GError                 **error)
{
  return ctd_store_run (self,
                        "UPDATE event SET name = ?1, date = ?2, venue = ?3, stake_cents = ?4, "
                        "  entry_fee_cents = ?5, direction = ?6, paper = ?7 "
                        "WHERE id = 1 AND (name, date, venue, stake_cents, entry_fee_cents, "
                        "  direction, paper) IS NOT (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                        CTD_ARGS (CTD_TEXT (settings->name),
                                  CTD_TEXT (settings->date != NULL ? settings->date : ""),
                                  CTD_TEXT (settings->venue != NULL ? settings->venue : ""),
                                  CTD_INT (settings->stake_cents),
                                  CTD_INT (settings->entry_fee_cents),
                                  CTD_TEXT (ctd_last_segment_direction_to_string (settings->direction)),
                                  CTD_TEXT (ctd_store_paper_to_string (settings->paper))),
                        error);
}

/* "name “Club Open”, stake 5.00, paper Letter": what @after changes. */
static char *
describe_settings_change (const CtdEventSettings *before,
                          const CtdEventSettings *after)
{
  GString *text = g_string_new ("Changed the event settings:");
  guint n = 0;

#define CHANGED(...) g_string_append_printf (text, "%s " __VA_ARGS__), n++
  if (g_strcmp0 (before->name, after->name) != 0)
    CHANGED ("name “%s”", n ? "," : "", after->name);
  if (g_strcmp0 (before->date, after->date != NULL ? after->date : "") != 0)
    CHANGED ("date %s", n ? "," : "", after->date != NULL && *after->date ? after->date : "none");
  if (g_strcmp0 (before->venue, after->venue != NULL ? after->venue : "") != 0)
    CHANGED ("venue “%s”", n ? "," : "", after->venue != NULL ? after->venue : "");
  if (before->stake_cents != after->stake_cents)
    {
      g_autofree char *stake = ctd_money_to_string (after->stake_cents);
      CHANGED ("stake %s", n ? "," : "", stake);
    }
  if (before->entry_fee_cents != after->entry_fee_cents)
    {
      g_autofree char *fee = ctd_money_to_string (after->entry_fee_cents);
      CHANGED ("entry fee %s", n ? "," : "", fee);
    }
  if (before->direction != after->direction)
    CHANGED ("last segment %s", n ? "," : "",
             ctd_last_segment_direction_to_string (after->direction));
  if (before->paper != after->paper)
    CHANGED ("paper %s", n ? "," : "", after->paper == CTD_SHEET_PAPER_LETTER ? "Letter" : "A4");
#undef CHANGED
  return g_string_free (text, FALSE);
}

/**
 * ctd_store_set_settings:
 * @self: a store
 * @settings: the event's new settings
 * @error: return location for a #GError
 *
 * Changes the event's settings (an action: logged with what changed,
 * undoable). Settings that are the same as before leave no audit entry.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_store_set_settings (CtdStore                *self,
                        const CtdEventSettings  *settings,
                        GError                 **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_auto(CtdEventSettings) before = { NULL, };
  g_autofree char *summary = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_validate_settings (settings, error) ||
      !ctd_store_action_begin (self, &action, "set-settings", error) ||
      !ctd_store_get_settings (self, &before, error))
    return FALSE;
  summary = describe_settings_change (&before, settings);
  return ctd_store_write_settings (self, settings, error) &&
         ctd_store_action_commit (&action, summary, error);
}
