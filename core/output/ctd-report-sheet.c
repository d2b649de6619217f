/* ctd-report-sheet.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The official scoring sheet of a chouette (SPEC section 8), and every
 * sheet of a round.
 */

#define G_LOG_DOMAIN "ctd-report"

#include "config.h"

#include "ctd-report-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-store.h"

/*
 * A scoring sheet's rows, each the room it adds around its lines, in
 * points (report_row_height(), ctd-report-private.h), or its whole
 * height where it holds no text.
 */
/* The sheet's title. */
#define SHEET_TITLE_ROOM 4.4
/* The event, round and chouette, the date, stake and seed. */
#define SHEET_INFO_ROOM 3.5
/* The empty row between two blocks of the sheet. */
#define SHEET_GAP 8
/* The players' names over their columns, two lines at least. */
#define SHEET_PLAYERS_ROOM 6.4
/* The "Score" and "Total" headings under each name. */
#define SHEET_HEADINGS_ROOM 3.2
/* A game's row: room to write a result in by hand. */
#define SHEET_GAME_ROOM 6
/* The totals row, and the amounts under it. */
#define SHEET_TOTALS_ROOM 8.5
#define SHEET_AMOUNTS_ROOM 4.5
/* The lines of small text under the games (the last segment's order). */
#define SHEET_NOTE_ROOM 3.2
/* The settlement's line. */
#define SHEET_SETTLEMENT_ROOM 7.2
/* The signatures' row: room to sign, whatever the fonts. */
#define SHEET_SIGNATURE_HEIGHT 30
/* The names under the signature lines. */
#define SHEET_CAPTION_ROOM 3.2
/* A player's name, bold and centred over two columns, holds this part
 * of the characters their widths add up to. */
#define SHEET_PLAYER_CHARS 0.72

/* Columns of a sheet for @size players. */
typedef struct
{
  guint size;
  guint game, segment, box, captain, playing, cube, decisions;
  guint first_player;  /* player k's game score at first_player + 2k, total next */
  guint result, initials, last;
} SheetColumns;

static void
columns_for_size (guint         size,
                  SheetColumns *c)
{
  c->size = size;
  c->game = 0;
  c->segment = 1;
  c->box = 2;
  c->captain = 3;
  c->playing = 4;
  c->cube = 5;
  c->decisions = 6;
  c->first_player = 7;
  c->result = c->first_player + 2 * size;
  c->initials = c->result + 1;
  c->last = c->initials;
}

/* The layout's column for sheet column @col. */
static const CtdTemplateColumn *
sheet_column (Report             *report,
              const SheetColumns *c,
              guint               col)
{
  static const char *const fixed[] = { "Game",    "Segment", "Box",      "Captain",
                                       "Playing", "Cube",    "Decisions" };

  if (col < G_N_ELEMENTS (fixed))
    return ctd_template_get_column (report->layout, fixed[col]);
  if (col < c->result)
    return ctd_template_get_column (report->layout,
                                    (col - c->first_player) % 2 == 0 ? "Score" : "Total");
  return ctd_template_get_column (report->layout, col == c->result ? "Result" : "Initials");
}

/* Every column's width, from the layout. */
static void
set_sheet_widths (Report             *report,
                  CtdSheetPage       *page,
                  const SheetColumns *c)
{
  for (guint col = 0; col <= c->last; col++)
    ctd_sheet_page_set_width (page, col, sheet_column (report, c, col)->width);
}

/* The width of columns @first to @last, in characters. */
static double
span_width (const CtdSheetPage *page,
            guint               first,
            guint               last)
{
  double width = 0;

  for (guint col = first; col <= last; col++)
    width += ctd_sheet_page_get_width (page, col);
  return width;
}

static char *
player_heading (const CtdStoreChouette *seats,
                guint                   k)
{
  return g_strdup_printf ("%u  %s", k + 1, seats->names[k]);
}

static char *
order_text (const guint *order,
            guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? "  " : "", order[i]);
  return g_string_free (text, FALSE);
}

