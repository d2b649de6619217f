/* test-table-entry.c: a game entered from the table's phone, confirmed
 * by the other side, accepted at the desk; and every form a stranger's
 * phone could post instead, refused with the event file unchanged.
 * Raw HTTP on loopback, as a browser posts a form.
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

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ctd-link.h"
#include "ctd-serve-guard.h"
#include "ctd-serve-html.h"
#include "ctd-table-server.h"
#include "ctd-test-build.h"
#include "ctd-test-files.h"
#include "ctd-test-serve.h"
#include "ctd-test-store.h"

typedef CtdTestFolder Fixture;

typedef struct
{
  CtdDocument    *document;
  CtdTableServer *server;
  guint           port;
  char           *path;   /* /t/SECRET of 1.1 */
  char           *token;
} Served;

static void
served_open (Served     *served,
             const char *file)
{
  g_autoptr(CtdTestAnswer) form = NULL;
  g_autofree char *enter = NULL;

  served->document = ctd_test_serve_document (file);
  served->server = ctd_test_serve_start (served->document);
  served->port = ctd_table_server_get_port (served->server);
  served->path = ctd_test_serve_secret (served->document, 1, 1);
  enter = g_strconcat (served->path, "/enter/1", NULL);
  form = ctd_test_http_get (served->port, "GET", enter);
  assert_int_equal (form->status, 200);
  served->token = ctd_test_hidden_value (form->body, "token");
}

static void
served_close (Served *served)
{
  g_clear_object (&served->server);
  g_clear_object (&served->document);
  g_clear_pointer (&served->path, g_free);
  g_clear_pointer (&served->token, g_free);
}

static GPtrArray *
lines_of (CtdDocument *document)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = ctd_document_list_submissions (document, 1, 1, &error);

  if (lines == NULL)
    fail_msg ("%s", error->message);
  return lines;
}

/* Game 1 of 1.1 in words: seat 1 is its Box, seat 2 its Captain; the
 * crew won a gammon, seat 2's cube at 2, seat 4 passed at 2. */
#define GAME_1_WORDS "game=1&by=1&winner=team&how=gammon&value-2=2&end-2=played" \
                     "&value-3=1&end-3=played&value-4=2&end-4=taker-passed&more=&notation="
#define GAME_1_LINE  "Tg 2:2 4:2-"

/* The check page, then its send form posted: returns the request key. */
static char *
send_game_1 (Served *served)
{
  g_autofree char *check_path = g_strconcat (served->path, "/check", NULL);
  g_autofree char *send_path = g_strconcat (served->path, "/send", NULL);
  g_autofree char *body = g_strconcat ("token=", served->token, "&" GAME_1_WORDS, NULL);
  g_autoptr(CtdTestAnswer) preview = ctd_test_http_post (served->port, check_path, body);
  g_autoptr(CtdTestAnswer) sent = NULL;
  g_autofree char *request = NULL;
  g_autofree char *send_body = NULL;

  assert_int_equal (preview->status, 200);
  /* The line the words make, and what it does, before anything is sent. */
  assert_non_null (strstr (preview->body, "<code>" GAME_1_LINE "</code>"));
  assert_non_null (strstr (preview->body, "<td class=\"num\">+4</td>"));
  assert_non_null (strstr (preview->body, "<td class=\"num\">-2</td>"));
  /* Seat 3's cube was never turned: rule 3.2 says why it pays single. */
  assert_non_null (strstr (preview->body, "<p class=\"note\">Jacoby rule (3.2): 3 "));
  assert_non_null (strstr (preview->body, "s cube was not turned, so it scores the gammon "
                                          "single</p>"));
  request = ctd_test_hidden_value (preview->body, "request");
  send_body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s",
                               served->token, request);
  sent = ctd_test_http_post (served->port, send_path, send_body);
  assert_int_equal (sent->status, 303);
  assert_true (g_str_has_prefix (ctd_test_answer_header (sent, "Location"), served->path));
  return g_steal_pointer (&request);
}

