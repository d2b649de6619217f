#!/usr/bin/python3
# test-export.py: exported scoring sheets and reports, read back as a
# spreadsheet program and a printer would.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-export.py PATH/TO/chouette-td-cli GOLDEN_DIR
#
# Runs under Debian's /usr/bin/python3 (openpyxl is a Debian package), with
# LibreOffice (a real spreadsheet program opening our files) and poppler's
# pdfinfo/pdftoppm. Set CTD_UPDATE_GOLDEN=1 to rewrite the golden file after
# a deliberate change of the layout. Ends with "N passed, N failed".

import json
import os
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys

import openpyxl

import ctdtest
from ctdtest import Failure, check, equal

CLI = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
GOLDEN = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None

# The hand-worked 4-player chouette of tests/rules/test-chouette.c.
FOUR_SHEET = [
    "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-",
    "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4", "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg",
    "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12", "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
]
# Games 5 and 9 include SPEC 5's payment for a taken extra: in game 5 P1
# pays P3 the 2 at which P1 passed (P1 -2 -2 -24 = -28, P3 12 +2 +24 = 38),
# in game 9 P4 pays P1 4 (P1 -16 +4 +8 = -4, P4 -4 -4 -8 = -16).
DELTAS = [
    (-3, 1, 1, 1), (8, -2, -4, -2), (16, -16, -4, 4), (-2, 4, -1, -1),
    (-28, -12, 38, 2), (-2, 22, -16, -4), (2, 1, -7, 4), (2, 2, -6, 2),
    (-4, -16, 36, -16), (-2, -1.5, -0.5, 4), (2, 8, -4, -6), (-48, -4, 8, 44),
]
TOTALS = (-59, -13.5, 40.5, 32)  # -61 -2 +4, -13.5, 38.5 +2, 36 -4
BOX = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
CAPTAIN = [2, 3, 4, 3, 4, 1, 4, 1, 2, 3, 1, 2]
# The Captain, then the crew in rotation after the Captain (rules 1.1(b),
# 1.6, 3.8); games 10-12 in the last-segment order 3, 1, 2.
PLAYING = ["2  3  4", "3  4  2", "4  2  3", "3  4  1", "4  1  3", "1  3  4",
           "4  1  2", "1  2  4", "2  4  1", "3  1  2", "1  2  3", "2  3  1"]
CUBE = [1, 2, 4] * 4
DECISIONS = ["2  3  4", "3  4  2", "4  2  3", "1  4  3", "1  4  3", "3  4  1",
             "4  2  1", "4  2  1", "4  2  1", "3  1  2", "3  1  2", "3  2  1"]

HOSTILE = ['=HYPERLINK("http://evil.example","win")', "+44 20 7946 0000",
           "-Dash Rendell", "@Sum(1)", "<b>Bold</b> & Co", "Zoë Łukasz Ægirsdóttir",
           "Maximilian Alexander von Hohenzollern-Sigmaringen the Third", "Dee"]

# Spreadsheet columns of the scoring sheet (templates/scoring-sheet-4.ini).
ROW_NAMES, ROW_GAME1 = 6, 8
ROW_TOTALS, ROW_AMOUNTS = ROW_GAME1 + 12, ROW_GAME1 + 13
CAPTAIN_COL, PLAYING_COL, CUBE_COL, DECISIONS_COL = "D", "E", "F", "G"
PLAYER_COLS = ["H", "J", "L", "N"]  # each player's game score; total next
RESULT_COL, ZERO_SUM_COL = "P", "Q"




def next_col(col, n=1):
    return openpyxl.utils.get_column_letter(
        openpyxl.utils.column_index_from_string(col) + n)


class Event:
    def __init__(self, folder):
        self.folder = folder
        self.path = os.path.join(folder, "open.chouette")

    def run(self, *args, status=0, **kwargs):
        proc = subprocess.run([CLI, self.path] + [str(a) for a in args],
                              capture_output=True, text=True, timeout=120, **kwargs)
        if status is not None and proc.returncode != status:
            raise Failure("%s: exit %d, expected %d\n%s%s" % (
                " ".join(map(str, args)), proc.returncode, status, proc.stdout,
                proc.stderr))
        return proc

    def json(self, *args):
        return json.loads(self.run("--json", *args).stdout)

    def out(self, name):
        return os.path.join(self.folder, name)


