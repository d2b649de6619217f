/* ctd-chouette-view-describe.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before an action: whether the chouette may change, the preview of a
 * line, and what a stored or replaced game would change.
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- before an action --------------------------------------------------- */

/* Refuses, as the store would, a change to a chouette that cannot
 * change (gone, read-only, round released or closed). */
static gboolean
check_editable (CtdChouetteView  *self,
                GError          **error)
{
  if (self->editable && self->chouette != NULL)
    return TRUE;
  g_set_error_literal (error, CTD_STORE_ERROR,
                       self->locked_code >= 0 ? self->locked_code : CTD_STORE_ERROR_REFUSED,
                       self->locked_reason);
  return FALSE;
}

/**
 * ctd_chouette_view_preview:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES
 * @notation: a result line as the director types it
 * @out_deltas: (out caller-allocates) (optional) (array fixed-size=4):
 *   what each player would win or lose in the game, in half points,
 *   @out_deltas[p - 1] for player p (zero past the size)
 * @out_totals: (out caller-allocates) (optional) (array fixed-size=4):
 *   the chouette's totals with this line in (every entered game and
 *   this one)
 * @out_canonical: (out) (optional) (transfer full): the line as it
 *   would be stored and shown, in canonical notation
 * @error: return location for a #GError
 *
 * What ctd_document_record_game() would do with @notation for @game,
 * without writing anything: the line goes through ctd_chouette_record()
 * on a copy of the chouette as loaded from the file, the very check the
 * store makes, so every line the preview accepts the store accepts and
 * every refusal is the store's (in %CTD_RESULT_ERROR "Game 5: player
 * 3's cube value 3 cannot arise from a starting cube of 2; expected 2,
 * 4, 8, ...", in %CTD_CHOUETTE_ERROR a last-segment game before games
 * 1-9 are in, in %CTD_STORE_ERROR a chouette that cannot change). A
 * game that already has a result is previewed as its replacement; the
 * store still wants the director's confirmation for that
 * (ctd_chouette_view_describe_replacement()).
 *
 * Returns: whether the line would be recorded
 */
gboolean
ctd_chouette_view_preview (CtdChouetteView  *self,
                           guint             game,
                           const char       *notation,
                           CtdHalves        *out_deltas,
                           CtdHalves        *out_totals,
                           char            **out_canonical,
                           GError          **error)
{
  g_autoptr(CtdChouette) copy = NULL;
  const CtdResult *result;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_editable (self, error))
    return FALSE;
  copy = ctd_chouette_copy (self->chouette);
  if (!ctd_chouette_record (copy, game, notation, error))
    return FALSE;

  result = ctd_chouette_get_result (copy, game);
  if (out_deltas != NULL)
    {
      for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
        out_deltas[p] = 0;
      ctd_result_deltas (result, out_deltas);
    }
  if (out_totals != NULL)
    ctd_chouette_get_totals (copy, out_totals);
  if (out_canonical != NULL)
    *out_canonical = ctd_result_format (result);
  return TRUE;
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
 * ctd_chouette_view_describe_stored:
 * @self: a chouette view
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
 *   leaves out.", or
 *   %NULL when the line is stored as typed (spaces aside) or would be
 *   refused (ctd_chouette_view_preview() says why)
 */
