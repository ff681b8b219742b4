// `npm test`: lint, typecheck, every project's jest tests, and the Chromium end-to-end suite.
// Ends with one line `N passed, N failed` that adds up every runner (lint and typecheck count one
// check per project), and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const results = join(root, 'tmp/test-results');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

let passed = 0;
let failed = 0;
const failures = [];

const stages = [];

function run(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = (Date.now() - started) / 1000;
  stages.push([title, seconds]);
  console.log(`=== ${title}: ${seconds.toFixed(0)} s`);
  return res.status ?? 1;
}

function projectsWith(target) {
  const res = spawnSync(bin('nx'), ['show', 'projects', '--with-target', target, '--json'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return JSON.parse(res.stdout || '[]');
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

ensureChromium();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// 1. Lint and typecheck: one check per project and target.
for (const target of ['lint', 'typecheck']) {
  const projects = projectsWith(target);
  const code = run(`${target} (${projects.join(', ')})`, bin('nx'), ['run-many', '-t', target, '--output-style=static']);
  if (code === 0) passed += projects.length;
  else {
    // Re-ask each project alone (from cache when it passed) to count exactly which failed.
    for (const project of projects) {
      const one = spawnSync(bin('nx'), ['run', `${project}:${target}`, '--output-style=static'], { cwd: root, env, stdio: 'ignore' });
      if (one.status === 0) passed += 1;
      else {
        failed += 1;
        failures.push(`${project}:${target}`);
      }
    }
  }
}

// 2. Build the console and the server: the end-to-end suite and the multi-process suites run them.
const buildCode = run('build (console, fleet-sim)', bin('nx'), ['run-many', '-t', 'build', '-p', 'console', 'fleet-sim', '--output-style=static']);

// 3. Unit and integration tests of every project, in one jest run. Say plainly what is left out.
const leftOut = [];
if (!process.env.DATABASE_URL) leftOut.push('the fleet-sim suites on PostgreSQL (set DATABASE_URL; .ci/run does)');
if (!process.env.REDIS_URL || !process.env.DATABASE_URL) {
  leftOut.push('the socket.io Redis adapter suite (set REDIS_URL and DATABASE_URL; .ci/run does)');
}
for (const suite of leftOut) console.log(`left out: ${suite}`);
const jestOut = join(results, 'jest.json');
// PGlite loads parts of itself with dynamic import(), which jest's VM allows only with this flag.
run('jest (unit and integration)', process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  bin('jest'),
  '--ci',
  '--json',
  `--outputFile=${jestOut}`,
]);
const jest = readJson(jestOut);
if (!jest) {
  failed += 1;
  failures.push('jest did not report');
} else {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  if (jest.numPendingTests || jest.numTodoTests) {
    console.log(`jest: ${jest.numPendingTests + jest.numTodoTests} tests skipped (see above for which and why)`);
  }
  for (const suite of jest.testResults) {
    if (suite.status === 'failed') failures.push(suite.name.replace(`${root}/`, ''));
  }
}

// 4. End-to-end in Debian's Chromium against the built console and server.
if (buildCode !== 0) {
  failed += 1;
  failures.push('build');
} else {
  const e2eOut = join(results, 'e2e.json');
  run('console-e2e (Chromium)', bin('playwright'), ['test', '-c', 'apps/console-e2e/playwright.config.ts'], {
    CI_JSON_REPORT: e2eOut,
  });
  const e2e = readJson(e2eOut);
  if (!e2e) {
    failed += 1;
    failures.push('playwright did not report');
  } else {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    if (e2e.stats.skipped) console.log(`console-e2e: ${e2e.stats.skipped} tests skipped`);
    if (e2e.errors?.length) {
      failed += 1;
      failures.push('console-e2e setup');
    }
  }
}

console.log('\nTime of each stage:');
for (const [title, seconds] of stages) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${title}`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const suite of leftOut) console.log(`left out: ${suite}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
