// `npm start`: build what is needed (Nx skips what is up to date) and start fleet-sim, which serves
// the console and the API on one origin.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

const build = spawnSync(
  join(root, 'node_modules/.bin/nx'),
  ['run-many', '-t', 'build', '-p', 'console', 'fleet-sim', '--output-style=static'],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  [join(root, 'dist/apps/fleet-sim/main.cjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
