/* ctd-sample.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-sample"

#include "config.h"

#include "ctd-sample.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-result.h"

#include <glib/gi18n-lib.h>

/*
 * Whole events played by the program itself, through the same calls a
 * director's window makes: the sample event shipped with Chouette TD
 * (app/ctd-make-sample.c), and the events the tests and benchmarks
 * build. Every result is drawn at random from a seeded generator and
 * kept only when the rules accept it, so a sample is a legal event.
 */

/**
 * ctd_sample_error_quark:
 *
 * The error domain %CTD_SAMPLE_ERROR, whose codes are #CtdSampleError.
 * The functions here also pass on the errors of the store and the
 * event they drive.
 *
 * Returns: the domain's quark
 */
G_DEFINE_QUARK (ctd-sample-error-quark, ctd_sample_error)

/* A crew member other than @not_this, drawn from @players[0..n). */
static guint
pick_player (CtdRng      *rng,
             const guint *players,
             guint        n,
             guint        not_this)
{
  guint candidates[CTD_MAX_PLAYERS];
  guint n_candidates = 0;

  for (guint i = 0; i < n; i++)
    if (players[i] != not_this)
      candidates[n_candidates++] = players[i];
  return n_candidates > 0 ? candidates[ctd_rng_uniform (rng, n_candidates)] : 0;
}

/* Now and then an extra (SPEC 5): from a crew member who passed the
 * Box's cube at Vq to the lone one who took its initial double, ending
 * at Vq x 2^k, k >= 1, or passed by the taker at Vq or 4 Vq. */
static void
append_extra (CtdRng      *rng,
              GString     *line,
              const guint *passers,
              guint        n_passers,
              const guint *passed_at,
              const guint *takers,
              guint        n_takers)
{
  static const char *const ends[] = { "", "-", "+" };
  guint offerer;
  guint taker;
  guint end;
  guint shift;

  if (n_passers == 0 || ctd_rng_uniform (rng, 2) != 0)
    return;
  offerer = passers[ctd_rng_uniform (rng, n_passers)];
  taker = pick_player (rng, takers, n_takers, offerer);
  if (taker == 0)
    return;
  end = (guint) ctd_rng_uniform (rng, 3);
  shift = end == 1 ? 2 * (guint) ctd_rng_uniform (rng, 2) : 1 + (guint) ctd_rng_uniform (rng, 2);
  g_string_append_printf (line, " E:%u>%u:%u%s", offerer, taker,
                          passed_at[offerer - 1] << shift, ends[end]);
}

/**
 * ctd_sample_random_notation:
 * @rng: the generator
 * @slot: the game (Box, Captain, starting cube)
 * @size: players in the chouette
 *
 * A varied, legal result line for the game: outcomes with gammons and
 * backgammons, cubes doubled, passed or washed, and now and then an
 * extra, a penalty (half the starting cube, to the Box or the Captain,
 * from a crew member whose cube ended: rule 2.5)
 * or a director's adjustment, drawn at random and kept only when the
 * rules accept them (the parser is the judge). The same generator state
 * gives the same line.
 *
 * Returns: (transfer full): the line, in canonical form
 */