def make_event(folder):
    """Eight players with hostile names, two qualifying chouettes; 1.1 is
    recorded in full from the hand-worked sheet, 1.2 up to game 5."""
    event = Event(folder)
    event.run("init", "--name", "Club Open & Cup", "--date", "2026-11-22",
              "--venue", "Clubhouse", "--stake", "5", "--entry-fee", "110")
    for name in HOSTILE:
        # "--": a name may start with "-", as an option does.
        event.run("player", "add", "--checked-in", "--club", "=cmd|' /C calc'!A0", "--", name)
    event.run("draw", "--seed", "777")
    for game, notation in enumerate(FOUR_SHEET, start=1):
        event.run("record", "1.1", game, notation)
    for game, notation in enumerate(FOUR_SHEET[:5], start=1):
        event.run("record", "1.2", game, notation)
    return event


def libreoffice(path, target, folder):
    """Converts with a real spreadsheet program; returns the output path."""
    profile = "file://" + os.path.join(folder, "lo-profile")
    subprocess.run(["libreoffice", "--headless", "-env:UserInstallation=" + profile,
                    "--convert-to", target, "--outdir", folder, path],
                   capture_output=True, text=True, timeout=180, check=True)
    base = os.path.splitext(os.path.basename(path))[0]
    out = os.path.join(folder, base + "." + target.split(":")[0])
    check(os.path.exists(out), "LibreOffice wrote no %s" % out)
    return out


def pdf_pages(path):
    """[(width, height)] of each page, in points."""
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "9999", path], capture_output=True,
                          text=True, check=True).stdout
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)
    return [(float(w), float(h)) for w, h in sizes]


# ---------------------------------------------------------------------------


