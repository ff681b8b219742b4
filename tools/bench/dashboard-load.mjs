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
// would be in a slow hour, whatever the hour (the server is not slowed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const url = (process.env.CONSOLE_URL ?? '').replace(/\/+$/, '');
if (!url) {
  console.error('Set CONSOLE_URL to the running server, e.g. CONSOLE_URL=http://localhost:3000');
  process.exit(1);
}
const username = process.env.BENCH_USER ?? 'admin';
const password = process.env.BENCH_PASSWORD ?? process.env.DEMO_PASSWORD ?? '';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const warm = process.env.BENCH_WARM === '1';
const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
if (!password) {
  console.error('Set BENCH_PASSWORD (or DEMO_PASSWORD) to the password of BENCH_USER.');
  process.exit(1);
}

/**
 * Installed in the page before it loads: notes the LOGIN click's own timestamp, then on every frame
 * notes when each milestone is first reached, all on the page's clock. Timing inside the page leaves
 * out the automation's own delays (Playwright's click is a series of protocol round trips before the
 * click event fires, and every wait is another round trip), which added about 0.3 s to each figure.
 */
function watchMilestones() {
  const marks = {};
  window.__dashboardMilestones = marks;
  const inView = (element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  };
  // A chart's frame is aria-busy until G2 has drawn it (its canvas exists before the drawing is done).
  const drawn = (figure) => figure.getAttribute('aria-busy') === 'false';
  const answered = (panel) => panel.getAttribute('aria-busy') !== 'true';
  const check = () => {
    const now = performance.now();
    const panels = [...document.querySelectorAll('.ant-layout-content [role="region"]')];
    const figures = [...document.querySelectorAll('[role="figure"]')];
    const overlay = document.querySelector('[role="progressbar"][aria-busy="true"]');
    const counters = panels.find((panel) => panel.getAttribute('aria-label') === 'Connected equipment');
    if (marks.counters === undefined && counters && answered(counters) && /\d/.test(counters.textContent ?? '')) {
      marks.counters = now;
    }
    // The first screen: the overlay is gone, every panel and chart in the viewport answered and drawn.
    const panelsInView = panels.filter(inView);
    const figuresInView = figures.filter(inView);
    if (
      marks.firstScreen === undefined &&
      !overlay &&
      panelsInView.length >= 8 &&
      panelsInView.every(answered) &&
      figuresInView.length > 0 &&
      figuresInView.every(drawn)
    ) {
      marks.firstScreen = now;
    }
    // Every panel: 4 counters, trend, services, tickets, top 10, 3 installed-version charts, 3 staged totals.
    if (marks.filled === undefined && !overlay && panels.length >= 14 && panels.every(answered) && figures.length > 0 && figures.every(drawn)) {
      marks.filled = now;
    }
    if (marks.filled === undefined) requestAnimationFrame(check);
  };
  window.addEventListener(
    'click',
    (event) => {
      marks.click = event.timeStamp;
      requestAnimationFrame(check);
    },
    { capture: true, once: true },
  );
}

/** Runs in the page: the milestones relative to the click, and when the token call was answered. */
function milestones() {
  const marks = window.__dashboardMilestones;
  const token = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/auth/token/v1'));
  const since = (time) => Math.round(time - marks.click);
  return {
    tokenMs: token ? since(token.responseEnd) : NaN,
    countersMs: since(marks.counters),
    firstScreenMs: since(marks.firstScreen),
    filledMs: since(marks.filled),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
const viewport = { width: 1440, height: 1000 };

/** Signs in on a fresh page of `context` and answers the milestones; the page is closed signed out. */
async function signIn(context) {
  const page = await context.newPage();
  if (slowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  await page.addInitScript(watchMilestones);
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const tokenAnswered = page.waitForResponse((response) => response.url().endsWith('/auth/token/v1'));
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const token = await tokenAnswered;
  if (token.status() !== 200) throw new Error(`sign-in answered ${token.status()}: check BENCH_USER and BENCH_PASSWORD`);
  await page.waitForFunction(() => window.__dashboardMilestones.filled !== undefined, undefined, { timeout: 60_000 });
  const figures = await page.evaluate(milestones);
  // Signed out as Logout does (it clears the storage), so that the next run starts at the login page.
  await page.evaluate(() => localStorage.clear());
  await page.close();
  return figures;
}

const rows = [];
const report = (run, { tokenMs, countersMs, firstScreenMs, filledMs }) => {
  rows.push({ run, tokenMs, countersMs, firstScreenMs, filledMs });
  console.log(
    `run ${run}: token ${tokenMs} ms, counters ${countersMs} ms, first screen filled ${firstScreenMs} ms, every panel filled ${filledMs} ms`,
  );
};
if (warm) {
  const profile = await mkdtemp(join(tmpdir(), 'dashboard-bench-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, args: launchArgs, viewport });
  try {
    await signIn(context);
    await signIn(context);
    for (let run = 1; run <= runs; run += 1) report(run, await signIn(context));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
} else {
  const browser = await chromium.launch({ executablePath, args: launchArgs });
  try {
    for (let run = 1; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport });
      report(run, await signIn(context));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

console.log('');
const slowed = slowdown > 1 ? `, main thread slowed ${slowdown}x` : '';
console.log(`Dashboard load at ${url} as ${username}, ${runs} ${warm ? 'warm' : 'cold'} runs${slowed} (median):`);
console.log(`  LOGIN click -> token answered:       ${median(rows.map((r) => r.tokenMs))} ms`);
console.log(`  LOGIN click -> live counters shown:  ${median(rows.map((r) => r.countersMs))} ms`);
console.log(`  LOGIN click -> first screen filled:  ${median(rows.map((r) => r.firstScreenMs))} ms`);
console.log(`  LOGIN click -> every panel filled:   ${median(rows.map((r) => r.filledMs))} ms`);
