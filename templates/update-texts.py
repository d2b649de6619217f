#!/usr/bin/env python3
# update-texts.py: writes templates/texts.c, the texts a person reads in
# the built-in layouts, for xgettext (which cannot read a .ini file).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run it after changing a text of templates/*.ini:
#   python3 templates/update-texts.py
# With --check it changes nothing and fails when texts.c is not what it
# would write (the test template-texts runs it so).

import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'texts.c')

HEAD = '''\
/* texts.c: written by templates/update-texts.py from templates/*.ini;
 * run the script rather than edit this file.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The texts of the built-in layouts, for xgettext alone: nothing compiles
 * this file. The program translates a built-in layout's [Text] values,
 * [Columns] headings and [Page] Header and Footer parts in the context
 * "layout" (core/output/ctd-template-read.c); a club's own copy of a
 * layout prints as written.
 */

#include <glib/gi18n-lib.h>

static const char *const texts[] = {
'''

TAIL = '''\
};
'''


def unescape(value):
    """A GKeyFile value's escapes, as ctd-template-read.c reads them."""
    escapes = {'s': ' ', 'n': '\n', 't': '\t', 'r': '\r', '\\': '\\'}
    return re.sub(r'\\(.)', lambda m: escapes.get(m.group(1), m.group(0)), value)


def c_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') \
        .replace('\t', '\\t').replace('\r', '\\r') + '"'


def split_string(text, width):
    """@text as C string literals of about @width characters, one a line."""
    pieces = ['']
    for word in re.split(r'(?<= )', text):
        if pieces[-1] and len(pieces[-1]) + len(word) > width:
            pieces.append('')
        pieces[-1] += word
    return '\n                 '.join(c_string(p) for p in pieces)


def has_words(text):
    """Whether @text has a letter outside its {placeholders}."""
    return re.search(r'[^\W\d_]', re.sub(r'\{[^}]*\}', '', text)) is not None


def read_layout(path):
    """(group, key, text, comment) for each text a person reads."""
    name = os.path.basename(path)
    group = None
    comment = []
    found = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\r\n')
            stripped = line.strip()
            if stripped.startswith('#'):
                comment.append(stripped.lstrip('#').strip())
                continue
            if stripped.startswith('['):
                group = stripped[1:stripped.index(']')]
                comment = []
                continue
            if '=' not in line:
                comment = []
                continue
            key, value = line.split('=', 1)
            key = key.strip()
            value = unescape(value).strip()
            where = '%s [%s] %s' % (name, group, key)
            note = ' '.join(comment)
            comment = []
            if group == 'Text':
                parts = [value]
            elif group == 'Columns':
                parts = [value[:value.rindex('|')].strip()]
            elif group == 'Page' and key in ('Header', 'Footer'):
                parts = [p.strip() for p in value.split('|')]
            else:
                continue
            for part in parts:
                if part and has_words(part):
                    found.append((where, part, note))
    return found


def generate():
    texts = {}
    order = []
    for path in sorted(glob.glob(os.path.join(HERE, '*.ini'))):
        for where, text, note in read_layout(path):
            if text not in texts:
                texts[text] = ([], [])
                order.append(text)
            texts[text][0].append(where)
            if note and note not in texts[text][1]:
                texts[text][1].append(note)
    out = [HEAD]
    for text in order:
        wheres, notes = texts[text]
        said = 'Translators: %s. ' % ', '.join(wheres)
        if '{' in text:
            said += 'Keep each {placeholder} as written. '
        said += ' '.join(notes)
        lines = wrap('/* ' + said.strip() + ' */', 78)
        out.append(''.join('  ' + l + '\n' for l in lines))
        out.append('  NC_("layout", %s),\n' % split_string(text, 60))
    out.append(TAIL)
    return ''.join(out)


def wrap(text, width):
    words = text.split(' ')
    lines = []
    line = ''
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = '   ' + w
        else:
            line = line + ' ' + w if line else w
    lines.append(line)
    # A comment's inner lines start " * ", as the project writes them.
    return [lines[0]] + [' *' + l[2:] for l in lines[1:]]


def main():
    text = generate()
    if '--check' in sys.argv[1:]:
        try:
            with open(OUT, encoding='utf-8') as f:
                current = f.read()
        except FileNotFoundError:
            current = ''
        if current != text:
            sys.stderr.write('templates/texts.c is not up to date with templates/*.ini: '
                             'run python3 templates/update-texts.py\n')
            return 1
        return 0
    with open(OUT, 'w', encoding='utf-8') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
