// test-browser-table.mjs: the tables' pages in a real browser, on a phone.
//
// Copyright 2026 The Chouette TD authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: node test-browser-table.mjs PATH/TO/chouette-td-cli
//
// What a table does with its sheet: Debian's chromium (/usr/bin/chromium),
// driven by playwright-core (tests/package.json, `npm ci` in tests/)
// through ctd-browser.mjs, as a phone 390 px wide opens the link it reads
// from the QR code printed on its chouette's sheet, served by
// `chouette-td-cli serve` on loopback.
// The page shows the chouette's players, names that are markup show as
// letters (no dialog, no element made of them), it fits the phone's width
// (only the score table scrolls sideways), a wrong secret is the 404 page,
// and once the round's results are recorded and released, /standings
// posts them. With CTD_SCREENSHOT_DIR set, full-page screenshots go there.
// Every step is one small function: a step that plays games through the
// table's form goes between the table page and the standings.
// Ends with "N passed, N failed"; exits 1 on any failure.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import { FOUR_SHEET, PHONE, WAIT_MS, Failure, check, cli, cliPath, equal, launchBrowser,
         loadChromium, runMain, runSteps, setCliFromArgs, shotPath,
         summary } from './ctd-browser.mjs';

// Names a player may type at registration: each must show as these letters.
const SCRIPT_NAME = '<script>alert(1)</script>';
const IMG_NAME = '"><img src=x onerror=alert(1)>';
// Registered in this order, the draw with seed 7 seats both hostile names
// in chouette 1.1 (checked by seatedIn(), not assumed).
const NAMES = ['Anna Berg', SCRIPT_NAME, 'Bruno Costa', IMG_NAME, 'Chen Wei',
               'Dagny Eriksen', 'Emeka Obi', 'Fatima Zahra'];
const SEED = 7;
// The whole run, browser and server included, stops by itself.
const DEADLINE_MS = 240_000;

// ---------------------------------------------------------------------------
// The event, through the command line

function cliJson (file, ...args) {
  return JSON.parse(cli(file, '--json', ...args));
}

// An 8-player event, everyone checked in, round 1 drawn: two chouettes of 4.
function newEvent (folder) {
  const file = path.join(folder, 'event.chouette');
  cli(file, 'init', '--name', 'Club Open', '--date', '2026-11-22', '--venue', 'Clubhouse',
      '--stake', '5');
  for (const name of NAMES)
    cli(file, 'player', 'add', '--', name, '--checked-in');
  cli(file, 'draw', '--seed', SEED);
  return file;
}

// The names of @label's players, seat by seat.
function seatedIn (file, label) {
  return cliJson(file, 'show', label).players.map(p => p.name);
}

// The games of round 1 not entered yet (by the tables' phones, say),
// recorded at the desk from the sheet: every chouette complete.
function recordRound (file) {
  for (const { chouette } of cliJson(file, 'links', '--round', '1')) {
    const entered = new Set(cliJson(file, 'show', chouette).games
                            .filter(g => g.result).map(g => g.game));
    FOUR_SHEET.forEach((notation, i) => {
      if (!entered.has(i + 1))
        cli(file, 'record', chouette, i + 1, notation);
    });
  }
}

// "+40.5", "-59", "0": a score as the pages write it.
function scoreText (score) {
  return (score > 0 ? '+' : score < 0 ? '-' : '') + String(Math.abs(score));
}

// ---------------------------------------------------------------------------
// The desk's server

const LINK = /^ {2}(\d+\.\d+)\s+(http:\/\/127\.0\.0\.1:\d+\/t\/[0-9a-f]{32})$/;
const POSTING = /^The posting, for everyone \(no link\): (http:\/\/127\.0\.0\.1:(\d+)\/standings)$/;
const servers = new Set();