def test_filled_sheet_cells(folder):
    event = make_event(folder)
    names = {p["number"]: p["name"] for p in event.json("show", "1.1")["players"]}
    out = event.out("sheet.xlsx")
    event.run("export", out, "--chouette", "1.1")

    formulas = openpyxl.load_workbook(out)
    values = openpyxl.load_workbook(out, data_only=True)
    equal(formulas.sheetnames, ["Chouette 1.1"], "worksheets")
    ws, wv = formulas["Chouette 1.1"], values["Chouette 1.1"]

    text = "\n".join(str(c.value) for row in ws.iter_rows() for c in row if c.value)
    for fact in ["Official scoring sheet", "Club Open & Cup, Clubhouse", "November 22, 2026",
                 "5.00", "777", "1, Qualifying", "1.1  (Table 1)"]:
        check(fact in text, "the sheet does not show %r" % fact)

    for k, col in enumerate(PLAYER_COLS):
        cell = ws["%s%d" % (col, ROW_NAMES)]
        equal(cell.value, "%d  %s" % (k + 1, names[k + 1]), "name of player %d" % (k + 1))
        equal(cell.data_type, "s", "name cell type")

    for game in range(1, 13):
        row = ROW_GAME1 + game - 1
        equal(ws["A%d" % row].value, game, "game number")
        equal(ws["C%d" % row].value, BOX[game - 1], "Box of game %d" % game)
        equal(ws["%s%d" % (CAPTAIN_COL, row)].value, CAPTAIN[game - 1],
              "Captain of game %d" % game)
        equal(ws["%s%d" % (PLAYING_COL, row)].value, PLAYING[game - 1],
              "playing order of game %d" % game)
        equal(ws["%s%d" % (CUBE_COL, row)].value, CUBE[game - 1], "cube of game %d" % game)
        equal(ws["%s%d" % (DECISIONS_COL, row)].value, DECISIONS[game - 1],
              "decisions of game %d" % game)
        # A director's adjustment is printed on its own line (games 5, 9).
        notes = FOUR_SHEET[game - 1]
        if " A:" in notes:
            line, adjustment = notes.split(" A:")
            payer, rest = adjustment.split(">")
            payee, points = rest.split(":")
            notes = "%s\nAdjustment: %s pays %s %s points" % (line, payer, payee, points)
        equal(ws["%s%d" % (RESULT_COL, row)].value, notes, "notation")
        for k, col in enumerate(PLAYER_COLS):
            equal(ws["%s%d" % (col, row)].value, DELTAS[game - 1][k],
                  "game %d, player %d" % (game, k + 1))
            total = "%s%d" % (next_col(col), row)
            expected = ("=%s%d" % (col, row) if game == 1 else
                        "=%s%d+%s%d" % (next_col(col), row - 1, col, row))
            equal(ws[total].value, expected, "running total formula " + total)
            equal(wv[total].value, sum(d[k] for d in DELTAS[:game]),
                  "cached running total " + total)

    zero = 0
    for k, col in enumerate(PLAYER_COLS):
        cell = "%s%d" % (col, ROW_TOTALS)
        equal(ws[cell].value, "=SUM(%s%d:%s%d)" % (col, ROW_GAME1, col, ROW_GAME1 + 11),
              "total formula")
        equal(wv[cell].value, TOTALS[k], "cached total of player %d" % (k + 1))
        equal(wv["%s%d" % (col, ROW_AMOUNTS)].value, TOTALS[k] * 5, "amount")
        zero += wv[cell].value
    equal(zero, 0, "zero sum of the totals")
    zero_cell = "%s%d" % (ZERO_SUM_COL, ROW_TOTALS)
    check(str(ws[zero_cell].value).startswith("="), "the zero-sum check is a formula")
    equal(wv[zero_cell].value, 0, "cached zero-sum check")

    # Print setup: landscape, one page, print area, header and footer.
    equal(ws.page_setup.orientation, "landscape", "orientation")
    check(ws.sheet_properties.pageSetUpPr.fitToPage, "fit to page")
    # 1 is the default, which a file may leave unwritten.
    equal((ws.page_setup.fitToWidth or 1, ws.page_setup.fitToHeight or 1), (1, 1), "one page")
    equal(str(ws.print_area), "['$A$1:$%s$27']" % ZERO_SUM_COL, "print area")
    check("&P" in ws.oddFooter.right.text, "page number in the footer")
    check("777" in ws.oddFooter.left.text, "seed in the footer")
    # "&" is a code in a header: the file holds it doubled, to print once.
    equal(ws.oddHeader.left.text, "Club Open && Cup", "the escaped header")


def test_blank_sheet(folder):
    event = make_event(folder)
    # 1.2 has 5 games in: a blank sheet shows none of them, nor a
    # last-segment order that is not known yet.
    out = event.out("blank.xlsx")
    event.run("export", out, "--chouette", "1.2", "--blank")
    ws = openpyxl.load_workbook(out)["Chouette 1.2"]
    for game in range(1, 13):
        row = ROW_GAME1 + game - 1
        equal(ws["C%d" % row].value, BOX[game - 1], "Box")
        equal(ws["%s%d" % (CUBE_COL, row)].value, CUBE[game - 1], "cube")
        # The last segment's order is not known before game 9: the
        # players write it in.
        equal(ws["%s%d" % (CAPTAIN_COL, row)].value,
              CAPTAIN[game - 1] if game < 10 else None, "Captain")
        equal(ws["%s%d" % (PLAYING_COL, row)].value,
              PLAYING[game - 1] if game < 10 else None, "playing order of game %d" % game)
        for col in PLAYER_COLS + [RESULT_COL]:
            equal(ws["%s%d" % (col, row)].value, None, "blank %s%d" % (col, row))
    equal(ws["%s%d" % (PLAYER_COLS[0], ROW_TOTALS)].value, None, "blank total")


