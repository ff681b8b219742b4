import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { favorites, screenshots, tickets, unitDesired, unitReports, units } from '../schema';
import { desiredColumns, type DesiredRow } from './desired-repo';
import { addTombstone, logUnitChanges } from './feed-repo';
import { deleteWhere, findOne } from './rows';
import { inTransaction } from '../transaction';

export type UnitRow = typeof units.$inferSelect;

/** A unit's row (its reported state) with its desired state (null when never staged). */
export interface UnitWithDesired {
  unit: UnitRow;
  desired: DesiredRow | null;
}

export async function findUnit(db: Db, serialNumber: string): Promise<UnitRow | undefined> {
  return findOne(db, units, eq(units.serialNumber, serialNumber));
}

export async function findUnitsWithDesired(
  db: Db,
  serialNumbers: readonly string[],
): Promise<UnitWithDesired[]> {
  if (serialNumbers.length === 0) return [];
  const rows = await db
    .select({ unit: units, desired: desiredColumns })
    .from(units)
    .leftJoin(unitDesired, eq(unitDesired.serialNumber, units.serialNumber))
    .where(inArray(units.serialNumber, [...serialNumbers]));
  return rows.map((r) => ({
    unit: r.unit,
    desired: r.desired?.serialNumber ? (r.desired as DesiredRow) : null,
  }));
}

export async function findUnitWithDesired(
  db: Db,
  serialNumber: string,
): Promise<UnitWithDesired | undefined> {
  return (await findUnitsWithDesired(db, [serialNumber]))[0];
}

/** Deletes a unit (its favourites, screenshots, reports and desired state follow) and leaves a tombstone for readers. */
export async function deleteUnit(db: Db, serialNumber: string): Promise<boolean> {
  return inTransaction(db, async (t) => {
    const [desired] = await t
      .select({ family: units.family, shard: units.shard, staged: unitDesired.stagedSemantic })
      .from(units)
      .leftJoin(unitDesired, eq(unitDesired.serialNumber, units.serialNumber))
      .where(eq(units.serialNumber, serialNumber))
      .for('update', { of: units });
    const rows = await t
      .delete(units)
      .where(eq(units.serialNumber, serialNumber))
      .returning({ s: units.serialNumber });
    if (rows.length === 0) return false;
    if (desired?.staged) {
      await t.execute(sql`UPDATE fleet_counts SET n = n - 1
        WHERE metric = 'desired' AND family = ${desired.family} AND key = ${desired.staged} AND shard = ${desired.shard}`);
    }
    await t.execute(sql`DELETE FROM unit_history WHERE serial_number = ${serialNumber}`);
    await addTombstone(t, serialNumber);
    return true;
  });
}

/** Renames a unit everywhere (call it in a transaction): its row (favourites, screenshots, reports and desired state follow by ON UPDATE CASCADE), tickets, schedules and commands. */
export async function renameUnit(db: Db, from: string, to: string): Promise<{ shard: number } | undefined> {
  const [renamed] = await db
    .update(units)
    .set({ serialNumber: to, updatedAt: new Date() })
    .where(eq(units.serialNumber, from))
    .returning({ shard: units.shard });
  await logUnitChanges(db, [to]);
  await db.execute(sql`UPDATE tickets SET serial_number = ${to} WHERE serial_number = ${from}`);
  await db.execute(sql`UPDATE schedules SET serial_number = ${to} WHERE serial_number = ${from}`);
  await db.execute(sql`UPDATE commands SET serial_number = ${to} WHERE serial_number = ${from}`);
  await db.execute(sql`UPDATE unit_history SET serial_number = ${to} WHERE serial_number = ${from}`);
  return renamed;
}

export async function openTicketCounts(db: Db, serialNumbers: string[]): Promise<Map<string, number>> {
  if (serialNumbers.length === 0) return new Map();
  const rows = await db
    .select({ serialNumber: tickets.serialNumber, n: count() })
    .from(tickets)
    .where(and(inArray(tickets.serialNumber, serialNumbers), eq(tickets.status, 'open')))
    .groupBy(tickets.serialNumber);
  return new Map(rows.map((r) => [r.serialNumber, r.n]));
}

export async function favoriteSerials(db: Db, username: string): Promise<string[]> {
  const rows = await db
    .select({ serialNumber: favorites.serialNumber })
    .from(favorites)
    .where(eq(favorites.username, username))
    .orderBy(asc(favorites.createdAt), asc(favorites.serialNumber));
  return rows.map((r) => r.serialNumber);
}

export async function isFavorite(db: Db, username: string, serialNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ s: favorites.serialNumber })
    .from(favorites)
    .where(and(eq(favorites.username, username), eq(favorites.serialNumber, serialNumber)))
    .limit(1);
  return Boolean(row);
}

export async function countFavorites(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.username, username));
  return row?.n ?? 0;
}

