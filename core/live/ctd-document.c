/* ctd-document.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include <string.h>

#include "ctd-document.h"

#include "ctd-archive.h"
#include "ctd-enum-types.h"
#include "ctd-event.h"
#include "ctd-item-list.h"
#include "ctd-items.h"

/*
 * How the document stays true to the file. The audit log is the one
 * feed of changes: every commit, undo and redo, by this document or by
 * any other process, is an audit entry, and the store says what each
 * entry changed (ctd_store_list_changes_since()). The document remembers
 * the newest entry it has announced; after its own actions, and
 * whenever SQLite's data_version says another connection committed
 * (polled on the main loop), it reads the entries since, updates the
 * list models it handed out, then emits "changed" once per entry. A
 * write that left no entry (a hand edit of the file) is announced as
 * "everything changed". Nothing else is cached, so nothing can outlive a
 * change: pages re-read through the document when told.
 */

/* Often enough that another writer's change shows within a second. */
#define CTD_DOCUMENT_POLL_MS 250
/* How long the desk stays quiet after a commit before the file itself
 * is brought up to date (schedule_checkpoint()). */
#define CTD_DOCUMENT_IDLE_MS 1000

#define CTD_CHANGE_ALL (CTD_CHANGE_SETTINGS | CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | \
                        CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)

struct _CtdDocument
{
  GObject      parent_instance;

  /* owned */
  CtdStore    *store;
  GFile       *file;
  char        *name;
  char        *undo_summary;
  char        *redo_summary;
  GDateTime   *closed;      /* when the event was closed, NULL while open */
  char        *read_only_reason;
  CtdItemList *players;
  CtdItemList *rounds;
  CtdItemList *audit;
  GHashTable  *chouettes;   /* round -> CtdItemList of CtdChouetteItem */
  GHashTable  *standings;   /* round * 2 + public_view -> CtdItemList */
  GHashTable  *computed;    /* round -> CtdStandings, the director's, until the next change */
  GHashTable  *totals;      /* round << 16 | chouette -> CtdHalves[CTD_MAX_PLAYERS] */

  gint64       last_audit_id;
  gint64       data_version;
  guint        poll_id;
  guint        checkpoint_id;
  guint        n_busy;      /* slow writes running in a worker thread */
};

enum
{
  PROP_0,
  PROP_PATH,
  PROP_FILE,
  PROP_NAME,
  PROP_READ_ONLY,
  PROP_BUSY,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_SUMMARY,
  PROP_REDO_SUMMARY,
  PROP_CLOSED,
  PROP_READ_ONLY_REASON,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdDocument, ctd_document, G_TYPE_OBJECT)

/**
 * ctd_document_error_quark:
 *
 * The domain of #CtdDocumentError: refusals by the document itself (the
 * store's and the rules' keep their own domains).
 *
 * Returns: the quark of %CTD_DOCUMENT_ERROR
 */
G_DEFINE_QUARK (ctd-document-error-quark, ctd_document_error)

/* ---- the lists --------------------------------------------------------- */

/* The label of the chouette each player sits in in the newest round. */
static GHashTable *
seats_of_last_round (CtdDocument  *self,
                     GError      **error)
{
  g_autoptr(GHashTable) seats = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                       g_free);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (self->store, error);

  if (rounds == NULL)
    return NULL;
  if (rounds->len == 0)
    return g_steal_pointer (&seats);
  chouettes = ctd_store_list_chouettes (self->store,
                                        g_array_index (rounds, CtdStoreRound,
                                                       rounds->len - 1).number,
                                        error);
  if (chouettes == NULL)
    return NULL;
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);

      for (guint k = 0; k < chouette->size; k++)
        g_hash_table_insert (seats, g_memdup2 (&chouette->players[k], sizeof (gint64)),
                             g_strdup_printf ("%u.%u", chouette->round, chouette->number));
    }
  return g_steal_pointer (&seats);
}

static gboolean
reload_players (CtdDocument  *self,
                GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_players (self->store, error);
  g_autoptr(GHashTable) seats = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL || (seats = seats_of_last_round (self, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    {
      const CtdStorePlayer *player = g_ptr_array_index (records, i);

      g_ptr_array_add (items, ctd_player_item_new (player,
                                                   g_hash_table_lookup (seats, &player->id)));
    }
  ctd_item_list_update (self->players, items);
  return TRUE;
}

static gboolean
reload_rounds (CtdDocument  *self,
               GError      **error)
{
  g_autoptr(GArray) records = ctd_store_list_rounds (self->store, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    g_ptr_array_add (items, ctd_round_item_new (&g_array_index (records, CtdStoreRound, i)));
  ctd_item_list_update (self->rounds, items);
  return TRUE;
}

static CtdChouetteItem *
chouette_item_load (CtdDocument             *self,
                    const CtdStoreChouette  *seats,
                    GError                 **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(GArray) mismatches = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS];
  CtdChouetteProgress progress = { 0, };

  chouette = ctd_store_load_chouette (self->store, seats->round, seats->number, error);
  if (chouette == NULL ||
      !ctd_store_get_crosscheck (self->store, seats->round, seats->number, paper, given, error))
    return NULL;
  mismatches = ctd_chouette_crosscheck (chouette, paper, given);
  progress.n_recorded = ctd_chouette_get_n_recorded (chouette);
  for (guint k = 0; k < seats->size; k++)
    progress.paper_given |= given[k];
  progress.paper_agrees = mismatches->len == 0;
  return ctd_chouette_item_new (seats, &progress);
}

/* Reloads round @round's chouettes: all of them, or only number @only
 * when the list already holds it. */
static gboolean
reload_chouettes (CtdDocument  *self,
                  CtdItemList  *list,
                  guint         round,
                  guint         only,
                  GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_chouettes (self->store, round, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  if (only != 0 && ctd_item_list_find (list, only, NULL) != NULL)
    {
      for (guint c = 0; c < records->len; c++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (records, c);
          g_autoptr(CtdChouetteItem) item = NULL;

          if (seats->number != only)
            continue;
          item = chouette_item_load (self, seats, error);
          return item != NULL && ctd_item_list_update_one (list, item);
        }
    }
  for (guint c = 0; c < records->len; c++)
    {
      CtdChouetteItem *item = chouette_item_load (self, g_ptr_array_index (records, c), error);

      if (item == NULL)
        return FALSE;
      g_ptr_array_add (items, item);
    }
  ctd_item_list_update (list, items);
  return TRUE;
}

#define TOTALS_KEY(round, chouette) GUINT_TO_POINTER ((round) << 16 | (chouette))

/* A chouette's totals, replayed once and kept until a change to its
 * games (update_lists()): a recorded game replays its own chouette, not
 * the round's hundred others. */
static gboolean
kept_totals (CtdStore   *store,
             guint       round,
             guint       chouette,
             CtdHalves  *out_totals,
             gpointer    user_data,
             GError    **error)
{
  CtdDocument *self = user_data;
  CtdHalves *kept = g_hash_table_lookup (self->totals, TOTALS_KEY (round, chouette));

  if (kept == NULL)
    {
      kept = g_new0 (CtdHalves, CTD_MAX_PLAYERS);
      if (!ctd_event_load_totals (store, round, chouette, kept, NULL, error))
        {
          g_free (kept);
          return FALSE;
        }
      g_hash_table_insert (self->totals, TOTALS_KEY (round, chouette), kept);
    }
  memcpy (out_totals, kept, CTD_MAX_PLAYERS * sizeof (CtdHalves));
  return TRUE;
}

/* Forgets the totals @change may have changed: one chouette's after its
 * games changed, else its round's, else all. */
static void
forget_totals (CtdDocument          *self,
               CtdChange             what,
               const CtdStoreChange *change)
{
  GHashTableIter iter;
  gpointer key;

  if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE)))
    return;
  if (!(what & CTD_CHANGE_ROUNDS) && change->round != 0 && change->chouette != 0)
    {
      g_hash_table_remove (self->totals, TOTALS_KEY (change->round, change->chouette));
      return;
    }
  g_hash_table_iter_init (&iter, self->totals);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (change->round == 0 || GPOINTER_TO_UINT (key) >> 16 == change->round)
      g_hash_table_iter_remove (&iter);
}

