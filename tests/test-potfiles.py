#!/usr/bin/python3
# test-potfiles.py: the translation template cannot fall behind the code.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-potfiles.py SOURCE_ROOT XGETTEXT MSGFMT MSGINIT
#
# data/po/POTFILES lists the files xgettext reads for the template: a file
# that marks a string and is not listed sends its strings to no
# translator, silently. So: every .c/.h file of core/, ui/ and app/ and
# every data/ui/*.ui that marks a string (_( N_( C_( NC_( ngettext
# g_dngettext translatable="yes") is listed, and so are the desktop file
# and the metainfo (translatable by their format); every listed file
# exists, once. Then the template is made from POTFILES as the build's
# chouette-td-pot target makes it (the glib preset's keywords, below),
# with no warning from xgettext; an English catalogue made from it
# passes `msgfmt --check`, and so does every data/po/*.po. Standard
# library only, with gettext's tools; ends with "N passed, N failed".

import glob
import os
import re
import shutil
import subprocess
import sys

import ctdtest
from ctdtest import check, equal

ROOT = XGETTEXT = MSGFMT = MSGINIT = None

# The keywords and flags of meson's i18n.gettext(preset: 'glib')
# (mesonbuild/modules/i18n.py), as data/po/meson.build asks for them.
GLIB_PRESET = [
    "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format",
    "--flag=NC_:2:pass-c-format", "--flag=g_dngettext:2:pass-c-format",
    "--flag=g_strdup_printf:1:c-format", "--flag=g_string_printf:2:c-format",
    "--flag=g_string_append_printf:2:c-format", "--flag=g_error_new:3:c-format",
    "--flag=g_set_error:4:c-format", "--flag=g_markup_printf_escaped:1:c-format",
    "--flag=g_log:3:c-format", "--flag=g_print:1:c-format", "--flag=g_printerr:1:c-format",
    "--flag=g_printf:1:c-format", "--flag=g_fprintf:2:c-format",
    "--flag=g_sprintf:2:c-format", "--flag=g_snprintf:3:c-format",
]

# A marked string in C (the keywords above, and ngettext, which xgettext
# knows by itself) or in a GtkBuilder file. `_(` must not be the end of
# a longer name (g_strdup_printf ( is not a mark).
C_MARK = re.compile(r"(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|ngettext|g_dngettext|g_dcgettext"
                    r"|g_dpgettext2)\s*\(\s*(?:[A-Za-z_]+\s*,\s*)?\"")
UI_MARK = re.compile(r'translatable\s*=\s*"yes"')

# Translatable by their format (Name=, Comment=, <summary>...): always listed.
ALWAYS = ["data/io.github.chouettetd.ChouetteTD.desktop.in",
          "data/io.github.chouettetd.ChouetteTD.metainfo.xml.in"]


def listed():
    """POTFILES' lines, comments and blank lines left out, in order."""
    with open(os.path.join(ROOT, "data", "po", "POTFILES"), encoding="utf-8") as f:
        lines = [l.strip() for l in f]
    return [l for l in lines if l and not l.startswith("#")]


