import { randomUUID } from 'node:crypto';
import { isRole, mayRunBulkAction } from '@equipment-dashboard/domain';
import type { BulkActionKind } from '@equipment-dashboard/contract';
import type { AuthUser } from '../auth/auth-user';
import { claimBulkAction, releaseBulkAction, saveProgress, type BulkActionRow, type StoredOutcomes } from '../store/repos/bulk-actions-repo';
import { findUser } from '../store/repos/users-repo';
import { outcomesOf, progressOf, selectionOf } from './bulk-action-view';
import { REASONS, UNIT_ACTIONS, type UnitOutcome } from './bulk-unit-actions';
import type { ServiceDeps } from './service-deps';

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

const runners = new WeakMap<ServiceDeps, BulkActionRunner>();

/** Wakes this process's runner (a job was just created here). */
export function kickBulkActions(deps: ServiceDeps): void {
  runners.get(deps)?.kick();
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
    if (units.length < UNITS_KEPT) units.push({ serialNumber: serials[i] ?? '', outcome: result.outcome, reason: result.reason });
  });
  const next: Omit<StoredOutcomes, 'lease'> = { reasons, units };
  return { counts, outcomes: next };
}

/**
 * Works a claimed job through, a chunk at a time from where its counts say it got to: each chunk's units, then one
 * fenced write of the progress that renews the lease, then the live event. A chunk cut short by a crash is redone
 * by whoever claims the job next; the actions count what this job already did as done.
 */
async function runJob(deps: ServiceDeps, claimed: BulkActionRow, holder: string, leaseMs: number, stopping: () => boolean): Promise<void> {
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
        ? await action.run({ deps, user, jobId: row.id, startedAt: row.createdAt }, chunk)
        : chunk.map(() => ({ outcome: 'skipped', reason: REASONS.notPermitted }));
    const { counts, outcomes: next } = tally(row, chunk, outcomes);
    const finished = from + chunk.length >= serials.length;
    const saved = await saveProgress(deps.db, { id: row.id, holder, leaseMs, counts, outcomes: next, finished });
    if (!saved) {
      deps.logger.warn({ job: row.id }, 'bulk action taken over by another process');
      return;
    }
    row = saved;
    deps.live.emitToUser(row.createdBy, 'BULK_ACTION_UPDATED', progressOf(row));
    if (finished) {
      deps.logger.info({ job: row.id, done: row.done, skipped: row.skipped, failed: row.failed }, 'bulk action done');
      return;
    }
  }
}

/**
 * This process's runner of bulk jobs: it claims a running job nobody holds (a new one, or one whose process died
 * and stopped renewing its lease), works it through, and looks for the next. Every API process runs one; the
 * claim (FOR UPDATE SKIP LOCKED, a lease in the row) gives each job to one of them at a time.
 */
export function startBulkActionRunner(deps: ServiceDeps, options: BulkActionRunnerOptions = {}): BulkActionRunner {
  const leaseMs = options.leaseMs ?? 30_000;
  const holder = `api-${randomUUID()}`;
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;

  const loop = async () => {
    do {
      again = false;
      for (let job = await claimBulkAction(deps.db, holder, leaseMs); job && !stopped; job = await claimBulkAction(deps.db, holder, leaseMs)) {
        await runJob(deps, job, holder, leaseMs, () => stopped);
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
      .catch((err: unknown) => deps.logger.error({ err }, 'running bulk actions failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(kick, options.everyMs ?? 1_000);
  timer.unref();
  const runner: BulkActionRunner = {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      runners.delete(deps);
      await running;
    },
  };
  runners.set(deps, runner);
  return runner;
}