/* The round's standings, the director's view, computed once for
 * everything that shows them until the next change (update_lists()). */
static const CtdStandings *
get_computed (CtdDocument  *self,
              guint         round,
              GError      **error)
{
  CtdStandings *standings = g_hash_table_lookup (self->computed, GUINT_TO_POINTER (round));

  if (standings == NULL &&
      (standings = ctd_event_round_standings_with (self->store, round, FALSE, kept_totals, self,
                                                   error)) != NULL)
    g_hash_table_insert (self->computed, GUINT_TO_POINTER (round), standings);
  return standings;
}

static gboolean
reload_standings (CtdDocument  *self,
                  CtdItemList  *list,
                  guint         round,
                  gboolean      public_view,
                  GError      **error)
{
  g_autoptr(CtdStandings) secret = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const CtdStandings *standings;
  CtdStoreRound info;
  gboolean hidden;

  /* A posting of a secret round is its own (no scores, no games read);
   * any other is the director's standings. */
  if (public_view && !ctd_event_get_round (self->store, round, &info, error))
    return FALSE;
  if (public_view && !ctd_standings_scores_are_public (info.stage, info.state))
    standings = secret = ctd_event_round_standings (self->store, round, TRUE, error);
  else
    standings = get_computed (self, round, error);
  if (standings == NULL)
    return FALSE;
  hidden = ctd_standings_get_scores_hidden (standings);
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    g_ptr_array_add (items, ctd_standing_item_new (ctd_standings_get_row (standings, i), hidden));
  ctd_item_list_update (list, items);
  return TRUE;
}

