import { simulatorEndpoints as s } from '@equipment-dashboard/contract';
import { loadNamedScenario, savedScenariosDir } from '../../scenarios/library';
import { parseScenarioObject, parseScenarioText, scenarioOrInvalid } from '../../scenarios/scenario-file';
import { previewScenario, scenarioProblems } from '../../scenarios/scenario-preview';
import { cancelScenarioRun, readScenarioRuns } from '../../scenarios/scenario-runs';
import { noteSimulatorChange } from '../../services/simulator-activity';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/**
 * The scenario a body names (built-in, or saved in DATA_DIR), gives as text or as an object; a scenario that does
 * not read is a 400 with its problems.
 */
export function scenarioOfBody(
  deps: Pick<ServiceDeps, 'config'>,
  body: { name?: string; text?: string; scenario?: Record<string, unknown> },
) {
  return scenarioOrInvalid(() =>
    body.name
      ? loadNamedScenario(body.name, savedScenariosDir(deps.config.DATA_DIR))
      : body.text !== undefined
        ? parseScenarioText(body.text, 'the scenario text')
        : parseScenarioObject(body.scenario, 'the scenario'),
  );
}

/**
 * The Simulator screen's scenario calls: the preview of a scenario, the validation of its text, the timeline
 * of applied scenarios and the cancel of a run's later steps.
 */
export function mountSimScenarios(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.previewScenario, ({ body }) => previewScenario(deps, scenarioOfBody(deps, body)))
    .on(s.validateScenario, ({ body }) => ({ problems: scenarioProblems(body.text) }))
    .on(s.readScenarioRuns, ({ query }) => readScenarioRuns(deps, query.page))
    .on(s.cancelScenarioRun, async ({ body, user }) => {
      const { run, cancelled } = await cancelScenarioRun(deps, body.id, user.username);
      await noteSimulatorChange(deps, user.username, 'cancel', { runId: run.id, name: run.name, cancelled });
      return run;
    });
}