/* Rows 0-3: the title, and the facts of the event, round and chouette. */
static guint
sheet_heading (Report                 *report,
               CtdSheetPage           *page,
               const SheetColumns     *c,
               const CtdStoreChouette *seats)
{
  guint label = report_style (report, "Label", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint value = report_style (report, "Value", CTD_SHEET_ALIGN_LEFT, BOTTOM_LINE | WRAP, NULL);
  guint title = report_style (report, "Title", CTD_SHEET_ALIGN_LEFT, 0, NULL);
  guint badge = report_style (report, "Title", CTD_SHEET_ALIGN_CENTER, OUTLINE | WRAP, NULL);
  guint mid = c->first_player + 1;
  guint right = c->result - 1;
  g_autofree char *title_text = report_layout_text (report, "Title");
  g_autofree char *badge_text = NULL;
  g_autofree char *round_text = NULL;
  g_autofree char *chouette_text = NULL;
  g_autofree char *stake_text = ctd_money_to_string (report->settings.stake_cents);
  const char *venue = report->settings.venue;
  g_autofree char *event_text = NULL;
  double size = report_tallest (report, "Value", NULL);
  struct
  {
    const char *label_key;
    const char *text;
  } left[3], middle[3];

  badge_text = g_strdup_printf ("%s %u.%u\n%s %u",
                                ctd_template_get_text (report->layout, "Chouette"), seats->round,
                                seats->number, ctd_template_get_text (report->layout, "Table"),
                                seats->table);
  round_text = g_strdup_printf ("%s, %s", report_get_value (report, "round"),
                                report_get_value (report, "stage"));
  chouette_text = g_strdup_printf ("%u.%u  (%s %u)", seats->round, seats->number,
                                   ctd_template_get_text (report->layout, "Table"), seats->table);
  event_text = venue != NULL && *venue != '\0'
                 ? g_strdup_printf ("%s, %s", report->settings.name, venue)
                 : g_strdup (report->settings.name);

  left[0].label_key = "Event", left[0].text = event_text;
  left[1].label_key = "Round", left[1].text = round_text;
  left[2].label_key = "Chouette", left[2].text = chouette_text;
  middle[0].label_key = "Date", middle[0].text = report_get_value (report, "date");
  middle[1].label_key = "Stake", middle[1].text = stake_text;
  middle[2].label_key = "Seed", middle[2].text = report_get_value (report, "seed");

  report_put_text (page, 0, 0, right, title_text, title);
  ctd_sheet_page_set_height (page, 0,
                             report_row_height (report_tallest (report, "Title", NULL), 1,
                                                SHEET_TITLE_ROOM));
  ctd_sheet_cell_merge (report_put_text (page, 0, c->result, c->last, badge_text, badge), 3,
                        c->last);

  for (guint i = 0; i < 3; i++)
    {
      guint row = 1 + i;
      /* A long event name or venue wraps; its row grows to show it all. */
      guint lines = MAX (report_lines_needed (left[i].text, span_width (page, 2, c->decisions),
                                              size),
                         report_lines_needed (middle[i].text, span_width (page, mid + 1, right),
                                              size));

      ctd_sheet_page_set_height (page, row,
                                 report_row_height (report_tallest (report, "Label", "Value",
                                                                   NULL),
                                                    lines, SHEET_INFO_ROOM));
      report_put_text (page, row, 0, 1, ctd_template_get_text (report->layout, left[i].label_key),
                       label);
      report_put_text (page, row, 2, c->decisions, left[i].text, value);
      report_put_text (page, row, c->first_player, mid,
                       ctd_template_get_text (report->layout, middle[i].label_key), label);
      report_put_text (page, row, mid + 1, right, middle[i].text, value);
    }
  ctd_sheet_page_set_height (page, 4, SHEET_GAP);
  return 5;
}

/* Rows 5-6: the column headings, with each player's number and name. */
static guint
sheet_table_heading (Report                 *report,
                     CtdSheetPage           *page,
                     const SheetColumns     *c,
                     const CtdStoreChouette *seats,
                     guint                   row)
{
  guint heading = report_style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX | SHADED | WRAP,
                                NULL);
  guint name = report_style (report, "Heading", CTD_SHEET_ALIGN_CENTER, BOX | SHADED | WRAP, NULL);
  const char *keys[] = { "Game", "Segment", "Box", "Captain", "Playing", "Cube", "Decisions" };
  double size = report_tallest (report, "Heading", NULL);
  guint n_lines = 1;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, keys[i]);
      CtdSheetCell *cell = report_put_text (page, row, i, i, column->heading, heading);

      ctd_sheet_cell_merge (cell, row + 1, i);
    }
  for (guint k = 0; k < c->size; k++)
    {
      const CtdTemplateColumn *score = ctd_template_get_column (report->layout, "Score");
      const CtdTemplateColumn *total = ctd_template_get_column (report->layout, "Total");
      guint col = c->first_player + 2 * k;
      g_autofree char *text = player_heading (seats, k);

      report_put_text (page, row, col, col + 1, text, name);
      /* Bold and centred: fewer characters to a line. */
      n_lines = MAX (n_lines,
                     report_lines_needed (text,
                                          (score->width + total->width) * SHEET_PLAYER_CHARS,
                                          size));
      report_put_text (page, row + 1, col, col, score->heading, heading);
      report_put_text (page, row + 1, col + 1, col + 1, total->heading, heading);
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *key = i == 0 ? "Result" : "Initials";
      const CtdTemplateColumn *column = ctd_template_get_column (report->layout, key);
      guint col = i == 0 ? c->result : c->initials;

      ctd_sheet_cell_merge (report_put_text (page, row, col, col, column->heading, heading),
                            row + 1, col);
    }
  /* Two lines at least: "Cube decisions" spans both rows. */
  ctd_sheet_page_set_height (page, row,
                             report_row_height (size, MAX (2, n_lines), SHEET_PLAYERS_ROOM));
  ctd_sheet_page_set_height (page, row + 1, report_row_height (size, 1, SHEET_HEADINGS_ROOM));
  return row + 2;
}