static gboolean
reload_audit (CtdDocument  *self,
              GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_audit (self->store, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    g_ptr_array_add (items, ctd_audit_item_new (g_ptr_array_index (records, i)));
  ctd_item_list_update (self->audit, items);
  return TRUE;
}

/* A round that no longer exists (undone draw) shows as an empty list. */
static gboolean
empty_if_gone (CtdItemList  *list,
               GError      **error)
{
  g_autoptr(GPtrArray) none = NULL;

  if (error == NULL || !g_error_matches (*error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    return FALSE;
  g_clear_error (error);
  none = g_ptr_array_new ();
  ctd_item_list_update (list, none);
  return TRUE;
}

/* Brings the lists that exist up to date with one change. */
static gboolean
update_lists (CtdDocument           *self,
              const CtdStoreChange  *change,
              GError               **error)
{
  CtdChange what = change->what;
  GHashTableIter iter;
  gpointer key, list;

  /* The direction of the last segment orders games, the stake sets
   * amounts: settings change everything shown. */
  if (what & CTD_CHANGE_SETTINGS)
    what = CTD_CHANGE_ALL;

  if (self->players != NULL && (what & (CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS)) &&
      !reload_players (self, error))
    return FALSE;
  if (self->rounds != NULL &&
      (what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)) &&
      !reload_rounds (self, error))
    return FALSE;

  g_hash_table_iter_init (&iter, self->chouettes);
  while (g_hash_table_iter_next (&iter, &key, &list))
    {
      guint round = GPOINTER_TO_UINT (key);
      gboolean this_round = change->round == 0 || change->round == round;
      guint only = 0;

      if (!this_round)
        continue;
      if (what & CTD_CHANGE_ROUNDS)
        only = 0;
      else if (what & CTD_CHANGE_CHOUETTE)
        only = change->chouette;
      else
        continue;
      if (!reload_chouettes (self, list, round, only, error) && !empty_if_gone (list, error))
        return FALSE;
    }

  /* Whatever changed in a round may change its standings. */
  forget_totals (self, what, change);
  if (change->round == 0)
    g_hash_table_remove_all (self->computed);
  else
    g_hash_table_remove (self->computed, GUINT_TO_POINTER (change->round));

  g_hash_table_iter_init (&iter, self->standings);
  while (g_hash_table_iter_next (&iter, &key, &list))
    {
      guint round = GPOINTER_TO_UINT (key) / 2;
      gboolean public_view = GPOINTER_TO_UINT (key) % 2;

      if ((change->round != 0 && change->round != round) ||
          !(what & (CTD_CHANGE_STANDINGS | CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE)))
        continue;
      if (!reload_standings (self, list, round, public_view, error) &&
          !empty_if_gone (list, error))
        return FALSE;
    }

  return self->audit == NULL || reload_audit (self, error);
}

/* ---- following the file ------------------------------------------------ */

static void
set_string (char       **field,
            const char  *value,
            CtdDocument *self,
            GParamSpec  *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
update_history (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  gboolean could_undo = self->undo_summary != NULL;
  gboolean could_redo = self->redo_summary != NULL;

  if (!ctd_store_get_history (self->store, &undo, &redo, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  g_object_freeze_notify (G_OBJECT (self));
  set_string (&self->undo_summary, undo, self, properties[PROP_UNDO_SUMMARY]);
  set_string (&self->redo_summary, redo, self, properties[PROP_REDO_SUMMARY]);
  if (could_undo != (undo != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != (redo != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));
}

static gboolean
update_name (CtdDocument  *self,
             GError      **error)
{
  g_auto(CtdEventSettings) settings = { 0, };

  if (!ctd_store_get_settings (self->store, &settings, error))
    return FALSE;
  set_string (&self->name, settings.name, self, properties[PROP_NAME]);
  return TRUE;
}

/* Why nothing can change, or NULL. */
static char *
describe_read_only (CtdDocument *self)
{
  g_autofree char *display = NULL;

  if (self->closed != NULL)
    return ctd_store_describe_closed (self->closed);
  if (!ctd_store_is_read_only (self->store))
    return NULL;
  display = g_filename_display_name (ctd_store_get_path (self->store));
  return g_strdup_printf ("“%s” is open for reading only: nothing in it can change", display);
}

/* Follows the event's closing (its own, or another window's or
 * command's): read-only, and undo and redo off, from then on. */
static gboolean
update_closed (CtdDocument  *self,
               GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDateTime) closed = ctd_store_get_closed (self->store, &local_error);
  gboolean was_closed = self->closed != NULL;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_clear_pointer (&self->closed, g_date_time_unref);
  self->closed = g_steal_pointer (&closed);
  g_free (self->read_only_reason);
  self->read_only_reason = describe_read_only (self);
  if (was_closed == (self->closed != NULL))
    return TRUE;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

static GHashTable *chouette_views (CtdDocument *self);

/* What a chouette view reads, as it is now. */
static CtdChouetteViewSource
view_source (CtdDocument *self)
{
  CtdChouetteViewSource source = { self->store, self->read_only_reason, self->closed != NULL };

  return source;
}

/* Pushes one change into the chouette views handed out (they hold no
 * reference back to the document). */
static void
update_chouette_views (CtdDocument          *self,
                       const CtdStoreChange *change)
{
  CtdChouetteViewSource source = view_source (self);
  GHashTableIter iter;
  gpointer view;

  g_hash_table_iter_init (&iter, chouette_views (self));
  while (g_hash_table_iter_next (&iter, NULL, &view))
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_chouette_view_update (view, &source, change->what, change->round,
                                     change->chouette, &error))
        g_warning ("Chouette %s could not be read after a change: %s",
                   ctd_chouette_view_get_label (view), error->message);
    }
}

/* Announces one change: the lists and views first, so that a page
 * reading them from its handler sees the new state. */
static void
announce (CtdDocument          *self,
          const CtdStoreChange *change)
{
  g_autoptr(GError) error = NULL;

  if (((change->what & CTD_CHANGE_SETTINGS) &&
       (!update_name (self, &error) || !update_closed (self, &error))) ||
      !update_lists (self, change, &error))
    g_warning ("“%s” could not be read after a change: %s",
               ctd_document_get_path (self), error->message);
  update_chouette_views (self, change);
  g_signal_emit (self, signals[CHANGED], 0, change->what, change->round, change->chouette);
}

/* The file alone (what a director copies, mails, archives) holds only
 * what was checkpointed into it; the rest waits in FILE-wal. Once the
 * desk has been quiet for a moment, with no import writing, the file is
 * brought up to date: a copy taken during the day holds everything up to
 * the last quiet second. A commit is durable in the log before that (a
 * crash loses nothing acknowledged); this only keeps the file alone
 * whole. */
static gboolean
checkpoint_cb (gpointer user_data)
{
  CtdDocument *self = user_data;

  /* An import announces itself when it ends, which schedules again. */
  if (self->n_busy > 0 || ctd_store_checkpoint (self->store))
    {
      self->checkpoint_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Another program was reading an older state: again in a moment. */
  return G_SOURCE_CONTINUE;
}

/* (Re)starts the wait for a quiet desk, after each commit seen. */
static void
schedule_checkpoint (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  /* Not before the document follows the file, on its main context. */
  if (self->poll_id == 0)
    return;
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_IDLE_MS);
  g_source_set_callback (source, checkpoint_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] checkpoint when idle");
  self->checkpoint_id = g_source_attach (source, context);
}

/* Announces every audit entry since the last one announced. The data
 * version is taken first: a commit after it is seen by the next poll,
 * and the document's own worker connections (an import) are not taken
 * for another writer once their entries are announced here. */
static void
catch_up (CtdDocument *self,
          gboolean     outside)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) changes = NULL;

  if (!ctd_store_get_data_version (self->store, &self->data_version, &error) ||
      (changes = ctd_store_list_changes_since (self->store, self->last_audit_id,
                                               &error)) == NULL)
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  for (guint i = 0; i < changes->len; i++)
    {
      const CtdStoreChange *change = &g_array_index (changes, CtdStoreChange, i);

      self->last_audit_id = change->audit_id;
      announce (self, change);
    }
  if (changes->len == 0 && outside)
    {
      /* Written without an audit entry (not by Chouette TD): all of it. */
      const CtdStoreChange everything = { self->last_audit_id, CTD_CHANGE_ALL, 0, 0 };

      announce (self, &everything);
    }
  update_history (self);
  schedule_checkpoint (self);
}

/**
 * ctd_document_check_for_changes:
 * @self: a document
 *
 * Announces what another window or command committed to the file since
 * the last look. The document does this by itself on the main loop
 * several times a second; call it to look at once.
 */
void
ctd_document_check_for_changes (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  gint64 version;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  /* A file chooser may have dropped this process's own locks since. */
  ctd_store_hold_locks (self->store);
  if (!ctd_store_get_data_version (self->store, &version, &error))
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  if (version != self->data_version)
    catch_up (self, TRUE);
}

static gboolean
poll_cb (gpointer user_data)
{
  ctd_document_check_for_changes (CTD_DOCUMENT (user_data));
  return G_SOURCE_CONTINUE;
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_document_dispose (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  G_OBJECT_CLASS (ctd_document_parent_class)->dispose (object);
}

static void
ctd_document_finalize (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  g_clear_object (&self->players);
  g_clear_object (&self->rounds);
  g_clear_object (&self->audit);
  g_clear_pointer (&self->chouettes, g_hash_table_unref);
  g_clear_pointer (&self->standings, g_hash_table_unref);
  g_clear_pointer (&self->computed, g_hash_table_unref);
  g_clear_pointer (&self->totals, g_hash_table_unref);
  g_clear_pointer (&self->store, ctd_store_close);
  g_clear_object (&self->file);
  g_free (self->name);
  g_free (self->undo_summary);
  g_free (self->redo_summary);
  g_clear_pointer (&self->closed, g_date_time_unref);
  g_free (self->read_only_reason);
  G_OBJECT_CLASS (ctd_document_parent_class)->finalize (object);
}

static void
ctd_document_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, ctd_document_get_path (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_READ_ONLY:
      g_value_set_boolean (value, ctd_document_get_read_only (self));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->n_busy > 0);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ctd_document_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ctd_document_get_can_redo (self));
      break;
    case PROP_UNDO_SUMMARY:
      g_value_set_string (value, self->undo_summary);
      break;
    case PROP_REDO_SUMMARY:
      g_value_set_string (value, self->redo_summary);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->closed != NULL);
      break;
    case PROP_READ_ONLY_REASON:
      g_value_set_string (value, self->read_only_reason);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_document_class_init (CtdDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ctd_document_dispose;
  object_class->finalize = ctd_document_finalize;
  object_class->get_property = ctd_document_get_property;

  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  /* The event's name, from its settings. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_READ_ONLY] = g_param_spec_boolean ("read-only", NULL, NULL, FALSE, flags);
  /* An import is writing from a worker thread: actions wait for it. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  /* What undo and redo would act on: "Chouette 1.3 game 5: B 2:2". */
  properties[PROP_UNDO_SUMMARY] = g_param_spec_string ("undo-summary", NULL, NULL, NULL, flags);
  properties[PROP_REDO_SUMMARY] = g_param_spec_string ("redo-summary", NULL, NULL, NULL, flags);
  /* The event was closed (ctd_document_close_event()): it is read-only for good. */
  properties[PROP_CLOSED] = g_param_spec_boolean ("closed", NULL, NULL, FALSE, flags);
  /* Why nothing can change, for a banner; NULL while the event can change. */
  properties[PROP_READ_ONLY_REASON] = g_param_spec_string ("read-only-reason", NULL, NULL, NULL,
                                                           flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdDocument::changed:
   * @self: the document
   * @what: what changed
   * @round: the round concerned, 0 when several or none
   * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
   *
   * Emitted once for each commit, undo or redo, whoever made it, after
   * the document's list models and chouette views were brought up to date.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                   CTD_TYPE_CHANGE, G_TYPE_UINT, G_TYPE_UINT);
}

static void
ctd_document_init (CtdDocument *self)
{
  self->chouettes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->standings = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->computed = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) ctd_standings_free);
  self->totals = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

/* Takes @store: the document starts following the file from its newest
 * audit entry. */
static CtdDocument *
document_new (CtdStore  *store,
              GError   **error)
{
  g_autoptr(CtdDocument) self = g_object_new (CTD_TYPE_DOCUMENT, NULL);
  g_autoptr(GError) local_error = NULL;

  self->store = store;
  self->file = g_file_new_for_path (ctd_store_get_path (store));
  self->last_audit_id = ctd_store_get_last_audit_id (store, &local_error);
  if (local_error != NULL ||
      !ctd_store_get_data_version (store, &self->data_version, &local_error) ||
      !update_name (self, &local_error) || !update_closed (self, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  update_history (self);
  ctd_store_hold_locks (store);
  return g_steal_pointer (&self);
}

/* Starts watching for other writers on the caller's main context. */
static CtdDocument *
follow (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  if (self == NULL)
    return NULL;
  g_assert (self->poll_id == 0);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_POLL_MS);
  g_source_set_callback (source, poll_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] other writers");
  self->poll_id = g_source_attach (source, context);
  /* A log left by a program that ended without closing the file goes
   * into it too. */
  schedule_checkpoint (self);
  return self;
}

/**
 * ctd_document_create:
 * @path: where the new event file goes; it must not exist
 * @settings: the event's settings
 * @error: return location for a #GError
 *
 * Makes a new event file (ctd_store_create()) and opens it.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_create (const char              *path,
                     const CtdEventSettings  *settings,
                     GError                 **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL && settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_create (path, settings, error);
  return store != NULL ? follow (document_new (store, error)) : NULL;
}

static CtdDocument *
document_open (const char  *path,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  CtdStore *store;

  store = ctd_store_open (path, &local_error);
  if (store == NULL && g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY))
    {
      g_clear_error (&local_error);
      store = ctd_store_open_read_only (path, &local_error);
    }
  if (store == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return document_new (store, error);
}

/**
 * ctd_document_open:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event (ctd_store_open(): a file that is not an event, is
 * damaged or too new is refused untouched; an older one is upgraded
 * after a backup). A file that cannot be written opens read-only.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open (const char  *path,
                   GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return follow (document_open (path, error));
}

/**
 * ctd_document_open_read_only:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event to look at it (ctd_store_open_read_only()): every
 * action is refused, and nothing in the file changes.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open_read_only (const char  *path,
                             GError     **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_open_read_only (path, error);
  return store != NULL ? follow (document_new (store, error)) : NULL;
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  CtdDocument *document;

  /* The document is built here too: reading its settings and history
   * is part of opening a large file. It starts following the file in
   * _finish, on the caller's context. */
  document = document_open (task_data, &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else if (g_task_return_error_if_cancelled (task))
    g_object_unref (document);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

/**
 * ctd_document_open_async:
 * @path: an event file
 * @cancellable: (nullable): to give up waiting
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * ctd_document_open() in a worker thread, so that a window stays
 * responsive while a large event is checked and read.
 */
void
ctd_document_open_async (const char          *path,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_thread);
}

/**
 * ctd_document_open_finish:
 * @result: what ctd_document_open_async() gave its callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return follow (g_task_propagate_pointer (G_TASK (result), error));
}

/* ---- properties -------------------------------------------------------- */

/**
 * ctd_document_get_store:
 * @self: a document
 *
 * The store, for the read-only views of core (ctd_event_*, ctd_report_*,
 * ctd_store_list_*, ctd_store_load_chouette()). Change the event only
 * through the document's actions, so that the change is announced.
 *
 * Returns: (transfer none): the store
 */
CtdStore *
ctd_document_get_store (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->store;
}

/**
 * ctd_document_get_path:
 * @self: a document
 *
 * Returns: (transfer none): the file's path
 */
const char *
ctd_document_get_path (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return ctd_store_get_path (self->store);
}

/**
 * ctd_document_get_file:
 * @self: a document
 *
 * Returns: (transfer none): the event file
 */
GFile *
ctd_document_get_file (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->file;
}

/**
 * ctd_document_get_name:
 * @self: a document
 *
 * Returns: (transfer none): the event's name
 */
const char *
ctd_document_get_name (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->name;
}

/**
 * ctd_document_get_read_only:
 * @self: a document
 *
 * Returns: whether nothing can change it: the file is open for reading
 *   only, or the event was closed (ctd_document_get_read_only_reason()
 *   says which)
 */
gboolean
ctd_document_get_read_only (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), TRUE);
  return ctd_store_is_read_only (self->store) || self->closed != NULL;
}

