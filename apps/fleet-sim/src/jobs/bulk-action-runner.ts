import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { isRole, mayRunBulkAction } from '@equipment-dashboard/domain';
import type { BulkActionKind } from '@equipment-dashboard/contract';
import type { AuthUser } from '../auth/auth-user';
import { metrics } from '../core/metrics';
import { fencedDb } from '../store/fenced-db';
import { FencedOutError } from '../store/repos/job-leases-repo';
import {
  checkBulkActionHolder,
  claimBulkAction,
  releaseBulkAction,
  saveProgress,
  type BulkActionRow,
  type StoredOutcomes,
} from '../store/repos/bulk-actions-repo';
import { findUser } from '../store/repos/users-repo';
import { outcomesOf, progressOf, selectionOf } from '../services/bulk-action-view';
import { REASONS, UNIT_ACTIONS, type UnitOutcome } from '../services/bulk-unit-actions';
import type { ServiceDeps } from '../services/service-deps';

/** Units a chunk runs before its progress is committed (and the lease renewed, and the console told). */
export const CHUNK_SIZE = 25;
/** How many skipped or failed units a job keeps with their reasons (the counts by reason cover them all). */
export const UNITS_KEPT = 300;

export interface BulkActionRunnerOptions {
  /** How long a claim lasts without renewal (each chunk renews it): a process that died loses its jobs after it. */
  leaseMs?: number;
  /** How often an idle runner looks for a job to take (one created here wakes it at once). */
  everyMs?: number;
}

export interface BulkActionRunner {
  /** Look for a job now. */
  kick(): void;
  /** Stops looking; answers when the chunk under way is committed. */
  stop(): Promise<void>;
}

/** The job's user as their row is now: a user removed, deactivated or moved to a role without the action holds nothing. */
async function currentUser(deps: ServiceDeps, username: string): Promise<AuthUser | null> {
  const row = await findUser(deps.db, username);
  if (!row || !row.active || !isRole(row.role)) return null;
  return { username: row.username, email: row.email, role: row.role };
}

/** Adds a chunk's outcomes to the job's counts and kept units. */
function tally(row: BulkActionRow, serials: readonly string[], outcomes: readonly UnitOutcome[]) {
  const stored = outcomesOf(row);
  const reasons = { ...(stored.reasons ?? {}) };
  const units = [...(stored.units ?? [])];
  const counts = { done: row.done, skipped: row.skipped, failed: row.failed };
  outcomes.forEach((result, i) => {
    counts[result.outcome] += 1;
    if (result.outcome === 'done') return;
    const key = `${result.outcome}:${result.reason}`;
    reasons[key] = (reasons[key] ?? 0) + 1;
    if (units.length < UNITS_KEPT)
      units.push({ serialNumber: serials[i] ?? '', outcome: result.outcome, reason: result.reason });
  });
  const next: Omit<StoredOutcomes, 'lease'> = { reasons, units };
  return { counts, outcomes: next };
}

/** What a runner works a job under: its name as the job's holder, the lease it renews, and whether it is stopping. */
interface RunnerLease {
  holder: string;
  leaseMs: number;
  stopping: () => boolean;
}

/**
 * Works a claimed job through, a chunk at a time from where its counts say it got to: each chunk's units, then one
 * fenced write of the progress that renews the lease, then the live event. A chunk cut short by a crash is redone
 * by whoever claims the job next; the actions count what this job already did as done.
 */
async function runJob(deps: ServiceDeps, claimed: BulkActionRow, lease: RunnerLease): Promise<void> {
  try {
    // Every write of the job (its units' stagings and commands, its progress) is fenced by its holder.
    const fenced = fencedDb(deps.db, (tx) => checkBulkActionHolder(tx, claimed.id, lease.holder));
    await runChunks({ ...deps, db: fenced }, claimed, lease);
  } catch (error) {
    if (!(error instanceof FencedOutError)) throw error;
    deps.logger.warn(
      { job: claimed.id },
      'bulk action taken over by another process: its writes from here are refused',
    );
  }
}

async function runChunks(deps: ServiceDeps, claimed: BulkActionRow, lease: RunnerLease): Promise<void> {
  const { holder, leaseMs, stopping } = lease;
  let row = claimed;
  const serials = selectionOf(row).serials;
  const action = UNIT_ACTIONS[row.action as BulkActionKind];
  while (!stopping()) {
    const from = row.done + row.skipped + row.failed;
    const chunk = serials.slice(from, from + CHUNK_SIZE);
    const user = await currentUser(deps, row.createdBy);
    const permitted = user !== null && mayRunBulkAction(user.role, row.action as BulkActionKind);
    const outcomes: UnitOutcome[] =
      user && permitted
        ? await action.run({ deps, user, jobId: row.id, startedAt: row.createdAt, stopping }, chunk)
        : chunk.map(() => ({ outcome: 'skipped', reason: REASONS.notPermitted }));
    const { counts, outcomes: next } = tally(row, chunk, outcomes);
    // A chunk cut short by a stop commits the units it did; the next holder starts after them.
    const finished = from + outcomes.length >= serials.length;
    const saved = await saveProgress(deps.db, {
      id: row.id,
      holder,
      leaseMs,
      counts,
      outcomes: next,
      finished,
    });
    if (!saved) {
      deps.logger.warn({ job: row.id }, 'bulk action taken over by another process');
      return;
    }
    row = saved;
    deps.live.emitToUser(row.createdBy, 'BULK_ACTION_UPDATED', progressOf(row));
    if (finished) {
      deps.logger.info(
        { job: row.id, done: row.done, skipped: row.skipped, failed: row.failed },
        'bulk action done',
      );
      return;
    }
    // A turn of the event loop between chunks too: a chunk of units the role may no longer act on runs no action.
    await setImmediate();
  }
}

/**
 * This process's runner of bulk jobs: it claims a running job nobody holds (a new one, or one whose process died
 * and stopped renewing its lease), works it through, and looks for the next. Every API process runs one; the
 * claim (FOR UPDATE SKIP LOCKED, a lease in the row) gives each job to one of them at a time.
 */
export function startBulkActionRunner(
  deps: ServiceDeps,
  options: BulkActionRunnerOptions = {},
): BulkActionRunner {
  const leaseMs = options.leaseMs ?? 30_000;
  const holder = `api-${randomUUID()}`;
  let stopped = false;
  const lease: RunnerLease = { holder, leaseMs, stopping: () => stopped };
  let again = false;
  let running: Promise<void> | null = null;

  const loop = async () => {
    do {
      again = false;
      for (
        let job = await claimBulkAction(deps.db, holder, leaseMs);
        job && !stopped;
        job = await claimBulkAction(deps.db, holder, leaseMs)
      ) {
        metrics.bulkActionsRunning.inc();
        await runJob(deps, job, lease).finally(() => metrics.bulkActionsRunning.dec());
        if (stopped) await releaseBulkAction(deps.db, job.id, holder);
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => {
        // The store closing or gone under a stop: the job is left to whoever claims it next.
        if (stopped) deps.logger.debug({ err }, 'running bulk actions failed while stopping');
        else deps.logger.error({ err }, 'running bulk actions failed');
      })
      .finally(() => (running = null));
  };
  const timer = setInterval(kick, options.everyMs ?? 1_000);
  // A job created on this process is taken at once, not at the next tick.
  const unregister = deps.wakeups.register('bulk-action-runner', kick);
  timer.unref();
  const runner: BulkActionRunner = {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unregister();
      await running;
    },
  };
  return runner;
}