def test_libreoffice_pages(folder):
    """A real spreadsheet program prints one landscape page per chouette."""
    event = make_event(folder)
    out = event.out("round.xlsx")
    event.run("export", out, "--round", "1")
    equal(openpyxl.load_workbook(out).sheetnames,
          ["Chouette 1.1", "Chouette 1.2", "Round 1 standings"],
          "worksheets of the round")
    pdf = libreoffice(out, "pdf", folder)
    pages = pdf_pages(pdf)
    equal(len(pages), 3, "pages printed")
    for w, h in pages[:2]:
        check(w > h, "a chouette sheet prints landscape: %r" % ((w, h),))
    check(pages[2][0] < pages[2][1], "the standings print portrait")
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", pdf, "-"], capture_output=True,
                          text=True, check=True).stdout
    check("Club Open & Cup" in text and "&&" not in text, "the header as printed")
    check("Official scoring sheet" in text and "Page 1 of" in text, "title and page number")
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", pdf,
                    os.path.join(folder, "page")], check=True)
    check(any(n.startswith("page") and n.endswith(".png") for n in os.listdir(folder)),
          "PNG of the first page")


def test_hostile_names(folder):
    """Names are text in every export, whatever they start with."""
    event = make_event(folder)
    out = event.out("archive.xlsx")
    event.run("export", out, "--all")
    wb = openpyxl.load_workbook(out)
    found = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    for name in HOSTILE:
                        if name in cell.value:
                            equal(cell.data_type, "s", "type of %r" % cell.value)
                            found.add(name)
                    if cell.value.startswith("=cmd"):
                        equal(cell.data_type, "s", "type of the club")
                        found.add("club")
                    if cell.value.startswith("="):
                        check(cell.data_type == "s" or "SUM" in cell.value
                              or re.match(r"^=[A-Z]+\d+([+*][A-Z0-9.]+)*$", cell.value),
                              "unexpected formula %r" % cell.value)
    equal(found, set(HOSTILE) | {"club"}, "every name and the club printed")

    # LibreOffice reads them as text too: its CSV holds the names verbatim.
    sheet = event.out("sheet.xlsx")
    event.run("export", sheet, "--chouette", "1.1")
    csv_path = libreoffice(sheet, "csv:Text - txt - csv (StarCalc):44,34,76", folder)
    with open(csv_path, encoding="utf-8") as f:
        content = f.read()
    names = event.json("show", "1.1")["players"]
    for player in names:
        check(player["name"].replace('"', '""') in content,
              "LibreOffice shows %r as text" % player["name"])
    check("#NAME" not in content and "Err:" not in content, "no formula evaluated")


def pdf_game_lines(path):
    """{game: the game's row of a scoring sheet as pdftotext lays it out}."""
    text = subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True,
                          text=True, check=True).stdout
    lines = {}
    for line in text.splitlines():
        m = re.match(r"^\s*(\d+)\s+\d\s+\d\s", line)
        if m and 1 <= int(m.group(1)) <= 12 and int(m.group(1)) not in lines:
            lines[int(m.group(1))] = line
    return lines


def check_pdf_playing(path, captains, playing, what):
    """Each game's row reads: game, segment, Box, Captain, playing order."""
    lines = pdf_game_lines(path)
    equal(sorted(lines), list(range(1, 13)), "%s: the 12 game rows" % what)
    for game in range(1, 13):
        order = playing[game - 1]
        pattern = r"^\s*%d\s+\d\s+\d\s+" % game
        if order is None:
            # Blank for the pen: the cube (1, 2 or 4) follows the Box.
            pattern += r"[124](\s|$)"
        else:
            pattern += r"%d\s+%s\s" % (captains[game - 1], r"\s+".join(order.split()))
        check(re.match(pattern, lines[game]),
              "%s, game %d: no playing order %r in %r" % (what, game, order, lines[game]))


