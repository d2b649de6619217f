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

#include "ctd-rules-enum-types.h"
#include "ctd-money.h"
#include "ctd-text.h"

#include <glib/gi18n-lib.h>

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

/* Whether @code is a language code as the event file holds one: "fr",
 * "ast", "pt_BR" (what data/po/LINGUAS lists). */
static gboolean
language_code_is_valid (const char *code)
{
  gsize length = strlen (code);
  gsize letters = strcspn (code, "_");

  if (letters < 2 || letters > 3)
    return FALSE;
  for (gsize i = 0; i < letters; i++)
    if (!g_ascii_islower (code[i]))
      return FALSE;
  if (length == letters)
    return TRUE;
  return length == letters + 3 && g_ascii_isupper (code[letters + 1]) &&
         g_ascii_isupper (code[letters + 2]);
}

/**
 * ctd_store_default_language:
 *
 * The language a new event prints in unless the director says
 * otherwise: the director's own, as gettext picks it (the first entry
 * of $LANGUAGE, else the LC_MESSAGES locale), as a language code ("fr",
 * "pt_BR"): the locale's codeset and modifier dropped. "C" and "POSIX"
 * are English, the program's own language.
 *
 * Returns: (transfer full): a language code
 */
char *
ctd_store_default_language (void)
{
  const char *const *names = g_get_language_names_with_category ("LC_MESSAGES");
  const char *first = names[0] != NULL ? names[0] : "C";
  g_autofree char *code = g_strndup (first, strcspn (first, ".@"));

  if (!language_code_is_valid (code))
    {
      /* "fr_FR" is valid; "de_DE_1996" or "C" are not codes: keep the
       * language alone, if it is one. */
      code[strcspn (code, "_")] = '\0';
      if (!language_code_is_valid (code))
        return g_strdup ("en");
    }
  return g_steal_pointer (&code);
}

/* "The stake can be at most 1,000,000.00 a point, not 2,500,000.00":
 * grouped by thousands, since the bound is a run of zeros. */
static gboolean
refuse_amount (GError   **error,
               gboolean   stake,
               CtdCents   bound,
               CtdCents   amount)
{
  g_autofree char *bound_text = ctd_money_to_string (bound);
  g_autofree char *amount_text = ctd_money_to_string (amount);
  g_autofree char *bound_grouped = ctd_money_group_digits (bound_text);
  g_autofree char *amount_grouped = ctd_money_group_digits (amount_text);

  if (stake)
    /* Translators: two amounts of money; the stake is paid per point
     * of score. */
    return ctd_store_refuse (error, _("The stake can be at most %s a point, not %s"),
                             bound_grouped, amount_grouped);
  /* Translators: two amounts of money. */
  return ctd_store_refuse (error, _("The entry fee can be at most %s, not %s"), bound_grouped,
                           amount_grouped);
}