// Starts serve on a free loopback port; resolves once it printed the
// posting's address and one link per chouette of the round.
function startServer (file, nLinks) {
  const env = { ...process.env };
  // Under AddressSanitizer, the full stacks tests/lsan.supp needs (see
  // tests/test-cli-serve.py); a plain build ignores the variable.
  env.ASAN_OPTIONS = [env.ASAN_OPTIONS, 'fast_unwind_on_malloc=0'].filter(Boolean).join(':');
  const proc = spawn(cliPath(), [file, 'serve', '--address', '127.0.0.1', '--port', '0'],
                     { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server = { proc, links: {}, posting: null, base: null, out: '', err: '' };
  servers.add(server);
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', chunk => { server.err += chunk; });
  server.exited = new Promise(resolve => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Failure(`serve printed no links:\n${server.out}`)),
                             WAIT_MS);
    server.exited.then(() => reject(new Failure(`serve exited:\n${server.out}${server.err}`)));
    readline.createInterface({ input: proc.stdout }).on('line', line => {
      server.out += line + '\n';
      const link = LINK.exec(line), posting = POSTING.exec(line);
      if (link)
        server.links[link[1]] = link[2];
      if (posting) {
        server.posting = posting[1];
        server.base = `http://127.0.0.1:${posting[2]}`;
      }
      if (server.posting && Object.keys(server.links).length === nLinks) {
        clearTimeout(timer);
        resolve(server);
      }
    });
  });
}

// Ctrl+C, as the director stops it: a clean exit that says the event is saved.
// The last step, once the browser is closed.
async function stopServer (ctx) {
  const server = ctx.server;
  server.proc.kill('SIGINT');
  const { code, signal } = await server.exited;
  servers.delete(server);
  equal({ code, signal }, { code: 0, signal: null }, `serve's exit (stderr: ${server.err})`);
  check(server.out.includes('The server stopped; the event is saved.'), server.out);
}

// ---------------------------------------------------------------------------
// Paper: the sheets' QR codes, read as a phone's camera reads them

// chouette -> the texts of the QR codes on its sheet's pages, from the
// sheets printed at 200 dpi (pdftoppm) and read by zbarimg.
function sheetCodes (folder, pdf) {
  const prefix = path.join(folder, 'page');
  const pdftoppm = spawnSync('pdftoppm', ['-r', '200', '-png', pdf, prefix], { timeout: 120_000 });
  check(pdftoppm.status === 0, `pdftoppm: ${pdftoppm.stderr}`);
  const pngs = fs.readdirSync(folder).filter(f => /^page-\d+\.png$/.test(f)).sort();
  const codes = {};
  pngs.forEach((png, i) => {
    const text = spawnSync('pdftotext', ['-f', i + 1, '-l', i + 1, pdf, '-'].map(String),
                           { encoding: 'utf8' }).stdout;
    const named = /\bchouette (\d+\.\d+)\b/i.exec(text);
    const zbar = spawnSync('zbarimg', ['-q', '--raw', path.join(folder, png)],
                           { encoding: 'utf8', timeout: 60_000 });
    // zbarimg: 0 codes read, 4 none found.
    check(zbar.status === 0 || zbar.status === 4, `zbarimg ${png}: exit ${zbar.status}`);
    if (named)
      (codes[named[1]] ??= []).push(...zbar.stdout.split(/\s+/).filter(Boolean));
    fs.unlinkSync(path.join(folder, png));
  });
  return codes;
}

// ---------------------------------------------------------------------------
// The phone

// A new phone (its own context: no cookie or cache shared) counting the
// dialogs any page of it opens; a dialog is dismissed, never left open.
async function openPhone (browser) {
  const page = await browser.newPage(PHONE);
  const phone = { page, dialogs: [], refused: [] };
  // What the page's policy refused (the table's script must not be).
  page.on('console', message => {
    if (/Content Security Policy/i.test(message.text()))
      phone.refused.push(message.text());
  });
  page.on('dialog', dialog => {
    phone.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return phone;
}

// Opens @url on @phone; returns the response (status, headers). A table's
// page opens itself again when the desk or the other phone changes it: a
// visit that such a reload cuts short (an interrupted navigation, one the
// reload took over, which leaves goto() no response, or a page detached
// as the reload replaced it) is made again.
// The page's own reload is let finish before the visit is made again.
async function visit (phone, url) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await phone.page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
      if (response === null && attempt < 5)
        continue;
      check(response !== null, `no response from ${url}`);
      return response;
    } catch (error) {
      if (attempt >= 5 ||
          !/interrupted by another navigation|Not attached to an active page/.test(error.message))
        throw error;
      await phone.page.waitForLoadState('load', { timeout: WAIT_MS });
    }
  }
}

