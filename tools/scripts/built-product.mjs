// What the scripts that build the product with Nx and then run it share (start.mjs, fleet-sim.mjs, cluster.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The environment Nx and the built server run in here: no Nx daemon, no Nx Cloud (there is no network). */
export const localEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

/** The built server's entry point. */
export const SERVER_MAIN = join(repoRoot, 'dist/apps/fleet-sim/main.cjs');

/** Runs Nx with `nxArgs` (a build: Nx skips what is up to date); a failed build ends this script with its code. */
export function buildOrExit(nxArgs, stdio = 'inherit') {
  const build = spawnSync(join(repoRoot, 'node_modules/.bin/nx'), [...nxArgs, '--output-style=static'], {
    cwd: repoRoot,
    env: localEnv,
    stdio,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts the built server with `args`, and passes Ctrl-C and SIGTERM on to it. */
export function startBuiltServer(args) {
  const server = spawn(process.execPath, [SERVER_MAIN, ...args], {
    cwd: repoRoot,
    env: localEnv,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  return server;
}
