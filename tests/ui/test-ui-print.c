/* test-ui-print.c: Print or Export: printed sheets, secrecy on paper,
 * the page setup kept per event, the in-app preview.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints go through GtkPrintOperation in export mode (a PDF, no dialog),
 * read back with poppler's pdfinfo and pdftotext: what a printer would
 * have received.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "ctd-application.h"
#include "ctd-document-store.h"
#include "ctd-tournament.h"
#include "ctd-export-dialog.h"
#include "ctd-print-preview.h"
#include "ctd-print.h"
#include "ctd-report.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-ui.h"

typedef CtdTestFolder Fixture;

/* One per process: a second one with the same ID would not register. */
static CtdApplication *app;

/* ---- reading the PDF back ----------------------------------------------- */

static gboolean
have_poppler (void)
{
  g_autofree char *info = g_find_program_in_path ("pdfinfo");
  g_autofree char *text = g_find_program_in_path ("pdftotext");

  return info != NULL && text != NULL;
}

static char *
run_tool (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error))
    fail_msg ("%s: %s", argv[0], error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    fail_msg ("%s failed on %s", argv[0], argv[g_strv_length ((char **) argv) - 1]);
  return out;
}

static guint
pdf_n_pages (const char *path)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *info = run_tool (argv);
  const char *line = strstr (info, "Pages:");

  assert_non_null (line);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

/* Page @page's size in points, from "Page    1 size: 841.89 x 595.276 pts". */
static void
pdf_page_size (const char *path,
               guint       page,
               double     *width,
               double     *height)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdfinfo", "-f", number, "-l", number, path, NULL };
  g_autofree char *info = run_tool (argv);
  const char *line = strstr (info, " size: ");
  char *end = NULL;

  assert_non_null (line);
  *width = g_ascii_strtod (line + strlen (" size: "), &end);
  assert_non_null (strstr (end, " x "));
  *height = g_ascii_strtod (strstr (end, " x ") + 3, NULL);
}

static char *
pdf_text (const char *path,
          guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdftotext", "-layout", "-f", number, "-l", number, path, "-", NULL };

  return run_tool (argv);
}

static char *
pdf_all_text (const char *path)
{
  const char *argv[] = { "pdftotext", "-layout", path, "-", NULL };

  return run_tool (argv);
}

/* A score as the sheets print one: "+2", "-1.5" after a space. */
static gboolean
has_score (const char *text)
{
  return g_regex_match_simple ("(^|\\s)[+-][0-9]", text, G_REGEX_MULTILINE, 0);
}

/* ---- the dialog ------------------------------------------------------- */

/* The choice (a toggle button) whose label contains @text. */
static GtkToggleButton *
find_choice (GtkWidget  *root,
             const char *text)
{
  GtkLabel *label = ctd_test_find_label (root, text);

  if (label == NULL)
    fail_msg ("no choice “%s”", text);
  return GTK_TOGGLE_BUTTON (gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_TOGGLE_BUTTON));
}

/* The round offered: the dialog's first drop-down. */
static void
choose_round (CtdExportDialog *dialog,
              guint            round)
{
  GtkWidget *dropdown = ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), round - 1);
}

static void
choose (CtdExportDialog *dialog,
        const char      *name,
        gboolean         public_view)
{
  GtkToggleButton *check = find_choice (GTK_WIDGET (dialog), name);

  assert_non_null (check);
  gtk_toggle_button_set_active (check, TRUE);
  gtk_switch_set_active (GTK_SWITCH (ctd_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SWITCH)),
                         public_view);
}

static void
print_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out_result = user_data;

  *out_result = g_object_ref (result);
}

/* What the dialog's choices print, as a PDF at @path, waiting for the
 * report built in a worker thread (30 s at most). */
