import { simEndpoints as s } from '@equipment-dashboard/contract';
import { applyScenario } from '../../scenarios/apply-scenario';
import { changeClock, readClock } from '../../services/clock-service';
import { listScenarios, savedScenariosDir } from '../../scenarios/library';
import type { ServiceDeps } from '../../services/service-deps';
import { noteSimulatorChange } from '../../services/simulator-activity';
import type { ApiRouter } from '../api-router';
import { scenarioOfBody } from './sim-scenarios-router';

/** The simulator's controls for testers (admin and engineer): the clock and scenarios. */
export function mountSim(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.readClock, () => readClock(deps))
    .on(s.setClock, async ({ body, user }) => {
      await changeClock(deps, body);
      const clock = readClock(deps);
      await noteSimulatorChange(deps, user.username, 'clock', { ...body, now: clock.now });
      return clock;
    })
    .on(s.readScenarios, () => listScenarios(savedScenariosDir(deps.config.DATA_DIR)))
    .on(s.applyScenario, async ({ body, user }) => {
      const scenario = scenarioOfBody(deps, body);
      const result = await applyScenario(deps, scenario, user.username);
      await noteSimulatorChange(deps, user.username, 'scenario', {
        name: scenario.name,
        unitsChanged: result.unitsChanged,
        stepsScheduled: result.stepsScheduled,
      });
      return result;
    });
}
