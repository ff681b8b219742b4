import { sql } from 'drizzle-orm';
import type { AuditEntry } from '@equipment-dashboard/contract';
import type { Family, ServiceName } from '@equipment-dashboard/domain';
import type { FleetEngine } from '../fleet/engine';
import { isPending } from '../fleet/desired-state';
import { FLEET_SETTINGS_KEY, type FleetSettings } from '../fleet/fleet-settings';
import { connect, disconnect } from '../fleet/simulation';
import type { Simulator } from '../fleet/simulator';
import type { UnitRuntime } from '../fleet/unit-runtime';
import { changeClock } from '../services/clock-service';
import { rowsOf } from '../store/repos/feed-repo';
import { writeService } from '../store/repos/services-repo';
import { replaceSetting } from '../store/repos/settings-repo';
import type { SuiteServer, TestServer } from './test-server';

/** The test server's simulator (every test server runs one). */
export function simOf(t: TestServer): Simulator {
  const sim = t.server.deps.sim;
  if (!sim) throw new Error('the test server runs no simulator');
  return sim;
}

export function engineOf(t: TestServer): FleetEngine {
  return simOf(t).engine;
}

/** What the units changed is in the store, and this process's read models have read it. */
export async function settle(t: TestServer): Promise<void> {
  await engineOf(t).flush(true);
  await t.server.deps.follower.wake();
}

/** A unit of the test world matching `pick`, made connected or not as asked (and settled). */
export async function unitWhere(
  t: TestServer,
  pick: (unit: UnitRuntime) => boolean,
  state: { connected?: boolean } = {},
): Promise<UnitRuntime> {
  const engine = engineOf(t);
  const unit = [...engine.state.units.values()].find(pick);
  if (!unit) throw new Error('no unit in the test world matches');
  if (state.connected === true && !unit.connected)
    engine.change(unit, (u) => connect(u, engine.rng, engine.clock.now()));
  if (state.connected === false && unit.connected)
    engine.change(unit, (u) => disconnect(u, engine.clock.now()));
  await settle(t);
  return unit;
}

/** Changes a unit as the field would (reported state), and settles. */
export async function changeUnit(
  t: TestServer,
  unit: UnitRuntime,
  mutate: (unit: UnitRuntime) => void,
): Promise<void> {
  engineOf(t).change(unit, mutate);
  await settle(t);
}

/** Connects a unit as the field would (it comes back online now), and settles. */
export async function reconnect(t: TestServer, unit: UnitRuntime): Promise<void> {
  const engine = engineOf(t);
  await changeUnit(t, unit, (u) => connect(u, engine.rng, engine.clock.now()));
}

/** A unit's detail as a user reads it (the request: awaited, the answer). */
export function unitDetail(t: SuiteServer, serialNumber: string, user = 'support') {
  return t.as(user).get('/read/aligner/v1/').query({ serialNumber, username: user });
}

/** The body of the call that creates an active user (its e-mail made of its name). */
export function newUserBody(
  username: string,
  role: string,
  password = 'long-enough-password',
): Record<string, unknown> {
  return { username, password, email: `${username}@example.com`, role, active: true };
}

/** The audit trail's first page as an admin reads it (newest first), filtered by `query`. */
export async function auditTrail(
  t: SuiteServer,
  query: Record<string, string | number> = {},
): Promise<AuditEntry[]> {
  return (await t.as('admin').get('/read/audits/v1/').query(query)).body.docs as AuditEntry[];
}

/** The body of an immediate staging of version `semantic` on a unit, from the update at `path`. */
export function stagingBody(serialNumber: string, semantic: string, path = `/updates/${semantic}`) {
  return { serialNumber, version: { semantic, meta: '' }, path };
}

/** Sends a remote command (POST /cmd/<command>/v1) with its body, as `as` (support unless told); answers the call. */
export function sendCommand(t: SuiteServer, command: string, body: Record<string, unknown>, as = 'support') {
  return t.as(as).post(`/cmd/${command}/v1`).send(body);
}

/** The audit trail, newest first, once its newest entries are checked to be the actions `newest` describes, in order. */
export async function expectNewestActions(
  t: SuiteServer,
  ...newest: Partial<AuditEntry>[]
): Promise<AuditEntry[]> {
  const docs = await auditTrail(t);
  expect(docs.slice(0, newest.length)).toMatchObject(newest.map((action) => ({ kind: 'action', ...action })));
  return docs;
}

/**
 * A unit of `family` an update can be staged on now: nothing staged or pending, no update flow under way,
 * not on `latest`, and on a version starting with `versionPrefix`.
 */
export const stageableTo =
  (family: Family, latest: string, versionPrefix: string) =>
  (u: UnitRuntime): boolean =>
    u.family === family &&
    !isPending(u.desired, u.stagedRevDone) &&
    !u.flow &&
    u.versionSemantic.startsWith(versionPrefix) &&
    u.versionSemantic !== latest;

/** The body of a new ticket on a unit as the console's stepper sends it, issued by support; `fields` add to it. */
export function ticketBody(unit: UnitRuntime, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    issuerUsername: 'support',
    issuerEmail: 'support@equipment-dashboard.example',
    serialNumber: unit.serialNumber,
    version: unit.versionSemantic,
    connected: unit.connected,
    family: unit.family,
    model: 'Model',
    escalated: false,
    ...fields,
  };
}

/** The body of a schedule of aligners' updates to `version` on `date`, as the console's schedule dialog sends it. */
export function alignerScheduleBody(
  serialNumbers: readonly (string | undefined)[],
  version: string,
  date: string,
): Record<string, unknown> {
  return {
    serialNumbers,
    version: { semantic: version, meta: '' },
    path: `/updates/aligner/${version}`,
    date,
  };
}

export function latestOf(t: TestServer, family: Family): string {
  const latest = t.server.deps.world.latest.of(family);
  if (!latest) throw new Error(`no published ${family} version in the test world`);
  return latest.semantic;
}

/** Moves the simulated clock as a tester would (through the store), and lets the units play it. */
export async function stepClock(t: TestServer, ms: number): Promise<void> {
  await changeClock(t.server.deps, { step: ms });
  await settle(t);
}

export async function setSpeed(t: TestServer, speed: number): Promise<void> {
  await changeClock(t.server.deps, { speed });
}

export async function setService(t: TestServer, name: ServiceName, up: boolean): Promise<void> {
  await writeService(t.server.deps.db, name, up);
  await t.server.deps.follower.wake({ world: true });
}

export async function setFleetSettings(t: TestServer, settings: Partial<FleetSettings>): Promise<void> {
  await replaceSetting(t.server.deps.db, FLEET_SETTINGS_KEY, {
    ...t.server.deps.world.settings,
    ...settings,
  });
  await t.server.deps.follower.wake({ world: true });
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Reads until the value passes (the store's readers catch up within a poll or two), or fails with the last value. */
export async function until<T>(
  read: () => Promise<T>,
  passes: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (passes(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many units the store holds that match a SQL condition on `units` (the truth the figures must match). */
export async function storeCount(t: TestServer, condition: string): Promise<number> {
  const result = await t.server.deps.db.execute(
    sql.raw(`SELECT count(*)::int AS n FROM units WHERE ${condition}`),
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
