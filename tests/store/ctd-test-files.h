/* ctd-test-files.h: temporary folders, hand-made files and the texts
 * written, for the test programs.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A fresh temporary folder per test, with the path of an event file in it
 * (not created): the cmocka state of ctd_test_folder_setup(). */
typedef struct
{
  char *dir;
  char *path;
} CtdTestFolder;

void   ctd_test_remove_tree       (const char  *path);
int    ctd_test_folder_setup      (void       **state);
int    ctd_test_folder_teardown   (void       **state);
char  *ctd_test_query_text        (const char  *path,
                                   const char  *sql);
void   ctd_test_exec_sql          (const char  *path,
                                   const char  *sql);
void   ctd_test_write_v1          (const char  *path,
                                   const char  *source,
                                   const char  *more_sql);
guint  ctd_test_count_occurrences (const char  *text,
                                   const char  *what);
guint  ctd_test_count_descriptors (void);

G_END_DECLS
