/* ctd-store.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* F_OFD_SETLK (Linux): locks that belong to a descriptor, not to the
 * process (ctd_store_hold_locks()). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#define G_LOG_DOMAIN "ctd-store"

#include "config.h"

#include "ctd-store-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

/*
 * An event is one SQLite file. This file of the module owns the file
 * itself: opening and refusing, and the pragmas; the migration ladder
 * is in ctd-store-migrate.c. The actions are in the other ctd-store-*.c
 * files (see ctd-store-private.h).
 *
 * How undo and redo work. Every action runs as BEGIN IMMEDIATE; INSERT
 * INTO audit; ...changes...; COMMIT. While the connection is open, TEMP
 * triggers (generated at open from the tables' own column lists, so
 * they cannot drift from the schema) copy the image of every inserted,
 * updated or deleted row into audit_change under the newest audit row.
 * Undo takes the newest entry not yet undone (an action or a redo),
 * replays its row images backwards (an insert is deleted, a delete
 * re-inserted, an update written back) and logs itself as a new entry
 * whose own row images are what it changed. Because undo always takes
 * the newest remaining entry, everything after it has already been
 * undone, so the images still describe the rows as they are; repeated
 * undo walks back to the empty event. Redo is the undo of an undo: it
 * replays an undo entry's images backwards, which re-applies what that
 * undo took away (ctd-store-history.c). No SQL is stored in the file:
 * undo builds its statements from a fixed list of tables and binds the
 * stored values, so a crafted file cannot make undo run arbitrary SQL.
 */

/* "CTDE" in PRAGMA application_id: what makes an SQLite file ours. */
#define CTD_APPLICATION_ID 0x43544445
/* Long enough to ride out another window's short write, short enough
 * that a second writer hears "locked" at once rather than hanging. */
#define CTD_BUSY_TIMEOUT_MS 150

/**
 * ctd_store_error_quark:
 *
 * The domain of #CtdStoreError: refusals about the event file and its
 * records (the rules of the game keep their own domains).
 *
 * Returns: the quark of %CTD_STORE_ERROR
 */
G_DEFINE_QUARK (ctd-store-error-quark, ctd_store_error)

static CtdStore *
store_new (const char *path)
{
  CtdStore *self = g_new0 (CtdStore, 1);

  self->path = g_strdup (path);
  self->file_fd = -1;
  self->shm_fd = -1;
  {
    /* Echoed in every refusal: one printable line whatever the name. */
    g_autofree char *display_name = g_filename_display_name (path);

    self->display_name = ctd_printable (display_name);
  }
  self->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_strfreev);
  return self;
}

/* SQLite's locks (os_unix.c). Every connection to a file in WAL mode
 * holds the database file's SHARED range read-locked for as long as it
 * is open, and a connection closing takes itself for the last user (and
 * deletes FILE-wal and FILE-shm) only when it can write-lock that range.
 * The "dead man switch" on FILE-shm (UNIX_SHM_DMS) is held shared while
 * a connection uses the shared memory, and the first to open the file
 * when nobody holds it empties the memory. */
#define CTD_SQLITE_SHARED_FIRST (0x40000000 + 2)
#define CTD_SQLITE_SHARED_SIZE  510
#define CTD_SQLITE_SHM_DMS      128

/* An open file description's lock survives the process closing another
 * descriptor of the same file, which drops every lock POSIX counts as
 * the process's; it conflicts with SQLite's (POSIX) locks like another
 * process's would, this process's own included. Where there is no such
 * lock, the process's own is taken again at every look. */
#ifdef F_OFD_SETLK
#define CTD_SETLK F_OFD_SETLK
#else
#define CTD_SETLK F_SETLK
#endif

/* Read-locks @length bytes from @start of @path through *@fd, opened on
 * the first call and kept until ctd_store_close() (@path is only read
 * while *@fd is not open). Refused only while another program holds
 * them alone, for the moment it sets the memory up or closes the file as
 * its last user: the next look takes them. */
static void
hold_lock (const char *path,
           int        *fd,
           off_t       start,
           off_t       length)
{
  struct flock lock = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
                        .l_start = start, .l_len = length };

  if (*fd < 0 && (*fd = open (path, O_RDONLY | O_CLOEXEC)) < 0)
    return;
  (void) fcntl (*fd, CTD_SETLK, &lock);
}

