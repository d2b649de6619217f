/* ctd-table-requests.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the server answers a table, at its link: the chouette's page
 * (GET /t/SECRET) and its version (/t/SECRET/version), a game's form
 * (GET /t/SECRET/enter/N), and the forms
 * it posts (/t/SECRET/check, /send, /answer). Every answer opens the
 * link first, and a link that opens nothing now (wrong, reissued, its
 * round over, the event closed) answers the very bytes of a missing
 * page, counted as a failed guess. Every POST carries the link's form
 * token. A write goes through the document, which checks it again under
 * the write lock, and answers with a redirect to the table's page, so a
 * reload never sends a form twice; a form sent twice anyway (a double
 * tap, a retry after a lost answer) carries its idempotency key.
 */

#define G_LOG_DOMAIN "ctd-serve"

#include "config.h"

#include "ctd-table-server-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ctd-link.h"
#include "ctd-table-form.h"
#include "ctd-table-page.h"

#define HTML "text/html; charset=utf-8"

/* The cookie that tells a table's phones apart (table_device()). */
#define DEVICE_COOKIE "ctd_device"

/* Which phone sent @msg, as the hash of its device token: the token is
 * the phone's cookie at this link (its path, /t/SECRET, so it goes to no
 * other page), random from the system; a phone without one (its first
 * visit, or cookies cleared) is given a new one with this answer. A
 * second phone is another device; so, with its own token, is the same
 * phone in a private window: the desk sees both addresses. The hash
 * (ctd_link_hash()), or %NULL when the system gave no random bytes. */
static char *
table_device (SoupServerMessage *msg,
              const char        *secret)
{
  const char *header = soup_message_headers_get_list (soup_server_message_get_request_headers (msg),
                                                      "Cookie");
  g_autoptr(GHashTable) cookies = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *cookie = NULL;
  char token[CTD_LINK_SECRET_CHARS + 1];
  const char *sent = NULL;

  if (header != NULL && strlen (header) <= 4096)
    {
      cookies = soup_header_parse_semi_param_list (header);
      sent = g_hash_table_lookup (cookies, DEVICE_COOKIE);
    }
  if (ctd_link_secret_is_valid (sent))
    return ctd_link_hash (sent);
  if (!ctd_link_secret_new (token, &error))
    {
      g_warning ("A phone could not be given its token: %s", error->message);
      return NULL;
    }
  cookie = g_strdup_printf (DEVICE_COOKIE "=%s; Path=/t/%s; HttpOnly; SameSite=Strict; "
                            "Max-Age=604800", token, secret);
  soup_message_headers_append (soup_server_message_get_response_headers (msg), "Set-Cookie",
                               cookie);
  return ctd_link_hash (token);
}

/* A request's table: its link, the chouette it opens now as the table
 * sees it (its waiting lines counted in), and its lines; read once for
 * the whole answer. */
typedef struct
{
  const char  *secret;
  guint        round;
  guint        chouette;
  CtdChouette *seen;
  GPtrArray   *lines;
} Table;

