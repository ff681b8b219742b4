// `node tools/scripts/generate-migration.mjs <name>`: writes the next SQL migration from
// apps/fleet-sim/src/store/schema.ts with drizzle-kit, then drops the "public". schema qualifiers
// drizzle-kit writes, so that the same migrations apply in any schema (tests use one per file).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const name = process.argv[2];
if (!name) {
  console.error('Usage: node tools/scripts/generate-migration.mjs <name>');
  process.exit(2);
}
execFileSync(
  join(root, 'node_modules/.bin/drizzle-kit'),
  ['generate', '--config', 'apps/fleet-sim/drizzle.config.ts', '--name', name],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const dir = join(root, 'apps/fleet-sim/src/store/migrations');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = join(dir, file);
  const sql = readFileSync(path, 'utf8');
  if (sql.includes('"public".')) writeFileSync(path, sql.replaceAll('"public".', ''));
}