/* Lets go of what hold_lock() took through @fd, without closing it
 * (closing would drop this process's other locks on the file: SQLite's
 * own, and those of the store's other connections). */
static void
release_lock (int fd)
{
#ifdef F_OFD_SETLK
  struct flock lock = { .l_type = F_UNLCK, .l_whence = SEEK_SET };

  if (fd >= 0)
    (void) fcntl (fd, F_OFD_SETLK, &lock);
#else
  /* A process's own locks never stand in its own way. */
  (void) fd;
#endif
}

/**
 * ctd_store_close:
 * @self: (transfer full) (nullable): a store
 *
 * Closes the event file. Everything acknowledged is already committed;
 * closing also puts it into the file itself, so that the file alone is
 * the whole event (it is copied, mailed, archived). The last program to
 * close the file removes FILE-wal and FILE-shm; while another still has
 * it open (a window, a command, another connection of this process),
 * they stay for it.
 */
void
ctd_store_close (CtdStore *self)
{
  if (self == NULL)
    return;
  if (self->db != NULL && !self->read_only)
    {
      /* A checkpoint that waits for nobody: another window writing at
       * this moment is not kept waiting, and the log is not reset under
       * the connections still reading it (they would take that for a
       * change without an audit entry). Only frames another program is
       * reading at this very instant stay in the log, for the last user
       * to put in. */
      ctd_store_checkpoint (self);
      /* Then let SQLite decide whether we are the last user: it
       * checkpoints and deletes the log only if nobody else holds the
       * file, and our own hold (ctd_store_hold_locks()) must not count. */
      release_lock (self->file_fd);
      release_lock (self->shm_fd);
      sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
    }
  /* Every statement was released at the end of the scope that prepared
   * it: only the idle ones of the cache are left to finalise. */
  g_clear_pointer (&self->db, ctd_store_close_db);
  /* Only now: closing a descriptor drops this process's locks on the
   * file, SQLite's until a moment ago among them. */
  if (self->file_fd >= 0)
    close (self->file_fd);
  if (self->shm_fd >= 0)
    close (self->shm_fd);
  g_clear_pointer (&self->columns, g_hash_table_unref);
  g_clear_pointer (&self->rounds, g_array_unref);
  g_clear_pointer (&self->round_facts, g_array_unref);
  g_clear_pointer (&self->links, g_array_unref);
  g_free (self->path);
  g_free (self->display_name);
  g_free (self);
}

/**
 * ctd_store_checkpoint:
 * @self: a store
 *
 * Copies every change committed to the file, by anyone, from the
 * write-ahead log into the file itself, without waiting for anybody
 * (SQLite's passive checkpoint): a copy of the file alone then holds
 * them all. A window does this when the desk is idle. The log stays as
 * it is, so that other connections see no change.
 *
 * Returns: whether the file alone holds every committed change; %FALSE
 *   when another program was reading an older state of the event (or
 *   checkpointing) at that moment: try again later. A store open for
 *   reading only cannot write the file, and returns %TRUE.
 */
gboolean
ctd_store_checkpoint (CtdStore *self)
{
  int n_log = 0;
  int n_done = 0;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->read_only)
    return TRUE;
  return sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_PASSIVE, &n_log,
                                    &n_done) == SQLITE_OK && n_done == n_log;
}

/**
 * ctd_store_hold_locks:
 * @self: a store
 *
 * Holds, through descriptors of the store's own, the locks by which
 * SQLite tells other programs that the event is in use: a read lock on
 * the file (so that no other program closing it takes itself for the
 * last user and deletes the write-ahead log this store still writes to)
 * and the "in use" lock of its shared memory (so that none empties the
 * memory this store has mapped). SQLite's own locks do not suffice:
 * POSIX drops every lock a process holds on a file as soon as the
 * process closes any descriptor of it, and GTK's file chooser opens and
 * closes FILE, FILE-wal and FILE-shm to guess their types whenever it
 * lists the event's folder. A window's document calls this when it
 * opens and on every look at the file; the locks stay until
 * ctd_store_close(). Does nothing for the shared memory before the file
 * has any.
 */