char *
ctd_sample_random_notation (CtdRng            *rng,
                            const CtdGameSlot *slot,
                            guint              size)
{
  static const char *const outcomes[] = { "T", "B", "Tg", "Bg", "Tb", "Bb", "-" };
  static const char *const ends[] = { "", "", "-", "+" };
  CtdGameContext context;
  guint crew[CTD_MAX_PLAYERS];
  guint n_crew = 0;
  g_autofree char *penalty = NULL;

  g_return_val_if_fail (rng != NULL, NULL);
  g_return_val_if_fail (slot != NULL, NULL);
  g_return_val_if_fail (size >= 1 && size <= CTD_MAX_PLAYERS, NULL);

  context = (CtdGameContext) { slot->game, size, slot->box, slot->captain, slot->cube_start };
  for (guint p = 1; p <= size; p++)
    if (p != slot->box)
      crew[n_crew++] = p;
  penalty = ctd_halves_to_ascii ((CtdHalves) slot->cube_start, FALSE);
  for (guint attempt = 0; attempt < 64; attempt++)
    {
      g_autoptr(GString) line = g_string_new (outcomes[ctd_rng_uniform (rng, 7)]);
      g_autoptr(CtdResult) result = NULL;
      guint passers[CTD_MAX_PLAYERS], takers[CTD_MAX_PLAYERS], players[CTD_MAX_PLAYERS];
      guint outs[CTD_MAX_PLAYERS];
      guint passed_at[CTD_MAX_PLAYERS] = { 0 };
      guint n_passers = 0, n_takers = 0, n_outs = 0;
      /* Now and then the one situation with extras (SPEC 5): a lone
       * crew member takes the Box's initial double, the others pass. */
      guint lone = ctd_rng_uniform (rng, 4) == 0 ? pick_player (rng, crew, n_crew, 0) : 0;

      for (guint p = 1; p <= size; p++)
        {
          guint choice = (guint) ctd_rng_uniform (rng, 6);
          guint value = slot->cube_start << (choice <= 3 ? 0 : choice - 3);
          const char *end;

          players[p - 1] = p;
          if (lone != 0 && p != slot->box)
            {
              /* The others pass at V0; the taker's own cube is played
               * at 2 V0 or 4 V0, passed by the taker at 4 V0 or by the
               * Box at 2 V0. */
              static const struct { guint shift; const char *end; } takes[] = {
                { 0, "-" }, { 1, "" }, { 2, "" }, { 2, "-" }, { 1, "+" },
              };

              choice = p == lone ? 1 + (guint) ctd_rng_uniform (rng, 4) : 0;
              value = slot->cube_start << takes[choice].shift;
              end = takes[choice].end;
              g_string_append_printf (line, " %u:%u%s", p, value, end);
              if (*end != '\0')
                outs[n_outs++] = p;
              if (p == lone)
                takers[n_takers++] = p;
              else
                {
                  passers[n_passers++] = p;
                  passed_at[p - 1] = value;
                }
              continue;
            }
          if (p == slot->box || choice < 3)
            continue;  /* played to the end at the starting cube */
          if (choice == 3 && ctd_rng_uniform (rng, 4) == 0)
            {
              g_string_append_printf (line, " %u:w", p);
              outs[n_outs++] = p;
              continue;
            }
          end = ends[ctd_rng_uniform (rng, 4)];
          g_string_append_printf (line, " %u:%u%s", p, value, end);
          /* Rule 2.5: only a player out of the game pays a penalty. */
          if (*end != '\0')
            outs[n_outs++] = p;
          /* SPEC 5: a taker's cube went above V0; an offerer passed. */
          if (value > slot->cube_start)
            takers[n_takers++] = p;
          if (g_str_equal (end, "-"))
            {
              passers[n_passers++] = p;
              passed_at[p - 1] = value;
            }
        }
      append_extra (rng, line, passers, n_passers, passed_at, takers, n_takers);
      if (ctd_rng_uniform (rng, 8) == 0)
        {
          guint to = ctd_rng_uniform (rng, 2) ? slot->box : slot->captain;

          guint from = pick_player (rng, outs, n_outs, to);

          if (from != 0)
            g_string_append_printf (line, " F:%u>%u:%s", from, to, penalty);
        }
      if (ctd_rng_uniform (rng, 16) == 0)
        {
          guint from = 1 + (guint) ctd_rng_uniform (rng, size);

          g_string_append_printf (line, " A:%u>%u:%u.5", from,
                                  pick_player (rng, players, size, from),
                                  (guint) ctd_rng_uniform (rng, 5));
        }
      result = ctd_result_parse (&context, line->str, NULL);
      if (result != NULL)
        return ctd_result_format (result);
    }
  return g_strdup (ctd_rng_uniform (rng, 2) ? "T" : "B");
}

/**
 * ctd_sample_view_game:
 * @chouette: a chouette recorded in order up to @game - 1
 * @game: the next game
 * @out_view: (out caller-allocates): the game, with its Captain known
 *
 * As ctd_chouette_get_game(), once the last segment's order is fixed as
 * the store fixes it when that segment's first game is entered: what a
 * program needs to know who is Box and Captain before it plays a game.
 */