static void
answer (Served     *served,
        gint64      id,
        guint       by,
        const char *what,
        guint       status)
{
  g_autofree char *path = g_strconcat (served->path, "/answer", NULL);
  g_autofree char *body = g_strdup_printf ("token=%s&id=%" G_GINT64_FORMAT "&by=%u&answer=%s",
                                           served->token, id, by, what);
  g_autoptr(CtdTestAnswer) answered = ctd_test_http_post (served->port, path, body);

  if (answered->status != status)
    fail_msg ("answer %s by %u: %u, expected %u\n%s", what, by, answered->status, status,
              answered->body);
}

/* Entered by the Box in words, checked, sent twice (one line), confirmed
 * by the Captain (not the Box), then accepted at the desk: only then do
 * the desk's totals move, by one logged action. */
static void
test_enter_confirm_accept (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *request = NULL;
  CtdChouetteView *view;
  gint64 audit_before, id;

  served_open (&served, fixture->path);
  view = ctd_document_get_chouette_view (served.document, 1, 1, &error);
  audit_before = ctd_document_get_last_audit_id (served.document, &error);

  request = send_game_1 (&served);
  /* The same form again (a double tap): still one line. */
  {
    g_autofree char *send_path = g_strconcat (served.path, "/send", NULL);
    g_autofree char *again = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-"
                                              "&request=%s", served.token, request);
    g_autoptr(CtdTestAnswer) sent = ctd_test_http_post (served.port, send_path, again);

    assert_int_equal (sent->status, 303);
  }
  lines = lines_of (served.document);
  assert_int_equal (lines->len, 1);
  id = ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id;
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_ENTERED);
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* The table's page asks the Captain. */
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);
    g_autofree char *confirm = g_strdup_printf ("<bdi>%s</bdi>: this is right",
                                                ctd_chouette_view_get_name (view, 2));

    assert_non_null (strstr (page->body, "<code>" GAME_1_LINE "</code>"));
    assert_non_null (strstr (page->body, confirm));
    assert_non_null (strstr (page->body, "name=\"by\" value=\"2\""));
  }
  /* Not by the one who entered it. */
  answer (&served, id, 1, "confirm", 409);
  answer (&served, id, 2, "confirm", 303);
  answer (&served, id, 2, "confirm", 303);  /* a double tap */
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_PENDING);
  assert_string_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->address, "127.0.0.1");
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* Nothing at the desk moved: no game, no log entry. */
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  assert_int_equal (ctd_document_get_last_audit_id (served.document, &error), audit_before);

  assert_true (ctd_document_accept_submission (served.document, id, FALSE, &error));
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 1);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_RECORDED);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);

    assert_null (strstr (page->body, "Lines from this table"));
    assert_non_null (strstr (page->body, "Next: game 2"));
  }
  served_close (&served);
}

/* A line is answered once the disk holds it: a log the desk cannot put
 * on the disk answers 503 in words, and the same form sent again once
 * it can is one line. */
static void
test_disk_refuses (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *log = g_strconcat (fixture->path, "-wal", NULL);
  g_autofree char *kept = g_strconcat (fixture->path, "-wal.kept", NULL);
  g_autofree char *check_path = NULL;
  g_autofree char *send_path = NULL;
  g_autofree char *body = NULL;
  g_autofree char *request = NULL;
  g_autoptr(CtdTestAnswer) preview = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  served_open (&served, fixture->path);
  check_path = g_strconcat (served.path, "/check", NULL);
  send_path = g_strconcat (served.path, "/send", NULL);
  body = g_strconcat ("token=", served.token, "&" GAME_1_WORDS, NULL);
  preview = ctd_test_http_post (served.port, check_path, body);
  request = ctd_test_hidden_value (preview->body, "request");
  g_free (body);
  body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-&request=%s",
                          served.token, request);

  /* The log, still open to SQLite, is out of reach of a flush. */
  assert_int_equal (g_rename (log, kept), 0);
  assert_int_equal (symlink (log, log), 0);
  {
    g_autoptr(CtdTestAnswer) sent = ctd_test_http_post (served.port, send_path, body);

    assert_int_equal (sent->status, 503);
    assert_non_null (strstr (sent->body, "could not save this on its disk"));
  }
  assert_int_equal (g_unlink (log), 0);
  assert_int_equal (g_rename (kept, log), 0);
  {
    g_autoptr(CtdTestAnswer) sent = ctd_test_http_post (served.port, send_path, body);

    assert_int_equal (sent->status, 303);
  }
  lines = lines_of (served.document);
  assert_int_equal (lines->len, 1);
  assert_string_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->line, GAME_1_LINE);
  served_close (&served);
}

