#!/usr/bin/python3
# test-cli-export-links.py: chouette-td-cli export --links: each table's
# link and QR code on its chouette's scoring sheets.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-export-links.py PATH/TO/chouette-td-cli
#
# The exported sheets are read back as a phone reads paper: each PDF page
# rendered (pdftoppm) and each spreadsheet image decoded by a QR code
# reader (zbarimg, zbar-tools); the codes are exactly the links `links
# --base` lists, each on its own chouette's sheet. A public copy with
# links and an address that is not the desk's are refused, the event and
# the file unchanged. A round's link slips (--slips) carry each table's
# link the same way, its players' names printed as text, and are never a
# public copy. Standard library only, with poppler-utils and zbar-tools;
# ends with "N passed, N failed".

import glob
import hashlib
import hmac
import os
import re
import subprocess
import sys
import zipfile
import xml.etree.ElementTree as ET

import ctdtest
from ctdtest import check, equal, new_event

BASE = "http://192.168.1.20:8080"


def drawn_event(folder, n_players=12):
    event = new_event(folder, n_players)
    event.run("draw", "--seed", "7")
    return event


def listed_links(event, *args):
    """chouette -> URL, as `links --base` lists them."""
    return {l["chouette"]: l["url"] for l in event.json("links", "--base", BASE, *args)}


def decode(png):
    """The texts of the QR codes zbarimg reads in @png: none is exit 4."""
    proc = subprocess.run(["zbarimg", "-q", "--raw", png], capture_output=True, text=True,
                          timeout=60)
    check(proc.returncode in (0, 4), "zbarimg %s: exit %d %s" % (png, proc.returncode,
                                                                 proc.stderr))
    return proc.stdout.split()


def pdf_codes(folder, pdf):
    """Page by page: the chouette the page's heading names (or None) and
    the QR codes read from the page printed at 200 dpi."""
    prefix = os.path.join(folder, "page")
    subprocess.run(["pdftoppm", "-r", "200", "-png", pdf, prefix], check=True, timeout=120)
    pages = []
    for number, png in enumerate(sorted(glob.glob(prefix + "-*.png")), start=1):
        text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), pdf, "-"],
                              capture_output=True, text=True, check=True).stdout
        named = re.search(r"\bchouette (\d+\.\d+)\b", text, re.IGNORECASE)
        pages.append((named.group(1) if named else None, decode(png), " ".join(text.split())))
        os.unlink(png)
    return pages


def xlsx_codes(folder, xlsx):
    """Worksheet by worksheet: its name and the QR codes read from the
    images its drawing holds (worksheet -> drawing -> xl/media/*.png)."""
    rel = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
          "p": "http://schemas.openxmlformats.org/package/2006/relationships"}

    def targets(book, part):
        """Where @part's relationships point, as paths in the book."""
        folder_of, name = os.path.split(part)
        rels = os.path.join(folder_of, "_rels", name + ".rels")
        if rels not in book.namelist():
            return {}
        root = ET.fromstring(book.read(rels))
        return {r.get("Id"): os.path.normpath(os.path.join(folder_of, r.get("Target")))
                for r in root.findall("p:Relationship", ns)}

    sheets = []
    with zipfile.ZipFile(xlsx) as book:
        workbook = ET.fromstring(book.read("xl/workbook.xml"))
        parts = targets(book, "xl/workbook.xml")
        for sheet in workbook.find("m:sheets", ns):
            codes = []
            for drawing in targets(book, parts[sheet.get(rel)]).values():
                for media in targets(book, drawing).values():
                    check(media.startswith("xl/media/") and media.endswith(".png"), media)
                    png = os.path.join(folder, os.path.basename(media))
                    with open(png, "wb") as f:
                        f.write(book.read(media))
                    codes += decode(png)
            sheets.append((sheet.get("name"), codes))
    return sheets