static void
table_clear (Table *table)
{
  g_clear_pointer (&table->seen, ctd_chouette_free);
  g_clear_pointer (&table->lines, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Table, table_clear)

/* Reads the table of @secret, or FALSE (the caller answers the missing
 * page), a wrong secret counted as a failed guess. Without @load only
 * the link is checked (a form that writes: the store reads the table
 * itself under the write lock), and table_load() reads the rest when a
 * refusal needs the page. */
static gboolean
open_table (CtdTableServer    *self,
            SoupServerMessage *msg,
            const char        *secret,
            gboolean           load,
            Table             *out_table)
{
  g_autoptr(GError) error = NULL;
  gboolean opened;

  /* Another program may have just reissued this link or released the
   * round: look before answering, not at the next poll. */
  ctd_document_check_for_changes (self->document);
  out_table->secret = secret;
  if (load)
    {
      out_table->seen = ctd_document_load_table (self->document, secret, &out_table->round,
                                                 &out_table->chouette, &out_table->lines,
                                                 &error);
      opened = out_table->seen != NULL;
    }
  else
    {
      opened = ctd_document_find_link (self->document, secret, &out_table->round,
                                       &out_table->chouette, &error);
      if (opened && !ctd_document_link_accepts_entry (self->document, out_table->round))
        return FALSE;
    }
  if (!opened)
    {
      if (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
        ctd_table_server_note_guess (self, msg);
      else if (!g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED))
        g_warning ("A table's page could not be read: %s", error->message);
      return FALSE;
    }
  ctd_table_server_note_table (self, out_table->round, out_table->chouette);
  return TRUE;
}

/* The table as it sees its chouette, for a page, when open_table() did
 * not read it. */
static gboolean
table_load (CtdTableServer *self,
            Table          *table)
{
  g_autoptr(GError) error = NULL;

  if (table->seen != NULL)
    return TRUE;
  table->seen = ctd_document_load_table (self->document, table->secret, NULL, NULL,
                                         &table->lines, &error);
  if (table->seen == NULL)
    g_debug ("The table's page cannot be read now: %s", error->message);
  return table->seen != NULL;
}

/* Marks the lines the phone of @msg entered: its page says "on this
 * phone" and asks for a seat code, another phone's does not. */
static void
mark_here (SoupServerMessage *msg,
           Table             *table)
{
  g_autofree char *device = table_device (msg, table->secret);

  for (guint i = 0; i < table->lines->len; i++)
    {
      CtdStoreSubmission *line = g_ptr_array_index (table->lines, i);

      line->here = device != NULL && g_strcmp0 (line->device, device) == 0;
    }
}

/* The table's page, with @problem when its last answer was refused. */
static gboolean
respond_table (CtdTableServer    *self,
               SoupServerMessage *msg,
               Table             *table,
               guint              status,
               const char        *problem)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *token = ctd_table_entry_token (self->key, table->secret);
  g_autofree char *page = NULL;
  CtdChouetteView *view;

  if (!table_load (self, table))
    {
      ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
      return TRUE;
    }
  view = ctd_document_get_chouette_view (self->document, table->round, table->chouette, &error);
  if (view == NULL)
    {
      g_warning ("Chouette %u.%u has a link but no page: %s", table->round, table->chouette,
                 error->message);
      return FALSE;
    }
  mark_here (msg, table);
  page = ctd_table_page_render (view, table->seen, table->lines, table->secret, token, problem);
  ctd_table_server_respond (msg, status, HTML, page);
  return TRUE;
}

/* The version of the table's page, for its script (table.js): of the
 * page as this phone sees it (mark_here()), or the phone that entered a
 * line would find its page changed at every poll, and reload for ever. */
static gboolean
respond_version (CtdTableServer    *self,
                 SoupServerMessage *msg,
                 Table             *table)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *token = ctd_table_entry_token (self->key, table->secret);
  g_autofree char *version = NULL;
  CtdChouetteView *view;

  view = ctd_document_get_chouette_view (self->document, table->round, table->chouette, &error);
  if (view == NULL)
    {
      g_warning ("Chouette %u.%u has a link but no page: %s", table->round, table->chouette,
                 error->message);
      return FALSE;
    }
  mark_here (msg, table);
  version = ctd_table_page_version (view, table->seen, table->lines, table->secret, token);
  ctd_table_server_respond (msg, SOUP_STATUS_OK, "text/plain; charset=utf-8", version);
  return TRUE;
}

/* A game's form, empty or as it came back with @problem. */
static gboolean
respond_form (CtdTableServer    *self,
              SoupServerMessage *msg,
              const Table       *table,
              guint              game,
              GHashTable        *fields,
              guint              status,
              const char        *problem)
{
  g_autofree char *token = ctd_table_entry_token (self->key, table->secret);
  g_autofree char *label = g_strdup_printf ("%u.%u", table->round, table->chouette);
  g_autofree char *page = NULL;

  if (game < 1 || game > CTD_N_GAMES)
    return FALSE;
  page = ctd_table_entry_form (table->seen, label, table->secret, token, game, fields, problem);
  ctd_table_server_respond (msg, status, HTML, page);
  return TRUE;
}

static gboolean
parse_number (const char *text,
              guint64     max,
              guint64    *out_value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 1, max, out_value, NULL);
}

/**
 * ctd_table_server_serve_table:
 * @self: a server
 * @msg: a GET or HEAD under /t/
 * @rest: its path after "/t/": SECRET, or SECRET/enter/GAME
 *
 * Returns: whether it was answered; %FALSE for the missing page
 */
