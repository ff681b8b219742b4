import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from './server';

export interface RunningIdp {
  issuer: string;
  /** The variables the dashboard signs in through it with. */
  env: Record<string, string>;
  process: ChildProcess;
}

/** `npm run idp`'s provider (oidc-provider) on a free loopback port, for the dashboard at `consoleUrl`. */
export function startIdp(consoleUrl: string): Promise<RunningIdp> {
  const child = spawn(
    process.execPath,
    [join(workspaceRoot, 'tools/scripts/idp.mjs'), '--port', '0', '--json', '--console-url', consoleUrl],
    { cwd: workspaceRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`the provider did not start within 30 s:\n${out}`)),
      30_000,
    );
    child.once('exit', (code) => fail(new Error(`the provider exited (${code}):\n${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const { accounts: _accounts, ...env } = JSON.parse(line) as Record<string, string>;
      ok({ issuer: env['OIDC_ISSUER'] ?? '', env, process: child });
    });
  });
}
