import { compareVersions, FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { EngineListener } from '../fleet/engine';
import type { UnitRuntime } from '../fleet/unit-runtime';
import * as statsRepo from '../store/repos/scheduler-stats-repo';
import type { ServiceDeps } from './service-deps';

/** The daily bucket key of a moment: the UTC day `YYYY-MM-DD`. */
export const dayKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The hourly bucket key of a moment: the UTC hour `YYYY-MM-DDTHH`. */
export const hourKeyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** A family's live figures: units at the family's latest version, and connected units. */
export function liveFigures(
  deps: Pick<ServiceDeps, 'fleet'>,
  family: Family,
): { atCurrentVersion: number; connectedCount: number } {
  const aggregates = deps.fleet.engine.state.aggregates;
  const latest = deps.fleet.latest.of(family)?.semantic;
  const atCurrentVersion = latest
    ? aggregates
        .installedVersions(family)
        .filter((v) => compareVersions(v.version, latest) === 0)
        .reduce((sum, v) => sum + v.total, 0)
    : 0;
  return { atCurrentVersion, connectedCount: aggregates.connected[family] };
}

/**
 * Counts deliveries (finished installs) and auto-staged updates of a family into the current day's and
 * hour's buckets of the simulated clock, and auto-staged ones into the family's counter too.
 */
export async function recordSchedulerActivity(
  deps: Pick<ServiceDeps, 'db' | 'fleet'>,
  family: Family,
  counts: { deliveries?: number; autoStaged?: number },
): Promise<void> {
  const deliveries = counts.deliveries ?? 0;
  const autoStaged = counts.autoStaged ?? 0;
  if (deliveries <= 0 && autoStaged <= 0) return;
  const now = deps.fleet.engine.clock.now();
  const figures = liveFigures(deps, family);
  for (const [bucket, key] of [
    ['day', dayKeyOf(now)],
    ['hour', hourKeyOf(now)],
  ] as const) {
    await statsRepo.addActivity(deps.db, { family, bucket, key, deliveries, autoStaged, ...figures });
  }
  if (autoStaged > 0) await statsRepo.addAutoStaged(deps.db, family, autoStaged);
}

/**
 * The engine listener that keeps the scheduler statistics alive: every unit that finishes installing is
 * a delivery of its family, counted in the current day and hour.
 */
export function schedulerActivityListener(
  deps: Pick<ServiceDeps, 'db' | 'fleet' | 'logger'>,
): EngineListener {
  const ignore = () => undefined;
  return {
    countersChanged: ignore,
    unitsChanged: ignore,
    stagedChanged: ignore,
    servicesChanged: ignore,
    unitsInstalled(units: UnitRuntime[]) {
      for (const family of FAMILIES) {
        const deliveries = units.filter((u) => u.family === family).length;
        if (deliveries === 0) continue;
        recordSchedulerActivity(deps, family, { deliveries }).catch((err: unknown) =>
          deps.logger.error({ err, family, deliveries }, 'could not count deliveries'),
        );
      }
    },
  };
}

const listening = new WeakSet<object>();

/** Attaches {@link schedulerActivityListener} to the engine once per server. */
export function startSchedulerActivity(deps: Pick<ServiceDeps, 'db' | 'fleet' | 'logger'>): void {
  if (listening.has(deps)) return;
  listening.add(deps);
  deps.fleet.engine.onEvent(schedulerActivityListener(deps));
}
