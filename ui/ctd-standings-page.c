/* ctd-standings-page.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-standings-page"

#include "config.h"

#include "ctd-standings-page.h"

#include <glib/gi18n.h>

#include "ctd-advance-dialog.h"
#include "ctd-cut.h"
#include "ctd-display.h"
#include "ctd-tournament.h"
#include "ctd-record-items.h"
#include "ctd-rng.h"
#include "ctd-ui.h"

/*
 * A round's standings, two ways: the director's (every score, rank, tie
 * and where each player goes) and, one toggle away, exactly what may be
 * posted, from the document's public model (rule 1.7: progress only
 * while a Qualifying or Semi-final round is unfinished). A tie at the
 * cut shows its players and takes the roll-off's result, typed or rolled
 * by the software with a stored seed. Release and Advance… follow.
 */

/* What a cell drawn in C shows (the others bind item properties). */
typedef enum
{
  CELL_RANK = 1,
  CELL_CHOUETTE,
  CELL_NOTE,
  CELL_PUBLIC_NOTE,
} CellKind;

struct _CtdStandingsPage
{
  GtkWidget           parent_instance;

  /* template widgets */
  GtkDropDown        *round_dropdown;
  GtkToggleButton    *director_toggle;
  GtkToggleButton    *public_toggle;
  GtkLabel           *round_state_label;
  GtkWidget          *release_button;
  GtkRevealer        *message_revealer;
  GtkLabel           *message_label;
  GtkStack           *view_stack;
  GtkWidget          *tie_box;
  GtkLabel           *tie_label;
  GtkLabel           *tie_message_label;
  GtkEntry           *rolloff_entry;
  GtkSingleSelection *director_selection;
  GtkNoSelection     *public_selection;
  GtkLabel           *progress_label;

  /* owned */
  CtdDocument        *document;
  GHashTable         *notes;         /* player id -> the director's note */
  GHashTable         *public_notes;  /* player id -> the posting's note */
  GArray             *tie;           /* gint64 ids to roll off, or NULL */
  GPtrArray          *cells;         /* bound GtkListItems of C-drawn cells */
  guint               round;         /* the round shown, 0 for none */
  guint               n_rounds;      /* the rounds drawn when last read */
  gboolean            stale;         /* changed while off screen */
};

G_DEFINE_FINAL_TYPE (CtdStandingsPage, ctd_standings_page, GTK_TYPE_WIDGET)

static void
show_message (CtdStandingsPage *self,
              const char       *text,
              gboolean          is_error)
{
  ctd_ui_show_message (self->message_label, self->message_revealer, text, is_error);
}

static char *
seed_text (guint64 seed)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
}

/* ---- cells ------------------------------------------------------------- */

static char *
cell_text (CtdStandingsPage *self,
           CtdStandingItem  *item,
           CellKind          kind)
{
  gint64 id = ctd_standing_item_get_player_id (item);
  GHashTable *notes = kind == CELL_NOTE ? self->notes : self->public_notes;
  guint rank, chouette;
  gboolean tied;

  switch (kind)
    {
    case CELL_RANK:
      g_object_get (item, "rank", &rank, "tied", &tied, NULL);
      return rank == 0 ? g_strdup ("") : g_strdup_printf ("%u%s", rank, tied ? "=" : "");
    case CELL_CHOUETTE:
      g_object_get (item, "chouette", &chouette, NULL);
      return g_strdup_printf ("%u.%u", self->round, chouette);
    case CELL_NOTE:
    case CELL_PUBLIC_NOTE:
    default:
      return g_strdup (notes != NULL ? g_hash_table_lookup (notes, &id) : NULL);
    }
}

static void
draw_cell (CtdStandingsPage *self,
           GtkListItem      *list_item)
{
  CellKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (list_item), "ctd-cell"));
  CtdStandingItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = item != NULL ? cell_text (self, item, kind) : NULL;

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text != NULL ? text : "");
}

static void
setup_label (GtkListItem *list_item,
             float        xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
start_label_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *list_item,
                      CtdStandingsPage         *self)
{
  setup_label (list_item, 0);
}

static void
end_label_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item,
                    CtdStandingsPage         *self)
{
  setup_label (list_item, 1);
}

static void
bind_cell (CtdStandingsPage *self,
           GtkListItem      *list_item,
           CellKind          kind)
{
  g_object_set_data (G_OBJECT (list_item), "ctd-cell", GINT_TO_POINTER (kind));
  g_ptr_array_add (self->cells, list_item);
  draw_cell (self, list_item);
}

