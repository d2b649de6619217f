/* ctd-chouette-change.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a replaced, cleared or newly entered game changes, told from the
 * chouette before and after it (rule 3.8 downstream, rule 1.6 and SPEC
 * 3 for the last segment), and how a typed line will be stored. Pure:
 * the chouettes are compared, nothing is read or written.
 */

#define G_LOG_DOMAIN "ctd-chouette"

#include "config.h"

#include "ctd-chouette-change.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* "3 1 2" */
static char *
players_text (const guint *players,
              guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", players[i]);
  return g_string_free (text, FALSE);
}

/* "player 2 (Bob)", or "player 2" when the chouette has no name for them */
static char *
player_text (const CtdChouette *chouette,
             guint              player)
{
  const char *name = ctd_chouette_get_name (chouette, player);

  if (name == NULL || *name == '\0')
    return g_strdup_printf (_("player %u"), player);
  return g_strdup_printf (_("player %u (%s)"), player, name);
}

/* Whether @a and @b hold the same tokens in the same order, whatever
 * the spaces between them. */
static gboolean
same_tokens (const char *a,
             const char *b)
{
  g_auto(GStrv) ta = g_strsplit_set (a, " \t", -1);
  g_auto(GStrv) tb = g_strsplit_set (b, " \t", -1);
  guint i = 0, j = 0;

  for (;;)
    {
      while (ta[i] != NULL && *ta[i] == '\0')
        i++;
      while (tb[j] != NULL && *tb[j] == '\0')
        j++;
      if (ta[i] == NULL || tb[j] == NULL)
        return ta[i] == NULL && tb[j] == NULL;
      if (strcmp (ta[i++], tb[j++]) != 0)
        return FALSE;
    }
}

/**
 * ctd_chouette_change_describe_stored:
 * @chouette: a chouette
 * @game: 1..CTD_N_GAMES
 * @notation: a result line as the director types it
 *
 * Says, before the line is recorded, that the line stored and shown
 * will not be the one typed, and why where the rules give a reason: a
 * crew member's cube played to the end at the game's starting value
 * needs no token (SPEC 5: "A crew member left out played to the end at
 * V0"), so "T 3:4" at a starting cube of 4 is stored as "T". Any other
 * difference (the tokens' order, letter case) is named without a reason.
 *
 * Returns: (transfer full) (nullable): "Stored as “T”: the cube of
 *   player 3 (Ann) was played at its starting value, which the line
 *   leaves out.", or %NULL when the line is stored as typed (spaces
 *   aside) or would be refused (ctd_chouette_record() says why)
 */