async function screenshot (phone, name) {
  const png = shotPath(name);
  if (png)
    await phone.page.screenshot({ path: png, fullPage: true });
}

// Each name is shown, whole, as an element's visible text.
async function checkNamesShown (phone, names, where) {
  for (const name of names) {
    const shown = phone.page.getByText(name, { exact: true });
    check(await shown.count() > 0 && await shown.first().isVisible(),
          `${where}: ${JSON.stringify(name)} is not shown as text`);
  }
}

// The pages' own script (the head of a waiting page, the end of a form).
const TABLE_JS = fs.readFileSync(new URL('../../core/serve/table.js', import.meta.url), 'utf8');

// A name made of markup never became markup: no script element but the
// page's own (table.js, allowed by its hash), no image, no event handler
// attribute, no dialog.
async function checkNoMarkupFromNames (phone, where) {
  const made = await phone.page.evaluate(own => ({
    scripts: [...document.querySelectorAll('script')].filter(s => s.textContent !== own).length,
    images: document.querySelectorAll('img').length,
    handlers: [...document.querySelectorAll('*')]
      .filter(e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
  }), TABLE_JS);
  equal(made, { scripts: 0, images: 0, handlers: 0 }, `${where}: elements made of names`);
  equal(phone.dialogs, [], `${where}: dialogs`);
}

// Elements that stick out of the phone's width, other than those inside
// a sideways scroller (the score table's): none, and the page itself is
// no wider than the phone.
async function checkFitsWidth (phone, where) {
  const found = await phone.page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = e => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX))
          return true;
      return false;
    };
    const describe = e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') +
      ` (${Math.round(e.getBoundingClientRect().right)} px: ${e.textContent.trim().slice(0, 40)})`;
    return {
      width,
      page: document.documentElement.scrollWidth,
      out: [...document.body.querySelectorAll('*')]
        .filter(e => e.getBoundingClientRect().right > width + 0.5 && !inScroller(e))
        .map(describe),
    };
  });
  equal(found.width, PHONE.viewport.width, `${where}: the layout's width`);
  equal(found.out, [], `${where}: elements wider than the phone`);
  check(found.page <= found.width, `${where}: the page is ${found.page} px wide`);
}

// Each choice of each closed menu of values and ends (those of names hold
// names as they are) shows whole: its text, in the menu's font, fits the
// menu's width less its arrow (2 rem).
async function checkMenusWhole (phone, where) {
  const cut = await phone.page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const found = [];
    for (const select of document.querySelectorAll('select')) {
      if (!/^(end|value)-|-(end|value)$/.test(select.name))
        continue;
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      for (const option of select.options)
        if (context.measureText(option.text).width > select.clientWidth - 2 * rem)
          found.push(`${select.name}: ${option.text}`);
    }
    return found;
  });
  equal(cut, [], `${where}: choices cut in a closed menu`);
}

// ---------------------------------------------------------------------------
// The steps, in order: each is counted, and a failed one does not stop
// those after it that do not need it.

async function testDetectors (ctx) {
  // The checks themselves, on a page that does not escape: they must see it.
  const phone = await openPhone(ctx.browser);
  const dialog = phone.page.waitForEvent('dialog', { timeout: WAIT_MS });
  await phone.page.setContent(`<p>${IMG_NAME}</p><p style="width:600px">wide</p>`);
  await dialog;
  const missed = [];
  for (const [what, fn] of [['markup', () => checkNoMarkupFromNames(phone, 'raw')],
                            ['width', () => checkFitsWidth(phone, 'raw')]]) {
    try {
      await fn();
      missed.push(what);
    } catch (error) {
      if (!(error instanceof Failure))
        throw error;
    }
  }
  equal(missed, [], 'checks that saw nothing on a page that does not escape');
  equal(phone.dialogs, ['1'], 'the dialog of the unescaped page');
  await phone.page.close();
}

