/* test-ui-standings.c: the window's standings page and the Advance
 * dialog: secrecy of the posting, ties rolled off, advancing and undoing.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ctd-advance-dialog.h"
#include "ctd-application.h"
#include "ctd-chouette-page.h"
#include "ctd-document-store.h"
#include "ctd-tournament.h"
#include "ctd-record-items.h"
#include "ctd-main-window.h"
#include "ctd-standings-page.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* Box results game by game, every cube played at its start value. In a
 * 4-player chouette, by player number: DISTINCT ends +12, +4, -4, -12;
 * TIED_SECOND +14, -2, -2, -10; TIED_FIRST +10, +10, -6, -14. In a
 * 3-player chouette THREE ends +8, +2, -10. */
#define DISTINCT "BBBTBBBTBTTB"
#define TIED_SECOND "BBBBTBBTBTTB"
#define TIED_FIRST "BBBBBBBTBTTB"
#define THREE "BBBBTBBBTTBB"

static const char *const hostile = "<b>Bold</b> & Co";

typedef struct
{
  CtdMainWindow    *window;
  CtdDocument      *document;
  CtdStandingsPage *page;
} Desk;

static Desk
open_desk (CtdApplication *app,
           const Fixture  *fixture,
           guint           n_players)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Cut Open.chouette", NULL);
  Desk desk;

  ctd_test_quiet_settings ();
  desk.window = ctd_main_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (desk.window), 1100, 720);
  gtk_window_present (GTK_WINDOW (desk.window));
  assert_true (ctd_main_window_create_event (desk.window, path, &error));
  desk.document = ctd_main_window_get_document (desk.window);
  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *name = i == 0 ? g_strdup (hostile) : g_strdup_printf ("Player %c", 'A' + i);

      assert_true (ctd_document_add_player (desk.document, name, NULL, NULL, TRUE, NULL, &error));
    }
  assert_true (ctd_document_draw_round (desk.document, 2026, NULL, &error));
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-page",
                                  g_variant_new_string ("standings"));
  desk.page = CTD_STANDINGS_PAGE (ctd_test_find_widget (GTK_WIDGET (desk.window),
                                                        CTD_TYPE_STANDINGS_PAGE));
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (desk.page)));
  return desk;
}

static void
play (CtdDocument *document,
      guint        round,
      guint        chouette,
      const char  *results,
      guint        first,
      guint        last)
{
  for (guint game = first; game <= last; game++)
    {
      g_autoptr(GError) error = NULL;
      char notation[2] = { results[game - 1], '\0' };

      if (!ctd_document_record_game (document, round, chouette, game, notation, FALSE, &error))
        fail_msg ("%u.%u game %u: %s", round, chouette, game, error->message);
    }
}

/* Every word of every label on screen under @root (cells included). */
static void
collect_words (GtkWidget *root,
               GPtrArray *words)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (GTK_IS_LABEL (root))
    {
      g_auto(GStrv) split = g_regex_split_simple ("[\\s,;:()]+",
                                                  gtk_label_get_text (GTK_LABEL (root)), 0, 0);

      for (guint i = 0; split[i] != NULL; i++)
        if (*split[i] != '\0')
          g_ptr_array_add (words, g_strdup (split[i]));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_words (child, words);
}

static gboolean
has_word (GPtrArray  *words,
          const char *word)
{
  for (guint i = 0; i < words->len; i++)
    if (strcmp (g_ptr_array_index (words, i), word) == 0)
      return TRUE;
  return FALSE;
}

/* A label on screen under @root whose text holds @text. */
static GtkLabel *
find_shown (GtkWidget  *root,
            const char *text)
{
  GtkLabel *label = ctd_test_find_label (root, text);

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label)) ? label : NULL;
}

static GtkWidget *
page_child (Desk       *desk,
            const char *id)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (desk->page),
                                                  CTD_TYPE_STANDINGS_PAGE, id);

  assert_non_null (child);
  return GTK_WIDGET (child);
}

/* The round's state as the page says it, and the Release button's
 * tooltip: they must say the same of what is public. */
static const char *
state_text (Desk *desk)
{
  GtkWidget *label = page_child (desk, "round_state_label");

  return gtk_label_get_text (GTK_LABEL (label));
}

