#!/usr/bin/python3
# test-e2e-french.py: the built chouette-td under LANGUAGE=fr, read
# through AT-SPI as a screen reader reads it: an event made by
# chouette-td-cli (a round drawn, chouette 1.1 played out, 1.2 begun),
# opened in the window after the welcome view; each main page (Event, Players, Rounds, the
# scoring page of 1.1, Standings, Final and Money, Log) shown from the
# sidebar's action, its title in French, and no English phrase of the
# template (english.py) in the names on screen. With CTD_SCREENSHOT_DIR
# set, each page is saved under it as fr/PAGE.png (data/screenshots/fr/),
# never over the English screenshots of the same pages.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (under a display and a session bus, as meson runs it, with
# LANGUAGE=fr, LC_ALL=fr_FR.UTF-8 and CTD_LOCALEDIR=BUILD/data/po):
#   dbus-run-session -- /usr/bin/python3 test-e2e-french.py CHOUETTE-TD CHOUETTE-TD-CLI
#       SOURCE-ROOT XGETTEXT

import pyatspi  # first: it connects to the accessibility bus

import gettext
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import e2e  # noqa: E402
import english  # noqa: E402
from e2e import check, cli, find_all, show_page, toplevel, wait_for, window_action  # noqa: E402

TITLE = "Open de Paris"
NAMES = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "Fabien", "Gaston", "Hélène"]
# The window's pages: the stack's name, the sidebar's English title.
PAGES = [("event", "Event"), ("players", "Players"), ("rounds", "Rounds"),
         ("chouette", "Scoring"), ("standings", "Standings"),
         ("results", "Final and Money"), ("log", "Log")]

# French words each page must say (the round's state is one word, too
# short for english.py: the standings once said "in play").
SAID = {"welcome": ["Nouveau tournoi", "Ouvrir le tournoi d'exemple", "Nombre de joueurs"],
        "players": ["Pointé", "Ajouter un joueur"],
        "rounds": ["Tirer le tour suivant", "Terminée"],
        "chouette": ["Boîte", "Capitaine", "Partie 12"],
        "standings": ["Tour 1 (Qualification) : en cours.", "Rang"],
        "results": ["Places de la finale", "paie"],
        # The action in words, not the file's nick ("record-game")
        "log": ["Chouette 1.1 partie 12 : B", "Partie saisie", "Tour tiré", "Tournoi créé"]}


def sidebar_title(frame):
    """The title of the sidebar's selected row: the page shown."""
    # (GTK's own name of a GtkStackSidebar's list, from GTK's catalogue)
    sidebar = e2e.find(frame, "list", "Sidebar")
    for item in find_all(sidebar, "list item") if sidebar is not None else []:
        try:
            if item.getState().contains(pyatspi.STATE_SELECTED):
                label = item if item.name else e2e.find(item, "label")
                return label.name if label is not None else None
        except Exception:
            continue
    return None


def read_page(node, page, finder, screenshots, title):
    """Fails the test on each English phrase among the names under @node
    and each word of SAID[@page] missing; saves the window titled
    @title as PAGE.png under @screenshots when it is set."""
    shown = "\n".join(e2e.names_under(node))
    for line in finder.left(shown, "the %s page" % page):
        check(False, line)
    # Short words the phrase check lets by, which the page reads out
    # (French sets a no-break space before a colon).
    plain = shown.replace("\u00a0", " ").replace("\u202f", " ")
    for word in SAID.get(page, []):
        check(word in plain, "the %s page says “%s”:\n%s" % (page, word, shown))
    if screenshots:
        # A pace for GTK to paint the page it has just shown.
        time.sleep(0.5)
        os.makedirs(screenshots, exist_ok=True)
        e2e.screenshot(title, os.path.join(screenshots, "%s.png" % page))


def main(gui, cli_path):
    root_dir, xgettext = sys.argv[3], sys.argv[4]
    localedir = os.environ.get("CTD_LOCALEDIR", "")
    french = gettext.translation("chouette-td", localedir, languages=["fr"], fallback=True)
    screenshots = os.environ.get("CTD_SCREENSHOT_DIR")
    if screenshots:
        screenshots = os.path.join(screenshots, "fr")
    finder = english.Finder(english.template_phrases(root_dir, xgettext))

    folder = tempfile.mkdtemp(prefix="ctd-e2e-french-")
    # The welcome view first, as a French director starts the program.
    app = e2e.App(gui, folder)
    try:
        root = app.wait()
        welcome = wait_for("the welcome window", lambda: e2e.find(root, "frame", "Chouette TD"))
        wait_for("the welcome view's buttons",
                 lambda: e2e.find(welcome, "push button", contains="Nouveau tournoi"))
        read_page(welcome, "welcome", finder, screenshots, "^Chouette TD$")
    finally:
        app.stop()

    path = os.path.join(folder, "open-de-paris.chouette")
    cli(path, "init", "--name", TITLE, "--date", "2026-11-22", "--venue", "Cercle",
        "--stake", "5", "--entry-fee", "110")
    for name in NAMES:
        cli(path, "player", "add", name, "--checked-in")
    cli(path, "draw", "--seed", "7")
    # Chouette 1.1 played out (the Box wins or the team does), 1.2 begun.
    for game in range(1, 13):
        cli(path, "record", "1.1", str(game), "T" if game in (2, 5, 7, 8, 11) else "B")
    for game in range(1, 4):
        cli(path, "record", "1.2", str(game), "B")

    app = e2e.App(gui, folder, path)
    try:
        root = app.wait()
        frame = wait_for("the event's window", lambda: toplevel(root, TITLE), 30)
        for page, title in PAGES:
            expected = french.gettext(title)
            check(expected != title, "the catalogue in %r translates “%s”" % (localedir, title))
            if page == "chouette":
                window_action("show-chouette", "1.1")
            else:
                show_page(page)
            wait_for("the %s page shown" % page,
                     lambda: True if sidebar_title(frame) == expected else None, 10)
            # GTK 4.8 tells AT-SPI no page is hidden: the page's own panel,
            # named with its title, holds what it shows.
            panel = [node for node in find_all(frame, "panel") if node.name == expected]
            check(len(panel) == 1, "one panel is the %s page: %d" % (page, len(panel)))
            if page == "chouette":
                wait_for("chouette 1.1 on screen",
                         lambda: True if any(n.startswith("Chouette 1.1")
                                             for n in e2e.names_under(panel[0])) else None, 10)
            read_page(panel[0], page, finder, screenshots, "^" + TITLE)
    finally:
        app.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    locales = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    if not {"fr_FR.utf8", "fr_FR.UTF-8"} & set(locales):
        print("SKIP: the fr_FR.UTF-8 locale is not installed (.ci/setup.sh's "
              "ctd_ensure_locales installs it)")
        sys.exit(77)
    e2e.run(main)