static void
rank_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_RANK);
}

static void
chouette_bind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_CHOUETTE);
}

static void
note_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_NOTE);
}

static void
public_note_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *list_item,
                     CtdStandingsPage         *self)
{
  bind_cell (self, list_item, CELL_PUBLIC_NOTE);
}

static void
cell_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                CtdStandingsPage         *self)
{
  g_ptr_array_remove_fast (self->cells, list_item);
}

/* ---- the round --------------------------------------------------------- */

/* "#12 Ann (+2)": a tied player as the roll-off field accepts them. */
static void
append_tied_player (CtdStandingsPage *self,
                    GString          *text,
                    gint64            id)
{
  GListModel *rows = ctd_document_get_standings (self->document, self->round, FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CtdStandingItem) item = g_list_model_get_item (rows, i);
      g_autofree char *name = NULL;
      g_autofree char *score = NULL;

      if (ctd_standing_item_get_player_id (item) != id)
        continue;
      g_object_get (item, "name", &name, "score-text", &score, NULL);
      g_string_append_printf (text, "%s#%" G_GINT64_FORMAT " %s (%s)", text->len > 0 ? ", " : "",
                              id, name, score);
    }
}

static void
update_tie (CtdStandingsPage   *self,
            const CtdStandings *standings,
            CtdStage            stage,
            CtdRoundState       state)
{
  g_autoptr(GString) players = g_string_new (NULL);
  g_autofree char *text = NULL;

  g_clear_pointer (&self->tie, g_array_unref);
  if (self->round > 0 && state != CTD_ROUND_CLOSED)
    self->tie = ctd_document_find_cut_tie (self->document, self->round, standings, NULL);
  gtk_widget_set_visible (self->tie_box, self->tie != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->tie_message_label), FALSE);
  if (self->tie == NULL)
    {
      gtk_label_set_text (self->tie_label, "");
      return;
    }
  for (guint i = 0; i < self->tie->len; i++)
    append_tied_player (self, players, g_array_index (self->tie, gint64, i));
  text = g_strdup_printf (stage == CTD_STAGE_FINAL
                            ? _("Tie for a place in the final: %s. Type the roll-off result, "
                                "winner first, or let the software roll.")
                            : _("Tie at the cut: %s. Type the roll-off result, winner first, "
                                "or let the software roll."),
                          players->str);
  gtk_label_set_text (self->tie_label, text);
}

/* What the posting shows instead of scores while they are secret: each
 * chouette that holds the round up, and why. */
static void
update_progress (CtdStandingsPage *self,
                 gboolean          secret)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) hold_ups = NULL;
  g_autoptr(GError) error = NULL;

  if (self->round == 0)
    {
      gtk_label_set_text (self->progress_label, "");
      return;
    }
  if (!secret)
    {
      gtk_label_set_text (self->progress_label, _("The scores of this round may be posted."));
      return;
    }
  g_string_append (text, _("Scores stay secret until every chouette of the round is complete "
                           "(rule 1.7)."));
  hold_ups = ctd_document_describe_hold_ups (self->document, self->round, &error);
  if (hold_ups == NULL)
    g_string_append_printf (text, "\n%s", error->message);
  for (guint i = 0; hold_ups != NULL && hold_ups[i] != NULL; i++)
    g_string_append_printf (text, "\n%s", hold_ups[i]);
  gtk_label_set_text (self->progress_label, text->str);
}

static void
update_actions (CtdStandingsPage *self,
                CtdStage          stage,
                CtdRoundState     state)
{
  gboolean can_change = self->document != NULL && !ctd_document_get_read_only (self->document) &&
                        self->round > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.release",
                                 can_change && ctd_display_can_release (stage, state));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.advance",
                                 can_change && stage != CTD_STAGE_FINAL &&
                                 (state == CTD_ROUND_COMPLETE || state == CTD_ROUND_RELEASED));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.record-rolloff",
                                 can_change && self->tie != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "standings.roll",
                                 can_change && self->tie != NULL);
}

/* The state, what of it is public and what Release does, in core's
 * words: the label and the button never disagree. */
