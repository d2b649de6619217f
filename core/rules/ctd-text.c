/* ctd-text.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Words put together for a director to read, in the director's
 * language: a list written "A, B and C" is English grammar, which a
 * translator must be able to change (the comma, the word, where the
 * last item goes), so core builds every such list here.
 */

#define G_LOG_DOMAIN "ctd-text"

#include "config.h"

#include "ctd-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/**
 * ctd_text_join_and:
 * @items: (element-type utf8): the items, in order, borrowed
 *
 * The items as a sentence lists them: "A", "A and B", "A, B and C",
 * "A, B, C and D". The patterns come from the translation (as ICU's
 * list patterns do: one for two items, one for the start, the middle
 * and the end of a longer list), so every language joins its own way.
 *
 * Returns: (transfer full): the list, "" when @items is empty; free
 *   with g_free()
 */
char *
ctd_text_join_and (const GPtrArray *items)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (items != NULL, NULL);

  if (items->len == 0)
    return g_strdup ("");
  if (items->len == 1)
    return g_strdup (g_ptr_array_index (items, 0));
  if (items->len == 2)
    /* Translators: a list of exactly two items, e.g. two players'
     * names ("Ann and Bob") or two game numbers ("5 and 6"). */
    return g_strdup_printf (C_("list of two", "%s and %s"),
                            (const char *) g_ptr_array_index (items, 0),
                            (const char *) g_ptr_array_index (items, 1));

  /* Translators: the first two items of a list of three or more, e.g.
   * "Ann, Bob" in "Ann, Bob and Carl". */
  text = g_strdup_printf (C_("list start", "%s, %s"),
                          (const char *) g_ptr_array_index (items, 0),
                          (const char *) g_ptr_array_index (items, 1));
  for (guint i = 2; i + 1 < items->len; i++)
    {
      char *longer;

      /* Translators: the list so far (first %s) and one more item in
       * its middle (second %s), e.g. "Ann, Bob, Carl" in "Ann, Bob,
       * Carl and Dora". */
      longer = g_strdup_printf (C_("list middle", "%s, %s"), text,
                                (const char *) g_ptr_array_index (items, i));
      g_free (text);
      text = longer;
    }
  /* Translators: the list so far (first %s) and its last item (second
   * %s), e.g. "Ann, Bob and Carl". English writes no comma before
   * "and" here. */
  return g_strdup_printf (C_("list end", "%s and %s"), text,
                          (const char *) g_ptr_array_index (items, items->len - 1));
}

/**
 * ctd_text_append_note:
 * @text: the notes so far ("" when none)
 * @note: one more
 *
 * Appends @note to a run of notes on one thing ("tie at the cut; roll-off
 * won", "1.3 has 5 of 12 games; 1.4 disagrees with its paper totals"),
 * with the separator the translation gives: "; " in English, " ; " with
 * a no-break space in French.
 */
void
ctd_text_append_note (GString    *text,
                      const char *note)
{
  g_autofree char *before = NULL;

  g_return_if_fail (text != NULL);
  g_return_if_fail (note != NULL);

  if (text->len == 0)
    {
      g_string_append (text, note);
      return;
    }
  before = g_strdup (text->str);
  /* Translators: notes on one thing, one after another: the notes so
   * far (first %s) and one more, e.g. "tie at the cut; roll-off won" */
  g_string_printf (text, C_("list of notes", "%s; %s"), before, note);
}

/* A 64-bit odd constant (2^64 / the golden ratio) and MurmurHash3's
 * final mix: multiplying by an odd number and xor-shifting are both
 * one-to-one on 64 bits. */
#define HASH_SEED  G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define HASH_MULT  G_GUINT64_CONSTANT (0xff51afd7ed558ccd)

static inline guint64
hash_step (guint64 state,
           guint64 word)
{
  state = (state ^ word) * HASH_MULT;
  return state ^ (state >> 32);
}

/**
 * ctd_text_hash:
 * @text: bytes
 * @length: how many
 *
 * A quick 64-bit hash of @text, eight bytes a step: what tells a page's
 * versions apart and finds the store's statements by their SQL, where
 * SHA-256 or a byte-by-byte hash cost more than the work they serve. No
 * secret: not for anything a guesser may aim at. Each step is one-to-one
 * on the state, so two texts of the same length that differ in one
 * place (one character, or several within eight bytes) always hash
 * apart; others collide once in 2^64.
 *
 * Returns: the hash, the same for the same bytes within a process
 */
guint64
ctd_text_hash (const char *text,
               gsize       length)
{
  guint64 state = HASH_SEED ^ length;
  guint64 word;

  g_return_val_if_fail (text != NULL || length == 0, 0);

  for (; length >= sizeof word; text += sizeof word, length -= sizeof word)
    {
      memcpy (&word, text, sizeof word);
      state = hash_step (state, word);
    }
  word = 0;
  if (length > 0)
    memcpy (&word, text, length);
  state = hash_step (state, word);
  state ^= state >> 33;
  state *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  return state ^ (state >> 33);
}
