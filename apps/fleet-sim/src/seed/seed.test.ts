import { asc, count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import {
  DAY_LOAD_GREEN_MAX,
  DAY_LOAD_YELLOW_MAX,
  FAMILIES,
  MESSAGE_BODY_MAX,
  MESSAGE_CALL_TO_ACTION_MAX,
  MESSAGE_DISPOSITIONS,
  MESSAGE_HEADER_MAX,
  NOTIFICATION_MIME_TYPES,
  ROLES,
  SAMPLE_SERIAL_PREFIXES,
  SERVICE_NAMES,
  SUBSCRIPTION_PACKAGES,
  TICKET_DISPOSITIONS,
  decodeSerial,
} from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { openTestStore, type TestStore } from '../test/test-store';
import * as schema from '../store/schema';
import { seedDemoWorld, seedUnits } from './index';
import { versionOrder } from './versions';

// Seeding a world takes seconds, and testTimeout of a project config is ignored when jest runs several projects.
jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T08:00:00Z');
const SIZE = 1500;
const PASSWORD = 'demo-password-123';

/** The hash is injected: a fast, recognisable stand-in for Argon2id. */
const fakeHash = async (password: string) => `fake$${password}`;
const fakeVerify = (password: string, hash: string) => hash === `fake$${password}`;

/** Tables the running fleet fills (the trend's samples, departed units, simulators and their directives): a new world has none. */
const RUNTIME_TABLES = new Set([
  'trend_samples',
  'unit_tombstones',
  'unit_change_log',
  'sim_workers',
  'sim_directives',
  'sim_directive_results',
  // Filled by staff's use: saved views, rollouts, bulk actions, and the units' timeline as they change.
  'saved_views',
  'rollouts',
  'rollout_units',
  'bulk_actions',
  'unit_history',
  // Filled by staff's use and the jobs: alert rules and what they raise, silences, webhooks, leases, the audit log.
  'job_leases',
  'alert_rules',
  'alerts',
  'alert_events',
  'silences',
  'webhooks',
  'alert_notifications',
  'alert_deliveries',
  'alert_preferences',
  'audit_log',
  // The fleet's history: written by the rollups job (a new world's 90 days by its first pass).
  'fleet_rollups',
  'fleet_rollup_coverage',
  'fleet_rollup_state',
  // Filled by sign-ins with an identity provider and by the personal access tokens users make.
  'oidc_sessions',
  'access_tokens',
  // Filled by testers applying scenarios (the Simulator's timeline) and saving the field state.
  'scenario_runs',
  'sim_snapshots',
]);
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !RUNTIME_TABLES.has(getTableName(table)));

let store: TestStore;
let db: Db;

async function seedWorld(seed = 'seed-test'): Promise<{ usernames: string[] }> {
  return seedDemoWorld(db, {
    seed,
    size: SIZE,
    demoPassword: PASSWORD,
    hashPassword: fakeHash,
    prefixes: SAMPLE_SERIAL_PREFIXES,
    now: NOW,
  });
}