/* What the state line explains of it (what is public), as its tooltip;
 * a screen reader reads the same as the line's description. */
static const char *
state_explained (Desk *desk)
{
  GtkWidget *label = page_child (desk, "round_state_label");
  const char *tooltip = gtk_widget_get_tooltip_text (label);
  g_autofree char *differs = NULL;

  assert_non_null (tooltip);
  differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (label),
                                                GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip);
  if (differs != NULL)
    fail_msg ("the state line's accessible description is not its tooltip: %s", differs);
  return tooltip;
}

static const char *
release_tooltip (Desk *desk)
{
  return gtk_widget_get_tooltip_text (page_child (desk, "release_button"));
}

static void
assert_says (const char *text,
             const char *words)
{
  if (text == NULL || strstr (text, words) == NULL)
    fail_msg ("“%s” does not say “%s”", text != NULL ? text : "(nothing)", words);
}

/* Every input and button under @root has an accessible name (the parts
 * inside an entry, spin button or drop-down belong to it). */
static void
assert_named_inputs (GtkWidget *root)
{
  gboolean input = GTK_IS_BUTTON (root) || GTK_IS_EDITABLE (root) || GTK_IS_DROP_DOWN (root);

  if (input)
    {
      g_autofree char *name = ctd_test_accessible_name (root);

      if (name == NULL || *name == '\0')
        fail_msg ("a %s has no accessible name", G_OBJECT_TYPE_NAME (root));
      if (!GTK_IS_BUTTON (root))
        return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_named_inputs (child);
}

static GtkDropDown *
round_dropdown (Desk *desk)
{
  GtkWidget *dropdown = ctd_test_find_named_of_type (GTK_WIDGET (desk->page), "Round",
                                                     GTK_TYPE_DROP_DOWN);

  assert_non_null (dropdown);
  return GTK_DROP_DOWN (dropdown);
}

/* The Director / Public Posting toggles, as the director clicks them. */
static void
show_view (Desk     *desk,
           gboolean  public_view)
{
  const char *name = public_view ? "Public posting" : "Director's view";
  GtkWidget *toggle = ctd_test_find_named_of_type (GTK_WIDGET (desk->page), name,
                                                   GTK_TYPE_TOGGLE_BUTTON);

  assert_non_null (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
}

/* The scores the director's model holds for @round ("+12", "-2"...). */
static GPtrArray *
director_scores (CtdDocument *document,
                 guint        round)
{
  GListModel *rows = ctd_document_get_standings (document, round, FALSE);
  GPtrArray *scores = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CtdStandingItem) item = g_list_model_get_item (rows, i);
      char *score = NULL;

      g_object_get (item, "score-text", &score, NULL);
      assert_string_not_equal (score, "");
      g_ptr_array_add (scores, score);
    }
  return scores;
}

/* The words on screen after showing the posting (or the director's view). */
static GPtrArray *
shown_words (Desk     *desk,
             gboolean  public_view)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  show_view (desk, public_view);
  /* The rows of the list now shown are made as it is laid out. */
  assert_true (ctd_test_wait_for_layout (GTK_WIDGET (desk->page), 20000,
                                         public_view ? "the posting to be laid out"
                                                     : "the director's view to be laid out"));
  collect_words (GTK_WIDGET (desk->page), words);
  return words;
}

/* Counts the scores of @scores shown as words (a zero is no word). */
static guint
count_shown (GPtrArray *words,
             GPtrArray *scores)
{
  guint n = 0;

  for (guint i = 0; i < scores->len; i++)
    n += has_word (words, g_ptr_array_index (scores, i));
  return n;
}

/* While @round is unfinished the posting shows no score but each
 * chouette's progress; the director's view shows every score. */