/**
 * ctd_document_get_read_only_reason:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): why nothing can change, in a
 *   line ("The event was closed on 2026-11-23 at 21:04; it can no
 *   longer change"); %NULL while the event can change
 */
const char *
ctd_document_get_read_only_reason (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->read_only_reason;
}

/**
 * ctd_document_get_closed:
 * @self: a document
 *
 * Returns: whether the event was closed (by this document, or by
 *   another window or command: it is noticed like any change)
 */
gboolean
ctd_document_get_closed (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->closed != NULL;
}

/**
 * ctd_document_get_busy:
 * @self: a document
 *
 * Returns: whether an import is writing
 */
gboolean
ctd_document_get_busy (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->n_busy > 0;
}

/**
 * ctd_document_get_can_undo:
 * @self: a document
 *
 * Returns: whether there is an action to undo
 */
gboolean
ctd_document_get_can_undo (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->undo_summary != NULL && !ctd_document_get_read_only (self);
}

/**
 * ctd_document_get_can_redo:
 * @self: a document
 *
 * Returns: whether there is an undo to redo
 */
gboolean
ctd_document_get_can_redo (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->redo_summary != NULL && !ctd_document_get_read_only (self);
}

/**
 * ctd_document_get_undo_summary:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): what undo would take back
 */
