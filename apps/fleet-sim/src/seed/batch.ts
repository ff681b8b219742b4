import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../store/database';

/** Rows per INSERT: about 30k bind parameters for the widest table, under PostgreSQL's 65,535. */
export const BATCH_SIZE = 1000;

/** Inserts `rows` in statements of {@link BATCH_SIZE} rows. */
export async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await db.insert(table).values(rows.slice(start, start + BATCH_SIZE));
  }
}