def test_blank_pdf(folder):
    """Blank sheets printed before play: each chouette's page carries its
    own link, as a code and as text, and nothing else carries one."""
    event = drawn_event(folder)
    links = listed_links(event, "--round", "1")
    equal(sorted(links), ["1.1", "1.2", "1.3"], "chouettes")
    pdf = os.path.join(folder, "sheets.pdf")
    out = event.run("export", pdf, "--round", "1", "--blank", "--links", BASE).stdout
    check(out.startswith("Wrote %s" % pdf), out)

    found = {}
    for label, codes, text in pdf_codes(folder, pdf):
        if not codes:
            continue
        equal(len(codes), 1, "codes on chouette %s's page" % label)
        check(label not in found, "chouette %s has one page with a code" % label)
        found[label] = codes[0]
        check("Enter this table's games: " + codes[0] in text,
              "the link written under the code on %s's page" % label)
    equal(found, links, "the codes on the sheets, by chouette")


def test_blank_xlsx(folder):
    """The same sheets as a spreadsheet: each chouette's worksheet holds
    its link's code as an image, and its link as text."""
    event = drawn_event(folder)
    links = listed_links(event)
    xlsx = os.path.join(folder, "sheets.xlsx")
    event.run("export", xlsx, "--round", "1", "--blank", "--links", BASE)

    found = {}
    for name, codes in xlsx_codes(folder, xlsx):
        named = re.fullmatch(r"Chouette (\d+\.\d+)", name)
        if not named:
            equal(codes, [], "codes on the worksheet %r" % name)
            continue
        equal(len(codes), 1, "codes on %r" % name)
        found[named.group(1)] = codes[0]
    equal(found, links, "the codes in the workbook, by chouette")
    text = ctdtest.xlsx_text(xlsx)
    for url in links.values():
        check(url in text, "%s written in the workbook" % url)


def test_filled_sheet_after_reissue(folder):
    """One chouette's filled sheet during play carries its link as the
    event holds it now: a reissued link, never the old one."""
    event = drawn_event(folder, 8)
    event.run("record", "1.2", "1", "T")
    old = listed_links(event)["1.2"]
    event.run("links", "--reissue", "1.2")
    new = listed_links(event)["1.2"]
    check(new != old, "a new link")
    pdf = os.path.join(folder, "1.2.pdf")
    event.run("export", pdf, "--chouette", "1.2", "--links", BASE + "/")
    pages = pdf_codes(folder, pdf)
    equal([(label, codes) for label, codes, _ in pages], [("1.2", [new])], "the sheet's code")


def test_without_links(folder):
    """Without --links the sheets are as before: no code, no image."""
    event = drawn_event(folder, 8)
    pdf = os.path.join(folder, "plain.pdf")
    xlsx = os.path.join(folder, "plain.xlsx")
    event.run("export", pdf, "--round", "1", "--blank")
    event.run("export", xlsx, "--round", "1", "--blank")
    equal([codes for _, codes, _ in pdf_codes(folder, pdf)], [[], [], []], "codes in the PDF")
    with zipfile.ZipFile(xlsx) as book:
        equal([n for n in book.namelist() if n.startswith("xl/media/")], [], "images")
    check("/t/" not in ctdtest.xlsx_text(xlsx), "no link in the workbook")


def test_refused(folder):
    """A public copy never carries the links, and an address that is not
    the desk's would print links that open nothing: both refused, the
    event and an older file as they were."""
    event = drawn_event(folder, 8)
    for name in ["post.pdf", "post.xlsx"]:
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write("the older file")
        event.refused("export", path, "--round", "1", "--public", "--links", BASE,
                      message="A public copy never carries the tables' links")
        event.refused("export", path, "--round", "1", "--blank", "--public", "--links", BASE,
                      message="A public copy never carries the tables' links")
        for bad in ["192.168.1.20:8080", "ftp://desk", "http://", "http://desk:8080/chouette",
                    "http://desk?a=1"]:
            event.refused("export", path, "--round", "1", "--links", bad, status=2,
                          message="--links “%s” is not the desk's address: "
                                  "write it as http://ADDRESS:PORT" % bad)
        with open(path) as f:
            equal(f.read(), "the older file", name + " after the refusals")
    equal([n for n in os.listdir(folder) if n.startswith(".")], [],
          "temporary files left behind")


HOSTILE = ['=HYPERLINK("x")', "<b>x</b>"]
SLIP = re.compile(r"Table (\d+) — chouette (\d+\.\d+) (.*?) (http://\S+) "
                  r"Scan to enter this table's games; keep this slip at the table\.")


