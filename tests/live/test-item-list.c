/* test-item-list.c: the document's list models, updated in place
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <glib.h>

#include "ctd-item-list.h"
#include "ctd-record-items.h"

/* What a view holds: the items as the list's items-changed told them,
 * each read when it was announced, and every announcement. */
typedef struct
{
  GPtrArray *shown;    /* CtdStandingItem, as a view would hold them */
  GArray    *changes;  /* guint triples: position, removed, added */
} View;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  View       *view)
{
  guint change[3] = { position, removed, added };

  g_array_append_vals (view->changes, change, 3);
  assert_true (position + removed <= view->shown->len);
  g_ptr_array_remove_range (view->shown, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (view->shown, (gint) (position + i), g_list_model_get_item (model, position + i));
  /* Between two announcements, the model is what the view was told. */
  assert_int_equal (view->shown->len, g_list_model_get_n_items (model));
}

/* Standing items of the players @ids, in that order, each scoring @score
 * plus its place. */
static GPtrArray *
rows_of (const gint64 *ids,
         guint         n,
         CtdHalves     score)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %" G_GINT64_FORMAT, ids[i]);
      CtdStandingsRow row = { ids[i], name, 1, score - (CtdHalves) i, i + 1, FALSE, 1, FALSE, 0,
                              FALSE };

      g_ptr_array_add (items, ctd_standing_item_new (&row, FALSE));
    }
  return items;
}

/* Updates @list to @ids and checks that it holds them, that the view
 * told by its items-changed holds the same objects, and that every
 * player who was already listed kept the object. Returns how many
 * items-changed were emitted. */
static guint
update_to (CtdItemList  *list,
           View         *view,
           const gint64 *ids,
           guint         n,
           CtdHalves     score)
{
  g_autoptr(GPtrArray) fresh = rows_of (ids, n, score);
  g_autoptr(GHashTable) before = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GListModel *model = G_LIST_MODEL (list);

  for (guint i = 0; i < view->shown->len; i++)
    {
      CtdStandingItem *item = g_ptr_array_index (view->shown, i);
      gint64 *id = g_new (gint64, 1);

      *id = ctd_standing_item_get_player_id (item);
      g_hash_table_insert (before, id, item);
    }
  g_array_set_size (view->changes, 0);
  ctd_item_list_update (list, fresh);

  assert_int_equal (g_list_model_get_n_items (model), n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdStandingItem) item = g_list_model_get_item (model, i);
      gint64 id = ctd_standing_item_get_player_id (item);
      CtdHalves shown_score = 0;
      gpointer old = g_hash_table_lookup (before, &id);

      assert_int_equal (id, ids[i]);
      assert_ptr_equal (item, g_ptr_array_index (view->shown, i));
      g_object_get (item, "score", &shown_score, NULL);
      assert_int_equal (shown_score, score - (CtdHalves) i);
      if (old != NULL)
        assert_ptr_equal (item, old);
    }
  return view->changes->len / 3;
}

static void
assert_change (const View *view,
               guint       index,
               guint       position,
               guint       removed,
               guint       added)
{
  assert_int_equal (g_array_index (view->changes, guint, index * 3), position);
  assert_int_equal (g_array_index (view->changes, guint, index * 3 + 1), removed);
  assert_int_equal (g_array_index (view->changes, guint, index * 3 + 2), added);
}

/* An update tells the changed run between the unchanged head and tail as
 * one replacement (GTK 4.8's list views then rebind the rows whose items
 * they still hold, where a removal and an insertion per moved item would
 * rebuild each one's row); an update that changes no order is silent;
 * every update leaves the list and its views holding the same objects,
 * kept per player. */
