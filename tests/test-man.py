#!/usr/bin/env python3
# test-man.py: the manual pages say what the programs do (issue 30).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-man.py CHOUETTE-TD-CLI SOURCE-ROOT CHOUETTE-TD
#
# chouette-td-cli(1) has a subsection for every command that
# `chouette-td-cli --help` lists (and for each of player's subcommands),
# names in it every option the command's help names, names every option
# any command accepts (app/ctd-cli-*.c), and every exit status of
# --help, and RESULTS AS CSV describes the columns of a real export's
# header row, in its order. chouette-td(1) names every option of
# `chouette-td --help-all` (when a display lets it answer). Both pages render with groff and man without a single warning;
# a page with a deliberate roff error, or without a command's subsection,
# is shown to fail the same checks, so that they cannot pass by default.
import os
import re
import shutil
import subprocess
import sys
import tempfile

cli, root, gui = sys.argv[1], sys.argv[2], sys.argv[3]
man_dir = os.path.join(root, 'data', 'man')
pages = [os.path.join(man_dir, 'chouette-td-cli.1'), os.path.join(man_dir, 'chouette-td.1')]
OPTION = re.compile(r'--[a-z][a-z-]*')
failures = []


def fail(message):
    failures.append(message)
    print('FAIL: ' + message, file=sys.stderr)


def plain(line):
    """A roff source line as the words it prints: no request name, no
    quotes, no font changes, roff's escapes for - ' " as the letters."""
    if line.startswith('.'):
        request, _, rest = line.partition(' ')
        words = re.findall(r'"([^"]*)"|(\S+)', rest)
        words = [quoted or bare for quoted, bare in words]
        # .BR, .IR...: the words alternate fonts, printed without spaces.
        line = ('' if re.fullmatch(r'\.[BIR]{2}', request) else ' ').join(words)
    for escape, letter in ((r'\-', '-'), (r'\(aq', "'"), (r'\(dq', '"'), (r'\(ti', '~'),
                           (r'\e', '\\'), (r'\c', ''), (r'\&', '')):
        line = line.replace(escape, letter)
    return re.sub(r'\\f[BIRP]', '', line).strip()


def help_text():
    env = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='')
    result = subprocess.run([cli, '--help'], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def parse_help(text):
    """{command: (summary, [subcommand])}, the global options, the exit
    statuses. A command's summary is its line of --help (two spaces in)
    with the lines that continue it (four spaces in)."""
    commands = {}
    current = None
    for line in text.split('\n'):
        if re.match(r'  [a-z]', line):
            current = line.split()[0]
            commands[current] = line.strip()
        elif re.match(r'    \S', line) and current is not None:
            commands[current] += ' ' + line.strip()
        else:
            current = None
    assert len(commands) >= 20, 'too few commands found in --help:\n' + text
    parsed = {}
    for name, summary in commands.items():
        bare = summary
        while re.search(r'\([^()]*\)', bare):          # the remarks in brackets
            bare = re.sub(r'\([^()]*\)', '', bare)
        subcommands = []
        for alternative in bare.split(' | '):
            words = alternative.split()
            if words and words[0] == name:
                words = words[1:]
            if words and re.fullmatch(r'[a-z]+(\|[a-z]+)*', words[0]):
                subcommands += words[0].split('|')
        parsed[name] = (summary, subcommands)
    usage = text.split('\n')[0]
    statuses = re.findall(r'(?:^|[\s,:])(\d) (?=[a-z])', text[text.index('Exit status'):])
    return parsed, OPTION.findall(usage), statuses


def tags(source):
    """(line number, printed text) of each .TP/.TQ tag and .SS heading."""
    lines = source.split('\n')
    found = []
    for i, line in enumerate(lines):
        if line in ('.TP', '.TQ') and i + 1 < len(lines):
            found.append((i + 1, plain(lines[i + 1])))
        elif line.startswith('.SS') or line.startswith('.SH'):
            found.append((i, '.' + plain(line)))
    return found


def check_commands(source, commands, label):
    """Failures of @source's coverage of @commands, as sentences."""
    problems = []
    lines = source.split('\n')
    marks = tags(source)
    starts = {}
    for number, text in marks:
        first = text.split()[0] if text.split() else ''
        if first in commands and first not in starts:
            starts[first] = number
    for name, (summary, subcommands) in commands.items():
        if name not in starts:
            problems.append('%s: no subsection for the command “%s”' % (label, name))
            continue
        # The command's part: up to the next command's tag or heading.
        end = len(lines)
        for number, text in marks:
            first = text.split()[0] if text.split() else ''
            if number > starts[name] and (text.startswith('.') or
                                          (first in commands and first != name)):
                end = number
                break
        part = '\n'.join(plain(line) for line in lines[starts[name]:end])
        heads = [text for number, text in marks if starts[name] <= number < end]
        for sub in subcommands:
            if not any(re.match(r'%s %s\b' % (re.escape(name), re.escape(sub)), h)
                       for h in heads):
                problems.append('%s: no entry for “%s %s”' % (label, name, sub))
        for option in sorted(set(OPTION.findall(summary))):
            if not re.search(re.escape(option) + r'(?![a-z-])', part):
                problems.append('%s: “%s” lists %s, which its subsection does not name'
                                % (label, name, option))
    return problems


def csv_header(tmp):
    """The header row of a round's CSV export, from a drawn 4-player event."""
    env = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='')
    event = os.path.join(tmp, 'header.chouette')
    steps = [['init', '--name', 'Header']]
    steps += [['player', 'add', name, '--checked-in'] for name in ('Ann', 'Bob', 'Cid', 'Dee')]
    steps += [['draw', '--seed', '1'], ['export', os.path.join(tmp, 'r.csv'), '--round', '1']]
    for step in steps:
        result = subprocess.run([cli, event] + step, capture_output=True, text=True, env=env,
                                timeout=60)
        assert result.returncode == 0, (step, result.stderr)
    with open(os.path.join(tmp, 'r.csv'), encoding='utf-8-sig') as table:
        return [field.strip('"') for field in table.readline().strip().split(',')]