char *
ctd_chouette_change_describe_stored (const CtdChouette *chouette,
                                     guint              game,
                                     const char        *notation)
{
  g_autoptr(CtdChouette) copy = NULL;
  g_autofree char *canonical = NULL;
  g_auto(GStrv) tokens = NULL;
  g_autoptr(GString) players = NULL;
  const CtdResult *result;
  guint n_players = 0;

  g_return_val_if_fail (chouette != NULL, NULL);
  g_return_val_if_fail (notation != NULL, NULL);

  copy = ctd_chouette_copy (chouette);
  if (!ctd_chouette_record (copy, game, notation, NULL))
    return NULL;
  result = ctd_chouette_get_result (copy, game);
  canonical = ctd_result_format (result);
  if (same_tokens (notation, canonical))
    return NULL;

  /* The cubes typed out at their starting value: the canonical line
   * drops them (ctd_result_format()). */
  players = g_string_new (NULL);
  tokens = g_strsplit_set (notation, " \t", -1);
  for (guint p = 1; p <= result->context.size; p++)
    {
      const CtdCube *cube = &result->cubes[p - 1];
      g_autofree char *prefix = g_strdup_printf ("%u:", p);
      g_autofree char *who = NULL;
      gboolean typed = FALSE;

      if (p == result->context.box || cube->end != CTD_CUBE_PLAYED ||
          cube->value != result->context.cube_start)
        continue;
      for (guint i = 0; tokens[i] != NULL && !typed; i++)
        typed = g_str_has_prefix (tokens[i], prefix);
      if (!typed)
        continue;
      who = player_text (chouette, p);
      if (n_players > 0)
        g_string_append (players, ", ");
      g_string_append (players, who);
      n_players++;
    }
  if (n_players == 0)
    /* TRANSLATORS: the line typed differs from the one stored only in
     * its form (order, letter case): "Stored as “Tg 2:4 3:2-”." */
    return g_strdup_printf (_("Stored as “%s”."), canonical);
  /* TRANSLATORS: "Stored as “T”: the cube of player 3 (Ann) was played
   * at its starting value, which the line leaves out." (one player) or
   * "... the cubes of player 2 (Fay), player 3 (Ann) were played ..."
   * (several); the players are named as elsewhere on the page. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Stored as “%s”: the cube of %s was played at its "
                                       "starting value, which the line leaves out.",
                                       "Stored as “%s”: the cubes of %s were played at "
                                       "their starting value, which the line leaves out.",
                                       n_players),
                          canonical, players->str);
}

/* What happens to the totals: "Totals: player 1 (Ann) +3 instead of +1, ..." */
static void
describe_totals (const CtdChouette *before,
                 const CtdChouette *after,
                 GPtrArray         *lines)
{
  CtdHalves old[CTD_MAX_PLAYERS], now[CTD_MAX_PLAYERS];
  g_autoptr(GString) text = g_string_new (NULL);

  ctd_chouette_get_totals (before, old);
  ctd_chouette_get_totals (after, now);
  for (guint p = 1; p <= ctd_chouette_get_size (after); p++)
    {
      g_autofree char *who = NULL;
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (old[p - 1] == now[p - 1])
        continue;
      who = player_text (after, p);
      from = ctd_halves_to_string (old[p - 1], TRUE);
      to = ctd_halves_to_string (now[p - 1], TRUE);
      if (text->len > 0)
        g_string_append (text, ", ");
      /* TRANSLATORS: "player 2 (Bob) +4 instead of -2" */
      g_string_append_printf (text, _("%s %s instead of %s"), who, to, from);
    }
  if (text->len > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Totals: %s."), text->str));
  else
    g_ptr_array_add (lines, g_strdup (_("No total changes.")));
}

/* Rule 3.8 downstream: each later game whose cube-decision order (or,
 * in the last segment, Captain) the change alters, as the sheet shows
 * them. */
static void
describe_later_games (const CtdChouette *before,
                      const CtdChouette *after,
                      guint              game,
                      GPtrArray         *lines)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint later = game + 1; later <= CTD_N_GAMES; later++)
    {
      CtdChouetteGame old, now;
      g_autofree char *old_text = NULL;
      g_autofree char *now_text = NULL;
      g_autofree char *pending = NULL;

      ctd_chouette_get_sheet_game (before, later, &old);
      ctd_chouette_get_sheet_game (after, later, &now);
      if (old.decision_known == now.decision_known &&
          (!now.decision_known ||
           memcmp (old.decision_order, now.decision_order, sizeof old.decision_order) == 0))
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      old_text = old.decision_known ? players_text (old.decision_order, old.slot.n_crew) : NULL;
      now_text = now.decision_known ? players_text (now.decision_order, now.slot.n_crew) : NULL;
      if (now_text != NULL && old_text != NULL)
        g_string_append_printf (text, _("game %u becomes %s (was %s)"), later, now_text,
                                old_text);
      else if (now_text != NULL)
        g_string_append_printf (text, _("game %u becomes %s (was pending)"), later, now_text);
      else
        {
          pending = ctd_chouette_describe_pending (after, later);
          g_string_append_printf (text, _("game %u is pending %s (was %s)"), later,
                                  pending != NULL ? pending : "", old_text);
        }
    }
  if (text->len > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Cube-decision orders that change: %s."),
                                             text->str));
  else if (game < CTD_N_GAMES)
    g_ptr_array_add (lines, g_strdup (_("No later game's cube-decision order changes.")));
}

