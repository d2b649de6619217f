/* ctd-round-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The round view: the object, its properties, and how a change pushed
 * by the document refreshes it. What it reads is in
 * ctd-round-view-load.c; its getters and the previews before an action
 * are in ctd-round-view-read.c.
 */

#define G_LOG_DOMAIN "ctd-round-view"

#include "config.h"

#include "ctd-round-view-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-enum-types.h"
#include "ctd-tournament.h"

/*
 * A view reads three things, each only when a change touched it: the
 * round's record (its draw and state), its seats (whom a typed roll-off
 * may name), and what is derived from its standings (the hold-ups, the
 * notes by the cut, the tie). The standings themselves are the
 * document's: its lists, shared, and its one computation per change,
 * handed in with each change (CtdRoundViewSource); the view keeps a copy
 * for the previews asked between changes. A value that did not change
 * does not notify: a game recorded in another round touches nothing
 * here, and a game of this round leaves its draw alone.
 */

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdRoundView, ctd_round_view, G_TYPE_OBJECT)

/* Notifies @prop, and remembers that something shown changed. */
void
round_view_notify (CtdRoundView *self,
                   guint         prop)
{
  self->changed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Reads again what @needed says, then derives; "changed" follows when
 * something shown changed. */
static gboolean
refresh (CtdRoundView              *self,
         const CtdRoundViewSource  *source,
         Need                       needed,
         GError                   **error)
{
  gboolean ok;

  self->changed = FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  ok = round_view_load (self, source, needed, error);
  g_object_thaw_notify (G_OBJECT (self));
  if (ok && self->changed)
    g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

/* The posting's list, once the keeper made one. */
static void
adopt_public_standings (CtdRoundView             *self,
                        const CtdRoundViewSource *source)
{
  if (self->public_standings != NULL || source->public_standings == NULL)
    return;
  self->public_standings = g_object_ref (source->public_standings);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUBLIC_STANDINGS]);
}

/* What of the view a change announced by the document touches. */
static Need
needed_by (CtdRoundView *self,
           CtdChange     what,
           guint         round)
{
  Need needed = 0;

  /* The settings close the event: nothing can change any more. */
  if (what & CTD_CHANGE_SETTINGS)
    return NEED_ALL;
  /* Any round: drawing the next one closes this one and seats its
   * advancers; a seated player renamed is a change of the rounds. */
  if (what & CTD_CHANGE_ROUNDS)
    needed |= NEED_ALL;
  if (what & CTD_CHANGE_PLAYERS)
    needed |= NEED_SEATS | NEED_DERIVED;
  /* A game, a paper total, a roll-off, a release or advancers of this
   * round: its state and standings, never its draw. */
  if ((what & (CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)) &&
      (round == 0 || round == self->info.number))
    needed |= NEED_INFO | NEED_DERIVED;
  return needed;
}

/* ---- the object --------------------------------------------------------- */

static void
ctd_round_view_finalize (GObject *object)
{
  CtdRoundView *self = CTD_ROUND_VIEW (object);

  g_clear_object (&self->standings);
  g_clear_object (&self->public_standings);
  g_clear_pointer (&self->seats, g_ptr_array_unref);
  g_clear_pointer (&self->kept, ctd_standings_free);
  g_clear_error (&self->unfinished);
  g_strfreev (self->hold_ups);
  g_clear_pointer (&self->cut_tie, g_array_unref);
  g_free (self->cut_tie_players);
  g_clear_pointer (&self->notes, g_hash_table_unref);
  g_clear_pointer (&self->public_notes, g_hash_table_unref);
  G_OBJECT_CLASS (ctd_round_view_parent_class)->finalize (object);
}

