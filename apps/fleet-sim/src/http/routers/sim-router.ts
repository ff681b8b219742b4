import { simEndpoints as s } from '@equipment-dashboard/contract';
import { applyScenario } from '../../scenarios/apply-scenario';
import { changeClock, readClock } from '../../services/clock-service';
import { listScenarios, loadNamedScenario } from '../../scenarios/library';
import { parseScenarioObject, parseScenarioText, ScenarioError } from '../../scenarios/scenario-file';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { ValidationError } from '../../core/errors';

/** The simulator's controls for testers (admin only): the clock and scenarios. */
export function mountSim(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.readClock, () => readClock(deps))
    .on(s.setClock, async ({ body }) => {
      await changeClock(deps, body);
      return readClock(deps);
    })
    .on(s.readScenarios, () => listScenarios())
    .on(s.applyScenario, async ({ body }) => {
      try {
        const scenario = body.name
          ? loadNamedScenario(body.name)
          : body.text !== undefined
            ? parseScenarioText(body.text, 'the scenario text')
            : parseScenarioObject(body.scenario, 'the scenario');
        return await applyScenario(deps, scenario);
      } catch (error) {
        if (error instanceof ScenarioError)
          throw new ValidationError(error.message, error.problems, 'invalid_scenario');
        throw error;
      }
    });
}
