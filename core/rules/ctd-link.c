/* ctd-link.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chouette's private link: the table at it enters its own games from
 * a phone through it, so whoever holds the secret may write that
 * chouette's results. The secret is therefore drawn from the operating
 * system's random source, never from GLib's PRNG nor from the draw's
 * seed (which is printed on every sheet, so public).
 */

#define G_LOG_DOMAIN "ctd-link"

#include "config.h"

#include "ctd-link.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (ctd-link-error-quark, ctd_link_error)

/* Fills @buffer from /dev/urandom, for a kernel without getrandom(2). */
static gboolean
read_urandom (guint8 *buffer,
              gsize   length)
{
  gsize done = 0;
  int fd = g_open ("/dev/urandom", O_RDONLY | O_CLOEXEC, 0);

  if (fd < 0)
    return FALSE;
  while (done < length)
    {
      ssize_t n = read (fd, buffer + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize) n;
    }
  g_close (fd, NULL);
  return done == length;
}

/* Fills @buffer with bytes from the kernel's random source. getrandom()
 * first without blocking; EAGAIN means the pool is not seeded yet (just
 * after boot), which is worth waiting for: a secret from an unseeded pool
 * could be guessed. ENOSYS (an old kernel) falls back to /dev/urandom. */
static gboolean
fill_random (guint8 *buffer,
             gsize   length)
{
  gsize done = 0;
  unsigned int flags = GRND_NONBLOCK;

  while (done < length)
    {
      ssize_t n = getrandom (buffer + done, length - done, flags);

      if (n > 0)
        done += (gsize) n;
      else if (n < 0 && errno == EINTR)
        continue;
      else if (n < 0 && errno == EAGAIN && flags != 0)
        flags = 0;
      else if (n < 0 && errno == ENOSYS)
        return read_urandom (buffer + done, length - done);
      else
        return FALSE;
    }
  return TRUE;
}

/**
 * ctd_link_secret_new:
 * @out_secret: (out caller-allocates): where to write the secret and its NUL
 * @error: return location for a #GError
 *
 * A new link secret: %CTD_LINK_SECRET_BYTES bytes from the operating
 * system's random source as %CTD_LINK_SECRET_CHARS lower-case hex
 * digits, safe in a URL path as it is.
 *
 * Returns: whether a secret was written; %CTD_LINK_ERROR_RANDOM when the
 *   system gave no random bytes
 */
gboolean
ctd_link_secret_new (char     out_secret[CTD_LINK_SECRET_CHARS + 1],
                     GError **error)
{
  static const char digits[] = "0123456789abcdef";
  guint8 bytes[CTD_LINK_SECRET_BYTES];

  g_return_val_if_fail (out_secret != NULL, FALSE);

  if (!fill_random (bytes, sizeof bytes))
    {
      int saved = errno;

      g_set_error (error, CTD_LINK_ERROR, CTD_LINK_ERROR_RANDOM,
                   _("The system gave no random bytes for a table's link (%s); try again"),
                   g_strerror (saved));
      return FALSE;
    }
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      out_secret[2 * i] = digits[bytes[i] >> 4];
      out_secret[2 * i + 1] = digits[bytes[i] & 0xf];
    }
  out_secret[CTD_LINK_SECRET_CHARS] = '\0';
  memset (bytes, 0, sizeof bytes);
  return TRUE;
}

/**
 * ctd_link_secret_is_valid:
 * @secret: (nullable): a text
 *
 * Returns: whether @secret is written as ctd_link_secret_new() writes
 *   one: exactly %CTD_LINK_SECRET_CHARS lower-case hex digits
 */
gboolean
ctd_link_secret_is_valid (const char *secret)
{
  gsize i;

  if (secret == NULL)
    return FALSE;
  for (i = 0; secret[i] != '\0'; i++)
    if (i >= CTD_LINK_SECRET_CHARS ||
        !(g_ascii_isdigit (secret[i]) || (secret[i] >= 'a' && secret[i] <= 'f')))
      return FALSE;
  return i == CTD_LINK_SECRET_CHARS;
}

/**
 * ctd_link_secret_equal:
 * @secret: a stored secret (ctd_link_secret_is_valid())
 * @candidate: (nullable): what a request carried, any length
 *
 * Compares in a time that does not depend on where the two differ (nor
 * on @candidate's content), so that a phone timing its guesses learns
 * nothing about a secret's first characters. Only the length of
 * @candidate up to one past a secret's, which the guesser knows, changes
 * the time.
 *
 * Returns: whether @candidate is @secret
 */