static void
check_secret (Desk       *desk,
              guint       round,
              const char *hold_up)
{
  g_autoptr(GPtrArray) scores = director_scores (desk->document, round);
  g_autoptr(GPtrArray) posted = shown_words (desk, TRUE);
  g_autoptr(GPtrArray) desk_words = NULL;

  for (guint i = 0; i < scores->len; i++)
    if (has_word (posted, g_ptr_array_index (scores, i)))
      fail_msg ("the posting of round %u shows the score %s", round,
                (const char *) g_ptr_array_index (scores, i));
  assert_non_null (find_shown (GTK_WIDGET (desk->page), "Scores stay secret"));
  /* What holds the round up, in the words a director reads. */
  assert_non_null (find_shown (GTK_WIDGET (desk->page), hold_up));
  desk_words = shown_words (desk, FALSE);
  assert_int_equal (count_shown (desk_words, scores), scores->len);
}

static void
check_public (Desk  *desk,
              guint  round)
{
  g_autoptr(GPtrArray) scores = director_scores (desk->document, round);
  g_autoptr(GPtrArray) posted = shown_words (desk, TRUE);

  assert_int_equal (count_shown (posted, scores), scores->len);
  assert_null (find_shown (GTK_WIDGET (desk->page), "Scores stay secret"));
  show_view (desk, FALSE);
}

static char *
last_log_entry (CtdDocument *document)
{
  GListModel *audit = ctd_document_get_audit (document);
  guint n = g_list_model_get_n_items (audit);
  g_autoptr(CtdAuditItem) item = NULL;

  assert_true (n > 0);
  item = g_list_model_get_item (audit, 0);
  {
    g_autoptr(CtdAuditItem) last = g_list_model_get_item (audit, n - 1);

    /* The log lists newest first or last: the newer entry has the larger id. */
    if (ctd_audit_item_get_id (last) > ctd_audit_item_get_id (item))
      return g_strdup (ctd_audit_item_get_summary (last));
  }
  return g_strdup (ctd_audit_item_get_summary (item));
}

static GtkEditable *
find_entry (GtkWidget  *root,
            const char *name)
{
  GtkWidget *widget = ctd_test_find_named_of_type (root, name, GTK_TYPE_EDITABLE);

  assert_non_null (widget);
  return GTK_EDITABLE (widget);
}

static void
press_enter (GtkEditable *editable)
{
  g_signal_emit_by_name (gtk_editable_get_delegate (editable), "activate");
}

/* Chouette 1.1: every word of the tie box that names a player. */
static void
check_tie_names (Desk                   *desk,
                 const CtdStoreChouette *seats,
                 guint                   a,
                 guint                   b)
{
  GtkWidget *tie_box = GTK_WIDGET (find_shown (GTK_WIDGET (desk->page), "Tie at the cut"));
  g_autofree char *first = g_strdup_printf ("#%" G_GINT64_FORMAT " %s", seats->players[a],
                                            seats->names[a]);
  g_autofree char *second = g_strdup_printf ("#%" G_GINT64_FORMAT " %s", seats->players[b],
                                             seats->names[b]);
  const char *text;

  assert_non_null (tie_box);
  assert_true (gtk_widget_get_mapped (tie_box));
  text = gtk_label_get_text (GTK_LABEL (tie_box));
  assert_non_null (strstr (text, first));
  assert_non_null (strstr (text, second));
  for (guint k = 0; k < seats->size; k++)
    if (k != a && k != b)
      assert_null (strstr (text, seats->names[k]));
}

