/* ctd-money.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_MONEY_ERROR (ctd_money_error_quark ())

typedef enum
{
  CTD_MONEY_ERROR_NOT_ZERO_SUM,
  CTD_MONEY_ERROR_INVALID,
} CtdMoneyError;

/*
 * Money is kept in cents (the currency's minor unit) so that no amount is
 * ever rounded in floating point. A chouette settles at its end (rule
 * 1.8): a player's amount is score x stake.
 */
typedef gint64 CtdCents;

/* The largest stake (1,000,000.00 a point) and entry fee
 * (25,000,000.00, 25 times that stake, so that rule 1.8's advice for any
 * fee allowed is a stake allowed): at these, any settlement of any
 * chouette and any event's fees still fit a CtdCents (see
 * CTD_CHOUETTE_HALVES_MAX). */
#define CTD_STAKE_MAX_CENTS     G_GINT64_CONSTANT (100000000)
#define CTD_ENTRY_FEE_MAX_CENTS (25 * CTD_STAKE_MAX_CENTS)

/* Player number @from pays player number @to @points half points,
 * worth @amount at the stake. */
typedef struct
{
  guint     from;
  guint     to;
  CtdHalves points;
  CtdCents  amount;
} CtdTransfer;

typedef struct
{
  CtdCents     stake;
  guint        n_players;
  CtdHalves    scores[CTD_MAX_PLAYERS];
  CtdCents     amounts[CTD_MAX_PLAYERS];
  guint        n_transfers;
  CtdTransfer  transfers[CTD_MAX_PLAYERS - 1];
} CtdSettlement;

GQuark    ctd_money_error_quark   (void);
gboolean  ctd_money_settle        (const CtdHalves *scores,
                                   guint            n_players,
                                   CtdCents         stake,
                                   CtdSettlement   *out_settlement,
                                   GError         **error);
CtdCents  ctd_money_amount        (CtdHalves points,
                                   CtdCents  stake);
void      ctd_money_amounts       (const CtdHalves *scores,
                                   guint            n_players,
                                   CtdCents         stake,
                                   CtdCents        *out_amounts);
char     *ctd_money_check_fee     (CtdCents entry_fee,
                                   CtdCents stake);
char     *ctd_money_to_string     (CtdCents amount);
char     *ctd_money_to_ascii      (CtdCents amount);
char     *ctd_money_group_digits  (const char *number);
gboolean  ctd_money_parse         (const char *text,
                                   CtdCents   *out_amount);
char     *ctd_money_describe_bad_amount (gboolean    entry_fee,
                                         const char *typed);

G_END_DECLS
