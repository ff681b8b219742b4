import { inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { changedUnits, oldestRunningXid, rowsOf } from '../store/repos/feed-repo';
import { readIndexRows } from '../store/repos/unit-index-repo';
import { units, type LoggedIndexRow } from '../store/schema';
import { applyUnitChanges, indexedUnitOf, sourceOfLogged } from '../read-models/unit-feed';
import { UnitIndex } from '../read-models/unit-index';
import { engineOf, setSpeed } from '../test/fleet-helpers';
import { writeSliceOf } from './engine';
import { startTestServer, type TestServer } from '../test/test-server';

describe('the write-behind (fleet/engine.ts)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    // The clock stands still: a flush writes each unit as it is when its statement starts, so a unit the
    // simulation changed meanwhile would be stored with that change too.
    await setSpeed(t, 0);
  });
  // Each test records the statements afresh (a spy over a spy would call itself).
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  /** Records the serials of the units each write-behind statement carries (its first parameter). */
  function recordWriteBehind(): string[][] {
    const db = t.server.deps.db;
    const execute = db.execute.bind(db);
    const dialect = new PgDialect();
    const statements: string[][] = [];
    jest.spyOn(db, 'execute').mockImplementation((query) => {
      const { sql, params } = dialect.sqlToQuery(query as SQL);
      if (/^WITH changed AS \( *UPDATE units/.test(sql.trim().replace(/\s+/g, ' ')))
        statements.push(params[0] as string[]);
      return execute(query);
    });
    return statements;
  }

  it('when many units changed, then a flush stores them all, at most 50 to a statement on PGlite (500 on PostgreSQL)', async () => {
    const engine = engineOf(t);
    const changed = [...engine.state.units.values()].slice(0, 120);
    const counts = new Map(changed.map((unit) => [unit.serialNumber, unit.alignmentCount + 1000]));
    const statements = recordWriteBehind();

    for (const unit of changed) {
      engine.change(unit, (u) => {
        u.alignmentCount += 1000;
      });
    }
    await engine.flush();

    // PGlite runs in the server's thread: a statement holds every request back for as long as it runs.
    expect(statements.flat()).toEqual(expect.arrayContaining([...counts.keys()]));
    const limit = t.server.database.kind === 'postgres' ? 500 : 50;
    expect(writeSliceOf(t.server.database.kind)).toBe(limit);
    expect(Math.max(...statements.map((serials) => serials.length))).toBeLessThanOrEqual(limit);
    const stored = await t.server.deps.db
      .select({ serialNumber: units.serialNumber, alignmentCount: units.alignmentCount })
      .from(units)
      .where(inArray(units.serialNumber, [...counts.keys()]));
    expect(new Map(stored.map((row) => [row.serialNumber, row.alignmentCount]))).toEqual(counts);
  });

  it('when flushes come faster than they start, then they are one flush and none piles up behind it', async () => {
    const engine = engineOf(t);
    const [unit] = [...engine.state.units.values()];
    const statements = recordWriteBehind();
    engine.change(unit as NonNullable<typeof unit>, (u) => {
      u.alignmentCount += 1;
    });
    const waiting = engine.flush();
    // A timer's flush while one waits to start is that one: it will take whatever is dirty when it starts.
    expect(engine.flush()).toBe(waiting);
    expect(engine.flush()).toBe(waiting);
    // A flush of everything (a shard given away) always gets a turn of its own.
    const all = engine.flush(true);
    expect(all).not.toBe(waiting);
    await Promise.all([waiting, all]);
    expect(statements.flat()).toContain(unit?.serialNumber);
  });

  it("when units are written behind, then their change record carries each unit's index columns as a read of the store gives them, its staging included", async () => {
    const engine = engineOf(t);
    const db = t.server.deps.db;
    const staged = rowsOf<{ s: string }>(
      await db.execute(
        sql`SELECT serial_number AS s FROM unit_desired WHERE staged_semantic IS NOT NULL LIMIT 3`,
      ),
    );
    expect(staged.length).toBeGreaterThan(0);
    const picked = [
      ...staged.map((r) => engine.state.units.get(r.s)),
      ...[...engine.state.units.values()].slice(0, 5),
    ].filter((u) => u !== undefined);
    const since = await oldestRunningXid(db);

    for (const unit of picked) {
      engine.change(unit, (u) => {
        u.connected = !u.connected;
        u.alignmentCount += 1;
      });
    }
    await engine.flush();

    const serials = picked.map((u) => u.serialNumber);
    const { logged, records } = await changedUnits(db, since);
    // A record read once is left out of the next reads.
    const again = await changedUnits(
      db,
      since,
      null,
      records.map((r) => r.id),
    );
    expect(again.records).toEqual([]);
    expect(again.logged).toEqual([]);
    const fromRecords = new Map(
      logged
        .filter((row) => serials.includes(row[0]))
        .map((row) => [row[0], indexedUnitOf(sourceOfLogged(row))]),
    );
    // A record carries no place (the index keeps the one it read first): the rest is compared.
    const readBack = new Map(
      (await readIndexRows(db, serials)).map((row) => [
        row.serial_number,
        indexedUnitOf({ ...row, region: undefined, city: undefined }),
      ]),
    );
    expect(fromRecords.size).toBe(new Set(serials).size);
    expect(fromRecords).toEqual(readBack);
    expect([...fromRecords.values()].some((unit) => (unit?.desiredRev ?? 0) > 0)).toBe(true);
  });

  it('when a change record names a unit the index does not hold, then the unit is read back from the store instead (a deleted one stays out)', async () => {
    const db = t.server.deps.db;
    const [unit] = engineOf(t).state.units.values();
    if (!unit) throw new Error('the test fleet has no units');
    const logged = (serialNumber: string): LoggedIndexRow => [
      serialNumber,
      'aligner',
      'ZZ',
      '5.0.0',
      0,
      0,
      true,
      null,
      0,
      null,
      null,
      null,
      null,
      null,
      null,
    ];
    const index = new UnitIndex();

    await applyUnitChanges(db, index, {
      logged: [logged('DELETED-0001'), logged(unit.serialNumber)],
      serials: [],
      records: [],
    });

    expect(index.has('DELETED-0001')).toBe(false);
    expect(index.queryEquipment({ page: 1, filterSerialNumber: unit.serialNumber }).serials).toEqual([
      unit.serialNumber,
    ]);
    // Its columns are the store's, not the record's.
    expect(index.queryEquipment({ page: 1, filterCountryCode: 'ZZ' }).total).toBe(0);
    expect(
      index.queryEquipment({
        page: 1,
        filterSerialNumber: unit.serialNumber,
        filterCountryCode: unit.countryCode,
      }).total,
    ).toBe(1);
  });

  // Last: the test server's simulator no longer holds that shard.
  it('when a shard is given away, then its units leave without its top 10 being recounted over the units still held', async () => {
    const engine = engineOf(t);
    const [unit] = engine.state.units.values();
    if (!unit) throw new Error('the test fleet has no units');
    const offered = jest.spyOn(engine.state.aggregates, 'offerTop');

    const gone = await engine.dropShards([unit.shard]);

    expect(gone).toContain(unit.serialNumber);
    expect([...engine.state.units.values()].some((u) => u.shard === unit.shard)).toBe(false);
    expect(offered).not.toHaveBeenCalled();
  });
});
