/* ctd-enum-types.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every registered enum of core in one include: each layer generates its
 * own (core/rules/, core/store/, core/output/ meson.build), so a layer
 * registers no type of a layer above it.
 */

#pragma once

#include "ctd-rules-enum-types.h"
#include "ctd-store-enum-types.h"
#include "ctd-output-enum-types.h"