/* Refuses settings the event file cannot hold or a sheet cannot print. */
gboolean
ctd_store_validate_settings (const CtdEventSettings  *settings,
                             GError                 **error)
{
  const char *date = settings->date != NULL ? settings->date : "";

  /* Translators: these name what the director typed, in "The %s
   * cannot be empty" and the like. */
  if (!ctd_store_check_text (settings->name, _("event's name"), CTD_STORE_TEXT_MAX, TRUE,
                             error) ||
      !ctd_store_check_text (settings->venue, _("venue"), CTD_STORE_TEXT_MAX, FALSE, error))
    return FALSE;
  if (*date != '\0')
    {
      guint y, m, d;
      char tail;

      if (strlen (date) != 10 || sscanf (date, "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 ||
          !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
        return ctd_store_refuse (error, _("The event date “%s” is not a date; write it as "
                                   "YYYY-MM-DD, e.g. 2026-05-17"),
                                 g_utf8_validate (date, -1, NULL) ? date : "?");
    }
  if (settings->stake_cents < 0 || settings->entry_fee_cents < 0)
    return ctd_store_refuse (error, _("The stake and the entry fee cannot be negative"));
  /* Beyond these a chouette's settlement would not fit (ctd-money.h). */
  if (settings->stake_cents > CTD_STAKE_MAX_CENTS)
    return refuse_amount (error, TRUE, CTD_STAKE_MAX_CENTS, settings->stake_cents);
  if (settings->entry_fee_cents > CTD_ENTRY_FEE_MAX_CENTS)
    return refuse_amount (error, FALSE, CTD_ENTRY_FEE_MAX_CENTS, settings->entry_fee_cents);
  if (settings->direction != CTD_LAST_SEGMENT_HIGHEST_FIRST &&
      settings->direction != CTD_LAST_SEGMENT_LOWEST_FIRST)
    return ctd_store_refuse (error, _("Unknown last-segment direction"));
  if (settings->paper != CTD_SHEET_PAPER_A4 && settings->paper != CTD_SHEET_PAPER_LETTER)
    return ctd_store_refuse (error, _("Unknown paper: the event prints on A4 or Letter"));
  if (settings->language != NULL && *settings->language != '\0' &&
      !language_code_is_valid (settings->language))
    return ctd_store_refuse (error, _("“%s” is not a language code: write it as two or three "
                                      "small letters, maybe with a country, e.g. fr or pt_BR"),
                             g_utf8_validate (settings->language, -1, NULL)
                               ? settings->language : "?");
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
                            "  direction, paper, table_auto_accept, language FROM event WHERE id = 1",
                            CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  step = ctd_store_step (self, stmt, error);
  if (step == CTD_STEP_FAILED)
    return FALSE;
  if (step == CTD_STEP_DONE)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CORRUPT,
                   _("“%s” has lost its event settings"), self->display_name);
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
  out_settings->table_auto_accept = sqlite3_column_int64 (stmt, 7) != 0;
  out_settings->language = ctd_store_column_dup (stmt, 8);
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
                        "  entry_fee_cents = ?5, direction = ?6, paper = ?7, "
                        "  table_auto_accept = ?8, language = ?9 "
                        "WHERE id = 1 AND (name, date, venue, stake_cents, entry_fee_cents, "
                        "  direction, paper, table_auto_accept, language) IS NOT "
                        "  (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                        CTD_ARGS (CTD_TEXT (settings->name),
                                  CTD_TEXT (settings->date != NULL ? settings->date : ""),
                                  CTD_TEXT (settings->venue != NULL ? settings->venue : ""),
                                  CTD_INT (settings->stake_cents),
                                  CTD_INT (settings->entry_fee_cents),
                                  CTD_TEXT (ctd_last_segment_direction_to_string (settings->direction)),
                                  CTD_TEXT (ctd_store_paper_to_string (settings->paper)),
                                  CTD_INT (settings->table_auto_accept ? 1 : 0),
                                  /* "" is NULL: the language of whoever prints. */
                                  CTD_TEXT (settings->language != NULL && *settings->language
                                            ? settings->language : NULL)),
                        error);
}

/* "Changed the event settings: name “Club Open”, stake 5.00 and paper
 * Letter": what @after changes, listed as the language lists. */
static char *
describe_settings_change (const CtdEventSettings *before,
                          const CtdEventSettings *after)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

