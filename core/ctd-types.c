/* ctd-types.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-types"

#include "config.h"

#include "ctd-types.h"

#include <string.h>

/**
 * ctd_halves_to_string:
 * @halves: a score in half points
 * @explicit_sign: whether a positive score gets a leading "+"
 *
 * Formats a score as a director reads it: "3", "-0.5", "+12.5".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_halves_to_string (CtdHalves halves,
                      gboolean  explicit_sign)
{
  guint64 magnitude = halves < 0 ? (guint64) 0 - (guint64) halves : (guint64) halves;
  const char *sign = halves < 0 ? "-" : (halves > 0 && explicit_sign ? "+" : "");

  return g_strdup_printf ("%s%" G_GUINT64_FORMAT "%s", sign, magnitude / 2,
                          magnitude % 2 ? ".5" : "");
}

/**
 * ctd_halves_parse:
 * @text: "3", "-0.5", "+12.5", "4.0"
 * @out_halves: (out): the score in half points
 *
 * Reads a score typed by the director. Only whole and half points are
 * scores; anything else (".25", "1e3", "", trailing junk) is refused.
 *
 * Returns: whether @text is a score
 */
gboolean
ctd_halves_parse (const char *text,
                  CtdHalves  *out_halves)
{
  const char *p = text;
  gboolean negative = FALSE;
  guint64 whole = 0;
  guint64 half = 0;
  guint n_digits = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_halves != NULL, FALSE);

  if (*p == '+' || *p == '-')
    negative = *p++ == '-';

  for (; g_ascii_isdigit (*p); p++)
    {
      /* 15 digits keep every score far inside gint64 once doubled. */
      if (++n_digits > 15)
        return FALSE;
      whole = whole * 10 + (guint64) (*p - '0');
    }
  if (n_digits == 0)
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

const char *
ctd_stage_to_string (CtdStage stage)
{
  switch (stage)
    {
    case CTD_STAGE_QUALIFYING:
      return "qualifying";
    case CTD_STAGE_SEMIFINAL:
      return "semi-final";
    case CTD_STAGE_FINAL:
      return "final";
    default:
      g_return_val_if_reached ("unknown");
    }
}

/* Returns: the stage as a heading prints it: "Qualifying", "Semi-final"... */
const char *
ctd_stage_to_title (CtdStage stage)
{
  switch (stage)
    {
    case CTD_STAGE_QUALIFYING:
      return "Qualifying";
    case CTD_STAGE_SEMIFINAL:
      return "Semi-final";
    case CTD_STAGE_FINAL:
      return "Final";
    default:
      g_return_val_if_reached ("Round");
    }
}

const char *
ctd_round_state_to_string (CtdRoundState state)
{
  switch (state)
    {
    case CTD_ROUND_DRAWN:
      return "drawn";
    case CTD_ROUND_IN_PLAY:
      return "in play";
    case CTD_ROUND_COMPLETE:
      return "complete";
    case CTD_ROUND_RELEASED:
      return "released";
    case CTD_ROUND_CLOSED:
      return "closed";
    default:
      g_return_val_if_reached ("unknown");
    }
}

const char *
ctd_last_segment_direction_to_string (CtdLastSegmentDirection direction)
{
  switch (direction)
    {
    case CTD_LAST_SEGMENT_HIGHEST_FIRST:
      return "highest-first";
    case CTD_LAST_SEGMENT_LOWEST_FIRST:
      return "lowest-first";
    default:
      g_return_val_if_reached ("unknown");
    }
}

gboolean
ctd_last_segment_direction_parse (const char              *text,
                                  CtdLastSegmentDirection *out_direction)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_direction != NULL, FALSE);

  if (strcmp (text, "highest-first") == 0)
    *out_direction = CTD_LAST_SEGMENT_HIGHEST_FIRST;
  else if (strcmp (text, "lowest-first") == 0)
    *out_direction = CTD_LAST_SEGMENT_LOWEST_FIRST;
  else
    return FALSE;
  return TRUE;
}