async function testSheetCode (ctx) {
  const pdf = path.join(ctx.folder, 'sheets.pdf');
  cli(ctx.file, 'export', pdf, '--round', '1', '--links', ctx.server.base);
  const codes = sheetCodes(ctx.folder, pdf);
  equal(codes['1.1'], [ctx.server.links['1.1']], "the code on 1.1's sheet");
  ctx.tableUrl = codes['1.1'][0];
}

async function testTablePage (ctx) {
  check(ctx.tableUrl, "no link read from 1.1's sheet");
  const phone = await openPhone(ctx.browser);
  const response = await visit(phone, ctx.tableUrl);
  equal(response.status(), 200, 'the table page');
  const csp = response.headers()['content-security-policy'] ?? '';
  check(csp.includes("default-src 'none'"), `Content-Security-Policy: ${JSON.stringify(csp)}`);
  check((await phone.page.title()).includes('Chouette 1.1'), await phone.page.title());
  const players = seatedIn(ctx.file, '1.1');
  equal([SCRIPT_NAME, IMG_NAME].filter(n => players.includes(n)), [SCRIPT_NAME, IMG_NAME],
        `the hostile names in 1.1 (${JSON.stringify(players)})`);
  await checkNamesShown(phone, players, 'the table page');
  await checkNoMarkupFromNames(phone, 'the table page');
  await screenshot(phone, 'phone-table.png');
  await checkFitsWidth(phone, 'the table page');
  // The style sheet is kept for good, at an address naming its content;
  // the page itself never is.
  const href = await phone.page.evaluate(() => document.querySelector('link[rel=stylesheet]').href);
  check(/\/static\/table-[0-9a-f]{16}\.css$/.test(href), `the style sheet's address: ${href}`);
  const css = await phone.page.request.get(href);
  equal(css.status(), 200, 'the style sheet');
  equal(css.headers()['cache-control'], 'public, max-age=31536000, immutable',
        "the style sheet's Cache-Control");
  equal(response.headers()['cache-control'], 'no-store', "the page's Cache-Control");
  await phone.page.close();
}

async function testWrongSecret (ctx) {
  const url = ctx.server.links['1.1'];
  const last = parseInt(url.slice(-1), 16);
  const wrong = url.slice(0, -1) + (last ^ 1).toString(16);
  const phone = await openPhone(ctx.browser);
  const response = await visit(phone, wrong);
  equal(response.status(), 404, 'a wrong secret');
  const text = await phone.page.locator('body').innerText();
  check(text.includes('Not found'), text);
  for (const name of NAMES)
    check(!text.includes(name), `the 404 page names ${name}`);
  await screenshot(phone, 'phone-refusal.png');
  await checkFitsWidth(phone, 'the 404 page');
  await phone.page.close();
}

// How each crew cube ended, in the crew's playing order, and an extra
// (rule 3.7) from one crew member to another: the answers a case gives,
// and the crew members (their places in that order) who may pay.
const PAYER_CASES = [
  { name: 'every cube played', ends: ['played', 'played', 'played'], payers: [] },
  { name: 'a cube passed', ends: ['taker-passed', 'played', 'played'], payers: [0] },
  { name: 'a cube passed by the Box', ends: ['played', 'owner-passed', 'played'], payers: [1] },
  { name: 'a cube washed', ends: ['played', 'played', 'wash'], payers: [2] },
  { name: 'an extra still played', ends: ['taker-passed', 'played', 'taker-passed'],
    values: ['1', '2', '1'], extra: { by: 0, to: 1, value: '4', end: 'played' }, payers: [2] },
  { name: 'an extra passed', ends: ['taker-passed', 'played', 'taker-passed'],
    values: ['1', '2', '1'], extra: { by: 0, to: 1, value: '4', end: 'taker-passed' }, payers: [0, 2] },
];

