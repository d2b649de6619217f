/* ctd-types.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-types"

#include "config.h"

#include "ctd-types.h"

#include <string.h>

#include "ctd-locale.h"
#include "ctd-rules-enum-types.h"

#include <glib/gi18n-lib.h>

/**
 * ctd_halves_to_ascii:
 * @halves: a score in half points
 * @explicit_sign: whether a positive score gets a leading "+"
 *
 * Formats a score for a machine or for result notation, whatever the
 * locale: "3", "-0.5", "+12.5". What a person reads is
 * ctd_halves_to_string().
 *
 * Returns: (transfer full): the text
 */
char *
ctd_halves_to_ascii (CtdHalves halves,
                     gboolean  explicit_sign)
{
  guint64 magnitude = halves < 0 ? (guint64) 0 - (guint64) halves : (guint64) halves;
  const char *sign = halves < 0 ? "-" : (halves > 0 && explicit_sign ? "+" : "");

  return g_strdup_printf ("%s%" G_GUINT64_FORMAT "%s", sign, magnitude / 2,
                          magnitude % 2 ? ".5" : "");
}

/**
 * ctd_halves_to_string:
 * @halves: a score in half points
 * @explicit_sign: whether a positive score gets a leading "+"
 *
 * Formats a score as a director reads it, with the current thread's
 * decimal separator (see ctd_locale_number()): "3", "-0.5", "+12.5"; in
 * French "-0,5".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_halves_to_string (CtdHalves halves,
                      gboolean  explicit_sign)
{
  g_autofree char *ascii = ctd_halves_to_ascii (halves, explicit_sign);

  return ctd_locale_number (ascii);
}

/**
 * ctd_halves_parse_ascii:
 * @text: "3", "-0.5", "+12.5", "4.0"
 * @out_halves: (out): the score in half points
 *
 * Reads a score written in result notation, with "." whatever the
 * locale. Only whole and half points are
 * scores; anything else (".25", "1e3", "", trailing junk, more than 15
 * digits after any leading zeros) is refused. Leading zeros are read as
 * the number they are ("004" is 4).
 *
 * Returns: whether @text is a score
 */
gboolean
ctd_halves_parse_ascii (const char *text,
                        CtdHalves  *out_halves)
{
  const char *p = text;
  gboolean negative = FALSE;
  guint64 whole = 0;
  guint64 half = 0;
  guint n_digits = 0;
  gboolean any = FALSE;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_halves != NULL, FALSE);

  if (*p == '+' || *p == '-')
    negative = *p++ == '-';

  for (; g_ascii_isdigit (*p); p++)
    {
      any = TRUE;
      /* Leading zeros are read as the number they are ("004" is 4). */
      if (whole == 0 && *p == '0')
        continue;
      /* 15 significant digits keep every score far inside gint64 once
       * doubled. */
      if (++n_digits > 15)
        return FALSE;
      whole = whole * 10 + (guint64) (*p - '0');
    }
  if (!any)
    return FALSE;

  if (*p == '.')
    {
      p++;
      if (*p == '5')
        half = 1;
      else if (*p != '0')
        return FALSE;
      p++;
      /* "0.50" and "1.00" are still whole or half points. */
      while (*p == '0')
        p++;
    }
  if (*p != '\0')
    return FALSE;

  *out_halves = (CtdHalves) (whole * 2 + half) * (negative ? -1 : 1);
  return TRUE;
}

/**
 * ctd_halves_parse:
 * @text: "3", "-0.5", "+12.5"; in French also "-0,5"
 * @out_halves: (out): the score in half points
 *
 * Reads a score typed by the director, as ctd_halves_parse_ascii() does,
 * with the current locale's decimal separator taken as well as ".".
 *
 * Returns: whether @text is a score
 */
gboolean
ctd_halves_parse (const char *text,
                  CtdHalves  *out_halves)
{
  g_autofree char *ascii = NULL;

  g_return_val_if_fail (text != NULL, FALSE);

  ascii = ctd_locale_unlocalize (text);
  return ctd_halves_parse_ascii (ascii, out_halves);
}

/**
 * ctd_enum_to_nick:
 * @type: a registered enum type (ctd-enum-types.h)
 * @value: one of its values
 *
 * The word an event file stores and the CLI prints for @value: the
 * enum's nick, so that no module keeps a table of its own.
 *
 * Returns: (transfer none) (nullable): the nick, which lives as long as
 *   the program; %NULL for a value @type does not have
 */
