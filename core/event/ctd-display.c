/* ctd-display.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-display"

#include "config.h"

#include "ctd-display.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-standings.h"
#include "ctd-outcome.h"

/*
 * What the public display in the playing room shows: the newest drawn
 * round is the current one; its chouettes' progress always; its
 * standings only from core's public view (ctd_tournament_round_standings()
 * with public_view), and only once the director released the round.
 * A window shows this and decides nothing: the secrecy of rule 1.7 is
 * decided here, so no window, whatever its director does, can post a
 * score it hides. The Final is played in the open, so it needs no
 * release: its placings stand the moment it is complete, on the display
 * as on the Final and Money page, the `results` command and the exports
 * (ctd_outcome_get_final(), ctd_report_*()), and Close Event needs
 * nothing more.
 */

/**
 * ctd_display_shows_scores:
 * @stage: the current round's stage
 * @state: its state
 *
 * Rule 1.7 keeps a Qualifying or Semi-final round's scores secret until
 * every chouette is complete (ctd_standings_scores_are_public()); the
 * display waits one step more, for the director's release, since a
 * complete round may still have its paper totals or roll-offs checked
 * before anything is posted. The Final is played in the open.
 *
 * Returns: whether the public display may show the round's scores
 */
gboolean
ctd_display_shows_scores (CtdStage      stage,
                          CtdRoundState state)
{
  if (!ctd_standings_scores_are_public (stage, state))
    return FALSE;
  return stage == CTD_STAGE_FINAL || state >= CTD_ROUND_RELEASED;
}

/**
 * ctd_display_shows_placings:
 * @stage: the current round's stage
 * @state: its state
 *
 * The Final's placings stand once it is complete (every game entered,
 * every typed paper total agreeing): rule 1.9 gives them from its
 * scores, which were public all along, so no release waits for them. A
 * tie not yet rolled off shows as a shared place until it is.
 *
 * Returns: whether the display shows the final placings
 */
gboolean
ctd_display_shows_placings (CtdStage      stage,
                            CtdRoundState state)
{
  return stage == CTD_STAGE_FINAL && state >= CTD_ROUND_COMPLETE;
}

/**
 * ctd_display_can_release:
 * @stage: a round's stage
 * @state: its state
 *
 * A release puts a complete Qualifying or Semi-final round's scores on
 * the public display and freezes its results. The Final has nothing to
 * release: it is played in the open and its placings stand once it is
 * complete (ctd_display_shows_placings()).
 *
 * Returns: whether releasing the round now means something
 */
gboolean
ctd_display_can_release (CtdStage      stage,
                         CtdRoundState state)
{
  return stage != CTD_STAGE_FINAL && state == CTD_ROUND_COMPLETE;
}

/**
 * ctd_display_describe_publicity:
 * @stage: a round's stage
 * @state: its state
 *
 * What of the round is public in @state, in one sentence for the
 * director: secret until complete (rule 1.7); complete, it may be
 * printed or exported as a posting, and the display waits for the
 * release; released, public everywhere. The Final is public all along.
 *
 * Returns: (transfer none): the sentence, translated
 */
const char *
ctd_display_describe_publicity (CtdStage      stage,
                                CtdRoundState state)
{
  if (stage == CTD_STAGE_FINAL)
    return ctd_display_shows_placings (stage, state)
             ? _("Its placings are public: the posting, the public display and the exports "
                 "give them.")
             : _("The Final is played in the open: its scores are public as they stand, and "
                 "its placings once every game is entered.");
  switch (state)
    {
    case CTD_ROUND_DRAWN:
    case CTD_ROUND_IN_PLAY:
      return _("Its scores are secret until every chouette is complete (rule 1.7): the "
               "posting and the public display show only the tables' progress.");
    case CTD_ROUND_COMPLETE:
      return _("Its scores may be posted, printed or exported; the public display shows them "
               "once you release the round.");
    case CTD_ROUND_RELEASED:
    case CTD_ROUND_CLOSED:
    default:
      return _("Its scores are public: the posting and the public display show them, and its "
               "results no longer change.");
    }
}

