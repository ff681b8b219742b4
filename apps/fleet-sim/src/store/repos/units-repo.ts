import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { favorites, screenshots, tickets, unitReports, units } from '../schema';

export type UnitRow = typeof units.$inferSelect;

export async function findUnit(db: Db, serialNumber: string): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(units).where(eq(units.serialNumber, serialNumber)).limit(1);
  return row;
}

export async function findUnits(db: Db, serialNumbers: string[]): Promise<UnitRow[]> {
  if (serialNumbers.length === 0) return [];
  return db.select().from(units).where(inArray(units.serialNumber, serialNumbers));
}

export async function deleteUnit(db: Db, serialNumber: string): Promise<boolean> {
  const rows = await db.delete(units).where(eq(units.serialNumber, serialNumber)).returning({ s: units.serialNumber });
  return rows.length > 0;
}

/** Renames a unit everywhere: its row (favorites, screenshots and reports follow by ON UPDATE CASCADE), tickets and schedules. */
export async function renameUnit(db: Db, from: string, to: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(units).set({ serialNumber: to, updatedAt: new Date() }).where(eq(units.serialNumber, from));
    await tx.execute(sql`UPDATE tickets SET serial_number = ${to} WHERE serial_number = ${from}`);
    await tx.execute(sql`UPDATE schedules SET serial_number = ${to} WHERE serial_number = ${from}`);
    await tx.execute(sql`UPDATE commands SET serial_number = ${to} WHERE serial_number = ${from}`);
  });
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
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.username, username), eq(favorites.serialNumber, serialNumber)))
    .returning({ s: favorites.serialNumber });
  return rows.length > 0;
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

export async function insertScreenshot(db: Db, row: { serialNumber: string; image: Buffer; thumbnail: Buffer; createdAt: Date }) {
  const [created] = await db.insert(screenshots).values(row).returning({ id: screenshots.id, createdAt: screenshots.createdAt });
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function deleteScreenshot(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(screenshots).where(eq(screenshots.id, id)).returning({ id: screenshots.id });
  return rows.length > 0;
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

export async function writeReport(db: Db, serialNumber: string, kind: ReportKind, data: unknown, createdAt: Date): Promise<void> {
  await db
    .insert(unitReports)
    .values({ serialNumber, kind, data, createdAt })
    .onConflictDoUpdate({ target: [unitReports.serialNumber, unitReports.kind], set: { data, createdAt } });
}

export async function insertUnits(db: Db, rows: (typeof units.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(units).values(rows.slice(i, i + 1000));
}