/* The Captain says it is wrong: the line goes back, and the game can be
 * entered again. */
static void
test_refused_at_table (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  served_open (&served, fixture->path);
  first = send_game_1 (&served);
  lines = lines_of (served.document);
  answer (&served, ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id, 2, "refuse", 303);
  g_clear_pointer (&lines, g_ptr_array_unref);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);

    assert_non_null (strstr (page->body, "Sent back at the table"));
    assert_non_null (strstr (page->body, "Enter game 1 again"));
  }
  second = send_game_1 (&served);
  assert_string_not_equal (first, second);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_ENTERED);
  served_close (&served);
}

/* A line the rules refuse comes back on its form, in the rule's words
 * and with the game's number; nothing is written. */
static void
test_rule_refusal (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *path = NULL;
  g_autofree char *body = NULL;
  g_autoptr(CtdTestAnswer) refused = NULL;

  served_open (&served, fixture->path);
  before = ctd_test_serve_snapshot (fixture->path);
  path = g_strconcat (served.path, "/check", NULL);
  body = g_strconcat ("token=", served.token, "&game=1&by=1&notation=T+2%3A3", NULL);
  refused = ctd_test_http_post (served.port, path, body);
  assert_int_equal (refused->status, 422);
  assert_non_null (strstr (refused->body, "class=\"problem\""));
  assert_non_null (strstr (refused->body, "Game 1"));
  /* The form comes back as it was. */
  assert_non_null (strstr (refused->body, "value=\"T 2:3\""));
  /* Nor may a phone send the desk's own lines, however it writes them. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *desk_body =
        g_strconcat ("token=", served.token, "&game=1&by=1&notation=",
                     i == 0 ? "T+2%3A128" : "T+A%3A3%3E2%3A1", NULL);
      g_autoptr(CtdTestAnswer) desk_only = ctd_test_http_post (served.port, path, desk_body);

      assert_int_equal (desk_only->status, 422);
      assert_non_null (strstr (desk_only->body, i == 0 ? "a cube at 128 is past what this "
                                                         "table&apos;s phone may send"
                                                       : "an adjustment (A:) is the "
                                                         "director&apos;s ruling"));
    }
  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (before, after);
  served_close (&served);
}

/* A line built from the words form and refused by the rules comes back
 * in the form's words, not in notation; nothing is written. */
static void
test_words_refusal (void **state)
{
  static const struct { const char *answers; const char *says; } cases[] = {
    { "game=1&by=1&winner=none&how=single&value-2=1&end-2=played&value-3=1&end-3=played"
      "&value-4=1&end-4=taker-passed&more=&notation=",
      "You answered that nobody played the game out" },
    { "game=1&by=1&winner=team&how=single&value-2=1&end-2=wash&value-3=1&end-3=taker-passed"
      "&value-4=1&end-4=owner-passed&more=&notation=",
      "answer “Nobody played it out”" },
    { "game=1&by=1&winner=team&how=single&value-2=1&end-2=played&value-3=1&end-3=played"
      "&value-4=1&end-4=played&extra-1-by=3&extra-1-to=4&extra-1-value=2&extra-1-end=played"
      "&more=&notation=",
      "change who offered or took the extra" },
  };
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *path = NULL;

  served_open (&served, fixture->path);
  before = ctd_test_serve_snapshot (fixture->path);
  path = g_strconcat (served.path, "/check", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *body = g_strconcat ("token=", served.token, "&", cases[i].answers, NULL);
      g_autoptr(CtdTestAnswer) refused = ctd_test_http_post (served.port, path, body);
      g_autofree char *says = g_markup_escape_text (cases[i].says, -1);

      assert_int_equal (refused->status, 422);
      if (strstr (refused->body, says) == NULL)
        fail_msg ("case %u: no “%s” in\n%s", i, cases[i].says, refused->body);
      /* No notation: neither an outcome letter nor a token to write. */
      assert_null (strstr (refused->body, "&apos;-&apos;"));
      assert_null (strstr (refused->body, "e.g."));
      assert_null (strstr (refused->body, "&apos;E:"));
    }
  after = ctd_test_serve_snapshot (fixture->path);
  assert_string_equal (before, after);
  served_close (&served);
}

/* Every name on the form and the check page is text. */
static void
test_names_escaped (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *enter = NULL;
  g_autofree char *check_path = NULL;
  g_autofree char *body = NULL;
  g_autoptr(CtdTestAnswer) form = NULL;
  g_autoptr(CtdTestAnswer) preview = NULL;
  g_autofree char *own_script = g_strdup_printf ("<script>%s</script>", ctd_serve_script ());

  served_open (&served, fixture->path);
  enter = g_strconcat (served.path, "/enter/1", NULL);
  form = ctd_test_http_get (served.port, "GET", enter);
  check_path = g_strconcat (served.path, "/check", NULL);
  body = g_strconcat ("token=", served.token, "&" GAME_1_WORDS, NULL);
  preview = ctd_test_http_post (served.port, check_path, body);
  for (guint i = 0; i < 2; i++)
    {
      const char *page = i == 0 ? form->body : preview->body;

      /* No script but the page's own (table.js), which names make none of. */
      assert_int_equal (ctd_test_count_occurrences (page, "<script"),
                        ctd_test_count_occurrences (page, own_script));
      assert_null (strstr (page, "<img"));
      /* The check page: its send form, and "Change it". */
      assert_int_equal (ctd_test_count_occurrences (page, "<form"), i == 0 ? 1 : 2);
    }
  served_close (&served);
}

/* "Change it" on the check page opens the form with every answer given,
 * in words or in notation, and the check after it is of the changed line. */
static void
test_change_keeps_answers (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autofree char *check_path = NULL;

  served_open (&served, fixture->path);
  check_path = g_strconcat (served.path, "/check", NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *body = g_strconcat ("token=", served.token, "&",
                                           i == 0 ? GAME_1_WORDS
                                                  : "game=1&by=2&notation=B+3%3A4", NULL);
      g_autoptr(CtdTestAnswer) preview = ctd_test_http_post (served.port, check_path, body);
      g_autoptr(GString) change = g_string_new ("token=");
      g_autoptr(CtdTestAnswer) form = NULL;
      const char *at;

      assert_int_equal (preview->status, 200);
      /* Kept in the phone's history, for Back from the form it opens. */
      assert_true (g_str_has_prefix (ctd_test_answer_header (preview, "Cache-Control"),
                                     "private, no-cache\r\n"));
      /* The second form of the page, "Change it", posted as a browser does. */
      at = strstr (strstr (preview->body, "<form") + 1, "<form");
      assert_non_null (at);
      assert_non_null (strstr (at, "Change it"));
      g_string_append (change, served.token);
      for (at = strstr (at, "<input type=\"hidden\" name=\""); at != NULL;
           at = strstr (at + 1, "<input type=\"hidden\" name=\""))
        {
          const char *name = at + strlen ("<input type=\"hidden\" name=\"");
          const char *value = strstr (name, "value=\"") + strlen ("value=\"");
          g_autofree char *key = g_strndup (name, strchr (name, '"') - name);
          g_autofree char *raw = g_strndup (value, strchr (value, '"') - value);
          g_autofree char *escaped = g_uri_escape_string (raw, NULL, TRUE);

          if (strcmp (key, "token") != 0)
            g_string_append_printf (change, "&%s=%s", key, escaped);
        }
      form = ctd_test_http_post (served.port, check_path, change->str);
      assert_int_equal (form->status, 200);
      assert_non_null (strstr (form->body, "Check this line"));
      if (i == 0)
        {
          assert_non_null (strstr (form->body, "name=\"by\" value=\"1\" checked"));
          assert_non_null (strstr (form->body, "name=\"winner\" value=\"team\" checked"));
          assert_non_null (strstr (form->body, "name=\"how\" value=\"gammon\" checked"));
          assert_null (strstr (form->body, "name=\"how\" value=\"single\" checked"));
          assert_non_null (strstr (form->body, "<option value=\"taker-passed\" selected>"));
          assert_non_null (strstr (form->body, "<option value=\"2\" selected>"));
        }
      else
        {
          assert_non_null (strstr (form->body, "name=\"by\" value=\"2\" checked"));
          assert_non_null (strstr (form->body, "name=\"notation\" maxlength"));
          assert_non_null (strstr (form->body, "value=\"B 3:4\""));
        }
    }
  served_close (&served);
}

/* Each of games 1 .. @n of 1.1 entered by its Box as the four-player
 * sheet has it, and confirmed by its Captain when @confirm. */
static void
send_sheet (Served  *served,
            guint    n,
            gboolean confirm)
{
  const char *secret = served->path + strlen ("/t/");

  for (guint g = 1; g <= n; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) lines = NULL;
      g_autoptr(CtdChouette) seen = ctd_document_load_table (served->document, secret, NULL, NULL,
                                                             &lines, &error);
      g_autofree char *request = g_strdup_printf ("%032x", g);
      CtdChouetteGame sheet;
      gint64 id = 0;

      assert_non_null (seen);
      ctd_chouette_get_sheet_game (seen, g, &sheet);
      if (!ctd_document_submit (served->document, secret, g, ctd_test_phone_sheet[g - 1],
                                sheet.slot.box, request, "127.0.0.1", CTD_TEST_PHONE_A, &id,
                                &error) ||
          (confirm && !ctd_document_answer_submission (served->document, secret, id,
                                                       sheet.slot.captain, TRUE, "127.0.0.1",
                                                       CTD_TEST_PHONE_B, NULL, &error)))
        fail_msg ("game %u: %s", g, error->message);
    }
}