// Opens the form's "Extras, penalties, adjustments", as a tap on it does.
async function openMore (page) {
  const more = page.locator('details');
  if (!await more.evaluate(d => d.open))
    await more.locator('summary').click();
}

// Game 1's form on @phone, answered as @c says; returns the Box's seat,
// the crew's seats and the seats offered as the penalty's payer.
async function answerPayerCase (phone, url, c) {
  const page = phone.page;
  await visit(phone, url);
  await page.locator('input[name="by"]').first().check();
  await page.locator('input[name="winner"][value="team"]').check();
  const box = await page.locator('input[name="by"]').first().getAttribute('value');
  const payer = page.locator('select[name="penalty-1-by"]');
  const crew = await payer.locator('option[data-cube]').evaluateAll(os => os.map(o => o.value));
  for (let i = 0; i < crew.length; i++) {
    if (c.values)
      await page.locator(`select[name="value-${crew[i]}"]`).selectOption(c.values[i]);
    await page.locator(`select[name="end-${crew[i]}"]`).selectOption(c.ends[i]);
  }
  if (c.extra) {
    await openMore(page);
    await page.locator('select[name="extra-1-by"]').selectOption(crew[c.extra.by]);
    await page.locator('select[name="extra-1-to"]').selectOption(crew[c.extra.to]);
    await page.locator('select[name="extra-1-value"]').selectOption(c.extra.value);
    await page.locator('select[name="extra-1-end"]').selectOption(c.extra.end);
  }
  const offered = await payer.locator('option[data-cube]:not([disabled])')
    .evaluateAll(os => os.map(o => o.value));
  return { box, crew, offered };
}

// The form offers as the penalty's payer (rule 2.5) only the crew members
// its answers make eligible, and says why the others are not: exactly
// those core accepts, asked through the same form ("F:Q>Box:V" in its
// notation field, checked by the server) for each case of PAYER_CASES.
async function testPenaltyPayers (ctx) {
  check(ctx.tableUrl, "no link read from 1.1's sheet");
  const phone = await openPhone(ctx.browser);
  const url = `${ctx.tableUrl}/enter/1`;
  const page = phone.page;

  // A crew member whose cube is still played is not offered, and the
  // note says why; once that cube is passed, they are.
  const { crew } = await answerPayerCase(phone, url, PAYER_CASES[0]);
  const first = page.locator(`select[name="penalty-1-by"] option[value="${crew[0]}"]`);
  const name = await first.textContent();
  const note = page.locator('#penalty-1-by-why');
  await openMore(page);
  check(await first.isDisabled(), `${name}, whose cube is played, is offered as the payer`);
  const why = await note.innerText();
  check(why.includes(`${name}\u2069's cube is still being played.`), `the note says "${why}"`);
  await page.locator(`select[name="end-${crew[0]}"]`).selectOption('taker-passed');
  check(!await first.isDisabled(), `${name}, whose cube is passed, is not offered`);
  check(!(await note.innerText()).includes(`${name}\u2069's`), 'the note still names ' + name);
  // The Captain, out of the game, pays the Box: not the Captain.
  const captain = await page.locator('input[name="by"]').nth(1).getAttribute('value');
  await page.locator(`select[name="end-${captain}"]`).selectOption('wash');
  await page.locator('select[name="penalty-1-by"]').selectOption(captain);
  check(await page.locator(`select[name="penalty-1-to"] option[value="${captain}"]`).isDisabled(),
        'the Captain is offered a penalty the Captain pays');
  const other = crew.find(seat => seat !== captain);
  await page.locator(`select[name="end-${other}"]`).selectOption('owner-passed');
  await page.locator('select[name="penalty-1-by"]').selectOption(other);
  check(!await page.locator(`select[name="penalty-1-to"] option[value="${captain}"]`).isDisabled(),
        "the Captain is not offered another crew member's penalty");
  await page.locator('select[name="penalty-1-by"]').selectOption(crew[0]);
  await page.locator('select[name="penalty-1-by"]').scrollIntoViewIfNeeded();
  await screenshot(phone, 'phone-penalty.png');
  await checkFitsWidth(phone, 'the form with a penalty');

  const legend = await page.getByText(/^Penalty 1 \(rule 2\.5\)/).innerText();
  const amount = /: ([\d.]+) points?$/.exec(legend)[1];
  for (const c of PAYER_CASES) {
    const { box, offered } = await answerPayerCase(phone, url, c);
    const accepted = [];
    for (const seat of crew) {
      await answerPayerCase(phone, url, c);
      await openMore(page);
      await page.locator('input[name="more"]').fill(`F:${seat}>${box}:${amount}`);
      await page.getByRole('button', { name: 'Check this line' }).click();
      const answer = page.locator('p.line code, p.problem');
      await answer.first().waitFor({ timeout: WAIT_MS });
      if (await page.locator('p.line code').count() > 0) {
        accepted.push(seat);
        continue;
      }
      const problem = await page.locator('p.problem').innerText();
      check(problem.includes('cannot pay a penalty'),
            `${c.name}: F:${seat}>${box} refused for another reason: ${problem}`);
    }
    equal(offered, accepted, `${c.name}: the payers offered, as core accepts them`);
    equal(offered, c.payers.map(i => crew[i]), `${c.name}: the payers offered`);
  }
  equal(phone.refused, [], "what the form's policy refused");
  await phone.page.close();
}