void
ctd_sample_view_game (CtdChouette     *chouette,
                      guint            game,
                      CtdChouetteGame *out_view)
{
  guint order[CTD_MAX_PLAYERS - 1];

  g_return_if_fail (chouette != NULL);
  g_return_if_fail (game >= 1 && game <= CTD_N_GAMES);
  g_return_if_fail (out_view != NULL);

  if (game >= ctd_schedule_first_last_game (ctd_chouette_get_size (chouette)) &&
      ctd_chouette_get_last_segment_order (chouette) == NULL &&
      ctd_chouette_compute_last_segment_order (chouette, order, NULL))
    ctd_chouette_fix_last_segment_order (chouette, order, NULL);
  ctd_chouette_get_game (chouette, game, out_view);
}

/* Types the paper sheet's totals row of a played chouette: the totals
 * of its games, as a director copies them from the returned sheet. */
static gboolean
type_paper_totals (CtdStore     *store,
                   guint         round,
                   guint         number,
                   GError      **error)
{
  g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, number, error);
  CtdHalves totals[CTD_MAX_PLAYERS] = { 0 };

  if (chouette == NULL)
    return FALSE;
  ctd_chouette_get_totals (chouette, totals);
  return ctd_store_set_crosscheck (store, round, number, totals, NULL, error);
}

/**
 * ctd_sample_play_round:
 * @store: an event whose round @round is drawn
 * @round: the round
 * @rng: the generator of the results
 * @paper_totals: after each chouette's games, store its paper sheet's
 *   totals too (they agree with the games)
 * @error: return location for a #GError
 *
 * Records all 12 games of every chouette of the round, one action each,
 * chouette after chouette as the sheets come back.
 *
 * Returns: whether every game (and total) was recorded
 */
