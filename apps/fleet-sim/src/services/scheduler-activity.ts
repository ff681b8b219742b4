import { compareVersions, type Family } from '@equipment-dashboard/domain';
import * as statsRepo from '../store/repos/scheduler-stats-repo';
import type { ServiceDeps } from './service-deps';

/** The daily bucket key of a moment: the UTC day `YYYY-MM-DD`. */
export const dayKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The hourly bucket key of a moment: the UTC hour `YYYY-MM-DDTHH`. */
export const hourKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** A family's live figures: units at the family's latest version, and connected units. */
export function liveFigures(
  deps: Pick<ServiceDeps, 'readModels' | 'world'>,
  family: Family,
): { atCurrentVersion: number; connectedCount: number } {
  const figures = deps.readModels.figures;
  const latest = deps.world.latest.of(family)?.semantic;
  const atCurrentVersion = latest
    ? figures
        .installedVersions(family)
        .filter((v) => compareVersions(v.version, latest) === 0)
        .reduce((sum, v) => sum + v.total, 0)
    : 0;
  return { atCurrentVersion, connectedCount: figures.connected(family) };
}

/**
 * Counts deliveries (finished installs) and auto-staged updates of a family into the current day's and
 * hour's buckets of the simulated clock, and auto-staged ones into the family's counter too.
 */
export async function recordSchedulerActivity(
  deps: Pick<ServiceDeps, 'db' | 'readModels' | 'world' | 'clock'>,
  family: Family,
  counts: { deliveries?: number; autoStaged?: number },
): Promise<void> {
  const deliveries = counts.deliveries ?? 0;
  const autoStaged = counts.autoStaged ?? 0;
  if (deliveries <= 0 && autoStaged <= 0) return;
  const now = deps.clock.now();
  const figures = liveFigures(deps, family);
  for (const [bucket, key] of [
    ['day', dayKeyOf(now)],
    ['hour', hourKeyOf(now)],
  ] as const) {
    await statsRepo.addActivity(deps.db, { family, bucket, key, deliveries, autoStaged, ...figures });
  }
  if (autoStaged > 0) await statsRepo.addAutoStaged(deps.db, family, autoStaged);
}
