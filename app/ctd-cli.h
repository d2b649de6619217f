/* ctd-cli.h: shared by the chouette-td-cli commands.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "ctd-tournament.h"
#include "ctd-rng.h"
#include "ctd-store.h"

G_BEGIN_DECLS

/* Exit codes: a contract with scripts. */
#define CTD_CLI_OK      0
#define CTD_CLI_REFUSED 1
#define CTD_CLI_USAGE   2
/* crosscheck: the paper totals were stored, and they disagree with the
 * entered games (the output says where). */
#define CTD_CLI_DISAGREES 3

/*
 * CtdCli:
 * @path: the event file
 * @json: print JSON instead of text
 * @store: the open event (NULL for `init`, which creates it)
 * @argc, @argv: the command's own arguments, after its name
 * @parsed: (owned): what ctd_cli_parse_options() left of them
 */
typedef struct
{
  const char *path;
  gboolean    json;
  CtdStore   *store;
  int         argc;
  char      **argv;
  char      **parsed;
} CtdCli;

typedef int (*CtdCliCommand) (CtdCli *cli);

int       ctd_cli_refused         (GError       *error);
int       ctd_cli_refused_confirm (GError       *error,
                                   const char   *option);
char     *ctd_cli_synopsis        (const char   *synopsis);
int       ctd_cli_usage           (const char   *format,
                                   ...) G_GNUC_PRINTF (1, 2);
gboolean  ctd_cli_parse_options   (CtdCli       *cli,
                                   const char   *usage,
                                   GOptionEntry *entries,
                                   int           min_args,
                                   int           max_args,
                                   int          *out_status);
void      ctd_cli_print_json      (JsonBuilder  *builder);
void      ctd_cli_add_nullable_string (JsonBuilder *builder,
                                   const char   *member,
                                   const char   *value);
void      ctd_cli_add_score       (JsonBuilder  *builder,
                                   const char   *member,
                                   CtdHalves     halves);
gboolean  ctd_cli_find_player     (CtdCli       *cli,
                                   const char   *name_or_id,
                                   CtdStorePlayer **out_player,
                                   GError      **error);
gboolean  ctd_cli_find_player_among (CtdCli     *cli,
                                   const char   *name_or_id,
                                   gboolean      withdrawn_first,
                                   CtdStorePlayer **out_player,
                                   GError      **error);
/* Text columns by display width (East Asian wide characters take two). */
int       ctd_cli_text_width      (const char   *text);
char     *ctd_cli_pad             (const char   *text,
                                   int           width,
                                   gboolean      right);
gboolean  ctd_cli_parse_money     (const char   *text,
                                   gboolean      entry_fee,
                                   gint64       *out_cents,
                                   GError      **error);
void      ctd_cli_add_scores      (JsonBuilder  *builder,
                                   const char   *member,
                                   guint         size,
                                   const CtdHalves *scores);
char     *ctd_cli_scores_text     (const CtdChouette *chouette,
                                   const CtdHalves   *scores);
gboolean  ctd_cli_load_chouette   (CtdCli       *cli,
                                   const char   *label,
                                   guint        *out_round,
                                   guint        *out_number,
                                   CtdStoreChouette **out_seats,
                                   CtdChouette **out_chouette,
                                   GError      **error);
gboolean  ctd_cli_print_links     (CtdStore     *store,
                                   guint         round,
                                   const char   *base,
                                   GError      **error);

/* Commands, one small function each. */
int ctd_cli_init        (CtdCli *cli);
int ctd_cli_settings    (CtdCli *cli);
int ctd_cli_player      (CtdCli *cli);
int ctd_cli_draw        (CtdCli *cli);
int ctd_cli_redraw      (CtdCli *cli);
int ctd_cli_show        (CtdCli *cli);
int ctd_cli_record      (CtdCli *cli);
int ctd_cli_crosscheck  (CtdCli *cli);
int ctd_cli_fix_order   (CtdCli *cli);
int ctd_cli_standings   (CtdCli *cli);
int ctd_cli_results     (CtdCli *cli);
int ctd_cli_plan        (CtdCli *cli);
int ctd_cli_settle      (CtdCli *cli);
int ctd_cli_log         (CtdCli *cli);
int ctd_cli_undo        (CtdCli *cli);
int ctd_cli_redo        (CtdCli *cli);
int ctd_cli_tiebreak    (CtdCli *cli);
int ctd_cli_advance     (CtdCli *cli);
int ctd_cli_export      (CtdCli *cli);
int ctd_cli_close       (CtdCli *cli);
int ctd_cli_links       (CtdCli *cli);
int ctd_cli_serve       (CtdCli *cli);
int ctd_cli_pending     (CtdCli *cli);
int ctd_cli_accept      (CtdCli *cli);
int ctd_cli_reject      (CtdCli *cli);

G_END_DECLS