def slips_event(folder):
    """Two chouettes, two players named as a spreadsheet formula and as
    markup; returns the event and, by chouette, its table and players in
    seat order as `draw` printed them."""
    event = new_event(folder, 8)
    for number, name in enumerate(HOSTILE, start=1):
        event.run("player", "edit", "#%d" % number, "--name", name)
    drawn = event.run("draw", "--seed", "7").stdout
    seats = {}
    for label, table, players in re.findall(r"^\s*(\d+\.\d+)\s+table (\d+): (.*)$", drawn,
                                            re.MULTILINE):
        seats[label] = (table, [p.split(" ", 1)[1] for p in players.split(", ")])
    equal(sorted(seats), ["1.1", "1.2"], "chouettes drawn: " + drawn)
    return event, seats


def seat_code(url, seat):
    """The seat code printed for `seat` of the table whose link is `url`."""
    secret = url.rsplit("/", 1)[1].encode()
    digest = hmac.new(secret, b"ctd-seat-code:%d" % seat, hashlib.sha256).digest()
    return "%04d" % (int.from_bytes(digest[:4], "big") % 10000)


def test_slips_pdf(folder):
    """One slip per chouette, on one page: each code reads as exactly a
    link `links --base` lists, each slip writes its own chouette's link
    under its table, chouette and players (seat order), names as text."""
    event, seats = slips_event(folder)
    links = listed_links(event, "--round", "1")
    pdf = os.path.join(folder, "slips.pdf")
    out = event.run("export", pdf, "--round", "1", "--slips", "--links", BASE).stdout
    equal(out, "Wrote %s: 1 page\n" % pdf, "export --slips")
    pages = pdf_codes(folder, pdf)
    equal(len(pages), 1, "pages")
    _, codes, text = pages[0]
    equal(sorted(codes), sorted(links.values()), "the codes read from the slips")
    slips = {label: (table, players, url) for table, label, players, url in SLIP.findall(text)}
    equal(sorted(slips), sorted(links), "slips in: " + text)
    for label, (table, players, url) in slips.items():
        equal(url, links[label], "the link written on %s's slip" % label)
        equal(table, seats[label][0], "the table on %s's slip" % label)
        # Each seat's code beside its player: HMAC-SHA256 of the seat,
        # keyed by the link's secret, as 4 digits.
        equal(players, " ".join("%d %s (seat code %s)" % (k, name, seat_code(url, k))
                                for k, name in enumerate(seats[label][1], start=1)),
              "the players on %s's slip" % label)
    for name in HOSTILE:
        check(name in text, "%s printed as text: %s" % (name, text))
    check("Club Open" in text, "the event's name on the slips")


def test_slips_xlsx(folder):
    """The slips as a spreadsheet: one worksheet, an image per slip, each
    a listed link; the names as text, never a formula."""
    event, _ = slips_event(folder)
    links = listed_links(event)
    xlsx = os.path.join(folder, "slips.xlsx")
    event.run("export", xlsx, "--round", "1", "--slips", "--links", BASE)
    sheets = xlsx_codes(folder, xlsx)
    equal([name for name, _ in sheets], ["Slips 1.1-1.2"], "worksheets")
    equal(sorted(sheets[0][1]), sorted(links.values()), "the codes in the workbook")
    text = ctdtest.xlsx_text(xlsx)
    check("<f>" not in text, "no formula in the workbook")
    for name in HOSTILE:
        check(name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
              .replace('"', "&quot;") in text or
              name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in text,
              "%s written as text" % name)


def test_slips_refused(folder):
    """Slips without the desk's address, without a round, or for the
    public are refused with what to do; the event as it was."""
    event, _ = slips_event(folder)
    pdf = os.path.join(folder, "slips.pdf")
    event.refused("export", pdf, "--round", "1", "--slips", status=2,
                  message="--slips needs the desk's address to print the links under: "
                          "give --links http://ADDRESS:PORT")
    event.refused("export", pdf, "--round", "1", "--slips", "--links", BASE, "--public",
                  status=2, message="--slips and --public: a link slip lets whoever holds it "
                                    "enter its table's games")
    for choice in [["--all"], ["--chouette", "1.1"]]:
        event.refused("export", pdf, *choice, "--slips", "--links", BASE, status=2,
                      message="--slips prints one round's link slips: give --round N")
    check(not os.path.exists(pdf), "no file written")


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-export-links-"))
