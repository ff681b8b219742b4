// Builds libs/domain as a publishable ES module: one bundled index.js (semver and dayjs stay
// external), type declarations from tsc, and the package manifest, serial-prefix schema and sample table
// beside them. Then it proves the output works for a consumer outside the monorepo:
//   1. the declarations' relative imports get explicit `.js` extensions (tsc keeps the extensionless
//      specifiers of the source, which `"moduleResolution": "node16"` cannot resolve);
//   2. a consumer compiled with module/moduleResolution node16 type-checks against the package;
//   3. a plain Node ESM script imports the package by name and gets right answers.
// Any failure fails the build.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { bundleInto, repoRoot as root } from './build-common.mjs';

const lib = join(root, 'libs/domain');
const out = join(root, 'dist/libs/domain');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

await bundleInto(out, {
  entryPoints: [join(lib, 'src/index.ts')],
  outfile: join(out, 'index.js'),
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['semver', 'semver/*', 'dayjs', 'dayjs/*'],
});

execFileSync(process.execPath, [tsc, '-p', join(lib, 'tsconfig.lib.json')], { stdio: 'inherit' });

copyFileSync(join(lib, 'package.json'), join(out, 'package.json'));
for (const file of ['serial-prefixes.schema.json', 'serial-prefixes.sample.json']) {
  copyFileSync(join(lib, 'src/serial', file), join(out, file));
}

// 1. Give every relative specifier in the declarations the extension node16 resolution needs.
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
function* declarationFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* declarationFiles(path);
    else if (name.endsWith('.d.ts')) yield path;
  }
}
for (const file of declarationFiles(out)) {
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(SPECIFIER, (_match, lead, quote, specifier) => {
    const target = resolve(dirname(file), specifier);
    let fixed;
    if (/\.(js|json)$/.test(specifier)) fixed = specifier;
    else if (existsSync(`${target}.d.ts`)) fixed = `${specifier}.js`;
    else if (existsSync(join(target, 'index.d.ts'))) fixed = `${specifier}/index.js`;
    else throw new Error(`${relative(root, file)}: cannot resolve declaration import '${specifier}'`);
    return `${lead}${quote}${fixed}${quote}`;
  });
  if (rewritten !== text) writeFileSync(file, rewritten);
}

// 2 and 3. A consumer outside the monorepo: the package is linked into a temporary node_modules.
const consumer = mkdtempSync(join(tmpdir(), 'domain-consumer-'));
try {
  const linked = join(consumer, 'node_modules/@equipment-dashboard/domain');
  mkdirSync(dirname(linked), { recursive: true });
  symlinkSync(out, linked, 'dir');
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'domain-consumer', private: true, type: 'module' }),
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        lib: ['es2023'],
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['consumer.mts'],
    }),
  );
  writeFileSync(
    join(consumer, 'consumer.mts'),
    `import {
  can,
  compareVersions,
  decodeSerial,
  parseSerialPrefixTable,
  unitCapabilities,
  type DecodedSerial,
  type Permission,
  type SerialPrefixTable,
  type UnitCapabilities,
} from '@equipment-dashboard/domain';
const decoded: DecodedSerial = decodeSerial('AXACQ1234');
const order: number = compareVersions('2.10.0', '2.9.0');
const caps: UnitCapabilities = unitCapabilities({ family: 'aligner', version: { semantic: '5.0.0' } }, { aligner: '5.2.0' });
const permission: Permission = 'equipment.openPort';
const table: SerialPrefixTable = parseSerialPrefixTable({ prefixes: [] as unknown[] });
export const checks = [decoded.valid, order, caps.canStage, can('admin', permission), table.length];
`,
  );
  execFileSync(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.json')], { stdio: 'inherit' });

  writeFileSync(
    join(consumer, 'smoke.mjs'),
    `import assert from 'node:assert/strict';
import * as domain from '@equipment-dashboard/domain';
const { decodeSerial, compareVersions, unitCapabilities, can, PERMISSIONS, localTimeFromOffset, parseSerialPrefixTable } = domain;
assert.deepEqual(
  [decodeSerial('axacq1234').valid, decodeSerial('AXACQ1234').month, decodeSerial('AXACQ1234').year],
  [true, 3, 2021],
);
assert.equal(decodeSerial('ZZZCQ1234').model, 'unknown');
assert.equal(compareVersions('2.10.0', '2.9.0'), 1);
assert.equal(compareVersions('5.0.0-beta', '5.0.0'), -1);
const caps = unitCapabilities({ family: 'aligner', version: { semantic: '5.1.0_x' } }, { aligner: '5.2.0' });
assert.equal(caps.canStage, true);
assert.equal(caps.stageVersion, '5.2.0');
assert.equal(can('engineer', PERMISSIONS.openPort), true);
assert.equal(can('support', PERMISSIONS.openPort), false);
assert.equal(localTimeFromOffset(19800, new Date('2025-03-03T12:04:05Z')), 'Monday, March 3, 2025 17:34:05');
assert.throws(() => parseSerialPrefixTable({ prefixes: [{ prefix: 'x' }] }), /prefixes\\[0\\]\\.prefix/);
console.log('smoke check passed: a plain Node ESM script imported ' + Object.keys(domain).length + ' exports');
`,
  );
  execFileSync(process.execPath, [join(consumer, 'smoke.mjs')], { stdio: 'inherit', cwd: consumer });
} finally {
  rmSync(consumer, { recursive: true, force: true });
}

console.log(`built ${out}`);
