import { oldestKept, type HistoryRetention } from '@equipment-dashboard/domain';
import { metrics } from '../core/metrics';
import { startLeadingJob } from '../core/repeating-job';
import type { ServiceDeps } from '../services/service-deps';
import { RollupBatch, utcDay } from '../store/rollup-batch';
import {
  alertEventCounts,
  applyRollupRetention,
  eventHorizon,
  hasRollups,
  readRollupState,
  unitEventCounts,
  writeCoverage,
  writeRollups,
  writeRollupState,
  type EventCounts,
} from '../store/repos/rollups-repo';
import { inTransaction } from '../store/transaction';
import { readSetting } from '../store/repos/settings-repo';
import { writeDemoHistory } from '../seed/history';

/** A cursor over a table's ids: counted up to `after`; `pending` waits for the transactions open when it was read. */
export interface EventCursor {
  after: number;
  pending: { upTo: number; xmax: string } | null;
}

/** Where the job stands, stored with each pass's counts (fleet_rollup_state, row 'job'). */
export interface RollupJobState {
  /** The simulated instant of the last sample. */
  sampledAt: number;
  /** Real time of the pass that wrote this state. */
  passedAt: number;
  history: EventCursor;
  alerts: EventCursor;
  /** The simulated day whose retention was applied last. */
  retainedDay: string | null;
}

const STATE = 'job';
/**
 * A pass further than this (real time) after the last one samples from now: the fleet was not watched meanwhile (no
 * process held the job), so those hours stay uncovered rather than filled with what the fleet looks like now. A
 * stepped clock is another matter: its pass follows the last one closely and fills every bucket it stepped over.
 */
const WATCHED_GAP_MS = 5 * 60_000;

/** A world seeded longer ago than this (simulated time) gets no history of its past: it was not new. */
const NEW_WORLD_MS = 24 * 3_600_000;

/** What one pass did (tests and the bench read it). */
export interface RollupPassResult {
  /** Rows of a new demo world's 90 days written by this (first) pass, and how long it took (ms). */
  backfilled: number;
  backfillMs: number;
  rows: number;
  sampledMinutes: number;
  events: number;
  retention: { deleted: number; emptied: number } | null;
}

/** The retention the configuration sets. */
export function rollupRetention(config: ServiceDeps['config']): HistoryRetention {
  return { hourDays: config.ROLLUP_HOURLY_RETENTION_DAYS, dayDays: config.ROLLUP_DAILY_RETENTION_DAYS };
}

/** Counts a table's rows past its cursor once the transactions that could still add rows below them have ended. */
async function advance(
  cursor: EventCursor | undefined,
  max: number,
  horizon: { xmin: string; xmax: string },
  count: (after: number, upTo: number) => Promise<EventCounts[]>,
): Promise<{ cursor: EventCursor; counts: EventCounts[] }> {
  // The first pass starts at the table's end: what came before is the demo world's history, or nobody's.
  if (!cursor) return { cursor: { after: max, pending: null }, counts: [] };
  const settled = (xmax: string) => BigInt(horizon.xmin) >= BigInt(xmax);
  const counts: EventCounts[] = [];
  let { after, pending } = cursor;
  if (pending && settled(pending.xmax)) {
    counts.push(...(await count(after, pending.upTo)));
    after = pending.upTo;
    pending = null;
  }
  if (!pending && max > after) {
    pending = { upTo: max, xmax: horizon.xmax };
    // No transaction was open when the ids were read (always so on PGlite): nothing can still come below them.
    if (settled(pending.xmax)) {
      counts.push(...(await count(after, pending.upTo)));
      after = pending.upTo;
      pending = null;
    }
  }
  return { cursor: { after, pending }, counts };
}

/**
 * One pass of the rollups: samples the units per family, country and version from the lists' index (counts this
 * process keeps, not a read of the units) for the simulated minutes since the last sample, counts the update
 * outcomes, tickets and alerts recorded since the last pass, and writes them with the job's new state in one
 * transaction of `deps.db` (the lease's fenced store: a holder that lost its lease writes nothing). Then, once a
 * simulated day, the retention.
 */