def test_playing_order(folder):
    """Every sheet shows each game's playing order: 4 and 3 players, blank
    and filled, XLSX and PDF; the last segment's once it is known."""
    event = make_event(folder)
    pdf = event.out("sheet.pdf")
    event.run("export", pdf, "--chouette", "1.1")
    check_pdf_playing(pdf, CAPTAIN, PLAYING, "filled 4-player PDF")
    blank = event.out("blank.pdf")
    event.run("export", blank, "--chouette", "1.2", "--blank")
    check_pdf_playing(blank, CAPTAIN, PLAYING[:9] + [None] * 3, "blank 4-player PDF")

    # Three players: segments of four games; the Team wins segment 1 and
    # the Box segment 2, so after game 8 P1 has -33, P2 +33, P3 0 and
    # player 2 captains first in the last segment.
    three = Event(os.path.join(folder, "three"))
    os.mkdir(three.folder)
    three.run("init", "--name", "Three")
    for name in ("Ann", "Bob", "Cy"):
        three.run("player", "add", "--checked-in", name)
    three.run("draw", "--seed", "3")
    captains = [2, 3, 2, 3, 3, 1, 3, 1, 2, 1, 2, 1]
    playing = ["2  3", "3  2", "2  3", "3  2", "3  1", "1  3", "3  1", "1  3",
               "2  1", "1  2", "2  1", "1  2"]
    out = three.out("blank3.xlsx")
    three.run("export", out, "--chouette", "1.1", "--blank")
    ws = openpyxl.load_workbook(out)["Chouette 1.1"]
    for game in range(1, 13):
        row = ROW_GAME1 + game - 1
        equal(ws["%s%d" % (PLAYING_COL, row)].value, playing[game - 1] if game <= 8 else None,
              "blank 3-player XLSX, playing order of game %d" % game)
    for game in range(1, 9):
        three.run("record", "1.1", game, "T" if game <= 4 else "B")
    out = three.out("filled3.xlsx")
    three.run("export", out, "--chouette", "1.1")
    ws = openpyxl.load_workbook(out)["Chouette 1.1"]
    for game in range(1, 13):
        row = ROW_GAME1 + game - 1
        equal(ws["%s%d" % (CAPTAIN_COL, row)].value, captains[game - 1],
              "3-player XLSX, Captain of game %d" % game)
        equal(ws["%s%d" % (PLAYING_COL, row)].value, playing[game - 1],
              "3-player XLSX, playing order of game %d" % game)
    pdf = three.out("filled3.pdf")
    three.run("export", pdf, "--chouette", "1.1")
    check_pdf_playing(pdf, captains, playing, "3-player PDF")
    equal(len(pdf_pages(pdf)), 1, "one page")


class CjkEvent(Event):
    """An event whose PDFs embed Noto Sans CJK: under AddressSanitizer,
    with the full stacks that tests/lsan.supp needs to tell cairo's own
    leak when it finishes such a PDF (see there) from ours."""

    def run(self, *args, **kwargs):
        env = dict(os.environ)
        # Meson does not always pass ASAN_OPTIONS on; a plain build
        # ignores the variable.
        env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                     "fast_unwind_on_malloc=0"]))
        return super().run(*args, env=env, **kwargs)