/*
 * The last segment's order as the sheet prints it (rules 1.6, 3.8): a
 * filled sheet shows what the chouette's page shows
 * (ctd_chouette_get_sheet_last_order()); a blank one only a fixed order
 * (the director fixes it to print the sheet). NULL while it cannot be
 * known: the players write it in.
 */
static const guint *
sheet_last_order (const CtdChouette *chouette,
                  gboolean           blank,
                  guint             *computed)
{
  if (blank)
    return ctd_chouette_get_last_segment_order (chouette);
  return ctd_chouette_get_sheet_last_order (chouette, computed) ? computed : NULL;
}

/*
 * What the notes column shows for a recorded game: its result line, then
 * one line per director's adjustment (SPEC 5: "A:Q>R:V"), spelt out from
 * the ledger so that nobody reads it as part of the game's result.
 */
static char *
result_text (Report          *report,
             const CtdResult *result)
{
  g_autoptr(CtdResult) game = ctd_result_copy (result);
  g_autoptr(GArray) ledger = ctd_result_ledger (result);
  g_autofree char *notation = NULL;
  GString *text;

  game->n_adjustments = 0;
  notation = ctd_result_format (game);
  text = g_string_new (notation);
  for (guint i = 0; i < ledger->len; i++)
    {
      const CtdPayment *payment = &g_array_index (ledger, CtdPayment, i);
      g_autofree char *payer = NULL;
      g_autofree char *payee = NULL;
      g_autofree char *amount = NULL;
      g_autofree char *points = NULL;
      g_autofree char *line = NULL;

      if (payment->kind != CTD_PAYMENT_ADJUSTMENT)
        continue;
      payer = g_strdup_printf ("%u", payment->from);
      payee = g_strdup_printf ("%u", payment->to);
      amount = ctd_halves_to_string (payment->amount, FALSE);
      /* Half points: "0.5 point", "1 point", "1.5 points". */
      points = g_strdup_printf (ngettext ("%s point", "%s points", (payment->amount + 1) / 2),
                                amount);
      report_set_value (report, "payer", payer);
      report_set_value (report, "payee", payee);
      report_set_value (report, "points", points);
      line = report_layout_text (report, "Adjustment");
      g_string_append_printf (text, "\n%s", line);
    }
  return g_string_free (text, FALSE);
}