gboolean
ctd_table_server_serve_table (CtdTableServer    *self,
                              SoupServerMessage *msg,
                              const char        *rest)
{
  g_auto(GStrv) parts = g_strsplit (rest, "/", 4);
  g_auto(Table) table = { NULL, };
  guint64 game = 0;

  if (parts[0] == NULL || !open_table (self, msg, parts[0], TRUE, &table))
    return FALSE;
  if (parts[1] == NULL)
    return respond_table (self, msg, &table, SOUP_STATUS_OK, NULL);
  if (strcmp (parts[1], CTD_TABLE_PAGE_VERSION) == 0 && parts[2] == NULL)
    return respond_version (self, msg, &table);
  if (strcmp (parts[1], "enter") == 0 && parts[2] != NULL && parts[3] == NULL &&
      parse_number (parts[2], CTD_N_GAMES, &game))
    return respond_form (self, msg, &table, (guint) game, NULL, SOUP_STATUS_OK, NULL);
  return FALSE;
}

/* The form's fields, each of a bounded length; %NULL for a body that is
 * no form of ours. */
static GHashTable *
read_fields (SoupServerMessage *msg)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) fields = NULL;
  GHashTableIter iter;
  gpointer key, value;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  if (size > CTD_TABLE_ENTRY_MAX_BODY || memchr (data, '\0', size) != NULL)
    return NULL;
  text = g_strndup (data, size);
  fields = soup_form_decode (text);
  if (fields == NULL || g_hash_table_size (fields) > 64)
    return NULL;
  g_hash_table_iter_init (&iter, fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (strlen (value) > CTD_TABLE_ENTRY_MAX_FIELD || !g_utf8_validate (value, -1, NULL))
      return NULL;
  return g_steal_pointer (&fields);
}

/* Back to the table's page after a write: a reload there sends nothing. */
static void
redirect_to_table (SoupServerMessage *msg,
                   const char        *secret)
{
  g_autofree char *location = g_strconcat ("/t/", secret, NULL);

  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Location", location);
  ctd_table_server_respond (msg, SOUP_STATUS_SEE_OTHER, "text/plain; charset=utf-8", "");
}

/* A write acknowledged once it is on the disk (ctd_document_sync_async()). */
typedef struct
{
  CtdTableServer    *server;
  SoupServerMessage *msg;
  char              *secret;
} Held;

static void
synced (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  Held *held = user_data;
  g_autoptr(GError) error = NULL;
  gboolean on_disk = ctd_document_sync_finish (CTD_DOCUMENT (source), result, &error);

  /* Cut off while it waited: there is no one to answer. */
  if (g_object_get_data (G_OBJECT (held->msg), "ctd-finished") == NULL)
    {
      if (on_disk)
        redirect_to_table (held->msg, held->secret);
      else
        /* Committed but perhaps not on the disk: the same form again is
         * the same line (its key), so a retry is safe. */
        ctd_table_server_respond (held->msg, SOUP_STATUS_SERVICE_UNAVAILABLE,
                                  "text/plain; charset=utf-8",
                                  _("The desk could not save this on its disk: go back and "
                                    "send it again in a moment, or tell the director."));
      soup_server_message_unpause (held->msg);
    }
  g_object_unref (held->msg);
  g_object_unref (held->server);
  g_free (held->secret);
  g_free (held);
}

/* Back to the table's page once the write is on the disk: the message
 * stays paused (answer_next() leaves it) until then. */
static void
acknowledge (CtdTableServer    *self,
             SoupServerMessage *msg,
             const char        *secret)
{
  Held *held = g_new0 (Held, 1);

  held->server = g_object_ref (self);
  held->msg = g_object_ref (msg);
  held->secret = g_strdup (secret);
  g_object_set_data (G_OBJECT (msg), "ctd-held", GINT_TO_POINTER (TRUE));
  ctd_document_sync_async (self->document, synced, held);
}

/* A refusal of the store or the rules, in the table's words. */
static gboolean
is_gone (const GError *error)
{
  return g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND) ||
         g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_CLOSED);
}