const char *
ctd_enum_to_nick (GType type,
                  int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);

  return found != NULL ? found->value_nick : NULL;
}

/**
 * ctd_enum_from_nick:
 * @type: a registered enum type
 * @text: a nick of one of its values
 * @out_value: (out): the value; untouched when @text is not a nick
 *
 * Returns: whether @text is a nick of @type
 */
gboolean
ctd_enum_from_nick (GType       type,
                    const char *text,
                    int        *out_value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value_by_nick (klass, text);

  if (found == NULL)
    return FALSE;
  *out_value = found->value;
  return TRUE;
}

/**
 * ctd_stage_to_string:
 * @stage: a stage
 *
 * Returns: (transfer none): the stage's word in an event file and the
 *   CLI: "qualifying", "semi-final" or "final"
 */
const char *
ctd_stage_to_string (CtdStage stage)
{
  const char *nick = ctd_enum_to_nick (CTD_TYPE_STAGE, stage);

  g_return_val_if_fail (nick != NULL, "unknown");
  return nick;
}

/**
 * ctd_stage_parse:
 * @text: a word from ctd_stage_to_string()
 * @out_stage: (out): the stage; untouched when @text is refused
 *
 * Returns: whether @text names a stage (exactly, in lower case)
 */
gboolean
ctd_stage_parse (const char *text,
                 CtdStage   *out_stage)
{
  int value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_stage != NULL, FALSE);

  if (!ctd_enum_from_nick (CTD_TYPE_STAGE, text, &value))
    return FALSE;
  *out_stage = value;
  return TRUE;
}

/**
 * ctd_printable:
 * @text: (nullable): a name, path, line or message, from a file or an
 *   argument
 *
 * @text as one printable line, for a message: bytes that are not UTF-8
 * become U+FFFD and each control or line-separating character is written
 * as an escape (a line break as `\n`, a tab as `\t`, any other as
 * `\u001B`, bidi controls too), so that nothing a file or an argument holds can break a
 * refusal into several lines or drive the terminal it is printed on.
 *
 * Returns: (transfer full): the printable text
 */