#define CHANGED(...) g_ptr_array_add (parts, g_strdup_printf (__VA_ARGS__))
  if (g_strcmp0 (before->name, after->name) != 0)
    /* Translators: this and the next ones are the parts of "Changed
     * the event settings: ...", each a setting and its new value. */
    CHANGED (_("name “%s”"), after->name);
  if (g_strcmp0 (before->date, after->date != NULL ? after->date : "") != 0)
    CHANGED (_("date %s"), after->date != NULL && *after->date ? after->date
                                                                : C_("event date", "none"));
  if (g_strcmp0 (before->venue, after->venue != NULL ? after->venue : "") != 0)
    CHANGED (_("venue “%s”"), after->venue != NULL ? after->venue : "");
  if (before->stake_cents != after->stake_cents)
    {
      g_autofree char *stake = ctd_money_to_string (after->stake_cents);
      CHANGED (_("stake %s"), stake);
    }
  if (before->entry_fee_cents != after->entry_fee_cents)
    {
      g_autofree char *fee = ctd_money_to_string (after->entry_fee_cents);
      CHANGED (_("entry fee %s"), fee);
    }
  if (before->direction != after->direction)
    /* Translators: %s is "highest-first" or "lowest-first". */
    CHANGED (_("last segment %s"), ctd_last_segment_direction_to_title (after->direction));
  if (before->paper != after->paper)
    CHANGED (_("paper %s"), ctd_sheet_paper_to_title (after->paper));
  if (before->table_auto_accept != after->table_auto_accept)
    CHANGED ("%s", after->table_auto_accept ? _("tables' confirmed lines recorded without the desk")
                                            : _("tables' confirmed lines wait for the desk"));
  if (g_strcmp0 (before->language, after->language != NULL && *after->language
                                   ? after->language : NULL) != 0)
    {
      if (after->language != NULL && *after->language)
        /* Translators: %s is a language code, e.g. "fr". */
        CHANGED (_("sheets in language %s"), after->language);
      else
        CHANGED ("%s", _("sheets in the language of whoever prints"));
    }
#undef CHANGED
  list = ctd_text_join_and (parts);
  /* Translators: a line of the event's log; %s lists what changed,
   * e.g. "name “Club Open”, stake 5.00 and paper Letter". */
  return g_strdup_printf (_("Changed the event settings: %s"), list);
}

/* "chouettes 1.1 and 1.2 were settled at 5.00 a point, and chouette 1.3
 * has results entered at it": the chouettes a stake (@old_stake) or a
 * direction (@old_direction) already applies to (SPEC 7), settled ones
 * (all games in) first; %NULL in @out_text when no result is entered. */