static void
update_state_label (CtdStandingsPage *self,
                    CtdStage          stage,
                    CtdRoundState     state)
{
  g_autofree char *text = NULL;

  if (self->round == 0)
    {
      gtk_label_set_text (self->round_state_label, _("Nothing has been drawn yet."));
      gtk_widget_set_tooltip_text (self->release_button,
                                   ctd_display_describe_release (CTD_STAGE_QUALIFYING,
                                                                 CTD_ROUND_DRAWN));
      return;
    }
  text = g_strdup_printf (_("Round %u (%s): %s. %s"), self->round, ctd_stage_to_title (stage),
                          ctd_round_state_to_string (state),
                          ctd_display_describe_publicity (stage, state));
  gtk_label_set_text (self->round_state_label, text);
  gtk_widget_set_tooltip_text (self->release_button, ctd_display_describe_release (stage, state));
}

/* The view shown holds its list; the other holds none, so that the
 * document does not keep a list nobody sees (a posting that turns
 * public replaces all its rows). */
static void
bind_view (CtdStandingsPage *self)
{
  gboolean public_view = gtk_toggle_button_get_active (self->public_toggle);
  gboolean bound = self->document != NULL && self->round > 0;

  gtk_single_selection_set_model (self->director_selection, bound && !public_view
                                  ? ctd_document_get_standings (self->document, self->round, FALSE)
                                  : NULL);
  gtk_no_selection_set_model (self->public_selection, bound && public_view
                              ? ctd_document_get_standings (self->document, self->round, TRUE)
                              : NULL);
}

/* Everything the page shows of the selected round, from the document. */
static void
update_round (CtdStandingsPage *self)
{
  CtdRoundItem *item = self->document != NULL
                         ? gtk_drop_down_get_selected_item (self->round_dropdown) : NULL;
  const CtdStandings *standings = NULL;
  CtdStage stage = CTD_STAGE_QUALIFYING;
  CtdRoundState state = CTD_ROUND_DRAWN;
  gboolean secret = FALSE;

  /* Off screen: read when shown (see ctd_standings_page_unmap()). */
  if (item != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  self->round = item != NULL ? ctd_round_item_get_number (item) : 0;
  if (item != NULL)
    {
      g_object_get (item, "stage", &stage, NULL);
      state = ctd_round_item_get_state (item);
      secret = !ctd_standings_scores_are_public (stage, state);
      /* One computation of the round serves the lists, the notes and
       * the tie. */
      standings = ctd_document_get_round_standings (self->document, self->round, NULL);
      g_clear_pointer (&self->notes, g_hash_table_unref);
      g_clear_pointer (&self->public_notes, g_hash_table_unref);
      self->notes = ctd_document_get_cut_notes (self->document, self->round, standings, FALSE,
                                                NULL);
      self->public_notes = ctd_document_get_cut_notes (self->document, self->round, standings, TRUE,
                                                       NULL);
    }
  bind_view (self);
  for (guint i = 0; i < self->cells->len; i++)
    draw_cell (self, g_ptr_array_index (self->cells, i));
  update_state_label (self, stage, state);
  update_progress (self, secret);
  update_tie (self, standings, stage, state);
  update_actions (self, stage, state);
}

static void
select_last_round (CtdStandingsPage *self)
{
  guint n = g_list_model_get_n_items (ctd_document_get_rounds (self->document));

  self->n_rounds = n;
  if (n > 0)
    gtk_drop_down_set_selected (self->round_dropdown, n - 1);
  update_round (self);
}

static void
document_changed_cb (CtdStandingsPage *self,
                     CtdChange         what,
                     guint             round,
                     guint             chouette,
                     CtdDocument      *document)
{
  ctd_ui_expire_message (self->message_revealer);
  if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS |
                CTD_CHANGE_PLAYERS)))
    return;
  /* Each game recorded on the scoring page lands here: the notes and
   * the tie wait until the page is shown again. */
  self->stale = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->stale)
    return;
  /* A round drawn (Advance and Draw, or another program) is the one to
   * follow, as the public display does. */
  if (gtk_drop_down_get_selected (self->round_dropdown) == GTK_INVALID_LIST_POSITION ||
      g_list_model_get_n_items (ctd_document_get_rounds (self->document)) > self->n_rounds)
    select_last_round (self);
  else
    {
      self->n_rounds = g_list_model_get_n_items (ctd_document_get_rounds (self->document));
      update_round (self);
    }
}

