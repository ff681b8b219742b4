import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { NotFoundError } from '../core/errors';
import type { Db } from '../store/database';
import { historyPage, recordHistory, trimHistory, type HistoryEvent } from '../store/repos/history-repo';
import { findUnit } from '../store/repos/units-repo';
import type { ServiceDeps } from './service-deps';
import { inTransaction } from '../store/transaction';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page of a unit's timeline, newest first (404 for an unknown unit). */
export async function readUnitHistory(
  deps: ServiceDeps,
  query: { serialNumber: string; page: number },
): Promise<{ docs: UnitHistoryEntry[]; totalDocs: number }> {
  const serialNumber = query.serialNumber.trim().toUpperCase();
  if (!(await findUnit(deps.db, serialNumber)))
    throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  const { docs, totalDocs } = await historyPage(deps.db, serialNumber, query.page);
  return {
    totalDocs,
    docs: docs.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}

/** Deletes the events older than HISTORY_RETENTION_DAYS on the simulated clock; answers how many went. */
export function trimUnitHistory(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  return trimHistory(deps.db, new Date(deps.clock.now() - deps.config.HISTORY_RETENTION_DAYS * DAY_MS));
}

/** Runs a write and records the events it answers on the units' timelines, in one transaction. */
export function withHistory<T>(
  deps: Pick<ServiceDeps, 'db'>,
  write: (t: Db) => Promise<T>,
  eventsOf: (written: T) => HistoryEvent[],
): Promise<T> {
  return inTransaction(deps.db, async (t) => {
    const written = await write(t);
    await recordHistory(t, eventsOf(written));
    return written;
  });
}