const char *
ctd_document_get_undo_summary (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->undo_summary;
}

/**
 * ctd_document_get_redo_summary:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): what redo would do again
 */
const char *
ctd_document_get_redo_summary (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->redo_summary;
}

/* ---- actions ----------------------------------------------------------- */

/* Refuses an action while an import writes from its thread: the store
 * would only say "locked", which is not why. */
static gboolean
action_begin (CtdDocument  *self,
              GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->n_busy > 0)
    {
      g_set_error (error, CTD_DOCUMENT_ERROR, CTD_DOCUMENT_ERROR_BUSY,
                   "Players are still being imported into “%s”; try again when the import "
                   "has finished", ctd_document_get_name (self));
      return FALSE;
    }
  return TRUE;
}

/* After an action: announce what it (and anyone before it) committed. */
static gboolean
action_end (CtdDocument *self,
            gboolean     committed)
{
  if (committed)
    catch_up (self, FALSE);
  return committed;
}

/**
 * ctd_document_set_settings:
 * @self: a document
 * @settings: the event's new settings
 * @error: return location for a #GError
 *
 * ctd_store_set_settings(), announced.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_document_set_settings (CtdDocument             *self,
                           const CtdEventSettings  *settings,
                           GError                 **error)
{
  return ctd_document_set_settings_full (self, settings, FALSE, error);
}

/**
 * ctd_document_set_settings_full:
 * @self: a document
 * @settings: the event's new settings
 * @force: change the stake or the last-segment direction even after
 *   results were entered, once the director confirmed it
 * @error: return location for a #GError
 *
 * ctd_store_set_settings_full(), announced.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_document_set_settings_full (CtdDocument             *self,
                                const CtdEventSettings  *settings,
                                gboolean                 force,
                                GError                 **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_set_settings_full (self->store, settings, force, error));
}

/**
 * ctd_document_add_player:
 * @self: a document
 * @name: the player's name
 * @club: (nullable): the player's club
 * @member_id: (nullable): the player's ID
 * @checked_in: whether the player is present now
 * @out_id: (out) (optional): the new player's id
 * @error: return location for a #GError
 *
 * ctd_store_add_player(), announced.
 *
 * Returns: whether the player was added
 */
gboolean
ctd_document_add_player (CtdDocument  *self,
                         const char   *name,
                         const char   *club,
                         const char   *member_id,
                         gboolean      checked_in,
                         gint64       *out_id,
                         GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_add_player (self->store, name, club, member_id, checked_in,
                                                 out_id, error));
}

/**
 * ctd_document_withdraw_player:
 * @self: a document
 * @player_id: the player
 * @force: withdraw a player seated in a chouette that is drawn or in play
 *   too (without it, that is refused with %CTD_STORE_ERROR_CONFIRM and the
 *   director's options)
 * @error: return location for a #GError
 *
 * ctd_store_withdraw_player(), announced.
 *
 * Returns: whether the player was withdrawn
 */
gboolean
ctd_document_withdraw_player (CtdDocument  *self,
                              gint64        player_id,
                              gboolean      force,
                              GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_withdraw_player (self->store, player_id, force, error));
}

/**
 * ctd_document_reinstate_player:
 * @self: a document
 * @player_id: a withdrawn player
 * @error: return location for a #GError
 *
 * ctd_store_reinstate_player(), announced.
 *
 * Returns: whether the player is back in the event
 */
gboolean
ctd_document_reinstate_player (CtdDocument  *self,
                               gint64        player_id,
                               GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_reinstate_player (self->store, player_id, error));
}

/**
 * ctd_document_edit_player:
 * @self: a document
 * @player_id: the player
 * @name: (nullable): the player's name; %NULL keeps it
 * @club: (nullable): the player's club, "" for none; %NULL keeps it
 * @member_id: (nullable): the player's ID, "" for none; %NULL keeps it
 * @error: return location for a #GError
 *
 * ctd_store_edit_player(), announced: the player's item in
 * ctd_document_get_players() changes in place, and a seated player's
 * new name reaches the rounds' lists too.
 *
 * Returns: whether the player now has these details
 */
gboolean
ctd_document_edit_player (CtdDocument  *self,
                          gint64        player_id,
                          const char   *name,
                          const char   *club,
                          const char   *member_id,
                          GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_edit_player (self->store, player_id, name, club, member_id,
                                                  error));
}

/**
 * ctd_document_set_checked_in:
 * @self: a document
 * @player_id: the player
 * @checked_in: whether the player is present
 * @error: return location for a #GError
 *
 * ctd_store_set_checked_in(), announced.
 *
 * Returns: whether the change was stored
 */
gboolean
ctd_document_set_checked_in (CtdDocument  *self,
                             gint64        player_id,
                             gboolean      checked_in,
                             GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_set_checked_in (self->store, player_id, checked_in, error));
}

/**
 * ctd_document_set_checked_in_players:
 * @self: a document
 * @player_ids: (array length=n_players): the players
 * @n_players: how many
 * @checked_in: whether they are present
 * @out_n_changed: (out) (optional): how many were not so before
 * @error: return location for a #GError
 *
 * ctd_store_set_checked_in_players(), announced: one action, one undo.
 *
 * Returns: whether every player is now as asked
 */
gboolean
ctd_document_set_checked_in_players (CtdDocument   *self,
                                     const gint64  *player_ids,
                                     gsize          n_players,
                                     gboolean       checked_in,
                                     guint         *out_n_changed,
                                     GError       **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_set_checked_in_players (self->store, player_ids, n_players,
                                                             checked_in, out_n_changed, error));
}