static void
answer_check (CtdTableServer    *self,
              SoupServerMessage *msg,
              Table             *table,
              GHashTable        *fields)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *token = ctd_table_entry_token (self->key, table->secret);
  g_autofree char *label = g_strdup_printf ("%u.%u", table->round, table->chouette);
  g_autofree char *line = NULL;
  g_autofree char *page = NULL;
  guint64 game = 0, by = 0;

  if (!parse_number (g_hash_table_lookup (fields, "game"), CTD_N_GAMES, &game))
    {
      ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
      return;
    }
  /* "Change it" on the check page: the form again, with its answers. */
  if (g_hash_table_contains (fields, CTD_TABLE_ENTRY_CHANGE))
    {
      respond_form (self, msg, table, (guint) game, fields, SOUP_STATUS_OK, NULL);
      return;
    }
  if (!parse_number (g_hash_table_lookup (fields, "by"), CTD_MAX_PLAYERS, &by))
    {
      respond_form (self, msg, table, (guint) game, fields, SOUP_STATUS_UNPROCESSABLE_ENTITY,
                    _("Say who is entering this game: its Box or its Captain"));
      return;
    }
  line = ctd_table_entry_line (table->seen, (guint) game, fields, &error);
  if (line != NULL)
    page = ctd_table_entry_preview (table->seen, label, table->secret, token, (guint) game,
                                    (guint) by, line, fields, &error);
  if (page == NULL)
    {
      g_autofree char *words = ctd_form_explain_refusal (table->seen, fields, error);

      respond_form (self, msg, table, (guint) game, fields, SOUP_STATUS_UNPROCESSABLE_ENTITY,
                    words != NULL ? words : error->message);
      return;
    }
  ctd_table_server_respond (msg, SOUP_STATUS_OK, HTML, page);
}

/* A check writes nothing, so its answer may stay in the phone's history:
 * Back from the form it opened ("Change it") shows it again, where an
 * answer to a POST sent no-store is "ERR_CACHE_MISS". Sending from it
 * again is safe: its send form carries its idempotency key. */
static void
post_check (CtdTableServer    *self,
            SoupServerMessage *msg,
            Table             *table,
            GHashTable        *fields)
{
  answer_check (self, msg, table, fields);
  if (soup_server_message_get_status (msg) != SOUP_STATUS_NOT_FOUND)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                  "Cache-Control", "private, no-cache");
}

/* The device of a form that writes (table_device()), or NULL once the
 * table's page has said why there is none. */
static char *
request_device (CtdTableServer    *self,
                SoupServerMessage *msg,
                Table             *table)
{
  char *device = table_device (msg, table->secret);

  if (device == NULL)
    respond_table (self, msg, table, SOUP_STATUS_SERVICE_UNAVAILABLE,
                   _("The desk could not tell this phone apart: send the game again in a "
                     "moment."));
  return device;
}

static void
post_send (CtdTableServer    *self,
           SoupServerMessage *msg,
           Table             *table,
           GHashTable        *fields)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *device = NULL;
  const char *line = g_hash_table_lookup (fields, "line");
  const char *request = g_hash_table_lookup (fields, "request");
  guint64 game = 0, by = 0;

  if (!parse_number (g_hash_table_lookup (fields, "game"), CTD_N_GAMES, &game) ||
      !parse_number (g_hash_table_lookup (fields, "by"), CTD_MAX_PLAYERS, &by) ||
      line == NULL || request == NULL)
    {
      ctd_table_server_respond (msg, SOUP_STATUS_BAD_REQUEST, HTML, self->not_found);
      return;
    }
  if ((device = request_device (self, msg, table)) == NULL)
    return;
  if (ctd_document_submit (self->document, table->secret, (guint) game, line, (guint) by,
                           request, soup_server_message_get_remote_host (msg), device, NULL,
                           &error))
    acknowledge (self, msg, table->secret);
  else if (is_gone (error))
    ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
  else
    respond_table (self, msg, table, SOUP_STATUS_CONFLICT, error->message);
}

