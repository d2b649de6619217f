// test-browser-results.mjs: results.html in a real browser, on a phone and on A4.
//
// Copyright 2026 The Chouette TD authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: node test-browser-results.mjs PATH/TO/chouette-td-cli
//
// The web page `export results.html --all --public` writes for a club's
// website, opened from the disk in Debian's chromium (driven by
// playwright-core through ctd-browser.mjs, as test-browser-table.mjs): on a
// phone 390 px wide it asks for nothing but itself, its inline style
// sheet applies (the page's own policy admits it by its hash, and the
// browser reports no refusal), names made of markup show as letters,
// and only the tables scroll sideways; printed on A4 it drops the
// screen's colours and repeats each table's headings. With
// CTD_SCREENSHOT_DIR set, the phone's page and the first printed page
// go there as PNGs. Ends with "N passed, N failed"; exits 1 on a failure.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { FOUR_SHEET, PHONE, WAIT_MS, check, cli, equal, launchBrowser, loadChromium, runMain,
         runSteps, setCliFromArgs, shotPath, summary } from './ctd-browser.mjs';

const NAMES = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>',
               '=HYPERLINK("x")', 'Maximilian Alexander von Hohenzollern-Sigmaringen',
               'Anna Berg', 'Chen Wei', 'Dagny Eriksen', 'Zoë Łukasz'];
const DEADLINE_MS = 180_000;

// A whole event: two qualifying chouettes played out, the top two of
// each to the Final, the Final played out; results.html of it all.
function playedEvent (folder) {
  const file = path.join(folder, 'event.chouette');
  cli(file, 'init', '--name', 'Club Open <2026>', '--date', '2026-11-22', '--venue',
      'Clubhouse', '--stake', '5');
  for (const name of NAMES)
    cli(file, 'player', 'add', '--checked-in', '--', name);
  cli(file, 'draw', '--seed', 7);
  for (const label of ['1.1', '1.2'])
    FOUR_SHEET.forEach((notation, i) => cli(file, 'record', label, i + 1, notation));
  cli(file, 'advance', '--top', 2);
  cli(file, 'draw', '--seed', 5);
  FOUR_SHEET.forEach((notation, i) => cli(file, 'record', '2.1', i + 1, notation));
  const html = path.join(folder, 'results.html');
  cli(file, 'export', html, '--all', '--public');
  return html;
}

// A page that records every request it makes, every dialog and every
// message the browser writes to its console (a refused style is one).
async function openPage (browser, options) {
  const page = await browser.newPage(options);
  const seen = { page, requests: [], dialogs: [], console: [] };
  page.on('request', request => seen.requests.push(request.url()));
  page.on('console', message => seen.console.push(`${message.type()}: ${message.text()}`));
  page.on('dialog', dialog => {
    seen.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return seen;
}

async function testPhone (ctx) {
  const phone = await openPage(ctx.browser, PHONE);
  const url = pathToFileURL(ctx.html).href;
  await phone.page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });

  equal(phone.requests, [url], 'what the page asked for');
  equal(phone.dialogs, [], 'dialogs');
  equal(phone.console, [], 'the browser\'s console');
  const found = await phone.page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = e => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX === 'auto')
          return true;
      return false;
    };
    return {
      scripts: document.querySelectorAll('script, img, iframe, link').length,
      handlers: [...document.querySelectorAll('*')]
        .filter(e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
      heading: getComputedStyle(document.querySelector('thead th')).backgroundColor,
      width,
      page: document.documentElement.scrollWidth,
      out: [...document.body.querySelectorAll('*')]
        .filter(e => e.getBoundingClientRect().right > width + 0.5 && !inScroller(e))
        .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40)),
      sections: [...document.querySelectorAll('h2')].map(h => h.textContent),
    };
  });
  equal([found.scripts, found.handlers], [0, 0], 'elements made of names');
  // The inline style sheet applied: the policy's hash is its own.
  equal(found.heading, 'rgb(0, 0, 0)', 'the headings\' background');
  equal(found.width, PHONE.viewport.width, 'the layout\'s width');
  equal(found.out, [], 'elements wider than the phone');
  check(found.page <= found.width, `the page is ${found.page} px wide`);
  check(found.sections.some(s => s.startsWith('Final results')) &&
        found.sections.some(s => s.startsWith('Settlements')), `sections: ${found.sections}`);
  for (const name of NAMES) {
    const shown = phone.page.getByText(name, { exact: true });
    check(await shown.count() > 0, `${JSON.stringify(name)} is not shown as text`);
  }
  const png = shotPath('results-html-phone.png');
  if (png)
    await phone.page.screenshot({ path: png, fullPage: true });
  await phone.page.close();
}

async function testPrint (ctx) {
  const paper = await openPage(ctx.browser, { viewport: { width: 794, height: 1123 } });
  await paper.page.goto(pathToFileURL(ctx.html).href, { waitUntil: 'load', timeout: WAIT_MS });
  await paper.page.emulateMedia({ media: 'print' });
  const printed = await paper.page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('thead th')).backgroundColor,
    repeated: getComputedStyle(document.querySelector('thead')).display,
  }));
  equal(printed, { heading: 'rgba(0, 0, 0, 0)', repeated: 'table-header-group' },
        'the print style sheet');
  const pdf = path.join(ctx.folder, 'results.pdf');
  await paper.page.pdf({ path: pdf, format: 'A4', printBackground: true });
  const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  check(info.status === 0 && /Page size:\s+595\.\d* x 84[12]\.\d* pts \(A4\)/.test(info.stdout),
        `the PDF's paper: ${info.stdout}`);
  const png = shotPath('results-html-a4');
  if (png) {
    const made = spawnSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1',
                                        '-singlefile', pdf, png]);
    check(made.status === 0, `pdftoppm: exit ${made.status}`);
  }
  await paper.page.close();
}

const STEPS = [testPhone, testPrint];

async function main () {
  if (!setCliFromArgs())
    return 2;
  const chromium = await loadChromium();
  if (!chromium)
    return summary({ passed: 0, failed: 1 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ctd-browser-results-'));
  const ctx = { folder, html: playedEvent(folder) };
  ctx.browser = await launchBrowser(chromium);
  let run;
  try {
    run = await runSteps(ctx, STEPS);
  } finally {
    await ctx.browser.close();
  }
  fs.rmSync(folder, { recursive: true, force: true });
  return summary(run);
}

runMain(main, DEADLINE_MS);