export async function addFavorite(db: Db, username: string, serialNumber: string): Promise<void> {
  await db.insert(favorites).values({ username, serialNumber }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, username: string, serialNumber: string): Promise<boolean> {
  return deleteWhere(
    db,
    favorites,
    and(eq(favorites.username, username), eq(favorites.serialNumber, serialNumber)),
  );
}

export async function screenshotsOf(db: Db, serialNumber: string) {
  return db
    .select({ id: screenshots.id, createdAt: screenshots.createdAt })
    .from(screenshots)
    .where(eq(screenshots.serialNumber, serialNumber))
    .orderBy(desc(screenshots.createdAt), desc(screenshots.id));
}

export async function screenshotImage(db: Db, id: number, thumbnail: boolean): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: thumbnail ? screenshots.thumbnail : screenshots.image })
    .from(screenshots)
    .where(eq(screenshots.id, id))
    .limit(1);
  return row?.data;
}

export async function insertScreenshot(
  db: Db,
  row: { serialNumber: string; image: Buffer; thumbnail: Buffer; createdAt: Date },
) {
  const [created] = await db
    .insert(screenshots)
    .values(row)
    .returning({ id: screenshots.id, createdAt: screenshots.createdAt });
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function deleteScreenshot(db: Db, id: number): Promise<boolean> {
  return deleteWhere(db, screenshots, eq(screenshots.id, id));
}

export type ReportKind = 'voltages' | 'usb' | 'printer' | 'calibration_logs';

export async function latestReport(db: Db, serialNumber: string, kind: ReportKind) {
  const [row] = await db
    .select({ data: unitReports.data, createdAt: unitReports.createdAt })
    .from(unitReports)
    .where(and(eq(unitReports.serialNumber, serialNumber), eq(unitReports.kind, kind)))
    .limit(1);
  return row;
}

/**
 * The latest voltages report of every unit, or of the units of some shards (a few per thousand units: written by
 * commands and scenarios).
 */
export async function voltagesReports(
  db: Db,
  shards?: readonly number[],
): Promise<{ serialNumber: string; data: unknown }[]> {
  const kind = eq(unitReports.kind, 'voltages');
  if (!shards)
    return db
      .select({ serialNumber: unitReports.serialNumber, data: unitReports.data })
      .from(unitReports)
      .where(kind);
  return db
    .select({ serialNumber: unitReports.serialNumber, data: unitReports.data })
    .from(unitReports)
    .innerJoin(units, eq(units.serialNumber, unitReports.serialNumber))
    .where(and(kind, inArray(units.shard, [...shards])));
}

/** The latest report of a kind of each named unit that has one, a statement per 1,000 units. */
export async function latestReports(
  db: Db,
  serialNumbers: readonly string[],
  kind: ReportKind,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (let i = 0; i < serialNumbers.length; i += 1000) {
    const rows = await db
      .select({ serialNumber: unitReports.serialNumber, data: unitReports.data })
      .from(unitReports)
      .where(
        and(inArray(unitReports.serialNumber, serialNumbers.slice(i, i + 1000)), eq(unitReports.kind, kind)),
      );
    for (const row of rows) out.set(row.serialNumber, row.data);
  }
  return out;
}

export async function writeReport(
  db: Db,
  serialNumber: string,
  kind: ReportKind,
  data: unknown,
  createdAt: Date,
): Promise<void> {
  await db
    .insert(unitReports)
    .values({ serialNumber, kind, data, createdAt })
    .onConflictDoUpdate({ target: [unitReports.serialNumber, unitReports.kind], set: { data, createdAt } });
}

/** Every unit's family (the schedule dialog checks serials against it). */
export async function familiesOf(db: Db, serialNumbers: readonly string[]): Promise<Map<string, string>> {
  if (serialNumbers.length === 0) return new Map();
  const rows = await db
    .select({ s: units.serialNumber, f: units.family })
    .from(units)
    .where(inArray(units.serialNumber, [...serialNumbers]));
  return new Map(rows.map((r) => [r.s, r.f]));
}

/** Which of some users hold which of some units on their radar. */
export async function watchersOf(
  db: Db,
  serialNumbers: readonly string[],
  usernames: readonly string[],
): Promise<{ username: string; serialNumber: string }[]> {
  if (serialNumbers.length === 0 || usernames.length === 0) return [];
  return db
    .select({ username: favorites.username, serialNumber: favorites.serialNumber })
    .from(favorites)
    .where(
      and(inArray(favorites.username, [...usernames]), inArray(favorites.serialNumber, [...serialNumbers])),
    );
}

/** Every user holding one of some units on their radar. */
export async function allWatchersOf(
  db: Db,
  serialNumbers: readonly string[],
): Promise<{ username: string; serialNumber: string }[]> {
  if (serialNumbers.length === 0) return [];
  return db
    .select({ username: favorites.username, serialNumber: favorites.serialNumber })
    .from(favorites)
    .where(inArray(favorites.serialNumber, [...serialNumbers]));
}
