/* ctd-submission-items.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-submission-items"

#include "config.h"

#include "ctd-submission-items.h"

#include <glib/gi18n-lib.h>

#include "ctd-enum-types.h"
#include "ctd-item-fields.h"

/*
 * Every word the desk reads of a table's line is made here, from the
 * store's record and the chouette's view as it is now: the page shows
 * them and decides nothing. The preview and the differences are the
 * view's own checks (ctd_chouette_view_preview(),
 * ctd_chouette_view_describe_replacement()), so what the desk reads
 * before Enter is what Enter does.
 */

struct _CtdSubmissionItem
{
  GObject             parent_instance;

  gint64              id;
  guint               game;
  CtdSubmissionState  state;
  char               *line;
  char               *recorded;
  char               *entered_by;
  char               *confirmed_by;
  char               *address;
  char               *time;
  gboolean            fits;
  char               *preview;
  char               *differences;
  char               *mark;
  char               *summary;
};

static const CtdItemField submission_fields[] = {
  { "id", G_TYPE_INT64, G_STRUCT_OFFSET (CtdSubmissionItem, id) },
  { "game", G_TYPE_UINT, G_STRUCT_OFFSET (CtdSubmissionItem, game) },
  /* PENDING or DISAGREES: only lines that wait for the director */
  { "state", G_TYPE_ENUM, G_STRUCT_OFFSET (CtdSubmissionItem, state),
    ctd_submission_state_get_type },
  /* the table's line, canonical */
  { "line", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, line) },
  /* the game's line at the desk, or "" */
  { "recorded", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, recorded) },
  /* the players' names */
  { "entered-by", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, entered_by) },
  { "confirmed-by", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, confirmed_by) },
  /* the confirming phone's address */
  { "address", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, address) },
  /* when it was confirmed, local time "20:14" */
  { "time", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, time) },
  /* whether the desk can record it now */
  { "fits", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdSubmissionItem, fits) },
  /* "1 Ann +2 (total +2) · 2 Bob -1 (total -1)…", or why it does not fit */
  { "preview", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, preview) },
  /* for a disagreement, what the table's line changes, a sentence a line */
  { "differences", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, differences) },
  /* the grid's word on the game's row */
  { "mark", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, mark) },
  /* one sentence: where it came from and what the desk has */
  { "summary", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSubmissionItem, summary) },
};

CTD_ITEM_DEFINE_TYPE (CtdSubmissionItem, ctd_submission_item, submission_fields)

/* A seat's name, or a word for one the view does not know. */
static char *
seat_name (CtdChouetteView *view,
           guint            seat)
{
  if (seat == 0 || seat > ctd_chouette_view_get_size (view))
    return g_strdup (_("nobody yet"));
  return g_strdup (ctd_chouette_view_get_name (view, seat));
}

/* "20:14", the director's clock, from the store's UTC time. */
static char *
local_time (const char *iso)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  if (iso == NULL || (utc = g_date_time_new_from_iso8601 (iso, NULL)) == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%H:%M");
}

