import type { ScheduleCreated } from '@equipment-dashboard/contract';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../core/errors';
import { storeFaultOf } from '../store/database-errors';
import { FencedOutError } from '../store/repos/job-leases-repo';
import { findSoftwareUpdate } from '../store/repos/releases-repo';
import * as schedulesRepo from '../store/repos/schedules-repo';
import { familiesOf } from '../store/repos/units-repo';
import { recordSchedulerActivity } from './scheduler-activity';
import type { ServiceDeps } from './service-deps';
import { stage } from './staging-service';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Back-office §7.3: scheduled updates per day, as `{ _id: { year, month, day }, count }`. */
export async function scheduleByDay(deps: ServiceDeps) {
  const rows = await schedulesRepo.countByDay(deps.db);
  return rows.map(({ date, n }) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return { _id: { year, month, day }, count: n };
  });
}

/**
 * Aligner serial numbers matching the schedule dialog's pattern: '*' matches any run of characters;
 * without '*' the pattern matches the start (back-office §2.2).
 */
export function alignerSerialNumbers(deps: ServiceDeps, pattern: string): string[] {
  const escaped = pattern
    .toUpperCase()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  const re = new RegExp(`^${escaped}${pattern.includes('*') ? '$' : ''}`);
  return deps.readModels.index.serialsWhere('aligner', (serial) => re.test(serial));
}

/** Schedules aligners to be staged with a published version on a day (the update flow takes over then). */
export async function scheduleUpdates(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { serialNumbers: string[]; version: { semantic: string; meta: string }; path: string; date: string },
): Promise<ScheduleCreated> {
  const today = dayOf(deps.clock.now());
  if (input.date < today)
    throw new ValidationError(`The day ${input.date} has passed (today is ${today}).`, [
      { path: 'date', message: 'in the past' },
    ]);
  const published = await findSoftwareUpdate(deps.db, 'aligner', input.version.semantic);
  if (!published)
    throw new ValidationError(`No aligner update ${input.version.semantic} has been published.`);
  const serials = [...new Set(input.serialNumbers)];
  const families = await familiesOf(deps.db, serials);
  const unknown = serials.filter((s) => families.get(s) !== 'aligner');
  if (unknown.length > 0)
    throw new ValidationError(
      `Not aligner units: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ' ...' : ''}.`,
      { unknown },
    );
  await schedulesRepo.insertSchedules(
    deps.db,
    serials.map((serialNumber) => ({
      serialNumber,
      family: 'aligner',
      versionSemantic: published.semantic,
      versionMeta: published.meta,
      path: published.path,
      date: input.date,
      createdBy: caller.username,
    })),
  );
  const created = {
    date: input.date,
    count: serials.length,
    version: { semantic: published.semantic, meta: published.meta },
  };
  // The schedule's day, count and version are the Update Scheduler's reads: only its roles hear of it.
  deps.live.emitToPermitted(PERMISSIONS.viewUpdateScheduler, 'NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED', created);
  deps.logger.info({ ...created, by: caller.username }, 'updates scheduled');
  if (input.date === today) await playDueSchedules(deps);
  return created;
}

/**
 * Plays the schedules whose day has come in simulated time: each unit is staged (auto-staged) as if
 * by the call, or skipped when the staging rules refuse it (already at or past the version ...).
 */
export async function playDueSchedules(deps: ServiceDeps): Promise<number> {
  const today = dayOf(deps.clock.now());
  let played = 0;
  for (;;) {
    const due = await schedulesRepo.dueSchedules(deps.db, today, 500);
    if (due.length === 0) return played;
    let staged = 0;
    for (const row of due) {
      const system = { username: `schedule:${row.createdBy}`, email: '', role: 'admin' as const };
      try {
        await stage(
          deps,
          system,
          'aligner',
          {
            serialNumber: row.serialNumber,
            version: { semantic: row.versionSemantic, meta: row.versionMeta },
            path: row.path,
          },
          { auto: true },
        );
        await schedulesRepo.markSchedule(deps.db, row.id, 'staged');
        staged += 1;
      } catch (error) {
        // A store that is away, or a lease lost, is no reason to skip the unit: the next pass plays it.
        if (storeFaultOf(error) || error instanceof FencedOutError) throw error;
        await schedulesRepo.markSchedule(deps.db, row.id, 'skipped');
      }
      played += 1;
    }
    // The update scheduler's statistics count what it staged (back-office §2.4 Daily/Hourly Activity).
    await recordSchedulerActivity(deps, 'aligner', { autoStaged: staged }).catch((err: unknown) =>
      deps.logger.error({ err }, 'could not count auto-staged updates'),
    );
  }
}