/* Rule 1.6 and SPEC 3: a fixed order is never changed by a correction
 * of an earlier game, but the director is told when the scores no
 * longer give it; an order not fixed yet simply follows the scores. */
static void
describe_last_order (const CtdChouette *before,
                     const CtdChouette *after,
                     guint              game,
                     GPtrArray         *lines)
{
  guint size = ctd_chouette_get_size (after);
  guint first = ctd_schedule_first_last_game (size);
  const guint *fixed = ctd_chouette_get_last_segment_order (before);
  guint old_order[CTD_MAX_PLAYERS - 1], new_order[CTD_MAX_PLAYERS - 1];
  gboolean old_known, new_known;
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;

  if (game >= first)
    return;
  old_known = ctd_chouette_get_sheet_last_order (before, old_order);
  new_known = ctd_chouette_compute_last_segment_order (after, new_order, NULL);
  old_text = old_known ? players_text (old_order, size - 1) : NULL;
  new_text = new_known ? players_text (new_order, size - 1) : NULL;

  if (fixed != NULL)
    {
      if (!new_known)
        {
          g_autofree char *missing = ctd_chouette_describe_missing (after, 1, first - 1);
          guint n_missing = 0;

          for (guint g = 1; g < first; g++)
            n_missing += ctd_chouette_get_result (after, g) == NULL;
          g_ptr_array_add (lines,
                           /* TRANSLATORS: "... cannot confirm it until game 4 is entered"
                            * or "... until games 4 and 6 are entered" */
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "Warning: the last-segment order %s "
                                                         "is fixed and stays so; the scores "
                                                         "after game %u cannot confirm it "
                                                         "until %s is entered.",
                                                         "Warning: the last-segment order %s "
                                                         "is fixed and stays so; the scores "
                                                         "after game %u cannot confirm it "
                                                         "until %s are entered.",
                                                         n_missing),
                                            old_text, first - 1, missing));
        }
      else if (memcmp (fixed, new_order, (size - 1) * sizeof (guint)) != 0)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("Warning: the last-segment order %s is fixed and "
                                            "stays so (the last segment is played in it), but "
                                            "the scores after game %u would then give %s: it no "
                                            "longer matches the scores."),
                                          old_text, first - 1, new_text));
      else
        g_ptr_array_add (lines,
                         g_strdup_printf (_("The fixed last-segment order %s still matches the "
                                            "scores after game %u."), old_text, first - 1));
      return;
    }
  if (old_known && new_known && g_strcmp0 (old_text, new_text) != 0)
    g_ptr_array_add (lines, g_strdup_printf (_("The last-segment order (not fixed yet) becomes "
                                               "%s (was %s): games %u-%u get other Captains."),
                                             new_text, old_text, first, CTD_N_GAMES));
  else if (old_known && !new_known)
    g_ptr_array_add (lines, g_strdup_printf (_("The last-segment order %s is no longer known "
                                               "until this game is entered again."), old_text));
}

/* Typed paper totals that agree now and will not, or the other way. */
static void
describe_paper (const CtdChouette *before,
                const CtdChouette *after,
                const CtdHalves   *paper,
                const gboolean    *given,
                GPtrArray         *lines)
{
  g_autoptr(GArray) was = NULL;
  g_autoptr(GArray) will = NULL;
  gboolean any = FALSE;

  for (guint p = 0; paper != NULL && given != NULL && p < CTD_MAX_PLAYERS; p++)
    any = any || given[p];
  if (!any)
    return;
  was = ctd_chouette_crosscheck (before, paper, given);
  will = ctd_chouette_crosscheck (after, paper, given);
  if (was->len == 0 && will->len > 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will no longer agree with the "
                                        "entered games.")));
  else if (was->len > 0 && will->len == 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will then agree with the entered "
                                        "games.")));
}