void
ctd_store_hold_locks (CtdStore *self)
{
  g_autofree char *shm = NULL;

  g_return_if_fail (self != NULL);

  hold_lock (self->path, &self->file_fd, CTD_SQLITE_SHARED_FIRST, CTD_SQLITE_SHARED_SIZE);
  if (self->shm_fd < 0)
    shm = g_strconcat (self->path, "-shm", NULL);
  hold_lock (shm, &self->shm_fd, CTD_SQLITE_SHM_DMS, 1);
}

/**
 * ctd_store_get_path:
 * @self: a store
 *
 * Returns: (transfer none): the event file's path, as it was opened
 */
const char *
ctd_store_get_path (const CtdStore *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

/**
 * ctd_store_is_read_only:
 * @self: a store
 *
 * Returns: whether @self was opened for reading only
 *   (ctd_store_open_read_only(), or ctd_store_open_again() for an
 *   export); every action on it is refused with
 *   %CTD_STORE_ERROR_READ_ONLY
 */
gboolean
ctd_store_is_read_only (CtdStore *self)
{
  g_return_val_if_fail (self != NULL, TRUE);
  return self->read_only;
}

/**
 * ctd_store_get_data_version:
 * @self: a store
 * @out_version: (out): SQLite's data version of the file for @self
 * @error: return location for a #GError
 *
 * A number that changes when another connection (another window, a
 * command, a second #CtdStore) commits to the file, and stays the same
 * for @self's own actions: poll it to learn that the file changed under
 * a window, then ask ctd_store_list_changes_since() what changed.
 *
 * Returns: whether @out_version was read
 */
gboolean
ctd_store_get_data_version (CtdStore  *self,
                            gint64    *out_version,
                            GError   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ctd_store_query_int64 (self, "PRAGMA data_version", CTD_NO_ARGS, out_version, error);
}

/**
 * ctd_store_defer_sync:
 * @self: a store open for writing
 * @defer: %TRUE for the commits that follow to return before they are
 *   on the disk, %FALSE to wait for it again
 *
 * A commit waits for the disk (synchronous=FULL). Deferred
 * (synchronous=NORMAL), it returns once it is in the write-ahead log:
 * every reader sees it, the program's crash cannot lose it, and it is on
 * the disk once ctd_store_sync_log() of the file returns, which any
 * number of commits may share. For writes acknowledged only then (the
 * tables' lines): the window's loop does not wait for the disk, and the
 * commits of many tables at once wait for one flush, not one each.
 */
void
ctd_store_defer_sync (CtdStore *self,
                      gboolean  defer)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (self != NULL && !self->read_only);

  if (!ctd_store_run (self, defer ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL",
                      CTD_NO_ARGS, &error))
    g_warning ("“%s”: commits could not be %s: %s", self->display_name,
               defer ? "deferred" : "made durable again", error->message);
}

/**
 * ctd_store_sync_log:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Puts the file's write-ahead log on the disk: every commit made to it
 * before, deferred (ctd_store_defer_sync()) or not, is then durable. Uses
 * no store, so any thread may call it. A missing log holds nothing: its
 * commits were put into the file, and on the disk, when it went.
 *
 * Returns: whether the log is on the disk; %CTD_STORE_ERROR_IO if not
 */
gboolean
ctd_store_sync_log (const char  *path,
                    GError     **error)
{
  g_autofree char *log = g_strconcat (path, "-wal", NULL);
  int fd = g_open (log, O_RDONLY | O_CLOEXEC, 0);
  int saved;

  if (fd < 0 && errno == ENOENT)
    return TRUE;
  if (fd >= 0 && fdatasync (fd) == 0)
    {
      close (fd);
      return TRUE;
    }
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
               _("The last changes could not be saved on the disk (%s)"), g_strerror (saved));
  return FALSE;
}

/* Connection settings every store needs: durable commits (WAL with
 * synchronous=FULL), enforced foreign keys, a short busy wait, and the
 * defensive mode that keeps SQL from corrupting the file directly.
 * (trusted_schema stays on: SQLite 3.40 counts the JSON functions our
 * CHECK constraints use as unsafe.) A reader does not switch the
 * journal: that is a write. */