static void
ctd_standings_page_map (GtkWidget *widget)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);

  GTK_WIDGET_CLASS (ctd_standings_page_parent_class)->map (widget);
  if (self->stale && self->document != NULL)
    document_changed_cb (self, CTD_CHANGE_ROUNDS, 0, 0, self->document);
}

/* Off screen, the page lets go of the round's lists: the document then
 * updates rows nobody draws, instead of relaying every rank that a
 * recorded game moves into hidden cells. Shown again, it reads them. */
static void
ctd_standings_page_unmap (GtkWidget *widget)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);

  gtk_single_selection_set_model (self->director_selection, NULL);
  gtk_no_selection_set_model (self->public_selection, NULL);
  self->stale = TRUE;
  GTK_WIDGET_CLASS (ctd_standings_page_parent_class)->unmap (widget);
}

static void
round_selected_cb (CtdStandingsPage *self,
                   GParamSpec       *pspec,
                   GtkDropDown      *dropdown)
{
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  update_round (self);
}

static void
view_toggled_cb (CtdStandingsPage *self,
                 GParamSpec       *pspec,
                 GtkToggleButton  *toggle)
{
  gtk_stack_set_visible_child_name (self->view_stack,
                                    gtk_toggle_button_get_active (self->public_toggle)
                                      ? "public" : "director");
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    bind_view (self);
}

/**
 * ctd_standings_page_set_document:
 * @self: the page
 * @document: (nullable): the open event
 *
 * Shows @document's standings, the newest round selected, and follows
 * their changes.
 */
void
ctd_standings_page_set_document (CtdStandingsPage *self,
                                 CtdDocument      *document)
{
  g_return_if_fail (CTD_IS_STANDINGS_PAGE (self));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  gtk_drop_down_set_model (self->round_dropdown,
                           document != NULL ? ctd_document_get_rounds (document) : NULL);
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->rolloff_entry), "");
  if (document == NULL)
    {
      update_round (self);
      return;
    }
  g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  select_last_round (self);
}

/* ---- actions ----------------------------------------------------------- */

static void
show_tie_error (CtdStandingsPage *self,
                const char       *text)
{
  gtk_label_set_text (self->tie_message_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->tie_message_label), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->rolloff_entry));
}

static char *
describe_order (CtdStandingsPage *self,
                const gint64     *order,
                gsize             n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    append_tied_player (self, text, order[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
record_rolloff_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->rolloff_entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) order = ctd_document_parse_cut_order (self->document, self->round, typed,
                                                          &error);
  g_autofree char *players = NULL;
  g_autofree char *text = NULL;
  guint round = self->round;

  if (order != NULL)
    players = describe_order (self, (const gint64 *) order->data, order->len);
  if (order == NULL || !ctd_document_tiebreak (self->document, round, (const gint64 *) order->data,
                                               order->len, NULL, &error))
    {
      show_tie_error (self, error->message);
      return;
    }
  text = g_strdup_printf (_("Recorded the roll-off of round %u, winner first: %s."), round,
                          players);
  show_message (self, text, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->rolloff_entry), "");
}

static void
rolloff_activate_cb (CtdStandingsPage *self,
                     GtkEntry         *entry)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "standings.record-rolloff", NULL);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *order = NULL;
  g_autofree char *players = NULL;
  g_autofree char *seed_words = NULL;
  g_autofree char *text = NULL;
  guint64 seed = ctd_rng_fresh_seed ();
  guint round = self->round;

  if (self->tie == NULL)
    return;
  order = g_new (gint64, self->tie->len);
  ctd_standings_roll ((const gint64 *) self->tie->data, self->tie->len, seed, order);
  players = describe_order (self, order, self->tie->len);
  if (!ctd_document_tiebreak (self->document, round, order, self->tie->len, &seed, &error))
    {
      show_tie_error (self, error->message);
      return;
    }
  seed_words = seed_text (seed);
  text = g_strdup_printf (_("Rolled off round %u with seed %s (stored), winner first: %s."),
                          round, seed_words, players);
  show_message (self, text, FALSE);
}

static void
release_confirmed (gpointer user_data)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint round = self->round;

  if (!ctd_document_release_round (self->document, round, &error))
    {
      show_message (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("Released round %u: its scores and ranks are on the public display."),
                          round);
  show_message (self, text, FALSE);
}

/* A release makes the scores public: asked once, in the words of what
 * it does (the button's tooltip too). */
