import { FAMILIES } from '@equipment-dashboard/domain';
import type { EngineListener } from '../fleet/engine';
import type { UnitRuntime } from '../fleet/unit-runtime';
import { recordSchedulerActivity } from '../services/scheduler-activity';
import type { ServiceDeps } from '../services/service-deps';

/**
 * The simulator's listener that keeps the scheduler statistics alive: every unit that finishes installing
 * is a delivery of its family, counted in the current day and hour.
 */
export function schedulerActivityListener(
  deps: Pick<ServiceDeps, 'db' | 'readModels' | 'world' | 'clock' | 'logger'>,
): EngineListener {
  return {
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
