import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config';
import { listScenarios, savedScenariosDir } from '../scenarios/library';
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

/**
 * The Bearer token of the CLI's calls: a personal access token (FLEET_TOKEN, made on the console's Access tokens
 * screen) unless a password is given; else a sign-in with the password (--password, DEMO_PASSWORD, or the
 * credentials file of the first start).
 */
async function bearerFor(config: Config, options: RemoteOptions, url: string): Promise<string> {
  if (config.FLEET_TOKEN && options.password === undefined) return config.FLEET_TOKEN;
  const password = options.password ?? defaultPassword(config);
  if (!password)
    throw new Error(
      'No credentials: set FLEET_TOKEN (an access token), or give --password or DEMO_PASSWORD.',
    );
  return signIn(url, options.user ?? 'admin', password);
}

async function call(
  config: Config,
  options: RemoteOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = (options.url ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const token = await bearerFor(config, options, url);
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { error?: string };
  if (res.status === 401 && config.FLEET_TOKEN && options.password === undefined) {
    throw new Error(
      `FLEET_TOKEN was refused by ${url} (401): ${answer.error ?? 'revoked, expired or not a token'}.`,
    );
  }
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

/** `fleet-sim scenario list`: the built-in library and the scenarios testers saved in DATA_DIR (marked saved). */
export function runScenarioList(dataDir: string): void {
  for (const { name, description, source } of listScenarios(savedScenariosDir(dataDir)))
    console.log(`${name}${source === 'saved' ? ' (saved)' : ''}\n  ${description}\n`);
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
