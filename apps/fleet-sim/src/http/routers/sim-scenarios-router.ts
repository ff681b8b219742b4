import { simulatorEndpoints as s } from '@equipment-dashboard/contract';
import { loadNamedScenario } from '../../scenarios/library';
import { parseScenarioObject, parseScenarioText, ScenarioError } from '../../scenarios/scenario-file';
import { previewScenario, scenarioProblems } from '../../scenarios/scenario-preview';
import { cancelScenarioRun, readScenarioRuns } from '../../scenarios/scenario-runs';
import { noteSimulatorChange } from '../../services/simulator-activity';
import type { ServiceDeps } from '../../services/service-deps';
import { ValidationError } from '../../core/errors';
import type { ApiRouter } from '../api-router';

/** The scenario a body names, gives as text or as an object; a scenario that does not read is a 400 with its problems. */
export function scenarioOfBody(body: { name?: string; text?: string; scenario?: Record<string, unknown> }) {
  try {
    return body.name
      ? loadNamedScenario(body.name)
      : body.text !== undefined
        ? parseScenarioText(body.text, 'the scenario text')
        : parseScenarioObject(body.scenario, 'the scenario');
  } catch (error) {
    if (error instanceof ScenarioError)
      throw new ValidationError(error.message, error.problems, 'invalid_scenario');
    throw error;
  }
}

/**
 * The Simulator screen's scenario calls: the preview of a scenario, the validation of its text, the timeline
 * of applied scenarios and the cancel of a run's later steps.
 */
export function mountSimScenarios(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.previewScenario, ({ body }) => previewScenario(deps, scenarioOfBody(body)))
    .on(s.validateScenario, ({ body }) => ({ problems: scenarioProblems(body.text) }))
    .on(s.readScenarioRuns, ({ query }) => readScenarioRuns(deps, query.page))
    .on(s.cancelScenarioRun, async ({ body, user }) => {
      const { run, cancelled } = await cancelScenarioRun(deps, body.id, user.username);
      await noteSimulatorChange(deps, user.username, 'cancel', { runId: run.id, name: run.name, cancelled });
      return run;
    });
}
