/* ctd-round-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The round view: the object, its properties, and how a change pushed
 * by the document refreshes it. Its getters and the previews before an
 * action are in ctd-round-view-read.c.
 */

#define G_LOG_DOMAIN "ctd-round-view"

#include "config.h"

#include "ctd-round-view-private.h"

#include <string.h>

#include "ctd-display.h"
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

/* What of the view a change touches. */
typedef enum
{
  NEED_INFO    = 1 << 0,  /* the round's record */
  NEED_SEATS   = 1 << 1,  /* its chouettes' players */
  NEED_DERIVED = 1 << 2,  /* hold-ups, cut, notes, tie */
  NEED_ALL     = NEED_INFO | NEED_SEATS | NEED_DERIVED,
} Need;

enum
{
  PROP_0,
  PROP_NUMBER,
  PROP_EXISTS,
  PROP_STAGE,
  PROP_SEED,
  PROP_N_CHOUETTES,
  PROP_N_PLAYERS,
  PROP_STATE,
  PROP_SCORES_PUBLIC,
  PROP_PUBLICITY,
  PROP_RELEASE,
  PROP_CAN_RELEASE,
  PROP_CAN_ADVANCE,
  PROP_HOLD_UPS,
  PROP_STANDINGS,
  PROP_PUBLIC_STANDINGS,
  PROP_CUT_NOTES,
  PROP_PUBLIC_CUT_NOTES,
  PROP_TOP_K,
  PROP_WILDCARDS,
  PROP_CUT_TIE,
  PROP_CUT_TIE_PLAYERS,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdRoundView, ctd_round_view, G_TYPE_OBJECT)

/* ---- updating what is shown --------------------------------------------- */

static void
notify (CtdRoundView *self,
        guint         prop)
{
  self->changed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
update_uint (CtdRoundView *self,
             guint        *field,
             guint         value,
             guint         prop)
{
  if (*field != value)
    {
      *field = value;
      notify (self, prop);
    }
}

static void
update_boolean (CtdRoundView *self,
                gboolean     *field,
                gboolean      value,
                guint         prop)
{
  value = !!value;
  if (*field != value)
    {
      *field = value;
      notify (self, prop);
    }
}

/* @value is core's own string, kept. */
static void
update_static (CtdRoundView  *self,
               const char   **field,
               const char    *value,
               guint          prop)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      *field = value;
      notify (self, prop);
    }
}

static void
update_string (CtdRoundView  *self,
               char         **field,
               char          *value,
               guint          prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  notify (self, prop);
}

static void
update_strv (CtdRoundView   *self,
             char         ***field,
             char          **value,
             guint           prop)
{
  if (*field != NULL && value != NULL && g_strv_equal ((const char *const *) *field,
                                                       (const char *const *) value))
    {
      g_strfreev (value);
      return;
    }
  g_strfreev (*field);
  *field = value;
  notify (self, prop);
}

static gboolean
ids_equal (const GArray *a,
           const GArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint64)) == 0;
}

static void
update_ids (CtdRoundView  *self,
            GArray       **field,
            GArray        *value,
            guint          prop)
{
  if (ids_equal (*field, value))
    {
      g_clear_pointer (&value, g_array_unref);
      return;
    }
  g_clear_pointer (field, g_array_unref);
  *field = value;
  notify (self, prop);
}