def test_names_in_any_script(folder):
    """A Chinese, Arabic or Hebrew name prints as the name in the PDF,
    from an embedded font that has its letters; a letter no installed
    font has gets one warning, naming the player, and the file is still
    written."""
    event = CjkEvent(folder)
    event.run("init", "--name", "Scripts")
    names = ["王小明", "محمد الأحمد", "דוד כהן", "Private \ue000 Use",
             "שרה לוי", "علي حسن", "רות אבן", "فاطمة"]
    for name in names:
        event.run("player", "add", "--checked-in", "--", name)
    event.run("draw", "--seed", "1")
    sheet = next(label for label in ("1.1", "1.2")
                 if names[3] in [p["name"] for p in event.json("show", label)["players"]])
    for what in (("--chouette", sheet), ("--round", "1"), ("--all",)):
        out = event.out("scripts.pdf")
        proc = event.run("export", out, *what)
        warnings = [l for l in proc.stdout.splitlines() if l.startswith("Warning:")]
        equal(len(warnings), 1, "%s: warnings %r" % (what, warnings))
        check(names[3] in warnings[0], "the warning names the player: %r" % warnings[0])
        if what[0] == "--chouette":
            continue  # the other names are on the other sheet
        fonts = subprocess.run(["pdffonts", out], capture_output=True, text=True,
                               check=True).stdout
        for script in ("CJK", "Arabic", "Hebrew"):
            check(re.search(r"Noto\w*%s" % script, fonts),
                  "%s: no %s font embedded:\n%s" % (what, script, fonts))
        text = subprocess.run(["pdftotext", out, "-"], capture_output=True, text=True,
                              check=True).stdout
        check(names[0] in text, "%s: the Chinese name is not in the text" % (what,))
    report = event.json("export", event.out("scripts.pdf"), "--chouette", sheet)
    equal(len(report["warnings"]), 1, "JSON warnings")

    # "pays 2 <Hebrew name> 60.00": the amount stays after the name (the
    # bidi algorithm would take it into the name's run, before it).
    for label in ("1.1", "1.2"):
        for game, notation in enumerate(FOUR_SHEET, start=1):
            event.run("record", label, game, notation)
    out = event.out("archive.pdf")
    event.run("export", out, "--all")
    text = subprocess.run(["pdftotext", "-layout", out, "-"], capture_output=True, text=True,
                          check=True).stdout
    payments = re.findall(r"pays \d+ [^;\n]*", text)
    rtl = [p for p in payments if re.search("[\u0590-\u08ff]", p)]
    check(rtl, "no payment to a player with a Hebrew or Arabic name: %r" % payments)
    for payment in rtl:
        check(re.search(r"[\u0590-\u08ff]\W*\d+\.\d\d\s*$", payment),
              "the amount before the name: %r" % payment)
    report = event.json("export", event.out("scripts.xlsx"), "--chouette", sheet)
    equal(report["warnings"], [], "a spreadsheet program draws with its own fonts")


def test_posted_standings(folder):
    """SPEC 6 on the posted standings and in the CLI: a tie that decides
    nothing is not marked, a roll-off shows who won it, and once the
    advancers are chosen the "next round" column says where they go."""
    event = make_event(folder)
    for game in range(6, 13):
        event.run("record", "1.2", game, FOUR_SHEET[game - 1])
    fours = [{p["number"]: p["name"] for p in event.json("show", label)["players"]}[4]
             for label in ("1.1", "1.2")]

    # The same sheet at both tables: every score is shared, but the plan
    # (top 2 of each chouette) cuts between 32 and -13.5 in each.
    rows = event.json("standings")
    check(any(r["tied"] for r in rows), "ranks are shared")
    check(not any(r["needs_roll_off"] for r in rows), "no tie decides anything: %r" % rows)
    text = event.run("standings").stdout
    check("tie at the cut" not in text and "tied" not in text, "the text marks no tie")

    # The director goes for one wildcard: the two players 4 roll off.
    event.run("tiebreak", "1", "--", fours[1], fours[0])
    event.run("advance", "--top", "1", "--wildcards", "1")
    rows = {r["name"]: r for r in event.json("standings")}
    equal((rows[fours[1]]["roll_off"], rows[fours[1]]["next_round"]), (1, "final"),
          "the roll-off's winner")
    equal((rows[fours[0]]["roll_off"], rows[fours[0]]["advances"]), (2, False),
          "the roll-off's loser")
    event.run("draw", "--seed", "5")
    equal(event.json("standings", "--round", "1")[0]["next_chouette"], "2.1", "drawn")
    text = event.run("standings", "--round", "1").stdout
    check("advances to the final (2.1); roll-off won" in text, "the text: %r" % text)

    out = event.out("post.pdf")
    event.run("export", out, "--round", "1", "--public")
    last = str(len(pdf_pages(out)))  # the standings come after the sheets
    printed = subprocess.run(["pdftotext", "-f", last, "-l", last, out, "-"],
                             capture_output=True, text=True, check=True).stdout
    for words in ("Final 2.1; won roll-off", "2nd in roll-off", "Next round"):
        check(words in printed, "the posted standings lack %r:\n%s" % (words, printed))
    check("tied" not in printed, "no tie marked on the posted standings")


