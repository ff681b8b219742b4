import type { Db } from './database';
import { inTransaction } from './transaction';

type Run = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * A query builder of a write (insert, update, delete) that is built on the transaction only when it is awaited: the
 * calls made on it (`.set(...)`, `.where(...)`, `.returning()`) are recorded and replayed there.
 */
function deferredBuilder(run: Run, build: (tx: Db) => unknown): unknown {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') {
          return (ok: (value: unknown) => unknown, fail: (reason: unknown) => unknown) =>
            run(async (tx) => await build(tx)).then(ok, fail);
        }
        return (...args: unknown[]) =>
          deferredBuilder(run, (tx) => {
            const builder = build(tx) as Record<PropertyKey, (...a: unknown[]) => unknown>;
            return builder[property]?.(...args);
          });
      },
    },
  );
}

/**
 * The store as a lease holder writes to it: every write (a transaction, a raw statement, an insert, update or
 * delete) runs in a transaction that first runs `check` (the fencing check, which throws when the holder's token is
 * no longer the lease's), so a holder frozen past its lease writes nothing once another holder took it. Reads through
 * the select builder and the relational queries are not fenced (reading is harmless). Services and repositories take
 * it as any `Db`.
 */
export function fencedDb(db: Db, check: (tx: Db) => Promise<void>): Db {
  const run: Run = (work) =>
    inTransaction(db, async (tx) => {
      await check(tx);
      return work(tx);
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return (work: (tx: Db) => Promise<unknown>) => run(work);
      if (property === 'execute')
        return (query: Parameters<Db['execute']>[0]) => run((tx) => tx.execute(query));
      if (property === 'insert' || property === 'update' || property === 'delete') {
        return (table: unknown) =>
          deferredBuilder(run, (tx) => (tx[property] as (t: unknown) => unknown)(table));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