/**
 * ctd_document_draw_round:
 * @self: a document
 * @seed: the draw's seed, stored and printed
 * @out_round: (out) (optional): the new round's number
 * @error: return location for a #GError
 *
 * ctd_store_draw_round(), announced.
 *
 * Returns: whether the round was drawn
 */
gboolean
ctd_document_draw_round (CtdDocument  *self,
                         guint64       seed,
                         guint        *out_round,
                         GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_draw_round (self->store, seed, out_round, error));
}

/**
 * ctd_document_redraw_round:
 * @self: a document
 * @round: the newest round, before its first result
 * @seed: the new seed
 * @error: return location for a #GError
 *
 * ctd_store_redraw_round(), announced.
 *
 * Returns: whether the round was drawn again
 */
gboolean
ctd_document_redraw_round (CtdDocument  *self,
                           guint         round,
                           guint64       seed,
                           GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_redraw_round (self->store, round, seed, error));
}

/**
 * ctd_document_record_game:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @game: 1..CTD_N_GAMES
 * @notation: the result line as the director typed it
 * @replace: replace the result the game already has (the director
 *   confirmed); without it that is refused with %CTD_STORE_ERROR_CONFIRM
 * @error: return location for a #GError
 *
 * ctd_store_record_game(), announced.
 *
 * Returns: whether the game was recorded
 */
gboolean
ctd_document_record_game (CtdDocument  *self,
                          guint         round,
                          guint         chouette,
                          guint         game,
                          const char   *notation,
                          gboolean      replace,
                          GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_record_game (self->store, round, chouette, game, notation,
                                                  replace, error));
}

/**
 * ctd_document_clear_game:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @game: 1..CTD_N_GAMES
 * @error: return location for a #GError
 *
 * ctd_store_clear_game(), announced.
 *
 * Returns: whether the game's result was removed
 */
gboolean
ctd_document_clear_game (CtdDocument  *self,
                         guint         round,
                         guint         chouette,
                         guint         game,
                         GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_clear_game (self->store, round, chouette, game, error));
}

/**
 * ctd_document_fix_last_segment_order:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @order: (nullable) (array): size - 1 player numbers, or %NULL for the
 *   order the scores give
 * @force: fix an @order the scores do not give (the director confirmed)
 * @error: return location for a #GError
 *
 * ctd_store_fix_last_segment_order(), announced.
 *
 * Returns: whether the order was fixed
 */
gboolean
ctd_document_fix_last_segment_order (CtdDocument  *self,
                                     guint         round,
                                     guint         chouette,
                                     const guint  *order,
                                     gboolean      force,
                                     GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_fix_last_segment_order (self->store, round, chouette,
                                                             order, force, error));
}

/**
 * ctd_document_set_crosscheck:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @paper: (array): the paper sheet's totals row, by player number
 * @given: (nullable) (array): which totals were typed; %NULL for all
 * @error: return location for a #GError
 *
 * ctd_store_set_crosscheck(), announced.
 *
 * Returns: whether the paper totals were stored
 */
gboolean
ctd_document_set_crosscheck (CtdDocument      *self,
                             guint             round,
                             guint             chouette,
                             const CtdHalves  *paper,
                             const gboolean   *given,
                             GError          **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_set_crosscheck (self->store, round, chouette, paper, given,
                                                     error));
}

/**
 * ctd_document_tiebreak:
 * @self: a document
 * @round: the round
 * @order: (array length=n_players): the tied players' ids, best first,
 *   or (with @seed) the tied players to roll off
 * @n_players: how many
 * @seed: (nullable): roll with this seed instead of taking @order as typed
 * @error: return location for a #GError
 *
 * ctd_event_tiebreak(), announced.
 *
 * Returns: whether the roll-off was stored
 */
gboolean
ctd_document_tiebreak (CtdDocument    *self,
                       guint           round,
                       const gint64   *order,
                       gsize           n_players,
                       const guint64  *seed,
                       GError        **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_event_tiebreak (self->store, round, order, n_players, seed,
                                               error));
}

/**
 * ctd_document_release_round:
 * @self: a document
 * @round: a complete round
 * @error: return location for a #GError
 *
 * ctd_store_release_round(), announced.
 *
 * Returns: whether the round was released
 */
gboolean
ctd_document_release_round (CtdDocument  *self,
                            guint         round,
                            GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_release_round (self->store, round, error));
}

/**
 * ctd_document_advance:
 * @self: a document
 * @round: a complete or released round
 * @top_k: how many advance from each chouette
 * @wildcards: how many more by best remaining score
 * @out_tie: (out caller-allocates) (optional): the tie that stops the
 *   choice, when there is one
 * @error: return location for a #GError
 *
 * ctd_event_advance(), announced.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the
 *   advancers' ids
 */
GArray *
ctd_document_advance (CtdDocument    *self,
                      guint           round,
                      guint           top_k,
                      guint           wildcards,
                      CtdAdvanceTie  *out_tie,
                      GError        **error)
{
  GArray *advancers;

  if (!action_begin (self, error))
    return NULL;
  advancers = ctd_event_advance (self->store, round, top_k, wildcards, out_tie, error);
  action_end (self, advancers != NULL);
  return advancers;
}

/**
 * ctd_document_undo:
 * @self: a document
 * @error: return location for a #GError
 *
 * ctd_store_undo(), announced.
 *
 * Returns: whether an action was undone
 */
gboolean
ctd_document_undo (CtdDocument  *self,
                   GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_undo (self->store, NULL, error));
}

/**
 * ctd_document_redo:
 * @self: a document
 * @error: return location for a #GError
 *
 * ctd_store_redo(), announced.
 *
 * Returns: whether an undone action was done again
 */
gboolean
ctd_document_redo (CtdDocument  *self,
                   GError      **error)
{
  return action_begin (self, error) &&
         action_end (self, ctd_store_redo (self->store, NULL, error));
}

/**
 * ctd_document_close_event:
 * @self: a document
 * @archive_folder: an existing folder for the archive
 * @error: return location for a #GError
 *
 * Closes the event and writes its archive into @archive_folder, as one
 * (ctd_archive_close_event()): the event closes only once the workbook
 * and the copy of the event file are there, and a refusal (the event not
 * finished) or a failure to write changes nothing. Announced; from then
 * on the document is read-only, undo included.
 *
 * Returns: whether the event was closed and archived
 */
gboolean
ctd_document_close_event (CtdDocument  *self,
                          const char   *archive_folder,
                          GError      **error)
{
  g_return_val_if_fail (archive_folder != NULL, FALSE);

  if (!action_begin (self, error) ||
      !action_end (self, ctd_archive_close_event (self->store, archive_folder, NULL, NULL,
                                                  error)))
    return FALSE;
  /* The event file itself is final now, like its archived copy: it is
   * whole at once, not a quiet second later. */
  ctd_store_checkpoint (self->store);
  return TRUE;
}