static gboolean
print_to (CtdExportDialog  *dialog,
          const char       *path,
          GError          **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  ctd_export_dialog_print_async (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT, path,
                                 print_ready_cb, &result);
  while (result == NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_non_null (result);
  return ctd_export_dialog_print_finish (dialog, result, error);
}

/* What the dialog's choices print, as a PDF at @path; its text. */
static char *
print_choice (CtdExportDialog *dialog,
              const char      *path)
{
  g_autoptr(GError) error = NULL;

  g_unlink (path);
  if (!print_to (dialog, path, &error))
    fail_msg ("print: %s", error->message);
  assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  return pdf_all_text (path);
}

static char *
sibling (const Fixture *fixture,
         const char    *name)
{
  g_autofree char *dir = g_path_get_dirname (fixture->path);

  return g_build_filename (dir, name, NULL);
}

/* ---- tests ------------------------------------------------------------ */

/* The day's most common job: the blank sheets of a round just drawn,
 * offered first. 26 players: five chouettes of four and two of three,
 * one landscape page each, holding its players' names. */
static void
test_blank_sheets (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autofree char *pdf = sibling (fixture, "blank.pdf");
  g_autofree char *text = NULL;
  CtdExportDialog *dialog;
  GtkToggleButton *blank;

  if (!have_poppler ())
    skip ();
  ctd_test_draw_players (document, 26);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  blank = find_choice (GTK_WIDGET (dialog), "Blank scoring sheets");
  assert_true (gtk_toggle_button_get_active (blank));
  assert_ptr_equal (gtk_window_get_focus (GTK_WINDOW (dialog)), blank);
  assert_true (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (dialog), "export.print")));
  ctd_test_screenshot (GTK_WINDOW (dialog), "print.png");

  text = print_choice (dialog, pdf);
  assert_int_equal (pdf_n_pages (pdf), 7);
  for (guint c = 1; c <= 7; c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CtdStoreChouette) seats = ctd_tournament_get_chouette (
        ctd_document_get_store (document), 1, c, &error);
      g_autofree char *page = pdf_text (pdf, c);
      g_autofree char *label = g_strdup_printf ("1.%u", c);
      double width, height;

      assert_non_null (seats);
      assert_int_equal (seats->size, c <= 5 ? 4 : 3);
      pdf_page_size (pdf, c, &width, &height);
      assert_true (width > height);
      assert_non_null (strstr (page, label));
      for (guint k = 0; k < seats->size; k++)
        if (strstr (page, seats->names[k]) == NULL)
          fail_msg ("page %u lacks %s:\n%s", c, seats->names[k], page);
      /* Blank: no player has a score yet. */
      assert_false (has_score (page));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A game of chouette @round.1 recorded: the round is in play. */
static void
start_round (CtdStore *store,
             guint     round)
{
  g_autoptr(GError) error = NULL;

  if (!ctd_store_record_game (store, round, 1, 1, "B", FALSE, &error))
    fail_msg ("record: %s", error->message);
}

/* The round's games all played (the one game of start_round() undone
 * first), then released. */
static void
finish_round (CtdStore *store,
              guint     round)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  CtdRng rng;

  ctd_rng_init (&rng, round);
  if (!ctd_store_undo (store, &summary, &error) ||
      !ctd_sample_play_round (store, round, &rng, FALSE, &error) ||
      !ctd_sample_roll_off_ties (store, round, 2, 0, 77, &error) ||
      !ctd_store_release_round (store, round, &error))
    fail_msg ("round %u: %s", round, error->message);
}

/* Prints the standings of @round, public, then for the director. */
static void
check_standings (CtdExportDialog *dialog,
                 CtdDocument     *document,
                 const char      *pdf,
                 guint            round,
                 gboolean         public_has_scores)
{
  g_autofree char *public_text = NULL;
  g_autofree char *director_text = NULL;
  g_autofree char *title = g_strdup_printf ("Standings: round %u", round);
  CtdStore *store = ctd_document_get_store (document);
  g_autoptr(CtdStoreChouette) seats = ctd_tournament_get_chouette (store, round, 1, NULL);

  /* The writes went to the store behind the document's back: it reads
   * them now, as its poll would. */
  ctd_document_check_for_changes (document);
  choose_round (dialog, round);
  choose (dialog, "Round standings", TRUE);
  public_text = print_choice (dialog, pdf);
  assert_non_null (strstr (public_text, title));
  assert_non_null (seats);
  assert_non_null (strstr (public_text, seats->names[0]));
  if (has_score (public_text) != public_has_scores)
    fail_msg ("round %u, public: scores %s expected:\n%s", round,
              public_has_scores ? "were" : "were not", public_text);
  /* The director's copy has them all along (so the check above can see
   * a score when there is one). */
  choose (dialog, "Round standings", FALSE);
  director_text = print_choice (dialog, pdf);
  assert_true (has_score (director_text));
}

/* Rule 1.7 on paper: a public print of an incomplete Qualifying and of an
 * incomplete Semi-final round holds no score; once released it does. */