def test_golden_and_deterministic(folder):
    event = make_event(folder)
    first, second = event.out("a.xlsx"), event.out("b.xlsx")
    event.run("export", first, "--chouette", "1.1")
    event.run("export", second, "--chouette", "1.1")
    with open(first, "rb") as f:
        data = f.read()
    with open(second, "rb") as f:
        equal(f.read() == data, True, "the same event gives the same bytes")
    golden = os.path.join(GOLDEN, "scoring-sheet-1.1.xlsx")
    if os.environ.get("CTD_UPDATE_GOLDEN"):
        shutil.copy(first, golden)
    with open(golden, "rb") as f:
        check(f.read() == data, "differs from %s: if the layout changed on purpose, "
              "rerun with CTD_UPDATE_GOLDEN=1 and look at the new sheet" % golden)


def test_public_exports(folder):
    event = make_event(folder)
    proc = event.run("export", event.out("x.xlsx"), "--chouette", "1.1", "--public", status=1)
    check("secret" in proc.stderr, "refusal says why: %r" % proc.stderr)
    check(not os.path.exists(event.out("x.xlsx")), "nothing written")

    out = event.out("post.xlsx")
    event.run("export", out, "--round", "1", "--public")
    wb = openpyxl.load_workbook(out)
    equal(wb.sheetnames, ["Round 1 standings"], "a public copy of a secret round")
    ws = wb.worksheets[0]
    for row in ws.iter_rows():
        for cell in row:
            check(not isinstance(cell.value, (int, float)), "a number in a secret round")
            check(cell.value is None or "40.5" not in str(cell.value), "a score leaked")
    names = [c.value for c in ws["A"] if c.value in HOSTILE]
    equal(sorted(names), sorted(HOSTILE), "every player listed")


def test_pdf_export(folder):
    event = make_event(folder)
    one = event.out("sheet.pdf")
    event.run("export", one, "--chouette", "1.1")
    pages = pdf_pages(one)
    equal(len(pages), 1, "one page per chouette")
    check(pages[0][0] > pages[0][1], "landscape")
    every = event.out("all.pdf")
    event.run("export", every, "--all")
    pages = pdf_pages(every)
    check(len(pages) >= 5, "the archive: sheets, standings, settlements, log")
    check(pages[0][0] > pages[0][1] and pages[1][0] > pages[1][1], "sheets landscape")


def test_pages_reported(folder):
    """"Wrote": the pages of paper, not the worksheets; the final's round
    comes with the final results."""
    event = make_event(folder)
    out = event.out("all.pdf")
    proc = event.run("export", out, "--all")
    printed = len(pdf_pages(out))
    check(proc.stdout.startswith("Wrote %s: %d pages\n" % (out, printed)),
          "reported: %r, printed %d" % (proc.stdout, printed))
    report = event.json("export", out, "--all")
    equal(report["pages"], printed, "JSON pages")
    sheets = ["Chouette 1.1", "Chouette 1.2", "Round 1 standings", "Settlements", "Audit log"]
    equal(report["worksheets"], sheets, "JSON worksheets")
    proc = event.run("export", event.out("all.xlsx"), "--all")
    check(proc.stdout.startswith("Wrote %s: 5 worksheets, %d pages when printed\n"
                                 % (event.out("all.xlsx"), printed)), repr(proc.stdout))

    # 72 players: 18 sheets and standings that run over several pages.
    big = Event(os.path.join(folder, "big"))
    os.mkdir(big.folder)
    with open(big.out("players.csv"), "w") as f:
        f.write("name\n" + "".join("Player %d\n" % i for i in range(1, 73)))
    big.run("init", "--name", "Big Open")
    big.run("player", "import", big.out("players.csv"), "--checked-in")
    big.run("draw", "--seed", "72")
    out = big.out("round.pdf")
    proc = big.run("export", out, "--round", "1", "--blank")
    printed = len(pdf_pages(out))
    check(printed > 19, "18 sheets and the standings: %d pages" % printed)
    equal(proc.stdout, "Wrote %s: %d pages\n" % (out, printed), "reported")

    # Four players: the final straight away; its round's export holds the
    # final results.
    final = Event(os.path.join(folder, "final"))
    os.mkdir(final.folder)
    final.run("init", "--name", "Final")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        final.run("player", "add", "--checked-in", name)
    final.run("draw", "--seed", "4")
    for game, notation in enumerate(FOUR_SHEET, start=1):
        final.run("record", "1.1", game, notation)
    out = final.out("final.xlsx")
    report = final.json("export", out, "--round", "1")
    equal(report["worksheets"], ["Chouette 1.1", "Round 1 standings", "Final results"],
          "the final's round")
    ws = openpyxl.load_workbook(out)["Final results"]
    places = [c.value for c in ws["A"] if c.value in ("1st", "2nd", "3rd", "4th")]
    equal(places, ["1st", "2nd", "3rd", "4th"], "the placings")