static gboolean
configure_connection (CtdStore  *self,
                      GError   **error)
{
  g_autoptr(CtdStmt) stmt = NULL;

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, CTD_BUSY_TIMEOUT_MS);
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  /* Undo and redo check what they write back (ctd-store-history.c). */
  if (!ctd_store_add_check_functions (self, error))
    return FALSE;
  /* No checkpoint on closing but the one ctd_store_close() asks for, at
   * the very end, once this store's own hold on the file
   * (ctd_store_hold_locks()) is let go: held, it would count as another
   * user. A store open for reading only cannot checkpoint anyway. */
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);

  if (!self->read_only)
    {
      stmt = ctd_store_prepare (self, "PRAGMA journal_mode = WAL", CTD_NO_ARGS, error);
      if (stmt == NULL || ctd_store_step (self, stmt, error) == CTD_STEP_FAILED)
        return FALSE;
      if (g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") != 0)
        {
          g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_IO,
                       _("“%s” cannot be used safely here: its folder does not allow a "
                         "write-ahead log"), self->display_name);
          return FALSE;
        }
    }
  return ctd_store_exec (self, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", error);
}

/* Whether the file starts like an SQLite database, read without SQLite
 * so that nothing is created or changed. */
static gboolean
check_header (CtdStore  *self,
              GError   **error)
{
  static const char magic[16] = "SQLite format 3";
  char header[16] = { 0, };
  gboolean complete;
  int fd;

  if (!g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("“%s” does not exist; create it with init"), self->display_name);
      return FALSE;
    }
  fd = g_open (self->path, O_RDONLY, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_STORE_ERROR,
                   saved_errno == EACCES ? CTD_STORE_ERROR_READ_ONLY : CTD_STORE_ERROR_IO,
                   _("“%s” could not be opened: %s"), self->display_name, g_strerror (saved_errno));
      return FALSE;
    }
  complete = read (fd, header, sizeof header) == (gssize) sizeof header;
  g_close (fd, NULL);
  if (!complete || memcmp (header, magic, sizeof magic) != 0)
    return ctd_store_refuse_not_event (self, error);
  return TRUE;
}

/* The checks of inspect_file() that need SQLite, on @self->db. */
static gboolean
check_event (CtdStore  *self,
             gint64    *out_version,
             GError   **error)
{
  gint64 application_id = 0;
  gint64 n_tables = 0;

  if (!ctd_store_query_int64 (self, "PRAGMA application_id", CTD_NO_ARGS, &application_id,
                              error) ||
      !ctd_store_query_int64 (self, "PRAGMA user_version", CTD_NO_ARGS, out_version, error) ||
      !ctd_store_query_int64 (self, "SELECT count (*) FROM sqlite_schema", CTD_NO_ARGS,
                              &n_tables, error))
    return FALSE;
  if (application_id != CTD_APPLICATION_ID || (*out_version >= 1 && n_tables == 0))
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_EVENT,
                   _("“%s” is an SQLite database but not a Chouette TD event file"),
                   self->display_name);
      return FALSE;
    }
  if (*out_version > CTD_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_TOO_NEW,
                   /* Translators: a file's name, then two file format numbers. */
                   _("“%s” was written by a newer Chouette TD (file format %lld, this version "
                     "reads up to %d); open it with the newer version"),
                   self->display_name, (long long) *out_version, CTD_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  return ctd_store_validate_file (self, *out_version, n_tables, error);
}

/* Looks at the file through a read-only connection, so that a file we
 * refuse is left exactly as it was. Returns its schema version. */