/**
 * ctd_display_describe_release:
 * @stage: a round's stage
 * @state: its state
 *
 * What releasing the round does, or did, in @state: the Release
 * button's tooltip, and what its confirmation says becomes public.
 *
 * Returns: (transfer none): the sentence, translated
 */
const char *
ctd_display_describe_release (CtdStage      stage,
                              CtdRoundState state)
{
  if (stage == CTD_STAGE_FINAL)
    return _("The Final has nothing to release: its placings are public once it is complete.");
  switch (state)
    {
    case CTD_ROUND_DRAWN:
    case CTD_ROUND_IN_PLAY:
      return _("Once every chouette is complete, releasing the round puts its scores and ranks "
               "on the public display and freezes its results.");
    case CTD_ROUND_COMPLETE:
      return _("Releasing the round puts every player's score and rank on the public display "
               "and freezes its results: no game can be entered or corrected afterwards, "
               "except by Undo.");
    case CTD_ROUND_RELEASED:
    case CTD_ROUND_CLOSED:
    default:
      return _("Released: its scores and ranks are on the public display and its results "
               "are frozen.");
    }
}

/**
 * ctd_display_rank_text:
 * @display: what is posted
 * @row: one of its lines
 *
 * A line's rank as the posting writes it: "3=" while a tie stands, and
 * the Final's placings as "1st", "2nd=".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_display_rank_text (const CtdDisplay    *display,
                       const CtdDisplayRow *row)
{
  g_autofree char *ordinal = NULL;

  g_return_val_if_fail (display != NULL && row != NULL, NULL);

  if (display->mode != CTD_DISPLAY_PLACINGS)
    return g_strdup_printf ("%u%s", row->rank, row->tied ? "=" : "");
  /* A Final has at most 4 players: places 1 to 4. */
  ordinal = ctd_outcome_ordinal (row->rank >= 1 && row->rank <= 3 ? row->rank : 4);
  return g_strconcat (ordinal, row->tied ? "=" : "", NULL);
}

/**
 * ctd_display_heading:
 * @display: what is posted
 *
 * Returns: the posting's heading: the Final's placings, its standings
 *   while it is played, or a round's standings
 */
const char *
ctd_display_heading (const CtdDisplay *display)
{
  g_return_val_if_fail (display != NULL, NULL);

  if (display->mode == CTD_DISPLAY_PLACINGS)
    return _("Final placings");
  if (display->stage == CTD_STAGE_FINAL)
    return _("Final standings so far");
  return _("Standings");
}

/**
 * ctd_display_chouette_copy:
 * @chouette: a chouette's card
 *
 * Returns: (transfer full): a copy, to free with ctd_display_chouette_free()
 */
CtdDisplayChouette *
ctd_display_chouette_copy (const CtdDisplayChouette *chouette)
{
  CtdDisplayChouette *copy = g_memdup2 (chouette, sizeof *chouette);

  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    copy->names[k] = g_strdup (chouette->names[k]);
  return copy;
}

/**
 * ctd_display_chouette_free:
 * @data: (nullable): a CtdDisplayChouette
 *
 * Frees a chouette's card.
 */
void
ctd_display_chouette_free (gpointer data)
{
  CtdDisplayChouette *chouette = data;

  if (chouette == NULL)
    return;
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    g_free (chouette->names[k]);
  g_free (chouette);
}

static void
display_row_free (gpointer data)
{
  CtdDisplayRow *row = data;

  g_free (row->name);
  g_free (row);
}

/**
 * ctd_display_free:
 * @self: (nullable): a display's content
 *
 * Frees @self.
 */
void
ctd_display_free (CtdDisplay *self)
{
  if (self == NULL)
    return;
  g_free (self->event_name);
  g_clear_pointer (&self->chouettes, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self);
}

/* The round's chouettes, each with how many games are entered: of the
 * games only their number is read, never a result. */