static void
test_public_standings (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autofree char *pdf = sibling (fixture, "standings.pdf");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) advancers = NULL;
  CtdAdvanceTie tie = { 0, NULL };
  CtdStore *store = ctd_document_get_store (document);
  CtdExportDialog *dialog;
  guint round;

  if (!have_poppler ())
    skip ();
  /* 12 players: three Qualifying chouettes, top 2 each: a Semi-final of 6. */
  ctd_test_draw_players (document, 12);
  start_round (store, 1);
  dialog = ctd_export_dialog_new (NULL, document);
  check_standings (dialog, document, pdf, 1, FALSE);

  finish_round (store, 1);
  check_standings (dialog, document, pdf, 1, TRUE);

  advancers = ctd_tournament_advance (store, 1, 2, 0, &tie, &error);
  if (advancers == NULL)
    fail_msg ("advance: %s", error->message);
  ctd_advance_tie_clear (&tie);
  /* Through the document, as the Rounds page draws: the dialog offers it. */
  assert_true (ctd_document_draw_round (document, 99, &round, &error));
  assert_int_equal (round, 2);
  assert_int_equal (g_list_model_get_n_items (ctd_document_get_rounds (document)), 2);
  start_round (store, 2);
  check_standings (dialog, document, pdf, 2, FALSE);

  /* A public copy of the sheets of a secret round is refused, in words. */
  choose (dialog, "filled scoring sheets", TRUE);
  assert_false (print_to (dialog, pdf, &error));
  assert_non_null (strstr (error->message, "secret"));
  g_clear_error (&error);

  finish_round (store, 2);
  check_standings (dialog, document, pdf, 2, TRUE);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Each choice prints its own document. */