static void
test_qualifying (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  Desk desk = open_desk (app, *state, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdStoreChouette) second = NULL;
  g_autoptr(GPtrArray) rolloffs = NULL;
  g_autofree char *typed = NULL;
  g_autofree char *logged = NULL;
  g_autofree char *clashes = NULL;
  CtdStore *store = ctd_document_get_store (desk.document);
  GtkEditable *entry;

  /* 1.1 played out, 1.2 half: secret, progress only. */
  play (desk.document, 1, 1, DISTINCT, 1, 12);
  play (desk.document, 1, 2, TIED_SECOND, 1, 6);
  check_secret (&desk, 1, "1.2: games 7, 8, 9, 10, 11 and 12 to enter");
  assert_non_null (find_shown (GTK_WIDGET (desk.page), hostile));
  assert_string_equal (state_text (&desk), "Round 1 (Qualifying): in play.");
  assert_says (state_explained (&desk), "Its scores are secret until every chouette is complete "
                                        "(rule 1.7)");
  assert_says (release_tooltip (&desk), "Once every chouette is complete, releasing the round "
                                        "puts its scores and ranks on the public display");
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (desk.window));
  assert_null (clashes);
  assert_named_inputs (GTK_WIDGET (desk.page));
  show_view (&desk, TRUE);
  ctd_test_screenshot (GTK_WINDOW (desk.window), "standings-public.png");
  show_view (&desk, FALSE);
  ctd_test_screenshot (GTK_WINDOW (desk.window), "standings.png");

  /* Complete: the scores are public, and 1.2's players 2 and 3 are tied
   * across the proposed cut (top 2 of each for 8 players). */
  /* (entered with another page showing: the page catches up when shown) */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-page",
                                  g_variant_new_string ("rounds"));
  play (desk.document, 1, 2, TIED_SECOND, 7, 12);
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "show-page",
                                  g_variant_new_string ("standings"));
  second = ctd_tournament_get_chouette (store, 1, 2, &error);
  check_tie_names (&desk, second, 1, 2);
  g_clear_pointer (&clashes, g_free);
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (desk.window));
  assert_null (clashes);
  ctd_test_screenshot (GTK_WINDOW (desk.window), "standings-tie.png");

  /* A typed order naming nobody of the round is refused at the field. */
  entry = find_entry (GTK_WIDGET (desk.page), "Roll-off result, winner first");
  gtk_editable_set_text (entry, "Nobody, Player B");
  press_enter (entry);
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "“Nobody” is not a player of round 1"));
  rolloffs = ctd_store_list_rolloffs (store, 1, &error);
  assert_int_equal (rolloffs->len, 0);
  g_clear_pointer (&rolloffs, g_ptr_array_unref);

  /* Player 3 won, typed by number, player 2 by name. */
  typed = g_strdup_printf ("#%" G_GINT64_FORMAT ", %s", second->players[2], second->names[1]);
  gtk_editable_set_text (entry, typed);
  press_enter (entry);
  rolloffs = ctd_store_list_rolloffs (store, 1, &error);
  assert_int_equal (rolloffs->len, 1);
  assert_true (g_array_index ((GArray *) g_ptr_array_index (rolloffs, 0), gint64, 0) ==
               second->players[2]);
  assert_null (find_shown (GTK_WIDGET (desk.page), "Tie at the cut"));
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "roll-off won"));
  logged = last_log_entry (desk.document);
  assert_non_null (strstr (logged, "typed by the director"));

  /* Complete, not released: the label and the tooltip agree that the
   * display waits for the release, and neither says "public" yet. */
  assert_string_equal (state_text (&desk), "Round 1 (Qualifying): complete.");
  assert_says (state_explained (&desk), "Its scores may be posted, printed or exported; the "
                                        "public display shows them once you release the round.");
  assert_null (strstr (state_explained (&desk), "are public"));
  assert_says (release_tooltip (&desk), "Releasing the round puts every player's score and rank "
                                        "on the public display");

  /* Release asks once, saying what becomes public; Cancel changes
   * nothing. */
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "standings.release", NULL));
  {
    GtkWindow *question = ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
    g_autofree char *asked = NULL;
    g_autofree char *detail = NULL;
    CtdStoreRound info;

    assert_non_null (question);
    g_object_get (question, "text", &asked, "secondary-text", &detail, NULL);
    assert_string_equal (asked, "Release Qualifying round 1?");
    assert_says (detail, "every player's score and rank on the public display");
    assert_says (detail, "no game can be entered or corrected afterwards, except by Undo");
    gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
    assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
    assert_true (ctd_tournament_get_round (store, 1, &info, &error));
    assert_int_equal (info.state, CTD_ROUND_COMPLETE);
    assert_null (find_shown (GTK_WIDGET (desk.page), "Released round 1"));
  }

  /* Accepted: stored, and the posting shows every score. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "standings.release", NULL));
  gtk_dialog_response (GTK_DIALOG (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG)),
                       GTK_RESPONSE_ACCEPT);
  assert_null (ctd_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "Released round 1: its scores and ranks "
                                                      "are on the public display."));
  {
    CtdStoreRound info;

    assert_true (ctd_tournament_get_round (store, 1, &info, &error));
    assert_int_equal (info.state, CTD_ROUND_RELEASED);
  }
  assert_string_equal (state_text (&desk), "Round 1 (Qualifying): released.");
  assert_says (state_explained (&desk), "Its scores are public: the posting and the public "
                                        "display show them");
  assert_says (release_tooltip (&desk), "Released: its scores and ranks are on the public display");
  assert_false (gtk_widget_is_sensitive (page_child (&desk, "release_button")));
  check_public (&desk, 1);

  /* Enter on a row opens the player's chouette on the scoring page. */
  {
    GtkWidget *view = ctd_test_find_named_of_type (GTK_WIDGET (desk.page),
                                                   "Standings, director's view",
                                                   GTK_TYPE_COLUMN_VIEW);
    GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
    g_autoptr(CtdStandingItem) first = g_list_model_get_item (rows, 0);
    CtdChouettePage *scoring;
    guint chouette;

    g_object_get (first, "chouette", &chouette, NULL);
    g_signal_emit_by_name (view, "activate", 0);
    scoring = CTD_CHOUETTE_PAGE (ctd_test_find_widget (GTK_WIDGET (desk.window),
                                                       CTD_TYPE_CHOUETTE_PAGE));
    assert_true (gtk_widget_get_mapped (GTK_WIDGET (scoring)));
    assert_int_equal (ctd_chouette_page_get_round (scoring), 1);
    assert_int_equal (ctd_chouette_page_get_number (scoring), chouette);
  }

  gtk_window_destroy (GTK_WINDOW (desk.window));
}

