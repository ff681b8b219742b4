#!/usr/bin/env node
// Measures, in Debian's Chromium, the time from clicking LOGIN to a filled home dashboard: the live
// counters shown; the first screen filled (every panel and chart in the 1440x1000 viewport answered and
// drawn); every panel filled (also the charts below the fold, which draw when the browser is idle).
// Prints figures only; it sets no threshold.
//
//   CONSOLE_URL=http://localhost:3000 [BENCH_USER=admin] [BENCH_PASSWORD=...] [BENCH_RUNS=5] \
//     node tools/bench/dashboard-load.mjs
//
// The server is whatever runs at CONSOLE_URL (start it with FLEET_SIZE=100000 for the figure).
// Each run uses a fresh browser context: cold cache, as a staff member's very first sign-in.
// BENCH_WARM=1 measures a returning staff member instead: one browser profile whose HTTP cache and V8
// code cache were filled by two earlier sign-ins (Chromium keeps compiled code for a script from its
// second load on), signed out between runs.
// BENCH_CPU_SLOWDOWN=2 has Chromium run the page's main thread twice as slowly (CDP CPU throttling):
// this machine's speed swings up to threefold across a day, and a slowdown measures the console as it
// would be in a slow hour, whatever the hour (the server is not slowed, nor are V8's background threads:
// check a change that moves work off the main thread at 1x too).
// To compare two builds on one server, see dashboard-ab.mjs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { benchSettings, launchOptions, median, MILESTONES, signIn, viewport } from './sign-in.mjs';

const { url, username, password, runs, slowdown } = benchSettings();
const warm = process.env.BENCH_WARM === '1';
const signInOnce = (context) => signIn(context, { url, username, password, slowdown });

const rows = [];
const report = (run, { tokenMs, countersMs, firstScreenMs, filledMs }) => {
  rows.push({ run, tokenMs, countersMs, firstScreenMs, filledMs });
  console.log(
    `run ${run}: token ${tokenMs} ms, counters ${countersMs} ms, first screen filled ${firstScreenMs} ms, every panel filled ${filledMs} ms`,
  );
};
if (warm) {
  const profile = await mkdtemp(join(tmpdir(), 'dashboard-bench-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions(), viewport });
  try {
    await signInOnce(context);
    await signInOnce(context);
    for (let run = 1; run <= runs; run += 1) report(run, await signInOnce(context));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
} else {
  const browser = await chromium.launch(launchOptions());
  try {
    for (let run = 1; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport });
      report(run, await signInOnce(context));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

console.log('');
const slowed = slowdown > 1 ? `, main thread slowed ${slowdown}x` : '';
console.log(
  `Dashboard load at ${url} as ${username}, ${runs} ${warm ? 'warm' : 'cold'} runs${slowed} (median):`,
);
for (const [key, label] of MILESTONES) console.log(`  ${label} ${median(rows.map((row) => row[key]))} ms`);