gboolean
ctd_link_secret_equal (const char *secret,
                       const char *candidate)
{
  char padded[CTD_LINK_SECRET_CHARS] = { 0, };
  guint64 difference = 0;
  gsize length;

  G_STATIC_ASSERT (CTD_LINK_SECRET_CHARS % sizeof (guint64) == 0);
  /* The stored secret is checked where it is read (the file's
   * validation, the store's list of links), not once per comparison: a
   * lookup compares every link of the event, for each phone's request,
   * so it goes eight bytes a step. */
  g_return_val_if_fail (secret != NULL, FALSE);

  if (candidate == NULL)
    return FALSE;
  /* Every byte of the secret is compared, whatever the candidate's
   * length: a shorter one is padded with zeros, which no secret holds; a
   * longer one is read no further than one character past a secret's
   * length, and cannot match. */
  length = strnlen (candidate, CTD_LINK_SECRET_CHARS + 1);
  memcpy (padded, candidate, MIN (length, sizeof padded));
  for (gsize i = 0; i < CTD_LINK_SECRET_CHARS; i += sizeof (guint64))
    {
      guint64 a, b;

      memcpy (&a, secret + i, sizeof a);
      memcpy (&b, padded + i, sizeof b);
      difference |= a ^ b;
    }
  return (difference == 0) & (length == CTD_LINK_SECRET_CHARS);
}

/**
 * ctd_link_accepts_entry:
 * @state: the state of the round the link's chouette is in
 * @event_closed: whether the director closed the event
 *
 * Whether a chouette's link may enter or confirm its games: while its
 * round is being played (drawn or in play). Once every game is in
 * (complete) the desk checks the round, and after it is released or
 * closed by a later draw its results no longer change; a closed event
 * is an archive. A complete round that a correction reopens accepts
 * entries again.
 *
 * Returns: whether the link opens its chouette for entry
 */
gboolean
ctd_link_accepts_entry (CtdRoundState state,
                        gboolean      event_closed)
{
  return !event_closed && (state == CTD_ROUND_DRAWN || state == CTD_ROUND_IN_PLAY);
}

/**
 * ctd_link_parse_base:
 * @text: the desk's address as a director types it,
 *   http://192.168.1.20:8080
 * @error: return location for a #GError
 *
 * Checks an address the links are printed under: http or https, a host,
 * a port if the desk needs one, and nothing else. A path, a query or a
 * fragment would be kept by every link and make it open nothing on the
 * desk (whose pages are /t/SECRET), and a user name would print a
 * password-looking part on every sheet; so each is refused here, before
 * a single sheet is printed with a link a phone cannot open.
 *
 * Returns: (transfer full) (nullable): @text without its trailing
 *   slashes, ready for ctd_link_url(); %NULL with %CTD_LINK_ERROR_BASE
 *   when it is not such an address
 */
char *
ctd_link_parse_base (const char  *text,
                     GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autofree char *base = NULL;
  const char *scheme, *host, *path;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL);
  scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;
  host = uri != NULL ? g_uri_get_host (uri) : NULL;
  path = uri != NULL ? g_uri_get_path (uri) : NULL;
  if (uri == NULL || host == NULL || *host == '\0' ||
      (g_ascii_strcasecmp (scheme, "http") != 0 && g_ascii_strcasecmp (scheme, "https") != 0) ||
      path[strspn (path, "/")] != '\0' ||
      g_uri_get_query (uri) != NULL || g_uri_get_fragment (uri) != NULL ||
      g_uri_get_userinfo (uri) != NULL)
    {
      g_set_error (error, CTD_LINK_ERROR, CTD_LINK_ERROR_BASE,
                   _("“%s” is not the desk's address: write it as http://ADDRESS:PORT, "
                     "e.g. http://192.168.1.20:8080, with nothing after the port"), text);
      return NULL;
    }
  base = g_strdup (text);
  while (g_str_has_suffix (base, "/"))
    base[strlen (base) - 1] = '\0';
  return g_steal_pointer (&base);
}

/**
 * ctd_link_url:
 * @base: (nullable): the desk's address from ctd_link_parse_base()
 * @secret: a link's secret (ctd_link_secret_is_valid())
 *
 * What a link is written as, wherever it is printed or served: the path
 * /t/SECRET under @base, or the path alone without one.
 *
 * Returns: (transfer full): BASE/t/SECRET, or /t/SECRET
 */
char *
ctd_link_url (const char *base,
              const char *secret)
{
  g_return_val_if_fail (ctd_link_secret_is_valid (secret), NULL);

  return g_strconcat (base != NULL ? base : "", "/t/", secret, NULL);
}

/**
 * ctd_link_hash:
 * @text: a secret or a phone's device token
 *
 * What the file keeps of a token it must recognise but never give back:
 * its SHA-256, in %CTD_LINK_DEVICE_HASH_CHARS lower-case hex digits.
 *
 * Returns: (transfer full): the hash
 */