def strip_c_comments(text):
    """@text without its /* */ and // comments: a comment quoting _("x")
    marks nothing. String literals are kept whole."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def marks_strings(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".ui"):
        return UI_MARK.search(text) is not None
    return C_MARK.search(strip_c_comments(text)) is not None


def sources():
    """Every file that may mark a string, relative to ROOT, sorted."""
    found = []
    for pattern in ["core/**/*.c", "core/**/*.h", "ui/**/*.c", "ui/**/*.h",
                    "app/**/*.c", "app/**/*.h", "data/ui/*.ui"]:
        found += glob.glob(pattern, root_dir=ROOT, recursive=True)
    return sorted(set(found))


def missing_from(names):
    """The files that mark a string and are not in @names."""
    names = set(names)
    return [p for p in sources() if p not in names and marks_strings(p)] + \
           [p for p in ALWAYS if p not in names]


def test_marking_is_seen(folder):
    # The finder itself, on files written here: a test that finds nothing
    # would pass on any tree.
    global ROOT
    saved = ROOT
    os.makedirs(os.path.join(folder, "core", "x"))
    os.makedirs(os.path.join(folder, "data", "ui"))
    files = {
        "core/x/a.c": 'msg = _("Round %u");\n',
        "core/x/b.c": 'static const char *n[] = { N_("Box") };\n',
        "core/x/c.c": 'ngettext ("%u game", "%u games", n);\n',
        "core/x/d.c": 'C_("cube", "Take");\n',
        "core/x/e.c": '/* _("not code") */ g_strdup_printf ("%s", x); // _("nor this")\n',
        "core/x/f.c": 'g_debug ("_(\\"quoted\\")");\n',
        "data/ui/a.ui": '<property name="label" translatable="yes">Draw</property>\n',
        "data/ui/b.ui": '<property name="label">Draw</property>\n',
    }
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    try:
        ROOT = folder
        equal(missing_from(ALWAYS),
              ["core/x/a.c", "core/x/b.c", "core/x/c.c", "core/x/d.c", "data/ui/a.ui"],
              "files found marking strings")
    finally:
        ROOT = saved


def test_every_marking_file_is_listed(folder):
    missing = missing_from(listed())
    check(not missing, "marked strings that never reach the template: add these lines to "
          "data/po/POTFILES:\n  " + "\n  ".join(missing))


def test_every_listed_file_exists_once(folder):
    names = listed()
    gone = [p for p in names if not os.path.isfile(os.path.join(ROOT, p))]
    check(not gone, "data/po/POTFILES lists files that do not exist (remove or rename "
          "these lines):\n  " + "\n  ".join(gone))
    twice = sorted({p for p in names if names.count(p) > 1})
    check(not twice, "data/po/POTFILES lists these files more than once: %s" % twice)


def make_pot(folder):
    pot = os.path.join(folder, "chouette-td.pot")
    proc = subprocess.run([XGETTEXT, "--package-name=chouette-td", "-D", ROOT,
                           "--files-from=" + os.path.join(ROOT, "data", "po", "POTFILES"),
                           "-o", pot] + GLIB_PRESET,
                          capture_output=True, text=True, timeout=120)
    equal(proc.returncode, 0, "xgettext's exit status (%s)" % proc.stderr.strip())
    check(proc.stderr.strip() == "", "xgettext warns, fix the marked string:\n" + proc.stderr)
    return pot


def msgfmt_check(po, folder):
    proc = subprocess.run([MSGFMT, "--check", "--check-accelerators=_", "-o",
                           os.path.join(folder, "out.mo"), po],
                          capture_output=True, text=True, timeout=120)
    equal(proc.returncode, 0, "msgfmt --check %s (%s)" % (po, proc.stderr.strip()))


def test_template_is_valid(folder):
    pot = make_pot(folder)
    with open(pot, encoding="utf-8") as f:
        msgids = f.read().count("\nmsgid ")
    # Catches a template that reads nothing (POTFILES emptied, wrong -D).
    check(msgids > 100, "the template holds only %d messages" % msgids)
    # An English catalogue made from it (msginit copies each message as
    # its own translation, with the plural header): each message's
    # placeholders, plural forms and accelerators checked by msgfmt.
    po = os.path.join(folder, "en.po")
    proc = subprocess.run([MSGINIT, "--no-translator", "--locale=en_US.UTF-8",
                           "-i", pot, "-o", po], capture_output=True, text=True, timeout=120)
    equal(proc.returncode, 0, "msginit's exit status (%s)" % proc.stderr.strip())
    msgfmt_check(po, folder)


def test_msgfmt_catches_a_broken_catalogue(folder):
    # The check above can fail: a translation losing a placeholder does.
    po = os.path.join(folder, "xx.po")
    with open(po, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                '#, c-format\nmsgid "Game %u cleared."\nmsgstr "Partie effacée."\n')
    proc = subprocess.run([MSGFMT, "--check", "-o", os.path.join(folder, "out.mo"), po],
                          capture_output=True, text=True, timeout=120)
    check(proc.returncode != 0, "msgfmt --check accepted a lost placeholder")


def test_every_translation_is_valid(folder):
    linguas_path = os.path.join(ROOT, "data", "po", "LINGUAS")
    with open(linguas_path, encoding="utf-8") as f:
        linguas = [w for l in f if not l.startswith("#") for w in l.split()]
    pos = sorted(glob.glob(os.path.join(ROOT, "data", "po", "*.po")))
    for lang in linguas:
        check(os.path.join(ROOT, "data", "po", lang + ".po") in pos,
              "data/po/LINGUAS names %s but data/po/%s.po does not exist" % (lang, lang))
    for po in pos:
        lang = os.path.basename(po)[:-3]
        check(lang in linguas, "data/po/%s.po is not in data/po/LINGUAS: it is never "
              "installed" % lang)
        msgfmt_check(po, folder)


if __name__ == "__main__":
    ROOT, XGETTEXT, MSGFMT, MSGINIT = sys.argv[1:5]
    sys.exit(ctdtest.run(globals(), "ctd-potfiles-"))
