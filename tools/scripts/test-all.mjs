// `npm test`: lint, typecheck, every project's jest tests, and the Chromium end-to-end suite.
// Ends with one line `N passed, N failed` that adds up every runner (lint and typecheck count one
// check per project), and exits non-zero on any failure. Prints the time of each stage.
//
// Lint, typecheck and the builds run in one Nx run (three tasks at a time); then jest, then the browser suite.
// Jest and the browser suite side by side, or jest on two workers, starved each other on two cores (console
// tests past their timeouts, 38 suites in 16 minutes): TEST_JEST_WORKERS tries more workers on a bigger machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const results = join(root, 'tmp/test-results');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
const JEST_WORKERS = process.env.TEST_JEST_WORKERS ?? '1';

let passed = 0;
let failed = 0;
const failures = [];
const stages = [];

function timed(title, started) {
  const seconds = (Date.now() - started) / 1000;
  stages.push([title, seconds]);
  console.log(`=== ${title}: ${seconds.toFixed(0)} s`);
}

/** Runs a command with its output on this terminal; resolves to its exit code. */
function run(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
    child.on('close', (code) => {
      timed(title, started);
      resolve(code ?? 1);
    });
  });
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

/** Counts each project's lint and typecheck as one check; after a failed Nx run, asks each alone (from cache when it passed). */
function countChecks(code, targets) {
  for (const target of targets) {
    for (const project of projectsWith(target)) {
      const ok =
        code === 0 ||
        spawnSync(bin('nx'), ['run', `${project}:${target}`, '--output-style=static'], { cwd: root, env, stdio: 'ignore' }).status === 0;
      if (ok) passed += 1;
      else {
        failed += 1;
        failures.push(`${project}:${target}`);
      }
    }
  }
}

ensureChromium();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// 1. Lint and typecheck (one check per project and target), and the console's and the server's builds that
//    the end-to-end suite and the multi-process suites run.
const checks = ['lint', 'typecheck'];
const checksCode = await run('lint, typecheck, build', bin('nx'), [
  'run-many',
  '-t',
  ...checks,
  'build',
  '--parallel=3',
  '--output-style=static',
]);
countChecks(checksCode, checks);
const buildCode = checksCode === 0 ? 0 : spawnSync(bin('nx'), ['run-many', '-t', 'build', '-p', 'console', 'fleet-sim'], { cwd: root, env, stdio: 'ignore' }).status;

// 2. Unit and integration tests of every project in one jest run, then the browser suite.
const leftOut = [];
if (!process.env.DATABASE_URL) leftOut.push('the fleet-sim suites on PostgreSQL (set DATABASE_URL; .ci/run does)');
if (!process.env.REDIS_URL || !process.env.DATABASE_URL) {
  leftOut.push('the socket.io Redis adapter suite (set REDIS_URL and DATABASE_URL; .ci/run does)');
}
for (const suite of leftOut) console.log(`left out: ${suite}`);
const jestOut = join(results, 'jest.json');
const e2eOut = join(results, 'e2e.json');
// PGlite loads parts of itself with dynamic import(), which jest's VM allows only with this flag.
await run('jest (unit and integration)', process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  bin('jest'),
  '--ci',
  `--maxWorkers=${JEST_WORKERS}`,
  '--json',
  `--outputFile=${jestOut}`,
]);
const e2eCode =
  buildCode === 0
    ? await run('console-e2e (Chromium)', bin('playwright'), ['test', '-c', 'apps/console-e2e/playwright.config.ts'], {
        CI_JSON_REPORT: e2eOut,
      })
    : null;

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

if (e2eCode === null) {
  failed += 1;
  failures.push('build');
} else {
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