// The twelve games of 1.1 entered on one phone and confirmed on another
// (the Box enters, the Captain answers, each with the same link); game 1
// in words, the others in the form's notation field. Nothing reaches the
// desk's totals until the director accepts each line.
async function testEnterGames (ctx) {
  check(ctx.tableUrl, "no link read from 1.1's sheet");
  const enterer = await openPhone(ctx.browser);
  const confirmer = await openPhone(ctx.browser);
  // The confirming phone opens the page once, and is never reloaded by
  // hand: each line to confirm shows up on it by itself.
  await visit(confirmer, ctx.tableUrl);
  for (let game = 1; game <= 12; game++) {
    await visit(enterer, ctx.tableUrl);
    await enterer.page.getByRole('link', { name: `Enter game ${game}`, exact: true }).click();
    await enterer.page.waitForURL(`**/enter/${game}`, { timeout: WAIT_MS });
    await enterer.page.getByRole('group', { name: 'Who is entering this game?' })
      .getByRole('radio').first().check();
    if (game === 1) {
      // "T": the crew won a single game, every cube played at its start.
      await enterer.page.getByRole('group', { name: 'Who won?' })
        .getByRole('radio', { name: /^The crew, Captain / }).check();
      await enterer.page.getByRole('radio', { name: 'Single game' }).check();
      await checkNoMarkupFromNames(enterer, 'the form');
      await checkMenusWhole(enterer, 'the form');
      await screenshot(enterer, 'phone-form.png');
      await checkFitsWidth(enterer, 'the form');
    } else {
      await enterer.page.getByLabel('Notation (replaces the answers above)')
        .fill(FOUR_SHEET[game - 1]);
    }
    await enterer.page.getByRole('button', { name: 'Check this line' }).click();
    const line = enterer.page.locator('p.line code');
    await line.waitFor({ timeout: WAIT_MS }).catch(async () => {
      throw new Failure(`game ${game}: no check, the page says\n` +
                        await enterer.page.locator('body').innerText());
    });
    equal(await enterer.page.locator('table.preview tbody tr').count(), 4,
          `game ${game}: the players in the check`);
    if (game === 1) {
      equal(await line.innerText(), 'T', 'game 1 in words');
      await screenshot(enterer, 'phone-check.png');
      // "Change it" opens the form with the answers given, and back.
      await enterer.page.getByRole('button', { name: 'Change it' }).click();
      const team = enterer.page.getByRole('group', { name: 'Who won?' })
        .getByRole('radio', { name: /^The crew, Captain / });
      await team.waitFor({ timeout: WAIT_MS });
      check(await team.isChecked(), '"Change it": the crew\'s win is no longer checked');
      check(await enterer.page.getByRole('group', { name: 'Who is entering this game?' })
              .getByRole('radio').first().isChecked(), '"Change it": who enters is lost');
      // Back shows the check again (no ERR_CACHE_MISS), and sends from there.
      await enterer.page.goBack({ waitUntil: 'load', timeout: WAIT_MS });
      await line.waitFor({ timeout: WAIT_MS }).catch(async () => {
        throw new Failure('Back from "Change it" shows no check:\n' +
                          await enterer.page.locator('body').innerText());
      });
      equal(await line.innerText(), 'T', 'game 1 on the check page after Back');
    }
    await enterer.page.getByRole('button', { name: /^Send it to .* to confirm$/ }).click();
    await enterer.page.waitForURL(ctx.tableUrl, { timeout: WAIT_MS });

    const right = confirmer.page.getByRole('button', { name: /: this is right$/ });
    await right.waitFor({ timeout: WAIT_MS }).catch(async () => {
      throw new Failure(`game ${game}: the confirming phone was not asked, it shows\n` +
                        await confirmer.page.locator('body').innerText());
    });
    equal(await right.count(), 1, `game ${game}: the confirmation asked`);
    if (game === 1) {
      await checkNoMarkupFromNames(confirmer, 'the confirmation');
      await screenshot(confirmer, 'phone-confirm.png');
    }
    await right.click();
    await confirmer.page.waitForURL(ctx.tableUrl, { timeout: WAIT_MS });
    const waiting = await confirmer.page.locator(`#game-${game}`).innerText();
    check(waiting.includes('waiting for the director'), waiting);
    if (game === 12) {
      // Sent is not recorded: the page does not say the games are in.
      const page = await confirmer.page.locator('section.next').innerText();
      check(page.includes('Every game is sent: the desk records them.'), page);
      await screenshot(confirmer, 'phone-pending.png');
    }
    if (game === 11) {
      // Eleven lines wait for the director: the next game is still at the
      // top of the screen, the lines one short row each below it.
      await visit(enterer, ctx.tableUrl);
      const top = await enterer.page.locator('section.next').evaluate(e => e.getBoundingClientRect().top);
      check(top < PHONE.viewport.height / 4, `the next game's box starts ${top} px down`);
      const enter = await enterer.page.getByRole('link', { name: 'Enter game 12', exact: true })
        .evaluate(e => e.getBoundingClientRect().bottom);
      check(enter <= PHONE.viewport.height, `"Enter game 12" is ${enter} px down, off the screen`);
      await screenshot(enterer, 'phone-waiting.png');
      await checkFitsWidth(enterer, 'the page with eleven lines waiting');
    }
  }
  equal(enterer.refused.concat(confirmer.refused), [], 'what the pages\' policy refused');
  // Twelve lines wait; the desk has none of them.
  equal(cliJson(ctx.file, 'show', '1.1').games.filter(g => g.result).length, 0,
        'games recorded before the desk accepts');
  const pending = cliJson(ctx.file, 'pending');
  equal(pending.filter(p => p.chouette === '1.1').length, 12, 'lines waiting for the director');
  for (let game = 1; game <= 12; game++)
    cli(ctx.file, 'accept', '1.1', game);
  const shown = cliJson(ctx.file, 'show', '1.1');
  equal(shown.games.filter(g => g.result).length, 12, 'games recorded once accepted');
  // The phone's totals, as the desk's: the page follows the desk by itself.
  await enterer.page.getByText('All games are entered.').waitFor({ timeout: WAIT_MS });
  const text = await enterer.page.locator('body').innerText();
  // Each player's total as the desk has it (show --json), in the
  // phone's Totals list: "1 (Name): +12.5".
  shown.players.forEach(player => {
    const total = `${player.number} (${player.name}): ${scoreText(shown.totals[String(player.number)])}`;
    check(text.includes(total), `"${total}" is not on the phone's page:\n${text}`);
  });
  // The grid, whole on the phone's screen: game, Box, Captain, the scores
  // and each game's line, nothing to scroll sideways.
  const grid = await enterer.page.locator('div.scroll').evaluate(e => ({
    scroll: e.scrollWidth, client: e.clientWidth,
    heads: [...e.querySelectorAll('thead th')].map(th => th.innerText),
    lines: [...e.querySelectorAll('tr.line')].map(tr => tr.innerText.trim()),
  }));
  check(grid.scroll <= grid.client, `the grid is ${grid.scroll} px wide in ${grid.client}`);
  equal(grid.heads, ['Game', 'Box', 'Captain', '1', '2', '3', '4'], "the grid's headings");
  equal(grid.lines, FOUR_SHEET, "the grid's lines");
  await screenshot(enterer, 'phone-grid.png');
  await enterer.page.close();
  await confirmer.page.close();
}

