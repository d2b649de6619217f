#!/usr/bin/python3
# test-install.py: the programs speak the desktop's language from the
# build tree and installed, and the install holds what the desktop needs.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-install.py MESON BUILD-DIR SOURCE-ROOT PREFIX BINDIR DATADIR
#                        LOCALEDIR APP-ID MSGFMT
#
# `meson install --destdir` into a temporary folder (issue 30), then the
# installed programs are run from there, under LANG=fr_FR.UTF-8 with no
# CTD_* variable: they find their catalogues from their own location.
# A copy of the install moved elsewhere, its French catalogue replaced by
# one whose words no other catalogue has, proves the words come from the
# copy's own folder, never from a real install under the prefix.
# Without a display the window says so in French; with one (the suite's
# Xvfb, on a session bus) the window from the build and the installed one
# open in French, the installed one's resources built in. The desktop
# file and metainfo there validate; the icons, the MIME type, the user
# guide with its figures and the two manual pages
# are installed. Python's standard library only; ends with
# "N passed, N failed".

import os
import shutil
import subprocess
import sys
import tempfile

import ctdtest
from ctdtest import check, equal

FRENCH = "fr_FR.UTF-8"
# The window's one message without a display, and its French (fr.po).
NO_DISPLAY = "no graphical display found"
NO_DISPLAY_FR = "aucun affichage graphique trouvé"


