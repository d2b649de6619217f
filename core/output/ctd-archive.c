/* ctd-archive.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-archive"

#include "config.h"

#include "ctd-archive.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ctd-store.h"
#include "ctd-tournament.h"
#include "ctd-export.h"
#include "ctd-report.h"

/*
 * Both files are written whole into a scratch folder inside the chosen
 * one (same file system), then given their names: a failure leaves no
 * half file and no lone workbook, and an existing file is never
 * replaced (a name is taken with link(), which fails on an existing
 * name, or on file systems without links after a look and rename()).
 */

/* Longest base name in bytes: room for " (999).chouette" within the 255
 * bytes every common file system allows. */
#define CTD_ARCHIVE_NAME_MAX 150

/* Names Windows keeps for devices, whatever the extension. */
static const char *const reserved_names[] = {
  "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8",
  "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
};

static void
trim (GString *name)
{
  while (name->len > 0 && (name->str[name->len - 1] == ' ' || name->str[name->len - 1] == '.'))
    g_string_truncate (name, name->len - 1);
  while (name->len > 0 && (name->str[0] == ' ' || name->str[0] == '.'))
    g_string_erase (name, 0, 1);
}

static gboolean
is_reserved (const char *name)
{
  g_autofree char *stem = g_strndup (name, strcspn (name, "."));

  g_strchomp (stem);
  for (gsize i = 0; i < G_N_ELEMENTS (reserved_names); i++)
    if (g_ascii_strcasecmp (stem, reserved_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/**
 * ctd_archive_file_name:
 * @event_name: the event's name, as the director typed it
 *
 * The name both files of the archive take before their extension: the
 * event's name made safe for any file system (FAT on a USB stick,
 * Windows shares): no folder separators or characters Windows refuses,
 * no control characters, no leading or trailing dots and spaces (so
 * "../x" stays in the folder and is not hidden), no device name such
 * as "CON", at most 150 bytes of whole characters; "Event" when nothing
 * is left.
 *
 * Returns: (transfer full): the name
 */
char *
ctd_archive_file_name (const char *event_name)
{
  g_autofree char *valid = NULL;
  g_autoptr(GString) name = g_string_new (NULL);

  g_return_val_if_fail (event_name != NULL, NULL);

  valid = g_utf8_make_valid (event_name, -1);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || (c < 128 && strchr ("/\\:*?\"<>|", (int) c) != NULL))
        g_string_append_c (name, '_');
      else if (name->len + (gsize) (g_utf8_next_char (p) - p) <= CTD_ARCHIVE_NAME_MAX)
        g_string_append_unichar (name, c);
      else
        break;
    }
  trim (name);
  if (name->len == 0)
    /* Translators: the archive's file name when the event's name has no
     * letter a file name can hold */
    g_string_assign (name, _("Event"));
  if (is_reserved (name->str))
    g_string_prepend_c (name, '_');
  return g_strdup (name->str);
}

/* Gives the finished file @from the name @to unless @to exists: 0, or
 * an errno (EEXIST when taken). *@out_linked says whether @from is
 * still there (a link) or was moved. */
static int
take_name (const char *from,
           const char *to,
           gboolean   *out_linked)
{
  int saved_errno;

  *out_linked = link (from, to) == 0;
  if (*out_linked)
    return 0;
  saved_errno = errno;
  if (saved_errno == EEXIST)
    return EEXIST;
  /* No hard links here (FAT, some network shares): look, then move. */
  if (saved_errno != EPERM && saved_errno != ENOTSUP && saved_errno != EOPNOTSUPP &&
      saved_errno != EMLINK && saved_errno != ENOSYS && saved_errno != EXDEV)
    return saved_errno;
  if (g_file_test (to, G_FILE_TEST_EXISTS))
    return EEXIST;
  return g_rename (from, to) == 0 ? 0 : errno;
}

static void
give_back (const char *from,
           const char *to,
           gboolean    linked)
{
  if (linked)
    g_unlink (to);
  else
    g_rename (to, from);
}

/* Names the pair "NAME.xlsx" and "NAME.chouette", or "NAME (2)..."
 * when either name is taken: the two always share a name. */
static gboolean
name_pair (const char  *folder,
           const char  *base,
           const char  *workbook_tmp,
           const char  *copy_tmp,
           char       **out_workbook,
           char       **out_copy,
           GError     **error)
{
  for (guint n = 1; n <= 999; n++)
    {
      g_autofree char *stem = n == 1 ? g_strdup (base) : g_strdup_printf ("%s (%u)", base, n);
      g_autofree char *name = g_strconcat (stem, ".xlsx", NULL);
      g_autofree char *workbook = g_build_filename (folder, name, NULL);
      g_autofree char *copy = NULL;
      gboolean linked_workbook, linked_copy;
      int rc;

      g_free (name);
      name = g_strconcat (stem, ".chouette", NULL);
      copy = g_build_filename (folder, name, NULL);
      if (g_file_test (workbook, G_FILE_TEST_EXISTS) || g_file_test (copy, G_FILE_TEST_EXISTS))
        continue;
      rc = take_name (workbook_tmp, workbook, &linked_workbook);
      if (rc == 0)
        {
          rc = take_name (copy_tmp, copy, &linked_copy);
          if (rc != 0)
            give_back (workbook_tmp, workbook, linked_workbook);
        }
      if (rc == EEXIST)
        continue;
      if (rc != 0)
        {
          g_autofree char *display = g_filename_display_name (folder);

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (rc),
                       _("The archive could not be written to “%s”: %s"), display,
                       g_strerror (rc));
          return FALSE;
        }
      *out_workbook = g_steal_pointer (&workbook);
      *out_copy = g_steal_pointer (&copy);
      return TRUE;
    }
  {
    g_autofree char *display = g_filename_display_name (folder);

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                 _("“%s” already holds 999 archives named “%s”: choose another folder"), display,
                 base);
  }
  return FALSE;
}