async function testPostingInPlay (ctx) {
  const phone = await openPhone(ctx.browser);
  await visit(phone, ctx.server.posting);
  const text = await phone.page.locator('body').innerText();
  check(text.includes('Chouette 1.1') && text.includes(SCRIPT_NAME) && text.includes(IMG_NAME),
        text);
  equal(await phone.page.getByRole('row').count(), 0, 'rows of scores while the round is secret');
  await checkNoMarkupFromNames(phone, 'the posting in play');
  await phone.page.close();
}

async function testRoundReleased (ctx) {
  recordRound(ctx.file);
  // advance chooses the top 2 of each chouette, which releases the round.
  cliJson(ctx.file, 'advance', '--top', '2');
  ctx.standings = cliJson(ctx.file, 'standings');
  equal(ctx.standings.length, NAMES.length, 'rows of standings --json');
}

async function testPosting (ctx) {
  const rows = ctx.standings;
  check(rows, 'no standings to post');
  const phone = await openPhone(ctx.browser);
  // The server sees another writer's results: wait for the posting.
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    await visit(phone, ctx.server.posting);
    if ((await phone.page.getByRole('row').count()) > rows.length)
      break;
    check(Date.now() < deadline,
          `no standings posted:\n${await phone.page.locator('body').innerText()}`);
    await phone.page.waitForTimeout(250);
  }
  await checkNamesShown(phone, rows.map(r => r.name), 'the posting');
  for (const row of rows) {
    const line = phone.page.getByRole('row')
      .filter({ has: phone.page.getByText(row.name, { exact: true }) });
    equal(await line.count(), 1, `rows naming ${row.name}`);
    const cells = await line.getByRole('cell').allInnerTexts();
    check(cells.includes(scoreText(row.score)) && cells.some(cell => cell.split(/\s+/).includes(row.chouette)),
          `${row.name}: ${scoreText(row.score)} in ${row.chouette}, ` +
          `the page has ${JSON.stringify(cells)}`);
  }
  await checkNoMarkupFromNames(phone, 'the posting');
  await screenshot(phone, 'phone-standings.png');
  await checkFitsWidth(phone, 'the posting');
  await phone.page.close();
}

