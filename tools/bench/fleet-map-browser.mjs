// The Fleet Map in Chromium at 1440x900 (docs/performance.md, issue 39: the world drawn <= 500 ms after its data, a
// drill-down <= 300 ms). Starts the built server (embedded PGlite, a fresh data folder, BENCH_UNITS units: 5,000),
// signs in, opens /Map BENCH_ROUNDS times (5) in a fresh page with a warm browser cache, and prints, from the page's
// own clock: the world's data arriving (the map call's responseEnd) to the countries drawn (the first frame that holds
// them); and a click on the first country's drill button to its regions drawn (the call and the drawing). Prints
// figures only.
//
//   npx nx run console:build && npx nx run fleet-sim:build
//   node tools/bench/fleet-map-browser.mjs
//   BENCH_SCREENSHOT=tmp ...   also saves the last round's world and regions as PNG files in that folder
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import * as bench from './bench-processes.mjs';

const root = resolve(import.meta.dirname, '../..');
const units = process.env.BENCH_UNITS ?? '5000';
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const password = 'bench-password-123';
const port = 39000 + Math.floor(Math.random() * 1000);
const url = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-map-browser-'));
const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
const server = spawn(process.execPath, [join(root, 'dist/apps/fleet-sim/main.cjs')], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
    FLEET_SIZE: units,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await bench.sleep(250);
  }
  const token = await bench.tokenAnswer(url, password);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((stored) => localStorage.setItem('user-token', stored), JSON.stringify(token));
  const world = [];
  const drills = [];
  for (let round = 0; round <= rounds; round++) {
    const page = await context.newPage();
    // The page notes when the countries and the regions are first drawn, on its own clock.
    await page.addInitScript(() => {
      const marks = (window.__mapMarks = {});
      new MutationObserver(() => {
        const now = performance.now();
        if (!marks.world && document.querySelector('[data-country]'))
          requestAnimationFrame(() => (marks.world = performance.now() || now));
        if (!marks.regions && document.querySelector('[data-place]'))
          requestAnimationFrame(() => (marks.regions = performance.now() || now));
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${url}/Map`);
    await page.waitForFunction(() => window.__mapMarks.world);
    const drawn = await page.evaluate(() => {
      const call = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/read/fleet_map/v1'));
      return window.__mapMarks.world - call.responseEnd;
    });
    if (round === rounds && process.env.BENCH_SCREENSHOT)
      await page.screenshot({ path: join(process.env.BENCH_SCREENSHOT, 'fleet-map-world.png') });
    const button = page.getByRole('table', { name: 'Places' }).getByRole('button').first();
    const clickedAt = await button.evaluate((el) => {
      const at = performance.now();
      el.click();
      return at;
    });
    await page.waitForFunction(() => window.__mapMarks.regions);
    const drill = await page.evaluate((at) => window.__mapMarks.regions - at, clickedAt);
    if (round === rounds && process.env.BENCH_SCREENSHOT)
      await page.screenshot({ path: join(process.env.BENCH_SCREENSHOT, 'fleet-map-regions.png') });
    // The first round fills the browser's cache (the map's chunk): the figures are the warm rounds.
    if (round > 0) {
      world.push(drawn);
      drills.push(drill);
    }
    await page.close();
  }
  await browser.close();
  const show = (label, values) =>
    console.log(
      `${label.padEnd(58)} p50 ${pct(values, 50).toFixed(0).padStart(4)} ms  max ${Math.max(...values)
        .toFixed(0)
        .padStart(4)} ms`,
    );
  console.log(`\nFleet Map in Chromium 1440x900, ${units} units, ${rounds} warm rounds`);
  show('the world: data in -> countries drawn', world);
  show('drill-down: click on a country -> its regions drawn', drills);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
