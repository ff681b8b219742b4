#!/usr/bin/env node
// Measures, in Debian's Chromium, the time from clicking LOGIN to a filled home dashboard: every
// panel answered (no card still loading), the live counters shown and every chart drawn (or showing
// its empty state). Prints figures only; it sets no threshold.
//
//   CONSOLE_URL=http://localhost:3000 [BENCH_USER=admin] [BENCH_PASSWORD=...] [BENCH_RUNS=5] \
//     node tools/bench/dashboard-load.mjs
//
// The server is whatever runs at CONSOLE_URL (start it with FLEET_SIZE=100000 for the figure).
// Each run uses a fresh browser context: cold cache, as a staff member's first sign-in of the day.
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
if (!password) {
  console.error('Set BENCH_PASSWORD (or DEMO_PASSWORD) to the password of BENCH_USER.');
  process.exit(1);
}

/** Runs in the page: true once every dashboard panel is filled. */
function dashboardFilled() {
  const panels = [...document.querySelectorAll('main [role="region"], .ant-layout-content [role="region"]')];
  // 4 counters, trend, services, tickets, top 10, 3 installed-version charts, 3 staged totals.
  if (panels.length < 14) return false;
  if (panels.some((panel) => panel.getAttribute('aria-busy') === 'true')) return false;
  const figures = [...document.querySelectorAll('[role="figure"]')];
  if (figures.length === 0) return false;
  return figures.every((figure) => figure.querySelector('canvas') || figure.querySelector('.ant-empty'));
}

/** Runs in the page: true once the counters panel shows a number. */
function countersShown() {
  const panel = document.querySelector('[role="region"][aria-label="Connected equipment"]');
  return Boolean(panel && panel.getAttribute('aria-busy') !== 'true' && /\d/.test(panel.textContent ?? ''));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    const tokenAnswered = page.waitForResponse((response) => response.url().endsWith('/auth/token/v1'));
    const start = Date.now();
    await page.getByRole('button', { name: 'LOGIN' }).click();
    const token = await tokenAnswered;
    const tokenMs = Date.now() - start;
    if (token.status() !== 200) throw new Error(`sign-in answered ${token.status()}: check BENCH_USER and BENCH_PASSWORD`);
    await page.waitForFunction(countersShown, undefined, { timeout: 60_000, polling: 'raf' });
    const countersMs = Date.now() - start;
    await page.waitForFunction(dashboardFilled, undefined, { timeout: 60_000, polling: 'raf' });
    const filledMs = Date.now() - start;
    rows.push({ run, tokenMs, countersMs, filledMs });
    console.log(`run ${run}: token ${tokenMs} ms, counters ${countersMs} ms, every panel filled ${filledMs} ms`);
    await context.close();
  }
} finally {
  await browser.close();
}

console.log('');
console.log(`Dashboard load at ${url} as ${username}, ${runs} cold runs (median):`);
console.log(`  LOGIN click -> token answered:       ${median(rows.map((r) => r.tokenMs))} ms`);
console.log(`  LOGIN click -> live counters shown:  ${median(rows.map((r) => r.countersMs))} ms`);
console.log(`  LOGIN click -> every panel filled:   ${median(rows.map((r) => r.filledMs))} ms`);