/* Rows 7-18: one per game. Unknown facts stay blank for the pen. */
static guint
sheet_games (Report                 *report,
             CtdSheetPage           *page,
             const SheetColumns     *c,
             const CtdChouette      *chouette,
             gboolean                blank,
             guint                   first_row)
{
  double size = report_tallest (report, "Value", "Body", NULL);
  guint previous_segment = 0;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    {
      guint row = first_row + game - 1;
      CtdChouetteGame view;
      gboolean new_segment, end_segment;
      gboolean recorded;
      guint flags;
      guint number, plain, score, note;
      char text[64];

      /* A blank sheet shows no order the scores give: only a fixed one. */
      if (blank)
        ctd_chouette_get_game (chouette, game, &view);
      else
        ctd_chouette_get_sheet_game (chouette, game, &view);
      recorded = !blank && view.result != NULL;
      new_segment = game > 1 && view.slot.segment != previous_segment;
      previous_segment = view.slot.segment;
      /* Both sides of a segment's border, as spreadsheets draw either. */
      end_segment = game < CTD_N_GAMES &&
                    ctd_schedule_segment_of (c->size, game + 1) != view.slot.segment;
      flags = BOX | (new_segment ? TOP_HEAVY : 0) | (end_segment ? BOTTOM_HEAVY : 0);
      number = report_style (report, "Value", CTD_SHEET_ALIGN_CENTER, flags, NULL);
      plain = report_style (report, "Body", CTD_SHEET_ALIGN_CENTER, flags, NULL);
      score = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT, flags, SCORE_FORMAT);
      note = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, flags | WRAP, NULL);
      /* Room to write a result in by hand, too. */
      ctd_sheet_page_set_height (page, row, report_row_height (size, 1, SHEET_GAME_ROOM));

      g_snprintf (text, sizeof text, "%u", game);
      ctd_sheet_page_add_number (page, row, c->game, game, text, number);
      g_snprintf (text, sizeof text, "%u", view.slot.segment);
      ctd_sheet_page_add_number (page, row, c->segment, view.slot.segment, text, plain);
      g_snprintf (text, sizeof text, "%u", view.slot.box);
      ctd_sheet_page_add_number (page, row, c->box, view.slot.box, text, number);
      /* Rules 1.1(b), 1.6, 3.8: the Captain and the playing order, the
       * last segment's once its order is known. */
      if (view.slot.captain != 0)
        {
          g_autofree char *playing = order_text (view.slot.playing_order, view.slot.n_crew);

          g_snprintf (text, sizeof text, "%u", view.slot.captain);
          ctd_sheet_page_add_number (page, row, c->captain, view.slot.captain, text, number);
          report_put_text (page, row, c->playing, c->playing, playing, plain);
        }
      else
        {
          report_put_blank (page, row, c->captain, c->captain, number);
          report_put_blank (page, row, c->playing, c->playing, plain);
        }
      g_snprintf (text, sizeof text, "%u", view.slot.cube_start);
      ctd_sheet_page_add_number (page, row, c->cube, view.slot.cube_start, text, plain);
      if (view.decision_known && (!blank || game == 1))
        {
          g_autofree char *decisions = order_text (view.decision_order, view.slot.n_crew);

          report_put_text (page, row, c->decisions, c->decisions, decisions, plain);
        }
      else
        report_put_blank (page, row, c->decisions, c->decisions, plain);

      for (guint k = 0; k < c->size; k++)
        {
          guint col = c->first_player + 2 * k;

          if (recorded)
            report_put_score (page, row, col, view.deltas[k], score);
          else
            report_put_blank (page, row, col, col, score);
          if (recorded && view.running_known)
            {
              g_autofree char *here = ctd_sheet_cell_ref (row, col);
              g_autofree char *above = ctd_sheet_cell_ref (row - 1, col + 1);
              g_autofree char *formula = game == 1 ? g_strdup_printf ("=%s", here)
                                                   : g_strdup_printf ("=%s+%s", above, here);
              g_autofree char *value = ctd_halves_to_string (view.running[k], TRUE);

              ctd_sheet_page_add_formula (page, row, col + 1, formula, view.running[k] / 2.0,
                                          value, score);
            }
          else
            report_put_blank (page, row, col + 1, col + 1, score);
        }
      if (recorded)
        {
          g_autofree char *notation = result_text (report, view.result);
          guint lines = report_lines_needed (notation, ctd_sheet_page_get_width (page, c->result),
                                             report_tallest (report, "Body", NULL));

          report_put_text (page, row, c->result, c->result, notation, note);
          /* An adjustment's line, or a long result, gets its own room. */
          if (lines > 1)
            ctd_sheet_page_set_height (page, row, report_row_height (size, lines, SHEET_GAME_ROOM));
        }
      else
        report_put_blank (page, row, c->result, c->result, note);
      report_put_blank (page, row, c->initials, c->initials, plain);
    }
  return first_row + CTD_N_GAMES;
}