static CtdAdvanceDialog *
open_advance (Desk *desk)
{
  GtkWindow *dialog;

  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk->page), "standings.advance", NULL));
  dialog = ctd_test_find_toplevel (CTD_TYPE_ADVANCE_DIALOG);
  assert_non_null (dialog);
  assert_true (ctd_test_wait_for_layout (GTK_WIDGET (dialog), 20000,
                                         "the Advance dialog to be laid out"));
  return CTD_ADVANCE_DIALOG (dialog);
}

static void
set_spin (CtdAdvanceDialog *dialog,
          const char       *name,
          guint             value)
{
  GtkWidget *spin = ctd_test_find_named_of_type (GTK_WIDGET (dialog), name, GTK_TYPE_SPIN_BUTTON);

  assert_non_null (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static gboolean
advance_dialog_gone (gconstpointer unused)
{
  return ctd_test_find_toplevel (CTD_TYPE_ADVANCE_DIALOG) == NULL;
}

static gboolean
can_advance (CtdAdvanceDialog *dialog)
{
  GtkWidget *button = ctd_test_find_named_of_type (GTK_WIDGET (dialog), "Advance and Draw",
                                                   GTK_TYPE_BUTTON);

  assert_non_null (button);
  return gtk_widget_get_sensitive (button);
}

/* The Advance dialog: the plan follows K and W, an impossible one shows
 * core's refusal and cannot be confirmed, Advance and Draw stores the
 * advancers and draws the next round with the seed shown; undo takes
 * both back. Then the semi-final drawn is secret in its turn. */
static void
test_advance (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  Desk desk = open_desk (app, *state, 12);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  g_autofree char *clashes = NULL;
  GListModel *rounds = ctd_document_get_rounds (desk.document);
  CtdStore *store = ctd_document_get_store (desk.document);
  CtdAdvanceDialog *dialog;
  GtkEditable *seed;

  play (desk.document, 1, 1, DISTINCT, 1, 12);
  play (desk.document, 1, 2, TIED_FIRST, 1, 12);
  play (desk.document, 1, 3, DISTINCT, 1, 12);

  /* 1.2's players 1 and 2 tie for its one place (top 1 for 12 players):
   * the software rolls, and the seed is shown and stored. */
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "Tie at the cut"));

  /* Advancing now is refused in the dialog, in core's words. */
  dialog = open_advance (&desk);
  assert_non_null (find_shown (GTK_WIDGET (dialog), "Tie at the cut of chouette 2 (top 1)"));
  assert_false (can_advance (dialog));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  assert_true (ctd_test_wait_for (advance_dialog_gone, NULL, 20000,
                                  "the Advance dialog to close"));

  assert_true (gtk_widget_activate_action (GTK_WIDGET (desk.page), "standings.roll", NULL));
  {
    GtkLabel *said = find_shown (GTK_WIDGET (desk.page), "with seed ");
    g_autofree char *logged = last_log_entry (desk.document);
    const char *seed_at;
    char seed_words[32] = "";

    assert_non_null (said);
    seed_at = strstr (gtk_label_get_text (said), "with seed ") + strlen ("with seed ");
    sscanf (seed_at, "%31[0-9]", seed_words);
    assert_true (strlen (seed_words) > 0);
    assert_non_null (strstr (logged, seed_words));
    assert_non_null (strstr (logged, "rolled with seed"));
  }
  assert_null (find_shown (GTK_WIDGET (desk.page), "Tie at the cut"));

  dialog = open_advance (&desk);
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));
  assert_null (clashes);
  assert_named_inputs (GTK_WIDGET (dialog));
  assert_non_null (find_shown (GTK_WIDGET (dialog), "3 players go on to the final"));
  assert_true (can_advance (dialog));

  /* Top 2 of three fours: 6 go on to a semi-final round. */
  set_spin (dialog, "Top of each chouette", 2);
  assert_non_null (find_shown (GTK_WIDGET (dialog), "6 players go on to the semi-finals"));
  assert_non_null (find_shown (GTK_WIDGET (dialog), "Final: 4 players"));
  assert_true (can_advance (dialog));

  /* 5 cannot be drawn: core's refusal and suggestion, and no button. */
  set_spin (dialog, "Top of each chouette", 1);
  set_spin (dialog, "Wildcards", 2);
  assert_non_null (find_shown (GTK_WIDGET (dialog), "5 players cannot make the next round: "
                                                             "advance 4 for a final or 6"));
  assert_false (can_advance (dialog));
  set_spin (dialog, "Wildcards", 0);
  set_spin (dialog, "Top of each chouette", 2);
  ctd_test_screenshot (GTK_WINDOW (dialog), "advance.png");

  /* A bad seed is refused at its field; nothing stored. */
  seed = find_entry (GTK_WIDGET (dialog), "Draw seed of the next round");
  gtk_editable_set_text (seed, "12ab");
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.advance", NULL));
  assert_non_null (find_shown (GTK_WIDGET (dialog), "not a whole number"));
  assert_int_equal (g_list_model_get_n_items (rounds), 1);

  gtk_editable_set_text (seed, "4242");
  press_enter (seed);
  assert_true (ctd_test_wait_for (advance_dialog_gone, NULL, 20000,
                                  "Enter to advance and close the dialog"));
  assert_int_equal (g_list_model_get_n_items (rounds), 2);
  {
    g_autoptr(CtdRoundItem) drawn = g_list_model_get_item (rounds, 1);
    guint64 drawn_seed = 0;
    CtdStage stage;

    g_object_get (drawn, "seed", &drawn_seed, "stage", &stage, NULL);
    assert_true (drawn_seed == 4242);
    assert_int_equal (stage, CTD_STAGE_SEMIFINAL);
  }
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "Drew round 2 from the advancers with "
                                                      "seed 4242"));
  advancers = ctd_tournament_list_advancers (store, 1, NULL, &error);
  assert_int_equal (advancers->len, 6);
  g_clear_pointer (&advancers, g_array_unref);
  /* The page follows to the round just drawn, its message still up. */
  assert_int_equal (gtk_drop_down_get_selected (round_dropdown (&desk)), 1);
  assert_string_equal (state_text (&desk), "Round 2 (Semi-final): drawn.");
  /* Round 1's posting, chosen again, names where its advancers went. */
  gtk_drop_down_set_selected (round_dropdown (&desk), 0);
  assert_non_null (find_shown (GTK_WIDGET (desk.page), "advances to the semi-finals (2."));

  /* Undo: the draw, then the advancers. */
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  assert_int_equal (g_list_model_get_n_items (rounds), 1);
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "undo", NULL);
  advancers = ctd_tournament_list_advancers (store, 1, NULL, &error);
  assert_int_equal (advancers->len, 0);
  g_clear_pointer (&advancers, g_array_unref);
  assert_null (find_shown (GTK_WIDGET (desk.page), "advances to the"));
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "redo", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (desk.window), "redo", NULL);
  assert_int_equal (g_list_model_get_n_items (rounds), 2);

  /* The semi-final: secret while 2.2 is unfinished, public once done. */
  gtk_drop_down_set_selected (round_dropdown (&desk), 1);
  play (desk.document, 2, 1, THREE, 1, 12);
  play (desk.document, 2, 2, THREE, 1, 5);
  check_secret (&desk, 2, "2.2: games 6, 7, 8, 9, 10, 11 and 12 to enter");
  play (desk.document, 2, 2, THREE, 6, 12);
  check_public (&desk, 2);

  /* On to the Final, drawn by another way than the dialog: the page
   * follows; the Final has nothing to release, before and after its
   * last game, and says its placings are public once it is complete. */
  advancers = ctd_document_advance (desk.document, 2, 2, 0, NULL, &error);
  assert_non_null (advancers);
  assert_true (ctd_document_draw_round (desk.document, 99, NULL, &error));
  assert_int_equal (gtk_drop_down_get_selected (round_dropdown (&desk)), 2);
  assert_string_equal (state_text (&desk), "Round 3 (Final): drawn.");
  assert_says (state_explained (&desk), "The Final is played in the open: its scores are public "
                                        "as they stand");
  assert_says (release_tooltip (&desk), "The Final has nothing to release");
  assert_false (gtk_widget_is_sensitive (page_child (&desk, "release_button")));
  play (desk.document, 3, 1, DISTINCT, 1, 12);
  assert_string_equal (state_text (&desk), "Round 3 (Final): complete.");
  assert_says (state_explained (&desk), "Its placings are public: the posting, the public display "
                                        "and the exports give them.");
  assert_says (release_tooltip (&desk), "The Final has nothing to release: its placings are "
                                        "public once it is complete.");
  assert_false (gtk_widget_is_sensitive (page_child (&desk, "release_button")));

  gtk_window_destroy (GTK_WINDOW (desk.window));
}