static void
ctd_round_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CtdRoundView *self = CTD_ROUND_VIEW (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint (value, self->info.number);
      break;
    case PROP_EXISTS:
      g_value_set_boolean (value, self->exists);
      break;
    case PROP_STAGE:
      g_value_set_enum (value, self->info.stage);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->info.seed);
      break;
    case PROP_N_CHOUETTES:
      g_value_set_uint (value, self->info.n_chouettes);
      break;
    case PROP_N_PLAYERS:
      g_value_set_uint (value, self->info.n_players);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->info.state);
      break;
    case PROP_SCORES_PUBLIC:
      g_value_set_boolean (value, self->scores_public);
      break;
    case PROP_PUBLICITY:
      g_value_set_string (value, self->publicity);
      break;
    case PROP_RELEASE:
      g_value_set_string (value, self->release);
      break;
    case PROP_CAN_RELEASE:
      g_value_set_boolean (value, self->can_release);
      break;
    case PROP_CAN_ADVANCE:
      g_value_set_boolean (value, self->can_advance);
      break;
    case PROP_HOLD_UPS:
      g_value_set_boxed (value, self->hold_ups);
      break;
    case PROP_STANDINGS:
      g_value_set_object (value, self->standings);
      break;
    case PROP_PUBLIC_STANDINGS:
      g_value_set_object (value, self->public_standings);
      break;
    case PROP_CUT_NOTES:
      g_value_set_boxed (value, self->notes);
      break;
    case PROP_PUBLIC_CUT_NOTES:
      g_value_set_boxed (value, self->public_notes);
      break;
    case PROP_TOP_K:
      g_value_set_uint (value, self->top_k);
      break;
    case PROP_WILDCARDS:
      g_value_set_uint (value, self->wildcards);
      break;
    case PROP_CUT_TIE:
      g_value_set_boxed (value, self->cut_tie);
      break;
    case PROP_CUT_TIE_PLAYERS:
      g_value_set_string (value, self->cut_tie_players);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_round_view_class_init (CtdRoundViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ctd_round_view_finalize;
  object_class->get_property = ctd_round_view_get_property;

  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* FALSE once the round is gone (its draw undone) */
  properties[PROP_EXISTS] = g_param_spec_boolean ("exists", NULL, NULL, FALSE, flags);
  properties[PROP_STAGE] = g_param_spec_enum ("stage", NULL, NULL, CTD_TYPE_STAGE,
                                              CTD_STAGE_QUALIFYING, flags);
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_N_CHOUETTES] = g_param_spec_uint ("n-chouettes", NULL, NULL, 0, G_MAXUINT, 0,
                                                    flags);
  properties[PROP_N_PLAYERS] = g_param_spec_uint ("n-players", NULL, NULL, 0, G_MAXUINT, 0,
                                                  flags);
  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, CTD_TYPE_ROUND_STATE,
                                              CTD_ROUND_DRAWN, flags);
  /* whether the posting may show scores (rule 1.7) */
  properties[PROP_SCORES_PUBLIC] = g_param_spec_boolean ("scores-public", NULL, NULL, FALSE,
                                                         flags);
  /* what of the round is public, ctd_display_describe_publicity() */
  properties[PROP_PUBLICITY] = g_param_spec_string ("publicity", NULL, NULL, NULL, flags);
  /* what releasing it does, or why it cannot be, ctd_display_describe_release() */
  properties[PROP_RELEASE] = g_param_spec_string ("release", NULL, NULL, NULL, flags);
  properties[PROP_CAN_RELEASE] = g_param_spec_boolean ("can-release", NULL, NULL, FALSE, flags);
  /* whether advancers can be chosen from it now */
  properties[PROP_CAN_ADVANCE] = g_param_spec_boolean ("can-advance", NULL, NULL, FALSE, flags);
  /* one line per chouette that keeps it from being complete */
  properties[PROP_HOLD_UPS] = g_param_spec_boxed ("hold-ups", NULL, NULL, G_TYPE_STRV, flags);
  /* the director's standings (CtdStandingItem), best first */
  properties[PROP_STANDINGS] = g_param_spec_object ("standings", NULL, NULL, G_TYPE_LIST_MODEL,
                                                    flags);
  /* what the posting may show (rule 1.7); NULL until a page first shows
   * it (ctd_document_get_standings()) */
  properties[PROP_PUBLIC_STANDINGS] = g_param_spec_object ("public-standings", NULL, NULL,
                                                           G_TYPE_LIST_MODEL, flags);
  /* player id (gint64 *) -> what the row says about the cut (ctd_cut_notes()) */
  properties[PROP_CUT_NOTES] = g_param_spec_boxed ("cut-notes", NULL, NULL, G_TYPE_HASH_TABLE,
                                                   flags);
  properties[PROP_PUBLIC_CUT_NOTES] = g_param_spec_boxed ("public-cut-notes", NULL, NULL,
                                                          G_TYPE_HASH_TABLE, flags);
  /* the cut it is judged by: stored, else proposed */
  properties[PROP_TOP_K] = g_param_spec_uint ("top-k", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_WILDCARDS] = g_param_spec_uint ("wildcards", NULL, NULL, 0, G_MAXUINT, 0,
                                                  flags);
  /* the players (gint64 ids) a roll-off must order, or NULL */
  properties[PROP_CUT_TIE] = g_param_spec_boxed ("cut-tie", NULL, NULL, G_TYPE_ARRAY, flags);
  /* them as a roll-off is typed: "#12 Ann (+2), #15 Bob (+2)", or NULL */
  properties[PROP_CUT_TIE_PLAYERS] = g_param_spec_string ("cut-tie-players", NULL, NULL, NULL,
                                                          flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdRoundView::changed:
   * @self: the view
   *
   * Emitted once after the view was brought up to date with a change
   * (by this window or any other writer of the file) that changed
   * something it shows; its properties have notified already.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ctd_round_view_init (CtdRoundView *self)
{
  self->hold_ups = g_new0 (char *, 1);
}

/**
 * ctd_round_view_new:
 * @source: the event to read and whether it can change
 * @round: the round's number
 * @standings: the keeper's list of the round's standings, the director's
 * @error: return location for a #GError
 *
 * Reads round @round; its keeper then pushes every change into it
 * (ctd_round_view_update()). A page gets its view from
 * ctd_document_get_round_view(), which keeps one per round.
 *
 * Returns: (transfer full) (nullable): the view, or %NULL with
 *   %CTD_STORE_ERROR_NOT_FOUND when there is no such round (or another
 *   error when the file cannot be read)
 */
CtdRoundView *
ctd_round_view_new (const CtdRoundViewSource  *source,
                    guint                      round,
                    GListModel                *standings,
                    GError                   **error)
{
  g_autoptr(CtdRoundView) self = NULL;

  g_return_val_if_fail (source != NULL && source->store != NULL && source->standings != NULL,
                        NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (standings), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (CTD_TYPE_ROUND_VIEW, NULL);
  self->info.number = round;
  self->standings = g_object_ref (standings);
  adopt_public_standings (self, source);
  if (!refresh (self, source, NEED_ALL, error))
    return NULL;
  if (!self->exists)
    {
      CtdStoreRound info;

      /* The store's own refusal, which says why. */
      if (!ctd_tournament_get_round (source->store, round, &info, error))
        return NULL;
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("There is no round %u in this event"), round);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * ctd_round_view_update:
 * @self: a round view
 * @source: the event to read and whether it can change, as they are now
 * @what: what changed
 * @round: the round concerned, 0 when several or none
 * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
 * @error: return location for a #GError
 *
 * Brings the view up to date after one change of the event (the
 * arguments of CtdDocument's "changed"), reading only what the change
 * touched; "changed" follows when something shown changed. Call it
 * after the keeper's standings lists were brought up to date; with
 * @what 0 it only takes the posting's list the keeper just made.
 *
 * Returns: whether the view could be read again
 */
gboolean
ctd_round_view_update (CtdRoundView              *self,
                       const CtdRoundViewSource  *source,
                       CtdChange                  what,
                       guint                      round,
                       guint                      chouette,
                       GError                   **error)
{
  Need needed;

  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  g_return_val_if_fail (source != NULL && source->store != NULL && source->standings != NULL,
                        FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  adopt_public_standings (self, source);
  needed = needed_by (self, what, round);
  return needed == 0 || refresh (self, source, needed, error);
}
