import { simEndpoints as s } from '@equipment-dashboard/api';
import { applyScenario } from '../../scenarios/apply-scenario';
import { parseDuration } from '../../scenarios/duration';
import { listScenarios, loadNamedScenario } from '../../scenarios/library';
import { parseScenarioObject, parseScenarioText, ScenarioError } from '../../scenarios/scenario-file';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { ValidationError } from '../errors';

/** The simulator's controls for testers (admin only): the clock and scenarios. */
export function mountSim(api: ApiRouter, deps: ServiceDeps): void {
  const clock = () => {
    const engine = deps.fleet.engine;
    return {
      now: new Date(engine.clock.now()).toISOString(),
      speed: engine.clock.speed,
      stats: { unitChanges: engine.state.changes, rowsWritten: engine.rowsWritten },
    };
  };
  api
    .on(s.readClock, clock)
    .on(s.setClock, ({ body }) => {
      const c = deps.fleet.engine.clock;
      try {
        if (body.time !== undefined) c.setTime(Date.parse(body.time));
        if (body.step !== undefined) c.step(parseDuration(body.step));
        if (body.speed !== undefined) c.setSpeed(body.speed);
      } catch (error) {
        throw new ValidationError((error as Error).message);
      }
      return clock();
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
        if (error instanceof ScenarioError) throw new ValidationError(error.message, error.problems, 'invalid_scenario');
        throw error;
      }
    });
}