/* The round's last game changes the state line, not the page's layout:
 * the line stays one line (what is public is its tooltip), so the list
 * below keeps its place and size. A list laid out again binds every row
 * again, in the frame that shows the game. */
static void
test_state_line (void **state)
{
  g_autoptr(CtdApplication) app = ctd_test_new_application ();
  Desk desk = open_desk (app, *state, 8);
  GtkWidget *list = ctd_test_find_named_of_type (GTK_WIDGET (desk.page),
                                                 "Standings, director's view",
                                                 GTK_TYPE_COLUMN_VIEW);
  graphene_rect_t playing, complete;

  assert_non_null (list);
  play (desk.document, 1, 1, DISTINCT, 1, 12);
  play (desk.document, 1, 2, DISTINCT, 1, 11);
  assert_true (ctd_test_wait_for_layout (list, 20000, "the list during play"));
  assert_true (gtk_widget_compute_bounds (list, GTK_WIDGET (desk.window), &playing));
  play (desk.document, 1, 2, DISTINCT, 12, 12);
  assert_true (ctd_test_wait_for_layout (list, 20000, "the list once the round is complete"));
  assert_true (gtk_widget_compute_bounds (list, GTK_WIDGET (desk.window), &complete));
  if (!graphene_rect_equal (&playing, &complete))
    fail_msg ("the list moved as the round completed: %.0f×%.0f at %.0f,%.0f, then %.0f×%.0f "
              "at %.0f,%.0f", playing.size.width, playing.size.height, playing.origin.x,
              playing.origin.y, complete.size.width, complete.size.height, complete.origin.x,
              complete.origin.y);
  assert_string_equal (state_text (&desk), "Round 1 (Qualifying): complete.");
  assert_says (state_explained (&desk), "the public display shows them once you release");

  gtk_window_destroy (GTK_WINDOW (desk.window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_qualifying, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_advance, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_state_line, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  /* Inputs are found by their accessible names, which GTK_A11Y=test
   * keeps and GTK_A11Y=none does not. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-standings: no display, skipped\n");
      return 77;
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