def french_env(**more):
    """The environment of a French desktop: LANG alone, no LC_*, no
    LANGUAGE, no CTD_* variable, no display."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "CTD_")) and k not in
           ("LANG", "LANGUAGE", "DISPLAY", "WAYLAND_DISPLAY")}
    env["LANG"] = FRENCH
    env.update(more)
    return env


def have_french():
    out = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    return bool({"fr_FR.utf8", "fr_FR.UTF-8"} & set(out))


def run(argv, env, status=0, timeout=60):
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout)
    if status is not None and proc.returncode != status:
        raise ctdtest.Failure("%s: exit %d, expected %d\nstdout: %s\nstderr: %s"
                              % (" ".join(argv), proc.returncode, status,
                                 proc.stdout, proc.stderr))
    return proc


def installed(root, *parts):
    return os.path.join(root, *parts)


def said_by_cli(cli, folder, env):
    """What the CLI says to a director making an event and drawing it."""
    path = os.path.join(folder, "open.chouette")
    said = run([cli, path, "init", "--name", "Open", "--stake", "5"], env).stdout
    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        said += run([cli, path, "player", "add", name, "--checked-in"], env).stdout
    said += run([cli, path, "draw", "--seed", "7"], env).stdout
    # A line naming a player who is not at the table: refused.
    said += run([cli, path, "record", "1.1", "1", "B 9:4"], env, status=1).stderr
    return said


def window_without_display(gui, env):
    proc = run([gui], env, status=1)
    return proc.stderr


def window_speaks_french(gui, folder):
    """Opens the window @gui on a French desktop (the suite's Xvfb, this
    session's accessibility bus) and waits for its welcome view's button
    in French; False when it cannot be seen here."""
    display = os.environ.get("DISPLAY")
    if not display or not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("skipped the window on a display: needs xvfb-run and dbus-run-session")
        return False
    try:
        import e2e
    except ImportError:
        print("skipped the window on a display: no pyatspi (Debian's /usr/bin/python3)")
        return False
    saved = dict(os.environ)
    desktop = french_env(DISPLAY=display)
    os.environ.clear()
    os.environ.update(desktop)
    app = e2e.App(gui, folder)
    try:
        root = app.wait()
        welcome = e2e.wait_for("the welcome window",
                               lambda: e2e.find(root, "frame", "Chouette TD"), 60)
        e2e.wait_for("the welcome view's button in French",
                     lambda: e2e.find(welcome, "push button", contains="Nouveau tournoi"), 60)
    finally:
        app.stop()
        os.environ.clear()
        os.environ.update(saved)
    check(not e2e.failures, "the window: %s" % e2e.failures)
    return True


def window_opens_its_own_guide(gui, folder):
    """Starts the window @gui on the suite's display and asks it for help
    (app.help, as F1 does) with a help viewer of the test's own: the
    viewer must be given the guide installed beside @gui, whatever the
    data folders and the configured prefix hold."""
    import e2e
    os.makedirs(folder, exist_ok=True)
    viewer = os.path.join(folder, "viewer.sh")
    asked = os.path.join(folder, "asked")
    with open(viewer, "w") as f:
        f.write("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s'\n" % asked)
    os.chmod(viewer, 0o755)
    for sub in ("data/applications", "config", "sys"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "data", "applications", "ctd-test-viewer.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=Test Help Viewer\n"
                "Exec=%s %%u\nMimeType=x-scheme-handler/ghelp;x-scheme-handler/help;\n" % viewer)
    with open(os.path.join(folder, "config", "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/ghelp=ctd-test-viewer.desktop\n"
                "x-scheme-handler/help=ctd-test-viewer.desktop\n")
    # The system's file types and icons, not its help (nor a real install's).
    for name in ("mime", "icons"):
        os.symlink(os.path.join("/usr/share", name), os.path.join(folder, "sys", name))
    saved = dict(os.environ)
    os.environ["XDG_DATA_DIRS"] = os.path.join(folder, "sys")
    app = e2e.App(gui, folder)
    try:
        app.wait()
        e2e.wait_for("the window on the session bus", lambda: subprocess.run(
            ["gdbus", "call", "--session", "--dest", APP_ID, "--object-path",
             "/io/github/chouettetd/ChouetteTD", "--method", "org.gtk.Actions.Activate",
             "help", "[]", "{}"], capture_output=True).returncode == 0 or None, 60)
        e2e.wait_for("the help viewer started", lambda: (os.path.isfile(asked) and
                     open(asked).read().endswith("\n")) or None, 60)
    finally:
        app.stop()
        os.environ.clear()
        os.environ.update(saved)
    check(not e2e.failures, "the window: %s" % e2e.failures)
    with open(asked) as f:
        uri = f.read().strip()
    print("F1 asked the help viewer for " + uri)
    guide = os.path.realpath(installed(PREFIX, DATADIR, "help", "C", "chouette-td"))
    check(uri.startswith("ghelp:") and
          os.path.realpath(uri[len("ghelp:"):].split("?")[0]) == guide,
          "F1 opens the guide installed beside the program (%s): %r" % (guide, uri))


def needs_french():
    if not have_french():
        print("skipped: no %s locale on this machine (.ci/setup.sh's "
              "ctd_ensure_locales makes it)" % FRENCH)
        return True
    return False


# ---------------------------------------------------------------------------


def test_uninstalled_window_in_french(folder):
    # ./run.sh's window, started on a French desktop without a display:
    # the one line it writes is French, from the build's catalogue.
    if needs_french():
        return
    said = window_without_display(UNINSTALLED_GUI, french_env())
    check(NO_DISPLAY_FR in said, "the build's window in French: %r" % said)
    said = window_without_display(UNINSTALLED_GUI, french_env(LANG="C.UTF-8"))
    check(NO_DISPLAY in said, "the build's window in C: %r" % said)
    window_speaks_french(UNINSTALLED_GUI, folder)


def test_installed_cli_in_french(folder):
    if needs_french():
        return
    cli = installed(PREFIX, BINDIR, "chouette-td-cli")
    said = said_by_cli(cli, folder, french_env())
    for word in ("Créé", "Tour 1 (", "graine 7", "n'est pas dans cette chouette"):
        check(word in said, "%r in the installed CLI's French:\n%s" % (word, said))
    os.mkdir(os.path.join(folder, "c"))
    english = said_by_cli(cli, os.path.join(folder, "c"), french_env(LANG="C.UTF-8"))
    check("is not in this chouette" in english, "in C, English:\n%s" % english)


def test_installed_window_in_french(folder):
    if needs_french():
        return
    gui = installed(PREFIX, BINDIR, "chouette-td")
    said = window_without_display(gui, french_env())
    check(NO_DISPLAY_FR in said, "the installed window in French: %r" % said)
    # On a display it opens, its resources (the pages' templates, the
    # style) built in, in French, and F1 opens its own guide.
    if window_speaks_french(gui, folder):
        window_opens_its_own_guide(gui, os.path.join(folder, "help"))


def test_moved_install_reads_its_own_catalogue(folder):
    # The install moved to another folder (as a package's files are
    # before they reach /usr), its French replaced by a catalogue whose
    # words are ours alone: what the programs say comes from there.
    if needs_french():
        return
    moved = os.path.join(folder, "moved")
    shutil.copytree(DESTDIR, moved, symlinks=True)
    root = os.path.join(moved, PREFIX_REL)
    po = os.path.join(folder, "marker.po")
    with open(po, "w", encoding="utf-8") as out:
        out.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        msgid = ("no graphical display found (DISPLAY or WAYLAND_DISPLAY); start it from a "
                 "desktop session, or use chouette-td-cli")
        out.write('msgid "%s"\nmsgstr "MARKER-WINDOW"\n\n' % msgid)
    mo = os.path.join(root, LOCALEDIR_REL, "fr", "LC_MESSAGES", "chouette-td.mo")
    check(os.path.isfile(mo), "the French catalogue installed: %s" % mo)
    run([MSGFMT, "-o", mo, po], os.environ)
    said = window_without_display(os.path.join(root, BINDIR, "chouette-td"), french_env())
    check("MARKER-WINDOW" in said, "the moved window reads its own catalogue: %r" % said)
    # And the CLI, whose words the marker catalogue lacks: English.
    said = said_by_cli(os.path.join(root, BINDIR, "chouette-td-cli"), folder, french_env())
    check("is not in this chouette" in said and "Created" in said,
          "the moved CLI reads its own (marker) catalogue:\n%s" % said)


def test_desktop_files_validate(folder):
    share = installed(PREFIX, DATADIR)
    desktop = os.path.join(share, "applications", APP_ID + ".desktop")
    metainfo = os.path.join(share, "metainfo", APP_ID + ".metainfo.xml")
    for path in (desktop, metainfo):
        check(os.path.isfile(path), "installed: %s" % path)
    validate = shutil.which("desktop-file-validate")
    if validate:
        run([validate, desktop], os.environ)
    else:
        print("skipped: no desktop-file-validate")
    appstreamcli = shutil.which("appstreamcli")
    if appstreamcli:
        run([appstreamcli, "validate", "--no-net", "--explain", metainfo], os.environ)
    else:
        print("skipped: no appstreamcli")
    # The desktop file starts a program the install holds, with its icon.
    with open(desktop, encoding="utf-8") as f:
        entry = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    program = entry["Exec"].split()[0]
    check(os.access(installed(PREFIX, BINDIR, program), os.X_OK),
          "Exec=%s is installed in %s" % (program, BINDIR))
    equal(entry["Icon"], APP_ID, "the desktop file's icon")


def test_icons_mime_catalogues_help(folder):
    share = installed(PREFIX, DATADIR)
    hicolor = os.path.join(share, "icons", "hicolor")
    for icon in (os.path.join("scalable", "apps", APP_ID + ".svg"),
                 os.path.join("symbolic", "apps", APP_ID + "-symbolic.svg")):
        check(os.path.isfile(os.path.join(hicolor, icon)), "icon installed: %s" % icon)
    with open(os.path.join(SOURCE, "data", "po", "LINGUAS"), encoding="utf-8") as f:
        linguas = " ".join(line.split("#")[0] for line in f).split()
    check(linguas, "data/po/LINGUAS names a language")
    for lang in linguas:
        mo = os.path.join(PREFIX, LOCALEDIR_REL, lang, "LC_MESSAGES", "chouette-td.mo")
        check(os.path.isfile(mo), "catalogue installed: %s" % mo)
    index = os.path.join(share, "help", "C", "chouette-td", "index.page")
    check(os.path.isfile(index), "the user guide installed: %s" % index)
    check(os.path.isdir(os.path.join(os.path.dirname(index), "figures")),
          "the user guide's figures installed beside it")
    for page in ("chouette-td.1", "chouette-td-cli.1"):
        man = os.path.join(share, "man", "man1", page)
        check(os.path.isfile(man), "the manual page installed: %s" % man)
    # Only our two programs in bin/, nothing outside the prefix.
    for name in os.listdir(installed(PREFIX, BINDIR)):
        check(name.startswith("chouette-td"), "%s installed in %s" % (name, BINDIR))
    for top, _, files in os.walk(DESTDIR):
        for name in files:
            path = os.path.join(top, name)
            check(path.startswith(PREFIX + os.sep), "installed outside the prefix: %s" % path)

    # The desktop's MIME database, made from the installed file alone,
    # knows an event file by its content.
    mime = os.path.join(share, "mime", "packages", APP_ID + ".mime.xml")
    check(os.path.isfile(mime), "installed: %s" % mime)
    tools = [shutil.which(t) for t in ("update-mime-database", "gio")]
    if None in tools:
        print("skipped: the MIME lookup needs update-mime-database and gio")
        return
    data = os.path.join(folder, "share")
    os.makedirs(os.path.join(data, "mime", "packages"))
    shutil.copy(mime, os.path.join(data, "mime", "packages"))
    run([tools[0], os.path.join(data, "mime")], os.environ)
    event = os.path.join(folder, "renamed")
    run([installed(PREFIX, BINDIR, "chouette-td-cli"), event + ".chouette", "init",
         "--name", "Open"], os.environ)
    os.rename(event + ".chouette", event)
    env = dict(os.environ, XDG_DATA_DIRS=data + ":/usr/share",
               XDG_DATA_HOME=os.path.join(folder, "home"))
    info = run([tools[1], "info", "-a", "standard::content-type", event], env).stdout
    check("application/x-chouette-td" in info, "the event's type by content: %s" % info)


if __name__ == "__main__":
    if len(sys.argv) != 10:
        print("usage: test-install.py MESON BUILD-DIR SOURCE-ROOT PREFIX BINDIR DATADIR "
              "LOCALEDIR APP-ID MSGFMT", file=sys.stderr)
        sys.exit(2)
    (MESON, BUILD, SOURCE, PREFIX_OPT, BINDIR, DATADIR, LOCALEDIR, APP_ID,
     MSGFMT) = sys.argv[1:]
    UNINSTALLED_GUI = os.path.join(BUILD, "app", "chouette-td")
    DESTDIR = tempfile.mkdtemp(prefix="ctd-install-")
    try:
        proc = subprocess.run([MESON, "install", "-C", BUILD, "--destdir", DESTDIR,
                               "--no-rebuild", "--quiet"],
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            print("meson install failed (%d):\n%s%s" % (proc.returncode, proc.stdout,
                                                       proc.stderr))
            sys.exit(1)
        # Where the prefix landed in the destdir, and the install's
        # folders as the prefix lays them out (bindir is "bin").
        PREFIX_REL = PREFIX_OPT.lstrip("/")
        PREFIX = os.path.join(DESTDIR, PREFIX_REL)
        LOCALEDIR_REL = os.path.relpath(os.path.join(PREFIX_OPT, LOCALEDIR), PREFIX_OPT)
        DATADIR = os.path.relpath(os.path.join(PREFIX_OPT, DATADIR), PREFIX_OPT)
        BINDIR = os.path.relpath(os.path.join(PREFIX_OPT, BINDIR), PREFIX_OPT)
        status = ctdtest.run(globals(), "ctd-install-test-")
    finally:
        shutil.rmtree(DESTDIR, ignore_errors=True)
    sys.exit(status)
