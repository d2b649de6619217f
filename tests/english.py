# english.py: what the French runs (test-french.py, test-e2e-french.py)
# share: the template's English phrases, and where one of them is left in
# a text the program showed under LANGUAGE=fr (standard library only).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The template is made as test-potfiles.py makes it (xgettext over
# data/po/POTFILES, meson's glib preset), so a string marked today is
# checked today, whether fr.po has it yet or not. Each msgid is cut at
# its placeholders (printf conversions, markup, mnemonics, line breaks):
# a chunk of two words or more and eight letters or more is a phrase a
# French reader would notice; a shorter one ("Box", "OK", "Game %u")
# could be a name, a notation or a French word too.

import importlib.util
import os
import re
import subprocess
import tempfile

# Phrases of the template that stay as they are in French, each for its
# reason. (Single words, "PDF", "CSV", a file or a command's name, a
# notation such as "B 3:4", are never phrases; nor is a typed name, as
# the tests type French ones.)
ALLOWED = {
    "Chouette TD",  # the program's name, in titles and sentences alike
}

# printf conversions (%s, %u, %'d, %1$s, %.2f, %+g, %02u, %%, %zu, %"
# G_GINT64_FORMAT is one already), markup tags and entities, mnemonics.
PLACEHOLDER = re.compile(r"%(?:\d+\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?[a-zA-Z%]"
                         r"|<[^>]*>|&[a-z]+;|&#\d+;|\n|\t")
MNEMONIC = re.compile(r"(?<![A-Za-z0-9])_(?=[A-Za-z])")


def _unquote(line):
    """The text of one quoted line of a .po file."""
    body = line[line.index('"') + 1:line.rindex('"')]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def msgids(pot):
    """Every msgid and msgid_plural of the template @pot."""
    found, current = [], None
    with open(pot, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith(("msgid ", "msgid_plural ")):
                current = _unquote(line)
                found.append(current)
            elif line.startswith('"') and current is not None:
                found[-1] += _unquote(line)
            else:
                current = None
    return [m for m in found if m]


def make_template(root, xgettext, folder):
    """The template of the tree at @root, made in @folder as
    test-potfiles.py makes it (its keywords, not a copy of them)."""
    spec = importlib.util.spec_from_file_location(
        "potfiles", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-potfiles.py"))
    potfiles = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(potfiles)
    pot = os.path.join(folder, "chouette-td.pot")
    subprocess.run([xgettext, "--package-name=chouette-td", "-D", root,
                    "--files-from=" + os.path.join(root, "data", "po", "POTFILES"),
                    "-o", pot] + potfiles.GLIB_PRESET,
                   check=True, capture_output=True, text=True, timeout=120)
    return pot


def phrases(ids):
    """The English phrases of @ids: each literal chunk between
    placeholders of two words or more and eight letters or more."""
    found = set()
    for msgid in ids:
        for chunk in PLACEHOLDER.split(MNEMONIC.sub("", msgid)):
            chunk = " ".join(chunk.split()).strip(" .,:;!?()[]“”\"'…·—–-/|")
            if (len(chunk.split()) >= 2 and sum(c.isalpha() for c in chunk) >= 8
                    and chunk not in ALLOWED):
                found.add(chunk)
    return sorted(found, key=len, reverse=True)


def template_phrases(root, xgettext):
    with tempfile.TemporaryDirectory(prefix="ctd-english-") as folder:
        return phrases(msgids(make_template(root, xgettext, folder)))


def _pattern(phrase):
    # Whole words only: "Round 1" is not in "Round 12"; the text's
    # spacing may differ from the msgid's (a wrapped PDF line).
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.compile((r"\b" if phrase[0].isalnum() else "") + words
                      + (r"\b" if phrase[-1].isalnum() else ""))


class Finder:
    """Finds the template's English phrases in texts, saying where."""

    def __init__(self, english):
        self.patterns = [(p, _pattern(p)) for p in english]

    def left(self, text, where):
        """A line for each English phrase left in @text (shown at @where)."""
        found = []
        for phrase, pattern in self.patterns:
            match = pattern.search(text)
            if match:
                start = max(0, match.start() - 40)
                found.append("%s: English phrase “%s” left in …%s…"
                             % (where, phrase, " ".join(text[start:match.end() + 40].split())))
        return found