static void
release_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  CtdRoundItem *item = gtk_drop_down_get_selected_item (self->round_dropdown);
  CtdStage stage = CTD_STAGE_QUALIFYING;
  g_autofree char *question = NULL;

  if (item == NULL)
    return;
  g_object_get (item, "stage", &stage, NULL);
  /* Translators: %s is the round's stage ("Qualifying"), %u its number */
  question = g_strdup_printf (_("Release %s round %u?"), ctd_stage_to_title (stage), self->round);
  ctd_ui_confirm (widget, question,
                  ctd_display_describe_release (stage, ctd_round_item_get_state (item)),
                  _("_Release"), release_confirmed, G_OBJECT (self));
}

/* A row activated (Enter, double click): the player's chouette on the
 * scoring page, through the window's action. */
static void
row_activated_cb (CtdStandingsPage *self,
                  guint             position,
                  GtkColumnView    *view)
{
  g_autoptr(CtdStandingItem) item = g_list_model_get_item (G_LIST_MODEL (self->director_selection),
                                                           position);
  g_autofree char *label = NULL;

  if (item == NULL)
    return;
  label = cell_text (self, item, CELL_CHOUETTE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-chouette", "s", label);
}

static void
advanced_cb (CtdStandingsPage *self,
             guint             round,
             guint64           seed,
             CtdAdvanceDialog *dialog)
{
  g_autofree char *seed_words = seed_text (seed);
  g_autofree char *text = g_strdup_printf (_("Drew round %u from the advancers with seed %s: "
                                             "its sheets are on the Rounds page."),
                                           round, seed_words);

  show_message (self, text, FALSE);
}

static void
advance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  CtdAdvanceDialog *dialog;

  dialog = ctd_advance_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   self->document, self->round);
  g_signal_connect_object (dialog, "advanced", G_CALLBACK (advanced_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- the type ---------------------------------------------------------- */

static void
ctd_standings_page_dispose (GObject *object)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (object);
  GtkWidget *child;

  ctd_standings_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CTD_TYPE_STANDINGS_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->notes, g_hash_table_unref);
  g_clear_pointer (&self->public_notes, g_hash_table_unref);
  g_clear_pointer (&self->tie, g_array_unref);
  G_OBJECT_CLASS (ctd_standings_page_parent_class)->dispose (object);
}

static void
ctd_standings_page_finalize (GObject *object)
{
  CtdStandingsPage *self = CTD_STANDINGS_PAGE (object);

  g_ptr_array_unref (self->cells);
  G_OBJECT_CLASS (ctd_standings_page_parent_class)->finalize (object);
}

static void
bind_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, director_toggle);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, public_toggle);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, round_state_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, release_button);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_box);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, tie_message_label);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, rolloff_entry);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, director_selection);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, public_selection);
  gtk_widget_class_bind_template_child (widget_class, CtdStandingsPage, progress_label);
  gtk_widget_class_bind_template_callback (widget_class, start_label_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_label_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, rank_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, chouette_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, note_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, public_note_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, cell_unbind_cb);
  gtk_widget_class_bind_template_callback (widget_class, rolloff_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
ctd_standings_page_class_init (CtdStandingsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ctd_standings_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = ctd_standings_page_finalize;
  widget_class->map = ctd_standings_page_map;
  widget_class->unmap = ctd_standings_page_unmap;

  g_type_ensure (CTD_TYPE_ROUND_ITEM);
  g_type_ensure (CTD_TYPE_STANDING_ITEM);
  ctd_ui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chouettetd/ChouetteTD/ctd-standings-page.ui");
  bind_template (widget_class);
  gtk_widget_class_install_action (widget_class, "standings.release", NULL, release_action);
  gtk_widget_class_install_action (widget_class, "standings.advance", NULL, advance_action);
  gtk_widget_class_install_action (widget_class, "standings.record-rolloff", NULL,
                                   record_rolloff_action);
  gtk_widget_class_install_action (widget_class, "standings.roll", NULL, roll_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ctd_standings_page_init (CtdStandingsPage *self)
{
  self->cells = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  ctd_ui_expire_message_on_leave (GTK_WIDGET (self), self->message_revealer);

  g_signal_connect_object (self->round_dropdown, "notify::selected",
                           G_CALLBACK (round_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->public_toggle, "notify::active",
                           G_CALLBACK (view_toggled_cb), self, G_CONNECT_SWAPPED);
  ctd_standings_page_set_document (self, NULL);
}