/* ---- slow work --------------------------------------------------------- */

static void
busy_changed (CtdDocument *self,
              gint         delta)
{
  gboolean was_busy = self->n_busy > 0;

  self->n_busy = (guint) ((gint) self->n_busy + delta);
  if (was_busy != (self->n_busy > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

typedef struct
{
  CtdStore *store;
  GFile    *csv;
  gboolean  checked_in;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  ctd_store_close (job->store);
  g_object_unref (job->csv);
  g_free (job);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autofree char *data = NULL;
  g_autofree char *source = g_file_get_basename (job->csv);
  GError *error = NULL;
  CtdImportReport *report;
  gsize length;

  if (!g_file_load_contents (job->csv, cancellable, &data, &length, NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* Past this point the import is one transaction: it happens whole. */
  report = ctd_import_players (job->store, source, data, length, job->checked_in, &error);
  if (report == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, report, (GDestroyNotify) ctd_import_report_free);
}

/**
 * ctd_document_import_players_async:
 * @self: a document
 * @csv: a CSV player list (ctd_import_players())
 * @checked_in: whether the players are present now
 * @cancellable: (nullable): cancels the import until it starts writing
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * Reads and registers a player list in a worker thread, through a
 * connection of its own; other actions are refused as busy meanwhile.
 * The import is announced like any action.
 */
void
ctd_document_import_players_async (CtdDocument         *self,
                                   GFile               *csv,
                                   gboolean             checked_in,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ImportJob *job;
  CtdStore *store;

  g_return_if_fail (CTD_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (csv));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_import_players_async);
  if (!action_begin (self, &error) ||
      (store = ctd_store_open_again (self->store, FALSE, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job = g_new0 (ImportJob, 1);
  job->store = store;
  job->csv = g_object_ref (csv);
  job->checked_in = checked_in;
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  busy_changed (self, +1);
  g_task_run_in_thread (task, import_thread);
}

/**
 * ctd_document_import_players_finish:
 * @self: a document
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): who was added and who skipped, why
 */
CtdImportReport *
ctd_document_import_players_finish (CtdDocument   *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  GTask *task = G_TASK (result);

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  /* A task refused before it ran never counted as busy. */
  if (g_task_get_task_data (task) != NULL)
    {
      busy_changed (self, -1);
      catch_up (self, FALSE);
    }
  return g_task_propagate_pointer (task, error);
}

typedef struct
{
  CtdStore          *store;
  CtdDocumentExport  what;
  char              *template_dir;
  char              *path;
  CtdExportProgress  progress;
  gpointer           progress_data;
  GDestroyNotify     progress_data_free;
  GMainContext      *context;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  ctd_store_close (job->store);
  g_free (job->template_dir);
  g_free (job->path);
  if (job->progress_data_free != NULL)
    job->progress_data_free (job->progress_data);
  g_main_context_unref (job->context);
  g_free (job);
}

typedef struct
{
  ExportJob *job;
  GTask     *task;
  guint      done;
  guint      total;
} ExportStep;

static gboolean
export_step_cb (gpointer user_data)
{
  ExportStep *step = user_data;

  step->job->progress (step->done, step->total, step->job->progress_data);
  return G_SOURCE_REMOVE;
}

static void
export_step_free (gpointer user_data)
{
  ExportStep *step = user_data;

  g_object_unref (step->task);
  g_free (step);
}

/* In the worker: hands each step to the caller's main context. The step
 * holds the task, so the job outlives every step still queued. */
static void
export_progress_in_thread (guint    done,
                           guint    total,
                           gpointer user_data)
{
  GTask *task = user_data;
  ExportJob *job = g_task_get_task_data (task);
  ExportStep *step = g_new0 (ExportStep, 1);

  step->job = job;
  step->task = g_object_ref (task);
  step->done = done;
  step->total = total;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, export_step_cb, step,
                              export_step_free);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  const CtdDocumentExport *what = &job->what;
  g_autoptr(CtdSheetDoc) doc = NULL;
  GError *error = NULL;

  doc = ctd_report_build (job->store, what->round, what->chouette, &what->options, &error);
  if (doc == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  if (!ctd_export_write_full (doc, job->path,
                              job->progress != NULL ? export_progress_in_thread : NULL, task,
                              cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * ctd_document_export_async:
 * @self: a document
 * @what: which sheets and reports
 * @path: the file to write; .xlsx or .pdf
 * @progress: (nullable) (scope notified): told of each page or worksheet
 *   written, on the caller's main context
 * @progress_data: for @progress
 * @progress_data_free: (nullable): frees @progress_data when the export is over
 * @cancellable: (nullable): stops the export; a cancelled export leaves
 *   no file and no temporary file (an older file at @path is kept)
 * @callback: called on the caller's main context when done
 * @user_data: for @callback
 *
 * Builds the documents from a read-only connection of its own and
 * writes them (ctd_export_write_full()), in a worker thread.
 */
void
ctd_document_export_async (CtdDocument             *self,
                           const CtdDocumentExport *what,
                           const char              *path,
                           CtdExportProgress        progress,
                           gpointer                 progress_data,
                           GDestroyNotify           progress_data_free,
                           GCancellable            *cancellable,
                           GAsyncReadyCallback      callback,
                           gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  ExportJob *job;

  g_return_if_fail (CTD_IS_DOCUMENT (self));
  g_return_if_fail (what != NULL && path != NULL);

  job = g_new0 (ExportJob, 1);
  job->what = *what;
  job->template_dir = g_strdup (what->options.template_dir);
  job->what.options.template_dir = job->template_dir;
  job->path = g_strdup (path);
  job->progress = progress;
  job->progress_data = progress_data;
  job->progress_data_free = progress_data_free;
  job->context = g_main_context_ref_thread_default ();

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ctd_document_export_async);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  job->store = ctd_store_open_again (self->store, TRUE, &error);
  if (job->store == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_run_in_thread (task, export_thread);
}

/**
 * ctd_document_export_finish:
 * @self: a document
 * @result: what the callback was given
 * @error: return location for a #GError
 *
 * Returns: whether the file was written whole
 */
gboolean
ctd_document_export_finish (CtdDocument   *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- models ------------------------------------------------------------ */

/* A list that cannot be read stays empty (a page shows nothing rather
 * than stale data) and says why. */
static void
warn_unread (CtdDocument *self,
             GError      *error)
{
  g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
  g_error_free (error);
}

/**
 * ctd_document_get_players:
 * @self: a document
 *
 * Returns: (transfer none): every player (#CtdPlayerItem), withdrawn ones
 *   too, by id
 */
GListModel *
ctd_document_get_players (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->players == NULL)
    {
      self->players = ctd_item_list_new (CTD_TYPE_PLAYER_ITEM, ctd_player_item_key,
                                ctd_player_item_assign);
      if (!reload_players (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->players);
}

/**
 * ctd_document_count_players:
 * @self: a document
 * @out_registered: (out): players who have not withdrawn
 * @out_checked_in: (out): players checked in, the field a draw takes
 *
 * The counts a page shows beside its players, from the player list.
 */
void
ctd_document_count_players (CtdDocument *self,
                            guint       *out_registered,
                            guint       *out_checked_in)
{
  GListModel *players;
  guint n;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  players = ctd_document_get_players (self);
  n = g_list_model_get_n_items (players);
  *out_registered = *out_checked_in = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdPlayerItem) player = g_list_model_get_item (players, i);

      *out_registered += !ctd_player_item_get_withdrawn (player);
      *out_checked_in += ctd_player_item_get_checked_in (player);
    }
}

/**
 * ctd_document_get_rounds:
 * @self: a document
 *
 * Returns: (transfer none): every round (#CtdRoundItem), first first
 */
GListModel *
ctd_document_get_rounds (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->rounds == NULL)
    {
      self->rounds = ctd_item_list_new (CTD_TYPE_ROUND_ITEM, ctd_round_item_key,
                               ctd_round_item_assign);
      if (!reload_rounds (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->rounds);
}

/**
 * ctd_document_get_chouettes:
 * @self: a document
 * @round: a round's number
 *
 * Returns: (transfer none): the round's chouettes (#CtdChouetteItem) by
 *   number; empty while the round is not drawn
 */
GListModel *
ctd_document_get_chouettes (CtdDocument *self,
                            guint        round)
{
  CtdItemList *list;
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  list = g_hash_table_lookup (self->chouettes, GUINT_TO_POINTER (round));
  if (list == NULL)
    {
      list = ctd_item_list_new (CTD_TYPE_CHOUETTE_ITEM, ctd_chouette_item_key,
                       ctd_chouette_item_assign);
      g_hash_table_insert (self->chouettes, GUINT_TO_POINTER (round), list);
      if (!reload_chouettes (self, list, round, 0, &error) && !empty_if_gone (list, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (list);
}

/**
 * ctd_document_get_standings:
 * @self: a document
 * @round: a round's number
 * @public_view: what a posting may show: no scores of a Qualifying or
 *   Semi-final round before it is complete (rule 1.7)
 *
 * Returns: (transfer none): the round's standings (#CtdStandingItem), best
 *   first; empty while the round is not drawn
 */
GListModel *
ctd_document_get_standings (CtdDocument *self,
                            guint        round,
                            gboolean     public_view)
{
  gpointer key = GUINT_TO_POINTER (round * 2 + !!public_view);
  CtdItemList *list;
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  list = g_hash_table_lookup (self->standings, key);
  if (list == NULL)
    {
      list = ctd_item_list_new (CTD_TYPE_STANDING_ITEM, ctd_standing_item_key,
                       ctd_standing_item_assign);
      g_hash_table_insert (self->standings, key, list);
      if (!reload_standings (self, list, round, public_view, &error) &&
          !empty_if_gone (list, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (list);
}

/**
 * ctd_document_get_round_standings:
 * @self: a document
 * @round: a round's number
 * @error: return location for a #GError
 *
 * The round's standings, the director's view, as ctd_event_round_standings()
 * computes them: computed once after each change for the document's
 * lists and for every page that reads them (notes, ties), so that a
 * recorded game costs one computation however many views follow it.
 * They are valid until the next change the document announces.
 *
 * Returns: (transfer none) (nullable): the standings, or %NULL with
 *   @error set (a round not drawn is %CTD_STORE_ERROR_NOT_FOUND)
 */
const CtdStandings *
ctd_document_get_round_standings (CtdDocument  *self,
                                  guint         round,
                                  GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return get_computed (self, round, error);
}

/**
 * ctd_document_get_audit:
 * @self: a document
 *
 * Returns: (transfer none): the audit log (#CtdAuditItem), oldest first
 */
GListModel *
ctd_document_get_audit (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->audit == NULL)
    {
      self->audit = ctd_item_list_new (CTD_TYPE_AUDIT_ITEM, ctd_audit_item_key,
                              ctd_audit_item_assign);
      if (!reload_audit (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->audit);
}

/* ---- a chouette's page -------------------------------------------------- */

/* The views handed out, by round << 16 | chouette, kept with the
 * document like its lists; announce() pushes each change into them.
 * Kept as object data so that this section stands
 * apart from the lists above. */
static GHashTable *
chouette_views (CtdDocument *self)
{
  static GQuark quark;
  GHashTable *views;

  if (quark == 0)
    quark = g_quark_from_static_string ("ctd-document-chouette-views");
  views = g_object_get_qdata (G_OBJECT (self), quark);
  if (views == NULL)
    {
      views = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
      g_object_set_qdata_full (G_OBJECT (self), quark, views,
                               (GDestroyNotify) g_hash_table_unref);
    }
  return views;
}

/**
 * ctd_document_get_chouette_view:
 * @self: a document
 * @round: a round's number
 * @chouette: the chouette's number in @round
 * @error: return location for a #GError
 *
 * What chouette @round.@chouette's page shows: the scoring sheet's
 * rows, totals, last-segment order and cross-check, and the checks of a
 * line before it is recorded. The same view is returned for the same
 * chouette for as long as the document lives, brought up to date in
 * place after every change to that chouette, its players or the
 * settings, by this document or by another writer of the file; its
 * "changed" signal says when. Changes still go through the document's
 * actions (ctd_document_record_game(), ctd_document_clear_game(),
 * ctd_document_set_crosscheck(), ctd_document_fix_last_segment_order()).
 *
 * Returns: (transfer none) (nullable): the view, or %NULL with
 *   %CTD_STORE_ERROR_NOT_FOUND when there is no such chouette
 */
CtdChouetteView *
ctd_document_get_chouette_view (CtdDocument  *self,
                                guint         round,
                                guint         chouette,
                                GError      **error)
{
  GHashTable *views;
  gpointer key;
  CtdChouetteView *view;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (chouette <= G_MAXUINT16, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  views = chouette_views (self);
  key = GUINT_TO_POINTER (round << 16 | chouette);
  view = g_hash_table_lookup (views, key);
  if (view == NULL)
    {
      CtdChouetteViewSource source = view_source (self);

      view = ctd_chouette_view_new (&source, round, chouette, error);
      if (view == NULL)
        return NULL;
      g_hash_table_insert (views, key, view);
    }
  return view;
}
