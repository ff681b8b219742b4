import { setImmediate } from 'node:timers/promises';
import type { BulkActionKind, CommandName } from '@equipment-dashboard/contract';
import type { Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { isPending, desiredOf } from '../fleet/desired-state';
import { HttpError } from '../core/errors';
import { commandsQueuedBy, desiredWrittenBy } from '../store/repos/bulk-actions-repo';
import { FencedOutError } from '../store/repos/job-leases-repo';
import * as unitsRepo from '../store/repos/units-repo';
import { queueBulkCommand } from './commands-service';
import { addFavorite } from './favorites-service';
import type { ServiceDeps } from './service-deps';
import { stage, unstage } from './staging-service';

/** What became of one unit: done, or skipped (a rule of its action said no) or failed, with the reason. */
export type UnitOutcome = { outcome: 'done' } | { outcome: 'skipped' | 'failed'; reason: string };

/** The job a chunk belongs to, as a unit's action needs it. */
export interface ChunkContext {
  deps: ServiceDeps;
  /** The user who started the job, as their row is now (their role may have changed since). */
  user: AuthUser;
  jobId: number;
  startedAt: Date;
  /** The runner is stopping: the chunk ends after the unit under way, and whoever claims the job next goes on. */
  stopping(): boolean;
}

/**
 * One action: how it runs on a chunk of units (one outcome per serial, in order; fewer when the runner stops). Who
 * may: libs/domain's mayRunBulkAction.
 */
interface UnitAction {
  run(ctx: ChunkContext, serials: readonly string[]): Promise<UnitOutcome[]>;
}

export const REASONS = {
  notPermitted: 'Your role does not allow this action.',
  notFound: 'The unit no longer exists.',
  nothingStaged: 'Nothing is staged on the unit.',
  notSupported: "The unit's software does not support this command.",
  noLatest: "No update of the unit's family is published.",
  unexpected: 'The action failed unexpectedly.',
} as const;

const SKIP_REASON_BY_CODE: Record<string, string> = {
  not_found: REASONS.notFound,
  nothing_staged: REASONS.nothingStaged,
  not_supported: REASONS.notSupported,
  forbidden: REASONS.notPermitted,
};

/**
 * A refusal by a rule (4xx) is a skip with the rule's reason, named without the unit so that units group by it;
 * anything else (the gateway down, a unit's failure, an unexpected error) is a failure.
 */
export function outcomeOfError(error: unknown): UnitOutcome {
  if (error instanceof HttpError) {
    if (error.status < 500)
      return { outcome: 'skipped', reason: SKIP_REASON_BY_CODE[error.code] ?? error.message };
    return { outcome: 'failed', reason: error.message };
  }
  return { outcome: 'failed', reason: REASONS.unexpected };
}

/**
 * Runs `each` on the serials one after another, catching each unit's refusal or failure as its outcome, until the
 * runner stops. A failure while it stops (the store closing or gone) is not the unit's: it is left out, to be redone.
 * Nor is a write refused because another process took the job: it ends the chunk (the runner lets the job go).
 */
async function eachUnit(
  ctx: ChunkContext,
  serials: readonly string[],
  each: (serial: string) => Promise<UnitOutcome>,
  logFailure: (err: unknown) => void,
) {
  const outcomes: UnitOutcome[] = [];
  for (const serial of serials) {
    // The embedded store answers without ever leaving the microtask queue: a turn of the event loop between units
    // lets requests, timers and signals (a SIGTERM) in during a chunk, which took up to seconds on a busy machine.
    await setImmediate();
    if (ctx.stopping()) break;
    try {
      outcomes.push(await each(serial));
    } catch (error) {
      if (error instanceof FencedOutError) throw error;
      if (ctx.stopping() && !(error instanceof HttpError)) break;
      const outcome = outcomeOfError(error);
      if (!(error instanceof HttpError)) logFailure(error);
      outcomes.push(outcome);
    }
  }
  return outcomes;
}

const DONE: UnitOutcome = { outcome: 'done' };

/** Stage the family's latest published update (what the console's Stage sends), or unstage. */
function stagingAction(kind: 'stage' | 'unstage'): UnitAction {
  return {
    async run(ctx, serials) {
      const { deps, user } = ctx;
      // A redone chunk: units this job's user already changed since the job started count as done.
      const written = await desiredWrittenBy(deps.db, serials, user.username, ctx.startedAt);
      return eachUnit(
        ctx,
        serials,
        async (serial) => {
          const found = await unitsRepo.findUnitWithDesired(deps.db, serial);
          if (!found) return { outcome: 'skipped', reason: REASONS.notFound };
          const family = found.unit.family as Family;
          const pending = isPending(desiredOf(found.desired), Number(found.unit.stagedRevDone));
          if (kind === 'unstage') {
            if (!pending && written.has(serial) && written.get(serial) === null) return DONE;
            await unstage(deps, user, family, serial);
            return DONE;
          }
          const latest = deps.world.latest.of(family);
          if (!latest) return { outcome: 'skipped', reason: REASONS.noLatest };
          if (pending && written.get(serial) === latest.semantic) return DONE;
          await stage(deps, user, family, {
            serialNumber: serial,
            version: { semantic: latest.semantic, meta: latest.meta },
            path: latest.path,
          });
          return DONE;
        },
        (err) => deps.logger.error({ err, job: ctx.jobId }, 'bulk staging failed'),
      );
    },
  };
}

/** A command that needs only the serial: queued for each unit (an offline unit takes it when it reconnects). */
function commandAction(
  command: Extract<
    CommandName,
    'aligner_get_voltages' | 'aligner_get_usb_status' | 'aligner_get_printer_status' | 'aligner_check_now'
  >,
): UnitAction {
  return {
    async run(ctx, serials) {
      const { deps, user } = ctx;
      const queued = await commandsQueuedBy(deps.db, serials, command, ctx.jobId);
      return eachUnit(
        ctx,
        serials,
        async (serial) => {
          if (!queued.has(serial))
            await queueBulkCommand(deps, user, command, serial, { bulkActionId: ctx.jobId });
          return DONE;
        },
        (err) => deps.logger.error({ err, job: ctx.jobId }, 'bulk command failed'),
      );
    },
  };
}

/** Every action of a bulk job. */
export const UNIT_ACTIONS: Record<BulkActionKind, UnitAction> = {
  stageLatest: stagingAction('stage'),
  unstage: stagingAction('unstage'),
  addToRadar: {
    // The favourites service keeps My Radar's limit (units past it are skipped).
    run: (ctx, serials) =>
      eachUnit(
        ctx,
        serials,
        async (serial) => {
          await addFavorite(ctx.deps, ctx.user, { username: ctx.user.username, serialNumber: serial });
          return DONE;
        },
        (err) => ctx.deps.logger.error({ err, job: ctx.jobId }, 'bulk radar failed'),
      ),
  },
  getVoltages: commandAction('aligner_get_voltages'),
  getUsbStatus: commandAction('aligner_get_usb_status'),
  getPrinterStatus: commandAction('aligner_get_printer_status'),
  checkCloud: commandAction('aligner_check_now'),
};
