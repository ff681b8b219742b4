#!/usr/bin/env node
// Prints the gzip size of the JavaScript that /login loads, from the Vite manifest of a finished
// console build (`npx nx run console:build`; this script builds nothing). /login loads the entry
// chunk and its static imports (index.html preloads them), then the login screen's lazy chunk and its
// static imports. The script also says whether the charts chunk is among them (it must not be), and
// what the dashboard adds on top. Figures only: it sets no threshold and always exits 0 when the
// build is there.
//
//   node tools/bench/console-bundle.mjs [dist/apps/console]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist/apps/console');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: run \`npx nx run console:build\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const LOGIN_SOURCE = 'src/features/auth/login-page.tsx';
// What a sign-in fetches before the dashboard shows: the live channel, the shell and the first screen.
const DASHBOARD_SOURCES = [
  'src/app/live/live-runtime.ts',
  'src/app/shell/signed-in-layout.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];
const CHARTS_SOURCE = 'src/shared/charts/charts.tsx';

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
for (const key of [LOGIN_SOURCE, CHARTS_SOURCE, ...DASHBOARD_SOURCES]) {
  if (!manifest[key]) throw new Error(`The manifest has no chunk for ${key}: did the layout change?`);
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    staticClosure(manifest[key].imports ?? [], into);
  }
  return into;
}

const sizes = new Map();
function sizeOf(key) {
  if (!sizes.has(key)) {
    const bytes = readFileSync(join(dist, manifest[key].file));
    sizes.set(key, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(key);
}
const kb = (n) => (n / 1024).toFixed(1);
const total = (keys) =>
  [...keys].reduce((sum, key) => ({ raw: sum.raw + sizeOf(key).raw, gzip: sum.gzip + sizeOf(key).gzip }), {
    raw: 0,
    gzip: 0,
  });

const entryOnly = staticClosure([entryKey]);
const login = staticClosure([LOGIN_SOURCE], new Set(entryOnly));
const dashboard = staticClosure(DASHBOARD_SOURCES, new Set(login));
const chartsChunk = staticClosure([CHARTS_SOURCE]);

console.log(`Console bundle (${dist})`);
console.log('');
console.log('JavaScript loaded by /login (gzip level 9):');
for (const key of [...login].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  const { raw, gzip } = sizeOf(key);
  console.log(
    `  ${manifest[key].file.padEnd(48)} ${kb(raw).padStart(8)} KB  ${kb(gzip).padStart(7)} KB gzip`,
  );
}
const entryTotal = total(entryOnly);
const loginTotal = total(login);
console.log('');
console.log(
  `  entry chunk + static imports:        ${kb(entryTotal.gzip).padStart(7)} KB gzip (${kb(entryTotal.raw)} KB raw)`,
);
console.log(
  `  + login screen chunk and its imports: ${kb(loginTotal.gzip).padStart(7)} KB gzip (${kb(loginTotal.raw)} KB raw)`,
);
console.log(
  `  charts chunk (${manifest[CHARTS_SOURCE].file}) loaded by /login: ${login.has(CHARTS_SOURCE) ? 'YES' : 'no'}`,
);
console.log('');
const dashboardKeys = [...dashboard].filter((key) => !login.has(key));
const chartsKeys = [...chartsChunk].filter((key) => !dashboard.has(key));
// The number of files matters as much as their size: a browser fetches at most six at once from one server.
const files = (keys) => `${keys.length} file${keys.length === 1 ? '' : 's'}`;
console.log(
  `Added by the live channel, the shell and the dashboard: ${kb(total(dashboardKeys).gzip)} KB gzip in ${files(dashboardKeys)}`,
);
console.log(
  `Added by the charts chunk when the first chart draws: ${kb(total(chartsKeys).gzip)} KB gzip in ${files(chartsKeys)}`,
);
