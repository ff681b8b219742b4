import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');

/** A child process's script, bundled from TypeScript the way the server is built (its npm packages stay outside). */
export interface BundledFixture {
  file: string;
  /** The environment the child needs to load the npm packages from the repository's node_modules. */
  env: Record<string, string>;
  remove(): void;
}

/** Bundles `entry` (a fixture of the server's own modules) into a temporary folder, in about a quarter of a second. */
export async function bundleFixture(entry: string): Promise<BundledFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-sim-fixture-'));
  const file = join(dir, `${basename(entry, '.ts')}.cjs`);
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: resolve(ROOT, 'apps/fleet-sim/tsconfig.json'),
    logLevel: 'warning',
  });
  return {
    file,
    env: { NODE_PATH: join(ROOT, 'node_modules') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
