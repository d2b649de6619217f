/* ctd-guided-form.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ctd-result.h"

G_BEGIN_DECLS

#define CTD_TYPE_GUIDED_FORM (ctd_guided_form_get_type ())

G_DECLARE_FINAL_TYPE (CtdGuidedForm, ctd_guided_form, CTD, GUIDED_FORM, GtkWidget)

GtkWidget  *ctd_guided_form_new          (void);
void        ctd_guided_form_set_game     (CtdGuidedForm        *self,
                                          const CtdGameContext *context,
                                          const char * const   *names);
gboolean    ctd_guided_form_set_notation (CtdGuidedForm        *self,
                                          const char           *notation);
const char *ctd_guided_form_get_notation (CtdGuidedForm        *self);

G_END_DECLS