async function emptyStore(): Promise<void> {
  const names = tables.map((t) => `"${getTableName(t)}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}

async function unitFingerprint(): Promise<string[]> {
  const rows = await db
    .select({
      serial: schema.units.serialNumber,
      version: schema.units.versionSemantic,
      meta: schema.units.versionMeta,
    })
    .from(schema.units)
    .orderBy(asc(schema.units.serialNumber));
  return rows.map((r) => `${r.serial} ${r.version} ${r.meta}`);
}

beforeAll(async () => {
  store = await openTestStore('seed-test');
  db = store.database.db;
  await seedWorld();
});

afterAll(() => store?.close());

describe('seedDemoWorld', () => {
  it('when the world is seeded, then every role has an active user named after it whose hash verifies the demo password', async () => {
    const users = await db.select().from(schema.users);
    for (const role of ROLES) {
      const user = users.find((u) => u.username === role);
      expect(user).toMatchObject({ role, active: true, email: `${role}@equipment-dashboard.example` });
      expect(fakeVerify(PASSWORD, user?.passwordHash ?? '')).toBe(true);
    }
    expect(users.length).toBeGreaterThanOrEqual(ROLES.length + 8);
    expect(users.filter((u) => !u.active)).toHaveLength(1);
  });

  it('when the world is seeded, then every table has rows (but those the running fleet fills)', async () => {
    const empty: string[] = [];
    for (const table of tables) {
      const [row] = await db.select({ n: count() }).from(table);
      if (!row || row.n === 0) empty.push(getTableName(table));
    }
    expect(empty).toEqual([]);
    const [units] = await db.select({ n: count() }).from(schema.units);
    expect(units?.n).toBe(SIZE);
  });

  it('when the world is seeded, then all three families are there in about the planned shares', async () => {
    const rows = await db
      .select({ family: schema.units.family, n: count() })
      .from(schema.units)
      .groupBy(schema.units.family);
    const share = (family: string) => (rows.find((r) => r.family === family)?.n ?? 0) / SIZE;
    expect(rows.map((r) => r.family).sort()).toEqual([...FAMILIES].sort());
    expect(share('aligner')).toBeGreaterThan(0.68);
    expect(share('gtps')).toBeGreaterThan(0.1);
    expect(share('aligner-oasis')).toBeGreaterThan(0.06);
  });

  it('when the units are decoded with the sample prefix table, then every serial is valid and of its family', async () => {
    const rows = await db
      .select({ serial: schema.units.serialNumber, family: schema.units.family })
      .from(schema.units);
    for (const { serial, family } of rows) {
      const decoded = decodeSerial(serial, SAMPLE_SERIAL_PREFIXES);
      expect({
        serial,
        valid: decoded.valid,
        family: decoded.equipmentFamily,
        dated: decoded.month !== null && decoded.year !== null,
      }).toEqual({
        serial,
        valid: true,
        family,
        dated: true,
      });
    }
  });

  it('when units are stored, then the version order and the country code follow the version and the geolocation', async () => {
    const rows = await db.select().from(schema.units).limit(300);
    for (const unit of rows) {
      expect(unit.versionOrder).toBe(versionOrder(unit.versionSemantic));
      expect(unit.countryCode).toBe(unit.geolocation.country_code);
      expect(Number.isInteger(unit.geolocation.time_zone.offset)).toBe(true);
      expect(
        unit.connected ? unit.address?.startsWith('::ffff:') : unit.address === null && unit.port === null,
      ).toBe(true);
      expect(unit.updatedAt.getTime()).toBeGreaterThanOrEqual(unit.createdAt.getTime());
      expect(unit.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(versionOrder('5.1.0_hotfix')).toBe(5_001_000);
    expect(versionOrder('4.4.1 beta')).toBe(4_004_001);
    expect(versionOrder('unknown')).toBe(-1);
  });

  it('when units are staged, then their desired state holds a version above theirs, counted by the desired counters', async () => {
    const staged = await db
      .select({ unit: schema.units, desired: schema.unitDesired })
      .from(schema.unitDesired)
      .innerJoin(schema.units, sql`${schema.units.serialNumber} = ${schema.unitDesired.serialNumber}`)
      .where(sql`${schema.unitDesired.stagedSemantic} IS NOT NULL`);
    expect(staged.length).toBeGreaterThan(0);
    for (const { unit, desired } of staged) {
      expect(desired.rev).toBeGreaterThan(unit.stagedRevDone);
      expect(unit.versionSemantic).not.toBe(desired.stagedSemantic);
    }
    const counted = await db
      .select({ n: sql<number>`sum(${schema.fleetCounts.n})::int` })
      .from(schema.fleetCounts)
      .where(sql`${schema.fleetCounts.metric} = 'desired'`);
    expect(counted[0]?.n).toBe(staged.length);
  });

  it('when the world is seeded, then every message disposition, pairing status, ticket disposition, MIME type and package is present', async () => {
    const messages = await db.select().from(schema.messages);
    expect(new Set(messages.map((m) => m.disposition))).toEqual(new Set(MESSAGE_DISPOSITIONS));
    for (const m of messages) {
      expect(m.header.length).toBeLessThanOrEqual(MESSAGE_HEADER_MAX);
      expect(m.body.length).toBeLessThanOrEqual(MESSAGE_BODY_MAX);
      expect(m.callToAction.length).toBeLessThanOrEqual(MESSAGE_CALL_TO_ACTION_MAX);
      expect(m.endDate.getTime()).toBeGreaterThanOrEqual(m.startDate.getTime());
    }
    const drafts = messages.filter((m) => m.disposition === 'draft');
    expect(drafts.some((m) => m.issuerUsername === 'admin')).toBe(true);
    expect(drafts.some((m) => m.issuerUsername !== 'admin')).toBe(true);

    const pairings = await db.select().from(schema.pairings);
    expect(new Set(pairings.map((p) => p.status))).toEqual(new Set(['active', 'completed', 'aborted']));
    expect(pairings.filter((p) => p.status === 'aborted').every((p) => p.reason)).toBe(true);

    const tickets = await db.select().from(schema.tickets);
    expect(tickets.length).toBeGreaterThanOrEqual(40);
    for (const disposition of TICKET_DISPOSITIONS)
      expect(tickets.some((t) => t.disposition === disposition)).toBe(true);
    expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(['open', 'closed']));

    const notifications = await db.select().from(schema.notifications);
    expect(new Set(notifications.map((n) => n.mimeType))).toEqual(new Set(NOTIFICATION_MIME_TYPES));

    const fixtures = await db.select().from(schema.ezFixtures);
    expect(new Set(fixtures.map((f) => f.subscriptionPackage))).toEqual(
      new Set(SUBSCRIPTION_PACKAGES.map((p) => p.code)),
    );

    const services = await db.select().from(schema.services);
    expect(services.map((s) => s.name).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('when the schedules are read per day, then there are green, yellow and red days', async () => {
    const days = await db
      .select({ date: schema.schedules.date, n: count() })
      .from(schema.schedules)
      .groupBy(schema.schedules.date);
    expect(days.some((d) => d.n <= DAY_LOAD_GREEN_MAX)).toBe(true);
    expect(days.some((d) => d.n > DAY_LOAD_GREEN_MAX && d.n <= DAY_LOAD_YELLOW_MAX)).toBe(true);
    expect(days.some((d) => d.n > DAY_LOAD_YELLOW_MAX)).toBe(true);
  });

  it('when the same seed and size are seeded again, then the serials and versions are the same', async () => {
    const first = await unitFingerprint();
    await emptyStore();
    const { usernames } = await seedWorld();
    expect(await unitFingerprint()).toEqual(first);
    expect(usernames.slice(0, ROLES.length)).toEqual([...ROLES]);

    await emptyStore();
    await seedWorld('another-seed');
    expect(await unitFingerprint()).not.toEqual(first);
    await emptyStore();
    await seedWorld();
  });
});

describe('seedUnits', () => {
  it('when units are added to a seeded store, then they get new serials that decode, with progress per batch', async () => {
    const before = new Set((await unitFingerprint()).map((line) => line.split(' ')[0]));
    const progress: number[] = [];
    const { inserted } = await seedUnits(db, {
      seed: 'seed-test',
      count: 2500,
      prefixes: SAMPLE_SERIAL_PREFIXES,
      now: NOW,
      onProgress: (done, total) => {
        expect(total).toBe(2500);
        progress.push(done);
      },
    });
    expect(inserted).toBe(2500);
    expect(progress).toEqual([1000, 2000, 2500]);
    const after = (await unitFingerprint()).map((line) => line.split(' ')[0] ?? '');
    expect(after).toHaveLength(SIZE + 2500);
    const added = after.filter((serial) => !before.has(serial));
    expect(added).toHaveLength(2500);
    for (const serial of added) expect(decodeSerial(serial, SAMPLE_SERIAL_PREFIXES).valid).toBe(true);
  });

  it('when units are added twice with the same seed, then the second run does not repeat the first', async () => {
    const [before] = await db.select({ n: count() }).from(schema.units);
    await seedUnits(db, { seed: 'seed-test', count: 1200, prefixes: SAMPLE_SERIAL_PREFIXES, now: NOW });
    await seedUnits(db, { seed: 'seed-test', count: 1200, prefixes: SAMPLE_SERIAL_PREFIXES, now: NOW });
    const [after] = await db.select({ n: count() }).from(schema.units);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(2400);
  });
});