def render_warnings(path):
    """What groff and man say about @path besides the page itself."""
    said = []
    env = dict(os.environ, LC_ALL='C.UTF-8', MANWIDTH='80', MANPAGER='cat', PAGER='cat')
    for command in (['groff', '-man', '-Tutf8', '-ww', '-z', path],
                    ['man', '--warnings=w', '-l', path]):
        result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
        if result.returncode != 0 or result.stderr.strip():
            said.append('%s (exit %d): %s' % (' '.join(command[:-1]), result.returncode,
                                              result.stderr.strip()))
    return said


def main():
    missing = [tool for tool in ('groff', 'man') if shutil.which(tool) is None]
    if missing:
        print('FAIL: %s not found: install man-db and groff-base (./test.sh does, '
              'from .ci/setup.sh)' % ' and '.join(missing), file=sys.stderr)
        return 1
    commands, global_options, statuses = parse_help(help_text())
    with open(pages[0], encoding='utf-8') as page:
        source = page.read()

    for problem in check_commands(source, commands, 'chouette-td-cli.1'):
        fail(problem)
    print('%d commands of --help, %d subcommands, each in chouette-td-cli.1'
          % (len(commands), sum(len(s) for _, s in commands.values())))

    # The options of --help's first line (--json), and --help, --version.
    options_part = source[source.index('.SH OPTIONS'):source.index('.SH COMMANDS')]
    for option in set(global_options) | {'--help', '--version'}:
        if '\\-\\-' + option[2:].replace('-', '\\-') not in options_part:
            fail('chouette-td-cli.1: OPTIONS does not name %s' % option)

    # Every option a command's function accepts, also those --help leaves
    # out (--language, --checked-in, --member-id): GOptionEntry long names.
    accepted = set()
    app = os.path.join(root, 'app')
    for name in os.listdir(app):
        if name.startswith('ctd-cli-') and name.endswith('.c'):
            with open(os.path.join(app, name), encoding='utf-8') as code:
                accepted |= set(re.findall(r'\{ "([a-z][a-z-]*)", 0, 0, G_OPTION_ARG_',
                                           code.read()))
    assert len(accepted) > 20, accepted
    printed = '\n'.join(plain(line) for line in source.split('\n'))
    for option in sorted(accepted):
        if not re.search(r'--%s(?![a-z-])' % re.escape(option), printed):
            fail('chouette-td-cli.1 does not name --%s, which a command accepts' % option)

    # Every exit status --help names has its entry under EXIT STATUS.
    status_part = source[source.index('.SH EXIT STATUS'):source.index('.SH ENVIRONMENT')]
    assert statuses == ['0', '1', '2', '3'], statuses
    for status in statuses:
        if '.TP\n.B %s\n' % status not in status_part:
            fail('chouette-td-cli.1: EXIT STATUS has no entry for %s' % status)

    # RESULTS AS CSV: a tag per column (or a few columns), in the file's order.
    csv_part = source[source.index('.SH RESULTS AS CSV'):source.index('.SH EXIT STATUS')]
    described = []
    for _, text in tags(csv_part):
        if not text.startswith('.'):
            described += text.split(', ')
    with tempfile.TemporaryDirectory() as tmp:
        header = csv_header(tmp)
    if described != header:
        fail('chouette-td-cli.1: RESULTS AS CSV describes %s; the export writes %s'
             % (described, header))

    # The window's options, which GApplication answers once GTK has a display.
    result = subprocess.run([gui, '--help-all'], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE=''))
    if result.returncode == 0:
        with open(pages[1], encoding='utf-8') as page:
            window = '\n'.join(plain(line) for line in page.read().split('\n'))
        listed = set(OPTION.findall(result.stdout))
        assert '--help-all' in listed, result.stdout
        for option in sorted(listed):
            if not re.search(re.escape(option) + r'(?![a-z-])', window):
                fail('chouette-td.1 does not name %s, which chouette-td --help-all lists'
                     % option)
    else:
        print('chouette-td --help-all not checked: %s' % result.stderr.strip())

    for page in pages:
        said = render_warnings(page)
        for warning in said:
            fail('%s: %s' % (os.path.basename(page), warning))
        if not said:
            print('%s renders without a warning' % os.path.basename(page))

    # The checks can fail: a roff error, and a command left out.
    with tempfile.TemporaryDirectory() as tmp:
        broken = os.path.join(tmp, 'broken.1')
        with open(broken, 'w', encoding='utf-8') as page:
            page.write(source.replace('.SH NAME\n', '.SH NAME\n.BOGUS macro\n', 1))
        if len(render_warnings(broken)) != 2:
            fail('a page with an unknown macro renders without warnings: '
                 'the rendering check sees nothing')
    without = re.sub(r'\.TP\n\\fBserve\\fR[^\n]*\n', '.TP\nSERVE\n', source)
    assert without != source
    if not any('“serve”' in p for p in check_commands(without, commands, 'copy')):
        fail('a page without serve\'s subsection passes the coverage check')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
