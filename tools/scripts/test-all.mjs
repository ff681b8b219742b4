// `npm test`: lint, typecheck, the Prettier format check, every project's jest tests, and the Chromium end-to-end suite.
// Ends with one line `N passed, N failed` that adds up every runner (lint and typecheck count one
// check per project), and exits non-zero on any failure. Prints the time of each stage.
//
// Stages, for two cores: lint, typecheck and the builds in one Nx run (three tasks at a time); then the server's and
// the libraries' jest suites (one worker) side by side with the browser suite, both of which spend much of their
// time waiting on a server, PostgreSQL or the browser; then the console's jsdom suites, which only compute, on every
// core. (All of jest side by side with the browser suite starved the console suites past their timeouts.)
// TEST_CONSOLE_WORKERS sets the console stage's workers (default: the cores).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const results = join(root, 'tmp/test-results');
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};
const CONSOLE_WORKERS = process.env.TEST_CONSOLE_WORKERS ?? String(availableParallelism());

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
        spawnSync(bin('nx'), ['run', `${project}:${target}`, '--output-style=static'], {
          cwd: root,
          env,
          stdio: 'ignore',
        }).status === 0;
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
// The repository's style, as .prettierrc sets it: one check.
const formatCode = spawnSync(bin('prettier'), ['--check', '.', '--log-level', 'warn'], {
  cwd: root,
  env,
  stdio: 'inherit',
}).status;
if (formatCode === 0) passed += 1;
else {
  failed += 1;
  failures.push('prettier --check (run `npm run format`)');
}
const buildCode =
  checksCode === 0
    ? 0
    : spawnSync(bin('nx'), ['run-many', '-t', 'build', '-p', 'console', 'fleet-sim'], {
        cwd: root,
        env,
        stdio: 'ignore',
      }).status;

// 2. The server and library suites side by side with the browser suite, then the console suites (see the top).
const leftOut = [];
if (!process.env.DATABASE_URL)
  leftOut.push('the fleet-sim suites on PostgreSQL (set DATABASE_URL; .ci/run does)');
if (!process.env.REDIS_URL || !process.env.DATABASE_URL) {
  leftOut.push('the socket.io Redis adapter suite (set REDIS_URL and DATABASE_URL; .ci/run does)');
}
for (const suite of leftOut) console.log(`left out: ${suite}`);
const e2eOut = join(results, 'e2e.json');
// PGlite loads parts of itself with dynamic import(), which jest's VM allows only with this flag.
const jestRun = (title, out, args) =>
  run(title, process.execPath, [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    bin('jest'),
    '--ci',
    '--json',
    `--outputFile=${out}`,
    ...args,
  ]);
const SERVER_WORKER_MEMORY = '1.5GB';
const serverOut = join(results, 'jest-server.json');
const consoleOut = join(results, 'jest-console.json');
const started = Date.now();
const [, e2eCode] = await Promise.all([
  // One worker process, replaced once it holds more than SERVER_WORKER_MEMORY after a file: run in jest's own process
  // (what one worker means otherwise), the embedded stores that the suites' servers leave behind added up to 4 GB
  // by mid-run, and in CI a PGlite opened near the end failed.
  jestRun('jest: server and libraries', serverOut, [
    '--maxWorkers=1',
    `--workerIdleMemoryLimit=${SERVER_WORKER_MEMORY}`,
    '--ignoreProjects',
    'console',
  ]),
  buildCode === 0
    ? run(
        'console-e2e (Chromium)',
        bin('playwright'),
        ['test', '-c', 'apps/console-e2e/playwright.config.ts'],
        { CI_JSON_REPORT: e2eOut },
      )
    : Promise.resolve(null),
]);
timed('server suites and browser suite, side by side', started);
await jestRun('jest: console', consoleOut, [
  `--maxWorkers=${CONSOLE_WORKERS}`,
  '--selectProjects',
  'console',
]);

// The last lines CI shows are the summary: each failed test's first lines go there too, so that a failure seen only
// in CI's tail says why.
const whyFailed = [];
const firstLines = (text, n = 12) =>
  text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, n)
    .map((line) => `    ${line}`);
function failureLines(suite) {
  const name = suite.name.replace(`${root}/`, '');
  const failedTests = suite.assertionResults.filter((t) => t.status === 'failed');
  if (!failedTests.length) return [`  ${name}`, ...firstLines(suite.message ?? '')];
  return failedTests.flatMap((t) => [
    `  ${name} > ${t.fullName}`,
    ...firstLines(t.failureMessages.join('\n')),
  ]);
}
/** Playwright's JSON report: the title and first error of every test whose outcome was unexpected. */
function unexpectedE2e(suites, titles = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => [
          [...titles, suite.title, spec.title].filter(Boolean).join(' > '),
          t.results.at(-1)?.error?.message ?? '',
        ]),
    ),
    ...unexpectedE2e(suite.suites ?? [], [...titles, suite.title]),
  ]);
}
for (const [name, out] of [
  ['jest (server and libraries)', serverOut],
  ['jest (console)', consoleOut],
]) {
  const jest = readJson(out);
  if (!jest) {
    failed += 1;
    failures.push(`${name} did not report`);
    continue;
  }
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  if (jest.numPendingTests || jest.numTodoTests) {
    console.log(
      `${name}: ${jest.numPendingTests + jest.numTodoTests} tests skipped (see above for which and why)`,
    );
  }
  for (const suite of jest.testResults) {
    if (suite.status === 'failed') {
      failures.push(suite.name.replace(`${root}/`, ''));
      whyFailed.push(...failureLines(suite));
    }
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
    for (const [title, error] of unexpectedE2e(e2e.suites ?? [])) {
      failures.push(`console-e2e: ${title}`);
      whyFailed.push(`  console-e2e > ${title}`, ...firstLines(error));
    }
    if (e2e.stats.skipped) console.log(`console-e2e: ${e2e.stats.skipped} tests skipped`);
    if (e2e.errors?.length) {
      failed += 1;
      failures.push('console-e2e setup');
      whyFailed.push('  console-e2e setup', ...firstLines(e2e.errors.map((e) => e.message ?? '').join('\n')));
    }
  }
}

console.log('\nTime of each stage:');
for (const [title, seconds] of stages) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${title}`);
if (whyFailed.length) console.log(`\nWhy (the first lines of each failure):\n${whyFailed.join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const suite of leftOut) console.log(`left out: ${suite}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