gboolean
ctd_sample_play_round (CtdStore  *store,
                       guint      round,
                       CtdRng    *rng,
                       gboolean   paper_totals,
                       GError   **error)
{
  g_autoptr(GPtrArray) chouettes = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (rng != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  chouettes = ctd_store_list_chouettes (store, round, error);
  if (chouettes == NULL)
    return FALSE;
  for (guint i = 0; i < chouettes->len; i++)
    {
      const CtdStoreChouette *seats = g_ptr_array_index (chouettes, i);
      g_autoptr(CtdChouette) chouette = ctd_store_load_chouette (store, round, seats->number,
                                                                 error);

      if (chouette == NULL)
        return FALSE;
      for (guint game = 1; game <= CTD_N_GAMES; game++)
        {
          CtdChouetteGame view;
          g_autofree char *notation = NULL;

          ctd_sample_view_game (chouette, game, &view);
          notation = ctd_sample_random_notation (rng, &view.slot, seats->size);
          if (!ctd_store_record_game (store, round, seats->number, game, notation, FALSE, error) ||
              !ctd_chouette_record (chouette, game, notation, error))
            return FALSE;
        }
      if (paper_totals && !type_paper_totals (store, round, seats->number, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * ctd_sample_roll_off_ties:
 * @store: an event whose round @round is complete
 * @round: the round
 * @top_k: the advancement the director chose (0 with @wildcards 0 for
 *   the final's placings)
 * @wildcards: and its wildcards
 * @seed: the first roll-off's seed; each further roll-off takes the next
 * @error: return location for a #GError
 *
 * Rolls off whatever tie stands at the cut (or at a final placing), as
 * a director would, until none is left.
 *
 * Returns: whether no tie decides anything any more
 *   (%CTD_SAMPLE_ERROR_UNSETTLED when ties kept coming back)
 */
gboolean
ctd_sample_roll_off_ties (CtdStore  *store,
                          guint      round,
                          guint      top_k,
                          guint      wildcards,
                          guint64    seed,
                          GError   **error)
{
  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < 64; i++)
    {
      g_autoptr(GError) none = NULL;
      g_autoptr(GArray) tied = ctd_tournament_find_tie (store, round, NULL, top_k, wildcards, &none);
      g_autofree gint64 *order = NULL;
      guint64 roll_seed = seed + i;

      if (tied == NULL)
        {
          if (g_error_matches (none, CTD_TOURNAMENT_ERROR, CTD_TOURNAMENT_ERROR_NO_TIE))
            return TRUE;
          g_propagate_error (error, g_steal_pointer (&none));
          return FALSE;
        }
      order = g_new (gint64, tied->len);
      ctd_standings_roll ((const gint64 *) tied->data, tied->len, roll_seed, order);
      if (!ctd_tournament_tiebreak (store, round, order, tied->len, &roll_seed, error))
        return FALSE;
    }
  g_set_error (error, CTD_SAMPLE_ERROR, CTD_SAMPLE_ERROR_UNSETTLED,
               _("Round %u: ties at the cut kept coming back after 64 roll-offs"), round);
  return FALSE;
}

/* Plays the event in @store as ctd_sample_build_event() says. */
static gboolean
play_event (CtdStore                *store,
            const CtdSampleOptions  *options,
            GError                 **error)
{
  g_autofree char **reasons = g_new0 (char *, options->n_players);
  CtdRng rng;
  guint added, round;
  gboolean imported;

  imported = ctd_store_import_players (store, options->source != NULL ? options->source : "sample",
                                       options->players, options->n_players, TRUE, reasons,
                                       &added, error);
  for (gsize i = 0; i < options->n_players; i++)
    g_free (reasons[i]);
  if (!imported)
    return FALSE;

  ctd_rng_init (&rng, options->seed);
  for (guint64 draw_seed = options->seed;; draw_seed++)
    {
      CtdStoreRound info;
      guint top_k, wildcards;
      g_autoptr(GArray) advancers = NULL;
      CtdAdvanceTie tie = { 0, NULL };

      if (!ctd_store_draw_round (store, draw_seed, &round, error) ||
          !ctd_sample_play_round (store, round, &rng, options->paper_totals, error) ||
          !ctd_tournament_get_round (store, round, &info, error))
        return FALSE;
      if (!options->play_all_rounds)
        return TRUE;
      if (info.stage == CTD_STAGE_FINAL)
        return ctd_sample_roll_off_ties (store, round, 0, 0, draw_seed, error) &&
               (!options->release_final || ctd_store_release_round (store, round, error));
      /* The plan covers fields up to 256; above it, the winner of each
       * chouette goes on, as a director would choose. */
      if (!ctd_tournament_default_advancement (store, round, &top_k, &wildcards, NULL))
        {
          top_k = 1;
          wildcards = 0;
        }
      if (!ctd_sample_roll_off_ties (store, round, top_k, wildcards, draw_seed, error))
        return FALSE;
      advancers = ctd_tournament_advance (store, round, top_k, wildcards, &tie, error);
      ctd_advance_tie_clear (&tie);
      if (advancers == NULL)
        return FALSE;
    }
}

/**
 * ctd_sample_build_event:
 * @path: the event file to create; it must not exist
 * @options: the event's settings, its field, its seed and how far to go
 * @error: return location for a #GError
 *
 * Makes a new event and plays it through the store, one action at a
 * time as a director would: the field registered and checked in, the
 * qualifying round drawn and every game of it recorded, and with
 * @options->play_all_rounds every round after it too, through roll-offs
 * and advancement, to the final's placings. The same options give the
 * same event (the audit log's times aside). A file this call began is
 * removed again if it fails: no half-played event is left behind.
 *
 * Returns: whether the event was built
 */
gboolean
ctd_sample_build_event (const char              *path,
                        const CtdSampleOptions  *options,
                        GError                 **error)
{
  g_autoptr(CtdStore) store = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->players != NULL || options->n_players == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  store = ctd_store_create (path, &options->settings, error);
  if (store == NULL)
    return FALSE;
  if (play_event (store, options, error))
    return TRUE;

  /* ctd_store_create() made the file (never over another): remove it. */
  g_clear_pointer (&store, ctd_store_close);
  wal = g_strconcat (path, "-wal", NULL);
  shm = g_strconcat (path, "-shm", NULL);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  return FALSE;
}

/* Removes what ctd_sample_write_event() may have left in @dir, then @dir. */
static void
remove_work_dir (const char *dir)
{
  static const char *const names[] = { "event.chouette", "event.chouette-wal",
                                       "event.chouette-shm", "event.chouette-journal",
                                       "copy.chouette", "copy.chouette-journal" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Builds the event in @dir and writes its self-contained copy there. */
static gboolean
write_in (const char              *dir,
          const CtdSampleOptions  *options,
          GDateTime               *log_start,
          char                   **out_copy,
          GError                 **error)
{
  g_autofree char *event = g_build_filename (dir, "event.chouette", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.chouette", NULL);
  g_autoptr(CtdStore) store = NULL;

  if (!ctd_sample_build_event (event, options, error))
    return FALSE;
  store = ctd_store_open (event, error);
  if (store == NULL ||
      !ctd_store_write_copy (store, copy, log_start,
                             (GTimeSpan) options->log_step_s * G_TIME_SPAN_SECOND, error))
    return FALSE;
  *out_copy = g_steal_pointer (&copy);
  return TRUE;
}

/**
 * ctd_sample_write_event:
 * @path: the file to write; an existing file there is replaced
 * @options: the event, as for ctd_sample_build_event(), and the times
 *   of its audit log
 * @error: return location for a #GError
 *
 * Builds the event as ctd_sample_build_event() does, then writes it to
 * @path as one compact file with no write-ahead log, its audit log
 * re-timed from @options->log_start: a file to ship inside the program
 * (or to hand over), the same every time it is made from the same
 * options by the same SQLite. The work is done in a folder beside
 * @path, and the file is moved into place only once it is whole: @path
 * never holds half an event, and nothing is left behind on failure.
 *
 * Returns: whether @path holds the event
 */
gboolean
ctd_sample_write_event (const char              *path,
                        const CtdSampleOptions  *options,
                        GError                 **error)
{
  g_autoptr(GDateTime) log_start = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *display = NULL;
  gboolean written;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_name (path);
  if (options->log_start != NULL &&
      (log_start = g_date_time_new_from_iso8601 (options->log_start, NULL)) == NULL)
    {
      g_set_error (error, CTD_SAMPLE_ERROR, CTD_SAMPLE_ERROR_INVALID,
                   _("“%s” was not written: the log's start “%s” is not an ISO 8601 time with "
                     "its time zone"), display, options->log_start);
      return FALSE;
    }

  /* Beside @path, so that the final rename stays on one file system. */
  parent = g_path_get_dirname (path);
  dir = g_build_filename (parent, ".ctd-sample-XXXXXX", NULL);
  if (g_mkdtemp (dir) == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("“%s” was not written: no working folder could be made beside it (%s)"),
                   display, g_strerror (saved_errno));
      return FALSE;
    }
  written = write_in (dir, options, log_start, &copy, error);
  if (written && g_rename (copy, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("“%s” was not written: %s"), display, g_strerror (saved_errno));
      written = FALSE;
    }
  remove_work_dir (dir);
  return written;
}

/* ---- the sample shipped with Chouette TD ------------------------------- */

/* A club open as a director might run one: players from several
 * countries and clubs, some with a federation's player ID. Invented
 * people; any likeness is chance. */
static const CtdNewPlayer shipped_players[] = {
  { "Margaret Holloway", "Riverside Backgammon Club", "RBC-0042" },
  { "Daniel Okafor", "Riverside Backgammon Club", "RBC-0117" },
  { "Priya Raman", "Riverside Backgammon Club", "RBC-0203" },
  { "Marcus Webb", "Riverside Backgammon Club", NULL },
  { "Samuel Adeyemi", "Riverside Backgammon Club", "RBC-0158" },
  { "Mette Kjærgaard", "København Backgammon Klub", "DBgF-2291" },
  { "Lars Henriksen", "København Backgammon Klub", "DBgF-1874" },
  { "Sven Lindqvist", "Göteborgs Backgammonsällskap", NULL },
  { "Ingrid Solberg", NULL, NULL },
  { "Giulia Ferraro", "Circolo Backgammon Milano", "FIBG-0937" },
  { "Roberto Salvatori", "Circolo Backgammon Milano", NULL },
  { "Élodie Marchand", "Backgammon Club de Lyon", NULL },
  { "Chloé Dubois", "Backgammon Club de Lyon", "FFBG-4410" },
  { "Aoife Brennan", "Dublin Backgammon Club", NULL },
  { "Owen Gallagher", "Dublin Backgammon Club", NULL },
  { "Tomasz Wiśniewski", NULL, NULL },
  { "Katarzyna Nowak", NULL, "PL-0615" },
  { "Rūta Ozola", "Rīgas Bekgemona Klubs", "LV-0031" },
  { "Henrik de Vries", "Amsterdamse Backgammon Club", NULL },
  { "Javier Morales Ortega", NULL, NULL },
  { "Ana Luísa Carvalho", NULL, NULL },
  { "Kemal Aydın", NULL, NULL },
  { "Eleni Papadopoulou", NULL, NULL },
  { "Dmitri Volkov", NULL, NULL },
  { "Kenji Watanabe", NULL, "JBL-3312" },
  { "Nadia Haddad", NULL, NULL },
};

static const CtdSampleOptions shipped = {
  .settings = {
    .name = (char *) "Riverside Chouette Open",
    .date = (char *) "2026-05-16",
    .venue = (char *) "Riverside Community Hall",
    .stake_cents = 500,        /* 5 a point */
    .entry_fee_cents = 11000,  /* 22 times the stake (rule 1.8) */
    .direction = CTD_LAST_SEGMENT_HIGHEST_FIRST,
    .paper = CTD_SHEET_PAPER_LETTER,
  },
  .players = shipped_players,
  .n_players = G_N_ELEMENTS (shipped_players),
  .source = "riverside-open-entries.csv",
  .seed = 20260516,
  .play_all_rounds = TRUE,
  .paper_totals = TRUE,
  .release_final = TRUE,
  /* Check-in at half past nine; the final ends in the early evening. */
  .log_start = "2026-05-16T09:30:00Z",
  .log_step_s = 180,
};

/**
 * ctd_sample_get_shipped:
 *
 * The sample event shipped inside Chouette TD (the window's "Open Sample
 * Event"), made at build time by ctd-make-sample: the Riverside Chouette
 * Open, 26 players from several countries and clubs, every game of every
 * round played to the final's placings, every paper sheet's totals
 * typed, the final released.
 *
 * Returns: (transfer none): the options that make it
 */
const CtdSampleOptions *
ctd_sample_get_shipped (void)
{
  return &shipped;
}

/* ---- a copy for the director ------------------------------------------- */

/* Writes @contents to a file that must not exist; FALSE with
 * G_IO_ERROR_EXISTS when it does, and no half-written file otherwise. */
static gboolean
create_with (GFile   *file,
             GBytes  *contents,
             GError **error)
{
  g_autoptr(GFileOutputStream) stream = g_file_create (file, G_FILE_CREATE_NONE, NULL, error);
  gsize size;
  gconstpointer data = g_bytes_get_data (contents, &size);

  if (stream == NULL)
    return FALSE;
  if (!g_output_stream_write_all (G_OUTPUT_STREAM (stream), data, size, NULL, NULL, error) ||
      !g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error))
    {
      g_file_delete (file, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * ctd_sample_save_new:
 * @contents: an event file's bytes (the shipped sample, from the
 *   program's resources)
 * @dir: the folder to put the copy in; made if missing
 * @base_name: the copy's name without ".chouette" ("Sample event")
 * @error: return location for a #GError
 *
 * Writes @contents to a new file in @dir: "@base_name.chouette", or when
 * that exists "@base_name (2).chouette", "(3)"... Never over a file: a
 * director who played with an earlier copy keeps it. A copy that could
 * not be written whole is removed.
 *
 * Returns: (transfer full) (nullable): the new file's path, %NULL with
 *   @error set
 */
char *
ctd_sample_save_new (GBytes      *contents,
                     const char  *dir,
                     const char  *base_name,
                     GError     **error)
{
  g_return_val_if_fail (contents != NULL, NULL);
  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (base_name != NULL && *base_name != '\0', NULL);
  g_return_val_if_fail (strchr (base_name, G_DIR_SEPARATOR) == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("The folder “%s” could not be made: %s"), display, g_strerror (saved_errno));
      return NULL;
    }
  for (guint n = 1; n <= 999; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.chouette", base_name)
                                     : g_strdup_printf ("%s (%u).chouette", base_name, n);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) local = NULL;

      if (create_with (file, contents, &local))
        return g_steal_pointer (&path);
      /* GIO's message names the file and the reason. */
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  {
    g_autofree char *display = g_filename_display_name (dir);

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                 _("“%s” already holds 999 copies named “%s”: remove some of them"), display,
                 base_name);
  }
  return NULL;
}