export async function rollupPass(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'readModels'>,
  realNow = Date.now(),
): Promise<RollupPassResult> {
  const now = deps.clock.now();
  const retention = rollupRetention(deps.config);
  const state = await readRollupState<RollupJobState>(deps.db, STATE);
  // The first pass on a new demo world writes its 90 days of history (a statement at a time: the store answers others
  // in between), before the first sample, so that the sample adds to the day the history ends in.
  let backfilled = 0;
  const backfillStart = Date.now();
  if (state === undefined && deps.config.FLEET_HISTORY_BACKFILL) {
    const world = await readSetting<{ seed: string; seededAt: string }>(deps.db, 'world');
    if (world && now - Date.parse(world.seededAt) < NEW_WORLD_MS && !(await hasRollups(deps.db)))
      backfilled = await writeDemoHistory(deps.db, world);
  }
  const horizon = await eventHorizon(deps.db);
  const batch = new RollupBatch();

  let sampledMinutes = 0;
  const watched = state !== undefined && realNow - state.passedAt <= WATCHED_GAP_MS;
  if (watched && now > state.sampledAt) {
    const from = Math.max(state.sampledAt, oldestKept('hour', now, retention));
    batch.addSample(from, now, deps.readModels.index.familyCountryVersionCounts());
    sampledMinutes = (now - from) / 60_000;
  }
  const history = await advance(state?.history, horizon.historyMax, horizon, (after, upTo) =>
    unitEventCounts(deps.db, after, upTo),
  );
  const alerts = await advance(state?.alerts, horizon.alertsMax, horizon, (after, upTo) =>
    alertEventCounts(deps.db, after, upTo),
  );
  batch.addEvents(history.counts);
  batch.addEvents(alerts.counts);

  const today = utcDay(now);
  const next: RollupJobState = {
    // A clock set back samples from its new instant on (the hours it covers again get more minutes, and more units).
    sampledAt: now,
    passedAt: realNow,
    history: history.cursor,
    alerts: alerts.cursor,
    retainedDay: state?.retainedDay ?? null,
  };
  const retain = next.retainedDay !== today;
  let retained: RollupPassResult['retention'] = null;
  await inTransaction(deps.db, async (tx) => {
    await writeRollups(tx, batch.rows());
    await writeCoverage(tx, batch.coverage());
    if (retain) {
      retained = await applyRollupRetention(
        tx,
        utcDay(oldestKept('hour', now, retention)),
        utcDay(oldestKept('day', now, retention)),
      );
      next.retainedDay = today;
    }
    await writeRollupState(tx, STATE, next);
  });
  return {
    backfilled,
    backfillMs: backfilled > 0 ? Date.now() - backfillStart : 0,
    rows: batch.size,
    sampledMinutes,
    events: [...history.counts, ...alerts.counts].reduce(
      (n, c) => n + c.updatesStarted + c.updatesSucceeded + c.updatesFailed + c.ticketsOpened + c.alertsFired,
      0,
    ),
    retention: retained,
  };
}

/**
 * Writes the fleet's history every `everyMs` (real time) and after a clock change (a stepped clock fills the buckets
 * it passes), while `leads` says this process holds the job's lease; answers a stop function (it answers once the
 * pass under way has ended).
 */
export function startFleetRollups(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'readModels'>,
  leads: () => Promise<boolean> = async () => true,
  everyMs = 30_000,
): () => Promise<void> {
  const pass = async () => {
    const cpu = process.cpuUsage();
    try {
      const result = await rollupPass(deps);
      metrics.rollupPasses.inc({ outcome: 'ok' });
      if (result.backfilled > 0)
        deps.logger.info(
          { rows: result.backfilled, ms: result.backfillMs },
          "fleet history: the new world's 90 days written",
        );
      if (result.retention && result.retention.deleted + result.retention.emptied > 0)
        deps.logger.info(result.retention, 'fleet history: retention applied');
    } catch (error) {
      metrics.rollupPasses.inc({ outcome: 'failed' });
      throw error;
    } finally {
      const used = process.cpuUsage(cpu);
      metrics.rollupCpu.inc((used.user + used.system) / 1e6);
    }
  };
  const job = startLeadingJob(deps, leads, pass, {
    everyMs,
    failure: 'writing the fleet history failed',
    immediately: true,
  });
  return job.stop;
}
