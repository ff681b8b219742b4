// What the build scripts (build-*.mjs) share; not a build of its own. Each build empties its folder
// under dist/ and bundles one entry point into it with esbuild, with source maps and warnings only.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Empties `out` and bundles into it (`options`: esbuild's, for the entry, format and platform). */
export async function bundleInto(out, options) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({ bundle: true, sourcemap: true, logLevel: 'warning', ...options });
}
