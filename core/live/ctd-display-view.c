/* ctd-display-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-display-view"

#include "config.h"

#include "ctd-display-view.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"
#include "ctd-tournament.h"

/*
 * The view holds the display's content as core's posting gives it
 * (ctd_display_new(): what may be shown is decided there, rule 1.7
 * included) and the lines derived from it. The document pushes every
 * change into it; the view reads again only what the change can alter
 * on the wall: nothing for a player registered or a roll-off in a
 * round still secret, a chouette's count of games for a game recorded
 * in a round still secret (its scores are not shown, so the standings
 * are not computed), the whole posting otherwise. A value that did not
 * change does not notify, and "changed" is emitted only when the
 * content did.
 */

struct _CtdDisplayView
{
  GObject     parent_instance;

  /* owned */
  CtdDisplay *content;
  char       *round_title;
  char       *status;
};

enum
{
  PROP_0,
  PROP_CONTENT,
  PROP_EVENT_NAME,
  PROP_ROUND,
  PROP_ROUND_TITLE,
  PROP_STATUS,
  PROP_CHOUETTES,
  PROP_ROWS,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdDisplayView, ctd_display_view, G_TYPE_OBJECT)

/* What of the view a change needs read again. */
typedef enum
{
  NEEDS_NOTHING,
  NEEDS_PROGRESS,  /* the games counted of the current round's chouettes */
  NEEDS_ALL,
} Needs;

/* ---- what the room reads ------------------------------------------------ */

static gboolean
any_tie (const CtdDisplay *display)
{
  for (guint i = 0; i < display->rows->len; i++)
    if (((const CtdDisplayRow *) g_ptr_array_index (display->rows, i))->tied)
      return TRUE;
  return FALSE;
}

/* The line under the round's title: what of the round the room may see
 * now, and what it waits for. */
static char *
describe_status (const CtdDisplay *display)
{
  guint n = display->chouettes->len;

  switch (display->mode)
    {
    case CTD_DISPLAY_WAITING:
      return g_strdup (_("The draw has not been made yet."));
    case CTD_DISPLAY_PROGRESS:
      if (display->n_finished == n)
        return g_strdup (_("Every table has finished. The standings are posted once the "
                           "director releases them."));
      return g_strdup_printf (ngettext ("%u of %u table finished. Scores are posted when every "
                                        "table has finished.",
                                        "%u of %u tables finished. Scores are posted when every "
                                        "table has finished.", n),
                              display->n_finished, n);
    case CTD_DISPLAY_STANDINGS:
      if (display->stage == CTD_STAGE_FINAL)
        return g_strdup (_("The final is played in the open: its scores as they stand."));
      if (display->n_advancing == 0)
        return g_strdup (_("Who advances is announced shortly."));
      /* A whole sentence for each stage: the stage's name inside a
       * sentence takes its own article, number and case ("passent en
       * finale", "en demi-finales"), which no heading's word gives. */
      if (display->next_stage == CTD_STAGE_FINAL)
        return g_strdup_printf (ngettext ("%u player advances to the final.",
                                          "%u players advance to the final.",
                                          display->n_advancing),
                                display->n_advancing);
      return g_strdup_printf (ngettext ("%u player advances to the semi-finals.",
                                        "%u players advance to the semi-finals.",
                                        display->n_advancing),
                              display->n_advancing);
    case CTD_DISPLAY_PLACINGS:
    default:
      if (any_tie (display))
        return g_strdup (_("The final is over. A roll-off decides the tied places."));
      return g_strdup (_("The event is over. Congratulations to the winners!"));
    }
}

static char *
describe_round (const CtdDisplay *display)
{
  if (display->round == 0)
    return g_strdup ("");
  /* Translators: %u is the round's number, %s its stage ("Qualifying") */
  return g_strdup_printf (_("Round %u · %s"), display->round, ctd_stage_to_title (display->stage));
}