static void
test_choices (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(GError) error = NULL;
  g_autoptr(CtdDocument) document = NULL;
  g_autofree char *pdf = sibling (fixture, "choice.pdf");
  g_autofree char *text = NULL;
  g_autoptr(CtdStoreChouette) seats = NULL;
  CtdExportDialog *dialog;

  if (!have_poppler ())
    skip ();
  /* 16 players, played through: four Qualifying chouettes, the final. */
  assert_true (ctd_test_build_event (fixture->path, 16, 2026, TRUE, &error));
  document = ctd_document_open (fixture->path, &error);
  assert_non_null (document);
  dialog = ctd_export_dialog_new (NULL, document);
  /* Played: the newest round's filled sheets come first. */
  assert_true (gtk_toggle_button_get_active (
    find_choice (GTK_WIDGET (dialog), "filled scoring sheets")));

  /* One chouette: its page alone, its names and scores. */
  assert_true (ctd_export_dialog_select_chouette (dialog, 1, 3));
  seats = ctd_tournament_get_chouette (ctd_document_get_store (document), 1, 3, &error);
  text = print_choice (dialog, pdf);
  assert_int_equal (pdf_n_pages (pdf), 1);
  assert_non_null (strstr (text, "1.3"));
  assert_non_null (strstr (text, seats->names[seats->size - 1]));
  assert_true (has_score (text));
  g_free (text);

  /* Round 1's filled sheets: four pages, no standings. */
  choose_round (dialog, 1);
  choose (dialog, "filled scoring sheets", FALSE);
  text = print_choice (dialog, pdf);
  assert_int_equal (pdf_n_pages (pdf), 4);
  assert_null (strstr (text, "Standings"));
  g_free (text);

  /* Final results and settlements: the placings and who pays whom. */
  choose (dialog, "Final results", FALSE);
  text = print_choice (dialog, pdf);
  assert_non_null (strstr (text, "Final results"));
  assert_non_null (strstr (text, "Settlements"));
  assert_null (strstr (text, "Official scoring sheet"));
  assert_null (strstr (text, "Standings"));
  g_free (text);

  /* The whole event, public: no audit log. */
  choose (dialog, "whole event", TRUE);
  text = print_choice (dialog, pdf);
  assert_non_null (strstr (text, "Official scoring sheet"));
  assert_null (strstr (text, "Audit log"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The paper chosen for an event is used for its next print, and only
 * for it; a print through a printer (GTK's "Print to File") keeps it. */
static void
test_page_setup_per_event (void **state)
{
  Fixture *fixture = *state;
  g_autofree char *other_path = sibling (fixture, "other.chouette");
  g_autofree char *pdf = sibling (fixture, "setup.pdf");
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(CtdDocument) other = ctd_test_create_document (other_path);
  g_autoptr(GtkPageSetup) letter = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) size = gtk_paper_size_new (GTK_PAPER_NAME_LETTER);
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  g_autoptr(GtkPrintSettings) loaded = NULL;
  g_autoptr(GtkPageSetup) loaded_setup = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup_path = ctd_print_setup_path (fixture->path);
  g_autofree char *other_setup_path = ctd_print_setup_path (other_path);
  g_autofree char *text = NULL;
  CtdExportDialog *dialog;
  double width, height;

  if (!have_poppler ())
    skip ();
  ctd_test_draw_players (document, 8);
  ctd_test_draw_players (other, 8);
  assert_string_not_equal (setup_path, other_setup_path);
  g_unlink (setup_path);
  g_unlink (other_setup_path);
  assert_false (ctd_print_setup_load (fixture->path, &loaded, &loaded_setup));

  /* As the print dialog leaves them: Letter paper, two copies. */
  gtk_page_setup_set_paper_size (letter, size);
  gtk_print_settings_set_n_copies (settings, 2);
  assert_true (ctd_print_setup_save (fixture->path, settings, letter, &error));
  assert_true (g_file_test (setup_path, G_FILE_TEST_IS_REGULAR));
  assert_true (ctd_print_setup_load (fixture->path, &loaded, &loaded_setup));
  assert_int_equal (gtk_print_settings_get_n_copies (loaded), 2);
  assert_string_equal (gtk_paper_size_get_name (gtk_page_setup_get_paper_size (loaded_setup)),
                       GTK_PAPER_NAME_LETTER);

  /* This event prints on Letter, landscape for its sheets... */
  dialog = ctd_export_dialog_new (NULL, document);
  text = print_choice (dialog, pdf);
  pdf_page_size (pdf, 1, &width, &height);
  assert_float_equal (width, 792, 1);
  assert_float_equal (height, 612, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* ...the other on its own paper (A4, the C locale's default). */
  dialog = ctd_export_dialog_new (NULL, other);
  g_free (text);
  text = print_choice (dialog, pdf);
  pdf_page_size (pdf, 1, &width, &height);
  assert_float_equal (width, 842, 1);
  assert_float_equal (height, 595, 1);
  assert_false (g_file_test (other_setup_path, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The preview shows the paper it will print on. */
  {
    CtdReportOptions blank = { NULL, FALSE, TRUE, CTD_REPORT_PART_SHEETS };
    g_autoptr(CtdPrintJob) job = ctd_print_job_new (
      ctd_report_round (ctd_document_get_store (document), 1, &blank, &error));

    ctd_print_job_get_printed_size (job, 0, loaded_setup, &width, &height);
    assert_float_equal (width, 792, 1);
    assert_float_equal (height, 612, 1);
    ctd_print_job_get_printed_size (job, 0, NULL, &width, &height);
    assert_float_equal (width, 842, 1);
    assert_float_equal (height, 595, 1);
  }
  g_unlink (setup_path);
}

/* Preview: the first page at once, Page Down, End and Home turn the
 * pages, Escape closes. */
static void
page_drawn_cb (CtdPrintPreview *preview,
               guint            page,
               GArray          *drawn)
{
  g_array_append_val (drawn, page);
}

static gboolean
drawn_any (gconstpointer drawn)
{
  return ((const GArray *) drawn)->len > 0;
}

/* The window of @type, waited for 30 s at most. */
static GtkWindow *
wait_for_toplevel (GType type)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  GtkWindow *window;

  while ((window = ctd_test_find_toplevel (type)) == NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return window;
}

static void
test_preview (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  CtdExportDialog *dialog;
  CtdPrintPreview *preview;
  GtkWidget *label;
  char *clashes;

  ctd_test_draw_players (document, 26);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (dialog));
  if (clashes != NULL)
    fail_msg ("mnemonics used twice: %s", clashes);
  g_free (clashes);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "export.preview", NULL));
  /* It opens once the report, built in a worker thread, is ready. */
  preview = CTD_PRINT_PREVIEW (wait_for_toplevel (CTD_TYPE_PRINT_PREVIEW));
  assert_non_null (preview);
  assert_ptr_equal (gtk_window_get_transient_for (GTK_WINDOW (preview)), GTK_WINDOW (dialog));
  g_signal_connect (preview, "page-drawn", G_CALLBACK (page_drawn_cb), drawn);
  assert_true (ctd_test_wait_for (drawn_any, drawn, 5000, "the preview to draw a page"));
  assert_int_equal (g_array_index (drawn, guint, 0), 0);
  label = GTK_WIDGET (ctd_test_find_label (GTK_WIDGET (preview), "Page 1 of 7"));
  assert_non_null (label);
  assert_false (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (preview), "preview.previous")));
  clashes = ctd_test_mnemonic_clashes (GTK_WIDGET (preview));
  if (clashes != NULL)
    fail_msg ("mnemonics used twice: %s", clashes);
  g_free (clashes);
  ctd_test_screenshot (GTK_WINDOW (preview), "print-preview.png");

  assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.next", NULL));
  assert_int_equal (ctd_print_preview_get_page (preview), 1);
  assert_string_equal (gtk_label_get_text (GTK_LABEL (label)), "Page 2 of 7");
  g_array_set_size (drawn, 0);
  assert_true (ctd_test_wait_for (drawn_any, drawn, 5000, "the preview to draw page 2"));
  assert_int_equal (g_array_index (drawn, guint, drawn->len - 1), 1);
  gtk_widget_activate_action (GTK_WIDGET (preview), "preview.last", NULL);
  assert_int_equal (ctd_print_preview_get_page (preview), 6);
  assert_false (gtk_widget_is_sensitive (
    ctd_test_find_action_button (GTK_WIDGET (preview), "preview.next")));
  gtk_widget_activate_action (GTK_WIDGET (preview), "preview.first", NULL);
  assert_int_equal (ctd_print_preview_get_page (preview), 0);

  gtk_widget_activate_action (GTK_WIDGET (preview), "window.close", NULL);
  assert_null (ctd_test_find_toplevel (CTD_TYPE_PRINT_PREVIEW));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Preview in GTK's print dialog opens the same in-app preview, and the
 * dialog's choices are kept for the event once it is closed. */
typedef struct
{
  gboolean    seen_dialog;
  gboolean    seen_preview;
} DialogRun;

static gboolean
close_preview_cb (gpointer user_data)
{
  DialogRun *run = user_data;
  GtkWindow *preview = ctd_test_find_toplevel (CTD_TYPE_PRINT_PREVIEW);

  if (preview == NULL)
    return G_SOURCE_CONTINUE;
  run->seen_preview = TRUE;
  gtk_window_close (preview);
  return G_SOURCE_REMOVE;
}

static gboolean
preview_from_dialog_cb (gpointer user_data)
{
  DialogRun *run = user_data;
  GtkWindow *dialog = ctd_test_find_toplevel (g_type_from_name ("GtkPrintUnixDialog"));

  if (dialog == NULL)
    return G_SOURCE_CONTINUE;
  run->seen_dialog = TRUE;
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_APPLY);
  g_timeout_add (100, close_preview_cb, run);
  return G_SOURCE_REMOVE;
}

static void
test_print_dialog_preview (void **state)
{
  Fixture *fixture = *state;
  g_autoptr(CtdDocument) document = ctd_test_create_document (fixture->path);
  g_autofree char *setup_path = ctd_print_setup_path (fixture->path);
  DialogRun run = { FALSE, FALSE };
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  CtdExportDialog *dialog;

  ctd_test_draw_players (document, 8);
  g_unlink (setup_path);
  dialog = ctd_export_dialog_new (NULL, document);
  gtk_window_present (GTK_WINDOW (dialog));
  g_timeout_add (100, preview_from_dialog_cb, &run);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "export.print", NULL));
  /* GTK's dialog opens once the report is built; it returns once the
   * preview is closed, and the dialog is no longer busy. */
  while ((!run.seen_preview || ctd_export_dialog_get_busy (dialog)) &&
         g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_true (run.seen_dialog);
  assert_true (run.seen_preview);
  assert_null (ctd_test_find_label (GTK_WIDGET (dialog), "evince"));
  assert_true (g_file_test (setup_path, G_FILE_TEST_IS_REGULAR));
  g_unlink (setup_path);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_blank_sheets, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_public_standings, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_choices, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_page_setup_per_event, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_preview, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_print_dialog_preview, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };
  int failed;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "test-ui-print: no display, skipped\n");
      return 77;
    }
  app = ctd_test_new_application ();
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  g_object_unref (app);
  return failed;
}