// In this order. Games entered through the table's page go after
// testWrongSecret: testRoundReleased records at the desk only the games
// still missing, and testPosting checks what the CLI's standings say.
const STEPS = [testDetectors, testSheetCode, testTablePage, testWrongSecret, testPenaltyPayers,
               testEnterGames,
               testPostingInPlay, testRoundReleased, testPosting];

// ---------------------------------------------------------------------------

async function main () {
  if (!setCliFromArgs())
    return 2;
  const chromium = await loadChromium();
  if (!chromium)
    return summary({ passed: 0, failed: 1 });

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ctd-browser-'));
  const ctx = { folder, file: newEvent(folder) };
  ctx.server = await startServer(ctx.file, cliJson(ctx.file, 'links', '--round', '1').length);
  ctx.browser = await launchBrowser(chromium);
  let run;
  try {
    run = await runSteps(ctx, STEPS);
  } finally {
    await ctx.browser.close();
  }
  const stopped = await runSteps(ctx, [stopServer]);
  fs.rmSync(folder, { recursive: true, force: true });
  return summary(run, stopped);
}

// Never left running: the server dies with the test, the test by its deadline.
process.on('exit', () => { for (const s of servers) s.proc.kill('SIGKILL'); });
runMain(main, DEADLINE_MS);
