import type { Db } from './database';

/**
 * Runs `work` in one transaction of the store. Drizzle types a transaction apart from the database although it
 * offers the same queries; repositories take a `Db`, so the transaction is handed over as one here, once.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