/* Twelve lines waiting for the director: the next game's box stays at
 * the top of the page, and the lines are one short row each below it;
 * a line that asks the table for its answer is a card of its own. */
static void
test_waiting_lines_below_next (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };

  served_open (&served, fixture->path);
  send_sheet (&served, 11, TRUE);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);
    const char *next = strstr (page->body, "<section class=\"next\">");

    assert_non_null (next);
    assert_non_null (strstr (next, "Next: game 12"));
    assert_true (next < strstr (page->body, "id=\"game-1\""));
    assert_int_equal (ctd_test_count_occurrences (page->body, "<li id=\"game-"), 11);
    assert_int_equal (ctd_test_count_occurrences (page->body, "class=\"line-sent"), 0);
  }
  send_sheet (&served, 12, FALSE);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);
    const char *next = strstr (page->body, "<section class=\"next\">");
    const char *asks = strstr (page->body, "<div class=\"line-sent asks\" id=\"game-12\">");

    /* Sent is not recorded: the desk has none of the games. */
    assert_non_null (strstr (next, "Every game is sent: the desk records them."));
    assert_non_null (asks);
    assert_true (next < asks && asks < strstr (page->body, "<li id=\"game-1\">"));
  }
  served_close (&served);
}

/* A line the event records by itself once confirmed, with its source. */
static void
test_auto_accept (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  g_autofree char *request = NULL;

  served_open (&served, fixture->path);
  assert_true (ctd_document_get_settings (served.document, &settings, &error));
  settings.table_auto_accept = TRUE;
  assert_true (ctd_document_set_settings (served.document, &settings, &error));
  request = send_game_1 (&served);
  lines = lines_of (served.document);
  answer (&served, ((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->id, 2, "confirm", 303);
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_RECORDED);
  {
    g_autofree char *last = ctd_test_query_text (fixture->path, "SELECT summary FROM audit "
                                                 "ORDER BY id DESC LIMIT 1");

    assert_non_null (strstr (last, "game 1: " GAME_1_LINE " (from table 1.1's link: "
                             "entered by "));
    assert_non_null (strstr (last, " (127.0.0.1), confirmed by "));
  }
  served_close (&served);
}

/* The device cookie the server gave with @answer, as a phone sends it
 * back ("ctd_device=TOKEN"), after checking what keeps it to the link. */
static char *
device_cookie (CtdTestAnswer *answer,
               const char    *path)
{
  const char *set = ctd_test_answer_header (answer, "Set-Cookie");
  g_autofree char *where = g_strdup_printf ("; Path=%s;", path);

  if (set == NULL)
    fail_msg ("No cookie given:\n%s", answer->headers);
  assert_true (g_str_has_prefix (set, "ctd_device="));
  assert_non_null (strstr (set, where));
  assert_non_null (strstr (set, "HttpOnly"));
  assert_non_null (strstr (set, "SameSite=Strict"));
  return g_strndup (set, strcspn (set, ";"));
}

/* Game 1 checked and sent from the phone holding @cookie, as its Box. */
static void
send_game_1_from (Served     *served,
                  const char *cookie)
{
  g_autofree char *check_path = g_strconcat (served->path, "/check", NULL);
  g_autofree char *send_path = g_strconcat (served->path, "/send", NULL);
  g_autofree char *body = g_strconcat ("token=", served->token, "&" GAME_1_WORDS, NULL);
  g_autoptr(CtdTestAnswer) preview =
    ctd_test_http_post_from (served->port, check_path, body, cookie);
  g_autoptr(CtdTestAnswer) sent = NULL;
  g_autofree char *request = ctd_test_hidden_value (preview->body, "request");
  g_autofree char *send_body = g_strdup_printf ("token=%s&game=1&by=1&line=Tg+2%%3A2+4%%3A2-"
                                                "&request=%s", served->token, request);

  sent = ctd_test_http_post_from (served->port, send_path, send_body, cookie);
  assert_int_equal (sent->status, 303);
  /* A phone that keeps its cookie is given no other. */
  assert_null (ctd_test_answer_header (sent, "Set-Cookie"));
}

/* One phone enters game 1 as its Box and tries to confirm it as its
 * Captain: refused without the Captain's seat code, or with a wrong one;
 * with the code, the line waits for the director even though the event
 * accepts confirmed lines by itself, and the log says one phone did both. */
static void
test_one_phone (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(CtdTestAnswer) first = NULL;
  g_auto(CtdEventSettings) settings = { 0, };
  g_autofree char *cookie = NULL;
  g_autofree char *answer_path = NULL;
  g_autofree char *captain = NULL;
  CtdChouetteView *view;
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];
  char wrong[CTD_LINK_SEAT_CODE_CHARS + 1];

  served_open (&served, fixture->path);
  view = ctd_document_get_chouette_view (served.document, 1, 1, &error);
  captain = g_strdup (ctd_chouette_view_get_name (view, 2));
  assert_true (ctd_document_get_settings (served.document, &settings, &error));
  settings.table_auto_accept = TRUE;
  assert_true (ctd_document_set_settings (served.document, &settings, &error));
  first = ctd_test_http_get (served.port, "GET", served.path);
  cookie = device_cookie (first, served.path);

  answer_path = g_strconcat (served.path, "/answer", NULL);
  send_game_1_from (&served, cookie);

  /* The entering phone hands over, and asks for the Captain's code. */
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get_from (served.port, served.path, cookie);
    g_autofree char *hand = g_strdup_printf ("Hand the phone to <bdi>%s</bdi> (the Captain), "
                                             "or <bdi>%s</bdi> confirms on their own phone.",
                                             captain, captain);
    g_autofree char *id = ctd_test_hidden_value (page->body, "id");

    assert_non_null (strstr (page->body, hand));
    assert_non_null (strstr (page->body, "name=\"code\""));
    /* The table's own number for its line. */
    assert_string_equal (id, "1");
    /* Its page's version is the one its script is told, as this phone
     * sees it: else the page would reload at every poll. */
    {
      g_autofree char *version_path = g_strconcat (served.path, "/version", NULL);
      g_autoptr(CtdTestAnswer) asked = ctd_test_http_get_from (served.port, version_path, cookie);
      g_autofree char *meta = g_strdup_printf ("<meta name=\"ctd-version\" content=\"%s\"",
                                               asked->body);

      assert_non_null (strstr (page->body, meta));
    }
  }
  /* Another phone sees the plain question. */
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get (served.port, "GET", served.path);

    assert_null (strstr (page->body, "Hand the phone"));
    assert_null (strstr (page->body, "name=\"code\""));
  }

  ctd_link_seat_code (served.path + strlen ("/t/"), 2, code);
  g_strlcpy (wrong, code, sizeof wrong);
  wrong[0] = wrong[0] == '9' ? '0' : (char) (wrong[0] + 1);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *answer_body =
        g_strdup_printf ("token=%s&id=1&by=2&answer=confirm%s%s", served.token,
                         i == 0 ? "" : "&code=", i == 0 ? "" : wrong);
      g_autoptr(CtdTestAnswer) refused =
        ctd_test_http_post_from (served.port, answer_path, answer_body, cookie);

      assert_int_equal (refused->status, 409);
      assert_non_null (strstr (refused->body, i == 0 ? "or here with their seat code"
                                                     : "is not"));
      lines = lines_of (served.document);
      assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                        CTD_SUBMISSION_ENTERED);
      g_clear_pointer (&lines, g_ptr_array_unref);
    }
  {
    g_autofree char *answer_body = g_strdup_printf ("token=%s&id=1&by=2&answer=confirm&code=%s",
                                                    served.token, code);
    g_autoptr(CtdTestAnswer) confirmed =
      ctd_test_http_post_from (served.port, answer_path, answer_body, cookie);

    assert_int_equal (confirmed->status, 303);
  }
  /* Confirmed, but not recorded: the desk looks first. */
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_PENDING);
  assert_true (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->one_device);
  assert_int_equal (ctd_chouette_view_get_n_recorded (view), 0);
  {
    g_autoptr(CtdTestAnswer) page = ctd_test_http_get_from (served.port, served.path, cookie);

    assert_non_null (strstr (page->body, "on the phone that entered it: the director checks "
                             "it before it counts"));
  }
  assert_true (ctd_document_accept_submission (served.document,
                                               ((CtdStoreSubmission *)
                                                g_ptr_array_index (lines, 0))->id,
                                               FALSE, &error));
  {
    g_autofree char *last = ctd_test_query_text (fixture->path, "SELECT summary FROM audit "
                                                 "ORDER BY id DESC LIMIT 1");
    g_autofree char *said = g_strdup_printf ("confirmed by %s on the same phone, with a seat "
                                             "code", captain);

    assert_non_null (strstr (last, said));
  }
  served_close (&served);
}

