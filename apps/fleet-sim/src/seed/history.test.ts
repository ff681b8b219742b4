import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SAMPLE_SERIAL_PREFIXES } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { readCoverage, readRollupRows, type RollupRow } from '../store/repos/rollups-repo';
import { utcDay } from '../store/rollup-batch';
import * as schema from '../store/schema';
import { openTestStore, type TestStore } from '../test/test-store';
import { DEMO_HISTORY_DAYS, writeDemoHistory } from './history';
import { seedDemoWorld } from './index';

// Seeding a world takes seconds.
jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T08:30:00Z');
const SIZE = 400;
const DAY = 24 * 3_600_000;
const FROM = utcDay(NOW.getTime() - DEMO_HISTORY_DAYS * DAY);
const TO = utcDay(NOW.getTime());

let store: TestStore;
let db: Db;

/** A new world and its 90 days, as the rollups job's first pass writes them. */
const seed = async (name: string) => {
  await seedDemoWorld(db, {
    seed: name,
    size: SIZE,
    demoPassword: 'demo-password-123',
    hashPassword: async (p) => `fake$${p}`,
    prefixes: SAMPLE_SERIAL_PREFIXES,
    now: NOW,
  });
  return writeDemoHistory(db, { seed: name, seededAt: NOW.toISOString() });
};

async function emptyStore(): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((t) => `"${getTableName(t)}"`)
    .join(', ');
  await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}

const sum = (values: readonly number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);

beforeAll(async () => {
  store = await openTestStore('seed-history');
  db = store.database.db;
});

afterAll(() => store?.close());

describe("the demo world's history", () => {
  let first: RollupRow[];

  it('when a world is seeded, then its 90 days are covered hour by hour and each hour counts its units', async () => {
    await seed('history-test');
    first = await readRollupRows(db, FROM, TO);
    const coverage = await readCoverage(db, FROM, TO);
    expect([...coverage.keys()].sort()).toHaveLength(DEMO_HISTORY_DAYS + 1);
    // Full hours before today, and today up to now (08:30).
    expect(coverage.get(utcDay(NOW.getTime() - 2 * DAY))).toEqual(new Array(24).fill(60));
    expect(coverage.get(TO)?.slice(0, 9)).toEqual([60, 60, 60, 60, 60, 60, 60, 60, 30]);
    // The last full hour: every seeded unit, once.
    const lastHour = sum(first.filter((r) => r.day === TO).map((r) => r.unitMinutes?.[7] ?? 0)) / 60;
    expect(lastHour).toBeGreaterThan(SIZE - 3);
    expect(lastHour).toBeLessThanOrEqual(SIZE + 0.01);
    // Connected share a little above or below the field's 60%, never all or none.
    const connected = sum(first.map((r) => sum(r.connectedMinutes)));
    const units = sum(first.map((r) => sum(r.unitMinutes)));
    expect(connected / units).toBeGreaterThan(0.45);
    expect(connected / units).toBeLessThan(0.7);
    // Updates were installed along the adoption curves, some failed.
    expect(sum(first.map((r) => sum(r.updatesSucceeded)))).toBeGreaterThan(0);
    expect(sum(first.map((r) => sum(r.updatesFailed)))).toBeGreaterThan(0);
  });

  it('when the same seed is seeded again, then the history is the same; another seed gives another', async () => {
    await emptyStore();
    await seed('history-test');
    expect(await readRollupRows(db, FROM, TO)).toEqual(first);
    await emptyStore();
    await seed('another-world');
    expect(await readRollupRows(db, FROM, TO)).not.toEqual(first);
  });
});