static void
test_changed_run_replaced (void **state)
{
  g_autoptr(CtdItemList) list = ctd_item_list_new (CTD_TYPE_STANDING_ITEM,
                                                   ctd_standing_item_key,
                                                   ctd_standing_item_assign);
  View view = { g_ptr_array_new_with_free_func (g_object_unref),
                g_array_new (FALSE, FALSE, sizeof (guint)) };
  static const gint64 start[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  /* 7 overtakes 3..6: it moves from position 6 to 2. */
  static const gint64 up[] = { 1, 2, 7, 3, 4, 5, 6, 8 };
  /* 2 falls behind 3..7: from position 1 to 6. */
  static const gint64 down[] = { 1, 3, 4, 5, 6, 7, 2, 8 };
  /* 3 and 6 swap over 4 and 5. */
  static const gint64 swapped[] = { 1, 6, 4, 5, 3, 7, 2, 8 };
  /* The last becomes first: the whole list is the run. */
  static const gint64 last_first[] = { 8, 1, 6, 4, 5, 3, 7, 2 };
  /* Neighbours swap: a run of two. */
  static const gint64 neighbours[] = { 1, 8, 6, 4, 5, 3, 7, 2 };
  /* A player withdrawn, another added. */
  static const gint64 replaced[] = { 1, 8, 6, 4, 9, 3, 7, 2 };

  gint64 many[20], reversed[20];
  /* From reversed: 120 to the back, 101 to the front, 110 and 111 swap;
   * then 110 and 111 back. */
  static const gint64 three_moved[20] = { 101, 119, 118, 117, 116, 115, 114, 113, 112, 110,
                                          111, 109, 108, 107, 106, 105, 104, 103, 102, 120 };
  static const gint64 two_swapped[20] = { 101, 119, 118, 117, 116, 115, 114, 113, 112, 111,
                                          110, 109, 108, 107, 106, 105, 104, 103, 102, 120 };

  for (guint i = 0; i < 20; i++)
    {
      many[i] = 101 + i;
      reversed[i] = 120 - i;
    }
  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &view);

  assert_int_equal (update_to (list, &view, start, 8, 100), 1);
  assert_change (&view, 0, 0, 0, 8);

  /* Scores change, order stays: the objects update in place, silently. */
  assert_int_equal (update_to (list, &view, start, 8, 50), 0);

  assert_int_equal (update_to (list, &view, up, 8, 50), 1);
  assert_change (&view, 0, 2, 5, 5);

  assert_int_equal (update_to (list, &view, start, 8, 50), 1);
  assert_change (&view, 0, 2, 5, 5);

  assert_int_equal (update_to (list, &view, down, 8, 50), 1);
  assert_change (&view, 0, 1, 6, 6);

  assert_int_equal (update_to (list, &view, swapped, 8, 50), 1);
  assert_change (&view, 0, 1, 4, 4);

  assert_int_equal (update_to (list, &view, last_first, 8, 50), 1);
  assert_change (&view, 0, 0, 8, 8);

  assert_int_equal (update_to (list, &view, neighbours, 8, 50), 1);
  assert_change (&view, 0, 0, 2, 2);

  assert_int_equal (update_to (list, &view, replaced, 8, 50), 1);
  assert_change (&view, 0, 4, 1, 1);

  assert_int_equal (update_to (list, &view, start, 3, 50), 1);
  assert_change (&view, 0, 1, 7, 2);

  assert_int_equal (update_to (list, &view, many, 20, 50), 1);
  assert_change (&view, 0, 0, 3, 20);
  assert_int_equal (update_to (list, &view, reversed, 20, 50), 1);
  assert_change (&view, 0, 0, 20, 20);
  /* A game moves its chouette's players: 110 and 111 swap places. */
  assert_int_equal (update_to (list, &view, three_moved, 20, 50), 1);
  assert_change (&view, 0, 0, 20, 20);
  assert_int_equal (update_to (list, &view, two_swapped, 20, 50), 1);
  assert_change (&view, 0, 9, 2, 2);

  assert_int_equal (update_to (list, &view, NULL, 0, 50), 1);
  assert_change (&view, 0, 0, 20, 0);

  g_signal_handlers_disconnect_by_data (list, &view);
  g_ptr_array_unref (view.shown);
  g_array_unref (view.changes);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_changed_run_replaced),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