/* Wrong seat codes are guesses: a phone trying them all is stopped as a
 * phone trying links is, and the line still waits. */
static void
test_seat_code_guesses (void **state)
{
  Fixture *fixture = *state;
  Served served = { 0, };
  g_autoptr(CtdTestAnswer) first = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *cookie = NULL;
  g_autofree char *answer_path = NULL;
  g_autofree char *report = NULL;
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];
  guint n = 0;

  served_open (&served, fixture->path);
  first = ctd_test_http_get (served.port, "GET", served.path);
  cookie = device_cookie (first, served.path);
  answer_path = g_strconcat (served.path, "/answer", NULL);
  send_game_1_from (&served, cookie);
  ctd_link_seat_code (served.path + strlen ("/t/"), 2, code);
  /* Past the free guesses each wrong code is answered later and later
   * (a phone trying all 10,000 would wait for days), and the director is
   * told which address guesses. */
  while (n < CTD_SERVE_GUARD_FREE_GUESSES + 2)
    {
      g_autofree char *guess_body = NULL;
      g_autoptr(CtdTestAnswer) guess = NULL;
      char tried[CTD_LINK_SEAT_CODE_CHARS + 1];

      g_snprintf (tried, sizeof tried, "%04u", n++);
      if (g_str_equal (tried, code))
        continue;
      guess_body = g_strdup_printf ("token=%s&id=1&by=2&answer=confirm&code=%s", served.token,
                                    tried);
      guess = ctd_test_http_post_from (served.port, answer_path, guess_body, cookie);
      assert_int_equal (guess->status, 409);
    }
  report = ctd_table_server_dup_guard_report (served.server);
  assert_non_null (report);
  assert_non_null (strstr (report, "127.0.0.1"));
  lines = lines_of (served.document);
  assert_int_equal (((CtdStoreSubmission *) g_ptr_array_index (lines, 0))->state,
                    CTD_SUBMISSION_ENTERED);
  served_close (&served);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_enter_confirm_accept, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_disk_refuses, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_refused_at_table, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_rule_refusal, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_words_refusal, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_names_escaped, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_change_keeps_answers, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_waiting_lines_below_next, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_auto_accept, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_one_phone, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
    cmocka_unit_test_setup_teardown (test_seat_code_guesses, ctd_test_folder_setup,
                                     ctd_test_folder_teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