/* Removes the scratch folder and whatever is left in it. */
static void
remove_scratch (const char *scratch)
{
  g_autoptr(GDir) dir = g_dir_open (scratch, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (scratch, name, NULL);

      g_unlink (path);
    }
  g_rmdir (scratch);
}

static gboolean
check_folder (const char  *folder,
              GError     **error)
{
  g_autofree char *display = NULL;

  if (g_file_test (folder, G_FILE_TEST_IS_DIR))
    return TRUE;
  display = g_filename_display_name (folder);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
               _("“%s” is not a folder: choose the folder the archive goes in"), display);
  return FALSE;
}

/**
 * ctd_archive_write:
 * @store: an event
 * @folder: an existing folder
 * @out_workbook: (out) (transfer full): the workbook's path
 * @out_copy: (out) (transfer full): the event file copy's path
 * @error: return location for a #GError
 *
 * Writes the event's archive into @folder: the workbook of `export
 * --all` (ctd_report_archive()) and a copy of the event file
 * (ctd_store_write_copy()), both named ctd_archive_file_name() of the
 * event's name, with " (2)", " (3)"... when a file of either name
 * exists; nothing is ever written over. Either both files appear, whole,
 * or neither does.
 *
 * Returns: whether the archive was written; on failure @error's message
 *   names the folder
 */
gboolean
ctd_archive_write (CtdStore    *store,
                   const char  *folder,
                   char       **out_workbook,
                   char       **out_copy,
                   GError     **error)
{
  const CtdReportOptions options = { NULL, FALSE, FALSE };
  g_auto(CtdEventSettings) settings = { NULL, };
  g_autoptr(CtdSheetDoc) doc = NULL;
  g_autofree char *base = NULL;
  g_autofree char *scratch = NULL;
  g_autofree char *workbook_tmp = NULL;
  g_autofree char *copy_tmp = NULL;
  g_autofree char *display = NULL;
  gboolean ok;

  g_return_val_if_fail (store != NULL && folder != NULL, FALSE);
  g_return_val_if_fail (out_workbook != NULL && out_copy != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_folder (folder, error) || !ctd_store_get_settings (store, &settings, error) ||
      /* ctd_report_build(): in the event's language. */
      (doc = ctd_report_build (store, 0, 0, &options, error)) == NULL)
    return FALSE;
  base = ctd_archive_file_name (settings.name);
  scratch = g_build_filename (folder, ".chouette-archive-XXXXXX", NULL);
  display = g_filename_display_name (folder);
  if (g_mkdtemp (scratch) == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("The archive could not be written to “%s”: %s"), display,
                   g_strerror (saved_errno));
      return FALSE;
    }
  workbook_tmp = g_build_filename (scratch, "archive.xlsx", NULL);
  copy_tmp = g_build_filename (scratch, "archive.chouette", NULL);
  ok = ctd_export_write (doc, workbook_tmp, error) &&
       ctd_store_write_copy (store, copy_tmp, NULL, 0, error);
  if (!ok)
    /* Translators: the cause follows the colon */
    g_prefix_error (error, _("The archive could not be written to “%s”: "), display);
  else
    ok = name_pair (folder, base, workbook_tmp, copy_tmp, out_workbook, out_copy, error);
  remove_scratch (scratch);
  return ok;
}

typedef struct
{
  const char *folder;
  char       *workbook;
  char       *copy;
} CloseJob;

static gboolean
write_before_commit (CtdStore  *store,
                     gpointer   user_data,
                     GError   **error)
{
  CloseJob *job = user_data;

  /* Only a finished event closes; then its archive is written. */
  return ctd_tournament_check_finished (store, error) &&
         ctd_archive_write (store, job->folder, &job->workbook, &job->copy, error);
}

/**
 * ctd_archive_close_event:
 * @store: a finished event
 * @folder: an existing folder for the archive
 * @out_workbook: (out) (optional) (transfer full): the workbook's path
 * @out_copy: (out) (optional) (transfer full): the event file copy's path
 * @error: return location for a #GError
 *
 * Closes the event (ctd_store_close_event_full()) and writes its archive
 * (ctd_archive_write()) as one: the archive is written inside the
 * closing action, so it shows the event closed, with "Closed the event"
 * in its log, and the event closes only once both files are there. A
 * refusal (the event not finished, already closed) or a failure to
 * write leaves the event open and the folder as it was; should the
 * closing fail to commit after the files were written, they are removed.
 *
 * Returns: whether the event was closed and archived
 */
gboolean
ctd_archive_close_event (CtdStore    *store,
                         const char  *folder,
                         char       **out_workbook,
                         char       **out_copy,
                         GError     **error)
{
  CloseJob job = { folder, NULL, NULL };
  g_autofree char *workbook = NULL;
  g_autofree char *copy = NULL;
  gboolean ok;

  g_return_val_if_fail (store != NULL && folder != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_folder (folder, error))
    return FALSE;
  ok = ctd_store_close_event_full (store, write_before_commit, &job, error);
  workbook = job.workbook;
  copy = job.copy;
  if (!ok && workbook != NULL)
    {
      g_unlink (workbook);
      g_unlink (copy);
    }
  if (ok && out_workbook != NULL)
    *out_workbook = g_steal_pointer (&workbook);
  if (ok && out_copy != NULL)
    *out_copy = g_steal_pointer (&copy);
  return ok;
}