/* The totals, their zero-sum check and each player's amount at the stake. */
static guint
sheet_totals (Report                 *report,
              CtdSheetPage           *page,
              const SheetColumns     *c,
              const CtdChouette      *chouette,
              gboolean                blank,
              guint                   first_game_row,
              guint                   row)
{
  gboolean known = !blank && ctd_chouette_get_n_recorded (chouette) > 0;
  /* Rule 1.8: a chouette settles at its end; amounts before it are only
   * what the scores so far would come to, and say so. */
  gboolean provisional = known && !ctd_chouette_is_complete (chouette);
  guint label = report_style (report, "Heading", CTD_SHEET_ALIGN_RIGHT,
                              BOX | SHADED | TOP_HEAVY, NULL);
  guint total = report_style (report, "Value", CTD_SHEET_ALIGN_RIGHT, BOX | TOP_HEAVY,
                              SCORE_FORMAT);
  guint money = report_style (report, "Body", CTD_SHEET_ALIGN_RIGHT,
                              BOX | (provisional ? ITALIC : 0), MONEY_FORMAT);
  guint money_label = report_style (report, "Heading", CTD_SHEET_ALIGN_RIGHT,
                                    BOX | SHADED | (provisional ? ITALIC : 0), NULL);
  guint check_label = report_style (report, "Small", CTD_SHEET_ALIGN_RIGHT, BOX | TOP_HEAVY | WRAP,
                                    NULL);
  guint check = report_style (report, "Value", CTD_SHEET_ALIGN_CENTER, BOX | TOP_HEAVY,
                              SCORE_FORMAT);
  guint empty = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOX, NULL);
  CtdHalves totals[CTD_MAX_PLAYERS];
  g_autoptr(GString) all_totals = g_string_new ("=");
  g_autofree char *stake_text = ctd_money_to_string (report->settings.stake_cents);
  g_autoptr(GString) amount_label = g_string_new (NULL);
  CtdCents amounts[CTD_MAX_PLAYERS] = { 0, };
  CtdHalves sum = 0;

  g_string_printf (amount_label, "%s (%s)", ctd_template_get_text (report->layout, "Amounts"),
                   stake_text);
  if (provisional)
    {
      g_autofree char *note = report_layout_text (report, "Provisional");

      g_string_append_printf (amount_label, ", %s", note);
    }

  ctd_chouette_get_totals (chouette, totals);
  /* SPEC 7: the amounts the settlement pays, each within a cent. */
  ctd_money_amounts (totals, c->size, report->settings.stake_cents, amounts);
  report_put_text (page, row, 0, c->decisions, ctd_template_get_text (report->layout, "Totals"),
                   label);
  report_put_text (page, row + 1, 0, c->decisions, amount_label->str, money_label);
  ctd_sheet_page_set_height (page, row,
                             report_row_height (report_tallest (report, "Heading", "Value",
                                                               "Small", NULL),
                                                1, SHEET_TOTALS_ROOM));
  ctd_sheet_page_set_height (page, row + 1,
                             report_row_height (report_tallest (report, "Heading", "Body", NULL),
                                                1, SHEET_AMOUNTS_ROOM));

  for (guint k = 0; k < c->size; k++)
    {
      guint col = c->first_player + 2 * k;
      g_autofree char *first = ctd_sheet_cell_ref (first_game_row, col);
      g_autofree char *last = ctd_sheet_cell_ref (first_game_row + CTD_N_GAMES - 1, col);
      g_autofree char *here = ctd_sheet_cell_ref (row, col);
      CtdSheetCell *cell;

      g_string_append_printf (all_totals, "%s%s", k > 0 ? "+" : "", here);
      sum += totals[k];
      if (!known)
        {
          report_put_blank (page, row, col, col + 1, total);
          report_put_blank (page, row + 1, col, col + 1, money);
          continue;
        }
      {
        g_autofree char *formula = g_strdup_printf ("=SUM(%s:%s)", first, last);
        g_autofree char *text = ctd_halves_to_string (totals[k], TRUE);
        CtdCents cents = amounts[k];
        g_autofree char *amount = ctd_money_to_string (cents);

        cell = ctd_sheet_page_add_formula (page, row, col, formula, totals[k] / 2.0, text, total);
        ctd_sheet_cell_merge (cell, row, col + 1);
        /* The amount as it is paid, not "=total*stake": SPEC 7 rounds to
         * the cent so that the amounts sum to zero, which no formula of
         * the cell's own total can say (-1.5 at 3.75 is paid -5.62). */
        cell = ctd_sheet_page_add_number (page, row + 1, col, cents / 100.0, amount, money);
        ctd_sheet_cell_merge (cell, row + 1, col + 1);
      }
    }

  report_put_text (page, row, c->result, c->result,
                   ctd_template_get_text (report->layout, "ZeroSum"), check_label);
  if (known)
    {
      g_autofree char *text = ctd_halves_to_string (sum, TRUE);

      ctd_sheet_page_add_formula (page, row, c->initials, all_totals->str, sum / 2.0, text, check);
    }
  else
    report_put_blank (page, row, c->initials, c->initials, check);
  report_put_blank (page, row + 1, c->result, c->initials, empty);
  return row + 2;
}

