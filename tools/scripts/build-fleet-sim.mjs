// Bundles the fleet simulator into one CommonJS file; npm packages stay external and are
// resolved from node_modules at run time. SQL migrations and scenarios are copied beside it.
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleInto, repoRoot } from './build-common.mjs';

const app = join(repoRoot, 'apps/fleet-sim');
const out = join(repoRoot, 'dist/apps/fleet-sim');

await bundleInto(out, {
  entryPoints: [join(app, 'src/main.ts')],
  outfile: join(out, 'main.cjs'),
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: join(app, 'tsconfig.json'),
});

for (const [dir, to] of [
  ['src/store/migrations', 'migrations'],
  ['scenarios', 'scenarios'],
]) {
  const from = join(app, dir);
  if (existsSync(from)) cpSync(from, join(out, to), { recursive: true });
}
console.log(`built ${out}`);
