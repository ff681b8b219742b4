// Bundles the fleet simulator into one CommonJS file; npm packages stay external and are
// resolved from node_modules at run time. SQL migrations and scenarios are copied beside it.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const app = join(root, 'apps/fleet-sim');
const out = join(root, 'dist/apps/fleet-sim');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(app, 'src/main.ts')],
  outfile: join(out, 'main.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: join(app, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
});

for (const [dir, to] of [['src/store/migrations', 'migrations'], ['scenarios', 'scenarios']]) {
  const from = join(app, dir);
  if (existsSync(from)) cpSync(from, join(out, to), { recursive: true });
}
console.log(`built ${out}`);