static gboolean
inspect_file (CtdStore  *self,
              gint64    *out_version,
              GError   **error)
{
  g_autofree char *wal = g_strconcat (self->path, "-wal", NULL);
  g_autofree char *journal = g_strconcat (self->path, "-journal", NULL);
  g_autofree char *uri = NULL;
  gboolean ok;
  int rc;

  if (!check_header (self, error))
    return FALSE;

  /* Even a read-only SQLite connection makes FILE-wal and FILE-shm
   * beside a file in WAL mode that has none, and leaves them. Without
   * FILE-wal (or a rollback journal) nobody has the file open for
   * writing and all of it is in the file itself: read it as it lies
   * (immutable), which creates nothing, so that a refused file is left
   * alone entirely. (A writer starting in those milliseconds could at
   * worst make us refuse a file that is fine; the next try opens it.)
   * Otherwise the file is in use, or a writer died mid-way, and it is
   * read as a reader of a live file must. */
  if (!g_file_test (wal, G_FILE_TEST_EXISTS) && !g_file_test (journal, G_FILE_TEST_EXISTS))
    {
      g_autofree char *escaped = g_uri_escape_string (self->path, "/", FALSE);

      uri = g_strconcat ("file:", g_path_is_absolute (self->path) ? "//" : "", escaped,
                         "?immutable=1", NULL);
    }
  rc = sqlite3_open_v2 (uri != NULL ? uri : self->path, &self->db,
                        SQLITE_OPEN_READONLY | (uri != NULL ? SQLITE_OPEN_URI : 0), NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (self->db, CTD_BUSY_TIMEOUT_MS);
      ok = ctd_store_add_check_functions (self, error) && check_event (self, out_version, error);
    }
  else
    ok = ctd_store_fail (self, rc, error);
  g_clear_pointer (&self->db, ctd_store_close_db);
  return ok;
}

/* Opens @self's connection for reading or writing and configures it. */
static gboolean
connect (CtdStore  *self,
         GError   **error)
{
  int rc = sqlite3_open_v2 (self->path, &self->db,
                            self->read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE,
                            NULL);

  if (rc != SQLITE_OK)
    return ctd_store_fail (self, rc, error);
  if (!self->read_only && sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
                   _("“%s” is read-only: change its permissions, or copy it to a folder "
                     "where you can write"), self->display_name);
      return FALSE;
    }
  return configure_connection (self, error);
}

/* Opens an existing event after inspecting it; a writer upgrades an
 * older schema, a reader refuses it. */
static CtdStore *
open_event (const char  *path,
            gboolean     read_only,
            GError     **error)
{
  g_autoptr(CtdStore) self = store_new (path);
  gint64 version = 0;

  self->read_only = read_only;
  if (!inspect_file (self, &version, error))
    return NULL;
  if (read_only && version < CTD_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY,
                   /* Translators: a file's name, then two file format numbers. */
                   _("“%s” was written by an older Chouette TD (file format %lld, this "
                     "version writes %d) and cannot be read before it is upgraded: open it "
                     "for writing once (in the window, or with a command that changes it), "
                     "which upgrades it and keeps a copy as it was beside it"),
                   self->display_name, (long long) version, CTD_STORE_SCHEMA_VERSION);
      return NULL;
    }
  if (!connect (self, error) ||
      (!read_only && version < CTD_STORE_SCHEMA_VERSION &&
       !ctd_store_upgrade (self, version, error)) ||
      (!read_only && !ctd_store_install_audit_triggers (self, error)))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * ctd_store_open:
 * @path: an event file made by ctd_store_create()
 * @error: return location for a #GError
 *
 * Opens an event for reading and writing. A missing file, a file that
 * is not an event, a damaged one or one from a newer version is refused
 * and left untouched; an older one is first copied to FILE.bak-vN
 * beside it, then upgraded.
 *
 * Returns: (transfer full) (nullable): the store, %NULL with @error set
 */
CtdStore *
ctd_store_open (const char  *path,
                GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return open_event (path, FALSE, error);
}

/**
 * ctd_store_open_read_only:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event for reading only (an export, a look at a colleague's
 * file). It is refused like ctd_store_open() when it is missing, not an
 * event, damaged or too new; a file of an older schema, which only a
 * writer may upgrade, is refused with %CTD_STORE_ERROR_READ_ONLY and a
 * message to open it for writing first. Every action on the store is
 * refused with %CTD_STORE_ERROR_READ_ONLY.
 *
 * Returns: (transfer full) (nullable): the store, %NULL with @error set
 */
CtdStore *
ctd_store_open_read_only (const char  *path,
                          GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return open_event (path, TRUE, error);
}

/**
 * ctd_store_open_again:
 * @self: an open store
 * @read_only: whether the new connection only reads (an export)
 * @error: return location for a #GError
 *
 * Opens a second connection to @self's file, for a worker thread: the
 * two may be used at the same time from different threads, and each
 * sees what the other commits. The file was checked (and upgraded) when
 * @self opened it, so nothing is inspected or migrated again; the new
 * connection gets the same pragmas and, for a writer, the same audit
 * triggers. A read-only @self gives only read-only connections.
 *
 * Returns: (transfer full) (nullable): the new store, %NULL with @error set
 */