def test_write_errors(folder):
    event = make_event(folder)
    # A folder that does not exist: the message names the file.
    missing = os.path.join(folder, "no-such-folder", "sheet.xlsx")
    proc = event.run("export", missing, "--chouette", "1.1", status=1)
    check(missing in proc.stderr, "message names the file: %r" % proc.stderr)

    # A full disk, as a file-size limit: no file under the final name, no
    # temporary left, and an older export is kept whole. The sheets of 24
    # chouettes need more than the limit; SQLite needs its 32 KB shared
    # memory file, which a reader holding the event open keeps in place.
    big = Event(os.path.join(folder, "big"))
    os.mkdir(big.folder)
    with open(big.out("players.csv"), "w") as f:
        f.write("name\n" + "".join("Player %d\n" % i for i in range(1, 97)))
    big.run("init", "--name", "Big Open")
    big.run("player", "import", big.out("players.csv"), "--checked-in")
    big.run("draw", "--seed", "96")
    reader = sqlite3.connect(big.path)
    reader.execute("SELECT count(*) FROM sqlite_master").fetchall()
    for name in ("full.xlsx", "full.pdf"):
        out = big.out(name)
        with open(out, "wb") as f:
            f.write(b"the previous export")

        def limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (48 * 1024, 48 * 1024))

        proc = big.run("export", out, "--round", "1", "--blank", status=1, preexec_fn=limit)
        check(out in proc.stderr, "message names %s: %r" % (out, proc.stderr))
        check(proc.stderr.count("\n") == 1, "one line: %r" % proc.stderr)
        with open(out, "rb") as f:
            equal(f.read(), b"the previous export", "the older file is kept")
        leftovers = [n for n in os.listdir(big.folder) if n.startswith("." + name)]
        equal(leftovers, [], "temporary files left")
    reader.close()

    # A broken layout: its file and line, and nothing written.
    layouts = os.path.join(folder, "layouts")
    os.mkdir(layouts)
    with open(os.path.join(layouts, "standings.ini"), "w") as f:
        f.write("[Page]\nPaper=A4\nOrientation=landscape\nMargin=big\n")
    out = event.out("bad.xlsx")
    proc = event.run("export", out, "--round", "1", "--templates", layouts, status=1)
    check(os.path.join(layouts, "standings.ini") + ":4:" in proc.stderr,
          "file and line: %r" % proc.stderr)
    check(not os.path.exists(out), "nothing written")

    event.run("export", event.out("sheet.ods"), "--chouette", "1.1", status=2)
    event.run("export", event.out("x.xlsx"), status=2)
    event.run("export", event.out("x.xlsx"), "--chouette", "1.9", status=1)


def main():
    if CLI is None or GOLDEN is None:
        print("usage: test-export.py PATH/TO/chouette-td-cli GOLDEN_DIR", file=sys.stderr)
        return 2
    return ctdtest.run(globals(), "ctd-export-")


if __name__ == "__main__":
    sys.exit(main())