/* What the line does to each player, as the field's preview says it. */
static void
describe_preview (CtdSubmissionItem *self,
                  CtdChouetteView   *view)
{
  CtdHalves deltas[CTD_MAX_PLAYERS], totals[CTD_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = NULL;

  self->fits = ctd_chouette_view_preview (view, self->game, self->line, deltas, totals, NULL,
                                          &error);
  if (!self->fits)
    {
      self->preview = g_strdup (error->message);
      return;
    }
  text = g_string_new (NULL);
  for (guint p = 1; p <= ctd_chouette_view_get_size (view); p++)
    {
      g_autofree char *delta = ctd_halves_to_string (deltas[p - 1], TRUE);
      g_autofree char *total = ctd_halves_to_string (totals[p - 1], TRUE);

      /* TRANSLATORS: "2 Bob +4 (total -2)", one a player */
      g_string_append_printf (text, _("%s %u %s %s (total %s)"), p > 1 ? " ·" : "", p,
                              ctd_chouette_view_get_name (view, p), delta, total);
    }
  self->preview = g_strdup (g_strchug (text->str));
}

/**
 * ctd_submission_item_new:
 * @submission: a confirmed line that waits for the director (pending
 *   or a disagreement)
 * @view: its chouette's view, as it is now
 *
 * Returns: (transfer full): a snapshot of @submission as the desk reads it
 */
CtdSubmissionItem *
ctd_submission_item_new (const CtdStoreSubmission *submission,
                         CtdChouetteView          *view)
{
  CtdSubmissionItem *self;
  g_autofree char *where = NULL;

  g_return_val_if_fail (submission != NULL, NULL);
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (view), NULL);

  self = g_object_new (CTD_TYPE_SUBMISSION_ITEM, NULL);
  self->id = submission->id;
  self->game = submission->game;
  self->state = submission->state;
  self->line = g_strdup (submission->line);
  self->recorded = g_strdup (submission->recorded != NULL ? submission->recorded : "");
  self->entered_by = seat_name (view, submission->entered_by);
  self->confirmed_by = seat_name (view, submission->confirmed_by);
  self->address = g_strdup (submission->confirm_address != NULL ? submission->confirm_address
                            : submission->address != NULL ? submission->address : "");
  self->time = local_time (submission->answered != NULL ? submission->answered
                                                        : submission->sent);
  describe_preview (self, view);

  if (submission->one_device)
    /* TRANSLATORS: who sent a table's line on one phone, when and from
     * where: "entered by Ann and confirmed by Bob on one phone, 20:14
     * from 192.168.1.23: ..." */
    where = g_strdup_printf (_("entered by %s and confirmed by %s on one phone, %s from %s: "
                               "check it before you accept"), self->entered_by,
                             self->confirmed_by, self->time, self->address);
  else
    /* TRANSLATORS: who sent a table's line, from where, when: "entered by
     * Ann from 192.168.1.23, confirmed by Bob, 20:14 from 192.168.1.24" */
    where = g_strdup_printf (_("entered by %s from %s, confirmed by %s, %s from %s"),
                             self->entered_by,
                             submission->address != NULL ? submission->address : "",
                             self->confirmed_by, self->time, self->address);
  if (self->state == CTD_SUBMISSION_DISAGREES)
    {
      g_autoptr(GError) error = NULL;

      self->differences = ctd_chouette_view_describe_replacement (view, self->game, self->line,
                                                                  &error);
      if (self->differences == NULL)
        self->differences = g_strdup (error->message);
      /* TRANSLATORS: after the desk's line in the grid's cell of its game;
       * the line comes first, as the column may be narrow */
      self->mark = g_strdup_printf (_("table's line differs: “%s”"), self->line);
      self->summary = g_strdup_printf (_("Table %s's line for game %u differs: desk “%s”, table "
                                         "“%s” (%s)."),
                                       ctd_chouette_view_get_label (view), self->game,
                                       self->recorded, self->line, where);
    }
  else
    {
      self->differences = g_strdup ("");
      /* TRANSLATORS: the grid's cell of a game the table sent; the line
       * comes first, as the column may be narrow */
      self->mark = g_strdup_printf (_("“%s” from the table"), self->line);
      self->summary = g_strdup_printf (_("Table %s sent this line for game %u: “%s” (%s)."),
                                       ctd_chouette_view_get_label (view), self->game,
                                       self->line, where);
    }
  return self;
}

/**
 * ctd_submission_waits:
 * @submission: a table's newest line for a game
 *
 * Whether the line waits for the director: confirmed at its table and
 * not what the game holds (pending, or disagreeing with the desk).
 *
 * Returns: %TRUE when the director has it to accept or reject
 */
gboolean
ctd_submission_waits (const CtdStoreSubmission *submission)
{
  g_return_val_if_fail (submission != NULL, FALSE);
  return submission->state == CTD_SUBMISSION_PENDING ||
         submission->state == CTD_SUBMISSION_DISAGREES;
}

/**
 * ctd_submission_items_new:
 * @submissions: (element-type CtdStoreSubmission): a chouette's newest
 *   lines (ctd_document_list_submissions())
 * @view: that chouette's view
 *
 * Returns: (transfer full) (element-type CtdSubmissionItem): one item
 *   for each line that waits for the director, in game order
 */
GPtrArray *
ctd_submission_items_new (GPtrArray       *submissions,
                          CtdChouetteView *view)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (submissions != NULL, items);

  for (guint i = 0; i < submissions->len; i++)
    {
      const CtdStoreSubmission *submission = g_ptr_array_index (submissions, i);

      if (ctd_submission_waits (submission))
        g_ptr_array_add (items, ctd_submission_item_new (submission, view));
    }
  return items;
}

gint64
ctd_submission_item_key (gpointer item)
{
  return CTD_SUBMISSION_ITEM (item)->id;
}

gint64
ctd_submission_item_get_id (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), 0);
  return self->id;
}

guint
ctd_submission_item_get_game (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), 0);
  return self->game;
}

CtdSubmissionState
ctd_submission_item_get_state (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), CTD_SUBMISSION_PENDING);
  return self->state;
}

const char *
ctd_submission_item_get_line (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->line;
}

/* "" while the game has no result at the desk */
const char *
ctd_submission_item_get_recorded (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->recorded;
}

const char *
ctd_submission_item_get_mark (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->mark;
}

const char *
ctd_submission_item_get_summary (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->summary;
}

const char *
ctd_submission_item_get_preview (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->preview;
}

gboolean
ctd_submission_item_get_fits (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), FALSE);
  return self->fits;
}

/* "" unless the line disagrees with the desk's */
const char *
ctd_submission_item_get_differences (CtdSubmissionItem *self)
{
  g_return_val_if_fail (CTD_IS_SUBMISSION_ITEM (self), NULL);
  return self->differences;
}