char *
ctd_printable (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (type == G_UNICODE_CONTROL || type == G_UNICODE_LINE_SEPARATOR ||
               type == G_UNICODE_PARAGRAPH_SEPARATOR ||
               /* bidi embeddings, overrides and isolates, which reorder
                * what a terminal shows */
               (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/**
 * ctd_stage_has_next:
 * @stage: the stage of an event's newest round
 *
 * Whether another round can be drawn after a round of @stage: after any
 * but the final (rule 1.9: the final's scores rank 1st to 4th, and the
 * event is over).
 *
 * Returns: %FALSE for the final
 */
gboolean
ctd_stage_has_next (CtdStage stage)
{
  return stage != CTD_STAGE_FINAL;
}

/**
 * ctd_stage_to_title:
 * @stage: a stage
 *
 * The stage as a heading prints it. Display text, not a nick: it may be
 * reworded without touching any file.
 *
 * Returns: (transfer none): "Qualifying", "Semi-final" or "Final"
 */
const char *
ctd_stage_to_title (CtdStage stage)
{
  switch (stage)
    {
    case CTD_STAGE_QUALIFYING:
      return C_("stage", "Qualifying");
    case CTD_STAGE_SEMIFINAL:
      return C_("stage", "Semi-final");
    case CTD_STAGE_FINAL:
      return C_("stage", "Final");
    default:
      g_return_val_if_reached ("Round");
    }
}

/**
 * ctd_round_state_to_string:
 * @state: a round's state
 *
 * Returns: (transfer none): the state as messages and the CLI print it:
 *   "drawn", "in play", "complete", "released" or "closed"
 */
const char *
ctd_round_state_to_string (CtdRoundState state)
{
  const char *nick = ctd_enum_to_nick (CTD_TYPE_ROUND_STATE, state);

  g_return_val_if_fail (nick != NULL, "unknown");
  return nick;
}

/**
 * ctd_round_state_to_title:
 * @state: a round's state
 *
 * The state as a director reads it in a sentence ("Round 2 is in
 * play"), in the director's language. Display text, not a nick: the CLI
 * and the event file use ctd_round_state_to_string().
 *
 * Returns: (transfer none): e.g. "in play"
 */
const char *
ctd_round_state_to_title (CtdRoundState state)
{
  switch (state)
    {
    case CTD_ROUND_DRAWN:
      /* Translators: a round's state, said in sentences such as "Round %u
       * is %s: ..."; a released round's results are final and public. */
      return C_("round state", "drawn");
    case CTD_ROUND_IN_PLAY:
      return C_("round state", "in play");
    case CTD_ROUND_COMPLETE:
      return C_("round state", "complete");
    case CTD_ROUND_RELEASED:
      return C_("round state", "released");
    case CTD_ROUND_CLOSED:
      return C_("round state", "closed");
    default:
      g_return_val_if_reached ("?");
    }
}

/**
 * ctd_round_state_parse:
 * @text: a word from ctd_round_state_to_string()
 * @out_state: (out): the state; untouched when @text is refused
 *
 * Returns: whether @text names a round state
 */
gboolean
ctd_round_state_parse (const char    *text,
                       CtdRoundState *out_state)
{
  int value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_state != NULL, FALSE);

  if (!ctd_enum_from_nick (CTD_TYPE_ROUND_STATE, text, &value))
    return FALSE;
  *out_state = value;
  return TRUE;
}

/**
 * ctd_last_segment_direction_to_string:
 * @direction: the event's last-segment order
 *
 * Returns: (transfer none): "highest-first" or "lowest-first", as the
 *   event file stores it and the CLI's --direction takes it
 */
const char *
ctd_last_segment_direction_to_string (CtdLastSegmentDirection direction)
{
  const char *nick = ctd_enum_to_nick (CTD_TYPE_LAST_SEGMENT_DIRECTION, direction);

  g_return_val_if_fail (nick != NULL, "unknown");
  return nick;
}

/**
 * ctd_last_segment_direction_parse:
 * @text: a word from ctd_last_segment_direction_to_string()
 * @out_direction: (out): the direction; untouched when @text is refused
 *
 * Returns: whether @text names a direction
 */
gboolean
ctd_last_segment_direction_parse (const char              *text,
                                  CtdLastSegmentDirection *out_direction)
{
  int value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_direction != NULL, FALSE);

  if (!ctd_enum_from_nick (CTD_TYPE_LAST_SEGMENT_DIRECTION, text, &value))
    return FALSE;
  *out_direction = value;
  return TRUE;
}

/**
 * ctd_last_segment_direction_to_title:
 * @direction: a direction
 *
 * The direction as a director reads it ("highest-first" in English, "le
 * plus haut d'abord" in French); the file and the JSON keep the nick
 * (ctd_last_segment_direction_to_string()).
 *
 * Returns: (transfer none): the direction in the current language
 */
const char *
ctd_last_segment_direction_to_title (CtdLastSegmentDirection direction)
{
  /* Translators: the last segment's order of play: the highest (or
   * lowest) score first. */
  return direction == CTD_LAST_SEGMENT_LOWEST_FIRST ? C_("direction", "lowest-first")
                                                    : C_("direction", "highest-first");
}

/**
 * ctd_sheet_paper_to_title:
 * @paper: a paper
 *
 * The paper's name as a director reads it ("Letter", "Lettre US"); the
 * file, the layouts and the JSON keep the nick.
 *
 * Returns: (transfer none): the paper's name in the current language
 */
const char *
ctd_sheet_paper_to_title (CtdSheetPaper paper)
{
  /* Translators: a paper size, US Letter (8.5 x 11 inches) or A4 */
  return paper == CTD_SHEET_PAPER_LETTER ? C_("paper size", "Letter")
                                         : C_("paper size", "A4");
}

/**
 * ctd_sheet_paper_size:
 * @paper: a paper
 * @out_width: (out): its width in points (1/72 inch), upright
 * @out_height: (out): its height in points, upright
 *
 * The one table of paper sizes, for the PDF writer and the print dialog
 * alike: A4 is 210 x 297 mm, Letter 8.5 x 11 inches.
 */
void
ctd_sheet_paper_size (CtdSheetPaper paper,
                      double       *out_width,
                      double       *out_height)
{
  static const struct
  {
    double width;
    double height;
  } sizes[] = {
    [CTD_SHEET_PAPER_A4] = { 595.276, 841.89 },
    [CTD_SHEET_PAPER_LETTER] = { 612.0, 792.0 },
  };

  g_return_if_fail (out_width != NULL && out_height != NULL);

  if ((guint) paper >= G_N_ELEMENTS (sizes))
    {
      g_critical ("ctd_sheet_paper_size: unknown paper %d", (int) paper);
      paper = CTD_SHEET_PAPER_A4;
    }
  *out_width = sizes[paper].width;
  *out_height = sizes[paper].height;
}
