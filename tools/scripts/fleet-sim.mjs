// `npm run fleet-sim -- <command>`: the simulator's command line (seed, scenario apply ...), built first.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const build = spawnSync(
  join(root, 'node_modules/.bin/nx'),
  ['run', 'fleet-sim:build', '--output-style=static'],
  {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const cli = spawn(process.execPath, [join(root, 'dist/apps/fleet-sim/main.cjs'), ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code) => process.exit(code ?? 1));
