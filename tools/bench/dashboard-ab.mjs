#!/usr/bin/env node
// Compares two console builds on one server: cold sign-ins alternating between them (A B, B A, A B ...),
// each timed as dashboard-load.mjs times it, then the medians side by side. Two servers side by side
// disagree by more than most changes measure, and the server's state drifts across minutes: one server,
// interleaved runs. Prints figures only.
//
// Each build is served by the server itself under its own path, so that its chunks come as they would
// (intercepting every chunk request in the browser adds a round trip per file):
//
//   DIR=$(mktemp -d) && cp -r dist/apps/console/. $DIR                  # any build at the root
//   npx vite build --config apps/console/vite.config.mts --outDir $DIR/a --base /a/     # at commit A
//   npx vite build --config apps/console/vite.config.mts --outDir $DIR/b --base /b/     # at commit B
//   CONSOLE_DIR=$DIR PORT=3901 DATA_DIR=... DEMO_PASSWORD=... FLEET_SIZE=100000 node dist/apps/fleet-sim/main.cjs &
//   CONSOLE_URL=http://localhost:3901 BENCH_PASSWORD=... BENCH_A=$DIR/a BENCH_B=$DIR/b [BENCH_RUNS=12] \
//     [BENCH_CPU_SLOWDOWN=2] node tools/bench/dashboard-ab.mjs
//
// The page's document (every navigation) is answered with the build's own index.html, which loads the
// build's chunks from its path; the calls go to the server as usual.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { benchSettings, launchOptions, median, MILESTONES, signIn, viewport } from './sign-in.mjs';

const { url, username, password, runs, slowdown } = benchSettings();
const builds = { A: process.env.BENCH_A, B: process.env.BENCH_B };
if (!builds.A || !builds.B) {
  console.error(
    'Set BENCH_A and BENCH_B to two builds made with --base /a/ and --base /b/ inside the CONSOLE_DIR of the server.',
  );
  process.exit(1);
}
const documents = {
  A: await readFile(join(builds.A, 'index.html')),
  B: await readFile(join(builds.B, 'index.html')),
};

// Only the document is intercepted, through CDP with a pattern for documents: Playwright's page.route
// pauses every request of the page once any route is set (a round trip to this process per chunk and
// per call), which slowed every sign-in by about 0.1 s and distorted any change in the number or the
// timing of requests.
const serveDocument = (build) => async (page) => {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId }) =>
    cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: 200,
      responseHeaders: [{ name: 'Content-Type', value: 'text/html' }],
      body: documents[build].toString('base64'),
    }),
  );
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }],
  });
};

const rows = { A: [], B: [] };
const browser = await chromium.launch(launchOptions());
try {
  for (let run = 1; run <= runs; run += 1) {
    for (const build of run % 2 ? ['A', 'B'] : ['B', 'A']) {
      const context = await browser.newContext({ viewport });
      const figures = await signIn(context, {
        url,
        username,
        password,
        slowdown,
        prepare: serveDocument(build),
      });
      await context.close();
      rows[build].push(figures);
      console.log(
        `run ${run} ${build}: token ${figures.tokenMs} ms, counters ${figures.countersMs} ms, first screen ${figures.firstScreenMs} ms, every panel ${figures.filledMs} ms`,
      );
    }
  }
} finally {
  await browser.close();
}

console.log('');
const slowed = slowdown > 1 ? `, main thread slowed ${slowdown}x` : '';
console.log(
  `Dashboard load at ${url} as ${username}, ${runs} cold runs of each build${slowed} (median, A vs B):`,
);
for (const [key, label] of MILESTONES) {
  console.log(`  ${label} ${median(rows.A.map((r) => r[key]))} vs ${median(rows.B.map((r) => r[key]))} ms`);
}
console.log(`  A = ${builds.A}, B = ${builds.B}`);