/* ---- comparing two postings --------------------------------------------- */

static gboolean
chouettes_equal (const CtdDisplay *a,
                 const CtdDisplay *b)
{
  if (a->round != b->round || a->chouettes->len != b->chouettes->len)
    return FALSE;
  for (guint c = 0; c < a->chouettes->len; c++)
    {
      const CtdDisplayChouette *x = g_ptr_array_index (a->chouettes, c);
      const CtdDisplayChouette *y = g_ptr_array_index (b->chouettes, c);

      if (x->number != y->number || x->table != y->table || x->size != y->size ||
          x->n_recorded != y->n_recorded)
        return FALSE;
      for (guint k = 0; k < x->size; k++)
        if (g_strcmp0 (x->names[k], y->names[k]) != 0)
          return FALSE;
    }
  return TRUE;
}

/* The standings block: its lines, and how they read (placings or
 * standings, who goes on to which stage). */
static gboolean
rows_equal (const CtdDisplay *a,
            const CtdDisplay *b)
{
  if (a->rows->len != b->rows->len)
    return FALSE;
  if (a->rows->len == 0)
    return TRUE;
  if (a->round != b->round || a->mode != b->mode || a->stage != b->stage ||
      a->n_advancing != b->n_advancing || a->next_stage != b->next_stage)
    return FALSE;
  for (guint i = 0; i < a->rows->len; i++)
    {
      const CtdDisplayRow *x = g_ptr_array_index (a->rows, i);
      const CtdDisplayRow *y = g_ptr_array_index (b->rows, i);

      if (g_strcmp0 (x->name, y->name) != 0 || x->chouette != y->chouette ||
          x->rank != y->rank || x->tied != y->tied || x->score != y->score ||
          x->advances != y->advances)
        return FALSE;
    }
  return TRUE;
}

static gboolean
content_equal (const CtdDisplay *a,
               const CtdDisplay *b)
{
  return g_strcmp0 (a->event_name, b->event_name) == 0 && a->mode == b->mode &&
         a->round == b->round && a->stage == b->stage && a->state == b->state &&
         a->n_finished == b->n_finished && a->n_advancing == b->n_advancing &&
         a->next_stage == b->next_stage && chouettes_equal (a, b) && rows_equal (a, b);
}

/* ---- following the event ------------------------------------------------ */

static void
set_string (CtdDisplayView *self,
            char          **field,
            char           *value,
            guint           prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Takes @content as what is shown, when it differs from what was. */
static void
show (CtdDisplayView *self,
      CtdDisplay     *content)
{
  g_autoptr(CtdDisplay) old = self->content;
  gboolean first = old == NULL;

  if (!first && content_equal (old, content))
    {
      self->content = g_steal_pointer (&old);
      ctd_display_free (content);
      return;
    }
  self->content = content;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT]);
  if (first || g_strcmp0 (old->event_name, content->event_name) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENT_NAME]);
  if (first || old->round != content->round)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROUND]);
  if (first || !chouettes_equal (old, content))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOUETTES]);
  if (first || !rows_equal (old, content))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROWS]);
  set_string (self, &self->round_title, describe_round (content), PROP_ROUND_TITLE);
  set_string (self, &self->status, describe_status (content), PROP_STATUS);
  g_object_thaw_notify (G_OBJECT (self));
  if (!first)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* A copy of the content with chouette @number of the current round (0:
 * every one) counted again: of its games only their number is read. */