static void
post_answer (CtdTableServer    *self,
             SoupServerMessage *msg,
             Table             *table,
             GHashTable        *fields)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *device = NULL;
  const char *answer = g_hash_table_lookup (fields, "answer");
  guint64 id = 0, by = 0;

  if (!parse_number (g_hash_table_lookup (fields, "id"), G_MAXUINT, &id) ||
      !parse_number (g_hash_table_lookup (fields, "by"), CTD_MAX_PLAYERS, &by) ||
      (g_strcmp0 (answer, "confirm") != 0 && g_strcmp0 (answer, "refuse") != 0))
    {
      ctd_table_server_respond (msg, SOUP_STATUS_BAD_REQUEST, HTML, self->not_found);
      return;
    }
  if ((device = request_device (self, msg, table)) == NULL)
    return;
  /* The form names the line by its number at this table
   * (CtdStoreSubmission.number), never by the desk's id, which would
   * count every table's lines. Only the table's lines are read for it,
   * not its games: the store reads those itself under the write lock. */
  {
    g_autoptr(GPtrArray) lines = ctd_document_list_submissions (self->document, table->round,
                                                                table->chouette, NULL);
    gint64 number = (gint64) id;

    if (lines == NULL)
      {
        ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
        return;
      }
    id = 0;
    for (guint i = 0; i < lines->len; i++)
      {
        const CtdStoreSubmission *line = g_ptr_array_index (lines, i);

        if (line->number == number)
          id = (guint64) line->id;
      }
  }
  if (ctd_document_answer_submission (self->document, table->secret, (gint64) id, (guint) by,
                                      strcmp (answer, "confirm") == 0,
                                      soup_server_message_get_remote_host (msg), device,
                                      g_hash_table_lookup (fields, "code"), &error))
    acknowledge (self, msg, table->secret);
  else if (is_gone (error) && !ctd_document_link_accepts_entry (self->document, table->round))
    ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
  else
    {
      const char *code = g_hash_table_lookup (fields, "code");

      /* A wrong seat code is a guess, counted as a wrong link is: four
       * digits would not stand a phone trying them all. */
      if (g_error_matches (error, CTD_STORE_ERROR, CTD_STORE_ERROR_SEAT_CODE) &&
          code != NULL && *code != '\0')
        ctd_table_server_note_guess (self, msg);
      respond_table (self, msg, table, SOUP_STATUS_CONFLICT, error->message);
    }
}

/**
 * ctd_table_server_serve_post:
 * @self: a server
 * @msg: a POST to a table's form (checked by the early handler: a small
 *   body, a form, from this server's own pages)
 * @rest: its path after "/t/": SECRET/ACTION
 *
 * Answers a table's form: the missing page for a link that opens
 * nothing, 403 for a form without the link's token.
 */
void
ctd_table_server_serve_post (CtdTableServer    *self,
                             SoupServerMessage *msg,
                             const char        *rest)
{
  g_auto(GStrv) parts = g_strsplit (rest, "/", 3);
  g_autoptr(GHashTable) fields = NULL;
  g_auto(Table) table = { NULL, };

  /* Only a check needs the table as it stands; a send or an answer is
   * checked by the store itself. */
  if (parts[0] == NULL || parts[1] == NULL || parts[2] != NULL ||
      !open_table (self, msg, parts[0], strcmp (parts[1], CTD_TABLE_ENTRY_CHECK) == 0, &table))
    {
      ctd_table_server_respond (msg, SOUP_STATUS_NOT_FOUND, HTML, self->not_found);
      return;
    }
  fields = read_fields (msg);
  if (fields == NULL)
    {
      ctd_table_server_respond (msg, SOUP_STATUS_BAD_REQUEST, "text/plain; charset=utf-8",
                                _("This form could not be read: open your table's page again."));
      return;
    }
  if (!self->key_ready ||
      !ctd_table_entry_token_is (self->key, parts[0], g_hash_table_lookup (fields, "token")))
    {
      respond_table (self, msg, &table, SOUP_STATUS_FORBIDDEN,
                     _("This form is out of date, or not from this table's page: "
                       "it was not sent. Enter the game again from here."));
      return;
    }
  if (strcmp (parts[1], CTD_TABLE_ENTRY_CHECK) != 0)
    {
      /* A write, rationed per link and per game (or line answered). */
      gboolean send = strcmp (parts[1], CTD_TABLE_ENTRY_SEND) == 0;
      const char *number = g_hash_table_lookup (fields, send ? "game" : "id");
      g_autofree char *item = g_strconcat (send ? "game " : "line ", number, NULL);

      if (!ctd_table_server_take_write (self, msg, parts[0], item))
        return;
    }
  if (strcmp (parts[1], CTD_TABLE_ENTRY_CHECK) == 0)
    post_check (self, msg, &table, fields);
  else if (strcmp (parts[1], CTD_TABLE_ENTRY_SEND) == 0)
    post_send (self, msg, &table, fields);
  else
    post_answer (self, msg, &table, fields);
}
