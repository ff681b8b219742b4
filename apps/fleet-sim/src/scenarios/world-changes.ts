import type { ServiceName } from '@equipment-dashboard/domain';
import { FLEET_SETTINGS_KEY, type FleetSettings } from '../fleet/fleet-settings';
import type { ServiceDeps } from '../services/service-deps';
import { writeService } from '../store/repos/services-repo';
import { replaceSetting } from '../store/repos/settings-repo';
import type { ScenarioChanges } from './scenario-schema';

/** Whether changes hold more than unit rules (services, settings, releases, radars). */
export function hasWorldChanges(changes: ScenarioChanges): boolean {
  return Boolean(
    Object.keys(changes.services ?? {}).length ||
    changes.failureRates ||
    changes.updateFailureRates ||
    changes.churn !== undefined ||
    changes.publish?.length ||
    changes.favorites?.length,
  );
}

/** Services held up or down, and the fleet's settings (churn, failure rates), as rows every process follows. */
export async function changeServicesAndSettings(
  deps: Pick<ServiceDeps, 'db' | 'world'>,
  changes: ScenarioChanges,
): Promise<void> {
  for (const [name, state] of Object.entries(changes.services ?? {}))
    await writeService(deps.db, name as ServiceName, state === 'up');
  if (changes.churn === undefined && !changes.failureRates && !changes.updateFailureRates) return;
  const settings: FleetSettings = {
    churn: changes.churn ?? deps.world.settings.churn,
    failureRates: { ...deps.world.settings.failureRates, ...(changes.failureRates ?? {}) },
    updateFailureRates: { ...deps.world.settings.updateFailureRates, ...(changes.updateFailureRates ?? {}) },
  };
  await replaceSetting(deps.db, FLEET_SETTINGS_KEY, settings);
}
