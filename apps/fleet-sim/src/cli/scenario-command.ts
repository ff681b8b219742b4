import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config';
import { listScenarios } from '../scenarios/library';
import { parseScenarioText } from '../scenarios/scenario-file';

export interface RemoteOptions {
  url?: string;
  user?: string;
  password?: string;
}

/** The demo password: the option, DEMO_PASSWORD, or the credentials file the first start wrote. */
function defaultPassword(config: Config): string | undefined {
  if (config.DEMO_PASSWORD) return config.DEMO_PASSWORD;
  const file = join(config.DATA_DIR, 'demo-credentials.txt');
  if (!existsSync(file)) return undefined;
  return /^password: (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim();
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: 'equipment-dashboard',
    }),
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string; error?: string };
  if (!res.ok || !body.access_token)
    throw new Error(
      `Sign-in as ${username} at ${url} failed: ${body.error_description ?? body.error ?? res.status}`,
    );
  return body.access_token;
}

async function call(
  config: Config,
  options: RemoteOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = (options.url ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const password = options.password ?? defaultPassword(config);
  if (!password) throw new Error('No password: give --password, or set DEMO_PASSWORD.');
  const token = await signIn(url, options.user ?? 'admin', password);
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { error?: string };
  if (!res.ok) throw new Error(answer.error ?? `${method} ${path} answered ${res.status}`);
  return answer;
}

/**
 * `fleet-sim scenario apply FILE|NAME`: checks a scenario file here (errors name the line and field),
 * then applies it, or a named scenario of the library, to the running server through its admin call.
 */
export async function runScenarioApply(
  config: Config,
  target: string,
  options: RemoteOptions,
): Promise<void> {
  let body: { text: string } | { name: string };
  if (existsSync(target)) {
    const text = readFileSync(target, 'utf8');
    parseScenarioText(text, target);
    body = { text };
  } else {
    body = { name: target };
  }
  const result = (await call(config, options, 'POST', '/sim/scenario/apply', body)) as {
    name: string;
    unitsChanged: number;
    stepsScheduled: number;
    clock: { now: string; speed: number };
  };
  console.log(
    `Applied ${result.name}: ${result.unitsChanged} units changed, ${result.stepsScheduled} steps scheduled; ` +
      `simulated time ${result.clock.now} at ${result.clock.speed}x.`,
  );
}

export function runScenarioList(): void {
  for (const { name, description } of listScenarios()) console.log(`${name}\n  ${description}\n`);
}

/** `fleet-sim clock [--speed N] [--step 20m]`: reads or changes the running server's simulated clock. */
export async function runClock(
  config: Config,
  change: { speed?: number; step?: string },
  options: RemoteOptions,
): Promise<void> {
  const result = (
    change.speed === undefined && change.step === undefined
      ? await call(config, options, 'GET', '/sim/clock')
      : await call(config, options, 'POST', '/sim/clock', change)
  ) as { now: string; speed: number };
  console.log(`Simulated time ${result.now}, running at ${result.speed}x.`);
}