static CtdDisplay *
recount (const CtdDisplay  *content,
         CtdStore          *store,
         guint              number,
         GError           **error)
{
  g_autoptr(CtdDisplay) copy = g_new0 (CtdDisplay, 1);
  CtdStoreRound info;

  *copy = *content;
  copy->event_name = g_strdup (content->event_name);
  copy->chouettes = g_ptr_array_new_full (content->chouettes->len, ctd_display_chouette_free);
  copy->rows = g_ptr_array_new ();  /* none: the round's scores are secret */
  copy->n_finished = 0;
  for (guint c = 0; c < content->chouettes->len; c++)
    {
      CtdDisplayChouette *chouette = ctd_display_chouette_copy (
        g_ptr_array_index (content->chouettes, c));

      g_ptr_array_add (copy->chouettes, chouette);
      if (number == 0 || chouette->number == number)
        {
          g_autoptr(GPtrArray) games = ctd_store_list_games (store, copy->round,
                                                             chouette->number, error);

          if (games == NULL)
            return NULL;
          chouette->n_recorded = MIN (games->len, CTD_N_GAMES);
        }
      copy->n_finished += chouette->n_recorded == CTD_N_GAMES;
    }
  if (!ctd_tournament_get_round (store, copy->round, &info, error))
    return NULL;
  copy->state = info.state;
  return g_steal_pointer (&copy);
}

/* What a change announced by the document can alter on the wall. */
static Needs
needed_by (CtdDisplayView *self,
           CtdChange       what,
           guint           round)
{
  const CtdDisplay *content = self->content;
  gboolean secret = content->mode == CTD_DISPLAY_PROGRESS && content->stage != CTD_STAGE_FINAL;

  /* The event's name; a draw, a release, a seated player renamed. */
  if (what & (CTD_CHANGE_SETTINGS | CTD_CHANGE_ROUNDS))
    return NEEDS_ALL;
  /* Only the current round is shown; a change of several rounds may be it. */
  if (!(what & (CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)) || content->round == 0 ||
      (round != 0 && round != content->round))
    return NEEDS_NOTHING;
  if (!secret)
    return NEEDS_ALL;
  /* Secret: its standings are not shown, only how far each table is. */
  return (what & CTD_CHANGE_CHOUETTE) ? NEEDS_PROGRESS : NEEDS_NOTHING;
}

/* ---- the object --------------------------------------------------------- */

static void
ctd_display_view_finalize (GObject *object)
{
  CtdDisplayView *self = CTD_DISPLAY_VIEW (object);

  g_clear_pointer (&self->content, ctd_display_free);
  g_free (self->round_title);
  g_free (self->status);
  G_OBJECT_CLASS (ctd_display_view_parent_class)->finalize (object);
}