char *
ctd_chouette_view_describe_stored (CtdChouetteView *self,
                                   guint            game,
                                   const char      *notation)
{
  g_autoptr(CtdChouette) copy = NULL;
  g_autofree char *canonical = NULL;
  g_auto(GStrv) tokens = NULL;
  g_autoptr(GString) players = NULL;
  const CtdResult *result;
  guint n_players = 0;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (notation != NULL, NULL);

  if (!check_editable (self, NULL))
    return NULL;
  copy = ctd_chouette_copy (self->chouette);
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
      gboolean typed = FALSE;

      if (p == result->context.box || cube->end != CTD_CUBE_PLAYED ||
          cube->value != result->context.cube_start)
        continue;
      for (guint i = 0; tokens[i] != NULL && !typed; i++)
        typed = g_str_has_prefix (tokens[i], prefix);
      if (!typed)
        continue;
      g_autofree char *who = view_player_text (self, p);

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

/* What happens to the totals: "Totals: player 1 (Ann) +3 (now +1), ..." */
static void
describe_totals (CtdChouetteView   *self,
                 const CtdChouette *before,
                 const CtdChouette *after,
                 GPtrArray         *lines)
{
  CtdHalves old[CTD_MAX_PLAYERS], now[CTD_MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  ctd_chouette_get_totals (before, old);
  ctd_chouette_get_totals (after, now);
  for (guint p = 1; p <= self->size; p++)
    {
      g_autofree char *who = NULL;
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (old[p - 1] == now[p - 1])
        continue;
      who = view_player_text (self, p);
      from = ctd_halves_to_string (old[p - 1], TRUE);
      to = ctd_halves_to_string (now[p - 1], TRUE);
      /* TRANSLATORS: "player 2 (Bob) +4 instead of -2" */
      g_string_append_printf (text, _("%s%s %s instead of %s"), text->len > 0 ? ", " : "", who,
                              to, from);
    }
  if (text->len > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Totals: %s."), text->str));
  else
    g_ptr_array_add (lines, g_strdup (_("No total changes.")));
  g_string_free (text, TRUE);
}

/* Rule 3.8 downstream: each later game whose cube-decision order (or,
 * in the last segment, Captain) the change alters, as the sheet shows
 * them. */
static void
describe_later_games (CtdChouetteView   *self,
                      const CtdChouette *before,
                      const CtdChouette *after,
                      guint              game,
                      GPtrArray         *lines)
{
  GString *text = g_string_new (NULL);

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
      old_text = old.decision_known ? view_players_text (old.decision_order, old.slot.n_crew)
                                    : NULL;
      now_text = now.decision_known ? view_players_text (now.decision_order, now.slot.n_crew)
                                    : NULL;
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
  g_string_free (text, TRUE);
}

/* Rule 1.6 and SPEC 3: a fixed order is never changed by a correction
 * of an earlier game, but the director is told when the scores no
 * longer give it; an order not fixed yet simply follows the scores. */
static void
describe_last_order (CtdChouetteView   *self,
                     const CtdChouette *before,
                     const CtdChouette *after,
                     guint              game,
                     GPtrArray         *lines)
{
  guint size = self->size;
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
  old_text = old_known ? view_players_text (old_order, size - 1) : NULL;
  new_text = new_known ? view_players_text (new_order, size - 1) : NULL;

  if (fixed != NULL)
    {
      g_autofree char *missing = NULL;

      if (!new_known)
        {
          missing = ctd_chouette_describe_missing (after, 1, first - 1);
          g_ptr_array_add (lines,
                           g_strdup_printf (_("Warning: the last-segment order %s is fixed and "
                                              "stays so; the scores after game %u cannot "
                                              "confirm it until %s %s entered."),
                                            old_text, first - 1, missing,
                                            g_str_has_prefix (missing, "games") ? "are" : "is"));
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

static void
describe_paper (CtdChouetteView   *self,
                const CtdChouette *after,
                GPtrArray         *lines)
{
  g_autoptr(GArray) mismatches = NULL;

  if (!self->paper_given)
    return;
  mismatches = ctd_chouette_crosscheck (after, self->paper, self->paper_by);
  if (self->paper_agrees && mismatches->len > 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will no longer agree with the "
                                        "entered games.")));
  else if (!self->paper_agrees && mismatches->len == 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will then agree with the entered "
                                        "games.")));
}

/**
 * ctd_chouette_view_describe_replacement:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES, a game that has a result
 * @notation: (nullable): the line that would replace it, or %NULL for
 *   clearing it
 * @error: return location for a #GError
 *
 * The text of the confirmation shown before a recorded game is replaced
 * (ctd_document_record_game() with replace) or cleared
 * (ctd_document_clear_game()), one sentence a line: the old and new
 * result, the totals that change, every later game whose cube-decision
 * order changes (rule 3.8, compared before and after), what becomes of
 * the last-segment order, and of typed paper totals. A game before the
 * last segment changed after its order was fixed gets SPEC 3's warning:
 * the fixed order stays (the last segment is played in it), and the
 * text says whether the scores still give it. Nothing is written.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error
 *   set: the line is refused (as ctd_chouette_view_preview()), the game
 *   has no result to clear, or the chouette cannot change
 */
char *
ctd_chouette_view_describe_replacement (CtdChouetteView  *self,
                                        guint             game,
                                        const char       *notation,
                                        GError          **error)
{
  g_autoptr(CtdChouette) after = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *old = NULL;
  g_autofree char *now = NULL;
  const CtdResult *old_result;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  if (game < 1 || game > CTD_N_GAMES)
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID,
                   _("There is no game %u: a chouette has games 1 to %u"), game, CTD_N_GAMES);
      return NULL;
    }
  old_result = ctd_chouette_get_result (self->chouette, game);
  if (old_result == NULL && notation == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("Chouette %s has no result for game %u"), self->label, game);
      return NULL;
    }
  if (old_result != NULL)
    old = ctd_result_format (old_result);

  after = ctd_chouette_copy (self->chouette);
  if (notation == NULL)
    ctd_chouette_clear (after, game);
  else if (!ctd_chouette_record (after, game, notation, error))
    return NULL;
  else
    now = ctd_result_format (ctd_chouette_get_result (after, game));

  if (g_strcmp0 (old, now) == 0)
    return g_strdup_printf (_("Game %u already has the result “%s”: nothing changes."), game,
                            old);
  if (old == NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is entered."), game, now));
  else if (now == NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is cleared."), game, old));
  else
    g_ptr_array_add (lines,
                     g_strdup_printf (_("Game %u: “%s” is replaced by “%s”."), game, old, now));
  describe_totals (self, self->chouette, after, lines);
  describe_later_games (self, self->chouette, after, game, lines);
  describe_last_order (self, self->chouette, after, game, lines);
  describe_paper (self, after, lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}