static gboolean
describe_results (CtdStore    *self,
                  const char  *old_stake,
                  const char  *old_direction,
                  char       **out_text,
                  GError     **error)
{
  g_autoptr(GPtrArray) settled = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entered = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *settled_text = NULL;
  g_autofree char *entered_text = NULL;
  CtdStep step;

  *out_text = NULL;
  stmt = ctd_store_prepare (self, "SELECT c.round, c.number, COUNT (*) FROM chouette AS c "
                            "JOIN game AS g ON g.chouette = c.id "
                            "GROUP BY c.id ORDER BY c.round, c.number", CTD_NO_ARGS, error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    g_ptr_array_add (sqlite3_column_int64 (stmt, 2) >= CTD_N_GAMES ? settled : entered,
                     g_strdup_printf ("%u.%u", (guint) sqlite3_column_int64 (stmt, 0),
                                      (guint) sqlite3_column_int64 (stmt, 1)));
  if (step != CTD_STEP_DONE)
    return FALSE;
  if (settled->len > 0)
    {
      g_autofree char *labels = ctd_text_join_and (settled);

      settled_text = old_stake != NULL
        /* Translators: the first %s is a chouette's number or a list of
         * them ("1.1, 1.2 and 1.3", chouette 1.2 is chouette 2 of round
         * 1), the second an amount of money. */
        ? g_strdup_printf (ngettext ("chouette %s was settled at %s a point",
                                     "chouettes %s were settled at %s a point", settled->len),
                           labels, old_stake)
        /* Translators: the first %s is a chouette's number or a list of
         * them, the second "highest-first" or "lowest-first". */
        : g_strdup_printf (ngettext ("chouette %s was played %s",
                                     "chouettes %s were played %s", settled->len),
                           labels, old_direction);
    }
  if (entered->len > 0)
    {
      g_autofree char *labels = ctd_text_join_and (entered);

      entered_text = old_stake != NULL
        ? g_strdup_printf (ngettext ("chouette %s has results entered at it",
                                     "chouettes %s have results entered at it", entered->len),
                           labels)
        : g_strdup_printf (ngettext ("chouette %s has results entered under it",
                                     "chouettes %s have results entered under it",
                                     entered->len), labels);
    }
  if (settled_text != NULL && entered_text != NULL)
    /* Translators: "chouette 1.1 was settled at 5.00 a point, and
     * chouette 1.2 has results entered at it". */
    *out_text = g_strdup_printf (_("%s, and %s"), settled_text, entered_text);
  else
    *out_text = g_strdup (settled_text != NULL ? settled_text : entered_text);
  return TRUE;
}

/* "chouettes 1.1 and 1.2 keep their last-segment orders, fixed
 * highest-first": the chouettes whose fixed order a forced change of
 * direction leaves as it is (SPEC 7: the last segment was played, or
 * printed, in it); %NULL in @out_text when there are none. */
static gboolean
describe_kept_orders (CtdStore                 *self,
                      CtdLastSegmentDirection   new_direction,
                      char                    **out_text,
                      GError                  **error)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CtdStmt) stmt = NULL;
  g_autofree char *labels = NULL;
  const char *old_direction = NULL;
  CtdStep step;

  *out_text = NULL;
  stmt = ctd_store_prepare (self, "SELECT round, number, last_direction FROM chouette "
                            "WHERE last_order IS NOT NULL AND last_direction IS NOT ?1 "
                            "ORDER BY round, number",
                            CTD_ARGS (CTD_TEXT (ctd_last_segment_direction_to_string (new_direction))),
                            error);
  if (stmt == NULL)
    return FALSE;
  while ((step = ctd_store_step (self, stmt, error)) == CTD_STEP_ROW)
    g_ptr_array_add (kept, g_strdup_printf ("%u.%u", (guint) sqlite3_column_int64 (stmt, 0),
                                            (guint) sqlite3_column_int64 (stmt, 1)));
  if (step != CTD_STEP_DONE)
    return FALSE;
  if (kept->len == 0)
    return TRUE;
  /* The other direction: there are two. */
  old_direction = ctd_last_segment_direction_to_title (
    new_direction == CTD_LAST_SEGMENT_HIGHEST_FIRST ? CTD_LAST_SEGMENT_LOWEST_FIRST
                                                    : CTD_LAST_SEGMENT_HIGHEST_FIRST);
  labels = ctd_text_join_and (kept);
  /* Translators: the first %s is a chouette's number or a list of them
   * ("1.1 and 1.2"), the second "highest-first" or "lowest-first". */
  *out_text = g_strdup_printf (ngettext ("chouette %s keeps its last-segment order, fixed %s",
                                         "chouettes %s keep their last-segment orders, fixed %s",
                                         kept->len), labels, old_direction);
  return TRUE;
}

/* SPEC 7: the stake and the last-segment direction are fixed by the
 * event's first result, since settlements are paid at the table and one
 * round must not mix both directions. Without @force a change of either
 * is refused (%CTD_STORE_ERROR_CONFIRM), naming the chouettes it applies
 * to; with it, @out_note says what the change touched, for the log. */