/**
 * ctd_chouette_change_describe:
 * @before: the chouette as it is
 * @after: the same chouette with game @game entered, replaced or cleared
 * @game: 1..CTD_N_GAMES, the game that differs
 * @paper: (array fixed-size=4) (nullable): the paper sheet's totals, as
 *   for ctd_chouette_crosscheck()
 * @paper_given: (array fixed-size=4) (nullable): which of them were typed
 *
 * What the change from @before to @after does, one sentence a string:
 * the old and new result of @game, the totals that change, every later
 * game whose cube-decision order changes (rule 3.8, compared before and
 * after), what becomes of the last-segment order, and of typed paper
 * totals. A game before the last segment changed after its order was
 * fixed gets SPEC 3's warning: the fixed order stays (the last segment
 * is played in it), and the text says whether the scores still give it.
 * The same result before and after is one sentence: nothing changes.
 *
 * Returns: (transfer full): the sentences, to free with g_strfreev()
 */
GStrv
ctd_chouette_change_describe (const CtdChouette *before,
                              const CtdChouette *after,
                              guint              game,
                              const CtdHalves   *paper,
                              const gboolean    *paper_given)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  const CtdResult *old_result, *new_result;
  g_autofree char *old = NULL;
  g_autofree char *now = NULL;

  g_return_val_if_fail (before != NULL && after != NULL, NULL);
  g_return_val_if_fail (ctd_chouette_get_size (before) == ctd_chouette_get_size (after), NULL);
  g_return_val_if_fail (game >= 1 && game <= CTD_N_GAMES, NULL);

  old_result = ctd_chouette_get_result (before, game);
  new_result = ctd_chouette_get_result (after, game);
  old = old_result != NULL ? ctd_result_format (old_result) : NULL;
  now = new_result != NULL ? ctd_result_format (new_result) : NULL;

  if (old == NULL && now == NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u has no result: nothing changes."),
                                             game));
  else if (g_strcmp0 (old, now) == 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u already has the result “%s”: nothing "
                                               "changes."), game, old));
  else
    {
      if (old == NULL)
        g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is entered."), game, now));
      else if (now == NULL)
        g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is cleared."), game, old));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is replaced by “%s”."), game,
                                                 old, now));
      describe_totals (before, after, lines);
      describe_later_games (before, after, game, lines);
      describe_last_order (before, after, game, lines);
      describe_paper (before, after, paper, paper_given, lines);
    }
  g_ptr_array_add (lines, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&lines), FALSE);
}

/**
 * ctd_chouette_change_describe_line:
 * @chouette: the chouette as it is
 * @game: 1..CTD_N_GAMES
 * @notation: (nullable): the line that would be entered for @game or
 *   replace its result, or %NULL for clearing it
 * @paper: (array fixed-size=4) (nullable): the paper sheet's totals
 * @paper_given: (array fixed-size=4) (nullable): which of them were typed
 * @error: return location for a #GError
 *
 * ctd_chouette_change_describe() for @notation recorded into a copy of
 * @chouette with ctd_chouette_record(), the check the store makes, or
 * for @game cleared. Nothing changes in @chouette.
 *
 * Returns: (transfer full) (nullable): the sentences, or %NULL with
 *   @error set: the line is refused (ctd_chouette_record()'s words), or
 *   there is no game @game or no result to clear
 *   (%CTD_CHOUETTE_ERROR_INVALID)
 */
GStrv
ctd_chouette_change_describe_line (const CtdChouette *chouette,
                                   guint              game,
                                   const char        *notation,
                                   const CtdHalves   *paper,
                                   const gboolean    *paper_given,
                                   GError           **error)
{
  g_autoptr(CtdChouette) after = NULL;

  g_return_val_if_fail (chouette != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (game < 1 || game > CTD_N_GAMES)
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID,
                   _("There is no game %u: a chouette has games 1 to %u"), game, CTD_N_GAMES);
      return NULL;
    }
  if (notation == NULL && ctd_chouette_get_result (chouette, game) == NULL)
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID,
                   _("Game %u has no result to clear"), game);
      return NULL;
    }
  after = ctd_chouette_copy (chouette);
  if (notation == NULL)
    ctd_chouette_clear (after, game);
  else if (!ctd_chouette_record (after, game, notation, error))
    return NULL;
  return ctd_chouette_change_describe (chouette, after, game, paper, paper_given);
}
