/* ctd-document-store.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The store behind a document, for core/live, app/ and the tests only.
 * ui/ never includes this header: a page reads the event through the
 * document's own functions (ctd-document.h), and
 * tests/check-ui-no-store.sh fails the suite if it does.
 */

#pragma once

#include "ctd-document.h"
#include "ctd-store.h"

G_BEGIN_DECLS

CtdStore    *ctd_document_get_store            (CtdDocument             *self);

G_END_DECLS