CtdStore *
ctd_store_open_again (CtdStore  *self,
                      gboolean   read_only,
                      GError   **error)
{
  g_autoptr(CtdStore) again = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->read_only && !read_only)
    {
      ctd_store_refuse_read_only (self, error);
      return NULL;
    }
  again = store_new (self->path);
  again->read_only = read_only;
  if (!connect (again, error) ||
      (!read_only && !ctd_store_install_audit_triggers (again, error)))
    return NULL;
  return g_steal_pointer (&again);
}

/* Builds the schema of a new file and writes its settings, as one
 * transaction with the first audit entry. */
static gboolean
initialize (CtdStore                *self,
            const CtdEventSettings  *settings,
            GError                 **error)
{
  g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d", CTD_APPLICATION_ID);
  g_auto(CtdStoreTransaction) transaction = { NULL, };

  if (!ctd_store_exec (self, set_id, error) ||
      !configure_connection (self, error) ||
      !ctd_store_transaction_begin (self, &transaction, TRUE, error) ||
      !ctd_store_migrate (self, 0, error) ||
      !ctd_store_write_settings (self, settings, error) ||
      /* The first audit entry records the settings; undo never goes past it. */
      /* The summary is stored as the director read it then: see
       * ctd_store_action_commit(). */
      !ctd_store_run (self,
                      "INSERT INTO audit (time, action, summary, after) "
                      "SELECT strftime ('%Y-%m-%dT%H:%M:%fZ', 'now'), 'create', "
                      "  ?1, json_array (json_object ("
                      "    'table', 'event', 'id', 1, 'row', json_object ("
                      "      'name', name, 'date', date, 'venue', venue, "
                      "      'stake_cents', stake_cents, 'entry_fee_cents', entry_fee_cents, "
                      "      'direction', direction, 'paper', paper, 'closed', closed))) "
                      "FROM event WHERE id = 1",
                      CTD_ARGS (CTD_TEXT (_("Created the event"))), error) ||
      !ctd_store_transaction_commit (&transaction, error))
    return FALSE;
  return ctd_store_install_audit_triggers (self, error);
}

/**
 * ctd_store_create:
 * @path: where the new event file goes; it must not exist
 * @settings: the event's settings
 * @error: return location for a #GError
 *
 * Makes a new event file (what `init` does). An existing file is never
 * touched; a file this call began is removed again if it fails. A
 * @settings without a language takes ctd_store_default_language().
 *
 * Returns: (transfer full) (nullable): the store, %NULL with @error set
 */
CtdStore *
ctd_store_create (const char              *path,
                  const CtdEventSettings  *settings,
                  GError                 **error)
{
  g_autoptr(CtdStore) self = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  g_autofree char *language = NULL;
  CtdEventSettings chosen;
  int fd;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A new event prints in the director's language unless told. */
  chosen = *settings;
  if (chosen.language == NULL)
    chosen.language = language = ctd_store_default_language ();
  settings = &chosen;
  self = store_new (path);
  if (!ctd_store_validate_settings (settings, error))
    return NULL;

  /* O_EXCL: two windows creating the same file cannot both win. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, CTD_STORE_ERROR,
                   saved_errno == EEXIST ? CTD_STORE_ERROR_EXISTS
                   : saved_errno == EACCES || saved_errno == EROFS ? CTD_STORE_ERROR_READ_ONLY
                   : CTD_STORE_ERROR_IO,
                   saved_errno == EEXIST ? _("“%s” already exists; open it, or choose another name")
                   /* Translators: a file's name, then the system's reason. */
                   : _("“%s” could not be created: %s"),
                   self->display_name, g_strerror (saved_errno));
      return NULL;
    }
  g_close (fd, NULL);

  rc = sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK ? initialize (self, settings, error) : ctd_store_fail (self, rc, error))
    return g_steal_pointer (&self);

  /* The file is ours and holds nothing yet: leave no half-made event. */
  g_clear_pointer (&self->db, ctd_store_close_db);
  wal = g_strconcat (path, "-wal", NULL);
  shm = g_strconcat (path, "-shm", NULL);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  return NULL;
}
