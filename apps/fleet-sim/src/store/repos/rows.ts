import { count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';

/** A bigint column as a number (node-postgres hands them over as text). */
export const numberOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** A page of a list as the lists answer it: the page's rows and how many match in all. */
export interface Page<Row> {
  docs: Row[];
  totalDocs: number;
}

/**
 * Page `page` (from 1, PAGE_SIZE rows) of a table's rows matching `where`, in `orderBy` order (end it with a
 * unique column so that pages do not overlap), and the count of all matching rows: two queries, run together.
 */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  query: { page: number; where?: SQL | undefined; orderBy: (PgColumn | SQL)[] },
): Promise<Page<T['$inferSelect']>> {
  const from = table as PgTable;
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(from)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(from).where(query.where),
  ]);
  return { docs: docs as T['$inferSelect'][], totalDocs: total?.n ?? 0 };
}

/** The first row `where` finds, or undefined. */
export async function findOne<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)) as T['$inferSelect'][];
  return row;
}

/** Inserts one row and answers it as stored (ids and defaults filled in). */
export async function insertOne<T extends PgTable>(
  db: Db,
  table: T,
  row: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [created] = (await db.insert(table).values(row).returning()) as T['$inferSelect'][];
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** Inserts one row unless a row with the same `key` exists: answers the new row, or undefined when one existed. */
export async function insertUnlessExists<T extends PgTable>(
  db: Db,
  table: T,
  row: T['$inferInsert'],
  key: PgColumn,
): Promise<T['$inferSelect'] | undefined> {
  const [created] = (await db
    .insert(table)
    .values(row)
    .onConflictDoNothing({ target: key })
    .returning()) as T['$inferSelect'][];
  return created;
}

/** Changes the row `where` finds, stamping updatedAt; answers it as it now is, or undefined when none matched. */
export async function updateStamped<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  changes: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db
    .update(table)
    .set({ ...changes, updatedAt: new Date() })
    .where(where)
    .returning()) as T['$inferSelect'][];
  return row;
}

/** Deletes the rows `where` finds; answers whether there was one. */
export async function deleteWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(where)
    .returning({ found: sql`1` });
  return rows.length > 0;
}