static gboolean
load_chouettes (CtdDisplay  *self,
                CtdStore    *store,
                GError     **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_chouettes (store, self->round, error);

  if (records == NULL)
    return FALSE;
  for (guint c = 0; c < records->len; c++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (records, c);
      g_autoptr(GPtrArray) games = ctd_store_list_games (store, self->round, seats->number,
                                                         error);
      CtdDisplayChouette *chouette;

      if (games == NULL)
        return FALSE;
      chouette = g_new0 (CtdDisplayChouette, 1);
      chouette->number = seats->number;
      chouette->table = seats->table;
      chouette->size = seats->size;
      for (guint k = 0; k < seats->size; k++)
        chouette->names[k] = g_strdup (seats->names[k] != NULL ? seats->names[k] : "");
      chouette->n_recorded = MIN (games->len, CTD_N_GAMES);
      self->n_finished += chouette->n_recorded == CTD_N_GAMES;
      g_ptr_array_add (self->chouettes, chouette);
    }
  return TRUE;
}

static gboolean
is_advancer (const GArray *advancers,
             gint64        player_id)
{
  for (guint i = 0; i < advancers->len; i++)
    if (g_array_index (advancers, CtdTournamentAdvancer, i).player_id == player_id)
      return TRUE;
  return FALSE;
}

/* The round's posted standings, with who the director sent on. Only
 * core's public view is read: were the decision above ever wrong, it
 * would still carry no score of a secret round. */
static gboolean
load_rows (CtdDisplay  *self,
           CtdStore    *store,
           GError     **error)
{
  g_autoptr(CtdStandings) standings = ctd_tournament_round_standings (store, self->round, TRUE,
                                                                 error);
  g_autoptr(GArray) advancers = NULL;

  if (standings == NULL)
    return FALSE;
  if (ctd_standings_get_scores_hidden (standings))
    return TRUE;
  advancers = ctd_tournament_list_advancers (store, self->round, &self->next_stage, error);
  if (advancers == NULL)
    return FALSE;
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    {
      const CtdStandingsRow *source = ctd_standings_get_row (standings, i);
      CtdDisplayRow *row = g_new0 (CtdDisplayRow, 1);

      row->name = g_strdup (source->name);
      row->chouette = source->chouette;
      row->rank = source->rank;
      row->tied = source->tied;
      row->score = source->score;
      row->advances = is_advancer (advancers, source->player_id);
      self->n_advancing += row->advances;
      g_ptr_array_add (self->rows, row);
    }
  return TRUE;
}

static CtdDisplayMode
mode_of (const CtdStoreRound *round)
{
  if (!ctd_display_shows_scores (round->stage, round->state))
    return CTD_DISPLAY_PROGRESS;
  if (ctd_display_shows_placings (round->stage, round->state))
    return CTD_DISPLAY_PLACINGS;
  return CTD_DISPLAY_STANDINGS;
}

/**
 * ctd_display_new:
 * @store: an event
 * @error: return location for a #GError
 *
 * What the public display shows of @store now: the event's name, the
 * newest drawn round with each chouette's progress, and, once the round
 * may be posted (ctd_display_shows_scores()), its standings with who
 * advances, or at the end the final placings.
 *
 * Returns: (transfer full) (nullable): the display's content, to free
 *   with ctd_display_free(), or %NULL with @error set
 */
CtdDisplay *
ctd_display_new (CtdStore  *store,
                 GError   **error)
{
  g_autoptr(CtdDisplay) self = g_new0 (CtdDisplay, 1);
  g_auto(CtdEventSettings) settings = { 0, };
  g_autoptr(GArray) rounds = NULL;
  const CtdStoreRound *current;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->chouettes = g_ptr_array_new_with_free_func (ctd_display_chouette_free);
  self->rows = g_ptr_array_new_with_free_func (display_row_free);
  if (!ctd_store_get_settings (store, &settings, error) ||
      (rounds = ctd_store_list_rounds (store, error)) == NULL)
    return NULL;
  self->event_name = g_strdup (settings.name != NULL ? settings.name : "");
  if (rounds->len == 0)
    return g_steal_pointer (&self);

  current = &g_array_index (rounds, CtdStoreRound, rounds->len - 1);
  self->round = current->number;
  self->stage = current->stage;
  self->state = current->state;
  self->mode = mode_of (current);
  if (!load_chouettes (self, store, error) ||
      (self->mode != CTD_DISPLAY_PROGRESS && !load_rows (self, store, error)))
    return NULL;
  return g_steal_pointer (&self);
}
