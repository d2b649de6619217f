// ctd-browser.mjs: what the browser tests (test-browser-*.mjs) share.
//
// Copyright 2026 The Chouette TD authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Each browser test makes its event with chouette-td-cli, drives Debian's
// chromium (/usr/bin/chromium) through playwright-core (tests/package.json,
// `npm ci` in tests/) and runs its steps in order, each counted, to the
// last line "N passed, N failed"; a deadline stops it by itself. Here are
// the checks, the command line, the browser, the run of the steps and
// that deadline, once: each test keeps its own steps.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true,
                       hasTouch: true };
// The 4-player sheet of tests/ctdtest.py (FOUR_SHEET) as phones send it,
// without the director's adjustments of games 5 and 9 (a phone sends no
// A:): 12 games whose totals are -59, +2.5, +28.5, +28.
export const FOUR_SHEET = [
  'T', 'B 3:4', 'Bg 2:8 3:4- 4:4+', '- 1:2- 3:1- 4:1-',
  'Tb 1:2- 3:4 4:2- E:1>3:8', 'B 1:w 3:16 F:1>2:2', 'T 1:2 2:1+ 4:4 !T', 'Tg',
  'Bg 1:8 2:4- 4:4- E:4>1:8+', 'B 1:2 2:1- F:2>3:0.5', 'T 2:8 3:4-', 'Bb 1:16 3:8+',
];
// The longest wait for one thing: a page, a server's links, the browser.
export const WAIT_MS = 20_000;

// ---------------------------------------------------------------------------
// Checks: a failed one fails its step, with what was expected

export class Failure extends Error {}

export function check (condition, message) {
  if (!condition)
    throw new Failure(message);
}

export function equal (actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e)
    throw new Failure(`${what}: expected ${e}, got ${a}`);
}

// ---------------------------------------------------------------------------
// The event, through the command line

let CLI = null;

// Takes chouette-td-cli from the test's arguments; false, after the
// usage line, when they do not name it.
export function setCliFromArgs () {
  if (process.argv.length < 3 || !fs.existsSync(process.argv[2])) {
    console.error(`usage: ${path.basename(process.argv[1])} PATH/TO/chouette-td-cli`);
    return false;
  }
  CLI = path.resolve(process.argv[2]);
  return true;
}

// The command line's path, for a test that starts it itself (serve).
export function cliPath () {
  return CLI;
}

// Runs chouette-td-cli on @file with @args; returns what it printed.
export function cli (file, ...args) {
  const proc = spawnSync(CLI, [file, ...args.map(String)], { encoding: 'utf8', timeout: 60_000 });
  if (proc.status !== 0)
    throw new Failure(`chouette-td-cli ${args.join(' ')}: exit ${proc.status}\n` +
                      `stdout: ${proc.stdout}\nstderr: ${proc.stderr}`);
  return proc.stdout;
}

// ---------------------------------------------------------------------------
// The browser

// Where the screenshot @name goes: in CTD_SCREENSHOT_DIR, or null when
// it is not set (no screenshot then).
export function shotPath (name) {
  const dir = process.env.CTD_SCREENSHOT_DIR;
  if (!dir)
    return null;
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

// playwright-core's chromium; null, after saying how to install it, when
// tests/node_modules does not have it.
export async function loadChromium () {
  try {
    return (await import('playwright-core')).chromium;
  } catch (error) {
    console.log(`playwright-core is missing (${error.code}): run \`npm ci\` in tests/ ` +
                '(./test.sh does), then this again');
    return null;
  }
}

export function launchBrowser (chromium) {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], timeout: WAIT_MS });
}

// ---------------------------------------------------------------------------
// The run

// Runs @steps in order on @ctx, each counted and named on its own line:
// a failed one does not stop those after it that do not need it.
export async function runSteps (ctx, steps) {
  let passed = 0, failed = 0;
  for (const step of steps) {
    try {
      await step(ctx);
      passed++;
      console.log(`ok   ${step.name}`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${step.name}\n${error.stack}`);
    }
  }
  return { passed, failed };
}

// The last line, "N passed, N failed", over every run of steps; returns
// the test's exit status.
export function summary (...runs) {
  const passed = runs.reduce((n, run) => n + run.passed, 0);
  const failed = runs.reduce((n, run) => n + run.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

// Runs the test's @main and exits with its status; a test still running
// after @deadlineMs fails and exits, never left hanging.
export function runMain (main, deadlineMs) {
  setTimeout(() => {
    console.log(`FAIL: still running after ${deadlineMs / 1000} s\n0 passed, 1 failed`);
    process.exit(1);
  }, deadlineMs).unref();
  main().then(status => process.exit(status), error => {
    console.log(`FAIL ${error.stack}\n0 passed, 1 failed`);
    process.exit(1);
  });
}