static gboolean
notes_equal (GHashTable *a,
             GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

static void
update_notes (CtdRoundView  *self,
              GHashTable   **field,
              GHashTable    *value,
              guint          prop)
{
  if (notes_equal (*field, value))
    {
      g_clear_pointer (&value, g_hash_table_unref);
      return;
    }
  g_clear_pointer (field, g_hash_table_unref);
  *field = value;
  notify (self, prop);
}

/* ---- reading --------------------------------------------------------- */

/* The round's record: its draw and state. A round gone (its draw
 * undone) is no error: the view says it no longer exists. */
static gboolean
load_info (CtdRoundView  *self,
           CtdStore      *store,
           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  CtdStoreRound info = { 0, };
  gboolean exists = ctd_tournament_get_round (store, self->info.number, &info, &local_error);

  if (!exists && !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  info.number = self->info.number;
  update_boolean (self, &self->exists, exists, PROP_EXISTS);
  if (self->info.stage != info.stage)
    {
      self->info.stage = info.stage;
      notify (self, PROP_STAGE);
    }
  if (self->info.seed != info.seed)
    {
      self->info.seed = info.seed;
      notify (self, PROP_SEED);
    }
  if (self->info.state != info.state)
    {
      self->info.state = info.state;
      notify (self, PROP_STATE);
    }
  update_uint (self, &self->info.n_chouettes, info.n_chouettes, PROP_N_CHOUETTES);
  update_uint (self, &self->info.n_players, info.n_players, PROP_N_PLAYERS);
  self->info.top_k = info.top_k;
  self->info.wildcards = info.wildcards;
  return TRUE;
}

static gboolean
load_seats (CtdRoundView  *self,
            CtdStore      *store,
            GError       **error)
{
  GPtrArray *seats = g_ptr_array_new ();

  if (self->exists)
    {
      g_ptr_array_unref (seats);
      seats = ctd_store_list_chouettes (store, self->info.number, error);
      if (seats == NULL)
        return FALSE;
    }
  g_clear_pointer (&self->seats, g_ptr_array_unref);
  self->seats = seats;
  return TRUE;
}

static char **
describe_hold_ups (const GPtrArray *hold_ups)
{
  GPtrArray *lines = g_ptr_array_new_full (hold_ups->len + 1, g_free);

  for (guint i = 0; i < hold_ups->len; i++)
    g_ptr_array_add (lines, ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, i)));
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

/* The cut the round is judged by: the director's stored choice, else
 * the proposed plan's; none for the final, nor for a field no plan is
 * proposed for (the director chooses the cut round by round). */
static void
load_cut (CtdRoundView *self,
          CtdStore     *store)
{
  guint top_k = 0, wildcards = 0;

  if (self->info.stage == CTD_STAGE_FINAL ||
      !ctd_tournament_get_cut (store, self->info.number, &top_k, &wildcards, NULL))
    top_k = wildcards = 0;
  update_uint (self, &self->top_k, top_k, PROP_TOP_K);
  update_uint (self, &self->wildcards, wildcards, PROP_WILDCARDS);
}

/* What holds the round up, and why nobody can advance from it yet. */
static gboolean
load_hold_ups (CtdRoundView  *self,
               CtdStore      *store,
               GError       **error)
{
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (store, self->info.number, error);

  if (hold_ups == NULL)
    return FALSE;
  update_strv (self, &self->hold_ups, describe_hold_ups (hold_ups), PROP_HOLD_UPS);
  g_clear_error (&self->unfinished);
  ctd_tournament_check_hold_ups (&self->info, hold_ups, &self->unfinished);
  return TRUE;
}

/* The notes, the tie and the copy kept for previews, from the
 * standings of this change. */
static gboolean
load_standings (CtdRoundView              *self,
                const CtdRoundViewSource  *source,
                GError                   **error)
{
  const CtdStandings *standings = source->standings (self->info.number, source->standings_data,
                                                     error);
  GHashTable *notes, *public_notes;
  GArray *tie = NULL;

  if (standings == NULL ||
      (notes = ctd_cut_notes (source->store, self->info.number, standings, FALSE, error)) == NULL)
    return FALSE;
  public_notes = ctd_cut_notes (source->store, self->info.number, standings, TRUE, error);
  if (public_notes == NULL)
    {
      g_hash_table_unref (notes);
      return FALSE;
    }
  update_notes (self, &self->notes, notes, PROP_CUT_NOTES);
  update_notes (self, &self->public_notes, public_notes, PROP_PUBLIC_CUT_NOTES);
  g_clear_pointer (&self->kept, ctd_standings_free);
  self->kept = ctd_standings_copy (standings);
  /* No tie (CTD_TOURNAMENT_ERROR_NO_TIE) is the usual answer; a closed
   * round has nothing left to roll off. */
  if (self->info.state != CTD_ROUND_CLOSED)
    tie = ctd_cut_find_tie (source->store, self->info.number, standings, NULL);
  update_ids (self, &self->cut_tie, tie, PROP_CUT_TIE);
  update_string (self, &self->cut_tie_players,
                 self->cut_tie != NULL
                   ? ctd_round_view_describe_players (self, (const gint64 *) self->cut_tie->data,
                                                      self->cut_tie->len)
                   : NULL,
                 PROP_CUT_TIE_PLAYERS);
  return TRUE;
}

/* Everything derived from the round's state and whether the event can
 * change, in core's words. */
static void
derive (CtdRoundView *self,
        gboolean      read_only)
{
  CtdStage stage = self->info.stage;
  CtdRoundState state = self->info.state;
  gboolean can_change = self->exists && !read_only;

  update_boolean (self, &self->scores_public,
                  self->exists && ctd_standings_scores_are_public (stage, state),
                  PROP_SCORES_PUBLIC);
  update_static (self, &self->publicity, ctd_display_describe_publicity (stage, state),
                 PROP_PUBLICITY);
  update_static (self, &self->release, ctd_display_describe_release (stage, state),
                 PROP_RELEASE);
  update_boolean (self, &self->can_release, can_change && ctd_display_can_release (stage, state),
                  PROP_CAN_RELEASE);
  update_boolean (self, &self->can_advance,
                  can_change && stage != CTD_STAGE_FINAL &&
                  (state == CTD_ROUND_COMPLETE || state == CTD_ROUND_RELEASED),
                  PROP_CAN_ADVANCE);
}

/* A round that does not exist shows nothing. */
static void
clear_derived (CtdRoundView *self)
{
  update_strv (self, &self->hold_ups, g_new0 (char *, 1), PROP_HOLD_UPS);
  update_notes (self, &self->notes, NULL, PROP_CUT_NOTES);
  update_notes (self, &self->public_notes, NULL, PROP_PUBLIC_CUT_NOTES);
  update_ids (self, &self->cut_tie, NULL, PROP_CUT_TIE);
  update_string (self, &self->cut_tie_players, NULL, PROP_CUT_TIE_PLAYERS);
  update_uint (self, &self->top_k, 0, PROP_TOP_K);
  update_uint (self, &self->wildcards, 0, PROP_WILDCARDS);
  g_clear_pointer (&self->kept, ctd_standings_free);
  g_clear_error (&self->unfinished);
}

/* Reads again what @needed says, then derives; "changed" follows when
 * something shown changed. */
static gboolean
refresh (CtdRoundView              *self,
         const CtdRoundViewSource  *source,
         Need                       needed,
         GError                   **error)
{
  gboolean ok = TRUE;

  self->changed = FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  if (needed & NEED_INFO)
    ok = load_info (self, source->store, error);
  if (ok && (needed & NEED_SEATS))
    ok = load_seats (self, source->store, error);
  if (ok && (needed & NEED_DERIVED))
    {
      if (!self->exists)
        clear_derived (self);
      else
        {
          load_cut (self, source->store);
          ok = load_hold_ups (self, source->store, error) && load_standings (self, source, error);
        }
    }
  if (ok)
    derive (self, source->read_only);
  g_object_thaw_notify (G_OBJECT (self));
  if (ok && self->changed)
    g_signal_emit (self, signals[CHANGED], 0);
  return ok;
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
  /* what the posting may show (rule 1.7) */
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
 * @public_standings: and the posting's
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
                    GListModel                *public_standings,
                    GError                   **error)
{
  g_autoptr(CtdRoundView) self = NULL;

  g_return_val_if_fail (source != NULL && source->store != NULL && source->standings != NULL,
                        NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (standings) && G_IS_LIST_MODEL (public_standings), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (CTD_TYPE_ROUND_VIEW, NULL);
  self->info.number = round;
  self->standings = g_object_ref (standings);
  self->public_standings = g_object_ref (public_standings);
  if (!refresh (self, source, NEED_ALL, error))
    return NULL;
  if (!self->exists)
    {
      CtdStoreRound info;

      /* The store's own refusal, which says why. */
      if (!ctd_tournament_get_round (source->store, round, &info, error))
        return NULL;
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   "There is no round %u in this event", round);
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
 * after the keeper's standings lists were brought up to date.
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

  needed = needed_by (self, what, round);
  return needed == 0 || refresh (self, source, needed, error);
}