static void
ctd_display_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CtdDisplayView *self = CTD_DISPLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      g_value_set_pointer (value, self->content);
      break;
    case PROP_EVENT_NAME:
      g_value_set_string (value, self->content->event_name);
      break;
    case PROP_ROUND:
      g_value_set_uint (value, self->content->round);
      break;
    case PROP_ROUND_TITLE:
      g_value_set_string (value, self->round_title);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_CHOUETTES:
      g_value_set_pointer (value, self->content->chouettes);
      break;
    case PROP_ROWS:
      g_value_set_pointer (value, self->content->rows);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_display_view_class_init (CtdDisplayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ctd_display_view_finalize;
  object_class->get_property = ctd_display_view_get_property;

  /* the whole posting, a const CtdDisplay (ctd_display_view_get_content()) */
  properties[PROP_CONTENT] = g_param_spec_pointer ("content", NULL, NULL, flags);
  properties[PROP_EVENT_NAME] = g_param_spec_string ("event-name", NULL, NULL, NULL, flags);
  /* the current round (the newest drawn), 0 before the first draw */
  properties[PROP_ROUND] = g_param_spec_uint ("round", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* "Round 2 · Semi-final", or "" */
  properties[PROP_ROUND_TITLE] = g_param_spec_string ("round-title", NULL, NULL, NULL, flags);
  /* what of the round is public now, and what it waits for, in a line */
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  /* the current round's chouettes and their progress (GPtrArray of
   * CtdDisplayChouette); notifies when a card would read otherwise */
  properties[PROP_CHOUETTES] = g_param_spec_pointer ("chouettes", NULL, NULL, flags);
  /* the standings or placings posted (GPtrArray of CtdDisplayRow),
   * empty while the round's scores are secret; notifies when the block
   * would read otherwise */
  properties[PROP_ROWS] = g_param_spec_pointer ("rows", NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdDisplayView::changed:
   * @self: the view
   *
   * Emitted once after a change of the event (by this window or any
   * other writer of the file) changed what the display shows: its
   * properties have notified already; the chouettes' cards and the
   * standings are drawn again from ctd_display_view_get_content().
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ctd_display_view_init (CtdDisplayView *self)
{
}

/**
 * ctd_display_view_new:
 * @store: the event to read
 * @error: return location for a #GError
 *
 * Reads what the public display shows now; its keeper then pushes
 * every change into it (ctd_display_view_update()). A window gets its
 * view from ctd_document_get_display_view().
 *
 * Returns: (transfer full) (nullable): the view, or %NULL with @error set
 */
CtdDisplayView *
ctd_display_view_new (CtdStore  *store,
                      GError   **error)
{
  g_autoptr(CtdDisplayView) self = NULL;
  CtdDisplay *content;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  content = ctd_display_new (store, error);
  if (content == NULL)
    return NULL;
  self = g_object_new (CTD_TYPE_DISPLAY_VIEW, NULL);
  show (self, content);
  return g_steal_pointer (&self);
}

/**
 * ctd_display_view_update:
 * @self: a display view
 * @store: the event to read, as it is now
 * @what: what changed
 * @round: the round concerned, 0 when several or none
 * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
 * @error: return location for a #GError
 *
 * Brings the view up to date after one change of the event (the
 * arguments of CtdDocument's "changed"), reading only what the change
 * can alter on the wall; "changed" follows when the content changed.
 * On an error the view keeps what it showed.
 *
 * Returns: whether the view could be read again
 */
gboolean
ctd_display_view_update (CtdDisplayView  *self,
                         CtdStore        *store,
                         CtdChange        what,
                         guint            round,
                         guint            chouette,
                         GError         **error)
{
  CtdDisplay *content = NULL;

  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), FALSE);
  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (needed_by (self, what, round))
    {
    case NEEDS_NOTHING:
      return TRUE;
    case NEEDS_PROGRESS:
      content = recount (self->content, store, round != 0 ? chouette : 0, error);
      break;
    case NEEDS_ALL:
    default:
      content = ctd_display_new (store, error);
      break;
    }
  if (content == NULL)
    return FALSE;
  show (self, content);
  return TRUE;
}

/**
 * ctd_display_view_get_content:
 * @self: a display view
 *
 * Returns: (transfer none): what the display shows, until the next
 *   "changed"
 */
const CtdDisplay *
ctd_display_view_get_content (CtdDisplayView *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), NULL);
  return self->content;
}

/**
 * ctd_display_view_get_event_name:
 * @self: a display view
 *
 * Returns: (transfer none): the event's name
 */
const char *
ctd_display_view_get_event_name (CtdDisplayView *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), NULL);
  return self->content->event_name;
}

/**
 * ctd_display_view_get_round:
 * @self: a display view
 *
 * Returns: the current round, 0 before the first draw
 */
guint
ctd_display_view_get_round (CtdDisplayView *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), 0);
  return self->content->round;
}

/**
 * ctd_display_view_get_round_title:
 * @self: a display view
 *
 * Returns: (transfer none): "Round 2 · Semi-final", or "" before the
 *   first draw
 */
const char *
ctd_display_view_get_round_title (CtdDisplayView *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), NULL);
  return self->round_title;
}

/**
 * ctd_display_view_get_status:
 * @self: a display view
 *
 * Returns: (transfer none): what of the round the room may see now, and
 *   what it waits for, in a line
 */
const char *
ctd_display_view_get_status (CtdDisplayView *self)
{
  g_return_val_if_fail (CTD_IS_DISPLAY_VIEW (self), NULL);
  return self->status;
}