/* The last-segment rule and, once known, its order; then the settlement. */
static guint
sheet_notes (Report                 *report,
             CtdSheetPage           *page,
             const SheetColumns     *c,
             const CtdStoreChouette *seats,
             CtdChouette            *chouette,
             const guint            *order,
             gboolean                blank,
             guint                   row)
{
  guint text_style = report_style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint strong = report_style (report, "Heading", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint first = ctd_schedule_first_last_game (c->size);
  g_autofree char *first_text = g_strdup_printf ("%u", first);
  g_autofree char *before_text = g_strdup_printf ("%u", first - 1);
  CtdLastSegmentDirection direction = ctd_chouette_get_direction (chouette);
  g_autofree char *rule = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *settlement_line = NULL;
  double width = span_width (page, 0, c->last);
  double size;
  guint n_lines;

  report_set_value (report, "first", first_text);
  report_set_value (report, "before", before_text);
  report_set_value (report, "direction",
                    /* Translators: how the last segment orders the cube
                     * decisions, by score: {direction} of the LastSegment text */
                    direction == CTD_LAST_SEGMENT_HIGHEST_FIRST ? _("highest first")
                                                                : _("lowest first"));
  rule = report_layout_text (report, "LastSegment");
  g_string_append (line, rule);
  if (order != NULL)
    {
      /* The Captain of each game of the segment, as the players call it. */
      g_autoptr(GString) captains = g_string_new (NULL);
      g_autofree char *known = NULL;
      g_autofree char *order_str = NULL;

      for (guint game = first; game <= CTD_N_GAMES; game++)
        {
          CtdGameSlot slot;

          ctd_schedule_slot (c->size, game, order, &slot);
          g_string_append_printf (captains, "%s%u", game > first ? ", " : "", slot.captain);
        }
      order_str = g_string_free (g_steal_pointer (&captains), FALSE);

      report_set_value (report, "order", order_str);
      known = report_layout_text (report, "LastSegmentKnown");
      g_string_append_printf (line, " %s", known);
    }
  ctd_sheet_page_set_height (page, row, SHEET_GAP);
  row++;
  report_put_text (page, row, 0, c->last, line->str, text_style);
  size = report_tallest (report, "Small", NULL);
  ctd_sheet_page_set_height (page, row,
                             report_row_height (size, report_lines_needed (line->str, width, size),
                                                SHEET_NOTE_ROOM));
  row++;

  g_string_truncate (line, 0);
  if (!blank && !ctd_chouette_is_complete (chouette) && ctd_chouette_get_n_recorded (chouette) > 0)
    {
      g_autofree char *pending = report_layout_text (report, "SettlementPending");

      g_string_append (line, pending);
    }
  else if (!blank && ctd_chouette_is_complete (chouette))
    {
      CtdSettlement settlement;
      g_autoptr(GError) error = NULL;

      CtdHalves totals[CTD_MAX_PLAYERS];

      ctd_chouette_get_totals (chouette, totals);
      if (ctd_money_settle (totals, c->size, report->settings.stake_cents, &settlement, &error))
        for (guint i = 0; i < settlement.n_transfers; i++)
          {
            const CtdTransfer *t = &settlement.transfers[i];
            g_autofree char *amount = ctd_money_to_string (t->amount);

            g_string_append_printf (line, "%s%u %s %s %u %s %s", i > 0 ? ";   " : "", t->from,
                                    seats->names[t->from - 1],
                                    ctd_template_get_text (report->layout, "Pays"), t->to,
                                    seats->names[t->to - 1], amount);
          }
      else
        g_string_append (line, error->message);
    }
  settlement_line = report_heading_text (ctd_template_get_text (report->layout, "Settlement"),
                                         line->str);
  report_put_text (page, row, 0, c->last, settlement_line, strong);
  size = report_tallest (report, "Heading", NULL);
  n_lines = report_lines_needed (settlement_line, width * BOLD_CHARS, size);
  ctd_sheet_page_set_height (page, row, report_row_height (size, n_lines, SHEET_SETTLEMENT_ROOM));
  return row + 1;
}

/* Where the players and the director sign. */
static guint
sheet_signatures (Report                 *report,
                  CtdSheetPage           *page,
                  const SheetColumns     *c,
                  const CtdStoreChouette *seats,
                  guint                   row)
{
  guint text_style = report_style (report, "Small", CTD_SHEET_ALIGN_LEFT, WRAP, NULL);
  guint line = report_style (report, "Body", CTD_SHEET_ALIGN_LEFT, BOTTOM_LINE, NULL);
  guint caption = report_style (report, "Small", CTD_SHEET_ALIGN_CENTER, WRAP, NULL);
  double size = report_tallest (report, "Small", NULL);
  guint n_lines = 1;

  ctd_sheet_page_set_height (page, row, SHEET_GAP);
  row++;
  report_put_text (page, row, 0, c->decisions, ctd_template_get_text (report->layout, "Signatures"),
                   text_style);
  ctd_sheet_cell_merge ((CtdSheetCell *) ctd_sheet_page_find (page, row, 0), row + 1,
                        c->decisions);
  for (guint k = 0; k < c->size; k++)
    {
      guint col = c->first_player + 2 * k;
      g_autofree char *name = player_heading (seats, k);

      report_put_blank (page, row, col, col + 1, line);
      report_put_text (page, row + 1, col, col + 1, name, caption);
      n_lines = MAX (n_lines, report_lines_needed (name,
                                                   (ctd_sheet_page_get_width (page, col)
                                                    + ctd_sheet_page_get_width (page, col + 1))
                                                       * SPAN_CHARS,
                                                   size));
    }
  report_put_blank (page, row, c->result, c->initials, line);
  report_put_text (page, row + 1, c->result, c->initials,
                   ctd_template_get_text (report->layout, "Director"), caption);
  ctd_sheet_page_set_height (page, row, SHEET_SIGNATURE_HEIGHT);
  ctd_sheet_page_set_height (page, row + 1, report_row_height (size, n_lines, SHEET_CAPTION_ROOM));
  return row + 2;
}

gboolean
report_add_chouette_sheet (Report                 *report,
                           const CtdStoreRound    *info,
                           const CtdStoreChouette *seats,
                           GError                **error)
{
  CtdChouette *chouette;
  SheetColumns c;
  CtdSheetPage *page;
  g_autofree char *name = g_strdup_printf ("%u.%u", seats->round, seats->number);
  g_autofree char *table = NULL;
  g_autofree char *sheet_name = NULL;
  g_autofree char *entered = NULL;
  gboolean blank = report->options->blank;
  const char *link;
  guint computed[CTD_MAX_PLAYERS - 1];
  const guint *order;
  guint row, games;

  chouette = report_load_chouette (report, seats->round, seats->number, error);
  if (chouette == NULL ||
      !report_use_layout (report, seats->size == 4 ? &report_sheet_4_spec : &report_sheet_3_spec,
                          error))
    return FALSE;

  table = g_strdup_printf ("%u", seats->table);
  report_set_round_values (report, info);
  report_set_value (report, "label", name);
  report_set_value (report, "table", table);
  entered = g_strdup_printf ("%u", ctd_chouette_get_n_recorded (chouette));
  report_set_value (report, "entered", entered);
  link = report_link_for (report, seats->round, seats->number);
  report_set_value (report, "link", link != NULL ? link : "");
  columns_for_size (seats->size, &c);
  /* Not "1.3" alone: a spreadsheet reads a name that starts with a digit,
   * unquoted in the print area, as a number. */
  /* Translators: a worksheet's name in the XLSX file, such as "Chouette 1.3": at
   * most 31 characters, none of [ ] : * ? / \ */
  sheet_name = g_strdup_printf (_("Chouette %s"), name);
  page = report_add_page (report, sheet_name);
  page->fit_one_page = TRUE;
  set_sheet_widths (report, page, &c);

  for (guint k = 0; k < seats->size; k++)
    ctd_sheet_doc_add_name (report->doc, seats->names[k]);
  row = sheet_heading (report, page, &c, seats);
  row = sheet_table_heading (report, page, &c, seats, row);
  games = row;
  order = sheet_last_order (chouette, blank, computed);
  row = sheet_games (report, page, &c, chouette, blank, games);
  row = sheet_totals (report, page, &c, chouette, blank, games, row);
  row = sheet_notes (report, page, &c, seats, chouette, order, blank, row);
  row = sheet_signatures (report, page, &c, seats, row);
  if (link != NULL)
    {
      g_autofree char *codes = report_seat_codes (link, seats->size, seats->names);

      if (report_add_table_link (report, page, row, c.first_player, c.result, name, link, codes,
                                 error) == 0)
        return FALSE;
    }
  return TRUE;
}

/* Every scoring sheet of a round, in chouette order. */
gboolean
report_add_round_sheets (Report              *report,
                         const CtdStoreRound *info,
                         GError             **error)
{
  g_autoptr(GPtrArray) chouettes = ctd_store_list_chouettes (report->store, info->number, error);

  if (chouettes == NULL)
    return FALSE;
  for (guint i = 0; i < chouettes->len; i++)
    if (!report_add_chouette_sheet (report, info, g_ptr_array_index (chouettes, i), error))
      return FALSE;
  return TRUE;
}