char *
ctd_link_hash (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

/**
 * ctd_link_seat_code:
 * @secret: a chouette's link secret
 * @seat: a seat of that chouette, 1..%CTD_MAX_PLAYERS
 * @out_code: (out caller-allocates): where to write the code and its NUL
 *
 * The code that proves a seat when a line is confirmed on the phone that
 * entered it: 4 digits of HMAC-SHA256 keyed by the link's secret, so it
 * is printed with the link, changes with a reissue, and nothing new is
 * kept in the file.
 */
void
ctd_link_seat_code (const char *secret,
                    guint       seat,
                    char        out_code[CTD_LINK_SEAT_CODE_CHARS + 1])
{
  g_autoptr(GHmac) hmac = NULL;
  g_autofree char *message = NULL;
  guint8 digest[32];
  gsize length = sizeof digest;
  guint32 value;

  g_return_if_fail (secret != NULL && out_code != NULL);

  hmac = g_hmac_new (G_CHECKSUM_SHA256, (const guchar *) secret, strlen (secret));
  message = g_strdup_printf ("ctd-seat-code:%u", seat);
  g_hmac_update (hmac, (const guchar *) message, -1);
  g_hmac_get_digest (hmac, digest, &length);
  value = ((guint32) digest[0] << 24) | ((guint32) digest[1] << 16) |
          ((guint32) digest[2] << 8) | digest[3];
  g_snprintf (out_code, CTD_LINK_SEAT_CODE_CHARS + 1, "%04u", value % 10000u);
  memset (digest, 0, sizeof digest);
}

/**
 * ctd_link_seat_code_is:
 * @secret: a chouette's link secret
 * @seat: a seat
 * @candidate: (nullable): what a phone sent as that seat's code, spaces
 *   around it allowed
 *
 * Compares in a time that does not depend on where they differ.
 *
 * Returns: whether @candidate is @seat's code
 */
gboolean
ctd_link_seat_code_is (const char *secret,
                       guint       seat,
                       const char *candidate)
{
  char code[CTD_LINK_SEAT_CODE_CHARS + 1];
  g_autofree char *trimmed = NULL;
  guint8 difference = 0;

  g_return_val_if_fail (secret != NULL, FALSE);

  if (candidate == NULL)
    return FALSE;
  trimmed = g_strstrip (g_strdup (candidate));
  if (strlen (trimmed) != CTD_LINK_SEAT_CODE_CHARS)
    return FALSE;
  ctd_link_seat_code (secret, seat, code);
  for (guint i = 0; i < CTD_LINK_SEAT_CODE_CHARS; i++)
    difference |= (guint8) (code[i] ^ trimmed[i]);
  return difference == 0;
}

static gboolean
refuse_high_cube (const CtdResult  *result,
                  guint             value,
                  GError          **error)
{
  guint cap = result->context.cube_start << CTD_LINK_MAX_DOUBLINGS;

  /* Translators: a game's number, a cube's value, then the highest value
   * a table's phone may send */
  g_set_error (error, CTD_LINK_ERROR, CTD_LINK_ERROR_DESK,
               _("Game %u: a cube at %u is past what this table's phone may send (%u at "
                 "most): check the value, or ask the director to enter this game at the "
                 "desk"), result->context.game, value, cap);
  return FALSE;
}

/**
 * ctd_link_check_line:
 * @result: a line a table's phone sends, read and checked by the rules
 * @error: return location for a #GError
 *
 * What a phone may send beyond the rules: no director's adjustment
 * (`A:`, a ruling), and no cube past the starting value times
 * 2^%CTD_LINK_MAX_DOUBLINGS, which a table does not reach in a game; the
 * desk enters both.
 *
 * Returns: whether the line may come from a phone; %CTD_LINK_ERROR_DESK
 *   in the table's words otherwise
 */
gboolean
ctd_link_check_line (const CtdResult  *result,
                     GError          **error)
{
  guint cap;

  g_return_val_if_fail (result != NULL, FALSE);

  if (result->n_adjustments > 0)
    {
      g_set_error (error, CTD_LINK_ERROR, CTD_LINK_ERROR_DESK,
                   _("Game %u: an adjustment (A:) is the director's ruling, not a table's "
                     "line: send the game without it and ask the director"),
                   result->context.game);
      return FALSE;
    }
  cap = result->context.cube_start << CTD_LINK_MAX_DOUBLINGS;
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    if (result->cubes[p].value > cap)
      return refuse_high_cube (result, result->cubes[p].value, error);
  for (guint i = 0; i < result->n_extras; i++)
    if (result->extras[i].value > cap)
      return refuse_high_cube (result, result->extras[i].value, error);
  return TRUE;
}
