import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { NotFoundError } from '../core/errors';
import type { Db } from '../store/database';
import { historyPage, recordHistory, trimHistory, type HistoryEvent } from '../store/repos/history-repo';
import { findUnit } from '../store/repos/units-repo';
import type { ServiceDeps } from './service-deps';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page of a unit's timeline, newest first (404 for an unknown unit). */
export async function readUnitHistory(
  deps: ServiceDeps,
  query: { serialNumber: string; page: number },
): Promise<{ docs: UnitHistoryEntry[]; totalDocs: number }> {
  const serialNumber = query.serialNumber.trim().toUpperCase();
  if (!(await findUnit(deps.db, serialNumber))) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  const { docs, totalDocs } = await historyPage(deps.db, serialNumber, query.page);
  return {
    totalDocs,
    docs: docs.map((row) => ({
      id: row.id,
      serialNumber: row.serialNumber,
      kind: row.kind,
      summary: row.summary,
      actor: row.actor,
      detail: row.detail,
      at: row.at.toISOString(),
    })),
  };
}

/** Deletes the events older than HISTORY_RETENTION_DAYS on the simulated clock; answers how many went. */
export function trimUnitHistory(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  return trimHistory(deps.db, new Date(deps.clock.now() - deps.config.HISTORY_RETENTION_DAYS * DAY_MS));
}

/**
 * Trims the timeline every `everyMs` (real time) and after a clock jump, while `leads` says this process is
 * the one that does it (running it on several at once would only delete nothing twice); answers a stop function.
 */
export function startHistoryTrimmer(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  leads: () => Promise<boolean> = async () => true,
  everyMs = 10 * 60_000,
): () => void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = leads()
      .then((leading) => (leading ? trimUnitHistory(deps) : 0))
      .then((n) => {
        if (n > 0) deps.logger.info({ deleted: n }, 'unit history trimmed');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'trimming the unit history failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const off = deps.clock.onChange(run);
  run();
  return () => {
    clearInterval(timer);
    off();
  };
}

/** Runs a write and records the events it answers on the units' timelines, in one transaction. */
export function withHistory<T>(deps: Pick<ServiceDeps, 'db'>, write: (t: Db) => Promise<T>, eventsOf: (written: T) => HistoryEvent[]): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const written = await write(t);
    await recordHistory(t, eventsOf(written));
    return written;
  });
}