static gboolean
check_fixed (CtdStore                *self,
             const CtdEventSettings  *before,
             const CtdEventSettings  *after,
             gboolean                 force,
             char                   **out_note,
             GError                 **error)
{
  g_autoptr(GString) note = g_string_new (NULL);
  gboolean stake = before->stake_cents != after->stake_cents;
  gboolean direction = before->direction != after->direction;
  g_autofree char *old_stake = ctd_money_to_string (before->stake_cents);
  g_autofree char *new_stake = ctd_money_to_string (after->stake_cents);
  const char *old_direction = ctd_last_segment_direction_to_title (before->direction);
  const char *new_direction = ctd_last_segment_direction_to_title (after->direction);

  *out_note = NULL;
  if (stake)
    {
      g_autofree char *results = NULL;

      if (!describe_results (self, old_stake, NULL, &results, error))
        return FALSE;
      if (results != NULL && !force)
        {
          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                       _("The stake is fixed once a result is entered, since settlements are "
                         "paid at the table: %s; a stake of %s would change those settlements. "
                         "Force the change to make it anyway"), results, new_stake);
          return FALSE;
        }
      if (results != NULL)
        /* Translators: ends a line of the event's log; the chouettes
         * with results, then the new stake, an amount of money. */
        g_string_append_printf (note, _(" (forced after results: %s; their settlements now "
                                        "count %s a point)"), results, new_stake);
    }
  if (direction)
    {
      g_autofree char *results = NULL;
      g_autofree char *kept = NULL;

      if (!describe_results (self, NULL, old_direction, &results, error))
        return FALSE;
      if (results != NULL && !force)
        {
          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CONFIRM,
                       _("The last-segment direction is fixed once a result is entered, so "
                         "that no round mixes both: %s; with %s their last-segment orders would "
                         "no longer follow the scores. Force the change to make it anyway"),
                       results, new_direction);
          return FALSE;
        }
      if (results != NULL && !describe_kept_orders (self, after->direction, &kept, error))
        return FALSE;
      if (results != NULL && kept == NULL)
        /* Translators: ends a line of the event's log; the chouettes
         * with results, then "highest-first" or "lowest-first". */
        g_string_append_printf (note, _(" (forced after results: %s; their last segments now "
                                        "go %s)"), results, new_direction);
      else if (results != NULL)
        /* Translators: ends a line of the event's log; the chouettes
         * with results, then "chouette 1.1 keeps its last-segment order,
         * fixed highest-first", then "highest-first" or "lowest-first". */
        g_string_append_printf (note, _(" (forced after results: %s; %s; the last segments "
                                        "not fixed yet now go %s)"), results, kept,
                                new_direction);
    }
  if (note->len > 0)
    *out_note = g_strdup (note->str);
  return TRUE;
}

/**
 * ctd_store_set_settings:
 * @self: a store
 * @settings: the event's new settings
 * @error: return location for a #GError
 *
 * ctd_store_set_settings_full() without forcing: a change of the stake
 * or of the last-segment direction after the first result is refused.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_store_set_settings (CtdStore                *self,
                        const CtdEventSettings  *settings,
                        GError                 **error)
{
  return ctd_store_set_settings_full (self, settings, FALSE, error);
}

/**
 * ctd_store_set_settings_full:
 * @self: a store
 * @settings: the event's new settings
 * @force: change the stake or the last-segment direction even after
 *   results were entered
 * @error: return location for a #GError
 *
 * Changes the event's settings (an action: logged with what changed,
 * undoable). Settings that are the same as before leave no audit entry.
 * The stake and the last-segment direction are fixed by the event's
 * first result (SPEC 7): without @force a change of either is refused
 * with %CTD_STORE_ERROR_CONFIRM, naming the chouettes settled and those
 * with results; a forced change logs which of them it re-prices or
 * re-orders. A %NULL language keeps the event's; "" prints in the
 * language of whoever prints.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_store_set_settings_full (CtdStore                *self,
                             const CtdEventSettings  *settings,
                             gboolean                 force,
                             GError                 **error)
{
  g_auto(CtdStoreAction) action = CTD_STORE_ACTION_INIT;
  g_auto(CtdEventSettings) before = { NULL, };
  CtdEventSettings wanted;
  g_autofree char *summary = NULL;
  g_autofree char *note = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ctd_store_validate_settings (settings, error) ||
      !ctd_store_action_begin (self, &action, "set-settings", error) ||
      !ctd_store_get_settings (self, &before, error))
    return FALSE;
  /* Callers that know nothing of the language keep it. */
  wanted = *settings;
  if (wanted.language == NULL)
    wanted.language = before.language;
  settings = &wanted;
  if (!check_fixed (self, &before, settings, force, &note, error))
    return FALSE;
  summary = describe_settings_change (&before, settings);
  if (note != NULL)
    {
      g_autofree char *plain = g_steal_pointer (&summary);

      summary = g_strconcat (plain, note, NULL);
    }
  return ctd_store_write_settings (self, settings, error) &&
         ctd_store_action_commit (&action, summary, error);
}
